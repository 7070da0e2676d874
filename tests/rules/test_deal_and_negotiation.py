"""RULES.md §3.1–3.2: starting a deal (D1–D5) and negotiation (N1–N5).

Unless a test says otherwise: Ann (R, B), Bob (Y), Cy (P), Di (O, G); Ann to play; the marker on
space 5 (R B Y + 2 of P O G, 6 dividends); no deal done yet, so a dividend is $2M and the deal
pays $12M.
"""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from imtheboss.engine import (
    Accept,
    Ask,
    CancelAgreement,
    Card,
    CardRef,
    Close,
    Colour,
    Deal,
    Fail,
    GameState,
    IllegalAction,
    LayFamily,
    Offer,
    Phase,
    PlayBoss,
    Price,
    Reset,
    Roll,
    StartDeal,
    TimeUp,
    Withdraw,
    apply,
    default_board,
    legal_actions,
    possible_closes,
)
from imtheboss.engine.events import (
    Agreed,
    AgreementsCancelled,
    CancelAsked,
    CardsDiscarded,
    CardsReturned,
    DealStarted,
    Event,
    FamilyLaid,
    LastCall,
    Paid,
    Proposed,
    Withdrawn,
)
from support import ANN, BOB, CY, DI, B, G, O, P, R, Y, fam, inv, play, position, refused


def usd(amount: int) -> Price:
    return Price(amount=amount)


def divs(amount: int) -> Price:
    return Price(amount=amount, dividends=True)


def dealing(**kw: object) -> GameState:
    """The position, with Ann's deal started."""
    state, _ = play(position(**kw), StartDeal(player=ANN))  # type: ignore[arg-type]
    return state


def deal_of(state: GameState) -> Deal:
    assert state.deal is not None
    return state.deal


def refused_as(state: GameState, action: object, rules: set[str]) -> None:
    """Like ``support.refused`` where two rule IDs are both a fair citation."""
    before = state.model_dump_json()
    with pytest.raises(IllegalAction) as caught:
        apply(state, action)  # type: ignore[arg-type]
    assert caught.value.rule in rules, caught.value
    assert state.model_dump_json() == before


def closed(
    state: GameState, boss: int, supplies: dict[Colour, CardRef]
) -> tuple[GameState, list[Event]]:
    return play(state, Close(player=boss, supplies=supplies), TimeUp())


ANN_ALL = {"Ann": (R, B, Y, P, O), "Bob": (G,)}  # Ann holds a whole space-5 deal herself


# ---------------------------------------------------------------------------------------------
# D1 — the starter is the Boss


@pytest.mark.rule("D1")
def test_D1_the_player_who_starts_the_deal_is_the_boss() -> None:
    state, events = play(position(turn="Cy"), StartDeal(player=CY))
    assert state.phase is Phase.DEAL
    assert deal_of(state).boss == CY
    assert DealStarted(boss=CY, space=5, proceeds=12) in events


@pytest.mark.rule("D1")
def test_D1_after_a_roll_the_roller_is_the_boss() -> None:
    state, _ = play(position(turn="Di"), Roll(player=DI, value=2), StartDeal(player=DI))
    assert deal_of(state).boss == DI and deal_of(state).space == 7


@pytest.mark.rule("D1")
def test_D1_only_the_boss_makes_offers_and_closes() -> None:
    state = dealing()
    refused(state, Offer(player=BOB, supplier=CY, cards=(inv(P),), price=usd(1)), "N4")
    refused(
        state,
        Close(player=BOB, supplies={R: inv(R), B: inv(B), Y: inv(Y), P: inv(P), O: inv(O)}),
        "CL1",
    )


# ---------------------------------------------------------------------------------------------
# D2 — the investors the space needs


@pytest.mark.rule("D2")
def test_D2_required_plus_k_optional_colours_close_the_deal() -> None:
    state = dealing(investors=ANN_ALL)
    state, events = play(
        state, Close(player=ANN, supplies={R: inv(R), B: inv(B), Y: inv(Y), P: inv(P), O: inv(O)})
    )
    assert any(isinstance(e, LastCall) for e in events)
    state, events = play(state, TimeUp())
    assert state.covered[5] == 1
    assert Paid(payer=None, payee=ANN, amount=12, note="proceeds") in events


