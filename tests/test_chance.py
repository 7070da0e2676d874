"""The seeded chance is the one the golden games were played with: every roll, shuffle and
choice is ``random.Random(f"{seed}:{counter}")``'s, whichever route seeds it."""

from __future__ import annotations

from random import Random

from imtheboss.engine.rng import choice, roll_die, shuffled
from imtheboss.engine.state import Rng


def test_the_die_is_the_generator_it_always_was() -> None:
    for seed in (0, 1, 7, 100_003, 2**40 + 5, 987_654_321_012):
        for counter in range(40):
            rng = Rng(seed=seed, counter=counter)
            value, after = roll_die(rng)
            assert value == Random(f"{seed}:{counter}").randint(1, 6)
            assert after == Rng(seed=seed, counter=counter + 1)


def test_a_shuffle_and_a_choice_are_the_generator_they_always_were() -> None:
    items = tuple(range(98))
    for seed in (3, 100_004, 2**33):
        for counter in (0, 1, 55):
            rng = Rng(seed=seed, counter=counter)
            expected = list(items)
            Random(f"{seed}:{counter}").shuffle(expected)
            assert shuffled(items, rng) == (tuple(expected), Rng(seed=seed, counter=counter + 1))
            for n in (1, 2, 6, 17):
                index = Random(f"{seed}:{counter}").randrange(n)
                assert choice(n, rng) == (index, Rng(seed=seed, counter=counter + 1))
