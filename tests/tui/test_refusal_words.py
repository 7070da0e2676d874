"""A refusal the table reads aloud says the rule's reason in the engine's own words (issue 21):
the TUI shows what the engine says, so a reason worded only for ``check`` never reached it."""

from __future__ import annotations

from pathlib import Path

from tuikit import NAMES, log_text, run, screen_text, settings

from imtheboss.engine import actions as A
from imtheboss.engine.cards import Card, Colour
from imtheboss.engine.position import Position
from imtheboss.engine.state import FamilyRef, InvestorRef, Price
from imtheboss.session import GameSession
from imtheboss.tui.app import BossApp


def called_off(save_dir: Path) -> GameSession:
    """Space 1 (red + blue): Ann, the Boss, closed with her red and Bob's agreed blue; in the
    last call Cy laid a family card, which called the close off. The deal goes on."""
    position = Position(
        players=NAMES,
        investors={
            "Ann": (Colour.RED,),
            "Bob": (Colour.BLUE,),
            "Cy": (Colour.YELLOW,),
            "Di": (Colour.GREEN,),
        },
        deals_done=5,
        marker=1,
        turn="Ann",
        hands={"Ann": (), "Bob": (), "Cy": (Card.FAMILY_PINK,), "Di": ()},
        seed=3,
    )
    session = GameSession.new(position, save_dir)
    blue = InvestorRef(colour=Colour.BLUE)
    session.act(A.StartDeal(player=0))
    session.act(A.Ask(player=1, cards=(blue,), price=Price(amount=3)))
    session.act(A.Accept(player=0, supplier=1))
    session.act(
        A.Close(player=0, supplies={Colour.RED: InvestorRef(colour=Colour.RED), Colour.BLUE: blue})
    )
    session.act(A.LayFamily(player=2, colour=Colour.PINK))
    assert session.state.deal is not None and session.state.window is None
    assert session.state.deal.family == (FamilyRef(owner=2, colour=Colour.PINK),)
    return session


def test_a_roll_after_a_called_off_close_is_refused_with_cl2s_words(tmp_path: Path) -> None:
    """The table's roll, as its key sends it: the log and the toast said only "A deal is under
    way" (T1); they say whose card called the close off and that the deal goes on (CL2)."""

    async def game() -> None:
        session = called_off(tmp_path)
        app = BossApp(settings(tmp_path), session=session)
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            await pilot.pause()
            app.action_table("roll")
            await pilot.pause()
            said = (
                "Cy's card in the last call called the close off: the deal goes on, so there "
                "is no roll or draw now"
            )
            assert said in log_text(app), log_text(app)
            assert "CL2" in log_text(app) and "under way" not in log_text(app)
            assert "Not allowed" in screen_text(app) and "Cy's card" in screen_text(app)
            assert len(session.actions) == 5  # refused: nothing was played

    run(game)
