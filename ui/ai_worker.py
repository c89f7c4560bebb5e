"""The AI thinks in a separate process, so the window keeps drawing and answering while it does.

One ``AIWorker`` per game scene keeps one process alive across moves (spawning costs a fraction
of a second; players also keep their transposition tables between moves).  A job names the game,
its options, the moves played so far in notation and the position text; the worker rebuilds the
state from them (nothing from pygame or the UI crosses the process boundary).

As soon as it starts, the worker compiles (or loads from numba's cache) the engine kernels of its
game in a background thread (``ai.kernels.warm_up``, the search's first), before any job asks for
them; it reports ``AIWarmUp(done=False)`` then ``AIWarmUp(done=True)``, and ``AIWorker.preparing``
is True in between, so the window can say "Preparing the engine..." instead of looking stuck.  Its
players compile nothing when they are made (``ai.kernels.defer_compiling``): a move from an opening
book comes at once, and a search waits for the kernels it needs, outside its move's time.  A worker
restarted after a crash skips the warm-up (it may have been the cause).  A worker takes the process
of the window's ``SpareWorker`` when there is one: the expected game's engine imported and its compiled
kernels loaded in the menus, so a game's first move waits for none of it.

Reports come back through ``ai.worker_channel`` (each written whole, under a lock) and the stop
flag is its ``SharedFlag``, so that a worker killed outright (SIGKILL: the OOM killer, ``kill -9``)
in the middle of a report, or while its search looks at the flag, leaves nothing the window could
wait on: ``poll`` drops the cut report, sees the process gone in the same frame and replaces it.

Cancelling sets the stop flag, which the player sees through ``Limits.stop``.  A worker that has not
answered within ``STOP_GRACE`` seconds after a cancel (``SETUP_GRACE`` while its job has not reported yet:
it is still starting), or that died, is terminated and replaced by a fresh one.  Those seconds count from
the moment its kernels are ready: a search waiting for them (``ai.kernels.ready``) cannot see the stop flag
until they are, and a fresh process would only compile them again, without the warm-up's head start.  A
worker that keeps dying is given up (``broken``: the scene plays random moves); one replaced for a slow
cancel is not counted, since cancels come as fast as the player presses keys, and warms its kernels up as
the first one did.  A job whose process died is answered by ``AIProcessDied``, which the scene may ask again
of the fresh process.  A closed worker (its screen was left) is let go at once, ended by a thread (``_end``):
by itself, its teardown skipped (``ai.parent_watch.run_then_exit``), within its grace, or at once if none of
its jobs has reported and none was an outside player's (``AIWorker.close_grace``); one terminated says no
last words: the window ends the bots it said it started (``AIBotStarted``, ``_end_bots``).  The window's
close waits for all (``wait_for_closed_workers``, then ``hurry_closed_workers`` kills), after
``end_unclosed_workers`` closed those no screen kept (Ctrl+C as one started).  Errors come back as
``AIError`` events; a player that lost by the rules (``ai.base.Forfeit``: an outside player over time, dead
or with an illegal answer) as ``AIForfeit``, a resign (``ai.base.Resigned``) as ``AIResigned``.

This module must not import pygame: the worker process imports it under the spawn start method.
"""

from __future__ import annotations

import contextlib
import functools
import itertools
import logging
import multiprocessing as mp
import os
import queue
import sys
import threading
import time
import traceback
import weakref
from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from ai import engine_module, is_outside_player
from ai.eval_scales import empty_share
from ai.imports import import_engine
from ai.parent_watch import HeldChild, interrupts_held, run_then_exit, sigint_blocked
from ai.start_method import worker_context, worker_process
from ai.value_words import counted
from ai.worker_channel import SharedFlag, WorkerChannel
from ai.worker_log import from_worker, is_log_record, send_logs_to_parent, workers_level

if TYPE_CHECKING:
    from games.base import Game

WORKER_NAME = "tabuleiro-ai"  # every worker process's name (tests/left_processes.py looks for it)
STOP_GRACE = 0.5  # seconds a cancelled search may take to return before the process is replaced
SPARE_GRACE = STOP_GRACE  # ... and a closed spare waiting for its game to end by itself (``SpareWorker.close``)
SETUP_GRACE = 10.0  # ... and a cancelled job not yet heard from (a new process importing, a player
#                     loading its tables, a kernel compiling): a fresh process would take as long
PROGRESS_EVERY = 0.1  # seconds between progress reports (about 10 a second)
WORKER_NICENESS = 5  # the worker runs at a lower priority than the window
PREPARE_NICENESS = 19  # the window's preparation lowest: a game's own worker compiles what it needs first
URGENT_POLL = 1.0  # seconds between a preparation's looks at a stage a game's worker compiles urgently
HURRY_WAIT = 10.0  # seconds the window's quit waits for closed workers killed at once (``hurry_closed_workers``)
ANALYSIS_NICENESS = 12  # an analysis worker (analysis mode) lower still: it runs for as long as it is on

log = logging.getLogger(__name__)  # in the window and, sent to it (``ai.worker_log``), in each worker


@dataclass(frozen=True)
class Job:
    game_id: str
    options: dict[str, Any]
    moves: tuple[str, ...]  # the game so far, in notation, from the initial position (``start``'s, given one)
    position: str  # game.to_text of the position to search (used if the moves cannot be replayed)
    player_id: str
    move_time: float
    seed: int | None = None
    slot: str = "side0"  # players are cached per slot ("side0", "side1", "hint")
    kind: str = "move"  # "move": choose one (AIProgress..., AIResult); "values": every move's value
    #                    (AIMoveValues..., then an AIResult with no move), until cancelled or done;
    #                    "connections": Hex's virtual connections (one AIKnowledge, then an AIResult);
    #                    "prove": the tree explorer's question of one node (``_run_prove_job``): one
    #                    AIProgress if the slot's player proves the position within ``move_time``, then an AIResult;
    #                    "load": make the slot's player as a move would, ready for the game (an outside
    #                    player's file loaded): an AIResult with no move, or an AIForfeit saying why not
    remaining: float | None = None  # a clocked game: seconds left on the mover's clock (ai.base.Limits)
    increment: float | None = None  # ... and what it gains after each move
    clock: str | None = None  # ... and the clock's text ("5m+2s"), for a flag fall's words
    # the position the game started from (Game.to_text), None for the usual start: the moves are
    # replayed from it, so the position searched keeps what its start fixed (Trax's table turns,
    # that the search's line is written on in the official notation)
    start: str | None = None
    # a "load" after a forfeit that Undo took back: the slot's player's program stopped and started
    # anew (a crash's process lived on, holding what its crash left, the file perhaps edited since)
    fresh: bool = False


