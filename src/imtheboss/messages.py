"""The sentences a player reads, as values: a message key with its parameters (``Msg``),
a list of words (``Words``), and ``N_``, which marks a key for the catalogs.

A leaf: it imports nothing of the game, so the engine, the file readers and the UI all take
their messages from here (``N_`` was written three times). Rendering into a language is a
``Translator``'s job (``imtheboss.i18n`` passes gettext's); here a ``Msg`` renders in English.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol, TypeAlias


def N_(message: str) -> str:
    """Mark ``message`` as a message key for the catalogs; it stays as it is here (the
    text is translated where it is shown)."""
    return message


def N_plural(singular: str, plural: str) -> tuple[str, str]:
    """Mark a plural pair for the catalogs; translate later with ``ngettext(*pair, n)``."""
    return (singular, plural)


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
