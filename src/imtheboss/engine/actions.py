"""Everything a player (or the table's timer) can do: one discriminated union.

An action says who acts and what they intend; whether it is allowed is the engine's business
alone (``apply``). Seats are numbers; the notation maps them to names.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, field_validator

from .cards import Card, Colour, sort_hand
from .state import CardRef, Price

_FROZEN = ConfigDict(frozen=True, extra="forbid")


class PlaceMarker(BaseModel):
    """S6: the player right of the start player puts the dollar marker on any space."""

    model_config = _FROZEN
    kind: Literal["place_marker"] = "place_marker"
    player: int
    space: int


class StartDeal(BaseModel):
    """T1: "Let's make a deal!" on the space under the marker."""

    model_config = _FROZEN
    kind: Literal["start_deal"] = "start_deal"
    player: int


class Roll(BaseModel):
    """T1(b) or E1. ``value`` is the number rolled when it is written down (a position
    without a seed); in a seeded game it may be given and must match the seeded die."""

    model_config = _FROZEN
    kind: Literal["roll"] = "roll"
    player: int
    value: int | None = Field(default=None, ge=1, le=6)


class Draw(BaseModel):
    """T1(b): draw 3 influence cards (V4 changes the number)."""

    model_config = _FROZEN
    kind: Literal["draw"] = "draw"
    player: int


class Discard(BaseModel):
    """T2: discard down to the hand limit. The cards are kept in the hand's order, so two
    discards of the same cards are the same action."""

    model_config = _FROZEN
    kind: Literal["discard"] = "discard"
    player: int
    cards: tuple[Card, ...]

    @field_validator("cards")
    @classmethod
    def _canonical(cls, cards: tuple[Card, ...]) -> tuple[Card, ...]:
        return sort_hand(cards)


class LayFamily(BaseModel):
    """D4/N1: lay a family card face up; it stays on the table until the deal ends (N2)."""

    model_config = _FROZEN
    kind: Literal["lay_family"] = "lay_family"
    player: int
    colour: Colour


class Offer(BaseModel):
    """The Boss proposes a price to ``supplier`` for some of the supplier's cards (N4, N5)."""

    model_config = _FROZEN
    kind: Literal["offer"] = "offer"
    player: int
    supplier: int
    cards: tuple[CardRef, ...] = Field(min_length=1)
    price: Price


class Ask(BaseModel):
    """A player names their price to the Boss for some of their cards (N1, N5)."""

    model_config = _FROZEN
    kind: Literal["ask"] = "ask"
    player: int
    cards: tuple[CardRef, ...] = Field(min_length=1)
    price: Price


class Accept(BaseModel):
    """Accept the other side's open proposal (N4): the Boss names the supplier; a supplier
    accepting the Boss's offer leaves ``supplier`` out."""

    model_config = _FROZEN
    kind: Literal["accept"] = "accept"
    player: int
    supplier: int | None = None


class Withdraw(BaseModel):
    """Take back one's own open proposal (N5)."""

    model_config = _FROZEN
    kind: Literal["withdraw"] = "withdraw"
    player: int
    supplier: int | None = None


class CancelAgreement(BaseModel):
    """N5: an agreement is cancelled when the Boss and that player both ask to cancel it."""

    model_config = _FROZEN
    kind: Literal["cancel"] = "cancel"
    player: int
    other: int


class PlayTravel(BaseModel):
    """TR1: a travel card on an investor card or a family card of its colour (grey: any)."""

    model_config = _FROZEN
    kind: Literal["travel"] = "travel"
    player: int
    target: CardRef
    grey: bool = False


class PlayBoss(BaseModel):
    """B1: "I'm the Boss!"."""

    model_config = _FROZEN
    kind: Literal["boss"] = "boss"
    player: int


class PlayHire(BaseModel):
    """H1: a set of 3 hire cards takes an investor card for good."""

    model_config = _FROZEN
    kind: Literal["hire"] = "hire"
    player: int
    colour: Colour


class PlayStop(BaseModel):
    """ST1: cancel the travel card, boss card or hire set just played."""

    model_config = _FROZEN
    kind: Literal["stop"] = "stop"
    player: int


class Pass(BaseModel):
    """A responder lets the pending play stand (the ask-around way of closing a window)."""

    model_config = _FROZEN
    kind: Literal["pass"] = "pass"
    player: int


class TimeUp(BaseModel):
    """The table's timer: the reaction window or last call closes with no answer."""

    model_config = _FROZEN
    kind: Literal["time_up"] = "time_up"


class Reset(BaseModel):
    """B2: the new Boss starts the negotiation afresh."""

    model_config = _FROZEN
    kind: Literal["reset"] = "reset"
    player: int


class Close(BaseModel):
    """CL1/CL3: the Boss names which card supplies each needed colour. Payments follow from
    the agreements whose cards take part."""

    model_config = _FROZEN
    kind: Literal["close"] = "close"
    player: int
    supplies: dict[Colour, CardRef]


class Fail(BaseModel):
    """F1: the Boss declares the deal failed."""

    model_config = _FROZEN
    kind: Literal["fail"] = "fail"
    player: int


Action = Annotated[
    PlaceMarker
    | StartDeal
    | Roll
    | Draw
    | Discard
    | LayFamily
    | Offer
    | Ask
    | Accept
    | Withdraw
    | CancelAgreement
    | PlayTravel
    | PlayBoss
    | PlayHire
    | PlayStop
    | Pass
    | TimeUp
    | Reset
    | Close
    | Fail,
    Field(discriminator="kind"),
]

ACTION_ADAPTER: TypeAdapter[Action] = TypeAdapter(Action)

#: Plays that count as playing an influence card (V3; they call off a last call, CL2).
INFLUENCE_PLAYS = (LayFamily, PlayTravel, PlayBoss, PlayHire, PlayStop)
