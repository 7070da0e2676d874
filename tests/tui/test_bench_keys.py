"""bench/bench_keys.py still runs: a recorded game replayed by the keys, to its first closed
deal, and the talk it reorders ends the game as the bots' order did."""

from __future__ import annotations

import asyncio
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from imtheboss.bots import make_bot, play_bots
from imtheboss.engine import Options, Setup, new_game
from imtheboss.engine.game import apply

BENCH = Path(__file__).resolve().parents[2] / "bench" / "bench_keys.py"


def _bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_keys", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_keys"] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_the_talk_said_in_one_keyboards_order_ends_the_game_the_same() -> None:
    bench = _bench()
    setup = Setup(players=bench.NAMES[:4], seed=3, options=Options())
    bots = [make_bot("dealer", 3 * 7 + seat) for seat in range(4)]
    played = play_bots(new_game(setup), bots, 3)
    state = new_game(setup)
    for action in bench.recorded(3, 4):
        state, _ = apply(state, action)
    assert state.players == played.final.players
    assert state.covered == played.final.covered


def test_a_recorded_game_through_the_keys_to_its_first_closed_deal(tmp_path: Path) -> None:
    bench = _bench()
    game = asyncio.run(bench.replay(1, 4, (80, 24), tmp_path, deals=1))
    assert len(game.closed) == 1
    deal = game.closed[0]
    assert deal.keys == len(deal.pressed) > 0
    # Each seat that said something took the keyboard: to its hand, or to the cover (a nod).
    assert deal.handovers + deal.nods >= 1 and deal.dialogs >= 1
    assert "y" in deal.pressed  # the accept and the close, answered by y


def test_the_fastest_entry_says_the_first_deal_by_a_standing_close(tmp_path: Path) -> None:
    """Game 1's first deal: Cy's price for Ann's card, accepted by the Boss, becomes the
    Boss's standing close and Ann's nod; the bench's check finds the same game."""
    bench = _bench()
    game = asyncio.run(bench.replay(1, 4, (80, 24), tmp_path, deals=1, fastest=True))
    deal = game.closed[0]
    assert "e" in deal.pressed and deal.pressed[-2:] == ["a", "y"], deal.pressed


def test_another_game_is_not_taken_for_the_recorded_one() -> None:
    """The same moves but a state that differs at the first deal's end (one $M more paid
    out): the check stops there."""
    bench = _bench()
    actions = bench.recorded(3, 4)
    state = new_game(Setup(players=bench.NAMES[:4], seed=3, options=Options()))
    states = [state]
    for action in actions:
        state, _ = apply(state, action)
        states.append(state)
    bench.same_game(states, actions, actions, full=True)  # the game itself: the same
    end = next(k for k in range(1, len(states)) if states[k].deals_done == 1)
    other = list(states)
    other[end] = states[end].replace(bank_paid=states[end].bank_paid + 1)
    with pytest.raises(AssertionError, match="deal 1"):
        bench.same_game(other, actions, actions, full=True)
