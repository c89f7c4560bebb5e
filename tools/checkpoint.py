"""The knowledge builders' checkpoints as JSON: a stopped run resumes from the file, and reading
one runs no code.

tools/rastros_book.py, tools/reversi_book.py and tools/solve_reversi6.py pickled their state, and
unpickling a file runs whatever code it names: a checkpoint is a file a user may be handed (one
run's half of an 8x8 book, merged with ``--merge``), so it is plain data now.  A builder keeps
ints of any size, floats, strings, booleans, None, lists, tuples, sets, dicts with any of those
as keys, and named tuples (the Rastros book's ``Key``): each is written as JSON, the ones JSON
lacks as a one-key object naming what it was (``{"tuple": [...]}``, ``{"dict": [[key, value], ...]}``),
and read back as itself.  A file that is not such a checkpoint is a ``CheckpointError`` naming it.

A checkpoint is checked whole as it is read, against the shape of each field its builder declares
(``ListOf``, ``SetOf``, ``DictOf``, ``TupleOf``, ``Record``, ``OneOf``, a named-tuple class or a plain type:
``restore`` and ``checked``).  A file with the right fields but wrong values inside them (a hand
edit, another version's layout) was resumed, and the run stopped on it minutes or hours later,
in a ``TypeError`` from deep in the builder; it is now refused before any work, naming the file,
the field and the place in it (``"entries"[Key(region=7, ...)] is [4, True] where a tuple (a
whole number, true or false) was expected``).
"""

from __future__ import annotations

import json
import os
import reprlib
import typing
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")
PICKLE_START = b"\x80"  # the first byte of a pickle (protocol 2 and later)


class CheckpointError(ValueError):
    """A checkpoint file that cannot be read back: its name and why, for the builder to print."""


def save(path: Path, value: Any) -> None:
    """Write ``value`` to ``path`` whole or not at all (a run killed mid-write keeps its last
    checkpoint): to a file beside it, then renamed over it."""
    partial = path.with_name(path.name + ".partial")
    partial.write_text(json.dumps(encoded(value), separators=(",", ":")), encoding="utf-8")
    os.replace(partial, path)


def load(path: Path, named: tuple[type, ...] = ()) -> Any:
    """What ``save`` wrote to ``path``; ``named``: the named-tuple classes it may hold."""
    raw = path.read_bytes()
    if raw.startswith(PICKLE_START):
        raise CheckpointError(f"{path} is a pickle, which is not read (it can run code): "
                              "an earlier version's checkpoint; start the run again")
    try:
        return decoded(json.loads(raw), {kind.__name__: kind for kind in named})
    except (ValueError, TypeError, KeyError, RecursionError) as exc:
        raise CheckpointError(f"{path} is not a checkpoint of this tool ({type(exc).__name__}: {exc})") from None


def restore(blank: T, fields: Any, path: Path, shapes: dict[str, Any] | None = None) -> T:
    """``blank`` (a new builder) with a checkpoint's fields, which must all be fields it has, each
    of its shape in ``shapes`` (field name -> shape) if named there."""
    if not isinstance(fields, dict) or not fields.keys() <= vars(blank).keys():
        raise CheckpointError(f"{path} is not a checkpoint of this tool (not a {type(blank).__name__}'s fields)")
    for name, value in fields.items():
        if name in (shapes or {}):
            _refuse_misfit(value, shapes[name], path, f'"{name}"')
    vars(blank).update(fields)
    return blank


def checked(value: Any, shape: Any, path: Path) -> Any:
    """``value`` (what ``load`` read from ``path``) if it has ``shape``; else a ``CheckpointError``
    naming the file and where in it the value departs from the shape."""
    _refuse_misfit(value, shape, path, "the file")
    return value


# -- shapes ------------------------------------------------------------------------------------
# A shape is a plain type (int, float, str, bool; None for null), a named-tuple class (its fields
# checked by their annotations), or one of the classes below.


@dataclass(frozen=True)
class ListOf:
    """A list, each item of the shape ``item``."""

    item: Any


@dataclass(frozen=True)
class SetOf:
    """A set, each item of the shape ``item``."""

    item: Any


@dataclass(frozen=True)
class DictOf:
    """A dict, each key of the shape ``key`` and each value of the shape ``value``."""

    key: Any
    value: Any


@dataclass(frozen=True)
class TupleOf:
    """A tuple of as many items as shapes, each of its shape."""

    items: tuple

    def __init__(self, *items: Any) -> None:
        object.__setattr__(self, "items", items)


@dataclass(frozen=True)
class OneOf:
    """Any of the shapes given."""

    options: tuple

    def __init__(self, *options: Any) -> None:
        object.__setattr__(self, "options", options)


@dataclass(frozen=True)
class Record:
    """A dict of exactly these keys (texts), each value of its shape: ``Record({"seconds": float})``."""

    fields: dict


_PLAIN_WORDS = {int: "a whole number", float: "a number", str: "a text", bool: "true or false", type(None): "null"}
_shown = reprlib.Repr()
_shown.maxstring, _shown.maxother, _shown.maxlist, _shown.maxdict = 40, 80, 4, 3


