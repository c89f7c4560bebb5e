"""Edge template IIIa (the ziggurat) for the Hex playouts: which cell answers an intrusion.

A stone on the third row from its own edge is joined to that edge, whatever the opponent does,
as long as eight cells next to it are empty: one beside it on its row, three on the second row and
four on the first (a trapezoid, hence "ziggurat"; it also comes mirrored).  When the opponent
plays into those cells, one answer keeps the connection.  The playouts answer it, as they answer
an intrusion into a bridge (ai/kernels/hex.py): random playouts lose the connection most of the
time, which makes every stone near an edge look weaker than it is.

Edge template II (a second-row stone and its two first-row cells) needs nothing here: the
kernels' bridge table treats each edge as a stone, so that template is a bridge to the edge.

The answers are not written by hand: ``local_answers`` finds them by solving the template's
eight cells (the opponent moves first, every line is searched), and keeps, for each intrusion,
an answer after which bridge replies alone hold the connection (what the playouts can do once the
template has become bridges and edge templates II).  ``template_table`` places the template at
every third-row cell of the four edges, both mirror images, in the kernel's cell numbering.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache, lru_cache

import numpy as np

from ai.kernel_compile import njit

Offset = tuple[int, int]  # (rows, columns) from the template's stone, toward the top edge (row -2)

HEX_STEPS: tuple[Offset, ...] = ((0, -1), (0, 1), (-1, 0), (1, 0), (-1, 1), (1, -1))
ZIGGURAT: tuple[Offset, ...] = ((0, 1), (-1, 0), (-1, 1), (-1, 2), (-2, 0), (-2, 1), (-2, 2), (-2, 3))
EDGE_ROW = -2  # the first row, seen from the stone on the third
_EDGE = (EDGE_ROW - 1, 0)  # stands for the edge itself in the local search
_STONE: Offset = (0, 0)
ENTRY = 9  # a table entry: stone, answer, the seven other cells of the template


# -- the template solved on its own cells (plain Python, once) ------------------------------------
def _around(cell: Offset) -> set[Offset]:
    """A cell's neighbours on the board (no row beyond the edge), the edge itself for a first-row cell."""
    out = {(cell[0] + dr, cell[1] + dc) for dr, dc in HEX_STEPS if cell[0] + dr >= EDGE_ROW}
    if cell[0] == EDGE_ROW:
        out.add(_EDGE)
    return out


def _joined(mine: frozenset[Offset]) -> bool:
    """Does the stone reach the edge through the defender's cells ``mine``?"""
    seen, todo = {_STONE}, [_STONE]
    while todo:
        for nxt in _around(todo.pop()):
            if nxt == _EDGE:
                return True
            if nxt in mine and nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return False


@cache
def holds(theirs: frozenset[Offset], mine: frozenset[Offset]) -> bool:
    """The opponent to move in the template: can the defender keep the stone joined to the edge?"""
    if _joined(mine):
        return True
    empty = frozenset(ZIGGURAT) - theirs - mine
    return bool(empty) and all(any(holds(theirs | {x}, mine | {y}) for y in empty - {x}) for x in empty)


def _bridge_answers(x: Offset, theirs: frozenset[Offset], mine: frozenset[Offset]) -> list[Offset]:
    """The cells a bridge reply would take after an intrusion on ``x`` (the other carrier cell of
    each bridge between two of the defender's stones, or a stone and the edge, that ``x`` cut)."""
    own = mine | {_STONE, _EDGE}
    empty = frozenset(ZIGGURAT) - theirs - mine
    answers = []
    for y in sorted(empty & _around(x)):
        ends = (_around(x) & _around(y)) - {x, y}
        if len(ends) == 2 and ends <= own:
            answers.append(y)
    return answers


@cache
def bridges_hold(theirs: frozenset[Offset], mine: frozenset[Offset]) -> bool:
    """The opponent to move: does answering only by bridge replies keep the connection, whichever
    bridge the reply picks?"""
    if _joined(mine):
        return True
    empty = frozenset(ZIGGURAT) - theirs - mine
    if not empty:
        return False
    for x in empty:
        answers = _bridge_answers(x, theirs | {x}, mine) or [None]
        if not all(bridges_hold(theirs | {x}, mine | ({y} if y else set())) for y in answers):
            return False
    return True


