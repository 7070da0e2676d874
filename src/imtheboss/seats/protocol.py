"""The one message schema between the host's table and a seat on a device (issue 24).

Host → seat: the seat list before a seat is claimed (``Seats``), the secret of a seat just
claimed (``Welcome``), then a ``Snapshot`` after every change: that seat's own ``PlayerView``,
its legal actions, the seconds left on the host's count, the public log — and a ``Refused``
sent to that seat alone. Seat → host: ``Claim``, ``Rejoin`` (the secret kept on the device),
``Intent`` (the version it answers and a typed action), ``Stand`` (the Boss's standing close).

A snapshot is built from ``view(state, seat)`` and nothing else of the state: another hand, the
draw pile, the exact money of others and the seed are not in a ``PlayerView``, so no bug of a
client can show them. Everything from a device is read through ``read_from_seat``: size first,
then pydantic, unknown fields refused; no message reaches the table unvalidated.
"""

from __future__ import annotations

from typing import Annotated, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from ..engine.actions import Action, Offer
from ..engine.frozen import lend_field
from ..engine.view import PlayerView

lend_field()  # the engine's annotations name pydantic's Field: lent before any schema

#: The most a device may send in one message (an intent is a few hundred bytes).
MAX_FROM_SEAT = 4096
#: The most the host sends in one message (a snapshot is a few kilobytes, its log included).
MAX_TO_SEAT = 256 * 1024
#: How many public log lines a snapshot carries (the newest).
LOG_LINES = 60
#: A seat's secret: 32 random bytes, URL-safe base64 (43 characters).
SECRET_LENGTH = 43

Seat = Annotated[int, Field(ge=0, le=5)]
#: The language a device reads (``i18n.LANGUAGES``): the host words its refusals and its log
#: for that device in it.
Language = Literal["en", "es", "sv", "zh", "ko"]
Version = Annotated[int, Field(ge=0, le=10**9)]


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


# -- seat → host ------------------------------------------------------------------------------


class Claim(_Message):
    """A device asks for a free seat."""

    type: Literal["claim"] = "claim"
    seat: Seat
    lang: Language | None = None


class Rejoin(_Message):
    """A device comes back to its seat (after sleep, a lost network, a host restarted)."""

    type: Literal["rejoin"] = "rejoin"
    seat: Seat
    secret: Annotated[str, Field(min_length=SECRET_LENGTH, max_length=SECRET_LENGTH)]
    lang: Language | None = None


class Intent(_Message):
    """A move of the seat, made on the snapshot of ``version``: the host refuses it unless it
    is that seat's and the table is still at that version."""

    type: Literal["intent"] = "intent"
    version: Version
    action: Action


class Stand(_Message):
    """The Boss's standing close (issue 19), made on the snapshot of ``version``: the offers
    of one of the snapshot's ``standing`` choices, each at the one price the Boss named. The
    host makes them (all, or none), and plays the Boss's close once every supplier accepted;
    any other move, or an undo, calls it off — the host's own, as at the shared keyboard."""

    type: Literal["stand"] = "stand"
    version: Version
    offers: Annotated[tuple[Offer, ...], Field(min_length=1, max_length=5)]


FromSeat = Annotated[Claim | Rejoin | Intent | Stand, Field(discriminator="type")]


# -- host → seat ------------------------------------------------------------------------------


class SeatInfo(_Message):
    """A seat as every device may see it: public."""

    seat: Seat
    name: Annotated[str, Field(max_length=200)]
    #: A device holds it (its secret was given out).
    claimed: bool
    #: That device is connected now.
    online: bool
    #: A computer player sits there: not claimable.
    bot: bool = False


class Seats(_Message):
    """Who sits where: sent to a device that has no seat yet, and with every snapshot."""

    type: Literal["seats"] = "seats"
    seats: tuple[SeatInfo, ...]


