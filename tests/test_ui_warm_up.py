"""The AI worker warms the engine kernels up as soon as it starts, and says so while it does."""

from __future__ import annotations

import time

from ui.ai_worker import AIWorker, Job


def test_worker_reports_the_warm_up_and_still_answers():
    worker = AIWorker("tictactoe")
    try:
        assert worker.preparing  # until the worker says the kernels are ready
        job_id = worker.submit(Job("tictactoe", {}, (), "", "level-1", 0.2, 1))
        answers, end = [], time.monotonic() + 60
        while time.monotonic() < end and (worker.preparing or not any(getattr(a, "move", None) for a in answers)):
            answers += worker.poll()
            time.sleep(0.01)
        assert not worker.preparing and worker.warm_up_error == ""
        assert [a for a in answers if getattr(a, "job_id", None) == job_id and hasattr(a, "move")]
    finally:
        worker.close()
