"""Reversi opening books, 6x6 and 8x8: one format, one lookup, positions keyed up to symmetry.

- **6x6** (ai/data/reversi6_book.npz, made by tools/solve_reversi6.py): 6x6 Reversi is solved:
  White, the second player, wins 20-16 with perfect play (a final margin of -4 for Black, who moves
  first; our solver's proof is in docs/reversi-endgame.md).  The book holds, for positions reachable
  from the start where one side (either one) plays book moves and the other plays anything, the
  book side's move and the margin it is proven to keep.  Its values are proofs: exact margins at
  the start and where the generator solved exactly, elsewhere lower bounds ("at least"): a move
  proven to keep the margin the book side already had (its share of the game's value, more if
  the opponent erred and the proof found more).  Following the book, either side is sure of the
  game's value, -4 for Black and +4 for White, against any play (a weak solution); after an
  opponent's mistake it keeps at least what it had, and once the solver takes over (within its
  reach) it plays exactly again.
- **8x8** (ai/data/reversi8_book.npz, made by tools/reversi_book.py): the openings our own deep
  searches prefer, grown from the start by self-play; every move of a book position that the
  generator searched, with its value in discs (a search estimate, negamaxed up the book tree).
  Its values are not proofs; the player picks at random among the moves within ``VARIETY`` discs
  of the best, so level-5's games differ from one another.

A position is keyed as the kernels see it, ``(me, opp)`` bitboards of the side to move and its
opponent, reduced by the 8 symmetries of the square (rotations and reflections, which the rules
do not see): of a position's 8 images the smallest ``(me, opp)`` is stored, its moves in that
frame.  A file has one row per (position, move): arrays ``me`` and ``opp`` (uint64), ``move``
(square in the stored frame, int8) and ``value`` (discs for the mover after that move, float32),
best move first within a position, ``bound`` (1: that value is a proven lower bound, not the
exact margin; absent in older files), plus the generator's figures (``exact`` says whether the
values are proofs).  Books are loaded on first use.
"""

from __future__ import annotations

import random
from functools import cache
from typing import NamedTuple

import numpy as np

from ai import data
from ai.base import Progress
from games.grid import permute_bits

FILE_NAMES = {6: "reversi6_book.npz", 8: "reversi8_book.npz"}
VARIETY = 1.0  # discs: an inexact book's moves this close to its best are all played (games differ)


@cache
def symmetries(size: int) -> tuple[tuple[int, ...], ...]:
    """The 8 symmetries of the square board as square permutations: ``perm[sq]`` is the image of ``sq``."""
    maps = []
    for flip in (False, True):
        for turns in range(4):
            perm = []
            for sq in range(size * size):
                r, c = divmod(sq, size)
                if flip:
                    c = size - 1 - c
                for _ in range(turns):
                    r, c = c, size - 1 - r
                perm.append(r * size + c)
            maps.append(tuple(perm))
    return tuple(maps)


class Key(NamedTuple):
    """A position in the book's frame and the symmetry (index into ``symmetries(size)``) that took it there."""

    me: int
    opp: int
    symmetry: int


def book_key(me: int, opp: int, size: int) -> Key:
    """The stored form of (me, opp): the smallest of its 8 images."""
    return min(Key(permute_bits(me, p), permute_bits(opp, p), i) for i, p in enumerate(symmetries(size)))


class Answer(NamedTuple):
    move: int
    value: float  # discs of final margin for the mover after this move (exact in an exact book)
    exact: bool = True
    at_least: bool = False  # ``value`` is a proven lower bound of the margin (a 6x6 book entry)
    at_most: bool = False  # ``value`` is a proven upper bound of the margin (``answer_by_replies`` of bounds)

    @property
    def proven(self) -> bool:
        """The mover is proven to reach ``value`` (exactly or at least)."""
        return self.exact or self.at_least


Entries = dict[tuple[int, int], list[tuple[int, float]]]  # stored (me, opp) -> [(move in that frame, value)]


