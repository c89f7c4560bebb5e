"""Shipped knowledge files (books, weights, tables) and their checksums; see README.md here."""

from __future__ import annotations

import hashlib
import json
import logging
from pathlib import Path

FOLDER = Path(__file__).resolve().parent
log = logging.getLogger(__name__)
_missing_told: set[str] = set()


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
