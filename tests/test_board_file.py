"""A group's own board file: loaded like the default, refused with the line and the field."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from imtheboss.boardfile import BoardFileError, load_board, parse_board
from imtheboss.cli import main
from imtheboss.engine import default_board, reconstructed_board
from imtheboss.engine.board import Board

DATA = Path(__file__).resolve().parents[1] / "src/imtheboss/engine/data"
DEFAULT = (DATA / "reconstructed.toml").read_text(encoding="utf-8")


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
def test_the_shipped_reconstruction_is_the_reconstructed_board() -> None:
    board = parse_board(DEFAULT)
    assert board == reconstructed_board()
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


# ---------------------------------------------------------------------------------------------
# Hostile board files (issue 23, items 7 and 9)

NESTED = "name = " + "[" * 500 + "]" * 500 + "\n"  # 1 KB, and 500 levels deep


def test_a_deeply_nested_file_is_refused_with_its_line_not_a_recursion_error() -> None:
    message = refusal(DEFAULT.replace("[[space]]", "[[space]]\nodd = " + "{a = " * 300, 3))
    assert "nested more than 16 deep" in message
    assert "line 2" in refusal("# a comment\n" + NESTED)
    # Brackets in strings and comments are not nesting; ``space = [1]`` is not a table.
    spaces = DEFAULT.split("reconstructed = true\n", 1)[-1]  # the header comment and name
    quoted = 'name = "' + "[" * 40 + '" # ' + "{" * 40 + "\n" + spaces
    assert parse_board(quoted).name == "[" * 40
    assert "use [[space]] and [[tile]] tables" in refusal("space = [1]\n")


def _game_on(board: Path, folder: Path) -> Path:
    game = folder / "game.txt"
    game.write_text(f"players: Ann, Bob, Cy\nseed: 1\nboard: {board}\n\nBob: marker 1\n")
    return game


def test_every_command_refuses_a_deeply_nested_board(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("IMTHEBOSS_HOME", str(tmp_path))  # a crash log (before the fix) here
    nested = tmp_path / "nested.toml"
    nested.write_text(NESTED, encoding="utf-8")
    game = _game_on(nested, tmp_path)
    for command in (
        ["board", "--board", str(nested)],
        ["play", "--board", str(nested), "--names", "Ann,Bob,Cy"],
        ["check", str(game)],
        ["replay", str(game)],
    ):
        assert main(command) == 2, command
        said = capsys.readouterr()
        assert "nested more than 16 deep" in said.out + said.err, command
        assert "RecursionError" not in said.out + said.err


def test_resume_passes_over_a_save_whose_board_is_deeply_nested(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from imtheboss.session import GameSession

    nested = tmp_path / "nested.toml"
    nested.write_text(NESTED, encoding="utf-8")
    games = tmp_path / "home" / "games"
    games.mkdir(parents=True)
    good = games / "20260101-000000.txt"
    good.write_text("players: Ann, Bob, Cy\nseed: 1\n")
    bad = _game_on(nested, games).rename(games / "20260102-000000.txt")
    os.utime(good, (1, 1))  # the bad save is the newest: it is tried first
    session = GameSession.resume(tmp_path / "home")
    assert session.save_path == good
    assert len(session.skipped) == 1 and "nested more than 16 deep" in session.skipped[0]
    good.unlink()
    assert main(["play", "--resume", "--save-dir", str(tmp_path / "home")]) == 2
    said = capsys.readouterr().err
    assert bad.name in said and "nested more than 16 deep" in said


@pytest.mark.rule("C1")
@pytest.mark.rule("C4")
def test_dividends_and_values_beyond_a_printed_game_are_refused_on_their_line() -> None:
    dollars = DEFAULT.replace("value = 5\n", "value = 5000000\n", 1)
    message = refusal(dollars)
    assert f"line {line_of(dollars, 'value = 5000000')}" in message
    assert "tile 13" in message and "'value'" in message and "at most 10" in message
    many = DEFAULT.replace("dividends = 7", "dividends = 1000000000000000000", 1)
    message = refusal(many)
    assert f"line {line_of(many, 'dividends = 1000')}" in message and "at most 12" in message
    # The bounds leave room over the printed game: 12 dividends at $10M still a board.
    roomy = DEFAULT.replace("dividends = 7", "dividends = 12", 1).replace(
        "value = 5\n", "value = 10\n"
    )
    assert parse_board(roomy).space(14).dividends == 12


ACTING = ("\x1b", "\x07", "\u202e", "\x9b")


def test_a_board_files_strings_reach_the_terminal_escaped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 23, item 11: a name that would set the window title, clear the screen, colour the
    table and reverse the text is shown as its escapes, in ``imtheboss board`` and wherever
    the board goes (the name is made harmless as the file is read)."""
    hostile = r"\u001b]0;pwned\u0007\u001b[2J\u001b[31mRed\u202eboard\u009b"
    text = DEFAULT.replace('"Reconstructed standard board"', f'"{hostile}"')
    board = tmp_path / "hostile.toml"
    board.write_text(text, encoding="utf-8")
    assert main(["board", "--board", str(board)]) == 0
    out = capsys.readouterr().out
    assert r"\x1b]0;pwned\x07\x1b[2J\x1b[31mRed\u202eboard\x9b" in out
    assert not any(char in out for char in ACTING)
    assert not any(char in load_board(board).name for char in ACTING)
    # A bad colour or an unknown key that holds them is quoted escaped as well.
    for bad in (
        DEFAULT.replace('"red", "blue"]', r'"red", "\u001b[2J"]', 1),
        r'"\u001b]0;x\u0007" = 1' + "\n" + DEFAULT,
    ):
        message = refusal(bad)
        assert not any(char in message for char in ACTING), message


