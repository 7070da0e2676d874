"""What each player may do right now, so bots, tests and the UI never guess.

Every action listed here is accepted by ``apply``. Prices are listed in whole $M from 0 to the
proceeds and in dividends from 1 to the space's dividends; offers name one card each (a bundle
is legal too, but listing every bundle would only slow the bots down).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from functools import lru_cache
from typing import Any, cast

from . import actions as A
from .actions import Action
from .cards import COLOURS, Card, Kind, family, sort_hand
from .game import possible_closes, responders
from .options import Variant
from .state import CardRef, Deal, GameState, InvestorRef, Phase, Price, WindowKind


@lru_cache(maxsize=16384)
def _make(cls: type[Any], *fields: tuple[str, Any]) -> Action:
    """Actions are immutable values that recur all game long: build each one once."""
    return cast(Action, cls(**dict(fields)))


_INVESTOR = {c: InvestorRef(colour=c) for c in COLOURS}

#: What an unknown hand is taken to hold: one of everything, and a full hire set.
_ANY_HAND: tuple[Card, ...] = (*Card, Card.HIRE, Card.HIRE)


def _hand(state: GameState, seat: int) -> tuple[Card, ...]:
    hand = state.players[seat].hand
    return _ANY_HAND if hand is None else hand


def actors(state: GameState) -> frozenset[int]:
    """Whose decision it may be now. During a deal anyone may act: there is no order (§3.2)."""
    phase = state.phase
    if phase is Phase.OVER:
        return frozenset()
    if state.window is not None or phase is Phase.DEAL:
        return frozenset(range(state.n))
    if phase is Phase.PLACE_MARKER:
        return frozenset({state.right_of(state.turn)})
    if phase is Phase.END_ROLL:
        assert state.end_roller is not None
        return frozenset({state.end_roller})
    return frozenset({state.turn})


def legal_actions(state: GameState, player: int | None) -> list[Action]:
    """Every action ``player`` may take now; ``None`` asks for the table's timer (TimeUp)."""
    if player is None:
        return [A.TimeUp()] if state.window is not None else []
    return list(_legal(state, player))


def _legal(state: GameState, p: int) -> Iterator[Action]:
    phase = state.phase
    if phase is Phase.OVER:
        return
    if state.window is not None:
        yield from _window_answers(state, p)
        return
    if phase is Phase.PLACE_MARKER:
        if p == state.right_of(state.turn):
            yield from (A.PlaceMarker(player=p, space=s) for s in state.uncovered())
    elif phase in (Phase.TURN, Phase.ROLLED):
        if p != state.turn:
            return
        hand = state.players[p].hand
        if not (state.options.has(Variant.V5) and hand is not None and len(hand) <= 3):
            yield _make(A.StartDeal, ("player", p))
        if phase is Phase.TURN:
            yield from _rolls(state, p)
        elif not (state.options.has(Variant.V2) and hand is not None and len(hand) >= 10):
            yield _make(A.Draw, ("player", p))
    elif phase is Phase.HAND_LIMIT:
        if p == state.turn:
            hand = _hand(state, p)
            excess = len(hand) - state.hand_limit()
            yield from (A.Discard(player=p, cards=c) for c in _sub_multisets(hand, excess))
            yield from _hires(state, p)
    elif phase is Phase.END_ROLL:
        if p == state.end_roller:
            yield from _rolls(state, p)
    elif phase is Phase.DEAL:
        yield from _influence(state, p)
        yield from _negotiation(state, p)


def _rolls(state: GameState, p: int) -> Iterator[Action]:
    if state.rng is not None:
        yield A.Roll(player=p)
    else:
        yield from (A.Roll(player=p, value=v) for v in range(1, 7))


def _window_answers(state: GameState, p: int) -> Iterator[Action]:
    window = state.window
    assert window is not None
    if window.kind is WindowKind.LAST_CALL:
        if p != window.player:
            yield from _influence(state, p)
    elif Card.STOP in _hand(state, p):
        yield _make(A.PlayStop, ("player", p))
    if p in responders(state):
        yield _make(A.Pass, ("player", p))


def _sub_multisets(hand: tuple[Card, ...], k: int) -> Iterator[tuple[Card, ...]]:
    """Each distinct way to pick ``k`` cards from the hand (cards of a kind are alike)."""
    counts = list(Counter(sort_hand(hand)).items())  # in the hand's order, as Discard keeps

    def pick(i: int, left: int) -> Iterator[tuple[Card, ...]]:
        if left == 0:
            yield ()
            return
        if i == len(counts):
            return
        card, have = counts[i]
        for take in range(min(have, left), -1, -1):
            for rest in pick(i + 1, left - take):
                yield (card,) * take + rest

    if k > 0:
        yield from pick(0, k)


def _hires(state: GameState, p: int) -> Iterator[Action]:
    if Counter(_hand(state, p))[Card.HIRE] < 3:
        return
    unowned = state.unowned()
    for colour in COLOURS:
        owner = state.owners[colour]
        if owner == p or (unowned and owner is not None):
            continue  # H1, H2
        yield _make(A.PlayHire, ("player", p), ("colour", colour))


