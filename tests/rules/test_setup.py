"""RULES.md §2, setup: S1–S6, from seeded new games."""

from __future__ import annotations

from collections import Counter

import pytest

from imtheboss.engine import (
    COLOURS,
    Colour,
    GameState,
    IllegalAction,
    Options,
    Phase,
    PlaceMarker,
    Roll,
    Setup,
    StartDeal,
    StartPlayer,
    Variant,
    apply,
    legal_actions,
    new_game,
    view,
)
from imtheboss.engine.events import Event, MarkerPlaced, TurnBegan
from imtheboss.engine.setup import HAND_SIZE
from support import refused

SIX = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo")
SEEDS = range(25)


def _refused_setup(names: tuple[str, ...], rule: str, **options: object) -> IllegalAction:
    with pytest.raises(IllegalAction) as caught:
        new_game(Setup(players=names, seed=1, options=Options(**options)))
    assert caught.value.rule == rule
    return caught.value


# ---------------------------------------------------------------------------------------------
# S1 — 3 to 6 players


@pytest.mark.rule("S1")
@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_S1_three_to_six_players_can_play(n: int) -> None:
    state = new_game(Setup(players=SIX[:n], seed=5))
    assert state.n == n
    assert [p.name for p in state.players] == list(SIX[:n])


@pytest.mark.rule("S1")
@pytest.mark.parametrize("n", [0, 1, 2, 7])
def test_S1_fewer_than_three_or_more_than_six_players_are_refused(n: int) -> None:
    names = (*SIX, "Gus")[:n]
    _refused_setup(names, "S1")


@pytest.mark.rule("S1")
def test_S1_two_players_only_with_the_two_player_rules() -> None:
    _refused_setup(("Ann", "Bob"), "S1")
    state = new_game(
        Setup(players=("Ann", "Bob"), seed=1, options=Options(variants=frozenset({Variant.V8})))
    )
    assert state.n == 2
    _refused_setup(("Ann",), "S1", variants=frozenset({Variant.V8}))


@pytest.mark.rule("S1")
def test_S1_players_need_distinct_names() -> None:
    _refused_setup(("Ann", "Bob", "Ann"), "S1")


# ---------------------------------------------------------------------------------------------
# S2 — investors


@pytest.mark.rule("S2")
def test_S2_three_players_get_two_investors_each_none_unowned() -> None:
    for seed in SEEDS:
        state = new_game(Setup(players=SIX[:3], seed=seed))
        assert [len(state.investors_of(s)) for s in range(3)] == [2, 2, 2]
        assert state.unowned() == ()


@pytest.mark.rule("S2")
@pytest.mark.parametrize(("n", "unowned"), [(4, 2), (5, 1), (6, 0)])
def test_S2_four_to_six_players_get_one_investor_each_leftovers_unowned(
    n: int, unowned: int
) -> None:
    for seed in SEEDS:
        state = new_game(Setup(players=SIX[:n], seed=seed))
        assert [len(state.investors_of(s)) for s in range(n)] == [1] * n
        assert len(state.unowned()) == unowned
        assert set(state.unowned()) == {c for c in COLOURS if state.owners[c] is None}


@pytest.mark.rule("S2")
def test_S2_investors_are_dealt_at_random() -> None:
    deals = {tuple(new_game(Setup(players=SIX[:4], seed=seed)).owners.items()) for seed in SEEDS}
    assert len(deals) > 5
    # ...and every colour ends up unowned in some game.
    left_over = Counter(
        c for seed in SEEDS for c in new_game(Setup(players=SIX[:4], seed=seed)).unowned()
    )
    assert set(left_over) == set(COLOURS)


@pytest.mark.rule("S2")
def test_S2_same_seed_same_deal() -> None:
    one = new_game(Setup(players=SIX[:5], seed=42))
    two = new_game(Setup(players=SIX[:5], seed=42))
    assert one == two


# ---------------------------------------------------------------------------------------------
# S3 — five secret cards each, the rest is the draw pile


