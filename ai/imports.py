"""Engine and kernel modules imported one thread at a time: numba's first import is not thread-safe.

Python locks each module while it imports it, not the whole import: two threads importing
different engine modules at once (the tree explorer's builder and the evaluation graph's engine,
warm start's steps and the first screen opened, the AI worker's warm-up and its first job) each
import numba, whose modules import one another in a circle; Python then hands one thread a module
the other is still running (``ImportError: cannot import name ...``, ``partially initialized
module 'numba.core.types'``).  ``python tools/import_race.py --plain`` shows it: three threads
importing three engines in a fresh process failed in 8 of 10 runs.

Every import of an ``ai.engines`` or ``ai.kernels`` module made off the main thread or lazily
(inside a function: an engine's or kernel's own, a warm-up stage's), and of numba itself where it
may be its first import, goes through ``import_engine``, which holds one process-wide lock while
it imports.  The lock is re-entrant (an engine importing another engine through it, a kernel
module its kernels); a thread holding it only imports, never waits for the window's thread, so no
deadlock.  A module already imported is returned without the lock: the window never waits for
warm start's import of another.
Never call ``import_engine`` at a module's top level: a module imported the plain way while a
thread holds the lock and waits for that very import would wait for ever.
"""

from __future__ import annotations

import importlib
import sys
import threading
from types import ModuleType

_LOCK = threading.RLock()


def import_engine(name: str) -> ModuleType:
    """The module ``name``, imported under the process-wide import lock unless it is imported
    already (whole: one still running on another thread waits for it)."""
    module = sys.modules.get(name)
    if module is not None and not _initialising(module):
        return module
    with _LOCK:
        return importlib.import_module(name)


def _initialising(module: ModuleType) -> bool:
    """Whether ``module``'s code is still running (Python marks its spec while it does)."""
    return bool(getattr(getattr(module, "__spec__", None), "_initializing", False))
