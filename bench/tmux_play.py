"""A recorded game played whole through the real ``imtheboss play`` in a tmux pane, by the
keys a person presses, waiting on the screen as a person waits; then the finished game's
notation compared with the recorded game, move by move.

    python bench/tmux_play.py [--seed 1] [--seats 4] [--size 80x24] [--captures DIR]

The game is one of ``bench_keys.py``'s: dealer bots play it on the engine, then its planner
enters it through the app under Pilot at the same size, and every key it presses is written
down with what the screen showed just before: which screen (the table, the privacy cover and
whose, the seat's panel, a dialog), how many moves the save holds, and whether the table's
count was running. So the keys are whatever flow the app and ``bench_keys`` have now, never a
copy. Then the same game starts in tmux (``play --names … --seed … --board reconstructed``,
every other setting the command's default: the counts run in real time, 10 s and 15 s) and
each key is sent once the pane shows what the planner saw: the cover with that name, the
dialog, the count run out. A save that holds a move other than the recorded one is a misplay:
it is printed with the pane at that moment, and the game stops there. So is a screen that
never comes (a stuck one).

Prints the keys, the hand-overs and nods (the planner's counts), the seconds each deal took
at the pane, and ``misplays: N``. It never fails on timing.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import re
import shlex
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_keys import NAMES, CountingDriver, Game, _same_moves, recorded, replay
from textual.pilot import Pilot

from imtheboss.engine import Options, Setup, new_game
from imtheboss.engine import actions as A
from imtheboss.engine.actions import Action
from imtheboss.engine.game import apply
from imtheboss.notation.replay import replay_text
from imtheboss.notation.writer import to_line
from imtheboss.tui.screens.private import PrivatePanel

#: Pilot's key names that tmux spells otherwise; any other one-character key is sent as is.
TMUX_KEYS = {
    "enter": "Enter",
    "escape": "Escape",
    "tab": "Tab",
    "shift+tab": "BTab",
    "space": "Space",
    "backspace": "BSpace",
    "up": "Up",
    "down": "Down",
    "left": "Left",
    "right": "Right",
    **{f"f{n}": f"F{n}" for n in range(1, 13)},
}

#: How long a screen may take to come before the game is called stuck: a count of the
#: table's (15 s at most by default) and a loaded machine's slowest frame, with room.
PATIENCE = 60.0


@dataclass(frozen=True)
class Moment:
    """What the screen showed before a key, as the planner saw it."""

    screen: str
    #: The name on the privacy cover or the panel.
    who: str | None
    #: The moves the save holds (the table's timer is written nowhere).
    saved: int
    #: The table's count is running (a window is open).
    counting: bool


@dataclass(frozen=True)
class Press:
    key: str
    before: Moment
    #: The recorded action being entered.
    at: int


class RecordingDriver(CountingDriver):
    """bench_keys' driver, every key written down one by one with the moment before it."""

    def __init__(self, pilot: Pilot[None], plan: list[Press], fastest: bool = False) -> None:
        super().__init__(pilot, fastest)
        counted = pilot.press

        async def one_by_one(*keys: str) -> None:
            for key in keys:
                plan.append(Press(key, self.moment(), self._at))
                await counted(key)

        pilot.press = one_by_one  # type: ignore[method-assign]

    def moment(self) -> Moment:
        screen = self.app.screen
        who = getattr(screen, "player_name", None)
        if isinstance(screen, PrivatePanel):
            who = self.state.name(screen.seat)
        session = self.app.session
        saved = sum(not isinstance(a, A.TimeUp) for a in session.actions) if session else 0
        return Moment(type(screen).__name__, who, saved, self.state.window is not None)


@dataclass
class Plan:
    presses: list[Press]
    game: Game
    #: The recorded game as the app entered it: the Boss's one-step close accepts the prices
    #: in its own order (``bench_keys`` checks they are the recorded ones), so the pane is
    #: held to these.
    entered: list[Action]


