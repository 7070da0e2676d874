"""CL1–CL7: closing a deal, the last call, payout, cards, tile and marker, reshuffle."""

from __future__ import annotations

from collections import Counter

import pytest

from imtheboss.engine import (
    Accept,
    Action,
    Ask,
    CancelAgreement,
    Card,
    Close,
    Colour,
    Draw,
    Fail,
    FamilyRef,
    GameState,
    InvestorRef,
    LayFamily,
    Offer,
    Pass,
    Phase,
    PlayBoss,
    PlayHire,
    PlayStop,
    PlayTravel,
    Price,
    Reset,
    Roll,
    StartDeal,
    TimeUp,
    WindowKind,
    Withdraw,
    legal_actions,
)
from imtheboss.engine.events import (
    CardsDrawn,
    CloseCalledOff,
    DealClosed,
    LastCall,
    MarkerMoved,
    Paid,
    Shuffled,
    TileLaid,
)
from support import ANN, BOB, CY, DI, B, G, O, P, R, Y, dealing, fam, inv, play, position, refused

CardRef = InvestorRef | FamilyRef


def agreed(state: GameState, supplier: int, ref: CardRef, price: Price) -> GameState:
    state, _ = play(
        state,
        Ask(player=supplier, cards=(ref,), price=price),
        Accept(player=state.deal.boss, supplier=supplier),
    )
    return state


def ready(state: GameState | None = None) -> tuple[GameState, dict[Colour, CardRef]]:
    """Ann's deal on space 5 with every colour at hand: her R and B, her yellow family card,
    Cy's pink investor for $2M and Di's orange investor for $3M."""
    state = dealing(state)
    state, _ = play(state, LayFamily(player=ANN, colour=Y))
    state = agreed(state, CY, inv(P), Price(amount=2))
    state = agreed(state, DI, inv(O), Price(amount=3))
    return state, {R: inv(R), B: inv(B), Y: fam(ANN, Y), P: inv(P), O: inv(O)}


# -- CL1 ---------------------------------------------------------------------------------------


@pytest.mark.rule("CL1")
def test_CL1_the_boss_with_every_colour_announces_the_close() -> None:
    state, terms = ready()
    state, events = play(state, Close(player=ANN, supplies=terms))
    assert LastCall(boss=ANN, supplies=terms, payments={CY: 2, DI: 3}) in events
    state, events = play(state, TimeUp())
    assert DealClosed(boss=ANN, space=5, proceeds=12, kept=7) in events
    assert state.deal is None and state.deals_done == 1


@pytest.mark.rule("CL1")
def test_CL1_only_the_boss_closes() -> None:
    state, terms = ready()
    for seat in (BOB, CY, DI):
        refused(state, Close(player=seat, supplies=terms), "CL1")
    refused(position(), Close(player=ANN, supplies=terms), "T4")  # no deal at all


@pytest.mark.rule("CL1")
def test_CL1_the_boss_needs_the_support_of_every_colour() -> None:
    state = dealing()
    refused(state, Close(player=ANN, supplies={R: inv(R), B: inv(B)}), "CL3")
    assert not any(isinstance(a, Close) for a in legal_actions(state, ANN))


@pytest.mark.rule("CL1")
def test_CL1_after_the_deal_is_done_nobody_plays_influence_cards() -> None:
    state, terms = ready()
    state, _ = play(state, Close(player=ANN, supplies=terms), TimeUp())
    assert state.phase is Phase.TURN and state.turn == BOB
    refused(state, PlayTravel(player=CY, target=inv(R)), "T4")
    refused(state, PlayBoss(player=CY), "T4")
    refused(state, LayFamily(player=DI, colour=G), "T4")
    refused(state, PlayHire(player=CY, colour=R), "T4")
    # Nor while the last Boss makes the end roll (E1).
    state, terms = ready(position(deals_done=10))
    state, _ = play(state, Close(player=ANN, supplies=terms), TimeUp())
    assert state.phase is Phase.END_ROLL
    refused(state, PlayTravel(player=CY, target=inv(R)), "T4")
    refused(state, PlayBoss(player=BOB), "T4")


# -- CL2 ---------------------------------------------------------------------------------------


