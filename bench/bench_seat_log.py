"""What the host pays to keep four seats on devices up to date, each in its own language.

    python bench/bench_seat_log.py                      # CPU time, three tables of languages
    python bench/bench_seat_log.py --instructions CHECKOUT [CHECKOUT ...]   # callgrind

The host (``seats/host.py``) sends each seated device a snapshot whose log is worded in that
device's language, and it is asked to at every change of the table and at every tick of a
running count (4 a second, ``BossApp._tick``): the table's ``refresh_table`` calls
``HostedSeats.sync``. This plays a seeded game of four bots (seed 5000, two dealers and two
random bots: ``bench/table_hashes.py``'s second part) through the real ``HostedSeats`` and
``SeatHost``, with the app replaced by the little they read of it, and four devices seated in
2, 3 or 4 languages (links that keep nothing):

- ``moves``: the whole game, move by move — the log's entries of each move added as the
  table adds them (``BossApp._log_events``: its sentence, then what it caused, the amounts
  forgotten once the deal is over), then one ``sync``: moves/s, each a round of snapshots;
- ``ticks``: at the game's last count with the whole log behind it (500 entries, the
  table's ``TableLog`` limit), a count running and nothing changed: syncs/s, what every tick
  of every count costs.

CPU time of this process (``time.process_time``), the best of ``--repeat`` runs. Pin it to
one core (``taskset -c 1``) and alternate checkouts (``PYTHONPATH=…/src``); on the shared
machine the load moves CPU time, so ``--instructions`` also counts each part with callgrind
(a run of the part twice as long less a run of it once: start-up and imports cancel out),
which the load does not move.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

#: The seats' languages of each table measured (a device reads one; the host's is English).
TABLES = (("es", "es", "ko", "ko"), ("es", "sv", "ko", "ko"), ("es", "sv", "zh", "ko"))
SEED = 5000
KINDS = ("dealer", "dealer", "random", "random")


@dataclass
class Move:
    before: Any
    action: Any
    line: str | None
    events: tuple[Any, ...]
    after: Any


def played() -> list[Move]:
    """The seeded game, move by move (the states before and after, the events)."""
    from imtheboss.bots import make_bot, play_bots
    from imtheboss.engine import Options, Setup, apply, new_game
    from imtheboss.notation.writer import to_line
    from imtheboss.simulate import NAMES

    setup = Setup(players=NAMES[: len(KINDS)], seed=SEED, options=Options())
    bots = [make_bot(kind, SEED * 7 + seat) for seat, kind in enumerate(KINDS)]
    start = new_game(setup)
    actions = play_bots(start, bots, SEED).actions
    moves, state = [], start
    for action in actions:
        after, events = apply(state, action)
        moves.append(Move(state, action, to_line(action, state), tuple(events), after))
        state = after
    return moves


class Link:
    """A device's connection that keeps nothing (what is sent is counted)."""

    def __init__(self) -> None:
        self.sent = 0

    def send(self, text: str) -> None:
        self.sent += len(text)

    def close(self) -> None:
        pass


@dataclass
class Session:
    state: Any
    save_path: Path | None = None


@dataclass
class App:
    """The little of ``BossApp`` that ``HostedSeats`` reads (``seats.hosting.SeatsApp``)."""

    settings: Any
    session: Session
    table_log: Any
    bot_seats: Any
    count: float | None = None
    screen_stack: list[Any] = field(default_factory=list)

    def play(self, action: Any, private: bool = False, refused: Any = None) -> bool:
        raise AssertionError("no device moves in this bench")

    def notify(self, message: str, **_kw: Any) -> None:
        pass

    def refresh_table(self) -> None:
        pass

    def _remaining(self) -> float | None:
        return None if self.count is None else max(0.0, self.count - time.monotonic())

    def _table(self) -> None:
        return None

    def _give_keyboard_back(self) -> None:
        pass


#: How many times an entry of the log was drawn (its render called): a count of the work
#: that the machine's load does not move.
DRAWN = [0]


def _counted(render: Any) -> Any:
    def draw(amounts: bool) -> str:
        DRAWN[0] += 1
        return str(render(amounts))

    return draw


def log_move(table_log: Any, move: Move) -> None:
    """The entries the table adds for one move, as ``BossApp._log_events`` adds them (each
    render counted in ``DRAWN``)."""
    from imtheboss.engine.events import GameOver, Paid
    from imtheboss.tui.log import event_note, has_amounts, noted, said_end, said_move
    from imtheboss.tui.markup import escape

    before, action, line, caused, state = (
        move.before,
        move.action,
        move.line,
        move.events,
        move.after,
    )
    table_log.table_moves_on(before)
    if line:
        table_log.add(
            _counted(lambda amounts: escape(said_move(action, before, caused, amounts) or line)),
            has_amounts(action),
        )
    for event in caused:
        if isinstance(event, GameOver):
            table_log.add(
                _counted(lambda _a: "[b]" + escape("\n".join(said_end(before, caused))) + "[/b]")
            )
        elif event_note(state, event):
            table_log.add(_counted(noted(state, event)), isinstance(event, Paid))