@lru_cache(maxsize=1)
def local_answers() -> dict[Offset, Offset]:
    """For each intrusion into the ziggurat (stone at (0, 0), edge beyond row -2), the answer
    that keeps the connection with bridge replies alone afterwards; of those, the one after which
    the most further intrusions need no answer (the sturdiest), then the first in ``ZIGGURAT``."""
    answers = {}
    nothing: frozenset[Offset] = frozenset()
    for x in ZIGGURAT:
        theirs = frozenset({x})
        if holds(theirs, nothing):
            continue  # the template survives this intrusion unanswered
        kept = [y for y in ZIGGURAT if y != x and holds(theirs, frozenset({y})) and bridges_hold(theirs, frozenset({y}))]

        def sturdiness(y: Offset, theirs: frozenset[Offset] = theirs) -> int:
            rest = frozenset(ZIGGURAT) - theirs - {y}
            return sum(holds(theirs | {z}, frozenset({y})) for z in rest)

        answers[x] = max(kept, key=sturdiness)  # max keeps the first of equals
    return answers


# -- the template on a board ----------------------------------------------------------------------
def _placements(n: int) -> Iterable[tuple[int, int, dict[Offset, tuple[int, int]]]]:
    """Every ziggurat on an n x n board: (owner's side, stone cell, local offset -> board (row, col)).

    The top edge's templates (Red's) are moved to the other edges by the board's symmetries:
    the half turn (bottom, Red) and the reflection across the long diagonal (left and right, Blue).
    """
    for mirrored in (False, True):
        for col in range(n):
            local = {}
            for dr, dc in (*ZIGGURAT, _STONE):  # mirrored: the reflection keeping rows, dc -> -dc - dr
                local[(dr, dc)] = (2 + dr, col + (-dc - dr if mirrored else dc))
            if not all(0 <= r < n and 0 <= c < n for r, c in local.values()):
                continue
            for side, place in ((1, lambda r, c: (r, c)), (1, lambda r, c: (n - 1 - r, n - 1 - c)),
                                (0, lambda r, c: (c, r)), (0, lambda r, c: (n - 1 - c, n - 1 - r))):
                cells = {offset: place(*rc) for offset, rc in local.items()}
                r, c = cells[_STONE]
                yield side, r * n + c, cells


@lru_cache(maxsize=32)
def template_table(n: int) -> np.ndarray:
    """(2, n*n, K, ENTRY) int32: for each side and cell x, that side's ziggurats that an opponent's
    stone on x intrudes into and that need an answer: (stone, answer, the template's seven other
    cells), rows of -1 after.  A board too small for any template gives K = 1, all -1."""
    answers = local_answers()
    found: list[list[list[tuple[int, ...]]]] = [[[] for _ in range(n * n)] for _ in range(2)]
    for side, stone, cells in _placements(n):
        index = {offset: r * n + c for offset, (r, c) in cells.items()}
        for x, y in answers.items():
            others = sorted(index[z] for z in ZIGGURAT if z != x)
            found[side][index[x]].append((stone, index[y], *others))
    width = max(1, *(len(entries) for per_side in found for entries in per_side))
    table = np.full((2, n * n, width, ENTRY), -1, np.int32)
    for side in (0, 1):
        for cell, entries in enumerate(found[side]):
            for k, entry in enumerate(sorted(set(entries))):
                table[side, cell, k] = entry
    table.flags.writeable = False
    return table


@njit(cache=True, nogil=True)
def template_reply(colour, templates, last, own) -> int:
    """The cell that keeps a ziggurat of colour ``own`` whole after the opponent's stone on
    ``last`` intruded into it (its stone in place, its other cells all empty), or -1."""
    if last < 0:
        return -1
    side = own - 1
    for k in range(templates.shape[2]):
        stone = templates[side, last, k, 0]
        if stone < 0:
            break
        if colour[stone] != own:
            continue
        whole = True
        for j in range(2, ENTRY):
            if colour[templates[side, last, k, j]] != 0:
                whole = False
                break
        if whole:
            return templates[side, last, k, 1]
    return -1