@pytest.mark.rule("D2")
def test_D2_too_few_optional_colours_are_refused() -> None:
    state = dealing(investors=ANN_ALL)
    refused(state, Close(player=ANN, supplies={R: inv(R), B: inv(B), Y: inv(Y), P: inv(P)}), "D2")


@pytest.mark.rule("D2")
def test_D2_too_many_optional_colours_are_refused() -> None:
    state = dealing(investors={"Ann": (R, B, Y, P, O, G)})
    supplies = {R: inv(R), B: inv(B), Y: inv(Y), P: inv(P), O: inv(O), G: inv(G)}
    refused(state, Close(player=ANN, supplies=supplies), "D2")


@pytest.mark.rule("D2")
def test_D2_a_colour_the_space_does_not_use_is_refused() -> None:
    state = dealing(investors={"Ann": (R, B, Y)}, marker=1)  # space 1: R B only
    refused(state, Close(player=ANN, supplies={R: inv(R), B: inv(B), Y: inv(Y)}), "D2")
    state, _ = play(state, Close(player=ANN, supplies={R: inv(R), B: inv(B)}))
    assert state.window is not None


@pytest.mark.rule("D2")
def test_D2_every_required_colour_is_needed() -> None:
    state = dealing(investors=ANN_ALL)
    # Yellow is required; pink, orange and green could fill the optional part.
    refused_as(
        state,
        Close(player=ANN, supplies={R: inv(R), B: inv(B), P: inv(P), O: inv(O)}),
        {"D2", "CL3"},
    )


@pytest.mark.rule("D2")
def test_D2_possible_closes_name_required_and_exactly_k_optional() -> None:
    state = dealing(investors={"Ann": (R, B, Y, P, O, G)})
    closes = list(possible_closes(state))
    assert closes
    chosen = {frozenset(c) - {R, B, Y} for c in closes}
    assert chosen == {frozenset({P, O}), frozenset({P, G}), frozenset({O, G})}
    assert all({R, B, Y} <= set(c) for c in closes)


# The printed board (the default) has spaces with no required colour and spaces whose
# optional colours come in groups, each with its own count (board.md, "Evidence found").
PRINTED = default_board()
EVERY = {"Ann": (R, B, Y, P, O, G)}


def _picked(closes: list[dict[Colour, CardRef]]) -> set[frozenset[Colour]]:
    return {frozenset(c) for c in closes}


@pytest.mark.rule("D2")
def test_D2_each_group_of_a_space_gives_its_own_count() -> None:
    # Space 10: 2 of R P G + 2 of O B Y (no required colour), 6 dividends.
    state = dealing(investors=EVERY, marker=10, board=PRINTED)
    refused(state, Close(player=ANN, supplies={R: inv(R), P: inv(P), G: inv(G), O: inv(O)}), "D2")
    refused(state, Close(player=ANN, supplies={R: inv(R), P: inv(P), O: inv(O)}), "D2")
    closes = list(possible_closes(state))
    assert len(closes) == 9  # three pairs from each group
    assert _picked(closes) == {
        frozenset(a) | frozenset(b)
        for a in ((R, P), (R, G), (P, G))
        for b in ((B, Y), (B, O), (Y, O))
    }
    closing = [a for a in legal_actions(state, ANN) if isinstance(a, Close)]
    assert {frozenset(a.supplies) for a in closing} == _picked(closes)
    state, _ = play(state, Close(player=ANN, supplies={R: inv(R), G: inv(G), B: inv(B), O: inv(O)}))
    state, events = play(state, TimeUp())
    assert state.covered[10] == 1
    assert Paid(payer=None, payee=ANN, amount=12, note="proceeds") in events  # 6 × $2M


@pytest.mark.rule("D2")
def test_D2_a_space_with_no_required_colour_takes_any_k_of_its_colours() -> None:
    # Space 3: any 4 of R P O G Y (blue is not one of them).
    state = dealing(investors=EVERY, marker=3, board=PRINTED)
    refused(state, Close(player=ANN, supplies={R: inv(R), P: inv(P), O: inv(O)}), "D2")
    refused(state, Close(player=ANN, supplies={R: inv(R), P: inv(P), O: inv(O), B: inv(B)}), "D2")
    assert len(list(possible_closes(state))) == 5  # 4 of 5
    state, _ = play(state, Close(player=ANN, supplies={R: inv(R), P: inv(P), O: inv(O), Y: inv(Y)}))
    assert state.window is not None