@pytest.mark.rule("CL2")
def test_CL2_the_close_is_a_last_call_that_stands_on_time_up() -> None:
    state, terms = ready()
    state, _ = play(state, Close(player=ANN, supplies=terms))
    assert state.window is not None and state.window.kind is WindowKind.LAST_CALL
    # Not done yet: nobody paid, no tile laid.
    assert state.deal is not None and state.phase is Phase.DEAL
    assert [p.money for p in state.players] == [0, 0, 0, 0] and state.deals_done == 0
    state, _ = play(state, TimeUp())
    assert [p.money for p in state.players] == [7, 0, 2, 3]
    assert state.covered[5] == 1


@pytest.mark.rule("CL2")
def test_CL2_the_close_stands_when_every_other_player_passes() -> None:
    state, terms = ready()
    state, _ = play(state, Close(player=ANN, supplies=terms))
    refused(state, Pass(player=ANN), "ST1")  # the Boss is not asked
    state, _ = play(state, Pass(player=BOB), Pass(player=CY))
    assert state.window is not None and state.players[ANN].money == 0
    state, _ = play(state, Pass(player=DI))
    assert state.window is None and state.players[ANN].money == 7


@pytest.mark.rule("CL2")
@pytest.mark.parametrize(
    ("play_", "window"),
    [
        (LayFamily(player=BOB, colour=G), None),
        (PlayTravel(player=CY, target=inv(Y)), WindowKind.TRAVEL),  # Bob's: TR5
        (PlayTravel(player=CY, target=fam(ANN, Y)), WindowKind.TRAVEL),
        (PlayBoss(player=DI), WindowKind.BOSS),
        (PlayHire(player=BOB, colour=O), WindowKind.HIRE),
    ],
    ids=["family", "travel", "travel-on-family", "boss", "hire"],
)
def test_CL2_another_players_influence_card_calls_the_close_off(
    play_: Action, window: WindowKind | None
) -> None:
    state, terms = ready()
    state, _ = play(state, Close(player=ANN, supplies=terms))
    state, events = play(state, play_)
    assert events[0] == CloseCalledOff(player=play_.player)  # type: ignore[union-attr]
    assert (state.window.kind if state.window else None) is window
    assert state.phase is Phase.DEAL and state.deal is not None
    assert [p.money for p in state.players] == [0, 0, 0, 0]
    assert state.deals_done == 0 and state.covered == {} and state.marker == 5
    assert play_.player in state.deal.played  # type: ignore[union-attr]


@pytest.mark.rule("CL2")
def test_CL2_after_a_called_off_close_the_negotiation_goes_on() -> None:
    state, terms = ready()
    state, _ = play(state, Close(player=ANN, supplies=terms), LayFamily(player=BOB, colour=G))
    # Negotiation is open again: Bob asks a price, Ann accepts, then closes anew.
    state = agreed(state, BOB, fam(BOB, G), Price(amount=1))
    assert [a.supplier for a in state.deal.agreements] == [CY, DI, BOB]
    state, _ = play(state, Close(player=ANN, supplies=terms))
    assert state.window is not None and state.window.kind is WindowKind.LAST_CALL
    state, _ = play(state, TimeUp())
    assert state.deals_done == 1 and state.players[ANN].money > 0


@pytest.mark.rule("CL2")
@pytest.mark.rule("T1")
def test_CL2_a_roll_or_draw_after_a_called_off_close_says_whose_card_it_was() -> None:
    """Issue 21: the engine said only "a deal is under way" (T1); the table, the TUI and
    check all need to hear whose card called the close off and that the deal goes on."""
    state, terms = ready()
    state, _ = play(state, Close(player=ANN, supplies=terms), LayFamily(player=BOB, colour=G))
    for action in (Roll(player=ANN), Draw(player=ANN)):
        error = refused(state, action, "CL2")
        assert str(error.message) == (
            "Bob's card in the last call called the close off: the deal goes on, "
            "so there is no roll or draw now"
        )
    # Other refusals during the deal keep their own words; a new count, called off by
    # another card, names that card's player.
    refused(state, StartDeal(player=ANN), "T1")
    state, _ = play(state, Close(player=ANN, supplies=terms), LayFamily(player=CY, colour=O))
    assert str(refused(state, Roll(player=ANN), "CL2").message).startswith("Cy's card")


@pytest.mark.rule("CL2")
def test_CL2_a_travel_that_calls_off_the_close_can_break_the_deal() -> None:
    state, terms = ready()
    state, _ = play(state, Close(player=ANN, supplies=terms), PlayTravel(player=BOB, target=inv(P)))
    state, _ = play(state, TimeUp())
    assert state.deal.travelling(P) and state.window is None
    refused(state, Close(player=ANN, supplies=terms), "TR1")


