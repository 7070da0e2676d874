"""The games folder: where saves live, how they are named, written and locked.

A save is written beside, synced and renamed over (a crash leaves the old file or the new one,
never half of one); temporary files are dotfiles with a ``.tmp`` suffix, which nothing takes for
a save. An unfinished game's file is named by the time it began and holds its seed sealed (see
``seal.py``); once the game is over it moves to ``finished/`` with the seed in plain.

A save in play is locked: two tables writing one file would overwrite each other's moves (A's
line, then B's, then A's again, and B's offer is gone). The lock is the operating system's
(``flock`` on a sibling dotfile, ``.<save>.lock``), so it dies with the program: a kill, a
closed terminal or a power cut never leaves a stale lock behind. The save itself cannot carry
the lock: every save replaces its file by a rename, and a lock belongs to the file it was
taken on.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import itertools
import os
import re
import tempfile
import time
import weakref
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from .engine.state import Phase
from .i18n import _
from .plain import plain
from .seal import SealError, installation_key, seal, sync_folder
from .textfile import read_text

if TYPE_CHECKING:
    from .record import Record

#: Temporary files of a save being written: a dotfile (no glob for saves matches it) with a
#: suffix that is not ``.txt``. Old versions wrote ``.save-*.txt``; both are cleaned up.
_TEMP_PREFIX = ".save-"
_TEMP_SUFFIX = ".tmp"
#: A temporary file older than this was left by a killed game, never one still being written.
_STALE_SECONDS = 600.0
#: The lock of ``<name>.txt`` is ``.<name>.lock`` beside it.
_LOCK_SUFFIX = ".lock"

#: How saves were named before the seal: ``<stamp>-seed<N>[-copy].txt``.
SEED_IN_NAME = re.compile(r"-seed-?[0-9]+")

#: The largest save the program writes, and so the largest it reads back: one limit for both,
#: or a long game would be written and then refused on ``--resume``. A long evening saves in
#: tens of kilobytes; this is a hundred thousand lines of offers and more.
SAVE_LIMIT = 16 * 1024 * 1024


def data_dir() -> Path:
    """Where games are saved: $IMTHEBOSS_HOME, else the XDG data directory."""
    home = os.environ.get("IMTHEBOSS_HOME")
    if home:
        return Path(home)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "imtheboss"


class TooLong(OSError):
    """A game whose save would be larger than ``SAVE_LIMIT``: it is not written (the old save
    stays whole), since it could not be read back."""


def why_unwritable(exc: BaseException) -> str:
    """An OSError in words a table understands (the path is said by the caller)."""
    if isinstance(exc, SealError):
        return str(exc)
    if isinstance(exc, TooLong):
        return _("the game is too long to save (more than {limit} bytes)").format(limit=SAVE_LIMIT)
    code = getattr(exc, "errno", None)
    if code == errno.ENOSPC or code == errno.EDQUOT:
        return _("the disk is full")
    if code == errno.EFBIG:
        return _("the file would be larger than this system allows")
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


def saves_in(games: Path) -> list[Path]:
    """The saves in ``games``, newest first. Dotfiles (temporary files, the key, the locks)
    never are."""
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


def read_save(path: Path) -> str:
    """A save's text, read with the limit the writer keeps to (``SAVE_LIMIT``)."""
    return read_text(path, limit=SAVE_LIMIT)


def fresh_names(save_dir: Path, stamp: str | None = None) -> Iterator[Path]:
    """Names for a new game's save, from the time it began (never from its seed), free at the
    moment each is offered: ``<stamp>.txt``, then ``<stamp>-2.txt`` … for games begun in the
    same second (the finished one keeps the name too)."""
    stamp = stamp or time.strftime("%Y%m%d-%H%M%S")
    for copy in itertools.count(1):
        name = f"{stamp}.txt" if copy == 1 else f"{stamp}-{copy}.txt"
        if not (save_dir / "games" / name).exists() and not (save_dir / "finished" / name).exists():
            yield save_dir / "games" / name


