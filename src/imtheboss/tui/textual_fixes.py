"""Fixes for two Textual behaviours that crash the app, applied to Textual's own classes
because its own subclasses (the command palette's ``CommandList``, ``Select``'s overlay,
``SelectionList``, the palette screen) have them too.

1. PageUp/PageDown on an ``OptionList`` that has no room on screen (the command palette's list
   right after Ctrl+P, before it is laid out; the private move list squeezed to no height at
   40×12) raise ``KeyError: 0`` in ``OptionList._move_page`` (Textual 8.2.8, the newest on
   PyPI here): the line cache is only filled for a non-empty content region, and
   ``_move_page`` reads it unguarded. A list with no lines has no page to move by: the key
   does nothing, as an arrow key on an empty list does.
2. ``Screen.dismiss`` pops whatever screen is on top (Textual issue #2575). Two Enters typed
   fast both reach a dialog's input before it closes: the second dismissal closed the screen
   under the dialog, and then the last one (``ScreenStackError``). A screen that is no longer
   on top has already been closed, or waits under another: it may not close anything.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.await_complete import AwaitComplete
from textual.screen import Screen
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


def dismiss_only_from_the_top() -> None:
    dismiss: Callable[..., AwaitComplete] = Screen.dismiss
    if getattr(dismiss, _PATCHED, False):
        return

    def _dismiss(self: Screen[Any], result: Any = None) -> AwaitComplete:
        if not self.is_active:
            done: AwaitComplete = AwaitComplete.nothing()  # type: ignore[no-untyped-call]
            return done
        return dismiss(self, result)

    setattr(_dismiss, _PATCHED, True)
    Screen.dismiss = _dismiss  # type: ignore[method-assign]


def apply() -> None:
    guard_page_moves()
    dismiss_only_from_the_top()
