"""A shark takes a seat at a table of people (``play --bot-kind shark --bot-budget N``): its
seats are named after it, think with the budget given, and are a shark again on resume."""

from __future__ import annotations

from pathlib import Path

from tuikit import run, settings

from imtheboss.bots import DEFAULT_BUDGET, SharkBot
from imtheboss.session import GameSession
from imtheboss.tui.app import BossApp


def test_sharks_take_their_seats_with_their_budget(tmp_path: Path) -> None:
    async def scenario() -> None:
        app = BossApp(settings(tmp_path, names=("Ann",), bots=3, bot_kind="shark", bot_budget=5))
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            assert app.session is not None
            assert [app.session.state.name(s) for s in (1, 2, 3)] == [
                "Shark1",
                "Shark2",
                "Shark3",
            ]
            bots = app.bot_seats.bots
            assert sorted(bots) == [1, 2, 3]
            assert all(isinstance(b, SharkBot) and b.budget == 5 for b in bots.values())
        saved = GameSession.resume(tmp_path)
        assert saved.bots == {"Shark1": "shark", "Shark2": "shark", "Shark3": "shark"}
        resumed = BossApp(settings(tmp_path, names=("Ann",), bots=3, bot_pause=60.0), saved)
        async with resumed.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            sharks = resumed.bot_seats.bots.values()
            assert all(isinstance(b, SharkBot) and b.budget == DEFAULT_BUDGET for b in sharks)

    run(scenario)
