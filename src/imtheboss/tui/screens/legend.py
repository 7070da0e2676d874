"""The legend of the table's short codes (key ``l``): the board, the players, the keys.

The board must fit 80 columns, so its spaces are codes (``Y+2:POG 4d``); a first table should
not need the rulebook to read them.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from ...engine.cards import COLOURS
from ...i18n import N_, _
from ..dialog_css import DialogCSS
from ..labels import chip, colour_name
from ..language import translate_bindings
from ..markup import markup_text
from ..widgets.players import KEYS_HINT

#: One block, so a translation can keep its own columns aligned (each line is a row).
_LEGEND = N_(
    """\
[b]The board[/b]
 [b]RBY+2:POG 6d[/b]  needs red, blue and yellow, and 2 of pink,
               orange and green; pays 6 dividends
 [b]2RPG+2BYO[/b]     2 of red, pink and green, and 2 of blue,
               yellow and orange; 2RPG?2BYO: a guessed split
 [b reverse]$5[/]            the dollar marker is on space 5
 [dim]▓▓ #3[/dim]         a deal was done here (deal tile 3)
 [b]next $2M/div.[/b] each dividend of the next deal pays $2M
 [b]then 1–3 ends it[/b]  after that deal a roll of 1, 2 or 3
               ends the game
 [b]the last deal[/b] the game ends after it

[b]The players[/b]
 [b]key[/b]    takes the keyboard: the digit at the table,
        Alt+digit or the F-key anywhere ({keys})
        [dim]bot[/dim]: a computer player
 [b]BOSS[/b]   the Boss of the deal · [b]turn[/b]: whose turn it is
 [b]inv.[/b]   the investors a player owns · ✈ travelling
 [b]money[/b]  the look of the pile (the sum is secret):
        none · thin (under $10M) · stack ($10M–$24M) ·
        pile ($25M–$49M) · heap ($50M and more)

[b]The colours[/b]  """
)


#: Below this many cells beside its tag, an entry's text goes under the tag instead.
MIN_ROOM = 16
#: The indent of an entry's text under its tag, on a terminal too narrow for the column.
NARROW_INDENT = 3


@dataclass(frozen=True)
class Hanging:
    """One line of the legend: ``prefix`` (its tag and the spaces after it, or a continuation's
    indent) then ``pieces``, which wrap under the first piece's start — never under column 0,
    so a wrapped description stays in its column whatever the language's cell widths."""

    prefix: Text
    pieces: tuple[Text, ...]
    #: Between two pieces on one line (the colours: a piece is a chip with its name, kept
    #: whole).
    separator: str = "  "

    def lines(self, console: Console, width: int) -> list[Text]:
        indent = self.prefix.cell_len
        if not self.pieces:
            return [self.prefix.copy()]
        head = self.prefix
        if width - indent < MIN_ROOM and indent > NARROW_INDENT:
            # Too narrow for the column: the tag alone, its text under it.
            tag = self.prefix.copy()
            tag.rstrip()
            out = [tag] if tag.plain.strip() else []
            return out + Hanging(Text(" " * NARROW_INDENT), self.pieces).lines(console, width)
        room = max(width - indent, 1)
        out = []
        for body in self._packed(room):
            for part in body.wrap(console, room, overflow="fold"):
                out.append(head + part)
                head = Text(" " * indent)
        return out

    def _packed(self, room: int) -> list[Text]:
        """The pieces as few lines as ``room`` lets (a piece wider than it is wrapped)."""
        bodies: list[Text] = []
        for piece in self.pieces:
            if bodies and bodies[-1].cell_len + len(self.separator) + piece.cell_len <= room:
                bodies[-1] = bodies[-1] + self.separator + piece
            else:
                bodies.append(piece.copy())
        return bodies


class Legend:
    """The legend as a Rich renderable: its lines wrap at the width of the moment, each under
    its own text (a hanging indent in cells, so Hangul and Han line up)."""

    def __init__(self, lines: list[Hanging]) -> None:
        self.hanging = lines

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for line in self.hanging:
            for text in line.lines(console, options.max_width):
                text.end = "\n"
                yield text

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        widest = max(
            line.prefix.cell_len + sum(p.cell_len + len(line.separator) for p in line.pieces)
            for line in self.hanging
        )
        return Measurement(NARROW_INDENT + MIN_ROOM, min(widest, options.max_width))


def _tag_end(line: Text) -> int:
    """Where the tag of an entry (`` [b]code[/b]  text``) ends: its first styled run."""
    ends = [span.end for span in line.spans if span.start == 1]
    if ends:
        return max(ends)
    space = line.plain.find(" ", 1)
    return len(line.plain) if space < 0 else space


def hanging_lines(block: Text) -> list[Hanging]:
    """The translated block's lines as the translator aligned them, each with the column its
    text wraps under: an entry (one space, its tag, spaces, its text) wraps under its text;
    a continuation (more spaces) is put under its entry's text, measured in cells — a
    translation's spaces cannot know how wide its tag turns out on screen."""
    out = []
    column: int | None = None
    for line in block.split("\n", allow_blank=True):
        plain = line.plain
        leading = len(plain) - len(plain.lstrip(" "))
        if not plain.strip():
            out.append(Hanging(Text(""), ()))
            column = None
        elif leading == 0:
            out.append(Hanging(Text(""), (line,)))
            column = None
        elif leading == 1:
            start = _tag_end(line)
            start += len(plain[start:]) - len(plain[start:].lstrip(" "))
            prefix, body = line.divide([start])[:2] if start < len(plain) else (line, Text())
            column = prefix.cell_len
            out.append(Hanging(prefix, (body,) if body.plain else ()))
        else:
            indent = leading if column is None else column
            out.append(Hanging(Text(" " * indent), (line[leading:],)))
    return out


def legend_text() -> Legend:
    block = markup_text(_(_LEGEND).format(keys=KEYS_HINT))
    lines = hanging_lines(block)
    # The block ends with the colours' heading; the chips follow it, each with its name.
    heading = lines.pop().pieces[0] if lines and lines[-1].pieces else Text("")
    chips = tuple(chip(colour) + Text(f" {colour_name(colour)}") for colour in COLOURS)
    lines.append(Hanging(heading, chips))
    return Legend(lines)


def board_legend() -> Legend:
    """The legend's board part and the colours, for the table of a large terminal (the
    players' part is read once, on the legend screen): the translated block's first
    paragraph, its heading left to the box's title, then the chips with their names."""
    block = markup_text(_(_LEGEND).format(keys=KEYS_HINT))
    lines = hanging_lines(block)
    first = next((i for i, line in enumerate(lines) if not line.pieces and not line.prefix), 0)
    board = lines[1:first]  # without its heading: the box's title says "Legend"
    heading = lines[-1].pieces[0] if lines and lines[-1].pieces else Text("")
    chips = tuple(chip(colour) + Text(f" {colour_name(colour)}") for colour in COLOURS)
    return Legend([*board, Hanging(heading, chips)])


class LegendScreen(DialogCSS, ModalScreen[None]):
    BINDINGS = [Binding("escape,q,l", "close", N_("Back to the table"))]

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog wide"):
            yield Static(legend_text(), id="legend")
        yield Footer()

    def on_mount(self) -> None:
        translate_bindings(self)

    def retranslate(self) -> None:
        self.query_one("#legend", Static).update(legend_text())

    def action_close(self) -> None:
        self.dismiss(None)
