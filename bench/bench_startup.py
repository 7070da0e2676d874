"""Startup to first frame of the table, against a bare Textual app measured the same way.

    python bench/bench_startup.py [--runs 5] [--checkout DIR ...] [--callgrind]

Each run is a fresh Python process (imports included, as a player would wait for them). The
app runs headless; "first frame" is when Textual hands control to the auto-pilot, after the
first screen is composed and mounted. The two apps are measured as alternated pairs in one
run, so that a busy spell of the machine hits both alike; each child reports its CPU time
(``time.process_time``, which includes the imports) and its wall time. Run it pinned to one
core (``taskset -c 1``). Prints numbers; never fails on timing.

Compiled bytecode: a player's installed copy (``pip install``) has its modules compiled once,
at install, as Textual's are. The children therefore run with a bytecode cache of their own
(``PYTHONPYCACHEPREFIX`` in a temporary directory, ``PYTHONDONTWRITEBYTECODE`` dropped), and one
unmeasured run of each app fills it first; otherwise an editable checkout under
``PYTHONDONTWRITEBYTECODE=1`` would compile the game's ~80 modules in every run while the bare
app reads Textual's ready bytecode. ``--no-bytecode`` measures that way all the same.

``--checkout DIR`` (repeatable) measures the table of another copy of the source as well
(``PYTHONPATH`` at ``DIR/src``; e.g. main's, from ``git archive``), in the same alternation: the
bare app, this checkout's table, then each other one's, round after round.

``--callgrind``: on a machine busy with other work CPU time swings by a factor of two, so each
app is run once under ``valgrind --tool=callgrind`` (``PYTHONHASHSEED=0``) instead, and the
instructions to its first frame are printed: the child ends with ``os._exit`` the moment it
reads its clock, so that neither the exit nor the teardown is counted.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

import instructions  # bench/, the script's own folder: its callgrind count

BARE = """
import os, time
t0 = time.perf_counter()
c0 = time.process_time()
from textual.app import App
from textual.widgets import Static

class Bare(App):
    def compose(self):
        yield Static("hello")

async def ready(pilot):
    print(time.process_time(), time.perf_counter() - t0, flush=True)
    if os.environ.get("BENCH_EXIT_AT_FRAME"):
        os._exit(0)
    pilot.app.exit()

Bare().run(headless=True, auto_pilot=ready, size=(80, 24))
"""

TABLE = """
import os, time
t0 = time.perf_counter()
c0 = time.process_time()
from pathlib import Path
from imtheboss.tui.app import BossApp, TableSettings

async def ready(pilot):
    await pilot.pause()
    print(time.process_time(), time.perf_counter() - t0, flush=True)
    if os.environ.get("BENCH_EXIT_AT_FRAME"):
        os._exit(0)
    pilot.app.exit()

settings = TableSettings(names=("Ann", "Bob", "Cy", "Di"), seed=1, save_dir=Path({save!r}))
BossApp(settings).run(headless=True, auto_pilot=ready, size=(80, 24))
"""


def measure(code: str, env: dict[str, str], callgrind: bool = False) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of one fresh process up to its first frame; under
    ``callgrind``, (instructions, 0)."""
    command = [sys.executable, "-c", code]
    if not callgrind:
        out = subprocess.run(command, capture_output=True, text=True, check=True, env=env).stdout
        cpu, wall = out.strip().splitlines()[-1].split()
        return float(cpu), float(wall)
    env = dict(env, PYTHONHASHSEED="0", BENCH_EXIT_AT_FRAME="1")
    return float(instructions.callgrind(command, env)), 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument(
        "--no-bytecode",
        action="store_true",
        help="no bytecode cache: every run compiles the modules that have none (see above)",
    )
    parser.add_argument(
        "--checkout",
        action="append",
        default=[],
        type=Path,
        help="another copy of the source (its src/ is put on PYTHONPATH), measured alike",
    )
    parser.add_argument(
        "--callgrind", action="store_true", help="instructions to the first frame (valgrind)"
    )
    args = parser.parse_args()
    runs = 1 if args.callgrind and args.runs == 5 else args.runs
    with tempfile.TemporaryDirectory() as save, tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ)
        if args.no_bytecode:
            env["PYTHONDONTWRITEBYTECODE"] = "1"
        else:
            env.pop("PYTHONDONTWRITEBYTECODE", None)
        apps: dict[str, tuple[str, dict[str, str]]] = {"bare Textual app": (BARE, env)}
        apps["imtheboss table"] = (TABLE.format(save=save), env)
        for checkout in args.checkout:
            other = dict(env, PYTHONPATH=str(checkout.resolve() / "src"))
            apps[f"table of {checkout}"] = (TABLE.format(save=save), other)
        if not args.no_bytecode:
            for name, (code, app_env) in apps.items():
                # Each checkout a cache of its own: the same module names, other sources.
                app_env["PYTHONPYCACHEPREFIX"] = os.path.join(cache, str(len(name)), name[:8])
                measure(code, app_env)  # fill the cache, unmeasured
        results: dict[str, list[tuple[float, float]]] = {name: [] for name in apps}
        for _ in range(runs):
            for name, (code, app_env) in apps.items():
                results[name].append(measure(code, app_env, args.callgrind))
    bare = results["bare Textual app"]
    width = max(map(len, results))
    for name, pairs in results.items():
        first = [c for c, _ in pairs]
        if args.callgrind:
            line = f"{name:{width}} {statistics.median(first) / 1e6:9.1f} M instructions"
        else:
            wall = [w for _, w in pairs]
            line = (
                f"{name:{width}} CPU median {statistics.median(first) * 1000:5.0f} ms "
                f"(min {min(first) * 1000:.0f}, max {max(first) * 1000:.0f})   "
                f"wall median {statistics.median(wall) * 1000:5.0f} ms   {len(pairs)} runs"
            )
        if pairs is not bare:
            ratios = [t[0] / b[0] for b, t in zip(bare, pairs, strict=True)]
            line += f"   ÷ bare, median of the pairs: {statistics.median(ratios):.2f}×"
        print(line)


if __name__ == "__main__":
    main()
