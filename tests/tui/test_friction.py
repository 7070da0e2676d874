"""What a first table tripped over (issue 13): keys a terminal may not deliver, moves made by
accident, quitting, the log across a resume, a stop that says what it stops."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from textual._xterm_parser import XTermParser
from textual.events import Key
from textual.widgets import Input, OptionList
from tuikit import NAMES, Driver, Policy, log_text, run, screen_text, seated, settings

from imtheboss.engine import actions as A
from imtheboss.engine.cards import Card, Colour
from imtheboss.engine.events import Hired, Paid, Stopped
from imtheboss.engine.game import apply, possible_closes
from imtheboss.engine.legal import legal_actions
from imtheboss.engine.position import Position
from imtheboss.engine.setup import Setup
from imtheboss.engine.state import FamilyRef, InvestorRef, Phase, Price, WindowKind
from imtheboss.session import GameSession
from imtheboss.tui.app import QUIT_NOTE, BossApp
from imtheboss.tui.screens.dialogs import ConfirmDialog, PriceDialog
from imtheboss.tui.screens.privacy import PrivacyScreen
from imtheboss.tui.screens.private import PrivatePanel
from imtheboss.tui.screens.score import ScoreScreen
from imtheboss.tui.screens.table import TableScreen


def offer_to_bob(save_dir: Path) -> GameSession:
    """Space 5 (R B Y + 2 of P O G): Ann is the Boss and has offered Bob $2M for his yellow
    investor; Bob holds an orange family card (and nothing else)."""
    position = Position(
        players=NAMES,
        investors={
            "Ann": (Colour.RED, Colour.BLUE),
            "Bob": (Colour.YELLOW, Colour.PINK),
            "Cy": (Colour.ORANGE,),
            "Di": (Colour.GREEN,),
        },
        deals_done=3,
        marker=5,
        turn="Ann",
        hands={
            "Ann": (Card.FAMILY_GREEN,),
            "Bob": (Card.FAMILY_ORANGE,),
            "Cy": (Card.STOP, Card.TRAVEL_RED, Card.TRAVEL_ORANGE),
            "Di": (Card.HIRE, Card.HIRE, Card.HIRE),
        },
        seed=3,
    )
    session = GameSession.new(position, save_dir)
    session.act(A.StartDeal(player=0))
    yellow = (InvestorRef(colour=Colour.YELLOW),)
    session.act(A.Offer(player=0, supplier=1, cards=yellow, price=Price(amount=2)))
    return session


# -- keys any terminal delivers -----------------------------------------------------------


def test_alt_digits_everywhere_and_digits_at_the_table(tmp_path: Path) -> None:
    async def game() -> None:
        app = BossApp(settings(tmp_path), session=offer_to_bob(tmp_path))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            # At the table the digit is enough.
            await pilot.press("2")
            assert isinstance(app.screen, PrivacyScreen) and app.screen.player_name == "Bob"
            await pilot.press("escape")
            # Alt+digit under the privacy screen and over a private panel.
            await pilot.press("alt+3")
            assert isinstance(app.screen, PrivacyScreen) and app.screen.player_name == "Cy"
            await pilot.press("alt+1", "enter")
            assert isinstance(app.screen, PrivatePanel) and app.screen.seat == 0
            # In the panel, a plain digit is no seat key (it is not the table screen)...
            await pilot.press("4")
            assert isinstance(app.screen, PrivatePanel) and app.screen.seat == 0
            # ...and in a price, digits are the price.
            panel = app.screen
            menu = panel.query_one("#moves", OptionList)
            menu.highlighted = next(i for i, m in enumerate(panel.moves) if m.ask == "price")
            await pilot.press("enter")
            assert isinstance(app.screen, PriceDialog)
            await pilot.press("2", "3")
            assert app.screen.query_one("#amount", Input).value == "23"
            # Alt+4 still takes the keyboard from the dialog.
            await pilot.press("alt+4")
            assert isinstance(app.screen, PrivacyScreen) and app.screen.player_name == "Di"
            assert not any(isinstance(s, PrivatePanel | PriceDialog) for s in app.screen_stack)
            await pilot.press("escape")
            # The players panel names the keys of each seat.
            text = screen_text(app)
            assert "keys 1–6 · Alt+1–6 · F1–F6" in text, text
            for seat, name in enumerate(NAMES):
                assert any(f" {seat + 1}  {name}" in line for line in text.splitlines()), text

    run(game)


def test_alt_digits_as_a_terminal_sends_them(tmp_path: Path) -> None:
    """A terminal sends Alt+3 as ESC 3, which Textual reads as "£" (the Option+3 of a Mac):
    the key the parser makes of each ESC digit takes that seat's keyboard."""
    parser = XTermParser()

    async def game() -> None:
        app = BossApp(settings(tmp_path), session=offer_to_bob(tmp_path))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            for seat in range(4):
                keys = [e.key for e in parser.feed(f"\x1b{seat + 1}") if isinstance(e, Key)]
                assert len(keys) == 1, keys
                await pilot.press(keys[0])
                assert isinstance(app.screen, PrivacyScreen), (keys, app.screen)
                assert app.screen.player_name == NAMES[seat]
                await pilot.press("enter")  # and again from a private panel
                assert isinstance(app.screen, PrivatePanel)
                await pilot.press(keys[0])
                assert isinstance(app.screen, PrivacyScreen)
                await pilot.press("escape")

    run(game)


