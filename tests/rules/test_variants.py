"""V1–V8: the optional rules. Each test plays the same situation with and without the variant,
so that it fails if the engine ignores the variant (or applies it when it is off)."""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from imtheboss.engine import (
    Accept,
    Ask,
    Card,
    Close,
    Discard,
    Draw,
    Fail,
    GameState,
    IllegalAction,
    LayFamily,
    Options,
    Phase,
    PlayBoss,
    PlayStop,
    PlayTravel,
    Position,
    Price,
    Roll,
    Setup,
    StartDeal,
    TimeUp,
    Variant,
    apply,
    check_close,
    draw_count,
    from_position,
    legal_actions,
    new_game,
    possible_closes,
)
from imtheboss.engine.events import HandLimit, Paid
from support import ANN, BOB, CY, DI, B, G, O, P, R, Y, fam, inv, play, position, refused


def variants(on: bool, variant: Variant) -> tuple[Variant, ...]:
    return (variant,) if on else ()


def cards(*pairs: tuple[int, Card]) -> list[Card]:
    return [card for count, card in pairs for _ in range(count)]


def ten_cards() -> list[Card]:
    return cards((4, Card.HIRE), (3, Card.BOSS), (3, Card.STOP))


def all_hands(ann: Iterable[Card]) -> dict[str, list[Card]]:
    """Every hand known (so a seeded position knows its draw pile): Ann's as given."""
    return {"Ann": list(ann), "Bob": [Card.HIRE], "Cy": [Card.BOSS], "Di": [Card.STOP]}


# Space 5 (the default marker): R B Y + 2 of P O G, 6 dividends; tile #1 is worth $2M: $12M.
ALL_OWN_INVESTORS = {R: inv(R), B: inv(B), Y: inv(Y), P: inv(P), O: inv(O)}


# ---------------------------------------------------------------------------------------------
# V1: a boss card does not change the turn order


def boss_taken_by_bob(on: bool) -> GameState:
    """Ann's turn: she starts the deal on space 5, Bob takes it over with a boss card."""
    state, _ = play(
        position(variants=variants(on, Variant.V1)),
        StartDeal(player=ANN),
        PlayBoss(player=BOB),
        TimeUp(),
    )
    assert state.deal is not None and state.deal.boss == BOB
    assert state.turn == ANN
    return state


@pytest.mark.rule("V1")
@pytest.mark.parametrize(("on", "next_player"), [(False, CY), (True, BOB)])
def test_v1_failed_deal_next_player(on: bool, next_player: int) -> None:
    state, _ = play(boss_taken_by_bob(on), Fail(player=BOB))
    # B3: left of the last Boss (Bob) is Cy; V1: left of whose turn it was (Ann) is Bob.
    assert state.phase is Phase.TURN
    assert state.turn == next_player


@pytest.mark.rule("V1")
@pytest.mark.parametrize(("on", "next_player"), [(False, CY), (True, BOB)])
def test_v1_closed_deal_next_player(on: bool, next_player: int) -> None:
    state, _ = play(
        boss_taken_by_bob(on),
        Ask(player=ANN, cards=(inv(R), inv(B)), price=Price(amount=1)),
        Accept(player=BOB, supplier=ANN),
        Ask(player=CY, cards=(inv(P),), price=Price(amount=1)),
        Accept(player=BOB, supplier=CY),
        Ask(player=DI, cards=(inv(O),), price=Price(amount=1)),
        Accept(player=BOB, supplier=DI),
        Close(player=BOB, supplies=ALL_OWN_INVESTORS),
        TimeUp(),
    )
    assert state.deals_done == 1
    assert state.players[BOB].money == 12 - 3
    assert state.turn == next_player


@pytest.mark.rule("V1")
@pytest.mark.parametrize("on", [False, True])
def test_v1_changes_nothing_without_a_boss_card(on: bool) -> None:
    state, _ = play(
        position(variants=variants(on, Variant.V1)), StartDeal(player=ANN), Fail(player=ANN)
    )
    assert state.turn == BOB


