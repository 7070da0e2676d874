"""A bad command line gets exit code 2 and one sentence on stderr: never a traceback, a hang or
a game that cannot be resumed (a seed the notation cannot write down)."""

from __future__ import annotations

from pathlib import Path

import pytest

from imtheboss.cli import build_parser, main
from imtheboss.cli_types import MAX_JOBS

HUGE = "99999999999999999999"

BAD = [
    # simulate: --games 0 crashed (IndexError), 10**20 hung eating gigabytes.
    ["simulate", "--games", "0"],
    ["simulate", "--games", "-1"],
    ["simulate", "--games", HUGE],
    ["simulate", "--games", "1000001"],
    ["simulate", "--games", "ten"],
    ["simulate", "--games", "1.5"],
    ["simulate", "--games", "9" * 5000],  # past Python's own int() limit
    ["simulate", "--players", "1"],
    ["simulate", "--players", "7"],
    ["simulate", "--seed", "-1"],
    ["simulate", "--seed", "1" + "0" * 18],
    ["simulate", "--seed", HUGE],
    ["simulate", "--jobs", "0"],
    ["simulate", "--jobs", "-3"],
    ["simulate", "--jobs", str(MAX_JOBS + 1)],
    # play: the windows' seconds were any float, nan and inf included.
    ["play", "--stop-window", "-1"],
    ["play", "--stop-window", "0"],
    ["play", "--stop-window", "nan"],
    ["play", "--stop-window", "inf"],
    ["play", "--stop-window", "601"],
    ["play", "--stop-window", "soon"],
    ["play", "--last-call", "inf"],
    ["play", "--last-call", "-inf"],
    ["play", "--last-call", "NaN"],
    ["play", "--last-call", "-0"],
    ["play", "--bot-pause", "-1"],
    ["play", "--bot-pause", "nan"],
    ["play", "--bot-pause", "61"],
    ["play", "--bot-wait", "-1"],
    ["play", "--bot-wait", "nan"],
    ["play", "--bot-wait", "inf"],
    ["play", "--bot-wait", "601"],
    ["play", "--bot-wait", "soon"],
    ["play", "--players", "0"],
    ["play", "--players", "7"],
    ["play", "--players", HUGE],
    ["play", "--bots", "-1"],
    ["play", "--bots", "6"],
    ["play", "--seed", "-5"],
    ["play", "--seed", HUGE],  # 20 digits: the save could not be resumed
    ["play", "--start", "never"],
    ["play", "--bogus"],
    ["check"],
    ["replay"],
    ["nonsense"],
]


