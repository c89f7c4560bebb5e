"""Our Reversi player: a midgame search that hands over to the exact endgame solver, run by the driver.

``ReversiPlayer`` plays every level from 2 to 5.  Its search runs in ai.search.driver, one
iteration at a time: iteration ``d`` is a principal-variation search ``d`` plies deep; when the end
is near enough to be proved in the move's time, one iteration is the exact solver instead, and a
proof ends the search (the side panel then says who wins by how many: ``Progress.exact_margin``).

- ``KernelSearch``: 6x6 and 8x8 on the numba kernels of ai/kernels/reversi.py and reversi_endgame.py;
- ``PythonSearch``: 10x10 (100 squares do not fit a uint64) on the pure-Python bitboard search of
  ai/engines/reversi_python_search.py; the bench also runs it on 8x8 to show what the kernels gain.

Both plan the same way (``SolvePlan``): from few empties (``SolverSpeed.instant``, milliseconds)
the solver runs at once; from as many as it can expect to prove in the move's time
(``SolverSpeed.reach``, measured: docs/tuning/reversi.md) it runs after a short midgame search has
ordered the root moves, and the midgame move is played if the proof does not finish in time.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable
from dataclasses import dataclass, replace

import numpy as np

from ai import kernels
from ai.base import POINTS, Limits, Player, PlayerInfo, Progress, ProgressCallback
from ai.engines.reversi_book import book_line, book_progress, book_proof
from ai.engines.reversi_eval import pattern_weights, probcut_parameters
from ai.imports import import_engine
from ai.kernels import reversi as kernel
from ai.kernels import reversi_endgame as endgame
from ai.kernels.reversi import NO_PATTERNS
from ai.search.driver import CTL_NODES, CTL_STOP, first_of_best, search, unhurried
from games.reversi import PASS, ReversiState, flips, move_mask

PYTHON_SEARCH = "ai.engines.reversi_python_search"  # boards without kernels; imported when first searched (through the lock)
MIDGAME_BEFORE_SOLVE = 8  # midgame plies before a timed solve: they order its root moves, and their
# move is played if the proof does not finish (milliseconds this near the end)
DEEPEN_SHARE = 0.45  # no new midgame iteration after this share of the move time: it would not finish
KNOWN_POSITIONS = 256  # positions with a proven margin a player keeps (``KernelSearch.know``)
KNOWN_MARGIN_REACH = 2  # further empties the solver is tried from when the mover's margin is known
SURE_KEEP_SIZES = (6,)  # boards where a known margin is kept whatever the move time: 6x6, whose book
# hands over at 22 empties, where proving a move that keeps the margin takes at most a few tenths
# of a second (8x8 positions past its book are too far from the end for that)
ASPIRATION = 200  # half-width of the root's aspiration window around the last iteration's value (2 discs)


@dataclass(frozen=True)
class SolverSpeed:
    """How far a solver reaches: ``base`` empties take about ``base_seconds``, and each further
    empty multiplies the time by ``growth``; up to ``instant`` empties it takes milliseconds."""

    instant: int
    base: int
    base_seconds: float
    growth: float

    def reach(self, seconds: float | None) -> int:
        """Empties the solver can usually prove in ``seconds`` (None: only where it is quick)."""
        if seconds is None:
            return self.instant
        return max(self.instant, self.base + math.floor(math.log(seconds / self.base_seconds) / math.log(self.growth)))


# CPU seconds measured on positions of seeded self-play (docs/tuning/reversi.md): the slowest of
# three games at each count of empties.
KERNEL_SOLVER = SolverSpeed(instant=14, base=18, base_seconds=0.25, growth=2.5)
KERNEL_SOLVER_6X6 = SolverSpeed(instant=16, base=20, base_seconds=0.5, growth=2.5)
PYTHON_SOLVER = SolverSpeed(instant=9, base=12, base_seconds=0.1, growth=2.5)
SURE_SHARE = 0.25  # the share of the move time a capped level's solve that must finish is planned
# for: the slowest of 40 random 10x10 positions took about four times what PYTHON_SOLVER expects
# (10 empties up to 0.07 s of CPU, 11 up to 0.12 s), and the answer must still come in time


class SolvePlan:
    """When the solver runs in a search: at iteration 1, after a short midgame search, or never."""

    def __init__(self, empties: int, solve_empties: int, noise: float, limits: Limits, speed: SolverSpeed,
                 depth_cap: int | None, solve_first: bool = False, margin_known: bool = False) -> None:
        self.step: int | None = None
        self.sure = False  # the solve runs to the end whatever the move time (``unhurried``)
        if solve_first:
            self.step = 1
            return
        if limits.judging and empties <= speed.reach(None if limits.time is None else limits.time * SURE_SHARE):
            # a draw offer judged: the exact result wherever the solver reaches it, however the
            # level plays (a capped or noisy level judged by its midgame points accepted a draw
            # it had won), run to its end as a capped level's promised solve is
            self.step, self.sure = 1, True
            return
        if noise:  # a weak level: no proofs, and the noise would be wasted on a solved position
            return
        # a known margin: the search starts at it, and its first null window alone gives a move that
        # keeps it, so the solver pays off from further out than a solve from scratch
        reach = speed.reach(limits.time) + (KNOWN_MARGIN_REACH if margin_known else 0)
        # milliseconds, or what a capped level promises ("plays the last 12 squares perfectly") as
        # far as the solve fits the move time: all 12 on the kernels' boards, fewer on 10x10's
        # pure-Python solver at the shortest times (10 at 0.1 s), whose capped levels then answer
        # from their midgame search
        promised = solve_empties if limits.time is None else min(solve_empties, speed.reach(limits.time * SURE_SHARE))
        self.sure = empties <= min(solve_empties, speed.instant) or (depth_cap is not None and empties <= promised)
        if self.sure:
            self.step = 1
        elif empties <= min(solve_empties, reach):
            pre = MIDGAME_BEFORE_SOLVE if limits.time is not None else 0
            self.step = min(pre, depth_cap or pre) + 1


class KernelSearch:
    """The driver's view of the numba search: one root iteration or one solve per ``iterate``."""

    kind = "alphabeta"
    deepen_share = DEEPEN_SHARE
    full_window_hint = False  # a hint values every root move with a full window (the way before
    # ``first_of_best``): the reference its tests hold the null windows to, and the bench's "before"

    def __init__(self, tables: kernel.Tables, noise: float, solve_empties: int, rng: random.Random,
                 depth_cap: int | None, patterns: tuple[np.ndarray, np.ndarray] = NO_PATTERNS,
                 probcut: tuple[np.ndarray, float] = (kernel.NO_PROBCUT, kernel.MPC_OFF)) -> None:
        self.tables = tables
        self.pat, self.weights = patterns  # the learned evaluation (8x8), or NO_PATTERNS
        self.mpc, self.mpc_t = probcut  # multi-ProbCut's parameters and threshold (in sigmas), or exact
        self.noise = noise
        self.solve_empties = solve_empties
        self.rng = rng
        self.depth_cap = depth_cap
        self.solve_first = False  # the bench's solver figures: the solver alone, at once
        self.out_sq = np.zeros(64, np.int64)
        self.out_value = np.zeros(64, np.int64)
        self.out = np.zeros(2, np.int64)
        self.known_positions: dict[tuple[int, int], int] = {}  # (me, opp) -> a margin its mover reaches

    def start(self, state: ReversiState, limits: Limits) -> Progress | None:
        self.me, self.opp = np.uint64(state.mover), np.uint64(state.opponent)
        self.rules_geo = state.game.geo  # ``remember``'s
        if self.reads_book():
            # a hint names the book's best move; a game varies among the near-best (ai/engines/reversi_book.py)
            answer = book_proof(state, None if limits.best else self.rng, limits.depth)
            if answer is not None:
                if answer.proven:  # exactly or at least: the next solve starts there
                    self.remember(answer.move, int(answer.value))
                return book_progress(answer, book_line(state, answer))
        kernels.ready("reversi")
        self.empties = state.empties()
        self.move_count = len(state.legal_moves())
        self.known = self.known_margin(int(self.me), int(self.opp))
        speed = KERNEL_SOLVER_6X6 if self.tables.size == 6 else KERNEL_SOLVER
        self.limits = limits
        self.hint = limits.best  # a tie of the best value broken by the board's order
        self.plan = SolvePlan(self.empties, self.solve_empties, self.noise, limits, speed, self.depth_cap,
                              self.solve_first, self.known is not None)
        if self.plan.step is not None and kernels.preparing("reversi", "solver"):
            self.plan.step = None  # the window's warm-up still at the solver: the midgame search answers in time
        if self.plan.step is not None:
            kernels.ready("reversi", "solver")
        self.first = self.table_move(self.tables.mid_keys, self.tables.mid_data)
        self.guess: int | None = None  # the last iteration's value: the next one's aspiration window
        self.kept: Progress | None = None  # a move proven to keep the known margin, found before the search
        in_game = limits.depth is None or limits.depth >= self.empties  # not a fixed-depth analysis search
        if (self.known is not None and self.tables.size in SURE_KEEP_SIZES and self.depth_cap is None and in_game
                and not kernels.preparing("reversi", "solver")):
            self.kept = self.keep_known_margin(limits)
            if self.kept is not None:
                self.plan.step = 1  # no midgame move may replace it: only the exact solve, in the move's time
        return None

    def reads_book(self) -> bool:
        """The full player only (not the bench's midgame-only one, nor a capped or noisy level):
        6x6 perfect play, 8x8 openings."""
        return self.depth_cap is None and not self.noise and not self.solve_first and bool(self.solve_empties)

    def keep_known_margin(self, limits: Limits) -> Progress | None:
        """A move proven to keep the known margin (one null window of the solver), searched to the
        end whatever the move time says (only the stop flag cuts it off): a short move time must not
        give away what the book or an earlier proof secured.  None if stopped."""
        kernels.ready("reversi", "solver")
        t = self.tables
        first = self.table_move(t.end_keys, t.end_data)
        with unhurried(limits) as ctl:
            finished = self.solve_with(first if first >= 0 else self.first, 0, ctl, self.known - 1, self.known)
        move, margin = int(self.out[0]), int(self.out[1])
        if not finished or move == endgame.NO_MOVE or margin < self.known:
            return None
        self.first = move
        self.remember(move, self.known)
        return at_least(move, self.known, self.empties)

    def table_move(self, keys: np.ndarray, data: np.ndarray) -> int:
        slot = kernel.tt_find(keys, self.me, self.opp)
        return int(data[slot, 3]) if slot >= 0 else -1

    def iterate(self, step: int, ctl: np.ndarray) -> Progress | None:
        if step == self.plan.step:
            return self.solve(ctl)
        if step > self.empties:
            return None
        return self.midgame(step, ctl)

    def midgame(self, depth: int, ctl: np.ndarray) -> Progress | None:
        t = self.tables
        guess, window = (self.guess, ASPIRATION) if self.guess is not None else (0, 0)
        every_value = bool(self.noise) or (self.hint and self.full_window_hint)
        done = kernel.search_root_with(self.me, self.opp, depth, self.first, every_value, 0, t.geo,
                                       t.square_value, t.mid_keys, t.mid_data, t.sqs, t.fls, ctl, self.out_sq,
                                       self.out_value, self.pat, self.weights, guess, window, self.mpc,
                                       self.mpc_t)
        if done == 0:
            return None
        values = self.out_value[:done].astype(float)
        if self.noise:
            values += [self.rng.uniform(-self.noise, self.noise) for _ in range(done)]
        best = self.first_of_equals(values) if self.hint and every_value else int(np.argmax(values))
        move, value = int(self.out_sq[best]), int(self.out_value[best])
        if self.hint and not every_value:
            move = self.first_as_good(move, value, done, depth, ctl)
        self.first = move
        if done == self.move_count and abs(value) < kernel.DISC:
            self.guess = value
        pv = self.principal_variation(move, depth, t.mid_keys, t.mid_data)
        unit = "" if self.pat.shape[0] else POINTS  # the learned evaluation counts discs, the hand-set one points
        return midgame_progress(depth, move, value, pv, done == self.move_count and not self.noise, unit,
                                self.tables.size ** 2)

    def first_of_equals(self, values: np.ndarray) -> int:
        """A hint's best move among moves each searched with a full window (``full_window_hint``):
        of the moves of the best value, the first on the board (the game's order,
        ``ai.move_values.move_order``), as analysis breaks the tie.  The search's own first of
        equals is its ordering's, which its tables' history changes: the same player named f6 and
        then c1 of two moves at +1.28."""
        tied = np.flatnonzero(values == values.max())
        return int(min(tied, key=lambda i: int(self.out_sq[i])))

    def first_as_good(self, move: int, value: int, done: int, depth: int, ctl: np.ndarray) -> int:
        """A hint's move after a usual root search (aspiration window, null windows): of the moves
        worth the best ``move``'s ``value``, the first on the board, each that may tie tested with a
        null window (``first_of_best``): the move ``first_of_equals`` names, for less search."""
        t = self.tables

        def reaches(square: int, at: int) -> bool | None:
            v = kernel.root_move_value(self.me, self.opp, square, depth, at - 1, at, 0, t.geo, t.square_value,
                                       t.mid_keys, t.mid_data, t.sqs, t.fls, ctl, self.pat, self.weights, self.mpc,
                                       self.mpc_t)
            return None if ctl[CTL_STOP] else v >= at

        searched = zip(self.out_sq[:done].tolist(), self.out_value[:done].tolist(), strict=True)
        return first_of_best(searched, move, value, int, reaches)

    def solve(self, ctl: np.ndarray) -> Progress | None:
        """The exact margin, searched from the known margin if there is one.  Cut off after a
        move was proven to keep the known margin, that move is the answer: no move does better
        unless the opponent erred, and a midgame move might do worse."""
        t = self.tables
        first = self.table_move(t.end_keys, t.end_data)
        if first < 0:
            first = self.first
        guess = self.known if self.known is not None else 0
        if self.plan.sure:  # never cut off by the move time
            with unhurried(self.limits, ctl) as own:
                finished = self.solve_with(first, guess, own)
        else:
            finished = self.solve_with(first, guess, ctl)
        move, margin = int(self.out[0]), int(self.out[1])
        if not finished:
            if move == endgame.NO_MOVE or self.known is None or margin < self.known:
                return self.kept
            self.remember(move, margin)  # proven to reach it: the next move keeps it too
            return at_least(move, margin, self.empties)
        if self.hint:
            move = self.first_reaching(move, margin, ctl)
        self.remember(move, margin)
        pv = self.principal_variation(move, self.empties, t.end_keys, t.end_data)
        return proof(move, margin, self.empties, pv)

    def first_reaching(self, move: int, margin: int, ctl: np.ndarray) -> int:
        """A hint's move of a solved position: of the moves that reach the exact ``margin``, the
        first on the board (as analysis breaks the tie), found by a narrow solve led by each move
        before ``move`` in turn (the solver keeps its first move of the best value); ``move``
        when none does or a solve is cut off."""
        for square in range(move):
            if not kernel.move_mask(self.me, self.opp, self.tables.geo) & kernel.bit(square):
                continue
            if not self.solve_with(square, margin, ctl, margin - 1, margin + 1):
                return move
            if int(self.out[0]) == square and int(self.out[1]) == margin:
                return square
        return move

    def solve_with(self, first: int, guess: int, ctl: np.ndarray, alpha: int = -64, beta: int = 64) -> bool:
        """The endgame solver at the root within (alpha, beta), from ``first``; False if ``ctl`` stopped it."""
        t = self.tables
        return endgame.solve_root_with(self.me, self.opp, alpha, beta, first, 0, t.geo, t.square_value, t.end_keys,
                                       t.end_data, t.sqs, t.fls, ctl, self.out, self.pat, self.weights, guess)

    def remember(self, move: int, margin: int) -> None:
        """After our ``move``, proven to reach ``margin``: whatever the opponent replies, our
        margin is at least that (more if the reply was a mistake), so each position the replies
        lead to is kept with it for the next solve to start at (``known_margin``).  The rules'
        functions, not the kernels: a proven book move (6x6's) is remembered on a fresh install
        while the kernels are still compiling, and its answer waited for them."""
        geo, me, opp = self.rules_geo, int(self.me), int(self.opp)
        if move == PASS:
            them, us = opp, me
        else:
            f = flips(move, me, opp, geo)
            them, us = opp ^ f, me | f | 1 << move
        replies = move_mask(them, us, geo)
        if not replies and move_mask(us, them, geo):  # the opponent passes (neither moving: game over)
            self.know(us, them, margin)
        while replies:
            sq = (replies & -replies).bit_length() - 1
            replies &= replies - 1
            f = flips(sq, them, us, geo)
            self.know(us ^ f, them | f | 1 << sq, margin)

    def know(self, me: int, opp: int, margin: int) -> None:
        """The mover of (me, opp) is proven to reach at least ``margin``: a fact about the
        position, never stale, so kept across moves and games (the latest few hundred)."""
        self.known_positions[(me, opp)] = margin
        while len(self.known_positions) > KNOWN_POSITIONS:
            del self.known_positions[next(iter(self.known_positions))]

    def known_margin(self, me: int, opp: int) -> int | None:
        """The least margin the mover of (me, opp) is proven to reach, or None if unknown."""
        return self.known_positions.get((me, opp))

    def principal_variation(self, move: int, limit: int, keys: np.ndarray, data: np.ndarray) -> list[int]:
        """``move`` then the table's best moves after it."""
        if move == PASS:
            return [PASS]
        f = kernel.flips(move, self.me, self.opp, self.tables.geo)
        me, opp = self.opp ^ f, self.me | f | kernel.bit(move)
        n = kernel.principal_variation(me, opp, keys, data, self.tables.geo, max(0, limit - 1), self.out_sq)
        return [move, *(int(m) for m in self.out_sq[:n])]


