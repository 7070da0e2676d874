"""The components of C2 and C3: investor colours and the 98-card influence deck.

Cards are plain string enums so that a hand is a sorted tuple of values: cheap to copy, to
compare and to write as JSON, and readable in a save file.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from enum import StrEnum


class Colour(StrEnum):
    """The six investor families (C2). Their order is the board's and the notation's."""

    RED = "red"
    BLUE = "blue"
    YELLOW = "yellow"
    PINK = "pink"
    ORANGE = "orange"
    GREEN = "green"

    @property
    def letter(self) -> str:
        """One letter per colour, so a colour-blind player never depends on the hue."""
        return _LETTERS[self]

    @classmethod
    def from_letter(cls, letter: str) -> Colour:
        return _BY_LETTER[letter.upper()]


_LETTERS = {
    Colour.RED: "R",
    Colour.BLUE: "B",
    Colour.YELLOW: "Y",
    Colour.PINK: "P",
    Colour.ORANGE: "O",
    Colour.GREEN: "G",
}
_BY_LETTER = {v: k for k, v in _LETTERS.items()}
COLOURS: tuple[Colour, ...] = tuple(Colour)


class Kind(StrEnum):
    FAMILY = "family"
    TRAVEL = "travel"
    HIRE = "hire"
    BOSS = "boss"
    STOP = "stop"


class Card(StrEnum):
    """One influence card (C3). Travel cards carry a colour, or grey for the wildcards."""

    FAMILY_RED = "family red"
    FAMILY_BLUE = "family blue"
    FAMILY_YELLOW = "family yellow"
    FAMILY_PINK = "family pink"
    FAMILY_ORANGE = "family orange"
    FAMILY_GREEN = "family green"
    TRAVEL_RED = "travel red"
    TRAVEL_BLUE = "travel blue"
    TRAVEL_YELLOW = "travel yellow"
    TRAVEL_PINK = "travel pink"
    TRAVEL_ORANGE = "travel orange"
    TRAVEL_GREEN = "travel green"
    TRAVEL_GREY = "travel grey"
    HIRE = "hire"
    BOSS = "boss"
    STOP = "stop"

    @property
    def kind(self) -> Kind:
        return _KIND[self]

    @property
    def colour(self) -> Colour | None:
        """The card's colour; None for grey travel and for cards that have none."""
        return _COLOUR[self]


def family(colour: Colour) -> Card:
    return _FAMILY[colour]


def travel(colour: Colour | None) -> Card:
    """The travel card of a colour; None is the grey wildcard (TR1)."""
    return _TRAVEL[colour]


_FAMILY = {c: Card(f"family {c.value}") for c in COLOURS}
_TRAVEL: dict[Colour | None, Card] = {c: Card(f"travel {c.value}") for c in COLOURS}
_TRAVEL[None] = Card.TRAVEL_GREY
_KIND: dict[Card, Kind] = {c: Kind(c.value.split()[0]) for c in Card}
_COLOUR: dict[Card, Colour | None] = {
    c: (Colour(c.value.split()[1]) if " " in c.value and c is not Card.TRAVEL_GREY else None)
    for c in Card
}

#: How many of each card the box holds (C3, board.md).
DECK_COUNTS: dict[Card, int] = {
    **{family(c): 4 for c in COLOURS},
    **{travel(c): 3 for c in COLOURS},
    Card.TRAVEL_GREY: 3,
    Card.HIRE: 33,
    Card.BOSS: 10,
    Card.STOP: 10,
}
DECK_SIZE = 98
assert sum(DECK_COUNTS.values()) == DECK_SIZE


def full_deck() -> tuple[Card, ...]:
    """All 98 cards (C3) in a fixed order, ready to be shuffled."""
    return tuple(card for card, n in DECK_COUNTS.items() for _ in range(n))


Hand = tuple[Card, ...]


def sort_hand(cards: Iterable[Card]) -> Hand:
    """A hand is kept sorted so that equal hands compare equal and never reveal draw order."""
    return tuple(sorted(cards, key=_ORDER.__getitem__))


_ORDER = {c: i for i, c in enumerate(Card)}


def remove_cards(hand: Hand, cards: Iterable[Card]) -> Hand | None:
    """The hand without ``cards``, or None when the hand does not hold them all."""
    rest = list(hand)
    for card in cards:
        try:
            rest.remove(card)
        except ValueError:
            return None
    return tuple(rest)


def count(cards: Iterable[Card]) -> Counter[Card]:
    return Counter(cards)
