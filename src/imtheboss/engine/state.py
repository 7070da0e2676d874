"""The game state: a tree of small frozen values (see ``frozen``: no validation in here).

Updates copy only the path that changes (``replace(...)``), never the whole tree, so a step
costs microseconds and every earlier state stays valid: undo, replay and property tests rely on
that. Players are seats ``0..n-1`` in clockwise order (S6 ruling): the player on
someone's left is the next seat.
"""

from __future__ import annotations

from dataclasses import field
from enum import StrEnum
from typing import TYPE_CHECKING, Annotated, Literal

from .board import Board, Space, Tile
from .cards import COLOURS, Card, Colour, Hand
from .frozen import Discriminated, Frozen, Tree, field_constraints, invalid, value

if TYPE_CHECKING:
    from pydantic import Field
from .options import HAND_LIMIT, HAND_LIMIT_V6, Options, Variant

field_constraints(__name__)  # Field, in annotations below, lent on first validation


@value
class InvestorRef(Frozen):
    """An investor card, named by its colour: there is one per colour (C2)."""

    kind: Literal["investor"] = "investor"
    colour: Colour

    def __str__(self) -> str:
        return self.colour.value


@value
class FamilyRef(Frozen):
    """A family card laid face up on the table by ``owner`` (D4, N1)."""

    kind: Literal["family"] = "family"
    owner: int
    colour: Colour

    def __str__(self) -> str:
        return f"family {self.colour.value}"


CardRef = Annotated[InvestorRef | FamilyRef, Discriminated("kind")]


@value
class Price(Frozen):
    """A share of this deal's proceeds (N3): whole $M, or a number of dividends."""

    amount: Annotated[int, Field(ge=0)]
    dividends: bool = False

    def __post_init__(self) -> None:
        if self.amount < 0:
            invalid(Price, {"amount": self.amount, "dividends": self.dividends})

    def dollars(self, tile_value: int) -> int:
        return self.amount * tile_value if self.dividends else self.amount

    def __str__(self) -> str:
        if self.dividends:
            return f"{self.amount} dividend" + ("" if self.amount == 1 else "s")
        return f"${self.amount}M"


@value
class Proposal(Frozen):
    """An open offer between the Boss and ``supplier`` for some of the supplier's cards (N5).

    There is at most one per supplier: a new ask or offer replaces it (a counter-offer).
    """

    supplier: int
    cards: tuple[CardRef, ...]
    price: Price
    by_boss: bool


@value
class Agreement(Frozen):
    """An accepted proposal: it binds until the deal ends (N5)."""

    supplier: int
    cards: tuple[CardRef, ...]
    price: Price


@value
class Trip(Frozen):
    """An investor on a trip, with the travel card lying on it until the deal ends (TR2)."""

    colour: Colour
    card: Card


class WindowKind(StrEnum):
    TRAVEL = "travel"
    BOSS = "boss"
    HIRE = "hire"
    LAST_CALL = "last call"


@value
class Window(Frozen):
    """A reaction window (ST1 ruling, CL2): a pending play the others may still answer.

    For travel, boss and hire the only answer is a stop; for the last call of a close, any
    influence card calls the close off. The window closes when every responder has passed, or
    when the table's timer runs out (``TimeUp``).
    """

    kind: WindowKind
    player: int
    cards: tuple[Card, ...] = ()
    target: CardRef | None = None
    supplies: dict[Colour, CardRef] | None = None
    passed: frozenset[int] = frozenset()


@value(slots=False)
class Deal(Tree):
    """A deal in progress (D1–D5, N1–N5)."""

    space: int
    boss: int
    family: tuple[FamilyRef, ...] = ()
    trips: tuple[Trip, ...] = ()
    proposals: tuple[Proposal, ...] = ()
    agreements: tuple[Agreement, ...] = ()
    #: Players who played an influence card in this deal (V3).
    played: frozenset[int] = frozenset()
    #: The Boss came in by a boss card and may still start the negotiation afresh (B2).
    may_reset: bool = False
    #: (asker, other) pairs: one side has asked to cancel their agreements (N5).
    cancel_requests: frozenset[tuple[int, int]] = frozenset()
    #: The player whose card in the last call called the close off (CL2), until the Boss
    #: announces a close again: a roll or a draw refused meanwhile says so.
    called_off_by: int | None = None

    def travelling(self, colour: Colour) -> bool:
        trips = self.trips
        return bool(trips) and any(t.colour is colour for t in trips)


@value(slots=False)
class PlayerState(Tree):
    name: str
    #: The secret hand (S3); None when it is unknown (a position reconstructed from a dispute).
    hand: Hand | None = ()
    money: int = 0
    deals_closed: int = 0