def plan(seed: int, seats: int, size: tuple[int, int], fastest: bool = False) -> Plan:
    presses: list[Press] = []
    drivers: list[RecordingDriver] = []

    def recording(pilot: Pilot[None], fastest: bool) -> RecordingDriver:
        drivers.append(RecordingDriver(pilot, presses, fastest))
        return drivers[-1]

    with tempfile.TemporaryDirectory() as home:
        game = asyncio.run(
            replay(seed, seats, size, Path(home), fastest=fastest, driver_for=recording)
        )
    session = drivers[0].app.session
    assert session is not None
    entered = list(session.actions)
    unrolled = [A.Roll(player=a.player) if isinstance(a, A.Roll) else a for a in entered]
    # The fastest entry enters the same agreements by other moves (the Boss's offers and a
    # standing close): ``replay`` has held its every deal and state to the recorded game's.
    same = fastest or _same_moves(unrolled, recorded(seed, seats))
    assert same, "the planner entered another game"
    return Plan(presses, game, entered)


# -- the pane ------------------------------------------------------------------------------

_COUNT = re.compile(r"\d+s left\.")


def screen_on(pane: str) -> tuple[str, str | None]:
    """Which screen the pane shows, and whose name it carries, as a person reads it (the
    table's words in English: the game runs with ``--lang en``)."""
    if "Put the dollar marker on which space?" in pane:
        return "SpaceDialog", None
    if "Yes (y)" in pane and "No (n, Esc)" in pane:
        return "ConfirmDialog", None
    if "One, two… close it" in pane:
        return "CloseDialog", None
    if "Propose" in pane and "dividends" in pane and "Back" in pane:
        return "PriceDialog", None
    if "Discard" in pane and "Back" in pane and "Choose" in pane:
        return "DiscardDialog", None
    if "Final money" in pane:
        return "ScoreScreen", None
    cover = re.search(r"Keyboard to (.+?)\s*║", pane)
    if cover and "to see your hand" in pane:
        return "PrivacyScreen", cover.group(1).strip()
    panel = re.match(r"\s*(\S.*?) — only \1 looks", pane)
    if panel:
        return "PrivatePanel", panel.group(1)
    if "Board ·" in pane:
        return "TableScreen", None
    return "?", None


def counting(pane: str) -> bool:
    """The table's count is on the pane (a stop window or the last call)."""
    return bool(_COUNT.search(pane)) and ("WAIT" in pane or "One, two…" in pane)


class Pane:
    def __init__(self, name: str, size: tuple[int, int], home: Path, seed: int, seats: int):
        self.name, self.home = name, home
        command = [
            str(Path(sys.executable).parent / "imtheboss"),
            "play",
            "--lang",
            "en",
            "--names",
            ",".join(NAMES[:seats]),
            "--seed",
            str(seed),
            "--board",
            "reconstructed",
        ]
        env = f"IMTHEBOSS_HOME={shlex.quote(str(home))} LANG=C.UTF-8 LC_ALL=C.UTF-8"
        width, height = size
        subprocess.run(["tmux", "kill-session", "-t", name], capture_output=True)
        subprocess.run(
            [
                *("tmux", "new-session", "-d", "-s", name, "-x", str(width), "-y", str(height)),
                f"{env} {shlex.join(command)}; sleep 3600",
            ],
            check=True,
        )

    def text(self) -> str:
        out = subprocess.run(
            ["tmux", "capture-pane", "-p", "-t", self.name], capture_output=True, text=True
        )
        return out.stdout

    def send(self, key: str) -> None:
        named = TMUX_KEYS.get(key)
        args = [named] if named else ["-l", key]
        subprocess.run(["tmux", "send-keys", "-t", self.name, *args], check=True)

    def save(self) -> Path | None:
        found = sorted(self.home.glob("finished/*.txt")) or sorted(self.home.glob("games/*.txt"))
        return found[-1] if found else None

    def saved(self) -> list[str]:
        """The moves the save holds (the lines after its header; a last "time up", which
        a next line would imply, is the table's timer: not counted)."""
        path = self.save()
        if path is None:
            return []
        try:
            text = path.read_text(encoding="utf-8")
        except OSError:
            return []
        _, _, moves = text.partition("\n\n")
        lines = [line for line in moves.splitlines() if line.strip()]
        return lines[:-1] if lines and lines[-1] == "time up" else lines

    def close(self) -> None:
        subprocess.run(["tmux", "kill-session", "-t", self.name], capture_output=True)


