"""Writing a game in the notation: the log a table reads, and the file a game is saved in."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from ..engine import actions as A
from ..engine.actions import Action
from ..engine.begin import start
from ..engine.events import DieRolled, Event
from ..engine.game import apply
from ..engine.setup import Setup

if TYPE_CHECKING:
    from ..engine.position import Position
    from ..engine.state import GameState
from .convert import header_lines, to_line


def as_recorded(action: Action, events: Iterable[Event]) -> Action:
    """The action as the log keeps it: a roll with the number the die showed, so the file
    reads like a game and replays against the seed (which must show the same number)."""
    if isinstance(action, A.Roll) and action.value is None:
        for event in events:
            if isinstance(event, DieRolled):
                return action.model_copy(update={"value": event.value})
    return action


def recorded_line(
    action: Action, before: GameState, events: Iterable[Event]
) -> tuple[Action, str | None]:
    """The action as the log keeps it (``as_recorded``) and its line, written once from it
    (None for the table's timer)."""
    recorded = as_recorded(action, events)
    return recorded, to_line(recorded, before)


def write_game(setup: Setup | Position, actions: Iterable[Action], title: str = "") -> str:
    """The whole game as notation. Replays the actions (each must be legal) for the names."""
    lines = [f"# {title}"] if title else []
    lines += header_lines(setup)
    lines.append("")
    state = start(setup)
    actions = list(actions)
    for number, action in enumerate(actions, 1):
        before = state
        state, events = apply(state, action)
        _, text = recorded_line(action, before, events)
        if text is None:
            # The timer is implied by the next line; only a last one must be written.
            if number == len(actions):
                lines.append("time up")
            continue
        lines.append(text)
    return "\n".join(lines) + "\n"
