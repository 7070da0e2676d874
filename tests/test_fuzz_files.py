"""Fuzzing whole files as bytes: saves and dispute files with flipped bytes, cut short, lines
deleted, duplicated or swapped, a byte-order mark, CRLF endings, junk bytes (issue 8).

Every mutant must get a clear answer: an error naming a line (a file that cannot be read or
parsed), or a reading with a verdict on each line. Never another exception, never a hang: the
deadline is per example and generous, a bound for a reader that would never return, not a
measure of speed.
"""

from __future__ import annotations

import contextlib
import io
import random
import tempfile
from datetime import timedelta
from functools import cache
from pathlib import Path

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from imtheboss.bots.random_play import random_steps
from imtheboss.cli import main
from imtheboss.engine import Options, Setup, Variant
from imtheboss.notation import NotationError, parse, replay_document
from imtheboss.session import GameSession
from imtheboss.textfile import UnreadableFile, decode

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = sorted((ROOT / "docs/examples").glob("*.txt"))


@cache
def saved_game() -> bytes:
    """A game in progress as the autosave writes it: unusual names, a bot, a variant."""
    players = ("정훈", "[red]Ann", "O'Neil", "Dealer1")
    setup = Setup(players=players, seed=31, options=Options(variants=frozenset({Variant.V3})))
    session = GameSession.new(setup, None, bots={"Dealer1": "dealer"})
    for _, action, _, _ in random_steps(session.state, random.Random(31)):
        session.act(action)
        if len(session.actions) >= 120:
            break
    return session.text().encode("utf-8")


@cache
def bases() -> tuple[bytes, ...]:
    return (saved_game(), *(path.read_bytes() for path in EXAMPLES))


JUNK = [
    b"\x00",
    b"\xff",
    b"\xc3",  # a truncated two-byte character
    b"\xef\xbb\xbf",
    b"\x1b]2;PWNED\x07",
    "\u202e".encode(),
    b"\r",
    b"\x0c",
    b"\t",
    "정".encode(),
    b":",
    b"=",
    b",",
    b";",
    b"#",
    b" ",
    b"/family",
    b"'s",
]


@st.composite
def mutants(draw: st.DrawFn) -> bytes:
    data = draw(st.sampled_from(bases()))
    for _ in range(draw(st.integers(1, 4))):
        op = draw(
            st.sampled_from(
                ["flip", "truncate", "delete", "duplicate", "swap", "bom", "crlf", "junk"]
            )
        )
        lines = data.split(b"\n")
        if op == "flip" and data:
            at = draw(st.integers(0, len(data) - 1))
            data = data[:at] + bytes([data[at] ^ (1 << draw(st.integers(0, 7)))]) + data[at + 1 :]
        elif op == "truncate":
            data = data[: draw(st.integers(0, len(data)))]
        elif op in ("delete", "duplicate", "swap") and lines:
            i = draw(st.integers(0, len(lines) - 1))
            if op == "delete":
                del lines[i]
            elif op == "duplicate":
                lines.insert(i, lines[i])
            else:
                j = draw(st.integers(0, len(lines) - 1))
                lines[i], lines[j] = lines[j], lines[i]
            data = b"\n".join(lines)
        elif op == "bom":
            data = b"\xef\xbb\xbf" + data
        elif op == "crlf":
            data = data.replace(b"\n", b"\r\n")
        else:
            junk = draw(st.sampled_from(JUNK) | st.binary(min_size=1, max_size=6))
            at = draw(st.integers(0, len(data)))
            data = data[:at] + junk + data[at:]
    return data


def assert_clear_answer(data: bytes) -> None:
    """An error with a line, or a reading: what check, replay and --resume all go through."""
    try:
        text = decode(data, "mutant.txt")
    except UnreadableFile as exc:
        assert exc.line is not None and exc.line >= 1 and exc.column is not None
        return
    for keep_going, close_at_end in ((False, True), (True, True), (False, False)):
        try:
            replay_document(parse(text), keep_going=keep_going, close_at_end=close_at_end)
        except NotationError as exc:
            assert exc.line >= 1 and exc.column >= 1, exc
            assert "\x1b" not in str(exc)


FUZZ = settings(
    max_examples=400,
    deadline=timedelta(seconds=10),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def test_the_bases_are_legal_files() -> None:
    """The mutations start from files that read cleanly (or the fuzzing tests little)."""
    for data in bases():
        replay_document(parse(decode(data, "base")))


@FUZZ
@given(mutants())
@example(b"\xef\xbb\xbf" + b"players: Ann, Bob, Cy\r\nseed: 1\r\n")
@example(b"players: Ann, Bob, Cy\nbots: Cy=genius\nseed: 1\n")
@example(b"players: Ann, \x1b]2;PWNED\x1b\\X, Cy\nseed: 1\n")
@example(b"players: Ann, Bob, Cy\nseed: 1\n\xff\n")
@example(b"players: Ann, Bob, Cy\nseed: 1\n\n\x0cCy: marker 3\n")
def test_mutated_saves_and_disputes_get_a_clear_answer(data: bytes) -> None:
    assert_clear_answer(data)


@settings(FUZZ, max_examples=40)
@given(mutants())
def test_check_on_mutants_exits_0_1_or_2_without_a_traceback(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "mutant.txt"
        path.write_bytes(data)
        for extra in ([], ["--json"]):
            out, err = io.StringIO(), io.StringIO()
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                code = main(["check", *extra, str(path)])
            assert code in (0, 1, 2)
            assert "Traceback" not in out.getvalue() + err.getvalue()
            assert "\x1b" not in out.getvalue()
