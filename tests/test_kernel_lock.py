"""One process at a time compiles a kernel stage (``ai.kernel_lock``): real processes against one
numba cache folder, the first compiling, the next waiting and then loading; a killed holder's
lock taken over; a deferred process's stand-ins playing while another process compiles; the
window's preparation leaving on disk a stage compiled by the process it waited for; no wait behind
a holder of lower priority (the window's nice-19 preparation)."""

from __future__ import annotations

import os
import subprocess
import threading
import time
from pathlib import Path

import pytest

import ai.kernels as kernels
from ai.kernel_lock import StageLock, holder, lock_path, own_niceness, stage_lock, urgent_path
from tests.stage_processes import TINY_SEARCH, read_until, start

GAME, STAGE = "tictactoe", "search"  # the smallest stage to compile (20 s on a busy 2-core machine)

LOGGED = (
    "import logging, sys\n"
    "logging.basicConfig(stream=sys.stdout, level=logging.WARNING, format='%(message)s')\n"
    "logging.getLogger('ai.kernels').setLevel(logging.DEBUG)\n"
    "import ai.kernels as kernels\n"
)
# the stage the two processes share: tests/tiny_stage.py's two kernels in the place of Tic-tac-toe's
# search (the lock, the wait and the load are the stage machinery's, whatever the stage compiles;
# the real stage took 8 to 20 s to compile here)
TINY = LOGGED + TINY_SEARCH
# the first process: once inside the stage (its lock held), it says so and waits for the go file
HOLDS_THEN_COMPILES = TINY + (
    "import functools, os, time\n"
    "from ai.kernels import tictactoe\n"
    "compile_stage = tictactoe.STAGES['search']\n"
    "@functools.wraps(compile_stage)\n"  # its kernels found through it (``ai.stage_kernels``)
    "def held_then_compiled():\n"
    "    print('holding', flush=True)\n"
    "    while not os.path.exists(sys.argv[1]):\n"
    "        time.sleep(0.05)\n"
    "    compile_stage()\n"
    "tictactoe.STAGES['search'] = held_then_compiled\n"
    "kernels.warm_up('tictactoe', 'search')\n"
)
WARMS_UP = TINY + "kernels.warm_up('tictactoe', 'search')\n"
# takes the stage's lock as a compiling process would, says so, and holds it until killed
HOLDS_FOREVER = (
    "import sys, time\n"
    "from pathlib import Path\n"
    "from ai.kernel_lock import StageLock\n"
    "lock = StageLock(Path(sys.argv[1]))\n"
    "assert lock.try_take(True)\n"
    "print('holding', flush=True)\n"
    "time.sleep(600)\n"
)


def _rest(process: subprocess.Popen) -> list[str]:
    out, _ = process.communicate(timeout=600)
    return out.splitlines()


def test_a_second_process_waits_for_the_first_ones_compiling_and_loads_what_it_compiled(tmp_path):
    cache, go = tmp_path / "numba", tmp_path / "go"
    first = start(HOLDS_THEN_COMPILES, cache, str(go))
    second = None
    try:
        assert "holding" in read_until(first, "holding")[-1]
        second = start(WARMS_UP, cache)
        waited = read_until(second, "waiting for it")
        assert f"tictactoe kernels, stage search: compiled by process {first.pid}; waiting for it" in waited
        go.touch()
        first_lines, second_lines = _rest(first), waited + _rest(second)
    finally:
        for process in (first, second):
            if process is not None and process.poll() is None:
                process.kill()
    assert first.returncode == 0 and second.returncode == 0, first_lines + second_lines
    assert any("stage search: ready in" in line and line.endswith("(compiled)") for line in first_lines)
    assert any("stage search: ready in" in line and line.endswith("(loaded)") for line in second_lines), second_lines
    assert not any(line.endswith("(compiled)") for line in second_lines)


def test_the_lock_of_a_killed_holder_is_taken_over(tmp_path):
    path = lock_path(tmp_path, GAME, STAGE)
    holding = start(HOLDS_FOREVER, tmp_path, str(path))
    try:
        assert read_until(holding, "holding")[-1] == "holding"
        assert StageLock(path).try_take(False) is False
        assert holder(path).pid == holding.pid and holder(path).compiling
    finally:
        holding.kill()
        holding.wait()
    lock = StageLock(path)
    assert lock.try_take(False) is True  # the dead pid's words are still in the file: no matter
    assert holder(path).pid == os.getpid() and not holder(path).compiling
    lock.release()


def test_a_folder_that_can_hold_no_lock_runs_the_stage_unshared(tmp_path):
    (tmp_path / "locks").write_text("a file where the locks' folder would be")
    path = lock_path(tmp_path, GAME, STAGE)
    assert StageLock(path).try_take(True) is None
    with stage_lock(path, True) as lock:
        assert lock is None


def _until(condition, what: str) -> None:
    """Wait for ``condition()`` (a deadline far past any real wait, only so a broken run ends)."""
    deadline = time.monotonic() + 300
    while not condition():
        assert time.monotonic() < deadline, what
        time.sleep(0.05)


