"""Everything a player (or the table's timer) can do: one discriminated union.

An action says who acts and what they intend; whether it is allowed is the engine's business
alone (``apply``). Seats are numbers; the notation maps them to names.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal, get_args

from .cards import Card, Colour, sort_hand
from .frozen import Discriminated, Frozen, adapter, field_constraints, field_default, invalid, value
from .state import CardRef, Price

if TYPE_CHECKING:
    from pydantic import Field, TypeAdapter


field_constraints(__name__)  # Field, in annotations below, lent on first validation


@value
class PlaceMarker(Frozen):
    """S6: the player right of the start player puts the dollar marker on any space."""

    kind: Literal["place_marker"] = "place_marker"
    player: int
    space: int


@value
class StartDeal(Frozen):
    """T1: "Let's make a deal!" on the space under the marker."""

    kind: Literal["start_deal"] = "start_deal"
    player: int


@value
class Roll(Frozen):
    """T1(b) or E1. ``value`` is the number rolled when it is written down (a position
    without a seed); in a seeded game it may be given and must match the seeded die."""

    kind: Literal["roll"] = "roll"
    player: int
    value: Annotated[int | None, Field(ge=1, le=6)] = None

    def __post_init__(self) -> None:
        if self.value is not None and not 1 <= self.value <= 6:
            invalid(Roll, {"player": self.player, "value": self.value})


@value
class Draw(Frozen):
    """T1(b): draw 3 influence cards (V4 changes the number)."""

    kind: Literal["draw"] = "draw"
    player: int


@value
class Discard(Frozen):
    """T2: discard down to the hand limit. The cards are kept in the hand's order, so two
    discards of the same cards are the same action."""

    kind: Literal["discard"] = "discard"
    player: int
    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", sort_hand(self.cards))


@value
class LayFamily(Frozen):
    """D4/N1: lay a family card face up; it stays on the table until the deal ends (N2)."""

    kind: Literal["lay_family"] = "lay_family"
    player: int
    colour: Colour


@value
class Offer(Frozen):
    """The Boss proposes a price to ``supplier`` for some of the supplier's cards (N4, N5)."""

    kind: Literal["offer"] = "offer"
    player: int
    supplier: int
    cards: Annotated[tuple[CardRef, ...], Field(min_length=1)]
    price: Price

    def __post_init__(self) -> None:
        if not self.cards:
            invalid(type(self), {name: getattr(self, name) for name in self.model_fields})


@value
class Ask(Frozen):
    """A player names their price to the Boss for some of their cards (N1, N5)."""

    kind: Literal["ask"] = "ask"
    player: int
    cards: Annotated[tuple[CardRef, ...], Field(min_length=1)]
    price: Price

    def __post_init__(self) -> None:
        if not self.cards:
            invalid(type(self), {name: getattr(self, name) for name in self.model_fields})


@value
class Accept(Frozen):
    """Accept the other side's open proposal (N4): the Boss names the supplier; a supplier
    accepting the Boss's offer leaves ``supplier`` out."""

    kind: Literal["accept"] = "accept"
    player: int
    supplier: int | None = None


@value
class Withdraw(Frozen):
    """Take back one's own open proposal (N5)."""

    kind: Literal["withdraw"] = "withdraw"
    player: int
    supplier: int | None = None


@value
class CancelAgreement(Frozen):
    """N5: an agreement is cancelled when the Boss and that player both ask to cancel it."""

    kind: Literal["cancel"] = "cancel"
    player: int
    other: int


@value
class PlayTravel(Frozen):
    """TR1: a travel card on an investor card or a family card of its colour (grey: any)."""

    kind: Literal["travel"] = "travel"
    player: int
    target: CardRef
    grey: bool = False


@value
class PlayBoss(Frozen):
    """B1: "I'm the Boss!"."""

    kind: Literal["boss"] = "boss"
    player: int


@value
class PlayHire(Frozen):
    """H1: a set of 3 hire cards takes an investor card for good."""

    kind: Literal["hire"] = "hire"
    player: int
    colour: Colour


@value
class PlayStop(Frozen):
    """ST1: cancel the travel card, boss card or hire set just played."""

    kind: Literal["stop"] = "stop"
    player: int


@value
class Pass(Frozen):
    """A responder lets the pending play stand (the ask-around way of closing a window)."""

    kind: Literal["pass"] = "pass"
    player: int


@value
class TimeUp(Frozen):
    """The table's timer: the reaction window or last call closes with no answer."""

    kind: Literal["time_up"] = "time_up"


@value
class Reset(Frozen):
    """B2: the new Boss starts the negotiation afresh."""

    kind: Literal["reset"] = "reset"
    player: int


@value
class Close(Frozen):
    """CL1/CL3: the Boss names which card supplies each needed colour. Payments follow from
    the agreements whose cards take part."""

    kind: Literal["close"] = "close"
    player: int
    supplies: dict[Colour, CardRef]


@value
class Fail(Frozen):
    """F1: the Boss declares the deal failed."""

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
    Discriminated("kind"),
]


def __getattr__(name: str) -> Any:
    # The validator of actions read from outside, built on first use (import stays cheap).
    if name == "ACTION_ADAPTER":
        return adapter(Action)
    raise AttributeError(name)


if TYPE_CHECKING:
    ACTION_ADAPTER: TypeAdapter[Action]

#: The ``kind`` of every action, in the order of the union.
KINDS: tuple[str, ...] = tuple(field_default(cls, "kind") for cls in get_args(get_args(Action)[0]))

#: Plays that count as playing an influence card (V3; they call off a last call, CL2).
INFLUENCE_PLAYS = (LayFamily, PlayTravel, PlayBoss, PlayHire, PlayStop)
