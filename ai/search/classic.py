"""The classic course search: depth-limited alpha-beta exactly as the AIMA notebooks write it.

The course players (Rastros' Basilio, Reversi's Easy/Medium/Hard, Alquerque's minimax levels,
tic-tac-toe's AIMA player) are defined by this search: no transposition table, no move
reordering, moves tried in the order the game lists them (or in the course's own order where it
differs: ``moves``), the first best move kept on ties.  Faithfulness matters more than speed here:
students compare their players against these.  It honours the time limit and the stop flag by
returning the best root move found so far.

The Rastros course's ``alphabeta_cutoff_search_new`` (its jogos.py) differs in two ways, kept with
``CourseNew``: it shuffles the moves of every node, root included ("para dar variabilidade aos
jogos"), and an inner node keeps the value of the last move it searched (``alpha = max(v, child)``
with ``v`` never raised), only the root keeping the best.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable
from dataclasses import dataclass

from ai.base import LENGTH_KNOWN, WIN, Clock, Limits, Player, PlayerInfo, Progress, ProgressCallback
from games.base import State

Heuristic = Callable[[State, int], float]  # (state, player) -> value for that player


class _Timeout(Exception):
    pass


@dataclass
class CourseNew:
    """The Rastros course's ``alphabeta_cutoff_search_new``: its moves shuffled by ``rng`` at every
    node (the course's ``random.shuffle``, so games between the same players vary), an inner node
    valued by the last move it searched (see the module docstring)."""

    rng: random.Random

    def moves(self, state: State) -> list[Hashable]:
        moves = list(state.legal_moves())
        self.rng.shuffle(moves)
        return moves


def _last_move_value(maximizing: bool, v: float, alpha: float, beta: float) -> tuple[float, float, bool]:
    """The course's ``_new`` inner node after a child's value ``v``: (alpha, beta, cut)."""
    if maximizing:
        return v, beta, v >= beta
    return alpha, v, v <= alpha


MoveOrder = Callable[[State], list[Hashable]]  # a position's moves in the order a course's game lists them


def alphabeta_cutoff(
    state: State,
    depth: int,
    evaluate: Heuristic,
    clock: Clock | None = None,
    prune: bool = True,
    course_new: CourseNew | None = None,
    moves: MoveOrder | None = None,
) -> tuple[Hashable, float, int]:
    """Best root move, its value for the mover, and the nodes visited.

    ``evaluate(state, player)`` is called at the depth limit and on finished games (the course
    heuristics all score wins and losses themselves).  With ``prune=False`` it is plain minimax;
    with ``course_new``, the Rastros course's ``alphabeta_cutoff_search_new``; ``moves``: the
    order the course's game lists a position's moves in, where it is not ours (``legal_moves``).
    """
    player = state.to_move
    nodes = 0
    order = moves or (lambda s: s.legal_moves())
    moves_of = course_new.moves if course_new is not None else order

    def value(s: State, d: int, alpha: float, beta: float) -> float:
        nonlocal nodes
        nodes += 1
        if clock is not None and clock.out_of_time():
            raise _Timeout
        if d == 0 or s.is_terminal():
            return evaluate(s, player)
        maximizing = s.to_move == player
        best = -float("inf") if maximizing else float("inf")
        for move in moves_of(s):
            v = value(s.play(move), d - 1, alpha, beta)
            if course_new is not None:
                alpha, beta, cut = _last_move_value(maximizing, v, alpha, beta)
                if cut:
                    return v
                continue
            if maximizing:
                best = max(best, v)
                if prune:
                    if best >= beta:
                        return best
                    alpha = max(alpha, best)
            else:
                best = min(best, v)
                if prune:
                    if best <= alpha:
                        return best
                    beta = min(beta, best)
        if course_new is not None:
            return alpha if maximizing else beta
        return best

    best_move, best_value = None, -float("inf")
    try:
        for move in moves_of(state):
            v = value(state.play(move), depth - 1, best_value, float("inf"))
            if best_move is None or v > best_value:
                best_move, best_value = move, v
    except _Timeout:
        if best_move is None:
            best_move = order(state)[0]
    return best_move, best_value, nodes


COURSE_SCALE = "course"  # Progress.kind of a value on the course heuristic's own scale (no conversion)


def course_report(value: float, won: float | None, points: float | None, finished: bool = True) -> tuple[float, str]:
    """A course search's root value as our players report one: (score, Progress.kind).

    ``won``: what the course heuristic gives a won game (Rastros' +10, the Hex notebook's +1000);
    a value that reaches it is a won game the search saw, reported as our levels report a win
    whose length they do not know (beyond ``ai.base.PROVEN``: "South wins", the graph's edge),
    a lost one only once every root move was searched (``finished``).  Otherwise ``value`` times
    ``points`` (the game's evaluation units the heuristic's unit is worth), or, where the course's
    numbers have no conversion (``points`` None), the value itself of kind ``COURSE_SCALE``,
    which the panel names as the course's own score and the evaluation graph leaves out."""
    if won is not None and (value >= won or (finished and value <= -won)):
        return math.copysign(WIN - LENGTH_KNOWN, value), "alphabeta"
    if points is None:
        return value, COURSE_SCALE
    return value * points, "alphabeta"


class ClassicPlayer(Player):
    """A course player: ``alphabeta_cutoff`` at a fixed depth with the course's heuristic.

    ``points``: how many of the game's evaluation units one unit of the heuristic is worth.  The
    value it reports is in those units (the ones our levels search in, which the panel, analysis
    and the evaluation graph show), so a course player and a level watched in one game speak of
    the same lead in the same numbers: Alquerque's course counts pieces, its levels 100 a piece;
    None where there is no such factor (Rastros' Basilio counts its own distance to its goal).
    ``won``: the heuristic's value of a won game, reported as a win (``course_report``).
    ``course_new``: search as the Rastros course's ``alphabeta_cutoff_search_new`` (``CourseNew``).
    ``moves``: the course game's order of a position's moves, where it is not ours.
    ``course_depth``: the course's name for ``depth`` where it counts otherwise (AIMA's cut-off at
    ``depth > d`` searches d + 1 plies), reported as ``Progress.course_depth`` so the panel says
    the depth the player's description states beside the plies searched.
    Its choice of move is the course's own, whatever the factors."""

    def __init__(self, info: PlayerInfo, depth: int, evaluate: Heuristic, prune: bool = True,
                 points: float | None = 1.0, won: float | None = None, course_new: CourseNew | None = None,
                 course_depth: int | None = None, moves: MoveOrder | None = None) -> None:
        self.info = info
        self.depth = depth
        self.course_depth = course_depth
        self.evaluate = evaluate
        self.prune = prune
        self.points = points
        self.won = won
        self.course_new = course_new
        self.moves = moves

    def choose(
        self, state: State, limits: Limits | None = None, progress: ProgressCallback | None = None
    ) -> Hashable:
        limits = limits or Limits()
        clock = Clock(limits, every=64)
        depth = min(self.depth, limits.depth or self.depth)
        move, value, nodes = alphabeta_cutoff(state, depth, self.evaluate, clock, self.prune, self.course_new,
                                              self.moves)
        if progress and math.isfinite(value):  # cut off by its time before it valued any move: nothing to say
            score, kind = course_report(value, self.won, self.points, finished=not clock.expired())
            course_depth = None if self.course_depth is None else self.course_depth - (self.depth - depth)
            progress(
                Progress(depth=depth, best_move=move, score=score, nodes=nodes,
                         elapsed=clock.elapsed(), pv=[move], kind=kind, done=True, course_depth=course_depth)
            )
        return move
