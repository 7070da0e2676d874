"""The host's table with seats on devices (``imtheboss play --seats``): the app as the
``SeatTable`` of a ``SeatHost``, its server in the app's own event loop, the shared screen's
line of who sits where, and the shared keyboard's seats screen (``j``): where to join, who
sits on a device, and freeing a seat — the one way a seat moves to another device (or back
to the keyboard). Only names, addresses and states: no secret, no seat's own code.

The app keeps the one game session and the one ``apply``; a device's move goes through
``BossApp.play`` like a key at the table, its refusal back to that device alone.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Label, OptionList
from textual.widgets.option_list import Option

from ..engine import actions as A
from ..engine.actions import Action
from ..engine.errors import IllegalAction
from ..engine.state import GameState
from ..i18n import N_, _, fill
from ..tui.language import translate_bindings
from ..tui.screens.dialogs import ConfirmDialog
from ..tui.screens.private import PrivatePanel
from .host import SeatHost, SeatKeys, keys_path
from .protocol import LOG_LINES
from .server import LOOPBACK, SeatServer, lan_address

if TYPE_CHECKING:
    from textual.notifications import SeverityLevel
    from textual.screen import Screen

    from ..session import GameSession
    from ..table_settings import TableSettings
    from ..tui.bot_seats import BotSeats
    from ..tui.log import TableLog
    from ..tui.screens.table import TableScreen


class SeatsApp(Protocol):
    """What the seats read and ask of the table's app (``BossApp``), named here so that the
    seats need not import the app that opens them."""

    settings: TableSettings
    session: GameSession | None
    table_log: TableLog
    bot_seats: BotSeats

    @property
    def screen_stack(self) -> list[Screen[Any]]: ...

    def play(
        self,
        action: Action,
        private: bool = False,
        refused: Callable[[IllegalAction], None] | None = None,
    ) -> bool: ...

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None: ...

    def stand(
        self,
        seat: int,
        made: tuple[A.Offer, ...],
        refused: Callable[[IllegalAction], None] | None = None,
    ) -> bool: ...

    def refresh_table(self) -> None: ...

    def _remaining(self) -> float | None: ...

    def _table(self) -> TableScreen | None: ...

    def _give_keyboard_back(self) -> None: ...


class HostedSeats:
    """The app's seats on devices."""

    #: The seconds of grace a count gives after it ran out on the host's clock, for a stop on
    #: its way over Wi-Fi.
    GRACE = 0.5

    def __init__(self, app: SeatsApp) -> None:
        self.app = app
        self.host = SeatHost(self)
        settings = app.settings
        bind = lan_address() if settings.seats_lan else LOOPBACK
        self.server = SeatServer(self.host, bind, settings.seats_port)
        #: The address devices join, once the server listens (None: it could not).
        self.address: str | None = None
        self.problem: str | None = None
        self._session: GameSession | None = None
        #: The offline seats a computer player plays for, because the host said so (``b`` on
        #: the seats screen) — until their device is back. Never saved: not the game's bots.
        self.stand_ins: set[int] = set()

    async def open(self) -> None:
        try:
            self.address = await self.server.start()
        except OSError as exc:
            self.problem = _("no seats on devices: cannot listen on port {port} ({reason})").format(
                port=self.server.port, reason=exc.strerror or exc
            )
            self.app.notify(self.problem, severity="error", timeout=10, markup=False)
        self.seats_changed()

    async def close(self) -> None:
        await self.server.stop()

    def on_device(self) -> frozenset[int]:
        self._follow_the_session()
        return self.host.on_device()

    def sync(self) -> None:
        self._follow_the_session()
        self.host.sync()

    def _follow_the_session(self) -> None:
        """A new game (or the first): its own seats, kept beside its save."""
        session = self.app.session
        if session is self._session:
            return
        self._session = session
        self.stand_ins.clear()  # a new game seats its own bots
        path = None if session is None else keys_path(session.save_path)
        self.host.reset(SeatKeys.load(path))
        self.seats_changed()

    # -- the SeatTable ---------------------------------------------------------------------

    def seat_state(self) -> GameState | None:
        self._follow_the_session()  # every question of the host begins here
        return None if self.app.session is None else self.app.session.state

    def seat_play(self, action: Action) -> IllegalAction | None:
        refusals: list[IllegalAction] = []
        self.app.play(action, refused=refusals.append)
        return refusals[0] if refusals else None

    def seat_stand(self, seat: int, offers: tuple[A.Offer, ...]) -> IllegalAction | None:
        refusals: list[IllegalAction] = []
        self.app.stand(seat, offers, refused=refusals.append)
        return refusals[0] if refusals else None

    def seat_remaining(self) -> float | None:
        return self.app._remaining()

    def seat_log(self) -> Sequence[str]:
        return self.app.table_log.markups(LOG_LINES)  # a device is sent no more

    def seat_bots(self) -> frozenset[int]:
        return frozenset(self.app.bot_seats.bots) - self.stand_ins

    def stand_in(self, seat: int) -> bool:
        """A computer player plays for ``seat`` (a device's, offline), or stops doing so;
        whether one plays for it now."""
        session = self.app.session
        if seat in self.stand_ins or session is None:
            self._sit_back(seat)
            return False
        if seat not in self.host.on_device() or seat in self.host.online():
            return False
        from ..bots import make_bot

        seed = getattr(session.setup, "seed", None) or 0
        self.app.bot_seats.bots[seat] = make_bot("dealer", seed * 7 + seat, session.bot_budget)
        self.stand_ins.add(seat)
        self.seats_changed()
        self.app.refresh_table()
        return True

    def _sit_back(self, seat: int) -> None:
        if seat in self.stand_ins:
            self.stand_ins.discard(seat)
            self.app.bot_seats.bots.pop(seat, None)
            self.app.refresh_table()

    def screen(self) -> SeatsScreen:
        return SeatsScreen(self)

    def seats_changed(self) -> None:
        app = self.app
        for seat in self.stand_ins & self.host.online():
            self._sit_back(seat)  # its device is back: its person plays again
        table = app._table()
        if table is not None:
            table.show_seats(self.line())
        # A hand open at the shared keyboard whose seat a device just took: closed (it is
        # on its owner's device now, and nowhere else).
        held = {s.seat for s in app.screen_stack if isinstance(s, PrivatePanel)}
        if held & self.host.on_device():
            app._give_keyboard_back()

    # -- the shared screen -----------------------------------------------------------------

    def line(self) -> str:
        """Where to join, then who is on a device and who of them is offline (names only)."""
        if self.address is None:
            return self.problem or ""
        infos = self.host.seat_infos()
        online = [i.name for i in infos if i.claimed and i.online]
        offline = [i.name for i in infos if i.claimed and not i.online]
        parts = [_("Join: {address}").format(address=self.address)]
        if self.app.settings.seats_lan:
            # The LAN's address is no secret, but the door is open to the whole network (in
            # full on the seats screen: the bar is one line, the names must stay on it).
            parts.append(_("⚠ open to the LAN"))
        if online:
            parts.append(_("on devices: {names}").format(names=_(", ").join(online)))
        if offline:
            parts.append(_("offline: {names}").format(names=_(", ").join(offline)))
        return _(" · ").join(parts)


