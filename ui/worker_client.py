"""The window's side of the AI worker: ``AIWorker``, one per game scene, which sends a job
(``ui.ai_worker.Job``), reads its answers every frame, cancels or holds it, and replaces a
process that died or did not stop in time (``STOP_GRACE``, ``SETUP_GRACE``); and
``SpareWorker``, the process started in the menus that the next ``AIWorker`` takes.

Cancelling sets the stop flag, which the player sees through ``Limits.stop``.  A worker that has not
answered within ``STOP_GRACE`` seconds after a cancel (``SETUP_GRACE`` while its job has not
reported yet: it is still starting), or that died, is terminated and replaced by a fresh one.  Those
seconds count from the moment its kernels are ready: a search waiting for them
(``ai.kernels.ready``) cannot see the stop flag until they are, and a fresh process would only
compile them again, without the warm-up's head start.  A worker that keeps dying is given up
(``broken``: the scene plays random moves); one replaced for a slow cancel is not counted, since
cancels come as fast as the player presses keys, and warms its kernels up as the first one did.  A
job whose process died is answered by ``AIProcessDied``, which the scene may ask again of the fresh
process.

Like the rest of the worker's modules it imports no pygame (nothing of it crosses to the process).
"""

from __future__ import annotations

import contextlib
import itertools
import queue
import time
import weakref
from typing import TYPE_CHECKING, Any

from ai import is_outside_player
from ai.start_method import worker_context
from ai.worker_log import from_worker, is_log_record
from ui.ai_worker import (
    AIBotStarted,
    AIError,
    AIForfeit,
    AIProcessDied,
    AIProgress,
    AIReady,
    AIResult,
    AISpareLoading,
    AISpareReady,
    AIWarmUp,
    Job,
    SpareExpect,
    log,
)
from ui.worker_jobs import job_words
from ui.worker_lifecycle import end_in_background, note_bot, start_worker_process, worker_pid

if TYPE_CHECKING:
    from games.base import Game


STOP_GRACE = 0.5  # seconds a cancelled search may take to return before the process is replaced
SPARE_GRACE = STOP_GRACE  # ... and a closed spare waiting for its game to end by itself (``SpareWorker.close``)
SETUP_GRACE = 10.0  # ... and a cancelled job not yet heard from (a new process importing, a player
#                     loading its tables, a kernel compiling): a fresh process would take as long


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
        self.jobs, self.reports, self.stop, self.process = start_worker_process(self._ctx, self.game_id, warm,
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
                note_bot(self.process, item)
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
        log.debug("AI worker %s closed%s", worker_pid(proc), f" during job {busy}" if busy is not None else "")
        self.process = None
        _live.discard(self)
        self.stop.set()
        end_in_background(proc, self.jobs, self.reports, self.stop, grace)

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
        self.jobs, self.reports, self.stop, self.process = start_worker_process(worker_context(), game_id,
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
    def spare(cls) -> SpareWorker | None:
        """The spare waiting for its game, None when there is none: not its replacement still
        importing its engine (``settle``).  What a bench hears and measures (tools/cold_start.py,
        tools/worker_ends_bench.py); ``take`` is the window's way to use it."""
        return cls._spare

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
        end_in_background(self.process, self.jobs, self.reports, self.stop, SPARE_GRACE if waiting else 0.0)
