"""Where a line of the game's text may break, in every language: the table's log and deal
panel, and the rules as ``imtheboss rules`` and ``check --explain`` print them.

Rich breaks a line only at whitespace, and cuts a longer "word" anywhere (or, in a table's
cell, cuts it off with "…"): a Chinese sentence has no spaces, so it was one word, cut wherever
the width fell ("出價40" | "0萬"), and a Chinese rule in the rules' tables lost all but its
first line. Here a line breaks at whitespace as Rich does, and in Chinese and Japanese between
two ideographs too, as their typesetting does — but never inside a sum, a number and its
counter or ordinal ("6個", "第2格") or a player's name, never before a closing mark (，。：)
nor after an opening one (（「). Korean separates its words with spaces, so it keeps Rich's
rule; a word longer than the line, in any language, is cut by cells rather than lost.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterable

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, JustifyMethod, OverflowMethod
from rich.containers import Lines
from rich.measure import Measurement
from rich.text import Text

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
    (issue 20); ``_SUM`` 2 M instructions, for the lines that ``own_wrap`` wraps."""
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


def break_starts(plain: str, keep: Iterable[str] = ()) -> list[int]:
    """The offsets at which a line of ``plain`` may start: after whitespace, or at an
    ideograph's boundary that splits no sum, name (``keep``), counter or kinsoku pair."""
    glued = [False] * (len(plain) + 1)  # glued[i]: no break between plain[i-1] and plain[i]
    spans = [m.span() for m in _pattern(_SUM).finditer(plain)]
    for word in keep:
        if word:
            spans += [m.span() for m in re.finditer(re.escape(word), plain)]
    for start, end in spans:
        for i in range(start + 1, end):
            glued[i] = True
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
            if before.isascii() and before.isalpha():
                continue  # a colour's letter with its word, a word with its particle: "G綠"
            starts.append(i)
    return starts


def wrap_points(plain: str, width: int, keep: Iterable[str] = ()) -> list[int]:
    """Where ``plain`` breaks into lines of at most ``width`` cells: the offsets at which a
    new line starts. ``keep``: words never broken (the players' names), besides the sums."""
    points: list[int] = []
    used = 0  # cells on the line so far
    previous = 0
    for end in [*break_starts(plain, keep), len(plain)]:
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


def widest_unbreakable(plain: str, keep: Iterable[str] = ()) -> int:
    """The cells of the longest piece of ``plain`` no line may break: the narrowest a column
    holding it can be without cutting a word, a sum or a name."""
    widest = 0
    for line in plain.split("\n"):
        previous = 0
        for end in [*break_starts(line, keep), len(line)]:
            widest = max(widest, cell_len(line[previous:end].strip()))
            previous = end
    return widest


class CellText(Text):
    """A Rich ``Text`` that wraps where ``wrap_points`` breaks, wherever Rich lays it out —
    a paragraph, a heading, a table's cell — and measures its narrowest by the same breaks
    (Rich's measures a Chinese paragraph, one "word", as wide as all of it)."""

    def wrap(
        self,
        console: Console,
        width: int,
        *,
        justify: JustifyMethod | None = None,
        overflow: OverflowMethod | None = None,
        tab_size: int = 8,
        no_wrap: bool | None = None,
    ) -> Lines:
        if no_wrap or self.no_wrap or overflow == "ignore":
            return super().wrap(
                console,
                width,
                justify=justify,
                overflow=overflow,
                tab_size=tab_size,
                no_wrap=no_wrap,
            )
        wrap_justify: JustifyMethod = justify or self.justify or "default"
        # Nothing is cut off: a piece longer than the line is cut by cells and goes on.
        wrap_overflow: OverflowMethod = "fold"
        lines = Lines()
        for line in self.split(allow_blank=True):
            if "\t" in line:
                line.expand_tabs(tab_size)
            pieces = line.divide(wrap_points(line.plain, width))
            for piece in pieces:
                piece.rstrip_end(width)
            if wrap_justify:
                pieces.justify(console, width, justify=wrap_justify, overflow=wrap_overflow)
            for piece in pieces:
                piece.truncate(width, overflow=wrap_overflow)
            lines.extend(pieces)
        return lines

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        lines = self.plain.splitlines()
        widest = max((cell_len(line) for line in lines), default=0)
        return Measurement(min(widest_unbreakable(self.plain), widest), widest)

    def copy(self) -> CellText:
        copied = CellText(
            self.plain,
            style=self.style,
            justify=self.justify,
            overflow=self.overflow,
            no_wrap=self.no_wrap,
            end=self.end,
            tab_size=self.tab_size,
        )
        copied.spans = list(self.spans)
        return copied
