"""Every word a player reads passes through here, so one table can play in its own language.

The catalogs are standard gettext ``.po`` files under ``imtheboss/locale`` (compiled ``.mo``
beside them), read with the stdlib ``gettext``. The language is a process-wide choice because
a table has one screen: ``use("ko")`` switches every later lookup, which is what lets the
palette change the language mid-game without rebuilding anything but the widgets' text.

Call sites use ``_("…")`` and ``ngettext(…)`` at the moment they show a text, never at import
time: a module-level constant is marked with ``N_`` (which only marks it for extraction) and
translated with ``_`` where it is shown.

The engine knows no language: its refusals carry an ``engine.errors.Msg`` (an English message
key with ``{placeholders}`` and values, the game's words nested as ``Msg`` too); ``render`` and
``explain`` put them in the table's language. The command line picks the language once
(``--lang``, else ``language_from_env``); the catalogs are kept by ``python -m
imtheboss.catalogs``.
"""

from __future__ import annotations

import gettext as _gettext
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from .messages import AND, COMMA, dollars, english_possessive, joined

# ``N_`` marks a key for the catalogs; it is the leaf's (one definition for the whole game).
from .messages import N_ as N_
from .messages import NC_ as NC_
from .messages import N_plural as N_plural
from .messages import fill as _fill

if TYPE_CHECKING:  # pragma: no cover - typing only
    from .messages import Money, Msg, Words

DOMAIN = "imtheboss"
LOCALE_DIR = Path(__file__).parent / "locale"
LANGUAGES = ("en", "es", "sv", "zh", "ko")


# --- the grammar a catalog cannot hold ----------------------------------------------------


def swedish_possessive(name: str) -> str:
    """ "Evas tur", but "Lukas tur", "Max tur", "Inez tur": a name ending in s, x or z takes
    no genitive s; one ending in a digit takes it after a colon, "Mäklare1:s pris", as a
    numeral does (Svenska skrivregler), the bots' names being "Mäklare1", "Mäklare2"."""
    if name[-1:].isdigit():
        return name + ":s"
    return name if name[-1:].lower() in ("s", "x", "z") else name + "s"


def chinese_money(amount: int) -> str:
    """A sum as Taiwan writes it, in 萬 (ten thousand): $30M is 3000萬, $12M 1200萬, $100M
    1億, $125M 1億2500萬. The rulebook's "每股=2百萬" is the value of one dividend, a single
    digit of millions, and the board's per-dividend column keeps it; but a sum written the
    same way ("30百萬", "12百萬") is not how a Taiwanese player writes money, and one unit
    for every sum lets a player compare them at a glance. Nothing is 0元, as a price tag
    writes it: "0萬" is no sum a Taiwanese player writes (zero has no unit to count in)."""
    if not amount:
        return "0元"
    sign = "-" if amount < 0 else ""
    wan = abs(amount) * 100
    yi, rest = divmod(wan, 10_000)
    if not yi:
        return f"{sign}{wan}萬"
    return f"{sign}{yi}億" + (f"{rest}萬" if rest else "")


def spanish_and(following: str) -> str:
    """ " y ", but " e " before the sound i: "Ana e Inés", "Eva e Hilda" — yet "cobre y
    hierro", whose hie- sounds ye- (Ortografía de la lengua española, 2010)."""
    word = following.lstrip().lower()
    sounds_i = word[:1] in ("i", "í") or (
        word[:2] in ("hi", "hí") and word[2:3] not in ("a", "e", "o", "u", "á", "é", "ó", "ú")
    )
    return " e " if sounds_i else " y "


#: The digits whose Sino-Korean reading ends in a consonant, so that 과 follows (일 삼 육 칠 팔;
#: 이 사 오 구 take 와); a number ending in 0 ends in 십, 백, 천 or 만 (영 alone): 과 too.
_KOREAN_CONSONANT_DIGITS = frozenset("013678")


def korean_and(word: str) -> str | None:
    """와 or 과 after ``word``, by the sound it ends in ("빨간색과", "보스와", "2와",
    "10번과"); None for a word whose sound the program cannot read (a Latin name, "$12M"):
    such a list keeps its commas, as every Korean sentence is worded where a particle would
    follow a player's name."""
    last = word.rstrip()[-1:]
    if "\uac00" <= last <= "\ud7a3":
        return "과" if (ord(last) - 0xAC00) % 28 else "와"
    if last.isascii() and last.isdigit():
        return "과" if last in _KOREAN_CONSONANT_DIGITS else "와"
    return None