def test_a_digit_shows_the_same_screen_with_or_without_moves(tmp_path: Path) -> None:
    """Bob (an offer to answer) and Cy (a stop and a travel card, nothing to play now but
    asks) look the same at the hand-over whatever key they used: names of the same length."""

    async def game() -> None:
        app = BossApp(settings(tmp_path, names=("Ann", "Bob", "Cyd", "Dia")))
        async with app.run_test(size=(80, 24)) as pilot:
            driver = Driver(pilot)
            await driver.wait_for(lambda: app.session is not None)
            state = driver.state
            placer = state.right_of(state.turn)
            idle = next(s for s in range(4) if not legal_actions(state, s))
            screens = []
            for key in (str(placer + 1), f"alt+{idle + 1}", str(idle + 1)):
                await pilot.press(key)
                assert isinstance(app.screen, PrivacyScreen)
                name = app.screen.player_name
                screens.append(screen_text(app).replace(name, "@@@"))
                await pilot.press("escape")
                assert isinstance(app.screen, TableScreen)
            assert screens[0] == screens[1] == screens[2]

    run(game)


# -- doing something by accident --------------------------------------------------------


def test_down_enter_3_enter_lays_a_card_and_accepts_nothing(tmp_path: Path) -> None:
    """The issue's sequence: Down to the family card, Enter, then a stray "3" and Enter. The
    highlight must not jump back to "Accept the Boss's offer" at the top of the menu."""

    async def game() -> None:
        session = offer_to_bob(tmp_path)
        async with seated(session, tmp_path) as driver:
            app, pilot = driver.app, driver.pilot
            panel = await driver.take_keyboard(1)
            assert panel.moves[1].kind == "accept", [m.label for m in panel.moves]
            lay = await driver.find(panel, lambda m: m.kind == "lay_family" and m.ask is None)
            await pilot.press(*["down"] * lay, "enter")
            await driver.wait_for(lambda: len(session.actions) == 3)
            assert isinstance(session.actions[-1], A.LayFamily)
            assert app.screen is panel
            menu = panel.query_one("#moves", OptionList)
            assert menu.highlighted == 0 and panel.moves[0].ask == "give_back"
            await pilot.press("3", "enter")
            await pilot.pause()
            assert not any(isinstance(a, A.Accept) for a in session.actions), session.actions
            assert len(session.actions) == 3
            # The stray Enter gave the keyboard back: nothing else.
            assert isinstance(app.screen, TableScreen), app.screen

    run(game)


