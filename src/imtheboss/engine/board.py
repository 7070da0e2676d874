"""The board (C1) and the deal tiles (C4) as values, and the boards shipped with the game.

No source is sure of the whole printed board (``data/transcribed.toml``, a transcription of a
printed copy, guesses two splits and keeps reconstructed tiles; ``data/reconstructed.toml`` is
the reconstruction older games were played on), so a group must be able to play the board on
their own table: a board file is read and judged at the edge
(``imtheboss.boardfile``), which hands the engine a ``Board``; the field constraints below are
what that validator checks, the consistency checks what every ``Board`` checks.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

from .cards import COLOURS, Colour
from .errors import N_, Msg, MsgError, all_of, msg
from .frozen import Frozen, field_constraints, value

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


@value
class Group(Frozen):
    """``pick`` distinct colours ``of`` a set: one of the groups a printed space's optional
    colours may come in (``2 of {R P G} + 2 of {O B Y}``)."""

    pick: Annotated[int, Field(ge=1)]
    of: frozenset[Colour]


@value
class Space(Frozen):
    """One deal space: every ``required`` colour plus ``pick`` distinct ones from ``optional``.

    A printed space may split its optional colours into ``groups``, each with its own count;
    then ``optional`` and ``pick`` are their union and their sum (filled in from the groups),
    so what asks only "which colours may take part, how many investors" reads them as for one
    group, and only the close (CL3, D2) looks at each group. One group is kept as
    ``optional``/``pick`` alone (``groups`` empty): the old files' spaces, and the engine's
    fast path. ``guessed_split``: the groups' split is a guess (the source gave only the total).
    """

    number: Annotated[int, Field(ge=1, le=SPACES)]
    required: frozenset[Colour] = frozenset()
    optional: frozenset[Colour] = frozenset()
    pick: Annotated[int, Field(ge=0)] = 0
    groups: tuple[Group, ...] = ()
    guessed_split: bool = False
    dividends: Annotated[int, Field(ge=1, le=MAX_DIVIDENDS)]

    def __post_init__(self) -> None:
        """The space's own consistency (a file's types are checked by the validator first)."""
        if self.groups:
            self._take_groups()
        elif self.guessed_split:
            raise MsgError(Msg(N_("guessed_split = true, but the space has no groups")))
        if self.required & self.optional:
            # Msg(c.value): the colour's own word ("red" is a message key in engine.words).
            both = all_of(Msg(v) for v in sorted(c.value for c in self.required & self.optional))
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

    def _take_groups(self) -> None:
        """``optional`` and ``pick`` from the groups; one group becomes the two alone."""
        union: frozenset[Colour] = frozenset()
        for group in self.groups:
            if union & group.of:
                twice = all_of(Msg(c.value) for c in _ordered(union & group.of))
                raise MsgError(msg(N_("{colours} cannot be in two groups"), colours=twice))
            if not 1 <= group.pick <= len(group.of):
                raise MsgError(
                    msg(
                        N_("pick = {pick} but only {count} optional colours are listed"),
                        pick=group.pick,
                        count=len(group.of),
                    )
                )
            union |= group.of
        total = sum(group.pick for group in self.groups)
        if (self.optional or self.pick) and (self.optional, self.pick) != (union, total):
            raise MsgError(Msg(N_("give optional and pick, or groups, not both")))
        object.__setattr__(self, "optional", union)
        object.__setattr__(self, "pick", total)
        if len(self.groups) == 1:
            object.__setattr__(self, "groups", ())

    @property
    def investors(self) -> int:
        return len(self.required) + self.pick

    def choices(self) -> tuple[Group, ...]:
        """The optional colours as groups, one group included (none when nothing is
        optional): for whoever plans or explains a close, not for the engine's hot path."""
        if self.groups:
            return self.groups
        return (Group(pick=self.pick, of=self.optional),) if self.pick else ()

    def describe(self) -> str:
        """Letters, as on the board: ``R B Y +2 of P O G``."""
        return str(self.describe_msg())

    def describe_msg(self) -> Msg:
        """``describe`` as a message: "of" is a word a player reads. Several groups follow
        one another (``+2 of R P G +2 of B Y O``), each read by the same message."""
        text = " ".join(c.letter for c in _ordered(self.required))
        needs: Msg | None = Msg(text) if text else None
        for group in self.choices():
            opts = " ".join(c.letter for c in _ordered(group.of))
            if needs is None:
                needs = msg(N_("+{pick} of {optional}"), pick=group.pick, optional=opts)
            else:
                needs = msg(
                    N_("{required} +{pick} of {optional}"),
                    required=needs,
                    pick=group.pick,
                    optional=opts,
                )
        assert needs is not None  # a space needs at least one investor
        return needs


