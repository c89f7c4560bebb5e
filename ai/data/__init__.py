"""Shipped knowledge files (books, weights, tables) and their checksums; see README.md here."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

FOLDER = Path(__file__).resolve().parent


def path(name: str) -> Path:
    """The file ``name`` of this folder (works in a checkout, an installed copy and the frozen app)."""
    return FOLDER / name


def checksums() -> dict[str, str]:
    """File name -> the SHA-256 its generator recorded."""
    return json.loads(path("checksums.json").read_text(encoding="utf-8"))


def sha256(name: str) -> str:
    return hashlib.sha256(path(name).read_bytes()).hexdigest()


def record_checksum(name: str) -> str:
    """Store ``name``'s SHA-256 in checksums.json (generators call this after writing the file)."""
    table = checksums()
    table[name] = sha256(name)
    path("checksums.json").write_text(json.dumps(table, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return table[name]
