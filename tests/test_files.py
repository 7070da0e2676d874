"""Files a person names: only regular files of a sane size are read, in UTF-8 with or without
a byte-order mark and with LF or CRLF endings; every mistake names its line (issue 8, items
11 and 12). One reader, one verdict: ``check``, ``replay`` and ``--resume`` agree on a file.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from imtheboss.boardfile import BoardFileError, load_board
from imtheboss.cli import main
from imtheboss.notation import NotationError, parse
from imtheboss.session import GameSession, ResumeError
from imtheboss.textfile import UnreadableFile, read_bytes, read_text

ROOT = Path(__file__).resolve().parents[1]
WORKED = (ROOT / "docs/examples/worked-example.txt").read_text(encoding="utf-8")
SHORT = "players: Ann, Bob, Cy\nseed: 1\n\n"


def finishes(call: Callable[[], object], seconds: float = 20.0) -> object:
    """``call()``'s result; fails (instead of hanging the suite) if it blocks.

    The time is only a bound for a call that would otherwise never return.
    """
    result: list[object] = []
    error: list[BaseException] = []

    def target() -> None:
        try:
            result.append(call())
        except BaseException as exc:
            error.append(exc)

    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), "blocked: it waited on a FIFO or a device"
    if error:
        raise error[0]
    return result[0]


# ---------------------------------------------------------------------------------------------
# Only regular files (item 11)


def test_a_device_is_refused_without_reading_it() -> None:
    with pytest.raises(UnreadableFile, match=r"^/dev/zero is not a regular file$"):
        read_text("/dev/zero")


def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path: Path) -> None:
    fifo = tmp_path / "game.txt"
    os.mkfifo(fifo)
    with pytest.raises(UnreadableFile, match="is not a regular file"):
        finishes(lambda: read_text(fifo))


def test_a_directory_is_refused(tmp_path: Path) -> None:
    with pytest.raises(UnreadableFile, match="is a directory"):
        read_text(tmp_path)


def test_a_missing_file_is_a_sentence(tmp_path: Path) -> None:
    with pytest.raises(UnreadableFile, match=r"nope\.txt does not exist$"):
        read_text(tmp_path / "nope.txt")


def test_a_file_larger_than_the_limit_is_refused(tmp_path: Path) -> None:
    big = tmp_path / "big.txt"
    big.write_bytes(b"x" * 101)
    with pytest.raises(UnreadableFile, match="too large"):
        read_bytes(big, limit=100)
    assert read_bytes(big, limit=101) == b"x" * 101


_MAIN = "import sys; from imtheboss.cli import main; sys.exit(main())"


def _limited(args: list[str]) -> subprocess.CompletedProcess[str]:
    """``imtheboss ARGS`` in a child limited to 1 GB of memory and 60 s, so that a reader
    that reads /dev/zero to the end fails the test instead of the machine."""

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))

    return subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; from imtheboss.cli import main; sys.exit(main())",
            *args,
        ],
        capture_output=True,
        text=True,
        timeout=60,
        preexec_fn=limit,
        stdin=subprocess.DEVNULL,
    )


def test_check_dev_zero_is_refused_at_once() -> None:
    done = _limited(["check", "/dev/zero"])
    assert done.returncode == 2, done
    assert "/dev/zero is not a regular file" in done.stdout
    assert "Traceback" not in done.stdout + done.stderr


def test_a_board_line_naming_dev_zero_is_refused_with_its_line(tmp_path: Path) -> None:
    path = tmp_path / "dispute.txt"
    path.write_text("players: Ann, Bob, Cy\nseed: 1\nboard: /dev/zero\n", encoding="utf-8")
    done = _limited(["check", str(path)])
    assert done.returncode == 2, done
    assert "line 3" in done.stdout and "/dev/zero is not a regular file" in done.stdout


def test_board_dev_zero_is_refused() -> None:
    done = _limited(["board", "--board", "/dev/zero"])
    assert done.returncode == 2, done
    assert "/dev/zero is not a regular file" in done.stdout


def test_board_files_go_through_the_same_reader(tmp_path: Path) -> None:
    fifo = tmp_path / "board.toml"
    os.mkfifo(fifo)
    with pytest.raises(BoardFileError, match=r"board\.toml is not a regular file"):
        finishes(lambda: load_board(fifo))
    with pytest.raises(BoardFileError, match="/dev/stdin is not a regular file"):
        finishes(lambda: load_board("/dev/stdin"))


def test_play_with_a_board_that_is_a_device_exits_2_before_the_tui(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("IMTHEBOSS_HOME", str(tmp_path))
    assert finishes(lambda: main(["play", "--names", "Ann,Bob,Cy", "--board", "/dev/stdin"])) == 2
    assert "/dev/stdin is not a regular file" in capsys.readouterr().err


def test_check_and_replay_of_a_fifo_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fifo = tmp_path / "dispute.txt"
    os.mkfifo(fifo)
    assert finishes(lambda: main(["check", str(fifo)])) == 2
    assert "dispute.txt is not a regular file" in capsys.readouterr().out
    assert finishes(lambda: main(["replay", str(fifo)])) == 2
    assert "dispute.txt is not a regular file" in capsys.readouterr().err


def test_resume_of_a_save_that_is_a_fifo_is_a_resume_error(tmp_path: Path) -> None:
    fifo = tmp_path / "game.txt"
    os.mkfifo(fifo)
    with pytest.raises(ResumeError, match="is not a regular file"):
        finishes(lambda: GameSession.load(fifo))


# ---------------------------------------------------------------------------------------------
# Encodings (item 12)


def test_a_byte_order_mark_is_accepted(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bom.txt"
    path.write_bytes(b"\xef\xbb\xbf" + WORKED.encode("utf-8"))
    assert main(["check", str(path)]) == 0, capsys.readouterr().out
    assert parse("\ufeff" + WORKED).players == parse(WORKED).players


def test_crlf_line_endings_are_accepted(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "crlf.txt"
    path.write_bytes(WORKED.replace("\n", "\r\n").encode("utf-8"))
    assert main(["check", str(path)]) == 0, capsys.readouterr().out


def test_a_crlf_file_names_its_lines_like_an_editor() -> None:
    with pytest.raises(NotationError) as caught:
        parse(SHORT.replace("\n", "\r\n") + "Bob: dance\r\n")
    assert (caught.value.line, caught.value.column) == (4, 6)


def test_invalid_utf8_is_reported_by_line_and_column(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "latin1.txt"
    path.write_bytes((SHORT + "Cy: marker 3\n").encode() + b"# Jos\xe9 said so\n")
    with pytest.raises(UnreadableFile) as caught:
        read_text(path)
    assert (caught.value.line, caught.value.column) == (5, 6)
    assert main(["check", str(path)]) == 2
    assert "line 5, column 6" in capsys.readouterr().out
    assert main(["check", "--json", str(path)]) == 2
    assert '"line": 5' in capsys.readouterr().out


def test_columns_after_invalid_utf8_count_characters_not_bytes(tmp_path: Path) -> None:
    path = tmp_path / "korean.txt"
    path.write_bytes("# 정훈 ".encode() + b"\xff\n")
    with pytest.raises(UnreadableFile) as caught:
        read_text(path)
    assert (caught.value.line, caught.value.column) == (1, 6)


def test_a_form_feed_does_not_shift_the_line_numbers() -> None:
    """``str.splitlines`` breaks at a form feed; an editor does not."""
    with pytest.raises(NotationError) as caught:
        parse(SHORT + "# page\x0c break\nBob: dance\n")
    assert caught.value.line == 4  # the form feed itself, refused where it is


# ---------------------------------------------------------------------------------------------
# One reader, one verdict


def test_a_malformed_bots_header_gets_one_verdict_everywhere(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bots.txt"
    path.write_text("players: Ann, Bob, Cy\nbots: Cy=genius\nseed: 1\n", encoding="utf-8")
    assert main(["check", str(path)]) == 2
    assert "line 2" in capsys.readouterr().out
    with pytest.raises(ResumeError, match="line 2"):
        GameSession.load(path)
    assert main(["replay", str(path)]) == 2
    assert "line 2" in capsys.readouterr().err


@pytest.mark.parametrize(
    "bots", ["Zed=dealer", "Cy", "Cy=dealer; Cy=random", "Cy=Dealer", "Cy = genius"]
)
def test_the_parser_reads_the_bots_header(bots: str) -> None:
    with pytest.raises(NotationError, match="line 2"):
        parse(f"players: Ann, Bob, Cy\nbots: {bots}\nseed: 1\n")


def test_a_good_bots_header_is_read() -> None:
    doc = parse("players: Ann, Bob, Cy\nbots: Bob=random; Cy=dealer\nseed: 1\n")
    assert doc.bots == {"Bob": "random", "Cy": "dealer"}