def test_after_every_move_the_highlight_is_on_give_back(tmp_path: Path) -> None:
    """Bug 1 of issue 19: at 80×24, ``4 Enter`` (a price), ``Down Down Enter`` (a lay), then
    ``Up Enter 4 Enter`` accepted the Boss's $2M instead of naming $4M: the highlight after a
    move went to the same move, to row 2 or nowhere. Now it always goes to the first line,
    which only gives the keyboard back, and Up there stays there."""

    async def game() -> None:
        session = offer_to_bob(tmp_path)
        async with seated(session, tmp_path) as driver:
            app, pilot = driver.app, driver.pilot
            panel = await driver.take_keyboard(1)
            menu = panel.query_one("#moves", OptionList)
            assert menu.highlighted == 0 and panel.moves[0].ask == "give_back"
            await driver.choose(panel, lambda m: m.ask == "price")
            await pilot.press("4", "enter")
            await driver.wait_for(lambda: len(session.actions) == 3)
            assert isinstance(session.actions[-1], A.Ask)
            assert app.screen is panel and menu.highlighted == 0
            await driver.choose(panel, lambda m: m.kind == "lay_family" and m.ask is None)
            await driver.wait_for(lambda: len(session.actions) == 4)
            assert isinstance(session.actions[-1], A.LayFamily)
            assert app.screen is panel and menu.highlighted == 0
            await pilot.press("up")
            assert menu.highlighted == 0
            await pilot.press("enter", "4", "enter")
            await pilot.pause()
            assert not any(isinstance(a, A.Accept) for a in session.actions), session.actions
            assert len(session.actions) == 4

    run(game)


def test_a_key_chooses_its_move_and_typing_ahead_confirms_nothing(tmp_path: Path) -> None:
    """Each move's key is on its line; ``a`` asks before accepting, and a ``y`` typed before
    the question was drawn is not its answer (Enter never is)."""

    async def game() -> None:
        session = offer_to_bob(tmp_path)
        async with seated(session, tmp_path) as driver:
            app, pilot = driver.app, driver.pilot
            await driver.take_keyboard(1)
            text = screen_text(app)
            assert " a  Accept the Boss's offer of $2M" in text, text
            assert " Esc  Give the keyboard back" in text, text
            await pilot.press("a")
            dialog = app.screen
            assert isinstance(dialog, ConfirmDialog)
            await pilot.press("enter")
            assert app.screen is dialog and len(session.actions) == 2
            typed = Key("y", "y")
            typed.time = 0.0  # on its way before the question was drawn
            dialog.post_message(typed)
            await pilot.pause()
            assert app.screen is dialog and len(session.actions) == 2
            await driver.drawn()
            await pilot.press("y")
            await driver.wait_for(lambda: len(session.actions) == 3)
            assert isinstance(session.actions[-1], A.Accept)

    run(game)


