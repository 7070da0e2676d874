"""What every part of the rules shares: names, hands, the deal, whose turn, the die, and
opening a reaction window (ST1 ruling, CL2).

Part of ``apply`` (``game.py``), the one door into the rules: each handler here returns a new
state and appends the events it caused, or raises ``IllegalAction`` before anything is built.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from . import events as E
from .cards import Card, Hand, remove_cards, sort_hand
from .deciders import promised_of
from .errors import N_, IllegalAction, Msg, msg, none_of
from .events import Event
from .memo import Carry, Fact
from .options import Variant
from .rng import roll_die
from .state import (
    CardRef,
    Deal,
    GameState,
    InvestorRef,
    Phase,
    PlayerState,
    Rng,
    Window,
    WindowKind,
)
from .words import card_word, definite_colour, investor_colour

#: The enum members these steps compare, looked up once: in Python 3.11 each
#: ``Phase.DEAL`` in a function goes through ``EnumType.__getattr__``'s hook (~900
#: instructions, against a global's few).
_DEAL = Phase.DEAL
_TURN = Phase.TURN
_V1 = Variant.V1


def _name(state: GameState, seat: int) -> str:
    return state.players[seat].name


def _set_player(state: GameState, seat: int, **changes: Any) -> tuple[PlayerState, ...]:
    players = list(state.players)
    players[seat] = players[seat].changed(changes)
    return tuple(players)


def _take_from_hand(state: GameState, seat: int, cards: Iterable[Card], rule: str) -> Hand | None:
    """The hand without ``cards``. An unknown hand (a dispute with open hands) is taken to
    have held whatever its owner plays.

    A refusal names only what the hand lacks, each card once ("hire ×3" for a hire set
    short of three), so that "no tiene X ni Y" is true of every card it names."""
    cards = tuple(cards)
    hand = state.players[seat].hand
    if hand is None:
        return None
    rest = remove_cards(hand, cards)
    if rest is None:
        short = [(c, n) for c, n in Counter(cards).items() if hand.count(c) < n]
        what = none_of(
            card_word(c) if n == 1 else msg(N_("{card} ×{n}"), card=card_word(c), n=n)
            for c, n in short
        )
        raise IllegalAction(
            rule, msg(N_("{player} does not hold {cards}"), player=_name(state, seat), cards=what)
        )
    return rest


def _give(hand: Hand | None, cards: Iterable[Card]) -> Hand | None:
    return None if hand is None else sort_hand((*hand, *cards))


def _deal(state: GameState) -> Deal:
    assert state.deal is not None
    return state.deal


def _deal_money(state: GameState) -> tuple[int, int, int]:
    """(the top tile's value, the deal's space's dividends, the proceeds: CL4) of the deal
    on the table. The same all deal long — the board, the stack of tiles and the space do
    not change until it ends — and asked at almost every step (the prices a seat may name,
    the room left by the agreements, an ask's check), so the last answer is kept with the
    very objects it was worked out from (held here, so no identity is reused)."""
    deal = state.deal
    board, stack = state.board, state.stack
    assert deal is not None and stack, "a deal is priced by the top tile (C4, E2)"
    last = _LAST_MONEY.last
    if last is not None and last[0] is board and last[1] is stack and last[2] == deal.space:
        found: tuple[int, int, int] = last[3]
        return found
    value = board.tiles[stack[0] - 1].value
    dividends = board.space(deal.space).dividends
    found = (value, dividends, dividends * value)
    _LAST_MONEY.last = (board, stack, deal.space, found)
    return found


#: ``_deal_money``'s last answer, after the board, stack and space it was worked out from.
_LAST_MONEY: Carry[tuple[Any, ...]] = Carry("deal money")


#: ``price_room``'s answer: it never reads the proposals.
ROOM = Fact("room", blind_to_proposals=True)


def price_room(state: GameState, deal: Deal) -> tuple[int, int]:
    """(the tile's value, what the proceeds leave after the agreements): what a price must
    fit (``deciders.price_fits``, N3) — for the Boss accepting it, for the legal actions and
    kinds that offer the acceptance, and for the bots. Remembered with the state, and handed
    on by a step that changes neither the agreements nor the tile."""
    memo = state.__dict__.get("_memo") or state.memo()  # hot: no call
    found: tuple[int, int] | None = memo.get(ROOM)
    if found is None:
        value, _, proceeds = _deal_money(state)
        found = memo[ROOM] = (value, proceeds - promised_of(deal.agreements, value))
    return found


def _with_deal(state: GameState, **changes: Any) -> GameState:
    return state.replace(deal=_deal(state).changed(changes))


def _require_deal(state: GameState, refusal: str) -> Deal:
    """``refusal``: the whole sentence (a message key) for a play outside a deal (T4)."""
    if state.phase is not _DEAL or state.deal is None:
        raise IllegalAction("T4", Msg(refusal))
    return state.deal


def _require_boss(
    state: GameState, player: int, outside_deal: str, not_boss: str, rule: str
) -> Deal:
    """``outside_deal`` and ``not_boss`` (with ``{boss}``) are the sentences of the two
    refusals, whole, so that each language words them its own way."""
    deal = _require_deal(state, outside_deal)
    if player != deal.boss:
        raise IllegalAction(rule, msg(not_boss, boss=_name(state, deal.boss)))
    return deal


def _next_turn(state: GameState, boss: int) -> int:
    """B3: the player on the last Boss's left; V1: on the left of whose turn it was."""
    return state.left_of(state.turn if state.options.has(_V1) else boss)


def _begin_turn(state: GameState, seat: int, events: list[Event]) -> GameState:
    events.append(E.TurnBegan(player=seat))
    return state.replace(turn=seat, phase=_TURN, deal=None, window=None)


def _describe(ref: CardRef, state: GameState) -> Msg:
    if isinstance(ref, InvestorRef):
        owner = state.owners[ref.colour]
        if owner is None:
            return msg(N_("unowned {colour} investor"), colour=investor_colour(ref.colour))
        return msg(
            N_("{player}'s {colour} investor"),
            player=_name(state, owner),
            colour=investor_colour(ref.colour),
        )
    return msg(
        N_("{player}'s {colour} family card"),
        player=_name(state, ref.owner),
        colour=definite_colour(ref.colour),
    )


def _die(state: GameState, written: int | None, rule: str) -> tuple[int, Rng | None]:
    """The number rolled and the source of chance after the roll, for the roll's own copy
    of the state (the dice written down, ``rng`` None: the number written, no source)."""
    if state.rng is None:
        if written is None:
            raise IllegalAction(rule, Msg(N_("Write down the number rolled (roll 1–6)")))
        return written, None
    value, rng = roll_die(state.rng)
    if written is not None and written != value:
        raise IllegalAction(
            rule,
            msg(N_("The seeded die shows {value}, not {written}"), value=value, written=written),
        )
    return value, rng


def _open_window(
    state: GameState,
    kind: WindowKind,
    player: int,
    cards: tuple[Card, ...],
    target: CardRef | None,
    events: list[Event],
    **changes: Any,
) -> GameState:
    """ST1 ruling: the play waits for an answer. ``changes``: what the play changes besides
    (the player's hand), made in the same copy of the state."""
    events.append(E.Played(player=player, window=kind, cards=cards, target=target))
    update: dict[str, Any] = {
        "window": Window(kind=kind, player=player, cards=cards, target=target),
        **changes,
    }
    if state.deal is not None:
        update["deal"] = state.deal.replace(played=state.deal.played | {player})
    return state.changed(update)


def responders(state: GameState) -> frozenset[int]:
    """Who may still answer the open window (everyone but the one who played or closed)."""
    window = state.window
    if window is None:
        return frozenset()
    return frozenset(range(state.n)) - {window.player} - window.passed