def test_a_deferred_process_treats_a_stage_another_process_compiles_as_compiled_elsewhere(tmp_path, monkeypatch):
    kernels.warm_up(GAME, STAGE)  # on disk: alone, this process would only load it
    monkeypatch.setattr(kernels, "_stages", {})
    monkeypatch.setattr(kernels, "_deferred", True)  # the window's worker
    monkeypatch.setattr(kernels, "cache_dir", lambda: tmp_path)  # the locks only: numba keeps its folder
    holding = start(HOLDS_FOREVER, tmp_path, str(lock_path(tmp_path, GAME, STAGE)))
    try:
        assert read_until(holding, "holding")[-1] == "holding"
        warming = threading.Thread(target=kernels.warm_up, args=(GAME, STAGE), daemon=True)
        warming.start()
        _until(lambda: kernels._stage(GAME, STAGE).from_scratch is not None, "the warm-up never reached the stage")
        assert kernels.compiled_elsewhere(GAME) and not kernels.is_ready(GAME)  # its stand-ins play
    finally:
        holding.kill()
        holding.wait()
    warming.join(timeout=300)
    assert kernels.is_ready(GAME) and not kernels.compiled_elsewhere(GAME)


def test_the_preparation_leaves_a_stage_the_process_it_waited_for_compiled_on_disk(tmp_path, monkeypatch, caplog):
    """The window's nice-19 preparation waited for a game's worker compiling a stage, then loaded
    what it had compiled (10 s of a core on a busy machine) into a process that only fills the
    cache (``kernels.fill_cache``): it finds the stage on disk once the lock is its and goes on.
    A game's worker in its place loads it: it plays with it."""
    ran, compiled = [], threading.Event()
    monkeypatch.setitem(kernels._module(GAME).STAGES, STAGE, lambda: ran.append(STAGE))
    monkeypatch.setattr(kernels, "_stages", {})
    monkeypatch.setattr(kernels, "cache_dir", lambda: tmp_path)  # the locks only: numba keeps its folder
    monkeypatch.setattr(kernels, "on_disk", lambda game_id, stage=None: compiled.is_set())
    caplog.set_level("DEBUG", logger="ai.kernels")
    holding = start(HOLDS_FOREVER, tmp_path, str(lock_path(tmp_path, GAME, STAGE)))
    try:
        assert read_until(holding, "holding")[-1] == "holding"
        filling = threading.Thread(target=kernels.fill_cache, args=(GAME, STAGE), daemon=True)
        filling.start()
        _until(lambda: any("waiting for it" in record.getMessage() for record in caplog.records), "no wait")
        compiled.set()  # the holder's code on disk, then its lock let go
    finally:
        holding.kill()
        holding.wait()
    filling.join(timeout=300)
    assert not filling.is_alive() and ran == [] and not kernels.is_ready(GAME, STAGE)
    kernels.warm_up(GAME, STAGE)
    assert ran == [STAGE] and kernels.is_ready(GAME, STAGE)


@pytest.mark.parametrize("compiling", [True, False])
def test_the_lock_file_says_who_holds_it_and_what_it_does(tmp_path, compiling):
    path = lock_path(tmp_path, GAME, STAGE)
    with stage_lock(path, compiling) as lock:
        assert holder(path).pid == os.getpid() and holder(path).compiling is compiling
        assert holder(path).niceness == own_niceness()
        lock.say(not compiling)
        assert holder(path).compiling is not compiling


LOWEST = 19  # the window's preparation's niceness (ui.process_priority.PREPARE_NICENESS)
below_us = pytest.mark.skipif(own_niceness() is None or own_niceness() >= LOWEST,
                              reason="needs a system with nice and this process above its lowest")


def _held_at_lowest_priority(path: Path) -> subprocess.Popen:
    holding = start(f"import os\nos.nice({LOWEST})\n" + HOLDS_FOREVER, path.parent, str(path))
    assert read_until(holding, "holding")[-1] == "holding"
    return holding


def _never_waits(who) -> None:
    raise AssertionError(f"waited for {who}")


@below_us
def test_a_holder_of_lower_priority_is_not_waited_for_the_urgent_lock_is_taken(tmp_path):
    path = lock_path(tmp_path, GAME, STAGE)
    holding = _held_at_lowest_priority(path)
    try:
        assert holder(path).niceness == LOWEST
        with stage_lock(path, True, _never_waits) as lock:
            assert lock is not None and lock.path == urgent_path(path)
            assert holder(urgent_path(path)).pid == os.getpid()
    finally:
        holding.kill()
        holding.wait()


@below_us
def test_both_locks_held_below_this_process_runs_the_stage_unshared(tmp_path):
    path = lock_path(tmp_path, GAME, STAGE)
    holdings = [_held_at_lowest_priority(path), _held_at_lowest_priority(urgent_path(path))]
    try:
        with stage_lock(path, True, _never_waits) as lock:
            assert lock is None
    finally:
        for holding in holdings:
            holding.kill()
            holding.wait()
