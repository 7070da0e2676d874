"""The bots: legal play in every variant, games that end, negotiations that end, a view of
their own only, and ``imtheboss simulate`` giving the same table whatever ``--jobs`` says.

The big run is 1,000 seeded all-bot games (800 of 3–6 players cycling through no variant, each
of V1–V7 alone and seven pairs; 200 with the two-player rules V8, 2–6 players, alone or with one
other variant), every game with both random and dealer seats. ``play_bots`` raises if a bot
picks an action it was not offered and ``apply`` raises on an illegal one; on top of that every
game must end (phase OVER), its final state must break no invariant, and no deal may run longer
than ``DEAL_ACTION_LIMIT`` plus a small margin. The games are split into ``CHUNKS``
interleaved slices of equal cost so that pytest-xdist spreads them over the cores.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass

import pytest

from imtheboss.bots import DEAL_ACTION_LIMIT, Bot, make_bot, next_bot_action, play_bots
from imtheboss.cli import main
from imtheboss.engine import (
    Action,
    GameState,
    Options,
    Phase,
    PlayerView,
    Setup,
    Variant,
    apply,
    legal_actions,
    new_game,
    view,
)
from imtheboss.engine import actions as A
from imtheboss.engine.events import Event
from imtheboss.engine.invariants import violations

NAMES = ("Ann", "Bob", "Cy", "Di", "Eve", "Flo")
V = Variant
#: No variant, each single variant but V8, and pairs of them.
VARIANT_SETS: tuple[tuple[Variant, ...], ...] = (
    (),
    *((v,) for v in Variant if v is not V.V8),
    (V.V1, V.V3),
    (V.V2, V.V5),
    (V.V4, V.V6),
    (V.V3, V.V7),
    (V.V1, V.V6),
    (V.V2, V.V4),
    (V.V5, V.V7),
)
#: The two-player rules, alone or with one other variant.
V8_SETS: tuple[tuple[Variant, ...], ...] = ((V.V8,), *((V.V8, v) for v in Variant if v is not V.V8))
GAMES = 1_000
V8_GAMES = 200
CHUNKS = 17
#: Actions a deal may take beyond the limit: the Boss's forced close, the last call and the
#: influence cards answered to it (each one leaves a hand, so they run out).
MARGIN = 12


@dataclass(frozen=True)
class Case:
    seed: int
    kinds: tuple[str, ...]
    variants: tuple[Variant, ...]

    def __str__(self) -> str:
        names = " ".join(v.value for v in self.variants) or "no variant"
        return f"seed {self.seed}, {','.join(self.kinds)}, {names}"


def _kinds(rng: random.Random, n: int) -> tuple[str, ...]:
    """A random mix of random and dealer seats, always with at least one of each."""
    kinds = [rng.choice(("random", "dealer")) for _ in range(n)]
    if len(set(kinds)) == 1:
        seat = rng.randrange(n)
        kinds[seat] = "dealer" if kinds[seat] == "random" else "random"
    return tuple(kinds)


def _cases() -> list[Case]:
    cases = []
    for i in range(GAMES):
        seed = 50_000 + i
        rng = random.Random(seed)
        if i < GAMES - V8_GAMES:
            n, variants = 3 + i % 4, VARIANT_SETS[i % len(VARIANT_SETS)]
        else:
            n, variants = 2 + i % 5, V8_SETS[i % len(V8_SETS)]
        cases.append(Case(seed, _kinds(rng, n), variants))
    return cases


CASES = _cases()


def _state(case: Case) -> GameState:
    options = Options(variants=frozenset(case.variants))
    return new_game(Setup(players=NAMES[: len(case.kinds)], seed=case.seed, options=options))


def _bots(case: Case) -> list[Bot]:
    return [make_bot(kind, case.seed * 7 + seat) for seat, kind in enumerate(case.kinds)]


class DealLength:
    """An ``on_action`` hook: the most actions any one deal took, from its StartDeal to the
    action that ended it."""

    def __init__(self) -> None:
        self.current = 0
        self.longest = 0

    def __call__(self, before: GameState, action: Action, events: tuple[Event, ...]) -> None:
        if isinstance(action, A.StartDeal):
            self.current = 1
        elif before.phase is Phase.DEAL:
            self.current += 1
        else:
            self.current = 0
        self.longest = max(self.longest, self.current)


def test_the_schedule_covers_what_it_claims() -> None:
    assert len(CASES) == GAMES
    counts = {len(c.kinds) for c in CASES if V.V8 not in c.variants}
    assert counts == {3, 4, 5, 6}
    assert {len(c.kinds) for c in CASES if V.V8 in c.variants} == {2, 3, 4, 5, 6}
    assert {c.variants for c in CASES} == set(VARIANT_SETS) | set(V8_SETS)
    assert all(set(c.kinds) == {"random", "dealer"} for c in CASES)


@pytest.mark.parametrize("chunk", range(CHUNKS), ids=lambda c: f"games-{c}-of-{CHUNKS}")
def test_bots_play_legal_games_that_end(chunk: int) -> None:
    longest = 0
    for case in CASES[chunk::CHUNKS]:
        deal_length = DealLength()
        try:
            result = play_bots(_state(case), _bots(case), case.seed, on_action=deal_length)
        except Exception as exc:  # name the game, so that it can be replayed
            raise AssertionError(f"{case}: {exc!r}") from exc
        assert result.final.phase is Phase.OVER, str(case)
        assert violations(result.final) == [], str(case)
        assert result.final.winners, str(case)
        assert deal_length.longest <= DEAL_ACTION_LIMIT + MARGIN, (
            f"{case}: a deal took {deal_length.longest} actions"
        )
        longest = max(longest, deal_length.longest)
    assert longest > 0


# -- every negotiation ends, even at a table that never lets a moment pass -------------------


class Chatty:
    """A bot that always says something: never passes, never closes, never fails. Only the
    table's ``DEAL_ACTION_LIMIT`` can end its deals."""

    name = "chatty"

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def decide(self, seen: PlayerView, legal: Sequence[Action]) -> Action | None:
        talk = [a for a in legal if not isinstance(a, A.Close | A.Fail | A.Pass)]
        return self._rng.choice(talk) if talk else None


