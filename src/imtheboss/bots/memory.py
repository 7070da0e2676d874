"""What a bot remembers of the deals it started: the ones that failed, and in what situation.

A bot that starts the same deal in the same situation gets the same refusals, so a failed deal
is not tried again until something the bot counts on has changed: the number of deals done (a
new tile, new proceeds), who owns which investor, or its own hand. Everything in the key comes
from the bot's own view; nothing of other players' hidden hands.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..engine.cards import Card, Colour
from ..engine.view import PlayerView

#: (space, deals done, owner of each investor, own hand)
Situation = tuple[int, int, tuple[tuple[Colour, int | None], ...], tuple[Card, ...]]


def situation(seen: PlayerView, space: int) -> Situation:
    owners = tuple(sorted(seen.owners.items()))
    return (space, seen.deals_done, owners, tuple(sorted(seen.hand or ())))


@dataclass
class DealMemory:
    failed: set[Situation] = field(default_factory=set)
    #: The deal this bot started and has not yet seen end.
    _pending: Situation | None = None

    def observe(self, seen: PlayerView) -> None:
        """Settle the deal this bot started once it is over: it closed if its space is covered
        (CL6), else it failed (F3: the marker stays, no tile)."""
        pending = self._pending
        if pending is None:
            return
        space, deals_done = pending[0], pending[1]
        deal = seen.deal
        if deal is not None and deal.space == space and seen.deals_done == deals_done:
            return  # still running
        if space not in seen.covered:
            self.failed.add(pending)
        self._pending = None

    def started(self, seen: PlayerView, space: int) -> None:
        self._pending = situation(seen, space)

    def failed_before(self, seen: PlayerView, space: int) -> bool:
        return situation(seen, space) in self.failed
