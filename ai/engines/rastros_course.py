"""The course's six Rastros players, as the notebook defines them (shared/seeds, "O Jogo dos Rastros").

Students measure their own players against these, so each one copies the notebook's behaviour,
tie-breaks included:
- Bacoco: ``random.choice(state.moves())``.
- ObtusoSW / ObtusoNE: sort the moves by ``(row, -col)`` / ``(-row, col)`` and take the last:
  the southernmost-then-westernmost / northernmost-then-easternmost square.
- Random Plus, Basilio, Ar Livre: ``alphabeta_cutoff_search_new(state, game, 5, eval_fn)`` of the
  course's jogos.py: the root's children are depth 1 and the cut-off test is ``depth > d or
  terminal``, so with d = 5 the heuristic is applied six plies below the root (``ClassicPlayer``
  counts plies, hence ``AIMA_DEPTH + 1``).  Unlike AIMA's search it shuffles the moves of every
  node and an inner node keeps its last move's value (``ai.search.classic.CourseNew``), so the
  course's Basilio varies its games and misjudges some positions: the textbook search we ran
  before beat it 36-4 in 40 games.  The player's seed drives the shuffle; the first best root
  move in the shuffled order is kept.  The heuristics get the root player and score +10/-10 for
  a won/lost game; otherwise Random Plus scores 0, Basilio ``7 - king distance(piece, own
  goal)`` (``n - 1`` on an n x n board: 7 on 8x8) and Ar Livre the number of legal moves.
"""

from __future__ import annotations

import random
from collections.abc import Hashable

from ai.base import FIXED_ORDER, Limits, Player, PlayerInfo, Progress, ProgressCallback
from ai.roster import RASTROS_COURSE_DEPTH
from ai.search.classic import ClassicPlayer, CourseNew
from ai.search.random_player import RandomPlayer
from games.rastros import RastrosState

AIMA_DEPTH = RASTROS_COURSE_DEPTH  # the notebook's depth_for_all
PLIES = AIMA_DEPTH + 1  # AIMA evaluates at depth > d: six plies below the root
WON = 10  # the notebook's value of a won game (``_won_lost``)


def _won_lost(state: RastrosState, player: int) -> float | None:
    """+10 / -10 for a finished game seen by ``player`` (the notebook's ``terminou`` test)."""
    w = state.winner()
    if w is None:
        return None
    return WON if w == player else -WON


def random_plus_eval(state: RastrosState, player: int) -> float:
    v = _won_lost(state, player)
    return 0 if v is None else v


def chebyshev(n: int, a: int, b: int) -> int:
    (ra, ca), (rb, cb) = divmod(a, n), divmod(b, n)
    return max(abs(ra - rb), abs(ca - cb))


def basilio_eval(state: RastrosState, player: int) -> float:
    v = _won_lost(state, player)
    if v is not None:
        return v
    game = state.game
    goal = game.goal_south if player == 0 else game.goal_north
    return (game.n - 1) - chebyshev(game.n, state.white, goal)


def ar_livre_eval(state: RastrosState, player: int) -> float:
    v = _won_lost(state, player)
    if v is not None:
        return v
    return state.moves_mask().bit_count()


class Bacoco(RandomPlayer):
    """A random legal move (seeded): the level-1 player under the course's name, so its report says
    it drew the move at random (``AT_RANDOM``): the game's panel says "Bacoco plays at random" over
    its move, as it does for level 1, not "Last search"."""


class Obtuso(Player):
    """ObtusoSW (``south=True``) or ObtusoNE: the last move after the notebook's sort.  Its report
    says it took the move by a fixed order (``FIXED_ORDER``): the game's panel says "ObtusoSW
    plays by a fixed order" over its move, not "Last search", as no search chose it."""

    def __init__(self, info: PlayerInfo, south: bool) -> None:
        self.info = info
        self.south = south

    def choose(self, state: RastrosState, limits: Limits | None = None,
               progress: ProgressCallback | None = None) -> Hashable:
        n = state.game.n
        moves = state.legal_moves()
        if self.south:
            moves.sort(key=lambda m: (m // n, -(m % n)))
        else:
            moves.sort(key=lambda m: (-(m // n), m % n))
        move = moves[-1]
        if progress:
            progress(Progress(best_move=move, kind="rule", reason=FIXED_ORDER, done=True))
        return move


def classic(evaluate):
    """A ``make(info, seed)`` for a depth-5 course alpha-beta player, searching as the course's
    ``alphabeta_cutoff_search_new`` does (its shuffle seeded by ``seed``).  It reports its values
    on the course's own scale (a distance, a count of moves: no conversion to our levels' points),
    its +10 and -10 too: a node keeping its last move's value, that search's +10 is no proof (in
    205 random positions Basilio's root said +10 in 37 where a full search of the same depth
    finds no win), so it is not said as a win, nor drawn as one on the evaluation graph."""
    return lambda info, seed: ClassicPlayer(info, PLIES, evaluate, points=None, course_depth=AIMA_DEPTH,
                                            course_new=CourseNew(random.Random(seed)))
