"""Trax's tiles and moves as numbers, apart from the rules (games/trax.py) so that the course's
turns (games/trax_turns.py) read them without importing the game, which reads those turns.

A tile is the 4-bit mask of its light edges (bit 0 west, 1 north, 2 east, 3 south), named by the
colour at the middle of its edges in that order (``lddl``); a move is ``cell * 16 + tile``.
"""

from __future__ import annotations

TILE_NAMES = ("ldld", "dldl", "ddll", "lddl", "lldd", "dlld")  # the course's order


def tile_of_name(name: str) -> int:
    """The light-edge mask of a tile name (``ldld`` -> 0b0101)."""
    return sum(1 << k for k, ch in enumerate(name) if ch == "l")


TILES = tuple(tile_of_name(n) for n in TILE_NAMES)
NAME = {t: n for t, n in zip(TILES, TILE_NAMES)}
# each tile's shape in the notation: + straight, / curves round the north-west and south-east
# corners, \ round the north-east and south-west ones
SHAPE = {t: ("+" if t in (0b0101, 0b1010) else "/" if t in (0b0011, 0b1100) else "\\") for t in TILES}


def move_of(cell: int, tile: int) -> int:
    return cell << 4 | tile


def move_cell(move: int) -> int:
    return move >> 4


def move_tile(move: int) -> int:
    return move & 15
