"""The pure-Python bitboard negamax for Reversi: midgame search and an exact endgame solver.

It plays 10x10 Reversi (100 squares do not fit the uint64 kernels of ai/kernels/reversi.py) and is
the code the kernels replaced on 6x6 and 8x8: ``main.py bench reversi`` prints its speed beside
theirs, and tests/test_reversi_kernel.py checks the kernel solver against it.  A position is two
Python ints (mover, opponent) and a move is a bit.  The ideas are the same as the kernels':

- Midgame: principal-variation search (ai.search.driver deepens it) with a transposition table keyed by
  (mover, opponent) that stores the best move, and move ordering: the table's move first, then
  (deep enough in the tree) the move that leaves the opponent fewest replies, else a static
  square value (corners first, X-squares last).  A pass does not use up depth.
- Endgame: exact negamax on the final disc margin.  Far from the end moves are ordered "fastest
  first" (fewest opponent replies, corners first); in the last few empties there is no move
  generation at all: each empty square next to an enemy disc is tried with the ray flipper, and
  the very last empty square is settled directly.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

import numpy as np

from ai.engines.reversi_eval import Features, evaluate, features
from ai.search.driver import out_of_time
from games.reversi import Geometry, flips, move_mask

DISC = 10_000  # search units per disc of final margin: every proven result beats every estimate
INF = 10_000_000
EXACT, LOWER, UPPER = 0, 1, 2
TT_LIMIT = 400_000  # entries per table (about 100 MB); a table is cleared between moves past this
SHALLOW = 7  # empties at which the solver stops generating move masks
SOLVER_TT_MIN = 8  # empties from which the solver keeps a transposition table


class OutOfTime(Exception):
    pass


def final_margin(me: int, opp: int) -> int:
    """Disc margin of a finished game for ``me`` (empty squares count for nobody)."""
    return me.bit_count() - opp.bit_count()


def bits(mask: int) -> list[int]:
    out = []
    while mask:
        b = mask & -mask
        out.append(b)
        mask ^= b
    return out


class Searcher:
    """One engine: tables kept between the moves of a game."""

    def __init__(self, geo: Geometry) -> None:
        self.geo = geo
        self.feats: Features = features(geo)
        self.tt: dict[tuple[int, int], tuple[int, int, float, int]] = {}
        self.solver_tt: dict[tuple[int, int], tuple[int, int, int]] = {}
        self.nodes = 0
        self.ctl: np.ndarray | None = None  # the driver's control block: ctl[CTL_STOP] ends a search
        self.root_values: list[tuple[int, float]] = []  # the last root search's moves and values (``root``)
        self.square_value = self.feats.square_value
        # static order of squares for the shallow solver: corners first, X-squares last
        self.shallow_order = sorted(range(geo.cells), key=lambda i: -self.square_value[i])
        half = geo.size // 2
        self.quadrants = [
            sum(1 << (r * geo.size + c) for r in range(r0, r0 + half) for c in range(c0, c0 + half))
            for r0 in (0, half)
            for c0 in (0, half)
        ]

    def _tick(self) -> None:
        """Count a node; look at the stop flag and the deadline every 256 nodes (``out_of_time``)."""
        self.nodes += 1
        if not self.nodes & 255 and self.ctl is not None and out_of_time(self.ctl):
            raise OutOfTime

    def trim(self) -> None:
        """Clear a table that grew past TT_LIMIT entries (between moves)."""
        if len(self.tt) > TT_LIMIT:
            self.tt.clear()
        if len(self.solver_tt) > TT_LIMIT:
            self.solver_tt.clear()

    # -- midgame --------------------------------------------------------------------------
    def ordered(self, me: int, opp: int, moves: int, depth: int, first: int) -> Iterable[tuple[int, int]]:
        """(move bit, flips) pairs, most promising first.

        Deep in the tree (``depth`` >= 3) a move is ranked by the replies it leaves the opponent
        (counting them needs the flips of every move); near the leaves by the square's static
        value alone.
        """
        geo, value = self.geo, self.square_value
        scored = []
        if depth >= 3:
            for b in bits(moves):
                sq = b.bit_length() - 1
                f = flips(sq, me, opp, geo)
                key = -INF if b == first else move_mask(opp ^ f, me | f | b, geo).bit_count() * 16 - value[sq] // 4
                scored.append((key, sq, b, f))
            scored.sort()
            return [(b, f) for _, _, b, f in scored]
        order = sorted(bits(moves), key=lambda b: -INF if b == first else -value[b.bit_length() - 1])
        return ((b, flips(b.bit_length() - 1, me, opp, geo)) for b in order)  # flips only if tried

    def negamax(self, me: int, opp: int, depth: int, alpha: float, beta: float, passed: bool = False) -> float:
        self._tick()
        moves = move_mask(me, opp, self.geo)
        if not moves:
            if passed or not move_mask(opp, me, self.geo):
                return DISC * final_margin(me, opp)
            return -self.negamax(opp, me, depth, -beta, -alpha, True)
        if depth <= 0:
            return evaluate(me, opp, self.feats, moves)
        key = (me, opp)
        entry = self.tt.get(key)
        first = 0
        if entry is not None:
            e_depth, e_flag, e_value, first = entry
            if e_depth >= depth and (
                e_flag == EXACT or (e_flag == LOWER and e_value >= beta) or (e_flag == UPPER and e_value <= alpha)
            ):
                return e_value
        alpha0 = alpha
        best, best_move = -INF, 0
        for i, (b, f) in enumerate(self.ordered(me, opp, moves, depth, first)):
            child_me, child_opp = opp ^ f, me | f | b
            if i == 0:
                v = -self.negamax(child_me, child_opp, depth - 1, -beta, -alpha)
            else:
                v = -self.negamax(child_me, child_opp, depth - 1, -alpha - 1, -alpha)
                if alpha < v < beta:
                    v = -self.negamax(child_me, child_opp, depth - 1, -beta, -v)
            if v > best:
                best, best_move = v, b
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        flag = UPPER if best <= alpha0 else LOWER if best >= beta else EXACT
        self.tt[key] = (depth, flag, best, best_move)
        return best

    def root(
        self, me: int, opp: int, depth: int, first: int, noise: float, rng: random.Random, every_value: bool = False
    ) -> tuple[int, float, bool]:
        """(best move bit, its value, finished) of one iteration; a partial one keeps its best so far.
        ``noise`` spreads the values the move is chosen by; the value returned is the move's own.
        Noise, or ``every_value`` (a hint's reference: ``PythonSearch.full_window_hint``), values
        every move with a full window.  ``root_values`` keeps each move searched with the value its
        search returned: the best's exact, another's an upper bound where it failed low."""
        moves = move_mask(me, opp, self.geo)
        alpha, beta = -INF, INF
        best, best_value, best_own = 0, -INF, -INF
        self.root_values = []
        try:
            for i, (b, f) in enumerate(self.ordered(me, opp, moves, max(depth, 3), first)):
                if noise or every_value:  # every move needs its true value before the noise is added
                    v = -self.negamax(opp ^ f, me | f | b, depth - 1, -INF, INF)
                elif i == 0:
                    v = -self.negamax(opp ^ f, me | f | b, depth - 1, -beta, -alpha)
                else:
                    v = -self.negamax(opp ^ f, me | f | b, depth - 1, -alpha - 1, -alpha)
                    if alpha < v < beta:
                        v = -self.negamax(opp ^ f, me | f | b, depth - 1, -beta, -v)
                self.root_values.append((b, v))
                chooser = v + rng.uniform(-noise, noise) if noise else v
                if chooser > best_value:
                    best, best_value, best_own = b, chooser, v
                    alpha = max(alpha, chooser)
        except OutOfTime:
            if best == 0:
                raise
            return best, best_own, False
        self.tt[(me, opp)] = (depth, EXACT, best_own, best)  # the move's own value: noise only chooses
        return best, best_own, True

    def root_move_value(self, me: int, opp: int, b: int, depth: int, alpha: float, beta: float) -> float:
        """The value of the root move ``b`` for ``me`` searched to ``depth`` within (alpha, beta):
        exact inside it, a bound outside (fail-soft).  OutOfTime when stopped."""
        f = flips(b.bit_length() - 1, me, opp, self.geo)
        return -self.negamax(opp ^ f, me | f | b, depth - 1, -beta, -alpha)

    # -- endgame ----------------------------------------------------------------------------
    def solve(self, me: int, opp: int, alpha: int, beta: int, empties: int, passed: bool = False) -> int:
        """Exact final disc margin for ``me`` (fail-soft alpha-beta)."""
        if empties <= SHALLOW:
            empty = self.geo.full & ~(me | opp)
            order = self.parity_order(empty)
            return self.solve_shallow(me, opp, alpha, beta, empty, order, empties, passed)
        self._tick()
        geo = self.geo
        moves = move_mask(me, opp, geo)
        if not moves:
            if passed or not move_mask(opp, me, geo):
                return final_margin(me, opp)
            return -self.solve(opp, me, -beta, -alpha, empties, True)
        key = (me, opp)
        first = 0
        use_tt = empties >= SOLVER_TT_MIN
        if use_tt:
            entry = self.solver_tt.get(key)
            if entry is not None:
                lower, upper, first = entry
                if lower >= beta:
                    return lower
                if upper <= alpha:
                    return upper
                if lower == upper:
                    return lower
                alpha, beta = max(alpha, lower), min(beta, upper)
        alpha0, beta0 = alpha, beta
        best, best_move = -INF, 0
        for i, (b, f) in enumerate(self.fastest_first(me, opp, moves, first)):
            if i == 0:
                v = -self.solve(opp ^ f, me | f | b, -beta, -alpha, empties - 1)
            else:
                v = -self.solve(opp ^ f, me | f | b, -alpha - 1, -alpha, empties - 1)
                if alpha < v < beta:
                    v = -self.solve(opp ^ f, me | f | b, -beta, -v, empties - 1)
            if v > best:
                best, best_move = v, b
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        if use_tt:
            lower, upper, _ = self.solver_tt.get(key, (-INF, INF, 0))
            if best <= alpha0:
                upper = min(upper, best)
            elif best >= beta0:
                lower = max(lower, best)
            else:
                lower = upper = best
            self.solver_tt[key] = (lower, upper, best_move)
        return best

    def fastest_first(self, me: int, opp: int, moves: int, first: int) -> list[tuple[int, int]]:
        """Moves that leave the opponent fewest replies first: cuts come sooner in the endgame."""
        geo, value = self.geo, self.square_value
        scored = []
        for b in bits(moves):
            sq = b.bit_length() - 1
            f = flips(sq, me, opp, geo)
            key = -INF if b == first else move_mask(opp ^ f, me | f | b, geo).bit_count() * 64 - value[sq]
            scored.append((key, sq, b, f))
        scored.sort()
        return [(b, f) for _, _, b, f in scored]

    def parity_order(self, empty: int) -> list[int]:
        """Empty squares, those in a quadrant with an odd number of empties first (parity: the
        side that moves first in an odd region usually also gets its last move), then by value."""
        odd = 0
        for quadrant in self.quadrants:
            if (empty & quadrant).bit_count() & 1:
                odd |= quadrant
        order = [sq for sq in self.shallow_order if empty >> sq & 1]
        return [sq for sq in order if odd >> sq & 1] + [sq for sq in order if not odd >> sq & 1]

    def solve_shallow(
        self, me: int, opp: int, alpha: int, beta: int, empty: int, order: list[int], n: int, passed: bool
    ) -> int:
        """The last few empties: try each empty square next to an enemy disc with the flipper.

        ``order`` lists the empty squares of the subtree's root, best first; squares filled
        since are skipped by the ``empty`` mask.
        """
        self._tick()
        geo = self.geo
        if n == 1:
            return self.last_square(me, opp, empty)
        around = geo.neighbours
        best = -INF
        moved = False
        for sq in order:
            b = 1 << sq
            if not empty & b or not around[sq] & opp:
                continue
            f = flips(sq, me, opp, geo)
            if not f:
                continue
            moved = True
            if n == 2:
                v = -self.last_square(opp ^ f, me | f | b, empty ^ b)
            else:
                v = -self.solve_shallow(opp ^ f, me | f | b, -beta, -alpha, empty ^ b, order, n - 1, False)
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        return best
        if moved:
            return best
        if passed:
            return final_margin(me, opp)
        return -self.solve_shallow(opp, me, -beta, -alpha, empty, order, n, True)

    def last_square(self, me: int, opp: int, empty: int) -> int:
        """The final margin when one empty square is left: whoever can play it does."""
        geo = self.geo
        sq = empty.bit_length() - 1
        f = flips(sq, me, opp, geo)
        if f:
            return final_margin(me | f | empty, opp ^ f)
        f = flips(sq, opp, me, geo)
        if f:
            return -final_margin(opp | f | empty, me ^ f)
        return final_margin(me, opp)

    def solve_root(self, me: int, opp: int, first: int) -> tuple[int, int]:
        """(best move bit or 0 for a pass, exact margin for ``me``).  ``root_values`` keeps each
        move with the margin its solve returned: the best's exact, another's an upper bound."""
        geo = self.geo
        empties = geo.cells - (me | opp).bit_count()
        moves = move_mask(me, opp, geo)
        self.root_values = []
        if not moves:
            return 0, -self.solve(opp, me, -INF, INF, empties, True)
        alpha, beta = -INF, INF
        best, best_value = 0, -INF
        for i, (b, f) in enumerate(self.fastest_first(me, opp, moves, first)):
            if i == 0:
                v = -self.solve(opp ^ f, me | f | b, -beta, -alpha, empties - 1)
            else:
                v = -self.solve(opp ^ f, me | f | b, -alpha - 1, -alpha, empties - 1)
                if v > alpha:
                    v = -self.solve(opp ^ f, me | f | b, -beta, -v, empties - 1)
            self.root_values.append((b, v))
            if v > best_value:
                best, best_value = b, v
                alpha = max(alpha, v)
        return best, best_value

    def root_move_margin(self, me: int, opp: int, b: int, alpha: int, beta: int) -> int:
        """The final margin for ``me`` after the root move ``b``, solved within (alpha, beta): exact
        inside it, a bound outside (fail-soft).  OutOfTime when stopped."""
        empties = self.geo.cells - (me | opp).bit_count()
        f = flips(b.bit_length() - 1, me, opp, self.geo)
        return -self.solve(opp ^ f, me | f | b, -beta, -alpha, empties - 1)
