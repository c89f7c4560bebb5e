"""The replay's background analysis: a rough pass over every ply first, then deeper (ui/analysis.py)."""

from __future__ import annotations

import os
import time

import pytest

from tests.test_replay import random_record
from tests.ui_helpers import job_mover
from ui.ai_worker import AIProgress, AIResult
from ui.analysis import ANSWER_WAY_BACK, ROUGH_SECONDS, BackgroundAnalysis, Opinion, deeper
from ui.worker_lifecycle import wait_for_closed_workers


class _Instant:
    """An AI worker that answers every job at once, as deep as its time allows (100 plies a second),
    with a value that tells the pass apart: +depth for the mover, or a proof where ``proofs`` says."""

    preparing = False

    def __init__(self, proofs: frozenset[int] = frozenset()) -> None:
        self.jobs: list = []
        self.reports: list = []
        self.proofs = proofs

    def submit(self, job) -> int:
        self.jobs.append(job)
        depth, job_id = round(job.move_time * 100), len(self.jobs)
        proven = 1 if len(job.moves) in self.proofs else None
        self.reports += [AIProgress(job_id, depth=depth, score=float(depth), proven=proven, mover=job_mover(job)),
                         AIResult(job_id, None, "", 0.0)]
        return job_id

    def poll(self) -> list:
        out, self.reports = self.reports, []
        return out

    def cancel(self) -> None:
        pass

    def close(self) -> None:
        pass


def _run(analysis: BackgroundAnalysis, until) -> None:
    for _step in range(10_000):
        if until():
            return
        analysis.poll()
    raise AssertionError("the analysis did not get there")


def test_every_ply_is_valued_roughly_before_any_full_search():
    record = random_record("tictactoe", seed=3)
    worker = _Instant()
    analysis = BackgroundAnalysis(record, "level-5", seconds=0.25, worker=worker)
    _run(analysis, lambda: all(p is not None for p in analysis.points))
    rough = [len(job.moves) for job in worker.jobs if job.move_time == ROUGH_SECONDS]
    assert rough == list(range(len(record.moves)))  # every ply but the finished last one, in order
    assert len(worker.jobs) <= len(rough) + 1  # the first full search is only asked for
    assert not analysis.done and 0 < analysis.progress() < 1


def test_the_deeper_pass_replaces_the_rough_values_but_not_a_proof():
    record = random_record("tictactoe", seed=3)
    proved = 2
    worker = _Instant(proofs=frozenset({proved}))
    analysis = BackgroundAnalysis(record, "level-5", seconds=0.25, worker=worker)
    _run(analysis, lambda: analysis.done)
    plies = len(record.moves)
    full = [len(job.moves) for job in worker.jobs if job.move_time == 0.25]
    assert sorted(full) == [i for i in range(plies) if i != proved]  # a proof is not searched again
    assert [analysis.depths[i] for i in range(plies) if i != proved] == [25] * (plies - 1)
    assert analysis.opinions[proved].proven == 1 and analysis.depths[proved] == 3
    assert analysis.progress() == 1.0 and all(p is not None for p in analysis.points)


def test_a_proof_with_the_second_player_to_move_is_their_win_on_the_graph():
    """The worker's report says the side to move wins (its figures are the mover's): where the
    second player is to move, the graph shows the first player losing.  The analysis read a report
    lacking its mover as the first player's, and drew the second player's win as the first
    player's; the report now always says its mover, and the analysis reads it from its position."""
    record = random_record("tictactoe", seed=3)
    analysis = BackgroundAnalysis(record, "level-5", seconds=0.25, worker=_Instant(proofs=frozenset({1, 2})))
    _run(analysis, lambda: analysis.done)
    assert [analysis.states[i].to_move for i in (1, 2)] == [1, 0]
    assert [analysis.points[i] for i in (1, 2)] == [-1.0, 1.0]


def test_a_shallower_answer_never_replaces_a_deeper_one():
    rough, full = Opinion(3.0), Opinion(25.0)
    assert deeper(full, 25, rough, 3) and not deeper(rough, 3, full, 25)
    assert deeper(Opinion(0.0, proven=1), 1, full, 25) and not deeper(full, 25, Opinion(0.0, proven=1), 1)


def test_a_closed_analysis_leaves_no_worker_running():
    """The replay left half-way: the worker process ends, and none is started until it is polled again."""
    record = random_record("tictactoe", seed=3)
    analysis = BackgroundAnalysis(record, "level-5", seconds=0.25)
    deadline = time.monotonic() + 60
    while analysis.progress() == 0 and time.monotonic() < deadline:
        analysis.poll()
        time.sleep(0.01)
    pid = analysis.worker.process.pid
    analysis.close()
    assert wait_for_closed_workers(10) and analysis.worker is None and analysis.answer_due_in() is None
    with pytest.raises(ProcessLookupError):  # ended and reaped (by the worker's ending thread)
        os.kill(pid, 0)


def test_the_replay_wakes_when_the_search_under_way_should_have_answered(tmp_path, monkeypatch):
    """The window woke only every quarter second to start the next search: a 0.25 s search and
    the wait for the next wake-up took half a second a position, twice the search."""
    import pygame

    from tests.test_replay import FakeApp
    from ui.scenes.replay import ANALYSIS_REDRAW, ReplayScene

    monkeypatch.setenv("TABULEIRO_DATA_DIR", str(tmp_path))
    pygame.init()
    scene = ReplayScene(FakeApp(), random_record("tictactoe", seed=3), ply=0, analyse=False)
    scene.analysis = BackgroundAnalysis(scene.record, "level-5", seconds=0.25, worker=_Instant())
    scene.analysis.poll()  # the first search asked for: its answer is due in its time
    assert 0 < scene.redraw_interval() <= ROUGH_SECONDS + ANSWER_WAY_BACK < ANALYSIS_REDRAW
    scene.analysis._job_due = time.monotonic() - 10  # long overdue (kernels compiling): the usual redraws
    assert scene.redraw_interval() == ANALYSIS_REDRAW
