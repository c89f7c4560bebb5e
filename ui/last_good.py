"""The last good copy of a file that holds what a person set or earned (the settings, the results
against the computer), so that a damaged file costs nothing.

Every save writes the file and then the same text beside it as ``NAME.last-good``
(``keep_copy``), both atomically (``ai.atomic``: a write is whole or not there).  A file found damaged later (cut
short by a full disk or a tool, edited by hand) is still moved aside by its reader, as
``NAME.corrupt-TIME``, never deleted; the reader then takes the copy back (``restore``) and says
from when (``saved_at``).  A damaged settings file reset the player's name, the outside players,
the window's size and the tournament's choices to their defaults; the results started from zero.
Only plain JSON is in these files: the readers parse it, never eval or pickle.  No pygame.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from ai.atomic import NotText, TooLarge, atomic_write_text, capped_text

log = logging.getLogger(__name__)

SUFFIX = ".last-good"
MAX_BYTES = 4 * 1024 * 1024  # a settings or results file is a few KB; a copy far larger is no good copy
T = TypeVar("T")


def copy_path(path: Path) -> Path:
    """Where the last good copy of ``path`` is kept: beside it, ``NAME.last-good``."""
    return path.with_name(f"{path.name}{SUFFIX}")


def keep_copy(path: Path, text: str) -> None:
    """Write ``text``, just saved as ``path``, as its last good copy: one that cannot be written
    is logged, not raised, since the file itself is saved."""
    try:
        atomic_write_text(copy_path(path), text)
    except OSError as exc:
        log.warning("no last good copy of %s kept: %s", path.name, exc)


def read_copy(path: Path, read: Callable[[str], T]) -> tuple[T, float, str] | None:
    """What ``read`` takes from the last good copy of ``path``, when that copy was written and its
    text; the copy and ``path`` are left as they are.  None without a copy that ``read`` takes: it
    raises ValueError (or TypeError, RecursionError, OverflowError) for one it cannot."""
    copy = copy_path(path)
    try:
        text = capped_text(copy, MAX_BYTES)
        when = copy.stat().st_mtime
        return read(text), when, text
    except (OSError, TooLarge, NotText, ValueError, TypeError, RecursionError, OverflowError) as exc:
        log.info("no usable last good copy of %s: %s", path.name, exc)
        return None


def restore(path: Path, read: Callable[[str], T]) -> tuple[T, float] | None:
    """What ``read`` takes from the last good copy of ``path`` (moved aside by its reader, damaged)
    and when that copy was written; the copy is written back as ``path``, so that the next start
    finds it there too.  None without a copy that ``read`` takes (``read_copy``)."""
    kept = read_copy(path, read)
    if kept is None:
        return None
    value, when, text = kept
    try:
        atomic_write_text(path, text)
    except OSError as exc:  # used all the same: the next save writes the file again
        log.warning("the last good copy of %s was not written back: %s", path.name, exc)
    return value, when


def saved_at(when: float) -> str:
    """A copy's time as a message says it, in the computer's time zone: "2026-12-06 14:05"."""
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(when))
