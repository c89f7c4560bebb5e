"""Where Tabuleiro keeps its files: its own data folder (``TABULEIRO_DATA_DIR`` overrides it: a
portable install, the tests), the saved games' folder in it, the tournaments' tables in the
user's Documents and the game lists' cache in the platform's cache folder.

No pygame here: plain folder names.
"""

from __future__ import annotations

import os
from pathlib import Path

from ai import data_folder
from ai.kernels import cache_root


def data_dir() -> Path:
    """Where Tabuleiro keeps its own files (autosave, saved games by default): ``ai.data_folder``'s
    rule, which the bots' logs follow too."""
    return data_folder.data_dir()


def cache_dir() -> Path:
    """Where Tabuleiro keeps what it can make again (the game lists' cache, ``ui.list_cache``):
    the platform's user cache folder; with ``TABULEIRO_DATA_DIR`` set (a portable install, the
    tests), that folder's ``cache``, so that nothing is written outside it."""
    if os.environ.get("TABULEIRO_DATA_DIR"):
        return data_dir() / "cache"
    return cache_root()  # the compiled kernels' folder too (one name for it: platforms differ)


def games_dir() -> Path:
    """The default folder offered for saving and opening records."""
    return data_dir() / "games"


def tournaments_dir() -> Path:
    """Where the tournament screen's Save results writes its tables: the user's Documents, where a
    teacher looks for a crosstable to share (the home folder on a system without one); with
    ``TABULEIRO_DATA_DIR`` set (a portable install, the tests), that folder's ``tournaments``, so
    that nothing is written outside it."""
    if os.environ.get("TABULEIRO_DATA_DIR"):
        return data_dir() / "tournaments"
    try:
        from platformdirs import user_documents_dir

        documents = Path(user_documents_dir())
    except Exception:  # noqa: BLE001 - no documents folder on this system
        documents = Path.home()
    return documents / "Tabuleiro" / "tournaments"
