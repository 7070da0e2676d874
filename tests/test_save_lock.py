"""A save in play is locked (issue 23, item 4): a second table that resumes it is refused in
one sentence and offered the other saves, and nothing of the first table's game is lost; the
lock dies with its program, so a kill never leaves a game that cannot be resumed."""

from __future__ import annotations

import io
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from imtheboss.bots.random_play import play_random_game
from imtheboss.cli import main
from imtheboss.engine.setup import Setup
from imtheboss.play_command import resumed
from imtheboss.saves import in_use, lock_file
from imtheboss.session import GameSession, OpenElsewhere

NAMES = ("Ann", "Bob", "Cy", "Di")
SEED = 3131

#: A table in another process: it resumes the newest save, says "ready", then plays one more
#: move of the seed's random game for each line it reads, and says how many are saved.
_TABLE = """
import sys
from pathlib import Path
from imtheboss.bots.random_play import play_random_game
from imtheboss.session import GameSession

session = GameSession.resume(Path(sys.argv[1]))
_, actions = play_random_game(int(sys.argv[2]))
print("ready", flush=True)
for _line in sys.stdin:
    session.act(actions[len(session.actions)])
    assert session.save_problem is None, session.save_problem
    print(len(session.actions), flush=True)
"""


def a_game(folder: Path, count: int, seed: int = SEED) -> GameSession:
    """A game of ``count`` random moves saved in ``folder``, its table closed."""
    session = GameSession.new(Setup(players=NAMES, seed=seed), folder)
    _, actions = play_random_game(seed)
    for action in actions[:count]:
        session.act(action)
    session.close()
    return session


