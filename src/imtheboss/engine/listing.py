"""The legal actions, listed: the lists ``legal.py`` hands out, built fast.

Every list follows the rules as the deciders decide them (``deciders.py``: a price fits the
room, N3; a hire, H1/H2; a travel target, TR1/TR4/TR5; the boss card, B1), and is built once
per combination of the few facts it depends on, or carried over from the state before while
those facts are the very same objects (``memo``). Prices are listed in whole $M from 0 to the
proceeds and in dividends from 1 to the space's dividends; offers name one card each (a
bundle is legal too, but listing every bundle would only slow the bots down). A deal of
more than ``LISTED_PRICES`` $M (a custom board's) lists that many prices spread from $0M to
the proceeds, and its dividends likewise: the lists' size does not grow with the money
(every price in between stays legal, only unlisted).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from itertools import repeat
from operator import is_
from typing import Any, cast

from . import actions as A
from .actions import Action
from .cards import COLOURS, Card, Colour, Kind, family, sort_hand
from .closes import close_actions, must_close
from .common import _deal_money, price_room
from .deciders import (
    HIRE_SET,
    may_cancel,
    may_hire,
    may_travel_on,
    not_the_boss,
    price_fits,
    travel_colours,
)
from .memo import Cache, Carries, Carry, Fact, cached
from .options import Variant
from .priced import PricedActions
from .state import CardRef, Deal, FamilyRef, GameState, InvestorRef, Price

#: The cards each seat could offer, and the travel targets: blind to the proposals.
OFFERABLE = Fact("offerable", blind_to_proposals=True)
TRAVEL_TARGETS = Fact("travel targets", blind_to_proposals=True)


@cached(maxsize=16384)
def _make(cls: type[Any], *fields: tuple[str, Any]) -> Action:
    """Actions are immutable values that recur all game long: build each one once."""
    return cast(Action, cls(**dict(fields)))


_INVESTOR = {c: InvestorRef(colour=c) for c in COLOURS}

#: Read once: each lookup on an enum class goes through ``EnumType.__getattr__`` in 3.11.
_HIRE, _BOSS, _TRAVEL_GREY, _TRAVEL, _V8 = (
    Card.HIRE,
    Card.BOSS,
    Card.TRAVEL_GREY,
    Kind.TRAVEL,
    Variant.V8,
)

#: What an unknown hand is taken to hold: one of everything, and a full hire set.
_ANY_HAND: tuple[Card, ...] = (*Card, Card.HIRE, Card.HIRE)


def _hand(state: GameState, seat: int) -> tuple[Card, ...]:
    hand = state.players[seat].hand
    return _ANY_HAND if hand is None else hand


def _wants(want: frozenset[str] | None, *kinds: str) -> bool:
    return want is None or not want.isdisjoint(kinds)


def _rolls(state: GameState, p: int) -> Iterator[Action]:
    if state.rng is not None:
        yield _make(A.Roll, ("player", p))  # the same roll all game long: built once
    else:
        yield from (A.Roll(player=p, value=v) for v in range(1, 7))


def _sub_multisets(hand: tuple[Card, ...], k: int) -> Iterator[tuple[Card, ...]]:
    """Each distinct way to pick ``k`` cards from the hand (cards of a kind are alike): each
    kind's count from the most down to none, with each way to pick the rest from the kinds
    after it. The ways from one kind on are worked out once for each number left to pick
    (a hand at the limit has up to a hundred ways, and the same rests recur in many)."""
    counts = list(Counter(sort_hand(hand)).items())  # in the hand's order, as Discard keeps
    rests: dict[tuple[int, int], list[tuple[Card, ...]]] = {}

    def pick(i: int, left: int) -> list[tuple[Card, ...]]:
        if left == 0:
            return [()]
        if i == len(counts):
            return []
        found = rests.get((i, left))
        if found is None:
            card, have = counts[i]
            found = rests[(i, left)] = [
                (card,) * take + rest
                for take in range(min(have, left), -1, -1)
                for rest in pick(i + 1, left - take)
            ]
        return found

    return iter(pick(0, k) if k > 0 else ())


def _hires(state: GameState, p: int) -> tuple[Action, ...]:
    if _hand(state, p).count(_HIRE) < HIRE_SET:
        return ()
    return _hire_list(p, tuple(map(state.owners.__getitem__, COLOURS)))


@cached(maxsize=4096)
def _hire_list(p: int, owners: tuple[int | None, ...]) -> tuple[Action, ...]:
    unowned = None in owners
    return tuple(
        A.PlayHire(player=p, colour=colour)
        for colour, owner in zip(COLOURS, owners, strict=True)
        if may_hire(owner, p, unowned)
    )


def _influence(state: GameState, p: int) -> tuple[Action, ...]:
    """Family cards, travel cards, a boss card and hire sets ``p`` could play now. The list
    depends only on a few small facts, so it is built once for each combination of them."""
    return _influence_list(*_influence_key(state, p)) + _hires(state, p)


def _influence_key(
    state: GameState, p: int
) -> tuple[
    int, tuple[Card, ...], tuple[tuple[Colour, int], ...], tuple[FamilyRef, ...], bool, bool
]:
    deal = state.deal
    assert deal is not None
    return (
        p,
        _hand(state, p),
        *_travel_targets(state),
        state.options.has(_V8),
        not_the_boss(p, deal.boss),  # may_play_boss (B1), one C call
    )


def _travel_targets(
    state: GameState,
) -> tuple[tuple[tuple[Colour, int], ...], tuple[FamilyRef, ...]]:
    """The investors a travel card could send away, with their owners, and the family cards
    laid in the deal: the same for every seat, so once per state."""
    deal = state.deal
    assert deal is not None
    memo = state.__dict__.get("_memo") or state.memo()  # hot: no call
    targets: tuple[tuple[tuple[Colour, int], ...], tuple[FamilyRef, ...]] | None = memo.get(
        TRAVEL_TARGETS
    )
    if targets is None:
        owners = state.owners
        if deal.trips:
            investors = tuple(
                (c, o) for c in COLOURS if (o := owners[c]) is not None and not deal.travelling(c)
            )
        else:  # nothing travelling (most of a deal): the owned investors, by their owners
            investors = _owned(tuple(map(owners.__getitem__, COLOURS)))
        laid = deal.family
        targets = memo[TRAVEL_TARGETS] = (investors, tuple(dict.fromkeys(laid)) if laid else ())
    return targets


@cached(maxsize=1024)
def _owned(owners: tuple[int | None, ...]) -> tuple[tuple[Colour, int], ...]:
    return tuple((c, o) for c, o in zip(COLOURS, owners, strict=True) if o is not None)


@cached(maxsize=4096)
def _lay_family(p: int, hand: tuple[Card, ...]) -> tuple[Action, ...]:
    """The family cards ``p`` could lay: first in ``_influence_list``, in the same order."""
    held = set(hand)
    return tuple(
        _make(A.LayFamily, ("player", p), ("colour", colour))
        for colour in COLOURS
        if family(colour) in held
    )


@cached(maxsize=16384)
def _influence_list(
    p: int,
    hand: tuple[Card, ...],
    investors: tuple[tuple[Colour, int], ...],
    laid: tuple[FamilyRef, ...],
    own_ok: bool,
    boss_ok: bool,
) -> tuple[Action, ...]:
    out: list[Action] = list(_lay_family(p, hand))
    held = set(hand)
    # The investors are owned and not travelling (``_travel_targets``); TR5 is the player's.
    targets: list[CardRef] = [
        _INVESTOR[c] for c, o in investors if may_travel_on(o, False, p, own_ok)
    ]
    targets += laid
    for card in dict.fromkeys(hand):  # hand order, not set order: results must not vary
        if card.kind is not _TRAVEL:
            continue
        grey = card is _TRAVEL_GREY
        fits = travel_colours(card)  # travel_card_fits (TR1), one call per card
        for target in targets:
            if target.colour in fits:
                out.append(A.PlayTravel(player=p, target=target, grey=grey))
    if _BOSS in held and boss_ok:
        out.append(_make(A.PlayBoss, ("player", p)))
    return tuple(out)


def _priced(state: GameState, p: int, offers: bool) -> Sequence[Action]:
    """The asks, or the offers, alone (in a deal's negotiation, no window open): the list is
    hundreds long, so it is put together from the remembered lists of each card instead of
    built with the rest and filtered, and handed out as those lists (``PricedActions``)."""
    deal = state.deal
    assert deal is not None
    boss = p == deal.boss
    if boss is not offers:
        return ()  # the Boss makes offers, the others ask (N4, N1)
    # The list depends on the offerable cards and the prices alone: the same for every step
    # that changes neither (most of a negotiation's steps), so each seat's last list is
    # carried over while the offerable cards are the same (compared as lists of the same
    # few card objects: fast).
    every = _every_offerable(state, deal)
    refs: object = every if boss else every[p]
    prices = _prices(state)
    last = _LAST_PRICED.get(p)
    if last is not None and last[0] is boss and last[2] == prices and last[1] == refs:
        return last[3]
    runs: list[tuple[Action, ...]] = []
    if boss:
        for s in range(state.n):
            if s != p:
                for ref in every[s]:
                    runs.append(_offers(p, s, ref, *prices))
    else:
        for ref in every[p]:
            runs.append(_asks(p, ref, *prices))
    found = PricedActions(tuple(runs))
    _LAST_PRICED[p] = (boss, refs, prices, found)
    return found


#: Each seat's last ``_priced`` list: whether it was the Boss's offers, the offerable cards
#: it was built from, the prices, the list.
_LAST_PRICED: Carries[int, tuple[bool, object, tuple[int, int], PricedActions]] = Carries(
    "priced lists"
)


def _prices(state: GameState) -> tuple[int, int]:
    """The key of the price list: (proceeds, dividends)."""
    _, dividends, proceeds = _deal_money(state)
    return proceeds, dividends


# Offers and asks are immutable values that recur in every deal: build each list once.
def _offers(
    boss: int, supplier: int, ref: CardRef, proceeds: int, dividends: int
) -> tuple[Action, ...]:
    # Keyed by what tells the card apart among the supplier's (its colour, and whether it is
    # a family card): numbers and strings hash in C, a card reference in Python.
    key = (boss, supplier, ref.colour, ref.kind, proceeds, dividends)
    found = _PRICED_LISTS.get(key)
    if found is None:
        cards = (ref,)
        found = _priced_list(
            key,
            (boss, supplier, ref),
            lambda x: A.Offer(player=boss, supplier=supplier, cards=cards, price=x),
            proceeds,
            dividends,
        )
    return found


def _asks(player: int, ref: CardRef, proceeds: int, dividends: int) -> tuple[Action, ...]:
    key = (player, ref.colour, ref.kind, proceeds, dividends)
    found = _PRICED_LISTS.get(key)
    if found is None:
        cards = (ref,)
        found = _priced_list(
            key,
            (player, ref),
            lambda x: A.Ask(player=player, cards=cards, price=x),
            proceeds,
            dividends,
        )
    return found


def _priced_list(
    key: tuple[Any, ...],
    run: tuple[Any, ...],
    build: Callable[[Price], Action],
    proceeds: int,
    dividends: int,
) -> tuple[Action, ...]:
    if len(_PRICED_LISTS) >= _PRICED_LISTS.limit:
        _PRICED_LISTS.clear()
    found = _PRICED_LISTS[key] = _price_run(run, build, proceeds, dividends)
    return found


#: Each (player, [supplier,] card's colour and kind, proceeds, dividends)'s asks or offers.
_PRICED_LISTS: Cache[tuple[Any, ...], tuple[Action, ...]] = Cache("priced lists", 16384)


def _price_run(
    key: tuple[Any, ...], build: Callable[[Price], Action], proceeds: int, dividends: int
) -> tuple[Action, ...]:
    """One card's asks or offers at every price of a deal ($0M to the proceeds, then 1 to
    the space's dividends), cut from that card's actions at $0M, $1M, … and at 1, 2, …
    dividends, built as far as any deal has needed them: each deal's proceeds are new, but
    its prices are mostly an earlier deal's, so a table builds each action once (it built
    thousands a game when each deal's list was built anew)."""
    if proceeds > LISTED_PRICES or dividends > LISTED_PRICES:
        return (
            *(build(Price(amount=a)) for a in _spread(0, proceeds)),
            *(build(Price(amount=d, dividends=True)) for d in _spread(1, dividends)),
        )
    runs = _PRICE_RUNS.get(key)
    if runs is None:
        runs = _PRICE_RUNS[key] = ([], [])
    dollars, shares = runs
    while len(dollars) <= proceeds:
        dollars.append(build(Price(amount=len(dollars))))
    while len(shares) < dividends:
        shares.append(build(Price(amount=len(shares) + 1, dividends=True)))
    return (*dollars[: proceeds + 1], *shares[:dividends])


#: At most this many prices in $M (and in dividends) are listed per card: the default board's
#: largest deal pays $35M, so its games list every whole price.
LISTED_PRICES = 100


def _spread(low: int, high: int) -> range | list[int]:
    """Every whole number from ``low`` to ``high``, or ``LISTED_PRICES`` of them spread evenly,
    both ends included, when there are more."""
    if high - low < LISTED_PRICES:
        return range(low, high + 1)
    steps = LISTED_PRICES - 1
    return [low + (high - low) * i // steps for i in range(LISTED_PRICES)]


#: ``_price_run``'s actions for each card and player: (at $0M, $1M, …; at 1, 2, … dividends).
_PRICE_RUNS: Cache[tuple[Any, ...], tuple[list[Action], list[Action]]] = Cache("price runs")


def _offerable(state: GameState, deal: Deal, supplier: int) -> tuple[CardRef, ...]:
    """Cards ``supplier`` could still name in an offer (N1, N5, TR1)."""
    return _every_offerable(state, deal)[supplier]


def _every_offerable(state: GameState, deal: Deal) -> tuple[tuple[CardRef, ...], ...]:
    """``_offerable`` of every seat at once, remembered with the state."""
    memo = state.__dict__.get("_memo") or state.memo()  # hot: no call
    every: tuple[tuple[CardRef, ...], ...] | None = memo.get(OFFERABLE)
    if every is not None:
        return every
    # The same for every state whose deal has the same family cards, trips and agreements,
    # with the same owners: most steps of a deal (asks, offers, withdrawals) change none of
    # them, and a deal copied with changes keeps the very tuples it did not change, so the
    # last answer is found by their identities (held here, so no identity is reused).
    owners = state.owners
    last = _LAST_OFFERABLE.last
    found: tuple[tuple[CardRef, ...], ...] | None = None
    family = deal.family
    if (
        last is not None
        and last[3] is deal.trips
        and last[4] is deal.agreements
        and (
            last[5] is owners
            or (last[0] == state.n and last[1] == tuple(map(owners.__getitem__, COLOURS)))
        )
    ):
        if last[2] is family:
            found = last[6]
        elif len(family) == len(last[2]) + 1 and family[:-1] == last[2]:
            # one more family card laid since (the step before, most often)
            found = _one_more_laid(last[6], last[2], family[-1], deal)
    if found is not None:
        every = found
    else:
        lists: list[list[CardRef]] = [[] for _ in range(state.n)]
        agreements = deal.agreements
        agreed = {(a.supplier, ref) for a in agreements for ref in a.cards} if agreements else None
        trips = deal.trips
        for c in COLOURS:
            o = owners[c]
            if o is None or (trips and deal.travelling(c)):
                continue
            if not agreed or (o, _INVESTOR[c]) not in agreed:
                lists[o].append(_INVESTOR[c])
        if family:
            laid: set[tuple[int, Colour]] = set()  # each card once (dict.fromkeys by value)
            for f in family:
                key = (f.owner, f.colour)
                if key not in laid:
                    laid.add(key)
                    if not agreed or (f.owner, f) not in agreed:
                        lists[f.owner].append(f)
        every = tuple(map(tuple, lists))
    if last is None or last[6] is not every or last[2] is not family:
        _LAST_OFFERABLE.last = (
            state.n,
            tuple(map(owners.__getitem__, COLOURS)),
            family,
            deal.trips,
            deal.agreements,
            owners,
            every,
        )
    memo[OFFERABLE] = every
    return every


def _one_more_laid(
    every: tuple[tuple[CardRef, ...], ...],
    before: tuple[FamilyRef, ...],
    laid: FamilyRef,
    deal: Deal,
) -> tuple[tuple[CardRef, ...], ...]:
    """``every`` (worked out with the family cards ``before``) with ``laid`` laid too: its
    owner may offer it, unless a card alike was laid before or it is agreed already (the
    full loop's rules). The lists of ``every`` are never changed."""
    if (
        any(map(is_, before, repeat(laid)))  # by identity first, in C
        or laid in before
        or any(a.supplier == laid.owner and laid in a.cards for a in deal.agreements)
    ):
        return every
    out = list(every)
    out[laid.owner] = (*every[laid.owner], laid)
    return tuple(out)


#: ``_offerable``'s last answer, after the facts it was worked out from: the number of
#: players, who owns each investor, the very tuples of the deal and the owners' dict.
_LAST_OFFERABLE: Carry[tuple[Any, ...]] = Carry("offerable cards")


def _negotiation(state: GameState, p: int, want: frozenset[str] | None, out: list[Action]) -> None:
    deal = state.deal
    assert deal is not None
    if p == deal.boss:
        if _wants(want, "offer"):
            out.extend(_priced(state, p, True))  # carried over while the cards are the same
        for prop in deal.proposals:
            if not prop.by_boss and price_fits(prop.price, *price_room(state, deal)):
                out.append(_make(A.Accept, ("player", p), ("supplier", prop.supplier)))
            if prop.by_boss:
                out.append(_make(A.Withdraw, ("player", p), ("supplier", prop.supplier)))
        closes = close_actions(state)
        out.extend(closes)
        if not (closes and must_close(state)):
            out.append(_make(A.Fail, ("player", p)))
        if deal.may_reset:
            out.append(_make(A.Reset, ("player", p)))
        for s in sorted({a.supplier for a in deal.agreements}):
            if may_cancel(deal, p, s):
                out.append(_make(A.CancelAgreement, ("player", p), ("other", s)))
        return
    if _wants(want, "ask"):
        out.extend(_priced(state, p, False))
    mine = next((q for q in deal.proposals if q.supplier == p), None)
    if mine is not None:
        if mine.by_boss and price_fits(mine.price, *price_room(state, deal)):
            out.append(_make(A.Accept, ("player", p)))
        if not mine.by_boss:
            out.append(_make(A.Withdraw, ("player", p)))
    if any(a.supplier == p for a in deal.agreements) and may_cancel(deal, p, deal.boss):
        out.append(_make(A.CancelAgreement, ("player", p), ("other", deal.boss)))
