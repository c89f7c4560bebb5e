"""The memory level 5's deeper search keeps (trax3): a Trax state's transposition key is a 128-bit
digest of its board and the side to move (``TraxState.key``), not the board itself, which every
table entry kept alive (658 bytes on 25x25); and the searches choose exactly as they did."""

from __future__ import annotations

import random
import sys

import pytest

import ai
import games
from ai.base import Limits
from ai.bench.trax import board_key, search_memory
from ai.engines.trax_search import deepening_player
from ai.engines.trax_threats import analyse
from ai.match import random_play


def quiet(size: int, plies: int, seed: int):
    """(the seed used, the state) of ``plies`` seeded random moves where neither side wins at once."""
    game = games.load("trax", size=size)
    while True:
        state = random_play(game.initial_state(), plies, random.Random(seed))
        if not state.is_terminal() and not any(analyse(game, state).values()):
            return seed, state
        seed += 1


def held_bytes(key) -> int:
    """The bytes a table entry's key holds: the key and, for a tuple, what it holds."""
    return sys.getsizeof(key) + (sum(sys.getsizeof(part) for part in key) if isinstance(key, tuple) else 0)


def test_a_25x25_key_holds_no_board():
    """The board key held 714 bytes on 25x25 (the 625 cells, the tuple); the digest 44 on every board."""
    for size in (7, 25):
        _, state = quiet(size, 10, 1)
        assert held_bytes(state.key()) <= 48
        assert held_bytes(board_key(state)) > size * size


def test_keys_tell_positions_apart_and_agree_on_one():
    """The positions of random 10x10 games have as many keys as boards (with the side to move),
    and one rebuilt from its text the same key; the side to move alone tells two keys apart."""
    game = games.load("trax", size=10)
    rng, keys, boards = random.Random(3), set(), set()
    while len(boards) < 60:
        state = game.initial_state()
        while not state.is_terminal():
            keys.add(state.key())
            boards.add(board_key(state))
            assert game.from_text(game.to_text(state)).key() == state.key()
            assert game.from_text(game.to_text(state)) == state
            state = state.play(rng.choice(state.legal_moves()))
    assert len(keys) == len(boards)
    start = game.initial_state()
    assert game.state_from_cells(start.cells, 1).key() == start.key() ^ 1


# (size, plies, seed of the quiet position, level 5 at depth 3: move, value, depth; analysis's
# alpha-beta at depth 3: move, value, depth), with the board as the key, before the digest; one
# player of each kind goes through all five, so the tables carry over as between moves
BEFORE = [
    (7, 6, 3, 553, 1.15, 3, 611, 1.9, 3),
    (7, 12, 9, 553, 0.8999999999999999, 3, 553, 0.8999999999999999, 3),
    (10, 8, 6, 426, 0.5776859504132221, 3, 537, 1.238842975206612, 3),
    (10, 16, 37, 421, 2.015702479338842, 3, 421, 2.015702479338842, 3),
    (25, 10, 13, 5331, 999997, 3, 5331, 999997, 3),
]


def test_searches_choose_as_with_the_board_key():
    level5 = ai.make_player("trax", "level-5", seed=5)
    search = deepening_player(ai.catalog("trax")[0], seed=5)
    for size, plies, seed, *expected in BEFORE:
        assert quiet(size, plies, seed)[0] == seed
        state = quiet(size, plies, seed)[1]
        fives, searched = [], []
        move5 = level5.choose(state, Limits(depth=3, best=True), fives.append)
        move = search.choose(state, Limits(depth=3), searched.append)
        five, deep = fives[-1], searched[-1]
        assert five.done and deep.done
        assert [move5, five.score, five.depth, move, deep.score, deep.depth] == pytest.approx(expected, abs=0), size


def test_the_table_keeps_less_per_entry_on_25x25():
    """The bench's figure: bytes the deeper search's table frees when dropped, per entry, the same
    search keyed both ways (789 and 132 bytes when measured; the board key's board alone is 658)."""
    board = search_memory(25, 24, 2, board_key, traced=True)
    digest = search_memory(25, 24, 2, traced=True)
    assert board[:2] == digest[:2]  # the same nodes, the same entries
    assert digest[3] / digest[1] < 300 < board[3] / board[1]


def test_the_bench_gives_both_keys_figures_side_by_side(monkeypatch):
    """``main.py bench trax``'s memory lines: for each board, the board key's nodes per second and
    bytes an entry beside the digest's, from one run (the searches stubbed: the figures are theirs)."""
    from ai.bench import trax as trax_bench

    def measured(size, plies, depth, key=None, traced=False):
        board = key is board_key
        return 1000, 100, 0.5 if board else 0.25, (80_000 if board else 13_000) if traced else 0

    monkeypatch.setattr(trax_bench, "search_memory", measured)
    lines: list[str] = []
    trax_bench.memory_lines(lines.append, quick=True)
    assert [line.split(",")[0] for line in lines] == [
        f"  {n}x{n} after {p} plies" for n, p in ((7, 8), (10, 16), (25, 24))]
    assert lines[2].endswith("1000 nodes, 100 table entries; board key 2,000 nodes/s, 800 bytes an entry; "
                             "digest key 4,000 nodes/s, 130 bytes an entry")
