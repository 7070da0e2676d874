"""The key labels in the table's language.

Textual reads a binding's description once, when the class is built, and the footer shows it
as it is: the descriptions are written in English (marked with ``N_``) and every node's own
copy of its bindings is re-made with the translated description whenever the language
changes (``translate_bindings``), after which ``refresh_bindings`` redraws the footer.
"""

from __future__ import annotations

import dataclasses

from textual.binding import Binding
from textual.dom import DOMNode

from ..i18n import N_, _

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
