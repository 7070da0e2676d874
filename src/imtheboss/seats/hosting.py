"""The host's table with seats on devices (``imtheboss play --seats``): the app as the
``SeatTable`` of a ``SeatHost``, its server in the app's own event loop, and the shared
screen's line of who sits where.

The app keeps the one game session and the one ``apply``; a device's move goes through
``BossApp.play`` like a key at the table, its refusal back to that device alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..engine.actions import Action
from ..engine.errors import IllegalAction
from ..engine.state import GameState
from ..i18n import _
from ..tui.labels import refusal
from .host import SeatHost, SeatKeys, keys_path
from .server import LOOPBACK, SeatServer, lan_address

if TYPE_CHECKING:
    from ..session import GameSession
    from ..tui.app import BossApp


class HostedSeats:
    """The app's seats on devices."""

    #: The seconds of grace a count gives after it ran out on the host's clock, for a stop on
    #: its way over Wi-Fi.
    GRACE = 0.5

    def __init__(self, app: BossApp) -> None:
        self.app = app
        self.host = SeatHost(self)
        settings = app.settings
        bind = lan_address() if settings.seats_lan else LOOPBACK
        self.server = SeatServer(self.host, bind, settings.seats_port)
        #: The address devices join, once the server listens (None: it could not).
        self.address: str | None = None
        self.problem: str | None = None
        self._session: GameSession | None = None

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
        path = None if session is None else keys_path(session.save_path)
        self.host.reset(SeatKeys.load(path))
        self.seats_changed()

    # -- the SeatTable ---------------------------------------------------------------------

    def seat_state(self) -> GameState | None:
        self._follow_the_session()  # every question of the host begins here
        return None if self.app.session is None else self.app.session.state

    def seat_play(self, action: Action) -> str | None:
        refusals: list[IllegalAction] = []
        self.app.play(action, refused=refusals.append)
        return refusal(refusals[0]) if refusals else None

    def seat_remaining(self) -> float | None:
        return self.app._remaining()

    def seat_log(self) -> Sequence[str]:
        return self.app.table_log.markups()

    def seat_bots(self) -> frozenset[int]:
        return frozenset(self.app.bot_seats.bots)

    def seats_changed(self) -> None:
        table = self.app._table()
        if table is not None:
            table.show_seats(self.line())

    # -- the shared screen -----------------------------------------------------------------

    def line(self) -> str:
        """Where to join, then each seat on a device: online or offline."""
        if self.address is None:
            return self.problem or ""
        parts = [_("Seats: imtheboss join {address}").format(address=self.address)]
        for info in self.host.seat_infos():
            if info.claimed and info.online:
                parts.append(_("{name} on a device").format(name=info.name))
            elif info.claimed:
                parts.append(_("{name} offline").format(name=info.name))
        return _(" · ").join(parts)
