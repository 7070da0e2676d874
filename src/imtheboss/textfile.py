"""Reading a text file a person named: a saved game, a dispute, a board.

Every reader goes through ``read_text`` so that a path pointing elsewhere cannot hang the
program or eat its memory: ``/dev/zero`` would never end, ``/dev/stdin`` or a FIFO would wait
for a writer. Only a regular file of a sane size is read. Its text is UTF-8, with or without
a byte-order mark; a byte that is not UTF-8 is reported by line and column, like every other
mistake in these files.
"""

from __future__ import annotations

import os
import stat
import unicodedata
from pathlib import Path

from .messages import N_, Msg, msg

#: A long game saves in tens of kilobytes; a board in a few. Anything this big is not one.
MAX_BYTES = 4 * 1024 * 1024

_BOM = b"\xef\xbb\xbf"


class UnreadableFile(ValueError):
    """A file that cannot be read as text; ``line``/``column`` when a place is to blame.

    The message reads as a sentence: ``/dev/zero is not a regular file``.
    """

    def __init__(
        self,
        path: str | Path,
        reason: str | Msg,
        line: int | None = None,
        column: int | None = None,
    ) -> None:
        self.path = str(path)
        #: ``reason`` in English (what the code compares); ``msg`` the sentence to show, in
        #: a translatable form (``i18n.explain``).
        self.reason = str(reason)
        self.line = line
        self.column = column
        words = reason if not isinstance(reason, str) else msg(reason)
        self.reason_msg = words
        if line is None:
            self.msg = msg(N_("{file} {reason}"), file=self.path, reason=words)
        else:
            self.msg = msg(
                N_("{file}, line {line}, column {column}: {reason}"),
                file=self.path,
                line=line,
                column=column or 0,
                reason=words,
            )
        super().__init__(str(self.msg))


def read_bytes(path: str | Path, limit: int = MAX_BYTES) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes; else UnreadableFile."""
    try:
        # O_NONBLOCK: opening a FIFO must not wait for a writer; fstat then tells what it is.
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        raise UnreadableFile(path, msg(N_("does not exist"))) from None
    except PermissionError:
        raise UnreadableFile(path, msg(N_("cannot be read: permission denied"))) from None
    except (OSError, ValueError) as exc:  # ValueError: a NUL byte in the path
        raise UnreadableFile(
            path, msg(N_("cannot be opened: {error}"), error=_reason(exc))
        ) from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise UnreadableFile(path, msg(N_("is a directory, not a file")))
        if not stat.S_ISREG(info.st_mode):
            raise UnreadableFile(path, msg(N_("is not a regular file")))
        if info.st_size > limit:
            raise UnreadableFile(
                path,
                msg(
                    N_("is too large ({size} bytes; at most {limit})"),
                    size=info.st_size,
                    limit=limit,
                ),
            )
        chunks: list[bytes] = []
        size = 0
        while True:
            chunk = os.read(fd, min(65536, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
            if size > limit:  # it grew while we read
                raise UnreadableFile(
                    path, msg(N_("is too large (more than {limit} bytes)"), limit=limit)
                )
        return b"".join(chunks)
    except OSError as exc:
        raise UnreadableFile(path, msg(N_("cannot be read: {error}"), error=_reason(exc))) from None
    finally:
        os.close(fd)


def decode(data: bytes, path: str | Path) -> str:
    """UTF-8 text, a leading byte-order mark dropped; a bad byte named by line and column."""
    if data.startswith(_BOM):
        data = data[len(_BOM) :]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = data[: exc.start]
        line = before.count(b"\n") + 1
        start_of_line = before.rfind(b"\n") + 1
        column = len(before[start_of_line:].decode("utf-8", errors="replace")) + 1
        bad = data[exc.start : exc.start + 1].hex()
        raise UnreadableFile(
            path,
            msg(N_("the byte 0x{byte} is not UTF-8 text (save the file as UTF-8)"), byte=bad),
            line,
            column,
        ) from None


def read_text(path: str | Path, limit: int = MAX_BYTES) -> str:
    """The text of a regular file of at most ``limit`` bytes, in UTF-8 (see ``decode``)."""
    return decode(read_bytes(path, limit), path)


#: Characters that act on a terminal instead of showing: controls (ESC, BEL…), format
#: characters (bidi overrides), line and paragraph separators, surrogates.
_ACTING = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})


def printable(text: str) -> str:
    """``text`` with every character that would act on a terminal written as its escape
    (``\\x1b``, ``\\u202e``): a string read from a file is shown, never obeyed — a board's
    name could otherwise set the window title, clear the screen or colour the table."""
    if not any(unicodedata.category(c) in _ACTING for c in text):
        return text
    return "".join(repr(c)[1:-1] if unicodedata.category(c) in _ACTING else c for c in text)


def _reason(exc: BaseException) -> str:
    return getattr(exc, "strerror", None) or str(exc)
