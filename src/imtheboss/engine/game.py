"""``apply(state, action)``: the one door into the rules.

Each handler below implements the rules named in its docstring, in the order of RULES.md. A
handler either returns a new state (copying only what changes) and appends the events it
caused, or raises ``IllegalAction`` before anything is built; the input is never mutated.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from itertools import combinations, product
from typing import Any, TypeVar

from . import actions as A
from . import events as E
from .actions import Action
from .cards import COLOURS, Card, Colour, Hand, family, remove_cards, sort_hand, travel
from .errors import IllegalAction
from .events import Event
from .options import DRAW, Variant
from .rng import roll_die, shuffled
from .state import (
    Agreement,
    CardRef,
    Deal,
    FamilyRef,
    GameState,
    InvestorRef,
    Phase,
    PlayerState,
    Price,
    Proposal,
    Trip,
    Window,
    WindowKind,
)

ActionT = TypeVar("ActionT", bound=Action)
Handler = Callable[[GameState, Any, list[Event]], GameState]


def apply(state: GameState, action: Action) -> tuple[GameState, tuple[Event, ...]]:
    """Play ``action``. Returns the new state and what happened; raises IllegalAction (with
    the rule ID) and leaves ``state`` as it was when the rules forbid it."""
    events: list[Event] = []
    player = getattr(action, "player", None)
    if player is not None and not 0 <= player < state.n:
        raise IllegalAction("S1", f"There is no player in seat {player}")
    if state.phase is Phase.OVER:
        raise IllegalAction("E3", "The game is over")
    state = _window_gate(state, action, events)
    new = _HANDLERS[type(action)](state, action, events)
    if not isinstance(action, A.PlayStop) and new.after_stop:
        new = new.replace(after_stop=False)
    return new, tuple(events)


# ---------------------------------------------------------------------------------------------
# Small pure helpers


def _name(state: GameState, seat: int) -> str:
    return state.players[seat].name


def _set_player(state: GameState, seat: int, **changes: Any) -> tuple[PlayerState, ...]:
    players = list(state.players)
    players[seat] = players[seat].replace(**changes)
    return tuple(players)


def _take_from_hand(state: GameState, seat: int, cards: Iterable[Card], rule: str) -> Hand | None:
    """The hand without ``cards``. An unknown hand (a dispute with open hands) is taken to
    have held whatever its owner plays."""
    cards = tuple(cards)
    hand = state.players[seat].hand
    if hand is None:
        return None
    rest = remove_cards(hand, cards)
    if rest is None:
        what = ", ".join(c.value for c in cards)
        raise IllegalAction(rule, f"{_name(state, seat)} does not hold {what}")
    return rest


def _give(hand: Hand | None, cards: Iterable[Card]) -> Hand | None:
    return None if hand is None else sort_hand((*hand, *cards))


def _deal(state: GameState) -> Deal:
    assert state.deal is not None
    return state.deal


def _with_deal(state: GameState, **changes: Any) -> GameState:
    return state.replace(deal=_deal(state).replace(**changes))


def _require_deal(state: GameState, what: str) -> Deal:
    if state.phase is not Phase.DEAL or state.deal is None:
        raise IllegalAction("T4", f"{what} only during a deal")
    return state.deal


def _require_boss(state: GameState, player: int, what: str, rule: str) -> Deal:
    deal = _require_deal(state, what)
    if player != deal.boss:
        raise IllegalAction(rule, f"Only the Boss ({_name(state, deal.boss)}) can {what}")
    return deal


def _next_turn(state: GameState, boss: int) -> int:
    """B3: the player on the last Boss's left; V1: on the left of whose turn it was."""
    return state.left_of(state.turn if state.options.has(Variant.V1) else boss)


def _begin_turn(state: GameState, seat: int, events: list[Event]) -> GameState:
    events.append(E.TurnBegan(player=seat))
    return state.replace(turn=seat, phase=Phase.TURN, deal=None, window=None)


def _describe(ref: CardRef, state: GameState) -> str:
    if isinstance(ref, InvestorRef):
        owner = state.owners[ref.colour]
        whose = "unowned" if owner is None else f"{_name(state, owner)}'s"
        return f"{whose} {ref.colour.value} investor"
    return f"{_name(state, ref.owner)}'s {ref.colour.value} family card"


# ---------------------------------------------------------------------------------------------
# Reaction windows (ST1 ruling, CL2)


def _window_gate(state: GameState, action: Action, events: list[Event]) -> GameState:
    """While a window is open only its answers are legal. In the last call an influence card
    by anyone but the Boss calls the close off first, then is played as usual."""
    window = state.window
    if window is None or isinstance(action, A.PlayStop | A.Pass | A.TimeUp):
        return state
    if window.kind is WindowKind.LAST_CALL:
        if isinstance(action, A.INFLUENCE_PLAYS) and action.player != window.player:
            events.append(E.CloseCalledOff(player=action.player))
            return state.replace(window=None)
        raise IllegalAction(
            "CL2",
            'The Boss has said "One, two…": until the count ends only another player\'s '
            "influence card can call the close off",
        )
    raise IllegalAction(
        "ST1",
        f"{_name(state, window.player)}'s {window.kind.value} play is waiting for an answer: "
        "only a stop or a pass is allowed until its window closes",
    )


