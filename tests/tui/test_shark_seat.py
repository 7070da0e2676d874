"""A shark takes a seat at a table of people (``play --bot-kind shark --bot-budget N``): its
seats are named after it, think with the budget given, and are the same shark again on resume
(the save keeps the budget; ``--bot-budget`` given again on ``--resume`` replaces it)."""

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
        assert saved.bot_budget == 5
        # Resumed without --bot-budget: the sharks think as hard as they did before the quit.
        assert await _resumed_budgets(tmp_path, saved) == [5, 5, 5]

    run(scenario)


async def _resumed_budgets(
    save_dir: Path, saved: GameSession, bot_budget: int | None = None
) -> list[int]:
    """The budgets of the sharks seated when ``saved`` is resumed (``--bot-budget`` given
    again or not); every bot seat must be a shark."""
    app = BossApp(settings(save_dir, names=None, bot_pause=60.0, bot_budget=bot_budget), saved)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        sharks = app.bot_seats.bots.values()
        assert all(isinstance(b, SharkBot) for b in sharks)
        return [b.budget for b in sharks if isinstance(b, SharkBot)]


async def _a_shark_game(save_dir: Path, budget: int | None) -> GameSession:
    """A game with two sharks, quit at once (its save is what ``--resume`` reads)."""
    app = BossApp(
        settings(save_dir, names=("Ann", "Bob"), bots=2, bot_kind="shark", bot_budget=budget)
    )
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
    return GameSession.resume(save_dir)


def test_a_resumed_game_keeps_its_sharks_budget(tmp_path: Path) -> None:
    async def scenario() -> None:
        saved = await _a_shark_game(tmp_path, 8)
        assert saved.save_path is not None
        assert "bot-budget: 8\n" in saved.save_path.read_text(encoding="utf-8")
        assert await _resumed_budgets(tmp_path, saved) == [8, 8]

    run(scenario)


def test_bot_budget_given_on_resume_replaces_the_saved_one(tmp_path: Path) -> None:
    async def scenario() -> None:
        saved = await _a_shark_game(tmp_path, 8)
        assert await _resumed_budgets(tmp_path, saved, bot_budget=16) == [16, 16]
        # ... and is saved in its place: the next resume keeps 16 without being told.
        again = GameSession.resume(tmp_path)
        assert again.bot_budget == 16
        assert await _resumed_budgets(tmp_path, again) == [16, 16]

    run(scenario)


def test_an_old_save_without_a_budget_seats_sharks_at_the_default(tmp_path: Path) -> None:
    """Saves written before the budget was kept have no ``bot-budget:`` line."""

    async def scenario() -> None:
        saved = await _a_shark_game(tmp_path, 8)
        assert saved.save_path is not None
        text = saved.save_path.read_text(encoding="utf-8")
        old = "".join(line for line in text.splitlines(True) if "bot-budget" not in line)
        assert old != text
        saved.save_path.write_text(old, encoding="utf-8")
        loaded = GameSession.resume(tmp_path)
        assert loaded.bot_budget is None and loaded.bots == saved.bots
        assert await _resumed_budgets(tmp_path, loaded) == [DEFAULT_BUDGET, DEFAULT_BUDGET]

    run(scenario)


def test_a_save_without_a_shark_writes_no_budget(tmp_path: Path) -> None:
    async def scenario() -> None:
        app = BossApp(settings(tmp_path, names=("Ann", "Bob"), bots=2, bot_budget=8))
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
        saved = GameSession.resume(tmp_path)
        assert saved.save_path is not None and saved.bots
        assert "bot-budget" not in saved.save_path.read_text(encoding="utf-8")

    run(scenario)
