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

    The grid is drawn line by line as Rich's ``Table.grid(padding=(0, 1), expand=True)`` lays
    these six columns out (``_rich_table`` is that table): laying out and drawing a Rich table
    of 48 cells was the dearest piece of the table's first frame (issue 20). A width too
    narrow for every column's minimum is left to the table itself, which squeezes them."""

    def __init__(self, rows: list[tuple[Text, Text, int]]) -> None:
        self.rows = rows

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        labels, paid = self._labels(width)
        # As the grid sizes its columns: a column's padding is one cell on its right (none
        # after the last); the fixed ones are number (3) and dividends (``paid``), and the two
        # requirement columns (ratio 1) share what is left, the left one rounded up.
        flexible = width - (3 + 1 + paid + 1) * 2 + 1
        if flexible < 2 * 2:
            yield self._rich_table(labels, paid)
            return
        left = -(-flexible // 2)
        needs = (left - 1, flexible - left - 1)
        for row in range(BOARD_ROWS):
            line = Text(end="\n", no_wrap=True, overflow="crop")
            for side, index in enumerate((row, row + BOARD_ROWS)):
                number, text, count = self.rows[index]
                if side:
                    line.append(" ")
                line.append_text(_right(number, 3))
                line.append(" ")
                cell = text.copy()
                cell.truncate(needs[side], overflow="ellipsis", pad=True)
                line.append_text(cell)
                line.append(" ")
                line.append_text(_right(Text(labels[count] if count else ""), paid))
            yield line

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


def _right(text: Text, width: int) -> Text:
    """``text`` justified right in ``width`` cells, as a table's cell justifies it."""
    cell = text.copy()
    cell.rstrip()
    cell.truncate(width, overflow="ellipsis")
    cell.pad_left(width - cell_len(cell.plain))
    return cell


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
