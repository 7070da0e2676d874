"""RULES.md §3, a turn: T1 (deal or roll; after a roll, deal or draw 3), T2 (hand limit 12),
T3 (the next turn), T4 (no influence cards outside a deal)."""

from __future__ import annotations

import random
from collections.abc import Iterable
from itertools import combinations

import pytest

from imtheboss.engine import (
    Card,
    Close,
    Discard,
    Draw,
    Fail,
    FamilyRef,
    GameState,
    InvestorRef,
    LayFamily,
    Offer,
    Phase,
    PlayBoss,
    PlayHire,
    PlayStop,
    PlayTravel,
    Price,
    Roll,
    StartDeal,
    TimeUp,
    apply,
    legal_actions,
)
from imtheboss.engine.cards import sort_hand
from imtheboss.engine.events import (
    CardsDrawn,
    DealStarted,
    DieRolled,
    Discarded,
    HandLimit,
    MarkerMoved,
    TurnBegan,
)
from imtheboss.engine.listing import _sub_multisets
from support import ANN, BOB, CY, DI, B, G, O, P, R, Y, play, position, refused

OTHERS_EMPTY: dict[str, list[Card]] = {"Bob": [], "Cy": [], "Di": []}
TEN = [Card.FAMILY_RED] * 4 + [Card.TRAVEL_RED] * 3 + [Card.BOSS] * 3


def known(
    ann: Iterable[Card],
    *,
    bob: Iterable[Card] = (),
    turn: str = "Ann",
    seed: int = 1,
    **kw: object,
) -> GameState:
    """Every hand known and a seeded, shuffled draw pile of the rest of the deck."""
    hands = {**OTHERS_EMPTY, "Ann": list(ann), "Bob": list(bob)}
    return position(hands=hands, seed=seed, turn=turn, **kw)  # type: ignore[arg-type]


def rolled(state: GameState, player: int = ANN) -> GameState:
    state, _ = apply(state, Roll(player=player))
    assert state.phase is Phase.ROLLED
    return state


# ---------------------------------------------------------------------------------------------
# T1 — deal here, or roll then deal or draw


@pytest.mark.rule("T1")
def test_T1_start_a_deal_on_the_space_under_the_marker() -> None:
    state = position(marker=9)
    assert {type(a) for a in legal_actions(state, ANN)} == {StartDeal, Roll}
    state, events = play(state, StartDeal(player=ANN))
    assert state.phase is Phase.DEAL
    assert state.deal is not None and state.deal.space == 9
    assert DealStarted(boss=ANN, space=9, proceeds=3 * 2) in events


@pytest.mark.rule("T1")
def test_T1_roll_moves_the_marker_clockwise_that_many_spaces() -> None:
    state, events = play(position(marker=5), Roll(player=ANN, value=4))
    assert state.marker == 9
    assert state.phase is Phase.ROLLED and state.turn == ANN
    assert DieRolled(player=ANN, value=4) in events
    assert MarkerMoved(space=9) in events


@pytest.mark.rule("T1")
def test_T1_roll_does_not_count_covered_spaces() -> None:
    state = position(marker=5, deals_done=2, covered=(6, 7))
    state, events = play(state, Roll(player=ANN, value=3))
    assert state.marker == 10  # 8, 9, 10: spaces 6 and 7 are skipped
    assert MarkerMoved(space=10) in events
    state = position(marker=5, deals_done=1, covered=(6,))
    state, _ = play(state, Roll(player=ANN, value=1))
    assert state.marker == 7


@pytest.mark.rule("T1")
def test_T1_roll_skips_covered_spaces_around_the_end_of_the_ring() -> None:
    state = position(marker=15, deals_done=2, covered=(16, 1))
    state, _ = play(state, Roll(player=ANN, value=2))
    assert state.marker == 3


