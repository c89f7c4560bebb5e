"""The worker process's life (``worker_main``, the target every worker process starts): its
engine kernels warmed up in a background thread, or, started as a spare in the menus, its head
start for the game expected until its game is given; then its jobs run one at a time
(``ui.worker_jobs``) until told to end.  The window's side starts it (``ui.worker_lifecycle``).

This module must not import pygame: the worker process imports it under the spawn start method.
"""

from __future__ import annotations

import contextlib
import functools
import multiprocessing as mp
import queue
import threading
import time
import traceback
from collections.abc import Callable, Iterator
from typing import Any

from ai import engine_module
from ai.imports import import_engine
from ai.worker_log import send_logs_to_parent
from ui.ai_worker import (
    AIBotStarted,
    AIError,
    AIForfeit,
    AIResigned,
    AISpareLoading,
    AISpareReady,
    AIWarmUp,
    SpareExpect,
    log,
)
from ui.process_priority import WORKER_NICENESS, lower_priority
from ui.worker_jobs import run_job


def _warm_up(game_id: str | None, reports, unused: tuple[str, ...] = ()) -> None:
    """Compile or load the kernels of ``game_id`` (all games when None) stage by stage, but for
    the stages its rules leave ``unused`` (``ai.kernels.unused_stages``), saying when the first (the
    search's) is ready and when all are: the window shows "Preparing the engine..." until the
    search can run, and again while a move waits for a later stage (``worker_main`` has
    ``ai.kernels.ready`` say so).  A search stage compiled from scratch, here or by another
    process, or loaded from the cache, lets the search run at once on its stand-ins
    (``ai.kernels.preparing``): that is said as it begins (``_stand_ins_play``), not when it is ready."""
    reports.put(AIWarmUp(False))
    error, loaded, started = "", [], time.perf_counter()
    try:
        import ai.kernels as kernels

        stages = kernels.stages(game_id) if game_id is not None else ()
        for stage in stages:
            if stage in unused:
                continue
            if not kernels.is_ready(game_id, stage):
                loaded.append(stage)
                if stage == stages[0]:
                    _stand_ins_play(game_id, reports, tuple(loaded))
                kernels.warm_up(game_id, stage)
            if stage == stages[0]:
                reports.put(AIWarmUp(True, loaded=tuple(loaded)))
        if game_id is None:
            kernels.warm_up()
    except Exception as exc:  # noqa: BLE001 - a kernel compiles on first use anyway
        error = f"{type(exc).__name__}: {exc}"
    log.debug("engine set up for %s in %.2f s (compiled or loaded: %s)%s", game_id or "every game",
              time.perf_counter() - started, ", ".join(loaded) or "nothing", f"; {error}" if error else "")
    reports.put(AIWarmUp(True, error=error, loaded=tuple(loaded)))


def _stand_ins_play(game_id: str, reports, loading: tuple[str, ...]) -> None:
    """Say the search can run (``AIWarmUp(True)``, naming the stages being compiled or loaded, as the
    report once they are ready does) before its stage is ready, where the players' Python
    stand-ins search meanwhile (``ai.kernels.preparing``: compiled from scratch or loaded from the
    cache).  A fresh install's analysis said "Preparing the engine… 6 s" over a search that
    was running, for as long as the stage took to compile (a minute or more on a busy machine), and
    a game's first move said it over a stand-in's search during a load (seconds on a busy machine).
    A search that waits for the stage all the same (Hex's analysis during a load) has
    ``ai.kernels.ready`` say "Preparing" again (``worker_main``'s ``when_waiting``)."""
    import ai.kernels as kernels

    if kernels.preparing(game_id):
        reports.put(AIWarmUp(True, loaded=loading))


def start_warm_up(game_id: str | None, reports, unused: tuple[str, ...] = ()) -> None:
    """Run ``_warm_up`` in a daemon thread of this process (the job loop starts at once)."""
    threading.Thread(target=_warm_up, args=(game_id, reports, unused), daemon=True, name="tabuleiro-warm-up").start()


