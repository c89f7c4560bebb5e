"""Tic-tac-toe's course player, ``tictactoe:aima``: AIMA's ``alpha_beta_cutoff_search`` (d=4, five
plies) with AIMA's utility (+1, -1, 0 at the cut-off) and AIMA's moves, the empty squares row by row
(ai/engines/tictactoe_course.py).  Each position's move was worked out by hand from those rules,
the reasoning in its line; several are moves only AIMA's order or its first-best rule give."""

from __future__ import annotations

import pytest

import ai
import games
from ai.base import Limits
from ai.engines.tictactoe import winning_moves

GAME = games.load("tictactoe")


def aima_move(text: str) -> str:
    state = GAME.from_text(text)
    return GAME.format_move(state, ai.make_player("tictactoe", "tictactoe:aima").choose(state))


@pytest.mark.parametrize("position, move", [
    # a win in one: a1, b1 and c1 come first, and each lets O complete its bottom row at a3
    ("to-move: X\n...\n.XX\n.OO", "a2"),
    # a loss in one blocked: every square before b3 (a1, b1, c1, a2, c2) lets X win there
    ("to-move: O\n...\n.O.\nX.X", "b3"),
])
def test_it_takes_a_win_in_one_and_blocks_a_loss_in_one(position, move):
    assert aima_move(position) == move


def test_a_win_in_three_on_an_earlier_square_counts_as_much_as_a_win_in_one():
    """X wins at once at c2, but a1, the first empty square, blocks O's top row and threatens a3
    and c3 beside c2: O cannot stop three squares, a win two moves later, worth AIMA's +1 too."""
    state = GAME.from_text("to-move: X\n.OO\nXX.\n...")
    assert [GAME.format_move(state, m) for m in winning_moves(state)] == ["c2"]  # what our levels play
    assert aima_move("to-move: X\n.OO\nXX.\n...") == "a1"
    after = state.play(GAME.parse_move(state, "a1"))
    assert all(winning_moves(after.play(reply)) for reply in after.legal_moves())  # whatever O answers


def test_the_squares_are_tried_row_by_row_not_column_by_column():
    """X (c2) against O (b1): c1 threatens c3, and after O's block b2 makes two threats (a2, a3),
    a win in five plies; so does b2 (then c1).  Row by row c1 comes first; column by column, or
    from the centre out as our levels try them, b2 would."""
    assert aima_move("to-move: X\n.O.\n..X\n...") == "c1"


def test_with_every_move_lost_it_plays_the_first_square():
    """X (a1, a3) against O (b1): blocking at a2 only delays X's fork at b2 (c1 and c3), so every
    move of O's is worth -1 and AIMA keeps the first, c1, though it loses at once."""
    assert aima_move("to-move: O\nXO.\n...\nX..") == "c1"


def test_it_reports_the_courses_depth_and_a_win_it_sees():
    state = GAME.from_text("to-move: X\n.OO\nXX.\n...")
    reports = []
    ai.make_player("tictactoe", "tictactoe:aima").choose(state, progress=reports.append)
    [report] = reports
    assert (report.depth, report.course_depth) == (5, 4)
    assert report.score >= ai.base.PROVEN  # a won game the search saw, said as a win


@pytest.mark.parametrize("aima_side", [0, 1])
def test_a_3x3_game_against_level_5_is_drawn(aima_side):
    players = {aima_side: ai.make_player("tictactoe", "tictactoe:aima"),
               1 - aima_side: ai.make_player("tictactoe", "level-5", seed=1)}
    state = GAME.initial_state()
    while not state.is_terminal():
        state = state.play(players[state.to_move].choose(state, Limits(time=1.0)))
    assert state.winner() is None
