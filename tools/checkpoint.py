"""The knowledge builders' checkpoints as JSON: a stopped run resumes from the file, and reading
one runs no code.

tools/rastros_book.py, tools/reversi_book.py and tools/solve_reversi6.py pickled their state, and
unpickling a file runs whatever code it names: a checkpoint is a file a user may be handed (one
run's half of an 8x8 book, merged with ``--merge``), so it is plain data now.  A builder keeps
ints of any size, floats, strings, booleans, None, lists, tuples, sets, dicts with any of those
as keys, and named tuples (the Rastros book's ``Key``): each is written as JSON, the ones JSON
lacks as a one-key object naming what it was (``{"tuple": [...]}``, ``{"dict": [[key, value], ...]}``),
and read back as itself.  A file that is not such a checkpoint is a ``CheckpointError`` naming it.
"""

from __future__ import annotations

import json
import os
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


def restore(blank: T, fields: Any, path: Path) -> T:
    """``blank`` (a new builder) with a checkpoint's fields, which must all be fields it has."""
    if not isinstance(fields, dict) or not fields.keys() <= vars(blank).keys():
        raise CheckpointError(f"{path} is not a checkpoint of this tool (not a {type(blank).__name__}'s fields)")
    vars(blank).update(fields)
    return blank


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
