"""The middle of the table: what the player whose turn it is may do, or the deal in progress
— what the space needs and who covers it, the offers, the agreements, a pending play."""

from __future__ import annotations

import math
from collections.abc import Sequence

from rich.cells import cell_len
from rich.console import Group, RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from ...engine.cards import COLOURS, Colour
from ...engine.closes import agreement_for
from ...engine.deciders import holds_hire_set
from ...engine.game import agreeing_cards
from ...engine.options import Variant
from ...engine.state import FamilyRef, InvestorRef, Phase, Price, WindowKind
from ...engine.view import PlayerView
from ...i18n import _, all_of, fill, ngettext
from ...plain import plain
from ..labels import STYLE, card_colour, chip, definite_colour, investor_colour, money, price_words
from ..markup import escape, markup_text
from .log_view import Wrapped
from .players import seat_key


def _cover(view: PlayerView, colour: Colour) -> Text:
    """Who would supply ``colour`` if the Boss closed now (the engine says which cards agree)."""
    deal = view.deal
    assert deal is not None
    owners = view.owners
    names = view.players
    sources = agreeing_cards(deal, owners, view.options.has(Variant.V8))[colour]
    if sources:
        ref = sources[0]
        owner = owners[colour] if isinstance(ref, InvestorRef) else ref.owner
        investor = isinstance(ref, InvestorRef)
        if owner == deal.boss:
            if investor:
                return Text("✓ " + _("the Boss's investor"), style="green")
            return Text("✓ " + _("the Boss's family card"), style="green")
        assert owner is not None
        name = names[owner].name
        if investor:
            whose = fill(_("{owner}'s investor"), owner=name)
        else:
            whose = fill(_("{owner}'s family card"), owner=name)
        agreement = agreement_for(deal, owner, ref)  # the one it would be paid by (CL4)
        if agreement is not None:
            whose = _("{card} ({price})").format(card=whose, price=price_words(agreement.price))
        return Text("✓ " + whose, style="green")
    laid = [fam.owner for fam in deal.family if fam.colour is colour]
    if laid:
        # A family card on the table supplies its colour once it is agreed on: the deal does
        # not need another one (it said "unowned: a family card is needed" after Bob laid it).
        return Text(
            "✗ " + fill(_("{owner}'s family card: needs an agreement"), owner=names[laid[0]].name),
            style="yellow",
        )
    if any(t.colour is colour for t in deal.trips):
        return Text("✗ " + _("investor travelling"), style="red")
    if owners[colour] is None:
        # H1/H2: a hire set takes an unowned investor as well as a family card supplies its
        # colour. Whose hand holds one is the hand's secret: only the holder's panel says so.
        if holds_hire_set(view.hand or ()):
            return Text("✗ " + _("unowned: your hire set can take it"), style="yellow")
        return Text("✗ " + _("unowned: a family card or a hire set"), style="red")
    return Text(
        "✗ " + _("needs {owner} or a family card").format(owner=names[owners[colour] or 0].name),
        style="red",
    )


@plain(frozen=True)
class Stands:
    """The Boss's standing close while it stands (key ``e``): the table's, not the engine's
    (the app plays the close when the last offer is accepted), so the view cannot say it.
    ``waiting``: the suppliers who have still to accept; ``price``: the one price offered
    to each."""

    boss: int
    waiting: tuple[int, ...]
    price: Price


def stands_line(view: PlayerView, stands: Stands) -> Text:
    """ "Ann closes once Bob and Di accept $2M each": the list joined as the language joins
    one, never "Bob and Cy and Di"."""
    names = all_of([view.players[w].name for w in stands.waiting])
    said = ngettext(
        "{boss} closes once {names} accepts {price}.",
        "{boss} closes once {names} accept {price} each.",
        len(stands.waiting),
    )
    boss = view.players[stands.boss].name
    return Text(
        said.format(boss=boss, names=names, price=price_words(stands.price)), style="bold cyan"
    )


