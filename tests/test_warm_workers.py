"""The suite's AI workers and tournaments' workers start warm (tests/conftest.py
``_workers_start_warm``): forked from a fork server that has numba, every engine and the kernels on
disk loaded (tests/worker_preload.py), each with the environment of the test that starts it; the
tests of a worker's own start keep spawning theirs cold, as the window does."""

import contextlib
import os
import sys
from pathlib import Path

import conftest  # pytest's own module of tests/conftest.py (``tests.conftest`` would run it twice)
import pytest

import ai.start_method as start_method
import ai.tournament
from ui import worker_client, worker_lifecycle

WARM_WORKERS = conftest.WARM_WORKERS


def _say_what_it_has(reports) -> None:
    """A worker's target: what it found loaded as it started, and its environment's test variable;
    it says a line on its standard error too."""
    import ai.kernels

    print("a worker's line", file=sys.stderr, flush=True)
    reports.put({"numba": "numba" in sys.modules, "hex search": ai.kernels.is_ready("hex", "search"),
                 "variable": os.environ.get("TABULEIRO_TEST_WARM_WORKER")})


def _started(monkeypatch, capfd) -> dict:
    """What a worker started now says it has (``_say_what_it_has``), and whether its line on its
    standard error came to this test's."""
    monkeypatch.setenv("TABULEIRO_TEST_WARM_WORKER", "this test's")
    ctx = start_method.worker_context()
    reports = ctx.Queue()
    process = start_method.worker_process(ctx, worker_lifecycle.WORKER_NAME, _say_what_it_has, reports)
    process.start()
    try:
        said = reports.get(timeout=120)
    finally:
        process.join(60)
    return {**said, "line heard": "a worker's line" in capfd.readouterr().err}


@pytest.mark.skipif(not WARM_WORKERS, reason="TABULEIRO_WARM_WORKERS=0: every worker spawned cold")
def test_a_window_tests_worker_starts_with_numba_and_the_kernels_loaded(monkeypatch, capfd):
    """Forked from the warm fork server, yet with the test's environment and standard error, as a
    spawned one has them."""
    assert start_method.worker_context().get_start_method() == "forkserver"
    assert _started(monkeypatch, capfd) == {"numba": True, "hex search": True, "variable": "this test's",
                                            "line heard": True}


def test_the_tests_of_a_workers_own_start_spawn_it_cold():
    for module in ("tests.test_spare_worker", "tests.test_worker_ends", "tests.test_window_ctrl_c",
                   "tests.test_kernel_cache", "tests.test_ui_warm_up", "tests.test_ai_worker"):
        assert conftest.cold_workers(module), module
    assert conftest.cold_workers("tests.test_ui_play") is not WARM_WORKERS


def test_a_spawned_worker_has_the_environment_of_its_start_and_nothing_loaded(monkeypatch, capfd):
    monkeypatch.setattr(start_method, "START_METHOD", "spawn")
    assert _started(monkeypatch, capfd) == {"numba": False, "hex search": False, "variable": "this test's",
                                            "line heard": True}


@pytest.mark.skipif(not WARM_WORKERS, reason="TABULEIRO_WARM_WORKERS=0: every worker spawned cold")
def test_the_check_of_processes_left_finds_a_forked_worker_and_not_the_fork_server():
    """``_no_process_left`` sees a forked worker as this process's child, as it sees a spawned one;
    the fork server, the session's, is not counted as left."""
    from tests import left_processes

    worker = worker_client.AIWorker("tictactoe", warm_up=False)
    try:
        assert worker._ctx.get_start_method() == "forkserver"
        assert [one.pid for one in left_processes.left_workers()] == [worker.process.pid]
    finally:
        worker.close()
        assert worker_lifecycle.wait_for_closed_workers(60)
    assert left_processes.left_workers() == []


def _parent_and_numba(pid: int) -> tuple[int, bool]:
    """Process ``pid``'s parent, and whether it has numba's compiled helpers mapped (/proc)."""
    stat = Path(f"/proc/{pid}/stat").read_text()
    maps = Path(f"/proc/{pid}/maps").read_text()
    return int(stat.rpartition(")")[2].split()[1]), "numba" in maps


@pytest.mark.skipif(not WARM_WORKERS or not Path("/proc/self/maps").exists(),
                    reason="TABULEIRO_WARM_WORKERS=0: every worker spawned cold; or no /proc")
def test_a_tournaments_workers_fork_warm_as_the_ai_workers_do(tmp_path):
    """A tournament in worker processes (``jobs`` 2) starts them through the same choice as the AI
    workers (``ai.start_method.worker_context``), forked from the warm fork server, numba loaded:
    each spawned one, this process's child, imported numba and the games' engines again, over a
    second of a core, for games that are what its tests look at."""
    import multiprocessing
    import multiprocessing.forkserver

    seen: dict[int, tuple[int, bool]] = {}

    def look(_event) -> None:
        for child in multiprocessing.active_children():
            if child.name == "tabuleiro-tournament" and child.pid not in seen and child.is_alive():
                with contextlib.suppress(OSError, IndexError):
                    seen[child.pid] = _parent_and_numba(child.pid)

    t = ai.tournament.Tournament("tictactoe", ["level-1", "level-2"], games_per_pair=1, time_per_move=0.05, jobs=2,
                                 log=str(tmp_path / "league.jsonl"))
    t.run(look)
    assert len(t.results) == t.total == 2
    server = multiprocessing.forkserver._forkserver._forkserver_pid
    assert seen and set(seen.values()) == {(server, True)}, (seen, server, os.getpid())
