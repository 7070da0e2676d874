"""``legal_kinds`` and the lazy ``LegalActions`` answer exactly what ``legal_actions`` lists.

Bots choose a kind first from ``legal_kinds`` (worked out without building any action), so a
kind it names that has no action, or a kind it misses, would skew or break every bot."""

from __future__ import annotations

import random

import pytest

from imtheboss.bots.random_play import RandomPlayer, random_steps
from imtheboss.engine import (
    GameState,
    Options,
    Setup,
    Variant,
    apply,
    closes,
    kinds,
    legal_actions,
    legal_kinds,
    listing,
    memo,
    new_game,
    view,
)
from imtheboss.engine.actions import (
    Accept,
    Ask,
    Close,
    LayFamily,
    PlayHire,
    PlayStop,
    PlayTravel,
    TimeUp,
)
from imtheboss.engine.cards import Card
from imtheboss.engine.lazy import LegalActions
from imtheboss.engine.legal import has_legal
from imtheboss.engine.state import FamilyRef, Phase, Price
from support import ANN, BOB, DI, B, G, O, P, R, Y, dealing, inv, play, position

NAMES = ("Ann", "Bob", "Cy", "Di", "Eve", "Flo")


@pytest.mark.parametrize("game", range(24))
def test_kinds_are_the_kinds_of_the_legal_actions(game: int) -> None:
    """Along random games of 2–6 seats, random variants (V8 at any number of seats, half
    the games)."""
    rng = random.Random(game)
    players = 2 if game % 6 == 5 else 3 + game % 4
    variants = {v for v in Variant if rng.random() < 0.3}
    if players == 2 or game % 2:
        variants.add(Variant.V8)
    state = new_game(Setup(players=NAMES[:players], seed=game, options=Options(variants=variants)))
    for before, _, _, _ in random_steps(state, rng):
        for seat in range(before.n):
            fresh = before.replace()  # nothing remembered from the game's own questions
            kinds = legal_kinds(fresh, seat)
            listed = legal_actions(before.replace(), seat)
            assert kinds == {a.kind for a in listed}, (before.phase, seat)
            assert has_legal(before.replace(), seat) == bool(listed)
            lazy = LegalActions(before.replace(), seat)
            assert bool(lazy) == bool(listed)
            assert lazy.kinds == kinds
            for kind in kinds:
                assert lazy.of(kind) == [a for a in listed if a.kind == kind]
            assert list(lazy) == listed and len(lazy) == len(listed)
            if listed:
                assert listed[-1] in lazy and lazy[0] == listed[0]


#: Every combination of the variants (256), each a frozenset.
COMBINATIONS = [
    frozenset(v for i, v in enumerate(Variant) if bits >> i & 1)
    for bits in range(1 << len(Variant))
]
#: The carried-answers games are played in batches, so that pytest-xdist spreads them.
BATCHES = 6


