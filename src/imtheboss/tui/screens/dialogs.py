"""Small dialogs: a price, a discard, a space for the marker, a yes/no question."""

from __future__ import annotations

import time
from collections.abc import Callable

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, OptionList, RadioButton, RadioSet, SelectionList
from textual.widgets.option_list import Option

from ...engine.cards import Card
from ...engine.state import Price
from ...engine.view import PlayerView
from ...i18n import N_, _, ngettext
from ..dialog_css import DialogCSS
from ..labels import card_text, money
from ..language import translate_bindings
from ..widgets.board import space_text


class UnitButton(RadioButton):
    """A radio button whose choice shows without colour too: a dot in the chosen one, an empty
    box in the other (both drew the same ``▐●▌``, told apart by colour alone)."""

    @property
    def _button(self) -> Content:
        self.BUTTON_INNER = "●" if self.value else " "
        return super()._button


def _unfocused(button: Button) -> Button:
    """A button for the mouse alone: Enter cannot press it (Tab never lands on it)."""
    button.can_focus = False
    return button


class TypedAhead:
    """Keys typed before a question was drawn are not its answer: a key that was on its way
    for the move before (a second Enter, a ``y`` meant for another question) must never
    confirm an accept, a close, a fail or a hire."""

    _drawn_at: float | None = None

    def on_show(self, event: events.Show) -> None:
        """The question is laid out and its frame written now (Textual sends Show as it
        paints): a key typed from here on was typed at the question. The refresh callback
        (``drawn``) comes tens of milliseconds later, seconds on a busy machine — in tmux a
        ``y`` typed at a question on the screen was thrown away as typed ahead."""
        if self._drawn_at is None:
            self._drawn_at = event.time

    def drawn(self) -> None:
        if self._drawn_at is None:
            self._drawn_at = time.monotonic()

    def typed_ahead(self, event: events.Key) -> bool:
        return self._drawn_at is None or event.time < self._drawn_at


class PriceDialog(DialogCSS, ModalScreen[Price | None]):
    """A price in whole $M or in dividends of this deal (N3). Up and Down in the amount switch
    the unit: no walk to the radio buttons."""

    BINDINGS = [Binding("escape", "cancel", N_("Back"))]

    def __init__(self, question: str, proceeds: int, dividends: int) -> None:
        super().__init__()
        self.question = question
        self.proceeds = proceeds
        self.dividends = dividends

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.question, classes="question", markup=False)  # it names a player
            yield Label(self._hint(), classes="hint question")
            yield Input(placeholder=_("amount"), type="integer", id="amount")
            with RadioSet(id="unit"):
                yield UnitButton(_("$M"), value=True, id="money")
                yield UnitButton(_("dividends"), id="dividends")
            with Horizontal(classes="buttons"):
                yield Button(_("Propose"), variant="primary", id="ok")
                yield Button(_("Back"), id="back")

    def _hint(self) -> str:
        return ngettext(
            "The deal pays {money} ({count} dividend). "
            "Nothing beyond the proceeds can be promised (N3). Up/Down: $M or dividends.",
            "The deal pays {money} ({count} dividends). "
            "Nothing beyond the proceeds can be promised (N3). Up/Down: $M or dividends.",
            self.dividends,
        ).format(money=money(self.proceeds), count=self.dividends)

    def on_key(self, event: events.Key) -> None:
        if event.key in ("up", "down") and self.query_one("#amount", Input).has_focus:
            event.stop()
            event.prevent_default()
            dividends = self.query_one("#dividends", RadioButton)
            if dividends.value:
                self.query_one("#money", RadioButton).value = True
            else:
                dividends.value = True

    def on_mount(self) -> None:
        translate_bindings(self)
        self.query_one("#amount", Input).focus()

    def retranslate(self) -> None:
        """The words again; what was typed and chosen stays."""
        self.query_one(".hint", Label).update(self._hint())
        self.query_one("#amount", Input).placeholder = _("amount")
        self.query_one("#money", RadioButton).label = _("$M")
        self.query_one("#dividends", RadioButton).label = _("dividends")
        self.query_one("#ok", Button).label = _("Propose")
        self.query_one("#back", Button).label = _("Back")

    def on_input_submitted(self) -> None:
        self._finish()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "ok":
            self._finish()
        else:
            self.dismiss(None)

    def _finish(self) -> None:
        text = self.query_one("#amount", Input).value.strip()
        if not text.isdigit():
            self.notify(_("Type a whole number"), severity="warning")
            return
        in_dividends = self.query_one("#dividends", RadioButton).value
        self.dismiss(Price(amount=int(text), dividends=in_dividends))

    def action_cancel(self) -> None:
        self.dismiss(None)