class DealView(VerticalScroll):
    """A scroll, not a box: at 80×24 a big deal in its last call is taller than the room,
    and a bar saying there is more beats lines silently cut off."""

    #: The deal the title names: its space and its Boss's name (None: between deals).
    _titled: tuple[int, str] | None = None
    #: The title on the edge now (setting one draws the whole box again, even the same).
    _title_shown: tuple[str, bool] | None = None

    def compose(self) -> ComposeResult:
        yield Static(id="deal-text")

    def on_resize(self) -> None:
        self._fit_title()

    def _fit_title(self) -> None:
        """The longest title the top edge holds, measured in cells: at 80×24 the private
        panel's deal box is 32 cells wide, and "Deal · space 12 · Boss Shark1" lost the
        Boss's name ("Boss Sha…"), which matters more than the word "Deal"."""
        if self._titled is None:
            self._title(_("Turn"), markup=True)
            return
        space, boss = self._titled
        # The edge keeps a corner, a line and a blank on either side of its title ("╭─ " and
        # " ─╮"); before the first layout there is no width yet: the longest.
        room = self.outer_size.width - 6 if self.outer_size.width else None
        titles = [
            _("Deal · space {space} · Boss {boss}"),
            _("Space {space} · Boss {boss}"),
            _("Boss {boss}"),
        ]
        said = [title.format(space=space, boss=boss) for title in titles]
        fits = [t for t in said if room is None or cell_len(t) <= room]
        # Nothing fits: the shortest, which the edge cuts with an ellipsis.
        self._title(fits[0] if fits else said[-1])

    def _title(self, title: str, markup: bool = False) -> None:
        if (title, markup) != self._title_shown:
            self._title_shown = (title, markup)
            # Text, not a string: Textual reads a string title as markup, and a name is none.
            self.border_title = title if markup else Text(title)

    def show(
        self,
        view: PlayerView,
        remaining: float | None,
        asking: str | None,
        keys: bool = True,
        waits: Sequence[tuple[int, int, float]] = (),
        bots: frozenset[int] = frozenset(),
        stands: Stands | None = None,
    ) -> None:
        """``keys``: say which key does what (not in a replay, where nobody plays).
        ``waits``: the computer players waiting for a person's answer — (bot, person,
        seconds left) each. ``bots``: the computer seats, whose moves no key of a person
        makes: their turn is told without keys. ``stands``: the Boss's standing close."""
        deal = view.deal
        # The space and the Boss in the title, what a pending play allows on the bottom edge:
        # at 80×24 every row inside is wanted for the deal itself.
        self._titled = None if deal is None else (deal.space, view.players[deal.boss].name)
        self._fit_title()
        self.border_subtitle = ""
        parts: list[RenderableType] = []
        if view.window is not None:
            # First, not last: at 80×24 a big deal fills the box, and a pending play or a
            # last call that scrolled out of sight could not be answered.
            line, hint = _window_line(view, remaining, asking, keys)
            parts.append(line)
            self.border_subtitle = Text(hint)
        # Right after a pending play, for the same reason: the person asked must see it.
        parts.extend(_wait_line(view, bot, person, left) for bot, person, left in waits)
        if view.deal is not None:
            parts.extend(self._deal(view))
            if stands is not None:
                # Under the offers it waits on: who has still to accept, and for how much.
                parts.append(stands_line(view, stands))
        else:
            parts.append(_turn(view, keys and _to_move(view) not in bots))
        # Wrapped as the log is: never inside a sum or a name ("200" | "萬" in Chinese).
        names = [player.name for player in view.players]
        lines = [Wrapped(part, names) if isinstance(part, Text) else part for part in parts]
        self.query_one("#deal-text", Static).update(Group(*lines))

    def _deal(self, view: PlayerView) -> list[RenderableType]:
        deal = view.deal
        assert deal is not None
        space = view.board.space(deal.space)
        agreed = view.promised
        head = markup_text(
            _("Pays [b]{proceeds}[/]: {promised} promised, Boss keeps {kept}").format(
                proceeds=money(view.proceeds),
                promised=money(agreed),
                kept=money(view.proceeds - agreed),
            )
        )
        needs = Text()
        for colour in COLOURS:
            if colour in space.required:
                needs.append_text(chip(colour))
                needs.append(" ")
                needs.append_text(_cover(view, colour))
                needs.append("\n")
        for group in space.choices():
            # A space with no required colour starts with its first group: no "and".
            line = _("and {pick} of: ") if needs.plain else _("{pick} of: ")
            needs.append(line.format(pick=group.pick))
            for colour in COLOURS:
                if colour in group.of:
                    needs.append_text(chip(colour))
                    cover = _cover(view, colour)
                    needs.append("✓ " if cover.plain.startswith("✓") else "✗ ", style=cover.style)
            needs.append("\n")
        needs.rstrip()  # no blank line: at 80×24 every row of this box is wanted
        lines: list[RenderableType] = [head, needs]
        names = [p.name for p in view.players]
        if deal.family:
            # One group per owner: "Ann R O · Bob G" takes a line where a card each took three.
            laid = Text(_("Family cards on the table: "))
            owners = list(dict.fromkeys(fam.owner for fam in deal.family))
            for number, owner in enumerate(owners):
                if number:
                    laid.append(" · ")
                laid.append(names[owner])
                for fam in deal.family:
                    if fam.owner == owner:
                        laid.append(" ")
                        laid.append(fam.colour.letter, style=STYLE[fam.colour])
            lines.append(laid)
        for prop in deal.proposals:
            cards = " + ".join(_ref(names, r) for r in prop.cards)
            who, price = names[prop.supplier], price_words(prop.price)
            if prop.by_boss:
                line = _("Offer → {supplier}: {price} for {cards}")
            else:
                line = _("Ask: {supplier} wants {price} for {cards}")
            lines.append(Text(line.format(supplier=who, price=price, cards=cards)))
        for agreement in deal.agreements:
            cards = " + ".join(_ref(names, r) for r in agreement.cards)
            lines.append(
                Text(
                    fill(
                        _("Agreed: {supplier}'s {cards}, {price}"),
                        supplier=names[agreement.supplier],
                        cards=cards,
                        price=price_words(agreement.price),
                    ),
                    style="green",
                )
            )
        # A request stands until the other side cancels too (N5): the one asked must see it
        # here, not only in the log, to answer it (a bot's request has a count, _wait_line).
        for asker, other in sorted(deal.cancel_requests):
            lines.append(
                Text(
                    _("{asker} asks to cancel the agreement with {other}").format(
                        asker=names[asker], other=names[other]
                    ),
                    style="yellow",
                )
            )
        return lines


