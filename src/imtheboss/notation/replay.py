"""Replaying notation through the engine, line by line, with a verdict for each line.

Reaction windows are implicit in the notation: a window closes when the next line is not a
card that may be played into it (a stop or a pass; in the last call, another player's
influence card), or when the file ends.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from ..engine import actions as A
from ..engine.actions import Action
from ..engine.begin import start
from ..engine.errors import N_, IllegalAction, PositionError, msg
from ..engine.events import DealClosed, Event
from ..engine.game import apply
from ..engine.setup import Setup

if TYPE_CHECKING:
    from ..engine.position import Position
from ..engine.state import GameState, WindowKind
from .convert import setup_from, to_action
from .syntax import Document, Line, NotationError, parse

_STOP_ANSWERS = frozenset({"stop", "pass", "time"})
_LAST_CALL_ANSWERS = frozenset({"pass", "lay", "travel", "boss", "hire", "time"})


@dataclass
class Step:
    line: Line
    before: GameState
    after: GameState
    action: Action | None = None
    error: IllegalAction | None = None
    #: The table's timer closing a window before this line (implied by the notation).
    implied_time_up: bool = False
    #: Events of the implicit window close before this line, then of the line itself.
    events: tuple[Event, ...] = ()

    @property
    def legal(self) -> bool:
        return self.error is None


@dataclass
class Replay:
    setup: Setup | Position
    start: GameState
    steps: list[Step] = field(default_factory=list)
    final: GameState | None = None
    #: Events of closing a window left open at the end of the file.
    closing_events: tuple[Event, ...] = ()

    @property
    def legal(self) -> bool:
        return all(s.legal for s in self.steps)

    @property
    def first_illegal(self) -> Step | None:
        return next((s for s in self.steps if not s.legal), None)

    @property
    def actions(self) -> list[Action]:
        """Every action the file meant, the implied window closes included."""
        out: list[Action] = []
        for step in self.steps:
            if step.implied_time_up:
                out.append(A.TimeUp())
            if step.action is not None:
                out.append(step.action)
        return out

    @property
    def events(self) -> list[Event]:
        out = [e for s in self.steps for e in s.events]
        out.extend(self.closing_events)
        return out


def answers_window(state: GameState, line: Line) -> bool:
    window = state.window
    if window is None:
        return True
    if line.verb == "time":
        return True
    if window.kind is WindowKind.LAST_CALL:
        return line.verb in _LAST_CALL_ANSWERS and state.seat(line.actor) != window.player
    return line.verb in _STOP_ANSWERS


def replay_document(
    doc: Document,
    *,
    keep_going: bool = False,
    close_at_end: bool = True,
    base: Path | None = None,
) -> Replay:
    setup = setup_from(doc, base)
    try:
        state = start(setup)
    except (IllegalAction, PositionError) as exc:
        # A setup the rules refuse (S1: player count) is a file that cannot be played.
        where = doc.header.line_of("players") if isinstance(exc, IllegalAction) else 1
        message = (
            msg(N_("{reason} ({rule})"), reason=exc.message, rule=exc.rule)
            if isinstance(exc, IllegalAction)
            else exc.message
        )
        raise NotationError(where or 1, 1, message) from None
    result = Replay(setup=setup, start=state)
    closed: DealClosed | None = None  # the deal the last legal line closed, if it did
    for line in doc.lines:
        events: list[Event] = []
        implied = False
        if not answers_window(state, line):
            # The line is no answer, so the window closed before it, legal line or not.
            state, ended = apply(state, A.TimeUp())
            events.extend(ended)
            implied = True
            closed = _closing(ended) or closed
        before = state
        try:
            action = to_action(line, state)
            state, done = apply(state, action)
        except IllegalAction as exc:
            if closed is not None:
                exc = _after_the_close(exc, line, closed, state)
            result.steps.append(
                Step(
                    line=line,
                    before=before,
                    after=before,
                    error=exc,
                    events=tuple(events),
                    implied_time_up=implied,
                )
            )
            if not keep_going:
                result.final = state
                return result
            continue
        events.extend(done)
        closed = _closing(events)
        result.steps.append(
            Step(
                line=line,
                before=before,
                after=state,
                action=action,
                events=tuple(events),
                implied_time_up=implied,
            )
        )
    if close_at_end and state.window is not None:
        state, ended = apply(state, A.TimeUp())
        result.closing_events = ended
    result.final = state
    return result


def _closing(events: tuple[Event, ...] | list[Event]) -> DealClosed | None:
    return next((e for e in events if isinstance(e, DealClosed)), None)


def _after_the_close(
    error: IllegalAction, line: Line, closed: DealClosed, state: GameState
) -> IllegalAction:
    """A card played once the close stood. The engine sees only that no deal is on (T4); the
    table needs to hear that this deal is closed: a stop, that a close is never stopped (CL2);
    any other card, that after "One, two, the deal is done" nobody plays one (CL1)."""
    if error.rule != "T4":
        return error
    boss = state.name(closed.boss)
    if line.verb == "stop":
        return IllegalAction(
            "CL2",
            msg(
                N_(
                    'The deal is closed: {boss} said "One, two…" and nobody called the close '
                    "off. A close cannot be stopped: only during the count does another "
                    "player's family, travel, boss or hire card call it off"
                ),
                boss=boss,
            ),
        )
    return IllegalAction(
        "CL1",
        msg(
            N_(
                'The deal is closed: {boss} said "One, two…" and nobody called the close off; '
                "after that nobody plays influence cards"
            ),
            boss=boss,
        ),
    )


def replay_text(text: str, **kwargs: bool) -> Replay:
    return replay_document(parse(text), **kwargs)  # type: ignore[arg-type]
