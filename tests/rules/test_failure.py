"""F1–F3: a failed deal."""

from __future__ import annotations

from collections import Counter

import pytest

from imtheboss.engine import (
    Accept,
    Ask,
    Card,
    Close,
    Fail,
    LayFamily,
    Phase,
    PlayBoss,
    PlayHire,
    PlayTravel,
    Price,
    StartDeal,
    TimeUp,
    legal_actions,
)
from imtheboss.engine.events import CardsReturned, DealFailed, TileLaid, TurnBegan
from support import ANN, BOB, CY, DI, G, O, P, R, Y, dealing, fam, inv, play, position, refused

# -- F1 ----------------------------------------------------------------------------------------


@pytest.mark.rule("F1")
def test_F1_the_boss_declares_the_deal_failed() -> None:
    state = dealing()
    # Yellow travels and nobody lays a yellow family card: no close is possible.
    state, _ = play(state, PlayTravel(player=CY, target=inv(Y)), TimeUp())
    assert not any(isinstance(a, Close) for a in legal_actions(state, ANN))
    assert Fail(player=ANN) in legal_actions(state, ANN)
    state, events = play(state, Fail(player=ANN))
    assert DealFailed(boss=ANN, space=5) in events
    assert state.deal is None and state.phase is Phase.TURN


@pytest.mark.rule("F1")
def test_F1_the_boss_may_fail_when_the_others_ask_too_much() -> None:
    state = dealing()
    state, _ = play(state, Ask(player=BOB, cards=(inv(Y),), price=Price(amount=12)))
    state, events = play(state, Fail(player=ANN))
    assert DealFailed(boss=ANN, space=5) in events
    assert [p.money for p in state.players] == [0, 0, 0, 0]


@pytest.mark.rule("F1")
def test_F1_only_the_boss_declares_the_deal_failed() -> None:
    state = dealing()
    for seat in (BOB, CY, DI):
        refused(state, Fail(player=seat), "F1")
        assert Fail(player=seat) not in legal_actions(state, seat)
    state, _ = play(state, PlayBoss(player=CY), TimeUp())
    refused(state, Fail(player=ANN), "F1")  # no longer the Boss
    state, events = play(state, Fail(player=CY))
    assert DealFailed(boss=CY, space=5) in events
    refused(position(), Fail(player=ANN), "T4")  # no deal to fail


@pytest.mark.rule("F1")
def test_F1_not_while_a_play_waits_for_an_answer() -> None:
    state = dealing()
    state, _ = play(state, PlayTravel(player=CY, target=inv(Y)))
    refused(state, Fail(player=ANN), "ST1")


# -- F2 ----------------------------------------------------------------------------------------


@pytest.mark.rule("F2")
def test_F2_family_cards_go_home_the_other_cards_are_discarded() -> None:
    hands = {
        "Ann": (Card.FAMILY_YELLOW, Card.FAMILY_PINK, Card.STOP),
        "Bob": (Card.FAMILY_ORANGE, Card.FAMILY_GREEN),
        "Cy": (Card.TRAVEL_RED, Card.TRAVEL_GREEN, Card.HIRE, Card.HIRE, Card.HIRE),
        "Di": (Card.BOSS,),
    }
    state = dealing(position(hands=hands))
    state, _ = play(
        state,
        LayFamily(player=ANN, colour=Y),
        LayFamily(player=ANN, colour=P),
        LayFamily(player=BOB, colour=O),
        LayFamily(player=BOB, colour=G),
        Ask(player=BOB, cards=(fam(BOB, O),), price=Price(amount=2)),
        Accept(player=ANN, supplier=BOB),
        PlayTravel(player=CY, target=inv(R)),
        TimeUp(),
        PlayTravel(player=CY, target=fam(BOB, G)),
        TimeUp(),
        PlayHire(player=CY, colour=Y),
        TimeUp(),
        PlayBoss(player=DI),
        TimeUp(),
    )
    state, events = play(state, Fail(player=DI))
    # Family cards on the table go back to whoever laid them.
    assert state.players[ANN].hand == (Card.FAMILY_YELLOW, Card.FAMILY_PINK, Card.STOP)
    assert state.players[BOB].hand == (Card.FAMILY_ORANGE,)  # green travelled (TR3)
    returned = {e.player: Counter(e.cards) for e in events if isinstance(e, CardsReturned)}
    assert returned == {
        ANN: Counter([Card.FAMILY_YELLOW, Card.FAMILY_PINK]),
        BOB: Counter([Card.FAMILY_ORANGE]),
    }
    # Everything else that was played is discarded, the travel card on red included.
    assert Counter(state.discard) == Counter(
        [
            Card.TRAVEL_RED,
            Card.FAMILY_GREEN,
            Card.TRAVEL_GREEN,
            Card.HIRE,
            Card.HIRE,
            Card.HIRE,
            Card.BOSS,
        ]
    )
    assert state.players[CY].hand == () and state.players[DI].hand == ()
    # The hire stands; agreements are gone with the deal; nobody is paid.
    assert state.owners[Y] == CY
    assert state.deal is None and [p.money for p in state.players] == [0, 0, 0, 0]


# -- F3 ----------------------------------------------------------------------------------------


@pytest.mark.rule("F3")
def test_F3_the_turn_ends_the_marker_stays_no_tile_is_laid() -> None:
    state = dealing(position(deals_done=3))
    stack, covered = state.stack, dict(state.covered)
    state, events = play(state, Fail(player=ANN))
    assert state.marker == 5
    assert state.stack == stack and state.covered == covered and state.deals_done == 3
    assert not any(isinstance(e, TileLaid) for e in events)
    assert events[-1] == TurnBegan(player=BOB)
    assert state.turn == BOB and state.phase is Phase.TURN
    refused(state, StartDeal(player=CY), "T1")
    # Bob may deal on the very same space.
    state, _ = play(state, StartDeal(player=BOB))
    assert state.deal is not None and state.deal.space == 5


@pytest.mark.rule("F3")
def test_F3_a_failed_deal_makes_no_end_roll() -> None:
    state = dealing(position(deals_done=12))
    state, _ = play(state, Fail(player=ANN))
    assert state.phase is Phase.TURN and state.end_roller is None and state.turn == BOB
    assert state.deals_done == 12


@pytest.mark.rule("F3")
def test_F3_after_a_boss_card_the_new_bosss_left_plays_next() -> None:
    state = dealing()
    state, _ = play(state, PlayBoss(player=CY), TimeUp(), Fail(player=CY))
    assert state.turn == DI
    state = dealing(position(), boss=ANN)
    state, _ = play(state, PlayBoss(player=DI), TimeUp(), Fail(player=DI))
    assert state.turn == ANN
