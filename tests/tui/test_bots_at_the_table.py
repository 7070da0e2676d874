"""Computer players fill seats at a table of people: they play in and out of turn, their moves
appear in the log like anyone's, their seats are marked, and their F-keys hand nothing over."""

from __future__ import annotations

import re
from pathlib import Path

from tuikit import log_text, run, screen_text, settings

from imtheboss.engine import actions as A
from imtheboss.engine.state import Phase, WindowKind
from imtheboss.session import GameSession
from imtheboss.tui.app import BossApp
from imtheboss.tui.screens.table import TableScreen


def test_three_bots_and_one_person_play_deals(tmp_path: Path) -> None:
    async def scenario() -> None:
        app = BossApp(
            settings(
                tmp_path,
                names=("Ann",),
                bots=3,
                bot_pause=0.05,
                stop_window=0.3,
                last_call=0.3,
                bot_wait=0.3,  # Ann never answers an offer: a short wait for her answer
            )
        )
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            assert app.session is not None
            assert app.session.state.name(1) == "Dealer1"
            # A computer player has no key: "bot" where a person's key is.
            assert re.search(r"bot\s+Dealer1", screen_text(app)), screen_text(app)
            last_calls_seen = 0
            for _ in range(600):
                state = app.session.state
                if state.deals_done >= 3 or state.phase is Phase.OVER:
                    break
                window = state.window
                if window is not None and window.kind is WindowKind.LAST_CALL:
                    # A deal among bots still gives the person a last call to see and answer.
                    last_calls_seen += "One, two…" in screen_text(app)
                ann_decides = (
                    state.phase is Phase.PLACE_MARKER and state.right_of(state.turn) == 0
                ) or (state.turn == 0 and state.phase in (Phase.TURN, Phase.ROLLED))
                if ann_decides and isinstance(app.screen, TableScreen):
                    # Ann plays plainly: marker on space 1, then roll and draw.
                    if state.phase is Phase.PLACE_MARKER:
                        app.play(A.PlaceMarker(player=0, space=1))
                    else:
                        await pilot.press("r" if state.phase is Phase.TURN else "w")
                await pilot.pause(0.06)
            state = app.session.state
            assert state.deals_done >= 3
            assert last_calls_seen, "no last call was on the screen"
            actions = app.session.actions
            closes = [i for i, a in enumerate(actions) if isinstance(a, A.Close)]
            # Every close ran its count to the end, or a card called it off: no bot passed
            # the last call away from the person.
            answers = A.TimeUp | A.PlayTravel | A.PlayBoss | A.PlayHire
            assert all(isinstance(actions[i + 1], answers) for i in closes if i + 1 < len(actions))
            log = log_text(app)
            assert any(f"Dealer{n} starts a deal" in log for n in (1, 2, 3)), log
            # A bot's F-key hands nothing over: a notice, no privacy screen.
            await pilot.press("f2")
            await pilot.pause(0.3)
            assert isinstance(app.screen, TableScreen)
            shown = [n.message for n in app._notifications]
            assert any("is a computer player" in m for m in shown), shown
        saved = GameSession.resume(tmp_path)
        assert saved.bots == {"Dealer1": "dealer", "Dealer2": "dealer", "Dealer3": "dealer"}

    run(scenario)