@pytest.mark.rule("CL2")
def test_CL2_a_card_that_is_then_stopped_has_still_called_the_close_off() -> None:
    state, terms = ready()
    state, _ = play(state, Close(player=ANN, supplies=terms), PlayTravel(player=BOB, target=inv(G)))
    state, _ = play(state, PlayStop(player=DI))
    assert state.window is None and state.deal is not None and state.deals_done == 0
    assert state.players[ANN].money == 0
    refused(state, PlayStop(player=BOB), "ST2")
    # The Boss announces the close again.
    state, _ = play(state, Close(player=ANN, supplies=terms), TimeUp())
    assert state.deals_done == 1 and state.players[ANN].money == 7


@pytest.mark.rule("CL2")
def test_CL2_negotiation_is_refused_during_the_last_call() -> None:
    state, terms = ready()
    state, _ = play(state, Ask(player=BOB, cards=(inv(Y),), price=Price(amount=1)))
    state, _ = play(state, Close(player=ANN, supplies=terms))
    for action in (
        Offer(player=ANN, supplier=BOB, cards=(inv(Y),), price=Price(amount=1)),
        Ask(player=DI, cards=(inv(G),), price=Price(amount=1)),
        Accept(player=ANN, supplier=BOB),
        Withdraw(player=BOB),
        CancelAgreement(player=CY, other=ANN),
        CancelAgreement(player=ANN, other=CY),
        Reset(player=ANN),
        Close(player=ANN, supplies=terms),
        Fail(player=ANN),
    ):
        refused(state, action, "CL2")


@pytest.mark.rule("CL2")
def test_CL2_the_bosss_own_influence_card_does_not_call_the_close_off() -> None:
    state, terms = ready()
    state, _ = play(state, Close(player=ANN, supplies=terms))
    refused(state, LayFamily(player=ANN, colour=G), "CL2")
    refused(state, PlayTravel(player=ANN, target=inv(G)), "CL2")
    refused(state, PlayHire(player=ANN, colour=G), "CL2")
    assert legal_actions(state, ANN) == []


@pytest.mark.rule("CL2")
def test_CL2_an_illegal_card_leaves_the_last_call_standing() -> None:
    state, terms = ready()
    state = state.model_copy(
        update={
            "players": tuple(
                p.model_copy(update={"hand": (Card.STOP,)}) if i == BOB else p
                for i, p in enumerate(state.players)
            )
        }
    )
    state, _ = play(state, Close(player=ANN, supplies=terms))
    refused(state, LayFamily(player=BOB, colour=G), "N1")  # he holds no green family card
    refused(state, PlayTravel(player=CY, target=fam(BOB, G)), "TR1")  # not on the table
    assert state.window is not None and state.window.kind is WindowKind.LAST_CALL


# -- CL3 ---------------------------------------------------------------------------------------


@pytest.mark.rule("CL3")
def test_CL3_every_required_colour_must_be_named() -> None:
    state, terms = ready()
    without_yellow = {k: v for k, v in terms.items() if k is not Y}
    refused(state, Close(player=ANN, supplies=without_yellow | {G: inv(G)}), "CL3")


@pytest.mark.rule("CL3")
def test_CL3_exactly_k_optional_colours() -> None:
    # The engine cites D2 (the deal needs k of the optional colours) for these terms.
    state, terms = ready()
    one = {k: v for k, v in terms.items() if k is not O}
    refused(state, Close(player=ANN, supplies=one), "D2")
    state, _ = play(state, LayFamily(player=ANN, colour=G))
    refused(state, Close(player=ANN, supplies=terms | {G: fam(ANN, G)}), "D2")
    # A colour the space does not use at all.
    state = dealing(position(marker=1))
    state, _ = play(state, LayFamily(player=ANN, colour=G))
    refused(state, Close(player=ANN, supplies={R: inv(R), B: inv(B), G: fam(ANN, G)}), "D2")
    state, _ = play(state, Close(player=ANN, supplies={R: inv(R), B: inv(B)}), TimeUp())
    assert state.players[ANN].money == 6  # space 1: 3 dividends × $2M


