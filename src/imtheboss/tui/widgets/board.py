"""The 16 deal spaces, the dollar marker and the deal stack: public information only."""

from __future__ import annotations

from collections.abc import Iterable

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.table import Table
from rich.text import Text
from textual.geometry import Size
from textual.widgets import Static

from ...engine.board import Space
from ...engine.cards import COLOURS
from ...engine.state import Phase
from ...engine.view import PlayerView
from ...i18n import _, ngettext
from ..labels import STYLE
from .grid import Column, lines

#: The board's rows: 16 spaces in two columns.
BOARD_ROWS = 8


def space_text(space: Space) -> Text:
    """``RBY+2:POG`` with each letter on its colour. Optional colours in groups are written
    without colons, a count before each group (``2RPG+2BYO``, ``Y+1PG+1RB``: a cell of the
    board at 80 columns holds 9 characters), and ``?`` joins the groups when their split is a
    guess (``2RPG?2BYO``; the legend says so)."""
    text = Text()
    for colour in COLOURS:
        if colour in space.required:
            text.append(colour.letter, style=STYLE[colour])
    for group in space.choices():
        if not space.groups:
            text.append(f"+{group.pick}:")
        else:
            if text.plain:  # after the required colours, or between two groups
                guessed = space.guessed_split and group is not space.groups[0]
                text.append("?" if guessed else "+")
            text.append(str(group.pick))
        for colour in COLOURS:
            if colour in group.of:
                text.append(colour.letter, style=STYLE[colour].replace("bold ", ""))
    return text


class BoardView(Static):
    """Spaces clockwise in two columns; ``$`` marks the marker, ``▓#n`` a covered space."""

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        # Always the grid's 8 rows (cells never wrap): known without rendering the grid
        # to count them, which Textual would do at every layout (issue 10).
        return BOARD_ROWS

    def show(self, view: PlayerView) -> None:
        rows: list[tuple[Text, Text, int]] = []
        for space in view.board.spaces:
            here = view.marker == space.number
            number = Text(
                f"{'$' if here else ' '}{space.number}", style="bold reverse" if here else "bold"
            )
            if space.number in view.covered:
                tile = view.covered[space.number]
                rows.append((number, Text(f"▓▓ #{tile}", style="dim"), 0))
            else:
                rows.append((number, space_text(space), space.dividends))
        self.border_title = ngettext(
            "Board · {count} deal done", "Board · {count} deals done", view.deals_done
        ).format(count=view.deals_done)
        self.border_subtitle = _stack_line(view)
        self.update(_Grid(rows))


class _Grid:
    """The two columns of spaces, laid out at the width the panel has when it is drawn: a
    space's requirement (up to 9 cells) comes first, so when the language's dividends label
    ("배당 6": 6 cells) leaves it no room, the count goes bare (the legend says what it is),
    measured in cells, at 80 columns as in a wider terminal.

    The grid is drawn line by line as Rich's grid lays these six columns out (``grid.lines``;
    ``_rich_table`` is that grid, drawn where the columns do not fit)."""

    def __init__(self, rows: list[tuple[Text, Text, int]]) -> None:
        self.rows = rows

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        labels, paid = self._labels(options.max_width)
        cells = [
            (number, text, Text(labels[count] if count else ""))
            for number, text, count in self.rows
        ]
        columns = [Column(3, justify="right"), Column(ratio=1), Column(paid, justify="right")] * 2
        rows = [(*cells[row], *cells[row + BOARD_ROWS]) for row in range(BOARD_ROWS)]
        drawn = lines(columns, rows, options.max_width)
        if drawn is None:
            yield self._rich_table(labels, paid)
        else:
            yield from drawn

    def _labels(self, width: int) -> tuple[dict[int, str], int]:
        """The dividends' labels at this width, and their column's width."""
        # A label wider than the board has room for gives way to the bare number.
        counts = {count for _number, _text, count in self.rows if count} | set(range(1, 10))
        # Translators: "d" is dividends; at most 3 cells with the number (CJK: 2 cells
        # a character), e.g. "6d" or "6股".
        labels = {n: _("{count}d").format(count=n) for n in counts}
        need = max(cell_len(text.plain) for _number, text, _count in self.rows)
        # Two sides of number (3), requirement and dividends (at least 3), 1 cell between
        # columns.
        if 2 * (3 + need + max(3, *map(cell_len, labels.values()))) + 5 > width:
            labels = {n: str(n) for n in counts}
        return labels, max(3, *map(cell_len, labels.values()))

    def _rich_table(self, labels: dict[int, str], paid: int) -> Table:
        """The grid as a Rich table (what the lines above draw, where the columns fit)."""
        grid = Table.grid(padding=(0, 1), expand=True)
        for _side in range(2):
            grid.add_column(justify="right", width=3)
            grid.add_column(ratio=1, no_wrap=True)
            grid.add_column(justify="right", width=paid)
        cells = [
            (number, text, Text(labels[count] if count else ""))
            for number, text, count in self.rows
        ]
        for row in range(BOARD_ROWS):
            left, right = cells[row], cells[row + BOARD_ROWS]
            grid.add_row(*left, *right)
        return grid


def _numbers(numbers: Iterable[int]) -> str:
    """``1/2``, or ``1–5`` for a run of more than two (the bottom edge is short)."""
    ordered = sorted(numbers)
    if len(ordered) > 2 and ordered == list(range(ordered[0], ordered[-1] + 1)):
        return f"{ordered[0]}–{ordered[-1]}"
    return "/".join(map(str, ordered))


def _stack_line(view: PlayerView) -> str:
    """The next tile, short enough for the board's bottom edge at 80 columns (34 cells):
    the count of deals done is in the title, the meaning of the words in the legend."""
    if view.phase is Phase.END_ROLL and view.covered:
        # The roll is for the tile just laid (E1), not for the next one: the tiles are laid
        # from the top of the stack, #1 first, so it is the highest number on the board.
        laid = view.board.tiles[max(view.covered.values()) - 1]
        return _("the end roll: {numbers} ends it").format(numbers=_numbers(laid.ends_on))
    if not view.stack:
        return _("no tiles left")
    tile = view.board.tiles[view.stack[0] - 1]
    next_tile = _("next ${value}M/div.").format(value=tile.value)
    if tile.last:
        return _("{next} · the last deal").format(next=next_tile)
    if tile.ends_on:
        return _("{next} · then {numbers} ends it").format(
            next=next_tile, numbers=_numbers(tile.ends_on)
        )
    return next_tile
