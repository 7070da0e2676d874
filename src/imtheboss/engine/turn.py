"""Setup and a turn: S6 (the dollar marker), T1 (deal, or roll and draw), T2 (the hand limit).

Part of ``apply`` (``game.py``), the one door into the rules: each handler here returns a new
state and appends the events it caused, or raises ``IllegalAction`` before anything is built.
"""

from __future__ import annotations

from . import actions as A
from . import events as E
from .cards import Card, sort_hand
from .common import _begin_turn, _die, _name, _set_player, _take_from_hand
from .deciders import may_draw, may_start_deal
from .end import _end_roll
from .errors import N_, IllegalAction, Msg, msg, plural
from .events import Event
from .options import DRAW, Variant
from .rng import shuffled
from .state import (
    Deal,
    GameState,
    Phase,
)

#: The enum members these steps compare, looked up once: in Python 3.11 each
#: ``Phase.DEAL`` in a function goes through ``EnumType.__getattr__``'s hook (~900
#: instructions, against a global's few).
_DEAL = Phase.DEAL
_END_ROLL = Phase.END_ROLL
_HAND_LIMIT = Phase.HAND_LIMIT
_PLACE_MARKER = Phase.PLACE_MARKER
_ROLLED = Phase.ROLLED
_TURN = Phase.TURN
_V4 = Variant.V4


def _place_marker(state: GameState, action: A.PlaceMarker, events: list[Event]) -> GameState:
    """S6: the player to the start player's right puts the marker on any space."""
    if state.phase is not _PLACE_MARKER:
        raise IllegalAction("S6", Msg(N_("The dollar marker is already on the board")))
    placer = state.right_of(state.turn)
    if action.player != placer:
        raise IllegalAction(
            "S6",
            msg(
                N_("{player}, on the start player's right, places the dollar marker"),
                player=_name(state, placer),
            ),
        )
    if action.space not in state.uncovered():
        raise IllegalAction(
            "S6", msg(N_("There is no open space {space} (spaces 1–16)"), space=action.space)
        )
    events.append(E.MarkerPlaced(player=action.player, space=action.space))
    state = state.replace(marker=action.space)
    return _begin_turn(state, state.turn, events)


def _require_turn(
    state: GameState,
    player: int,
    phases: tuple[Phase, ...],
    during_deal: str,
    not_now: str,
    roll_or_draw: bool = False,
) -> None:
    """T1: only the player whose turn it is acts, at the moments of a turn (the marker, S6,
    the hand limit, T2, and the end roll, E1, come first). ``during_deal`` and ``not_now``
    are the whole sentences (message keys) refusing the action during a deal and at another
    moment of the turn; a roll or a draw after a card in the last call called the close off
    hears whose card it was and that the deal goes on (CL2)."""
    if state.phase not in phases:
        if state.phase is _DEAL:
            deal = state.deal
            if roll_or_draw and deal is not None and deal.called_off_by is not None:
                raise _called_off(state, deal.called_off_by)
            raise IllegalAction("T1", Msg(during_deal))
        if state.phase is _HAND_LIMIT:
            raise IllegalAction(
                "T2", msg(N_("{player} must first discard down"), player=_name(state, state.turn))
            )
        if state.phase is _PLACE_MARKER:
            raise IllegalAction("S6", Msg(N_("The dollar marker must be placed first")))
        if state.phase is _END_ROLL:
            raise IllegalAction(
                "E1",
                msg(
                    N_("{player} must roll for the end of the game"),
                    player=_name(state, state.end_roller or 0),
                ),
            )
        raise IllegalAction("T1", Msg(not_now))
    if player != state.turn:
        raise IllegalAction("T1", msg(N_("It is {player}'s turn"), player=_name(state, state.turn)))


def _called_off(state: GameState, player: int) -> IllegalAction:
    """CL2: a roll or a draw while a deal whose close was called off goes on: the table needs
    to hear whose card did it and that the deal goes on, not only that a deal is under way."""
    return IllegalAction(
        "CL2",
        msg(
            N_(
                "{player}'s card in the last call called the close off: the deal goes on, "
                "so there is no roll or draw now"
            ),
            player=_name(state, player),
        ),
    )


def _start_deal(state: GameState, action: A.StartDeal, events: list[Event]) -> GameState:
    """T1, D1: "Let's make a deal!" — the player starting it is the Boss."""
    _require_turn(
        state,
        action.player,
        (_TURN, _ROLLED),
        N_("A deal is under way: you cannot start a deal now"),
        N_("You cannot start a deal now"),
    )
    hand = state.players[action.player].hand
    if not may_start_deal(state, hand):
        raise IllegalAction(
            "V5", Msg(N_("With 3 or fewer influence cards you may not start a deal"))
        )
    space = state.marker
    assert space is not None
    if state.next_tile is None:
        raise IllegalAction("E2", Msg(N_("No deal tiles are left")))
    state = state.replace(phase=_DEAL, deal=Deal(space=space, boss=action.player))
    events.append(E.DealStarted(boss=action.player, space=space, proceeds=state.proceeds))
    return state


