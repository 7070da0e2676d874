"""A game being played: the engine state, the record of actions, and the autosave.

Every action is saved at once, atomically, in the game notation, so a crash or a closed
terminal never loses a game night: ``--resume`` replays the file and is back where it was.
A folder that cannot be written does not stop the game: it goes on in memory, every move
retries the save, and the first save that succeeds writes the whole game.

During a game the seed never shows: the file is named by the time it began, and the save holds
the seed sealed (see ``seal.py``). The finished game's file, in ``finished/``, holds it plainly,
so the game can be checked and replayed.
"""

from __future__ import annotations

import errno
import os
import re
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from .engine import actions as A
from .engine.actions import Action
from .engine.begin import start
from .engine.events import Event
from .engine.game import apply
from .engine.setup import Setup

if TYPE_CHECKING:
    from .engine.position import Position
from .engine.state import GameState, Phase
from .i18n import N_, _, explain
from .notation import NotationError, header_lines, parse, replay_document, to_line
from .notation.writer import as_recorded
from .seal import SealError, installation_key, new_nonce, read_key, seal, sync_folder, unseal
from .textfile import UnreadableFile, read_text

#: Temporary files of a save being written: a dotfile (no glob for saves matches it) with a
#: suffix that is not ``.txt``. Old versions wrote ``.save-*.txt``; both are cleaned up.
_TEMP_PREFIX = ".save-"
_TEMP_SUFFIX = ".tmp"
#: A temporary file older than this was left by a killed game, never one still being written.
_STALE_SECONDS = 600.0

#: How saves were named before the seal: ``<stamp>-seed<N>[-copy].txt``.
_SEED_IN_NAME = re.compile(r"-seed-?[0-9]+")

#: Actions whose undo could hide nothing: undoing a draw or a roll would let a player see
#: cards or a die and take them back.
_SECRET_REVEALING = (A.Draw, A.Roll)
#: What ``undo_blocker`` says of each, whole: "a {kind}" would not translate.
_NOT_TAKEN_BACK = {
    "draw": N_("a draw cannot be taken back: it showed what chance gave"),
    "roll": N_("a roll cannot be taken back: it showed what chance gave"),
}


def data_dir() -> Path:
    """Where games are saved: $IMTHEBOSS_HOME, else the XDG data directory."""
    home = os.environ.get("IMTHEBOSS_HOME")
    if home:
        return Path(home)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "imtheboss"


class ResumeError(RuntimeError):
    """No game to resume, or a save file that no longer replays."""


def why_unwritable(exc: BaseException) -> str:
    """An OSError in words a table understands (the path is said by the caller)."""
    if isinstance(exc, SealError):
        return str(exc)
    code = getattr(exc, "errno", None)
    if code == errno.ENOSPC or code == errno.EDQUOT:
        return _("the disk is full")
    if code == errno.EROFS:
        return _("the file system is read-only")
    if code in (errno.EACCES, errno.EPERM):
        return _("no permission to write there")
    if code in (errno.ENOTDIR, errno.EEXIST):
        return _("a file stands where the folder should be")
    if code == errno.ENOENT:
        return _("the folder is missing and cannot be made")
    return getattr(exc, "strerror", None) or str(exc)


def cannot_save_in(save_dir: Path) -> str | None:
    """Why games cannot be saved in ``save_dir`` (None: they can), found by trying: the games
    folder is made if missing, the seal's key is made, and a small file is written, synced and
    removed — what every save will do."""
    games = save_dir / "games"
    try:
        games.mkdir(parents=True, exist_ok=True)
        installation_key(games)
        fd, probe = tempfile.mkstemp(dir=games, prefix=_TEMP_PREFIX, suffix=_TEMP_SUFFIX)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                handle.write("a test that the games folder can be written\n")
                handle.flush()
                os.fsync(handle.fileno())
        finally:
            Path(probe).unlink(missing_ok=True)
    except (OSError, SealError) as exc:
        return _("games cannot be saved in {folder}: {reason}").format(
            folder=games, reason=why_unwritable(exc)
        )
    return None


