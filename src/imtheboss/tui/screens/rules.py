"""The rules (F12 or ?): docs/rules.md (or docs/rules.<language>.md, in the table's language)
with every rule ID, the rulings and the board note."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import ModalScreen
from textual.widgets import Footer, MarkdownViewer

from ... import i18n
from ...i18n import N_

# The same document as ``imtheboss rules`` and ``imtheboss check --explain``.
from ...rulebook import rules_document


class RulesScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,q,f12,question_mark", "close", N_("Back to the table"))]

    def compose(self) -> ComposeResult:
        yield MarkdownViewer(
            rules_document(i18n.language()), show_table_of_contents=False, id="rules"
        )
        yield Footer()

    def on_mount(self) -> None:
        from ..language import translate_bindings

        translate_bindings(self)

    def retranslate(self) -> None:
        """The rules in the table's new language (the document is built again)."""
        self.call_after_refresh(self.recompose)

    def action_close(self) -> None:
        self.dismiss(None)
