"""TR1–TR4: travel cards."""

from __future__ import annotations

import pytest

from imtheboss.engine import (
    Accept,
    Ask,
    Card,
    Close,
    Fail,
    GameState,
    LayFamily,
    Offer,
    Phase,
    PlayStop,
    PlayTravel,
    Price,
    TimeUp,
    Trip,
    WindowKind,
    legal_actions,
)
from imtheboss.engine.cards import family
from imtheboss.engine.events import CardsDiscarded, Played, WentTravelling
from support import ANN, BOB, CY, DI, B, G, O, P, R, Y, dealing, fam, inv, play, position, refused


def everything_but_blue(state: GameState) -> GameState:
    """Agreements so that Ann can close space 5 with R, Y, P, O and a blue family card."""
    return play(
        state,
        Ask(player=BOB, cards=(inv(Y),), price=Price(amount=1)),
        Accept(player=ANN, supplier=BOB),
        Ask(player=CY, cards=(inv(P),), price=Price(amount=1)),
        Accept(player=ANN, supplier=CY),
        Ask(player=DI, cards=(inv(O),), price=Price(amount=1)),
        Accept(player=ANN, supplier=DI),
    )[0]


# -- TR1 ---------------------------------------------------------------------------------------


@pytest.mark.rule("TR1")
def test_TR1_travel_on_an_investor_takes_it_out_of_the_deal() -> None:
    state = dealing()
    state, events = play(state, PlayTravel(player=DI, target=inv(B)), TimeUp())
    assert state.deal is not None and state.deal.travelling(B)
    assert WentTravelling(target=inv(B)) in events
    state = everything_but_blue(state)
    # The travelling blue investor cannot supply blue, although Ann owns it.
    terms = {R: inv(R), B: inv(B), Y: inv(Y), P: inv(P), O: inv(O)}
    refused(state, Close(player=ANN, supplies=terms), "TR1")


@pytest.mark.rule("TR1")
def test_TR1_a_travelling_investor_cannot_be_offered_or_asked_for() -> None:
    state = dealing()
    state, _ = play(state, PlayTravel(player=ANN, target=inv(O)), TimeUp())
    refused(state, Offer(player=ANN, supplier=DI, cards=(inv(O),), price=Price(amount=1)), "TR1")
    refused(state, Ask(player=DI, cards=(inv(O),), price=Price(amount=1)), "TR1")
    # Di's other investor is not touched.
    state, _ = play(state, Ask(player=DI, cards=(inv(G),), price=Price(amount=1)))
    assert [p.supplier for p in state.deal.proposals] == [DI]


@pytest.mark.rule("TR1")
def test_TR1_a_travel_card_only_goes_on_a_card_of_its_colour() -> None:
    state = dealing(position(hands={"Bob": (Card.TRAVEL_RED, Card.HIRE)}))
    # Bob's red travel card cannot go on the blue investor: he holds no blue travel card.
    refused(state, PlayTravel(player=BOB, target=inv(B)), "TR1")
    refused(state, PlayTravel(player=BOB, target=inv(B), grey=True), "TR1")
    state, events = play(state, PlayTravel(player=BOB, target=inv(R)), TimeUp())
    assert state.deal.trips == (Trip(colour=R, card=Card.TRAVEL_RED),)
    assert state.players[BOB].hand == (Card.HIRE,)
    played = Played(player=BOB, window=WindowKind.TRAVEL, cards=(Card.TRAVEL_RED,), target=inv(R))
    assert played in events


@pytest.mark.rule("TR1")
def test_TR1_a_grey_travel_card_goes_on_any_colour() -> None:
    state = dealing(position(hands={"Bob": (Card.TRAVEL_GREY, Card.TRAVEL_GREY)}))
    state, _ = play(state, PlayTravel(player=BOB, target=inv(B), grey=True), TimeUp())
    state, _ = play(state, LayFamily(player=ANN, colour=G))
    state, _ = play(state, PlayTravel(player=BOB, target=fam(ANN, G), grey=True), TimeUp())
    assert state.deal.trips == (Trip(colour=B, card=Card.TRAVEL_GREY),)
    assert state.deal.family == ()
    assert state.discard[-2:] == (Card.FAMILY_GREEN, Card.TRAVEL_GREY)
    assert state.players[BOB].hand == ()


