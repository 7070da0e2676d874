"""What tables noticed after issue 19 (the pace): a menu that lists what the deal still needs
first, a deal box that says what is true, a title that fits, a log that names the card, the
standing close in the deal box, and the room of a large terminal used."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.cells import cell_len
from rich.console import Group
from rich.text import Text
from test_fit import SIX
from test_standing_close import laid
from textual.screen import Screen
from textual.widgets import OptionList, Static
from tuikit import Driver, run, screen_text, settings

from imtheboss import i18n
from imtheboss.engine import actions as A
from imtheboss.engine.cards import Card, Colour
from imtheboss.engine.events import Stopped
from imtheboss.engine.legal import legal_actions
from imtheboss.engine.position import Position
from imtheboss.engine.state import Price, WindowKind
from imtheboss.engine.view import view
from imtheboss.messages import AND
from imtheboss.session import GameSession
from imtheboss.tui import log
from imtheboss.tui.app import BossApp
from imtheboss.tui.labels import refs_text
from imtheboss.tui.screens.private import moves_for, still_needed
from imtheboss.tui.widgets.deal import DealView, Stands, stands_line
from imtheboss.tui.widgets.log_view import Wrapped
from support import ANN, BOB, CY, DI, dealing, inv, play, position

#: The card's noun in each language, as the catalogs name each card a stop cancels.
CARD_WORDS = {
    "en": {"travel card", "boss card", "hire set"},
    "es": {"carta", "trío"},
    "sv": {"kort"},
    "zh": {"卡"},
    "ko": {"카드"},
}


@pytest.mark.parametrize("language", sorted(CARD_WORDS))
@pytest.mark.parametrize("kind", [WindowKind.TRAVEL, WindowKind.BOSS, WindowKind.HIRE])
def test_the_log_names_the_card_a_stop_cancelled(language: str, kind: WindowKind) -> None:
    """ "Ann stopped Shark1's boss" read as a person stopped: the card is named."""
    state = position()
    with i18n.speaking(language):
        said = log.event_note(state, Stopped(player=DI, cancelled=kind, of_player=BOB))
    assert said is not None
    assert any(word in said for word in CARD_WORDS[language]), said
    if language == "en":
        card = {WindowKind.TRAVEL: "travel card", WindowKind.BOSS: "boss card"}
        assert said == f"Di stopped Bob's {card.get(kind, 'hire set')}", said


def _shark_deals(tmp_path: Path) -> GameSession:
    """Sharkbait1 deals on space 5 (R B Y + 2 of P O G); yellow lies unowned beside the
    board, and Ann holds a hire set (H1, H2: it can take the unowned investor)."""
    session = GameSession.new(
        Position(
            players=FOUR,
            investors={"Ann": (Colour.RED,), "Bob": (Colour.PINK,), "Sharkbait1": (Colour.BLUE,)},
            deals_done=3,
            marker=5,
            turn="Sharkbait1",
            hands={"Ann": (Card.HIRE, Card.HIRE, Card.HIRE), "Bob": (Card.FAMILY_RED,)},
            seed=3,
        ),
        tmp_path,
    )
    session.act(A.StartDeal(player=3))
    return session


FOUR = ("Ann", "Bob", "Cy", "Sharkbait1")


def deal_box(screen: Screen[object]) -> str:
    """The words of a screen's deal box, whatever its width wraps them into."""
    shown = screen.query_one("#deal-text", Static).content
    assert isinstance(shown, Group)
    parts = [p.text if isinstance(p, Wrapped) else p for p in shown.renderables]
    return " ".join(p.plain for p in parts if isinstance(p, Text))


def test_an_unowned_investor_is_said_to_be_hired_or_replaced(tmp_path: Path) -> None:
    """The deal box said "✗ unowned: a family card is needed" while a hire set could take
    the investor: the table reads what is true for any hand, the holder of a hire set reads
    that it can take it, and nobody else."""
    session = _shark_deals(tmp_path)

    async def game() -> None:
        app = BossApp(settings(tmp_path, names=FOUR), session=session)
        async with app.run_test(size=(80, 24)) as pilot:
            driver = Driver(pilot)
            await pilot.pause()
            text = deal_box(app.screen)
            assert "unowned: a family card or a hire set" in text, text
            assert "family card is needed" not in text, text
            panel = await driver.take_keyboard(0)
            text = deal_box(panel)
            assert "unowned: your hire set can take it" in text, text
            await driver.give_back()
            text = deal_box(await driver.take_keyboard(1))
            assert "unowned: a family card or a hire set" in text, text
            assert "your hire set" not in text, text
            assert panel is not app.screen

    run(game)


