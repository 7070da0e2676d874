"""One hash per seeded game of bots: proof that a change to the engine or the bots' insides
left every game as it was.

    python bench/table_hashes.py > after.txt     # in each checkout, then: diff before.txt after.txt

78 games: random bots at four seats (the seeds of ``bench_bots.py`` part 3), dealers with
random bots, random bots at 3–6 seats with each variant, five dealers and a random bot, and a
shark (budget 2) with a dealer and a random bot. A line is the SHA-256 of every action's
``repr``, in order. The golden test (tests/test_golden.py) fixes the engine's rules; this fixes
the bots' play on top of them, which the golden test does not see.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

from imtheboss.bots import make_bot, play_bots
from imtheboss.engine import Options, Setup, Variant, new_game
from imtheboss.simulate import NAMES


def game_hash(seed: int, kinds: Sequence[str], options: Options | None = None) -> str:
    setup = Setup(players=NAMES[: len(kinds)], seed=seed, options=options or Options())
    bots = [
        make_bot(kind, seed * 7 + seat, 2) if kind == "shark" else make_bot(kind, seed * 7 + seat)
        for seat, kind in enumerate(kinds)
    ]
    actions = play_bots(new_game(setup), bots, seed).actions
    return hashlib.sha256(repr([repr(a) for a in actions]).encode()).hexdigest()[:16]


def main() -> None:
    variants = list(Variant)
    for g in range(40):
        print(game_hash(100_003 + g, ("random",) * 4))
    for g in range(20):
        print(game_hash(5000 + g, ("dealer", "dealer", "random", "random")))
    for g in range(10):
        variant = frozenset({variants[g % len(variants)]})
        print(game_hash(7000 + g, ("random",) * (3 + g % 4), Options(variants=variant)))
    for g in range(6):
        print(game_hash(9000 + g, ("dealer",) * 5 + ("random",)))
    for g in range(2):
        print(game_hash(11000 + g, ("shark", "dealer", "random")))


if __name__ == "__main__":
    main()
