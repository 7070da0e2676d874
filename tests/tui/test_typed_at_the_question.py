"""A key typed once a question is on the screen is its answer. Played in tmux
(``bench/tmux_play.py``, 80×24): Bob saw "Accept every price asked …?" on the pane and pressed
``y``, and the dialog took it for a key typed ahead; later the close dialog threw away the
colour letter pressed 0.3 s after it appeared, and the close went out on other terms. The
question counted itself drawn only when its refresh callback ran, 40 ms after the first frame
in a quiet test and far later on a busy machine.

The frame's moment is taken where Textual writes it (``App._display``); a ``y`` typed at that
moment must answer, and one typed before the question existed still must not.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from test_friction import offer_to_bob
from textual.events import Key
from tuikit import run, seated

from imtheboss.engine import actions as A
from imtheboss.tui.screens.dialogs import ConfirmDialog


def test_a_y_typed_when_the_question_is_on_the_screen_answers_it(tmp_path: Path) -> None:
    async def game() -> None:
        session = offer_to_bob(tmp_path)
        async with seated(session, tmp_path) as driver:
            app, pilot = driver.app, driver.pilot
            painted: list[float] = []
            display = app._display

            def written(screen: Any, renderable: Any) -> None:
                if isinstance(app.screen, ConfirmDialog) and renderable is not None:
                    painted.append(time.monotonic())
                display(screen, renderable)

            app._display = written  # type: ignore[method-assign]
            await driver.take_keyboard(1)
            before = time.monotonic()
            await pilot.press("a")
            dialog = app.screen
            assert isinstance(dialog, ConfirmDialog)
            await driver.drawn()
            assert painted, "the question was never written to the screen"
            early = Key("y", "y")
            early.time = before  # typed before the question existed
            dialog.post_message(early)
            await pilot.pause()
            assert app.screen is dialog and len(session.actions) == 2
            at_the_question = Key("y", "y")
            at_the_question.time = painted[0]
            dialog.post_message(at_the_question)
            await driver.wait_for(lambda: len(session.actions) == 3)
            assert isinstance(session.actions[-1], A.Accept)

    run(game)