@pytest.mark.rule("S3")
@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_S3_five_cards_each_and_the_rest_is_the_draw_pile(n: int) -> None:
    state = new_game(Setup(players=SIX[:n], seed=9))
    assert HAND_SIZE == 5
    assert [len(p.hand or ()) for p in state.players] == [5] * n
    assert state.draw_pile is not None
    assert len(state.draw_pile) == 98 - 5 * n
    assert state.discard == ()


@pytest.mark.rule("S3")
def test_S3_the_deck_is_shuffled() -> None:
    hands = {new_game(Setup(players=SIX[:4], seed=seed)).players[0].hand for seed in SEEDS}
    assert len(hands) > 15
    piles = {new_game(Setup(players=SIX[:4], seed=seed)).draw_pile for seed in range(5)}
    assert len(piles) == 5


@pytest.mark.rule("S3")
def test_S3_hands_are_secret_in_a_players_view() -> None:
    state = new_game(Setup(players=SIX[:4], seed=9))
    seen = view(state, 1)
    assert seen.hand == state.players[1].hand
    dumped = seen.model_dump()
    for other in (0, 2, 3):
        assert seen.players[other].hand_size == 5
        assert "hand" not in dumped["players"][other]
    assert "draw_pile" not in dumped and seen.draw_pile_size == 98 - 20


# ---------------------------------------------------------------------------------------------
# S4 — tiles #1 on top


@pytest.mark.rule("S4")
@pytest.mark.parametrize("n", [3, 6])
def test_S4_tile_one_on_top_fifteen_at_the_bottom(n: int) -> None:
    state = new_game(Setup(players=SIX[:n], seed=2))
    assert state.stack == tuple(range(1, 16))
    assert state.next_tile is not None and state.next_tile.number == 1
    assert state.covered == {} and state.deals_done == 0


# ---------------------------------------------------------------------------------------------
# S5 — no money at the start


@pytest.mark.rule("S5")
@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_S5_everyone_starts_with_no_money(n: int) -> None:
    state = new_game(Setup(players=SIX[:n], seed=4))
    assert [p.money for p in state.players] == [0] * n
    assert state.bank_paid == 0
    assert all(p.deals_closed == 0 for p in state.players)


# ---------------------------------------------------------------------------------------------
# S6 — start player, marker placement, seating


@pytest.mark.rule("S6")
def test_S6_default_start_player_is_random() -> None:
    assert Options().start is StartPlayer.RANDOM
    starts = Counter(new_game(Setup(players=SIX[:4], seed=seed)).turn for seed in range(40))
    assert set(starts) == {0, 1, 2, 3}


@pytest.mark.rule("S6")
def test_S6_random_start_player_is_not_always_the_alphabetical_one() -> None:
    differ = 0
    for seed in SEEDS:
        state = new_game(Setup(players=SIX[:4], seed=seed))
        first = min((c for c in COLOURS if state.owners[c] is not None), key=lambda c: c.value)
        differ += state.turn != state.owners[first]
    assert differ > 0


@pytest.mark.rule("S6")
@pytest.mark.parametrize("n", [3, 6])
def test_S6_alphabetical_start_blue_owner_when_every_colour_is_owned(n: int) -> None:
    # blue < green < orange < pink < red < yellow
    for seed in SEEDS:
        state = new_game(
            Setup(players=SIX[:n], seed=seed, options=Options(start=StartPlayer.ALPHABETICAL))
        )
        assert state.turn == state.owners[Colour.BLUE]


@pytest.mark.rule("S6")
@pytest.mark.parametrize("n", [4, 5])
def test_S6_alphabetical_start_skips_unowned_investors(n: int) -> None:
    order = sorted(COLOURS, key=lambda c: c.value)
    assert [c.value for c in order] == ["blue", "green", "orange", "pink", "red", "yellow"]
    skipped = 0
    for seed in range(40):
        state = new_game(
            Setup(players=SIX[:n], seed=seed, options=Options(start=StartPlayer.ALPHABETICAL))
        )
        first = next(c for c in order if state.owners[c] is not None)
        skipped += first is not Colour.BLUE
        assert state.turn == state.owners[first]
    assert skipped > 0  # some games had blue beside the board


