"""The table's log, as a table remembers: the terms of a deal are heard once.

At a real table the prices are said while a deal is negotiated and the money changes hands as
it closes; nobody can read them back later and add up who has how much (M1: the others' money
is a pile, not a number). So an entry shows its amounts only while its deal is on the table —
until the first action played with no deal on the table (the closing payments stay readable
until the table moves on). From then on it says who offered or paid whom, not how much. A
player's own total is in their private panel.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass

from ..engine import actions as A
from ..engine.actions import Action
from ..engine.state import GameState
from ..notation import to_line


@dataclass
class Entry:
    #: Rich markup, as shown while its deal is on the table.
    markup: str
    #: The same without its amounts; None when it has none.
    hidden: str | None = None

    def forget_amounts(self) -> bool:
        """Show the entry without its amounts from now on; True if it changed."""
        if self.hidden is None:
            return False
        self.markup, self.hidden = self.hidden, None
        return True


def line_without_amounts(action: Action, before: GameState) -> str | None:
    """The line of an action that names a price, without the price; None for any other."""
    if isinstance(action, A.Offer | A.Ask):
        return to_line(action, before, amounts=False)
    return None


def no_deal_on_the_table(before: GameState) -> bool:
    """An action played in ``before`` comes after every deal so far has ended."""
    return before.deal is None


class TableLog:
    """The entries of the public log (the newest ``limit``), amounts forgotten as they must."""

    def __init__(self, limit: int = 500) -> None:
        self.entries: deque[Entry] = deque(maxlen=limit)

    def add(self, markup: str, hidden: str | None = None) -> Entry:
        entry = Entry(markup, hidden)
        self.entries.append(entry)
        return entry

    def table_moves_on(self, before: GameState) -> bool:
        """An action is about to be played in ``before``: if no deal is on the table, every
        amount logged so far is forgotten. True when an entry changed (redraw the log)."""
        if not no_deal_on_the_table(before):
            return False
        changed = False
        for entry in self.entries:
            changed = entry.forget_amounts() or changed
        return changed

    def markups(self) -> list[str]:
        return [entry.markup for entry in self.entries]


def amounts_forgotten_at(befores: Sequence[GameState]) -> list[int]:
    """For each action of a game (given the state each was played in), the index of the first
    later action played with no deal on the table — from there on, its amounts are not shown;
    ``len(befores)`` if there is none yet."""
    out = [len(befores)] * len(befores)
    first = len(befores)
    for index in range(len(befores) - 1, -1, -1):
        out[index] = first
        if no_deal_on_the_table(befores[index]):
            first = index
    return out
