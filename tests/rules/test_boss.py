"""B1–B3: boss cards (and V1, which changes B3)."""

from __future__ import annotations

import pytest

from imtheboss.engine import (
    Accept,
    Agreement,
    Ask,
    Card,
    Close,
    Fail,
    FamilyRef,
    GameState,
    InvestorRef,
    LayFamily,
    Offer,
    Phase,
    PlayBoss,
    PlayStop,
    PlayTravel,
    Price,
    Reset,
    Roll,
    StartDeal,
    TimeUp,
    Trip,
    Variant,
    WindowKind,
    legal_actions,
)
from imtheboss.engine.events import BossChanged, NegotiationReset
from support import ANN, BOB, CY, DI, B, G, O, P, R, Y, dealing, fam, inv, play, position, refused


def take_over(state: GameState, seat: int) -> GameState:
    state, _ = play(state, PlayBoss(player=seat), TimeUp())
    return state


def agreed(state: GameState, supplier: int, ref: InvestorRef | FamilyRef, price: int) -> GameState:
    state, _ = play(
        state,
        Ask(player=supplier, cards=(ref,), price=Price(amount=price)),
        Accept(player=state.deal.boss, supplier=supplier),
    )
    return state


def cy_closes_alone(state: GameState) -> GameState:
    """Cy, Boss now, closes space 5 with her pink investor and four family cards of her own."""
    state, _ = play(state, *(LayFamily(player=CY, colour=c) for c in (R, B, Y, O)))
    terms = {R: fam(CY, R), B: fam(CY, B), Y: fam(CY, Y), P: inv(P), O: fam(CY, O)}
    state, _ = play(state, Close(player=CY, supplies=terms), TimeUp())
    return state


# -- B1 ----------------------------------------------------------------------------------------


@pytest.mark.rule("B1")
def test_B1_a_boss_card_makes_its_player_the_new_boss() -> None:
    state = dealing(position(hands={"Cy": (Card.BOSS, Card.STOP)}))
    state, events = play(state, PlayBoss(player=CY))
    # Pending until the window closes.
    assert state.window is not None and state.window.kind is WindowKind.BOSS
    assert state.deal.boss == ANN
    assert state.players[CY].hand == (Card.STOP,)
    state, events = play(state, TimeUp())
    assert state.deal.boss == CY
    assert BossChanged(old=ANN, new=CY) in events
    assert state.discard == (Card.BOSS,)
    # Only the Boss closes now.
    assert state.turn == ANN


@pytest.mark.rule("B1")
def test_B1_the_current_boss_cannot_play_a_boss_card() -> None:
    state = dealing()
    refused(state, PlayBoss(player=ANN), "B1")
    assert not any(isinstance(a, PlayBoss) for a in legal_actions(state, ANN))
    assert PlayBoss(player=BOB) in legal_actions(state, BOB)
    state = take_over(state, BOB)
    refused(state, PlayBoss(player=BOB), "B1")
    # The old Boss is an ordinary player again and may play one.
    state = take_over(state, ANN)
    assert state.deal.boss == ANN


@pytest.mark.rule("B1")
def test_B1_a_boss_card_must_be_in_hand_and_played_in_a_deal() -> None:
    state = position(hands={"Cy": (Card.STOP,), "Bob": (Card.BOSS,)})
    refused(state, PlayBoss(player=BOB), "T4")  # no deal yet
    state = dealing(state)
    refused(state, PlayBoss(player=CY), "B1")
    assert not any(isinstance(a, PlayBoss) for a in legal_actions(state, CY))


# -- B2 ----------------------------------------------------------------------------------------


@pytest.mark.rule("B2")
def test_B2_agreements_stay_and_are_owed_by_the_new_boss() -> None:
    state = dealing()
    state = agreed(state, BOB, inv(Y), 3)
    state = agreed(state, DI, inv(O), 2)
    before = state.deal.agreements
    state = take_over(state, CY)
    assert state.deal.boss == CY and state.deal.agreements == before
    state = agreed(state, ANN, inv(R), 2)
    state = agreed(state, ANN, inv(B), 1)
    terms = {R: inv(R), B: inv(B), Y: inv(Y), P: inv(P), O: inv(O)}
    state, _ = play(state, Close(player=CY, supplies=terms), TimeUp())
    # $12M to Cy, who pays Bob 3 and Di 2 (agreed with Ann) and Ann 3; Cy keeps 4.
    assert [p.money for p in state.players] == [3, 3, 4, 2]


