"""Immutable values for the engine's hot path, with pydantic kept at the edges.

The engine builds and copies thousands of small values per game. A validated pydantic model
costs about five times what a frozen dataclass does to build, and more to compare or hash,
so the engine's state, actions, events and windows are frozen dataclasses. Their types are
the engine's business; what comes from outside (a save file, a board file, a command line)
is validated once, at the edge, through a pydantic ``TypeAdapter`` of the same classes — the
saved format is the one the pydantic models wrote.

``Frozen`` gives each class the few pydantic-style methods the edges and the tests use
(``model_dump_json``, ``model_validate``, ``model_copy``); the adapter behind them is built on
first use, so importing the engine builds no validators.

The classes are declared with ``@value`` rather than ``@dataclass(frozen=True, slots=True,
kw_only=True)``: ``dataclass`` compiles six methods per class with ``exec`` as the module is
imported, and for the engine's 70 classes that was half of the engine's import (about 26 ms of
the table's first frame). ``value`` makes the slots at once and leaves the rest to the first
use of the class (an instance, its fields, a validator): then ``dataclass`` reads the fields
and ``methods`` writes what ``dataclass`` would (its ``exec`` for each method were 3.5 M
instructions a class, in the table's first frame; ``tests/test_values.py`` holds them against
``dataclass``'s own).
"""

from __future__ import annotations

import dataclasses
import inspect
import sys
import threading
from collections.abc import Callable, Hashable
from typing import (
    TYPE_CHECKING,
    Annotated,
    Any,
    ClassVar,
    Self,
    TypeVar,
    dataclass_transform,
    overload,
)

from .methods import (
    compared,
    frozen_params,
    init_of,
    named,
    repr_of,
    writable,
)

if TYPE_CHECKING:
    from pydantic import TypeAdapter

#: Unknown fields in a file are an error, as they were for the pydantic models.
_CONFIG = {"extra": "forbid"}

_new = object.__new__


_ADAPTERS: dict[object, TypeAdapter[Any]] = {}


def adapter(cls: object) -> TypeAdapter[Any]:
    """The pydantic validator and serialiser of ``cls``, built once, when first needed."""
    found = _ADAPTERS.get(cls)
    if found is None:
        from pydantic import TypeAdapter

        lend_field()
        found = _ADAPTERS[cls] = TypeAdapter(cls)  # type: ignore[arg-type]
    return found


#: Modules whose field annotations name pydantic's ``Field`` (``Annotated[int, Field(ge=0)]``)
#: without importing it: annotations are text until pydantic reads them (``from __future__
#: import annotations``), so pydantic is imported only when a validator is first built.
_NEEDS_FIELD: list[str] = []


def field_constraints(module: str) -> None:
    """Say that ``module``'s annotations use ``Field``; it is lent to them before any
    validator is built (importing pydantic at import time would cost the engine ~100 ms)."""
    _NEEDS_FIELD.append(module)


def lend_field() -> None:
    """Give the modules of ``field_constraints`` pydantic's ``Field``: before any validator
    of their classes is built (``adapter`` does it; so do the pydantic models that hold them).
    Every value not yet made is made here too: pydantic reads a dataclass's fields from its
    own ``__dict__``."""
    from pydantic import Field

    while _NEEDS_FIELD:
        vars(sys.modules[_NEEDS_FIELD.pop()]).setdefault("Field", Field)
    for cls in list(_UNMADE):
        _made(cls)


_C = TypeVar("_C", bound=type)

#: The values whose dataclass methods are not written yet: the namespace ``dataclass`` will
#: write them from (the annotations, the defaults, ``__post_init__``).
_UNMADE: dict[type, dict[str, Any]] = {}

#: What ``dataclass`` writes that a value takes from it when first used.
_WRITTEN = (
    "__init__",
    "__repr__",
    "__eq__",
    "__hash__",
    "__dataclass_fields__",
    "__dataclass_params__",
    "__match_args__",
)


@overload
def value(cls: _C, /) -> _C: ...


@overload
def value(*, slots: bool = True) -> Callable[[_C], _C]: ...


@dataclass_transform(
    frozen_default=True, kw_only_default=True, field_specifiers=(dataclasses.field,)
)
def value(cls: _C | None = None, /, *, slots: bool = True) -> _C | Callable[[_C], _C]:
    """``@dataclass(frozen=True, slots=True, kw_only=True)`` (``slots=False``: the fields in
    an instance dict, as ``Tree`` copies them), with the methods written on first use."""

    def made_later(cls: _C) -> _C:
        return _declare(cls, slots)

    return made_later if cls is None else made_later(cls)


