"""The moves a seat may make without showing its hand, for the privacy cover: a price for
its own card on the table, an offer made to it accepted, the Boss's acceptance of the prices
asked and the close. Each reads nothing of any hand (the cards are on the table, the prices
in the open), so the cover may show them to the whole table; the cover is fed the table's
view, addressed to the seat, with no hand and no money in it.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping

from ..engine import actions as A
from ..engine.actions import Action
from ..engine.cards import Colour
from ..engine.errors import IllegalAction
from ..engine.game import apply, check_close
from ..engine.legal import legal_actions
from ..engine.state import CardRef, GameState, Phase
from ..engine.view import PlayerView, view

#: The kinds of move a seat may make from the cover (the engine decides them from the deal
#: on the table alone: ``test_public_moves`` swaps the hands and sees the same moves).
PUBLIC_KINDS = ("ask", "accept", "close")


def public_view(state: GameState, seat: int) -> PlayerView:
    """The table's view, addressed to ``seat`` (its cards are "your" cards), no hand in it."""
    return view(state, None).model_copy(update={"viewer": seat})


def public_actions(state: GameState, seat: int) -> tuple[Action, ...]:
    """``seat``'s legal moves of ``PUBLIC_KINDS``: none outside a deal's negotiation (a card
    played waits for answers that may need the hand)."""
    if state.phase is not Phase.DEAL or state.window is not None:
        return ()
    return tuple(a for a in legal_actions(state, seat, PUBLIC_KINDS) if a.kind in PUBLIC_KINDS)


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
    """The closes the Boss may choose once every price asked is accepted, the cheapest for
    the Boss first (what the close's cards cost, then the engine's order: agreed cards
    first, then the Boss's own): the terms the one-step close proposes."""
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


def accepted(state: GameState, accepts: tuple[A.Accept, ...]) -> GameState | None:
    """The game once every one of ``accepts`` is played (None: one of them is refused)."""
    for accept in accepts:
        try:
            state, _ = apply(state, accept)
        except IllegalAction:
            return None
    return state
