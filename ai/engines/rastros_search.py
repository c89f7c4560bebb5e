"""Our Rastros engine: region-aware evaluation, bitboard alpha-beta and the exact solver.

Why a Rastros-specific search instead of the generic one: a position is fully described by
``(piece, reachable region, side)``, which makes a much better transposition key than the
visited-square bitboard (different trails that cut off the same squares meet), and it is what
the evaluation and the solver need anyway.  The search works on these ints directly.

The evaluation (from the side to move's point of view):
- no goal reachable: exact, by the maximum-matching test of undirected vertex geography;
- otherwise a weighted sum of: shortest free paths to each goal (each side's path may not use the
  squares next to the other goal), the squares only one side may use (those next to its own
  goal: the other side steps there only to lose), and safe mobility.
Inside the tree the exact solver takes over whenever the region is small; at the root it is given
part of the move's time on any region small enough, and once it proves the result the engine
plays the shortest win (or, when lost, the longest loss: the opponent may still go wrong) and
reports ``Progress(proven=..., proven_plies=..., kind="solver")``.
"""

from __future__ import annotations

import random
import time
from collections.abc import Hashable
from dataclasses import dataclass

from ai.base import PROVEN, WIN, Limits, Player, PlayerInfo, Progress, ProgressCallback
from ai.engines.rastros_board import Geometry, geometry
from ai.engines.rastros_solver import OutOfBudget, Solver, geography_mover_wins
from games.rastros import RastrosState

SOLVED = WIN - 5000  # a solver-proven win with unknown length (still beyond PROVEN)
EXACT, LOWER, UPPER = 0, 1, 2
ROOT_SOLVE_LIMIT = 48  # larger regions are never solved in a move's time (Python)
SOLVE_BUDGET = 30_000  # solver nodes allowed for one small region inside the tree

# Opening book, only moves the rules file states as solved facts (shared/rules/rastros.md), as
# (row, col): on 8x8 North's winning reply to each of South's eight first moves; on 4x4, 5x5 and
# 6x6 a winning first move for South (the one nearest South's goal among those listed).
BOOK_8X8 = {
    (5, 4): (6, 3), (4, 4): (3, 4), (5, 5): (5, 6), (3, 4): (4, 4),
    (5, 6): (5, 5), (3, 5): (3, 4), (4, 6): (5, 6), (3, 6): (3, 5),
}
FIRST_MOVES = {4: (3, 4), 5: (4, 3), 6: (4, 3)}


