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
Engines are imported only for their game, when asked, under ``import_engine``'s lock (the tree's
build thread imports its game's engine meanwhile, for its heuristic: ai/game_tree.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ai.imports import import_engine


def _stones(state: Any) -> int:
    """The marks, stones or pieces on a board of two bitboards (Hex, Tic-tac-toe, Alquerque)."""
    return (state.boards[0] | state.boards[1]).bit_count()


def _hex(state: Any, seconds: float) -> bool:
    solver = import_engine("ai.engines.hex_solver")
    n = state.game.size
    empties = n * n - _stones(state)
    return n <= solver.SOLVE_ALWAYS or empties <= solver.SOLVE_EMPTIES or n in import_engine(
        "ai.engines.hex_knowledge").opening_maps()


def _reversi(state: Any, seconds: float) -> bool:
    search = import_engine("ai.engines.reversi_search")
    size = state.game.size
    speed = {6: search.KERNEL_SOLVER_6X6, 8: search.KERNEL_SOLVER}.get(size, search.PYTHON_SOLVER)
    return state.empties() <= speed.reach(seconds) or (
        size == 6 and import_engine("ai.engines.reversi_book").book_proof(state) is not None)


def _rastros(state: Any, seconds: float) -> bool:
    search = import_engine("ai.engines.rastros_search")
    return state.reachable().bit_count() <= search.ROOT_SOLVE_LIMIT or search.book_choice(state) is not None


def _tictactoe(state: Any, seconds: float) -> bool:
    solved_cells = import_engine("ai.engines.tictactoe").SOLVED_CELLS
    return state.game.cells <= solved_cells or state.game.cells - _stones(state) <= solved_cells


def _alquerque(state: Any, seconds: float) -> bool:
    tables = import_engine("ai.kernels.alquerque_tables")
    return _stones(state) <= tables.shipped_max_pieces(tables.variant_of(state.game))


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
