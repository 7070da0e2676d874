"""H1–H3: hire sets."""

from __future__ import annotations

import pytest

from imtheboss.engine import (
    Accept,
    Ask,
    Card,
    Close,
    Colour,
    Fail,
    GameState,
    LayFamily,
    Pass,
    PlayHire,
    PlayStop,
    PlayTravel,
    Price,
    TimeUp,
    WindowKind,
    legal_actions,
)
from imtheboss.engine.events import Hired, Paid
from imtheboss.engine.game import agreeing_cards
from support import (
    ANN,
    BOB,
    CY,
    DI,
    HIRES,
    B,
    G,
    O,
    P,
    R,
    Y,
    dealing,
    fam,
    inv,
    play,
    position,
    refused,
)


def hires_named(state: GameState, seat: int) -> set[Colour]:
    return {a.colour for a in legal_actions(state, seat) if isinstance(a, PlayHire)}


# -- H1 ----------------------------------------------------------------------------------------


@pytest.mark.rule("H1")
def test_H1_a_hire_set_takes_another_players_investor_for_good() -> None:
    state = dealing(position(hands={"Bob": (*HIRES, Card.STOP)}))
    state, _ = play(state, PlayHire(player=BOB, colour=O))
    assert state.window is not None and state.window.kind is WindowKind.HIRE
    assert state.players[BOB].hand == (Card.STOP,)
    state, more = play(state, TimeUp())
    assert state.owners[O] == BOB and state.owners[G] == DI
    assert Hired(player=BOB, colour=O, previous=DI) in more
    # The three hire cards are discarded at once, not kept to the end of the deal.
    assert state.discard == HIRES
    assert state.deal is not None
    # For good: the investor stays Bob's after the deal.
    state, _ = play(state, Fail(player=ANN))
    assert state.deal is None
    assert state.investors_of(BOB) == (Y, O) and state.investors_of(DI) == (G,)


@pytest.mark.rule("H1")
def test_H1_only_a_set_of_three_hire_cards() -> None:
    state = dealing(position(hands={"Bob": (Card.HIRE, Card.HIRE, Card.STOP)}))
    refused(state, PlayHire(player=BOB, colour=O), "H1")
    assert hires_named(state, BOB) == set()


@pytest.mark.rule("H1")
def test_H1_a_player_cannot_hire_their_own_investor() -> None:
    state = dealing(position(hands={"Di": HIRES}))
    refused(state, PlayHire(player=DI, colour=O), "H1")
    assert O not in hires_named(state, DI) and G not in hires_named(state, DI)
    assert hires_named(state, DI) == {R, B, Y, P}


@pytest.mark.rule("H1")
def test_H1_family_cards_cannot_be_hired() -> None:
    state = dealing(position(hands={"Bob": HIRES, "Cy": (Card.FAMILY_ORANGE,)}))
    state, _ = play(state, LayFamily(player=CY, colour=O))
    state, _ = play(state, PlayHire(player=BOB, colour=O), TimeUp())
    # The hire took Di's orange investor; Cy's orange family card is still Cy's, on the table.
    assert state.owners[O] == BOB
    assert state.deal.family == (fam(CY, O),)
    state, _ = play(state, Fail(player=ANN))
    assert state.players[CY].hand == (Card.FAMILY_ORANGE,)


