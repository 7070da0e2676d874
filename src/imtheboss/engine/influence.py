"""The influence cards: travel (TR1–TR5), "I'm the Boss!" (B1–B3) and hire sets (H1–H3).
Each is played into a reaction window; its effect follows when the window closes.

Part of ``apply`` (``game.py``), the one door into the rules: each handler here returns a new
state and appends the events it caused, or raises ``IllegalAction`` before anything is built.
"""

from __future__ import annotations

from . import actions as A
from . import events as E
from .cards import Card, family, travel
from .common import (
    _deal,
    _describe,
    _open_window,
    _require_boss,
    _require_deal,
    _set_player,
    _take_from_hand,
    _with_deal,
)
from .deciders import HIRE_SET, hire_refusal, may_play_boss, offers_left, travel_refusal
from .errors import N_, IllegalAction, Msg, all_of, msg, plural
from .events import Event
from .options import Variant
from .state import (
    GameState,
    InvestorRef,
    Phase,
    Trip,
    Window,
    WindowKind,
)
from .words import colour_word, investor_colour

#: The enum members these steps compare, looked up once: in Python 3.11 each
#: ``Phase.DEAL`` in a function goes through ``EnumType.__getattr__``'s hook (~900
#: instructions, against a global's few).
_BOSS_CARD = Card.BOSS
_HIRE_CARD = Card.HIRE
_HAND_LIMIT = Phase.HAND_LIMIT
_V8 = Variant.V8
_BOSS_WINDOW = WindowKind.BOSS
_HIRE_WINDOW = WindowKind.HIRE
_TRAVEL_WINDOW = WindowKind.TRAVEL


def _travel(state: GameState, action: A.PlayTravel, events: list[Event]) -> GameState:
    """TR1: on an investor or family card of its colour; grey on any. TR4: never unowned.
    TR5: never one's own investor, except under V8."""
    deal = _require_deal(state, N_("Travel cards are played only during a deal"))
    target = action.target
    card = travel(None if action.grey else target.colour)
    if isinstance(target, InvestorRef):
        refusal = travel_refusal(
            state.owners[target.colour],
            deal.travelling(target.colour),
            action.player,
            state.options.has(_V8),
        )
        if refusal == "TR4":
            raise IllegalAction(
                "TR4",
                msg(
                    N_("The {colour} investor is unowned: it is not in play"),
                    colour=investor_colour(target.colour),
                ),
            )
        if refusal == "TR1":
            raise IllegalAction(
                "TR1",
                msg(
                    N_("The {colour} investor is already travelling"),
                    colour=investor_colour(target.colour),
                ),
            )
        if refusal == "TR5":
            raise IllegalAction(
                "TR5",
                msg(
                    N_(
                        "Only the two-player rules (V8) let a player send their own investor "
                        "card travelling; to leave an agreement on the {colour} investor, "
                        "ask the Boss to cancel it (N5)"
                    ),
                    colour=investor_colour(target.colour),
                ),
            )
    elif target not in deal.family:
        raise IllegalAction(
            "TR1", msg(N_("There is no {card} on the table"), card=_describe(target, state))
        )
    hand = _take_from_hand(state, action.player, [card], "TR1")
    players = _set_player(state, action.player, hand=hand)
    return _open_window(
        state, _TRAVEL_WINDOW, action.player, (card,), target, events, players=players
    )


def _travel_effect(state: GameState, window: Window, events: list[Event]) -> GameState:
    """TR2: the travel card stays on the investor; TR3: a family card and it are discarded.
    Either way the card's open offers lapse and its agreements stay (N5, ``offers_left``)."""
    deal = _deal(state)
    target = window.target
    assert target is not None
    events.append(E.WentTravelling(target=target))
    if isinstance(target, InvestorRef):
        return _with_deal(
            state,
            trips=(*deal.trips, Trip(colour=target.colour, card=window.cards[0])),
            proposals=offers_left(deal.proposals, state.owners[target.colour], target),
        )
    laid = list(deal.family)
    laid.remove(target)
    gone = (family(target.colour), *window.cards)
    events.append(E.CardsDiscarded(cards=gone))
    # A card alike laid by the same player stands in for it: its offers stand.
    still_there = target in laid
    state = _with_deal(
        state,
        family=tuple(laid),
        proposals=deal.proposals
        if still_there
        else offers_left(deal.proposals, target.owner, target),
    )
    return state.replace(discard=state.discard + gone)


def _boss(state: GameState, action: A.PlayBoss, events: list[Event]) -> GameState:
    """B1: "I'm the Boss!" (Ruling: not by the Boss)."""
    deal = _require_deal(state, N_("Boss cards are played only during a deal"))
    if not may_play_boss(action.player, deal.boss):
        raise IllegalAction("B1", Msg(N_("You are already the Boss")))
    hand = _take_from_hand(state, action.player, [_BOSS_CARD], "B1")
    players = _set_player(state, action.player, hand=hand)
    return _open_window(
        state, _BOSS_WINDOW, action.player, (_BOSS_CARD,), None, events, players=players
    )


