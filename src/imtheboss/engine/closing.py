"""The close (CL1–CL7) and the failure (F1–F3) of a deal. Which closes are possible, and
the terms of one (CL3), are ``closes.py``'s: the legal lists ask them too.

Part of ``apply`` (``game.py``), the one door into the rules: each handler here returns a new
state and appends the events it caused, or raises ``IllegalAction`` before anything is built.
"""

from __future__ import annotations

from . import actions as A
from . import events as E
from .cards import Card, family
from .closes import check_close, must_close
from .common import _begin_turn, _deal, _give, _next_turn, _require_boss
from .end import _game_over
from .errors import N_, IllegalAction, Msg
from .events import Event
from .options import Variant
from .state import FamilyRef, GameState, Phase, Window, WindowKind

#: The enum members these steps compare, looked up once: in Python 3.11 each
#: ``Phase.DEAL`` in a function goes through ``EnumType.__getattr__``'s hook (~900
#: instructions, against a global's few).
_END_ROLL = Phase.END_ROLL
_V3 = Variant.V3
_LAST_CALL = WindowKind.LAST_CALL


def _close(state: GameState, action: A.Close, events: list[Event]) -> GameState:
    """CL1–CL3: the Boss announces the terms; CL2: "One, two…" opens the last call."""
    deal = _require_boss(
        state,
        action.player,
        N_("close the deal only during a deal"),
        N_("Only the Boss ({boss}) can close the deal"),
        "CL1",
    )
    payments = check_close(state, deal.boss, action.supplies)
    events.append(E.LastCall(boss=deal.boss, supplies=action.supplies, payments=payments))
    window = Window(kind=_LAST_CALL, player=deal.boss, supplies=action.supplies)
    if deal.called_off_by is not None:  # a new count: the call-off is history
        return state.replace(window=window, deal=deal.replace(called_off_by=None))
    return state.replace(window=window)


def _end_of_deal(state: GameState, used: list[FamilyRef], events: list[Event]) -> GameState:
    """CL5/F2: used family cards and travel cards are discarded; unused family go home (N2:
    laid family cards stay on the table until then)."""
    deal = _deal(state)
    back: dict[int, list[Card]] = {}
    gone: list[Card] = [t.card for t in deal.trips]
    remaining = list(used)
    for ref in deal.family:
        if ref in remaining:
            remaining.remove(ref)
            gone.append(family(ref.colour))
        else:
            back.setdefault(ref.owner, []).append(family(ref.colour))
    players = list(state.players)
    for seat, cards in back.items():
        players[seat] = players[seat].replace(hand=_give(players[seat].hand, cards))
        events.append(E.CardsReturned(player=seat, cards=tuple(cards)))
    if gone:
        events.append(E.CardsDiscarded(cards=tuple(gone)))
    return state.replace(players=tuple(players), discard=state.discard + tuple(gone), deal=None)


def _close_effect(state: GameState, window: Window, events: list[Event]) -> GameState:
    """CL4–CL6 and E1/E2: pay, clear the table, lay the tile, move the marker."""
    deal = _deal(state)
    assert window.supplies is not None
    boss = deal.boss
    payments = check_close(state, boss, window.supplies)
    proceeds = state.proceeds
    tile_number = state.stack[0]
    tile = state.board.tiles[tile_number - 1]
    events.append(E.Paid(payer=None, payee=boss, amount=proceeds, note=N_("proceeds")))
    players = list(state.players)
    players[boss] = players[boss].replace(
        money=players[boss].money + proceeds - sum(payments.values()),
        deals_closed=players[boss].deals_closed + 1,
    )
    # Only V3 forfeits a payment; without it a $0 price is just a $0 price, not a forfeit.
    v3 = state.options.has(_V3)
    for seat, amount in payments.items():
        players[seat] = players[seat].replace(money=players[seat].money + amount)
        note = N_("V3: played no influence card") if v3 and seat not in deal.played else ""
        events.append(E.Paid(payer=boss, payee=seat, amount=amount, note=note))
    events.append(
        E.DealClosed(
            boss=boss, space=deal.space, proceeds=proceeds, kept=proceeds - sum(payments.values())
        )
    )
    used = [ref for ref in window.supplies.values() if isinstance(ref, FamilyRef)]
    state = state.replace(players=tuple(players), bank_paid=state.bank_paid + proceeds)
    state = _end_of_deal(state, used, events)
    covered = {**state.covered, deal.space: tile_number}
    events.append(E.TileLaid(tile=tile_number, space=deal.space))
    state = state.replace(covered=covered, stack=state.stack[1:], deals_done=state.deals_done + 1)
    open_spaces = state.uncovered()
    if open_spaces:
        after = [s for s in open_spaces if s > deal.space] or list(open_spaces)
        events.append(E.MarkerMoved(space=after[0]))
        state = state.replace(marker=after[0])
    if tile.last or not state.stack:
        return _game_over(state, events)
    if tile.ends_on:
        return state.replace(phase=_END_ROLL, end_roller=boss, end_tile=tile_number)
    return _begin_turn(state, _next_turn(state, boss), events)


def _fail(state: GameState, action: A.Fail, events: list[Event]) -> GameState:
    """F1–F3: family cards go home, the rest is discarded, the marker stays."""
    deal = _require_boss(
        state,
        action.player,
        N_("declare the deal failed only during a deal"),
        N_("Only the Boss ({boss}) can declare the deal failed"),
        "F1",
    )
    if must_close(state):
        raise IllegalAction(
            "V8", Msg(N_("The cards on the table meet the deal: the Boss must close it"))
        )
    events.append(E.DealFailed(boss=deal.boss, space=deal.space))
    state = _end_of_deal(state, [], events)
    return _begin_turn(state, _next_turn(state, deal.boss), events)
