"""Negamax alpha-beta with iterative deepening, written once for every game.

What it does, and why:
- Iterative deepening through the one driver (ai.search.driver), which owns the clock, the stop
  flag, the reports and the only-move case: depth 1, 2, 3 ... until the time runs out; the move of
  the last finished depth is played (or the best move of an unfinished depth, once its first move -- the previous
  best -- has been searched, which can only be an improvement).
- A transposition table keyed by ``state.key()`` stores value, bound and best move; the best
  move is searched first on the next visit and on the next iteration.
- Killer moves (two per ply) and a history table order the quiet moves after the TT move.
- Proofs: a subtree that was searched to the end of the game everywhere (never cut off at the
  horizon) has an exact value.  If the whole root is exact the game-theoretic result is known
  and deepening stops; ``Progress.proven`` reports it, with the plies to the end.  A win found
  within the depth is proven too, horizon leaves or not: a quicker one would have been found.
  This is what makes small games (3x3 tic-tac-toe, endgames) play perfectly with the same code.
- Game knowledge comes from an ``Evaluator``: ``evaluate(state)`` from the mover's point of
  view, and optionally ``order_moves(state, moves)``, ``noisy_moves(state)`` (quiescence),
  ``candidate_moves(state, moves)`` (a subset worth searching; the rest are never tried) and
  ``draw_value(state)`` (a drawn end's value for the side to move, default 0: contempt, so a
  side that is ahead avoids draws by repetition or move-count rules) and ``repeated(state)``
  (True for a position that already occurred earlier in the game: inside the tree it is scored
  as a draw, as chess engines score a first repetition, since the side that can repeat once can
  repeat again; so an engine that finds a draw bad looks for new positions while it still has
  them, instead of shuffling until the third occurrence ends the game).
"""

from __future__ import annotations

import random
import time
from collections.abc import Hashable
from typing import Protocol

import numpy as np

from ai.base import PROVEN, WIN, Clock, Limits, Player, PlayerInfo, Progress, ProgressCallback
from ai.search import driver
from ai.search.driver import CTL_NODES, out_of_time
from games.base import State

EXACT, LOWER, UPPER = 0, 1, 2
SOLVED_DEPTH = 1 << 30  # depth stored for subtrees searched to the end of the game
# plies at most of a proven draw's line read from the table past the iteration's depth (a win's or a
# loss's goes as far as its length): a search whose table held the proof from an earlier one (analysis
# asked again of the same position, back from another) proved it at depth 1, its line cut to one move
PROVEN_LINE_MOST = 64
TT_LIMIT = 2_000_000  # entries; the table is cleared when it grows past this
STOP_EVERY = 8  # nodes between looks at the driver's stop cell: a node on a 15x15 board costs about
#                 0.1 ms (ordering its 200 moves), so 128 between looks answered 10-40 ms after a
#                 0.1 s deadline; a look (a numpy read) is a few per cent of the cheapest node's cost


class Evaluator(Protocol):
    def evaluate(self, state: State) -> float:
        """Static value of a non-terminal ``state`` for the side to move, within +-PROVEN."""


class _OutOfTime(Exception):
    pass


def terminal_value(state: State, ply: int) -> float:
    """Value of a finished game for the side to move: a quicker win scores higher."""
    w = state.winner()
    if w is None:
        return 0.0
    return WIN - ply if w == state.to_move else -(WIN - ply)


def to_tt(value: float, ply: int) -> float:
    """Store proven scores relative to the node, so they stay right when reached at another ply."""
    if value >= PROVEN:
        return value + ply
    if value <= -PROVEN:
        return value - ply
    return value


def from_tt(value: float, ply: int) -> float:
    if value >= PROVEN:
        return value - ply
    if value <= -PROVEN:
        return value + ply
    return value


