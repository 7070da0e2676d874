"""The random player's speed work left its games as they were.

The random player is how the property tests and ``bench/bench_engine.py`` explore the rules;
its choices are drawn from its own seeded ``Random``. It was made faster (candidates built
only when tried, prices picked by index among the cards' price lists, what a deal needs read
off ``colours_covered``) on the condition that it draws the same numbers and picks the same
actions: the digest below is of games it played before that work (main at ``1decc1b``).
A deliberate change to the rules or to the random player changes it: record the new one then,
in a commit of its own.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterator

from imtheboss.bots.draws import pick
from imtheboss.bots.random_play import _pick_priced, _still_needed, random_steps
from imtheboss.engine import GameState, Options, Setup, Variant, legal_actions, new_game
from imtheboss.engine.closes import agreeing_cards, colours_covered
from imtheboss.engine.legal import legal_of_kind
from imtheboss.engine.priced import PricedActions
from imtheboss.engine.state import Phase

NAMES = ("Ann", "Bob", "Cy", "Di", "Eve", "Flo")

#: (players, variants) of the pinned games: every count of seats, V8 with two, each variant.
GAMES = [(4, ()), (4, ()), (3, ()), (5, ()), (6, ()), (2, (Variant.V8,))]
GAMES += [(4, (v,)) for v in Variant]

#: The digest of those games' actions as main played them before the speed work.
PINNED = "07056e4763f2c073"


def _games() -> Iterator[tuple[GameState, int]]:
    for seed, (players, variants) in enumerate(GAMES, start=31):
        options = Options(variants=frozenset(variants))
        yield new_game(Setup(players=NAMES[:players], seed=seed, options=options)), seed


def _states() -> Iterator[GameState]:
    """The states before each action of the pinned games."""
    for state, seed in _games():
        for before, _, _, _ in random_steps(state, random.Random(seed)):
            yield before


def test_the_random_player_plays_the_games_it_played_before() -> None:
    digest = hashlib.sha256()
    for state, seed in _games():
        for _, action, _, _ in random_steps(state, random.Random(seed)):
            digest.update(repr(action).encode())
    assert digest.hexdigest()[:16] == PINNED


def _negotiating(state: GameState) -> bool:
    return state.phase is Phase.DEAL and state.window is None


def test_priced_actions_read_as_the_list_they_stand_for() -> None:
    checked = 0
    for state in _states():
        if not _negotiating(state):
            continue
        for seat in range(state.n):
            for kind in ("ask", "offer"):
                found = legal_of_kind(state, seat, kind)
                whole = [a for a in legal_actions(state.replace(), seat) if a.kind == kind]
                assert list(found) == whole
                assert len(found) == len(whole)
                if not whole:
                    continue
                assert isinstance(found, PricedActions)
                checked += 1
                assert found == tuple(whole)
                assert [found[i] for i in range(len(found))] == whole
                assert found[-1] == whole[-1] and found[1:3] == tuple(whole[1:3])
                assert whole[len(whole) // 2] in found
    assert checked > 100


def test_a_fair_price_is_drawn_as_the_filtered_list_drew_it() -> None:
    """``_pick_priced`` against the filter it replaced: the same action from the same draws."""
    checked = 0
    for n, state in enumerate(_states()):
        if not _negotiating(state):
            continue
        assert state.deal is not None
        wanted = _still_needed(state)
        fair = state.proceeds // max(2, state.board.space(state.deal.space).investors)
        for seat in range(state.n):
            for kind in ("ask", "offer"):
                options = legal_of_kind(state, seat, kind)
                if not options:
                    continue
                assert isinstance(options, PricedActions)
                good = [
                    a
                    for a in options
                    if not a.price.dividends  # type: ignore[attr-defined]
                    and a.price.amount <= fair  # type: ignore[attr-defined]
                    and a.cards[0].colour in wanted  # type: ignore[attr-defined]
                ]
                before, after = random.Random(n), random.Random(n)
                expected = pick(before, good or list(options))
                assert _pick_priced(after, options, wanted, fair) is expected
                assert before.getstate() == after.getstate()
                checked += 1
    assert checked > 100


def test_the_colours_covered_are_those_the_agreeing_cards_list() -> None:
    checked = 0
    for state in _states():
        deal = state.deal
        if deal is None:
            continue
        v8 = state.options.has(Variant.V8)
        listed = {c for c, refs in agreeing_cards(deal, state.owners, v8).items() if refs}
        assert colours_covered(deal, state.owners, v8) == listed
        checked += 1
    assert checked > 1000
