"""The table's log: a RichLog that wraps its lines again when its width changes, and never
inside a sum or a name.

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

import re
import unicodedata
from collections import deque
from collections.abc import Iterable, Sequence

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.measure import Measurement
from rich.text import Text
from textual import events
from textual.widgets import RichLog

#: A sum as any language writes it ("$12M", "1億2500萬", "+300萬", "0元"): one unit.
_SUM = re.compile(r"[-+]?\$?\d[\d,.]*(?:[億萬]\d*)*(?:萬|元|M)?")
#: Marks no line starts with, or ends with (the common core of Chinese kinsoku).
_CLOSING = set("，。、：；！？）」』》〉】…·,.:;!?)]%")
_OPENING = set("（「『《〈【([$")
#: Characters that join their neighbours: no-break space, word joiner, narrow no-break space.
_JOINERS = set("\u00a0\u2060\u202f")
#: A line with none of these (ideographs, kana, full-width forms, joiners) breaks only at its
#: spaces, and Rich wraps it exactly so, twice as fast (English, Spanish, Swedish, Korean).
_OWN_WRAP = re.compile(
    "[\u2e80-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef\u00a0\u2060\u202f]"
)


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
    spans = [m.span() for m in _SUM.finditer(plain)]
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
        if not _OWN_WRAP.search(self.text.plain):
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
