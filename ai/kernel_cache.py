"""Where numba keeps the compiled kernels: a folder named by each kernel module's content.

numba's own locators file a module's compiled kernels under a hash of the module's folder path
(``<cache>/kernels_<sha1 of the path>``): the same kernels in another folder -- a desktop bundle
moved or copied elsewhere, another user's unpacked copy -- miss the cache and are compiled again,
a minute of waiting for the computer's first moves.  ``KernelCacheLocator`` files them instead
under the module's name and a hash of its sources (``<cache>/reversi-<hash>``), with that hash as
numba's freshness stamp, so any copy of the same sources finds them, wherever it lies, and a
changed module never reads another version's code.  The hash holds numba's settings that change the
code and that its own keys leave out too (``ai.kernel_folders.code_digest``: ``NUMBA_OPT`` ...).

A module's sources are more than its own file (``ai.kernel_folders.kernel_sources``, which works
the hash out without numba): compiled code holds the kernels it calls from other kernel modules
(``hex_vc`` calls ``hex.connects``) and the constants it reads from the modules it imports
(``games.alquerque.DRAW_PLIES``, the driver's ``CTL_*``) as they were when it was compiled.
numba's own stamp is the module's file alone, so a change there left its callers running the old
code from the cache.  This module is not among them: it decides where compiled code is filed and
which file is loaded, never what is compiled (numba's index rejects a file of another numba or
source stamp by itself), and when it was, an edit of a docstring here compiled every kernel of
every game again.

A built bundle ships its kernels compiled (``SHIPPED``, filled by packaging/tabuleiro.spec):
the first use of a module copies the kernels of its shipped folder that the user's cache folder
lacks into it, each kernel whole (``ai.kernel_seed.seed_folder``), and numba reads and writes
that folder from then on.

numba files each compiled kernel under its signature, its bytecode's hash and the code generator
(``Codegen.magic_tuple()``: the LLVM triple, the CPU model and its feature string), and looks up
only this process's own: code compiled on the builder's CPU (``znver4`` with its AVX-512 flags)
misses on any other model and would be compiled again, a minute per game.  So the bundle compiles
its kernels for the architecture's baseline CPU model instead (``PORTABLE_TARGETS``: ``generic``,
which every x86-64 or 64-bit ARM CPU runs), and ``KernelFunctionCache`` loads that code when the
process's own is missing.  Code numba compiles here (a kernel the bundle lacks, an architecture
without a portable model) is filed under this CPU as before, and the window says "Preparing the
engine..." meanwhile.  The bundle's kernels are not compiled again for this CPU later, in the
background: that measured no faster beyond the noise (docs/packaging.md, ``tools/kernel_targets.py``).
"""

from __future__ import annotations

import functools
import os
import re
import shutil
import time
from pathlib import Path

import llvmlite.binding as llvm
from numba.core.caching import CacheImpl, FunctionCache, _CacheLocator

from ai.kernel_folders import SHIPPED, code_digest, is_kernel_source
from ai.kernel_seed import seed_folder

# a kernel module's cache folder of other sources (an older version's) unused this long is removed
UNUSED_DAYS_KEPT = 30


def forget_older_versions(folder: Path, days: float = UNUSED_DAYS_KEPT) -> list[Path]:
    """Mark ``folder`` (a kernel module's cache folder) used now, and remove the same module's
    folders of other sources that no program used for ``days``; the folders removed.

    Each version of the program files its kernels under a new hash of their sources, and nothing
    removed the old ones: the cache folder grew by some 10 MB at each update, 74 MB over a few
    days of development.  A folder's time is its last use (set here, once per process and
    module), so two copies of the program used side by side keep each other's."""
    os.utime(folder)
    module, _, _stamp = folder.name.rpartition("-")
    too_old = time.time() - days * 86400
    removed = []
    for other in folder.parent.glob(f"{module}-*"):
        if other != folder and re.fullmatch(rf"{re.escape(module)}-[0-9a-f]{{20}}", other.name) and \
                other.is_dir() and other.stat().st_mtime < too_old:
            shutil.rmtree(other, ignore_errors=True)
            removed.append(other)
    return removed


class KernelCacheLocator(_CacheLocator):
    """numba's cache locator for ai/kernels' modules: ``<cache>/<module>-<hash>`` (``code_digest``:
    the sources and numba's settings), the hash as the freshness stamp, seeded from the shipped
    folder of the same name."""

    _seeded: set[str] = set()

    def __init__(self, py_func, py_file: str) -> None:
        from ai.kernels import cache_dir

        self._py_file = py_file  # where numba's warning that a kernel cannot be cached points
        self._lineno = py_func.__code__.co_firstlineno
        self._stamp = code_digest(py_file)  # the folder's name too (``folder_name``), worked out once
        self._cache_path = str(cache_dir() / f"{Path(py_file).stem}-{self._stamp}")

    def get_cache_path(self) -> str:
        return self._cache_path

    def get_source_stamp(self) -> str:
        return self._stamp

    def get_disambiguator(self) -> str:
        return str(self._lineno)

    @classmethod
    def from_function(cls, py_func, py_file: str):
        if not is_kernel_source(py_file):
            return None  # numba's own locators, as for any other code
        self = cls(py_func, py_file)
        try:
            self.ensure_cache_path()
            if self._cache_path not in cls._seeded:
                seed_folder(SHIPPED / Path(self._cache_path).name, Path(self._cache_path))
                forget_older_versions(Path(self._cache_path))
                cls._seeded.add(self._cache_path)
        except OSError:
            return None  # a cache folder that cannot be written: numba's others, or none
        return self


