"""numba kernels: the hot loops of the engines, compiled to machine code.

Each ``ai/kernels/<game>.py`` holds plain-Python-syntax functions on ints, uint64 bitboards and
numpy arrays, decorated ``@njit(cache=True, nogil=True)`` (numba's, through ``ai.kernel_compile``,
which alone decides how every kernel is compiled: this file is no kernel's source, so nothing here
may change compiled code); games/ stays the readable rules reference and differential tests hold
every kernel to it.

``warm_up`` compiles (or loads from the on-disk cache) a game's kernels in stages, each module's
``STAGES`` in the order a game needs them: the search first, then what can wait (Reversi's exact
solver, Hex's connection kernels).  A player made for a match, a bench or a tool compiles every
stage when it is made (``prepare``), so no move's clock pays for it.  The window's AI worker
instead compiles them in a thread of its own from the moment it starts (``defer_compiling``): the
first moves come from the opening books without any kernel, and until a stage is ready every
game's level plays without it (``preparing``: its pure-Python stand-in for the search's stage,
no solver, tables or connection kernels for the later ones).  A search made to wait for a stage
(``ready``: the analysis' in Hex) has the driver leave that wait out of its time.  What a fresh
install waits for its first computer move: ``python tools/cold_start.py``.  Each stage is logged
(debug) as it begins, compiling or loading, and when it is ready, with its seconds: the window's
log file has a slow first start's compiling (``ui.debug_log``).  One process at a time compiles a
stage (a lock file in the cache folder, ``ai.kernel_lock``): the others wait, then load its code.
The window's preparation gives a stage up to a game's worker that compiles it urgently
(``yield_to_urgent``): it ends, and the window starts it again for the stages still missing.

The compiled code is cached in the platform's cache folder (``~/.cache/tabuleiro/numba`` on
Linux), which an installed copy and the PyInstaller folder app can write, unlike their own
folders; ``NUMBA_CACHE_DIR`` set by the user wins.  It is set here, before any kernel module is
imported, because numba reads it when a kernel is decorated.  Inside it each module's code has a
folder named by the module's source (``ai.kernel_cache``), not by where the program lies, so a
moved copy finds it, and a bundle brings its kernels compiled.

The cache must never cost the user the engine.  A damaged cache file (a disk error, a copy cut
short) would make numba fail on every load, run after run; a full disk would make it fail on every
save.  Each module's ``warm_up`` is wrapped in ``mends_the_cache``: when it fails inside numba's
cache code, a failure to read deletes the kernels' cache files, a failure of the disk (``OSError``)
turns caching off for this process, and the warm-up runs once more.
"""

from __future__ import annotations

import contextlib
import functools
import logging
import os
import sys
import threading
import time
import traceback
from collections.abc import Callable, Iterator
from pathlib import Path

import platformdirs

from ai import optional_module
from ai.kernel_lock import (
    POLL_SECONDS,
    Holder,
    StageLock,
    held_elsewhere,
    lock_path,
    stage_lock,
    urgent_held,
    urgent_path,
)

log = logging.getLogger(__name__)

KERNEL_GAMES = ("reversi", "hex", "rastros", "alquerque", "tictactoe")
# Relative compile times from an empty cache (Hex's H-search is the largest kernel by far), to
# share the compiling among processes evenly.
COMPILE_COST = {"hex": 3.0, "alquerque": 1.2, "reversi": 1.0, "rastros": 0.8, "tictactoe": 0.4}
TICTACTOE_KERNEL_CELLS = 16  # Tic-tac-toe boards of more squares search in the kernel; 3x3 and 4x4 (solved) in Python


def used_by(game) -> bool:
    """Whether a match of ``game`` (a ``games.base.Game``) can run kernels, so that its worker
    prepares them as it starts: Tic-tac-toe's run only on boards of more than
    ``TICTACTOE_KERNEL_CELLS`` squares, and a 3x3 game had the window say "Preparing the
    engine..." (its clock held) while they loaded for nothing.  No kernel module is imported."""
    if game.id not in KERNEL_GAMES:
        return False
    return game.id != "tictactoe" or game.cells > TICTACTOE_KERNEL_CELLS


