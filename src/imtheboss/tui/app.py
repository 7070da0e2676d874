"""The hot-seat table: one screen everyone sees, one keyboard passed around.

The app holds the game session and feeds actions to the engine; widgets render the public view
and screens post the intents of the player at the keyboard. No widget decides a rule: every
move is offered by ``legal_actions`` and judged by ``apply``.
"""

from __future__ import annotations

import secrets
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from textual.app import SystemCommand
from textual.binding import Binding
from textual.screen import Screen

from .. import i18n
from ..engine import actions as A
from ..engine.actions import Action
from ..engine.board import default_board
from ..engine.cards import Card, Colour
from ..engine.errors import IllegalAction
from ..engine.events import (
    Event,
    GameOver,
    Paid,
)
from ..engine.game import apply, check_close, responders
from ..engine.legal import legal_actions
from ..engine.one_step import accepted_by, priced_offers, standing_close, standing_holds
from ..engine.setup import Setup
from ..engine.state import CardRef, GameState, Phase, Price
from ..engine.view import view
from ..gcpolicy import imported, keep_calm, settle
from ..i18n import N_, _
from ..messages import all_of
from ..session import GameSession, data_dir
from ..table_settings import TableSettings
from . import language
from .bot_seats import BotSeats, BotWaits, FarThinker, table_decider
from .clock import BotPace, TableClock
from .labels import game_title, refusal
from .log import TableLog, event_note, has_amounts, noted, said, said_end, said_move
from .markup import escape
from .public_moves import (
    accepted,
    accepts_then_close,
    closes_after,
    judge_after,
    needed_accepts,
    public_actions,
    public_view,
    standing_offers,
)
from .screens.table import TableScreen
from .too_small import FitsTheTerminal
from .widgets.deal import Stands

if TYPE_CHECKING:
    from .screens.private import ActionChosen, Move, MoveQuestion

#: The names the app was the home of before it was split (the settings and the table's screen
#: have rooms of their own now).
__all__ = ["ALT_DIGIT_KEYS", "QUIT_NOTE", "BossApp", "TableScreen", "TableSettings"]

# The dialogs and the other screens are imported where they are first opened: none of them is
# in the table's first frame, and their widgets (text fields, buttons, radio sets) cost the
# start-up a good many milliseconds (issue 10).


def _imported(module: str) -> bool:
    """Whether ``screens.<module>`` has been imported: if not, none of its screens is open."""
    return f"{__package__}.screens.{module}" in sys.modules


def _classes(module: str, *names: str) -> tuple[type, ...]:
    """The named screen classes of ``screens.<module>`` if it has been imported; none if not
    (for ``isinstance`` tests that must not import it)."""
    found = sys.modules.get(f"{__package__}.screens.{module}")
    return () if found is None else tuple(getattr(found, name) for name in names)


#: What Textual reports for Alt+1 … Alt+6 from most terminals: the bytes ESC and a digit are
#: read as the macOS Option characters ¡ ™ £ ¢ ∞ § (which a Mac's Option+digit also types).
#: Only a terminal with the kitty keyboard protocol reports "alt+1".
ALT_DIGIT_KEYS = (
    "inverted_exclamation_mark",
    "trade_mark_sign",
    "pound_sign",
    "cent_sign",
    "infinity",
    "section_sign",
)

#: Said before quitting a game in progress, and again on the terminal after the table is gone.
QUIT_NOTE = N_("The game is saved; resume with `imtheboss play --resume`.")


class TableSeats(Protocol):
    """Seats on devices (``play --seats``: ``seats.hosting.HostedSeats``), as the table sees
    them: given to the app by the command, so that the table never imports the seats."""

    #: The seconds a count waits after it ran out, for a stop on its way from a device.
    GRACE: float

    async def open(self) -> None: ...

    async def close(self) -> None: ...

    def sync(self) -> None:
        """The table changed (or its count did): each device is sent what it may see."""
        ...

    def on_device(self) -> frozenset[int]:
        """The seats a device holds: their hands are never opened at the shared keyboard."""
        ...

    def screen(self) -> Screen[None]:
        """The seats screen of the shared keyboard (``j``)."""
        ...


