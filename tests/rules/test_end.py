"""E1–E3: the end of the game."""

from __future__ import annotations

from typing import Any

import pytest

from imtheboss.engine import (
    Close,
    GameState,
    InvestorRef,
    Pass,
    Phase,
    Roll,
    StartDeal,
    TimeUp,
    Variant,
    legal_actions,
    reconstructed_board,
)
from imtheboss.engine.events import DieRolled, Event, GameOver, TileLaid, TurnBegan
from support import ANN, BOB, CY, DI, B, R, play, position, refused

#: Space 1 needs red and blue, both Ann's: 3 dividends, no agreement needed.
DONE = Close(player=ANN, supplies={R: InvestorRef(colour=R), B: InvestorRef(colour=B)})


def closed(state: GameState) -> tuple[GameState, list[Event]]:
    """Ann deals on the marker's space (space 1) and the close stands."""
    return play(state, StartDeal(player=ANN), DONE, TimeUp())


def at(deals_done: int, **kw: Any) -> GameState:
    return position(deals_done=deals_done, marker=1, **kw)


# -- E1 ----------------------------------------------------------------------------------------


@pytest.mark.rule("E1")
def test_E1_after_the_11th_deal_a_1_or_2_ends_the_game() -> None:
    state, events = closed(at(10))
    assert TileLaid(tile=11, space=1) in events
    assert state.phase is Phase.END_ROLL and state.end_roller == ANN and state.end_tile == 11
    for value in (1, 2):
        over, events = play(state, Roll(player=ANN, value=value))
        assert over.phase is Phase.OVER
        assert DieRolled(player=ANN, value=value, end_roll=True) in events
        assert any(isinstance(e, GameOver) for e in events)
        # A move after the end cites the end roll that ended it, not E3 (issue 21).
        assert "deal tile 11" in str(refused(over, StartDeal(player=BOB), "E1"))
        refused(over, Roll(player=ANN, value=1), "E1")
    for value in (3, 4, 5, 6):
        goes_on, events = play(state, Roll(player=ANN, value=value))
        assert goes_on.phase is Phase.TURN and goes_on.turn == BOB
        assert goes_on.end_roller is None and goes_on.end_tile is None
        assert goes_on.winners == ()
        assert events[-1] == TurnBegan(player=BOB)


@pytest.mark.rule("E1")
@pytest.mark.parametrize("tile", [10, 11, 12, 13, 14])
def test_E1_the_numbers_on_the_back_of_each_tile(tile: int) -> None:
    ends_on = set(range(1, tile - 8))  # #10: 1; #11: 1 2; … #14: 1–5 (board.md)
    assert reconstructed_board().tiles[tile - 1].ends_on == ends_on
    state, _ = closed(at(tile - 1))
    assert state.phase is Phase.END_ROLL and state.end_tile == tile
    for value in range(1, 7):
        after, _ = play(state, Roll(player=ANN, value=value))
        assert (after.phase is Phase.OVER) is (value in ends_on), value


@pytest.mark.rule("E1")
def test_E1_no_end_roll_before_the_10th_deal() -> None:
    state, events = closed(at(8))
    assert TileLaid(tile=9, space=1) in events
    assert state.phase is Phase.TURN and state.turn == BOB and state.end_roller is None
    assert not any(isinstance(e, DieRolled) for e in events)
    refused(state, Roll(player=ANN, value=1), "T1")


@pytest.mark.rule("E1")
def test_E1_the_10th_deal_is_the_first_with_a_roll() -> None:
    state, _ = closed(at(9))
    assert state.phase is Phase.END_ROLL and state.end_tile == 10
    over, _ = play(state, Roll(player=ANN, value=1))
    assert over.phase is Phase.OVER
    goes_on, _ = play(state, Roll(player=ANN, value=2))
    assert goes_on.phase is Phase.TURN


@pytest.mark.rule("E1")
def test_E1_only_the_last_boss_rolls_and_nothing_else_happens_first() -> None:
    state, _ = closed(at(10))
    for seat in (BOB, CY, DI):
        refused(state, Roll(player=seat, value=1), "E1")
        assert legal_actions(state, seat) == []
    refused(state, StartDeal(player=BOB), "E1")
    refused(state, StartDeal(player=ANN), "E1")
    refused(state, Roll(player=ANN), "E1")  # no seed: the number rolled must be written
    assert legal_actions(state, ANN) == [Roll(player=ANN, value=v) for v in range(1, 7)]


