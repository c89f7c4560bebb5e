"""The AI worker process under a player's keys: cancels as fast as keys are pressed, a worker
given up while a job waits, and a closed worker's end."""

from __future__ import annotations

import functools
import logging
import os
import sys
import threading
import time
from pathlib import Path

import pytest

import games
from ai.parent_watch import on_orphaned
from ai.worker_channel import WorkerChannel
from ui import worker_client, worker_lifecycle, worker_process
from ui.ai_worker import AIError, AIResult, AIWarmUp, Job
from ui.worker_client import AIWorker


def reversi_job(seconds: float = 1.0) -> Job:
    game = games.load("reversi")
    return Job("reversi", {}, (), game.to_text(game.initial_state()), "level-3", seconds, 0, "side0")


def answers_until(worker: AIWorker, job_id: int, seconds: float, out: list | None = None) -> list:
    """What the worker said until ``job_id`` was answered (already in ``out``: at once)."""
    out, end = list(out or []), time.monotonic() + seconds
    while time.monotonic() < end and not any(isinstance(a, (AIResult, AIError)) and a.job_id == job_id for a in out):
        out += worker.poll()
        time.sleep(0.01)
    return out


def polled_until(worker: AIWorker, condition, seconds: float = 60.0) -> bool:
    """Poll ``worker`` until ``condition()`` holds or ``seconds`` pass; whether it holds.  A report
    reaches ``poll`` once its process has written it, later on a loaded machine."""
    end = time.monotonic() + seconds
    while not condition() and time.monotonic() < end:
        worker.poll()
        time.sleep(0.01)
    return condition()


def slow_loading_bot_job(folder: Path, seconds: float) -> Job:
    """A tic-tac-toe job for an outside player whose file takes ``seconds`` to load (a player
    reading its tables, or a search waiting for its kernels)."""
    bot = folder / "slow_loader.py"
    bot.write_text(f"import time\ntime.sleep({seconds})\n\ndef choose(game, state):\n    return state.legal_moves()[0]\n")
    return Job("tictactoe", {}, (), "", str(bot), 5.0, 1)


def test_cancels_as_fast_as_keys_never_give_the_worker_up(tmp_path, monkeypatch):
    """New game pressed again and again while the player is still loading (a slow machine, a
    player reading its tables, here a bot that takes 1.5 s to load): each cancel was "not answered
    within 0.5 s", replaced the process and counted as a failure to start; the fourth gave the
    worker up (random moves from then on) and the job that waited was sent on a closed queue.  The
    grace for a job not yet heard from is made far longer than the load (a loaded machine starts
    the process slowly); the cancel's own grace, which the bug applied, is shorter than the load."""
    monkeypatch.setattr(worker_client, "SETUP_GRACE", 120.0)
    worker = AIWorker("tictactoe", warm_up=False)
    job = slow_loading_bot_job(tmp_path, 1.5)
    try:
        job_id = worker.submit(job)
        answers = []
        for _ in range(5):
            time.sleep(0.05)
            worker.cancel()  # a key pressed while the player loads
            job_id = worker.submit(job)
            answers = answers_until(worker, job_id, 0.65)
        answers = answers_until(worker, job_id, 60, answers)
        assert worker.broken == "" and worker.restarts == 0
        assert [a for a in answers if isinstance(a, AIResult) and a.job_id == job_id and a.move is not None]
    finally:
        worker.close()


def test_a_worker_given_up_answers_the_job_that_waited():
    worker = AIWorker("tictactoe", warm_up=False)
    try:
        worker.submit(Job("tictactoe", {"width": 7, "height": 6, "k": 4}, (), "", "level-5", 30.0, 1))
        waiting = worker.submit(reversi_job())  # behind the first, which is cancelled
        now = time.monotonic()
        worker._recent_restarts = [now, now, now]  # it died three times just now
        worker.process.kill()
        worker.process.join(5)
        answers = answers_until(worker, waiting, 10)  # was: ValueError, the queue is closed
        assert worker.broken
        assert [a for a in answers if isinstance(a, AIError) and a.job_id == waiting and a.message == worker.broken]
        assert worker.is_thinking() is False
    finally:
        worker.close()


