"""Can I close a deal on this space, and what would I keep? Read from one player's view only.

A Boss gathers each colour a space needs from, in order of cost: its own investor (D3) or a
family card in its hand (D4), both free; another player's investor, bought at a fair share of
the proceeds; an unowned investor, only by hiring it first with a set of 3 hire cards (H1–H2),
since an unowned investor supplies nothing (TR4). Family cards in other hands are not counted:
they are hidden, and nobody can be made to lay one.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection
from dataclasses import dataclass

from ..engine.cards import Card, Colour, Kind
from ..engine.deciders import HIRE_SET
from ..engine.options import Variant
from ..engine.view import PlayerView

#: The share of the proceeds a Boss is ready to pay out in all (it keeps at least a third).
PAY_SHARE = (2, 3)


@dataclass(frozen=True)
class Plan:
    #: Colours bought from the other players who own them.
    buys: tuple[Colour, ...]
    #: Unowned colours to hire first, a set of 3 hire cards each.
    hires: tuple[Colour, ...]


def fair_price(proceeds: int, investors: int) -> int:
    """A supplier's share: the proceeds split over the investors the space needs."""
    return max(1, proceeds // max(2, investors))


def proceeds_of(seen: PlayerView, space: int) -> int:
    if not seen.stack:
        return 0
    return seen.board.space(space).dividends * seen.board.tiles[seen.stack[0] - 1].value


def plan(seen: PlayerView, space_number: int, me: int, shy: Collection[int] = ()) -> Plan | None:
    """The cheapest way for ``me`` to close a deal on the space as its Boss, or None when some
    colour it needs cannot be had, or buying them all would leave less than the Boss keeps.
    ``shy``: players not to count on as sellers (they left its offers unanswered)."""
    space = seen.board.space(space_number)
    owners = seen.owners
    hand = Counter(seen.hand or ())
    family_in_hand = {c.colour for c in hand if c.kind is Kind.FAMILY}
    hire_sets = hand[Card.HIRE] // HIRE_SET

    def cost(colour: Colour) -> int:
        """0: free; 1: bought; 2: hired; 3: out of reach."""
        owner = owners[colour]
        if owner == me or colour in family_in_hand:
            return 0
        if owner in shy:
            return 3
        if owner is not None:
            return 1
        return 2  # unowned: only a hire set brings it into play

    required = sorted(space.required, key=lambda c: (cost(c), c.value))
    optional = [
        colour
        for group in space.choices()
        for colour in sorted(group.of, key=lambda c: (cost(c), c.value))[: group.pick]
    ]
    chosen = required + optional
    if any(cost(c) == 3 for c in chosen):
        return None
    buys = tuple(c for c in chosen if cost(c) == 1)
    hires = tuple(c for c in chosen if cost(c) == 2)
    if len(hires) > hire_sets:
        return None
    proceeds = proceeds_of(seen, space_number)
    if proceeds <= 0:
        return None
    fair = fair_price(proceeds, space.investors)
    v8 = seen.options.has(Variant.V8)  # the Boss uses others' investors and pays a share
    if not v8 and fair * len(buys) * PAY_SHARE[1] > proceeds * PAY_SHARE[0]:
        return None
    return Plan(buys, hires)