PRINTED = (DATA / "transcribed.toml").read_text(encoding="utf-8")


@pytest.mark.rule("C1")
def test_the_shipped_transcription_is_the_default_board() -> None:
    board = parse_board(PRINTED)
    assert board == default_board() and not board.reconstructed
    assert board.space(10).describe() == "+2 of R P G +2 of B Y O"
    assert board.space(3).required == frozenset() and board.space(3).pick == 4


@pytest.mark.rule("C1")
def test_a_space_with_no_required_colour_may_leave_the_key_out() -> None:
    # The reconstruction's files always wrote `required`; an empty list reads the same.
    text = PRINTED.replace("[[space]]  # 3\n", "[[space]]  # 3\nrequired = []\n", 1)
    assert parse_board(text) == default_board()


@pytest.mark.rule("C1")
def test_a_group_error_names_the_groups_line() -> None:
    text = PRINTED.replace(
        '{ pick = 2, of = ["orange", "blue", "yellow"] }',
        '{ pick = 2, of = ["orange", "red", "yellow"] }',
        1,
    )
    text = text.replace('pick = 1, of = ["pink", "green"]', 'pick = 1, of = ["pink", "red"]', 1)
    message = refusal(text)
    assert f"line {line_of(text, '[[space]]  # 2')}" in message and "space 2" in message
    assert "two groups" in message
    too_many = PRINTED.replace(
        '{ pick = 1, of = ["pink", "green"] }', '{ pick = 3, of = ["pink", "green"] }', 1
    )
    assert "pick = 3 but only 2" in refusal(too_many)
    zero = PRINTED.replace(
        '{ pick = 1, of = ["pink", "green"] }', '{ pick = 0, of = ["pink", "green"] }', 1
    )
    assert "'groups'" in refusal(zero)
    both = PRINTED.replace("[[space]]  # 2\n", '[[space]]  # 2\noptional = ["red"]\npick = 1\n', 1)
    assert "not both" in refusal(both)
    alone = PRINTED.replace("[[space]]  # 4\n", "[[space]]  # 4\nguessed_split = true\n", 1)
    assert "no groups" in refusal(alone)
