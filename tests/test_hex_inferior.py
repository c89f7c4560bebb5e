"""Dead cells, captured pairs and fill-in (ai/kernels/hex_inferior.py): the standard patterns,
and on random small positions the facts they stand for, checked by brute force and by the
exact solver."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

from ai.kernels import hex as hk
from ai.kernels import hex_inferior as inf
from tests.solved_facts import exact_hex_solver
from tests.test_hex_vc import cell, position, random_position

BLUE, RED = 0, 1


def dead(n: int, colour: np.ndarray) -> set[int]:
    return {c for c in range(n * n) if inf.is_dead(colour, inf.ring(n), c)}


def test_four_stones_of_one_colour_around_a_cell():
    # c3's neighbours in order round it: d3, d2, c2, b3, b4, c4; Red on four in a row
    n, colour = position([". . . . .", ". . R R .", ". R . . .", ". R . . .", ". . . . ."])
    assert cell("c3", n) in dead(n, colour)


def test_three_in_a_row_and_the_opposite_cell():
    # around c3: d3, d2 and c2 are Red (in a row), b4 (opposite d2) is Blue
    n, colour = position([". . . . .", ". . R R .", ". . . R .", ". B . . .", ". . . . ."])
    assert cell("c3", n) in dead(n, colour)
    colour[cell("b4", n)] = 0  # without the Blue stone Blue could still use c3
    assert cell("c3", n) not in dead(n, colour)


def test_a_cell_between_two_opposite_stones_is_alive():
    n, colour = position([". . . . .", ". . R . .", ". . . . .", ". R . . .", ". . . . ."])
    assert cell("c3", n) not in dead(n, colour)


def test_edges_count_as_stones():
    # c1 touches the top (Red) edge twice; with Red on b1 and d1 beside it four Red neighbours
    # are in a row
    n, colour = position([". R . R .", ". . . . .", ". . . . .", ". . . . .", ". . . . ."])
    assert cell("c1", n) in dead(n, colour)


def test_captured_pair_is_filled_with_its_captor():
    # b3 and c3: Red on c2 and b4 (the bridge around them), Blue on a3 and d3 beside them
    n, colour = position([". . . . .", ". . R . .", "B . . B .", ". R . . .", ". . . . ."])
    assert inf.captures_pair(colour, inf.ring(n), cell("b3", n), cell("c3", n), 2)
    marks = np.zeros(n * n, np.int8)
    inf.fill_in(colour, n, hk.neighbours(n), inf.ring(n), 1, marks)
    assert colour[cell("b3", n)] == colour[cell("c3", n)] == 2
    assert marks[cell("b3", n)] == marks[cell("c3", n)] == 3


def winner_of_full(n: int, colour: np.ndarray) -> int:
    mark = np.zeros(n * n, np.uint8)
    group = np.empty(n * n, np.int32)
    return hk.winner(colour, n, hk.neighbours(n), mark, group)


@pytest.mark.parametrize("n,stones", [(4, 6), (4, 9), (5, 13), (5, 16)])
def test_a_dead_cell_never_decides_a_game(n, stones):
    """On every way to fill the other empty cells, a dead cell's colour leaves the winner alone."""
    rng = random.Random(stones)
    seen = 0
    for _ in range(40):
        _, _, colour = random_position(n, stones, rng)
        for p in dead(n, colour):
            seen += 1
            others = [c for c in range(n * n) if colour[c] == 0 and c != p]
            for fill in itertools.product((1, 2), repeat=len(others)):
                board = colour.copy()
                board[others] = fill
                board[p] = 1
                first = winner_of_full(n, board)
                board[p] = 2
                assert winner_of_full(n, board) == first
    assert seen > 0


@pytest.mark.parametrize("n,stones", [(4, 4), (4, 7), (5, 12)])
def test_fill_in_keeps_the_value(n, stones):
    rng = random.Random(n + stones)
    exact = exact_hex_solver(n)
    changed = 0
    for _ in range(30):
        blue, red, colour = random_position(n, stones, rng)
        for side in (BLUE, RED):
            filled = colour.copy()
            marks = np.zeros(n * n, np.int8)
            if not inf.fill_in(filled, n, hk.neighbours(n), inf.ring(n), 2 - side, marks):
                continue
            changed += 1
            f_blue = sum(1 << c for c in range(n * n) if filled[c] == 1)
            f_red = sum(1 << c for c in range(n * n) if filled[c] == 2)
            before = exact.wins((blue, red)[side], (blue, red)[1 - side], side)
            if hk.winner(filled, n, hk.neighbours(n), np.zeros(n * n, np.uint8), np.empty(n * n, np.int32)) >= 0:
                after = hk.winner(filled, n, hk.neighbours(n), np.zeros(n * n, np.uint8),
                                  np.empty(n * n, np.int32)) == side
            else:
                after = exact.wins((f_blue, f_red)[side], (f_blue, f_red)[1 - side], side)
            assert before == after
    assert changed > 0
