"""The hand-over: the only thing shown is whose turn at the keyboard it is.

It looks exactly the same for every player and every situation, so the table learns nothing
from it — not even whether that player has anything they could play.
"""

from __future__ import annotations

from rich.markup import escape
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.screen import ModalScreen
from textual.widgets import Static


class PrivacyScreen(ModalScreen[bool]):
    BINDINGS = [
        Binding("enter", "confirm", "I am the one at the keyboard"),
        Binding("escape", "cancel", "Give the keyboard back"),
    ]

    def __init__(self, name: str) -> None:
        super().__init__()
        self.player_name = name

    def compose(self) -> ComposeResult:
        # Rich markup with the name escaped, as a Text: Textual's own markup reads a name
        # such as "a[" or "x\\" differently from rich.markup.escape.
        name = escape(self.player_name)
        with Middle(), Center():
            yield Static(
                Text.from_markup(
                    f"[b]Keyboard to {name}[/b]\n\n"
                    "Everyone else, look away.\n\n"
                    f"{name}: press [b reverse] Enter [/] to see your hand.\n"
                    "[dim]Escape gives the keyboard back.[/dim]"
                ),
                id="privacy-card",
            )

    def action_confirm(self) -> None:
        self.dismiss(True)

    def action_cancel(self) -> None:
        self.dismiss(False)
