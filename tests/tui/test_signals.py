"""A kill or a hung-up terminal with a hand open: the program saves, and leaves nothing of the
hand on the screen (issue 23, item 1).

A real ``imtheboss play`` runs in a tmux pane (its own tmux server, so that nothing here
touches another session's); Bob's panel is opened, the program is sent SIGTERM or SIGHUP from
outside, and then the pane must be back on its normal screen with no trace of the hand, the
exit code must be the signal's, and the save must hold every move played.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux")

#: What Bob's open panel shows (its header and its hand), none of which may outlive it.
HAND_WORDS = ("only Bob looks", "Your hand", "Your money")


class Pane:
    def __init__(self, socket: str) -> None:
        self.socket = socket

    def tmux(self, *args: str) -> str:
        done = subprocess.run(
            ["tmux", "-L", self.socket, *args], capture_output=True, text=True, check=True
        )
        return done.stdout

    def screen(self) -> str:
        return self.tmux("capture-pane", "-p", "-t", "table")

    def keys(self, *keys: str) -> None:
        for key in keys:
            self.tmux("send-keys", "-t", "table", key)
            time.sleep(0.3)

    def wait_for(self, seen: Callable[[str], bool], what: str, seconds: float = 40.0) -> str:
        end = time.monotonic() + seconds
        while True:
            text = self.screen()
            if seen(text):
                return text
            if time.monotonic() > end:
                raise AssertionError(f"waited for {what}; the screen:\n{text}")
            time.sleep(0.2)


@pytest.fixture
def pane(tmp_path: Path) -> Iterator[Pane]:
    pane = Pane(f"imtheboss-signals-{os.getpid()}-{tmp_path.name}")
    try:
        yield pane
    finally:
        subprocess.run(["tmux", "-L", pane.socket, "kill-server"], capture_output=True)


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP], ids=["TERM", "HUP"])
def test_a_kill_with_a_hand_open_saves_and_leaves_no_hand_on_screen(
    pane: Pane, tmp_path: Path, signum: int
) -> None:
    home, pid_file, code_file = tmp_path / "home", tmp_path / "pid", tmp_path / "code"
    program = Path(sys.executable).with_name("imtheboss")
    # The shell waits after the program so that the pane (and what the program left on it)
    # stays to be read; it records the program's pid and exit code.
    command = (
        f"IMTHEBOSS_HOME={home} sh -c 'echo $$ > {pid_file}; "
        f"exec {program} play --names Ann,Bob,Cy,Di --seed 5'; "
        f"echo $? > {code_file}; sleep 600"
    )
    pane.tmux("new-session", "-d", "-s", "table", "-x", "80", "-y", "24", command)
    pane.wait_for(lambda s: "press  m" in s, "the table")
    pane.keys("m", "Enter")  # Ann places the marker on space 1
    pane.wait_for(lambda s: "Deal here" in s, "Bob's turn")
    pane.keys("d")  # Bob deals on space 1
    pane.wait_for(lambda s: "Bob starts a deal" in s, "the deal in the log")
    pane.keys("2", "Enter")  # Bob takes the keyboard: his panel is open
    pane.wait_for(lambda s: all(w in s for w in HAND_WORDS), "Bob's panel")
    assert pane.tmux("display", "-p", "-t", "table", "#{alternate_on}").strip() == "1"

    os.kill(int(pid_file.read_text()), signum)

    end = time.monotonic() + 30
    while not code_file.exists() or not code_file.read_text().strip():
        assert time.monotonic() < end, f"still running after the signal:\n{pane.screen()}"
        time.sleep(0.2)
    assert int(code_file.read_text()) == 128 + signum
    # The terminal is back on its normal screen, and nothing of the hand is left anywhere on
    # it (nor in the pane's scrollback).
    assert pane.tmux("display", "-p", "-t", "table", "#{alternate_on}").strip() == "0"
    seen = pane.tmux("capture-pane", "-p", "-S", "-", "-t", "table")
    for words in HAND_WORDS:
        assert words not in seen, seen
    assert "Traceback" not in seen
    # Every move played is in the save, which resumes.
    (save,) = (home / "games").glob("*.txt")
    moves = [line for line in save.read_text().splitlines() if line.startswith(("Ann:", "Bob:"))]
    assert moves == ["Ann: marker 1", "Bob: deal"]


def test_a_terminal_that_hangs_up_ends_the_program_at_once(pane: Pane, tmp_path: Path) -> None:
    """The window closed (tmux's server killed: SIGHUP, and the terminal answers EIO): no
    screen is left to clean, and a write to it would block Textual's output for good, so the
    program ends at once; every move is in the save."""
    home, pid_file = tmp_path / "home", tmp_path / "pid"
    program = Path(sys.executable).with_name("imtheboss")
    command = (
        f"IMTHEBOSS_HOME={home} sh -c 'echo $$ > {pid_file}; "
        f"exec {program} play --names Ann,Bob,Cy,Di --seed 5'"
    )
    pane.tmux("new-session", "-d", "-s", "table", "-x", "80", "-y", "24", command)
    pane.wait_for(lambda s: "press  m" in s, "the table")
    pane.keys("m", "Enter")
    pane.wait_for(lambda s: "Deal here" in s, "Bob's turn")
    pane.keys("d")
    pane.wait_for(lambda s: "Bob starts a deal" in s, "the deal in the log")
    pane.keys("2", "Enter")
    pane.wait_for(lambda s: all(w in s for w in HAND_WORDS), "Bob's panel")
    pid = int(pid_file.read_text())
    pane.tmux("kill-server")
    end = time.monotonic() + 10
    try:
        while _running(pid):
            assert time.monotonic() < end, "the program outlived its terminal"
            time.sleep(0.1)
    finally:
        if _running(pid):
            os.kill(pid, signal.SIGKILL)
    (save,) = (home / "games").glob("*.txt")
    moves = [line for line in save.read_text().splitlines() if line.startswith(("Ann:", "Bob:"))]
    assert moves == ["Ann: marker 1", "Bob: deal"]
    assert not list(home.glob("crash-*.log"))


def _running(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except (FileNotFoundError, ProcessLookupError):
        return False