@pytest.mark.rule("H1")
@pytest.mark.rule("N5")
@pytest.mark.rule("N3")
def test_N5_a_hire_ends_the_old_owners_ask_but_not_the_agreement() -> None:
    """Ruling 2026-12-01: a hire set that takes an agreed investor away ends nothing but the
    old owner's open offer for it; the $2M agreed still counts toward N3's cap, and whether it
    is paid is CL4's question (only if one of its cards takes part)."""
    state = dealing(position(hands={"Bob": HIRES}))
    state, _ = play(
        state,
        Ask(player=DI, cards=(inv(O),), price=Price(amount=2)),
        Accept(player=ANN, supplier=DI),
        Ask(player=DI, cards=(inv(G),), price=Price(amount=1)),
        Ask(player=CY, cards=(inv(P),), price=Price(amount=1)),
    )
    agreed = state.deal.agreements
    state, _ = play(state, PlayHire(player=BOB, colour=O), TimeUp())
    assert state.owners[O] == BOB
    assert state.deal.agreements == agreed
    assert [p.cards for p in state.deal.proposals] == [(inv(G),), (inv(P),)]
    # Di's agreement no longer makes the orange investor agree: it is Bob's now.
    assert inv(O) not in agreeing_cards(state.deal, state.owners, v8=False)[O]
    # Space 5 is worth $12M: $2M is promised, so $11M more is over the cap.
    state, _ = play(state, Ask(player=BOB, cards=(inv(Y), inv(O)), price=Price(amount=11)))
    refused(state, Accept(player=ANN, supplier=BOB), "N3")
    state, _ = play(
        state,
        Ask(player=BOB, cards=(inv(Y), inv(O)), price=Price(amount=10)),
        Accept(player=ANN, supplier=BOB),
        LayFamily(player=ANN, colour=P),
    )
    terms = {R: inv(R), B: inv(B), Y: inv(Y), O: inv(O), P: fam(ANN, P)}
    state, _ = play(state, Close(player=ANN, supplies=terms), TimeUp())
    # Di's card did not take part: her agreement is not paid (CL4).
    assert [p.money for p in state.players] == [2, 10, 0, 0]


@pytest.mark.rule("H1")
def test_H1_a_stopped_hire_set_takes_nothing() -> None:
    state = dealing(position(hands={"Bob": HIRES}))
    state, _ = play(state, PlayHire(player=BOB, colour=O), PlayStop(player=DI))
    assert state.owners[O] == DI
    assert state.discard == (*HIRES, Card.STOP)
    assert state.players[BOB].hand == ()


# -- H2 ----------------------------------------------------------------------------------------


def four_with_unowned(**hands: tuple[Card, ...]) -> GameState:
    """4 players, 1 investor each (S2): orange and green lie unowned beside the board."""
    return position(investors={"Ann": (R,), "Bob": (B,), "Cy": (Y,), "Di": (P,)}, hands=hands)


@pytest.mark.rule("H2")
def test_H2_with_4_players_a_hire_must_take_an_unowned_investor() -> None:
    state = dealing(four_with_unowned(Bob=HIRES * 3))
    refused(state, PlayHire(player=BOB, colour=R), "H2")
    said = refused(state, PlayHire(player=BOB, colour=P), "H2")
    # The colours are mid-sentence: lower case (issue 21, "… Pink is beside the board").
    assert "first: orange and green are beside the board" in str(said)
    assert hires_named(state, BOB) == {O, G}
    state, events = play(state, PlayHire(player=BOB, colour=O), TimeUp())
    assert state.owners[O] == BOB
    assert Hired(player=BOB, colour=O, previous=None) in events
    # Green still lies beside the board: Ann's red is still out of reach.
    refused(state, PlayHire(player=BOB, colour=R), "H2")
    state, _ = play(state, PlayHire(player=BOB, colour=G), TimeUp())
    assert state.unowned() == ()
    # Now that none lies beside the board, another player's investor may be hired.
    assert hires_named(state, BOB) == {R, Y, P}
    state, _ = play(state, PlayHire(player=BOB, colour=R), TimeUp())
    assert state.investors_of(BOB) == (R, B, O, G) and state.investors_of(ANN) == ()


@pytest.mark.rule("H2")
def test_H2_with_5_players_a_hire_must_take_an_unowned_investor() -> None:
    names = ("Ann", "Bob", "Cy", "Di", "Ed")
    state = position(
        players=names,
        investors={"Ann": (R,), "Bob": (B,), "Cy": (Y,), "Di": (P,), "Ed": (O,)},
        hands={"Ed": HIRES * 2},
    )
    state = dealing(state)
    ed = 4
    refused(state, PlayHire(player=ed, colour=R), "H2")
    assert hires_named(state, ed) == {G}
    state, _ = play(state, PlayHire(player=ed, colour=G), TimeUp())
    assert state.owners[G] == ed
    state, _ = play(state, PlayHire(player=ed, colour=R), TimeUp())
    assert state.owners[R] == ed