def clean_stale_temps(games: Path) -> None:
    """Remove temporary files a killed game left behind. Only old ones: a file still being
    written by a game running beside this one is a few milliseconds old."""
    now = time.time()
    try:
        leftovers = [*games.glob(f"{_TEMP_PREFIX}*"), *games.glob(".seal-key.*.tmp")]
    except OSError:
        return
    for path in leftovers:
        if path.suffix not in (_TEMP_SUFFIX, ".txt"):
            continue
        try:
            if now - path.stat().st_mtime > _STALE_SECONDS:
                path.unlink()
        except OSError:
            continue  # gone already, or not ours to remove: it is ignored anyway


def _saves_in(games: Path) -> list[Path]:
    """The saves in ``games``, newest first. Dotfiles (temporary files, the key) never are."""
    found: list[tuple[float, str, Path]] = []
    try:
        candidates = list(games.glob("*.txt"))
    except OSError:
        return []
    for path in candidates:
        if path.name.startswith("."):
            continue
        try:
            if path.is_file():
                found.append((path.stat().st_mtime, path.name, path))
        except OSError:
            continue
    return [path for _, _, path in sorted(found, reverse=True)]


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
    #: The sharks' playouts per decision (kept in the save with them; None: their default).
    bot_budget: int | None = None
    #: Why the last save failed, in one sentence; None while the file holds every move.
    save_problem: str | None = None
    #: The saves ``resume`` passed over (damaged, or not a game that goes on), with why.
    skipped: list[str] = field(default_factory=list)
    #: This game's random number in its seal.
    _nonce: bytes = field(default_factory=new_nonce, repr=False)
    #: An unfinished save to remove once the finished one is written (a failed removal is
    #: retried with the next save).
    _stale: Path | None = field(default=None, repr=False)

    @classmethod
    def new(
        cls,
        setup: Setup | Position,
        save_dir: Path | None = None,
        board: Path | None = None,
        bots: dict[str, str] | None = None,
        bot_budget: int | None = None,
    ) -> GameSession:
        """A new game, saved at once (or, if the folder cannot be written, in memory: see
        ``save_problem``)."""
        session = cls(
            setup=setup,
            state=start(setup),
            board_path=str(board.resolve()) if board else None,
            bots=dict(bots or {}),
            bot_budget=bot_budget,
        )
        if save_dir is not None:
            games = save_dir / "games"
            clean_stale_temps(games)
            session.save_path = _fresh_name(save_dir)
            session.save()
        return session

    @classmethod
    def load(cls, path: Path) -> GameSession:
        try:
            doc = parse(read_text(path))
            if doc.header.get("seal") is not None and doc.header.get("seed") is None:
                line = doc.header.line_of("seal")
                try:
                    seed = unseal(doc.header.get("seal") or "", read_key(path.parent))
                except SealError as exc:
                    raise ResumeError(
                        _("{file}, line {line}: {error}").format(file=path, line=line, error=exc)
                    ) from None
                doc.header.unsealed(seed)
            bots = dict(doc.bots)  # read and checked by the parser, for every command
            replay = replay_document(doc, close_at_end=False, base=path.parent)
        except UnreadableFile as exc:
            raise ResumeError(explain(exc)) from None
        except NotationError as exc:
            raise ResumeError(_("{file}: {error}").format(file=path, error=explain(exc))) from None
        bad = replay.first_illegal
        if bad is not None and bad.error is not None:
            raise ResumeError(
                _("{file}, line {line}: {error}").format(
                    file=path, line=bad.line.number, error=explain(bad.error)
                )
            )
        session = cls(
            setup=replay.setup,
            state=replay.start,
            save_path=path,
            board_path=doc.header.get("board"),
            bots=bots,
            bot_budget=doc.bot_budget,
        )
        for action in replay.actions:
            session._record(action)
        if replay.final is not None and session.state != replay.final:
            raise ResumeError(
                _("{file}: the replay does not reach the saved position").format(file=path)
            )
        return session

    @classmethod
    def resume(cls, save_dir: Path) -> GameSession:
        """The newest save that is whole: it reads, replays, and its game goes on. Damaged
        ones are passed over and listed in ``skipped``; temporary files are never saves."""
        games = save_dir / "games"
        clean_stale_temps(games)
        skipped: list[str] = []
        for path in _saves_in(games):
            try:
                session = cls.load(path)
            except ResumeError as exc:
                skipped.append(_("{file} ({error})").format(file=path.name, error=exc))
                continue
            if session.state.phase is Phase.OVER:
                skipped.append(_("{file} (the game in it is over)").format(file=path.name))
                continue
            session.skipped = skipped
            if _SEED_IN_NAME.search(path.name):
                # An old save named after its seed: renamed (by its next save) so that the
                # name no longer gives the hands away.
                session.save_path = _fresh_name(save_dir, _SEED_IN_NAME.sub("", path.stem))
                session._stale = path
                session.save()
            return session
        if skipped:
            raise ResumeError(
                _("no save in {folder} can be resumed: {saves}").format(
                    folder=games, saves=_("; ").join(skipped)
                )
            )
        raise ResumeError(_("no saved game in {folder}").format(folder=games))

    def act(self, action: Action) -> tuple[Event, ...]:
        """Play an action (raises IllegalAction, leaving everything as it was) and save.

        A save that fails does not undo the action: the game goes on in memory and
        ``save_problem`` says why; the next save writes the whole game again."""
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
            return _("nothing has happened yet")
        last = self.actions[-1]
        if isinstance(last, _SECRET_REVEALING):
            return _(_NOT_TAKEN_BACK[last.kind])
        if isinstance(last, A.TimeUp | A.Pass) or self.state.phase is Phase.OVER:
            return _("the table's count is over and its result stands")
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

    def text(self, sealed_with: bytes | None = None) -> str:
        """The game in the notation; with a key, its seed sealed (an unfinished game's save)."""
        body = [line for line in self.lines if line is not None]
        if self.lines and self.lines[-1] is None:
            body.append("time up")  # a last timer cannot be implied by a next line
        seed = getattr(self.setup, "seed", None)
        sealed = None
        if sealed_with is not None and seed is not None:
            sealed = seal(seed, sealed_with, self._nonce)
        header = header_lines(self.setup, self.board_path, self.bots, sealed, self.bot_budget)
        return "\n".join([*header, "", *body]) + "\n"

    def save(self) -> bool:
        """Write the whole game; False (and ``save_problem`` says why) if it cannot be."""
        if self.save_path is None:
            return True
        try:
            self._save(self.save_path)
        except (OSError, SealError) as exc:
            self.save_problem = _("cannot save in {folder}: {reason}").format(
                folder=self.save_path.parent, reason=why_unwritable(exc)
            )
            return False
        self.save_problem = None
        return True

    def _save(self, path: Path) -> None:
        if self.state.phase is Phase.OVER and path.parent.name != "finished":
            # The game is over: the seed is no secret any more, it is written plainly.
            finished = path.parent.parent / "finished" / path.name
            _write(finished, self.text())
            self.save_path, self._stale = finished, path
        elif self.state.phase is not Phase.OVER:
            _write(path, self.text(sealed_with=installation_key(path.parent)))
        else:
            _write(path, self.text())
        if self._stale is not None:
            self._stale.unlink(missing_ok=True)
            sync_folder(self._stale.parent)
            self._stale = None


def _fresh_name(save_dir: Path, stamp: str | None = None) -> Path:
    """A name for a new game's save, from the time it began (never from its seed)."""
    stamp = stamp or time.strftime("%Y%m%d-%H%M%S")
    name = f"{stamp}.txt"
    copy = 1
    # Two games begun in the same second; the finished one keeps the name too.
    while (save_dir / "games" / name).exists() or (save_dir / "finished" / name).exists():
        copy += 1
        name = f"{stamp}-{copy}.txt"
    return save_dir / "games" / name


def _write(path: Path, text: str) -> None:
    """Write beside, flush and sync to disk, rename over, sync the folder: a crash at any
    moment leaves the old file or the new one, never half of one — and the temporary file
    is a dotfile with a ``.tmp`` suffix, which nothing takes for a save."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=_TEMP_PREFIX, suffix=_TEMP_SUFFIX)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    sync_folder(path.parent)
