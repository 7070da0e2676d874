"""What the program says when it fails unexpectedly: one line for the people at the table, and
the traceback for a bug report, never with frame locals.

A traceback with locals (Rich's ``show_locals``, Textual's default for a crash) prints every
``PlayerState`` with its hand, the draw pile and the RNG: on a shared screen, a crash would show
everyone's cards. The standard library's traceback never prints locals, so the crash log and the
debug print are made from it. The exception's own message is the one part of a traceback that
a bug could still fill with game state: on screen it is cut to one short line, and left out
altogether after a game (``quote=False``), where the screen is the table's.
"""

from __future__ import annotations

import os
import sys
import time
import traceback
from pathlib import Path
from typing import TextIO

from . import __version__
from .i18n import _

#: Set to 1 to see the traceback (never with locals) on the terminal as well.
DEBUG_ENV = "IMTHEBOSS_DEBUG"
#: The exit code of a crash (EX_SOFTWARE): not 1 or 2, which ``check`` gives to verdicts.
CRASHED = 70
_SUMMARY_LENGTH = 120


def exit_code(app_code: int | None) -> int:
    """A Textual app's return code as the command's: an app that crashed says 1 (and has told
    the table why), and the command says ``CRASHED``, like any other crash; one ended by a
    signal (SIGTERM, SIGHUP: it has saved and said so) says 128 + its number, as a shell
    does; 0 otherwise."""
    if app_code is not None and app_code > 128:
        return app_code
    return CRASHED if app_code else 0


def debugging() -> bool:
    return os.environ.get(DEBUG_ENV, "") not in ("", "0")


def summary(error: BaseException, quote: bool = True) -> str:
    """``KeyError: 0``: the kind of error and (if ``quote``) the first words of its message,
    printable."""
    message = str(error).strip().splitlines() if quote else []
    first = message[0] if message else ""
    if len(first) > _SUMMARY_LENGTH:
        first = first[: _SUMMARY_LENGTH - 1] + "…"
    # A message may quote a player's name, which may hold terminal control characters.
    first = "".join(c if c.isprintable() else "?" for c in first)
    return f"{type(error).__name__}: {first}" if first else type(error).__name__


def plain_traceback(error: BaseException) -> str:
    """The traceback as Python prints it: frames and source lines, no locals."""
    return "".join(traceback.format_exception(error))


def write_log(error: BaseException, folder: Path) -> Path | None:
    """The traceback in ``folder/crash-….log`` (readable by its owner only), or None if the
    folder cannot be written: a crash report must never itself fail."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = folder / f"crash-{stamp}-{os.getpid()}.log"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as log:
            log.write(f"imtheboss {__version__}, Python {sys.version.split()[0]}\n")
            log.write(plain_traceback(error))
    except OSError:
        return None
    return path


def crash_lines(
    error: BaseException, folder: Path, note: str | None = None, quote: bool = True
) -> list[str]:
    """What to tell the user: what failed, where the details are, and ``note`` (for a game:
    that it is saved and how to resume it)."""
    what = summary(error, quote)
    lines = [
        _("imtheboss stopped on an unexpected error ({what}). This is a bug.").format(what=what)
    ]
    if note:
        lines.append(note)
    log = write_log(error, folder)
    if log is not None:
        lines.append(_("The details for a bug report are in {file}.").format(file=log))
    else:
        lines.append(_("The details could not be written to {folder}.").format(folder=folder))
    # The traceback itself only where its message cannot land on the table's screen.
    if debugging() or (log is None and quote):
        lines.append(plain_traceback(error).rstrip())
    else:
        lines.append(_("{variable}=1 prints them here too.").format(variable=DEBUG_ENV))
    return lines


def report(error: BaseException, folder: Path, out: TextIO | None = None) -> int:
    """Tell the user about ``error`` (outside a game) on stderr; the exit code of a crash."""
    print("\n".join(crash_lines(error, folder)), file=out or sys.stderr)
    return CRASHED
