"""The engine's values are the frozen, slotted, keyword-only dataclasses they were, although
``@value`` leaves their methods to be written by ``dataclass`` on their first use (issue 20:
compiling them at import was half of the engine's import, in the table's first frame)."""

from __future__ import annotations

import dataclasses
import importlib
import pickle
import random
import subprocess
import sys
from typing import Any

import pytest

from imtheboss.bots.random_play import random_steps
from imtheboss.engine import Options, Setup, new_game
from imtheboss.engine.board import Group, reconstructed_board
from imtheboss.engine.cards import Card, Colour
from imtheboss.engine.frozen import Frozen, Tree
from imtheboss.engine.state import Agreement, GameState, InvestorRef, Price, Trip
from imtheboss.engine.view import view

MODULES = ("actions", "board", "events", "options", "setup", "state", "view")


def _values() -> list[type[Frozen]]:
    for name in MODULES:
        importlib.import_module(f"imtheboss.engine.{name}")
    found: list[type[Frozen]] = []
    todo = list(Frozen.__subclasses__())
    while todo:
        cls = todo.pop()
        todo.extend(cls.__subclasses__())
        # (The class a class statement made before ``value`` gave it slots may linger until
        # a collection: the module's is the value.)
        if cls is not Tree and getattr(sys.modules[cls.__module__], cls.__name__, None) is cls:
            found.append(cls)
    return sorted(found, key=lambda c: (c.__module__, c.__qualname__))


def test_every_engine_class_is_a_value() -> None:
    assert len(_values()) >= 69


@pytest.mark.parametrize("cls", _values(), ids=lambda c: c.__qualname__)
def test_a_value_is_the_dataclass_it_was(cls: type[Frozen]) -> None:
    assert dataclasses.is_dataclass(cls)
    params: Any = cls.__dataclass_params__
    assert params.frozen and params.eq and params.init
    fields = dataclasses.fields(cls)
    own = [n for n, t in cls.__annotations__.items() if not str(t).startswith("ClassVar")]
    assert [f.name for f in fields] == own == list(cls.model_fields)
    assert all(f.kw_only for f in fields)
    assert cls.__match_args__ == ()
    # Written by ``dataclass`` for this very class, not a stand-in of ``Frozen``:
    for method in ("__init__", "__eq__", "__hash__", "__repr__"):
        assert method in vars(cls), method
        assert getattr(cls, method).__qualname__ == f"{cls.__qualname__}.{method}"
    if "__dict__" in vars(cls):
        # The instance-dict values (``Tree`` copies their dict; ``PlayerView`` shares one).
        assert issubclass(cls, Tree) or cls.__name__ == "PlayerView"
    else:
        assert cls.__slots__ == tuple(own)


def _state_after(moves: int) -> GameState:
    setup = Setup(players=("Ann", "Bob", "Cy", "Di"), seed=5, options=Options())
    state = new_game(setup)
    for n, (_, _, after, _) in enumerate(random_steps(state, random.Random(5))):
        state = after
        if n == moves:
            break
    return state


def test_a_value_is_frozen_compared_hashed_and_shown_as_before() -> None:
    price = Price(amount=3, dividends=True)
    with pytest.raises(dataclasses.FrozenInstanceError):
        price.amount = 4  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        del price.amount  # type: ignore[misc]
    with pytest.raises(TypeError):
        Price(3)  # type: ignore[misc]  # keyword-only
    assert price == Price(amount=3, dividends=True) != Price(amount=3)
    assert hash(price) == hash((3, True))
    assert repr(price) == "Price(amount=3, dividends=True)"
    assert not hasattr(price, "__dict__")
    with pytest.raises(TypeError, match="windw"):
        _state_after(5).replace(windw=3)  # type: ignore[call-arg]


def test_a_state_pickles_and_comes_back_equal() -> None:
    """The sharks' process is sent states by pickle; slotted frozen values need their own
    ``__getstate__`` / ``__setstate__`` (pickle's own would assign to a frozen field)."""
    state = _state_after(60)
    again = pickle.loads(pickle.dumps(state))
    assert again == state and hash(again.players[0].hand) == hash(state.players[0].hand)
    assert again.deal == state.deal and again.window == state.window


