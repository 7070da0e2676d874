"""The table's log: a RichLog that wraps its lines again when its width changes.

A RichLog wraps each line once, at the width it has when the line is written: after the
terminal grows from 80 to 160 columns, the old lines stayed cut at the old width beside the
new ones at the new (a screen of half-empty lines), and after it shrinks they were cut off.
This one keeps what it was given and writes it all again at the new width.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable

from rich.console import RenderableType
from textual import events
from textual.widgets import RichLog


class LogView(RichLog):
    #: What the log shows, as it was given (no more of it than the log keeps lines).
    _written: deque[RenderableType] | None = None
    #: The width its lines are wrapped at (0: not laid out yet).
    _wrapped_at = 0

    def _kept(self) -> deque[RenderableType]:
        if self._written is None:
            self._written = deque(maxlen=self.max_lines)
        return self._written

    def show_lines(self, lines: Iterable[RenderableType]) -> None:
        """The whole log, instead of what it showed."""
        self.clear()
        self._kept().clear()
        for line in lines:
            self.add_line(line)

    def add_line(self, line: RenderableType) -> None:
        """One more line (markup, or a Rich renderable)."""
        self._kept().append(line)
        self.write(line)

    def on_resize(self, event: events.Resize) -> None:
        width = event.size.width
        if width and self._wrapped_at and width != self._wrapped_at:
            self.clear()
            for line in self._kept():
                self.write(line)
        if width:
            self._wrapped_at = width
