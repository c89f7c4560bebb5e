"""Where numba keeps the compiled kernels: a folder named by each kernel module's content.

numba's own locators file a module's compiled kernels under a hash of the module's folder path
(``<cache>/kernels_<sha1 of the path>``): the same kernels in another folder -- a desktop bundle
moved or copied elsewhere, another user's unpacked copy -- miss the cache and are compiled again,
a minute of waiting for the computer's first moves.  ``KernelCacheLocator`` files them instead
under the module's name and a hash of its source (``<cache>/reversi-<hash>``), with that hash as
numba's freshness stamp, so any copy of the same sources finds them, wherever it lies, and a
changed module never reads another version's code.

A built bundle ships its kernels compiled (``SHIPPED``, filled by packaging/tabuleiro.spec):
the first use of a module copies its shipped folder into the user's cache folder, which numba
reads and writes from then on.  numba keys each compiled kernel on the CPU it was compiled for
as well (model and features), so on a machine unlike the one that built the bundle the shipped
code does not match; numba then compiles once for that machine, beside it, and the window says
"Preparing the engine..." meanwhile.
"""

from __future__ import annotations

import functools
import hashlib
import os
import shutil
import tempfile
from pathlib import Path

from numba.core.caching import CacheImpl, _CacheLocator

KERNELS = Path(__file__).resolve().parent / "kernels"
# the compiled kernels a bundle ships, in folders named as in the cache folder
SHIPPED = KERNELS / "shipped-cache"


@functools.cache
def _digest(path: str, mtime: float, size: int) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()[:20]


def source_digest(py_file: str | os.PathLike) -> str:
    """A hash of the kernel module's source (read again only when its file changes)."""
    st = os.stat(py_file)
    return _digest(str(py_file), st.st_mtime, st.st_size)


def folder_name(py_file: str | os.PathLike) -> str:
    """The cache folder of a kernel module's compiled code: its name and its source's hash."""
    return f"{Path(py_file).stem}-{source_digest(py_file)}"


def is_kernel_source(py_file: str | os.PathLike) -> bool:
    """Is ``py_file`` one of ai/kernels' modules (of this copy of the program)?"""
    path = Path(py_file)
    return path.suffix == ".py" and path.exists() and path.resolve().parent == KERNELS


def seed_from_shipped(folder: Path, shipped: Path = SHIPPED) -> int:
    """Copy into ``folder`` the shipped compiled files of the same name it lacks; how many.

    Each file is written under a temporary name and renamed into place, so another process
    starting at the same moment reads a whole file or none."""
    source = shipped / folder.name
    copied = 0
    for path in sorted(source.glob("*.nb[ci]")) if source.is_dir() else ():
        target = folder / path.name
        if target.exists():
            continue
        handle, temporary = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.")
        os.close(handle)
        try:
            shutil.copyfile(path, temporary)
            os.replace(temporary, target)
            copied += 1
        except OSError:
            Path(temporary).unlink(missing_ok=True)
            raise
    return copied


class KernelCacheLocator(_CacheLocator):
    """numba's cache locator for ai/kernels' modules: ``<cache>/<module>-<source hash>``, the
    source hash as the freshness stamp, seeded from the shipped folder of the same name."""

    _seeded: set[str] = set()

    def __init__(self, py_func, py_file: str) -> None:
        from ai.kernels import cache_dir

        self._lineno = py_func.__code__.co_firstlineno
        self._stamp = source_digest(py_file)
        self._cache_path = str(cache_dir() / folder_name(py_file))

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
                seed_from_shipped(Path(self._cache_path))
                cls._seeded.add(self._cache_path)
        except OSError:
            return None  # a cache folder that cannot be written: numba's others, or none
        return self


def use_kernel_locator() -> None:
    """Have numba look up our kernels with ``KernelCacheLocator`` before its own locators."""
    if KernelCacheLocator not in CacheImpl._locator_classes:
        CacheImpl._locator_classes.insert(0, KernelCacheLocator)
