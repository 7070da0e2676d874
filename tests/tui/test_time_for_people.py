"""Time for people (issue 19): a count runs only while the table is in sight, a bot's count
leaves the table when it is over, a person's key never plays for a computer seat, the log
wraps at the width it is shown at, and the board's edge speaks of the tile being rolled for.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from test_bots_wait_for_people import BOTS, PEOPLE_AND_BOTS, bot_offer_to_ann, deal_started
from test_fit import SIX, last_call
from textual.widgets import RichLog
from tuikit import Driver, log_text, run, screen_text, settings

from imtheboss.engine import actions as A
from imtheboss.engine.setup import Setup
from imtheboss.engine.state import Phase
from imtheboss.session import GameSession
from imtheboss.tui.app import BossApp
from imtheboss.tui.screens.table import TableScreen
from imtheboss.tui.widgets.board import BoardView


@pytest.mark.parametrize("key", ["f12", "l", "ctrl+p"])
def test_the_last_call_waits_while_a_screen_covers_the_table(tmp_path: Path, key: str) -> None:
    """Bug 2: F12 during "One, two…" closed the deal while the table read the rules. The
    rules, the legend and the palette cover the table as a hand does: the count waits."""

    async def game() -> None:
        session = last_call(tmp_path)
        played = len(session.actions)
        app = BossApp(settings(tmp_path, names=SIX, last_call=1.5), session=session)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await pilot.press(key)
            await pilot.pause()
            assert not isinstance(app.screen, TableScreen)
            await pilot.pause(2.5)  # longer than the whole count
            assert len(session.actions) == played and session.state.window is not None
            await pilot.press("escape")
            await pilot.pause(0.3)
            assert isinstance(app.screen, TableScreen)
            remaining = app._remaining()
            assert remaining is not None and remaining > 0.5, remaining
            await pilot.pause(2.0)
            assert isinstance(session.actions[played], A.TimeUp)

    run(game)


def test_a_bots_count_leaves_the_table_when_it_runs_out(tmp_path: Path) -> None:
    """Bug 3: "ANSWER? … 1s left" stayed on the table for good when nothing else moved
    after the bot's wait ran out (the table was drawn only while a wait was running)."""
    session = deal_started(tmp_path, seed=12, boss=2, space=1)

    async def scenario() -> None:
        app = BossApp(settings(tmp_path, bot_pause=0.05, bot_wait=1.0), session)
        async with app.run_test(size=(100, 30)) as pilot:
            driver = Driver(pilot)
            await driver.wait_for(lambda: "Dealer1 waits for Ann's answer" in screen_text(app))
            app.settings.bot_pause = 3600.0  # the bots sit still: nothing else redraws
            await driver.wait_for(lambda: not app.bot_waits.shown(time.monotonic()))
            assert bot_offer_to_ann(driver.state)
            await pilot.pause(0.6)
            assert "waits for Ann's answer" not in screen_text(app)

    run(scenario)


def bots_turn(tmp_path: Path) -> GameSession:
    """Seed 12: Dealer1's turn, the marker placed: deal here, roll or draw are its to do."""
    session = GameSession.new(Setup(players=PEOPLE_AND_BOTS, seed=12), tmp_path, bots=BOTS)
    state = session.state
    session.act(A.PlaceMarker(player=state.right_of(state.turn), space=1))
    assert session.state.turn == 2 and session.state.phase is Phase.TURN
    return session


def test_no_key_of_a_person_acts_for_a_computer_seat(tmp_path: Path) -> None:
    """Bug 4: `d` typed just after the marker was placed started Shark1's deal for it. The
    table's keys belong to whoever decides: when that is a computer seat, they do nothing
    and the footer does not offer them."""
    session = bots_turn(tmp_path)
    played = len(session.actions)

    async def scenario() -> None:
        app = BossApp(settings(tmp_path), session)
        async with app.run_test(size=(100, 30)) as pilot:
            app.bot_seats.next_action = lambda *_args: None  # type: ignore[method-assign]
            await pilot.pause()
            for key in "drwm":
                await pilot.press(key)
                await pilot.pause()
            assert len(session.actions) == played, session.actions[played:]
            footer = screen_text(app).splitlines()[-1]
            assert "Deal here" not in footer and "Roll" not in footer, footer

    run(scenario)


def test_the_log_wraps_again_when_the_terminal_grows(tmp_path: Path) -> None:
    """Bug 5: after a resize from 80 to 160 columns the lines stayed cut at the old width."""

    async def game() -> None:
        session = last_call(tmp_path)
        app = BossApp(settings(tmp_path, names=SIX), session=session)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            log = app.screen.query_one("#log", RichLog)
            narrow = len(log.lines)
            words = log_text(app)
            await pilot.resize_terminal(160, 50)
            await pilot.pause(0.3)
            assert len(log.lines) < narrow, (narrow, len(log.lines))
            assert log_text(app) == words
            await pilot.resize_terminal(80, 24)
            await pilot.pause(0.3)
            assert len(log.lines) == narrow
            assert log_text(app) == words

    run(game)


def test_the_board_names_the_numbers_of_the_end_roll(tmp_path: Path) -> None:
    """Bug 6: just before the end roll the board's edge gave the next tile's numbers ("then
    1–5 ends it") while the roll is for the tile just laid (E1: 1–4 here)."""
    session = last_call(tmp_path)
    session.act(A.TimeUp())
    state = session.state
    assert state.phase is Phase.END_ROLL and state.end_tile is not None
    assert state.board.tiles[state.end_tile - 1].ends_on == {1, 2, 3, 4}

    async def game() -> None:
        app = BossApp(settings(tmp_path, names=SIX), session=session)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            edge = str(app.screen.query_one(BoardView).border_subtitle)
            assert "1–4 ends it" in edge and "1–5" not in edge, edge

    run(game)