def _roll(state: GameState, action: A.Roll, events: list[Event]) -> GameState:
    """T1(b): roll and move clockwise, skipping covered spaces; or E1, the end roll."""
    if state.phase is _END_ROLL:
        return _end_roll(state, action, events)
    _require_turn(
        state,
        action.player,
        (_TURN,),
        N_("A deal is under way: you cannot roll now"),
        N_("You cannot roll now"),
        roll_or_draw=True,
    )
    value, rng = _die(state, action.value, "T1")
    events.append(E.DieRolled(player=action.player, value=value))
    open_spaces = state.uncovered()
    assert state.marker is not None
    here = state.marker
    # Count forward through the open spaces, clockwise from the marker (T1: covered spaces
    # do not count). The marker always stands on an open space.
    start = open_spaces.index(here) if here in open_spaces else 0
    target = open_spaces[(start + value) % len(open_spaces)]
    events.append(E.MarkerMoved(space=target))
    return state.replace(marker=target, phase=_ROLLED, rng=rng)


def draw_count(state: GameState, seat: int) -> int:
    """T1: 3 cards; V4: 4/3/2/1 for 0/1/2/3+ investors owned."""
    if not state.options.has(_V4):
        return DRAW
    return max(1, 4 - len(state.investors_of(seat)))


def _draw(state: GameState, action: A.Draw, events: list[Event]) -> GameState:
    """T1(b) draw, CL7 reshuffle, T2 hand limit; T3: the turn ends after the draw."""
    _require_turn(
        state,
        action.player,
        (_ROLLED,),
        N_("A deal is under way: you cannot draw now"),
        N_("You cannot draw now"),
        roll_or_draw=True,
    )
    player = state.players[action.player]
    if not may_draw(state, player.hand):
        raise IllegalAction(
            "V2", Msg(N_("With 10 or more cards at the start of your turn you must deal"))
        )
    want = draw_count(state, action.player)
    if state.draw_pile is None:
        # Unknown pile (a reconstructed position): the hand becomes unknown too.
        events.append(E.CardsDrawn(player=action.player, count=want))
        state = state.replace(players=_set_player(state, action.player, hand=None))
        return _begin_turn(state, state.left_of(action.player), events)
    pile, discard, rng = state.draw_pile, state.discard, state.rng
    drawn: list[Card] = []
    while len(drawn) < want:
        if not pile:
            if not discard:
                break  # every card is in a hand: nothing left to draw
            if rng is None:
                pile, discard = discard, ()
            else:
                pile, rng = shuffled(discard, rng)
                discard = ()
            events.append(E.Shuffled(cards=len(pile)))
        drawn.append(pile[0])
        pile = pile[1:]
    hand = sort_hand((*(player.hand or ()), *drawn))
    events.append(E.CardsDrawn(player=action.player, count=len(drawn), cards=tuple(drawn)))
    state = state.replace(
        players=_set_player(state, action.player, hand=hand),
        draw_pile=pile,
        discard=discard,
        rng=rng,
    )
    limit = state.hand_limit()
    if len(hand) > limit:
        events.append(E.HandLimit(player=action.player, limit=limit, excess=len(hand) - limit))
        return state.replace(phase=_HAND_LIMIT)
    return _begin_turn(state, state.left_of(action.player), events)


def _discard(state: GameState, action: A.Discard, events: list[Event]) -> GameState:
    """T2: over the limit after drawing, discard down to it at once."""
    if state.phase is not _HAND_LIMIT:
        raise IllegalAction(
            "T2", Msg(N_("Discarding is only for a hand over the limit after drawing"))
        )
    if action.player != state.turn:
        raise IllegalAction(
            "T2", msg(N_("Only {player} is over the hand limit"), player=_name(state, state.turn))
        )
    hand = state.players[action.player].hand
    assert hand is not None
    excess = len(hand) - state.hand_limit()
    if len(action.cards) != excess:
        raise IllegalAction(
            "T2",
            plural(
                "{player} must discard exactly {n} card to reach {limit}",
                "{player} must discard exactly {n} cards to reach {limit}",
                excess,
                player=_name(state, action.player),
                n=excess,
                limit=state.hand_limit(),
            ),
        )
    rest = _take_from_hand(state, action.player, action.cards, "T2")
    events.append(E.Discarded(player=action.player, cards=action.cards))
    state = state.replace(
        players=_set_player(state, action.player, hand=rest), discard=state.discard + action.cards
    )
    return _begin_turn(state, state.left_of(action.player), events)
