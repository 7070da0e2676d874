"""A group's own board file: loaded like the default, refused with the line and the field."""

from __future__ import annotations

from pathlib import Path

import pytest

from imtheboss.boardfile import BoardFileError, load_board, parse_board
from imtheboss.cli import main
from imtheboss.engine import default_board
from imtheboss.engine.board import Board

DEFAULT = (Path(__file__).resolve().parents[1] / "src/imtheboss/engine/data/board.toml").read_text(
    encoding="utf-8"
)


def refusal(text: str) -> str:
    with pytest.raises(BoardFileError) as caught:
        parse_board(text, "my-board.toml")
    return str(caught.value)


def line_of(text: str, needle: str, occurrence: int = 1) -> int:
    seen = 0
    for number, line in enumerate(text.splitlines(), 1):
        if needle in line:
            seen += 1
            if seen == occurrence:
                return number
    raise AssertionError(needle)


@pytest.mark.rule("C1")
def test_the_shipped_file_is_the_default_board() -> None:
    board = parse_board(DEFAULT)
    assert board == default_board()
    assert board.reconstructed and len(board.spaces) == 16 and len(board.tiles) == 15


@pytest.mark.rule("C1")
def test_a_bad_colour_is_refused_with_its_line_and_field() -> None:
    text = DEFAULT.replace('required = ["red", "blue"]', 'required = ["red", "purple"]', 1)
    message = refusal(text)
    assert f"line {line_of(text, 'purple')}" in message
    assert "space 1" in message and "'required'" in message


@pytest.mark.rule("C1")
def test_a_bad_number_is_refused_on_its_own_line() -> None:
    text = DEFAULT.replace("dividends = 7", "dividends = 0", 1)
    message = refusal(text)
    assert f"line {line_of(text, 'dividends = 0')}" in message and "space 14" in message


@pytest.mark.rule("C4")
def test_a_die_number_that_no_die_shows_is_refused() -> None:
    text = DEFAULT.replace("ends_on = [1]\n", "ends_on = [7]\n", 1)
    message = refusal(text)
    assert "tile 10" in message and "1 to 6" in message


@pytest.mark.rule("C1")
def test_unknown_keys_and_broken_toml_name_the_line() -> None:
    assert "line 1" in refusal('colour = "red"\n' + DEFAULT)
    assert "not valid TOML" in refusal(DEFAULT + "\n[[space]\n")


@pytest.mark.rule("E2")
def test_the_bottom_tile_must_end_the_game() -> None:
    assert "last = true" in refusal(DEFAULT.replace("last = true", "last = false"))


def test_a_missing_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(BoardFileError, match="cannot read board file"):
        load_board(tmp_path / "nope.toml")


def test_imtheboss_board_checks_a_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = tmp_path / "good.toml"
    good.write_text(DEFAULT.replace("Reconstructed standard board", "Our copy"), encoding="utf-8")
    assert main(["board", "--board", str(good)]) == 0
    assert "is a valid board" in capsys.readouterr().out
    bad = tmp_path / "bad.toml"
    bad.write_text(DEFAULT.replace('"green", "orange"]', '"green", "teal"]', 1), encoding="utf-8")
    assert main(["board", "--board", str(bad)]) == 2
    assert "Board refused" in capsys.readouterr().out
    assert isinstance(load_board(good), Board)
