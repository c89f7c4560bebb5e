"""One process at a time compiles a kernel stage: a lock file beside the compiled code.

On a fresh install three processes of the window want Hex's kernels at once (the window's
background preparation, the game's AI worker, the analysis worker): each compiled them itself, so
on a 2-core machine every compile took about three times as long, and the Python stand-ins played
that much longer.  Now the first process to run a stage holds ``<cache folder>/locks/<game>-<stage>.lock``
(``ai.kernels._run_stage``); another that comes meanwhile finds it held, treats the stage as
compiled elsewhere (its stand-ins play) and, once the holder lets go, loads what it compiled from
the cache.

The lock is the operating system's (``fcntl.flock`` on Linux and macOS, ``msvcrt.locking`` on
Windows), held through an open file: a holder that crashes or is killed lets go with its process,
so no lock outlives its holder, whatever is left in the file.  The file says who holds it and
whether it compiles or loads (``Holder``), for the log and for ``compiled_elsewhere``.  A folder
where no lock can be made (read-only, a file system without locks) costs nothing but the sharing:
each process compiles for itself, as before.
"""

from __future__ import annotations

import contextlib
import errno
import os
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

POLL_SECONDS = 0.2  # how often a waiting process tries the lock again
_BUSY = {errno.EACCES, errno.EAGAIN, errno.EWOULDBLOCK, errno.EDEADLK}  # the errors of a lock held by another


@dataclass(frozen=True)
class Holder:
    """What a lock file says of its holder: its process id, and whether it compiles the stage from
    scratch (True) or loads it from the cache (False)."""

    pid: int
    compiling: bool


def lock_path(folder: Path, game_id: str, stage: str) -> Path:
    """The lock file of ``stage`` of ``game_id``'s kernels in the cache ``folder``."""
    return folder / "locks" / f"{game_id}-{stage}.lock"


class StageLock:
    """The lock of one kernel stage: ``try_take`` once or ``wait`` for it, then ``release``."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._file = None

    def try_take(self, compiling: bool) -> bool | None:
        """Take the lock if no other process holds it, writing this process into it: True when
        taken, False when another holds it, None when no lock can be had here at all."""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            file = os.fdopen(os.open(self.path, os.O_RDWR | os.O_CREAT, 0o666), "r+b")  # held while the lock is
        except OSError:
            return None
        try:
            _lock(file)
        except OSError as exc:
            file.close()
            return False if exc.errno in _BUSY else None
        self._file = file
        self.say(compiling)
        return True

    def say(self, compiling: bool) -> None:
        """Write this process and what it does into the held lock's file (after the first byte,
        which Windows' lock covers)."""
        with contextlib.suppress(OSError):
            self._file.seek(1)
            self._file.truncate()
            self._file.write(f" {os.getpid()} {'compiling' if compiling else 'loading'}\n".encode())
            self._file.flush()

    def release(self) -> None:
        """Let the lock go (at once for a lock not taken)."""
        file, self._file = self._file, None
        if file is not None:
            with contextlib.suppress(OSError):
                _unlock(file)
            file.close()


def holder(path: Path) -> Holder | None:
    """Who the lock file at ``path`` says holds it (the last holder's words stay when it is gone:
    ask only while ``try_take`` finds it held); None when it says nothing readable."""
    try:
        with open(path, "rb") as file:
            file.seek(1)  # the first byte is Windows' lock, which no other process may read
            words = file.read().split()
        return Holder(int(words[0]), words[1] == b"compiling")
    except (OSError, IndexError, ValueError):
        return None


@contextlib.contextmanager
def stage_lock(path: Path, compiling: bool, waiting: Callable[[Holder | None], None] | None = None
               ) -> Iterator[StageLock | None]:
    """Hold ``path``'s lock inside the block, waiting for it while another process holds it
    (``waiting`` is told who, once, as the wait begins); yields None where no lock can be had (the
    block runs unshared)."""
    lock = StageLock(path)
    taken = lock.try_take(compiling)
    if taken is False and waiting is not None:
        waiting(holder(path))
    while taken is False:
        time.sleep(POLL_SECONDS)
        taken = lock.try_take(compiling)
    try:
        yield lock if taken else None
    finally:
        lock.release()


if sys.platform == "win32":
    import msvcrt

    def _lock(file) -> None:
        file.seek(0)
        msvcrt.locking(file.fileno(), msvcrt.LK_NBLCK, 1)

    def _unlock(file) -> None:
        file.seek(0)
        msvcrt.locking(file.fileno(), msvcrt.LK_UNLCK, 1)
else:
    import fcntl

    def _lock(file) -> None:
        fcntl.flock(file.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)

    def _unlock(file) -> None:
        fcntl.flock(file.fileno(), fcntl.LOCK_UN)
