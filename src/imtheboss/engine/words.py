"""The game's own words as messages: colours, cards, plays. Refusals name them, and a table
playing in Korean must read 빨강, not "red".

Each word is a ``Msg`` whose key is the English word (marked with ``N_`` for the catalogs);
``str()`` of it is the English the engine always wrote, so English texts are unchanged.
"""

from __future__ import annotations

from .cards import Card, Colour, family
from .errors import N_, Msg, msg, plural
from .state import CardRef, InvestorRef, Price

COLOUR_WORDS: dict[Colour, str] = {
    Colour.RED: N_("red"),
    Colour.BLUE: N_("blue"),
    Colour.YELLOW: N_("yellow"),
    Colour.PINK: N_("pink"),
    Colour.ORANGE: N_("orange"),
    Colour.GREEN: N_("green"),
}
#: The same colours capitalised, where English starts a name with them ("Red and Blue are
#: beside the board"); a language without capitals translates them as the words above.
COLOUR_NAMES: dict[Colour, str] = {
    Colour.RED: N_("Red"),
    Colour.BLUE: N_("Blue"),
    Colour.YELLOW: N_("Yellow"),
    Colour.PINK: N_("Pink"),
    Colour.ORANGE: N_("Orange"),
    Colour.GREEN: N_("Green"),
}

CARD_WORDS: dict[Card, str] = {
    Card.FAMILY_RED: N_("family red"),
    Card.FAMILY_BLUE: N_("family blue"),
    Card.FAMILY_YELLOW: N_("family yellow"),
    Card.FAMILY_PINK: N_("family pink"),
    Card.FAMILY_ORANGE: N_("family orange"),
    Card.FAMILY_GREEN: N_("family green"),
    Card.TRAVEL_RED: N_("travel red"),
    Card.TRAVEL_BLUE: N_("travel blue"),
    Card.TRAVEL_YELLOW: N_("travel yellow"),
    Card.TRAVEL_PINK: N_("travel pink"),
    Card.TRAVEL_ORANGE: N_("travel orange"),
    Card.TRAVEL_GREEN: N_("travel green"),
    Card.TRAVEL_GREY: N_("travel grey"),
    Card.HIRE: N_("hire"),
    Card.BOSS: N_("boss"),
    Card.STOP: N_("stop"),
}

#: The plays a reaction window waits on (``WindowKind`` values), as "{who}'s {play} play".
PLAY_WORDS: dict[str, str] = {
    "travel": N_("travel"),
    "boss": N_("boss"),
    "hire": N_("hire"),
    "last call": N_("last call"),
}


#: The phases of a turn (``Phase`` values), as a summary of the position names them.
PHASE_WORDS: dict[str, str] = {
    "place marker": N_("place marker"),
    "turn": N_("turn"),
    "rolled": N_("rolled"),
    "hand limit": N_("hand limit"),
    "deal": N_("deal"),
    "end roll": N_("end roll"),
    "over": N_("over"),
}


def colour_word(colour: Colour) -> Msg:
    return Msg(COLOUR_WORDS[colour])


def colour_name(colour: Colour) -> Msg:
    return Msg(COLOUR_NAMES[colour])


def card_word(card: Card) -> Msg:
    return Msg(CARD_WORDS[card])


def play_word(kind: str) -> Msg:
    return Msg(PLAY_WORDS[kind])


def price_words(price: Price) -> Msg:
    """A price as ``str(price)`` writes it: "2 dividends" or "$5M"."""
    if price.dividends:
        return plural("{n} dividend", "{n} dividends", price.amount, n=price.amount)
    return money(price.amount)


def money(amount: int) -> Msg:
    """Millions of dollars, as the game writes them: "$5M"."""
    return msg(N_("${amount}M"), amount=amount)


def ref_word(ref: CardRef) -> Msg:
    """A card on the table as ``str(ref)`` writes it: "red" (an investor), "family red"."""
    if isinstance(ref, InvestorRef):
        return colour_word(ref.colour)
    return card_word(family(ref.colour))
