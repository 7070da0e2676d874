"""The table's fast shuffle and choice draw exactly what ``random.Random`` draws: a seeded
table of bots must play the same game on every Python it runs on."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from imtheboss.bots.draws import pick, shuffled_seats


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
