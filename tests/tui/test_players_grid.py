"""The players' rows, drawn line by line (``widgets/grid.lines``), are cell for cell the Rich
grid they were (issue 20): three, four and six seats (long names cut with an ellipsis), a
game under way and at its end, with and without keys, narrow to wide, in every language."""

from __future__ import annotations

import random

import pytest
from rich.console import Console
from rich.segment import Segment

from imtheboss import i18n
from imtheboss.bots.random_play import random_steps
from imtheboss.engine.setup import Setup, new_game
from imtheboss.engine.state import GameState
from imtheboss.engine.view import view
from imtheboss.tui.widgets import players

TABLES = (
    ("Ann", "Bob", "Cy", "Di"),
    ("Annabell-Marie", "Bartholomew", "Cyprianus", "Dimitrios", "Evangeline", "Fitzgerald"),
    ("A", "B", "C"),
)
WIDTHS = (*range(8, 48), 59, 77, 120)


def cells(segments: list[Segment]) -> list[tuple[str, str]]:
    return [(ch, str(seg.style or "")) for seg in segments for ch in seg.text]


def states(names: tuple[str, ...]) -> list[GameState]:
    state = new_game(Setup(players=names, seed=3))
    steps = list(random_steps(state, random.Random(3)))
    return [state, *(after for _, _, after, _ in steps[::60]), steps[-1][2]]


@pytest.mark.parametrize("lang", ["en", "es", "sv", "zh", "ko"])
def test_the_rows_draw_the_cells_the_rich_grid_drew(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn: list[players._Seats] = []
    made = players._Seats.__init__

    def keep(self: players._Seats, *args: object) -> None:
        made(self, *args)  # type: ignore[arg-type]
        drawn.append(self)

    monkeypatch.setattr(players._Seats, "__init__", keep)
    console = Console(width=200, color_system="truecolor", force_terminal=True)
    i18n.use(lang)
    try:
        for names in TABLES:
            for state in states(names):
                for keys in (True, False):
                    money = [p.money for p in state.players] if keys else None
                    players.PlayersView().show(view(state, None), frozenset({1}), keys, money)
                    seats = drawn[-1]
                    for width in WIDTHS:
                        options = console.options.update_width(width)
                        new = cells(list(console.render(seats, options)))
                        old = cells(list(console.render(seats.rich_table(), options)))
                        assert new == old, (lang, names, width)
    finally:
        i18n.use("en")
