"""The one search driver: every engine's iterations, clock, stop flag and reports, written once.

A game's engine plugs in as a ``Searcher``: ``start`` prepares a search (and may answer at once
from a book, a table or a proof), ``iterate(step, ctl)`` runs one iteration -- alpha-beta depth
``step``, or the ``step``-th batch of MCTS playouts -- usually inside a numba kernel.  The driver
does what every engine needs and nobody should write twice:

- the only-legal-move case (answered at once when the move has a time budget);
- the watcher thread: at the deadline (less a small reserve: on a loaded machine the thread wakes
  some milliseconds late), or when ``Limits.stop`` is set, it writes 1 into the
  kernel's control block ``ctl[CTL_STOP]``; kernels poll that cell every thousand nodes or so and
  unwind.  Kernels release the GIL (``nogil=True``) so the watcher runs while they search;
- iterating until the depth cap, the time or a proof, with the node count, elapsed time and a
  progress report after each iteration, and one final ``done`` report; a searcher whose next
  iteration costs several times the last (alpha-beta) says so with ``deepen_share``, the share of
  the move time after which no new iteration is started;
- always a legal move: if the first iteration is cut off before it has a result, the first legal
  move the searcher orders first is played;
- the time a searcher's ``start`` waited for kernels still being compiled (``ai.kernels.ready``:
  a window's first moves after a fresh install) is not the move's: its clock starts after it;
- a search needing no kernel (``in_python``: a stand-in while they compile) said begun at once,
  before its first iteration's figures: the window said "Preparing the engine..." until then;
- a hint's first among equals (``first_of_best``): the root searched as usual, then a null window
  at the best value on each move that may tie it, in the game's order.

The control block is a small int64 numpy array so that a kernel can read and write it without
Python objects: ``CTL_STOP`` (set by the driver), ``CTL_NODES`` (added to by the kernel),
``CTL_MAX_NODES`` (0, or this iteration's node budget, after which the kernel stops by itself:
deterministic tests, and what is left of ``Limits.iterations``), ``CTL_DEADLINE_NS`` (0, or the
deadline in ``time.perf_counter_ns``: a search in Python looks at the clock itself, ``out_of_time``).
"""

from __future__ import annotations

import _thread
import threading
import time
from collections.abc import Callable, Hashable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import Protocol

import numpy as np

from ai.base import Limits, Progress, ProgressCallback
from ai.kernels import compile_wait
from games.base import State

CTL_STOP, CTL_NODES, CTL_MAX_NODES, CTL_DEADLINE_NS = 0, 1, 2, 3
CTL_SIZE = 8
POLL = 0.002  # seconds between the watcher's looks at the clock and the stop flag
RESERVE = (0.02, 0.02)  # share of the move time, capped at seconds, kept for the watcher waking late under load
MAX_STEPS = 1000  # iterations at most, whatever the limits say


def new_ctl() -> np.ndarray:
    """A fresh control block (all zero: not stopped, no nodes, no node budget)."""
    return np.zeros(CTL_SIZE, np.int64)


class Searcher(Protocol):
    """One game's engine as the driver sees it."""

    kind: str  # Progress.kind while iterating: "alphabeta", "mcts" or "threats" (Trax)

    def start(self, state: State, limits: Limits) -> Progress | None:
        """Prepare to search ``state``; a final Progress if the answer needs no search."""

    def iterate(self, step: int, ctl: np.ndarray) -> Progress | None:
        """Iteration ``step`` (1, 2, ...); None if it was cut off before it had a result."""


def out_of_time(ctl: np.ndarray) -> bool:
    """Whether a search in Python (a stand-in while the kernels compile, a small board's search)
    must stop: the stop written, or its deadline passed by the clock, read here rather than left to
    the watcher, whose thread needs the interpreter to write the stop: in the window's worker
    compiling kernels the interpreter is shared three ways, and a stand-in's 0.1 s moves ran on
    until the watcher got it (``python main.py bench budget``, cold starts)."""
    deadline = ctl[CTL_DEADLINE_NS]
    return bool(ctl[CTL_STOP]) or bool(deadline) and time.perf_counter_ns() >= deadline


def start_thread(target: Callable[[], None]) -> None:
    """Run ``target`` in a new daemon thread without waiting for it to begin.

    ``threading.Thread.start`` returns only once the new thread has run: on a loaded machine that
    is whenever the system schedules it, and a move's search stood still meanwhile (0.1-0.2 s
    seen by ``python main.py bench budget``, a 0.1 s move answered in 0.3 s)."""
    _thread.start_new_thread(target, ())


class Watcher:
    """Sets ``ctl[CTL_STOP]`` at ``deadline`` or as soon as ``limits.stop`` is set.

    Its thread is started without waiting for it (``start_thread``): the search runs meanwhile.
    It looks at the clock and the flag as soon as it begins, then every ``POLL``: a thread the
    system schedules after the deadline stops the search then, not a ``POLL`` later.
    On leaving, the watcher waits for its thread only if that thread has begun; one that begins
    later sees that the search is over and ends without touching ``ctl``."""

    def __init__(self, ctl: np.ndarray, deadline: float, limits: Limits) -> None:
        self.ctl = ctl
        self.deadline = deadline
        self.limits = limits
        self._done = threading.Event()
        self._running = False  # the thread has begun (set by it before it looks at ``_done``)
        self._ended = threading.Event()

    def __enter__(self) -> Watcher:
        if self.deadline != float("inf") or self.limits.stop is not None:
            start_thread(self._run)
        return self

    def _run(self) -> None:
        self._running = True
        try:  # a look as it begins, then every POLL: a thread scheduled late stops its search at once
            while not self._done.is_set():
                if time.perf_counter() >= self.deadline or self.limits.stopped():
                    self.ctl[CTL_STOP] = 1
                    return
                self._done.wait(POLL)
        finally:
            self._ended.set()

    def __exit__(self, *exc_info: object) -> None:
        self._done.set()  # before looking at ``_running``: a thread not yet begun then ends at once
        if self._running:
            self._ended.wait()

    def expired(self) -> bool:
        return bool(self.ctl[CTL_STOP]) or time.perf_counter() >= self.deadline or self.limits.stopped()


