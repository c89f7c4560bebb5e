"""End a child process with its parent, or on a signal, after its last words.

A worker that outlives its parent (killed by SIGKILL, a closed terminal, the end of a SLURM
allocation) would go on playing games nobody collects, or stay stuck in a bot's endless loop.
The watch is a thread that notices the parent is gone (POSIX: the child is given to another
parent; Windows, which keeps a dead parent's id, signals a handle to the parent taken at the
start) and ends the process at once, after the last words registered with ``on_orphaned`` (a bot's
process and folder, which ``os._exit``'s skipped finalisers would have ended).

The same last words are said by ``run_last_words``: at the exit of any process that started a
bot (ai/outside_process.py registers it with atexit: a bot still being started by a daemon thread
has no finaliser yet), and by a tournament's worker told to stop by SIGTERM (``end_on_signals``),
which then ends at once, or after the message it is writing (``signals_held``).  After them the
process is ending: a last word registered later is said at once (a bot started by a daemon
thread meanwhile is ended).  Processes started in ``sigint_blocked`` (then
``leave_sigint_to_parent``) leave the terminal's Ctrl+C to their parent, which stops them its
own way.  ``interrupts_set`` and ``interrupts_held`` keep Ctrl+C from raising in the middle of
what must be done whole (a queue's read, a process's start).  ``HeldChild`` signals a child
only while it is that child (a pidfd on Linux), never a pid another thread's wait freed.  A
child whose work is done ends at once (``run_then_exit``: its exit handlers run, the
interpreter's teardown skipped), within the grace its parent gives it before SIGTERM.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Hashable, Iterator

POLL = 0.5  # seconds between looks at the parent
_LAST_WORDS: dict[Hashable, Callable[[], None]] = {}  # said before the process ends (``on_orphaned``)
_LOCK = threading.RLock()  # reentrant: a signal's handler may interrupt its own thread holding it
_ending = False  # the last words were said: any new one is said at once
_BOT_WATCHERS: list[Callable[[int], None]] = []  # told of each bot this process starts (``on_bot_started``)


def on_orphaned(key: Hashable, callback: Callable[[], None]) -> None:
    """Run ``callback`` if the process ends by the watch, a signal of ``end_on_signals`` or at exit
    (``os._exit`` runs no finaliser): a bot's process to kill and its temporary folder to remove.
    ``forget(key)`` once it is done anyway.  A key registered again has its callback replaced."""
    with _LOCK:
        if not _ending:
            _LAST_WORDS[key] = callback
            return
    with contextlib.suppress(Exception):
        callback()


def on_bot_started(callback: Callable[[int], None]) -> None:
    """Call ``callback(pid)`` for each outside bot this process starts from now on (``bot_started``):
    an AI worker tells its window, which ends the bot if it has to kill the worker, whose last
    words a SIGKILL or SIGTERM never lets it say (``ui.worker_lifecycle._end``)."""
    with _LOCK:
        _BOT_WATCHERS.append(callback)


def bot_started(pid: int) -> None:
    """An outside bot was just started as process ``pid`` (``ai.outside_process.Bot``): told to each
    ``on_bot_started`` callback; a callback's failure stops neither the bot nor the others."""
    with _LOCK:
        watchers = list(_BOT_WATCHERS)
    for callback in watchers:
        with contextlib.suppress(Exception):
            callback(pid)


def forget(key: Hashable) -> None:
    with _LOCK:
        _LAST_WORDS.pop(key, None)


def run_last_words() -> None:
    """Say every registered last word once (in the order registered); from now on the process is
    ending, so one registered later is said at once."""
    global _ending
    with _LOCK:
        _ending = True
        callbacks = list(_LAST_WORDS.values())
        _LAST_WORDS.clear()
    for callback in callbacks:
        with contextlib.suppress(Exception):
            callback()


def run_then_exit(main: Callable[..., object], *args: object, **kwargs: object) -> None:
    """A child process's target: ``main(*args, **kwargs)``, then the process ended at once
    (``exit_at_once``).  A closed AI worker (``ui.ai_worker``) was done in a few milliseconds, then
    spent 0.12 s of an idle core in the interpreter's teardown (the last collections of numba's
    and llvmlite's objects, every module unloaded), over a second beside the spare the window
    starts as it goes back to the menu: past its grace, it was terminated at almost every change of
    screen.  An exception from ``main`` goes up as before (its traceback, exit status 1)."""
    main(*args, **kwargs)
    exit_at_once()


