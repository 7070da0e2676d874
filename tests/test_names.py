"""Players' names: one rule for the names screen, ``--names`` and the notation, so that every
game that can be started can be saved and resumed; names never act on the terminal.
"""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from imtheboss.bots.random_play import random_steps
from imtheboss.cli import main
from imtheboss.engine import Options, Setup, Variant, new_game
from imtheboss.names import (
    MAX_LENGTH,
    NameRefused,
    check_names,
    name_problem,
    same_name_key,
    split_names,
)
from imtheboss.notation import NotationError, parse
from imtheboss.notation.syntax import HEADER_KEYS
from imtheboss.session import GameSession
from imtheboss.table_settings import TableSettings

ESCAPE_NAME = "\x1b]2;PWNED\x1b\\X"

REFUSED = [
    # The notation reads these as its own words (issue 8, item 7).
    "Turn",
    "Seed",
    "players",
    "BOTS",
    "hand",
    "bank",
    "Time",
    # Spaces and the characters that separate parts of a line.
    "A B",
    " Ann",
    "A\tB",
    "A\u00a0B",
    "A/x",
    "A=x",
    "A:x",
    "A,x",
    "A;x",
    "#A",
    "A#",
    # Control characters: they would act on the terminal (item 4).
    ESCAPE_NAME,
    "Ann\x07",
    "Ann\x7f",
    "\u202eAnn",  # right-to-left override
    "An\u200bn",  # zero-width space
    "Ann\u2028",
    "A\x00",
    # Nothing to see (issue 23, item 13): Hangul fillers, a blank braille cell, marks alone.
    "\u3164",
    "\u115f\u1160",
    "\uffa0",
    "\u2800\u2800",
    "\u034f",
    "\u0301",
    "\ufe00",
    # Empty, too long.
    "",
    "x" * (MAX_LENGTH + 1),
]

ACCEPTED = ["Ann", "정훈", "小明", "Zoë", "Ann's", "O'Neil", "[red]Ann", "a[", "x\\", "Dealer1"]
#: Names of other scripts are welcome at one table, look-alike letters and all, as long as
#: no two of them look the same.
WELCOME_TOGETHER = [("Анна", "Ann", "Ана"), ("Ελένη", "Elena", "Bob"), ("Zoë", "Zoe", "정훈")]


@pytest.mark.parametrize("name", REFUSED)
def test_names_the_notation_cannot_store_are_refused(name: str) -> None:
    assert name_problem(name) is not None


def test_every_header_key_is_refused_as_a_name() -> None:
    """A name the parser would take for a header key could not be resumed: the rule keeps
    up with the notation's keys."""
    for key in HEADER_KEYS:
        assert name_problem(key) is not None and name_problem(key.title()) is not None


@pytest.mark.parametrize("name", ACCEPTED)
def test_names_in_any_script_are_welcome(name: str) -> None:
    assert name_problem(name) is None


@pytest.mark.parametrize(
    ("names", "words"),
    [
        (("Ann", "Ann", "Bob"), "same name"),
        (("Ann", "ann", "Bob"), "too alike"),
        (("Zo\u00eb", "Zoe\u0308", "Bob"), "too alike"),  # composed and decomposed ë
        # Issue 23, item 13: what cannot be seen, and letters of other scripts drawn alike.
        (("Ann", "Ann\u034f", "Bob"), r"'Ann\\u034f' look the same: U\+034F .* cannot be seen"),
        (("Ann", "Bob", "Ann\ufe00"), r"U\+FE00 \(VARIATION SELECTOR-1\) cannot be seen"),
        (("x\u3164", "x", "Bob"), r"U\+3164 \(HANGUL FILLER\) cannot be seen"),
        (("Ann", "\u0410nn", "Bob"), r"U\+0410 \(CYRILLIC CAPITAL LETTER A\) looks like 'A'"),
        (("Bob", "B\u03bfb", "Cy"), r"GREEK SMALL LETTER OMICRON\) looks like 'o'"),
        (("\u0421y", "cy", "Bob"), "look the same"),  # a Cyrillic С, in another case
    ],
)
def test_names_nobody_could_tell_apart_are_refused(names: tuple[str, ...], words: str) -> None:
    with pytest.raises(NameRefused, match=words):
        check_names(names)


