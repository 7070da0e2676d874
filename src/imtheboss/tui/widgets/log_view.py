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
the log (and of the deal panel) is wrapped here instead (``wrap_points``): at whitespace as
Rich does, and in Chinese and Japanese between two ideographs too, as their typesetting does —
but never inside a sum, a number and its counter or ordinal ("6個", "第2格") or a player's
name, never before a closing mark (，。：) nor after an opening one (（「). Korean separates its
words with spaces, so it keeps Rich's rule.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections import deque
from collections.abc import Iterable, Sequence

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.measure import Measurement, measure_renderables
from rich.segment import Segment
from rich.text import Text
from textual import events
from textual.cache import LRUCache
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

#: A sum as any language writes it ("$12M", "1億2500萬", "+300萬", "0元"): one unit.
_SUM = r"[-+]?\$?\d[\d,.]*(?:[億萬]\d*)*(?:萬|元|M)?"
#: Marks no line starts with, or ends with (the common core of Chinese kinsoku).
_CLOSING = set("，。、：；！？）」』》〉】…·,.:;!?)]%")
_OPENING = set("（「『《〈【([$")
#: Characters that join their neighbours: no-break space, word joiner, narrow no-break space.
_JOINERS = set("\u00a0\u2060\u202f")
#: A line with none of these (ideographs, kana, full-width forms, joiners) breaks only at its
#: spaces, and Rich wraps it exactly so, twice as fast (English, Spanish, Swedish, Korean).
_OWN_WRAP = "[\u2e80-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef\u00a0\u2060\u202f]"


@functools.cache
def _pattern(source: str) -> re.Pattern[str]:
    """Compiled at its first use: the character class of ``_OWN_WRAP`` takes ``re`` about
    7 ms to compile, a part of the table's first frame that an English table never needs
    (issue 20)."""
    return re.compile(source)


def own_wrap(plain: str) -> bool:
    """Whether ``plain`` is wrapped by ``wrap_points`` (else Rich's own wrapping is the
    same). Every character of ``_OWN_WRAP`` is beyond ASCII."""
    return not plain.isascii() and _pattern(_OWN_WRAP).search(plain) is not None


def _hangul(character: str) -> bool:
    return "\uac00" <= character <= "\ud7a3" or "\u1100" <= character <= "\u11ff"


def _breaks_between_ideographs(character: str) -> bool:
    """A Han, kana or full-width character: a line may break before or after it (not
    Hangul, whose words are separated by spaces)."""
    return unicodedata.east_asian_width(character) in "WF" and not _hangul(character)


def wrap_points(plain: str, width: int, keep: Iterable[str] = ()) -> list[int]:
    """Where ``plain`` breaks into lines of at most ``width`` cells: the offsets at which a
    new line starts. ``keep``: words never broken (the players' names), besides the sums."""
    glued = [False] * (len(plain) + 1)  # glued[i]: no break between plain[i-1] and plain[i]
    spans = [m.span() for m in _pattern(_SUM).finditer(plain)]
    for word in keep:
        if word:
            spans += [m.span() for m in re.finditer(re.escape(word), plain)]
    for start, end in spans:
        for i in range(start + 1, end):
            glued[i] = True
    # The places a line may start: after whitespace, or at an ideograph boundary.
    starts: list[int] = []
    for i in range(1, len(plain)):
        before, here = plain[i - 1], plain[i]
        if glued[i] or here.isspace() or before in _JOINERS or here in _JOINERS:
            continue
        if before.isspace():
            starts.append(i)
        elif _breaks_between_ideographs(before) or _breaks_between_ideographs(here):
            if here in _CLOSING or before in _OPENING:
                continue
            if _hangul(before) or _hangul(here):
                continue  # a Korean word with a Chinese name in it: "安의"
            if before.isdigit() or (before == "第" and here.isdigit()):
                continue  # a number with its unit or counter, an ordinal: "6個", "第2格"
            starts.append(i)
    points: list[int] = []
    used = 0  # cells on the line so far
    previous = 0
    for end in [*starts, len(plain)]:
        piece = plain[previous:end]
        if used and used + cell_len(piece.rstrip()) > width:
            points.append(previous)
            used = 0
        while cell_len(piece.rstrip()) > width:  # longer than a line: cut by cells, as Rich
            cut, cells = previous, 0
            while cut < end and cells + cell_len(plain[cut]) <= width:
                cells += cell_len(plain[cut])
                cut += 1
            cut = max(cut, previous + 1)
            points.append(cut)
            previous, piece = cut, plain[cut:end]
        used += cell_len(piece)
        previous = end
    return [p for p in points if 0 < p < len(plain)]


class Wrapped:
    """A line of the log (its markup) or of the deal panel, drawn as ``wrap_points`` breaks
    it at the width it is given."""

    def __init__(self, line: str | Text, keep: Sequence[str] = ()) -> None:
        self.text = Text.from_markup(line) if isinstance(line, str) else line
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
        width = event.size.width
        if width and not self._size_known:
            # Its width is known for the first time: what was written meanwhile is drawn.
            self._size_known = True
            while self._deferred:
                self.write(self._deferred.popleft())
        if width and self._wrapped_at and width != self._wrapped_at:
            self._rewrite()
        if width:
            self._wrapped_at = width

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
            renderable = Text.from_markup(content) if self.markup else Text(content)
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

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        line = self._render_line(scroll_y + y, scroll_x, self.scrollable_content_region.width)
        return line.apply_style(self.rich_style)

    def _render_line(self, y: int, scroll_x: int, width: int) -> Strip:
        if y >= len(self.lines):
            return Strip.blank(width, self.rich_style)
        key = (y + self._start_line, scroll_x, width, self._widest_line_width)
        if key in self._line_cache:
            return self._line_cache[key]
        line = self.lines[y].crop_extend(scroll_x, scroll_x + width, self.rich_style)
        self._line_cache[key] = line
        return line
