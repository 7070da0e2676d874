"""RULES.md §1, components: the board (C1), investors (C2), the deck (C3), tiles (C4), money
and die (C5)."""

from __future__ import annotations

from collections import Counter

import pytest
from pydantic import ValidationError

from imtheboss.boardfile import parse_board
from imtheboss.engine import (
    COLOURS,
    DECK_COUNTS,
    DECK_SIZE,
    BoardFileError,
    Card,
    Close,
    Colour,
    InvestorRef,
    Kind,
    Phase,
    PlayHire,
    Position,
    Roll,
    Setup,
    StartDeal,
    TimeUp,
    apply,
    default_board,
    from_position,
    new_game,
    reconstructed_board,
)
from imtheboss.engine.cards import full_deck
from imtheboss.engine.events import DieRolled, MarkerMoved, Paid
from support import ANN, BOB, B, G, O, P, R, Y, play, position

# board.md, "Deal spaces" (the reconstruction): (required, optional, pick, dividends), 1..16.
BOARD_MD = {
    1: ("RB", "", 0, 3),
    2: ("Y", "POG", 2, 4),
    3: ("GO", "RBYP", 2, 5),
    4: ("PYB", "", 0, 4),
    5: ("RBY", "POG", 2, 6),
    6: ("O", "RBYGP", 3, 5),
    7: ("P", "RBY", 2, 4),
    8: ("RPOG", "", 0, 5),
    9: ("YG", "", 0, 3),
    10: ("BP", "RYOG", 2, 5),
    11: ("OG", "RBYP", 3, 6),
    12: ("RO", "BPG", 1, 4),
    13: ("YBG", "RPO", 1, 5),
    14: ("RBYPOG", "", 0, 7),
    15: ("R", "YOG", 2, 4),
    16: ("P", "RBYOG", 4, 6),
}
# board.md, "Deal tiles": value and the die numbers on the back, tiles #1..#15.
TILE_VALUES = (2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5)
TILE_BACKS = {10: {1}, 11: {1, 2}, 12: {1, 2, 3}, 13: {1, 2, 3, 4}, 14: {1, 2, 3, 4, 5}}


def _colours(letters: str) -> frozenset[Colour]:
    return frozenset(Colour.from_letter(ch) for ch in letters)


def _board_toml(spaces: int) -> str:
    """A board file in the engine's format with the first ``spaces`` spaces of board.md."""
    lines: list[str] = []
    for number in range(1, spaces + 1):
        required, optional, pick, dividends = BOARD_MD[number]
        lines.append("[[space]]")
        lines.append(f"required = {[Colour.from_letter(c).value for c in required]}")
        if optional:
            lines.append(f"optional = {[Colour.from_letter(c).value for c in optional]}")
            lines.append(f"pick = {pick}")
        lines.append(f"dividends = {dividends}")
    for number, value in enumerate(TILE_VALUES, 1):
        lines.append("[[tile]]")
        lines.append(f"value = {value}")
        if number in TILE_BACKS:
            lines.append(f"ends_on = {sorted(TILE_BACKS[number])}")
        if number == 15:
            lines.append("last = true")
    return "\n".join(lines).replace("'", '"') + "\n"


# ---------------------------------------------------------------------------------------------
# C1 — the board


@pytest.mark.rule("C1")
def test_C1_board_has_sixteen_spaces_with_the_data_of_board_md() -> None:
    board = reconstructed_board()
    assert [s.number for s in board.spaces] == list(range(1, 17))
    for space in board.spaces:
        required, optional, pick, dividends = BOARD_MD[space.number]
        assert space.required == _colours(required), space.number
        assert space.optional == _colours(optional), space.number
        assert space.pick == pick, space.number
        assert space.dividends == dividends, space.number


@pytest.mark.rule("C1")
def test_C1_bigger_deals_need_more_investors_and_pay_more() -> None:
    for space in reconstructed_board().spaces:
        assert space.dividends == space.investors + 1
        assert 2 <= space.investors <= 6


@pytest.mark.rule("C1")
def test_C1_worked_example_space_needs_red_blue_yellow_and_two_of_pink_orange_green() -> None:
    space = reconstructed_board().space(5)
    assert space.required == {R, B, Y}
    assert space.optional == {P, O, G} and space.pick == 2
    assert space.dividends == 6
    assert space.describe() == "R B Y +2 of P O G"


# board.md, "Evidence found 2026-12-01" (the default board): (required, groups, dividends),
# each group (its colours, how many of them).
TRANSCRIBED_MD = {
    1: ("RBY", [("POG", 2)], 6),
    2: ("", [("OBY", 2), ("PG", 1)], 4),
    3: ("", [("RPOGY", 4)], 5),
    4: ("RO", [], 3),
    5: ("", [("RBYPOG", 5)], 6),
    6: ("GY", [], 3),
    7: ("RBYPOG", [], 7),
    8: ("PG", [("BY", 1)], 4),
    9: ("POG", [("RBY", 2)], 6),
    10: ("", [("RPG", 2), ("OBY", 2)], 6),
    11: ("BRO", [], 4),
    12: ("", [("RBYPOG", 4)], 5),
    13: ("RY", [("POGB", 3)], 6),
    14: ("", [("RPOY", 3)], 4),
    15: ("PO", [], 3),
    16: ("Y", [("PG", 1), ("RB", 1)], 4),
}


