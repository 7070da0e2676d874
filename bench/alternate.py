"""The table of random bots in two or more checkouts, run in turn (A B A B … or A B C A B C …).

    python bench/alternate.py FIRST_DIR OTHER_DIR [MORE_DIRS …] [--rounds 5] [--games 60]

Each directory is a checkout of the game with its own ``.venv`` (``git worktree add --detach
../before e143f08`` then ``python3 -m venv .venv && .venv/bin/pip install -e .``). Each run is
``bench/bench_bots.py --parts 3`` of that checkout, on the same ``--games`` seeds, pinned
to one core (``taskset -c 1`` where there is one), timed in CPU time by the script itself.
This shared machine's speed drifts by ±20 % within a minute, so a comparison means something
only between runs made one right after the other: each round runs every checkout once, and
each checkout's ratio to the first is taken within the round; the per-round ratios and their
medians are printed. Keep a slow checkout's runs short (``--games 30``: about 9 s for the code
before issue 10), so that a round does not span a swing. It never fails on timing.
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


def run(checkout: Path, games: int, seed: int = 1) -> float:
    """Games per second of CPU time of one run of ``checkout``'s part 3."""
    command = [
        str(checkout / ".venv" / "bin" / "python"),
        str(checkout / "bench" / "bench_bots.py"),
        "--parts",
        "3",
        "--random-games",
        str(games),
        "--seed",
        str(seed),
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
    parser.add_argument("checkouts", type=Path, nargs="+", metavar="DIR")
    parser.add_argument("--rounds", "--pairs", type=int, default=5)
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1, help="bench_bots.py's --seed")
    args = parser.parse_args()
    if len(args.checkouts) < 2:
        parser.error("name at least two checkouts to compare")
    first, *others = args.checkouts
    speeds: dict[Path, list[float]] = {d: [] for d in args.checkouts}
    for round_ in range(1, args.rounds + 1):
        for checkout in args.checkouts:
            speeds[checkout].append(run(checkout, args.games, args.seed))
        base = speeds[first][-1]
        each = "   ".join(
            f"{d.name}: {speeds[d][-1]:6.2f} ({speeds[d][-1] / base:.2f}×)" for d in others
        )
        print(f"round {round_}: {first.name}: {base:6.2f} games/s   {each}", flush=True)
    for checkout in others:
        ratios = sorted(a / b for a, b in zip(speeds[checkout], speeds[first], strict=True))
        print(
            f"{checkout} against {first}: medians {statistics.median(speeds[first]):.2f} → "
            f"{statistics.median(speeds[checkout]):.2f} games/s; per-round ratios "
            f"{ratios[0]:.2f}–{ratios[-1]:.2f}× (median {statistics.median(ratios):.2f}×)"
        )


if __name__ == "__main__":
    main()
