"""Reading the game lists' folders off the window's thread when they hold many files not read before.

A teacher's years of files (2000 saved games, 300 unfinished ones) take seconds to read: each
record's moves are replayed to check it.  ``ui.autosave_reading.scan`` keeps what it read, in memory and
on disk (``ui.list_cache``), so only new and changed files cost; a first reading in a run counts
every file as not read (``ui.autosave_reading.unread``): it loads the cache and checks the players the
games name, a second with hundreds of files.  A screen with few files not read reads them at once;
with more than ``READ_AT_ONCE`` it reads them on a thread, says so meanwhile (``loading``), and
takes the result on a later frame (``poll``), so the window goes on drawing and answering.  A
screen opened again while the reading of its last visit goes on waits for that one, whose files
are then known, rather than reading them all a second time beside it.  A screen closed before its
reading ends leaves it behind (``leave``): what that reading found wrong in the files (a damaged
one moved aside, which the next reading no longer sees as new) is taken by the next screen that
tells such findings (``left_behind``), so it is said once, not lost.

    reading = FolderReading("read-records", findings=lambda rows: rows[1])
    rows = reading.start([folder], lambda: scan(folder))   # the rows now, or None: poll() later
    rows = reading.poll()                                    # in update(): the rows once read
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from ui.autosave_reading import unread

READ_AT_ONCE = 30  # files to read that a screen reads on the window's thread: well under a second
_UNDER_WAY: dict[tuple[Path, ...], threading.Thread] = {}  # the last reading of each set of folders
_LEFT: list[FolderReading] = []  # readings whose screen closed before they ended (``leave``)


class FolderReading:
    """One screen's reading of its folders, at once or on a thread; the screen polls it each frame."""

    def __init__(self, name: str, findings: Callable[[Any], list[Any]] = lambda _result: []) -> None:
        self.name = name  # the thread's name
        self.findings = findings  # what the result found wrong in the files (``left_behind``)
        self._thread: threading.Thread | None = None
        self._result: Any = None
        self._again: tuple[Sequence[Path], Callable[[], Any], int] | None = None  # asked for while reading

    @property
    def loading(self) -> bool:
        """A thread is reading (the screen says "Loading…")."""
        return self._thread is not None

    def start(self, folders: Sequence[Path], read: Callable[[], Any], more: int = 0) -> Any:
        """``read()``'s result now if ``folders`` hold few files not read before (with ``more``:
        files' worth of other reading ``read`` does); else None, and ``read`` runs on a thread
        (``poll`` gives its result).  Asked again while reading, it reads again once that reading
        is over (a change meanwhile may have been missed)."""
        if self._thread is not None:
            self._again = (folders, read, more)
            return None
        if more + sum(unread(folder) for folder in folders) <= READ_AT_ONCE:
            return read()

        key = tuple(folders)
        before = _UNDER_WAY.get(key)  # a screen left while it read (Back, then the list again)

        def work() -> None:
            if before is not None:
                before.join()  # its files are then read: this reading costs little, not twice the CPU
            try:
                self._result = read()
            except Exception as exc:  # noqa: BLE001 - raised again on the window's thread, which says it
                self._result = exc

        self._thread = _UNDER_WAY[key] = threading.Thread(target=work, name=self.name, daemon=True)
        self._thread.start()
        return None

    def poll(self) -> Any:
        """The thread's result once it is over (once; None before, and when nothing was read on a
        thread); its exception raised here, on the window's thread."""
        if self._thread is None or self._thread.is_alive():
            return None
        result, self._thread, self._result = self._result, None, None
        if self._again is not None:
            again, self._again = self._again, None
            now = self.start(*again)
            result = now if now is not None else result  # the newer reading, or this one meanwhile
        if isinstance(result, Exception):
            raise result
        return result

    def leave(self) -> None:
        """The screen closes: a reading still under way is left behind, its findings for the next
        screen that tells them (``left_behind``)."""
        if self._thread is not None:
            self._again = None
            _LEFT.append(self)


def left_behind() -> list[Any]:
    """The findings of the readings left behind (``FolderReading.leave``) that have ended since,
    each reading's once; a reading that failed has nothing to tell here."""
    told = []
    for reading in [r for r in _LEFT if r._thread is None or not r._thread.is_alive()]:
        _LEFT.remove(reading)
        try:
            result = reading.poll()
        except Exception:  # noqa: BLE001 - its screen is gone; the failure was its own to say
            continue
        if result is not None:
            told += reading.findings(result)
    return told
