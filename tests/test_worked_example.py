"""RULES.md §6, the worked example of all the rulebooks, step by step through the public API."""

from __future__ import annotations

import pytest

from imtheboss.engine import (
    Accept,
    Ask,
    Card,
    Close,
    Colour,
    FamilyRef,
    GameState,
    InvestorRef,
    LayFamily,
    Offer,
    Phase,
    PlayBoss,
    PlayHire,
    PlayStop,
    PlayTravel,
    Position,
    Price,
    Roll,
    StartDeal,
    TimeUp,
    apply,
    from_position,
)
from imtheboss.engine.events import CardsDiscarded, CardsReturned, Paid

JEONGHOON, JAEYOUNG, SHINYOUNG, SEONJU = range(4)
R, B, Y, P, O, G = Colour.RED, Colour.BLUE, Colour.YELLOW, Colour.PINK, Colour.ORANGE, Colour.GREEN


def example_position() -> GameState:
    return from_position(
        Position(
            players=("Jeonghoon", "Jaeyoung", "Shinyoung", "Seonju"),
            investors={"Jeonghoon": (B, P), "Jaeyoung": (R,), "Shinyoung": (Y, G), "Seonju": (O,)},
            deals_done=12,
            marker=5,
            turn="Jeonghoon",
        )
    )


