"""How worker processes start: the window's AI workers (``ui.ai_worker``) and a tournament's
(``ai.tournament``), in one place (``START_METHOD``, ``worker_context``, ``worker_process``).

The app spawns them (a fresh interpreter, nothing of the caller inherited, the only method on
Windows).  The test suite forks them from a warm fork server instead (tests/conftest.py): each
spawned one imported numba and its game's engine and loaded its kernels, 1.5 to 3.5 s of a core
that the server pays once for all.  Here, not in ``ui``: ``ai`` imports nothing of the window.
"""

from __future__ import annotations

import contextlib
import multiprocessing as mp
import os
import sys
from collections.abc import Callable
from typing import Any

from ai.parent_watch import run_then_exit

START_METHOD = "spawn"  # how worker processes start (``worker_context``); the test suite sets "forkserver"


def worker_context() -> mp.context.BaseContext:
    """The multiprocessing context worker processes start in (the window's AI workers and spares,
    a tournament's: ``ai.tournament``): ``START_METHOD``'s.  "spawn", the app's, is a fresh
    interpreter that imports numba and its game's engine and loads its kernels (1.5 to 3.5 s of a
    core).  "forkserver" (where the system has it; the test suite's,
    tests/conftest.py) forks each worker from multiprocessing's fork server, which has done all
    that once for all its workers (``multiprocessing.set_forkserver_preload``: tests/worker_preload.py).
    numba allows the fork of a process that has run no parallel kernel (no threading layer
    started): the engines have none.  The window keeps "spawn": its ``SpareWorker`` loads the game
    expected ahead already, spawn is the only method on Windows, and a fork server would hold every
    game's kernels in memory for one game's worker."""
    method = START_METHOD if START_METHOD in mp.get_all_start_methods() else "spawn"
    return mp.get_context(method)


def worker_process(ctx: mp.context.BaseContext, name: str, main: Callable[..., object], /, *args: Any,
                   **kwargs: Any) -> mp.process.BaseProcess:
    """A daemon worker process (not started) of context ``ctx``, named ``name``, that runs
    ``main(*args, **kwargs)``, then ends at once (``run_then_exit``).  Forked from a fork
    server, it is given what a spawned one inherits from this process as it starts
    (``_as_if_spawned``): its environment (a forked one had the server's, from the server's start:
    another test's settings and data folders) and its standard output and error (the server's
    went to wherever the first test that started it printed)."""
    if ctx.get_start_method() == "spawn":
        return ctx.Process(target=run_then_exit, name=name, daemon=True, args=(main, *args), kwargs=kwargs)
    streams = tuple(_Inherited(fd) for fd in (1, 2))
    return ctx.Process(target=_as_if_spawned, name=name, daemon=True,
                       args=(dict(os.environ), streams, main, *args), kwargs=kwargs)


class _Inherited:
    """A file descriptor of the parent that its forked worker takes as its own (``worker_process``):
    sent through the fork server as a pipe's is (``multiprocessing.reduction.DupFd``)."""

    def __init__(self, fd: int) -> None:
        self.fd = fd

    def __reduce__(self) -> tuple:
        from multiprocessing.reduction import DupFd

        return _inherited_fd, (DupFd(self.fd),)


def _inherited_fd(duplicate: Any) -> int:
    return duplicate.detach()


def _as_if_spawned(environment: dict[str, str], streams: tuple[int, int], main: Callable[..., object],
                   *args: Any, **kwargs: Any) -> None:
    """A forked worker's start: the ``environment`` and standard ``streams`` (output, error) its
    parent had when it started it, and numpy's global random numbers seeded afresh (a fork copies
    the server's state, so every worker drew the same ones, where a spawned one seeds its own),
    then ``run_then_exit``."""
    os.environ.clear()
    os.environ.update(environment)
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):
            stream.flush()
    for fd, standard in zip(streams, (1, 2)):
        os.dup2(fd, standard)
        os.close(fd)
    numpy = sys.modules.get("numpy")
    if numpy is not None:
        numpy.random.seed()
    run_then_exit(main, *args, **kwargs)
