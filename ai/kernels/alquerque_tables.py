"""Alquerque endgame tables: every position with few pieces, solved by retrograde analysis.

What a table holds.  For every position (White's pieces, Black's pieces, the side to move) with
``w`` White and ``b`` Black pieces, one byte: the value for the side to move (win, loss or draw)
in the top two bits and ``d``, the plies to the next capture or the end of the game, in the low
six (``value << 6 | d``).  ``d`` is a win's fastest and a loss's slowest way there under best play.

The 40-ply counter.  A capture resets it, so a position stored as "win (or loss) in ``d``" is that
result exactly when ``counter + d <= 40`` and a draw otherwise: the tables never need the counter
in the position.  Repetition only adds draws; ``probe`` resolves a history that holds a position
twice by a small exact search (at most ``RESOLVE_BUDGET`` states).  Why both are exact, with the
retrograde sets ``W_k`` / ``L_k``: docs/alquerque-tables.md.

Indexing.  A table ``(w, b)`` has ``2 * C(25, w) * C(25 - w, b)`` entries: index
``(side * C(25, w) + rank(white)) * C(25 - w, b) + rank(black')``, where ``rank`` is the
colexicographic rank of a set of points and ``black'`` is Black's set among the points White does
not hold.  All tables of a rule variant sit in one byte array (``blob``) at ``offsets[w, b]``
(-1: not built).  Only the tables with ``w >= b`` are built and shipped: upside down with the
colours swapped a position is the same game (forward is up for White and down for Black, the
diagonals and both options are symmetric), so ``(b, w)`` is read from ``(w, b)``.

The build.  Captures always lead to a smaller table, so tables are built by total piece count:
first the value of every position from its captures (a win if one leads to a loss, or takes the
last piece) and its number of steps, then level by level the steps backwards ("un-steps": a
piece of the side that just moved goes back to a point it could have stepped from).  One level is
one pass over the table; 40 levels end it.  The tool is tools/build_alquerque_tables.py; the
shipped file is ai/data/alquerque_<variant>.bin (a small header and the LZMA-compressed blob);
docs/alquerque-tables.md has the sizes, times and shares of won, lost and drawn positions.

Using them.  ``probe(state) -> (value, plies) | None`` (value +1 / 0 / -1 for the side to move,
``plies`` = ``d``); ``best_move`` and ``line`` play the tables' way (fastest conversion for the
winner, slowest for the loser); ``outcome`` gives the winner and the panel's length,
``longest_defence``: the plies the winner's table moves need against the loser's longest defence
(a kernel, ``defence_kernel``, memoised across calls).  That is an upper bound of the fastest win
-- another winning move, slower to its capture, may end the game sooner -- so the panel says "White
wins in at most N plies"; along the tables' way against that defence it falls by one every ply.
Inside a numba search, ``probe_kernel(blob, offsets, white, black, side, quiet)`` does the same
lookup (without the history, see above).
"""

from __future__ import annotations

import logging
import lzma
import struct
import threading
from math import comb
from typing import NamedTuple

import numpy as np

from ai import data
from ai.kernel_compile import mends_the_cache, njit
from ai.kernels import alquerque as kernel  # by module: its search may import this one back
from games.alquerque import (
    DRAW_PLIES,
    PIECES,
    POINTS,
    SIZE,
    Alquerque,
    AlquerqueState,
    Move,
    captured_points,
    is_step,
)
from games.base import QUIET_DRAW, REPEAT_DRAW

log = logging.getLogger(__name__)

DRAW_CLASS, WIN_CLASS, LOSS_CLASS = 0, 1, 2  # the top two bits of an entry
DISTANCE_MASK = 63
UNKNOWN = -2  # probe_kernel: the position is not in the tables
ROW_MASK = (1 << SIZE) - 1
BINOMIAL = np.array([[comb(n, k) for k in range(PIECES + 2)] for n in range(POINTS + 1)], np.int64)
MAGIC = b"ALQTB1"
VARIANTS = {  # file key -> (any_direction_captures, compulsory_capture)
    "course": (False, False),
    "any-direction": (True, False),
    "compulsory": (False, True),
    "any-direction-compulsory": (True, True),
}


class Tables(NamedTuple):
    """The tables of one rule variant: the byte array and where each ``(w, b)`` table starts."""

    blob: np.ndarray  # uint8
    offsets: np.ndarray  # int64 [PIECES + 1, PIECES + 1], -1 where not built
    max_pieces: int  # every table with w + b <= max_pieces is built


def variant_key(any_direction_captures: bool, compulsory_capture: bool) -> str:
    for key, options in VARIANTS.items():
        if options == (bool(any_direction_captures), bool(compulsory_capture)):
            return key
    raise ValueError("no such variant")


