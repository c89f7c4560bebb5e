"""A tournament's games played in worker processes: the workers, the messages they send, how they are
stopped (``TournamentWorkers``, a part of ``ai.tournament.Tournament``).

With ``jobs`` > 1 (or ``in_process=False``) each game is played in one of ``jobs``
worker processes (spawned, ``ai.start_method``: nothing of the caller, e.g. pygame, is inherited); tasks and
results cross as plain dicts, results through ``ai.worker_channel`` (each message written whole).
Stopped (``cancel()``, Ctrl+C, which the workers leave to this process), the workers are asked to
end: each starts no other game and ends by itself once the game it plays is over and sent; those
still playing after ``STOP_WAIT`` seconds (a bot stuck in its move) are ended (SIGTERM: each ends
its bots and removes their folders, made in one folder of the tournament's that is removed after
them, then ends, never in the middle of a message; ``STOP_GRACE``, then SIGKILL).  Every result a
worker sent is read, until its end, and kept: never played again on resume, never counted twice; a
game still in play is dropped, and a resume plays it."""

from __future__ import annotations

import itertools
import logging
import shutil
import signal
import sys
import tempfile
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ai.match import GameResult
from ai.parent_watch import (
    HeldChild,
    end_on_signals,
    end_with_parent,
    interrupts_set,
    leave_sigint_to_parent,
    sigint_blocked,
)
from ai.start_method import worker_context, worker_process
from ai.tournament_events import Event, GameStarted, MovePlayed
from ai.tournament_play import failure_text, play_task
from ai.worker_channel import Sender, SharedFlag, WorkerChannel
from ai.worker_log import from_worker, is_log_record, send_logs_to_parent, workers_level

if TYPE_CHECKING:
    from ai.tournament_schedule import ScheduledGame

WORKER_NAME = "tabuleiro-tournament"  # a worker process's name

STOP_WAIT = 1.0  # seconds stopped workers have to end the game they play and end by themselves, before SIGTERM
STOP_GRACE = 1.5  # seconds workers ended by SIGTERM have to end their bots before they are killed
# in the caller and, sent to it (``ai.worker_log``), in each worker; named as the tournament's lines were
# before ai/tournament.py was split, so a log file says "ai.tournament" as it did
logger = logging.getLogger("ai.tournament")


def _move_reporter(put: Callable, number: int) -> Callable[[str], None]:
    ply = itertools.count(1)
    return lambda text: put(("move", number, (text, next(ply))))


def _worker_main(tasks, events: Sender, watch: bool, folders: str | None, stopping, log_level: int | None = None) -> None:
    """A worker process: play the games it is given until it gets None, or ``stopping`` is set
    (Stop: it starts no other game and ends once the one it plays is sent).  Its parent gone, it
    ends; SIGTERM ends its bots, then it, after the message it is writing.  The terminal's Ctrl+C
    is its parent's, which stops it as Stop does.  Its bots' folders are made in ``folders``.  Its
    target is ``run_then_exit``: done, it ends at once, not after the teardown of every engine it
    imported (numba's with them), on a core a worker still playing the last games could use.
    ``log_level``: its log lines go to the parent's log file at that level (``ai.worker_log``)."""
    from ai.outside_process import make_folders_in

    if log_level is not None:
        send_logs_to_parent(events, log_level)

    leave_sigint_to_parent()  # started with SIGINT blocked (``sigint_blocked``): ignored from now on
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # so too where there are no signal masks (Windows)
    end_on_signals(signal.SIGTERM)
    end_with_parent()
    make_folders_in(folders)
    while not stopping.is_set():
        task = tasks.get()
        if task is None or stopping.is_set():
            return
        _play_reporting(task, events.put, watch)


