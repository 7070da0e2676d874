"""The dialogs' CSS, read when the first dialog (or other screen over the table) opens.

Two thirds of the table's stylesheet styled screens that are never in its first frame, and
Textual parsed it all before that frame (issue 20: some 12 million instructions). Those rules
live in ``screens/dialogs.tcss`` now, added to the app's stylesheet as a source of its own
when a screen that uses them is first registered: as a user stylesheet, like ``app.tcss``
(not as a widget's ``DEFAULT_CSS``, which Textual ranks below its own defaults), and before
the screen's styles are applied, so that it opens styled as before. Textual's own way, a
screen's ``CSS_PATH``, parses every source again and restyles every widget of the app on the
first push; here only the new source is parsed (the others come from the stylesheet's cache)
and no widget already up needs it: its rules name only the dialogs and what is in them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.app import App

#: The dialogs' stylesheet, beside the screens that use it.
PATH = Path(__file__).parent / "screens" / "dialogs.tcss"


def read_dialog_css(app: App[Any]) -> None:
    """The dialogs' rules in ``app``'s stylesheet (once per app)."""
    stylesheet = app.stylesheet
    where = str(PATH)
    if not stylesheet.has_source(where):
        stylesheet.add_source(PATH.read_text(encoding="utf-8"), read_from=(where, ""))


class DialogCSS:
    """Mixed in first by every screen ``dialogs.tcss`` styles: its rules are read as the
    screen is registered, before Textual applies the app's stylesheet to it (the moment
    Textual reads a widget's ``DEFAULT_CSS``)."""

    def _post_register(self, app: App[Any]) -> None:
        read_dialog_css(app)
        super()._post_register(app)  # type: ignore[misc]