# The CPU model (and feature string) a bundle's kernels are compiled for, by the LLVM triple's
# architecture, as numba's NUMBA_CPU_NAME and NUMBA_CPU_FEATURES spell them: LLVM's baseline of
# the architecture, which every CPU of it runs.  On x86-64 that leaves out popcnt (bits are counted
# with shifts and masks); it measured within a shared machine's noise of x86-64-v2, which has it, and
# of code for the machine's own CPU (tools/kernel_targets.py, docs/packaging.md).
# A target naming features ("+popcnt,+sse4.2") is used only on a CPU that has every one of them.
PORTABLE_TARGETS: dict[str, tuple[str, str]] = {
    "x86_64": ("generic", ""),  # any x86-64 CPU: SSE2, no popcnt, no AVX
    "aarch64": ("generic", ""),  # any 64-bit ARM CPU (Linux): ARMv8-A with NEON
    "arm64": ("generic", ""),  # Apple's M1 and later, whose triple says arm64
}


def portable_target(triple: str | None = None) -> tuple[str, str] | None:
    """The portable (CPU model, features) for ``triple``'s architecture (this process's when
    None), or None for an architecture without one."""
    return PORTABLE_TARGETS.get((triple or llvm.get_process_triple()).split("-", 1)[0])


def portable_environment() -> dict[str, str]:
    """The environment under which numba compiles for this architecture's portable CPU model
    (empty where there is none: numba then compiles for this CPU), for a bundle's build."""
    target = portable_target()
    return dict(zip(("NUMBA_CPU_NAME", "NUMBA_CPU_FEATURES"), target)) if target is not None else {}


@functools.cache
def host_features() -> frozenset[str]:
    """The features this computer's CPU has, as LLVM names them (``popcnt``, ``avx2`` ...)."""
    try:
        return frozenset(name for name, present in llvm.get_host_cpu_features().items() if present)
    except RuntimeError:  # LLVM cannot tell on this platform: nothing is taken for granted
        return frozenset()


def runs_on_this_cpu(features: str) -> bool:
    """Has this computer's CPU every feature ``features`` switches on ("+popcnt,+sse4.2")?"""
    wanted = {name[1:] for name in features.split(",") if name.startswith("+")}
    return wanted <= host_features()


def same_platform(built: str, here: str) -> bool:
    """Do two LLVM triples name the same architecture and system, whatever the system's version
    (macOS puts the running Darwin's in it: ``arm64-apple-darwin23.4.0``)?"""
    def unversioned(triple: str) -> list[str]:
        parts = triple.split("-")  # architecture, vendor, system (with its version), environment
        return [re.sub(r"[\d.]+$", "", part) if n == 2 else part for n, part in enumerate(parts)]

    return unversioned(built) == unversioned(here)


def _key_parts(key) -> tuple | None:
    """(signature, triple, (CPU, features), code hashes) of a numba cache key, as numba 0.61-0.68
    make them; None for a key of another shape (another numba: its keys are left alone)."""
    try:
        sig, (triple, cpu, features), code = key
    except (TypeError, ValueError):
        return None
    return sig, triple, (cpu, features), code


def portable_key(index, key) -> tuple | None:
    """The key in the cache ``index`` of portable code standing for this process's ``key``, if
    there is one and this CPU runs it."""
    parts = _key_parts(key)
    target = portable_target(parts[1]) if parts is not None else None
    if target is None or not runs_on_this_cpu(target[1]):
        return None
    sig, triple, _, code = parts
    for other in index:
        other_sig, other_triple, other_target, other_code = _key_parts(other) or (None,) * 4
        if (other_sig, other_target, other_code) == (sig, target, code) and same_platform(other_triple, triple):
            return other
    return None


class KernelFunctionCache(FunctionCache):
    """numba's cache of a kernel's compiled code, which also loads code compiled for the portable
    CPU model (``PORTABLE_TARGETS``) when there is none for this process's CPU."""

    def _load_overload(self, sig, target_context):
        data = super()._load_overload(sig, target_context)
        if data is not None or not self._enabled or not isinstance(self._impl.locator, KernelCacheLocator):
            return data
        cache_file = self._cache_file
        key = portable_key(cache_file._load_index(), self._index_key(sig, target_context.codegen()))
        data = cache_file.load(key) if key is not None else None
        return self._impl.rebuild(target_context, data) if data is not None else None


def use_kernel_locator() -> None:
    """Have numba look up our kernels with ``KernelCacheLocator`` before its own locators, and
    keep their compiled code in ``KernelFunctionCache``."""
    if KernelCacheLocator not in CacheImpl._locator_classes:
        CacheImpl._locator_classes.insert(0, KernelCacheLocator)
    from numba.core import dispatcher

    if getattr(dispatcher, "FunctionCache", None) is FunctionCache:  # where numba 0.61-0.68 keep it
        dispatcher.FunctionCache = KernelFunctionCache
