"""The chooser of the table's language: the five languages, each in its own name."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

from ... import i18n
from ...i18n import N_, _
from ..bindings import translate_bindings
from ..dialog_css import DialogCSS

#: Each language in its own name: whoever reads it, reads it in theirs.
LANGUAGE_NAMES: dict[str, str] = {
    "en": "English",
    "es": "Español",
    "sv": "Svenska",
    "zh": "中文 (繁體)",
    "ko": "한국어",
}


class LanguageDialog(DialogCSS, ModalScreen[str | None]):
    """The five languages, each in its own name; Escape keeps the language as it is."""

    BINDINGS = [Binding("escape", "cancel", N_("Back"))]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(_("Language of the table"))
            yield OptionList(
                *(Option(name, id=code) for code, name in LANGUAGE_NAMES.items()), id="languages"
            )

    def on_mount(self) -> None:
        translate_bindings(self)
        languages = self.query_one("#languages", OptionList)
        languages.highlighted = list(LANGUAGE_NAMES).index(i18n.language())
        languages.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def action_cancel(self) -> None:
        self.dismiss(None)
