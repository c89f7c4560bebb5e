"""Where a kernel module's compiled code is filed, worked out without numba.

numba's own locators file a module's compiled kernels under a hash of the module's folder path:
``ai.kernel_cache`` files them instead under the module's name and a hash of its sources
(``folder_name``: ``<cache>/reversi-<hash>``), so any copy of the same sources finds them.  A
module's sources are more than its own file (``kernel_sources``): compiled code holds the kernels
it calls from other kernel modules and the constants it reads from the modules it imports.  They
are no more than that: ``ai.kernel_cache``, which says where the compiled code is filed and which
file is loaded, decides nothing in the code, so a change there compiles no kernel again.

A folder is named by numba's settings too, those that change the code it makes but not its own
cache's keys (``CODEGEN_SETTINGS``: ``NUMBA_OPT``, ``NUMBA_BOUNDSCHECK`` ...): a run under
``NUMBA_OPT=0`` loaded the kernels compiled at level 3, and the reverse.  Each setting has its
folder, compiled once; with none set, the name is the sources' alone, as a bundle ships it.

This module imports no numba (about a second of a core, 140 MB): the window's preparation
processes ask it whether their games' kernels were all compiled by a run before (``is_prepared``,
a stamp ``mark_prepared`` left in the cache folder), and on a later run they end without
importing numba or loading any kernel (``ui.kernel_preparation._prepare``).
"""

from __future__ import annotations

import ast
import contextlib
import functools
import hashlib
import os
import platform
import sys
from importlib import metadata
from pathlib import Path

KERNELS = Path(__file__).resolve().parent / "kernels"
# the compiled kernels a bundle ships (packaging/tabuleiro.spec), in folders named as in the cache folder;
# here, without numba, for the About page to tell copied code from compiled (``ai.kernel_cache`` seeds from it)
SHIPPED = KERNELS / "shipped-cache"
@functools.cache
def _digest(path: str, mtime: float, size: int) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()[:20]


def _file_digest(path: Path) -> str:
    """A hash of one file (read again only when it changes); "missing" for none."""
    try:
        st = path.stat()
    except OSError:
        return "missing"
    return _digest(str(path), st.st_mtime, st.st_size)


ROOT = KERNELS.parent.parent  # the folder holding ai/ and games/


