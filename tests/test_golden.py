"""Golden games: proof that a change to the engine's insides changed nothing a player can see.

200 seeded random games (3–6 players, every variant, V8 with two players too) are played by a
small random chooser kept in this file, so that changes to the bots cannot move it. For each
game the file ``golden/games.json`` holds one hash over every action (as the save file writes
it), every event (a canonical dict of its public fields) and the final state (a canonical dict
of its public fields); ``golden/check.json`` holds ``imtheboss check --json`` of every file in
docs/examples.

The hashes are of representation-independent text (JSON of names and plain values), never of
``repr()`` or of a library's dump of internal classes, so the engine may be rebuilt freely.

Regenerate only when the rules (or ``check``'s messages) change on purpose::

    python tests/test_golden.py --regen-check   # after a deliberate change to check's output
    python tests/test_golden.py --regen-games   # after a deliberate change to the rules
    python tests/test_golden.py --regen-printed # the same, for the games on the printed board
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import io
import json
import random
import sys
from enum import Enum
from pathlib import Path
from typing import Any

import pytest

from imtheboss.cli import main
from imtheboss.engine import (
    Action,
    Board,
    GameRecord,
    GameState,
    Options,
    Phase,
    Setup,
    StartPlayer,
    TimeUp,
    Variant,
    actors,
    apply,
    default_board,
    legal_actions,
    new_game,
    reconstructed_board,
)

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = Path(__file__).resolve().parent / "golden"
GAMES_FILE = GOLDEN / "games.json"
#: The first games of ``game_setup`` again, on the printed board (the default of new games).
PRINTED_FILE = GOLDEN / "printed.json"
PRINTED_GAMES = 60
CHECK_FILE = GOLDEN / "check.json"
EXAMPLES = sorted((ROOT / "docs" / "examples").glob("*.txt"))

NAMES = ("Ann", "Bob", "Cy", "Di", "Eve", "Flo")
GAMES = 200
#: A deal that runs this long is ended by its Boss: closed if he can, failed otherwise.
DEAL_MOVES = 10
KIND_WEIGHTS = {
    "close": 8.0,
    "accept": 5.0,
    "fail": 0.2,
    "withdraw": 0.3,
    "cancel": 0.3,
    "reset": 1.0,
    "draw": 2.5,
    "roll": 2.0,
}
_VARIANTS = list(Variant)


def game_setup(index: int, board: Board | None = None) -> Setup:
    """Game ``index``: player counts 3–6 in turn, one variant each plus a random mix, and
    every tenth game a two-player V8 game; on the reconstruction unless ``board`` says."""
    rng = random.Random(f"golden setup {index}")
    variants = {_VARIANTS[index % len(_VARIANTS)]}
    variants |= {v for v in _VARIANTS if rng.random() < 0.2}
    players = 3 + index % 4
    if index % 10 == 9:
        players, variants = 2, variants | {Variant.V8}
    start = StartPlayer.ALPHABETICAL if index % 7 == 3 else StartPlayer.RANDOM
    options = Options(variants=frozenset(variants), start=start)
    # Named: the hashes were taken on the reconstruction, before the printed board was the
    # default (a Setup keeps the reconstruction as None, so the record hashes as it did).
    return Setup(
        players=NAMES[:players],
        seed=1000 + index,
        options=options,
        board=board or reconstructed_board(),
    )


def _choose(state: GameState, rng: random.Random, moves_in_deal: int) -> Action:
    """A random legal action: kind first, then one of that kind, leaning towards what the
    deal on the table needs so that games end."""
    window = state.window
    if window is not None and rng.random() < 0.35:
        return TimeUp()
    deal = state.deal
    if deal is not None and window is None:
        if moves_in_deal >= DEAL_MOVES or rng.random() < 0.3:
            mine = legal_actions(state, deal.boss)
            closes = [a for a in mine if a.kind == "close"]
            if closes:
                return rng.choice(closes)
            if moves_in_deal >= DEAL_MOVES:
                return rng.choice([a for a in mine if a.kind == "fail"])
        if rng.random() < 0.75:
            useful = _useful(state, rng)
            if useful is not None:
                return useful
    seats = sorted(actors(state))
    rng.shuffle(seats)
    for seat in seats:
        options = legal_actions(state, seat)
        if not options:
            continue
        by_kind: dict[str, list[Action]] = {}
        for action in options:
            by_kind.setdefault(action.kind, []).append(action)
        kinds = sorted(by_kind)
        kind = rng.choices(kinds, [KIND_WEIGHTS.get(k, 1.0) for k in kinds])[0]
        return _pick(state, rng, by_kind[kind])
    if window is not None:
        return TimeUp()
    raise AssertionError(f"nobody can act in phase {state.phase}")


def _useful(state: GameState, rng: random.Random) -> Action | None:
    """An action that brings the deal closer to a close, from anyone: an accept, a needed
    family card laid, or a fair price for a needed card nobody has proposed or agreed yet."""
    deal = state.deal
    assert deal is not None
    space = state.board.space(deal.space)
    colours = space.required | space.optional
    fair = state.proceeds // max(2, space.investors)
    taken = {ref for p in (*deal.proposals, *deal.agreements) for ref in p.cards}
    found: dict[str, list[Action]] = {}
    others = [seat for seat in range(state.n) if seat != deal.boss]
    for seat in (deal.boss, rng.choice(others)):
        for action in legal_actions(state, seat):
            kind = action.kind
            if kind == "accept" or (kind == "lay_family" and action.colour in colours):  # type: ignore[union-attr]
                found.setdefault(kind, []).append(action)
            elif kind in ("offer", "ask"):
                price = action.price  # type: ignore[union-attr]
                ref = action.cards[0]  # type: ignore[union-attr]
                if (
                    not price.dividends
                    and price.amount <= fair
                    and ref.colour in colours
                    and ref not in taken
                ):
                    found.setdefault(kind, []).append(action)
    if "accept" in found and rng.random() < 0.8:
        return rng.choice(found["accept"])
    kinds = sorted(found)
    return rng.choice(found[rng.choice(kinds)]) if kinds else None


def _pick(state: GameState, rng: random.Random, options: list[Action]) -> Action:
    deal = state.deal
    if deal is None or rng.random() < 0.2:
        return rng.choice(options)
    space = state.board.space(deal.space)
    colours = space.required | space.optional
    fair = state.proceeds // max(2, space.investors)
    good: list[Action] = []
    for action in options:
        if action.kind in ("offer", "ask"):
            price = action.price  # type: ignore[union-attr]
            cards = action.cards  # type: ignore[union-attr]
            if not price.dividends and price.amount <= fair and cards[0].colour in colours:
                good.append(action)
        elif action.kind == "lay_family" and action.colour in colours:  # type: ignore[union-attr]
            good.append(action)
    return rng.choice(good or options)


# -- canonical, representation-independent text ------------------------------------------


def _field_names(obj: Any) -> list[str]:
    """The declared public fields of an engine value, whatever kind of class holds them."""
    model_fields = getattr(type(obj), "model_fields", None)
    if isinstance(model_fields, dict):
        return list(model_fields)
    if dataclasses.is_dataclass(obj):
        return [f.name for f in dataclasses.fields(obj)]
    raise TypeError(f"cannot canonicalise {type(obj).__name__}")


def canon(value: Any) -> Any:
    """Plain JSON values: enums by value, sets sorted, values by their public fields."""
    if isinstance(value, Enum):
        return value.value
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, tuple | list):
        return [canon(v) for v in value]
    if isinstance(value, frozenset | set):
        return sorted((canon(v) for v in value), key=lambda v: json.dumps(v, sort_keys=True))
    if isinstance(value, dict):
        return sorted(
            ([canon(k), canon(v)] for k, v in value.items()),
            key=lambda kv: json.dumps(kv[0], sort_keys=True),
        )
    return {name: canon(getattr(value, name)) for name in _field_names(value)}


def final_state(state: GameState) -> dict[str, Any]:
    """The state's public facts, named here one by one."""
    return {
        "players": [[p.name, canon(p.hand), p.money, p.deals_closed] for p in state.players],
        "owners": canon(state.owners),
        "stack": list(state.stack),
        "covered": canon(state.covered),
        "deals_done": state.deals_done,
        "marker": state.marker,
        "turn": state.turn,
        "phase": state.phase.value,
        "deal": canon(state.deal),
        "window": canon(state.window),
        "after_stop": state.after_stop,
        "draw_pile": canon(state.draw_pile),
        "discard": canon(state.discard),
        "rng": None if state.rng is None else [state.rng.seed, state.rng.counter],
        "bank_paid": state.bank_paid,
        "end_roller": state.end_roller,
        "end_tile": state.end_tile,
        "winners": list(state.winners),
    }


