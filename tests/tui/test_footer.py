"""The table's one-widget footer looks as Textual's ``Footer`` does, cell for cell, and a click
on a key runs its binding (issue 20: the footer's eight widgets were an eighth of the first
frame).

The comparison draws the same screen twice, once with each footer, and reads the cells (their
characters and styles) from the screen's compositor: keys that fit, keys that overflow and are
cut at the palette key, a disabled key, a key without words, a key under the mouse, the
palette key under the mouse, the wheel scrolling keys that do not fit, and wide (Korean)
words.
"""

from __future__ import annotations

import asyncio
from typing import Any

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer, Static

from imtheboss.tui.widgets.footer import TableFooter

BINDINGS = [
    Binding("m", "app.press('m')", "Place marker"),
    Binding("d", "app.press('d')", "Deal here"),
    Binding("x", "app.press('x')", "Never now"),
    Binding("k", "app.press('k')", ""),
    Binding("l", "app.press('l')", "범례 보기"),
    Binding("1", "app.press('1')", "Hidden", show=False),
    Binding("r,t", "app.press('r')", "Roll"),
]


class KeysScreen(Screen[None]):
    BINDINGS = BINDINGS

    def __init__(self, footer: type[Widget]) -> None:
        super().__init__()
        self.footer = footer

    def compose(self) -> ComposeResult:
        yield Static("the table")
        yield self.footer()


class KeysApp(App[None]):
    BINDINGS = [
        Binding("ctrl+z", "app.press('undo')", "Undo"),
        Binding("f12", "app.press('f12')", "Rules"),
    ]

    def __init__(self, footer: type[Widget]) -> None:
        super().__init__()
        # Textual's footer animates its scrolling: the picture would depend on the moment.
        self.animation_level = "none"
        self.footer = footer
        self.pressed: list[str] = []

    def on_mount(self) -> None:
        self.push_screen(KeysScreen(self.footer))

    def action_press(self, key: str) -> None:
        self.pressed.append(key)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if parameters == ("x",):
            return None  # shown, but disabled (dim)
        return True


def _cells(app: App[None]) -> list[list[tuple[str, str]]]:
    return [
        [(character, str(segment.style or "")) for segment in strip for character in segment.text]
        for strip in app.screen._compositor.render_strips()
    ]


async def _drawn(footer: type[Widget], width: int, moves: list[tuple[str, int]]) -> list[Any]:
    """The screen after each move: ("hover", x), ("scroll", ±1), ("leave", 0)."""
    app = KeysApp(footer)
    pictures = []
    async with app.run_test(size=(width, 4)) as pilot:
        # Textual's footer builds its keys after a refresh: a pause more than ours needs.
        await pilot.pause()
        await pilot.pause()
        pictures.append(_cells(app))
        for move, value in moves:
            if move == "hover":
                await pilot.hover(offset=(value, 3))
            elif move == "leave":
                await pilot.hover(offset=(0, 0))
            else:
                target = app.screen.query_one(footer)
                if value > 0:
                    target.post_message(_scroll_down(target))
                else:
                    target.post_message(_scroll_up(target))
            await pilot.pause()
            await pilot.pause()
            pictures.append(_cells(app))
    return pictures


def _scroll_down(widget: Widget) -> Any:
    from textual.events import MouseScrollDown

    return MouseScrollDown(widget, 3, 0, 0, 0, 0, False, False, False, screen_x=3, screen_y=3)


def _scroll_up(widget: Widget) -> Any:
    from textual.events import MouseScrollUp

    return MouseScrollUp(widget, 3, 0, 0, 0, 0, False, False, False, screen_x=3, screen_y=3)


def test_the_table_footer_draws_every_cell_as_textuals_footer() -> None:
    moves = [
        ("hover", 1),
        ("hover", 20),
        ("hover", 37),
        ("leave", 0),
        ("hover", 200),  # past the right edge: the palette key, whatever the width
    ]
    for width in (120, 80, 50, 30, 10):
        at = [(m, min(v, width - 1)) for m, v in moves]
        assert asyncio.run(_drawn(TableFooter, width, at)) == asyncio.run(
            _drawn(Footer, width, at)
        ), width


def test_the_wheel_scrolls_keys_that_do_not_fit_as_textuals_footer() -> None:
    moves = [("scroll", 1), ("scroll", 1), ("scroll", -1), ("scroll", 1)]
    moves += [("scroll", 1)] * 12  # past the end: it stops at the last key
    moves += [("hover", 5), ("hover", 30)]
    ours = asyncio.run(_drawn(TableFooter, 40, moves))
    textuals = asyncio.run(_drawn(Footer, 40, moves))
    assert ours == textuals
    assert ours[1] != ours[0]  # it did scroll


def test_after_a_scroll_the_key_under_the_mouse_is_lit() -> None:
    async def lit() -> tuple[int | None, int | None]:
        app = KeysApp(TableFooter)
        async with app.run_test(size=(40, 4)) as pilot:
            await pilot.pause()
            await pilot.hover(offset=(5, 3))
            await pilot.pause()
            footer = app.screen.query_one(TableFooter)
            before = footer._hover
            for _ in range(3):  # 12 columns
                footer.post_message(_scroll_down(footer))
                await pilot.pause()
            return before, footer._hover

    before, after = asyncio.run(lit())
    assert (before, after) == (
        0,
        1,
    )  # "m Place marker" (16 cells) under column 5, then "d Deal here"


def test_a_click_on_a_key_runs_its_binding_and_a_disabled_key_only_rings() -> None:
    async def clicks() -> tuple[list[str], int]:
        app = KeysApp(TableFooter)
        rang = 0

        def bell() -> None:
            nonlocal rang
            rang += 1

        async with app.run_test(size=(120, 4)) as pilot:
            await pilot.pause()
            app.bell = bell  # type: ignore[method-assign]
            footer = app.screen.query_one(TableFooter)
            for start, width, _index in footer._places():
                await pilot.click(offset=(start + width - 1, 3))
                await pilot.pause()
        return app.pressed, rang

    pressed, rang = asyncio.run(clicks())
    # m, d, x (disabled: the bell), l, r (bound to r and t: its first key), ^z, f12, and the
    # palette key last (it opens the palette, which presses nothing); k has no words, and
    # Textual shows no key without words.
    assert pressed == ["m", "d", "l", "r", "undo", "f12"]
    assert rang == 1
