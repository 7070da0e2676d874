"""What happened, as the table would tell it. ``apply`` returns these beside the new state.

Events are public except where a field says otherwise: ``redact`` removes the cards a player
drew before an event reaches anyone but that player.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Annotated, Literal

from .cards import Card, Colour
from .frozen import Discriminated, Frozen, value
from .state import Agreement, CardRef, Price, WindowKind


@value
class MarkerPlaced(Frozen):
    kind: Literal["marker_placed"] = "marker_placed"
    player: int
    space: int


@value
class DieRolled(Frozen):
    kind: Literal["die_rolled"] = "die_rolled"
    player: int
    value: int
    end_roll: bool = False


@value
class MarkerMoved(Frozen):
    kind: Literal["marker_moved"] = "marker_moved"
    space: int


@value
class Shuffled(Frozen):
    """CL7: the discards became a new draw pile."""

    kind: Literal["shuffled"] = "shuffled"
    cards: int


@value
class CardsDrawn(Frozen):
    kind: Literal["cards_drawn"] = "cards_drawn"
    player: int
    count: int
    #: Secret: only the drawer sees these (None when redacted or unknown).
    cards: tuple[Card, ...] | None = None


@value
class HandLimit(Frozen):
    kind: Literal["hand_limit"] = "hand_limit"
    player: int
    limit: int
    excess: int


@value
class Discarded(Frozen):
    kind: Literal["discarded"] = "discarded"
    player: int
    cards: tuple[Card, ...]


@value
class DealStarted(Frozen):
    kind: Literal["deal_started"] = "deal_started"
    boss: int
    space: int
    proceeds: int


@value
class FamilyLaid(Frozen):
    kind: Literal["family_laid"] = "family_laid"
    player: int
    colour: Colour


@value
class Proposed(Frozen):
    kind: Literal["proposed"] = "proposed"
    player: int
    supplier: int
    cards: tuple[CardRef, ...]
    price: Price
    by_boss: bool


@value
class Withdrawn(Frozen):
    kind: Literal["withdrawn"] = "withdrawn"
    player: int
    supplier: int


@value
class Agreed(Frozen):
    kind: Literal["agreed"] = "agreed"
    boss: int
    agreement: Agreement


@value
class AgreementsCancelled(Frozen):
    kind: Literal["agreements_cancelled"] = "agreements_cancelled"
    supplier: int
    why: str


@value
class CancelAsked(Frozen):
    kind: Literal["cancel_asked"] = "cancel_asked"
    player: int
    other: int


@value
class Played(Frozen):
    """A travel card, boss card or hire set was played: its reaction window is open."""

    kind: Literal["played"] = "played"
    player: int
    window: WindowKind
    cards: tuple[Card, ...]
    target: CardRef | None = None


@value
class Stopped(Frozen):
    kind: Literal["stopped"] = "stopped"
    player: int
    cancelled: WindowKind
    of_player: int


@value
class Passed(Frozen):
    kind: Literal["passed"] = "passed"
    player: int


@value
class WentTravelling(Frozen):
    kind: Literal["went_travelling"] = "went_travelling"
    target: CardRef


@value
class BossChanged(Frozen):
    kind: Literal["boss_changed"] = "boss_changed"
    old: int
    new: int


@value
class Hired(Frozen):
    kind: Literal["hired"] = "hired"
    player: int
    colour: Colour
    previous: int | None


@value
class NegotiationReset(Frozen):
    kind: Literal["negotiation_reset"] = "negotiation_reset"
    boss: int


@value
class LastCall(Frozen):
    """CL2: "One, two…" — the close is announced and may still be called off."""

    kind: Literal["last_call"] = "last_call"
    boss: int
    supplies: dict[Colour, CardRef]
    payments: dict[int, int]


@value
class CloseCalledOff(Frozen):
    kind: Literal["close_called_off"] = "close_called_off"
    player: int


@value
class Paid(Frozen):
    """Money changing hands; ``payer`` None is the bank (CL4)."""

    kind: Literal["paid"] = "paid"
    payer: int | None
    payee: int
    amount: int
    note: str = ""


@value
class DealClosed(Frozen):
    kind: Literal["deal_closed"] = "deal_closed"
    boss: int
    space: int
    proceeds: int
    kept: int


@value
class DealFailed(Frozen):
    kind: Literal["deal_failed"] = "deal_failed"
    boss: int
    space: int


@value
class CardsReturned(Frozen):
    """Family cards back to their owner's hand (CL5, F2)."""

    kind: Literal["cards_returned"] = "cards_returned"
    player: int
    cards: tuple[Card, ...]


@value
class CardsDiscarded(Frozen):
    kind: Literal["cards_discarded"] = "cards_discarded"
    cards: tuple[Card, ...]


@value
class TileLaid(Frozen):
    kind: Literal["tile_laid"] = "tile_laid"
    tile: int
    space: int


@value
class TurnBegan(Frozen):
    kind: Literal["turn_began"] = "turn_began"
    player: int


@value
class GameOver(Frozen):
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
    Discriminated("kind"),
]


def redact(event: Event, viewer: int | None) -> Event:
    """The event as ``viewer`` may see it (None: the whole table).

    Payments are announced with the terms of a close (CL3), so they are public; only the
    running totals are secret (M1), and no event carries a total.
    """
    if isinstance(event, CardsDrawn) and event.player != viewer and event.cards is not None:
        return replace(event, cards=None)
    return event