def seated(moves: Sequence[Move], langs: Sequence[str]) -> tuple[App, Any, list[Link]]:
    """A table at the game's start with a device in each seat, reading ``langs``."""
    from imtheboss.seats.hosting import HostedSeats
    from imtheboss.seats.protocol import Claim, write
    from imtheboss.table_settings import TableSettings
    from imtheboss.tui.bot_seats import BotSeats
    from imtheboss.tui.log import TableLog

    app = App(TableSettings(), Session(moves[0].before), TableLog(), BotSeats({}, SEED))
    seats = HostedSeats(app)  # type: ignore[arg-type]  # the bench's stand-in for the app
    links = [Link() for _ in langs]
    for seat, (link, lang) in enumerate(zip(links, langs, strict=True)):
        seats.host.connect(link)
        seats.host.receive(link, write(Claim(seat=seat, lang=lang)))  # type: ignore[arg-type]
    return app, seats, links


def run_moves(moves: Sequence[Move], langs: Sequence[str], count: int | None = None) -> float:
    """The game's first ``count`` moves (all: None), a sync after each; CPU seconds."""
    app, seats, _links = seated(moves, langs)
    chosen = moves if count is None else moves[:count]
    DRAWN[0] = 0
    start = time.process_time()
    for move in chosen:
        log_move(app.table_log, move)
        app.session.state = move.after
        app.count = time.monotonic() + 30.0 if move.after.window is not None else None
        seats.sync()
    return time.process_time() - start


def run_ticks(moves: Sequence[Move], langs: Sequence[str], ticks: int) -> float:
    """``ticks`` syncs at the game's last count, its whole log behind it; CPU seconds."""
    app, seats, _links = seated(moves, langs)
    last = max(i for i, move in enumerate(moves) if move.after.window is not None)
    for move in moves[: last + 1]:
        log_move(app.table_log, move)
    app.session.state = moves[last].after
    app.count = time.monotonic() + 3600.0  # the device's own countdown keeps up: none sent
    seats.sync()
    DRAWN[0] = 0
    start = time.process_time()
    for _ in range(ticks):
        seats.sync()
    return time.process_time() - start


#: A part as callgrind runs it: this file, one part, one table of languages, an amount.
SCRIPT = """
import runpy, sys
sys.argv = [{path!r}, "--part", {part!r}, "--langs", {langs!r}, "--amount", sys.argv[1]]
runpy.run_path({path!r}, run_name="__main__")
"""


def count_instructions(checkouts: Sequence[Path], languages: Sequence[int]) -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import tempfile

    from instructions import instructions

    path = str(Path(__file__).resolve())
    parts = (("moves", "100", "200"), ("ticks", "50", "100"))
    tables = [langs for langs in TABLES if len(set(langs)) in languages]
    with tempfile.TemporaryDirectory() as cache:
        for langs in tables:
            for part, small, large in parts:
                first: int | None = None
                for checkout in checkouts:
                    script = SCRIPT.format(path=path, part=part, langs=",".join(langs))
                    count = instructions(checkout, script, large, cache) - instructions(
                        checkout, script, small, cache
                    )
                    first = first or count
                    per = count / (int(large) - int(small))
                    print(
                        f"{checkout}  {part:5} {len(set(langs))} languages  "
                        f"{per / 1e6:8.3f} M instructions per {part[:-1]}  {count / first:.4f}×",
                        flush=True,
                    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--ticks", type=int, default=400)
    parser.add_argument("--instructions", nargs="+", type=Path, metavar="CHECKOUT")
    parser.add_argument(
        "--languages", default="2,3,4", help="the tables --instructions counts, e.g. 2,4"
    )
    parser.add_argument("--part", choices=("moves", "ticks"), help=argparse.SUPPRESS)
    parser.add_argument("--langs", help=argparse.SUPPRESS)
    parser.add_argument("--amount", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.instructions:
        count_instructions(args.instructions, [int(n) for n in args.languages.split(",")])
        return
    moves = played()
    if args.part is not None:  # one run for callgrind
        langs = args.langs.split(",")
        if args.part == "moves":
            run_moves(moves, langs, args.amount)
        else:
            run_ticks(moves, langs, args.amount)
        return
    print(f"{len(moves)} moves; imtheboss from {_source()}")
    for langs in TABLES:
        spent = min(run_moves(moves, langs) for _ in range(args.repeat))
        moved = DRAWN[0] / len(moves)
        ticked = min(run_ticks(moves, langs, args.ticks) for _ in range(args.repeat))
        drawn = DRAWN[0] / args.ticks
        print(
            f"4 seats in {len(set(langs))} languages ({','.join(langs)}): "
            f"moves {len(moves) / spent:8.1f}/s ({spent * 1e3 / len(moves):.3f} ms each, "
            f"{moved:.1f} entries drawn); "
            f"ticks {args.ticks / ticked:8.1f}/s ({ticked * 1e3 / args.ticks:.3f} ms each, "
            f"{drawn:.1f} entries drawn)"
        )


def _source() -> str:
    import imtheboss

    return os.path.dirname(os.path.dirname(imtheboss.__file__))


if __name__ == "__main__":
    main()