def _influence(state: GameState, p: int) -> Iterator[Action]:
    deal = state.deal
    assert deal is not None
    hand = _hand(state, p)
    held = set(hand)
    for colour in COLOURS:
        if family(colour) in held:
            yield _make(A.LayFamily, ("player", p), ("colour", colour))
    own_ok = state.options.has(Variant.V8)  # TR5: one's own investor only under V8
    targets: list[CardRef] = [
        _INVESTOR[c]
        for c in COLOURS
        if state.owners[c] is not None
        and not deal.travelling(c)
        and (own_ok or state.owners[c] != p)
    ]
    targets += list(dict.fromkeys(deal.family))
    for card in dict.fromkeys(hand):  # hand order, not set order: results must not vary
        if card.kind is not Kind.TRAVEL:
            continue
        grey = card is Card.TRAVEL_GREY
        for target in targets:
            if grey or target.colour is card.colour:
                yield _make(A.PlayTravel, ("player", p), ("target", target), ("grey", grey))
    if Card.BOSS in held and p != deal.boss:
        yield _make(A.PlayBoss, ("player", p))
    yield from _hires(state, p)


def _prices(state: GameState) -> tuple[int, int]:
    """The key of the price list: (proceeds, dividends)."""
    assert state.deal is not None
    return state.proceeds, state.board.space(state.deal.space).dividends


@lru_cache(maxsize=256)
def _price_list(proceeds: int, dividends: int) -> tuple[Price, ...]:
    return tuple(Price(amount=m) for m in range(proceeds + 1)) + tuple(
        Price(amount=d, dividends=True) for d in range(1, dividends + 1)
    )


# Offers and asks are immutable values that recur in every deal: build each list once.
@lru_cache(maxsize=4096)
def _offers(
    boss: int, supplier: int, ref: CardRef, proceeds: int, dividends: int
) -> tuple[Action, ...]:
    cards = (ref,)
    return tuple(
        A.Offer(player=boss, supplier=supplier, cards=cards, price=x)
        for x in _price_list(proceeds, dividends)
    )


@lru_cache(maxsize=4096)
def _asks(player: int, ref: CardRef, proceeds: int, dividends: int) -> tuple[Action, ...]:
    cards = (ref,)
    return tuple(
        A.Ask(player=player, cards=cards, price=x) for x in _price_list(proceeds, dividends)
    )


def _offerable(state: GameState, deal: Deal, supplier: int) -> list[CardRef]:
    agreed = {ref for a in deal.agreements if a.supplier == supplier for ref in a.cards}
    cards: list[CardRef] = [
        _INVESTOR[c] for c in state.investors_of(supplier) if not deal.travelling(c)
    ]
    cards += [f for f in dict.fromkeys(deal.family) if f.owner == supplier]
    return [c for c in cards if c not in agreed]


def _affordable(state: GameState, deal: Deal, price: Price) -> bool:
    tile = state.next_tile
    assert tile is not None
    promised = sum(a.price.dollars(tile.value) for a in deal.agreements)
    return promised + price.dollars(tile.value) <= state.proceeds


def _negotiation(state: GameState, p: int) -> Iterator[Action]:
    deal = state.deal
    assert deal is not None
    prices = _prices(state)
    if p == deal.boss:
        for s in range(state.n):
            if s == p:
                continue
            for ref in _offerable(state, deal, s):
                yield from _offers(p, s, ref, *prices)
        for prop in deal.proposals:
            if not prop.by_boss and _affordable(state, deal, prop.price):
                yield _make(A.Accept, ("player", p), ("supplier", prop.supplier))
            if prop.by_boss:
                yield _make(A.Withdraw, ("player", p), ("supplier", prop.supplier))
        can_close = False
        for supplies in possible_closes(state):  # each distinct close once
            can_close = True
            yield A.Close(player=p, supplies=supplies)
        if not (state.options.has(Variant.V8) and can_close):
            yield _make(A.Fail, ("player", p))
        if deal.may_reset:
            yield _make(A.Reset, ("player", p))
        for s in sorted({a.supplier for a in deal.agreements}):
            if (p, s) not in deal.cancel_requests:
                yield _make(A.CancelAgreement, ("player", p), ("other", s))
        return
    for ref in _offerable(state, deal, p):
        yield from _asks(p, ref, *prices)
    mine = next((q for q in deal.proposals if q.supplier == p), None)
    if mine is not None:
        if mine.by_boss and _affordable(state, deal, mine.price):
            yield _make(A.Accept, ("player", p))
        if not mine.by_boss:
            yield _make(A.Withdraw, ("player", p))
    if any(a.supplier == p for a in deal.agreements) and (p, deal.boss) not in deal.cancel_requests:
        yield _make(A.CancelAgreement, ("player", p), ("other", deal.boss))


__all__ = ["actors", "legal_actions"]
