"""Where a random game's instructions go: ``apply``, the engine's answers, the random player.

    python bench/game_split.py CHECKOUT [CHECKOUT ...] [--each]

``bench/instructions.py`` counts whole random games; this splits the same 8 games (the seeds
``instructions.py`` plays) by who executes the instructions. Each part runs the games once
under ``valgrind --tool=callgrind --toggle-collect=starmap_next`` with the engine's functions
the random player calls replaced by ones that call them through ``itertools.starmap``, so
that only the instructions inside those calls are counted (the engine never uses
``starmap``, so nothing else toggles):

- ``apply``: every ``apply``, the ones that are played and the random player's trials
  (``RandomPlayer._useful`` tries a move and keeps its outcome);
- ``asked``: what the player asks of the engine besides: the kinds and the legal lists
  (``legal_kinds``, ``legal_of_kind``), the Boss's closes (``close_actions``), the endings
  of a long deal (``boss_endings``), who may act (``actors``), and what a deal still needs
  (``colours_covered``, ``price_room``, ``price_fits``);
- ``games``: the whole games, nothing replaced (the game loop counted through one call);
- the random player's own share is ``games`` less the other two;
- ``--each``: each function of ``asked`` counted alone too.

Like ``instructions.py`` each part is counted for 2 and for 10 games and the difference
printed, so that the first game's one-time work (compiling the values' ``__init__``) cancels
out, with ``PYTHONHASHSEED=0`` and bytecode compiled first. A player's view is not part of a
random game (no bot looks at one). Needs valgrind; a few minutes a checkout.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import instructions  # bench/, the script's own folder: its callgrind count

SCRIPT = """
import random, sys
from itertools import starmap
import imtheboss.bots.random_play as rp
from imtheboss.engine import Setup, new_game
games, part = int(sys.argv[1]), sys.argv[2]
PARTS = {
    "apply": ("apply",),
    "asked": ("legal_kinds", "legal_of_kind", "close_actions", "boss_endings", "actors",
              "colours_covered", "price_room", "price_fits"),
    "games": (),
}
PARTS.update((name, (name,)) for name in PARTS["asked"])
def counted(function):
    def call(*args):
        return next(starmap(function, (args,)))
    return call
for name in PARTS[part]:
    setattr(rp, name, counted(getattr(rp, name)))
def play(games):
    for game in range(games):
        seed = 100_003 + game
        state = new_game(Setup(players=("Ann", "Bob", "Cy", "Di"), seed=seed))
        for _ in rp.random_steps(state, random.Random(seed)):
            pass
if part == "games":
    next(starmap(play, ((games,),)))
else:
    play(games)
"""

PARTS = ("games", "apply", "asked")
#: ``--each``: the functions of ``asked``, each counted alone.
ASKED = (
    "legal_kinds",
    "legal_of_kind",
    "close_actions",
    "boss_endings",
    "actors",
    "colours_covered",
    "price_room",
    "price_fits",
)


def counted(checkout: Path, games: int, part: str, cache: str) -> int:
    """The instructions inside the toggled calls of one run of ``games`` games."""
    env = dict(os.environ, PYTHONHASHSEED="0", PYTHONPATH=str(checkout / "src"))
    env["PYTHONPYCACHEPREFIX"] = cache
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    command = [sys.executable, "-c", SCRIPT, str(games), part]
    subprocess.run(command, check=True, env=env, capture_output=True)  # bytecode, unmeasured
    return instructions.callgrind(command, env, ("--toggle-collect=starmap_next",))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("checkouts", nargs="+", type=Path)
    parser.add_argument("--each", action="store_true", help="also each function asked, alone")
    args = parser.parse_args()
    parts = PARTS + (ASKED if args.each else ())
    with tempfile.TemporaryDirectory() as cache:
        for checkout in args.checkouts:
            count = {
                part: counted(checkout, 10, part, cache) - counted(checkout, 2, part, cache)
                for part in parts
            }
            count["player"] = count["games"] - count["apply"] - count["asked"]
            for part in ("games", "apply", "asked", "player", *parts[len(PARTS) :]):
                share = count[part] / count["games"]
                print(f"{checkout}  {part:6} {count[part] / 1e6:9.1f} M instructions  {share:6.1%}")


if __name__ == "__main__":
    main()
