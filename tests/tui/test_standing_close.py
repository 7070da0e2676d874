"""The Boss's standing close (issue 19): one price offered to each supplier the close needs,
on the cover, and the close played by the app, as the Boss's own, the moment the last of them
accepts; off, and said so, once anything else is played. The keyboard moves to each supplier
once, and never back to the Boss."""

from __future__ import annotations

from pathlib import Path

from test_fit import SIX, six_at_space_5
from tuikit import log_text, run, screen_text, settings

from imtheboss.engine import actions as A
from imtheboss.engine.cards import Card, Colour
from imtheboss.engine.game import apply
from imtheboss.engine.one_step import closes_after, standing_close, standing_offers
from imtheboss.engine.position import Position
from imtheboss.engine.state import InvestorRef, Price, WindowKind
from imtheboss.session import GameSession
from imtheboss.tui.app import BossApp
from imtheboss.tui.screens.dialogs import ConfirmDialog, PriceDialog
from imtheboss.tui.screens.privacy import PrivacyScreen
from imtheboss.tui.screens.table import TableScreen

RED, PINK = InvestorRef(colour=Colour.RED), InvestorRef(colour=Colour.PINK)


def laid(tmp_path: Path) -> GameSession:
    """Fredrika (5) deals on space 5 (R B Y + 2 of P O G) and lays her yellow, blue and
    orange family cards: she needs red (Annabell's) and one of pink and green."""
    session = six_at_space_5(tmp_path)
    session.act(A.StartDeal(player=5))
    for colour in (Colour.YELLOW, Colour.BLUE, Colour.ORANGE):
        session.act(A.LayFamily(player=5, colour=colour))
    return session


def test_the_standing_offers_are_for_the_cards_of_the_engines_close(tmp_path: Path) -> None:
    session = laid(tmp_path)
    state = session.state
    choices = standing_offers(state, 5)
    # Red from Annabell, and pink from Cressida or green from Evangely: two closes; none
    # with Bertrand's blue beside Fredrika's own.
    green = InvestorRef(colour=Colour.GREEN)
    assert [[(o.supplier, o.cards) for o in c] for c in choices] == [
        [(0, (RED,)), (2, (PINK,))],
        [(0, (RED,)), (4, (green,))],
    ]
    assert standing_offers(state, 0) == ()  # only the Boss
    offers = choices[0]
    priced = tuple(o.model_copy(update={"price": Price(amount=2)}) for o in offers)
    nods = (A.Accept(player=0), A.Accept(player=2))
    for action in (*priced, *nods):
        state, _ = apply(state, action)
    close = standing_close(state, 5, priced, nods)
    # The engine's proposed terms: its cheapest close, nothing chosen of its own.
    assert close is not None and close == closes_after(state, 5, ())[0]
    assert standing_close(state, 5, priced, nods[:1]) is None  # Cressida has not accepted
    assert standing_close(state, 5, priced, (*nods, A.Pass(player=1))) is None


def test_the_standing_offers_read_no_hand(tmp_path: Path) -> None:
    """Two tables that differ only in what two hands hold give the Boss the same offers."""

    def session(swap: bool) -> GameSession:
        one, other = (Card.FAMILY_PINK, Card.STOP), (Card.TRAVEL_RED, Card.BOSS)
        position = Position(
            players=SIX,
            investors={SIX[0]: (Colour.RED,), SIX[1]: (Colour.BLUE, Colour.YELLOW)},
            deals_done=3,
            marker=5,
            turn=SIX[5],
            hands={
                SIX[0]: other if swap else one,
                SIX[3]: one if swap else other,
                SIX[5]: (Card.FAMILY_PINK,),
            },
            seed=3,
        )
        game = GameSession.new(position, tmp_path / str(swap))
        game.act(A.StartDeal(player=5))
        return game

    one, other = session(False).state, session(True).state
    assert one.players[0].hand != other.players[0].hand
    assert standing_offers(one, 5) == standing_offers(other, 5)


def test_the_boss_offers_once_and_the_close_comes_with_the_last_acceptance(
    tmp_path: Path,
) -> None:
    """F6 e p 2 Enter on the cover: $2M offered to Annabell for red and to Cressida for pink,
    the table told; F1 a y, F3 a y: the second acceptance brings the Boss's close ("One,
    two…"), with no key of Fredrika's since."""
    session = laid(tmp_path)
    before = len(session.actions)

    async def game() -> None:
        app = BossApp(settings(tmp_path, names=SIX), session=session)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("f6")
            assert isinstance(app.screen, PrivacyScreen)
            assert "the Boss: one price to each supplier, then close" in screen_text(app)
            await pilot.press("e", "p")  # of two standing closes, the one with pink
            assert isinstance(app.screen, PriceDialog)
            await pilot.press("2", "enter")
            await pilot.pause()
            two = Price(amount=2)
            assert session.actions[before:] == [
                A.Offer(player=5, supplier=0, cards=(RED,), price=two),
                A.Offer(player=5, supplier=2, cards=(PINK,), price=two),
            ]
            assert isinstance(app.screen, TableScreen)
            assert "Fredrika closes once Annabell and Cressida accept." in log_text(app)
            for key in ("f1", "f3"):
                await pilot.press(key, "a")
                assert isinstance(app.screen, ConfirmDialog)
                await pilot.pause()
                await pilot.press("y")
                await pilot.pause()
            played = session.actions[before + 2 :]
            assert [a.kind for a in played] == ["accept", "accept", "close"], played
            assert played[-1].player == 5  # type: ignore[union-attr]
            window = session.state.window
            assert window is not None and window.kind is WindowKind.LAST_CALL

    run(game)


def test_any_other_move_calls_the_standing_close_off(tmp_path: Path) -> None:
    """Evangely asks a price for green after the offers: the standing close is off and the
    table is told; both acceptances then close nothing."""
    session = laid(tmp_path)

    async def game() -> None:
        app = BossApp(settings(tmp_path, names=SIX), session=session)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("f6", "e", "p", "2", "enter")
            await pilot.pause()
            assert app.standing is not None
            green = InvestorRef(colour=Colour.GREEN)
            app.play(A.Ask(player=4, cards=(green,), price=Price(amount=1)))
            await pilot.pause()
            assert app.standing is None
            assert "Fredrika no longer closes once the offers are accepted." in log_text(app)
            app.play(A.Accept(player=0))
            app.play(A.Accept(player=2))
            await pilot.pause()
            assert session.actions[-1] == A.Accept(player=2)
            assert session.state.window is None

    run(game)