def test_a_search_cancelled_while_it_waits_for_its_kernels_keeps_its_process(tmp_path, monkeypatch):
    """On a cold kernel cache, New game (or Undo) while the panel said "Preparing the engine"
    cancelled a search waiting in ``ai.kernels.ready``, which sees no stop flag until its kernels
    are compiled: after ``SETUP_GRACE`` the process was killed, kernels half compiled, and the first
    move came 10 s later than without the cancel (found with an empty ``NUMBA_CACHE_DIR``).  The
    grace now starts when the worker says its kernels are ready.  Here a bot that takes a while
    to load stands for the wait, and the worker's own reports say it waits for kernels."""
    monkeypatch.setattr(worker_client, "SETUP_GRACE", 0.2)
    monkeypatch.setattr(WorkerChannel, "opened", lambda channel: None)  # the test writes reports too: its end stays open
    worker = AIWorker("tictactoe", warm_up=False)
    job = slow_loading_bot_job(tmp_path, 1.0)
    try:
        first = worker.submit(job)
        worker.reports.sender().put(AIWarmUp(False))  # what the worker says while a search waits for its kernels
        assert polled_until(worker, lambda: worker.preparing)
        second = worker.submit(job)  # New game: the first job is cancelled, the second waits for it
        polled_until(worker, lambda: worker.busy != first)  # well past the grace
        assert worker.restarts == 0, "a worker compiling its kernels was replaced"
        worker.reports.sender().put(AIWarmUp(True))  # the kernels are ready
        answers = answers_until(worker, second, 60)
        assert [a for a in answers if isinstance(a, AIResult) and a.job_id == second and a.move is not None]
        assert worker.restarts == 0 and not worker.broken
    finally:
        worker.close()


def test_a_worker_replaced_for_a_slow_cancel_warms_its_kernels_up():
    """A process replaced because its search ignored a cancel did not crash: its successor warms
    the kernels up (and says so) as the first one did; only after a death is the warm-up skipped."""
    worker = AIWorker("tictactoe")
    try:
        worker._restart(died=False)
        assert worker.preparing and worker.restarts == 1
        worker._restart(died=True)
        assert not worker.preparing
    finally:
        worker.close()


def test_closing_a_busy_worker_does_not_wait_for_its_process_and_leaves_none(tmp_path):
    """Leaving a game while the computer thought froze the window: ``close`` waited up to
    ``STOP_GRACE`` for the process to end, then for it to be terminated (0.6 s, 1.5 s with analysis
    on, measured on the way back to the menu).  Now the process is let go at once and ended by a
    thread; ``wait_for_closed_workers`` (the window closing) waits for them all, and none is left."""
    import multiprocessing

    bot = tmp_path / "deaf.py"  # busy and deaf to the stop flag for a while, as a search in a kernel may be
    bot.write_text("import time\ntime.sleep(30)\n\ndef choose(game, state):\n    return state.legal_moves()[0]\n")
    workers = [AIWorker("tictactoe", warm_up=False) for _ in range(3)]
    processes = [w.process for w in workers]
    for worker in workers:
        worker.submit(Job("tictactoe", {}, (), "", str(bot), 5.0, 1))
    for worker in workers:
        worker.close()
        assert worker.process is None
    assert any(p.is_alive() for p in processes), "close waited for the process to end"
    assert worker_lifecycle.wait_for_closed_workers(30)
    assert not any(p.is_alive() for p in processes) and all(p.exitcode is not None for p in processes)
    assert not set(processes) & set(multiprocessing.active_children())


ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.skipif(sys.platform == "win32", reason="a parent killed outright: POSIX signals")
def test_an_analysis_ends_with_a_window_killed_outright(tmp_path):
    """The worker looked for its parent only between jobs, and an analysis runs until stopped: a
    window killed mid-analysis (SIGKILL, a crash) left it searching at full speed for good."""
    import os
    import signal
    import subprocess

    from tests.reap_helpers import killed_if_left

    script = tmp_path / "window.py"
    script.write_text(f"""
import sys, time
sys.path.insert(0, {str(ROOT)!r})
import games
from ui.ai_worker import AIMoveValues, Job
from ui.worker_client import AIWorker
if __name__ == "__main__":
    game = games.load("hex", size=9)
    worker = AIWorker("hex", warm_up=False)
    worker.submit(Job("hex", {{"size": 9}}, (), game.to_text(game.initial_state()), "level-5", 1.0, kind="values"))
    while not any(isinstance(r, AIMoveValues) for r in worker.poll()):
        time.sleep(0.05)
    print(worker.process.pid, flush=True)
    time.sleep(60)
""")
    window = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, text=True)
    with killed_if_left(int(window.stdout.readline()), window.pid) as worker:  # found while the window holds it
        os.kill(window.pid, signal.SIGKILL)
        window.wait()
        # a safety net: the watch ends it within a look or two (0.5 s each) on a quiet machine
        assert worker.ended(timeout=60), "the analysis worker outlived its window"