def _line(obj: Any) -> str:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"))


def play_golden(index: int, board: Board | None = None) -> dict[str, Any]:
    """Play game ``index`` (on ``board``: the reconstruction by default); returns its action
    count and the hash of everything."""
    setup = game_setup(index, board)
    state = new_game(setup)
    rng = random.Random(index)
    digest = hashlib.sha256()
    actions: list[Action] = []
    moves_in_deal = 0
    while state.phase is not Phase.OVER:
        assert len(actions) < 5000, f"golden game {index} did not end"
        action = _choose(state, rng, moves_in_deal)
        state, events = apply(state, action)
        actions.append(action)
        moves_in_deal = moves_in_deal + 1 if state.deal is not None else 0
        for event in events:
            digest.update(_line(canon(event)).encode())
            digest.update(b"\n")
        digest.update(b"--\n")
    record = json.loads(GameRecord(setup=setup, actions=tuple(actions)).to_json())
    for saved in record["actions"]:
        digest.update(_line(saved).encode())
        digest.update(b"\n")
    options = record["setup"]["options"]
    options["variants"] = sorted(options["variants"])  # a set: its order is the hash seed's
    if setup.board is not None:  # its colours are sets too
        record["setup"]["board"] = canon(setup.board)
    digest.update(_line(record["setup"]).encode())
    digest.update(_line(final_state(state)).encode())
    return {"actions": len(actions), "hash": digest.hexdigest()}


