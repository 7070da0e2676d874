"""The cover of a terminal too small for the table, which ``tui.too_small`` pushes (and
imports) when the terminal is first too small: no key but quitting works under it, and it
says the size to reach in the table's language."""

from __future__ import annotations

from typing import Protocol, cast

from textual import events
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Static

from ...i18n import _


class _Fitting(Protocol):
    """The app under the cover (``too_small.FitsTheTerminal``), which uncovers the table once
    the terminal fits."""

    def fit_the_terminal(self) -> None: ...


class TooSmallScreen(Screen[None]):
    """Opaque (a plain screen, not a modal one): what is under it is not drawn at all.
    ``width`` × ``height``: the size to reach."""

    def __init__(self, width: int, height: int) -> None:
        super().__init__()
        self.needed = (width, height)

    def compose(self) -> ComposeResult:
        yield Static(self._message(), id="too-small")

    def _message(self) -> str:
        width, height = self.app.size
        # One sentence a line: a line of Chinese wraps anywhere, a number included.
        return "\n".join(
            (
                _("The window is too small: make it at least {width}×{height}.").format(
                    width=self.needed[0], height=self.needed[1]
                ),
                _("It is {width}×{height} now.").format(width=width, height=height),
                "",
                _("The game waits. Ctrl+Q quits."),
            )
        )

    def retranslate(self) -> None:
        self.query_one("#too-small", Static).update(self._message())

    def on_resize(self, event: events.Resize) -> None:
        self.retranslate()  # the app's own resize handler uncovers the table once it fits

    def on_screen_resume(self) -> None:
        # A dialog opened over the cover (the quit question) has closed: the terminal may
        # have grown meanwhile.
        self.call_after_refresh(cast(_Fitting, self.app).fit_the_terminal)