@pytest.mark.rule("V1")
def test_v1_end_roll_goes_on_left_of_whose_turn_it_was() -> None:
    """After a 10th deal closed by a Boss who took it over, play goes on from the turn player."""
    for on, next_player in ((False, CY), (True, BOB)):
        state, _ = play(
            position(deals_done=9, variants=variants(on, Variant.V1)),
            StartDeal(player=ANN),
            PlayBoss(player=BOB),
            TimeUp(),
            Ask(player=ANN, cards=(inv(R), inv(B)), price=Price(amount=0)),
            Accept(player=BOB, supplier=ANN),
            Ask(player=CY, cards=(inv(P),), price=Price(amount=0)),
            Accept(player=BOB, supplier=CY),
            Ask(player=DI, cards=(inv(O),), price=Price(amount=0)),
            Accept(player=BOB, supplier=DI),
            Close(player=BOB, supplies=ALL_OWN_INVESTORS),
            TimeUp(),
        )
        assert state.phase is Phase.END_ROLL and state.end_roller == BOB
        # Tile #10 ends the game on a 1 only: a 4 goes on.
        state, _ = play(state, Roll(player=BOB, value=4))
        assert state.phase is Phase.TURN
        assert state.turn == next_player, on


# ---------------------------------------------------------------------------------------------
# V2: 10 or more cards at the start of a turn: you must attempt a deal


def rolled(hand: list[Card], on: bool) -> GameState:
    state, _ = play(
        position(hands={"Ann": hand}, variants=variants(on, Variant.V2)),
        Roll(player=ANN, value=3),
    )
    assert state.phase is Phase.ROLLED
    return state


@pytest.mark.rule("V2")
@pytest.mark.parametrize("size", [10, 11, 12])
def test_v2_draw_refused_with_ten_or_more_cards(size: int) -> None:
    hand = ten_cards() + [Card.TRAVEL_GREY] * (size - 10)
    refused(rolled(hand, True), Draw(player=ANN), "V2")
    assert Draw(player=ANN) not in legal_actions(rolled(hand, True), ANN)
    # The deal is still open to her.
    state, _ = play(rolled(hand, True), StartDeal(player=ANN))
    assert state.phase is Phase.DEAL
    # Without V2 she may draw.
    state, _ = play(rolled(hand, False), Draw(player=ANN))
    assert state.turn == BOB


@pytest.mark.rule("V2")
def test_v2_nine_cards_may_still_draw() -> None:
    hand = ten_cards()[:9]
    state, _ = play(rolled(hand, True), Draw(player=ANN))
    assert state.phase is Phase.TURN and state.turn == BOB


# ---------------------------------------------------------------------------------------------
# V3: only the Boss and players who played an influence card may receive money


def v3_deal(on: bool) -> GameState:
    """Ann closes space 5 ($12M). Bob (yellow) and Di (orange) only asked a price; Cy laid a
    pink family card and supplies it; Di played nothing. Each was promised $3M."""
    state, _ = play(
        position(variants=variants(on, Variant.V3)),
        StartDeal(player=ANN),
        Ask(player=BOB, cards=(inv(Y),), price=Price(amount=3)),
        Accept(player=ANN, supplier=BOB),
        LayFamily(player=CY, colour=P),
        Ask(player=CY, cards=(fam(CY, P),), price=Price(amount=3)),
        Accept(player=ANN, supplier=CY),
        Ask(player=DI, cards=(inv(O),), price=Price(amount=3)),
        Accept(player=ANN, supplier=DI),
    )
    return state


V3_SUPPLIES = {R: inv(R), B: inv(B), Y: inv(Y), P: fam(CY, P), O: inv(O)}


@pytest.mark.rule("V3")
def test_v3_supplier_who_played_no_card_is_paid_nothing() -> None:
    state, events = play(v3_deal(True), Close(player=ANN, supplies=V3_SUPPLIES), TimeUp())
    money = [p.money for p in state.players]
    assert money == [12 - 3, 0, 3, 0]  # the Boss keeps what Bob and Di would have had
    notes = {e.payee: e.note for e in events if isinstance(e, Paid) and e.payer == ANN}
    assert notes[BOB].startswith("V3") and notes[DI].startswith("V3")
    assert notes[CY] == ""


