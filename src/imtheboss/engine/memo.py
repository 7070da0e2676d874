"""What the engine remembers to be fast, in one room: facts derived from a state, answers
carried over to the next state, and caches of values built once.

A reader of the rules (``legal.py``, the handlers) need not know any of it: each piece is
named where it is filled, and the same answer is always worked out afresh when nothing is
remembered (``tests/test_legal_kinds.py`` compares the two along games of every variant).

- A ``Fact`` is a key of a state's own memo (``Tree.memo``): a fact derived from that very
  state, dropped by any copy. Some steps know a fact cannot have changed and hand it on to
  the state they make: ``BLIND_TO_PROPOSALS`` lists the facts that never read the deal's
  proposals (an ask, an offer or a withdrawal changes only those, ``negotiation._with_proposals``).
- A ``Carry`` keeps an answer from one state for the next, with the very objects it was
  worked out from (a state copied with changes keeps the objects it did not change), so a
  later state made of the same objects finds it; held here, so no identity is reused while
  it lives. ``Carries`` keeps one such answer per seat.
- A ``Cache`` (or a function under ``@cached``) keeps immutable values built once per input:
  actions, kinds, price lists.

``reset_all`` empties every carry and cache (a test that must work everything out afresh);
the states' own memos go with the states. Answers handed out are immutable (tuples and
frozensets), or documented as never to be changed when a caller reads the remembered object.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from functools import lru_cache
from typing import Any, Generic, ParamSpec, TypeVar

from .frozen import Tree

T = TypeVar("T")
K = TypeVar("K", bound=Hashable)
P = ParamSpec("P")


class Fact:
    """A key of a state's memo. Keys are objects, not strings: they hash by identity in C,
    and a reader finds every use of one by its name."""

    __slots__ = ("name",)

    def __init__(self, name: str, *, blind_to_proposals: bool = False) -> None:
        self.name = name
        if blind_to_proposals:
            BLIND_TO_PROPOSALS.append(self)

    def __repr__(self) -> str:
        return f"Fact({self.name!r})"


#: The facts that never read the deal's proposals, handed on by a step that changes only them.
BLIND_TO_PROPOSALS: list[Fact] = []


def facts(state: Tree) -> dict[Hashable, Any]:
    """The memo of ``state`` (hot paths read ``state.__dict__.get("_memo")`` directly)."""
    return state.__dict__.get("_memo") or state.memo()


def hand_on_blind_to_proposals(memo: dict[Hashable, Any]) -> dict[Hashable, Any]:
    """Of ``memo``, the facts a step that changed only the proposals may hand on."""
    kept: dict[Hashable, Any] = {}
    for key in BLIND_TO_PROPOSALS:
        fact = memo.get(key)
        if fact is not None:
            kept[key] = fact
    return kept


_RESETS: list[Callable[[], None]] = []


class Carry(Generic[T]):
    """One answer carried from a state to the next: ``last`` is None or what the filler kept
    (the answer with the objects it was worked out from)."""

    __slots__ = ("last", "name")

    def __init__(self, name: str) -> None:
        self.name = name
        self.last: T | None = None
        _RESETS.append(self.reset)

    def reset(self) -> None:
        self.last = None


class Carries(dict[K, T]):
    """One carried answer per key (a seat): a dict, read with ``get`` at C speed."""

    def __init__(self, name: str) -> None:
        super().__init__()
        self.name = name
        _RESETS.append(self.clear)


class Cache(dict[K, T]):
    """Values built once per key; ``limit`` entries at most when one is set (the filler
    empties it when full)."""

    def __init__(self, name: str, limit: int = 0) -> None:
        super().__init__()
        self.name, self.limit = name, limit
        _RESETS.append(self.clear)


def cached(maxsize: int) -> Callable[[Callable[P, T]], Callable[P, T]]:
    """``functools.lru_cache(maxsize)``, registered with ``reset_all``."""

    def wrap(function: Callable[P, T]) -> Callable[P, T]:
        found = lru_cache(maxsize=maxsize)(function)
        _RESETS.append(found.cache_clear)
        return found  # type: ignore[return-value]

    return wrap


def reset_all() -> None:
    """Forget every carried answer and cached value: what follows is worked out afresh."""
    for reset in _RESETS:
        reset()


__all__ = [
    "BLIND_TO_PROPOSALS",
    "Cache",
    "Carries",
    "Carry",
    "Fact",
    "cached",
    "facts",
    "hand_on_blind_to_proposals",
    "reset_all",
]
