"""How every numba kernel is compiled: the ``njit`` that ai/kernels' modules decorate them with.

A kernel module's compiled code is filed under a hash of its sources
(``ai.kernel_folders.kernel_sources``): its file, the kernel modules it calls and the modules
those import.  This module is one of every kernel module's sources, so an edit here compiles every
kernel of every game again (two minutes on a 2-core machine, and a bundle's shipped kernels go
unused).  The package's ``ai/kernels/__init__.py`` (the warm-up and its stages, the cache folder)
is no kernel's source: it was, as the home of ``njit``, and each of its many edits compiled
everything again, though it changed no compiled code.

What must live here, written in this file itself: everything a kernel's compiled code depends on
beyond the kernel modules and what they import -- the options numba compiles every kernel with,
how a call's arguments are typed (``_compile_per_type``), any numba setting or patch that changes
the code numba makes, any constant that code reads.  What this module imports is not followed
into the sources: a value that decides code is defined here, not imported.  Anything that decides
compiled code and lives elsewhere (in ``ai/kernels/__init__.py`` above all) is under-hashed: a
kernel compiled before the change is loaded from the cache after it, without an error.

Nothing else belongs here, since every edit costs that full compile.  Where the code is filed and
which file is loaded (``ai.kernel_cache``, set up by ``njit``) decide no code; nor does how a
failing cache is mended: the warm-ups' ``mends_the_cache`` finds ``ai.kernels.mends_the_cache``
as it runs.  The kernel modules import this module, never the package's ``__init__``
(``ai.kernels.<module>`` imports the package first anyway, which sets the cache folder).
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable

log = logging.getLogger(__name__)

# the package whose functions are our kernels: calls of them are typed per type (``_compile_per_type``)
KERNEL_PACKAGE = "ai.kernels"


def njit(*args, **options):
    """numba's ``njit`` for our kernels, which numba compiles once per argument *type*.

    Left to itself, numba compiles a kernel again for every constant a caller passes it (``f(x, 0)``
    and ``f(x, 1)`` are two compilations, and ``f(x, n)`` a third): a quarter of Reversi's and Hex's
    compile time from an empty cache was such copies, and a recursive kernel called with a constant
    refers to a copy that numba's cache may not load.  Our kernels never ask for a constant's value
    at compile time (``numba.literally``), so their callers' constants are typed as plain ints and
    bools.  Kept to ai/kernels' kernels; without the numba internals this relies on (checked
    with numba 0.61-0.68), kernels compile as numba would by itself."""
    _compile_per_type()
    from numba import njit as numba_njit

    _file_by_source()
    return numba_njit(*args, **options)


def mends_the_cache(warm_up: Callable[[], None]) -> Callable[[], None]:
    """``warm_up`` run through ``ai.kernels.mends_the_cache`` (run again after mending the cache
    if it failed in numba's cache code), looked up as it runs, out of the kernels' sources."""

    @functools.wraps(warm_up)
    def mending() -> None:
        from ai import kernels

        kernels.mends_the_cache(warm_up)()

    return mending


@functools.cache
def _file_by_source() -> None:
    """Have numba file the compiled kernels by their modules' sources (``ai.kernel_cache``), or
    by their folder's path as it does by itself if its classes are not where that expects them."""
    try:
        from ai.kernel_cache import use_kernel_locator
    except ImportError as exc:
        log.warning("compiled kernels are filed by their folder's path, numba's way (%s)", exc)
    else:
        use_kernel_locator()


def _compile_per_type() -> None:
    from numba.core import types
    from numba.core.dispatcher import Dispatcher

    original = getattr(Dispatcher, "get_call_template", None)
    if original is None or getattr(original, "per_type", False):
        return

    @functools.wraps(original)
    def get_call_template(self, args, kws):
        if getattr(self.py_func, "__module__", "").startswith(f"{KERNEL_PACKAGE}."):
            args = tuple(types.unliteral(a) for a in args)
            kws = {name: types.unliteral(t) for name, t in kws.items()}
        return original(self, args, kws)

    get_call_template.per_type = True
    Dispatcher.get_call_template = get_call_template