@pytest.mark.rule("V3")
def test_v3_off_every_supplier_is_paid() -> None:
    state, _ = play(v3_deal(False), Close(player=ANN, supplies=V3_SUPPLIES), TimeUp())
    assert [p.money for p in state.players] == [12 - 9, 3, 3, 3]


@pytest.mark.rule("V3")
def test_without_v3_a_zero_price_is_no_forfeit() -> None:
    """A $0 agreement without V3 is just a $0 price: no payment is marked as forfeited under
    a rule that is not in play (check used to print "$0M (V3: played no influence card)")."""
    state, _ = play(
        position(),
        StartDeal(player=ANN),
        Ask(player=BOB, cards=(inv(Y),), price=Price(amount=0)),
        Accept(player=ANN, supplier=BOB),
        Ask(player=CY, cards=(inv(P),), price=Price(amount=0)),
        Accept(player=ANN, supplier=CY),
        Ask(player=DI, cards=(inv(O),), price=Price(amount=0)),
        Accept(player=ANN, supplier=DI),
    )
    supplies = {R: inv(R), B: inv(B), Y: inv(Y), P: inv(P), O: inv(O)}
    _, events = play(state, Close(player=ANN, supplies=supplies), TimeUp())
    paid = [e for e in events if isinstance(e, Paid) and e.payer == ANN]
    assert [e.amount for e in paid] == [0, 0, 0]
    assert all(e.note == "" for e in paid), [e.note for e in paid]


@pytest.mark.rule("V3")
def test_v3_check_close_reports_the_payments() -> None:
    assert check_close(v3_deal(True), ANN, V3_SUPPLIES) == {BOB: 0, CY: 3, DI: 0}
    assert check_close(v3_deal(False), ANN, V3_SUPPLIES) == {BOB: 3, CY: 3, DI: 3}


@pytest.mark.rule("V3")
def test_v3_a_stopped_travel_card_counts_as_played() -> None:
    """Di played a travel card (stopped by Ann): she played an influence card, so she is paid."""
    state, _ = play(
        v3_deal(True),
        PlayTravel(player=DI, target=inv(B)),
        PlayStop(player=ANN),
        Close(player=ANN, supplies=V3_SUPPLIES),
        TimeUp(),
    )
    assert [p.money for p in state.players] == [12 - 6, 0, 3, 3]


# ---------------------------------------------------------------------------------------------
# V4: draw 4/3/2/1 for 0/1/2/3+ investors owned

V4_INVESTORS = {"Ann": (), "Bob": (R,), "Cy": (B, Y), "Di": (P, O, G)}
V4_HANDS = {name: [Card.HIRE, Card.BOSS] for name in ("Ann", "Bob", "Cy", "Di")}


def v4_position(turn: str, on: bool) -> GameState:
    return position(
        investors=V4_INVESTORS,
        hands=V4_HANDS,
        turn=turn,
        seed=11,
        variants=variants(on, Variant.V4),
    )


@pytest.mark.rule("V4")
@pytest.mark.parametrize(
    ("name", "seat", "owned", "count"),
    [("Ann", ANN, 0, 4), ("Bob", BOB, 1, 3), ("Cy", CY, 2, 2), ("Di", DI, 3, 1)],
)
def test_v4_draws_by_investors_owned(name: str, seat: int, owned: int, count: int) -> None:
    for on, expected in ((True, count), (False, 3)):
        state = v4_position(name, on)
        assert len(state.investors_of(seat)) == owned
        assert draw_count(state, seat) == expected
        state, _ = play(state, Roll(player=seat), Draw(player=seat))
        hand = state.players[seat].hand
        assert hand is not None and len(hand) == 2 + expected, (name, on)


@pytest.mark.rule("V4")
def test_v4_four_or_more_investors_draw_one() -> None:
    state = position(
        investors={"Ann": (R, B, Y, P), "Bob": (O,), "Cy": (G,), "Di": ()},
        variants=[Variant.V4],
    )
    assert draw_count(state, ANN) == 1
    assert draw_count(state, DI) == 4


