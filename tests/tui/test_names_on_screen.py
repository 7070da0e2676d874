"""A name is shown as it is written, never read as markup: ``[red]Ann`` is a name, not a red
``Ann`` (issue 8, item 4). Rich markup and Textual markup escape differently (``a[``,
``x\\``), so each place a name is printed is looked at on the screen itself."""

from __future__ import annotations

import functools
import random
from pathlib import Path

from textual.widgets import Input
from tuikit import Driver, run, screen_text, settings

from imtheboss import i18n
from imtheboss.bots.random_play import random_steps
from imtheboss.engine import actions as A
from imtheboss.engine import new_game
from imtheboss.engine.setup import Setup
from imtheboss.engine.state import Phase
from imtheboss.engine.view import view
from imtheboss.session import GameSession
from imtheboss.tui.app import BossApp
from imtheboss.tui.screens.dialogs import ConfirmDialog
from imtheboss.tui.screens.names import NamesScreen
from imtheboss.tui.screens.privacy import PrivacyScreen
from imtheboss.tui.screens.private import PrivatePanel
from imtheboss.tui.screens.score import ScoreScreen

NAMES = ("[red]Ann", "[b]Bob", "a[", "x\\")
SEED = 7


def test_names_that_look_like_markup_are_shown_as_written(tmp_path: Path) -> None:
    async def table() -> None:
        app = BossApp(settings(tmp_path, names=NAMES, seed=SEED))
        async with app.run_test(size=(140, 44)) as pilot:
            driver = Driver(pilot)
            await driver.wait_for(lambda: app.session is not None)
            state = driver.state
            turn, placer = state.name(state.turn), state.name(state.right_of(state.turn))
            text = screen_text(app)
            for name in NAMES:
                assert name in text, (name, text)  # the players panel
            assert f"{turn} starts. {placer}, on {turn}'s right" in text, text

            # The hand-over card and the private panel's title.
            seat = state.turn
            await pilot.press(f"f{seat + 1}")
            assert isinstance(app.screen, PrivacyScreen)
            text = screen_text(app)
            assert f"Keyboard to {turn}" in text and f"{turn}: press" in text, text
            await pilot.press("enter")
            assert isinstance(app.screen, PrivatePanel)
            assert f"{turn} — only {turn} looks" in screen_text(app)
            await pilot.press("escape")

            # A deal: the Boss in the deal panel, the names in the Boss's menu.
            await driver.play(A.PlaceMarker(player=state.right_of(state.turn), space=3))
            state = await driver.play(A.StartDeal(player=state.turn))
            assert f"Boss {turn}" in screen_text(app)  # the deal panel's title
            await pilot.press(f"f{seat + 1}", "enter")
            assert isinstance(app.screen, PrivatePanel)
            text = screen_text(app)
            panel = app.screen
            labels = [move.label for move in panel.moves]
            assert any(name in label for label in labels for name in NAMES), labels
            for label in labels[:8]:
                assert label in text, (label, text)
            await pilot.press("escape")

            # The undo question quotes a line, names and all.
            app.push_screen(ConfirmDialog(f"Undo “{turn}: deal”? Only if the whole table agrees."))
            await pilot.pause()
            assert f"Undo “{turn}: deal”?" in screen_text(app)
            await pilot.press("n")

            # The score screen: the winner's title and the table of money.
            final = new_game(Setup(players=NAMES, seed=SEED))
            for _, _, after, _ in random_steps(final, random.Random(SEED)):
                final = after
            assert final.phase is Phase.OVER
            app.push_screen(ScoreScreen(view(final, None)))
            await pilot.pause()
            text = screen_text(app)
            winners = " and ".join(final.name(w) for w in final.winners)
            assert f"— {winners} won" in text, text
            for name in NAMES:
                assert name in text, (name, text)

    run(table)