@pytest.mark.rule("TR1")
def test_TR1_travel_on_a_family_card_of_its_colour() -> None:
    state = dealing()
    state, _ = play(state, LayFamily(player=ANN, colour=Y), LayFamily(player=ANN, colour=P))
    state, _ = play(state, PlayTravel(player=CY, target=fam(ANN, Y)), TimeUp())
    assert state.deal.family == (fam(ANN, P),)
    # The yellow family card is gone: it cannot supply yellow.
    state, _ = play(
        state,
        Ask(player=DI, cards=(inv(O),), price=Price(amount=1)),
        Accept(player=ANN, supplier=DI),
    )
    terms = {R: inv(R), B: inv(B), Y: fam(ANN, Y), P: fam(ANN, P), O: inv(O)}
    refused(state, Close(player=ANN, supplies=terms), "CL3")


@pytest.mark.rule("TR1")
def test_TR1_refused_on_a_family_card_that_is_not_on_the_table() -> None:
    state = dealing()
    refused(state, PlayTravel(player=CY, target=fam(ANN, Y)), "TR1")
    state, _ = play(state, LayFamily(player=ANN, colour=Y))
    refused(state, PlayTravel(player=CY, target=fam(BOB, Y)), "TR1")


@pytest.mark.rule("TR1")
def test_TR1_refused_on_an_investor_already_travelling() -> None:
    state = dealing()
    state, _ = play(state, PlayTravel(player=CY, target=inv(R)), TimeUp())
    refused(state, PlayTravel(player=DI, target=inv(R)), "TR1")
    refused(state, PlayTravel(player=DI, target=inv(R), grey=True), "TR1")
    assert not any(
        isinstance(a, PlayTravel) and a.target == inv(R) for a in legal_actions(state, DI)
    )


# -- TR2 ---------------------------------------------------------------------------------------


@pytest.mark.rule("TR2")
def test_TR2_the_travel_card_stays_on_the_investor_until_the_deal_ends() -> None:
    state = dealing(position(hands={"Di": (Card.TRAVEL_BLUE,)}))
    state, events = play(state, PlayTravel(player=DI, target=inv(B)), TimeUp())
    # Lying on the investor, not in the discard pile; the investor is still Ann's.
    assert state.deal.trips == (Trip(colour=B, card=Card.TRAVEL_BLUE),)
    assert Card.TRAVEL_BLUE not in state.discard
    assert not any(isinstance(e, CardsDiscarded) for e in events)
    assert state.owners[B] == ANN
    assert state.players[DI].hand == ()
    # The deal closes with Bob's blue family card; then the travel card is discarded.
    state = everything_but_blue(state)
    state, _ = play(
        state,
        LayFamily(player=BOB, colour=B),
        Ask(player=BOB, cards=(fam(BOB, B),), price=Price(amount=1)),
    )
    state, _ = play(state, Accept(player=ANN, supplier=BOB))
    terms = {R: inv(R), B: fam(BOB, B), Y: inv(Y), P: inv(P), O: inv(O)}
    state, events = play(state, Close(player=ANN, supplies=terms), TimeUp())
    assert state.deal is None and state.deals_done == 1
    assert Card.TRAVEL_BLUE in state.discard
    assert Card.TRAVEL_BLUE in [c for e in events if isinstance(e, CardsDiscarded) for c in e.cards]
    assert state.owners[B] == ANN  # the investor came back to its owner


