"""Level-5's compiled alpha-beta for big boards (ai/kernels/tictactoe.py), held to games/tictactoe.

Differential: on random positions of 8x8 four in a row, 9x9 and 15x15 five in a row, and of the
odd shapes the m,n,k exercise allows (5x10 four, 17x3 three, 19x19 six in a row), the kernel's
position (kept by placing marks and taking them back) counts the same wins, fours, evaluation
(``OpenLines.evaluate``), squares to search and their gains (``line_gains``) as the Python code,
and the answers to double threats are the squares after which the rules show none left.  Every
win the search claims is replayed against every defence.  Two 9x9 positions from random play: a
quiet move that sets up a win (no threat search sees it, level-4 misses it) and its defensive
twin, each within a fixed depth.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

import ai
import games
from ai import kernels
from ai.base import PROVEN, Limits
from ai.engines.tictactoe import OpenLines, completing_squares, line_gains
from ai.engines.tictactoe_search import ROOT_WIDTH, WIDTH
from ai.engines.tictactoe_vct import VCTSearch
from ai.kernels import tictactoe as kernel
from ai.search.driver import CTL_MAX_NODES, CTL_NODES, CTL_STOP, new_ctl
from games.grid import king_neighbour_masks
from tests.kernel_helpers import compiling_from_scratch
from tests.test_tictactoe_threats import random_position, sides

BOARDS = [games.load("tictactoe", width=8, height=8, k=4), games.load("tictactoe", width=9, height=9, k=5),
          games.load("tictactoe", width=15, height=15, k=5)]
# shapes the m,n,k exercise allows beyond the square ones: 50 squares (the kernel's smallest board),
# tall and narrow, wide and flat, six in a row on 19x19
ODD_BOARDS = [games.load("tictactoe", width=5, height=10, k=4), games.load("tictactoe", width=17, height=3, k=3),
              games.load("tictactoe", width=19, height=19, k=6)]
NINE = BOARDS[1]
QUIET_DEPTH = 7  # the search's depth in the quiet-move tests (a fixed budget: no clock)


def kernel_position(state):
    game = state.game
    b = kernel.board(game.width, game.height, game.k)
    return b, kernel.Position(b, state.boards)


def positions(game, count: int, seed: int):
    rng = random.Random(seed)
    return [random_position(game, rng, rng.randrange(0, 30)) for _ in range(count)]


@pytest.mark.parametrize("game", BOARDS + ODD_BOARDS, ids=lambda g: f"{g.width}x{g.height}k{g.k}")
def test_the_kernel_position_counts_what_the_rules_and_the_evaluation_count(game):
    for state in positions(game, 40, 1):
        b, position = kernel_position(state)
        side = state.to_move
        assert kernel.evaluate(position.state, side) == OpenLines().evaluate(state)
        me, them = sides(state)
        row = np.zeros(game.cells, np.int32)
        for who, marks, blockers in ((side, me, them), (1 - side, them, me)):
            found = kernel.blocks(b.lines, position.marks, position.counts, who, row)
            assert sorted(row[:found]) == sorted(completing_squares(game, marks, blockers))
        for move in state.legal_moves():
            won = kernel.place(b.lines, b.through, b.near, b.keys, b.powers, position.marks, position.counts,
                               position.near_marks, position.state, move, side)
            assert won == (state.play(move).winner() == side)
            kernel.take_back(b.lines, b.through, b.near, b.keys, b.powers, position.marks, position.counts,
                             position.near_marks, position.state, move, side)
        assert kernel.evaluate(position.state, side) == OpenLines().evaluate(state)  # all taken back


@pytest.mark.parametrize("game", BOARDS + ODD_BOARDS, ids=lambda g: f"{g.width}x{g.height}k{g.k}")
def test_the_squares_searched_are_the_marks_neighbours_ranked_by_line_gains(game):
    near = king_neighbour_masks(game.width, game.height)
    for state in positions(game, 40, 2):
        taken = state.boards[0] | state.boards[1]
        if not taken:
            continue
        b, position = kernel_position(state)
        row, gains = np.zeros(game.cells, np.int32), np.zeros(game.cells, np.int64)
        found = kernel.candidates(b.lines, b.through, b.powers, b.order, position.marks, position.counts,
                                  position.near_marks, state.to_move, game.cells, row, gains, False)
        close = [m for m in state.legal_moves() if near[m] & taken]
        assert sorted(row[:found]) == sorted(close)
        expected = line_gains(game, *sides(state), close)
        assert {int(m): int(g) for m, g in zip(row[:found], gains[:found])} == expected
        assert list(gains[:found]) == sorted(gains[:found], reverse=True)


def double_threats(game, attacker: int, defender: int) -> set[int]:
    """The empty squares where ``attacker``'s mark would leave two squares completing a line."""
    empty = game.full & ~(attacker | defender)
    return {m for m in range(game.cells) if empty >> m & 1
            and len(completing_squares(game, attacker | 1 << m, defender)) >= 2}


