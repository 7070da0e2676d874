"""Small dialogs: a price, a discard, a space for the marker, a yes/no question."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, OptionList, RadioButton, RadioSet, SelectionList
from textual.widgets.option_list import Option

from ...engine.cards import Card
from ...engine.state import GameState, Price
from ...i18n import N_, _, ngettext
from ..labels import card_text, money
from ..language import translate_bindings
from ..widgets.board import space_text


class PriceDialog(ModalScreen[Price | None]):
    """A price in whole $M or in dividends of this deal (N3)."""

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
                yield RadioButton(_("$M"), value=True, id="money")
                yield RadioButton(_("dividends"), id="dividends")
            with Horizontal(classes="buttons"):
                yield Button(_("Propose"), variant="primary", id="ok")
                yield Button(_("Back"), id="back")

    def _hint(self) -> str:
        return ngettext(
            "The deal pays {money} ({count} dividend). "
            "Nothing beyond the proceeds can be promised (N3).",
            "The deal pays {money} ({count} dividends). "
            "Nothing beyond the proceeds can be promised (N3).",
            self.dividends,
        ).format(money=money(self.proceeds), count=self.dividends)

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


class DiscardDialog(ModalScreen[tuple[Card, ...] | None]):
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


class SpaceDialog(ModalScreen[int | None]):
    """S6: the dollar marker goes on any space."""

    BINDINGS = [Binding("escape", "cancel", N_("Back"))]

    def __init__(self, state: GameState) -> None:
        super().__init__()
        self.state = state

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(_("Put the dollar marker on which space?"), id="space-question")
            yield OptionList(*self._options(), id="spaces")

    def _options(self) -> list[Option]:
        options = []
        for space in self.state.board.spaces:
            if space.number in self.state.covered:
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
        self.query_one("#space-question", Label).update(_("Put the dollar marker on which space?"))
        spaces = self.query_one("#spaces", OptionList)
        highlighted = spaces.highlighted
        spaces.clear_options()
        spaces.add_options(self._options())
        spaces.highlighted = highlighted

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(int(event.option.id or 0))

    def action_cancel(self) -> None:
        self.dismiss(None)


class ConfirmDialog(ModalScreen[bool]):
    """A yes/no question: Enter or y says yes, Escape or n says no.

    ``purpose`` names what is asked (the app asks to quit only once at a time).
    """

    BINDINGS = [
        Binding("y", "answer(True)", N_("Yes")),
        Binding("n,escape", "answer(False)", N_("No")),
    ]

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
                yield Button(_("Yes (Enter, y)"), variant="primary", id="yes")
                yield Button(_("No (Esc, n)"), id="no")

    def _question(self) -> str:
        return self.question if isinstance(self.question, str) else self.question()

    def retranslate(self) -> None:
        self.query_one(".question", Label).update(self._question())
        self.query_one("#yes", Button).label = _("Yes (Enter, y)")
        self.query_one("#no", Button).label = _("No (Esc, n)")

    def on_mount(self) -> None:
        translate_bindings(self)
        # Enter says yes: the question is the safeguard, reading it is the point.
        self.query_one("#yes", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.action_answer(event.button.id == "yes")

    def action_answer(self, answer: bool) -> None:
        # Keys typed fast ("y" then "n") can both reach the dialog before it is gone: the
        # first answer stands, a second would dismiss it twice.
        if self._answered:
            return
        self._answered = True
        self.dismiss(answer)
