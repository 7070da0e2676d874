"""bench/tmux_play.py reads a pane as a person does and writes the keys down as the planner
presses them: the screens it waits for, the count it waits out, the lines it compares. (It
drives tmux itself only when run; these parts need none.)"""

from __future__ import annotations

import asyncio
import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

from tuikit import screen_text

BENCH = Path(__file__).resolve().parents[2] / "bench"


def _tmux_play() -> ModuleType:
    sys.path.insert(0, str(BENCH))
    for name in ("bench_keys", "tmux_play"):
        spec = importlib.util.spec_from_file_location(name, BENCH / f"{name}.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module  # their dataclasses look their module up
        spec.loader.exec_module(module)
    return sys.modules["tmux_play"]


def test_the_lines_compared_forget_the_roll_and_the_order_of_a_close() -> None:
    play = _tmux_play()
    assert play._said("Ann: roll 4") == "Ann: roll"
    one = play._said("Di: close red=Ann yellow=Di pink=Bob/family")
    assert one == play._said("Di: close pink=Bob/family red=Ann yellow=Di")
    assert play._said("Di: close red=Ann") != play._said("Di: close red=Bob")


def test_the_planner_writes_each_key_down_with_the_screen_before_it(tmp_path: Path) -> None:
    """A recorded game to its first closed deal: every key written down, and each screen the
    planner saw is one the pane reader knows from the same screen's characters."""
    play = _tmux_play()
    bench = sys.modules["bench_keys"]
    presses: list[Any] = []
    seen: dict[str, str] = {}

    class Looking(play.RecordingDriver):
        def moment(self) -> Any:
            moment = super().moment()
            seen.setdefault(moment.screen, screen_text(self.app))
            return moment

    game = asyncio.run(
        bench.replay(
            1, 4, (80, 24), tmp_path, deals=1, driver_for=lambda p, fast: Looking(p, presses, fast)
        )
    )
    assert len(presses) == game.total.keys > 0
    assert presses[0].key == "m" and presses[0].before.screen == "TableScreen"
    assert {"TableScreen", "SpaceDialog", "PrivacyScreen", "PriceDialog"} <= set(seen)
    for screen, text in seen.items():
        assert play.screen_on(text)[0] == screen, (screen, text)
    cover = next(p for p in presses if p.before.screen == "PrivacyScreen")
    assert play.screen_on(seen["PrivacyScreen"])[1] is not None
    assert cover.before.who in bench.NAMES