def _to_move(view: PlayerView) -> int:
    """The seat the turn box waits for: the marker's placer, the end roller, else the turn."""
    if view.phase is Phase.PLACE_MARKER:
        return (view.turn - 1) % len(view.players)
    if view.phase is Phase.END_ROLL and view.end_roller is not None:
        return view.end_roller
    return view.turn


def _turn(view: PlayerView, keys: bool) -> Text:
    # Names go into markup escaped: a player called "[red]Ann" is a name, not a style.
    turn = escape(view.players[view.turn].name)
    phase = view.phase
    if phase is Phase.PLACE_MARKER:
        placer = escape(view.players[_to_move(view)].name)
        if keys:
            text = _(
                "{turn} starts. [b]{placer}[/], on {turn}'s right, places the dollar marker "
                "on any space: press [b reverse] m [/]."
            )
        else:
            text = _(
                "{turn} starts. [b]{placer}[/], on {turn}'s right, places the dollar marker "
                "on any space."
            )
        return markup_text(fill(text, turn=turn, placer=placer))
    if phase is Phase.TURN:
        if not keys:
            text = _("[b]{turn}'s turn:[/] a deal here (space {space}) or a roll of the die.")
        else:
            text = _(
                "[b]{turn}'s turn.[/] [b reverse] d [/] deal here (space {space})  ·  "
                "[b reverse] r [/] roll the die and move"
            )
        return markup_text(fill(text, turn=turn, space=view.marker))
    if phase is Phase.ROLLED:
        if not keys:
            text = _("[b]{turn}[/] moved to space {space}: a deal here, or draw cards.")
        else:
            text = _(
                "[b]{turn}[/] moved to space {space}. [b reverse] d [/] deal here  ·  "
                "[b reverse] w [/] draw cards"
            )
        return markup_text(text.format(turn=turn, space=view.marker))
    if phase is Phase.HAND_LIMIT:
        if not keys:
            return markup_text(
                _("[b]{turn}[/] holds more than the hand limit: a discard.").format(turn=turn)
            )
        return markup_text(
            _(
                "[b]{turn}[/] holds more than the hand limit: {turn}, take the keyboard "
                "([b reverse] {keys} [/]) to discard (or play hire sets first)."
            ).format(turn=turn, keys=seat_key(view.turn))
        )
    if phase is Phase.END_ROLL:
        roller = escape(view.players[view.end_roller or 0].name)
        if keys:
            text = _(
                "The tile is laid. [b]{roller}[/] rolls for the end of the game: [b reverse] r [/]"
            )
        else:
            text = _("The tile is laid. [b]{roller}[/] rolls for the end of the game.")
        return markup_text(text.format(roller=roller))
    winners = escape(all_of([view.players[w].name for w in view.winners]))
    return markup_text(_("[b]The game is over.[/] {winners} won.").format(winners=winners))


