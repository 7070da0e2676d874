"""Startup to first frame of the table, against a bare Textual app measured the same way.

    python bench/bench_startup.py [--runs 5]

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
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile

BARE = """
import time
t0 = time.perf_counter()
c0 = time.process_time()
from textual.app import App
from textual.widgets import Static

class Bare(App):
    def compose(self):
        yield Static("hello")

async def ready(pilot):
    print(time.process_time(), time.perf_counter() - t0)
    pilot.app.exit()

Bare().run(headless=True, auto_pilot=ready, size=(80, 24))
"""

TABLE = """
import time
t0 = time.perf_counter()
c0 = time.process_time()
from pathlib import Path
from imtheboss.tui.app import BossApp, TableSettings

async def ready(pilot):
    await pilot.pause()
    print(time.process_time(), time.perf_counter() - t0)
    pilot.app.exit()

settings = TableSettings(names=("Ann", "Bob", "Cy", "Di"), seed=1, save_dir=Path({save!r}))
BossApp(settings).run(headless=True, auto_pilot=ready, size=(80, 24))
"""


def measure(code: str, env: dict[str, str]) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of one fresh process up to its first frame."""
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env
    ).stdout
    cpu, wall = out.strip().splitlines()[-1].split()
    return float(cpu), float(wall)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument(
        "--no-bytecode",
        action="store_true",
        help="no bytecode cache: every run compiles the modules that have none (see above)",
    )
    args = parser.parse_args()
    results: dict[str, list[tuple[float, float]]] = {"bare Textual app": [], "imtheboss table": []}
    with tempfile.TemporaryDirectory() as save, tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ)
        if args.no_bytecode:
            env["PYTHONDONTWRITEBYTECODE"] = "1"
        else:
            env.pop("PYTHONDONTWRITEBYTECODE", None)
            env["PYTHONPYCACHEPREFIX"] = cache
            measure(BARE, env)  # fill the cache, unmeasured
            measure(TABLE.format(save=save), env)
        for _ in range(args.runs):
            results["bare Textual app"].append(measure(BARE, env))
            results["imtheboss table"].append(measure(TABLE.format(save=save), env))
    for name, pairs in results.items():
        cpu = [c for c, _ in pairs]
        wall = [w for _, w in pairs]
        print(
            f"{name:18} CPU median {statistics.median(cpu) * 1000:5.0f} ms "
            f"(min {min(cpu) * 1000:.0f}, max {max(cpu) * 1000:.0f})   "
            f"wall median {statistics.median(wall) * 1000:5.0f} ms   {len(pairs)} runs"
        )
    ratios = [t[0] / b[0] for b, t in zip(*results.values(), strict=True)]
    print(f"table / bare, CPU, median of the pairs: {statistics.median(ratios):.2f}×")


if __name__ == "__main__":
    main()