HEX_KNOWLEDGE_UP_TO = 13  # the largest Hex board whose level-5 runs the connection kernels (``unused_stages``)


def unused_stages(game) -> tuple[str, ...]:
    """The warm-up stages a match of ``game`` (a ``games.base.Game``) leaves unused, which its
    worker need not load: Hex's connection kernels ("knowledge") above ``HEX_KNOWLEDGE_UP_TO``,
    where level-5 analyses neither the root nor the tree (``ai.engines.hex_knowledge``:
    ``ANALYSE_UP_TO``, ``TREE_MUSTPLAY_UP_TO``).  Loading them there took a third of a second of
    the interpreter beside the first search, and 23 MB.  No kernel module is imported."""
    if game.id == "hex" and game.size > HEX_KNOWLEDGE_UP_TO:
        return ("knowledge",)
    return ()


def cache_root() -> Path:
    """Tabuleiro's folder in the platform's user cache: the compiled kernels (``cache_dir``) and the
    window's game lists (``ui.data_folders.cache_dir``) are kept in it, side by side."""
    return Path(platformdirs.user_cache_dir("tabuleiro"))


def cache_dir() -> Path:
    """Where numba keeps the compiled kernels between runs."""
    return Path(os.environ.get("NUMBA_CACHE_DIR") or cache_root() / "numba")


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


# -- when a process compiles what ------------------------------------------------------------
# Each game's kernel module lists its warm-ups in ``STAGES``, in the order a game needs them:
# "search" (what its players' searches call) first, then what can wait (Reversi's exact solver,
# Hex's connection kernels).  A stage runs once per process, whichever thread gets there first;
# a thread that needs it meanwhile waits for that one.


class _Stage:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.done = False
        self.from_scratch: bool | None = None  # compiled with no compiled code on disk (``on_disk``)


_stages: dict[tuple[str, str], _Stage] = {}
_stages_lock = threading.Lock()
_deferred = False
_yielding = False  # a preparation process: ends when another compiles its stage urgently (``yield_to_urgent``)
STAGE_GIVEN_UP = 75  # the exit status of a preparation process that gave a stage up (``yield_to_urgent``)
_waits = threading.local()


def _module(game_id: str):
    """``ai.kernels.<game_id>``, or None for a game without kernels (or a build without them)."""
    if game_id not in KERNEL_GAMES:
        return None
    return optional_module(f"{__name__}.{game_id}")


def _stage(game_id: str, stage: str) -> _Stage:
    with _stages_lock:
        return _stages.setdefault((game_id, stage), _Stage())


def stages(game_id: str) -> tuple[str, ...]:
    """The warm-up stages of ``game_id``'s kernels, in the order they are compiled."""
    module = _module(game_id)
    return tuple(module.STAGES) if module is not None else ()


def warm_up(game_id: str | None = None, *only: str) -> None:
    """Compile or load the kernels of ``game_id`` (all games when None): every stage, or the
    stages named in ``only``; at once for a stage this process has already done."""
    for name in KERNEL_GAMES if game_id is None else (game_id,):
        module = _module(name)
        for stage in module.STAGES if module is not None else ():
            if only and stage not in only:
                continue
            entry = _stage(name, stage)
            with entry.lock:
                if not entry.done:
                    _run_stage(name, stage, module.STAGES[stage], entry)


