"""Who is playing: names in seating order, clockwise."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Input, Label

from ... import i18n
from ...i18n import N_, _, pgettext
from ...names import MAX_LENGTH, NameRefused, check_names
from ..dialog_css import DialogCSS
from ..labels import game_title
from ..language import translate_bindings
from .language import LANGUAGE_NAMES

DEFAULT_NAMES = ("Ann", "Bob", "Cy", "Di", "Eve", "Flo")


class NamesScreen(DialogCSS, Screen[tuple[str, ...]]):
    BINDINGS = [Binding("escape", "app.quit", N_("Quit"))]

    def __init__(self, players: int) -> None:
        super().__init__()
        self.players = players

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self._heading(), id="names-heading")
            for i in range(self.players):
                yield Input(
                    value=DEFAULT_NAMES[i], id=f"name-{i}", max_length=MAX_LENGTH, compact=True
                )
            with Horizontal(classes="buttons"):
                yield Button(pgettext("button", "Start"), variant="primary", id="start")
                # The language is chosen before anyone reads further (each in its own name).
                yield Button(LANGUAGE_NAMES[i18n.language()], id="language")

    @staticmethod
    def _heading() -> str:
        return "[b]{title}[/b] — {question}".format(
            title=game_title(),
            question=_("who is playing? (in seating order, clockwise)"),
        )

    def on_mount(self) -> None:
        translate_bindings(self)

    def retranslate(self) -> None:
        """The names typed so far stay as they are."""
        self.query_one("#names-heading", Label).update(self._heading())
        self.query_one("#start", Button).label = pgettext("button", "Start")
        self.query_one("#language", Button).label = LANGUAGE_NAMES[i18n.language()]

    def on_input_submitted(self) -> None:
        self._start()

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "language":
            await self.app.run_action("choose_language")
            return
        self._start()

    def _start(self) -> None:
        names = tuple(
            self.query_one(f"#name-{i}", Input).value.strip() for i in range(self.players)
        )
        try:
            # The notation's own rule: a game that starts here can be saved and resumed.
            check_names(names)
        except NameRefused as exc:
            message = i18n.explain(exc)
            self.notify(message[0].upper() + message[1:], severity="warning", markup=False)
            return
        self.dismiss(names)
