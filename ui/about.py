"""Which Tabuleiro this is: its version, and the versions of what it runs on.

``VERSION`` is the one place the version is written in code; pyproject.toml repeats it for the
packaging tools and tests/test_about.py keeps the two equal.  The library versions come from the
installed packages' metadata, so ``main.py --version`` answers without starting pygame.
"""

from __future__ import annotations

import importlib
import platform
from importlib import metadata

VERSION = "0.1.0"
LIBRARIES = {"pygame": "pygame.version", "pygame-menu": "pygame_menu", "numba": "numba", "numpy": "numpy"}


def library_version(name: str) -> str:
    """The installed version of ``name``; in a frozen build, which carries no package metadata,
    the module's own ``__version__`` (``pygame.version.ver``), or "?"."""
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        pass
    try:
        module = importlib.import_module(LIBRARIES.get(name, name))
    except ImportError:
        return "?"
    return str(getattr(module, "__version__", None) or getattr(module, "ver", "?"))


def version_line() -> str:
    """"Tabuleiro 0.1.0 (Python 3.11.7, pygame 2.6.1, pygame-menu 4.5.2, numba 0.60.0, numpy 2.1.0)"."""
    parts = [f"Python {platform.python_version()}"] + [f"{name} {library_version(name)}" for name in LIBRARIES]
    return f"Tabuleiro {VERSION} ({', '.join(parts)})"
