"""The private panel at the pace of the printed game (issue 19): the deal beside the hand, a
key per move, several moves said in one, a close in one key, units that show without colour,
and no screen or widget below the app fed the game's state."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from test_friction import offer_to_bob
from textual.widget import Widget
from textual.widgets import OptionList, RadioButton
from tuikit import NAMES, Driver, Policy, run, screen_text, seated, secrets_of, settings

from imtheboss.bots.random_play import random_steps
from imtheboss.engine import actions as A
from imtheboss.engine.cards import Card, Colour
from imtheboss.engine.position import Position
from imtheboss.engine.setup import Setup
from imtheboss.engine.state import FamilyRef, GameState, InvestorRef, Phase, Price
from imtheboss.session import GameSession
from imtheboss.tui.app import BossApp
from imtheboss.tui.screens.close import CloseDialog
from imtheboss.tui.screens.dialogs import ConfirmDialog, PriceDialog
from imtheboss.tui.screens.score import ScoreScreen
from imtheboss.tui.widgets.board import BoardView
from imtheboss.tui.widgets.deal import DealView
from imtheboss.tui.widgets.players import PlayersView

YELLOW, PINK, ORANGE = (InvestorRef(colour=c) for c in (Colour.YELLOW, Colour.PINK, Colour.ORANGE))


def test_the_deal_is_beside_the_hand_with_six_long_names(tmp_path: Path) -> None:
    names = tuple(
        f"{n}{'x' * 12}{i}" for i, n in enumerate(("Ann", "Bob", "Cyd", "Dia", "Eva", "Flo"))
    )
    assert all(len(n) == 16 for n in names)
    session = GameSession.new(
        Position(
            players=names,
            investors={names[1]: (Colour.YELLOW,), names[2]: (Colour.ORANGE,)},
            deals_done=3,
            marker=5,
            turn=names[0],
            hands={names[0]: (Card.FAMILY_RED, Card.FAMILY_BLUE, Card.HIRE)},
            seed=3,
        ),
        tmp_path,
    )
    session.act(A.StartDeal(player=0))
    session.act(A.Ask(player=1, cards=(YELLOW,), price=Price(amount=2)))

    async def game() -> None:
        app = BossApp(settings(tmp_path, names=names), session=session)
        async with app.run_test(size=(80, 24)) as pilot:
            driver = Driver(pilot)
            await pilot.pause()
            await driver.take_keyboard(0)
            text = screen_text(app)
            for secret in secrets_of(session.state, 0):
                assert secret in text, (secret, text)
            # The Boss's name before the space's number: the title holds no more at 80×24.
            assert "╭─ Boss Annxxxxxxxxxxxx0 ─" in text, text
            assert "Pays $" in text and "Ask: Bobxxxxxxxxxxxx1" in text, text
            assert " a  Accept Bobxxxxxxxxxxxx1's price of $2M" in text, text

    run(game)


def test_a_bundle_then_every_ask_accepted_at_once_then_a_close_in_one_key(tmp_path: Path) -> None:
    """Ann, the Boss on space 5 (R B Y + 2 of P O G), owns red and blue: Bob asks one price
    for his yellow and pink investors, Cy for his orange one; Ann accepts both, then closes."""
    session = offer_to_bob(tmp_path)

    async def game() -> None:
        async with seated(session, tmp_path) as driver:
            app, pilot = driver.app, driver.pilot
            # Bob: one price for his yellow and pink investors.
            panel = await driver.take_keyboard(1)
            await driver.choose(panel, lambda m: m.ask == "price" and len(m.template.cards) == 2)
            await driver.price(Price(amount=3))
            await driver.wait_for(lambda: len(session.actions) == 3)
            assert session.actions[-1] == A.Ask(
                player=1, cards=(YELLOW, PINK), price=Price(amount=3)
            )
            # Cy: $1M for orange (the only ask in Cy's menu: its key alone opens the price).
            panel = await driver.take_keyboard(2)
            await pilot.press("p")
            assert isinstance(app.screen, PriceDialog)
            await pilot.press("1", "enter")
            await driver.wait_for(lambda: len(session.actions) == 4)
            # Ann accepts both without leaving the panel: a, Enter on "every price", y.
            panel = await driver.take_keyboard(0)
            await pilot.press("a")
            menu = panel.query_one("#moves", OptionList)
            assert menu.highlighted is not None
            assert panel.moves[menu.highlighted].ask == "accept_all"
            await pilot.press("enter")
            assert isinstance(app.screen, ConfirmDialog)
            await driver.drawn()
            await pilot.press("y")
            await driver.wait_for(lambda: len(session.actions) == 6)
            assert {a.supplier for a in session.actions[-2:]} == {1, 2}  # type: ignore[union-attr]
            assert app.screen is panel
            # Everything is held: c, and the engine's terms are a question, answered by y.
            await pilot.press("c")
            dialog = app.screen
            assert isinstance(dialog, CloseDialog) and not dialog.choice
            text = screen_text(app)
            assert "The Boss pays Bob $3M." in text and "The Boss pays Cy $1M." in text, text
            await pilot.press("enter")  # says nothing
            assert app.screen is dialog
            await driver.drawn()
            await pilot.press("y")
            await driver.wait_for(lambda: len(session.actions) == 7)
            assert isinstance(session.actions[-1], A.Close)

    run(game)


def test_a_family_card_laid_and_its_price_asked_in_one_step(tmp_path: Path) -> None:
    session = offer_to_bob(tmp_path)

    async def game() -> None:
        async with seated(session, tmp_path) as driver:
            app, pilot = driver.app, driver.pilot
            panel = await driver.take_keyboard(1)
            assert [m.ask for m in panel.moves if m.key == "l"] == ["lay_price"]
            await pilot.press("l")  # the plain lay is among the folded moves
            assert isinstance(app.screen, PriceDialog)
            await pilot.press("2", "down", "enter")
            await driver.wait_for(lambda: len(session.actions) == 4)
            family = FamilyRef(owner=1, colour=Colour.ORANGE)
            assert session.actions[-2:] == [
                A.LayFamily(player=1, colour=Colour.ORANGE),
                A.Ask(player=1, cards=(family,), price=Price(amount=2, dividends=True)),
            ]

    run(game)


def test_the_chosen_unit_shows_without_colour(tmp_path: Path) -> None:
    """Bug 7 of issue 19: both radio buttons drew ``▐●▌``, the choice told by colour alone."""

    async def game() -> None:
        async with seated(offer_to_bob(tmp_path), tmp_path) as driver:
            app, pilot = driver.app, driver.pilot
            panel = await driver.take_keyboard(1)
            await driver.choose(panel, lambda m: m.ask == "price")
            dialog = app.screen
            assert isinstance(dialog, PriceDialog)
            units = [dialog.query_one(f"#{u}", RadioButton) for u in ("money", "dividends")]

            def drawn() -> list[str]:
                return [str(u.render())[:3] for u in units]

            assert drawn()[0] != drawn()[1], drawn()
            before = drawn()
            await pilot.press("down")
            assert units[1].value and drawn() == [before[1], before[0]], drawn()

    run(game)


def test_a_family_card_laid_is_not_called_unowned(tmp_path: Path) -> None:
    """Bug 8 of issue 19: after Bob laid a blue family card, the deal box said "B ✗
    unowned: a family card is needed"."""
    session = GameSession.new(
        Position(
            players=NAMES,
            investors={"Ann": (Colour.RED,), "Bob": (Colour.YELLOW,)},
            deals_done=3,
            marker=5,
            turn="Ann",
            hands={"Bob": (Card.FAMILY_BLUE,)},
            seed=3,
        ),
        tmp_path,
    )
    session.act(A.StartDeal(player=0))
    session.act(A.LayFamily(player=1, colour=Colour.BLUE))

    async def game() -> None:
        app = BossApp(settings(tmp_path), session=session)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            text = screen_text(app)
            assert "unowned:" not in text, text
            assert "Bob's family card: needs an agreement" in text, text

    run(game)


