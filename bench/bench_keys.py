"""What a hot seat costs the table: the keys pressed, the hand-overs and the dialogs, per
closed deal, for recorded games replayed through the real app by the keys a person presses.

    python bench/bench_keys.py [--games 6] [--seed 1] [--seats 4,6] [--size 80x24]

Each game is first played by dealer bots in every seat (on the engine: fast, and the same
game every time for a seed); then the app plays it again with every seat a person, and each
recorded action is entered as a person would enter it: take the keyboard (the seat's F-key,
Enter on the privacy screen), walk the menu with the arrows to the move, Enter, the price typed
and its unit chosen, the dialogs answered, the keyboard given back (Escape) before a table key
(m, d, r, w) or before the table's count may run out. The seats alternate between the counts
of ``--seats``.

A *hand-over* is the keyboard moving to another person by a seat's F-key, whatever for: a hand
shown or a public move on the cover (a *nod*: its own card's price, an offer accepted, the
Boss's accept-and-close or standing close) alike. Who has the keyboard follows the F-keys and
the table keys: a table key (m, d, r, w) is pressed by the one whose move it is (the marker's
placer, the player whose turn it is, the end roll's Boss), so the Boss who pressed d and then
takes the keyboard with their F-key hands nothing over. A table key pressed by another person
than the one who had the keyboard (the next player rolling) is the keyboard moving too; it is
counted apart, as a *table turn* (one key, no cover, no highlight to find), and printed beside
the hand-overs. The one holding the keyboard keeps it across deals. Also counted, apart:
*hands shown* (a seat's F-key, then its owner's Enter on the cover), *nods*, and *dialogs* (a
price, a confirmation, a close, a discard or the marker's space).

The replayed game must be the recorded one: after the whole game, every deal's agreements at
its close, the state at each deal's end (money, hands, owners, the tiles, the draw pile) and
the final state are compared with the recorded game's, and a difference stops the bench.

Two ways of entering a game (``--entry``, both by default): *recorded*, the recorded moves
as they were; *fastest*, the same agreements entered the fastest way the UI allows, where the
game stays the same: a deal's talk up to the Boss's close becomes the family cards laid as
recorded, the Boss's standing close (one price offered to each supplier the close needs, the
same cards and price as the recorded agreements), each supplier's nod and the close the app
plays, when the engine's proposed close is the recorded one; a price asked that the close did
not take is then not said (it ends with the deal, and the check above holds). See
``CountingDriver.stand``. Prints one line per deal closed, then the totals, for each entry;
then one line per entry, and last exactly ``keys per closed deal: K; hand-overs per closed
deal: H`` of the last entry (the fastest, with both): the totals over the closed deals, H the
keyboard moving to another person by a seat's F-key as above. Prints numbers; it never fails
on them.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
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
from imtheboss.engine.one_step import priced_offers, standing_close
from imtheboss.engine.state import FamilyRef, GameState, Phase
from imtheboss.engine.view import PlayerView
from imtheboss.tui.app import BossApp
from imtheboss.tui.bot_seats import table_decider
from imtheboss.tui.public_moves import (
    accepted,
    accepts_then_close,
    closes_after,
    needed_accepts,
    public_actions,
    public_view,
    standing_offers,
)
from imtheboss.tui.screens.close import CloseDialog
from imtheboss.tui.screens.dialogs import (
    ConfirmDialog,
    DiscardDialog,
    PriceDialog,
    SpaceDialog,
)
from imtheboss.tui.screens.privacy import PrivacyScreen
from imtheboss.tui.screens.private import Move, PrivatePanel, colours_of, public_moves

NAMES = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo")
DIALOGS = (PriceDialog, ConfirmDialog, CloseDialog, DiscardDialog, SpaceDialog)


@dataclass
class Tally:
    keys: int = 0
    #: The keyboard moving to another person by a seat's F-key (nods included).
    handovers: int = 0
    #: A table key pressed by another person than the one who had the keyboard.
    table_turns: int = 0
    #: A seat's F-key and its owner's Enter on the cover: a hand shown.
    shown: int = 0
    #: Public moves made on the privacy cover: no hand shown.
    nods: int = 0
    dialogs: int = 0
    #: The keys themselves, for ``--show-keys``.
    pressed: list[str] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        self.keys += other.keys
        self.handovers += other.handovers
        self.shown += other.shown
        self.table_turns += other.table_turns
        self.nods += other.nods
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
            if not any(_before(o, action) for o in todo[:k]) and _legal(state, action)
        ]
        if not free:
            return None
        # The one holding the keyboard goes on, else not the Boss; a Boss lays cards before
        # answering the prices asked (the one-step close answers them all).
        pick = min(
            free,
            key=lambda a: (
                a.player != holder,  # type: ignore[attr-defined]
                a.player == boss,  # type: ignore[attr-defined]
                isinstance(a, A.Accept),
            ),
        )
        holder = pick.player  # type: ignore[attr-defined]
        todo.remove(pick)
        out.append(pick)
        state, _ = apply(state, pick)
    same = expected.deal is not None and state.deal is not None and _same_deal(state, expected)
    return out if same else None


def _before(earlier: Action, later: Action) -> bool:
    """``earlier`` must stay before ``later``: the same seat's moves, or moves about the same
    seat's cards — but a family card the Boss lays and a price the Boss accepts are about
    different cards and say nothing of each other."""
    same_seat = earlier.player == later.player  # type: ignore[attr-defined]
    if _party(earlier) == _party(later):
        return True
    return same_seat and {type(earlier), type(later)} != {A.LayFamily, A.Accept}


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

    def __init__(self, pilot: Pilot[None], fastest: bool = False) -> None:
        super().__init__(pilot)
        self.now = Tally()
        self._at = 0
        #: The same agreements entered the fastest way the UI allows (``stand``).
        self.fastest = fastest
        #: The last entry was not the recorded moves but the same agreements (``stand``):
        #: how many recorded moves it stood for, less the moves it played.
        self.converted: int | None = None
        #: The person at the keyboard (None: nobody yet).
        self.holder: int | None = None
        #: The recorded actions after the one being entered.
        self.upcoming: Sequence[Action] = ()
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
        app = self.app
        take, table = app.action_take_keyboard, app.action_table

        def taking(seat: int) -> None:
            self.at_keyboard(seat, by_table_key=False)
            take(seat)

        def tabling(what: str) -> None:
            if app.session is not None and not app._someone_has_the_keyboard():
                self.at_keyboard(table_decider(self.state), by_table_key=True)
            table(what)

        app.action_take_keyboard = taking  # type: ignore[method-assign]
        app.action_table = tabling  # type: ignore[method-assign]

    def at_keyboard(self, seat: int, by_table_key: bool) -> None:
        """``seat``'s person has the keyboard now: a hand-over (or a table turn) if it was
        someone else."""
        if seat != self.holder:
            if by_table_key:
                self.now.table_turns += 1
            else:
                self.now.handovers += 1
        self.holder = seat

    async def take_keyboard(self, seat: int) -> PrivatePanel:
        screen = self.app.screen
        if not (isinstance(screen, PrivatePanel) and screen.seat == seat):
            self.now.shown += 1
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
        """The move as a person reads it on its line, by the fewest keys (``picking_keys``)."""
        index = await self.find(panel, match)
        keys = picking_keys(panel.moves, panel.seen, index, menu=True)
        assert keys is not None
        if keys[-1] == "enter":
            await self.pilot.press(*keys[:-1])
            assert panel.query_one("#moves", OptionList).highlighted == index
            keys = keys[-1:]
        await self.pilot.press(*keys)

    async def nod(self, seat: int, match: Callable[[Move], bool]) -> bool:
        """A public move made on the privacy cover, without the hand: the seat's F-key, the
        move's key (and its colour's letter). False: the seat holds the keyboard already, or
        the move is not one of the cover's, or its key alone does not pick it."""
        screen = self.app.screen
        if isinstance(screen, PrivatePanel) and screen.seat == seat:
            return False  # the hand is open: the move is made there
        state = self.state
        seen = public_view(state, seat)
        moves = public_moves(
            seen,
            public_actions(state, seat),
            accepts_then_close(state, seat),
            standing_offers(state, seat),
        )
        index = next((i for i, m in enumerate(moves) if match(m)), None)
        keys = None if index is None else picking_keys(moves, seen, index)
        if keys is None:
            return False
        await self.pilot.press(f"f{seat + 1}")  # from wherever: it takes the keyboard
        cover = self.app.screen
        assert isinstance(cover, PrivacyScreen), cover
        assert cover.moves == moves
        self.now.nods += 1
        await self.pilot.press(*keys)
        return True

    async def _private(self, action: Action) -> None:
        """A move the cover has is made there (a nod), the others in the panel."""
        seat = action.player  # type: ignore[attr-defined]
        if getattr(self.upcoming[0] if self.upcoming else None, "player", None) == seat:
            await super()._private(action)  # more to say: the keyboard, once
            return
        if isinstance(action, A.Ask):
            if await self.nod(seat, lambda m: m.ask == "price" and same_ask(m, action)):
                await self.price(action.price)
                return
        elif isinstance(action, A.Accept):
            if await self.nod(seat, lambda m: m.action == action and m.ask is None):
                await self.confirm()
                return
        elif isinstance(action, A.Close) and await self.nod(seat, lambda m: m.ask == "close"):
            await self.close(action)
            return
        await super()._private(action)

    async def several(self, actions: Sequence[Action]) -> bool:
        """Moves one line of the menu makes together, entered as that line: the Boss accepts
        every price asked at once; a family card laid and its price asked in one step.
        False: these moves are not one line."""
        first = actions[0]
        state = self.state
        deal = state.deal
        panel_seat = getattr(first, "player", None)
        self.converted = None
        if deal is None or state.window is not None or panel_seat is None:
            return False
        if self.fastest:
            self.converted = await self.stand(actions)
            if self.converted is not None:
                return True
        asked = [p.supplier for p in deal.proposals if not p.by_boss]
        said = 0
        while said < len(actions) and _boss_accepts(actions[said], deal.boss, asked):
            said += 1
        if said and await self.accept_and_close(actions, list(actions[:said])):  # type: ignore[arg-type]
            return True
        accepts = [a for a in actions[: len(asked)] if _boss_accepts(a, deal.boss, asked)]
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

    async def stand(self, actions: Sequence[Action]) -> int | None:
        """The talk of a deal up to the Boss's close, entered the fastest way with the same
        agreements: the family cards laid as recorded, then the Boss's standing close (one
        price offered to each supplier the close needs), each supplier's nod, and the close
        the app plays once the last of them accepted. Only when it is the same deal: the
        agreements made in the talk are the standing offers' suppliers, cards and price, and
        the engine's proposed close is the recorded one (``same_game`` checks the whole game
        again). A price asked that the close did not take is not said: it ends with the deal
        and changes nothing. The one whose turn comes next nods last (that person then has
        the keyboard to roll). Returns how many recorded moves the entry stood for, less the
        moves it played (None: not entered so)."""
        state = self.state
        assert state.deal is not None
        boss = state.deal.boss
        j = 0
        while j < len(actions) and actions[j].kind in ("lay_family", "offer", "ask", "accept"):
            j += 1
        close = actions[j] if j < len(actions) else None
        if j == 0 or not isinstance(close, A.Close) or close.player != boss:
            return None
        talk = actions[:j]
        at_close = accepted(state, talk)
        if at_close is None or at_close.deal is None:
            return None
        new = [a for a in at_close.deal.agreements if a not in state.deal.agreements]
        if not new or len({a.price for a in new}) != 1:
            return None
        lays = [a for a in talk if isinstance(a, A.LayFamily)]
        laid = accepted(state, lays)
        if laid is None:
            return None
        wanted = {(a.supplier, a.cards) for a in new}
        offers = next(
            (
                c
                for c in standing_offers(laid, boss)
                if {(o.supplier, o.cards) for o in c} == wanted
            ),
            None,
        )
        if offers is None:
            return None
        made = priced_offers(offers, new[0].price)
        nexts = state.left_of(state.turn)
        order = sorted((o.supplier for o in offers), key=lambda s: (s == nexts, s))
        nods = tuple(A.Accept(player=s) for s in order)
        after = accepted(laid, (*made, *nods))
        if after is None:
            return None
        predicted = standing_close(after, boss, made, nods)
        if predicted is None or predicted.supplies != close.supplies:
            return None
        for k, lay in enumerate(lays):
            self.upcoming = lays[k + 1 :]  # the next lay of the same seat keeps the keyboard
            await self.play(lay, self._at + k)
        done = self._at + len(lays) + len(made) + len(nods) + 1
        if not await self.nod(boss, lambda m: m.ask == "standing" and m.actions == offers):
            panel = await self.take_keyboard(boss)
            await self.choose(panel, lambda m: m.ask == "standing" and m.actions == offers)
        await self.price(new[0].price)
        for nod in nods:
            assert await self.nod(nod.player, lambda m, nod=nod: m.action == nod)  # type: ignore[misc]
            await self.confirm()
        await self.wait_for(lambda: len(self.app.session.actions) >= done)  # type: ignore[union-attr]
        return (j + 1) - (len(lays) + len(made) + len(nods) + 1)

    async def accept_and_close(self, actions: Sequence[Action], accepts: list[A.Accept]) -> bool:
        """The Boss accepts the prices asked that a close uses and closes, in one move (the
        cover's, or the panel's when the Boss holds the keyboard): when that close follows
        and it is the one the dialog proposes."""
        state = self.state
        boss = accepts[0].player
        close = actions[len(accepts)] if len(actions) > len(accepts) else None
        every = accepts_then_close(state, boss)
        if not isinstance(close, A.Close) or not every:
            return False
        if set(needed_accepts(state, every, close.supplies)) != set(accepts):
            return False
        closes = closes_after(state, boss, every)
        if close.supplies not in [c.supplies for c in closes]:
            return False
        done = self._at + len(accepts) + 1
        if not await self.nod(boss, lambda m: m.ask == "accept_close"):
            panel = await self.take_keyboard(boss)
            await self.choose(panel, lambda m: m.ask == "accept_close")
        await self.close(close)
        await self.wait_for(lambda: len(self.app.session.actions) >= done)  # type: ignore[union-attr]
        return True

    async def close(self, action: A.Close) -> None:
        """The close dialog's terms made the recorded ones: with a choice, each colour whose
        card differs moved on by its letter until it is the one, then Enter on the button."""
        dialog = self.app.screen
        assert isinstance(dialog, CloseDialog), dialog
        await self.drawn()
        if dialog.choice:
            for colour in dialog.choices:
                for _ in range(len(dialog.choices[colour]) + 1):
                    if dialog.chosen.get(colour) == action.supplies.get(colour):
                        break
                    await self.pilot.press(colour.letter.lower())
        assert dialog.chosen == action.supplies, (dialog.chosen, action.supplies)
        await self.close_now(dialog)


