"""Helpers for the tests of signals to child processes: another thread's reap held open; a child's
child signalled through a pidfd, never by a pid that may be another process's by then; the graces
closed AI workers are given to end by themselves, and a worker process that never gets started."""

from __future__ import annotations

import contextlib
import os
import select
import signal
import threading
import time
from collections.abc import Iterator

import pytest


class HeldReap:
    """What ``reap_held`` gives its body: ``wait`` until the waiter has reaped its child, and the
    ``signalled`` (pid, signal) pairs ``os.kill`` was asked for meanwhile (recorded, not sent)."""

    def __init__(self) -> None:
        self.reaped, self.release = threading.Event(), threading.Event()
        self.signalled: list[tuple[int, int]] = []

    def wait(self) -> None:
        assert self.reaped.wait(120), "the waiter never reaped its child"  # a safety net: at once


@contextlib.contextmanager
def reap_held(monkeypatch: pytest.MonkeyPatch, waiter: str) -> Iterator[HeldReap]:
    """The thread named ``waiter`` held in ``multiprocessing``'s poll between its ``waitpid``, which
    has reaped the child, and its note of the exit code: the moment another thread's ``is_alive``
    finds no child and says "alive", and a signal by pid goes to a pid free for anyone."""
    held = HeldReap()
    noted = os.waitstatus_to_exitcode

    def reaped_not_yet_noted(status: int) -> int:
        if threading.current_thread().name == waiter:
            held.reaped.set()
            held.release.wait(120)  # a safety net: the body's end releases it
        return noted(status)

    monkeypatch.setattr(os, "waitstatus_to_exitcode", reaped_not_yet_noted)
    monkeypatch.setattr(os, "kill", lambda pid, signum: held.signalled.append((pid, signum)))
    try:
        yield held
    finally:
        held.release.set()


class Descendant:
    """A process the test's own child started (or one of its children did), signalled and watched
    through a pidfd, never by its pid: read earlier (from the child's output, from /proc), the pid
    may since have been reaped by its parent and reused, and a SIGKILL by pid on a failure path once
    killed pytest's own workers.  ``close`` once done with it."""

    def __init__(self, fd: int) -> None:
        self.fd: int | None = fd

    def ended(self, timeout: float = 0.0) -> bool:
        """Has the process ended (a zombie not yet reaped has), waiting up to ``timeout`` seconds?"""
        if self.fd is None:
            return True
        ready = select.poll()
        ready.register(self.fd, select.POLLIN)
        return bool(ready.poll(timeout * 1000))

    def kill(self) -> None:
        """SIGKILL to the process, unless it is reaped already (then to nothing)."""
        if self.fd is not None:
            with contextlib.suppress(ProcessLookupError):
                signal.pidfd_send_signal(self.fd, signal.SIGKILL)

    def close(self) -> None:
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None


def descendant(pid: int, ancestor: int) -> Descendant | None:
    """Process ``pid`` if it descends from ``ancestor``, the test's own child not yet reaped (so
    its pid is its own), with every process between them running: a pidfd is opened for each, their
    parents read from /proc, then each is found still there through its pidfd, so the pid read was
    its own throughout.  None if ``pid`` is gone or not ``ancestor``'s."""
    fds: list[int] = []
    try:
        while pid != ancestor:
            fds.append(os.pidfd_open(pid))
            pid = _parent_of(pid)
            if pid <= 1:
                raise ProcessLookupError(pid)
        for fd in fds:
            signal.pidfd_send_signal(fd, 0)
    except (OSError, ValueError):
        for fd in fds:
            os.close(fd)
        return None
    for fd in fds[1:]:
        os.close(fd)
    return Descendant(fds[0]) if fds else None


def _parent_of(pid: int) -> int:
    """``pid``'s parent, from /proc (its ``stat``'s fourth field)."""
    with open(f"/proc/{pid}/stat") as stat:
        return int(stat.read().rpartition(")")[2].split()[1])


@contextlib.contextmanager
def killed_if_left(pid: int, ancestor: int) -> Iterator[Descendant]:
    """``descendant(pid, ancestor)`` for the body (which asserts it was found), killed at the end if
    it is still running (a failure's clean-up), its pidfd then closed."""
    found = descendant(pid, ancestor)
    assert found is not None, f"process {pid} is not one {ancestor} started"
    try:
        yield found
    finally:
        if not found.ended():
            found.kill()
        found.close()


def descendants(pids: list[int], ancestor: int) -> list[Descendant]:
    """``descendant`` of each of ``pids`` that is still ``ancestor``'s (one gone already is left out)."""
    return [found for pid in pids if (found := descendant(pid, ancestor)) is not None]


def left_running(found: list[Descendant], seconds: float) -> list[Descendant]:
    """Those of ``found`` still running after waiting up to ``seconds`` for each to end."""
    deadline = time.monotonic() + seconds
    return [one for one in found if not one.ended(max(0.0, deadline - time.monotonic()))]


@contextlib.contextmanager
def all_killed_if_left(found: list[Descendant]) -> Iterator[list[Descendant]]:
    """``found`` for the body; at its end each still running is killed (a failure's clean-up) and
    every pidfd closed."""
    try:
        yield found
    finally:
        for one in found:
            if not one.ended():
                one.kill()
            one.close()


def graces_given(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """The graces closed AI workers are given to end by themselves (``ui.worker_lifecycle.end_in_background``'s),
    noted in the list returned as they are closed: by their screens (``ui.worker_client``) or the window's close
    (``end_unclosed_workers``)."""
    from ui import worker_client, worker_lifecycle

    given: list[float] = []
    end_in_background = worker_lifecycle.end_in_background

    def noting(proc, jobs, reports, stop, grace: float) -> None:
        given.append(grace)
        end_in_background(proc, jobs, reports, stop, grace)

    for module in (worker_client, worker_lifecycle):
        monkeypatch.setattr(module, "end_in_background", noting)
    return given


def still_starting(*_args: object, **_kwargs: object) -> None:
    """A stand-in for ``ui.worker_process.worker_main``, run in the real worker process: a worker still
    importing its engine (seconds, on a loaded machine), which reads no job, not even its goodbye,
    and says nothing; a test's close always finds it so.  Ended by its closing's terminate."""
    time.sleep(600)