@pytest.mark.parametrize("language", ["en", "es", "sv", "zh", "ko"])
def test_the_private_deal_title_keeps_the_boss_at_80x24(tmp_path: Path, language: str) -> None:
    """ "Boss Sha…": the panel's deal box cut the Boss's name off its title."""
    session = _shark_deals(tmp_path)

    async def game() -> None:
        app = BossApp(settings(tmp_path, names=FOUR), session=session)
        async with app.run_test(size=(80, 24)) as pilot:
            driver = Driver(pilot)
            await pilot.pause()
            panel = await driver.take_keyboard(0)
            box = panel.query_one("#private-deal", DealView)
            title = str(box.border_title)
            assert "Sharkbait1" in title, title
            assert cell_len(title) <= box.outer_size.width - 6, (title, box.outer_size)
            top = screen_text(app).splitlines()[box.region.y]
            assert "Sharkbait1" in top and "…" not in top, top

    i18n.use(language)
    try:
        run(game)
    finally:
        i18n.use("en")


@pytest.mark.parametrize("language", ["en", "es", "sv", "zh", "ko"])
def test_the_standing_close_names_its_list_as_the_language_does(language: str) -> None:
    """ "Ann closes once Bob and Di accept" for two, one list for three: the word before
    the last name once, never "Bob and Cy and Di"."""
    seen = view(dealing(), None)
    two = Price(amount=2)
    i18n.use(language)
    try:
        said = {n: stands_line(seen, Stands(0, (1, 2, 3)[:n], two)).plain for n in (1, 2, 3)}
        last = i18n._(AND)
    finally:
        i18n.use("en")
    if language == "en":
        assert said == {
            1: "Ann closes once Bob accepts $2M.",
            2: "Ann closes once Bob and Cy accept $2M each.",
            3: "Ann closes once Bob, Cy and Di accept $2M each.",
        }
    for n, line in said.items():
        names = [line.index(name) for name in ("Bob", "Cy", "Di")[:n]]
        assert names == sorted(names), line
        if last.strip(" ,"):  # a word, not a comma (Korean lists with commas alone)
            assert line.count(last) == (n > 1), line


def test_three_cards_of_one_proposal_are_a_list() -> None:
    state = dealing()
    refs = (inv(Colour.YELLOW), inv(Colour.PINK), inv(Colour.ORANGE))
    said = refs_text(state, refs)
    assert said == "Bob's yellow investor, Cy's pink investor and Di's orange investor", said


def test_the_standing_close_stands_in_the_deal_box(tmp_path: Path) -> None:
    """F6 e p 2 Enter: the deal box says who has still to accept and the price, on the
    table and in a supplier's panel, until the last acceptance closes."""
    session = laid(tmp_path)

    async def game() -> None:
        app = BossApp(settings(tmp_path, names=SIX), session=session)
        async with app.run_test(size=(80, 24)) as pilot:
            driver = Driver(pilot)
            await pilot.pause()
            await pilot.press("f6", "e", "p", "2", "enter")
            await pilot.pause()
            both = "Fredrika closes once Annabell and Cressida accept $2M each."
            assert both in deal_box(app.screen), deal_box(app.screen)
            panel = await driver.take_keyboard(0)
            assert both in deal_box(panel), deal_box(panel)
            await pilot.press("a")
            await driver.drawn()
            await pilot.press("y")
            await driver.wait_for(lambda: isinstance(session.actions[-1], A.Accept))
            await pilot.pause()
            one = "Fredrika closes once Cressida accepts $2M."
            assert one in deal_box(panel), deal_box(panel)
            await driver.give_back()
            assert one in deal_box(app.screen), deal_box(app.screen)
            await pilot.press("f3", "a")
            await driver.drawn()
            await pilot.press("y")
            await driver.wait_for(lambda: session.state.window is not None)
            await pilot.pause()
            assert "closes once" not in deal_box(app.screen), deal_box(app.screen)

    run(game)


