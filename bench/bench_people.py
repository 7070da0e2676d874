"""Bots at a table with people, on a virtual clock: how many deals the bots start, close and
fail, and whether a deal/fail loop comes back.

    python bench/bench_people.py [--games 20] [--seed 1] [--wait 30] [--people silent]

The table runs as ``BossApp._tick`` runs it — a tick every 0.25 s, one bot move at most per
``--pause`` (0.8 s, the play default), the stop window and the last call counted down — but on
a clock of its own, so a game of an hour takes a second. Two people sit at seats 0 and 1 and
two dealers at 2 and 3. The people do what the game asks of them, 2 s after it asks (place the
marker, roll, then draw; discard; the end roll); they never start a deal. ``--people silent``:
they never answer anything in a deal (the issue's case: nobody at the table answers the bots);
``agreeable``: they accept a bot's offer 5 s after it is made. ``--wait 0`` is the table as it
was before the bots waited for people.

A *loop* is the same failed deal — the same Boss, space and sequence of actions — more than
three times in one game. Prints numbers; it never fails.
"""

from __future__ import annotations

import argparse
import statistics
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from imtheboss.bots import make_bot
from imtheboss.engine import Options, Setup, new_game
from imtheboss.engine import actions as A
from imtheboss.engine.actions import Action
from imtheboss.engine.game import apply
from imtheboss.engine.legal import legal_actions
from imtheboss.engine.state import GameState, Phase, WindowKind
from imtheboss.tui.bot_seats import BotSeats, BotWaits

TICK = 0.25
PEOPLE = (0, 1)
PERSON_DELAY = 2.0
AGREE_AFTER = 5.0
MAX_SECONDS = 6 * 3600.0


def _person_move(state: GameState) -> Action | None:
    """What a person does when the game waits for them (never anything in a deal)."""
    phase = state.phase
    if phase is Phase.PLACE_MARKER and state.right_of(state.turn) in PEOPLE:
        return A.PlaceMarker(player=state.right_of(state.turn), space=state.uncovered()[0])
    if phase is Phase.END_ROLL and state.end_roller in PEOPLE:
        return A.Roll(player=state.end_roller)
    if state.turn not in PEOPLE or state.window is not None:
        return None
    if phase is Phase.TURN:
        return A.Roll(player=state.turn)
    if phase is Phase.ROLLED:
        return A.Draw(player=state.turn)
    if phase is Phase.HAND_LIMIT:
        return legal_actions(state, state.turn, ("discard",))[0]
    return None


def _agreement(state: GameState) -> Action | None:
    deal = state.deal
    if deal is None or state.window is not None:
        return None
    for prop in deal.proposals:
        if prop.by_boss and prop.supplier in PEOPLE:
            accept = A.Accept(player=prop.supplier)
            if accept in legal_actions(state, prop.supplier, ("accept",)):
                return accept
    return None


@dataclass
class Game:
    over: bool
    minutes: float
    started: int
    closed: int
    failed: int
    #: Failed deals seen more than three times over (the same Boss, space and moves).
    loops: int
    #: The most times one failed deal came back.
    worst: int
    #: How long each failed deal took, seconds of the table's clock.
    fail_seconds: list[float]


def game(seed: int, wait: float, pause: float, people: str) -> Game:
    names = ("Ann", "Bob", "Dealer1", "Dealer2")
    state = new_game(Setup(players=names, seed=seed, options=Options()))
    bots = {seat: make_bot("dealer", seed * 7 + seat) for seat in (2, 3)}
    seats = BotSeats(bots, seed)
    waits = BotWaits(wait)
    now = last_bot = 0.0
    deadline: float | None = None
    window_seen: object = None
    person_since: tuple[object, float] | None = None
    offer_since: dict[object, float] = {}
    started = closed = failed = 0
    deal_moves: list[str] = []
    failed_deals: Counter[tuple[str, ...]] = Counter()
    failed_times: list[float] = []
    deal_started_at = 0.0

    def play(action: Action) -> None:
        nonlocal state, started, closed, failed, deal_moves, deal_started_at
        before = state
        state, events = apply(state, action)
        if isinstance(action, A.StartDeal):
            started += 1
            deal_moves, deal_started_at = [], now
        if before.phase is Phase.DEAL and not isinstance(action, A.TimeUp):
            deal_moves.append(f"{before.name(getattr(action, 'player', 0))}:{action.kind}")
        for event in events:
            if event.kind == "deal_closed":
                closed += 1
            elif event.kind == "deal_failed":
                failed += 1
                deal = before.deal
                assert deal is not None
                failed_deals[(str(deal.boss), str(deal.space), *deal_moves)] += 1
                failed_times.append(now - deal_started_at)

    while state.phase is not Phase.OVER and now < MAX_SECONDS:
        now += TICK
        if state.window is not None:
            waits.hold(TICK)  # as the app does: nobody can answer a bot during a window
        if now - last_bot >= pause:
            waits.update(state, bots, now)
            action = seats.next_action(state, None, waits.waiting(now))
            if action is not None:
                last_bot = now
                play(action)
        window = state.window
        if window is None:
            deadline = None
        elif window is not window_seen:
            deadline = now + (10.0 if window.kind is WindowKind.LAST_CALL else 5.0)
        window_seen = window
        if deadline is not None and now >= deadline:
            deadline = None
            play(A.TimeUp())
            continue
        move = _person_move(state)
        if move is not None:
            key: object = (state.phase, state.turn, len(failed_times), started)
            if person_since is None or person_since[0] != key:
                person_since = (key, now)
            elif now - person_since[1] >= PERSON_DELAY:
                person_since = None
                play(move)
            continue
        if people == "agreeable":
            agree = _agreement(state)
            if agree is not None:
                key = (state.deals_done, id(state.deal), agree)
                since = offer_since.setdefault(key, now)
                if now - since >= AGREE_AFTER:
                    play(agree)
    return Game(
        over=state.phase is Phase.OVER,
        minutes=now / 60,
        started=started,
        closed=closed,
        failed=failed,
        loops=sum(1 for n in failed_deals.values() if n > 3),
        worst=max(failed_deals.values(), default=0),
        fail_seconds=failed_times,
    )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--wait", type=float, default=30.0)
    parser.add_argument("--pause", type=float, default=0.8)
    parser.add_argument("--people", choices=["silent", "agreeable"], default="silent")
    args = parser.parse_args(argv)
    rows = [game(args.seed + g, args.wait, args.pause, args.people) for g in range(args.games)]
    fails = [t for r in rows for t in r.fail_seconds]
    print(
        f"{args.games} games, people {args.people}, bot wait {args.wait:g} s: "
        f"{sum(r.over for r in rows)} ended; bots started {sum(r.started for r in rows)} deals, "
        f"closed {sum(r.closed for r in rows)}, failed {sum(r.failed for r in rows)}; "
        f"games with a deal/fail loop: {sum(1 for r in rows if r.loops)}"
    )
    print(
        f"per game: deals started median {statistics.median(r.started for r in rows)}, "
        f"max {max(r.started for r in rows)}; "
        f"the same failed deal at most {max(r.worst for r in rows)} times in a game; "
        f"median game {statistics.median(r.minutes for r in rows):.0f} min; "
        f"a failed deal took a median {statistics.median(fails) if fails else 0:.1f} s"
    )


if __name__ == "__main__":
    main()
