"""Tic-tac-toe's levels on bigger boards: the evaluation's view of the side to move, the speed of
a move's winner check and the search's beam of squares on big boards (the ladder's figures behind
them: ``python main.py bench tictactoe``, docs/tuning/tictactoe.md)."""

from __future__ import annotations

import games
from ai.engines.tictactoe import OpenLines

SEVEN_BY_SIX = games.load("tictactoe", width=7, height=6, k=4)


def test_the_side_to_move_is_ahead_when_its_lines_mirror_the_others():
    """X's two in a row on the top edge against O's on the bottom edge: the side to move marks the
    next square, so it is ahead (the evaluation once counted the other side's lines double, and
    level-4's even-depth search then lost to level-3 on 7x6)."""
    board = "\n".join(["XX.....", ".......", ".......", ".......", ".......", "OO....."])
    state = SEVEN_BY_SIX.from_text(f"to-move: X\n{board}")
    assert OpenLines().evaluate(state) > 0