def _import_engines() -> None:
    """A spare worker's head start when no game is expected: numba and every game's engine and
    kernel modules imported (about 0.9 s of a core), which a worker started with its game spent first."""
    from ai import engine_module
    from ai.kernels import KERNEL_GAMES

    for game_id in KERNEL_GAMES:
        _import_quietly(engine_module(game_id))


def _import_quietly(name: str) -> None:
    """Import ``name`` for a head start; a failure is left for the game's own job to meet and say."""
    with contextlib.suppress(Exception):
        import_engine(name)


def _load_ahead(game_id: str) -> Callable[[dict[str, Any]], Any] | None:
    """The ``load_ahead(options)`` of ``game_id``'s engine module, if it has one (Reversi's: the
    pattern weights level-5 reads when made), which returns the names of what it read; None for
    none, or an engine that failed to import (the game's own job says why)."""
    try:
        return getattr(import_engine(engine_module(game_id)), "load_ahead", None)
    except Exception:  # noqa: BLE001 - a head start only
        return None


def _head_start_steps(expected: str | None, unused: tuple[str, ...] = (),
                      options: dict[str, Any] | None = None) -> Iterator[Callable[[], object]]:
    """A spare worker's steps before its game is given: the ``expected`` game's engine imported
    (numba with it) and its kernel stages loaded, the search's first (but for those its rules leave
    ``unused``), up to the first whose kernels are not all compiled on disk (a restart has them all;
    Hex's connection kernels were compiled here when its search's were there), then what its players
    read when made, for its ``options`` (``_load_ahead``); every game's engine
    imported when none is expected.  Nothing is
    compiled here: on a fresh install that is the window's preparation processes' work, and the
    game's own worker compiles what it still lacks."""
    if expected is None:
        yield _import_engines
        return
    yield functools.partial(_import_quietly, engine_module(expected))
    import ai.kernels as kernels

    for stage in (stage for stage in kernels.stages(expected) if stage not in unused):
        if not kernels.on_disk(expected, stage):  # asked after the step above imported its kernel modules
            break
        yield functools.partial(kernels.warm_up, expected, stage)
    load_ahead = _load_ahead(expected)
    if load_ahead is not None:
        yield functools.partial(load_ahead, options or {})


_NOTHING_YET = object()
IMPORT_STEPS = 1  # a head start's first step imports the engine; those after it load kernels and data


def _next_item(jobs) -> Any:
    """The job queue's next item if one is there already, else ``_NOTHING_YET``."""
    try:
        return jobs.get_nowait()
    except queue.Empty:
        return _NOTHING_YET


def _head_start(expected: str | None, jobs, reports, unused: tuple[str, ...] = (),
                options: dict[str, Any] | None = None) -> Any:
    """Take the spare's head start (``_head_start_steps``), looking at the job queue before each
    step: the item that came meanwhile (the game given, None to end, or a ``SpareExpect``: another
    game shown), returned at once so a game's start never waits for a step of a game not chosen
    (of several games shown in a row, the spare thus skips to the last);
    else ``_NOTHING_YET`` once every step is taken, said with ``AISpareReady``.  Before its first
    step past the engine's import it says ``AISpareLoading``: what follows stays in its memory."""
    ahead: list[str] = []
    for number, step in enumerate(_head_start_steps(expected, unused, options)):
        item = _next_item(jobs)
        if item is not _NOTHING_YET:
            return item
        if number == IMPORT_STEPS and expected is not None:
            reports.put(AISpareLoading(expected))
        try:
            ahead.extend(step() or ())
        except Exception:  # noqa: BLE001 - a head start only: the game's own warm-up meets it and says why
            break
    reports.put(AISpareReady(expected, _stages_ready(expected), tuple(ahead)))
    return _NOTHING_YET


def _spare_until_given(expected: str | None, jobs, reports, unused: tuple[str, ...], options: dict[str, Any],
                       parent) -> Any:
    """A spare worker's life in the menus: its head start for the game ``expected``, taken again
    for each game the window says New game shows instead (``SpareExpect``), until its game is
    given or None ends it."""
    while True:
        given = _head_start(expected, jobs, reports, unused, options)
        if given is _NOTHING_YET:
            given = _game_given(jobs, parent)
        if not isinstance(given, SpareExpect):
            return given
        expected, unused, options = given.game_id, given.unused, given.options


