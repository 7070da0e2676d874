"""The table's small values (a message, the settings, a log entry …) declared as dataclasses
are, without the methods ``dataclass`` compiles.

``@dataclass`` writes each class's ``__init__``, ``__repr__``, ``__eq__`` (and, frozen, its
``__hash__``, ``__setattr__`` and ``__delattr__``) as source text and compiles each with an
``exec`` of its own as the module is imported: 3.9 M instructions for a frozen slotted class of
three fields, 1.9 M for a plain one. The table imported eleven of them before its first frame
(about 29 M of its 157 M of imports, issue 20), and builds a handful of their values there.
``plain`` writes the same methods as shared functions over the fields, none compiled: a value
is built in about twice ``dataclass``'s time (a microsecond), which the table's values — not
the engine's hot path, whose own are ``engine.frozen.value`` — never notice.

A class reads as a dataclass does (its fields annotated, a default or a
``dataclasses.field``), and behaves as one for the table's uses: positional or keyword
arguments, defaults and factories, ``==`` field by field between values of one class, the
hash of a frozen value the hash of its fields' tuple, a mutable value unhashable,
``repr`` naming the fields (``field(repr=False)`` hides one), ``match`` by position, a frozen
value's fields refused to ``=`` and ``del``. What it leaves out: ``dataclasses.fields`` and
``replace`` (no ``__dataclass_fields__``: nothing of the table asks for them), ordering,
``InitVar``, ``__post_init__``. ``tests/test_plain.py`` holds each class of the table against
the dataclass it was.

A leaf: it imports nothing of the game (``messages`` is below the engine and uses it).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from operator import attrgetter
from reprlib import recursive_repr
from typing import Any, TypeVar, dataclass_transform, overload

_C = TypeVar("_C", bound=type)

_setattr = object.__setattr__
_MISSING = dataclasses.MISSING


@overload
def plain(cls: _C, /) -> _C: ...


@overload
def plain(*, frozen: bool = False, slots: bool = False) -> Callable[[_C], _C]: ...


@dataclass_transform(field_specifiers=(dataclasses.field,))
def plain(
    cls: _C | None = None, /, *, frozen: bool = False, slots: bool = False
) -> _C | Callable[[_C], _C]:
    """``@dataclass`` (``frozen``, ``slots`` as its own), its methods written without
    ``exec``."""

    def made(cls: _C) -> _C:
        return _make(cls, frozen, slots)

    return made if cls is None else made(cls)


def _make(cls: _C, frozen: bool, slots: bool) -> _C:
    own = cls.__dict__
    if "__post_init__" in own:
        raise TypeError(f"{cls.__qualname__}: @plain calls no __post_init__ (use @dataclass)")
    annotations: dict[str, Any] = own.get("__annotations__", {})
    names = tuple(n for n, t in annotations.items() if not str(t).startswith("ClassVar"))
    defaults: dict[str, Any] = {}
    factories: dict[str, Callable[[], Any]] = {}
    hidden: set[str] = set()
    for name in names:
        default = own.get(name, _MISSING)
        if isinstance(default, dataclasses.Field):
            if not default.repr:
                hidden.add(name)
            if default.default_factory is not _MISSING:
                factories[name] = default.default_factory
            default = default.default
        if default is not _MISSING:
            defaults[name] = default
        elif name not in factories and (defaults or factories):
            raise TypeError(f"non-default argument {name!r} follows default argument")
    if slots:
        # A slot and a class attribute of one name cannot live together: the class is made
        # again with the slots and without the defaults, as ``dataclass(slots=True)`` does.
        body = {k: v for k, v in own.items() if k not in names and k not in _NO_SLOTS}
        body["__slots__"] = names
        if frozen:
            body.update(__getstate__=_getstate, __setstate__=_setstate)
        cls = type(cls)(cls.__name__, cls.__bases__, body)
    else:
        for name in names:
            # As ``dataclass`` leaves the class: a plain default stays (the command line
            # shows ``TableSettings.stop_window``), a ``field`` becomes its default, or
            # nothing for a factory.
            if isinstance(own.get(name), dataclasses.Field):
                if name in defaults:
                    setattr(cls, name, defaults[name])
                else:
                    delattr(cls, name)
    # This class's own methods (named after it in a traceback, a profile), then the shared ones.
    methods: dict[str, Any] = {
        "__init__": _init(cls, names, defaults, factories),
        "__repr__": _repr(names, hidden),
        "__eq__": _eq(_fields_of(names)),
    }
    if frozen:
        methods["__hash__"] = _hash(_fields_of(names))
    for name, method in methods.items():
        method.__qualname__ = f"{cls.__qualname__}.{name}"
    if not frozen:
        methods["__hash__"] = None  # compared by its fields, which may change: unhashable
    methods["__match_args__"] = names
    if frozen:
        methods.update(__setattr__=_refuse_set, __delattr__=_refuse_del)
    for name, method in methods.items():
        if name in own and name != "__hash__":
            continue  # the class's own, as ``dataclass`` leaves it
        type.__setattr__(cls, name, method)
    return cls


#: What a class made anew with slots leaves behind of the one the class statement made.
_NO_SLOTS = ("__dict__", "__weakref__")


def _fields_of(names: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    """The tuple of a value's fields (``dataclass`` compares and hashes that tuple)."""
    if len(names) == 1:
        (name,) = names
        return lambda self: (getattr(self, name),)
    if not names:
        return lambda self: ()
    got: Callable[[Any], tuple[Any, ...]] = attrgetter(*names)
    return got


