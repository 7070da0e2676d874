"""The table's ``@plain`` classes behave as the dataclasses they were (``imtheboss.plain``).

Each class is held against the dataclass its own source text declares: the class statement is
compiled again with ``@dataclass`` in place of ``@plain``, in its module's namespace, and both
are built, compared, hashed, shown, refused and copied alike."""

from __future__ import annotations

import copy
import dataclasses
import inspect
import pickle
import sys
from typing import Any

import pytest

from imtheboss import messages, plain, record, saves, session, table_settings
from imtheboss.tui import bot_seats, log
from imtheboss.tui.widgets import deal, footer

CLASSES = [
    messages.Money,
    messages.Msg,
    messages.Words,
    record.Record,
    saves._Held,
    session.GameSession,
    table_settings.TableSettings,
    bot_seats.Question,
    log.Entry,
    deal.Stands,
    footer._Key,
]


def as_dataclass(cls: type) -> type:
    """The class its source declares, made by ``dataclass`` itself."""
    source = inspect.getsource(cls).replace("@plain", "@dataclasses.dataclass", 1)
    assert "@dataclasses.dataclass" in source
    scope = dict(vars(sys.modules[cls.__module__]), dataclasses=dataclasses)
    # Compiled under this module's ``from __future__ import annotations``, as the class was.
    exec(compile(source, f"<{cls.__qualname__}>", "exec"), scope)
    made: type = scope[cls.__name__]
    return made


class Token:
    """A field's value in a test: equal and hashed by its label, shown by it."""

    def __init__(self, label: str) -> None:
        self.label = label

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Token) and other.label == self.label

    def __hash__(self) -> int:
        return hash(self.label)

    def __repr__(self) -> str:
        return f"Token({self.label!r})"


def calls(reference: type) -> list[tuple[tuple[Any, ...], dict[str, Any]]]:
    """Ways to build a value: the required fields only (positional, then by keyword), and
    every field given, positional and by keyword."""
    fields = [f for f in dataclasses.fields(reference) if f.init]
    required = [
        f
        for f in fields
        if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
    ]
    given = {f.name: Token(f.name) for f in fields}
    least = {f.name: given[f.name] for f in required}
    return [
        (tuple(least.values()), {}),
        ((), least),
        (tuple(given.values()), {}),
        ((), given),
        (tuple(least.values())[:1], dict(list(least.items())[1:])),
    ]


@pytest.mark.parametrize("cls", CLASSES, ids=lambda c: c.__qualname__)
def test_a_plain_class_is_built_shown_and_compared_as_its_dataclass(cls: type) -> None:
    reference = as_dataclass(cls)
    params = reference.__dataclass_params__  # type: ignore[attr-defined]
    assert cls.__match_args__ == reference.__match_args__  # type: ignore[attr-defined]
    assert ("__slots__" in vars(cls)) == ("__slots__" in vars(reference))
    if "__slots__" not in vars(cls):
        for f in dataclasses.fields(reference):
            # A plain default stays on the class (the command line reads the settings'), a
            # factory's field does not.
            assert getattr(cls, f.name, None) == getattr(reference, f.name, None), f.name
    for args, kwargs in calls(reference):
        ours, theirs = cls(*args, **kwargs), reference(*args, **kwargs)
        assert repr(ours) == repr(theirs)
        again = cls(*args, **kwargs)
        # Equal as the dataclass's two values are (a session's random nonce tells two apart).
        same = theirs == reference(*args, **kwargs)
        assert (ours == again) is same and (ours != again) is not same
        assert (ours == theirs) is False  # another class, as between two dataclasses
        given = {f.name for f in dataclasses.fields(reference)[: len(args)]} | set(kwargs)
        for f in dataclasses.fields(reference):
            if f.name != "_nonce":
                assert getattr(ours, f.name) == getattr(theirs, f.name)
            if f.default_factory is not dataclasses.MISSING and f.name not in given:
                # A factory is called for each value, never shared between two.
                assert getattr(ours, f.name) is not getattr(again, f.name)
        if params.frozen:
            assert hash(ours) == hash(theirs) == hash(again)
            name = dataclasses.fields(reference)[0].name
            with pytest.raises(dataclasses.FrozenInstanceError):
                setattr(ours, name, 1)
            with pytest.raises(dataclasses.FrozenInstanceError):
                delattr(ours, name)
            assert pickle.loads(pickle.dumps(ours)) == ours
            assert copy.deepcopy(ours) == ours
        else:
            assert type(ours).__hash__ is None is type(theirs).__hash__
    first = dataclasses.fields(reference)[0].name
    wrong: list[tuple[tuple[Any, ...], dict[str, Any]]] = [
        ((Token("a"),), {first: Token("b")}),  # one field twice
        ((), {first: Token("a"), "no_such_field": 1}),
        (tuple(Token(str(i)) for i in range(len(dataclasses.fields(reference)) + 1)), {}),
    ]
    if calls(reference)[0][0]:
        wrong.append(((), {}))  # a required field missing
    for args, kwargs in wrong:
        with pytest.raises(TypeError):
            reference(*args, **kwargs)
        with pytest.raises(TypeError):
            cls(*args, **kwargs)


def test_a_changed_mutable_value_compares_by_its_new_fields() -> None:
    held = saves._Held(3, 1)
    other = saves._Held(3, 1)
    held.count += 1
    assert held != other and held == saves._Held(3, 2)


def test_a_field_without_a_default_after_one_with_is_refused_as_dataclass_refuses_it() -> None:
    with pytest.raises(TypeError, match="non-default argument 'b' follows default argument"):

        @plain.plain
        class Wrong:
            a: int = 0
            b: int


def test_a_post_init_is_refused_rather_than_silently_never_called() -> None:
    with pytest.raises(TypeError, match="no __post_init__"):

        @plain.plain
        class Checked:
            a: int

            def __post_init__(self) -> None:
                raise AssertionError("never called by plain")


def test_the_methods_are_named_after_their_class() -> None:
    assert messages.Msg.__init__.__qualname__ == "Msg.__init__"
    assert messages.Money.__hash__.__qualname__ == "Money.__hash__"
    assert saves._Held.__repr__.__qualname__ == "_Held.__repr__"
