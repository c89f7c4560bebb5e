"""The pure-Python Rastros search that the numba kernels replaced (level-2..5 before them).

Kept for ``main.py bench rastros`` (its nodes per second beside the kernel's), the differential
tests, and the window's first moves after installing: while the worker compiles the kernels, levels
2-5 search with this player at their own depth, noise and solver reach (``RastrosPlayer.stand_in``
in ai/engines/rastros_search.py).  What it evaluates and why: ai/engines/rastros_search.py, which
does the same in ai/kernels/rastros.py.
"""

from __future__ import annotations

import random
import time
from collections.abc import Hashable

from ai.base import PROVEN, WIN, Limits, Player, PlayerInfo, Progress, ProgressCallback
from ai.engines.rastros_board import Geometry, geometry
from ai.engines.rastros_search import SOLVED, Weights, book_move
from ai.reference.rastros_solver import OutOfBudget, Solver, geography_mover_wins
from games.rastros import RastrosState

EXACT, LOWER, UPPER = 0, 1, 2
ROOT_SOLVE_LIMIT = 48  # larger regions are never solved in a move's time (Python)
SOLVE_BUDGET = 30_000  # solver nodes allowed for one small region inside the tree


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
            return -(WIN - ply - geo.cornered_plies(moves, side))
        blocking, children = geo.replies(safe, region, side)
        if blocking is not None:
            return WIN - ply - geo.cornering_plies(region, side, safe)
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
            if (value >= PROVEN or value <= -PROVEN and finished) and not self.noise:  # a loss: every move lost
                report.kind, report.proven = "solver", 1 if value > 0 else -1
                report.proven_plies = int(WIN - abs(value)) if abs(value) > SOLVED else None
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
            result = self._solve_root(state, solver, started, deadline, limits, report, progress)
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
                    limits: Limits, report: Progress, progress: ProgressCallback | None = None) -> int | None:
        """Give the exact solver part of the time.  Proven won: the shortest win (or the first
        winning move if the lengths take too long); proven lost: the longest loss, if its length
        is found in time, else None and the heuristic search chooses.  ``progress`` is told the
        solver is at work (a solver's report with no figures): it says nothing else for up to 40%
        of the move's time, and the window says "Solving the position…" meanwhile."""
        geo = solver.geo
        piece, side = state.white, state.to_move
        region = geo.flood(piece, state.free)
        if region.bit_count() > ROOT_SOLVE_LIMIT:
            return None
        if progress is not None:
            progress(Progress(kind="solver"))
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
