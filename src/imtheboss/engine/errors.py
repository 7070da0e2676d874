"""The engine's errors. Each one is written for a player, not for a programmer."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


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
    """A mid-game position that contradicts itself (two owners of one investor, …) or that
    no game reaches from its setup. ``key`` is the header it is about, ``rule`` the rule ID
    it contradicts, when there is one."""

    def __init__(self, message: str, *, key: str | None = None, rule: str | None = None) -> None:
        self.key = key
        self.rule = rule
        super().__init__(message)


def in_words(error: Mapping[str, Any]) -> str:
    """One pydantic error detail in the words of a file a player wrote: what the field takes
    and what it got. Messages of our own validators (``ValueError``) pass through as written;
    no pydantic wording ("Input should be …") reaches a player."""
    kind = str(error.get("type", ""))
    ctx: Mapping[str, Any] = error.get("ctx") or {}
    given = _shown(error.get("input"))
    if kind == "value_error":
        return str(ctx.get("error", "")) or "not a value this can take"
    if kind.startswith("int_"):
        return f"a whole number, not {given}"
    if kind.startswith("bool_"):
        return f"true or false, not {given}"
    if kind.startswith(("string_", "str_")):
        return f"a text in quotes, not {given}"
    bounds = {
        "greater_than_equal": ("at least", "ge"),
        "greater_than": ("more than", "gt"),
        "less_than_equal": ("at most", "le"),
        "less_than": ("less than", "lt"),
    }
    if kind in bounds:
        words, key = bounds[kind]
        return f"{words} {ctx.get(key)}, not {given}"
    if kind in ("enum", "literal_error"):
        choices = str(ctx.get("expected", "")).replace("'", "")
        return f"one of {choices}, not {given}"
    if kind.endswith(("list_type", "tuple_type", "set_type", "iterable_type")):
        return f"a list in brackets [ ], not {given}"
    if kind in ("too_short", "too_long"):
        words = "at least" if kind == "too_short" else "at most"
        return f"{words} {ctx.get('min_length' if kind == 'too_short' else 'max_length')} items"
    if kind == "missing":
        return "missing: it must be given"
    if kind == "extra_forbidden":
        return "no such field"
    return f"{given} cannot be used here"


def _shown(value: object) -> str:
    text = repr(value) if isinstance(value, str) else str(value)
    return text if len(text) <= 40 else text[:37] + "…"