def write(path: Path, text: str) -> None:
    """Write beside, flush and sync to disk, rename over, sync the folder: a crash at any
    moment leaves the old file or the new one, never half of one — and the temporary file
    is a dotfile with a ``.tmp`` suffix, which nothing takes for a save. A text longer than
    ``SAVE_LIMIT`` is refused (``TooLong``) before anything is written."""
    data = text.encode("utf-8")
    if len(data) > SAVE_LIMIT:
        raise TooLong(errno.EFBIG, "too long to save")
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=_TEMP_PREFIX, suffix=_TEMP_SUFFIX)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    sync_folder(path.parent)


# -- the lock of a save in play ---------------------------------------------------------------


class InUse(Exception):
    """A save another running program holds: its table is playing it now."""

    def __init__(self, save: Path) -> None:
        self.save = save
        super().__init__(f"{save} is open at another table")


@plain
class _Held:
    fd: int
    count: int


#: The locks this process holds, by lock file. One table is one process: a second session on
#: a save this process already holds (a test, the table's own reload) shares the lock, and a
#: probe never opens a file this process has locked.
_HELD: dict[Path, _Held] = {}


def lock_file(save: Path) -> Path:
    return save.parent / f".{save.stem}{_LOCK_SUFFIX}"


class SaveLock:
    """The lock on one save, held until ``release`` (or until the program ends, whatever ends
    it). A lock that is no longer referenced lets go of the save too."""

    def __init__(self, save: Path) -> None:
        self.save = save
        self.path = lock_file(save)
        held = _HELD.get(self.path)
        if held is not None:
            held.count += 1
        else:
            _HELD[self.path] = _Held(_take(self.path, save), 1)
        self._release = weakref.finalize(self, _let_go, self.path)

    def release(self) -> None:
        self._release()


def _take(path: Path, save: Path) -> int:
    """A descriptor of ``path`` with the lock taken; InUse if another program holds it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    while True:
        fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise InUse(save) from None
        except OSError:
            os.close(fd)
            raise
        # The table that held it may have removed the file as it let go, after this one
        # opened it: a lock on a removed file locks nothing. Then again, on the new file.
        try:
            if os.stat(path).st_ino == os.fstat(fd).st_ino:
                return fd
        except FileNotFoundError:
            pass
        os.close(fd)


def _let_go(path: Path) -> None:
    held = _HELD.get(path)
    if held is None:
        return
    held.count -= 1
    if held.count > 0:
        return
    del _HELD[path]
    # While still locked: nobody takes a lock on it meanwhile. In a folder gone read-only the
    # file stays, unlocked, and is taken again by the next table.
    with contextlib.suppress(OSError):
        path.unlink(missing_ok=True)
    os.close(held.fd)


def in_use(save: Path) -> bool:
    """Whether another running program holds ``save`` (this one's own saves are not)."""
    path = lock_file(save)
    if path in _HELD:
        return False
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return False  # no lock file: nobody has it open
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except OSError:
        return True
    finally:
        os.close(fd)  # closing the descriptor lets go of a lock it took
    return False


# -- one game's file --------------------------------------------------------------------------


def store(path: Path, record: Record, nonce: bytes) -> Path:
    """Write ``record`` where it belongs and return where that is: ``path`` while the game goes
    on (its seed sealed, see ``write_game``), ``finished/`` once it is over (the seed in plain:
    no secret any more; the caller removes the old file)."""
    if record.state.phase is Phase.OVER and path.parent.name != "finished":
        path = path.parent.parent / "finished" / path.name
    write_game(path, record, nonce)
    return path


def write_game(path: Path, record: Record, nonce: bytes) -> None:
    """Write ``record`` in ``path``: an unfinished game with its seed sealed by the key of
    ``path``'s folder (made there if need be) and the game's ``nonce``, a finished one
    plainly."""
    if record.state.phase is Phase.OVER:
        write(path, record.text())
        return
    key = installation_key(path.parent)
    seed = getattr(record.setup, "seed", None)
    write(path, record.text(None if seed is None else seal(seed, key, nonce)))
