"""The class notebook's Hex player (shared/seeds, "Clase Práctica 2: Búsqueda Adversarial").

The notebook's ``hex_alphabeta_search`` is the course's depth-limited alpha-beta (our
``ai.search.classic.alphabeta_cutoff``: moves in the game's order, no table, first best kept)
with ``hex_heuristic``, a shortest-path measure to the player's two walls.  As printed, the
notebook's breadth-first search compares a distance with the player's name (never equal), so it
ignores the stones and the value is the same (n - 1) for every position; and the search
maximises a distance.  We keep its search and its idea and repair those two slips, the way the
exercise asks students to: the value for the root player is the opponent's shortest connection
distance minus its own, counting empty cells on the cheapest edge-to-edge path (own stones are
free, the opponent's block), and a won or lost game scores +-1000 so it outranks any distance.

The notebook searched to a fixed depth (6), which is far too slow for Python on 11x11; the issue
asks for the largest depth that answers in the move time, so we deepen one ply at a time and
play the move of the last depth that finished.
"""

from __future__ import annotations

from ai.base import Clock, Limits, Player, PlayerInfo, Progress, ProgressCallback
from ai.search.classic import alphabeta_cutoff, course_report
from games.hex import Geometry, HexState

WIN_VALUE = 1000.0


def connection_distance(geo: Geometry, own: int, other: int, side: int) -> int:
    """Empty cells ``side`` still needs to join its edges (own stones free, ``other``'s blocked).

    Bit-parallel 0-1 breadth-first search: ``reach`` holds every cell reachable with at most
    ``d`` new stones; it stops when ``reach`` touches the far edge.  Returns a large number when
    the way is blocked (the opponent has already won).
    """
    first, second = geo.edges[side]
    empty = geo.full & ~(own | other)
    reach = geo.flood(first & own, own)
    for d in range(geo.cells + 1):
        if reach & second:
            return d
        grown = reach | ((geo.neighbour_mask(reach) | first) & empty)
        grown = geo.flood(grown, grown | own)
        if grown == reach:
            return 10 * geo.cells
        reach = grown
    return 10 * geo.cells


def shortest_path_heuristic(state: HexState, player: int) -> float:
    """The repaired notebook heuristic: (opponent's distance - own distance), or +-1000 at the end."""
    if state.is_terminal():
        return WIN_VALUE if state.winner() == player else -WIN_VALUE
    geo = state.game.geo
    own, other = state.boards[player], state.boards[1 - player]
    return float(connection_distance(geo, other, own, 1 - player) - connection_distance(geo, own, other, player))


class NotebookPlayer(Player):
    """The notebook's alpha-beta with the shortest-path heuristic, deepened while time allows."""

    def __init__(self, info: PlayerInfo, max_depth: int = 6) -> None:
        self.info = info
        self.max_depth = max_depth

    def choose(self, state: HexState, limits: Limits | None = None, progress: ProgressCallback | None = None):
        limits = limits or Limits(time=1.0)
        clock = Clock(limits, every=16)
        cap = min(self.max_depth, limits.depth or self.max_depth, len(state.legal_moves()))
        best = state.legal_moves()[0]
        result = Progress(best_move=best, pv=[best], kind="alphabeta")
        nodes = 0
        for depth in range(1, cap + 1):
            move, value, visited = alphabeta_cutoff(state, depth, shortest_path_heuristic, clock)
            nodes += visited
            if clock.expired() and depth > 1:
                break  # this depth did not finish: keep the last one that did
            score, kind = course_report(value, WIN_VALUE, points=1.0, finished=not clock.expired())
            result = Progress(depth=depth, best_move=move, score=score, nodes=nodes,
                              elapsed=clock.elapsed(), pv=[move], kind=kind)
            if progress:
                progress(result)
            if abs(value) >= WIN_VALUE or clock.expired():
                break
        result.done, result.nodes, result.elapsed = True, nodes, clock.elapsed()
        if progress:
            progress(result)
        return result.best_move
