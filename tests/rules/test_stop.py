"""ST1–ST3: stop cards, and the reaction-window ruling under ST3."""

from __future__ import annotations

import pytest

from imtheboss.engine import (
    Accept,
    Action,
    Ask,
    Card,
    Close,
    Fail,
    LayFamily,
    Offer,
    Pass,
    PlayBoss,
    PlayHire,
    PlayStop,
    PlayTravel,
    Price,
    Reset,
    TimeUp,
    Trip,
    WindowKind,
    legal_actions,
)
from imtheboss.engine.events import (
    BossChanged,
    CardsDiscarded,
    Hired,
    Passed,
    Played,
    Stopped,
    WentTravelling,
)
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

# -- ST1 ---------------------------------------------------------------------------------------


@pytest.mark.rule("ST1")
def test_ST1_a_stop_cancels_a_travel_card() -> None:
    hands = {"Bob": (Card.TRAVEL_BLUE,), "Ann": (Card.STOP, Card.BOSS)}
    state = dealing(position(hands=hands))
    state, _ = play(state, PlayTravel(player=BOB, target=inv(B)))
    state, events = play(state, PlayStop(player=ANN))
    assert Stopped(player=ANN, cancelled=WindowKind.TRAVEL, of_player=BOB) in events
    assert CardsDiscarded(cards=(Card.TRAVEL_BLUE, Card.STOP)) in events
    assert not state.deal.travelling(B) and state.deal.trips == ()
    assert state.window is None
    assert state.discard == (Card.TRAVEL_BLUE, Card.STOP)
    assert state.players[BOB].hand == () and state.players[ANN].hand == (Card.BOSS,)
    assert not any(isinstance(e, WentTravelling) for e in events)


@pytest.mark.rule("ST1")
def test_ST1_a_stop_cancels_a_boss_card() -> None:
    state = dealing()
    state, events = play(state, PlayBoss(player=CY), PlayStop(player=DI))
    assert state.deal.boss == ANN
    assert not any(isinstance(e, BossChanged) for e in events)
    assert state.discard == (Card.BOSS, Card.STOP)
    assert state.deal.may_reset is False


@pytest.mark.rule("ST1")
def test_ST1_a_stop_cancels_a_hire_set() -> None:
    state = dealing(position(hands={"Bob": HIRES, "Cy": (Card.STOP,)}))
    state, events = play(state, PlayHire(player=BOB, colour=P), PlayStop(player=CY))
    assert state.owners[P] == CY
    assert not any(isinstance(e, Hired) for e in events)
    assert state.discard == (*HIRES, Card.STOP)
    assert state.players[BOB].hand == () and state.players[CY].hand == ()


@pytest.mark.rule("ST1")
def test_ST1_a_stop_only_answers_a_travel_boss_or_hire_play() -> None:
    state = dealing()
    refused(state, PlayStop(player=BOB), "ST1")  # nothing played
    state, _ = play(state, LayFamily(player=CY, colour=Y))
    refused(state, PlayStop(player=BOB), "ST1")  # a family card opens no window
    state, _ = play(state, Ask(player=CY, cards=(fam(CY, Y),), price=Price(amount=1)))
    refused(state, PlayStop(player=BOB), "ST1")


@pytest.mark.rule("ST1")
def test_ST1_a_stop_comes_too_late_once_the_window_has_closed() -> None:
    state = dealing()
    state, _ = play(state, PlayTravel(player=BOB, target=inv(O)), TimeUp())
    assert state.deal.travelling(O)
    refused(state, PlayStop(player=DI), "ST1")
    state, _ = play(state, PlayBoss(player=CY), Pass(player=ANN), Pass(player=BOB))
    state, _ = play(state, Pass(player=DI))
    assert state.deal.boss == CY
    refused(state, PlayStop(player=ANN), "ST1")


@pytest.mark.rule("ST1")
def test_ST1_a_stop_must_be_in_hand() -> None:
    state = dealing(position(hands={"Ann": (Card.BOSS,), "Bob": (Card.TRAVEL_GREY,)}))
    state, _ = play(state, PlayTravel(player=BOB, target=inv(R), grey=True))
    refused(state, PlayStop(player=ANN), "ST1")
    assert PlayStop(player=ANN) not in legal_actions(state, ANN)
    assert PlayStop(player=CY) in legal_actions(state, CY)  # an unknown hand may hold one


@pytest.mark.rule("ST1")
@pytest.mark.rule("CL2")
def test_CL2_a_stop_cannot_call_off_a_close() -> None:
    """The CL2 ruling, not ST1's "only after a travel, boss or hire card": the table is told
    that a close is called off by another card, never stopped."""
    state = dealing()
    state, _ = play(state, *(LayFamily(player=ANN, colour=c) for c in (Y, P, O)))
    terms = {R: inv(R), B: inv(B), Y: fam(ANN, Y), P: fam(ANN, P), O: fam(ANN, O)}
    state, _ = play(state, Close(player=ANN, supplies=terms))
    assert state.window is not None and state.window.kind is WindowKind.LAST_CALL
    error = refused(state, PlayStop(player=BOB), "CL2")
    assert error.reason.startswith("A close cannot be stopped")