@pytest.mark.rule("CL3")
def test_CL3_a_card_supplies_only_its_own_colour() -> None:
    state, terms = ready()
    refused(state, Close(player=ANN, supplies=terms | {Y: inv(R)}), "CL3")
    refused(state, Close(player=ANN, supplies=terms | {Y: fam(ANN, G)}), "CL3")


@pytest.mark.rule("CL3")
def test_CL3_a_family_card_must_be_on_the_table() -> None:
    state, terms = ready()
    refused(state, Close(player=ANN, supplies=terms | {P: fam(ANN, P)}), "CL3")
    refused(state, Close(player=ANN, supplies=terms | {Y: fam(BOB, Y)}), "CL3")


@pytest.mark.rule("CL3")
def test_CL3_a_travelling_card_cannot_supply() -> None:
    state, terms = ready()
    state, _ = play(state, PlayTravel(player=BOB, target=inv(O)), TimeUp())
    refused(state, Close(player=ANN, supplies=terms), "TR1")


@pytest.mark.rule("CL3")
def test_CL3_other_players_cards_need_an_agreement() -> None:
    state = dealing()
    state, _ = play(state, LayFamily(player=ANN, colour=Y), LayFamily(player=BOB, colour=P))
    state, _ = play(state, Ask(player=DI, cards=(inv(O),), price=Price(amount=2)))
    terms = {R: inv(R), B: inv(B), Y: fam(ANN, Y), P: fam(BOB, P), O: inv(O)}
    refused(state, Close(player=ANN, supplies=terms), "CL3")  # no agreement at all
    state, _ = play(state, Accept(player=ANN, supplier=DI))
    refused(state, Close(player=ANN, supplies=terms), "CL3")  # Bob's family card still
    # Di's agreement for orange does not cover her green investor.
    refused(state, Close(player=ANN, supplies=terms | {P: inv(G)}), "CL3")
    state = agreed(state, BOB, fam(BOB, P), Price(amount=1))
    state, _ = play(state, Close(player=ANN, supplies=terms), TimeUp())
    assert [p.money for p in state.players] == [9, 1, 0, 2]


@pytest.mark.rule("CL3")
def test_CL3_the_bosss_own_cards_need_no_agreement() -> None:
    state = dealing()
    state, _ = play(state, *(LayFamily(player=ANN, colour=c) for c in (Y, P, O)))
    terms = {R: inv(R), B: inv(B), Y: fam(ANN, Y), P: fam(ANN, P), O: fam(ANN, O)}
    assert Close(player=ANN, supplies=terms) in legal_actions(state, ANN)
    state, events = play(state, Close(player=ANN, supplies=terms), TimeUp())
    assert [e for e in events if isinstance(e, Paid)] == [
        Paid(payer=None, payee=ANN, amount=12, note="proceeds")
    ]


# -- CL4 ---------------------------------------------------------------------------------------


@pytest.mark.rule("CL4")
def test_CL4_bank_pays_dividends_times_tile_value_and_boss_pays_agreements() -> None:
    # The 6th deal is worth $3M a dividend: space 5 pays 6 × 3 = $18M.
    state = dealing(position(deals_done=5, money={"Ann": 10, "Bob": 1}))
    assert state.proceeds == 18
    state, _ = play(state, LayFamily(player=ANN, colour=Y))
    state = agreed(state, CY, inv(P), Price(amount=4))
    state = agreed(state, DI, inv(O), Price(amount=2, dividends=True))
    terms = {R: inv(R), B: inv(B), Y: fam(ANN, Y), P: inv(P), O: inv(O)}
    state, events = play(state, Close(player=ANN, supplies=terms))
    assert [p.money for p in state.players] == [10, 1, 0, 0]  # nothing paid in advance
    state, events = play(state, TimeUp())
    assert [(e.payer, e.payee, e.amount) for e in events if isinstance(e, Paid)] == [
        (None, ANN, 18),
        (ANN, CY, 4),
        (ANN, DI, 6),
    ]
    assert DealClosed(boss=ANN, space=5, proceeds=18, kept=8) in events
    assert [p.money for p in state.players] == [18, 1, 4, 6]
    assert state.bank_paid == 11 + 18 == sum(p.money for p in state.players)


