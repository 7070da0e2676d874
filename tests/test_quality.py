"""The engine stays pure, and the code stays clean: these are part of the suite, not advice."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_engine_imports_no_ui() -> None:
    code = (
        "import imtheboss.engine, sys; "
        "assert 'textual' not in sys.modules and 'rich' not in sys.modules"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_engine_has_no_io_clock_or_global_random() -> None:
    forbidden = ("print(", "input(", "open(", "time.time(", "datetime.now(", "random.random(")
    for path in (ROOT / "src/imtheboss/engine").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        for word in forbidden:
            assert word not in text, f"{path.name} uses {word}"
        assert "import random\n" not in text, f"{path.name} imports the global random module"


def test_the_engine_imports_nothing_above_it() -> None:
    """The engine is the ground floor: a file is read at the edge (``boardfile``, the
    notation) and the engine is handed values, so nothing in it imports back up the house."""
    # A leaf of the package (it imports nothing of the package but other leaves:
    # messages.py's Msg and N_, declared with plain.py's ``plain``) is under the engine, not
    # above it: every layer may read it.
    imports: dict[str, set[str] | None] = {}
    for path in (ROOT / "src/imtheboss").glob("*.py"):
        found: set[str] | None = set()
        for line in path.read_text(encoding="utf-8").splitlines():
            words = line.split()
            if line.lstrip().startswith(("import imtheboss", "from imtheboss", "from .. ")):
                found = None  # not read as a sibling: never a leaf
                break
            if line.lstrip().startswith("from .") and found is not None:
                found.add(words[1].removeprefix(".").split(".")[0])
        imports[path.stem] = found
    leaves: set[str] = set()
    while True:
        more = {
            name
            for name, found in imports.items()
            if found is not None and name not in leaves and found <= leaves
        }
        if not more:
            break
        leaves |= more
    assert {"messages", "plain"} <= leaves
    for path in (ROOT / "src/imtheboss/engine").rglob("*.py"):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            words = line.split()
            upward = line.lstrip().startswith("from ..") or (
                words[:1] == ["import"] and words[1].startswith("imtheboss.")
            )
            if upward and line.lstrip().startswith("from .."):
                upward = line.split()[1].removeprefix("..").split(".")[0] not in leaves
            assert not upward, f"{path.name}, line {number} imports from above: {line.strip()}"
        assert "textfile" not in path.read_text(encoding="utf-8"), path.name


def test_ruff_is_clean() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "src", "tests", "bench"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout


def test_mypy_strict_is_clean() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout
