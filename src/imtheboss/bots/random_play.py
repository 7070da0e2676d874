"""Uniformly random legal play, with limits so that every negotiation ends.

Random play is how the property tests explore the rules: it must reach every corner (stops,
boss cards, hire sets, resets, cancellations) yet finish games. Picking the *kind* of action
first, then one action of that kind, keeps the hundreds of possible prices from drowning out
everything else.
"""

from __future__ import annotations

import random
from bisect import bisect
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import accumulate
from typing import Any, cast

from ..engine import (
    COLOURS,
    Accept,
    Action,
    Ask,
    CardRef,
    Close,
    Colour,
    GameState,
    IllegalAction,
    InvestorRef,
    LayFamily,
    Offer,
    Options,
    Phase,
    Price,
    Setup,
    Space,
    TimeUp,
    actors,
    apply,
    family,
    legal_kinds,
    new_game,
)
from ..engine.closes import colours_covered
from ..engine.common import price_room
from ..engine.deciders import price_fits
from ..engine.events import Event
from ..engine.game import close_actions
from ..engine.legal import legal_of_kind
from ..engine.options import Variant
from ..engine.priced import PricedActions
from .base import boss_endings
from .draws import below, pick, shuffle, shuffled_seats

#: After this many actions in one deal the Boss closes if he can, or fails (documented bound).
DEAL_MOVES = 16

#: Relative weights of the kinds of action; unlisted kinds weigh 1. Failing and undoing are
#: rare so that deals get somewhere; closing and accepting are eager.
KIND_WEIGHTS = {
    "close": 6.0,
    "accept": 4.0,
    "fail": 0.15,
    "withdraw": 0.3,
    "cancel": 0.2,
    "reset": 1.0,
    # Drawing often enough that hands reach the limit (T2) and hire sets get played there.
    "draw": 2.5,
    "roll": 2.0,
}


