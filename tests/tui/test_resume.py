"""A game dropped in the middle (a closed terminal, a crash) is back where it was: the autosave
replays to the same state, and a new table shows the same deal and goes on from it."""

from __future__ import annotations

from pathlib import Path

from tuikit import Driver, Policy, run, screen_text, settings

from imtheboss.engine import actions as A
from imtheboss.engine.state import GameState, WindowKind
from imtheboss.session import GameSession
from imtheboss.tui.app import BossApp
from imtheboss.tui.screens.table import TableScreen

SEED = 1556


def box(text: str, title: str) -> list[str]:
    """The lines of the bordered box titled ``title`` in a screen's text."""
    lines = text.splitlines()
    top = next(i for i, line in enumerate(lines) if f"╭─ {title}" in line)
    left = lines[top].index(f"╭─ {title}")
    right = lines[top].index("╮", left)
    out = []
    for line in lines[top:]:
        out.append(line[left : right + 1])
        if line[left : left + 1] == "╰":
            break
    return out


async def play_until(driver: Driver, policy: Policy, done: object) -> None:
    """Let the scripted table play until ``done(state)``."""
    assert callable(done)
    app = driver.app
    for _ in range(200):
        if done(driver.state):
            return
        at = len(app.session.actions)  # type: ignore[union-attr]
        await driver.play(policy(driver.state), at)
    raise AssertionError("never got there")


def open_offer(state: GameState) -> bool:
    return state.deal is not None and any(p.by_boss for p in state.deal.proposals)


def test_resume_in_the_middle_of_a_negotiation(tmp_path: Path) -> None:
    seen: dict[str, object] = {}

    async def first_evening() -> None:
        app = BossApp(settings(tmp_path, seed=SEED))
        async with app.run_test(size=(80, 24)) as pilot:
            driver = Driver(pilot)
            await driver.wait_for(lambda: app.session is not None)
            policy = Policy()
            # Into the second deal, to an offer the supplier has not answered yet.
            await play_until(driver, policy, lambda s: s.deals_done >= 1 and open_offer(s))
            await driver.give_back()
            assert app.session is not None
            seen["state"] = app.session.state
            seen["actions"] = list(app.session.actions)
            text = screen_text(app)
            seen["deal"], seen["players"] = box(text, "Deal"), box(text, "Players")
            seen["board"] = box(text, "Board")
            assert any("Offer →" in line for line in seen["deal"]), text  # type: ignore[attr-defined]
        # The table is gone; the file stays.

    run(first_evening)
    state = seen["state"]
    assert isinstance(state, GameState)

    session = GameSession.resume(tmp_path)
    assert session.state == state
    assert session.actions == seen["actions"]
    offer = next(p for p in state.deal.proposals if p.by_boss)  # type: ignore[union-attr]

    async def second_evening() -> None:
        app = BossApp(settings(tmp_path, seed=None, names=None), session=session)
        async with app.run_test(size=(80, 24)) as pilot:
            driver = Driver(pilot)
            await pilot.pause()
            assert isinstance(app.screen, TableScreen)
            assert app.session is session and app.session.state == state
            text = screen_text(app)
            assert box(text, "Deal") == seen["deal"], text
            assert box(text, "Players") == seen["players"]
            assert box(text, "Board") == seen["board"]
            assert "Resumed the saved game." in text
            # And the game goes on: the supplier accepts the offer made before the break.
            await driver.play(A.Accept(player=offer.supplier))
            deal = driver.state.deal
            assert deal is not None and deal.agreements[-1].supplier == offer.supplier
            await driver.give_back()
            seen["after"] = driver.state

    run(second_evening)
    assert GameSession.resume(tmp_path).state == seen["after"]


def test_resume_while_a_play_waits_for_a_stop(tmp_path: Path) -> None:
    """Dropped while a boss card waits for its window: the resumed table counts it again
    from the start, and then the card takes effect (nobody stopped it)."""
    seen: dict[str, GameState] = {}

    async def first_evening() -> None:
        app = BossApp(settings(tmp_path, seed=SEED))
        async with app.run_test(size=(80, 24)) as pilot:
            driver = Driver(pilot)
            await driver.wait_for(lambda: app.session is not None)
            policy = Policy()
            await play_until(
                driver,
                policy,
                lambda s: s.window is not None and s.window.kind is WindowKind.BOSS,
            )
            assert app.session is not None
            seen["state"] = app.session.state
            assert "WAIT" in screen_text(app)

    run(first_evening)
    session = GameSession.resume(tmp_path)
    state = seen["state"]
    assert session.state == state and state.window is not None

    async def second_evening() -> None:
        app = BossApp(settings(tmp_path, stop_window=600.0), session=session)
        async with app.run_test(size=(80, 24)) as pilot:
            driver = Driver(pilot)
            await pilot.pause()
            # The count starts afresh on resume (and the driver ends it: nothing waits for time).
            assert "WAIT" in screen_text(app)
            await driver.play(A.TimeUp(), at=len(session.actions))
            assert driver.state.window is None
            assert driver.state.deal is not None
            assert driver.state.deal.boss == state.window.player  # type: ignore[union-attr]
            seen["after"] = driver.state

    run(second_evening)
    assert GameSession.resume(tmp_path).state == seen["after"]
