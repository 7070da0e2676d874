"""Instructions, not seconds: the engine's hot paths counted by callgrind, checkout by checkout.

    python bench/instructions.py CHECKOUT [CHECKOUT ...]

On the shared development machine a round of ``bench/alternate.py`` swings by ±20 %, so a
change of 1 % cannot be seen in seconds. ``valgrind --tool=callgrind`` counts the
instructions a process executes, which do not depend on the machine's load (with
``PYTHONHASHSEED=0`` they repeat to a few instructions). Each part runs in a fresh process
of this interpreter with ``PYTHONPATH`` at the checkout's ``src``, twice (a smaller and a
larger amount of work), and the difference is printed, so that the start-up, the imports and
the compiling of bytecode cancel out:

- ``games``: 8 random 4-player games (``bench_engine.py``'s part 1, and its games against
  catanatron: the random player's choices and the engine), the seeds 3 to 10;
- ``apply``: ``apply`` of every recorded (state, action) of 6 random 4-player games, on
  copies that remember nothing (``bench_engine.py``'s part 2), the garbage collector off
  (``bench_engine.py`` takes the median call, which a collection does not move);
- ``legal``: ``legal_actions`` of every seat in the same states (part 3);
- ``table``: 4 games of four random bots (``bench_bots.py``'s part 3, its seeds 2 to 5).

The games must be the same in every checkout for the counts to compare (a change of rules
changes them: ``bench/table_hashes.py``). Needs valgrind; runs for a minute or two a checkout.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

STATES = """
import gc, random, sys
from imtheboss.bots.random_play import random_steps
from imtheboss.engine import Options, Setup, apply, legal_actions, new_game
states, actions = [], []
for game in range(6):
    seed = 100_003 + game
    state = new_game(Setup(players=("Ann", "Bob", "Cy", "Di"), seed=seed, options=Options()))
    for before, action, _, _ in random_steps(state, random.Random(seed)):
        states.append(before)
        actions.append(action)
fresh = [state.replace() for state in states]
gc.disable()  # a collection would land in one run and not the other
if sys.argv[1] == "apply":
    for state, action in zip(fresh, actions):
        apply(state, action)
elif sys.argv[1] == "legal":
    for state in fresh:
        for seat in range(state.n):
            legal_actions(state, seat)
"""

GAMES = """
import random, sys
from imtheboss.bots.random_play import random_steps
from imtheboss.engine import Setup, new_game
for game in range(int(sys.argv[1])):
    seed = 100_003 + game
    state = new_game(Setup(players=("Ann", "Bob", "Cy", "Di"), seed=seed))
    for _ in random_steps(state, random.Random(seed)):
        pass
"""

TABLE = """
import sys
from imtheboss.bots import make_bot, play_bots
from imtheboss.engine import Options, Setup, new_game
for game in range(int(sys.argv[1])):
    seed = 100_003 + game
    bots = [make_bot("random", seed * 7 + seat) for seat in range(4)]
    setup = Setup(players=("Ann", "Bob", "Cy", "Di"), seed=seed, options=Options())
    play_bots(new_game(setup), bots, seed)
"""

#: Each part: (its script, the smaller run's argument, the larger run's).
PARTS = {
    "games": (GAMES, "2", "10"),
    "apply": (STATES, "none", "apply"),
    "legal": (STATES, "none", "legal"),
    "table": (TABLE, "1", "5"),
}


def instructions(checkout: Path, script: str, argument: str, cache: str) -> int:
    """The instructions callgrind counted in one run of ``script`` against ``checkout``."""
    env = dict(os.environ, PYTHONHASHSEED="0", PYTHONPATH=str(checkout / "src"))
    env["PYTHONPYCACHEPREFIX"] = cache
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    command = [sys.executable, "-c", script, argument]
    subprocess.run(command, check=True, env=env, capture_output=True)  # bytecode, unmeasured
    return callgrind(command, env)


def callgrind(command: list[str], env: dict[str, str], options: tuple[str, ...] = ()) -> int:
    """The instructions callgrind counts in one run of ``command`` (also the startup bench's
    measure of a first frame; ``options``: callgrind's own, e.g. game_split's toggles)."""
    with tempfile.NamedTemporaryFile() as out:
        valgrind = ["valgrind", "--tool=callgrind", *options, f"--callgrind-out-file={out.name}"]
        run = subprocess.run(
            [*valgrind, *command],
            check=True,
            env=env,
            capture_output=True,
            text=True,
        )
    found = re.search(r"Collected : (\d+)", run.stderr)
    assert found is not None, run.stderr
    return int(found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("checkouts", nargs="+", type=Path)
    parser.add_argument("--parts", default=",".join(PARTS), help="e.g. legal,table")
    args = parser.parse_args()
    parts = args.parts.split(",")
    counts: dict[str, list[int]] = {part: [] for part in parts}
    with tempfile.TemporaryDirectory() as cache:
        for checkout in args.checkouts:
            for part in parts:
                script, small, large = PARTS[part]
                count = instructions(checkout, script, large, cache) - instructions(
                    checkout, script, small, cache
                )
                counts[part].append(count)
                ratio = count / counts[part][0]
                print(f"{checkout}  {part:6} {count / 1e6:9.1f} M instructions  {ratio:.4f}×")


if __name__ == "__main__":
    main()
