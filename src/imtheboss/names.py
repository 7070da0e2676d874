"""What a player's name may be: one rule for the names screen, ``--names`` and the notation.

Every game is saved in the notation and resumed from it, so a name the notation cannot read
back would make a game that starts but cannot be resumed. A name is therefore one word of the
notation: no spaces, none of the characters the notation splits lines on (``: , ; = / #``),
not a header keyword, and no control characters — a name is printed on the shared screen and
in the terminal, where an escape sequence or a bidi override would act instead of showing.
Letters of any script are welcome (정훈, 小明, Zoë).
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
    """Names the table could not tell apart (``Ann``/``ann``, composed/decomposed ``é``)
    share this key."""
    return unicodedata.normalize("NFKC", name).casefold()


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
            raise NameRefused(
                msg(
                    N_("'{first}' and '{second}' are too alike to tell apart"),
                    first=seen[key],
                    second=name,
                )
            )
        seen[key] = name
    return out


def split_names(text: str) -> tuple[str, ...]:
    """``Ann, Bob,Cy`` → the names, checked; what ``--names`` is given."""
    names = tuple(part.strip() for part in text.split(","))
    if all(not name for name in names):
        raise NameRefused(Msg(N_("give the players' names, comma-separated: Ann,Bob,Cy")))
    return check_names(names)
