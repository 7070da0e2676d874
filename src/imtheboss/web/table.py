"""``imtheboss web``'s one game: the first page begins it, every later page resumes it.

textual-serve starts a new process for every page, and a new ``imtheboss play`` is a new
game: a reload would deal again. This launcher starts the table as asked the first time,
learns which save that table holds (the save it has locked), and from then on starts
``play --resume`` of that save. Two pages never play it at once: while a table runs, a second
page is told so in a sentence (the save's lock would refuse a second writer anyway; this says
why before a process is started). A reload closes the old page's table first, so a page that
finds a table still running waits a moment for it to have saved and gone.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

from ..i18n import N_, _
from ..saves import in_use, saves_in
from .server import Launch

#: How long a new page waits for the table of a page just closed (a reload) to let go of
#: the save (seconds).
HANDOVER = 6.0


class OneTable:
    """The table of one game for one page at a time."""

    phone = False
    handover = HANDOVER
    title = N_("I'm the Boss!")

    def __init__(
        self, play_words: Sequence[str], save_dir: Path, resume: Path | None = None
    ) -> None:
        #: ``imtheboss play``'s options as given (less ``--resume``), for the first table.
        self.play_words = list(play_words)
        self.save_dir = save_dir
        #: The game's save, once a table has held it.
        self.save = resume
        #: The connection whose table runs (one at a time).
        self.holder: object | None = None
        self._held_before: set[Path] = set()
        self._watch: asyncio.Task[None] | None = None

    def _base(self) -> list[str]:
        from .. import i18n

        return [
            sys.executable,
            "-m",
            "imtheboss.cli",
            "play",
            "--lang",
            i18n.language(),
            "--save-dir",
            str(self.save_dir),
        ]

    def refusal(self, cookies: Mapping[str, str]) -> str | None:
        if self.holder is not None:
            return _(
                "This game is open in another tab or window: play it there, or close it "
                "there and reload this page."
            )
        return None

    def launch(self, cookies: Mapping[str, str]) -> Launch | None:
        if self.save is not None:
            return Launch([*self._base(), "--resume", str(self.save)])
        self._held_before = set(self._held())
        return Launch([*self._base(), *self.play_words])

    def started(self, relay: object) -> None:
        self.holder = relay

    def running(self, process: asyncio.subprocess.Process) -> None:
        if self.save is None:
            self._watch = asyncio.ensure_future(self._learn_save(process))

    def ended(self, relay: object) -> None:
        if self.holder is relay:
            self.holder = None
        if self._watch is not None:
            self._watch.cancel()
            self._watch = None

    def _held(self) -> list[Path]:
        return [path for path in saves_in(self.save_dir / "games") if in_use(path)]

    async def _learn_save(self, process: asyncio.subprocess.Process) -> None:
        """The save the new table locks (once its names are in and the game begins)."""
        while process.returncode is None and self.save is None:
            new = [path for path in self._held() if path not in self._held_before]
            if new:
                self.save = new[0]
                return
            await asyncio.sleep(0.25)