@dataclass
class AIMoveValues:
    """Analysis mode's report: every legal move valued so far (ai.move_values.MoveValues, whose
    ``values`` map moves to ai.move_values.MoveValue), with each move's notation in ``texts``, and
    the principal variation in notation in ``line`` (the best move and the replies expected, at
    most ``LINE_PLIES``; the snapshot's own ``lines`` are left behind)."""

    job_id: int
    values: Any
    texts: dict = field(default_factory=dict)
    line: list[str] = field(default_factory=list)
    line_other: list[str] = field(default_factory=list)  # ``line`` in the game's other notation (AIProgress.pv_other)


@dataclass
class AIKnowledge:
    """The Hex connections overlay's report: ``ai.engines.hex_knowledge.analyse`` of the position
    (a ``Knowledge``: dead and captured cells, both colours' virtual connections, the mustplay)."""

    job_id: int
    knowledge: Any


@dataclass
class AIProgress:
    job_id: int
    depth: int = 0
    best_move: Hashable | None = None
    best_text: str = ""
    score: float = 0.0
    nodes: int = 0
    elapsed: float = 0.0
    pv: list[str] = field(default_factory=list)
    proven: int | None = None
    proven_plies: int | None = None
    kind: str = "alphabeta"
    done: bool = False
    # the side to move in the searched position, whose point of view ``score`` and ``proven`` take;
    # required (by keyword): a report that left it out was read from the first player's side
    mover: int = field(kw_only=True)
    only_move: bool = False  # the searched position had one legal move
    exact_margin: bool = False  # proven, and ``score`` is the exact final margin (Reversi's discs)
    at_least: bool = False  # ``score`` is a proven lower bound of the final margin (the 6x6 book)
    reason: str = ""  # why a rule chose its move (``ai.base.RULE_REASONS``), "" for none said
    course_depth: int | None = None  # the depth as a course player's description counts it (``Progress``)
    # the best move and line in the notation the game's players write elsewhere (Trax's official
    # one: ``Game.other_move_text``), for a window that shows it (ui.notation); empty where none
    best_other: str = ""
    pv_other: list[str] = field(default_factory=list)
    unit: str = ""  # what an estimate's score counts where it is not the game's unit (``ai.base.POINTS``)
    stage: float | None = None  # the searched position's share of squares empty (ai/eval_scales.py ``empty_share``)
    # ``proven`` is the position's, proven apart from the best move and line (the eval bar's proof
    # beside analysis' Monte Carlo choice: ``ui.eval_bar.line_with_proof``), so neither is said as the proof's
    proof_apart: bool = False
    stopped: str = ""  # why the search ended before its time (``ai.base.STOP_REASONS``), "" for none said
    plies_at_most: bool = False  # ``proven_plies`` is the most the winner's way needs (``ai.base.Progress``)


@dataclass
class AIResult:
    job_id: int
    move: Hashable
    text: str
    elapsed: float


@dataclass
class AIError:
    job_id: int
    message: str
    detail: str = ""


@dataclass
class AIProcessDied(AIError):
    """The worker's process ended in the middle of the job (killed: out of memory, ``kill -9``; a
    crash) and a fresh one has replaced it: the job can be asked again."""


@dataclass
class AIForfeit:
    """The player lost the game by the rules (an outside player over time, dead, with an illegal
    answer, or that could not be loaded): ``message`` is the reason, e.g. "exceeded the time limit"."""

    job_id: int
    message: str


@dataclass
class AIResigned(AIForfeit):
    """The player gave the game up (``ai.base.Resigned``: a GTP engine answered ``resign``): lost,
    but by no fault, so the scene records a resignation at its move, as a person's Resign is, not a
    forfeit."""


@dataclass
class AIReady:
    """A move job's player is made and ready (``Player.ready_to_move``: an outside engine started
    and set up anew in a fresh process, or after a stop ended it): its thinking begins ``at``
    (``time.monotonic``, one clock for every process of the machine).  ``AIWorker`` keeps it as
    ``thinking_since``; a window charges a clock from then, not with the set-up before it."""

    job_id: int
    at: float


@dataclass
class AIWarmUp:
    """The worker's engine kernels are being compiled (``done`` False) or are ready (True); the last
    report of a warm-up names in ``loaded`` the stages it had to compile or load itself (none when a
    spare worker had loaded them all ahead)."""

    done: bool
    job_id: int = 0
    error: str = ""
    loaded: tuple[str, ...] = ()


@dataclass
class AISpareReady:
    """A spare worker's head start is over (``SpareWorker``): ``game_id`` (the game it expected,
    None for none) has its kernel stages in ``loaded`` ready; it now waits for its game."""

    game_id: str | None
    loaded: tuple[str, ...] = ()
    ahead: tuple[str, ...] = ()  # what else its engine read ahead (``_load_ahead``: Reversi's pattern weights)


@dataclass
class AISpareLoading:
    """A spare worker begins to load ``game_id``'s compiled kernels or engine data (``_head_start``):
    told another game from then on, it would hold them beside the next one's, so the window starts
    a fresh spare instead (``SpareWorker.expect``)."""

    game_id: str


@dataclass(frozen=True)
class AIBotStarted:
    """The worker started an outside bot: process ``pid``, started at ``started``
    (``ai.outside_process.start_time``).  A worker the window has to kill never ends its bots
    itself, and a bot outlives it (a session of its own): the window ends them (``_end_bots``)."""

    pid: int
    started: int


@dataclass(frozen=True)
class SpareExpect:
    """The window to its spare worker: New game now shows ``game_id`` (a card clicked, Page Down, an
    option changed), with its resolved ``options`` and the kernel stages they leave ``unused``; the
    spare drops its first guess and takes its head start for this game instead."""

    game_id: str | None
    unused: tuple[str, ...] = ()
    options: dict[str, Any] = field(default_factory=dict)


