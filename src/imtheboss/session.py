"""A game being played at this table: its record (``record.py``) kept in its save file
(``saves.py``).

Every action is saved at once, atomically, in the game notation, so a crash or a closed
terminal never loses a game night: ``--resume`` replays the file and is back where it was.
A folder that cannot be written does not stop the game: it goes on in memory, every move
retries the save, and the first save that succeeds writes the whole game.

A save being played is locked for as long as its table runs: a second ``--resume`` of it is
refused (``OpenElsewhere``), never two tables writing one file.
"""

from __future__ import annotations

from dataclasses import field
from pathlib import Path
from typing import TYPE_CHECKING

from .boardfile import board_line
from .engine.actions import Action
from .engine.begin import start
from .engine.errors import Msg
from .engine.events import Event
from .engine.setup import Setup
from .engine.state import GameState, Phase
from .i18n import N_, _, explain, render
from .plain import plain
from .record import Record, UndoRefused
from .saves import (
    SEED_IN_NAME,
    InUse,
    SaveLock,
    clean_stale_temps,
    data_dir,
    fresh_names,
    in_use,
    read_save,
    saves_in,
    store,
    why_unwritable,
    write_game,
)
from .seal import SealError, new_nonce, read_key, sync_folder, unseal
from .textfile import UnreadableFile

if TYPE_CHECKING:
    from .engine.position import Position

__all__ = ["GameSession", "OpenElsewhere", "ResumeError", "UndoRefused", "data_dir"]


class ResumeError(RuntimeError):
    """No game to resume, or a save file that no longer replays."""


class OpenElsewhere(ResumeError):
    """The save asked for is being played by another table (another running ``imtheboss
    play``); ``others`` are the saves that can be resumed instead, newest first."""

    def __init__(self, save: Path, others: list[Path]) -> None:
        self.save = save
        self.others = others
        super().__init__(
            _(
                "{file} is open at another table: a game is played at one table at a time, "
                "or the two would overwrite each other's moves"
            ).format(file=save.name)
        )


class NotPlayable(ResumeError):
    """A save that reads and replays, but whose game cannot go on at a table: it is over, or
    it is a position whose dice and draws must be written down. ``problem`` says which."""

    def __init__(self, path: Path, problem: Msg) -> None:
        self.path = path
        self.problem = render(problem)
        super().__init__(_("{file}: {problem}").format(file=path, problem=self.problem))


