"""The bot interface, and a table where only bots sit.

A bot sees what its player may see (``PlayerView``) and the list of its legal actions, and
answers with one of them — or ``None``: "nothing from me right now". Bots act in turn and out
of turn: asked at every moment of a deal, they may lay a family card, ask a price, play a
travel or boss card against a rival, or answer a pending play with a stop.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from ..engine import actions as A
from ..engine.actions import Action
from ..engine.events import Event
from ..engine.game import apply, responders
from ..engine.lazy import LegalActions
from ..engine.legal import has_legal, legal_actions
from ..engine.state import GameState, Phase, WindowKind
from ..engine.view import PlayerView, view
from ..gcpolicy import settle
from .draws import shuffled_seats


class Bot(Protocol):
    name: str

    def decide(self, seen: PlayerView, legal: Sequence[Action]) -> Action | None:
        """One of ``legal``, or None to let the moment pass."""


#: Every negotiation ends: after this many actions in one deal the Boss must close or fail.
DEAL_ACTION_LIMIT = 60

#: A moment of a deal in which nobody acts is asked around again, as people at a table wait a
#: little for an answer before the Boss gives up: a bot may be thinking it over (the random
#: bot lets half of the moments pass) while the Boss waits for its answer to an offer.
SILENT_ROUNDS = 3

#: A safety net, never reached in the tests: the longest game of bots takes a few thousand.
MAX_ACTIONS = 20_000

_DEAL = Phase.DEAL


class GameDidNotEnd(RuntimeError):
    """A table of bots that did not finish its game: a bug in a bot, named so it can be replayed."""

    def __init__(self, seed: int, bots: Sequence[str], variants: Sequence[str], actions: int):
        self.seed, self.bots, self.variants, self.actions = seed, tuple(bots), variants, actions
        rules = " ".join(variants) or "no variant"
        super().__init__(
            f"the game of seed {seed} with bots {','.join(bots)} ({rules}) did not end in "
            f"{actions} actions: a bot keeps the table from finishing"
        )


@dataclass
class TableResult:
    final: GameState
    actions: list[Action] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    deals_failed: int = 0
    decisions: int = 0


def _ask(bot: Bot, state: GameState, seat: int) -> Action | None:
    # Lazy: a bot that picks a kind first, or lets the moment pass, never has the hundreds of
    # priced offers built; one that reads the whole list gets it.
    if not has_legal(state, seat):
        return None
    legal = LegalActions(state, seat)
    choice = bot.decide(view(state, seat), legal)
    if choice is not None and choice not in legal:
        raise AssertionError(f"{bot.name} chose an action it was not offered: {choice}")
    return choice


def boss_endings(state: GameState, boss: int) -> list[Action]:
    """How a Boss can end the deal now: the closes if there are any, else the fail."""
    ends = legal_actions(state, boss, ("close", "fail"))
    return [a for a in ends if isinstance(a, A.Close)] or ends


def next_bot_action(
    state: GameState, bots: Sequence[Bot], rng: random.Random, moves_in_deal: int
) -> Action:
    """The next action at a table of bots. Out-of-turn play is fair: in a deal the bots are
    asked in a random order each moment, the first who wants to act acts."""
    if state.window is not None:
        # Each responder answers the pending play: a stop, or a pass.
        for seat in sorted(responders(state)):
            answer = _ask(bots[seat], state, seat)
            if isinstance(answer, A.PlayStop):
                return answer
            last_call = state.window.kind is WindowKind.LAST_CALL
            if last_call and answer is not None and not isinstance(answer, A.Pass):
                return answer
        return A.TimeUp()
    deal = state.deal
    if deal is not None and state.phase is _DEAL:
        boss = deal.boss
        if moves_in_deal >= DEAL_ACTION_LIMIT:
            return boss_endings(state, boss)[0]
        n = len(state.players)
        for _ in range(SILENT_ROUNDS):
            for seat in shuffled_seats(rng, n):  # rng.shuffle(list(range(n))), faster
                if seat == boss:
                    continue
                answer = _ask(bots[seat], state, seat)
                if answer is not None:
                    return answer
            answer = _ask(bots[boss], state, boss)
            if answer is not None:
                return answer
        # A table where nobody has anything to say, round after round: the Boss ends the deal.
        return boss_endings(state, boss)[0]
    deciders = sorted(_deciders(state))
    for seat in deciders:
        answer = _ask(bots[seat], state, seat)
        if answer is not None:
            return answer
    # A turn must go on: take the first legal action of the one who must decide.
    return legal_actions(state, deciders[0])[0]


def _deciders(state: GameState) -> set[int]:
    if state.phase is Phase.PLACE_MARKER:
        return {state.right_of(state.turn)}
    if state.phase is Phase.END_ROLL and state.end_roller is not None:
        return {state.end_roller}
    return {state.turn}


def play_bots(
    state: GameState,
    bots: Sequence[Bot],
    seed: int,
    max_actions: int = MAX_ACTIONS,
    on_action: Callable[[GameState, Action, tuple[Event, ...]], None] | None = None,
) -> TableResult:
    """Play a whole game with a bot in every seat; raise ``GameDidNotEnd`` (naming the seed,
    the bots and the variants) if it is not over after ``max_actions``."""
    settle()  # no long garbage collection inside a decision (gcpolicy)
    rng = random.Random(seed)
    result = TableResult(final=state)
    moves_in_deal = 0
    over = Phase.OVER
    keep_action, keep_events = result.actions.append, result.events.extend
    for _ in range(max_actions):
        if state.phase is over:
            break
        action = next_bot_action(state, bots, rng, moves_in_deal)
        new, events = apply(state, action)
        if on_action is not None:
            on_action(state, action, events)
        keep_action(action)
        keep_events(events)
        for event in events:
            if event.kind == "deal_failed":
                result.deals_failed += 1
        moves_in_deal = moves_in_deal + 1 if new.phase is _DEAL else 0
        state = new
    else:
        variants = sorted(v.value for v in state.options.variants)
        raise GameDidNotEnd(seed, [bot.name for bot in bots], variants, max_actions)
    result.final = state
    return result