@pytest.mark.rule("T1")
def test_T1_seeded_roll_comes_from_the_states_die() -> None:
    state = position(marker=2, seed=123)
    after, events = apply(state, Roll(player=ANN))
    value = next(e.value for e in events if isinstance(e, DieRolled))
    assert after.marker == 2 + value
    assert after.rng is not None and state.rng is not None
    assert after.rng.counter == state.rng.counter + 1
    # The same state always rolls the same number; writing it down is allowed...
    again, _ = apply(state, Roll(player=ANN, value=value))
    assert again.marker == after.marker
    # ...writing down another number is not.
    wrong = value % 6 + 1
    refused(state, Roll(player=ANN, value=wrong), "T1")


@pytest.mark.rule("T1")
def test_T1_unseeded_roll_needs_the_number_written_down() -> None:
    state = position()
    assert state.rng is None
    refused(state, Roll(player=ANN), "T1")
    assert {a.value for a in legal_actions(state, ANN) if isinstance(a, Roll)} == set(range(1, 7))


@pytest.mark.rule("T1")
def test_T1_after_a_roll_start_a_deal_on_the_new_space() -> None:
    state, _ = play(position(marker=5), Roll(player=ANN, value=3))
    assert {type(a) for a in legal_actions(state, ANN)} == {StartDeal, Draw}
    state, events = play(state, StartDeal(player=ANN))
    assert state.deal is not None and state.deal.space == 8
    assert state.deal.boss == ANN
    assert any(isinstance(e, DealStarted) and e.space == 8 for e in events)


@pytest.mark.rule("T1")
def test_T1_after_a_roll_draw_three_cards() -> None:
    state = rolled(known([Card.STOP, Card.BOSS], seed=8))
    pile = state.draw_pile
    assert pile is not None
    after, events = play(state, Draw(player=ANN))
    hand = after.players[ANN].hand
    assert hand is not None and len(hand) == 5
    assert sorted(hand) == sorted([Card.STOP, Card.BOSS, *pile[:3]])
    assert after.draw_pile == pile[3:]
    assert CardsDrawn(player=ANN, count=3, cards=tuple(pile[:3])) in events


@pytest.mark.rule("T1")
def test_T1_draw_from_an_unknown_pile_counts_three() -> None:
    state, events = play(position(), Roll(player=ANN, value=2), Draw(player=ANN))
    assert CardsDrawn(player=ANN, count=3) in events
    assert state.turn == BOB


@pytest.mark.rule("T1")
def test_T1_no_draw_without_rolling_first() -> None:
    refused(known(TEN), Draw(player=ANN), "T1")


@pytest.mark.rule("T1")
def test_T1_only_one_roll_per_turn() -> None:
    state, _ = play(position(), Roll(player=ANN, value=2))
    refused(state, Roll(player=ANN, value=3), "T1")


@pytest.mark.rule("T1")
def test_T1_only_the_player_whose_turn_it_is_chooses() -> None:
    state = position()
    for other in (BOB, CY, DI):
        refused(state, StartDeal(player=other), "T1")
        refused(state, Roll(player=other, value=1), "T1")
        assert legal_actions(state, other) == []
    state, _ = play(state, Roll(player=ANN, value=1))
    refused(state, Draw(player=BOB), "T1")
    refused(state, StartDeal(player=BOB), "T1")


@pytest.mark.rule("T1")
def test_T1_no_roll_or_draw_during_a_deal() -> None:
    state, _ = play(position(), StartDeal(player=ANN))
    refused(state, Roll(player=ANN, value=1), "T1")
    refused(state, Draw(player=ANN), "T1")
    refused(state, StartDeal(player=ANN), "T1")


# ---------------------------------------------------------------------------------------------
# T2 — hand limit 12


@pytest.mark.rule("T2")
def test_T2_reaching_exactly_twelve_is_within_the_limit() -> None:
    nine = TEN[:9]
    state, events = play(rolled(known(nine)), Draw(player=ANN))
    assert len(state.players[ANN].hand or ()) == 12
    assert not any(isinstance(e, HandLimit) for e in events)
    assert state.phase is Phase.TURN and state.turn == BOB


