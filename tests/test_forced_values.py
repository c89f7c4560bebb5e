"""A forced position (one legal move: Alquerque's compulsory capture, Reversi's pass) is worth what
its only move leads to: its point on the evaluation graph is the next valued position's, never the
one searched before it (ui/analysis.py ``forced_through``).  A game resigned after a run of forced
captures saved the whole run flat at the value before it, though Black had won a piece in it."""

from __future__ import annotations

import random
from dataclasses import replace

import games
from ai.eval_scales import ALQUERQUE_PIECE
from games.record import GameRecord
from games.record_parts import ProofMeasure, Result, Side
from tests.test_replay_graph_order import _Instant
from ui.ai_worker import AIProgress, AIResult
from ui.analysis import BackgroundAnalysis, Opinion, ply_value, values
from ui.eval_bar import last_known
from ui.eval_graph import LiveEvaluations
from ui.worker_jobs import _rebuild

OPTIONS = {"compulsory_capture": True}
# White's b2-c3 is met by five forced captures in a row (each side's only legal move), after which
# Black is a piece up (3 taken to 2) and White, to move with eight moves, resigns
LINE = ["b2-c3", "d4xb2", "a1xc3", "a3xa1", "c3xa3", "a4xa2"]
RUN = range(1, 6)  # the positions with one legal move
AFTER = 6  # the first position past the run


class _Material(_Instant):
    """An AI worker whose search values a position by its material alone, for the side to move, in
    the engine's units (``ALQUERQUE_PIECE`` a piece), and answers a position with one legal move as
    the engines do: by the rule, no search (kind "rule", no value); it answers at once, as
    ``_Instant`` does."""

    def __init__(self) -> None:
        super().__init__()
        self.searched: list[int] = []

    def submit(self, job) -> int:
        state = _rebuild(games.load(job.game_id, **job.options), job)
        job_id = len(self.searched) + 1
        self.searched.append(len(job.moves))
        if len(state.legal_moves()) == 1:
            report = AIProgress(job_id, depth=1, kind="rule", only_move=True, mover=state.to_move)
        else:
            report = AIProgress(job_id, depth=3, score=_material(state) * ALQUERQUE_PIECE, mover=state.to_move)
        self.reports += [report, AIResult(job_id, None, "", 0.0)]
        return job_id


def _material(state) -> int:
    """Pieces taken by the side to move less those taken from it."""
    taken = state.score()
    return taken[state.to_move] - taken[1 - state.to_move]


def _resigned_record() -> GameRecord:
    game = games.load("alquerque", **OPTIONS)
    record = GameRecord.start(game, (Side("level-5", "Level 5"), Side("level-5", "Level 5"))).with_moves(LINE)
    return record.finish(Result(1, "White resigns"))


def _analysed(record: GameRecord) -> BackgroundAnalysis:
    analysis = BackgroundAnalysis(record, "level-5", seconds=0.25, worker=_Material())
    for _step in range(1000):
        if analysis.done:
            return analysis
        analysis.poll()
    raise AssertionError("the analysis did not end")


def test_the_run_is_valued_by_the_position_after_it_not_before():
    record = _resigned_record()
    analysis = _analysed(record)
    points = analysis.points
    assert points[0] == 0.0  # even material before b2-c3
    assert points[AFTER] is not None and points[AFTER] < 0  # Black a piece up after the run
    assert [points[i] for i in RUN] == [points[AFTER]] * len(RUN)
    # every position once in the rough pass; the full pass leaves the run alone (the rule settled it)
    assert analysis.worker.searched == [*range(AFTER + 1), 0, AFTER]