def _open_window(
    state: GameState,
    kind: WindowKind,
    player: int,
    cards: tuple[Card, ...],
    target: CardRef | None,
    events: list[Event],
) -> GameState:
    events.append(E.Played(player=player, window=kind, cards=cards, target=target))
    update: dict[str, Any] = {
        "window": Window(kind=kind, player=player, cards=cards, target=target)
    }
    if state.deal is not None:
        update["deal"] = state.deal.replace(played=state.deal.played | {player})
    return state.replace(**update)


def responders(state: GameState) -> frozenset[int]:
    """Who may still answer the open window (everyone but the one who played or closed)."""
    window = state.window
    if window is None:
        return frozenset()
    return frozenset(range(state.n)) - {window.player} - window.passed


def _stop(state: GameState, action: A.PlayStop, events: list[Event]) -> GameState:
    """ST1–ST3: a stop cancels the travel card, boss card or hire set just played."""
    window = state.window
    if window is None and state.phase is not Phase.DEAL and not state.after_stop:
        raise IllegalAction("T4", "Influence cards are played during deals only")
    if window is None or window.kind is WindowKind.LAST_CALL:
        if state.after_stop:
            raise IllegalAction("ST2", "A stop cannot cancel a stop")
        raise IllegalAction(
            "ST1",
            "A stop can only be played immediately after a travel card, boss card or hire set",
        )
    hand = _take_from_hand(state, action.player, [Card.STOP], "ST1")
    players = _set_player(state, action.player, hand=hand)
    events.append(E.Stopped(player=action.player, cancelled=window.kind, of_player=window.player))
    discarded = (*window.cards, Card.STOP)
    events.append(E.CardsDiscarded(cards=discarded))
    update: dict[str, Any] = {
        "players": players,
        "window": None,
        "after_stop": True,
        "discard": state.discard + discarded,
    }
    if state.deal is not None:
        update["deal"] = state.deal.replace(played=state.deal.played | {action.player})
    return _after_window(state.replace(**update), events)


def _pass(state: GameState, action: A.Pass, events: list[Event]) -> GameState:
    window = state.window
    if window is None:
        raise IllegalAction("ST1", "There is nothing to pass on: no play is waiting")
    if action.player not in responders(state):
        who = "You made this play" if action.player == window.player else "You have passed"
        raise IllegalAction("ST1", f"{who}: {_name(state, action.player)} cannot pass on it")
    events.append(E.Passed(player=action.player))
    window = window.replace(passed=window.passed | {action.player})
    state = state.replace(window=window)
    if responders(state):
        return state
    return _resolve(state, events)


def _time_up(state: GameState, action: A.TimeUp, events: list[Event]) -> GameState:
    if state.window is None:
        raise IllegalAction("ST1", "No play is waiting for an answer")
    return _resolve(state, events)


def _resolve(state: GameState, events: list[Event]) -> GameState:
    """The window closed unanswered: the pending play takes effect."""
    window = state.window
    assert window is not None
    state = state.replace(window=None)
    if window.kind is WindowKind.TRAVEL:
        state = _travel_effect(state, window, events)
    elif window.kind is WindowKind.BOSS:
        state = _boss_effect(state, window, events)
    elif window.kind is WindowKind.HIRE:
        state = _hire_effect(state, window, events)
    else:
        return _close_effect(state, window, events)
    return _after_window(state, events)


def _after_window(state: GameState, events: list[Event]) -> GameState:
    """At the hand-limit step a hire set may have brought the hand down far enough (T2)."""
    if state.phase is Phase.HAND_LIMIT and state.window is None:
        hand = state.players[state.turn].hand
        if hand is None or len(hand) <= state.hand_limit():
            return _begin_turn(state, state.left_of(state.turn), events)
    return state


# ---------------------------------------------------------------------------------------------
# Setup and a turn (S6, T1–T4)


def _place_marker(state: GameState, action: A.PlaceMarker, events: list[Event]) -> GameState:
    """S6: the player to the start player's right puts the marker on any space."""
    if state.phase is not Phase.PLACE_MARKER:
        raise IllegalAction("S6", "The dollar marker is already on the board")
    placer = state.right_of(state.turn)
    if action.player != placer:
        raise IllegalAction(
            "S6",
            f"{_name(state, placer)}, on the start player's right, places the dollar marker",
        )
    if action.space not in state.uncovered():
        raise IllegalAction("S6", f"There is no open space {action.space} (spaces 1–16)")
    events.append(E.MarkerPlaced(player=action.player, space=action.space))
    state = state.replace(marker=action.space)
    return _begin_turn(state, state.turn, events)