def test_the_names_screen_refuses_what_the_notation_cannot_store(tmp_path: Path) -> None:
    async def names_screen() -> None:
        app = BossApp(settings(tmp_path, names=None, players=3))
        async with app.run_test(size=(100, 30)) as pilot:
            driver = Driver(pilot)
            await driver.wait_for(lambda: isinstance(app.screen, NamesScreen))
            said: list[str] = []
            app.notify = lambda message, **_: said.append(message)  # type: ignore[method-assign]
            for bad, words in [
                ("Turn", "a word of the game notation"),
                ("A/x", "cannot contain '/'"),
                ("ann", "too alike"),
                ("A B", "one word"),
                ("Ann\x1b", "control character"),
                ("\u0410nn", "look the same: U+0410"),  # a Cyrillic А: Ann sits at seat 1
                ("\u3164", "can be seen"),  # the Hangul filler: a blank
            ]:
                said.clear()
                box = app.screen.query_one("#name-1", Input)
                box.value = bad
                box.focus()
                await pilot.press("enter")
                await driver.wait_for(lambda: bool(said))
                assert isinstance(app.screen, NamesScreen) and app.session is None
                assert words in said[0], (bad, said)
            app.screen.query_one("#name-1", Input).value = "정훈"
            await pilot.press("enter")
            await driver.wait_for(lambda: app.session is not None)
            assert app.state.players[1].name == "정훈"
        # The game that started is the game a resume finds.
        assert GameSession.resume(tmp_path).setup.players == ("Ann", "정훈", "Cy")

    run(names_screen)


def test_every_name_field_and_the_start_button_fit_at_80x24(tmp_path: Path) -> None:
    """Issue 23, item 12: with 5 or 6 players the bordered fields ran past the dialog at 80×24,
    hiding the Start button and the sixth field. Every field and both buttons now lie inside
    the dialog, whole, for every count of people."""
    from textual.containers import Vertical
    from textual.widgets import Button

    async def names_screen(language: str, players: int) -> None:
        i18n.use(language)
        app = BossApp(settings(tmp_path / f"{language}{players}", names=None, players=players))
        async with app.run_test(size=(80, 24)) as pilot:
            driver = Driver(pilot)
            await driver.wait_for(lambda: isinstance(app.screen, NamesScreen))
            await pilot.pause()
            inside = app.screen.query_one(".dialog", Vertical).content_region
            shown = [app.screen.query_one(f"#name-{i}", Input) for i in range(players)]
            shown += list(app.screen.query(Button))
            for widget in shown:
                assert widget.region.height > 0, (language, players, widget)
                assert inside.contains_region(widget.region), (language, players, widget)
            assert "Flo" * (players == 6) in screen_text(app)

    tables = [("en", players) for players in range(2, 7)]
    tables += [(language, 6) for language in ("es", "sv", "zh", "ko")]
    for table in tables:
        run(functools.partial(names_screen, *table))


def test_a_trailing_backslash_is_shown_once(tmp_path: Path) -> None:
    """Issue 23, item 13: ``rich.markup.escape`` doubles a trailing backslash, which shows
    wherever no tag follows the name: ``x\\\\ starts``, ``x\\\\: press Enter``, ``only x\\\\
    looks``. Every name here ends with one, so whoever's turn it is, each place shows it."""
    names = ("x\\", "y\\", "z\\")

    async def table() -> None:
        app = BossApp(settings(tmp_path, names=names, seed=SEED))
        async with app.run_test(size=(140, 44)) as pilot:
            driver = Driver(pilot)
            await driver.wait_for(lambda: app.session is not None)
            state = driver.state
            turn = state.name(state.turn)
            seen = [screen_text(app)]
            assert f"{turn} starts." in seen[-1], seen[-1]
            await pilot.press(f"f{state.turn + 1}")
            assert isinstance(app.screen, PrivacyScreen)
            seen.append(screen_text(app))
            assert f"{turn}: press" in seen[-1], seen[-1]
            await pilot.press("enter")
            assert isinstance(app.screen, PrivatePanel)
            seen.append(screen_text(app))
            assert f"only {turn} looks" in seen[-1], seen[-1]
            await pilot.press("escape")
            await driver.play(A.PlaceMarker(player=state.right_of(state.turn), space=3))
            await driver.play(A.StartDeal(player=state.turn))
            seen.append(screen_text(app))
            for text in seen:
                assert "\\\\" not in text, text

    run(table)
