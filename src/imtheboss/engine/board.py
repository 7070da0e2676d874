"""The board (C1) and the deal tiles (C4) as validated data.

The printed board is partly reconstructed (see ``data/board.toml``), so a group must be able to
load the board on their own table. Everything here is checked on load, with a message that
names the line and the field, because the person reading it is a player editing a text file.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

from ..textfile import UnreadableFile, read_text
from .cards import COLOURS, Colour
from .errors import N_, BoardFileError, Msg, MsgError, in_words_msg, msg, words
from .frozen import Frozen, adapter, field_constraints

if TYPE_CHECKING:
    from pydantic import Field, ValidationError

SPACES = 16
TILES = 15

field_constraints(__name__)  # Field, in annotations below, lent on first validation


@dataclass(frozen=True, slots=True, kw_only=True)
class Space(Frozen):
    """One deal space: every ``required`` colour plus ``pick`` distinct ones from ``optional``."""

    number: Annotated[int, Field(ge=1, le=SPACES)]
    required: frozenset[Colour]
    optional: frozenset[Colour] = frozenset()
    pick: Annotated[int, Field(ge=0)] = 0
    dividends: Annotated[int, Field(ge=1)]

    def __post_init__(self) -> None:
        """The space's own consistency (a file's types are checked by the validator first)."""
        if self.required & self.optional:
            # Msg(c.value): the colour's own word ("red" is a message key in engine.words).
            both = words(Msg(v) for v in sorted(c.value for c in self.required & self.optional))
            raise MsgError(msg(N_("{colours} cannot be both required and optional"), colours=both))
        if self.pick > len(self.optional):
            raise MsgError(
                msg(
                    N_("pick = {pick} but only {count} optional colours are listed"),
                    pick=self.pick,
                    count=len(self.optional),
                )
            )
        if self.pick == 0 and self.optional:
            raise MsgError(Msg(N_("optional colours are listed but pick is 0")))
        if not self.required and not self.pick:
            raise MsgError(Msg(N_("a space needs at least one investor")))

    @property
    def investors(self) -> int:
        return len(self.required) + self.pick

    def describe(self) -> str:
        """Letters, as on the board: ``R B Y +2 of P O G``."""
        return str(self.describe_msg())

    def describe_msg(self) -> Msg:
        """``describe`` as a message: "of" is a word a player reads."""
        text = " ".join(c.letter for c in _ordered(self.required))
        if not self.pick:
            return Msg(text)
        opts = " ".join(c.letter for c in _ordered(self.optional))
        key = N_("{required} +{pick} of {optional}") if text else N_("+{pick} of {optional}")
        return msg(key, required=text, pick=self.pick, optional=opts)


@dataclass(frozen=True, slots=True, kw_only=True)
class Tile(Frozen):
    """A deal tile: its dividend value, and the die numbers on its back that end the game."""

    number: Annotated[int, Field(ge=1, le=TILES)]
    value: Annotated[int, Field(ge=1)]
    ends_on: frozenset[int] = frozenset()
    last: bool = False

    def __post_init__(self) -> None:
        bad = sorted(n for n in self.ends_on if not 1 <= n <= 6)
        if bad:
            raise MsgError(msg(N_("a die shows 1 to 6, not {number}"), number=bad[0]))


@dataclass(frozen=True, slots=True, kw_only=True)
class Board(Frozen):
    name: str = "Custom board"
    reconstructed: bool = False
    spaces: tuple[Space, ...]
    tiles: tuple[Tile, ...]

    def __post_init__(self) -> None:
        if len(self.spaces) != SPACES:
            raise MsgError(
                msg(
                    N_("the board has {spaces} spaces, this file lists {count}"),
                    spaces=SPACES,
                    count=len(self.spaces),
                )
            )
        if len(self.tiles) != TILES:
            raise MsgError(
                msg(
                    N_("there are {tiles} deal tiles, this file lists {count}"),
                    tiles=TILES,
                    count=len(self.tiles),
                )
            )
        if not self.tiles[-1].last:
            raise MsgError(
                Msg(N_("the bottom tile (#15) must have last = true: it ends the game (E2)"))
            )
        if any(t.last for t in self.tiles[:-1]):
            raise MsgError(Msg(N_("only the bottom tile (#15) may have last = true")))

    def space(self, number: int) -> Space:
        return self.spaces[number - 1]


def _ordered(colours: frozenset[Colour]) -> list[Colour]:
    return [c for c in COLOURS if c in colours]


def parse_board(text: str, source: str = "board file") -> Board:
    """Read a board TOML text; every problem becomes a BoardFileError naming its line."""
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise BoardFileError(
            msg(N_("{file}: not valid TOML: {error}"), file=source, error=str(exc))
        ) from None
    data: dict[str, Any] = {
        "name": raw.get("name", "Custom board"),
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
    if not isinstance(spaces, list) or not isinstance(tiles, list):
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
    """A board file. The reading (only a regular file of a sane size, in UTF-8) is done by
    ``imtheboss.textfile``, outside the engine; the engine only judges the text."""
    try:
        text = read_text(path)
    except UnreadableFile as exc:
        raise BoardFileError(
            msg(N_("cannot read board file: {error}"), error=getattr(exc, "message", str(exc)))
        ) from None
    return parse_board(text, str(path))


def default_board() -> Board:
    """The board of the rulebooks (C1: 16 spaces in a ring, each with its investors and
    dividends; C4: the 15 deal tiles and their backs), as ``board.md`` draws it."""
    return _DEFAULT


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


def _line_of(text: str, key: str) -> int:
    for n, line in enumerate(text.splitlines(), 1):
        if re.match(rf"\s*{re.escape(key)}\s*=", line) or line.strip() == f"[[{key}]]":
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


def _trusted_board(text: str) -> Board:
    """The board shipped with the game, built without the file validator (importing pydantic
    would double the engine's import time). Its consistency checks run all the same, and a
    test reads the file through ``parse_board`` to check its types."""
    raw = tomllib.loads(text)
    return Board(
        name=raw.get("name", "Custom board"),
        reconstructed=raw.get("reconstructed", False),
        spaces=tuple(
            Space(
                number=i + 1,
                required=frozenset(Colour(c) for c in s["required"]),
                optional=frozenset(Colour(c) for c in s.get("optional", ())),
                pick=s.get("pick", 0),
                dividends=s["dividends"],
            )
            for i, s in enumerate(raw["space"])
        ),
        tiles=tuple(
            Tile(
                number=i + 1,
                value=t["value"],
                ends_on=frozenset(t.get("ends_on", ())),
                last=t.get("last", False),
            )
            for i, t in enumerate(raw["tile"])
        ),
    )


_DEFAULT_TEXT = (
    resources.files("imtheboss.engine").joinpath("data/board.toml").read_text(encoding="utf-8")
)
_DEFAULT = _trusted_board(_DEFAULT_TEXT)
