"""Hex virtual connections: Anshelevich's H-search over bitset carriers, compiled by numba.

A virtual connection (VC) between two ends x and y of one colour is a set of empty cells, its
carrier, inside which that colour joins x to y even if the opponent moves first; a semi-connection
(SC) joins them only if its owner moves first, at its key cell.  Ends are the colour's chains of
stones, its two edges (virtual stones: a chain touching an edge is part of that edge) and empty
cells (meaning "once a stone of this colour stands here").

H-search builds them bottom up from adjacency (a VC with an empty carrier):
- AND rule: VC(x, z) and VC(z, y) with disjoint carriers, neither holding the other end, give
  VC(x, y) with the union of the carriers when z is a chain, SC(x, y) with z added (its key)
  when z is an empty cell;
- OR rule: SCs of one pair whose carriers have no common cell give a VC with the union (the
  opponent's one move cannot break them all).
Carriers are capped in size (``max_carrier``) and each pair keeps at most a few VCs and SCs,
the smallest first; the OR rule tries unions of up to ``max_or`` SCs.  Each round combines only
pairs of connections of which at least one is new since the round before, until nothing new
appears (or ``max_rounds``).  Bounded H-search finds fewer connections than exist, never a false
one, so every VC found is a proof a solver may use.

Bitsets: a carrier is ``words(n)`` uint64 words, bit ``cell`` of the row-major cell index (two
words up to 11x11, six on 19x19).  Ends are numbered densely (0 and 1: the colour's two edges,
then chains, then empty cells) and every pair of ends has a fixed slot in dense arrays, so memory
grows with the square of the end count; ``limits(n)`` keeps it to a few tens of MB on 19x19.
"""

from __future__ import annotations

import numpy as np

from ai.imports import import_engine
from ai.kernel_compile import mends_the_cache, njit
from ai.kernels.hex import connects

EMPTY = 0
# end kinds
K_EDGE, K_CHAIN, K_CELL = 0, 1, 2
# limits (an int64 array, see ``limits``)
L_MAX_CARRIER, L_MAX_VC, L_MAX_SC, L_MAX_OR, L_MAX_ROUNDS, L_STOP_AT_WIN = 0, 1, 2, 3, 4, 5


def words(n: int) -> int:
    """uint64 words of one carrier on an n x n board."""
    return (n * n + 63) // 64


def limits(n: int, *, max_carrier: int | None = None, max_vc: int | None = None, max_sc: int | None = None,
           max_or: int | None = None, max_rounds: int = 30, stop_at_win: bool = False) -> np.ndarray:
    """H-search bounds for an n x n board: carrier size, VCs and SCs kept per pair, OR depth,
    rounds, and whether to stop as soon as the two edges are joined (enough for a solver).

    Up to 9x9 the bounds reach the fourth-row edge template (a carrier of 19 cells); up to 13x13
    they are smaller, beyond that smaller still, so that one H-search stays well under a second
    (figures in docs/tuning/hex-knowledge.md).
    """
    small, middle = n <= 9, n <= 13
    if max_carrier is None:
        max_carrier = 24 if small else 18 if middle else 12
    if max_vc is None:
        max_vc = 8 if small else 4
    if max_sc is None:
        max_sc = 16 if small else 8
    if max_or is None:
        max_or = 4 if small else 3
    return np.array([max_carrier, max_vc, max_sc, max_or, max_rounds, int(stop_at_win)], np.int64)


