"""The game's own words as messages: colours, cards, plays. Refusals name them, and a table
playing in Korean must read 빨강, not "red".

Each word is a ``Msg`` whose key is the English word (marked with ``N_`` for the catalogs);
``str()`` of it is the English the engine always wrote, so English texts are unchanged.
"""

from __future__ import annotations

from .cards import Card, Colour, family
from .errors import N_, NC_, Money, Msg, plural
from .state import CardRef, InvestorRef, Price

#: The colours on their own, as a list names them ("red, blue"; Swedish "röd, blå").
COLOUR_WORDS: dict[Colour, str] = {
    Colour.RED: N_("red"),
    Colour.BLUE: N_("blue"),
    Colour.YELLOW: N_("yellow"),
    Colour.PINK: N_("pink"),
    Colour.ORANGE: N_("orange"),
    Colour.GREEN: N_("green"),
}
#: A colour describing an investor ("the {colour} investor"): it agrees with the noun
#: (Spanish *inversor rojo*) and, in Swedish, takes the definite form (*den röda investeraren*).
INVESTOR = "investor"
#: A colour describing a card after "the" or a possessive ("Ann's {colour} family card"):
#: Spanish *la carta roja*, Swedish *det röda familjekortet*, *Anns röda familjekort*.
DEFINITE = "definite"
INVESTOR_COLOURS: dict[Colour, str] = {
    Colour.RED: NC_("investor", "red"),
    Colour.BLUE: NC_("investor", "blue"),
    Colour.YELLOW: NC_("investor", "yellow"),
    Colour.PINK: NC_("investor", "pink"),
    Colour.ORANGE: NC_("investor", "orange"),
    Colour.GREEN: NC_("investor", "green"),
}
DEFINITE_COLOURS: dict[Colour, str] = {
    Colour.RED: NC_("definite", "red"),
    Colour.BLUE: NC_("definite", "blue"),
    Colour.YELLOW: NC_("definite", "yellow"),
    Colour.PINK: NC_("definite", "pink"),
    Colour.ORANGE: NC_("definite", "orange"),
    Colour.GREEN: NC_("definite", "green"),
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
    Card.HIRE: NC_("card", "hire"),
    Card.BOSS: NC_("card", "boss"),
    Card.STOP: NC_("card", "stop"),
}
#: The cards whose word is shared with a play ("hire" the card, "hire" the play): their
#: card word is looked up under this context.
CARD = "card"
_CARD_CONTEXT = {Card.HIRE: CARD, Card.BOSS: CARD, Card.STOP: CARD}

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


def investor_colour(colour: Colour) -> Msg:
    """The colour in "the {colour} investor"."""
    return Msg(INVESTOR_COLOURS[colour], context=INVESTOR)


def definite_colour(colour: Colour) -> Msg:
    """The colour in "the {colour} family card", "Ann's {colour}"."""
    return Msg(DEFINITE_COLOURS[colour], context=DEFINITE)


def card_word(card: Card) -> Msg:
    """A card's name, noun included ("carta de viaje azul", "파란색 여행 카드", "정지 카드"):
    the one place a card is named, in sentences and in lists (``labels.card_name`` too)."""
    return Msg(CARD_WORDS[card], context=_CARD_CONTEXT.get(card))


def play_word(kind: str) -> Msg:
    return Msg(PLAY_WORDS[kind])


def price_words(price: Price) -> Msg | Money:
    """A price as ``str(price)`` writes it: "2 dividends" or "$5M"."""
    if price.dividends:
        return plural("{n} dividend", "{n} dividends", price.amount, n=price.amount)
    return money(price.amount)


def money(amount: int) -> Money:
    """Millions of dollars, as the table's language writes a sum: "$5M", 500萬."""
    return Money(amount)


def ref_word(ref: CardRef) -> Msg:
    """A card on the table as ``str(ref)`` writes it: "red" (an investor), "family red"."""
    if isinstance(ref, InvestorRef):
        return colour_word(ref.colour)
    return card_word(family(ref.colour))
