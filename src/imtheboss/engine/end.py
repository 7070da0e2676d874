"""The end of the game: E1 (the end roll), E2/E3 (the last tile, the richest player wins).

Part of ``apply`` (``game.py``), the one door into the rules: each handler here returns a new
state and appends the events it caused, or raises ``IllegalAction`` before anything is built.
"""

from __future__ import annotations

from . import actions as A
from . import events as E
from .common import _begin_turn, _die, _name, _next_turn
from .errors import N_, IllegalAction, Msg, msg
from .events import Event
from .state import (
    GameState,
    Phase,
)

#: The enum members these steps compare, looked up once: in Python 3.11 each
#: ``Phase.DEAL`` in a function goes through ``EnumType.__getattr__``'s hook (~900
#: instructions, against a global's few).
_OVER = Phase.OVER


def _end_roll(state: GameState, action: A.Roll, events: list[Event]) -> GameState:
    """E1: the last Boss rolls; a number on the tile's back ends the game."""
    if action.player != state.end_roller:
        raise IllegalAction(
            "E1",
            msg(
                N_("{player} makes the end roll, as the last Boss"),
                player=_name(state, state.end_roller or 0),
            ),
        )
    value, rng = _die(state, action.value, "E1")
    events.append(E.DieRolled(player=action.player, value=value, end_roll=True))
    assert state.end_tile is not None
    if value in state.board.tiles[state.end_tile - 1].ends_on:
        return _game_over(state.replace(rng=rng), events)
    state = state.replace(rng=rng, end_roller=None, end_tile=None)
    return _begin_turn(state, _next_turn(state, action.player), events)


def _game_over(state: GameState, events: list[Event]) -> GameState:
    """E3: the richest player wins; a tie is a shared win."""
    best = max(p.money for p in state.players)
    winners = tuple(i for i, p in enumerate(state.players) if p.money == best)
    events.append(E.GameOver(winners=winners, money=tuple(p.money for p in state.players)))
    return state.replace(phase=_OVER, winners=winners, window=None, deal=None)


def _game_is_over(state: GameState) -> IllegalAction:
    """A move after the end cites the rule that ended the game (issue 21), not E3: the end
    roll (E1) leaves the tile it was rolled against; the last tile (E2, V7 too) leaves none."""
    if state.end_tile is not None:
        return IllegalAction(
            "E1",
            msg(
                N_("The game is over: the end roll after deal tile {tile} ended it"),
                tile=state.end_tile,
            ),
        )
    return IllegalAction("E2", Msg(N_("The game is over: the last deal tile has been laid")))
