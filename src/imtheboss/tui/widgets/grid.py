"""Rows of cells laid out as Rich's ``Table.grid(padding=(0, 1), expand=True)`` lays them out,
drawn as one ``Text`` a line.

Laying out and drawing a Rich table (its cells measured, each padded and rendered on its own,
the lines cut and joined) was the dearest piece of the table's first frame (issue 20): the
board's 48 cells and the players' 42. Where every column gets its width at once (the fixed
ones their width, an auto one its widest cell, the ratio columns what is left, at least a cell
each) these are the grid's widths, and each cell is cut and padded as the grid's cell is
(``Lines.justify``); where the columns do not fit, ``lines`` says so and the caller draws
the Rich table itself, which squeezes them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from rich.cells import cell_len
from rich.text import Text


class Column:
    """A column as ``Table.add_column`` is given it: ``width`` (None: its widest cell),
    ``ratio`` (a share of the room left; its width is then the share), ``justify``. (A plain
    class: a dataclass is written with ``exec`` at import, 3.5 million instructions.)"""

    __slots__ = ("justify", "ratio", "width")

    def __init__(
        self,
        width: int | None = None,
        ratio: int | None = None,
        justify: Literal["left", "right"] = "left",
    ) -> None:
        self.width, self.ratio, self.justify = width, ratio, justify


def lines(
    columns: Sequence[Column], rows: Sequence[Sequence[Text]], width: int
) -> list[Text] | None:
    """The grid's lines at ``width`` cells, or None if its columns do not fit in it."""
    last = len(columns) - 1
    # The grid's padding, collapsed: one cell on the right of each column but the last.
    pads = [0 if index == last else 1 for index in range(len(columns))]
    widths: list[int] = []
    for index, column in enumerate(columns):
        if column.ratio:
            widths.append(0)
        elif column.width is not None:
            widths.append(column.width + pads[index])
        else:
            widest = max((cell_len(row[index].plain) for row in rows), default=0)
            if widest == 0 or widest + pads[index] > width:
                return None  # the grid measures such a column otherwise
            widths.append(widest + pads[index])
    room = width - sum(widths)
    shares = [(index, column.ratio) for index, column in enumerate(columns) if column.ratio]
    total = sum(ratio for _index, ratio in shares)
    for index, ratio in shares:
        # As ``rich._ratio.ratio_distribute``: each share rounded up, the last one the rest.
        share = max((columns[index].width or 1) + pads[index], -(-ratio * room // total))
        widths[index] = share
        total -= ratio
        room -= share
    if sum(widths) != width:
        return None
    drawn: list[Text] = []
    for row in rows:
        line = Text(end="\n", no_wrap=True, overflow="crop")
        for index, column in enumerate(columns):
            cell = row[index].copy()
            inside = widths[index] - pads[index]
            if column.justify == "right":
                cell.rstrip()
                cell.truncate(inside, overflow="ellipsis")
                cell.pad_left(inside - cell_len(cell.plain))
            else:
                cell.truncate(inside, overflow="ellipsis", pad=True)
            line.append_text(cell)
            if pads[index]:
                line.append(" ")
        drawn.append(line)
    return drawn
