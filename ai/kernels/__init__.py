"""numba kernels: the hot loops of the engines, compiled to machine code.

Each ``ai/kernels/<game>.py`` holds plain-Python-syntax functions on ints, uint64 bitboards and
numpy arrays, decorated ``@njit(cache=True, nogil=True)``; games/ stays the readable rules
reference and differential tests hold every kernel to it.  ``warm_up`` compiles (or loads from the
on-disk cache) the kernels before the first search needs them, so the window can do it in the
background while the user picks a game.

The compiled code is cached in the platform's cache folder (``~/.cache/tabuleiro/numba`` on
Linux), which an installed copy and the PyInstaller folder app can write, unlike their own
folders; ``NUMBA_CACHE_DIR`` set by the user wins.  It is set here, before any kernel module is
imported, because numba reads it when a kernel is decorated.

The cache must never cost the user the engine.  A damaged cache file (a disk error, a copy cut
short) would make numba fail on every load, run after run; a full disk would make it fail on every
save.  Each module's ``warm_up`` is wrapped in ``mends_the_cache``: when it fails inside numba's
cache code, a failure to read deletes the kernels' cache files, a failure of the disk (``OSError``)
turns caching off for this process, and the warm-up runs once more.
"""

from __future__ import annotations

import functools
import importlib
import logging
import os
import sys
import traceback
from collections.abc import Callable
from pathlib import Path

import platformdirs

log = logging.getLogger(__name__)

KERNEL_GAMES = ("reversi", "hex", "rastros", "alquerque")
# Relative compile times from an empty cache (Hex's H-search is the largest kernel by far), to
# share the compiling among processes evenly.
COMPILE_COST = {"hex": 3.0, "alquerque": 1.2, "reversi": 1.0, "rastros": 0.8}


def cache_dir() -> Path:
    """Where numba keeps the compiled kernels between runs."""
    return Path(os.environ.get("NUMBA_CACHE_DIR") or Path(platformdirs.user_cache_dir("tabuleiro")) / "numba")


def _use_our_cache_dir() -> None:
    path = str(cache_dir())
    os.environ["NUMBA_CACHE_DIR"] = path
    if "numba" in sys.modules:  # imported before us: numba has read its config already
        from numba.core import config

        config.CACHE_DIR = path


_use_our_cache_dir()


def kernel_modules() -> tuple[str, ...]:
    """The names of the kernel modules (``rastros``, ``hex_vc`` ...): numba names their cache files
    after them (``rastros.solve_win-436.py311.1.nbc``)."""
    return tuple(sorted(p.stem for p in Path(__file__).parent.glob("*.py") if p.stem != "__init__"))


def numba_cache_failure(exc: BaseException) -> BaseException | None:
    """The exception in ``exc``'s chain raised inside numba's on-disk cache code, if any (numba
    may wrap it, e.g. in a typing error of a kernel that calls the one it was compiling)."""
    seen: BaseException | None = exc
    while seen is not None:
        if any(Path(frame.filename).parts[-3:] == ("numba", "core", "caching.py")
               for frame in traceback.extract_tb(seen.__traceback__)):
            return seen
        seen = seen.__cause__ or seen.__context__
    return None


def clear_kernel_cache() -> int:
    """Delete the kernels' compiled files from the cache folder; the number deleted."""
    names = set(kernel_modules())
    deleted = 0
    for path in cache_dir().glob("*/*.nb[ci]"):
        if path.name.split(".", 1)[0] in names:
            try:
                path.unlink()
                deleted += 1
            except OSError:  # gone already (another process mending too) or not ours to delete
                pass
    return deleted


_in_memory = False  # set when the cache folder failed us: compile without the cache from then on


def compile_in_memory() -> int:
    """Turn numba's on-disk cache off for every kernel imported so far; how many were cached.

    numba has no public switch for this: each dispatcher gets the ``NullCache`` that a kernel
    decorated without ``cache=True`` has (numba's own classes; checked with numba 0.68)."""
    global _in_memory
    from numba.core.caching import NullCache
    from numba.core.registry import CPUDispatcher

    _in_memory = True
    count = 0
    for name in kernel_modules():
        module = sys.modules.get(f"{__name__}.{name}")
        for kernel in vars(module).values() if module is not None else ():
            if isinstance(kernel, CPUDispatcher) and not isinstance(kernel._cache, NullCache):
                kernel._cache = NullCache()
                count += 1
    return count


def mends_the_cache(warm_up: Callable[[], None]) -> Callable[[], None]:
    """``warm_up``, run once more if it failed in numba's cache: after deleting the kernels' cache
    files (a file numba cannot read), or with the cache off (a disk that fails, e.g. full)."""

    @functools.wraps(warm_up)
    def mending() -> None:
        if _in_memory:
            compile_in_memory()  # kernels imported since caching was turned off
        try:
            warm_up()
        except Exception as exc:
            failure = numba_cache_failure(exc)
            if failure is None:
                raise
            what = f"{type(failure).__name__}: {failure}"
            if isinstance(failure, OSError):
                compile_in_memory()
                log.warning("the compiled-kernel cache in %s cannot be used (%s); compiling in memory "
                            "for this run", cache_dir(), what)
            else:
                deleted = clear_kernel_cache()
                log.warning("the compiled-kernel cache could not be read (%s); deleted %d files of %s "
                            "and compiling again", what, deleted, cache_dir())
            warm_up()

    return mending


def compile_groups(processes: int) -> list[tuple[str, ...]]:
    """The kernel games split into ``processes`` groups of about equal compile time (largest
    first, each to the lightest group), so that preparing them in parallel ends soonest."""
    groups: list[list[str]] = [[] for _ in range(max(1, min(processes, len(KERNEL_GAMES))))]
    for name in sorted(KERNEL_GAMES, key=lambda g: -COMPILE_COST[g]):
        min(groups, key=lambda group: sum(COMPILE_COST[g] for g in group)).append(name)
    return [tuple(group) for group in groups]


def warm_up(game_id: str | None = None) -> None:
    """Compile or load every kernel of ``game_id`` (all games when None)."""
    for name in KERNEL_GAMES if game_id is None else (game_id,):
        if name not in KERNEL_GAMES:
            continue
        try:
            module = importlib.import_module(f"ai.kernels.{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"ai.kernels.{name}":
                raise
            continue
        module.warm_up()