@pytest.mark.rule("D2")
def test_D2_a_required_colour_and_two_groups_of_one() -> None:
    # Space 16: Y + 1 of P G + 1 of R B; only Bob's cards could fill pink and green.
    state = dealing(investors={"Ann": (Y, R, B), "Bob": (P, G)}, marker=16, board=PRINTED)
    assert list(possible_closes(state)) == []  # no agreement with Bob yet (CL3)
    refused(state, Close(player=ANN, supplies={Y: inv(Y), R: inv(R), B: inv(B)}), "D2")


# ---------------------------------------------------------------------------------------------
# D3 — the Boss's investors agree automatically


@pytest.mark.rule("D3")
def test_D3_boss_own_investors_need_no_agreement() -> None:
    state = dealing(investors=ANN_ALL)
    assert deal_of(state).agreements == ()
    state, events = closed(state, ANN, {R: inv(R), B: inv(B), Y: inv(Y), P: inv(P), O: inv(O)})
    assert [e for e in events if isinstance(e, Paid)] == [
        Paid(payer=None, payee=ANN, amount=12, note="proceeds")
    ]
    assert state.players[ANN].money == 12


@pytest.mark.rule("D3")
def test_D3_the_boss_cannot_bargain_with_themselves() -> None:
    state = dealing()
    refused(state, Offer(player=ANN, supplier=ANN, cards=(inv(R),), price=usd(1)), "D3")
    refused(state, Ask(player=ANN, cards=(inv(R),), price=usd(1)), "D3")


@pytest.mark.rule("D3")
def test_D3_only_the_boss_investors_agree_automatically() -> None:
    state = dealing()  # Bob's yellow, Cy's pink, Di's orange are needed
    supplies = {R: inv(R), B: inv(B), Y: inv(Y), P: inv(P), O: inv(O)}
    refused(state, Close(player=ANN, supplies=supplies), "CL3")
    assert list(possible_closes(state)) == []


# ---------------------------------------------------------------------------------------------
# D4 — the Boss's family cards stand in


@pytest.mark.rule("D4")
def test_D4_boss_family_cards_stand_in_for_investors() -> None:
    hands = {"Ann": [Card.FAMILY_YELLOW, Card.FAMILY_PINK, Card.FAMILY_GREEN]}
    state = dealing(hands=hands)
    state, events = play(
        state,
        LayFamily(player=ANN, colour=Y),
        LayFamily(player=ANN, colour=P),
        LayFamily(player=ANN, colour=G),
    )
    assert FamilyLaid(player=ANN, colour=Y) in events
    assert deal_of(state).family == (fam(ANN, Y), fam(ANN, P), fam(ANN, G))
    assert state.players[ANN].hand == ()
    supplies = {R: inv(R), B: inv(B), Y: fam(ANN, Y), P: fam(ANN, P), G: fam(ANN, G)}
    assert supplies in list(possible_closes(state))
    state, events = closed(state, ANN, supplies)
    assert state.players[ANN].money == 12
    assert state.covered[5] == 1


@pytest.mark.rule("D4")
def test_D4_family_cards_come_from_the_boss_hand() -> None:
    state = dealing(hands={"Ann": [Card.FAMILY_YELLOW]})
    refused_as(state, LayFamily(player=ANN, colour=P), {"D4", "N1"})
    state, _ = play(state, LayFamily(player=ANN, colour=Y))
    refused_as(state, LayFamily(player=ANN, colour=Y), {"D4", "N1"})  # the only one is laid


@pytest.mark.rule("D4")
def test_D4_a_family_card_stands_in_only_once_laid_and_only_for_its_colour() -> None:
    state = dealing(investors={"Ann": (R, B, P, O)}, hands={"Ann": [Card.FAMILY_YELLOW]})
    supplies: dict[Colour, CardRef] = {R: inv(R), B: inv(B), Y: fam(ANN, Y), P: inv(P), O: inv(O)}
    refused(state, Close(player=ANN, supplies=supplies), "CL3")  # still in hand
    state, _ = play(state, LayFamily(player=ANN, colour=Y))
    wrong = {**supplies, P: fam(ANN, Y)}
    refused(state, Close(player=ANN, supplies=wrong), "CL3")
    state, _ = play(state, Close(player=ANN, supplies=supplies))
    assert state.window is not None


