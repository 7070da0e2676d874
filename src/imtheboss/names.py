"""What a player's name may be: one rule for the names screen, ``--names`` and the notation.

Every game is saved in the notation and resumed from it, so a name the notation cannot read
back would make a game that starts but cannot be resumed. A name is therefore one word of the
notation: no spaces, none of the characters the notation splits lines on (``: , ; = / #``),
not a header keyword, and no control characters — a name is printed on the shared screen and
in the terminal, where an escape sequence or a bidi override would act instead of showing.
Letters of any script are welcome (정훈, 小明, Zoë); but a name must show something (the Hangul
filler U+3164 alone is a blank), and no two names at a table may look the same on screen
(``Ann`` and ``Ann`` with an invisible U+034F, or with a Cyrillic ``А``): the table could not
tell whose turn it is, and a player could pass for another.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from .engine.errors import N_, Msg, msg

#: Long enough for real names, short enough for the players panel at 80 columns.
MAX_LENGTH = 16

#: Characters with a meaning in a notation line (see docs/notation.md, section 12).
_SEPARATORS = ":,;=/#"

#: The header keys of the notation (docs/notation.md §2). They live here, not in the parser,
#: because they are the words a name may never be: the parser imports them from here.
HEADER_KEYS = (
    "players",
    "seed",
    "seal",
    "variants",
    "board",
    "start",
    "deals-done",
    "marker",
    "turn",
    "investors",
    "covered",
    "money",
    "hands",
    "bots",
    "bot-budget",
)

#: Words the notation reads as keys at the start of a line (``hand NAME:``, ``time up``), or
#: that the log uses for someone who is not a player.
_RESERVED = frozenset({*HEADER_KEYS, "hand", "time", "bank"})

#: Unicode's Default_Ignorable_Code_Point (DerivedCoreProperties.txt): code points a terminal
#: draws as nothing. Those that are format characters (Cf) are refused outright below; the
#: rest (the combining grapheme joiner U+034F, variation selectors, Hangul fillers…) may be in a
#: name, but are not there when two names are compared.
_IGNORABLE_RANGES = (
    (0x00AD, 0x00AD),
    (0x034F, 0x034F),
    (0x061C, 0x061C),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x206F),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)
#: Drawn as a blank without being a space: the braille pattern with no dots.
_BLANKS = frozenset("\u2800")

#: Letters of other scripts drawn like a Latin letter (Unicode's confusables.txt, the ones a
#: table of names can meet), keyed as case-folded: ``Аnn`` with a Cyrillic А reads ``Ann``.
_LOOK_ALIKES = str.maketrans(
    {
        # Cyrillic
        "а": "a", "в": "b", "е": "e", "һ": "h", "н": "h", "і": "i", "ј": "j", "к": "k",
        "м": "m", "о": "o", "р": "p", "ԛ": "q", "с": "c", "ѕ": "s", "т": "t", "у": "y",
        "ү": "y", "ԝ": "w", "х": "x", "ԁ": "d", "ӏ": "l", "ё": "ë", "ї": "ï",
        # Greek
        "α": "a", "β": "b", "ε": "e", "ζ": "z", "η": "h", "ι": "i", "κ": "k", "μ": "m",
        "ν": "n", "ο": "o", "ρ": "p", "τ": "t", "υ": "y", "χ": "x",
        # Armenian, and Latin letters drawn like others
        "օ": "o", "ս": "u", "հ": "h", "ո": "n", "ɑ": "a", "ɡ": "g", "ı": "i", "ȷ": "j",
    }
)  # fmt: skip

#: Unicode categories never allowed: controls (ESC, BEL, DEL…), format characters (bidi
#: overrides, zero-width joiners), surrogates, private use, unassigned, and every separator.
_REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zs", "Zl", "Zp"})


class NameRefused(ValueError):
    """A name, or a list of names, that cannot be used; the message is one sentence.

    ``msg`` is that sentence in a translatable form (``i18n.explain`` shows it)."""

    def __init__(self, message: Msg) -> None:
        self.msg = message
        self.message = str(message)
        super().__init__(self.message)


def control_character(text: str) -> int | None:
    """The index of the first character that could act on a terminal or reorder text, or
    None. Tabs are left alone: a file may indent with them."""
    for index, char in enumerate(text):
        if char != "\t" and unicodedata.category(char) in {"Cc", "Cf", "Cs", "Zl", "Zp"}:
            return index
    return None


def describe_character(char: str) -> str:
    """``U+001B`` with its Unicode name when it has one, for an error message."""
    name = unicodedata.name(char, "")
    return f"U+{ord(char):04X}" + (f" ({name})" if name else "")


def ignorable(char: str) -> bool:
    """A default-ignorable code point: drawn as nothing."""
    code = ord(char)
    return any(low <= code <= high for low, high in _IGNORABLE_RANGES)


def visible(char: str) -> bool:
    """A character that shows on its own: not ignorable, not a blank, a space, a control or
    a mark that only combines with the character before it."""
    category = unicodedata.category(char)
    return not (ignorable(char) or char in _BLANKS or category[0] in "MZC")


def written(name: str) -> str:
    """``name`` for a message, each character that cannot be seen written as its code
    (``Ann\\u034f``): a message about an invisible difference must show it."""
    return "".join(f"\\u{ord(c):04x}" if ignorable(c) or c in _BLANKS else c for c in name)


def name_problem(name: str) -> Msg | None:
    """Why ``name`` cannot be a player's name, or None if it can (``str()`` is English)."""
    if not name:
        return Msg(N_("a player's name cannot be empty"))
    for char in name:
        if unicodedata.category(char) in _REFUSED_CATEGORIES:
            if char.isspace() or unicodedata.category(char) == "Zs":
                return msg(N_("a name is one word, without spaces: {name}"), name=repr(name))
            return msg(
                N_("a name cannot contain the control character {character}"),
                character=describe_character(char),
            )
        if char in _SEPARATORS:
            return msg(
                N_("a name cannot contain '{character}' (it separates parts of a saved game)"),
                character=char,
            )
    if not any(visible(char) for char in name):
        return msg(
            N_("a name needs a character that can be seen; '{name}' shows none"),
            name=written(name),
        )
    if len(name) > MAX_LENGTH:
        return msg(
            N_("a name has at most {most} characters, '{name}' has {count}"),
            most=MAX_LENGTH,
            name=name,
            count=len(name),
        )
    if name.casefold() in _RESERVED:
        return msg(N_("'{name}' is a word of the game notation, not a name"), name=name)
    return None


