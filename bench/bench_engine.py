"""How fast the engine plays: complete random games, apply() and legal_actions() calls.

    python bench/bench_engine.py [--games N] [--players 4] [--seed 1]

Prints numbers; it never fails on timing. One process; run it pinned to one core
(``taskset -c 1``). Times are CPU time (``time.process_time``), so that other busy processes
on the machine do not inflate them; ``apply`` and ``legal_actions`` are timed call by call
(``time.thread_time_ns``, less the cost of reading the clock) and their medians printed.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
import tracemalloc

from imtheboss.bots.random_play import random_steps
from imtheboss.engine import GameState, Options, Setup, apply, legal_actions, new_game

NAMES = ("Ann", "Bob", "Cy", "Di", "Eve", "Flo")


def _fresh(state: GameState) -> GameState:
    """A copy without what the state remembers about itself (engines that have ``replace``)."""
    replace = getattr(state, "replace", None)
    return state if replace is None else replace()  # type: ignore[no-any-return]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    # 1. Whole games: the random player's choices plus the engine.
    states = []
    actions = []
    started = time.process_time()
    total = 0
    for game in range(args.games):
        seed = args.seed * 100_003 + game
        state = new_game(Setup(players=NAMES[: args.players], seed=seed, options=Options()))
        for before, action, _, _ in random_steps(state, random.Random(seed)):
            total += 1
            if game < 20:
                states.append(before)
                actions.append(action)
    elapsed = time.process_time() - started
    print(f"{args.games} random {args.players}-player games in {elapsed:.2f} s of CPU")
    print(f"  {args.games / elapsed:10.1f} games/s   {total / elapsed:10.0f} actions/s")
    print(f"  {total / args.games:10.1f} actions per game on average")

    # 2. apply() alone, replaying recorded (state, action) pairs, one call at a time.
    clock = time.thread_time_ns
    overhead = statistics.median(-clock() + clock() for _ in range(10_000))
    times = []
    # Fresh copies: facts a state remembers about itself (``memo``) must not be measured as
    # free because the game already asked for them.
    states = [_fresh(state) for state in states]
    for state, action in zip(states, actions, strict=True):
        t0 = clock()
        apply(state, action)
        times.append(clock() - t0 - overhead)
    print(
        f"  apply():          median {statistics.median(times) / 1000:6.2f} µs"
        f"   ({len(times) * 1e9 / sum(times):10.0f} calls/s)"
    )

    # 3. legal_actions() for every player in every recorded state.
    times = []
    for state in map(_fresh, states):
        for seat in range(state.n):
            t0 = clock()
            legal_actions(state, seat)
            times.append(clock() - t0 - overhead)
    print(
        f"  legal_actions():  median {statistics.median(times) / 1000:6.2f} µs"
        f"   ({len(times) * 1e9 / sum(times):10.0f} calls/s)"
    )

    # 4. Peak memory of one whole game, keeping every state (as undo and replay would).
    tracemalloc.start()
    state = new_game(Setup(players=NAMES[: args.players], seed=args.seed, options=Options()))
    kept = [after for _, _, after, _ in random_steps(state, random.Random(args.seed))]
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(f"  peak memory of one game keeping all {len(kept)} states: {peak / 1e6:.1f} MB")


if __name__ == "__main__":
    main()
