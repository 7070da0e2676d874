"""Who is playing: names in seating order, clockwise."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Input, Label

from ...names import MAX_LENGTH, NameRefused, check_names

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
                yield Input(value=DEFAULT_NAMES[i], id=f"name-{i}", max_length=MAX_LENGTH)
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
        try:
            # The notation's own rule: a game that starts here can be saved and resumed.
            check_names(names)
        except NameRefused as exc:
            message = str(exc)
            self.notify(message[0].upper() + message[1:], severity="warning", markup=False)
            return
        self.dismiss(names)
