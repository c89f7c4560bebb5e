"""Level 5's values in a rout: an estimate stays short of the whole board, a proof says its bound.

The learned evaluation predicts the final margin in discs and extrapolates past the board when one
side is being wiped out: the panel said "White +77 discs" with 64 squares on the board (qa111's
game below, White to move at ply 23).  No final margin exceeds the board's squares, and a margin
of all of them is the game's largest result, which only a proof may say: an estimate is kept one
disc short of it ("White +64 discs" beside "estimate" read as a proven wipeout).  A midgame proof
knows the margin only as far as its lines reach: a bound, exact where it is the whole board.
"""

from __future__ import annotations

import re

import numpy as np

import ai
import games
from ai.base import Limits
from ai.commands.analyse import value_of_report, value_text
from ai.engines.reversi_search import midgame_progress
from ai.kernels import reversi as kernel
from ai.kernels import reversi_endgame as endgame
from ai.move_values import analyse
from ai.search.driver import new_ctl
from ui.ai_worker import AIProgress
from ui.analysis import opinion_from_progress, ply_value, saved_opinion
from ui.analysis_mode import line_progress, move_labels
from ui.eval_bar import GraphValue, graph_value, line_with_proof
from ui.scenes.hint_words import proven_for_you
from ui.scenes.thinking import eval_text, proven_forms, proven_text
from ui.worker_jobs import progress_report

ROUT = ["d3", "c5", "b6", "f3", "f5", "c6", "d6", "e6", "g2", "e3", "f4", "g3", "h3", "c4", "c3", "d2",
        "d1", "e2", "f2", "h1", "e7", "g4", "h2"]  # White, with 3 discs to Black's 24, wins big


def level5_reports(state, depth: int) -> list:
    """What level 5 reports as it searches ``state`` to ``depth`` (seed 1, the best move asked)."""
    seen = []
    ai.make_player("reversi", "level-5", seed=1).choose(state, Limits(depth=depth, best=True), seen.append)
    return seen


def test_level5_estimates_a_rout_within_the_boards_squares_and_the_panel_says_so():
    game = games.load("reversi", size=8)
    state = game.play_line(ROUT)
    seen = level5_reports(state, 8)
    estimates = [p for p in seen if p.proven is None and p.kind == "alphabeta"]
    assert estimates, "the search made no midgame estimate"
    assert max(p.score for p in estimates) <= 64
    best = estimates[-1]
    assert best.score >= 60  # a rout all the same: the bound, not a smaller guess
    words = eval_text(AIProgress(job_id=1, depth=best.depth, score=best.score, mover=state.to_move,
                                 unit=best.unit), game.sides, "reversi")
    assert words.startswith("White +")
    assert int(re.search(r"\+(\d+)", words).group(1)) <= 64


QA_ROUT = ["d3", "c5", "e6", "d2", "c2", "f3", "d1", "f5", "c4", "d6", "f4", "c3", "b5", "b4", "a4", "b3", "a2",
           "a3", "a5", "b2", "b1", "c1", "c6"]  # level 3 (Black) against level 4: White to move, 9 discs to 18


def test_an_estimate_in_a_rout_stays_short_of_the_whole_board_which_only_a_proof_may_say():
    """The evaluation calls this a White rout past the board's 64 discs from depth 11 on, with no
    line searched to the end: the panel and the analysis said "White +64 discs", a wipeout of the
    whole board, beside the word "estimate" (QA).  An estimate stays at 63 discs at most."""
    game = games.load("reversi", size=8)
    state = game.play_line(QA_ROUT)
    seen = level5_reports(state, 12)
    assert all(p.proven is None for p in seen), "the search proved something: no estimate to check"
    assert 60 <= max(p.score for p in seen) < 64  # the rout the evaluation sees, short of the whole board


WIPED_OUT = "OOOOO---OOOOOOX-OOOOOX--OOOOXX--OOOXXX--OOOXXXX-OOX-----OX------ X"
"""The QA game 17 plies on along level 5's line (22 empties, Black to move): White takes the whole
board whatever Black does, as the exact solver proves below."""


def exact_margin(state) -> int:
    """The mover's exact final margin by a fresh exact solver (a full window)."""
    t = kernel.Tables(8, 10, 20)
    out = np.zeros(2, np.int64)
    assert endgame.solve_root(np.uint64(state.mover), np.uint64(state.opponent), -64, 64, -1, 0, t.geo,
                              t.square_value, t.end_keys, t.end_data, t.sqs, t.fls, new_ctl(), out)
    return int(out[1])