@pytest.mark.parametrize("argv", BAD, ids=" ".join)
def test_a_bad_value_is_one_sentence_and_exit_2(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.splitlines()
    assert len(lines) == 1, captured.err
    assert lines[0].startswith("imtheboss") and "Traceback" not in lines[0]
    assert len(lines[0]) < 200


def test_the_refusal_names_the_option_and_the_bounds(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["simulate", "--games", "0"])
    line = capsys.readouterr().err.strip()
    assert line == (
        "imtheboss simulate: --games: a number of games from 1 to 1,000,000, not 0. "
        "See imtheboss simulate --help."
    )


@pytest.mark.parametrize(
    ("argv", "option", "value"),
    [
        (["simulate", "--games", "1"], "games", 1),
        (["simulate", "--games", "1000000"], "games", 1_000_000),
        (["simulate", "--seed", "0"], "seed", 0),
        (["simulate", "--seed", "9" * 18], "seed", 10**18 - 1),
        (["simulate", "--jobs", str(MAX_JOBS)], "jobs", MAX_JOBS),
        (["simulate", "--players", "2"], "players", 2),
        (["play", "--players", "6"], "players", 6),
        (["play", "--stop-window", "600"], "stop_window", 600.0),
        (["play", "--stop-window", "0.25"], "stop_window", 0.25),
        (["play", "--last-call", "1e1"], "last_call", 10.0),
        (["play", "--bot-pause", "0"], "bot_pause", 0.0),
        (["play", "--bot-wait", "0"], "bot_wait", 0.0),
        (["play", "--bot-wait", "600"], "bot_wait", 600.0),
        (["play"], "bot_wait", 30.0),
        (["play", "--bots", "5"], "bots", 5),
    ],
)
def test_values_at_the_bounds_are_taken(argv: list[str], option: str, value: object) -> None:
    assert getattr(build_parser().parse_args(argv), option) == value


@pytest.mark.parametrize("command", ["check", "replay", "board"])
@pytest.mark.parametrize("where", ["missing", "directory"])
def test_a_file_that_cannot_be_read_is_one_sentence_and_exit_2(
    command: str, where: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "nowhere.txt" if where == "missing" else tmp_path
    argv = ["board", "--board", str(path)] if command == "board" else [command, str(path)]
    assert main(argv) == 2
    captured = capsys.readouterr()
    said = (captured.out + captured.err).strip()
    assert len(said.splitlines()) == 1, said
    assert str(path) in said and "Traceback" not in said


def test_play_refuses_an_unreadable_board_before_the_table_opens(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for path in (tmp_path / "nowhere.toml", tmp_path):
        assert main(["play", "--board", str(path), "--save-dir", str(tmp_path)]) == 2
        said = capsys.readouterr().err.strip()
        assert len(said.splitlines()) == 1 and str(path) in said


# -- One rule for the seats (issue: --players was ignored when --names disagreed) -------------


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        # --players 3 with four names used to give four players, silently.
        (["--names", "Ann,Bob,Cy,Di", "--players", "3"], "--names lists 4 people but 3"),
        # --bots 1 with four names and the default --players gave five seats.
        (["--names", "Ann,Bob,Cy,Di", "--players", "4", "--bots", "1"], "leave 3 seats"),
        (["--bots", "4"], "leaves no seat for a person"),
        (["--players", "5", "--bots", "5"], "leaves no seat for a person"),
        # Two players: the refusal says how two can play.
        (["--players", "2"], "(2 with the two-player rules, V8), not 2 (S1)"),
        (["--names", "Ann,Bob"], "(2 with the two-player rules, V8), not 2 (S1)"),
    ],
)
def test_a_table_that_contradicts_itself_is_refused(
    argv: list[str], says: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["play", *argv, "--save-dir", str(tmp_path)]) == 2
    err = capsys.readouterr().err.strip()
    assert says in err and len(err.splitlines()) == 1, err
    assert not (tmp_path / "games").exists(), "nothing may start"


@pytest.mark.parametrize(
    ("players", "names", "bots", "seats"),
    [
        (None, None, 0, 4),
        (None, None, 2, 4),
        (5, None, 2, 5),
        (None, ("Ann", "Bob", "Cy"), 0, 3),
        (None, ("Ann", "Bob", "Cy"), 2, 5),
        (5, ("Ann", "Bob", "Cy"), 2, 5),
        (6, ("Ann",), 5, 6),
    ],
)
def test_the_seats_rule(
    players: int | None, names: tuple[str, ...] | None, bots: int, seats: int
) -> None:
    from imtheboss.play_command import seats as seats_of

    assert seats_of(players, names, bots) == seats


def test_every_option_of_play_and_simulate_has_help() -> None:
    parser = build_parser()
    subs = next(a for a in parser._actions if a.dest == "command")
    for name in ("play", "simulate"):
        for action in subs.choices[name]._actions:  # type: ignore[attr-defined]
            if action.dest in ("help", "save_dir"):
                continue
            assert action.help, f"{name} {action.option_strings} has no help"
    text = subs.choices["play"].format_help()  # type: ignore[attr-defined]
    for variant in ("V1", "V4", "V7", "V8"):
        assert variant in text


def test_the_command_line_is_thin() -> None:
    """Issue 20: cli.py, thin by its docstring, drew the rules and the replay's words itself,
    worded the seats and the bots, and sent rich a console for ``check``: each command's module
    now does its own, and cli.py only parses, refuses a bad line and hands over."""
    import inspect
    import re

    from imtheboss import cli

    source = inspect.getsource(cli)
    assert not re.search(r"^\s*(from|import) rich\b", source, flags=re.MULTILINE)
    handlers = [
        (name, len(inspect.getsource(f).splitlines()))
        for name, f in vars(cli).items()
        if name.endswith("_command") and callable(f)
    ]
    subs = next(a for a in cli.build_parser()._actions if a.dest == "command")
    assert {name for name, _lines in handlers} == {f"_{c}_command" for c in subs.choices}, handlers
    assert all(lines <= 30 for _name, lines in handlers), handlers
