"""The game notation: parser errors, fuzzing, ``imtheboss check``, and round trips.

A file a player wrote by hand must never crash the program: every mistake is a
``NotationError`` (the file cannot be read, with line and column) or a replay with a verdict.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from imtheboss.bots.random_play import random_steps
from imtheboss.cli import main
from imtheboss.engine import (
    COLOURS,
    DECK_COUNTS,
    Action,
    Card,
    GameState,
    Options,
    Phase,
    Position,
    Setup,
    StartPlayer,
    Variant,
    new_game,
)
from imtheboss.engine.cards import Colour
from imtheboss.engine.errors import in_words
from imtheboss.engine.setup import investors_each
from imtheboss.notation import (
    NotationError,
    Replay,
    as_recorded,
    header_lines,
    parse,
    replay_document,
    replay_text,
    setup_from,
    write_game,
)

ROOT = Path(__file__).resolve().parents[1]
WORKED = ROOT / "docs/examples/worked-example.txt"
NAMES = ("Ann", "Bob", "Cy", "Di", "Eve", "Flo")

HEADER = "players: Ann, Bob, Cy, Di\nseed: 7\n\nAnn: marker 5\n"
#: A position in the middle of the game, as a dispute is written down.
DISPUTE = (
    "players: Ann, Bob, Cy, Di\ndeals-done: 5\nmarker: 1\nturn: Ann\n"
    "investors: Ann=red; Bob=blue; Cy=yellow; Di=green\nhands: open\n\n"
)


def error_of(text: str) -> NotationError:
    """The NotationError the text gives, from parsing or from judging its header."""
    with pytest.raises(NotationError) as caught:
        replay_document(parse(text))
    return caught.value


def judge(text: str, *, keep_going: bool = False) -> Replay | NotationError:
    """Parse and replay; a NotationError is an answer too. Anything else escapes (a bug)."""
    try:
        return replay_document(parse(text), keep_going=keep_going)
    except NotationError as exc:
        return exc


# ---------------------------------------------------------------------------------------------
# (a) Parser errors: the right line and column, never another exception


@pytest.mark.parametrize(
    ("line", "column", "words"),
    [
        ("Bob: dance", 6, "unknown action 'dance'"),
        ("  Bob: dance", 8, "unknown action 'dance'"),
        ("Bob:    dance", 9, "unknown action 'dance'"),
        ("Zed: deal", 1, "unknown player 'Zed'"),
        ("   Zed: deal", 4, "unknown player 'Zed'"),
        ("Ann: offer Zed red for 5", 12, "unknown player 'Zed'"),
        ("Ann: accept Zed", 13, "unknown player 'Zed'"),
        ("Ann: close red=Zed blue=Ann", 16, "unknown player 'Zed'"),
        ("Ann: lay family purple", 17, "'purple' is not a colour"),
        ("Ann: hire mauve", 11, "'mauve' is not a colour"),
        ("Ann: travel teal", 13, "'teal' is not a colour"),
        ("Ann: offer Bob scarlet for 5", 16, "'scarlet' is not a colour"),
        ("Ann: close red=Ann crimson=Bob", 20, "'crimson' is not a colour"),
        ("Bob: ask 8 red", 15, "'for' is missing"),
        ("Ann: offer Bob red 5", 21, "'for' is missing"),
        ("Bob: ask lots for red", 10, "'lots' is not an amount"),
        ("Ann: offer Bob red for much", 24, "'much' is not an amount"),
        ("Bob: ask 8 apples for red", 12, "unexpected 'apples' after the price"),
        ("Ann: roll 7", 11, "a die shows 1 to 6"),
        ("Ann: deal now", 11, "unexpected 'now'"),
        ("Ann deal", 1, "expected 'key: value'"),
        ("Ann:", 5, "an action is missing"),
    ],
)
def test_action_line_errors(line: str, column: int, words: str) -> None:
    error = error_of(HEADER + line + "\n")
    assert (error.line, error.column) == (5, column), str(error)
    assert words in error.message
    assert str(error).startswith(f"line 5, column {column}: ")


def test_column_with_a_space_before_the_colon() -> None:
    """``Bob : dance`` is accepted as Bob's line: the column must still point at 'dance'."""
    text = HEADER + "Bob : dance\n"
    error = error_of(text)
    assert error.line == 5
    assert text.splitlines()[4][error.column - 1 :].startswith("dance"), error.column


