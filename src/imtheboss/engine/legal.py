"""What each player may do right now, so bots, tests and the UI never guess: the spec of a
moment of the game, in the order of RULES.md. Every action listed here is accepted by
``apply``, and every action ``apply`` accepts is listed (but bundles of cards in one offer).

Each rule that the handlers ask too is decided once, in ``deciders.py`` (and the closes in
``closes.py``); this module only says which decider answers at which moment. The lists are
built by ``listing.py``, the kinds without building them by ``kinds.py``; both are fast
through what ``memo.py`` remembers, which a reader of the rules may ignore.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Sequence
from operator import attrgetter

from . import actions as A
from .actions import Action
from .cards import Card
from .closes import close_actions
from .common import responders
from .deciders import holds_no_family, may_draw, may_start_deal
from .kinds import BOSS_KINDS, SEAT_KINDS, _boss_kinds, _influence_kinds, _seat_kinds, _union
from .listing import (
    _hand,
    _hires,
    _influence,
    _lay_family,
    _make,
    _negotiation,
    _priced,
    _rolls,
    _sub_multisets,
    _wants,
)
from .memo import Fact
from .state import GameState, Phase, WindowKind

#: A seat's legal actions (with the seat and the kinds asked for), and its kinds (with the
#: seat): ``legal_actions`` and ``legal_kinds`` remember them with the state.
LEGAL = Fact("legal")
KINDS = Fact("kinds")


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


def _legal(state: GameState, p: int, want: frozenset[str] | None) -> list[Action]:
    """The spec: what ``p`` may do now (the kinds in ``want`` at least, when it is given)."""
    out: list[Action] = []
    phase = state.phase
    if phase is Phase.OVER:  # E3: nothing more
        return out
    if state.window is not None:  # ST1–ST3, CL2: a card played waits for its answers
        out.extend(_window_answers(state, p, want))
        return out
    if phase is Phase.PLACE_MARKER:  # S6: the start player's right places the marker
        if p == state.right_of(state.turn):
            out.extend(A.PlaceMarker(player=p, space=s) for s in state.uncovered())
    elif phase in (Phase.TURN, Phase.ROLLED):  # T1: deal here, or roll; after the roll deal or draw
        if p != state.turn:
            return out
        hand = state.players[p].hand
        if may_start_deal(state, hand):  # V5
            out.append(_make(A.StartDeal, ("player", p)))
        if phase is Phase.TURN:
            out.extend(_rolls(state, p))
        elif may_draw(state, hand):  # V2
            out.append(_make(A.Draw, ("player", p)))
    elif phase is Phase.HAND_LIMIT:  # T2: hire sets, then discard down to the limit
        if p == state.turn:
            hand = _hand(state, p)
            excess = len(hand) - state.hand_limit()
            out.extend(A.Discard(player=p, cards=c) for c in _sub_multisets(hand, excess))
            out.extend(_hires(state, p))
    elif phase is Phase.END_ROLL:  # E1: the last Boss rolls against the tile's back
        if p == state.end_roller:
            out.extend(_rolls(state, p))
    elif phase is Phase.DEAL:
        # D4, N1: family cards; TR1–TR5 travel, B1 boss, H1–H2 hire sets (any moment)
        if _wants(want, *_INFLUENCE_KINDS):
            out.extend(_influence(state, p))
        # N1–N5 asks, offers, acceptances, cancelling; B2 reset; CL1/CL3 close; F1/V8 fail
        _negotiation(state, p, want, out)
    return out


def _window_answers(state: GameState, p: int, want: frozenset[str] | None) -> Iterator[Action]:
    """ST1: a stop answers a travel, boss or hire card, and ST2 a stop, never a close; CL2:
    the last call is answered by influence cards (anyone but the Boss); and anyone who has
    not answered may pass (the timer, ``TimeUp``, ends the window)."""
    window = state.window
    assert window is not None
    if window.kind is WindowKind.LAST_CALL:
        if p != window.player and _wants(want, *_INFLUENCE_KINDS):
            yield from _influence(state, p)
    elif Card.STOP in _hand(state, p):
        yield _make(A.PlayStop, ("player", p))
    if p in responders(state):
        yield _make(A.Pass, ("player", p))


_INFLUENCE_KINDS = ("lay_family", "travel", "boss", "hire")
_INFLUENCE_SET = frozenset(_INFLUENCE_KINDS)


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


def legal_of_kind(state: GameState, player: int, kind: str) -> Sequence[Action]:
    """``legal_actions(state, player, (kind,))`` as the state remembers it, not copied: a
    tuple, or for asks and offers a ``PricedActions`` read by index, so that a chooser that
    picks one of hundreds of prices never has them put together. Never to be changed."""
    return _remembered(state, player, _ONE.get(kind) or _want((kind,)))


def legal_kinds(state: GameState, player: int) -> frozenset[str]:
    """The kinds of action ``player`` may take now (``{a.kind for a in legal_actions(...)}``),
    without building the priced offers and asks: a chooser can pick a kind first, then ask
    ``legal_actions`` for that kind alone."""
    memo = state.__dict__.get("_memo") or state.memo()  # hot: no call
    key = (KINDS, player)
    found: frozenset[str] | None = memo.get(key)
    if found is None:
        if state.phase is _DEAL and state.window is None:
            # Read off the same facts ``_negotiation`` reads, without building a single
            # action (a bot table asks this of almost every seat at every step).
            deal = state.deal
            assert deal is not None
            if player == deal.boss:
                talk = memo.get(BOSS_KINDS) or _boss_kinds(state, deal)
            else:
                talk = (memo.get(SEAT_KINDS) or _seat_kinds(state, deal))[player]
            found = _union(_influence_kinds(state, player), talk)
        elif (window := state.window) is not None and window.kind is _LAST_CALL:
            # CL2: the influence cards of a deal (``_window_answers``), read as in a deal
            influence = _influence_kinds(state, player) if player != window.player else _NONE
            found = _union(influence, _PASS if player in responders(state) else _NONE)
        else:  # few actions outside a deal's negotiation: the list itself, remembered too
            found = frozenset(map(_KIND_OF, _remembered(state, player, None)))
        memo[key] = found
    return found


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
        if hand is None or not holds_no_family(hand):  # may_lay_family's check, bound (hot)
            return True  # a family card may always be laid in a deal (D4, N1)
        # legal_kinds' two halves, the one worked out for every seat at once first
        memo = state.__dict__.get("_memo")
        seats = memo.get(SEAT_KINDS) if memo else None  # hot: no call
        if seats is None:
            seats = _seat_kinds(state, deal)
        return bool(seats[player] or _influence_kinds(state, player))
    return bool(legal_kinds(state, player))


_DEAL = Phase.DEAL
_LAST_CALL = WindowKind.LAST_CALL
_PASS = frozenset({"pass"})
_NONE: frozenset[str] = frozenset()
_KIND_OF = attrgetter("kind")


# -- How the answers are remembered: the same lists, asked again or asked one kind at a time


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


def _remembered(state: GameState, player: int, want: frozenset[str] | None) -> Sequence[Action]:
    """``legal_actions``' answer as the state's memo holds it: a tuple for some kinds (handed
    out as it is, ``LegalActions.of_one``); the whole list, which is only ever handed out
    copied (``legal_actions``), as the list it was built (one object less to allocate and
    collect on every question)."""
    memo = state.__dict__.get("_memo") or state.memo()  # hot: no call
    key = (LEGAL, player, want)
    found: Sequence[Action] | None = memo.get(key)
    if found is None:
        if want is None:
            found = _legal(state, player, None)
        else:
            if state.phase is _DEAL and state.window is None:
                found = _deal_only(state, player, want)
            if found is None:
                # the whole list filtered: the one remembered when it was asked first
                # (``legal_kinds`` outside a deal's negotiation reads it), else built
                whole = memo.get((LEGAL, player, None)) or _legal(state, player, want)
                found = tuple([a for a in whole if a.kind in want])
        memo[key] = found
    return found


def _deal_only(state: GameState, p: int, want: frozenset[str]) -> Sequence[Action] | None:
    """One kind of a deal's actions, alone, without building the others: a bot that picked a
    kind asks for it at almost every step. The same actions in the same order as the whole
    list filtered; None for the kinds that are only worth filtering."""
    if want is _CLOSE:  # a random Boss asks at every turn it takes
        deal = state.deal
        assert deal is not None
        return close_actions(state) if p == deal.boss else ()
    if want is _ASK or want is _OFFER:
        return _priced(state, p, want is _OFFER)
    if want is _LAY:
        return _lay_family(p, _hand(state, p))
    if want <= _INFLUENCE_SET:  # the influence cards come first in the whole list
        return tuple([a for a in _influence(state, p) if a.kind in want])
    return None


__all__ = ["actors", "has_legal", "legal_actions", "legal_kinds", "legal_of_kind"]
