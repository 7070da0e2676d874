"""The board's grid, drawn line by line, is cell for cell the Rich table it was (issue 20:
the table of 48 cells was the dearest piece of the first frame): both built-in boards, the
marker and covered spaces, widths from 10 to 159 columns (every one up to 47: the panel is 36
at 80 columns), in every language."""

from __future__ import annotations

import pytest
from rich.console import Console
from rich.segment import Segment
from rich.text import Text

from imtheboss import i18n
from imtheboss.engine.board import Board, default_board, reconstructed_board
from imtheboss.tui.widgets.board import _Grid, space_text


def grid_rows(
    board: Board, marker: int | None, covered: dict[int, int]
) -> list[tuple[Text, Text, int]]:
    rows = []
    for space in board.spaces:
        here = marker == space.number
        number = Text(
            f"{'$' if here else ' '}{space.number}", style="bold reverse" if here else "bold"
        )
        if space.number in covered:
            rows.append((number, Text(f"▓▓ #{covered[space.number]}", style="dim"), 0))
        else:
            rows.append((number, space_text(space), space.dividends))
    return rows


#: Every width where the layout changes at 80 columns and below, and a few wider.
WIDTHS = (*range(10, 48), 59, 64, 77, 100, 131, 159)


def cells(segments: list[Segment]) -> list[tuple[str, str]]:
    return [(ch, str(seg.style or "")) for seg in segments for ch in seg.text]


@pytest.mark.parametrize("lang", ["en", "es", "sv", "zh", "ko"])
def test_the_grid_draws_the_cells_the_rich_table_drew(lang: str) -> None:
    console = Console(width=200, color_system="truecolor", force_terminal=True)
    i18n.use(lang)
    try:
        for board in (default_board(), reconstructed_board()):
            for marker, covered in ((None, {}), (16, {3: 12, 14: 1}), (1, {1: 15})):
                grid = _Grid(grid_rows(board, marker, covered))
                for width in WIDTHS:
                    options = console.options.update_width(width)
                    labels, paid = grid._labels(width)
                    drawn = cells(list(console.render(grid, options)))
                    table = cells(list(console.render(grid._rich_table(labels, paid), options)))
                    assert drawn == table, (lang, board.name, marker, width)
    finally:
        i18n.use("en")