@pytest.mark.rule("B2")
def test_B2_the_old_bosss_investors_no_longer_agree_automatically() -> None:
    state = dealing()
    state, _ = play(state, LayFamily(player=ANN, colour=Y))
    state = take_over(state, CY)
    state, _ = play(state, LayFamily(player=CY, colour=O))
    terms = {R: inv(R), B: inv(B), Y: fam(ANN, Y), P: inv(P), O: fam(CY, O)}
    refused(state, Close(player=CY, supplies=terms), "CL3")
    # The old Boss may now ask a price like anyone (the Boss could not).
    state = agreed(state, ANN, inv(R), 1)
    refused(state, Close(player=CY, supplies=terms), "CL3")
    state = agreed(state, ANN, inv(B), 1)
    refused(state, Close(player=CY, supplies=terms), "CL3")  # Ann's yellow family card too
    state = agreed(state, ANN, fam(ANN, Y), 1)
    state, _ = play(state, Close(player=CY, supplies=terms), TimeUp())
    assert state.players[ANN].money == 3 and state.players[CY].money == 9


@pytest.mark.rule("B2")
def test_B2_an_agreement_between_the_old_and_the_new_boss_lapses() -> None:
    state = dealing()
    state = agreed(state, CY, inv(P), 3)
    state = agreed(state, DI, inv(O), 2)
    state, _ = play(state, Ask(player=BOB, cards=(inv(Y),), price=Price(amount=1)))
    state = take_over(state, CY)
    only_di = Agreement(supplier=DI, cards=(inv(O),), price=Price(amount=2))
    assert state.deal.agreements == (only_di,)
    # Ann, now a supplier, agrees with Cy, then takes over again: that agreement lapses too.
    state = agreed(state, ANN, inv(R), 1)
    state = take_over(state, ANN)
    assert [a.supplier for a in state.deal.agreements] == [DI]
    assert [p.supplier for p in state.deal.proposals] == [BOB]


@pytest.mark.rule("B2")
def test_B2_a_reset_cancels_all_agreements_and_offers() -> None:
    state = dealing()
    state = agreed(state, BOB, inv(Y), 3)
    state, _ = play(state, Ask(player=DI, cards=(inv(O),), price=Price(amount=2)))
    state = take_over(state, CY)
    state, _ = play(state, Offer(player=CY, supplier=ANN, cards=(inv(R),), price=Price(amount=1)))
    assert state.deal.agreements and len(state.deal.proposals) == 2
    state, events = play(state, Reset(player=CY))
    assert NegotiationReset(boss=CY) in events
    assert state.deal.agreements == () and state.deal.proposals == ()
    assert state.deal.boss == CY


@pytest.mark.rule("B2")
def test_B2_only_a_boss_who_came_in_by_a_boss_card_may_reset() -> None:
    state = dealing()
    state = agreed(state, BOB, inv(Y), 3)
    refused(state, Reset(player=ANN), "B2")
    state = take_over(state, CY)
    refused(state, Reset(player=ANN), "B2")  # the old Boss
    refused(state, Reset(player=DI), "B2")
    assert Reset(player=CY) in legal_actions(state, CY)


@pytest.mark.rule("B2")
def test_B2_family_cards_stay_and_travelled_investors_do_not_come_back() -> None:
    state = dealing()
    state, _ = play(state, LayFamily(player=ANN, colour=Y), LayFamily(player=BOB, colour=G))
    state, _ = play(state, PlayTravel(player=DI, target=inv(B)), TimeUp())
    state = take_over(state, CY)
    assert state.deal.family == (fam(ANN, Y), fam(BOB, G))
    assert state.deal.trips == (Trip(colour=B, card=Card.TRAVEL_BLUE),)
    state, _ = play(state, Reset(player=CY))
    assert state.deal.family == (fam(ANN, Y), fam(BOB, G))
    assert state.deal.travelling(B)


@pytest.mark.rule("B2")
def test_B2_the_old_boss_negotiates_as_an_ordinary_player() -> None:
    state = dealing()
    refused(state, Ask(player=ANN, cards=(inv(R),), price=Price(amount=1)), "D3")
    state = take_over(state, CY)
    refused(state, Offer(player=ANN, supplier=BOB, cards=(inv(Y),), price=Price(amount=1)), "N4")
    refused(state, Close(player=ANN, supplies={R: inv(R)}), "CL1")
    state, _ = play(state, Ask(player=ANN, cards=(inv(R),), price=Price(amount=1)))
    assert [(p.supplier, p.by_boss) for p in state.deal.proposals] == [(ANN, False)]