def test_accept_fail_and_hire_ask_first(tmp_path: Path) -> None:
    async def game() -> None:
        session = offer_to_bob(tmp_path)
        app = BossApp(settings(tmp_path), session=session)
        async with app.run_test(size=(80, 24)) as pilot:
            driver = Driver(pilot)
            await pilot.pause()
            # Accept: Escape and n say no, and nothing is played.
            for no in ("escape", "n"):
                panel = await driver.take_keyboard(1)
                await driver.choose(panel, lambda m: m.kind == "accept")
                assert isinstance(app.screen, ConfirmDialog)
                text = screen_text(app)
                assert "Accept the Boss's offer of $2M for your yellow" in text, text
                assert "investor?" in text, text
                assert "undo" in text
                await pilot.press(no)
                assert app.screen is panel and len(session.actions) == 2
            await pilot.press("enter")  # the highlight is still on "Accept": asked again
            assert isinstance(app.screen, ConfirmDialog)
            await driver.drawn()
            await pilot.press("y")
            await driver.wait_for(lambda: len(session.actions) == 3)
            assert isinstance(session.actions[-1], A.Accept)
            # Hire: Di's three hire cards on Cy's orange investor.
            panel = await driver.take_keyboard(3)
            await driver.choose(panel, lambda m: m.kind == "hire")
            assert isinstance(app.screen, ConfirmDialog)
            assert "Hire the" in screen_text(app)
            await pilot.press("escape")
            assert len(session.actions) == 3
            # Fail: Ann, the Boss.
            panel = await driver.take_keyboard(0)
            await driver.choose(panel, lambda m: m.kind == "fail")
            assert "Declare the deal failed?" in screen_text(app)
            await pilot.press("enter")  # Enter says nothing: y does
            assert isinstance(app.screen, ConfirmDialog) and len(session.actions) == 3
            await driver.drawn()
            await pilot.press("y")
            await driver.wait_for(lambda: len(session.actions) == 4)
            assert isinstance(session.actions[-1], A.Fail)
            assert isinstance(app.screen, TableScreen)

    run(game)


def test_ctrl_q_asks_and_says_how_to_resume(tmp_path: Path, capsys: Any) -> None:
    async def game() -> None:
        app = BossApp(settings(tmp_path), session=offer_to_bob(tmp_path))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert "^q Quit" in screen_text(app)
            await pilot.press("ctrl+q")
            assert isinstance(app.screen, ConfirmDialog)
            text = screen_text(app)
            assert "The game is saved; resume with `imtheboss play --resume`." in text, text
            await pilot.press("n")
            assert isinstance(app.screen, TableScreen) and app.is_running
            # From a private panel too; y says yes.
            await pilot.press("f2", "enter", "ctrl+q")
            assert isinstance(app.screen, ConfirmDialog)
            await Driver(pilot).drawn()
            await pilot.press("y")
            await pilot.pause()
            assert not app.is_running

    run(game)
    # Said again on the way out, on the terminal once the table is gone.
    assert QUIT_NOTE in capsys.readouterr().err


def test_a_finished_game_quits_without_asking(tmp_path: Path) -> None:
    async def game() -> None:
        setup = Setup(players=NAMES, seed=5)
        session = GameSession.new(setup, tmp_path)
        state = session.state
        session.act(A.PlaceMarker(player=state.right_of(state.turn), space=1))
        app = BossApp(settings(tmp_path), session=session)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.session.save_path = None  # type: ignore[union-attr]  # a game not saved...
            await pilot.press("ctrl+q")
            # ...still asks (it would be lost), but does not claim it is saved.
            assert isinstance(app.screen, ConfirmDialog)
            assert "not saved" in screen_text(app)
            await pilot.press("escape")

    run(game)


# -- the log ---------------------------------------------------------------------------------


def test_the_log_is_the_same_after_a_resume(tmp_path: Path) -> None:
    """The scripted table plays until a stop, a hire, a trip and payments have happened; the
    log of the resumed game shows the same lines, with what the moves caused."""
    seen: dict[str, str] = {}

    async def first() -> None:
        app = BossApp(settings(tmp_path, seed=1556))
        async with app.run_test(size=(100, 30)) as pilot:
            driver = Driver(pilot)
            await driver.wait_for(lambda: app.session is not None)
            session = app.session
            assert session is not None
            policy = Policy()
            caused: set[type] = set()
            for _ in range(400):
                if {Hired, Stopped, Paid} <= caused:
                    break
                action = policy(session.state)
                before = session.state
                assert app.play(action)
                caused |= {type(e) for e in apply(before, session.actions[-1])[1]}
            assert {Hired, Stopped, Paid} <= caused
            seen["log"] = log_text(app)

    run(first)
    session = GameSession.resume(tmp_path)

    async def second() -> None:
        app = BossApp(settings(tmp_path), session=session)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            seen["resumed"] = log_text(app)

    run(second)
    before = seen["log"].split(".", 1)[1].strip()  # without "A new game, seed …"
    after = seen["resumed"].removesuffix("Resumed the saved game.").strip()
    assert " hired the " in after and " stopped " in after and " pays " in after
    assert after.endswith(before[-300:])
    assert after == before


