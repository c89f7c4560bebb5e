"""tests/reap_helpers.py's ``descendant``: a child's child signalled through a pidfd, never by a pid
that its parent may have reaped and the system given to another process."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.reap_helpers import descendant

pytestmark = pytest.mark.skipif(not hasattr(os, "pidfd_open"), reason="pidfds (Linux)")

# A parent that starts a child (printing its pid), then at a line on its input (or its end) kills
# and reaps it
PARENT = r"""
import subprocess, sys
child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"], stdout=subprocess.DEVNULL)
print(child.pid, flush=True)
sys.stdin.readline()
child.kill()
child.wait()
print("reaped", flush=True)
sys.stdin.readline()
"""


def _parent_and_child() -> tuple[subprocess.Popen, int]:
    parent = subprocess.Popen([sys.executable, "-c", PARENT], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    return parent, int(parent.stdout.readline())


def _end(parent: subprocess.Popen) -> None:
    """The parent's input closed: it ends its child, if not yet, then itself."""
    parent.communicate(timeout=60)


def test_a_descendant_reaped_by_its_parent_is_signalled_no_more():
    """Its parent reaped it (its pid free for any new process): a kill reaches nothing."""
    parent, child = _parent_and_child()
    try:
        found = descendant(child, parent.pid)
        assert found is not None and not found.ended()
        parent.stdin.write("\n")
        parent.stdin.flush()
        assert parent.stdout.readline() == "reaped\n"
        assert found.ended()
        found.kill()  # ProcessLookupError through the pidfd, kept quiet: no pid is signalled
        found.close()
    finally:
        _end(parent)


def test_a_process_that_is_not_the_ancestors_is_not_found():
    """A pid read from somewhere that is not (or no longer) a process the test's child started."""
    parent, child = _parent_and_child()
    other = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
    try:
        assert descendant(other.pid, parent.pid) is None  # a process of the test's own, not the parent's
        assert descendant(parent.pid, parent.pid) is None
        found = descendant(child, parent.pid)
        assert found is not None
        found.close()
    finally:
        other.kill()
        other.wait()
        _end(parent)
