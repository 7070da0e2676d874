"""Ctrl+C on ``imtheboss simulate --jobs 2`` stops everything at once (issue 23, item 10).

The executor it used waited, on Ctrl+C, for every game already handed out: a minute of
nothing, a second Ctrl+C ignored, a third a multiprocessing traceback, and two workers left
running. Here a real command runs in its own process group and gets the SIGINT a terminal
sends to the whole group; it must end within seconds with exit 130, one line saying how
many games were done, no traceback, and no worker left behind.
"""

from __future__ import annotations

import multiprocessing.pool
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from imtheboss import simulate


def _children(pid: int) -> set[int]:
    found = set()
    for task in Path(f"/proc/{pid}/task").glob("*/children"):
        found |= {int(child) for child in task.read_text().split()}
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state != "Z"


def test_one_ctrl_c_stops_the_run_and_its_workers(tmp_path: Path) -> None:
    command = [sys.executable, "-m", "imtheboss.cli", "simulate", "--games", "100000"]
    process = subprocess.Popen(
        [*command, "--jobs", "2"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # a process group of its own, as a terminal's job
        env={**os.environ, "IMTHEBOSS_HOME": str(tmp_path)},
    )
    try:
        end = time.monotonic() + 60
        workers: set[int] = set()
        while len(workers) < 2:
            assert process.poll() is None, process.communicate()
            assert time.monotonic() < end, "the workers never started"
            workers = _children(process.pid)
            time.sleep(0.1)
        time.sleep(2.0)  # the workers are well into their games
        os.killpg(process.pid, signal.SIGINT)  # one Ctrl+C, to the whole group
        out, err = process.communicate(timeout=10)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    assert process.returncode == 130, err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "interrupted after" in lines[0] and "of 100000 games" in lines[0]
    assert not out.strip()  # no table of a part of a run
    time.sleep(0.2)
    assert not [pid for pid in workers if _alive(pid)], "workers left running"


def test_a_failed_run_does_not_wait_for_good_for_its_pool_to_stop(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``Pool.terminate`` once waited 45 minutes for its task handler after a worker's crash
    (CPython gh-96995, under load): the run raises the worker's error within ``STOP_WAIT``
    all the same. Here terminate kills the workers, then waits for ever, as it did."""
    real = multiprocessing.pool.Pool.terminate

    def stuck(self: multiprocessing.pool.Pool) -> None:
        real(self)
        threading.Event().wait()

    monkeypatch.setattr(multiprocessing.pool.Pool, "terminate", stuck)
    monkeypatch.setattr(simulate, "STOP_WAIT", 0.5)
    specs = [simulate.GameSpec(i, ("nobody",) * 4, ()) for i in range(8)]
    raised: list[BaseException] = []

    def failed_run() -> None:
        try:
            list(simulate.run(specs, jobs=2))
        except ValueError as error:
            raised.append(error)

    runner = threading.Thread(target=failed_run, daemon=True)
    runner.start()
    runner.join(30.0)
    assert not runner.is_alive(), "the failed run still waits for its pool"
    assert "unknown bot 'nobody'" in str(raised[0])