@dataclass
class RandomPlayer:
    """Chooses for whoever may act; ``rng`` is the test's own, never the game's."""

    rng: random.Random
    deal_moves: int = DEAL_MOVES
    #: How often a deal move is one that brings the deal closer, instead of anything legal.
    focus: float = 0.75
    #: The last trial ``apply`` that succeeded: (state, action, its outcome). The action is
    #: then chosen, so whoever plays it may take the outcome instead of applying it again.
    tried: tuple[GameState, Action, tuple[GameState, tuple[Event, ...]]] | None = None

    def outcome(
        self, state: GameState, action: Action
    ) -> tuple[GameState, tuple[Event, ...]] | None:
        """What ``apply(state, action)`` gave in the trial that chose it, if it was tried."""
        tried = self.tried
        if tried is not None and tried[0] is state and tried[1] is action:
            return tried[2]
        return None

    def choose(self, state: GameState, moves_in_deal: int) -> Action:
        if state.window is not None and self.rng.random() < 0.35:
            return _TIME_UP
        if state.window is not None or state.phase is _DEAL:
            # every seat may act (``actors``): rng.shuffle(list(range(n))), the same draws
            seats = shuffled_seats(self.rng, state.n)
        else:
            seats = list(actors(state))  # one seat: nothing to shuffle, nothing drawn
        if state.deal is not None and state.window is None and self.rng.random() < 0.5:
            seats.insert(0, state.deal.boss)  # the Boss drives the deal half the time
        if state.deal is not None and state.window is None:
            if moves_in_deal >= self.deal_moves:
                boss = state.deal.boss
                return pick(self.rng, boss_endings(state, boss))
            if self.rng.random() < self.focus:
                useful = self._useful(state)
                if useful is not None:
                    return useful
        for seat in seats:
            # The kinds first, then the actions of the chosen kind only (legal_kinds).
            kinds, cumulative = _weighed(legal_kinds(state, seat))
            if not kinds:
                continue
            # weighted(rng, kinds, weights), its sums made once per set of kinds
            last = len(cumulative) - 1
            kind = kinds[bisect(cumulative, self.rng.random() * cumulative[last], 0, last)]
            return self._pick(state, legal_of_kind(state, seat, kind))
        if state.window is not None:
            return TimeUp()
        raise AssertionError(f"nobody can act in phase {state.phase}")

    def _useful(self, state: GameState) -> Action | None:
        """A move that brings the deal closer to a close: close, accept, lay a needed family
        card, or propose a fair price for a needed card.

        The candidates are drawn and shuffled as (constructor, fields) pairs and an action is
        built only when it is tried (most often the first is legal): building every
        candidate's price and offer was a third of this method's time. The draws are the
        same numbers in the same order as when each was built at once."""
        deal = state.deal
        assert deal is not None
        boss = deal.boss
        closes: tuple[Close, ...] = close_actions(state)  # the Boss's closes (a deal, no window)
        if closes:
            return pick(self.rng, closes)
        value, room = price_room(state, deal)
        candidates: list[tuple[Callable[..., Action], tuple[Any, ...]]] = []
        for prop in deal.proposals:
            if price_fits(prop.price, value, room):  # N3
                who = prop.supplier if prop.by_boss else boss
                candidates.append((_accept, (who, None if prop.by_boss else prop.supplier)))
        if not candidates:
            rng = self.rng
            fair = min(room, state.proceeds // max(2, state.board.space(deal.space).investors))
            # below(rng, fair + 1), written out: the same bound for every card of the deal
            n = max(0, fair) + 1
            k = n.bit_length()
            bits = rng.getrandbits
            coin = rng.random
            proposed = {ref for p in deal.proposals for ref in p.cards}
            needed = _still_needed(state)
            owners = state.owners
            trips = deal.trips
            laid = deal.family
            hands = [player.hand for player in state.players]
            for colour in COLOURS:
                if colour not in needed:
                    continue
                refs: list[CardRef] = [f for f in laid if f.colour is colour] if laid else []
                owner = owners[colour]
                if owner is not None and not (trips and deal.travelling(colour)):
                    refs.append(_INVESTOR[colour])
                for ref in refs:
                    supplier = owner if isinstance(ref, InvestorRef) else ref.owner
                    if supplier is None or supplier == boss or (proposed and ref in proposed):
                        continue
                    amount = bits(k)
                    while amount >= n:
                        amount = bits(k)
                    if coin() < 0.5:
                        candidates.append((_offer, (boss, supplier, ref, amount)))
                    else:
                        candidates.append((_ask, (supplier, ref, amount)))
                card = family(colour)
                for seat, hand in enumerate(hands):
                    if hand is None or card in hand:
                        candidates.append((_lay, (seat, colour)))
        shuffle(self.rng, candidates)
        for build, fields in candidates:
            action = build(*fields)
            try:
                result = apply(state, action)
            except IllegalAction:
                continue
            self.tried = (state, action, result)
            return action
        return None

    def _pick(self, state: GameState, options: Sequence[Action]) -> Action:
        """Uniform, except that offers lean towards what the deal needs at a modest price:
        uniformly random prices would make most deals fail and games run for hours."""
        deal = state.deal
        if deal is None or self.rng.random() < 0.2:
            return pick(self.rng, options)
        if isinstance(options[0], LayFamily):
            needed = _still_needed(state)
            useful = [a for a in options if isinstance(a, LayFamily) and a.colour in needed]
            return pick(self.rng, useful or options)
        if not isinstance(options[0], Offer | Ask):
            return pick(self.rng, options)
        space = state.board.space(deal.space)
        wanted = _still_needed(state)
        fair = state.proceeds // max(2, space.investors)
        if isinstance(options, PricedActions):
            return _pick_priced(self.rng, options, wanted, fair)
        good = [
            a
            for a in options
            if isinstance(a, Offer | Ask)
            and not a.price.dividends
            and a.price.amount <= fair
            and a.cards[0].colour in wanted
        ]
        return pick(self.rng, good or options)


def _pick_priced(
    rng: random.Random, options: PricedActions, wanted: frozenset[Colour], fair: int
) -> Action:
    """``_pick``'s choice among priced offers or asks, read off their runs: the good ones
    (a wanted card's, in $M up to ``fair``) are the first prices of each wanted card's run,
    as many in every run, so the same draw as ``pick(rng, good or options)`` finds its
    action by index instead of filtering hundreds."""
    every = cast(tuple[tuple[Offer | Ask, ...], ...], options.runs)
    runs = [run for run in every if run[0].cards[0].colour in wanted]
    per = 0
    if runs:
        for action in runs[0]:  # in $M from the lowest, then in dividends
            price = action.price
            if price.dividends or price.amount > fair:
                break
            per += 1
    n = per * len(runs)
    if not n:
        return pick(rng, options)
    run, at = divmod(below(rng, n), per)
    return runs[run][at]


@cache
def _weighed(kinds: frozenset[str]) -> tuple[tuple[str, ...], tuple[float, ...]]:
    """The kinds in a fixed order and the running sums of their weights (``KIND_WEIGHTS``),
    as ``weighted`` sums them: a game asks a few dozen sets of kinds thousands of times."""
    ordered = tuple(sorted(kinds))
    return ordered, tuple(accumulate(KIND_WEIGHTS.get(k, 1.0) for k in ordered))


def _still_needed(state: GameState) -> frozenset[Colour]:
    """Colours of the deal's space that no agreeing card covers yet."""
    deal = state.deal
    assert deal is not None
    space = state.board.space(deal.space)
    covered = colours_covered(deal, state.owners, state.options.has(_V8))
    last = _LAST_SPACE[0]
    if last is not None and last[0] is space:
        colours = last[1]
    else:
        colours = frozenset(space.required | space.optional)
        _LAST_SPACE[0] = (space, colours)
    return colours - covered


#: The last deal's space and its colours, required and optional (a deal asks at every step).
_LAST_SPACE: list[tuple[Space, frozenset[Colour]] | None] = [None]


def _accept(player: int, supplier: int | None) -> Action:
    return Accept(player=player, supplier=supplier)


def _offer(boss: int, supplier: int, ref: CardRef, amount: int) -> Action:
    return Offer(player=boss, supplier=supplier, cards=(ref,), price=Price(amount=amount))


def _ask(supplier: int, ref: CardRef, amount: int) -> Action:
    return Ask(player=supplier, cards=(ref,), price=Price(amount=amount))


def _lay(seat: int, colour: Colour) -> Action:
    return LayFamily(player=seat, colour=colour)


_INVESTOR = {c: InvestorRef(colour=c) for c in COLOURS}
#: Read once: each lookup on an enum class goes through ``EnumType.__getattr__`` in 3.11.
_DEAL, _OVER, _V8 = Phase.DEAL, Phase.OVER, Variant.V8
_TIME_UP = TimeUp()


def random_steps(
    state: GameState, rng: random.Random, max_actions: int = 5000
) -> Iterator[tuple[GameState, Action, GameState, tuple[Event, ...]]]:
    """Play random legal actions to the end, yielding (before, action, after, events)."""
    player = RandomPlayer(rng)
    moves_in_deal = 0
    for _ in range(max_actions):
        if state.phase is _OVER:
            return
        action = player.choose(state, moves_in_deal)
        new, events = player.outcome(state, action) or apply(state, action)
        moves_in_deal = moves_in_deal + 1 if new.deal is not None else 0
        yield state, action, new, events
        state = new
    raise AssertionError(f"game did not end within {max_actions} actions")


def play_random_game(
    seed: int, players: int = 4, options: Options | None = None
) -> tuple[GameState, list[Action]]:
    names = tuple(["Ann", "Bob", "Cy", "Di", "Eve", "Flo"][:players])
    state = new_game(Setup(players=names, seed=seed, options=options or Options()))
    played: list[Action] = []
    for _, action, after, _ in random_steps(state, random.Random(seed)):
        played.append(action)
        state = after
    return state, played


__all__ = ["DEAL_MOVES", "RandomPlayer", "play_random_game", "random_steps"]