def test_a_worker_closed_as_it_starts_keeps_what_its_process_reads(monkeypatch):
    """A worker closed and dropped at once (a screen left as it opened): its process, still
    starting, read its stop event from the parent after the parent had let the event go, and died
    with FileNotFoundError on the event's semaphore (a traceback on the terminal).  The thread
    ending the process holds the event until then."""
    import gc

    codes = []
    end = worker_lifecycle._end

    def recording_end(proc, *args):
        end(proc, *args)
        codes.append(proc.exitcode)

    monkeypatch.setattr(worker_lifecycle, "_end", recording_end)
    for _ in range(3):
        worker = AIWorker("tictactoe", warm_up=False)
        worker.close()
        del worker
        gc.collect()
    assert worker_lifecycle.wait_for_closed_workers(30)
    assert len(codes) == 3 and 1 not in codes, codes  # 0 (ended by itself) or -15 (terminated)


@pytest.mark.skipif(not hasattr(__import__("os"), "pidfd_open"), reason="signals through pidfds (Linux)")
def test_a_closed_worker_reaped_by_another_thread_has_its_pid_signalled_no_more(monkeypatch):
    """Another thread reaped a worker's process and had not yet noted so (any process's start reaps
    the ended ones: ``multiprocessing``'s cleanup) when its closing asked ``is_alive``: no child for
    its ``waitpid``, so "alive", and SIGTERM then SIGKILL went to the freed pid, another process's
    once reused (a CI run lost pytest workers to stray signals).  Here that thread is held between
    its reap and its note."""
    import threading
    from multiprocessing.connection import wait

    from tests.reap_helpers import reap_held

    worker = AIWorker("tictactoe", warm_up=False)
    worker.process.kill()  # ended, not yet reaped
    assert wait([worker.process.sentinel], 60)
    with reap_held(monkeypatch, "other-waiter") as held:
        threading.Thread(target=worker.process.join, name="other-waiter", daemon=True).start()
        held.wait()
        worker.close()
        assert worker_lifecycle.wait_for_closed_workers(30)
    assert held.signalled == []


class SlowToGo:
    """A worker's process deaf to SIGTERM and gone only ``after_kill`` seconds after SIGKILL, as a
    big process torn down on a loaded machine; its time passes in ``join`` alone (no real wait)."""

    def __init__(self, after_kill: float) -> None:
        self.after_kill, self.clock, self.gone_at, self.exitcode = after_kill, 0.0, float("inf"), None

    def is_alive(self) -> bool:
        return self.clock < self.gone_at

    def join(self, timeout: float | None = None) -> None:
        self.clock = self.gone_at if timeout is None else min(self.clock + timeout, max(self.clock, self.gone_at))
        if not self.is_alive():
            self.exitcode = -9

    def terminate(self) -> None:
        """Ignored, as by a process stuck in a kernel."""

    def kill(self) -> None:
        self.gone_at = self.clock + self.after_kill


def test_a_killed_process_slow_to_go_is_waited_for_before_none_is_said_to_be_left():
    """A closed worker's process killed on a loaded machine took longer than the second it was
    given to be gone: ``wait_for_closed_workers`` said none was left while it still ran (the soak
    test counted it among the window's processes)."""
    from types import SimpleNamespace

    process = SlowToGo(after_kill=3.0)
    worker = AIWorker.__new__(AIWorker)  # its process, queue and channel are the fakes'
    worker.process, worker.stop = process, SimpleNamespace(set=lambda: None)
    worker.jobs = SimpleNamespace(put_nowait=lambda item: None, cancel_join_thread=lambda: None, close=lambda: None)
    worker.reports = SimpleNamespace(close=lambda: None, receive=lambda timeout: None)  # it sends nothing
    worker.close()
    assert worker_lifecycle.wait_for_closed_workers(30)
    assert not process.is_alive() and process.exitcode == -9


