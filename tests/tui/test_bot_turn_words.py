"""The turn box names a person's keys only for a person's move: when a computer seat is to
roll, draw or place the marker, it says what comes, not which key to press (played in tmux,
`play --players 4 --bots 2 --bot-kind shark --names Ann,Bob --seed 11`: "Shark2 moved to
space 11. d deal here · w draw cards", keys no person may press for Shark2).

Seed 12 puts Dealer1 (seat 2) first, so Bob places the marker; seed 1 puts Ann first, so
Dealer2, on her right, places it. The bots wait ten minutes before moving: the screen is read
while they are still to play.
"""

from __future__ import annotations

from pathlib import Path

from rich.console import Group
from rich.text import Text
from textual.widgets import Static
from tuikit import run, settings

from imtheboss.engine import actions as A
from imtheboss.engine.setup import Setup
from imtheboss.session import GameSession
from imtheboss.tui.app import BossApp
from imtheboss.tui.widgets.log_view import Wrapped

PEOPLE_AND_BOTS = ("Ann", "Bob", "Dealer1", "Dealer2")
BOTS = {"Dealer1": "dealer", "Dealer2": "dealer"}


def _turn_box(session: GameSession, tmp_path: Path) -> str:
    text = ""

    async def scenario() -> None:
        nonlocal text
        app = BossApp(settings(tmp_path, bot_pause=600.0), session)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            # The box's words, not the screen's lines: the turn wraps at any width.
            shown = app.screen.query_one("#deal-text", Static).content
            assert isinstance(shown, Group)
            parts = [p.text if isinstance(p, Wrapped) else p for p in shown.renderables]
            text = " ".join(p.plain for p in parts if isinstance(p, Text))

    run(scenario)
    return text


def test_a_bots_turn_names_no_key(tmp_path: Path) -> None:
    session = GameSession.new(Setup(players=PEOPLE_AND_BOTS, seed=12), tmp_path, bots=BOTS)
    assert session.state.turn == 2, "the seed no longer gives the first turn to Dealer1"
    session.act(A.PlaceMarker(player=1, space=1))
    text = _turn_box(session, tmp_path)
    assert "Dealer1's turn: a deal here (space 1) or a roll of the die." in text, text
    assert "roll the die and move" not in text, text


def test_a_bot_that_rolled_is_told_no_key(tmp_path: Path) -> None:
    session = GameSession.new(Setup(players=PEOPLE_AND_BOTS, seed=12), tmp_path, bots=BOTS)
    session.act(A.PlaceMarker(player=1, space=1))
    session.act(A.Roll(player=2))
    text = _turn_box(session, tmp_path)
    assert "a deal here, or draw cards." in text, text
    assert "draw cards" not in text.replace("a deal here, or draw cards.", ""), text


def test_a_bot_placing_the_marker_is_told_no_key(tmp_path: Path) -> None:
    session = GameSession.new(Setup(players=PEOPLE_AND_BOTS, seed=1), tmp_path, bots=BOTS)
    assert session.state.turn == 0, "the seed no longer gives the first turn to Ann"
    text = _turn_box(session, tmp_path)
    assert "Dealer2, on Ann's right, places the dollar marker on any space." in text, text
    assert "press  m" not in text, text


def test_a_persons_turn_still_names_the_keys(tmp_path: Path) -> None:
    session = GameSession.new(Setup(players=PEOPLE_AND_BOTS, seed=12), tmp_path, bots=BOTS)
    text = _turn_box(session, tmp_path)
    # Bob places the marker for Dealer1: his key is named.
    assert "press  m" in text, text