# -- the worker process ----------------------------------------------------------------------
def _warm_up(game_id: str | None, reports, unused: tuple[str, ...] = ()) -> None:
    """Compile or load the kernels of ``game_id`` (all games when None) stage by stage, but for
    the stages its rules leave ``unused`` (``ai.kernels.unused_stages``), saying when the first (the
    search's) is ready and when all are: the window shows "Preparing the engine..." until the
    search can run, and again while a move waits for a later stage (``worker_main`` has
    ``ai.kernels.ready`` say so).  A search stage compiled from scratch, here or by another
    process, lets the search run at once on its stand-ins (``ai.kernels.compiled_elsewhere``):
    that is said as it begins (``_stand_ins_play``), not a minute later when it is compiled."""
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
                    _stand_ins_play(game_id, reports)
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


def _stand_ins_play(game_id: str, reports) -> None:
    """Say the search can run (``AIWarmUp(True)``) before its stage is compiled, where its kernels
    are compiled from scratch: the players' Python stand-ins search meanwhile.  A fresh install's
    analysis said "Preparing the engine… 6 s" over a search that was running, for as long as the
    stage took to compile (a minute or more on a busy machine) whenever a position had no value yet."""
    import ai.kernels as kernels

    if kernels.compiled_elsewhere(game_id):
        reports.put(AIWarmUp(True))


def start_warm_up(game_id: str | None, reports, unused: tuple[str, ...] = ()) -> None:
    """Run ``_warm_up`` in a daemon thread of this process (the job loop starts at once)."""
    threading.Thread(target=_warm_up, args=(game_id, reports, unused), daemon=True, name="tabuleiro-warm-up").start()


def start_leaving_ctrl_c(process: mp.process.BaseProcess) -> None:
    """Start ``process`` (one of the window's, whose first step is ``leave_sigint_to_parent``) out
    of the terminal's Ctrl+C, which goes to the whole process group: each worker and preparation
    printed its KeyboardInterrupt's traceback (or Python's "Fatal Python error", met still
    starting) under the window's "stopped".  The window alone takes it now, and its close ends
    them; one that comes during the start waits for its end (``sigint_blocked``)."""
    with sigint_blocked():
        process.start()


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
                    _log_if_line(item)
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
            _log_lines_left(self.logs)
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


def lower_priority(niceness: int) -> None:
    """Run this process at ``niceness`` or lower (POSIX ``nice``: raised to it, never brought back
    up) or, on Windows, which has no ``nice``, in the priority class below normal (idle from 10 on,
    an analysis): the window's frames first, then a computer's move, then an analysis."""
    if hasattr(os, "nice"):
        with contextlib.suppress(OSError):
            now = os.nice(0)
            if now < niceness:
                os.nice(niceness - now)
    elif sys.platform == "win32":
        import ctypes

        below_normal, idle = 0x4000, 0x40  # BELOW_NORMAL_PRIORITY_CLASS, IDLE_PRIORITY_CLASS
        with contextlib.suppress(OSError, AttributeError):
            kernel32 = ctypes.windll.kernel32
            kernel32.SetPriorityClass(kernel32.GetCurrentProcess(), idle if niceness >= 10 else below_normal)


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


def _rebuild(game, job: Job):
    """The position to search: replay the moves from the game's start; fall back to the position text."""
    try:
        state = game.play_line(job.moves, game.from_text(job.start) if job.start is not None else None)
        if not job.position or game.to_text(state) == job.position:
            return state
    except ValueError:
        pass
    return game.from_text(job.position)


LINE_PLIES = 8  # moves of a principal variation sent to the window


def _format_line(game, state, moves, limit: int = LINE_PLIES, other: bool = False) -> list[str]:
    """``moves`` played from ``state`` in the game's notation (``other``: the one its players
    write elsewhere, ``Game.other_move_text``, none where it has none), at most ``limit`` of
    them, up to the first that is not legal."""
    write = game.other_move_text if other else game.format_move
    out = []
    for move in list(moves)[:limit]:
        try:
            text = write(state, move)
            state = state.play(move)
        except Exception:  # noqa: BLE001 - a bad pv is only cosmetic
            break
        if not text:
            break
        out.append(text)
    return out


def _player_for(job: Job, players: dict):
    """The player of the job's slot, made on its first job and kept for the next (its tables, an
    outside player's process); ``Forfeit`` "could not be loaded: ..." when an outside player's file
    or engine fails to load (its fault, not ours).  Made for the job's options, so that rules that
    run no kernel load none (``ai.make_player``): a 3x3 game's first hint loaded every Tic-tac-toe
    kernel first, seconds of a core, and on a fresh install compiled them."""
    import ai
    from ai.base import Forfeit

    key = (job.slot, job.player_id, job.game_id, tuple(sorted(job.options.items())))
    if key not in players:
        started = time.perf_counter()
        try:
            twin = _twin_of(key, players, job.seed)
            players[key] = twin if twin is not None else ai.make_player(
                job.game_id, job.player_id, seed=job.seed, options=job.options)
            log.debug("player %s of %s made in %.2f s", job.player_id, job.game_id, time.perf_counter() - started)
        except ValueError as exc:
            if ai.is_outside_player(job.player_id):
                from ai.outside import load_reason

                raise Forfeit(f"could not be loaded: {load_reason(exc)}") from None
            raise
    return players[key]


def _twin_of(key: tuple, players: dict, seed: int | None):
    """The twin (``Player.twin``) of a player another slot already holds for ``key``'s game,
    options and player id, or None: the hint's level-5 beside a computer of level 5 shares its
    scratch memory (Alquerque's move lists) instead of holding its own, and none of its tables:
    made with the job's ``seed``, it chooses the moves ``ai.make_player``'s player would."""
    slot, *same = key
    for other_key, other in players.items():
        if len(other_key) == len(key) and other_key[0] != slot and list(other_key[1:]) == same:
            twin = getattr(other, "twin", None)  # a stand-in a test gives may have none
            return twin(seed) if twin is not None else None
    return None


def _ready_player(job: Job, game, players: dict) -> None:
    """A "load" job: the slot's player made (``_player_for``) and ready for ``game``'s options
    (``Player.get_ready``: a file loaded again if a forfeit stopped its process), so a file that
    no longer loads is said before the game starts, not at the player's first turn."""
    player = _player_for(job, players)
    close = getattr(player, "close", None)  # an outside player's: its process ended, started again below
    if job.fresh and close is not None:
        close()
    try:
        player.get_ready(game.options)
    except ValueError as exc:
        _forfeit_if_outside(exc, "could not be loaded")
        raise


