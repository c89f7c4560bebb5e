"""``python main.py bench budget``: the rows it prints and how it counts an overrun (no timing asserted)."""

from __future__ import annotations

import sys

import main
from ai.base import Progress
from ai.bench import budget
from ai.bench.budget import Answer, Row, percentile, phase_of


def test_an_overrun_is_an_answer_past_the_budget_and_ours_when_the_engine_computed_past_it():
    row = Row("hex 11", "level-5", 0.1, [
        Answer("hex 11", 2, 0.105, 0.1, 0.0, "search (mcts)"),  # within 10%
        Answer("hex 11", 3, 0.300, 0.02, 0.25, "search (mcts)", 0.005),  # over, but kept waiting for a CPU
        Answer("hex 11", 4, 0.150, 0.14, 0.01, "solver", 0.04),  # over, the engine's
    ])
    assert [a.ply for a in row.overruns()] == [3, 4]
    assert [a.ply for a in row.engine_overruns()] == [4]
    line = row.line()
    assert "worst: ply 3 search (mcts), CPU 0.020 s (0.005 s late), waited to run 0.250 s" in line
    assert line.split()[3:10] == ["0.10s", "3", "0.150", "0.300", "0.300", "2", "1"]


def test_percentile_is_the_nearest_rank_and_phases_are_named():
    assert percentile([0.1] * 99 + [0.5], 0.99) == 0.1
    assert percentile([0.1, 0.2, 0.3], 0.99) == 0.3
    assert phase_of(Progress(kind="book"), 0.0) == "book"
    assert phase_of(Progress(kind="rule"), 0.0) == "only move"
    assert phase_of(Progress(kind="mcts"), 0.0) == "search (mcts)"
    assert phase_of(None, 0.5) == "compile wait"


def test_a_row_times_self_play_through_the_worker_limits():
    row = budget.measure("tictactoe", {}, (1, 2), "level-3", 0.1, 4)
    assert row.board == "tictactoe 3,3,3" and len(row.answers) == 4
    assert all(a.wall >= 0 and a.cpu >= 0 and a.queued >= 0 and a.late_cpu >= 0 for a in row.answers)
    assert [a.ply for a in row.answers] == [1, 2, 2, 3]  # two answers after each opening


def test_cpu_after_the_deadline_is_read_at_the_deadline():
    """The timer's reading is what ``after`` subtracts (set by hand: no sleeping in tests)."""
    deadline = budget.CpuAtDeadline(60.0)
    deadline.seen = 1.25
    assert deadline.after(1.5) == 0.25
    unread = budget.CpuAtDeadline(60.0)
    assert unread.after(1.5) == 0.0  # the answer came before the deadline


def test_main_runs_the_budget_bench(monkeypatch, capsys):
    """``bench budget`` is a target beside ``ui`` (README's and ARCHITECTURE's command lines name it)."""
    seen = []
    monkeypatch.setattr(sys, "argv", ["main.py", "bench", "budget", "--quick"])
    monkeypatch.setattr(budget, "bench_budget", lambda report, quick: seen.append(quick) or report("budget rows"))
    assert main.main(["bench", "budget", "--quick"]) == 0
    assert seen == [True] and "budget rows" in capsys.readouterr().out
