"""Everything a player needs at 80×24 with six players of eight-letter names: the keys, the
Boss and turn markers, the end-roll numbers, the deal's family cards and agreements, the
whole sentence of a dialog. And a tiny terminal does not crash the table."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from textual.containers import VerticalScroll
from tuikit import Driver, run, screen_text, settings

from imtheboss.engine import actions as A
from imtheboss.engine.cards import Card, Colour
from imtheboss.engine.game import possible_closes
from imtheboss.engine.position import Position
from imtheboss.engine.state import FamilyRef, InvestorRef, Price
from imtheboss.session import GameSession
from imtheboss.tui.app import BossApp
from imtheboss.tui.screens.dialogs import PriceDialog
from imtheboss.tui.screens.legend import LegendScreen
from imtheboss.tui.widgets.deal import DealView

SIX = ("Annabell", "Bertrand", "Cressida", "Dimitrij", "Evangely", "Fredrika")


def six_at_space_5(save_dir: Path, deals_done: int = 12) -> GameSession:
    """Six players, the 13th deal on space 5 (R B Y + 2 of P O G): the next tile ends the
    game on a roll of 1–4."""
    position = Position(
        players=SIX,
        investors={
            "Annabell": (Colour.RED,),
            "Bertrand": (Colour.BLUE, Colour.YELLOW),
            "Cressida": (Colour.PINK,),
            "Dimitrij": (Colour.ORANGE,),
            "Evangely": (Colour.GREEN,),
        },
        deals_done=deals_done,
        marker=5,
        turn="Fredrika",
        hands={
            "Annabell": (Card.FAMILY_ORANGE, Card.STOP),
            "Bertrand": (Card.FAMILY_GREEN, Card.HIRE),
            "Cressida": (Card.FAMILY_PINK, Card.FAMILY_RED),
            "Dimitrij": (Card.TRAVEL_RED,),
            "Evangely": (Card.BOSS,),
            "Fredrika": (Card.FAMILY_YELLOW, Card.FAMILY_BLUE, Card.FAMILY_ORANGE),
        },
        seed=3,
    )
    return GameSession.new(position, save_dir)


def busy_deal(save_dir: Path) -> GameSession:
    """Fredrika's deal: family cards laid by three players, an open offer, two agreements."""
    session = six_at_space_5(save_dir)
    act = session.act
    act(A.StartDeal(player=5))
    act(A.LayFamily(player=5, colour=Colour.YELLOW))
    act(A.LayFamily(player=5, colour=Colour.BLUE))
    act(A.LayFamily(player=2, colour=Colour.RED))
    act(A.LayFamily(player=0, colour=Colour.ORANGE))
    red = (FamilyRef(owner=2, colour=Colour.RED),)
    act(A.Offer(player=5, supplier=2, cards=red, price=Price(amount=2)))
    act(A.Accept(player=2))
    pink = (InvestorRef(colour=Colour.PINK),)
    act(A.Offer(player=5, supplier=2, cards=pink, price=Price(amount=1, dividends=True)))
    act(A.Accept(player=2))
    orange = (FamilyRef(owner=0, colour=Colour.ORANGE),)
    act(A.Offer(player=5, supplier=0, cards=orange, price=Price(amount=3)))
    return session


def last_call(save_dir: Path) -> GameSession:
    session = busy_deal(save_dir)
    session.act(A.Accept(player=0))
    session.act(A.Close(player=5, supplies=next(possible_closes(session.state))))
    return session


def table(tmp_path: Path, session: GameSession) -> BossApp:
    # Asking around: no countdown on screen (the picture does not depend on the clock).
    return BossApp(settings(tmp_path, names=SIX, ask_around=True), session=session)


def deal_words(text: str) -> str:
    """The words in the deal box, its wrapped lines joined."""
    lines = text.splitlines()
    top = next(i for i, line in enumerate(lines) if "╭─ Deal" in line)
    left = lines[top].index("╭─ Deal")
    right = lines[top].index("╮", left)
    inside = []
    for line in lines[top + 1 :]:
        if line[left : left + 1] == "╰":
            break
        inside.append(line[left + 1 : right - 1])
    return " ".join(" ".join(inside).split())


