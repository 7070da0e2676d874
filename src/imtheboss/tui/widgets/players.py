"""The players around the table: investors, cards in hand, the look of their money.

At 80×24 the panel is 36 columns inside, and six players of eight-letter names must fit with
their key, the Boss or turn marker and the money: the columns are short and titled once, and
only the name gives way (cut with an ellipsis) when a row is still too long.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from ...engine.state import Phase
from ...engine.view import MoneyPile, PlayerView
from ..labels import STYLE

#: The look of a pile of money, in a word (M1: its size, never the sum).
_PILE_WORD = {
    MoneyPile.NONE: "none",
    MoneyPile.THIN: "thin",
    MoneyPile.STACK: "stack",
    MoneyPile.PILE: "pile",
    MoneyPile.HEAP: "heap",
}

#: How a seat takes the keyboard: its digit at the table, Alt+digit or its F-key anywhere.
KEYS_HINT = "1–6 · Alt+1–6 · F1–F6"


def seat_key(seat: int) -> str:
    """The keys of one seat, as the table's texts name them."""
    return f"{seat + 1} / Alt+{seat + 1} / F{seat + 1}"


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
        table = Table.grid(padding=(0, 1), expand=True)
        table.add_column(width=3, no_wrap=True)  # key
        table.add_column(ratio=1, no_wrap=True, overflow="ellipsis")  # name
        table.add_column(width=4, no_wrap=True)  # BOSS or turn
        table.add_column(no_wrap=True)  # investors
        table.add_column(justify="right", no_wrap=True)  # cards
        table.add_column(no_wrap=True)  # money pile
        head = "dim"
        table.add_row(
            Text("key" if keys else "", style=head),
            Text("player", style=head),
            Text(""),
            Text("inv.", style=head),
            Text("cards", style=head),
            Text("money", style=head),
        )
        deal = view.deal
        trips = {t.colour for t in deal.trips} if deal else set()
        for player in view.players:
            seat = player.seat
            role = Text("")
            if view.phase is Phase.OVER and seat in view.winners:
                role = Text("won", style="bold yellow")
            elif deal is not None and deal.boss == seat:
                role = Text("BOSS", style="bold yellow")
            elif view.phase is not Phase.OVER and view.turn == seat and deal is None:
                role = Text("turn", style="bold yellow")
            name = Text(player.name, style="bold" if view.turn == seat else "")
            # A computer player has no key: pressing its digit only says it plays by itself.
            if not keys:
                key = Text(f" {seat + 1}", style="dim")
            elif seat in bots:
                key = Text("bot", style="dim")
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
            table.add_row(
                key,
                name,
                role,
                investors,
                Text(cards),
                Text(
                    _PILE_WORD[player.pile] if money is None else f"${money[seat]}M",
                    style="green",
                ),
            )
        parts: list[RenderableType] = [table]
        if view.unowned:
            beside = Text("Unowned, beside the board: ", style="dim")
            for colour in view.unowned:
                beside.append(colour.letter, style=STYLE[colour])
                beside.append(" ")
            parts.append(beside)
        self.border_title = "Players"
        self.border_subtitle = f"keys {KEYS_HINT}" if keys else ""
        self.update(Group(*parts))
