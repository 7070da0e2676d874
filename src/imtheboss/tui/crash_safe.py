"""The base of the app classes: a crash ends the app with a note for the table, never with
Textual's traceback.

Textual renders a crash with ``rich.traceback.Traceback(show_locals=True)``
(``App._fatal_error``): the frame locals of the table are the game state, so every hand, the
draw pile and the RNG would be printed on the shared screen. The app still stops (nothing
is known to be sound after a bug) and still exits non-zero (``return_code`` 1, which the
command turns into ``crash.CRASHED``); what it prints is ``crash.crash_lines``.
"""

from __future__ import annotations

from pathlib import Path
from typing import TypeVar

from rich.text import Text
from textual.app import App

from .. import crash
from ..session import data_dir

ReturnType = TypeVar("ReturnType")


class CrashSafeApp(App[ReturnType]):
    _crash: BaseException | None = None

    def crash_folder(self) -> Path:
        """Where the crash log goes."""
        return data_dir()

    def crash_note(self) -> str | None:
        """A word for the table after a crash (a game says that it is saved)."""
        return None

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