def player_rows(text: str) -> list[str]:
    return [line for line in text.splitlines() if any(f"  {name}" in line for name in SIX)]


def test_six_players_at_80x24_between_deals(tmp_path: Path) -> None:
    async def game() -> None:
        app = table(tmp_path, six_at_space_5(tmp_path))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            text = screen_text(app)
            rows = player_rows(text)
            assert len(rows) == 6, text
            for seat, (name, row) in enumerate(zip(SIX, rows, strict=True)):
                assert f" {seat + 1}  {name}" in row, row
            assert "turn" in rows[5] and "cards money" in text, text
            assert "Board · 12 deals done" in text
            assert "next $5M/div. · then 1–4 ends it" in text, text
            assert "keys 1–6 · Alt+1–6 · F1–F6" in text
            assert "l Legend" in text and "^q Quit" in text

    run(game)


def test_the_end_roll_numbers_fit_at_100_columns(tmp_path: Path) -> None:
    async def game() -> None:
        app = table(tmp_path, six_at_space_5(tmp_path, deals_done=13))
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            assert "next $5M/div. · then 1–5 ends it" in screen_text(app)

    run(game)


def test_a_busy_deal_at_80x24(tmp_path: Path) -> None:
    async def game() -> None:
        app = table(tmp_path, busy_deal(tmp_path))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            text = screen_text(app)
            rows = player_rows(text)
            assert "BOSS" in rows[5], rows
            assert "Deal · space 5 · Boss Fredrika" in text
            words = deal_words(text)
            assert "Pays $30M: $7M promised, Boss keeps $23M" in words, text
            assert "Family cards on the table: Fredrika Y B · Cressida R · Annabell O" in words
            assert "Offer → Annabell: $3M for orange family" in words, text
            assert "Agreed: Cressida's red family, $2M" in words, text
            assert "Agreed: Cressida's pink investor, 1 dividend" in words, text
            assert not app.screen.query_one(DealView).show_vertical_scrollbar

    run(game)


def test_the_last_call_keeps_the_deal_in_sight(tmp_path: Path) -> None:
    """The banner comes first, and the family cards and the agreements are still there."""

    async def game() -> None:
        app = table(tmp_path, last_call(tmp_path))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            text = screen_text(app)
            assert '"One, two…"  Fredrika closes.' in text, text
            assert "asking Annabell (key 1)" in text, text
            words = deal_words(text)
            assert "Family cards on the table:" in words, text
            assert "Agreed: Annabell's orange family, $3M" in words, text
            assert "Agreed: Cressida's red family, $2M" in words, text
            assert "Agreed: Cressida's pink investor, 1 dividend" in words, text
            assert not app.screen.query_one(DealView).show_vertical_scrollbar

    async def counted() -> None:
        # With the table's count: the seconds on the banner, what may answer on the edge.
        app = BossApp(settings(tmp_path / "count", names=SIX), session=last_call(tmp_path))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            text = screen_text(app)
            assert re.search(r'"One, two…"  Fredrika closes\. \d+s left\.', text), text
            assert "an influence card calls it off (your key)" in text, text
            assert "Agreed: Annabell's orange family, $3M" in deal_words(text), text

    run(game)
    run(counted)


@pytest.mark.parametrize("width", [80, 120])
def test_the_price_sentence_wraps_at_any_width(tmp_path: Path, width: int) -> None:
    """At any width the table is drawn at (below 80 columns a message covers it)."""

    async def game() -> None:
        app = table(tmp_path, busy_deal(tmp_path))
        async with app.run_test(size=(width, 24)) as pilot:
            driver = Driver(pilot)
            await pilot.pause()
            panel = await driver.take_keyboard(5)
            await driver.choose(panel, lambda m: m.ask == "price")
            assert isinstance(app.screen, PriceDialog)
            # The dialog's lines, between its thick side borders.
            inside = [
                line.split("█")[-2]
                for line in screen_text(app).splitlines()
                if line.count("█") >= 2
            ]
            words = " ".join(" ".join(inside).split())
            assert "Nothing beyond the proceeds can be promised (N3)." in words, words

    run(game)