@pytest.mark.rule("§6")
def test_the_worked_example_step_by_step() -> None:
    state = example_position()
    assert state.next_tile is not None and state.next_tile.value == 5  # the 13th deal: $5M
    space = state.board.space(5)
    assert space.dividends == 6 and space.required == {R, B, Y} and space.pick == 2
    log = []

    def do(action: object) -> None:
        nonlocal state
        state, events = apply(state, action)  # type: ignore[arg-type]
        log.extend(events)

    # 1. Jeonghoon starts the deal; lays green and yellow family cards.
    do(StartDeal(player=JEONGHOON))
    assert state.deal is not None and state.deal.boss == JEONGHOON
    assert state.proceeds == 30
    do(LayFamily(player=JEONGHOON, colour=G))
    do(LayFamily(player=JEONGHOON, colour=Y))

    # 2. $5M offered for red, $8M asked, accepted.
    do(
        Offer(
            player=JEONGHOON,
            supplier=JAEYOUNG,
            cards=(InvestorRef(colour=R),),
            price=Price(amount=5),
        )
    )
    do(Ask(player=JAEYOUNG, cards=(InvestorRef(colour=R),), price=Price(amount=8)))
    do(Accept(player=JEONGHOON, supplier=JAEYOUNG))
    assert [(a.supplier, a.price.amount) for a in state.deal.agreements] == [(JAEYOUNG, 8)]

    # 3. Shinyoung's travel on blue is stopped: both cards discarded.
    do(PlayTravel(player=SHINYOUNG, target=InvestorRef(colour=B)))
    do(PlayStop(player=JEONGHOON))
    assert state.discard[-2:] == (Card.TRAVEL_BLUE, Card.STOP)
    assert not state.deal.travelling(B)

    # 4. Seonju's travel on blue: no stop. Blue is travelling.
    do(PlayTravel(player=SEONJU, target=InvestorRef(colour=B)))
    do(TimeUp())
    assert state.deal.travelling(B)

    # 5. Seonju lays a blue family card and asks $9M for it.
    do(LayFamily(player=SEONJU, colour=B))
    do(Ask(player=SEONJU, cards=(FamilyRef(owner=SEONJU, colour=B),), price=Price(amount=9)))

    # 6. Boss, boss, boss: Jaeyoung is Boss.
    do(PlayBoss(player=JAEYOUNG))
    do(TimeUp())
    assert state.deal.boss == JAEYOUNG
    do(PlayBoss(player=JEONGHOON))
    do(TimeUp())
    assert state.deal.boss == JEONGHOON
    do(PlayBoss(player=JAEYOUNG))
    do(TimeUp())
    assert state.deal.boss == JAEYOUNG
    # B2: the agreement between the old and the new Boss lapsed.
    assert all(a.supplier != JAEYOUNG for a in state.deal.agreements)

    # 7. Jaeyoung lays orange and pink; his red agrees automatically.
    do(LayFamily(player=JAEYOUNG, colour=O))
    do(LayFamily(player=JAEYOUNG, colour=P))

    # 8. Seonju asks $10M for blue; Jeonghoon his yellow family for $10M; Shinyoung $8M yellow.
    do(Ask(player=SEONJU, cards=(FamilyRef(owner=SEONJU, colour=B),), price=Price(amount=10)))
    do(Ask(player=JEONGHOON, cards=(FamilyRef(owner=JEONGHOON, colour=Y),), price=Price(amount=10)))
    do(Ask(player=SHINYOUNG, cards=(InvestorRef(colour=Y),), price=Price(amount=8)))

    # 9. Jeonghoon hires Shinyoung's yellow investor; no stop. "Yellow is $10M."
    do(PlayHire(player=JEONGHOON, colour=Y))
    do(TimeUp())
    assert state.owners[Y] == JEONGHOON
    assert all(p.supplier != SHINYOUNG for p in state.deal.proposals)  # her ask lapsed
    do(Ask(player=JEONGHOON, cards=(InvestorRef(colour=Y),), price=Price(amount=10)))

    # 10. Jaeyoung accepts both and closes: "One, two, the deal is done."
    do(Accept(player=JAEYOUNG, supplier=SEONJU))
    do(Accept(player=JAEYOUNG, supplier=JEONGHOON))
    money_before = [p.money for p in state.players]
    log.clear()
    do(
        Close(
            player=JAEYOUNG,
            supplies={
                R: InvestorRef(colour=R),
                B: FamilyRef(owner=SEONJU, colour=B),
                Y: InvestorRef(colour=Y),
                O: FamilyRef(owner=JAEYOUNG, colour=O),
                P: FamilyRef(owner=JAEYOUNG, colour=P),
            },
        )
    )
    assert state.window is not None  # the last call: "One, two…"
    do(TimeUp())

    # Outcome: $30M to Jaeyoung, who pays $10M each to Seonju and Jeonghoon and keeps $10M.
    gained = [p.money - m for p, m in zip(state.players, money_before, strict=True)]
    assert gained == [10, 10, 0, 10]
    paid = [(e.payer, e.payee, e.amount) for e in log if isinstance(e, Paid)]
    assert paid == [(None, JAEYOUNG, 30), (JAEYOUNG, SEONJU, 10), (JAEYOUNG, JEONGHOON, 10)]
    # Discarded: orange, pink and blue family cards (took part), the travel card on blue.
    discarded = [c for e in log if isinstance(e, CardsDiscarded) for c in e.cards]
    assert sorted(discarded) == sorted(
        [Card.FAMILY_ORANGE, Card.FAMILY_PINK, Card.FAMILY_BLUE, Card.TRAVEL_BLUE]
    )
    # Back to hand: Jeonghoon's yellow (his investor took part instead) and green family cards.
    returned = [(e.player, sorted(e.cards)) for e in log if isinstance(e, CardsReturned)]
    assert returned == [(JEONGHOON, sorted([Card.FAMILY_GREEN, Card.FAMILY_YELLOW]))]
    # Jeonghoon owns yellow; the 13th tile covers space 5; the marker moved on.
    assert state.investors_of(JEONGHOON) == (B, Y, P)
    assert state.covered[5] == 13 and state.deals_done == 13
    assert state.marker != 5 and state.marker not in state.covered
    # Jaeyoung rolls a 5: tile #13 ends the game on 1–4 only, so play goes on...
    assert state.phase is Phase.END_ROLL and state.end_roller == JAEYOUNG
    do(Roll(player=JAEYOUNG, value=5))
    # ...and Shinyoung, on Jaeyoung's left, plays next.
    assert state.phase is Phase.TURN and state.turn == SHINYOUNG
    assert state.bank_paid == sum(p.money for p in state.players) == 30
