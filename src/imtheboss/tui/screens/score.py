"""The end (E3): the ranking, everyone's money at last, deals closed as Boss — and the seed,
kept secret during the game (it decides every hand), so the game can be replayed."""

from __future__ import annotations

from rich.markup import escape
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Label, Static

from ...engine.state import GameState


class ScoreScreen(Screen[str]):
    BINDINGS = [
        Binding("p", "choose('again')", "Play again"),
        Binding("q", "choose('quit')", "Quit"),
    ]

    def __init__(self, state: GameState, seed: int | None = None) -> None:
        super().__init__()
        self.state = state
        self.seed = seed

    def compose(self) -> ComposeResult:
        state = self.state
        winners = " and ".join(state.name(w) for w in state.winners)
        ranking = sorted(range(state.n), key=lambda s: -state.players[s].money)
        table = Table(title="Final money", expand=False)
        table.add_column("#", justify="right")
        table.add_column("player")
        table.add_column("money", justify="right")
        table.add_column("deals closed as Boss", justify="right")
        table.add_column("investors")
        place = 0
        last = None
        for i, seat in enumerate(ranking):
            player = state.players[seat]
            if player.money != last:
                place, last = i + 1, player.money
            table.add_row(
                str(place),
                escape(player.name) + (" ★" if seat in state.winners else ""),
                f"${player.money}M",
                str(player.deals_closed),
                ", ".join(c.value for c in state.investors_of(seat)) or "–",
            )
        shared = " (a shared win, E3)" if len(state.winners) > 1 else ""
        with Vertical(id="score"):
            yield Label(
                Text.from_markup(f"[b]I'm the Boss! — {escape(winners)} won{shared}[/b]"),
                id="score-title",
            )
            yield Label(f"{state.deals_done} deals were closed.")
            if self.seed is not None:
                yield Label(
                    f"The seed was {self.seed} (--seed {self.seed} deals this game again).",
                    id="score-seed",
                )
            yield Static(table)
            with Horizontal(classes="buttons"):
                yield Button("Play again (p)", variant="primary", id="again")
                yield Button("Quit (q)", id="quit")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id or "quit")

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)
