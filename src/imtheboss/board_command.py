"""``imtheboss board``: the board and its deal tiles as two tables, or a board file checked
before a game is played on it."""

from __future__ import annotations

from . import i18n
from .i18n import N_, _, ngettext, pgettext

#: The names of the built-in boards (engine/data/*.toml), for the catalogs: a built-in
#: board's name is ours to translate, a board file's is its author's.
BUILT_IN_NAMES = {
    "transcribed": N_("Printed board (transcribed)"),
    "reconstructed": N_("Reconstructed standard board"),
}
#: The board new games start on.
DEFAULT_BOARD_NAME = BUILT_IN_NAMES["transcribed"]
#: Beside a space whose groups' split is a guess, and under the table to say so.
GUESS_MARK = "*"


def show_board(given: str | None) -> int:
    """Print the board ``given`` names (a built-in board or a board file; else the default);
    2 when the file is refused, with the line to blame."""
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table
    from rich.text import Text

    from .boardfile import BoardFileError, board_from
    from .engine import default_board
    from .engine.board import built_in_board
    from .textfile import printable

    console = Console(soft_wrap=True)
    try:
        board = board_from(given) if given else default_board()
    except BoardFileError as exc:
        console.print(
            _("[bold red]Board refused:[/] {error}").format(error=escape(i18n.explain(exc)))
        )
        return 2
    built_in = next((k for k in BUILT_IN_NAMES if built_in_board(k) is board), None)
    name = _(BUILT_IN_NAMES[built_in]) if built_in else printable(board.name)
    if board.reconstructed:
        title = _("{board} (a reconstruction: see docs/rules.md)").format(board=name)
    elif built_in == "transcribed":
        title = _(
            "{board}: the spaces of a printed copy, the deal tiles reconstructed "
            "(see docs/rules.md)"
        ).format(board=name)
    else:
        title = name
    # Text, not markup: a board's name is its author's words (a trailing backslash too).
    spaces = Table(title=Text(title), title_justify="left")
    spaces.add_column(_("space"), justify="right")
    spaces.add_column(_("needs"))
    # Translators: the column of how many investors a space's deal needs (a number).
    spaces.add_column(pgettext("board column", "investors"), justify="right")
    spaces.add_column(_("dividends"), justify="right")
    for space in board.spaces:
        needs = i18n.render(space.describe_msg())
        spaces.add_row(
            str(space.number),
            escape(f"{needs} {GUESS_MARK}" if space.guessed_split else needs),
            str(space.investors),
            str(space.dividends),
        )
    console.print(spaces)
    guessed = [s.number for s in board.spaces if s.guessed_split]
    if guessed:
        note = ngettext(
            "{mark} How the optional colours of space {spaces} split into groups is a guess: "
            "the source gives only their total.",
            "{mark} How the optional colours of spaces {spaces} split into groups is a guess: "
            "the source gives only their total.",
            len(guessed),
        )
        # Translators: one space's number in a list of spaces ("spaces 2 and 10"), as your
        # language writes each: Chinese its ordinal, 第{number} (第2和第10格), Korean its
        # counter, {number}번 (2번과 10번 칸); the sentence around the list has the rest.
        item = pgettext("a space in a list", "{number}")
        listed = i18n.all_of([item.format(number=n) for n in guessed])
        console.print(escape(note.format(mark=GUESS_MARK, spaces=listed)))
    tiles = Table(title=_("Deal tiles, top of the stack first"), title_justify="left")
    tiles.add_column(_("tile"), justify="right")
    tiles.add_column(_("$M per dividend"), justify="right")
    tiles.add_column(_("the game ends on"))
    for tile in board.tiles:
        ends = (
            _("the last tile: the game ends")
            if tile.last
            else " ".join(map(str, sorted(tile.ends_on)))
        )
        tiles.add_row(f"#{tile.number}", str(tile.value), ends or "–")
    console.print(tiles)
    if given and not built_in:
        console.print(_("[green]{file} is a valid board.[/]").format(file=escape(given)))
    return 0