def _player(action: Action) -> int | None:
    return getattr(action, "player", None)


def _boss_accepts(action: Action, boss: int, asked: Sequence[int]) -> bool:
    return isinstance(action, A.Accept) and action.player == boss and action.supplier in asked


def picking_keys(
    moves: Sequence[Move], seen: PlayerView, index: int, menu: bool = False
) -> list[str] | None:
    """The fewest keys that pick ``moves[index]``: its key when it is the only line of its
    kind, or its key and the letter of a colour that picks it (as the panel and the cover
    do); on the panel's menu (``menu``, the highlight on the first line) also the key
    pressed until its line is highlighted, the key and a letter then the arrows to it, or
    the arrows alone, and Enter; on the cover, which has no highlight, the key pressed until
    the line is marked, and Enter. None when no key picks it."""
    target = moves[index]
    key = target.key
    if len(key) != 1:
        return None if not menu else ["down"] * index + ["enter"]
    lines = [i for i, m in enumerate(moves) if m.key == key]
    if lines == [index]:
        return [key]

    def picks(colour: Colour) -> list[int]:
        """The lines the colour's letter picks after the key."""
        with_it = [i for i in lines if colour in colours_of(moves[i], seen)]
        alone = [i for i in with_it if colours_of(moves[i], seen) == {colour}]
        return alone or with_it

    colours = sorted(colours_of(target, seen), key=lambda c: c.letter)
    exact = [c.letter.lower() for c in colours if picks(c) == [index]]
    if exact:
        return [key, exact[0]]
    # The key again, then Enter (not when the key is a colour's letter too: p for pink).
    letter = any(key.upper() in {c.letter for c in colours_of(moves[i], seen)} for i in lines)
    again = None if letter else [key] * (lines.index(index) + 1) + ["enter"]
    if not menu:
        return again
    ways = [["down"] * index + ["enter"], *([again] if again else [])]
    for colour in colours:
        picked = picks(colour)
        if index in picked:
            step = "down" if index > picked[0] else "up"
            arrows = [step] * abs(index - picked[0])
            ways.append([key, colour.letter.lower(), *arrows, "enter"])
    return min(ways, key=len)