@contextmanager
def unhurried(limits: Limits, ctl: np.ndarray | None = None) -> Iterator[np.ndarray]:
    """A control block for a step that must finish whatever the move time says (a solve of a few
    milliseconds that a level's promise rests on: a proven win or margin kept, the last squares
    played perfectly): only the stop flag and ``ctl``'s node budget cut it off; its nodes are added
    to ``ctl``'s."""
    own = new_ctl()
    if ctl is not None:
        own[CTL_MAX_NODES] = ctl[CTL_MAX_NODES]
    with Watcher(own, float("inf"), limits):
        yield own
    if ctl is not None:
        ctl[CTL_NODES] += own[CTL_NODES]


def search(
    searcher: Searcher,
    state: State,
    limits: Limits | None = None,
    progress: ProgressCallback | None = None,
    *,
    moves: list[Hashable] | None = None,
) -> Progress:
    """Run ``searcher`` on ``state`` within ``limits``; returns the final Progress (best_move set).

    ``moves`` are the legal moves in the order to fall back on (default ``state.legal_moves()``).
    """
    limits = limits or Limits()
    started = time.perf_counter()
    moves = list(moves) if moves is not None else state.legal_moves()
    if not moves:
        raise ValueError("search called on a finished game")

    def finish(result: Progress) -> Progress:
        result.elapsed = time.perf_counter() - started
        result.done = True
        if result.best_move is None:
            result.best_move = moves[0]
            result.pv = [moves[0]]
        if progress:
            progress(replace(result, pv=list(result.pv)))
        return result

    if len(moves) == 1 and limits.time is not None:
        return finish(Progress(depth=1, best_move=moves[0], pv=[moves[0]], kind="rule"))
    waited = compile_wait()
    known = searcher.start(state, limits)
    if known is not None:
        return finish(known)
    started += compile_wait() - waited  # kernels still compiling (the window's first moves): not the move's time
    if progress and getattr(searcher, "in_python", False):
        progress(Progress(kind=searcher.kind))  # begun, no kernel to wait for: the window says it thinks

    ctl = new_ctl()
    best = Progress(best_move=moves[0], pv=[moves[0]], kind=searcher.kind)
    max_steps = min(limits.depth or MAX_STEPS, MAX_STEPS)
    nodes = 0
    deadline = limits.deadline(started)
    if limits.time is not None:
        deadline -= min(RESERVE[0] * limits.time, RESERVE[1])
    if deadline != float("inf"):
        ctl[CTL_DEADLINE_NS] = int(deadline * 1e9)  # for a search in Python to look at itself
    with Watcher(ctl, deadline, limits) as watch:
        for step in range(1, max_steps + 1):
            ctl[CTL_NODES] = 0
            if limits.iterations is not None:
                ctl[CTL_MAX_NODES] = max(1, limits.iterations - nodes)
            result = searcher.iterate(step, ctl)
            nodes += int(ctl[CTL_NODES])
            if result is not None and result.best_move is not None:
                best = result
            best.nodes = nodes
            best.elapsed = time.perf_counter() - started
            if result is None or best.proven is not None or watch.expired():
                break
            if limits.iterations is not None and nodes >= limits.iterations:
                break
            if limits.time is not None and best.elapsed > limits.time * getattr(searcher, "deepen_share", 1.0):
                break  # the searcher expects its next iteration not to finish in the time left
            if progress:
                progress(replace(best, pv=list(best.pv)))
    best.nodes = nodes
    return finish(best)


def first_of_best(searched: Iterable[tuple[Hashable, int]], best: Hashable, value: int,
                  place: Callable[[Hashable], int], reaches: Callable[[Hashable, int], bool | None]) -> Hashable:
    """A hint's move after a root search that valued only its ``best`` exactly (at ``value``): the
    first move in the game's order (``place``) of those as good, the move a full window on every
    root move names, found for a null window on each move that may tie instead of a full window on
    every move (which cost a hint one to three plies).

    ``searched`` gives each root move with the value its search returned: ``best``'s exact, another
    move's an upper bound where it failed low, so only a move whose bound reaches ``value`` may
    tie, and only one before ``best`` in the game's order may come first.  Those are tested in the
    game's order by ``reaches(move, value)``, a null window just below ``value`` (True: the move is
    worth ``value``; None: the search was stopped), and the first that reaches it is the answer.
    Stopped, or none reaching it: ``best``, a move of the best value all the same."""
    before = sorted((move for move, bound in searched if bound >= value and place(move) < place(best)), key=place)
    for move in before:
        tied = reaches(move, value)
        if tied is None:
            return best
        if tied:
            return move
    return best