@pytest.mark.rule("CL4")
def test_CL4_an_agreement_for_two_cards_is_paid_once() -> None:
    state = dealing()
    state, _ = play(state, LayFamily(player=ANN, colour=Y))
    state, _ = play(
        state,
        Ask(player=DI, cards=(inv(O), inv(G)), price=Price(amount=4)),
        Accept(player=ANN, supplier=DI),
    )
    terms = {R: inv(R), B: inv(B), Y: fam(ANN, Y), O: inv(O), G: inv(G)}
    state, events = play(state, Close(player=ANN, supplies=terms), TimeUp())
    assert [(e.payer, e.payee, e.amount) for e in events if isinstance(e, Paid)] == [
        (None, ANN, 12),
        (ANN, DI, 4),
    ]
    assert [p.money for p in state.players] == [8, 0, 0, 4]


@pytest.mark.rule("CL4")
def test_CL4_the_13th_deal_pays_5_a_dividend() -> None:
    state = dealing(position(deals_done=12, marker=1))
    state, events = play(state, Close(player=ANN, supplies={R: inv(R), B: inv(B)}), TimeUp())
    assert state.players[ANN].money == 15  # 3 dividends × $5M
    assert DealClosed(boss=ANN, space=1, proceeds=15, kept=15) in events


@pytest.mark.rule("CL4")
def test_CL4_no_money_moves_when_the_close_is_refused_or_called_off() -> None:
    state, terms = ready()
    refused(state, Close(player=ANN, supplies={R: inv(R)}), "CL3")
    state, _ = play(state, Close(player=ANN, supplies=terms), LayFamily(player=BOB, colour=B))
    state, _ = play(state, Fail(player=ANN))
    assert [p.money for p in state.players] == [0, 0, 0, 0] and state.bank_paid == 0


# -- CL5 ---------------------------------------------------------------------------------------


@pytest.mark.rule("CL5")
def test_CL5_family_cards_that_took_part_are_discarded_the_others_go_home() -> None:
    hands = {
        "Ann": (
            Card.FAMILY_YELLOW,
            Card.FAMILY_YELLOW,
            Card.FAMILY_PINK,
            Card.FAMILY_GREEN,
            Card.FAMILY_BLUE,
            Card.FAMILY_ORANGE,
        ),
        "Bob": (Card.FAMILY_ORANGE, Card.STOP),
        "Cy": (Card.TRAVEL_GREEN, Card.BOSS),
        "Di": (Card.STOP, Card.FAMILY_PINK),
    }
    state = dealing(position(hands=hands))
    state, _ = play(
        state,
        LayFamily(player=ANN, colour=Y),
        LayFamily(player=ANN, colour=Y),
        LayFamily(player=ANN, colour=P),
        LayFamily(player=ANN, colour=G),
        LayFamily(player=ANN, colour=B),
        LayFamily(player=BOB, colour=O),
        LayFamily(player=DI, colour=P),
        PlayTravel(player=CY, target=inv(G)),
        TimeUp(),
        PlayBoss(player=CY),
        PlayStop(player=DI),
    )
    state = agreed(state, BOB, fam(BOB, O), Price(amount=2))
    assert state.discard == (Card.BOSS, Card.STOP)
    terms = {R: inv(R), B: inv(B), Y: fam(ANN, Y), P: fam(ANN, P), O: fam(BOB, O)}
    state, _ = play(state, Close(player=ANN, supplies=terms), TimeUp())
    # Discarded: the yellow, pink and orange family cards that took part, the travel card.
    assert Counter(state.discard) == Counter(
        [
            Card.BOSS,
            Card.STOP,
            Card.TRAVEL_GREEN,
            Card.FAMILY_YELLOW,
            Card.FAMILY_PINK,
            Card.FAMILY_ORANGE,
        ]
    )
    # Home: Ann's second yellow, green (not needed) and blue (her investor took part);
    # Di's pink (Ann's pink took part instead). Ann's orange was never laid.
    assert Counter(state.players[ANN].hand) == Counter(
        [Card.FAMILY_YELLOW, Card.FAMILY_GREEN, Card.FAMILY_BLUE, Card.FAMILY_ORANGE]
    )
    assert state.players[BOB].hand == (Card.STOP,)
    assert state.players[CY].hand == ()
    assert state.players[DI].hand == (Card.FAMILY_PINK,)


# -- CL6 ---------------------------------------------------------------------------------------


