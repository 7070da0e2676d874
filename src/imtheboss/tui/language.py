"""The table's language, changed in the middle of a game: the key labels, the palette's
commands and the chooser.

The key labels are re-made in the language of the moment by ``translate_bindings``
(``tui.bindings``). The chooser, ``LanguageDialog``, lives with the other screens
(``screens.language``), imported where it is opened, as the other dialogs are: it is never
in the table's first frame, and its class and its ``Label`` were 4 M instructions of it (issue 20).
"""

from __future__ import annotations

from collections.abc import Callable

from textual.app import SystemCommand

from ..i18n import N_, _
from .bindings import translate_bindings as translate_bindings

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
