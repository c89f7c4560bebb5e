"""The pattern evaluation's indexing against a plain reference, and its symmetry."""

from __future__ import annotations

import random

import numpy as np
import pytest

from ai.kernels.reversi_patterns import (
    PATTERN_SHAPES,
    STAGES,
    PatternSet,
    feature_slots,
    instances,
    pattern_value,
    self_symmetries,
    stage_of,
    symmetries,
)


@pytest.fixture(scope="module")
def patterns() -> PatternSet:
    return PatternSet()


def random_board(rng: random.Random) -> tuple[int, int]:
    me = opp = 0
    for sq in range(64):
        roll = rng.random()
        if roll < 0.35:
            me |= 1 << sq
        elif roll < 0.7:
            opp |= 1 << sq
    return me, opp


def transform(board: int, sym) -> int:
    out = 0
    for sq in range(64):
        if board >> sq & 1:
            r, c = sym(*divmod(sq, 8))
            out |= 1 << (r * 8 + c)
    return out


def plain_index(me: int, opp: int, squares: tuple[int, ...]) -> int:
    """The reference reading: digit k is square k's content, 0 empty, 1 mover, 2 opponent."""
    return sum(3**k * (1 if me >> sq & 1 else 2 if opp >> sq & 1 else 0) for k, sq in enumerate(squares))


def test_instance_counts_are_the_classic_ones():
    counts = {name: len(instances(shape)) for name, shape in PATTERN_SHAPES.items()}
    assert counts == {"edge+2x": 4, "corner3x3": 4, "corner2x5": 8, "row2": 4, "row3": 4, "row4": 4,
                      "diag8": 2, "diag7": 4, "diag6": 4, "diag5": 4, "diag4": 4}
    # an edge reads the same from either end, a 3x3 corner across its diagonal, a 2x5 corner only one way
    assert len(self_symmetries(PATTERN_SHAPES["edge+2x"])) == 2
    assert len(self_symmetries(PATTERN_SHAPES["corner3x3"])) == 2
    assert len(self_symmetries(PATTERN_SHAPES["corner2x5"])) == 1


def test_kernel_indexing_equals_the_plain_reading(patterns):
    rng = random.Random(7)
    out = np.zeros(patterns.instance_count, np.int32)
    for _ in range(200):
        me, opp = random_board(rng)
        feature_slots(np.uint64(me), np.uint64(opp), patterns.squares, patterns.lengths, patterns.offsets,
                      patterns.canonical, out)
        i = 0
        for name, shape in PATTERN_SHAPES.items():
            for inst in instances(shape):
                expected = patterns.canonical[patterns.table_offsets[name] + plain_index(me, opp, inst)]
                assert out[i] == expected
                i += 1


def test_folding_joins_exactly_the_mirror_readings():
    shape = PATTERN_SHAPES["edge+2x"]
    base = [r * 8 + c for r, c in shape]
    mirrored = [r * 8 + (7 - c) for r, c in shape]
    rng = random.Random(3)
    patterns = PatternSet()
    offset = patterns.table_offsets["edge+2x"]
    for _ in range(100):
        me, opp = random_board(rng)
        a, b = plain_index(me, opp, base), plain_index(me, opp, mirrored)
        assert patterns.canonical[offset + a] == patterns.canonical[offset + b] == offset + min(a, b)


def test_the_evaluation_is_the_same_in_all_eight_symmetries(patterns):
    rng = random.Random(11)
    weights = np.random.default_rng(5).normal(size=(STAGES, patterns.features)).astype(np.float32)
    for _ in range(50):
        me, opp = random_board(rng)
        values = {
            round(float(pattern_value(np.uint64(transform(me, s)), np.uint64(transform(opp, s)), patterns.squares,
                                      patterns.lengths, patterns.offsets, patterns.canonical, weights)), 3)
            for s in symmetries()
        }
        assert len(values) == 1


def test_stage_counts_discs():
    assert stage_of(np.uint64(0x0000000810000000), np.uint64(0x0000001008000000)) == 0
    assert stage_of(np.uint64(2**64 - 1), np.uint64(0)) == STAGES - 1