@functools.cache
def _imports(path: Path, mtime: float) -> frozenset[Path]:
    """The files of this program's modules (ai, games) that ``path`` imports."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [f"{node.module}.{alias.name}" for alias in node.names]  # a submodule, or a name in it
            found.update(_module_file(name) or _module_file(node.module) for name in names)
        elif isinstance(node, ast.Import):
            found.update(_module_file(alias.name) for alias in node.names)
    return frozenset(file for file in found if file is not None)


def _module_file(name: str) -> Path | None:
    if name.split(".")[0] not in ("ai", "games"):
        return None
    base = ROOT.joinpath(*name.split("."))
    return next((file for file in (base.with_suffix(".py"), base / "__init__.py") if file.exists()), None)


def kernel_sources(py_file: str | os.PathLike) -> list[Path]:
    """The files a kernel module's compiled code depends on: the module, the kernel modules it
    imports and theirs in turn (whose kernels its code calls), and the other modules of this
    program each of those imports directly (whose constants its code reads: only those, so that a
    change to, say, the outside players does not compile every kernel again).

    ``ai/kernel_compile.py`` is one of the others: its ``njit`` decides how every kernel is
    compiled, but what it imports is not followed.  It was (from ``ai/kernels/__init__.py``, then
    njit's home), and every kernel's sources held ``ai/__init__.py`` and ``ai/kernel_cache.py``
    (imported for the cache's locator), so that any edit of either compiled every kernel of every
    game again, and left a bundle's shipped kernels unused, though neither changes a line of
    compiled code: the locator only names the folders (from these sources) and picks the file to
    load, and numba's index rejects by itself a file of another numba or of another source stamp.
    The package's ``__init__`` (the warm-up and its stages) is no source either: the kernel
    modules import nothing from it."""
    kernels, todo = set(), [Path(py_file).resolve()]
    while todo:
        path = todo.pop()
        if path in kernels:
            continue
        kernels.add(path)
        todo.extend(file for file in _imports(path, path.stat().st_mtime) if _is_kernel_module(file))
    others = {file for path in kernels for file in _imports(path, path.stat().st_mtime)} - kernels
    return sorted(kernels | others)


def _is_kernel_module(path: Path) -> bool:
    """Is ``path`` a module of ai/kernels that defines kernels (any but the package's ``__init__``)?"""
    return path.parent == KERNELS and path.name != "__init__.py"


def dependency_files() -> list[Path]:
    """Every file some kernel module's compiled code depends on (``kernel_sources``), relative to
    the folder holding ai/: a bundle, which keeps other modules as bytecode only, ships these as
    source files too, so that the hashes it computes are the ones its compiled kernels are filed
    under."""
    files = {file for module in _kernel_modules() for file in kernel_sources(module)}
    return sorted(file.relative_to(ROOT) for file in files)


def source_digest(py_file: str | os.PathLike) -> str:
    """A hash of the kernel module's sources (``kernel_sources``; each file read again only when
    it changes)."""
    files = kernel_sources(py_file)
    if len(files) == 1:
        return _file_digest(files[0])
    listing = "\n".join(f"{file.relative_to(ROOT).as_posix()} {_file_digest(file)}" for file in files)
    return hashlib.sha256(listing.encode()).hexdigest()[:20]


# numba's settings (environment variables, read as it starts) that change the code it compiles
# and that its cache does not tell apart.  numba files a kernel's code under its own version,
# Python's, the kernel's name, line, signature, bytecode and closure, the source stamp we give
# (``code_digest``) and the code generator's ``magic_tuple()`` (LLVM triple, CPU model, features):
# NUMBA_CPU_NAME, NUMBA_CPU_FEATURES and NUMBA_ENABLE_AVX (which takes the AVX features out) are
# in that tuple, and left out here (a bundle's kernels compiled for ``generic`` must keep the
# folder name a user's process looks for).  NUMBA_DISABLE_JIT compiles nothing: numba's ``njit``
# then gives back the Python function, with no cache to read or write.
CODEGEN_SETTINGS = (
    "NUMBA_OPT",  # LLVM's optimisation level (0 to 3, max)
    "NUMBA_LOOP_VECTORIZE", "NUMBA_SLP_VECTORIZE",  # LLVM's vectorisers
    "NUMBA_BOUNDSCHECK",  # an index check in every array access
    "NUMBA_FULL_TRACEBACKS", "NUMBA_DEVELOPER_MODE",  # a debugger's call in each failing index check
    "NUMBA_DEBUGINFO", "NUMBA_ENABLE_PROFILING",  # debug information (the profiler turns it on)
    "NUMBA_EXTEND_VARIABLE_LIFETIMES",  # variables kept alive to their block's end (for a debugger)
    "NUMBA_LLVM_REFPRUNE_PASS", "NUMBA_LLVM_REFPRUNE_FLAGS",  # the pass that drops reference counting
    "NUMBA_DISABLE_INTEL_SVML",  # Intel's vector maths library, where it is installed
    "NUMBA_DEBUG_NRT",  # the runtime's checking allocator, which compiled code calls
)


# numba's settings of the CPU it compiles for: in its cache's keys (a folder holds the code of
# each), but a stamp of a preparation under others says nothing of this CPU's code
TARGET_SETTINGS = ("NUMBA_CPU_NAME", "NUMBA_CPU_FEATURES", "NUMBA_ENABLE_AVX")


def codegen_settings() -> str:
    """This process's ``CODEGEN_SETTINGS`` that are set, as ``NAME=value`` lines ("" for none):
    read from the environment, as numba reads them (its ``.numba_config.yaml`` is not read)."""
    return "\n".join(f"{name}={os.environ[name].strip()}" for name in CODEGEN_SETTINGS if name in os.environ)


def code_digest(py_file: str | os.PathLike) -> str:
    """The hash a kernel module's compiled code is filed under (its folder, numba's source stamp):
    its sources' (``source_digest``) with numba's settings that change the code (``codegen_settings``).
    With none of them set, the sources' hash alone: the folder every copy and a bundle's kernels
    (compiled with none) have, as before the settings counted."""
    digest, settings = source_digest(py_file), codegen_settings()
    if not settings:
        return digest
    return hashlib.sha256(f"{digest}\n{settings}".encode()).hexdigest()[:20]


def folder_name(py_file: str | os.PathLike) -> str:
    """The cache folder of a kernel module's compiled code: its name and ``code_digest``."""
    return f"{Path(py_file).stem}-{code_digest(py_file)}"


def is_kernel_source(py_file: str | os.PathLike) -> bool:
    """Is ``py_file`` one of ai/kernels' modules (of this copy of the program)?"""
    path = Path(py_file)
    return path.suffix == ".py" and path.exists() and path.resolve().parent == KERNELS


def _kernel_modules() -> list[Path]:
    """The kernel modules' files (ai/kernels' modules but its ``__init__``, which defines none)."""
    return [path for path in sorted(KERNELS.glob("*.py")) if _is_kernel_module(path)]


def _numba_version() -> str:
    try:
        return metadata.version("numba")
    except metadata.PackageNotFoundError:  # a bundle without the package's metadata: its numba never changes
        return "bundled"


@functools.cache
def cpu_identity() -> str:
    """This machine's processor, read without numba: numba files compiled code under the CPU's model
    and features, so a cache folder another machine filled (a home folder shared between
    machines) holds no code this one runs.  Linux's /proc/cpuinfo (model and feature flags), else
    what ``platform`` names (Windows: family, model and stepping)."""
    try:
        text = Path("/proc/cpuinfo").read_text(encoding="utf-8", errors="replace")
    except OSError:
        return f"{platform.machine()} {platform.processor()}"
    wanted = ("model name", "flags", "features", "cpu model", "isa")  # x86's, ARM's and others' names
    seen: dict[str, str] = {}
    for line in text.splitlines():
        name, _, value = line.partition(":")
        name = name.strip().lower()
        if name in wanted and name not in seen:
            seen[name] = value.strip()
    return f"{platform.machine()} " + " | ".join(seen[name] for name in wanted if name in seen)


def prepared_stamp(game_id: str, cache: Path) -> Path:
    """The file in the cache folder ``cache`` saying that ``game_id``'s kernels were all compiled
    there (``mark_prepared``), named by every kernel module's folder (``folder_name``: its sources
    and numba's settings that change the code), numba's version, Python's, this machine's
    processor (``cpu_identity``) and the one numba is told to compile for (``TARGET_SETTINGS``):
    any change, and it is another file."""
    listing = "\n".join([*(folder_name(path) for path in _kernel_modules()), _numba_version(), sys.version,
                         cpu_identity(), *(f"{name}={os.environ.get(name)}" for name in TARGET_SETTINGS)])
    return cache / f"prepared-{game_id}-{hashlib.sha256(listing.encode()).hexdigest()[:20]}"


def is_prepared(game_id: str, cache: Path) -> bool:
    """Were ``game_id``'s kernels all compiled in ``cache`` for the present sources (its stamp
    there), and has every kernel module compiled code in it still (a cache emptied since, e.g.
    mended after a damaged file, is compiled again)?  Each module's folder is marked used, as a
    kernel loaded from it would mark it (``ai.kernel_cache.forget_older_versions``)."""
    if not prepared_stamp(game_id, cache).exists():
        return False
    folders = [cache / folder_name(path) for path in _kernel_modules()]
    if not all(next(folder.glob("*.nbi"), None) is not None for folder in folders):
        return False
    for folder in folders:
        with contextlib.suppress(OSError):
            os.utime(folder)
    return True


def mark_prepared(game_id: str, cache: Path) -> None:
    """Say in ``cache`` that ``game_id``'s kernels are all compiled there (``is_prepared``); its
    stamps of other sources are removed."""
    stamp = prepared_stamp(game_id, cache)
    for other in cache.glob(f"prepared-{game_id}-*"):
        if other != stamp:
            other.unlink(missing_ok=True)
    stamp.touch()