def wiped_out_proof():
    """The game, the position ``WIPED_OUT`` and level 5's first proof of it, 12 plies deep."""
    game = games.load("reversi", size=8)
    state = game.from_text(WIPED_OUT)
    seen = level5_reports(state, 12)
    return game, state, next(p for p in seen if p.proven is not None)


def test_a_midgame_proof_says_its_margin_as_the_bound_it_is():
    """Level 5's search proves the loss 12 plies deep from lines that all end the game, so the margin
    is at most what those lines reach (-54 for Black), not that margin exactly: it said "proven:
    White wins" and a bare -54, where the end is a wipeout of all 64 squares."""
    game, state, proof = wiped_out_proof()
    assert exact_margin(state) == -64
    assert proof.proven == -1 and proof.at_most and not proof.exact_margin
    assert -64 <= proof.score < 0  # a true bound: the exact margin is at most this
    words = value_text(value_of_report(proof), state.to_move, game)
    assert words == f"proven: White wins by at least {-round(proof.score)} discs"


def test_a_proven_bound_at_the_whole_board_is_the_exact_margin():
    """No margin exceeds the board's squares: a proof of at least 64 on 8x8 is a 64-0 win exactly."""
    proof = midgame_progress(20, 0, 64 * kernel.DISC, [0], True, "", 64)
    assert proof.proven == 1 and proof.exact_margin and not proof.at_least and proof.score == 64
    loss = midgame_progress(20, 0, -64 * kernel.DISC, [0], True, "", 64)
    assert loss.proven == -1 and loss.exact_margin and not loss.at_most and loss.score == -64


def test_the_window_says_a_midgame_proof_as_the_bound_it_is():
    """The command line said level 5's proof as "White wins by at least 54 discs"; the window's
    report of it (``progress_report``) left out that it was a bound, and the panel and the hint
    said only "proven: White wins".  They say the bound, as the command line does."""
    game, state, proof = wiped_out_proof()
    report = progress_report(1, game, state, proof)
    n = -round(proof.score)
    assert report.at_most and not report.exact_margin
    assert proven_text(report, game.sides) == f"proven: White wins by at least {n} discs"
    assert proven_forms(report, game.sides)[1:3] == [f"proven: White wins by at least {n}", f"White wins by at least {n}"]
    assert proven_for_you(report) == f"proven: you lose by at least {n} discs"  # Black asked


def test_analysis_says_a_proven_bound_on_the_board_and_in_its_line():
    """Analysis proves f1, Black's one move, loses by at least so many discs: its tag read "L" and
    its tip "loses (proven; moves not counted)", its line "proven: White wins".  The tag marks the
    bound as the search tree marks alpha-beta's ("≤-54"), the tip and the line say it in words."""
    game = games.load("reversi", size=8)
    state = game.from_text(WIPED_OUT)
    snapshot = analyse(state, "reversi", max_depth=11)
    (move, value), = snapshot.values.items()
    assert value.proven == -1 and value.bound == -1 and not value.margin
    n = -round(value.score)
    label = move_labels(snapshot, "reversi")[move]
    assert (label.text, label.said, label.proven) == (f"≤-{n}", f"loses by at least {n} discs", True)
    line = line_progress(snapshot, [game.format_move(state, move)])
    assert proven_text(line, game.sides) == f"proven: White wins by at least {n} discs"


def test_a_saved_proven_bound_is_said_as_a_bound_in_the_replay():
    """The graph keeps a proof's measure with its value, and a record saves it, so that a replay
    says the proof as the game did (``ProofMeasure``); a bound was kept as no measure, and the
    bar and the analysis line beside it said a bare "W" and "proven: White wins".  The bound is
    saved (``"bound": true``) and said again: "≥+54" on the bar, "by at least 54 discs" in words."""
    game, state, proof = wiped_out_proof()
    n = -round(proof.score)
    opinion = opinion_from_progress(progress_report(1, game, state, proof), state.to_move)
    saved = ply_value(opinion, 12)  # as the record writes it (tests/test_record.py reads it back)
    assert saved.to_dict()["measure"] == {"bound": True}
    again = saved_opinion(saved)
    assert graph_value(again, 0.0, "reversi")[1] == f"≥+{n}"  # White's least margin, White favoured
    estimate = AIProgress(0, depth=8, best_text="f1", score=-40.0, mover=state.to_move)
    line = line_with_proof(estimate, GraphValue(0.0, "", here=True, opinion=again))
    assert proven_text(line, game.sides) == f"proven: White wins by at least {n} discs"
