"""``random.Random.shuffle``, ``choice``, ``randint`` and ``choices`` at a table's pace, drawing the
very same numbers.

A table of bots shuffles the order of the seats at every moment of a deal, and a random bot
draws two or three numbers per decision: tens of thousands of calls a game. The standard
library's ``shuffle`` and ``choice`` are written in Python, and each number goes through
two more Python calls (``_randbelow`` and ``_randbelow_with_getrandbits``): about a tenth
of a table's time went there. These do the same, with the same calls to ``getrandbits``
in the same order, so a seeded table plays the same game as before
(``tests/test_bot_draws.py`` compares them with the standard library's on every Python it
runs on). The random player of the property tests and of ``bench_engine.py`` draws with them
too (about a tenth of a random game's time was the standard library's draws).
"""

from __future__ import annotations

import random
from bisect import bisect
from collections.abc import Sequence
from itertools import accumulate
from typing import TypeVar

T = TypeVar("T")

#: For each number of seats, the (i, bits) of each step of the shuffle: ``i`` from the end
#: down to 1, each swapped with a place below ``i + 1`` drawn with ``(i + 1).bit_length()``
#: bits, drawn again until it falls below ``i + 1`` (``Random._randbelow_with_getrandbits``).
_STEPS = tuple(tuple((i, (i + 1).bit_length()) for i in range(n - 1, 0, -1)) for n in range(9))


def shuffled_seats(rng: random.Random, n: int) -> list[int]:
    """``order = list(range(n)); rng.shuffle(order)``, for n up to 8."""
    order = list(range(n))
    bits = rng.getrandbits
    for i, k in _STEPS[n]:
        j = bits(k)
        while j > i:
            j = bits(k)
        order[i], order[j] = order[j], order[i]
    return order


def pick(rng: random.Random, seq: Sequence[T]) -> T:
    """``rng.choice(seq)``."""
    n = len(seq)
    if not n:
        raise IndexError("Cannot choose from an empty sequence")
    k = n.bit_length()
    bits = rng.getrandbits
    r = bits(k)
    while r >= n:
        r = bits(k)
    return seq[r]


def below(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)``, that is ``rng.randint(0, n - 1)``, for n ≥ 1."""
    k = n.bit_length()
    bits = rng.getrandbits
    r = bits(k)
    while r >= n:
        r = bits(k)
    return r


def shuffle(rng: random.Random, items: list[T]) -> None:
    """``rng.shuffle(items)``: in place, for a list of any length."""
    bits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = bits(k)
        while j >= n:
            j = bits(k)
        items[i], items[j] = items[j], items[i]


def weighted(rng: random.Random, population: Sequence[T], weights: Sequence[float]) -> T:
    """``rng.choices(population, weights)[0]``, for positive finite weights."""
    cumulative = list(accumulate(weights))
    if len(cumulative) != len(population):
        raise ValueError("The number of weights does not match the population")
    total = cumulative[-1] + 0.0
    return population[bisect(cumulative, rng.random() * total, 0, len(cumulative) - 1)]