class Book:
    """Stored positions -> their moves in the stored frame with values, best first."""

    def __init__(self, size: int, entries: Entries, figures: dict | None = None, exact: bool = True,
                 bounds: frozenset[tuple[int, int]] = frozenset()) -> None:
        self.size = size
        self.entries = entries
        self.figures = figures or {}
        self.exact = exact  # the values are proofs ...
        self.bounds = bounds  # ... lower bounds for these stored positions, exact for the others

    def __len__(self) -> int:
        return len(self.entries)

    def lookup(self, me: int, opp: int) -> list[Answer]:
        """The book's moves and values for the mover of (me, opp), in the position's own frame,
        best first; [] outside the book."""
        key = book_key(me, opp, self.size)
        perm = symmetries(self.size)[key.symmetry]
        bound = self.exact and (key.me, key.opp) in self.bounds
        return [Answer(perm.index(move), value, self.exact and not bound, bound)
                for move, value in self.entries.get((key.me, key.opp), ())]


def stored_move(me: int, opp: int, move: int, size: int) -> tuple[tuple[int, int], int]:
    """(the stored key of (me, opp), ``move`` in the stored frame): what a generator writes."""
    key = book_key(me, opp, size)
    return (key.me, key.opp), symmetries(size)[key.symmetry][move]


def save(path, size: int, entries: Entries, figures: dict, exact: bool,
         bounds: frozenset[tuple[int, int]] = frozenset()) -> None:
    """Write a book; each position's moves are written best first; ``bounds``: the stored
    positions whose values are lower bounds."""
    rows = [(me, opp, move, value) for (me, opp), moves in sorted(entries.items())
            for move, value in sorted(moves, key=lambda mv: -mv[1])]
    figures = {**figures, "size": size, "exact": exact}
    names = sorted(figures)
    with open(path, "wb") as out:
        np.savez_compressed(out, me=np.array([r[0] for r in rows], np.uint64),
                            opp=np.array([r[1] for r in rows], np.uint64),
                            move=np.array([r[2] for r in rows], np.int8),
                            value=np.array([r[3] for r in rows], np.float32),
                            bound=np.array([(r[0], r[1]) in bounds for r in rows], np.int8),
                            figure_names=np.array(names, dtype="U64"),
                            figure_values=np.array([str(figures[k]) for k in names], dtype="U400"))


def read(path) -> Book:
    with np.load(path) as z:
        entries: Entries = {}
        bounds = set()
        flags = z["bound"].tolist() if "bound" in z.files else [0] * len(z["me"])
        for m, o, mv, v, b in zip(z["me"].tolist(), z["opp"].tolist(), z["move"].tolist(), z["value"].tolist(),
                                  flags):
            entries.setdefault((m, o), []).append((mv, v))
            if b:
                bounds.add((m, o))
        figures = dict(zip(z["figure_names"].tolist(), z["figure_values"].tolist()))
    return Book(int(figures["size"]), entries, figures, figures["exact"] == "True", frozenset(bounds))


@cache
def load(size: int) -> Book | None:
    """The shipped book of a board size, or None when there is none."""
    if size not in FILE_NAMES or not data.verified(FILE_NAMES[size]):
        return None
    return read(data.path(FILE_NAMES[size]))


def book_answer(state, rng: random.Random | None = None, depth: int | None = None) -> Answer | None:
    """The book's move for a Reversi state, or None outside the book.  An exact book answers its
    best move; an inexact one a move within ``VARIETY`` of its best, drawn with ``rng`` (the best
    without one), and only to a search whose ``depth`` limit, if any, reaches the end of the game:
    a move in a game, not the fixed-depth searches of analysis and tests, which want searched values."""
    book = load(state.game.size)
    if book is None or (not book.exact and depth is not None and depth < state.empties()):
        return None
    legal = state.legal_moves()
    answers = [a for a in book.lookup(state.mover, state.opponent) if a.move in legal]
    if not answers:
        return None
    if book.exact or rng is None:
        return answers[0]
    return rng.choice([a for a in answers if a.value >= answers[0].value - VARIETY])


def answer_by_replies(state) -> Answer | None:
    """The exact book's proof of a position it does not hold, from the positions every legal move
    leads to: a 6x6 book keeps its own side's positions, not the other side's after a deviation
    (a student to move against level 5), whose value is then the best of its moves' book margins
    seen from here.  Without it a hint (and ``main.py analyse``) there said an estimate, while
    analysis mode, valuing each move's position, proved them all.  A reply's bound ("at least"
    for the book side) bounds this side's margin from above, so: exact where an exact reply holds
    the best value, an upper bound (``at_most``) where that bound is a loss, a lower bound
    (``at_least``) where an exact reply wins; None where the replies prove nothing (one outside
    the book, a pass or a finished game, bounds that do not decide the game)."""
    bounds = replies_bounds(state)
    return None if bounds is None else _replies_proof(*bounds)