def same_ask(move: Move, action: A.Ask) -> bool:
    """The move's question is ``action`` but for the price."""
    template = move.template
    return isinstance(template, A.Ask) and template.cards == action.cards


async def replay(
    seed: int,
    seats: int,
    size: tuple[int, int],
    home: Path,
    deals: int | None = None,
    fastest: bool = False,
    driver_for: Callable[[Pilot[None], bool], CountingDriver] = CountingDriver,
) -> Game:
    """One recorded game through the app (``deals``: only until that many have closed;
    ``fastest``: the same agreements entered the fastest way, see ``CountingDriver.stand``;
    ``driver_for``: a driver that also writes the keys down, as ``tmux_play.py``'s does)."""
    actions = recorded(seed, seats)
    result = Game(seed=seed, seats=seats)
    # The recorded games were played on the reconstruction (a Setup without a board), which a
    # new table no longer starts on (issue 21).
    app = BossApp(settings(home, names=NAMES[:seats], seed=seed, board="reconstructed"))
    started = time.perf_counter()
    async with app.run_test(size=size) as pilot:
        driver = driver_for(pilot, fastest)
        await driver.wait_for(lambda: app.session is not None)
        session = app.session
        assert session is not None
        # The recorded moves that the fastest entry said in fewer moves (``stand``).
        shift = 0
        while len(session.actions) + shift < len(actions):
            at = len(session.actions)
            action = actions[at + shift]
            deals_before = driver.state.deals_done
            closed_before = _closed(driver.state)
            driver._at = at
            driver.upcoming = actions[at + shift + 1 :]
            if await driver.several(actions[at + shift :]):
                played = session.actions[at:]
                if driver.converted is not None:
                    shift += driver.converted
                else:
                    start = at + shift
                    assert _same_moves(played, actions[start : start + len(played)]), played
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
        played = list(session.actions)
        history = [*session.history[: len(played)], session.state]  # the state before each
    result.seconds = time.perf_counter() - started
    same_game(history, played, actions, full=deals is None)
    return result