def check_name(name: str) -> str:
    """``name`` if it may be a player's name; else NameRefused saying why."""
    problem = name_problem(name)
    if problem is not None:
        raise NameRefused(problem)
    return name


def same_name_key(name: str) -> str:
    """Names the table could not tell apart share this key: ``Ann``/``ann``, composed and
    decomposed ``é`` (NFKC), ``Ann`` with an invisible code point in it, ``Аnn`` with a
    Cyrillic ``А`` (look-alike letters read as the Latin one)."""
    return _shape(name).translate(_LOOK_ALIKES)


def _shape(name: str) -> str:
    """The name as the table reads it, before look-alike letters: NFKC, case-folded, the
    ignorable code points gone."""
    folded = unicodedata.normalize("NFKC", name).casefold()
    return "".join(c for c in folded if not ignorable(c))


def _alike(first: str, second: str) -> Msg:
    """Why two different names with one key cannot both play: the sentence names what
    makes them look alike, since the screen cannot show it."""
    hidden = next((c for c in first + second if ignorable(c) or c in _BLANKS), None)
    shown = {"first": written(first), "second": written(second)}
    if hidden is not None:
        return msg(
            N_("'{first}' and '{second}' look the same: {character} cannot be seen"),
            character=describe_character(hidden),
            **shown,
        )
    foreign = next((c for c in first + second if _shape(c) != same_name_key(c)), None)
    if foreign is not None:
        letter = same_name_key(foreign)
        return msg(
            N_("'{first}' and '{second}' look the same: {character} looks like '{letter}'"),
            character=describe_character(foreign),
            letter=letter.upper() if foreign.isupper() else letter,
            **shown,
        )
    return msg(N_("'{first}' and '{second}' are too alike to tell apart"), **shown)


def check_names(names: Iterable[str]) -> tuple[str, ...]:
    """Every name valid and no two alike; the count of players is the rules' business (S1)."""
    out = tuple(names)
    seen: dict[str, str] = {}
    for name in out:
        check_name(name)
        key = same_name_key(name)
        if key in seen:
            if seen[key] == name:
                raise NameRefused(msg(N_("two players have the same name, '{name}'"), name=name))
            raise NameRefused(_alike(seen[key], name))
        seen[key] = name
    return out


def split_names(text: str) -> tuple[str, ...]:
    """``Ann, Bob,Cy`` → the names, checked; what ``--names`` is given."""
    names = tuple(part.strip() for part in text.split(","))
    if all(not name for name in names):
        raise NameRefused(Msg(N_("give the players' names, comma-separated: Ann,Bob,Cy")))
    return check_names(names)
