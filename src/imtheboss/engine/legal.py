"""What each player may do right now, so bots, tests and the UI never guess.

Every action listed here is accepted by ``apply``. Prices are listed in whole $M from 0 to the
proceeds and in dividends from 1 to the space's dividends; offers name one card each (a bundle
is legal too, but listing every bundle would only slow the bots down).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Iterator, Sequence
from functools import lru_cache
from itertools import repeat
from operator import is_
from typing import Any, cast, overload

from . import actions as A
from .actions import Action
from .cards import COLOURS, Card, Colour, Kind, family, sort_hand
from .common import _deal_money, _room
from .game import close_actions, responders
from .options import Variant
from .state import CardRef, Deal, FamilyRef, GameState, InvestorRef, Phase, Price, WindowKind


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


def legal_actions(
    state: GameState, player: int | None, kinds: Collection[str] | None = None
) -> list[Action]:
    """Every action ``player`` may take now; ``None`` asks for the table's timer (TimeUp).

    ``kinds`` (action ``kind`` values, e.g. ``{"close", "fail"}``) asks for those kinds only,
    in the same order, without building the rest (the hundreds of priced offers). The answer
    is remembered with the state, so asking twice costs a lookup."""
    if player is None:
        return [A.TimeUp()] if state.window is not None else []
    return list(_remembered(state, player, None if kinds is None else _want(kinds)))


def _want(kinds: Collection[str]) -> frozenset[str]:
    """The memo's key for ``kinds``: bots ask for the same one or two kinds at every step,
    so the frozenset of each tuple is made once."""
    if isinstance(kinds, frozenset):
        return kinds
    found = _WANTS.get(kinds) if isinstance(kinds, tuple) else None
    if found is None:
        found = frozenset(kinds)
        if isinstance(kinds, tuple) and len(_WANTS) < 256:
            _WANTS[kinds] = found
    return found


#: The few tuples of kinds callers ask for, as the frozensets the memo is keyed by.
_WANTS: dict[tuple[str, ...], frozenset[str]] = {}
_ASK = _want(("ask",))
_OFFER = _want(("offer",))
_CLOSE = _want(("close",))
_LAY = _want(("lay_family",))
#: Each kind alone, as the memo's key: asked at almost every step (``of_one``, ``in``).
_ONE: dict[str, frozenset[str]] = {kind: _want((kind,)) for kind in A.KINDS}


def _remembered(state: GameState, player: int, want: frozenset[str] | None) -> list[Action]:
    """``legal_actions``' answer as the state's memo holds it: never to be changed."""
    memo = state.__dict__.get("_memo") or state.memo()  # hot: no call
    key = ("legal", player, want)
    found: list[Action] | None = memo.get(key)
    if found is None:
        if want is not None and state.phase is _DEAL and state.window is None:
            found = _deal_only(state, player, want)
        if found is None:
            found = _legal(state, player, want)
            if want is not None:
                found = [a for a in found if a.kind in want]
        memo[key] = found
    return found


def _deal_only(state: GameState, p: int, want: frozenset[str]) -> list[Action] | None:
    """One kind of a deal's actions, alone, without building the others: a bot that picked a
    kind asks for it at almost every step. The same actions in the same order as the whole
    list filtered; None for the kinds that are only worth filtering."""
    if want is _CLOSE:  # a random Boss asks at every turn it takes
        deal = state.deal
        assert deal is not None
        if p != deal.boss:
            return []
        closes: list[Action] = close_actions(state)  # type: ignore[assignment]  # hot: no cast
        return closes
    if want is _ASK or want is _OFFER:
        return _priced(state, p, want)
    if want is _LAY:
        return list(_lay_family(p, _hand(state, p)))
    if want <= _INFLUENCE_SET:  # the influence cards come first in the whole list
        return [a for a in _influence(state, p) if a.kind in want]
    return None


def _priced(state: GameState, p: int, want: frozenset[str]) -> list[Action]:
    """The asks, or the offers, alone (in a deal's negotiation, no window open): the list is
    hundreds long, so it is put together from the remembered lists of each card instead of
    built with the rest and filtered."""
    deal = state.deal
    assert deal is not None
    boss = p == deal.boss
    if boss is not (want is _OFFER):
        return []  # the Boss makes offers, the others ask (N4, N1)
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
    out: list[Action] = []
    if boss:
        for s in range(state.n):
            if s != p:
                for ref in every[s]:
                    out.extend(_offers(p, s, ref, *prices))
    else:
        for ref in every[p]:
            out.extend(_asks(p, ref, *prices))
    _LAST_PRICED[p] = (boss, refs, prices, out)
    return out


#: Each seat's last ``_priced`` list: whether it was the Boss's offers, the offerable cards
#: it was built from, the prices, the list. Never to be changed.
_LAST_PRICED: dict[int, tuple[bool, object, tuple[int, int], list[Action]]] = {}


def legal_kinds(state: GameState, player: int) -> frozenset[str]:
    """The kinds of action ``player`` may take now (``{a.kind for a in legal_actions(...)}``),
    without building the priced offers and asks: a chooser can pick a kind first, then ask
    ``legal_actions`` for that kind alone."""
    memo = state.__dict__.get("_memo") or state.memo()  # hot: no call
    key = ("kinds", player)
    found: frozenset[str] | None = memo.get(key)
    if found is None:
        if state.phase is _DEAL and state.window is None:
            # Read off the same facts ``_negotiation`` reads, without building a single
            # action (a bot table asks this of almost every seat at every step).
            deal = state.deal
            assert deal is not None
            if player == deal.boss:
                talk = memo.get("boss kinds") or _boss_kinds(state, deal)
            else:
                talk = (memo.get("seat kinds") or _seat_kinds(state, deal))[player]
            found = _union(_influence_kinds(state, player), talk)
        else:  # few actions outside a deal's negotiation: the list itself, remembered too
            found = frozenset(a.kind for a in legal_actions(state, player))
        memo[key] = found
    return found


_DEAL = Phase.DEAL


@lru_cache(maxsize=4096)
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
    only that seat's are worked out again (``common._with_proposals``,
    ``common._hand_on_seat_kinds``)."""
    memo = state.__dict__.get("_memo") or state.memo()  # hot: no call
    found: tuple[frozenset[str], ...] | None = memo.get("seat kinds")
    if found is None:
        every: list[list[CardRef]] = memo.get("offerable") or _every_offerable(state, deal)
        before = memo.get("seat kinds before")
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
        memo["seat kinds"] = found
    return found


def _bits_of(state: GameState, deal: Deal, s: int, offerable: list[CardRef]) -> int:
    """``_seat_kinds``' bits of one seat (the Boss's are read but never used)."""
    bits = _ASKS if offerable else 0
    for prop in deal.proposals:
        if prop.supplier == s:  # its first proposal, as _negotiation reads it
            if not prop.by_boss:
                bits |= _WITHDRAWS
            else:
                value, room = _room(state, deal)
                if prop.price.dollars(value) <= room:
                    bits |= _ACCEPTS
            break
    agreements = deal.agreements
    if (
        agreements
        and (s, deal.boss) not in deal.cancel_requests
        and any(a.supplier == s for a in agreements)
    ):
        bits |= _CANCELS
    return bits


def has_legal(state: GameState, player: int) -> bool:
    """``bool(legal_kinds(state, player))``, from the cheapest fact first: a table asks it of
    every seat at every moment of a deal, and a random bot lets half of them pass without
    looking at its kinds. A deal's Boss may always act: fail, or close when V8 forbids the
    fail (F1, V8)."""
    if state.phase is _DEAL and state.window is None:
        deal = state.deal
        assert deal is not None
        if player == deal.boss:
            return True
        hand = state.players[player].hand
        if hand is None or not _FAMILY_CARDS.isdisjoint(hand):
            return True  # a family card may always be laid in a deal (D4, N1)
        # legal_kinds' two halves, the one worked out for every seat at once first
        memo = state.__dict__.get("_memo")
        seats = memo.get("seat kinds") if memo else None  # hot: no call
        if seats is None:
            seats = _seat_kinds(state, deal)
        return bool(seats[player] or _influence_kinds(state, player))
    return bool(legal_kinds(state, player))


def _boss_kinds(state: GameState, deal: Deal) -> frozenset[str]:
    """The Boss's negotiation kinds, as ``_negotiation`` lists them, once per state (as bits,
    then the one frozenset of that combination)."""
    memo = state.__dict__.get("_memo") or state.memo()  # hot: no call
    found: frozenset[str] | None = memo.get("boss kinds")
    if found is None:
        boss = deal.boss
        bits = 0
        for s, refs in enumerate(memo.get("offerable") or _every_offerable(state, deal)):
            if refs and s != boss:
                bits = _OFFERS
                break
        if deal.proposals:
            value, room = _room(state, deal)
            for prop in deal.proposals:
                if prop.by_boss:
                    bits |= _B_WITHDRAWS
                elif prop.price.dollars(value) <= room:  # affordable (N3)
                    bits |= _B_ACCEPTS
        if close_actions(state):
            bits |= _CLOSES if state.options.has(Variant.V8) else _CLOSES | _FAILS
        else:
            bits |= _FAILS
        if deal.may_reset:
            bits |= _RESETS
        if deal.agreements:
            requests = deal.cancel_requests
            for a in deal.agreements:
                if (boss, a.supplier) not in requests:
                    bits |= _B_CANCELS
                    break
        found = memo["boss kinds"] = _BOSS_KIND_SETS[bits]
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


class LegalActions(Sequence[Action]):
    """``legal_actions(state, player)`` built only when it is read in full.

    A chooser that picks a kind first (``kinds``, then ``of``) or lets the moment pass never
    builds the hundreds of priced offers; one that iterates gets the whole list, as before.
    ``in`` asks only for the kind of the action in question."""

    __slots__ = ("_all", "_given", "player", "state")

    def __init__(self, state: GameState, player: int) -> None:
        self.state, self.player = state, player
        self._all: list[Action] | None = None
        #: The last list ``of_one`` handed out: the one a chooser's answer usually comes from.
        self._given: Sequence[Action] = ()

    @property
    def kinds(self) -> frozenset[str]:
        return legal_kinds(self.state, self.player)

    def of(self, *kinds: str) -> list[Action]:
        """The legal actions of these kinds, in the order of the whole list."""
        return legal_actions(self.state, self.player, kinds)

    def of_one(self, kind: str) -> Sequence[Action]:
        """``of(kind)`` as the state remembers it, not copied: read it, never change it (a
        chooser that picks one of hundreds of priced offers need not copy them)."""
        found = self._given = _remembered(self.state, self.player, _ONE.get(kind) or _want((kind,)))
        return found

    def _list(self) -> list[Action]:
        found = self._all
        if found is None:
            found = self._all = legal_actions(self.state, self.player)
        return found

    def __len__(self) -> int:
        return len(self._list())

    @overload
    def __getitem__(self, index: int) -> Action: ...
    @overload
    def __getitem__(self, index: slice) -> list[Action]: ...
    def __getitem__(self, index: int | slice) -> Action | list[Action]:
        return self._list()[index]

    def __iter__(self) -> Iterator[Action]:
        return iter(self._list())

    def __contains__(self, action: object) -> bool:
        # A chooser usually hands back one of the very objects it was given: find it by
        # identity (in C) before comparing field by field (hundreds of priced offers).
        if any(map(is_, self._given, repeat(action))):
            return True
        kind = getattr(action, "kind", None)
        if kind is None:
            return False
        same_kind = _remembered(self.state, self.player, _ONE.get(kind) or _want((kind,)))
        return any(map(is_, same_kind, repeat(action))) or action in same_kind

    def __bool__(self) -> bool:
        if self._all is not None:
            return bool(self._all)
        return has_legal(self.state, self.player)

    def __repr__(self) -> str:
        return f"LegalActions({self._list()!r})"


def _wants(want: frozenset[str] | None, *kinds: str) -> bool:
    return want is None or not want.isdisjoint(kinds)


def _legal(state: GameState, p: int, want: frozenset[str] | None) -> list[Action]:
    out: list[Action] = []
    phase = state.phase
    if phase is Phase.OVER:
        return out
    if state.window is not None:
        out.extend(_window_answers(state, p, want))
        return out
    if phase is Phase.PLACE_MARKER:
        if p == state.right_of(state.turn):
            out.extend(A.PlaceMarker(player=p, space=s) for s in state.uncovered())
    elif phase in (Phase.TURN, Phase.ROLLED):
        if p != state.turn:
            return out
        hand = state.players[p].hand
        if not (state.options.has(Variant.V5) and hand is not None and len(hand) <= 3):
            out.append(_make(A.StartDeal, ("player", p)))
        if phase is Phase.TURN:
            out.extend(_rolls(state, p))
        elif not (state.options.has(Variant.V2) and hand is not None and len(hand) >= 10):
            out.append(_make(A.Draw, ("player", p)))
    elif phase is Phase.HAND_LIMIT:
        if p == state.turn:
            hand = _hand(state, p)
            excess = len(hand) - state.hand_limit()
            out.extend(A.Discard(player=p, cards=c) for c in _sub_multisets(hand, excess))
            out.extend(_hires(state, p))
    elif phase is Phase.END_ROLL:
        if p == state.end_roller:
            out.extend(_rolls(state, p))
    elif phase is Phase.DEAL:
        if _wants(want, *_INFLUENCE_KINDS):
            out.extend(_influence(state, p))
        _negotiation(state, p, want, out)
    return out


def _rolls(state: GameState, p: int) -> Iterator[Action]:
    if state.rng is not None:
        yield A.Roll(player=p)
    else:
        yield from (A.Roll(player=p, value=v) for v in range(1, 7))


_INFLUENCE_KINDS = ("lay_family", "travel", "boss", "hire")
_INFLUENCE_SET = frozenset(_INFLUENCE_KINDS)
#: Every kind of action but the priced ones, which are the many.
_CHEAP_KINDS = frozenset(A.KINDS) - {"offer", "ask"}


def _window_answers(state: GameState, p: int, want: frozenset[str] | None) -> Iterator[Action]:
    window = state.window
    assert window is not None
    if window.kind is WindowKind.LAST_CALL:
        if p != window.player and _wants(want, *_INFLUENCE_KINDS):
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


def _hires(state: GameState, p: int) -> tuple[Action, ...]:
    if _hand(state, p).count(Card.HIRE) < 3:
        return ()
    return _hire_list(p, tuple(map(state.owners.__getitem__, COLOURS)))


@lru_cache(maxsize=4096)
def _hire_list(p: int, owners: tuple[int | None, ...]) -> tuple[Action, ...]:
    unowned = None in owners
    return tuple(
        A.PlayHire(player=p, colour=colour)
        for colour, owner in zip(COLOURS, owners, strict=True)
        if not (owner == p or (unowned and owner is not None))  # H1, H2
    )


def _influence(state: GameState, p: int) -> tuple[Action, ...]:
    """Family cards, travel cards, a boss card and hire sets ``p`` could play now. The list
    depends only on a few small facts, so it is built once for each combination of them."""
    return _influence_list(*_influence_key(state, p)) + _hires(state, p)


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
    is_boss = p == deal.boss
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
    if hand is not None and _TRAVEL_CARDS.isdisjoint(hand) and hand.count(Card.HIRE) < 3:
        found = _hand_kinds(hand, is_boss)
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
_LAST_INFLUENCE_KINDS: dict[int, tuple[Any, ...]] = {}


def _influence_kinds_now(state: GameState, p: int) -> frozenset[str]:
    """``_influence_kinds`` worked out from the state, nothing carried."""
    hand = _hand(state, p)
    deal = state.deal
    assert deal is not None
    kinds = set(_hand_kinds(hand, p == deal.boss))
    travels = _TRAVEL_CARDS.intersection(hand)
    if travels:
        investors, laid = _travel_targets(state)
        own_ok = state.options.has(Variant.V8)  # TR5
        colours = {c for c, o in investors if own_ok or o != p}
        colours.update(f.colour for f in laid)
        if colours and (
            Card.TRAVEL_GREY in travels or any(card.colour in colours for card in travels)
        ):
            kinds.add("travel")
    if _hires(state, p):
        kinds.add("hire")
    return frozenset(kinds)


@lru_cache(maxsize=4096)
def _hand_kinds(hand: tuple[Card, ...], is_boss: bool) -> frozenset[str]:
    """The influence kinds that follow from the hand alone: a family card to lay (D4, N1),
    a boss card to play against another Boss (B1). A hand with no travel card and no hire
    set has no others."""
    kinds: set[str] = set()
    if not _FAMILY_CARDS.isdisjoint(hand):
        kinds.add("lay_family")
    if Card.BOSS in hand and not is_boss:
        kinds.add("boss")
    return frozenset(kinds)


_FAMILY_CARDS = frozenset(family(c) for c in COLOURS)
_TRAVEL_CARDS = frozenset(c for c in Card if c.kind is Kind.TRAVEL)


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
        state.options.has(Variant.V8),
        p == deal.boss,
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
        "travel targets"
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
        targets = memo["travel targets"] = (investors, tuple(dict.fromkeys(laid)) if laid else ())
    return targets


@lru_cache(maxsize=1024)
def _owned(owners: tuple[int | None, ...]) -> tuple[tuple[Colour, int], ...]:
    return tuple((c, o) for c, o in zip(COLOURS, owners, strict=True) if o is not None)


@lru_cache(maxsize=4096)
def _lay_family(p: int, hand: tuple[Card, ...]) -> tuple[Action, ...]:
    """The family cards ``p`` could lay: first in ``_influence_list``, in the same order."""
    held = set(hand)
    return tuple(
        _make(A.LayFamily, ("player", p), ("colour", colour))
        for colour in COLOURS
        if family(colour) in held
    )


@lru_cache(maxsize=16384)
def _influence_list(
    p: int,
    hand: tuple[Card, ...],
    investors: tuple[tuple[Colour, int], ...],
    laid: tuple[FamilyRef, ...],
    own_ok: bool,
    is_boss: bool,
) -> tuple[Action, ...]:
    out: list[Action] = list(_lay_family(p, hand))
    held = set(hand)
    # TR5: one's own investor only under V8 (own_ok).
    targets: list[CardRef] = [_INVESTOR[c] for c, o in investors if own_ok or o != p]
    targets += laid
    for card in dict.fromkeys(hand):  # hand order, not set order: results must not vary
        if card.kind is not Kind.TRAVEL:
            continue
        grey = card is Card.TRAVEL_GREY
        for target in targets:
            if grey or target.colour is card.colour:
                out.append(A.PlayTravel(player=p, target=target, grey=grey))
    if Card.BOSS in held and not is_boss:
        out.append(_make(A.PlayBoss, ("player", p)))
    return tuple(out)


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
    if len(_PRICED_LISTS) >= 16384:
        _PRICED_LISTS.clear()
    found = _PRICED_LISTS[key] = _price_run(run, build, proceeds, dividends)
    return found


#: Each (player, [supplier,] card's colour and kind, proceeds, dividends)'s asks or offers.
_PRICED_LISTS: dict[tuple[Any, ...], tuple[Action, ...]] = {}


def _price_run(
    key: tuple[Any, ...], build: Callable[[Price], Action], proceeds: int, dividends: int
) -> tuple[Action, ...]:
    """One card's asks or offers at every price of a deal ($0M to the proceeds, then 1 to
    the space's dividends), cut from that card's actions at $0M, $1M, … and at 1, 2, …
    dividends, built as far as any deal has needed them: each deal's proceeds are new, but
    its prices are mostly an earlier deal's, so a table builds each action once (it built
    thousands a game when each deal's list was built anew)."""
    runs = _PRICE_RUNS.get(key)
    if runs is None:
        runs = _PRICE_RUNS[key] = ([], [])
    dollars, shares = runs
    while len(dollars) <= proceeds:
        dollars.append(build(Price(amount=len(dollars))))
    while len(shares) < dividends:
        shares.append(build(Price(amount=len(shares) + 1, dividends=True)))
    return (*dollars[: proceeds + 1], *shares[:dividends])


#: ``_price_run``'s actions for each card and player: (at $0M, $1M, …; at 1, 2, … dividends).
_PRICE_RUNS: dict[tuple[Any, ...], tuple[list[Action], list[Action]]] = {}


def _offerable(state: GameState, deal: Deal, supplier: int) -> list[CardRef]:
    """Cards ``supplier`` could still name in an offer (N1, N5, TR1)."""
    return _every_offerable(state, deal)[supplier]


def _every_offerable(state: GameState, deal: Deal) -> list[list[CardRef]]:
    """``_offerable`` of every seat at once, remembered with the state."""
    memo = state.__dict__.get("_memo") or state.memo()  # hot: no call
    every: list[list[CardRef]] | None = memo.get("offerable")
    if every is not None:
        return every
    # The same for every state whose deal has the same family cards, trips and agreements,
    # with the same owners: most steps of a deal (asks, offers, withdrawals) change none of
    # them, and a deal copied with changes keeps the very tuples it did not change, so the
    # last answer is found by their identities (held here, so no identity is reused).
    owners = state.owners
    last = _LAST_OFFERABLE[0]
    found: list[list[CardRef]] | None = None
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
        every = [[] for _ in range(state.n)]
        agreements = deal.agreements
        agreed = {(a.supplier, ref) for a in agreements for ref in a.cards} if agreements else None
        trips = deal.trips
        for c in COLOURS:
            o = owners[c]
            if o is None or (trips and deal.travelling(c)):
                continue
            if not agreed or (o, _INVESTOR[c]) not in agreed:
                every[o].append(_INVESTOR[c])
        if family:
            laid: set[tuple[int, Colour]] = set()  # each card once (dict.fromkeys by value)
            for f in family:
                key = (f.owner, f.colour)
                if key not in laid:
                    laid.add(key)
                    if not agreed or (f.owner, f) not in agreed:
                        every[f.owner].append(f)
    if last is None or last[6] is not every or last[2] is not family:
        _LAST_OFFERABLE[0] = (
            state.n,
            tuple(map(owners.__getitem__, COLOURS)),
            family,
            deal.trips,
            deal.agreements,
            owners,
            every,
        )
    memo["offerable"] = every
    return every


def _one_more_laid(
    every: list[list[CardRef]],
    before: tuple[FamilyRef, ...],
    laid: FamilyRef,
    deal: Deal,
) -> list[list[CardRef]]:
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
    out[laid.owner] = [*every[laid.owner], laid]
    return out


#: ``_offerable``'s last answer, after the facts it was worked out from: the number of
#: players, who owns each investor, the very tuples of the deal and the owners' dict.
_LAST_OFFERABLE: list[tuple[Any, ...] | None] = [None]


def _affordable(state: GameState, deal: Deal, price: Price) -> bool:
    value, room = _room(state, deal)
    return price.dollars(value) <= room


def _negotiation(state: GameState, p: int, want: frozenset[str] | None, out: list[Action]) -> None:
    deal = state.deal
    assert deal is not None
    prices = _prices(state)
    if p == deal.boss:
        if _wants(want, "offer"):
            for s in range(state.n):
                if s == p:
                    continue
                for ref in _offerable(state, deal, s):
                    out.extend(_offers(p, s, ref, *prices))
        for prop in deal.proposals:
            if not prop.by_boss and _affordable(state, deal, prop.price):
                out.append(_make(A.Accept, ("player", p), ("supplier", prop.supplier)))
            if prop.by_boss:
                out.append(_make(A.Withdraw, ("player", p), ("supplier", prop.supplier)))
        closes = close_actions(state)
        out.extend(closes)
        if not (state.options.has(Variant.V8) and closes):
            out.append(_make(A.Fail, ("player", p)))
        if deal.may_reset:
            out.append(_make(A.Reset, ("player", p)))
        for s in sorted({a.supplier for a in deal.agreements}):
            if (p, s) not in deal.cancel_requests:
                out.append(_make(A.CancelAgreement, ("player", p), ("other", s)))
        return
    if _wants(want, "ask"):
        for ref in _offerable(state, deal, p):
            out.extend(_asks(p, ref, *prices))
    mine = next((q for q in deal.proposals if q.supplier == p), None)
    if mine is not None:
        if mine.by_boss and _affordable(state, deal, mine.price):
            out.append(_make(A.Accept, ("player", p)))
        if not mine.by_boss:
            out.append(_make(A.Withdraw, ("player", p)))
    if any(a.supplier == p for a in deal.agreements) and (p, deal.boss) not in deal.cancel_requests:
        out.append(_make(A.CancelAgreement, ("player", p), ("other", deal.boss)))


__all__ = ["LegalActions", "actors", "has_legal", "legal_actions", "legal_kinds"]