def _ready_to_move(player, game) -> None:
    """``player`` ready to search (``Player.ready_to_move``; a stand-in without it needs nothing),
    or the ``Forfeit`` its move would have been, "could not be started: ...", where it cannot be."""
    ready = getattr(player, "ready_to_move", None)
    try:
        if ready is not None:
            ready(game)
    except ValueError as exc:
        _forfeit_if_outside(exc, "could not be started")
        raise


def _forfeit_if_outside(exc: ValueError, what: str) -> None:
    """Raise the ``Forfeit`` "``what``: ..." for ``exc`` if it is an outside player's failure to
    load or start (``ai.outside.OutsideLoadError``, a ValueError); else return, for the caller to
    raise ``exc`` as it is.  ``ai.outside`` is imported here, on such an error only: imported
    before every first move, it cost each new worker some 0.15 s (its referee, records and Trax's
    rules with it) before the computer's first reply, for players built in that never need it."""
    from ai.base import Forfeit
    from ai.outside import OutsideLoadError, load_reason

    if isinstance(exc, OutsideLoadError):
        raise Forfeit(f"{what}: {load_reason(exc)}") from None


def _run_job(job_id: int, job: Job, players: dict, reports, stop) -> None:
    import ai
    import games

    game = games.load(job.game_id, **job.options)
    if job.kind == "load":
        started = time.perf_counter()
        _ready_player(job, game, players)
        reports.put(AIResult(job_id, None, "", time.perf_counter() - started))
        return
    state = _rebuild(game, job)
    if job.kind == "values":
        _run_values_job(job_id, job, game, state, players, reports, stop)
        return
    if job.kind == "connections":
        analyse = import_engine("ai.engines.hex_knowledge").analyse
        started = time.perf_counter()
        reports.put(AIKnowledge(job_id, analyse(state)))
        reports.put(AIResult(job_id, None, "", time.perf_counter() - started))
        return
    if job.kind == "prove":
        _run_prove_job(job_id, job, game, state, players, reports, stop)
        return
    player = _player_for(job, players)
    _ready_to_move(player, game)
    reports.put(AIReady(job_id, time.monotonic()))
    last = [0.0]
    started = time.perf_counter()
    only_move = len(state.legal_moves()) == 1

    searched: list = [None]  # the search's last progress, for the log's answer line

    def progress(p) -> None:
        searched[0] = p
        now = time.perf_counter()
        if not p.done and now - last[0] < PROGRESS_EVERY:
            return
        last[0] = now
        reports.put(progress_report(job_id, game, state, p, only_move))

    limits = ai.Limits(time=job.move_time, stop=stop, remaining=job.remaining, increment=job.increment,
                       clock=job.clock, best=job.slot == "hint", judging=job.slot == "draw")
    move = player.choose(state, limits, progress)
    try:
        text = game.format_move(state, move)
    except Exception:  # noqa: BLE001 - an illegal move is reported by the scene
        text = repr(move)
    _log_answer(job_id, text, searched[0], time.perf_counter() - started, stop)
    reports.put(AIResult(job_id, move, text, time.perf_counter() - started))


def progress_report(job_id: int, game, state, p, only_move: bool = False) -> AIProgress:
    """A search's ``ai.base.Progress`` ``p`` of ``state`` as the window's ``AIProgress``: its moves
    written in the game's notations (the window has no engine to replay them)."""
    best = [p.best_move] if p.best_move is not None else []
    best_text, best_other = (_format_line(game, state, best, 1, other) for other in (False, True))
    return AIProgress(
        job_id, p.depth, p.best_move, best_text[0] if best_text else "", float(p.score), p.nodes,
        p.elapsed, _format_line(game, state, p.pv or []), p.proven, p.proven_plies, p.kind, p.done,
        mover=state.to_move, only_move=only_move, exact_margin=p.exact_margin, at_least=p.at_least,
        reason=p.reason, course_depth=p.course_depth, best_other=best_other[0] if best_other else "",
        pv_other=_format_line(game, state, p.pv or [], other=True), unit=p.unit, stage=empty_share(state),
        stopped=p.stopped, plies_at_most=p.plies_at_most,
    )


def _run_prove_job(job_id: int, job: Job, game, state, players: dict, reports, stop) -> None:
    """The tree explorer asks whether a node's position is proven: the slot's player (level 5,
    whose ``choose`` tries the engine's solver, book or solved board first) searches it as a hint
    does (``Limits.best``) for ``job.move_time``, and its last report goes to the window only if it
    proves the position (``Progress.proven``): an estimate there would read as the tree's own.  In
    this process, not the window's: a numba kernel or a Python solver holds the GIL, and the
    window's frames stuttered meanwhile."""
    import ai

    player = _player_for(job, players)
    _ready_to_move(player, game)
    started, searched = time.perf_counter(), []
    player.choose(state, ai.Limits(time=job.move_time, stop=stop, best=True), searched.append)
    proof = searched[-1] if searched else None
    if proof is not None and proof.proven is not None and not stop.is_set():
        reports.put(progress_report(job_id, game, state, proof, len(state.legal_moves()) == 1))
    log.debug("job %d: %s after %.2f s", job_id, "proven" if proof is not None and proof.proven is not None
              else "not proven", time.perf_counter() - started)
    reports.put(AIResult(job_id, None, "", time.perf_counter() - started))


def job_words(job: Job) -> str:
    """A job as the log says it: its kind, game and options, player and slot, moves played, time."""
    return (f"{job.kind} in {job.game_id} {job.options} by {job.player_id} ({job.slot}), "
            f"{counted(len(job.moves), 'moves')} played{' from a set-up position' if job.start else ''}, {job.move_time:g} s")


def _log_answer(job_id: int, text: str, searched: Any, seconds: float, stop: SharedFlag) -> None:
    """The worker's debug line for a move it chose: the move, the search's last depth and value (a
    book's or a rule's move has none), the time, and whether a stop cut it short."""
    depth, value = (searched.depth, f"{float(searched.score):.3g}") if searched is not None else ("-", "-")
    log.debug("job %d answered %s (depth %s, value %s) in %.2f s%s", job_id, text, depth, value, seconds,
              ", stopped" if stop.is_set() else "")