def proof(move: int, margin: int, empties: int, pv: list[int]) -> Progress:
    """The solver's result as the UI reads it: ``score`` is the final disc margin for the mover."""
    return Progress(
        depth=empties, best_move=move, score=float(margin), pv=pv, kind="solver",
        proven=1 if margin > 0 else -1 if margin < 0 else 0, exact_margin=True,
    )


def at_least(move: int, margin: int, empties: int) -> Progress:
    """A solve cut off once ``move`` was proven to reach ``margin``: a lower bound of the final
    margin, a proven win where it is above zero (as the book reports its bounds,
    ``book_progress``); a draw offer judged it as an estimate, and accepted a won position."""
    return Progress(depth=empties, best_move=move, score=float(margin), pv=[move], kind="solver",
                    proven=1 if margin > 0 else None, at_least=True)


def midgame_progress(depth: int, move: int, value: int, pv: list[int], every_move_searched: bool,
                     unit: str = POINTS, squares: int | None = None) -> Progress:
    """A midgame iteration's result.  ``value`` is in evaluation points, reported as hundredths:
    discs of final margin for the learned evaluation (``unit`` ""), the hand-set evaluation's own
    points otherwise (``unit`` ``POINTS``: no disc count, so the window says "points"); or DISC per
    disc of final margin when every line the search kept ends the game: as no evaluation reaches
    DISC, a value of DISC or more proves a win (the margin is at least value / DISC), and one of
    -DISC or less, with every move searched, proves a loss (the margin is at most that); both end
    the search, said as bounds of the margin (``proven_bound``).

    An estimate in discs is kept short of the board's ``squares`` (``estimate_within``): the learned
    evaluation extrapolates past them in a rout (level 5 told a player "White +77 discs" on the 64
    squares of 8x8, qa111), and the whole board is the game's largest result, which only a proof
    may say."""
    if value >= kernel.DISC or (value <= -kernel.DISC and every_move_searched):
        return proven_bound(depth, move, value / kernel.DISC, pv, squares)
    score = value / 100.0
    if not unit and squares:
        score = estimate_within(score, squares)
    return Progress(depth=depth, best_move=move, score=score, pv=pv, kind="alphabeta", unit=unit)


