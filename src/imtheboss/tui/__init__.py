"""The Textual table. It only sends actions to the engine and renders what it returns."""

from .textual_fixes import guard_page_moves

guard_page_moves()