@pytest.mark.parametrize("game", BOARDS[:2] + ODD_BOARDS[:2], ids=lambda g: f"{g.width}x{g.height}k{g.k}")
def test_the_answers_to_double_threats_are_the_squares_after_which_there_are_none(game):
    checked = 0
    for state in positions(game, 60, 3):
        me, them = sides(state)
        if completing_squares(game, them, me) or completing_squares(game, me, them):
            continue
        b, position = kernel_position(state)
        row, work = np.zeros(game.cells, np.int32), kernel.Scratch(game.cells).work
        found = kernel.answers(b.lines, position.marks, position.counts, 1 - state.to_move, row, work)
        if not double_threats(game, them, me):
            assert found == -1
            continue
        stoppers = {m for m in state.legal_moves() if not double_threats(game, them, me | 1 << m)}
        assert set(row[:found].tolist()) == stoppers, game.to_text(state)
        assert (work[:kernel.W_TOUCHED] == kernel.Scratch(game.cells).work[:kernel.W_TOUCHED]).all()  # as found
        checked += 1
    assert checked >= 3


def kernel_search(state, depth: int) -> tuple[int, int]:
    """The kernel's (value, move) for ``state``, ``depth`` plies, level-5's widths, a fresh table."""
    b, position = kernel_position(state)
    value, move, _ = kernel.search(b, position, kernel.Table(16), state.to_move, depth, WIDTH, ROOT_WIDTH, -1,
                                   new_ctl())
    return int(value), int(move)


def assert_wins_against_every_defence(state, depth: int) -> int:
    """The search claims a win for the side to move, and its move keeps one whatever the defender
    replies (asked again after every reply, down to a completed line); the positions walked."""
    value, move = kernel_search(state, depth)
    assert value >= PROVEN, state.game.to_text(state)
    after = state.play(move)
    if after.winner() == state.to_move:
        return 1
    walked = 1
    for reply in after.legal_moves():
        answered = after.play(reply)
        assert not answered.is_terminal(), state.game.to_text(answered)
        walked += assert_wins_against_every_defence(answered, depth)
    return walked


@pytest.mark.parametrize("game", BOARDS[:2] + ODD_BOARDS[:2], ids=lambda g: f"{g.width}x{g.height}k{g.k}")
def test_every_win_and_loss_the_search_claims_holds_against_every_defence(game):
    wins = losses = 0
    for state in positions(game, 60, 4):
        value = kernel_search(state, 4)[0]
        if value >= PROVEN:
            assert_wins_against_every_defence(state, 4)
            wins += 1
        elif value <= -PROVEN and losses < 3:  # every move leaves the opponent a win
            for move in state.legal_moves():
                after = state.play(move)
                if not after.is_terminal():
                    assert_wins_against_every_defence(after, 4)
            losses += 1
    assert wins >= 3 and losses >= 1


# 9x9 five in a row, X to move: d5 (no four, no three: O need not answer it) wins in 11 plies;
# no run of up to three threats wins from here (``VCTSearch``), and level-4's depth-4 search
# plays another move.  Found among random positions by the kernel's search.
QUIET_WIN = "\n".join(["to-move: X", ".........", "....X.O..", ".O.......", ".....O...", "....X....",
                       "...X.....", "....X....", "....O....", "........."])
# O to move: e4, which level-5's Python search of depth 7 played, lets X win by a quiet move; the
# kernel's plays d4, after which it finds no win for X at the same depth.  (Found as
# QUIET_WIN was, then one of O's marks taken away.)
QUIET_LOSS = "\n".join(["to-move: O", ".........", ".O..XOO..", "...X...O.", ".........", ".........",
                        ".....X...", "......X..", "....X....", "........."])


def test_level5_finds_a_quiet_move_that_sets_up_a_win_level4_and_the_threat_search_miss():
    state = NINE.from_text(QUIET_WIN)
    assert VCTSearch(NINE, max_threats=3, max_nodes=10**6).find(*sides(state)) is None
    five = ai.make_player("tictactoe", "level-5").choose(state, Limits(depth=QUIET_DEPTH))
    assert NINE.format_move(state, five) == "d5"
    after = state.play(five)
    assert not completing_squares(NINE, *sides(after)[::-1]) and not double_threats(NINE, *sides(after)[::-1])
    for reply in after.legal_moves():  # a win whatever O answers, as the search claims
        assert kernel_search(after.play(reply), QUIET_DEPTH)[0] >= PROVEN
    four = ai.make_player("tictactoe", "level-4").choose(state, Limits(depth=4))
    assert four != five


def test_level5_does_not_play_the_move_that_lets_the_quiet_win_through():
    state = NINE.from_text(QUIET_LOSS)
    assert kernel_search(state.play(NINE.parse_move(state, "e4")), QUIET_DEPTH)[0] >= PROVEN
    five = state.play(ai.make_player("tictactoe", "level-5").choose(state, Limits(depth=QUIET_DEPTH)))
    assert kernel_search(five, QUIET_DEPTH)[0] < PROVEN


