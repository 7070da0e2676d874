"""Small builders shared by the rule tests: a position, a sequence of actions, a refusal."""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from imtheboss.engine import (
    Action,
    Board,
    Card,
    Colour,
    FamilyRef,
    GameState,
    IllegalAction,
    InvestorRef,
    Options,
    Position,
    StartDeal,
    Variant,
    apply,
    from_position,
)
from imtheboss.engine.events import Event

R, B, Y, P, O, G = (
    Colour.RED,
    Colour.BLUE,
    Colour.YELLOW,
    Colour.PINK,
    Colour.ORANGE,
    Colour.GREEN,
)
NAMES = ("Ann", "Bob", "Cy", "Di")
ANN, BOB, CY, DI = range(4)


def position(
    *,
    players: tuple[str, ...] = NAMES,
    investors: dict[str, tuple[Colour, ...]] | None = None,
    hands: dict[str, Iterable[Card]] | None = None,
    money: dict[str, int] | None = None,
    deals_done: int = 0,
    marker: int = 5,
    turn: str | None = None,
    seed: int | None = None,
    variants: Iterable[Variant] = (),
    covered: tuple[int, ...] | None = None,
    board: Board | None = None,
) -> GameState:
    """A mid-game position. By default: Ann, Bob, Cy, Di; Ann owns red and blue, Bob yellow,
    Cy pink, Di orange and green; hands unknown (anything played was in hand); Ann to play;
    the marker on space 5 (R B Y + 2 of P O G, 6 dividends); the board the reconstruction
    (``board``: another, such as the default transcription)."""
    if investors is None:
        investors = {"Ann": (R, B), "Bob": (Y,), "Cy": (P,), "Di": (O, G)}
    return from_position(
        Position(
            players=players,
            investors=investors,
            hands={k: tuple(v) for k, v in (hands or {}).items()},
            money=money or {},
            deals_done=deals_done,
            marker=marker,
            turn=turn or players[0],
            seed=seed,
            options=Options(variants=frozenset(variants)),
            covered=covered,
            board=board,
        )
    )


def play(state: GameState, *actions: Action) -> tuple[GameState, list[Event]]:
    """Apply the actions in order; returns the final state and every event."""
    events: list[Event] = []
    for action in actions:
        state, new = apply(state, action)
        events.extend(new)
    return state, events


def refused(state: GameState, action: Action, rule: str) -> IllegalAction:
    """Assert the action is illegal under ``rule`` and that the state is untouched."""
    before = state.model_dump_json()
    with pytest.raises(IllegalAction) as caught:
        apply(state, action)
    assert caught.value.rule == rule, f"expected {rule}, got {caught.value}"
    assert state.model_dump_json() == before
    return caught.value


HIRES = (Card.HIRE, Card.HIRE, Card.HIRE)


def dealing(state: GameState | None = None, boss: int = ANN) -> GameState:
    """Ann (by default) starts a deal on space 5: R B Y + 2 of P O G, 6 dividends, $2M each."""
    state, _ = play(state or position(), StartDeal(player=boss))
    return state


def inv(colour: Colour) -> InvestorRef:
    return InvestorRef(colour=colour)


def fam(owner: int, colour: Colour) -> FamilyRef:
    return FamilyRef(owner=owner, colour=colour)