def test_a_fresh_process_uses_values_it_has_only_unpickled() -> None:
    """In a shark's process a value may arrive by pickle before its class was ever used
    there: hashing, comparing or showing it writes the methods then (one class for each, so
    that each is the first use of its class)."""
    price = Price(amount=2)
    agreement = Agreement(supplier=1, cards=(InvestorRef(colour=Colour.RED),), price=price)
    trip = Trip(colour=Colour.RED, card=Card.TRAVEL_RED)
    data = pickle.dumps((price, agreement, agreement.replace(), trip))
    code = (
        "import pickle, sys\n"
        "from imtheboss.engine import frozen\n"
        "price, agreement, same, trip = pickle.loads(sys.stdin.buffer.read())\n"
        "assert {type(price), type(agreement), type(trip)} <= set(frozen._UNMADE)\n"
        "print(hash(price) == hash((2, False)), agreement == same, repr(trip))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], input=data, capture_output=True, check=True
    ).stdout.decode()
    assert (
        out.strip()
        == "True True Trip(colour=<Colour.RED: 'red'>, card=<Card.TRAVEL_RED: 'travel red'>)"
    )


def _as_dataclass_writes_it(cls: type) -> type:
    """A class ``dataclass(frozen=True, kw_only=True)`` made of ``cls``'s fields: its own
    methods, compiled by ``dataclass``, to hold the written ones against."""
    namespace: dict[str, Any] = {"__annotations__": {}}
    for f in dataclasses.fields(cls):
        namespace["__annotations__"][f.name] = f.type
        namespace[f.name] = dataclasses.field(
            default=f.default,
            default_factory=f.default_factory,
            repr=f.repr,
            hash=f.hash,
            compare=f.compare,
        )
    made: type = dataclasses.dataclass(frozen=True, kw_only=True)(type(cls.__name__, (), namespace))
    return made


def _values_in(root: object) -> dict[type, list[object]]:
    """Every engine value reachable from ``root`` (through fields, tuples, dicts), by class."""
    found: dict[type, list[object]] = {}
    todo = [root]
    seen: set[int] = set()
    while todo:
        item = todo.pop()
        if id(item) in seen:
            continue
        seen.add(id(item))
        if isinstance(item, Frozen):
            found.setdefault(type(item), []).append(item)
            todo.extend(getattr(item, f.name) for f in dataclasses.fields(item))
        elif isinstance(item, tuple | list | frozenset):
            todo.extend(item)
        elif isinstance(item, dict):
            todo.extend(item.values())
    return found


def _hash_or_refusal(hasher: Any, value: object) -> object:
    """The hash, or the refusal of a value with a dict (``PlayerView``, ``GameState``)."""
    try:
        return hasher(value)
    except TypeError as refused:
        return str(refused)


def test_the_written_methods_are_the_ones_dataclass_compiles() -> None:
    """``frozen`` has ``dataclass`` read the fields only and writes the methods itself
    (``engine.methods``): every value of a game under way is compared, hashed and shown as
    ``dataclass``'s own methods do it, and the class says what ``dataclass`` says of it."""
    state = _state_after(60)
    group = Group(pick=2, of=frozenset({Colour.RED, Colour.BLUE}))
    setup = Setup(players=("Ann", "Bob", "Cy"), seed=2, board=reconstructed_board())
    by_class = _values_in([state, view(state, None), setup, group])
    assert {"Board", "Space", "Group", "Tile", "Price", "Rng", "Setup"} <= {
        c.__name__ for c in by_class
    }
    assert {"PlayerState", "GameState", "PublicPlayer"} <= {c.__name__ for c in by_class}
    for cls, values in by_class.items():
        ours = dataclasses.fields(cls)
        reference = _as_dataclass_writes_it(cls)
        theirs = dataclasses.fields(reference)
        assert [(f.name, f.kw_only, f.init, f.default) for f in ours] == [
            (f.name, f.kw_only, f.init, f.default) for f in theirs
        ]
        assert cls.__match_args__ == reference.__match_args__  # type: ignore[attr-defined]
        params = cls.__dataclass_params__  # type: ignore[attr-defined]
        assert repr(params) == repr(reference.__dataclass_params__)  # type: ignore[attr-defined]
        for value in values[:20]:
            same = pickle.loads(pickle.dumps(value))
            assert repr(value) == reference.__repr__(value)
            assert _hash_or_refusal(hash, value) == _hash_or_refusal(reference.__hash__, value)
            assert (value == same) is reference.__eq__(value, same) is True
            assert (value == values[-1]) == reference.__eq__(value, values[-1])
            assert value.__eq__(object()) is NotImplemented