def _require_turn(state: GameState, player: int, phases: tuple[Phase, ...], what: str) -> None:
    if state.phase not in phases:
        if state.phase is Phase.DEAL:
            raise IllegalAction("T1", f"A deal is under way: you cannot {what} now")
        if state.phase is Phase.HAND_LIMIT:
            raise IllegalAction("T2", f"{_name(state, state.turn)} must first discard down")
        if state.phase is Phase.PLACE_MARKER:
            raise IllegalAction("S6", "The dollar marker must be placed first")
        if state.phase is Phase.END_ROLL:
            raise IllegalAction(
                "E1", f"{_name(state, state.end_roller or 0)} must roll for the end of the game"
            )
        raise IllegalAction("T1", f"You cannot {what} now")
    if player != state.turn:
        raise IllegalAction("T1", f"It is {_name(state, state.turn)}'s turn")


def _start_deal(state: GameState, action: A.StartDeal, events: list[Event]) -> GameState:
    """T1, D1: "Let's make a deal!" — the player starting it is the Boss."""
    _require_turn(state, action.player, (Phase.TURN, Phase.ROLLED), "start a deal")
    hand = state.players[action.player].hand
    if state.options.has(Variant.V5) and hand is not None and len(hand) <= 3:
        raise IllegalAction("V5", "With 3 or fewer influence cards you may not start a deal")
    space = state.marker
    assert space is not None
    if state.next_tile is None:
        raise IllegalAction("E2", "No deal tiles are left")
    state = state.replace(phase=Phase.DEAL, deal=Deal(space=space, boss=action.player))
    events.append(E.DealStarted(boss=action.player, space=space, proceeds=state.proceeds))
    return state


def _die(state: GameState, written: int | None, rule: str) -> tuple[int, GameState]:
    if state.rng is None:
        if written is None:
            raise IllegalAction(rule, "Write down the number rolled (roll 1–6)")
        return written, state
    value, rng = roll_die(state.rng)
    if written is not None and written != value:
        raise IllegalAction(rule, f"The seeded die shows {value}, not {written}")
    return value, state.replace(rng=rng)


def _roll(state: GameState, action: A.Roll, events: list[Event]) -> GameState:
    """T1(b): roll and move clockwise, skipping covered spaces; or E1, the end roll."""
    if state.phase is Phase.END_ROLL:
        return _end_roll(state, action, events)
    _require_turn(state, action.player, (Phase.TURN,), "roll")
    value, state = _die(state, action.value, "T1")
    events.append(E.DieRolled(player=action.player, value=value))
    open_spaces = state.uncovered()
    assert state.marker is not None
    here = state.marker
    # Count forward through the open spaces, clockwise from the marker (T1: covered spaces
    # do not count). The marker always stands on an open space.
    start = open_spaces.index(here) if here in open_spaces else 0
    target = open_spaces[(start + value) % len(open_spaces)]
    events.append(E.MarkerMoved(space=target))
    return state.replace(marker=target, phase=Phase.ROLLED)


def draw_count(state: GameState, seat: int) -> int:
    """T1: 3 cards; V4: 4/3/2/1 for 0/1/2/3+ investors owned."""
    if not state.options.has(Variant.V4):
        return DRAW
    return max(1, 4 - len(state.investors_of(seat)))


def _draw(state: GameState, action: A.Draw, events: list[Event]) -> GameState:
    """T1(b) draw, CL7 reshuffle, T2 hand limit."""
    _require_turn(state, action.player, (Phase.ROLLED,), "draw")
    player = state.players[action.player]
    if state.options.has(Variant.V2) and player.hand is not None and len(player.hand) >= 10:
        raise IllegalAction("V2", "With 10 or more cards at the start of your turn you must deal")
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
        return state.replace(phase=Phase.HAND_LIMIT)
    return _begin_turn(state, state.left_of(action.player), events)


def _discard(state: GameState, action: A.Discard, events: list[Event]) -> GameState:
    """T2: over the limit after drawing, discard down to it at once."""
    if state.phase is not Phase.HAND_LIMIT:
        raise IllegalAction("T2", "Discarding is only for a hand over the limit after drawing")
    if action.player != state.turn:
        raise IllegalAction("T2", f"Only {_name(state, state.turn)} is over the hand limit")
    hand = state.players[action.player].hand
    assert hand is not None
    excess = len(hand) - state.hand_limit()
    if len(action.cards) != excess:
        raise IllegalAction(
            "T2",
            f"{_name(state, action.player)} must discard exactly {excess} "
            f"card{'s' if excess != 1 else ''} to reach {state.hand_limit()}",
        )
    rest = _take_from_hand(state, action.player, action.cards, "T2")
    events.append(E.Discarded(player=action.player, cards=action.cards))
    state = state.replace(
        players=_set_player(state, action.player, hand=rest), discard=state.discard + action.cards
    )
    return _begin_turn(state, state.left_of(action.player), events)


