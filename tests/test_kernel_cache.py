"""The compiled-kernel cache never costs the engine: a damaged file is cleared and compiled again,
a disk that fails (full) means compiling in memory.

numba stores each kernel's machine code in ``<cache>/<folder>/<module>.<kernel>-<line>.py3X.*.nbc``
(with an ``.nbi`` index).  A file cut short would make every later load fail with a pickle error,
a full disk every save, and every computer move with them; ``ai.kernels.mends_the_cache`` deletes
the kernels' files or turns the cache off, and warms up again.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import ai.kernels as kernels

ROOT = Path(__file__).resolve().parent.parent
# the smallest kernel module (about 2 s to compile): warm it up, then use it on a 5x5 Hex position
WARM_AND_USE = (
    "import numpy as np\n"
    "from ai.kernels import hex_inferior\n"
    "from ai.kernels.hex import board_colours, neighbours\n"
    "hex_inferior.warm_up()\n"
    "marks = np.zeros(25, np.int8)\n"
    "colour = board_colours(5, 0b00000_00100_01010_00000_00000, 0b00000_00000_00100_00000_00000)\n"
    "hex_inferior.fill_in(colour, 5, neighbours(5), hex_inferior.ring(5), 1, marks)\n"
    "print(marks.tolist())\n"
)


# numba's saving fails as on a full disk
DISK_FULL = (
    "import errno, os\n"
    "from numba.core import caching\n"
    "def full(*args):\n"
    "    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))\n"
    "caching.IndexDataCacheFile._save_data = full\n"
    "caching.IndexDataCacheFile._save_index = full\n"
)


def _run(cache: Path, before: str = "") -> subprocess.CompletedProcess:
    env = dict(os.environ, NUMBA_CACHE_DIR=str(cache))
    return subprocess.run([sys.executable, "-c", before + WARM_AND_USE], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=300)


def test_a_truncated_cache_file_is_compiled_again_and_the_kernels_answer_as_before(tmp_path):
    first = _run(tmp_path)
    assert first.returncode == 0, first.stderr
    compiled = sorted(tmp_path.glob("*/hex_inferior.*.nbc"))
    assert compiled, "numba wrote no cache files for the kernels"
    for path in compiled:
        path.write_bytes(path.read_bytes()[:100])

    second = _run(tmp_path)
    assert second.returncode == 0, second.stderr
    assert "compiled-kernel cache could not be read" in second.stderr
    assert second.stdout == first.stdout
    assert all(path.stat().st_size > 100 for path in tmp_path.glob("*/hex_inferior.*.nbc"))  # written whole again


def test_a_disk_that_cannot_take_the_cache_means_compiling_in_memory(tmp_path):
    expected = _run(tmp_path / "working")
    assert expected.returncode == 0, expected.stderr

    full = _run(tmp_path / "full", before=DISK_FULL)
    assert full.returncode == 0, full.stderr
    assert "compiling in memory for this run" in full.stderr
    assert full.stdout == expected.stdout
    assert not list((tmp_path / "full").glob("*/*.nbc"))


def test_only_the_kernels_files_are_cleared(tmp_path, monkeypatch):
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    folder = tmp_path / "kernels_0123"
    folder.mkdir()
    ours = [folder / "rastros.solve_win-436.py311.1.nbc", folder / "hex_vc.h_search-10.py311.nbi"]
    theirs = [folder / "elsewhere.f-1.py311.1.nbc", folder / "notes.txt"]
    for path in ours + theirs:
        path.write_bytes(b"x")
    assert kernels.clear_kernel_cache() == len(ours)
    assert [path.exists() for path in ours + theirs] == [False, False, True, True]


def test_a_failure_outside_the_cache_is_raised_and_clears_nothing(tmp_path, monkeypatch):
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    (tmp_path / "kernels_0123").mkdir()
    kept = tmp_path / "kernels_0123" / "reversi.perft-1.py311.1.nbc"
    kept.write_bytes(b"x")
    calls = []

    @kernels.mends_the_cache
    def failing() -> None:
        calls.append(1)
        raise ValueError("a bug of the kernel's own")

    with pytest.raises(ValueError, match="own"):
        failing()
    assert calls == [1]
    assert kept.exists()


# warm up a kernel module of the copy of the program in the working folder; print how many of its
# kernels' signatures were loaded from the cache and how many were compiled
WARM_AND_COUNT = (
    "from numba.core.registry import CPUDispatcher\n"
    "from ai.kernels import hex_inferior\n"
    "hex_inferior.warm_up()\n"
    "kernels = [k for k in vars(hex_inferior).values() if isinstance(k, CPUDispatcher)]\n"
    "print(sum(sum(k.stats.cache_hits.values()) for k in kernels),\n"
    "      sum(sum(k.stats.cache_misses.values()) for k in kernels))\n"
)


def _copy_of_the_program(folder: Path) -> Path:
    """The program's sources copied to ``folder``, with new modification times (as ``cp`` gives)."""
    for package in ("ai", "games"):
        shutil.copytree(ROOT / package, folder / package, copy_function=shutil.copyfile,
                        ignore=shutil.ignore_patterns("__pycache__", "data", "shipped-cache"))
    return folder


def _hits_and_misses(program: Path, cache: Path) -> tuple[int, int]:
    env = dict(os.environ, NUMBA_CACHE_DIR=str(cache), PYTHONPATH=str(program))
    done = subprocess.run([sys.executable, "-c", WARM_AND_COUNT], cwd=program, env=env, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    hits, misses = map(int, done.stdout.split())
    return hits, misses


def test_a_moved_copy_of_the_program_loads_the_kernels_compiled_before_the_move(tmp_path):
    cache = tmp_path / "cache"
    hits, misses = _hits_and_misses(_copy_of_the_program(tmp_path / "first"), cache)
    assert misses > 0 and hits == 0  # compiled and cached

    moved = _copy_of_the_program(tmp_path / "moved elsewhere" / "tabuleiro")
    hits, misses = _hits_and_misses(moved, cache)
    assert hits > 0 and misses == 0  # loaded, nothing compiled


def test_a_bundle_brings_its_kernels_compiled_into_an_empty_user_cache(tmp_path):
    build_cache = tmp_path / "build-cache"
    assert _hits_and_misses(_copy_of_the_program(tmp_path / "build"), build_cache)[0] == 0
    bundle = _copy_of_the_program(tmp_path / "bundle")
    shutil.copytree(build_cache, bundle / "ai" / "kernels" / "shipped-cache")

    user_cache = tmp_path / "user-cache"
    hits, misses = _hits_and_misses(bundle, user_cache)
    assert hits > 0 and misses == 0
    assert list(user_cache.glob("hex_inferior-*/*.nbc"))  # the user's cache holds them from now on


def test_a_numba_without_the_locator_classes_still_compiles_and_caches_the_kernels(tmp_path):
    """``ai.kernel_cache`` builds on numba's internal locator classes; a numba that moved them
    must still run the engine, its kernels filed by numba's own locators."""
    done = _run(tmp_path, before="import numba.core.caching as caching\ndel caching._CacheLocator\n")
    assert done.returncode == 0, done.stderr
    assert "filed by their folder's path" in done.stderr
    assert list(tmp_path.glob("kernels_*/hex_inferior.*.nbc"))  # numba's folder named by the path
