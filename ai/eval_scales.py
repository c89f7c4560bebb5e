"""How the games' alpha-beta values read on the window's evaluation bar and graphs, known without
importing an engine.

An engine module imports its numba kernels, and with them numba and llvmlite: the window drawing
an evaluation bar needs only a few numbers of some engines: how many evaluation units make a clear
advantage (or, where the scale adapts, the least it may be) and how many make one of the unit the
values are shown in (Alquerque's piece).  They are
written here, and the engines take theirs from here (Alquerque's piece is its evaluation's material
weight, tic-tac-toe's the base of its open lines' scores), so the window and the engines cannot
disagree.
"""

from __future__ import annotations

ALQUERQUE_PIECE = 100
"""Alquerque's evaluation of one piece (ai/engines/alquerque.py ``MATERIAL``); its values are
shown in pieces: "White +1.1 pieces" for 110."""

CLEAR_ADVANTAGE: dict[str, float] = {
    "reversi": 12.0,  # discs of final margin
    "alquerque": 1.5 * ALQUERQUE_PIECE,  # a piece and a half
}
"""Evaluation units that make a clear advantage, by game (the bar's and the graphs' scale); a game
not listed has a scale that adapts to the values seen (ui/analysis.py ``eval_scale``)."""

TICTACTOE_LINE_BASE = 4
"""Tic-tac-toe's evaluation (ai/engines/tictactoe.py ``OpenLines``, and its compiled kernel)
scores an open line of n marks TICTACTOE_LINE_BASE**n: each mark makes the line worth this many
times more."""

REVERSI_POINT_DISCS = 6.7
"""Discs of final margin that one point of Reversi's hand-set evaluation is worth (its search
reports a hundred of ai/engines/reversi_eval.py's units as one point), by the only fit there is:
tools/reversi_train.py's ``handset_scale``, least squares through the origin against the exact
margins of its training positions with 10-14 empties (0.0671 discs a unit).  Its error is of the
order of the whole scale (a mean of 12.6 discs on held-out positions with 14-20 empties,
docs/tuning/reversi.md), and a point is worth several times more discs in the midgame than near
the end, so the window shows those values as points, not discs; the factor serves only to set
margins in points as rough as the disc ones they stand for (a draw offer's, ai/draw_offers.py,
and the bar's and the graphs' scale)."""

POINT_DISCS: dict[str, float] = {"reversi": REVERSI_POINT_DISCS}
"""Units of a game's ``CLEAR_ADVANTAGE`` one point is worth, by game, where some of its players
report their own points (``ai.base.POINTS``): the scale those values are drawn on."""

UNIT_SIZE: dict[str, float] = {"alquerque": ALQUERQUE_PIECE}
"""Evaluation units in one of the unit a game's values are shown in, by game; 1 where not listed."""

SCALE_FLOOR: dict[str, float] = {
    "tictactoe": float(TICTACTOE_LINE_BASE ** 3),  # an open line of three
}
"""The least a game's adaptive scale may be (a game with no ``CLEAR_ADVANTAGE``): where its
evaluation's units are known, small values seen early in a game are not drawn as a clear lead."""
