"""``PricedActions``: a seat's asks or offers as the remembered lists of each card they are
made of (``listing._priced``), read as one sequence without being put together."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import chain
from operator import eq
from typing import overload

from .actions import Action


class PricedActions(Sequence[Action]):
    """A seat's asks or offers: one card's actions at every price of the deal, card after
    card (``runs``, each a remembered tuple, all of one length), read as one sequence
    without being copied into one. A chooser picks by index (``len`` and ``[i]``, or a
    card's ``runs`` first) and never has the hundreds of actions put together; a caller
    that iterates gets them in the order of the whole list. Immutable."""

    __slots__ = ("_len", "runs", "width")

    def __init__(self, runs: tuple[tuple[Action, ...], ...]) -> None:
        self.runs = runs
        #: Every run's length: the deal's prices, the same for every card.
        self.width = len(runs[0]) if runs else 0
        self._len = self.width * len(runs)

    def __len__(self) -> int:
        return self._len

    @overload
    def __getitem__(self, index: int) -> Action: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[Action, ...]: ...
    def __getitem__(self, index: int | slice) -> Action | tuple[Action, ...]:
        if isinstance(index, slice):
            return tuple(self)[index]
        if index < 0:
            index += self._len
        if not 0 <= index < self._len:
            raise IndexError("priced action index out of range")
        run, at = divmod(index, self.width)
        return self.runs[run][at]

    def __iter__(self) -> Iterator[Action]:
        return chain.from_iterable(self.runs)

    def __contains__(self, action: object) -> bool:
        return any(action in run for run in self.runs)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, PricedActions):
            return self.runs == other.runs
        if isinstance(other, tuple | list):
            return len(other) == self._len and all(map(eq, self, other))
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.runs)

    def __repr__(self) -> str:
        return f"PricedActions({list(self)!r})"


__all__ = ["PricedActions"]