@value
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


@value
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


#: The built-in boards, by the name a command line or a file's ``board:`` line gives them.
TRANSCRIBED = "transcribed"
RECONSTRUCTED = "reconstructed"


#: Their files, in the order ``built_in_name`` tries them (the board new games start on first).
_BUILT_IN_NAMES = (TRANSCRIBED, RECONSTRUCTED)


def default_board() -> Board:
    """The board new games start on: the printed board as transcribed (board.md, "Evidence
    found 2026-12-01"; C1: 16 spaces in a ring, each with its investors and dividends; C4:
    the 15 deal tiles and their backs, still reconstructed)."""
    board = built_in_board(TRANSCRIBED)
    assert board is not None
    return board


def reconstructed_board() -> Board:
    """The reconstruction of ``board.md``: the board of every game written before boards had
    names, so what a file without a ``board:`` line (and a ``Setup`` without a board) means."""
    board = built_in_board(RECONSTRUCTED)
    assert board is not None
    return board


def is_the_reconstruction(board: Board | None) -> bool:
    """Whether ``board`` is the reconstruction's value itself: never, while the
    reconstruction has not been built (a new table builds only the board it plays on)."""
    return board is not None and board is _built.get(RECONSTRUCTED)


def built_in_board(name: str) -> Board | None:
    """The built-in board called ``name``, or None: built from its file when first asked
    for, then always the same value (a new table needs one of the two boards, and reading
    both at import was about a quarter of the game's own import: issue 20)."""
    board = _built.get(name)
    if board is None and name in _BUILT_IN_NAMES:
        # Two threads asking at once build it twice; both get the one stored first.
        board = _built.setdefault(name, _trusted_board(built_in_text(name)))
    return board


def built_in_name(board: Board) -> str | None:
    """The name of the built-in board equal to ``board``, or None (a board of one's own)."""
    return next((name for name in _BUILT_IN_NAMES if built_in_board(name) == board), None)


def built_in_text(name: str) -> str:
    """A built-in board's file, to be copied and edited for one's own. Read beside this
    module (the package is installed as files), not through ``importlib.resources``, whose
    import (and its zip reader's) was another tenth of the game's import."""
    return (Path(__file__).parent / "data" / f"{name}.toml").read_text(encoding="utf-8")


def _trusted_board(text: str) -> Board:
    """A board shipped with the game, built without the file validator (importing pydantic
    would double the engine's import time). Its consistency checks run all the same, and a
    test reads the file through ``boardfile.parse_board`` to check its types."""
    raw = tomllib.loads(text)
    return Board(
        name=raw.get("name", "Custom board"),
        reconstructed=raw.get("reconstructed", False),
        spaces=tuple(
            Space(
                number=i + 1,
                required=frozenset(Colour(c) for c in s.get("required", ())),
                optional=frozenset(Colour(c) for c in s.get("optional", ())),
                pick=s.get("pick", 0),
                groups=tuple(
                    Group(pick=g["pick"], of=frozenset(Colour(c) for c in g["of"]))
                    for g in s.get("groups", ())
                ),
                guessed_split=s.get("guessed_split", False),
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


#: The built-in boards built so far, by name.
_built: dict[str, Board] = {}
