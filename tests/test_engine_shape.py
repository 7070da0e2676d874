"""The engine's shape as issue 20 asks for it: a typo in a copy is an error, no engine file
outgrows what a reader holds against RULES.md, and each rule ID has one decider that the
handlers, the legal lists, the kinds and the bots call instead of writing the rule again."""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import re
from pathlib import Path
from typing import Any

import pytest

from imtheboss.engine import Setup, closes, deciders, new_game
from imtheboss.engine.deciders import DECIDED_BY
from imtheboss.engine.frozen import Tree
from imtheboss.engine.state import Deal, GameState, PlayerState


def test_replace_refuses_an_unknown_field_and_names_it() -> None:
    """``state.replace(windw=3)`` returned a state equal to the old one."""
    state = new_game(Setup(players=("Ann", "Bob", "Cy"), seed=1))
    with pytest.raises(TypeError, match="windw"):
        state.replace(windw=3)
    with pytest.raises(TypeError, match="hnad"):
        state.players[0].replace(hnad=())
    assert state.replace(turn=2).turn == 2  # a known field still copies
    assert state.replace() == state


@pytest.mark.parametrize("cls", [GameState, Deal, PlayerState])
def test_every_tree_copies_its_own_fields_only(cls: type[Tree]) -> None:
    """The check counts fields: each tree's copy holds exactly its dataclass fields."""
    state = new_game(Setup(players=("Ann", "Bob", "Cy"), seed=2))
    value: Tree = {GameState: state, PlayerState: state.players[1]}.get(cls) or Deal(
        space=1, boss=0
    )
    copy = value.replace()
    assert set(vars(copy)) - {"_memo"} == {f.name for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="nope"):
        value.replace(nope=1)


ENGINE = Path(__file__).parent.parent / "src" / "imtheboss" / "engine"
BOTS = ENGINE.parent / "bots"
TUI = ENGINE.parent / "tui"


def test_no_engine_file_is_over_500_lines() -> None:
    long = {
        p.name: n
        for p in ENGINE.glob("*.py")
        if (n := len(p.read_text(encoding="utf-8").splitlines())) > 500
    }
    assert not long, long


def _rule_ids() -> list[str]:
    text = (ENGINE.parents[2] / "docs" / "rules.md").read_text(encoding="utf-8")
    return re.findall(r"^\| \*\*([A-Z]+[0-9]+)\*\* \|", text, flags=re.MULTILINE)


def _resolve(path: str) -> Any:
    """``module.name[.attribute]`` under ``imtheboss.engine`` (or a full dotted path)."""
    if not path.startswith("imtheboss."):
        path = f"imtheboss.engine.{path}"
    parts = path.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            found: Any = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for name in parts[cut:]:
            found = getattr(found, name)
        return found
    raise AssertionError(path)


def _cites(doc: str, rule: str) -> bool:
    """``doc`` names ``rule``, alone ("TR5") or in a range ("ST1–ST3", "S1–S6")."""
    prefix, number = re.fullmatch(r"([A-Z]+)([0-9]+)", rule).groups()  # type: ignore[union-attr]
    for low, high in re.findall(rf"\b{prefix}([0-9]+)(?:[–-]{prefix}([0-9]+))?\b", doc):
        if int(low) <= int(number) <= int(high or low):
            return True
    return False


def test_every_rule_has_one_decider_that_cites_it() -> None:
    """A reader with RULES.md open finds, for each rule ID, the function that decides it."""
    ids = _rule_ids()
    assert len(ids) >= 60
    assert set(DECIDED_BY) == set(ids), set(ids) ^ set(DECIDED_BY)
    uncited = {}
    for rule, path in DECIDED_BY.items():
        decider = _resolve(path)
        if not _cites(inspect.getdoc(decider) or "", rule):
            uncited[rule] = path
    assert not uncited, uncited


#: The shared deciders, and the handlers, lists, kinds and bots that ask them instead of
#: writing the rule again.
CALLERS = {
    "may_start_deal": ["turn._start_deal", "legal._legal"],
    "may_draw": ["turn._draw", "legal._legal"],
    "may_lay_family": ["legal.has_legal", "kinds._hand_kinds"],
    "price_fits": [
        "negotiation._accept",
        "listing._negotiation",
        "kinds._bits_of",
        "kinds._boss_kinds",
        "imtheboss.bots.random_play.RandomPlayer._useful",
    ],
    "promised_of": ["common.price_room", "view.PlayerView"],
    "may_cancel": [
        "negotiation._cancel",
        "listing._negotiation",
        "kinds._bits_of",
        "kinds._boss_kinds",
    ],
    "offers_left": ["influence._travel_effect", "influence._hire_effect"],
    "travel_refusal": ["influence._travel"],
    "may_travel_on": ["listing._influence_list", "kinds._influence_kinds_now"],
    "travel_card_fits": ["listing._influence_list", "kinds._influence_kinds_now"],
    "may_play_boss": ["influence._boss", "listing._influence_key", "kinds._influence_kinds"],
    "hire_refusal": ["influence._hire"],
    "may_hire": ["listing._hire_list"],
    "must_close": ["closing._fail", "listing._negotiation", "kinds._boss_kinds"],
}