def _boss_effect(state: GameState, window: Window, events: list[Event]) -> GameState:
    """B2: agreements stay, owed by the new Boss, except those between old and new Boss."""
    deal = _deal(state)
    new = window.player
    events.append(E.BossChanged(old=deal.boss, new=new))
    events.append(E.CardsDiscarded(cards=window.cards))
    deal = deal.replace(
        boss=new,
        agreements=tuple(a for a in deal.agreements if a.supplier != new),
        # Players' asks stand, now addressed to the new Boss; the old Boss's own offers go
        # with him: the new Boss never made them.
        proposals=tuple(p for p in deal.proposals if p.supplier != new and not p.by_boss),
        cancel_requests=frozenset(),
        may_reset=True,
    )
    return state.replace(deal=deal, discard=state.discard + window.cards)


def _reset(state: GameState, action: A.Reset, events: list[Event]) -> GameState:
    """B2: the new Boss may start the negotiation afresh."""
    deal = _require_boss(
        state,
        action.player,
        N_("start the negotiation afresh only during a deal"),
        N_("Only the Boss ({boss}) can start the negotiation afresh"),
        "B2",
    )
    if not deal.may_reset:
        raise IllegalAction(
            "B2",
            Msg(N_("Only a Boss who took over with a boss card may start the negotiation afresh")),
        )
    events.append(E.NegotiationReset(boss=deal.boss))
    return _with_deal(
        state, agreements=(), proposals=(), cancel_requests=frozenset(), may_reset=False
    )


def _hire(state: GameState, action: A.PlayHire, events: list[Event]) -> GameState:
    """H1: a set of 3 takes another player's investor card for good; H2: unowned first."""
    in_limit_step = state.phase is _HAND_LIMIT and action.player == state.turn
    if not in_limit_step:
        if state.limit_hire == action.player:
            raise _limit_hire_ended_the_turn(state, action.player)
        _require_deal(
            state, N_("Hire sets are played (or at the hand limit, T2) only during a deal")
        )
    owner = state.owners[action.colour]
    unowned = state.unowned()
    refusal = hire_refusal(owner, action.player, bool(unowned))
    if refusal == "H1":
        raise IllegalAction(
            "H1",
            msg(N_("You already own the {colour} investor"), colour=investor_colour(action.colour)),
        )
    if refusal == "H2":
        beside = all_of(colour_word(c) for c in unowned)  # mid-sentence: lower case
        raise IllegalAction(
            "H2",
            plural(
                "Hire must take an unowned investor first: {colours} is beside the board",
                "Hire must take an unowned investor first: {colours} are beside the board",
                len(unowned),
                colours=beside,
            ),
        )
    hand = _take_from_hand(state, action.player, [_HIRE_CARD] * HIRE_SET, "H1")
    players = _set_player(state, action.player, hand=hand)
    cards = (_HIRE_CARD,) * HIRE_SET
    target = InvestorRef(colour=action.colour)
    return _open_window(state, _HIRE_WINDOW, action.player, cards, target, events, players=players)


def _limit_hire_ended_the_turn(state: GameState, player: int) -> IllegalAction:
    """T2: a second hire set after the first brought the hand within the limit: the table
    needs to hear that the first ended the turn, not only that there is no deal (T4)."""
    cards = len(state.players[player].hand or ())
    return IllegalAction(
        "T2",
        plural(
            "{player}'s hire set brought the hand to {n} card, within the limit, and that "
            "ended the turn: outside a deal a hire set is played only over the hand limit",
            "{player}'s hire set brought the hand to {n} cards, within the limit, and that "
            "ended the turn: outside a deal a hire set is played only over the hand limit",
            cards,
            player=state.name(player),
            n=cards,
        ),
    )


def _hire_effect(state: GameState, window: Window, events: list[Event]) -> GameState:
    """H1/H3: the investor changes hands, still travelling if it was; the old owner's open
    offers for it lapse and the agreements stay (N5, ``offers_left``)."""
    target = window.target
    assert isinstance(target, InvestorRef)
    previous = state.owners[target.colour]
    owners = dict(state.owners)
    owners[target.colour] = window.player
    events.append(E.Hired(player=window.player, colour=target.colour, previous=previous))
    events.append(E.CardsDiscarded(cards=window.cards))
    state = state.replace(owners=owners, discard=state.discard + window.cards)
    if state.deal is not None:
        state = _with_deal(state, proposals=offers_left(state.deal.proposals, previous, target))
    return state
