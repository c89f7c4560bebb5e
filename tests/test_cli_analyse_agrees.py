"""`main.py analyse` agrees with itself and with the window (a teacher's review, analyse4).

One position read three ways (the verdict alone, ``--lines``, the window's hint and tree explorer)
gave a class three answers: a Hex verdict "99% to win [estimate]" where every move was proven lost,
a tic-tac-toe line cut to its first move and its proof named twice, a 4x4 board refused for k=4.
"""

from __future__ import annotations

import main
from tests.test_cli_analyse import PLENTY, analysed


def test_a_solved_tictactoe_verdict_says_what_lines_says(capsys):
    """After b2 a2 X wins in 5: the verdict said "line: b1" and "PROVEN (solved-board table)",
    --lines "b1 b3 a1 c3 c1" and "(exact solver)" of the same proof.  One line, one name."""
    alone = analysed(capsys, "tictactoe", "--moves", "b2 a2", "--time", PLENTY)
    listed = analysed(capsys, "tictactoe", "--moves", "b2 a2", "--lines", "3", "--time", PLENTY)
    assert alone["line"] == listed["line"] == ["b1", "b3", "a1", "c3", "c1"], (alone, listed)
    assert alone["value"] == listed["value"], (alone["value"], listed["value"])
    assert main.main(["analyse", "tictactoe", "--moves", "b2 a2", "--time", PLENTY]) == 0
    assert "verdict: PROVEN (exact solver)" in capsys.readouterr().out.splitlines()
