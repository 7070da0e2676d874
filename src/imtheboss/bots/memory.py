"""What a bot remembers of the deals it started: the ones that failed, and in what situation;
and who leaves offers unanswered.

A bot that starts the same deal in the same situation gets the same refusals, so a failed deal
is not tried again until something the bot counts on has changed: the number of deals done (a
new tile, new proceeds), who owns which investor, or its own hand. Everything in the key comes
from the bot's own view; nothing of other players' hidden hands.

The hand changes with every deal (a family card laid, cards drawn), so that key alone does not
stop a bot from counting again and again on a player who does not answer — a person who is away
from the table, or who does not want to sell: a game of two people and two dealers saw 180
deals started and 168 failed, ``deal / lay family orange / offer Bob yellow for 4 / fail`` over
and over. So a bot also remembers who let a Boss's offers go unanswered in a deal that then
failed (``silent``), and does not count on buying from them until they take part in a deal
again (ask a price, accept an offer, lay a family card, make an offer as Boss: all public) or,
in case they have come back to the table, ``SILENT_DEALS`` more deals are done — twice as many
each time they leave offers unanswered again.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..engine.cards import Card, Colour
from ..engine.state import Deal
from ..engine.view import PlayerView

#: How many deals done later a bot counts again on a player who left offers unanswered once.
SILENT_DEALS = 4

#: (deals done, space, whose turn): one deal. Its Boss may change (a boss card, B2); a failed
#: deal leaves the marker where it was (F3) and the next deal there is started by the next
#: player (B3), so the turn tells them apart even when the bot saw nothing in between.
DealKey = tuple[int, int, int]


def deal_key(seen: PlayerView) -> DealKey | None:
    deal = seen.deal
    return None if deal is None else (seen.deals_done, deal.space, seen.turn)


#: (space, deals done, owner of each investor, own hand)
Situation = tuple[int, int, tuple[tuple[Colour, int | None], ...], tuple[Card, ...]]


def situation(seen: PlayerView, space: int) -> Situation:
    owners = tuple(sorted(seen.owners.items()))
    return (space, seen.deals_done, owners, tuple(sorted(seen.hand or ())))


def _heard(deal: Deal) -> tuple[frozenset[int], frozenset[int], frozenset[int]]:
    """(who takes part, whom the Boss made offers to, who answered) in ``deal``: public facts
    of the deal alone, so worked out once per deal for every bot at the table."""
    memo = deal.memo()
    found: tuple[frozenset[int], frozenset[int], frozenset[int]] | None = memo.get("heard")
    if found is None:
        answering = {p.supplier for p in deal.proposals if not p.by_boss}
        answered = answering | {a.supplier for a in deal.agreements}
        talking = set(answered)
        if deal.agreements or any(p.by_boss for p in deal.proposals):
            talking.add(deal.boss)  # a Boss who offers, or accepted a price
        talking |= {f.owner for f in deal.family}
        offered = frozenset(p.supplier for p in deal.proposals if p.by_boss)
        found = memo["heard"] = (frozenset(talking), offered, frozenset(answered))
    return found


@dataclass
class DealMemory:
    failed: set[Situation] = field(default_factory=set)
    #: The deal this bot started and has not yet seen end: its situation, and which deal.
    _pending: tuple[Situation, DealKey] | None = None
    #: Who left a Boss's offers unanswered in a deal that failed → (deals done then, how
    #: many deals done before the bot counts on them again).
    silent: dict[int, tuple[int, int]] = field(default_factory=dict)
    #: The deal on the table: whom its Boss made offers to, who answered.
    _talk: tuple[DealKey, set[int], set[int]] | None = None
    #: The last view ``_listen`` heard: the same view again teaches nothing new.
    _heard_last: PlayerView | None = field(default=None, repr=False, compare=False)
    #: Whether to keep ``silent`` at all: a bot that never asks ``shy`` (the random bot
    #: counts on nobody) skips listening to every view it is shown.
    listens: bool = True

    def observe(self, seen: PlayerView) -> None:
        """Settle the deal this bot started once it is over: it closed if its space is covered
        (CL6), else it failed (F3: the marker stays, no tile)."""
        if self.listens:
            self._listen(seen)
        if self._pending is None:
            return
        pending, key = self._pending
        if deal_key(seen) == key:
            return  # still running
        if pending[0] not in seen.covered:
            self.failed.add(pending)
        self._pending = None

    def started(self, seen: PlayerView, space: int) -> None:
        """Called as the bot starts a deal on ``space``: the deal about to begin is the one
        of this turn."""
        self._pending = (situation(seen, space), (seen.deals_done, space, seen.turn))

    def failed_before(self, seen: PlayerView, space: int) -> bool:
        return situation(seen, space) in self.failed

    def _listen(self, seen: PlayerView) -> None:
        """Who answers: everyone who takes part in a deal is heard; whoever a Boss made an
        offer to and did not answer before the deal failed is silent (all of it public: any
        Boss's deal teaches it, not only this bot's own)."""
        if seen is self._heard_last:
            return  # the very same view again (a table asks round after round): nothing new
        self._heard_last = seen
        deal = seen.deal
        heard = None if deal is None else _heard(deal)
        if heard is not None:
            for seat in heard[0]:
                self.silent.pop(seat, None)
        talk = self._talk
        key = deal_key(seen)
        if talk is not None and talk[0] != key:
            self._talk = None
            (_, space, _), offered, answered = talk
            if space not in seen.covered:  # failed (F3)
                for seat in offered - answered:
                    _, before = self.silent.get(seat, (0, SILENT_DEALS // 2))
                    self.silent[seat] = (seen.deals_done, before * 2)
        if heard is None or key is None:
            return
        if self._talk is None:
            self._talk = (key, set(), set())
        _, offered, answered = self._talk
        offered |= heard[1]
        answered |= heard[2]

    def shy(self, seen: PlayerView) -> frozenset[int]:
        """The players not to count on as sellers now (see ``silent``)."""
        assert self.listens, "a memory that does not listen knows nobody's silence"
        done = seen.deals_done
        return frozenset(seat for seat, (when, n) in self.silent.items() if done - when < n)
