"""The Boss's close (CL1, CL3): which card supplies each colour, and what it pays.

It may also say what comes first: the Boss's acceptance of every price asked (one move
does both; the terms are then those of the deal once they are accepted).

The dialog proposes the first close the engine offers, if there is one. When that is the only
close, there is nothing to choose: the dialog is a question, the terms and ``y``. Otherwise
the Boss may change any colour (its letter moves it on to its next card), and Enter is on the
button that closes. The engine (the app's
``judge``) rules on the result before the dialog closes, so a refusal shows here, with its
rule ID. The dialog is fed the Boss's view and the Boss's legal closes, never the state.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Label, Select, Static

from ...engine import actions as A
from ...engine.cards import COLOURS, Colour
from ...engine.errors import IllegalAction
from ...engine.state import CardRef, FamilyRef, InvestorRef
from ...engine.view import PlayerView
from ...i18n import N_, _, render
from ..dialog_css import DialogCSS
from ..labels import colour_name, money, ref_text, refusal
from ..language import translate_bindings
from .dialogs import TypedAhead

#: The engine's ruling on a close: what each player but the Boss is paid, or IllegalAction.
Judge = Callable[[dict[Colour, CardRef]], dict[int, int]]

_NONE = "none"


def _key(ref: CardRef) -> str:
    if isinstance(ref, FamilyRef):
        return f"family:{ref.owner}:{ref.colour.value}"
    return f"investor:{ref.colour.value}"


class CloseDialog(DialogCSS, TypedAhead, ModalScreen[A.Close | None]):
    BINDINGS = [Binding("escape", "cancel", N_("Back"))]

    def __init__(
        self,
        seen: PlayerView,
        closes: Sequence[A.Close],
        judge: Judge,
        accepting: bool = False,
    ) -> None:
        """``accepting``: the close accepts first the prices asked for its cards (``seen``
        and ``closes`` are then of the deal once every price asked is accepted)."""
        super().__init__()
        self.accepting = accepting
        assert seen.viewer is not None
        self.seen = seen
        self.boss = seen.viewer
        self.judge = judge
        deal = seen.deal
        assert deal is not None
        self.space = seen.board.space(deal.space)
        owners = seen.owners
        self.choices: dict[Colour, dict[str, CardRef]] = {}
        for colour in COLOURS:
            if colour not in self.space.required | self.space.optional:
                continue
            refs: dict[str, CardRef] = {}
            if owners[colour] is not None:
                refs[_key(InvestorRef(colour=colour))] = InvestorRef(colour=colour)
            for fam in deal.family:
                if fam.colour is colour:
                    refs[_key(fam)] = fam
            self.choices[colour] = refs
        self.proposal = closes[0].supplies if closes else None
        #: More than one close the engine accepts: the Boss has a choice to make.
        self.choice = len(closes) > 1 or not closes

    def compose(self) -> ComposeResult:
        # Compact rows, and a scroll as a last resort: at 80×24 a six-colour space must still
        # show its terms and the button (every row of the screen: ``CloseDialog .dialog``).
        with VerticalScroll(classes="dialog wide"):
            if self.accepting:
                yield Label(self._first(), classes="question", id="close-first")
            yield Label(self._heading(), classes="question", id="close-heading")
            if self.choice:
                yield Label(
                    _("A colour's letter changes its card."), classes="hint", id="close-hint"
                )
            for colour, refs in self.choices.items() if self.choice else ():
                # Text, not markup: a choice names a player.
                options = [(Text(ref_text(self.seen, ref)), key) for key, ref in refs.items()]
                optional = colour not in self.space.required
                if optional:
                    options.insert(0, (Text(_("— not used —")), _NONE))
                chosen = self.proposal.get(colour) if self.proposal else None
                value = _key(chosen) if chosen is not None else (_NONE if optional else None)
                with Horizontal(classes="close-row"):
                    yield Label(
                        self._colour_label(colour), classes="colour-label", id=f"label-{colour}"
                    )
                    yield Select(
                        options,
                        value=value if value is not None else Select.NULL,
                        allow_blank=not optional,
                        id=f"pick-{colour.value}",
                        prompt=_("choose a card"),
                        compact=True,
                    )
            yield Static(id="terms")
            with Horizontal(classes="buttons"):
                ok = Button(self._ok(), variant="primary", id="ok", compact=True)
                back = Button(_("Back (Esc)"), id="back", compact=True)
                # With nothing to choose, the question is answered with y alone.
                ok.can_focus = back.can_focus = self.choice
                yield ok
                yield back

    @staticmethod
    def _first() -> str:
        return _("First the Boss accepts the price asked for each card of the close.")

    def _ok(self) -> str:
        return _("One, two… close it (Enter)") if self.choice else _("One, two… close it (y)")

    def _heading(self) -> str:
        number, pick = self.space.number, self.space.pick
        if not self.choice:
            return _("Close the deal on space {space} on these terms?").format(space=number)
        if self.space.groups or (pick and not self.space.required):
            return _(
                "Close the deal on space {space}: name the card for each colour. It needs {needs}."
            ).format(space=number, needs=render(self.space.describe_msg()))
        if pick:
            return _(
                "Close the deal on space {space}: name the card for each colour. "
                "Needs every required colour and {pick} of the others."
            ).format(space=number, pick=pick)
        return _(
            "Close the deal on space {space}: name the card for each colour. "
            "Needs every required colour."
        ).format(space=number)

    def _colour_label(self, colour: Colour) -> str:
        if colour in self.space.required:
            return _("{letter} {colour}").format(letter=colour.letter, colour=colour_name(colour))
        return _("{letter} {colour} (optional)").format(
            letter=colour.letter, colour=colour_name(colour)
        )

    def on_mount(self) -> None:
        translate_bindings(self)
        self._preview()
        # Enter on the button, not in a dropdown (and no Tab walk to it).
        if self.choice:
            self.query_one("#ok", Button).focus(scroll_visible=False)
        self.call_after_refresh(self.drawn)

    def on_key(self, event: events.Key) -> None:
        """Without a choice, ``y`` closes. With one, a colour's letter (R B Y P O G) moves that
        colour on to its next card (``— not used —`` among them for an optional colour):
        the terms change without a walk through the dropdowns."""
        if self.choice:
            colour = next((c for c in self.choices if c.letter == event.key.upper()), None)
            if colour is None or self.typed_ahead(event):
                return
            event.stop()
            event.prevent_default()
            select: Select[str] = self.query_one(f"#pick-{colour.value}", Select)
            keys = [_NONE] if colour not in self.space.required else []
            keys += list(self.choices[colour])
            at = keys.index(select.value) if select.value in keys else -1
            select.value = keys[(at + 1) % len(keys)]
            return
        if event.key != "y":
            return
        event.stop()
        event.prevent_default()
        if not self.typed_ahead(event):
            self._finish()

    def retranslate(self) -> None:
        """The words again in the table's language; the cards chosen stay chosen."""
        self.query_one("#close-heading", Label).update(self._heading())
        if self.accepting:
            self.query_one("#close-first", Label).update(self._first())
        if self.choice:
            self.query_one("#close-hint", Label).update(_("A colour's letter changes its card."))
        for colour, refs in self.choices.items() if self.choice else ():
            self.query_one(f"#label-{colour}", Label).update(self._colour_label(colour))
            select = self.query_one(f"#pick-{colour.value}", Select)
            value = select.value
            options = [(Text(ref_text(self.seen, ref)), key) for key, ref in refs.items()]
            if colour not in self.space.required:
                options.insert(0, (Text(_("— not used —")), _NONE))
            select.prompt = _("choose a card")
            select.set_options(options)
            select.value = value
        self.query_one("#ok", Button).label = self._ok()
        self.query_one("#back", Button).label = _("Back (Esc)")
        self._preview()

    def on_select_changed(self) -> None:
        self._preview()

    @property
    def chosen(self) -> dict[Colour, CardRef]:
        """The cards the close would use now, as the dialog stands."""
        return self._supplies()

    def _supplies(self) -> dict[Colour, CardRef]:
        if not self.choice:
            return dict(self.proposal or {})
        out: dict[Colour, CardRef] = {}
        for colour, refs in self.choices.items():
            value = self.query_one(f"#pick-{colour.value}", Select).value
            if isinstance(value, str) and value in refs:
                out[colour] = refs[value]
        return out

    def _preview(self) -> None:
        terms = self.query_one("#terms", Static)
        try:
            payments = self.judge(self._supplies())
        except IllegalAction as exc:
            terms.update(Text(_("Not yet: {reason}").format(reason=refusal(exc)), style="red"))
            return
        proceeds = self.seen.proceeds
        lines = []
        if not self.choice:
            # Nothing to choose, but what supplies each colour is said: the Boss answers y
            # to a close whose cards are named.
            for colour, ref in self._supplies().items():
                lines.append(
                    _("{colour}: {card}").format(
                        colour=self._colour_label(colour),
                        card=ref_text(self.seen, ref, self.boss),
                    )
                )
        lines.append(_("The bank pays the Boss {money}.").format(money=money(proceeds)))
        for seat, amount in payments.items():
            lines.append(
                _("The Boss pays {player} {money}.").format(
                    player=self.seen.players[seat].name, money=money(amount)
                )
            )
        lines.append(
            _("The Boss keeps {money}.").format(money=money(proceeds - sum(payments.values())))
        )
        terms.update(Text("\n".join(lines)))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id != "ok":
            self.dismiss(None)
            return
        self._finish()

    def _finish(self) -> None:
        if self.is_attached and self.app.screen is not self:
            return
        supplies = self._supplies()
        try:
            self.judge(supplies)
        except IllegalAction as exc:
            self.notify(refusal(exc), title=_("The engine refuses"), severity="error", markup=False)
            return
        self.dismiss(A.Close(player=self.boss, supplies=supplies))

    def action_cancel(self) -> None:
        self.dismiss(None)