class DiscardDialog(DialogCSS, ModalScreen[tuple[Card, ...] | None]):
    """T2: choose exactly the cards to discard down to the hand limit."""

    BINDINGS = [Binding("escape", "cancel", N_("Back"))]

    def __init__(self, hand: tuple[Card, ...], count: int) -> None:
        super().__init__()
        self.hand = hand
        self.count = count

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self._question(), id="discard-question")
            yield SelectionList[int](
                *[(card_text(c), i) for i, c in enumerate(self.hand)], id="cards"
            )
            with Horizontal(classes="buttons"):
                yield Button(_("Discard"), variant="primary", id="ok")
                yield Button(_("Back"), id="back")

    def _question(self) -> str:
        return ngettext(
            "Choose {count} card to discard (T2)",
            "Choose {count} cards to discard (T2)",
            self.count,
        ).format(count=self.count)

    def on_mount(self) -> None:
        translate_bindings(self)

    def retranslate(self) -> None:
        """The words again; the cards ticked stay ticked."""
        self.query_one("#discard-question", Label).update(self._question())
        cards = self.query_one("#cards", SelectionList)
        chosen = set(cards.selected)
        highlighted = cards.highlighted
        cards.clear_options()
        cards.add_options([(card_text(c), i, i in chosen) for i, c in enumerate(self.hand)])
        cards.highlighted = highlighted
        self.query_one("#ok", Button).label = _("Discard")
        self.query_one("#back", Button).label = _("Back")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id != "ok":
            self.dismiss(None)
            return
        chosen = self.query_one("#cards", SelectionList).selected
        if len(chosen) != self.count:
            self.notify(_("Choose exactly {count}").format(count=self.count), severity="warning")
            return
        self.dismiss(tuple(self.hand[i] for i in sorted(chosen)))

    def action_cancel(self) -> None:
        self.dismiss(None)


class SpaceDialog(DialogCSS, ModalScreen[int | None]):
    """S6: the dollar marker goes on any space."""

    BINDINGS = [Binding("escape", "cancel", N_("Back"))]

    def __init__(self, seen: PlayerView) -> None:
        super().__init__()
        self.seen = seen
        self._typed, self._typed_at = "", 0.0

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self._question(), id="space-question", classes="question")
            yield OptionList(*self._options(), id="spaces")

    @staticmethod
    def _question() -> str:
        return _("Put the dollar marker on which space? (its number, or the arrows; Enter)")

    def _options(self) -> list[Option]:
        options = []
        for space in self.seen.board.spaces:
            if space.number in self.seen.covered:
                continue
            label = Text(f"{space.number:>2}  ") + space_text(space)
            label.append("  ")
            label.append(
                ngettext("{count} dividend", "{count} dividends", space.dividends).format(
                    count=space.dividends
                )
            )
            options.append(Option(label, id=str(space.number)))
        return options

    def on_mount(self) -> None:
        translate_bindings(self)

    def retranslate(self) -> None:
        self.query_one("#space-question", Label).update(self._question())
        spaces = self.query_one("#spaces", OptionList)
        highlighted = spaces.highlighted
        spaces.clear_options()
        spaces.add_options(self._options())
        spaces.highlighted = highlighted

    def on_key(self, event: events.Key) -> None:
        """A space's number typed picks it (two digits within a second: 1 then 2 is 12)."""
        if not event.key.isdigit():
            return
        event.stop()
        now = time.monotonic()
        typed = self._typed + event.key if now - self._typed_at < 1.0 else event.key
        self._typed, self._typed_at = typed, now
        spaces = self.query_one("#spaces", OptionList)
        for index in range(spaces.option_count):
            if spaces.get_option_at_index(index).id == str(int(typed)):
                spaces.highlighted = index

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(int(event.option.id or 0))

    def action_cancel(self) -> None:
        self.dismiss(None)


class ConfirmDialog(DialogCSS, TypedAhead, ModalScreen[bool]):
    """A yes/no question: ``y`` says yes, ``n`` or Escape says no. Enter says nothing: the
    question is the safeguard, and a key typed before it was drawn is ignored.

    ``purpose`` names what is asked (the app asks to quit only once at a time).
    """

    def __init__(self, question: str | Callable[[], str], purpose: str = "") -> None:
        """``question``: a callable says it in the language of the moment."""
        super().__init__()
        self.question = question
        self.purpose = purpose
        self._answered = False

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self._question(), classes="question", markup=False)  # names a player
            with Horizontal(classes="buttons"):
                # For the mouse: focused, a button would take Enter for an answer.
                yield _unfocused(Button(_("Yes (y)"), variant="primary", id="yes"))
                yield _unfocused(Button(_("No (n, Esc)"), id="no"))

    def _question(self) -> str:
        return self.question if isinstance(self.question, str) else self.question()

    def retranslate(self) -> None:
        self.query_one(".question", Label).update(self._question())
        self.query_one("#yes", Button).label = _("Yes (y)")
        self.query_one("#no", Button).label = _("No (n, Esc)")

    def on_mount(self) -> None:
        translate_bindings(self)
        self.call_after_refresh(self.drawn)

    def on_key(self, event: events.Key) -> None:
        if event.key not in ("y", "n", "escape"):
            return
        event.stop()
        event.prevent_default()
        if event.key == "escape" or not self.typed_ahead(event):
            self.action_answer(event.key == "y")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.action_answer(event.button.id == "yes")

    def action_answer(self, answer: bool) -> None:
        # Keys typed fast ("y" then "n") can both reach the dialog before it is gone: the
        # first answer stands, a second would dismiss it twice.
        if self._answered:
            return
        self._answered = True
        self.dismiss(answer)