@pytest.mark.rule("C1")
def test_C1_the_default_board_is_the_transcription_of_board_md() -> None:
    board = default_board()
    assert board is not reconstructed_board() and not board.reconstructed
    for space in board.spaces:
        required, groups, dividends = TRANSCRIBED_MD[space.number]
        assert space.required == _colours(required), space.number
        assert [(g.of, g.pick) for g in space.choices()] == [(_colours(c), k) for c, k in groups], (
            space.number
        )
        assert space.dividends == dividends, space.number
        # 15 of 16 spaces pay investors + 1; space 10 pays 6 for 4, as transcribed.
        assert space.dividends == space.investors + 1 or space.number == 10
    assert [s.number for s in board.spaces if s.guessed_split] == [2, 10]
    # The rulebooks' worked example is its first space; the tiles are the reconstruction's.
    assert board.space(1) == reconstructed_board().space(5).replace(number=1)
    assert board.tiles == reconstructed_board().tiles


@pytest.mark.rule("C1")
def test_C1_spaces_form_a_clockwise_ring_from_16_back_to_1() -> None:
    state = position(marker=16)
    state, events = play(state, Roll(player=ANN, value=1))
    assert state.marker == 1
    assert MarkerMoved(space=1) in events
    state = position(marker=14)
    state, _ = play(state, Roll(player=ANN, value=6))
    assert state.marker == 4


@pytest.mark.rule("C1")
def test_C1_board_file_matching_board_md_loads_like_the_default() -> None:
    board = parse_board(_board_toml(16))
    assert board.spaces == reconstructed_board().spaces
    assert board.tiles == reconstructed_board().tiles


@pytest.mark.rule("C1")
def test_C1_board_file_with_fifteen_spaces_is_refused() -> None:
    with pytest.raises(BoardFileError, match="16 spaces"):
        parse_board(_board_toml(15))


@pytest.mark.rule("C1")
def test_C1_space_picking_more_optional_colours_than_listed_is_refused() -> None:
    text = _board_toml(16).replace("pick = 4", "pick = 6", 1)  # space 16 lists 5 optional
    with pytest.raises(BoardFileError, match="pick"):
        parse_board(text)


# ---------------------------------------------------------------------------------------------
# C2 — investors


@pytest.mark.rule("C2")
def test_C2_six_families_one_colour_each() -> None:
    assert [c.value for c in COLOURS] == ["red", "blue", "yellow", "pink", "orange", "green"]
    assert len({c.letter for c in COLOURS}) == 6


@pytest.mark.rule("C2")
def test_C2_each_investor_card_has_one_owner_or_lies_unowned() -> None:
    for seed in range(10):
        state = new_game(Setup(players=("Ann", "Bob", "Cy", "Di"), seed=seed))
        assert set(state.owners) == set(COLOURS)
        owned = [c for seat in range(4) for c in state.investors_of(seat)]
        assert len(owned) == len(set(owned)) == 4
        assert set(owned) | set(state.unowned()) == set(COLOURS)
        assert not set(owned) & set(state.unowned())


@pytest.mark.rule("C2")
def test_C2_an_investor_card_cannot_have_two_owners() -> None:
    with pytest.raises(ValidationError, match="two owners"):
        Position(
            players=("Ann", "Bob", "Cy"),
            investors={"Ann": (R,), "Bob": (R,)},
            marker=1,
            turn="Ann",
        )


@pytest.mark.rule("C2")
def test_C2_hiring_moves_the_single_card_rather_than_copying_it() -> None:
    state = position(hands={"Ann": [Card.HIRE] * 3})
    state, _ = play(state, StartDeal(player=ANN), PlayHire(player=ANN, colour=Y), TimeUp())
    assert state.owners[Y] == ANN
    assert Y in state.investors_of(ANN) and Y not in state.investors_of(BOB)


# ---------------------------------------------------------------------------------------------
# C3 — the influence deck


@pytest.mark.rule("C3")
def test_C3_deck_has_98_cards_in_the_listed_counts() -> None:
    deck = full_deck()
    assert len(deck) == DECK_SIZE == 98
    kinds = Counter(card.kind for card in deck)
    assert kinds == {Kind.FAMILY: 24, Kind.TRAVEL: 21, Kind.HIRE: 33, Kind.BOSS: 10, Kind.STOP: 10}
    cards = Counter(deck)
    assert cards == DECK_COUNTS
    for colour in COLOURS:
        assert cards[Card(f"family {colour.value}")] == 4
        assert cards[Card(f"travel {colour.value}")] == 3
    assert cards[Card.TRAVEL_GREY] == 3
    assert Card.TRAVEL_GREY.colour is None and Card.TRAVEL_GREY.kind is Kind.TRAVEL


