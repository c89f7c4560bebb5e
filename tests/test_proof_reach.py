"""``ai.proof_reach.may_prove``: where level 5's solvers, books and tables may answer in the tree
explorer's half second (ui/tree_proofs.py asks only there)."""

from __future__ import annotations

import games
from ai.proof_reach import may_prove
from ui.tree_proofs import PROVE_SECONDS


def _after(game_id: str, moves: list[str], **options):
    game = games.load(game_id, **options)
    return game.play_line(moves) if moves else game.initial_state()


def test_the_starts_no_solver_reaches_are_not_asked():
    for game_id, options in (("hex", {"size": 11}), ("reversi", {"size": 8}), ("alquerque", {}), ("trax", {})):
        assert not may_prove(_after(game_id, [], **options), PROVE_SECONDS), game_id


def test_solved_boards_books_and_small_boards_are_asked():
    assert may_prove(_after("tictactoe", ["a1", "b2"]), PROVE_SECONDS)  # 3x3: solved outright
    assert may_prove(_after("hex", [], size=4), PROVE_SECONDS)  # the exact solver's size
    assert may_prove(_after("reversi", [], size=6), PROVE_SECONDS)  # 6x6's book


def test_reversi_near_its_end_is_asked_within_the_solvers_reach():
    """8x8 Reversi: the start is out of the endgame solver's reach, ten empties well within it."""
    import random

    state, rng = games.load("reversi", size=8).initial_state(), random.Random(5)
    while state.empties() > 10 and not state.is_terminal():
        state = state.play(rng.choice(state.legal_moves()))
    assert state.empties() == 10 and may_prove(state, PROVE_SECONDS)
