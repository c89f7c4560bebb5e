"""The 6x6 Reversi opening book: perfect-play moves from the start, made by tools/solve_reversi6.py.

6x6 Reversi is solved: White, the second player, wins 20-16 with perfect play (a final margin of
-4 for Black, who moves first; our solver's proof is in docs/reversi-endgame.md).  The book holds,
for every position reachable from the start where one side (either one) plays book moves and the
other plays anything, the book side's best move (the one that keeps the exact final margin) and
that margin, down to the positions the in-game solver proves by itself within a move's time.

A position is keyed as the kernels see it, ``(me, opp)`` bitboards of the side to move and its
opponent, reduced by the 8 symmetries of the square (rotations and reflections, which the rules
do not see): of a position's 8 images the smallest ``(me, opp)`` is stored, its move in that frame.
The file ``ai/data/reversi6_book.npz`` has arrays ``me`` and ``opp`` (uint64), ``move`` (square in
the stored frame) and ``margin`` (the exact final margin for the mover, both int8), plus the
generator's figures; it is loaded on first use.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

import numpy as np

from ai import data
from ai.base import Progress
from games.grid import permute_bits

SIZE = 6
FILE_NAME = "reversi6_book.npz"


@lru_cache(maxsize=1)
def symmetries() -> tuple[tuple[int, ...], ...]:
    """The 8 symmetries of the 6x6 square as square permutations: ``perm[sq]`` is the image of ``sq``."""
    n = SIZE
    maps = []
    for flip in (False, True):
        for turns in range(4):
            perm = []
            for sq in range(n * n):
                r, c = divmod(sq, n)
                if flip:
                    c = n - 1 - c
                for _ in range(turns):
                    r, c = c, n - 1 - r
                perm.append(r * n + c)
            maps.append(tuple(perm))
    return tuple(maps)


class Key(NamedTuple):
    """A position in the book's frame and the symmetry (index into ``symmetries()``) that took it there."""

    me: int
    opp: int
    symmetry: int


def book_key(me: int, opp: int) -> Key:
    """The stored form of (me, opp): the smallest of its 8 images."""
    return min(Key(permute_bits(me, p), permute_bits(opp, p), i) for i, p in enumerate(symmetries()))


class Answer(NamedTuple):
    move: int
    margin: int  # exact final disc margin for the mover with perfect play from here


class Book:
    """Stored positions -> (move in the stored frame, margin)."""

    def __init__(self, entries: dict[tuple[int, int], tuple[int, int]], figures: dict | None = None) -> None:
        self.entries = entries
        self.figures = figures or {}

    def __len__(self) -> int:
        return len(self.entries)

    def lookup(self, me: int, opp: int) -> Answer | None:
        """The book's move and margin for the mover of (me, opp), in the position's own frame."""
        key = book_key(me, opp)
        entry = self.entries.get((key.me, key.opp))
        if entry is None:
            return None
        move, margin = entry
        back = symmetries()[key.symmetry].index(move)  # the square whose image is the stored move
        return Answer(back, margin)


def save(path, entries: dict[tuple[int, int], tuple[int, int]], figures: dict) -> None:
    """Write a book (``entries``: stored (me, opp) -> (move in that frame, margin))."""
    rows = sorted(entries.items())
    names = sorted(figures)
    with open(path, "wb") as out:
        np.savez_compressed(out, me=np.array([k[0] for k, _ in rows], np.uint64),
                            opp=np.array([k[1] for k, _ in rows], np.uint64),
                            move=np.array([v[0] for _, v in rows], np.int8),
                            margin=np.array([v[1] for _, v in rows], np.int8),
                            figure_names=np.array(names, dtype="U64"),
                            figure_values=np.array([str(figures[k]) for k in names], dtype="U400"))


def read(path) -> Book:
    with np.load(path) as z:
        entries = {(int(m), int(o)): (int(mv), int(mg))
                   for m, o, mv, mg in zip(z["me"], z["opp"], z["move"], z["margin"])}
        figures = dict(zip(z["figure_names"].tolist(), z["figure_values"].tolist()))
    return Book(entries, figures)


@lru_cache(maxsize=1)
def load() -> Book | None:
    """The shipped 6x6 book, or None when the file is missing."""
    path = data.path(FILE_NAME)
    return read(path) if path.exists() else None


def book_answer(state) -> Answer | None:
    """The book's move and exact margin for a 6x6 Reversi state, or None outside the book."""
    if state.game.size != SIZE:
        return None
    book = load()
    if book is None:
        return None
    answer = book.lookup(state.mover, state.opponent)
    if answer is None or answer.move not in state.legal_moves():
        return None
    return answer


def book_progress(answer: Answer) -> Progress:
    """The book's answer as the player reports it: a proof (the exact margin), kind "book"."""
    return Progress(best_move=answer.move, pv=[answer.move], score=float(answer.margin), kind="book",
                    proven=1 if answer.margin > 0 else -1 if answer.margin < 0 else 0)
