"""``python main.py bench budget``: does every level answer within its time per move, in every game?

The window's promise is that the computer answers within the time per move chosen in Settings.
This bench plays each board (every game's default, and the big boards) with levels 3, 4 and 5
and the course players that take a time budget, at 0.1 s and 1 s a move (``--quick``: 0.1 s
and fewer moves), through the same player objects and ``Limits`` as the window's AI worker
(``ui/worker_jobs.py``'s ``run_job``: one player per side kept across moves, ``Limits(time,
stop=an Event)``, no grace, a progress callback that names the best move and the line as the
worker's does), and times each answer around ``choose`` as the worker does, in wall-clock seconds.

A row is one board, player and budget: the answers timed, their median, 99th percentile and
longest, and how many came more than ``OVER`` past the budget, with the worst answer's game,
ply and phase (a book move, a solver's, a search's, an only move; "compile wait" when the move
waited for kernels still compiling).  Beside its wall time each answer keeps its thread's CPU
time, the part of it spent after the deadline (read by a timer thread at the deadline), and the
time the thread was ready to run but waited for a CPU (Linux's run delay).  An overrun is the
engine's ("ours") when the engine itself computed more than ``OVER`` of the budget after the
deadline: a move that overran while its thread sat waiting for a CPU, or blocked while another
thread (the watcher) waited for one, was held back by a loaded machine, not by the engine.

Answers come from self-play started after seeded random openings at three depths of the game
(its start, a third in and two thirds in), so books, searches and the endgame solvers are all met.
"""

from __future__ import annotations

import multiprocessing
import statistics
import threading
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field

import ai
import games
from ai.base import Limits, Player, Progress
from ai.kernels import compile_wait
from ai.match import random_openings
from ai.search.driver import start_thread
from games.base import Game, State

Report = Callable[[str], None]

OVER = 0.10  # an answer more than this share past its budget is an overrun
PROGRESS_EVERY = 0.1  # the worker's throttle on progress reports (ui/worker_jobs.PROGRESS_EVERY)
LINE = 8  # moves of the principal variation the worker formats (ui/worker_jobs._format_line)
LEVELS = ("level-3", "level-4", "level-5")

# (game, options, plies of random play before each of the three starts, course players with a time budget)
BOARDS: tuple[tuple[str, dict, tuple[int, int, int], tuple[str, ...]], ...] = (
    ("tictactoe", {}, (1, 2, 4), ()),
    ("tictactoe", {"width": 15, "height": 15, "k": 5}, (2, 12, 24), ()),
    ("hex", {}, (2, 30, 60), ("hex:notebook",)),
    ("hex", {"size": 19}, (2, 90, 180), ()),
    ("reversi", {}, (2, 22, 44), ("reversi:hard",)),
    ("reversi", {"size": 10}, (2, 34, 68), ()),
    ("rastros", {}, (2, 8, 16), ("rastros:basilio",)),
    ("alquerque", {}, (2, 12, 24), ("alquerque:minimax-4",)),
    ("trax", {}, (2, 10, 20), ()),
    ("trax", {"size": 25}, (2, 20, 40), ()),
)


@dataclass
class Answer:
    """One timed answer: wall and CPU seconds around ``choose``, and what produced the move."""

    board: str
    ply: int
    wall: float
    cpu: float
    queued: float  # seconds the searching thread was ready to run but not run (``run_delay``)
    phase: str
    late_cpu: float = 0.0  # CPU seconds the searching thread spent after the deadline

    def ours(self, budget: float) -> bool:
        """Whether the engine itself computed more than ``OVER`` of the budget past its deadline."""
        return self.late_cpu > budget * OVER


@dataclass
class Row:
    board: str
    player: str
    budget: float
    answers: list[Answer] = field(default_factory=list)

    def overruns(self) -> list[Answer]:
        return [a for a in self.answers if a.wall > self.budget * (1 + OVER)]

    def engine_overruns(self) -> list[Answer]:
        """The overruns left once the time spent waiting for a CPU is taken out: the engine's."""
        return [a for a in self.overruns() if a.ours(self.budget)]

    def line(self) -> str:
        """The row as the bench prints it."""
        walls = sorted(a.wall for a in self.answers)
        if not walls:
            return f"  {self.board:18} {self.player:20} {self.budget:5.2f}s  no answers"
        worst = max(self.answers, key=lambda a: a.wall)
        over = self.overruns()
        text = (f"  {self.board:18} {self.player:20} {self.budget:5.2f}s {len(walls):4d} "
                f"{statistics.median(walls):7.3f} {percentile(walls, 0.99):7.3f} {walls[-1]:7.3f} {len(over):4d} "
                f"{len(self.engine_overruns()):4d}")
        if over:
            text += (f"   worst: ply {worst.ply} {worst.phase}, CPU {worst.cpu:.3f} s "
                     f"({worst.late_cpu:.3f} s late), waited to run {worst.queued:.3f} s")
        return text