# ---------------------------------------------------------------------------------------------
# V5: with 3 or fewer influence cards you may not start a deal


@pytest.mark.rule("V5")
@pytest.mark.parametrize("size", [0, 1, 3])
def test_v5_start_deal_refused_with_three_or_fewer_cards(size: int) -> None:
    hand = ten_cards()[:size]
    state = position(hands={"Ann": hand}, variants=[Variant.V5])
    refused(state, StartDeal(player=ANN), "V5")
    assert StartDeal(player=ANN) not in legal_actions(state, ANN)
    # Nor after rolling; drawing is what is left to her.
    state, _ = play(state, Roll(player=ANN, value=2))
    refused(state, StartDeal(player=ANN), "V5")
    play(state, Draw(player=ANN))
    # Without V5 the same hand may start a deal.
    state, _ = play(position(hands={"Ann": hand}), StartDeal(player=ANN))
    assert state.phase is Phase.DEAL


@pytest.mark.rule("V5")
def test_v5_four_cards_may_start_a_deal() -> None:
    state = position(hands={"Ann": ten_cards()[:4]}, variants=[Variant.V5])
    state, _ = play(state, StartDeal(player=ANN))
    assert state.phase is Phase.DEAL and state.deal is not None and state.deal.boss == ANN


# ---------------------------------------------------------------------------------------------
# V6: from the 10th deal on, the hand limit is 10


def v6_drawn(deals_done: int, on: bool) -> tuple[GameState, list[object]]:
    """Ann holds 10 cards and draws 3: 13 in hand."""
    state = position(
        hands=all_hands(ten_cards()),
        seed=3,
        deals_done=deals_done,
        variants=variants(on, Variant.V6),
    )
    state, events = play(state, Roll(player=ANN), Draw(player=ANN))
    hand = state.players[ANN].hand
    assert hand is not None and len(hand) == 13
    return state, list(events)


@pytest.mark.rule("V6")
@pytest.mark.parametrize(
    ("deals_done", "on", "limit"),
    [(10, True, 10), (11, True, 10), (10, False, 12), (9, True, 12), (0, True, 12)],
)
def test_v6_hand_limit(deals_done: int, on: bool, limit: int) -> None:
    state, events = v6_drawn(deals_done, on)
    assert state.hand_limit() == limit
    assert state.phase is Phase.HAND_LIMIT
    [over] = [e for e in events if isinstance(e, HandLimit)]
    assert (over.limit, over.excess) == (limit, 13 - limit)
    hand = state.players[ANN].hand
    assert hand is not None
    # Discarding one card too few is refused; exactly down to the limit ends the turn.
    refused(state, Discard(player=ANN, cards=hand[: 13 - limit - 1]), "T2")
    state, _ = play(state, Discard(player=ANN, cards=hand[: 13 - limit]))
    assert state.phase is Phase.TURN and state.turn == BOB
    after = state.players[ANN].hand
    assert after is not None and len(after) == limit


@pytest.mark.rule("V6")
def test_v6_eleven_cards_over_the_limit_only_with_v6() -> None:
    for on, phase in ((True, Phase.HAND_LIMIT), (False, Phase.TURN)):
        state = position(
            hands=all_hands(ten_cards()[:8]),
            seed=3,
            deals_done=10,
            variants=variants(on, Variant.V6),
        )
        state, _ = play(state, Roll(player=ANN), Draw(player=ANN))
        assert state.phase is phase, on


# ---------------------------------------------------------------------------------------------
# V7: the short game, tiles #3, #6 and #9 removed


@pytest.mark.rule("V7")
def test_v7_removes_tiles_3_6_9() -> None:
    names = ("Ann", "Bob", "Cy", "Di")
    short = new_game(Setup(players=names, seed=5, options=Options(variants={Variant.V7})))
    full = new_game(Setup(players=names, seed=5))
    assert len(full.stack) == 15
    assert len(short.stack) == 12
    assert short.stack == (1, 2, 4, 5, 7, 8, 10, 11, 12, 13, 14, 15)


