"""What happened, as the table would tell it. ``apply`` returns these beside the new state.

Events are public except where a field says otherwise: ``redact`` removes the cards a player
drew before an event reaches anyone but that player.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from .cards import Card, Colour
from .state import Agreement, CardRef, Price, WindowKind

_FROZEN = ConfigDict(frozen=True, extra="forbid")


class MarkerPlaced(BaseModel):
    model_config = _FROZEN
    kind: Literal["marker_placed"] = "marker_placed"
    player: int
    space: int


class DieRolled(BaseModel):
    model_config = _FROZEN
    kind: Literal["die_rolled"] = "die_rolled"
    player: int
    value: int
    end_roll: bool = False


class MarkerMoved(BaseModel):
    model_config = _FROZEN
    kind: Literal["marker_moved"] = "marker_moved"
    space: int


class Shuffled(BaseModel):
    """CL7: the discards became a new draw pile."""

    model_config = _FROZEN
    kind: Literal["shuffled"] = "shuffled"
    cards: int


class CardsDrawn(BaseModel):
    model_config = _FROZEN
    kind: Literal["cards_drawn"] = "cards_drawn"
    player: int
    count: int
    #: Secret: only the drawer sees these (None when redacted or unknown).
    cards: tuple[Card, ...] | None = None


class HandLimit(BaseModel):
    model_config = _FROZEN
    kind: Literal["hand_limit"] = "hand_limit"
    player: int
    limit: int
    excess: int


class Discarded(BaseModel):
    model_config = _FROZEN
    kind: Literal["discarded"] = "discarded"
    player: int
    cards: tuple[Card, ...]


class DealStarted(BaseModel):
    model_config = _FROZEN
    kind: Literal["deal_started"] = "deal_started"
    boss: int
    space: int
    proceeds: int


class FamilyLaid(BaseModel):
    model_config = _FROZEN
    kind: Literal["family_laid"] = "family_laid"
    player: int
    colour: Colour


class Proposed(BaseModel):
    model_config = _FROZEN
    kind: Literal["proposed"] = "proposed"
    player: int
    supplier: int
    cards: tuple[CardRef, ...]
    price: Price
    by_boss: bool


class Withdrawn(BaseModel):
    model_config = _FROZEN
    kind: Literal["withdrawn"] = "withdrawn"
    player: int
    supplier: int


class Agreed(BaseModel):
    model_config = _FROZEN
    kind: Literal["agreed"] = "agreed"
    boss: int
    agreement: Agreement


class AgreementsCancelled(BaseModel):
    model_config = _FROZEN
    kind: Literal["agreements_cancelled"] = "agreements_cancelled"
    supplier: int
    why: str


class CancelAsked(BaseModel):
    model_config = _FROZEN
    kind: Literal["cancel_asked"] = "cancel_asked"
    player: int
    other: int


class Played(BaseModel):
    """A travel card, boss card or hire set was played: its reaction window is open."""

    model_config = _FROZEN
    kind: Literal["played"] = "played"
    player: int
    window: WindowKind
    cards: tuple[Card, ...]
    target: CardRef | None = None


class Stopped(BaseModel):
    model_config = _FROZEN
    kind: Literal["stopped"] = "stopped"
    player: int
    cancelled: WindowKind
    of_player: int


class Passed(BaseModel):
    model_config = _FROZEN
    kind: Literal["passed"] = "passed"
    player: int


class WentTravelling(BaseModel):
    model_config = _FROZEN
    kind: Literal["went_travelling"] = "went_travelling"
    target: CardRef


class BossChanged(BaseModel):
    model_config = _FROZEN
    kind: Literal["boss_changed"] = "boss_changed"
    old: int
    new: int


class Hired(BaseModel):
    model_config = _FROZEN
    kind: Literal["hired"] = "hired"
    player: int
    colour: Colour
    previous: int | None


class NegotiationReset(BaseModel):
    model_config = _FROZEN
    kind: Literal["negotiation_reset"] = "negotiation_reset"
    boss: int


class LastCall(BaseModel):
    """CL2: "One, two…" — the close is announced and may still be called off."""

    model_config = _FROZEN
    kind: Literal["last_call"] = "last_call"
    boss: int
    supplies: dict[Colour, CardRef]
    payments: dict[int, int]


class CloseCalledOff(BaseModel):
    model_config = _FROZEN
    kind: Literal["close_called_off"] = "close_called_off"
    player: int


class Paid(BaseModel):
    """Money changing hands; ``payer`` None is the bank (CL4)."""

    model_config = _FROZEN
    kind: Literal["paid"] = "paid"
    payer: int | None
    payee: int
    amount: int
    note: str = ""


class DealClosed(BaseModel):
    model_config = _FROZEN
    kind: Literal["deal_closed"] = "deal_closed"
    boss: int
    space: int
    proceeds: int
    kept: int


class DealFailed(BaseModel):
    model_config = _FROZEN
    kind: Literal["deal_failed"] = "deal_failed"
    boss: int
    space: int


class CardsReturned(BaseModel):
    """Family cards back to their owner's hand (CL5, F2)."""

    model_config = _FROZEN
    kind: Literal["cards_returned"] = "cards_returned"
    player: int
    cards: tuple[Card, ...]


class CardsDiscarded(BaseModel):
    model_config = _FROZEN
    kind: Literal["cards_discarded"] = "cards_discarded"
    cards: tuple[Card, ...]


class TileLaid(BaseModel):
    model_config = _FROZEN
    kind: Literal["tile_laid"] = "tile_laid"
    tile: int
    space: int


class TurnBegan(BaseModel):
    model_config = _FROZEN
    kind: Literal["turn_began"] = "turn_began"
    player: int


class GameOver(BaseModel):
    model_config = _FROZEN
    kind: Literal["game_over"] = "game_over"
    winners: tuple[int, ...]
    money: tuple[int, ...]


Event = Annotated[
    MarkerPlaced
    | DieRolled
    | MarkerMoved
    | Shuffled
    | CardsDrawn
    | HandLimit
    | Discarded
    | DealStarted
    | FamilyLaid
    | Proposed
    | Withdrawn
    | Agreed
    | AgreementsCancelled
    | CancelAsked
    | Played
    | Stopped
    | Passed
    | WentTravelling
    | BossChanged
    | Hired
    | NegotiationReset
    | LastCall
    | CloseCalledOff
    | Paid
    | DealClosed
    | DealFailed
    | CardsReturned
    | CardsDiscarded
    | TileLaid
    | TurnBegan
    | GameOver,
    Field(discriminator="kind"),
]


def redact(event: Event, viewer: int | None) -> Event:
    """The event as ``viewer`` may see it (None: the whole table).

    Payments are announced with the terms of a close (CL3), so they are public; only the
    running totals are secret (M1), and no event carries a total.
    """
    if isinstance(event, CardsDrawn) and event.player != viewer and event.cards is not None:
        return event.model_copy(update={"cards": None})
    return event
