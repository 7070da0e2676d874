"""The join address's QR code on the shared screen (issue 24), black on white.

The colours are the widget's own, not the theme's: a dark theme would invert the code, and
many phone cameras do not read a light-on-dark code. A code is a picture, not words: nothing
in it is translated, and the address it encodes is shown beside it by whoever places it.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.widgets import Static

from ...web.qr import qr_rows

#: Dark modules on a light field, in exact colours (a terminal's "black" may be grey).
CODE_STYLE = Style(color="#000000", bgcolor="#ffffff")


class QrCode(Static):
    """``text`` (an address) as a QR code of half blocks, with its quiet zone."""

    DEFAULT_CSS = """
    QrCode {
        width: auto;
        height: auto;
    }
    """

    def __init__(self, text: str, *, id: str | None = None, classes: str | None = None) -> None:
        self.rows = qr_rows(text)
        super().__init__(self.drawing(), id=id, classes=classes)

    def drawing(self) -> Text:
        """The rows as one text, every cell in the code's colours."""
        return Text("\n".join(self.rows), style=CODE_STYLE, no_wrap=True, end="")

    @staticmethod
    def cells(text: str) -> tuple[int, int]:
        """How many cells ``text``'s code takes: columns, lines (to lay out around it)."""
        rows = qr_rows(text)
        return len(rows[0]), len(rows)
