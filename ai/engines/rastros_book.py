"""The Rastros opening book: proven moves from the start, made by tools/rastros_book.py.

Rastros is solved on every board size we offer (docs/rastros-proof.md): South wins 4x4..7x7, North
wins 8x8.  The book holds, for every position reachable from the start with the winner playing book
moves and the loser playing anything, the winner's proven winning move, down to the positions the
in-game solver (ai/engines/rastros_solver.py) proves by itself within a move's budget.  For the
loser it holds, in the lost positions of that tree, the hardest reply to refute: the one whose
subtree holds the most winner positions with a single winning move (one slip and the win is
gone), then the most winner positions (the longest book line).  On 6x6 and 7x7 it also holds the
position after each of South's first moves (won or lost), so analysis proves every first move.

A position is keyed as the solver sees it, ``(piece, region, side)`` (the reachable free region,
ai/engines/rastros_board.py), reduced by the board's reflection (r, c) -> (n + 1 - c, n + 1 - r),
which keeps the start square and both goals: of a position and its mirror the one with the smaller
(region, piece) is stored, its move in that frame.  One file per board size,
``ai/data/rastros_book<n>.npz``: arrays ``region`` (uint64, sorted) and ``code`` (uint16: piece in
bits 0-5, side bit 6, move bits 7-12, bit 13 set when the side to move wins), plus ``figures``
(the generator's numbers), and ``plies`` (uint8, beside ``code``): the position's length under
perfect play, the winner's quickest win against the loser's slowest loss (the solver's
``solve_plies``, the number its "wins in 13 plies" says), 0 where the generator's length pass did
not count it within its cap (``--length-cap``: 6x6's four positions are all counted; 7x7's and
8x8's, 32 to 63 free squares, are mostly beyond any cap this solver meets, docs/rastros-proof.md
"How long a win is").  A file made before the length pass has no ``plies``: every length unknown.
Files are loaded on first use.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

import numpy as np

from ai import data
from games.grid import permute_bits
from games.rastros import RastrosState

PIECE_MASK, SIDE_SHIFT, MOVE_SHIFT, WIN_SHIFT = 0x3F, 6, 7, 13


def file_name(n: int) -> str:
    return f"rastros_book{n}.npz"


@lru_cache(maxsize=8)
def mirror_squares(n: int) -> tuple[int, ...]:
    """Square index -> its reflection by (r, c) -> (n + 1 - c, n + 1 - r)."""
    return tuple((n - 1 - sq % n) * n + (n - 1 - sq // n) for sq in range(n * n))


def mirror_bits(n: int, mask: int) -> int:
    """A bitboard reflected square by square."""
    return permute_bits(mask, mirror_squares(n))


class Key(NamedTuple):
    """A position in the book's frame: ``mirrored`` says the stored frame is the reflection."""

    region: int
    piece: int
    side: int
    mirrored: bool


def book_key(n: int, piece: int, region: int, side: int) -> Key:
    """The stored form of (piece, region, side): itself or its mirror, whichever is smaller."""
    m_region, m_piece = mirror_bits(n, region), mirror_squares(n)[piece]
    if (m_region, m_piece) < (region, piece):
        return Key(m_region, m_piece, side, True)
    return Key(region, piece, side, False)


def encode(piece: int, side: int, move: int, mover_wins: bool) -> int:
    return piece | side << SIDE_SHIFT | move << MOVE_SHIFT | int(mover_wins) << WIN_SHIFT


