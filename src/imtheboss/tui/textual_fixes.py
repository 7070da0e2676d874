"""A fix for a Textual bug that crashes the app, until Textual has its own.

PageUp/PageDown on an ``OptionList`` that has no room on screen (the command palette's list
right after Ctrl+P, before it is laid out; the private move list squeezed to no height at
40×12) raise ``KeyError: 0`` in ``OptionList._move_page`` (Textual 8.2.8, the newest on PyPI
here): the list's line cache is only filled for a non-empty content region, and
``_move_page`` reads it unguarded. The fix is applied to ``OptionList`` itself, not to a
subclass of ours, because the command palette's ``CommandList``, ``Select``'s overlay and
``SelectionList`` are Textual's own subclasses. A list with no lines has no page to move by:
the key does nothing, as an arrow key on an empty list does.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.widgets import OptionList

_PATCHED = "_imtheboss_guarded"


def guard_page_moves() -> None:
    move_page: Callable[[OptionList, Any], None] = OptionList._move_page
    if getattr(move_page, _PATCHED, False):
        return

    def _move_page(self: OptionList, direction: Any) -> None:
        if not self.scrollable_content_region or not self._lines:
            return
        move_page(self, direction)

    setattr(_move_page, _PATCHED, True)
    OptionList._move_page = _move_page  # type: ignore[method-assign]
