"""A dialog's question wraps at 80×24, never cut: in tmux the marker's question ended at "(its
number, or the arrows", its "Enter" out of the dialog."""

from __future__ import annotations

from pathlib import Path

from tuikit import run, screen_text, settings

from imtheboss.tui.app import BossApp
from imtheboss.tui.screens.dialogs import SpaceDialog


def test_the_marker_question_is_whole_at_80x24(tmp_path: Path) -> None:
    async def game() -> None:
        app = BossApp(settings(tmp_path))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("m")
            assert isinstance(app.screen, SpaceDialog)
            await pilot.pause()
            # The dialog's own lines: between its border's left and right edges (█).
            inside = [
                line[line.index("█") + 1 : line.rindex("█")]
                for line in screen_text(app).splitlines()
                if line.count("█") >= 2
            ]
            words = " ".join(" ".join(inside).split())
            assert "(its number, or the arrows; Enter)" in words, screen_text(app)

    run(game)