@pytest.mark.rule("H2")
def test_H2_with_every_investor_owned_another_players_may_be_hired() -> None:
    names = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo")
    investors = {n: (c,) for n, c in zip(names, (R, B, Y, P, O, G), strict=True)}
    state = dealing(position(players=names, investors=investors, hands={"Flo": HIRES}))
    assert hires_named(state, 5) == {R, B, Y, P, O}
    state, _ = play(state, PlayHire(player=5, colour=Y), TimeUp())
    assert state.owners[Y] == 5 and state.investors_of(CY) == ()


# -- H3 ----------------------------------------------------------------------------------------


@pytest.mark.rule("H3")
def test_H3_a_hired_investor_on_a_trip_stays_on_the_trip() -> None:
    state = dealing(position(hands={"Ann": (*HIRES, Card.FAMILY_YELLOW, Card.FAMILY_PINK)}))
    state, _ = play(state, PlayTravel(player=CY, target=inv(O)), TimeUp())
    state, _ = play(state, PlayHire(player=ANN, colour=O), TimeUp())
    assert state.owners[O] == ANN
    assert state.deal.travelling(O)
    # The Boss owns it now, but it is travelling: it cannot take part in this deal.
    state, _ = play(
        state,
        LayFamily(player=ANN, colour=Y),
        LayFamily(player=ANN, colour=P),
    )
    terms = {R: inv(R), B: inv(B), Y: fam(ANN, Y), P: fam(ANN, P), O: inv(O)}
    refused(state, Close(player=ANN, supplies=terms), "TR1")


@pytest.mark.rule("H3")
def test_H3_an_investor_hired_by_the_boss_agrees_automatically() -> None:
    state = dealing()
    # Before the hire, Bob's yellow needs an agreement.
    state, _ = play(state, LayFamily(player=ANN, colour=P), LayFamily(player=ANN, colour=O))
    terms = {R: inv(R), B: inv(B), Y: inv(Y), P: fam(ANN, P), O: fam(ANN, O)}
    refused(state, Close(player=ANN, supplies=terms), "CL3")
    state, _ = play(state, PlayHire(player=ANN, colour=Y), TimeUp())
    state, events = play(state, Close(player=ANN, supplies=terms), TimeUp())
    assert state.players[ANN].money == 12 and state.players[BOB].money == 0
    assert [e for e in events if isinstance(e, Paid)] == [
        Paid(payer=None, payee=ANN, amount=12, note="proceeds")
    ]


@pytest.mark.rule("H3")
def test_H3_an_investor_hired_away_from_the_boss_needs_an_agreement() -> None:
    state = dealing(position(hands={"Bob": HIRES}))
    state, _ = play(state, LayFamily(player=ANN, colour=P), LayFamily(player=ANN, colour=O))
    state, _ = play(
        state,
        Ask(player=BOB, cards=(inv(Y),), price=Price(amount=3)),
        Accept(player=ANN, supplier=BOB),
    )
    state, _ = play(
        state, PlayHire(player=BOB, colour=R), Pass(player=ANN), Pass(player=CY), Pass(player=DI)
    )
    assert state.owners[R] == BOB
    terms = {R: inv(R), B: inv(B), Y: inv(Y), P: fam(ANN, P), O: fam(ANN, O)}
    refused(state, Close(player=ANN, supplies=terms), "CL3")
    state, _ = play(
        state,
        Ask(player=BOB, cards=(inv(R),), price=Price(amount=4)),
        Accept(player=ANN, supplier=BOB),
    )
    state, _ = play(state, Close(player=ANN, supplies=terms), TimeUp())
    assert [p.money for p in state.players] == [5, 7, 0, 0]