class Book:
    """One board size's book: sorted regions and codes (see the module docstring)."""

    def __init__(self, n: int, region: np.ndarray, code: np.ndarray, figures: dict | None = None,
                 open_keys: frozenset[tuple[int, int, int]] = frozenset(), plies: np.ndarray | None = None) -> None:
        self.n = n
        self.region = region
        self.code = code
        self.plies = np.zeros(len(code), np.uint8) if plies is None else plies  # 0: not counted
        self.figures = figures or {}
        self.open_keys = open_keys  # (region, piece, side) the generator has not booked yet (a partial book)

    def __len__(self) -> int:
        return len(self.region)

    def lookup(self, piece: int, region: int, side: int) -> tuple[int, bool] | None:
        """(move, the mover wins) for the kernel position (piece, region, side), or None."""
        found = self.entry(piece, region, side)
        return None if found is None else found[:2]

    def entry(self, piece: int, region: int, side: int) -> tuple[int, bool, int | None] | None:
        """(move, the mover wins, plies to the end under perfect play or None when not counted)
        for the kernel position (piece, region, side), or None when the book does not hold it."""
        key = book_key(self.n, piece, region, side)
        lo = int(np.searchsorted(self.region, np.uint64(key.region), "left"))
        hi = int(np.searchsorted(self.region, np.uint64(key.region), "right"))
        ident = key.piece | key.side << SIDE_SHIFT
        for at, code in enumerate(self.code[lo:hi].tolist(), lo):
            if code & (PIECE_MASK | 1 << SIDE_SHIFT) == ident:
                move = code >> MOVE_SHIFT & PIECE_MASK
                plies = int(self.plies[at])
                return ((mirror_squares(self.n)[move] if key.mirrored else move), bool(code >> WIN_SHIFT & 1),
                        plies or None)
        return None


    def is_open(self, piece: int, region: int, side: int) -> bool:
        """A position the generator reached but did not book (it stopped at a ply limit)."""
        key = book_key(self.n, piece, region, side)
        return (key.region, key.piece, key.side) in self.open_keys


def save(path, n: int, entries: dict[Key, tuple[int, bool]], figures: dict, open_keys=(),
         plies: dict[Key, int] | None = None) -> None:
    """Write a book: ``entries`` maps stored keys (``mirrored`` False) to (move, the mover wins);
    ``open_keys`` the stored keys still to be booked (a partial book); ``plies`` the lengths the
    generator counted (the others stored as 0, not counted), None for a book without a length pass
    (no ``plies`` array: 7x7's and 8x8's files as they were made before it)."""
    counted = plies or {}
    rows = sorted((k.region, encode(k.piece, k.side, move, won), counted.get(k, 0))
                  for k, (move, won) in entries.items())
    if any(not 0 <= length < 256 for *_, length in rows):
        raise ValueError("a length beyond the book's uint8")
    still = sorted((k.region, k.piece | k.side << SIDE_SHIFT) for k in open_keys)
    names = sorted(figures)
    lengths = {} if plies is None else {"plies": np.array([length for *_, length in rows], np.uint8)}
    with open(path, "wb") as out:
        np.savez_compressed(out, region=np.array([r for r, _, _ in rows], np.uint64),
                            code=np.array([c for _, c, _ in rows], np.uint16), **lengths,
                            open_region=np.array([r for r, _ in still], np.uint64),
                            open_code=np.array([c for _, c in still], np.uint16),
                            figure_names=np.array(names, dtype="U64"),
                            figure_values=np.array([str(figures[k]) for k in names], dtype="U400"))


@lru_cache(maxsize=8)
def load(n: int) -> Book | None:
    """The book of n x n boards, read on first use; None when there is none."""
    if not data.verified(file_name(n)):
        return None
    with np.load(data.path(file_name(n))) as arrays:
        figures = dict(zip(arrays["figure_names"].tolist(), arrays["figure_values"].tolist()))
        still = frozenset((int(r), int(c) & PIECE_MASK, int(c) >> SIDE_SHIFT & 1)
                          for r, c in zip(arrays["open_region"].tolist(), arrays["open_code"].tolist()))
        plies = arrays["plies"].copy() if "plies" in arrays.files else None  # a book made before the length pass
        return Book(n, arrays["region"].copy(), arrays["code"].copy(), figures, still, plies)


def book_answer(state) -> tuple[int, int, int | None] | None:
    """The book's move for a Rastros game state: (move, proven, plies), ``proven`` +1 when the side
    to move wins and -1 when it loses (with perfect play), ``plies`` the plies to the end under
    perfect play where the book counted them, else None; None when the position is not in the book."""
    if state.is_terminal():
        return None
    n = state.game.n
    book = load(n)
    if book is None:
        return None
    found = book.entry(state.white, state.reachable(), state.to_move)  # the rules' flood: no kernel, so a
    # book move needs no compiled code (a fresh install's first moves come while the kernels compile)
    if found is None:
        return None
    move, wins, plies = found
    return move, (1 if wins else -1), plies


