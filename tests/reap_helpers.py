"""Helpers for the tests of signals to child processes: another thread's reap held open."""

from __future__ import annotations

import contextlib
import os
import threading
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