@pytest.mark.rule("T2")
def test_T2_hand_limit_discard_down_to_twelve() -> None:
    state, events = play(rolled(known(TEN)), Draw(player=ANN))
    assert HandLimit(player=ANN, limit=12, excess=1) in events
    assert state.phase is Phase.HAND_LIMIT and state.turn == ANN
    assert len(state.players[ANN].hand or ()) == 13
    discards = [a for a in legal_actions(state, ANN) if isinstance(a, Discard)]
    assert discards and all(len(a.cards) == 1 for a in discards)
    after, events = play(state, Discard(player=ANN, cards=(Card.BOSS,)))
    hand = after.players[ANN].hand
    assert hand is not None and len(hand) == 12
    assert Discarded(player=ANN, cards=(Card.BOSS,)) in events
    assert after.discard[-1] == Card.BOSS
    assert after.phase is Phase.TURN and after.turn == BOB


@pytest.mark.rule("T2")
def test_T2_must_discard_exactly_down_to_twelve() -> None:
    state, _ = play(rolled(known([*TEN, Card.STOP, Card.STOP])), Draw(player=ANN))
    assert len(state.players[ANN].hand or ()) == 15
    refused(state, Discard(player=ANN, cards=(Card.BOSS, Card.BOSS)), "T2")
    refused(state, Discard(player=ANN, cards=(Card.BOSS,) * 3 + (Card.STOP,)), "T2")
    after, _ = play(state, Discard(player=ANN, cards=(Card.BOSS, Card.BOSS, Card.STOP)))
    assert len(after.players[ANN].hand or ()) == 12 and after.turn == BOB


@pytest.mark.rule("T2")
def test_T2_every_way_to_discard_down_is_listed_once_in_the_hands_order() -> None:
    # The legal discards are the distinct picks of the excess from the sorted hand, in the
    # order itertools.combinations meets them first (the random player's draws index them).
    state, _ = play(rolled(known([*TEN, Card.STOP, Card.STOP])), Draw(player=ANN))
    hand = state.players[ANN].hand or ()
    discards = [a.cards for a in legal_actions(state, ANN) if isinstance(a, Discard)]
    assert discards == list(dict.fromkeys(combinations(sort_hand(hand), 3)))
    rng = random.Random(20)
    for _ in range(200):
        some = tuple(rng.choice(list(Card)) for _ in range(rng.randint(0, 16)))
        k = rng.randint(1, 5)
        ways = list(dict.fromkeys(combinations(sort_hand(some), k)))
        assert list(_sub_multisets(some, k)) == ways


@pytest.mark.rule("T2")
def test_T2_discard_only_cards_in_hand() -> None:
    state, _ = play(rolled(known(TEN)), Draw(player=ANN))
    hand = state.players[ANN].hand or ()
    missing = next(c for c in Card if c not in hand)
    refused(state, Discard(player=ANN, cards=(missing,)), "T2")


@pytest.mark.rule("T2")
def test_T2_discard_is_at_once_nothing_else_before_it() -> None:
    state, _ = play(rolled(known(TEN)), Draw(player=ANN))
    refused(state, StartDeal(player=ANN), "T2")
    refused(state, Roll(player=ANN), "T2")
    refused(state, Discard(player=BOB, cards=(Card.BOSS,)), "T2")
    assert legal_actions(state, BOB) == []


@pytest.mark.rule("T2")
def test_T2_discard_only_when_over_the_limit() -> None:
    refused(known(TEN), Discard(player=ANN, cards=(Card.BOSS,)), "T2")
    state, _ = play(rolled(known(TEN)), StartDeal(player=ANN))
    refused(state, Discard(player=ANN, cards=(Card.BOSS,)), "T2")


