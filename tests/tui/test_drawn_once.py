"""The players' panel lays its table out once per width (issue 20: Textual rendered it three
times for the table's first frame, to learn its height and to draw it)."""

from __future__ import annotations

from rich.console import Console, ConsoleOptions, RenderResult
from rich.table import Table
from rich.text import Text

from imtheboss.tui.widgets.once import DrawnOnce


class Counted:
    """A table that counts how often it is laid out."""

    def __init__(self) -> None:
        self.calls = 0
        self.table = Table.grid(padding=(0, 1), expand=True)
        self.table.add_column(width=3)
        self.table.add_column(ratio=1, no_wrap=True, overflow="ellipsis")
        self.table.add_row(Text(" 1 ", style="bold reverse"), Text("Annabell-Marie", style="bold"))

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        self.calls += 1
        yield self.table


def test_the_same_segments_laid_out_once_per_width() -> None:
    console = Console(width=40, color_system="truecolor")
    counted = Counted()
    once = DrawnOnce(counted)
    for width in (36, 36, 12, 36, 12):
        options = console.options.update_width(width)
        assert list(console.render(once, options)) == list(console.render(counted.table, options))
    assert counted.calls == 2  # 36 and 12
