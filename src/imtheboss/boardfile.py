"""A board file a group wrote for their own copy of the game, read and judged at the edge.

The engine only knows ``Board`` values (``engine.board``); the file is read here (through
``textfile``: only a regular file of a sane size, in UTF-8), parsed as TOML and validated once,
and every problem becomes a ``BoardFileError`` naming the line and the field, because the
person reading it is a player editing a text file.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .engine.board import Board, built_in_board
from .engine.errors import N_, BoardFileError, Msg, in_words_msg, msg
from .engine.frozen import adapter
from .textfile import UnreadableFile, printable, read_text

if TYPE_CHECKING:
    from pydantic import ValidationError

__all__ = ["BoardFileError", "board_from", "board_line", "load_board", "parse_board"]


#: How deep lists and inline tables may nest. A board needs one level (a list of colours);
#: ``tomllib`` reads nested values by recursion, and 500 levels in a 1 KB file exhausted
#: Python's stack (a RecursionError, exit 70) before a word could be said about the file.
MAX_NESTING = 16


def parse_board(text: str, source: str = "board file") -> Board:
    """Read a board TOML text; every problem becomes a BoardFileError naming its line."""
    deep = _too_deep(text)
    if deep is not None:
        raise BoardFileError(_nested(source, deep))
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise BoardFileError(
            msg(N_("{file}: not valid TOML: {error}"), file=source, error=str(exc))
        ) from None
    except RecursionError:  # nested in a way the scan did not see: refused all the same
        raise BoardFileError(_nested(source, 1)) from None
    name = raw.get("name", "Custom board")
    data: dict[str, Any] = {
        # The one free text of a board file, shown wherever the board is: made harmless here.
        "name": printable(name) if isinstance(name, str) else name,
        "reconstructed": raw.get("reconstructed", False),
    }
    unknown = set(raw) - {"name", "reconstructed", "space", "tile"}
    if unknown:
        key = sorted(unknown)[0]
        raise BoardFileError(
            msg(
                N_("{file}, line {line}: unknown key {key}"),
                file=source,
                line=_line_of(text, key),
                key=repr(key),
            )
        )
    spaces = raw.get("space", [])
    tiles = raw.get("tile", [])
    tables = (spaces, tiles)
    if not all(isinstance(t, list) and all(isinstance(x, dict) for x in t) for t in tables):
        # ``space = [1]`` is a list too, of numbers: each space must be a table of its own.
        raise BoardFileError(msg(N_("{file}: use [[space]] and [[tile]] tables"), file=source))
    data["spaces"] = [{"number": i + 1, **s} for i, s in enumerate(spaces)]
    data["tiles"] = [{"number": i + 1, **t} for i, t in enumerate(tiles)]
    from pydantic import ValidationError

    try:
        board: Board = adapter(Board).validate_python(data)
    except ValidationError as exc:
        raise BoardFileError(_explain(exc, text, source)) from None
    return board


def load_board(path: str | Path) -> Board:
    """The board in the file at ``path``, or a BoardFileError saying why not."""
    try:
        text = read_text(path)
    except UnreadableFile as exc:
        raise BoardFileError(
            msg(N_("cannot read board file: {error}"), error=getattr(exc, "message", str(exc)))
        ) from None
    return parse_board(text, str(path))


def board_from(given: str, base: Path | None = None) -> Board:
    """The board a ``--board`` option or a file's ``board:`` line names: a built-in board by
    its name (``transcribed``, ``reconstructed``), else the board file at that path (a
    relative one read from ``base`` when given). A file named like a built-in board is
    reached by a path that says so (``./transcribed``)."""
    known = built_in_board(given)
    if known is not None:
        return known
    path = Path(given)
    if base is not None and not path.is_absolute():
        path = base / path
    return load_board(path)


def board_line(given: str) -> str:
    """What a saved file's ``board:`` line says for ``given``: a built-in board's name as it
    is, a board file's path made absolute (the save may be read from another folder)."""
    return given if built_in_board(given) is not None else str(Path(given).resolve())


def _explain(exc: ValidationError, text: str, source: str) -> Msg:
    err = exc.errors()[0]
    loc = list(err["loc"])
    message = in_words_msg(err)
    if len(loc) >= 2 and loc[0] in ("spaces", "tiles"):
        table = "space" if loc[0] == "spaces" else "tile"
        index = int(loc[1])
        field = str(loc[2]) if len(loc) > 2 else None
        line = _line_in_table(text, table, index, field)
        # The table and field names are the file's own keywords: they stay as written.
        where = f"{table} {index + 1}"
        if field:
            return msg(
                N_("{file}, line {line}: {where}, field {field}: {message}"),
                file=source,
                line=line,
                where=where,
                field=repr(field),
                message=message,
            )
        return msg(
            N_("{file}, line {line}: {where}: {message}"),
            file=source,
            line=line,
            where=where,
            message=message,
        )
    return msg(N_("{file}: {message}"), file=source, message=message)


def _nested(source: str, line: int) -> Msg:
    return msg(
        N_(
            "{file}, line {line}: lists or tables nested more than {depth} deep; a board file "
            "holds only lists of colours and numbers"
        ),
        file=source,
        line=line,
        depth=MAX_NESTING,
    )


def _too_deep(text: str) -> int | None:
    """The line where brackets or braces open more than ``MAX_NESTING`` deep, outside
    strings and comments; None if they never do."""
    depth, line, i, end = 0, 1, 0, len(text)
    while i < end:
        c = text[i]
        if c == "\n":
            line += 1
        elif c == "#":
            while i + 1 < end and text[i + 1] != "\n":
                i += 1
        elif c in "\"'":
            quote = c * 3 if text.startswith(c * 3, i) else c
            i += len(quote)
            while i < end and not text.startswith(quote, i):
                if text[i] == "\\" and c == '"':
                    i += 1  # an escaped character, a quote included
                if i < end and text[i] == "\n":
                    line += 1
                i += 1
            i += len(quote)
            continue
        elif c in "[{":
            depth += 1
            if depth > MAX_NESTING:
                return line
        elif c in "]}":
            depth = max(depth - 1, 0)
        i += 1
    return None


def _line_of(text: str, key: str) -> int:
    for n, line in enumerate(text.splitlines(), 1):
        if (
            re.match(rf"\s*{re.escape(key)}\s*=", line)
            or line.partition("#")[0].strip() == f"[[{key}]]"
        ):
            return n
    return 1


def _line_in_table(text: str, table: str, index: int, field: str | None) -> int:
    """The line of ``field`` inside the index-th ``[[table]]``, or of the table header."""
    seen = -1
    header = 1
    inside = False
    for n, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if stripped.startswith("["):
            stripped = stripped.partition("#")[0].strip()  # ``[[space]]  # 10: a note``
            if inside:
                break
            if stripped == f"[[{table}]]":
                seen += 1
                if seen == index:
                    header, inside = n, True
            continue
        if inside and field and re.match(rf"{re.escape(field)}\s*=", stripped):
            return n
    return header
