"""Locks between Tabuleiro windows: two copies of the app started by one user share the data
folder, and each must know when the other is using a file.

    with held(path):          # another window's held(path) waits until this body is done
        ...read, change, write...
    lock = try_take(path)     # the lock now, or None while another window holds it

The lock is the system's own on an open file (``flock`` on POSIX, ``msvcrt.locking`` on
Windows), not a file whose existence means "locked": a window that is killed or loses power holds
nothing afterwards, so no stale lock ever blocks the next start.  A lock file that cannot be made
(a read-only folder) locks nothing: the write that follows fails and says so in its own words.
No pygame here.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Iterator
from pathlib import Path

if os.name == "nt":
    import msvcrt
else:
    import fcntl

WINDOWS_RETRY = 0.05  # seconds between tries on Windows, whose blocking lock gives up after 10 s


class Lock:
    """An open lock file whose lock this process holds until ``release`` (or its end)."""

    def __init__(self, fd: int) -> None:
        self._fd: int | None = fd

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


def _lock(fd: int, wait: bool) -> bool:
    """Lock ``fd``; False when another process holds it and ``wait`` is False."""
    if os.name == "nt":
        while True:
            try:
                msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
                return True
            except OSError:
                if not wait:
                    return False
                time.sleep(WINDOWS_RETRY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))
    except BlockingIOError:
        return False
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
    fd = _open(path)
    if fd is None:
        return None
    try:
        if _lock(fd, wait=False):
            return Lock(fd)
    except OSError:
        pass
    os.close(fd)
    return None


@contextlib.contextmanager
def held(path: Path) -> Iterator[None]:
    """Run the body holding the lock on ``path``, after waiting for any other window's body to
    end; without a lock when the lock file cannot be made or locked (see the module's docstring)."""
    fd = _open(path)
    lock = None
    if fd is not None:
        try:
            _lock(fd, wait=True)
            lock = Lock(fd)
        except OSError:
            os.close(fd)
    try:
        yield
    finally:
        if lock is not None:
            lock.release()