def test_an_outside_engines_resign_comes_back_as_a_resignation_not_a_forfeit(tmp_path):
    """A GTP engine's ``resign`` (``ai.base.Resigned``) is told to the window as ``AIResigned``, so
    the game records a resignation at its move; as an ``AIForfeit`` it was told apart from a crash
    or a late answer only by its message's words happening to be the Resign button's."""
    import json

    from ui.ai_worker import AIForfeit, AIResigned

    config = tmp_path / "quitter.json"
    engine = Path(__file__).parent / "data" / "outside" / "gtp_engine.py"
    config.write_text(json.dumps({"command": [sys.executable, str(engine), "--resign"]}))
    worker = AIWorker("tictactoe", warm_up=False)
    said: list = []
    try:
        job = worker.submit(Job("tictactoe", {}, (), "", str(config), 5.0, 1))
        end = time.monotonic() + 60
        while not any(isinstance(a, (AIForfeit, AIResult, AIError)) for a in said) and time.monotonic() < end:
            said += [a for a in worker.poll() if getattr(a, "job_id", None) == job]
            time.sleep(0.01)
    finally:
        worker.close()
    assert [type(a) for a in said if isinstance(a, AIForfeit)] == [AIResigned]


def _engines_of(worker_pid: int, engine: str) -> list[int]:
    """The children of process ``worker_pid`` running ``engine`` (their command line names it; /proc)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            parent = int(stat.read_text().rpartition(")")[2].split()[1])
            command = (stat.parent / "cmdline").read_bytes()
        except (OSError, ValueError, IndexError):
            continue
        if parent == worker_pid and engine.encode() in command:
            found.append(int(stat.parent.name))
    return found


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="finds the engine in /proc; pidfds")
def test_an_outside_engine_ends_with_its_worker_terminated_past_its_grace(tmp_path):
    """A worker still busy past its grace is terminated, and a terminated worker says no last
    words: the GTP engine it started, in a session of its own, went on running after the game
    and the window were gone.  The window now ends the bots its workers said they started."""
    import json

    from tests.reap_helpers import killed_if_left

    config, record = tmp_path / "hanging.json", tmp_path / "commands"
    engine = Path(__file__).parent / "data" / "outside" / "gtp_engine.py"
    # never answers a genmove, and reads no more commands: the end of its input does not end it
    config.write_text(json.dumps({"command": [sys.executable, str(engine), "--hang", "--record", str(record)]}))
    worker = AIWorker("tictactoe", warm_up=False)
    process = worker.process
    try:
        worker.submit(Job("tictactoe", {}, (), "", str(config), 30.0, 1))
        assert polled_until(worker, lambda: record.exists() and "genmove" in record.read_text())
        [pid] = _engines_of(process.pid, "gtp_engine.py")
        with killed_if_left(pid, os.getpid()) as bot:  # found while the worker holds it
            # the worker is not told to stop (its flag kept here, a flag it does not read told
            # instead): a loaded machine's terminate came after the worker, told, had ended by
            # itself (exit code 0), and the bot was ended by the worker's own clean-up
            shared_stop, worker.stop = worker.stop, threading.Event()
            worker._shutdown(grace=0.0)  # as past its grace: terminated, its own clean-up never run
            assert worker_lifecycle.wait_for_closed_workers(60)
            assert process.exitcode == -15  # terminated indeed, not ended by itself
            assert bot.ended(timeout=60), "the engine outlived its terminated worker"
            assert not shared_stop.is_set()
    finally:
        worker.close()


REAL_WORKER_MAIN = worker_process.worker_main
LAST_WORDS = "TABULEIRO_TEST_LAST_WORDS"  # the file a worker's last words write (``_worker_slow_to_tear_down``)


class _SlowToFree:
    """Freed only by the interpreter's teardown, and slowly: a stand-in for the numba and llvmlite
    objects a worker's teardown frees (0.12 s of an idle core, over the grace on a loaded one)."""

    def __del__(self, sleep=time.sleep) -> None:  # its own reference: the teardown clears the module's
        sleep(60)


