"""The engine's errors. Each one is written for a player, not for a programmer.

A player may read them in any of the table's languages, but the engine knows nothing of
languages (no gettext, no environment): an error carries a ``Msg`` — the English sentence
as a message key with ``{placeholders}``, plus the values — and ``str()`` of the error is
that sentence in English. A UI renders the same ``Msg`` through its catalog
(``imtheboss.i18n.explain``). ``Msg`` and ``N_`` live in the leaf ``imtheboss.messages``;
they are named here too, for the engine's modules.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..messages import (
    AND,
    COMMA,
    ENGLISH,
    N_,
    NC_,
    OR,
    Money,
    Msg,
    Param,
    Translator,
    Words,
    all_of,
    msg,
    none_of,
    plural,
    words,
)


class MsgError(ValueError):
    """A validator's refusal (pydantic passes ``ValueError``s through) that carries its
    ``Msg``, so ``in_words_msg`` keeps it translatable."""

    def __init__(self, message: Msg) -> None:
        self.message = message
        super().__init__(str(message))


class IllegalAction(Exception):
    """An action the rules forbid. ``rule`` is the ID in RULES.md; the state is left untouched.

    The message reads as a ruling at the table: "A stop cannot cancel a stop (ST2)".
    ``reason`` is its English text; ``message`` the same as a ``Msg`` a UI translates.
    """

    def __init__(self, rule: str, reason: str | Msg) -> None:
        self.rule = rule
        self.message = reason if isinstance(reason, Msg) else Msg(reason)
        self.reason = str(self.message)
        super().__init__(f"{self.reason} ({rule})")


class BoardFileError(ValueError):
    """A board file that cannot be used; the message names the line and the field.

    ``message`` is the translatable form of ``str(error)``."""

    def __init__(self, message: str | Msg) -> None:
        self.message = message if isinstance(message, Msg) else Msg(message)
        super().__init__(str(self.message))


class PositionError(ValueError):
    """A mid-game position that contradicts itself (two owners of one investor, …) or that
    no game reaches from its setup. ``key`` is the header it is about, ``rule`` the rule ID
    it contradicts, when there is one. ``message`` is the translatable form of ``str()``."""

    def __init__(
        self, message: str | Msg, *, key: str | None = None, rule: str | None = None
    ) -> None:
        self.key = key
        self.rule = rule
        self.message = message if isinstance(message, Msg) else Msg(message)
        super().__init__(str(self.message))


def in_words(error: Mapping[str, Any]) -> str:
    """``in_words_msg`` in English."""
    return str(in_words_msg(error))


def in_words_msg(error: Mapping[str, Any]) -> Msg:
    """One pydantic error detail in the words of a file a player wrote: what the field takes
    and what it got. Messages of our own validators (``ValueError``) pass through as written;
    no pydantic wording ("Input should be …") reaches a player."""
    kind = str(error.get("type", ""))
    ctx: Mapping[str, Any] = error.get("ctx") or {}
    given = _shown(error.get("input"))
    if kind == "value_error":
        inner = ctx.get("error")
        carried = getattr(inner, "message", None)
        if isinstance(carried, Msg):
            return carried
        return Msg(str(inner or "")) if str(inner or "") else Msg(N_("not a value this can take"))
    if kind.startswith("int_"):
        return msg(N_("a whole number, not {given}"), given=given)
    if kind.startswith("bool_"):
        return msg(N_("true or false, not {given}"), given=given)
    if kind.startswith(("string_", "str_")):
        return msg(N_("a text in quotes, not {given}"), given=given)
    bounds = {
        "greater_than_equal": (N_("at least {bound}, not {given}"), "ge"),
        "greater_than": (N_("more than {bound}, not {given}"), "gt"),
        "less_than_equal": (N_("at most {bound}, not {given}"), "le"),
        "less_than": (N_("less than {bound}, not {given}"), "lt"),
    }
    if kind in bounds:
        key, name = bounds[kind]
        return msg(key, bound=str(ctx.get(name)), given=given)
    if kind in ("enum", "literal_error"):
        choices = str(ctx.get("expected", "")).replace("'", "")
        return msg(N_("one of {choices}, not {given}"), choices=choices, given=given)
    if kind.endswith(("list_type", "tuple_type", "set_type", "iterable_type")):
        return msg(N_("a list in brackets [ ], not {given}"), given=given)
    if kind == "too_short":
        return msg(N_("at least {count} items"), count=str(ctx.get("min_length")))
    if kind == "too_long":
        return msg(N_("at most {count} items"), count=str(ctx.get("max_length")))
    if kind == "missing":
        return Msg(N_("missing: it must be given"))
    if kind == "extra_forbidden":
        return Msg(N_("no such field"))
    return msg(N_("{given} cannot be used here"), given=given)


def _shown(value: object) -> str:
    text = repr(value) if isinstance(value, str) else str(value)
    return text if len(text) <= 40 else text[:37] + "…"


__all__ = [
    "AND",
    "COMMA",
    "ENGLISH",
    "NC_",
    "N_",
    "OR",
    "BoardFileError",
    "IllegalAction",
    "Money",
    "Msg",
    "MsgError",
    "Param",
    "PositionError",
    "Translator",
    "Words",
    "all_of",
    "in_words",
    "in_words_msg",
    "msg",
    "none_of",
    "plural",
    "words",
]
