"""The table's fast shuffle, choice, randint and choices draw exactly what ``random.Random``
draws: a seeded table of bots, and a seeded random game, must play the same game on every
Python it runs on."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from imtheboss.bots.draws import below, pick, shuffle, shuffled_seats, weighted


@given(seed=st.integers(0, 2**64), n=st.integers(0, 8), rounds=st.integers(1, 20))
def test_shuffled_seats_is_random_shuffle(seed: int, n: int, rounds: int) -> None:
    ours, theirs = random.Random(seed), random.Random(seed)
    for _ in range(rounds):
        order = list(range(n))
        theirs.shuffle(order)
        assert shuffled_seats(ours, n) == order
    assert ours.getstate() == theirs.getstate()  # the same numbers drawn, none more


@given(
    seed=st.integers(0, 2**64),
    lengths=st.lists(st.integers(1, 600), min_size=1, max_size=30),
)
def test_pick_is_random_choice(seed: int, lengths: list[int]) -> None:
    # lengths just above a power of two make the draw retry most often
    ours, theirs = random.Random(seed), random.Random(seed)
    for length in lengths:
        seq = list(range(length))
        assert pick(ours, seq) == theirs.choice(seq)
    assert ours.getstate() == theirs.getstate()


def test_pick_from_nothing_is_refused_as_choice_refuses() -> None:
    with pytest.raises(IndexError):
        random.Random(1).choice([])
    with pytest.raises(IndexError):
        pick(random.Random(1), [])


@given(seed=st.integers(0, 2**64), ns=st.lists(st.integers(1, 600), min_size=1, max_size=30))
def test_below_is_randint(seed: int, ns: list[int]) -> None:
    ours, theirs = random.Random(seed), random.Random(seed)
    for n in ns:
        assert below(ours, n) == theirs.randint(0, n - 1)
    assert ours.getstate() == theirs.getstate()


@given(seed=st.integers(0, 2**64), lengths=st.lists(st.integers(0, 40), min_size=1, max_size=10))
def test_shuffle_is_random_shuffle(seed: int, lengths: list[int]) -> None:
    ours, theirs = random.Random(seed), random.Random(seed)
    for length in lengths:
        mine, yours = list(range(length)), list(range(length))
        shuffle(ours, mine)
        theirs.shuffle(yours)
        assert mine == yours
    assert ours.getstate() == theirs.getstate()


@given(
    seed=st.integers(0, 2**64),
    weights=st.lists(
        st.sampled_from([0.15, 0.2, 0.3, 1.0, 2.0, 2.5, 4.0, 6.0]), min_size=1, max_size=12
    ),
    rounds=st.integers(1, 10),
)
def test_weighted_is_random_choices(seed: int, weights: list[float], rounds: int) -> None:
    ours, theirs = random.Random(seed), random.Random(seed)
    population = [f"kind{i}" for i in range(len(weights))]
    for _ in range(rounds):
        assert weighted(ours, population, weights) == theirs.choices(population, weights)[0]
    assert ours.getstate() == theirs.getstate()


def test_weighted_refuses_weights_that_do_not_match_as_choices_does() -> None:
    with pytest.raises(ValueError):
        random.Random(1).choices(["a", "b"], [1.0])
    with pytest.raises(ValueError):
        weighted(random.Random(1), ["a", "b"], [1.0])
