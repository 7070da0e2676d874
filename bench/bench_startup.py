"""Startup to first frame of the table, against a bare Textual app measured the same way.

    python bench/bench_startup.py [--runs 5]

Each run is a fresh Python process (imports included, as a player would wait for them). The
app runs headless; "first frame" is when Textual hands control to the auto-pilot, after the
first screen is composed and mounted. Prints numbers; never fails on timing.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile

BARE = """
import time
t0 = time.perf_counter()
from textual.app import App
from textual.widgets import Static

class Bare(App):
    def compose(self):
        yield Static("hello")

async def ready(pilot):
    print(time.perf_counter() - t0)
    pilot.app.exit()

Bare().run(headless=True, auto_pilot=ready, size=(80, 24))
"""

TABLE = """
import time
t0 = time.perf_counter()
from pathlib import Path
from imtheboss.tui.app import BossApp, TableSettings

async def ready(pilot):
    await pilot.pause()
    print(time.perf_counter() - t0)
    pilot.app.exit()

settings = TableSettings(names=("Ann", "Bob", "Cy", "Di"), seed=1, save_dir=Path({save!r}))
BossApp(settings).run(headless=True, auto_pilot=ready, size=(80, 24))
"""


def measure(code: str, runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        out = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True
        ).stdout
        times.append(float(out.strip().splitlines()[-1]))
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as save:
        results = {
            "bare Textual app": measure(BARE, args.runs),
            "imtheboss table": measure(TABLE.format(save=save), args.runs),
        }
    for name, times in results.items():
        print(
            f"{name:18} median {statistics.median(times) * 1000:7.0f} ms  "
            f"(min {min(times) * 1000:.0f}, max {max(times) * 1000:.0f}, {len(times)} runs)"
        )


if __name__ == "__main__":
    main()
