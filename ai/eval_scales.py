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

from collections.abc import Callable
from typing import Any

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
reports a hundred of ai/engines/reversi_eval.py's units as one point), by one fit for the whole
game: tools/reversi_train.py's ``handset_scale``, least squares through the origin against the exact
margins of its training positions with 10-14 empties (0.0671 discs a unit).  Its error is of the
order of the whole scale (a mean of 12.6 discs on held-out positions with 14-20 empties,
docs/tuning/reversi.md), and a point is worth several times more discs in the midgame than near
the end (``REVERSI_POINT_DISCS_BY_EMPTIES``, which a draw offer reads), so the window shows those
values as points, not discs; the factor serves only to set the bar's and the graphs' scale."""

REVERSI_POINT_DISCS_BY_EMPTIES: tuple[tuple[int, float], ...] = (
    (5, 3.7), (10, 5.0), (15, 6.7), (20, 8.5), (25, 10.7), (30, 13.2), (35, 15.0), (40, 15.9), (45, 14.9),
    (50, 12.2), (55, 8.0), (60, 3.5),
)
"""Discs of final margin one point of Reversi's hand-set evaluation is worth, by the stage it weighs
by: (most empty squares of 64, discs a point) for each band of five empties.  Its weights move from
mobility and corners to discs, so a point is worth some 16 discs at 35-40 empties and 4-5 in the
last ten.  Fitted by tools/reversi_point_discs.py (``--games 1000 --seed 7 --band 5``: 54,816
positions of seeded self-play, least squares through the origin per band against the exact margin
up to 14 empties and the learned evaluation's discs before); its 10-15 band agrees with the one
factor, ``REVERSI_POINT_DISCS``.  Other board sizes read it at the same share of squares empty."""


def reversi_point_discs(empty_share: float) -> float:
    """Discs one hand-set point is worth where ``empty_share`` of the board's squares are empty
    (``REVERSI_POINT_DISCS_BY_EMPTIES``): a draw offer's margin at that stage (ai/draw_offers.py)."""
    empties = empty_share * 64
    return next((discs for most, discs in REVERSI_POINT_DISCS_BY_EMPTIES if empties <= most),
                REVERSI_POINT_DISCS_BY_EMPTIES[-1][1])


POINT_DISCS: dict[str, float] = {"reversi": REVERSI_POINT_DISCS}

"""Units of a game's ``CLEAR_ADVANTAGE`` one point is worth, by game, where some of its players
report their own points (``ai.base.POINTS``), where the stage is not known (``point_worth``)."""

STAGED_POINT_DISCS: dict[str, Callable[[float], float]] = {"reversi": reversi_point_discs}
"""What one point is worth in the game's unit at a stage (the share of squares empty), by game,
where some of its players report their own points (``point_worth``)."""


def point_worth(game_id: str, stage: float | None = None) -> float:
    """Units of the game's ``CLEAR_ADVANTAGE`` one of its players' own points is worth where
    ``stage`` of the squares are empty (``STAGED_POINT_DISCS``), or by the game's one factor where
    the stage is unknown (``POINT_DISCS``); 1 in a game whose players report no points of their
    own.  A draw offer's margin (ai/draw_offers.py) and the bar's, the graph's and the board's
    scale (ui/analysis.py ``scale_in``) read it, so a value means one thing in all of them."""
    staged = STAGED_POINT_DISCS.get(game_id)
    if staged is not None and stage is not None:
        return staged(stage)
    return POINT_DISCS.get(game_id, 1.0)


def empty_share(state: Any) -> float | None:
    """The share of ``state``'s squares still empty where its game counts them (Reversi's
    ``empties``): the stage a level's points are read at (``point_worth``); None elsewhere."""
    empties = getattr(state, "empties", None)
    return None if empties is None else empties() / state.game.size ** 2

UNIT_SIZE: dict[str, float] = {"alquerque": ALQUERQUE_PIECE}
"""Evaluation units in one of the unit a game's values are shown in, by game; 1 where not listed."""

SCALE_FLOOR: dict[str, float] = {
    "tictactoe": float(TICTACTOE_LINE_BASE ** 3),  # an open line of three
}
"""The least a game's adaptive scale may be (a game with no ``CLEAR_ADVANTAGE``): where its
evaluation's units are known, small values seen early in a game are not drawn as a clear lead."""
