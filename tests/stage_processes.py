"""Processes that take a kernel stage's lock or compile it, for the tests of ai.kernel_lock and of
the preparation giving a stage up: started on a cache folder of the test's own, read line by line."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


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