def seventh_deal(on: bool) -> GameState:
    """Six deals done; Ann closes space 1 (red, blue: her own investors, 3 dividends)."""
    state = position(deals_done=6, marker=1, variants=variants(on, Variant.V7))
    state, _ = play(
        state, StartDeal(player=ANN), Close(player=ANN, supplies={R: inv(R), B: inv(B)}), TimeUp()
    )
    assert state.deals_done == 7
    return state


@pytest.mark.rule("V7")
def test_v7_first_end_roll_after_the_seventh_deal() -> None:
    state = seventh_deal(True)
    # The 7th tile of the short stack is #10 ($4M a dividend, the game ends on a 1).
    assert state.players[ANN].money == 3 * 4
    assert state.phase is Phase.END_ROLL and state.end_roller == ANN and state.end_tile == 10
    over, _ = play(state, Roll(player=ANN, value=1))
    assert over.phase is Phase.OVER
    on, _ = play(state, Roll(player=ANN, value=2))
    assert on.phase is Phase.TURN and on.turn == BOB


@pytest.mark.rule("V7")
def test_v7_off_no_end_roll_after_the_seventh_deal() -> None:
    state = seventh_deal(False)
    assert state.players[ANN].money == 3 * 3  # tile #7, $3M a dividend
    assert state.phase is Phase.TURN and state.turn == BOB
    assert state.end_roller is None


@pytest.mark.rule("V7")
def test_v7_the_twelfth_deal_ends_the_game() -> None:
    state = position(deals_done=11, marker=1, variants=[Variant.V7])
    assert state.stack == (15,)
    state, _ = play(
        state, StartDeal(player=ANN), Close(player=ANN, supplies={R: inv(R), B: inv(B)}), TimeUp()
    )
    assert state.phase is Phase.OVER


@pytest.mark.rule("V7")
def test_v7_position_cannot_have_more_deals_done_than_tiles() -> None:
    with pytest.raises(ValueError, match="12 deal tiles"):
        position(deals_done=12, variants=[Variant.V7])
    position(deals_done=12)  # 15 tiles without V7


# ---------------------------------------------------------------------------------------------
# V8: two-player rules


def v8_options(*more: Variant) -> Options:
    return Options(variants=frozenset({Variant.V8, *more}))


@pytest.mark.rule("V8")
@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_v8_two_players_get_three_investors_each(seed: int) -> None:
    state = new_game(Setup(players=("Ann", "Bob"), seed=seed, options=v8_options()))
    assert state.n == 2
    assert len(state.investors_of(0)) == 3 and len(state.investors_of(1)) == 3
    assert state.unowned() == ()
    assert all(p.hand is not None and len(p.hand) == 5 for p in state.players)


@pytest.mark.rule("S1")
@pytest.mark.parametrize("count", [0, 1, 2, 7])
def test_s1_player_count_without_v8(count: int) -> None:
    names = tuple(f"P{i}" for i in range(count))
    with pytest.raises(IllegalAction) as caught:
        new_game(Setup(players=names, seed=1))
    assert caught.value.rule == "S1"


@pytest.mark.rule("S1")
def test_s1_two_player_position_without_v8_refused() -> None:
    with pytest.raises(IllegalAction) as caught:
        from_position(Position(players=("Ann", "Bob"), marker=1, turn="Ann"))
    assert caught.value.rule == "S1"
    from_position(Position(players=("Ann", "Bob"), marker=1, turn="Ann", options=v8_options()))


@pytest.mark.rule("S1")
@pytest.mark.parametrize("count", [1, 7])
def test_s1_v8_still_needs_two_to_six(count: int) -> None:
    names = tuple(f"P{i}" for i in range(count))
    with pytest.raises(IllegalAction) as caught:
        new_game(Setup(players=names, seed=1, options=v8_options()))
    assert caught.value.rule == "S1"


def two_player_deal(on: bool, third: bool = False) -> GameState:
    """Ann (red, blue, yellow) against Bob (pink, orange, green); Ann deals on space 5:
    R B Y + 2 of P O G, 5 investors, 6 dividends × $2M = $12M. Without V8 two players are
    not allowed (S1): ``third`` seats Cy, who owns nothing, to compare the same deal."""
    state = position(
        players=("Ann", "Bob", "Cy") if third or not on else ("Ann", "Bob"),
        investors={"Ann": (R, B, Y), "Bob": (P, O, G)},
        variants=variants(on, Variant.V8),
    )
    state, _ = play(state, StartDeal(player=ANN))
    return state


