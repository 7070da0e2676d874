"""The record of a game being played: its setup, each action with the state before it, and each
action's line of notation, written once, when the action is played.

The record knows nothing of files: ``text`` is the whole game in the notation, which the save
folder (``saves.py``) writes; a save costs a write, never a replay.
"""

from __future__ import annotations

from dataclasses import field
from typing import TYPE_CHECKING

from .engine import actions as A
from .engine.actions import Action
from .engine.errors import Msg
from .engine.events import Event
from .engine.game import apply
from .engine.state import GameState, Phase
from .i18n import N_
from .notation.writer import header_lines, recorded_line
from .plain import plain

if TYPE_CHECKING:
    from .engine.position import Position
    from .engine.setup import Setup
    from .notation.replay import Replay

#: Actions whose undo could hide nothing: undoing a draw or a roll would let a player see
#: cards or a die and take them back. What the refusal says of each, whole ("a {kind}" would
#: not translate).
_NOT_TAKEN_BACK: dict[type[Action], str] = {
    A.Draw: N_("a draw cannot be taken back: it showed what chance gave"),
    A.Roll: N_("a roll cannot be taken back: it showed what chance gave"),
}


class UndoRefused(Exception):
    """The last action cannot be taken back; ``message`` says why, to be translated."""

    def __init__(self, message: Msg) -> None:
        self.message = message
        super().__init__(str(message))


@plain
class Record:
    setup: Setup | Position
    state: GameState
    actions: list[Action] = field(default_factory=list)
    #: The state before each action.
    history: list[GameState] = field(default_factory=list)
    #: The notation line of each action (None for the table's timer, which the next line
    #: implies).
    lines: list[str | None] = field(default_factory=list)
    #: The header's other facts: the ``board:`` line (a built-in board's name or a board
    #: file's absolute path; None: the setup's board, named by ``header_lines``), the seats
    #: the computer plays (name → bot kind) and the sharks' playouts per decision (None:
    #: their default).
    board_path: str | None = None
    bots: dict[str, str] = field(default_factory=dict)
    bot_budget: int | None = None

    def play(self, action: Action) -> tuple[Event, ...]:
        """Play ``action`` (raises IllegalAction, leaving the record as it was)."""
        new, events = apply(self.state, action)
        recorded, line = recorded_line(action, self.state, events)
        self.history.append(self.state)
        self.state = new
        self.actions.append(recorded)
        self.lines.append(line)
        return events

    def follow(self, replay: Replay) -> None:
        """Take in the legal lines of ``replay`` (a save read back) as if each had been played
        here: its states are the replay's, nothing is applied twice."""
        for step in replay.steps:
            if step.action is None:
                return
            if step.implied_time_up:
                self.history.append(self.state)
                self.actions.append(A.TimeUp())
                self.lines.append(None)
            recorded, line = recorded_line(step.action, step.before, step.events)
            self.history.append(step.before)
            self.state = step.after
            self.actions.append(recorded)
            self.lines.append(line)

    def undo_blocker(self) -> Msg | None:
        """Why the last action cannot be undone, or None when it can."""
        if not self.actions:
            return Msg(N_("nothing has happened yet"))
        last = self.actions[-1]
        refusal = _NOT_TAKEN_BACK.get(type(last))
        if refusal is not None:
            return Msg(refusal)
        if isinstance(last, A.TimeUp | A.Pass) or self.state.phase is Phase.OVER:
            return Msg(N_("the table's count is over and its result stands"))
        return None

    def undo(self) -> Action:
        """Take the last action back; UndoRefused (the record untouched) when it cannot be."""
        reason = self.undo_blocker()
        if reason is not None:
            raise UndoRefused(reason)
        self.state = self.history.pop()
        self.lines.pop()
        return self.actions.pop()

    def body(self) -> list[str]:
        """The game's lines of notation, after its header."""
        body = [line for line in self.lines if line is not None]
        if self.lines and self.lines[-1] is None:
            body.append("time up")  # a last timer cannot be implied by a next line
        return body

    def text(self, sealed: str | None = None) -> str:
        """The game in the notation: its header (the seed plain, or ``sealed``) and its
        lines."""
        header = header_lines(self.setup, self.board_path, self.bots, sealed, self.bot_budget)
        return "\n".join([*header, "", *self.body()]) + "\n"
