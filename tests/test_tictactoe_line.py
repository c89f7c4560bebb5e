"""Level-5's best line on boards of more than 16 squares (ai/engines/tictactoe_search.py): the line
the compiled search went down, not its first move alone.

It reported one move ("d4") where the other games show six plies or more: analysis' best line, the
hint and ``main.py analyse`` had nothing past the move.  The kernel now collects each iteration's
principal variation, carried on from the table (and a short search where the table has no move),
as deep as the iteration went, a proven result's to the win.  Collecting it changed nothing the
search chooses: on fixed positions the move and value are the ones recorded before.
"""

from __future__ import annotations

import pytest

import games
from ai.base import PROVEN, WIN, Limits
from ai.bench.tictactoe import BENCH_POSITIONS
from ai.engines.tictactoe_search import LINE_SEARCH_PLIES, KernelSearcher
from ai.kernels import tictactoe as kernel
from ai.search import driver

BOARDS = {"7x6k4": games.load("tictactoe", width=7, height=6, k=4),
          "9x9k5": games.load("tictactoe", width=9, height=9, k=5),
          "15x15k5": games.load("tictactoe", width=15, height=15, k=5)}
SEVEN_BY_SIX, FIFTEEN = BOARDS["7x6k4"], BOARDS["15x15k5"]
# the bench's 7x6 position: O to move loses in 12 plies, which the search proves at depth 6
LOST_IN_12 = SEVEN_BY_SIX.from_text(BENCH_POSITIONS[2][1])
# the bench's 15x15 position, an estimate at every depth
OPEN_GOMOKU = FIFTEEN.from_text(BENCH_POSITIONS[3][1])

# (board, depth, the moves to the position, the search's move and value there) as the search
# found them before it collected its line (positions of random play near the centre)
BEFORE = [
    ("7x6k4", 7, "a5 d1 b6 e3 d6", "e6", -5),
    ("7x6k4", 7, "a1 f1 a4 b3 d4 d3 e4 b4 a5 b6 c6 e6", "b5", -999996),
    ("7x6k4", 7, "d4 a1 e4 a3 f4", "c4", -999998),
    ("7x6k4", 7, "d3 a5 g6", "a3", -181),
    ("7x6k4", 7, "b4 a2 d4 b6 e5 c6 f6", "c3", -999996),
    ("9x9k5", 6, "d2 d4 e3", "f4", 149),
    ("9x9k5", 6, "h3 c4 h5 h7 b8", "c5", 125),
    ("9x9k5", 6, "g2 h2 b3 b4 f6 d5", "g5", 157),
    ("9x9k5", 6, "c2 b3 d2 e4 g3 g4 d5 h4 c7 f7 e8 b8 f8", "f4", 999997),
    ("9x9k5", 6, "c3 g2 d3 e4 c4 g4 d6 g7 e7", "f4", 45),
    ("15x15k5", 6, "f5 k9 f8 j10 k10 h11", "i11", 229),
    ("15x15k5", 6, "f5 k5 j5 f7 g6 e8 k6 h8 k9 h9 e10 i11 j11", "g8", 999995),
    ("15x15k5", 6, "f6 h8 h6 j8 i6 f11 k6 i11 g9", "g6", -205),
    ("15x15k5", 6, "h7 f5 g8 f9 k11", "e6", 193),
    ("15x15k5", 6, "j6 i5 k7 e6 e10 h11 k11", "f5", 293),
]


def played(state, line: list[int]):
    """The position at the end of ``line``, each move checked legal in turn by the rules."""
    for move in line:
        assert not state.is_terminal(), "a move after the end"
        assert move in state.legal_moves(), f"{move} is not legal"
        state = state.play(move)
    return state


def searched(state, depth: int):
    """Every report of the compiled search of ``state`` to ``depth`` (a fresh searcher, no clock)."""
    reports = []
    driver.search(KernelSearcher(), state, Limits(depth=depth), reports.append)
    return reports


def test_a_proven_loss_on_7x6_is_reported_with_its_line_to_the_win():
    """O loses in 12 plies whatever it plays: the line is the 12 plies, each legal, X's line of
    four completed by the last (the table stores no move there: a four wins next move, every block
    loses; the line's end is searched)."""
    final = searched(LOST_IN_12, 6)[-1]
    assert (final.proven, final.proven_plies) == (-1, 12)
    assert len(final.pv) == 12
    end = played(LOST_IN_12, final.pv)
    assert end.is_terminal() and end.winner() == 1 - LOST_IN_12.to_move


def test_a_proven_win_on_15x15_is_reported_with_its_line_to_the_win():
    """BEFORE's 15x15 proof: O to move wins in 5 plies (g8); the line is those 5, ending in O's five."""
    state = FIFTEEN.play_line(BEFORE[11][2].split())
    final = searched(state, 6)[-1]
    assert (final.proven, final.proven_plies) == (1, 5)
    assert FIFTEEN.format_move(state, final.pv[0]) == "g8" and len(final.pv) == 5
    end = played(state, final.pv)
    assert end.is_terminal() and end.winner() == state.to_move


@pytest.mark.parametrize("state", [LOST_IN_12, OPEN_GOMOKU], ids=["7x6k4", "15x15k5"])
def test_each_iterations_line_is_as_deep_as_the_iteration(state):
    """An estimate's line has a move for each ply of the iteration's depth at least (a forced
    block costs the search no depth, so a line may be longer), every move legal in turn."""
    reports = [r for r in searched(state, 8) if r.proven is None]
    assert len({r.depth for r in reports}) >= 4
    for report in reports:
        assert report.pv[0] == report.best_move
        assert len(report.pv) >= report.depth, (report.depth, report.pv)
        played(state, report.pv)
    assert max(len(r.pv) for r in reports) >= 6


def test_a_line_whose_entries_the_table_lost_is_filled_by_a_search():
    """Where the table no longer holds a position of the line (written over by others) within
    ``LINE_SEARCH_PLIES`` of the depth, a short search of its own gives the move: with an empty
    table the line is still as deep."""
    depth = LINE_SEARCH_PLIES + 1
    searcher = KernelSearcher()
    final = driver.search(searcher, OPEN_GOMOKU, Limits(depth=depth))
    searcher.table = kernel.Table(4)  # nothing of the search left
    line = searcher.principal_variation([final.best_move], depth)
    assert len(line) >= depth
    played(OPEN_GOMOKU, line)


@pytest.mark.parametrize("board, depth, moves, move, value", BEFORE)
def test_collecting_the_line_changes_no_move_or_value(board, depth, moves, move, value):
    game = BOARDS[board]
    state = game.play_line(moves.split())
    final = searched(state, depth)[-1]
    assert (game.format_move(state, final.best_move), int(final.score)) == (move, value)
    if abs(value) >= PROVEN:  # a proof's line goes to its end
        assert len(final.pv) == WIN - abs(value) and played(state, final.pv).is_terminal()


@pytest.mark.parametrize("board, moves", [("7x6k4", "d1 c1 d2"), ("15x15k5", "h8 g7 i8")])
def test_analysis_gives_each_move_its_line(board, moves):
    """Analysis (``ai.move_values.analyse``, the window's and ``main.py analyse --lines``'s) values
    each move by level-5's search of the position after it: the best move's line is the move and
    that search's line, ``depth`` plies and more (it was the move and one reply)."""
    from ai.move_values import analyse

    game = BOARDS[board]
    state = game.play_line(moves.split())
    values = analyse(state, "tictactoe", max_depth=3)
    for move, line in values.lines.items():
        assert line[0] == move
        played(state, list(line))
    assert len(values.best_line()) >= 4