class BossApp(FitsTheTerminal[None]):
    CSS_PATH = "app.tcss"
    #: Textual's default; on mount and at each change of language, the translated
    #: ``game_title()``.
    TITLE = "I'm the Boss!"
    BINDINGS = [
        # The interrupt keys: priority, so they work under any dialog or while typing. Many
        # terminals keep F-keys for themselves (F1 is their help): Alt+digit always arrives.
        *(
            Binding(
                f"f{seat + 1},alt+{seat + 1},{ALT_DIGIT_KEYS[seat]}",
                f"take_keyboard({seat})",
                f"Seat {seat + 1}",
                show=False,
                priority=True,
            )
            for seat in range(6)
        ),
        Binding("f12,question_mark", "rules", N_("Rules"), priority=True),
        Binding("ctrl+z", "undo", N_("Undo")),
        # Textual's own Ctrl+Q quits at once and out of sight; this one asks, and shows.
        Binding("ctrl+q", "quit", N_("Quit"), priority=True),
    ]

    def __init__(
        self,
        settings: TableSettings,
        session: GameSession | None = None,
        seats: Callable[[BossApp], TableSeats] | None = None,
    ) -> None:
        super().__init__()
        # What the imports built lives as long as the table: the first full collection, in
        # the first frame, no longer walks it (gcpolicy).
        imported()
        self._seats = seats
        self.settings = settings
        self.session = session
        self.clock = TableClock(settings, time.monotonic())
        self.bot_seats = BotSeats({}, 0)
        #: The table shows a bot's count of its wait for an answer.
        self._waits_drawn = False
        self.bot_pace = BotPace(self.clock)
        #: Where the sharks search (a process, started with the first shark seated).
        self._far = FarThinker()
        self.table_log = TableLog()
        #: While the log of a resumed game is rebuilt, it is drawn once at the end.
        self._rebuilding = False
        #: The save problem the table was last told of (None: every move is saved).
        self._told_unsaved: str | None = None
        self._last_save_retry = 0.0
        #: What to say on the terminal once the table is gone (where the game was saved).
        self.farewell: str | None = None
        #: The seats on devices (``--seats``): their server and who holds which.
        self.seats: TableSeats | None = None
        #: The Boss's standing close: the Boss, how many moves were played once the offers
        #: were on the table, and the offers (``_follow_standing``).
        self.standing: tuple[int, int, tuple[A.Offer, ...]] | None = None

    # -- start and end ----------------------------------------------------------------------

    def get_default_screen(self) -> Screen[None]:
        # The table is the app's first screen, not one pushed over Textual's blank one: a
        # screen under the table was laid out and drawn again with every resize, and each
        # time the whole table with it.
        return TableScreen(ready=self._table_up)

    def on_mount(self) -> None:
        self.title = game_title()
        language.translate_bindings(self)

    async def _table_up(self) -> None:
        """The table's widgets are there, not yet laid out: the game goes on them now, so
        that the first frame draws the game (drawing the empty table first cost as much)."""
        if self.session is None and self.settings.names:
            self._begin(self._new_game(self.settings.names))
        elif self.session is not None:
            self._seat_bots(getattr(self.session.setup, "seed", None) or 0)
            self._log_the_game_so_far()
            self._log_line(said("dim", N_("Resumed the saved game.")))
            for skipped in self.session.skipped:
                self._log_line(
                    said("yellow", N_("Passed over a damaged save: {problem}"), problem=skipped)
                )
            self._tell_save_state()
            self.refresh_table()
        else:
            from .screens.names import NamesScreen

            humans = self.settings.players - self.settings.bots
            self.push_screen(NamesScreen(humans), self._start)
        if self._seats is not None:
            self.seats = self._seats(self)
            await self.seats.open()
        self.start_fitting()
        self.set_interval(0.25, self._tick)
        # A moment after the first frame: freeze what start-up built, so that no long garbage
        # collection lands inside a bot's decision or a key press later (gcpolicy).
        self.set_timer(1.0, settle)

    async def on_unmount(self) -> None:
        self._far.close()  # the table is gone: nobody waits for the sharks' answer
        if self.seats is not None:
            await self.seats.close()

    def _start(self, names: tuple[str, ...] | None) -> None:
        if names is None:
            return
        self._begin(self._new_game(names))

    def _new_game(self, names: tuple[str, ...]) -> int:
        """Set up a new game of ``names`` and save it; its seed."""
        # A seed nobody can guess (the time of day could be): it decides every hand.
        seed = self.settings.seed if self.settings.seed is not None else secrets.randbelow(10**12)
        board = default_board()  # new games start on the transcription
        if self.settings.board is not None:
            from ..boardfile import board_from

            board = board_from(self.settings.board)
        humans = tuple(n for n in names if n not in self._bot_kinds())
        bots = {name: self.settings.bot_kind for name in self.settings.bot_names(humans)}
        players = humans + tuple(bots)
        setup = Setup(players=players, seed=seed, options=self.settings.options, board=board)
        self.session = GameSession.new(
            setup, self.settings.save_dir, self.settings.board, bots, self.settings.bot_budget
        )
        return seed

    def _begin(self, seed: int) -> None:
        """The new game's computer players sit down, and the table shows it."""
        self._seat_bots(seed)
        # Never the seed: it would give every hand away (it is shown at the end).
        self._log_line(said("dim", N_("A new game.")))
        self._tell_save_state()
        self.refresh_table()

    def _bot_kinds(self) -> dict[str, str]:
        return {} if self.session is None else self.session.bots

    def _seat_bots(self, seed: int) -> None:
        """Computer players take their seats (from the settings, or from the save file)."""
        assert self.session is not None
        if not self.session.bots:
            self.bot_seats = BotSeats({}, seed, self.settings.ask_around)
            return
        from ..bots import make_bot  # the bots' modules, only for a table that seats one

        chosen = self.settings.bot_budget
        if chosen is not None and chosen != self.session.bot_budget:
            # ``--bot-budget`` given again on ``--resume`` wins over the saved one, and is
            # saved in its place: the sharks stay as strong on the next resume.
            self.session.bot_budget = chosen
            self.session.save()
        state = self.session.state
        bots = {
            state.seat(name): make_bot(kind, seed * 7 + state.seat(name), self.session.bot_budget)
            for name, kind in self.session.bots.items()
        }
        self.bot_seats = BotSeats(bots, seed, self.settings.ask_around, self._far)

    def crash_folder(self) -> Path:
        return self.settings.save_dir or data_dir()

    def crash_note(self) -> str | None:
        if self.session is None or self.session.save_path is None:
            return _("No game had begun.")
        if not self.session.save_path.exists():
            return _("The game could not be saved.")
        return _("The game is saved up to its last move: imtheboss play --resume continues it.")

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        yield language.language_command(self.action_choose_language)
        # A screenshot of a private panel would be a hand in a file: no screenshot command.
        # No "Keys" panel either: it lists Textual's own bindings (Scroll Up, Focus Next, …),
        # which no catalog of ours translates; the footer and the legend (l) show every key.
        for command in super().get_system_commands(screen):
            if command.title not in ("Screenshot", "Keys"):
                yield language.textual_command(command)

    def action_command_palette(self) -> None:
        """Textual's palette, with its prompt in the table's language."""
        from textual.command import CommandPalette

        if self.use_command_palette and not CommandPalette.is_open(self):  # type: ignore[arg-type]
            self.push_screen(
                CommandPalette(placeholder=_("Search for commands…"), id="--command-palette")
            )

    # -- the language -----------------------------------------------------------------------

    def action_choose_language(self) -> None:
        def chosen(code: str | None) -> None:
            if code is not None:
                self.set_language(code)

        from .screens.language import LanguageDialog

        self.push_screen(LanguageDialog(), chosen)

    def set_language(self, code: str) -> None:
        """Everything on screen in ``code`` now, the game and every open screen as they were:
        the texts are made again from what they show, nothing is restarted."""
        from .screens.rules import RulesScreen

        i18n.use(code)
        self.title = game_title()
        # A toast is a word of the moment before, in the language just left: it goes (what
        # it said stays on the table — the log, the subtitle of an unsaved game).
        self.clear_notifications()
        language.translate_bindings(self)
        # The rules are a document per language: the next F12 builds it in this one.
        if self.is_screen_installed("rules") and not any(
            isinstance(s, RulesScreen) for s in self.screen_stack
        ):
            self.uninstall_screen("rules")
        for screen in self.screen_stack:
            language.translate_bindings(screen)
            retranslate = getattr(screen, "retranslate", None)
            if retranslate is not None:
                retranslate()
        table = self._table()
        if table is not None:
            table.retitle(self._told_unsaved is not None)
        self._redraw_log()
        self.refresh_table()
        self.screen.refresh_bindings()

    @property
    def deadline(self) -> float | None:
        """When the open window's count runs out (the clock's; tests move it)."""
        return self.clock.deadline

    @deadline.setter
    def deadline(self, when: float | None) -> None:
        self.clock.deadline = when

    @property
    def bot_waits(self) -> BotWaits:
        return self.clock.bot_waits

    @property
    def state(self) -> GameState:
        assert self.session is not None
        return self.session.state

    # -- rendering --------------------------------------------------------------------------

    def _table(self) -> TableScreen | None:
        for screen in self.screen_stack:
            if isinstance(screen, TableScreen):
                return screen
        return None

    def refresh_table(self) -> None:
        table = self._table()
        if table is None or self.session is None:
            return
        state = self.state
        public = view(state, None)
        now = time.monotonic()
        self.clock.track_window(state, now)
        remaining = self._remaining()
        asking = self._asked_name(state)
        self.clock.update_waits(state, self.bot_seats.bots, now)
        waits = [(q.asker, q.person, left) for q, left in self.bot_waits.shown(now)]
        if state.window is not None:
            waits = []  # paused, and out of the way of the pending play (see _tick)
        self._waits_drawn = bool(waits)
        stands = self._stands()
        table.show(public, frozenset(self.bot_seats.bots), remaining, asking, waits, stands)
        if _imported("private"):
            from .screens.privacy import PrivacyScreen
            from .screens.private import PrivatePanel

            for screen in self.screen_stack:
                if isinstance(screen, PrivatePanel):
                    seat = screen.seat
                    then = accepts_then_close(state, seat)
                    screen.stands = stands
                    screen.show(
                        view(state, seat),
                        legal_actions(state, seat),
                        remaining,
                        then,
                        standing_offers(state, seat),
                    )
                elif isinstance(screen, PrivacyScreen):
                    seat = screen.seat
                    screen.show(
                        public_view(state, seat),
                        public_actions(state, seat),
                        accepts_then_close(state, seat),
                        standing_offers(state, seat),
                    )
        if self.seats is not None:
            self.seats.sync()
        self.refresh_bindings()

    def _remaining(self) -> float | None:
        """The seconds left on the table's count (None: no count, or asking around)."""
        return self.clock.remaining(time.monotonic())

    def _asked_name(self, state: GameState) -> str | None:
        seat = self._asked_seat(state)
        if seat is None:
            return None
        return _("{name} (key {key})").format(name=state.name(seat), key=seat + 1)

    def _log_line(self, render: Callable[[bool], str], amounts: bool = False) -> None:
        """A public log entry, drawn by ``render`` in the language of the moment (given
        whether its amounts are still shown); ``amounts``: it names one (see tui/log.py)."""
        entry = self.table_log.add(render, amounts)
        table = self._table()
        if table is not None and not self._rebuilding:
            table.write(entry.markup)

    def _redraw_log(self) -> None:
        table = self._table()
        if table is None or self._rebuilding:
            return
        table.rewrite(self.table_log.markups())

    def _log_the_game_so_far(self) -> None:
        """The log as it was before the break: each move with what it caused, amounts only
        for the deal on the table (M1). The events are not saved; replaying each recorded
        action on the state before it gives them again (the engine is pure, and a roll is
        recorded with its number)."""
        assert self.session is not None
        session = self.session
        states = [*session.history[1:], session.state] if session.history else []
        self._rebuilding = True
        try:
            for before, action, line, after in zip(
                session.history, session.actions, session.lines, states, strict=True
            ):
                _, events = apply(before, action)
                self._log_events(before, action, line, events, after)
        finally:
            self._rebuilding = False
        self._redraw_log()

    def _log_events(
        self,
        before: GameState,
        action: Action,
        line: str | None,
        events: Iterable[Event],
        state: GameState | None = None,
    ) -> None:
        """The one way a move reaches the log, as it happens and when the log is rebuilt:
        its notation line, then what it caused. ``state``: the state just after it."""
        if self.table_log.table_moves_on(before):
            self._redraw_log()  # a deal is over: its amounts leave the log
        state = self.state if state is None else state
        caused = tuple(events)
        if line:
            self._log_line(
                lambda amounts: escape(said_move(action, before, caused, amounts) or line),
                has_amounts(action),
            )
        for event in caused:
            if isinstance(event, GameOver):
                # What ended it, the money and the winner: public from now on (E3).
                self._log_line(
                    lambda _amounts: "[b]" + escape("\n".join(said_end(before, caused))) + "[/b]"
                )
            elif event_note(state, event):
                self._log_line(noted(state, event), isinstance(event, Paid))

    # -- the autosave -----------------------------------------------------------------------

    def _tell_save_state(self) -> None:
        """Say in the table when saving stops working, and when it works again."""
        problem = None if self.session is None else self.session.save_problem
        if problem == self._told_unsaved:
            return
        self._told_unsaved = problem
        table = self._table()
        if problem is not None:
            self._log_line(
                said(
                    "b red",
                    N_(
                        "⚠ Not saved: {problem}. The game goes on in memory, and every move "
                        "tries to save it again."
                    ),
                    problem=problem,
                )
            )
            self.notify(problem, title=_("Not saved"), severity="error", timeout=8, markup=False)
        else:
            self._log_line(said("green", N_("✓ Saved again: every move so far is in the file.")))
        if table is not None:
            table.retitle(problem is not None)

    def _retry_save(self, now: float) -> None:
        """Between moves too (the last move of a game has no next one), now and then."""
        if self.session is None or self.session.save_problem is None:
            return
        if now - self._last_save_retry < 2.0:
            return
        self._last_save_retry = now
        self.session.save()
        self._tell_save_state()

    # -- the clock of the reaction windows ------------------------------------------------

    def _window_open(self) -> bool:
        return self.session is not None and self.state.window is not None

    def _someone_has_the_keyboard(self) -> bool:
        private = (
            _classes("privacy", "PrivacyScreen")
            + _classes("private", "PrivatePanel")
            + _classes("dialogs", "PriceDialog", "DiscardDialog")
            + _classes("close", "CloseDialog")
        )
        return any(isinstance(s, private) for s in self.screen_stack)

    def _table_in_sight(self) -> bool:
        """The table is on top, nothing over it (a timer can tick as the app closes, with no
        screen left)."""
        stack = self.screen_stack
        return bool(stack) and isinstance(stack[-1], TableScreen) and not self.covered()

    def _tick(self) -> None:
        now = time.monotonic()
        elapsed = self.clock.tick(now)
        self._retry_save(now)
        if not self._table_in_sight():
            # Nobody can see the table — a terminal too small, the rules, the legend, the
            # palette, a question, a hand: the game waits, its count and the bots' waits too.
            # A card nobody could see cannot be stopped, a count nobody could see not heard.
            self.clock.hold_bot_waits(elapsed)
            self.clock.hold_window(elapsed)
            return
        if self._window_open():
            # While a window is open nobody can answer anything but the pending play (ST1,
            # CL2): a bot's wait for an answer pauses too.
            self.clock.hold_bot_waits(elapsed)
        self._bots_move(now)
        if self.session is None or self.deadline is None or self.settings.ask_around:
            if self.bot_waits.shown(now) or self._waits_drawn:
                # The count of a bot waiting for an answer goes down — and once it has run
                # out, the table is drawn once more without it.
                self.refresh_table()
            return
        if now >= self.deadline + (0.0 if self.seats is None else self.seats.GRACE):
            self.deadline = None
            self.play(A.TimeUp())
        else:
            self.refresh_table()

    def _bots_move(self, now: float) -> None:
        """The bots' move once it is due (``BotPace``), else they are asked anew — never
        while a person has the keyboard or anything covers the table."""
        if self.session is None or not self.bot_seats.bots:
            return
        in_sight = self._table_in_sight()
        move = self.bot_pace.due(self.state, now, in_sight)
        if move is not None:
            self.play(move)
            return
        if self.bot_pace.busy or not in_sight:
            return
        state = self.state
        self.clock.update_waits(state, self.bot_seats.bots, now)
        waiting = self.bot_waits.waiting(now)
        self.bot_pace.ask(state, self.bot_seats, self._asked_seat(state), waiting, now)
        self.set_timer(self.settings.bot_pause, self._bots_answer)

    def _bots_answer(self) -> None:
        """The moment the bots' answer is due: played now if it is ready."""
        if self.session is not None:
            move = self.bot_pace.due(self.state, time.monotonic(), self._table_in_sight())
            if move is not None:
                self.play(move)

    def _asked_seat(self, state: GameState) -> int | None:
        if not self.settings.ask_around or state.window is None:
            return None
        waiting = responders(state)
        seat = state.left_of(state.window.player)
        for _turn in range(state.n):
            if seat in waiting:
                return seat
            seat = state.left_of(seat)
        return None

    # -- acting -----------------------------------------------------------------------------

    def play(
        self,
        action: Action,
        private: bool = False,
        refused: Callable[[IllegalAction], None] | None = None,
    ) -> bool:
        """Send an action to the engine; a refusal is shown with its rule ID.

        A refusal of a move made in a private panel is shown only there (its reason can name
        a card), never in the public log; one of a seat on a device goes to ``refused`` (the
        host sends it to that device alone).
        """
        if self.session is None:
            return False
        before = self.state
        try:
            events = self.session.act(action)
        except IllegalAction as exc:
            # markup=False: a reason can name a player, and a name is not markup.
            if refused is not None:
                refused(exc)
            elif private:
                self.notify(
                    refusal(exc), title=_("Not allowed"), severity="error", timeout=3, markup=False
                )
            else:
                error = exc
                self._log_line(
                    said("red", N_("✗ refused: {reason}"), reason=lambda: refusal(error))
                )
                self.notify(refusal(exc), title=_("Not allowed"), severity="warning", markup=False)
            return False
        self._log_events(before, self.session.actions[-1], self.session.lines[-1], events)
        self._tell_save_state()
        keep_calm()
        if self.state.phase is Phase.OVER:
            self._game_over()
        if self.standing is not None and self._follow_standing():
            return True  # the close played refreshed the table
        self.refresh_table()
        return True

    def _stands(self) -> Stands | None:
        """The standing close as the deal box shows it, while it stands: after an undo that
        took its offers back, or any other move, it is off (the next move says so)."""
        if self.standing is None or self.session is None:
            return None
        boss, start, offers = self.standing
        actions = self.session.actions
        since = actions[start:]
        if len(actions) < start or not standing_holds(boss, offers, since):
            return None
        done = accepted_by(since)
        waiting = tuple(o.supplier for o in offers if o.supplier not in done)
        return Stands(boss, waiting, offers[0].price) if waiting else None

    def _follow_standing(self) -> bool:
        """The Boss's standing close after a move: played (by the one ``play``, as the Boss's
        own close, then the last call as ever) once every offer is accepted; off, and said
        so, once anything else was played. True: the close was played."""
        assert self.standing is not None and self.session is not None
        boss, start, offers = self.standing
        since = self.session.actions[start:]
        state = self.state
        if len(self.session.actions) >= start and standing_holds(boss, offers, since):
            if accepted_by(since) != {o.supplier for o in offers}:
                return False  # an acceptance still to come
            close = standing_close(state, boss, offers, since)
            if close is not None:
                self.standing = None
                return self.play(close)
        self._call_standing_off()
        return False

    def _call_standing_off(self) -> None:
        """The Boss's standing close is off, and the table is told."""
        assert self.standing is not None
        name = self.state.name(self.standing[0])
        self.standing = None
        self._log_line(
            said("yellow", N_("{name} no longer closes once the offers are accepted."), name=name)
        )

    def action_table(self, what: str) -> None:
        """The public moves of whoever must decide: marker, deal here, roll, draw."""
        if self.session is None or self._someone_has_the_keyboard():
            return
        state = self.state
        if table_decider(state) in self.bot_seats:
            return  # a person's key never acts for a computer seat: it plays by itself
        if what == "marker":
            if state.phase is Phase.PLACE_MARKER:
                placer = state.right_of(state.turn)

                def placed(space: int | None) -> None:
                    if space is not None:
                        self.play(A.PlaceMarker(player=placer, space=space))

                from .screens.dialogs import SpaceDialog

                self.push_screen(SpaceDialog(view(state, None)), placed)
            return
        seat = state.end_roller if state.phase is Phase.END_ROLL else state.turn
        action: Action
        if what == "deal":
            action = A.StartDeal(player=state.turn)
        elif what == "roll":
            action = A.Roll(player=state.turn if seat is None else seat)
        else:
            action = A.Draw(player=state.turn)
        self.play(action)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Show in the footer only the table keys that do something now (none but quitting
        under the cover of a terminal too small)."""
        if not super().check_action(action, parameters):
            return False
        if action == "seats":
            return self.seats is not None
        if action != "table" or self.session is None:
            return True
        state = self.state
        what = parameters[0] if parameters else ""
        if table_decider(state) in self.bot_seats:
            return False
        if what == "marker":
            return state.phase is Phase.PLACE_MARKER
        seat = state.end_roller if state.phase is Phase.END_ROLL else state.turn
        kinds = {a.kind for a in legal_actions(state, seat or 0)}
        wanted = {"deal": "start_deal", "roll": "roll", "draw": "draw"}[str(what)]
        return wanted in kinds and state.window is None

    # -- the keyboard changes hands ---------------------------------------------------------

    def action_take_keyboard(self, seat: int) -> None:
        """F1–F6, Alt+1–6, or 1–6 at the table. The same screen for everyone, whatever they
        hold or may do."""
        if self.session is None or seat >= self.state.n:
            return
        if seat in self.bot_seats:
            self.notify(
                _("{name} is a computer player: it plays by itself.").format(
                    name=self.state.name(seat)
                ),
                markup=False,
            )
            return
        if self.seats is not None and seat in self.seats.on_device():
            # That hand is on its owner's device: never on the shared screen.
            self.notify(
                _("{name} plays on their own device.").format(name=self.state.name(seat)),
                markup=False,
            )
            return
        done = _classes("score", "ScoreScreen") + _classes("names", "NamesScreen")
        if any(isinstance(s, done) for s in self.screen_stack):
            return  # also under the rules screen: popping down to the table would lose them
        if self._table() is None:
            return  # the app is closing: a key typed after 'q' finds no table
        while not isinstance(self.screen, TableScreen):
            self.pop_screen()
        name = self.state.name(seat)
        from .screens.privacy import PrivacyScreen
        from .screens.private import PrivatePanel

        def confirmed(ok: bool | None) -> None:
            if ok:
                state = self.state
                seen, legal = view(state, seat), legal_actions(state, seat)
                then = accepts_then_close(state, seat)
                standing = standing_offers(state, seat)
                panel = PrivatePanel(seen, legal, self._remaining(), then, standing)
                panel.stands = self._stands()
                self.push_screen(panel)

        state = self.state
        public = (
            public_actions(state, seat),
            accepts_then_close(state, seat),
            standing_offers(state, seat),
        )
        self.push_screen(PrivacyScreen(name, public_view(state, seat), *public), confirmed)

    def on_action_chosen(self, message: ActionChosen) -> None:
        if self.play(message.action, private=True) and not message.keep_open:
            self._give_keyboard_back()

    def on_move_question(self, message: MoveQuestion) -> None:
        from .screens.close import CloseDialog
        from .screens.dialogs import DiscardDialog, PriceDialog

        move, seat, state = message.move, message.seat, self.state
        template = move.template
        if move.ask == "price" and isinstance(template, A.Offer | A.Ask) and state.deal:
            space = state.board.space(state.deal.space)

            def priced(price: Price | None) -> None:
                if price is not None:
                    chosen: Action = template.model_copy(update={"price": price})
                    if self.play(chosen, private=True) and not message.keep_open:
                        self._give_keyboard_back()  # said on the privacy cover

            self.push_screen(
                PriceDialog(move.label.rstrip("…"), state.proceeds, space.dividends), priced
            )
        elif move.ask == "discard" and isinstance(template, A.Discard):
            hand = state.players[seat].hand or ()

            def discarded(cards: tuple[Card, ...] | None) -> None:
                if cards is not None and self.play(A.Discard(player=seat, cards=cards), True):
                    self._give_keyboard_back()

            self.push_screen(DiscardDialog(hand, len(template.cards)), discarded)
        elif move.ask == "close":

            def closing(close: A.Close | None) -> None:
                if close is not None and self.play(close, private=True):
                    self._give_keyboard_back()

            closes = [a for a in legal_actions(state, seat, ("close",)) if isinstance(a, A.Close)]

            def judge(supplies: dict[Colour, CardRef]) -> dict[int, int]:
                return check_close(state, seat, supplies)

            self.push_screen(CloseDialog(view(state, seat), closes, judge), closing)
        elif move.ask == "accept_close":
            self._accept_and_close(seat, move)
        elif move.ask == "standing" and state.deal:
            self._stand(seat, move)

    def _stand(self, seat: int, move: Move) -> None:
        """The Boss's standing close at the shared keyboard: one price named, the offers made
        (``stand``), the keyboard given back."""
        from .screens.dialogs import PriceDialog

        state = self.state
        assert state.deal is not None
        offers = tuple(a for a in move.actions if isinstance(a, A.Offer))

        def priced(price: Price | None) -> None:
            if price is not None and self.stand(seat, priced_offers(offers, price)):
                self._give_keyboard_back()

        space = state.board.space(state.deal.space)
        self.push_screen(
            PriceDialog(move.label.rstrip("…"), state.proceeds, space.dividends), priced
        )

    def stand(
        self,
        seat: int,
        made: tuple[A.Offer, ...],
        refused: Callable[[IllegalAction], None] | None = None,
    ) -> bool:
        """The Boss's standing close, at the keyboard or from a device: the offers made (all
        of them, or none: each is tried on the engine first), and the table told that the
        Boss closes once they are all accepted (``_follow_standing`` plays it). A refusal
        goes to ``refused`` (a device's), else to the Boss's panel. True: the offers stand."""
        if self.session is None:
            return False
        after = self.state
        try:
            for offer in made:
                after = apply(after, offer)[0]
        except IllegalAction as exc:
            if refused is not None:
                refused(exc)
            else:
                self.notify(refusal(exc), title=_("Not allowed"), severity="error", markup=False)
            return False
        if not all(self.play(offer, private=True, refused=refused) for offer in made):
            return False
        self.standing = (seat, len(self.session.actions), made)
        names = [self.state.name(o.supplier) for o in made]
        self._log_line(
            said(
                "bold",
                N_("{name} closes once {names} accept."),
                name=self.state.name(seat),
                names=lambda: i18n.render(all_of(names)),
            )
        )
        self.refresh_table()  # the line is new since the last offer's refresh: to devices too
        return True

    def _accept_and_close(self, seat: int, move: Move) -> None:
        """The Boss closes with cards whose prices are asked: the close's choices are those of
        the deal once every price asked is accepted, and the prices of the cards the close
        uses are accepted just before it (asked as a question when there is no choice);
        nothing is played before the Boss says yes."""
        from .screens.close import CloseDialog

        state = self.state
        asked = tuple(a for a in move.actions if isinstance(a, A.Accept))
        every = accepted(state, asked)
        if every is None:
            return
        closes = closes_after(state, seat, asked)

        def judge(supplies: dict[Colour, CardRef]) -> dict[int, int]:
            return judge_after(state, seat, asked, supplies)

        def closing(close: A.Close | None) -> None:
            if close is None:
                return
            accepts = needed_accepts(self.state, asked, close.supplies)
            if all(self.play(a, private=True) for a in accepts) and self.play(close, True):
                self._give_keyboard_back()

        self.push_screen(CloseDialog(view(every, seat), closes, judge, True), closing)

    def before_cover(self) -> None:
        """A hand is never left under the cover: whoever had the keyboard gives it back (and
        takes it again once the table is back). An open quit question goes too: Ctrl+Q asks
        it again over the cover, where it can be answered."""
        if self._someone_has_the_keyboard():
            self._give_keyboard_back()
        if _imported("dialogs"):
            from .screens.dialogs import ConfirmDialog

            screen = self.screen
            if isinstance(screen, ConfirmDialog) and screen.purpose == "quit":
                self.pop_screen()

    def before_signal_exit(self) -> None:
        """A kill closes the hand as the cover does and saves once more (every move is saved
        already; this one says whether the folder can be written now)."""
        self.before_cover()
        if self.session is not None:
            self.session.save()

    def signal_note(self) -> str | None:
        if self.session is not None and self.session.save_path is not None:
            return _(QUIT_NOTE) if self.session.save_problem is None else None
        return None

    def after_uncover(self) -> None:
        self._redraw_log()  # lines logged under the cover were wrapped at its width

    def _give_keyboard_back(self) -> None:
        table = (TableScreen, *_classes("score", "ScoreScreen"))
        while not isinstance(self.screen, table) and len(self.screen_stack) > 1:
            self.pop_screen()

    # -- help, undo, the end ----------------------------------------------------------------

    def action_rules(self) -> None:
        # Imported here: the Markdown viewer is only needed once someone asks for the rules,
        # and importing it delayed the table's first frame.
        from .screens.rules import RulesScreen

        if any(isinstance(s, RulesScreen) for s in self.screen_stack):
            return
        # The rules are a long document that takes a second or two to lay out: build the
        # screen once, then every F12 shows it at once (and where the reader left it).
        if not self.is_screen_installed("rules"):
            self.install_screen(RulesScreen(), "rules")
        self.push_screen("rules")

    def action_seats(self) -> None:
        """The seats on devices: where to join, who sits where, a seat freed (``j``)."""
        if self.seats is not None and isinstance(self.screen, TableScreen):
            self.push_screen(self.seats.screen())

    def action_legend(self) -> None:
        from .screens.legend import LegendScreen

        if not any(isinstance(s, LegendScreen) for s in self.screen_stack):
            self.push_screen(LegendScreen())

    async def action_quit(self) -> None:
        """Ctrl+Q (and the palette's Quit): a game in progress is saved, and says so first."""
        if self.session is not None and self.session.moves_not_saved():
            self._ask_unsaved_quit()
            return
        if not self._game_in_progress():
            self.exit()
            return
        if _imported("dialogs"):
            from .screens.dialogs import ConfirmDialog

            if any(isinstance(s, ConfirmDialog) and s.purpose == "quit" for s in self.screen_stack):
                return

        saved = self.session is not None and self.session.save_path is not None

        def answered(yes: bool | None) -> None:
            if yes:
                self.exit(message=_(QUIT_NOTE) if saved else None)

        def question() -> str:
            if saved:
                return _("Quit? The game is saved; resume with `imtheboss play --resume`.")
            return _("Quit? This game is not saved: it ends here.")

        from .screens.dialogs import ConfirmDialog

        self.push_screen(ConfirmDialog(question, purpose="quit"), answered)

    def _ask_unsaved_quit(self) -> None:
        """The save lacks the last moves: never "the game is saved" (issue 23, item 5)."""
        from .screens.unsaved import LOSE, UnsavedQuitDialog, somewhere_else

        session = self.session
        if session is None or session.save_path is None:
            return
        if any(isinstance(s, UnsavedQuitDialog) for s in self.screen_stack):
            return

        def missing() -> tuple[int, str]:
            return session.moves_not_saved(), i18n.render(session.save_problem or "")

        def retry() -> str | None:
            session.save()
            self._tell_save_state()
            return session.save_problem

        def answered(answer: str | None) -> None:
            if answer == LOSE:
                self.exit()  # the command says what is lost, and exits non-zero
            elif answer is not None:
                # Printed by the command as it is: a path to copy is never wrapped.
                self.farewell = answer
                self.exit()

        dialog = UnsavedQuitDialog(
            missing, retry, session.save_elsewhere, somewhere_else(session.save_path)
        )
        self.push_screen(dialog, answered)

    def _game_in_progress(self) -> bool:
        return self.session is not None and self.state.phase is not Phase.OVER

    def action_undo(self) -> None:
        if self.session is None or not isinstance(self.screen, TableScreen):
            return
        reason = self.session.undo_blocker()
        if reason is not None:
            self.notify(
                _("No undo: {reason}.").format(reason=i18n.render(reason)),
                severity="warning",
                markup=False,
            )
            return
        session = self.session
        action, before = session.actions[-1], session.history[-1]
        fallback = session.lines[-1]
        caused = apply(before, action)[1]  # the engine is pure: the events once more

        def last(amounts: bool = True) -> str:
            said = said_move(action, before, caused, amounts)
            return said or fallback or _("the last action")

        asked_at = len(self.session.actions)

        def agreed(yes: bool | None) -> None:
            if not yes or self.session is None:
                return
            if len(self.session.actions) != asked_at:
                # The table's count ran out while the question was open: what was asked
                # about is no longer the last action, and a count cannot be undone.
                self.notify(_("No undo: the table has moved on since."), severity="warning")
                return
            self.session.undo()
            # Its price is forgotten with the deal's other prices (M1, issue 23).
            self._log_line(
                lambda amounts: said(
                    "yellow", N_("↶ undone by agreement: {move}"), move=lambda: last(amounts)
                )(amounts),
                has_amounts(action),
            )
            if self.standing is not None:
                self._call_standing_off()  # an undo is another move: said now, not later
            self._tell_save_state()
            self.refresh_table()

        from .screens.dialogs import ConfirmDialog

        self.push_screen(
            ConfirmDialog(
                lambda: _("Undo “{move}”? Only if the whole table agrees.").format(move=last())
            ),
            agreed,
        )

    def _game_over(self) -> None:
        # The last pass of a last call can come from a private panel: the scores go over
        # the table, never over a hand.
        self._give_keyboard_back()

        def chosen(choice: str | None) -> None:
            if choice == "again" and self.session is not None:
                names = self.session.setup.players
                # A fresh seed: the next one must not follow from the one just shown.
                self.settings.seed = None
                self.table_log = TableLog()  # a new game, a new log
                table = self._table()
                if table is not None:
                    table.rewrite(())
                self._start(names)
            else:
                self.exit()

        from .screens.score import ScoreScreen

        seed = getattr(self.session.setup, "seed", None) if self.session else None
        self.push_screen(ScoreScreen(view(self.state, None), seed), chosen)
