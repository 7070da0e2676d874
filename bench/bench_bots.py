"""How fast and how good the bots are.

    python bench/bench_bots.py [--games 1000] [--timing-games 200] [--random-games 200]
                               [--seed 1] [--jobs 2]

1. The dealer's time per decision: every ``decide`` call of the two dealers at a 4-player
   table (dealer, dealer, random, random), over ``--timing-games`` games, one process. Timed
   in CPU time (``time.thread_time``), so that other busy processes on the machine do not
   inflate it; the wall-clock total is printed beside it.
2. The win-rate table of ``--games`` such games, played with ``imtheboss simulate``'s own
   functions (``specs``, ``run``, ``summarise``) over ``--jobs`` processes: wins per seat, per
   bot type, and average money. A shared win counts as a share (E3).
3. Complete 4-player games between four random bots per second, one process, one core (by
   CPU time, and by the wall clock).

Prints numbers; it never fails on timing.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import time
from collections.abc import Sequence

from imtheboss.bots import Bot, make_bot, play_bots
from imtheboss.engine import Action, Options, PlayerView, Setup, new_game
from imtheboss.simulate import NAMES, run, specs, summarise

TABLE = ("dealer", "dealer", "random", "random")


class Timed:
    """A bot whose every ``decide`` is timed."""

    def __init__(self, inner: Bot, times: list[float]) -> None:
        self.inner, self.times, self.name = inner, times, inner.name

    def decide(self, seen: PlayerView, legal: Sequence[Action]) -> Action | None:
        started = time.thread_time()
        choice = self.inner.decide(seen, legal)
        self.times.append(time.thread_time() - started)
        return choice


def _game(seed: int, kinds: Sequence[str], times: list[float] | None) -> int:
    setup = Setup(players=NAMES[: len(kinds)], seed=seed, options=Options())
    bots: list[Bot] = []
    for seat, kind in enumerate(kinds):
        bot = make_bot(kind, seed * 7 + seat)
        bots.append(Timed(bot, times) if times is not None and kind == "dealer" else bot)
    return len(play_bots(new_game(setup), bots, seed).actions)


def decision_times(games: int, seed: int) -> None:
    times: list[float] = []
    started = time.perf_counter()
    for game in range(games):
        _game(seed * 1_000_003 + game, TABLE, times)
    elapsed = time.perf_counter() - started
    ms = sorted(t * 1000 for t in times)
    p95 = ms[min(len(ms) - 1, int(len(ms) * 0.95))]
    p99 = ms[min(len(ms) - 1, int(len(ms) * 0.99))]
    p999 = ms[min(len(ms) - 1, int(len(ms) * 0.999))]
    print(f"1. dealer decisions: {len(ms)} in {games} games ({elapsed:.1f} s wall clock in all)")
    print(
        f"   mean {statistics.fmean(ms):.3f} ms   median {statistics.median(ms):.3f} ms   "
        f"95th percentile {p95:.3f} ms   99th {p99:.3f} ms   99.9th {p999:.3f} ms   "
        f"max {ms[-1]:.2f} ms (GC pauses included)"
    )


def win_rates(games: int, seed: int, jobs: int) -> None:
    spec_list = specs(games, TABLE, seed, [])
    started = time.perf_counter()
    summary = summarise(spec_list, run(spec_list, jobs))
    elapsed = time.perf_counter() - started
    data = summary.as_json()
    print(f"2. {games} games, 4 players, seed {seed}, --jobs {jobs}: {elapsed:.1f} s")
    print("   seat  bot      wins    win rate  average money")
    for seat, bot in enumerate(TABLE):
        wins = data["wins_by_seat"][seat]
        money = data["average_money_by_seat"][seat]
        print(f"   {seat + 1:<4}  {bot:<7} {wins:7g}  {wins / games:8.1%}  {f'${money:.1f}M':>13}")
    for bot, rate in data["win_rate_by_bot"].items():
        seats = [s for s, b in enumerate(TABLE) if b == bot]
        money = statistics.fmean(data["average_money_by_seat"][s] for s in seats)
        print(f"   {bot}: wins {rate:.1%} of its seats' games, ${money:.1f}M on average")
    print(
        f"   per game: {data['deals_closed_per_game']} deals closed, "
        f"{data['deals_failed_per_game']} failed, {data['turns_per_game']} turns, "
        f"{data['actions_per_game']} actions"
    )


def random_games(games: int, seed: int) -> None:
    started, cpu = time.perf_counter(), time.process_time()
    actions = sum(_game(seed * 100_003 + g, ("random",) * 4, None) for g in range(games))
    elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu
    print(
        f"3. {games} complete 4-player games of four random bots, one core: "
        f"{cpu:.1f} s of CPU ({elapsed:.1f} s wall clock)"
    )
    print(
        f"   {games / cpu:.2f} games/s   {actions / cpu:.0f} actions/s   "
        f"{actions / games:.0f} actions per game   (wall clock: {games / elapsed:.2f} games/s)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games for the win rates")
    parser.add_argument("--timing-games", type=int, default=200, help="games to time")
    parser.add_argument("--random-games", type=int, default=200, help="random games to time")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--parts", default="123", help="which parts to run, e.g. 13 (timings only)")
    args = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}, {platform.system()}")
    if "1" in args.parts:
        decision_times(args.timing_games, args.seed)
    if "2" in args.parts:
        win_rates(args.games, args.seed, args.jobs)
    if "3" in args.parts:
        random_games(args.random_games, args.seed)


if __name__ == "__main__":
    main()