#: Negotiating: what nobody may do any more once a deal is past the limit.
_TALK = (A.Offer, A.Ask, A.Accept, A.Withdraw, A.CancelAgreement, A.Reset)


@pytest.mark.parametrize(
    ("players", "variants"),
    [(4, ()), (6, ()), (2, (V.V8,)), (5, (V.V8,))],
    ids=["4-players", "6-players", "2-players-V8", "5-players-V8"],
)
def test_every_negotiation_ends_even_among_chatty_bots(
    players: int, variants: tuple[Variant, ...]
) -> None:
    """The chatty bots sabotage every deal, so their game need not end; their deals must."""
    seed = 7 + players
    state = new_game(
        Setup(players=NAMES[:players], seed=seed, options=Options(variants=frozenset(variants)))
    )
    bots = [Chatty(seed * 7 + seat) for seat in range(players)]
    rng = random.Random(seed)
    moves_in_deal = 0
    deals = 0
    in_deal = 0
    for _ in range(2_500):
        if state.phase is Phase.OVER:
            break
        action = next_bot_action(state, bots, rng, moves_in_deal)
        if state.phase is Phase.DEAL and moves_in_deal >= DEAL_ACTION_LIMIT:
            # Past the limit the Boss closes or fails; only a last call may still be answered
            # with an influence card (a family card too), and each one leaves a hand.
            assert not isinstance(action, _TALK), f"still negotiating: {action}"
            if state.window is None:
                assert isinstance(action, A.Close | A.Fail), action
        new, _ = apply(state, action)
        in_deal = 1 if isinstance(action, A.StartDeal) else in_deal + 1
        if state.phase is Phase.DEAL and new.phase is not Phase.DEAL:
            deals += 1
            # Each influence card played past the limit costs a card: 98 in the deck.
            assert in_deal <= DEAL_ACTION_LIMIT + 3 * 98, in_deal
        moves_in_deal = moves_in_deal + 1 if new.phase is Phase.DEAL else 0
        state = new
    assert deals >= 10