def _run_values_job(job_id: int, job: Job, game, state, players: dict, reports, stop) -> None:
    """Analysis mode: stream every legal move's value (ai.move_values.analyse) until cancelled.
    Analysis never ends by itself on big positions, so its process yields to everything else: the
    window's frames and a computer's move search come first (a worker runs only one kind of job)."""
    from ai.move_values import analyse, analysis_player

    lower_priority(ANALYSIS_NICENESS)

    started = time.perf_counter()
    key = ("values", job.game_id, tuple(sorted(job.options.items())))
    if key not in players and job.game_id != "hex":
        players[key] = analysis_player(job.game_id, job.seed)

    def report(snapshot) -> None:
        texts = {move: game.format_move(state, move) for move in snapshot.values}
        line = _format_line(game, state, snapshot.best_line())
        line_other = _format_line(game, state, snapshot.best_line(), other=True)
        reports.put(AIMoveValues(job_id, replace(snapshot, lines={}), texts, line, line_other))
        wait_while_held(stop)

    analyse(state, job.game_id, stop, report, seed=job.seed, player=players.get(key))
    log.debug("job %d: analysis %s after %.2f s", job_id, "stopped" if stop.is_set() else "done",
              time.perf_counter() - started)
    reports.put(AIResult(job_id, None, "", time.perf_counter() - started))


HELD_LOOK = 0.05  # seconds between two looks at a held job's flag (``wait_while_held``)


def wait_while_held(stop: SharedFlag | threading.Event) -> None:
    """Pause a values job between two of its reports while the window holds it (``AIWorker.hold``:
    its screen is covered by the rules or a replay), until it lets it go on or stops it.  Its
    search, its round and its transposition table stay as they were, so on the return analysis
    goes on deepening from there: stopped and asked again, it started over, and the first
    snapshots of a search that found the old one's table full of proofs cut the best line short
    (tic-tac-toe's "b1 c1 a3 a2 c2 b3" came back as "b1 c1").  A plain stop flag (a
    ``threading.Event``: a job run in this process) holds nothing."""
    held = getattr(stop, "held", None)
    while held is not None and held() and not stop.is_set():
        time.sleep(HELD_LOOK)


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
            _run_job(job_id, job, players, reports, stop)
        except Resigned as exc:  # given up, no rule broken: a resignation, not a forfeit
            reports.put(AIResigned(job_id, str(exc) or "resigned"))
        except Forfeit as exc:  # lost by the rules: the scene ends the game, no random move
            reports.put(AIForfeit(job_id, str(exc) or "forfeits"))
        except Exception as exc:  # noqa: BLE001 - every failure goes back to the window
            log.warning("job %d failed: %s", job_id, traceback.format_exc())
            reports.put(AIError(job_id, f"{type(exc).__name__}: {exc}", traceback.format_exc()))


# -- the window's side -----------------------------------------------------------------------
def _options_of(game: Game | str | None) -> dict[str, Any]:
    """The options of rules given as a ``Game`` (every one, defaults included); none for an id."""
    return dict(game.options) if game is not None and not isinstance(game, str) else {}


def warm_plan(game: Game | str | None) -> tuple[str | None, bool, tuple[str, ...]]:
    """What a worker for ``game`` warms up: (the game's id, whether its kernels at all, the stages
    left out).  Given the rules with their options (a ``Game``), only kernels a match of them can
    use (``ai.kernels.used_by``, ``ai.kernels.unused_stages``); given an id or None, all."""
    if game is None or isinstance(game, str):
        return game, True, ()
    from ai.kernels import unused_stages, used_by

    return game.id, used_by(game), unused_stages(game)