HEADER = (f"  {'board':18} {'player':20} {'budget':>6} {'moves':>4} {'median':>7} {'p99':>7} {'longest':>7} "
          f"{'over':>4} {'ours':>4}\n  (over: answers more than {OVER:.0%} past the budget; ours: those where the "
          f"engine computed more than {OVER:.0%} of the budget past its deadline)")


def percentile(ordered: list[float], share: float) -> float:
    """The ``share`` percentile of the sorted ``ordered`` (nearest rank: with fewer than 100
    answers the 99th is the longest)."""
    rank = max(1, -(-len(ordered) * share // 1))
    return ordered[int(rank) - 1]


def phase_of(final: Progress | None, waited: float) -> str:
    """What produced an answer: its final report's kind, in the bench's words."""
    if waited > 0:
        return "compile wait"
    kind = final.kind if final is not None else "search"
    return {"book": "book", "solver": "solver", "rule": "only move"}.get(kind, f"search ({kind})")


def worker_progress(game: Game, state: State, finals: list[Progress]) -> Callable[[Progress], None]:
    """A progress callback that costs what the window's worker's does: reports throttled to
    ``PROGRESS_EVERY`` (the final one always), each naming the best move and the line."""
    last = [0.0]

    def progress(p: Progress) -> None:
        now = time.perf_counter()
        if not p.done and now - last[0] < PROGRESS_EVERY:
            return
        last[0] = now
        line = [p.best_move] if p.best_move is not None else []
        _texts(game, state, line + list(p.pv or [])[:LINE])
        if p.done:
            finals.append(p)

    return progress


def _texts(game: Game, state: State, moves: list[Hashable]) -> list[str]:
    out = []
    for move in moves:
        try:
            out.append(game.format_move(state, move))
            state = state.play(move)
        except Exception:  # noqa: BLE001 - a bad line is only cosmetic, as in the worker
            break
    return out


def run_delay() -> float:
    """Seconds this thread has spent ready to run but waiting for a CPU (Linux's
    /proc/thread-self/schedstat, second field); 0 where the system does not say."""
    try:
        with open("/proc/thread-self/schedstat", encoding="ascii") as stats:
            return int(stats.read().split()[1]) / 1e9
    except (OSError, IndexError, ValueError):
        return 0.0


class CpuAtDeadline:
    """Reads this thread's CPU clock from a timer thread at the deadline, so that the CPU time an
    answer spent after it can be told from the time it only waited (None where the system has no
    per-thread CPU clocks, or the answer came first)."""

    def __init__(self, seconds: float) -> None:
        self.seen: float | None = None
        self._clock = _thread_clock()
        self._answered = threading.Event()
        self._seconds = seconds
        if self._clock is not None:
            start_thread(self._read)  # not threading.Timer: its start waits for the thread to run

    def _read(self) -> None:
        if not self._answered.wait(self._seconds):
            self.seen = time.clock_gettime(self._clock)

    def after(self, cpu_now: float) -> float:
        """CPU seconds from the deadline to ``cpu_now`` (this thread's ``thread_time``): what the
        timer read, or, when the timer itself waited for a CPU past the answer, 0."""
        self._answered.set()
        return max(0.0, cpu_now - self.seen) if self.seen is not None else 0.0


def _thread_clock() -> int | None:
    try:
        return time.pthread_getcpuclockid(threading.get_ident())
    except (AttributeError, OSError):
        return None


def timed_answer(player: Player, game: Game, state: State, budget: float, stop) -> tuple[Hashable, Answer]:
    """One answer as the window's worker asks for it: the move, and its times and phase (board
    and ply left for the caller)."""
    finals: list[Progress] = []
    progress = worker_progress(game, state, finals)
    waited, queued = compile_wait(), run_delay()
    wall, cpu = time.perf_counter(), time.thread_time()
    deadline = CpuAtDeadline(budget)
    move = player.choose(state, Limits(time=budget, stop=stop), progress)
    end = time.thread_time()
    wall, cpu = time.perf_counter() - wall, end - cpu
    phase = phase_of(finals[-1] if finals else None, compile_wait() - waited)
    late = max(deadline.after(end), cpu - budget)  # more CPU than the budget: the rest came after it
    return move, Answer("", 0, wall, cpu, run_delay() - queued, phase, late)


def board_label(game: Game) -> str:
    shown = {k: v for k, v in game.options.items() if k in ("size", "width", "height", "k")}
    return game.id + ("" if not shown else " " + ",".join(str(v) for v in shown.values()))


def measure(game_id: str, options: dict, starts: tuple[int, ...], player_id: str, budget: float,
            answers: int, seed: int = 1) -> Row:
    """``answers`` timed answers of ``player_id`` in self-play at ``budget`` s a move, spread
    over games started after seeded random openings of each length in ``starts``."""
    game = games.load(game_id, **options)
    row = Row(board_label(game), player_id, budget)
    stop = multiprocessing.get_context("spawn").Event()
    per_start = max(1, -(-answers // len(starts)))
    for number, plies in enumerate(starts):
        players = [ai.make_player(game_id, player_id, seed=seed + 2 * number + side) for side in (0, 1)]
        taken = 0
        for opening in _openings(game, plies, seed + number):
            state = game.initial_state()
            for move in opening:
                state = state.play(move)
            while not state.is_terminal() and taken < per_start and len(row.answers) < answers:
                ply = len(opening) + taken
                move, answer = timed_answer(players[state.to_move], game, state, budget, stop)
                answer.board, answer.ply = row.board, ply
                row.answers.append(answer)
                state = state.play(move)
                taken += 1
            if taken >= per_start or len(row.answers) >= answers:
                break
    return row


def _openings(game: Game, plies: int, seed: int) -> list[list]:
    """Seeded random openings of ``plies`` moves (fewer if random play ends the game sooner)."""
    while True:
        try:
            return random_openings(game, 4, plies, seed=seed)
        except ValueError:
            if plies == 0:
                return [[]]
            plies //= 2


def rows_to_run(quick: bool) -> list[tuple[str, dict, tuple[int, int, int], str, float, int]]:
    """(game, options, starts, player, budget, answers) for each row of the run."""
    budgets = ((0.1, 12),) if quick else ((0.1, 60), (1.0, 15))
    out = []
    for budget, answers in budgets:
        for game_id, options, starts, course in BOARDS:
            for player_id in LEVELS + course:
                out.append((game_id, options, starts, player_id, budget, answers))
    return out


def bench_budget(report: Report = print, quick: bool = False,
                 only: Callable[[str, str], bool] | None = None) -> list[Row]:
    """Print a row per board, player and budget (``only(game_id, player_id)`` picks rows), then
    the worst answer of all."""
    import os

    load = os.getloadavg() if hasattr(os, "getloadavg") else None
    report("budget: every level's answers against its time per move, self-play through the window's Limits"
           + (f"; load average {load[0]:.2f}, {load[1]:.2f}, {load[2]:.2f}" if load else ""))
    report(HEADER)
    rows = []
    for game_id, options, starts, player_id, budget, answers in rows_to_run(quick):
        if only is not None and not only(game_id, player_id):
            continue
        row = measure(game_id, options, starts, player_id, budget, answers)
        rows.append(row)
        report(row.line())
    every = [(a, r) for r in rows for a in r.answers]
    if every:
        worst, row = max(every, key=lambda pair: pair[0].wall / pair[1].budget)
        report(f"  worst of all: {worst.board} {row.player} at {row.budget:g} s, ply {worst.ply} ({worst.phase}): "
               f"{worst.wall:.3f} s wall, {worst.cpu:.3f} s CPU ({worst.late_cpu:.3f} s after the deadline), "
               f"{worst.queued:.3f} s waiting to run; "
               f"{sum(len(r.overruns()) for r in rows)} overruns in {len(every)} answers, "
               f"{sum(len(r.engine_overruns()) for r in rows)} of them the engine's")
    return rows