def exit_at_once(status: int = 0) -> None:
    """End this process with ``status`` after what its exit must still do: every ``atexit``
    handler (the last words, a bot's end through its finalizer, multiprocessing's own, logging's
    flush), then standard output and error flushed.  Skipped: the teardown, which frees only
    memory the system takes back anyway, and the wait for threads not daemon (a process that must
    end goes on for none of them).  ``atexit._run_exitfuncs`` is private, kept as no public way
    runs the handlers: Python 3.11's ``atexit`` only registers and unregisters them, and they run
    only at the interpreter's own end (``sys.exit``, teardown included), never at ``os._exit``."""
    import atexit

    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):
            stream.flush()
    os._exit(status)


_ended_by: list[int] = []  # the signal ending the process (``end_on_signals``), once it is ending
_held = 0  # how deep the main thread is in ``signals_held``
_waiting: list[int] = []  # a signal that came while held: the process ends on it when the hold is over


def end_on_signals(*signums: int) -> None:
    """In this process's main thread: each of ``signums`` (e.g. SIGTERM) ends the process at once,
    or as soon as a ``signals_held`` is over, after the last words, with status 128 + the
    signal's number."""

    def handler(signum: int, _frame: object) -> None:
        if _held:
            _waiting.append(signum)
            return
        _end_by(signum)

    for signum in signums:
        signal.signal(signum, handler)


def _end_by(signum: int) -> None:
    if _ended_by:  # a second signal while the first's words go on
        return
    _ended_by.append(signum)
    run_last_words()
    os._exit(128 + signum)


@contextlib.contextmanager
def signals_held() -> Iterator[None]:
    """In the main thread: while it lasts, a signal of ``end_on_signals`` waits, then ends the
    process as soon as it is over.  A tournament's worker writes each message to its parent in
    one (``ai.worker_channel``): ended in the middle of a message, it left half of it in the
    pipe, and the parent could read nothing after it."""
    global _held
    _held += 1
    try:
        yield
    finally:
        _held -= 1
        if not _held and _waiting:
            _end_by(_waiting[0])


INTERRUPTS = ("SIGINT", "SIGTERM", "SIGHUP", "SIGBREAK")  # the signals a command stops on as on Ctrl+C (main.py)


@contextlib.contextmanager
def interrupts_set(stop: threading.Event) -> Iterator[None]:
    """While it lasts, in the main thread: Ctrl+C (and SIGTERM, SIGHUP, SIGBREAK, which the command
    line turns into it) sets ``stop`` instead of raising wherever the code stands; once it is over,
    the first signal's own handler runs (KeyboardInterrupt, as before).  Raised inside a read of a
    ``multiprocessing`` queue, KeyboardInterrupt can leave half a message in its pipe, and what
    reads on after it (a stop collecting the games already sent) gets garbage or waits for ever.
    A second signal raises at once: a stop that hangs can still be broken.  Signals ignored or left
    to the system (SIG_IGN, SIG_DFL) are left so; elsewhere than the main thread nothing changes."""
    with _interrupts_taken(first=stop.set, again=_raise_interrupt):
        yield


@contextlib.contextmanager
def interrupts_held() -> Iterator[None]:
    """While it lasts (a moment, as ``interrupts_set``'s signals), every interrupt waits; once it is
    over, the first one's own handler runs.  A worker process is started and registered with what
    ends it at the close in one: Ctrl+C or SIGTERM that raised between the two (even inside
    ``Process.start``, its child started but not yet sent its work) left a child no closing ended,
    which outlived the window or printed its own EOFError.  A hold that is a moment long needs no
    second signal to break it."""
    with _interrupts_taken(first=_nothing, again=_nothing):
        yield


def _nothing() -> None:
    return None


def _raise_interrupt() -> None:
    raise KeyboardInterrupt


@contextlib.contextmanager
def _interrupts_taken(first: Callable[[], None], again: Callable[[], None]) -> Iterator[None]:
    """While it lasts, in the main thread: the first interrupt (``INTERRUPTS`` that have a handler of
    their own) calls ``first``, each later one ``again``; once it is over, the handlers are put back
    and the first signal's own handler runs."""
    received: list[int] = []
    previous: dict[int, Callable[[int, object], object]] = {}

    def handler(signum: int, _frame: object) -> None:
        if received:
            again()
            return
        received.append(signum)
        first()

    if threading.current_thread() is threading.main_thread():
        for name in INTERRUPTS:
            signum = getattr(signal, name, None)
            if signum is not None and callable(signal.getsignal(signum)):
                previous[signum] = signal.getsignal(signum)
                signal.signal(signum, handler)
    try:
        yield
    finally:
        for signum, old in previous.items():
            signal.signal(signum, old)
    if received:
        previous[received[0]](received[0], None)


