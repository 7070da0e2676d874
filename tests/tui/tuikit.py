"""Helpers for the Pilot tests: the text on the screen, the hands as the private panel shows
them, a scripted table of four players, and a driver that plays its moves through the keys.

The policy decides on engine actions from the state alone, so the same game can be played by
the engine directly (fast, to know where it goes) and through the UI (to test the UI). The
driver turns each action into what a player at the keyboard would press.
"""

from __future__ import annotations

import asyncio
import html
import re
import time
from collections import Counter
from collections.abc import AsyncIterator, Callable, Coroutine
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import (
    Button,
    Input,
    OptionList,
    RadioButton,
    SelectionList,
    Static,
)

from imtheboss.engine import actions as A
from imtheboss.engine.actions import Action
from imtheboss.engine.cards import COLOURS, Card, Colour, Kind, family
from imtheboss.engine.game import possible_closes
from imtheboss.engine.state import (
    GameState,
    InvestorRef,
    Phase,
    Price,
    WindowKind,
)
from imtheboss.session import GameSession
from imtheboss.table_settings import TableSettings
from imtheboss.tui.app import BossApp
from imtheboss.tui.labels import card_text
from imtheboss.tui.screens.close import CloseDialog
from imtheboss.tui.screens.dialogs import (
    ConfirmDialog,
    DiscardDialog,
    PriceDialog,
    SpaceDialog,
)
from imtheboss.tui.screens.privacy import PrivacyScreen
from imtheboss.tui.screens.private import PrivatePanel
from imtheboss.tui.screens.score import ScoreScreen
from imtheboss.tui.screens.table import TableScreen
from imtheboss.tui.widgets.log_view import LogView

NAMES = ("Ann", "Bob", "Cy", "Di")


def settings(save_dir: Path, **changes: Any) -> TableSettings:
    # Long counts: a busy machine must never see one run out before the test is ready. The
    # driver ends a count itself when the players let it run out (``Driver.play(TimeUp)``).
    base: dict[str, Any] = {
        "names": NAMES,
        "seed": 7,
        "save_dir": save_dir,
        "stop_window": 600.0,
        "last_call": 600.0,
    }
    base.update(changes)
    return TableSettings(**base)


