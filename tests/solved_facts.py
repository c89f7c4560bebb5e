"""Solved facts the tests of several modules read, computed once per test process.

A fact a solver proves is the same whichever test asks for it: these helpers keep the solving
(the pure-Python exact Hex solver's table, the 7x7 Rastros first moves) to one per process, so
that tests checking different things against the same proofs do not each prove them again.
The solvers' tables hold only proven values, so sharing them cannot change an answer."""

from __future__ import annotations

from functools import cache

from ai.engines.hex_solver import Solver as ExactHexSolver


@cache
def exact_hex_solver(n: int) -> ExactHexSolver:
    """The tests' exact Hex solver of board size ``n``, its table shared by them (not the game's
    own ``hex_solver.solver``, whose deadline a player sets)."""
    return ExactHexSolver(n)


@cache
def rastros_first_moves_won_by_south(n: int) -> tuple[str, ...]:
    """South's first moves on the n x n board after which North, to move, is lost (or which end
    the game in South's favour), by the exact solver and no book, in the game's move order."""
    import games
    from ai.kernels import rastros as kernel
    from ai.search.driver import new_ctl

    game = games.load("rastros", size=n)
    start = game.initial_state()
    b, table = kernel.board(n), kernel.SolverTable(22)
    winning = []
    for move in start.legal_moves():
        after = start.play(move)
        if after.is_terminal():
            winning += [game.format_move(start, move)] if after.winner() == 0 else []
            continue
        region = kernel.flood(b, after.white, after.free)
        if kernel.solve_win(b, table.table, table.work, after.white, region, 1, new_ctl(), 0) == 0:
            winning.append(game.format_move(start, move))
    return tuple(winning)