@pytest.mark.rule("T2")
def test_T2_hire_set_before_discarding_can_end_the_excess() -> None:
    hand = [Card.HIRE] * 3 + TEN[:7]
    state, _ = play(rolled(known(hand)), Draw(player=ANN))
    assert state.phase is Phase.HAND_LIMIT
    assert PlayHire(player=ANN, colour=Y) in legal_actions(state, ANN)
    state, _ = play(state, PlayHire(player=ANN, colour=Y))
    assert state.window is not None  # the hire set can still be stopped
    state, events = play(state, TimeUp())
    assert state.owners[Y] == ANN
    assert len(state.players[ANN].hand or ()) == 10
    assert TurnBegan(player=BOB) in events
    assert state.phase is Phase.TURN and state.turn == BOB


@pytest.mark.rule("T2")
@pytest.mark.rule("T4")
def test_T2_a_second_hire_set_after_the_first_ended_the_turn_says_so() -> None:
    """Issue 21: the engine said only T4 (no deal); the table needs to hear that the first
    hire set brought the hand within the limit and so ended the turn. Only the next move
    hears it, and only from the same player."""
    hand = [Card.HIRE] * 6 + TEN[:4]
    state, _ = play(rolled(known(hand)), Draw(player=ANN))
    state, _ = play(state, PlayHire(player=ANN, colour=Y), TimeUp())
    assert state.phase is Phase.TURN and state.turn == BOB
    error = refused(state, PlayHire(player=ANN, colour=O), "T2")
    assert str(error.message) == (
        "Ann's hire set brought the hand to 10 cards, within the limit, and that ended the "
        "turn: outside a deal a hire set is played only over the hand limit"
    )
    refused(state, PlayHire(player=BOB, colour=O), "T4")
    state, _ = play(state, Roll(player=BOB, value=1))
    refused(state, PlayHire(player=ANN, colour=O), "T4")


@pytest.mark.rule("T2")
def test_T2_hire_set_first_then_discard_the_rest_of_the_excess() -> None:
    hand = [Card.HIRE] * 3 + TEN
    state, _ = play(rolled(known(hand)), Draw(player=ANN))
    assert len(state.players[ANN].hand or ()) == 16
    state, _ = play(state, PlayHire(player=ANN, colour=P), TimeUp())
    assert state.owners[P] == ANN
    assert state.phase is Phase.HAND_LIMIT and state.turn == ANN
    refused(state, Discard(player=ANN, cards=(Card.BOSS,) * 3 + (Card.TRAVEL_RED,)), "T2")
    state, _ = play(state, Discard(player=ANN, cards=(Card.BOSS,)))
    assert len(state.players[ANN].hand or ()) == 12
    assert state.turn == BOB


@pytest.mark.rule("T2")
def test_T2_stopped_hire_set_at_the_hand_limit_leaves_the_discard_to_do() -> None:
    state = known([Card.HIRE] * 3 + TEN, bob=[Card.STOP])
    state, _ = play(rolled(state), Draw(player=ANN), PlayHire(player=ANN, colour=Y))
    state, _ = play(state, PlayStop(player=BOB))
    assert state.owners[Y] == BOB  # the hire set was cancelled...
    assert len(state.players[ANN].hand or ()) == 13  # ...and its cards are gone
    assert state.phase is Phase.HAND_LIMIT and state.turn == ANN
    state, _ = play(state, Discard(player=ANN, cards=(Card.TRAVEL_RED,)))
    assert len(state.players[ANN].hand or ()) == 12 and state.turn == BOB


# ---------------------------------------------------------------------------------------------
# T3 — the turn passes to the left


@pytest.mark.rule("T3")
def test_T3_next_turn_to_the_left_after_a_draw() -> None:
    state, events = play(position(), Roll(player=ANN, value=1), Draw(player=ANN))
    assert TurnBegan(player=BOB) in events
    assert state.phase is Phase.TURN and state.turn == BOB
    refused(state, Roll(player=ANN, value=1), "T1")


@pytest.mark.rule("T3")
def test_T3_the_last_seat_passes_to_the_first() -> None:
    state, _ = play(position(turn="Di"), Roll(player=DI, value=1), Draw(player=DI))
    assert state.turn == ANN