def _init(
    cls: type,
    names: tuple[str, ...],
    defaults: dict[str, Any],
    factories: dict[str, Callable[[], Any]],
) -> Callable[..., None]:
    """The ``__init__`` of the fields ``names``, positional or keyword, in their order. The
    common call (positional arguments, no factory to call) takes the defaults after the
    given values; any other call matches each keyword to its field first. Each value is
    set through its slot's own setter, or put in the instance dict (a frozen value's too:
    neither goes through the class's ``__setattr__``, as ``dataclass``'s does not)."""
    count = len(names)
    first_default = count - len(defaults) - len(factories)
    tail = tuple(defaults.get(n) for n in names[first_default:])
    fields = set(names)

    def values(self: Any, args: tuple[Any, ...], kwargs: dict[str, Any]) -> tuple[Any, ...]:
        given = len(args)
        if not factories and given <= count:
            if not kwargs:
                if given >= first_default:
                    return args + tail[given - first_default :]
            elif kwargs.keys().isdisjoint(names[:given]):
                # Keywords: every field once, from the call or its default (else refused
                # below, with Python's own words).
                merged = dict(defaults)
                merged.update(zip(names, args, strict=False))
                merged.update(kwargs)
                if len(merged) == count and merged.keys() == fields:
                    return tuple(map(merged.__getitem__, names))
        return _matched(type(self), names, defaults, factories, args, kwargs)

    if "__slots__" in cls.__dict__:
        setters = tuple(getattr(cls, name).__set__ for name in names)

        def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
            for setter, value in zip(setters, values(self, args, kwargs), strict=True):
                setter(self, value)

    else:

        def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
            self.__dict__.update(zip(names, values(self, args, kwargs), strict=True))

    return __init__


def _matched(
    cls: type,
    names: tuple[str, ...],
    defaults: dict[str, Any],
    factories: dict[str, Callable[[], Any]],
    args: tuple[Any, ...],
    kwargs: dict[str, Any],
) -> tuple[Any, ...]:
    """Each field's value in order, refused as Python refuses a wrong call."""
    where = f"{cls.__qualname__}.__init__()"
    if len(args) > len(names):
        raise TypeError(
            f"{where} takes {len(names) + 1} positional arguments but {len(args) + 1} were given"
        )
    given = dict(zip(names, args, strict=False))
    for name in kwargs:
        if name in given:
            raise TypeError(f"{where} got multiple values for argument {name!r}")
    given.update(kwargs)
    if len(given) > len(names) or not given.keys() <= set(names):
        unknown = sorted(set(given) - set(names))[0]
        raise TypeError(f"{where} got an unexpected keyword argument {unknown!r}")
    values = []
    for name in names:
        if name in given:
            values.append(given[name])
        elif name in defaults:
            values.append(defaults[name])
        elif name in factories:
            values.append(factories[name]())
        else:
            raise TypeError(f"{where} missing required argument: {name!r}")
    return tuple(values)


def _repr(names: tuple[str, ...], hidden: set[str]) -> Callable[[Any], str]:
    shown = tuple(n for n in names if n not in hidden)

    @recursive_repr()
    def __repr__(self: Any) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in shown)
        return f"{self.__class__.__qualname__}({fields})"

    return __repr__


def _eq(fields: Callable[[Any], tuple[Any, ...]]) -> Callable[[Any, object], Any]:
    def __eq__(self: Any, other: object) -> Any:
        if other.__class__ is self.__class__:
            return fields(self) == fields(other)
        return NotImplemented

    return __eq__


def _hash(fields: Callable[[Any], tuple[Any, ...]]) -> Callable[[Any], int]:
    def __hash__(self: Any) -> int:
        return hash(fields(self))

    return __hash__


def _refuse_set(self: Any, name: str, value: object) -> None:
    raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")


def _refuse_del(self: Any, name: str) -> None:
    raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")


def _getstate(self: Any) -> list[Any]:
    """A frozen slotted value's fields for pickle and ``copy``, as ``dataclass`` gives them."""
    return [getattr(self, name) for name in type(self).__slots__]


def _setstate(self: Any, state: list[Any]) -> None:
    for name, value in zip(type(self).__slots__, state, strict=True):
        _setattr(self, name, value)
