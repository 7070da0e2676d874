"""A full game state rebuilt from one player's view, with what it cannot see sampled.

A searching bot needs states the engine can run, but it may know only its view: its own hand
and money, the open cards (the discard pile, family cards laid, travel cards on trips, the
cards of a pending play), everyone's investors, hand sizes and the look of their money piles.
Everything else is drawn at random consistently with that: the influence cards nobody has
seen (the 98-card deck of C3 less every card the viewer has seen) are shuffled and dealt into
the other hands, at their known sizes, and into the draw pile, at its known size; each rival's
money is a sum that shows the same pile across the table (M1); the dice get a fresh seed.
Nothing here reads a true state: the function takes a ``PlayerView`` only.
"""

from __future__ import annotations

import random
from collections import Counter

from ..engine.cards import DECK_COUNTS, Card, sort_hand
from ..engine.invariants import open_cards
from ..engine.state import GameState, PlayerState, Rng
from ..engine.view import MoneyPile, PlayerView

#: A sum that looks like each pile (M1: thin under $10M, a stack to $24M, a pile to $49M):
#: the middle of each band, and for a heap a typical winner's money.
PILE_MONEY: dict[MoneyPile, int] = {
    MoneyPile.NONE: 0,
    MoneyPile.THIN: 5,
    MoneyPile.STACK: 17,
    MoneyPile.PILE: 37,
    MoneyPile.HEAP: 60,
}


class NotDeterminizable(ValueError):
    """The view hides more than a sample can fill in: a position written down with unknown
    hands or draw pile (a dispute), or a spectator's view."""


def seen_cards(seen: PlayerView) -> Counter[Card]:
    """Every influence card whose place the viewer knows: its hand and the open cards."""
    cards: Counter[Card] = Counter(seen.hand or ())
    cards.update(open_cards(seen))
    return cards


def unseen_cards(seen: PlayerView) -> list[Card]:
    """The cards the viewer has not seen, in a fixed order (the deck's), ready to shuffle."""
    known = seen_cards(seen)
    out: list[Card] = []
    for card, total in DECK_COUNTS.items():
        left = total - known[card]
        if left < 0:
            raise NotDeterminizable(f"the view shows {known[card]} of {total} {card.value}")
        out.extend([card] * left)
    return out


def determinize(seen: PlayerView, rng: random.Random) -> GameState:
    """One full state the viewer cannot tell from the true one (a sample of what is hidden)."""
    me = seen.viewer
    if me is None or seen.hand is None or seen.money is None:
        raise NotDeterminizable("only a player's view can be filled in")
    if seen.draw_pile_size is None or any(p.hand_size is None for p in seen.players):
        raise NotDeterminizable("a hand or the draw pile is unknown")
    pool = unseen_cards(seen)
    wanted = seen.draw_pile_size + sum(p.hand_size or 0 for p in seen.players if p.seat != me)
    if wanted != len(pool):
        raise NotDeterminizable(f"{len(pool)} unseen cards for {wanted} hidden places")
    rng.shuffle(pool)
    players: list[PlayerState] = []
    at = 0
    for public in seen.players:
        if public.seat == me:
            hand, money = seen.hand, seen.money
        else:
            size = public.hand_size or 0
            hand, money = sort_hand(pool[at : at + size]), PILE_MONEY[public.pile]
            at += size
        players.append(
            PlayerState(name=public.name, hand=hand, money=money, deals_closed=public.deals_closed)
        )
    pile = tuple(pool[at:])
    end_tile = None
    if seen.end_roller is not None and seen.covered:
        end_tile = max(seen.covered.values())  # the tile just laid (E1)
    return GameState(
        board=seen.board,
        options=seen.options,
        players=tuple(players),
        owners=seen.owners,
        stack=seen.stack,
        covered=seen.covered,
        deals_done=seen.deals_done,
        marker=seen.marker,
        turn=seen.turn,
        phase=seen.phase,
        deal=seen.deal,
        window=seen.window,
        draw_pile=pile,
        discard=seen.discard,
        rng=Rng(seed=rng.getrandbits(62)),
        bank_paid=sum(p.money for p in players),
        end_roller=seen.end_roller,
        end_tile=end_tile,
        winners=seen.winners,
    )
