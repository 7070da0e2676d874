"""What a hot seat costs the table: the keys pressed, the hand-overs and the dialogs, per
closed deal, for recorded games replayed through the real app by the keys a person presses.

    python bench/bench_keys.py [--games 6] [--seed 1] [--seats 4,6] [--size 80x24]

Each game is first played by dealer bots in every seat (on the engine: fast, and the same
game every time for a seed); then the app plays it again with every seat a person, and each
recorded action is entered as a person would enter it: take the keyboard (the seat's F-key,
Enter on the privacy screen), walk the menu with the arrows to the move, Enter, the price typed
and its unit chosen, the dialogs answered, the keyboard given back (Escape) before a table key
(m, d, r, w) or before the table's count may run out. The seats alternate between the counts
of ``--seats``. A *hand-over* is a seat's F-key taking the keyboard; a *dialog* is a price,
a confirmation, a close, a discard or the marker's space.

Prints one line per deal closed, then the totals; the last line is exactly
``keys per closed deal: K; hand-overs per closed deal: H`` (the game's totals over its closed
deals, as the issue counted them). Prints numbers; it never fails on them.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "tui"))

from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import OptionList, RadioButton
from tuikit import Driver, settings

from imtheboss.bots import make_bot, play_bots
from imtheboss.engine import Options, Setup, new_game
from imtheboss.engine.actions import Action
from imtheboss.engine.errors import IllegalAction
from imtheboss.engine.game import apply
from imtheboss.engine.state import GameState, Phase
from imtheboss.tui.app import BossApp
from imtheboss.tui.screens.close import CloseDialog
from imtheboss.tui.screens.dialogs import (
    ConfirmDialog,
    DiscardDialog,
    PriceDialog,
    SpaceDialog,
)

NAMES = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo")
DIALOGS = (PriceDialog, ConfirmDialog, CloseDialog, DiscardDialog, SpaceDialog)


@dataclass
class Tally:
    keys: int = 0
    handovers: int = 0
    dialogs: int = 0

    def add(self, other: Tally) -> None:
        self.keys += other.keys
        self.handovers += other.handovers
        self.dialogs += other.dialogs


@dataclass
class Game:
    seed: int
    seats: int
    #: Per deal closed: what it cost since the deal before it ended (its marker, rolls and
    #: draws included).
    closed: list[Tally] = field(default_factory=list)
    total: Tally = field(default_factory=Tally)
    seconds: float = 0.0


def recorded(seed: int, seats: int) -> list[Action]:
    """A whole game of dealer bots in every seat, its talk in the order people at one
    keyboard would say it (``grouped``)."""
    setup = Setup(players=NAMES[:seats], seed=seed, options=Options())
    bots = [make_bot("dealer", seed * 7 + seat) for seat in range(seats)]
    actions = play_bots(new_game(setup), bots, seed).actions
    return grouped(new_game(setup), actions)


#: The moves of a negotiation that may be said in another order (N1–N5), between two moves
#: that are not (a card played, a window, a close, a fail).
TALK = ("lay_family", "offer", "ask", "accept", "withdraw")


def _party(action: Action) -> int:
    """The seat whose cards a proposal or its answer is about."""
    supplier = getattr(action, "supplier", None)
    return action.player if supplier is None else supplier  # type: ignore[attr-defined,no-any-return]


def grouped(state: GameState, actions: Sequence[Action]) -> list[Action]:
    """The bots' talk reordered as a table with one keyboard says it: whoever holds the
    keyboard says everything they can before giving it on, and the Boss answers last (the
    Boss takes the keyboard once, to accept and close). A seat's own moves keep their order,
    and so do the moves about one seat's cards (an ask, then its acceptance, then the next
    ask); a stretch whose reordering would not end in the same deal keeps the bots' order."""
    out: list[Action] = []
    i, holder = 0, None
    while i < len(actions):
        j = i
        while j < len(actions) and actions[j].kind in TALK and state.window is None:
            j += 1
        if j == i:
            action = actions[i]
            out.append(action)
            state, _ = apply(state, action)
            holder = None
            i += 1
            continue
        stretch = _reordered(state, list(actions[i:j]), holder) or list(actions[i:j])
        for action in stretch:
            state, _ = apply(state, action)
        out.extend(stretch)
        holder = getattr(stretch[-1], "player", None)
        i = j
    return out


def _reordered(state: GameState, todo: list[Action], holder: int | None) -> list[Action] | None:
    expected = state
    for action in todo:
        expected, _ = apply(expected, action)
    assert state.deal is not None
    boss = state.deal.boss
    out: list[Action] = []
    while todo:
        free = [
            action
            for k, action in enumerate(todo)
            if not any(
                o.player == action.player or _party(o) == _party(action)  # type: ignore[attr-defined]
                for o in todo[:k]
            )
            and _legal(state, action)
        ]
        if not free:
            return None
        pick = next(
            (a for a in free if a.player == holder),  # type: ignore[attr-defined]
            next((a for a in free if a.player != boss), free[0]),  # type: ignore[attr-defined]
        )
        holder = pick.player  # type: ignore[attr-defined]
        todo.remove(pick)
        out.append(pick)
        state, _ = apply(state, pick)
    same = expected.deal is not None and state.deal is not None and _same_deal(state, expected)
    return out if same else None