@plain
class GameSession:
    record: Record
    save_path: Path | None = None
    #: Why the last save failed, in one sentence; None while the file holds every move.
    save_problem: str | None = None
    #: The saves ``resume`` passed over (damaged, or not a game that goes on), with why.
    skipped: list[str] = field(default_factory=list)
    #: This game's random number in its seal.
    _nonce: bytes = field(default_factory=new_nonce, repr=False)
    #: An unfinished save to remove once the finished one is written (a failed removal is
    #: retried with the next save).
    _stale: Path | None = field(default=None, repr=False)
    #: The lock on the save, taken before it is first written and held until ``close``.
    _lock: SaveLock | None = field(default=None, repr=False)
    #: How many moves the save file holds (the moves after them are in memory only).
    _saved_moves: int = field(default=0, repr=False)

    # -- the record, as the table reads it ---------------------------------------------------

    @property
    def setup(self) -> Setup | Position:
        return self.record.setup

    @property
    def state(self) -> GameState:
        return self.record.state

    @property
    def actions(self) -> list[Action]:
        return self.record.actions

    @property
    def history(self) -> list[GameState]:
        return self.record.history

    @property
    def lines(self) -> list[str | None]:
        return self.record.lines

    @property
    def bots(self) -> dict[str, str]:
        return self.record.bots

    @property
    def bot_budget(self) -> int | None:
        return self.record.bot_budget

    @bot_budget.setter
    def bot_budget(self, budget: int | None) -> None:
        self.record.bot_budget = budget

    # -- beginning, loading, resuming ----------------------------------------------------------

    @classmethod
    def new(
        cls,
        setup: Setup | Position,
        save_dir: Path | None = None,
        board: str | None = None,
        bots: dict[str, str] | None = None,
        bot_budget: int | None = None,
    ) -> GameSession:
        """A new game, saved at once (or, if the folder cannot be written, in memory: see
        ``save_problem``). ``board``: what ``--board`` named (a built-in board, or a file
        whose path the save keeps); None: the setup's board, which the save names."""
        record = Record(
            setup=setup,
            state=start(setup),
            board_path=board_line(board) if board else None,
            bots=dict(bots or {}),
            bot_budget=bot_budget,
        )
        session = cls(record)
        if save_dir is not None:
            clean_stale_temps(save_dir / "games")
            session._claim(save_dir)
            session.save()
        return session

    @classmethod
    def load(cls, path: Path) -> GameSession:
        """The game in ``path``, replayed (not locked: ``resume`` takes it to play on)."""
        # The parser and the replay only where a game is read: a new game never waits for them.
        from .notation import NotationError, parse, replay_document

        try:
            doc = parse(read_save(path))
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
        record = Record(
            setup=replay.setup,
            state=replay.start,
            board_path=doc.header.get("board"),
            bots=bots,
            bot_budget=doc.bot_budget,
        )
        record.follow(replay)
        if replay.final is not None and record.state != replay.final:
            raise ResumeError(
                _("{file}: the replay does not reach the saved position").format(file=path)
            )
        return cls(record, save_path=path, _saved_moves=len(record.actions))

    @classmethod
    def resume(cls, save_dir: Path, chosen: Path | None = None) -> GameSession:
        """The game in ``chosen``, else the newest save that is whole: it reads, replays, and
        its game goes on at this table. Damaged ones are passed over and listed in
        ``skipped``; temporary files are never saves. A save another table is playing is
        never taken: ``OpenElsewhere`` says so and lists the others.

        A file from outside the games folder (a position, a game from elsewhere) is played on
        in a new save of its own: the file itself is left as it was."""
        games = save_dir / "games"
        clean_stale_temps(games)
        if chosen is not None:
            return cls._resume_one(save_dir, chosen)
        skipped: list[str] = []
        for path in saves_in(games):
            if in_use(path):
                raise OpenElsewhere(path, resumable(save_dir, but=path))
            try:
                session = cls._resume_one(save_dir, path)
            except OpenElsewhere:
                raise
            except NotPlayable as exc:
                skipped.append(_("{file} ({error})").format(file=path.name, error=exc.problem))
                continue
            except ResumeError as exc:
                skipped.append(_("{file} ({error})").format(file=path.name, error=exc))
                continue
            session.skipped = skipped
            return session
        if skipped:
            raise ResumeError(
                _("no save in {folder} can be resumed: {saves}").format(
                    folder=games, saves=_("; ").join(skipped)
                )
            )
        raise ResumeError(_("no saved game in {folder}").format(folder=games))

    @classmethod
    def _resume_one(cls, save_dir: Path, path: Path) -> GameSession:
        games = save_dir / "games"
        inside = _same_folder(path.parent, games)
        try:
            lock = SaveLock(path) if inside else None
        except InUse:
            raise OpenElsewhere(path, resumable(save_dir, but=path)) from None
        except OSError:
            lock = None  # a folder that cannot be written: nothing is saved there anyway
        try:
            session = cls.load(path)
            problem = _cannot_go_on(session.state)
            if problem is not None:
                raise NotPlayable(path, problem)
        except ResumeError:
            if lock is not None:
                lock.release()
            raise
        if not inside:
            session._claim(save_dir)
            session.save()
        elif SEED_IN_NAME.search(path.name):
            # An old save named after its seed: renamed (by its next save) so that the
            # name no longer gives the hands away; the old name stays locked until then.
            session._stale = path
            session._claim(save_dir, SEED_IN_NAME.sub("", path.stem))
            session.save()
            if lock is not None:
                lock.release()
        else:
            session._lock = lock
        return session

    def _claim(self, save_dir: Path, stamp: str | None = None) -> None:
        """A fresh name in the games folder for this game, locked before anything is written
        (a name another game begun in the same second holds is passed over)."""
        for path in fresh_names(save_dir, stamp):
            try:
                lock = SaveLock(path)
            except InUse:
                continue
            except OSError:
                lock = None  # the folder cannot be written: the save says why
            if lock is not None and path.exists():
                lock.release()  # written by the other game while this one took the lock
                continue
            self.save_path, self._lock = path, lock
            return

    def close(self) -> None:
        """The table is done with this game: another may resume it."""
        if self._lock is not None:
            self._lock.release()
            self._lock = None

    # -- playing ---------------------------------------------------------------------------

    def act(self, action: Action) -> tuple[Event, ...]:
        """Play an action (raises IllegalAction, leaving everything as it was) and save.

        A save that fails does not undo the action: the game goes on in memory and
        ``save_problem`` says why; the next save writes the whole game again."""
        events = self.record.play(action)
        self.save()
        return events

    def undo_blocker(self) -> Msg | None:
        """Why the last action cannot be undone, or None when it can."""
        return self.record.undo_blocker()

    def undo(self) -> Action:
        """Take the last action back and save; UndoRefused when it cannot be taken back."""
        undone = self.record.undo()
        self.save()
        return undone

    def text(self) -> str:
        """The game in the notation, its seed in plain."""
        return self.record.text()

    # -- saving -----------------------------------------------------------------------------

    def save(self) -> bool:
        """Write the whole game; False (and ``save_problem`` says why) if it cannot be."""
        if self.save_path is None:
            return True
        try:
            if self._lock is None and self.save_path.parent.name == "games":
                # The lock could not be taken when the game began (the folder could not be
                # written): it is taken before the first write that can be made.
                self._lock = SaveLock(self.save_path)
            moved = store(self.save_path, self.record, self._nonce)
            if moved != self.save_path:
                self.save_path, self._stale = moved, self.save_path
            if self._stale is not None:
                self._stale.unlink(missing_ok=True)
                sync_folder(self._stale.parent)
                self._stale = None
        except InUse:
            self.save_problem = _(
                "{file} is open at another table, which saves its own moves there"
            ).format(file=self.save_path.name)
            return False
        except (OSError, SealError) as exc:
            self.save_problem = _("cannot save in {folder}: {reason}").format(
                folder=self.save_path.parent, reason=why_unwritable(exc)
            )
            return False
        self.save_problem = None
        self._saved_moves = len(self.actions)
        return True

    def moves_not_saved(self) -> int:
        """How many of the last moves the save lacks (at least one while a save fails: the
        file may hold a move since undone)."""
        if self.save_problem is None:
            return 0
        return max(1, len(self.actions) - self._saved_moves)

    def save_elsewhere(self, path: Path) -> str | None:
        """Write the whole game in ``path`` (when the games folder cannot take it); None when
        it is written, else why not. ``imtheboss play --resume PATH`` goes on with it; the
        session saves there from now on."""
        try:
            write_game(path, self.record, self._nonce)
        except (OSError, SealError) as exc:
            return _("cannot save in {folder}: {reason}").format(
                folder=path.parent, reason=why_unwritable(exc)
            )
        self.save_path, self.save_problem = path, None
        self._saved_moves = len(self.actions)
        return None


def resumable(save_dir: Path, but: Path | None = None) -> list[Path]:
    """The saves in ``save_dir`` a table could resume now, newest first: whole, unfinished,
    playable at a table, and open at no other table (``but`` left out)."""
    found = []
    for path in saves_in(save_dir / "games"):
        if path == but or in_use(path):
            continue
        try:
            session = GameSession.load(path)
        except ResumeError:
            continue
        if _cannot_go_on(session.state) is None:
            found.append(path)
    return found


def _cannot_go_on(state: GameState) -> Msg | None:
    """Why a table cannot play on from ``state``, or None when it can.

    A position written without a seed is a dispute for ``check``: its dice must be written
    down. At the table every roll would be refused, a dead end (issue 23, item 14); so it is not
    resumed, and the sentence says how to make it playable. (Hands left out are played as
    open hands, as in a dispute: whatever card a player plays was in their hand.)
    """
    if state.phase is Phase.OVER:
        return Msg(N_("the game in it is over"))
    if state.rng is None:
        return Msg(
            N_(
                "a position without a seed cannot be played at the table (every roll would "
                "have to be written down); add a line `seed: N` to its header to play it"
            )
        )
    return None


def _same_folder(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve()
    except OSError:
        return False
