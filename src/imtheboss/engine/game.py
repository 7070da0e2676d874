"""``apply(state, action)``: the one door into the rules.

The rules themselves live in one module per section of RULES.md, each citing the rule IDs it
implements: ``turn`` (S6, T1–T4), ``negotiation`` (D4, N1–N5), ``influence`` (TR1–TR5,
B1–B3, H1–H3), ``windows`` (ST1–ST3 and the last call, CL2), ``closing`` (CL1–CL7, F1–F3)
and ``end`` (E1–E3). Each handler either returns a new state (copying only what changes) and
appends the events it caused, or raises ``IllegalAction`` before anything is built; the input
is never mutated.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import actions as A
from .actions import Action
from .closes import agreeing_cards, check_close, close_actions, possible_closes
from .closing import _close, _fail
from .common import responders
from .end import _game_is_over
from .errors import N_, IllegalAction, msg
from .events import Event
from .influence import _boss, _hire, _reset, _travel
from .negotiation import _accept, _ask, _cancel, _lay_family, _offer, _withdraw
from .state import GameState, Phase
from .turn import _discard, _draw, _place_marker, _roll, _start_deal, draw_count
from .windows import _pass, _stop, _time_up, _window_gate

Handler = Callable[[GameState, Any, list[Event]], GameState]


def apply(state: GameState, action: Action) -> tuple[GameState, tuple[Event, ...]]:
    """Play ``action``. Returns the new state and what happened; raises IllegalAction (with
    the rule ID) and leaves ``state`` as it was when the rules forbid it."""
    events: list[Event] = []
    player = getattr(action, "player", None)
    if player is not None and not 0 <= player < len(state.players):
        raise IllegalAction("S1", msg(N_("There is no player in seat {seat}"), seat=player))
    if state.phase is _OVER:
        raise _game_is_over(state)
    limit_hire = state.limit_hire
    if state.window is not None:
        state = _window_gate(state, action, events)
    new = _HANDLERS[type(action)](state, action, events)
    if new.after_stop and type(action) is not A.PlayStop:
        new = new.replace(after_stop=False)
    if limit_hire is not None:  # T2: only the very next move hears why the turn ended
        new = new.replace(limit_hire=None)
    return new, tuple(events)


_OVER = Phase.OVER


_HANDLERS: dict[type, Handler] = {
    A.PlaceMarker: _place_marker,
    A.StartDeal: _start_deal,
    A.Roll: _roll,
    A.Draw: _draw,
    A.Discard: _discard,
    A.LayFamily: _lay_family,
    A.Offer: _offer,
    A.Ask: _ask,
    A.Accept: _accept,
    A.Withdraw: _withdraw,
    A.CancelAgreement: _cancel,
    A.PlayTravel: _travel,
    A.PlayBoss: _boss,
    A.PlayHire: _hire,
    A.PlayStop: _stop,
    A.Pass: _pass,
    A.TimeUp: _time_up,
    A.Reset: _reset,
    A.Close: _close,
    A.Fail: _fail,
}

__all__ = [
    "agreeing_cards",
    "apply",
    "check_close",
    "close_actions",
    "draw_count",
    "possible_closes",
    "responders",
]
