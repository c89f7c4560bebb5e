"""Memory the window has freed, given back to the system where the C library would keep it.

The window builds and drops many pictures: a screen's surfaces and forms go when it is left, and
pygame-menu builds a form again at every size a window passes through while its edge is dragged.
The forms dropped are reference cycles, freed only when the garbage collector next runs, and
glibc's allocator keeps what is freed among blocks still in use for the process: after its edge
was dragged through 80 sizes and the screen was left, the window held 210 to 235 MB where 76 MB
were in use.  ``give_back`` collects the garbage, then asks glibc to return the free pages
(``malloc_trim``: 20 ms for that heap, under 1 ms when there is nothing to give back); elsewhere
(macOS, Windows, musl) only the garbage is collected.

A collection goes through every object the collector tracks, and most of them are the modules,
classes and functions imported before the window opened, alive until it closes: 16 ms of the
collection at every change of screen went through them (45 to 60 ms in a test run, whose process
holds the test modules too).  ``leave_out_what_lives_on`` sets them aside once, as the window
opens (``gc.freeze``): the collections go through what was made since, 5 ms.  Warm start
(ui/warm_start.py) then imports every engine, numba and llvmlite into the window, 26,000 to 41,000
objects more, and every collection went through them again (5 to 20 ms a change of screen): the
window sets them aside too once they are imported (``leave_out_what_lives_now``), at a moment no
screen is alive (``App``), since a screen's objects set aside would never be freed.  Where warm
start ends away from the main menu, they are set aside with the screen shown, and the main menu
later sets everything aside again (``set_aside_again``), which frees that screen.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import sys
from collections.abc import Callable
from functools import lru_cache


@lru_cache(maxsize=1)
def _malloc_trim() -> Callable[[int], int] | None:
    """glibc's ``malloc_trim``, or None where the C library has none."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        trim = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6").malloc_trim
    except (OSError, AttributeError):  # not glibc (musl has no malloc_trim)
        return None
    trim.argtypes, trim.restype = [ctypes.c_size_t], ctypes.c_int
    return trim


def can_give_back() -> bool:
    """Whether this process's C library can be asked for the freed memory (glibc's
    ``malloc_trim``), asked without collecting anything: a collection before any window opened
    goes through every object imported (a test module's skip condition paid 0.3 to 0.6 s of each
    test process's collection for it)."""
    return _malloc_trim() is not None


def give_back() -> bool:
    """Free the garbage, and return the freed memory at the heap's ends and between its blocks to
    the system; True if there was a C library to ask (``can_give_back``).

    The collection is a full one: a screen has lived through the collection of the change that
    showed it, so what it holds is in the oldest generation when it is left, and collecting the
    young generations alone left it alive (tools/give_back_bench.py)."""
    gc.collect()
    trim = _malloc_trim()
    if trim is None:
        return False
    trim(0)
    return True


_SET_ASIDE = [False]  # this process has set something aside (it stays so: ``set_aside_again``)


def leave_out_what_lives_on() -> None:
    """Set what is alive now aside from every later collection (``gc.freeze``), once a process: the
    imported modules, which live until the process ends (see the module's docstring).  The garbage
    is collected first, so none of it is set aside; what is set aside and dies later is not freed
    (a window's first scene is made after this, so it is freed when left).

    Whether anything is set aside is asked once a process: ``gc.get_freeze_count`` counts what is
    set aside one object at a time, and every later window (each test's, the tests' process having
    set hundreds of thousands of objects aside) paid 20 to 65 ms for that count as it opened.
    Nothing sets aside less again (``set_aside_again`` sets aside at once what it takes back)."""
    if not _SET_ASIDE[0] and not gc.get_freeze_count():
        leave_out_what_lives_now()
    _SET_ASIDE[0] = True


def leave_out_what_lives_now() -> None:
    """Collect the garbage, then set everything alive aside from every later collection, whatever
    was set aside before: only where what is alive lives until the process ends (no screen is
    alive): what is set aside and dies later sits in its reference cycles for good."""
    gc.collect()
    gc.freeze()


def set_aside_again() -> None:
    """Take back everything set aside (``gc.unfreeze``), then set aside what lives now
    (``leave_out_what_lives_now``): what was set aside while alive and has died since (a screen
    left) is freed by this collection, which goes through everything, once."""
    gc.unfreeze()
    leave_out_what_lives_now()
