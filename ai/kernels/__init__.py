"""numba kernels: the hot loops of the engines, compiled to machine code.

Each ``ai/kernels/<game>.py`` holds plain-Python-syntax functions on ints, uint64 bitboards and
numpy arrays, decorated ``@njit(cache=True, nogil=True)``; games/ stays the readable rules
reference and differential tests hold every kernel to it.  ``warm_up`` compiles (or loads from the
on-disk cache) the kernels before the first search needs them, so the window can do it in the
background while the user picks a game.
"""

from __future__ import annotations

import importlib

KERNEL_GAMES = ("reversi", "hex", "rastros", "alquerque")


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
