"""Our Rastros engine: region-aware evaluation, bitboard alpha-beta and the exact solver.

Why a Rastros-specific search instead of the generic one: a position is fully described by
``(piece, reachable region, side)``, which makes a much better transposition key than the
visited-square bitboard (different trails that cut off the same squares meet), and it is what
the evaluation and the solver need anyway.  The search runs in ai/kernels/rastros.py on uint64
bitboards, under the one search driver (ai/search/driver.py) that owns the clock and the stop flag.

The evaluation (from the side to move's point of view):
- no goal reachable: exact, by the maximum-matching test of undirected vertex geography;
- otherwise a weighted sum of: shortest free paths to each goal (each side's path may not use the
  squares next to the other goal), the squares only one side may use (those next to its own
  goal: the other side steps there only to lose), and safe mobility.
Inside the tree the exact solver takes over whenever the region is small.  At the root level-5
runs the solver before each alpha-beta iteration with as many nodes as the last iteration used
(the two share the time about equally; the solver's table keeps what it proved); once the solver proves the result the engine plays the shortest win (or, when lost,
the hardest loss: the reply after which the opponent has the fewest winning moves, then the
longest; the opponent may still go wrong; a hint, ``Limits.best``, names the slowest loss, as
analysis ranks the moves) and reports ``Progress(proven=...,
proven_plies=..., kind="solver")``, which ends the search.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from dataclasses import dataclass

import numpy as np

from ai import kernels
from ai.base import PROVEN, WIN, Limits, Player, PlayerInfo, Progress, ProgressCallback
from ai.engines.rastros_book import (
    book_answer,
    book_key,
    book_move_led_here,
    left_open,
    mirror_squares,
    replies_length,
)
from ai.engines.rastros_solver import Solver
from ai.imports import import_engine
from ai.kernels import rastros as kernel
from ai.search.driver import CTL_NODES, first_of_best, search, unhurried
from games.rastros import RastrosState

SOLVED = kernel.SOLVED  # a solver-proven win with unknown length (still beyond PROVEN)
ROOT_SOLVE_LIMIT = 58  # larger regions are very rarely solved in a move's time
SOLVE_BUDGET = 30_000  # solver nodes allowed for one small region inside the tree
LENGTH_BUDGET = 200_000  # solver nodes to count the plies of a game the book proves (5x5's start: 90,078)
LENGTH_REACH = 32  # free squares beyond which that count is not tried (6x6's start, 35: 21.6 million nodes)
ROOT_SOLVE_FIRST_BUDGET = 2_000  # root solver nodes in the first iteration
UNTIMED_SECONDS = 5.0  # the time a move gets when the limits give none
KNOWN_WINS = 4096  # positions level-5 knows it wins (its proven move, then any reply), the latest kept
MAX_DEPTH = 80
PYTHON_SEARCH = "ai.reference.rastros_search"  # the stand-in while the kernels compile; imported when first needed

# Opening book, only moves the rules file states as solved facts (shared/rules/rastros.md), as
# (row, col): on 8x8 North's winning reply to each of South's eight first moves; on 4x4, 5x5 and
# 6x6 a winning first move for South (the one nearest South's goal among those listed).
BOOK_8X8 = {
    (5, 4): (6, 3), (4, 4): (3, 4), (5, 5): (5, 6), (3, 4): (4, 4),
    (5, 6): (5, 5), (3, 5): (3, 4), (4, 6): (5, 6), (3, 6): (3, 5),
}
FIRST_MOVES = {4: (3, 4), 5: (4, 3), 6: (4, 3)}


def book_move(state: RastrosState) -> int | None:
    """A proven winning move from the book, or None outside it."""
    game = state.game
    n = game.n
    if state.blacks == 0 and state.to_move == 0 and state.white == game.start:
        first = FIRST_MOVES.get(n)
        return None if first is None else (first[0] - 1) * n + first[1] - 1
    if n != 8 or state.to_move != 1 or state.blacks != 1 << game.start:
        return None
    reply = BOOK_8X8.get((state.white // 8 + 1, state.white % 8 + 1))
    return None if reply is None else (reply[0] - 1) * 8 + reply[1] - 1


@dataclass
class Weights:
    """Evaluation weights (units: roughly 100 = one clear tempo); docs/tuning/rastros.md says how
    they were chosen."""

    distance: int = 40  # per step of (their distance - my distance) to the goals
    unreachable: int = 12  # distance used for a goal that cannot be reached
    private: int = 25  # per square next to my goal still free (minus theirs)
    mobility: int = 10  # per safe move of mine


@dataclass(frozen=True)
class LevelOptions:
    """What a level may use: a depth cap, root noise, the solver in the tree (regions of up to
    ``solve_limit`` squares; 0: only the goal-free matching test), the solver at the root, the book."""

    depth: int | None = None
    noise: float = 0.0
    solve_limit: int = 0
    root_solve: bool = False
    book: bool = False


def wins_at_once(state: RastrosState, move: int) -> bool:
    """Whether ``move`` ends the game with a win for the side to move (by the rules)."""
    return state.play(move).winner() == state.to_move  # None while the game goes on


def gives_a_win_in_one(state: RastrosState, move: int) -> bool:
    """Whether the opponent wins by ``move`` or by a reply to it (its goal entered, or the mover
    left with no move)."""
    after = state.play(move)
    if after.is_terminal():
        return after.winner() != state.to_move
    return any(wins_at_once(after, reply) for reply in after.legal_moves())


def safe_first(state: RastrosState) -> list[int]:
    """The legal moves, those that give the opponent no win in one first, each group in the
    course's order.  The search values the moves in this order and falls back on its first, so a
    search the clock cuts off before it valued every move (a loaded machine) still never hands the
    opponent a win in one that could be avoided."""
    return sorted(state.legal_moves(), key=lambda move: gives_a_win_in_one(state, move))


def winning_step(state: RastrosState) -> int | None:
    """The first legal move that wins at once (into the own goal, or leaving the opponent no
    move), or None."""
    return next((m for m in state.legal_moves() if wins_at_once(state, m)), None)


def book_choice(state: RastrosState) -> tuple[int, int, int | None] | None:
    """The books' move for ``state`` with its result and length (``book_answer``'s form): the
    solved opening's (ai/data/rastros_book<n>.npz), else ``book_move``'s proven win; None
    outside them.  The length is the book's count of the position, else its replies' (6x6's
    start: ``replies_length``), else None."""
    moves = state.legal_moves()
    answer = book_answer(state)
    if answer is None or answer[0] not in moves:
        move = book_move(state)
        answer = (move, 1, None) if move is not None and move in moves else None
    if answer is None or answer[2] is not None:
        return answer
    below = replies_length(state)
    return answer if below is None else (answer[0], answer[1], below[0])


class RastrosSearcher:
    """The driver's Searcher for Rastros: alpha-beta iterations (and root solver steps)."""

    kind = "alphabeta"
    deepen_share = 0.35  # an iteration costs about three times the one before
    full_window_hint = False  # a hint values every root move with a full window (the way before
    # ``first_of_best``): the reference its tests hold the null windows to, and the bench's "before"

    def __init__(self, n: int, options: LevelOptions, weights: Weights, seed: int | None) -> None:
        self.n, self.options = n, options
        self.rng = random.Random(seed)
        self.board = kernel.board(n)
        big = options.root_solve
        self.solver = Solver(n, table_bits=22 if big else 18)
        self.table = kernel.SearchTable(20 if big else 18)
        self.params = np.zeros(kernel.PARAMS_SIZE, np.int64)
        self.params[kernel.P_SOLVE_LIMIT] = options.solve_limit
        self.params[kernel.P_SOLVE_BUDGET] = SOLVE_BUDGET
        self.params[kernel.P_DISTANCE] = weights.distance
        self.params[kernel.P_UNREACHABLE] = weights.unreachable
        self.params[kernel.P_PRIVATE] = weights.private
        self.params[kernel.P_MOBILITY] = weights.mobility
        self.piece = self.side = 0
        self.region = np.uint64(0)
        self.order: list[int] = []
        self.root_result: int | None = None  # the root solver's 1 / 0 once proven
        self.known_wins: dict[tuple[int, int, int], None] = {}  # (piece, region, side) the mover wins
        self.kept: Progress | None = None  # a winning move found before the search, when the win is known
        self.hint = False  # this search is a hint's (``Limits.best``): the slowest loss, not the hardest
        self.last_nodes = 0  # nodes of the last alpha-beta iteration: the solver's next budget

    # -- the driver's interface -----------------------------------------------------------------
    def start(self, state: RastrosState, limits: Limits) -> Progress | None:
        """Answer at once a win in one (the rules say so) or from the book; else prepare."""
        win = winning_step(state)
        if win is not None:  # into the own goal, or a step that leaves the opponent no move
            return Progress(depth=1, best_move=win, pv=[win], score=WIN - 1, proven=1, proven_plies=1,
                            kind="solver")
        self.hint = limits.best
        answer = book_choice(state) if self.options.book else None
        if answer is not None:
            kept = False
            if limits.best:
                answer, kept = self._keeping_length(state, limits, answer)
            report = self._book_progress(state, limits, *answer)
            if limits.best and not kept and report.proven_plies is not None:
                report.pv = []  # the book's move, not known to keep the length said: no line of it
            return report
        kernels.ready("rastros")
        self.piece, self.side = state.white, state.to_move
        self.region = np.uint64(kernel.flood(self.board, state.white, np.uint64(state.free)))
        self.order = safe_first(state)
        self.root_result = None
        self.last_nodes = 0
        self.kept = None
        if self.options.root_solve and self._known_won(state):
            self.kept = self._keep_win(limits)
        return None

    def _book_progress(self, state: RastrosState, limits: Limits, move: int, proven: int,
                       plies: int | None) -> Progress:
        """The book's move and result, with the game's length: the book's count (6x6's positions,
        ``book_choice``), else the solver's when it counts it cheaply; the panel says "South wins
        in 9 plies" only with a length."""
        if plies is None:
            plies = self._perfect_play_plies(state, limits)
        score = SOLVED if plies is None else WIN - plies
        return Progress(best_move=move, pv=[move], score=score if proven > 0 else -score, proven=proven,
                        proven_plies=plies, kind="book")

    def quickest_or_slowest(self, state: RastrosState, limits: Limits,
                            answer: tuple[int, int, int | None]) -> tuple[int, int, int | None]:
        """A hint's answer where the book names a move (``book_choice``'s form): the shortest win or
        the slowest loss, as analysis ranks the moves, the book's move among moves of that length,
        when the book's lengths one ply down say them (``replies_length``) or the solver counts them
        (``LENGTH_REACH`` free squares, ``LENGTH_BUDGET`` nodes a move); else the book's move.  The book keeps a win, not the quickest (5x5's first move 4-3
        wins in 19 plies, 2-3 in 17), and a loser's hardest reply, not the slowest."""
        return self._keeping_length(state, limits, answer)[0]

    def _keeping_length(self, state: RastrosState, limits: Limits, answer: tuple[int, int, int | None]
                        ) -> tuple[tuple[int, int, int | None], bool]:
        """``quickest_or_slowest``'s answer, and whether its move is known to keep the position's
        length: False where it is the book's move for want of the lengths (6x6 after 4-3, 34 free
        squares: North's book reply 3-2 loses in 18 plies of the 28 the book counts), whose line
        beside that length would contradict it."""
        below = replies_length(state)  # the book's lengths one ply down: analysis' ranking, no solver
        if below is not None:
            plies, best = below
            return ((answer[0] if answer[0] in best else best[0]), answer[1], plies), True
        if state.free.bit_count() > LENGTH_REACH or kernels.preparing("rastros"):
            return answer, False  # the kernels still compiling or loading (a fresh install): the book's move at once
        kernels.ready("rastros")
        region = int(kernel.flood(self.board, state.white, np.uint64(state.free)))
        with unhurried(limits) as ctl:
            best = self.solver.best_move(state.white, region, state.to_move, answer[1] > 0, ctl,
                                         LENGTH_BUDGET * len(state.legal_moves()), hardest=False, prefer=answer[0])
        return (answer, False) if best is None else ((best.move, answer[1], best.length), True)

    def _perfect_play_plies(self, state: RastrosState, limits: Limits) -> int | None:
        """Plies to the end of ``state`` under perfect play (the winner's quickest win, the loser's
        slowest loss), when the solver counts them within LENGTH_BUDGET nodes: 4x4, 5x5 and the
        books' later positions; None for 7x7's and 8x8's book positions, whose lengths take the
        solver millions of nodes (6x6's the book stores: ``book_choice``) (docs/rastros-proof.md, "How long a win is"), and
        while the window's worker still compiles or loads the kernels (``ai.kernels.preparing``)."""
        if state.free.bit_count() > LENGTH_REACH or kernels.preparing("rastros"):
            return None  # 8x8's book, or any while the kernels are prepared: the book's move without them
        kernels.ready("rastros")
        region = int(kernel.flood(self.board, state.white, np.uint64(state.free)))
        with unhurried(limits) as ctl:
            return self.solver.plies(state.white, region, state.to_move, ctl, LENGTH_BUDGET)

    def _known_won(self, state: RastrosState) -> bool:
        """A position this player proved won before (``remember_win``), or one the book's move led to."""
        return ((state.white, int(self.region), self.side) in self.known_wins
                or self.options.book and book_move_led_here(state))

    def _keep_win(self, limits: Limits) -> Progress | None:
        """A winning move of a position known to be won (after this player's proven move, any
        reply), found by the solver whatever the move time says (only the stop flag cuts it off):
        a short move time must not throw away a proven win.  Cheap: the solver's table holds the
        proof, or the position is one the book left to it.  None if stopped."""
        with unhurried(limits) as ctl:
            move = self.solver.first_win(self.piece, int(self.region), self.side, ctl)
        if move is None:
            return None
        return Progress(depth=1, best_move=move, pv=[move], score=SOLVED, kind="solver")

    def remember_win(self, after: RastrosState) -> None:
        """This player's move to ``after`` is a proven win: every reply leaves it a won position,
        which the next move's ``_keep_win`` solves whatever the move time.  So only the replies the
        proof put within the solver's reach are remembered: not one a partial book left open (not
        proven within the in-game budget), nor one past the root solver's reach (8x8's opening
        after the rules' own refutation, played when the book file is missing: an hours-long proof)."""
        for reply in after.legal_moves():
            now = after.play(reply)
            if now.is_terminal():
                continue
            region = now.reachable()  # the rules' flood: a book move is remembered while the kernels compile
            if region.bit_count() <= ROOT_SOLVE_LIMIT and not left_open(now):
                self.known_wins[(now.white, region, now.to_move)] = None
        while len(self.known_wins) > KNOWN_WINS:
            del self.known_wins[next(iter(self.known_wins))]

    def iterate(self, step: int, ctl: np.ndarray) -> Progress | None:
        """One step (``step_search``); a known win keeps its winning move unless the step proves one."""
        result = self.step_search(step, ctl)
        if self.kept is not None and (result is None or result.proven != 1 and result.score < PROVEN):
            return self.kept
        return result

    def step_search(self, step: int, ctl: np.ndarray) -> Progress | None:
        """A root solver step (level-5, regions small enough), then alpha-beta to depth ``step``.
        While the lengths are not known, each step gives the root solver at least twice the nodes
        of the last: a proof without a length (the tree's) is final only once the solver has it."""
        budget = 0
        if self._root_solver_reaches():
            budget = max(ROOT_SOLVE_FIRST_BUDGET, self.last_nodes)
            proof = self._solve_root(step, ctl, budget)
            if proof is not None:
                if proof.proven is None:  # won, the lengths not yet known: more nodes next time
                    self.last_nodes = 2 * budget
                return proof
            if kernel.stopped(ctl):
                return None
        before = int(ctl[CTL_NODES])
        result = self._alphabeta(step, ctl)
        self.last_nodes = int(ctl[CTL_NODES]) - before
        if budget and result is not None and result.proven is None and abs(result.score) >= PROVEN:
            self.last_nodes = max(self.last_nodes, 2 * budget)
        return result

    # -- the root solver ----------------------------------------------------------------------
    def _solve_root(self, step: int, ctl: np.ndarray, budget: int) -> Progress | None:
        """A final Progress once the position and its best move's length are proven; while only
        the win is known, the solver's winning move (not final: the lengths get the next budget).

        The solver works in the opening book's frame (the position or its mirror, whichever the
        book stores): the book's generator proved each of its leaves there within the in-game
        budget, and the other orientation orders moves differently and can need more nodes."""
        key = book_key(self.n, int(self.piece), int(self.region), self.side)
        piece, region, side = key.piece, np.uint64(key.region), key.side
        back = mirror_squares(self.n) if key.mirrored else None  # the reflection is its own inverse
        proof = self._solve_in_frame(step, ctl, budget, piece, region, side, back)
        if proof is not None and back is not None:
            proof.best_move = back[proof.best_move]
            proof.pv = [proof.best_move]
        return proof

    def _solve_in_frame(self, step: int, ctl: np.ndarray, budget: int, piece: int, region: np.uint64,
                        side: int, back: tuple[int, ...] | None) -> Progress | None:
        if self.root_result is None:
            self.root_result = self.solver.solve(piece, region, side, ctl, budget)
            if self.root_result is None:
                return None
        won = self.root_result == 1
        best = self.solver.best_move(piece, region, side, won, ctl, budget, hardest=not self.hint, game_squares=back)
        if best is not None:  # the position's length, not the hardest loss's: analysis shows it
            plies = best.length
            return Progress(depth=step, best_move=best.move, pv=[best.move], kind="solver",
                            score=WIN - plies if won else -(WIN - plies), proven=1 if won else -1, proven_plies=plies)
        if won:
            move = self.solver.first_win(piece, region, side, ctl)
            if move is not None:
                return Progress(depth=step, best_move=move, pv=[move], score=SOLVED, kind="solver")
        return None

    # -- alpha-beta -----------------------------------------------------------------------------
    def _root_value(self, q: int, depth: int, alpha: int, full_window: bool, ctl: np.ndarray) -> int | None:
        """Value of the root move to ``q`` for the side to move (PVS window above ``alpha``
        unless ``full_window``); None when the search was stopped."""
        if full_window:
            return self._window_value(q, depth, -WIN - 1, WIN + 1, ctl)
        v = self._window_value(q, depth, alpha, alpha + 1, ctl)
        if v is not None and v > alpha:
            v = self._window_value(q, depth, alpha, WIN + 1, ctl)
        return v

    def _window_value(self, q: int, depth: int, lower: int, upper: int, ctl: np.ndarray) -> int | None:
        """Value of the root move to ``q`` for the side to move searched within (lower, upper): exact
        inside it, a bound outside; None when the search was stopped."""
        b = self.board
        side, other = self.side, 1 - self.side
        rest = self.region & ~b.bit[q]
        if q == b.goal[other]:  # the goals are checked before the blocking rule
            return -(WIN - 1)
        if q == b.goal[side] or not b.nbr[q] & rest:
            return WIN - 1
        child = np.uint64(kernel.flood(b, q, rest))
        v = kernel.negamax(b, self.table.table, self.table.work, self.solver.table.table,
                           self.solver.table.work, self.params, q, child, other, depth - 1, -upper, -lower, 1, ctl)
        return None if v == kernel.SEARCH_ABORTED else -int(v)

    def _first_as_good(self, scored: list[tuple[float, int, int]], depth: int, ctl: np.ndarray) -> int:
        """A hint's move after a usual root search (``scored`` best first): of the moves worth the
        best's value, the first on the board, each that may tie tested with a null window
        (``first_of_best``)."""
        _, value, best = scored[0]

        def reaches(q: int, at: int) -> bool | None:
            v = self._window_value(q, depth, at - 1, at, ctl)
            return None if v is None else v >= at

        return first_of_best(((q, v) for _, v, q in scored), best, value, int, reaches)

    def _alphabeta(self, depth: int, ctl: np.ndarray) -> Progress | None:
        """Search the root moves to ``depth``, the previous best first.  Noisy levels search every
        move with a full window and add their noise to the values not proven (so a level never
        prefers a faster loss or a slower win); the value reported is the chosen move's own, without
        its noise.  A hint (``Limits.best``) takes, of the moves of the best value, the first on the
        board, as analysis does: the moves that may tie the best are tested with a null window once
        the iteration is over (``_first_as_good``).  A stopped iteration still counts when its first
        move (the previous best) was finished, unless the level is noisy."""
        noise = self.options.noise
        full_windows = bool(noise) or (self.hint and self.full_window_hint)
        scored: list[tuple[float, int, int]] = []  # (value the move is chosen by, its own value, square)
        alpha = -WIN - 1
        for i, q in enumerate(self.order):
            v = self._root_value(q, depth, alpha, full_windows or i == 0, ctl)
            if v is None:
                break
            alpha = max(alpha, v)
            scored.append((v + self.rng.uniform(-noise, noise) if noise and abs(v) < PROVEN else v, v, q))
        finished = len(scored) == len(self.order)
        if not scored or (noise and not finished):
            return None
        scored.sort(key=lambda t: (-t[0], t[2] if self.hint and full_windows else 0))
        if self.hint and not full_windows:
            first = self._first_as_good(scored, depth, ctl)
            scored.sort(key=lambda t: t[2] != first)  # the hint's move leads the next iteration
        searched = {q for _, _, q in scored}
        self.order = [q for _, _, q in scored] + [q for q in self.order if q not in searched]
        _, value, move = scored[0]
        reached = depth if finished else depth - 1
        report = Progress(depth=reached, best_move=move, pv=self._line(move, reached), score=value)
        lengths_known = abs(value) > SOLVED
        # a win the solver proved inside the tree has no length yet; the root solver finds it on
        # the next steps when it can reach the position (analysis shows it), else the proof stands
        if abs(value) >= PROVEN and not noise and finished and (lengths_known or not self._root_solver_reaches()):
            report.kind, report.proven = "solver", 1 if value > 0 else -1
            report.proven_plies = int(WIN - abs(value)) if lengths_known else None
        return report

    def _line(self, move: int, plies: int) -> list[int]:
        """The principal variation of the root move ``move``, at most ``plies`` long: after it, each
        position's best move as the search's table keeps it, while the table has the position (a
        cut-off or an exact ending the search did not store ends the line)."""
        b, table = self.board, self.table.table
        line = [move]
        piece, side = move, 1 - self.side
        region = np.uint64(kernel.flood(b, move, self.region & ~b.bit[move]))
        while len(line) < plies:
            slot = kernel.probe(table, piece, region, side)
            if slot < 0:
                break
            q = (int(table[slot, kernel.INFO]) >> kernel.MOVE_SHIFT & 0x7F) - 1
            if q < 0 or not b.nbr[piece] & region & b.bit[q]:
                break
            line.append(q)
            piece, side = q, 1 - side
            region = np.uint64(kernel.flood(b, q, region & ~b.bit[q]))
        return line

    def _root_solver_reaches(self) -> bool:
        return self.options.root_solve and kernel.popcount(self.region) <= ROOT_SOLVE_LIMIT


