"""``legal_kinds`` and the lazy ``LegalActions`` answer exactly what ``legal_actions`` lists.

Bots choose a kind first from ``legal_kinds`` (worked out without building any action), so a
kind it names that has no action, or a kind it misses, would skew or break every bot."""

from __future__ import annotations

import random

import pytest

from imtheboss.bots.random_play import random_steps
from imtheboss.engine import Options, Setup, Variant, legal_actions, legal_kinds, new_game
from imtheboss.engine.legal import LegalActions

NAMES = ("Ann", "Bob", "Cy", "Di", "Eve", "Flo")


@pytest.mark.parametrize("game", range(12))
def test_kinds_are_the_kinds_of_the_legal_actions(game: int) -> None:
    rng = random.Random(game)
    players = 2 if game % 6 == 5 else 3 + game % 4
    variants = {v for v in Variant if rng.random() < 0.3}
    if players == 2:
        variants.add(Variant.V8)
    else:
        variants.discard(Variant.V8)
    state = new_game(Setup(players=NAMES[:players], seed=game, options=Options(variants=variants)))
    for before, _, _, _ in random_steps(state, rng):
        for seat in range(before.n):
            fresh = before.replace()  # nothing remembered from the game's own questions
            kinds = legal_kinds(fresh, seat)
            listed = legal_actions(before.replace(), seat)
            assert kinds == {a.kind for a in listed}, (before.phase, seat)
            lazy = LegalActions(before.replace(), seat)
            assert bool(lazy) == bool(listed)
            assert lazy.kinds == kinds
            for kind in kinds:
                assert lazy.of(kind) == [a for a in listed if a.kind == kind]
            assert list(lazy) == listed and len(lazy) == len(listed)
            if listed:
                assert listed[-1] in lazy and lazy[0] == listed[0]