class AlphaBeta:
    """One search engine instance: keeps its tables between moves of a game."""

    def __init__(
        self,
        evaluator: Evaluator,
        *,
        use_tt: bool = True,
        use_ordering: bool = True,
        quiescence: bool = True,
        noise: float = 0.0,
        seed: int | None = None,
        tt_limit: int = TT_LIMIT,
    ) -> None:
        self.evaluator = evaluator
        self.tt_limit = tt_limit  # entries kept between searches; past it the table is cleared
        self.use_tt = use_tt
        self.use_ordering = use_ordering
        self.quiescence = quiescence and hasattr(evaluator, "noisy_moves")
        self.draw_value = getattr(evaluator, "draw_value", None)
        self.repeated = getattr(evaluator, "repeated", None)
        self.noise = noise
        self.rng = random.Random(seed)
        self.tt: dict[Hashable, tuple[int, float, int, Hashable]] = {}
        self.history: dict[Hashable, int] = {}
        self.killers: list[list[Hashable]] = []
        self.nodes = 0
        self.horizon_hits = 0
        self.restricted = False  # candidate_moves left moves out during this search
        self.ctl = driver.new_ctl()
        self._count = 0

    # -- the driver's Searcher --------------------------------------------------------------
    kind = "alphabeta"
    in_python = True  # needs no kernel (Alquerque's and Tic-tac-toe's stand-ins): said begun at once
    deepen_share = 0.55  # past this share of the move time the next depth would very likely not finish

    def search(
        self, state: State, limits: Limits, progress: ProgressCallback | None = None
    ) -> Progress:
        """Iteratively deepen from ``state`` (through ai.search.driver); the final Progress."""
        moves = state.legal_moves()
        if not moves:
            raise ValueError("search called on a finished game")
        first = self._first_guess(state, moves)  # the fallback move: the table's best first, each move once
        return driver.search(self, state, limits, progress, moves=[first] + [m for m in moves if m != first])

    def start(self, state: State, limits: Limits) -> Progress | None:
        self.state, self.moves = state, state.legal_moves()
        self.best_move = self._first_guess(state, self.moves)
        self.nodes = 0
        self.restricted = False
        if len(self.tt) > self.tt_limit:
            self.tt.clear()
        self.history = {m: v // 8 for m, v in self.history.items()}
        return None

    def iterate(self, depth: int, ctl: np.ndarray) -> Progress | None:
        self.ctl = ctl
        self.killers = [[] for _ in range(depth + 64)]
        self.horizon_hits = 0
        nodes_before = self.nodes
        try:
            value, move, finished = self._root(self.state, self.moves, depth, self.best_move)
        except _OutOfTime:
            return None
        finally:
            ctl[CTL_NODES] += self.nodes - nodes_before
        self.best_move = move
        result = Progress(best_move=move, score=value, depth=depth, kind=self.kind,
                          pv=self._principal_variation(self.state, move, depth))
        if self.noise or self.restricted:
            pass  # noisy values, or a tree with moves left out, prove nothing
        elif finished and self.horizon_hits == 0:
            result.proven = 0 if abs(value) < PROVEN else (1 if value > 0 else -1)
        elif abs(value) >= PROVEN and (finished or value > 0) and WIN - abs(value) <= depth:
            # a win (or, every move searched, a loss) behind horizon leaves is still a fact, but
            # its length is the quickest only within the depth: a table entry solved earlier can
            # hold a longer win while a quicker one lies behind a leaf
            result.proven = 1 if value > 0 else -1
        if result.proven is not None:
            result.proven_plies = int(WIN - abs(value)) if result.proven else None
            result.kind = "solver"
            if len(result.pv) == depth:  # the table may know the proof's line past this iteration
                result.pv = self._principal_variation(self.state, move, result.proven_plies or PROVEN_LINE_MOST)
        return result

    def _out_of_time(self) -> bool:
        """Look at the driver's stop cell and deadline every ``STOP_EVERY`` nodes (``out_of_time``)."""
        self._count += 1
        if self._count < STOP_EVERY:
            return False
        self._count = 0
        return out_of_time(self.ctl)

    def _first_guess(self, state: State, moves: list[Hashable]) -> Hashable:
        entry = self.tt.get(state.key()) if self.use_tt else None
        if entry is not None and entry[3] in moves:
            return entry[3]
        return moves[0]

    # -- the tree ---------------------------------------------------------------------------
    def _root(
        self, state: State, moves: list[Hashable], depth: int, previous_best: Hashable
    ) -> tuple[float, Hashable | None, bool]:
        ordered = self._order(state, moves, 0, previous_best)
        alpha, beta = -WIN - 1.0, WIN + 1.0
        best_move, best_value, best_own = None, -WIN - 1.0, -WIN - 1.0
        try:
            for i, move in enumerate(ordered):
                child = state.play(move)
                noise = self.rng.uniform(-self.noise, self.noise) if self.noise else 0.0
                if i == 0:
                    value = -self._negamax(child, depth - 1, -beta, -alpha, 1)
                else:  # principal variation search: prove the move is worse with a null window
                    # at the best noisy value less this move's noise (a fail-low value is only a
                    # bound: noise added to it would let a move of any lower value through)
                    floor = best_value - noise
                    value = -self._negamax(child, depth - 1, -floor - 1, -floor, 1)
                    if floor < value < beta:
                        value = -self._negamax(child, depth - 1, -beta, -value, 1)
                if value + noise > best_value:  # a new best was searched with an open window: exact
                    best_value, best_move, best_own = value + noise, move, value
        except _OutOfTime:
            if best_move is None:
                raise
            return best_own, best_move, False  # partial depth: previous best searched first
        # the chosen move's own value: the noise only chooses, the panel and the table never see it
        if self.use_tt:
            self.tt[state.key()] = (depth, to_tt(best_own, 0), EXACT, best_move)
        return best_own, best_move, True

    def _negamax(self, state: State, depth: int, alpha: float, beta: float, ply: int) -> float:
        self.nodes += 1
        if self._out_of_time():
            raise _OutOfTime
        if state.is_terminal():
            return self._terminal(state, ply)
        if self.repeated is not None and self.repeated(state):
            self.horizon_hits += 1  # a draw only if the players repeat again: no proof
            return self.draw_value(state) if self.draw_value is not None else 0.0
        # a win found at this ply cannot beat a shorter one: mate-distance pruning
        alpha = max(alpha, -(WIN - ply))
        beta = min(beta, WIN - ply - 1)
        if alpha >= beta:
            return alpha
        key = state.key() if self.use_tt else None
        tt_move = None
        if key is not None:
            entry = self.tt.get(key)
            if entry is not None:
                e_depth, e_value, e_flag, tt_move = entry
                if e_depth >= depth:
                    value = from_tt(e_value, ply)
                    if e_flag == EXACT or (e_flag == LOWER and value >= beta) or (
                        e_flag == UPPER and value <= alpha
                    ):
                        if e_depth < SOLVED_DEPTH:
                            self.horizon_hits += 1
                        return value
        if depth <= 0:
            self.horizon_hits += 1
            return self._leaf(state, alpha, beta, ply)
        alpha0 = alpha
        hits_before = self.horizon_hits
        best_value, best_move = -WIN - 1.0, None
        moves = self._order(state, state.legal_moves(), ply, tt_move)
        for i, move in enumerate(moves):
            child = state.play(move)
            if i == 0:
                value = -self._negamax(child, depth - 1, -beta, -alpha, ply + 1)
            else:
                value = -self._negamax(child, depth - 1, -alpha - 1, -alpha, ply + 1)
                if alpha < value < beta:
                    value = -self._negamax(child, depth - 1, -beta, -value, ply + 1)
            if value > best_value:
                best_value, best_move = value, move
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        self._reward(move, ply, depth)
                        break
        if key is not None:
            flag = UPPER if best_value <= alpha0 else LOWER if best_value >= beta else EXACT
            stored_depth = SOLVED_DEPTH if self.horizon_hits == hits_before else depth
            self.tt[key] = (stored_depth, to_tt(best_value, ply), flag, best_move)
        return best_value

    def _terminal(self, state: State, ply: int) -> float:
        """``terminal_value``, with a draw valued by the evaluator's ``draw_value`` if it has one."""
        if self.draw_value is not None and state.winner() is None:
            return self.draw_value(state)
        return terminal_value(state, ply)

    def _leaf(self, state: State, alpha: float, beta: float, ply: int) -> float:
        """Static evaluation, after settling noisy moves (captures) when the evaluator has them."""
        stand = self.evaluator.evaluate(state)
        if not self.quiescence:
            return stand
        return self._quiesce(state, alpha, beta, ply, stand, 0)

    def _quiesce(self, state: State, alpha: float, beta: float, ply: int, stand: float, qdepth: int) -> float:
        if stand >= beta or qdepth >= 8:
            return stand
        alpha = max(alpha, stand)
        best = stand
        for move in self.evaluator.noisy_moves(state):
            self.nodes += 1
            if self._out_of_time():
                raise _OutOfTime
            child = state.play(move)
            if child.is_terminal():
                value = -self._terminal(child, ply + 1)
            else:
                value = -self._quiesce(
                    child, -beta, -alpha, ply + 1, self.evaluator.evaluate(child), qdepth + 1
                )
            if value > best:
                best = value
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        return best

    # -- move ordering ----------------------------------------------------------------------
    def _order(self, state: State, moves: list[Hashable], ply: int, first: Hashable | None) -> list[Hashable]:
        candidates = getattr(self.evaluator, "candidate_moves", None)
        if candidates is not None:
            kept = candidates(state, moves)
            if len(kept) < len(moves):
                self.horizon_hits += 1  # moves left out: this subtree's value is no proof
                self.restricted = True
            moves = kept
        if not self.use_ordering:
            return moves
        order_moves = getattr(self.evaluator, "order_moves", None)
        if order_moves is not None:
            moves = order_moves(state, moves)
        killers = self.killers[ply] if ply < len(self.killers) else []
        history = self.history

        def rank(item: tuple[int, Hashable]) -> tuple[int, int, int]:
            i, move = item
            if move == first:
                return (0, 0, i)
            if move in killers:
                return (1, 0, i)
            return (2, -history.get(move, 0), i)

        return [m for _, m in sorted(enumerate(moves), key=rank)]

    def _reward(self, move: Hashable, ply: int, depth: int) -> None:
        self.history[move] = self.history.get(move, 0) + depth * depth
        if ply < len(self.killers):
            killers = self.killers[ply]
            if move not in killers:
                killers.insert(0, move)
                del killers[2:]

    def _principal_variation(self, state: State, move: Hashable, depth: int) -> list[Hashable]:
        """``move`` and the best replies after it the table holds, ``depth`` moves at most."""
        pv = [move]
        seen = {state.key()}
        state = state.play(move)
        while len(pv) < depth and not state.is_terminal() and self.use_tt:
            key = state.key()
            entry = self.tt.get(key)
            if entry is None or entry[3] is None or key in seen:
                break
            seen.add(key)
            pv.append(entry[3])
            try:
                state = state.play(entry[3])
            except ValueError:
                break
        return pv


class AlphaBetaPlayer(Player):
    """A player that searches with ``AlphaBeta`` under the limits it is given.

    ``depth`` caps the search (the course players and the lower levels); ``noise`` adds a random
    amount to each root move's value so that weak levels vary and blunder in a human way.
    """

    def __init__(
        self,
        evaluator: Evaluator,
        info: PlayerInfo,
        *,
        depth: int | None = None,
        time_scale: float = 1.0,
        seed: int | None = None,
        **engine_options,
    ) -> None:
        self.info = info
        self.depth = depth
        self.time_scale = time_scale
        self.engine = AlphaBeta(evaluator, seed=seed, **engine_options)
        self.last: Progress | None = None

    def choose(
        self, state: State, limits: Limits | None = None, progress: ProgressCallback | None = None
    ) -> Hashable:
        limits = limits or Limits(time=1.0)
        depth = min(d for d in (limits.depth, self.depth, 200) if d is not None)
        time_ = limits.time * self.time_scale if limits.time is not None else None
        self.last = self.engine.search(state, Limits(time_, depth, None, limits.stop), progress)
        if self.last.proven == -1 and (self.last.proven_plies or 0) > 2:
            return self._swindle(state, limits, time_)
        return self.last.best_move

    def _swindle(self, state: State, limits: Limits, time_: float | None) -> Hashable:
        """In a proven lost position, play the move that leaves the opponent the fewest winning
        replies (a fallible opponent may miss them all), instead of an arbitrary lost move.

        Each reply is solved with a fresh engine whose table is shared across replies; replies
        not proven within the time left count as not winning for the opponent."""
        clock = Clock(limits)
        deadline = None if time_ is None else clock.start + max(0.0, time_ - self.last.elapsed)
        solver = AlphaBeta(self.engine.evaluator, seed=0)
        best_move, best_ratio = self.last.best_move, 2.0
        for move in state.legal_moves():
            child = state.play(move)
            replies = child.legal_moves()
            if child.is_terminal() or not replies:
                continue
            winning = 0
            for reply in replies:
                left = None if deadline is None else deadline - time.perf_counter()
                if (left is not None and left <= 0) or limits.stopped():
                    return best_move
                after = child.play(reply)
                if after.is_terminal():
                    winning += after.winner() == child.to_move
                    continue
                proof = solver.search(after, Limits(left, None, None, limits.stop))
                winning += proof.proven == -1  # we, to move there, are lost
            ratio = winning / len(replies)
            if ratio < best_ratio:
                best_move, best_ratio = move, ratio
        return best_move