@contextlib.contextmanager
def sigint_blocked() -> Iterator[None]:
    """SIGINT blocked in this thread while processes are started in it, as Python starts its own
    resource tracker: they inherit the block through their exec, and a Ctrl+C cannot reach them
    before their first step ends it (``leave_sigint_to_parent``).  They share the terminal, so
    Ctrl+C reached each of them too: each printed its KeyboardInterrupt's traceback (Dask's
    workers, a long one) under its parent's "stopped", or ended in the middle of its last words.
    SIGINT ignored instead (SIG_IGN, which they also inherit), a Ctrl+C meanwhile was lost to this
    process too; blocked, it waits for the block's end (or another thread takes it, for the main
    thread's handler).  Where the system has no signal masks (Windows), nothing changes."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    import multiprocessing.resource_tracker as resource_tracker

    # multiprocessing's resource tracker, started otherwise by the first process's start, unblocks
    # SIGINT as it starts (SIG_UNBLOCK, not the mask it found) before that process is forked,
    # which then took Ctrl+C and printed its traceback
    resource_tracker.ensure_running()
    before = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def leave_sigint_to_parent() -> None:
    """A process started in ``sigint_blocked``, first thing: SIGINT ignored from now on, then
    unblocked (a Ctrl+C that came since its start is dropped).  Its parent takes the terminal's
    Ctrl+C and ends it; what it starts in turn (a bot) ignores the signal too.  SIGINT not blocked,
    nothing changes: the process was not started so (a test runs its work in its own process)."""
    if not hasattr(signal, "pthread_sigmask") or signal.SIGINT not in signal.pthread_sigmask(signal.SIG_BLOCK, ()):
        return
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def parent_gone() -> Callable[[], bool]:
    """A test, made now while the parent lives, of whether it has ended since.  POSIX gives an
    orphan to another parent, so its parent's id changes.  Windows does not: ``os.getppid`` keeps
    the dead parent's id (which another process may get), so the test waits on a handle to the
    parent opened now; if it cannot be opened, the parent is not watched."""
    parent = os.getppid()
    if sys.platform != "win32":
        return lambda: os.getppid() != parent
    import _winapi

    try:
        handle = _winapi.OpenProcess(_winapi.SYNCHRONIZE, False, parent)
    except OSError:
        return lambda: False
    return lambda: _winapi.WaitForSingleObject(handle, 0) == _winapi.WAIT_OBJECT_0


def end_with_parent() -> None:
    """Start the watch in this process: it ends (``os._exit``) within ``POLL`` seconds of its parent."""
    gone = parent_gone()

    def watch() -> None:
        while True:
            time.sleep(POLL)
            if gone():
                run_last_words()
                os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


class HeldChild:
    """A started child process (``multiprocessing.Process``) that a signal reaches only while it is
    that child: through a pidfd taken as it starts (Linux), which a signal through fails once the
    child is reaped, never a pid.  Another thread's ``join`` may have reaped it and not yet noted
    so: ``is_alive`` then finds no child, says "alive", and ``terminate`` signalled the freed pid,
    maybe already another process's, or a thread's id (``kill`` with it signals the whole process
    of that thread): the likely way a CI run lost two pytest workers.  Without pidfds (other
    systems, old kernels) the process's own ``terminate`` and ``kill``.  ``close`` once no signal
    is to come."""

    def __init__(self, process) -> None:
        import multiprocessing

        self.process = process
        real = isinstance(process, multiprocessing.process.BaseProcess)  # else a test's fake: its own signals
        self._fd = _pidfd(process.pid) if real else None
        self._closed = False

    def terminate(self) -> None:
        """SIGTERM to the child, unless it is reaped already."""
        self._send(signal.SIGTERM, self.process.terminate)

    def kill(self) -> None:
        """SIGKILL to the child (``terminate`` where there is none), unless it is reaped already."""
        self._send(getattr(signal, "SIGKILL", signal.SIGTERM), self.process.kill)

    def _send(self, signum: int, otherwise: Callable[[], None]) -> None:
        if self._closed:
            return
        if self._fd is None:
            otherwise()
            return
        with contextlib.suppress(ProcessLookupError):  # reaped: its pid may be anyone's now
            signal.pidfd_send_signal(self._fd, signum)

    def close(self) -> None:
        """Send nothing more, the pidfd closed (a descriptor held for nothing otherwise)."""
        self._closed = True
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None


def _pidfd(pid: int | None) -> int | None:
    """A pidfd for the child ``pid``, just started and so not yet reaped; None where the system has
    none (or the child never started)."""
    if pid is None or not hasattr(os, "pidfd_open") or not hasattr(signal, "pidfd_send_signal"):
        return None
    try:
        return os.pidfd_open(pid)
    except OSError:  # a kernel before 5.3, or a sandbox that forbids the call
        return None