def korean_list(items: Sequence[str], comma: str) -> str:
    """ "빨간색과 파란색", "빨간색, 파란색과 노란색"; commas alone when the particle cannot be
    chosen (see ``korean_and``)."""
    if len(items) < 2:
        return comma.join(items)
    particle = korean_and(items[-2])
    if particle is None:
        return comma.join(items)
    return comma.join(items[:-1]) + particle + " " + items[-1]


#: The word before the last item of a list after a negative, where a language has one:
#: "Cy no tiene carta de viaje azul ni carta de familia roja", "Cy har inget blått resekort
#: eller rött familjekort" (and "X, Y ni Z"). English says "or"; Chinese and Korean list
#: what is missing with the catalog's comma (安手上沒有…、…), as their sentences are written.
NOR = {"en": " or ", "es": " ni ", "sv": " eller "}


class Speaker:
    """A language's catalog (gettext's lookups) and its grammar: the possessive of a name
    and the writing of a sum, which depend on the value and so cannot be a translation."""

    def __init__(self, language: str, catalog: _gettext.NullTranslations) -> None:
        self.language = language
        self.catalog = catalog

    def gettext(self, message: str, /) -> str:
        return self.catalog.gettext(message)

    def ngettext(self, singular: str, plural: str, n: int, /) -> str:
        return self.catalog.ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str, /) -> str:
        return self.catalog.pgettext(context, message)

    def possessive(self, name: str, /) -> str:
        if self.language == "sv":
            return swedish_possessive(name)
        # Spanish ("el turno de Ana"), Chinese (安的) and Korean (민준의) write the possessive
        # around a plain {name} in their catalogs; English and any unknown language "'s".
        return english_possessive(name)

    def money(self, amount: int, /) -> str:
        if self.language == "zh":
            return chinese_money(amount)
        return dollars(amount, self)

    def neither(self, items: Sequence[str], /) -> str:
        comma = self.gettext(COMMA)
        return joined(items, comma, NOR.get(self.language, comma))

    def all_of(self, items: Sequence[str], /) -> str:
        comma = self.gettext(COMMA)
        if self.language == "ko":
            return korean_list(items, comma)
        if self.language == "es" and len(items) > 1:
            return joined(items, comma, spanish_and(items[-1]))
        return joined(items, comma, self.gettext(AND))


_current = Speaker("en", _gettext.NullTranslations())
_language = "en"
#: Each language's speaker as ``use`` last made it (by catalog folder): ``speaking`` takes it
#: again rather than make another, so that a text drawn once for a speaker (``speaker``) is
#: drawn for that language until ``use`` reads its catalog anew.
_speakers: dict[tuple[str, Path], Speaker] = {}


def use(language: str) -> None:
    """Switch the process to ``language`` (one of LANGUAGES); English needs no catalog."""
    global _current, _language
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}")
    if language == "en":
        catalog = _gettext.NullTranslations()
    else:
        catalog = _gettext.translation(DOMAIN, LOCALE_DIR, languages=[language], fallback=True)
    _current = _speakers[language, LOCALE_DIR] = Speaker(language, catalog)
    _language = language


def language() -> str:
    return _language


def speaker() -> Speaker:
    """The speaker of the moment: a text drawn for it can be kept for as long as it is the
    one (the log's entries are, per language: ``tui.log.Entry``)."""
    return _current


@contextmanager
def speaking(language: str | None) -> Iterator[None]:
    """Every lookup in ``language`` for the length of the block, then the table's again: a
    host words what it sends one device (its refusals, its log) in that device's language,
    between two of its own frames (the block must not await). None: the table's own."""
    global _current, _language
    if language is None or language == _language:
        yield
        return
    saved = _current, _language
    kept = _speakers.get((language, LOCALE_DIR))
    if kept is None:
        use(language)
    else:
        _current, _language = kept, language
    try:
        yield
    finally:
        _current, _language = saved


def _(message: str) -> str:
    return _current.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return _current.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    return _current.pgettext(context, message)


def fill(template: str, /, **values: object) -> str:
    """``template.format(**values)`` for a looked-up message, where a catalog may write
    ``{player_gen}`` for the language's possessive of ``{player}`` ("Lukas tur"). Use it
    for every message with a name's possessive; ``tests/test_i18n_grammar.py`` checks."""
    return _fill(template, values, _current)


def money(amount: int) -> str:
    """A sum of millions of dollars in the table's language: "$12M", 1200萬. The one money
    formatter: the UI's ``labels.money`` and the engine's ``words.money`` both come here."""
    return _current.money(amount)


def all_of(items: Sequence[str]) -> str:
    """A list in running text in the table's language ("2 och 10", "第2和第10", "2번과
    10번"): the UI's one list formatter, as ``messages.all_of`` is the engine's."""
    return _current.all_of(items)