def test_moves_for_covered_colours_come_after_what_the_deal_needs() -> None:
    """Ann, the Boss on space 5 (R B Y + 2 of P O G), owns red and blue; Bob laid a red
    family card. Offering Bob a price for it, or laying her own red or blue family card,
    supplies nothing the deal lacks: those lines come after every move it still needs."""
    state, _ = play(dealing(), A.LayFamily(player=BOB, colour=Colour.RED))
    seen = view(state, ANN)
    assert still_needed(seen) == {Colour.YELLOW, Colour.PINK, Colour.ORANGE, Colour.GREEN}
    moves = moves_for(seen, legal_actions(state, ANN))
    labels = [m.label for m in moves]
    useless = [
        labels.index("Offer Bob a price for Bob's red family card…"),
        labels.index("Lay your red family card face up"),
        labels.index("Lay your blue family card face up"),
    ]
    useful = [i for i, m in enumerate(moves) if m.kind in ("offer", "lay_family", "hire")]
    useful = [i for i in useful if i not in useless]
    assert useful and max(useful) < min(useless), labels
    # Still in the menu with their keys (not folded away): the order alone changed.
    assert all(moves[i].key in ("o", "l") for i in useless)


def test_a_group_that_is_full_needs_none_of_its_other_colours() -> None:
    """Cy and Di agreed pink and orange: the 2 of P O G are covered, green is needed no more."""
    state = dealing()
    state, _ = play(
        state,
        A.Offer(player=ANN, supplier=CY, cards=(inv(Colour.PINK),), price=Price(amount=1)),
        A.Accept(player=CY),
        A.Offer(player=ANN, supplier=DI, cards=(inv(Colour.ORANGE),), price=Price(amount=1)),
        A.Accept(player=DI),
    )
    assert still_needed(view(state, ANN)) == {Colour.YELLOW}


def test_the_menu_keeps_its_order_while_the_moves_are_the_same(tmp_path: Path) -> None:
    """A colour covered by another's move while a player chooses (on a device, a bot) must
    not move the lines under the highlight: the same moves keep the order they were shown
    in, whatever the deal now needs; new moves bring a new menu."""
    session = GameSession.new(
        Position(
            players=("Ann", "Bob", "Cy", "Di"),
            investors={"Ann": (Colour.RED, Colour.BLUE), "Bob": (Colour.YELLOW,)},
            deals_done=3,
            marker=5,
            turn="Ann",
            hands={"Ann": (Card.FAMILY_YELLOW, Card.FAMILY_PINK), "Bob": (Card.FAMILY_RED,)},
            seed=3,
        ),
        tmp_path,
    )
    session.act(A.StartDeal(player=0))

    async def game() -> None:
        app = BossApp(settings(tmp_path), session=session)
        async with app.run_test(size=(80, 24)) as pilot:
            driver = Driver(pilot)
            await pilot.pause()
            panel = await driver.take_keyboard(0)
            shown = list(panel.moves)
            menu = panel.query_one("#moves", OptionList)
            await pilot.press("down", "down")
            assert menu.highlighted == 2
            # The same legal moves, with yellow covered meanwhile (an agreement made
            # elsewhere): another order would be right for a new decision, not for this one.
            state = session.state
            covered, _ = play(
                state,
                A.Offer(player=0, supplier=1, cards=(inv(Colour.YELLOW),), price=Price(amount=1)),
                A.Accept(player=1),
            )
            seen = view(covered, 0)
            assert moves_for(seen, panel.legal) != shown
            panel.show(seen, panel.legal)
            await pilot.pause()
            assert panel.moves == shown and menu.highlighted == 2

    run(game)


def test_a_large_terminal_gives_the_room_to_the_log_and_the_boards_legend(
    tmp_path: Path,
) -> None:
    """At 160×50 the deal box took two thirds of the width and most of its rows were empty:
    the log is now as wide as the deal, and the board's codes are explained under the deal.
    At 80×24 nothing changes; a resize goes back and forth."""
    session = _shark_deals(tmp_path)

    async def game() -> None:
        app = BossApp(settings(tmp_path, names=FOUR), session=session)
        async with app.run_test(size=(160, 50)) as pilot:
            await pilot.pause()
            legend = app.screen.query_one("#board-legend", Static)
            deal, log_box = app.screen.query_one("#deal"), app.screen.query_one("#log")
            assert legend.display and legend.region.height > 10, legend.region
            text = screen_text(app)
            assert "needs red, blue and yellow, and 2 of pink," in text, text
            assert " R  red " in text and " G  green" in text, text
            assert abs(log_box.region.width - deal.region.width) <= 1, (log_box, deal)
            # The deal keeps the rows a busy deal needs (more than the whole of 80×24's box).
            assert deal.region.height >= 20, deal.region
            await pilot.resize_terminal(80, 24)
            await pilot.pause()
            assert not legend.display or legend.region.height == 0
            assert deal.region.width > log_box.region.width  # 3 to 2, as ever
            assert "needs red, blue and yellow" not in screen_text(app)
            await pilot.resize_terminal(160, 50)
            await pilot.pause()
            assert legend.display and legend.region.height > 10

    run(game)
