"""A worker process started while the window waits in its menus (``ui.ai_worker.SpareWorker``):
the next game's worker takes it, told its game only then, and plays that game as a worker started
with it; no spare beside a running worker; none left when the window closes."""

from __future__ import annotations

import pytest

import games
from tests.test_ai_worker import answers_until, polled_until, reversi_job
from tests.ui_helpers import wait
from ui.ai_worker import AIResult, AIWorker, SpareWorker, wait_for_closed_workers
from ui.app import App


@pytest.fixture(autouse=True)
def no_spare_left():
    yield
    SpareWorker.end()
    assert wait_for_closed_workers(10.0)


def test_the_next_worker_takes_the_spare_and_plays_its_game():
    """The spare knows no game when it starts: the worker that takes it says which, and its
    kernels' warm-up and its moves are that game's, the move a legal one."""
    assert SpareWorker.start()
    spare_process = SpareWorker._spare.process
    worker = AIWorker(games.load("reversi"))
    try:
        assert worker.process is spare_process
        assert SpareWorker._spare is None  # taken: the next worker starts a process of its own
        assert worker.preparing
        job_id = worker.submit(reversi_job(0.2))
        answers = answers_until(worker, job_id, 120.0)
        result = next(a for a in answers if isinstance(a, AIResult) and a.job_id == job_id)
        game = games.load("reversi")
        assert result.move in game.initial_state().legal_moves()
        assert polled_until(worker, lambda: not worker.preparing)  # the warm-up of the game given ran
        assert not worker.warm_up_error
    finally:
        worker.close()


def test_no_spare_beside_a_running_worker_and_one_after_it_closes():
    worker = AIWorker("tictactoe", warm_up=False)
    try:
        assert not SpareWorker.start()  # a game's search keeps the cores to itself
    finally:
        worker.close()
    assert SpareWorker.start()
    assert not SpareWorker.start()  # never two


def test_a_dead_spare_is_not_taken():
    assert SpareWorker.start()
    dead = SpareWorker._spare.process
    dead.kill()
    dead.join(10.0)
    worker = AIWorker("tictactoe", warm_up=False)
    try:
        assert worker.process is not dead and worker.process.is_alive()
    finally:
        worker.close()


def test_the_window_starts_a_spare_as_it_waits_and_ends_it_as_it_closes(tmp_path, monkeypatch):
    """Only a window that asks for one (``ui.app.run``'s): a test's window starts no process."""
    monkeypatch.setenv("TABULEIRO_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("TABULEIRO_DATA_DIR", str(tmp_path / "data"))
    plain = App(size=(1280, 800), fps=60, demo="menu", remember_size=False)
    plain.run_frames(30)
    assert SpareWorker._spare is None
    plain.quit()
    app = App(size=(1280, 800), fps=60, demo="menu", remember_size=False)
    app.spare_worker = True
    assert wait(app, lambda: SpareWorker._spare is not None, 30.0)
    process = SpareWorker._spare.process
    app.quit()
    assert wait_for_closed_workers(10.0)
    assert not process.is_alive()