class RastrosPlayer(Player):
    """Levels 2..5: the search above with a depth cap, noise, solver and book switched by level.

    In the window's worker, while its warm-up compiles the kernels from scratch (the first run
    after installing: 11 s of a core, 40 s and more on a loaded machine), a move that neither a win
    in one nor the book answers is searched by the pure-Python search the kernels replaced
    (``stand_in``): a move within its time rather than a wait for the compiler."""

    # lost, its own reply is the hardest to refute, not the slowest loss: analysis' line asks the
    # slowest ("wins in 29 plies: 4-3 3-2" on 6x6 had 3-2 lose in 18, where 4-2 holds out 28)
    analysed_as_a_hint = True

    def __init__(self, info: PlayerInfo, options: LevelOptions, *, seed: int | None = None,
                 weights: Weights | None = None) -> None:
        self.info = info
        self.options = options
        kernels.prepare("rastros")  # compiled or loaded now, not in a move's time (unless deferred)
        self.seed = seed
        self.weights = weights or Weights()
        # 8x8, the course's size, is prepared now (its tables take a moment to set up); others
        # on their first move
        self._searchers = {8: RastrosSearcher(8, options, self.weights, seed)}
        self._stand_ins: dict[int, Player] = {}  # the Python searches, by board size (``stand_in``)
        self.last: Progress | None = None

    def choose(self, state: RastrosState, limits: Limits | None = None,
               progress: ProgressCallback | None = None) -> Hashable:
        limits = limits or Limits(time=1.0)
        n = state.game.n
        if self.stands_in(state):
            return self.choose_in_python(state, limits, progress)
        if self._stand_ins and not kernels.preparing("rastros"):
            self._stand_ins.clear()  # the kernels ready: the Python tables (dicts of up to a million entries) let go
        depth = min(d for d in (limits.depth, self.options.depth, MAX_DEPTH) if d is not None)
        seconds = limits.time if limits.time is not None else UNTIMED_SECONDS
        capped = Limits(time=seconds, depth=depth, iterations=limits.iterations, stop=limits.stop, best=limits.best)
        self.last = search(self.searcher(n), state, capped, progress, moves=safe_first(state))
        if self.options.root_solve and (self.last.proven == 1 or self.last.score >= PROVEN):
            after = state.play(self.last.best_move)
            if not after.is_terminal():
                self._searchers[n].remember_win(after)
        return self.last.best_move

    def choose_in_python(self, state: RastrosState, limits: Limits, progress: ProgressCallback | None) -> int:
        """``stand_in``'s move, told at once as a search begun (a report with no figures yet): the
        window then says the computer thinks, not "Preparing the engine...", and its time bar fills
        with the search's time.  Level-5's root solver reports nothing for up to 40% of the move's
        time, which the window said was the engine being prepared."""
        if progress is not None:
            progress(Progress(kind="alphabeta"))
        stand_in = self.stand_in(state.game.n)
        move = stand_in.choose(state, limits, progress)
        self.last = stand_in.last
        return move

    def stands_in(self, state: RastrosState) -> bool:
        """Whether ``state``'s move is the Python search's: the window's worker still compiles or
        loads the kernels (``ai.kernels.preparing``: a load from the cache waited for outside the
        move's clock came seconds late on a loaded machine) and neither a win in one nor this
        level's book answers (they need no kernel)."""
        return (kernels.preparing("rastros") and winning_step(state) is None
                and not (self.options.book and book_choice(state)))

    def stand_in(self, n: int) -> Player:
        """The pure-Python player of n x n boards the kernels replaced (ai/reference/rastros_search.py)
        at this level's depth, noise, solver reach and weights, made on its first use and kept (its
        tables with it) until the kernels are ready.  It plays as this level did before them: the same
        evaluation and solver, 10 to 15 times fewer nodes a second (docs/tuning/cold-start.md)."""
        if n not in self._stand_ins:
            o = self.options
            self._stand_ins[n] = import_engine(PYTHON_SEARCH).RastrosPlayer(
                self.info, depth=o.depth, solve_limit=o.solve_limit, root_solve=o.root_solve, book=o.book,
                noise=o.noise, seed=self.seed, weights=self.weights)
        return self._stand_ins[n]

    def searcher(self, n: int) -> RastrosSearcher:
        """The search of n x n boards, made on its first use and kept (its tables with it)."""
        if n not in self._searchers:
            self._searchers[n] = RastrosSearcher(n, self.options, self.weights, self.seed)
        return self._searchers[n]

    def known_move(self, state: RastrosState) -> int | None:
        """A win in one, else the book's move where this level reads the book, the quickest win
        or slowest loss where the solver counts them: a hint's answers without a search."""
        if state.is_terminal():
            return None
        win = winning_step(state)
        if win is not None or not self.options.book:
            return win
        answer = book_choice(state)
        if answer is None:
            return None
        return self.searcher(state.game.n).quickest_or_slowest(state, Limits(best=True), answer)[0]
