"""``random``: uniform over legal actions, with limits so that a negotiation ends.

It picks a kind of action first, then one action of that kind, so that the dozens of possible
prices do not drown out the rest. Limits: it makes at most 3 proposals per deal, lets half of
the moments of a deal pass, and as Boss it closes when it can or fails after 8 moves of its own.
It never starts again a deal it started and saw fail, until something it sees has changed
(``memory.py``): random, but not stubborn.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from ..engine import actions as A
from ..engine.actions import Action
from ..engine.lazy import LegalActions
from ..engine.view import PlayerView
from .draws import pick
from .memory import DealMemory

MAX_PROPOSALS = 3
BOSS_MOVES = 8
#: Kinds chosen only by the limits below: they undo progress.
UNDOING = frozenset({"fail", "reset", "cancel", "withdraw"})
PROPOSING = frozenset({"offer", "ask"})


def _kinds(legal: Sequence[Action]) -> frozenset[str]:
    """The kinds among ``legal``, asked of a lazy list without building it."""
    if isinstance(legal, LegalActions):
        return legal.kinds
    return frozenset(a.kind for a in legal)


def _of_kind(legal: Sequence[Action], kind: str) -> Sequence[Action]:
    """``legal``'s actions of one kind, in their order, built alone if ``legal`` is lazy."""
    if isinstance(legal, LegalActions):
        return legal.of_one(kind)
    return [a for a in legal if a.kind == kind]


@lru_cache(maxsize=512)
def _choosable(kinds: frozenset[str], proposing: bool) -> tuple[str, ...]:
    """The kinds the bot picks among, in a fixed order: ``kinds`` but the undoing ones, and
    but the proposals once it has made its share. Asked at every step, with a few dozen
    different sets of kinds in a whole game."""
    left = kinds - UNDOING
    if not proposing:
        left -= PROPOSING
    return tuple(sorted(left))


@dataclass
class RandomBot:
    name: str = "random"
    seed: int = 0

    def __post_init__(self) -> None:
        self._rng = random.Random(self.seed)
        self._deal: tuple[int, int] | None = None
        self._proposals = 0
        self._boss_moves = 0
        self._memory = DealMemory(listens=False)  # it counts on nobody's answers

    def decide(self, seen: PlayerView, legal: Sequence[Action]) -> Action | None:
        rng = self._rng
        self._memory.observe(seen)
        deal = seen.deal
        if deal is not None:
            key = (seen.deals_done, deal.space)
            if key != self._deal:
                self._deal, self._proposals, self._boss_moves = key, 0, 0
        if seen.window is not None:
            return pick(rng, list(legal)) if rng.random() < 0.5 else None
        if deal is None:
            return self._turn(seen, legal)
        me = seen.viewer
        if me == deal.boss:
            self._boss_moves += 1
            ends = _of_kind(legal, "close")
            if ends and rng.random() < 0.8:
                return pick(rng, ends)
            if self._boss_moves > BOSS_MOVES:
                return next(iter(_of_kind(legal, "fail")), None)
        elif rng.random() < 0.5:
            return None
        # The kind first, then one action of that kind: only that kind's actions are built.
        kinds = _choosable(_kinds(legal), self._proposals < MAX_PROPOSALS)
        if not kinds:
            return None
        kind = pick(rng, kinds)
        choice = pick(rng, _of_kind(legal, kind))
        if kind in PROPOSING:
            self._proposals += 1
        return choice

    def _turn(self, seen: PlayerView, legal: Sequence[Action]) -> Action:
        options = list(legal)
        space = seen.marker
        if space is not None and self._memory.failed_before(seen, space):
            options = [a for a in options if not isinstance(a, A.StartDeal)] or options
        choice = pick(self._rng, options)
        if isinstance(choice, A.StartDeal) and space is not None:
            self._memory.started(seen, space)
        return choice