def proven_bound(depth: int, move: int, margin: float, pv: list[int], squares: int | None) -> Progress:
    """A midgame search's proof: every line it kept ends the game, so the final ``margin`` is at
    least that for a win, at most that for a loss (the search's lines end where it looked, the
    best play may win by more); a bound at the board's ``squares`` is the exact margin, since no
    margin is larger: a forced wipeout of the whole board, "White wins by 64 discs on the board"."""
    whole = squares is not None and abs(margin) >= squares
    return Progress(depth=depth, best_move=move, score=margin, pv=pv, proven=1 if margin > 0 else -1,
                    kind="alphabeta", exact_margin=whole, at_least=margin > 0 and not whole,
                    at_most=margin < 0 and not whole)


def estimate_within(discs: float, squares: int) -> float:
    """An estimate of the final margin in ``discs``, kept within one disc of the board's
    ``squares`` either way: a margin of the whole board (64-0 on 8x8) is the game's largest result,
    and an estimate said at that size read as a proven wipeout beside the word "estimate" (QA: the
    analysis showed +-64 on most squares of a rout the search had not solved)."""
    most = squares - 1
    return max(-most, min(most, discs))


class PythonSearch:
    """The driver's view of the pure-Python search (10x10, and the bench's comparison)."""

    kind = "alphabeta"
    in_python = True  # needs no kernel: the driver says it has begun before its first depth
    deepen_share = DEEPEN_SHARE
    full_window_hint = False  # a hint values every root move with a full window: the reference
    # tests/test_hint_root.py holds ``first_as_good``'s null windows to

    def __init__(self, searcher, noise: float, solve_empties: int, rng: random.Random,
                 depth_cap: int | None) -> None:
        self.searcher = searcher
        self.noise = noise
        self.solve_empties = solve_empties
        self.rng = rng
        self.depth_cap = depth_cap
        self.solve_first = False  # the bench's solver figures: the solver alone, at once

    def start(self, state: ReversiState, limits: Limits) -> Progress | None:
        self.me, self.opp = state.mover, state.opponent
        self.empties = state.empties()
        self.plan = SolvePlan(self.empties, self.solve_empties, self.noise, limits, PYTHON_SOLVER, self.depth_cap,
                              self.solve_first)
        self.limits = limits
        self.hint = limits.best and not self.noise  # a tie of the best value broken by the board's order (noise: its own)
        entry = self.searcher.tt.get((self.me, self.opp))
        self.first = entry[3] if entry else 0
        self.searcher.trim()
        return None

    def iterate(self, step: int, ctl: np.ndarray) -> Progress | None:
        out_of_time = import_engine(PYTHON_SEARCH).OutOfTime
        s = self.searcher
        s.ctl, s.nodes = ctl, 0
        try:
            if step == self.plan.step:
                if self.plan.sure:  # never cut off by the move time
                    with unhurried(self.limits, ctl) as own:
                        s.ctl = own
                        b, margin = self.solved()
                else:
                    b, margin = self.solved()
                move = b.bit_length() - 1 if b else PASS
                return proof(move, margin, self.empties, [move])
            if step > self.empties:
                return None
            every_value = self.hint and self.full_window_hint
            b, value, finished = s.root(self.me, self.opp, step, self.first, self.noise, self.rng, every_value)
            if self.hint and finished:
                b = self.first_of_equals(value) if every_value else self.first_as_good(b, value, step)
        except out_of_time:
            return None
        finally:
            ctl[CTL_NODES] += s.nodes
        self.first = b
        return midgame_progress(step, b.bit_length() - 1, int(value), self.principal_variation(b, step),
                                finished and not self.noise)

    def solved(self) -> tuple[int, int]:
        """The solver's best move bit (0 for a pass) and exact margin; for a hint, of the moves
        that reach the margin, the first on the board, each that may tie tested with a null window
        (``first_of_best``), as ``KernelSearch.first_reaching`` does on the kernels' boards: the
        solver's own first of equals is its fastest-first ordering's."""
        s = self.searcher
        b, margin = s.solve_root(self.me, self.opp, self.first)
        if not self.hint or not b:
            return b, margin
        reaches = self.reaching(lambda move, alpha, beta: s.root_move_margin(self.me, self.opp, move, alpha, beta))
        return first_of_best(s.root_values, b, margin, int, reaches), margin

    def first_of_equals(self, value: float) -> int:
        """A hint's move among root moves each searched with a full window (``full_window_hint``):
        of those worth the best ``value``, the first on the board, as analysis breaks the tie."""
        return min(b for b, v in self.searcher.root_values if v == value)

    def first_as_good(self, b: int, value: float, depth: int) -> int:
        """A hint's move after a usual root search (null windows): of the moves worth the best
        move ``b``'s ``value``, the first on the board, each that may tie tested with a null window
        at that value (``first_of_best``): the move ``first_of_equals`` names, for less search.
        The search's own first of equals is its ordering's, which its table's history changes."""
        s = self.searcher
        reaches = self.reaching(lambda move, alpha, beta: s.root_move_value(self.me, self.opp, move, depth, alpha, beta))
        return first_of_best(s.root_values, b, value, int, reaches)

    @staticmethod
    def reaching(value_of: Callable[[int, float, float], float]) -> Callable[[int, float], bool | None]:
        """``first_of_best``'s test of a root move: its value by ``value_of(move, alpha, beta)``
        (the midgame's or the solver's) in a null window just below ``at``, True where it reaches
        ``at``; None where the search was stopped."""
        out_of_time = import_engine(PYTHON_SEARCH).OutOfTime

        def reaches(move: int, at: float) -> bool | None:
            try:
                return value_of(move, at - 1, at) >= at
            except out_of_time:
                return None

        return reaches

    def principal_variation(self, b: int, depth: int) -> list[int]:
        """Move bit ``b`` then the table's best moves after it (passes end it)."""
        s = self.searcher
        me, opp = self.me, self.opp
        pv: list[int] = []
        while b and len(pv) < depth:
            sq = b.bit_length() - 1
            pv.append(sq)
            f = flips(sq, me, opp, s.geo)
            me, opp = opp ^ f, me | f | b
            entry = s.tt.get((me, opp))
            b = entry[3] if entry else 0
        return pv


