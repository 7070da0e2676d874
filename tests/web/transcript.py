"""The transcript of a whole game played on devices (``docs/seat-game.txt``), from its save.

The save is the game's notation; replayed, each move is said as the shared screen's log said
it (``tui.log``: a sentence, never notation; a draw says how many cards, never which), with
the amounts the table heard while each deal was on it. Nothing in it is a hand or a secret:
the log is what the whole table saw, and the game is over, so the final money is public (E3)
and the seed may be told at the end.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from imtheboss import i18n
from imtheboss.engine import actions as A
from imtheboss.engine.events import DealClosed, DealFailed, DealStarted, GameOver, Paid
from imtheboss.engine.game import apply
from imtheboss.notation.replay import replay_text
from imtheboss.tui.labels import money
from imtheboss.tui.log import event_note, said_end, said_move


@dataclass
class DealRecord:
    """One deal: where, whose, and how it came out."""

    number: int
    space: int
    boss: str
    outcome: str = "still open"
    payments: list[str] = field(default_factory=list)


def transcript(
    save: str,
    devices: Sequence[tuple[str, str]],
    moves: int,
    seconds: float,
    seed: int,
) -> str:
    """The game in ``save`` told for the docs: who played from which device (``devices``:
    name, device), each deal's outcome, the final score, then the whole log."""
    with i18n.speaking("en"):
        replay = replay_text(save)
        assert replay.legal, replay.first_illegal
        actions = replay.actions
        if replay.closing_events:
            actions.append(A.TimeUp())  # the window the file left open, closed at its end
        log: list[str] = []
        deals: list[DealRecord] = []
        end: list[str] = []
        state = replay.start
        for action in actions:
            before = state
            state, events = apply(before, action)
            said = said_move(action, before, events)
            for event in events:
                if isinstance(event, DealStarted):
                    deals.append(DealRecord(len(deals) + 1, event.space, before.name(event.boss)))
                    log += ["", f"-- Deal {len(deals)} --"]
            if said:
                log.append(said)
            for event in events:
                if isinstance(event, GameOver):
                    end = said_end(before, events)
                    log += ["", *end]
                    continue
                note = event_note(state, event)
                if note:
                    log.append(f"  {note}")
                if not deals:
                    continue
                if isinstance(event, Paid):
                    deals[-1].payments.append(note or "")
                elif isinstance(event, DealClosed):
                    deals[-1].boss = before.name(event.boss)
                    deals[
                        -1
                    ].outcome = (
                        f"closed, pays {money(event.proceeds)}, the Boss keeps {money(event.kept)}"
                    )
                elif isinstance(event, DealFailed):
                    deals[-1].boss = before.name(event.boss)
                    deals[-1].outcome = "failed"
        assert state == replay.final or replay.final is None
    closed = sum(1 for deal in deals if deal.outcome.startswith("closed"))
    out = [
        "A whole game of I'm the Boss! with every seat on its own device, and no bot",
        "",
        "Played over loopback on one machine (issue 24), on the printed board, by",
        "tests/web/test_seat_game.py::test_a_whole_game_on_the_printed_board_each_seat_on_its_own_device",
        "(IMTHEBOSS_LONG_GAMES=1). Each move was chosen by the test's simple policy from what",
        "that seat's own screen offered, and entered through that screen:",
        "",
    ]
    width = max(len(name) for name, _device in devices)
    out += [f"  {name.ljust(width)}  {device}" for name, device in devices]
    out += [
        "",
        f"{moves} moves in {seconds / 60:.0f} minutes; {len(deals)} deals, {closed} closed.",
        "",
        "Deals",
        "",
    ]
    for deal in deals:
        out.append(f"  {deal.number:2}. space {deal.space}, Boss {deal.boss}: {deal.outcome}")
        out += [f"        {payment}" for payment in deal.payments]
    out += ["", "The end", ""] + [f"  {line}" for line in end]
    out += ["", "The table's log, as the shared screen said it"]
    out += [f"  {line}" if line else "" for line in log]
    out += ["", f"The seed (told now that the game is over): {seed}.", ""]
    return "\n".join(out)
