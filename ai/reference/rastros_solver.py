"""The pure-Python exact Rastros solver that ai/kernels/rastros.py replaced (bench, tests).

Who wins from ``(piece, region, side)``, and in how many plies.

Why it is fast enough to take over long before the end:
- The key is the piece and the *reachable* free region only (squares cut off never matter), so
  many move orders and many different trails share one entry.
- A move onto or next to the opponent's goal loses at once (the opponent steps in): such moves
  are never searched; a side left with only those moves has lost.  A move after which the
  opponent has no such "safe" move wins at once (he is blocked or must step next to our goal).
- Once neither goal is reachable the game is undirected vertex geography (the player who cannot
  move loses), decided without search: the player to move wins exactly when the piece's square is
  in every maximum matching of the graph of the free region plus that square (Fraenkel,
  Scheinerman and Ullman, 1993).  That is tested with one matching of the region and one
  augmenting-path search from the piece (Edmonds' blossom algorithm).
- Moves that leave the opponent the fewest safe replies are tried first.

``solve`` answers win/loss; ``plies`` then computes the exact length of the game under perfect
play (the winner hurries, the loser delays) for the panel's "South wins in 7".
"""

from __future__ import annotations

from ai.engines.rastros_board import Geometry, bits


class OutOfBudget(Exception):
    """The solver ran out of its time or node budget (its tables stay valid)."""


# -- undirected vertex geography --------------------------------------------------------------
def _augmenting_path(root: int, adj: list[list[int]], match: list[int]) -> bool:
    """Edmonds' search for an augmenting path from exposed vertex ``root``; applies it if found."""
    k = len(adj)
    parent = [-1] * k
    base = list(range(k))
    used = [False] * k
    used[root] = True
    queue = [root]

    def lca(a: int, b: int) -> int:
        seen = [False] * k
        while True:
            a = base[a]
            seen[a] = True
            if match[a] == -1:
                break
            a = parent[match[a]]
        while True:
            b = base[b]
            if seen[b]:
                return b
            b = parent[match[b]]

    def mark(v: int, b: int, child: int, blossom: list[bool]) -> None:
        while base[v] != b:
            blossom[base[v]] = blossom[base[match[v]]] = True
            parent[v] = child
            child = match[v]
            v = parent[match[v]]

    head = 0
    while head < len(queue):
        v = queue[head]
        head += 1
        for to in adj[v]:
            if base[v] == base[to] or match[v] == to:
                continue
            if to == root or (match[to] != -1 and parent[match[to]] != -1):
                cur = lca(v, to)
                blossom = [False] * k
                mark(v, cur, to, blossom)
                mark(to, cur, v, blossom)
                for i in range(k):
                    if blossom[base[i]]:
                        base[i] = cur
                        if not used[i]:
                            used[i] = True
                            queue.append(i)
            elif parent[to] == -1:
                parent[to] = v
                if match[to] == -1:
                    while to != -1:  # flip the path
                        pv = parent[to]
                        nxt = match[pv]
                        match[to], match[pv] = pv, to
                        to = nxt
                    return True
                used[match[to]] = True
                queue.append(match[to])
    return False


def geography_mover_wins(geo: Geometry, piece: int, region: int) -> bool:
    """Undirected vertex geography from ``piece`` over ``region``: does the player to move win?

    True exactly when ``piece`` is in every maximum matching of region + piece, i.e. when a
    maximum matching of the region alone has an augmenting path from the piece.
    """
    squares = bits(region) + [piece]
    index = {sq: i for i, sq in enumerate(squares)}
    adj = [[index[t] for t in bits(geo.nbr[sq] & (region | 1 << piece))] for sq in squares]
    k = len(squares)
    root = k - 1
    match = [-1] * k
    region_adj = [[t for t in a if t != root] for a in adj]
    for v in range(k - 1):  # greedy start, then augment: a maximum matching of the region
        if match[v] == -1:
            for t in region_adj[v]:
                if match[t] == -1:
                    match[v], match[t] = t, v
                    break
    for v in range(k - 1):
        if match[v] == -1:
            _augmenting_path(v, region_adj, match)
    return _augmenting_path(root, adj, match)


