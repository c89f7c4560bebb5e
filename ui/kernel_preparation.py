"""The window's kernel preparation: low-priority processes, started as the window opens, that
compile every game's engine kernels while the player is still in the menus (``KernelPreparation``,
each process running ``_prepare``), so a game's first computer move finds them ready.

This module must not import pygame: each preparation process imports it under the spawn start method.
"""

from __future__ import annotations

import multiprocessing as mp
import os
import threading
import time

from ai.parent_watch import HeldChild, interrupts_held, run_then_exit, sigint_blocked
from ai.worker_channel import WorkerChannel
from ai.worker_log import send_logs_to_parent, workers_level
from ui.ai_worker import log
from ui.process_priority import PREPARE_NICENESS, lower_priority
from ui.worker_lifecycle import log_if_line, log_lines_left, start_leaving_ctrl_c

URGENT_POLL = 1.0  # seconds between a preparation's looks at a stage a game's worker compiles urgently


class KernelPreparation:
    """Low-priority processes, started as the window opens, that compile (or load from the disk
    cache) every game's engine kernels while the user is still in the menus, every game's search
    kernels first, so the first computer move of whatever game is picked finds them ready.  They
    run at the lowest priority: once a game starts, its own worker compiles what it still needs on
    a core of its own.  On a later run, every kernel compiled by one before, they end at once,
    numba not imported (``_prepare``); done compiling, at once too (``run_then_exit``), not after
    the teardown of every kernel it compiled.  Stopped with the window, the terminal's Ctrl+C
    left to it (``start_leaving_ctrl_c``); one held through their start stops them before it goes
    on up.  Each is joined as it ends (``_reap``); one that gave a stage up to a game's worker
    compiling it urgently (``ai.kernels.yield_to_urgent``) is started again for what is still
    missing.  With the window's log written to its file,
    their lines (what each compiles or loads, and in how long: ``ai.kernels``) come to it through
    a report channel of theirs (``ai.worker_log``), read by the same thread."""

    def __init__(self, processes: int | None = None) -> None:
        from ai.kernels import compile_groups

        # one process per core (numba compiles under the GIL): Hex's large H-search in one,
        # the other games in the rest
        groups = compile_groups(processes or os.cpu_count() or 1)
        self._context = mp.get_context("spawn")
        level = workers_level()
        self.logs = WorkerChannel(self._context) if level is not None else None
        self._logged = (self.logs.sender(), level) if self.logs is not None else ()
        self.processes = [self._process(group) for group in groups]
        self.groups = dict(zip(self.processes, groups))
        self.held: list[HeldChild] = []  # the started ones, which ``stop`` alone signals
        self._starting = threading.Lock()  # a start again (``_start_again``) and ``stop``, one at a time
        self._stopped = False
        try:
            with interrupts_held():  # Ctrl+C inside a start left its child to say EOFError
                for process in self.processes:
                    start_leaving_ctrl_c(process)
                    self.held.append(HeldChild(process))
        except BaseException:  # Ctrl+C held through the starts: the window that would stop them never opens
            # one started as Ctrl+C came, not yet held (they are held in order): held now
            self.held += [HeldChild(p) for p in self.processes[len(self.held):] if p.pid is not None]
            self.stop()
            raise
        self.reaper = threading.Thread(target=self._reap, name="tabuleiro-prepare-reaper", daemon=True)
        self.reaper.start()  # the one thread that reaps them: another's wait met the pid gone, and said "running"

    def _process(self, group: tuple[str, ...]) -> mp.process.BaseProcess:
        """A preparation process (not started) for the kernels of ``group``'s games."""
        return self._context.Process(target=run_then_exit, args=(_prepare, group, *self._logged), daemon=True,
                                     name="tabuleiro-prepare")

    def _reap(self) -> None:
        """Join each process as it ends, on a thread of its own, writing their log lines to the log
        as they come: joined only in ``stop``, those that ended at once (a later run's, nothing to
        compile) stayed ``<defunct>`` zombies in the process list for the whole session.  One that
        gave a stage up to a game's worker (``ai.kernels.STAGE_GIVEN_UP``) is started again for
        its games' stages still missing (``_start_again``)."""
        from multiprocessing.connection import wait

        from ai.kernels import STAGE_GIVEN_UP

        ended: set[mp.process.BaseProcess] = set()
        while True:
            if self.logs is not None and not self.logs.broken:
                item = self.logs.receive(0.5)
                if item is not None:
                    log_if_line(item)
                    continue
            else:
                wait([p.sentinel for p in self.processes if p not in ended], timeout=0.5)
            for process in list(self.processes):
                if process not in ended and not process.is_alive():  # the one thread that reaps them
                    ended.add(process)
                    if process.exitcode == STAGE_GIVEN_UP:
                        self._start_again(process)
            if len(ended) == len(self.processes):
                break
        if self.logs is not None:
            log_lines_left(self.logs)
            with self._starting:
                self.logs.close()

    def _start_again(self, process: mp.process.BaseProcess) -> None:
        """A new preparation process for the games of ``process``, which gave a stage up to a game's
        worker compiling it urgently: it compiles what they still miss, that stage once the worker is
        done with it (``_prepare``).  Not once the window is closing (``stop``)."""
        with self._starting:
            if self._stopped:
                return
            again = self._process(self.groups[process])
            self.groups[again] = self.groups[process]
            with sigint_blocked():  # started out of the terminal's Ctrl+C, as the first ones
                again.start()
            self.held.append(HeldChild(again))
            self.processes.append(again)
        log.debug("kernel preparation of %s started again (a stage given up to a game's worker)",
                  ", ".join(self.groups[again]))

    def stop(self) -> None:
        """Terminate the processes still running and wait a little for them; none is started again
        from now on.  Each is signalled through its ``HeldChild``, not after an ``is_alive``:
        ``_reap`` may have just reaped it, and ``is_alive`` then said "alive" and ``terminate``
        signalled its freed pid, anyone's."""
        with self._starting:
            self._stopped = True
            held = list(self.held)
            if self.logs is not None:  # its ends alone open: a line cut by the signal ends where the pipe does
                self.logs.opened()
        for child in held:
            child.terminate()  # numba renames each cache file into place whole (``ai.kernels._filed``)
        for child in held:
            child.process.join(timeout=2.0)
            child.close()


