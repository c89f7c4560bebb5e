"""A kernel stage of two tiny kernels (an entry and the small kernel it calls), compiled in a
second where the smallest real stage (Tic-tac-toe's search) takes 8 to 20: for the tests whose fact
is the stage machinery (``ai.kernel_lock``'s lock between processes, numba's cache files), not a
game's kernels.  A process puts it in a real stage's place with ``tests.stage_processes.tiny_stage``,
which loads this file as a kernel module."""

from __future__ import annotations

from numba import njit


@njit(cache=True)
def _first(x: int) -> int:
    return x + 1


@njit(cache=True)
def root() -> int:
    return _first(41)


def warm_up() -> None:
    """The stage: compiles (or loads) both kernels."""
    root()