# ---------------------------------------------------------------------------------------------
# Negotiation (D4, N1–N5)


def _lay_family(state: GameState, action: A.LayFamily, events: list[Event]) -> GameState:
    """D4, N1: a family card is laid face up; it stays until the deal ends (N2)."""
    deal = _require_deal(state, "Family cards are laid")
    hand = _take_from_hand(state, action.player, [family(action.colour)], "N1")
    events.append(E.FamilyLaid(player=action.player, colour=action.colour))
    return state.replace(
        players=_set_player(state, action.player, hand=hand),
        deal=deal.replace(
            family=(*deal.family, FamilyRef(owner=action.player, colour=action.colour)),
            played=deal.played | {action.player},
        ),
    )


def _agreed_refs(deal: Deal, supplier: int) -> set[CardRef]:
    return {ref for a in deal.agreements if a.supplier == supplier for ref in a.cards}


def _check_cards(state: GameState, deal: Deal, supplier: int, cards: tuple[CardRef, ...]) -> None:
    """The cards of an offer must be the supplier's, on the table, and free to join (N1)."""
    who = _name(state, supplier)
    if len(set(cards)) != len(cards):
        raise IllegalAction("N1", "An offer names each card once")
    agreed = _agreed_refs(deal, supplier)
    for ref in cards:
        if isinstance(ref, InvestorRef):
            if state.owners[ref.colour] != supplier:
                raise IllegalAction("N1", f"{who} does not own the {ref.colour.value} investor")
            if deal.travelling(ref.colour):
                raise IllegalAction(
                    "TR1", f"The {ref.colour.value} investor is travelling: it cannot take part"
                )
        else:
            if ref.owner != supplier:
                raise IllegalAction("N1", f"{who} can only offer their own family cards")
            if ref not in deal.family:
                raise IllegalAction(
                    "N1", f"{who} must first lay the {ref.colour.value} family card face up"
                )
        if ref in agreed:
            raise IllegalAction(
                "N5", f"The {ref} is already agreed: cancel that agreement first (both sides)"
            )


def _check_price(state: GameState, price: Price) -> None:
    """N3: only a share of this deal's proceeds, never more than they are."""
    tile = state.next_tile
    assert tile is not None and state.deal is not None
    if price.dividends and price.amount > state.board.space(state.deal.space).dividends:
        raise IllegalAction(
            "N3",
            f"This deal pays {state.board.space(state.deal.space).dividends} dividends, "
            f"not {price.amount}",
        )
    if price.dollars(tile.value) > state.proceeds:
        raise IllegalAction("N3", f"{price} is more than this deal's proceeds (${state.proceeds}M)")


def _propose(
    state: GameState,
    boss_side: bool,
    supplier: int,
    cards: tuple[CardRef, ...],
    price: Price,
    events: list[Event],
) -> GameState:
    deal = _deal(state)
    _check_cards(state, deal, supplier, cards)
    _check_price(state, price)
    proposal = Proposal(supplier=supplier, cards=cards, price=price, by_boss=boss_side)
    others = tuple(p for p in deal.proposals if p.supplier != supplier)
    events.append(
        E.Proposed(
            player=deal.boss if boss_side else supplier,
            supplier=supplier,
            cards=cards,
            price=price,
            by_boss=boss_side,
        )
    )
    return _with_deal(state, proposals=(*others, proposal))


def _offer(state: GameState, action: A.Offer, events: list[Event]) -> GameState:
    """N4/N5: the Boss proposes a price; it replaces any open proposal with that player."""
    deal = _require_boss(state, action.player, "make offers (others ask a price)", "N4")
    if action.supplier == deal.boss:
        raise IllegalAction("D3", "The Boss's own cards agree automatically")
    return _propose(state, True, action.supplier, action.cards, action.price, events)


def _ask(state: GameState, action: A.Ask, events: list[Event]) -> GameState:
    """N1/N5: a player names a price to the Boss for their cards."""
    deal = _require_deal(state, "Prices are asked")
    if action.player == deal.boss:
        raise IllegalAction("D3", "The Boss's own cards agree automatically: make an offer")
    return _propose(state, False, action.player, action.cards, action.price, events)