def _run_stage(game_id: str, stage: str, run: Callable[[], None], entry: _Stage, to_disk_only: bool = False) -> None:
    """``run`` ``stage`` of ``game_id``'s kernels holding its lock file in the cache folder
    (``ai.kernel_lock``), so that one process at a time compiles it: one that finds another
    process at it waits, the stage compiled elsewhere meanwhile (``compiled_elsewhere``: its
    stand-ins play), then loads what that one compiled -- or, ``to_disk_only`` (``fill_cache``),
    does not run it at all when that one left every kernel of it on disk.  Kernels compiled in
    memory (a failing cache) are shared with no one: no lock."""
    if _in_memory:
        _run_stage_here(game_id, stage, run, entry)
        return

    def waiting(holder: Holder | None) -> None:
        if _deferred:
            entry.from_scratch = holder is None or holder.compiling
        log.debug("%s kernels, stage %s: %s by process %s; waiting for it", game_id, stage,
                  "compiled" if holder is None or holder.compiling else "loaded",
                  holder.pid if holder is not None else "(unknown)")

    path = lock_path(cache_dir(), game_id, stage)
    with stage_lock(path, not on_disk(game_id, stage), waiting) as lock:
        if to_disk_only and on_disk(game_id, stage):
            log.debug("%s kernels, stage %s: compiled by another process meanwhile; not loaded here", game_id, stage)
            return
        other = path if lock is not None and lock.path != path else urgent_path(path)  # the lock it does not hold
        with _given_up_to_urgent(game_id, stage, other) if to_disk_only and _yielding else contextlib.nullcontext():
            _run_stage_here(game_id, stage, run, entry, lock)


def yield_to_urgent() -> None:
    """From now on, this process (one of the window's preparation processes) ends, with status
    ``STAGE_GIVEN_UP``, once another process compiles urgently the stage it fills the cache with
    (``fill_cache``; the urgent lock, ``ai.kernel_lock``): a game's worker that would not wait for
    it.  numba cannot stop a compile half-way, and the two compiled the same kernels side by side
    (on a 2-core machine the worker's first search waited for a compile that shared its core with
    a useless copy).  Ended so, it leaves in the cache only whole files: numba writes each under a
    name of its own, then renames it.  It writes a kernel's index before the data the index names:
    ended between the two, it leaves an index naming no file, which ``on_disk`` does not take for
    code (``_filed``) and the next process compiles again; a temporary file left, ``*.tmp.*``, is
    read by no one."""
    global _yielding
    _yielding = True


def urgently_compiled(game_id: str, stage: str) -> bool:
    """Whether a process compiles (or loads) ``stage`` of ``game_id``'s kernels urgently now,
    holding its urgent lock: a preparation process leaves it to that one for now (``_prepare``)."""
    return not _in_memory and urgent_held(lock_path(cache_dir(), game_id, stage))


@contextlib.contextmanager
def _given_up_to_urgent(game_id: str, stage: str, other: Path) -> Iterator[None]:
    """While the block runs the stage, a thread looks at the stage's lock this process does not
    hold (``other``: the urgent one, or the first where it holds the urgent one) every
    ``POLL_SECONDS`` and, once another process holds it, ends this process (``_give_up``)."""
    done = threading.Event()

    def watch() -> None:
        while not done.wait(POLL_SECONDS):
            if held_elsewhere(other):
                _give_up(game_id, stage)

    thread = threading.Thread(target=watch, daemon=True, name=f"urgent-watch-{game_id}-{stage}")
    thread.start()
    try:
        yield
    finally:
        done.set()
        thread.join()


def _give_up(game_id: str, stage: str) -> None:
    """End this preparation process at once with ``STAGE_GIVEN_UP``, its last words said: from
    this thread, since the main one is inside numba's compile.  The log's handlers are held first,
    so that no line is being sent to the window as it ends (half a line in the pipe, and the lock
    its preparation processes share for it never let go, ``ai.worker_channel``)."""
    from ai.parent_watch import run_last_words

    log.debug("%s kernels, stage %s: compiled urgently by another process; given up here", game_id, stage)
    run_last_words()
    for handler in logging.getLogger().handlers:
        handler.acquire()
    os._exit(STAGE_GIVEN_UP)