def check_json(path: Path) -> tuple[int, Any]:
    """``imtheboss check --json FILE``: the exit code and the JSON printed."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(["check", "--json", str(path)])
    return code, json.loads(out.getvalue())


# -- the tests ------------------------------------------------------------------------------


def _load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


CHUNK = 20


@pytest.mark.parametrize("first", range(0, GAMES, CHUNK))
def test_golden_games(first: int) -> None:
    expected = _load(GAMES_FILE)
    assert len(expected) == GAMES
    for index in range(first, first + CHUNK):
        assert play_golden(index) == expected[str(index)], f"golden game {index} changed"


@pytest.mark.parametrize("first", range(0, PRINTED_GAMES, CHUNK))
def test_golden_games_on_the_printed_board(first: int) -> None:
    """The default board since issue 21: spaces with no required colour and with groups."""
    expected = _load(PRINTED_FILE)
    assert len(expected) == PRINTED_GAMES
    for index in range(first, first + CHUNK):
        played = play_golden(index, default_board())
        assert played == expected[str(index)], f"golden game {index} on the printed board changed"


def test_golden_games_cover_every_variant_and_count() -> None:
    setups = [game_setup(i) for i in range(GAMES)]
    assert {len(s.players) for s in setups} == {2, 3, 4, 5, 6}
    assert set().union(*(s.options.variants for s in setups)) == set(Variant)


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_golden_check(path: Path) -> None:
    expected = _load(CHECK_FILE)
    assert sorted(expected) == [p.name for p in EXAMPLES], "regenerate: --regen-check"
    code, printed = check_json(path)
    assert [code, printed] == expected[path.name]


def _regen(games: bool, check: bool, printed: bool = False) -> None:
    GOLDEN.mkdir(exist_ok=True)
    if games:
        data = {str(i): play_golden(i) for i in range(GAMES)}
        GAMES_FILE.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    if printed:
        data = {str(i): play_golden(i, default_board()) for i in range(PRINTED_GAMES)}
        PRINTED_FILE.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    if check:
        table = {p.name: list(check_json(p)) for p in EXAMPLES}
        CHECK_FILE.write_text(json.dumps(table, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    flags = set(sys.argv[1:])
    if not flags or flags - {"--regen-games", "--regen-check", "--regen-printed"}:
        sys.exit(
            "usage: python tests/test_golden.py [--regen-games] [--regen-check] [--regen-printed]"
        )
    _regen("--regen-games" in flags, "--regen-check" in flags, "--regen-printed" in flags)