def _worker_slow_to_tear_down(*args, **kwargs) -> None:
    """``ui.worker_process.worker_main`` in a process whose teardown would outlast any grace, and whose
    exit has last words to say (a bot to end, ``ai.parent_watch.on_orphaned``): they write "said"
    in the file ``$TABULEIRO_TEST_LAST_WORDS`` names."""
    import ai.outside_process  # noqa: F401 - as a worker that started a bot: its exit says the last words

    global _kept_until_teardown
    _kept_until_teardown = _SlowToFree()
    on_orphaned("test", functools.partial(Path(os.environ[LAST_WORDS]).write_text, "said"))
    REAL_WORKER_MAIN(*args, **kwargs)


def test_a_closed_idle_worker_ends_by_itself_after_its_last_words(tmp_path, monkeypatch, caplog):
    """Every change of screen logged "AI worker N terminated (not ended within 0.5 s)": a closed
    worker was done at once, then spent its grace in the interpreter's teardown (numba's and
    llvmlite's objects freed one by one, beside the spare the menu starts meanwhile).  It now ends
    as soon as its exit handlers have run (``ai.parent_watch.exit_at_once``): by itself, its last
    words said (a bot ended), never terminated.  Here its teardown would take a minute, the grace 5 s."""
    said = tmp_path / "last-words"
    monkeypatch.setenv(LAST_WORDS, str(said))
    monkeypatch.setattr(worker_lifecycle, "worker_main", _worker_slow_to_tear_down)
    monkeypatch.setattr(worker_client, "STOP_GRACE", 5.0)
    caplog.set_level(logging.DEBUG, logger="ui.ai_worker")
    worker = AIWorker("tictactoe", warm_up=False)
    process = worker.process
    job_id = worker.submit(Job("tictactoe", {}, (), "", "level-1", 0.1, 1))
    assert any(isinstance(a, AIResult) for a in answers_until(worker, job_id, 60.0))  # idle in its job loop now
    worker.close()
    assert worker_lifecycle.wait_for_closed_workers(60.0)
    assert process.exitcode == 0
    assert not [r.getMessage() for r in caplog.records if "terminated" in r.getMessage()]
    assert said.read_text() == "said"



def test_a_built_in_players_first_move_imports_neither_outside_players_nor_unused_kernels():
    """A worker's first move with a player built in imports nothing of the outside players
    (``ai.outside``, its referee, records and Trax's rules with it), nor, on a 3x3 board (which no
    kernel searches: ``ai.kernels.used_by``), level 2's numba and Tic-tac-toe's kernel module: each
    cost a new worker a few tenths of a second before the computer's first reply.  A hint player's
    load job (level 5, made ahead for a person to move) imports no outside player either.  Run in a
    fresh interpreter, as a worker process is, since this one has imported them all already."""
    import subprocess

    code = """
import queue, sys, threading
import games
from ui.ai_worker import AIResult, Job
from ui.worker_jobs import run_job
game = games.load("tictactoe")
start = game.to_text(game.initial_state())
reports, players = queue.Queue(), {}
run_job(1, Job("tictactoe", dict(game.options), (), start, "level-2", 0.1, 0, "side0"), players, reports, threading.Event())
print("after the move:", sorted(name for name in ("numba", "ai.kernels.tictactoe", "ai.outside") if name in sys.modules))
run_job(2, Job("tictactoe", dict(game.options), (), start, "level-5", 0.0, 0, "hint", kind="load"), players, reports, threading.Event())
print("after the load:", sorted(name for name in ("ai.outside", "ai.referee") if name in sys.modules))
answers = []
while not reports.empty():
    item = reports.get_nowait()
    if isinstance(item, AIResult):
        answers.append(item.job_id)
print("answered:", answers)
"""
    root = Path(__file__).resolve().parent.parent
    done = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["after the move: []", "after the load: []", "answered: [1, 2]"], done.stdout