@pytest.mark.parametrize("names", WELCOME_TOGETHER)
def test_names_that_only_share_letters_may_sit_together(names: tuple[str, ...]) -> None:
    assert check_names(names) == names


def test_an_invisible_name_is_refused_with_what_it_holds() -> None:
    problem = name_problem("\u3164")
    assert problem is not None and str(problem) == (
        "a name needs a character that can be seen; '\\u3164' shows none"
    )


@pytest.mark.parametrize("text", [",,,", "", " , ", "Ann,,Bob", "Ann,Ann,Bob", "Ann,Turn,Bob"])
def test_split_names_refuses_empty_and_duplicate_names(text: str) -> None:
    with pytest.raises(NameRefused):
        split_names(text)


def test_split_names_strips_around_commas() -> None:
    assert split_names(" Ann , 정훈,Cy ") == ("Ann", "정훈", "Cy")


@pytest.mark.parametrize(
    "names", ["A,A,B", ",,,", "", "Turn,Bob,Cy", "A B,Bob,Cy", f"{ESCAPE_NAME},Bob,Cy"]
)
def test_play_refuses_bad_names_before_the_tui_starts(
    names: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setenv("IMTHEBOSS_HOME", str(tmp_path))

    def no_tui(*args: object, **kwargs: object) -> None:
        raise AssertionError("the TUI started")

    monkeypatch.setattr("imtheboss.tui.app.BossApp.run", no_tui)
    assert main(["play", "--names", names]) == 2
    err = capsys.readouterr().err
    assert err.startswith("imtheboss: --names: ") and err.count("\n") == 1, err
    assert "\x1b" not in err
    assert not (tmp_path / "games").exists()


def test_a_players_line_with_an_escape_sequence_is_refused_at_its_column() -> None:
    text = f"players: Ann, {ESCAPE_NAME}, Cy\nseed: 1\n"
    with pytest.raises(NotationError) as caught:
        parse(text)
    assert (caught.value.line, caught.value.column) == (1, 15)
    assert "U+001B" in caught.value.message and "\x1b" not in str(caught.value)


@pytest.mark.parametrize(
    "line",
    [
        "# a comment \x1b[2J that clears the screen",
        "Ann: deal\x07",
        "Ann: ask 3 for red\u202e",
        "Ann: deal \x1b]2;PWNED\x07",
    ],
)
def test_control_characters_anywhere_are_refused_with_line_and_column(line: str) -> None:
    text = f"players: Ann, Bob, Cy\nseed: 1\n\nCy: marker 3\n{line}\n"
    with pytest.raises(NotationError) as caught:
        parse(text)
    bad = next(i for i, ch in enumerate(line) if ch in "\x1b\x07\u202e")
    assert (caught.value.line, caught.value.column) == (5, bad + 1)


@pytest.mark.parametrize("name", ["Turn", "Seed", "players", "A/x", "A=x", "Ann:x"])
def test_the_notation_refuses_the_names_the_rule_refuses(name: str) -> None:
    with pytest.raises(NotationError, match="line 1"):
        parse(f"players: {name}, Bob, Cy\nseed: 1\n")


def test_check_refuses_a_terminal_escape_in_a_name_without_printing_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "pwned.txt"
    path.write_text(f"players: Ann, {ESCAPE_NAME}, Cy\nseed: 1\n\nCy: marker 3\n", "utf-8")
    assert main(["check", str(path)]) == 2
    out = capsys.readouterr().out
    assert "line 1, column 15" in out and "\x1b" not in out and "PWNED" not in out


def test_replay_refuses_a_terminal_escape_in_a_name_before_the_tui(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "pwned.txt"
    path.write_text(f"players: Ann, {ESCAPE_NAME}, Cy\nseed: 1\n\nCy: marker 3\n", "utf-8")

    def no_tui(*args: object, **kwargs: object) -> None:
        raise AssertionError("the replay started")

    monkeypatch.setattr("imtheboss.tui.replay.ReplayApp.run", no_tui)
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert "line 1, column 15" in err and "\x1b" not in err


def test_check_prints_a_markup_name_as_it_is(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    players = ("[red]Ann", "[b]Bob", "a[", "x\\")
    state = new_game(Setup(players=players, seed=1))
    placer, boss = state.name(state.right_of(state.turn)), state.name(state.turn)
    path = tmp_path / "markup.txt"
    path.write_text(
        f"players: {', '.join(players)}\nseed: 1\n\n{placer}: marker 3\n{boss}: deal\n", "utf-8"
    )
    assert main(["check", str(path)]) == 0
    out = capsys.readouterr().out
    assert f"{placer}: marker 3" in out and f"{boss}: deal" in out
    # The outcome table and the summary line name the players too.
    rows = [line for line in out.splitlines() if "+$0M" in line]
    for name in players:
        assert sum(name in row for row in rows) == 1, (name, rows)
    assert f"it is {boss}'s turn" in out


# ---------------------------------------------------------------------------------------------
# Every name the rule accepts survives a save and a resume


def _accepted(name: str) -> bool:
    return name_problem(name) is None


#: Letters of several scripts, marks, the notation's own punctuation, markup, near-keywords.
_CHARS = st.characters(codec="utf-8") | st.sampled_from(list("'s$[]\\.-_&!?()*~^`\"<>|@%+"))
_WORDS = st.sampled_from(
    [
        "and",
        "for",
        "family",
        "grey",
        "red",
        "deal",
        "pass",
        "time",
        "up",
        "hand",
        "dividends",
        "5",
        "$5M",
        "Dealer1",
        "Random1",
        "?",
    ]
)
_NAME = (
    st.one_of(
        st.text(_CHARS, min_size=1, max_size=MAX_LENGTH),
        _WORDS,
        st.tuples(_WORDS, st.sampled_from(["'s", "'S", "s", "1", "'"])).map("".join),
    )
    .map(str.strip)
    .filter(_accepted)
)


@st.composite
def tables(draw: st.DrawFn) -> tuple[str, ...]:
    count = draw(st.integers(3, 6))
    return tuple(draw(st.lists(_NAME, min_size=count, max_size=count, unique_by=same_name_key)))


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(names=tables(), seed=st.integers(0, 10_000), bots=st.integers(0, 2))
@example(names=("Ann", "Ann's", "Ann's's"), seed=1, bots=0)
@example(names=("and", "for", "family"), seed=2, bots=0)
@example(names=("[red]Ann", "정훈", "x\\"), seed=3, bots=1)
@example(names=("dealer1", "Bob", "Cy"), seed=4, bots=1)
def test_any_name_the_rule_accepts_survives_save_and_resume(
    names: tuple[str, ...], seed: int, bots: int
) -> None:
    """Write → parse → replay: the resumed game is the same game, at the same point."""
    check_names(names)  # the table the names screen and --names would let start
    humans = names[: max(2, len(names) - bots)]
    robots = TableSettings(bots=len(names) - len(humans)).bot_names(humans)
    players = humans + robots
    setup = Setup(players=players, seed=seed, options=Options(variants=frozenset({Variant.V3})))
    # Played in memory (no save per action, for speed), then saved once and resumed.
    session = GameSession.new(setup, None, bots=dict.fromkeys(robots, "dealer"))
    for _, action, _, _ in random_steps(session.state, random.Random(seed)):
        session.act(action)
        if len(session.actions) >= 150:
            break
    with tempfile.TemporaryDirectory() as home:
        session.save_path = Path(home) / "games" / "game.txt"
        session.save()
        resumed = GameSession.load(session.save_path)
    assert resumed.setup.players == players
    assert resumed.bots == session.bots
    assert resumed.state == session.state
    assert resumed.actions == session.actions
