"""``random``: uniform over legal actions, with limits so that a negotiation ends.

It picks a kind of action first, then one action of that kind, so that the dozens of possible
prices do not drown out the rest. Limits: it makes at most 3 proposals per deal, lets half of
the moments of a deal pass, and as Boss it closes when it can or fails after 8 moves of its own.
It never starts again a deal it started and saw fail, until something it sees has changed
(``memory.py``): random, but not stubborn.
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from ..engine import actions as A
from ..engine.actions import Action
from ..engine.view import PlayerView
from .memory import DealMemory

MAX_PROPOSALS = 3
BOSS_MOVES = 8


@dataclass
class RandomBot:
    name: str = "random"
    seed: int = 0

    def __post_init__(self) -> None:
        self._rng = random.Random(self.seed)
        self._deal: tuple[int, int] | None = None
        self._proposals = 0
        self._boss_moves = 0
        self._memory = DealMemory()

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
        if me == deal.boss:
            self._boss_moves += 1
            ends = [a for a in legal if isinstance(a, A.Close)]
            if ends and rng.random() < 0.8:
                return rng.choice(ends)
            if self._boss_moves > BOSS_MOVES:
                return next((a for a in legal if isinstance(a, A.Fail)), None)
        elif rng.random() < 0.5:
            return None
        by_kind: dict[str, list[Action]] = defaultdict(list)
        for action in legal:
            if isinstance(action, A.Offer | A.Ask) and self._proposals >= MAX_PROPOSALS:
                continue
            if isinstance(action, A.Fail | A.Reset | A.CancelAgreement | A.Withdraw):
                continue  # chosen only by the limits above: they undo progress
            by_kind[action.kind].append(action)
        if not by_kind:
            return None
        kind = rng.choice(sorted(by_kind))
        choice = rng.choice(by_kind[kind])
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
