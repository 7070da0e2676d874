"""A crash at the table: the players read that their game is saved and how to resume it, the
app exits non-zero, and nothing printed (nor the crash log) shows a frame's locals — which
would be every hand, the draw pile and the RNG. Textual's own crash report printed all that."""

from __future__ import annotations

import functools
from pathlib import Path

import pytest
from textual.app import App
from tuikit import NAMES, run, settings

from imtheboss.cli import main
from imtheboss.crash import CRASHED
from imtheboss.notation import parse, replay_document
from imtheboss.tui.app import BossApp
from imtheboss.tui.replay import ReplayApp

ROOT = Path(__file__).resolve().parents[2]
WORKED = ROOT / "docs/examples/worked-example.txt"
#: What a traceback with locals prints of a game state.
SECRETS = ("PlayerState", "hand=", "Rng(", "deck", "locals")


class Bug(RuntimeError):
    pass


def _crash_holding_the_state(self: BossApp | ReplayApp) -> None:
    """A bug in a frame whose locals hold the whole game, as any handler of the app's has."""
    state = self.state if isinstance(self, BossApp) else self.states[self.position]
    players = state.players  # noqa: F841 - the hands, for show_locals to print
    raise Bug("a bug")


def _assert_nothing_secret(text: str) -> None:
    for secret in SECRETS:
        assert secret not in text, f"{secret!r} printed:\n{text}"


def _crash_logs(folder: Path) -> list[Path]:
    return sorted(folder.glob("crash-*.log"))


def test_a_crash_in_a_game_prints_no_locals_and_says_the_game_is_saved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(BossApp, "action_rules", _crash_holding_the_state)
    app = BossApp(settings(tmp_path))

    async def game() -> None:
        async with app.run_test() as pilot:
            await pilot.pause()
            assert app.session is not None and app.session.save_path is not None
            await pilot.press("f12")
            await pilot.pause()

    with pytest.raises(Bug):  # Pilot re-raises what crashed the app
        run(game)
    assert app.return_code == 1
    printed = capsys.readouterr().err
    _assert_nothing_secret(printed)
    assert "unexpected error (Bug)" in printed
    assert "imtheboss play --resume" in printed
    assert "Traceback" not in printed  # the details go to the log, not on the table's screen
    [log] = _crash_logs(tmp_path)
    assert str(log) in printed.replace("\n", "")
    text = log.read_text(encoding="utf-8")
    assert "Traceback" in text and "_crash_holding_the_state" in text and "Bug: a bug" in text
    _assert_nothing_secret(text)


def test_with_debug_the_traceback_is_printed_still_without_locals(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("IMTHEBOSS_DEBUG", "1")
    monkeypatch.setattr(BossApp, "action_rules", _crash_holding_the_state)
    app = BossApp(settings(tmp_path))

    async def game() -> None:
        async with app.run_test() as pilot:
            await pilot.pause()
            await pilot.press("f12")
            await pilot.pause()

    with pytest.raises(Bug):
        run(game)
    printed = capsys.readouterr().err
    assert "Traceback" in printed and "_crash_holding_the_state" in printed
    _assert_nothing_secret(printed)


def test_play_exits_non_zero_after_a_crash(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Through the command, as a terminal runs it (headless here): exit code CRASHED."""
    monkeypatch.setattr(BossApp, "run", functools.partialmethod(App.run, headless=True))
    monkeypatch.setattr(BossApp, "refresh_table", _crash_holding_the_state)
    argv = ["play", "--names", ",".join(NAMES), "--seed", "7", "--save-dir", str(tmp_path)]
    assert main(argv) == CRASHED
    printed = capsys.readouterr().err
    _assert_nothing_secret(printed)
    assert "unexpected error (Bug)" in printed
    assert len(_crash_logs(tmp_path)) == 1


def test_a_crash_in_a_replay_prints_no_locals(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("IMTHEBOSS_HOME", str(tmp_path))
    monkeypatch.setattr(ReplayApp, "action_step", _crash_holding_the_state)
    replay = replay_document(parse(WORKED.read_text(encoding="utf-8")), base=WORKED.parent)
    app = ReplayApp(replay, "worked-example.txt")

    async def replaying() -> None:
        async with app.run_test() as pilot:
            await pilot.press("right")
            await pilot.pause()

    with pytest.raises(Bug):
        run(replaying)
    assert app.return_code == 1
    printed = capsys.readouterr().err
    _assert_nothing_secret(printed)
    assert "file is unchanged" in printed
    assert len(_crash_logs(tmp_path)) == 1


def test_replay_exits_non_zero_after_a_crash(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("IMTHEBOSS_HOME", str(tmp_path))
    monkeypatch.setattr(ReplayApp, "run", functools.partialmethod(App.run, headless=True))
    monkeypatch.setattr(ReplayApp, "show", _crash_holding_the_state)
    assert main(["replay", str(WORKED)]) == CRASHED
    _assert_nothing_secret(capsys.readouterr().err)
