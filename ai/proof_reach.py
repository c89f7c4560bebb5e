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
Engines are imported only for their game, under ``import_engine``'s lock: the tree's build thread
imports them (``import_engines``) before the window asks, for the first question on Hex or Rastros
imported the solver and numba in the window's thread, a pause of 0.3 s.
"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import Any

from ai.imports import import_engine

# the modules each game's question reads its limits from (``engines``), in the order its function unpacks them
ENGINES: dict[str, tuple[str, ...]] = {
    "hex": ("ai.engines.hex_solver", "ai.engines.hex_knowledge"),
    "reversi": ("ai.engines.reversi_search", "ai.engines.reversi_book"),
    "rastros": ("ai.engines.rastros_search",),
    "tictactoe": ("ai.engines.tictactoe",),
    "alquerque": ("ai.kernels.alquerque_tables",),
}


def engines(game_id: str) -> tuple[ModuleType, ...]:
    """The modules ``may_prove`` reads ``game_id``'s limits from, imported on the caller's thread if
    they are not yet (none for a game level 5 proves nothing of)."""
    return tuple(import_engine(name) for name in ENGINES.get(game_id, ()))


def import_engines(game_id: str) -> None:
    """Import what ``may_prove`` needs for ``game_id`` on this thread: the explorer's build thread
    calls it, so that the window's thread finds the engines imported when it first asks."""
    engines(game_id)


def _stones(state: Any) -> int:
    """The marks, stones or pieces on a board of two bitboards (Hex, Tic-tac-toe, Alquerque)."""
    return (state.boards[0] | state.boards[1]).bit_count()


def _hex(state: Any, seconds: float) -> bool:
    solver, knowledge = engines("hex")
    n = state.game.size
    empties = n * n - _stones(state)
    return n <= solver.SOLVE_ALWAYS or empties <= solver.SOLVE_EMPTIES or n in knowledge.opening_maps()


def _reversi(state: Any, seconds: float) -> bool:
    search, book = engines("reversi")
    size = state.game.size
    speed = {6: search.KERNEL_SOLVER_6X6, 8: search.KERNEL_SOLVER}.get(size, search.PYTHON_SOLVER)
    return state.empties() <= speed.reach(seconds) or (size == 6 and book.book_proof(state) is not None)


def _rastros(state: Any, seconds: float) -> bool:
    (search,) = engines("rastros")
    return state.reachable().bit_count() <= search.ROOT_SOLVE_LIMIT or search.book_choice(state) is not None


def _tictactoe(state: Any, seconds: float) -> bool:
    (engine,) = engines("tictactoe")
    cells = state.game.cells
    return cells <= engine.SOLVED_CELLS or cells - _stones(state) <= engine.SOLVED_CELLS


def _alquerque(state: Any, seconds: float) -> bool:
    (tables,) = engines("alquerque")
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