def test_the_legend_is_one_key_away(tmp_path: Path) -> None:
    async def game() -> None:
        app = table(tmp_path, six_at_space_5(tmp_path))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("l")
            assert isinstance(app.screen, LegendScreen)
            text = screen_text(app)
            assert "RBY+2:POG 6d  needs red, blue and yellow, and 2 of pink," in text, text
            assert "$5" in text and "then 1–3 ends it" in text
            # Every line of the legend fits the dialog: none is wrapped (the end scrolls).
            assert "orange and green; pays 6 dividends" in text, text
            app.screen.query_one(VerticalScroll).scroll_end(animate=False)
            await pilot.pause()
            assert "none · thin (under $10M) · stack ($10M–$24M) ·" in screen_text(app)
            await pilot.press("escape")
            assert not isinstance(app.screen, LegendScreen)

    run(game)


def test_a_tiny_terminal_does_not_crash(tmp_path: Path) -> None:
    async def game() -> None:
        app = BossApp(settings(tmp_path, names=SIX), session=busy_deal(tmp_path))
        async with app.run_test(size=(40, 12)) as pilot:
            await pilot.pause()
            for keys in (
                ("l",),
                ("escape", "3", "enter"),
                ("down", "enter"),
                ("escape", "escape", "alt+6", "enter", "down", "down", "enter"),
                ("escape", "escape", "f12"),
                ("escape", "ctrl+q"),
                ("n",),
            ):
                await pilot.press(*keys)
                await pilot.pause()
                assert screen_text(app)
            assert app.is_running

    run(game)


# -- below 80×24: a message covers the table until it fits -----------------------------------

TOO_SMALL = "The window is too small"


def hand_shown(text: str) -> bool:
    """A private panel's words, or a line of a hand (``1 ×  O  family orange``: the log says
    "lay family orange" in public, so the card's name alone is not a hand)."""
    return "Your hand" in text or "Your money" in text or re.search(r"\d+ × ", text) is not None


def test_a_40x12_terminal_shows_the_size_to_reach_and_never_a_hand(tmp_path: Path) -> None:
    """At 40×12 a message says the size to reach and the size now; the keys that would show
    a hand do nothing; back at 80×24 the table is as it was. A terminal that shrinks while a
    player looks at their hand gives the keyboard back first."""

    async def game() -> None:
        session = busy_deal(tmp_path)
        actions = list(session.actions)
        app = table(tmp_path, session)
        async with app.run_test(size=(40, 12)) as pilot:
            await pilot.pause()
            text = screen_text(app)
            squeezed = " ".join(text.split())
            assert f"{TOO_SMALL}: make it at least 80×24. It is 40×12 now." in squeezed, text
            assert "Board" not in text and not hand_shown(text), text
            for keys in (("alt+6",), ("enter",), ("f6", "enter"), ("l",), ("f12",), ("ctrl+p",)):
                await pilot.press(*keys)
                await pilot.pause()
                text = screen_text(app)
                assert TOO_SMALL in " ".join(text.split()) and not hand_shown(text), (keys, text)
            await pilot.resize_terminal(80, 24)
            await pilot.pause(0.3)
            text = screen_text(app)
            assert TOO_SMALL not in text and "Board" in text and "Fredrika" in text, text
            assert list(session.actions) == actions
            await pilot.press("alt+6", "enter")
            await pilot.pause()
            assert hand_shown(screen_text(app)), screen_text(app)
            await pilot.resize_terminal(60, 20)
            await pilot.pause(0.3)
            text = screen_text(app)
            assert "It is 60×20 now." in " ".join(text.split()) and not hand_shown(text), text
            await pilot.resize_terminal(80, 24)
            await pilot.pause(0.3)
            text = screen_text(app)
            assert "Board" in text and not hand_shown(text), text  # the keyboard was given back
            assert list(session.actions) == actions

    run(game)