def _play_reporting(task: dict[str, Any], put: Callable, watch: bool) -> None:
    """Play one task in a worker, its start, moves (``watch``) and end told through ``put``; our
    own failure is told as ("error", number, what failed and where: ``failure_text``)."""
    number = task["number"]
    put(("start", number, None))
    on_move = _move_reporter(put, number) if watch else None
    try:
        result = play_task(task, on_move)
        logger.debug("tournament game %d played: %s, winner %s (%s)", number, " vs ".join(result["players"]),
                  result["winner"], result["reason"])
        put(("done", number, result))
    except Exception as exc:
        logger.warning("tournament game %d failed: %s", number, failure_text(exc))
        put(("error", number, failure_text(exc)))


class TournamentWorkers:
    """The part of ``Tournament`` that plays its games in worker processes and stops them."""

    def _run_pool(self, emit: Callable[[Event], None]) -> None:
        ctx = worker_context()  # spawned, as the window's AI workers (the test suite forks them warm)
        tasks, events, stopping = ctx.Queue(), WorkerChannel(ctx), SharedFlag(ctx)  # no lock a killed worker keeps
        pending = self.pending()
        for g in pending:
            tasks.put(self.task(g))
        folders = tempfile.mkdtemp(prefix="tabuleiro-tournament-")  # the workers' bots' folders, removed at the end
        level = workers_level()  # told only when the log file is written: nothing set up in the workers else
        workers = [worker_process(ctx, WORKER_NAME, _worker_main, tasks, events.sender(), self.watch, folders, stopping,
                                  **({"log_level": level} if level is not None else {}))
                   for _ in range(min(self.jobs, len(pending)))]
        for _ in workers:
            tasks.put(None)
        by_number = {g.number: g for g in self.schedule}
        with interrupts_set(self._stop):  # Ctrl+C stops as Stop does: the games sent are kept
            self._play_pool(tasks, events, stopping, workers, folders, by_number, emit)

    def _play_pool(self, tasks, events: WorkerChannel, stopping, workers: list, folders: str,
                   by_number: dict[int, ScheduledGame], emit: Callable[[Event], None]) -> None:
        """Start the workers and collect their games until all are in or the tournament stops.  Each
        is signalled through its ``HeldChild``: the window's thread, starting a process, may reap
        one that ended (``multiprocessing``'s cleanup) as this one asks ``is_alive``."""
        held: list[HeldChild] = []  # the started workers
        try:
            # the terminal's Ctrl+C is for this process, which stops them; one pressed meanwhile
            # waits for the starts (ignored, it was lost: the league played on)
            with sigint_blocked():
                for w in workers:
                    w.start()
                    held.append(HeldChild(w))
            events.opened()
            while len(self.results) < self.total:
                if self._stop.is_set():
                    self._stop_playing(events, stopping, held, emit, by_number)
                    self.cancelled = len(self.results) < self.total
                    return
                # looked at before the wait: a worker that puts its last result and ends during the
                # wait has left that result in the pipe, for the next wait (looked at after, the
                # game was void although played: "a worker process died")
                ended = not any(w.is_alive() for w in workers)
                message = events.receive(0.1)
                if message is not None:
                    self._pass_on(message, emit, by_number)
                elif (ended or events.broken) and not self._stop.is_set():  # broken: one died writing
                    self._lost_games(emit, by_number, f"a worker process died ({how_ended(workers)})")
                    return
        finally:
            held += [HeldChild(w) for w in workers[len(held):] if w.pid is not None]  # started as Ctrl+C came
            _stop_workers(held)
            shutil.rmtree(folders, ignore_errors=True)  # what a worker killed in the middle of a bot's start left
            tasks.cancel_join_thread()
            tasks.close()
            events.close()

    def _pass_on(self, message: tuple[str, int, Any], emit: Callable[[Event], None],
                 by_number: dict[int, ScheduledGame]) -> None:
        """Pass on a worker's message: a game's start, a move, or its end (``_collect``); or a line
        of its log (``ai.worker_log``)."""
        if is_log_record(message):
            from_worker(message)
            return
        kind, number, data = message
        if kind == "start":
            emit(GameStarted(number, self.ids_of(by_number[number])))
        elif kind == "move":
            emit(MovePlayed(number, data[0], data[1]))
        else:
            self._collect(kind, number, data, emit, by_number)

    def _collect(self, kind: str, number: int, data: Any, emit: Callable[[Event], None],
                 by_number: dict[int, ScheduledGame]) -> None:
        """Keep a worker's end of a game: "done" its result, "error" (our own bug while
        refereeing) a void game (a draw) with the reason kept."""
        if kind == "done":
            self._finish(number, GameResult(**data), emit)
        else:
            result = GameResult(self.game_id, dict(self.options), list(self.ids_of(by_number[number])))
            result.reason = f"void: the referee failed: {data}"
            self._finish(number, result, emit)

    def _stop_playing(self, events: WorkerChannel, stopping, held: list[HeldChild], emit: Callable[[Event], None],
                      by_number: dict[int, ScheduledGame]) -> None:
        """Stop: the workers are asked to end (``stopping``): each starts no other game, and ends
        once the game it plays is over and sent.  What they send is read until every worker has
        ended, at most ``STOP_WAIT`` seconds; those still playing are then ended (SIGTERM, which
        waits for a message being written) and read until they have, at most ``STOP_GRACE``
        seconds more; any left is killed, and nothing more is read (a kill may cut a message).
        A game that ended as Stop was pressed was dropped with its result in the pipe, or, put
        but not yet written, with its worker, and a resume played it again."""
        stopping.set()
        workers = [h.process for h in held]
        self._read_until_ended(events, workers, STOP_WAIT, emit, by_number)
        for h in held:
            if h.process.is_alive():
                h.terminate()
        if sys.platform != "win32":  # Windows' terminate kills at once: it may cut a message
            self._read_until_ended(events, workers, STOP_GRACE, emit, by_number)

    def _read_until_ended(self, events: WorkerChannel, workers: list, seconds: float,
                          emit: Callable[[Event], None], by_number: dict[int, ScheduledGame]) -> None:
        """Take the workers' messages until every worker has ended and all it sent is read, or
        ``seconds`` have passed."""
        deadline = time.monotonic() + seconds
        while True:
            ended = not any(w.is_alive() for w in workers)  # before the read: what it sent is then in the pipe
            message = events.receive(0.0 if ended else min(0.05, max(0.0, deadline - time.monotonic())))
            if message is not None:
                self._pass_on(message, emit, by_number)
            elif ended or events.broken or time.monotonic() >= deadline:
                return

    def _lost_games(self, emit, by_number, why: str) -> None:
        for number, g in by_number.items():
            if number not in self.results:
                result = GameResult(self.game_id, dict(self.options), list(self.ids_of(g)))
                result.reason = f"void: {why}"
                self._finish(number, result, emit)


