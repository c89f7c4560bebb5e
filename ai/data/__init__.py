"""Shipped knowledge files (books, weights, tables) and their checksums; see README.md here."""

from __future__ import annotations

import functools
import hashlib
import json
import logging
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

FOLDER = Path(__file__).resolve().parent
log = logging.getLogger(__name__)
_missing_told: set[str] = set()


Loader = TypeVar("Loader", bound=Callable[..., Any])


def read_once(loader: Loader) -> Loader:
    """``loader`` (of a shipped file, by its arguments) cached as ``functools.cache`` does, and
    under a lock: ``lru_cache`` does not hold one while its function runs, so a worker's move and
    its warm-up thread asking at once both read, checked and unpacked the file.  Now the second
    waits for the first and gets its object.  ``cache_clear`` is kept, for tests."""
    cached = functools.cache(loader)
    lock = threading.Lock()

    @functools.wraps(loader)
    def load(*args: Any, **kwargs: Any) -> Any:
        with lock:
            return cached(*args, **kwargs)

    load.cache_clear = cached.cache_clear  # type: ignore[attr-defined]
    return load  # type: ignore[return-value]


class ChecksumError(RuntimeError):
    """A shipped file is not the one its tool wrote: damaged, or stale against checksums.json."""


def path(name: str) -> Path:
    """The file ``name`` of this folder (works in a checkout, an installed copy and the frozen app)."""
    return FOLDER / name


def checksums() -> dict[str, str]:
    """File name -> the SHA-256 its generator recorded."""
    return json.loads(path("checksums.json").read_text(encoding="utf-8"))


def sha256(name: str) -> str:
    return hashlib.sha256(path(name).read_bytes()).hexdigest()


def verified(name: str) -> bool:
    """Whether the shipped file ``name`` is there to be read (a missing one is said once in the log:
    its player plays on without it, weaker); ``ChecksumError`` naming the file when its SHA-256 is
    not the one its tool recorded, rather than play from a damaged or changed book, table or weights."""
    if not path(name).exists():
        if name not in _missing_told and name in checksums():  # shipped, and gone
            _missing_told.add(name)
            log.warning("%s is missing from %s: the player that reads it plays without it", name, FOLDER)
        return False
    if checksums().get(name) != sha256(name):
        raise ChecksumError(f"{name} is damaged or stale: its SHA-256 is not the one in ai/data/checksums.json "
                            "(ai/data/README.md names the command that remakes it)")
    return True


def record_checksum(name: str) -> str:
    """Store ``name``'s SHA-256 in checksums.json (generators call this after writing the file)."""
    table = checksums()
    table[name] = sha256(name)
    path("checksums.json").write_text(json.dumps(table, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return table[name]
