"""Tic-tac-toe (m,n,k) alpha-beta on big boards: level-5's search, compiled.

The search is the one ai/engines/tictactoe.py describes (``OpenLines``: every open line scores
4 multiplied by itself once for each of its marks, the side to move's double; only the ``width``
squares next to a mark that do most for the lines through them, ``line_gains``, on every board
it searches), run here on int8 arrays
with counts kept per line as marks are placed and taken back, so that the evaluation, the wins
and the fours cost a few additions a move instead of a scan of the board.

What the compiled search adds to the Python one: it knows threats.
- A side to move with a four (a line one mark short of ``k``, no enemy mark in it) wins.
- A side facing a four with none of its own must block it: that is its only move, searched without
  spending a ply of depth (a run of fours is followed through to its end); facing two fours on
  different squares it has lost.
- A side facing double threats (squares where the opponent's mark would make two fours completing
  on different squares) searches only the squares that stop them all and its own fours
  (``answers``, ``moves_at``); with none, it has lost.
- When every move of a cut beam loses, the node (the root too) tries every empty square before it
  believes so: a loss (and so the other side's win) that the search reports holds against every
  defence.

A board is the arrays of ``Board``; a position under search is ``Position`` (marks, per-line counts,
the squares next to a mark, the open lines' sums, the hash), changed in place by ``place`` and
``take_back``.  ``root`` runs one iteration of the driver (ai/search/driver.py), and leaves the line
it searched in ``Scratch.pv`` (each node that raises alpha puts its move before its child's line:
the best line shown by analysis, the hint and the tree).
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

import games
from ai.base import PROVEN, WIN
from ai.eval_scales import TICTACTOE_LINE_BASE
from ai.kernel_compile import mends_the_cache, njit
from ai.search.driver import CTL_MAX_NODES, CTL_NODES, CTL_STOP, new_ctl

EMPTY = 0  # ``marks`` holds 0 for an empty square, 1 + side for a mark
POLL_MASK = 1023  # look at the stop flag every 1024 nodes
MAX_PLY = 96  # forced blocks extend the search; no line goes deeper than this
ABORTED = -(WIN + 7)  # a search stopped by the driver (never a value)
# the int64 cells of a position's ``state`` array
# (S_OPEN: the lines without a mark of each side, that someone could still complete)
S_SUM_X, S_SUM_O, S_FOURS_X, S_FOURS_O, S_THREES_X, S_THREES_O, S_HASH, S_ABORT, S_MARKS, S_OPEN = range(10)
STATE_SIZE = 10
# how a node's squares were chosen: the beam, the blocks of a four, the answers to double threats;
# or none chosen: nothing answers the opponent's double threats
BEAM, BLOCKS, ANSWERS, LOST = 0, 1, 2, 3
# the rows of the scratch array ``answers`` works in
W_FIRST, W_THREAT, W_HITS, W_STAMP, W_TOUCHED = range(5)
# a table entry's ``info``: depth, bound and best move packed in one int64 (the depth in its low 8
# bits, the bound in the next 2, the best move plus 1 from ``MOVE_SHIFT`` up)
EXACT, LOWER, UPPER = 0, 1, 2
MOVE_SHIFT = 10


class Board:
    """The fixed arrays of a width x height board with k in a row: each line's squares, the lines
    through each square (-1 padded), the king-move neighbours of each square (-1 padded), the
    random keys of the hash, an open line's score by its marks (``powers``: by the number of
    marks, ``TICTACTOE_LINE_BASE`` multiplied by itself that many times, up to k + 1 for
    ``line_gain``'s mark more), and the game's move order (the Python search's order among squares of equal gain)."""

    def __init__(self, width: int, height: int, k: int) -> None:
        self.width, self.height, self.k = width, height, k
        cells = width * height
        lines: list[list[int]] = []
        for row in range(height):
            for col in range(width):
                for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                    end_r, end_c = row + dr * (k - 1), col + dc * (k - 1)
                    if 0 <= end_r < height and 0 <= end_c < width:
                        lines.append([(row + dr * i) * width + col + dc * i for i in range(k)])
        self.lines = np.array(lines, np.int32).reshape(len(lines), k)
        through: list[list[int]] = [[] for _ in range(cells)]
        for index, line in enumerate(lines):
            for square in line:
                through[square].append(index)
        most = max(len(t) for t in through)
        self.through = np.full((cells, most), -1, np.int32)
        for square, indices in enumerate(through):
            self.through[square, :len(indices)] = indices
        self.near = np.full((cells, 8), -1, np.int32)
        for square in range(cells):
            row, col = divmod(square, width)
            found = [(row + dr) * width + col + dc for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                     if (dr or dc) and 0 <= row + dr < height and 0 <= col + dc < width]
            self.near[square, :len(found)] = found
        rng = np.random.default_rng(width * 10_000 + height * 100 + k)
        self.keys = rng.integers(1, 2**63 - 1, size=(2, cells), dtype=np.int64)
        self.powers = np.array([TICTACTOE_LINE_BASE**i for i in range(k + 2)], np.int64)
        self.order = np.array(games.load("tictactoe", width=width, height=height, k=k).move_order, np.int32)


@lru_cache(maxsize=8)
def board(width: int, height: int, k: int) -> Board:
    return Board(width, height, k)


class Position:
    """A position under search: the marks, each line's count of each side's marks, how many marks
    each square has next to it, and ``state`` (the open lines' sums and fours, the hash)."""

    def __init__(self, b: Board, boards: tuple[int, int]) -> None:
        cells = b.width * b.height
        self.marks = np.zeros(cells, np.int8)
        self.counts = np.zeros((len(b.lines), 2), np.int32)
        self.near_marks = np.zeros(cells, np.int32)
        self.state = np.zeros(STATE_SIZE, np.int64)
        self.state[S_OPEN] = len(b.lines)
        for side in (0, 1):
            for square in range(cells):
                if boards[side] >> square & 1:
                    place(b.lines, b.through, b.near, b.keys, b.powers, self.marks, self.counts,
                          self.near_marks, self.state, square, side)


class Table:
    """The transposition table: 2**bits entries of a hash and a packed (value, depth, bound, move)."""

    def __init__(self, bits: int = 20) -> None:
        self.keys = np.zeros(1 << bits, np.int64)
        self.values = np.zeros(1 << bits, np.int64)
        self.info = np.zeros(1 << bits, np.int64)

    def best_move(self, key: int) -> int:
        """The best move of ``key``'s entry (``_probe``'s), or -1 when the table does not hold it."""
        slot = key & (len(self.keys) - 1)
        if self.keys[slot] != key:
            return -1
        return (int(self.info[slot]) >> MOVE_SHIFT) - 1


@njit(cache=True, nogil=True)
def _line_score(count_mine, count_theirs, powers):
    """An open line's share of its side's sum: 4 multiplied by itself once for each of the side's
    marks in it (``powers``), or 0 when the line is blocked or empty."""
    if count_mine > 0 and count_theirs == 0:
        return powers[count_mine]
    return 0


@njit(cache=True, nogil=True)
def _account(counts, line, state, powers, k, sign):
    """Add (``sign`` 1) or take away (-1) ``line``'s share of both sides' sums, fours and threes
    (lines of k-2 marks, no enemy mark), and of the open lines (a line holding both sides' marks
    is open no more)."""
    x, o = counts[line, 0], counts[line, 1]
    if x > 0 and o > 0:
        state[S_OPEN] -= sign
    state[S_SUM_X] += sign * _line_score(x, o, powers)
    state[S_SUM_O] += sign * _line_score(o, x, powers)
    for side, mine, theirs in ((0, x, o), (1, o, x)):
        if theirs == 0 and mine == k - 1:
            state[S_FOURS_X + side] += sign
        elif theirs == 0 and mine == k - 2:
            state[S_THREES_X + side] += sign


@njit(cache=True, nogil=True)
def place(lines, through, near, keys, powers, marks, counts, near_marks, state, square, side):
    """Mark ``square`` for ``side``; True when that completes a line of k."""
    k = lines.shape[1]
    marks[square] = 1 + side
    state[S_HASH] ^= keys[side, square]
    state[S_MARKS] += 1
    won = False
    for i in range(through.shape[1]):
        line = through[square, i]
        if line < 0:
            break
        _account(counts, line, state, powers, k, -1)
        counts[line, side] += 1
        _account(counts, line, state, powers, k, 1)
        if counts[line, side] == k:
            won = True
    for i in range(8):
        if near[square, i] >= 0:
            near_marks[near[square, i]] += 1
    return won


@njit(cache=True, nogil=True)
def take_back(lines, through, near, keys, powers, marks, counts, near_marks, state, square, side):
    """Undo ``place(square, side)``."""
    k = lines.shape[1]
    marks[square] = EMPTY
    state[S_HASH] ^= keys[side, square]
    state[S_MARKS] -= 1
    for i in range(through.shape[1]):
        line = through[square, i]
        if line < 0:
            break
        _account(counts, line, state, powers, k, -1)
        counts[line, side] -= 1
        _account(counts, line, state, powers, k, 1)
    for i in range(8):
        if near[square, i] >= 0:
            near_marks[near[square, i]] -= 1


@njit(cache=True, nogil=True)
def evaluate(state, side):
    """``OpenLines.evaluate``: the side to move's open lines double, less the other side's, plus 1
    for the move; kept inside the proven range.  0 with no open line left: a draw, whoever moves."""
    if state[S_OPEN] == 0:
        return 0
    mine, theirs = state[S_SUM_X + side], state[S_SUM_X + 1 - side]
    value = 2 * mine - theirs + 1
    return max(-PROVEN + 1, min(PROVEN - 1, value))


@njit(cache=True, nogil=True)
def blocks(lines, marks, counts, side, out):
    """The empty squares completing a four of ``side`` (the other side's blocks) into ``out``;
    how many different squares."""
    k = lines.shape[1]
    found = 0
    for line in range(lines.shape[0]):
        if counts[line, side] == k - 1 and counts[line, 1 - side] == 0:
            for i in range(k):
                square = lines[line, i]
                if marks[square] == EMPTY:
                    seen = False
                    for j in range(found):
                        if out[j] == square:
                            seen = True
                    if not seen:
                        out[found] = square
                        found += 1
                    break
    return found


@njit(cache=True, nogil=True)
def line_gain(lines, through, powers, counts, square, side):
    """``line_gains`` of one square for ``side`` to move."""
    gain = 0
    for i in range(through.shape[1]):
        line = through[square, i]
        if line < 0:
            break
        mine, theirs = counts[line, side], counts[line, 1 - side]
        if theirs == 0:
            gain += powers[mine + 1]
        if mine == 0:
            gain += powers[theirs + 1]
    return gain


@njit(cache=True, nogil=True)
def candidates(lines, through, powers, order, marks, counts, near_marks, side, width, out, gains, every):
    """The squares to search, best first, into ``out``; how many.  The empty squares next to a mark
    ranked by ``line_gain`` (ties in the game's move ``order``), the best ``width`` of them (all of
    them when ``every``; every empty square when ``every`` and ``width`` is 0); the first empty
    square in ``order`` on an empty board."""
    cells = marks.shape[0]
    found = 0
    for at in range(cells):
        square = order[at]
        if marks[square] == EMPTY and (near_marks[square] > 0 or (every and width == 0)):
            out[found] = square
            gains[found] = line_gain(lines, through, powers, counts, square, side)
            found += 1
    if found == 0:
        for at in range(cells):
            square = order[at]
            if marks[square] == EMPTY:
                out[found] = square
                gains[found] = 0
                found += 1
                break
    keep = found if every else min(found, width)
    for i in range(keep):  # selection of the best, ties kept in order
        best = i
        for j in range(i + 1, found):
            if gains[j] > gains[best]:
                best = j
        if best != i:
            out[i], out[best] = out[best], out[i]
            gains[i], gains[best] = gains[best], gains[i]
    return keep


@njit(cache=True, nogil=True)
def _stopped(ctl):
    return ctl[CTL_STOP] != 0 or (ctl[CTL_MAX_NODES] > 0 and ctl[CTL_NODES] >= ctl[CTL_MAX_NODES])


@njit(cache=True, nogil=True)
def _probe(table_keys, table_values, table_info, key, ply):
    """(found, value, depth, bound, move) of ``key``'s entry; wins and losses made relative to
    ``ply`` again."""
    slot = key & (table_keys.shape[0] - 1)
    if table_keys[slot] != key:
        return False, 0, -1, EXACT, -1
    value = table_values[slot]
    if value >= PROVEN:
        value -= ply
    elif value <= -PROVEN:
        value += ply
    info = table_info[slot]
    return True, value, info & 0xFF, info >> 8 & 0x3, (info >> MOVE_SHIFT) - 1


@njit(cache=True, nogil=True)
def _store(table_keys, table_values, table_info, key, ply, value, depth, bound, move):
    slot = key & (table_keys.shape[0] - 1)
    if value >= PROVEN:
        value += ply
    elif value <= -PROVEN:
        value -= ply
    table_keys[slot] = key
    table_values[slot] = value
    table_info[slot] = min(max(depth, 0), 0xFF) | bound << 8 | (move + 1) << MOVE_SHIFT


@njit(cache=True, nogil=True)
def answers(lines, marks, counts, attacker, out, work):
    """The squares that stop every double threat of ``attacker`` (a square where its mark would
    make two fours completing on different squares: an open three's end, a four-three's crossing)
    into ``out``; how many, or -1 when it has none.  Only the square itself and the squares
    completing its fours stop one, so any other move loses to it (unless it makes a four: see
    ``moves_at``).  ``work`` is scratch, its rows but ``W_TOUCHED`` left as found (-1 in ``W_FIRST``, 0 elsewhere)."""
    k = lines.shape[1]
    defender = 1 - attacker
    touched = 0
    threats = 0
    for line in range(lines.shape[0]):  # each empty square's first completion, and whether a second
        if counts[line, attacker] != k - 2 or counts[line, defender] != 0:
            continue
        first, second = -1, -1
        for i in range(k):
            if marks[lines[line, i]] == EMPTY:
                if first < 0:
                    first = lines[line, i]
                else:
                    second = lines[line, i]
        for square, other in ((first, second), (second, first)):
            if work[W_FIRST, square] < 0:
                work[W_FIRST, square] = other
                work[W_TOUCHED, touched] = square
                touched += 1
            elif work[W_FIRST, square] != other and work[W_THREAT, square] == 0:
                work[W_THREAT, square] = 1
                threats += 1
    if threats > 0:
        for line in range(lines.shape[0]):  # each threat's stoppers: itself and its completions
            if counts[line, attacker] != k - 2 or counts[line, defender] != 0:
                continue
            for i in range(k):
                threat = lines[line, i]
                if marks[threat] != EMPTY or work[W_THREAT, threat] == 0:
                    continue
                for j in range(k):
                    square = lines[line, j]
                    if marks[square] == EMPTY and square != threat and work[W_STAMP, square] != threat + 1:
                        work[W_STAMP, square] = threat + 1  # each completion once per threat
                        work[W_HITS, square] += 1
        for i in range(touched):
            square = work[W_TOUCHED, i]
            if work[W_THREAT, square] == 1:
                work[W_HITS, square] += 1
    found = 0
    for i in range(touched):
        square = work[W_TOUCHED, i]
        if threats > 0 and work[W_HITS, square] == threats:
            out[found] = square
            found += 1
        work[W_FIRST, square], work[W_THREAT, square], work[W_HITS, square], work[W_STAMP, square] = -1, 0, 0, 0
    return found if threats > 0 else -1


@njit(cache=True, nogil=True)
def moves_at(lines, through, powers, order, marks, counts, near_marks, state, side, width, row, gains, work):
    """The squares a node searches, best first, into ``row``, and how they were chosen:
    ``BLOCKS``, the blocks of the opponent's four (two or more squares: it has lost);
    ``ANSWERS``, against the opponent's double threats, the squares that stop them all and the
    mover's own fours (``LOST`` and none when there are none); else ``BEAM``, the best ``width``
    squares next to a mark.  The side to move has no four here."""
    opponent = 1 - side
    if state[S_FOURS_X + opponent] > 0:
        return blocks(lines, marks, counts, opponent, row), BLOCKS
    if state[S_THREES_X + opponent] >= 2:
        found = answers(lines, marks, counts, opponent, row, work)
        if found >= 0:
            k = lines.shape[1]
            for line in range(lines.shape[0]):  # the mover's own fours, which the opponent must answer first
                if counts[line, side] == k - 2 and counts[line, opponent] == 0:
                    for i in range(k):
                        square = lines[line, i]
                        if marks[square] == EMPTY and not (row[:found] == square).any():
                            row[found] = square
                            found += 1
            for i in range(found):
                gains[i] = line_gain(lines, through, powers, counts, row[i], side)
            for i in range(found):  # best first
                best = i
                for j in range(i + 1, found):
                    if gains[j] > gains[best]:
                        best = j
                row[i], row[best] = row[best], row[i]
                gains[i], gains[best] = gains[best], gains[i]
            return found, ANSWERS if found > 0 else LOST
    return candidates(lines, through, powers, order, marks, counts, near_marks, side, width, row, gains, False), BEAM


@njit(cache=True, nogil=True)
def _first(row, count, move):
    """Move ``move`` to the front of ``row[:count]``, adding it if absent; the new count."""
    at = -1
    for i in range(count):
        if row[i] == move:
            at = i
    if at < 0:
        at = count
        count += 1
    for i in range(at, 0, -1):
        row[i] = row[i - 1]
    row[0] = move
    return count


@njit(cache=True, nogil=True)
def _extend(pv, pv_len, ply, square):
    """``pv[ply]`` becomes ``square`` then the line of the node it leads to (``pv[ply + 1]``)."""
    pv[ply, 0] = square
    length = 1
    if ply + 1 < pv.shape[0]:
        for i in range(pv_len[ply + 1]):
            pv[ply, 1 + i] = pv[ply + 1, i]
        length += pv_len[ply + 1]
    pv_len[ply] = length


@njit(cache=True, nogil=True)
def negamax(lines, through, near, keys, powers, order, marks, counts, near_marks, state, table_keys, table_values,
            table_info, moves, gains, work, pv, pv_len, side, depth, alpha, beta, ply, width, ctl):
    """The value of the position for ``side`` to move, searched ``depth`` plies with ``width``
    squares a node (``moves_at``); blocking a four costs no depth, and a leaf facing double
    threats that nothing answers is lost.  ``moves`` and ``gains`` are scratch rows, one per ply.
    ``pv[ply, :pv_len[ply]]`` is left holding the line below the node that raised alpha (its
    principal variation; empty where the node was answered without a move searched: the table, a
    leaf, a win or loss known at once).  Returns ``ABORTED`` (and sets ``state[S_ABORT]``) when the
    driver stops it."""
    pv_len[ply] = 0
    ctl[CTL_NODES] += 1
    if ctl[CTL_NODES] & POLL_MASK == 0 and _stopped(ctl):
        state[S_ABORT] = 1
        return ABORTED
    if ply >= MAX_PLY - 2:
        return evaluate(state, side)
    if state[S_FOURS_X + side] > 0:
        return WIN - ply - 1  # its four completes next move
    if state[S_MARKS] == marks.shape[0] or state[S_OPEN] == 0:
        return 0  # a full board, or one where no line can be completed any more: a draw
    alpha = max(alpha, -(WIN - ply))
    beta = min(beta, WIN - ply - 1)
    if alpha >= beta:
        return alpha
    key = state[S_HASH] ^ side
    found, stored, stored_depth, bound, tt_move = _probe(table_keys, table_values, table_info, key, ply)
    if found and stored_depth >= depth and (
            bound == EXACT or (bound == LOWER and stored >= beta) or (bound == UPPER and stored <= alpha)):
        return stored
    row = moves[ply]
    count, how = moves_at(lines, through, powers, order, marks, counts, near_marks, state, side, width, row,
                          gains[ply], work)
    if how == BLOCKS and count > 1:
        return -(WIN - ply - 2)  # one four is blocked, the other completes
    if how == LOST:
        return -(WIN - ply - 4)  # whatever it plays, a double threat, one four blocked, the other completes
    if depth <= 0 and how != BLOCKS:
        return evaluate(state, side)
    if how == BEAM and tt_move >= 0 and marks[tt_move] == EMPTY:
        count = _first(row, count, tt_move)
    child_depth = depth if how == BLOCKS else depth - 1
    alpha0 = alpha
    best, best_move = -WIN - 1, -1
    widened = how != BEAM  # blocks and answers are every move that does not lose at once
    i = 0
    while i < count:
        square = moves[ply, i]
        place(lines, through, near, keys, powers, marks, counts, near_marks, state, square, side)
        low = -beta if i == 0 else -alpha - 1  # after the first move, prove each worse with a null window
        value = -negamax(lines, through, near, keys, powers, order, marks, counts, near_marks, state, table_keys,
                         table_values, table_info, moves, gains, work, pv, pv_len, 1 - side, child_depth, low,
                         -alpha, ply + 1, width, ctl)
        if i > 0 and state[S_ABORT] == 0 and alpha < value < beta:
            value = -negamax(lines, through, near, keys, powers, order, marks, counts, near_marks, state, table_keys,
                             table_values, table_info, moves, gains, work, pv, pv_len, 1 - side, child_depth, -beta,
                             -value, ply + 1, width, ctl)
        take_back(lines, through, near, keys, powers, marks, counts, near_marks, state, square, side)
        if state[S_ABORT] != 0:
            return ABORTED
        if value > best:
            best, best_move = value, square
            if value > alpha:
                alpha = value
                _extend(pv, pv_len, ply, square)
                if alpha >= beta:
                    break
        i += 1
        if i == count and best <= -PROVEN and not widened:
            # every square of the beam loses: look at every other square before believing it
            widened = True
            seen = row[:count].copy()
            total = candidates(lines, through, powers, order, marks, counts, near_marks, side, 0, row, gains[ply],
                               True)
            count = 0
            for j in range(total):
                if not (seen == row[j]).any():
                    row[count] = row[j]
                    count += 1
            i = 0
    bound = UPPER if best <= alpha0 else LOWER if best >= beta else EXACT
    _store(table_keys, table_values, table_info, key, ply, best, depth, bound, best_move)
    return best


@njit(cache=True, nogil=True)
def root(lines, through, near, keys, powers, order, marks, counts, near_marks, state, table_keys, table_values,
         table_info, moves, gains, work, pv, pv_len, side, depth, width, root_width, first, out, ctl):
    """One iteration at ``depth``: ``out`` = (value, best move, 1 if every root move was searched),
    ``pv[0, :pv_len[0]]`` the best move's line (``negamax``'s).
    The root's squares are ``moves_at``'s with ``root_width`` (``first``, the last iteration's
    best, first), and every other square when they all lose (so a finished iteration's loss, as
    its win, holds against every defence); a stopped iteration keeps the best move it had, or
    returns the move -1."""
    state[S_ABORT] = 0
    row = moves[0]
    out[0], out[1], out[2] = -WIN - 1, -1, 0
    pv_len[0] = 0
    if state[S_FOURS_X + side] > 0:  # the win in one: the square completing the four
        blocks(lines, marks, counts, side, row)
        out[0], out[1], out[2] = WIN - 1, row[0], 1
        pv[0, 0], pv_len[0] = row[0], 1
        return
    count, how = moves_at(lines, through, powers, order, marks, counts, near_marks, state, side, root_width, row,
                          gains[0], work)
    complete = how != BEAM  # the blocks, the answers, or nothing to answer with: the other moves lose
    if how == LOST:  # every move loses: the beam's, the opponent may still go wrong
        count = candidates(lines, through, powers, order, marks, counts, near_marks, side, root_width, row,
                           gains[0], False)
    elif how == BEAM and first >= 0 and marks[first] == EMPTY:
        count = _first(row, count, first)
    alpha, beta = -WIN - 1, WIN + 1
    root_moves = row[:count].copy()
    while True:
        for i in range(len(root_moves)):
            square = root_moves[i]
            place(lines, through, near, keys, powers, marks, counts, near_marks, state, square, side)
            low = -beta if i == 0 else -alpha - 1  # after the first move, prove each worse with a null window
            value = -negamax(lines, through, near, keys, powers, order, marks, counts, near_marks, state, table_keys,
                             table_values, table_info, moves, gains, work, pv, pv_len, 1 - side, depth - 1, low,
                             -alpha, 1, width, ctl)
            if i > 0 and state[S_ABORT] == 0 and alpha < value < beta:
                value = -negamax(lines, through, near, keys, powers, order, marks, counts, near_marks, state,
                                 table_keys, table_values, table_info, moves, gains, work, pv, pv_len, 1 - side,
                                 depth - 1, -beta, -value, 1, width, ctl)
            take_back(lines, through, near, keys, powers, marks, counts, near_marks, state, square, side)
            if state[S_ABORT] != 0:
                return
            if value > out[0]:
                out[0], out[1] = value, square
                alpha = max(alpha, value)
                _extend(pv, pv_len, 0, square)
        if complete or out[0] > -PROVEN:
            break
        # every square of the beam loses: look at every other square before believing it
        complete = True
        total = candidates(lines, through, powers, order, marks, counts, near_marks, side, 0, row, gains[0], True)
        rest = 0
        for j in range(total):
            if not (root_moves == row[j]).any():
                row[rest] = row[j]
                rest += 1
        root_moves = row[:rest].copy()
    out[2] = 1
    _store(table_keys, table_values, table_info, state[S_HASH] ^ side, 0, out[0], depth, EXACT, out[1])


class Scratch:
    """What one search writes as it goes: each ply's squares and their gains, ``answers``' rows,
    and each ply's principal variation (``pv``, ``pv_len``: the root's is the best move's line)."""

    def __init__(self, cells: int) -> None:
        self.moves = np.zeros((MAX_PLY + 2, cells), np.int32)
        self.gains = np.zeros((MAX_PLY + 2, cells), np.int64)
        self.work = np.zeros((W_TOUCHED + 1, cells), np.int32)
        self.work[W_FIRST] = -1
        self.pv = np.zeros((MAX_PLY + 2, MAX_PLY + 2), np.int32)
        self.pv_len = np.zeros(MAX_PLY + 2, np.int32)

    def line(self) -> list[int]:
        """The last ``root``'s best line: its best move, then the replies the search expects."""
        return [int(square) for square in self.pv[0, :self.pv_len[0]]]


def search(b: Board, position: Position, table: Table, side: int, depth: int, width: int, root_width: int,
           first: int, ctl: np.ndarray, work: Scratch | None = None) -> np.ndarray:
    """``root`` on ``position``: (value, best move, 1 if finished) as an int64 array."""
    work = work or Scratch(len(position.marks))
    out = np.zeros(3, np.int64)
    root(b.lines, b.through, b.near, b.keys, b.powers, b.order, position.marks, position.counts,
         position.near_marks, position.state, table.keys, table.values, table.info, work.moves, work.gains,
         work.work, work.pv, work.pv_len, side, depth, width, root_width, first, out, ctl)
    return out


@mends_the_cache
def warm_up() -> None:
    """Compile (or load from numba's cache) the search on a small position of 8x8 four in a row."""
    b = board(8, 8, 4)
    position = Position(b, (1 << 27 | 1 << 28, 1 << 36))
    search(b, position, Table(8), 0, 3, 4, 4, -1, new_ctl())


# ai.kernels.warm_up's stages: one, the search
STAGES = {"search": warm_up}
