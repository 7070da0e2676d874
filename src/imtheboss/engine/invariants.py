"""Facts that hold in every reachable state. Tests check them after every action; a bug that
loses a card or prints money shows up here first, named."""

from __future__ import annotations

from collections import Counter

from .cards import COLOURS, DECK_COUNTS, Card, family
from .state import GameState
from .view import PlayerView


def card_locations(state: GameState) -> Counter[Card] | None:
    """Every influence card, wherever it is; None when some hand or the pile is unknown."""
    if state.draw_pile is None or any(p.hand is None for p in state.players):
        return None
    cards: Counter[Card] = Counter(state.draw_pile)
    for player in state.players:
        cards.update(player.hand or ())
    cards.update(open_cards(state))
    return cards


def open_cards(table: GameState | PlayerView) -> Counter[Card]:
    """The influence cards in the open, seen by everyone: the discard pile, the family cards
    laid in a deal, the travel cards on trips and the cards of a pending play. A state and a
    view hold them alike, so the count of the whole deck and a bot's count of what it has seen
    are one piece of code."""
    cards: Counter[Card] = Counter(table.discard)
    if table.deal is not None:
        cards.update(family(f.colour) for f in table.deal.family)
        cards.update(t.card for t in table.deal.trips)
    if table.window is not None:
        cards.update(table.window.cards)
    return cards


def violations(state: GameState) -> list[str]:
    """What is wrong with ``state``, in words; empty when all is well: every card and
    investor accounted for (C2, C3), and the bank has paid out what the players hold (C5)."""
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