@pytest.mark.rule("C3")
def test_C3_a_new_game_holds_exactly_the_98_cards() -> None:
    for players in (("A", "B", "C"), ("A", "B", "C", "D", "E", "F")):
        state = new_game(Setup(players=players, seed=11))
        assert state.draw_pile is not None
        everything = [c for p in state.players for c in p.hand or ()] + list(state.draw_pile)
        assert Counter(everything) == Counter(full_deck())


@pytest.mark.rule("C3")
def test_C3_position_with_more_cards_of_a_kind_than_the_deck_holds_is_refused() -> None:
    with pytest.raises(ValidationError, match="only 10"):
        Position(
            players=("Ann", "Bob", "Cy"),
            hands={"Ann": (Card.STOP,) * 6, "Bob": (Card.STOP,) * 5},
            marker=1,
            turn="Ann",
        )
    # The full ten are fine.
    Position(
        players=("Ann", "Bob", "Cy"),
        hands={"Ann": (Card.STOP,) * 5, "Bob": (Card.STOP,) * 5},
        marker=1,
        turn="Ann",
    )


# ---------------------------------------------------------------------------------------------
# C4 — deal tiles


@pytest.mark.rule("C4")
def test_C4_fifteen_tiles_with_the_values_and_backs_of_board_md() -> None:
    tiles = reconstructed_board().tiles
    assert [t.number for t in tiles] == list(range(1, 16))
    assert tuple(t.value for t in tiles) == TILE_VALUES
    for tile in tiles:
        assert set(tile.ends_on) == TILE_BACKS.get(tile.number, set()), tile.number
    assert [t.number for t in tiles if t.last] == [15]
    values = [t.value for t in tiles]
    assert values == sorted(values)  # values rise through the game


@pytest.mark.rule("C4")
def test_C4_top_tile_values_the_next_deal() -> None:
    # The 6th deal is worth $3M a dividend; a 4-dividend space pays $12M (CL4 example).
    state = position(deals_done=5, marker=4)
    assert state.next_tile is not None
    assert state.next_tile.number == 6 and state.next_tile.value == 3
    state, _ = play(state, StartDeal(player=ANN))
    assert state.proceeds == 12
    # The 13th deal is worth $5M a dividend.
    assert position(deals_done=12).next_tile.value == 5  # type: ignore[union-attr]


@pytest.mark.rule("C4")
def test_C4_closing_a_deal_uses_the_top_tile_and_uncovers_the_next() -> None:
    state = position(investors={"Ann": (R, B)}, marker=1)
    assert state.stack[0] == 1
    state, events = play(
        state,
        StartDeal(player=ANN),
        Close(player=ANN, supplies={R: InvestorRef(colour=R), B: InvestorRef(colour=B)}),
        TimeUp(),
    )
    assert Paid(payer=None, payee=ANN, amount=3 * 2, note="proceeds") in events
    assert state.covered == {1: 1}
    assert state.stack[0] == 2 and len(state.stack) == 14


# ---------------------------------------------------------------------------------------------
# C5 — money, dollar marker, die


@pytest.mark.rule("C5")
def test_C5_the_bank_pays_whatever_a_deal_is_worth_however_much_is_out() -> None:
    state = position(investors={"Ann": (R, B)}, marker=1, money={"Ann": 500, "Bob": 900})
    assert state.bank_paid == 1400
    state, _ = play(
        state,
        StartDeal(player=ANN),
        Close(player=ANN, supplies={R: InvestorRef(colour=R), B: InvestorRef(colour=B)}),
        TimeUp(),
    )
    assert state.players[ANN].money == 506
    assert state.bank_paid == 1406 == sum(p.money for p in state.players)


@pytest.mark.rule("C5")
def test_C5_one_dollar_marker_on_one_space() -> None:
    state = new_game(Setup(players=("Ann", "Bob", "Cy"), seed=3))
    assert state.marker is None  # not yet placed (S6)
    state = position(marker=9)
    assert state.marker == 9 and state.space == reconstructed_board().space(9)


@pytest.mark.rule("C5")
def test_C5_the_die_has_six_faces() -> None:
    for bad in (0, 7):
        with pytest.raises(ValidationError):
            Roll(player=ANN, value=bad)
    seen = set()
    for seed in range(60):
        state = position(seed=seed)
        _, events = apply(state, Roll(player=ANN))
        rolled = [e.value for e in events if isinstance(e, DieRolled)]
        assert len(rolled) == 1 and 1 <= rolled[0] <= 6
        seen.add(rolled[0])
    assert seen == {1, 2, 3, 4, 5, 6}


@pytest.mark.rule("C5")
def test_C5_money_cannot_be_negative_in_a_position() -> None:
    with pytest.raises(ValidationError, match="less than nothing"):
        from_position(
            Position(players=("Ann", "Bob", "Cy"), money={"Ann": -1}, marker=1, turn="Ann")
        )
    assert position().phase is Phase.TURN