@pytest.mark.parametrize("batch", range(BATCHES))
def test_answers_carried_from_the_last_state_are_the_ones_worked_out_afresh(batch: int) -> None:
    """The closes and each seat's influence kinds are carried over from the state before when
    the objects they depend on are the same ones, and some moves hand their state's facts on
    to the next: along a game they must equal what is worked out from nothing (a fact missing
    from a carried key, or handed on wrongly, would show here). Every question is asked of
    each state before the move from it is played, as at a table, so that there is something
    to carry and hand on. One game of every combination of the variants, at 2 (3 without
    V8), 4 or 6 seats in turn: a carry that forgets a fact only one variant reads (V3's
    plays, V8's own-investor travel) shows only where that variant is in play."""
    for index in range(batch, len(COMBINATIONS), BATCHES):
        variants = COMBINATIONS[index]
        seats = (2, 4, 6)[index // BATCHES % 3]
        players = 3 if seats == 2 and Variant.V8 not in variants else seats
        _play_asking_everything(index * 7 + seats, players, variants)


def _play_asking_everything(game: int, players: int, variants: frozenset[Variant]) -> None:
    """One random game, every carried answer compared with one worked out afresh."""
    rng = random.Random(1000 + game)
    state = new_game(Setup(players=NAMES[:players], seed=game, options=Options(variants=variants)))
    deals = 0
    player, moves = RandomPlayer(rng), 0
    forget_carried_answers()
    for _ in range(5000):
        if state.phase is Phase.OVER:
            break
        before = state
        if before.phase is Phase.DEAL and before.window is None:
            deals += 1
            _same_answers_remembered_and_afresh(before)
        action = player.choose(before, moves)
        state, _ = player.outcome(before, action) or apply(before, action)
        moves = moves + 1 if state.deal is not None else 0
    assert state.phase is Phase.OVER
    assert deals > 0, "no deal was asked about"


def _same_answers_remembered_and_afresh(before: GameState) -> None:
    """The closes, the influence kinds, and every seat's kinds, legal actions and view, as
    ``before`` remembers them and as a copy works them out with nothing carried."""
    carried = closes.close_actions(before)
    afresh = list(closes._find_closes(before.replace()))
    assert [a.supplies for a in carried] == afresh
    deal, v8 = before.deal, before.options.has(Variant.V8)
    assert deal is not None
    sources = closes.agreeing_cards(deal, before.owners, v8)
    required = before.board.space(deal.space).required
    assert closes._may_meet(deal, required, before.owners, v8) == all(sources[c] for c in required)
    for seat in range(before.n):
        assert kinds._influence_kinds(before, seat) == kinds._influence_kinds_now(before, seat)
    # What the game's own state remembers (facts handed on from the state before it
    # included) against a copy that remembers nothing, worked out with no answer
    # carried from any other state.
    remembered = {
        seat: (legal_kinds(before, seat), legal_actions(before, seat), view(before, seat))
        for seat in range(before.n)
    }
    forget_carried_answers()
    fresh = before.replace()
    for seat in range(before.n):
        assert remembered[seat] == (
            legal_kinds(fresh, seat),
            legal_actions(fresh, seat),
            view(fresh, seat),
        )
    # The carries are left as the fresh copy set them (its parts are the state's own very
    # objects): the next state's remembered answers are then worked out carrying them over,
    # as at a table.


def forget_carried_answers() -> None:
    """Drop every answer kept from one state for the next (the module-level carries)."""
    memo.reset_all()


def test_a_family_card_laid_can_open_a_travel_that_had_no_target() -> None:
    """A seat's influence kinds are carried over while its hand is the same; a family card
    laid only adds travel targets, so a hand that could travel still can, but one that could
    not may now: Bob's red travel card has no target while he owns the red investor himself
    (TR5), and gets one when Ann lays her red family card (TR1)."""
    state = dealing(
        position(
            investors={"Ann": (B,), "Bob": (R, Y), "Cy": (P,), "Di": (O, G)},
            hands={"Bob": (Card.TRAVEL_RED, Card.STOP)},
        )
    )
    forget_carried_answers()
    assert "travel" not in legal_kinds(state, BOB)
    laid, _ = apply(state, LayFamily(player=ANN, colour=R))
    assert "travel" in legal_kinds(laid, BOB)
    assert legal_kinds(laid, BOB) == {a.kind for a in legal_actions(laid.replace(), BOB)}


def test_the_closes_carried_over_a_stopped_travel_read_who_played() -> None:
    """V3 with V8: Bob agreed $10M for yellow but played nothing, so he is paid nothing and
    the shares of Di's investors (12 // 5 = $2M each, V8) are forfeited too (V3); every close
    fits the $12M. Bob's travel stopped by Di changes nothing on the table but who played:
    now Bob's $10M and a share of Di's count, and a close with both of Di's investors would
    pay $14M (N3). The closes carried over from the state before must not offer it (with
    ``deal.played`` missing from their carried key they did, and ``apply`` refused them)."""
    state, _ = play(
        dealing(position(variants=[Variant.V3, Variant.V8])),
        Ask(player=BOB, cards=(inv(Y),), price=Price(amount=10)),
        Accept(player=ANN, supplier=BOB),
    )
    forget_carried_answers()
    before = [a for a in legal_actions(state, ANN) if a.kind == "close"]
    assert len(before) == 3  # R B Y with two of P O G
    stopped, _ = play(state, PlayTravel(player=BOB, target=inv(R)), PlayStop(player=DI))
    assert stopped.window is None and stopped.deal is not None
    assert stopped.deal.played == {BOB, DI}
    closes = [a for a in legal_actions(stopped, ANN) if a.kind == "close"]
    for close in closes:
        apply(stopped, close)  # raises if an offered close is refused
    assert isinstance(closes[0], Close) and len(closes) == 2
    assert all(not {O, G} <= set(c.supplies) for c in closes if isinstance(c, Close))


def test_the_closes_carried_over_a_hire_read_who_owns_what() -> None:
    """V8, two players: Ann owns red and blue, Bob agreed $6M for his blue family card; the
    deal pays $9M. Bob hires Ann's red: now red is his and takes a V8 share ($4M), so the
    close with his family card would pay $10M (N3). A hire changes nothing of the deal but
    who owns what: the closes asked while its window was open must not be carried over it
    (with ``state.owners`` missing from their carried key they were, and ``apply`` refused
    one)."""
    state, _ = play(
        dealing(
            position(
                players=("Ann", "Bob"),
                investors={"Ann": (R, B, Y), "Bob": (P, O, G)},
                hands={"Bob": (Card.FAMILY_BLUE, Card.HIRE, Card.HIRE, Card.HIRE)},
                variants=[Variant.V8],
                marker=1,
                deals_done=5,
            )
        ),
        LayFamily(player=BOB, colour=B),
        Ask(player=BOB, cards=(FamilyRef(owner=BOB, colour=B),), price=Price(amount=6)),
        Accept(player=ANN, supplier=BOB),
    )
    forget_carried_answers()
    assert len(closes.close_actions(state)) == 2
    state, _ = play(state, PlayHire(player=BOB, colour=R))
    assert len(closes.close_actions(state)) == 2  # asked with the window open
    state, _ = play(state, TimeUp())
    assert state.owners[R] == BOB
    offered = [a for a in legal_actions(state, ANN) if a.kind == "close"]
    for close in offered:
        apply(state, close)  # raises if an offered close is refused
    assert [a.supplies for a in offered] == [{R: inv(R), B: inv(B)}]


def test_the_legal_lists_do_not_grow_with_the_money() -> None:
    """A custom board's tile worth $1,000,000M (issue 23): the asks and offers of a deal
    were listed one for every whole $M of the proceeds, millions of them. Now at most
    ``LISTED_PRICES`` prices a card, from $0M to the proceeds, each accepted by ``apply``."""
    state = position()
    board = state.board
    rich = board.replace(tiles=tuple(t.replace(value=1_000_000) for t in board.tiles))
    state = dealing(state.replace(board=rich))
    proceeds = state.proceeds
    assert proceeds == 6_000_000
    asks = [a for a in legal_actions(state, BOB) if isinstance(a, Ask)]
    assert 0 < len(asks) <= 2 * listing.LISTED_PRICES * len({a.cards for a in asks})
    dollars = sorted({a.price.amount for a in asks if not a.price.dividends})
    assert dollars[0] == 0 and dollars[-1] == proceeds and len(dollars) == listing.LISTED_PRICES
    for ask in asks[:: len(asks) // 7]:
        apply(state, ask)  # raises if a listed ask is refused
    assert legal_kinds(state, BOB) == {a.kind for a in legal_actions(state, BOB)}
    offers = legal_actions(state, ANN, ("offer",))
    assert 0 < len(offers) <= 2 * listing.LISTED_PRICES * 5
