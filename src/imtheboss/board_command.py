"""``imtheboss board``: the board and its deal tiles as two tables, or a board file checked
before a game is played on it."""

from __future__ import annotations

from . import i18n
from .i18n import N_, _, pgettext

#: The name of the packaged board (engine/data/board.toml), for the catalogs.
DEFAULT_BOARD_NAME = N_("Reconstructed standard board")


def show_board(board_file: str | None) -> int:
    """Print the board (``board_file``'s, else the packaged one); 2 when the file is refused,
    with the line to blame."""
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table
    from rich.text import Text

    from .boardfile import BoardFileError, load_board
    from .engine import default_board
    from .textfile import printable

    console = Console(soft_wrap=True)
    try:
        board = load_board(board_file) if board_file else default_board()
    except BoardFileError as exc:
        console.print(
            _("[bold red]Board refused:[/] {error}").format(error=escape(i18n.explain(exc)))
        )
        return 2
    # The packaged board's name is ours to translate; a board file's is its author's.
    name = printable(board.name) if board_file else _(DEFAULT_BOARD_NAME)
    title = (
        _("{board} (a reconstruction: see docs/rules.md)").format(board=name)
        if board.reconstructed
        else name
    )
    # Text, not markup: a board's name is its author's words (a trailing backslash too).
    spaces = Table(title=Text(title), title_justify="left")
    spaces.add_column(_("space"), justify="right")
    spaces.add_column(_("needs"))
    # Translators: the column of how many investors a space's deal needs (a number).
    spaces.add_column(pgettext("board column", "investors"), justify="right")
    spaces.add_column(_("dividends"), justify="right")
    for space in board.spaces:
        spaces.add_row(
            str(space.number),
            escape(i18n.render(space.describe_msg())),
            str(space.investors),
            str(space.dividends),
        )
    console.print(spaces)
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
    if board_file:
        console.print(_("[green]{file} is a valid board.[/]").format(file=escape(board_file)))
    return 0
