"""The Boss's one-step closes, decided from the engine's own moves: the prices asked accepted
and the close in one step, and the standing close (the Boss's offers, one price to each
supplier the close needs, and the close once they are all accepted).

Nothing here chooses what the engine does not: the acceptances are the engine's legal
``Accept`` moves, the offers are for the cards of the engine's own closes (``close_actions``
on the deal as if every card on the table were agreed), and the terms proposed are the
engine's closes, the cheapest for the Boss first, then in the engine's order (agreed cards
first, then the Boss's own). Every input is on the table (owners, family cards laid, the
deal's proposals and agreements, the tile), never a hand: a seat's cover and a seat on a
device may offer these moves to the whole table. A seat on a device gets them in its
snapshot (``seats/protocol.py``).
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence

from . import actions as A
from .cards import COLOURS, Colour
from .closes import close_actions, supplier_of
from .errors import IllegalAction
from .game import apply, check_close
from .legal import legal_actions
from .state import Agreement, CardRef, GameState, InvestorRef, Phase, Price


def accepts_then_close(state: GameState, seat: int) -> tuple[A.Accept, ...]:
    """The Boss's acceptances of every price asked, when once they are accepted the deal can
    close (CL1): one move accepts those the close uses and closes. Empty when ``seat`` is not
    the Boss, when no price is asked, or when one of them cannot be accepted (N3) or the deal
    still could not close."""
    deal = state.deal
    if deal is None or deal.boss != seat or state.window is not None:
        return ()
    asked = [p.supplier for p in deal.proposals if not p.by_boss]
    accepts = tuple(
        a
        for a in legal_actions(state, seat, ("accept",))
        if isinstance(a, A.Accept) and a.supplier in asked
    )
    if not accepts or len(accepts) != len(asked):
        return ()
    after = accepted(state, accepts)
    if after is None or not legal_actions(after, seat, ("close",)):
        return ()
    return accepts


def needed_accepts(
    state: GameState, accepts: tuple[A.Accept, ...], supplies: Mapping[Colour, CardRef]
) -> tuple[A.Accept, ...]:
    """Of ``accepts``, those of the prices asked for a card of the close (``supplies``): the
    Boss accepts only what the close uses."""
    deal = state.deal
    if deal is None:
        return ()
    used = set(supplies.values())
    cards = {p.supplier: set(p.cards) for p in deal.proposals if not p.by_boss}
    return tuple(
        a for a in accepts if a.supplier is not None and cards.get(a.supplier, set()) & used
    )


def closes_after(state: GameState, seat: int, accepts: tuple[A.Accept, ...]) -> list[A.Close]:
    """The closes the Boss may choose once every one of ``accepts`` is played, the cheapest
    for the Boss first (what the close's cards cost, then the engine's order: agreed cards
    first, then the Boss's own): the terms a one-step close proposes."""
    every = accepted(state, accepts)
    if every is None:
        return []
    closes = [a for a in legal_actions(every, seat, ("close",)) if isinstance(a, A.Close)]

    def cost(close: A.Close) -> int:
        try:
            return sum(judge_after(state, seat, accepts, close.supplies).values())
        except IllegalAction:
            return sys.maxsize

    return sorted(closes, key=cost)


def judge_after(
    state: GameState,
    seat: int,
    accepts: tuple[A.Accept, ...],
    supplies: Mapping[Colour, CardRef],
) -> dict[int, int]:
    """The engine's ruling on a close made once the prices asked for its cards are accepted
    (what each player is paid), or IllegalAction."""
    for accept in needed_accepts(state, accepts, supplies):
        state, _ = apply(state, accept)  # a refusal (N3) is the close's
    return check_close(state, seat, dict(supplies))


def accepted(state: GameState, accepts: Sequence[A.Action]) -> GameState | None:
    """The game once every one of ``accepts`` is played (None: one of them is refused)."""
    for accept in accepts:
        try:
            state, _ = apply(state, accept)
        except IllegalAction:
            return None
    return state


#: The price a standing offer's template carries until the Boss names the real one.
_ANY_PRICE = Price(amount=1)


#: At most this many standing closes to choose among (the menu's lines of one key).
STANDING_CHOICES = 6


def standing_offers(state: GameState, seat: int) -> tuple[tuple[A.Offer, ...], ...]:
    """The Boss's standing closes to choose among (N1, N5, CL1), each the offers of one of
    the engine's closes: one to each supplier whose cards that close needs, every such card
    of theirs in one offer (a bundle). The closes are the engine's, on the deal as if every
    card on the table were agreed, but not one that needs more than another does; those
    needing the fewest suppliers come first (then the fewest cards, then the engine's
    order), at most ``STANDING_CHOICES``. The offers carry
    a placeholder price (the Boss names one, the same for each). Empty when ``seat`` is not
    the Boss, outside the negotiation, when the deal may close already or could not close
    even so."""
    deal = state.deal
    if (
        deal is None
        or deal.boss != seat
        or state.window is not None
        or state.phase is not Phase.DEAL
        or legal_actions(state, seat, ("close",))
    ):
        return ()
    agreed = {ref for a in deal.agreements for ref in a.cards}
    tabled: dict[int, list[CardRef]] = {}
    for colour in COLOURS:
        owner = state.owners[colour]
        investor = InvestorRef(colour=colour)
        if owner not in (None, seat) and investor not in agreed and not deal.travelling(colour):
            tabled.setdefault(owner, []).append(investor)
    for fam in deal.family:
        if fam.owner != seat and fam not in agreed and fam not in tabled.get(fam.owner, ()):
            tabled.setdefault(fam.owner, []).append(fam)
    if not tabled:
        return ()
    supposed = tuple(
        Agreement(supplier=s, cards=tuple(refs), price=Price(amount=0))
        for s, refs in tabled.items()
    )
    hypothesis = state.replace(deal=deal.replace(agreements=deal.agreements + supposed))
    found: dict[frozenset[tuple[int, tuple[CardRef, ...]]], tuple[int, int, int]] = {}
    for order, close in enumerate(close_actions(hypothesis)):
        needed: dict[int, list[CardRef]] = {}
        for ref in close.supplies.values():
            owner = supplier_of(ref, state.owners)
            if owner is not None and owner != seat and ref not in agreed:
                needed.setdefault(owner, []).append(ref)
        if needed:
            key = frozenset((s, tuple(refs)) for s, refs in needed.items())
            size = (len(needed), sum(map(len, needed.values())), order)
            found[key] = min(found.get(key, size), size)
    # A close that asks for more than another one (a supplier's card beside the Boss's own)
    # is no choice to offer: only what some close needs.
    lean = [key for key in found if not any(other < key for other in found)]
    chosen = sorted(lean, key=found.__getitem__)[:STANDING_CHOICES]
    return tuple(
        tuple(
            A.Offer(player=seat, supplier=s, cards=cards, price=_ANY_PRICE)
            for s, cards in sorted(choice)
        )
        for choice in chosen
    )


def priced_offers(offers: Sequence[A.Offer], price: Price) -> tuple[A.Offer, ...]:
    """The standing offers with the price the Boss named."""
    return tuple(offer.model_copy(update={"price": price}) for offer in offers)


def standing_close(
    state: GameState, seat: int, offers: Sequence[A.Offer], since: Sequence[A.Action]
) -> A.Close | None:
    """The Boss's standing close, once due: ``since`` (the moves played after ``offers``)
    are only their suppliers' acceptances, every one of them; then the engine's proposed
    terms (``closes_after``), or None when the deal cannot close after all. None too while
    an acceptance is missing, and for good once any other move was played (a new offer, an
    ask, a travel, a stop, the Boss's own move: the standing close is off)."""
    if not standing_holds(seat, offers, since):
        return None
    if (
        accepted_by(since) != {offer.supplier for offer in offers}
        or state.deal is None
        or state.deal.boss != seat
    ):
        return None
    for close in closes_after(state, seat, ()):
        try:
            check_close(state, seat, dict(close.supplies))
        except IllegalAction:
            continue  # the prices agreed are more than the proceeds (N3)
        return close
    return None


def accepted_by(since: Sequence[A.Action]) -> set[int]:
    """The players who accepted, of ``since`` (``standing_holds``: only acceptances)."""
    return {a.player for a in since if isinstance(a, A.Accept)}


def standing_holds(seat: int, offers: Sequence[A.Offer], since: Sequence[A.Action]) -> bool:
    """The standing close still stands: nothing but its suppliers' acceptances since."""
    suppliers = {offer.supplier for offer in offers}
    return all(
        isinstance(a, A.Accept) and a.supplier is None and a.player in suppliers for a in since
    )
