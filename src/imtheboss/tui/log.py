"""The table's log, as a table remembers: the terms of a deal are heard once.

At a real table the prices are said while a deal is negotiated and the money changes hands as
it closes; nobody can read them back later and add up who has how much (M1: the others' money
is a pile, not a number). So an entry shows its amounts only while its deal is on the table —
until the first action played with no deal on the table (the closing payments stay readable
until the table moves on). From then on it says who offered or paid whom, not how much. A
player's own total is in their private panel.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import field
from typing import TYPE_CHECKING

from rich.markup import escape

from ..engine import actions as A
from ..engine.actions import Action
from ..engine.events import (
    BossChanged,
    CardsDrawn,
    CloseCalledOff,
    DealClosed,
    DealFailed,
    DieRolled,
    Event,
    GameOver,
    Hired,
    MarkerMoved,
    Paid,
    Stopped,
    WentTravelling,
)
from ..engine.state import CardRef, FamilyRef, GameState, InvestorRef, Price, WindowKind
from ..i18n import _, all_of, fill, language, ngettext, pgettext, speaker
from ..plain import plain
from .labels import (
    card_colour,
    card_name,
    cards_list,
    colour_name,
    investor_colour,
    money,
    price_words,
    ref_text,
)

if TYPE_CHECKING:
    from ..i18n import Speaker

#: How an entry is drawn, in the language of the moment: given whether its amounts are still
#: shown, its Rich markup. Entries keep what they are about (an action and the state it was
#: played in, an event, a refusal), never the words: a change of language redraws them all.
Render = Callable[[bool], str]


@plain
class Entry:
    render: Render
    #: The entry names an amount, which is forgotten once its deal is over.
    has_amounts: bool = False
    #: Its amounts are still shown.
    amounts: bool = True
    #: Its markup as each language's speaker drew it, with or without its amounts: the
    #: host words every device's log in that device's language at every tick of a count,
    #: and an entry, once made, changes only when its amounts go (bench/bench_seat_log.py).
    _drawn: dict[tuple[Speaker, bool], str] = field(default_factory=dict, repr=False)

    @property
    def markup(self) -> str:
        key = (speaker(), self.amounts)
        drawn = self._drawn.get(key)
        if drawn is None:
            drawn = self._drawn[key] = self.render(self.amounts)
        return drawn

    def forget_amounts(self) -> bool:
        """Show the entry without its amounts from now on; True if it changed."""
        if not (self.has_amounts and self.amounts):
            return False
        self.amounts = False
        return True


def _ref(state: GameState, ref: CardRef, supplier: int | None) -> str:
    """A card as the notation names it: ``red`` (the investor), ``family red`` (the
    supplier's own family card), ``Bob's family red``."""
    if isinstance(ref, InvestorRef):
        # Translators: an investor in a line of the log ("Ann: offer Bob {investor} for 3").
        # The English is the notation's bare colour; say it as your language names the
        # investor, article included if it takes one ("el inversor rosa").
        return pgettext("investor in the log", "{colour}").format(
            colour=investor_colour(ref.colour)
        )
    colour = card_colour(ref.colour)
    if ref.owner == supplier:
        return _("family {colour}").format(colour=colour)
    return fill(_("{owner}'s family {colour}"), owner=state.name(ref.owner), colour=colour)


def _price(price: Price, amounts: bool) -> str:
    if not amounts:
        return _("a price")
    if price.dividends:
        return ngettext("{count} dividend", "{count} dividends", price.amount).format(
            count=price.amount
        )
    # The English log is the notation, whose prices are bare numbers ("for 3"); every other
    # language has no notation to match and says the amount as the money it is, written by
    # the language's one money formatter (Chinese 300萬).
    if language() == "en":
        return str(price.amount)
    return money(price.amount)


def _as_notation(items: Iterable[str], separator: str) -> str:
    """A move's cards as its line of notation lists them ("family orange, stop", "red and
    family blue"): the log's short line is the notation's in English, and keeps its shape in
    every language — not a sentence's list (``all_of``)."""
    return separator.join(items)


def move_line(action: Action, state: GameState, amounts: bool = True) -> str | None:
    """A move as the log says it, in the table's language: in English exactly its line of
    notation (``Ann: offer Bob red for 3``), in another language with its price as money.
    None for the table's timer, which the notation leaves implicit. ``amounts=False``: a
    price is "a price" (M1)."""
    if isinstance(action, A.TimeUp):
        return None
    name = state.name(action.player)
    line: str
    if isinstance(action, A.PlaceMarker):
        line = _("{name}: marker {space}").format(name=name, space=action.space)
    elif isinstance(action, A.StartDeal):
        line = _("{name}: deal").format(name=name)
    elif isinstance(action, A.Roll):
        if action.value is None:
            line = _("{name}: roll").format(name=name)
        else:
            line = _("{name}: roll {value}").format(name=name, value=action.value)
    elif isinstance(action, A.Draw):
        line = _("{name}: draw").format(name=name)
    elif isinstance(action, A.Discard):
        line = _("{name}: discard {cards}").format(
            name=name, cards=_as_notation((card_name(c) for c in action.cards), _(", "))
        )
    elif isinstance(action, A.LayFamily):
        line = _("{name}: lay family {colour}").format(name=name, colour=card_colour(action.colour))
    elif isinstance(action, A.Offer):
        line = _("{name}: offer {supplier} {cards} for {price}").format(
            name=name,
            supplier=state.name(action.supplier),
            cards=_as_notation((_ref(state, r, action.supplier) for r in action.cards), _(" and ")),
            price=_price(action.price, amounts),
        )
    elif isinstance(action, A.Ask):
        line = _("{name}: ask {price} for {cards}").format(
            name=name,
            price=_price(action.price, amounts),
            cards=_as_notation((_ref(state, r, action.player) for r in action.cards), _(" and ")),
        )
    elif isinstance(action, A.Accept):
        if action.supplier is None:
            line = _("{name}: accept").format(name=name)
        else:
            line = _("{name}: accept {supplier}").format(
                name=name, supplier=state.name(action.supplier)
            )
    elif isinstance(action, A.Withdraw):
        if action.supplier is None:
            line = _("{name}: withdraw").format(name=name)
        else:
            line = _("{name}: withdraw {supplier}").format(
                name=name, supplier=state.name(action.supplier)
            )
    elif isinstance(action, A.CancelAgreement):
        line = _("{name}: cancel {other}").format(name=name, other=state.name(action.other))
    elif isinstance(action, A.PlayTravel):
        target = _ref(state, action.target, None)
        if action.grey:
            line = _("{name}: travel grey {target}").format(name=name, target=target)
        else:
            line = _("{name}: travel {target}").format(name=name, target=target)
    elif isinstance(action, A.PlayBoss):
        line = _("{name}: boss").format(name=name)
    elif isinstance(action, A.PlayHire):
        line = _("{name}: hire {colour}").format(name=name, colour=colour_name(action.colour))
    elif isinstance(action, A.PlayStop):
        line = _("{name}: stop").format(name=name)
    elif isinstance(action, A.Pass):
        line = _("{name}: pass").format(name=name)
    elif isinstance(action, A.Reset):
        line = _("{name}: reset").format(name=name)
    elif isinstance(action, A.Fail):
        line = _("{name}: fail").format(name=name)
    elif isinstance(action, A.Close):
        parts = []
        for colour, ref in action.supplies.items():
            if isinstance(ref, FamilyRef):
                parts.append(
                    _("{colour}={owner}/family").format(
                        colour=colour_name(colour), owner=state.name(ref.owner)
                    )
                )
            else:
                owner = state.owners[colour]
                parts.append(
                    _("{colour}={owner}").format(
                        colour=colour_name(colour),
                        owner=state.name(owner) if owner is not None else "?",
                    )
                )
        line = _("{name}: close {supplies}").format(name=name, supplies=" ".join(parts))
    else:  # pragma: no cover - every action kind is listed above
        raise AssertionError(action)
    return line


def has_amounts(action: Action) -> bool:
    """The line of this action names a price (and forgets it once its deal is over)."""
    return isinstance(action, A.Offer | A.Ask | A.Accept)


def no_deal_on_the_table(before: GameState) -> bool:
    """An action played in ``before`` comes after every deal so far has ended."""
    return before.deal is None


class TableLog:
    """The entries of the public log (the newest ``limit``), amounts forgotten as they must."""

    def __init__(self, limit: int = 500) -> None:
        self.entries: deque[Entry] = deque(maxlen=limit)

    def add(self, render: Render, has_amounts: bool = False) -> Entry:
        entry = Entry(render, has_amounts)
        self.entries.append(entry)
        return entry

    def table_moves_on(self, before: GameState) -> bool:
        """An action is about to be played in ``before``: if no deal is on the table, every
        amount logged so far is forgotten. True when an entry changed (redraw the log)."""
        if not no_deal_on_the_table(before):
            return False
        changed = False
        for entry in self.entries:
            changed = entry.forget_amounts() or changed
        return changed

    def markups(self, last: int | None = None) -> list[str]:
        """Every entry (the ``last`` ones) drawn now, in the language of the moment."""
        entries = self.entries
        if last is not None and last < len(entries):
            return [entries[i].markup for i in range(len(entries) - last, len(entries))]
        return [entry.markup for entry in entries]


def amounts_forgotten_at(befores: Sequence[GameState]) -> list[int]:
    """For each action of a game (given the state each was played in), the index of the first
    later action played with no deal on the table — from there on, its amounts are not shown;
    ``len(befores)`` if there is none yet."""
    out = [len(befores)] * len(befores)
    first = len(befores)
    for index in range(len(befores) - 1, -1, -1):
        out[index] = first
        if no_deal_on_the_table(befores[index]):
            first = index
    return out


def said(style: str, message: str, **values: str | Callable[[], str]) -> Callable[[bool], str]:
    """A log entry with no amounts: ``message`` (marked with ``N_``) translated when it is
    drawn, its values escaped (they can name a player); a callable value is said anew too."""

    def render(_amounts: bool) -> str:
        said = {k: escape(v if isinstance(v, str) else v()) for k, v in values.items()}
        return f"[{style}]{_(message).format(**said)}[/{style}]"

    return render


def noted(state: GameState, event: Event) -> Callable[[bool], str]:
    """A log entry for an event (its amounts, if any, until its deal is over)."""

    def render(amounts: bool) -> str:
        return f"[dim]  {escape(event_note(state, event, amounts) or '')}[/dim]"

    return render


def event_note(state: GameState, event: Event, amounts: bool = True) -> str | None:
    """A few events in words, for those who missed the moment (all public). ``amounts``:
    False once the deal is over — who was paid, not how much (M1)."""
    name = state.name
    if isinstance(event, WentTravelling):
        return _("✈ {card} is travelling").format(card=ref_text(state, event.target))
    if isinstance(event, Stopped):
        return fill(
            _("{player} stopped {other}'s {card}"),
            player=name(event.player),
            other=name(event.of_player),
            card=_played(event),
        )
    if isinstance(event, BossChanged):
        return _("{player} is the Boss now").format(player=name(event.new))
    if isinstance(event, Hired):
        return _("{player} hired the {colour} investor").format(
            player=name(event.player), colour=investor_colour(event.colour)
        )
    if isinstance(event, Paid):
        payee = name(event.payee)
        if event.payer is None:
            if amounts:
                return _("the bank pays {payee} {money}").format(
                    payee=payee, money=money(event.amount)
                )
            return _("the bank pays {payee}").format(payee=payee)
        if amounts:
            return _("{payer} pays {payee} {money}").format(
                payer=name(event.payer), payee=payee, money=money(event.amount)
            )
        return _("{payer} pays {payee}").format(payer=name(event.payer), payee=payee)
    if isinstance(event, CloseCalledOff):
        return _("{player} called the close off: the negotiation goes on").format(
            player=name(event.player)
        )
    if isinstance(event, DealClosed):
        return _("deal closed on space {space}").format(space=event.space)
    if isinstance(event, DealFailed):
        return _("the deal on space {space} failed").format(space=event.space)
    if isinstance(event, GameOver):
        return _("the game is over")
    return None


def _played(event: Stopped) -> str:
    """What a stop cancelled, as the log says it (``Bob stopped Ann's travel card``)."""
    return {
        # The card, not the play's short name: "Ann stopped Shark1's boss" read as a person.
        WindowKind.TRAVEL: pgettext("stopped", "travel card"),
        WindowKind.BOSS: pgettext("stopped", "boss card"),
        WindowKind.HIRE: pgettext("stopped", "hire set"),
        WindowKind.LAST_CALL: pgettext("stopped", "last call"),
    }[event.cancelled]


# -- the log in sentences -------------------------------------------------------------------


def _short(state: GameState, ref: CardRef, subject: int) -> str:
    """A card of a proposal in a sentence whose subject is ``subject``: ``the pink
    investor``, ``their pink family card`` (the subject's own), ``Bob's pink family card``."""
    if isinstance(ref, InvestorRef):
        return pgettext("in a sentence", "the {colour} investor").format(
            colour=investor_colour(ref.colour)
        )
    if ref.owner == subject:
        return pgettext("in a sentence", "their {colour} family card").format(
            colour=card_colour(ref.colour)
        )
    return ref_text(state, ref)


def _cards(state: GameState, refs: Sequence[CardRef], subject: int) -> str:
    return all_of([_short(state, r, subject) for r in refs])


def said_move(
    action: Action, state: GameState, events: Sequence[Event] = (), amounts: bool = True
) -> str | None:
    """A move as the table says it, a sentence in its language (``Cy offers Bob $2M for
    pink investor.``), never a line of notation: that stays in the save and ``check``.
    ``events``: what the move caused (a roll's number, how many cards were drawn — never
    which). ``amounts=False``: a deal that is over, whose prices are forgotten (M1). None for
    the table's timer, which says nothing by itself."""
    if isinstance(action, A.TimeUp):
        return None
    name = state.name(action.player)
    if isinstance(action, A.PlaceMarker):
        return _("{name} puts the dollar marker on space {space}.").format(
            name=name, space=action.space
        )
    if isinstance(action, A.StartDeal):
        return _("{name} starts a deal on space {space}: “Let's make a deal!”").format(
            name=name, space=state.marker
        )
    if isinstance(action, A.Roll):
        rolled = next((e for e in events if isinstance(e, DieRolled)), None)
        moved = next((e for e in events if isinstance(e, MarkerMoved)), None)
        if rolled is None:
            return _("{name} rolls the die.").format(name=name)
        if rolled.end_roll:
            return _("{name} makes the end roll: {value}.").format(name=name, value=rolled.value)
        if moved is not None:
            return _("{name} rolls {value}: the dollar marker moves to space {space}.").format(
                name=name, value=rolled.value, space=moved.space
            )
        return _("{name} rolls {value}.").format(name=name, value=rolled.value)
    if isinstance(action, A.Draw):
        count = sum(e.count for e in events if isinstance(e, CardsDrawn))
        return ngettext("{name} draws {count} card.", "{name} draws {count} cards.", count).format(
            name=name, count=count
        )
    if isinstance(action, A.Discard):
        return _("{name} discards {cards}.").format(name=name, cards=cards_list(action.cards))
    if isinstance(action, A.LayFamily):
        # "their", not "a": no article to agree with the colour ("a orange").
        return _("{name} lays their {colour} family card.").format(
            name=name, colour=card_colour(action.colour)
        )
    if isinstance(action, A.Offer):
        supplier, cards = state.name(action.supplier), _cards(state, action.cards, action.player)
        if amounts:
            return _("{name} offers {supplier} {price} for {cards}.").format(
                name=name, supplier=supplier, price=price_words(action.price), cards=cards
            )
        return _("{name} makes {supplier} an offer for {cards}.").format(
            name=name, supplier=supplier, cards=cards
        )
    if isinstance(action, A.Ask):
        cards = _cards(state, action.cards, action.player)
        if amounts:
            return _("{name} asks {price} for {cards}.").format(
                name=name, price=price_words(action.price), cards=cards
            )
        return _("{name} names a price for {cards}.").format(name=name, cards=cards)
    if isinstance(action, A.Accept):
        return _said_accept(action, state, amounts)
    if isinstance(action, A.Withdraw):
        if action.supplier is None:
            return _("{name} takes back their price.").format(name=name)
        return _("{name} takes back the offer to {supplier}.").format(
            name=name, supplier=state.name(action.supplier)
        )
    if isinstance(action, A.CancelAgreement):
        return _("{name} wants to cancel the agreement with {other}.").format(
            name=name, other=state.name(action.other)
        )
    if isinstance(action, A.PlayTravel):
        target = ref_text(state, action.target)
        if action.grey:
            return _("{name} plays a grey travel card on {target}.").format(
                name=name, target=target
            )
        return _("{name} plays a travel card on {target}.").format(name=name, target=target)
    if isinstance(action, A.PlayBoss):
        return _("{name} plays a boss card: “I'm the Boss!”").format(name=name)
    if isinstance(action, A.PlayHire):
        return _("{name} plays three hire cards for the {colour} investor.").format(
            name=name, colour=investor_colour(action.colour)
        )
    if isinstance(action, A.PlayStop):
        return _("{name} plays a stop card.").format(name=name)
    if isinstance(action, A.Pass):
        return _("{name} passes.").format(name=name)
    if isinstance(action, A.Reset):
        return _("{name} starts the negotiation afresh.").format(name=name)
    if isinstance(action, A.Fail):
        return _("{name} declares the deal failed.").format(name=name)
    if isinstance(action, A.Close):
        supplies = all_of([ref_text(state, ref) for ref in action.supplies.values()])
        return _("{name} closes with {supplies}: “One, two…”").format(name=name, supplies=supplies)
    raise AssertionError(action)  # pragma: no cover - every action kind is listed above


def _said_accept(action: A.Accept, state: GameState, amounts: bool) -> str:
    """An acceptance names the cards it is for and their price (the proposal it accepts, in
    the state before it): "Shark2 accepts Shark1's price" alone does not say which card."""
    name = state.name(action.player)
    supplier = action.player if action.supplier is None else action.supplier
    deal = state.deal
    proposal = next((p for p in deal.proposals if p.supplier == supplier), None) if deal else None
    if proposal is None:  # not from a legal game: the sentence without its card
        return _("{name} accepts.").format(name=name)
    cards = _cards(state, proposal.cards, action.player)
    price = price_words(proposal.price)
    if action.supplier is None:
        if amounts:
            return _("{name} accepts the Boss's offer of {price} for {cards}.").format(
                name=name, price=price, cards=cards
            )
        return _("{name} accepts the Boss's offer for {cards}.").format(name=name, cards=cards)
    other = state.name(supplier)
    if amounts:
        return fill(
            _("{name} accepts {supplier}'s price of {price} for {cards}."),
            name=name,
            supplier=other,
            price=price,
            cards=cards,
        )
    return fill(
        _("{name} accepts {supplier}'s price for {cards}."), name=name, supplier=other, cards=cards
    )


def said_end(before: GameState, events: Sequence[Event]) -> list[str]:
    """How the game ended (E1: the end roll and the tile's numbers; E2: the last tile), the
    final money, now public (E3), and the winner or the tie."""
    over = next(e for e in events if isinstance(e, GameOver))
    rolled = next((e for e in events if isinstance(e, DieRolled) and e.end_roll), None)
    lines = []
    if rolled is not None and before.end_tile is not None:
        numbers = sorted(before.board.tiles[before.end_tile - 1].ends_on)
        lines.append(
            _(
                "The end roll is {value}, one of {numbers} on the tile just laid: the game is over."
            ).format(value=rolled.value, numbers=all_of([str(n) for n in numbers]))
        )
    else:
        lines.append(_("The last deal tile is laid: the game is over."))
    sums = _(", ").join(
        _("{name} {money}").format(name=before.name(seat), money=money(amount))
        for seat, amount in enumerate(over.money)
    )
    lines.append(_("Final money: {money}.").format(money=sums))
    winners = [before.name(seat) for seat in over.winners]
    if len(winners) == 1:
        lines.append(_("{name} wins.").format(name=winners[0]))
    else:
        lines.append(_("{names} share the win.").format(names=all_of(winners)))
    return lines
