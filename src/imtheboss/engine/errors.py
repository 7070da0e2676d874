"""The engine's errors. Each one is written for a player, not for a programmer.

A player may read them in any of the table's languages, but the engine knows nothing of
languages (no gettext, no environment): an error carries a ``Msg`` — the English sentence
as a message key with ``{placeholders}``, plus the values — and ``str()`` of the error is
that sentence in English. A UI renders the same ``Msg`` through its catalog
(``imtheboss.i18n.explain``). Keys are marked with the local ``N_`` so that the catalogs'
extractor finds them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol, TypeAlias


def N_(message: str) -> str:
    """Mark ``message`` as a message key for the catalogs; it stays as it is here."""
    return message


class Translator(Protocol):
    """What renders a ``Msg`` in a language: a ``gettext.NullTranslations`` is one."""

    def gettext(self, message: str, /) -> str: ...

    def ngettext(self, singular: str, plural: str, n: int, /) -> str: ...


class _English:
    def gettext(self, message: str, /) -> str:
        return message

    def ngettext(self, singular: str, plural: str, n: int, /) -> str:
        return singular if n == 1 else plural


ENGLISH: Translator = _English()

Param: TypeAlias = "str | int | Msg | Words"


@dataclass(frozen=True, slots=True)
class Msg:
    """A sentence (or a word) to show a player: ``key`` is its English text with ``{name}``
    placeholders, ``params`` the values. A value that is itself a word of the game (a colour,
    a card, a phrase) is a ``Msg`` too and is translated with the sentence; plain strings
    (player names) and numbers pass through. With ``plural`` the key is the singular and
    ``n`` picks the form, as ``ngettext`` does."""

    key: str
    params: tuple[tuple[str, Param], ...] = ()
    plural: str | None = None
    n: int = 0

    def render(self, translator: Translator = ENGLISH) -> str:
        if self.plural is None:
            template = translator.gettext(self.key)
        else:
            template = translator.ngettext(self.key, self.plural, self.n)
        if not self.params and self.plural is None:
            return template
        values = {name: _render(value, translator) for name, value in self.params}
        return template.format(**values)

    def __str__(self) -> str:
        return self.render()


@dataclass(frozen=True, slots=True)
class Words:
    """A list of words joined as a sentence would: ``sep`` is a message key (", ", " and ")."""

    items: tuple[str | Msg, ...]
    sep: str
    #: The separator before the last item, when it differs (", " … " and ").
    last: str | None = None

    def render(self, translator: Translator = ENGLISH) -> str:
        texts = [_render(i, translator) for i in self.items]
        if self.last is None or len(texts) < 2:
            return translator.gettext(self.sep).join(texts)
        head = translator.gettext(self.sep).join(texts[:-1])
        return head + translator.gettext(self.last) + texts[-1]

    def __str__(self) -> str:
        return self.render()


def _render(value: Param, translator: Translator) -> str:
    if isinstance(value, Msg | Words):
        return value.render(translator)
    return str(value)


def msg(key: str, /, **params: Param) -> Msg:
    """``Msg(key, params)`` written as a call: ``msg(N_("{who} has no {card}"), who=…)``."""
    return Msg(key, tuple(params.items()))


def plural(singular: str, plural_: str, n: int, /, **params: Param) -> Msg:
    """A sentence with a count: ``plural(N_("{n} card"), N_("{n} cards"), n, n=n)``."""
    return Msg(singular, tuple(params.items()), plural=plural_, n=n)


#: Separators for ``Words``; a language may write "、" or "과".
# Translators: between the items of a list ("red, blue"); Chinese may write "、".
COMMA = N_(", ")
# Translators: before the last item of a list ("Ann and Bob"), spaces included.
AND = N_(" and ")
# Translators: between alternatives ("write A or B"), spaces included.
OR = N_(" or ")


def words(items: Any, sep: str = COMMA, last: str | None = None) -> Words:
    return Words(tuple(items), sep, last)


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