@pytest.mark.rule("TR2")
def test_TR2_the_travel_card_is_discarded_when_the_deal_fails() -> None:
    state = dealing()
    state, _ = play(state, PlayTravel(player=BOB, target=inv(O)), TimeUp())
    assert state.discard == ()
    state, _ = play(state, Fail(player=ANN))
    assert state.discard == (Card.TRAVEL_ORANGE,)
    assert state.owners[O] == DI


@pytest.mark.rule("TR2")
def test_TR2_a_stopped_travel_card_never_lies_on_the_investor() -> None:
    state = dealing()
    state, _ = play(state, PlayTravel(player=BOB, target=inv(O)))
    # Pending: not yet travelling until the window closes.
    assert state.deal.trips == () and state.window is not None
    state, _ = play(state, PlayStop(player=DI))
    assert state.deal.trips == ()
    assert state.discard == (Card.TRAVEL_ORANGE, Card.STOP)


# -- TR3 ---------------------------------------------------------------------------------------


@pytest.mark.rule("TR3")
def test_TR3_travel_on_a_family_card_discards_both_at_once() -> None:
    state = dealing(
        position(
            hands={
                "Ann": (Card.FAMILY_YELLOW, Card.BOSS),
                "Cy": (Card.TRAVEL_YELLOW, Card.STOP),
            }
        )
    )
    state, _ = play(state, LayFamily(player=ANN, colour=Y))
    state, events = play(state, PlayTravel(player=CY, target=fam(ANN, Y)), TimeUp())
    assert state.discard == (Card.FAMILY_YELLOW, Card.TRAVEL_YELLOW)
    assert CardsDiscarded(cards=(Card.FAMILY_YELLOW, Card.TRAVEL_YELLOW)) in events
    assert state.deal.family == () and state.deal.trips == ()
    assert state.players[CY].hand == (Card.STOP,)
    # At the end of the deal the family card does not come back to Ann's hand.
    state, _ = play(state, Fail(player=ANN))
    assert state.players[ANN].hand == (Card.BOSS,)
    assert state.discard == (Card.FAMILY_YELLOW, Card.TRAVEL_YELLOW)


@pytest.mark.rule("TR3")
@pytest.mark.rule("N5")
@pytest.mark.rule("N3")
def test_N5_an_agreement_on_a_travelled_family_card_stays_and_keeps_its_money() -> None:
    """Ruling 2026-12-01: a travel card on an agreed family card ends nothing; the $6M promised
    for it still counts, so the Boss cannot promise the same money again (N3)."""
    state = dealing()
    state, _ = play(
        state,
        LayFamily(player=BOB, colour=P),
        Ask(player=BOB, cards=(fam(BOB, P),), price=Price(amount=6)),
        Accept(player=ANN, supplier=BOB),
    )
    agreed = state.deal.agreements
    assert len(agreed) == 1
    state, _ = play(state, PlayTravel(player=CY, target=fam(BOB, P)), TimeUp())
    assert state.deal.agreements == agreed
    assert state.deal.family == ()
    assert state.discard == (Card.FAMILY_PINK, Card.TRAVEL_PINK)
    # Space 5 is worth $12M: $6M is promised, so $7M more is over the cap.
    state, _ = play(state, Ask(player=CY, cards=(inv(P),), price=Price(amount=7)))
    refused(state, Accept(player=ANN, supplier=CY), "N3")


@pytest.mark.rule("TR3")
def test_TR3_a_stopped_travel_leaves_the_family_card_on_the_table() -> None:
    state = dealing(position(hands={"Ann": (Card.FAMILY_YELLOW,)}))
    state, _ = play(state, LayFamily(player=ANN, colour=Y))
    state, _ = play(state, PlayTravel(player=CY, target=fam(ANN, Y)), PlayStop(player=BOB))
    assert state.deal.family == (fam(ANN, Y),)
    assert state.discard == (Card.TRAVEL_YELLOW, Card.STOP)
    state, _ = play(state, Fail(player=ANN))
    assert state.players[ANN].hand == (Card.FAMILY_YELLOW,)


# -- TR4 ---------------------------------------------------------------------------------------


