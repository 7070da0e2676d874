"""Who is playing: names in seating order, clockwise."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Input, Label

DEFAULT_NAMES = ("Ann", "Bob", "Cy", "Di", "Eve", "Flo")


class NamesScreen(Screen[tuple[str, ...]]):
    BINDINGS = [Binding("escape", "app.quit", "Quit")]

    def __init__(self, players: int) -> None:
        super().__init__()
        self.players = players

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label("[b]I'm the Boss![/b] — who is playing? (in seating order, clockwise)")
            for i in range(self.players):
                yield Input(value=DEFAULT_NAMES[i], id=f"name-{i}", max_length=12)
            with Horizontal(classes="buttons"):
                yield Button("Start", variant="primary", id="start")

    def on_input_submitted(self) -> None:
        self._start()

    def on_button_pressed(self) -> None:
        self._start()

    def _start(self) -> None:
        names = tuple(
            self.query_one(f"#name-{i}", Input).value.strip() for i in range(self.players)
        )
        if any(not n or " " in n for n in names) or len(set(names)) != len(names):
            self.notify("Each player needs a different one-word name", severity="warning")
            return
        self.dismiss(names)