def _accept(state: GameState, action: A.Accept, events: list[Event]) -> GameState:
    """N4: the Boss decides; an accepted proposal becomes an agreement (N5)."""
    deal = _require_deal(state, "Offers are accepted")
    if action.player == deal.boss:
        if action.supplier is None:
            raise IllegalAction("N4", "Name the player whose price the Boss accepts")
        supplier, from_boss = action.supplier, False
    else:
        if action.supplier is not None:
            raise IllegalAction(
                "N4", "Only the Boss names whose price he accepts; you accept his offer to you"
            )
        supplier, from_boss = action.player, True
    proposal = next((p for p in deal.proposals if p.supplier == supplier), None)
    if proposal is None or proposal.by_boss != from_boss:
        if from_boss:
            raise IllegalAction("N4", f"The Boss has made no offer to {_name(state, supplier)}")
        raise IllegalAction("N4", f"{_name(state, supplier)} has asked no price")
    tile = state.next_tile
    assert tile is not None
    promised = sum(a.price.dollars(tile.value) for a in deal.agreements)
    price = proposal.price.dollars(tile.value)
    if promised + price > state.proceeds:
        raise IllegalAction(
            "N3",
            f"${promised}M is already promised; ${price}M more exceeds the proceeds "
            f"(${state.proceeds}M)",
        )
    agreement = Agreement(supplier=supplier, cards=proposal.cards, price=proposal.price)
    events.append(E.Agreed(boss=deal.boss, agreement=agreement))
    return _with_deal(
        state,
        proposals=tuple(p for p in deal.proposals if p is not proposal),
        agreements=(*deal.agreements, agreement),
    )


def _withdraw(state: GameState, action: A.Withdraw, events: list[Event]) -> GameState:
    """N5: an offer not yet accepted may be withdrawn by whoever made it."""
    deal = _require_deal(state, "Offers are withdrawn")
    boss_side = action.player == deal.boss
    if not boss_side and action.supplier is not None:
        raise IllegalAction("N5", "You can only withdraw your own ask to the Boss")
    supplier = action.supplier if boss_side else action.player
    proposal = next((p for p in deal.proposals if p.supplier == supplier), None)
    if supplier is None or proposal is None or proposal.by_boss != boss_side:
        raise IllegalAction("N5", f"{_name(state, action.player)} has no open offer to withdraw")
    events.append(E.Withdrawn(player=action.player, supplier=supplier))
    return _with_deal(state, proposals=tuple(p for p in deal.proposals if p is not proposal))


def _cancel(state: GameState, action: A.CancelAgreement, events: list[Event]) -> GameState:
    """N5: an agreement ends early only when the Boss and that player both cancel it."""
    deal = _require_deal(state, "Agreements are cancelled")
    if deal.boss not in (action.player, action.other) or action.player == action.other:
        raise IllegalAction("N5", "An agreement is between the Boss and one player")
    supplier = action.other if action.player == deal.boss else action.player
    if not any(a.supplier == supplier for a in deal.agreements):
        raise IllegalAction("N5", f"The Boss has no agreement with {_name(state, supplier)}")
    if (action.player, action.other) in deal.cancel_requests:
        raise IllegalAction(
            "N5", f"You asked already: the cancellation waits for {_name(state, action.other)}"
        )
    if (action.other, action.player) in deal.cancel_requests:
        events.append(E.AgreementsCancelled(supplier=supplier, why="both sides cancelled"))
        return _with_deal(
            state,
            agreements=tuple(a for a in deal.agreements if a.supplier != supplier),
            cancel_requests=frozenset(r for r in deal.cancel_requests if supplier not in r),
        )
    events.append(E.CancelAsked(player=action.player, other=action.other))
    return _with_deal(state, cancel_requests=deal.cancel_requests | {(action.player, action.other)})


def _reset(state: GameState, action: A.Reset, events: list[Event]) -> GameState:
    """B2: the new Boss may start the negotiation afresh."""
    deal = _require_boss(state, action.player, "start the negotiation afresh", "B2")
    if not deal.may_reset:
        raise IllegalAction(
            "B2", "Only a Boss who took over with a boss card may start the negotiation afresh"
        )
    events.append(E.NegotiationReset(boss=deal.boss))
    return _with_deal(
        state, agreements=(), proposals=(), cancel_requests=frozenset(), may_reset=False
    )


# ---------------------------------------------------------------------------------------------
# Influence cards (TR1–TR4, H1–H3, B1–B3)


def _travel(state: GameState, action: A.PlayTravel, events: list[Event]) -> GameState:
    """TR1: on an investor or family card of its colour; grey on any. TR4: never unowned.
    TR5: never one's own investor, except under V8."""
    deal = _require_deal(state, "Travel cards are played")
    target = action.target
    card = travel(None if action.grey else target.colour)
    if isinstance(target, InvestorRef):
        if state.owners[target.colour] is None:
            raise IllegalAction(
                "TR4", f"The {target.colour.value} investor is unowned: it is not in play"
            )
        if deal.travelling(target.colour):
            raise IllegalAction("TR1", f"The {target.colour.value} investor is already travelling")
        if state.owners[target.colour] == action.player and not state.options.has(Variant.V8):
            raise IllegalAction(
                "TR5",
                f"Only the two-player rules (V8) let a player send their own investor card "
                f"travelling; to leave an agreement on the {target.colour.value} investor, "
                "ask the Boss to cancel it (N5)",
            )
    elif target not in deal.family:
        raise IllegalAction("TR1", f"There is no {_describe(target, state)} on the table")
    hand = _take_from_hand(state, action.player, [card], "TR1")
    state = state.replace(players=_set_player(state, action.player, hand=hand))
    return _open_window(state, WindowKind.TRAVEL, action.player, (card,), target, events)