def other_table(folder: Path, seed: int = SEED) -> subprocess.Popen[str]:
    child = subprocess.Popen(
        [sys.executable, "-c", _TABLE, str(folder), str(seed)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None
    assert child.stdout.readline() == "ready\n"
    return child


def moves_saved(path: Path) -> int:
    return len(GameSession.load(path).actions)


def test_a_second_table_is_refused_and_the_first_loses_nothing(tmp_path: Path) -> None:
    older = a_game(tmp_path, 4, seed=77)
    assert older.save_path is not None
    os.utime(older.save_path, (1, 1))
    played = a_game(tmp_path, 10)
    assert played.save_path is not None
    child = other_table(tmp_path)
    assert child.stdin is not None and child.stdout is not None
    try:
        with pytest.raises(OpenElsewhere) as refused:
            GameSession.resume(tmp_path)
        assert refused.value.save == played.save_path
        assert refused.value.others == [older.save_path]
        # By name too: the same game is the same game, however it is asked for.
        with pytest.raises(OpenElsewhere):
            GameSession.resume(tmp_path, played.save_path)
        # The first table plays on, and every move it makes is in the file.
        for expected in (11, 12):
            child.stdin.write("\n")
            child.stdin.flush()
            assert child.stdout.readline() == f"{expected}\n"
        assert moves_saved(played.save_path) == 12
    finally:
        child.kill()
        child.wait()


def test_play_says_it_in_one_sentence_and_lists_the_others(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    older = a_game(tmp_path, 4, seed=77)
    assert older.save_path is not None
    os.utime(older.save_path, (1, 1))
    played = a_game(tmp_path, 10)
    assert played.save_path is not None
    child = other_table(tmp_path)
    try:
        # Not at a terminal (the test's stdin): a list to choose from, and exit 2.
        assert main(["play", "--resume", "--save-dir", str(tmp_path)]) == 2
    finally:
        child.kill()
        child.wait()
    err = capsys.readouterr().err.splitlines()
    assert err[0] == (
        f"imtheboss: {played.save_path.name} is open at another table: a game is played at "
        "one table at a time, or the two would overwrite each other's moves."
    )
    assert err[1] == "Other saved games, newest first:"
    assert err[2].startswith(f"  1. {older.save_path.stem}: Ann, Bob, Cy, Di; ")
    assert err[3] == "imtheboss: resume one of them with `imtheboss play --resume NAME`."
    assert len(err) == 4


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_at_a_terminal_the_table_picks_another_save(tmp_path: Path) -> None:
    older = a_game(tmp_path, 4, seed=77)
    assert older.save_path is not None
    os.utime(older.save_path, (1, 1))
    a_game(tmp_path, 10)
    child = other_table(tmp_path)
    out = _Terminal()
    try:
        session = resumed(tmp_path, "", _Terminal("7\n1\n"), out)
    finally:
        child.kill()
        child.wait()
    assert session is not None and session.save_path == older.save_path
    assert len(session.actions) == 4
    said = out.getvalue()
    assert "a number from 1 to 1, please." in said and said.count("Which one?") == 2
    session.close()


def test_at_a_terminal_enter_resumes_nothing(tmp_path: Path) -> None:
    a_game(tmp_path, 4, seed=77)
    a_game(tmp_path, 10)
    child = other_table(tmp_path)
    try:
        assert resumed(tmp_path, "", _Terminal("\n"), _Terminal()) is None
    finally:
        child.kill()
        child.wait()


def test_a_kill_leaves_no_stale_lock(tmp_path: Path) -> None:
    played = a_game(tmp_path, 6)
    assert played.save_path is not None
    child = other_table(tmp_path)
    assert in_use(played.save_path)
    os.kill(child.pid, signal.SIGKILL)
    child.wait()
    assert not in_use(played.save_path)
    session = GameSession.resume(tmp_path)
    assert session.save_path == played.save_path and len(session.actions) == 6
    session.close()


def test_a_table_that_quits_lets_go_of_its_save(tmp_path: Path) -> None:
    played = a_game(tmp_path, 6)
    assert played.save_path is not None
    child = other_table(tmp_path)
    assert child.stdin is not None
    child.stdin.close()  # the table is done: its program ends
    assert child.wait(timeout=30) == 0
    assert not in_use(played.save_path)
    assert not lock_file(played.save_path).exists(), "a lock file left behind"
    assert len(GameSession.resume(tmp_path).actions) == 6


def test_two_new_games_in_the_same_second_get_two_saves(tmp_path: Path) -> None:
    first = GameSession.new(Setup(players=NAMES, seed=1), tmp_path)
    second = GameSession.new(Setup(players=NAMES, seed=2), tmp_path)
    assert first.save_path is not None and second.save_path is not None
    assert first.save_path != second.save_path


def test_resume_by_name_and_by_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    older = a_game(tmp_path, 4, seed=77)
    assert older.save_path is not None
    os.utime(older.save_path, (1, 1))
    a_game(tmp_path, 10)
    by_name = resumed(tmp_path, older.save_path.stem, io.StringIO(), sys.stderr)
    assert by_name is not None and by_name.save_path == older.save_path
    by_name.close()
    assert resumed(tmp_path, "nonesuch", io.StringIO(), sys.stderr) is None
    assert "there is no save named nonesuch in" in capsys.readouterr().err


def test_a_file_from_elsewhere_is_played_in_a_save_of_its_own(tmp_path: Path) -> None:
    outside = tmp_path / "position.txt"
    text = "players: Ann, Bob, Cy\nseed: 5\n"
    outside.write_text(text, encoding="utf-8")
    session = GameSession.resume(tmp_path / "home", outside)
    assert session.save_path is not None and session.save_path.parent == tmp_path / "home/games"
    assert session.actions == [] and session.setup.players == ("Ann", "Bob", "Cy")
    assert outside.read_text(encoding="utf-8") == text, "the file asked for is left as it was"
    session.close()


def test_the_lock_is_a_dotfile_no_save_listing_takes(tmp_path: Path) -> None:
    session = GameSession.new(Setup(players=NAMES, seed=SEED), tmp_path)
    assert session.save_path is not None
    lock = lock_file(session.save_path)
    assert lock.exists() and lock.name.startswith(".") and lock.suffix == ".lock"
    started = time.monotonic()
    assert GameSession.resume(tmp_path).save_path == session.save_path  # this table's own
    assert time.monotonic() - started < 10
    session.close()
