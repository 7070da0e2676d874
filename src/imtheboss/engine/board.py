"""The board (C1) and the deal tiles (C4) as values, and the board shipped with the game.

The printed board is partly reconstructed (see ``data/board.toml``), so a group must be able to
play the board on their own table: a board file is read and judged at the edge
(``imtheboss.boardfile``), which hands the engine a ``Board``; the field constraints below are
what that validator checks, the consistency checks what every ``Board`` checks.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources
from typing import TYPE_CHECKING, Annotated

from .cards import COLOURS, Colour
from .errors import N_, Msg, MsgError, msg, words
from .frozen import Frozen, field_constraints

if TYPE_CHECKING:
    from pydantic import Field

SPACES = 16
TILES = 15
#: The most a board file may say, with room to spare over the printed game (board.md: spaces
#: pay 3 to 7 dividends, a tile is worth $2M to $5M a dividend). A file with ``value = 5000000``
#: (dollars, not millions) is not a board: its deals would pay trillions, and prices that high
#: are not something a table at a game can haggle over.
MAX_DIVIDENDS = 12
MAX_VALUE = 10

field_constraints(__name__)  # Field, in annotations below, lent on first validation


@dataclass(frozen=True, slots=True, kw_only=True)
class Space(Frozen):
    """One deal space: every ``required`` colour plus ``pick`` distinct ones from ``optional``."""

    number: Annotated[int, Field(ge=1, le=SPACES)]
    required: frozenset[Colour]
    optional: frozenset[Colour] = frozenset()
    pick: Annotated[int, Field(ge=0)] = 0
    dividends: Annotated[int, Field(ge=1, le=MAX_DIVIDENDS)]

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
    value: Annotated[int, Field(ge=1, le=MAX_VALUE)]
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


def default_board() -> Board:
    """The board of the rulebooks (C1: 16 spaces in a ring, each with its investors and
    dividends; C4: the 15 deal tiles and their backs), as ``board.md`` draws it."""
    return _DEFAULT


def _trusted_board(text: str) -> Board:
    """The board shipped with the game, built without the file validator (importing pydantic
    would double the engine's import time). Its consistency checks run all the same, and a
    test reads the file through ``boardfile.parse_board`` to check its types."""
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
