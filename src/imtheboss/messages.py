"""The sentences a player reads, as values: a message key with its parameters (``Msg``),
a list of words (``Words``), and ``N_``, which marks a key for the catalogs.

A leaf: it imports nothing of the game, so the engine, the file readers and the UI all take
their messages from here (``N_`` was written three times). Rendering into a language is a
``Translator``'s job (``imtheboss.i18n`` passes gettext's); here a ``Msg`` renders in English.
"""

from __future__ import annotations

import string
from collections.abc import Sequence
from typing import Any, Protocol, TypeAlias

from .plain import plain

#: Mark a message as a message key for the catalogs; it stays as it is here (the text is
#: translated where it is shown). ``str`` of a string is that very string, in one C call
#: without a frame: the engine's handlers name their refusals' keys on every move
#: (``negotiation._require_deal(state, N_("..."))``), about 1.3 calls an action.
N_ = str


def NC_(context: str, message: str) -> str:
    """Mark ``message`` under ``context`` for the catalogs (``pgettext``'s pair); the caller
    keeps the context to look it up with."""
    return message


def N_plural(singular: str, plural: str) -> tuple[str, str]:
    """Mark a plural pair for the catalogs; translate later with ``ngettext(*pair, n)``."""
    return (singular, plural)


class Translator(Protocol):
    """What renders a ``Msg`` in a language: its catalog (``gettext.NullTranslations``'s
    three lookups) and the pieces of its grammar no catalog can hold, because they depend on
    the value: a name's possessive (Swedish "Lukas tur", "Evas tur"), a sum of money (Chinese
    3000萬) and the word that joins a list's last item (Spanish "Ana e Inés", Korean "2번과
    10번"). ``imtheboss.i18n`` gives each language its own."""

    def gettext(self, message: str, /) -> str: ...

    def ngettext(self, singular: str, plural: str, n: int, /) -> str: ...

    def pgettext(self, context: str, message: str, /) -> str: ...

    def possessive(self, name: str, /) -> str: ...

    def money(self, amount: int, /) -> str: ...

    def neither(self, items: Sequence[str], /) -> str: ...

    def all_of(self, items: Sequence[str], /) -> str: ...


class _English:
    def gettext(self, message: str, /) -> str:
        return message

    def ngettext(self, singular: str, plural: str, n: int, /) -> str:
        return singular if n == 1 else plural

    def pgettext(self, context: str, message: str, /) -> str:
        return message

    def possessive(self, name: str, /) -> str:
        return english_possessive(name)

    def money(self, amount: int, /) -> str:
        return dollars(amount, self)

    def neither(self, items: Sequence[str], /) -> str:
        return joined(items, ", ", " or ")

    def all_of(self, items: Sequence[str], /) -> str:
        return joined(items, ", ", " and ")


def joined(items: Sequence[str], sep: str, last: str) -> str:
    """ "a, b" + ``last`` + "c": a list with its own word before the last item."""
    if len(items) < 2:
        return sep.join(items)
    return sep.join(items[:-1]) + last + items[-1]


def english_possessive(name: str) -> str:
    """ "Ann's", "Lukas's" (the English of the msgids, which write ``{player}'s``)."""
    return f"{name}'s"


def dollars(amount: int, translator: Translator) -> str:
    """A sum as most catalogs write it, "$12M": the catalog's own "${amount}M"."""
    # Translators: a sum in millions of dollars. Chinese sums are written in 萬 by the
    # program itself (3000萬), whatever this says.
    return translator.gettext(N_("${amount}M")).format(amount=amount)


#: The suffix of a placeholder that asks for a name's possessive: a catalog writes
#: ``{player_gen} tur`` where the English says ``{player}'s turn``, and ``fill`` gives it
#: the language's own possessive of ``{player}`` — never ``{player}s``, glued in a catalog.
POSSESSIVE = "_gen"


