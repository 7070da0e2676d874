"""A tree's two copies, ``replace(**changes)`` and ``changed(changes)`` (for changes
gathered in a dict), make the same value and refuse the same typos."""

from __future__ import annotations

import pytest

from imtheboss.engine import Setup, new_game
from imtheboss.engine.state import Deal


def test_changed_is_replace_with_the_changes_in_a_dict() -> None:
    state = new_game(Setup(players=("Ann", "Bob", "Cy"), seed=5))
    deal = Deal(space=3, boss=1)
    assert state.changed({"turn": 2, "marker": 4}) == state.replace(turn=2, marker=4)
    assert deal.changed({"may_reset": True}) == deal.replace(may_reset=True)
    player = state.players[0]
    assert player.changed({"money": 7}) == player.replace(money=7)
    changes = {"turn": 1}
    copy = state.changed(changes)
    assert changes == {"turn": 1} and copy is not state and copy.turn == 1
    assert "_memo" not in changes


def test_changed_refuses_an_unknown_field_and_names_it() -> None:
    state = new_game(Setup(players=("Ann", "Bob", "Cy"), seed=6))
    with pytest.raises(TypeError, match="windw"):
        state.changed({"windw": 3})
    with pytest.raises(TypeError, match="hnad"):
        state.players[1].changed({"hnad": ()})
