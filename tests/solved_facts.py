"""Solved facts the tests of several modules read, computed once per test run.

A fact a solver proves is the same whichever test asks for it: these helpers keep the solving
(the pure-Python exact Hex solver's table, the 7x7 Rastros first moves) to one per process, so
that tests checking different things against the same proofs do not each prove them again.
The solvers' tables hold only proven values, so sharing them cannot change an answer.

Under xdist the tests asking for one fact may run in different processes: a fact asked with
``shared_folder`` is then proven by the first process to ask and written to a file in the folder
pytest's workers share; a second process waits on the file's lock and reads it (the 7x7 Rastros
first moves took 16 s of a core, proven twice)."""

from __future__ import annotations

import json
import os
from functools import cache
from pathlib import Path

import pytest

from ai import file_lock
from ai.engines.hex_solver import Solver as ExactHexSolver

LOCK_WAIT = 600.0  # seconds a process waits for another's proof (a 7x7 solve: under a minute)


@cache
def exact_hex_solver(n: int) -> ExactHexSolver:
    """The tests' exact Hex solver of board size ``n``, its table shared by them (not the game's
    own ``hex_solver.solver``, whose deadline a player sets)."""
    return ExactHexSolver(n)


def shared_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The temporary folder every process of this test run shares: under xdist the parent of the
    worker's own (pytest-xdist's recipe for work done once a run), else the process's own."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


def proven_once(folder: Path | None, name: str, prove):
    """``prove()``'s JSON value, proven by the first process of the run to ask (under the lock of
    ``folder``/``name``) and read from there by the others; proven here when ``folder`` is None."""
    if folder is None:
        return prove()
    path = folder / f"{name}.json"
    with file_lock.held(folder / f".{name}.lock", wait=LOCK_WAIT):
        if path.exists():
            return json.loads(path.read_text(encoding="utf-8"))
        value = prove()
        path.write_text(json.dumps(value), encoding="utf-8")
        return value


def board_symmetries(n: int) -> list[tuple[int, ...]]:
    """The square maps (square index -> image) among the square's seven reflections and turns
    that keep the Rastros board as its solver sees it: the start square, each side's goal, the
    squares a side may not step on and every square's neighbours."""
    import games
    from ai.kernels import rastros as kernel

    b, start = kernel.board(n), games.load("rastros", size=n).initial_state().white
    flips = [lambda r, c: (c, r), lambda r, c: (n - 1 - c, n - 1 - r), lambda r, c: (r, n - 1 - c),
             lambda r, c: (n - 1 - r, c), lambda r, c: (n - 1 - r, n - 1 - c), lambda r, c: (c, n - 1 - r),
             lambda r, c: (n - 1 - c, r)]

    def image_of(mask: int, image: tuple[int, ...]) -> int:
        return sum(1 << image[sq] for sq in range(n * n) if mask >> sq & 1)

    kept = []
    for flip in flips:
        image = tuple(flip(*divmod(sq, n))[0] * n + flip(*divmod(sq, n))[1] for sq in range(n * n))
        if image[start] != start or any(image[int(b.goal[side])] != int(b.goal[side]) for side in (0, 1)):
            continue
        if any(image_of(int(b.forbid[side]), image) != int(b.forbid[side]) for side in (0, 1)):
            continue
        if all(image_of(int(b.nbr[sq]), image) == int(b.nbr[image[sq]]) for sq in range(n * n)):
            kept.append(image)
    return kept


@cache
def _first_moves_won_by_south(n: int) -> tuple[str, ...]:
    import games
    from ai.kernels import rastros as kernel
    from ai.search.driver import new_ctl

    game = games.load("rastros", size=n)
    start = game.initial_state()
    b, table = kernel.board(n), kernel.SolverTable(22)
    symmetries = board_symmetries(n)
    won: dict[int, bool] = {}
    for move in start.legal_moves():
        after = start.play(move)
        mirrored = [image[move] for image in symmetries if image[move] in won]
        if after.is_terminal():
            won[move] = after.winner() == 0
        elif mirrored:  # the mirror position: the same game square for square, solved already
            won[move] = won[mirrored[0]]
        else:
            region = kernel.flood(b, after.white, after.free)
            won[move] = kernel.solve_win(b, table.table, table.work, after.white, region, 1, new_ctl(), 0) == 0
    return tuple(game.format_move(start, move) for move in start.legal_moves() if won[move])


def rastros_first_moves_won_by_south(n: int, folder: Path | None = None) -> tuple[str, ...]:
    """South's first moves on the n x n board after which North, to move, is lost (or which end
    the game in South's favour), by the exact solver and no book, in the game's move order.  A
    move whose mirror under a symmetry of the board (``board_symmetries``) was solved takes its
    mirror's value.  With ``folder`` (``shared_folder``), solved once for the whole run."""
    return tuple(proven_once(folder, f"rastros_first_moves_{n}", lambda: list(_first_moves_won_by_south(n))))
