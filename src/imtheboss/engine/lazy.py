"""``LegalActions``: a seat's legal actions as a sequence built only when it is read in full,
handed to the bots (``bots.base``) so that a chooser that picks a kind first never builds
the hundreds of priced offers."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import repeat
from operator import is_
from typing import overload

from .actions import Action
from .legal import has_legal, legal_actions, legal_kinds, legal_of_kind
from .state import GameState


class LegalActions(Sequence[Action]):
    """``legal_actions(state, player)`` built only when it is read in full.

    A chooser that picks a kind first (``kinds``, then ``of``) or lets the moment pass never
    builds the hundreds of priced offers; one that iterates gets the whole list, as before.
    ``in`` asks only for the kind of the action in question."""

    __slots__ = ("_all", "_given", "player", "state")

    def __init__(self, state: GameState, player: int) -> None:
        self.state, self.player = state, player
        self._all: list[Action] | None = None
        #: The last list ``of_one`` handed out: the one a chooser's answer usually comes from.
        self._given: Sequence[Action] = ()

    @property
    def kinds(self) -> frozenset[str]:
        return legal_kinds(self.state, self.player)

    def of(self, *kinds: str) -> list[Action]:
        """The legal actions of these kinds, in the order of the whole list."""
        return legal_actions(self.state, self.player, kinds)

    def of_one(self, kind: str) -> Sequence[Action]:
        """``of(kind)`` as the state remembers it, not copied (``legal_of_kind``: a chooser
        that picks one of hundreds of priced offers need not copy them)."""
        found = self._given = legal_of_kind(self.state, self.player, kind)
        return found

    def _list(self) -> list[Action]:
        found = self._all
        if found is None:
            found = self._all = legal_actions(self.state, self.player)
        return found

    def __len__(self) -> int:
        return len(self._list())

    @overload
    def __getitem__(self, index: int) -> Action: ...
    @overload
    def __getitem__(self, index: slice) -> list[Action]: ...
    def __getitem__(self, index: int | slice) -> Action | list[Action]:
        return self._list()[index]

    def __iter__(self) -> Iterator[Action]:
        return iter(self._list())

    def __contains__(self, action: object) -> bool:
        # A chooser usually hands back one of the very objects it was given: find it by
        # identity (in C) before comparing field by field (hundreds of priced offers).
        if any(map(is_, self._given, repeat(action))):
            return True
        kind = getattr(action, "kind", None)
        if kind is None:
            return False
        same_kind = legal_of_kind(self.state, self.player, kind)
        return any(map(is_, same_kind, repeat(action))) or action in same_kind

    def __bool__(self) -> bool:
        if self._all is not None:
            return bool(self._all)
        return has_legal(self.state, self.player)

    def __repr__(self) -> str:
        return f"LegalActions({self._list()!r})"


__all__ = ["LegalActions"]
