"""The kinds of action a seat has now (``legal.legal_kinds``), read off the facts without
building a single action: a bot picks a kind first, and a table asks almost every seat at
every step. The same kinds as the legal lists (``listing.py``), from the same deciders
(``deciders.py``, ``closes.must_close``); ``tests/test_legal_kinds.py`` compares the two.

The negotiation kinds are bits, each combination's frozenset built once; what a step could
not change is handed on or carried over (``memo``).
"""

from __future__ import annotations

from typing import Any

from .cards import Card, Kind
from .closes import close_actions, must_close
from .common import price_room
from .deciders import (
    HIRE_SET,
    may_cancel,
    may_lay_family,
    may_travel_on,
    not_the_boss,
    price_fits,
    travel_colours,
)
from .listing import OFFERABLE, _every_offerable, _hand, _hires, _travel_targets
from .memo import Carries, Fact, cached
from .options import Variant
from .state import CardRef, Deal, GameState

#: Each seat's negotiation kinds but the Boss's; the seats' kinds of the state before with
#: the one seat whose kinds changed (handed on by an ask, an offer, a withdrawal or a family
#: card laid: ``negotiation.py``); the Boss's negotiation kinds.
SEAT_KINDS = Fact("seat kinds")
SEAT_KINDS_BEFORE = Fact("seat kinds before")
BOSS_KINDS = Fact("boss kinds")


@cached(maxsize=4096)
def _union(a: frozenset[str], b: frozenset[str]) -> frozenset[str]:
    return a | b


#: A seat's negotiation kinds as bits (``_seat_kinds``), and each combination's frozenset.
_ASKS, _WITHDRAWS, _ACCEPTS, _CANCELS = 1, 2, 4, 8

_KIND_SETS = tuple(
    frozenset(
        kind
        for bit, kind in ((1, "ask"), (2, "withdraw"), (4, "accept"), (8, "cancel"))
        if bits & bit
    )
    for bits in range(16)
)


def _seat_kinds(state: GameState, deal: Deal) -> tuple[frozenset[str], ...]:
    """Each seat's negotiation kinds but the Boss's (asks, withdrawing or accepting its
    proposal, cancelling), as ``_negotiation`` lists them, for every seat at once,
    remembered with the state. After an ask, an offer, a withdrawal or a family card laid
    only that seat's are worked out again (``negotiation._with_proposals``,
    ``negotiation._hand_on_seat_kinds``)."""
    memo = state.__dict__.get("_memo") or state.memo()  # hot: no call
    found: tuple[frozenset[str], ...] | None = memo.get(SEAT_KINDS)
    if found is None:
        every = memo.get(OFFERABLE) or _every_offerable(state, deal)  # hot: no call
        before = memo.get(SEAT_KINDS_BEFORE)
        if before is not None:
            seats, changed = before
            found = (
                *seats[:changed],
                _KIND_SETS[_bits_of(state, deal, changed, every[changed])],
                *seats[changed + 1 :],
            )
        else:
            found = tuple(
                _KIND_SETS[_bits_of(state, deal, s, refs)] for s, refs in enumerate(every)
            )
        memo[SEAT_KINDS] = found
    return found


def _bits_of(state: GameState, deal: Deal, s: int, offerable: tuple[CardRef, ...]) -> int:
    """``_seat_kinds``' bits of one seat (the Boss's are read but never used)."""
    bits = _ASKS if offerable else 0
    for prop in deal.proposals:
        if prop.supplier == s:  # its first proposal, as _negotiation reads it
            if not prop.by_boss:
                bits |= _WITHDRAWS
            else:
                if price_fits(prop.price, *price_room(state, deal)):
                    bits |= _ACCEPTS
            break
    for a in deal.agreements:  # a loop, not any(): no generator frame per seat
        if a.supplier == s:
            if may_cancel(deal, s, deal.boss):
                bits |= _CANCELS
            break
    return bits


def _boss_kinds(state: GameState, deal: Deal) -> frozenset[str]:
    """The Boss's negotiation kinds, as ``_negotiation`` lists them, once per state (as bits,
    then the one frozenset of that combination)."""
    memo = state.__dict__.get("_memo") or state.memo()  # hot: no call
    found: frozenset[str] | None = memo.get(BOSS_KINDS)
    if found is None:
        boss = deal.boss
        bits = 0
        for s, refs in enumerate(memo.get(OFFERABLE) or _every_offerable(state, deal)):
            if refs and s != boss:
                bits = _OFFERS
                break
        if deal.proposals:
            value, room = price_room(state, deal)
            for prop in deal.proposals:
                if prop.by_boss:
                    bits |= _B_WITHDRAWS
                elif price_fits(prop.price, value, room):
                    bits |= _B_ACCEPTS
        if not close_actions(state):
            bits |= _FAILS
        elif must_close(state):  # V8
            bits |= _CLOSES
        else:
            bits |= _CLOSES | _FAILS
        if deal.may_reset:
            bits |= _RESETS
        if deal.agreements:
            for a in deal.agreements:
                if may_cancel(deal, boss, a.supplier):
                    bits |= _B_CANCELS
                    break
        found = memo[BOSS_KINDS] = _BOSS_KIND_SETS[bits]
    return found


