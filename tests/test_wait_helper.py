"""tests/ui_helpers.py's ``wait`` runs the window's frames while a computer thinks, and between two
of them waits for the computer's next report (``_until_a_report``) rather than a fixed 2 ms: a
window waiting for a search drew some 190 frames a second, half a core taken from the search and
from the other tests."""

from tests import ui_helpers
from tests.ui_helpers import count_calls, wait
from ui.ai_worker import AIResult, AIWorker, Job


def test_a_window_waiting_for_a_computer_draws_a_frame_a_report(app, monkeypatch):
    """A one-second search reports about ten times; with nothing else to wake the wait, the window
    runs a frame for each report, not one every 2 ms (some 300 on a quiet machine)."""
    monkeypatch.setattr(ui_helpers, "REPORT_WAIT", 60.0)  # only the worker's reports end a pause
    worker = AIWorker("tictactoe", warm_up=False)
    answered = []
    try:
        worker.submit(Job("tictactoe", {"width": 7, "height": 6, "k": 4}, ("a1", "g6", "b3"), "", "level-5", 1.0, 1))
        frames = count_calls(monkeypatch, app, "frame")
        assert wait(app, lambda: answered.extend(a for a in worker.poll() if isinstance(a, AIResult)) or answered)
    finally:
        worker.close()
    assert answered[0].move is not None
    assert frames[0] < 40, frames[0]


def test_with_no_computer_running_the_window_waits_frame_by_frame(app, monkeypatch):
    """No worker runs: a condition that no report brings about (here, a number of frames) is looked
    at every ``FRAME_PAUSE``, as before."""
    monkeypatch.setattr(ui_helpers, "REPORT_WAIT", 60.0)
    frames = count_calls(monkeypatch, app, "frame")
    assert wait(app, lambda: frames[0] >= 20, seconds=600)
