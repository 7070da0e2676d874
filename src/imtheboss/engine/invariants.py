"""Facts that hold in every reachable state. Tests check them after every action; a bug that
loses a card or prints money shows up here first, named."""

from __future__ import annotations

from collections import Counter

from .cards import COLOURS, DECK_COUNTS, Card, family
from .state import GameState


def card_locations(state: GameState) -> Counter[Card] | None:
    """Every influence card, wherever it is; None when some hand or the pile is unknown."""
    if state.draw_pile is None or any(p.hand is None for p in state.players):
        return None
    cards: Counter[Card] = Counter(state.draw_pile)
    cards.update(state.discard)
    for player in state.players:
        cards.update(player.hand or ())
    if state.deal is not None:
        cards.update(family(f.colour) for f in state.deal.family)
        cards.update(t.card for t in state.deal.trips)
    if state.window is not None:
        cards.update(state.window.cards)
    return cards


def violations(state: GameState) -> list[str]:
    """What is wrong with ``state``, in words; empty when all is well."""
    found: list[str] = []
    cards = card_locations(state)
    if cards is not None and cards != Counter(DECK_COUNTS):
        diff = {c.value: cards[c] - n for c, n in DECK_COUNTS.items() if cards[c] != n}
        found.append(f"influence cards miscounted (C3): {diff}")
    if set(state.owners) != set(COLOURS):
        found.append("an investor card is missing (C2)")
    if any(o is not None and not 0 <= o < state.n for o in state.owners.values()):
        found.append("an investor belongs to nobody at the table (C2)")
    money = sum(p.money for p in state.players)
    if money != state.bank_paid:
        found.append(f"players hold ${money}M but the bank paid ${state.bank_paid}M (C5)")
    if any(p.money < 0 for p in state.players):
        found.append("someone has less than nothing (CL4)")
    if len(state.covered) != state.deals_done:
        found.append("covered spaces and deals done disagree (CL6)")
    if state.marker is not None and state.marker in state.covered:
        found.append("the marker stands on a covered space (CL6)")
    return found