def _same_deal(one: GameState, other: GameState) -> bool:
    a, b = one.deal, other.deal
    assert a is not None and b is not None
    return (
        set(a.agreements) == set(b.agreements)
        and set(a.proposals) == set(b.proposals)
        and set(a.family) == set(b.family)
        and one.players == other.players
    )


def _legal(state: GameState, action: Action) -> bool:
    try:
        apply(state, action)
    except IllegalAction:
        return False
    return True


class CountingDriver(Driver):
    """The tests' driver, with every key counted: the menus walked with the arrows, the
    dialogs' fields reached with Tab, nothing set from outside."""

    def __init__(self, pilot: Pilot[None]) -> None:
        super().__init__(pilot)
        self.now = Tally()
        press = pilot.press

        async def counted(*keys: str) -> None:
            self.now.keys += len(keys)
            await press(*keys)

        pilot.press = counted  # type: ignore[method-assign]
        push = self.app.push_screen

        def pushed(screen: Any, *args: Any, **kwargs: Any) -> Any:
            if isinstance(screen, DIALOGS):
                self.now.dialogs += 1
            return push(screen, *args, **kwargs)

        self.app.push_screen = pushed  # type: ignore[method-assign]

    async def take_keyboard(self, seat: int) -> Any:
        from imtheboss.tui.screens.private import PrivatePanel

        screen = self.app.screen
        if not (isinstance(screen, PrivatePanel) and screen.seat == seat):
            self.now.handovers += 1
        return await super().take_keyboard(seat)

    async def walk(self, menu: OptionList, index: int) -> None:
        """The arrows from where the highlight is to ``index`` (Down from nowhere: the top)."""
        at = menu.highlighted
        if at is None:
            await self.pilot.press("down")
            at = 0
        key = "down" if index > at else "up"
        await self.pilot.press(*[key] * abs(index - at))
        assert menu.highlighted == index, (menu.highlighted, index)

    async def focus(self, screen: Screen[Any], selector: str) -> None:
        widget = screen.query_one(selector)
        for _ in range(30):
            if widget.has_focus:
                return
            await self.pilot.press("tab")
        raise AssertionError(f"Tab never reaches {selector}")

    async def in_dividends(self, dialog: PriceDialog) -> None:
        # Tab to the units, the next one, Enter to choose it, back to the amount.
        await self.pilot.press("tab", "right", "enter", "shift+tab")
        assert dialog.query_one("#dividends", RadioButton).value


async def replay(seed: int, seats: int, size: tuple[int, int], home: Path) -> Game:
    actions = recorded(seed, seats)
    result = Game(seed=seed, seats=seats)
    app = BossApp(settings(home, names=NAMES[:seats], seed=seed))
    started = time.perf_counter()
    async with app.run_test(size=size) as pilot:
        driver = CountingDriver(pilot)
        await driver.wait_for(lambda: app.session is not None)
        session = app.session
        assert session is not None
        while len(session.actions) < len(actions):
            at = len(session.actions)
            action = actions[at]
            deals_before = driver.state.deals_done
            closed_before = _closed(driver.state)
            await driver.play(action, at)
            if driver.state.deals_done != deals_before or driver.state.phase is Phase.OVER:
                if _closed(driver.state) > closed_before:
                    result.closed.append(driver.now)
                result.total.add(driver.now)
                driver.now = Tally()
        result.total.add(driver.now)
        assert driver.state.phase is Phase.OVER
    result.seconds = time.perf_counter() - started
    return result


def _closed(state: GameState) -> int:
    return len(state.covered)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seats", default="4,6")
    parser.add_argument("--size", default="80x24")
    args = parser.parse_args(argv)
    counts = [int(s) for s in args.seats.split(",")]
    width, height = (int(n) for n in args.size.split("x"))
    games: list[Game] = []
    with tempfile.TemporaryDirectory() as home:
        for g in range(args.games):
            seats = counts[g % len(counts)]
            game = asyncio.run(replay(args.seed + g, seats, (width, height), Path(home)))
            games.append(game)
            for number, deal in enumerate(game.closed, 1):
                print(
                    f"game {game.seed} ({seats} seats) deal {number}: {deal.keys} keys, "
                    f"{deal.handovers} hand-overs, {deal.dialogs} dialogs"
                )
            print(
                f"game {game.seed}: {len(game.closed)} deals closed, {game.total.keys} keys, "
                f"{game.total.handovers} hand-overs, {game.total.dialogs} dialogs "
                f"({game.seconds:.0f} s)"
            )
    closed = sum(len(g.closed) for g in games)
    total = Tally()
    for game in games:
        total.add(game.total)
    print(
        f"{len(games)} games ({args.seats} seats, {width}×{height}), {closed} deals closed: "
        f"{total.keys} keys, {total.handovers} hand-overs, {total.dialogs} dialogs; "
        f"dialogs per closed deal: {total.dialogs / closed:.1f}"
    )
    print(
        f"keys per closed deal: {total.keys / closed:.1f}; "
        f"hand-overs per closed deal: {total.handovers / closed:.1f}"
    )


if __name__ == "__main__":
    main()