def test_a_game_saved_before_the_position_after_the_run_was_valued_saves_no_flat_run():
    """The live game's graph when White resigned: the computers' searches of the start, their
    forced answers, no value of the last position.  The run has no value yet, rather than the
    start's; the replay then values the last position and the run with it."""
    record = _resigned_record()
    game, states = record.game(), record.states()
    live = LiveEvaluations(game)
    live.from_search((), AIProgress(1, depth=5, score=0.8 * ALQUERQUE_PIECE, mover=0))
    for i in RUN:
        live.from_search(tuple(LINE[:i]), AIProgress(1, depth=1, kind="rule", only_move=True, mover=states[i].to_move))
    evaluations, ply_values = live.saved(LINE, states[-1])
    assert evaluations[0] > 0 and all(evaluations[i] is None for i in RUN) and evaluations[AFTER] is None
    assert [ply_values[i].kind for i in RUN] == ["rule"] * len(RUN)
    saved = GameRecord.loads(replace(record, evaluations=evaluations, ply_values=ply_values).dumps())
    points = _analysed(saved).points
    assert points[0] == evaluations[0]  # carried from the file
    assert points[AFTER] < 0 and [points[i] for i in RUN] == [points[AFTER]] * len(RUN)


def test_a_file_saved_with_a_flat_run_has_it_valued_again():
    """A file saved before the fix carries the run at the value before it: the replay works the
    run's points out again from the position after it."""
    record = _resigned_record()
    states = record.states()
    ply_values = [None] * (len(LINE) + 1)
    flat = [0.493] * len(LINE) + [None]
    for i in RUN:
        ply_values[i] = ply_value(Opinion(0.0, "rule", None, states[i].to_move), 0)
    flat_record = replace(record, evaluations=flat, ply_values=ply_values)
    points = _analysed(GameRecord.loads(flat_record.dumps())).points
    assert points[0] == 0.493 and points[AFTER] < 0
    assert [points[i] for i in RUN] == [points[AFTER]] * len(RUN)


def _pass_line() -> tuple[list[str], int]:
    """A 6x6 Reversi game with a pass in it, and the index of the position where a side passed."""
    game = games.load("reversi", size=6)
    for seed in range(200):
        rng, state, moves = random.Random(seed), game.initial_state(), []
        while not state.is_terminal():
            legal = state.legal_moves()
            move = rng.choice(legal)
            moves.append(game.format_move(state, move))
            if game.format_move(state, move).lower() == "pass" and len(moves) > 1:
                return moves, len(moves) - 1
            state = state.play(move)
    raise AssertionError("no pass in 200 games")


def test_reversi_s_pass_is_worth_the_position_after_it_and_its_proof_one_ply_longer():
    moves, passed = _pass_line()
    game = games.load("reversi", size=6)
    states = [game.initial_state()]
    for move in moves:
        states.append(states[-1].play(game.parse_move(states[-1], move)))
    assert len(states[passed].legal_moves()) == 1
    before = Opinion(12.0, "alphabeta", None, states[passed - 1].to_move)
    forced = Opinion(0.0, "rule", None, states[passed].to_move)
    after = Opinion(-8.0, "solver", -1, states[passed + 1].to_move, measure=ProofMeasure.of(4, margin=True))
    opinions = [None] * (passed - 1) + [before, forced, None]
    assert values("reversi", opinions)[passed] is None  # nothing known of it yet: not the value before
    opinions[-1] = after
    points = values("reversi", opinions)
    assert points[passed] == points[passed + 1] != points[passed - 1]
    bar = last_known(opinions, points, passed, "reversi")
    assert bar is not None and bar.here and bar.share == points[passed + 1]
    assert bar.opinion.proven == -1 and bar.opinion.mover == after.mover
    assert bar.opinion.measure == ProofMeasure(5, False, True)  # the pass counted


def test_analysis_mode_s_value_after_the_run_values_the_run_in_the_replay():
    """The replay lays analysis mode's values over its background analysis (``LiveEvaluations.over``):
    a value of the position after the run is the run's too, where the run kept its old points."""
    record = _resigned_record()
    states = record.states()
    background = [Opinion(0.0, "alphabeta", None, 0)] + [Opinion(0.0, "rule", None, states[i].to_move) for i in RUN]
    background.append(None)
    points = values("alquerque", background)
    assert points[1:] == [None] * (len(points) - 1)
    live = LiveEvaluations(record.game())
    live.from_opinion(tuple(LINE), Opinion(_material(states[AFTER]) * ALQUERQUE_PIECE, "alphabeta", None, 0), 6)
    lines = live.over(LINE, background, [3] + [0] * len(LINE), points)
    assert lines.points[AFTER] < 0 and [lines.points[i] for i in RUN] == [lines.points[AFTER]] * len(RUN)
