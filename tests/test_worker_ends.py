"""Child processes whose work is done end at once (``ai.parent_watch.run_then_exit``), not after
the interpreter's end: the window's kernel preparations, a tournament's workers, a closed spare AI
worker waiting for its game.  Here what the end would wait for is a thread not daemon (in the
product it is the teardown of numba's objects, a fraction of a second of a core each): a process
that still went the slow way stays until it is terminated, and its exit status says so."""

from __future__ import annotations

import threading
import time

import ai.kernels
import ai.tournament_workers
import ui.ai_worker as ai_worker
from ai.tournament import Tournament
from tests.reap_helpers import graces_given
from ui import kernel_preparation, worker_client, worker_lifecycle
from ui.kernel_preparation import KernelPreparation
from ui.worker_client import SpareWorker
from ui.worker_lifecycle import wait_for_closed_workers

NET = 300.0  # seconds: a safety net, the process ends at once (a preparation runs at nice 19: on a busy
#              machine its start alone took over 30 s in a CI run)


def _keep_the_interpreter_waiting() -> None:
    """A thread not daemon, which the interpreter's end waits for (600 s: past any test)."""
    threading.Thread(target=threading.Event().wait, args=(600,), name="left-waiting").start()


def _prepared_leaving_a_thread(_game_ids, *_logged) -> None:
    _keep_the_interpreter_waiting()


def _playing_leaving_a_thread(*args, **kwargs) -> None:
    _keep_the_interpreter_waiting()
    ai.tournament_workers._worker_main(*args, **kwargs)  # the real one: this stand-in is the parent's alone


def test_a_preparation_done_ends_by_itself(monkeypatch):
    monkeypatch.setattr(kernel_preparation, "_prepare", _prepared_leaving_a_thread)
    preparation = KernelPreparation(processes=1)
    process = preparation.processes[0]
    preparation.reaper.join(NET)  # its reaper's join, not this thread's: one waitpid reaps, the other's says None
    preparation.stop()  # terminates one still running
    assert process.exitcode == 0


def test_a_tournaments_workers_end_by_themselves_once_their_games_are_played(monkeypatch):
    codes: list[int | None] = []
    stop_workers = ai.tournament_workers._stop_workers

    def noting_exit_codes(held) -> None:
        """Every game played, each worker has its None: the run's end waits here for them to end."""
        for h in held:
            h.process.join(NET)
        codes.extend(h.process.exitcode for h in held)
        stop_workers(held)  # terminates those still running

    monkeypatch.setattr(ai.tournament_workers, "_worker_main", _playing_leaving_a_thread)
    monkeypatch.setattr(ai.tournament_workers, "_stop_workers", noting_exit_codes)
    t = Tournament("tictactoe", ["level-1", "level-2"], games_per_pair=2, jobs=2, in_process=False)
    assert len(t.run()) == 4
    assert codes == [0, 0]  # [None, None]: still there, their work done


def test_a_spare_waiting_for_its_game_ends_by_itself_when_closed(monkeypatch):
    """The window quits (or a fresh spare replaces it): the spare, its head start over, reads the
    None on its queue and ends within its grace; it was terminated at once (grace 0), unless it
    happened to be quicker than the thread ending it."""
    ai.kernels.warm_up("tictactoe")  # compiled on disk, as on a restart: its head start is short
    graces = graces_given(monkeypatch)
    assert SpareWorker.start("tictactoe")
    spare = SpareWorker._spare
    end = time.monotonic() + 120.0  # a safety net
    while spare.ready is None and spare.process.is_alive() and time.monotonic() < end:  # its head start over
        time.sleep(0.05)
        spare.hear()
    assert spare.ready is not None
    SpareWorker.end()
    assert wait_for_closed_workers(NET)
    assert graces == [worker_client.SPARE_GRACE] and graces[0] > 0
    assert spare.process.exitcode == 0


def test_a_spare_closed_in_its_head_start_is_ended_at_once(monkeypatch):
    """A spare in a step of its head start (here every game's engine imported, with no game
    expected) reads its queue only after it: the window's quit does not wait for the step."""
    graces = graces_given(monkeypatch)
    assert SpareWorker.start()
    SpareWorker.end()
    assert wait_for_closed_workers(NET)
    assert graces == [0.0]


def test_a_worker_closed_before_any_job_reported_is_ended_at_once(monkeypatch):
    """A game's screen left as it opened: its worker, still starting (importing its engine), had
    been asked for a move or the hint's player but had said nothing.  It holds no game's work, yet
    it was given the whole ``STOP_GRACE`` to end by itself, which it cannot do before its imports
    and the job are over, and was terminated after it all the same (0.5 s of each such close)."""
    from tests.reap_helpers import still_starting

    graces = graces_given(monkeypatch)
    monkeypatch.setattr(worker_lifecycle, "worker_main", still_starting)
    worker = worker_client.AIWorker("tictactoe")
    process = worker.process
    worker.submit(ai_worker.Job("tictactoe", {}, (), "", "level-5", 0.0, 1, "hint", kind="load"))
    worker.close()
    assert graces == [0.0]
    assert wait_for_closed_workers(NET)
    assert process.exitcode is not None


def test_a_worker_asked_for_an_outside_player_keeps_its_grace_though_unheard(tmp_path, monkeypatch):
    """A worker asked for an outside player may have started its bot, in a session of its own,
    which the worker's exit ends (its last words): not terminated at once, heard from or not."""
    from tests.reap_helpers import still_starting

    graces = graces_given(monkeypatch)
    monkeypatch.setattr(worker_lifecycle, "worker_main", still_starting)
    worker = worker_client.AIWorker("tictactoe", warm_up=False)
    worker.submit(ai_worker.Job("tictactoe", {}, (), "", str(tmp_path / "bot.py"), 1.0, 1))
    worker.close()
    assert graces == [worker_client.STOP_GRACE]
    assert wait_for_closed_workers(NET)
