"""What one player may know (or the whole table, with no viewer).

This is the only state the UI and the bots ever see. Hidden: other players' hands (S3), the
order of the draw pile, the seed (future dice and shuffles), and other players' exact money
(M1) — they see the size of the pile, as at the table.
"""

from __future__ import annotations

from enum import StrEnum
from functools import lru_cache
from typing import Any

from .board import Board
from .cards import COLOURS, Card, Colour
from .deciders import promised_of
from .frozen import Frozen, value
from .memo import Carry, Fact
from .options import Options
from .state import Deal, GameState, Phase, PlayerState, Window, deal_proceeds

_new = object.__new__


class MoneyPile(StrEnum):
    """How a pile of money looks from across the table (M1)."""

    NONE = "no money"
    THIN = "a thin pile"  # under $10M
    STACK = "a stack"  # $10M–$24M
    PILE = "a pile"  # $25M–$49M
    HEAP = "a heap"  # $50M and more

    @classmethod
    def of(cls, money: int) -> MoneyPile:
        if money <= 0:
            return cls.NONE
        if money < 10:
            return cls.THIN
        if money < 25:
            return cls.STACK
        if money < 50:
            return cls.PILE
        return cls.HEAP


@value
class PublicPlayer(Frozen):
    seat: int
    name: str
    investors: tuple[Colour, ...]
    hand_size: int | None
    pile: MoneyPile
    deals_closed: int


@value(slots=False)
class PlayerView(Frozen):
    """The game as ``viewer`` sees it. ``hand`` and ``money`` are the viewer's own.

    Built from a state the engine made, so nothing in it is validated again; its fields live
    in an instance dict, so the views of one state are copies of one dict (``view``)."""

    viewer: int | None
    board: Board
    options: Options
    players: tuple[PublicPlayer, ...]
    unowned: tuple[Colour, ...]
    covered: dict[int, int]
    stack: tuple[int, ...]
    deals_done: int
    marker: int | None
    turn: int
    phase: Phase
    deal: Deal | None
    window: Window | None
    draw_pile_size: int | None
    discard: tuple[Card, ...]
    end_roller: int | None
    winners: tuple[int, ...]
    #: Final money is shown to all once the game is over (E3).
    final_money: tuple[int, ...] | None
    hand: tuple[Card, ...] | None
    money: int | None

    @property
    def owners(self) -> dict[Colour, int | None]:
        """Who owns each investor card: public, as on the table (S2)."""
        out: dict[Colour, int | None] = {c: None for c in self.unowned}
        for player in self.players:
            out.update({c: player.seat for c in player.investors})
        return out

    @property
    def proceeds(self) -> int:
        """What the deal on the table pays the Boss (CL4): public, as the state's."""
        return deal_proceeds(self.board, self.stack, self.deal)

    @property
    def promised(self) -> int:
        """What the deal's agreements have promised out of the proceeds (N3), as the Boss's
        room for a price counts it (``deciders.promised_of``): public, on the table."""
        deal = self.deal
        if deal is None or not self.stack:
            return 0
        return promised_of(deal.agreements, self.board.tiles[self.stack[0] - 1].value)


#: A seat's view (with the seat); the fields every seat sees alike (an ask, an offer or a
#: withdrawal hands them on with the new deal: ``negotiation._with_proposals``); the
#: players' public faces, which never read the proposals.
VIEW = Fact("view")
VIEW_FIELDS = Fact("view fields")
PUBLIC = Fact("public", blind_to_proposals=True)