@value
class Rng(Frozen):
    """The seeded source of chance. Each draw uses ``(seed, counter)`` and bumps the counter,
    so the state alone decides every future die and shuffle."""

    seed: int
    counter: int = 0


class Phase(StrEnum):
    PLACE_MARKER = "place marker"  # S6: the player right of the start player places it
    TURN = "turn"  # T1: deal here, or roll
    ROLLED = "rolled"  # T1(b): deal on the new space, or draw
    HAND_LIMIT = "hand limit"  # T2: hire sets, then discard down to the limit
    DEAL = "deal"  # D1–CL7
    END_ROLL = "end roll"  # E1: the last Boss rolls against the tile's back
    OVER = "over"  # E2/E3


#: Looked up once: in Python 3.11 ``Variant.V6`` in a method goes through
#: ``EnumType.__getattr__``'s hook (~900 instructions, against a global's few).
_V6 = Variant.V6


def deal_proceeds(board: Board, stack: tuple[int, ...], deal: Deal | None) -> int:
    """CL4: a deal pays its space's dividends times the top tile's value (C4); nothing
    without a deal or a tile. A player's view reads the same public facts."""
    if deal is None or not stack:
        return 0
    return board.space(deal.space).dividends * board.tiles[stack[0] - 1].value


@value(slots=False)
class GameState(Tree):
    board: Board
    options: Options = field(default_factory=Options)
    players: tuple[PlayerState, ...]
    #: Owner seat of each investor card; None: lying unowned beside the board (S2).
    owners: dict[Colour, int | None]
    #: Deal tile numbers still in the stack, top first (S4).
    stack: tuple[int, ...]
    #: Covered spaces: space number → the tile laid on it (CL6).
    covered: dict[int, int] = field(default_factory=dict)
    deals_done: int = 0
    marker: int | None = None
    #: Whose turn it is (T1) — not always whose decision it is.
    turn: int = 0
    phase: Phase = Phase.TURN
    deal: Deal | None = None
    window: Window | None = None
    #: The last thing played was a stop (ST2: it cannot be stopped).
    after_stop: bool = False
    #: The player whose hire set at the hand limit just brought the hand within it and so
    #: ended the turn (T2), until the next move: a second hire set refused then says so.
    limit_hire: int | None = None
    #: The draw pile, top first; None when unknown (hands given as "open").
    draw_pile: tuple[Card, ...] | None = ()
    discard: tuple[Card, ...] = ()
    #: None: dice results are written down, not rolled (a position from a dispute).
    rng: Rng | None = None
    #: All money the bank has paid out (C5): always the sum of the players' money.
    bank_paid: int = 0
    #: The Boss who must make the end roll (E1), and the tile that roll is against.
    end_roller: int | None = None
    end_tile: int | None = None
    winners: tuple[int, ...] = ()

    # -- derived facts, kept out of the stored fields so they can never disagree --

    @property
    def n(self) -> int:
        return len(self.players)

    def left_of(self, seat: int) -> int:
        return (seat + 1) % len(self.players)

    def right_of(self, seat: int) -> int:
        return (seat - 1) % len(self.players)

    def owner(self, colour: Colour) -> int | None:
        return self.owners[colour]

    def investors_of(self, seat: int) -> tuple[Colour, ...]:
        return tuple(c for c in COLOURS if self.owners[c] == seat)

    def unowned(self) -> tuple[Colour, ...]:
        return tuple(c for c in COLOURS if self.owners[c] is None)

    @property
    def space(self) -> Space | None:
        """The space under the dollar marker."""
        return None if self.marker is None else self.board.space(self.marker)

    @property
    def next_tile(self) -> Tile | None:
        """The top deal tile: it values the next completed deal (C4)."""
        return self.board.tiles[self.stack[0] - 1] if self.stack else None

    @property
    def proceeds(self) -> int:
        """What the deal on the table pays the Boss (CL4)."""
        return deal_proceeds(self.board, self.stack, self.deal)

    def hand_limit(self) -> int:
        """T2: the hand limit at the end of a turn; V6: 10 from the 10th deal on."""
        if self.options.has(_V6) and self.deals_done >= 10:
            return HAND_LIMIT_V6
        return HAND_LIMIT

    def uncovered(self) -> tuple[int, ...]:
        return tuple(s.number for s in self.board.spaces if s.number not in self.covered)

    def seat(self, name: str) -> int:
        for i, p in enumerate(self.players):
            if p.name == name:
                return i
        raise KeyError(name)

    def name(self, seat: int) -> str:
        return self.players[seat].name
