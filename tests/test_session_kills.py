"""Killed at any moment of an autosave, a game resumes whole.

A child process resumes the game in one folder, plays on (each move saved) and is killed with
SIGKILL at a random moment; then the folder must resume to exactly the game after some number
of moves — never fewer than the child said it had saved, at most the one it was saving — and
the next child goes on from there. As many rounds as fit in a few seconds (at least 25).
"""

from __future__ import annotations

import os
import random
import signal
import time
import warnings
from pathlib import Path

from imtheboss.bots.random_play import play_random_game
from imtheboss.engine.actions import Action
from imtheboss.engine.setup import Setup
from imtheboss.engine.state import GameState
from imtheboss.session import GameSession

NAMES = ("Ann", "Bob", "Cy", "Di")
SEED = 4242
SECONDS = 4.0
AT_LEAST = 25


def _child(folder: Path, actions: list[Action], out: int) -> None:
    """Resume (or begin) and play on, saying after each save how many moves are saved."""
    try:
        session = GameSession.resume(folder)
    except Exception:
        session = GameSession.new(Setup(players=NAMES, seed=SEED), folder)
    os.write(out, b"ready\n")
    while True:
        done = len(session.actions)
        if done < len(actions) - 1:
            session.act(actions[done])
        else:
            session.save()  # the game's end is near: save the same moves again and again
        assert session.save_problem is None, session.save_problem
        os.write(out, f"{len(session.actions)}\n".encode())


def _fork_child(folder: Path, actions: list[Action]) -> tuple[int, int]:
    read, write = os.pipe()
    with warnings.catch_warnings():
        # The child only writes files and a pipe; no lock of another thread is in its way.
        warnings.simplefilter("ignore", DeprecationWarning)
        pid = os.fork()
    if pid == 0:  # pragma: no cover - the child, killed before it returns
        os.close(read)
        try:
            _child(folder, actions, write)
        finally:
            os._exit(3)
    os.close(write)
    return pid, read


def _read_until_ready(fd: int) -> bytes:
    data = b""
    while b"ready\n" not in data:
        chunk = os.read(fd, 4096)
        if not chunk:
            raise AssertionError(f"the child died before it was ready: {data!r}")
        data += chunk
    return data.split(b"ready\n", 1)[1]


def _drain(fd: int, data: bytes) -> int:
    while chunk := os.read(fd, 65536):
        data += chunk
    os.close(fd)
    counts = [int(x) for x in data.split(b"\n")[:-1]]  # a last line may be cut by the kill
    return max(counts, default=-1)


def test_kills_at_random_moments_of_the_autosave(tmp_path: Path) -> None:
    _, actions = play_random_game(SEED)
    assert len(actions) > 300
    # The states and recorded actions the game passes through, straight on the engine.
    reference = GameSession.new(Setup(players=NAMES, seed=SEED))
    states: list[GameState] = [reference.state]
    for action in actions:
        reference.act(action)
        states.append(reference.state)
    rng = random.Random(8)
    saved = 0
    rounds = 0
    end = time.monotonic() + SECONDS
    while rounds < AT_LEAST or time.monotonic() < end:
        pid, fd = _fork_child(tmp_path, actions)
        data = _read_until_ready(fd)
        time.sleep(rng.uniform(0.0, 0.03))
        os.kill(pid, signal.SIGKILL)
        _, status = os.waitpid(pid, 0)
        assert os.WIFSIGNALED(status), f"the child ended by itself: {status}"
        reported = _drain(fd, data)
        session = GameSession.resume(tmp_path)
        done = len(session.actions)
        assert session.skipped == [], session.skipped
        assert done >= max(saved, reported), "a save the child finished was lost"
        assert done <= max(saved, reported) + 1
        assert session.actions == reference.actions[:done]
        assert session.state == states[done]
        saved = done
        rounds += 1
    assert saved > AT_LEAST, "the children never got to play"
    leftovers = [p for p in (tmp_path / "games").iterdir() if p.name.startswith(".save")]
    print(f"{rounds} kills, {saved} moves saved, {len(leftovers)} temporary files left behind")
