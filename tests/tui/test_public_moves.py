"""Public moves on the privacy cover (issue 19): a price for one's own card on the table, an
offer made to you accepted, the Boss's acceptance of every price asked and the close, each
made without opening a hand; the cover's moves come from the table's view alone; the log
says which card an acceptance is for."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_fit import SIX, TOO_SMALL, six_at_space_5
from textual.widgets import Static
from tuikit import run, screen_text, settings

from imtheboss import i18n
from imtheboss.engine import actions as A
from imtheboss.engine.cards import Card, Colour
from imtheboss.engine.position import Position
from imtheboss.engine.state import FamilyRef, InvestorRef, Phase, Price
from imtheboss.session import GameSession
from imtheboss.tui.app import BossApp
from imtheboss.tui.log import said_move
from imtheboss.tui.public_moves import accepts_then_close, public_actions, public_view
from imtheboss.tui.screens.close import CloseDialog
from imtheboss.tui.screens.dialogs import ConfirmDialog, PriceDialog
from imtheboss.tui.screens.privacy import PrivacyScreen
from imtheboss.tui.screens.private import PrivatePanel
from imtheboss.tui.screens.table import TableScreen

RED, BLUE, YELLOW = (InvestorRef(colour=c) for c in (Colour.RED, Colour.BLUE, Colour.YELLOW))
PINK, ORANGE = InvestorRef(colour=Colour.PINK), InvestorRef(colour=Colour.ORANGE)


def dealing(tmp_path: Path) -> GameSession:
    """Fredrika (5) deals on space 5 (R B Y + 2 of P O G); every other seat owns investors."""
    session = six_at_space_5(tmp_path)
    session.act(A.StartDeal(player=5))
    return session


def table(tmp_path: Path, session: GameSession) -> BossApp:
    return BossApp(settings(tmp_path, names=SIX), session=session)


def pushed(app: BossApp) -> list[str]:
    """The names of the screens the app pushes from now on."""
    names: list[str] = []
    push = app.push_screen

    def counted(screen: Any, *args: Any, **kwargs: Any) -> Any:
        names.append(type(screen).__name__)
        return push(screen, *args, **kwargs)

    app.push_screen = counted  # type: ignore[method-assign]
    return names


def test_a_supplier_names_a_price_for_their_card_without_opening_the_hand(
    tmp_path: Path,
) -> None:
    """Cressida's pink investor is on the table: F3, p, 2, Enter; no hand was shown, the
    keyboard is back at the table."""
    session = dealing(tmp_path)

    async def game() -> None:
        app = table(tmp_path, session)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screens = pushed(app)
            await pilot.press("f3")
            assert isinstance(app.screen, PrivacyScreen)
            text = screen_text(app)
            assert "a price for your card on the table" in text, text
            assert "Your hand" not in text
            await pilot.press("p")
            assert isinstance(app.screen, PriceDialog)
            await pilot.press("2", "enter")
            await pilot.pause()
            assert session.actions[-1] == A.Ask(player=2, cards=(PINK,), price=Price(amount=2))
            assert isinstance(app.screen, TableScreen)
            assert "PrivatePanel" not in screens, screens

    run(game)


def test_a_key_of_several_lines_waits_for_the_colours_letter_on_the_cover(
    tmp_path: Path,
) -> None:
    """Bertrand owns blue and yellow: p, then y names the yellow one."""
    session = dealing(tmp_path)

    async def game() -> None:
        app = table(tmp_path, session)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("f2", "p")
            assert isinstance(app.screen, PrivacyScreen)
            await pilot.press("y")
            assert isinstance(app.screen, PriceDialog)
            await pilot.press("3", "enter")
            await pilot.pause()
            assert session.actions[-1] == A.Ask(player=1, cards=(YELLOW,), price=Price(amount=3))

    run(game)


def test_an_offer_made_to_you_is_accepted_on_the_cover_with_y(tmp_path: Path) -> None:
    session = dealing(tmp_path)
    session.act(A.Offer(player=5, supplier=0, cards=(RED,), price=Price(amount=2)))

    async def game() -> None:
        app = table(tmp_path, session)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screens = pushed(app)
            await pilot.press("f1", "a")
            assert isinstance(app.screen, ConfirmDialog)
            await pilot.pause()
            await pilot.press("y")
            await pilot.pause()
            assert session.actions[-1] == A.Accept(player=0)
            assert isinstance(app.screen, TableScreen)
            assert "PrivatePanel" not in screens, screens

    run(game)


def asked_all(session: GameSession) -> None:
    """Every colour Fredrika needs is asked for: red, blue, yellow, pink, orange."""
    act = session.act
    act(A.Ask(player=0, cards=(RED,), price=Price(amount=2)))
    act(A.Ask(player=1, cards=(BLUE, YELLOW), price=Price(amount=3)))
    act(A.Ask(player=2, cards=(PINK,), price=Price(amount=1)))
    act(A.Ask(player=3, cards=(ORANGE,), price=Price(amount=1)))


def test_the_boss_accepts_every_price_asked_and_closes_in_one_step(tmp_path: Path) -> None:
    """One key and y: four acceptances and the close, the terms said in the question; the
    hand never shown."""
    session = dealing(tmp_path)
    asked_all(session)
    before = len(session.actions)

    async def game() -> None:
        app = table(tmp_path, session)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screens = pushed(app)
            await pilot.press("f6")
            text = screen_text(app)
            assert "the Boss: accept the prices asked" in text, text
            await pilot.press("c")
            dialog = app.screen
            assert isinstance(dialog, CloseDialog) and not dialog.choice
            terms = str(dialog.query_one("#terms", Static).content)
            assert "The Boss pays Bertrand $3M." in terms, terms
            await pilot.pause()
            await pilot.press("y")
            await pilot.pause()
            played = session.actions[before:]
            assert [a.kind for a in played] == ["accept"] * 4 + ["close"], played
            assert session.state.window is not None  # "One, two…": the last call
            assert "PrivatePanel" not in screens, screens

    run(game)


def test_nothing_is_played_when_the_boss_says_no(tmp_path: Path) -> None:
    session = dealing(tmp_path)
    asked_all(session)
    before = len(session.actions)

    async def game() -> None:
        app = table(tmp_path, session)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("f6", "enter")  # the panel has the same line
            assert isinstance(app.screen, PrivatePanel)
            await pilot.press("c")
            assert isinstance(app.screen, CloseDialog)
            await pilot.press("escape")
            await pilot.pause()
            assert len(session.actions) == before
            assert isinstance(app.screen, PrivatePanel)

    run(game)


def _hands(swap: bool) -> dict[str, tuple[Card, ...]]:
    one = (Card.FAMILY_ORANGE, Card.STOP)
    other = (Card.TRAVEL_RED, Card.BOSS)
    return {SIX[0]: other if swap else one, SIX[3]: one if swap else other}


def test_the_covers_moves_are_the_same_whatever_the_hands_hold(tmp_path: Path) -> None:
    """Two tables that differ only in what two hands hold (as many cards each) give every
    seat the same public moves: the cover tells nothing of a hand."""

    def session(swap: bool) -> GameSession:
        position = Position(
            players=SIX,
            investors={SIX[0]: (Colour.RED,), SIX[1]: (Colour.BLUE, Colour.YELLOW)},
            deals_done=3,
            marker=5,
            turn=SIX[5],
            hands={**_hands(swap), SIX[5]: (Card.FAMILY_YELLOW,)},
            seed=3,
        )
        game = GameSession.new(position, tmp_path / str(swap))
        game.act(A.StartDeal(player=5))
        game.act(A.Ask(player=0, cards=(RED,), price=Price(amount=2)))
        return game

    one, other = session(False).state, session(True).state
    assert one.players[0].hand != other.players[0].hand
    for seat in range(6):
        assert public_view(one, seat) == public_view(other, seat)
        assert public_view(one, seat).hand is None
        assert public_actions(one, seat) == public_actions(other, seat)
        assert accepts_then_close(one, seat) == accepts_then_close(other, seat)
    assert public_actions(one, 0)  # Annabell may still change her price: moves to compare


def test_an_acceptance_in_the_log_names_its_card_and_price(tmp_path: Path) -> None:
    session = dealing(tmp_path)
    session.act(A.LayFamily(player=2, colour=Colour.RED))
    red = (FamilyRef(owner=2, colour=Colour.RED),)
    session.act(A.Ask(player=2, cards=red, price=Price(amount=4)))
    session.act(A.Offer(player=5, supplier=0, cards=(RED,), price=Price(amount=2)))
    state = session.state
    boss = A.Accept(player=5, supplier=2)
    offer = A.Accept(player=0)
    try:
        assert said_move(boss, state) == (
            "Fredrika accepts Cressida's price of $4M for Cressida's red family card."
        )
        assert said_move(offer, state) == (
            "Annabell accepts the Boss's offer of $2M for the red investor."
        )
        assert said_move(offer, state, amounts=False) == (
            "Annabell accepts the Boss's offer for the red investor."
        )
        i18n.use("es")
        assert "inversor rojo" in (said_move(offer, state) or "")
    finally:
        i18n.use("en")
    assert state.phase is Phase.DEAL


def with_a_choice(tmp_path: Path) -> GameSession:
    """Every colour asked for, pink, orange and green too, of which the space takes two:
    orange the dearest."""
    session = dealing(tmp_path)
    act = session.act
    act(A.Ask(player=0, cards=(RED,), price=Price(amount=1)))
    act(A.Ask(player=1, cards=(BLUE, YELLOW), price=Price(amount=2)))
    act(A.Ask(player=2, cards=(PINK,), price=Price(amount=1)))
    act(A.Ask(player=3, cards=(ORANGE,), price=Price(amount=3)))
    act(A.Ask(player=4, cards=(InvestorRef(colour=Colour.GREEN),), price=Price(amount=1)))
    return session


R, B, Y, P, O, G = (
    c for c in (Colour.RED, Colour.BLUE, Colour.YELLOW, Colour.PINK, Colour.ORANGE, Colour.GREEN)
)


@pytest.mark.parametrize(
    ("keys", "colours", "paid"),
    [
        # The dialog opens (a real choice) on the two cheapest of pink, orange and green.
        ((), {R, B, Y, P, G}, {0, 1, 2, 4}),
        # No walk through the dropdowns: p leaves pink out, o takes orange in.
        (("p", "o"), {R, B, Y, O, G}, {0, 1, 3, 4}),
    ],
)
def test_with_a_choice_the_close_accepts_only_the_prices_of_the_cards_it_uses(
    tmp_path: Path, keys: tuple[str, ...], colours: set[Colour], paid: set[int]
) -> None:
    """The space takes two of pink, orange and green, all asked for: the dialog proposes the
    cheapest terms, a colour's letter moves that colour on to its next card, Enter on the
    button closes; the price of a card left out is not accepted."""
    session = with_a_choice(tmp_path)
    before = len(session.actions)

    async def game() -> None:
        app = table(tmp_path, session)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("f6", "c")
            dialog = app.screen
            assert isinstance(dialog, CloseDialog) and dialog.choice
            await pilot.pause()
            await pilot.press(*keys)
            assert set(dialog.chosen) == colours
            await pilot.press("enter")
            await pilot.pause()
            played = session.actions[before:]
            accepted = {a.supplier for a in played if isinstance(a, A.Accept)}
            assert accepted == paid, played
            assert isinstance(played[-1], A.Close)
            left = ({0, 1, 2, 3, 4} - paid).pop()
            assert any(p.supplier == left for p in session.state.deal.proposals)  # type: ignore[union-attr]

    run(game)


def test_a_family_card_laid_is_said_without_an_article_to_agree(tmp_path: Path) -> None:
    """ "Cy lays a orange family card." was English with the wrong article."""
    state = dealing(tmp_path).state
    lay = A.LayFamily(player=5, colour=Colour.ORANGE)
    assert said_move(lay, state) == "Fredrika lays their orange family card."


@pytest.mark.parametrize(("keys", "accepting"), [(("enter",), False), (("c", "enter"), True)])
def test_among_two_lines_of_one_key_the_cover_takes_the_key_again_and_enter(
    tmp_path: Path, keys: tuple[str, ...], accepting: bool
) -> None:
    """The deal can close now, and Evangely asks for green too: c has two lines on the cover
    (close now; accept the price and close), which no colour's letter tells apart. Enter takes
    the marked one (it does not show the hand), c again marks the next."""
    session = dealing(tmp_path)
    act = session.act
    for supplier, cards in ((0, (RED,)), (1, (BLUE, YELLOW)), (2, (PINK,)), (3, (ORANGE,))):
        act(A.Offer(player=5, supplier=supplier, cards=cards, price=Price(amount=1)))
        act(A.Accept(player=supplier))
    act(A.Ask(player=4, cards=(InvestorRef(colour=Colour.GREEN),), price=Price(amount=1)))

    async def game() -> None:
        app = table(tmp_path, session)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screens = pushed(app)
            await pilot.press("f6", "c")
            assert isinstance(app.screen, PrivacyScreen)
            assert "Which one?" in screen_text(app)
            await pilot.press(*keys)
            dialog = app.screen
            assert isinstance(dialog, CloseDialog), dialog
            assert dialog.accepting is accepting
            assert "PrivatePanel" not in screens, screens

    run(game)


def test_on_the_cover_p_then_p_is_the_price_for_pink(tmp_path: Path) -> None:
    """The key of a price is also pink's letter: after p, p picks the pink line (it marked
    the next line instead, and the price was never asked)."""
    position = Position(
        players=SIX,
        investors={SIX[2]: (Colour.PINK, Colour.ORANGE)},
        deals_done=3,
        marker=5,
        turn=SIX[5],
        hands={SIX[5]: (Card.FAMILY_YELLOW,)},
        seed=3,
    )
    session = GameSession.new(position, tmp_path)
    session.act(A.StartDeal(player=5))

    async def game() -> None:
        app = table(tmp_path, session)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("f3", "p", "p")
            assert isinstance(app.screen, PriceDialog), app.screen
            await pilot.press("2", "enter")
            await pilot.pause()
            assert session.actions[-1] == A.Ask(player=2, cards=(PINK,), price=Price(amount=2))

    run(game)


def test_at_80x24_the_close_dialog_with_a_choice_shows_its_first_line_and_button(
    tmp_path: Path,
) -> None:
    """Six colours to choose, the acceptances first, four payments: the question's first line
    stays on screen with the button under the focus (the focus had scrolled it away); at
    40×12 the too-small cover still covers it."""
    session = with_a_choice(tmp_path)

    async def game() -> None:
        app = table(tmp_path, session)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("f6", "c")
            dialog = app.screen
            assert isinstance(dialog, CloseDialog) and dialog.choice and dialog.accepting
            await pilot.pause()
            text = screen_text(app)
            assert "First the Boss accepts the price asked" in text, text
            assert "One, two… close it (Enter)" in text, text
            assert dialog.query_one("#ok").has_focus
            await pilot.resize_terminal(40, 12)
            await pilot.pause(0.3)
            text = screen_text(app)
            assert TOO_SMALL in " ".join(text.split()) and "Annabell" not in text, text

    run(game)
