"""The table's language, changed in the middle of a game: the key labels and the chooser.

Textual reads a binding's description once, when the class is built, and the footer shows it
as it is: the descriptions are written in English (marked with ``N_``) and every node's own
copy of its bindings is re-made with the translated description whenever the language
changes (``translate_bindings``), after which ``refresh_bindings`` redraws the footer.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding
from textual.containers import Vertical
from textual.dom import DOMNode
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

from .. import i18n
from ..i18n import N_, _
from .dialog_css import DialogCSS

#: Each language in its own name: whoever reads it, reads it in theirs.
LANGUAGE_NAMES: dict[str, str] = {
    "en": "English",
    "es": "Español",
    "sv": "Svenska",
    "zh": "中文 (繁體)",
    "ko": "한국어",
}

#: Descriptions of bindings Textual adds itself (not in any of our BINDINGS).
_TEXTUAL_DESCRIPTIONS: dict[str, str] = {
    "command_palette": N_("palette"),
}


def _english(node: DOMNode) -> dict[tuple[str, str], str]:
    """The English description of each (key, action) of ``node``'s class and its bases."""
    out: dict[tuple[str, str], str] = {}
    for cls in reversed(type(node).__mro__):
        for binding in Binding.make_bindings(getattr(cls, "BINDINGS", None) or ()):
            out[(binding.key, binding.action)] = binding.description
    return out


def translate_bindings(node: DOMNode) -> None:
    """Re-make ``node``'s bindings with their descriptions in the current language."""
    english = _english(node)
    bindings = node._bindings.key_to_bindings
    for key, group in bindings.items():
        new = []
        for binding in group:
            source = english.get((key, binding.action))
            if source is None:
                source = _TEXTUAL_DESCRIPTIONS.get(binding.action)
            if source:
                binding = dataclasses.replace(binding, description=_(source))
            new.append(binding)
        bindings[key] = new


#: Textual's own palette commands, in words the table can translate.
_TEXTUAL_COMMANDS = {
    "Theme": N_("Theme"),
    "Quit": N_("Quit"),
    "Maximize": N_("Maximize"),
    "Minimize": N_("Minimize"),
}
#: Their help lines, as Textual 8.2.8 writes them (the English table reads as Textual's own).
_TEXTUAL_HELP = (
    N_("Change the current theme"),
    N_("Quit the application as soon as possible"),
    N_("Minimize the widget and restore to normal size"),
    N_("Maximize the focused widget"),
)


def textual_command(command: SystemCommand) -> SystemCommand:
    """A command of Textual's own, its title and help in the table's language."""
    title = _TEXTUAL_COMMANDS.get(command.title)
    if title is None:
        return command
    help_text = _(command.help) if command.help in _TEXTUAL_HELP else command.help
    return SystemCommand(_(title), help_text, command.callback, command.discover)


def language_command(choose: Callable[[], None]) -> SystemCommand:
    """The palette's "Language…": ``choose`` opens the LanguageDialog."""
    return SystemCommand(
        _("Language…"),
        _("Choose the language of the table: English, Español, Svenska, 中文, 한국어"),
        choose,
    )


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
