"""``imtheboss replay FILE``: step through a saved game, one line at a time.

Only the table's view is shown — a replay on a shared screen must not show anyone's hand —
and, as in the game's log, a price is shown only while its deal is on the table (tui/log.py).
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer

from .. import i18n
from ..engine import actions as A
from ..engine.state import GameState
from ..engine.view import view
from ..i18n import N_, _
from ..notation.replay import Replay
from .language import language_command, textual_command, translate_bindings
from .log import amounts_forgotten_at, has_amounts, move_line
from .screens.language import LanguageDialog
from .screens.legend import LegendScreen
from .too_small import FitsTheTerminal
from .widgets.board import BoardView
from .widgets.deal import DealView
from .widgets.layout import table_layout
from .widgets.log_view import LogView
from .widgets.players import PlayersView


class ReplayApp(FitsTheTerminal[None]):
    CSS_PATH = "app.tcss"
    TITLE = N_("I'm the Boss! — replay")
    # Priority: the focused log is a scroll view, and takes Home, End and the page keys
    # for itself otherwise.
    BINDINGS = [
        Binding("right,space,n", "step(1)", N_("Next"), priority=True),
        Binding("left,p", "step(-1)", N_("Back"), priority=True),
        Binding("pagedown", "deal(1)", N_("Next deal"), priority=True),
        Binding("pageup", "deal(-1)", N_("Deal before"), priority=True),
        Binding("home", "jump(0)", N_("Start"), priority=True),
        Binding("end", "jump(-1)", N_("End"), priority=True),
        Binding("l", "legend", N_("Legend")),
        Binding("q,escape", "quit", N_("Quit")),
    ]

    def __init__(self, replay: Replay, title: str) -> None:
        super().__init__()
        self.sub_title = title
        legal = [s for s in replay.steps if s.legal]
        self.states: list[GameState] = [replay.start, *(s.after for s in legal)]
        #: Each line as the file has it, and the move with the state it was played in, from
        #: which the line is said in the table's language when shown.
        self.lines: list[str] = [s.line.text for s in legal]
        self.moves = [(s.action, s.before) for s in legal]
        #: The position from which a line is shown without its amounts: the first later line
        #: played with no deal on the table.
        self.forgotten_at: list[int] = [
            at + 1 for at in amounts_forgotten_at([s.before for s in legal])
        ]
        self.position = 0
        #: The positions where a deal has just begun: PageUp and PageDown go from one to the next.
        #: Read from the moves, not from the states: a ``deal`` line right after a last call
        #: that ran out replays the time-up with it, so the state before it still has a deal.
        self.deal_starts = [
            p + 1 for p, step in enumerate(legal) if isinstance(step.action, A.StartDeal)
        ]

    def crash_note(self) -> str | None:
        return _("The replay only reads its file: the file is unchanged.")

    def compose(self) -> ComposeResult:
        yield from table_layout(_("Game"))
        yield Footer()

    def on_mount(self) -> None:
        translate_bindings(self)
        self.title = _(self.TITLE)
        self.show()
        self.start_fitting()

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        yield language_command(self.action_choose_language)
        for command in super().get_system_commands(screen):
            yield textual_command(command)

    def action_choose_language(self) -> None:
        def chosen(code: str | None) -> None:
            if code is None:
                return
            i18n.use(code)
            self.title = _(self.TITLE)
            self.clear_notifications()  # a toast stays in the language it was said in
            translate_bindings(self)
            for screen in self.screen_stack:
                translate_bindings(screen)
                retranslate = getattr(screen, "retranslate", None)
                if retranslate is not None:
                    retranslate()
            self.query_one(LogView).border_title = _("Game")
            self.show()
            self.screen.refresh_bindings()

        self.push_screen(LanguageDialog(), chosen)

    def action_step(self, delta: int) -> None:
        self.position = max(0, min(len(self.states) - 1, self.position + delta))
        self.show()

    def action_jump(self, where: int) -> None:
        self.position = where % len(self.states)
        self.show()

    def action_deal(self, direction: int) -> None:
        """PageDown: to the start of the next deal (or the end); PageUp: to the start of
        this deal, or of the one before when already there (or the start)."""
        starts = self.deal_starts
        if direction > 0:
            later = [p for p in starts if p > self.position]
            self.position = later[0] if later else len(self.states) - 1
        else:
            earlier = [p for p in starts if p < self.position]
            self.position = earlier[-1] if earlier else 0
        self.show()

    def action_legend(self) -> None:
        self.push_screen(LegendScreen())

    def after_uncover(self) -> None:
        self.show()  # the lines shown under the cover were wrapped at its width

    def show(self) -> None:
        state = self.states[self.position]
        public = view(state, None)
        self.query_one(BoardView).show(public)
        # At the end of the game the money is public (the view says so): the sums, not piles.
        money = None if public.final_money is None else list(public.final_money)
        self.query_one(PlayersView).show(public, keys=False, money=money)
        self.query_one(DealView).show(public, None, None, keys=False)
        log = self.query_one(LogView)
        log.border_subtitle = _("line {position} of {count}").format(
            position=self.position, count=len(self.lines)
        )
        shown: list[Text] = []
        first = max(0, self.position - 40)
        for number in range(first + 1, self.position + 1):
            line = self.lines[number - 1]
            action, before = self.moves[number - 1]
            if action is not None:
                amounts = not (
                    has_amounts(action) and self.forgotten_at[number - 1] <= self.position
                )
                line = move_line(action, before, amounts) or line
            style = "bold reverse" if number == self.position else ""
            shown.append(Text(line, style=style))
        log.show_lines(shown)
