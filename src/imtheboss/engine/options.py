"""Game options: the variants of RULES.md §5 and the setup choices the rulebooks leave open."""

from __future__ import annotations

from enum import StrEnum

from .errors import N_
from .frozen import Frozen, value


class Variant(StrEnum):
    """The optional rules V1–V8; each value is the rule ID it implements."""

    V1 = "V1"  # a boss card does not change the turn order
    V2 = "V2"  # 10+ cards at the start of a turn: you must attempt a deal
    V3 = "V3"  # only the Boss and players who played a card may be paid
    V4 = "V4"  # draw by investors owned: 0→4, 1→3, 2→2, 3+→1
    V5 = "V5"  # 3 or fewer cards: you may not start a deal
    V6 = "V6"  # from the 10th deal on, the hand limit is 10
    V7 = "V7"  # short game: tiles #3, #6, #9 removed
    V8 = "V8"  # two-player rules


#: Message keys (the UI shows them with ``_()``).
VARIANT_SUMMARY: dict[Variant, str] = {
    Variant.V1: N_("A boss card changes the Boss but not the turn order"),
    Variant.V2: N_("With 10+ cards at the start of your turn you must attempt a deal"),
    Variant.V3: N_("Only the Boss and players who played an influence card may be paid"),
    Variant.V4: N_("Draw 4/3/2/1 cards for 0/1/2/3+ investors owned"),
    Variant.V5: N_("With 3 or fewer cards you may not start a deal"),
    Variant.V6: N_("From the 10th deal on the hand limit is 10"),
    Variant.V7: N_("Short game: deal tiles #3, #6 and #9 removed"),
    Variant.V8: N_(
        "Two-player rules: investors used without consent, own-investor travel, must close"
    ),
}


class StartPlayer(StrEnum):
    """S6 ruling: random by default; English editions use the alphabetical investor."""

    RANDOM = "random"
    ALPHABETICAL = "alphabetical"


@value
class Options(Frozen):
    """The variants in play and how the start player is chosen. Read from a file it is
    validated at the edge (pydantic); built in code, any collection of variants will do."""

    variants: frozenset[Variant] = frozenset()
    start: StartPlayer = StartPlayer.RANDOM

    def __post_init__(self) -> None:
        variants = self.variants
        if type(variants) is not frozenset or not all(type(v) is Variant for v in variants):
            object.__setattr__(self, "variants", frozenset(Variant(v) for v in variants))
        if type(self.start) is not StartPlayer:
            object.__setattr__(self, "start", StartPlayer(self.start))

    def has(self, variant: Variant) -> bool:
        return variant in self.variants


HAND_LIMIT = 12
HAND_LIMIT_V6 = 10
DRAW = 3