# ---------------------------------------------------------------------------------------------
# D5 — what the Boss lacks comes by negotiation


@pytest.mark.rule("D5")
def test_D5_missing_investor_needs_a_negotiated_agreement() -> None:
    state = dealing(investors={"Ann": (R, B, P, O), "Bob": (Y,)})
    supplies: dict[Colour, CardRef] = {R: inv(R), B: inv(B), Y: inv(Y), P: inv(P), O: inv(O)}
    refused(state, Close(player=ANN, supplies=supplies), "CL3")
    assert not any(isinstance(a, Close) for a in legal_actions(state, ANN))
    state, _ = play(
        state, Ask(player=BOB, cards=(inv(Y),), price=usd(4)), Accept(player=ANN, supplier=BOB)
    )
    assert Close(player=ANN, supplies=supplies) in legal_actions(state, ANN)
    state, events = closed(state, ANN, supplies)
    assert Paid(payer=ANN, payee=BOB, amount=4) in events
    assert state.players[ANN].money == 8 and state.players[BOB].money == 4


@pytest.mark.rule("D5")
def test_D5_missing_family_colour_needs_a_negotiated_agreement_too() -> None:
    state = dealing(investors={"Ann": (R, B, P, O)}, hands={"Cy": [Card.FAMILY_YELLOW]})
    state, _ = play(state, LayFamily(player=CY, colour=Y))
    supplies: dict[Colour, CardRef] = {R: inv(R), B: inv(B), Y: fam(CY, Y), P: inv(P), O: inv(O)}
    refused(state, Close(player=ANN, supplies=supplies), "CL3")
    state, _ = play(
        state,
        Offer(player=ANN, supplier=CY, cards=(fam(CY, Y),), price=divs(1)),
        Accept(player=CY),
    )
    state, events = closed(state, ANN, supplies)
    assert Paid(payer=ANN, payee=CY, amount=2) in events


# ---------------------------------------------------------------------------------------------
# N1 — offering investors and family cards


@pytest.mark.rule("N1")
def test_N1_investor_owner_may_offer_it_directly() -> None:
    state = dealing()
    state, events = play(state, Ask(player=BOB, cards=(inv(Y),), price=usd(3)))
    assert deal_of(state).proposals[0].supplier == BOB
    assert deal_of(state).proposals[0].cards == (inv(Y),)
    assert not deal_of(state).proposals[0].by_boss
    assert Proposed(player=BOB, supplier=BOB, cards=(inv(Y),), price=usd(3), by_boss=False) in (
        events
    )


@pytest.mark.rule("N1")
def test_N1_nobody_offers_an_investor_they_do_not_own() -> None:
    state = dealing()
    refused(state, Ask(player=BOB, cards=(inv(P),), price=usd(3)), "N1")
    refused(state, Offer(player=ANN, supplier=BOB, cards=(inv(P),), price=usd(3)), "N1")
    refused(state, Ask(player=BOB, cards=(inv(Y), inv(Y)), price=usd(3)), "N1")


@pytest.mark.rule("N1")
def test_N1_family_card_must_be_laid_face_up_before_it_is_offered() -> None:
    state = dealing(hands={"Cy": [Card.FAMILY_YELLOW]})
    refused(state, Ask(player=CY, cards=(fam(CY, Y),), price=usd(3)), "N1")
    refused(state, Offer(player=ANN, supplier=CY, cards=(fam(CY, Y),), price=usd(3)), "N1")
    state, events = play(state, LayFamily(player=CY, colour=Y))
    assert FamilyLaid(player=CY, colour=Y) in events
    assert state.players[CY].hand == ()
    state, _ = play(state, Ask(player=CY, cards=(fam(CY, Y),), price=usd(3)))
    assert deal_of(state).proposals[0].cards == (fam(CY, Y),)


@pytest.mark.rule("N1")
def test_N1_nobody_offers_another_players_family_card() -> None:
    state = dealing(hands={"Cy": [Card.FAMILY_YELLOW]})
    state, _ = play(state, LayFamily(player=CY, colour=Y))
    refused(state, Ask(player=BOB, cards=(fam(CY, Y),), price=usd(3)), "N1")
    refused(state, Offer(player=ANN, supplier=BOB, cards=(fam(CY, Y),), price=usd(3)), "N1")