def _travel_effect(state: GameState, window: Window, events: list[Event]) -> GameState:
    """TR2: the travel card stays on the investor; TR3: a family card and it are discarded."""
    deal = _deal(state)
    target = window.target
    assert target is not None
    events.append(E.WentTravelling(target=target))
    if isinstance(target, InvestorRef):
        return _with_deal(
            state,
            trips=(*deal.trips, Trip(colour=target.colour, card=window.cards[0])),
            proposals=tuple(p for p in deal.proposals if target not in p.cards),
        )
    laid = list(deal.family)
    laid.remove(target)
    gone = (family(target.colour), *window.cards)
    events.append(E.CardsDiscarded(cards=gone))
    still_there = target in laid
    state = _with_deal(
        state,
        family=tuple(laid),
        proposals=tuple(p for p in deal.proposals if still_there or target not in p.cards),
        agreements=tuple(a for a in deal.agreements if still_there or target not in a.cards),
    )
    return state.replace(discard=state.discard + gone)


def _boss(state: GameState, action: A.PlayBoss, events: list[Event]) -> GameState:
    """B1: "I'm the Boss!" (Ruling: not by the Boss)."""
    deal = _require_deal(state, "Boss cards are played")
    if action.player == deal.boss:
        raise IllegalAction("B1", "You are already the Boss")
    hand = _take_from_hand(state, action.player, [Card.BOSS], "B1")
    state = state.replace(players=_set_player(state, action.player, hand=hand))
    return _open_window(state, WindowKind.BOSS, action.player, (Card.BOSS,), None, events)


def _boss_effect(state: GameState, window: Window, events: list[Event]) -> GameState:
    """B2: agreements stay, owed by the new Boss, except those between old and new Boss."""
    deal = _deal(state)
    new = window.player
    events.append(E.BossChanged(old=deal.boss, new=new))
    events.append(E.CardsDiscarded(cards=window.cards))
    state = _with_deal(
        state,
        boss=new,
        agreements=tuple(a for a in deal.agreements if a.supplier != new),
        # Players' asks stand, now addressed to the new Boss; the old Boss's own offers go
        # with him: the new Boss never made them.
        proposals=tuple(p for p in deal.proposals if p.supplier != new and not p.by_boss),
        cancel_requests=frozenset(),
        may_reset=True,
    )
    return state.replace(discard=state.discard + window.cards)


def _hire(state: GameState, action: A.PlayHire, events: list[Event]) -> GameState:
    """H1: a set of 3 takes another player's investor card for good; H2: unowned first."""
    in_limit_step = state.phase is Phase.HAND_LIMIT and action.player == state.turn
    if not in_limit_step:
        _require_deal(state, "Hire sets are played (or at the hand limit, T2)")
    owner = state.owners[action.colour]
    if owner == action.player:
        raise IllegalAction("H1", f"You already own the {action.colour.value} investor")
    unowned = state.unowned()
    if owner is not None and unowned:
        beside = " and ".join(c.value.capitalize() for c in unowned)
        verb = "is" if len(unowned) == 1 else "are"
        raise IllegalAction(
            "H2", f"Hire must take an unowned investor first: {beside} {verb} beside the board"
        )
    hand = _take_from_hand(state, action.player, [Card.HIRE] * 3, "H1")
    state = state.replace(players=_set_player(state, action.player, hand=hand))
    cards = (Card.HIRE, Card.HIRE, Card.HIRE)
    return _open_window(
        state, WindowKind.HIRE, action.player, cards, InvestorRef(colour=action.colour), events
    )


def _hire_effect(state: GameState, window: Window, events: list[Event]) -> GameState:
    """H1/H3: the investor changes hands, still travelling if it was."""
    target = window.target
    assert isinstance(target, InvestorRef)
    previous = state.owners[target.colour]
    owners = dict(state.owners)
    owners[target.colour] = window.player
    events.append(E.Hired(player=window.player, colour=target.colour, previous=previous))
    events.append(E.CardsDiscarded(cards=window.cards))
    state = state.replace(owners=owners, discard=state.discard + window.cards)
    if state.deal is not None:
        deal = state.deal

        # What the old owner offered or agreed for this investor can no longer be honoured.
        def keeps(p: Proposal | Agreement) -> bool:
            return p.supplier != previous or target not in p.cards

        state = _with_deal(
            state,
            proposals=tuple(p for p in deal.proposals if keeps(p)),
            agreements=tuple(a for a in deal.agreements if keeps(a)),
        )
    return state