def test_a_card_leaving_the_deal_ends_no_agreement() -> None:
    """N5 (ruling 2026-12-01): a travel card or a hire set takes a card out of the deal, but
    only the Boss changing (B2) or both sides cancelling ends an agreement; the effects leave
    ``offers_left`` to say what lapses and write no agreements of their own."""
    for effect in ("influence._travel_effect", "influence._hire_effect"):
        assert "agreements" not in inspect.getsource(_resolve(effect)).split('"""')[-1], effect


#: A decider's check bound as one C call (``deciders.py``), which the hottest caller may call
#: instead of the decider: the same rule, written once, without a frame.
BOUND = {
    "may_lay_family": "holds_no_family",
    "travel_card_fits": "travel_colours",
    "may_play_boss": "not_the_boss",
}


@pytest.mark.parametrize("decider", sorted(CALLERS))
def test_the_handlers_lists_kinds_and_bots_call_the_decider(decider: str) -> None:
    assert callable(getattr(deciders, decider, None) or getattr(closes, decider))
    names = "|".join([decider, *([BOUND[decider]] if decider in BOUND else [])])
    for caller in CALLERS[decider]:
        source = inspect.getsource(_resolve(caller))
        assert re.search(rf"\b({names})\(", source), f"{caller} does not call {decider}"


def test_a_bound_check_is_its_deciders_own() -> None:
    for decider, bound in BOUND.items():
        assert re.search(rf"\b{bound}\(", inspect.getsource(getattr(deciders, decider)))


#: Pieces of rules that only their decider may write (``deciders.py``, ``closes.py``).
REPEATS = {
    "Variant.V2": "may_draw",
    "Variant.V5": "may_start_deal",
    "<= room": "price_fits",
    "> room": "price_fits",
    "not in deal.cancel_requests": "may_cancel",
    "TRAVEL_GREY or": "travel_card_fits",
    "owner == action.player": "hire_refusal",
}


def test_no_rule_is_written_again_outside_its_decider() -> None:
    sources = [*ENGINE.glob("*.py"), *BOTS.glob("*.py")]
    found = [
        f"{path.name}: {piece!r} (ask {decider})"
        for path in sources
        if path.name not in ("deciders.py", "options.py")
        for piece, decider in REPEATS.items()
        if piece in path.read_text(encoding="utf-8")
    ]
    assert not found, found


def test_what_the_agreements_promised_is_summed_once() -> None:
    """N3 (issue 20): the money the agreements promised was summed by the engine's room, the
    TUI's deal box and the dealer bot, each its own way; now ``deciders.promised_of`` does it
    and the others read it (``price_room``, ``PlayerView.promised``)."""
    summing = re.compile(r"sum\(\s*\w+\.price\.dollars\(")
    sources = [*ENGINE.glob("*.py"), *BOTS.glob("*.py"), *TUI.rglob("*.py")]
    found = [
        path.name
        for path in sources
        if path.name != "deciders.py" and summing.search(path.read_text(encoding="utf-8"))
    ]
    assert not found, found


def test_a_slotted_value_is_built_as_its_dataclass_init_built_it() -> None:
    """The ``__init__`` a value is given on its first use (``methods.init_of``, each slot set
    by its own setter) builds what ``dataclass``'s own ``__init__`` built: the same
    keyword-only fields, defaults, refusals and ``__post_init__``."""
    from imtheboss.engine import Offer, Price
    from imtheboss.engine.cards import Colour
    from imtheboss.engine.methods import dataclass_init
    from imtheboss.engine.state import InvestorRef, Rng

    made = Offer(
        player=1, supplier=2, cards=(InvestorRef(colour=Colour.RED),), price=Price(amount=3)
    )
    by_dataclass = object.__new__(Offer)
    dataclass_init(Offer)(
        by_dataclass,
        player=1,
        supplier=2,
        cards=(InvestorRef(colour=Colour.RED),),
        price=Price(amount=3),
    )
    assert made == by_dataclass and hash(made) == hash(by_dataclass)
    assert Rng(seed=4) == Rng(seed=4, counter=0)  # a default
    # The faster one is in place: written by ``init_of`` for the class, not by ``dataclass``.
    assert Rng.__init__.__code__.co_filename == "<Rng.__init__>"
    with pytest.raises(TypeError, match="sed"):
        Rng(sed=4)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Rng(4)  # type: ignore[misc]  # keyword-only, as dataclass wrote it
    with pytest.raises(ValueError):
        Price(amount=-1)  # __post_init__ still checks
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.player = 3  # type: ignore[misc]
