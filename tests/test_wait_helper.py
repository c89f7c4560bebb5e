"""A window test that waits for another process or thread of the window (tests/ui_helpers.py's
``wait``, ``App.run_frames`` with a timeout) runs its frames, and between two of them waits for that
process or thread (``ui.app.between_frames``): an AI worker's next report, or a while for a thread,
rather than a fixed 1 or 2 ms.  A window waiting so drew some 200 frames a second, half a core taken
from the search or the thread it waited for and from the other tests."""

import contextlib
import threading
from collections.abc import Iterator

import ui.app
from tests.ui_helpers import count_calls, wait
from ui.ai_worker import AIResult, Job
from ui.worker_client import AIWorker

SEARCH = Job("tictactoe", {"width": 7, "height": 6, "k": 4}, ("a1", "g6", "b3"), "", "level-5", 1.0, 1)


def _answered_by(worker: AIWorker, answered: list):
    """A condition that holds once ``worker`` has answered (kept in ``answered``)."""
    return lambda: answered.extend(a for a in worker.poll() if isinstance(a, AIResult)) or answered


def test_a_window_waiting_for_a_computer_draws_a_frame_a_report(app, monkeypatch):
    """A one-second search reports about ten times; with nothing else to wake the wait, the window
    runs a frame for each report, not one every 2 ms (some 300 on a quiet machine)."""
    monkeypatch.setattr(ui.app, "REPORT_WAIT", 60.0)  # only the worker's reports end a pause
    worker = AIWorker("tictactoe", warm_up=False)
    answered = []
    try:
        worker.submit(SEARCH)
        frames = count_calls(monkeypatch, app, "frame")
        assert wait(app, _answered_by(worker, answered))
    finally:
        worker.close()
    assert answered[0].move is not None
    assert frames[0] < 40, frames[0]


def test_run_frames_with_a_timeout_waits_for_a_computer_as_wait_does(app, monkeypatch):
    """``App.run_frames`` given a timeout (some 100 waits of the tests for a move, a hint, a
    tournament) draws a frame a report too: it slept 1 ms between frames, some 400 a second."""
    monkeypatch.setattr(ui.app, "REPORT_WAIT", 60.0)
    worker = AIWorker("tictactoe", warm_up=False)
    answered = []
    try:
        worker.submit(SEARCH)
        frames = count_calls(monkeypatch, app, "frame")
        assert app.run_frames(1, until=_answered_by(worker, answered), timeout=60)
    finally:
        worker.close()
    assert answered[0].move is not None
    assert frames[0] < 40, frames[0]


def recorded_pauses(monkeypatch) -> list[float]:
    """The seconds of every ``time.sleep`` of ui.app's from now, slept all the same."""
    pauses: list[float] = []
    real_sleep = ui.app.time.sleep
    monkeypatch.setattr(ui.app.time, "sleep", lambda seconds: pauses.append(seconds) or real_sleep(seconds))
    return pauses


@contextlib.contextmanager
def a_thread_working() -> Iterator[None]:
    """A thread of the window's (``ui.app.working_threads`` counts it) at work for the block."""
    done = threading.Event()
    worker = threading.Thread(target=done.wait, args=(60,), name="test-work", daemon=True)
    worker.start()
    try:
        yield
    finally:
        done.set()
        worker.join(10)


def test_a_window_waiting_for_a_thread_pauses_a_while_between_frames(app, monkeypatch):
    """A thread of the window works (a folder's reading, a tournament, the tree's building): each
    frame of a wait for it is followed by ``REPORT_WAIT`` seconds of pause, the core left to it, not
    1 ms.  The pauses are what is counted, not the time (``time.sleep`` recorded)."""
    pauses = recorded_pauses(monkeypatch)
    with a_thread_working():
        frames = count_calls(monkeypatch, app, "frame")
        assert not app.run_frames(2, until=lambda: False, timeout=1.0)
    assert frames[0] >= 2
    # every pause but the last (cut short by the timeout) is REPORT_WAIT in all
    assert sum(pauses) >= 0.99 * (frames[0] - 1) * ui.app.REPORT_WAIT, (frames[0], pauses)


def test_a_frame_that_drew_is_followed_by_a_short_pause_even_while_a_thread_works(app, monkeypatch):
    """A frame that drew may have done a share of the work waited for (a list's row pictures are
    drawn on the window's thread, some 12 ms a frame, while another thread replays their games):
    the next frame comes after ``FRAME_PAUSE``.  Paused ``REPORT_WAIT`` after each, the Saved games
    list's picture tests took 16 s instead of 6."""
    pauses = recorded_pauses(monkeypatch)
    with a_thread_working():
        draws = app.draws
        frames = count_calls(monkeypatch, app, "frame")
        assert app.run_frames(1, until=lambda: app.invalidate() or frames[0] >= 20, timeout=600)
    assert app.draws - draws >= 20
    assert pauses and max(pauses) <= ui.app.FRAME_PAUSE, pauses


def test_with_nothing_else_running_the_window_waits_frame_by_frame(app, monkeypatch):
    """No worker and no thread of the window's work: a condition the frames bring about (here, a
    number of frames; a scene's work done a slice a frame) is looked at every ``FRAME_PAUSE``."""
    monkeypatch.setattr(ui.app, "REPORT_WAIT", 60.0)
    # threads an earlier test of this xdist worker left alive are not the window's (CI: a test's
    # NewestWriter, Dask's IO loop of a league run in-process): the window is to see none
    left = set(threading.enumerate())
    window_threads = ui.app.working_threads
    monkeypatch.setattr(ui.app, "working_threads", lambda: [t for t in window_threads() if t not in left])
    assert not ui.app.working_threads(), ui.app.working_threads()
    frames = count_calls(monkeypatch, app, "frame")
    assert wait(app, lambda: frames[0] >= 20, seconds=600)
    frames[0] = 0
    assert app.run_frames(1, until=lambda: frames[0] >= 20, timeout=600)
