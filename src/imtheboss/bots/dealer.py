"""``dealer``: a heuristic player that values deals, asks fair prices, protects its deals with
stops and sabotages the leader. It sees only its own view.

Fair price: a supplier's share of the proceeds, ``proceeds ÷ investors`` the space needs. The
dealer asks that, accepts offers down to 70 % of it, pays up to 130 % as Boss while it keeps
at least a third. Bounds that make every negotiation end: at most 2 proposals per partner per
deal, and a Boss that has nothing left to try closes or fails.

It starts a deal only when it can gather every colour the space needs (``plan.py``), and never
again one it saw fail in the same situation (``memory.py``), so that a table of dealers always
moves the marker on and finishes its game.

Asked to cancel an agreement (N5: it ends early only when both sides cancel), it answers like a
fair player who looks after itself (``cancel_answer``); it never asks first. As the supplier it
agrees when cancelling costs it nothing — a supplier is paid only for cards the Boss closes
with (CL3), so when its agreed cards are travelling, or the Boss has another card for each of
their colours, it would not be paid anyway — or when the Boss has kept asking for a long while
(``CANCEL_PATIENCE`` times the table asked it with the request standing): a Boss who wants out
can always fail the deal (F1), which pays nobody, and letting go keeps the deal alive. As the
Boss it agrees when it does not need those cards: they are travelling, or it has another card
for each of their colours that costs it nothing (its own investor, its own family card on the
table or in its hand, a card already agreed with someone else), or the colour is optional and
the space's pick is met without it. Otherwise it keeps the agreement and plays on: the person
sees the request stand, unanswered.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from ..engine import actions as A
from ..engine.actions import Action
from ..engine.cards import Card, Colour, Kind, family
from ..engine.closes import supplier_of
from ..engine.deciders import holds_hire_set
from ..engine.game import agreeing_cards
from ..engine.options import Variant
from ..engine.state import FamilyRef, InvestorRef, Phase, WindowKind
from ..engine.view import MoneyPile, PlayerView
from .memory import DealMemory
from .plan import PAY_SHARE, Plan, fair_price, plan

_PILE_RANK = {pile: i for i, pile in enumerate(MoneyPile)}
_KEEP_VALUE = {Kind.STOP: 9.0, Kind.BOSS: 7.0, Kind.TRAVEL: 5.0, Kind.HIRE: 4.0, Kind.FAMILY: 5.0}
MAX_PROPOSALS = 2
PATIENCE = 6
#: As a supplier, the times the table asks it with a Boss's request to cancel standing before
#: it lets the agreement go (at a table with people, bots are asked about four times a second
#: while nobody moves: some five seconds).
CANCEL_PATIENCE = 20


@dataclass
class DealerBot:
    name: str = "dealer"
    seed: int = 0
    _proposals: Counter[tuple[object, ...]] = field(default_factory=Counter)
    _idle: int = 0
    _deal_key: tuple[int, int, int] | None = None
    _memory: DealMemory = field(default_factory=DealMemory)
    #: Per asker, how many times I was asked with its request to cancel standing (this deal).
    _cancel_asks: Counter[int] = field(default_factory=Counter)

    def __post_init__(self) -> None:
        self._rng = random.Random(self.seed)

    # -- the decision ---------------------------------------------------------------------

    def decide(self, seen: PlayerView, legal: Sequence[Action]) -> Action | None:
        me = seen.viewer
        assert me is not None
        self._memory.observe(seen)
        if seen.window is not None:
            return self._answer_window(seen, legal, me)
        if seen.phase is Phase.DEAL and seen.deal is not None:
            key = (seen.deals_done, seen.deal.space, seen.deal.boss)
            if key != self._deal_key:
                self._deal_key, self._idle = key, 0
                self._proposals.clear()
                self._cancel_asks.clear()
            if seen.deal.cancel_requests:
                answer = self.cancel_answer(seen, legal)
                if answer is not None:
                    return answer
            if seen.deal.boss == me:
                return self._as_boss(seen, legal, me)
            return self._as_partner(seen, legal, me)
        return self._turn(seen, legal, me)

    # -- helpers over the view ------------------------------------------------------------

    @staticmethod
    def _owner(seen: PlayerView, colour: Colour) -> int | None:
        return next((p.seat for p in seen.players if colour in p.investors), None)

    def _covered(self, seen: PlayerView) -> set[Colour]:
        deal = seen.deal
        assert deal is not None
        v8 = seen.options.has(Variant.V8)
        return {c for c, refs in agreeing_cards(deal, seen.owners, v8).items() if refs}

    def _needed(self, seen: PlayerView) -> set[Colour]:
        """Colours still missing: every required one, and a group's optional ones while its
        count is short."""
        deal = seen.deal
        assert deal is not None
        space = seen.board.space(deal.space)
        covered = self._covered(seen)
        missing = set(space.required - covered)
        for group in space.choices():
            if len(group.of & covered) < group.pick:
                missing |= group.of - covered
        return missing

    @staticmethod
    def _fair(seen: PlayerView) -> int:
        assert seen.deal is not None
        return fair_price(seen.proceeds, seen.board.space(seen.deal.space).investors)

    @staticmethod
    def _leader(seen: PlayerView, me: int) -> int | None:
        """The player whose money pile looks biggest, if it looks bigger than everyone else's."""
        ranks = sorted(((_PILE_RANK[p.pile], p.seat) for p in seen.players), reverse=True)
        if len(ranks) > 1 and ranks[0][0] > ranks[1][0] and ranks[0][1] != me:
            return ranks[0][1]
        return None

    def _coverage(self, seen: PlayerView, space_number: int, me: int) -> float:
        """How much of a space I could supply myself (investors and family cards in hand)."""
        space = seen.board.space(space_number)
        mine = set(seen.players[me].investors)
        mine |= {c.colour for c in (seen.hand or ()) if c.kind is Kind.FAMILY and c.colour}
        need = space.investors
        have = len(space.required & mine) + sum(
            min(group.pick, len(group.of & mine)) for group in space.choices()
        )
        return have / need

    # -- turns ----------------------------------------------------------------------------

    def _turn(self, seen: PlayerView, legal: Sequence[Action], me: int) -> Action | None:
        kinds = {a.kind: a for a in legal}
        if "place_marker" in kinds:
            best = max(
                (a for a in legal if isinstance(a, A.PlaceMarker)),
                key=lambda a: (
                    self._coverage(seen, a.space, me),
                    seen.board.space(a.space).dividends,
                ),
            )
            return best
        if "discard" in kinds or "hire" in kinds:
            hires = [a for a in legal if isinstance(a, A.PlayHire)]
            if hires:
                return self._rng.choice(hires)
            return min(
                (a for a in legal if isinstance(a, A.Discard)),
                key=lambda a: sum(self._card_value(seen, c, me) for c in a.cards),
            )
        if "roll" in kinds and seen.phase is Phase.END_ROLL:
            return kinds["roll"]
        start = kinds.get("start_deal")
        space = seen.marker
        if start is not None and space is not None:
            chosen = self._plan(seen, space, me)
            cannot_wait = "roll" not in kinds and "draw" not in kinds  # V2
            if chosen is not None or cannot_wait:
                self._memory.started(seen, space)
                return start
        if "roll" in kinds:
            return kinds["roll"]
        if "draw" in kinds:
            return kinds["draw"]
        return None

    def _plan(self, seen: PlayerView, space: int, me: int) -> Plan | None:
        """How I would close a deal on the space, unless I cannot, or I already failed there
        in this very situation."""
        if self._memory.failed_before(seen, space):
            return None
        return plan(seen, space, me, self._memory.shy(seen))

    def _card_value(self, seen: PlayerView, card: Card, me: int) -> float:
        value = _KEEP_VALUE[card.kind]
        if card.kind is Kind.FAMILY and card.colour in seen.players[me].investors:
            value -= 2  # my own investor covers that colour already
        if card.kind is Kind.HIRE and holds_hire_set(seen.hand or ()):
            value += 3
        return value

    # -- windows --------------------------------------------------------------------------

    def _answer_window(self, seen: PlayerView, legal: Sequence[Action], me: int) -> Action | None:
        window = seen.window
        assert window is not None
        stop = next((a for a in legal if isinstance(a, A.PlayStop)), None)
        passing = next((a for a in legal if isinstance(a, A.Pass)), None)
        if window.kind is WindowKind.LAST_CALL:
            leader = self._leader(seen, me)
            if seen.deal is not None and window.player == leader:
                spoil = self._spoil(seen, legal, window.supplies or {})
                if spoil is not None:
                    return spoil
            return passing
        if stop is None:
            return passing
        deal = seen.deal
        hurt = False
        if window.kind is WindowKind.BOSS:
            hurt = deal is not None and deal.boss == me
        elif window.kind is WindowKind.HIRE:
            target = window.target
            hurt = isinstance(target, InvestorRef) and target.colour in seen.players[me].investors
        elif window.kind is WindowKind.TRAVEL and deal is not None:
            target = window.target
            mine = (
                isinstance(target, InvestorRef) and target.colour in seen.players[me].investors
            ) or (isinstance(target, FamilyRef) and target.owner == me)
            hurt = deal.boss == me or mine
        return stop if hurt else passing

    def _spoil(
        self, seen: PlayerView, legal: Sequence[Action], supplies: Mapping[Colour, object]
    ) -> Action | None:
        for action in legal:
            if isinstance(action, A.PlayTravel) and action.target in supplies.values():
                return action
        return None

    # -- requests to cancel (N5) ------------------------------------------------------------

    def cancel_answer(self, seen: PlayerView, legal: Sequence[Action]) -> Action | None:
        """My cancel, when a request to cancel an agreement addressed to me should be granted
        (the module's docstring says when); None leaves the request standing. Each call counts
        as one time the table asked me (the supplier's patience)."""
        deal = seen.deal
        me = seen.viewer
        if deal is None or me is None or seen.window is not None:
            return None
        for asker in sorted(a for a, other in deal.cancel_requests if other == me):
            answer = A.CancelAgreement(player=me, other=asker)
            if answer not in legal:
                continue
            supplier = asker if me == deal.boss else me
            if not _needed_from(seen, supplier, me == deal.boss):
                return answer
            if me != deal.boss:
                self._cancel_asks[asker] += 1
                if self._cancel_asks[asker] >= CANCEL_PATIENCE:
                    return answer
        return None

    # -- negotiating ----------------------------------------------------------------------

    def _as_boss(self, seen: PlayerView, legal: Sequence[Action], me: int) -> Action | None:
        deal = seen.deal
        assert deal is not None
        closes = [a for a in legal if isinstance(a, A.Close)]
        if closes:
            return closes[0]
        tile_value = seen.board.tiles[seen.stack[0] - 1].value
        promised = seen.promised
        fair = self._fair(seen)
        needed = self._needed(seen)
        for prop in deal.proposals:
            if prop.by_boss:
                continue
            price = prop.price.dollars(tile_value)
            useful = any(ref.colour in needed for ref in prop.cards)
            affordable = promised + price <= seen.proceeds * PAY_SHARE[0] // PAY_SHARE[1]
            if useful and affordable and price <= fair * 13 // 10:
                return A.Accept(player=me, supplier=prop.supplier)
        for colour in sorted(needed, key=lambda c: c.value):
            lay = A.LayFamily(player=me, colour=colour)
            if lay in legal:
                return lay
        for colour in sorted(needed, key=lambda c: c.value):
            # A hired investor agrees at once (H3); an unowned one comes no other way (TR4).
            hire = A.PlayHire(player=me, colour=colour)
            if hire in legal:
                return hire
        for action in legal:
            if (
                isinstance(action, A.Offer)
                and action.price.amount == fair
                and not action.price.dividends
                and action.cards[0].colour in needed
            ):
                key = ("offer", action.supplier, action.cards)
                if self._proposals[key] < MAX_PROPOSALS and not _awaiting(seen, action.supplier):
                    self._proposals[key] += 1
                    return action
        self._idle += 1
        if self._idle >= PATIENCE:
            fail = next((a for a in legal if isinstance(a, A.Fail)), None)
            return fail
        return None

    def _as_partner(self, seen: PlayerView, legal: Sequence[Action], me: int) -> Action | None:
        deal = seen.deal
        assert deal is not None
        fair = self._fair(seen)
        tile_value = seen.board.tiles[seen.stack[0] - 1].value
        mine = next((p for p in deal.proposals if p.supplier == me), None)
        offered = mine is not None and mine.by_boss and A.Accept(player=me) in legal
        if offered and mine is not None and mine.price.dollars(tile_value) * 10 >= fair * 7:
            return A.Accept(player=me)
        needed = self._needed(seen)
        leader = self._leader(seen, me)
        if deal.boss == leader:
            sabotage = self._sabotage(seen, legal, needed)
            if sabotage is not None:
                return sabotage
        if mine is None or mine.by_boss:
            for action in legal:
                if (
                    isinstance(action, A.Ask)
                    and action.price.amount == fair
                    and not action.price.dividends
                    and action.cards[0].colour in needed
                ):
                    key = ("ask", action.cards)
                    if self._proposals[key] < MAX_PROPOSALS:
                        self._proposals[key] += 1
                        return action
        for colour in sorted(needed, key=lambda c: c.value):
            lay = A.LayFamily(player=me, colour=colour)
            owner = self._owner(seen, colour)
            if lay in legal and owner is None and family(colour) in (seen.hand or ()):
                return lay
        return None

    def _sabotage(
        self, seen: PlayerView, legal: Sequence[Action], needed: set[Colour]
    ) -> Action | None:
        """Against the leader: send away a card the deal relies on, or take the deal over."""
        deal = seen.deal
        assert deal is not None
        covered = self._covered(seen)
        for action in legal:
            if isinstance(action, A.PlayTravel) and action.target.colour in covered:
                owner = self._owner(seen, action.target.colour)
                if isinstance(action.target, InvestorRef) and owner == deal.boss:
                    return action
        boss = next((a for a in legal if isinstance(a, A.PlayBoss)), None)
        me = seen.viewer
        if boss is not None and me is not None and self._coverage(seen, deal.space, me) >= 0.5:
            return boss
        return None


