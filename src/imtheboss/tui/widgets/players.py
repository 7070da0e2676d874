"""The players around the table: investors, cards in hand, the look of their money."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from ...engine.state import Phase
from ...engine.view import PlayerView
from ..labels import STYLE


class PlayersView(Static):
    def show(self, view: PlayerView, bots: frozenset[int] = frozenset()) -> None:
        table = Table.grid(padding=(0, 1), expand=True)
        table.add_column(width=3)  # key
        table.add_column(ratio=1, no_wrap=True)  # name and role
        table.add_column(no_wrap=True)  # investors
        table.add_column(justify="right", no_wrap=True)  # cards
        table.add_column(no_wrap=True)  # money pile
        deal = view.deal
        trips = {t.colour for t in deal.trips} if deal else set()
        for player in view.players:
            seat = player.seat
            role = ""
            if deal is not None and deal.boss == seat:
                role = " BOSS"
            elif view.phase is not Phase.OVER and view.turn == seat and deal is None:
                role = " ◀ turn"
            name = Text(player.name, style="bold" if view.turn == seat else "")
            if seat in bots:
                name.append(" (bot)", style="dim")
            name.append(role, style="bold yellow")
            investors = Text()
            for colour in player.investors:
                investors.append(colour.letter, style=STYLE[colour])
                if colour in trips:
                    investors.append("✈", style="bold")
            if not player.investors:
                investors.append("–", style="dim")
            cards = "?" if player.hand_size is None else str(player.hand_size)
            table.add_row(
                Text(f"F{seat + 1}", style="bold reverse"),
                name,
                investors,
                Text(f"{cards} cards"),
                Text(player.pile.value, style="green"),
            )
        parts: list[RenderableType] = [table]
        if view.unowned:
            beside = Text("Unowned, beside the board: ", style="dim")
            for colour in view.unowned:
                beside.append(colour.letter, style=STYLE[colour])
                beside.append(" ")
            parts.append(beside)
        self.border_title = "Players · F1–F6 takes the keyboard"
        self.update(Group(*parts))
