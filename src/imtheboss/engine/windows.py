"""Reaction windows: the stop (ST1–ST3), the pass and the timer, and what a window does
when it closes unanswered: the pending play takes effect (CL2 for the last call).

Part of ``apply`` (``game.py``), the one door into the rules: each handler here returns a new
state and appends the events it caused, or raises ``IllegalAction`` before anything is built.
"""

from __future__ import annotations

from typing import Any

from . import actions as A
from . import events as E
from .actions import Action
from .cards import Card
from .closing import _close_effect
from .common import _begin_turn, _name, _set_player, _take_from_hand, responders
from .errors import N_, IllegalAction, Msg, msg
from .events import Event
from .influence import _boss_effect, _hire_effect, _travel_effect
from .state import (
    GameState,
    Phase,
    WindowKind,
)

#: The enum members these steps compare, looked up once: in Python 3.11 each
#: ``Phase.DEAL`` in a function goes through ``EnumType.__getattr__``'s hook (~900
#: instructions, against a global's few).
_STOP = Card.STOP
_DEAL = Phase.DEAL
_HAND_LIMIT = Phase.HAND_LIMIT
_BOSS_WINDOW = WindowKind.BOSS
_HIRE_WINDOW = WindowKind.HIRE
_LAST_CALL = WindowKind.LAST_CALL
_TRAVEL_WINDOW = WindowKind.TRAVEL

#: What answers an open window.
_ANSWERS = (A.PlayStop, A.Pass, A.TimeUp)


def _window_gate(state: GameState, action: Action, events: list[Event]) -> GameState:
    """While a window is open only its answers are legal. In the last call an influence card
    by anyone but the Boss calls the close off first, then is played as usual."""
    window = state.window
    if window is None or isinstance(action, _ANSWERS):
        return state
    if window.kind is _LAST_CALL:
        if isinstance(action, A.INFLUENCE_PLAYS) and action.player != window.player:
            events.append(E.CloseCalledOff(player=action.player))
            deal = state.deal
            assert deal is not None
            return state.replace(window=None, deal=deal.replace(called_off_by=action.player))
        raise IllegalAction(
            "CL2",
            Msg(
                N_(
                    'The Boss has said "One, two…": until the count ends only another '
                    "player's influence card can call the close off"
                )
            ),
        )
    raise IllegalAction(
        "ST1",
        msg(_WAITING[window.kind], player=_name(state, window.player)),
    )


#: Whole sentences per play (not "{player}'s {play} play"): each language words them its way.
_WAITING = {
    WindowKind.TRAVEL: N_(
        "{player}'s travel play is waiting for an answer: "
        "only a stop or a pass is allowed until its window closes"
    ),
    WindowKind.BOSS: N_(
        "{player}'s boss play is waiting for an answer: "
        "only a stop or a pass is allowed until its window closes"
    ),
    WindowKind.HIRE: N_(
        "{player}'s hire play is waiting for an answer: "
        "only a stop or a pass is allowed until its window closes"
    ),
    # CL2: no stop in the last call (a close is never stopped), only a card that calls it off.
    WindowKind.LAST_CALL: N_(
        "{player}'s close is in its last call: until the count ends only a pass, or another "
        "player's influence card calling the close off, is allowed"
    ),
}


def _stop(state: GameState, action: A.PlayStop, events: list[Event]) -> GameState:
    """ST1–ST3: a stop cancels the travel card, boss card or hire set just played."""
    window = state.window
    if window is None and state.phase is not _DEAL and not state.after_stop:
        raise IllegalAction("T4", Msg(N_("Influence cards are played during deals only")))
    if window is not None and window.kind is _LAST_CALL:
        raise IllegalAction(
            "CL2",
            Msg(
                N_(
                    'A close cannot be stopped: during "One, two…" only another player\'s '
                    "family, travel, boss or hire card calls it off"
                )
            ),
        )
    if window is None:
        if state.after_stop:
            raise IllegalAction("ST2", Msg(N_("A stop cannot cancel a stop")))
        raise IllegalAction(
            "ST1",
            Msg(
                N_(
                    "A stop can only be played immediately after a travel card, boss card or "
                    "hire set"
                )
            ),
        )
    hand = _take_from_hand(state, action.player, [_STOP], "ST1")
    players = _set_player(state, action.player, hand=hand)
    events.append(E.Stopped(player=action.player, cancelled=window.kind, of_player=window.player))
    discarded = (*window.cards, _STOP)
    events.append(E.CardsDiscarded(cards=discarded))
    update: dict[str, Any] = {
        "players": players,
        "window": None,
        "after_stop": True,
        "discard": state.discard + discarded,
    }
    if state.deal is not None:
        update["deal"] = state.deal.replace(played=state.deal.played | {action.player})
    return _after_window(state.changed(update), events)


def _pass(state: GameState, action: A.Pass, events: list[Event]) -> GameState:
    window = state.window
    if window is None:
        raise IllegalAction("ST1", Msg(N_("There is nothing to pass on: no play is waiting")))
    if action.player not in responders(state):
        refusal = (
            N_("You made this play: {player} cannot pass on it")
            if action.player == window.player
            else N_("You have passed: {player} cannot pass on it")
        )
        raise IllegalAction("ST1", msg(refusal, player=_name(state, action.player)))
    events.append(E.Passed(player=action.player))
    window = window.replace(passed=window.passed | {action.player})
    state = state.replace(window=window)
    if responders(state):
        return state
    return _resolve(state, events)


def _time_up(state: GameState, action: A.TimeUp, events: list[Event]) -> GameState:
    if state.window is None:
        raise IllegalAction("ST1", Msg(N_("No play is waiting for an answer")))
    return _resolve(state, events)


def _resolve(state: GameState, events: list[Event]) -> GameState:
    """The window closed unanswered: the pending play takes effect."""
    window = state.window
    assert window is not None
    state = state.replace(window=None)
    if window.kind is _TRAVEL_WINDOW:
        state = _travel_effect(state, window, events)
    elif window.kind is _BOSS_WINDOW:
        state = _boss_effect(state, window, events)
    elif window.kind is _HIRE_WINDOW:
        state = _hire_effect(state, window, events)
    else:
        return _close_effect(state, window, events)
    return _after_window(state, events)


def _after_window(state: GameState, events: list[Event]) -> GameState:
    """At the hand-limit step a hire set may have brought the hand down far enough (T2); the
    turn ends, and a second hire set by the same player is refused with that reason."""
    if state.phase is _HAND_LIMIT and state.window is None:
        player = state.turn
        hand = state.players[player].hand
        if hand is None:
            return _begin_turn(state, state.left_of(player), events)
        if len(hand) <= state.hand_limit():
            return _begin_turn(state.replace(limit_hire=player), state.left_of(player), events)
    return state
