"""A game being played: the engine state, the record of actions, and the autosave.

Every action is saved at once, atomically, in the game notation, so a crash or a closed
terminal never loses a game night: ``--resume`` replays the file and is back where it was.
"""

from __future__ import annotations

import os
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from .engine import actions as A
from .engine.actions import Action
from .engine.events import Event
from .engine.game import apply
from .engine.setup import Position, Setup, start
from .engine.state import GameState, Phase
from .notation import NotationError, header_lines, parse, replay_document, to_line
from .notation.convert import bots_from
from .notation.writer import as_recorded
from .textfile import UnreadableFile, read_text

#: Actions whose undo could hide nothing: undoing a draw or a roll would let a player see
#: cards or a die and take them back.
_SECRET_REVEALING = (A.Draw, A.Roll)


def data_dir() -> Path:
    """Where games are saved: $IMTHEBOSS_HOME, else the XDG data directory."""
    home = os.environ.get("IMTHEBOSS_HOME")
    if home:
        return Path(home)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "imtheboss"


class ResumeError(RuntimeError):
    """No game to resume, or a save file that no longer replays."""


@dataclass
class GameSession:
    setup: Setup | Position
    state: GameState
    actions: list[Action] = field(default_factory=list)
    history: list[GameState] = field(default_factory=list)
    #: The notation line of each action (None for the table's timer), kept as we go so a save
    #: costs a write, not a replay.
    lines: list[str | None] = field(default_factory=list)
    save_path: Path | None = None
    #: A custom board is written into the save file as its path (absolute).
    board_path: str | None = None
    #: Seats played by the computer: name → bot kind (kept in the save, for --resume).
    bots: dict[str, str] = field(default_factory=dict)

    @classmethod
    def new(
        cls,
        setup: Setup | Position,
        save_dir: Path | None = None,
        board: Path | None = None,
        bots: dict[str, str] | None = None,
    ) -> GameSession:
        session = cls(
            setup=setup,
            state=start(setup),
            board_path=str(board.resolve()) if board else None,
            bots=dict(bots or {}),
        )
        if save_dir is not None:
            stamp = time.strftime("%Y%m%d-%H%M%S")
            seed = getattr(setup, "seed", None)
            path = save_dir / "games" / f"{stamp}-seed{seed}.txt"
            copy = 1
            while path.exists():  # two games begun in the same second with the same seed
                copy += 1
                path = save_dir / "games" / f"{stamp}-seed{seed}-{copy}.txt"
            session.save_path = path
            session.save()
        return session

    @classmethod
    def load(cls, path: Path) -> GameSession:
        try:
            doc = parse(read_text(path))
            bots = bots_from(doc)
            replay = replay_document(doc, close_at_end=False, base=path.parent)
        except UnreadableFile as exc:
            raise ResumeError(str(exc)) from None
        except NotationError as exc:
            raise ResumeError(f"{path}: {exc}") from None
        bad = replay.first_illegal
        if bad is not None and bad.error is not None:
            raise ResumeError(f"{path}, line {bad.line.number}: {bad.error}")
        session = cls(
            setup=replay.setup,
            state=replay.start,
            save_path=path,
            board_path=doc.header.get("board"),
            bots=bots,
        )
        for action in replay.actions:
            session._record(action)
        if replay.final is not None and session.state != replay.final:
            raise ResumeError(f"{path}: the replay does not reach the saved position")
        return session

    @classmethod
    def resume(cls, save_dir: Path) -> GameSession:
        """The most recent unfinished game."""
        games = sorted((save_dir / "games").glob("*.txt"), key=lambda p: p.stat().st_mtime)
        if not games:
            raise ResumeError(f"no saved game in {save_dir / 'games'}")
        return cls.load(games[-1])

    def act(self, action: Action) -> tuple[Event, ...]:
        """Play an action (raises IllegalAction, leaving everything as it was) and save."""
        events = self._record(action)
        self.save()
        return events

    def _record(self, action: Action) -> tuple[Event, ...]:
        line = to_line(action, self.state)
        new, events = apply(self.state, action)
        recorded = as_recorded(action, events)
        if recorded is not action and line is not None:
            line = f"{line} {recorded.value}"  # type: ignore[union-attr]
        self.history.append(self.state)
        self.state = new
        self.actions.append(recorded)
        self.lines.append(line)
        return events

    def undo_blocker(self) -> str | None:
        """Why the last action cannot be undone, or None when it can."""
        if not self.actions:
            return "nothing has happened yet"
        last = self.actions[-1]
        if isinstance(last, _SECRET_REVEALING):
            return f"a {last.kind} cannot be taken back: it showed what chance gave"
        if isinstance(last, A.TimeUp | A.Pass) or self.state.phase is Phase.OVER:
            return "the table's count is over and its result stands"
        return None

    def undo(self) -> Action:
        reason = self.undo_blocker()
        if reason is not None:
            raise ValueError(reason)
        self.state = self.history.pop()
        self.lines.pop()
        undone = self.actions.pop()
        self.save()
        return undone

    def text(self) -> str:
        body = [line for line in self.lines if line is not None]
        if self.lines and self.lines[-1] is None:
            body.append("time up")  # a last timer cannot be implied by a next line
        header = header_lines(self.setup, self.board_path, self.bots)
        return "\n".join([*header, "", *body]) + "\n"

    def save(self) -> None:
        if self.save_path is None:
            return
        path = self.save_path
        if self.state.phase is Phase.OVER and path.parent.name != "finished":
            finished = path.parent.parent / "finished" / path.name
            self._write(finished, self.text())
            path.unlink(missing_ok=True)
            self.save_path = finished
            return
        self._write(path, self.text())

    @staticmethod
    def _write(path: Path, text: str) -> None:
        # Write beside, flush to disk, then rename over: a crash leaves the old or the new
        # file, never half of one.
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".save-", suffix=".txt")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                handle.write(text)
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
