"""Time for people (issue 19): a count runs only while the table is in sight, a bot's count
leaves the table when it is over, a person's key never plays for a computer seat, the log
wraps at the width it is shown at, and the board's edge speaks of the tile being rolled for.
"""

from __future__ import annotations

import asyncio
import statistics
import time
from pathlib import Path

import pytest
from test_bots_wait_for_people import BOTS, PEOPLE_AND_BOTS, bot_offer_to_ann, deal_started
from test_fit import SIX, last_call
from tuikit import Driver, log_text, run, screen_text, settings

from imtheboss.bots import make_bot
from imtheboss.engine import actions as A
from imtheboss.engine.cards import Card, Colour
from imtheboss.engine.game import apply
from imtheboss.engine.legal import legal_actions
from imtheboss.engine.position import Position
from imtheboss.engine.setup import Setup
from imtheboss.engine.state import Phase
from imtheboss.engine.view import view
from imtheboss.session import GameSession
from imtheboss.tui.app import BossApp
from imtheboss.tui.screens.dialogs import ConfirmDialog
from imtheboss.tui.screens.table import TableScreen
from imtheboss.tui.widgets.board import BoardView
from imtheboss.tui.widgets.log_view import LogView


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
            log = app.screen.query_one("#log", LogView)
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


def boss_card_waits_on_a_shark(save_dir: Path, stop: bool) -> GameSession:
    """Ann deals; Bob says "I'm the Boss!"; Shark1, on his left, is asked first whether it
    stops it — holding a stop card or not."""
    sharks = ("Shark1", "Shark2")
    position = Position(
        players=("Ann", "Bob", *sharks),
        investors={
            "Ann": (Colour.RED, Colour.BLUE),
            "Bob": (Colour.YELLOW,),
            "Shark1": (Colour.PINK,),
            "Shark2": (Colour.ORANGE, Colour.GREEN),
        },
        marker=5,
        turn="Ann",
        hands={
            "Ann": (Card.FAMILY_RED,),
            "Bob": (Card.BOSS, Card.FAMILY_YELLOW),
            "Shark1": (*((Card.STOP,) if stop else ()), Card.FAMILY_PINK, Card.FAMILY_GREEN),
            "Shark2": (Card.FAMILY_BLUE,),
        },
        seed=3,
    )
    session = GameSession.new(position, save_dir, bots=dict.fromkeys(sharks, "shark"))
    session.act(A.StartDeal(player=0))
    return session


async def _answer_time(save_dir: Path, stop: bool) -> float:
    """Seconds from Bob's boss card to Shark1's answer."""
    session = boss_card_waits_on_a_shark(save_dir, stop)
    app = BossApp(
        settings(save_dir, names=None, ask_around=True, bot_pause=1.5, bot_budget=BUDGET),
        session,
    )
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause(1.0)  # the sharks' process is up
        played = len(session.actions)
        assert app.play(A.PlayBoss(player=1))
        assert app._asked_seat(session.state) == 2
        start = time.monotonic()
        while not any(a.player == 2 for a in session.actions[played + 1 :]):
            await pilot.pause(0.01)
            assert time.monotonic() - start < 30.0, "Shark1 never answered"
        return time.monotonic() - start


def _thinking_time(save_dir: Path, stop: bool) -> float:
    """How long Shark1 thinks about the boss card (here, out of any table)."""
    state = boss_card_waits_on_a_shark(save_dir, stop).state
    state, _events = apply(state, A.PlayBoss(player=1))
    shark = make_bot("shark", 1, BUDGET)
    start = time.perf_counter()
    shark.decide(view(state, 2), legal_actions(state, 2))
    return time.perf_counter() - start


#: Playouts per decision: a shark holding a stop thinks a visible tenth of a second or more.
BUDGET = 60


