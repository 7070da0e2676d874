"""The moves a seat may make without showing its hand, for the privacy cover: a price for
its own card on the table, an offer made to it accepted, the Boss's acceptance of the prices
asked and the close, the Boss's standing offers. Each reads nothing of any hand (the cards
are on the table, the prices in the open), so the cover may show them to the whole table;
the cover is fed the table's view, addressed to the seat, with no hand and no money in it.
"""

from __future__ import annotations

from ..engine.actions import Action
from ..engine.legal import legal_actions
from ..engine.one_step import (
    accepted,
    accepts_then_close,
    closes_after,
    judge_after,
    needed_accepts,
    standing_offers,
)
from ..engine.state import GameState, Phase
from ..engine.view import PlayerView, view

#: The one-step closes are the engine's (``engine/one_step.py``): a seat on a device gets
#: them too. Named here for the table's screens, which read them from this module.
__all__ = [
    "PUBLIC_KINDS",
    "accepted",
    "accepts_then_close",
    "closes_after",
    "judge_after",
    "needed_accepts",
    "public_actions",
    "public_view",
    "standing_offers",
]

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
