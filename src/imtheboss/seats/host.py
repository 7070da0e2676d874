"""The host's side of the seats: who holds which seat, and what each is sent.

``SeatHost`` knows no network: a connection is a ``Link`` (``send`` a text, ``close``), and
the table is a ``SeatTable`` (the app, or a test's session). The websocket server
(``seats/server.py``) only carries texts between the two. So the rules of the seats — a seat
is claimed once and then rejoined with its secret, a move is taken only from its own seat and
at the current version, a refusal goes to its seat alone — are tested without a socket.

What a seat is sent is built from ``view(state, seat)`` and ``legal_actions(state, seat)``:
never the state itself. The host keeps only a hash of each seat's secret (in a dotfile beside
the save): the file, a log or the shared screen cannot give a seat away.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import ipaddress
import json
import os
import secrets
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from ..engine import actions as A
from ..engine.actions import Action
from ..engine.errors import IllegalAction
from ..engine.legal import legal_actions
from ..engine.one_step import accepts_then_close, closes_after, needed_accepts, standing_offers
from ..engine.state import GameState, Phase
from ..engine.view import view
from ..i18n import N_, _, explain, speaking
from .protocol import (
    LOG_LINES,
    Claim,
    Intent,
    ProtocolError,
    RefusalCode,
    Refused,
    Rejoin,
    SeatInfo,
    Seats,
    Snapshot,
    Stand,
    Welcome,
    read_from_seat,
    write,
)

#: Connections the host keeps at once (six seats, a few devices still choosing one).
MAX_LINKS = 12
#: Seats a device at one network address may hold: a device is one player. Loopback is this
#: machine itself (the phone page's seat processes, each bounded to one phone there, and
#: ``join`` terminals on the host): only each connection is bounded there.
SEATS_PER_ADDRESS = 1


def _bounded(address: str | None) -> bool:
    """Whether claims from ``address`` count against ``SEATS_PER_ADDRESS`` (a network
    address that is not this machine's loopback; None: a link with no address, in-process)."""
    if address is None:
        return False
    try:
        return not ipaddress.ip_address(address).is_loopback
    except ValueError:
        return True  # not an address we can read: bounded like any device


class Link(Protocol):
    """One device's connection, as the host sees it."""

    def send(self, text: str) -> None: ...

    def close(self) -> None: ...


class SeatTable(Protocol):
    """What the host reads from the table and asks of it."""

    def seat_state(self) -> GameState | None: ...

    def seat_play(self, action: Action) -> IllegalAction | None:
        """Play ``action`` through the one ``apply``; None when it was played, else the
        engine's refusal (the host words it in the seat's language)."""
        ...

    def seat_stand(self, seat: int, offers: tuple[A.Offer, ...]) -> IllegalAction | None:
        """The Boss at ``seat`` makes a standing close of ``offers`` (priced, one of
        ``standing_offers``): the table makes them all or none, and plays the close once
        every supplier accepted. None when they were made, else the engine's refusal."""
        ...

    def seat_remaining(self) -> float | None: ...

    def seat_log(self) -> Sequence[str]:
        """The public log's lines, drawn in the language of the moment."""
        ...

    def seat_bots(self) -> frozenset[int]: ...

    def seats_changed(self) -> None:
        """Who sits where changed: the shared screen says so."""
        ...


def _hash(secret: str) -> str:
    return hashlib.sha256(secret.encode("ascii", "replace")).hexdigest()


@dataclass
class SeatKeys:
    """The hashes of the seats' secrets, kept in ``path`` (if any) so that a host restarted on
    the same save lets every device back in."""

    path: Path | None = None
    hashes: dict[int, str] = field(default_factory=dict)

    @classmethod
    def load(cls, path: Path | None) -> SeatKeys:
        keys = cls(path)
        if path is None:
            return keys
        try:
            data = json.loads(path.read_text("utf-8"))
            keys.hashes = {
                int(seat): str(digest)
                for seat, digest in data.items()
                if str(seat).isdigit() and isinstance(digest, str) and len(digest) == 64
            }
        except (OSError, ValueError, AttributeError):
            keys.hashes = {}  # none yet, or unreadable: the seats are claimed anew
        return keys

    def new_secret(self, seat: int) -> str:
        secret = secrets.token_urlsafe(32)
        self.hashes[seat] = _hash(secret)
        self._store()
        return secret

    def opens(self, seat: int, secret: str) -> bool:
        """Whether ``secret`` is ``seat``'s: another seat's secret opens nothing."""
        digest = self.hashes.get(seat)
        return digest is not None and hmac.compare_digest(digest, _hash(secret))

    def forget(self, seat: int) -> None:
        self.hashes.pop(seat, None)
        self._store()

    def _store(self) -> None:
        if self.path is None:
            return
        with contextlib.suppress(OSError):  # no file: a restarted host asks for new claims
            self.path.parent.mkdir(parents=True, exist_ok=True)
            temp = self.path.with_name(self.path.name + ".tmp")
            fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                json.dump({str(k): v for k, v in sorted(self.hashes.items())}, out)
            os.replace(temp, self.path)


@dataclass(frozen=True)
class _Sent:
    """What a link was last sent, and when."""

    version: int
    log: tuple[str, ...]
    seats: tuple[SeatInfo, ...]
    remaining: float | None
    at: float


def _drifted(last: _Sent, remaining: float | None, now: float) -> bool:
    """Whether the device's countdown (from ``last``) is off the host's by more than a
    quarter of a second, or a count began or ended."""
    if (last.remaining is None) != (remaining is None):
        return True
    if last.remaining is None or remaining is None:
        return False
    expected = max(0.0, last.remaining - (now - last.at))
    return abs(expected - remaining) > 0.25


def _one_of(offers: Sequence[A.Offer], choices: Sequence[Sequence[A.Offer]]) -> bool:
    """Whether ``offers`` are one of the standing closes ``choices``, every one at the same
    price (the one the Boss named)."""
    if len({offer.price for offer in offers}) != 1:
        return False
    made = [(o.player, o.supplier, o.cards) for o in offers]
    return any([(o.player, o.supplier, o.cards) for o in choice] == made for choice in choices)


def keys_path(save: Path | None) -> Path | None:
    """Where the seats' hashes of the game saved in ``save`` are kept: a dotfile beside it
    (never listed as a save)."""
    return None if save is None else save.with_name(f".{save.stem}.seats")


class SeatHost:
    """The seats of one game: links, claims, versions, snapshots."""

    def __init__(self, table: SeatTable, keys: SeatKeys | None = None) -> None:
        self.table = table
        self.keys = keys or SeatKeys()
        #: Each open link and the seat it holds (None: still choosing).
        self.links: dict[Link, int | None] = {}
        #: Bumped with every new state: an intent names the version it was made on.
        self.version = 0
        self._state: GameState | None = None
        #: What each link was last sent (version, remaining) — sent again only on a change.
        self._sent: dict[Link, _Sent] = {}
        #: Where each link connects from (None: no address, a link in this process).
        self._address: dict[Link, str | None] = {}
        #: The links that claimed a seat once: a connection claims one seat in its life.
        self._claimed: set[Link] = set()
        #: Which address claimed each seat on a device (while this host runs).
        self._claimed_from: dict[int, str] = {}
        #: The language each seated link reads (None: the table's own).
        self._lang: dict[Link, str | None] = {}

    def reset(self, keys: SeatKeys) -> None:
        """Another game at the table: its own seats; every device chooses again (or rejoins
        with the secret of that game)."""
        self.keys = keys
        self._state = None
        self._claimed.clear()
        self._claimed_from.clear()
        for link in self.links:
            self.links[link] = None
        self._sent.clear()
        self._everyone_the_seats()

    # -- who sits where ----------------------------------------------------------------------

    def on_device(self) -> frozenset[int]:
        """The seats a device holds (online or not): their hands are never on the shared
        screen."""
        return frozenset(self.keys.hashes)

    def online(self) -> frozenset[int]:
        return frozenset(s for s in self.links.values() if s is not None)

    def seat_infos(self) -> tuple[SeatInfo, ...]:
        state = self.table.seat_state()
        if state is None:
            return ()
        bots, online, claimed = self.table.seat_bots(), self.online(), self.on_device()
        return tuple(
            SeatInfo(
                seat=seat,
                name=state.name(seat),
                claimed=seat in claimed,
                online=seat in online,
                bot=seat in bots,
            )
            for seat in range(state.n)
        )

    def release(self, seat: int) -> None:
        """The shared keyboard frees ``seat`` (to move it to another device, or back to the
        keyboard): its secret is forgotten, its device let go."""
        self.keys.forget(seat)
        self._claimed_from.pop(seat, None)
        for link, held in list(self.links.items()):
            if held == seat:
                self._refuse(link, "moved")
                self.links[link] = None
        self._everyone_the_seats()
        self.table.seats_changed()

    # -- links -------------------------------------------------------------------------------

    def connect(self, link: Link, address: str | None = None) -> bool:
        """A device connects (from ``address``, the peer's IP): it is sent the seats, or
        refused when the host is full."""
        if len(self.links) >= MAX_LINKS:
            self._refuse(link, "full")
            link.close()
            return False
        self.links[link] = None
        self._address[link] = address
        link.send(write(Seats(seats=self.seat_infos())))
        return True

    def disconnect(self, link: Link) -> None:
        held = self.links.pop(link, None)
        self._sent.pop(link, None)
        self._address.pop(link, None)
        self._claimed.discard(link)
        self._lang.pop(link, None)
        if held is not None:
            self._everyone_the_seats()
            self.table.seats_changed()

    def receive(self, link: Link, raw: str | bytes) -> None:
        """One message from a device: taken, or refused to that device alone. Nothing a
        device sends can raise here."""
        if link not in self.links:
            return
        try:
            message = read_from_seat(raw)
        except ProtocolError as exc:
            self._refuse(link, exc.code)
            return
        if isinstance(message, Claim | Rejoin):
            self._lang[link] = message.lang
        if isinstance(message, Claim):
            self._claim(link, message.seat)
        elif isinstance(message, Rejoin):
            self._rejoin(link, message.seat, message.secret)
        elif isinstance(message, Stand):
            self._stand(link, message)
        else:
            self._intent(link, message)

    def _free(self, seat: int) -> RefusalCode | None:
        state = self.table.seat_state()
        if state is None:
            return "no_game"
        if seat >= state.n or seat in self.table.seat_bots():
            return "no_such_seat"
        return None

    def _claim(self, link: Link, seat: int) -> None:
        problem = self._free(seat)
        if problem is None and seat in self.keys.hashes:
            problem = "seat_taken"
        if problem is None and (self.links[link] is not None or link in self._claimed):
            problem = "one_seat"  # one seat a connection, in its whole life
        address = self._address.get(link)
        if problem is None and _bounded(address) and self._held_from(address) >= SEATS_PER_ADDRESS:
            problem = "one_seat"  # and one a device: new connections claim no more
        if problem is not None:
            self._refuse(link, problem)
            return
        secret = self.keys.new_secret(seat)
        self.links[link] = seat
        self._claimed.add(link)
        if address is not None:
            self._claimed_from[seat] = address
        link.send(write(Welcome(seat=seat, secret=secret)))
        self._seated(link)

    def _held_from(self, address: str | None) -> int:
        """The seats on a device that ``address`` claimed and still holds (online or not)."""
        return sum(
            1
            for seat, where in self._claimed_from.items()
            if where == address and seat in self.keys.hashes
        )

    def _rejoin(self, link: Link, seat: int, secret: str) -> None:
        problem = self._free(seat)
        if problem is None and not self.keys.opens(seat, secret):
            problem = "bad_secret"
        if problem is None and self.links[link] not in (None, seat):
            problem = "seat_taken"
        if problem is not None:
            self._refuse(link, problem)
            return
        for other, held in list(self.links.items()):
            if held == seat and other is not link:
                # The same device back before its old link timed out (a phone that woke).
                self._refuse(other, "moved")
                self.links[other] = None
        self.links[link] = seat
        self._seated(link)

    def _seated(self, link: Link) -> None:
        self._sent.pop(link, None)
        self._everyone_the_seats()
        self.table.seats_changed()

    def _intent(self, link: Link, intent: Intent) -> None:
        seat = self.links[link]
        if seat is None:
            self._refuse(link, "not_seated")
            return
        self._catch_up()
        if intent.version != self.version:
            self._refuse(link, "stale")
            return
        action = intent.action
        if isinstance(action, A.TimeUp) or getattr(action, "player", None) != seat:
            self._refuse(link, "illegal", N_("That move is not your seat's."))
            return
        if isinstance(action, A.Roll) and action.value is not None:
            # The die is the host's: a number named by a device would only probe the seed.
            self._refuse(link, "illegal", N_("The host rolls the die; a roll names no number."))
            return
        refusal = self.table.seat_play(action)
        if refusal is not None:
            self._refuse(link, "illegal", refusal)
        self.sync()

    def _stand(self, link: Link, stand: Stand) -> None:
        """A standing close from the Boss's device: taken only as the table's key takes it,
        the offers of one of the engine's standing closes at one price."""
        seat = self.links[link]
        if seat is None:
            self._refuse(link, "not_seated")
            return
        self._catch_up()
        if stand.version != self.version:
            self._refuse(link, "stale")
            return
        state = self._state
        offers = stand.offers
        if state is None or not _one_of(offers, standing_offers(state, seat)):
            self._refuse(
                link,
                "illegal",
                N_(
                    "Those are not the offers of a close in your moves: one price to each "
                    "supplier it needs."
                ),
            )
            return
        refusal = self.table.seat_stand(seat, offers)
        if refusal is not None:
            self._refuse(link, "illegal", refusal)
        self.sync()

    def _refuse(self, link: Link, code: RefusalCode, reason: str | IllegalAction = "") -> None:
        """Refused to ``link`` alone, its reason (a message key, or the engine's refusal)
        worded in the language that device reads."""
        with speaking(self._lang.get(link)):
            if isinstance(reason, IllegalAction):
                said = explain(reason)
            else:
                said = _(reason) if reason else ""
        link.send(write(Refused(code=code, version=self.version, reason=said)))

    # -- snapshots ---------------------------------------------------------------------------

    def _catch_up(self) -> None:
        state = self.table.seat_state()
        if state is not self._state:
            self._state = state
            self.version += 1

    def sync(self) -> None:
        """Each seated link is sent its snapshot when the state or the log changed since it
        was last sent one, or when the host's count is no longer where the device's own
        countdown puts it (the host held it). The table calls it after every change."""
        self._catch_up()
        state = self._state
        if state is None:
            return
        now = time.monotonic()
        remaining = self.table.seat_remaining()
        logs: dict[str | None, tuple[str, ...]] = {}
        seats = self.seat_infos()
        for link, seat in list(self.links.items()):
            if seat is None:
                continue
            lang = self._lang.get(link)
            if lang not in logs:
                with speaking(lang):  # the log in the words of the devices that read it
                    logs[lang] = tuple(self.table.seat_log()[-LOG_LINES:])
            log = logs[lang]
            last = self._sent.get(link)
            now_sent = (self.version, log, seats)
            unchanged = last is not None and (last.version, last.log, last.seats) == now_sent
            if unchanged and last is not None and not _drifted(last, remaining, now):
                continue
            self._sent[link] = _Sent(self.version, log, seats, remaining, now)
            link.send(write(self.snapshot(state, seat, remaining, log, seats)))

    def snapshot(
        self,
        state: GameState,
        seat: int,
        remaining: float | None,
        log: Sequence[str],
        seats: tuple[SeatInfo, ...],
    ) -> Snapshot:
        over = state.phase is Phase.OVER
        then = accepts_then_close(state, seat) if not over else ()
        closes = closes_after(state, seat, then) if then else []
        # With a choice of terms the device's close dialog would need the deal after the
        # acceptances: the device then closes by its menu's close, as before.
        one_step: tuple[Action, ...] = ()
        if len(closes) == 1:
            one_step = (*needed_accepts(state, then, closes[0].supplies), closes[0])
        standing = standing_offers(state, seat) if not over else ()
        return Snapshot(
            version=self.version,
            seat=seat,
            view=view(state, seat),
            legal=tuple(legal_actions(state, seat)) if not over else (),
            remaining=remaining,
            seats=seats,
            log=tuple(log[-LOG_LINES:]),
            then_close=then if one_step else (),
            one_step=one_step,
            standing=standing,
        )

    def _everyone_the_seats(self) -> None:
        """Devices still choosing see the seats change (the seated see them in snapshots)."""
        infos = self.seat_infos()
        for link, seat in list(self.links.items()):
            if seat is None:
                link.send(write(Seats(seats=infos)))
        self.sync()
