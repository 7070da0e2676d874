"""RULES.md M1: money lies where all can see the pile, but its exact amount is secret."""

from __future__ import annotations

import pytest

from imtheboss.engine import (
    Accept,
    Ask,
    Card,
    Close,
    Draw,
    InvestorRef,
    MoneyPile,
    Price,
    PublicPlayer,
    Roll,
    StartDeal,
    TimeUp,
    view,
)
from imtheboss.engine.events import CardsDrawn, redact
from support import ANN, BOB, CY, DI, B, R, play, position

MONEY = {"Ann": 7, "Bob": 8, "Cy": 31, "Di": 64}
HANDS = {
    "Ann": [Card.STOP, Card.BOSS],
    "Bob": [Card.HIRE, Card.HIRE, Card.FAMILY_PINK],
    "Cy": [Card.TRAVEL_GREY],
    "Di": [],
}


@pytest.mark.rule("M1")
def test_M1_view_shows_the_viewers_own_exact_money() -> None:
    state = position(money=MONEY, hands=HANDS)
    for seat, name in enumerate(("Ann", "Bob", "Cy", "Di")):
        assert view(state, seat).money == MONEY[name]


@pytest.mark.rule("M1")
def test_M1_view_shows_only_the_pile_of_others_money() -> None:
    state = position(money=MONEY, hands=HANDS)
    seen = view(state, ANN)
    assert [p.pile for p in seen.players] == [
        MoneyPile.THIN,
        MoneyPile.THIN,
        MoneyPile.PILE,
        MoneyPile.HEAP,
    ]
    assert "money" not in PublicPlayer.model_fields
    assert seen.final_money is None
    dumped = seen.model_dump()
    for other in (BOB, CY, DI):
        assert set(dumped["players"][other]) == set(PublicPlayer.model_fields)
    assert "bank_paid" not in dumped  # the bank total would give the others' sum away


@pytest.mark.rule("M1")
def test_M1_others_cannot_count_money_within_a_pile() -> None:
    # Bob with $8M or $9M: from across the table both are a thin pile.
    eight = position(money={"Bob": 8, "Cy": 30})
    nine = position(money={"Bob": 9, "Cy": 44})
    for viewer in (ANN, DI):
        assert view(eight, viewer) == view(nine, viewer)
    assert view(eight, BOB) != view(nine, BOB)


@pytest.mark.rule("M1")
def test_M1_pile_sizes_follow_the_amount() -> None:
    assert MoneyPile.of(0) is MoneyPile.NONE
    assert MoneyPile.of(1) is MoneyPile.of(9) is MoneyPile.THIN
    assert MoneyPile.of(10) is MoneyPile.of(24) is MoneyPile.STACK
    assert MoneyPile.of(25) is MoneyPile.of(49) is MoneyPile.PILE
    assert MoneyPile.of(50) is MoneyPile.of(500) is MoneyPile.HEAP


@pytest.mark.rule("M1")
def test_M1_the_table_view_shows_nobodys_exact_money() -> None:
    seen = view(position(money=MONEY, hands=HANDS), None)
    assert seen.money is None and seen.hand is None
    assert [p.pile for p in seen.players][3] is MoneyPile.HEAP


@pytest.mark.rule("M1")
def test_M1_other_hands_are_not_in_the_view() -> None:
    state = position(money=MONEY, hands=HANDS)
    seen = view(state, BOB)
    assert seen.hand == state.players[BOB].hand
    assert [p.hand_size for p in seen.players] == [2, 3, 1, 0]
    dumped = seen.model_dump_json()
    assert Card.TRAVEL_GREY.value not in dumped  # Cy's card
    assert Card.STOP.value not in dumped and Card.BOSS.value not in dumped  # Ann's cards


@pytest.mark.rule("M1")
def test_M1_drawn_cards_are_redacted_for_other_players() -> None:
    state = position(hands={"Ann": [], "Bob": [], "Cy": [], "Di": []}, seed=3)
    state, _ = play(state, Roll(player=ANN))
    _, events = play(state, Draw(player=ANN))
    drawn = next(e for e in events if isinstance(e, CardsDrawn))
    assert drawn.cards is not None and len(drawn.cards) == 3
    assert redact(drawn, ANN) == drawn
    hidden = redact(drawn, BOB)
    assert isinstance(hidden, CardsDrawn) and hidden.cards is None and hidden.count == 3


@pytest.mark.rule("M1")
def test_M1_nobody_touches_another_players_money_outside_the_agreed_payment() -> None:
    state = position(investors={"Ann": (R,), "Bob": (B,)}, marker=1, money={"Cy": 20, "Di": 5})
    before = [p.money for p in state.players]
    state, _ = play(
        state,
        StartDeal(player=ANN),
        Ask(player=BOB, cards=(InvestorRef(colour=B),), price=Price(amount=2)),
        Accept(player=ANN, supplier=BOB),
        Close(player=ANN, supplies={R: InvestorRef(colour=R), B: InvestorRef(colour=B)}),
        TimeUp(),
    )
    after = [p.money for p in state.players]
    assert after[CY] == before[CY] and after[DI] == before[DI]
    assert after[ANN] == 4 and after[BOB] == 2
    assert state.bank_paid == sum(after)
