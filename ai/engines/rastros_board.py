"""Rastros bitboard geometry: the masks the kernels' board tables are built from (ai/kernels/rastros.py)
and that the pure-Python reference solver and search use directly.

A position for the engine is ``(piece, region, side)``: the piece's square, the free squares the
piece can still reach (flood fill through free squares; everything else can never matter), and
the side to move (0 South, 1 North).  Goal squares are never visited (entering one ends the
game), so a goal "is reachable" exactly when it lies in the region.

The known fact that drives everything here: a player never steps next to the opponent's goal
(nor onto it) unless forced, because the opponent would step in and win.  So for the side to
move those squares are *forbidden*: a move there loses at once, and a side whose only moves are
forbidden has lost.  What remains is a partisan vertex geography.
"""

from __future__ import annotations

from functools import lru_cache

from games.rastros import bits, neighbour_masks


class Geometry:
    """Masks for one board size."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.full = (1 << n * n) - 1
        self.nbr = neighbour_masks(n)
        self.goal = (n * (n - 1), n - 1)  # South's goal n-1, North's goal 1-n
        self.goal_bit = tuple(1 << g for g in self.goal)
        # forbid[side]: squares that lose at once for ``side`` (the opponent's goal and its neighbours)
        self.forbid = tuple(self.nbr[self.goal[1 - s]] | self.goal_bit[1 - s] for s in (0, 1))
        col0 = sum(1 << (r * n) for r in range(n))
        self.not_first_col = self.full & ~col0
        self.not_last_col = self.full & ~(col0 << (n - 1))
        # distances (king moves) from each goal, for cheap ordering
        self.king_dist = tuple(
            tuple(max(abs(i // n - g // n), abs(i % n - g % n)) for i in range(n * n)) for g in self.goal
        )

    def dilate(self, b: int) -> int:
        """``b`` plus every square a king move away from it."""
        n = self.n
        x = b | (b << 1 & self.not_first_col) | (b >> 1 & self.not_last_col)
        return (x | x << n | x >> n) & self.full

    def replies(self, safe: int, region: int, side: int) -> tuple[int | None, list[tuple[int, int, int]]]:
        """The moves in ``safe`` for ``side``, seen from the opponent's reply.

        Returns (a move that leaves the opponent no safe reply -- it wins at once -- or None;
        otherwise every move as (number of opponent replies, move, region left after it)).
        Replies next to ``side``'s goal are not counted: the opponent never steps there unless forced.
        """
        forbid_them = self.forbid[1 - side]
        children = []
        for q in bits(safe):
            rest = region & ~(1 << q)
            reply = self.nbr[q] & rest & ~forbid_them
            if not reply:
                return q, []
            children.append((reply.bit_count(), q, rest))
        return None, children

    def cornered_plies(self, moves: int, side: int) -> int:
        """``side`` to move has ``moves``, none of them safe: plies to its loss, played as long as
        it can (2 by a step next to the opponent's goal, the opponent stepping in; 1 into it)."""
        return 2 if moves & ~self.goal_bit[1 - side] else 1

    def cornering_plies(self, region: int, side: int, safe: int) -> int:
        """Plies to the shortest win among the ``safe`` moves that leave the opponent no safe
        reply: 1 if the opponent is left no move at all, else its cornered loss plus this move."""
        forbid_them, best = self.forbid[1 - side], 4
        for q in bits(safe):
            replies = self.nbr[q] & region & ~(1 << q)
            if not replies & ~forbid_them:
                best = min(best, 1 + self.cornered_plies(replies, 1 - side) if replies else 1)
        return best

    def flood(self, piece: int, free: int) -> int:
        """The free squares reachable from ``piece`` by king moves through free squares."""
        reach = self.nbr[piece] & free
        while True:
            grown = self.dilate(reach) & free
            if grown == reach:
                return reach
            reach = grown

    def distances(self, start_mask: int, passable: int, target: int, limit: int = 99) -> int:
        """King-move distance from ``start_mask`` to square ``target`` through ``passable``; 99 if none."""
        t = 1 << target
        frontier, seen, d = start_mask, start_mask, 0
        while frontier and d < limit:
            if frontier & t:
                return d
            d += 1
            frontier = self.dilate(frontier) & passable & ~seen
            seen |= frontier
        return 99


@lru_cache(maxsize=8)
def geometry(n: int) -> Geometry:
    return Geometry(n)


__all__ = ["Geometry", "bits", "geometry"]