def _prepare(game_ids: tuple[str, ...], reports=None, log_level: int | None = None) -> None:
    """A preparation process: compile the kernels of ``game_ids`` that a run before did not
    (``ai.kernel_folders.is_prepared``).  Those of a later run are all compiled: it then ends
    without importing numba (a second of a core) or loading every kernel into a process that only
    ends (10 to 15 s of a core and up to 380 MB, at load 8, each of the two processes).  Nor does
    it load a stage another process has compiled meanwhile (``ai.kernels.fill_cache``).  A stage
    a game's worker compiles urgently it leaves to it: one met so is left for the end, and one that
    it is compiling as the worker starts ends this process (``ai.kernels.yield_to_urgent``), which
    the window starts again (``KernelPreparation._start_again``).
    ``log_level``: the window's log is written to its file, where this process's lines go through
    ``reports`` (``ai.worker_log``; None: nothing set up)."""
    from ai.kernel_folders import is_prepared, mark_prepared
    from ai.kernels import cache_dir
    from ai.parent_watch import end_with_parent, leave_sigint_to_parent

    if log_level is not None:
        send_logs_to_parent(reports, log_level)
    leave_sigint_to_parent()  # the terminal's Ctrl+C is the window's, which ends this process
    end_with_parent()  # a cold compile takes a minute: not for a window that is gone
    lower_priority(PREPARE_NICENESS)
    prepared = tuple(game_id for game_id in game_ids if is_prepared(game_id, cache_dir()))
    game_ids = tuple(game_id for game_id in game_ids if game_id not in prepared)
    log.debug("preparing the kernels of %s%s", ", ".join(game_ids) or "no game",
              f" ({', '.join(prepared)}: prepared by an earlier run)" if prepared else "")
    if not game_ids:
        return
    import ai.kernels

    ai.kernels.yield_to_urgent()  # a stage a game's worker compiles urgently: this process ends, started again
    left: list[tuple[str, str]] = []  # stages compiled urgently elsewhere as this process came to them
    for first in (True, False):  # every game's search kernels before any game's later stages
        for game_id in game_ids:
            stages = ai.kernels.stages(game_id)
            for stage in stages[:1] if first else stages[1:]:
                if ai.kernels.urgently_compiled(game_id, stage):
                    left.append((game_id, stage))
                else:
                    ai.kernels.fill_cache(game_id, stage)  # not one a game's worker compiled meanwhile
            if not first and ai.kernels.on_disk(game_id):  # not compiled in memory only (a failing cache)
                mark_prepared(game_id, cache_dir())
    for game_id, stage in left:  # the urgent compile most likely done by now: on disk, nothing to do
        while ai.kernels.urgently_compiled(game_id, stage):
            time.sleep(URGENT_POLL)
        ai.kernels.fill_cache(game_id, stage)
        if ai.kernels.on_disk(game_id):
            mark_prepared(game_id, cache_dir())
