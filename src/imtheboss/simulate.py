"""``imtheboss simulate``: many bot games without a UI, and what they show.

Every game is decided by its own seed (``seed * 1_000_003 + game``), and the results are added
up in game order, so the table is the same whatever ``--jobs`` says.
"""

from __future__ import annotations

import itertools
import json
import multiprocessing
import re
import signal
import threading
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from .boardfile import board_from
from .bots import make_bot, play_bots
from .engine import actions as A
from .engine.board import TRANSCRIBED
from .engine.events import DealClosed, DealFailed, DieRolled, GameOver, TurnBegan
from .engine.options import Options, Variant
from .engine.setup import Setup, new_game
from .i18n import N_, _

NAMES = ("Ann", "Bob", "Cy", "Di", "Eve", "Flo")
#: The names are the JSON keys of ``cards_played_per_game``; the table shows them translated.
_CARD_KINDS = {
    A.LayFamily: N_("family"),
    A.PlayTravel: N_("travel"),
    A.PlayHire: N_("hire set"),
    A.PlayBoss: N_("boss"),
    A.PlayStop: N_("stop"),
}
#: How a game ended, as the JSON's ``game_ended_by`` keys write it.
_LAST_TILE = N_("the last tile")
_ROLL_ENDING = re.compile(r"a (?P<roll>[0-9]+) after deal (?P<deal>[0-9]+)")


@dataclass(frozen=True)
class GameSpec:
    seed: int
    bots: tuple[str, ...]
    variants: tuple[Variant, ...]
    #: The shark's playouts per decision (None: its default).
    budget: int | None = None
    #: The board: a built-in board's name or a board file's path (``boardfile.board_from``).
    board: str = TRANSCRIBED


@dataclass
class GameStats:
    winners: tuple[int, ...]
    money: tuple[int, ...]
    deals_closed: int
    deals_failed: int
    turns: int
    actions: int
    ended_by: str
    cards: dict[str, int]


def play_one(spec: GameSpec) -> GameStats:
    names = NAMES[: len(spec.bots)]
    options = Options(variants=frozenset(spec.variants))
    setup = Setup(players=names, seed=spec.seed, options=options, board=board_from(spec.board))
    bots = [
        make_bot(kind, spec.seed * 7 + seat, spec.budget) for seat, kind in enumerate(spec.bots)
    ]
    result = play_bots(new_game(setup), bots, spec.seed)
    events = result.events
    ended_by = _LAST_TILE
    for before, event in itertools.pairwise(events):
        if isinstance(event, GameOver) and isinstance(before, DieRolled) and before.end_roll:
            ended_by = f"a {before.value} after deal {result.final.deals_done}"
    cards: Counter[str] = Counter()
    for action in result.actions:
        kind = _CARD_KINDS.get(type(action))
        if kind:
            cards[kind] += 1
    return GameStats(
        winners=result.final.winners,
        money=tuple(p.money for p in result.final.players),
        deals_closed=sum(1 for e in events if isinstance(e, DealClosed)),
        deals_failed=sum(1 for e in events if isinstance(e, DealFailed)),
        turns=sum(1 for e in events if isinstance(e, TurnBegan)),
        actions=len(result.actions),
        ended_by=ended_by,
        cards=dict(cards),
    )


@dataclass
class Summary:
    games: int
    bots: tuple[str, ...]
    wins_by_seat: list[float] = field(default_factory=list)
    money_by_seat: list[int] = field(default_factory=list)
    wins_by_bot: dict[str, float] = field(default_factory=dict)
    deals_closed: int = 0
    deals_failed: int = 0
    turns: int = 0
    actions: int = 0
    ended_by: Counter[str] = field(default_factory=Counter)
    cards: Counter[str] = field(default_factory=Counter)

    def add(self, stats: GameStats) -> None:
        share = 1 / len(stats.winners)  # E3: a shared win is shared
        for seat in stats.winners:
            self.wins_by_seat[seat] += share
            bot = self.bots[seat]
            self.wins_by_bot[bot] = self.wins_by_bot.get(bot, 0.0) + share
        for seat, money in enumerate(stats.money):
            self.money_by_seat[seat] += money
        self.deals_closed += stats.deals_closed
        self.deals_failed += stats.deals_failed
        self.turns += stats.turns
        self.actions += stats.actions
        self.ended_by[stats.ended_by] += 1
        self.cards.update(stats.cards)

    def as_json(self) -> dict[str, Any]:
        n = max(1, self.games)
        seats_of = Counter(self.bots)
        return {
            "games": self.games,
            "bots": list(self.bots),
            "wins_by_seat": [round(w, 3) for w in self.wins_by_seat],
            "win_rate_by_bot": {
                bot: round(self.wins_by_bot.get(bot, 0.0) / n / seats_of[bot], 4)
                for bot in seats_of
            },
            "average_money_by_seat": [round(m / n, 2) for m in self.money_by_seat],
            "deals_closed_per_game": round(self.deals_closed / n, 2),
            "deals_failed_per_game": round(self.deals_failed / n, 2),
            "turns_per_game": round(self.turns / n, 2),
            "actions_per_game": round(self.actions / n, 2),
            "game_ended_by": dict(sorted(self.ended_by.items())),
            "cards_played_per_game": {k: round(v / n, 2) for k, v in sorted(self.cards.items())},
        }