@pytest.mark.parametrize(
    ("text", "line", "column", "words"),
    [
        ("players: Ann, Bob, Cy\nseed: 1\nseed: 2\n", 3, 1, "'seed' is given twice"),
        ("players: Ann, Bob, Cy\nmarker: 1\n\n  marker: 2\n", 4, 3, "'marker' is given twice"),
        ("players: Ann, Bob, Cy\nhands: open\nhand Zed: stop\n", 3, 1, "Zed is not one of"),
        ("players: Ann, Bob, Cy\nmarker: 1\nhand Bob: stop\nhand Zed: boss\n", 4, 1, "Zed"),
        ("players: Ann, Bob, Cy\nhand Ann: stop, rubbish\n", 2, 17, "'rubbish' is not a card"),
        ("seed: 1\nAnn: deal\n", 2, 1, "the header must name the players first"),
        ("players: Ann, , Cy\nseed: 1\n", 1, 10, "list the players"),
        ("players: Ann, Ann, Cy\nseed: 1\n", 1, 10, "two players have the same name"),
        ("players: Ann, Bo b, Cy\nseed: 1\n", 1, 15, "one word"),
        ("# nothing\n", 1, 1, "no 'players:' line"),
        ("players: Ann, Bob, Cy\n", 1, 1, "give 'seed:'"),
        ("players: Ann, Bob, Cy\nseed: x\n", 2, 1, "a whole number"),
        ("players: Ann, Bob, Cy\nseed: 1\nvariants: V9\n", 3, 1, "'V9' is not a variant"),
        ("players: Ann, Bob, Cy\nseed: 1\nstart: youngest\n", 3, 1, "random or alphabetical"),
        ("players: Ann, Bob, Cy\nmarker: 1\nturn: Zed\n", 3, 1, "turn"),
        ("players: Ann, Bob, Cy\nmarker: 1\ninvestors: Zed=red\n", 3, 1, "investors"),
        ("players: Ann, Bob, Cy\nmarker: 1\ninvestors: Ann=plaid\n", 3, 1, "not a colour"),
        ("players: Ann, Bob, Cy\nmarker: 1\nmoney: Ann=lots\n", 3, 1, "money"),
        ("players: Ann, Bob, Cy\nmarker: 99\n", 2, 1, "marker"),
        ("players: Ann, Bob, Cy\nmarker: 0\n", 2, 1, "marker"),  # read as 1 today
        ("players: Ann, Bob, Cy\nmarker: 1\ndeals-done: 15\n", 3, 1, "deals-done"),
        ("players: Ann, Bob, Cy\nmarker: 1\nhands: secret\n", 3, 1, "hands: open"),
        # Position's own checks (a model validator) must still name the line of their key.
        ("players: Ann, Bob, Cy\nmarker: 1\nhand Ann: 11 stop\n", 3, 1, "10 × stop"),
        ("players: Ann, Bob, Cy\nmarker: 1\ninvestors: Ann=red; Bob=red\n", 3, 1, "two owners"),
        ("players: Ann, Bob, Cy\nmarker: 1\ndeals-done: 2\ncovered: 3\n", 4, 1, "covered"),
        ("players: Ann, Bob, Cy\nseed: 1\nboard: no-such-board.toml\n", 3, 1, "cannot read"),
    ],
)
def test_header_errors(text: str, line: int, column: int, words: str) -> None:
    error = error_of(text)
    assert words in error.message, str(error)
    assert (error.line, error.column) == (line, column), str(error)


BAD_HEADERS = {
    # IllegalAction("S1") escapes replay_document: parse accepts 2+ names, the engine 3–6.
    "two players without V8": "players: Ann, Bob\nseed: 1\n",
    "seven players": "players: A, B, C, D, E, F, G\nseed: 1\n",
    "seven players with V8": "players: A, B, C, D, E, F, G\nseed: 1\nvariants: V8\n",
    "two players in a position": "players: Ann, Bob\nmarker: 1\n",
    # PositionError escapes: Position allows 14 deals done, but V7 has only 12 tiles.
    "V7 deals-done 12": "players: Ann, Bob, Cy\nvariants: V7\nmarker: 1\ndeals-done: 12\n",
    # ValueError from int(): isdigit() accepts what int() refuses.
    "seed --5": "players: Ann, Bob, Cy\nseed: --5\n",
    "seed superscript": "players: Ann, Bob, Cy\nseed: ²\n",
    "money superscript": "players: Ann, Bob, Cy\nmarker: 1\nmoney: Ann=²\n",
    "covered superscript": "players: Ann, Bob, Cy\nmarker: 3\ndeals-done: 1\ncovered: ²\n",
    "marker superscript": "players: Ann, Bob, Cy\nseed: 1\n\nCy: marker ²\n",
    # ValueError from zip(strict=True): Position counts set(covered), from_position all of it.
    "covered twice": "players: Ann, Bob, Cy\nmarker: 5\ndeals-done: 2\ncovered: 2 2 3\n",
    # ValueError from int() of more than 4300 digits.
    "huge marker": "players: Ann, Bob, Cy\nseed: 1\n\nCy: marker " + "7" * 5000 + "\n",
    "huge price": "players: Ann, Bob, Cy\nmarker: 1\n\nAnn: deal\nBob: ask "
    + "9" * 5000
    + " for red\n",
    "huge seed": "players: Ann, Bob, Cy\nseed: " + "1" * 5000 + "\n",
    # ValueError("embedded null byte") from the board path: load_board catches OSError only.
    "NUL in board path": "players: Ann, Bob, Cy\nseed: 1\nboard: a\x00b.toml\n",
}