# -- ST2 ---------------------------------------------------------------------------------------


@pytest.mark.rule("ST2")
def test_ST2_a_stop_cannot_cancel_a_stop() -> None:
    state = dealing(position(hands={"Ann": (Card.STOP,), "Bob": (Card.TRAVEL_RED, Card.STOP)}))
    state, _ = play(state, PlayTravel(player=BOB, target=inv(R)), PlayStop(player=ANN))
    err = refused(state, PlayStop(player=BOB), "ST2")
    assert "stop" in str(err)
    refused(state, PlayStop(player=CY), "ST2")
    assert not any(isinstance(a, PlayStop) for p in range(4) for a in legal_actions(state, p))
    # The travel card stays cancelled.
    assert state.deal.trips == () and state.players[BOB].hand == (Card.STOP,)


@pytest.mark.rule("ST2")
def test_ST2_a_stop_cannot_cancel_the_stop_of_a_boss_card() -> None:
    state = dealing()
    state, _ = play(state, PlayBoss(player=CY), PlayStop(player=ANN))
    refused(state, PlayStop(player=CY), "ST2")
    assert state.deal.boss == ANN


@pytest.mark.rule("ST2")
def test_ST2_after_a_stop_a_new_play_may_be_stopped_again() -> None:
    state = dealing()
    state, _ = play(state, PlayTravel(player=BOB, target=inv(R)), PlayStop(player=ANN))
    state, events = play(state, PlayTravel(player=BOB, target=inv(R)))
    played = Played(player=BOB, window=WindowKind.TRAVEL, cards=(Card.TRAVEL_RED,), target=inv(R))
    assert played in events
    state, events = play(state, PlayStop(player=ANN))
    assert Stopped(player=ANN, cancelled=WindowKind.TRAVEL, of_player=BOB) in events
    assert state.discard == (Card.TRAVEL_RED, Card.STOP) * 2
    assert state.deal.trips == ()


# -- ST3 ---------------------------------------------------------------------------------------


@pytest.mark.rule("ST3")
def test_ST3_the_boss_may_stop_to_protect_their_deal() -> None:
    state = dealing()
    state, _ = play(state, PlayTravel(player=DI, target=inv(Y)), PlayStop(player=ANN))
    assert state.deal.trips == () and state.deal.boss == ANN


@pytest.mark.rule("ST3")
def test_ST3_any_player_may_stop_to_help_another() -> None:
    state = dealing()
    # Di stops Bob's travel card on Cy's investor: neither hers nor her deal.
    state, events = play(state, PlayTravel(player=BOB, target=inv(P)), PlayStop(player=DI))
    assert Stopped(player=DI, cancelled=WindowKind.TRAVEL, of_player=BOB) in events
    assert state.deal.trips == ()
    # Bob stops Cy's boss card to keep Ann the Boss.
    state, _ = play(state, PlayBoss(player=CY), PlayStop(player=BOB))
    assert state.deal.boss == ANN
    assert DI in state.deal.played and BOB in state.deal.played


@pytest.mark.rule("ST3")
def test_ST3_every_player_holding_a_stop_may_answer() -> None:
    hands = {n: (Card.STOP,) for n in ("Ann", "Bob", "Cy", "Di")}
    hands["Bob"] = (Card.TRAVEL_PINK, Card.STOP)
    state = dealing(position(hands=hands))
    state, _ = play(state, PlayTravel(player=BOB, target=inv(P)))
    for seat in (ANN, CY, DI):
        assert PlayStop(player=seat) in legal_actions(state, seat)
    for seat in (ANN, CY, DI):
        after, _ = play(state, PlayStop(player=seat))
        assert after.deal.trips == () and after.players[seat].hand == ()


@pytest.mark.rule("ST3")
def test_ST3_a_player_who_passed_may_still_stop_while_the_window_is_open() -> None:
    state = dealing()
    state, _ = play(state, PlayHire(player=BOB, colour=O), Pass(player=DI))
    assert PlayStop(player=DI) in legal_actions(state, DI)
    state, _ = play(state, PlayStop(player=DI))
    assert state.owners[O] == DI and state.window is None


# -- The reaction-window ruling (under ST3) ----------------------------------------------------


@pytest.mark.rule("ST3")
def test_ST3_ruling_a_travel_card_is_pending_until_the_window_closes_by_time_up() -> None:
    state = dealing()
    state, events = play(state, PlayTravel(player=CY, target=inv(O)))
    assert state.window is not None and state.window.kind is WindowKind.TRAVEL
    assert state.window.player == CY and state.window.target == inv(O)
    assert state.deal.trips == ()
    assert legal_actions(state, None) == [TimeUp()]
    state, events = play(state, TimeUp())
    assert state.window is None
    assert state.deal.trips == (Trip(colour=O, card=Card.TRAVEL_ORANGE),)
    assert WentTravelling(target=inv(O)) in events
    assert legal_actions(state, None) == []


