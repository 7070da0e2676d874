"""The engine's errors. Each one is written for a player, not for a programmer."""

from __future__ import annotations


class IllegalAction(Exception):
    """An action the rules forbid. ``rule`` is the ID in RULES.md; the state is left untouched.

    The message reads as a ruling at the table: "A stop cannot cancel a stop (ST2)".
    """

    def __init__(self, rule: str, reason: str) -> None:
        self.rule = rule
        self.reason = reason
        super().__init__(f"{reason} ({rule})")


class BoardFileError(ValueError):
    """A board file that cannot be used; the message names the line and the field."""


class PositionError(ValueError):
    """A mid-game position that contradicts itself (two owners of one investor, …)."""