@pytest.mark.parametrize("text", BAD_HEADERS.values(), ids=BAD_HEADERS.keys())
def test_unusable_files_are_notation_errors(text: str) -> None:
    """Each of these files cannot be played; the answer must be a NotationError naming a line,
    not another exception (which ``imtheboss check`` does not catch: a traceback)."""
    try:
        result = replay_document(parse(text))
    except NotationError as exc:
        assert exc.line >= 1 and exc.column >= 1
    else:
        # A refusal as the verdict on a line would be acceptable too.
        assert isinstance(result, Replay) and not result.legal


# ---------------------------------------------------------------------------------------------
# A header's value it cannot take: said in the words of the game, never pydantic's

#: (header lines after ``players: Ann, Bob, Cy``, the line the error names, its message)
HEADER_VALUES = [
    (
        "marker: 1\ndeals-done: 15",
        3,
        "deals-done: how many deals have been completed, one deal tile laid for each: a whole "
        "number from 0 to 14, or 11 in the short game (after the last deal the game is over, "
        "E2), not 15",
    ),
    ("marker: 1\ndeals-done: -1", 3, "deals-done: how many deals have been completed"),
    (
        "variants: V7\nmarker: 1\ndeals-done: 12",
        4,
        "deals-done: 0 to 11 in the short game (V7), not 12: the game has 12 deal tiles and "
        "ends when the last one is laid (E2)",
    ),
    ("marker: 99", 2, "marker: the space (1 to 16) the dollar marker stands on, not 99"),
    ("marker: 0", 2, "marker: the space (1 to 16) the dollar marker stands on, not 0"),
    ("marker: 1\nmoney: Ann=-4", 3, "money: nobody has less than nothing"),
    ("marker: 3\ndeals-done: 1\ncovered: 17", 4, "covered: spaces are numbered 1 to 16"),
]


@pytest.mark.parametrize(("header", "line", "words"), HEADER_VALUES)
def test_a_header_value_is_refused_in_the_words_of_the_game(
    header: str, line: int, words: str
) -> None:
    error = error_of("players: Ann, Bob, Cy\n" + header + "\n")
    assert error.line == line, str(error)
    assert words in error.message
    assert "Input should" not in error.message and "Value error" not in error.message


def test_a_board_file_error_is_in_the_words_of_the_game(tmp_path: Path) -> None:
    board = (ROOT / "src/imtheboss/engine/data/reconstructed.toml").read_text(encoding="utf-8")
    (tmp_path / "bad.toml").write_text(
        board.replace("dividends = 3", 'dividends = "three"', 1), encoding="utf-8"
    )
    text = "players: Ann, Bob, Cy\nseed: 1\nboard: bad.toml\n"
    with pytest.raises(NotationError) as caught:
        replay_document(parse(text), base=tmp_path)
    assert caught.value.line == 3
    assert caught.value.message.endswith("space 1, field 'dividends': a whole number, not 'three'")


class _Sample(BaseModel):
    model_config = ConfigDict(extra="forbid")
    count: int = Field(ge=1, le=6)
    colour: Colour
    ok: bool = True


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ({"count": "x", "colour": "red"}, "a whole number, not 'x'"),
        ({"count": 2.5, "colour": "red"}, "a whole number, not 2.5"),
        ({"count": 0, "colour": "red"}, "at least 1, not 0"),
        ({"count": 7, "colour": "red"}, "at most 6, not 7"),
        (
            {"count": 1, "colour": "teal"},
            "one of red, blue, yellow, pink, orange or green, not 'teal'",
        ),
        ({"count": 1, "colour": "red", "ok": "maybe"}, "true or false, not 'maybe'"),
        ({"count": 1}, "missing: it must be given"),
        ({"count": 1, "colour": "red", "size": 3}, "no such field"),
    ],
)
def test_pydantic_errors_in_words(data: dict[str, object], words: str) -> None:
    with pytest.raises(ValidationError) as caught:
        _Sample.model_validate(data)
    assert in_words(caught.value.errors()[0]) == words


# ---------------------------------------------------------------------------------------------
# A position no game reaches is refused, naming the setup rule

SEATS = {
    2: "players: Ann, Bob\nvariants: V8\nmarker: 1\n",
    3: "players: Ann, Bob, Cy\nmarker: 1\n",
    4: "players: Ann, Bob, Cy, Di\nmarker: 1\n",
    5: "players: Ann, Bob, Cy, Di, Eve\nmarker: 1\n",
    6: "players: Ann, Bob, Cy, Di, Eve, Flo\nmarker: 1\n",
}


