"""How fast the engine plays: complete random games, apply() and legal_actions() calls.

    python bench/bench_engine.py [--games N] [--players 4] [--seed 1] [--board NAME]
                                 [--catanatron PYTHON] [--rounds 3]

Prints numbers; it never fails on timing. One process; run it pinned to one core
(``taskset -c 1``). Times are CPU time (``time.process_time``), so that other busy processes
on the machine do not inflate them; ``apply`` and ``legal_actions`` are timed call by call
(``time.thread_time_ns``, less the cost of reading the clock) and their medians printed.

``--board NAME``: a built-in board (``transcribed``, the default of new games since issue 21);
left out, the reconstruction (every space one group), which the figures before it were taken
on, so that a checkout from before the option can be run beside it.

``--catanatron PYTHON``: the yardstick of issue 20, random 4-player games of catanatron
(``pip install catanatron==3.2.1`` into a virtualenv of its own, never into the game's:
``PYTHON`` is that virtualenv's interpreter). Its games run in a child process, pinned like
this one, alternated with this engine's games (``--rounds`` rounds of A B), and each child
reports the CPU time of its games alone (imports excluded); the ratios are taken within each
round, since the shared machine's speed drifts from one minute to the next.
"""

from __future__ import annotations

import argparse
import random
import shutil
import statistics
import subprocess
import time
import tracemalloc

from imtheboss.bots.random_play import random_steps
from imtheboss.engine import GameState, Options, Setup, apply, legal_actions, new_game

NAMES = ("Ann", "Bob", "Cy", "Di", "Eve", "Flo")


def _fresh(state: GameState) -> GameState:
    """A copy without what the state remembers about itself (engines that have ``replace``)."""
    replace = getattr(state, "replace", None)
    return state if replace is None else replace()  # type: ignore[no-any-return]


#: catanatron's random 4-player games, timed in its own process (``--catanatron``).
CATANATRON = """
import sys, time
from catanatron import Color, Game, RandomPlayer
games, seed = int(sys.argv[1]), int(sys.argv[2])
colours = (Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE)
started, total = time.process_time(), 0
for game in range(games):
    played = Game([RandomPlayer(c) for c in colours], seed=seed * 100_003 + game)
    played.play()
    total += len(played.state.actions)
print(time.process_time() - started, total)
"""


def _random_games(games: int, players: int, seed: int) -> tuple[float, int]:
    """(CPU seconds, actions) of ``games`` complete random games of this engine."""
    started = time.process_time()
    total = 0
    for game in range(games):
        state = new_game(Setup(players=NAMES[:players], seed=seed * 100_003 + game))
        for _ in random_steps(state, random.Random(seed * 100_003 + game)):
            total += 1
    return time.process_time() - started, total


def _catanatron_games(python: str, games: int, seed: int) -> tuple[float, int]:
    """(CPU seconds, actions) of ``games`` random 4-player games of catanatron."""
    command = [python, "-c", CATANATRON, str(games), str(seed)]
    if shutil.which("taskset"):
        command = ["taskset", "-c", "1", *command]
    out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    seconds, actions = out.split()
    return float(seconds), int(actions)


def against_catanatron(python: str, rounds: int, games: int, seed: int) -> None:
    """Random 4-player games/s and actions/s, this engine's to catanatron's, per round."""
    game_ratios, action_ratios = [], []
    for round_ in range(1, rounds + 1):
        ours, our_actions = _random_games(games, 4, seed + round_)
        theirs, their_actions = _catanatron_games(python, max(1, games // 3), seed + round_)
        our_games, their_games = games / ours, max(1, games // 3) / theirs
        game_ratios.append(our_games / their_games)
        action_ratios.append((our_actions / ours) / (their_actions / theirs))
        print(
            f"round {round_}: imtheboss {our_games:6.1f} games/s {our_actions / ours:8.0f} "
            f"actions/s   catanatron {their_games:6.1f} games/s {their_actions / theirs:8.0f} "
            f"actions/s   ({game_ratios[-1]:.2f}×, {action_ratios[-1]:.2f}×)",
            flush=True,
        )
    print(
        f"against catanatron, medians of {rounds} rounds: games/s "
        f"{statistics.median(game_ratios):.2f}× (target ≥ 2.5×), actions/s "
        f"{statistics.median(action_ratios):.2f}× (target ≥ 1×)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--catanatron", metavar="PYTHON", help="compare with catanatron (above)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds against catanatron")
    parser.add_argument("--board", help="a built-in board (default: the reconstruction)")
    args = parser.parse_args()
    board = None
    if args.board:
        from imtheboss.engine.board import built_in_board

        board = built_in_board(args.board)
        if board is None:
            parser.error(f"no built-in board {args.board!r}")
    if args.catanatron:
        against_catanatron(args.catanatron, args.rounds, args.games, args.seed)
        return

    # 1. Whole games: the random player's choices plus the engine.
    states = []
    actions = []
    started = time.process_time()
    total = 0
    for game in range(args.games):
        seed = args.seed * 100_003 + game
        setup = Setup(players=NAMES[: args.players], seed=seed, options=Options(), board=board)
        state = new_game(setup)
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