# -- panels from a view --------------------------------------------------------------------


def _states_in(value: Any) -> bool:
    if isinstance(value, GameState):
        return True
    if isinstance(value, tuple | list | set | frozenset):
        return any(isinstance(v, GameState) for v in value)
    if isinstance(value, dict):
        return any(isinstance(v, GameState) for v in (*value.keys(), *value.values()))
    return False


class Inspector(Driver):
    """At every screen the driver goes through, every screen and widget is looked at: none
    holds a state (or a list of states) in its attributes."""

    async def seen(self, where: str, seat: int | None) -> None:
        for screen in self.app.screen_stack:
            for node in screen.walk_children(with_self=True):
                held = [k for k, v in vars(node).items() if _states_in(v)]
                assert not held, (type(node).__name__, held)


def test_no_screen_or_widget_below_the_app_is_given_a_state(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The scripted table plays a game (panels, prices, confirmations, closes, a discard);
    no widget's ``show`` is called with a state, and no screen or widget keeps one. (The
    close's ``judge`` is the engine's ruling, a function the app hands over: the dialog asks
    it, it never reads a state.)"""
    given: list[str] = []
    for cls in (BoardView, PlayersView, DealView):
        original = cls.show

        def show(self: Widget, *args: Any, __original: Any = original, **kw: Any) -> None:
            if any(_states_in(a) for a in (*args, *kw.values())):
                given.append(type(self).__name__)
            __original(self, *args, **kw)

        monkeypatch.setattr(cls, "show", show)

    async def game() -> None:
        # Seed 1556's game has every kind on the reconstruction (a new table's default since
        # issue 21 is the printed board).
        app = BossApp(settings(tmp_path, seed=1556, board="reconstructed"))
        policy = Policy()
        kinds: set[str] = set()
        async with app.run_test(size=(80, 24)) as pilot:
            driver = Inspector(pilot)
            await driver.wait_for(lambda: app.session is not None)
            wanted = {"close", "accept", "offer", "ask", "lay_family", "discard", "hire"}
            steps = 0
            while driver.state.phase is not Phase.OVER and not wanted <= kinds and steps < 200:
                steps += 1
                at = len(app.session.actions)  # type: ignore[union-attr]
                action = policy(driver.state)
                kinds.add(action.kind)
                await driver.play(action, at)
        assert wanted <= kinds, kinds
        assert not given, given

    run(game)


def test_the_score_screen_is_given_the_tables_view_not_the_state(tmp_path: Path) -> None:
    """At the end everything is public (E3), but the rule holds there too: the score screen
    is built from the table's view of the finished game, and shows its final money."""
    session = GameSession.new(Setup(players=("Ann", "Bob", "Cy", "Di"), seed=11), tmp_path)
    for _, action, _, _ in random_steps(session.state, random.Random(11)):
        session.act(action)
    state = session.state
    assert state.phase is Phase.OVER

    async def game() -> None:
        app = BossApp(settings(tmp_path), session=session)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app._game_over()
            await pilot.pause()
            score = app.screen
            assert isinstance(score, ScoreScreen)
            for node in score.walk_children(with_self=True):
                held = [k for k, v in vars(node).items() if _states_in(v)]
                assert not held, (type(node).__name__, held)
            text = screen_text(app)
            best = max(p.money for p in state.players)
            assert f"${best}M" in text, text

    run(game)
