"""``random``: uniform over legal actions, with limits so that a negotiation ends.

It picks a kind of action first, then one action of that kind, so that the dozens of possible
prices do not drown out the rest. Limits: it makes at most 3 proposals per deal, lets half of
the moments of a deal pass, and as Boss it closes when it can or fails after 8 moves of its own.
It never starts again a deal it started and saw fail, until something it sees has changed
(``memory.py``): random, but not stubborn.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..engine import actions as A
from ..engine.actions import Action
from ..engine.legal import LegalActions
from ..engine.view import PlayerView
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


def _of_kind(legal: Sequence[Action]) -> Callable[[str], list[Action]]:
    """``legal``'s actions of one kind, in their order, built alone if ``legal`` is lazy."""
    if isinstance(legal, LegalActions):
        return legal.of
    return lambda kind: [a for a in legal if a.kind == kind]


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
            return rng.choice(list(legal)) if rng.random() < 0.5 else None
        if deal is None:
            return self._turn(seen, legal)
        me = seen.viewer
        of_kind = _of_kind(legal)
        if me == deal.boss:
            self._boss_moves += 1
            ends = of_kind("close")
            if ends and rng.random() < 0.8:
                return rng.choice(ends)
            if self._boss_moves > BOSS_MOVES:
                return next(iter(of_kind("fail")), None)
        elif rng.random() < 0.5:
            return None
        # The kind first, then one action of that kind: only that kind's actions are built.
        kinds = _kinds(legal) - UNDOING
        if self._proposals >= MAX_PROPOSALS:
            kinds -= PROPOSING
        if not kinds:
            return None
        kind = rng.choice(sorted(kinds))
        choice = rng.choice(of_kind(kind))
        if isinstance(choice, A.Offer | A.Ask):
            self._proposals += 1
        return choice

    def _turn(self, seen: PlayerView, legal: Sequence[Action]) -> Action:
        options = list(legal)
        space = seen.marker
        if space is not None and self._memory.failed_before(seen, space):
            options = [a for a in options if not isinstance(a, A.StartDeal)] or options
        choice = self._rng.choice(options)
        if isinstance(choice, A.StartDeal) and space is not None:
            self._memory.started(seen, space)
        return choice
