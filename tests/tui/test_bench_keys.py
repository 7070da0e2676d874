"""bench/bench_keys.py still runs: a recorded game replayed by the keys, to its first closed
deal, and the talk it reorders ends the game as the bots' order did."""

from __future__ import annotations

import asyncio
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

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