@pytest.mark.rule("S6")
def test_S6_game_begins_with_the_marker_to_place() -> None:
    state = new_game(Setup(players=SIX[:4], seed=1))
    assert state.phase is Phase.PLACE_MARKER and state.marker is None


@pytest.mark.rule("S6")
@pytest.mark.parametrize("seed", range(8))
def test_S6_player_on_the_start_players_right_places_the_marker(seed: int) -> None:
    state = new_game(Setup(players=SIX[:4], seed=seed))
    start = state.turn
    placer = (start - 1) % 4
    assert state.right_of(start) == placer
    assert {a.player for a in legal_actions(state, placer)} == {placer}
    assert {a.space for a in legal_actions(state, placer)} == set(range(1, 17))  # type: ignore[union-attr]
    for other in range(4):
        if other != placer:
            assert legal_actions(state, other) == []
            refused(state, PlaceMarker(player=other, space=3), "S6")
    after, events = _place(state, placer, 11)
    assert after.marker == 11
    assert MarkerPlaced(player=placer, space=11) in events
    assert TurnBegan(player=start) in events
    assert after.phase is Phase.TURN and after.turn == start


def _place(state: GameState, player: int, space: int) -> tuple[GameState, tuple[Event, ...]]:
    return apply(state, PlaceMarker(player=player, space=space))


@pytest.mark.rule("S6")
def test_S6_start_player_at_seat_zero_has_the_last_seat_on_the_right() -> None:
    seed = next(s for s in range(100) if new_game(Setup(players=SIX[:5], seed=s)).turn == 0)
    state = new_game(Setup(players=SIX[:5], seed=seed))
    refused(state, PlaceMarker(player=1, space=1), "S6")  # Bob sits on Ann's left
    after, _ = _place(state, 4, 1)
    assert after.marker == 1 and after.turn == 0


@pytest.mark.rule("S6")
@pytest.mark.parametrize("space", [1, 7, 16])
def test_S6_marker_may_go_on_any_space(space: int) -> None:
    state = new_game(Setup(players=SIX[:3], seed=1))
    after, _ = _place(state, state.right_of(state.turn), space)
    assert after.marker == space


@pytest.mark.rule("S6")
@pytest.mark.parametrize("space", [0, 17])
def test_S6_marker_must_go_on_a_board_space(space: int) -> None:
    state = new_game(Setup(players=SIX[:3], seed=1))
    refused(state, PlaceMarker(player=state.right_of(state.turn), space=space), "S6")


@pytest.mark.rule("S6")
def test_S6_nothing_happens_before_the_marker_is_placed_and_it_is_placed_once() -> None:
    state = new_game(Setup(players=SIX[:3], seed=1))
    start = state.turn
    refused(state, StartDeal(player=start), "S6")
    refused(state, Roll(player=start), "S6")
    after, _ = _place(state, state.right_of(start), 4)
    refused(after, PlaceMarker(player=after.right_of(start), space=8), "S6")


@pytest.mark.rule("S6")
def test_S6_seating_left_is_the_next_seat_right_the_previous_wrapping() -> None:
    state = new_game(Setup(players=SIX[:5], seed=1))
    assert [state.left_of(s) for s in range(5)] == [1, 2, 3, 4, 0]
    assert [state.right_of(s) for s in range(5)] == [4, 0, 1, 2, 3]


@pytest.mark.rule("S1")
def test_S1_actions_name_a_seat_at_the_table() -> None:
    state = new_game(Setup(players=SIX[:3], seed=1))
    refused(state, PlaceMarker(player=3, space=1), "S1")
    refused(state, PlaceMarker(player=-1, space=1), "S1")