@pytest.mark.rule("ST3")
def test_ST3_ruling_the_window_closes_when_all_others_have_passed() -> None:
    state = dealing()
    state, _ = play(state, PlayTravel(player=CY, target=inv(O)))
    refused(state, Pass(player=CY), "ST1")  # the one who played it does not pass
    state, events = play(state, Pass(player=ANN), Pass(player=DI))
    assert events == [Passed(player=ANN), Passed(player=DI)]
    assert state.window is not None and state.deal.trips == ()
    refused(state, Pass(player=ANN), "ST1")  # passed already
    state, events = play(state, Pass(player=BOB))
    assert state.window is None and state.deal.travelling(O)
    assert WentTravelling(target=inv(O)) in events


@pytest.mark.rule("ST3")
def test_ST3_ruling_a_boss_card_and_a_hire_set_are_pending_too() -> None:
    state = dealing(position(hands={"Bob": HIRES}))
    state, _ = play(state, PlayBoss(player=CY))
    assert state.deal.boss == ANN
    state, _ = play(state, Pass(player=ANN), Pass(player=BOB), Pass(player=DI))
    assert state.deal.boss == CY
    state, _ = play(state, PlayHire(player=BOB, colour=O))
    assert state.owners[O] == DI
    state, _ = play(state, TimeUp())
    assert state.owners[O] == BOB


def _everything_else() -> list[Action]:
    return [
        LayFamily(player=ANN, colour=G),
        LayFamily(player=DI, colour=Y),
        Offer(player=ANN, supplier=DI, cards=(inv(O),), price=Price(amount=1)),
        Ask(player=BOB, cards=(inv(Y),), price=Price(amount=1)),
        Accept(player=ANN, supplier=BOB),
        Close(player=ANN, supplies={R: inv(R)}),
        Fail(player=ANN),
        Reset(player=ANN),
        PlayTravel(player=DI, target=inv(R)),
        PlayTravel(player=DI, target=inv(B), grey=True),
        PlayBoss(player=DI),
        PlayHire(player=DI, colour=Y),
    ]


@pytest.mark.rule("ST3")
@pytest.mark.parametrize("kind", ["travel", "boss", "hire"])
def test_ST3_ruling_while_a_window_is_open_only_a_stop_or_a_pass_is_legal(kind: str) -> None:
    state = dealing()
    state, _ = play(state, Ask(player=BOB, cards=(inv(Y),), price=Price(amount=1)))
    opener: Action = {
        "travel": PlayTravel(player=CY, target=inv(O)),
        "boss": PlayBoss(player=CY),
        "hire": PlayHire(player=CY, colour=O),
    }[kind]
    state, _ = play(state, opener)
    assert state.window is not None and state.window.kind.value == kind
    for action in _everything_else():
        refused(state, action, "ST1")
    for seat in (ANN, BOB, DI):
        assert set(legal_actions(state, seat)) == {PlayStop(player=seat), Pass(player=seat)}
    # The one who made the play cannot pass on it, nor do anything else.
    assert Pass(player=CY) not in legal_actions(state, CY)
    assert all(isinstance(a, PlayStop) for a in legal_actions(state, CY))


@pytest.mark.rule("ST3")
def test_ST3_ruling_after_a_stop_a_new_travel_is_a_new_play_with_a_new_window() -> None:
    state = dealing()
    state, _ = play(state, PlayTravel(player=CY, target=inv(O)), Pass(player=ANN))
    state, _ = play(state, PlayStop(player=DI))
    assert state.window is None and state.deal.trips == ()
    # Without a window, passing or the timer has nothing to close.
    refused(state, Pass(player=BOB), "ST1")
    refused(state, TimeUp(), "ST1")
    state, events = play(state, PlayTravel(player=CY, target=inv(O)))
    assert state.window is not None and state.window.passed == frozenset()
    assert Played(
        player=CY, window=WindowKind.TRAVEL, cards=(Card.TRAVEL_ORANGE,), target=inv(O)
    ) in (events)
    # Ann passed on the first play, not on this one: the window needs her pass again.
    state, _ = play(state, Pass(player=BOB), Pass(player=DI))
    assert state.window is not None
    state, _ = play(state, Pass(player=ANN))
    assert state.deal.travelling(O)
    assert state.discard == (Card.TRAVEL_ORANGE, Card.STOP)


@pytest.mark.rule("CL2")
def test_CL2_the_last_calls_waiting_sentence_offers_no_stop() -> None:
    """Issue 21: the last call's sentence said "only a stop or a pass", but CL2 allows no stop
    there: only a pass, or another player's card calling the close off."""
    from imtheboss.engine.state import WindowKind
    from imtheboss.engine.windows import _WAITING

    said = _WAITING[WindowKind.LAST_CALL]
    assert "stop" not in said and "calling the close off" in said
    assert all(
        "only a stop or a pass" in _WAITING[k] for k in _WAITING if k is not WindowKind.LAST_CALL
    )