def described(shape: Any) -> str:
    """What ``shape`` is, in words, for an error message."""
    if isinstance(shape, ListOf):
        return f"a list of ({described(shape.item)})"
    if isinstance(shape, SetOf):
        return f"a set of ({described(shape.item)})"
    if isinstance(shape, DictOf):
        return f"a dict of ({described(shape.key)}) to ({described(shape.value)})"
    if isinstance(shape, TupleOf):
        return f"a tuple ({', '.join(described(item) for item in shape.items)})"
    if isinstance(shape, OneOf):
        return " or ".join(described(option) for option in shape.options)
    if isinstance(shape, Record):
        return f"a dict of {', '.join(repr(name) for name in shape.fields)}"
    if _is_named_tuple(shape):
        return f"a {shape.__name__} ({', '.join(shape._fields)})"
    return _PLAIN_WORDS.get(type(None) if shape is None else shape) or shape.__name__


def misfit(value: Any, shape: Any, where: str) -> str | None:
    """Where in ``value`` (found at ``where``) it departs from ``shape``, and how; None if it fits."""
    if isinstance(shape, OneOf):
        fits = any(misfit(value, option, where) is None for option in shape.options)
        return None if fits else _wrong(value, shape, where)
    if isinstance(shape, (ListOf, SetOf)):
        kind = list if isinstance(shape, ListOf) else set
        if not isinstance(value, kind):
            return _wrong(value, shape, where)
        return _first(misfit(item, shape.item, f"{where}[{n}]") for n, item in enumerate(value))
    if isinstance(shape, DictOf):
        if not isinstance(value, dict):
            return _wrong(value, shape, where)
        return _first(misfit(key, shape.key, f"{where}, the key {_shown.repr(key)}") or
                      misfit(item, shape.value, f"{where}[{_shown.repr(key)}]") for key, item in value.items())
    if isinstance(shape, Record):
        return _record_misfit(value, shape, where)
    if isinstance(shape, TupleOf) or _is_named_tuple(shape):
        return _tuple_misfit(value, shape, where)
    return None if _is_plain(value, shape) else _wrong(value, shape, where)


def _tuple_misfit(value: Any, shape: Any, where: str) -> str | None:
    """``misfit`` for a ``TupleOf`` or a named-tuple class."""
    named = _is_named_tuple(shape)
    items = tuple(typing.get_type_hints(shape).values()) if named else shape.items
    if not isinstance(value, shape if named else tuple) or len(value) != len(items):
        return _wrong(value, shape, where)
    places = [f".{name}" for name in shape._fields] if named else [f"[{n}]" for n in range(len(items))]
    return _first(misfit(item, item_shape, where + place) for item, item_shape, place in zip(value, items, places))


def _record_misfit(value: Any, shape: Record, where: str) -> str | None:
    """``misfit`` for a ``Record``: its keys, then each value."""
    if not isinstance(value, dict):
        return _wrong(value, shape, where)
    missing = [name for name in shape.fields if name not in value]
    if missing:
        return f"{where} lacks {', '.join(map(repr, missing))} (it is {_shown.repr(value)})"
    strange = [name for name in value if name not in shape.fields]
    if strange:
        return f"{where} has {', '.join(map(repr, strange))}, none of {', '.join(map(repr, shape.fields))}"
    return _first(misfit(value[name], item, f"{where}[{name!r}]") for name, item in shape.fields.items())


def _is_named_tuple(shape: Any) -> bool:
    return isinstance(shape, type) and issubclass(shape, tuple) and hasattr(shape, "_fields")


def _is_plain(value: Any, shape: Any) -> bool:
    """Is ``value`` of the plain type ``shape`` (a bool is no number here; a whole number is one)?"""
    if shape is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if shape is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return value is None if shape is None else isinstance(value, shape)


def _first(found) -> str | None:
    return next((problem for problem in found if problem is not None), None)


def _wrong(value: Any, shape: Any, where: str) -> str:
    return f"{where} is {_shown.repr(value)} where {described(shape)} was expected"


def _refuse_misfit(value: Any, shape: Any, path: Path, where: str) -> None:
    problem = misfit(value, shape, where)
    if problem is not None:
        raise CheckpointError(f"{path} is not a checkpoint of this tool: {problem}")


def encoded(value: Any) -> Any:
    """``value`` as JSON values, the kinds JSON lacks tagged."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, list):
        return [encoded(v) for v in value]
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        return {"named": [type(value).__name__, [encoded(v) for v in value]]}
    if isinstance(value, tuple):
        return {"tuple": [encoded(v) for v in value]}
    if isinstance(value, (set, frozenset)):
        return {"set": [encoded(v) for v in value]}
    if isinstance(value, dict):
        return {"dict": [[encoded(k), encoded(v)] for k, v in value.items()]}
    raise TypeError(f"a checkpoint holds no {type(value).__name__}")


def decoded(value: Any, named: dict[str, type]) -> Any:
    """The value ``encoded`` made JSON of (``named``: named-tuple classes by name)."""
    if isinstance(value, list):
        return [decoded(v, named) for v in value]
    if not isinstance(value, dict):
        return value
    ((tag, inner),) = value.items()  # ValueError unless one key
    if tag == "tuple":
        return tuple(decoded(v, named) for v in inner)
    if tag == "set":
        return {decoded(v, named) for v in inner}
    if tag == "dict":
        return {decoded(k, named): decoded(v, named) for k, v in inner}
    if tag == "named":
        name, fields = inner
        return named[name](*(decoded(v, named) for v in fields))
    raise ValueError(f"unknown tag {tag!r}")