@pytest.mark.rule("S2")
@pytest.mark.parametrize(
    ("seats", "investors", "rule", "words"),
    [
        (
            3,
            "Ann=red,blue; Bob=yellow; Cy=green",
            "S2",
            "pink and orange are listed for nobody",
        ),
        (3, "Ann=red,blue,yellow; Bob=pink,orange; Cy=green", None, ""),  # after a hire
        (4, "Ann=red; Bob=blue; Cy=yellow", "S2", "at least 4 investor cards have owners"),
        (4, "Ann=red,blue; Bob=yellow; Di=green", None, ""),  # Cy's was hired away
        (
            5,
            "Ann=red; Bob=blue; Cy=yellow; Di=green",
            "S2",
            "only 4 are listed, but with 5 players",
        ),
        (6, "Ann=red; Bob=blue; Cy=yellow; Di=green; Eve=pink", "S2", "orange is listed for"),
        (2, "Ann=red,blue,yellow; Bob=pink,orange", "V8", "deals three to each"),
    ],
)
def test_investors_no_game_reaches_are_refused(
    seats: int, investors: str, rule: str | None, words: str
) -> None:
    text = SEATS[seats] + f"investors: {investors}\n"
    if rule is None:
        assert replay_text(text).legal
        return
    error = error_of(text)
    assert error.line == text.splitlines().index(f"investors: {investors}") + 1
    assert words in error.message and error.message.endswith(f"({rule})"), error.message