# -- the solver -------------------------------------------------------------------------------
class Solver:
    """Win/loss (and game length) of Rastros positions; tables are kept between calls."""

    def __init__(self, geo: Geometry, table_limit: int = 1_000_000) -> None:
        self.geo = geo
        self.table: dict[tuple[int, int, int], bool] = {}
        self.lengths: dict[tuple[int, int, int], int] = {}
        self.table_limit = table_limit
        self.nodes = 0
        self.budget = 0  # node budget for the current call (0: none)
        self.check = None  # optional callable -> bool: True to stop (time, stop flag)

    # -- win / loss -------------------------------------------------------------------------
    def solve(self, piece: int, region: int, side: int, budget: int = 0, check=None) -> bool:
        """True when the side to move wins.  ``region`` = flood(piece, free).  Raises OutOfBudget."""
        if len(self.table) > self.table_limit:
            self.table.clear()
            self.lengths.clear()
        self.budget = self.nodes + budget if budget else 0
        self.check = check
        return self._win(piece, region, side)

    def safe_moves(self, piece: int, region: int, side: int) -> int:
        """Moves that do not lose at once (not onto or next to the opponent's goal)."""
        return self.geo.nbr[piece] & region & ~self.geo.forbid[side]

    def _win(self, piece: int, region: int, side: int) -> bool:
        geo = self.geo
        nbr = geo.nbr
        moves = nbr[piece] & region
        if moves & geo.goal_bit[side]:
            return True
        safe = moves & ~geo.forbid[side]
        if not safe:
            return False
        key = (piece, region, side)
        known = self.table.get(key)
        if known is not None:
            return known
        self.nodes += 1
        if self.nodes & 1023 == 0 and (
            (self.budget and self.nodes > self.budget) or (self.check is not None and self.check())
        ):
            raise OutOfBudget
        if not region & (geo.goal_bit[0] | geo.goal_bit[1]):
            result = geography_mover_wins(geo, piece, region)
            self.table[key] = result
            return result
        result = self._first_win(piece, region, side, safe) is not None
        self.table[key] = result
        return result

    def _first_win(self, piece: int, region: int, side: int, safe: int) -> int | None:
        """The first winning move among ``safe`` in the solver's order, or None."""
        geo = self.geo
        blocking, children = geo.replies(safe, region, side)
        if blocking is not None:
            return blocking
        dist = geo.king_dist[side]
        children.sort(key=lambda c: (c[0], dist[c[1]], c[1]))
        for _, q, rest in children:
            if not self._win(q, geo.flood(q, rest), 1 - side):
                return q
        return None

    def best_win(self, piece: int, region: int, side: int, check=None) -> tuple[int, int | None]:
        """A winning move of a won position and the game's length after it.

        The move is the shortest win when the lengths can be computed before ``check`` says stop;
        otherwise the solver's first winning move and None.  Call after ``solve`` returned True.
        """
        geo = self.geo
        if geo.nbr[piece] & geo.goal_bit[side]:
            return geo.goal[side], 1
        self.check, self.budget = check, 0
        first = self._first_win(piece, region, side, self.safe_moves(piece, region, side))
        if first is None:
            raise ValueError("best_win called on a lost position")
        best, best_len = first, None
        try:
            for q in self.winning_moves(piece, region, side):
                win, length = self._child(q, region, side)
                if win and (best_len is None or length < best_len):
                    best, best_len = q, length
        except OutOfBudget:
            return first, None
        return best, best_len

    def longest_loss(self, piece: int, region: int, side: int, check=None) -> tuple[int, int]:
        """In a lost position, the move that makes the game last longest, and that length: the
        opponent gets the most chances to go wrong.  Raises OutOfBudget."""
        self.check, self.budget = check, 0
        best, best_len = None, -1
        for q in bits(self.geo.nbr[piece] & region):
            _, length = self._child(q, region, side)
            if length > best_len:
                best, best_len = q, length
        return best, best_len

    def winning_moves(self, piece: int, region: int, side: int) -> list[int]:
        """Every move that wins (the goal itself, blocking moves, moves to lost positions)."""
        geo = self.geo
        wins = []
        for q in bits(geo.nbr[piece] & region):
            if q == geo.goal[side]:
                wins.append(q)
                continue
            if geo.forbid[side] >> q & 1:
                continue
            rest = region & ~(1 << q)
            if not geo.nbr[q] & rest & ~geo.forbid[1 - side] or not self._win(q, geo.flood(q, rest), 1 - side):
                wins.append(q)
        return wins

    # -- game length ------------------------------------------------------------------------
    def plies(self, piece: int, region: int, side: int, budget: int = 0, check=None) -> int:
        """Plies to the end under perfect play: the winner takes the shortest win, the loser the
        longest loss (exact rules, no shortcuts).  Raises OutOfBudget."""
        self.budget = self.nodes + budget if budget else 0
        self.check = check
        return self._length(piece, region, side)[1]

    def _child(self, q: int, region: int, side: int) -> tuple[bool, int]:
        """(mover wins, plies) of the move to ``q`` from a position with ``region``."""
        geo = self.geo
        if q == geo.goal[side]:
            return True, 1
        if q == geo.goal[1 - side]:
            return False, 1
        rest = region & ~(1 << q)
        if not geo.nbr[q] & rest:
            return True, 1
        win, length = self._length(q, geo.flood(q, rest), 1 - side)
        return not win, length + 1

    def _length(self, piece: int, region: int, side: int) -> tuple[bool, int]:
        key = (piece, region, side)
        known = self.lengths.get(key)
        if known is not None:
            return known >= 0, abs(known) - 1
        self.nodes += 1
        if self.nodes & 1023 == 0 and (
            (self.budget and self.nodes > self.budget) or (self.check is not None and self.check())
        ):
            raise OutOfBudget
        win = self._win(piece, region, side)
        best = None
        for q in bits(self.geo.nbr[piece] & region):
            if win:
                if q not in (self.geo.goal[side],) and not self._is_winning_move(q, region, side):
                    continue
                _, length = self._child(q, region, side)
                best = length if best is None else min(best, length)
            else:
                _, length = self._child(q, region, side)
                best = length if best is None else max(best, length)
        self.lengths[key] = (best + 1) if win else -(best + 1)
        return win, best

    def _is_winning_move(self, q: int, region: int, side: int) -> bool:
        geo = self.geo
        if q == geo.goal[side]:
            return True
        if geo.forbid[side] >> q & 1:
            return False
        rest = region & ~(1 << q)
        return not geo.nbr[q] & rest & ~geo.forbid[1 - side] or not self._win(q, geo.flood(q, rest), 1 - side)
