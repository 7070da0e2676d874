"""The Textual table. It only sends actions to the engine and renders what it returns."""

from . import textual_fixes

textual_fixes.apply()
