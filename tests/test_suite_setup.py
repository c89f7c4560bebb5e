"""What tests/conftest.py sets up for the whole suite, checked: the suite's own start-up costs
every xdist worker its share of CI's time."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_test_modules_are_kept_compiled():
    """This module's rewritten asserts are in __pycache__ once it is imported, even from a shell
    that exports PYTHONDONTWRITEBYTECODE: without them every xdist worker rewrote all the test
    modules again before its first test."""
    cached = Path(importlib.util.cache_from_source(__file__)).parent
    assert list(cached.glob(f"{Path(__file__).stem}.*pytest*.pyc")), f"nothing of this module compiled in {cached}"


def test_a_process_a_test_starts_keeps_the_modules_it_compiles():
    """A process a test starts (an analysis worker, a tournament's, the command line) writes the
    app's modules it compiles, for the next one to read: each compiled them all again."""
    code = "import sys; print(sys.dont_write_bytecode)"
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=dict(os.environ), capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "False"
