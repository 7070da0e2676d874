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
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "tui"))

from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import OptionList
from tuikit import Driver, settings

from imtheboss.bots import make_bot, play_bots
from imtheboss.engine import Options, Setup, new_game
from imtheboss.engine import actions as A
from imtheboss.engine.actions import Action
from imtheboss.engine.cards import Colour
from imtheboss.engine.errors import IllegalAction
from imtheboss.engine.game import apply
from imtheboss.engine.state import FamilyRef, GameState, Phase
from imtheboss.tui.app import BossApp
from imtheboss.tui.screens.close import CloseDialog
from imtheboss.tui.screens.dialogs import (
    ConfirmDialog,
    DiscardDialog,
    PriceDialog,
    SpaceDialog,
)
from imtheboss.tui.screens.private import PrivatePanel, colours_of

NAMES = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo")
DIALOGS = (PriceDialog, ConfirmDialog, CloseDialog, DiscardDialog, SpaceDialog)


@dataclass
class Tally:
    keys: int = 0
    handovers: int = 0
    dialogs: int = 0
    #: The keys themselves, for ``--show-keys``.
    pressed: list[str] = field(default_factory=list)

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
        self._at = 0
        press = pilot.press

        async def counted(*keys: str) -> None:
            self.now.keys += len(keys)
            self.now.pressed.extend(keys)
            await press(*keys)

        pilot.press = counted  # type: ignore[method-assign]
        push = self.app.push_screen

        def pushed(screen: Any, *args: Any, **kwargs: Any) -> Any:
            if isinstance(screen, DIALOGS):
                self.now.dialogs += 1
            return push(screen, *args, **kwargs)

        self.app.push_screen = pushed  # type: ignore[method-assign]

    async def take_keyboard(self, seat: int) -> PrivatePanel:
        screen = self.app.screen
        if not (isinstance(screen, PrivatePanel) and screen.seat == seat):
            self.now.handovers += 1
        return await super().take_keyboard(seat)

    async def walk(self, menu: OptionList, index: int) -> None:
        """The arrows from where the highlight is to ``index`` (Down from nowhere: the top);
        a space for the marker by its number."""
        if menu.id == "spaces":
            await self.pilot.press(*str(menu.get_option_at_index(index).id))
            assert menu.highlighted == index
            return
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

    async def choose(self, panel: PrivatePanel, match: Callable[[Any], bool]) -> None:
        """The move's key, as a person reads it on its line: pressed once when it is the
        only line of its kind, else followed by the letter of its colour when that picks
        it, else pressed until its line is highlighted, then Enter."""
        index = await self.find(panel, match)
        key = panel.moves[index].key
        lines = [i for i, m in enumerate(panel.moves) if m.key == key]
        target = panel.moves[index]

        def picks(colour: Colour) -> list[int]:
            """The lines the colour's letter picks after the key (as the panel does)."""
            with_it = [i for i in lines if colour in colours_of(panel.moves[i], panel.seen)]
            alone = [i for i in with_it if colours_of(panel.moves[i], panel.seen) == {colour}]
            return alone or with_it

        letters = [c.letter.lower() for c in colours_of(target, panel.seen) if picks(c) == [index]]
        if len(key) != 1:
            await super().choose(panel, lambda m: m is target)
        elif lines == [index]:
            await self.pilot.press(key)
        elif letters:
            await self.pilot.press(key, letters[0])  # the key, then the colour's letter
        else:
            menu = panel.query_one("#moves", OptionList)
            while menu.highlighted != index:
                await self.pilot.press(key)
            await self.pilot.press("enter")

    async def several(self, actions: Sequence[Action]) -> bool:
        """Moves one line of the menu makes together, entered as that line: the Boss accepts
        every price asked at once; a family card laid and its price asked in one step.
        False: these moves are not one line."""
        first = actions[0]
        state = self.state
        deal = state.deal
        panel_seat = getattr(first, "player", None)
        if deal is None or state.window is not None or panel_seat is None:
            return False
        asked = [p.supplier for p in deal.proposals if not p.by_boss]
        accepts = [
            a
            for a in actions[: len(asked)]
            if isinstance(a, A.Accept) and a.player == deal.boss and a.supplier in asked
        ]
        if len(asked) > 1 and len(accepts) == len(asked):
            panel = await self.take_keyboard(deal.boss)
            if not any(
                m.ask == "accept_all" and set(m.actions) == set(accepts) for m in panel.moves
            ):
                return False
            await self.choose(panel, lambda m: m.ask == "accept_all")
            await self.confirm()
            await self.wait_for(lambda: len(self.app.session.actions) >= self._at + len(asked))  # type: ignore[union-attr]
            return True
        if (
            len(actions) > 1
            and isinstance(first, A.LayFamily)
            and isinstance(actions[1], A.Ask)
            and actions[1].player == first.player
            and actions[1].cards == (FamilyRef(owner=first.player, colour=first.colour),)
        ):
            panel = await self.take_keyboard(first.player)
            await self.choose(panel, lambda m: m.ask == "lay_price" and m.action == first)
            await self.price(actions[1].price)
            await self.wait_for(lambda: len(self.app.session.actions) >= self._at + 2)  # type: ignore[union-attr]
            return True
        return False


async def replay(
    seed: int, seats: int, size: tuple[int, int], home: Path, deals: int | None = None
) -> Game:
    """One recorded game through the app (``deals``: only until that many have closed)."""
    actions = recorded(seed, seats)
    result = Game(seed=seed, seats=seats)
    # The recorded games were played on the reconstruction (a Setup without a board), which a
    # new table no longer starts on (issue 21).
    app = BossApp(settings(home, names=NAMES[:seats], seed=seed, board="reconstructed"))
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
            driver._at = at
            if await driver.several(actions[at:]):
                played = session.actions[at:]
                assert Counter(played) == Counter(actions[at : len(session.actions)]), played
            else:
                await driver.play(action, at)
            if driver.state.deals_done != deals_before or driver.state.phase is Phase.OVER:
                if _closed(driver.state) > closed_before:
                    result.closed.append(driver.now)
                result.total.add(driver.now)
                driver.now = Tally()
                if deals is not None and len(result.closed) >= deals:
                    break
        else:
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
    parser.add_argument("--deals", type=int, help="stop each game after this many closed")
    parser.add_argument("--show-keys", action="store_true", help="print each deal's keys")
    args = parser.parse_args(argv)
    counts = [int(s) for s in args.seats.split(",")]
    width, height = (int(n) for n in args.size.split("x"))
    games: list[Game] = []
    with tempfile.TemporaryDirectory() as home:
        for g in range(args.games):
            seats = counts[g % len(counts)]
            size = (width, height)
            game = asyncio.run(replay(args.seed + g, seats, size, Path(home), args.deals))
            games.append(game)
            for number, deal in enumerate(game.closed, 1):
                print(
                    f"game {game.seed} ({seats} seats) deal {number}: {deal.keys} keys, "
                    f"{deal.handovers} hand-overs, {deal.dialogs} dialogs"
                )
                if args.show_keys:
                    print("   ", " ".join(deal.pressed))
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
