"""A whole game of four with no bot, each seat on its own device (issue 24's "done when"),
over loopback: Bob at the shared keyboard (the table in a tmux pane), Cy and Di in ``imtheboss
join`` terminals (tmux panes of their own), and Ann on the phone page in headless Chromium at
390×844. Every move goes in through its seat's own screen — keys into its pane, taps on the
phone by the DevTools protocol — and is chosen from what that screen offers (the first move of
a simple policy, ``POLICY``: accept, close, roll, deal — or draw, with no family card in
hand —, lay a family card or hire for a colour the deal lacks, offer each player $1M once,
fail), never from another seat's. The game is played from the marker to the
final score.

In CI it is played on a board file (C4: the tiles and their backs are the board's to say)
whose first deal tile carries every die number on its back, so the end roll after the first
completed deal ends the game by the rules (E1: the last Boss rolls after a tile with numbers
on its back; board.md's ruling). With ``IMTHEBOSS_LONG_GAMES=1`` the same devices and policy
play a whole game on the printed board too, several deals to the end the rules say, and
write its transcript (``docs/seat-game.txt``: 317 moves in 9 minutes on a loaded machine, 18
deals, 14 closed; while the policy never drew, its hands ran out of family cards and it failed
deal after deal: 8 closed in an hour). It once stalled after
four deals, Ann (the phone) the Boss of a deal that could not close, her "Declare the deal
failed" below the phone's fold: the page handed no swipe to the terminal, so no finger could
reach it; and twice, the same way, with Bob's hand left open after he chose to close, most
likely his Escape sent before his close's question was drawn (the test's haste: ``settled``).
``IMTHEBOSS_SCREENSHOTS=DIR`` keeps the phone's screenshots and the panes' text there.

Also: a stop tapped on the phone page while a travel's count runs on the host cancels the
travel (the same stop as ``tests/seats/test_seats_in_tmux.py``'s, from a phone); a phone
whose browser speaks Spanish reads its seat in Spanish at a Korean table; a swipe on the
phone scrolls a Boss's moves to the last of them, at 390×844 and at 360×640.
"""

from __future__ import annotations

import asyncio
import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from browser import Page, chromium, chromium_or_skip
from screen import Screen
from transcript import transcript
from webkit import WAIT, free_port, served

from imtheboss import i18n
from imtheboss.web import server as web_server
from imtheboss.web.phones import PhoneSeats
from imtheboss.web.server import PHONE_COLUMNS

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux")

PHONE = {"width": 390, "height": 844}
#: A smaller phone's screen.
SMALL_PHONE = {"width": 360, "height": 640}
#: The most swipes that look through a menu one way.
SWIPES = 12
#: Who plays from which device, in the whole games.
DEVICES = (
    ("Ann", "the phone page in headless Chromium at 390×844, by taps and swipes"),
    ("Bob", "the shared keyboard: the table in a tmux pane, his hand behind its privacy screen"),
    ("Cy", "`imtheboss join` in a tmux pane of its own"),
    ("Di", "`imtheboss join` in a tmux pane of its own"),
)
#: The seed of the whole games (told in the transcript only, once the game is over).
SEED = 11
#: The longest the whole game may take (seconds): it takes about a minute.
GAME_TIME = 300.0
#: The longest the whole game on the printed board may take (seconds): ten deals closed at
#: least (E1); it took 9 minutes on a loaded machine (18 deals), and an hour gave 8 closed
#: deals to a policy that never drew.
LONG_GAME_TIME = 7200.0
#: The longest a game may go with no move from any device (seconds): a seat that cannot
#: reach its move stops the game, and is told long before the whole game's time is up.
STALL_TIME = 300.0

#: Sixteen spaces that each need four distinct colours (the Boss's own and three more), and
#: fifteen tiles of which the first ends the game on any roll.
ONE_DEAL_BOARD = "\n".join(
    ['name = "One deal"', ""]
    + [
        '[[space]]\noptional = ["red", "blue", "yellow", "pink", "orange", "green"]\n'
        "pick = 4\ndividends = 6\n"
    ]
    * 16
    + ["[[tile]]\nvalue = 5\nends_on = [1, 2, 3, 4, 5, 6]\n"]
    + ["[[tile]]\nvalue = 5\n"] * 13
    + ["[[tile]]\nvalue = 5\nlast = true\n"]
)

