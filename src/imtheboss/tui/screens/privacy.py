"""The hand-over: the only thing shown is whose turn at the keyboard it is.

It looks exactly the same for every player and every situation, so the table learns nothing
from it — not even whether that player has anything they could play.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.screen import ModalScreen
from textual.widgets import Static

from ...i18n import N_, _
from ..language import translate_bindings
from ..markup import escape


class PrivacyScreen(ModalScreen[bool]):
    BINDINGS = [
        Binding("enter", "confirm", N_("I am the one at the keyboard")),
        Binding("escape", "cancel", N_("Give the keyboard back")),
    ]

    def __init__(self, name: str) -> None:
        super().__init__()
        self.player_name = name

    def compose(self) -> ComposeResult:
        # Rich markup with the name escaped, as a Text: Textual's own markup reads a name
        # such as "a[" or "x\\" differently from rich.markup.escape.
        with Middle(), Center():
            yield Static(self._card(), id="privacy-card")

    def _card(self) -> Text:
        name = escape(self.player_name)
        return Text.from_markup(
            "[b]"
            + _("Keyboard to {name}").format(name=name)
            + "[/b]\n\n"
            + _("Everyone else, look away.")
            + "\n\n"
            + _("{name}: press [b reverse] Enter [/] to see your hand.").format(name=name)
            + "\n[dim]"
            + _("Escape gives the keyboard back.")
            + "[/dim]"
        )

    def on_mount(self) -> None:
        translate_bindings(self)

    def retranslate(self) -> None:
        self.query_one("#privacy-card", Static).update(self._card())

    def action_confirm(self) -> None:
        self.dismiss(True)

    def action_cancel(self) -> None:
        self.dismiss(False)
