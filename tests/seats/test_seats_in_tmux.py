"""A table of four with two seats in ``imtheboss join`` terminals (issue 24), in real panes of
a tmux server of its own, over loopback: the devices claim their seats, one places the marker,
the table deals at the shared keyboard, Ann sends Bob's investor travelling from her terminal
and Bob's stop from his cancels it during the count. The shared screen never shows a hand.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux")

#: What a private panel shows; none of it may ever be on the shared screen.
HAND_WORDS = ("only Ann looks", "only Bob looks", "Your hand", "Your money")


class Panes:
    def __init__(self, server: str) -> None:
        self.server = server

    def tmux(self, *args: str) -> str:
        done = subprocess.run(
            ["tmux", "-L", self.server, *args], capture_output=True, text=True, check=True
        )
        return done.stdout

    def open(self, name: str, command: str) -> None:
        """A terminal of its own, 80×24 (a session of this tmux server)."""
        self.tmux("new-session", "-d", "-s", name, "-x", "80", "-y", "24", command)

    def screen(self, name: str) -> str:
        return self.tmux("capture-pane", "-p", "-t", name)

    def keys(self, name: str, *keys: str) -> None:
        for key in keys:
            self.tmux("send-keys", "-t", name, key)
            time.sleep(0.3)

    def wait_for(self, name: str, seen: Callable[[str], bool], what: str) -> str:
        end = time.monotonic() + 40
        while True:
            text = self.screen(name)
            if seen(text):
                return text
            if time.monotonic() > end:
                raise AssertionError(f"waited for {what} on {name}; the screen:\n{text}")
            time.sleep(0.2)


@pytest.fixture
def panes(tmp_path: Path) -> Iterator[Panes]:
    panes = Panes(f"imtheboss-seats-{os.getpid()}-{tmp_path.name}")
    try:
        yield panes
    finally:
        subprocess.run(["tmux", "-L", panes.server, "kill-server"], capture_output=True)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_two_seats_in_join_terminals_play_and_a_stop_cancels_a_travel(
    panes: Panes, tmp_path: Path
) -> None:
    program = Path(sys.executable).with_name("imtheboss")
    port = free_port()
    table = (
        f"{program} play --save-dir {tmp_path / 'table'} --seats --seats-port {port} "
        "--names Ann,Bob,Cy,Di --seed 11 --stop-window 120; sleep 600"
    )
    panes.open("table", table)
    panes.wait_for("table", lambda s: f"Join: ws://127.0.0.1:{port}/" in s, "the address")
    for seat, name in ((1, "ann"), (2, "bob")):
        device = tmp_path / name
        panes.open(
            name, f"{program} join --save-dir {device} --seat {seat} 127.0.0.1:{port}; sleep 600"
        )
    panes.wait_for("table", lambda s: "on devices: Ann, Bob" in s, "both devices")
    panes.wait_for("bob", lambda s: "only Bob looks" in s, "Bob's hand on his terminal")
    # Bob, on Cy's right, places the marker from his terminal (space 5).
    panes.keys("bob", "Down", "Down", "Down", "Down", "Down", "Enter")
    panes.wait_for("table", lambda s: "press  d" in s or "Deal here" in s, "Cy's turn")
    panes.keys("table", "d")  # Cy deals, at the shared keyboard
    panes.wait_for("ann", lambda s: "travelling" in s, "Ann's travel card in her menu")
    panes.keys("ann", "t")  # Ann sends Bob's orange investor travelling
    panes.wait_for("bob", lambda s: "Waiting: Ann's travel card" in s, "the count on Bob's")
    shared = panes.wait_for("table", lambda s: "WAIT" in s, "the count on the table")
    assert "s left" in shared
    panes.keys("bob", "s")  # Bob's stop, from his own terminal
    log = panes.wait_for("table", lambda s: "Bob stopped" in s, "the stop in the log")
    assert "WAIT" not in log
    assert not any(word in log for word in HAND_WORDS), log
    # The keyboard's key for a seat on a device opens nothing.
    panes.keys("table", "1")
    time.sleep(0.5)
    assert not any(word in panes.screen("table") for word in HAND_WORDS)