# -- a bot sees its own view only ------------------------------------------------------------


class Watched:
    """Wraps a bot; keeps what it was shown until the table's next action says which state
    that was."""

    def __init__(self, inner: Bot, seat: int, shown: list[tuple[int, PlayerView, list[Action]]]):
        self.inner, self.seat, self.shown = inner, seat, shown
        self.name = inner.name

    def decide(self, seen: PlayerView, legal: Sequence[Action]) -> Action | None:
        self.shown.append((self.seat, seen, list(legal)))
        return self.inner.decide(seen, legal)


def _check_views(
    state: GameState, shown: list[tuple[int, PlayerView, list[Action]]], asked: set[int]
) -> int:
    checked = 0
    for seat, seen, legal in shown:
        asked.add(seat)
        assert seen.viewer == seat
        assert seen.hand == state.players[seat].hand
        assert seen.money == state.players[seat].money
        assert seen == view(state, seat)
        assert legal == legal_actions(state, seat)
        assert seen.final_money is None  # nobody's money until the game is over (M1)
        dumped = seen.model_dump()
        assert all("hand" not in p and "money" not in p for p in dumped["players"])
        assert not {"draw_pile", "rng", "seed"} & dumped.keys()
        checked += 1
    shown.clear()
    return checked


@pytest.mark.parametrize("case", [CASES[i] for i in (0, 1, 2, 3, 800, 803)], ids=str)
def test_a_bot_sees_only_its_own_view(case: Case) -> None:
    shown: list[tuple[int, PlayerView, list[Action]]] = []
    bots: list[Bot] = [Watched(bot, seat, shown) for seat, bot in enumerate(_bots(case))]
    checked = 0
    asked: set[int] = set()

    def on_action(before: GameState, action: Action, events: tuple[Event, ...]) -> None:
        nonlocal checked
        checked += _check_views(before, shown, asked)  # every question since the last action

    result = play_bots(_state(case), bots, case.seed, on_action=on_action)
    assert result.final.phase is Phase.OVER
    assert shown == []  # nobody is asked anything once the game is over
    assert checked > len(result.actions)
    assert asked == set(range(len(case.kinds)))  # every seat was asked, and checked


# -- imtheboss simulate: the same table with one process or two ------------------------------

SIMULATE = ["simulate", "--games", "30", "--bots", "dealer,dealer,random,random", "--seed", "3"]


def _simulate(capsys: pytest.CaptureFixture[str], *extra: str) -> str:
    capsys.readouterr()
    assert main([*SIMULATE, *extra]) == 0
    return capsys.readouterr().out


def test_simulate_json_is_the_same_with_one_or_two_jobs(capsys: pytest.CaptureFixture[str]) -> None:
    one = _simulate(capsys, "--json", "--jobs", "1")
    two = _simulate(capsys, "--json", "--jobs", "2")
    assert one == two
    data = json.loads(one)
    assert data["games"] == 30
    assert data["bots"] == ["dealer", "dealer", "random", "random"]
    assert sum(data["wins_by_seat"]) == pytest.approx(30)
    assert sum(data["game_ended_by"].values()) == 30


def test_simulate_table_is_the_same_with_one_or_two_jobs(
    capsys: pytest.CaptureFixture[str],
) -> None:
    one = _simulate(capsys, "--jobs", "1")
    two = _simulate(capsys, "--jobs", "2")
    assert one == two
    assert "30 games, 4 players, seed 3" in one
    assert "dealer: wins" in one and "random: wins" in one
