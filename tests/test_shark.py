"""The shark: a full state rebuilt from a view (determinization), a decision that depends on
the view alone, the same moves for the same seed and budget, legal moves only, and the
``--bot-budget`` flag of ``play`` and ``simulate``."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from imtheboss import cli_types
from imtheboss.bots import BOTS, DEFAULT_BUDGET, MAX_BUDGET, SharkBot, make_bot, play_bots
from imtheboss.bots.dealer import PATIENCE
from imtheboss.bots.determinize import (
    PILE_MONEY,
    NotDeterminizable,
    determinize,
    seen_cards,
    unseen_cards,
)
from imtheboss.bots.shark import evaluate
from imtheboss.cli import build_parser, main
from imtheboss.engine import (
    DECK_COUNTS,
    DECK_SIZE,
    Action,
    Card,
    GameState,
    MoneyPile,
    Options,
    Phase,
    PlayerState,
    Setup,
    Variant,
    apply,
    legal_actions,
    new_game,
    view,
)
from imtheboss.engine import actions as A
from imtheboss.engine.cards import sort_hand
from imtheboss.engine.events import Event
from imtheboss.engine.invariants import card_locations, violations
from imtheboss.engine.state import Rng
from imtheboss.tui.bot_seats import BotSeats
from support import play

NAMES = ("Ann", "Bob", "Cy", "Di", "Eve", "Flo")
SHARK = 0


def _game(
    seed: int, kinds: tuple[str, ...], budget: int = 4, variants: tuple[Variant, ...] = ()
) -> tuple[list[GameState], list[Action]]:
    """Every state before an action of a whole game, and the actions."""
    options = Options(variants=frozenset(variants))
    state = new_game(Setup(players=NAMES[: len(kinds)], seed=seed, options=options))
    bots = [make_bot(kind, seed * 7 + seat, budget) for seat, kind in enumerate(kinds)]
    states: list[GameState] = []

    def keep(before: GameState, action: Action, events: tuple[Event, ...]) -> None:
        states.append(before)

    result = play_bots(state, bots, seed, on_action=keep)
    return states, result.actions


@pytest.fixture(scope="module")
def game() -> list[GameState]:
    """Every state of one game of a shark and three dealers (seed 11), up to its end."""
    return _game(11, ("shark", "dealer", "dealer", "dealer"))[0]


def _spread(states: list[GameState], k: int) -> list[GameState]:
    """``k`` states from all over the game, and every kind of moment among them."""
    step = max(1, len(states) // k)
    picked = states[::step]
    for phase in Phase:
        picked += [s for s in states if s.phase is phase][:2]
    picked += [s for s in states if s.window is not None][:3]
    picked += [s for s in states if s.deal is not None and s.deal.family][:2]
    picked += [s for s in states if s.deal is not None and s.deal.trips][:2]
    return picked


# -- determinization -------------------------------------------------------------------------


def test_a_determinized_state_looks_the_same_to_the_viewer(game: list[GameState]) -> None:
    """Every card is somewhere (98, C3), every investor too (6, C2), hand sizes, the pile's
    size, the open cards and the viewer's own hand are those of the view; the state breaks
    no invariant, and its view for the viewer is the view it was built from."""
    checked = Counter[str]()
    for state in _spread(game, 40):
        for seat in range(state.n):
            seen = view(state, seat)
            sample = determinize(seen, random.Random(seat))
            cards = card_locations(sample)
            assert cards is not None
            assert sum(cards.values()) == DECK_SIZE
            assert cards == Counter(DECK_COUNTS)
            assert len(sample.owners) == 6 and sample.owners == state.owners
            assert [len(p.hand or ()) for p in sample.players] == [
                p.hand_size for p in seen.players
            ]
            assert sample.players[seat].hand == state.players[seat].hand
            assert sample.players[seat].money == state.players[seat].money
            assert violations(sample) == []
            assert view(sample, seat) == seen
            checked[state.phase.value] += 1
            checked["window"] += state.window is not None
    assert set(checked) >= {"place marker", "turn", "rolled", "deal", "window"}


def test_determinization_samples_what_is_hidden(game: list[GameState]) -> None:
    """Other hands and the pile are drawn from the unseen cards: different seeds, different
    hands; the same seed, the same state. Rivals' money shows their piles (M1)."""
    state = game[len(game) // 2]
    seen = view(state, SHARK)
    one = determinize(seen, random.Random(1))
    again = determinize(seen, random.Random(1))
    other = determinize(seen, random.Random(2))
    assert one == again
    hidden = [p.hand for p in one.players[1:]], one.draw_pile
    assert hidden != ([p.hand for p in other.players[1:]], other.draw_pile)
    unseen = Counter(unseen_cards(seen))
    for sample in (one, other):
        dealt = Counter(sample.draw_pile or ())
        for p in sample.players[1:]:
            dealt.update(p.hand or ())
        assert dealt == unseen
        for seat in range(1, state.n):
            pile = MoneyPile.of(state.players[seat].money)
            assert sample.players[seat].money == PILE_MONEY[pile]
    assert sum(seen_cards(seen).values()) + len(unseen_cards(seen)) == DECK_SIZE


def test_a_view_with_unknown_hands_cannot_be_determinized(game: list[GameState]) -> None:
    state = game[5]
    players = (state.players[0], state.players[1].replace(hand=None), *state.players[2:])
    with pytest.raises(NotDeterminizable):
        determinize(view(state.replace(players=players), SHARK), random.Random(0))
    with pytest.raises(NotDeterminizable):
        determinize(view(state, None), random.Random(0))


# -- the decision depends on the view alone --------------------------------------------------


def _scramble(state: GameState, me: int, rng: random.Random) -> GameState:
    """The same game for ``me``, another for everyone else: the others' hands and the draw
    pile dealt again from the same cards (same sizes), other dice, and other money that
    looks the same across the table (M1)."""
    pool = [c for seat, p in enumerate(state.players) if seat != me for c in p.hand or ()]
    pool += state.draw_pile or ()
    rng.shuffle(pool)
    players: list[PlayerState] = []
    for seat, p in enumerate(state.players):
        if seat == me:
            players.append(p)
            continue
        size = len(p.hand or ())
        hand, pool = sort_hand(pool[:size]), pool[size:]
        money = p.money
        for other in (money + 1, money - 1, money + 3):
            if other >= 0 and MoneyPile.of(other) is MoneyPile.of(money):
                money = other
                break
        players.append(p.replace(hand=hand, money=money))
    return state.replace(
        players=tuple(players),
        draw_pile=tuple(pool),
        rng=Rng(seed=rng.getrandbits(40)),
        bank_paid=sum(p.money for p in players),
    )


def _searched_moments(states: list[GameState], seat: int, budget: int) -> list[GameState]:
    """Moments at which a fresh shark in ``seat`` has a real choice and searches."""
    found = []
    for state in states:
        legal = legal_actions(state, seat)
        if not legal:
            continue
        bot = SharkBot(seed=3, budget=budget)
        bot.decide(view(state, seat), legal)
        if bot.searches:
            found.append(state)
    return found


def test_the_decision_does_not_change_when_hidden_cards_change(game: list[GameState]) -> None:
    """The shark decides from its view: deal the other hands and the pile again, change
    the dice and the rivals' exact money, and every decision stays the same."""
    moments = _searched_moments(game, SHARK, 8)
    assert len(moments) >= 10
    kinds = Counter[str]()
    rng = random.Random(5)
    for state in moments:
        legal = legal_actions(state, SHARK)
        for _ in range(2):
            other = _scramble(state, SHARK, rng)
            assert [p.hand for p in other.players[1:]] != [p.hand for p in state.players[1:]]
            assert view(other, SHARK) == view(state, SHARK)
            assert legal_actions(other, SHARK) == legal
            first = SharkBot(seed=3, budget=8).decide(view(state, SHARK), legal)
            second = SharkBot(seed=3, budget=8).decide(view(other, SHARK), legal)
            assert first == second, f"{state.phase}: {first} became {second}"
        kinds["window" if state.window else state.phase.value] += 1
    assert len(kinds) >= 2  # turns, deals, windows: not a single kind of moment


def test_the_search_changes_moves_the_dealer_would_make(game: list[GameState]) -> None:
    """Searching is not a costly way to play the dealer: over a game it departs from the
    dealer's move at some of the moments it weighs."""
    differ = 0
    for state in _searched_moments(game, SHARK, 8):
        legal = legal_actions(state, SHARK)
        shark = SharkBot(seed=3, budget=8)
        chosen = shark.decide(view(state, SHARK), legal)
        if chosen != shark._dealer.decide(view(state, SHARK), legal):
            differ += 1
    assert differ > 0


# -- the same seed and budget, the same game --------------------------------------------------


def test_the_same_seed_and_budget_play_the_same_game() -> None:
    kinds = ("shark", "dealer", "shark", "random")
    first = _game(21, kinds, budget=6)[1]
    again = _game(21, kinds, budget=6)[1]
    assert first == again
    other = _game(21, kinds, budget=12)[1]
    assert other != first  # the budget matters: more playouts, other moves


def test_every_move_is_legal_and_sharks_finish_their_games() -> None:
    """``play_bots`` refuses a move the bot was not offered; four sharks, and sharks under
    the two-player rules, end their games with no invariant broken."""
    for seed, kinds, variants in (
        (31, ("shark",) * 4, ()),
        (32, ("shark", "dealer", "random"), (Variant.V2, Variant.V5)),
        (33, ("shark", "dealer"), (Variant.V8,)),
    ):
        states, actions = _game(seed, kinds, budget=4, variants=variants)
        final, _ = play(states[-1], actions[-1])
        assert final.phase is Phase.OVER and final.winners
        assert violations(final) == []


def test_a_turn_choice_is_legal_and_weighed() -> None:
    """At a turn with a deal possible the shark weighs the deal against the roll."""
    states, _ = _game(2, ("shark", "dealer", "dealer", "dealer"), budget=4)
    turns = [
        s
        for s in states
        if s.phase is Phase.TURN and A.StartDeal(player=SHARK) in legal_actions(s, SHARK)
    ]
    assert turns
    bot = SharkBot(seed=1, budget=4)
    choice = bot.decide(view(turns[0], SHARK), legal_actions(turns[0], SHARK))
    assert choice in (A.StartDeal(player=0), A.Roll(player=0))
    assert bot.searches == 1


def test_the_score_counts_money_cards_and_the_win(game: list[GameState]) -> None:
    state = game[-1]
    richer = state.replace(
        players=(state.players[0].replace(money=state.players[0].money + 10), *state.players[1:])
    )
    assert evaluate(richer, SHARK) > evaluate(state, SHARK)
    more_cards = state.replace(
        players=(
            state.players[0].replace(hand=sort_hand((*(state.players[0].hand or ()), Card.STOP))),
            *state.players[1:],
        )
    )
    assert evaluate(more_cards, SHARK) > evaluate(state, SHARK)


# -- budget: the bot and the command line ------------------------------------------------------


def test_a_shark_refuses_a_budget_out_of_range() -> None:
    for bad in (0, -1, MAX_BUDGET + 1):
        with pytest.raises(ValueError, match="budget"):
            SharkBot(budget=bad)
    assert SharkBot().budget == DEFAULT_BUDGET
    assert isinstance(make_bot("shark", 1, 7), SharkBot)
    assert make_bot("shark", 1, 7).budget == 7  # type: ignore[attr-defined]


def test_the_command_line_and_the_bot_agree_on_the_budget() -> None:
    assert cli_types.MAX_BOT_BUDGET == MAX_BUDGET
    parser = build_parser()
    for command in ("play", "simulate"):
        sub = parser._subparsers._group_actions[0].choices[command]  # type: ignore[union-attr]
        text = sub.format_help()
        assert f"default {DEFAULT_BUDGET};" in " ".join(text.split())
        assert f"{MAX_BUDGET:,}" in text


def test_the_command_line_offers_every_bot_and_no_other() -> None:
    """``play --bot-kind`` lists its choices without importing the bots (first paint): the
    list must stay the bots' own."""
    play = build_parser()._subparsers._group_actions[0].choices["play"]  # type: ignore[union-attr]
    kind = next(a for a in play._actions if "--bot-kind" in a.option_strings)
    assert sorted(kind.choices) == sorted(BOTS)


@pytest.mark.parametrize("command", ["play", "simulate"])
@pytest.mark.parametrize(
    ("value", "says"),
    [
        ("0", "from 1 to 20,000, not 0"),
        ("20001", "from 1 to 20,000, not 20,001"),
        ("-5", "not -5"),
        ("ten", "a whole number, not 'ten'"),
        ("1e3", "a whole number, not '1e3'"),
        ("9" * 40, "not 9999"),
    ],
)
def test_a_bad_budget_is_one_sentence_and_exit_2(
    command: str, value: str, says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exited:
        main([command, "--bot-budget", value])
    assert exited.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert f"imtheboss {command}: --bot-budget: a number of playouts per decision" in err or (
        "a whole number" in err
    )
    assert says in err


def test_simulate_names_the_shark_among_the_bots(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "1", "--bots", "shark,dealer,fish,dealer"]) == 2
    assert "'random', 'dealer' or 'shark'" in capsys.readouterr().err


SIMULATE = ["simulate", "--games", "6", "--bots", "shark,dealer,dealer,dealer", "--seed", "4"]


def test_simulate_with_a_shark_is_the_same_with_one_or_two_jobs(
    capsys: pytest.CaptureFixture[str],
) -> None:
    runs = []
    for jobs in ("1", "2"):
        capsys.readouterr()
        assert main([*SIMULATE, "--bot-budget", "6", "--json", "--jobs", jobs]) == 0
        runs.append(capsys.readouterr().out)
    assert runs[0] == runs[1]
    data = json.loads(runs[0])
    assert data["bots"] == ["shark", "dealer", "dealer", "dealer"]
    assert sum(data["wins_by_seat"]) == pytest.approx(6)
    capsys.readouterr()
    assert main([*SIMULATE, "--bot-budget", "24", "--json", "--jobs", "1"]) == 0
    assert capsys.readouterr().out != runs[0]  # the budget reaches the bots


def test_a_shark_boss_does_not_wait_for_ever_on_a_person_who_never_answers() -> None:
    """At a table of people (the TUI's ``BotSeats``), nobody but the bots may move in a deal
    a shark leads. It used to let the same moment pass for ever, answering every ask with the
    answer it had worked out once: the table froze (a person who never answered an offer, or
    a Boss with nothing it liked after a travel card). Now it gives way to the dealer's moves
    after ``PATIENCE`` asks, whose own patience ends the deal."""
    for seed in (0, 1):
        state = new_game(Setup(players=("Ann", "Bo", "Cy", "Di"), seed=seed, options=Options()))
        seats = BotSeats({s: SharkBot(seed=seed + s, budget=2) for s in (1, 2, 3)}, seed)
        silent = longest = 0
        for _ in range(150):
            if state.phase is Phase.OVER:
                break
            action = seats.next_action(state)
            if action is None and state.window is not None:
                action = A.TimeUp()  # the table's count runs out
            elif action is None and (state.deal is None or state.deal.boss == 0):
                # Ann takes her turns and gives up her own deals; she never answers a bot.
                action = legal_actions(state, 0)[0] if state.deal is None else A.Fail(player=0)
            if action is None:
                silent += 1
                longest = max(longest, silent)
                continue
            silent = 0
            state, _ = apply(state, action)
        assert longest <= 3 * PATIENCE, (seed, longest)
        assert state.deals_done >= 2, seed