def fill_cache(game_id: str, stage: str) -> bool:
    """Compile ``stage`` of ``game_id``'s kernels into the cache folder unless every kernel of it
    is there (``on_disk``), looked at before the stage's lock is taken and again once it is held
    after a wait; whether this process has the stage (False: left on disk).  For the window's
    preparation processes, which only fill the cache for the processes that play: at nice 19 they
    went on to load a stage a game's worker had just compiled (all five games: 400 MB instead of
    100, and a minute at load 20 instead of 5 s), and to read Alquerque's table files."""
    module = _module(game_id)
    if module is None or stage not in module.STAGES:
        return False
    if on_disk(game_id, stage):
        log.debug("%s kernels, stage %s: on disk already; not loaded here", game_id, stage)
        return False
    entry = _stage(game_id, stage)
    with entry.lock:
        if not entry.done:
            _run_stage(game_id, stage, module.STAGES[stage], entry, to_disk_only=True)
    return entry.done


def _run_stage_here(game_id: str, stage: str, run: Callable[[], None], entry: _Stage,
                    lock: StageLock | None = None) -> None:
    """``run`` ``stage`` of ``game_id``'s kernels in this process, logged (debug) as it begins,
    compiling or loading from the cache, and as it ends, with its seconds: a slow first start's
    log (the window's worker sends its lines to the window's file, ``ai.worker_log``) says where
    the time went, and whether the cache was there.  ``lock``, the stage's held lock, is told which."""
    from_scratch = not on_disk(game_id, stage)  # asked again after a wait: the holder's code is on disk now
    if lock is not None:
        lock.say(from_scratch)
    if _deferred:  # the window's worker: Hex's analysis asks (``compiled_elsewhere``)
        entry.from_scratch = from_scratch
    log.debug("%s kernels, stage %s: %s", game_id, stage,
              "compiling (not all in the cache)" if from_scratch else "loading from the cache")
    began, misses = time.perf_counter(), cache_misses()
    try:
        run()
    except BaseException:
        entry.from_scratch = False  # failed here: a search compiles it itself (``ready``)
        log.debug("%s kernels, stage %s: failed after %.1f s", game_id, stage, time.perf_counter() - began)
        raise
    entry.done = True
    log.debug("%s kernels, stage %s: ready in %.1f s (%s)", game_id, stage, time.perf_counter() - began,
              "compiled" if cache_misses() > misses else "loaded")


def cache_misses() -> int:
    """How many kernels this process has compiled because the cache folder had no code for them
    (numba's count, over every kernel module imported so far): a stage that adds to it compiled,
    one that does not loaded.  ``on_disk`` only foretells it, from its game's own module: the log
    said Hex's connection kernels (in ``hex_vc`` and its neighbours) "ready in 150.9 s (loaded)"
    after compiling them, and Reversi's search "(compiled)" after a 1 s load (its solver's kernels,
    in the same module, not yet compiled)."""
    from numba.core.registry import CPUDispatcher

    prefix = f"{__name__}."
    modules = [module for name, module in list(sys.modules.items()) if name.startswith(prefix) and module is not None]
    return sum(sum(getattr(kernel, "_cache_misses", {}).values()) for module in modules for kernel in list(vars(module).values())
               if isinstance(kernel, CPUDispatcher))  # numba's counter (0.61-0.68), as ``stats`` reads it


def is_ready(game_id: str, stage: str = "search") -> bool:
    """Has this process compiled (or loaded) ``stage`` of ``game_id``'s kernels?"""
    return stage not in stages(game_id) or _stage(game_id, stage).done


_background: dict[tuple[str, ...], threading.Thread] = {}


