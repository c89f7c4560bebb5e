"""Processes that take a kernel stage's lock or compile it, for the tests of ai.kernel_lock and of
the preparation giving a stage up: started on a cache folder of the test's own, read line by line."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TINY_STAGE = "ai.kernels.tiny_stage"  # the kernel module tests/tiny_stage.py is loaded as
# the lines that put tests/tiny_stage.py in the place of Tic-tac-toe's search in a process (``tiny_stage``)
TINY_SEARCH = "from tests.stage_processes import tiny_stage\ntiny_stage('tictactoe', 'search')\n"


def start(code: str, cache: Path, *args: str) -> subprocess.Popen:
    """``code`` run by this Python in a process of its own, on the numba cache ``cache``, its
    output (stderr with stdout) read as text."""
    env = dict(os.environ, NUMBA_CACHE_DIR=str(cache))
    return subprocess.Popen([sys.executable, "-c", code, *args], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)


def read_until(process: subprocess.Popen, words: str) -> list[str]:
    """The process's lines up to the first with ``words`` in it (all of them if it ends first)."""
    lines = []
    for line in process.stdout:
        lines.append(line.rstrip())
        if words in line:
            break
    return lines


def tiny_stage(game_id: str, stage: str) -> None:
    """tests/tiny_stage.py's stage in the place of ``stage`` of ``game_id``'s kernels, in this
    process: its lock and log lines are that stage's.  The file is loaded as the kernel module
    ``TINY_STAGE``, so that ``ai.stage_kernels`` follows its warm-up into its kernels (for
    ``ai.kernels.on_disk``) and ``ai.kernels.cache_misses`` counts them, as a game's."""
    from ai import kernels

    spec = importlib.util.spec_from_file_location(TINY_STAGE, ROOT / "tests" / "tiny_stage.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[TINY_STAGE] = module
    spec.loader.exec_module(module)
    kernels._module(game_id).STAGES[stage] = module.warm_up
