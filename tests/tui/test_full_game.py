"""A whole four-player game played through the keys, from the marker to the score screen.

The players are the scripted ``Policy`` of ``tuikit``; the same policy played straight on the
engine says where the game must end, so the UI is checked to have played exactly the moves
the players chose, no more and no fewer.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from tuikit import NAMES, Driver, Policy, log_text, run, screen_text, settings

from imtheboss.engine import actions as A
from imtheboss.engine.begin import start
from imtheboss.engine.board import default_board
from imtheboss.engine.cards import Card, Colour
from imtheboss.engine.game import apply, possible_closes
from imtheboss.engine.invariants import violations
from imtheboss.engine.position import Position
from imtheboss.engine.setup import Setup
from imtheboss.engine.state import GameState, InvestorRef, Phase, Price, WindowKind
from imtheboss.session import GameSession
from imtheboss.tui.app import BossApp
from imtheboss.tui.screens.close import CloseDialog
from imtheboss.tui.screens.private import PrivatePanel
from imtheboss.tui.screens.rules import RulesScreen
from imtheboss.tui.screens.score import ScoreScreen
from imtheboss.tui.screens.table import TableScreen

# On the printed board (the default of a new table since issue 21; 1556 on the reconstruction):
# a seed whose game has a stopped boss card, a boss card that holds, a hire, a discard at the
# hand limit, a failed deal and asks by family-card owners.
SEED = 149


def engine_game(seed: int) -> tuple[GameState, Counter[str]]:
    """The same players, straight on the engine, on the board a new table starts on (the
    printed board): where the game must end."""
    state = start(Setup(players=NAMES, seed=seed, board=default_board()))
    policy = Policy()
    kinds: Counter[str] = Counter()
    while state.phase is not Phase.OVER:
        action = policy(state)
        kinds[action.kind] += 1
        state, _ = apply(state, action)
    return state, kinds


def test_a_whole_game_through_the_keys(tmp_path: Path) -> None:
    expected, expected_kinds = engine_game(SEED)
    for kind in ("boss", "stop", "hire", "discard", "fail", "ask", "offer", "close"):
        assert expected_kinds[kind], f"seed {SEED} no longer plays a {kind}"

    async def game() -> None:
        app = BossApp(settings(tmp_path, seed=SEED))
        policy = Policy()
        steps = 0
        interrupted = False
        last_calls_seen = 0
        boss_windows_seen = 0
        asked = False
        async with app.run_test(size=(80, 24)) as pilot:
            driver = Driver(pilot)
            await driver.wait_for(lambda: app.session is not None)
            # The seed would give every hand away: never on the screen during the game.
            assert "A new game." in log_text(app)
            assert str(SEED) not in log_text(app) and str(SEED) not in screen_text(app)
            while driver.state.phase is not Phase.OVER:
                assert steps < 400, "the game does not end"
                at = len(app.session.actions)  # type: ignore[union-attr]
                state = driver.state
                action = policy(state)
                steps += 1
                deals = state.deals_done

                holder = app.screen.seat if isinstance(app.screen, PrivatePanel) else None
                after = await driver.play(action, at)
                assert not violations(after), violations(after)
                log = log_text(app)
                if isinstance(action, A.Accept) and holder not in (None, action.player):
                    # The other side still held the keyboard after proposing; this player did
                    # not wait for it to be given back: their F-key took it, and they accepted.
                    assert isinstance(app.screen, PrivatePanel)
                    assert app.screen.seat == action.player
                    assert len(app.screen_stack) == 2  # the table, this panel
                    deal = after.deal
                    assert deal is not None
                    agreement = deal.agreements[-1]
                    supplier = action.player if action.supplier is None else action.supplier
                    assert agreement.supplier == supplier
                    offer = action.supplier is None and isinstance(agreement.cards[0], InvestorRef)
                    if offer and not interrupted:
                        await pilot.press("escape")  # the keyboard back to the table
                        colour = agreement.cards[0].colour.value
                        name = state.name(action.player)
                        text = screen_text(app)
                        assert f"Agreed: {name}'s {colour} investor, $1M" in text, text
                        interrupted = True
                elif isinstance(action, A.PlayBoss):
                    assert after.window is not None and after.window.kind is WindowKind.BOSS
                    # The count runs on the clock: look at the screen while it still runs.
                    text = screen_text(app)
                    if driver.state.window is not None:
                        assert 'says "I\'m the Boss!"' in text, text
                        boss_windows_seen += 1
                    assert f"{state.name(action.player)} plays a boss card" in log
                elif isinstance(action, A.PlayStop):
                    assert after.window is None
                    assert f"{state.name(action.player)} stopped" in log
                    assert after.deal is not None and after.deal.boss == state.deal.boss  # type: ignore[union-attr]
                elif isinstance(action, A.TimeUp):
                    assert state.window is not None
                    kind = state.window.kind
                    if kind is WindowKind.BOSS:
                        assert after.deal is not None
                        assert after.deal.boss == state.window.player
                        assert f"{state.name(state.window.player)} is the Boss now" in log
                    elif kind is WindowKind.HIRE:
                        assert f"hired the {state.window.target.colour.value} investor" in log  # type: ignore[union-attr]
                    elif kind is WindowKind.LAST_CALL:
                        assert after.deals_done == deals + 1
                        assert f"deal closed on space {state.deal.space}" in log  # type: ignore[union-attr]
                elif isinstance(action, A.Close):
                    assert after.window is not None
                    assert after.window.kind is WindowKind.LAST_CALL
                    # The last call is short: the screen is checked when it was still open.
                    text = screen_text(app)
                    if driver.state.window is not None:
                        assert '"One, two…"' in text, text
                        assert f"{state.name(action.player)} closes." in text
                        last_calls_seen += 1
                elif isinstance(action, A.Fail):
                    assert after.deal is None
                    assert f"the deal on space {state.deal.space} failed" in log  # type: ignore[union-attr]
                elif isinstance(action, A.Ask):
                    # A player who is neither the Boss nor the one whose turn it is asks.
                    assert action.player not in (state.turn, state.deal.boss)  # type: ignore[union-attr]
                    assert isinstance(app.screen, PrivatePanel)  # asking keeps the keyboard
                    if not asked:
                        await pilot.press("escape")
                        text = screen_text(app)
                        assert f"Ask: {state.name(action.player)} wants 1 dividend" in text
                        asked = True
                elif isinstance(action, A.Discard):
                    assert after.phase is not Phase.HAND_LIMIT
                    assert len(after.players[action.player].hand or ()) == 12

            # The game is over: the score screen ranks the players.
            assert interrupted and asked and last_calls_seen and boss_windows_seen
            assert Counter(a.kind for a in app.session.actions) == expected_kinds
            log = log_text(app)
            for space in expected.covered:
                assert f"deal closed on space {space}" in log
            assert app.session is not None and app.session.state == expected
            await driver.wait_for(lambda: isinstance(app.screen, ScoreScreen))
            text = screen_text(app)
            money = [p.money for p in expected.players]
            ranking = sorted(range(4), key=lambda s: -money[s])
            winner = NAMES[ranking[0]]
            assert f"I'm the Boss! — {winner} won" in text
            rows = [line for line in text.splitlines() if "$" in line and "M" in line]
            order = [next(n for n in NAMES if f" {n}" in row) for row in rows]
            assert order == [NAMES[s] for s in ranking], text
            assert f"{winner} ★" in text
            assert f"{expected.deals_done} deals were closed." in text
            # At the end the seed is revealed, so the game can be dealt again.
            assert f"The seed was {SEED}" in text, text
            for seat in range(4):
                assert f"${money[seat]}M" in text
            # The record of the game is finished and replays to the same end.
            assert app.session.save_path is not None
            assert app.session.save_path.parent.name == "finished"
            assert not list((tmp_path / "games").glob("*.txt"))
            assert GameSession.load(app.session.save_path).state == expected
            assert f"seed: {SEED}\n" in app.session.save_path.read_text(encoding="utf-8")
            assert str(SEED) not in app.session.save_path.name
            await pilot.press("q")
            await driver.wait_for(lambda: not app.is_running)
        assert app.return_code == 0

    run(game)


def last_deal_session(save_dir: Path) -> GameSession:
    """The 15th deal about to start: Ann owns red and blue, the marker is on space 1 (R B)."""
    position = Position(
        players=NAMES,
        investors={"Ann": (Colour.RED, Colour.BLUE)},
        deals_done=14,
        marker=1,
        turn="Ann",
        hands={name: () for name in NAMES},
        seed=3,
    )
    return GameSession.new(position, save_dir)


def test_the_last_pass_of_the_game_shows_the_scores(tmp_path: Path) -> None:
    """Asking around (CL2 variant), the last player to pass does it from their private
    panel; the close ends the game (E2). The scores must show — over the table, with the
    panel gone — and stay."""

    async def game() -> None:
        app = BossApp(settings(tmp_path, ask_around=True), session=last_deal_session(tmp_path))
        async with app.run_test(size=(80, 24)) as pilot:
            driver = Driver(pilot)
            await driver.play(A.StartDeal(player=0))
            await driver.play(A.Close(player=0, supplies=next(possible_closes(driver.state))))
            for seat in (1, 2):
                await driver.play(A.Pass(player=seat))
                assert driver.state.phase is Phase.DEAL
            await driver.play(A.Pass(player=3))
            assert driver.state.phase is Phase.OVER
            await pilot.pause()
            assert isinstance(app.screen, ScoreScreen)
            assert [type(s) for s in app.screen_stack] == [TableScreen, ScoreScreen]
            assert "Ann won" in screen_text(app)

    run(game)


def test_the_rules_over_the_scores_keep_them(tmp_path: Path) -> None:
    """F12 over the score screen, then an F-key: the scores stay (and 'q' still quits)."""

    async def game() -> None:
        app = BossApp(settings(tmp_path, last_call=0.1), session=last_deal_session(tmp_path))
        async with app.run_test(size=(80, 24)) as pilot:
            driver = Driver(pilot)
            await driver.play(A.StartDeal(player=0))
            await driver.play(A.Close(player=0, supplies=next(possible_closes(driver.state))))
            await driver.wait_for(lambda: isinstance(app.screen, ScoreScreen))
            await pilot.press("f12")
            assert isinstance(app.screen, RulesScreen)
            await pilot.press("f2")
            assert isinstance(app.screen, RulesScreen)
            assert any(isinstance(s, ScoreScreen) for s in app.screen_stack)
            await pilot.press("escape")
            assert isinstance(app.screen, ScoreScreen)
            # The rules are laid out once and shown again at once.
            await pilot.press("question_mark")
            assert app.screen is app.get_screen("rules")
            await pilot.press("escape")
            await pilot.press("q")
            await pilot.pause()
            assert not app.is_running
        assert app.return_code == 0

    run(game)


def test_the_close_dialog_fits_the_table(tmp_path: Path) -> None:
    """At 80×24, the close of the biggest space (P + 4 of R B Y O G), with three players to
    pay, shows every colour it uses, the terms and the button."""
    position = Position(
        players=NAMES,
        investors={
            "Ann": (Colour.PINK, Colour.RED),
            "Bob": (Colour.BLUE, Colour.YELLOW),
            "Cy": (Colour.ORANGE,),
            "Di": (Colour.GREEN,),
        },
        deals_done=3,
        marker=16,
        turn="Ann",
        hands={name: () for name in NAMES},
        seed=3,
    )
    session = GameSession.new(position, tmp_path)
    session.act(A.StartDeal(player=0))
    for supplier, colour in ((1, Colour.BLUE), (1, Colour.YELLOW), (2, Colour.ORANGE)):
        cards = (InvestorRef(colour=colour),)
        session.act(A.Offer(player=0, supplier=supplier, cards=cards, price=Price(amount=2)))
        session.act(A.Accept(player=supplier))

    async def game() -> None:
        # A long last call: a busy machine must still find "One, two…" running when it looks.
        app = BossApp(settings(tmp_path, last_call=30.0), session=session)
        async with app.run_test(size=(80, 24)) as pilot:
            driver = Driver(pilot)
            await pilot.pause()
            panel = await driver.take_keyboard(0)
            await driver.choose(panel, lambda m: m.ask == "close")
            dialog = app.screen
            assert isinstance(dialog, CloseDialog)
            text = screen_text(app)
            # One close only: a question naming the card of each colour it uses (the five
            # investors; Di's green is not agreed), and y.
            assert not dialog.choice and dialog.proposal is not None
            assert len(dialog.proposal) == 5 and Colour.GREEN not in dialog.proposal
            for colour in ("red", "blue", "yellow", "pink", "orange"):
                assert f"{colour[0].upper()} {colour}" in text, text
            proceeds = driver.state.proceeds
            assert f"The bank pays the Boss ${proceeds}M." in text, text
            assert "The Boss pays Bob $4M." in text and "The Boss pays Cy $2M." in text
            assert f"The Boss keeps ${proceeds - 6}M." in text
            assert "One, two… close it" in text
            await driver.close(A.Close(player=0, supplies=app.screen.proposal or {}))
            assert driver.state.window is not None

    run(game)


def test_the_marker_and_discard_dialogs_fit_the_table(tmp_path: Path) -> None:
    """At 80×24 the last space can be seen when chosen for the marker, and a hand of 15 to
    cut down to 12 leaves the Discard button in sight (the lists scroll)."""
    hand = (
        *(Card.FAMILY_RED, Card.FAMILY_BLUE, Card.FAMILY_PINK, Card.TRAVEL_RED),
        *(Card.TRAVEL_BLUE, Card.TRAVEL_PINK, Card.TRAVEL_GREEN, Card.TRAVEL_GREY),
        *(Card.HIRE, Card.HIRE, Card.BOSS, Card.STOP),
    )
    position = Position(
        players=NAMES,
        investors={"Ann": (Colour.RED,)},
        deals_done=3,
        marker=14,
        turn="Ann",
        hands={name: hand if name == "Ann" else () for name in NAMES},
        seed=3,
    )
    session = GameSession.new(position, tmp_path / "discard")

    async def marker() -> None:
        app = BossApp(settings(tmp_path / "marker"))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("m", *["down"] * 15)
            assert "16  Y+1PG+1RB  4 dividends" in screen_text(app)  # the printed board
            await pilot.press("enter")
            assert app.session is not None and app.session.state.marker == 16

    async def discard() -> None:
        app = BossApp(settings(tmp_path), session=session)
        async with app.run_test(size=(80, 24)) as pilot:
            driver = Driver(pilot)
            await pilot.pause()
            await driver.play(A.Roll(player=0))
            await driver.play(A.Draw(player=0))
            assert driver.state.phase is Phase.HAND_LIMIT
            panel = await driver.take_keyboard(0)
            await driver.choose(panel, lambda m: m.ask == "discard")
            assert re.search(r"Discard +Back", screen_text(app))  # the buttons
            await driver.discard((Card.TRAVEL_RED, Card.TRAVEL_BLUE, Card.TRAVEL_GREY))
            assert driver.state.phase is Phase.TURN
            assert len(driver.state.players[0].hand or ()) == 12

    run(marker)
    run(discard)
