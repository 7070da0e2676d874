"""Computer players at a table of people: who of them acts next, and with what.

The app asks this controller at a walking pace (a short, settable pause), so people can follow
what the bots do; bots answer reaction windows like anyone, out of turn included.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING

from ..engine import actions as A
from ..engine.actions import Action
from ..engine.legal import legal_actions
from ..engine.state import GameState, Phase, WindowKind
from ..engine.view import view

if TYPE_CHECKING:
    from ..bots.base import Bot


class BotSeats:
    def __init__(self, bots: Mapping[int, Bot], seed: int, ask_around: bool = False) -> None:
        self.bots = dict(bots)
        self.ask_around = ask_around
        self._rng = random.Random(seed)

    def __contains__(self, seat: object) -> bool:
        return seat in self.bots

    def _ask(self, state: GameState, seat: int) -> Action | None:
        legal = legal_actions(state, seat)
        if not legal:
            return None
        choice = self.bots[seat].decide(view(state, seat), legal)
        return choice if choice in legal else None

    def next_action(self, state: GameState, asked: int | None = None) -> Action | None:
        """The bots' next move, or None to leave the moment to the people at the table.

        ``asked`` is the seat the table is waiting for in ask-around mode.
        """
        if state.phase is Phase.OVER or not self.bots:
            return None
        window = state.window
        if window is not None:
            for seat in sorted(s for s in self.bots if s != window.player):
                answer = self._ask(state, seat)
                if answer is None:
                    continue
                if isinstance(answer, A.Pass):
                    # A bot's pass only matters when the table is asking it; otherwise the
                    # count runs out by itself and the log stays readable.
                    if self.ask_around and seat == asked:
                        return answer
                    continue
                if window.kind is WindowKind.LAST_CALL or isinstance(answer, A.PlayStop):
                    return answer
            if self.ask_around and asked in self.bots:
                return A.Pass(player=asked)
            return None
        if state.phase is Phase.DEAL:
            seats = list(self.bots)
            self._rng.shuffle(seats)
            for seat in seats:
                answer = self._ask(state, seat)
                if answer is not None:
                    return answer
            return None
        decider = _decider(state)
        if decider not in self.bots:
            return None
        answer = self._ask(state, decider)
        return answer if answer is not None else legal_actions(state, decider)[0]


def _decider(state: GameState) -> int:
    if state.phase is Phase.PLACE_MARKER:
        return state.right_of(state.turn)
    if state.phase is Phase.END_ROLL and state.end_roller is not None:
        return state.end_roller
    return state.turn
