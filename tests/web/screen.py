"""What a terminal relayed to a browser shows, as text: the few escape sequences a Textual
app writes (cursor moves, erasing; colours and modes are skipped), so that a test can read a
phone's screen as a player would, and find where on it to tap."""

from __future__ import annotations

import codecs
import re

from rich.cells import cell_len

#: A control sequence (CSI), an operating-system command (OSC, ended by BEL or ST), or a
#: two-character escape.
_SEQUENCE = re.compile(
    r"\x1b\[([0-9;?<=>]*)[ -/]*([@-~])|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]"
)
#: A sequence begun and not ended yet: kept for the next chunk.
_OPEN = re.compile(r"\x1b(\[[0-9;?<=>]*[ -/]*|\][^\x07\x1b]*|)$")


class Screen:
    """A grid of ``columns`` × ``rows`` cells fed the bytes a terminal would be."""

    def __init__(self, columns: int, rows: int) -> None:
        self.columns, self.rows = columns, rows
        self.cells = [[" "] * columns for _ in range(rows)]
        self.x = self.y = 0
        self._rest = ""
        self._decoder = codecs.getincrementaldecoder("utf-8")("replace")

    def resize(self, columns: int, rows: int) -> None:
        self.columns, self.rows = columns, rows
        self.cells = [[" "] * columns for _ in range(rows)]
        self.x = self.y = 0

    def feed(self, data: bytes) -> None:
        text = self._rest + self._decoder.decode(data)
        tail = _OPEN.search(text)
        self._rest = ""
        if tail is not None:
            self._rest, text = text[tail.start() :], text[: tail.start()]
        at = 0
        for found in _SEQUENCE.finditer(text):
            self._text(text[at : found.start()])
            at = found.end()
            if found.group(2) is not None:
                self._control(found.group(1), found.group(2))
        self._text(text[at:])

    def _control(self, params: str, final: str) -> None:
        if params.startswith("?"):
            return  # modes: the alternate screen, the mouse, synchronized output
        numbers = [int(p) if p.isdigit() else 0 for p in params.split(";")] if params else []

        def number(index: int, default: int = 1) -> int:
            return numbers[index] if len(numbers) > index and numbers[index] else default

        if final in "Hf":
            self.y, self.x = number(0) - 1, number(1) - 1
        elif final == "A":
            self.y -= number(0)
        elif final == "B":
            self.y += number(0)
        elif final == "C":
            self.x += number(0)
        elif final == "D":
            self.x -= number(0)
        elif final == "G":
            self.x = number(0) - 1
        elif final == "d":
            self.y = number(0) - 1
        elif final == "K" and 0 <= self.y < self.rows:
            row, mode = self.cells[self.y], number(0, 0)
            start, end = {0: (self.x, self.columns), 1: (0, self.x + 1)}.get(
                mode, (0, self.columns)
            )
            for column in range(max(0, start), min(self.columns, end)):
                row[column] = " "
        elif final == "J" and number(0, 0) == 2:
            self.cells = [[" "] * self.columns for _ in range(self.rows)]
        self.x = min(max(self.x, 0), self.columns)
        self.y = min(max(self.y, 0), self.rows - 1)

    def _text(self, text: str) -> None:
        for char in text:
            if char == "\r":
                self.x = 0
            elif char == "\n":
                self.y = min(self.y + 1, self.rows - 1)
            elif char == "\b":
                self.x = max(0, self.x - 1)
            elif char >= " ":
                width = cell_len(char)
                if width == 0:
                    continue
                if self.x + width > self.columns:
                    continue  # a cell past the edge: Textual never wraps
                self.cells[self.y][self.x] = char
                if width == 2 and self.x + 1 < self.columns:
                    self.cells[self.y][self.x + 1] = ""
                self.x += width

    def lines(self) -> list[str]:
        return ["".join(row).rstrip() for row in self.cells]

    def text(self) -> str:
        return "\n".join(self.lines())
