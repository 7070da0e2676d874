"""The table's counts: a reaction window's, the bots' waits for an answer, the bots' pace.

One room for every clock of the table, so that one rule can say when they all stop. The clock
is the caller's (the app passes ``time.monotonic()``; a test its own), never the engine's: the
engine knows only that a count ran out (``TimeUp``).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from ..engine.actions import Action
from ..engine.state import GameState, WindowKind
from ..table_settings import TableSettings
from .bot_seats import BotSeats, BotWaits, Question, Thinking


class TableClock:
    def __init__(self, settings: TableSettings, now: float) -> None:
        self.settings = settings
        #: When the open window's count runs out (None: no window, no count).
        self.deadline: float | None = None
        self._window_seen: object = None
        self._last_tick = now
        self.bot_waits = BotWaits(settings.bot_wait)

    def track_window(self, state: GameState, now: float) -> None:
        """A new window starts its count; a window gone takes its count with it."""
        window = state.window
        if window is None:
            self.deadline = None
        elif window is not self._window_seen:
            seconds = (
                self.settings.last_call
                if window.kind is WindowKind.LAST_CALL
                else self.settings.stop_window
            )
            self.deadline = now + seconds
        self._window_seen = window

    def remaining(self, now: float) -> float | None:
        """The seconds left on the table's count (None: no count, or asking around)."""
        if self.deadline is None or self.settings.ask_around:
            return None
        return max(0.0, self.deadline - now)

    def tick(self, now: float) -> float:
        """The seconds since the last tick."""
        elapsed, self._last_tick = now - self._last_tick, now
        return elapsed

    def hold_window(self, elapsed: float) -> None:
        """The window's count waits ``elapsed`` seconds more."""
        if self.deadline is not None:
            self.deadline += elapsed

    def hold_bot_waits(self, elapsed: float) -> None:
        self.bot_waits.hold(elapsed)

    def update_waits(self, state: GameState, bots: Collection[int], now: float) -> None:
        self.bot_waits.update(state, bots, now)

    def answer_due(self, asked_at: float) -> float:
        """When the bots' answer to what they were asked at ``asked_at`` is played: the pause
        between their moves later, the same whatever they hold and however long they think
        (unless they think for longer than that)."""
        return asked_at + self.settings.bot_pause


class BotPace:
    """When the bots are asked and when their answer is played.

    They are asked once a tick at most, and think off the table's thread (``Thinking``); their
    move is played the pause after they were asked — never sooner, whatever they hold and
    however long they think — and only on the state they were asked about, with the table in
    sight. An answer that is no move (nothing to do) is seen by nobody: it need not wait.
    """

    def __init__(self, clock: TableClock) -> None:
        self.clock = clock
        #: The bots' decision under way, or made and not played yet.
        self.thinking: Thinking | None = None

    @property
    def busy(self) -> bool:
        return self.thinking is not None

    def ask(
        self,
        state: GameState,
        seats: BotSeats,
        asked: int | None,
        waiting: Mapping[int, Sequence[Question]],
        now: float,
    ) -> None:
        self.thinking = Thinking(state, now)
        self.thinking.start(seats, asked, waiting)

    def due(self, state: GameState, now: float, in_sight: bool) -> Action | None:
        """The bots' move to play now, if it is ready and due on ``state``."""
        thinking = self.thinking
        if thinking is None or not thinking.done:
            return None
        action = thinking.answer()
        if action is None or thinking.state is not state:
            self.thinking = None  # nothing to do, or the table moved on (a count ran out)
            return None
        if not in_sight or now < self.clock.answer_due(thinking.asked_at):
            return None
        self.thinking = None
        return action