def test_a_game_resumed_at_40x12_logs_at_the_width_it_is_shown_at(tmp_path: Path) -> None:
    """The log written under the cover (the game so far, as it resumes) is written again
    once the table fits: a log wraps its lines at the width it had when they were written."""

    async def game() -> None:
        app = table(tmp_path, busy_deal(tmp_path))
        async with app.run_test(size=(40, 12)) as pilot:
            await pilot.pause()
            await pilot.resize_terminal(80, 24)
            await pilot.pause(0.3)
            lines = screen_text(app).splitlines()
            assert any("Resumed the saved game." in line for line in lines), "\n".join(lines)

    run(game)


def test_ctrl_q_quits_a_40x12_terminal(tmp_path: Path) -> None:
    """Even when the quit question was open as the terminal shrank: it is asked again over
    the cover, where it can be answered."""

    async def game() -> None:
        app = table(tmp_path, busy_deal(tmp_path))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("ctrl+q")
            await pilot.pause()
            assert "Quit?" in screen_text(app)
            await pilot.resize_terminal(40, 12)
            await pilot.pause(0.3)
            assert TOO_SMALL in " ".join(screen_text(app).split()), screen_text(app)
            await pilot.press("ctrl+q")
            await pilot.pause()
            assert "Quit?" in screen_text(app), screen_text(app)
            await pilot.press("y")
            await pilot.pause()
            assert not app.is_running

    run(game)


def test_the_names_screen_waits_under_the_cover(tmp_path: Path) -> None:
    """Before the game: covered at 40×12, the names screen at 80×24, the names typed kept."""

    async def game() -> None:
        app = BossApp(settings(tmp_path, names=None, players=4))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.screen.query_one("#name-0").value = "Zoë"  # type: ignore[attr-defined]
            await pilot.resize_terminal(40, 12)
            await pilot.pause(0.3)
            text = screen_text(app)
            assert TOO_SMALL in " ".join(text.split()) and "Zoë" not in text, text
            await pilot.resize_terminal(80, 24)
            await pilot.pause(0.3)
            assert "who is playing?" in screen_text(app) and "Zoë" in screen_text(app)

    run(game)


def test_bots_and_counts_wait_while_the_table_is_covered(tmp_path: Path) -> None:
    async def game() -> None:
        app = BossApp(settings(tmp_path, names=("Ann",), bots=3, bot_pause=0.05, stop_window=0.3))
        async with app.run_test(size=(40, 12)) as pilot:
            await pilot.pause(1.0)
            assert app.session is not None and app.session.actions == []
            await pilot.resize_terminal(80, 24)
            await pilot.pause(1.0)
            assert app.session.actions, "the bots play once the table is seen"

    run(game)


def test_the_last_call_waits_while_the_table_is_covered(tmp_path: Path) -> None:
    """Nobody can stop a card they cannot see: a count does not run down under the cover."""

    async def game() -> None:
        session = last_call(tmp_path)
        assert session.state.window is not None
        played = len(session.actions)
        app = BossApp(settings(tmp_path, names=SIX, last_call=2.0), session=session)
        async with app.run_test(size=(40, 12)) as pilot:
            await pilot.pause(2.5)  # longer than the whole count
            assert len(session.actions) == played and session.state.window is not None
            await pilot.resize_terminal(80, 24)
            await pilot.pause(0.2)
            # the count did not run down under the cover: most of it is still to come
            remaining = app._remaining()
            assert remaining is not None and remaining > 1.0, remaining
            assert len(session.actions) == played
            await pilot.pause(2.5)
            assert isinstance(session.actions[played], A.TimeUp)

    run(game)