class ReversiPlayer(Player):
    """Iterative deepening midgame search, handing over to the exact solver near the end.

    ``depth`` caps the midgame search (lower levels); ``noise`` spreads the root values so weak
    levels vary (and turns the solver off); the solver is tried from ``solve_empties`` empty
    squares down, and with a time limit only from as many as it can expect to prove in that time.
    ``python`` runs the pure-Python search on every size (the bench's comparison); ``patterns``
    values 8x8 positions with the learned pattern evaluation instead of the hand-set one;
    ``probcut`` (with ``patterns``, whose searches its parameters were fitted on) makes the midgame
    search selective: multi-ProbCut cuts a node when a shallow search says the deep one would fall
    outside the window with ``probcut`` standard deviations to spare.
    """

    def __init__(
        self,
        info: PlayerInfo,
        *,
        depth: int | None = None,
        noise: float = 0.0,
        solve_empties: int = 64,
        seed: int | None = None,
        python: bool = False,
        patterns: bool = False,
        probcut: float | None = None,
    ) -> None:
        self.info = info
        self.depth = depth
        self.noise = noise
        self.solve_empties = solve_empties
        self.python = python
        self.patterns = patterns
        self.probcut = probcut
        self.rng = random.Random(seed)
        self.engines: dict[int, object] = {}
        self.stand_ins: dict[int, PythonSearch] = {}  # searches while the kernels compile (``searching``)
        self.last: Progress | None = None
        kernels.prepare("reversi")  # compiled or loaded now, not in a move's time (unless deferred)
        if not python:  # the usual board's tables now, not in the first move's time
            self.engines[8] = self.kernel_search(8)

    def engine(self, state: ReversiState):
        """This player's search for the board size of ``state`` (tables kept between moves)."""
        size = state.game.size
        if size not in self.engines:
            if size in kernel.KERNEL_SIZES and not self.python:
                self.engines[size] = self.kernel_search(size)
            else:
                self.engines[size] = self.python_search(state)
        return self.engines[size]

    def python_search(self, state: ReversiState) -> PythonSearch:
        """A pure-Python search for the board of ``state`` at this player's depth, noise and solver
        reach (the hand-set evaluation: the learned one runs in the kernels only)."""
        searcher = import_engine(PYTHON_SEARCH).Searcher
        return PythonSearch(searcher(state.game.geo), self.noise, self.solve_empties, self.rng, self.depth)

    def kernel_search(self, size: int) -> KernelSearch:
        # level 5: 8 MB of midgame table, 32 MB for the solver; 2 MB in all for the capped levels
        tables = kernel.Tables(size, 18, 20) if self.depth is None else kernel.Tables(size, 15, 15)
        learned = pattern_weights() if self.patterns and size == 8 else None
        mpc = probcut_parameters() if learned is not None and self.probcut is not None else None
        selective = (mpc, float(self.probcut)) if mpc is not None else (kernel.NO_PROBCUT, kernel.MPC_OFF)
        return KernelSearch(tables, self.noise, self.solve_empties, self.rng, self.depth, learned or NO_PATTERNS,
                            selective)

    def choose(
        self, state: ReversiState, limits: Limits | None = None, progress: ProgressCallback | None = None
    ) -> Hashable:
        limits = limits or Limits(time=1.0)
        depth = min(d for d in (limits.depth, self.depth, 99) if d is not None)
        self.last = search(self.searching(state, limits.depth), state, replace(limits, depth=depth), progress)
        return self.last.best_move

    def searching(self, state: ReversiState, depth: int | None = None) -> KernelSearch | PythonSearch:
        """The search for this move: this player's own (``engine``) or, while the window's worker
        still compiles or loads the search's kernels (the first run after installing: 10 s of a
        core, over a minute on a loaded machine; a load from the cache, seconds there) and no book
        answers a search limited to ``depth``, the pure-Python search the kernels replaced
        (``stand_in``): a move within its time rather than a wait outside its clock
        (``ai.kernels.preparing``: level 5 at 1 s answered in 2.44 s while its worker loaded them)."""
        engine = self.engine(state)
        if (not isinstance(engine, KernelSearch) or not kernels.preparing("reversi")
                or self.book_answers(state, depth)):
            return engine
        return self.stand_in(state)

    def book_answers(self, state: ReversiState, depth: int | None = None) -> bool:
        """Whether the book answers a search of ``state`` limited to ``depth`` without a kernel, as
        ``KernelSearch.start`` asks it: 8x8's book gives a game its move, not analysis's
        fixed-depth searches their values (``book_answer``), and after d3 c5 a fresh install's
        first analysis waited 18 s for the compiler, its first two values shown, taken for
        answered by the book."""
        engine = self.engine(state)
        return (isinstance(engine, KernelSearch) and engine.reads_book()
                and book_proof(state, None, depth) is not None)

    def stand_in(self, state: ReversiState) -> PythonSearch:
        """``python_search`` for the board of ``state``, kept (its tables) for the moves until the
        kernels are ready."""
        size = state.game.size
        if size not in self.stand_ins:
            self.stand_ins[size] = self.python_search(state)
        return self.stand_ins[size]

    def known_move(self, state: ReversiState) -> int | None:
        """The book's best move where this player reads the book: the move a hint names there
        without a search (``KernelSearch.start``)."""
        engine = self.engine(state)
        reads = isinstance(engine, KernelSearch) and engine.reads_book()
        answer = book_proof(state) if reads else None
        return None if answer is None else answer.move