def replies_bounds(state) -> tuple[Answer, Answer | None] | None:
    """What the exact book's answers to every legal move of ``state`` prove of its margin: (the
    best of them seen from here, an upper bound; the best of the exact ones, a lower bound, or
    None); None where a reply is outside the book or proves nothing (``answer_by_replies``)."""
    book = load(state.game.size)
    if book is None or not book.exact:
        return None
    best: Answer | None = None  # the best of the replies' values seen from here: an upper bound
    best_exact: Answer | None = None  # the best among the exact ones: a lower bound
    for move in state.legal_moves():
        after = state.play(move)
        reply = None if after.is_terminal() else _best_answer(book, after)
        if reply is None or not reply.proven:
            return None
        mine = Answer(move, -reply.value, reply.exact)
        if best is None or mine.value > best.value:  # ties: the first in board order, as a hint's
            best = mine
        if mine.exact and (best_exact is None or mine.value > best_exact.value):
            best_exact = mine
    return None if best is None else (best, best_exact)


def book_proof(state, rng: random.Random | None = None, depth: int | None = None) -> Answer | None:
    """The books' answer for ``state`` (``book_answer``, else ``answer_by_replies``), exact where
    its bound meets the replies' other bound: the 6x6 book keeps "at least" a margin past an
    opponent's mistake, the replies' book values bound the margin from above, and where the two
    are one number the margin is proven (after c2 b4 c5 d2 the book keeps Black at least -4 and
    no move of Black's does better: White wins by exactly 4, where analyse said "White +4 discs at
    most").  None outside the books."""
    answer = book_answer(state, rng, depth)
    if answer is None:
        return answer_by_replies(state)
    if not answer.at_least:
        return answer
    bounds = replies_bounds(state)
    if bounds is None:
        return answer
    most, exact = bounds
    least = exact if exact is not None and exact.value > answer.value else answer
    return Answer(least.move, least.value) if least.value == most.value else answer


def _replies_proof(best: Answer, best_exact: Answer | None) -> Answer | None:
    """What ``answer_by_replies``' best value and best exact value prove of the position."""
    if best_exact is not None and best_exact.value == best.value:
        return best_exact
    if best.value < 0:
        return Answer(best.move, best.value, exact=False, at_most=True)
    if best_exact is not None and best_exact.value > 0:
        return Answer(best_exact.move, best_exact.value, exact=False, at_least=True)
    return None


def _best_answer(book: Book, state) -> Answer | None:
    """The book's best legal answer in ``state``, or None outside the book."""
    legal = state.legal_moves()
    return next((a for a in book.lookup(state.mover, state.opponent) if a.move in legal), None)


def book_line(state, answer: Answer) -> list[int]:
    """``answer``'s move, then each side's book move after it while the book holds the position:
    the proven line an exact book knows (6x6 from the start: about nine plies, down to the 23
    empties where its generator stopped), so analysis and the panel show more than the first reply
    ("c2 b4").  An inexact book's values are estimates and its line is the move alone."""
    line = [answer.move]
    book = load(state.game.size)
    if book is None or not book.exact:
        return line
    state = state.play(answer.move)
    while not state.is_terminal():
        answers = [a for a in book.lookup(state.mover, state.opponent) if a.move in state.legal_moves()]
        if not answers:
            break
        line.append(answers[0].move)
        state = state.play(answers[0].move)
    return line


def book_progress(answer: Answer, line: list[int] | None = None) -> Progress:
    """The book's answer as the player reports it, kind "book": a proof when the value is an
    exact margin, a proven win when it is a lower bound above zero, a proven loss when it is an
    upper bound below zero (``at_most``: every reply's bound, ``answer_by_replies``), otherwise
    the book's value in discs (``at_least`` when it is a lower bound: the panel then says "at
    most" of the other side's lead, never more than the proof holds); ``line`` its principal
    variation (``book_line``), else the move alone."""
    proven = None
    if answer.exact:
        proven = 1 if answer.value > 0 else -1 if answer.value < 0 else 0
    elif answer.at_least and answer.value > 0:
        proven = 1
    elif answer.at_most and answer.value < 0:
        proven = -1
    return Progress(best_move=answer.move, pv=line or [answer.move], score=float(answer.value), kind="book",
                    proven=proven, exact_margin=answer.exact, at_least=answer.at_least and not answer.exact,
                    at_most=answer.at_most and not answer.exact)
