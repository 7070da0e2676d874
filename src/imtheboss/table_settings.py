"""What ``imtheboss play`` asks of the table, and the defaults the command line shows.

Outside ``tui/`` on purpose: the command line reads the defaults while it builds its help,
before anything of Textual is imported (``imtheboss check`` never draws a table).
"""

from __future__ import annotations

from dataclasses import field
from pathlib import Path
from typing import TYPE_CHECKING

from .i18n import pgettext
from .plain import plain

if TYPE_CHECKING:
    from .engine.options import Options


def _no_variants() -> Options:
    from .engine.options import Options  # the engine, only once a table is set up

    return Options()


@plain
class TableSettings:
    """What ``imtheboss play`` was asked for."""

    players: int = 4
    names: tuple[str, ...] | None = None
    seed: int | None = None
    options: Options = field(default_factory=_no_variants)
    #: ``--board``: a built-in board's name or a board file's path; None: the default board.
    board: str | None = None
    #: The seconds a travel, boss or hire card waits for a stop, and the last call waits
    #: after "One, two…". Long enough for a person who was looking away: in Pilot runs a
    #: stop takes three keys (the seat's key, Enter on the privacy screen, Enter on STOP, the
    #: first move of the menu) and 0.6 s of the machine on the shared one; a person must
    #: also notice the card (2–3 s when looking away), reach the keyboard (1 s) and read two
    #: screens (1–2 s): 5–7 s, which the old 5 s did not leave. The last call asks more: to
    #: decide whether anything in the hand is worth a card against the close.
    stop_window: float = 10.0
    last_call: float = 15.0
    ask_around: bool = False
    save_dir: Path | None = None
    #: Computer players in the last seats, their kind, and the pause between their moves.
    bots: int = 0
    bot_kind: str = "dealer"
    bot_pause: float = 0.8
    #: How long a computer player waits for a person's answer to its offer, ask or request to
    #: cancel an agreement (0: no wait).
    bot_wait: float = 30.0
    #: A shark's playouts per decision (None: the resumed game's, else the default). Given on
    #: a resume, it replaces the saved one.
    bot_budget: int | None = None
    #: Seats on devices (issue 24, ``--seats``): the host's server, on loopback unless
    #: ``seats_lan``.
    seats_lan: bool = False
    seats_port: int = 8765
    #: The phone page's address (``imtheboss web --join``), shown as a QR code by ``j``.
    seats_page: str | None = None

    def bot_names(self, humans: tuple[str, ...]) -> tuple[str, ...]:
        from .names import same_name_key

        # A name in the table's language; once chosen it is a name like any other (the save
        # keeps it, whatever language the game resumes in).
        base = {
            "dealer": pgettext("bot name", "Dealer"),
            "random": pgettext("bot name", "Random"),
            "shark": pgettext("bot name", "Shark"),
        }[self.bot_kind]
        names: list[str] = []
        taken = {same_name_key(n) for n in humans}  # "dealer1" is taken for Dealer1 too
        number = 1
        while len(names) < self.bots:
            name = f"{base}{number}"
            if same_name_key(name) not in taken:
                names.append(name)
            number += 1
        return tuple(names)
