"""Locks between Tabuleiro processes: two copies of the app started by one user share the data
folder, and each must know when the other is using a file; two leagues must not write one results
log (ai/results_log.py).  Here, not in ui/, because the leagues of the command line lock too.

    with held(path):          # another window's held(path) waits until this body is done
        ...read, change, write...
    lock = try_take(path)     # the lock now, or None while another window holds it

The lock is the system's own on an open file (``flock`` on POSIX, ``msvcrt.locking`` on
Windows), not a file whose existence means "locked": a window that is killed or loses power holds
nothing afterwards, so no stale lock ever blocks the next start.  A lock file that cannot be made
(a read-only folder) locks nothing: the write that follows fails and says so in its own words.
A window waits at most ``WAIT`` seconds for another's lock, then goes on without it.
The lock files stay after use (empty, hidden beside what they guard: ``.settings.json.lock``,
``.window-N.lock``, a league's ``.X.jsonl.lock``), on purpose: one removed at exit while another
window has it open, waiting, would let that window lock the removed file while a third makes and
locks a new one of the same name, both then believing they hold it.
No pygame here.
"""

from __future__ import annotations

import contextlib
import logging
import os
import time
from collections.abc import Iterator
from pathlib import Path

if os.name == "nt":
    import msvcrt
else:
    import fcntl

log = logging.getLogger(__name__)

WAIT = 5.0  # seconds a window waits for another's lock before it goes on without (it never freezes)
POLL = 0.02  # seconds between tries while it waits


class Lock:
    """An open lock file whose lock this process holds until ``release`` (or its end)."""

    def __init__(self, fd: int) -> None:
        self._fd: int | None = fd

    def say(self, words: str) -> None:
        """Write ``words`` into the held lock's file for other processes to read (``said``): after
        its first byte, the one Windows' lock covers and no other process may read."""
        if self._fd is None:
            return
        with contextlib.suppress(OSError):
            os.lseek(self._fd, 1, os.SEEK_SET)
            os.ftruncate(self._fd, 1)
            os.write(self._fd, f" {words}\n".encode())

    def release(self) -> None:
        if self._fd is None:
            return
        with contextlib.suppress(OSError):
            _unlock(self._fd)
        os.close(self._fd)
        self._fd = None


def _open(path: Path) -> int | None:
    try:
        return os.open(path, os.O_RDWR | os.O_CREAT, 0o666)
    except OSError:
        return None


def _try_lock(fd: int) -> bool:
    """Lock ``fd`` now: False when another process holds it; OSError when it cannot be locked at
    all (a file system without locks)."""
    try:
        if os.name == "nt":
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        else:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    except PermissionError:  # Windows' word for a byte locked by another process
        if os.name == "nt":
            return False
        raise
    return True


def _lock(fd: int, wait: float) -> bool:
    """Lock ``fd``, waiting up to ``wait`` seconds for another process to let it go; False if it did not."""
    deadline = time.monotonic() + wait
    while not _try_lock(fd):
        if time.monotonic() >= deadline:
            return False
        time.sleep(POLL)
    return True


def _unlock(fd: int) -> None:
    if os.name == "nt":
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
    else:
        fcntl.flock(fd, fcntl.LOCK_UN)


def try_take(path: Path) -> Lock | None:
    """The lock on ``path`` (made if missing) if no other window holds it, else None; also None
    when the lock file cannot be made."""
    return _take(path, 0.0)


def take_now(path: Path) -> Lock | None:
    """The lock on ``path`` (made if missing) if no other process holds it, else None; OSError
    when no lock can be had here at all (the file cannot be made, or its file system has no
    locks): a caller that would wait for the lock must not wait for one that cannot be."""
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o666)
    try:
        if _try_lock(fd):
            return Lock(fd)
    except OSError:
        os.close(fd)
        raise
    os.close(fd)
    return None


def said(path: Path) -> str:
    """What the holder of ``path``'s lock wrote into it (``Lock.say``; the last holder's words stay
    after it lets go); "" when nothing can be read."""
    try:
        with open(path, "rb") as file:
            file.seek(1)
            return file.read().decode(errors="replace").strip()
    except OSError:
        return ""


def _take(path: Path, wait: float) -> Lock | None:
    fd = _open(path)
    if fd is None:
        return None
    try:
        if _lock(fd, wait):
            return Lock(fd)
    except OSError:
        pass
    os.close(fd)
    return None


@contextlib.contextmanager
def held(path: Path, wait: float = WAIT) -> Iterator[None]:
    """Run the body holding the lock on ``path``, after waiting for another window's body to end;
    without the lock when the lock file cannot be made or locked, or when the other window keeps it
    longer than ``wait`` seconds (a window stopped in a debugger must not freeze this one)."""
    lock = _take(path, wait)
    if lock is None:
        log.info("going on without the lock %s", path)
    try:
        yield
    finally:
        if lock is not None:
            lock.release()