@pytest.mark.rule("N1")
def test_N1_a_bundle_of_own_cards_may_be_offered() -> None:
    state = dealing(hands={"Di": [Card.FAMILY_PINK]})
    state, _ = play(
        state,
        LayFamily(player=DI, colour=P),
        Ask(player=DI, cards=(inv(O), inv(G), fam(DI, P)), price=usd(6)),
    )
    assert deal_of(state).proposals[0].cards == (inv(O), inv(G), fam(DI, P))


# ---------------------------------------------------------------------------------------------
# N2 — a laid family card stays on the table until the deal ends


@pytest.mark.rule("N2")
def test_N2_laid_family_card_stays_through_the_negotiation() -> None:
    state = dealing(hands={"Cy": [Card.FAMILY_YELLOW]})
    state, _ = play(
        state,
        LayFamily(player=CY, colour=Y),
        Ask(player=CY, cards=(fam(CY, Y),), price=usd(3)),
        Withdraw(player=CY),
    )
    assert deal_of(state).family == (fam(CY, Y),)
    state, _ = play(
        state,
        Ask(player=CY, cards=(fam(CY, Y),), price=usd(3)),
        Accept(player=ANN, supplier=CY),
        CancelAgreement(player=CY, other=ANN),
        CancelAgreement(player=ANN, other=CY),
    )
    assert deal_of(state).agreements == ()
    assert deal_of(state).family == (fam(CY, Y),)
    assert state.players[CY].hand == ()
    refused_as(state, LayFamily(player=CY, colour=Y), {"N1", "N2"})  # not back in hand


@pytest.mark.rule("N2")
def test_N2_laid_family_card_stays_when_the_boss_changes_and_resets() -> None:
    state = dealing(hands={"Cy": [Card.FAMILY_YELLOW], "Bob": [Card.BOSS]})
    state, _ = play(
        state, LayFamily(player=CY, colour=Y), PlayBoss(player=BOB), TimeUp(), Reset(player=BOB)
    )
    assert deal_of(state).boss == BOB
    assert deal_of(state).family == (fam(CY, Y),)


@pytest.mark.rule("N2")
def test_N2_laid_family_card_goes_home_only_when_the_deal_ends() -> None:
    state = dealing(hands={"Cy": [Card.FAMILY_YELLOW]})
    state, _ = play(state, LayFamily(player=CY, colour=Y))
    state, events = play(state, Fail(player=ANN))
    assert CardsReturned(player=CY, cards=(Card.FAMILY_YELLOW,)) in events
    assert state.players[CY].hand == (Card.FAMILY_YELLOW,)


# ---------------------------------------------------------------------------------------------
# N3 — only a share of this deal's proceeds, never more than they are


@pytest.mark.rule("N3")
def test_N3_price_up_to_the_proceeds_is_allowed() -> None:
    state = dealing()
    assert state.proceeds == 12
    state, _ = play(state, Ask(player=BOB, cards=(inv(Y),), price=usd(12)))
    state, _ = play(state, Offer(player=ANN, supplier=CY, cards=(inv(P),), price=divs(6)))
    assert {p.supplier: p.price for p in deal_of(state).proposals} == {
        BOB: usd(12),
        CY: divs(6),
    }


@pytest.mark.rule("N3")
def test_N3_price_above_the_proceeds_is_refused() -> None:
    state = dealing()
    refused(state, Ask(player=BOB, cards=(inv(Y),), price=usd(13)), "N3")
    refused(state, Offer(player=ANN, supplier=BOB, cards=(inv(Y),), price=usd(13)), "N3")
    refused(state, Ask(player=BOB, cards=(inv(Y),), price=divs(7)), "N3")
    refused(state, Offer(player=ANN, supplier=BOB, cards=(inv(Y),), price=divs(7)), "N3")


@pytest.mark.rule("N3")
def test_N3_a_price_is_never_negative() -> None:
    with pytest.raises(ValidationError):
        Price(amount=-1)