def _declare(cls: _C, slots: bool) -> _C:
    own = cls.__dict__
    annotations: dict[str, Any] = own.get("__annotations__", {})
    names = tuple(n for n, t in annotations.items() if not str(t).startswith("ClassVar"))
    later: dict[str, Any] = {
        "__annotations__": annotations,
        "__module__": cls.__module__,
        "__qualname__": cls.__qualname__,
        "__doc__": cls.__doc__,
        **{n: own[n] for n in names if n in own},
    }
    if "__post_init__" in own:
        later["__post_init__"] = own["__post_init__"]
    if slots:
        body = {k: v for k, v in own.items() if k not in names and k not in _NO_SLOTS}
        body.update(__slots__=names, __getstate__=_getstate, __setstate__=_setstate)
        cls = type(cls)(cls.__name__, cls.__bases__, body)
    else:
        for name in names:
            default = own.get(name)
            if isinstance(default, dataclasses.Field):
                # As ``dataclass`` leaves it: the plain default, or none for a factory.
                if default.default is dataclasses.MISSING:
                    delattr(cls, name)
                else:
                    setattr(cls, name, default.default)
    _UNMADE[cls] = later
    return cls


#: What a class made anew with slots leaves behind of the one the class statement made.
_NO_SLOTS = ("__dict__", "__weakref__")


def _made(cls: _C) -> _C:
    """``cls`` with the methods ``dataclass`` writes (written now if it is the first use; a
    thread that asks meanwhile waits for them)."""
    with _WRITING:
        later = _UNMADE.get(cls)
        if later is not None:
            _write(cls, later)
            del _UNMADE[cls]
        elif "__init__" not in cls.__dict__:
            raise TypeError(f"{cls.__name__} is a Frozen value without @value")
    return cls


def _write(cls: type, later: dict[str, Any]) -> None:
    """Give ``cls`` what ``dataclass(frozen=True, kw_only=True)`` would write from ``later``:
    ``dataclass`` reads the fields (asked for no method, it compiles nothing) and
    ``methods`` writes the rest (``dataclass``'s six ``exec`` were 3.5 M instructions a
    class, ten classes in the table's first frame). A field ``init_of`` cannot set (not
    keyword-only, or not set by ``__init__``) leaves the class to ``dataclass``, as before."""
    fields_only: type = dataclasses.dataclass(
        type(cls.__name__, (), later), init=False, repr=False, eq=False, kw_only=True
    )
    fields = fields_only.__dict__["__dataclass_fields__"]
    if any(not writable(f, factories=True) for f in fields.values()):
        written: type = dataclasses.dataclass(
            type(cls.__name__, (), later), frozen=True, kw_only=True
        )
        for name in _WRITTEN:
            setattr(cls, name, written.__dict__[name])
        if "__slots__" in cls.__dict__:
            _DATACLASS_INIT[cls] = cls.__dict__["__init__"]
            type.__setattr__(cls, "__init__", _fast_init(cls))
        return
    listed = list(fields.values())
    eq, hash_ = compared(
        cls,
        tuple(f.name for f in listed if f.compare),
        tuple(f.name for f in listed if (f.compare if f.hash is None else f.hash)),
    )
    shown = tuple(f.name for f in listed if f.repr)
    written_here = {
        "__dataclass_fields__": fields,
        "__dataclass_params__": frozen_params(),
        "__match_args__": fields_only.__dict__["__match_args__"],
        "__eq__": eq,
        "__hash__": hash_,
        "__repr__": named(cls, repr_of(shown)),
    }
    for name, written_value in written_here.items():
        setattr(cls, name, written_value)
    init = init_of(cls, listed, "__slots__" in cls.__dict__)
    _DATACLASS_INIT[cls] = init
    type.__setattr__(cls, "__init__", init)


_WRITING = threading.Lock()


def field_default(cls: type, name: str) -> Any:
    """The default of a value's field, without writing the class's methods for it."""
    later = _UNMADE.get(cls)
    if later is None:
        return cls.__dataclass_fields__[name].default  # type: ignore[attr-defined]
    return later[name]


def _getstate(self: Any) -> list[Any]:
    """A slotted value's fields for pickle (a shark's process), as ``dataclass`` gives them."""
    return [getattr(self, name) for name in type(self).__slots__]


def _setstate(self: Any, state: list[Any]) -> None:
    for name, field_value in zip(type(self).__slots__, state, strict=True):
        object.__setattr__(self, name, field_value)


class _FieldsOnFirstUse:
    """``__dataclass_fields__`` of a value whose methods are not written yet: asking for
    them (``dataclasses.fields``, ``replace``, ``is_dataclass``) writes them; after that the
    class's own attribute answers."""

    def __get__(self, instance: object, owner: type) -> Any:
        if owner not in _UNMADE:
            raise AttributeError("__dataclass_fields__")
        return _made(owner).__dict__["__dataclass_fields__"]