def warm_up_in_background(game_id: str, *only: str) -> threading.Thread:
    """``warm_up(game_id, *only)`` in a daemon thread, unless one is already at it (a failure is
    logged; whoever needs the stage then compiles it and meets the error in its own thread)."""

    def run() -> None:
        try:
            warm_up(game_id, *only)
        except Exception:  # noqa: BLE001 - ``ready`` runs the stage again where it is needed
            log.exception("compiling the %s kernels in the background failed", game_id)

    with _stages_lock:
        thread = _background.get((game_id, *only))
        if thread is None or not thread.is_alive():
            thread = threading.Thread(target=run, daemon=True, name=f"compile-{game_id}")
            _background[(game_id, *only)] = thread
            thread.start()
    return thread


def defer_compiling() -> None:
    """From now on, players made in this process compile nothing when they are made (``prepare``).

    For the window's AI worker: a thread of its own compiles the game's kernels from the moment
    it starts, the first moves come from books without them, and a search waits for what it needs
    (``ready``) without that wait counting as its move's time."""
    global _deferred
    _deferred = True


_asked: list[tuple[str, tuple[str, ...]]] | None = None
_asked_behind: list[tuple[str, tuple[str, ...]]] | None = None


@contextlib.contextmanager
def compiled_later(behind: list[tuple[str, tuple[str, ...]]] | None = None
                   ) -> Iterator[list[tuple[str, tuple[str, ...]]]]:
    """Players made inside compile nothing (as with ``defer_compiling``), e.g. those made only to
    check that they can be made; yields the list of what they asked ``prepare`` for, (game id,
    stages: all when empty), for the command that plays them to compile first, saying so.  What
    they asked ``prepare_in_background`` for (Hex's connection kernels) is added to ``behind``
    when given: a command that compiles it all in the background itself (``main.py gtp``)."""
    global _deferred, _asked, _asked_behind
    before = _deferred, _asked, _asked_behind
    _deferred, _asked, _asked_behind = True, [], behind
    try:
        yield _asked
    finally:
        _deferred, _asked, _asked_behind = before


_unneeded = threading.local()


@contextlib.contextmanager
def none_needed() -> Iterator[None]:
    """Players made inside (in this thread) prepare nothing: they are made for rules that run no
    kernel (``used_by``), e.g. level-5 for a 3x3 Tic-tac-toe match, which searches in Python.
    Given a bigger board after all, its search compiles what it needs then (``ready``)."""
    before = getattr(_unneeded, "on", False)
    _unneeded.on = True
    try:
        yield
    finally:
        _unneeded.on = before


def prepare(game_id: str, *only: str) -> None:
    """What a player calls when it is made: its game's kernels (every stage, or those in ``only``)
    compiled or loaded now, so that no move's time pays for them -- unless this process defers
    compiling (``defer_compiling``) or the player is made for rules that run none (``none_needed``)."""
    if getattr(_unneeded, "on", False):
        return
    if _asked is not None:
        _asked.append((game_id, only))
    if not _deferred:
        warm_up(game_id, *only)


def prepare_in_background(game_id: str, *only: str) -> None:
    """What a player calls when it is made for stages it can play without until they are ready:
    compiled in a background thread -- unless this process defers compiling (the window's worker
    compiles every stage in a thread of its own anyway; ``compiled_later`` notes it)."""
    if _asked_behind is not None:
        _asked_behind.append((game_id, only))
    if not _deferred:
        warm_up_in_background(game_id, *only)


def on_disk(game_id: str, stage: str | None = None) -> bool:
    """Whether every kernel that ``stage`` of ``game_id``'s kernels compiles (every stage's when
    None), in whichever kernel module (``ai.stage_kernels``), has compiled code for its present
    sources in the cache folder (``ai.kernel_cache``; a bundle's are copied there as its kernels are
    imported): its warm-up loads them rather than compiling.  Some only: another process is
    compiling them (the window's preparation), or was stopped half-way.  A kernel inlined into its
    callers (``inline="always"``: Reversi's move generation) is compiled only inside them and has no
    file of its own: it is not looked for (it was, and Reversi's kernels were never found on disk)."""
    module = _module(game_id)
    if _in_memory or module is None:
        return False
    from ai.stage_kernels import stage_kernels

    warm_ups = [run for name, run in module.STAGES.items() if stage is None or name == stage]
    kernels = {id(k): k for run in warm_ups for k in stage_kernels(run) if k.targetoptions.get("inline") != "always"}
    try:
        return all(_filed(k._cache._cache_file) for k in kernels.values())  # numba's (0.61-0.68)
    except AttributeError:  # a numba that keeps them elsewhere: taken as compiling
        return False


