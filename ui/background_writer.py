"""File writes kept off the window's thread: the game's autosave after every ply, the results
tally at a game's end (``ui.tally``) and the settings (``ui.settings``).

A write with its two disk syncs (``ai.atomic.atomic_write_text``) takes milliseconds on a quiet
disk and far longer on a busy or network one; done on the window's thread it held up the frame
every ply.  ``NewestWriter`` runs such writes on one background thread per process (one window).
Each write is handed over under a key (the file it writes): a newer write for the same key
replaces one still waiting, so the disk only ever gets the newest snapshot, and with a single
thread two writes of the same file never run at once.  What a write has to report (a failure)
is the job's own business: it hands it back for the window to show on its next frame.

``wait`` lets the window wait, with a bound (``WRITE_WAIT``), for the writes handed over so far:
leaving a game and closing the window do, so that the files on disk hold the last position, the
last count and the last settings.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Hashable

log = logging.getLogger(__name__)

WRITE_WAIT = 5.0  # seconds: the longest a game left or ended, or the window closed, waits for a slow disk


class NewestWriter:
    """One background thread running the newest write handed over for each key, in turn."""

    def __init__(self, name: str = "tabuleiro-writer") -> None:
        self._name = name
        self._changed = threading.Condition()
        self._waiting: dict[Hashable, Callable[[], None]] = {}  # key -> the newest job not yet started
        self._busy = False  # a job is running
        self._thread: threading.Thread | None = None

    def submit(self, key: Hashable, job: Callable[[], None]) -> None:
        """Run ``job`` on the writer's thread; a job for ``key`` still waiting is dropped for it."""
        with self._changed:
            self._waiting[key] = job  # an older one keeps its turn; the newest is what runs
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name=self._name, daemon=True)
                self._thread.start()
            self._changed.notify_all()

    def wait(self, timeout: float) -> bool:
        """Wait until every job handed over so far has run, at most ``timeout`` seconds; whether
        they all have (False: a disk that hangs; the window goes on and the write ends later)."""
        with self._changed:
            return self._changed.wait_for(lambda: not self._waiting and not self._busy, timeout)

    def _run(self) -> None:
        while True:
            with self._changed:
                self._changed.wait_for(lambda: bool(self._waiting))
                key = next(iter(self._waiting))
                job = self._waiting.pop(key)
                self._busy = True
            try:
                job()
            except Exception:  # a fault of ours in one write must not end the writes after it
                log.exception("background write failed")
            finally:
                with self._changed:
                    self._busy = False
                    self._changed.notify_all()


WRITER = NewestWriter()  # the window's writer