class AIWorker:
    """A persistent worker process with one job at a time; ``poll`` every frame."""

    _ids = itertools.count(1)

    def __init__(self, game: Game | str | None = None, warm_up: bool = True) -> None:
        """``game``: the game whose kernels the worker warms up first (all when None); given the
        rules with their options (a ``Game``), only the kernels a match of them can use
        (``warm_plan``)."""
        self._ctx = worker_context()
        game, needed, self.unused = warm_plan(game)
        warm_up = warm_up and needed
        self.game_id = game
        self.warm_up = warm_up
        self.preparing = False  # the kernels are being compiled: the first search may wait for them
        self.warm_up_error = ""
        self.process = None
        self.restarts = 0
        self.deaths = 0  # restarts for a process that died (after one, no warm-up: it may have been the cause)
        self.broken = ""  # why the worker was given up (it kept dying at once)
        self._recent_restarts: list[float] = []
        self._local: list[AIError] = []
        self._start()

    def _start(self) -> None:
        warm = self.warm_up and self.deaths == 0
        self.preparing = warm
        spare = SpareWorker.take()
        if spare is not None:  # its engines imported already: only the game's kernels to load
            self.jobs, self.reports, self.stop, self.process = spare.jobs, spare.reports, spare.stop, spare.process
            self.jobs.put((self.game_id, warm, self.unused))
        else:
            self._spawn(warm)
        log.debug("AI worker %d for %s: %s%s", self.process.pid, self.game_id or "every game",
                  "the spare taken" if spare is not None else "started", ", warming up" if warm else "")
        _live.add(self)
        self.busy: int | None = None  # the job the process is running
        self.cancelled = False  # ... and whether we stopped wanting its answer
        self.heard = False  # ... and whether it has reported (its search has begun)
        self.heard_from = False  # a job of this process has reported: it has a game's work (``close``)
        self.outside_asked = False  # ... or it was asked for an outside player, whose bot its exit ends
        self.thinking_since: float | None = None  # ... and when its player began to think (``AIReady``)
        self.stopping_since = 0.0
        self.pending: tuple[int, Job] | None = None

    def _spawn(self, warm: bool) -> None:
        self.jobs, self.reports, self.stop, self.process = _start_process(self._ctx, self.game_id, warm,
                                                                          unused=self.unused)

    def _restart(self, died: bool = True) -> None:
        """A fresh process for one that ``died`` (counted: four deaths in ten seconds give the
        worker up) or one that was too slow to drop a cancelled job (not counted)."""
        self._shutdown(grace=0.0)
        self.restarts += 1
        self.preparing = False
        now = time.monotonic()
        if died:
            self.deaths += 1
            self._recent_restarts = [t for t in self._recent_restarts if now - t < 10.0] + [now]
        if len(self._recent_restarts) > 3:
            self.broken = "the AI process keeps failing to start"
            log.warning("AI worker given up: %s", self.broken)
            self.busy, self.cancelled, self.pending = None, False, None
            return
        log.debug("AI worker restarting (%s), %d restarts so far", "it died" if died else "too slow to stop",
                  self.restarts)
        self._start()

    # -- requests --------------------------------------------------------------------------
    def submit(self, job: Job) -> int:
        """Start thinking about ``job`` (cancelling any current one); returns its id."""
        job_id = next(self._ids)
        if self.broken:
            self._local.append(AIError(job_id, self.broken))
        elif self.busy is None:
            self._send(job_id, job)
        else:
            self.cancel()
            self.pending = (job_id, job)
            self.thinking_since = None  # the job that thinks is the next one
        return job_id

    def _send(self, job_id: int, job: Job) -> None:
        log.debug("job %d asked: %s", job_id, job_words(job))
        self.stop.clear()
        self.outside_asked = self.outside_asked or is_outside_player(job.player_id)
        self.jobs.put((job_id, job))
        self.busy, self.cancelled, self.heard, self.thinking_since = job_id, False, False, None

    def cancel(self) -> None:
        """Stop the current search; its answer will be dropped."""
        self.pending = None
        if self.busy is not None and not self.cancelled:
            log.debug("job %d cancelled", self.busy)
            self.stop.set()
            self.cancelled = True
            self.stopping_since = time.monotonic()

    def hold(self, holding: bool) -> None:
        """Pause the job under way (``holding``) or let it go on: a values job waits between two
        reports (``wait_while_held``); a cancel or the next job ends the hold."""
        if self.busy is not None and not self.cancelled:
            self.stop.hold(holding)

    def held(self) -> bool:
        """Whether the job under way is held (``hold``)."""
        return self.busy is not None and not self.cancelled and self.stop.held()

    def is_thinking(self) -> bool:
        return (self.busy is not None and not self.cancelled) or self.pending is not None

    # -- answers ---------------------------------------------------------------------------
    def poll(self) -> list[AIProgress | AIResult | AIError | AIForfeit]:
        """Answers that arrived since the last call (never blocks)."""
        out: list[AIProgress | AIResult | AIError | AIForfeit] = self._local
        self._local = []
        if self.broken:
            return out
        while (item := self.reports.receive(0)) is not None:
            if is_log_record(item):
                from_worker(item)
                continue
            if isinstance(item, AIWarmUp):
                self.preparing, self.warm_up_error = not item.done, item.error
                continue
            if isinstance(item, (AISpareLoading, AISpareReady)):  # said in the menus, before this worker took the spare
                continue
            if isinstance(item, AIBotStarted):
                _note_bot(self.process, item)
                continue
            self.heard_from = True  # a job's report, this one's or a cancelled one's: the process runs jobs
            if item.job_id != self.busy:
                continue
            if isinstance(item, AIReady):  # not yet its search: one waiting for kernels sees no stop flag
                self.thinking_since = None if self.cancelled else item.at
                continue
            self.heard = True  # its search has begun: it sees the stop flag
            if isinstance(item, (AIResult, AIError, AIForfeit)):
                finished_cancelled = self.cancelled
                self.busy, self.cancelled = None, False
                if finished_cancelled:
                    continue
            elif self.cancelled:
                continue
            out.append(item)
        self._watch(out)
        if self.broken:  # given up just now: what waited is answered by the scene's fallback
            if self.pending is not None:
                out.append(AIError(self.pending[0], self.broken))
            self.pending = None
            return out
        if self.busy is None and self.pending is not None:
            job_id, job = self.pending
            self.pending = None
            self._send(job_id, job)
        return out

    def _watch(self, out: list) -> None:
        """Replace a dead worker, or one that ignores a cancel for too long."""
        if self.busy is None:
            if self.process is not None and not self.process.is_alive():
                self._restart()
            return
        if not self.process.is_alive():
            job_id, cancelled, code = self.busy, self.cancelled, self.process.exitcode
            log.warning("AI worker died during job %d (exit code %s)%s", job_id, code, ", cancelled" if cancelled else "")
            pending = self.pending
            self._restart()
            self.pending = pending
            if not cancelled:
                out.append(AIProcessDied(job_id, f"the AI process stopped unexpectedly (exit code {code})"))
        elif self.preparing:
            self.stopping_since = time.monotonic()  # its job may wait for the kernels: the grace starts when they are ready
        elif self.cancelled and time.monotonic() - self.stopping_since > (STOP_GRACE if self.heard else SETUP_GRACE):
            pending = self.pending
            self._restart(died=False)
            self.pending = pending

    # -- shutdown --------------------------------------------------------------------------
    def _shutdown(self, grace: float) -> None:
        """Tell the process to stop and let it go: a thread of this process gives it ``grace``
        seconds to end by itself, then ends it (``_end``).  The window does not wait: a worker
        ends by itself in about a second (its job stopped, its modules unloaded), which the window
        spent frozen on every return to the menu while the computer was thinking."""
        proc = self.process
        if proc is None:
            return
        busy = getattr(self, "busy", None)  # a worker whose start failed half-way has none
        log.debug("AI worker %s closed%s", _pid(proc), f" during job {busy}" if busy is not None else "")
        self.process = None
        _live.discard(self)
        self.stop.set()
        _end_in_background(proc, self.jobs, self.reports, self.stop, grace)

    def close(self) -> None:
        """Stop the worker process (the scene is closing); it ends in the background, within
        ``close_grace``."""
        self._shutdown(grace=self.close_grace())

    def close_grace(self) -> float:
        """The seconds a closed worker's process is given to end by itself before it is terminated:
        ``STOP_GRACE`` once it has a game's work, none before.  The grace lets a search that sees
        the stop flag return and say its last lines (the job's end, in the window's log), and the
        exit of a process that started an outside player's bot end the bot (its last words,
        ``ai.parent_watch``; a terminated process says none, and the bot, in a session of its
        own, would be left running).  A worker no job of which has reported yet (``heard_from``)
        and that was asked for no outside player holds nothing of the kind: it is importing its
        engine, warming its kernels up or making a built-in player (the hint's, made ahead), none
        of which reads its queue before it is done, so a screen left as it opened waited out the
        whole grace (0.5 s) for a terminate all the same.  A terminate there loses nothing: its
        warm-up is cut by its own exit too (a daemon thread), numba and ``ai.kernel_seed`` put
        each cache file in place whole (``os.replace``), its stage locks are the system's, let go
        with the process (``ai.kernel_lock``), a report cut short is dropped (``ai.worker_channel``),
        and a player only reads its books and tables."""
        if getattr(self, "heard_from", True) or getattr(self, "outside_asked", True):  # a start failed half-way: as before
            return STOP_GRACE
        return 0.0


