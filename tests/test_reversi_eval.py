"""The learned Reversi evaluation as the search uses it: the shipped weights (checksum, symmetry),
the search's packed reading against the plain one, the kernel search with it against plain
negamax, the aspiration window, the training tool's fit, and multi-ProbCut (its parameters'
checksum; with a threshold that cannot cut, the exact search)."""

from __future__ import annotations

import importlib.util
import math
import random
import shutil
from pathlib import Path

import numpy as np
import pytest

import games
from ai import data
from ai.engines import reversi_eval
from ai.kernels import reversi as kernel
from ai.kernels.reversi_patterns import (
    STAGES,
    PatternSet,
    expanded,
    packed,
    packed_value,
    pattern_value,
    symmetries,
)
from ai.search.driver import CTL_NODES, new_ctl
from games.reversi import flips, move_mask, squares
from tests.test_reversi_patterns import transform

ROOT = Path(__file__).resolve().parents[1]


def random_positions(count: int, seed: int) -> list:
    """Positions of seeded random 8x8 games at every stage, the mover having a move."""
    game = games.load("reversi")
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        state = game.initial_state()
        stop = rng.randint(4, 59)
        while not state.is_terminal() and state.empties() > stop:
            state = state.play(rng.choice(state.legal_moves()))
        if not state.is_terminal() and not state.must_pass():
            out.append(state)
    return out


@pytest.fixture(scope="module")
def learned():
    weights = reversi_eval.pattern_weights()
    assert weights is not None, "ai/data/reversi_weights.npz is shipped"
    return weights


def test_the_packed_reading_equals_the_plain_one():
    patterns = PatternSet()
    weights = np.random.default_rng(3).normal(size=(STAGES, patterns.features)).astype(np.float32)
    pat, spread = packed(patterns), expanded(patterns, weights)
    for state in random_positions(100, seed=1):
        me, opp = np.uint64(state.mover), np.uint64(state.opponent)
        plain = pattern_value(me, opp, patterns.squares, patterns.lengths, patterns.offsets, patterns.canonical,
                              weights)
        assert packed_value(me, opp, pat, spread) == pytest.approx(plain, abs=1e-4)


def test_the_shipped_evaluation_is_the_same_in_all_eight_symmetries(learned):
    for state in random_positions(40, seed=2):
        values = {round(float(packed_value(np.uint64(transform(state.mover, s)), np.uint64(transform(state.opponent, s)),
                                           *learned)), 3) for s in symmetries()}
        assert len(values) == 1


@pytest.fixture(scope="module")
def probcut():
    params = reversi_eval.probcut_parameters()
    assert params is not None, "ai/data/reversi_probcut.npz is shipped"
    return params


@pytest.mark.parametrize("file, loader", [("WEIGHTS_FILE", "pattern_weights"), ("PROBCUT_FILE", "probcut_parameters")])
def test_loading_checks_the_checksum(tmp_path, monkeypatch, file, loader):
    name = getattr(reversi_eval, file)
    load = getattr(reversi_eval, loader)
    assert data.checksums()[name] == data.sha256(name)
    copy = tmp_path / name
    shutil.copy(data.path(name), copy)
    with open(copy, "ab") as f:
        f.write(b"\0")  # one byte more: another file
    shutil.copy(data.path("checksums.json"), tmp_path / "checksums.json")
    monkeypatch.setattr(data, "FOLDER", tmp_path)
    load.cache_clear()
    try:
        with pytest.raises(reversi_eval.ChecksumError):
            load()
    finally:
        monkeypatch.undo()
        load.cache_clear()