def neither(items: Sequence[str]) -> str:
    """A list after a negative in the table's language ("S9 ni T7", "S9 eller T7")."""
    return _current.neither(items)


def possessive(name: str) -> str:
    """A name's possessive in the table's language ("Lukas", "Evas", "Ann's")."""
    return _current.possessive(name)


def render(message: Msg | Words | Money | str) -> str:
    """An engine ``Msg`` (or ``Words``) in the current language; a plain string as it is."""
    if isinstance(message, str):
        return message
    return message.render(_current)


def explain(error: BaseException) -> str:
    """What a player reads for an error, in the current language.

    A refusal of the rules is its reason and its rule ID, "Reason (ST2)"; an error that
    carries a ``Msg`` (board files, positions, the notation's parser) is that message; a
    notation error names its line and column. Anything else is ``str(error)``.
    """
    from .engine.errors import IllegalAction, Msg

    if isinstance(error, IllegalAction):
        return _("{reason} ({rule})").format(reason=render(error.message), rule=error.rule)
    message = getattr(error, "msg", None)
    if not isinstance(message, Msg):
        message = getattr(error, "message", None)
    line, column = getattr(error, "line", None), getattr(error, "column", None)
    text = render(message) if isinstance(message, Msg) else None
    if text is not None and isinstance(line, int) and isinstance(column, int):
        return _("line {line}, column {column}: {message}").format(
            line=line, column=column, message=text
        )
    return text if text is not None else str(error)


def reason(error: BaseException) -> str:
    """An ``IllegalAction``'s reason alone (no rule ID), in the current language."""
    from .engine.errors import Msg

    message = getattr(error, "message", None)
    return render(message) if isinstance(message, Msg | str) else str(error)


# --- the language a command starts in -----------------------------------------------------

#: The variables that name the user's language, in gettext's order of precedence.
ENV_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


def locale_language(name: str) -> str | None:
    """The language of a locale name (``ko_KR.UTF-8`` → ``ko``), None for ``C``/``POSIX``/
    empty and for a language the program does not speak."""
    base = name.strip().split(".")[0].split("@")[0]
    if base in ("", "C", "POSIX"):
        return None
    parts = base.replace("-", "_").lower().split("_")
    lang = parts[0]
    # Traditional Chinese (the rulebook's: zh_TW, zh_HK, zh_Hant) is the only Chinese there
    # is; Simplified locales (zh_CN, zh_SG, zh_Hans) and a bare "zh" get it too, being far
    # closer to their readers than English (``--lang en`` chooses English).
    return lang if lang in LANGUAGES else None


def language_from_env(environ: Mapping[str, str]) -> str:
    """The language the environment asks for: the first of LANGUAGE (a colon-separated list,
    the first entry the program speaks wins), LC_ALL, LC_MESSAGES and LANG that is set to
    something other than C/POSIX decides; a language the program does not speak, or none,
    is English."""
    for variable in ENV_VARIABLES:
        value = environ.get(variable, "")
        entries = [e for e in value.split(":") if e.strip()] if variable == "LANGUAGE" else [value]
        entries = [e for e in entries if e.strip().split(".")[0] not in ("", "C", "POSIX")]
        if not entries:
            continue
        for entry in entries:
            found = locale_language(entry)
            if found is not None:
                return found
        return "en"
    return "en"


# argparse's own words (Python 3.11's wording; other versions fall back to English for the
# ones they changed). argparse looks up its module-level ``_``/``ngettext`` on every call,
# so routing them to ours (``speak_argparse``) makes usage lines, group titles and errors
# follow the table's language. The developers' errors (conflicting options, …) stay English.
ARGPARSE_WORDS = (
    # Translators: keep the space at the end: the command's usage follows on the same line.
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("show program's version number and exit"),
    # Translators: an option and what is wrong with it ("--games: a number of games from 1
    # to 1,000,000, not 0"). The English drops the word "argument"; so may you.
    N_("argument %(argument_name)s: %(message)s"),
    N_("%(prog)s: error: %(message)s\n"),
    N_("unrecognized arguments: %s"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
    N_("the following arguments are required: %s"),
    N_("one of the arguments %s is required"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("unexpected option string: %s"),
    N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
    N_("can't open '%(filename)s': %(error)s"),
)
ARGPARSE_PLURALS = (N_plural("expected %s argument", "expected %s arguments"),)


def speak_argparse() -> None:
    """Make argparse look its words up in our catalogs (call before building a parser:
    group titles and ``-h``'s help are looked up when the parser is made)."""
    import argparse

    argparse._ = _  # type: ignore[attr-defined]
    argparse.ngettext = ngettext  # type: ignore[attr-defined]
