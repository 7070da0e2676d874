"""Fixes for three Textual behaviours that crash the app, applied to Textual's own classes
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
3. An ``OptionList`` narrower than its options' padding (the marker or the language dialog in
   a terminal of 10 columns or fewer, the command palette at 6) measures and draws its options
   at a width of 0 or less, and Rich's ``chop_cells`` raises ``ValueError: range() arg 3 must
   not be zero``. Text is wrapped at one cell at least (``Content._wrap_and_format``, where
   every measure and drawing of a text goes): what does not fit is cut, not fatal, and the
   list is whole again once the terminal grows.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.await_complete import AwaitComplete
from textual.content import Content
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


def wrap_in_one_cell_at_least() -> None:
    wrap: Callable[..., Any] = Content._wrap_and_format
    if getattr(wrap, _PATCHED, False):
        return

    def _wrap_and_format(self: Content, width: int, *args: Any, **kwargs: Any) -> Any:
        return wrap(self, max(width, 1), *args, **kwargs)

    setattr(_wrap_and_format, _PATCHED, True)
    Content._wrap_and_format = _wrap_and_format  # type: ignore[method-assign]


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
    wrap_in_one_cell_at_least()
    dismiss_only_from_the_top()
