"""Worker processes started and ended, on the window's side: each started out of the terminal's
Ctrl+C with its job queue, report channel and stop flag (``start_worker_process``), for an ``AIWorker``
or a ``SpareWorker`` (``ui.worker_client``) alike, and each closed one ended in the background,
its log lines written and the outside bots it started ended.

A closed worker (its screen was left) is let go at once, ended by a thread (``_end``): by itself,
its teardown skipped (``ai.parent_watch.run_then_exit``), within its grace, or at once if none of
its jobs has reported and none was an outside player's (``AIWorker.close_grace``); one terminated
says no last words: the window ends the bots it said it started (``AIBotStarted``, ``_end_bots``).
The window's close waits for all (``wait_for_closed_workers``, then ``hurry_closed_workers`` kills),
after ``end_unclosed_workers`` closed those no screen kept (Ctrl+C as one started).

This module must not import pygame: the kernel preparation's processes import it
(``ui.kernel_preparation``) under the spawn start method.
"""

from __future__ import annotations

import contextlib
import multiprocessing as mp
import queue
import threading
import time
from typing import Any

from ai.parent_watch import HeldChild, interrupts_held, sigint_blocked
from ai.start_method import worker_process
from ai.worker_channel import SharedFlag, WorkerChannel
from ai.worker_log import from_worker, is_log_record, workers_level
from ui.ai_worker import AIBotStarted, log
from ui.worker_process import worker_main

WORKER_NAME = "tabuleiro-ai"  # every worker process's name (tests/left_processes.py looks for it)
HURRY_WAIT = 10.0  # seconds the window's quit waits for closed workers killed at once (``hurry_closed_workers``)


def start_leaving_ctrl_c(process: mp.process.BaseProcess) -> None:
    """Start ``process`` (one of the window's, whose first step is ``leave_sigint_to_parent``) out
    of the terminal's Ctrl+C, which goes to the whole process group: each worker and preparation
    printed its KeyboardInterrupt's traceback (or Python's "Fatal Python error", met still
    starting) under the window's "stopped".  The window alone takes it now, and its close ends
    them; one that comes during the start waits for its end (``sigint_blocked``)."""
    with sigint_blocked():
        process.start()


def start_worker_process(ctx, warm_game: str | None = None, warm: bool = False, spare: bool = False,
                          unused: tuple[str, ...] = (), options: dict[str, Any] | None = None):
    """A worker process started (``worker_main``) with its job queue, report channel and stop flag:
    (jobs, reports, stop, process), for an ``AIWorker`` or a ``SpareWorker`` alike.  It is in
    ``_STARTED`` from its start until it is closed (``end_in_background``), Ctrl+C and SIGTERM
    held until it is: one that came between the start and the worker kept by its screen left a
    process that no closing ended (``end_unclosed_workers`` ends it now)."""
    jobs, reports, stop = ctx.Queue(), WorkerChannel(ctx), SharedFlag(ctx)
    process = worker_process(ctx, WORKER_NAME, worker_main, jobs, reports.sender(), stop, warm_game, warm,
                             **{name: value for name, value in (("spare", spare), ("unused", unused), ("options", options),
                                                                ("log_level", workers_level())) if value})
    with interrupts_held():
        start_leaving_ctrl_c(process)
        reports.opened()  # a report cut by the process's death ends where the pipe does
        with _ENDING_LOCK:
            _STARTED[process] = (jobs, reports, stop)
            _HELD[process] = HeldChild(process)
    return jobs, reports, stop, process


_ENDING: list[threading.Thread] = []  # the threads ending closed workers' processes (``_end``)
_HURRIED: dict[threading.Thread, threading.Event] = {}  # set: that thread ends its process now (``hurry_closed_workers``)
_STARTED: dict[Any, tuple[Any, WorkerChannel, SharedFlag]] = {}  # worker processes not closed: their jobs, reports, stop
_HELD: dict[Any, HeldChild] = {}  # how each worker process not yet ended is signalled (``_end``)
_BOTS: dict[Any, list[AIBotStarted]] = {}  # the outside bots each worker process said it started (``_end_bots``)
_ENDING_LOCK = threading.Lock()


def note_bot(proc, started: AIBotStarted) -> None:
    """Note that worker process ``proc`` started the bot ``started``, for ``_end_bots``."""
    with _ENDING_LOCK:
        _BOTS.setdefault(proc, []).append(started)


def _end_bots(proc) -> None:
    """End the outside bots worker process ``proc`` started that are still running, now that it has
    ended (``ai.outside_process.end_orphaned_bot``): a worker that ends by itself has ended them
    (its last words), but one terminated past its grace or killed never does, and each bot, in a
    session of its own, went on running (a GTP engine thinking at full speed) after the window's
    end.  The bots noted are checked by their start times, so a bot ended long ago whose pid a
    later process has is left alone."""
    with _ENDING_LOCK:
        bots = _BOTS.pop(proc, [])
    if not bots:
        return
    from ai.outside_process import end_orphaned_bot

    for bot in bots:
        if end_orphaned_bot(bot.pid, bot.started):
            log.debug("outside bot %d of AI worker %s ended (its worker did not end it)", bot.pid, worker_pid(proc))


def end_in_background(proc, jobs, reports: WorkerChannel, stop: SharedFlag, grace: float) -> None:
    """Close a worker's process (started by ``start_worker_process``, with its job queue, report channel
    and stop flag): told to end (None on its job queue), then ended by a thread (``_end``), which
    ``wait_for_closed_workers`` waits for; no longer among the ``_STARTED`` not closed."""
    with _ENDING_LOCK:
        _STARTED.pop(proc, None)
        held = _HELD.pop(proc, None)
    with contextlib.suppress(OSError, ValueError, queue.Full):
        jobs.put_nowait(None)
    hurried = threading.Event()
    ending = threading.Thread(target=_end, args=(proc, jobs, reports, stop, grace, held, hurried), daemon=True,
                              name="tabuleiro-ai-end")
    with _ENDING_LOCK:
        _ENDING.append(ending)
        _HURRIED[ending] = hurried
    ending.start()


