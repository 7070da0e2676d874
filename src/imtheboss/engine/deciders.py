"""The rules that more than one part of the game asks about, each decided once.

A rule is asked in up to four places: the handler that refuses an illegal action (with the
rule's ID and a sentence), the legal lists (``legal.py``), the kinds of action a seat has
(``legal_kinds``) and the bots. Each of them calls the decider here instead of writing the
rule again, so a change of ruling is made in one place. A decider takes the few facts the
rule reads (not the whole state), so that the lists built once per combination of those
facts can call it too. Where a rule has several clauses the decider names the clause that
forbids (its rule ID), and the handler words the refusal; ``may_…`` says yes or no.

``DECIDED_BY`` (below) maps every rule ID of RULES.md to the one function that decides it;
``tests/test_engine_shape.py`` checks that each exists and cites its ID, and that the lists
and the bots call the shared deciders.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Collection

from .cards import Card, Colour, Kind, family
from .options import Variant
from .state import Agreement, CardRef, Deal, GameState, Price, Proposal

# -- T1, V2, V5: the turn -------------------------------------------------------------------


def may_start_deal(state: GameState, hand: tuple[Card, ...] | None) -> bool:
    """V5: with 3 or fewer influence cards a player may not start a deal (T1 otherwise
    allows one at the start of a turn and after the roll)."""
    return not (state.options.has(Variant.V5) and hand is not None and len(hand) <= 3)


def may_draw(state: GameState, hand: tuple[Card, ...] | None) -> bool:
    """V2: with 10 or more cards at the start of the turn a player must deal, not draw (T1)."""
    return not (state.options.has(Variant.V2) and hand is not None and len(hand) >= 10)


# -- D4, N1, N3, N5: the negotiation --------------------------------------------------------

_FAMILY_CARDS = frozenset(family(c) for c in Colour)


#: ``may_lay_family``'s check as one C call (true when the hand holds no family card), for
#: the path that asks it of almost every seat at every step (``legal.has_legal``): no frame.
holds_no_family = _FAMILY_CARDS.isdisjoint


def may_lay_family(hand: Collection[Card]) -> bool:
    """D4, N1: any player may lay a family card from hand during a deal, at any moment."""
    return not holds_no_family(hand)


def price_fits(price: Price, value: int, room: int) -> bool:
    """N3: a price is paid out of the proceeds: the Boss may accept it only while it is no
    more than what the agreements leave of them (``room``; ``value`` is the tile's, for a
    price in dividends)."""
    return price.dollars(value) <= room


def promised_of(agreements: tuple[Agreement, ...], value: int) -> int:
    """N3, N5: what the agreements have promised out of the proceeds, in $M (a price in
    dividends at the tile's ``value``): the proceeds less this is the room a new price must
    fit (``price_fits``). Every agreement counts until the deal ends, the Boss changes or both
    sides cancel, whether or not its cards can still take part."""
    return sum(a.price.dollars(value) for a in agreements) if agreements else 0


def may_cancel(deal: Deal, asker: int, other: int) -> bool:
    """N5: one side of an agreement may ask to cancel it, once (both sides must ask)."""
    return (asker, other) not in deal.cancel_requests


def offers_left(
    proposals: tuple[Proposal, ...], supplier: int | None, ref: CardRef
) -> tuple[Proposal, ...]:
    """N5 (ruling 2026-12-01), for a card that can no longer take part for ``supplier`` — sent
    travelling (TR2, TR3) or hired away (H1): the open offers left, ``supplier``'s for it
    lapsing. Its agreements are not touched: only the Boss changing (B2) or both sides
    cancelling ends one; it keeps counting toward N3's cap, and is paid only if one of its
    cards takes part (CL4). An unowned investor (``supplier`` None) had no offers."""
    return tuple(p for p in proposals if p.supplier != supplier or ref not in p.cards)


# -- TR1, TR4, TR5: travel cards ------------------------------------------------------------


def travel_card_fits(card: Card, target: Colour) -> bool:
    """TR1: a travel card goes on an investor or family card of its colour; grey on any."""
    return target in travel_colours(card)


#: The colours each travel card goes on (TR1: its own; grey, any). ``travel_colours(card)``
#: is ``travel_card_fits``' check as one C call per card, for the lists and kinds that ask it
#: of every travel card for every colour it might go on: no frame per colour.
_FITS = {
    card: frozenset(Colour) if card is Card.TRAVEL_GREY else frozenset({card.colour})
    for card in Card
    if card.kind is Kind.TRAVEL
}
travel_colours = _FITS.__getitem__


def may_travel_on(owner: int | None, travelling: bool, player: int, v8: bool) -> bool:
    """TR1, TR4, TR5: an investor may be sent travelling when it is in play (owned, TR4), not
    travelling already (TR1), and another's, or one's own under the two-player rules (TR5,
    V8). Written out here, not through ``travel_refusal``: the lists and kinds ask it of every
    investor, and a second frame per investor showed in the bots' table."""
    return owner is not None and not travelling and (owner != player or v8)


def travel_refusal(owner: int | None, travelling: bool, player: int, v8: bool) -> str | None:
    """The rule that forbids sending this investor travelling, or None: ``may_travel_on``'s
    clause that says no, named: an unowned one is not in play (TR4), one travelling already
    cannot go again (TR1), and one's own only under the two-player rules (TR5, V8)."""
    if may_travel_on(owner, travelling, player, v8):
        return None
    if owner is None:
        return "TR4"
    return "TR1" if travelling else "TR5"


# -- B1: the boss card; H1, H2: hire sets ---------------------------------------------------


def may_play_boss(player: int, boss: int) -> bool:
    """B1: "I'm the Boss!" is played by anyone but the Boss (ruling)."""
    return not_the_boss(player, boss)


#: ``may_play_boss``' check as one C call, for the paths that ask it of every seat at every
#: step (the key of a seat's influence list, its influence kinds): no frame.
not_the_boss: Callable[[int, int], bool] = operator.ne


#: H1: a hire set is this many hire cards, played together.
HIRE_SET = 3


def holds_hire_set(hand: Collection[Card]) -> bool:
    """H1: the hand can play a hire set (for whoever tells a player what their hand can
    do; the legal lists read ``HIRE_SET`` on their hot path)."""
    return list(hand).count(Card.HIRE) >= HIRE_SET


def hire_refusal(owner: int | None, player: int, any_unowned: bool) -> str | None:
    """The rule that forbids hiring this investor, or None: never one's own (H1), and an
    unowned one first while any lies beside the board (H2)."""
    if owner == player:
        return "H1"
    if owner is not None and any_unowned:
        return "H2"
    return None


def may_hire(owner: int | None, player: int, any_unowned: bool) -> bool:
    """H1, H2: ``hire_refusal`` found nothing against it."""
    return hire_refusal(owner, player, any_unowned) is None


#: Every rule ID of RULES.md and the one function that decides it ("module.function" under
#: ``imtheboss.engine``): the shared deciders above, or the handler that is the only place
#: asking. The rules of the components and the setup (C, S) are decided where the game is
#: built or read.
DECIDED_BY: dict[str, str] = {
    "C1": "board.default_board",
    "C2": "cards.Colour",
    "C3": "cards.full_deck",
    "C4": "state.GameState.next_tile",
    "C5": "invariants.violations",
    "S1": "setup.check_player_count",
    "S2": "setup.new_game",
    "S3": "view.view",
    "S4": "setup._stack",
    "S5": "setup.new_game",
    "S6": "turn._place_marker",
    "T1": "turn._require_turn",
    "T2": "turn._discard",
    "T3": "turn._draw",
    "T4": "common._require_deal",
    "D1": "turn._start_deal",
    "D2": "closes.check_close",
    "D3": "closes.check_close",
    "D4": "deciders.may_lay_family",
    "D5": "closes.check_close",
    "N1": "negotiation._check_cards",
    "N2": "closing._end_of_deal",
    "N3": "deciders.price_fits",
    "N4": "negotiation._accept",
    "N5": "deciders.may_cancel",
    "TR1": "deciders.travel_card_fits",
    "TR2": "influence._travel_effect",
    "TR3": "influence._travel_effect",
    "TR4": "deciders.travel_refusal",
    "TR5": "deciders.travel_refusal",
    "H1": "deciders.hire_refusal",
    "H2": "deciders.hire_refusal",
    "H3": "influence._hire_effect",
    "B1": "deciders.may_play_boss",
    "B2": "influence._boss_effect",
    "B3": "common._next_turn",
    "ST1": "windows._stop",
    "ST2": "windows._stop",
    "ST3": "windows._stop",
    "CL1": "closing._close",
    "CL2": "closing._close",
    "CL3": "closes.check_close",
    "CL4": "closing._close_effect",
    "CL5": "closing._end_of_deal",
    "CL6": "closing._close_effect",
    "CL7": "turn._draw",
    "F1": "closing._fail",
    "F2": "closing._end_of_deal",
    "F3": "closing._fail",
    "M1": "view.MoneyPile",
    "E1": "end._end_roll",
    "E2": "closing._close_effect",
    "E3": "end._game_over",
    "V1": "common._next_turn",
    "V2": "deciders.may_draw",
    "V3": "closes.check_close",
    "V4": "turn.draw_count",
    "V5": "deciders.may_start_deal",
    "V6": "state.GameState.hand_limit",
    "V7": "setup._stack",
    "V8": "closes.must_close",
}
