"""The Textual table. It only sends actions to the engine and renders what it returns."""

from ..gcpolicy import starting

starting()  # fewer young collections until the table is up (gcpolicy)

from . import textual_fixes  # noqa: E402

textual_fixes.apply()
