"""The window's preparation gives a stage up to a game's worker that compiles it urgently
(``ai.kernels.yield_to_urgent``): a real preparation process ends once the stage's urgent lock is
taken the way a worker above it takes it; one stopped in the middle of numba's writes leaves a
cache the next process loads soundly, and an index naming code never written is not taken for
code on disk; the window starts a preparation that gave a stage up again."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

import ai.kernels as kernels
from ai.kernel_lock import StageLock, holder, lock_path, own_niceness, stage_lock, urgent_path
from tests.stage_processes import TINY_SEARCH, read_until, start
from ui import kernel_preparation
from ui.kernel_preparation import KernelPreparation

ROOT = Path(__file__).resolve().parent.parent
GAME, STAGE = "tictactoe", "search"  # the stage's lock; what it compiles: tests/tiny_stage.py (``TINY_SEARCH``)
KERNEL_FILE = "tiny_stage"  # how numba names that stage's cache files: tiny_stage.root-21.py311.nbi ...
NET = 300  # seconds: a safety net only, so that a broken run ends (a nice-19 process on a busy machine)
LOWEST = 19  # the window's preparation's niceness (ui.process_priority.PREPARE_NICENESS)

LOGGED = (
    "import logging, sys, time\n"
    "logging.basicConfig(stream=sys.stdout, level=logging.WARNING, format='%(message)s')\n"
    "logging.getLogger('ai.kernels').setLevel(logging.DEBUG)\n"
    "import ai.kernels as kernels\n"
)
# a preparation process at the lowest priority whose compile of the stage never ends by itself
PREPARES_FOR_EVER = LOGGED + (
    f"import functools, os\nos.nice({LOWEST})\n"
    "from ai.kernels import tictactoe\n"
    "@functools.wraps(tictactoe.STAGES['search'])\n"  # its kernels found through it (``ai.stage_kernels``)
    "def compiling_for_ever():\n"
    "    print('stand-in compiling', flush=True)\n"
    "    while True:\n"
    "        time.sleep(0.05)\n"
    "tictactoe.STAGES['search'] = compiling_for_ever\n"
    "kernels.yield_to_urgent()\n"
    "kernels.fill_cache('tictactoe', 'search')\n"
    "print('filled', flush=True)\n"
)
# a preparation process compiling the stage for real, stopped (for ever) in numba's second save
# between the kernel's index, written, and its data, not yet: the worst moment to end
STALLS_BETWEEN_INDEX_AND_DATA = LOGGED + TINY_SEARCH + (
    "import numba.core.caching as caching\n"
    "save_data, saves = caching.IndexDataCacheFile._save_data, []\n"
    "def stalled_on_the_second(self, name, data):\n"
    "    saves.append(name)\n"
    "    if len(saves) == 2:\n"
    "        print('stalled before', name, flush=True)\n"
    "        while True:\n"
    "            time.sleep(0.05)\n"
    "    save_data(self, name, data)\n"
    "caching.IndexDataCacheFile._save_data = stalled_on_the_second\n"
    "kernels.yield_to_urgent()\n"
    "kernels.fill_cache('tictactoe', 'search')\n"
    "print('filled', flush=True)\n"
)
# takes the lock at its path as a compiling process would, says so, and holds it until killed
HOLDS_FOREVER = (
    "import sys, time\n"
    "from pathlib import Path\n"
    "from ai.kernel_lock import StageLock\n"
    "assert StageLock(Path(sys.argv[1])).try_take(True)\n"
    "print('holding', flush=True)\n"
    "time.sleep(600)\n"
)
WARMS_UP = LOGGED + TINY_SEARCH + (
    "print('on disk before', kernels.on_disk('tictactoe', 'search'), flush=True)\n"
    "kernels.warm_up('tictactoe', 'search')\n"
    "print('on disk after', kernels.on_disk('tictactoe', 'search'), 'compiled', kernels.cache_misses(), flush=True)\n"
)


def _run(code: str, cache: Path) -> list[str]:
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=dict(os.environ, NUMBA_CACHE_DIR=str(cache)),
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout.splitlines()


def _never_waits(who) -> None:
    raise AssertionError(f"waited for {who}")


@pytest.fixture(scope="module")
def stage_compiled_here(tmp_path_factory) -> Path:
    """A cache folder where a process compiled the stage from nothing (tests/tiny_stage.py's two
    kernels in the place of Tic-tac-toe's search: numba's writes and ``ai.kernels.on_disk`` are the
    same for any stage, and the real one took 8-20 s to compile).  Compiled once for the module."""
    cache = tmp_path_factory.mktemp("stage-compiled-here") / "numba"
    _run(WARMS_UP, cache)
    return cache


def _stage_compiled_in(cache: Path, compiled: Path) -> Path:
    """The stage compiled (``stage_compiled_here``'s ``compiled``) copied to ``cache``: the folder
    of its kernels' cache files there."""
    shutil.copytree(compiled, cache, ignore=shutil.ignore_patterns("locks"))
    (index,) = cache.rglob(f"{KERNEL_FILE}.root-*.nbi")
    return index.parent


def _kernel_files(folder: Path, kernel: str, pattern: str = "*.nb?") -> list[Path]:
    """The cache files of the stage's ``kernel`` in ``folder`` (its index and data files)."""
    found = sorted(folder.glob(f"{KERNEL_FILE}.{kernel}-{pattern}"))
    assert found, f"no cache file of {KERNEL_FILE}.{kernel} in {folder}"
    return found


def _compiled(lines: list[str]) -> int:
    """The count of kernels a ``WARMS_UP`` process compiled, from its last line."""
    words = next(line for line in lines if line.startswith("on disk after")).split()
    return int(words[-1])


@pytest.mark.skipif(own_niceness() is None or own_niceness() >= LOWEST,
                    reason="needs a system with nice and this process above its lowest")
def test_the_preparation_ends_its_compile_of_a_stage_once_an_urgent_compile_of_it_begins(tmp_path):
    """A game's worker (here this process, above nice 19) that would not wait for the preparation
    takes the stage's urgent lock and compiles: the preparation, which would have compiled the
    same kernels to their end beside it, ends with ``STAGE_GIVEN_UP`` (its compile never ends
    here by itself)."""
    path = lock_path(tmp_path, GAME, STAGE)
    preparing = start(PREPARES_FOR_EVER, tmp_path)
    try:
        assert read_until(preparing, "stand-in compiling")[-1] == "stand-in compiling"
        assert holder(path).pid == preparing.pid and holder(path).niceness == LOWEST
        assert preparing.poll() is None  # no urgent compile: it goes on
        with stage_lock(path, True, _never_waits) as lock:
            assert lock is not None and lock.path == urgent_path(path)
            assert preparing.wait(timeout=NET) == kernels.STAGE_GIVEN_UP
    finally:
        preparing.kill()
        out, _ = preparing.communicate()
    assert "compiled urgently by another process; given up here" in out and "filled" not in out
    assert StageLock(path).try_take(True) is True  # its lock let go with it


def test_a_preparation_ended_between_numbas_writes_leaves_a_cache_that_loads(tmp_path, stage_compiled_here):
    """numba writes a kernel's index, then its data: the preparation ended in between (given up to
    an urgent compile) leaves an index that names no file.  The next process takes the stage as
    not on disk, compiles what is missing (that kernel alone), and the one after it loads every
    kernel, compiling none.  The cache holds the stage but the search's entry (``root``) and a
    small kernel it calls (``_first``): the preparation compiles and saves the callee, then stops in
    the entry's save; from an empty cache the next process compiled the whole stage again."""
    cache = tmp_path / "numba"
    folder = _stage_compiled_in(cache, stage_compiled_here)
    for path in _kernel_files(folder, "_first") + _kernel_files(folder, "root"):
        path.unlink()
    preparing = start(STALLS_BETWEEN_INDEX_AND_DATA, cache)
    try:
        assert "stalled before" in read_until(preparing, "stalled before")[-1]
        urgent = StageLock(urgent_path(lock_path(cache, GAME, STAGE)))
        assert urgent.try_take(True) is True  # the urgent compile begins
        try:
            assert preparing.wait(timeout=NET) == kernels.STAGE_GIVEN_UP
        finally:
            urgent.release()
    finally:
        preparing.kill()
        preparing.communicate()
    named_but_missing = [p for p in folder.glob("*.nbi") if not list(folder.glob(f"{p.name.split('.py')[0]}*.nbc"))]
    assert named_but_missing  # the index written, its data not
    assert _kernel_files(folder, "_first", "*.nbc")  # the first save, whole
    first = _run(WARMS_UP, cache)
    assert "on disk before False" in first and any(line.startswith("on disk after True") for line in first)
    assert _compiled(first) == len(named_but_missing)  # what the stop left unwritten, nothing else
    again = _run(WARMS_UP, cache)
    assert "on disk before True" in again and "on disk after True compiled 0" in again


def test_an_index_that_names_missing_code_is_not_taken_for_code_on_disk(tmp_path, stage_compiled_here):
    """Data files missing behind their index (a process ended between numba's two writes): the stage
    is not on disk (the window's worker said it loaded, "Preparing the engine…" over a compile, and
    the preparation marked the game prepared); warmed up, it is again."""
    cache = tmp_path / "numba"
    folder = _stage_compiled_in(cache, stage_compiled_here)
    assert _run(WARMS_UP, cache)[0] == "on disk before True"
    # the data of the kernel the warm-up calls (``root``, in the game's own module's folder), its
    # index kept: the warm-up compiles it again, and it alone (its callees' code is on disk)
    data = _kernel_files(folder, "root", "*.nbc")
    for path in data:
        path.unlink()
    lines = _run(WARMS_UP, cache)
    assert lines[0] == "on disk before False"
    words = next(line for line in lines if line.startswith("on disk after")).split()
    assert words[3] == "True" and _compiled(lines) == len(data)
    assert all(path.exists() for path in data)


def test_a_free_lock_is_not_taken_while_a_process_above_compiles_the_stage_urgently(tmp_path):
    """The preparation gave the stage up to a game's worker, which holds the urgent lock: the
    analysis worker (below the game's worker) found the first lock free and compiled the same
    stage beside it.  It waits for the urgent holder, then has the stage (its code on disk)."""
    path = lock_path(tmp_path, GAME, STAGE)
    holding = start(HOLDS_FOREVER, tmp_path, str(urgent_path(path)))  # at this process's priority
    waited, held = [], []

    def wanting_the_stage() -> None:
        with stage_lock(path, True, waited.append) as lock:
            held.append(lock.path)

    wanting = threading.Thread(target=wanting_the_stage, daemon=True)
    try:
        assert read_until(holding, "holding")[-1] == "holding"
        wanting.start()
        while not (waited or held):
            time.sleep(0.05)
        assert held == [] and waited[0].pid == holding.pid
    finally:
        holding.kill()
        holding.wait()
    wanting.join(NET)
    assert held == [urgent_path(path)]


def _gives_up_the_first_time(game_ids, *_logged) -> None:
    """A stand-in preparation: the first ends as one that gave a stage up, the next is done."""
    folder = Path(os.environ["TABULEIRO_TEST_GIVE_UP"])
    if not (folder / "given up").exists():
        (folder / "given up").touch()
        os._exit(kernels.STAGE_GIVEN_UP)
    (folder / "started again").write_text(",".join(game_ids))


def test_the_window_starts_a_preparation_that_gave_a_stage_up_again(tmp_path, monkeypatch):
    monkeypatch.setenv("TABULEIRO_TEST_GIVE_UP", str(tmp_path))
    monkeypatch.setattr(kernel_preparation, "_prepare", _gives_up_the_first_time)
    preparation = KernelPreparation(processes=1)
    preparation.reaper.join(NET)
    preparation.stop()
    assert [p.exitcode for p in preparation.processes] == [kernels.STAGE_GIVEN_UP, 0]
    assert (tmp_path / "started again").read_text() == ",".join(kernels.compile_groups(1)[0])  # the same games