class Discriminated:
    """``Annotated`` metadata for a union told apart by a field (``kind``): what
    ``pydantic.Field(discriminator=...)`` says, without importing pydantic until a validator
    is built from it."""

    __slots__ = ("field",)

    def __init__(self, field: str) -> None:
        self.field = field

    def __get_pydantic_core_schema__(self, source: Any, handler: Any) -> Any:
        from pydantic import Field

        return handler(Annotated[source, Field(discriminator=self.field)])

    def __repr__(self) -> str:
        return f"Discriminated({self.field!r})"


class Frozen:
    """Base of the engine's values: the edge methods, and the field names as pydantic named
    them (``model_fields``), for code that lists a value's fields."""

    __slots__ = ()
    __pydantic_config__: ClassVar[dict[str, Any]] = _CONFIG
    model_fields: ClassVar[dict[str, None]] = {}
    __dataclass_fields__: ClassVar[Any] = _FieldsOnFirstUse()

    # Until a value's first use writes its own (``value``): write them, then do as they do.
    def __init__(self, **fields: Any) -> None:
        _made(type(self)).__init__(self, **fields)

    def __eq__(self, other: object) -> bool:
        same: bool = _made(type(self)).__eq__(self, other)
        return same

    def __hash__(self) -> int:
        return _made(type(self)).__hash__(self)

    def __repr__(self) -> str:
        return _made(type(self)).__repr__(self)

    # Frozen from the start, whatever is written later (``dataclass``'s own would name the
    # class; these need nothing written).
    def __setattr__(self, name: str, new: object) -> None:
        raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # (The slotted class ``value`` makes again has its class statement's already.)
        if "model_fields" not in vars(cls):
            names = [n for n in inspect.get_annotations(cls) if not n.startswith("_")]
            if names:
                cls.model_fields = dict.fromkeys(names)
        if cls.__doc__ is None:
            # ``dataclass`` writes a missing docstring from ``inspect.signature``: about
            # 0.2 ms a class, 30 of them at the engine's import (the table's first frame).
            cls.__doc__ = cls.__name__
        fields = vars(cls)
        if "__slots__" in fields and "__init__" in fields and "__dataclass_fields__" in fields:
            # The slotted class ``dataclass(slots=True)`` made, its methods written: its
            # first value is built by ``_first_init``, which puts a faster ``__init__`` in
            # place (compiled then, not at import: the table's first frame waits for imports).
            _DATACLASS_INIT[cls] = fields["__init__"]
            type.__setattr__(cls, "__init__", _first_init)

    def replace(self, **changes: Any) -> Self:
        """A copy with some fields changed (trusted: no validation)."""
        return dataclasses.replace(self, **changes)

    def model_copy(self, *, update: dict[str, Any] | None = None) -> Self:
        return self.replace(**(update or {}))

    def model_dump(self, **kwargs: Any) -> Any:
        return adapter(type(self)).dump_python(self, **kwargs)

    def model_dump_json(self, **kwargs: Any) -> str:
        data: bytes = adapter(type(self)).dump_json(self, **kwargs)
        return data.decode()

    @classmethod
    def model_validate(cls, obj: Any) -> Self:
        value: Self = adapter(cls).validate_python(obj)
        return value

    @classmethod
    def model_validate_json(cls, text: str | bytes) -> Self:
        value: Self = adapter(cls).validate_json(text)
        return value


#: The ``__init__`` that ``dataclass`` wrote for each slotted class, until its first value.
_DATACLASS_INIT: dict[type, Callable[..., None]] = {}


def _first_init(self: Frozen, *args: Any, **kwargs: Any) -> None:
    """A slotted value's first ``__init__``: its class's own (``_fast_init``) from now on."""
    cls = type(self)
    init = _fast_init(cls)
    type.__setattr__(cls, "__init__", init)
    init(self, *args, **kwargs)


def _fast_init(cls: type) -> Callable[..., None]:
    """``dataclass``'s ``__init__`` for a frozen slotted class sets each field through
    ``object.__setattr__`` (a slot wrapper that looks the name up in the class every time);
    this one calls each slot's own setter, bound once: a small value (an action, an event, a
    price) is built in well under half the time. The same keyword-only parameters, defaults
    and ``__post_init__``; any other field (a default factory, a positional field) keeps
    ``dataclass``'s."""
    original = _DATACLASS_INIT.get(cls) or next(
        _DATACLASS_INIT[c] for c in cls.__mro__ if c in _DATACLASS_INIT
    )
    listed = dataclasses.fields(cls)
    if not all(writable(f) for f in listed):
        return original
    return init_of(cls, listed, True)


