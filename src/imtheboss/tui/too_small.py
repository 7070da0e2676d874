"""A terminal too small for the table: a message covers everything until it is big enough.

The table is made for 80×24 and needs it: narrower, the players' panel cuts names of six
players to a few letters; lower, a full hand leaves room for one move of the private panel's
list. So below ``MIN_WIDTH``×``MIN_HEIGHT`` nothing of the game is drawn — no board half
shown, no hand (a private panel under the cover gives the keyboard back first) — only the
size to reach, in the table's language. The game waits meanwhile: no key but quitting does
anything, no bot moves, no count runs down. Back at a size that fits, the cover goes and the
table is as it was.
"""

from __future__ import annotations

from typing import TypeVar, cast

from textual import events
from textual.app import ComposeResult
from textual.geometry import Size
from textual.screen import Screen
from textual.widgets import Static

from ..i18n import _
from .crash_safe import CrashSafeApp

ReturnType = TypeVar("ReturnType")

MIN_WIDTH = 80
MIN_HEIGHT = 24

#: The app's actions that still work under the cover: quitting, and nothing else.
ALLOWED_UNDER_COVER = frozenset({"quit", "help_quit"})


class TooSmallScreen(Screen[None]):
    """Opaque (a plain screen, not a modal one): what is under it is not drawn at all."""

    def compose(self) -> ComposeResult:
        yield Static(self._message(), id="too-small")

    def _message(self) -> str:
        width, height = self.app.size
        # One sentence a line: a line of Chinese wraps anywhere, a number included.
        return "\n".join(
            (
                _("The window is too small: make it at least {width}×{height}.").format(
                    width=MIN_WIDTH, height=MIN_HEIGHT
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
        self.call_after_refresh(cast("FitsTheTerminal[object]", self.app).fit_the_terminal)


class FitsTheTerminal(CrashSafeApp[ReturnType]):
    """The cover for an app: pushed when the terminal gets too small, popped when it fits."""

    #: Set once the app has pushed its own first screens (``start_fitting``): a resize that
    #: comes before would put the cover under them.
    _fitting = False

    def start_fitting(self) -> None:
        """From now on the app is covered whenever the terminal is too small (now too)."""
        self._fitting = True
        self.fit_the_terminal()

    def covered(self) -> bool:
        return any(isinstance(s, TooSmallScreen) for s in self.screen_stack)

    def fits(self, size: Size | None = None) -> bool:
        width, height = self.size if size is None else size
        return width >= MIN_WIDTH and height >= MIN_HEIGHT

    def before_cover(self) -> None:
        """What must not stay under the cover (a hand): an app closes it here."""

    def after_uncover(self) -> None:
        """Once the table is laid out at a size that fits again: what was written under the
        cover (a log wraps its lines at the width it had) is written again here."""

    def fit_the_terminal(self, size: Size | None = None) -> None:
        """Cover the app or uncover it for the terminal's size (``size``, else the app's)."""
        if not self._fitting:
            return
        if not self.fits(size):
            if not self.covered():
                self.before_cover()
                self.push_screen(TooSmallScreen())
        elif isinstance(self.screen, TooSmallScreen):
            self.pop_screen()
            self.call_after_refresh(self.after_uncover)

    def on_resize(self, event: events.Resize) -> None:
        # The app's own size is the old one still, while its resize is handled.
        self.fit_the_terminal(event.size)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return action in ALLOWED_UNDER_COVER or not self.covered()
