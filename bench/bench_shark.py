"""How strong and how fast the shark is.

    python bench/bench_shark.py [--parts 12] [--games 500] [--budgets 8,32,64,256]
                                [--timing-games 20] [--seed 1] [--jobs 2]

1. Win rates: one shark against three dealers (shark in seat 1), ``--games`` games at each
   of ``--budgets``, played with ``imtheboss simulate``'s own functions (``specs``, ``run``,
   ``summarise``) over ``--jobs`` processes. A shared win counts as a share (E3). Each rate
   comes with its 95 % confidence interval (Wilson); a fair seat wins 25 %.
2. Decision time of each bot: every ``decide`` call of every seat at a table of shark (at
   the default budget), dealer, random, dealer, over ``--timing-games`` games, one process,
   in CPU time (``time.thread_time``) so that other busy processes do not inflate it. For the
   shark, also the decisions it searched (the others are the dealer's moves, or repeats).

Prints numbers; it never fails on timing.
"""

from __future__ import annotations

import argparse
import math
import platform
import statistics
import time
from collections.abc import Sequence

from bench_bots import Timed  # every decide timed in CPU time (run as bench/bench_shark.py)

from imtheboss.bots import DEFAULT_BUDGET, Bot, SharkBot, make_bot, play_bots
from imtheboss.engine import Action, Options, PlayerView, Setup, new_game
from imtheboss.simulate import NAMES, run, specs, summarise

TABLE = ("shark", "dealer", "dealer", "dealer")
TIMING_TABLE = ("shark", "dealer", "random", "dealer")


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % confidence interval of a win rate (Wilson score interval)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def win_rates(games: int, budgets: Sequence[int], seed: int, jobs: int) -> None:
    print(
        f"1. shark (seat 1) against three dealers, {games} games each, seed {seed}, --jobs {jobs}"
    )
    print("   budget  wins     win rate  95% CI           shark money  dealers' money  wall s")
    for budget in budgets:
        spec_list = specs(games, TABLE, seed, [], budget)
        started = time.perf_counter()
        data = summarise(spec_list, run(spec_list, jobs)).as_json()
        elapsed = time.perf_counter() - started
        wins = data["wins_by_seat"][0]
        low, high = wilson(wins, games)
        money = data["average_money_by_seat"]
        dealers = statistics.fmean(money[1:])
        print(
            f"   {budget:>6}  {wins:7g}  {wins / games:8.1%}  {low:6.1%} – {high:6.1%}  "
            f"{f'${money[0]:.1f}M':>11}  {f'${dealers:.1f}M':>14}  {elapsed:6.0f}",
            flush=True,
        )


def _line(name: str, times: list[float]) -> str:
    ms = sorted(t * 1000 for t in times)
    if not ms:
        return f"   {name:<16} no decisions"
    p99 = ms[min(len(ms) - 1, int(len(ms) * 0.99))]
    return (
        f"   {name:<16} {len(ms):>7}  median {statistics.median(ms):8.3f} ms  "
        f"p99 {p99:8.3f} ms  max {ms[-1]:8.1f} ms"
    )


def decision_times(games: int, seed: int) -> None:
    times: dict[str, list[float]] = {kind: [] for kind in TIMING_TABLE}
    searched: list[float] = []
    started = time.perf_counter()
    for game in range(games):
        game_seed = seed * 1_000_003 + game
        setup = Setup(players=NAMES[: len(TIMING_TABLE)], seed=game_seed, options=Options())
        bots: list[Bot] = []
        for seat, kind in enumerate(TIMING_TABLE):
            bot = make_bot(kind, game_seed * 7 + seat)
            if isinstance(bot, SharkBot):
                bot = _SearchTimed(bot, times[kind], searched)
            else:
                bot = Timed(bot, times[kind])
            bots.append(bot)
        play_bots(new_game(setup), bots, game_seed)
    elapsed = time.perf_counter() - started
    print(
        f"2. decision time, {games} games of {','.join(TIMING_TABLE)} (shark budget "
        f"{DEFAULT_BUDGET}), CPU time per decide call ({elapsed:.0f} s wall clock in all)"
    )
    for kind in ("random", "dealer", "shark"):
        print(_line(kind, times[kind]))
    print(_line("shark, searched", searched))


class _SearchTimed(Timed):
    """The shark's calls, and apart the ones where it searched."""

    def __init__(self, inner: SharkBot, times: list[float], searched: list[float]) -> None:
        super().__init__(inner, times)
        self.shark, self.searched = inner, searched

    def decide(self, seen: PlayerView, legal: Sequence[Action]) -> Action | None:
        before = self.shark.searches
        choice = super().decide(seen, legal)
        if self.shark.searches > before:
            self.searched.append(self.times[-1])
        return choice


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500, help="games per budget")
    parser.add_argument("--budgets", default=f"8,32,{DEFAULT_BUDGET},256")
    parser.add_argument("--timing-games", type=int, default=20, help="games to time")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--parts", default="12", help="which parts to run, e.g. 2 (timings)")
    args = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}, {platform.system()}")
    if "1" in args.parts:
        budgets = [int(b) for b in args.budgets.split(",")]
        win_rates(args.games, budgets, args.seed, args.jobs)
    if "2" in args.parts:
        decision_times(args.timing_games, args.seed)


if __name__ == "__main__":
    main()
