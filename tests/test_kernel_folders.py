"""What the window's preparation processes know of the compiled kernels without numba
(``ai.kernel_folders``): a later run, every kernel compiled, prepares nothing and imports no numba."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from ai.kernel_folders import KERNELS, folder_name, is_prepared, mark_prepared, prepared_stamp

ROOT = Path(__file__).resolve().parent.parent
PREPARE_TICTACTOE = "import sys\nimport ui.kernel_preparation as w\nw._prepare(('tictactoe',))\nprint('numba' in sys.modules)\n"


def _prepare_imports_numba() -> bool:
    """Run a preparation process's work for Tic-tac-toe in a new process, with this run's compiled
    kernels (tests/conftest.py compiles them); whether it imported numba."""
    done = subprocess.run([sys.executable, "-c", PREPARE_TICTACTOE], cwd=ROOT, env=dict(os.environ),
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout.split()[-1] == "True"


def test_a_later_runs_preparation_imports_no_numba():
    """The first preparation loads Tic-tac-toe's kernels (numba with them) and says they are all
    compiled; the next run's finds it said and ends without numba (it imported numba and loaded
    every kernel of its games on every start, to compile nothing)."""
    from ai.kernels import cache_dir

    prepared_stamp("tictactoe", cache_dir()).unlink(missing_ok=True)
    assert _prepare_imports_numba()
    assert is_prepared("tictactoe", cache_dir())
    assert not _prepare_imports_numba()


def _compiled(cache: Path) -> list[Path]:
    """Every kernel module's folder in ``cache`` with one compiled file, as after a warm-up."""
    indexes = []
    for path in sorted(KERNELS.glob("*.py")):
        if path.name != "__init__.py":
            folder = cache / folder_name(path)
            folder.mkdir(parents=True)
            indexes.append(folder / f"{path.stem}.kernel-1.py311.nbi")
            indexes[-1].write_bytes(b"")
    return indexes


def test_a_game_is_prepared_only_while_every_kernel_module_has_compiled_code(tmp_path):
    """Said prepared, a game is until a kernel module's compiled files are deleted (the cache
    mended after a damaged file: ``ai.kernels.clear_kernel_cache``); said again, the stamp of
    other sources goes."""
    indexes = _compiled(tmp_path)
    assert not is_prepared("hex", tmp_path)  # nothing said yet: the first run compiles
    older = tmp_path / "prepared-hex-00000000000000000000"
    older.touch()
    mark_prepared("hex", tmp_path)
    assert is_prepared("hex", tmp_path) and not is_prepared("reversi", tmp_path)
    assert not older.exists()
    indexes[0].unlink()
    assert not is_prepared("hex", tmp_path)


def test_a_stamp_left_by_another_processor_does_not_count(tmp_path, monkeypatch):
    """numba files compiled code under the CPU's model and features: a cache folder another machine
    filled and said prepared (a home folder shared between machines) holds no code this one runs,
    so its preparation compiles (``cpu_identity`` is in the stamp's name)."""
    import ai.kernel_folders as folders

    _compiled(tmp_path)
    mark_prepared("hex", tmp_path)
    assert is_prepared("hex", tmp_path)
    monkeypatch.setattr(folders, "cpu_identity", lambda: "x86_64 another processor | fpu sse2")
    assert not is_prepared("hex", tmp_path)


def test_the_processor_is_named_by_its_model_and_features():
    """What the stamp holds of the processor names the machine's architecture and, on Linux, the
    model and feature flags /proc/cpuinfo lists (numba tells code apart by both)."""
    import platform

    from ai.kernel_folders import cpu_identity

    identity = cpu_identity()
    assert identity.startswith(platform.machine())
    cpuinfo = Path("/proc/cpuinfo")
    if cpuinfo.exists() and "flags" in cpuinfo.read_text():
        flags = next(line for line in cpuinfo.read_text().splitlines() if line.startswith("flags"))
        assert flags.partition(":")[2].strip() in identity


def _without_numba_settings(monkeypatch) -> None:
    from ai.kernel_folders import CODEGEN_SETTINGS, TARGET_SETTINGS

    for name in (*CODEGEN_SETTINGS, *TARGET_SETTINGS, "NUMBA_DISABLE_JIT"):
        monkeypatch.delenv(name, raising=False)