def book_move(state: RastrosState) -> int | None:
    """A proven winning move from the book, or None outside it."""
    game = state.game
    n = game.n
    if state.blacks == 0 and state.to_move == 0 and state.white == game.start:
        first = FIRST_MOVES.get(n)
        return None if first is None else (first[0] - 1) * n + first[1] - 1
    if n != 8 or state.to_move != 1 or state.blacks != 1 << game.start:
        return None
    reply = BOOK_8X8.get((state.white // 8 + 1, state.white % 8 + 1))
    return None if reply is None else (reply[0] - 1) * 8 + reply[1] - 1


@dataclass
class Weights:
    """Evaluation weights (units: roughly 100 = one clear tempo).

    Chosen by matches against the course players (all won at 0.3-1 s per move with these); in
    fixed-depth self-play from random openings the distance term was neither clearly better nor
    worse than without it, the squares next to the goals clearly mattered.
    """

    distance: float = 40.0  # per step of (their distance - my distance) to the goals
    unreachable: int = 12  # distance used for a goal that cannot be reached
    private: float = 25.0  # per square next to my goal still free (minus theirs)
    mobility: float = 10.0  # per safe move of mine


class _Stop(Exception):
    pass


class RastrosSearch:
    """Iterative-deepening negamax over (piece, region, side) with a transposition table."""

    def __init__(self, geo: Geometry, solver: Solver | None, solve_limit: int, weights: Weights,
                 noise: float = 0.0, seed: int | None = None) -> None:
        self.geo = geo
        self.solver = solver
        self.solve_limit = solve_limit
        self.w = weights
        self.noise = noise
        self.rng = random.Random(seed)
        self.tt: dict[tuple[int, int, int], tuple[int, float, int, int]] = {}
        self.nodes = 0
        self.deadline = float("inf")
        self.stop = None

    # -- evaluation -------------------------------------------------------------------------
    def evaluate(self, piece: int, region: int, side: int) -> float:
        """Heuristic value for the side to move of a position with both or one goal reachable."""
        geo, w = self.geo, self.w
        start, other = 1 << piece, 1 - side
        d_me = geo.distances(start, region & ~geo.forbid[side], geo.goal[side], w.unreachable)
        d_them = geo.distances(start, region & ~geo.forbid[other], geo.goal[other], w.unreachable)
        mine = (geo.nbr[geo.goal[side]] & region).bit_count()
        theirs = (geo.nbr[geo.goal[other]] & region).bit_count()
        safe = (geo.nbr[piece] & region & ~geo.forbid[side]).bit_count()
        return w.distance * (min(d_them, w.unreachable) - min(d_me, w.unreachable)) + \
            w.private * (mine - theirs) + w.mobility * safe

    # -- the tree ---------------------------------------------------------------------------
    def _check(self) -> None:
        if self._timed_out():
            raise _Stop

    def _timed_out(self) -> bool:
        return time.perf_counter() >= self.deadline or (self.stop is not None and self.stop.is_set())

    def _exact(self, piece: int, region: int, side: int, ply: int) -> float | None:
        """A proven value when the region is small (solver) or goal-free (matching); else None."""
        geo = self.geo
        goal_free = not region & (geo.goal_bit[0] | geo.goal_bit[1])
        if self.solver is None:
            if not goal_free:
                return None
            win = geography_mover_wins(geo, piece, region)
        elif goal_free or region.bit_count() <= self.solve_limit:
            try:
                win = self.solver.solve(piece, region, side, budget=SOLVE_BUDGET, check=self._timed_out)
            except OutOfBudget:
                if self._timed_out():
                    raise _Stop from None
                return None
        else:
            return None
        return SOLVED - ply if win else -(SOLVED - ply)

    def negamax(self, piece: int, region: int, side: int, depth: int, alpha: float, beta: float,
                ply: int) -> float:
        self.nodes += 1
        if self.nodes & 511 == 0:
            self._check()
        geo = self.geo
        nbr = geo.nbr
        moves = nbr[piece] & region
        if moves & geo.goal_bit[side]:
            return WIN - ply - 1
        safe = moves & ~geo.forbid[side]
        if not safe:
            return -(WIN - ply - 2)
        blocking, children = geo.replies(safe, region, side)
        if blocking is not None:
            return WIN - ply - 1
        exact = self._exact(piece, region, side, ply)
        if exact is not None:
            return exact
        key = (piece, region, side)
        entry = self.tt.get(key)
        tt_move = -1
        if entry is not None:
            e_depth, e_value, e_flag, tt_move = entry
            if e_depth >= depth and (
                e_flag == EXACT or (e_flag == LOWER and e_value >= beta) or (e_flag == UPPER and e_value <= alpha)
            ):
                return e_value
        if depth <= 0:
            return self.evaluate(piece, region, side)
        dist = geo.king_dist[side]
        children.sort(key=lambda c: (c[1] != tt_move, c[0], dist[c[1]]))
        alpha0, best, best_move = alpha, -WIN - 1.0, -1
        other = 1 - side
        for i, (_, q, rest) in enumerate(children):
            child_region = geo.flood(q, rest)
            if i == 0:
                v = -self.negamax(q, child_region, other, depth - 1, -beta, -alpha, ply + 1)
            else:
                v = -self.negamax(q, child_region, other, depth - 1, -alpha - 1, -alpha, ply + 1)
                if alpha < v < beta:
                    v = -self.negamax(q, child_region, other, depth - 1, -beta, -v, ply + 1)
            if v > best:
                best, best_move = v, q
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        flag = UPPER if best <= alpha0 else LOWER if best >= beta else EXACT
        if abs(best) < PROVEN:
            self.tt[key] = (depth, best, flag, best_move)
        return best

    def root(self, piece: int, region: int, side: int, depth: int,
             order: list[int]) -> tuple[list[tuple[float, int]], bool]:
        """Search the root moves in ``order`` (previous best first; PVS unless noisy).

        Returns (scored moves, best first; finished).  On a timeout after the first move the
        moves searched so far are returned with finished False.
        """
        geo = self.geo
        other = 1 - side
        scored: list[tuple[float, int]] = []
        alpha = -WIN - 1.0
        try:
            for i, q in enumerate(order):
                rest = region & ~(1 << q)
                if q == geo.goal[other]:  # the goals are checked before the blocking rule
                    v = -(WIN - 1)
                elif q == geo.goal[side] or not geo.nbr[q] & rest:
                    v = WIN - 1
                else:
                    child = geo.flood(q, rest)
                    if self.noise or i == 0:
                        v = -self.negamax(q, child, other, depth - 1, -WIN - 1.0, WIN + 1.0, 1)
                    else:
                        v = -self.negamax(q, child, other, depth - 1, -alpha - 1, -alpha, 1)
                        if v > alpha:
                            v = -self.negamax(q, child, other, depth - 1, -WIN - 1.0, -alpha, 1)
                if self.noise:
                    v += self.rng.uniform(-self.noise, self.noise)
                alpha = max(alpha, v)
                scored.append((v, q))
        except _Stop:
            if not scored or self.noise:
                raise
            scored.sort(key=lambda t: -t[0])
            return scored, False
        scored.sort(key=lambda t: -t[0])
        return scored, True

    def iterate(self, state: RastrosState, max_depth: int, deadline: float, stop, progress,
                started: float, report: Progress) -> Progress:
        """Deepen until ``max_depth`` or the deadline; ``report`` collects the result."""
        geo = self.geo
        piece, side = state.white, state.to_move
        region = geo.flood(piece, state.free)
        order = state.legal_moves()
        self.deadline, self.stop = deadline, stop
        if len(self.tt) > 1_000_000:
            self.tt.clear()
        begun = time.perf_counter()
        for depth in range(1, max_depth + 1):
            try:
                scored, finished = self.root(piece, region, side, depth, order)
            except _Stop:
                break
            value, move = scored[0]
            searched = {q for _, q in scored}
            order = [q for _, q in scored] + [q for q in order if q not in searched]
            report.best_move, report.score, report.depth = move, value, depth if finished else depth - 1
            report.pv = [move]
            report.nodes, report.elapsed = self.nodes, time.perf_counter() - started
            if value >= PROVEN and not self.noise:
                report.kind, report.proven = "solver", 1
                report.proven_plies = int(WIN - value) if value > SOLVED else None
            if progress and finished:
                progress(report)
            if not finished or (abs(value) >= PROVEN and not self.noise):
                break  # out of time, or a proven win (or all lost): deeper changes nothing
            if time.perf_counter() > begun + (deadline - begun) * 0.4:
                break  # the next depth would very likely not finish
        return report


class RastrosPlayer(Player):
    """Levels 2..5: the search above with a depth cap, noise, solver and book switched by level."""

    def __init__(self, info: PlayerInfo, *, depth: int | None = None, solve_limit: int = 0,
                 root_solve: bool = False, book: bool = False, noise: float = 0.0,
                 seed: int | None = None, weights: Weights | None = None) -> None:
        self.info = info
        self.depth = depth
        self.solve_limit = solve_limit
        self.root_solve = root_solve
        self.book = book
        self.noise = noise
        self.seed = seed
        self.weights = weights or Weights()
        self._engines: dict[int, tuple[Solver, RastrosSearch]] = {}
        self.last: Progress | None = None

    def _engine(self, n: int) -> tuple[Solver, RastrosSearch]:
        if n not in self._engines:
            geo = geometry(n)
            solver = Solver(geo)
            search = RastrosSearch(geo, solver if self.solve_limit else None, self.solve_limit,
                                   self.weights, self.noise, self.seed)
            self._engines[n] = (solver, search)
        return self._engines[n]

    def choose(self, state: RastrosState, limits: Limits | None = None,
               progress: ProgressCallback | None = None) -> Hashable:
        limits = limits or Limits(time=1.0)
        started = time.perf_counter()
        budget = limits.time if limits.time is not None else 5.0  # depth-only limits: cap the solver
        deadline = started + budget * 0.9
        moves = state.legal_moves()
        report = Progress(best_move=moves[0], pv=[moves[0]])
        solver, search = self._engine(state.game.n)
        search.nodes = 0
        solver_nodes = solver.nodes
        result = self._quick(state, moves, report)
        if result is None and self.root_solve:
            result = self._solve_root(state, solver, started, deadline, limits, report)
        if result is None:
            max_depth = min(d for d in (limits.depth, self.depth, 80) if d is not None)
            search.iterate(state, max_depth, deadline, limits.stop, progress, started, report)
        report.done = True
        report.elapsed = time.perf_counter() - started
        report.nodes = search.nodes + solver.nodes - solver_nodes
        self.last = report
        if progress:
            progress(report)
        return report.best_move

    def _quick(self, state: RastrosState, moves: list[int], report: Progress) -> int | None:
        """Moves that need no search: the only move, an adjacent own goal, the book."""
        game = state.game
        goal = game.goal_south if state.to_move == 0 else game.goal_north
        if goal in moves:
            report.best_move, report.pv, report.kind = goal, [goal], "solver"
            report.proven, report.proven_plies = 1, 1
            return goal
        if len(moves) == 1:
            report.best_move, report.pv, report.kind = moves[0], [moves[0]], "rule"
            return moves[0]
        if self.book:
            move = book_move(state)
            if move is not None and move in moves:
                report.best_move, report.pv, report.kind = move, [move], "book"
                report.proven = 1
                return move
        return None

    def _solve_root(self, state: RastrosState, solver: Solver, started: float, deadline: float,
                    limits: Limits, report: Progress) -> int | None:
        """Give the exact solver part of the time.  Proven won: the shortest win (or the first
        winning move if the lengths take too long); proven lost: the longest loss, if its length
        is found in time, else None and the heuristic search chooses."""
        geo = solver.geo
        piece, side = state.white, state.to_move
        region = geo.flood(piece, state.free)
        if region.bit_count() > ROOT_SOLVE_LIMIT:
            return None
        solve_until = started + (deadline - started) * 0.4

        def out() -> bool:
            return time.perf_counter() > solve_until or limits.stopped()

        try:
            win = solver.solve(piece, region, side, check=out)
        except OutOfBudget:
            return None
        report.kind, report.proven = "solver", 1 if win else -1
        length_until = time.perf_counter() + (deadline - time.perf_counter()) * 0.6

        def out_late() -> bool:
            return time.perf_counter() > length_until or limits.stopped()

        try:
            if win:
                best, best_len = solver.best_win(piece, region, side, check=out_late)
            else:  # lost against perfect play: make it last, the opponent may still go wrong
                best, best_len = solver.longest_loss(piece, region, side, check=out_late)
        except OutOfBudget:  # won: the winning move could not be re-found; lost: no length yet
            return None  # lost: the heuristic search picks the move instead
        report.best_move, report.pv = best, [best]
        report.proven_plies = best_len
        report.score = SOLVED if win else -SOLVED
        return best