@pytest.mark.rule("CL6")
def test_CL6_the_tile_covers_the_space_and_the_marker_moves_on() -> None:
    state, terms = ready()
    state, events = play(state, Close(player=ANN, supplies=terms), TimeUp())
    assert state.covered == {5: 1}
    assert TileLaid(tile=1, space=5) in events
    assert state.stack[0] == 2 and len(state.stack) == 14 and state.deals_done == 1
    assert state.marker == 6 and MarkerMoved(space=6) in events
    assert state.turn == BOB and state.phase is Phase.TURN
    assert state.next_tile is not None and state.next_tile.number == 2


@pytest.mark.rule("CL6")
def test_CL6_the_marker_skips_covered_spaces() -> None:
    state, terms = ready(position(deals_done=2, covered=(6, 7)))
    state, _ = play(state, Close(player=ANN, supplies=terms), TimeUp())
    assert state.covered == {6: 1, 7: 2, 5: 3}
    assert state.marker == 8
    assert state.uncovered() == (1, 2, 3, 4, *range(8, 17))


@pytest.mark.rule("CL6")
def test_CL6_the_marker_goes_round_the_ring_clockwise() -> None:
    # Space 16: P + 4 of R B Y O G.  Space 1 is covered, so the marker goes to 2.
    state = dealing(position(deals_done=1, covered=(1,), marker=16))
    state, _ = play(state, *(LayFamily(player=ANN, colour=c) for c in (P, Y, O)))
    terms = {P: fam(ANN, P), R: inv(R), B: inv(B), Y: fam(ANN, Y), O: fam(ANN, O)}
    state, _ = play(state, Close(player=ANN, supplies=terms), TimeUp())
    assert state.covered == {1: 1, 16: 2}
    assert state.marker == 2


@pytest.mark.rule("CL6")
def test_CL6_a_covered_space_is_skipped_when_rolling() -> None:
    state, terms = ready(position(deals_done=2, covered=(6, 7)))
    state, _ = play(state, Close(player=ANN, supplies=terms), TimeUp())
    # Covered: 5, 6, 7. From 8 clockwise: 9, …, 16, 1, 2, 3, 4, 8 — 12 open spaces.
    state, _ = play(state, Roll(player=BOB, value=6))
    assert state.marker == 14
    assert state.marker not in state.covered


# -- CL7 ---------------------------------------------------------------------------------------


def known_hands() -> dict[str, tuple[Card, ...]]:
    return {
        "Ann": (Card.HIRE,) * 5,
        "Bob": (Card.STOP,) * 5,
        "Cy": (Card.BOSS,) * 5,
        "Di": (Card.TRAVEL_GREY, Card.TRAVEL_RED, Card.HIRE, Card.HIRE, Card.STOP),
    }


@pytest.mark.rule("CL7")
def test_CL7_the_discards_are_shuffled_into_a_new_draw_pile() -> None:
    state = position(hands=known_hands(), seed=7)
    discard = (Card.FAMILY_GREEN, Card.TRAVEL_BLUE, Card.STOP, Card.BOSS)
    state = state.model_copy(update={"draw_pile": (Card.FAMILY_RED,), "discard": discard})
    state, events = play(state, Roll(player=ANN), Draw(player=ANN))
    drawn = next(e for e in events if isinstance(e, CardsDrawn)).cards
    assert drawn is not None and len(drawn) == 3
    assert drawn[0] == Card.FAMILY_RED  # the last card of the old pile first
    assert Shuffled(cards=4) in events
    assert state.discard == ()
    assert state.draw_pile is not None and len(state.draw_pile) == 2
    assert Counter(drawn[1:]) + Counter(state.draw_pile) == Counter(discard)
    assert Counter(state.players[ANN].hand) == Counter((Card.HIRE,) * 5 + drawn)
    assert state.turn == BOB


@pytest.mark.rule("CL7")
def test_CL7_no_reshuffle_while_the_draw_pile_lasts() -> None:
    state = position(hands=known_hands(), seed=7)
    pile = (Card.FAMILY_RED, Card.FAMILY_BLUE, Card.BOSS, Card.HIRE)
    discard = (Card.STOP, Card.TRAVEL_BLUE)
    state = state.model_copy(update={"draw_pile": pile, "discard": discard})
    state, events = play(state, Roll(player=ANN), Draw(player=ANN))
    assert not any(isinstance(e, Shuffled) for e in events)
    assert state.draw_pile == (Card.HIRE,) and state.discard == discard
    assert Counter(state.players[ANN].hand) == Counter(
        (Card.HIRE,) * 5 + (Card.FAMILY_RED, Card.FAMILY_BLUE, Card.BOSS)
    )
