"""Whether level 5 can plausibly prove a position in a short search: one question per game.

The tree explorer asks level 5 to prove its selected node and the node's children, a short search
each (ui/tree_proofs.py).  Where no solver, book or table of level 5 reaches, that search runs its
whole time for nothing: 11x11 Hex's root has 121 children, a minute of a core.  ``may_prove``
answers from the same limits the engines use to decide when to try their proofs (imported from
them, not restated), so the explorer asks only where an answer can come:
- Hex: the exact solver's boards (``SOLVE_ALWAYS``) and its endgames (``SOLVE_EMPTIES``), and the
  sizes the solved first-move maps cover (whose connections also prove small boards' middle games);
- Reversi: as many empties as its endgame solver reaches in the time (``SolverSpeed.reach``), or a
  position 6x6's book knows;
- Rastros: the books' positions, and regions small enough for level 5's root solver;
- Tic-tac-toe: boards solved outright (``SOLVED_CELLS``), or no more empty squares than those;
- Alquerque: no more pieces than its shipped endgame tables know;
- Trax: never (level 5 has no solver; its threat search proves only forced wins found in play).
Engines are imported only for their game, when asked: the window does not load numba for them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def _stones(state: Any) -> int:
    """The marks, stones or pieces on a board of two bitboards (Hex, Tic-tac-toe, Alquerque)."""
    return (state.boards[0] | state.boards[1]).bit_count()


def _hex(state: Any, seconds: float) -> bool:
    from ai.engines.hex_knowledge import opening_maps
    from ai.engines.hex_solver import SOLVE_ALWAYS, SOLVE_EMPTIES

    n = state.game.size
    empties = n * n - _stones(state)
    return n <= SOLVE_ALWAYS or empties <= SOLVE_EMPTIES or n in opening_maps()


def _reversi(state: Any, seconds: float) -> bool:
    from ai.engines.reversi_book import book_proof
    from ai.engines.reversi_search import KERNEL_SOLVER, KERNEL_SOLVER_6X6, PYTHON_SOLVER

    size = state.game.size
    speed = {6: KERNEL_SOLVER_6X6, 8: KERNEL_SOLVER}.get(size, PYTHON_SOLVER)
    return state.empties() <= speed.reach(seconds) or (size == 6 and book_proof(state) is not None)


def _rastros(state: Any, seconds: float) -> bool:
    from ai.engines.rastros_search import ROOT_SOLVE_LIMIT, book_choice

    return state.reachable().bit_count() <= ROOT_SOLVE_LIMIT or book_choice(state) is not None


def _tictactoe(state: Any, seconds: float) -> bool:
    from ai.engines.tictactoe import SOLVED_CELLS

    empties = state.game.cells - _stones(state)
    return state.game.cells <= SOLVED_CELLS or empties <= SOLVED_CELLS


def _alquerque(state: Any, seconds: float) -> bool:
    from ai.kernels.alquerque_tables import shipped_max_pieces, variant_of

    return _stones(state) <= shipped_max_pieces(variant_of(state.game))


def _never(state: Any, seconds: float) -> bool:
    return False


REACH: dict[str, Callable[[Any, float], bool]] = {
    "hex": _hex, "reversi": _reversi, "rastros": _rastros, "tictactoe": _tictactoe,
    "alquerque": _alquerque, "trax": _never,
}


def may_prove(state: Any, seconds: float) -> bool:
    """Whether level 5 may prove ``state`` (its value for the side to move) in a search of
    ``seconds``: False only where none of its solvers, books or tables reaches the position."""
    reach = REACH.get(state.game.id, _never)
    return reach(state, seconds)
