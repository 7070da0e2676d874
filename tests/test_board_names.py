"""Issue 21, the board as printed: new games start on the transcription, every file written
names its board, and nothing written before changes meaning (a file without a ``board:`` line
is the reconstruction it was played on). The fixtures in ``fixtures/before-boards`` were
written by the code before the change (``make.py.txt``), with what it made of them."""

from __future__ import annotations

import contextlib
import io
import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from imtheboss.board_command import GUESS_MARK
from imtheboss.boardfile import board_from, load_board
from imtheboss.bots import make_bot, play_bots
from imtheboss.cli import main
from imtheboss.engine import default_board, reconstructed_board
from imtheboss.engine.board import built_in_text
from imtheboss.engine.events import DealClosed
from imtheboss.engine.setup import Setup, new_game
from imtheboss.notation import parse, replay_document
from imtheboss.notation.writer import header_lines
from imtheboss.session import GameSession
from imtheboss.simulate import play_one, specs
from imtheboss.table_settings import TableSettings
from imtheboss.tui.app import BossApp

BEFORE = Path(__file__).resolve().parent / "fixtures" / "before-boards"
EXPECTED: dict[str, Any] = json.loads((BEFORE / "expected.json").read_text(encoding="utf-8"))
NAMES = ("Ann", "Bob", "Cy", "Di")


def check_json(path: Path) -> tuple[int, Any]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(["check", "--json", str(path)])
    return code, json.loads(out.getvalue())


def board_line(path: Path) -> str:
    lines = [x for x in path.read_text(encoding="utf-8").splitlines() if x.startswith("board:")]
    assert len(lines) == 1, lines
    return lines[0]


# -- nothing written before changes meaning --------------------------------------------------


def test_a_finished_game_written_before_checks_as_it_did() -> None:
    assert "board:" not in (BEFORE / "finished.txt").read_text(encoding="utf-8")
    assert list(check_json(BEFORE / "finished.txt")) == EXPECTED["check"]
    state = GameSession.load(BEFORE / "finished.txt").state
    assert state.board is reconstructed_board()
    assert [p.money for p in state.players] == EXPECTED["finished"]["money"]
    assert list(state.winners) == EXPECTED["finished"]["winners"]


def test_a_save_written_before_resumes_on_the_reconstruction(tmp_path: Path) -> None:
    shutil.copytree(BEFORE / "unfinished", tmp_path, dirs_exist_ok=True)
    (save,) = (tmp_path / "games").glob("*.txt")
    assert "board:" not in save.read_text(encoding="utf-8")
    session = GameSession.resume(tmp_path)
    state, expected = session.state, EXPECTED["unfinished"]
    assert state.board is reconstructed_board() and session.setup.board is None
    assert [p.money for p in state.players] == expected["money"]
    assert [sorted(c.value for c in p.hand) for p in state.players] == expected["hands"]
    assert state.marker == expected["marker"] and state.turn == expected["turn"]
    assert [list(x) for x in sorted(state.covered.items())] == expected["covered"]
    assert len(session.actions) == expected["moves"]
    # Saved again, it names its board; and it still resumes to the very same game.
    assert session.save()
    assert session.save_path is not None
    assert board_line(session.save_path) == "board: reconstructed"
    session.close()
    again = GameSession.resume(tmp_path)
    assert again.state == state
    again.close()


# -- every file written names its board --------------------------------------------------------


@pytest.mark.parametrize(
    ("board", "line"),
    [
        (None, "board: reconstructed"),
        (reconstructed_board(), "board: reconstructed"),
        (default_board(), "board: transcribed"),
    ],
)
def test_every_header_names_its_board(board: Any, line: str) -> None:
    assert line in header_lines(Setup(players=NAMES, seed=1, board=board))


def test_a_file_naming_a_built_in_board_is_played_on_it() -> None:
    for name, board in (("transcribed", default_board()), ("reconstructed", None)):
        replay = replay_document(parse(f"players: Ann, Bob, Cy\nseed: 1\nboard: {name}\n"))
        assert isinstance(replay.setup, Setup) and replay.setup.board == board


def test_a_new_table_starts_on_the_transcription_and_its_save_says_so(tmp_path: Path) -> None:
    app = BossApp(TableSettings(save_dir=tmp_path, seed=5))
    app._new_game(NAMES)
    assert app.session is not None and app.session.state.board is default_board()
    assert app.session.save_path is not None
    assert board_line(app.session.save_path) == "board: transcribed"
    app.session.close()
    resumed = GameSession.resume(tmp_path)
    assert resumed.state.board is default_board()
    resumed.close()


def test_a_table_may_name_the_reconstruction(tmp_path: Path) -> None:
    app = BossApp(TableSettings(save_dir=tmp_path, seed=5, board="reconstructed"))
    app._new_game(NAMES)
    assert app.session is not None and app.session.state.board is reconstructed_board()
    assert app.session.save_path is not None
    assert board_line(app.session.save_path) == "board: reconstructed"
    app.session.close()


def test_simulate_starts_on_the_transcription_unless_told() -> None:
    (spec,) = specs(1, ["dealer"] * 4, 3, [])
    assert spec.board == "transcribed"
    assert board_from(spec.board) is default_board()
    (old,) = specs(1, ["dealer"] * 4, 3, [], board="reconstructed")
    assert play_one(old) != play_one(spec)


# -- a board of one's own with a no-required and a two-group space -----------------------------


def own_board(tmp_path: Path) -> Path:
    """The transcription as a board file of one's own (it has both kinds of space)."""
    path = tmp_path / "ours.toml"
    text = built_in_text("transcribed").replace(
        'name = "Printed board (transcribed)"', 'name = "Ours"'
    )
    path.write_text(text, encoding="utf-8")
    return path


def test_a_grouped_board_file_shows_its_groups_and_its_guesses(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = own_board(tmp_path)
    assert main(["board", "--board", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Ours" in out and "is a valid board" in out
    assert f"+2 of R P G +2 of B Y O {GUESS_MARK}" in out  # space 10: two groups, guessed
    assert "+4 of R Y P O G" in out  # space 3: no required colour
    assert "spaces 2 and 10 split into groups is a guess" in out


def test_the_default_board_shows_its_guesses(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["board"]) == 0
    out = capsys.readouterr().out
    assert "Printed board (transcribed)" in out and "deal tiles reconstructed" in out
    assert f"+2 of B Y O +1 of P G {GUESS_MARK}" in out
    assert main(["board", "--board", "reconstructed"]) == 0
    assert "a reconstruction" in capsys.readouterr().out


def test_a_whole_game_on_a_grouped_board_file_checks_legal(tmp_path: Path) -> None:
    path = own_board(tmp_path)
    board = load_board(path)
    setup = Setup(players=NAMES, seed=21, board=board)
    bots = [make_bot("dealer", 21 * 7 + seat, None) for seat in range(4)]
    result = play_bots(new_game(setup), bots, 21)
    closed = {e.space for e in result.events if isinstance(e, DealClosed)}
    assert closed & {2, 3, 5, 10, 12, 14, 16}, "no deal on a grouped or no-required space"
    session = GameSession.new(setup, tmp_path / "home", str(path))
    for action in result.actions:
        session.act(action)
    assert session.save()
    assert session.save_path is not None
    assert board_line(session.save_path) == f"board: {path.resolve()}"
    code, printed = check_json(session.save_path)
    assert code == 0 and printed["legal"], printed
    assert printed["result"]["money"] == {p.name: p.money for p in result.final.players}
    assert printed["result"]["game_over"]