class SeatsScreen(ModalScreen[None]):
    BINDINGS = [
        Binding("escape", "close", N_("Back")),
        Binding("b", "stand_in", N_("A bot plays it while offline")),
    ]

    DEFAULT_CSS = """
    SeatsScreen { background: $background; }
    #seats-box { padding: 0 1; }
    #seats-list { height: auto; max-height: 10; }
    /* A label's width is its text's by default: at 80 columns the help ran off the screen. */
    #seats-help, #seats-lan { width: 100%; }
    """

    def __init__(self, seats: HostedSeats) -> None:
        super().__init__()
        self.seats = seats

    def compose(self) -> ComposeResult:
        with Vertical(id="seats-box"):
            yield Label(self._address(), id="seats-address", markup=False)
            if self.seats.app.settings.seats_lan:
                yield Label(
                    _("⚠ open to this whole network: any device on it can take a free seat"),
                    id="seats-lan",
                    markup=False,
                )
            yield Label(
                _(
                    "A seat on a device: Enter frees it, to join it from another device; b: "
                    "a computer player plays it while it is offline."
                ),
                id="seats-help",
            )
            yield OptionList(id="seats-list")
            page = self.seats.app.settings.seats_page
            if page:
                from ..tui.widgets.qr import QrCode

                yield Label(_("Phones: {page}").format(page=page), markup=False)
                yield QrCode(page, id="seats-qr")
        yield Footer()

    def _address(self) -> str:
        address = self.seats.address
        if address is None:
            return self.seats.problem or ""
        return _("Join from a terminal: imtheboss join {address}").format(address=address)

    def on_mount(self) -> None:
        translate_bindings(self)
        self.refill()

    def refill(self) -> None:
        menu = self.query_one("#seats-list", OptionList)
        menu.clear_options()
        infos = self.seats.host.seat_infos()
        for info in infos:
            if info.bot:
                said = _("{number}. {name}: a computer player")
            elif info.seat in self.seats.stand_ins:
                said = _("{number}. {name}: offline, a computer player plays for now")
            elif info.claimed and info.online:
                said = _("{number}. {name}: on a device")
            elif info.claimed:
                said = _("{number}. {name}: on a device, offline")
            else:
                said = _("{number}. {name}: at the shared keyboard")
            text = said.format(number=info.seat + 1, name=info.name)
            menu.add_option(Option(Text(text), id=str(info.seat), disabled=not info.claimed))
        claimed = [i for i, info in enumerate(infos) if info.claimed]
        if claimed:
            menu.highlighted = claimed[0]
        menu.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        seat = int(event.option.id or 0)
        infos = {i.seat: i for i in self.seats.host.seat_infos()}
        name = infos[seat].name

        def answered(yes: bool | None) -> None:
            if yes:
                self.seats.host.release(seat)
                self.refill()

        def question() -> str:
            return fill(
                _(
                    "Free {name}'s seat? Its device lets go of it; another device can join it, "
                    "or {name} plays at the shared keyboard again."
                ),
                name=name,
            )

        self.app.push_screen(ConfirmDialog(question, purpose="seat"), answered)

    def action_stand_in(self) -> None:
        """The highlighted seat, offline on its device: a computer player plays for it until
        the device is back (or ``b`` again)."""
        menu = self.query_one("#seats-list", OptionList)
        if menu.highlighted is None:
            return
        option = menu.get_option_at_index(menu.highlighted)
        self.seats.stand_in(int(option.id or 0))
        self.refill()

    def action_close(self) -> None:
        self.dismiss(None)