def four_with_unowned() -> GameState:
    """4 players, 1 investor each (S2): orange and green lie unowned beside the board."""
    return position(investors={"Ann": (R,), "Bob": (B,), "Cy": (Y,), "Di": (P,)})


@pytest.mark.rule("TR4")
def test_TR4_travel_may_not_target_an_unowned_investor() -> None:
    state = dealing(four_with_unowned())
    assert state.owners[O] is None
    refused(state, PlayTravel(player=BOB, target=inv(O)), "TR4")
    refused(state, PlayTravel(player=BOB, target=inv(G), grey=True), "TR4")
    targets = {a.target for a in legal_actions(state, BOB) if isinstance(a, PlayTravel)}
    assert inv(O) not in targets and inv(G) not in targets
    # An owned investor is a fair target.
    assert inv(Y) in targets
    state, _ = play(state, PlayTravel(player=BOB, target=inv(Y)), TimeUp())
    assert state.deal.travelling(Y)


@pytest.mark.rule("TR4")
def test_TR4_an_unowned_investor_cannot_supply_a_deal() -> None:
    state = dealing(four_with_unowned())
    state, _ = play(
        state,
        LayFamily(player=ANN, colour=B),
        LayFamily(player=ANN, colour=Y),
        LayFamily(player=ANN, colour=P),
    )
    terms = {R: inv(R), B: fam(ANN, B), Y: fam(ANN, Y), P: fam(ANN, P), O: inv(O)}
    refused(state, Close(player=ANN, supplies=terms), "TR4")
    state, _ = play(state, LayFamily(player=ANN, colour=O))
    terms[O] = fam(ANN, O)
    state, _ = play(state, Close(player=ANN, supplies=terms), TimeUp())
    assert state.deals_done == 1 and state.players[ANN].money == 12
    assert state.phase is Phase.TURN


# -- TR5 ---------------------------------------------------------------------------------------


@pytest.mark.rule("TR5")
def test_TR5_a_player_may_not_send_their_own_investor_travelling() -> None:
    """Bob agreed to sell yellow, then tries to escape by sending his own yellow investor away."""
    state = dealing(position(hands={"Bob": (Card.TRAVEL_YELLOW, Card.TRAVEL_GREY)}))
    state, _ = play(
        state,
        Ask(player=BOB, cards=(inv(Y),), price=Price(amount=4)),
        Accept(player=ANN, supplier=BOB),
    )
    refused(state, PlayTravel(player=BOB, target=inv(Y)), "TR5")
    refused(state, PlayTravel(player=BOB, target=inv(Y), grey=True), "TR5")
    targets = {a.target for a in legal_actions(state, BOB) if isinstance(a, PlayTravel)}
    assert inv(Y) not in targets
    # Another player's investor stays a fair target for the same cards (TR1).
    assert inv(R) in targets


@pytest.mark.rule("TR5")
def test_TR5_the_boss_may_not_send_their_own_investor_travelling_either() -> None:
    state = dealing(position(hands={"Ann": (Card.TRAVEL_RED, Card.TRAVEL_GREY)}))
    refused(state, PlayTravel(player=ANN, target=inv(R)), "TR5")
    refused(state, PlayTravel(player=ANN, target=inv(B), grey=True), "TR5")
    targets = {a.target for a in legal_actions(state, ANN) if isinstance(a, PlayTravel)}
    assert inv(R) not in targets and inv(B) not in targets and inv(Y) in targets


@pytest.mark.rule("TR5")
def test_TR5_ones_own_family_card_may_still_travel() -> None:
    state = dealing(position(hands={"Ann": (Card.TRAVEL_PINK, family(P))}))
    state, _ = play(state, LayFamily(player=ANN, colour=P))
    state, events = play(state, PlayTravel(player=ANN, target=fam(ANN, P)), TimeUp())
    assert fam(ANN, P) not in state.deal.family
    assert any(isinstance(e, CardsDiscarded) for e in events)