# ---------------------------------------------------------------------------------------------
# Closing (CL1–CL7), failing (F1–F3), the end (E1–E3)


def check_close(state: GameState, boss: int, supplies: dict[Colour, CardRef]) -> dict[int, int]:
    """CL3: validate the terms; returns what each player (not the Boss) is paid, in $M."""
    deal = _deal(state)
    space = state.board.space(deal.space)
    tile = state.next_tile
    assert tile is not None
    given = set(supplies)
    missing = space.required - given
    if missing:
        names = ", ".join(c.value for c in COLOURS if c in missing)
        raise IllegalAction("CL3", f"The deal needs {names}: name the card for each")
    extra = given - space.required - space.optional
    if extra:
        names = ", ".join(c.value for c in COLOURS if c in extra)
        raise IllegalAction("D2", f"This space does not use {names}")
    chosen = given & space.optional
    if len(chosen) != space.pick:
        raise IllegalAction(
            "D2",
            f"The deal needs exactly {space.pick} of "
            f"{', '.join(c.value for c in COLOURS if c in space.optional)}, not {len(chosen)}",
        )
    used_family: list[FamilyRef] = []
    payments: dict[int, int] = {}
    used_agreements: list[Agreement] = []
    for colour, ref in supplies.items():
        if ref.colour is not colour:
            raise IllegalAction("CL3", f"A {ref.colour.value} card cannot supply {colour.value}")
        if isinstance(ref, InvestorRef):
            owner = state.owners[colour]
            if owner is None:
                raise IllegalAction("TR4", f"The {colour.value} investor is unowned")
            if deal.travelling(colour):
                raise IllegalAction(
                    "TR1", f"The {colour.value} investor is travelling: it cannot take part"
                )
            supplier = owner
        else:
            available = deal.family.count(ref) - used_family.count(ref)
            if available < 1:
                raise IllegalAction("CL3", f"There is no {_describe(ref, state)} on the table")
            used_family.append(ref)
            supplier = ref.owner
        if supplier == boss:
            continue  # D3
        agreement = next(
            (a for a in deal.agreements if a.supplier == supplier and ref in a.cards), None
        )
        if agreement is None:
            if state.options.has(Variant.V8) and isinstance(ref, InvestorRef):
                share = state.proceeds // space.investors
                payments[supplier] = payments.get(supplier, 0) + share
                continue
            raise IllegalAction(
                "CL3", f"{_describe(ref, state)} needs an agreement with {_name(state, supplier)}"
            )
        if agreement not in used_agreements:
            used_agreements.append(agreement)
            amount = agreement.price.dollars(tile.value)
            payments[supplier] = payments.get(supplier, 0) + amount
    if state.options.has(Variant.V3):
        payments = {p: (m if p in deal.played else 0) for p, m in payments.items()}
    if sum(payments.values()) > state.proceeds:
        raise IllegalAction("N3", "The payments exceed the deal's proceeds")
    return payments


def _close(state: GameState, action: A.Close, events: list[Event]) -> GameState:
    """CL1–CL3: the Boss announces the terms; CL2: "One, two…" opens the last call."""
    deal = _require_boss(state, action.player, "close the deal", "CL1")
    payments = check_close(state, deal.boss, action.supplies)
    events.append(E.LastCall(boss=deal.boss, supplies=action.supplies, payments=payments))
    window = Window(kind=WindowKind.LAST_CALL, player=deal.boss, supplies=action.supplies)
    return state.replace(window=window)


def _end_of_deal(state: GameState, used: list[FamilyRef], events: list[Event]) -> GameState:
    """CL5/F2: used family cards and travel cards are discarded; unused family go home."""
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
    events.append(E.Paid(payer=None, payee=boss, amount=proceeds, note="proceeds"))
    players = list(state.players)
    players[boss] = players[boss].replace(
        money=players[boss].money + proceeds - sum(payments.values()),
        deals_closed=players[boss].deals_closed + 1,
    )
    for seat, amount in payments.items():
        players[seat] = players[seat].replace(money=players[seat].money + amount)
        note = "" if amount or seat in deal.played else "V3: played no influence card"
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
        return state.replace(phase=Phase.END_ROLL, end_roller=boss, end_tile=tile_number)
    return _begin_turn(state, _next_turn(state, boss), events)