def _needed_from(seen: PlayerView, supplier: int, for_boss: bool) -> bool:
    """Would the Boss still need the supplier's agreed cards to close? Not when they are
    travelling (TR1), nor when every colour of theirs has another source, not the supplier's,
    or is optional with the space's pick met without it.

    ``for_boss``: the Boss weighs it, else the supplier. The other sources are read from the
    cards that would agree now (``agreeing_cards``). A Boss weighing its own costs leaves out
    another player's investor under V8, which it would have to pay for, and adds a family card
    in its own hand, which it may lay for free (D4); a supplier counts every source the Boss
    may use, since any of them leaves it unpaid."""
    deal = seen.deal
    assert deal is not None
    owners = seen.owners
    v8 = seen.options.has(Variant.V8) and not for_boss
    sources = agreeing_cards(deal, owners, v8)

    def others(colour: Colour) -> bool:
        for ref in sources.get(colour, ()):
            if supplier_of(ref, owners) != supplier:
                return True
        hand = seen.hand or ()
        return for_boss and family(colour) in hand

    space = seen.board.space(deal.space)
    # The optional colours whose group others can fill without this supplier's card.
    optional_met = {
        colour
        for group in space.choices()
        if sum(1 for c in group.of if others(c)) >= group.pick
        for colour in group.of
    }
    for agreement in deal.agreements:
        if agreement.supplier != supplier:
            continue
        for ref in agreement.cards:
            if ref not in sources[ref.colour]:
                continue  # travelling, it would not take part (closing.agreeing_cards)
            colour = ref.colour
            if colour not in space.required | space.optional:
                continue  # the space does not use it (D2)
            if others(colour) or colour in optional_met:
                continue
            return True
    return False


def _awaiting(seen: PlayerView, supplier: int) -> bool:
    """The Boss's own offer to that supplier still waits for an answer. A supplier's ask the
    Boss did not accept is no reason to wait: the Boss answers it with an offer of its own."""
    deal = seen.deal
    return deal is not None and any(p.supplier == supplier and p.by_boss for p in deal.proposals)
