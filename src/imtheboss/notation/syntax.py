"""Reading the game notation: a header of ``key: value`` lines, then one action per line.

This module only reads text; it knows names, colours, cards and amounts but not the rules.
Every mistake is a ``NotationError`` with the line and column, so a player who wrote the file
by hand can find it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from ..bot_kinds import BOT_KINDS, MAX_BOT_BUDGET
from ..engine.cards import COLOURS, Card, Colour
from ..engine.errors import N_, Msg, msg, words
from ..names import (
    HEADER_KEYS,
    NameRefused,
    check_name,
    check_names,
    control_character,
    describe_character,
)

VERBS = (
    "marker",
    "deal",
    "roll",
    "draw",
    "discard",
    "lay",
    "offer",
    "ask",
    "accept",
    "withdraw",
    "cancel",
    "travel",
    "boss",
    "hire",
    "stop",
    "pass",
    "reset",
    "close",
    "fail",
)


class NotationError(ValueError):
    """A line that is not valid notation. ``line`` and ``column`` count from 1."""

    def __init__(self, line: int, column: int, message: str | Msg) -> None:
        self.line = line
        self.column = column
        #: The message in a translatable form (``i18n.explain`` renders it with the line and
        #: column); ``message`` is its English text.
        self.msg = message if isinstance(message, Msg) else Msg(message)
        self.message = str(self.msg)
        super().__init__(f"line {line}, column {column}: {self.message}")


@dataclass(frozen=True)
class Token:
    text: str
    column: int


@dataclass(frozen=True)
class Ref:
    """A card named in a line: an investor (``red``) or a family card (``family red``,
    ``Seonju's family blue``, ``Seonju/family`` in a close)."""

    colour: Colour
    family: bool
    owner: str | None = None
    #: Where the card is named in its line, for an error that points at it.
    column: int = field(default=0, compare=False)


@dataclass(frozen=True)
class Amount:
    amount: int
    dividends: bool = False


@dataclass(frozen=True)
class Line:
    """One action line, checked for form but not yet for the rules."""

    number: int
    text: str
    actor: str
    verb: str
    #: Verb-specific parts: names, colours, refs, amounts, cards, supplies.
    args: dict[str, Any] = field(default_factory=dict)


@dataclass
class Header:
    values: dict[str, tuple[int, str]] = field(default_factory=dict)
    hands: dict[str, tuple[int, tuple[Card, ...]]] = field(default_factory=dict)

    def get(self, key: str) -> str | None:
        entry = self.values.get(key)
        return None if entry is None else entry[1]

    def line_of(self, key: str) -> int:
        entry = self.values.get(key)
        return 0 if entry is None else entry[0]

    def unsealed(self, seed: int) -> None:
        """The ``seal:`` line read as the ``seed:`` it hides (the caller opened the seal)."""
        number, _ = self.values.pop("seal")
        self.values["seed"] = (number, str(seed))


@dataclass
class Document:
    header: Header
    players: tuple[str, ...]
    lines: list[Line]
    #: ``bots: Dealer1=dealer``: the seats a computer played (no rule effect).
    bots: dict[str, str] = field(default_factory=dict)
    #: ``bot-budget: 8``: the sharks' playouts per decision (None: the line is absent, the
    #: sharks think with their default). No rule effect either.
    bot_budget: int | None = None


_COLOUR_WORDS = {c.value: c for c in COLOURS}
# The table shows each colour with its letter (R B Y P O G); a table writing a dispute by hand
# copies what it sees, so the letters read as the words do (the writer keeps the words).
_COLOUR_READ = {**_COLOUR_WORDS, **{c.letter.lower(): c for c in COLOURS}}
_AMOUNT = re.compile(r"^\$?([0-9]{1,6})(?:M|\$M)?$", re.IGNORECASE)
_NUMBER = re.compile(r"-?[0-9]{1,18}")


def whole_number(text: str) -> int | None:
    """A whole number in ASCII digits (at most 18, perhaps a minus sign), else None."""
    return int(text) if _NUMBER.fullmatch(text) else None


#: A comment: a ``#`` that starts the line or follows a space, up to the end of the line.
_COMMENT = re.compile(r"(?:^|\s)#")


def without_comment(raw: str) -> str:
    """The line before its comment: ``Ann: deal  # my turn`` is ``Ann: deal``. Cut, not
    replaced, so every column before the comment stays where it was."""
    found = _COMMENT.search(raw)
    return raw if found is None else raw[: found.start()]


def split_lines(text: str) -> list[str]:
    """The lines as an editor numbers them: a byte-order mark dropped, LF or CRLF endings.

    Not ``str.splitlines``: it also breaks at form feeds, U+2028 and the like, which would
    number lines differently from the editor the player fixes the file in (and those
    characters are refused anyway, by line and column).
    """
    text = text.removeprefix("\ufeff")
    return [line.removesuffix("\r") for line in text.split("\n")]


def parse(text: str) -> Document:
    header = Header()
    lines: list[Line] = []
    players: tuple[str, ...] = ()
    in_actions = False
    for number, whole in enumerate(split_lines(text), 1):
        bad = control_character(whole)
        if bad is not None:
            # An escape sequence in a name or a comment would act on the terminal that shows
            # it (retitle it, move the cursor); a bidi override would reorder the line.
            raise NotationError(
                number,
                bad + 1,
                msg(
                    N_("the control character {character} is not allowed in the notation"),
                    character=describe_character(whole[bad]),
                ),
            )
        raw = without_comment(whole)
        stripped = raw.strip()
        if not stripped:
            continue
        indent = len(raw) - len(raw.lstrip())
        if stripped.lower() == "time up":
            # The table's timer closed a window; written out only where it cannot be implied.
            if not players:
                raise NotationError(
                    number, indent + 1, Msg(N_("the header must name the players first"))
                )
            in_actions = True
            lines.append(Line(number=number, text=stripped, actor="", verb="time"))
            continue
        if ":" not in stripped:
            raise NotationError(
                number, indent + 1, Msg(N_("expected 'key: value' or 'Name: action'"))
            )
        key, _, rest = stripped.partition(":")
        key = key.strip()
        value_column = raw.index(":") + 2 + (len(rest) - len(rest.lstrip()))
        value = rest.strip()
        low = key.lower()
        if not in_actions and (low in HEADER_KEYS or low.startswith("hand ")):
            if low == "players":
                players = _parse_players(value, number, value_column)
            if low.startswith("hand "):
                name = key[5:].strip()
                if name in header.hands:
                    raise NotationError(
                        number, indent + 1, msg(N_("'hand {name}' is given twice"), name=name)
                    )
                header.hands[name] = (number, parse_cards(value, number, value_column))
            else:
                if low in header.values:
                    raise NotationError(
                        number, indent + 1, msg(N_("'{key}' is given twice"), key=low)
                    )
                header.values[low] = (number, value)
            continue
        if not players:
            raise NotationError(
                number, indent + 1, Msg(N_("the header must name the players first"))
            )
        in_actions = True
        if key not in players:
            raise NotationError(
                number,
                indent + 1,
                msg(
                    N_("unknown player '{name}' (players: {players})"),
                    name=key,
                    players=words(players),
                ),
            )
        lines.append(_parse_action(number, stripped, key, value, value_column, players))
    if not players:
        raise NotationError(1, 1, Msg(N_("no 'players:' line")))
    for name, (number, _) in header.hands.items():
        if name not in players:
            raise NotationError(
                number, 1, msg(N_("'hand {name}': {name} is not one of the players"), name=name)
            )
    bots = _parse_bots(header, players)
    budget = _parse_budget(header)
    return Document(header=header, players=players, lines=lines, bots=bots, bot_budget=budget)


def _parse_players(value: str, number: int, column: int) -> tuple[str, ...]:
    """The names, each checked by the one rule every way into a game uses (``names.py``)."""
    parts = value.split(",")
    names = tuple(n.strip() for n in parts)
    if any(not n for n in names) or len(names) < 2:
        raise NotationError(
            number, column, Msg(N_("list the players, comma-separated, in seat order"))
        )
    offset = column
    for part, name in zip(parts, names, strict=True):
        here = offset + len(part) - len(part.lstrip())
        offset += len(part) + 1
        try:
            check_name(name)
        except NameRefused as exc:
            raise NotationError(number, here, exc.msg) from None
    try:
        check_names(names)
    except NameRefused as exc:
        raise NotationError(number, column, exc.msg) from None
    return names


def _parse_bots(header: Header, players: tuple[str, ...]) -> dict[str, str]:
    """``bots: Dealer1=dealer; Robo=random``. Read here, with the rest of the file, so that
    ``check``, ``replay`` and ``--resume`` give one verdict on the same file."""
    number = header.line_of("bots")
    out: dict[str, str] = {}
    for part in (header.get("bots") or "").split(";"):
        if not part.strip():
            continue
        name, eq, kind = (x.strip() for x in part.partition("="))
        if not eq or name not in players or kind not in BOT_KINDS:
            raise NotationError(
                number,
                1,
                msg(
                    N_("bots: write NAME=dealer, NAME=random or NAME=shark; '{given}' is not"),
                    given=part.strip(),
                ),
            )
        if name in out:
            raise NotationError(number, 1, msg(N_("bots: {name} is named twice"), name=name))
        out[name] = kind
    return out


def _parse_budget(header: Header) -> int | None:
    """``bot-budget: 8``, written with the sharks of a save so that ``--resume`` seats them
    as strong as they were. A hand-edited value out of range is refused here, by its line,
    rather than met later as a shark that cannot be built."""
    text = header.get("bot-budget")
    if text is None:
        return None
    budget = whole_number(text)
    if budget is None or not 1 <= budget <= MAX_BOT_BUDGET:
        raise NotationError(
            header.line_of("bot-budget"),
            1,
            msg(
                N_("bot-budget: write a number of playouts from 1 to {most}; '{given}' is not"),
                most=MAX_BOT_BUDGET,
                given=text,
            ),
        )
    return budget


def _tokens(text: str, column: int) -> list[Token]:
    out = []
    for match in re.finditer(r"[^\s,]+", text):
        out.append(Token(match.group(0), column + match.start()))
    return out


def colour(token: Token, number: int) -> Colour:
    found = _COLOUR_READ.get(token.text.lower())
    if found is None:
        names = ", ".join(f"{c.value} {c.letter}" for c in COLOURS)
        raise NotationError(
            number,
            token.column,
            msg(N_("'{given}' is not a colour ({colours})"), given=token.text, colours=names),
        )
    return found


def amount(tokens: list[Token], number: int, column: int) -> Amount:
    """``5``, ``$5M``, ``5M``, ``2 dividends``, ``1 dividend``."""
    if not tokens:
        raise NotationError(number, column, Msg(N_("a price is missing")))
    match = _AMOUNT.match(tokens[0].text)
    if match is None:
        raise NotationError(
            number,
            tokens[0].column,
            msg(N_("'{given}' is not an amount ($5M, 5, 2 dividends)"), given=tokens[0].text),
        )
    value = int(match.group(1))
    if len(tokens) == 1:
        return Amount(value)
    if len(tokens) == 2 and tokens[1].text.lower() in ("dividend", "dividends"):
        return Amount(value, dividends=True)
    raise NotationError(
        number,
        tokens[1].column,
        msg(N_("unexpected '{given}' after the price"), given=tokens[1].text),
    )


def refs(
    tokens: list[Token], number: int, column: int, players: tuple[str, ...]
) -> tuple[Ref, ...]:
    """``red``, ``family blue``, ``Seonju's family blue``, joined by commas or 'and'."""
    words = [t for t in tokens if t.text.lower() != "and"]
    if not words:
        raise NotationError(number, column, Msg(N_("name at least one card (red, family blue, …)")))
    out: list[Ref] = []
    i = 0
    while i < len(words):
        owner = None
        start = words[i].column
        word = words[i].text
        if word.endswith("'s") and word[:-2] in players:
            owner = word[:-2]
            i += 1
            if i == len(words):
                raise NotationError(
                    number, words[i - 1].column, Msg(N_("whose card? a card is missing"))
                )
        if words[i].text.lower() == "family":
            if i + 1 == len(words):
                raise NotationError(
                    number, words[i].column, Msg(N_("family card of which colour?"))
                )
            out.append(Ref(colour(words[i + 1], number), True, owner, start))
            i += 2
        else:
            if owner is not None:
                raise NotationError(
                    number, words[i].column, Msg(N_("only family cards are named by owner"))
                )
            out.append(Ref(colour(words[i], number), False, column=start))
            i += 1
    return tuple(out)


_CARD_WORDS = {c.value: c for c in Card}


def _card_word(text: str) -> Card | None:
    """A card's word, its colour perhaps written as the table's letter (``family P``)."""
    words = text.lower().split()
    if len(words) == 2 and words[1] in _COLOUR_READ:
        words[1] = _COLOUR_READ[words[1]].value
    return _CARD_WORDS.get(" ".join(words))


def parse_cards(value: str, number: int, column: int) -> tuple[Card, ...]:
    """``stop, boss, 3 hire, family red, travel grey``."""
    cards: list[Card] = []
    offset = column
    for part in value.split(","):
        text = part.strip()
        here = offset + (len(part) - len(part.lstrip()))
        offset += len(part) + 1
        if not text:
            continue
        count = 1
        match = re.match(r"^([0-9]{1,2})\s*[x×]?\s+(.*)$", text)
        if match:
            count, text = int(match.group(1)), match.group(2)
        card = _card_word(text)
        if card is None:
            raise NotationError(
                number,
                here,
                msg(
                    N_("'{given}' is not a card (stop, boss, hire, family red, travel grey…)"),
                    given=text,
                ),
            )
        cards.extend([card] * count)
    return tuple(cards)


def _parse_action(
    number: int, text: str, actor: str, value: str, column: int, players: tuple[str, ...]
) -> Line:
    tokens = _tokens(value, column)
    if not tokens:
        raise NotationError(number, column, Msg(N_("an action is missing after the name")))
    verb = tokens[0].text.lower()
    rest = tokens[1:]
    end = tokens[-1].column + len(tokens[-1].text)
    args: dict[str, Any] = {}

    def player(token: Token) -> str:
        if token.text not in players:
            raise NotationError(
                number, token.column, msg(N_("unknown player '{name}'"), name=token.text)
            )
        return token.text

    def no_more(after: list[Token]) -> None:
        if after:
            raise NotationError(
                number, after[0].column, msg(N_("unexpected '{given}'"), given=after[0].text)
            )

    if verb not in VERBS:
        raise NotationError(
            number,
            tokens[0].column,
            msg(
                N_("unknown action '{given}' ({actions})"),
                given=tokens[0].text,
                actions=", ".join(VERBS),
            ),
        )
    if verb in ("deal", "draw", "boss", "stop", "pass", "reset", "fail"):
        no_more(rest)
    elif verb == "marker":
        if len(rest) != 1 or whole_number(rest[0].text) is None:
            raise NotationError(number, end, Msg(N_("marker needs a space number: marker 7")))
        args["space"] = int(rest[0].text)
    elif verb == "roll":
        if rest:
            if len(rest) != 1 or rest[0].text not in ("1", "2", "3", "4", "5", "6"):
                raise NotationError(number, rest[0].column, Msg(N_("a die shows 1 to 6")))
            args["value"] = int(rest[0].text)
    elif verb == "discard":
        args["cards"] = parse_cards(value.split(None, 1)[1] if rest else "", number, end)
        if not args["cards"]:
            raise NotationError(number, end, Msg(N_("discard which cards?")))
    elif verb == "lay":
        if len(rest) != 2 or rest[0].text.lower() != "family":
            raise NotationError(number, end, Msg(N_("write: lay family COLOUR")))
        args["colour"] = colour(rest[1], number)
    elif verb == "offer":
        if not rest:
            raise NotationError(number, end, Msg(N_("write: offer NAME CARDS for PRICE")))
        args["supplier"] = player(rest[0])
        cards, price = _price_and_cards(*_split_for(rest[1:], number, end), price_first=False)
        args["refs"] = refs(cards, number, end, players)
        args["price"] = amount(price, number, end)
    elif verb == "ask":
        price, cards = _price_and_cards(*_split_for(rest, number, end), price_first=True)
        args["price"] = amount(price, number, end)
        args["refs"] = refs(cards, number, end, players)
    elif verb in ("accept", "withdraw"):
        if rest:
            args["supplier"] = player(rest[0])
            no_more(rest[1:])
    elif verb == "cancel":
        if len(rest) != 1:
            raise NotationError(number, end, Msg(N_("write: cancel NAME")))
        args["other"] = player(rest[0])
    elif verb == "travel":
        grey = bool(rest) and rest[0].text.lower() == "grey"
        target = refs(rest[1:] if grey else rest, number, end, players)
        if len(target) != 1:
            raise NotationError(number, end, Msg(N_("a travel card goes on one card")))
        args["grey"] = grey
        args["target"] = target[0]
    elif verb == "hire":
        if len(rest) != 1:
            raise NotationError(number, end, Msg(N_("write: hire COLOUR")))
        args["colour"] = colour(rest[0], number)
    elif verb == "close":
        args["supplies"] = _supplies(rest, number, end, players)
    return Line(number=number, text=text, actor=actor, verb=verb, args=args)


def _is_price(tokens: list[Token]) -> bool:
    return bool(tokens) and _AMOUNT.match(tokens[0].text) is not None


def _price_and_cards(
    before: list[Token], after: list[Token], *, price_first: bool
) -> tuple[list[Token], list[Token]]:
    """The two sides of ``for`` in the order the verb writes them (``offer NAME CARDS for
    PRICE``, ``ask PRICE for CARDS``), whichever order the table wrote: a price starts with a
    number and a card never does, so ``offer Bob 3 for pink`` and ``ask pink for 3`` read too.
    When neither side is a price the written order stands and the error names its side."""
    swapped = _is_price(after) if price_first else _is_price(before)
    if swapped and not (_is_price(before) if price_first else _is_price(after)):
        before, after = after, before
    return before, after


def _split_for(tokens: list[Token], number: int, end: int) -> tuple[list[Token], list[Token]]:
    for i, token in enumerate(tokens):
        if token.text.lower() == "for":
            return tokens[:i], tokens[i + 1 :]
    raise NotationError(
        number, end, Msg(N_("'for' is missing (offer NAME red for 5 / ask 8 for red)"))
    )


def _supplies(
    tokens: list[Token], number: int, end: int, players: tuple[str, ...]
) -> dict[Colour, Ref]:
    """``red=Jaeyoung blue=Seonju/family``."""
    if not tokens:
        raise NotationError(number, end, Msg(N_("close names a card for each colour: red=Ann ...")))
    out: dict[Colour, Ref] = {}
    for token in tokens:
        left, eq, right = token.text.partition("=")
        if not eq:
            raise NotationError(
                number, token.column, msg(N_("'{given}': write COLOUR=NAME"), given=token.text)
            )
        col = colour(Token(left, token.column), number)
        name, slash, kind = right.partition("/")
        if name not in players:
            raise NotationError(
                number, token.column + len(left) + 1, msg(N_("unknown player '{name}'"), name=name)
            )
        if slash and kind.lower() != "family":
            raise NotationError(
                number, token.column, msg(N_("'{given}': write NAME or NAME/family"), given=right)
            )
        if col in out:
            raise NotationError(
                number, token.column, msg(N_("{colour} is named twice"), colour=col.value)
            )
        out[col] = Ref(col, bool(slash), name)
    return out
