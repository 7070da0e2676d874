"""The players around the table: investors, cards in hand, the look of their money.

At 80×24 the panel is 36 columns inside, and six players of eight-letter names must fit with
their key, the Boss or turn marker and the money: the columns are short and titled once, and
only the name gives way (cut with an ellipsis) when a row is still too long.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from ...engine.state import Phase
from ...engine.view import MoneyPile, PlayerView
from ...i18n import N_, _
from ..labels import STYLE
from ..labels import money as money_text
from .grid import Column, lines
from .once import DrawnOnce

#: The look of a pile of money, in a word (M1: its size, never the sum).
_PILE_WORD = {
    MoneyPile.NONE: N_("none"),
    MoneyPile.THIN: N_("thin"),
    MoneyPile.STACK: N_("stack"),
    MoneyPile.PILE: N_("pile"),
    MoneyPile.HEAP: N_("heap"),
}

#: How a seat takes the keyboard: its digit at the table, Alt+digit or its F-key anywhere.
KEYS_HINT = "1–6 · Alt+1–6 · F1–F6"


def seat_key(seat: int) -> str:
    """The keys of one seat, as the table's texts name them."""
    return _("{n} / Alt+{n} / F{n}").format(n=seat + 1)


class PlayersView(Static):
    def show(
        self,
        view: PlayerView,
        bots: frozenset[int] = frozenset(),
        keys: bool = True,
        money: Sequence[int] | None = None,
    ) -> None:
        """``keys``: the seats' keys are shown (not in a replay, where no one plays);
        ``money``: the exact sums, once they are public (the end of the game)."""
        # Translators: "bot" marks a computer player in a column 3 cells wide.
        key_width = max(3, cell_len(_("bot")))
        # BOSS or turn: as wide as the widest word of the table's language (보스: 4 cells).
        role_width = max(4, *(cell_len(w) for w in (_("BOSS"), _("won"), _("turn"))))
        head = "dim"
        rows: list[tuple[Text, ...]] = [
            (
                Text(_("key") if keys else "", style=head),
                Text(_("player"), style=head),
                Text(""),
                # Translators: column headings of the players' panel (36 cells for all six).
                Text(_("inv."), style=head),
                Text(_("cards"), style=head),
                Text(_("money"), style=head),
            )
        ]
        deal = view.deal
        trips = {t.colour for t in deal.trips} if deal else set()
        for player in view.players:
            seat = player.seat
            role = Text("")
            if view.phase is Phase.OVER and seat in view.winners:
                role = Text(_("won"), style="bold yellow")
            elif deal is not None and deal.boss == seat:
                role = Text(_("BOSS"), style="bold yellow")
            elif view.phase is not Phase.OVER and view.turn == seat and deal is None:
                role = Text(_("turn"), style="bold yellow")
            name = Text(player.name, style="bold" if view.turn == seat else "")
            # A computer player has no key: pressing its digit only says it plays by itself.
            if not keys:
                key = Text(f" {seat + 1}", style="dim")
            elif seat in bots:
                key = Text(_("bot"), style="dim")
            else:
                key = Text(f" {seat + 1} ", style="bold reverse")
            investors = Text()
            for colour in player.investors:
                investors.append(colour.letter, style=STYLE[colour])
                if colour in trips:
                    investors.append("✈", style="bold")
            if not player.investors:
                investors.append("–", style="dim")
            cards = "?" if player.hand_size is None else str(player.hand_size)
            pile = _(_PILE_WORD[player.pile]) if money is None else money_text(money[seat])
            rows.append((key, name, role, investors, Text(cards), Text(pile, style="green")))
        parts: list[RenderableType] = [_Seats(key_width, role_width, rows)]
        if view.unowned:
            beside = Text(_("Unowned, beside the board: "), style="dim")
            for colour in view.unowned:
                beside.append(colour.letter, style=STYLE[colour])
                beside.append(" ")
            parts.append(beside)
        self.border_title = _("Players")
        self.border_subtitle = _("keys {keys}").format(keys=KEYS_HINT) if keys else ""
        self.update(DrawnOnce(Group(*parts)))


class _Seats:
    """The players' rows, drawn as Rich's grid lays out their six columns (``grid.lines``;
    ``rich_table`` is that grid, drawn where the columns do not fit): the key, the name
    (what is left of the width, cut with an ellipsis), the role, the investors, the cards and
    the money, one cell between columns."""

    def __init__(self, key_width: int, role_width: int, rows: list[tuple[Text, ...]]) -> None:
        self.columns = (
            Column(key_width),
            Column(ratio=1),
            Column(role_width),
            Column(),
            Column(justify="right"),
            Column(),
        )
        self.rows = rows

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        drawn = lines(self.columns, self.rows, options.max_width)
        if drawn is None:
            yield self.rich_table()
        else:
            yield from drawn

    def rich_table(self) -> Table:
        key, _name, role, *_rest = self.columns
        table = Table.grid(padding=(0, 1), expand=True)
        table.add_column(width=key.width, no_wrap=True)  # key
        table.add_column(ratio=1, no_wrap=True, overflow="ellipsis")  # name
        table.add_column(width=role.width, no_wrap=True)  # BOSS or turn
        table.add_column(no_wrap=True)  # investors
        table.add_column(justify="right", no_wrap=True)  # cards
        table.add_column(no_wrap=True)  # money pile
        for row in self.rows:
            table.add_row(*row)
        return table