@pytest.mark.rule("E1")
def test_E1_the_seeded_die_decides_the_end_roll() -> None:
    state, _ = closed(at(10, seed=3))
    assert state.phase is Phase.END_ROLL
    after, events = play(state, Roll(player=ANN))
    rolled = next(e for e in events if isinstance(e, DieRolled))
    assert rolled.end_roll and rolled.player == ANN
    assert (after.phase is Phase.OVER) is (rolled.value in (1, 2))
    wrong = next(v for v in range(1, 7) if v != rolled.value)
    refused(state, Roll(player=ANN, value=wrong), "E1")


# -- E2 ----------------------------------------------------------------------------------------


@pytest.mark.rule("E2")
def test_E2_the_15th_deal_ends_the_game_without_a_roll() -> None:
    state, events = closed(at(14, money={"Bob": 3}))
    assert TileLaid(tile=15, space=1) in events
    assert not any(isinstance(e, DieRolled) for e in events)
    assert state.phase is Phase.OVER and state.end_roller is None
    assert state.stack == () and len(state.covered) == 15 and state.deals_done == 15
    assert events[-1] == GameOver(winners=(ANN,), money=(15, 3, 0, 0))
    assert all(legal_actions(state, seat) == [] for seat in range(4))
    # A move after the end cites the rule that ended the game (issue 21), not E3.
    refused(state, StartDeal(player=BOB), "E2")
    refused(state, Roll(player=ANN, value=6), "E2")


@pytest.mark.rule("E2")
def test_E2_the_14th_deal_does_not_end_the_game_by_itself() -> None:
    state, _ = closed(at(13))
    assert state.phase is Phase.END_ROLL and state.end_tile == 14
    state, _ = play(state, Roll(player=ANN, value=6))
    assert state.phase is Phase.TURN and state.stack == (15,)


@pytest.mark.rule("E2")
def test_E2_ruling_with_V7_the_rolls_start_at_tile_10_and_tile_15_ends_it() -> None:
    state, events = closed(at(6, variants=(Variant.V7,)))
    assert TileLaid(tile=10, space=1) in events  # the 7th deal lays tile #10
    assert state.phase is Phase.END_ROLL and state.end_tile == 10
    state, events = closed(at(11, variants=(Variant.V7,)))
    assert TileLaid(tile=15, space=1) in events  # the 12th deal lays the last tile
    assert state.phase is Phase.OVER
    assert not any(isinstance(e, DieRolled) for e in events)
    refused(state, StartDeal(player=BOB), "E2")


# -- E3 ----------------------------------------------------------------------------------------


@pytest.mark.rule("E3")
def test_E3_the_richest_player_wins() -> None:
    state, events = closed(at(14, money={"Ann": 1, "Bob": 30, "Cy": 29, "Di": 4}))
    assert state.phase is Phase.OVER
    assert state.winners == (BOB,)
    assert events[-1] == GameOver(winners=(BOB,), money=(16, 30, 29, 4))


@pytest.mark.rule("E3")
def test_E3_a_tie_is_a_shared_win() -> None:
    state, events = closed(at(14, money={"Ann": 5, "Bob": 20, "Di": 20}))
    assert state.winners == (ANN, BOB, DI)  # Ann: 5 + 15 = 20
    assert events[-1] == GameOver(winners=(ANN, BOB, DI), money=(20, 20, 0, 20))


@pytest.mark.rule("E3")
def test_E3_the_winner_after_an_end_roll() -> None:
    state, _ = closed(at(10, money={"Cy": 12}))
    state, events = play(state, Roll(player=ANN, value=1))
    # Ann made $12M (3 dividends × $4M): a tie with Cy.
    assert state.winners == (ANN, CY)
    assert events[-1] == GameOver(winners=(ANN, CY), money=(12, 0, 12, 0))
    refused(state, Pass(player=BOB), "E1")  # the roll ended it (issue 21)
    assert legal_actions(state, None) == []