@pytest.mark.rule("V8")
@pytest.mark.parametrize("third", [False, True])
def test_v8_boss_uses_opponent_investors_without_agreement(third: bool) -> None:
    state, events = play(
        two_player_deal(True, third), Close(player=ANN, supplies=ALL_OWN_INVESTORS), TimeUp()
    )
    # Each of Bob's investor cards earns $12M // 5 investors = $2M (2.4 rounded down).
    assert [p.money for p in state.players][:2] == [12 - 4, 4]
    assert state.deals_done == 1
    paid = [e for e in events if isinstance(e, Paid) and e.payer == ANN]
    assert [(e.payee, e.amount) for e in paid] == [(BOB, 4)]


@pytest.mark.rule("V8")
def test_v8_off_an_opponent_investor_needs_an_agreement() -> None:
    refused(two_player_deal(False), Close(player=ANN, supplies=ALL_OWN_INVESTORS), "CL3")


@pytest.mark.rule("V8")
def test_v8_share_for_each_investor_in_a_bigger_deal() -> None:
    """Four players: Bob, Cy and Di each supply one investor without agreement."""
    state, _ = play(
        position(variants=[Variant.V8]),
        StartDeal(player=ANN),
        Close(player=ANN, supplies=ALL_OWN_INVESTORS),
        TimeUp(),
    )
    assert [p.money for p in state.players] == [12 - 6, 2, 2, 2]


@pytest.mark.rule("V8")
def test_v8_an_agreement_still_sets_the_price() -> None:
    state, _ = play(
        two_player_deal(True),
        Ask(player=BOB, cards=(inv(P),), price=Price(amount=5)),
        Accept(player=ANN, supplier=BOB),
        Close(player=ANN, supplies=ALL_OWN_INVESTORS),
        TimeUp(),
    )
    assert [p.money for p in state.players] == [12 - 7, 5 + 2]


@pytest.mark.rule("V8")
def test_v8_fail_refused_while_a_close_is_possible() -> None:
    for third in (False, True):
        state = two_player_deal(True, third)
        assert next(possible_closes(state), None) is not None
        refused(state, Fail(player=ANN), "V8")
        assert Fail(player=ANN) not in legal_actions(state, ANN)
    # Without V8 the Boss may give up.
    state, _ = play(two_player_deal(False), Fail(player=ANN))
    assert state.phase is Phase.TURN and state.turn == BOB


@pytest.mark.rule("V8")
def test_v8_own_investor_travels_to_stop_a_deal_then_fail_is_allowed() -> None:
    """Bob sends his own pink and orange investors travelling: only green is left of the
    "2 of P O G", so no close is possible and Ann may (and must) fail."""
    state, _ = play(
        two_player_deal(True),
        PlayTravel(player=BOB, target=inv(P)),
        TimeUp(),
        PlayTravel(player=BOB, target=inv(O)),
        TimeUp(),
    )
    assert state.deal is not None and state.deal.travelling(P) and state.deal.travelling(O)
    assert next(possible_closes(state), None) is None
    refused(state, Close(player=ANN, supplies=ALL_OWN_INVESTORS), "TR1")
    state, _ = play(state, Fail(player=ANN))
    assert state.phase is Phase.TURN and state.turn == BOB


@pytest.mark.rule("V8")
def test_v8_payments_cannot_exceed_proceeds() -> None:
    """An agreement for the whole $12M plus V8 shares is more than the deal pays (N3)."""
    state, _ = play(
        two_player_deal(True),
        Ask(player=BOB, cards=(inv(P),), price=Price(amount=12)),
        Accept(player=ANN, supplier=BOB),
    )
    with pytest.raises(IllegalAction) as caught:
        apply(state, Close(player=ANN, supplies=ALL_OWN_INVESTORS))
    assert caught.value.rule == "N3"
