"""The base of the app classes: a crash ends the app with a note for the table, never with
Textual's traceback.

Textual renders a crash with ``rich.traceback.Traceback(show_locals=True)``
(``App._fatal_error``): the frame locals of the table are the game state, so every hand, the
draw pile and the RNG would be printed on the shared screen. The app still stops (nothing
is known to be sound after a bug) and still exits non-zero (``return_code`` 1, which the
command turns into ``crash.CRASHED``); what it prints is ``crash.crash_lines``.

A kill (SIGTERM, or SIGHUP sent by hand) ends the app the way Ctrl+Q does, not with Python's
default of dying on the spot: that left the terminal in the alternate screen with the last
frame on it, a player's open hand included, under the shell's prompt. A terminal that is gone
(its window closed: SIGHUP, and the terminal answers EIO) has no screen to clean, and any write
to it would block Textual's output for good: the program ends at once, as before. Every move
is saved as it is played, so either way nothing is lost.
"""

from __future__ import annotations

import asyncio
import errno
import os
import signal
import sys
import termios
import threading
from pathlib import Path
from types import FrameType
from typing import Any, TypeVar

from rich.text import Text
from textual.app import App

from .. import crash
from ..session import data_dir

ReturnType = TypeVar("ReturnType")


#: The signals that end the program from outside: ``kill``, a terminal window closed.
ENDING_SIGNALS = (signal.SIGTERM, signal.SIGHUP)
#: The alternate screen wiped, before the terminal leaves it: a terminal that has no alternate
#: screen (or draws it on the main one) keeps no frame of the table.
_CLEAR = "\x1b[2J\x1b[H"
#: How long the app has to close after a signal; a terminal that goes away while it closes
#: would block it for good, and every move is saved already.
_GRACE_SECONDS = 5.0


def terminal_gone() -> bool:
    """The terminal hung up: asking it for its settings fails with EIO (a file or a pipe in
    its place fails otherwise, and is no sign of anything)."""
    for stream in (sys.__stdin__, sys.__stdout__, sys.__stderr__):
        if stream is None:
            continue
        try:
            termios.tcgetattr(stream.fileno())
        except termios.error as exc:
            if exc.args and exc.args[0] == errno.EIO:
                return True
        except (OSError, ValueError):
            continue
    return False


class CrashSafeApp(App[ReturnType]):
    _crash: BaseException | None = None
    #: The signal that ended the app, if one did (its exit code is then 128 + the signal).
    ended_by: int | None = None

    def crash_folder(self) -> Path:
        """Where the crash log goes."""
        return data_dir()

    def crash_note(self) -> str | None:
        """A word for the table after a crash (a game says that it is saved)."""
        return None

    def before_signal_exit(self) -> None:
        """What a kill must not leave on screen (a hand) and must not lose (a last save)."""

    def signal_note(self) -> str | None:
        """What the terminal says once a kill has ended the app (None: nothing)."""
        return None

    async def run_async(self, **kwargs: Any) -> ReturnType | None:
        # Installed for a real run only (``run_test`` does not come through here): a test's
        # signals stay the test runner's. ``signal.signal``, not the loop's handlers: Python
        # runs it in the main thread even while the loop is stuck, e.g. on a write.
        loop = asyncio.get_running_loop()

        def signalled(signum: int, _frame: FrameType | None) -> None:
            if terminal_gone():
                os._exit(128 + signum)
            loop.call_soon_threadsafe(self._ended_from_outside, signum)

        before = {signum: signal.signal(signum, signalled) for signum in ENDING_SIGNALS}
        try:
            return await super().run_async(**kwargs)
        finally:
            for signum, handler in before.items():
                signal.signal(signum, handler)

    def _ended_from_outside(self, signum: int) -> None:
        """From the event loop, outside any handler: the work goes through the app's queue,
        where an error in it is a crash like any other (and a second signal changes nothing)."""
        if self.ended_by is not None:
            return
        self.ended_by = signum
        watchdog = threading.Timer(_GRACE_SECONDS, os._exit, (128 + signum,))
        watchdog.daemon = True
        watchdog.start()
        self.call_later(self._end, signum)

    def _end(self, signum: int) -> None:
        try:
            self.before_signal_exit()
        finally:
            if self._driver is not None:
                self._driver.write(_CLEAR)
                self._driver.flush()
            self.exit(return_code=128 + signum, message=self.signal_note())

    def _handle_exception(self, error: Exception) -> None:
        # Textual's hook for any unhandled exception (handlers, workers, timers): it records
        # the error (Pilot re-raises it) and calls _fatal_error, which reads it from here.
        self._crash = error
        super()._handle_exception(error)

    def _fatal_error(self) -> None:
        error = self._crash
        if error is None:  # not reached through _handle_exception: nothing to name
            error = RuntimeError("the app stopped")
        try:
            note = self.crash_note()
        except Exception:  # the state that crashed the app may crash the note too
            note = None
        lines = crash.crash_lines(error, self.crash_folder(), note, quote=False)
        self.bell()
        self.panic(Text("\n".join(lines)))
