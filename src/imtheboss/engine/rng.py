"""Chance from the state's seed, so that a game is decided by its setup and its actions."""

from __future__ import annotations

from collections.abc import Sequence
from random import Random
from typing import TypeVar

from .state import Rng

T = TypeVar("T")


def _source(rng: Rng) -> Random:
    # A fresh generator per draw, seeded from (seed, counter): the state stays two integers,
    # and string seeds hash with SHA-512, so results do not depend on PYTHONHASHSEED.
    return Random(f"{rng.seed}:{rng.counter}")


def roll_die(rng: Rng) -> tuple[int, Rng]:
    return _source(rng).randint(1, 6), Rng(seed=rng.seed, counter=rng.counter + 1)


def shuffled(items: Sequence[T], rng: Rng) -> tuple[tuple[T, ...], Rng]:
    out = list(items)
    _source(rng).shuffle(out)
    return tuple(out), Rng(seed=rng.seed, counter=rng.counter + 1)


def choice(n: int, rng: Rng) -> tuple[int, Rng]:
    """A uniform index in ``range(n)``."""
    return _source(rng).randrange(n), Rng(seed=rng.seed, counter=rng.counter + 1)