#: The simple policy: the first of these a seat's moves offer, in this order. A turn rolls
#: and deals where the marker lands (a failed deal leaves the marker, F3: a turn that dealt
#: where it stands could fail there for ever), or draws there with no family card in hand
#: (``draws``); a supplier lays each family card of a colour the deal lacks at $1M, the
#: Boss lays his own; a seat with a hire set hires an investor the deal lacks; the
#: Boss offers $1M once to each player for each set of cards in a deal (a seat remembers
#: what it did in the deal on its screen); a Boss who made every offer and cannot close
#: declares the deal failed; a player who can do nothing else draws.
POLICY = (
    "Accept",
    "Close the deal",
    "Pass — let it stand",
    "Put the dollar marker",
    "Roll the die",
    "Let's make a deal!",
    "Lay your ",
    "Hire the ",
    "Offer ",
    "Declare the deal failed",
    "Draw cards",
)
#: Moves made once in a deal (the Boss's offers, a seat's family cards laid, a hire).
ONCE = ("Offer ", "Lay your ", "Hire the ")
#: Moves about one colour, made only while the deal still lacks it (its deal box shows it
#: ✗): a family card laid for a colour already given, or a hire of it, helps nobody.
FOR_A_COLOUR = ("Lay your ", "Hire the ")
#: A player who rolled draws instead of dealing while the hand holds fewer family cards
#: than this (as a player keeps a hand to supply deals with: a policy that never drew ran
#: out of family cards and failed deal after deal) — unless the draw would pass the hand
#: limit (T2: the policy never discards).
FAMILY_WANTED = 1
#: The largest hand that still draws (three cards more stay within T2's 12).
DRAWS_UP_TO = 9
_COLOURS = {"red": "R", "blue": "B", "yellow": "Y", "pink": "P", "orange": "O", "green": "G"}
_LACKS = re.compile(r"(?<![A-Za-z])([RBYPOG]) {1,2}([✓✗])")
_HAND = re.compile(r"Your hand \((\d+) cards?\)")
_FAMILY = re.compile(r"(\d+) × +[RBYPOG] +family ")
#: What is drawn over the moves when a dialog is open.
DIALOG = "█▀▀▀"
_KEYED = re.compile(r"^ {1,2}(\S+) {2}(\S.*)$")
_UNKEYED = re.compile(r"^ {4}(\S.*)$")
_BARS = re.compile(r"[▁▂▃▄▅▆▇█]+\s*$")


@dataclass(frozen=True)
class Move:
    """One line of the moves menu: its place in the menu, and where its words are drawn."""

    index: int
    row: int
    column: int
    text: str


def moves(lines: list[str]) -> list[Move]:
    """The private panel's menu on a screen, each option with its key left out (the first
    is its heading: "Your moves", or the keyboard's Escape)."""
    found: list[Move] = []
    inside = False
    for row, line in enumerate(lines):
        at = line.find("▊")
        if at < 0:
            continue
        rest = line[at + 1 :]
        if rest.startswith("▔"):
            inside = True
            continue
        if rest.startswith("▁"):
            break
        if not inside:
            continue
        body = _BARS.sub("", rest.split("▎")[0]).rstrip()
        if not body.strip():
            continue
        option = _KEYED.match(body) or _UNKEYED.match(body)
        if not found or option is not None:
            text = option.groups()[-1] if option is not None else body.strip()
            found.append(Move(len(found), row, at + 1 + body.index(text), text))
        else:  # a label's next line
            last = found[-1]
            found[-1] = Move(last.index, last.row, last.column, f"{last.text} {body.strip()}")
    return found


def menu_in_sight(lines: list[str]) -> bool:
    """The whole moves menu is on the screen: both its edges, and no scroll bar in it (a menu
    longer than its room shows one)."""
    edges, bar = set(), False
    for line in lines:
        at = line.find("▊")
        if at < 0:
            continue
        rest = line[at + 1 :]
        if rest[:1] in ("▔", "▁"):
            edges.add(rest[0])
        elif _BARS.search(rest.split("▎")[0]):
            bar = True
    return edges == {"▔", "▁"} and not bar


_DEAL = re.compile(r"Deal · space \d+ · Boss \w+")
#: The shared screen's turn box, between deals: whose turn it is (before or after a roll).
_OTHERS_TURN = re.compile(r"│ (\w+)(?:'s turn\.| moved to space)")


@dataclass
class Memory:
    """What a seat remembers of the deal on its screen: the moves it made once in it."""

    deal: str = ""
    made: set[str] = field(default_factory=set)

    def look(self, screen: str) -> set[str]:
        """The moves made in the deal now on ``screen`` (none, in a new deal)."""
        found = _DEAL.search(screen)
        deal = found.group(0) if found is not None else ""
        if deal != self.deal:
            self.deal, self.made = deal, set()
        return self.made


async def pick(panes: Panes, name: str, memory: Memory) -> Move | None:
    """The policy's move in a pane's menu, played with the arrows and Enter: looked for from
    the top (Home), and if none is in sight, from the bottom (End) of a menu longer than the
    pane. It returns once the app has taken the Enter (``settled``)."""
    await panes.keys(name, "Home")
    lines = panes.lines(name)
    made = memory.look(screen := "\n".join(lines))
    move = choose(moves(lines), made, screen)
    if move is not None:
        await panes.keys(name, *["Down"] * move.index, "Enter")
        await settled(panes, name, lines)
        return move
    await panes.keys(name, "End")
    # From the bottom, the first line in sight is an option (or the rest of one).
    seen = moves(lines := panes.lines(name))
    move = choose([Move(-1, 0, 0, ""), *seen], made, "\n".join(lines))
    if move is not None:
        await panes.keys(name, *["Up"] * (len(seen) - 1 - move.index), "Enter")
        await settled(panes, name, lines)
    return move


async def settled(panes: Panes, name: str, before: list[str]) -> None:
    """Until the move just entered in a pane has taken there: its question is up, or its menu
    changed (a move changes what the seat may play next). A loaded machine takes a while,
    and a key sent meanwhile (the Escape that gives the keyboard back) would land on the
    question and call the move off. Bounded: a move that changes nothing in sight is let be."""
    await taken(lambda: panes.screen(name), before)


async def taken(screen: Callable[[], str], before: list[str]) -> None:
    """Until ``screen`` shows the move just entered as taken (``settled``), so that the game
    goes on at once and no device looks at a screen that has not caught up yet."""
    menu = [m.text for m in moves(before)]
    end = time.monotonic() + WAIT
    while time.monotonic() < end:
        text = screen()
        if DIALOG in text or [m.text for m in moves(text.splitlines())] != menu:
            return
        await asyncio.sleep(0.1)


