"""A Rich renderable laid out once per width, however often Textual asks for it.

A ``Static`` given a Rich renderable renders it whole to learn its height, and again to draw
it (and once more when it is measured): the players' panel laid out and drew its table three
times for the table's first frame (issue 20). Its lines do not change between those calls,
only between two ``show``\\s (which make a new renderable): this keeps the segments of the
first render at each width and gives the same ones back.
"""

from __future__ import annotations

from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.measure import Measurement
from rich.segment import Segment


class DrawnOnce:
    def __init__(self, renderable: RenderableType) -> None:
        self.renderable = renderable
        self._drawn: dict[tuple[object, ...], list[Segment]] = {}

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self.renderable)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        # Everything of the options a renderable's layout may read (not the height: a
        # table's cells are laid out without one).
        key = (
            options.max_width,
            options.min_width,
            options.justify,
            options.overflow,
            options.no_wrap,
            options.highlight,
            options.markup,
            options.encoding,
            options.legacy_windows,
        )
        drawn = self._drawn.get(key)
        if drawn is None:
            drawn = self._drawn[key] = list(console.render(self.renderable, options))
        yield from drawn
