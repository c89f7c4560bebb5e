"""Helpers for games played on a rectangular grid of named cells (``a1``: column letter, row number).

Shared by tic-tac-toe, Hex, Reversi and Trax so that every grid game names cells the same way and
gives the same error messages.
"""

from __future__ import annotations

import re
from functools import lru_cache

from games.base import IllegalMove

_CELL = re.compile(r"^\s*([a-zA-Z])\s*(\d{1,2})\s*$")
# A square as the adversarial-search class notebook (AIMA's games4e) writes it, ``(x, y)``: the
# column and the row, both from 0 at the top left.  Tic-tac-toe reads it; move lists keep it whole.
NOTEBOOK_SQUARE = re.compile(r"\(\s*(\d+)\s*,\s*(\d+)\s*\)")


def cell_name(index: int, width: int) -> str:
    """``a1`` style name of cell ``index`` (row-major, row 1 at the top)."""
    row, col = divmod(index, width)
    return f"{chr(ord('a') + col)}{row + 1}"


def parse_cell(text: str, width: int, height: int, like: str = "a cell name like a1") -> int:
    """The row-major index named by ``text``; IllegalMove if malformed (``text`` "is not ``like``":
    the forms the game reads) or off the board."""
    m = _CELL.match(text)
    if not m:
        raise IllegalMove(f"{text!r} is not {like}")
    col = ord(m.group(1).lower()) - ord("a")
    row = int(m.group(2)) - 1
    if not (0 <= col < width and 0 <= row < height):
        last = f"{chr(ord('a') + width - 1)}{height}"
        raise IllegalMove(f"{text!r} is off the board (a1..{last})")
    return row * width + col


def read_to_move_header(text: str, side_names: str | tuple[str, ...]) -> tuple[str | None, list[str]]:
    """Split position text into an optional ``to-move: NAME`` first line and the remaining rows.

    Returns (the side name as written in ``side_names``, or None if absent; the non-empty rows).
    """
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    if lines and lines[0].lower().startswith("to-move:"):
        name = lines[0].split(":", 1)[1].strip()
        for side in side_names:
            if side.lower() == name.lower():
                return side, lines[1:]
        raise IllegalMove(f"to-move: {name!r} is not one of {', '.join(side_names)}")
    return None, lines


def cell_symbols(marks: str) -> str:
    """What a cell of a board written in characters may hold, as the games' position refusals list
    it: the two sides' ``marks`` and "." for an empty cell ("X, O or .").  One wording for every
    game: Reversi said "X, O or an empty square (. or -)" where the others said "X, O or ."."""
    return f"{marks[0]}, {marks[1]} or ."


def not_a_mark(where: str, ch: str, listed: str) -> IllegalMove:
    """The refusal of a position text's character ``ch`` that is none of ``listed``, named by
    ``where`` it stands as the board is lettered ("square g3: 'Q' is not X, O or .", Alquerque's
    "point a5"): every game's words alike, and "row 3" left the player to look along the row."""
    return IllegalMove(f"{where}: {ch!r} is not {listed}")


def read_marks(rows: list[str], width: int, height: int, marks: str, unit: str = "characters",
               cell: str = "square") -> tuple[int, int]:
    """The two sides' bitboards (row-major, the first row on top) from ``rows`` of one character a
    cell: ``marks[0]``'s, ``marks[1]``'s or "." for an empty cell, in either case.  Tic-tac-toe and
    Hex read their positions so, and say the same when a row is out of place: IllegalMove naming
    the board's shape in ``unit`` ("expected 3 rows of 3 characters (X, O or .)") or the first
    character that is none of them by its ``cell`` ("square b2: 'Z' is not X, O or ."): "row 1"
    left the player to look along 19 squares for it."""
    listed = cell_symbols(marks)
    if len(rows) != height or any(len(row) != width for row in rows):
        raise IllegalMove(f"expected {height} rows of {width} {unit} ({listed})")
    boards = [0, 0]
    for r, row in enumerate(rows):
        for c, ch in enumerate(row.upper()):
            if ch not in (marks[0], marks[1], "."):
                raise not_a_mark(f"{cell} {cell_name(r * width + c, width)}", ch, listed)
            if ch != ".":
                boards[marks.index(ch)] |= 1 << (r * width + c)
    return boards[0], boards[1]


@lru_cache(maxsize=64)
def king_neighbour_masks(width: int, height: int) -> tuple[int, ...]:
    """For each cell (row-major), the bitmask of its up to 8 king-move neighbours."""
    masks = []
    for i in range(width * height):
        r, c = divmod(i, width)
        m = 0
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                rr, cc = r + dr, c + dc
                if (dr or dc) and 0 <= rr < height and 0 <= cc < width:
                    m |= 1 << (rr * width + cc)
        masks.append(m)
    return tuple(masks)


def squares(mask: int) -> list[int]:
    """The squares of a bitboard (the indices of its set bits), lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def permute_bits(bits: int, image: tuple[int, ...] | list[int]) -> int:
    """The bitboard with each set cell ``i`` moved to ``image[i]`` (a board symmetry, a transpose)."""
    out = 0
    while bits:
        low = bits & -bits
        out |= 1 << image[low.bit_length() - 1]
        bits ^= low
    return out


@lru_cache(maxsize=64)
def board_symmetries(width: int, height: int) -> tuple[tuple[int, ...], ...]:
    """The rectangle's symmetries as cell permutations (``image[i]``: where cell ``i`` goes, row-major):
    the identity, the two mirrors and the half turn; on a square board the quarter turns and the
    two diagonal mirrors too."""
    maps = [lambda r, c: (r, c), lambda r, c: (r, width - 1 - c), lambda r, c: (height - 1 - r, c),
            lambda r, c: (height - 1 - r, width - 1 - c)]
    if width == height:
        maps += [lambda r, c: (c, r), lambda r, c: (width - 1 - c, height - 1 - r),
                 lambda r, c: (c, height - 1 - r), lambda r, c: (width - 1 - c, r)]
    images = []
    for mapping in maps:
        image = []
        for i in range(width * height):
            r, c = mapping(*divmod(i, width))
            image.append(r * width + c)
        images.append(tuple(image))
    return tuple(images)
