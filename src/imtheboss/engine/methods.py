"""The methods ``dataclass(frozen=True, kw_only=True)`` writes, without its ``exec`` for each.

``dataclass`` compiles each of a class's six methods with an ``exec`` of its own, about
3.5 M instructions a class; the table's first frame used ten of the engine's values, so
``frozen`` now has ``dataclass`` read the fields only, and takes the methods from here: the
text a shared function over the fields, the comparison and the hash compiled as ``dataclass``
writes them when first called, and the keyword-only ``__init__`` one ``exec`` of its own.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from reprlib import recursive_repr
from typing import Any


def writable(f: dataclasses.Field[Any], factories: bool = False) -> bool:
    """Whether ``init_of`` writes ``f`` (a keyword-only field set by ``__init__``; one with a
    default factory where ``factories``)."""
    return bool(f.init and f.kw_only and (factories or f.default_factory is dataclasses.MISSING))


#: The default of a field with a default factory, as ``dataclass`` marks it: "call it".
_FACTORY = object()


def named(cls: type, method: Callable[..., Any]) -> Callable[..., Any]:
    """``method`` named after ``cls`` (in a traceback, a profile), as ``dataclass`` names its."""
    method.__qualname__ = f"{cls.__qualname__}.{method.__name__}"
    return method


def compared(
    cls: type, compared: tuple[str, ...], hashed: tuple[str, ...]
) -> tuple[Callable[[Any, object], Any], Callable[[Any], int]]:
    """``cls``'s ``__eq__`` and ``__hash__`` until either is first called: then both are
    compiled as ``dataclass`` writes them (``(self.a,self.b,) == (other.a,other.b,)``, the
    hash of the same tuple), in one ``exec``, and put in their place. They are the engine's
    hot path (a dict of prices, a set of actions), where a shared function over the fields
    cost 1.5 % of ``apply``; most values of the first frame are never compared."""

    def compiled() -> tuple[Callable[[Any, object], Any], Callable[[Any], int]]:
        mine = ",".join(f"self.{name}" for name in compared)
        theirs = ",".join(f"other.{name}" for name in compared)
        hash_of = ",".join(f"self.{name}" for name in hashed)
        source = (
            "def __eq__(self, other):\n"
            "    if other.__class__ is self.__class__:\n"
            f"        return ({mine}{',' if mine else ''}) == ({theirs}{',' if theirs else ''})\n"
            "    return NotImplemented\n"
            "def __hash__(self):\n"
            f"    return hash(({hash_of}{',' if hash_of else ''}))\n"
        )
        scope: dict[str, Any] = {}
        # The source is made of the class's own field names; named after it in a profile.
        exec(compile(source, f"<{cls.__qualname__}.__eq__>", "exec"), scope)
        eq, hash_ = named(cls, scope["__eq__"]), named(cls, scope["__hash__"])
        type.__setattr__(cls, "__eq__", eq)
        type.__setattr__(cls, "__hash__", hash_)
        return eq, hash_

    def __eq__(self: Any, other: object) -> Any:
        return compiled()[0](self, other)

    def __hash__(self: Any) -> int:
        return compiled()[1](self)

    return named(cls, __eq__), named(cls, __hash__)


def repr_of(names: tuple[str, ...]) -> Callable[[Any], str]:
    @recursive_repr()
    def __repr__(self: Any) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in names)
        return f"{self.__class__.__qualname__}({shown})"

    return __repr__


_PARAMS: list[Any] = []


def frozen_params() -> Any:
    """The ``__dataclass_params__`` every value shares (frozen, compared, kw-only), read
    once from a class ``dataclass`` made."""
    if not _PARAMS:
        _PARAMS.append(dataclasses.dataclass(frozen=True, kw_only=True)(type("P", (), {})))
    return _PARAMS[0].__dataclass_params__


def dataclass_init(cls: type) -> Callable[..., None]:
    """The ``__init__`` ``dataclass`` itself writes for the value ``cls`` (to check that the
    one in place builds the same values)."""
    later = {
        "__annotations__": {f.name: f.type for f in dataclasses.fields(cls)},
        **{
            f.name: f.default
            for f in dataclasses.fields(cls)
            if f.default is not dataclasses.MISSING
        },
    }
    if hasattr(cls, "__post_init__"):
        later["__post_init__"] = cls.__post_init__
    made: type = dataclasses.dataclass(type(cls.__name__, (), later), frozen=True, kw_only=True)
    init: Callable[..., None] = made.__dict__["__init__"]
    return init


def init_of(
    cls: type, listed: Sequence[dataclasses.Field[Any]], slotted: bool
) -> Callable[..., None]:
    """The keyword-only ``__init__`` of ``cls``'s fields ``listed``: each set through its
    slot's own setter (``slotted``) or ``object.__setattr__`` (as ``dataclass`` sets a frozen
    value's fields), the defaults (a factory called when its field is not given, as
    ``dataclass`` calls it), then ``__post_init__``."""
    params: list[str] = []
    lines: list[str] = []
    scope: dict[str, Any] = {"_setattr": object.__setattr__, "_FACTORY": _FACTORY}
    for i, f in enumerate(listed):
        if f.default_factory is not dataclasses.MISSING:
            scope[f"_factory{i}"] = f.default_factory
            params.append(f"{f.name}=_FACTORY")
            lines.append(f"    if {f.name} is _FACTORY:\n        {f.name} = _factory{i}()")
        if slotted:
            scope[f"_set{i}"] = getattr(cls, f.name).__set__
            lines.append(f"    _set{i}(__self, {f.name})")
        else:
            lines.append(f"    _setattr(__self, {f.name!r}, {f.name})")
        if f.default_factory is not dataclasses.MISSING:
            pass
        elif f.default is dataclasses.MISSING:
            params.append(f.name)
        else:
            scope[f"_default{i}"] = f.default
            params.append(f"{f.name}=_default{i}")
    if hasattr(cls, "__post_init__"):
        lines.append("    __self.__post_init__()")
    star = ", *, " + ", ".join(params) if params else ""
    source = f"def __init__(__self{star}):\n" + ("\n".join(lines) or "    pass") + "\n"
    # The source is made of the class's own field names; named after it in a profile.
    exec(compile(source, f"<{cls.__qualname__}.__init__>", "exec"), scope)
    init: Callable[..., None] = scope["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    return init
