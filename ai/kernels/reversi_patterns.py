"""The learned Reversi evaluation: pattern tables, as in Logistello, Edax and Egaroucid.

A pattern is a fixed set of squares (an edge with its X-squares, a 3x3 corner, a diagonal ...).
Each *instance* of a pattern on the board -- the pattern under one of the board's eight
symmetries -- reads its squares as a base-3 number (0 empty, 1 the mover's disc, 2 the
opponent's), and that number picks a weight from the pattern's table.  The evaluation is the sum of
the weights of every instance, from the mover's point of view, in discs of final margin, with one
set of tables per game stage (by the number of discs on the board), since what a configuration is
worth changes as the game goes on.

Sharing: all instances of a pattern use one table, and configurations that a symmetry of the
pattern itself maps onto each other (an edge read left to right or right to left) use one entry:
``canonical[index]`` is the smallest index among those readings.  So the evaluation is exactly
symmetric under the eight board symmetries, and every training position teaches all its mirror
images at once.

Only 8x8 has pattern tables; 6x6 is solved outright and 10x10 keeps the hand-set evaluation.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from ai.kernel_compile import njit

SIZE = 8
STAGES = 15  # stage = (discs on the board - 4) // 4, capped: discs 4..63
PATTERN_SHAPES: dict[str, tuple[tuple[int, int], ...]] = {
    # (row, col) squares of the base instance, read in this order (first square = lowest digit)
    "edge+2x": ((0, 0), (0, 1), (0, 2), (0, 3), (0, 4), (0, 5), (0, 6), (0, 7), (1, 1), (1, 6)),
    "corner3x3": ((0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2), (2, 0), (2, 1), (2, 2)),
    "corner2x5": ((0, 0), (0, 1), (0, 2), (0, 3), (0, 4), (1, 0), (1, 1), (1, 2), (1, 3), (1, 4)),
    "row2": tuple((1, c) for c in range(8)),
    "row3": tuple((2, c) for c in range(8)),
    "row4": tuple((3, c) for c in range(8)),
    "diag8": tuple((i, i) for i in range(8)),
    "diag7": tuple((i, i + 1) for i in range(7)),
    "diag6": tuple((i, i + 2) for i in range(6)),
    "diag5": tuple((i, i + 3) for i in range(5)),
    "diag4": tuple((i, i + 4) for i in range(4)),
}
PATTERN_NAMES = tuple(PATTERN_SHAPES)


def symmetries() -> list[Callable[[int, int], tuple[int, int]]]:
    """The eight symmetries of the square board, as (row, col) -> (row, col) maps."""
    n = SIZE - 1
    return [
        lambda r, c: (r, c), lambda r, c: (r, n - c), lambda r, c: (n - r, c), lambda r, c: (n - r, n - c),
        lambda r, c: (c, r), lambda r, c: (c, n - r), lambda r, c: (n - c, r), lambda r, c: (n - c, n - r),
    ]


def instances(shape: tuple[tuple[int, int], ...]) -> list[tuple[int, ...]]:
    """The distinct placements of a pattern on the board, each as square indices in reading order.

    Two symmetries that cover the same squares are one instance (the second is the first read in
    another order, which ``canonical`` folds together)."""
    found: dict[frozenset[int], tuple[int, ...]] = {}
    for sym in symmetries():
        squares = tuple(r * SIZE + c for r, c in (sym(r, c) for r, c in shape))
        found.setdefault(frozenset(squares), squares)
    return list(found.values())


def self_symmetries(shape: tuple[tuple[int, int], ...]) -> list[tuple[int, ...]]:
    """Permutations p of the reading order such that reading square p[k] as digit k is the same
    pattern instance seen through a board symmetry (always includes the identity)."""
    base = [r * SIZE + c for r, c in shape]
    out = []
    for sym in symmetries():
        image = [r * SIZE + c for r, c in (sym(r, c) for r, c in shape)]
        if set(image) == set(base):
            out.append(tuple(base.index(sq) for sq in image))
    return sorted(set(out))


def canonical_table(shape: tuple[tuple[int, int], ...]) -> np.ndarray:
    """``canonical[index]``: the smallest index among the readings that a self-symmetry gives."""
    k = len(shape)
    count = 3**k
    digits = np.array([(np.arange(count) // 3**i) % 3 for i in range(k)])  # digits[i] = digit i of each index
    canon = np.arange(count)
    for perm in self_symmetries(shape):
        permuted = sum(digits[perm[i]] * 3**i for i in range(k))
        canon = np.minimum(canon, permuted)
    return canon.astype(np.int32)


class PatternSet:
    """The flat arrays the kernels read: every instance's squares, its table's offset, the folding."""

    def __init__(self) -> None:
        squares, lengths, offsets = [], [], []
        canonical_parts, table_offsets = [], {}
        offset = 0
        for name in PATTERN_NAMES:
            shape = PATTERN_SHAPES[name]
            table_offsets[name] = offset
            canonical_parts.append(canonical_table(shape) + offset)
            for inst in instances(shape):
                squares.append(list(inst) + [-1] * (10 - len(inst)))
                lengths.append(len(inst))
                offsets.append(offset)
            offset += 3 ** len(shape)
        self.squares = np.array(squares, np.int64)  # (instances, 10), -1 padded
        self.lengths = np.array(lengths, np.int64)
        self.offsets = np.array(offsets, np.int64)  # where the instance's pattern starts in the flat index space
        self.canonical = np.concatenate(canonical_parts).astype(np.int32)  # flat index -> shared weight slot
        self.table_offsets = table_offsets
        self.features = offset  # weight slots per stage (before folding; folded slots stay zero)

    @property
    def instance_count(self) -> int:
        return len(self.lengths)


@njit(cache=True, nogil=True)
def stage_of(me: np.uint64, opp: np.uint64) -> int:
    """The weight table for a position: one per 4 discs on the board (bits counted in parallel)."""
    b = me | opp
    b = b - ((b >> np.uint64(1)) & np.uint64(0x5555555555555555))
    b = (b & np.uint64(0x3333333333333333)) + ((b >> np.uint64(2)) & np.uint64(0x3333333333333333))
    b = (b + (b >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
    discs = np.int64((b * np.uint64(0x0101010101010101)) >> np.uint64(56))
    return min((discs - 4) // 4, STAGES - 1)


@njit(cache=True, nogil=True)
def instance_index(me: np.uint64, opp: np.uint64, squares, lengths, i: int) -> int:
    """Instance ``i``'s base-3 reading: digit k is its square k (0 empty, 1 mover, 2 opponent)."""
    one = np.uint64(1)
    index = 0
    for k in range(lengths[i] - 1, -1, -1):
        sq = np.uint64(squares[i, k])
        index *= 3
        if (me >> sq) & one:
            index += 1
        elif (opp >> sq) & one:
            index += 2
    return index


