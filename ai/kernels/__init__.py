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
"""

from __future__ import annotations

import importlib
import os
import sys
from pathlib import Path

import platformdirs

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
