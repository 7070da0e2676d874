"""The dialogs' CSS (``screens/dialogs.tcss``) is not read for the table's first frame, and
every screen it styles reads it before it is styled (issue 20)."""

from __future__ import annotations

import asyncio
import importlib
import re
from pathlib import Path

from textual.widget import Widget

from imtheboss.table_settings import TableSettings
from imtheboss.tui.app import BossApp
from imtheboss.tui.dialog_css import PATH, DialogCSS

SCREENS = (
    "imtheboss.tui.screens.close",
    "imtheboss.tui.screens.dialogs",
    "imtheboss.tui.screens.language",
    "imtheboss.tui.screens.legend",
    "imtheboss.tui.screens.names",
    "imtheboss.tui.screens.privacy",
    "imtheboss.tui.screens.private",
    "imtheboss.tui.screens.score",
    "imtheboss.tui.screens.unsaved",
)


def test_every_screen_the_dialogs_css_names_reads_it() -> None:
    css = re.sub(r"/\*.*?\*/", "", PATH.read_text(encoding="utf-8"), flags=re.S)
    selectors = " ".join(re.findall(r"([^{}]+)\{", css))
    named = set(re.findall(r"(?<![#.\w-])([A-Z]\w+)", selectors))
    classes = {
        name: cls
        for module in map(importlib.import_module, SCREENS)
        for name, cls in vars(module).items()
        if isinstance(cls, type)
    }
    widgets = {"Input", "Button"}  # Textual's, inside the dialogs
    assert named - widgets <= set(classes), named - widgets - set(classes)
    for name in named - widgets:
        assert issubclass(classes[name], DialogCSS), name


def test_the_table_starts_without_it_and_a_dialog_opens_styled(tmp_path: Path) -> None:
    asyncio.run(_open_a_dialog(tmp_path))


async def _open_a_dialog(tmp_path: Path) -> None:
    app = BossApp(TableSettings(names=("Ann", "Bob", "Cy", "Di"), seed=1, save_dir=tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert not app.stylesheet.has_source(str(PATH))
        app.action_choose_language()
        await pilot.pause()
        assert app.stylesheet.has_source(str(PATH))
        box = app.screen.query_one(".dialog", Widget)
        assert box.styles.border.top[0] == "thick"
        assert str(box.styles.width) == "70"
        assert (app.screen.styles.align_horizontal, app.screen.styles.align_vertical) == (
            "center",
            "middle",
        )
