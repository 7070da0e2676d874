"""The table's first frame, cell by cell, as it was drawn before the start-up was cut down.

Issue 20 made the first frame cheaper (the board's grid drawn without a Rich table, the
dialogs' CSS read when a dialog first opens, the log's markup read without emoji codes…);
none of it may change what the players see. ``first_frame/*.json`` holds every line of the
first frame of a new four-player table (seed 1) as integ ``069704a`` drew it: each run of
characters with its Rich style. Recorded with ``python tests/tui/test_first_frame.py`` run
against that checkout's ``src`` (``PYTHONPATH``); a deliberate change of look records again.
"""

from __future__ import annotations

import asyncio
import json
import sys
import tempfile
from pathlib import Path

import pytest

from imtheboss.table_settings import TableSettings
from imtheboss.tui.app import BossApp

HERE = Path(__file__).parent / "first_frame"
SIZES = ((80, 24), (140, 40))
NAMES = ("Ann", "Bob", "Cy", "Di")


def first_frame(size: tuple[int, int]) -> list[list[list[str]]]:
    """Each line of the first frame as ``[text, style]`` runs (the bench's moment: the app
    mounted, then the auto-pilot's pause)."""
    lines: list[list[list[str]]] = []

    async def ready(pilot) -> None:  # type: ignore[no-untyped-def]
        await pilot.pause()
        for strip in pilot.app.screen._compositor.render_strips():
            runs: list[list[str]] = []
            for segment in strip.simplify():
                style = str(segment.style) if segment.style is not None else ""
                if runs and runs[-1][1] == style:
                    runs[-1][0] += segment.text
                else:
                    runs.append([segment.text, style])
            lines.append(runs)
        pilot.app.exit()

    with tempfile.TemporaryDirectory() as save:
        # ask_around: no count on screen, so the frame does not depend on the clock.
        settings = TableSettings(names=NAMES, seed=1, save_dir=Path(save), ask_around=True)
        app = BossApp(settings)
        asyncio.run(app.run_async(headless=True, auto_pilot=ready, size=size))
    return lines


def _path(size: tuple[int, int]) -> Path:
    return HERE / f"table_{size[0]}x{size[1]}.json"


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_first_frame_is_drawn_as_before(size: tuple[int, int]) -> None:
    recorded = json.loads(_path(size).read_text(encoding="utf-8"))
    drawn = first_frame(size)
    assert len(drawn) == size[1]
    for row, (now, then) in enumerate(zip(drawn, recorded, strict=True)):
        assert now == then, f"line {row} of the first frame at {size}"


#: The table's widgets that draw the game, and the classes whose ``render_line`` draws them.
DRAWN = ("BoardView", "PlayersView", "DealView", "Static", "LogView", "TableFooter")


def test_the_table_is_drawn_once_before_its_first_frame(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each widget of the table draws its first line once by the first frame: the game is on
    the widgets before they are first laid out, the table is the app's first screen (no blank
    screen under it to lay the table out again), and no widget draws itself again when its
    first resize tells it the size it was drawn at. Each of these was a whole second frame
    (issue 20: 87 M instructions of the first frame's 1,353 M)."""
    from textual.widget import Widget

    from imtheboss.tui.widgets.footer import TableFooter
    from imtheboss.tui.widgets.log_view import LogView

    drawn: dict[str, int] = {}
    for cls in (Widget, TableFooter, LogView):
        render_line = cls.__dict__["render_line"]

        def counted(self: Widget, y: int, render_line=render_line):  # type: ignore[no-untyped-def]
            if y == 0:
                drawn[type(self).__name__] = drawn.get(type(self).__name__, 0) + 1
            return render_line(self, y)

        monkeypatch.setattr(cls, "render_line", counted)
    first_frame((80, 24))
    assert {name: drawn.get(name) for name in DRAWN} == dict.fromkeys(DRAWN, 1)


if __name__ == "__main__":
    HERE.mkdir(exist_ok=True)
    for size in SIZES:
        rows = (json.dumps(line, ensure_ascii=False) for line in first_frame(size))
        _path(size).write_text("[\n" + ",\n".join(rows) + "\n]\n", encoding="utf-8")
        print(_path(size), file=sys.stderr)