def test_a_close_called_off_leaves_a_line(tmp_path: Path) -> None:
    position = Position(
        players=NAMES,
        investors={"Ann": (Colour.RED, Colour.BLUE)},
        deals_done=3,
        marker=1,
        turn="Ann",
        hands={"Ann": (), "Bob": (Card.TRAVEL_RED,), "Cy": (), "Di": ()},
        seed=3,
    )
    session = GameSession.new(position, tmp_path)
    session.act(A.StartDeal(player=0))
    session.act(A.Close(player=0, supplies=next(possible_closes(session.state))))

    async def game() -> None:
        app = BossApp(settings(tmp_path), session=session)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            red = InvestorRef(colour=Colour.RED)
            assert app.play(A.PlayTravel(player=1, target=red))
            assert session.state.window is not None
            assert session.state.window.kind is WindowKind.TRAVEL
            assert "Bob called the close off: the negotiation goes on" in log_text(app)

    run(game)


def test_play_again_starts_a_fresh_log(tmp_path: Path) -> None:
    async def game() -> None:
        from test_snapshots import finished

        app = BossApp(settings(tmp_path), session=finished(tmp_path))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert "deal closed on space" in log_text(app)
            app._game_over()
            await pilot.pause()
            assert isinstance(app.screen, ScoreScreen)
            await pilot.press("p")
            await pilot.pause()
            log = log_text(app)
            assert log.count("A new game") == 1, log
            assert "deal closed" not in log and "Resumed" not in log, log
            assert app.session is not None and not app.session.actions

    run(game)


# -- a reaction window in the private panel ---------------------------------------------------


def test_the_stop_says_what_it_stops_and_the_count(tmp_path: Path) -> None:
    async def game() -> None:
        session = offer_to_bob(tmp_path)
        session.act(A.PlayHire(player=3, colour=Colour.ORANGE))
        app = BossApp(settings(tmp_path, stop_window=45.0), session=session)
        async with app.run_test(size=(80, 24)) as pilot:
            driver = Driver(pilot)
            await pilot.pause()
            panel = await driver.take_keyboard(2)
            labels = [m.label for m in panel.moves]
            assert "STOP — cancel Di's hire set on your orange investor" in labels, labels
            text = screen_text(app)
            assert re.search(r"Waiting: Di's hire set on your orange investor · \d+s left", text)
            await driver.choose(panel, lambda m: m.kind == "stop")
            await driver.wait_for(lambda: session.state.window is None)
            assert isinstance(session.actions[-1], A.PlayStop)
            # A travel card: Cy sends Ann's red investor travelling; Bob has no stop, but
            # Ann... has none either: Ann's panel says what waits, with no stop to offer.
            await driver.play(A.PlayTravel(player=2, target=InvestorRef(colour=Colour.RED)))
            panel = await driver.take_keyboard(0)
            text = screen_text(app)
            assert "Waiting: Cy's travel card on your red investor" in text, text
            assert not any(m.kind == "stop" for m in panel.moves)

    run(game)


def test_a_family_card_as_the_target_is_named(tmp_path: Path) -> None:
    from imtheboss.tui.labels import pending_play

    session = offer_to_bob(tmp_path)
    session.act(A.LayFamily(player=1, colour=Colour.ORANGE))
    session.act(A.PlayTravel(player=2, target=FamilyRef(owner=1, colour=Colour.ORANGE)))
    state = session.state
    assert pending_play(state, 0) == "Cy's travel card on Bob's orange family card"
    assert pending_play(state, 2) == "your travel card on Bob's orange family card"
    assert state.phase is Phase.DEAL