@pytest.mark.rule("B2")
def test_B2_several_boss_cards_in_one_deal() -> None:
    state = dealing()
    state = take_over(state, CY)
    state = take_over(state, BOB)
    state = take_over(state, DI)
    assert state.deal.boss == DI
    assert state.discard == (Card.BOSS,) * 3


# -- B3 ----------------------------------------------------------------------------------------


@pytest.mark.rule("B3")
def test_B3_after_a_close_the_turn_goes_to_the_last_bosss_left() -> None:
    state = take_over(dealing(), CY)
    state = cy_closes_alone(state)
    assert state.phase is Phase.TURN and state.turn == DI
    assert state.players[CY].money == 12 and state.players[CY].deals_closed == 1
    # Bob's turn was skipped.
    refused(state, StartDeal(player=BOB), "T1")
    state, _ = play(state, StartDeal(player=DI))
    assert state.deal.boss == DI


@pytest.mark.rule("B3")
def test_B3_the_left_of_the_last_seat_is_the_first() -> None:
    state = take_over(dealing(), DI)
    state, _ = play(state, Fail(player=DI))
    assert state.turn == ANN


@pytest.mark.rule("B3")
def test_B3_only_the_last_boss_counts() -> None:
    state = dealing()
    state = take_over(state, BOB)
    state = take_over(state, CY)
    state, _ = play(state, Fail(player=CY))
    assert state.turn == DI


@pytest.mark.rule("B3")
def test_B3_a_stopped_boss_card_changes_nothing() -> None:
    state = dealing()
    state, _ = play(state, PlayBoss(player=CY), PlayStop(player=BOB))
    assert state.deal.boss == ANN
    state, _ = play(state, Fail(player=ANN))
    assert state.turn == BOB


@pytest.mark.rule("B3")
def test_B3_the_last_boss_makes_the_end_roll_and_the_turn_follows_them() -> None:
    state = take_over(dealing(position(deals_done=10)), CY)
    state = cy_closes_alone(state)
    assert state.phase is Phase.END_ROLL and state.end_roller == CY
    refused(state, Roll(player=ANN, value=6), "E1")
    state, _ = play(state, Roll(player=CY, value=6))
    assert state.phase is Phase.TURN and state.turn == DI


@pytest.mark.rule("V1")
def test_V1_B3_with_V1_the_turn_goes_on_from_whose_turn_it_was() -> None:
    state = take_over(dealing(position(variants=(Variant.V1,))), CY)
    state = cy_closes_alone(state)
    assert state.turn == BOB
    refused(state, StartDeal(player=DI), "T1")
    # A failed deal too.
    state = take_over(dealing(position(variants=(Variant.V1,), turn="Bob"), BOB), DI)
    state, _ = play(state, Fail(player=DI))
    assert state.turn == CY


@pytest.mark.rule("V1")
def test_V1_B3_the_last_boss_still_rolls_but_the_turn_follows_the_turn_order() -> None:
    state = take_over(dealing(position(deals_done=10, variants=(Variant.V1,))), CY)
    state = cy_closes_alone(state)
    assert state.end_roller == CY
    state, _ = play(state, Roll(player=CY, value=6))
    assert state.turn == BOB


@pytest.mark.rule("B2")
def test_B2_the_old_bosss_open_offers_lapse_but_asks_stay() -> None:
    state = dealing()
    state, _ = play(
        state,
        Offer(player=ANN, supplier=BOB, cards=(inv(Y),), price=Price(amount=4)),
        Ask(player=CY, cards=(inv(P),), price=Price(amount=3)),
        PlayBoss(player=DI),
        TimeUp(),
    )
    assert state.deal is not None and state.deal.boss == DI
    # Ann's offer to Bob went with Ann: Bob cannot bind Di by accepting it.
    assert [(p.supplier, p.by_boss) for p in state.deal.proposals] == [(CY, False)]
    refused(state, Accept(player=BOB), "N4")
    # Cy's ask stands, now before Di, who may accept it.
    state, _ = play(state, Accept(player=DI, supplier=CY))
    assert [(a.supplier, a.price.amount) for a in state.deal.agreements] == [(CY, 3)]