@asynccontextmanager
async def seated(session: GameSession, save_dir: Path, **changes: Any) -> AsyncIterator[Driver]:
    """The table of a prepared game at 80×24, its first frame drawn: a driver for its keys."""
    app = BossApp(settings(save_dir, **changes), session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        yield Driver(pilot)


def run(coro: Callable[[], Coroutine[Any, Any, None]]) -> None:
    """pytest-asyncio is not installed: each async test runs in its own event loop."""
    asyncio.run(coro())


# -- what is on the screen ------------------------------------------------------------------

_TEXT = re.compile(
    r'<text class="[^"]*-r\d+" x="([\d.]+)" y="[\d.]+" textLength="([\d.]+)"'
    r' clip-path="url\(#[^)]*-line-(\d+)\)">(.*?)</text>'
)


def screen_text(app: BossApp) -> str:
    """The characters on the screen, line by line, from the SVG screenshot (toasts included)."""
    svg = app.export_screenshot()
    width, height = app.size
    rows = [[" "] * (width + 2) for _ in range(height + 1)]
    for x, length, line, raw in _TEXT.findall(svg):
        text = html.unescape(raw).replace("\xa0", " ")
        if not text:
            continue
        cell = float(length) / len(text)
        col = round(float(x) / cell) if cell else 0
        row = rows[int(line)]
        for i, ch in enumerate(text):
            if 0 <= col + i < len(row):
                row[col + i] = ch
    return "\n".join("".join(r).rstrip() for r in rows).rstrip()


def log_text(app: BossApp) -> str:
    """The public log as one line of words (the log wraps its lines to its width)."""
    table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
    lines = [strip.text for strip in table.query_one("#log", LogView).lines]
    return re.sub(r"\s+", " ", " ".join(lines))


def hand_lines(state: GameState, seat: int) -> list[str]:
    """The lines of ``seat``'s hand exactly as the private panel writes them."""
    hand = state.players[seat].hand or ()
    return [f"{n} × {card_text(card).plain}" for card, n in Counter(hand).items()]


def secrets_of(state: GameState, seat: int) -> list[str]:
    """What only ``seat`` may see: the hand lines and the exact money line."""
    player = state.players[seat]
    return [*hand_lines(state, seat), f"Your money: ${player.money}M"]


# -- the table's scripted players -----------------------------------------------------------


def _owner(state: GameState, colour: Colour) -> int | None:
    return state.owners[colour]


def _hand(state: GameState, seat: int) -> tuple[Card, ...]:
    return state.players[seat].hand or ()


def _coverable(state: GameState, boss: int, colour: Colour) -> bool:
    """Before a deal: could ``boss`` get ``colour`` by laying, buying or hiring?"""
    if _owner(state, colour) is not None:
        return True
    if any(family(colour) in _hand(state, s) for s in range(state.n)):
        return True
    return Counter(_hand(state, boss))[Card.HIRE] >= 3


def feasible(state: GameState, space_number: int, boss: int) -> bool:
    space = state.board.space(space_number)
    if not all(_coverable(state, boss, c) for c in space.required):
        return False
    return all(
        sum(_coverable(state, boss, c) for c in group.of) >= group.pick for group in space.choices()
    )


class Policy:
    """Four cooperative players who like short deals, plus a few scripted moments.

    Every deal: the Boss lays family cards, offers $1M for investors (the owner accepts),
    the owners of other family cards lay them and ask 1 dividend (the Boss accepts), unowned
    investors are hired; then the Boss closes, or fails when the space cannot be had.
    Scripted: in the first deal where it can be done, a player says "I'm the Boss!" and
    another stops it; in a later deal a boss card takes effect.
    """

    def __init__(self) -> None:
        self.boss_stopped = False
        self.boss_taken = False
        self.stopper: int | None = None
        self.stopped_in_deal = -1
        #: Who acted last: they still hold the keyboard and go on.
        self.last: int | None = None

    def __call__(self, state: GameState) -> Action:
        action = self._choose(state)
        self.last = getattr(action, "player", None)
        return action

    def _choose(self, state: GameState) -> Action:
        phase = state.phase
        assert phase is not Phase.OVER
        window = state.window
        if window is not None:
            if window.kind is WindowKind.BOSS and self.stopper is not None:
                stopper, self.stopper = self.stopper, None
                self.boss_stopped = True
                self.stopped_in_deal = state.deals_done
                return A.PlayStop(player=stopper)
            return A.TimeUp()
        if phase is Phase.PLACE_MARKER:
            placer = state.right_of(state.turn)
            space = next(
                (s for s in state.uncovered() if feasible(state, s, state.turn)),
                state.uncovered()[0],
            )
            return A.PlaceMarker(player=placer, space=space)
        if phase is Phase.TURN:
            assert state.marker is not None
            if feasible(state, state.marker, state.turn):
                return A.StartDeal(player=state.turn)
            return A.Roll(player=state.turn)
        if phase is Phase.ROLLED:
            assert state.marker is not None
            if feasible(state, state.marker, state.turn):
                return A.StartDeal(player=state.turn)
            return A.Draw(player=state.turn)
        if phase is Phase.END_ROLL:
            assert state.end_roller is not None
            return A.Roll(player=state.end_roller)
        if phase is Phase.HAND_LIMIT:
            return self._discard(state)
        return self._deal(state)

    @staticmethod
    def _discard(state: GameState) -> Action:
        seat = state.turn
        hand = _hand(state, seat)
        excess = len(hand) - state.hand_limit()
        rank = {Kind.TRAVEL: 0, Kind.STOP: 1, Kind.HIRE: 2, Kind.BOSS: 3, Kind.FAMILY: 4}
        order = sorted(range(len(hand)), key=lambda i: (rank[hand[i].kind], i))
        chosen = sorted(order[:excess])
        return A.Discard(player=seat, cards=tuple(hand[i] for i in chosen))

    def _deal(self, state: GameState) -> Action:
        deal = state.deal
        assert deal is not None
        boss = deal.boss
        fresh = not (deal.family or deal.proposals or deal.agreements or deal.trips)
        if fresh and not self.boss_stopped:
            for x in range(state.n):
                if x == boss or Card.BOSS not in _hand(state, x):
                    continue
                stopper = next(
                    (y for y in range(state.n) if y != x and Card.STOP in _hand(state, y)), None
                )
                if stopper is not None:
                    self.stopper = stopper
                    return A.PlayBoss(player=x)
        later = state.deals_done > self.stopped_in_deal
        if fresh and self.boss_stopped and later and not self.boss_taken and boss == state.turn:
            for x in range(state.n):
                if x != boss and Card.BOSS in _hand(state, x):
                    self.boss_taken = True
                    return A.PlayBoss(player=x)
        space = state.board.space(deal.space)
        steps: dict[Colour, tuple[int, Action | None]] = {}
        for colour in COLOURS:
            if colour in space.required or colour in space.optional:
                step = self._step(state, colour)
                if step is not None:
                    steps[colour] = step
        if any(c not in steps for c in space.required):
            return A.Fail(player=boss)
        wanted = [c for c in COLOURS if c in space.required]
        for group in space.choices():  # the cheapest of each group (a printed space's groups)
            optional = sorted((steps[c][0], c) for c in COLOURS if c in group.of and c in steps)
            if len(optional) < group.pick:
                return A.Fail(player=boss)
            wanted += [c for _, c in optional][: group.pick]
        todo = [a for c in wanted if (a := steps[c][1]) is not None]
        if todo:
            # Whoever holds the keyboard goes on talking; no one replaces an open proposal
            # that is still wanted (that would go round in circles).
            open_for = {p.supplier: p.cards for p in deal.proposals}

            def replaces(action: Action) -> bool:
                if isinstance(action, A.Offer):
                    return open_for.get(action.supplier, action.cards) != action.cards
                if isinstance(action, A.Ask):
                    return open_for.get(action.player, action.cards) != action.cards
                return False

            fine = [a for a in todo if not replaces(a)] or todo
            return next((a for a in fine if getattr(a, "player", None) == self.last), fine[0])
        supplies = next(possible_closes(state), None)
        if supplies is None:
            return A.Fail(player=boss)
        return A.Close(player=boss, supplies=supplies)

    @staticmethod
    def _step(state: GameState, colour: Colour) -> tuple[int, Action | None] | None:
        """(cost, the next action to get ``colour`` into the deal — None: it is in)."""
        deal = state.deal
        assert deal is not None
        boss = deal.boss
        agreed = {ref for a in deal.agreements for ref in a.cards}
        investor = InvestorRef(colour=colour)
        owner = _owner(state, colour)
        away = deal.travelling(colour)
        laid = [f for f in deal.family if f.colour is colour]
        if owner is not None and not away and (owner == boss or investor in agreed):
            return 0, None
        if any(f.owner == boss or f in agreed for f in laid):
            return 0, None
        if family(colour) in _hand(state, boss):
            return 1, A.LayFamily(player=boss, colour=colour)
        proposals = {p.supplier: p for p in deal.proposals}
        if owner is not None and not away:
            prop = proposals.get(owner)
            if prop is not None and prop.cards == (investor,):
                if prop.by_boss:
                    return 2, A.Accept(player=owner)
                return 2, A.Accept(player=boss, supplier=owner)
            return 3, A.Offer(player=boss, supplier=owner, cards=(investor,), price=Price(amount=1))
        for ref in laid:
            prop = proposals.get(ref.owner)
            if prop is not None and prop.cards == (ref,):
                if prop.by_boss:
                    return 2, A.Accept(player=ref.owner)
                return 2, A.Accept(player=boss, supplier=ref.owner)
            return 3, A.Ask(player=ref.owner, cards=(ref,), price=Price(amount=1, dividends=True))
        for seat in range(state.n):
            if seat != boss and family(colour) in _hand(state, seat):
                return 4, A.LayFamily(player=seat, colour=colour)
        if owner is None and Counter(_hand(state, boss))[Card.HIRE] >= 3:
            return 5, A.PlayHire(player=boss, colour=colour)
        return None


#: The moves the private panel asks to confirm (the close has its own dialog).
ASKED_TWICE = (A.Accept, A.Fail, A.PlayHire)

#: The moves after which the player still holds the keyboard: talking, not playing cards.
KEEPS_THE_KEYBOARD = (A.LayFamily, A.Offer, A.Ask, A.Accept, A.Withdraw, A.CancelAgreement, A.Reset)


def same_action(played: Action, wanted: Action) -> bool:
    """The recorded action is the wanted one (a seeded roll is recorded with its value)."""
    if isinstance(played, A.Roll) and isinstance(wanted, A.Roll):
        return played.player == wanted.player
    return played == wanted


# -- the hands on the keys ------------------------------------------------------------------


class Driver:
    """Plays engine actions through the keys, as the players at the table would.

    A player who talks (lays, offers, asks, accepts) keeps the keyboard and goes on; the next
    player takes it with their F-key, straight from the one holding it. Table keys wait for the
    keyboard to be given back (Escape).
    """

    def __init__(self, pilot: Pilot[None]) -> None:
        self.pilot = pilot
        self.app: BossApp = pilot.app  # type: ignore[assignment]

    @property
    def state(self) -> GameState:
        assert self.app.session is not None
        return self.app.session.state

    def _count(self) -> int:
        return len(self.app.session.actions) if self.app.session else 0

    async def seen(self, where: str, seat: int | None) -> None:
        """Called at each screen the driver goes through: "table", "privacy", "panel" or
        "dialog" (``seat``: who holds the keyboard). A test can look at the screen here."""

    async def wait_for(self, condition: Callable[[], bool], timeout: float = 60.0) -> None:
        """Wait for a state, not for a time: the timeout is only a bound for a test that
        would otherwise hang, far above what the slowest machine needs."""
        end = time.monotonic() + timeout
        while not condition():
            if time.monotonic() > end:
                raise AssertionError(f"timed out waiting; screen:\n{screen_text(self.app)}")
            await self.pilot.pause(0.02)

    async def run_out_the_clock(self) -> None:
        """The players let the table's count run out: the test ends it at once (the clock
        itself is the app's ``_tick``, which plays the time-up as with a real count)."""
        await self.give_back()
        await self.wait_for(lambda: self.app.deadline is not None or self.app.session is None)
        self.app.deadline = time.monotonic() - 1.0

    async def table_key(self, key: str) -> None:
        await self.give_back()
        await self.pilot.press(key)

    async def take_keyboard(self, seat: int) -> PrivatePanel:
        screen = self.app.screen
        if isinstance(screen, PrivatePanel) and screen.seat == seat:
            return screen  # still holding it
        await self.pilot.press(f"f{seat + 1}")
        assert isinstance(self.app.screen, PrivacyScreen), self.app.screen
        assert self.app.screen.player_name == self.state.name(seat)
        # The F-key takes the keyboard from whoever held it: no other panel stays behind.
        assert not any(isinstance(s, PrivatePanel) for s in self.app.screen_stack)
        await self.seen("privacy", seat)
        await self.pilot.press("enter")
        panel = self.app.screen
        assert isinstance(panel, PrivatePanel), panel
        assert panel.seat == seat
        await self.seen("panel", seat)
        return panel

    async def find(self, panel: PrivatePanel, match: Callable[[Any], bool]) -> int:
        """The line of the first move that matches, the folded moves unfolded (``m``) if it
        is among them."""
        index = next((i for i, m in enumerate(panel.moves) if match(m)), None)
        if index is None and any(m.ask == "more" for m in panel.moves):
            await self.pilot.press("m")
            index = next((i for i, m in enumerate(panel.moves) if match(m)), None)
        labels = "\n".join(m.label for m in panel.moves)
        assert index is not None, f"no such move for {panel.seat}; the menu:\n{labels}"
        return index

    async def choose(self, panel: PrivatePanel, match: Callable[[Any], bool]) -> None:
        """Highlight the first move that matches and press Enter on it."""
        index = await self.find(panel, match)
        menu = panel.query_one("#moves", OptionList)
        assert menu.has_focus
        await self.walk(menu, index)
        await self.pilot.press("enter")

    async def walk(self, menu: OptionList, index: int) -> None:
        """Highlight ``index`` (a driver that counts keys walks there with the arrows)."""
        menu.highlighted = index

    async def give_back(self) -> None:
        if isinstance(self.app.screen, PrivatePanel):
            await self.pilot.press("escape")
            assert isinstance(self.app.screen, TableScreen), self.app.screen
            await self.seen("table", None)
        assert isinstance(self.app.screen, TableScreen), self.app.screen

    async def play(self, action: Action, at: int | None = None) -> GameState:
        """Press the keys for ``action``, check the engine got exactly that, and return the
        state it made. ``at``: how many actions were played when the action was chosen (the
        table's clock does not wait for the test)."""
        before = self._count() if at is None else at
        if isinstance(action, A.TimeUp):
            if self._count() == before:
                await self.run_out_the_clock()
            await self.wait_for(lambda: self._count() > before)
            assert isinstance(self.app.session.actions[before], A.TimeUp)  # type: ignore[union-attr]
            await self._look()
            return self.state
        if isinstance(action, A.PlaceMarker):
            await self.table_key("m")
            dialog = self.app.screen
            assert isinstance(dialog, SpaceDialog)
            spaces = dialog.query_one("#spaces", OptionList)
            ids = [spaces.get_option_at_index(i).id for i in range(spaces.option_count)]
            await self.walk(spaces, ids.index(str(action.space)))
            await self.pilot.press("enter")
        elif isinstance(action, A.StartDeal | A.Roll | A.Draw):
            key = {A.StartDeal: "d", A.Roll: "r", A.Draw: "w"}[type(action)]
            await self.table_key(key)
        else:
            await self._private(action)
        await self.wait_for(lambda: self._count() > before)
        session = self.app.session
        assert session is not None
        played = session.actions[before]
        assert same_action(played, action), (played, action)
        # Only the table's clock may have acted since (a short last call can end by now).
        assert all(isinstance(a, A.TimeUp) for a in session.actions[before + 1 :])
        await self._look()
        return session.history[before + 1] if len(session.actions) > before + 1 else self.state

    async def _private(self, action: Action) -> None:
        seat = action.player  # type: ignore[union-attr]
        panel = await self.take_keyboard(seat)
        if isinstance(action, A.Offer | A.Ask):
            await self.choose(
                panel,
                lambda m: (
                    m.ask == "price"
                    and m.template.kind == action.kind
                    and getattr(m.template, "supplier", None) == getattr(action, "supplier", None)
                    and m.template.cards == action.cards
                ),
            )
            await self.price(action.price)
            assert self.app.screen is panel  # talking keeps the keyboard
        elif isinstance(action, A.Discard):
            await self.choose(panel, lambda m: m.ask == "discard")
            await self.discard(action.cards)
        elif isinstance(action, A.Close):
            await self.choose(panel, lambda m: m.ask == "close")
            await self.close(action)
        else:
            await self.choose(panel, lambda m: m.action == action and m.ask is None)
            if isinstance(action, ASKED_TWICE):
                await self.confirm()
        if not isinstance(action, KEEPS_THE_KEYBOARD):
            # The move is made: the keyboard goes back to the table (or on to the scores).
            assert isinstance(self.app.screen, TableScreen | ScoreScreen), self.app.screen

    async def confirm(self) -> None:
        """A move that cannot be taken back alone asks first: yes, with ``y`` (once the
        question is drawn: a key typed before it is not its answer)."""
        await self.wait_for(lambda: isinstance(self.app.screen, ConfirmDialog))
        await self.drawn()
        await self.seen("dialog", self._holder())
        await self.pilot.press("y")

    async def drawn(self) -> None:
        """Wait for the question on top to be drawn (it ignores keys typed before)."""
        screen = self.app.screen
        await self.wait_for(lambda: getattr(screen, "_drawn_at", None) is not None)

    async def _look(self) -> None:
        screen = self.app.screen
        if isinstance(screen, TableScreen):
            await self.seen("table", None)
        elif isinstance(screen, PrivatePanel):
            await self.seen("panel", screen.seat)

    def _holder(self) -> int | None:
        panels = [s for s in self.app.screen_stack if isinstance(s, PrivatePanel)]
        return panels[-1].seat if panels else None

    async def price(self, price: Price) -> None:
        dialog = self.app.screen
        assert isinstance(dialog, PriceDialog), dialog
        await self.seen("dialog", self._holder())
        assert dialog.query_one("#amount", Input).has_focus
        await self.pilot.press(*str(price.amount))
        if price.dividends:
            await self.in_dividends(dialog)
        await self.pilot.press("enter")

    async def in_dividends(self, dialog: PriceDialog) -> None:
        """The price in dividends: Down in the amount switches the unit."""
        await self.pilot.press("down")
        assert dialog.query_one("#dividends", RadioButton).value

    async def discard(self, cards: tuple[Card, ...]) -> None:
        dialog = self.app.screen
        assert isinstance(dialog, DiscardDialog), dialog
        await self.seen("dialog", self._holder())
        wanted = Counter(cards)
        picks = []
        for i, card in enumerate(dialog.hand):
            if wanted[card]:
                wanted[card] -= 1
                picks.append(i)
        chooser = dialog.query_one("#cards", SelectionList)
        await self.focus(dialog, "#cards")
        await self.pilot.pause()
        for i in picks:
            await self.walk(chooser, i)
            await self.pilot.press("space")
        await self.pilot.pause()
        assert sorted(chooser.selected) == picks
        await self.focus(dialog, "#ok")
        await self.pilot.press("enter")

    async def focus(self, screen: Screen[Any], selector: str) -> None:
        """Focus a widget of ``screen`` (a driver that counts keys gets there with Tab)."""
        screen.query_one(selector).focus()

    async def close(self, action: A.Close) -> None:
        dialog = self.app.screen
        assert isinstance(dialog, CloseDialog), dialog
        await self.seen("dialog", self._holder())
        assert dialog.proposal == action.supplies
        terms = str(dialog.query_one("#terms", Static).content)
        assert "Not yet" not in terms, terms
        await self.close_now(dialog)

    async def close_now(self, dialog: CloseDialog) -> None:
        """The close dialog's terms as they stand: Enter on its button when there was a
        choice, ``y`` when there was none (a question)."""
        await self.drawn()
        if dialog.choice:
            assert dialog.query_one("#ok", Button).has_focus  # Enter on the button, at once
            await self.pilot.press("enter")
        else:
            await self.pilot.press("y")
