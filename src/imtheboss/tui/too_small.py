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

import sys
from typing import TypeVar

from textual import events
from textual.geometry import Size
from textual.screen import Screen

from .crash_safe import CrashSafeApp

ReturnType = TypeVar("ReturnType")

MIN_WIDTH = 80
MIN_HEIGHT = 24

#: The app's actions that still work under the cover: quitting, and nothing else.
ALLOWED_UNDER_COVER = frozenset({"quit", "help_quit"})


def _cover() -> type[Screen[None]] | None:
    """The cover's class, ``screens.too_small.TooSmallScreen``, if it has been imported; if
    not, no cover was ever pushed. It is imported when the terminal is first too small: a
    Textual screen class costs some 2.5 M instructions to define, and the table's first
    frame fits its terminal (issue 20)."""
    found = sys.modules.get(f"{__package__}.screens.too_small")
    return None if found is None else found.TooSmallScreen


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
        cover = _cover()
        return cover is not None and any(isinstance(s, cover) for s in self.screen_stack)

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
                from .screens.too_small import TooSmallScreen

                self.before_cover()
                self.push_screen(TooSmallScreen(MIN_WIDTH, MIN_HEIGHT))
        elif (cover := _cover()) is not None and isinstance(self.screen, cover):
            self.pop_screen()
            self.call_after_refresh(self.after_uncover)

    def on_resize(self, event: events.Resize) -> None:
        # The app's own size is the old one still, while its resize is handled.
        self.fit_the_terminal(event.size)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return action in ALLOWED_UNDER_COVER or not self.covered()
