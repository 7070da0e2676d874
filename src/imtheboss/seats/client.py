"""``imtheboss join ADDRESS``: one seat of a table on another terminal or device.

The app is drawn from the host's snapshots alone: that seat's ``PlayerView``, its legal
actions, the host's count and the public log. It never holds the game's state, so nothing in
it can show another hand, the draw pile, others' exact money or the seed. Its panel is the
table's private panel (fed a view and legal actions, as at the shared keyboard); its moves go
to the host as intents, and the host's one ``apply`` judges them.

The seat's secret is kept on this device (``devices.json`` in the data folder, readable by
its owner only): a device that slept, lost the network, or whose host restarted comes back
to its seat by itself.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast
from urllib.parse import urlsplit

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import Footer, Label, OptionList, Static
from textual.widgets.option_list import Option

from ..engine import actions as A
from ..engine.actions import Action
from ..engine.board import Tile
from ..engine.cards import Card, Colour
from ..engine.closes import check_close
from ..engine.one_step import priced_offers
from ..engine.state import CardRef, GameState, Price
from ..engine.view import PlayerView
from ..i18n import N_, _, language
from ..saves import data_dir
from ..tui.crash_safe import CrashSafeApp
from ..tui.language import translate_bindings
from ..tui.screens.private import ActionChosen, MoveQuestion, PrivatePanel, asked_twice
from ..tui.widgets.log_view import LogView
from .protocol import (
    MAX_TO_SEAT,
    Claim,
    Intent,
    Language,
    ProtocolError,
    Refused,
    Rejoin,
    SeatInfo,
    Seats,
    Snapshot,
    Stand,
    Welcome,
    read_to_seat,
    write,
)

if TYPE_CHECKING:
    from aiohttp import ClientWebSocketResponse

#: What a refusal of the host says on the device (``illegal`` adds the engine's reason).
REFUSALS = {
    "malformed": N_("The host could not read that message."),
    "too_big": N_("That message was too long for the host."),
    "not_seated": N_("Choose a seat first."),
    "seat_taken": N_("That seat is taken: choose another."),
    "one_seat": N_("This device already holds a seat: a device holds one seat."),
    "no_such_seat": N_("There is no such seat at this table."),
    "bad_secret": N_("This device no longer holds that seat: choose one again."),
    "stale": N_("The table moved on before your move arrived: look again."),
    "illegal": N_("Not allowed."),
    "moved": N_("Your seat was moved to another device at the shared keyboard."),
    "full": N_("The table has no room for another device."),
    "no_game": N_("The game has not begun yet: wait for the table."),
}

#: The longest wait between two tries to reach the host again.
MAX_BACKOFF = 4.0


class BadAddress(ValueError):
    """An address ``join`` cannot connect to."""


def ws_url(address: str) -> str:
    """The websocket URL of ``address`` (``HOST:PORT``, ``ws://HOST:PORT/``)."""
    text = address.strip()
    if "://" not in text:
        text = "ws://" + text
    parts = urlsplit(text)
    if parts.scheme not in ("ws", "http") or not parts.hostname:
        raise BadAddress(_("an address like 127.0.0.1:8765, not {address}").format(address=address))
    try:
        port = parts.port
    except ValueError:
        port = None
    if port is None:
        raise BadAddress(_("an address like 127.0.0.1:8765, not {address}").format(address=address))
    host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
    return f"ws://{host}:{port}/"


class DeviceKeys:
    """The secrets of the seats this device holds, by table address."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def _read(self) -> dict[str, Any]:
        try:
            data = json.loads(self.path.read_text("utf-8"))
        except (OSError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}

    def get(self, url: str) -> tuple[int, str] | None:
        found = self._read().get(url)
        if isinstance(found, dict):
            seat, secret = found.get("seat"), found.get("secret")
            if isinstance(seat, int) and isinstance(secret, str):
                return seat, secret
        return None

    def put(self, url: str, seat: int, secret: str) -> None:
        data = self._read()
        data[url] = {"seat": seat, "secret": secret}
        self._write(data)

    def forget(self, url: str) -> None:
        data = self._read()
        if data.pop(url, None) is not None:
            self._write(data)

    def _write(self, data: dict[str, Any]) -> None:
        with contextlib.suppress(OSError):  # not kept: the seat is chosen again next time
            self.path.parent.mkdir(parents=True, exist_ok=True)
            temp = self.path.with_name(self.path.name + ".tmp")
            fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                json.dump(data, out)
            os.replace(temp, self.path)


class _PublicTable:
    """What ``check_close`` reads of the table (the board, the deal, the owners, the next
    tile, the proceeds: all public, CL3), from the seat's view: the close dialog shows the
    payments before the Boss sends the close, as at the shared keyboard."""

    def __init__(self, seen: PlayerView) -> None:
        self._seen = seen

    def __getattr__(self, name: str) -> Any:
        return getattr(self._seen, name)

    @property
    def next_tile(self) -> Tile | None:
        seen = self._seen
        return seen.board.tiles[seen.stack[0] - 1] if seen.stack else None


class SeatPanel(PrivatePanel, inherit_bindings=False):
    """The private panel on the seat's own device: it stays (there is no keyboard to give
    back: no Escape), with the public log under the deal; the count is the host's."""

    BINDINGS = [Binding("ctrl+q", "app.quit", N_("Quit"))]
    #: A phone is 43 columns wide: the hand and the moves above the deal and the log there.
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (70, "-wide")]
    #: The host's clock runs on: looking at a hand on a device pauses nothing (issue 24).
    COUNT_NOTE = N_("(the table's count: it does not wait for you)")

    def show(
        self,
        seen: PlayerView,
        legal: Sequence[Action],
        remaining: float | None = None,
        then_close: Sequence[A.Accept] = (),
        standing: Sequence[Sequence[A.Offer]] = (),
    ) -> None:
        super().show(seen, legal, remaining, then_close, standing)
        menu = self.query_one("#moves", OptionList)
        if self.moves and self.moves[0].ask == "give_back" and menu.option_count:
            # Its first line gives the keyboard back at the table; here there is none to give:
            # it stays (Enter typed ahead lands on it, and plays nothing) and says so.
            menu.replace_option_prompt_at_index(0, Text(_("Your moves (Enter here: none)")))

    def on_mount(self) -> None:
        self.query_one("#private-side").mount(
            LogView(id="seat-log", wrap=True, markup=True, max_lines=200, min_width=20)
        )
        super().on_mount()

    class Redraw(Message):
        """Draw the app's latest snapshot (``log``: its log too). The app never draws on the
        panel itself: its timer and its connection run in tasks of their own, and Textual
        takes a screen down while it is still on the stack (its widgets first), so a tick or
        a snapshot could find the panel without its widgets. A message is handled in the
        panel's own loop, which ends before its widgets go, and once it ends none is taken:
        a panel being taken down, or not yet up, is never drawn on."""

        def __init__(self, draw: Callable[[SeatPanel, bool], None], log: bool) -> None:
            super().__init__()
            self.draw, self.log = draw, log

        def can_replace(self, message: Message) -> bool:
            # Redraws waiting in the queue are one: the latest snapshot is what is drawn.
            return isinstance(message, SeatPanel.Redraw) and (message.log or not self.log)

    def on_seat_panel_redraw(self, message: Redraw) -> None:
        message.draw(self, message.log)

    def action_give_back(self) -> None:
        """Nothing to give back: the hand is on its owner's device."""

    def show_log(self, lines: tuple[str, ...]) -> None:
        self.query_one("#seat-log", LogView).show_lines(lines)


