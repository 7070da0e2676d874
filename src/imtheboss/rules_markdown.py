"""The rules as a terminal prints them (``imtheboss rules``, ``check --explain``): Rich's
Markdown, with every paragraph, heading and table cell wrapped as the game's text is.

Rich wraps Markdown at spaces only, and its tables cut a cell's word that does not fit with
"…": a Chinese rule, which has no spaces, printed its first line and lost the rest, and a
paragraph broke at the few spaces it had ("Kies &" alone on a line). Here the same elements
hold a ``wrapping.CellText``, which breaks between ideographs (never inside "1億2500萬", a rule
ID or before "，。："), and cuts, never drops, a word longer than its column.
"""

from __future__ import annotations

from typing import ClassVar

from rich.console import JustifyMethod
from rich.markdown import (
    Heading,
    Markdown,
    MarkdownContext,
    MarkdownElement,
    Paragraph,
    TableDataElement,
)

from .wrapping import CellText


class _Paragraph(Paragraph):
    def on_enter(self, context: MarkdownContext) -> None:
        super().on_enter(context)
        self.text = CellText(justify="left")


class _Heading(Heading):
    def on_enter(self, context: MarkdownContext) -> None:
        super().on_enter(context)
        self.text = CellText()  # Rich lays out its copy, and a CellText's copy is one


class _TableData(TableDataElement):
    def __init__(self, justify: JustifyMethod) -> None:
        super().__init__(justify)
        self.content = CellText("", justify=justify)


class RulesMarkdown(Markdown):
    """Markdown whose text wraps by ``wrapping.wrap_points``, at any width, in any language."""

    elements: ClassVar[dict[str, type[MarkdownElement]]] = {
        **Markdown.elements,
        "paragraph_open": _Paragraph,
        "heading_open": _Heading,
        "td_open": _TableData,
        "th_open": _TableData,
    }