def test_the_search_stops_at_the_drivers_stop_and_node_budget():
    state = BOARDS[2].play_line(["h6", "i7", "j6", "g6", "i5", "g7", "k7", "h4", "k6", "g8", "g5", "f7"])
    b, position = kernel_position(state)
    stopped = new_ctl()
    stopped[CTL_STOP] = 1
    assert kernel.search(b, position, kernel.Table(16), state.to_move, 40, WIDTH, ROOT_WIDTH, -1, stopped)[2] == 0
    budget = new_ctl()
    budget[CTL_MAX_NODES] = 5000
    assert kernel.search(b, position, kernel.Table(16), state.to_move, 40, WIDTH, ROOT_WIDTH, -1, budget)[2] == 0
    assert 5000 <= budget[CTL_NODES] <= 5000 + kernel.POLL_MASK + 1
    assert kernel.evaluate(position.state, state.to_move) == OpenLines().evaluate(state)  # every mark taken back


@pytest.mark.parametrize("size", [(3, 3, 3), (4, 4, 4)])
def test_boards_of_up_to_16_squares_keep_the_python_search(monkeypatch, size):
    def no_kernel(*args, **kwargs):
        raise AssertionError("the kernel searched a small board")

    kernels.warm_up("tictactoe")  # compiled before the kernel's search is taken away
    monkeypatch.setattr(kernel, "search", no_kernel)
    width, height, k = size
    state = games.load("tictactoe", width=width, height=height, k=k).play_line(["b2"])
    assert ai.make_player("tictactoe", "level-5").choose(state, Limits(depth=3)) in state.legal_moves()


@pytest.mark.parametrize("loading", [False, True], ids=["compiling", "loading"])
def test_while_the_windows_worker_compiles_the_kernel_level5_searches_in_python(monkeypatch, loading):
    """The first run after installing: level-5's first 15x15 search waited for its worker's warm-up
    to compile the kernel (24 s on a busy 2-core machine, over the 15 s promised), or to load it
    from the cache (``loading``: 1.43 s for a 1 s move on a loaded machine, the wait outside its
    clock); it plays with level-5's Python search meanwhile, and in the kernel once that is ready."""
    kernel_ready = compiling_from_scratch(monkeypatch, "tictactoe", loading=loading)
    player = ai.make_player("tictactoe", "level-5", seed=1)
    searcher = player.inner
    state = BOARDS[2].play_line(["h8", "h9", "j10"])
    assert player.choose(state, Limits(depth=2)) in state.legal_moves()
    assert searcher.last is None  # not the kernel's search
    kernel_ready()  # the warm-up done
    assert player.choose(state, Limits(depth=2)) in state.legal_moves()
    assert searcher.last is not None


# 3x19 with 19 in a row: only the three columns are lines, and O's a1 b1 c1 block them all
DEAD_DRAW = ["b10", "a1", "c9", "b1", "a10", "c1", "b9"]


@pytest.mark.parametrize("depth", [3, 4])
def test_a_position_nobody_can_win_is_even_at_every_depth(depth):
    """With a mark of each side in every line, the game can only be drawn: the move's +1 made it
    "better for X" at one depth and "better for O" at the next, in the panel, the hint and
    ``main.py analyse``.  Both evaluations and the kernel's search say 0; one open line left
    keeps the move's +1."""
    game = games.load("tictactoe", width=3, height=19, k=19)
    dead = game.play_line(DEAD_DRAW)
    assert not game.can_still_win(dead, 0) and not game.can_still_win(dead, 1)
    assert OpenLines().evaluate(dead) == 0
    b, position = kernel_position(dead)
    assert kernel.evaluate(position.state, dead.to_move) == 0
    assert kernel_search(dead, depth)[0] == 0
    one_open = game.play_line(DEAD_DRAW[:5] + ["b9"])  # c-column still free of O
    _b, position = kernel_position(one_open)
    assert kernel.evaluate(position.state, one_open.to_move) == OpenLines().evaluate(one_open) != 0


def test_level5_says_a_position_nobody_can_win_is_a_proven_draw():
    """Searched, such a position's values were all 0 at once and the search went hundreds of plies
    deep in no time ("346 moves ahead" with 50 squares left): the rules prove it drawn."""
    game = games.load("tictactoe", width=3, height=19, k=19)
    reports = []
    dead = game.play_line(DEAD_DRAW)
    move = ai.make_player("tictactoe", "level-5").choose(dead, Limits(time=0.5), reports.append)
    assert move in dead.legal_moves()
    assert (reports[-1].proven, reports[-1].score, reports[-1].depth) == (0, 0.0, 1)
    open_line = game.play_line(DEAD_DRAW[:5] + ["b9"])
    reports.clear()
    ai.make_player("tictactoe", "level-5").choose(open_line, Limits(depth=3), reports.append)
    assert reports[-1].proven is None
