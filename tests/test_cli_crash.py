"""An unexpected exception in any command: one clear line and a crash log, exit code CRASHED,
and never a frame's locals (the traceback, only with IMTHEBOSS_DEBUG=1, is Python's own)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from imtheboss import simulate
from imtheboss.cli import main
from imtheboss.crash import CRASHED
from imtheboss.engine.setup import Setup, new_game

ROOT = Path(__file__).resolve().parents[1]
WORKED = ROOT / "docs/examples/worked-example.txt"
SECRETS = ("PlayerState", "hand=", "Rng(", "locals")


class Bug(RuntimeError):
    pass


def _crash_holding_a_game(*_: Any, **__: Any) -> Any:
    state = new_game(Setup(players=("Ann", "Bob", "Cy", "Di"), seed=7))
    players = state.players  # noqa: F841 - what show_locals would print
    raise Bug("a bug")


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("IMTHEBOSS_HOME", str(tmp_path))
    monkeypatch.delenv("IMTHEBOSS_DEBUG", raising=False)
    return tmp_path


def _said(capsys: pytest.CaptureFixture[str]) -> str:
    captured = capsys.readouterr()
    text = captured.out + captured.err
    for secret in SECRETS:
        assert secret not in text, f"{secret!r} printed:\n{text}"
    return captured.err


def _one_crash_log(home: Path) -> str:
    [log] = home.glob("crash-*.log")
    text = log.read_text(encoding="utf-8")
    for secret in SECRETS:
        assert secret not in text
    return text


def test_check_crash(
    home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("imtheboss.check.run_check", _crash_holding_a_game)
    assert main(["check", str(WORKED)]) == CRASHED
    err = _said(capsys)
    assert err.startswith("imtheboss stopped on an unexpected error (Bug: a bug). This is a bug.")
    assert "Traceback" not in err and "IMTHEBOSS_DEBUG=1" in err
    assert "_crash_holding_a_game" in _one_crash_log(home)


def test_board_crash(
    home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("imtheboss.engine.default_board", _crash_holding_a_game)
    assert main(["board"]) == CRASHED
    assert "(Bug: a bug)" in _said(capsys)
    _one_crash_log(home)


def test_simulate_crash(
    home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(simulate, "play_bots", _crash_holding_a_game)
    assert main(["simulate", "--games", "2", "--json"]) == CRASHED
    assert "(Bug: a bug)" in _said(capsys)
    _one_crash_log(home)


def _unknown_bots(
    games: int, bots: Any, seed: int, variants: Any, budget: Any = None, board: Any = None
) -> list[simulate.GameSpec]:
    """Specs that fail in the worker itself, whatever the way processes are started."""
    return [simulate.GameSpec(seed + i, ("nobody",) * len(bots), ()) for i in range(games)]


@pytest.mark.parametrize("debug", [False, True])
def test_simulate_crash_in_a_worker_process(
    debug: bool, home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    if debug:
        monkeypatch.setenv("IMTHEBOSS_DEBUG", "1")
    monkeypatch.setattr(simulate, "specs", _unknown_bots)
    assert main(["simulate", "--games", "4", "--jobs", "2", "--json"]) == CRASHED
    err = _said(capsys)
    assert "(ValueError: unknown bot 'nobody'" in err
    assert ("Traceback" in err) is debug
    log = _one_crash_log(home)
    assert "in play_one" in log  # the worker's own traceback, as the pool sends it back


def test_no_crash_log_folder_prints_the_plain_traceback(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    blocked = tmp_path / "a file"
    blocked.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("IMTHEBOSS_HOME", str(blocked))
    monkeypatch.setattr("imtheboss.check.run_check", _crash_holding_a_game)
    assert main(["check", str(WORKED)]) == CRASHED
    err = _said(capsys)
    assert "could not be written" in err and "Traceback" in err


def test_ctrl_c_is_one_line_and_exit_130(
    home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def interrupted(*_: Any) -> Any:
        raise KeyboardInterrupt

    monkeypatch.setattr(simulate, "play_bots", interrupted)
    assert main(["simulate", "--games", "2"]) == 130
    # simulate says how far it got (issue 23, item 10): still one line.
    said = capsys.readouterr().err
    assert said == "imtheboss: interrupted after 0 of 2 games; no table of a part of a run.\n"
    assert not list(home.glob("crash-*.log"))