#: The Boss's negotiation kinds as bits (``_boss_kinds``), and each combination's frozenset.
_BOSS_BITS = (
    ("offer", 1),
    ("withdraw", 2),
    ("accept", 4),
    ("close", 8),
    ("fail", 16),
    ("reset", 32),
    ("cancel", 64),
)

_OFFERS, _B_WITHDRAWS, _B_ACCEPTS, _CLOSES, _FAILS, _RESETS, _B_CANCELS = (b for _, b in _BOSS_BITS)

_BOSS_KIND_SETS = tuple(
    frozenset(kind for kind, bit in _BOSS_BITS if bits & bit) for bits in range(128)
)


def _influence_kinds(state: GameState, p: int) -> frozenset[str]:
    """The kinds among ``_influence(state, p)``, read off the hand and the travel targets
    without building the list (a table asks this of almost every seat at every step).

    For a hand with no travel card and no hire set they depend only on the hand and whether
    the seat is the Boss; otherwise also on the owners, the options, the trips and the family
    cards laid. Most steps of a deal change none of these for most seats, and a state copied
    with changes keeps the very objects it did not change, so each seat's last answer is
    carried over when they are the same objects (held here, so no identity is reused). More
    family cards laid only add travel targets: a hand that could already travel still can."""
    deal = state.deal
    assert deal is not None
    hand = state.players[p].hand
    is_boss = p == deal.boss  # what the answer depends on; the rule is B1's decider's
    last = _LAST_INFLUENCE_KINDS.get(p)
    if last is not None and last[0] is hand and last[1] is is_boss:
        facts = last[2]
        if facts is None:  # a hand with no travel card and no hire set
            carried: frozenset[str] = last[3]
            return carried
        if facts[0] is deal.trips and facts[1] is state.owners and facts[2] is state.options:
            laid = deal.family
            if facts[3] is laid or ("travel" in last[3] and laid[: len(facts[3])] == facts[3]):
                carried = last[3]
                return carried
    if hand is not None and _TRAVEL_CARDS.isdisjoint(hand) and hand.count(_HIRE) < HIRE_SET:
        found = _hand_kinds(hand, not_the_boss(p, deal.boss))
        _LAST_INFLUENCE_KINDS[p] = (hand, is_boss, None, found)
        return found
    found = _influence_kinds_now(state, p)
    _LAST_INFLUENCE_KINDS[p] = (
        hand,
        is_boss,
        (deal.trips, state.owners, state.options, deal.family),
        found,
    )
    return found


#: Each seat's last ``_influence_kinds``: its hand, whether it was the Boss, the other
#: objects the answer was worked out from (None for a hand with no travel card and no hire
#: set), the answer.
_LAST_INFLUENCE_KINDS: Carries[int, tuple[Any, ...]] = Carries("influence kinds")


def _influence_kinds_now(state: GameState, p: int) -> frozenset[str]:
    """``_influence_kinds`` worked out from the state, nothing carried."""
    hand = _hand(state, p)
    deal = state.deal
    assert deal is not None
    kinds = set(_hand_kinds(hand, not_the_boss(p, deal.boss)))
    travels = _TRAVEL_CARDS.intersection(hand)
    if travels:
        investors, laid = _travel_targets(state)  # owned, not travelling (TR4, TR1)
        own_ok = state.options.has(_V8)
        colours = {c for c, o in investors if may_travel_on(o, False, p, own_ok)}
        colours.update(f.colour for f in laid)
        # travel_card_fits (TR1), one call per card: do the card's colours meet the targets'?
        if any(not colours.isdisjoint(travel_colours(card)) for card in travels):
            kinds.add("travel")
    if _hires(state, p):
        kinds.add("hire")
    return frozenset(kinds)


@cached(maxsize=4096)
def _hand_kinds(hand: tuple[Card, ...], boss_ok: bool) -> frozenset[str]:
    """The influence kinds that follow from the hand alone: a family card to lay (D4, N1),
    a boss card to play against another Boss (B1). A hand with no travel card and no hire
    set has no others."""
    kinds: set[str] = set()
    if may_lay_family(hand):
        kinds.add("lay_family")
    if Card.BOSS in hand and boss_ok:
        kinds.add("boss")
    return frozenset(kinds)


_TRAVEL_CARDS = frozenset(c for c in Card if c.kind is Kind.TRAVEL)
#: Read once: each lookup on an enum class goes through ``EnumType.__getattr__`` in 3.11.
_HIRE, _V8 = Card.HIRE, Variant.V8
