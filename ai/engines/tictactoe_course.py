"""The course's tic-tac-toe player: AIMA's ``alpha_beta_cutoff_search`` on AIMA's ``TicTacToe``.

aima-python's games.py, as the course uses it, written over our game (``ClassicPlayer``):
- The moves: ``TicTacToe(h, v, k)`` starts with the squares ``(x, y)``, x from 1 to h and y
  from 1 to v, x outermost, and takes each square out of that list as it is played; its
  ``display`` prints x as the row.  On our board a square's (x, y) is (row + 1, column + 1),
  so AIMA tries the empty squares row by row, left to right: our square indices in increasing
  order (``aima_actions``; our levels try them from the centre outwards, ``move_order``).
- The evaluation: AIMA's TicTacToe has none of its own, so the default ``eval_fn`` is the
  utility, +1 for a won game, -1 for a lost one, 0 for any other (drawn or cut off): the
  search knows only the wins and losses within its horizon.  A line longer than k wins there
  too (``n >= self.k``), as in our rules.
- The depth: ``alpha_beta_cutoff_search(state, game, d=4)`` gives the root's children depth 1
  and cuts off at ``depth > d``: five plies ahead, ``ClassicPlayer`` counting plies.
- The choice: the first root move of the best value (``v > best_score``).  A win in five
  plies is worth a win in one, so with an immediate win on the board it plays an earlier
  square (row by row) that wins later, as AIMA's own player does.
"""

from __future__ import annotations

from ai.base import PlayerInfo
from ai.roster import TICTACTOE_COURSE_DEPTH
from ai.search.classic import ClassicPlayer
from games.tictactoe import TicTacToeState

AIMA_DEPTH = TICTACTOE_COURSE_DEPTH  # alpha_beta_cutoff_search's default d
PLIES = AIMA_DEPTH + 1  # cut off at depth > d: five plies below the root
WON = 1.0  # AIMA's utility of a won game


def aima_utility(state: TicTacToeState, player: int) -> float:
    """AIMA's ``utility`` for ``player``: +1 won, -1 lost, 0 otherwise (a draw or a game going on)."""
    winner = state.winner()
    if winner is None:
        return 0.0
    return WON if winner == player else -WON


def aima_actions(state: TicTacToeState) -> list[int]:
    """AIMA's ``actions``: the empty squares row by row, left to right (see the module docstring)."""
    return sorted(state.legal_moves())


def aima_player(info: PlayerInfo, seed: int | None = None) -> ClassicPlayer:
    """The player: no randomness (``seed`` unused), its values on AIMA's scale (a root value of +1
    is a win the search saw, reported as one; 0 says nothing of who stands better)."""
    return ClassicPlayer(info, PLIES, aima_utility, points=None, won=WON, course_depth=AIMA_DEPTH,
                         moves=aima_actions)
