"""A loaded CI machine's slow frames, on purpose: a pytest plugin run by hand, never by the suite,
to find the window tests that pass alone and fail when frames are slow (a grace, a message's
seconds or a clock's reading used up between two lines of a test, a computer's answer come and
gone within one frame).

    SLOW_FRAMES=0.3 pytest -n 0 -p tests.slow_frames tests/test_ui_end_keys.py

Each frame of the window (``ui.app.App.frame``) then ends ``SLOW_FRAMES`` seconds late, a sleep,
so the AI workers and threads get that time too, as on a machine that is slow all over.
``SLOW_FRAMES_SKEW=1`` moves the clock (``time.monotonic``, and ``ui.scenes.tournament_watch``'s
own) on by as much instead, at no cost in wall time, to go through many files quickly: the
tests' own waits (``App.run_frames``' timeout, ``tests.ui_helpers.wait``) keep the real clock.
A worker process keeps the real clock, and the one moment it reads that the window compares with
its own (``ui.ai_worker.AIReady.at``: "one clock for every process of the machine") is moved on by
the skew as it arrives (``_skewed_report``), so that a computer's thinking counts from its
player's readiness as with the sleep.  A test that fails under either is fixed by holding the clock it reads
(``tests.ui_helpers.held_game_clock``, ``held_messages_clock``, conftest's ``still_clock``) or
by asserting on the state, never by a longer wait alone."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ai.worker_channel import WorkerChannel
    from ui.app import App

_real_monotonic = time.monotonic
_ahead = [0.0]


def _skewed() -> float:
    """The real clock and the frames' skew so far."""
    return _real_monotonic() + _ahead[0]


def pytest_configure(config: object) -> None:
    """Slow every frame of the window, by a sleep or by the clock's skew (the module's docstring)."""
    import tests.ui_helpers as helpers
    import ui.app
    import ui.scenes.tournament_watch as tournament_watch
    from ai.worker_channel import WorkerChannel

    seconds = float(os.environ.get("SLOW_FRAMES", "0.25"))
    frame = ui.app.App.frame
    if not os.environ.get("SLOW_FRAMES_SKEW"):
        def slow_frame(app: App) -> None:
            frame(app)
            time.sleep(seconds)

        ui.app.App.frame = slow_frame
        return

    def skewed_frame(app: App) -> None:
        frame(app)
        _ahead[0] += seconds

    def run_frames(app: App, n: int, until: Callable[[], bool] | None = None,
                   timeout: float | None = None) -> bool:
        if timeout is None:
            for _ in range(n):
                if until is not None and until():
                    return True
                if not app.running:
                    break
                app.frame()
            return bool(until and until())
        return _frames_until(app, until or (lambda: False), timeout, least=n) or bool(until and until())

    def wait(app: App, condition: Callable[[], bool], seconds: float = 60.0) -> bool:
        return _frames_until(app, condition, seconds)

    ui.app.App.frame = skewed_frame
    ui.app.App.run_frames = run_frames
    helpers.wait = wait
    time.monotonic = _skewed
    tournament_watch.monotonic = _skewed
    WorkerChannel.receive = _skewed_report(WorkerChannel.receive)


def _skewed_report(receive: Callable[[WorkerChannel, float], Any]) -> Callable[[WorkerChannel, float], Any]:
    """``WorkerChannel.receive`` with a worker's ``AIReady.at``, read on the real clock in its own
    process, moved on by the frames' skew so far: the window's clock and its workers' stay one,
    as the window takes them to be.  Moved by the skew at its arrival, as much as at its reading or
    more: a thinking counted from then never starts before its move was asked."""
    from ui.ai_worker import AIReady

    def skewed(channel: WorkerChannel, timeout: float) -> Any:
        report = receive(channel, timeout)
        if isinstance(report, AIReady):
            report.at += _ahead[0]
        return report

    return skewed


def _frames_until(app: App, condition: Callable[[], bool], seconds: float, least: int = 0) -> bool:
    """Frames until ``condition()`` holds, ``seconds`` of the real clock pass, and at least
    ``least`` frames ran, with ``ui.app.between_frames``' pause between two."""
    import ui.app

    end, count = _real_monotonic() + seconds, 0
    while count < least or _real_monotonic() < end:
        if condition():
            return True
        if not app.running:
            break
        draws = app.draws
        app.frame()
        count += 1
        ui.app.between_frames(min(ui.app.REPORT_WAIT, max(0.0, end - _real_monotonic())), drew=app.draws != draws)
    return condition()