def replies_length(state: RastrosState) -> tuple[int, list[int]] | None:
    """The plies to the end of ``state`` under perfect play and the moves that keep to them (in the
    game's order), read one ply down from the book: each move's position is over (1 ply), lets the
    opponent win at once (2 plies) or is booked with its length, and the side to move takes the
    quickest win, else the slowest loss (``solve_plies``' rule).  None where a move's value or a
    winning move's length is unknown (an unknown move might win sooner).  So 6x6's start, a solver
    leaf the book does not store, says its 29 plies from its three winning first moves' booked
    positions (28 each) without the 8 million solver positions its count takes."""
    if state.is_terminal():
        return None
    book = load(state.game.n)
    if book is None or not book.plies.any():
        return None  # no lengths in this book (7x7's, 8x8's)
    values = []  # (the mover wins after the move, plies to the end with the move) or None: unknown
    for move in state.legal_moves():
        after = state.play(move)
        if after.is_terminal():
            values.append((after.winner() == state.to_move, 1))
            continue
        if any(after.play(reply).winner() == after.to_move for reply in after.legal_moves()):
            values.append((False, 2))  # the opponent wins at once (the book stores no such position)
            continue
        found = book.entry(after.white, after.reachable(), after.to_move)
        values.append(None if found is None else (not found[1], None if found[2] is None else found[2] + 1))
    moves = state.legal_moves()
    if any(v is not None and v[0] for v in values):  # won: the quickest of the winning moves
        if any(v is None or v[0] and v[1] is None for v in values):
            return None  # a move of unknown value or length may win sooner
        best = min(v[1] for v in values if v[0])
        return best, [m for m, v in zip(moves, values) if v == (True, best)]
    if any(v is None or v[1] is None for v in values):
        return None
    best = max(v[1] for v in values)
    return best, [m for m, v in zip(moves, values) if v[1] == best]


def book_move_led_here(state: RastrosState) -> bool:
    """Whether the side to move reached this position by the book's winning move, the opponent
    having replied since (the last three squares of the trail say so; False without them).  The
    generator proved each such reply won within the in-game budget, or booked it, or listed it open
    (``Book.is_open``, False then): the solver finds the win in a few thousand nodes, so a player
    that did not play the book move itself (a hint, a computer taking over a game) still keeps it."""
    if len(state.trail) < 3 or state.is_terminal():
        return False
    before, ours = state.trail[-3], state.trail[-2]
    earlier = RastrosState(state.game, before, state.blacks & ~(1 << before | 1 << ours), state.to_move)
    answer = book_answer(earlier)
    if answer is None or answer[:2] != (ours, 1):
        return False
    return not left_open(state)


def left_open(state: RastrosState) -> bool:
    """Whether the book lists ``state`` open: reached by its generator but neither booked nor
    proven within the in-game budget (a partial book); False without a book."""
    book = load(state.game.n)
    if book is None:
        return False
    return book.is_open(state.white, state.reachable(), state.to_move)


def bench_lines(report) -> None:
    """Book figures for ``python main.py bench rastros``: size, generation time (from the file),
    positions left open, the time to load the file, and the winner positions with a single
    winning move (the hardness pass of tools/rastros_book.py)."""
    import time

    for n in range(4, 9):
        load.cache_clear()
        start = time.perf_counter()
        b = load(n)
        seconds = time.perf_counter() - start
        if b is None:
            continue
        f = b.figures
        report(f"  {n}x{n} book: {len(b)} positions ({f.get('winner_positions')} winner, {f.get('loser_positions')} "
               f"loser), {len(b.open_keys)} left open; generated in {f.get('seconds')} s "
               f"({f.get('solver_positions')} solver positions, in-game budget {f.get('in_game_budget')} nodes); "
               f"loaded in {seconds * 1000:.1f} ms; {single_winning_moves(f)}")


def single_winning_moves(figures: dict) -> str:
    """The book's hardness pass in words (``figures``: the book file's, tools/rastros_book.py): how
    many winner positions have a single winning move, and how many it could not tell, their count
    of winning moves stopped at its cap.  "(111 unknown)" did not say unknown what."""
    cap = figures.get("hardness_cap")
    cap_said = f"{int(cap):,}" if str(cap).isdigit() else cap
    return (f"{figures.get('unique_win_positions')} winner positions with a single winning move "
            f"({figures.get('unknown_win_positions')} not known: counting their winning moves stopped at "
            f"{cap_said} solver positions)")