def same_game(
    history: Sequence[GameState], played: Sequence[Action], actions: Sequence[Action], full: bool
) -> None:
    """The game replayed is the recorded one: each deal's agreements at its close and the
    state at each deal's end, and (``full``) the final state. AssertionError otherwise."""
    state = history[0]
    states = [state]
    for action in actions:
        state, _ = apply(state, action)
        states.append(state)
    mine, theirs = deal_ends(history, played), deal_ends(states, actions)
    assert len(mine) <= len(theirs), (len(mine), len(theirs))
    for number, (one, other) in enumerate(zip(mine, theirs, strict=False), 1):
        assert one[0] == other[0], f"deal {number}: agreements {one[0]} against {other[0]}"
        assert one[1] == other[1], f"deal {number}: not the recorded game at its end"
    if full:
        assert len(mine) == len(theirs) and history[-1] == states[-1], "not the recorded end"


def deal_ends(
    states: Sequence[GameState], actions: Sequence[Action]
) -> list[tuple[frozenset[Any], GameState]]:
    """Per deal ended: the agreements at its close (empty: it failed) and the state after
    it. ``states[k]`` is the state before ``actions[k]``."""
    out: list[tuple[frozenset[Any], GameState]] = []
    agreed: frozenset[Any] = frozenset()
    for k, action in enumerate(actions):
        before, after = states[k], states[k + 1]
        if isinstance(action, A.Close) and before.deal is not None:
            agreed = frozenset(before.deal.agreements)
        if after.deals_done != before.deals_done or (
            after.phase is Phase.OVER and before.phase is not Phase.OVER
        ):
            out.append((agreed, after))
            agreed = frozenset()
    return out