def agreeing_cards(
    deal: Deal, owners: Mapping[Colour, int | None], v8: bool = False
) -> dict[Colour, list[CardRef]]:
    """For each colour, the cards on the table that would take part if the Boss closed now:
    the Boss's own investors and family cards (D3, D4), agreed cards (N5), not travelling
    (TR1); under V8 any owned investor. Owners come as a mapping so that a player's view,
    which knows who owns what, can ask too. Remembered with the deal: do not change it."""
    memo = deal.memo()
    key = ("agreeing", tuple(owners[c] for c in COLOURS), v8)
    found: dict[Colour, list[CardRef]] | None = memo.get(key)
    if found is None:
        found = memo[key] = _agreeing(deal, owners, v8)
    return found


def _agreeing(
    deal: Deal, owners: Mapping[Colour, int | None], v8: bool
) -> dict[Colour, list[CardRef]]:
    sources: dict[Colour, list[CardRef]] = {c: [] for c in COLOURS}
    agreed = {ref for a in deal.agreements for ref in a.cards}
    for colour in COLOURS:
        owner = owners[colour]
        ref = _INVESTORS[colour]
        if (
            owner is not None
            and not deal.travelling(colour)
            and (owner == deal.boss or ref in agreed or v8)
        ):
            sources[colour].append(ref)
    for fam in dict.fromkeys(deal.family):
        if fam.owner == deal.boss or fam in agreed:
            sources[fam.colour].append(fam)
    return sources


_INVESTORS = {c: InvestorRef(colour=c) for c in COLOURS}


def possible_closes(state: GameState) -> Iterator[dict[Colour, CardRef]]:
    """Every close the Boss could announce now (CL3), from the cards that would agree.
    Worked out once per state and remembered with it."""
    return iter(_closes(state))


def _closes(state: GameState) -> list[dict[Colour, CardRef]]:
    memo = state.memo()
    found: list[dict[Colour, CardRef]] | None = memo.get("closes")
    if found is None:
        found = memo["closes"] = list(_find_closes(state))
    return found


def close_actions(state: GameState) -> list[A.Close]:
    """The Boss's ``Close`` actions for ``possible_closes``, built once per state."""
    memo = state.memo()
    found: list[A.Close] | None = memo.get("close actions")
    if found is None:
        deal = state.deal
        closes = _closes(state) if deal is not None else []
        found = memo["close actions"] = [
            A.Close(player=deal.boss, supplies=supplies)  # type: ignore[union-attr]
            for supplies in closes
        ]
    return found


def _find_closes(state: GameState) -> Iterator[dict[Colour, CardRef]]:
    deal = state.deal
    if deal is None:
        return
    space = state.board.space(deal.space)
    boss = deal.boss
    sources = agreeing_cards(deal, state.owners, state.options.has(Variant.V8))
    if any(not sources[c] for c in space.required):
        return
    usable_optional = [c for c in COLOURS if c in space.optional and sources[c]]
    required = [c for c in COLOURS if c in space.required]
    for chosen in combinations(usable_optional, space.pick):
        colours = required + list(chosen)
        for refs in product(*(sources[c] for c in colours)):
            supplies = dict(zip(colours, refs, strict=True))
            try:
                check_close(state, boss, supplies)
            except IllegalAction:
                continue  # V8 shares on top of agreements can exceed the proceeds (N3)
            yield supplies


def _fail(state: GameState, action: A.Fail, events: list[Event]) -> GameState:
    """F1–F3: family cards go home, the rest is discarded, the marker stays."""
    deal = _require_boss(state, action.player, "declare the deal failed", "F1")
    if state.options.has(Variant.V8) and _closes(state):
        raise IllegalAction("V8", "The cards on the table meet the deal: the Boss must close it")
    events.append(E.DealFailed(boss=deal.boss, space=deal.space))
    state = _end_of_deal(state, [], events)
    return _begin_turn(state, _next_turn(state, deal.boss), events)


def _end_roll(state: GameState, action: A.Roll, events: list[Event]) -> GameState:
    """E1: the last Boss rolls; a number on the tile's back ends the game."""
    if action.player != state.end_roller:
        raise IllegalAction(
            "E1", f"{_name(state, state.end_roller or 0)} makes the end roll, as the last Boss"
        )
    value, state = _die(state, action.value, "E1")
    events.append(E.DieRolled(player=action.player, value=value, end_roll=True))
    assert state.end_tile is not None
    if value in state.board.tiles[state.end_tile - 1].ends_on:
        return _game_over(state, events)
    state = state.replace(end_roller=None, end_tile=None)
    return _begin_turn(state, _next_turn(state, action.player), events)


def _game_over(state: GameState, events: list[Event]) -> GameState:
    """E3: the richest player wins; a tie is a shared win."""
    best = max(p.money for p in state.players)
    winners = tuple(i for i, p in enumerate(state.players) if p.money == best)
    events.append(E.GameOver(winners=winners, money=tuple(p.money for p in state.players)))
    return state.replace(phase=Phase.OVER, winners=winners, window=None, deal=None)


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

__all__ = ["agreeing_cards", "apply", "check_close", "draw_count", "possible_closes", "responders"]
