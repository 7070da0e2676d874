"""The rules (F12 or ?): docs/rules.md with every rule ID, the rulings and the board note."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import ModalScreen
from textual.widgets import Footer, MarkdownViewer


def rules_text() -> str:
    """The packaged copy of docs/rules.md, or the repository's when running from a checkout."""
    packaged = resources.files("imtheboss").joinpath("docs/rules.md")
    if packaged.is_file():
        return packaged.read_text(encoding="utf-8")
    checkout = Path(__file__).resolve().parents[4] / "docs" / "rules.md"
    if checkout.is_file():
        return checkout.read_text(encoding="utf-8")
    return "# Rules\n\nThe rules file is missing from this installation."


class RulesScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,q,f12,question_mark", "close", "Back to the table")]

    def compose(self) -> ComposeResult:
        yield MarkdownViewer(rules_text(), show_table_of_contents=False, id="rules")
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)
