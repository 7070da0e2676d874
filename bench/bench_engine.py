"""How fast the engine plays: complete random games, apply() and legal_actions() calls.

    python bench/bench_engine.py [--games N] [--players 4] [--seed 1]

Prints numbers; it never fails on timing. One process, one core.
"""

from __future__ import annotations

import argparse
import random
import time
import tracemalloc

from imtheboss.bots.random_play import random_steps
from imtheboss.engine import Options, Setup, apply, legal_actions, new_game

NAMES = ("Ann", "Bob", "Cy", "Di", "Eve", "Flo")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    # 1. Whole games: the random player's choices plus the engine.
    states = []
    actions = []
    started = time.perf_counter()
    total = 0
    for game in range(args.games):
        seed = args.seed * 100_003 + game
        state = new_game(Setup(players=NAMES[: args.players], seed=seed, options=Options()))
        for before, action, _, _ in random_steps(state, random.Random(seed)):
            total += 1
            if game < 20:
                states.append(before)
                actions.append(action)
    elapsed = time.perf_counter() - started
    print(f"{args.games} random {args.players}-player games in {elapsed:.2f} s")
    print(f"  {args.games / elapsed:10.1f} games/s   {total / elapsed:10.0f} actions/s")
    print(f"  {total / args.games:10.1f} actions per game on average")

    # 2. apply() alone, replaying recorded (state, action) pairs.
    started = time.perf_counter()
    for state, action in zip(states, actions, strict=True):
        apply(state, action)
    elapsed = time.perf_counter() - started
    print(f"  apply():          {len(states) / elapsed:10.0f} calls/s")

    # 3. legal_actions() for every player in every recorded state.
    started = time.perf_counter()
    calls = 0
    for state in states:
        for seat in range(state.n):
            legal_actions(state, seat)
            calls += 1
    elapsed = time.perf_counter() - started
    print(f"  legal_actions():  {calls / elapsed:10.0f} calls/s")

    # 4. Peak memory of one whole game, keeping every state (as undo and replay would).
    tracemalloc.start()
    state = new_game(Setup(players=NAMES[: args.players], seed=args.seed, options=Options()))
    kept = [after for _, _, after, _ in random_steps(state, random.Random(args.seed))]
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(f"  peak memory of one game keeping all {len(kept)} states: {peak / 1e6:.1f} MB")


if __name__ == "__main__":
    main()