def test_a_numba_setting_that_changes_the_code_names_another_folder_and_stamp(tmp_path, monkeypatch):
    """numba's cache tells code apart by CPU but not by optimisation level, index checks and the
    like (``CODEGEN_SETTINGS``): a run under ``NUMBA_OPT=0`` loaded the kernels of level 3 and found
    the game prepared.  Each such setting is now a folder of its own; numba's default left unset,
    the sources alone name it, as a bundle's shipped folders are named."""
    from ai.kernel_folders import source_digest

    _without_numba_settings(monkeypatch)
    module = KERNELS / "rastros.py"
    default = folder_name(module)
    assert default == f"rastros-{source_digest(module)}"
    _compiled(tmp_path)
    mark_prepared("rastros", tmp_path)
    names = {default}
    for name, value in (("NUMBA_OPT", "0"), ("NUMBA_OPT", "max"), ("NUMBA_BOUNDSCHECK", "1"),
                        ("NUMBA_LOOP_VECTORIZE", "0"), ("NUMBA_DEBUGINFO", "1")):
        monkeypatch.setenv(name, value)
        names.add(folder_name(module))
        assert not is_prepared("rastros", tmp_path)
        monkeypatch.delenv(name)
    assert len(names) == 6
    assert folder_name(module) == default and is_prepared("rastros", tmp_path)


def test_numbas_own_keys_name_no_other_folder_but_another_cpu_is_prepared_anew(tmp_path, monkeypatch):
    """numba keys its cache on the CPU it compiles for: the same folder holds each CPU's code (a
    bundle's kernels compiled for ``generic`` are found under the user's CPU), but a preparation for
    another CPU model did not compile this one's.  ``NUMBA_DISABLE_JIT`` compiles nothing at all."""
    _without_numba_settings(monkeypatch)
    module = KERNELS / "rastros.py"
    default = folder_name(module)
    _compiled(tmp_path)
    mark_prepared("rastros", tmp_path)
    monkeypatch.setenv("NUMBA_DISABLE_JIT", "1")
    assert folder_name(module) == default and is_prepared("rastros", tmp_path)
    monkeypatch.setenv("NUMBA_CPU_NAME", "generic")
    assert folder_name(module) == default and not is_prepared("rastros", tmp_path)


# A window's kernel preparation on a later run (every game prepared in the cache folder argv[1]):
# its processes end at once; prints each one's state once both are reaped, or after 30 s without.
ENDED_PREPARATION = r"""
import sys, time
from multiprocessing.connection import wait
from pathlib import Path

import pytest
import ui.kernel_preparation as w
preparation = w.KernelPreparation(processes=2)
for process in preparation.processes:
    wait([process.sentinel], timeout=120)  # ended; a wait reaps nothing
def state(pid):
    try:
        return Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
    except (FileNotFoundError, ProcessLookupError):  # reaped between a look and the read
        return "gone"
for _ in range(300):  # a safety net: reaped at once
    states = [state(process.pid) for process in preparation.processes]
    if states == ["gone", "gone"]:
        break
    time.sleep(0.1)
print(*states)
preparation.stop()
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads process states in Linux's /proc")
def test_the_preparations_ended_processes_leave_no_zombies(tmp_path):
    """On a later run each preparation process ends at once, and was joined only by the window's
    close: two ``<defunct>`` processes under the window for the whole session."""
    from ai.kernels import KERNEL_GAMES

    cache = tmp_path / "cache"
    _compiled(cache)
    for game_id in KERNEL_GAMES:
        mark_prepared(game_id, cache)
    done = subprocess.run([sys.executable, "-c", ENDED_PREPARATION], cwd=ROOT, capture_output=True, text=True,
                          env={**os.environ, "NUMBA_CACHE_DIR": str(cache)}, timeout=180)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["gone", "gone"]


@pytest.mark.skipif(not hasattr(os, "pidfd_open"), reason="signals through pidfds (Linux)")
def test_the_preparations_stop_signals_no_pid_its_reaper_freed(tmp_path, monkeypatch):
    """The reaper's ``join`` has reaped a process and not yet noted so when the window's close
    stops the preparation: ``is_alive`` found no child for its ``waitpid``, said "alive", and
    ``terminate`` sent SIGTERM to the freed pid, another process's once reused (a CI run lost
    pytest workers to stray signals).  Here the reaper is held between the two."""
    import ui.kernel_preparation as w
    from ai.kernels import KERNEL_GAMES
    from tests.reap_helpers import reap_held

    cache = tmp_path / "cache"
    _compiled(cache)
    for game_id in KERNEL_GAMES:
        mark_prepared(game_id, cache)
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(cache))  # the process ends at once
    with reap_held(monkeypatch, "tabuleiro-prepare-reaper") as held:
        preparation = w.KernelPreparation(processes=1)
        held.wait()
        preparation.stop()
    assert held.signalled == []