class Tree(Frozen):
    """A frozen value with many fields that is copied with a few changes at almost every
    step (the game state, the deal, a player). It keeps its fields in an instance dict, so
    ``replace`` is that dict copied and updated in C instead of one call per field; facts
    derived from it may be memoised in ``_memo`` and are dropped by ``replace``."""

    __slots__ = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "replace" not in vars(cls):
            # Each class its own first copy, so that a subclass never inherits the copy
            # specialised to its parent's fields.
            type.__setattr__(cls, "replace", Tree.replace)
            type.__setattr__(cls, "changed", Tree.changed)

    def replace(self, **changes: Any) -> Self:
        """A copy with some fields changed (trusted: no validation). The first copy of a
        class puts its specialised copy (``_copier``) in its place: the class is a complete
        dataclass by then, and its fields are known."""
        cls = type(self)
        new: Self = _copiers(cls)[0](self, **changes)
        return new

    def changed(self, changes: dict[str, Any]) -> Self:
        """``replace(**changes)`` for changes gathered in a dict (by a helper that passes a
        step's changes on): in Python 3.11 a call with ``**`` costs about 3,000 instructions
        more than one with the names written out, about half a state's copy."""
        new: Self = _copiers(type(self))[1](self, changes)
        return new

    def memo(self) -> dict[Hashable, Any]:
        """A scratch dict for facts derived from this very value (never copied)."""
        fields = self.__dict__
        memo: dict[Hashable, Any] | None = fields.get("_memo")
        if memo is None:
            memo = fields["_memo"] = {}
        return memo


def _copiers(cls: type[Tree]) -> tuple[Callable[..., Any], Callable[..., Any]]:
    """Put ``cls``'s own ``replace`` and ``changed`` in place (its first copy: the class is a
    complete dataclass by then, and its fields are known)."""
    copiers = _copier(cls)
    type.__setattr__(cls, "replace", copiers[0])
    type.__setattr__(cls, "changed", copiers[1])
    return copiers


def _copier(cls: type[Tree]) -> tuple[Callable[..., Any], Callable[..., Any]]:
    """``cls``'s ``replace`` and ``changed``. An unknown field name is a ``TypeError`` naming it, as
    ``dataclasses.replace`` raises: a typo must not return a state equal to the old one.

    The check costs one length compared with a constant: every copy holds exactly the
    fields and the ``_memo`` slot (set to None, where an older copy popped it), so a change
    makes it longer only when its name is new. The copy is the old dict's ``copy()`` (one
    C call that copies its table, keeping the class's shared keys) given to a bare instance
    as its ``__dict__``: an empty instance dict updated from the old one inserted the fields
    one by one (a third of ``apply``'s instructions went to copies). The dict is given
    through the class's own ``__dict__`` setter, bound once: ``object.__setattr__`` looked
    the name up in the class on every copy (about 500 of a state copy's 6,400 instructions)."""
    width = len(dataclasses.fields(cls)) + 1
    give = next(vars(c)["__dict__"] for c in cls.__mro__ if "__dict__" in vars(c)).__set__

    def replace(self: Tree, **changes: Any) -> Tree:
        fields = self.__dict__.copy()
        fields["_memo"] = None
        fields.update(changes)
        if len(fields) != width:
            _unknown(cls, changes)
        new = _new(cls)
        give(new, fields)
        return new

    def changed(self: Tree, changes: dict[str, Any]) -> Tree:
        fields = self.__dict__.copy()
        fields["_memo"] = None
        fields.update(changes)
        if len(fields) != width:
            _unknown(cls, changes)
        new = _new(cls)
        give(new, fields)
        return new

    replace.__qualname__ = f"{cls.__qualname__}.replace"
    replace.__doc__ = Tree.replace.__doc__
    changed.__qualname__ = f"{cls.__qualname__}.changed"
    changed.__doc__ = Tree.changed.__doc__
    return replace, changed


def _unknown(cls: type[Tree], changes: dict[str, Any]) -> None:
    """``Tree.replace``'s refusal: a ``TypeError`` naming the fields ``cls`` does not have."""
    names = {f.name for f in dataclasses.fields(cls)}
    unknown = ", ".join(sorted(set(changes) - names))
    raise TypeError(f"{cls.__name__}.replace() got unknown field(s): {unknown}")


def invalid(cls: type[Any], data: dict[str, Any]) -> None:
    """Raise pydantic's ValidationError for ``data``, as building a model from it would."""
    adapter(cls).validate_python(data)
    raise AssertionError(f"{cls.__name__} accepted {data!r}")  # pragma: no cover