def choose(options: list[Move], offered: set[str], screen: str = "") -> Move | None:
    """The policy's move among ``options`` (the heading is never one); a move of ``ONCE`` is
    made once in a deal (``offered`` remembers them). ``screen``, the seat's whole screen,
    tells its hand and what the deal still lacks (``draws``, ``lacking``)."""
    if draws(screen):
        for move in options[1:]:
            if move.text.startswith("Draw cards"):
                return move
    lacks = lacking(screen)
    for wanted in POLICY:
        for move in options[1:]:
            if not move.text.startswith(wanted) or move.text in offered:
                continue
            if wanted in FOR_A_COLOUR and lacks is not None and colour_of(move.text) not in lacks:
                continue
            if wanted in ONCE:
                offered.add(move.text)
            return move
    return None


def draws(screen: str) -> bool:
    """The seat would rather draw than deal: its hand, on its screen, holds fewer family
    cards than ``FAMILY_WANTED`` and room for three more (a hand not in sight deals)."""
    if "Your hand is empty." in screen:
        return True
    held = _HAND.search(screen)
    if held is None:
        return False
    family = sum(int(count) for count in _FAMILY.findall(screen))
    return family < FAMILY_WANTED and int(held.group(1)) <= DRAWS_UP_TO


def lacking(screen: str) -> set[str] | None:
    """The colours the deal box on ``screen`` marks ✗ (still lacking), or None where no
    deal box is in sight."""
    marks = _LACKS.findall(screen)
    if not marks:
        return None
    return {letter for letter, mark in marks if mark == "✗"}


def colour_of(text: str) -> str | None:
    """The colour a move's line names first (its letter), if any."""
    found = [(text.find(f" {word} "), letter) for word, letter in _COLOURS.items()]
    named = sorted((at, letter) for at, letter in found if at >= 0)
    return named[0][1] if named else None


def log_of(screen: str) -> str:
    """The shared screen's log panel alone (what changes when a move is played; a count
    running elsewhere on the screen does not)."""
    lines = screen.splitlines()
    for number, line in enumerate(lines):
        column = line.find("╭─ Log")
        if column >= 0:
            return "\n".join(rest[column:] for rest in lines[number:])
    return ""


class Panes:
    """Terminals of a tmux server of this test's own, 80×24."""

    def __init__(self, server: str, env: dict[str, str]) -> None:
        self.server = server
        self.env = env

    def tmux(self, *args: str) -> str:
        done = subprocess.run(
            ["tmux", "-L", self.server, *args],
            capture_output=True,
            text=True,
            check=True,
            timeout=10,
        )
        return done.stdout

    def open(self, name: str, command: str) -> None:
        """A pane of 80×24 running ``command``. Without the LINES and COLUMNS of the terminal
        the tests run in (a tmux pane of 200×50 exports them): the app would take them for
        its pane's size (as ``shutil.get_terminal_size`` does), draw 50 rows into 24, and
        no device would find its moves."""
        setting = " ".join(f"{k}={v}" for k, v in self.env.items())
        self.tmux(
            "new-session", "-d", "-s", name, "-x", "80", "-y", "24",
            f"env -u LINES -u COLUMNS {setting} {command}; sleep 600",
        )  # fmt: skip

    def lines(self, name: str) -> list[str]:
        return self.tmux("capture-pane", "-p", "-t", name).splitlines()

    def screen(self, name: str) -> str:
        return "\n".join(self.lines(name))

    async def keys(self, name: str, *keys: str) -> None:
        for key in keys:
            self.tmux("send-keys", "-t", name, key)
            # The arrows only move a menu's highlight: the app takes them as fast as sent.
            await asyncio.sleep(0.05 if key in ("Up", "Down") else 0.15)

    async def wait_for(self, name: str, seen: Callable[[str], bool], what: str) -> str:
        end = time.monotonic() + WAIT
        while True:
            text = self.screen(name)
            if seen(text):
                return text
            if time.monotonic() > end:
                raise AssertionError(f"waited for {what} on {name}; the screen:\n{text}")
            await asyncio.sleep(0.2)


@pytest.fixture
def panes(tmp_path: Path) -> Iterator[Panes]:
    home = tmp_path / "home"
    home.mkdir()
    panes = Panes(f"imtheboss-game-{os.getpid()}-{tmp_path.name}", {"IMTHEBOSS_HOME": str(home)})
    try:
        yield panes
    finally:
        subprocess.run(["tmux", "-L", panes.server, "kill-server"], capture_output=True)


class PhoneScreens:
    """What each phone's seat process drew, read as a terminal would show it."""

    def __init__(self) -> None:
        self.screens: dict[int, Screen] = {}

    def last(self) -> Screen | None:
        return list(self.screens.values())[-1] if self.screens else None