def variant_of(game: Alquerque) -> str:
    return variant_key(game.any_direction_captures, game.compulsory_capture)


def file_name(variant: str) -> str:
    return f"alquerque_{variant}.bin"


def table_size(w: int, b: int) -> int:
    return int(2 * BINOMIAL[POINTS, w] * BINOMIAL[POINTS - w, b])


def empty_tables() -> Tables:
    """No tables: every probe answers UNKNOWN.  Its byte array is read-only like a loaded file's
    (numba compiles a kernel once per array type, and read-only is a type of its own)."""
    blob = np.zeros(0, np.uint8)
    blob.setflags(write=False)
    return Tables(blob, np.full((PIECES + 1, PIECES + 1), -1, np.int64), 0)


def with_table(tables: Tables, w: int, b: int, table: np.ndarray) -> Tables:
    """``tables`` with the table ``(w, b)`` appended."""
    offsets = tables.offsets.copy()
    offsets[w, b] = tables.blob.size
    n = 2
    while n <= 2 * PIECES and all(max(offsets[i, n - i], offsets[n - i, i]) >= 0 for i in tables_of_count(n)):
        n += 1
    return Tables(np.concatenate([tables.blob, table]), offsets, n - 1 if n > 2 else 0)


def tables_of_count(n: int) -> range:
    """The White counts ``w`` of the tables ``(w, n - w)`` with ``n`` pieces in all (both sides > 0)."""
    return range(max(1, n - PIECES), min(PIECES, n - 1) + 1)