def _stages_ready(game_id: str | None) -> tuple[str, ...]:
    """The kernel stages of ``game_id`` this process has ready (none for no game)."""
    if game_id is None:
        return ()
    import ai.kernels as kernels

    return tuple(stage for stage in kernels.stages(game_id) if kernels.is_ready(game_id, stage))


def _game_given(jobs, parent) -> tuple[str | None, bool] | None:
    """A spare worker's first item: (the game whose kernels to warm up, whether to), sent by the
    ``AIWorker`` that took it; None when the window ends it first (or is gone)."""
    while True:
        try:
            item = jobs.get(timeout=1.0)
        except queue.Empty:
            if parent is not None and not parent.is_alive():
                return None
            continue
        return item


def _tell_bot_started(reports, pid: int) -> None:
    """Tell the window of the bot this worker just started (``AIBotStarted``); one whose start
    cannot be read (no /proc) is not told, and is ended by this process's own end alone."""
    from ai.outside_process import start_time

    if (started := start_time(pid)) is not None:
        reports.put(AIBotStarted(pid, started))


def worker_main(jobs, reports, stop, warm_game: str | None = None, warm: bool = False, spare: bool = False,
                unused: tuple[str, ...] = (), options: dict[str, Any] | None = None,
                log_level: int | None = None) -> None:
    """The worker process: warm the kernels up in the background (``warm``), then run jobs until a
    ``None`` arrives.  A ``spare`` one takes its head start for ``warm_game``, the game expected
    with its ``options``, again for each game the window says instead (``_spare_until_given``), then
    waits for the game given; ``unused``: the kernel stages its rules leave unused, not loaded
    (``ai.kernels.unused_stages``); ``log_level``: the window's log is written to its file, where this
    process's lines go too, at that level (``ai.worker_log``; None: nothing set up)."""
    from ai.base import Forfeit, Resigned
    from ai.parent_watch import end_with_parent, leave_sigint_to_parent, on_bot_started

    if log_level is not None:
        send_logs_to_parent(reports, log_level)
    log.debug("worker started%s", f" as a spare expecting {warm_game}" if spare else f" for {warm_game}")
    leave_sigint_to_parent()  # the terminal's Ctrl+C is the window's, which ends this process
    end_with_parent()  # an analysis runs until stopped: a window killed mid-way must not leave it running
    on_bot_started(functools.partial(_tell_bot_started, reports))  # a window that kills this process ends them
    players: dict = {}
    parent = mp.parent_process()
    if spare:  # its head starts at the window's priority: the menus are idle, and a game may start soon
        given = _spare_until_given(warm_game, jobs, reports, unused, options or {}, parent)
        if given is None:
            return
        warm_game, warm, unused = given
        log.debug("spare worker given %s", warm_game)
    lower_priority(WORKER_NICENESS)  # the window's frames come first; the search takes the rest
    if warm:
        import ai.kernels

        ai.kernels.defer_compiling()  # the warm-up compiles; the first moves need not wait for it
        ai.kernels.when_waiting(lambda waiting: reports.put(AIWarmUp(not waiting)))
        start_warm_up(warm_game, reports, unused)
    elif warm_game is not None:  # rules that run no kernel (3x3): the engine imported before the first job
        _import_quietly(engine_module(warm_game))
    while True:
        try:
            item = jobs.get(timeout=1.0)
        except queue.Empty:
            if parent is not None and not parent.is_alive():
                return  # the window died without saying goodbye
            continue
        if item is None:
            return
        job_id, job = item
        try:
            run_job(job_id, job, players, reports, stop)
        except Resigned as exc:  # given up, no rule broken: a resignation, not a forfeit
            reports.put(AIResigned(job_id, str(exc) or "resigned"))
        except Forfeit as exc:  # lost by the rules: the scene ends the game, no random move
            reports.put(AIForfeit(job_id, str(exc) or "forfeits"))
        except Exception as exc:  # noqa: BLE001 - every failure goes back to the window
            log.warning("job %d failed: %s", job_id, traceback.format_exc())
            reports.put(AIError(job_id, f"{type(exc).__name__}: {exc}", traceback.format_exc()))
