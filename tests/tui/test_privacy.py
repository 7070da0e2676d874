"""Hands are secret (S3), money too (M1): only the owner's private panel, after the owner
confirmed at the privacy screen, ever shows them.

The screens are read as text from the app's own screenshot (toasts included), and each hand
is written exactly as the private panel writes it, from the state.
"""

from __future__ import annotations

from pathlib import Path

from textual.command import CommandPalette
from textual.widgets import Static
from tuikit import NAMES, Driver, Policy, hand_lines, run, screen_text, secrets_of, settings

from imtheboss.engine import actions as A
from imtheboss.engine.legal import legal_actions
from imtheboss.engine.state import GameState, Phase
from imtheboss.tui.app import BossApp
from imtheboss.tui.screens.privacy import PrivacyScreen
from imtheboss.tui.screens.private import PrivatePanel
from imtheboss.tui.screens.table import TableScreen

#: What only a private panel says; never on a shared screen.
PRIVATE_WORDS = ("Your hand", "Your money", "Your investors", " — only ")


def leaks(text: str, state: GameState, viewer: int | None) -> list[str]:
    """The secrets of players other than ``viewer`` that ``text`` shows.

    A line the viewer's own hand has too (same count, same card) is the viewer's to see.
    """
    own = set(secrets_of(state, viewer)) if viewer is not None else set()
    found = []
    for seat in range(state.n):
        if seat == viewer:
            continue
        for line in secrets_of(state, seat):
            if line not in own and line in text:
                found.append(f"{state.name(seat)}: {line}")
    if viewer is None:
        found += [word for word in PRIVATE_WORDS if word in text]
    return found


class Watcher(Driver):
    """The scripted table, with a look at every screen it goes through."""

    looked: dict[str, int]

    async def seen(self, where: str, seat: int | None) -> None:
        self.looked = getattr(self, "looked", {})
        self.looked[where] = self.looked.get(where, 0) + 1
        state, text = self.state, screen_text(self.app)
        if where in ("table", "privacy"):
            assert not leaks(text, state, None), (where, leaks(text, state, None), text)
        if where == "privacy":
            assert seat is not None
            assert f"Keyboard to {state.name(seat)}" in text
        if where == "panel":
            assert seat is not None
            assert not leaks(text, state, seat), (leaks(text, state, seat), text)
            lines = hand_lines(state, seat)
            assert f"Your hand ({len(state.players[seat].hand or ())} cards)" in text or not lines
            assert lines[0] in text if lines else "Your hand is empty." in text
            assert f"Your money: ${state.players[seat].money}M" in text
        if where == "dialog":
            assert seat is not None
            assert not leaks(text, state, seat), (leaks(text, state, seat), text)


def test_only_the_owner_panel_shows_a_hand(tmp_path: Path) -> None:
    """Forty moves of a game — deals, offers, asks, a boss card and its stop, closes — with
    every screen on the way read and searched for hands and money."""

    async def game() -> None:
        app = BossApp(settings(tmp_path, seed=1556))
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            watcher = Watcher(pilot)
            await watcher.wait_for(lambda: app.session is not None)
            await watcher.seen("table", None)
            policy = Policy()
            kinds = set()
            for _ in range(45):
                at = len(app.session.actions)  # type: ignore[union-attr]
                action = policy(watcher.state)
                kinds.add(action.kind)
                await watcher.play(action, at)
            assert {"offer", "accept", "ask", "boss", "stop", "close", "draw"} <= kinds
            assert watcher.looked["privacy"] > 15 and watcher.looked["dialog"] > 10

    run(game)


