"""The quit question never says "saved" when the last moves are not (issue 23, item 5): it says
how many are missing and why, and offers to try again or to write the game elsewhere; quitting
without them exits non-zero."""

from __future__ import annotations

import errno
import os
import resource
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Input
from tuikit import NAMES, run, screen_text, settings

import imtheboss.saves as saves
from imtheboss.bots.random_play import play_random_game
from imtheboss.cli import main
from imtheboss.engine.setup import Setup
from imtheboss.play_command import MOVES_LOST
from imtheboss.session import GameSession
from imtheboss.tui.app import QUIT_NOTE, BossApp, TableScreen
from imtheboss.tui.screens.unsaved import UnsavedQuitDialog

SEED = 5150
REAL_WRITE = saves.write


def _full_in(folder_name: str) -> Any:
    """``saves.write`` on a disk that is full for the folder named ``folder_name``."""

    def write(path: Path, text: str) -> None:
        if path.parent.name == folder_name:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        REAL_WRITE(path, text)

    return write


def a_game_whose_last_moves_are_not_saved(
    home: Path, monkeypatch: pytest.MonkeyPatch, saved: int = 4, unsaved: int = 3
) -> GameSession:
    session = GameSession.new(Setup(players=NAMES, seed=SEED), home)
    _, actions = play_random_game(SEED)
    for action in actions[:saved]:
        session.act(action)
    monkeypatch.setattr(saves, "write", _full_in("games"))
    for action in actions[saved : saved + unsaved]:
        session.act(action)
    assert session.save_problem is not None
    return session


def test_the_question_says_what_is_not_saved_and_retries(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = a_game_whose_last_moves_are_not_saved(tmp_path, monkeypatch)

    async def game() -> None:
        app = BossApp(settings(tmp_path), session=session)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("ctrl+q")
            assert isinstance(app.screen, UnsavedQuitDialog)
            text = " ".join(screen_text(app).split())
            assert "The last 3 moves are not saved" in text, text
            assert "the disk is full" in text and "is saved" not in text
            # Still full: the question stays, and says so.
            await pilot.press("r")
            await pilot.pause()
            assert isinstance(app.screen, UnsavedQuitDialog) and app.is_running
            # Room made: the retry saves every move, and the table quits saying so.
            monkeypatch.setattr(saves, "write", REAL_WRITE)
            await pilot.press("r")
            await pilot.pause()
            assert not app.is_running
            assert app.farewell == QUIT_NOTE

    run(game)
    assert session.save_path is not None
    assert len(GameSession.load(session.save_path).actions) == 7


def test_back_goes_on_with_the_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    session = a_game_whose_last_moves_are_not_saved(tmp_path, monkeypatch, unsaved=1)

    async def game() -> None:
        app = BossApp(settings(tmp_path), session=session)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("ctrl+q")
            assert "The last move is not saved" in " ".join(screen_text(app).split())
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, TableScreen) and app.is_running

    run(game)


def test_the_game_can_be_written_elsewhere(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    home = tmp_path / "home"
    session = a_game_whose_last_moves_are_not_saved(home, monkeypatch)
    rescue = tmp_path / "rescue" / "tonight.txt"

    async def game() -> None:
        app = BossApp(settings(home), session=session)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("ctrl+q")
            assert isinstance(app.screen, UnsavedQuitDialog)
            app.screen.query_one("#elsewhere", Input).value = str(rescue)
            await pilot.click("#write")
            await pilot.pause()
            assert not app.is_running
            assert app.farewell == (
                f"The game is saved in {rescue}; resume with `imtheboss play --resume {rescue}`."
            )

    run(game)
    text = rescue.read_text(encoding="utf-8")
    assert f"seed: {SEED}" not in text, "written elsewhere, the seed stays sealed"
    session.close()
    monkeypatch.setattr(saves, "write", REAL_WRITE)
    again = GameSession.resume(home, rescue)
    assert again.state == session.state and len(again.actions) == 7
    again.close()


def test_quitting_without_them_exits_non_zero(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def table(app: BossApp, *args: object, **kwargs: object) -> None:
        app.session = a_game_whose_last_moves_are_not_saved(tmp_path, monkeypatch, unsaved=2)

    monkeypatch.setattr(BossApp, "run", table)
    monkeypatch.setenv("IMTHEBOSS_HOME", str(tmp_path))
    assert main(["play", "--names", ",".join(NAMES)]) == MOVES_LOST
    err = capsys.readouterr().err
    assert err.startswith("imtheboss: the last 2 moves were not saved, and are lost: ")
    assert "the disk is full" in err and err.count("\n") == 1


_LIMITED_TABLE = """
import sys
from pathlib import Path
from imtheboss.bots.random_play import play_random_game
from imtheboss.engine.setup import Setup
from imtheboss.session import GameSession

session = GameSession.new(Setup(players=("Ann", "Bob", "Cy", "Di"), seed=5150), Path(sys.argv[1]))
_, actions = play_random_game(5150)
for action in actions:
    session.act(action)
    if session.save_problem is not None:
        break
print(session.moves_not_saved(), session.save_problem)
"""


def test_a_size_limit_on_files_is_a_save_problem(tmp_path: Path) -> None:
    """``ulimit -f``: the real error (EFBIG, the signal ignored), not a simulation."""

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (2048, 2048))

    done = subprocess.run(
        [sys.executable, "-c", _LIMITED_TABLE, str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=120,
        preexec_fn=limit,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("1 cannot save in "), done.stdout
    assert "the file would be larger than this system allows" in done.stdout
