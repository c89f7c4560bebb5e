"""One process at a time compiles a kernel stage: a lock file beside the compiled code.

On a fresh install three processes of the window want Hex's kernels at once (the window's
background preparation, the game's AI worker, the analysis worker): each compiled them itself, so
on a 2-core machine every compile took about three times as long, and the Python stand-ins played
that much longer.  Now the first process to run a stage holds ``<cache folder>/locks/<game>-<stage>.lock``
(``ai.kernels._run_stage``); another that comes meanwhile finds it held, treats the stage as
compiled elsewhere (its stand-ins play) and, once the holder lets go, loads what it compiled from
the cache.

The lock is the operating system's, held through an open file (``ai.file_lock``, as the windows'
own locks): a holder that crashes or is killed lets go with its process,
so no lock outlives its holder, whatever is left in the file.  The file says who holds it and
whether it compiles or loads (``Holder``), for the log and for ``compiled_elsewhere``.  A folder
where no lock can be made (read-only, a file system without locks) costs nothing but the sharing:
each process compiles for itself, as before.

A process waits only for a holder at its own priority or above (``outranks``).  The window's
preparation compiles at nice 19: a game's worker (nice 5) that waited for it on a busy machine
played its stand-ins for the minute the starved preparation took (Hex's search, 73 s at load 11,
the worker idle).  It takes the stage's second lock instead (``urgent_path``), which only processes
above the holder of the first use, and compiles; where that one is held by a process below it too,
it compiles unshared.

The window's preparation gives a stage up to such an urgent compile (``ai.kernels.yield_to_urgent``):
numba cannot stop a compile half-way in its process, and the two compiled the same kernels side by
side, the urgent one sharing its core with a useless copy on a 2-core machine.  It looks at the
stage's urgent lock while it compiles (``urgent_held``) and, once a process holds it, ends itself;
the window starts it again for the stages still missing, passing over one still urgently compiled.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from ai.file_lock import Lock, said, take_now

POLL_SECONDS = 0.2  # how often a waiting process tries the lock again


@dataclass(frozen=True)
class Holder:
    """What a lock file says of its holder: its process id, whether it compiles the stage from
    scratch (True) or loads it from the cache (False), and its niceness (None where the system
    has none to tell, or an older lock file said none)."""

    pid: int
    compiling: bool
    niceness: int | None = None


def own_niceness() -> int | None:
    """This process's POSIX niceness (0 normal, 19 lowest); None on a system without ``nice``."""
    try:
        return os.nice(0)
    except (AttributeError, OSError):
        return None


def outranks(holder: Holder | None, niceness: int | None) -> bool:
    """Whether a process at ``niceness`` should wait for ``holder``: it runs at that priority or
    above, or either priority is unknown (waiting, as every process did before priorities)."""
    return holder is None or holder.niceness is None or niceness is None or holder.niceness <= niceness


def lock_path(folder: Path, game_id: str, stage: str) -> Path:
    """The lock file of ``stage`` of ``game_id``'s kernels in the cache ``folder``."""
    return folder / "locks" / f"{game_id}-{stage}.lock"


def urgent_path(path: Path) -> Path:
    """The stage's second lock, beside ``path``: taken by a process that will not wait for the
    lower-priority holder of ``path`` (``stage_lock``)."""
    return path.with_name(f"{path.stem}-urgent{path.suffix}")


class StageLock:
    """The lock of one kernel stage: ``try_take`` once or ``wait`` for it, then ``release``."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock: Lock | None = None

    def try_take(self, compiling: bool) -> bool | None:
        """Take the lock if no other process holds it, writing this process into it: True when
        taken, False when another holds it, None when no lock can be had here at all."""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._lock = take_now(self.path)
        except OSError:
            return None
        if self._lock is None:
            return False
        self.say(compiling)
        return True

    def say(self, compiling: bool) -> None:
        """Write this process and what it does into the held lock's file."""
        if self._lock is not None:
            niceness = own_niceness()
            self._lock.say(f"{os.getpid()} {'compiling' if compiling else 'loading'}"
                           + ("" if niceness is None else f" {niceness}"))

    def release(self) -> None:
        """Let the lock go (at once for a lock not taken)."""
        lock, self._lock = self._lock, None
        if lock is not None:
            lock.release()


def urgent_held(path: Path) -> bool:
    """Whether another process holds the urgent lock of ``path``'s stage (``urgent_path``): it
    compiles or loads the stage rather than wait for ``path``'s holder (``held_elsewhere``)."""
    return held_elsewhere(urgent_path(path))


def held_elsewhere(path: Path) -> bool:
    """Whether another process holds the lock at ``path`` (or this one, through another ``StageLock``).
    Found by taking the lock and letting it go at once, saying nothing in it: a process that tries
    it in that moment finds its last holder's words and waits ``POLL_SECONDS`` for it, unless they
    name a process below it.  False where no lock can be had."""
    try:
        taken = take_now(path)
    except OSError:
        return False
    if taken is None:
        return True
    taken.release()
    return False


def holder(path: Path) -> Holder | None:
    """Who the lock file at ``path`` says holds it (the last holder's words stay when it is gone:
    ask only while ``try_take`` finds it held); None when it says nothing readable."""
    words = said(path).split()
    try:
        return Holder(int(words[0]), words[1] == "compiling", int(words[2]) if len(words) > 2 else None)
    except (IndexError, ValueError):
        return None


@contextlib.contextmanager
def stage_lock(path: Path, compiling: bool, waiting: Callable[[Holder | None], None] | None = None
               ) -> Iterator[StageLock | None]:
    """Hold ``path``'s lock inside the block, waiting for it while another process of this one's
    priority or above holds it (``waiting`` is told who, once, as the wait begins); past a holder
    below it, ``urgent_path``'s lock the same way.  Yields None where no lock can be had, or only
    behind processes below this one (the block runs unshared)."""
    lock, taken = _first_to_wait_for(path, compiling)
    if lock is None:
        yield None
        return
    if taken is False and waiting is not None:
        waiting(holder(lock.path))
    while taken is False:
        time.sleep(POLL_SECONDS)
        taken = lock.try_take(compiling)
    try:
        yield lock if taken else None
    finally:
        lock.release()


def _first_to_wait_for(path: Path, compiling: bool) -> tuple[StageLock | None, bool | None]:
    """The stage's lock to hold or wait for, and ``try_take``'s answer for it: ``path``'s, unless a
    process of lower priority holds it, then ``urgent_path``'s, unless one of lower priority holds
    that too: (None, None), no lock worth waiting for.  ``path``'s free while a process of this
    one's priority or above holds the urgent lock (the preparation it passed over gave the stage
    up, ``ai.kernels.yield_to_urgent``), the urgent lock is waited for: an analysis worker took the
    free lock and compiled the stage beside the game's worker."""
    niceness = own_niceness()
    first = StageLock(path)
    taken = first.try_take(compiling)
    if taken and urgent_held(path) and outranks(holder(urgent_path(path)), niceness):
        first.release()
        return StageLock(urgent_path(path)), False
    if taken is not False or outranks(holder(path), niceness):
        return first, taken
    urgent = StageLock(urgent_path(path))
    taken = urgent.try_take(compiling)
    if taken is not False or outranks(holder(urgent.path), niceness):
        return urgent, taken
    return None, None
