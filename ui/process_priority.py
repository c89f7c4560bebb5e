"""The priorities the window's processes run at, and how a process lowers its own: the window's
frames first, then a computer's move (a game's worker), then an analysis, the kernel preparation
last.  Shared by the worker process (``ui.worker_process``, ``ui.worker_jobs``) and the
preparation (``ui.kernel_preparation``).

This module must not import pygame: the worker process imports it under the spawn start method.
"""

from __future__ import annotations

import contextlib
import os
import sys

WORKER_NICENESS = 5  # the worker runs at a lower priority than the window
PREPARE_NICENESS = 19  # the window's preparation lowest: a game's own worker compiles what it needs first
ANALYSIS_NICENESS = 12  # an analysis worker (analysis mode) lower still: it runs for as long as it is on


def lower_priority(niceness: int) -> None:
    """Run this process at ``niceness`` or lower (POSIX ``nice``: raised to it, never brought back
    up) or, on Windows, which has no ``nice``, in the priority class below normal (idle from 10 on,
    an analysis): the window's frames first, then a computer's move, then an analysis."""
    if hasattr(os, "nice"):
        with contextlib.suppress(OSError):
            now = os.nice(0)
            if now < niceness:
                os.nice(niceness - now)
    elif sys.platform == "win32":
        import ctypes

        below_normal, idle = 0x4000, 0x40  # BELOW_NORMAL_PRIORITY_CLASS, IDLE_PRIORITY_CLASS
        with contextlib.suppress(OSError, AttributeError):
            kernel32 = ctypes.windll.kernel32
            kernel32.SetPriorityClass(kernel32.GetCurrentProcess(), idle if niceness >= 10 else below_normal)