def test_escape_leaves_nothing_of_the_hand(tmp_path: Path) -> None:
    async def game() -> None:
        app = BossApp(settings(tmp_path, seed=7))
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            driver = Driver(pilot)
            await driver.wait_for(lambda: app.session is not None)
            await driver.play(A.PlaceMarker(player=1, space=3))
            await driver.play(A.StartDeal(player=2))
            state = driver.state
            panel = await driver.take_keyboard(2)
            text = screen_text(app)
            for line in hand_lines(state, 2):
                assert line in text
            # A refused move is told only to the one who tried it (its reason may name a
            # card): here a price above the proceeds.
            await driver.choose(panel, lambda m: m.ask == "price")
            await pilot.press("9", "9", "enter")
            await driver.wait_for(lambda: "Not allowed" in screen_text(app))
            assert app.screen is panel
            await pilot.press("escape")
            assert isinstance(app.screen, TableScreen)
            assert not any(isinstance(s, PrivatePanel) for s in app.screen_stack)
            assert not app.query("#hand")
            text = screen_text(app)
            assert not leaks(text, state, None), text
            assert "Not allowed" not in text and "$99M" not in text, text
            assert "$99M" not in " ".join(str(s.content) for s in app.screen.query(Static))

            # Another player's F-key takes the keyboard away from an open panel: nothing of
            # the first hand goes with it, on the privacy screen or in the second panel.
            await driver.take_keyboard(2)
            await pilot.press("f2")
            assert isinstance(app.screen, PrivacyScreen)
            assert not leaks(screen_text(app), state, None)
            await pilot.press("enter")
            assert isinstance(app.screen, PrivatePanel) and app.screen.seat == 1
            text = screen_text(app)
            assert not leaks(text, state, 1), text
            assert hand_lines(state, 1)[0] in text
            await pilot.press("escape")
            assert not leaks(screen_text(app), state, None)

    run(game)


def test_the_privacy_screen_looks_the_same_with_or_without_moves(tmp_path: Path) -> None:
    """Whether a player has something to play must not show before they confirm: the screen
    is the same, but for the name (names of the same length compare exactly)."""

    async def game() -> None:
        app = BossApp(settings(tmp_path, seed=7))
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            driver = Driver(pilot)
            await driver.wait_for(lambda: app.session is not None)

            async def privacy_text(seat: int) -> str:
                await pilot.press(f"f{seat + 1}")
                assert isinstance(app.screen, PrivacyScreen)
                text = screen_text(app)
                await pilot.press("escape")
                assert isinstance(app.screen, TableScreen)
                return text.replace(NAMES[seat], "@" * len(NAMES[seat]))

            def has_moves(seat: int) -> bool:
                return bool(legal_actions(driver.state, seat))

            # The marker: Bob (on Cy's right) places it; Ann has nothing to do.
            assert driver.state.phase is Phase.PLACE_MARKER
            assert has_moves(1) and not has_moves(0)
            ann, bob = await privacy_text(0), await privacy_text(1)
            assert ann == bob
            assert "@@@" in ann and "Bob" not in bob
            await driver.play(A.PlaceMarker(player=1, space=3))
            # Cy's turn: Cy may deal or roll; Di has nothing to do.
            assert has_moves(2) and not has_moves(3)
            cy, di = await privacy_text(2), await privacy_text(3)
            assert cy == di
            # The same player, with and without moves, sees the very same screen.
            assert not has_moves(1)
            assert await privacy_text(1) == bob
            # And during a deal, when everyone has something (asks, cards): the same again.
            await driver.play(A.StartDeal(player=2))
            assert has_moves(0) and has_moves(3)
            assert await privacy_text(0) == ann
            assert await privacy_text(3) == di

    run(game)


def test_no_screenshot_command(tmp_path: Path) -> None:
    """A screenshot of a private panel would be a hand in a file."""

    async def game() -> None:
        app = BossApp(settings(tmp_path, seed=7))
        async with app.run_test(size=(80, 24)) as pilot:
            driver = Driver(pilot)
            await driver.wait_for(lambda: app.session is not None)
            titles = [c.title for c in app.get_system_commands(app.screen)]
            assert "Quit" in titles and "Screenshot" not in titles
            await driver.take_keyboard(1)
            titles = [c.title for c in app.get_system_commands(app.screen)]
            assert "Screenshot" not in titles
            # The palette itself, opened from the private panel: it finds "Quit", and
            # nothing for "screenshot".
            await pilot.press("ctrl+p")
            await driver.wait_for(lambda: CommandPalette.is_open(app))
            await pilot.press(*"quit")
            await driver.wait_for(lambda: "Quit the application" in screen_text(app))
            await pilot.press(*["backspace"] * 4, *"screensh")
            await pilot.pause(0.3)
            text = screen_text(app)
            assert "screenshot" not in text.lower().replace("screensh", "", 1), text
            assert "Save an SVG" not in text
            await pilot.press("escape")
            assert isinstance(app.screen, PrivatePanel)

    run(game)
