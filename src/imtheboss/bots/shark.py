"""``shark``: a bot that searches. Determinized (perfect-information sampling) flat Monte Carlo.

When it has a real choice — start a deal or roll, stop a card or let it pass, spoil a close,
take a deal over with a boss card, what to offer or ask and at what price, whether to accept —
it samples states consistent with its own view (``determinize``: the hidden hands, the draw
pile, the dice and rivals' exact money drawn at random, never read), plays each candidate out
in every sample with dealers in every seat, and keeps the candidate whose playouts end best on
average. The same samples serve every candidate, so that the candidates are compared on the
same deals of the cards and the comparison is not drowned in the noise of the draw.

Playouts are truncated: they stop when the deal in progress (or the next one started) ends,
when the game ends, or after ``PLAYOUT_ACTIONS`` actions, and the position is scored by money
plus what the cards in hand and the investors owned are worth, against the rivals. A deal is
where money changes hands, so its end is where a choice has shown what it was worth; playing
further would only add the noise of later deals, and cost time.

Everything else (marker placement after the first, discards, end rolls, the many moments of a
deal where it has nothing to weigh) is left to a ``DealerBot`` it keeps, which also proposes
the first candidate: the search can only replace the dealer's move when it finds better.

A request to cancel an agreement (N5) is answered by the dealer's rule (``DealerBot.
cancel_answer``), not searched: the playouts have dealers in every seat, and none of them ever
insists on a cancel or fails a deal for one, so they cannot tell what keeping an agreement
against a person who wants out is worth. The dealer's rule agrees when cancelling costs the
shark nothing, or, as a supplier, once the Boss has asked for a long while.

The budget is a number of playouts per decision, and the randomness of a decision comes from
the bot's seed and the number of decisions it has made, never the clock: the same game, seed
and budget give the same moves on any machine, at any speed.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..bot_kinds import MAX_BOT_BUDGET
from ..engine import actions as A
from ..engine.actions import Action
from ..engine.cards import Colour, Kind
from ..engine.game import apply
from ..engine.state import GameState, InvestorRef, Phase, Price, WindowKind
from ..engine.view import PlayerView
from .base import Bot, next_bot_action
from .dealer import PATIENCE, DealerBot
from .determinize import NotDeterminizable, determinize
from .memory import DealMemory
from .plan import fair_price

#: Playouts per decision by default: about a quarter of a second on a 2026 laptop core.
DEFAULT_BUDGET = 64
#: The most a user may ask for (``bot_kinds``: a decision would take about a minute).
MAX_BUDGET = MAX_BOT_BUDGET
#: A playout stops after this many actions even if its deal is still going on.
PLAYOUT_ACTIONS = 80
#: Candidates weighed at one decision, the dealer's own move among them.
MAX_CANDIDATES = 6

#: What a card in hand is worth in $M at the end of a playout, so that a card spent is not
#: counted as free: stops and boss cards decide deals; hire cards count in sets of three.
CARD_WORTH: dict[Kind, float] = {
    Kind.STOP: 3.0,
    Kind.BOSS: 3.0,
    Kind.TRAVEL: 1.5,
    Kind.FAMILY: 1.5,
    Kind.HIRE: 0.8,
}
#: An investor owned supplies deals for the rest of the game.
INVESTOR_WORTH = 4.0
#: A game won in a playout is worth more than its money lead.
WIN_BONUS = 20.0


class _Quiet:
    """The searching seat's policy for the candidate "say nothing now": silent until the
    table has moved on by one action, the dealer after that."""

    name = "quiet"

    def __init__(self, inner: Bot) -> None:
        self.inner, self.on = inner, True

    def decide(self, seen: PlayerView, legal: Sequence[Action]) -> Action | None:
        return None if self.on else self.inner.decide(seen, legal)


@dataclass
class SharkBot:
    name: str = "shark"
    seed: int = 0
    budget: int = DEFAULT_BUDGET
    #: Decisions taken by search (the rest were the dealer's): for benchmarks and tests.
    searches: int = 0
    _decisions: int = 0
    _last: tuple[PlayerView, Action | None] | None = None
    #: How many times in a row I was asked about ``_last``'s moment and let it pass.
    _unmoved: int = 0
    _memory: DealMemory = field(default_factory=DealMemory)
    _weighed_boss: set[tuple[object, ...]] = field(default_factory=set)

    def __post_init__(self) -> None:
        if not 1 <= self.budget <= MAX_BUDGET:
            raise ValueError(f"a shark's budget is 1 to {MAX_BUDGET} playouts, not {self.budget}")
        self._dealer = DealerBot(seed=self.seed)

    # -- the decision ---------------------------------------------------------------------

    def decide(self, seen: PlayerView, legal: Sequence[Action]) -> Action | None:
        me = seen.viewer
        assert me is not None
        self._memory.observe(seen)
        last = self._last
        if last is not None and last[0] == seen and (last[1] is None or last[1] in legal):
            # Asked again about the very same moment (the table asks around until someone
            # speaks): the same answer, without searching again — unless a request to cancel
            # waits for me, whose patience counts the times I am asked; or I am the Boss, let
            # the moment pass, and nothing has moved for ``PATIENCE`` asks since (a person who
            # does not answer): then the dealer's move, whose own patience ends the deal in
            # time. Without it a shark Boss waited for ever on a person who never answered.
            if last[1] is None and seen.deal is not None and seen.deal.boss == me:
                self._unmoved += 1
                if self._unmoved >= PATIENCE:
                    return self._dealer.decide(seen, legal)  # a request to cancel included
            answer = self._dealer.cancel_answer(seen, legal)
            return last[1] if answer is None else answer
        self._unmoved = 0
        self._decisions += 1
        suggestion = self._dealer.decide(seen, legal)
        if isinstance(suggestion, A.CancelAgreement):
            # The dealer grants a request to cancel: taken as it is, not searched (above).
            self._last = (seen, suggestion)
            return suggestion
        candidates = self._candidates(seen, legal, suggestion, me)
        choice: Action | None = suggestion
        if len(candidates) > 1:
            try:
                choice = self._search(seen, candidates, me)
                self.searches += 1
            except NotDeterminizable:
                choice = suggestion
        if isinstance(choice, A.StartDeal) and seen.marker is not None:
            self._memory.started(seen, seen.marker)
        self._last = (seen, choice)
        return choice

    # -- what is worth weighing -----------------------------------------------------------

    def _candidates(
        self, seen: PlayerView, legal: Sequence[Action], suggestion: Action | None, me: int
    ) -> list[Action | None]:
        """The dealer's move first (ties go to it), then the alternatives that matter; only
        legal actions, each once, at most ``MAX_CANDIDATES``."""
        more: list[Action | None] = []
        window = seen.window
        if window is not None:
            if window.player != me:
                more = self._window_candidates(seen, legal, me)
        elif seen.phase in (Phase.TURN, Phase.ROLLED):
            start = next((a for a in legal if isinstance(a, A.StartDeal)), None)
            other = next((a for a in legal if isinstance(a, A.Roll | A.Draw)), None)
            marker = seen.marker
            known_failure = marker is None or self._memory.failed_before(seen, marker)
            if start is not None and other is not None and not known_failure:
                more = [start, other]
        elif seen.phase is Phase.DEAL and seen.deal is not None:
            if seen.deal.boss == me:
                more = self._boss_candidates(seen, legal, me)
            else:
                more = self._partner_candidates(seen, legal, me)
        out: list[Action | None] = []
        for action in [suggestion, *more]:
            if action in out:
                continue
            if action is not None and action not in legal:
                continue
            out.append(action)
        return out[:MAX_CANDIDATES]

    @staticmethod
    def _window_candidates(
        seen: PlayerView, legal: Sequence[Action], me: int
    ) -> list[Action | None]:
        window = seen.window
        assert window is not None
        passing = next((a for a in legal if isinstance(a, A.Pass)), None)
        if window.kind is not WindowKind.LAST_CALL:
            stop = next((a for a in legal if isinstance(a, A.PlayStop)), None)
            return [stop, passing] if stop is not None and passing is not None else []
        # The last call: spoil the close with a boss card (the deal becomes mine, B1) or a
        # travel card on a card the Boss closes with (TR1).
        supplies = list((window.supplies or {}).values())
        bosses = [a for a in legal if isinstance(a, A.PlayBoss)]
        travels = [a for a in legal if isinstance(a, A.PlayTravel) and a.target in supplies]
        plays: list[Action | None] = [*bosses[:1], *travels[:2]]
        return [passing, *plays] if plays else []

    def _boss_candidates(
        self, seen: PlayerView, legal: Sequence[Action], me: int
    ) -> list[Action | None]:
        deal = seen.deal
        assert deal is not None
        closes = [a for a in legal if isinstance(a, A.Close)]
        if closes:
            return list(closes[:2])
        out: list[Action | None] = []
        for prop in deal.proposals:
            if not prop.by_boss:
                out.append(A.Accept(player=me, supplier=prop.supplier))
        fair = fair_price(seen.proceeds, seen.board.space(deal.space).investors)
        waiting = {p.supplier for p in deal.proposals if p.by_boss}
        for colour in sorted(self._dealer._needed(seen), key=lambda c: c.value):
            owner = seen.owners[colour]
            if owner is None or owner == me or owner in waiting:
                continue
            for amount in (math.ceil(fair * 0.7), fair):
                out.append(_offer(me, owner, colour, amount))
            break  # one colour at a time: the others come in later decisions
        out.append(None)
        out.append(A.Fail(player=me))
        return out

    def _partner_candidates(
        self, seen: PlayerView, legal: Sequence[Action], me: int
    ) -> list[Action | None]:
        deal = seen.deal
        assert deal is not None
        out: list[Action | None] = []
        fair = fair_price(seen.proceeds, seen.board.space(deal.space).investors)
        mine = next((p for p in deal.proposals if p.supplier == me), None)
        agreed = any(a.supplier == me for a in deal.agreements)
        if mine is not None and mine.by_boss:
            out += [A.Accept(player=me), None]
            colour = next((r.colour for r in mine.cards), None)
            if colour is not None and isinstance(mine.cards[0], InvestorRef):
                out.append(_ask(me, colour, math.ceil(fair * 1.3)))
        elif mine is None and not agreed:
            needed = self._dealer._needed(seen)
            colour = next((c for c in _colours(seen, me) if c in needed), None)
            if colour is not None:
                out += [_ask(me, colour, fair), _ask(me, colour, math.ceil(fair * 1.3)), None]
        boss = next((a for a in legal if isinstance(a, A.PlayBoss)), None)
        if boss is not None:
            key = (seen.deals_done, deal.space, deal.boss, len(deal.agreements), len(deal.family))
            if key not in self._weighed_boss:
                self._weighed_boss.add(key)
                out += [boss, None]
        return out

    # -- the search -----------------------------------------------------------------------

    def _search(self, seen: PlayerView, candidates: list[Action | None], me: int) -> Action | None:
        rng = random.Random(f"shark:{self.seed}:{self._decisions}")
        worlds = max(1, self.budget // len(candidates))
        totals = [0.0] * len(candidates)
        for _ in range(worlds):
            world = determinize(seen, rng)
            table_seed = rng.getrandbits(48)
            for i, candidate in enumerate(candidates):
                totals[i] += _playout(world, candidate, me, table_seed)
        best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
        return candidates[best]


def _offer(me: int, supplier: int, colour: Colour, amount: int) -> Action:
    cards = (InvestorRef(colour=colour),)
    return A.Offer(player=me, supplier=supplier, cards=cards, price=Price(amount=amount))


def _ask(me: int, colour: Colour, amount: int) -> Action:
    return A.Ask(player=me, cards=(InvestorRef(colour=colour),), price=Price(amount=amount))


def _colours(seen: PlayerView, me: int) -> tuple[Colour, ...]:
    return seen.players[me].investors


def _playout(world: GameState, first: Action | None, me: int, table_seed: int) -> float:
    """Play ``first`` (None: let this moment pass) in a sampled world, then dealers in every
    seat until the deal in progress, or the next one, ends; the score of where it ends."""
    rng = random.Random(table_seed)
    bots: list[Bot] = [DealerBot(seed=table_seed + seat) for seat in range(world.n)]
    quiet: _Quiet | None = None
    state = world
    if first is None:
        quiet = _Quiet(bots[me])
        bots[me] = quiet
    else:
        state, _ = apply(state, first)
    saw_deal = world.phase is Phase.DEAL or state.phase is Phase.DEAL
    moves = 0
    for _ in range(PLAYOUT_ACTIONS):
        phase = state.phase
        if phase is Phase.OVER or (saw_deal and phase is not Phase.DEAL):
            break
        action = next_bot_action(state, bots, rng, moves)
        state, _ = apply(state, action)
        if quiet is not None:
            quiet.on = False
        if state.phase is Phase.DEAL:
            saw_deal = True
            moves += 1
        else:
            moves = 0
    return evaluate(state, me)


def evaluate(state: GameState, me: int) -> float:
    """Where a playout ends, for ``me``: my worth less the mean of the others' and less the
    best of them (the richest wins, E3), each worth = money + cards in hand + investors."""
    worth = [
        p.money
        + sum(CARD_WORTH[c.kind] for c in (p.hand or ()))
        + INVESTOR_WORTH * sum(1 for o in state.owners.values() if o == seat)
        for seat, p in enumerate(state.players)
    ]
    others = [w for seat, w in enumerate(worth) if seat != me]
    score = worth[me] - 0.5 * (sum(others) / len(others)) - 0.5 * max(others)
    if state.phase is Phase.OVER and me in state.winners:
        score += WIN_BONUS / len(state.winners)
    return score


__all__ = ["DEFAULT_BUDGET", "MAX_BUDGET", "SharkBot", "evaluate"]