@pytest.mark.rule("T3")
def test_T3_turn_ends_after_a_failed_deal() -> None:
    state, events = play(position(turn="Cy"), StartDeal(player=CY), Fail(player=CY))
    assert state.phase is Phase.TURN and state.turn == DI
    assert state.deal is None
    assert TurnBegan(player=DI) in events


@pytest.mark.rule("T3")
def test_T3_turn_ends_after_a_completed_deal() -> None:
    state = position(investors={"Bob": (R, B)}, marker=1, turn="Bob")
    state, events = play(
        state,
        StartDeal(player=BOB),
        Close(player=BOB, supplies={R: InvestorRef(colour=R), B: InvestorRef(colour=B)}),
        TimeUp(),
    )
    assert state.phase is Phase.TURN and state.turn == CY
    assert TurnBegan(player=CY) in events


# ---------------------------------------------------------------------------------------------
# T4 — no influence cards outside a deal


def _influence_plays(player: int) -> list[object]:
    return [
        LayFamily(player=player, colour=R),
        PlayTravel(player=player, target=InvestorRef(colour=Y)),
        PlayTravel(player=player, target=InvestorRef(colour=O), grey=True),
        PlayBoss(player=player),
        PlayHire(player=player, colour=G),
    ]


@pytest.mark.rule("T4")
@pytest.mark.parametrize("who", [ANN, BOB])
def test_T4_no_influence_cards_before_the_turn_choice(who: int) -> None:
    state = position()
    for action in _influence_plays(who):
        refused(state, action, "T4")  # type: ignore[arg-type]


@pytest.mark.rule("T4")
@pytest.mark.parametrize("who", [ANN, CY])
def test_T4_no_influence_cards_after_a_roll_before_the_deal(who: int) -> None:
    state, _ = play(position(), Roll(player=ANN, value=3))
    for action in _influence_plays(who):
        refused(state, action, "T4")  # type: ignore[arg-type]
    assert all(
        not isinstance(a, LayFamily | PlayTravel | PlayBoss | PlayHire)
        for a in legal_actions(state, ANN)
    )


@pytest.mark.rule("T4")
def test_T4_no_stop_card_outside_a_deal() -> None:
    refused(position(), PlayStop(player=BOB), "T4")


@pytest.mark.rule("T4")
def test_T4_no_offers_before_the_deal_starts() -> None:
    offer = Offer(player=ANN, supplier=BOB, cards=(InvestorRef(colour=Y),), price=Price(amount=1))
    refused(position(), offer, "T4")


@pytest.mark.rule("T4")
def test_T4_influence_cards_are_played_during_a_deal() -> None:
    state, _ = play(position(), StartDeal(player=ANN))
    state, _ = play(state, LayFamily(player=BOB, colour=Y))
    assert FamilyRef(owner=BOB, colour=Y) in (state.deal.family if state.deal else ())
    state, _ = play(state, PlayTravel(player=CY, target=InvestorRef(colour=B)), TimeUp())
    assert state.deal is not None and state.deal.travelling(B)


@pytest.mark.rule("T4")
def test_T4_only_the_player_at_the_hand_limit_may_play_a_hire_set_there() -> None:
    state, _ = play(rolled(known([Card.HIRE] * 3 + TEN[:7])), Draw(player=ANN))
    assert state.phase is Phase.HAND_LIMIT
    refused(state, PlayHire(player=BOB, colour=R), "T4")
    refused(state, PlayBoss(player=ANN), "T4")
    refused(state, LayFamily(player=ANN, colour=R), "T4")


@pytest.mark.rule("T2")
def test_T2_a_discard_is_the_same_whatever_order_its_cards_are_named_in() -> None:
    first = Discard(player=0, cards=(Card.HIRE, Card.STOP, Card.HIRE))
    assert first == Discard(player=0, cards=(Card.STOP, Card.HIRE, Card.HIRE))