@pytest.fixture
def phone_screens(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[PhoneScreens]:
    seen = PhoneScreens()
    on_data = web_server._Relay.on_data
    start = web_server._Relay.start
    resize = web_server._Relay.set_terminal_size

    async def drawn(self: web_server._Relay, payload: bytes) -> None:
        if id(self) in seen.screens:
            seen.screens[id(self)].feed(payload)
        await on_data(self, payload)

    async def started(self: web_server._Relay, width: int, height: int) -> None:
        seen.screens[id(self)] = Screen(width, height)
        await start(self, width, height)

    async def resized(self: web_server._Relay, width: int, height: int) -> None:
        screen = seen.screens.get(id(self))
        if screen is not None and (screen.columns, screen.rows) != (width, height):
            screen.resize(width, height)
        await resize(self, width, height)

    monkeypatch.setattr(web_server._Relay, "on_data", drawn)
    monkeypatch.setattr(web_server._Relay, "start", started)
    monkeypatch.setattr(web_server._Relay, "set_terminal_size", resized)
    monkeypatch.setenv("IMTHEBOSS_HOME", str(tmp_path / "phones-home"))
    yield seen


@dataclass
class Phone:
    """Ann's phone: the page in Chromium, and what its seat process draws."""

    page: Page
    screens: PhoneScreens
    memory: Memory = field(default_factory=Memory)

    def lines(self) -> list[str]:
        screen = self.screens.last()
        return screen.lines() if screen is not None else []

    def text(self) -> str:
        return "\n".join(self.lines())

    async def cell(self, row: int, column: int) -> tuple[float, float]:
        """The middle of that cell of the terminal, on the page."""
        screen = self.screens.last()
        assert screen is not None
        box = await self.page.evaluate(
            "(() => { const r = document.querySelector('.xterm-screen')"
            ".getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; })()"
        )
        left, top, width, height = box
        return (
            left + (column + 0.5) * width / screen.columns,
            top + (row + 0.5) * height / screen.rows,
        )

    async def tap(self, row: int, column: int) -> None:
        """A tap on the middle of that cell of the terminal."""
        await self.page.tap(*await self.cell(row, column))

    async def tap_text(self, text: str) -> None:
        for row, line in enumerate(self.lines()):
            column = line.find(text)
            if column >= 0:
                await self.tap(row, column + 1)
                return
        raise AssertionError(f"no {text!r} on the phone:\n{self.text()}")

    async def wait_for(self, seen: Callable[[str], bool], what: str) -> str:
        end = time.monotonic() + WAIT
        while True:
            text = self.text()
            if seen(text):
                return text
            if time.monotonic() > end:
                raise AssertionError(f"waited for {what} on the phone; its screen:\n{text}")
            await asyncio.sleep(0.2)

    async def step(self) -> bool:
        """One move of Ann's, if her screen offers one: a dialog answered, or the policy's
        move tapped."""
        text = self.text()
        if DIALOG in text:
            for button in ("Yes (y)", "close it ("):
                if button in text:
                    await self.tap_text(button)
                    await self.closed()
                    return True
            if "Propose" in text:
                # The phone page offers no digits to tap (it keeps the on-screen keyboard
                # shut): the price is typed as a phone's keyboard would, then proposed.
                await self.page.key("1", "Digit1", "1", 49)
                await asyncio.sleep(0.3)
                await self.tap_text("Propose")
                await self.closed()
                return True
            raise AssertionError(f"a dialog the policy has no answer for:\n{text}")
        made = self.memory.look(text)
        move = choose(moves(self.lines()), made, text)
        if move is None and not menu_in_sight(self.lines()):
            move = await self.scroll_to(lambda options: choose(options, made, self.text()))
        if move is None:
            return False
        before = self.lines()
        await self.tap(move.row, move.column + 1)
        await taken(self.text, before)
        return True

    async def closed(self) -> None:
        """Until the dialog just answered is gone (bounded, as ``taken``): a dialog still in
        sight would be answered twice."""
        end = time.monotonic() + WAIT
        while DIALOG in self.text() and time.monotonic() < end:
            await asyncio.sleep(0.1)

    async def scroll_to(self, find: Callable[[list[Move]], Move | None]) -> Move | None:
        """A menu longer than the phone's screen, swiped through a few rows at a time until
        ``find`` finds its move in sight or the screen stops changing (the end), then swiped
        back to the top if it found none. The heading is out of sight once the menu has
        scrolled: a stand-in takes its place (``find`` never takes the first)."""
        for _swipe in range(SWIPES):
            options = moves(before := self.lines())
            if len(options) < 2:
                return None
            await self.swipe(options[-1], 6)
            if self.lines() == before:
                break
            options = moves(self.lines())
            if options and not options[0].text.startswith("Your moves"):
                options = [Move(-1, 0, 0, ""), *options]
            move = find(options)
            if move is not None:
                return move
        for _swipe in range(SWIPES):
            options = moves(before := self.lines())
            if not options:
                break
            await self.swipe(options[0], -12)
            if self.lines() == before:
                break
        return None

    async def swipe(self, over: Move, rows: int) -> None:
        """A finger laid on one line of the menu and drawn up ``rows`` rows (down when
        negative), as a phone's touch screen sends it: the menu scrolls that way, and on
        past its end what holds it (the whole panel)."""
        screen = self.screens.last()
        assert screen is not None
        x, y = await self.cell(over.row, over.column)
        _left, _top, _width, height = await self.page.evaluate(
            "(() => { const r = document.querySelector('.xterm-screen')"
            ".getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; })()"
        )
        row = height / screen.rows
        await self.page.call(
            "Input.dispatchTouchEvent", type="touchStart", touchPoints=[{"x": x, "y": y}]
        )
        steps = max(1, abs(rows))
        for step in range(1, steps + 1):
            moved = y - row * rows * step / steps
            await self.page.call(
                "Input.dispatchTouchEvent", type="touchMove", touchPoints=[{"x": x, "y": moved}]
            )
            await asyncio.sleep(0.02)
        await self.page.call("Input.dispatchTouchEvent", type="touchEnd", touchPoints=[])
        await asyncio.sleep(0.8)


async def phone_page(
    page: Page,
    site: str,
    screens: PhoneScreens,
    language: str | None = None,
    size: dict[str, int] = PHONE,
) -> Phone:
    """The phone page opened in ``page`` as a phone shows it (390×844 unless ``size`` says,
    touch; ``language``: the browser's Accept-Language)."""
    await page.call("Emulation.setDeviceMetricsOverride", deviceScaleFactor=1, mobile=True, **size)
    if language is not None:
        await page.call(
            "Network.setUserAgentOverride",
            userAgent="Mozilla/5.0 (Linux; Android 14) Mobile",
            acceptLanguage=language,
        )
    await page.call("Emulation.setTouchEmulationEnabled", enabled=True)
    await page.call("Page.enable")
    await page.call("Page.navigate", url=site + "/")
    return Phone(page, screens)


@dataclass
class Terminal:
    """A seat in an ``imtheboss join`` pane."""

    panes: Panes
    name: str
    memory: Memory = field(default_factory=Memory)

    async def step(self) -> bool:
        text = self.panes.screen(self.name)
        if DIALOG in text:
            return await answer(self.panes, self.name, text)
        return await pick(self.panes, self.name, self.memory) is not None


async def answer(panes: Panes, name: str, text: str) -> bool:
    """The policy's answer to a dialog in a pane: yes to an acceptance or a close, $1M for a
    price."""
    if "Yes (y)" in text or "close it (y)" in text:
        await panes.keys(name, "y")
    elif "close it (Enter)" in text:
        await panes.keys(name, "Enter")
    elif "Propose" in text:
        await panes.keys(name, "1", "Enter")
    else:
        raise AssertionError(f"a dialog the policy has no answer for on {name}:\n{text}")
    return True


@dataclass
class Keyboard:
    """Bob at the shared keyboard: the table's own keys for the marker, and his hand opened
    behind the privacy screen (key 2) for his moves, whenever the table changed since he
    last looked."""

    panes: Panes
    name: str = "Bob"
    key: str = "2"
    memory: Memory = field(default_factory=Memory)
    looked_at: str = ""
    #: A move entered in his last look (counted even if the game ended before he was done).
    entered: bool = False

    async def step(self) -> bool:
        table = self.panes.screen("table")
        if "Final money" in table:
            return False
        if " m Place marker" in table and f"{self.name}, on" in table:
            await self.panes.keys("table", "m")
            await self.panes.wait_for("table", lambda s: "dollar marker on which" in s, "spaces")
            await self.panes.keys("table", "Enter")  # the first space offered
            return True
        log = log_of(table)
        if log == self.looked_at or "Keyboard to" in table or " — only " in table:
            return False
        turn = _OTHERS_TURN.search(table)
        if turn is not None and turn.group(1) != self.name and "Deal · space" not in table:
            return False  # another's turn and no deal on: nothing in his hand to play
        self.entered = False
        try:
            return await self.look()
        except AssertionError:
            # The game ended while he looked (another device's end roll): the final score
            # covers the table, and what he waited for never comes.
            if "Final money" in self.panes.screen("table"):
                return self.entered
            raise

    async def look(self) -> bool:
        """His hand opened behind the privacy screen, the policy's move played from it, and
        the keyboard given back."""
        await self.panes.keys("table", self.key)
        await self.panes.wait_for("table", lambda s: f"Keyboard to {self.name}" in s, "privacy")
        await self.panes.keys("table", "Enter")
        own = f"{self.name} — only {self.name} looks"
        await self.panes.wait_for("table", lambda s: own in s, "Bob's hand")
        move = await pick(self.panes, "table", self.memory)
        self.entered = move is not None
        for _try in range(3):
            text = self.panes.screen("table")
            if own not in text:
                break
            if DIALOG in text:
                await answer(self.panes, "table", text)
                await self.panes.wait_for("table", lambda s: DIALOG not in s, "the answer")
                continue
            await self.panes.keys("table", "Escape")  # the keyboard back to the table
            await self.panes.wait_for(
                "table", lambda s: own not in s or DIALOG in s, "the table again"
            )
        await self.panes.wait_for("table", lambda s: own not in s, "the table again")
        # After a move he looks again (a roll is followed by his deal); after none, not
        # before the table changes.
        self.looked_at = "" if move is not None else log_of(self.panes.screen("table"))
        return move is not None


def _stalled(shared: str, phone: Phone, panes: Panes) -> str:
    """What each device showed when no device found a move for ``STALL_TIME``."""
    screens = [f"table:\n{shared}", f"Ann's phone:\n{phone.text()}"]
    screens += [f"{name}:\n{panes.screen(name)}" for name in ("cy", "di")]
    return f"no move for {STALL_TIME:.0f} s; the screens:\n" + "\n\n".join(screens)


def _keep(shots: Path, name: str, panes: Panes, names: tuple[str, ...]) -> None:
    for pane in names:
        (shots / f"{name}-{pane}.txt").write_text(panes.screen(pane) + "\n")


@dataclass
class Night:
    """What a whole game left: the last screen of each device, its moves and its seconds."""

    screens: dict[str, str]
    moves: int
    seconds: float


def play_a_whole_game(
    tmp_path: Path,
    panes: Panes,
    phone_screens: PhoneScreens,
    board: list[str],
    game_time: float,
    shots: Path,
    say: Callable[[str], None] = lambda line: None,
) -> Night:
    """A game of four from the marker to the final score, each seat played by the policy from
    its own device's screen (``board``: the ``play`` arguments for the board, none for the
    printed one); ``say`` hears a line at each move."""
    program_chromium = chromium_or_skip()
    program = Path(sys.executable).with_name("imtheboss")
    seats_port = free_port()
    phones = PhoneSeats(f"ws://127.0.0.1:{seats_port}/", tmp_path)
    night = Night({}, 0, 0.0)

    async def play() -> None:
        async with served(phones, processes=2, per_address=1) as phone_site:
            panes.open(
                "table",
                f"{program} play --save-dir {tmp_path / 'table'} --seats --seats-port "
                f"{seats_port} --phone-page {phone_site.url}/ --names Ann,Bob,Cy,Di --seed {SEED} "
                f"{' '.join(board)} --stop-window 60 --last-call 60",
            )
            await panes.wait_for("table", lambda s: f"127.0.0.1:{seats_port}/" in s, "the door")
            for name, seat in (("cy", 3), ("di", 4)):
                panes.open(
                    name,
                    f"{program} join --save-dir {tmp_path / name} --seat {seat} "
                    f"127.0.0.1:{seats_port}",
                )
            async with chromium(program_chromium) as page:
                phone = await phone_page(page, phone_site.url, phone_screens)
                await phone.wait_for(lambda s: "1. Ann" in s, "the seats to choose")
                await phone.tap_text("1. Ann")
                await phone.wait_for(lambda s: "only Ann looks" in s, "Ann's hand")
                await panes.wait_for(
                    "table", lambda s: "on devices: Ann, Cy, Di" in s, "three devices"
                )
                await page.screenshot(shots / "seat-game-1-seated.png")
                _keep(shots, "seat-game-1-seated", panes, ("table", "cy", "di"))
                seats: list[Phone | Keyboard | Terminal] = [
                    phone,
                    Keyboard(panes),
                    Terminal(panes, "cy"),
                    Terminal(panes, "di"),
                ]
                names = ("Ann", "Bob", "Cy", "Di")
                start = time.monotonic()
                end = start + game_time
                middle_kept = False
                moved = start
                while "Final money" not in (shared := panes.screen("table")):
                    now = time.monotonic()
                    assert now < end, shared
                    assert now - moved < STALL_TIME, _stalled(shared, phone, panes)
                    # A hand on a device is never on the shared screen (Bob's is his own).
                    assert not any(f"only {n} looks" in shared for n in ("Ann", "Cy", "Di"))
                    acted = False
                    for name, device in zip(names, seats, strict=True):
                        if await device.step():
                            acted, night.moves = True, night.moves + 1
                            moved = time.monotonic()
                            say(f"{time.monotonic() - start:7.1f}s  move {night.moves}: {name}")
                            await asyncio.sleep(0.2)
                    if not middle_kept and "Agreed: " in phone.text():
                        await page.screenshot(shots / "seat-game-2-deal.png")
                        _keep(shots, "seat-game-2-deal", panes, ("table", "cy", "di"))
                        middle_kept = True
                    if not acted:
                        await asyncio.sleep(0.5)
                night.seconds = time.monotonic() - start
                await asyncio.sleep(1.0)
                await phone.wait_for(lambda s: "The game is over" in s, "the end on the phone")
                await page.screenshot(shots / "seat-game-3-over.png")
                _keep(shots, "seat-game-3-over", panes, ("table", "cy", "di"))
                (shots / "seat-game-3-over-phone.txt").write_text(phone.text() + "\n")
                night.screens = {
                    "table": panes.screen("table"),
                    "cy": panes.screen("cy"),
                    "di": panes.screen("di"),
                    "phone": phone.text(),
                }

    asyncio.run(asyncio.wait_for(play(), game_time + 4 * WAIT))
    return night


def test_the_policy_draws_with_no_family_card_and_lays_only_what_the_deal_lacks() -> None:
    """The policy reads the seat's own screen: a hand with no family card draws after a roll
    (one with a family card deals); in a deal, a family card or a hire is played only for
    a colour the deal box marks ✗, and the Boss's offers still go out once each."""
    rolled = [Move(0, 0, 0, "Your moves"), Move(1, 1, 0, "Let's make a deal! (here)")]
    rolled.append(Move(2, 2, 0, "Draw cards"))
    no_family = "Your hand (4 cards):\n1 ×  B  travel blue\n3 ×  HIRE   (3 take an investor)"
    family = no_family + "\n2 ×  P  family pink"
    assert (choose(rolled, set(), no_family) or rolled[0]).text == "Draw cards"
    assert (choose(rolled, set(), family) or rolled[0]).text.startswith("Let's make a deal!")
    full = 'Your hand (10 cards):\n10 ×  BOSS   "I\'m the Boss!"'
    assert (choose(rolled, set(), full) or rolled[0]).text.startswith("Let's make a deal!")
    deal = (
        "│  P  ✓ the Boss's family card  │\n│  O  ✗ needs Bob or a family card │\n"
        "│ and 2 of:  R ✓  B ✗  Y ✓      │"
    )
    menu = [
        Move(0, 0, 0, "Your moves"),
        Move(1, 1, 0, "Lay your pink family card and name your price…"),
        Move(2, 2, 0, "Hire the red investor (3 hire cards)"),
        Move(3, 3, 0, "Lay your orange family card and name your price…"),
        Move(4, 4, 0, "Hire the blue investor (3 hire cards)"),
        Move(5, 5, 0, "Offer Bob a price for Bob's orange investor…"),
    ]
    made: set[str] = set()
    picked = [choose(menu, made, deal) for _ in range(3)]
    assert [m.text if m else None for m in picked] == [menu[3].text, menu[4].text, menu[5].text]
    assert lacking("no deal here") is None


def test_a_whole_game_of_four_each_seat_on_its_own_device(
    tmp_path: Path, panes: Panes, phone_screens: PhoneScreens
) -> None:
    board = tmp_path / "one-deal.toml"
    board.write_text(ONE_DEAL_BOARD)
    shots = Path(os.environ.get("IMTHEBOSS_SCREENSHOTS") or tmp_path)
    night = play_a_whole_game(
        tmp_path, panes, phone_screens, ["--board", str(board)], GAME_TIME, shots
    )
    final = night.screens["table"]
    assert "Cy won" in final and "1 deal was closed." in final
    assert "The game is over" in night.screens["phone"]
    assert night.moves >= 10  # marker, deal, three offers, three accepts, close, roll


_CLOSED = re.compile(r"(\d+) deals? (?:was|were) closed\.")


@pytest.mark.skipif(
    not os.environ.get("IMTHEBOSS_LONG_GAMES"),
    reason="a whole game on the printed board takes about ten minutes: "
    "set IMTHEBOSS_LONG_GAMES=1 to play it",
)
def test_a_whole_game_on_the_printed_board_each_seat_on_its_own_device(
    tmp_path: Path, panes: Panes, phone_screens: PhoneScreens
) -> None:
    """The same four devices and policy on the board ``play`` uses (the printed one), no board
    file: several deals, to the end the rules say (the end roll, E1, or the last tile, E2).
    ``IMTHEBOSS_SCREENSHOTS=DIR`` keeps each device's last screen, a line a move
    (``seat-game-moves.txt``) and the game's transcript (``seat-game.txt``, from its save)
    there."""
    shots = Path(os.environ.get("IMTHEBOSS_SCREENSHOTS") or tmp_path)
    moves_file = shots / "seat-game-moves.txt"
    moves_file.write_text("")

    def say(line: str) -> None:
        with moves_file.open("a") as out:
            out.write(line + "\n")

    night = play_a_whole_game(tmp_path, panes, phone_screens, [], LONG_GAME_TIME, shots, say)
    final = night.screens["table"]
    closed = _CLOSED.search(final)
    assert closed is not None, final
    assert int(closed.group(1)) >= 2, final  # several deals, not the one-deal board's one
    assert "Final money" in final and " won" in final
    for device in ("cy", "di", "phone"):
        assert "The game is over" in night.screens[device], night.screens[device]
    say(f"{night.seconds:.0f} s, {night.moves} moves, {closed.group(0)}")
    (save,) = (tmp_path / "table" / "finished").glob("*.txt")
    told = transcript(save.read_text("utf-8"), DEVICES, night.moves, night.seconds, SEED)
    assert f"{closed.group(1)} closed" in told and "Final money" in told
    (shots / "seat-game.txt").write_text(told)


def test_a_stop_tapped_on_the_phone_cancels_a_travel_during_its_count(
    tmp_path: Path, panes: Panes, phone_screens: PhoneScreens
) -> None:
    """Bob's seat on the phone page: he places the marker with a tap, Cy deals at the shared
    keyboard, Ann (in a ``join`` terminal) sends Bob's orange investor travelling, and while
    the count runs on the host's clock Bob taps his stop: the travel is cancelled."""
    program_chromium = chromium_or_skip()
    program = Path(sys.executable).with_name("imtheboss")
    seats_port = free_port()
    phones = PhoneSeats(f"ws://127.0.0.1:{seats_port}/", tmp_path)
    shots = Path(os.environ.get("IMTHEBOSS_SCREENSHOTS") or tmp_path)

    async def night() -> None:
        async with served(phones, processes=2, per_address=1) as phone_site:
            panes.open(
                "table",
                f"{program} play --save-dir {tmp_path / 'table'} --seats --seats-port "
                f"{seats_port} --names Ann,Bob,Cy,Di --seed 11 --stop-window 120",
            )
            await panes.wait_for("table", lambda s: f"127.0.0.1:{seats_port}/" in s, "the door")
            panes.open(
                "ann",
                f"{program} join --save-dir {tmp_path / 'ann'} --seat 1 127.0.0.1:{seats_port}",
            )
            async with chromium(program_chromium) as page:
                phone = await phone_page(page, phone_site.url, phone_screens)
                await phone.wait_for(lambda s: "2. Bob" in s, "the seats to choose")
                await phone.tap_text("2. Bob")
                await phone.wait_for(lambda s: "Put the dollar marker" in s, "Bob's marker")
                await phone.tap_text("Put the dollar marker on space 1")
                await panes.wait_for("table", lambda s: "Deal here" in s, "Cy's turn")
                await panes.keys("table", "d")  # Cy deals, at the shared keyboard
                await panes.wait_for("ann", lambda s: "travelling" in s, "Ann's travel card")
                await panes.keys("ann", "t")  # Ann sends Bob's orange investor travelling
                await panes.wait_for("table", lambda s: "WAIT" in s, "the count on the table")
                await phone.wait_for(lambda s: "STOP — cancel" in s, "Bob's stop")
                await page.screenshot(shots / "phone-stop.png")
                await phone.tap_text("STOP — cancel")
                shared = await panes.wait_for(
                    "table", lambda s: "Bob stopped" in s, "the stop in the log"
                )
                assert "WAIT" not in shared  # the count is over: the travel was cancelled
                assert "only Bob looks" not in shared and "only Ann looks" not in shared
                await phone.wait_for(lambda s: "Bob stopped" in s, "the stop on the phone")

    asyncio.run(asyncio.wait_for(night(), 6 * WAIT))


@pytest.mark.parametrize("size", [PHONE, SMALL_PHONE], ids=["390x844", "360x640"])
def test_a_swipe_on_the_phone_brings_its_last_move_into_reach(
    tmp_path: Path, panes: Panes, phone_screens: PhoneScreens, size: dict[str, int]
) -> None:
    """Cy on the phone is the Boss of the first deal: her moves (three offers, her family
    cards, a travel, the failed deal) are longer than the menu's room. A finger swiped up
    over the menu scrolls it until the last, "Declare the deal failed", is in sight, and two
    taps play it (the move, then yes to its question); the page stays 43 columns wide. (The
    terminal in the page drops touches while the app reads the mouse: no swipe moved the
    menu, and the long game stalled on that move.)"""
    program_chromium = chromium_or_skip()
    program = Path(sys.executable).with_name("imtheboss")
    seats_port = free_port()
    phones = PhoneSeats(f"ws://127.0.0.1:{seats_port}/", tmp_path)
    shots = Path(os.environ.get("IMTHEBOSS_SCREENSHOTS") or tmp_path)
    fail = "Declare the deal failed"

    async def night() -> None:
        async with served(phones, processes=2, per_address=1) as phone_site:
            panes.open(
                "table",
                f"{program} play --save-dir {tmp_path / 'table'} --seats --seats-port "
                f"{seats_port} --names Ann,Bob,Cy,Di --seed 11",
            )
            await panes.wait_for("table", lambda s: f"127.0.0.1:{seats_port}/" in s, "the door")
            async with chromium(program_chromium) as page:
                phone = await phone_page(page, phone_site.url, phone_screens, size=size)
                await phone.wait_for(lambda s: "3. Cy" in s, "the seats to choose")
                await phone.tap_text("3. Cy")
                await phone.wait_for(lambda s: "only Cy looks" in s, "Cy's hand")
                await panes.keys("table", "m")  # Bob's marker, at the shared keyboard
                await panes.wait_for("table", lambda s: "dollar marker on which" in s, "spaces")
                await panes.keys("table", "Enter")
                await phone.wait_for(lambda s: "Let's make a deal!" in s, "Cy's deal")
                await phone.tap_text("Let's make a deal!")
                await phone.wait_for(lambda s: "Offer " in s, "the Boss's moves")
                await asyncio.sleep(0.5)
                screen = phone.screens.last()
                # 43 columns, or a few more where a cell is rounded to whole pixels (8 at
                # 360 wide: 45 columns).
                assert screen is not None
                assert PHONE_COLUMNS <= screen.columns <= PHONE_COLUMNS + 2
                assert fail not in phone.text()  # below the menu's fold
                move = await phone.scroll_to(
                    lambda options: next((m for m in options[1:] if m.text == fail), None)
                )
                assert move is not None, phone.text()
                await page.screenshot(shots / f"phone-swiped-{size['width']}.png")
                await phone.tap(move.row, move.column + 1)
                await phone.wait_for(lambda s: "Declare the deal failed?" in s, "its question")
                await phone.tap_text("Yes (y)")
                await panes.wait_for(
                    "table", lambda s: "Cy declares the deal" in s, "the failed deal"
                )

    asyncio.run(asyncio.wait_for(night(), 4 * WAIT))


def test_a_spanish_phone_at_a_korean_table_reads_its_seat_in_spanish(
    tmp_path: Path, panes: Panes, phone_screens: PhoneScreens
) -> None:
    """The table speaks Korean (``play --lang ko``); a phone whose browser speaks Spanish
    chooses its seat, reads its hand and the table's log in Spanish, and the shared screen
    stays in Korean."""
    program_chromium = chromium_or_skip()
    program = Path(sys.executable).with_name("imtheboss")
    seats_port = free_port()
    phones = PhoneSeats(f"ws://127.0.0.1:{seats_port}/", tmp_path)
    with i18n.speaking("es"):
        choose_es, new_game_es = i18n._("Choose your seat:"), i18n._("A new game.")
        looks_es = i18n._("[b]{name}[/b] — only {name} looks").format(name="Bob")
    with i18n.speaking("ko"):
        new_game_ko = i18n._("A new game.")
    looks_es = re.sub(r"\[/?b\]", "", looks_es)

    async def night() -> None:
        async with served(phones, processes=2, per_address=1) as phone_site:
            panes.open(
                "table",
                f"{program} play --lang ko --save-dir {tmp_path / 'table'} --seats "
                f"--seats-port {seats_port} --names Ann,Bob,Cy,Di --seed 11",
            )
            await panes.wait_for("table", lambda s: f"127.0.0.1:{seats_port}/" in s, "the door")
            async with chromium(program_chromium) as page:
                phone = await phone_page(page, phone_site.url, phone_screens, language="es-ES,es")
                await phone.wait_for(lambda s: choose_es in s, "the seats, in Spanish")
                await phone.tap_text("2. Bob")
                seen = await phone.wait_for(
                    lambda s: looks_es in s and new_game_es in s, "Bob's hand and log, in Spanish"
                )
                assert new_game_ko not in seen
                shared = panes.screen("table")
                assert new_game_ko in shared and new_game_es not in shared

    asyncio.run(asyncio.wait_for(night(), 4 * WAIT))