def plain_negamax(me: int, opp: int, depth: int, geo, learned) -> int:
    """Depth-limited negamax with the learned evaluation (points, 100 per disc) at the leaves."""
    moves = move_mask(me, opp, geo)
    if not moves:
        if not move_mask(opp, me, geo):
            return kernel.DISC * (me.bit_count() - opp.bit_count())
        return -plain_negamax(opp, me, depth, geo, learned)
    if depth == 0:
        value = 100.0 * float(packed_value(np.uint64(me), np.uint64(opp), *learned))
        return int(np.floor(min(max(value, -kernel.EVAL_LIMIT), kernel.EVAL_LIMIT) + 0.5))
    best = -kernel.INF
    for sq in squares(moves):
        f = flips(sq, me, opp, geo)
        best = max(best, -plain_negamax(opp ^ f, me | f | 1 << sq, depth - 1, geo, learned))
    return best


@pytest.mark.parametrize("depth", [1, 2, 3])
def test_the_search_with_the_learned_evaluation_equals_plain_negamax(depth, learned):
    tables = kernel.Tables(8, 12, 4)
    out_sq, out_value = np.zeros(64, np.int64), np.zeros(64, np.int64)
    for state in random_positions(12, seed=10 + depth):
        expected = plain_negamax(state.mover, state.opponent, depth, state.game.geo, learned)
        for guess, window in ((0, 0), (expected, 1), (expected + 500, 100), (expected - 500, 100)):
            tables.clear()  # a window that misses is searched again in full: the same best value
            done = kernel.search_root_with(np.uint64(state.mover), np.uint64(state.opponent), depth, -1, False, 0,
                                           tables.geo, tables.square_value, tables.mid_keys, tables.mid_data,
                                           tables.sqs, tables.fls, new_ctl(), out_sq, out_value, *learned, guess,
                                           window, kernel.NO_PROBCUT, kernel.MPC_OFF)
            assert int(out_value[:done].max()) == expected


def test_the_training_fit_recovers_weights_it_can_express():
    spec = importlib.util.spec_from_file_location("reversi_train", ROOT / "tools" / "reversi_train.py")
    train = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(train)
    rng = np.random.default_rng(4)
    slots = rng.integers(0, 50, size=(400, 6))
    truth = rng.normal(size=50)
    y = truth[slots].sum(1)
    fitted = train.fit(slots, y, np.zeros(50), ridge=1e-6)
    assert np.abs(fitted[slots].sum(1) - y).max() < 1e-3


def root_search(state, depth: int, learned, mpc: np.ndarray, mpc_t: float) -> tuple[list, list, int]:
    """One fresh root search of ``depth`` plies: its moves, their values and the nodes it took."""
    tables = kernel.Tables(8, 14, 4)
    out_sq, out_value = np.zeros(64, np.int64), np.zeros(64, np.int64)
    ctl = new_ctl()
    done = kernel.search_root_with(np.uint64(state.mover), np.uint64(state.opponent), depth, -1, False, 0, tables.geo,
                                   tables.square_value, tables.mid_keys, tables.mid_data, tables.sqs, tables.fls, ctl,
                                   out_sq, out_value, *learned, 0, 0, mpc, mpc_t)
    return out_sq[:done].tolist(), out_value[:done].tolist(), int(ctl[CTL_NODES])


def test_probcut_that_cannot_cut_is_the_exact_search(learned, probcut):
    loose = probcut.copy()
    loose[..., 3] = 1e7  # an error so wide that no shallow value predicts anything
    for state in random_positions(8, seed=31):
        exact = root_search(state, 6, learned, kernel.NO_PROBCUT, kernel.MPC_OFF)
        assert root_search(state, 6, learned, probcut, math.inf) == exact
        assert root_search(state, 6, learned, loose, 1.5) == exact


def test_probcut_searches_fewer_nodes_in_the_midgame(learned, probcut):
    from ai.bench.reversi import BENCH_POSITIONS

    game = games.load("reversi")
    exact = selective = 0
    for text in BENCH_POSITIONS[1:4]:
        state = game.from_text(text)
        exact += root_search(state, 8, learned, kernel.NO_PROBCUT, kernel.MPC_OFF)[2]
        selective += root_search(state, 8, learned, probcut, 1.5)[2]
    assert selective < exact
