"""A game from its setup: a seed's (``setup.new_game``, S1–S6) or a position written down
mid-game (``position.from_position``). Above both, so that neither imports the other; the
position's module (pydantic) is imported only for a position."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .setup import Setup, new_game
from .state import GameState

if TYPE_CHECKING:
    from .position import Position


def start(setup: Setup | Position) -> GameState:
    """The first state of the game ``setup`` describes."""
    if isinstance(setup, Setup):
        return new_game(setup)
    from .position import from_position

    return from_position(setup)


__all__ = ["start"]
