"""The one search driver: time budget, stop flag, only move, node budgets, fallback and reports."""

from __future__ import annotations

import threading
import time

import numpy as np
import pytest
from numba import njit

import games
from ai.base import Limits, Progress
from ai.search.driver import CTL_DEADLINE_NS, CTL_MAX_NODES, CTL_NODES, CTL_STOP, search


@njit(cache=True, nogil=True)
def count_until_stopped(ctl: np.ndarray, work: int) -> bool:
    """A stand-in kernel: 'searches' ``work`` nodes, polling the stop cell as real kernels do."""
    for n in range(work):
        ctl[CTL_NODES] += 1
        if (n & 1023) == 0:
            if ctl[CTL_STOP] != 0:
                return False
            if ctl[CTL_MAX_NODES] != 0 and ctl[CTL_NODES] >= ctl[CTL_MAX_NODES]:
                return False
    return True


class Deepening:
    """Depth d costs 10^(d+3) nodes, so some depth never finishes within any test's budget."""

    kind = "alphabeta"

    def __init__(self, state, answer_at_start: bool = False) -> None:
        self.moves = state.legal_moves()
        self.answer_at_start = answer_at_start
        self.steps: list[int] = []

    def start(self, state, limits):
        if self.answer_at_start:
            return Progress(best_move=self.moves[-1], kind="book")
        return None

    def iterate(self, step, ctl):
        self.steps.append(step)
        if not count_until_stopped(ctl, 10 ** (step + 3)):
            return None
        return Progress(depth=step, best_move=self.moves[step % len(self.moves)], score=step)


@pytest.fixture
def state():
    count_until_stopped(np.zeros(8, np.int64), 1)  # compiled (or loaded) before any budget runs
    return games.load("tictactoe").initial_state()


def test_time_budget_is_kept_and_the_last_finished_iteration_answers(state):
    reports: list[Progress] = []
    started = time.perf_counter()
    result = search(Deepening(state), state, Limits(time=0.3), reports.append)
    took = time.perf_counter() - started
    assert 0.25 <= took < 3.0  # the budget used, and kept: without it the next iteration counts for minutes
    assert result.done and result.kind == "alphabeta"
    assert result.depth >= 2 and result.best_move == state.legal_moves()[result.depth % 9]
    assert reports[-1].done and [r.done for r in reports[:-1]] == [False] * (len(reports) - 1)
    # every finished iteration is reported; the last one only once (as the answer) when it ends
    # past the point where the next could still finish
    assert [r.depth for r in reports[:-1]] == list(range(1, len(reports)))
    assert reports[-1].depth == result.depth and len(reports) - 1 in (result.depth - 1, result.depth)
    assert result.nodes > 10 ** (result.depth + 3)


def test_stop_flag_ends_the_search_promptly(state):
    stop = threading.Event()
    threading.Timer(0.2, stop.set).start()
    started = time.perf_counter()
    result = search(Deepening(state), state, Limits(stop=stop))
    assert time.perf_counter() - started < 5.0  # not hung: unstopped, it counts for ever (a margin for loaded CI)
    assert result.best_move in state.legal_moves()


def test_a_cut_off_first_iteration_still_plays_a_legal_move(state):
    searcher = Deepening(state)
    searcher.iterate = lambda step, ctl: None if count_until_stopped(ctl, 10**12) is False else None
    result = search(searcher, state, Limits(time=0.05))
    assert result.best_move == state.legal_moves()[0] and result.done


def test_depth_cap_and_node_budget(state):
    searcher = Deepening(state)
    result = search(searcher, state, Limits(depth=2))
    assert searcher.steps == [1, 2] and result.depth == 2
    budget = search(Deepening(state), state, Limits(iterations=50_000))
    assert budget.nodes <= 50_000 + 2048


def test_only_move_is_answered_without_search():
    game = games.load("reversi", size=6)
    state = game.initial_state()
    while len(state.legal_moves()) != 1:
        state = state.play(state.legal_moves()[0])
    searcher = Deepening(state)
    result = search(searcher, state, Limits(time=1.0))
    assert result.kind == "rule" and result.best_move == state.legal_moves()[0] and searcher.steps == []


def test_an_answer_from_start_needs_no_iteration(state):
    searcher = Deepening(state, answer_at_start=True)
    result = search(searcher, state, Limits(time=1.0))
    assert result.kind == "book" and result.best_move == state.legal_moves()[-1] and searcher.steps == []


def test_a_search_never_waits_for_its_watcher_thread_to_be_scheduled(state, monkeypatch):
    """``threading.Thread.start`` returns only once the new thread has run: on a loaded machine
    the search stood still until then, and a 0.1 s move took 0.3 s (``python main.py bench
    budget``).  No thread of the search is started that way now."""
    def waits_for_the_thread(self):
        raise AssertionError(f"{self.name}: Thread.start waits for the new thread to run")

    monkeypatch.setattr(threading.Thread, "start", waits_for_the_thread)
    result = search(Deepening(state), state, Limits(time=0.05, stop=threading.Event()))
    assert result.done and result.best_move in state.legal_moves()


def test_a_watcher_whose_thread_begins_after_the_search_leaves_its_block_alone(monkeypatch):
    """The thread the system schedules only after the search ended (held back here) ends at
    once: no stop is written into a block the search has left."""
    import ai.search.driver as driver

    held = []
    monkeypatch.setattr(driver, "start_thread", held.append)
    ctl = np.zeros(8, np.int64)
    with driver.Watcher(ctl, time.perf_counter() - 1.0, Limits(time=0.01)):  # already past its deadline
        pass
    assert len(held) == 1
    held[0]()  # the thread begins now
    assert ctl[CTL_STOP] == 0


def test_a_watcher_whose_thread_begins_past_the_deadline_stops_the_search_at_once(monkeypatch):
    """A watcher thread the system schedules only after the deadline writes the stop as it
    begins, before its first wait: it waited a ``POLL`` first, and on a loaded machine the search
    computed on meanwhile (``python main.py bench budget``)."""
    import ai.search.driver as driver

    held = []
    monkeypatch.setattr(driver, "start_thread", held.append)
    ctl = np.zeros(8, np.int64)
    with driver.Watcher(ctl, time.perf_counter() - 1.0, Limits(time=0.01)) as watcher:
        waits = []
        watcher._done.wait = lambda seconds: waits.append(seconds) or True  # the search ends at its first wait
        held[0]()  # the thread begins now, past the deadline
        assert ctl[CTL_STOP] == 1 and waits == []


def test_the_deadline_is_passed_to_each_iteration_in_its_control_block(state):
    """A search with a move time has its deadline in ``ctl[CTL_DEADLINE_NS]`` (the clock's
    ``perf_counter_ns``), for a search in Python to look at without the watcher; none without."""
    seen = []

    class Records(Deepening):
        def iterate(self, step, ctl):
            seen.append(int(ctl[CTL_DEADLINE_NS]))
            return Progress(depth=step, best_move=self.moves[0], score=0, proven=1)

    before = time.perf_counter_ns()
    search(Records(state), state, Limits(time=5.0))
    search(Records(state), state, Limits(depth=1))
    assert before < seen[0] <= time.perf_counter_ns() + 5 * 10 ** 9 and seen[1] == 0