def _same_moves(one: Sequence[Action], other: Sequence[Action]) -> bool:
    """The same moves, in any order (a close's cards are a dict: unhashable)."""
    rest = list(other)
    for action in one:
        if action not in rest:
            return False
        rest.remove(action)
    return not rest


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
    parser.add_argument(
        "--entry",
        choices=("recorded", "fastest", "both"),
        default="both",
        help="the recorded moves as they were, the same agreements the fastest way, or both",
    )
    args = parser.parse_args(argv)
    counts = [int(s) for s in args.seats.split(",")]
    width, height = (int(n) for n in args.size.split("x"))
    entries = ("recorded", "fastest") if args.entry == "both" else (args.entry,)
    summaries = []
    for entry in entries:
        games: list[Game] = []
        with tempfile.TemporaryDirectory() as home:
            for g in range(args.games):
                seats = counts[g % len(counts)]
                replayed = replay(
                    args.seed + g,
                    seats,
                    (width, height),
                    Path(home),
                    args.deals,
                    entry == "fastest",
                )
                game = asyncio.run(replayed)
                games.append(game)
                for number, deal in enumerate(game.closed, 1):
                    print(f"{entry}: game {game.seed} ({seats} seats) deal {number}: {said(deal)}")
                    if args.show_keys:
                        print("   ", " ".join(deal.pressed))
                print(
                    f"{entry}: game {game.seed}: {len(game.closed)} deals closed, "
                    f"{said(game.total)} ({game.seconds:.0f} s)"
                )
        closed = sum(len(g.closed) for g in games)
        total = Tally()
        for game in games:
            total.add(game.total)
        print(
            f"{entry}: {len(games)} games ({args.seats} seats, {width}×{height}), {closed} "
            f"deals closed: {said(total)}; per closed deal: {said(total, closed)}"
        )
        summaries.append(
            f"keys per closed deal: {total.keys / closed:.1f}; "
            f"hand-overs per closed deal: {total.handovers / closed:.1f}"
        )
    for entry, summary in zip(entries, summaries, strict=True):
        print(f"{entry} entry: {summary}")
    print(summaries[-1])


def said(tally: Tally, per: int = 1) -> str:
    """A tally's figures, in all or per closed deal (``per``)."""

    def n(value: int) -> str:
        return str(value) if per == 1 else f"{value / per:.1f}"

    return (
        f"{n(tally.keys)} keys, {n(tally.handovers)} hand-overs, "
        f"{n(tally.table_turns)} table turns, {n(tally.shown)} hands shown, "
        f"{n(tally.nods)} nods, {n(tally.dialogs)} dialogs"
    )


if __name__ == "__main__":
    main()
