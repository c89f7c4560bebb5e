"""What the desktop bundle (packaging/tabuleiro.spec) leaves out, and which libraries it strips.

PyInstaller's hooks bring in whole packages; these are the parts of them no code path of the app
reaches, each with why.  Students' bot files run inside the bundle's own Python (ai/outside.py's
``child_command``), so the standard library a bot might import (``unittest``, ``pdb``,
``decimal`` ...) stays in.

- ``NEVER_IMPORTED``: nothing the app runs imports them, nor tries to.  .ci/build-app fails when one
  of its checks tries (``IMPORT_LOG``).
- ``TRIED_AND_DONE_WITHOUT``: something tries to import them and carries on without them; the test
  of this module runs the app with them made unimportable.

``strippable`` picks the shared libraries whose symbol tables and debug sections are removed
(``strip``).  Libraries a wheel was repaired with (auditwheel: the ``*.libs`` folders, and the
modules whose RPATH points into one) are left alone: strip on a library patchelf rewrote can make
it unloadable ("ELF load command address/offset not page-aligned"), depending on the binutils of
the machine that builds.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path, PurePath

NEVER_IMPORTED = {
    "numba.cuda": "numba's GPU target: the engines' kernels are compiled for the CPU only",
    "numba.tests": "numba's own test suite",
    "numba.testing": "runs numba's own test suite",
    "numba.pycc": "numba's ahead-of-time compiler, which builds C extensions with distutils",
    "numpy.f2py": "numpy's Fortran wrapper generator, a build tool",
    "setuptools": "a build tool, brought in by numba.pycc and numpy.f2py",
    "distutils": "a build tool, brought in by numba.pycc and numpy.f2py",
    "_distutils_hack": "setuptools' switch for distutils",
    "ssl": "nothing of the app goes on the network (leagues on a Dask cluster are not in the bundle)",
    "_ssl": "ssl's C part, with the OpenSSL TLS library it loads",
    "readline": "line editing at an interactive prompt; the app has none",
    "tkinter": "another GUI toolkit; the app draws with pygame",
    "pytest": "the test runner",
    "_pytest": "the test runner",
    "hypothesis": "the tests' example generator",
    "IPython": "an interactive shell",
}

TRIED_AND_DONE_WITHOUT = {
    "pkg_resources": "pygame.pkgdata tries it for pygame's own font file and opens the file without it",
    "dask": "only `tournament --cluster` on the command line uses it, and says it is not installed "
            "(the window's tournaments play in worker processes; a cluster's workers run a checkout "
            "or a pip install, docs/leagues.md)",
    "distributed": "Dask's cluster part, as dask",
    "numba.np.ufunc.tbbpool": "a threading layer for parallel=True kernels (none of ours are), "
                              "which needs a libtbb the bundle has not; numba tries it and then the next layer",
    "numba.np.ufunc.omppool": "a threading layer for parallel=True kernels (none of ours are); "
                              "numba tries it, then workqueue, which stays",
}

EXCLUDES = [*NEVER_IMPORTED, *TRIED_AND_DONE_WITHOUT]

# Modules that C code imports, which PyInstaller cannot see: it found them only through a package
# excluded above, so the spec names them (hidden imports).
IMPORTED_FROM_C = {
    "numba._devicearray": "numba's _dispatcher extension imports it as it loads (numba.cuda did too)",
}

# Standard-library modules that only the excluded build tools brought in: kept (a few KB each) so
# that a student's bot that imports one runs in the bundle as it did before.
KEPT_FOR_BOTS = ("cProfile", "profile", "pstats", "configparser", "optparse", "fileinput", "imp", "cgi",
                 "plistlib", "unittest.mock", "site", "rlcompleter")

# Set in the environment of a bundle's run, a file to which the bundle appends every module it
# tried to import and did not find (packaging/pyi_rth_missing_imports.py), one a line.
IMPORT_LOG = "TABULEIRO_MISSING_IMPORTS_LOG"


def covered_by(module: str, excluded: Iterable[str]) -> str | None:
    """The entry of ``excluded`` that leaves ``module`` out (itself or a package above it), or None."""
    for name in excluded:
        if module == name or module.startswith(name + "."):
            return name
    return None


def excluded_in(toc: Iterable[tuple[str, str, str]]) -> list[str]:
    """The entries of a PyInstaller TOC (``a.pure``, ``a.binaries``) that ``EXCLUDES`` leaves out:
    modules by name, extension modules by the module their file is
    (``numba/np/ufunc/omppool.cpython-311-x86_64-linux-gnu.so``: ``numba.np.ufunc.omppool``)."""
    found = set()
    for dest, _src, kind in toc:
        if covered_by(_extension_module(dest) if kind == "EXTENSION" else dest, EXCLUDES):
            found.add(dest)
    return sorted(found)


def _extension_module(dest: str) -> str:
    *folders, file = PurePath(dest).parts
    if "lib-dynload" in folders:  # the standard library's: python3.11/lib-dynload/_ssl.cpython-311-....so
        folders = folders[folders.index("lib-dynload") + 1:]
    return ".".join([*folders, file.split(".")[0]])


def strippable(dest: str, src: str) -> bool:
    """Whether the shared library collected as ``dest`` (from ``src``) is safe to strip: not a
    library a wheel was repaired with, nor a module whose RPATH points at such libraries."""
    if any(part.endswith(".libs") for part in Path(dest).parts):
        return False
    dynamic = subprocess.run(["readelf", "-d", src], capture_output=True, text=True, check=False).stdout
    return ".libs" not in "".join(line for line in dynamic.splitlines() if "PATH" in line)


def can_strip() -> bool:
    """Whether this build strips libraries: on Linux, with binutils' ``strip`` and ``readelf``
    (macOS's strip would break the libraries' code signatures; Windows has no such tool)."""
    return sys.platform.startswith("linux") and None not in (shutil.which("strip"), shutil.which("readelf"))


def stripped_binaries(binaries: list[tuple[str, str, str]], folder: Path) -> list[tuple[str, str, str]]:
    """PyInstaller's ``a.binaries`` with each ``strippable`` library replaced by a stripped copy made
    in ``folder``; unchanged where the build cannot strip (``can_strip``)."""
    if not can_strip():
        return binaries
    result = []
    for dest, src, kind in binaries:
        if strippable(dest, src):
            copy = folder / dest
            copy.parent.mkdir(parents=True, exist_ok=True)
            subprocess.run(["strip", "-o", str(copy), src], check=True)
            src = str(copy)
        result.append((dest, src, kind))
    return result