class Welcome(_Message):
    """The seat is the device's: ``secret`` comes back with ``Rejoin`` (sent once, to it)."""

    type: Literal["welcome"] = "welcome"
    seat: Seat
    secret: Annotated[str, Field(min_length=SECRET_LENGTH, max_length=SECRET_LENGTH)]


class Snapshot(_Message):
    """What the seat may know now, at ``version`` (the intents it sends name it)."""

    type: Literal["snapshot"] = "snapshot"
    version: Version
    seat: Seat
    view: PlayerView
    legal: tuple[Action, ...]
    #: The seconds left on the host's count when it was sent (None: no count running).
    remaining: float | None
    #: The table asks each player in turn instead of counting down.
    ask_around: bool = False
    seats: tuple[SeatInfo, ...] = ()
    #: The newest lines of the public log, as the shared screen shows them (markup).
    log: tuple[str, ...] = ()
    #: The Boss's one-step close (``engine.one_step``): the acceptances of every price asked
    #: that the menu's line names, and the moves it sends (those the close uses, then the
    #: close); empty when there is none, or a choice of terms (the panel's close dialog).
    then_close: tuple[Action, ...] = ()
    one_step: tuple[Action, ...] = ()
    #: The Boss's standing closes to choose among (``engine.one_step.standing_offers``):
    #: each the offers of one, at a placeholder price (the Boss names one: ``Stand``).
    standing: tuple[tuple[Offer, ...], ...] = ()


#: Why the host refused a message (the device words it): ``illegal`` carries the engine's
#: reason in ``reason``.
RefusalCode = Literal[
    "malformed",
    "too_big",
    "not_seated",
    "seat_taken",
    "one_seat",
    "no_such_seat",
    "bad_secret",
    "stale",
    "illegal",
    "moved",
    "full",
    "no_game",
]


class Refused(_Message):
    """A message of this seat was not taken: sent to it alone (a reason can name a card)."""

    type: Literal["refused"] = "refused"
    code: RefusalCode
    #: The version the host is at now.
    version: Version = 0
    reason: Annotated[str, Field(max_length=2000)] = ""


ToSeat = Annotated[Seats | Welcome | Snapshot | Refused, Field(discriminator="type")]

_FROM_SEAT: TypeAdapter[Claim | Rejoin | Intent | Stand] = TypeAdapter(FromSeat)
_TO_SEAT: TypeAdapter[Seats | Welcome | Snapshot | Refused] = TypeAdapter(ToSeat)


M = TypeVar("M")


class ProtocolError(ValueError):
    """A message that is not one of the schema's: ``code`` says which way (too big, not one)."""

    def __init__(self, code: RefusalCode, detail: str = "") -> None:
        self.code: RefusalCode = code
        super().__init__(detail or code)


def read_from_seat(raw: str | bytes) -> Claim | Rejoin | Intent | Stand:
    """A device's message, validated; ``ProtocolError`` when it is too big or not one."""
    return _read(raw, MAX_FROM_SEAT, _FROM_SEAT)


def read_to_seat(raw: str | bytes) -> Seats | Welcome | Snapshot | Refused:
    """The host's message as the device reads it: validated too (a host is a program on the
    network like any other)."""
    return _read(raw, MAX_TO_SEAT, _TO_SEAT)


def _read(raw: str | bytes, limit: int, reader: TypeAdapter[M]) -> M:
    data = raw.encode("utf-8", "replace") if isinstance(raw, str) else raw
    if len(data) > limit:
        raise ProtocolError("too_big", f"{len(data)} bytes, at most {limit}")
    try:
        return reader.validate_json(data)
    except ValidationError as exc:
        # Only the first error's place and kind: the message itself is not echoed back.
        errors = exc.errors()
        if not errors:
            raise ProtocolError("malformed") from None
        where = ".".join(str(p) for p in errors[0]["loc"])
        raise ProtocolError("malformed", f"{where}: {errors[0]['type']}") from None


def write(message: _Message) -> str:
    """A message as it goes on the wire (JSON text)."""
    return message.model_dump_json()