class ChooseSeat(ModalScreen[int | None]):
    """The seats of the table: a free one is chosen; the others say who holds them."""

    DEFAULT_CSS = """
    ChooseSeat { background: $background; }
    #choose-title { padding: 1 1 0 1; }
    """

    def __init__(self, seats: tuple[SeatInfo, ...]) -> None:
        super().__init__()
        self.seats = seats

    def compose(self) -> ComposeResult:
        yield Label(_("Choose your seat:"), id="choose-title")
        menu = OptionList(id="choose-seats")
        for info in self.seats:
            if info.bot:
                said = _("{number}. {name} (a computer player)")
            elif info.claimed:
                said = _("{number}. {name} (on another device)")
            else:
                said = _("{number}. {name}")
            text = said.format(number=info.seat + 1, name=info.name)
            menu.add_option(
                Option(Text(text), id=str(info.seat), disabled=info.claimed or info.bot)
            )
        free = [i for i, info in enumerate(self.seats) if not (info.claimed or info.bot)]
        if free:
            menu.highlighted = free[0]
        yield menu
        yield Footer()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(int(event.option.id or 0))


class SeatApp(CrashSafeApp[None]):
    """One seat, drawn from the host's snapshots."""

    CSS_PATH = "../tui/app.tcss"
    #: The seat panel at a phone's 43 columns: the hand and the moves, then the deal and the
    #: log under them, the whole scrolled (the app's own CSS: it outranks the table's file).
    CSS = """
    SeatPanel.-narrow #private-body { layout: vertical; overflow-y: auto; }
    SeatPanel.-narrow #private { width: 1fr; height: auto; }
    SeatPanel.-narrow #moves { height: auto; max-height: 12; }
    SeatPanel.-narrow #private-side { width: 1fr; max-width: 100%; height: auto; }
    SeatPanel.-narrow #private-deal { height: auto; }
    SeatPanel.-narrow #seat-log { height: 10; }
    """
    TITLE = "I'm the Boss!"
    BINDINGS = [Binding("ctrl+q", "quit", N_("Quit"), priority=True)]

    def __init__(self, url: str, wanted: int | None, keys: DeviceKeys) -> None:
        super().__init__()
        self.url = url
        self.wanted = wanted
        self.keys = keys
        self.socket: ClientWebSocketResponse | None = None
        self.snapshot: Snapshot | None = None
        self._received_at = 0.0
        self.seat: int | None = None
        self._sending: set[asyncio.Task[None]] = set()
        self._choosing = False
        #: The version our last intent was made on, while its answer is on its way; the moves
        #: chosen meanwhile (a family card laid, then its price asked) follow it, each on
        #: the version the one before it made (a tuple of offers: a standing close).
        self._answering: int | None = None
        self._queued: list[Action | tuple[A.Offer, ...]] = []

    def compose(self) -> ComposeResult:
        yield Static(id="seat-status")
        yield Footer()

    async def on_mount(self) -> None:
        translate_bindings(self)
        self._status(_("Connecting to {address}…").format(address=self.url))
        self.run_worker(self._stay_connected(), exclusive=True)
        self.set_interval(0.25, self._tick)

    def crash_folder(self) -> Path:
        return data_dir()

    def crash_note(self) -> str | None:
        return _("Nothing of the game is kept here: join again to go on.")

    # -- the connection ------------------------------------------------------------------------

    async def _stay_connected(self) -> None:
        """Connect, and connect again whenever the host is lost (a sleep, a network gone, a
        host restarted), until the app is closed."""
        from aiohttp import ClientError, ClientSession, WSMsgType

        backoff = 0.25
        while True:
            try:
                async with (
                    ClientSession() as http,
                    http.ws_connect(self.url, max_msg_size=MAX_TO_SEAT, heartbeat=5.0) as socket,
                ):
                    self.socket = socket
                    backoff = 0.25
                    self._status(_("Connected to {address}.").format(address=self.url))
                    kept = self.keys.get(self.url)
                    if kept is not None:
                        await socket.send_str(
                            write(Rejoin(seat=kept[0], secret=kept[1], lang=self.lang()))
                        )
                    async for message in socket:
                        if message.type is WSMsgType.TEXT:
                            self._received(message.data)
                        elif message.type is not WSMsgType.BINARY:
                            break
            except (TimeoutError, ClientError, OSError):
                pass
            self.socket = None
            self._answering, self._queued = None, []  # lost with the connection
            self._status(
                _("Offline: trying to reach the table at {address}…").format(address=self.url)
            )
            await asyncio.sleep(backoff)
            backoff = min(MAX_BACKOFF, backoff * 2)

    @staticmethod
    def lang() -> Language:
        """The language this device reads (``join --lang``, else its environment's): the
        host words this seat's refusals and log in it, whatever the table's is."""
        return cast(Language, language())

    def _send(self, text: str) -> bool:
        socket = self.socket
        if socket is None or socket.closed:
            self.notify(_("Offline: the move was not sent."), severity="error", markup=False)
            return False
        task = asyncio.get_running_loop().create_task(socket.send_str(text))
        self._sending.add(task)
        task.add_done_callback(self._sending.discard)
        return True

    def _received(self, raw: str) -> None:
        try:
            message = read_to_seat(raw)
        except ProtocolError:
            return  # not the host's schema: nothing of it is shown
        if isinstance(message, Seats):
            self._seats(message.seats)
        elif isinstance(message, Welcome):
            self.keys.put(self.url, message.seat, message.secret)
            self.seat = message.seat
        elif isinstance(message, Snapshot):
            self._snapshot(message)
        else:
            self._refused(message)

    def _seats(self, seats: tuple[SeatInfo, ...]) -> None:
        if self.seat is not None or self.keys.get(self.url) is not None:
            return  # seated, or coming back to its seat (the host answers the rejoin)
        if self.wanted is not None:
            wanted, self.wanted = self.wanted, None
            self._send(write(Claim(seat=wanted, lang=self.lang())))
            return
        if not seats:
            self._status(str(_(REFUSALS["no_game"])))
            return
        if self._choosing:
            self.pop_screen()

        def chosen(seat: int | None) -> None:
            self._choosing = False
            if seat is not None:
                self._send(write(Claim(seat=seat, lang=self.lang())))

        self._choosing = True
        self.push_screen(ChooseSeat(seats), chosen)

    def _snapshot(self, snapshot: Snapshot) -> None:
        self.snapshot, self._received_at = snapshot, time.monotonic()
        if self._answering is not None and snapshot.version != self._answering:
            self._answering = None
            if self._queued:
                self._intent(self._queued.pop(0))
        self.seat = snapshot.seat
        panel = self._panel()
        if panel is None:
            while self._choosing or isinstance(self.screen, ModalScreen):
                self._choosing = False
                self.pop_screen()
            panel = SeatPanel(
                snapshot.view,
                snapshot.legal,
                snapshot.remaining,
                _then(snapshot),
                snapshot.standing,
            )
            self.push_screen(panel)
        # Drawn once the panel is up, from the snapshot of that moment: one that came
        # before it was mounted is not left on screen for a later one.
        panel.post_message(SeatPanel.Redraw(self._draw, log=True))

    def _draw(self, panel: SeatPanel, log: bool) -> None:
        """The latest snapshot on ``panel`` (called in the panel's own loop: ``Redraw``)."""
        snapshot = self.snapshot
        if snapshot is None or snapshot.seat != panel.seat:
            return  # the seat was lost (its panel goes), or another one taken
        remaining = self._remaining()
        panel.show(snapshot.view, snapshot.legal, remaining, _then(snapshot), snapshot.standing)
        if log:
            panel.show_log(snapshot.log)

    def _refused(self, refused: Refused) -> None:
        self._answering, self._queued = None, []  # what followed a refused move goes too
        said = _(REFUSALS[refused.code])
        if refused.reason:
            said = f"{said} {refused.reason}"
        self.notify(said, title=_("Not allowed"), severity="warning", timeout=4, markup=False)
        if refused.code in ("bad_secret", "moved"):
            self.keys.forget(self.url)
            self.seat, self.snapshot = None, None
            while isinstance(self.screen, SeatPanel | ModalScreen):
                self.pop_screen()
            if self.socket is not None:
                self._send_later_reconnect()

    def _send_later_reconnect(self) -> None:
        """Lost the seat: connect again to be shown the seats (the host sends them first)."""
        socket = self.socket
        if socket is not None:
            asyncio.get_running_loop().create_task(socket.close())

    # -- the panel -----------------------------------------------------------------------------

    def _panel(self) -> SeatPanel | None:
        for screen in self.screen_stack:
            if isinstance(screen, SeatPanel):
                return screen
        return None

    def _remaining(self) -> float | None:
        snapshot = self.snapshot
        if snapshot is None or snapshot.remaining is None:
            return None
        return max(0.0, snapshot.remaining - (time.monotonic() - self._received_at))

    def _tick(self) -> None:
        """The host's count goes down on the panel (``Redraw``: never drawn on from here)."""
        snapshot = self.snapshot
        panel = self._panel()
        if snapshot is not None and snapshot.remaining is not None and panel is not None:
            panel.post_message(SeatPanel.Redraw(self._draw, log=False))

    def _status(self, text: str) -> None:
        with contextlib.suppress(Exception):
            self.query_one("#seat-status", Static).update(text)
        self.sub_title = text

    def _intent(self, action: Action | tuple[A.Offer, ...]) -> None:
        """A move to the host (a tuple of offers: the Boss's standing close, ``Stand``)."""
        if self.snapshot is None:
            return
        if self._answering is not None:
            self._queued.append(action)
            return
        version = self.snapshot.version
        if isinstance(action, tuple):
            sent = self._send(write(Stand(version=version, offers=action)))
        else:
            sent = self._send(write(Intent(version=version, action=action)))
        if sent:
            self._answering = version

    def on_action_chosen(self, message: ActionChosen) -> None:
        self._intent(message.action)

    def on_move_question(self, message: MoveQuestion) -> None:
        from ..tui.screens.close import CloseDialog
        from ..tui.screens.dialogs import ConfirmDialog, DiscardDialog, PriceDialog

        snapshot = self.snapshot
        if snapshot is None:
            return
        move, seen = message.move, snapshot.view
        template = move.template
        if move.ask == "price" and isinstance(template, A.Offer | A.Ask) and seen.deal:
            space = seen.board.space(seen.deal.space)

            def priced(price: Price | None) -> None:
                if price is not None:
                    self._intent(template.model_copy(update={"price": price}))

            self.push_screen(
                PriceDialog(move.label.rstrip("…"), seen.proceeds, space.dividends), priced
            )
        elif move.ask == "discard" and isinstance(template, A.Discard):
            seat = message.seat

            def discarded(cards: tuple[Card, ...] | None) -> None:
                if cards is not None:
                    self._intent(A.Discard(player=seat, cards=cards))

            self.push_screen(DiscardDialog(seen.hand or (), len(template.cards)), discarded)
        elif move.ask == "close":
            closes = [a for a in snapshot.legal if isinstance(a, A.Close)]
            table = cast(GameState, _PublicTable(seen))
            seat = message.seat

            def judge(supplies: dict[Colour, CardRef]) -> dict[int, int]:
                return check_close(table, seat, supplies)

            def closing(close: A.Close | None) -> None:
                if close is not None:
                    self._intent(close)

            self.push_screen(CloseDialog(seen, closes, judge), closing)
        elif move.ask == "standing" and seen.deal:
            # One price for every supplier the close needs; the host makes the offers and
            # plays the close once they all accepted (or calls it off, as at the table).
            offers = tuple(a for a in move.actions if isinstance(a, A.Offer))
            space = seen.board.space(seen.deal.space)

            def standing(price: Price | None) -> None:
                if price is not None:
                    self._intent(priced_offers(offers, price))

            self.push_screen(
                PriceDialog(move.label.rstrip("…"), seen.proceeds, space.dividends), standing
            )
        elif move.ask == "accept_close" and snapshot.one_step:
            # The host's terms, with no choice among them: asked as the table asks a move
            # only the whole table's undo takes back, then sent one after the other.
            moves = snapshot.one_step

            def answered(yes: bool | None) -> None:
                if yes:
                    for action in moves:
                        self._intent(action)

            self.push_screen(ConfirmDialog(asked_twice(move.label), purpose="close"), answered)

    def on_key(self, event: events.Key) -> None:
        if self.socket is None and event.key not in ("ctrl+q",):
            self.bell()


def _then(snapshot: Snapshot) -> tuple[A.Accept, ...]:
    """The acceptances the one-step close names (the host sends them only with its terms)."""
    return tuple(a for a in snapshot.then_close if isinstance(a, A.Accept))


def device_keys(save_dir: str | None) -> DeviceKeys:
    """Where this device keeps its seats' secrets (a phone's seat process is given a folder
    of its own with ``--save-dir``: ``imtheboss web --join``)."""
    return DeviceKeys((Path(save_dir) if save_dir else data_dir()) / "devices.json")


def run_join(args: argparse.Namespace) -> int:
    """Join the table at ``args.address``; exit 2 and one sentence for a bad address."""
    try:
        url = ws_url(args.address)
    except BadAddress as exc:
        print(_("imtheboss: join: {error}").format(error=exc), file=sys.stderr)
        return 2
    wanted = None if args.seat is None else args.seat - 1
    app = SeatApp(url, wanted, device_keys(args.save_dir))
    app.run()
    if app.return_code and app.return_code > 128:
        return app.return_code
    return 1 if app.return_code else 0