def _said(line: str) -> str:
    """A line as the recorded game says it: a roll without the number the save adds, a
    close's colours in one order (the dialog's, the engine's: the same terms)."""
    line = re.sub(r": roll \d+$", ": roll", line)
    head, close, terms = line.partition(": close ")
    return f"{head}{close}{' '.join(sorted(terms.split()))}" if close else line


def expected_lines(seed: int, seats: int, actions: Sequence[Action]) -> list[str]:
    state = new_game(Setup(players=NAMES[:seats], seed=seed, options=Options()))
    lines = []
    for action in actions:
        line = to_line(action, state)
        if line is not None:
            lines.append(line)
        state, _ = apply(state, action)
    return lines


@dataclass
class Played:
    keys: int = 0
    misplays: list[str] = field(default_factory=list)
    #: The pane when the save first held that many moves.
    panes: dict[int, str] = field(default_factory=dict)
    #: When the save first held that many moves (seconds from the start).
    times: dict[int, float] = field(default_factory=dict)
    seconds: float = 0.0


def play_in_tmux(
    seed: int,
    seats: int,
    size: tuple[int, int],
    planned: Plan,
    captures: Path | None,
    reaction: float = 0.3,
) -> Played:
    """``reaction``: the seconds a person takes to read a screen that has changed before the
    first key on it (the keys after it on the same screen follow at once)."""
    actions = planned.entered
    wanted = expected_lines(seed, seats, actions)
    presses = planned.presses
    out = Played()
    with tempfile.TemporaryDirectory() as home:
        pane = Pane(f"tmuxplay-{seed}-{size[0]}x{size[1]}", size, Path(home), seed, seats)
        started = time.monotonic()
        try:
            before: Moment | None = None
            for number, press in enumerate(presses):
                if not _wait(pane, press.before, wanted, out, started):
                    break
                if press.before != before:
                    time.sleep(reaction)  # a new screen: read before pressing
                before = press.before
                if captures is not None:
                    (captures / f"{number:04d}-{press.key}.txt").write_text(pane.text())
                pane.send(press.key)
                out.keys += 1
            else:
                _wait(pane, Moment("ScoreScreen", None, len(wanted), False), wanted, out, started)
                _compare(pane, actions, out)
        finally:
            out.seconds = time.monotonic() - started
            if captures is not None:
                (captures / "last.txt").write_text(pane.text())
            pane.close()
    return out


def _wait(pane: Pane, moment: Moment, wanted: Sequence[str], out: Played, started: float) -> bool:
    """Wait until the pane shows ``moment``; False (and a misplay told) when a move differs
    from the recorded one or the screen never comes."""
    end = time.monotonic() + PATIENCE
    while True:
        text = pane.text()
        saved = pane.saved()
        for n in range(len(out.times) + 1, len(saved) + 1):
            out.times[n] = time.monotonic() - started
            out.panes[n] = text
        for n, line in enumerate(saved):
            if n >= len(wanted) or _said(line) != _said(wanted[n]):
                expected = wanted[n] if n < len(wanted) else "(nothing: the game is over)"
                out.misplays.append(_told(n + 1, line, expected, text))
                return False
        screen, who = screen_on(text)
        if (
            len(saved) == moment.saved
            and screen == moment.screen
            and (moment.who is None or who == moment.who)
            and (screen != "TableScreen" or counting(text) == moment.counting)
        ):
            return True
        if time.monotonic() > end:
            out.misplays.append(
                f"stuck: waited {PATIENCE:.0f} s for {moment}; the pane shows {screen} "
                f"({who}), the save {len(saved)} moves:\n{text}"
            )
            return False
        time.sleep(0.05)