@pytest.mark.rule("N3")
def test_N3_total_of_agreements_cannot_exceed_the_proceeds() -> None:
    state = dealing()
    state, _ = play(
        state,
        Ask(player=BOB, cards=(inv(Y),), price=divs(3)),  # $6M
        Accept(player=ANN, supplier=BOB),
        Ask(player=CY, cards=(inv(P),), price=usd(7)),
    )
    refused(state, Accept(player=ANN, supplier=CY), "N3")
    assert Accept(player=ANN, supplier=CY) not in legal_actions(state, ANN)
    state, _ = play(state, Ask(player=CY, cards=(inv(P),), price=usd(6)))
    state, events = play(state, Accept(player=ANN, supplier=CY))
    assert any(isinstance(e, Agreed) for e in events)
    promised = sum(a.price.dollars(2) for a in deal_of(state).agreements)
    assert promised == 12 == state.proceeds
    # Nothing more can be promised, not even $1M.
    state, _ = play(state, Ask(player=DI, cards=(inv(O),), price=usd(1)))
    refused(state, Accept(player=ANN, supplier=DI), "N3")


@pytest.mark.rule("N3")
def test_N3_cap_applies_when_a_supplier_accepts_the_boss_offer() -> None:
    state = dealing()
    state, _ = play(
        state,
        Offer(player=ANN, supplier=BOB, cards=(inv(Y),), price=usd(8)),
        Offer(player=ANN, supplier=CY, cards=(inv(P),), price=usd(8)),
        Accept(player=BOB),
    )
    refused(state, Accept(player=CY), "N3")
    assert Accept(player=CY) not in legal_actions(state, CY)


@pytest.mark.rule("N3")
def test_N3_nothing_is_paid_in_advance() -> None:
    state = dealing(investors={"Ann": (R, B, P, O), "Bob": (Y,)})
    state, events = play(
        state, Ask(player=BOB, cards=(inv(Y),), price=usd(5)), Accept(player=ANN, supplier=BOB)
    )
    assert not any(isinstance(e, Paid) for e in events)
    assert [p.money for p in state.players] == [0, 0, 0, 0]
    state, events = closed(state, ANN, {R: inv(R), B: inv(B), Y: inv(Y), P: inv(P), O: inv(O)})
    assert Paid(payer=ANN, payee=BOB, amount=5) in events
    assert state.players[ANN].money == 7  # the Boss keeps the rest


@pytest.mark.rule("N3")
def test_N3_a_dividend_price_is_paid_at_this_deals_dividend_value() -> None:
    state = dealing(investors={"Ann": (R, B, P, O), "Bob": (Y,)}, deals_done=5, marker=5)
    assert state.proceeds == 6 * 3
    state, _ = play(
        state, Ask(player=BOB, cards=(inv(Y),), price=divs(2)), Accept(player=ANN, supplier=BOB)
    )
    state, events = closed(state, ANN, {R: inv(R), B: inv(B), Y: inv(Y), P: inv(P), O: inv(O)})
    assert Paid(payer=ANN, payee=BOB, amount=6) in events
    assert state.players[ANN].money == 12


# ---------------------------------------------------------------------------------------------
# N4 — the Boss decides


@pytest.mark.rule("N4")
def test_N4_the_boss_accepts_a_price() -> None:
    state = dealing()
    state, events = play(
        state, Ask(player=BOB, cards=(inv(Y),), price=usd(4)), Accept(player=ANN, supplier=BOB)
    )
    agreement = deal_of(state).agreements[0]
    assert (agreement.supplier, agreement.cards, agreement.price) == (BOB, (inv(Y),), usd(4))
    assert Agreed(boss=ANN, agreement=agreement) in events
    assert deal_of(state).proposals == ()


@pytest.mark.rule("N4")
def test_N4_only_the_boss_accepts_a_players_price() -> None:
    state = dealing()
    state, _ = play(state, Ask(player=BOB, cards=(inv(Y),), price=usd(4)))
    refused(state, Accept(player=CY, supplier=BOB), "N4")
    refused(state, Accept(player=BOB), "N4")  # Bob cannot accept his own ask
    refused(state, Accept(player=ANN), "N4")  # the Boss names whose price
    refused(state, Accept(player=ANN, supplier=CY), "N4")  # Cy asked nothing
    assert deal_of(state).agreements == ()


@pytest.mark.rule("N4")
def test_N4_only_the_boss_makes_offers() -> None:
    state = dealing()
    refused(state, Offer(player=CY, supplier=BOB, cards=(inv(Y),), price=usd(1)), "N4")