def _start_process(ctx, warm_game: str | None = None, warm: bool = False, spare: bool = False,
                   unused: tuple[str, ...] = (), options: dict[str, Any] | None = None):
    """A worker process started (``worker_main``) with its job queue, report channel and stop flag:
    (jobs, reports, stop, process), for an ``AIWorker`` or a ``SpareWorker`` alike.  It is in
    ``_STARTED`` from its start until it is closed (``_end_in_background``), Ctrl+C and SIGTERM
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


_live: weakref.WeakSet[AIWorker] = weakref.WeakSet()  # the workers with a process, not closed


def report_readers() -> list[Any]:
    """The ends the window reads its running workers' reports from (``multiprocessing.connection``
    objects a ``multiprocessing.connection.wait`` takes): what ``ui.app.between_frames`` waits on
    between two frames of a wait for a computer, so that a report wakes it at once."""
    return [reader for worker in list(_live)
            if worker.process is not None and (reader := getattr(worker.reports, "_reader", None)) is not None]


class SpareWorker:
    """A worker process started while the window waits in its menus, before a game is chosen: told
    the game expected (the one New game shows first, the last chosen), it imports that game's engine
    (numba with it) and, on a restart (the kernels compiled on disk), loads its kernels and what its
    players read when made (``_load_ahead``), then waits (``_head_start``).  The player choosing
    another game on New game tells it (``expect``): it takes its head start for that one instead,
    or, once it has begun loading its first guess's kernels, which a process never gives back, a
    fresh spare takes its place.  The next ``AIWorker`` takes it (``take``) and tells it its game:
    the expected one starts with nothing left to load, its first move within its time; another
    loads its own kernels as a worker started with it would, numba imported already.  With no game
    expected it imports every game's engine.  Expecting one game rather than loading them all keeps
    the spare's memory to numba and that game's kernels.  The head start runs at the window's
    priority (a spare waits in the menus, which leave the cores idle): at the worker's, on a busy
    machine, it was not done when a game started a few seconds later; the spare lowers it then.

    A fresh spare takes 0.6 to 0.8 s to import its engine (numba with it): until it has, the one it
    replaces stays (``_coming``, ``settle``), so a game started meanwhile takes the old spare, which
    loads its own game's kernels with numba imported already, rather than a process still starting.

    ``start`` is called as the window sleeps waiting for input (``ui.app.App``), and makes one only
    when there is none and no worker is running: not beside a game's search, never more than one."""

    _spare: SpareWorker | None = None
    _coming: SpareWorker | None = None  # the spare's replacement, until it has imported its engine (``settle``)

    def __init__(self, expected: Game | str | None = None) -> None:
        self.expected = self._expectation(expected)
        self.loading: set[str] = set()  # the games whose kernels or data it said it loads (``hear``)
        self.ready: AISpareReady | None = None  # ... and its last head start over
        game_id, unused, options = self.expected
        self.jobs, self.reports, self.stop, self.process = _start_process(worker_context(), game_id,
                                                                          spare=True, unused=unused, options=options)

    @staticmethod
    def _expectation(expected: Game | str | None) -> tuple[str | None, tuple[str, ...], dict[str, Any]]:
        """What the spare is told of the game expected: (its id, the stages left out, its options)."""
        game_id, _needed, unused = warm_plan(expected)
        return game_id, unused, _options_of(expected)

    @classmethod
    def start(cls, expected: Game | str | None = None) -> bool:
        """Start the spare, expecting game ``expected`` (the rules with their options, or only the
        game's id; None: any), unless there is one or a worker runs; whether one was started."""
        if not cls.wanted():
            return False
        cls._spare = SpareWorker(expected)
        return True

    @classmethod
    def expect(cls, expected: Game | str | None) -> bool:
        """Tell the spare waiting, if any, that New game now shows ``expected`` (another game, or
        other options): it loads that game's kernels instead of its first guess's (``SpareExpect``),
        in its own process; the window only queues the message.  A spare that has begun to load
        another game's kernels (``holds_another``) is replaced by a fresh one: a process never
        gives back what it loaded, and one told Reversi, Hex then Alquerque held all three
        (Alquerque's tables alone some 125 MB).  The old one stays until the fresh one has
        imported its engine (``settle``); the fresh one follows the later choices.  Whether it was
        told or replaced (no spare, or the same expectation: neither)."""
        cls.settle()
        if cls._spare is None:
            return False
        expectation = cls._expectation(expected)
        if cls._coming is not None and expectation == cls._spare.expected:  # back to the old spare's game
            cls._coming.close()
            cls._coming = None
            return True
        spare = cls._coming or cls._spare  # the one that follows New game's choice
        if expectation == spare.expected:
            return False
        if spare.holds_another(expectation[0]):  # only the old spare: a replacement that loads is settled
            cls._coming = SpareWorker(expected)
            return True
        spare.told(expectation)
        return True

    def told(self, expectation: tuple[str | None, tuple[str, ...], dict[str, Any]]) -> None:
        """Tell this spare's process New game's choice (``SpareExpect``); the window only queues it."""
        self.expected = expectation
        with contextlib.suppress(OSError, ValueError, queue.Full):
            self.jobs.put_nowait(SpareExpect(*expectation))

    @classmethod
    def settle(cls) -> None:
        """The replacement takes the spare's place, the old one ended, once it has imported its
        engine (it says ``AISpareLoading`` or ``AISpareReady``), or at once if the old one died.
        Called as the window waits for input (``ui.app.App``) and before a spare is told or taken.
        The spare waiting is heard too: its log lines reach the window's log as it says them.  Read
        only at its end, they were written as the window closed ("worker started as a spare"
        among the close's lines, as if a spare had started as the window quit)."""
        if cls._spare is not None:
            cls._spare.hear()
        coming = cls._coming
        if coming is None:
            return
        coming.hear()
        old = cls._spare
        if coming.loading or coming.ready is not None or old is None or not old.process.is_alive():
            cls._spare, cls._coming = coming, None
            if old is not None:
                old.close()

    def holds_another(self, game_id: str | None) -> bool:
        """Has this spare begun to load the kernels or data of a game other than ``game_id``
        (``AISpareLoading``, ``hear``)?"""
        self.hear()
        return bool(self.loading - {game_id})

    def hear(self) -> None:
        """Read what the spare has said so far (the worker that takes it leaves its reports
        unread): the games whose kernels it began to load (``loading``), its last head start over
        (``ready``)."""
        while (item := self.reports.receive(0)) is not None:
            if is_log_record(item):
                from_worker(item)
            elif isinstance(item, AISpareLoading):
                self.loading.add(item.game_id)
            elif isinstance(item, AISpareReady):
                self.ready = item

    @classmethod
    def wanted(cls) -> bool:
        """Would ``start`` start one: there is none, and no worker runs."""
        return cls._spare is None and cls._coming is None and not len(_live)

    @classmethod
    def take(cls) -> SpareWorker | None:
        """The spare, alive, for a new worker to use (None when there is none); it is no longer spare.
        A replacement still importing its engine is ended: the old spare, numba imported, loads
        the game's kernels sooner than it would."""
        cls.settle()
        spare, coming, cls._spare, cls._coming = cls._spare, cls._coming, None, None
        if coming is not None:
            coming.close()
        if spare is not None and not spare.process.is_alive():
            spare.close()
            return None
        return spare

    @classmethod
    def end(cls) -> None:
        """End the spare, if any, and its replacement (the window closes); in the background, as a
        closed worker's."""
        for spare in (cls._spare, cls._coming):
            if spare is not None:
                spare.close()
        cls._spare = cls._coming = None

    def close(self) -> None:
        """End this spare (the window quits, or a fresh spare replaces it) in the background: one
        waiting for its game reads the None at once and ends by itself (``run_then_exit``) within
        ``SPARE_GRACE``; one still in a step of its head start (an engine's import, a stage's
        kernels loaded), which reads its queue only between steps, is terminated at once, or the
        window's quit would wait for the step."""
        self.hear()
        waiting = self.ready is not None and self.ready.game_id == self.expected[0]
        _end_in_background(self.process, self.jobs, self.reports, self.stop, SPARE_GRACE if waiting else 0.0)