def _told(number: int, line: str, expected: str, pane: str) -> str:
    return f"misplay at move {number}: the save has {line!r}, the game {expected!r}\n{pane}"


def _compare(pane: Pane, actions: Sequence[Action], out: Played) -> None:
    """The finished game's notation, read back, against the recorded actions."""
    path = pane.save()
    if path is None or path.parent.name != "finished":
        out.misplays.append(f"no finished game in {pane.home}")
        return
    played = replay_text(path.read_text(encoding="utf-8")).actions
    for n, (got, want) in enumerate(zip(played, actions, strict=False)):
        same = got == want or (
            isinstance(got, A.Roll) and isinstance(want, A.Roll) and got.player == want.player
        )
        if not same:
            saved = sum(not isinstance(a, A.TimeUp) for a in played[: n + 1])
            out.misplays.append(
                _told(saved, str(got), str(want), out.panes.get(saved, "(no pane)"))
            )
            return
    if len(played) != len(actions):
        out.misplays.append(
            f"the finished game has {len(played)} actions, the recorded one {len(actions)}"
        )


def _deal_seconds(lines: Sequence[str], times: dict[int, float]) -> list[float]:
    """Seconds from one deal's end (its close or fail in the save) to the next one's."""
    ends = [n for n, line in enumerate(lines, 1) if re.search(r": (close|fail)\b", line)]
    marks = [0.0] + [times[n] for n in ends if n in times]
    return [b - a for a, b in itertools.pairwise(marks)]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--size", default="80x24")
    parser.add_argument("--captures", type=Path, help="write the pane before every key here")
    parser.add_argument(
        "--reaction",
        type=float,
        default=0.3,
        help="seconds to read a changed screen before its first key (default 0.3)",
    )
    parser.add_argument(
        "--entry",
        choices=("recorded", "fastest"),
        default="recorded",
        help="the recorded moves as they were, or the same agreements entered the fastest way",
    )
    args = parser.parse_args(argv)
    width, height = (int(n) for n in args.size.split("x"))
    size = (width, height)
    if args.captures is not None:
        args.captures.mkdir(parents=True, exist_ok=True)
    started = time.monotonic()
    planned = plan(args.seed, args.seats, size, args.entry == "fastest")
    presses, game = planned.presses, planned.game
    print(
        f"planned game {args.seed} ({args.seats} seats, {width}×{height}) under Pilot: "
        f"{len(presses)} keys, {len(game.closed)} deals closed "
        f"({time.monotonic() - started:.0f} s)"
    )
    played = play_in_tmux(args.seed, args.seats, size, planned, args.captures, args.reaction)
    wanted = expected_lines(args.seed, args.seats, planned.entered)
    deals = _deal_seconds(wanted, played.times)
    closed = max(len(game.closed), 1)
    print(
        f"played in tmux: {played.keys} of {len(presses)} keys, {len(played.times)} of "
        f"{len(wanted)} moves, {played.seconds:.0f} s"
    )
    if deals:
        each = " ".join(f"{s:.0f}" for s in deals)
        print(f"seconds per deal: {each} (mean {sum(deals) / len(deals):.0f})")
    print(
        f"per closed deal: {game.total.keys / closed:.1f} keys, "
        f"{game.total.handovers / closed:.1f} hand-overs, {game.total.nods / closed:.1f} nods"
    )
    for told in played.misplays:
        print(told)
    print(f"misplays: {len(played.misplays)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