@njit(cache=True, nogil=True)
def feature_slots(me: np.uint64, opp: np.uint64, squares, lengths, offsets, canonical, out) -> None:
    """Write each instance's weight slot (its canonical flat index) into ``out``.  Only
    tools/reversi_train.py calls it: no warm-up compiles it (``tests/test_kernel_warm_ups.py``)."""
    for i in range(lengths.shape[0]):
        out[i] = canonical[offsets[i] + instance_index(me, opp, squares, lengths, i)]


@njit(cache=True, nogil=True)
def pattern_value(me: np.uint64, opp: np.uint64, squares, lengths, offsets, canonical, weights) -> float:
    """The evaluation: the sum of the stage's weights over every instance (discs, mover's view).
    The readable reference the tests hold ``packed_value`` to; no player calls it, no warm-up compiles it."""
    stage = stage_of(me, opp)
    total = 0.0
    for i in range(lengths.shape[0]):
        total += weights[stage, canonical[offsets[i] + instance_index(me, opp, squares, lengths, i)]]
    return total


PACK_WIDTH = 12  # a packed instance: its length, its pattern's offset, then its squares (-1 padded)


def packed(patterns: PatternSet) -> np.ndarray:
    """The instances as the search reads them: one int64 row each, ``PACK_WIDTH`` wide."""
    return np.concatenate([patterns.lengths[:, None], patterns.offsets[:, None], patterns.squares], 1)


def expanded(patterns: PatternSet, weights: np.ndarray) -> np.ndarray:
    """Weights of the shared slots spread over every flat index (``weights[:, canonical]``), so
    the search reads an instance's weight without the folding step."""
    return np.ascontiguousarray(weights[:, patterns.canonical], dtype=np.float32)


@njit(cache=True, nogil=True)
def packed_value(me: np.uint64, opp: np.uint64, pat, weights) -> float:
    """``pattern_value`` on packed instances and expanded weights (the search's version)."""
    stage = stage_of(me, opp)
    total = 0.0
    one = np.uint64(1)
    for i in range(pat.shape[0]):
        index = 0
        for k in range(pat[i, 0] + 1, 1, -1):
            sq = np.uint64(pat[i, k])
            index = index * 3 + np.int64((me >> sq) & one) + 2 * np.int64((opp >> sq) & one)
        total += weights[stage, pat[i, 1] + index]
    return total

