"""A Hex solver: depth-first proof-number search (df-pn) on virtual connections and fill-in.

Each node of the search is expanded by one compiled kernel, ``expand``:
1. fill-in (ai/kernels/hex_inferior.py): dead cells and captured pairs are filled, which keeps
   the value and the winning moves of the position;
2. the side to move has won if its edges are joined by stones, a VC or an SC (it plays the key);
3. it has lost if the opponent's edges are joined by a VC, or by SCs whose carriers have no
   common cell; otherwise it must play in that common cell set, the *mustplay* (any other move
   lets the opponent complete an SC), so only those cells become children.
Virtual connections come from bounded H-search (ai/kernels/hex_vc.py), which finds only true
connections, so every proof is exact.

The search itself is df-pn (Nagai) with the 1 + epsilon threshold trick, in Python: a node's
proof number is the minimum of its children's disproof numbers and its disproof number the sum
of their proof numbers; the table keeps both per position (before fill-in: the board bytes and
the side to move), and the expansions (filled board and children) so nothing is expanded twice.
Hex has no cycles, so the plain algorithm is sound.  The expansions cost far more than the
bookkeeping, which is why the bookkeeping stays readable Python.

Two kinds of knowledge cut the tree (``Solver(informed=True)``, the default; figures in
docs/tuning/hex-knowledge.md, "Solver speed"):
- the children start with the size of the opponent's mustplay after the move as their disproof
  number (``room_after``, from the mover's H-search), and the most forcing come first;
- proof sets: every proven position keeps the cells its proof rests on, and once a move is
  refuted, each sibling move outside its refutation's proof set is lost as well
  (``Solver.prune_siblings``), with no expansion.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import numpy as np

from ai.kernel_compile import mends_the_cache, njit
from ai.kernels.hex import board_colours, neighbours
from ai.kernels.hex_inferior import fill_in, ring
from ai.kernels.hex_vc import (
    L_MAX_SC,
    L_MAX_VC,
    L_STOP_AT_WIN,
    add_cell,
    h_search,
    has_cell,
    has_won,
    limits,
    meets,
    mustplay_and_reasons,
    pair_slot,
    sc_keys,
    size_of,
    words,
)

WIN, LOSS = -1, -2
INF = 1 << 40
EPSILON = 0.25  # the 1 + epsilon trick: a child is searched until it is this much worse than the next
EXPAND_MEMORY = 0.95  # the expected expansion cost fades by this at each expansion or refusal


@njit(cache=True, nogil=True)
def room_after(colour, n, nbrs, side, lim, room, carrier) -> bool:
    """H-search for ``side`` (to move): True if its edges are joined by a VC or an SC (it wins),
    with ``carrier`` set to the cells common to the carriers of all those found.

    Otherwise ``room[cell]`` becomes the size of the opponent's mustplay after ``side`` plays
    ``cell``, as far as this H-search tells: the empty cells common to the carriers of the SCs
    between ``side``'s edges that pass through the new stone (an SC and a VC from the cell to the
    two edges, with disjoint carriers), or every empty cell when there is none.  The smaller the
    room, the more forcing the move; the solver uses it to order and weigh the children.
    """
    ends, end_of, kind, end_cell, vc, vc_n, sc, sc_n, sc_key = h_search(colour, n, nbrs, side, lim)
    edges = pair_slot(0, 1, ends)
    total = n * n
    width = (total + 63) // 64
    if vc_n[edges] > 0 or sc_n[edges] > 0:
        carrier[:] = ~np.uint64(0)
        for k in range(vc_n[edges]):
            carrier &= vc[edges, k]
        for k in range(sc_n[edges]):
            carrier &= sc[edges, k]
        return True
    empty = np.zeros(width, np.uint64)
    empties = 0
    for cell in range(total):
        if colour[cell] == 0:
            add_cell(empty, cell)
            empties += 1
    common = np.zeros(width, np.uint64)
    for cell in range(total):
        if colour[cell] != 0:
            continue
        x = np.int64(end_of[cell])
        to_first = pair_slot(0, x, ends)
        to_second = pair_slot(x, 1, ends)
        common[:] = empty
        found = False
        for first_is_vc in (True, False):
            a_count = vc_n[to_first] if first_is_vc else sc_n[to_first]
            b_count = sc_n[to_second] if first_is_vc else vc_n[to_second]
            for a in range(a_count):
                ca = vc[to_first, a] if first_is_vc else sc[to_first, a]
                for b in range(b_count):
                    cb = sc[to_second, b] if first_is_vc else vc[to_second, b]
                    if meets(ca, cb):
                        continue
                    found = True
                    for w in range(width):
                        common[w] &= ca[w] | cb[w]
        if found:
            room[cell] = max(1, size_of(common) - (1 if has_cell(common, cell) else 0))
        else:
            room[cell] = empties - 1
    return False


@njit(cache=True, nogil=True)
def expand(colour, n, nbrs, rng, side, lim_win, lim_all, order, moves, room, needed) -> int:
    """Fill in ``colour`` (in place) and say what the side to move has: WIN, LOSS, or the number
    of moves worth trying, listed in ``moves`` in the order of ``order`` (cells, centre first),
    with ``room[cell]`` (``room_after``) for each.

    ``needed`` gets this position's own share of its proof set (``Solver.proof``): bit 1 should
    the mover win (the cells its fill-in captured, and when it wins at once the cells common to
    its winning connections), bit 2 should it lose (the cells the opponent's fill-in captured, and
    the carriers its mustplay or its loss rests on, ``hex_vc.mustplay_and_reasons``).  A dead
    cell is never needed: it stays dead whatever is added.
    """
    total = n * n
    marks = np.zeros(total, np.int8)
    fill_in(colour, n, nbrs, rng, 2 - side, marks)  # dead cells get the opponent's colour
    for cell in range(total):
        needed[cell] = (1 if marks[cell] == side + 2 else 0) | (2 if marks[cell] == 3 - side else 0)
    if has_won(colour, n, nbrs, side):
        return WIN
    if has_won(colour, n, nbrs, 1 - side):
        return LOSS
    width = (total + 63) // 64
    cells = np.zeros(width, np.uint64)
    if room_after(colour, n, nbrs, side, lim_win, room, cells):
        for cell in range(total):
            if has_cell(cells, cell):
                needed[cell] |= 1
        return WIN
    reasons = np.zeros(width, np.uint64)
    must = mustplay_and_reasons(colour, n, nbrs, side, lim_all, cells, reasons)
    for cell in range(total):
        if has_cell(reasons, cell):
            needed[cell] |= 2
    if must < 0:
        return LOSS
    count = 0
    for k in range(total):
        cell = np.int64(order[k])
        if colour[cell] != 0:
            continue
        if must == 1 and not has_cell(cells, cell):
            continue
        moves[count] = cell
        count += 1
    if count == 0:
        needed[:] |= 2
        return LOSS
    return count


def solver_limits(n: int) -> tuple[np.ndarray, np.ndarray]:
    """The solver's H-search bounds: for the mover's search (its win, the children's order) the
    ``hex_vc.limits`` of the size; for the opponent's (the mustplay) at most 4 VCs and 8 SCs a pair.

    The mustplay's search is the costlier one; with fewer SCs the mustplay is larger, but the
    proof sets cut many of the extra children, while the mover's search decides wins at once:
    on 7x7 a1 this split took 32.7 s of CPU where 24/8/16/4 for both took 40.1 s
    (docs/tuning/hex-knowledge.md, "Solver speed")."""
    mover = limits(n)
    return mover, limits(n, max_vc=min(4, int(mover[L_MAX_VC])), max_sc=min(8, int(mover[L_MAX_SC])))


def centre_order(n: int) -> np.ndarray:
    """Cells from the centre outwards (in small Hex the strong moves are central)."""
    c = (n - 1) / 2
    cells = sorted(range(n * n), key=lambda i: (abs(i // n - c) + abs(i % n - c) + abs(i // n + i % n - 2 * c), i))
    return np.array(cells, np.int32)


class OutOfTime(Exception):
    """The solver passed its deadline before settling the position."""


class Solver:
    """df-pn for one board size; the tables last between calls (later positions repeat earlier
    subtrees).  ``lim`` bounds the H-search (``hex_vc.limits``), by default ``solver_limits``;
    ``informed=False`` is the plain df-pn (children start at 1, 1, centre first, no proof sets),
    kept to check the other against.

    An expansion is one compiled kernel call and cannot be cut short, so the deadline is kept by
    not starting one that would end after it: the solver raises OutOfTime when the time left is
    less than the longest expansion it has timed lately, or as soon as ``stop()`` (a player's stop flag)
    says so.  A move's budget is then overrun by at most one expansion's misjudged cost.
    """

    def __init__(self, n: int, lim: np.ndarray | None = None, informed: bool = True) -> None:
        self.n = n
        self.nbrs = neighbours(n)
        self.ring = ring(n)
        self.lim_win, self.lim_all = solver_limits(n) if lim is None else (lim.copy(), lim)
        self.lim_win[L_STOP_AT_WIN] = 1
        self.order = centre_order(n)
        self.informed = informed
        self.table: dict[bytes, tuple[int, int]] = {}
        # per expanded position: status, children (move, key, board, starting pn and dn), and its
        # own share of a proof set should the mover win and should it lose (``expand``)
        self.expanded: dict[bytes, tuple[int, list[tuple[int, bytes, np.ndarray, tuple[int, int]]], list[int]]] = {}
        self.nodes = 0
        self.pruned = 0  # sibling moves proven lost by ``prune_siblings``
        self.deadline = float("inf")
        self.stop: Callable[[], bool] | None = None  # polled before every expansion
        self.expand_seconds = 0.0  # about the longest expansion lately (a maximum that fades)
        self._moves = np.empty(n * n, np.int32)
        self._room = np.ones(n * n, np.int64)
        self._needed = np.zeros(n * n, np.int8)
        # proven position -> its proof set, a bit mask of cells: stones of the losing side on any
        # empty cells outside it leave the result as it is (the fill-in stays valid, since dead
        # and captured cells stay so as stones are added, and so do the connections and the
        # moves the proof rests on; see ``expand`` and ``_prove``)
        self.proof: dict[bytes, int] = {}
        assert words(n) > 0

    # -- positions ---------------------------------------------------------------------------
    @staticmethod
    def key(colour: np.ndarray, side: int) -> bytes:
        return colour.tobytes() + bytes((side,))

    def _expand(self, colour: np.ndarray, side: int, key: bytes) -> tuple[int, list, np.ndarray]:
        known = self.expanded.get(key)
        if known is not None:
            return known
        self._check_time(1)
        filled = colour.copy()
        began = time.perf_counter()
        status = expand(filled, self.n, self.nbrs, self.ring, side, self.lim_win, self.lim_all, self.order,
                        self._moves, self._room, self._needed)
        self.expand_seconds = max(EXPAND_MEMORY * self.expand_seconds, time.perf_counter() - began)
        self.nodes += 1
        children = []
        if status > 0:
            moves = [int(move) for move in self._moves[:status]]
            if self.informed:  # the most forcing moves first (a stable sort: centre first among equals)
                moves.sort(key=lambda move: self._room[move])
            for move in moves:
                child = filled.copy()
                child[move] = side + 1
                start = (1, int(self._room[move])) if self.informed else (1, 1)
                children.append((move, self.key(child, 1 - side), child, start))
        own = [bits(self._needed & 1), bits(self._needed & 2)]  # its share should it win, should it lose
        result = (status, children, own)
        self.expanded[key] = result
        if status == WIN:
            self.proof[key] = own[0]
        elif status == LOSS:
            self.proof[key] = own[1]
        return result

    def _check_time(self, expansions: int) -> None:
        """Raise OutOfTime if ``expansions`` more would not end by the deadline, or if stopped."""
        if self.stop is not None and self.stop():
            raise OutOfTime
        if time.perf_counter() + expansions * self.expand_seconds > self.deadline:
            self.expand_seconds *= EXPAND_MEMORY  # so that one slow expansion does not shut the solver for good
            raise OutOfTime

    # -- df-pn -------------------------------------------------------------------------------
    def _mid(self, colour: np.ndarray, side: int, key: bytes, pn_limit: int, dn_limit: int) -> None:
        status, children, own = self._expand(colour, side, key)
        if status == WIN:
            self.table[key] = (0, INF)
            return
        if status == LOSS:
            self.table[key] = (INF, 0)
            return
        table = self.table
        while True:
            best = -1
            best_dn = second_dn = INF
            best_pn = 0
            dn = 0
            for i, (_, child_key, _, start) in enumerate(children):
                c_pn, c_dn = table.get(child_key, start)
                dn += c_pn
                if c_dn < best_dn:
                    second_dn, best_dn, best, best_pn = best_dn, c_dn, i, c_pn
                elif c_dn < second_dn:
                    second_dn = c_dn
            pn = best_dn
            dn = min(dn, INF)
            table[key] = (pn, dn)
            if pn == 0 or dn == 0:
                self._prove(key, children, own, pn == 0)
            if pn >= pn_limit or dn >= dn_limit:
                return
            _, child_key, child, _ = children[best]
            child_dn_limit = min(pn_limit, int(second_dn * (1 + EPSILON)) + 1 if second_dn < INF else INF)
            child_pn_limit = min(INF, dn_limit - dn + best_pn)
            self._mid(child, 1 - side, child_key, child_pn_limit, child_dn_limit)
            if self.informed and table[child_key][0] == 0:
                self.prune_siblings(children, children[best][0], child_key)

    def _prove(self, key: bytes, children: list, own: list[int], won: bool) -> None:
        """Record the proof set of a position just proven from its children, if they all have one.

        Won: the winning move, its child's proof set and the mover's captures; a stone of the
        opponent elsewhere leaves the fill-in, the move and the child's loss as they are.  Lost:
        every child's proof set, and the carriers of the opponent's connections that made the
        mustplay (a stone of the mover elsewhere leaves them, so the moves outside it still lose).
        """
        if not self.informed:
            return
        proof = self.proof
        if won:
            for move, child_key, _, _ in children:
                if self.table.get(child_key, (1, 1))[1] == 0 and child_key in proof:
                    proof[key] = own[0] | 1 << move | proof[child_key]
                    return
            return
        needed = own[1]
        for _, child_key, _, _ in children:
            if child_key not in proof:
                return
            needed |= proof[child_key]
        proof[key] = needed

    def prune_siblings(self, children: list, move: int, lost: bytes) -> None:
        """Mark lost every sibling of our ``move`` outside the proof set of its refutation.

        The opponent wins the child ``lost`` (F + c: the filled parent and our stone on c), and
        still does with our stone on any cell c' outside the child's proof set (``proof``): F + c
        + c' is lost, so F + c', with one stone of ours fewer, is lost too, and its proof set is
        the child's with c added.
        """
        needed = self.proof.get(lost)
        if needed is None:
            return
        table = self.table
        for other, key, _, _ in children:
            if not needed >> other & 1 and 0 not in table.get(key, (1, 1)):
                self.pruned += 1
                table[key] = (0, INF)
                self.proof[key] = needed | 1 << move

    def wins(self, colour: np.ndarray, side: int, deadline: float = float("inf"),
             stop: Callable[[], bool] | None = None) -> bool:
        """Does ``side`` to move on ``colour`` win?  Raises OutOfTime rather than pass ``deadline``,
        or once ``stop()`` is true."""
        self.deadline = deadline
        self.stop = stop
        key = self.key(colour, side)
        while True:
            pn, dn = self.table.get(key, (1, 1))
            if pn == 0:
                return True
            if dn == 0:
                return False
            self._mid(colour, side, key, INF, INF)

    def winning_move(self, colour: np.ndarray, side: int, deadline: float = float("inf"),
                     stop: Callable[[], bool] | None = None) -> int | None:
        """One empty cell that wins for ``side`` to move, or None if it loses; OutOfTime if slow.

        Cheaper than ``winning_moves``: the proof already names the move (a child proven lost
        for the opponent), or, when the connections proved the win at once, the key of an SC."""
        if not self.wins(colour, side, deadline, stop):
            return None
        status, children, _ = self._expand(colour, side, self.key(colour, side))
        for move, child_key, _, _ in children:
            if self.table.get(child_key, (1, 1))[1] == 0:
                return move
        self._check_time(2)  # the expansion again and one H-search for the keys
        filled = colour.copy()
        expand(filled, self.n, self.nbrs, self.ring, side, self.lim_win, self.lim_all, self.order, self._moves,
               self._room, self._needed)
        keys = np.empty(self.n * self.n, np.int32)
        count = sc_keys(filled, self.n, self.nbrs, side, self.lim_all, keys)
        candidates = [int(c) for c in keys[:count]] + [int(c) for c in self.order]
        for move in candidates:
            if colour[move] != 0:
                continue
            child = colour.copy()
            child[move] = side + 1
            if not self.wins(child, 1 - side, deadline, stop):
                return move
        return None

    def winning_moves(self, colour: np.ndarray, side: int, deadline: float = float("inf"),
                      stop: Callable[[], bool] | None = None) -> list[int]:
        """Every empty cell that wins for ``side`` to move (none if it loses); OutOfTime if slow."""
        if not self.wins(colour, side, deadline, stop):
            return []
        found = []
        for move in self.order:
            if colour[move] != 0:
                continue
            child = colour.copy()
            child[move] = side + 1
            if not self.wins(child, 1 - side, deadline, stop):
                found.append(int(move))
        return found


def bits(mask: np.ndarray) -> int:
    """The cells where ``mask`` is non-zero, as the bits of an int."""
    return int.from_bytes(np.packbits(mask != 0, bitorder="little").tobytes(), "little")


def opening_map(n: int, seconds: float = float("inf"), solver: Solver | None = None,
                known: dict[int, bool] | None = None,
                on_cell: Callable[[int, bool], None] | None = None) -> dict[int, bool]:
    """Cell -> does Blue win opening there (no swap)?  Uses the half-turn symmetry of the board.
    ``known`` cells (a checkpoint of an earlier run) are taken as they are; ``on_cell`` hears each
    newly solved cell.  Raises OutOfTime if the whole map takes longer than ``seconds``."""
    solver = solver or Solver(n)
    deadline = time.perf_counter() + seconds
    result: dict[int, bool] = dict(known or {})
    empty = board_colours(n, 0, 0)
    for cell in range(n * n):
        twin = n * n - 1 - cell
        if cell in result:
            continue
        if twin in result:
            result[cell] = result[twin]
            continue
        colour = empty.copy()
        colour[cell] = 1
        result[cell] = not solver.wins(colour, 1, deadline)
        if on_cell is not None:
            on_cell(cell, result[cell])
    return result


@mends_the_cache
def warm_up() -> None:
    """Compile (or load from the cache) the solver's kernel on a 3x3 board."""
    Solver(3).wins(board_colours(3, 1 << 4, 0), 1)