@pytest.mark.rule("S2")
@pytest.mark.rule("H2")
def test_a_three_player_position_with_unowned_investors_is_no_h2_question(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """H2 is about 4 or 5 players: with 3, nothing lies unowned to be hired first."""
    path = tmp_path / "three.txt"
    path.write_text(
        SEATS[3] + "investors: Ann=red; Bob=blue; Cy=yellow\n\nAnn: deal\nAnn: hire blue\n",
        encoding="utf-8",
    )
    assert main(["check", str(path)]) == 2
    out = capsys.readouterr().out
    assert "line 3" in out and "(S2)" in out and "H2" not in out


@pytest.mark.rule("S1")
def test_a_position_for_too_few_players_names_s1_first() -> None:
    error = error_of("players: Ann, Bob\nmarker: 1\n")
    assert error.line == 1 and error.message.endswith("(S1)"), error.message


def test_a_position_without_investors_points_at_the_players() -> None:
    error = error_of(SEATS[3])
    assert error.line == 1 and "every investor card has an owner" in error.message


@pytest.mark.rule("T2")
def test_a_hand_over_the_limit_is_refused() -> None:
    text = SEATS[3] + "investors: Ann=red,blue; Bob=yellow,pink; Cy=orange,green\n"
    assert replay_text(text + "hand Bob: 12 hire\n").legal
    error = error_of(text + "hand Ann: stop\nhand Bob: 13 hire\n")
    assert error.line == 5
    assert error.message.startswith("hand Bob: 13 cards") and error.message.endswith("(T2)")


@pytest.mark.rule("S5")
@pytest.mark.rule("CL4")
def test_money_no_deal_paid_is_refused() -> None:
    text = SEATS[3] + "investors: Ann=red,blue; Bob=yellow,pink; Cy=orange,green\n"
    error = error_of(text + "money: Ann=4\n")
    assert error.line == 4 and error.message.endswith("(S5), and only a completed deal pays")
    # One deal done: tile #1 pays $2M a dividend, at most 7 dividends.
    assert replay_text(text + "deals-done: 1\nmoney: Ann=10; Bob=4\n").legal
    error = error_of(text + "deals-done: 1\nmoney: Ann=10; Bob=5\n")
    assert (
        error.line == 5 and "$15M between them" in error.message and "at most $14M" in error.message
    )
    assert error.message.endswith("(CL4)")


# ---------------------------------------------------------------------------------------------
# A card after the close: the deal is closed, which is what the table needs to hear

CLOSING = DISPUTE + (
    "Ann: deal\nBob: ask 3 for blue\nAnn: accept Bob\nAnn: close red=Ann blue=Bob\n"
)


def _refusals(text: str) -> list[tuple[int, str, str]]:
    replay = replay_text(text, keep_going=True)
    return [(s.line.number, s.error.rule, s.error.reason) for s in replay.steps if s.error]


@pytest.mark.rule("CL2")
def test_a_stop_after_the_close_is_refused_under_cl2() -> None:
    [(line, rule, reason)] = _refusals(CLOSING + "Bob: stop\n")
    assert (line, rule) == (12, "CL2")
    assert reason == (
        'The deal is closed: Ann said "One, two…" and nobody called the close off. A close '
        "cannot be stopped: only during the count does another player's family, travel, boss "
        "or hire card call it off"
    )


@pytest.mark.rule("CL2")
def test_a_stop_after_everyone_passed_on_the_close_is_refused_under_cl2() -> None:
    text = CLOSING + "Bob: pass\nCy: pass\nDi: pass\nCy: stop\n"
    assert [(n, rule) for n, rule, _ in _refusals(text)] == [(15, "CL2")]


@pytest.mark.rule("CL1")
def test_the_bosses_own_card_after_the_close_is_refused_under_cl1() -> None:
    """The Boss's card does not call the close off: the count ends, then the card comes."""
    [(line, rule, reason)] = _refusals(CLOSING + "Ann: travel blue\n")
    assert (line, rule) == (12, "CL1")
    assert reason.endswith("after that nobody plays influence cards")


def test_once_play_goes_on_a_stop_is_an_ordinary_t4() -> None:
    refusals = _refusals(CLOSING + "Bob: stop\nBob: stop\nBob: roll 3\nBob: stop\n")
    assert [(n, rule) for n, rule, _ in refusals] == [(12, "CL2"), (13, "CL2"), (15, "T4")]


# ---------------------------------------------------------------------------------------------
# Comments at the end of a line


def test_a_comment_may_end_a_move_or_a_header_line() -> None:
    plain_text = DISPUTE + "Ann: deal\nBob: ask 3 for blue\nAnn: accept Bob\n"
    commented = (
        DISPUTE.replace("marker: 1", "marker: 1   # red and blue")
        + "Ann: deal  # my turn\nBob: ask 3 for blue\t# cheap\nAnn: accept Bob #\n"
    )
    mine, theirs = replay_text(commented), replay_text(plain_text)
    assert mine.legal and [s.line.text for s in mine.steps] == [
        "Ann: deal",
        "Bob: ask 3 for blue",
        "Ann: accept Bob",
    ]
    assert mine.final == theirs.final


def test_an_error_before_a_comment_keeps_its_column() -> None:
    error = error_of(HEADER + "Ann: lay family purple  # a new colour?\n")
    assert (error.line, error.column) == (5, 17)
    assert "'purple' is not a colour" in error.message


def test_a_hash_inside_a_word_is_no_comment() -> None:
    error = error_of(HEADER + "Ann: hire red#1\n")
    assert "'red#1' is not a colour" in error.message


def test_a_player_name_cannot_hold_a_hash() -> None:
    error = error_of("players: Ann, Bo#b, Cy\nseed: 1\n")
    assert "a name cannot contain '#'" in error.message and error.column == 15


# ---------------------------------------------------------------------------------------------
# An unclear line is an error in the writing, not a breach of the rules


TWO_BLUE = DISPUTE + "Ann: deal\nBob: lay family blue\nCy: lay family blue\n"


@pytest.mark.parametrize("grey", ["", "grey "])
def test_travel_on_one_of_two_family_cards_must_say_whose(grey: str) -> None:
    line = f"Di: travel {grey}family blue"
    error = error_of(TWO_BLUE + line + "\n")
    assert error.line == 11
    assert line[error.column - 1 :] == "family blue"
    assert error.message == (
        "which one? Bob and Cy have each laid a blue family card: write "
        f"`Di: travel {grey}Bob's family blue` or `Di: travel {grey}Cy's family blue`"
    )
    # What it suggests is understood, and legal.
    assert replay_text(TWO_BLUE + f"Di: travel {grey}Cy's family blue\n").legal


def test_check_exits_2_on_an_unclear_travel(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "unclear.txt"
    path.write_text(TWO_BLUE + "Di: travel family blue\n", encoding="utf-8")
    assert main(["check", "--keep-going", str(path)]) == 2
    out = capsys.readouterr().out
    assert "line 11, column 12: which one?" in out and "TR1" not in out


def test_travel_on_the_only_family_card_of_its_colour_needs_no_owner() -> None:
    replay = replay_text(DISPUTE + "Ann: deal\nBob: lay family blue\nDi: travel family blue\n")
    assert replay.legal


# ---------------------------------------------------------------------------------------------
# Fuzzing


def _assert_judged(text: str) -> None:
    for keep_going in (False, True):
        result = judge(text, keep_going=keep_going)
        assert isinstance(result, Replay | NotationError)
        if isinstance(result, NotationError):
            assert result.line >= 1 and result.column >= 1


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.one_of(
        st.text(),
        st.text().map(lambda t: "players: Ann, Bob, Cy\nseed: 3\n" + t),
        st.lists(
            st.sampled_from(
                [
                    "players: Ann, Bob, Cy",
                    "seed: 3",
                    "marker: 2",
                    "Ann: marker 4",
                    "Cy: marker 4",
                    "Ann: deal",
                    "Ann: roll",
                    "Bob: ask 3 for red",
                    "Ann: accept Bob",
                    "Ann: close red=Bob",
                    "time up",
                ]
            )
            | st.text(),
            max_size=8,
        ).map("\n".join),
    )
)
def test_fuzz_text_never_crashes(text: str) -> None:
    _assert_judged(text)


_BASE_TEXTS = (
    WORKED.read_text(encoding="utf-8"),
    "# every header key\n"
    "players: Ann, Bob, Cy, Di\n"
    "seed: 12\n"
    "variants: V1, V3\n"
    "deals-done: 3\n"
    "covered: 2 3 4\n"
    "marker: 5\n"
    "turn: Bob\n"
    "investors: Ann=red,blue; Bob=yellow; Cy=pink; Di=orange,green\n"
    "money: Ann=$10M; Bob=8\n"
    "hand Bob: stop, boss, 3 hire, family red\n"
    "hands: open\n"
    "\n"
    "Bob: roll 2\n"
    "Bob: deal\n"
    "Ann: ask 2 dividends for red and blue\n"
    "Bob: accept Ann\n"
    "Cy: travel grey family red\n"
    "Bob: hire yellow\n"
    "time up\n",
)
_ALPHABET = list("0123456789:,;=/$'- \t#abcdeflmnoprstuyABCJMRSVZ²٣\x00\n")


@st.composite
def mutated(draw: st.DrawFn) -> str:
    """A base file with a few characters deleted, duplicated or changed (and sometimes a line
    deleted or duplicated)."""
    lines = draw(st.sampled_from(_BASE_TEXTS)).splitlines()
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, len(lines) - 1))
        line = lines[i]
        op = draw(st.sampled_from(["delete", "duplicate", "change", "insert", "line"]))
        at = draw(st.integers(0, max(0, len(line) - 1)))
        if op == "delete":
            line = line[:at] + line[at + 1 :]
        elif op == "duplicate":
            line = line[: at + 1] + line[at:]
        elif op in ("change", "insert"):
            char = draw(st.sampled_from(_ALPHABET) | st.characters())
            line = line[:at] + char + line[at + (op == "change") :]
        elif draw(st.booleans()):
            lines.insert(i, line)
        else:
            del lines[i]
            continue
        lines[i] = line
    return "\n".join(lines) + "\n"


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
@example(_BASE_TEXTS[0].replace("Shinyoung, ", "").replace("Seonju", "Sx"))  # 3 players: fine
# Crashes the mutations found (ValueError escapes): a superscript digit, a space covered twice.
@example(_BASE_TEXTS[1].replace("seed: 12", "seed: 1²2"))
@example(_BASE_TEXTS[1].replace("covered: 2 3 4", "covered:2 2 3 4"))
def test_fuzz_mutated_examples_never_crash(text: str) -> None:
    _assert_judged(text)


