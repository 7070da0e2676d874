"""The table of random bots in two checkouts, run one after the other (A B A B …).

    python bench/alternate.py BEFORE_DIR AFTER_DIR [--pairs 5] [--games 60]

Each directory is a checkout of the game with its own ``.venv`` (``git worktree add --detach
../before e143f08`` then ``python3 -m venv .venv && .venv/bin/pip install -e .``). Each run is
``bench/bench_bots.py --parts 3`` of that checkout, on the same first ``--games`` seeds, pinned
to one core (``taskset -c 1`` where there is one), timed in CPU time by the script itself.
This shared machine's speed drifts by ±15 % from minute to minute, so a comparison means
something only as alternated pairs: the per-pair ratios and the medians are printed. It never
fails on timing.
"""

from __future__ import annotations

import argparse
import re
import shutil
import statistics
import subprocess
import sys
from pathlib import Path

GAMES_PER_SECOND = re.compile(r"^\s*([0-9.]+) games/s", re.MULTILINE)


def run(checkout: Path, games: int) -> float:
    """Games per second of CPU time of one run of ``checkout``'s part 3."""
    command = [
        str(checkout / ".venv" / "bin" / "python"),
        str(checkout / "bench" / "bench_bots.py"),
        "--parts",
        "3",
        "--random-games",
        str(games),
    ]
    if shutil.which("taskset"):
        command = ["taskset", "-c", "1", *command]
    out = subprocess.run(command, cwd=checkout, capture_output=True, text=True, check=True)
    found = GAMES_PER_SECOND.search(out.stdout)
    if found is None:
        sys.exit(f"no games/s in the output of {checkout}:\n{out.stdout}{out.stderr}")
    return float(found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before", type=Path)
    parser.add_argument("after", type=Path)
    parser.add_argument("--pairs", type=int, default=5)
    parser.add_argument("--games", type=int, default=60)
    args = parser.parse_args()
    before: list[float] = []
    after: list[float] = []
    for pair in range(1, args.pairs + 1):
        before.append(run(args.before, args.games))
        after.append(run(args.after, args.games))
        print(
            f"pair {pair}: {before[-1]:6.2f} → {after[-1]:6.2f} games/s "
            f"({after[-1] / before[-1]:.2f}×)",
            flush=True,
        )
    ratios = sorted(a / b for a, b in zip(after, before, strict=True))
    low, high, middle = (
        statistics.median(before),
        statistics.median(after),
        statistics.median(ratios),
    )
    print(
        f"medians: {low:.2f} → {high:.2f} games/s ({high / low:.2f}×); "
        f"per-pair ratios {ratios[0]:.2f}–{ratios[-1]:.2f}× (median {middle:.2f}×)"
    )


if __name__ == "__main__":
    main()