_ENDING: list[threading.Thread] = []  # the threads ending closed workers' processes (``_end``)
_HURRIED: dict[threading.Thread, threading.Event] = {}  # set: that thread ends its process now (``hurry_closed_workers``)
_STARTED: dict[Any, tuple[Any, WorkerChannel, SharedFlag]] = {}  # worker processes not closed: their jobs, reports, stop
_HELD: dict[Any, HeldChild] = {}  # how each worker process not yet ended is signalled (``_end``)
_BOTS: dict[Any, list[AIBotStarted]] = {}  # the outside bots each worker process said it started (``_end_bots``)
_ENDING_LOCK = threading.Lock()


def _note_bot(proc, started: AIBotStarted) -> None:
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
            log.debug("outside bot %d of AI worker %s ended (its worker did not end it)", bot.pid, _pid(proc))


def _end_in_background(proc, jobs, reports: WorkerChannel, stop: SharedFlag, grace: float) -> None:
    """Close a worker's process (started by ``_start_process``, with its job queue, report channel
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
    ones Ctrl+C or SIGTERM met as a worker was made (``_start_process``), before any screen had it."""
    with _ENDING_LOCK:
        unclosed = list(_STARTED.items())
    for proc, (jobs, reports, stop) in unclosed:
        _end_in_background(proc, jobs, reports, stop, 0.0)
    return len(unclosed)


def _end(proc, jobs, reports: WorkerChannel, stop: SharedFlag, grace: float, held: HeldChild | None = None,
         hurried: threading.Event | None = None) -> None:
    """End a closed worker's process: ``grace`` seconds to end by itself, then terminated (killed
    if even that is ignored), reaped, the log lines it sent written to the log (``_join_logging``,
    ``_log_lines_left``), and its queue and channel closed.  Its ``stop`` flag is held
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
    signalled = held or proc  # a process ``_start_process`` did not start: its own terminate and kill
    try:
        _join_logging(proc, reports, grace, hurried)
        if proc.is_alive():
            log.debug("AI worker %s terminated%s", _pid(proc), f" (not ended within {grace:.1f} s)" if grace else "")
            signalled.terminate()
            _join_logging(proc, reports, 1.0, hurried)
        if proc.is_alive():
            log.debug("AI worker %s killed (it did not end when terminated)", _pid(proc))
            signalled.kill()
            proc.join()
        _log_lines_left(reports, proc)  # what it wrote before its end, the window no longer polling it
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
    meanwhile (``_log_if_line``): the window polls a closed worker no more (nor an analysis
    switched off, whose last lines, its job's end, were lost with the worker), and a worker
    waiting for room in a full pipe would not end by itself.  It stops waiting once ``hurried`` is set."""
    end = time.monotonic() + seconds
    while proc.is_alive() and (left := end - time.monotonic()) > 0 and not (hurried and hurried.is_set()):
        item = reports.receive(min(left, 0.05))
        if item is None:
            proc.join(min(left, 0.01))  # nothing came: the pipe is empty, or closed as the process ends
        else:
            _log_if_line(item, proc)


def _log_lines_left(reports: WorkerChannel, proc: Any = None) -> None:
    """Write the log lines an ended worker's channel still holds (``_log_if_line``)."""
    while (item := reports.receive(0)) is not None:
        _log_if_line(item, proc)


def _log_if_line(item: object, proc: Any = None) -> None:
    """A closed worker's report: written to this process's log if it is a log line, noted if it
    tells of a bot worker process ``proc`` started (``_end_bots``); its other reports (answers,
    progress) are no one's now."""
    if is_log_record(item):
        from_worker(item)  # type: ignore[arg-type]
    elif proc is not None and isinstance(item, AIBotStarted):
        _note_bot(proc, item)


def _pid(proc: Any) -> int | None:
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
