"""``imtheboss check`` of a 1,000-line record, as a whole process (imports included).

    python bench/bench_check.py [--runs 7] [FILE]

The record is ``bench/record-1000.txt``: the first 1,000 lines of a long random 4-player game.
Each run is a fresh process; its CPU time (user + system, from ``os.wait4``) and wall time
are printed as medians. Run it pinned to one core (``taskset -c 1``). Never fails on timing.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import time
from pathlib import Path

RECORD = Path(__file__).resolve().parent / "record-1000.txt"


def once(command: list[str]) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of one run of ``command``."""
    started = time.perf_counter()
    proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - started
    if os.waitstatus_to_exitcode(status) not in (0, 1):
        raise SystemExit(f"{' '.join(command)} failed")
    return usage.ru_utime + usage.ru_stime, wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("file", nargs="?", default=str(RECORD))
    args = parser.parse_args()
    exe = shutil.which("imtheboss") or "imtheboss"
    lines = len(Path(args.file).read_text(encoding="utf-8").splitlines())
    runs = [once([exe, "check", args.file]) for _ in range(args.runs)]
    cpu = statistics.median(c for c, _ in runs)
    wall = statistics.median(w for _, w in runs)
    print(f"imtheboss check of {lines} lines: CPU median {cpu:.3f} s, wall median {wall:.3f} s")


if __name__ == "__main__":
    main()