def view(state: GameState, viewer: int | None) -> PlayerView:
    """What ``viewer`` may know of ``state``: their own hand only (S3: hands are secret), the
    look of the others' money (M1). Remembered with the state: a table asks each seat again
    in every silent round of a deal."""
    memo = state.__dict__.get("_memo") or state.memo()  # hot: no call
    key = (VIEW, viewer)
    found: PlayerView | None = memo.get(key)
    if found is not None:
        return found
    # Built here rather than in a function of its own: a table builds one per seat asked.
    shared: dict[str, Any] | None = memo.get(VIEW_FIELDS)
    if shared is None:
        # What every seat sees alike, once per state.
        players, unowned = _public(state, memo)
        over = state.phase is Phase.OVER
        shared = memo[VIEW_FIELDS] = {
            "board": state.board,
            "options": state.options,
            "players": players,
            "unowned": unowned,
            "covered": state.covered,
            "stack": state.stack,
            "deals_done": state.deals_done,
            "marker": state.marker,
            "turn": state.turn,
            "phase": state.phase,
            "deal": state.deal,
            "window": state.window,
            "draw_pile_size": None if state.draw_pile is None else len(state.draw_pile),
            "discard": state.discard,
            "end_roller": state.end_roller,
            "winners": state.winners,
            "final_money": tuple(p.money for p in state.players) if over else None,
        }
    own = state.players[viewer] if viewer is not None else None
    seen = memo[key] = _new(PlayerView)
    fields = seen.__dict__
    fields.update(shared)
    fields["viewer"] = viewer
    fields["hand"] = own.hand if own is not None else None
    fields["money"] = own.money if own is not None else None
    return seen


def _public(
    state: GameState, memo: dict[Any, Any]
) -> tuple[tuple[PublicPlayer, ...], tuple[Colour, ...]]:
    """What everyone sees of the players: the same for every viewer, so built once a state,
    and shared with the state before when the players and the owners did not change (most
    steps of a deal change neither)."""
    found: tuple[tuple[PublicPlayer, ...], tuple[Colour, ...]] | None = memo.get(PUBLIC)
    if found is None:
        players, owners = state.players, state.owners
        last = _LAST_PUBLIC.last
        if last is not None and last[0] is players and last[1] is owners:
            found = last[2]
        else:
            if last is not None and last[1] is owners and len(last[0]) == len(players):
                found = _update_public(players, last[0], last[2])
            else:
                found = _build_public(players, owners)
            _LAST_PUBLIC.last = (players, owners, found)
        memo[PUBLIC] = found
    return found


#: The last answer of ``_public`` with the very objects it was built from (held here, so
#: their identities cannot be reused while the entry lives).
_LAST_PUBLIC: Carry[
    tuple[
        tuple[PlayerState, ...],
        dict[Colour, int | None],
        tuple[tuple[PublicPlayer, ...], tuple[Colour, ...]],
    ]
] = Carry("public faces")


def _update_public(
    players: tuple[PlayerState, ...],
    before: tuple[PlayerState, ...],
    built: tuple[tuple[PublicPlayer, ...], tuple[Colour, ...]],
) -> tuple[tuple[PublicPlayer, ...], tuple[Colour, ...]]:
    """``_build_public`` for players of whom only some changed, with the same owners: the
    others' public faces are the ones built before (a step changes one player or two)."""
    faces, unowned = built
    updated = list(faces)
    for i, p in enumerate(players):
        if p is not before[i]:
            face = faces[i]
            updated[i] = _public_player(
                i,
                p.name,
                face.investors,
                None if p.hand is None else len(p.hand),
                p.money,
                p.deals_closed,
            )
    return tuple(updated), unowned


def _build_public(
    players: tuple[PlayerState, ...], owners: dict[Colour, int | None]
) -> tuple[tuple[PublicPlayer, ...], tuple[Colour, ...]]:
    investors: list[list[Colour]] = [[] for _ in players]
    unowned: list[Colour] = []
    for c in COLOURS:
        o = owners[c]
        if o is None:
            unowned.append(c)
        else:
            investors[o].append(c)
    return (
        tuple(
            _public_player(
                i,
                p.name,
                tuple(investors[i]),
                None if p.hand is None else len(p.hand),
                p.money,
                p.deals_closed,
            )
            for i, p in enumerate(players)
        ),
        tuple(unowned),
    )


@lru_cache(maxsize=4096)
def _public_player(
    seat: int,
    name: str,
    investors: tuple[Colour, ...],
    hand_size: int | None,
    money: int,
    deals_closed: int,
) -> PublicPlayer:
    return PublicPlayer(
        seat=seat,
        name=name,
        investors=investors,
        hand_size=hand_size,
        pile=MoneyPile.of(money),
        deals_closed=deals_closed,
    )
