"""The compiled-kernel cache never costs the engine: a damaged file is cleared and compiled again,
a disk that fails (full) means compiling in memory.

numba stores each kernel's machine code in ``<cache>/<folder>/<module>.<kernel>-<line>.py3X.*.nbc``
(with an ``.nbi`` index).  A file cut short would make every later load fail with a pickle error,
a full disk every save, and every computer move with them; ``ai.kernels.mends_the_cache`` deletes
the kernels' files or turns the cache off, and warms up again.
"""

from __future__ import annotations

import os
import platform
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

import ai.kernels as kernels
from ai.kernel_cache import (
    portable_environment,
    portable_key,
    portable_target,
    runs_on_this_cpu,
    same_platform,
)
from ai.kernel_folders import CODEGEN_SETTINGS

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


def test_a_truncated_cache_file_is_compiled_again_and_the_kernels_answer_as_before(tmp_path, compiled_once):
    _compiled_cache(compiled_once, tmp_path)
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


def test_a_disk_that_cannot_take_the_cache_means_compiling_in_memory(tmp_path, compiled_once):
    _compiled_cache(compiled_once, tmp_path / "working")
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


def _hits_and_misses(program: Path, cache: Path, settings: dict[str, str] | None = None,
                     before: str = "") -> tuple[int, int]:
    """Kernels loaded and compiled by a process of ``program`` with numba's ``settings``: its target
    CPU (NUMBA_CPU_NAME, NUMBA_CPU_FEATURES; this computer's when not given), those that change
    the code (``CODEGEN_SETTINGS``: NUMBA_OPT ...; numba's defaults when not given)."""
    env = {name: value for name, value in os.environ.items()
           if not name.startswith("NUMBA_CPU_") and name not in CODEGEN_SETTINGS}
    env.update(settings or {}, NUMBA_CACHE_DIR=str(cache), PYTHONPATH=str(program))
    done = subprocess.run([sys.executable, "-c", before + WARM_AND_COUNT], cwd=program, env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    hits, misses = map(int, done.stdout.split())
    return hits, misses


@pytest.fixture(scope="module")
def compiled_once(tmp_path_factory) -> tuple[Path, tuple[int, int]]:
    """A cache of ``hex_inferior``'s kernels as a copy of the program compiles them with numba's
    defaults into an empty one, and that process's (hits, misses).  Compiled once for the module:
    six tests began with that same compile (2 s of a quiet core, over 6 s of a loaded one) before
    the step each checks; each takes a copy (``_compiled_cache``), never the cache itself."""
    folder = tmp_path_factory.mktemp("compiled-once")
    cache = folder / "cache"
    return cache, _hits_and_misses(_copy_of_the_program(folder / "program"), cache)


def _compiled_cache(compiled_once: tuple[Path, tuple[int, int]], to: Path) -> tuple[int, int]:
    """``compiled_once``'s cache copied to the folder ``to`` (made), as if the first process of
    the test had compiled into it; that process's (hits, misses)."""
    cache, counts = compiled_once
    shutil.copytree(cache, to, dirs_exist_ok=True)
    return counts


def test_the_cache_compiled_once_is_a_first_compile_that_the_tests_copy(tmp_path, compiled_once):
    """The tests that start from ``compiled_once`` start as from a compile of their own: every
    kernel compiled, none loaded, their files written, and a copy to each test."""
    hits, misses = _compiled_cache(compiled_once, tmp_path / "cache")
    assert misses > 0 and hits == 0
    copied = sorted(path.relative_to(tmp_path / "cache") for path in (tmp_path / "cache").glob("*/*.nb?"))
    assert copied and copied == sorted(path.relative_to(compiled_once[0]) for path in compiled_once[0].glob("*/*.nb?"))
    assert compiled_once[0] != tmp_path / "cache"


def test_a_moved_copy_of_the_program_loads_the_kernels_compiled_before_the_move(tmp_path, compiled_once):
    cache = tmp_path / "cache"
    hits, misses = _compiled_cache(compiled_once, cache)  # a copy of the program elsewhere compiled them
    assert misses > 0 and hits == 0  # compiled and cached

    moved = _copy_of_the_program(tmp_path / "moved elsewhere" / "tabuleiro")
    hits, misses = _hits_and_misses(moved, cache)
    assert hits > 0 and misses == 0  # loaded, nothing compiled


def test_kernels_compiled_at_one_optimisation_level_are_loaded_at_that_level_only(tmp_path, compiled_once):
    """numba keys its cache on the CPU, not on NUMBA_OPT: a run at level 0 (a debugging session)
    loaded the kernels compiled at level 3, and the reverse.  Each level now has code of its own,
    compiled once (level 1 here: at level 0 numba cannot cache these kernels, "dynamic globals",
    and warned through an attribute our locator lacked, which failed the warm-up)."""
    program, cache = _copy_of_the_program(tmp_path / "program"), tmp_path / "cache"
    hits, misses = _compiled_cache(compiled_once, cache)  # numba's default level, 3
    assert misses > 0 and hits == 0
    hits, misses = _hits_and_misses(program, cache, {"NUMBA_OPT": "0"})
    assert misses > 0 and hits == 0  # not level 3's code
    for compiled_before in (False, True):
        hits, misses = _hits_and_misses(program, cache, {"NUMBA_OPT": "1"})
        assert (misses > 0, hits > 0) == (not compiled_before, compiled_before)
    hits, misses = _hits_and_misses(program, cache)
    assert hits > 0 and misses == 0  # level 3's code, kept beside the others


def test_a_bundle_brings_its_kernels_compiled_into_an_empty_user_cache(tmp_path, compiled_once):
    build_cache = tmp_path / "build-cache"
    assert _compiled_cache(compiled_once, build_cache)[0] == 0  # the build's copy of the program compiled them
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


# Another computer's CPU, as numba sees it: a model name other than this one's (the features stay
# this CPU's, so the code runs here)
ANOTHER_CPU = {"NUMBA_CPU_NAME": "skylake"}
# a portable model that needs popcnt and SSE 4.2 (x86-64-v2), and a CPU without them (before 2009)
NEEDS_POPCNT = {"NUMBA_CPU_NAME": "x86-64-v2", "NUMBA_CPU_FEATURES": "+popcnt,+sse4.2"}
PORTABLE_NEEDS_POPCNT = "import ai.kernel_cache as c\nc.PORTABLE_TARGETS['x86_64'] = ('x86-64-v2', '+popcnt,+sse4.2')\n"
WITHOUT_POPCNT = "c.host_features = lambda: frozenset({'sse2', 'cx8'})\n"

def _another_cpu_model() -> dict[str, str]:
    """numba's target set to a CPU model other than this computer's (its features kept)."""
    from llvmlite import binding

    return {"NUMBA_CPU_NAME": "znver3" if binding.get_host_cpu_name() == "skylake" else "skylake"}


def _bundle_built_for(tmp_path: Path, cpu: dict[str, str]) -> Path:
    """A copy of the program whose shipped kernels were compiled with numba's target ``cpu``."""
    build_cache = tmp_path / "build-cache"
    assert _hits_and_misses(_copy_of_the_program(tmp_path / "build"), build_cache, cpu)[0] == 0
    bundle = _copy_of_the_program(tmp_path / "bundle")
    shutil.copytree(build_cache, bundle / "ai" / "kernels" / "shipped-cache")
    return bundle


@pytest.mark.skipif(portable_environment() == {}, reason="no portable CPU model for this architecture")
def test_a_bundle_built_for_the_portable_cpu_loads_its_kernels_on_another_cpu(tmp_path):
    bundle = _bundle_built_for(tmp_path, portable_environment())
    hits, misses = _hits_and_misses(bundle, tmp_path / "user-cache", ANOTHER_CPU)
    assert hits > 0 and misses == 0
    hits, misses = _hits_and_misses(bundle, tmp_path / "user-cache")  # and on this one
    assert hits > 0 and misses == 0


def test_kernels_compiled_for_one_cpu_model_are_compiled_again_on_another(tmp_path, compiled_once):
    """What a bundle built for its builder's CPU cost every other computer: numba files compiled
    code under the CPU's model and compiles it again for any other.  The bundle's kernels are
    ``compiled_once``'s, compiled for this computer's model (a build of its own for a named model
    compiled them once more for the same check)."""
    bundle = _copy_of_the_program(tmp_path / "bundle")
    assert _compiled_cache(compiled_once, bundle / "ai" / "kernels" / "shipped-cache")[0] == 0
    hits, misses = _hits_and_misses(bundle, tmp_path / "user-cache", _another_cpu_model())
    assert hits == 0 and misses > 0


@pytest.mark.skipif(platform.machine() != "x86_64", reason="x86-64's CPU features")
def test_portable_code_that_needs_a_feature_is_loaded_only_on_a_cpu_that_has_it(tmp_path):
    bundle = _bundle_built_for(tmp_path, NEEDS_POPCNT)
    hits, misses = _hits_and_misses(bundle, tmp_path / "user-cache", ANOTHER_CPU,
                                    before=PORTABLE_NEEDS_POPCNT + WITHOUT_POPCNT)
    assert hits == 0 and misses > 0  # the code would stop on an instruction this CPU lacks: compiled instead
    hits, misses = _hits_and_misses(bundle, tmp_path / "user-cache-popcnt", ANOTHER_CPU, before=PORTABLE_NEEDS_POPCNT)
    assert hits > 0 and misses == 0


def test_what_a_cpu_needs_for_portable_code():
    assert runs_on_this_cpu("") and runs_on_this_cpu("-avx512f")
    assert not runs_on_this_cpu("+popcnt,+no-such-feature")
    assert same_platform("arm64-apple-darwin23.4.0", "arm64-apple-darwin24.1.0")
    assert same_platform("x86_64-unknown-linux-gnu", "x86_64-unknown-linux-gnu")
    assert not same_platform("x86_64-apple-darwin23.4.0", "arm64-apple-darwin23.4.0")
    assert not same_platform("i386-pc-linux-gnu", "i686-pc-linux-gnu")  # an architecture's number is no version
    assert portable_target("x86_64-unknown-linux-gnu") == ("generic", "")
    assert portable_target("riscv64-unknown-linux-gnu") is None


def test_the_portable_entry_of_an_index_is_found_by_signature_code_and_platform():
    triple = "x86_64-unknown-linux-gnu"
    here = ("(int64,)", (triple, "skylake", "+popcnt"), ("code", "cells"))
    portable = ("(int64,)", (triple, "generic", ""), ("code", "cells"))
    index = {
        "a key of another numba's shape": 1,
        ("(int32,)", (triple, "generic", ""), ("code", "cells")): 2,  # another signature
        ("(int64,)", (triple, "generic", ""), ("older code", "cells")): 3,
        ("(int64,)", ("aarch64-unknown-linux-gnu", "generic", ""), ("code", "cells")): 4,
        portable: 5,
    }
    assert portable_key(index, here) == portable
    assert portable_key({k: v for k, v in index.items() if k != portable}, here) is None
    assert portable_key(index, ("(int64,)", ("riscv64-unknown-linux-gnu", "generic-rv64", ""), ("code", "cells"))) is None
    assert portable_key(index, "a key of another numba's shape") is None


def _tree(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")


def test_a_kernel_modules_cache_folder_changes_with_the_kernels_it_calls_and_the_constants_it_reads(
        tmp_path, monkeypatch):
    import ai.kernel_folders as kernel_cache

    monkeypatch.setattr(kernel_cache, "ROOT", tmp_path)
    monkeypatch.setattr(kernel_cache, "KERNELS", tmp_path / "ai" / "kernels")
    _tree(tmp_path, {
        "ai/__init__.py": "", "ai/kernels/__init__.py": "", "games/__init__.py": "",
        "ai/kernels/caller.py": "from ai.kernels.callee import step\nfrom games.rules import SIZE\n",
        "ai/kernels/callee.py": "from games.board import EDGE\n\ndef step(): return EDGE\n",
        "games/rules.py": "from games.deeper import BASE\nSIZE = 5\n",
        "games/board.py": "EDGE = 1\n", "games/deeper.py": "BASE = 0\n", "games/other.py": "UNRELATED = 1\n",
    })
    caller = tmp_path / "ai" / "kernels" / "caller.py"
    names = [kernel_cache.folder_name(caller)]
    for name, text in (("ai/kernels/callee.py", "from games.board import EDGE\n\ndef step(): return EDGE + 1\n"),
                       ("games/rules.py", "from games.deeper import BASE\nSIZE = 7\n"),
                       ("games/board.py", "EDGE = 2\n")):
        _tree(tmp_path, {name: text})
        names.append(kernel_cache.folder_name(caller))
    assert len(set(names)) == len(names)  # each change files the caller's code anew
    assert all(name.startswith("caller-") for name in names)

    # beyond what the kernels import directly, and what they do not import, leaves the folder alone
    _tree(tmp_path, {"games/other.py": "UNRELATED = 22\n", "games/deeper.py": "BASE = 100\n"})
    assert kernel_cache.folder_name(caller) == names[-1]


def test_every_source_the_kernels_are_filed_under_exists():
    from ai.kernel_folders import KERNELS, dependency_files, kernel_sources

    root = KERNELS.parent.parent
    assert all((root / file).is_file() for file in dependency_files())
    hex_vc = {file.relative_to(root).as_posix() for file in kernel_sources(KERNELS / "hex_vc.py")}
    assert {"ai/kernels/hex_vc.py", "ai/kernels/hex.py", "games/hex.py", "ai/search/driver.py"} <= hex_vc


def _edited(path: Path, old: str, new: str) -> None:
    """``path`` with its first ``old`` replaced by ``new`` (which must be there)."""
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _folder_names_of_a_copy(tmp_path: Path, monkeypatch) -> tuple[Path, Callable[[], dict[str, str]]]:
    """A copy of the program's sources, and what names each of its kernel modules' cache folders."""
    import ai.kernel_folders as kernel_folders

    program = _copy_of_the_program(tmp_path / "program")
    (program / "ai" / "data").mkdir()  # the package whose data files the copy leaves out
    shutil.copyfile(ROOT / "ai" / "data" / "__init__.py", program / "ai" / "data" / "__init__.py")
    monkeypatch.setattr(kernel_folders, "ROOT", program)
    monkeypatch.setattr(kernel_folders, "KERNELS", program / "ai" / "kernels")

    def names() -> dict[str, str]:
        return {path.stem: kernel_folders.folder_name(path) for path in kernel_folders._kernel_modules()}

    assert len(names()) > 5
    return program, names


def test_an_edit_of_the_cache_helper_files_no_kernel_anew_but_one_of_a_kernels_decorator_does(
        tmp_path, monkeypatch):
    """Every kernel module's folder was named by ``ai/kernel_cache.py`` (and ``ai/__init__.py``)
    too, followed from the package's ``__init__``: any edit of either, a docstring's, compiled every
    kernel of every game again, though neither changes the compiled code.  What does change it
    still names a new folder: a kernel's decorator, its callers' too."""
    program, names = _folder_names_of_a_copy(tmp_path, monkeypatch)
    kernels = program / "ai" / "kernels"
    before = names()
    _edited(program / "ai" / "kernel_cache.py", '"""Where numba', '"""Where (edited docstring) numba')
    _edited(program / "ai" / "kernel_cache.py", "UNUSED_DAYS_KEPT = 30", "UNUSED_DAYS_KEPT = 60")
    _edited(program / "ai" / "__init__.py", '"""', '"""Edited docstring. ')
    assert names() == before

    _edited(kernels / "hex_inferior.py", "@njit(cache=True, nogil=True)", "@njit(cache=True, nogil=True, fastmath=True)")
    changed = {module for module, name in names().items() if name != before[module]}
    assert {"hex_inferior", "hex", "hex_vc"} <= changed  # the module and those that call its kernels
    assert not changed & {"reversi", "rastros", "alquerque", "tictactoe"}


def test_an_edit_of_the_kernels_warm_up_files_no_kernel_anew_but_one_of_how_every_kernel_compiles_does(
        tmp_path, monkeypatch):
    """``ai/kernels/__init__.py`` named every kernel module's folder, as the home of ``njit``: each
    edit of its warm-up, its stages or a docstring (26 commits) compiled every kernel of every game
    again, two minutes here, though none changed compiled code.  What decides that code lives in
    ``ai/kernel_compile.py``, which names every folder: an edit of its ``njit`` compiles them all."""
    program, names = _folder_names_of_a_copy(tmp_path, monkeypatch)
    package = program / "ai" / "kernels" / "__init__.py"
    before = names()
    _edited(package, '"""numba kernels:', '"""numba kernels (an edited docstring):')
    _edited(package, "    for name in KERNEL_GAMES if game_id is None else (game_id,):",
            "    for name in sorted(KERNEL_GAMES) if game_id is None else (game_id,):")
    _edited(package, '"hex": 3.0,', '"hex": 4.0,')
    assert names() == before

    _edited(program / "ai" / "kernel_compile.py", "    return numba_njit(*args, **options)",
            "    return numba_njit(*args, **{'error_model': 'numpy', **options})")
    after = names()
    assert all(after[module] != name for module, name in before.items())


def test_every_kernel_module_is_filed_under_how_kernels_compile_and_none_under_the_warm_up():
    """A kernel module that imported from the package (``from ai.kernels import njit``) would have
    every edit of its warm-up compile it again; one that did not decorate with ``ai.kernel_compile``'s
    ``njit`` would keep code compiled under options since changed."""
    from ai.kernel_folders import KERNELS, _kernel_modules, kernel_sources

    sources = {path.stem: set(kernel_sources(path)) for path in _kernel_modules()}
    assert len(sources) > 5
    assert [module for module, files in sources.items() if KERNELS / "__init__.py" in files] == []
    assert [module for module, files in sources.items() if KERNELS.parent / "kernel_compile.py" not in files] == []


def test_an_update_that_edits_only_the_cache_helper_or_the_warm_up_loads_the_kernels_compiled_before(
        tmp_path, compiled_once):
    cache = tmp_path / "cache"
    program = _copy_of_the_program(tmp_path / "program")
    hits, misses = _compiled_cache(compiled_once, cache)  # compiled by the program before the update
    assert misses > 0 and hits == 0  # compiled and cached

    _edited(program / "ai" / "kernel_cache.py", '"""Where numba', '"""Where (edited docstring) numba')
    hits, misses = _hits_and_misses(program, cache)
    assert hits > 0 and misses == 0  # loaded, nothing compiled

    _edited(program / "ai" / "kernels" / "__init__.py", '"""numba kernels:', '"""numba kernels (edited docstring):')
    hits, misses = _hits_and_misses(program, cache)
    assert hits > 0 and misses == 0


def test_an_older_versions_cache_folder_unused_for_a_month_is_removed_as_a_kernel_module_loads(tmp_path, monkeypatch):
    """Each version filed its kernels under a new folder and none was ever removed (74 MB of
    folders of past versions on a developer's machine); another module's folders, and a version
    used within the month (another copy of the program), are kept."""
    from ai import kernel_cache
    from ai.kernels import hex_inferior

    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(kernel_cache.KernelCacheLocator, "_seeded", set())

    def folder(name: str, days_unused: float) -> Path:
        path = tmp_path / name
        (path / "index.nbi").parent.mkdir()
        (path / "index.nbi").write_bytes(b"old")
        when = os.stat(path).st_mtime - days_unused * 86400
        os.utime(path, (when, when))
        return path

    old, recent = folder("hex_inferior-" + "0" * 20, kernel_cache.UNUSED_DAYS_KEPT + 10), folder("hex_inferior-" + "1" * 20, kernel_cache.UNUSED_DAYS_KEPT - 10)
    other_module = folder("hex-" + "0" * 20, kernel_cache.UNUSED_DAYS_KEPT + 10)
    function = hex_inferior.fill_in.py_func
    locator = kernel_cache.KernelCacheLocator.from_function(function, function.__code__.co_filename)

    current = Path(locator.get_cache_path())
    assert current.parent == tmp_path and current.is_dir()
    assert (old.exists(), recent.exists(), other_module.exists()) == (False, True, True)


def _files(folder: Path, contents: dict[str, bytes]) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in contents.items():
        (folder / name).write_bytes(text)


def test_a_bundles_kernel_reaches_a_half_filled_cache_folder_whole_never_beside_the_users_own_files(
        tmp_path, monkeypatch):
    """The bundle's seeding copied file by file whatever the folder lacked: beside data files the
    user's folder already had (a seeding cut short, the user's own compile) it put the shipped
    index, and beside the user's own index the shipped data files it lacked, so numba loaded code
    compiled for another index.  Now a kernel whose index the folder lacks comes whole from the
    bundle (its data files too, the user's others of its name removed), and one it has is left."""
    from ai import kernel_cache
    from ai.kernel_folders import folder_name
    from ai.kernels import hex_inferior

    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(kernel_cache.KernelCacheLocator, "_seeded", set())
    monkeypatch.setattr(kernel_cache, "SHIPPED", tmp_path / "shipped")
    function = hex_inferior.fill_in.py_func
    name = folder_name(function.__code__.co_filename)
    fill, ring = "hex_inferior.fill_in-10.py311", "hex_inferior.ring-20.py311"
    _files(tmp_path / "shipped" / name, {f"{kernel}{part}": b"shipped" for kernel in (fill, ring)
                                         for part in (".nbi", ".1.nbc", ".2.nbc")})
    user = tmp_path / "cache" / name
    _files(user, {f"{fill}.1.nbc": b"user's", f"{fill}.3.nbc": b"user's",  # data, no index: a copy cut short
                  f"{ring}.nbi": b"user's", f"{ring}.1.nbc": b"user's"})  # the user's own kernel

    assert kernel_cache.KernelCacheLocator.from_function(function, function.__code__.co_filename) is not None
    assert {path.name: path.read_bytes() for path in user.iterdir()} == {
        f"{fill}.nbi": b"shipped", f"{fill}.1.nbc": b"shipped", f"{fill}.2.nbc": b"shipped",
        f"{ring}.nbi": b"user's", f"{ring}.1.nbc": b"user's"}