def fill(template: str, values: dict[str, Any], translator: Translator) -> str:
    """``template.format(**values)``, where ``{x_gen}`` is the possessive of ``{x}``."""
    wanted = {
        field
        for _, field, _, _ in string.Formatter().parse(template)
        if field and field.endswith(POSSESSIVE) and field not in values
    }
    if wanted:
        values = dict(values)
        for field in wanted:
            base = field[: -len(POSSESSIVE)]
            if base in values:
                values[field] = translator.possessive(str(values[base]))
    return template.format(**values)


ENGLISH: Translator = _English()

Param: TypeAlias = "str | int | Msg | Words | Money"


@plain(frozen=True, slots=True)
class Money:
    """A sum in millions of dollars, as the table's language writes sums ("$12M", 1200萬):
    one formatter per language (the translator's ``money``), never a number glued to a
    unit in a sentence."""

    amount: int

    def render(self, translator: Translator = ENGLISH) -> str:
        return translator.money(self.amount)

    def __str__(self) -> str:
        return self.render()


@plain(frozen=True, slots=True)
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
    #: The ``msgctxt`` of the key (a colour that agrees with "investor" or with "card").
    context: str | None = None

    def render(self, translator: Translator = ENGLISH) -> str:
        if self.plural is not None:
            template = translator.ngettext(self.key, self.plural, self.n)
        elif self.context is not None:
            template = translator.pgettext(self.context, self.key)
        else:
            template = translator.gettext(self.key)
        if not self.params and self.plural is None:
            return template
        values = {name: _render(value, translator) for name, value in self.params}
        return fill(template, values, translator)

    def __str__(self) -> str:
        return self.render()


@plain(frozen=True, slots=True)
class Words:
    """A list of words joined as a sentence would: ``sep`` is a message key (", ", " and ")."""

    items: tuple[str | Msg, ...]
    sep: str
    #: The separator before the last item, when it differs (", " … " and ").
    last: str | None = None
    #: A list after a negative ("does not hold {cards}"), which each language joins its own
    #: way (the translator's ``neither``: "X ni Y", "X eller Y"), not with a bare comma.
    negated: bool = False
    #: A list in running text ("needs red and blue"), joined by the translator's ``all_of``.
    conjoined: bool = False

    def render(self, translator: Translator = ENGLISH) -> str:
        texts = [_render(i, translator) for i in self.items]
        if self.negated:
            return translator.neither(texts)
        if self.conjoined:
            return translator.all_of(texts)
        if self.last is None:
            return translator.gettext(self.sep).join(texts)
        return joined(texts, translator.gettext(self.sep), translator.gettext(self.last))

    def __str__(self) -> str:
        return self.render()


def _render(value: Param, translator: Translator) -> str:
    if isinstance(value, Msg | Words | Money):
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
# Translators: before the last item of a list ("Ann and Bob"), spaces included. Korean lists
# are joined by the program (와 or 과, by the sound before it), whatever this says.
AND = N_(" and ")
# Translators: between alternatives ("write A or B"), spaces included.
OR = N_(" or ")


def words(items: Any, sep: str = COMMA, last: str | None = None) -> Words:
    return Words(tuple(items), sep, last)


def all_of(items: Any) -> Words:
    """A list in running text, of two items or more: "red, blue and yellow", "röd, blå och
    gul", "rojo, azul e inversor…", 紅、藍和黃, "2번과 10번" — never "red, blue" as a
    sentence's list, which reads as a label's. A list after a colon, in parentheses or in a
    table's cell is an enumeration and keeps its commas (``words``)."""
    return Words(tuple(items), COMMA, AND, conjoined=True)


def none_of(items: Any) -> Words:
    """The list in a negative sentence ("{player} does not hold {cards}"): Spanish "no tiene
    X ni Y", Swedish "har inget X eller Y", where a comma alone reads as one odd card."""
    return Words(tuple(items), COMMA, negated=True)