def _filed(cache_file) -> bool:
    """Whether numba's ``cache_file`` (a kernel's index and data files) holds compiled code for the
    kernel's present sources: an index that names each data file it lists, all of them there.
    numba writes the index first: a process ended between the two (a preparation that gave its
    stage up, ``yield_to_urgent``; the window's close) left an index naming code never written,
    which numba compiles again as it loads; it was taken for code on disk, the stage for one that
    loads (the window's "Preparing the engine…" over a compile) and its game marked prepared."""
    if not os.path.exists(cache_file._index_path):
        return False
    try:
        overloads = cache_file._load_index()  # {} for another version's or sources' index
    except Exception:  # noqa: BLE001 - unreadable: numba's load fails on it too (``mends_the_cache``)
        return False
    return bool(overloads) and all(os.path.exists(cache_file._data_path(name)) for name in overloads.values())


def compiled_elsewhere(game_id: str, stage: str = "search") -> bool:
    """Whether ``stage`` of ``game_id``'s kernels is being compiled from scratch (``on_disk`` found
    them not all there) by another thread of this process (``defer_compiling``: the window's worker's warm-up),
    or by another process, whose lock that thread waits for (``_run_stage``): Hex's analysis then
    searches with its stand-in, where it waits for a load from the cache (a fraction of a second on an
    idle machine).  Players, and the window's worker's words, ask ``preparing``."""
    if not _deferred or is_ready(game_id, stage):
        return False
    entry = _stage(game_id, stage)
    if entry.from_scratch is None:  # the warm-up thread not there yet (importing): what it will find
        entry.from_scratch = not on_disk(game_id, stage)
    return entry.from_scratch


def preparing(game_id: str, stage: str = "search") -> bool:
    """Whether this process is the window's AI worker (``defer_compiling``) and its warm-up has not
    made ``stage`` of ``game_id``'s kernels ready yet, compiling or loading it.  A search that
    called ``ready`` then would wait for it, and the driver leaves that wait out of the move's
    clock, so the move came late by all of it: a load from the cache takes seconds on a loaded
    machine, a compile a minute (Reversi's level 5 at 1 s a move answered in 2.44 s on a fresh
    cache).  Every game's player plays that move without the stage: its pure-Python stand-in for
    the search's, its search without Reversi's solver or Alquerque's tables."""
    return _deferred and not is_ready(game_id, stage)


def ready(game_id: str, stage: str = "search") -> None:
    """Return once ``stage`` of ``game_id``'s kernels is compiled or loaded (at once when it is).
    The seconds spent waiting are added to this thread's ``compile_wait``."""
    if is_ready(game_id, stage):
        return
    began = time.perf_counter()
    if _on_wait is not None:
        _on_wait(True)
    try:
        warm_up(game_id, stage)
    finally:
        _waits.seconds = compile_wait() + time.perf_counter() - began
        if _on_wait is not None:
            _on_wait(False)


_on_wait: Callable[[bool], None] | None = None


def when_waiting(listener: Callable[[bool], None] | None) -> None:
    """Have ``listener(True)`` called when a thread starts waiting in ``ready`` and
    ``listener(False)`` when it stops (the window says "Preparing the engine..." meanwhile)."""
    global _on_wait
    _on_wait = listener


def compile_wait() -> float:
    """Seconds this thread has spent in ``ready`` waiting for kernels (the search driver leaves
    them out of a move's time)."""
    return getattr(_waits, "seconds", 0.0)