def specs(
    games: int,
    bots: Sequence[str],
    seed: int,
    variants: Sequence[Variant],
    budget: int | None = None,
    board: str = TRANSCRIBED,
) -> list[GameSpec]:
    table, chosen = tuple(bots), tuple(variants)  # shared: a million specs take ~150 MB
    return [GameSpec(seed * 1_000_003 + i, table, chosen, budget, board) for i in range(games)]


def _worker_ignores_ctrl_c() -> None:
    """Ctrl+C reaches every process of the terminal's group: only the main one answers it,
    so that a worker waiting for work does not die printing a traceback of its own. A game
    that fails in a worker is re-raised in the main process (as ``cli.main`` reports it)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def run(spec_list: list[GameSpec], jobs: int = 1) -> Iterator[GameStats]:
    """Results in game order, whatever the number of processes.

    The workers are a ``multiprocessing.Pool``, not a ``ProcessPoolExecutor``: on Ctrl+C (or a
    game that fails, or a reader that stops reading) the executor's exit waited for every game
    already handed out — a minute of nothing, then a traceback and two workers left running —
    where a pool's ``terminate`` stops the workers at once."""
    if jobs <= 1:
        yield from map(play_one, spec_list)
        return
    pool = multiprocessing.Pool(jobs, initializer=_worker_ignores_ctrl_c)
    try:
        yield from pool.imap(play_one, spec_list, chunksize=_chunk(len(spec_list), jobs))
    except BaseException:  # KeyboardInterrupt, a worker's error, GeneratorExit
        _stop(pool)
        raise
    pool.close()
    pool.join()


#: The longest a failed or interrupted run waits for its pool to stop (seconds).
STOP_WAIT = 5.0


def _stop(pool: Any) -> None:
    """Stop the workers of a run that failed or was interrupted, waiting at most
    ``STOP_WAIT``: ``Pool.terminate`` can wait for good for its task handler once workers
    are killed mid-message (CPython gh-96995; seen once here, a test of a worker's crash
    waiting 45 minutes), so it runs in a thread of its own that the process does not wait
    for at exit (the workers are daemons: one still running then, multiprocessing ends at
    exit)."""
    stopper = threading.Thread(target=pool.terminate, name="stop the pool", daemon=True)
    stopper.start()
    stopper.join(STOP_WAIT)


def _chunk(games: int, jobs: int) -> int:
    """Games handed to a worker at a time: a few chunks per worker, and small enough (a
    game takes milliseconds) that the progress bar and an interrupted run's count move."""
    return max(1, min(games // (jobs * 8), 32))


def summarise(spec_list: list[GameSpec], results: Iterator[GameStats]) -> Summary:
    bots = spec_list[0].bots if spec_list else ()
    summary = Summary(
        games=len(spec_list),
        bots=bots,
        wins_by_seat=[0.0] * len(bots),
        money_by_seat=[0] * len(bots),
    )
    for stats in results:
        summary.add(stats)
    return summary


def to_json(summary: Summary) -> str:
    return json.dumps(summary.as_json(), indent=2)


def ending_in_words(ending: str) -> str:
    """A ``game_ended_by`` key (English, as the JSON keeps it) in the current language."""
    rolled = _ROLL_ENDING.fullmatch(ending)
    if rolled is not None:
        return _("a {roll} after deal {deal}").format(roll=rolled["roll"], deal=rolled["deal"])
    return _(ending)