def end_unclosed_workers() -> int:
    """Close every worker process not closed yet (the window closes: nothing may be left running),
    as a screen's close does; how many there were.  A screen closes its own: those left are the
    ones Ctrl+C or SIGTERM met as a worker was made (``start_worker_process``), before any screen had it."""
    with _ENDING_LOCK:
        unclosed = list(_STARTED.items())
    for proc, (jobs, reports, stop) in unclosed:
        end_in_background(proc, jobs, reports, stop, 0.0)
    return len(unclosed)


def _end(proc, jobs, reports: WorkerChannel, stop: SharedFlag, grace: float, held: HeldChild | None = None,
         hurried: threading.Event | None = None) -> None:
    """End a closed worker's process: ``grace`` seconds to end by itself, then terminated (killed
    if even that is ignored), reaped, the log lines it sent written to the log (``_join_logging``,
    ``log_lines_left``), and its queue and channel closed.  Its ``stop`` flag is held
    until then: a worker replaced at once drops its own reference, and the flag's shared memory
    could be handed to the next flag while the old process still reads it.  A killed process is
    waited for however long the system takes to tear it down (a loaded machine took over the
    second once given, and ``wait_for_closed_workers`` said none was left while it still was):
    this thread is the only one that waits, and the window's own wait has its bound.  Not the only
    one that reaps: any process's start reaps the ended ones (``multiprocessing``'s cleanup), and
    ``is_alive`` said "alive" of one reaped there but not yet noted: it is signalled through
    ``held`` (``HeldChild``), never by its pid, which may be another process's by then.  Once
    ``hurried`` is set (the window quits: ``hurry_closed_workers``) it waits no more: what is left
    of the grace is skipped, and a terminate not heard at once is followed by a kill."""
    signalled = held or proc  # a process ``start_worker_process`` did not start: its own terminate and kill
    try:
        _join_logging(proc, reports, grace, hurried)
        if proc.is_alive():
            log.debug("AI worker %s terminated%s", worker_pid(proc), f" (not ended within {grace:.1f} s)" if grace else "")
            signalled.terminate()
            _join_logging(proc, reports, 1.0, hurried)
        if proc.is_alive():
            log.debug("AI worker %s killed (it did not end when terminated)", worker_pid(proc))
            signalled.kill()
            proc.join()
        log_lines_left(reports, proc)  # what it wrote before its end, the window no longer polling it
        _end_bots(proc)
        jobs.cancel_join_thread()
        jobs.close()
        reports.close()
    finally:
        if held is not None:
            held.close()
        with _ENDING_LOCK:
            _ENDING.remove(threading.current_thread())
            _HURRIED.pop(threading.current_thread(), None)


def _join_logging(proc, reports: WorkerChannel, seconds: float, hurried: threading.Event | None = None) -> None:
    """Wait at most ``seconds`` for a closed worker's process to end, writing the log lines it sends
    meanwhile (``log_if_line``): the window polls a closed worker no more (nor an analysis
    switched off, whose last lines, its job's end, were lost with the worker), and a worker
    waiting for room in a full pipe would not end by itself.  It stops waiting once ``hurried`` is set."""
    end = time.monotonic() + seconds
    while proc.is_alive() and (left := end - time.monotonic()) > 0 and not (hurried and hurried.is_set()):
        item = reports.receive(min(left, 0.05))
        if item is None:
            proc.join(min(left, 0.01))  # nothing came: the pipe is empty, or closed as the process ends
        else:
            log_if_line(item, proc)


def log_lines_left(reports: WorkerChannel, proc: Any = None) -> None:
    """Write the log lines an ended worker's channel still holds (``log_if_line``)."""
    while (item := reports.receive(0)) is not None:
        log_if_line(item, proc)


def log_if_line(item: object, proc: Any = None) -> None:
    """A closed worker's report: written to this process's log if it is a log line, noted if it
    tells of a bot worker process ``proc`` started (``_end_bots``); its other reports (answers,
    progress) are no one's now."""
    if is_log_record(item):
        from_worker(item)  # type: ignore[arg-type]
    elif proc is not None and isinstance(item, AIBotStarted):
        note_bot(proc, item)


def worker_pid(proc: Any) -> int | None:
    """A worker process's id for the log, None for a process object without one: a log line never
    stops a worker's closing."""
    return getattr(proc, "pid", None)


def wait_for_closed_workers(timeout: float = 5.0) -> bool:
    """Wait until every closed worker's process has ended (the window is closing: nothing may be
    left running); True when none is left."""
    end = time.monotonic() + timeout
    while True:
        with _ENDING_LOCK:
            ending = list(_ENDING)
        if not ending:
            return True
        left = end - time.monotonic()
        if left <= 0:
            return False
        ending[0].join(left)


def hurry_closed_workers(timeout: float = HURRY_WAIT) -> bool:
    """End every closed worker's process still running now, without the rest of its grace:
    terminated, then killed if that is not heard at once (``_end``), and its bots with it; wait
    up to ``timeout`` seconds for them; True when none is left.  The window's quit calls it when
    ``wait_for_closed_workers`` gave up: a worker still there was left running after the window,
    a daemon thread's end cut short by the exit, and its outside bot with it."""
    with _ENDING_LOCK:
        hurried = list(_HURRIED.values())
    for event in hurried:
        event.set()
    return wait_for_closed_workers(timeout)