@pytest.mark.rule("N4")
def test_N4_the_boss_chooses_whom_to_involve_for_a_colour() -> None:
    state = dealing(
        investors={"Ann": (R, B, P, O), "Bob": (Y,)}, hands={"Cy": [Card.FAMILY_YELLOW]}
    )
    state, _ = play(
        state,
        Ask(player=BOB, cards=(inv(Y),), price=usd(5)),
        LayFamily(player=CY, colour=Y),
        Ask(player=CY, cards=(fam(CY, Y),), price=usd(3)),
        Accept(player=ANN, supplier=CY),
    )
    with_bob: dict[Colour, CardRef] = {R: inv(R), B: inv(B), Y: inv(Y), P: inv(P), O: inv(O)}
    refused(state, Close(player=ANN, supplies=with_bob), "CL3")  # Bob's ask was not accepted
    state, events = closed(state, ANN, {**with_bob, Y: fam(CY, Y)})
    assert [(e.payee, e.amount) for e in events if isinstance(e, Paid) and e.payer == ANN] == [
        (CY, 3)
    ]
    assert state.players[BOB].money == 0
    assert state.players[ANN].money == 9


@pytest.mark.rule("N4")
def test_N4_the_boss_may_decline_every_price() -> None:
    state = dealing()
    state, _ = play(state, Ask(player=BOB, cards=(inv(Y),), price=usd(12)))
    assert Fail(player=ANN) in legal_actions(state, ANN)
    state, _ = play(state, Fail(player=ANN))
    assert state.phase is Phase.TURN and [p.money for p in state.players] == [0, 0, 0, 0]


# ---------------------------------------------------------------------------------------------
# N5 — offers, agreements, withdrawing, cancelling


@pytest.mark.rule("N5")
def test_N5_either_side_may_propose_and_the_other_accepts() -> None:
    state = dealing()
    state, _ = play(state, Offer(player=ANN, supplier=BOB, cards=(inv(Y),), price=usd(2)))
    assert deal_of(state).proposals[0].by_boss
    state, _ = play(state, Accept(player=BOB))
    assert deal_of(state).agreements[0].price == usd(2)
    state, _ = play(
        state, Ask(player=CY, cards=(inv(P),), price=usd(3)), Accept(player=ANN, supplier=CY)
    )
    assert [(a.supplier, a.price) for a in deal_of(state).agreements] == [
        (BOB, usd(2)),
        (CY, usd(3)),
    ]


@pytest.mark.rule("N5")
def test_N5_an_open_offer_may_be_changed_by_a_new_one() -> None:
    state = dealing()
    state, _ = play(
        state,
        Ask(player=BOB, cards=(inv(Y),), price=usd(5)),
        Ask(player=BOB, cards=(inv(Y),), price=usd(4)),
    )
    assert [(p.supplier, p.price) for p in deal_of(state).proposals] == [(BOB, usd(4))]
    # A counter-offer by the Boss replaces the ask.
    state, _ = play(state, Offer(player=ANN, supplier=BOB, cards=(inv(Y),), price=usd(3)))
    assert [(p.price, p.by_boss) for p in deal_of(state).proposals] == [(usd(3), True)]
    refused(state, Accept(player=ANN, supplier=BOB), "N4")  # the Boss cannot accept own offer
    state, _ = play(state, Accept(player=BOB))
    assert deal_of(state).agreements[0].price == usd(3)


@pytest.mark.rule("N5")
def test_N5_an_open_offer_may_be_withdrawn_by_whoever_made_it() -> None:
    state = dealing()
    state, events = play(
        state, Ask(player=BOB, cards=(inv(Y),), price=usd(5)), Withdraw(player=BOB)
    )
    assert Withdrawn(player=BOB, supplier=BOB) in events
    assert deal_of(state).proposals == ()
    state, _ = play(
        state,
        Offer(player=ANN, supplier=CY, cards=(inv(P),), price=usd(2)),
        Withdraw(player=ANN, supplier=CY),
    )
    assert deal_of(state).proposals == ()
    refused(state, Accept(player=CY), "N4")


@pytest.mark.rule("N5")
def test_N5_only_the_maker_withdraws_an_open_offer() -> None:
    state = dealing()
    state, _ = play(
        state,
        Ask(player=BOB, cards=(inv(Y),), price=usd(5)),
        Offer(player=ANN, supplier=CY, cards=(inv(P),), price=usd(2)),
    )
    refused(state, Withdraw(player=ANN, supplier=BOB), "N5")  # Bob's ask
    refused(state, Withdraw(player=CY), "N5")  # Ann's offer
    refused(state, Withdraw(player=DI), "N5")  # nothing open