def _ref(names: list[str], ref: InvestorRef | FamilyRef) -> str:
    if isinstance(ref, FamilyRef):
        return _("{colour} family").format(colour=card_colour(ref.colour))
    return _("{colour} investor").format(colour=investor_colour(ref.colour))


def _wait_line(view: PlayerView, bot: int, person: int, left: float) -> Text:
    """A computer player's count while it waits for a person's answer (public: the offer,
    the ask or the request to cancel it waits on is on the table)."""
    said = fill(
        _("{bot} waits for {person}'s answer (key {key}): {seconds}s left."),
        bot=view.players[bot].name,
        person=view.players[person].name,
        key=person + 1,
        seconds=math.ceil(left),  # "0s left" would be a wait that is over
    )
    # Text, not markup: the names are players' names.
    return Text.assemble((" " + _("ANSWER?") + " ", "b on dark_blue"), " ", said)


def _window_line(
    view: PlayerView, remaining: float | None, asking: str | None, keys: bool = True
) -> tuple[Text, str]:
    """The pending play on one line, and what may answer it (for the box's bottom edge)."""
    window = view.window
    assert window is not None
    who = escape(view.players[window.player].name)
    clock = ""
    if remaining is not None and asking is None:
        clock = " " + _("{seconds}s left.").format(seconds=f"{remaining:.0f}")
    last_call = window.kind is WindowKind.LAST_CALL
    if asking is not None:
        hint = _("asking {name}").format(name=asking)
    elif last_call:
        hint = _("an influence card calls it off (your key)") if keys else ""
    else:
        hint = _("a stop cancels it (your key)") if keys else _("a stop cancels it")
    if last_call:
        badge = _('"One, two…"')
        line = _("{who} closes.").format(who=who)
        return markup_text(f"[b on dark_green] {badge} [/] {line}{clock}"), hint
    target = None
    if window.target is not None:
        if isinstance(window.target, FamilyRef):
            owner = escape(view.players[window.target.owner].name)
            target = fill(
                _("{owner}'s {colour} family card"),
                owner=owner,
                colour=definite_colour(window.target.colour),
            )
        else:
            target = _("the {colour} investor").format(colour=investor_colour(window.target.colour))
    if window.kind is WindowKind.BOSS:
        line = _('{who} says "I\'m the Boss!".').format(who=who)
    elif window.kind is WindowKind.TRAVEL:
        if target is None:
            line = _("{who} plays a travel card.").format(who=who)
        else:
            line = _("{who} plays a travel card on {target}.").format(who=who, target=target)
    elif target is None:
        line = _("{who} plays a hire set.").format(who=who)
    else:
        line = _("{who} plays a hire set on {target}.").format(who=who, target=target)
    badge = _("WAIT")
    return markup_text(f"[b on dark_red] {badge} [/] {line}{clock}"), hint
