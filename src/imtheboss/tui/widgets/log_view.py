"""The table's log: a RichLog that wraps its lines again when its width changes, and never
inside a sum or a name.

A RichLog wraps each line once, at the width it has when the line is written: after the
terminal grows from 80 to 160 columns, the old lines stayed cut at the old width beside the
new ones at the new (a screen of half-empty lines), and after it shrinks they were cut off.
This one keeps what it was given and writes it all again at the new width.

Rich breaks a line only at whitespace, and cuts a longer "word" anywhere: a Chinese sentence
has no spaces, so it was one word, cut wherever the width fell ("出價40" | "0萬"). A line of
the log (and of the deal panel) is wrapped by ``wrapping.wrap_points`` instead, as the rules
are printed: at whitespace as Rich does, and in Chinese between two ideographs too — but never
inside a sum or a player's name, never before a closing mark (，。：).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Sequence

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.measure import Measurement
from rich.text import Text
from textual import events
from textual.widgets import RichLog

from ...wrapping import OWN_WRAP, wrap_points


class Wrapped:
    """A line of the log (its markup) or of the deal panel, drawn as ``wrap_points`` breaks
    it at the width it is given."""

    def __init__(self, line: str | Text, keep: Sequence[str] = ()) -> None:
        self.text = Text.from_markup(line) if isinstance(line, str) else line
        self.keep = tuple(keep)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement(1, max(map(cell_len, self.text.plain.split("\n"))))

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        if not OWN_WRAP.search(self.text.plain):
            yield self.text
            return
        for paragraph in self.text.split("\n", allow_blank=True):
            points = wrap_points(paragraph.plain, options.max_width, self.keep)
            for line in paragraph.divide(points):
                line.rstrip()
                line.no_wrap = True
                line.overflow = "crop"
                line.end = "\n"
                yield line


class LogView(RichLog):
    #: What the log shows, as it was given (no more of it than the log keeps lines).
    _written: deque[RenderableType] | None = None
    #: The width its lines are wrapped at (0: not laid out yet).
    _wrapped_at = 0
    #: The players' names: never broken across two lines.
    _names: tuple[str, ...] = ()

    def _kept(self) -> deque[RenderableType]:
        if self._written is None:
            self._written = deque(maxlen=self.max_lines)
        return self._written

    def keep_whole(self, names: Iterable[str]) -> None:
        """The names at the table (the log is written again if they changed)."""
        names = tuple(names)
        if names != self._names:
            self._names = names
            self._rewrite()

    def show_lines(self, lines: Iterable[RenderableType]) -> None:
        """The whole log, instead of what it showed."""
        self.clear()
        self._kept().clear()
        for line in lines:
            self.add_line(line)

    def add_line(self, line: RenderableType) -> None:
        """One more line (markup, or a Rich renderable)."""
        self._kept().append(line)
        self.write(self._wrapped(line))

    def _wrapped(self, line: RenderableType) -> RenderableType:
        if isinstance(line, (str, Text)):
            return Wrapped(line, self._names)
        return line

    def _rewrite(self) -> None:
        self.clear()
        for line in self._kept():
            self.write(self._wrapped(line))

    def on_resize(self, event: events.Resize) -> None:
        width = event.size.width
        if width and self._wrapped_at and width != self._wrapped_at:
            self._rewrite()
        if width:
            self._wrapped_at = width