def test_a_sharks_time_to_answer_does_not_tell_its_stop_cards(tmp_path: Path) -> None:
    """Issue 23, item 2: a shark holding a stop thinks far longer before it answers a boss
    card than one holding none, and it thought on the table's thread: the table froze, and
    the answer came that much later, only when it held one. It thinks elsewhere now and its
    answer is played the pause after it was asked: the same time with and without."""
    thinking = {stop: _thinking_time(tmp_path / f"think{stop}", stop) for stop in (True, False)}
    assert thinking[True] > 0.05 > thinking[False] * 10, thinking  # the test can tell

    async def trials() -> None:
        times: dict[bool, list[float]] = {True: [], False: []}
        for trial in range(3):
            for stop in (True, False):
                times[stop].append(await _answer_time(tmp_path / f"{stop}{trial}", stop))
        # The pause (1.5 s), never sooner, whatever it holds; later only by what a busy
        # machine adds, alike with and without.
        for stop, seen in times.items():
            assert all(1.5 <= t < 1.5 + 2.0 for t in seen), (stop, times)
        middle = {stop: statistics.median(seen) for stop, seen in times.items()}
        assert abs(middle[True] - middle[False]) < 0.4, times

    run(trials)


def test_ctrl_q_answers_at_once_while_a_shark_thinks_hard(tmp_path: Path) -> None:
    """Issue 23, item 2: at --bot-budget 20000 a shark's decision froze the table, and
    Ctrl+Q took 19 s to answer (3 s with the search on a thread: it holds the interpreter).
    The sharks search in a process of their own: the question is on screen as fast as with
    no shark at all, and the search goes with the table."""

    async def quit_while_thinking(budget: int) -> float:
        session = boss_card_waits_on_a_shark(tmp_path / str(budget), stop=True)
        app = BossApp(settings(tmp_path, names=None, bot_budget=budget), session)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            assert app.play(A.PlayBoss(player=1))
            await pilot.pause(0.3)
            start = time.monotonic()
            await pilot.press("ctrl+q")
            await pilot.pause()
            assert isinstance(app.screen, ConfirmDialog)
            took = time.monotonic() - start
            if budget > 1:
                thinking = app.bot_pace.thinking
                assert thinking is not None and not thinking.done, "the shark thinks a while"
                pool = app._far._pool
                assert pool is not None
                processes = list(pool._processes.values())  # type: ignore[attr-defined]
            await pilot.press("y")
        if budget > 1:
            await asyncio.sleep(0.5)
            assert processes and not any(p.is_alive() for p in processes)
        return took

    async def scenario() -> None:
        alone = await quit_while_thinking(1)
        thinking = await quit_while_thinking(20000)
        assert thinking < max(1.0, 3 * alone), (alone, thinking)

    run(scenario)


def test_the_log_says_what_ended_the_game_the_money_and_the_winner(tmp_path: Path) -> None:
    """E1–E3 in the log's words: the end roll and the numbers of the tile just laid, every
    player's money (public now), and who won."""
    session = last_call(tmp_path)
    session.act(A.TimeUp())
    roller = session.state.end_roller
    assert roller is not None

    async def game() -> None:
        app = BossApp(settings(tmp_path, names=SIX), session=session)
        async with app.run_test(size=(160, 50)) as pilot:
            await pilot.pause()
            assert app.play(A.Roll(player=roller))  # seed 3 rolls a 3
            await pilot.pause()
            state = app.state
            assert state.phase is Phase.OVER
            text = log_text(app)
            said = (
                "The end roll is 3, one of 1, 2, 3 and 4 on the tile just laid: the game is over."
            )
            assert said in text, text
            sums = ", ".join(f"{p.name} ${p.money}M" for p in state.players)
            assert f"Final money: {sums}." in text, text
            [winner] = state.winners
            assert f"{state.name(winner)} wins." in text, text

    run(game)


def test_a_move_in_the_log_is_a_sentence_in_the_tables_language(tmp_path: Path) -> None:
    """ "Cy offers Bob $2M for pink" / "Cy le ofrece a Bob $2M por el rosa": a sentence with
    its unit, in the table's language, never a line of notation."""
    from imtheboss import i18n
    from imtheboss.engine.state import InvestorRef, Price
    from imtheboss.tui.log import said_move

    state = last_call(tmp_path).history[6]  # Fredrika (5) deals, Cressida (2) laid red
    offer = A.Offer(
        player=5, supplier=2, cards=(InvestorRef(colour=Colour.PINK),), price=Price(amount=2)
    )
    try:
        assert said_move(offer, state) == "Fredrika offers Cressida $2M for the pink investor."
        i18n.use("es")
        assert said_move(offer, state) == "Fredrika le ofrece a Cressida $2M por el inversor rosa."
        assert said_move(offer, state, amounts=False) == (
            "Fredrika le hace una oferta a Cressida por el inversor rosa."
        )
    finally:
        i18n.use("en")
