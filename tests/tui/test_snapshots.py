"""The look of the table, pinned: 80×24 and 160×50, a negotiation, a private panel, the end.

Update after a deliberate change of look: `python -m pytest tests/tui/test_snapshots.py -n 0
--snapshot-update`, then look at the report of what changed before committing.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from imtheboss.bots.random_play import random_steps
from imtheboss.engine import actions as A
from imtheboss.engine.setup import Setup
from imtheboss.engine.state import Phase
from imtheboss.session import GameSession
from imtheboss.table_settings import TableSettings
from imtheboss.tui.app import BossApp

NAMES = ("Ann", "Bob", "Cy", "Di")


def table(tmp_path: Path, session: GameSession | None = None) -> BossApp:
    # ask_around: no countdown on screen, so the picture does not depend on the clock.
    settings = TableSettings(names=NAMES, seed=7, save_dir=tmp_path, ask_around=True)
    return BossApp(settings, session)


def negotiation(tmp_path: Path) -> GameSession:
    """Seed 7, a deal on space 5 with a family card laid, an offer, an ask and an agreement."""
    session = GameSession.new(Setup(players=NAMES, seed=7), tmp_path)
    state = session.state
    session.act(A.PlaceMarker(player=state.right_of(state.turn), space=5))
    boss = session.state.turn
    session.act(A.StartDeal(player=boss))
    state = session.state
    offers = [a for a in legal(state, boss) if isinstance(a, A.Offer) and a.price.amount == 3]
    session.act(offers[0])
    supplier = offers[0].supplier
    session.act(A.Accept(player=supplier))
    for seat in range(4):
        lays = [a for a in legal(session.state, seat) if isinstance(a, A.LayFamily)]
        if seat != boss and lays:
            session.act(lays[0])
            asks = [
                a
                for a in legal(session.state, seat)
                if isinstance(a, A.Ask) and a.price.amount == 4 and a.cards[0].kind == "family"
            ]
            if asks:
                session.act(asks[0])
            break
    return session


def legal(state: Any, seat: int) -> list[Any]:
    from imtheboss.engine import legal_actions

    return legal_actions(state, seat)


def finished(tmp_path: Path) -> GameSession:
    setup = Setup(players=NAMES, seed=11)
    session = GameSession.new(setup, tmp_path)
    for _, action, _, _ in random_steps(session.state, random.Random(11)):
        session.act(action)
    assert session.state.phase is Phase.OVER
    return session


def test_table_at_80x24(snap_compare: Any, tmp_path: Path) -> None:
    assert snap_compare(table(tmp_path), terminal_size=(80, 24))


def test_table_at_160x50(snap_compare: Any, tmp_path: Path) -> None:
    assert snap_compare(table(tmp_path, negotiation(tmp_path)), terminal_size=(160, 50))


def test_negotiation_at_80x24(snap_compare: Any, tmp_path: Path) -> None:
    assert snap_compare(table(tmp_path, negotiation(tmp_path)), terminal_size=(80, 24))


def test_private_panel(snap_compare: Any, tmp_path: Path) -> None:
    """The Boss's hand and moves with the deal beside them (issue 19)."""
    session = negotiation(tmp_path)
    boss = session.state.deal.boss if session.state.deal else 0
    keys = [f"f{boss + 1}", "enter"]
    assert snap_compare(table(tmp_path, session), press=keys, terminal_size=(80, 24))


def test_private_panel_at_160x50(snap_compare: Any, tmp_path: Path) -> None:
    session = negotiation(tmp_path)
    boss = session.state.deal.boss if session.state.deal else 0
    keys = [f"f{boss + 1}", "enter"]
    assert snap_compare(table(tmp_path, session), press=keys, terminal_size=(160, 50))


def test_score_screen(snap_compare: Any, tmp_path: Path) -> None:
    async def show_scores(pilot: Pilot[None]) -> None:
        app = pilot.app
        assert isinstance(app, BossApp)
        app._game_over()
        await pilot.pause()

    app = table(tmp_path, finished(tmp_path))
    assert snap_compare(app, terminal_size=(80, 24), run_before=show_scores)


def six(tmp_path: Path, session: GameSession) -> BossApp:
    from test_fit import SIX

    settings = TableSettings(names=SIX, seed=7, save_dir=tmp_path, ask_around=True)
    return BossApp(settings, session)


def test_six_long_names_in_a_deal_at_80x24(snap_compare: Any, tmp_path: Path) -> None:
    """Six players of eight-letter names, a deal with family cards, an offer, agreements."""
    from test_fit import busy_deal

    assert snap_compare(six(tmp_path, busy_deal(tmp_path)), terminal_size=(80, 24))


def test_six_long_names_in_the_last_call_at_80x24(snap_compare: Any, tmp_path: Path) -> None:
    from test_fit import last_call

    assert snap_compare(six(tmp_path, last_call(tmp_path)), terminal_size=(80, 24))
