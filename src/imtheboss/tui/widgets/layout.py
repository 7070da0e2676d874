"""The table's layout, shared by the game and the replay: board and players on top, the deal
and the log below (on a large terminal, the board's legend under the deal)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from .board import BoardView
from .deal import DealView
from .log_view import LogView
from .players import PlayersView


def table_layout(log_title: str) -> ComposeResult:
    with Horizontal(id="top"):
        yield BoardView(id="board")
        yield PlayersView(id="players")
    with Horizontal(id="bottom"):
        with Vertical(id="bottom-left"):
            yield DealView(id="deal")
            # Hidden but on a large terminal (the screen's ``-roomy``), which fills it.
            yield Static(id="board-legend")
        # min_width: the log wraps only to its own width when told it may be that narrow.
        log = LogView(id="log", wrap=True, markup=True, max_lines=500, min_width=20)
        log.border_title = log_title
        yield log