@pytest.mark.rule("N5")
def test_N5_an_agreement_binds_the_supplier() -> None:
    state = dealing()
    state, _ = play(
        state, Ask(player=BOB, cards=(inv(Y),), price=usd(5)), Accept(player=ANN, supplier=BOB)
    )
    refused(state, Withdraw(player=BOB), "N5")
    refused(state, Ask(player=BOB, cards=(inv(Y),), price=usd(9)), "N5")
    refused(state, Offer(player=ANN, supplier=BOB, cards=(inv(Y),), price=usd(1)), "N5")
    assert deal_of(state).agreements[0].price == usd(5)


@pytest.mark.rule("N5")
def test_N5_one_sided_cancel_leaves_the_agreement_binding() -> None:
    state = dealing(investors={"Ann": (R, B, P, O), "Bob": (Y,)})
    state, _ = play(
        state, Ask(player=BOB, cards=(inv(Y),), price=usd(5)), Accept(player=ANN, supplier=BOB)
    )
    state, events = play(state, CancelAgreement(player=BOB, other=ANN))
    assert CancelAsked(player=BOB, other=ANN) in events
    assert len(deal_of(state).agreements) == 1
    state, events = closed(state, ANN, {R: inv(R), B: inv(B), Y: inv(Y), P: inv(P), O: inv(O)})
    assert Paid(payer=ANN, payee=BOB, amount=5) in events


@pytest.mark.rule("N5")
@pytest.mark.parametrize("first", [ANN, BOB])
def test_N5_agreement_cancelled_when_boss_and_player_both_cancel(first: int) -> None:
    state = dealing()
    state, _ = play(
        state, Ask(player=BOB, cards=(inv(Y),), price=usd(5)), Accept(player=ANN, supplier=BOB)
    )
    second = BOB if first == ANN else ANN
    state, _ = play(state, CancelAgreement(player=first, other=second))
    state, events = play(state, CancelAgreement(player=second, other=first))
    assert any(isinstance(e, AgreementsCancelled) and e.supplier == BOB for e in events)
    assert deal_of(state).agreements == ()
    # Bob's yellow is free to be offered again.
    state, _ = play(state, Ask(player=BOB, cards=(inv(Y),), price=usd(2)))
    assert deal_of(state).proposals[0].price == usd(2)


@pytest.mark.rule("N5")
def test_N5_cancelling_is_between_the_boss_and_that_player() -> None:
    state = dealing()
    state, _ = play(
        state, Ask(player=BOB, cards=(inv(Y),), price=usd(5)), Accept(player=ANN, supplier=BOB)
    )
    refused(state, CancelAgreement(player=CY, other=BOB), "N5")
    refused(state, CancelAgreement(player=ANN, other=CY), "N5")  # no agreement with Cy
    refused(state, CancelAgreement(player=BOB, other=BOB), "N5")


@pytest.mark.rule("N5")
def test_N5_agreements_bind_only_until_the_deal_ends() -> None:
    state = dealing()
    state, _ = play(
        state,
        Ask(player=BOB, cards=(inv(Y),), price=usd(5)),
        Accept(player=ANN, supplier=BOB),
        Fail(player=ANN),
    )
    assert state.deal is None
    state, _ = play(state, StartDeal(player=BOB))
    assert deal_of(state).agreements == () and deal_of(state).proposals == ()


@pytest.mark.rule("N5")
def test_N5_used_family_card_of_an_agreement_is_discarded_at_close() -> None:
    state = dealing(investors={"Ann": (R, B, P, O)}, hands={"Cy": [Card.FAMILY_YELLOW]})
    state, _ = play(
        state,
        LayFamily(player=CY, colour=Y),
        Ask(player=CY, cards=(fam(CY, Y),), price=usd(1)),
        Accept(player=ANN, supplier=CY),
    )
    state, events = closed(state, ANN, {R: inv(R), B: inv(B), Y: fam(CY, Y), P: inv(P), O: inv(O)})
    assert any(isinstance(e, CardsDiscarded) and Card.FAMILY_YELLOW in e.cards for e in events)
    assert Paid(payer=ANN, payee=CY, amount=1) in events
