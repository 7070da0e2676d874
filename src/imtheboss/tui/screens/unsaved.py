"""The quit question when the last moves are not in the save (issue 23, item 5).

"The game is saved" would be a lie with the games folder full, read-only or over its size
limit: quitting then loses the moves the file lacks. So the question says how many are missing
and why, and offers what a table can do about it: free some room and try again, write the game
somewhere else (then ``--resume`` that file), or quit and lose them — the command then exits
non-zero and says so.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label

from ...i18n import N_, _, ngettext
from ..dialog_css import DialogCSS
from ..language import translate_bindings

#: What the table chose: the sentence to quit with (the game is saved, here or elsewhere),
#: ``LOSE`` to quit without the missing moves, or None to go back to the game.
LOSE = "lose"


def somewhere_else(save: Path) -> Path:
    """Where to offer to write the game: the system's temporary folder is seldom on the disk
    that is full, and never read-only."""
    return Path(tempfile.gettempdir()) / "imtheboss" / save.name


class UnsavedQuitDialog(DialogCSS, ModalScreen[str | None]):
    """``missing``: how many moves the save lacks and why, said anew (it changes with a
    retry). ``retry`` saves again (None: saved, else why not); ``write_to`` writes the game in
    another file (the same answer)."""

    BINDINGS = [
        Binding("r", "retry", N_("Try again")),
        Binding("escape", "cancel", N_("Back")),
    ]

    def __init__(
        self,
        missing: Callable[[], tuple[int, str]],
        retry: Callable[[], str | None],
        write_to: Callable[[Path], str | None],
        suggested: Path,
    ) -> None:
        super().__init__()
        self.missing = missing
        self.retry = retry
        self.write_to = write_to
        self.suggested = suggested
        self._answered = False

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self._question(), classes="question", markup=False)  # a path
            yield Label(_("Write the game in this file instead:"), classes="hint", id="where")
            yield Input(str(self.suggested), id="elsewhere")
            # Two rows: four buttons do not fit the width of a dialog at 80 columns.
            with Horizontal(classes="buttons"):
                yield Button(_("Try again (r)"), variant="primary", id="retry")
                yield Button(_("Write it there"), id="write")
            with Horizontal(classes="buttons"):
                yield Button(_("Quit, losing them"), variant="error", id="lose")
                yield Button(_("Back (Esc)"), id="back")

    def _question(self) -> str:
        count, problem = self.missing()
        return ngettext(
            "The last move is not saved: {problem}. Quit now and it is lost.",
            "The last {count} moves are not saved: {problem}. Quit now and they are lost.",
            count,
        ).format(count=count, problem=problem)

    def retranslate(self) -> None:
        self.query_one(".question", Label).update(self._question())
        self.query_one("#where", Label).update(_("Write the game in this file instead:"))
        self.query_one("#retry", Button).label = _("Try again (r)")
        self.query_one("#write", Button).label = _("Write it there")
        self.query_one("#lose", Button).label = _("Quit, losing them")
        self.query_one("#back", Button).label = _("Back (Esc)")

    def on_mount(self) -> None:
        translate_bindings(self)
        self.query_one("#retry", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "retry":
            self.action_retry()
        elif event.button.id == "write":
            self._write()
        elif event.button.id == "lose":
            self._finish(LOSE)
        else:
            self.action_cancel()

    def on_input_submitted(self) -> None:
        self._write()

    def action_retry(self) -> None:
        if self.retry() is None:
            self._finish(_("The game is saved; resume with `imtheboss play --resume`."))
        else:
            self._still_not(None)

    def _write(self) -> None:
        where = Path(self.query_one("#elsewhere", Input).value.strip() or self.suggested)
        where = where.expanduser()
        problem = self.write_to(where)
        if problem is None:
            self._finish(
                _(
                    "The game is saved in {file}; resume with `imtheboss play --resume {file}`."
                ).format(file=where)
            )
        else:
            self._still_not(problem)

    def _still_not(self, elsewhere: str | None) -> None:
        """Say it again, with the reason of the moment (and of the other file, if tried)."""
        text = self._question()
        if elsewhere is not None:
            text += " " + _("Not written there either: {problem}.").format(problem=elsewhere)
        self.query_one(".question", Label).update(text)
        self.notify(_("Still not saved."), severity="error", timeout=3)

    def action_cancel(self) -> None:
        self._finish(None)

    def _finish(self, answer: str | None) -> None:
        # Keys typed fast can reach the dialog twice before it is gone: the first answer stands.
        if self._answered:
            return
        self._answered = True
        self.dismiss(answer)
