"""The table's log: a scrolling log (as Textual's RichLog) that wraps its lines again when its
width changes, and never inside a sum or a name.

It is not a ``RichLog``: that widget imports ``rich.pretty`` (to pretty-print any Python
object written to it) and its highlighter, for nothing the table writes (markup and Rich
renderables), and that was about 36 M instructions of the table's first frame (issue 20).
``LogView`` is the part of ``RichLog`` the table uses — the same lines (``lines``, Strips),
the same wrapping at the width it is given, the same scrolling and keys (a ``ScrollView``:
PageUp/PageDown, Home/End, the arrows), the same look (its CSS) — without the rest.

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
from rich.measure import Measurement, measure_renderables
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.cache import LRUCache
from textual.geometry import Region, Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

from ...wrapping import own_wrap, wrap_points
from ..markup import markup_text


class Wrapped:
    """A line of the log (its markup) or of the deal panel, drawn as ``wrap_points`` breaks
    it at the width it is given."""

    def __init__(self, line: str | Text, keep: Sequence[str] = ()) -> None:
        self.text = markup_text(line) if isinstance(line, str) else line
        self.keep = tuple(keep)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement(1, max(map(cell_len, self.text.plain.split("\n"))))

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        if not own_wrap(self.text.plain):
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


class LogView(ScrollView, can_focus=True):
    """What the log shows, wrapped at its width; the newest line in sight as it comes."""

    # RichLog's look.
    DEFAULT_CSS = """
    LogView {
        background: $surface;
        color: $foreground;
        overflow-y: scroll;
        &:focus {
            background-tint: $foreground 5%;
        }
    }
    """

    #: What the log shows, as it was given (no more of it than the log keeps lines).
    _written: deque[RenderableType] | None = None
    #: The width its lines are wrapped at (0: not laid out yet).
    _wrapped_at = 0
    #: The players' names: never broken across two lines.
    _names: tuple[str, ...] = ()
    #: The log's own style in the frame being drawn (``render_lines``).
    _style = Style()

    def __init__(
        self,
        *,
        max_lines: int | None = None,
        min_width: int = 78,
        wrap: bool = False,
        markup: bool = False,
        auto_scroll: bool = True,
        id: str | None = None,
    ) -> None:
        """As ``RichLog``'s: ``min_width``, the narrowest a line is drawn at (wider than the
        log, it scrolls sideways); ``wrap``: lines are wrapped (else cut); ``markup``: a
        string is console markup."""
        super().__init__(id=id)
        self.max_lines = max_lines
        self.min_width = min_width
        self.wrap = wrap
        self.markup = markup
        self.auto_scroll = auto_scroll
        #: The lines drawn, as ``RichLog.lines``.
        self.lines: list[Strip] = []
        self._start_line = 0
        self._line_cache: LRUCache[tuple[int, int, int, int], Strip] = LRUCache(1024)
        #: Written before the log had a width: drawn, in order, once it has one.
        self._deferred: deque[RenderableType] = deque()
        self._widest_line_width = 0
        self._size_known = False

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
        width = self.size.width  # within the edges, as ``render_lines`` sees it
        if width and not self._size_known:
            self._know_the_size()
        if width and self._wrapped_at and width != self._wrapped_at:
            self._rewrite()
        if width:
            self._wrapped_at = width

    def _know_the_size(self) -> None:
        """Its width is known for the first time: what was written meanwhile is drawn."""
        self._size_known = True
        self._wrapped_at = self.size.width
        while self._deferred:
            self.write(self._deferred.popleft())

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._line_cache.clear()

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return self.virtual_size.width if self._size_known else container.width

    # -- RichLog's writing and drawing, for the renderables the table writes ----------------

    def write(self, content: RenderableType) -> LogView:
        """One more renderable at the end (``RichLog.write`` with its defaults: as wide as
        it measures, shrunk to the log, never narrower than ``min_width``)."""
        if not self._size_known:
            self._deferred.append(content.copy() if isinstance(content, Text) else content)
            return self
        renderable: RenderableType = content
        if isinstance(content, str):
            renderable = markup_text(content) if self.markup else Text(content)
        if isinstance(renderable, Text):
            renderable.expand_tabs()
        console = self.app.console
        options = console.options
        if isinstance(renderable, Text) and not self.wrap:
            options = options.update(overflow="ignore", no_wrap=True)
        width = measure_renderables(console, options, [renderable]).maximum
        width = min(width, self.scrollable_content_region.width)
        width = max(width, self.min_width)
        options = options.update_width(width)
        lines = list(Segment.split_lines(console.render(renderable, options)))
        if not lines:
            self._widest_line_width = max(width, self._widest_line_width)
            self.lines.append(Strip.blank(width))
        else:
            strips = Strip.from_lines(lines)
            for strip in strips:
                strip.adjust_cell_length(width)
            self.lines.extend(strips)
            if self.max_lines is not None and len(self.lines) > self.max_lines:
                self._start_line += len(self.lines) - self.max_lines
                self.refresh()
                self.lines = self.lines[-self.max_lines :]
            self._widest_line_width = max(
                self._widest_line_width,
                max(sum(segment.cell_length for segment in line) for line in lines),
            )
        self.virtual_size = Size(self._widest_line_width, len(self.lines))
        if self.auto_scroll:
            self.scroll_end(animate=False, immediate=False, x_axis=False)
        return self

    def clear(self) -> LogView:
        self.lines.clear()
        self._line_cache.clear()
        self._start_line = 0
        self._widest_line_width = 0
        self._deferred.clear()
        self.virtual_size = Size(0, 0)
        self.refresh()
        return self

    def render_lines(self, crop: Region) -> list[Strip]:
        if not self._size_known and self.size.width:
            # The first frame: what was written before the log had a width is drawn in it,
            # not in a frame of its own after the resize that tells the log its width.
            self._know_the_size()
        # The log's style once a frame, not twice a line (it walks every ancestor's styles).
        self._style = self.rich_style
        return super().render_lines(crop)

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        line = self._render_line(scroll_y + y, scroll_x, self.scrollable_content_region.width)
        return line.apply_style(self._style)

    def _render_line(self, y: int, scroll_x: int, width: int) -> Strip:
        if y >= len(self.lines):
            return Strip.blank(width, self._style)
        key = (y + self._start_line, scroll_x, width, self._widest_line_width)
        if key in self._line_cache:
            return self._line_cache[key]
        line = self.lines[y].crop_extend(scroll_x, scroll_x + width, self._style)
        self._line_cache[key] = line
        return line