def how_ended(workers: list) -> str:
    """How worker processes ended, for a void game's reason: "killed by SIGKILL", "ended by
    SIGTERM" (``end_on_signals``: status 128 + the signal), "exit status 1"; each way once, and
    those that ended well (status 0, their work done) only when no other did."""
    failed = [w for w in workers if w.exitcode != 0]
    ways = []
    for w in failed or workers:
        code = w.exitcode
        if code is not None and (code < 0 or code > 128):
            try:
                name = signal.Signals(abs(code) if code < 0 else code - 128).name
            except ValueError:
                name = ""
            if name:
                ways.append(f"killed by {name}" if code < 0 else f"ended by {name}")
                continue
        ways.append(f"exit status {code}")
    return ", ".join(dict.fromkeys(ways))


def _stop_workers(held: list[HeldChild]) -> None:
    """End the started workers still running: SIGTERM (each ends its bots, their processes and
    folders, then itself), and after ``STOP_GRACE`` seconds SIGKILL for any that has not ended;
    signalled through their ``HeldChild``, never by a pid another thread's reap may have freed."""
    for h in held:
        if h.process.is_alive():
            h.terminate()
    deadline = time.monotonic() + STOP_GRACE
    for h in held:
        h.process.join(timeout=max(0.0, deadline - time.monotonic()))
    for h in held:
        if h.process.is_alive():
            h.kill()
            h.process.join(timeout=5)
        h.close()
