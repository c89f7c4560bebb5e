"""Level-5 carries a proven margin from its move to its next one (ai/engines/reversi_search.py).

After a proof (or an exact book move) the player knows its margin; after any reply of the
opponent its margin is at least that.  Its next solve starts at that margin, and a solve cut off
once a move is proven to keep it plays that move: the margin is never given away for want of time.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

import ai
import games
from ai.base import Limits
from ai.engines.reversi_search import KERNEL_SOLVER_6X6, KernelSearch, SolvePlan
from ai.kernels import reversi as kernel
from ai.kernels import reversi_endgame as endgame
from ai.search.driver import CTL_MAX_NODES, CTL_NODES, new_ctl, search
from tools.reversi6_selfcheck import start_state

SIZE = 6


def random_state(seed: int, empties: int):
    """The self-check's seeded random-play 6x6 position, one whose mover has a move."""
    state = start_state(empties, seed)
    while state.must_pass():
        seed += 1000
        state = start_state(empties, seed)
    return state


def exact(state) -> int:
    """The mover's exact margin by a fresh solver (a full window)."""
    t = kernel.Tables(SIZE, 10, 14)
    out = np.zeros(2, np.int64)
    assert endgame.solve_root(np.uint64(state.mover), np.uint64(state.opponent), -64, 64, -1, 0, t.geo,
                              t.square_value, t.end_keys, t.end_data, t.sqs, t.fls, new_ctl(), out)
    return int(out[1])


def margin_after(state, move) -> int:
    """The exact margin, for the mover of ``state``, of the position after ``move``."""
    child = state.play(move)
    return exact(child) if child.to_move == state.to_move else -exact(child)


def reaches(state, side: int, margin: int) -> bool:
    """Whether ``side`` reaches at least ``margin`` from ``state`` (one null window of a fresh solver)."""
    if state.is_terminal():
        black, white = state.score()
        return (black - white if side == 0 else white - black) >= margin
    mover_margin = margin if state.to_move == side else 1 - margin  # the mover's test: this or more
    t = kernel.Tables(SIZE, 10, 16)
    out = np.zeros(2, np.int64)
    assert endgame.solve_root(np.uint64(state.mover), np.uint64(state.opponent), mover_margin - 1, mover_margin,
                              -1, 0, t.geo, t.square_value, t.end_keys, t.end_data, t.sqs, t.fls, new_ctl(), out)
    return (int(out[1]) >= mover_margin) == (state.to_move == side)


def new_search() -> KernelSearch:
    return KernelSearch(kernel.Tables(SIZE, 12, 16), 0.0, 64, random.Random(1), None)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_after_a_proof_the_margin_is_known_after_every_reply(seed):
    state = random_state(seed, 13)
    engine = new_search()
    result = search(engine, state, Limits())
    assert result.kind == "solver" and int(result.score) == exact(state)
    after = state.play(result.best_move)
    if after.is_terminal():
        pytest.skip("the proof's move ended the game")
    for reply in after.legal_moves():
        now = after.play(reply)
        if now.is_terminal() or now.to_move != state.to_move:
            continue
        known = engine.known_margin(now.mover, now.opponent)
        assert known == int(result.score)
        assert exact(now) >= known  # a reply can only give the mover more


def test_an_unrelated_position_has_no_known_margin():
    engine = new_search()
    state = random_state(4, 13)
    search(engine, state, Limits())
    other = random_state(5, 11)
    assert engine.known_margin(other.mover, other.opponent) is None


@pytest.mark.parametrize("seed", [1, 2, 3, 6])
def test_the_next_solve_starts_at_the_known_margin_and_is_exact(seed):
    state = random_state(seed, 15)
    engine = new_search()
    first = search(engine, state, Limits())
    after = state.play(first.best_move)
    rng = random.Random(seed)
    now = after.play(rng.choice(after.legal_moves()))  # any reply, a mistake or not
    if now.is_terminal():
        pytest.skip("the game ended")
    result = search(engine, now, Limits())
    if now.to_move == state.to_move:
        assert engine.known == int(first.score)
    assert result.kind == "solver" and result.proven is not None
    assert int(result.score) == exact(now)
    assert margin_after(now, result.best_move) == int(result.score)


def test_a_solve_cut_off_after_its_first_window_plays_a_move_that_keeps_the_margin():
    for seed in range(1, 40):
        state = random_state(seed, 17)
        margin = exact(state)
        # the first window alone: how many nodes does it take from fresh tables?
        probe = new_search()
        probe.start(state, Limits())
        probe.known = margin
        t = probe.tables
        ctl = new_ctl()
        assert endgame.solve_root_window(probe.me, probe.opp, margin - 1, margin, probe.first, 0, t.geo,
                                         t.square_value, t.end_keys, t.end_data, t.sqs, t.fls, ctl, probe.out,
                                         probe.pat, probe.weights)
        first_window = int(ctl[CTL_NODES])
        # the same solve from fresh tables, with a node budget the second window cannot finish in
        engine = new_search()
        engine.start(state, Limits())
        engine.known = margin
        ctl = new_ctl()
        ctl[CTL_MAX_NODES] = first_window + 1
        result = engine.solve(ctl)
        if result is None or not result.at_least:
            continue  # the second window finished within the rounding of the budget: try another
        assert result.kind == "solver" and result.score >= margin
        assert result.proven == (1 if result.score > 0 else None)  # a bound above zero is a win
        assert margin_after(state, result.best_move) >= margin
        return
    pytest.fail("no position's second window was cut off")


def test_a_known_margin_lets_the_solver_start_further_out():
    speed = KERNEL_SOLVER_6X6
    empties = speed.reach(1.0) + 1
    plain = SolvePlan(empties, 64, 0.0, Limits(time=1.0), speed, None)
    known = SolvePlan(empties, 64, 0.0, Limits(time=1.0), speed, None, margin_known=True)
    assert plain.step is None and known.step is not None


def test_level_5_knows_its_margin_after_a_6x6_book_move():
    game = games.load("reversi", size=SIZE)
    player = ai.make_player("reversi", "level-5", seed=1)
    state = game.initial_state()
    move = player.choose(state, Limits(time=1.0))
    assert player.last.kind == "book" and int(player.last.score) == -4  # White wins 20-16
    engine = player.engines[SIZE]
    after = state.play(move)
    for reply in after.legal_moves():
        now = after.play(reply)
        assert engine.known_margin(now.mover, now.opponent) == -4


@pytest.mark.parametrize("side", [0, 1])
def test_level_5_keeps_the_6x6_result_at_a_starved_move_time(side):
    """Past the book (23 empties) the margin it handed over is kept however short the move time:
    each move of level-5 from 22 empties on keeps its side's share of White's 20-16 win."""
    game = games.load("reversi", size=SIZE)
    player = ai.make_player("reversi", "level-5", seed=1)
    other = ai.make_player("reversi", "level-4", seed=2)
    share = -4 if side == 0 else 4
    state = game.initial_state()
    while not state.is_terminal():
        if state.to_move != side:
            state = state.play(other.choose(state, Limits(depth=4)))
            continue
        move = player.choose(state, Limits(time=0.0005))
        if state.empties() <= 22:
            assert reaches(state.play(move), side, share), (state.empties(), player.last)
        state = state.play(move)