# -- bitsets -------------------------------------------------------------------------------------
@njit(cache=True, nogil=True)
def popcount(x) -> int:
    """Set bits of one uint64 word."""
    x = x - ((x >> np.uint64(1)) & np.uint64(0x5555555555555555))
    x = (x & np.uint64(0x3333333333333333)) + ((x >> np.uint64(2)) & np.uint64(0x3333333333333333))
    x = (x + (x >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
    return int((x * np.uint64(0x0101010101010101)) >> np.uint64(56))


@njit(cache=True, nogil=True)
def size_of(bits) -> int:
    total = 0
    for w in range(bits.shape[0]):
        total += popcount(bits[w])
    return total


@njit(cache=True, nogil=True)
def is_subset(a, b) -> bool:
    """Every cell of ``a`` is in ``b``."""
    for w in range(a.shape[0]):  # noqa: SIM110  (numba compiles no generator expressions)
        if a[w] & ~b[w]:
            return False
    return True


@njit(cache=True, nogil=True)
def meets(a, b) -> bool:
    """``a`` and ``b`` share a cell."""
    for w in range(a.shape[0]):  # noqa: SIM110
        if a[w] & b[w]:
            return True
    return False


@njit(cache=True, nogil=True)
def has_cell(bits, cell) -> bool:
    return (bits[cell >> 6] >> np.uint64(cell & 63)) & np.uint64(1) != 0


@njit(cache=True, nogil=True)
def add_cell(bits, cell) -> None:
    bits[cell >> 6] |= np.uint64(1) << np.uint64(cell & 63)


@njit(cache=True, nogil=True)
def is_empty_set(bits) -> bool:
    for w in range(bits.shape[0]):  # noqa: SIM110
        if bits[w]:
            return False
    return True


# -- the ends ------------------------------------------------------------------------------------
@njit(cache=True, nogil=True)
def on_edge(n, side, far, cell) -> bool:
    """Does ``cell`` touch ``side``'s edge ``far`` (0: left or top, 1: right or bottom)?"""
    r = cell // n
    c = cell % n
    line = c if side == 0 else r
    return line == (n - 1 if far else 0)


@njit(cache=True, nogil=True)
def find_ends(colour, n, nbrs, side, end_of, kind, end_cell) -> int:
    """Number the ends of ``side``: edges 0 and 1, then its chains, then the empty cells.

    ``end_of[cell]`` is the end a cell belongs to (-1 for the opponent's stones), ``kind[e]`` and
    ``end_cell[e]`` (a cell of the end, -1 for an edge) describe each end; returns the count.
    A chain touching an edge belongs to that edge (if it touches both, both edges are one end:
    the side has won, and ``end_of`` then maps everything of the chain to edge 0).
    """
    total = n * n
    own = side + 1
    end_of[:] = -1
    kind[0] = K_EDGE
    kind[1] = K_EDGE
    end_cell[0] = -1
    end_cell[1] = -1
    count = 2
    queue = np.empty(total, np.int64)
    for start in range(total):
        if colour[start] != own or end_of[start] >= 0:
            continue
        end_of[start] = count
        queue[0] = start
        size = 1
        done = 0
        touch0 = False
        touch1 = False
        while done < size:
            cell = queue[done]
            done += 1
            touch0 = touch0 or on_edge(n, side, 0, cell)
            touch1 = touch1 or on_edge(n, side, 1, cell)
            for j in range(6):
                nb = nbrs[cell, j]
                if nb < 0:
                    break
                if colour[nb] == own and end_of[nb] < 0:
                    end_of[nb] = count
                    queue[size] = nb
                    size += 1
        if touch0 or touch1:
            target = 0 if touch0 else 1
            for k in range(size):
                end_of[queue[k]] = target
        else:
            kind[count] = K_CHAIN
            end_cell[count] = start
            count += 1
    for cell in range(total):
        if colour[cell] == EMPTY:
            end_of[cell] = count
            kind[count] = K_CELL
            end_cell[count] = cell
            count += 1
    return count


@njit(cache=True, nogil=True)
def has_won(colour, n, nbrs, side) -> bool:
    """Has ``side`` joined its edges with stones?  (The search kernel's flood fill, on arrays of its own.)"""
    total = n * n
    return connects(colour, n, nbrs, side, np.zeros(total, np.uint8), np.empty(total, np.int32))


# -- the connection store ------------------------------------------------------------------------
@njit(cache=True, nogil=True)
def pair_slot(x, y, ends) -> int:
    if x < y:
        return x * ends + y
    return y * ends + x


@njit(cache=True, nogil=True)
def store(sets, counts, gens, slot, bits, gen, cap) -> int:
    """Keep ``bits`` among the carriers of ``slot`` unless one of them is a subset of it.

    A kept carrier replaces one that contains it, or fills a free place, or replaces the largest
    when that is larger; returns the index it went to, or -1 if it was not kept.
    """
    count = counts[slot]
    for k in range(count):
        if is_subset(sets[slot, k], bits):
            return -1
    size = size_of(bits)
    place = -1
    for k in range(count):
        if is_subset(bits, sets[slot, k]):
            place = k
            break
    if place < 0:
        if count < cap:
            place = count
            counts[slot] = count + 1
        else:
            largest = -1
            for k in range(count):
                s = size_of(sets[slot, k])
                if s > size and (largest < 0 or s > size_of(sets[slot, largest])):
                    largest = k
            if largest < 0:
                return -1
            place = largest
    sets[slot, place, :] = bits
    gens[slot, place] = gen
    return place


@njit(cache=True, nogil=True)
def or_rule(vc, vc_n, vc_gen, sc, sc_n, slot, new, gen, lim, stack_i, stack_u, stack_j, rest) -> bool:
    """Unions of the new SC ``new`` of ``slot`` with up to ``max_or - 1`` others whose carriers
    have no common cell become VCs; returns True if one was kept.

    ``rest[j]`` (scratch) is the intersection of the carriers of SCs j, j + 1, ...: a branch whose
    common cells meet it cannot be emptied by any of those SCs, so it is not explored (the VCs
    found are the same, sooner)."""
    found = False
    max_or = lim[L_MAX_OR]
    max_carrier = lim[L_MAX_CARRIER]
    count = sc_n[slot]
    rest[count, :] = ~np.uint64(0)
    for j in range(count - 1, -1, -1):
        rest[j, :] = rest[j + 1] & sc[slot, j]
    if meets(sc[slot, new], rest[0]):
        return False
    stack_i[0, :] = sc[slot, new]
    stack_u[0, :] = sc[slot, new]
    stack_j[0] = 0
    depth = 0
    while depth >= 0:
        j = stack_j[depth]
        if j >= count or meets(stack_i[depth], rest[j]):
            depth -= 1
            continue
        stack_j[depth] = j + 1
        if j == new:
            continue
        other = sc[slot, j]
        shrinks = False
        empty = True
        for w in range(other.shape[0]):
            inter = stack_i[depth, w] & other[w]
            if inter != stack_i[depth, w]:
                shrinks = True
            if inter:
                empty = False
        if not shrinks:
            continue
        size = 0
        for w in range(other.shape[0]):
            size += popcount(stack_u[depth, w] | other[w])
        if size > max_carrier:
            continue
        if empty:
            union = stack_u[depth] | other
            if store(vc, vc_n, vc_gen, slot, union, gen, lim[L_MAX_VC]) >= 0:
                found = True
            continue
        if depth + 3 <= max_or:  # the level below holds depth + 2 SCs, one more may join
            stack_i[depth + 1, :] = stack_i[depth] & other
            stack_u[depth + 1, :] = stack_u[depth] | other
            stack_j[depth + 1] = j + 1
            depth += 1
    return found


@njit(cache=True, nogil=True)
def new_store(total, width, lim):
    """Empty connection arrays for ``total + 2`` ends (the two edges and ``total`` others): (vc,
    vc_n, vc_gen, newest, sc, sc_n, sc_gen, sc_key)."""
    slots = (total + 2) * (total + 2)
    vc = np.zeros((slots, lim[L_MAX_VC], width), np.uint64)
    vc_n = np.zeros(slots, np.int32)
    vc_gen = np.zeros((slots, lim[L_MAX_VC]), np.int32)
    newest = np.full(slots, -1, np.int32)  # the round of each pair's newest connection
    sc = np.zeros((slots, lim[L_MAX_SC], width), np.uint64)
    sc_n = np.zeros(slots, np.int32)
    sc_gen = np.zeros((slots, lim[L_MAX_SC]), np.int32)
    sc_key = np.full((slots, lim[L_MAX_SC]), -1, np.int32)
    return vc, vc_n, vc_gen, newest, sc, sc_n, sc_gen, sc_key


@njit(cache=True, nogil=True)
def add_adjacency(n, nbrs, side, end_of, ends, vc, vc_n, vc_gen, newest, max_vc) -> None:
    """VCs with an empty carrier between touching ends (round 0); pairs that have one keep it."""
    none = np.zeros(vc.shape[2], np.uint64)
    for cell in range(n * n):
        x = np.int64(end_of[cell])  # as the other ends passed on: one compilation of what they go to
        if x < 0:
            continue
        for far in range(2):
            if on_edge(n, side, far, cell) and x != far:
                slot = pair_slot(x, far, ends)
                if store(vc, vc_n, vc_gen, slot, none, 0, max_vc) >= 0:
                    newest[slot] = 0
        for j in range(6):
            nb = nbrs[cell, j]
            if nb < 0:
                break
            y = np.int64(end_of[nb])
            if y >= 0 and y != x:
                slot = pair_slot(x, y, ends)
                if store(vc, vc_n, vc_gen, slot, none, 0, max_vc) >= 0:
                    newest[slot] = 0


@njit(cache=True, nogil=True)
def close(ends, kind, end_cell, vc, vc_n, vc_gen, newest, sc, sc_n, sc_gen, sc_key, lim) -> None:
    """The AND and OR rules, round after round, until nothing new appears (or the bounds say
    stop); a round combines only pairs of connections of which one is newer than the round
    before (generation >= the last round), so connections of generation -1 are never combined
    with each other."""
    width = vc.shape[2]
    max_vc = lim[L_MAX_VC]
    max_sc = lim[L_MAX_SC]
    max_carrier = lim[L_MAX_CARRIER]
    stack_i = np.zeros((lim[L_MAX_OR] + 1, width), np.uint64)
    stack_u = np.zeros((lim[L_MAX_OR] + 1, width), np.uint64)
    stack_j = np.zeros(lim[L_MAX_OR] + 1, np.int64)
    rest = np.zeros((max_sc + 1, width), np.uint64)
    union = np.zeros(width, np.uint64)
    edge_slot = pair_slot(0, 1, ends)
    around = np.empty(ends, np.int64)
    rnd = 1
    while rnd <= lim[L_MAX_ROUNDS]:
        added = False
        recent = rnd - 1
        for z in range(ends):
            deg = 0
            for x in range(ends):
                if x != z and vc_n[pair_slot(x, z, ends)] > 0:
                    around[deg] = x
                    deg += 1
            z_cell = kind[z] == K_CELL
            for ii in range(deg):
                x = around[ii]
                sxz = pair_slot(x, z, ends)
                for jj in range(ii + 1, deg):
                    y = around[jj]
                    szy = pair_slot(z, y, ends)
                    if newest[sxz] < recent and newest[szy] < recent:
                        continue
                    sxy = pair_slot(x, y, ends)
                    if vc_n[sxy] > 0 and is_empty_set(vc[sxy, 0]):
                        continue  # already adjacent
                    for a in range(vc_n[sxz]):
                        ca = vc[sxz, a]
                        if kind[y] == K_CELL and has_cell(ca, np.int64(end_cell[y])):
                            continue
                        for b in range(vc_n[szy]):
                            if vc_gen[sxz, a] < recent and vc_gen[szy, b] < recent:
                                continue
                            cb = vc[szy, b]
                            if meets(ca, cb):
                                continue
                            if kind[x] == K_CELL and has_cell(cb, np.int64(end_cell[x])):
                                continue
                            size = 0
                            for w in range(width):
                                union[w] = ca[w] | cb[w]
                                size += popcount(union[w])
                            if not z_cell:
                                if size <= max_carrier and store(vc, vc_n, vc_gen, sxy, union, rnd, max_vc) >= 0:
                                    newest[sxy] = rnd
                                    added = True
                                continue
                            if size + 1 > max_carrier:
                                continue
                            add_cell(union, np.int64(end_cell[z]))
                            skip = False
                            for k in range(vc_n[sxy]):
                                if is_subset(vc[sxy, k], union):
                                    skip = True
                                    break
                            if skip:
                                continue
                            place = store(sc, sc_n, sc_gen, sxy, union, rnd, max_sc)
                            if place < 0:
                                continue
                            sc_key[sxy, place] = end_cell[z]
                            if or_rule(vc, vc_n, vc_gen, sc, sc_n, sxy, place, rnd, lim, stack_i, stack_u,
                                       stack_j, rest):
                                newest[sxy] = rnd
                                added = True
            if lim[L_STOP_AT_WIN] and (vc_n[edge_slot] > 0 or sc_n[edge_slot] > 0):
                return
        if not added:
            break
        rnd += 1


@njit(cache=True, nogil=True)
def h_search(colour, n, nbrs, side, lim):
    """H-search for ``side`` on ``colour`` (the board array of ai/kernels/hex.py).

    Returns (ends, end_of, kind, end_cell, vc, vc_n, sc, sc_n, sc_key): ``vc[slot, k]`` is the
    k-th VC carrier of the pair of ends with slot ``pair_slot(x, y, ends)``, ``vc_n[slot]`` how
    many, and likewise the SCs with ``sc_key[slot, k]`` their key cell (-1: not known).
    """
    total = n * n
    width = (total + 63) // 64
    end_of = np.empty(total, np.int32)
    kind = np.empty(total + 2, np.int32)
    end_cell = np.empty(total + 2, np.int32)
    ends = find_ends(colour, n, nbrs, side, end_of, kind, end_cell)
    vc, vc_n, vc_gen, newest, sc, sc_n, sc_gen, sc_key = new_store(ends - 2, width, lim)
    edge_slot = pair_slot(0, 1, ends)
    if has_won(colour, n, nbrs, side):  # a chain joins the edges (``find_ends`` made it part of edge 0)
        vc_n[edge_slot] = 1
        return ends, end_of, kind, end_cell, vc, vc_n, sc, sc_n, sc_key
    add_adjacency(n, nbrs, side, end_of, ends, vc, vc_n, vc_gen, newest, lim[L_MAX_VC])
    if vc_n[edge_slot] == 0:
        close(ends, kind, end_cell, vc, vc_n, vc_gen, newest, sc, sc_n, sc_gen, sc_key, lim)
    return ends, end_of, kind, end_cell, vc, vc_n, sc, sc_n, sc_key


@njit(cache=True, nogil=True)
def h_search_update(colour, n, nbrs, side, lim, before, old_ends, old_end_of, old_kind, old_end_cell, old_vc,
                    old_vc_n, old_sc, old_sc_n, old_sc_key):
    """H-search for ``side`` on ``colour`` from an earlier search (``old_*``, as ``h_search``
    returned them) of the board ``before``, which ``colour`` extends by stones of either colour
    (if it does not, a stone of ``before`` being gone or changed, the search starts from scratch).

    The old connections are carried over: those whose carrier holds a new opponent stone (or whose
    end it took) are dropped, new stones of ``side`` leave the carriers (an SC whose key was
    played becomes a VC), and ends that merged share their pairs.  Only what the new stones
    change is then combined again: the carried connections that lost a carrier cell or touch a
    chain with a new stone, and the new adjacencies; the others were combined with each other in
    the earlier search.  Every connection found is still a proof; fewer may be found than by a
    search from scratch (a pair's cap may have kept a carrier through a cell the opponent has now
    taken in place of one that would survive).  Same return value as ``h_search``.
    """
    total = n * n
    width = (total + 63) // 64
    own = side + 1
    end_of = np.empty(total, np.int32)
    kind = np.empty(total + 2, np.int32)
    end_cell = np.empty(total + 2, np.int32)
    ends = find_ends(colour, n, nbrs, side, end_of, kind, end_cell)
    extends = True
    for cell in range(total):
        if before[cell] != EMPTY and colour[cell] != before[cell]:
            extends = False
            break
    if not extends or has_won(colour, n, nbrs, side):  # not a later board of the same game: from scratch
        return h_search(colour, n, nbrs, side, lim)
    vc, vc_n, vc_gen, newest, sc, sc_n, sc_gen, sc_key = new_store(ends - 2, width, lim)
    mine = np.zeros(width, np.uint64)  # the new stones of ``side``
    theirs = np.zeros(width, np.uint64)  # the new stones of the opponent
    touched = np.zeros(ends, np.uint8)  # new ends holding a new stone of ``side``
    for cell in range(total):
        if colour[cell] != before[cell]:
            if colour[cell] == own:
                add_cell(mine, cell)
                touched[end_of[cell]] = 1
            else:
                add_cell(theirs, cell)
    image = np.full(old_ends, -1, np.int64)  # old end -> new end (-1: gone)
    image[0] = 0
    image[1] = 1
    for e in range(2, old_ends):
        cell = old_end_cell[e]
        if colour[cell] == EMPTY or colour[cell] == own:
            image[e] = end_of[cell]
    carrier = np.zeros(width, np.uint64)
    for x in range(old_ends):
        nx = image[x]
        if nx < 0:
            continue
        for y in range(x + 1, old_ends):
            ny = image[y]
            if ny < 0 or ny == nx:
                continue
            old_slot = x * old_ends + y
            slot = pair_slot(nx, ny, ends)
            fresh = touched[nx] or touched[ny]
            for k in range(old_vc_n[old_slot]):
                if meets(old_vc[old_slot, k], theirs):
                    continue
                carrier[:] = old_vc[old_slot, k] & ~mine
                gen = 0 if fresh or meets(old_vc[old_slot, k], mine) else -1
                if store(vc, vc_n, vc_gen, slot, carrier, gen, lim[L_MAX_VC]) >= 0:
                    newest[slot] = max(newest[slot], gen)
            for k in range(old_sc_n[old_slot]):
                if meets(old_sc[old_slot, k], theirs):
                    continue
                carrier[:] = old_sc[old_slot, k] & ~mine
                key = np.int64(old_sc_key[old_slot, k])
                if key >= 0 and has_cell(mine, key):  # the key was played: a VC
                    if store(vc, vc_n, vc_gen, slot, carrier, 0, lim[L_MAX_VC]) >= 0:
                        newest[slot] = 0
                    continue
                gen = 0 if fresh or meets(old_sc[old_slot, k], mine) else -1
                place = store(sc, sc_n, sc_gen, slot, carrier, gen, lim[L_MAX_SC])
                if place >= 0:
                    sc_key[slot, place] = key
    # SCs that lost a carrier cell to a new stone may now have no cell in common: the OR rule again
    stack_i = np.zeros((lim[L_MAX_OR] + 1, width), np.uint64)
    stack_u = np.zeros((lim[L_MAX_OR] + 1, width), np.uint64)
    stack_j = np.zeros(lim[L_MAX_OR] + 1, np.int64)
    rest = np.zeros((lim[L_MAX_SC] + 1, width), np.uint64)
    for slot in range(ends * ends):
        for k in range(np.int64(sc_n[slot])):
            if sc_gen[slot, k] == 0 and or_rule(vc, vc_n, vc_gen, sc, sc_n, slot, k, 0, lim, stack_i, stack_u,
                                                stack_j, rest):
                newest[slot] = 0
    add_adjacency(n, nbrs, side, end_of, ends, vc, vc_n, vc_gen, newest, lim[L_MAX_VC])
    edge_slot = pair_slot(0, 1, ends)
    if vc_n[edge_slot] == 0:
        close(ends, kind, end_cell, vc, vc_n, vc_gen, newest, sc, sc_n, sc_gen, sc_key, lim)
    return ends, end_of, kind, end_cell, vc, vc_n, sc, sc_n, sc_key


# -- what the solver and the players ask ---------------------------------------------------------
@njit(cache=True, nogil=True)
def edge_status(colour, n, nbrs, side, lim, carrier_and) -> int:
    """How ``side``'s two edges are joined: 2 by stones or a VC, 1 by an SC only, 0 not found.

    With 1, ``carrier_and`` is set to the intersection of the carriers of all the SCs found (the
    cells where the opponent must play, if ``side`` is the one waiting); with 2 it is cleared.
    No player calls it (they ask ``mustplay``): the tests hold H-search's verdicts to an exact
    solver through it, and no warm-up compiles it (``tests/test_kernel_warm_ups.py``).
    """
    if has_won(colour, n, nbrs, side):
        carrier_and[:] = 0
        return 2
    ends, end_of, kind, end_cell, vc, vc_n, sc, sc_n, sc_key = h_search(colour, n, nbrs, side, lim)
    slot = pair_slot(0, 1, ends)
    if vc_n[slot] > 0:
        carrier_and[:] = 0
        return 2
    if sc_n[slot] == 0:
        return 0
    carrier_and[:] = sc[slot, 0]
    for k in range(1, sc_n[slot]):
        carrier_and &= sc[slot, k]
    return 1


@njit(cache=True, nogil=True)
def mustplay(colour, n, nbrs, side, lim, out) -> int:
    """Where ``side`` (to move) must play: -1 if it has lost (the opponent is joined by a VC or
    by SCs whose carriers have no common cell), 0 if unrestricted, 1 with ``out`` set to the
    cells (the intersection of the carriers of the opponent's SCs between its edges)."""
    return mustplay_and_reasons(colour, n, nbrs, side, lim, out, np.zeros_like(out))


@njit(cache=True, nogil=True)
def mustplay_and_reasons(colour, n, nbrs, side, lim, out, reasons) -> int:
    """``mustplay``, and in ``reasons`` the cells its answer rests on: with -1 the cells common to
    the opponent's VCs between its edges (any one of them is enough), or the union of its SCs'
    carriers; with 1 the union of those SCs' carriers; with 0 nothing.  A stone of ``side`` on
    any other cell leaves the answer true (the connections keep their carriers)."""
    reasons[:] = 0
    if has_won(colour, n, nbrs, 1 - side):
        out[:] = 0
        return -1
    ends, end_of, kind, end_cell, vc, vc_n, sc, sc_n, sc_key = h_search(colour, n, nbrs, 1 - side, lim)
    slot = pair_slot(0, 1, ends)
    if vc_n[slot] > 0:
        reasons[:] = vc[slot, 0]
        for k in range(1, vc_n[slot]):
            reasons &= vc[slot, k]
        out[:] = 0
        return -1
    if sc_n[slot] == 0:
        return 0
    out[:] = sc[slot, 0]
    for k in range(sc_n[slot]):
        out &= sc[slot, k]
        reasons |= sc[slot, k]
    if is_empty_set(out):
        return -1
    return 1


@njit(cache=True, nogil=True)
def sc_keys(colour, n, nbrs, side, lim, out) -> int:
    """Key cells of ``side``'s SCs between its edges (cells that win for it), into ``out``."""
    ends, end_of, kind, end_cell, vc, vc_n, sc, sc_n, sc_key = h_search(colour, n, nbrs, side, lim)
    slot = pair_slot(0, 1, ends)
    count = 0
    for k in range(sc_n[slot]):
        key = sc_key[slot, k]
        if key < 0:
            continue
        seen = False
        for i in range(count):
            if out[i] == key:
                seen = True
        if not seen:
            out[count] = key
            count += 1
    return count


@mends_the_cache
def warm_up() -> None:
    """Compile (or load from the cache) the H-search kernels on a 3x3 board, the update from an
    earlier search included (level-5's root analysis uses it from its second move on)."""
    hex_kernel = import_engine("ai.kernels.hex")  # it imports this module: here, through the lock
    board_colours, neighbours = hex_kernel.board_colours, hex_kernel.neighbours
    n = 3
    colour = board_colours(n, 1 << 4, 0)
    lim = limits(n)
    earlier = h_search(colour, n, neighbours(n), 0, lim)
    h_search_update(board_colours(n, 1 << 4, 1 << 0), n, neighbours(n), 0, lim, colour, *earlier)
    out = np.zeros(words(n), np.uint64)
    mustplay(colour, n, neighbours(n), 1, lim, out)
    sc_keys(colour, n, neighbours(n), 0, lim, np.empty(n * n, np.int32))
    pair_slot(0, 1, 2)  # ai.engines.hex_knowledge reads the connections' slots itself
