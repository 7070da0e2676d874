"""The engine's shape as issue 20 asks for it: a typo in a copy is an error, and no engine
file outgrows what a reader holds against RULES.md."""

from __future__ import annotations

import dataclasses

import pytest

from imtheboss.engine import Setup, new_game
from imtheboss.engine.frozen import Tree
from imtheboss.engine.state import Deal, GameState, PlayerState


def test_replace_refuses_an_unknown_field_and_names_it() -> None:
    """``state.replace(windw=3)`` returned a state equal to the old one."""
    state = new_game(Setup(players=("Ann", "Bob", "Cy"), seed=1))
    with pytest.raises(TypeError, match="windw"):
        state.replace(windw=3)
    with pytest.raises(TypeError, match="hnad"):
        state.players[0].replace(hnad=())
    assert state.replace(turn=2).turn == 2  # a known field still copies
    assert state.replace() == state


@pytest.mark.parametrize("cls", [GameState, Deal, PlayerState])
def test_every_tree_copies_its_own_fields_only(cls: type[Tree]) -> None:
    """The check counts fields: each tree's copy holds exactly its dataclass fields."""
    state = new_game(Setup(players=("Ann", "Bob", "Cy"), seed=2))
    value: Tree = {GameState: state, PlayerState: state.players[1]}.get(cls) or Deal(
        space=1, boss=0
    )
    copy = value.replace()
    assert set(vars(copy)) - {"_memo"} == {f.name for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="nope"):
        value.replace(nope=1)