def test_the_worked_example_file_is_legal() -> None:
    result = replay_text(WORKED.read_text(encoding="utf-8"))
    assert result.legal and result.final is not None
    assert result.final.deals_done == 13


# ---------------------------------------------------------------------------------------------
# (b) imtheboss check


def test_check_syntax_error_exits_2_with_the_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "dispute.txt"
    path.write_text(HEADER + "Bob: ask 8 red\n", encoding="utf-8")
    assert main(["check", str(path)]) == 2
    out = capsys.readouterr().out
    assert "line 5" in out and "'for' is missing" in out


def test_check_syntax_error_as_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "dispute.txt"
    path.write_text(HEADER + "Ann: lay family purple\n", encoding="utf-8")
    assert main(["check", "--json", str(path)]) == 2
    data = json.loads(capsys.readouterr().out)
    assert data["legal"] is None
    assert (data["error"]["line"], data["error"]["column"]) == (5, 17)


def test_check_missing_file_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "nowhere.txt"
    assert main(["check", str(path)]) == 2
    assert "nowhere.txt" in capsys.readouterr().out


def test_check_legal_and_illegal_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(WORKED)]) == 0
    assert "Every line is legal" in capsys.readouterr().out
    path = tmp_path / "stop-a-stop.txt"
    lines = WORKED.read_text(encoding="utf-8").splitlines()
    at = lines.index("Jeonghoon: stop") + 1
    lines.insert(at, "Shinyoung: stop")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["check", str(path)]) == 1
    out = capsys.readouterr().out
    assert f"Line {at + 1}: ST2" in out