def stored_tables_of_count(n: int) -> range:
    """The White counts of the tables that are built and shipped (``w >= b``; see ``entry``)."""
    return range((n + 1) // 2, min(PIECES, n - 1) + 1)


# -- indexing ------------------------------------------------------------------------------------
@njit(cache=True, nogil=True)
def rank_points(bits):
    """Colexicographic rank of a set of points among the sets of its size."""
    rank = 0
    i = 1
    while bits:
        low = bits & -bits
        bits ^= low
        rank += BINOMIAL[kernel.popcount(low - 1), i]
        i += 1
    return rank


@njit(cache=True, nogil=True)
def unrank_points(rank, k):
    """The set of ``k`` points (in 0..24) whose colexicographic rank is ``rank``."""
    bits = 0
    for i in range(k, 0, -1):
        p = i - 1
        while BINOMIAL[p + 1, i] <= rank:
            p += 1
        bits |= 1 << p
        rank -= BINOMIAL[p, i]
    return bits


@njit(cache=True, nogil=True)
def squeeze(bits, holes):
    """``bits`` renumbered on the points that ``holes`` leaves free (drop the holes)."""
    out = 0
    while bits:
        low = bits & -bits
        bits ^= low
        p = kernel.popcount(low - 1)
        out |= 1 << (p - kernel.popcount(holes & (low - 1)))
    return out


@njit(cache=True, nogil=True)
def spread(bits, holes):
    """The inverse of ``squeeze``: the i-th free point for every i in ``bits``."""
    out = 0
    p = 0
    i = 0
    while bits >> i:
        while (holes >> p) & 1:
            p += 1
        if (bits >> i) & 1:
            out |= 1 << p
        p += 1
        i += 1
    return out


@njit(cache=True, nogil=True)
def position_index(white, black, side, w, b):
    """Index of a position in its table ``(w, b)`` (``w``, ``b``: the piece counts)."""
    return (side * BINOMIAL[POINTS, w] + rank_points(white)) * BINOMIAL[POINTS - w, b] \
        + rank_points(squeeze(black, white))


@njit(cache=True, nogil=True)
def index_position(index, w, b):
    """The position ``(white, black, side)`` at ``index`` of table ``(w, b)``."""
    per_white = BINOMIAL[POINTS - w, b]
    high, rank_black = index // per_white, index % per_white
    side, rank_white = high // BINOMIAL[POINTS, w], high % BINOMIAL[POINTS, w]
    white = unrank_points(rank_white, w)
    return white, spread(unrank_points(rank_black, b), white), side


@njit(cache=True, nogil=True)
def mirror(bits):
    """The points upside down (row 1 <-> row 5): with the colours swapped, the same game."""
    out = 0
    for row in range(SIZE):
        out |= ((bits >> (row * SIZE)) & ROW_MASK) << ((SIZE - 1 - row) * SIZE)
    return out


@njit(cache=True, nogil=True)
def entry(blob, offsets, white, black, side):
    """The table byte of a position (both sides have pieces), or -1 when its table is not built.
    A table ``(w, b)`` with ``w < b`` is read from ``(b, w)`` upside down with the colours swapped."""
    w, b = kernel.popcount(white), kernel.popcount(black)
    if w >= offsets.shape[0] or b >= offsets.shape[1]:
        return -1
    if offsets[w, b] >= 0:
        return np.int64(blob[offsets[w, b] + position_index(white, black, side, w, b)])
    if offsets[b, w] >= 0:
        return np.int64(blob[offsets[b, w] + position_index(mirror(black), mirror(white), 1 - side, b, w)])
    return -1


@njit(cache=True, nogil=True)
def probe_kernel(blob, offsets, white, black, side, quiet):
    """(value, plies) for the side to move with ``quiet`` plies on the 40-ply counter: value 1
    won, -1 lost, 0 drawn, ``UNKNOWN`` not in the tables; plies to the next capture or the end
    (0 for a draw).  Exact unless the history holds a position twice (see the module docstring);
    a side without pieces has lost."""
    own = white if side == 0 else black
    enemy = black if side == 0 else white
    if own == 0:
        return -1, 0
    if enemy == 0:
        return 1, 0
    e = entry(blob, offsets, white, black, side)
    if e < 0:
        return UNKNOWN, 0
    cls, d = e >> 6, e & DISTANCE_MASK
    if cls == DRAW_CLASS or quiet + d > DRAW_PLIES:
        return 0, 0
    return (1 if cls == WIN_CLASS else -1), d


# -- the winner's table play against the longest defence ------------------------------------------
DEFENCE_SLOTS = 1 << 21  # the memo's slots (``longest_defence``): 2M positions, 24 MB a variant; full at 3/4
# new positions one count may visit: about 0.5 s on a loaded machine (the largest 7-piece count seen: 280,000)
DEFENCE_BUDGET = 300_000
DEFENCE_DEPTH = 512  # plies of one line at most (40 between captures, 12 captures at most)
DEFENCE_TOO_LARGE = -1  # ``defence_kernel``: the memo filled up before the count was done
FIBONACCI_HASH = -7046029254386353131  # 0x9E3779B97F4A7C15 as an int64: spreads the memo's keys
DEFENCE_UNSOUND = -2  # ``defence_kernel``: a winner's position without a winning move (not a won root)


@njit(cache=True, nogil=True)
def table_choice(r, blob, offsets, moves, row, white, black, side):
    """The index in ``moves[row]`` (written here by ``kernel.generate``) of the winner's table move
    by ``best_move``'s rule -- a capture that takes the last piece or leaves a lost position counts
    1 ply, a step into a loss in ``d`` counts ``d + 1``; the fewest, of equals the smallest move
    code (the generators list moves in different orders) -- or -1 when no move keeps the win.  The counter is not looked at: the
    fastest way is within it whenever the position is won, and a slower one is never chosen."""
    own = white if side == 0 else black
    enemy = black if side == 0 else white
    n = kernel.generate(r, own, enemy, side, moves, row, False)
    best, chosen = 1 << 30, -1
    for i in range(n):
        move = moves[row, i]
        cw, cb = kernel.make_move(white, black, side, move)
        value, d = probe_kernel(blob, offsets, cw, cb, 1 - side, 0)
        if value != -1:
            continue
        plies = 1 if kernel.move_captured(move) != 0 else d + 1
        if plies < best or (plies == best and move < moves[row, chosen]):
            best, chosen = plies, i
    return chosen


@njit(cache=True, nogil=True)
def memo_slot(keys, code, mask):
    """The slot of ``defence_kernel``'s memo that holds ``code`` or, where it is not there, the free
    slot it goes in (open addressing: the hashed slot, then the next ones)."""
    slot = (code * FIBONACCI_HASH) >> 40 & mask
    while keys[slot] != 0 and keys[slot] != code:
        slot = (slot + 1) & mask
    return slot


@njit(cache=True, nogil=True)
def defence_kernel(r, blob, offsets, white, black, side, winner, keys, values, used, budget):
    """Plies to the end of the game from a won position (``winner``: the side that wins) when the
    winner plays ``table_choice`` and the loser any move: the longest the loser can hold out
    against the tables' play.  Memoised on the position (``keys``/``values``: an open-addressing
    table, keys ``position_code + 1``, 0 free, ``used[0]`` entries; a position's count does not
    depend on where the count started, so the memo serves every later call); an explicit stack,
    since the lines run hundreds of plies.  The positions reached do not depend on the counter
    or on each other's history: a won position with ``q`` on the counter has ``q + d <= 40`` and
    every ply keeps that (the winner's move lowers ``d`` by one, each loser's step by one at
    least, a capture restarts both), and ``d`` falls every ply between captures, so no position
    comes twice.  Returns ``DEFENCE_TOO_LARGE`` once ``budget`` new positions are counted or the
    memo is 3/4 full (what was counted stays in it: a later call goes on from there),
    ``DEFENCE_UNSOUND`` if a winner's position reached has no winning move (the root was not won)."""
    slots = keys.size
    mask = slots - 1
    limit = min(slots * 3 // 4, used[0] + budget)
    moves = np.zeros((DEFENCE_DEPTH, kernel.MAX_MOVES), np.int64)
    sw = np.zeros(DEFENCE_DEPTH, np.int64)
    sb = np.zeros(DEFENCE_DEPTH, np.int64)
    ss = np.zeros(DEFENCE_DEPTH, np.int64)
    count = np.zeros(DEFENCE_DEPTH, np.int64)  # moves to try at each ply
    at = np.zeros(DEFENCE_DEPTH, np.int64)  # the next of them
    best = np.zeros(DEFENCE_DEPTH, np.int64)  # the longest found so far
    top = 0
    sw[0], sb[0], ss[0] = white, black, side
    entering = True
    result = np.int64(0)  # the value of the position just left (returned to its parent)
    while True:
        if entering:
            w, b, s = sw[top], sb[top], ss[top]
            own = w if s == 0 else b
            enemy = b if s == 0 else w
            known = -1
            slot = 0
            if own == 0 or not kernel.has_move(r, own, enemy, s):
                known = 0
            else:
                code = kernel.position_code(w, b, s) + 1
                slot = memo_slot(keys, code, mask)
                if keys[slot] == code:
                    known = values[slot]
            if known >= 0:
                result = known
                entering = False
                if top == 0:
                    return result
                top -= 1
            else:
                if top + 1 >= DEFENCE_DEPTH:
                    return DEFENCE_TOO_LARGE
                if s == winner:
                    chosen = table_choice(r, blob, offsets, moves, top, w, b, s)
                    if chosen < 0:
                        return DEFENCE_UNSOUND
                    moves[top, 0] = moves[top, chosen]
                    count[top] = 1
                else:
                    count[top] = kernel.generate(r, own, enemy, s, moves, top, False)
                at[top] = 0
                best[top] = 0
                entering = False
                result = -1  # no child returned yet
        else:
            if result >= 0:  # a child's value came back
                best[top] = max(best[top], result + 1)
            if at[top] < count[top]:
                move = moves[top, at[top]]
                at[top] += 1
                cw, cb = kernel.make_move(sw[top], sb[top], ss[top], move)
                sw[top + 1], sb[top + 1], ss[top + 1] = cw, cb, 1 - ss[top]
                top += 1
                entering = True
                continue
            # every child done: store and return
            if used[0] >= limit:
                return DEFENCE_TOO_LARGE
            code = kernel.position_code(sw[top], sb[top], ss[top]) + 1
            slot = memo_slot(keys, code, mask)
            keys[slot] = code
            values[slot] = best[top]
            used[0] += 1
            result = best[top]
            if top == 0:
                return result
            top -= 1


# -- the build -----------------------------------------------------------------------------------
def unstep_table(r: np.ndarray) -> np.ndarray:
    """[side * 25 + point] -> bitmask of the points a piece of ``side`` could have stepped from."""
    out = np.zeros(2 * POINTS, np.int64)
    for side in (0, 1):
        for origin in range(POINTS):
            targets = int(r[side * POINTS + origin, kernel.R_STEPS])
            for t in range(POINTS):
                if targets >> t & 1:
                    out[side * POINTS + t] |= 1 << origin
    return out


# kernel.has_move's loop without its step test: has_move keeps both in one pass, at every search node
@njit(cache=True, nogil=True)
def has_capture(r, own, enemy, side):
    """Whether ``side`` could make a capture (what makes a step illegal when captures are compulsory).
    The build's only (``level_pass``): no warm-up compiles it (``tests/test_kernel_warm_ups.py``)."""
    occupied = own | enemy
    bits = own
    while bits:
        low = bits & -bits
        bits ^= low
        p = kernel.popcount(low - 1)
        if enemy & r[side * POINTS + p, kernel.R_REACH] and kernel.can_jump(r, side, p, occupied, enemy):
            return True
    return False


@njit(cache=True, nogil=True)
def first_pass(r, blob, offsets, w, b, out, remaining, lo, hi):
    """Entries ``lo..hi`` from their captures: a win in 1 when a capture leads to a loss (or takes
    the last piece), a loss in 0 with no move, a loss in 1 when every move is a capture into a
    win; else ``remaining`` = the moves not yet known to lose (steps, captures into draws).  Only
    tools/build_alquerque_tables.py runs it (``build_table``): no warm-up compiles it."""
    moves = np.zeros((1, kernel.MAX_MOVES), np.int64)
    for index in range(lo, hi):
        white, black, side = index_position(index, w, b)
        own = white if side == 0 else black
        enemy = black if side == 0 else white
        n = kernel.generate(r, own, enemy, side, moves, 0, False)
        if n == 0:
            out[index] = LOSS_CLASS << 6
            continue
        count = 0
        won = False
        for i in range(n):
            move = moves[0, i]
            if kernel.move_captured(move) == 0:
                count += 1
                continue
            cw, cb = kernel.make_move(white, black, side, move)
            if (cb if side == 0 else cw) == 0:
                won = True
                break
            e = entry(blob, offsets, cw, cb, 1 - side)
            if e >> 6 == LOSS_CLASS:
                won = True
                break
            if e >> 6 != WIN_CLASS:
                count += 1
        if won:
            out[index] = WIN_CLASS << 6 | 1
        elif count == 0:
            out[index] = LOSS_CLASS << 6 | 1
        else:
            remaining[index] = count


@njit(cache=True, nogil=True)
def level_pass(r, unsteps, w, b, out, remaining, level):
    """One level backwards: every predecessor (by a step) of a loss in ``level - 1`` is a win in
    ``level``; a predecessor of a win in ``level - 1`` whose last unknown move this was is a loss
    in ``level``.  Returns how many entries it decided.  Only tools/build_alquerque_tables.py runs
    it (``build_table``): no warm-up compiles it."""
    compulsory = r[2 * POINTS, 0]
    decided = 0
    for index in range(out.size):
        e = out[index]
        if e == 0 or (e & DISTANCE_MASK) != level - 1:
            continue
        lost = (e >> 6) == LOSS_CLASS
        white, black, side = index_position(index, w, b)
        mover = 1 - side
        empty = ~(white | black) & ((1 << POINTS) - 1)
        pieces = white if mover == 0 else black
        while pieces:
            low = pieces & -pieces
            pieces ^= low
            origins = unsteps[mover * POINTS + kernel.popcount(low - 1)] & empty
            while origins:
                o = origins & -origins
                origins ^= o
                pw, pb = (white ^ low ^ o, black) if mover == 0 else (white, black ^ low ^ o)
                if compulsory and has_capture(r, pw if mover == 0 else pb, pb if mover == 0 else pw, mover):
                    continue
                before = position_index(pw, pb, mover, w, b)
                if out[before] != 0:
                    continue
                if lost:
                    out[before] = WIN_CLASS << 6 | level
                    decided += 1
                else:
                    remaining[before] -= 1
                    if remaining[before] == 0:
                        out[before] = LOSS_CLASS << 6 | level
                        decided += 1
    return decided


def build_table(r: np.ndarray, tables: Tables, w: int, b: int, report=None) -> np.ndarray:
    """The table ``(w, b)`` of the variant whose kernel rules are ``r``; ``tables`` holds every
    smaller table.  ``report(level, decided)`` is told the progress."""
    size = table_size(w, b)
    out = np.zeros(size, np.uint8)
    remaining = np.zeros(size, np.uint16)
    chunk = 1 << 22
    for lo in range(0, size, chunk):
        first_pass(r, tables.blob, tables.offsets, w, b, out, remaining, lo, min(size, lo + chunk))
    unsteps = unstep_table(r)
    for level in range(1, DRAW_PLIES + 1):
        decided = level_pass(r, unsteps, w, b, out, remaining, level)
        if report:
            report(level, decided)
    return out


def shares(table: np.ndarray) -> tuple[float, float, float]:
    """The fractions of won, lost and drawn entries (for the side to move, counter at 0)."""
    cls = table >> 6
    n = max(table.size, 1)
    return (float(np.count_nonzero(cls == WIN_CLASS)) / n, float(np.count_nonzero(cls == LOSS_CLASS)) / n,
            float(np.count_nonzero(cls == DRAW_CLASS)) / n)


# -- the file ------------------------------------------------------------------------------------
def to_bytes(tables: Tables) -> bytes:
    """Header (magic, largest piece count, the offsets) then the blob, LZMA-compressed."""
    header = MAGIC + struct.pack("<ii", tables.max_pieces, tables.blob.size)
    header += tables.offsets.astype("<i8").tobytes()
    return header + lzma.compress(tables.blob.tobytes(), preset=9 | lzma.PRESET_EXTREME)


def from_bytes(raw: bytes) -> Tables:
    if not raw.startswith(MAGIC):
        raise ValueError("not an Alquerque table file")
    at = len(MAGIC)
    max_pieces, size = struct.unpack_from("<ii", raw, at)
    at += 8
    count = (PIECES + 1) ** 2
    offsets = np.frombuffer(raw, "<i8", count, at).astype(np.int64).reshape(PIECES + 1, PIECES + 1).copy()
    blob = np.frombuffer(lzma.decompress(raw[at + 8 * count:]), np.uint8)  # read-only, as empty_tables
    if blob.size != size:
        raise ValueError("truncated Alquerque table file")
    return Tables(blob, offsets, max_pieces)


@data.read_once  # the worker's warm-up thread and a move may ask at once
def load(variant: str = "course") -> Tables | None:
    """The shipped tables of a variant (read once), or None when the app has none for it."""
    if not data.verified(file_name(variant)):
        return None
    return from_bytes(data.path(file_name(variant)).read_bytes())


def tables_of(game: Alquerque) -> Tables | None:
    return load(variant_of(game))


@data.read_once
def shipped_max_pieces(variant: str = "course") -> int:
    """The piece count up to which a variant's shipped tables know every position (0 without
    them), read from the file's header alone: the tree explorer asks it of every node it might
    send for proof (ai/proof_reach.py), and decompressing the tables for that costs 0.6 s."""
    if not data.verified(file_name(variant)):
        return 0
    with data.path(file_name(variant)).open("rb") as file:
        header = file.read(len(MAGIC) + 4)
    return struct.unpack_from("<i", header, len(MAGIC))[0] if header.startswith(MAGIC) else 0


# -- probing games/alquerque.py states -------------------------------------------------------------
WIN, DRAW, LOSS = 1, 0, -1
RESOLVE_BUDGET = 2_000  # states the repetition resolver may visit before it gives up


def probe(state: AlquerqueState, tables: Tables | None = None) -> tuple[int, int] | None:
    """(value for the side to move: 1 won / 0 drawn / -1 lost, plies to the next capture or the
    end), exact under the rules' counter and repetition, or None when the tables do not know."""
    tables = tables if tables is not None else tables_of(state.game)
    if tables is None:
        return None
    if state.is_terminal():
        return (DRAW, 0) if state.winner() is None else (LOSS, 0)
    white, black = state.boards
    value, plies = probe_kernel(tables.blob, tables.offsets, white, black, state.to_move, state.quiet)
    if value == UNKNOWN:
        return None
    seen = state.history + (state.position,)
    twice = frozenset(p for p in seen if seen.count(p) >= 2)
    if value == DRAW or not twice:
        return int(value), int(plies)  # repetitions only add draws: a table draw stays one
    return _Resolver(state.game, tables, twice).value(white, black, state.to_move, state.quiet, False)


def draw_rule(state: AlquerqueState, tables: Tables | None = None) -> str:
    """Which rule makes a position the tables know drawn: ``QUIET_DRAW`` where their win (or loss)
    takes more plies to its capture than the counter leaves, ``REPEAT_DRAW`` where it fits but the
    history's positions seen twice take it away (``probe``'s resolver).  "" for a drawn table
    entry (no side forces a capture in time: the game may end by either count), a position they do
    not know or one not drawn; a finished game's own rule is its ``draw_counts``."""
    tables = tables if tables is not None else tables_of(state.game)
    if tables is None or state.is_terminal():
        return ""
    e = entry(tables.blob, tables.offsets, state.boards[0], state.boards[1], state.to_move)
    if e < 0 or e >> 6 == DRAW_CLASS:
        return ""
    if state.quiet + (e & DISTANCE_MASK) > DRAW_PLIES:
        return QUIET_DRAW
    got = probe(state, tables)
    return REPEAT_DRAW if got is not None and got[0] == DRAW else ""


class _Resolver:
    """The exact value when positions ``twice`` have occurred twice already (a third time is a
    draw): minimax over ``(position, counter)`` with those positions as draws.  A win never needs
    to repeat a position (its plies fall every move), so no other history matters; only sideways
    steps can reach an earlier position, every other move leads to an empty history where the
    tables are exact.  The value is the table's or a draw, which bounds the search."""

    def __init__(self, game: Alquerque, tables: Tables, twice: frozenset) -> None:
        self.game, self.tables, self.twice = game, tables, twice
        self.memo: dict[tuple[int, int, int, int], tuple[int, int]] = {}

    def value(self, white: int, black: int, side: int, quiet: int, again: bool) -> tuple[int, int] | None:
        """The value of a position reached with ``quiet`` on the counter (``again``: by a move,
        so a position in ``twice`` occurs for the third time)."""
        key = (white, black, side, quiet)
        if key in self.memo:
            return self.memo[key]
        if len(self.memo) >= RESOLVE_BUDGET:
            return None
        moves = self.game.generate_moves((white, black), side)
        if not moves:  # the rules' order: no move loses before any draw
            return LOSS, 0
        if quiet >= DRAW_PLIES or (again and (white, black, side) in self.twice):
            return DRAW, 0
        if probe_kernel(self.tables.blob, self.tables.offsets, white, black, side, quiet)[0] == DRAW:
            return DRAW, 0
        # each move with the most it can be worth (a sideways step's child may also end up a draw),
        # best first: the search stops once no remaining move can beat the best found
        options = []
        for move in moves:
            child = _after(white, black, side, move)
            child_quiet = quiet + 1 if is_step(move) else 0
            v, plies = probe_kernel(self.tables.blob, self.tables.offsets, child[0], child[1], 1 - side, child_quiet)
            view = _parent_view((int(v), int(plies)), move)
            sideways = is_step(move) and move[0] // SIZE == move[1] // SIZE
            options.append((max(_rank(view), _rank((DRAW, 0))) if sideways else _rank(view), sideways, view, move,
                            child, child_quiet))
        options.sort(key=lambda o: o[0], reverse=True)
        best: tuple[int, int] | None = None
        for most, sideways, view, move, child, child_quiet in options:
            if best is not None and _rank(best) >= most:
                break
            if sideways:
                got = self.value(child[0], child[1], 1 - side, child_quiet, True)
                if got is None:
                    return None
                view = _parent_view(got, move)
            if best is None or _better(view, best):
                best = view
        self.memo[key] = best
        return best


def _after(white: int, black: int, side: int, move: Move) -> tuple[int, int]:
    """The bitboards after ``side`` plays ``move`` (a games/alquerque.py move)."""
    boards = [white, black]
    boards[side] = boards[side] & ~(1 << move[0]) | 1 << move[-1]
    for p in captured_points(move):
        boards[1 - side] &= ~(1 << p)
    return boards[0], boards[1]


def _rank(view: tuple[int, int]) -> tuple[int, int]:
    """A sort key for the mover's (value, plies): wins fastest first, then draws, losses slowest first."""
    value, plies = view
    return (2, -plies) if value == WIN else (1, 0) if value == DRAW else (0, plies)


def _parent_view(child: tuple[int, int], move: Move) -> tuple[int, int]:
    """A child's (value, plies) seen from the side that played ``move``: a capture is itself the
    conversion (1 ply), a step adds one ply."""
    value, plies = child
    if value == DRAW:
        return DRAW, 0
    return -value, 1 if not is_step(move) else plies + 1


def _better(a: tuple[int, int], b: tuple[int, int]) -> bool:
    """Whether the mover prefers ``a`` to ``b``."""
    return _rank(a) > _rank(b)


def _loser_view(view: tuple[int, int], child: tuple[int, int], move: Move) -> tuple[int, int]:
    """``view`` (``_parent_view``) for choosing among a lost side's moves: its own capture counted,
    as a step is, by the plies the winner then needs to its next capture, plus this one.  Counted
    as a conversion in 1 ply, every capture ranked below every step: level 5, lost, never took a
    piece while a step was left (c4-d4, lost in 2, where c4xc2 held out 4 plies), and the panel's
    "White wins in 3" was the length of that line, not of the best defence's."""
    if view[0] != LOSS or is_step(move) or child[0] != WIN:
        return view
    return LOSS, child[1] + 1


def best_move(state: AlquerqueState, tables: Tables | None = None) -> Move | None:
    """The tables' move: a win's fastest conversion (of equals, the smallest ``kernel.encode``:
    ``table_choice`` picks the same, so ``longest_defence`` counts the moves played here), a
    loss's longest wait for the winner's next capture (``_loser_view``), a draw's first drawing
    move (the generation order); None when the tables do not know the position."""
    if state.is_terminal():
        return None
    tables = tables if tables is not None else tables_of(state.game)
    if tables is None:
        return None
    best, chosen, unsure = None, None, (-1, 0)
    for move in state.legal_moves():
        child = state.play(move)
        got = probe(child, tables)
        if got is None:  # given up: worth at most its table value or a draw
            v, plies = probe_kernel(tables.blob, tables.offsets, child.boards[0], child.boards[1], child.to_move,
                                    child.quiet)
            if v == UNKNOWN:
                return None
            unsure = max(unsure, _rank(_parent_view((int(v), int(plies)), move)), _rank((DRAW, 0)))
            continue
        mine = _loser_view(_parent_view(got, move), got, move)
        if best is None or _better(mine, best) or (mine == best and mine[0] == WIN
                                                   and kernel.encode(move) < kernel.encode(chosen)):
            best, chosen = mine, move
    return chosen if best is not None and _rank(best) >= unsure else None


def line(state: AlquerqueState, tables: Tables | None = None, limit: int = 2000) -> list[Move] | None:
    """The moves of the tables' line from ``state`` to the end of the game (both sides playing
    ``best_move``), or None when the tables do not know a position on it."""
    moves: list[Move] = []
    while not state.is_terminal() and len(moves) < limit:
        move = best_move(state, tables)
        if move is None:
            return None
        moves.append(move)
        state = state.play(move)
    return moves


def longest_defence(state: AlquerqueState, tables: Tables | None = None, budget: int = DEFENCE_BUDGET) -> int | None:
    """The plies to the end of the game from a won or lost ``state`` when the winner plays the
    tables' move (``best_move``) and the loser holds out the longest: the most the winner's table
    play needs against any defence, and exactly what the best defence gets out of it (so the
    number falls by one every ply along that play).  Not always the fastest win: another winning
    move (one slower to its capture) may shorten the game.  None for a draw, a position the tables
    do not know, a history that holds a position twice (``probe`` settles its value, but the
    winner's way then bends around the repetition) or a count not done within ``budget`` new
    positions (``defence_kernel``: what it counted is kept per tables, and every later count reads
    it, so a game's next moves go on from there, and a position's moves share their counts)."""
    tables = tables if tables is not None else tables_of(state.game)
    return _longest_defence(state, tables, probe(state, tables), budget)


def _longest_defence(state: AlquerqueState, tables: Tables | None, got: tuple[int, int] | None,
                     budget: int) -> int | None:
    """``longest_defence`` of ``state``, whose ``probe`` is ``got`` (``outcome`` has it already)."""
    if tables is None or got is None or got[0] == DRAW:
        return None
    if state.is_terminal():
        return 0
    seen = state.history + (state.position,)
    if any(seen.count(p) >= 2 for p in seen):
        return None
    winner = state.to_move if got[0] == WIN else 1 - state.to_move
    white, black = state.boards
    with _MEMO_LOCK:
        memo = _MEMOS.get(id(tables.blob))
        if memo is None or memo[0] is not tables.blob:
            memo = _MEMOS[id(tables.blob)] = (tables.blob, np.zeros(DEFENCE_SLOTS, np.int64),
                                              np.zeros(DEFENCE_SLOTS, np.int32), np.zeros(1, np.int64))
        _, keys, values, used = memo
        if used[0] >= DEFENCE_SLOTS * 3 // 4 - budget:  # full: start again
            keys[:] = 0
            used[0] = 0
        plies = defence_kernel(kernel.rules_of(state.game), tables.blob, tables.offsets, white, black, state.to_move,
                               winner, keys, values, used, budget)
    return int(plies) if plies >= 0 else None


_MEMOS: dict[int, tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]] = {}  # per tables: ``longest_defence``'s memo
_MEMO_LOCK = threading.Lock()  # a move's search and an analysis may count at once


def outcome(state: AlquerqueState, tables: Tables | None = None,
            budget: int = DEFENCE_BUDGET) -> tuple[int | None, int | None] | None:
    """(winner: 0 White, 1 Black or None for a draw; plies, for the side panel's "White wins in at
    most 41 plies": ``longest_defence`` within ``budget`` new positions, None when it is not
    known; 0 for a draw), or None when the tables do not know the position."""
    tables = tables if tables is not None else tables_of(state.game)
    got = probe(state, tables)
    if got is None:
        return None
    if got[0] == DRAW:
        return None, 0
    return (state.to_move if got[0] == WIN else 1 - state.to_move), _longest_defence(state, tables, got, budget)


@mends_the_cache
def warm_up_probes() -> None:
    """Compile (or load from the cache) the probe kernels, the table byte ``draw_rule`` reads and
    the win length's count."""
    tables = empty_tables()
    probe_kernel(tables.blob, tables.offsets, 1, 1 << 24, 0, 0)
    entry(tables.blob, tables.offsets, 1, 1 << 24, 0)
    index_position(0, 1, 1)
    defence_kernel(kernel.rules(), tables.blob, tables.offsets, 1, 1 << 24, 0, 0, np.zeros(16, np.int64),
                   np.zeros(16, np.int32), np.zeros(1, np.int64), DEFENCE_BUDGET)


def read_files() -> None:
    """Read and check every shipped file (about 2.5 s once per process: a game's first probe must
    not pay it on the clock); a damaged one is said when its variant is played."""
    for variant in VARIANTS:
        try:
            load(variant)
        except data.ChecksumError as exc:
            log.warning("%s", exc)
