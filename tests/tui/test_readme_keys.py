"""Bug 9 of issue 19: README's "How to play" did not name the game's first key (``m``, the
marker), and said ``finished/`` sat beside ``games/`` while the sentence read as if it were
elsewhere. The README is what a table reads first: it must say what the code does."""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from imtheboss import saves
from imtheboss.engine.state import Phase
from imtheboss.tui.screens.table import TableScreen

README = Path(__file__).resolve().parents[2] / "README.md"


def _how_to_play() -> str:
    text = README.read_text(encoding="utf-8")
    start = text.index("## How to play at one terminal")
    return text[start : text.index("\n## ", start + 1)]


def test_the_readme_names_the_games_first_key_as_the_table_binds_it() -> None:
    first = re.search(r"The game's first key is \*\*(\w)\*\*", _how_to_play())
    assert first is not None, "How to play does not name the first key"
    bound = {b.key: b.action for b in TableScreen.BINDINGS if not isinstance(b, tuple)}
    assert "marker" in bound[first.group(1)]


def test_a_finished_game_goes_where_the_readme_says(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert "`finished/` in that same folder, beside `games/`" in README.read_text("utf-8")
    written: list[Path] = []
    monkeypatch.setattr(saves, "write_game", lambda path, *_: written.append(path))
    over: Any = SimpleNamespace(state=SimpleNamespace(phase=Phase.OVER))
    home = tmp_path / "home"
    where = saves.store(home / "games" / "2026-12-02.txt", over, b"")
    assert where == written[0] == home / "finished" / "2026-12-02.txt"