def test_check_two_player_file_does_not_crash(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "two.txt"
    path.write_text("players: Ann, Bob\nseed: 1\n", encoding="utf-8")
    assert main(["check", str(path)]) in (1, 2)
    assert "S1" in capsys.readouterr().out


# ---------------------------------------------------------------------------------------------
# (c) Round trip: random games written and replayed

GAMES = 500
SEEDS = [1_000 + 7 * i for i in range(GAMES)]
_ROTATING = [v for v in Variant if v is not Variant.V8]  # V1 … V7


def game_setup(index: int) -> Setup:
    """Game ``index``: 3–6 players in turn, and the 128 subsets of V1–V7 in rotation."""
    mask = (index // 4 + 37 * index) % 128
    chosen = frozenset(v for bit, v in enumerate(_ROTATING) if mask >> bit & 1)
    start = StartPlayer.ALPHABETICAL if index % 5 == 0 else StartPlayer.RANDOM
    return Setup(
        players=NAMES[: 3 + index % 4],
        seed=SEEDS[index],
        options=Options(variants=chosen, start=start),
    )


def play_game(setup: Setup) -> tuple[GameState, list[Action]]:
    state = new_game(setup)
    recorded: list[Action] = []
    for _, action, after, events in random_steps(state, random.Random(setup.seed)):
        recorded.append(as_recorded(action, events))
        state = after
    assert state.phase is Phase.OVER
    return state, recorded


@pytest.mark.parametrize("index", range(GAMES))
def test_round_trip(index: int) -> None:
    setup = game_setup(index)
    final, recorded = play_game(setup)
    text = write_game(setup, recorded)
    result = replay_text(text, close_at_end=False)
    illegal = result.first_illegal
    assert illegal is None, f"line {illegal.line.number}: {illegal.line.text}: {illegal.error}"
    action_lines = [ln for ln in text.splitlines()[len(header_lines(setup)) + 1 :] if ln]
    assert len(result.steps) == len(action_lines)
    assert result.actions == recorded
    assert result.final == final


def test_round_trip_covers_the_variants() -> None:
    setups = [game_setup(i) for i in range(GAMES)]
    assert len({s.options.variants for s in setups}) == 128
    assert {len(s.players) for s in setups} == {3, 4, 5, 6}
    assert len(set(SEEDS)) == GAMES


# ---------------------------------------------------------------------------------------------
# (d) A seeded game with a wrong roll


def _wrong(value: str) -> str:
    return str(int(value) % 6 + 1)


@pytest.mark.parametrize("index", [0, 1, 2, 3])
def test_wrong_turn_roll_is_refused_with_t1(index: int) -> None:
    setup = game_setup(index)
    _, recorded = play_game(setup)
    lines = write_game(setup, recorded).splitlines()
    rolls = [i for i, ln in enumerate(lines) if re.fullmatch(r"\w+: roll \d", ln)]
    at = rolls[0]  # the first roll of a game is a turn roll (T1), never an end roll
    lines[at] = lines[at][:-1] + _wrong(lines[at][-1])
    result = replay_text("\n".join(lines) + "\n")
    illegal = result.first_illegal
    assert illegal is not None
    assert illegal.line.number == at + 1
    assert illegal.error is not None and illegal.error.rule == "T1"
    assert "seeded die" in illegal.error.reason
    assert all(step.legal for step in result.steps[:-1])


def test_wrong_end_roll_is_refused_with_e1() -> None:
    for index in range(40):
        setup = game_setup(index)
        _, recorded = play_game(setup)
        text = write_game(setup, recorded)
        steps = replay_text(text).steps
        ends = [s for s in steps if s.before.phase is Phase.END_ROLL]
        if ends:
            break
    else:  # pragma: no cover - some game among 40 reaches the 10th deal
        pytest.fail("no end roll in 40 games")
    number = ends[0].line.number
    lines = text.splitlines()
    lines[number - 1] = lines[number - 1][:-1] + _wrong(lines[number - 1][-1])
    illegal = replay_text("\n".join(lines) + "\n").first_illegal
    assert illegal is not None and illegal.line.number == number
    assert illegal.error is not None and illegal.error.rule == "E1"


# ---------------------------------------------------------------------------------------------
# (e) A position written down and read back


POSITIONS = [
    Position(
        players=("Ann", "Bob", "Cy"),
        investors={"Ann": COLOURS[:2], "Bob": COLOURS[2:4], "Cy": COLOURS[4:]},
        marker=1,
        turn="Ann",
    ),
    Position(
        players=("Jeonghoon", "Jaeyoung", "Shinyoung", "Seonju"),
        investors={
            "Jeonghoon": (COLOURS[1], COLOURS[3]),
            "Jaeyoung": (COLOURS[0],),
            "Shinyoung": (COLOURS[2], COLOURS[5]),
            "Seonju": (COLOURS[4],),
        },
        deals_done=12,
        marker=5,
        turn="Jeonghoon",
    ),
    Position(
        players=("Ann", "Bob", "Cy", "Di", "Eve"),
        options=Options(
            variants=frozenset({Variant.V1, Variant.V3, Variant.V7}),
            start=StartPlayer.ALPHABETICAL,
        ),
        investors={
            "Ann": (COLOURS[0],),
            "Bob": (COLOURS[1],),
            "Cy": (),
            "Di": (COLOURS[3],),
            "Eve": (COLOURS[5], COLOURS[2]),
        },
        deals_done=3,
        covered=(2, 9, 16),
        marker=10,
        turn="Di",
        money={"Ann": 0, "Di": 27},
        hands={
            "Bob": (Card.STOP, Card.HIRE, Card.HIRE, Card.FAMILY_RED, Card.TRAVEL_GREY),
            "Eve": (),
        },
        seed=-4,
    ),
    Position(
        players=("Ann", "Bob"),
        options=Options(variants=frozenset({Variant.V8})),
        investors={"Ann": COLOURS[:3], "Bob": COLOURS[3:]},
        marker=16,
        turn="Bob",
        hands={"Ann": (Card.BOSS,), "Bob": (Card.BOSS, Card.STOP)},
        seed=0,
    ),
]


def read_back(position: Position) -> Position:
    text = write_game(position, [])
    assert text == "\n".join(header_lines(position)) + "\n\n"
    setup = setup_from(parse(text))
    assert isinstance(setup, Position)
    return setup


@pytest.mark.parametrize("position", POSITIONS)
def test_position_round_trip(position: Position) -> None:
    assert read_back(position) == position


_POOL = ("Ann", "Bob", "Cy", "Di", "Eve", "Flo", "Jo-Ann", "O'Neil", "Zoë", "李")


@st.composite
def positions(draw: st.DrawFn) -> Position:
    chosen = draw(st.sets(st.sampled_from(Variant), max_size=4))
    low = 2 if Variant.V8 in chosen else 3
    players = tuple(draw(st.permutations(_POOL)))[: draw(st.integers(low, 6))]
    owner = {c: draw(st.sampled_from((None, *players))) for c in COLOURS}
    # S2: what was dealt keeps an owner (hire sets only move investors between players).
    dealt = min(len(COLOURS), len(players) * investors_each(len(players)))
    for colour in COLOURS:
        if sum(o is not None for o in owner.values()) >= dealt:
            break
        if owner[colour] is None:
            owner[colour] = draw(st.sampled_from(players))
    investors = {
        name: tuple(c for c in COLOURS if owner[c] == name)
        for name in players
        if any(owner[c] == name for c in COLOURS) or draw(st.booleans())
    }
    deals_done = draw(st.integers(0, 11 if Variant.V7 in chosen else 14))
    marker = draw(st.integers(1, 16))
    covered = None
    if draw(st.booleans()):
        others = [s for s in range(1, 17) if s != marker]
        covered = tuple(draw(st.permutations(others))[:deals_done])
    # S5, CL4: money only from deals done; every tile pays at least $2M × 7 dividends.
    most = 14 * deals_done // len(players)
    money = {n: draw(st.integers(0, most)) for n in players if draw(st.booleans())}
    left = dict(DECK_COUNTS)
    hands: dict[str, tuple[Card, ...]] = {}
    for name in players:
        if draw(st.booleans()):
            hand = draw(st.lists(st.sampled_from(list(Card)), max_size=12))  # T2
            kept = []
            for card in hand:
                if left[card]:
                    left[card] -= 1
                    kept.append(card)
            hands[name] = tuple(kept)
    return Position(
        players=players,
        options=Options(variants=frozenset(chosen), start=draw(st.sampled_from(list(StartPlayer)))),
        investors=investors,
        deals_done=deals_done,
        covered=covered,
        marker=marker,
        turn=draw(st.sampled_from(players)),
        money=money,
        hands=hands,
        seed=draw(st.none() | st.integers(-(10**12), 10**12)),
    )


@settings(max_examples=200, deadline=None)
@given(positions())
def test_any_position_round_trips(position: Position) -> None:
    assert read_back(position) == position
    # And the engine starts from it the same way, from the text and from the object.
    replay = replay_text(write_game(position, []))
    assert replay.legal and replay.steps == []


def _moves(text: str) -> list[tuple[str, str, dict[str, object]]]:
    return [(line.actor, line.verb, line.args) for line in parse(HEADER + text).lines]


@pytest.mark.parametrize(
    ("written", "meant"),
    [
        # The letters the table shows beside each colour (R B Y P O G) read as the words.
        ("Ann: lay family P", "Ann: lay family pink"),
        ("Ann: hire g", "Ann: hire green"),
        ("Ann: travel O", "Ann: travel orange"),
        ("Ann: travel grey Y", "Ann: travel grey yellow"),
        ("Ann: offer Bob R and family B for 5", "Ann: offer Bob red and family blue for 5"),
        ("Bob: ask 2 dividends for Y, P", "Bob: ask 2 dividends for yellow, pink"),
        ("Ann: close R=Bob B=Ann/family", "Ann: close red=Bob blue=Ann/family"),
        # Both orders around 'for', for the Boss's offer and a player's ask alike.
        ("Ann: offer Bob 3 for pink", "Ann: offer Bob pink for 3"),
        (
            "Ann: offer Bob $3M for red and family orange",
            "Ann: offer Bob red and family orange for 3",
        ),
        ("Bob: ask pink for 3", "Bob: ask 3 for pink"),
        ("Bob: ask family Y for 2 dividends", "Bob: ask 2 dividends for family yellow"),
    ],
)
def test_a_dispute_reads_as_a_table_writes_it(written: str, meant: str) -> None:
    """Issue 21: the notation a table writes by hand (docs/notation.md, the first section)."""
    assert _moves(written + "\n") == _moves(meant + "\n")


def test_colour_letters_read_in_a_position_file() -> None:
    text = DISPUTE.replace("Ann=red; Bob=blue", "Ann=R; Bob=b") + "Ann: deal\n"
    assert setup_from(parse(text)) == setup_from(parse(DISPUTE + "Ann: deal\n"))


def test_colour_letters_read_in_a_hand() -> None:
    from imtheboss.notation.syntax import parse_cards

    assert parse_cards("stop, family P, travel g, 2 hire", 1, 1) == parse_cards(
        "stop, family pink, travel green, 2 hire", 1, 1
    )


def test_a_colour_that_is_no_colour_names_the_letters_too() -> None:
    error = error_of(HEADER + "Ann: hire X\n")
    assert "'X' is not a colour" in error.message
    assert "pink P" in error.message


def test_the_writer_keeps_the_colour_words() -> None:
    """The letters are read, never written: a saved game stays in words."""
    text = DISPUTE + "Ann: deal\nBob: ask blue for 4\nAnn: accept Bob\nAnn: close R=Ann B=Bob\n"
    replay = replay_text(text)
    assert replay.legal
    written = write_game(replay.setup, replay.actions)
    assert "Bob: ask 4 for blue" in written
    assert "close red=Ann blue=Bob" in written
    assert "investors: Ann=red; Bob=blue" in written
