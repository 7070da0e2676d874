"""A saved game is its setup and its actions (JSON); loading replays them to the same state."""

from __future__ import annotations

import random

import pytest

from imtheboss.bots.random_play import random_steps
from imtheboss.engine import (
    GameRecord,
    Options,
    Position,
    RecordError,
    Setup,
    StartDeal,
    Variant,
    new_game,
)
from imtheboss.notation import as_recorded
from support import B, P, R, Y


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_saved_game_loads_to_the_same_state(seed: int) -> None:
    setup = Setup(
        players=("Ann", "Bob", "Cy", "Di", "Eve")[: 3 + seed],
        seed=seed,
        options=Options(variants=frozenset({Variant.V3})),
    )
    record = GameRecord(setup=setup)
    state = new_game(setup)
    for _, action, after, events in random_steps(state, random.Random(seed)):
        record = record.then(as_recorded(action, events))
        state = after
    text = record.to_json()
    loaded = GameRecord.from_json(text)
    assert loaded == record
    assert loaded.replay() == state


def test_a_position_record_replays_from_the_position() -> None:
    position = Position(
        players=("Ann", "Bob", "Cy"),
        investors={"Ann": (R, B), "Bob": (Y,), "Cy": (P,)},
        deals_done=4,
        marker=5,
        turn="Bob",
    )
    record = GameRecord(setup=position, actions=(StartDeal(player=1),))
    state = GameRecord.from_json(record.to_json()).replay()
    assert state.deal is not None and state.deal.boss == 1 and state.deals_done == 4


def test_a_corrupt_save_is_a_clear_error_not_a_traceback() -> None:
    with pytest.raises(RecordError, match="line 1, column"):
        GameRecord.from_json('{"setup": ')
    with pytest.raises(RecordError, match="setup"):
        GameRecord.from_json('{"setup": {"kind": "new", "players": ["A"]}}')


def test_an_illegal_action_in_a_save_names_it() -> None:
    record = GameRecord(setup=Setup(players=("Ann", "Bob", "Cy"), seed=1))
    broken = record.then(StartDeal(player=2))  # before the marker is placed (S6)
    with pytest.raises(RecordError, match=r"action 1 .*S6"):
        GameRecord.from_json(broken.to_json()).replay()
