"""The close dialog with a choice fits 80×24 whole: its first line and its button. Played in
tmux (``bench/tmux_play.py --seed 1``, 80×24): Bob's close on space 3 (O G + 2 of R B Y P, two
prices to accept first) scrolled — "First the Boss accepts…" out of sight at the top, and the
button's label "One, two… close it (Enter)" out of sight at the bottom, so nothing on the
screen said which key closes."""

from __future__ import annotations

import functools
from pathlib import Path

from tuikit import NAMES, run, screen_text, settings

from imtheboss.engine import actions as A
from imtheboss.engine.cards import Colour
from imtheboss.engine.game import check_close
from imtheboss.engine.legal import legal_actions
from imtheboss.engine.position import Position
from imtheboss.engine.state import InvestorRef, Price
from imtheboss.engine.view import view
from imtheboss.session import GameSession
from imtheboss.tui.app import BossApp
from imtheboss.tui.screens.close import CloseDialog


def _two_agreed_on_space_3(save_dir: Path) -> GameSession:
    """Space 3 of the reconstruction (O G + 2 of R B Y P): Ann is the Boss with orange, green,
    yellow and pink; Bob's red and Cy's blue are agreed at $3M each."""
    position = Position(
        players=NAMES,
        investors={
            "Ann": (Colour.ORANGE, Colour.GREEN, Colour.YELLOW, Colour.PINK),
            "Bob": (Colour.RED,),
            "Cy": (Colour.BLUE,),
        },
        marker=3,
        turn="Ann",
        hands={"Ann": (), "Bob": (), "Cy": (), "Di": ()},
        seed=5,
    )
    session = GameSession.new(position, save_dir)
    session.act(A.StartDeal(player=0))
    for supplier, colour in ((1, Colour.RED), (2, Colour.BLUE)):
        cards = (InvestorRef(colour=colour),)
        session.act(A.Offer(player=0, supplier=supplier, cards=cards, price=Price(amount=3)))
        session.act(A.Accept(player=supplier))
    return session


def test_the_close_dialog_with_a_choice_is_whole_at_80x24(tmp_path: Path) -> None:
    session = _two_agreed_on_space_3(tmp_path)

    async def game() -> None:
        app = BossApp(settings(tmp_path), session=session)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            state = session.state
            closes = legal_actions(state, 0, ("close",))
            judge = functools.partial(check_close, state, 0)
            app.push_screen(CloseDialog(view(state, 0), closes, judge, accepting=True))
            await pilot.pause()
            dialog = app.screen
            assert isinstance(dialog, CloseDialog) and dialog.choice
            text = screen_text(app)
            assert "First the Boss accepts" in text, text
            assert "One, two… close it (Enter)" in text, text
            assert "The Boss keeps" in text, text

    run(game)
