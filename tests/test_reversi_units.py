"""Reversi's values say what they count: discs where they are the final margin or an estimate of
it (level 5's learned evaluation on 8x8, the opening book, a proof, the course players, which
count discs), points where a level judges by the hand-set evaluation (levels 2-4, and level 5 on
6x6 and 10x10), whose points are no disc count.

Level 3's "White +1 discs" was a hundredth of its hand-set points, about seven discs by the one fit
there is (ai/eval_scales.py ``REVERSI_POINT_DISCS``), and a draw offer was judged against a margin
of two discs read as two points: level 4 accepted a draw standing some thirteen discs better."""

from __future__ import annotations

import math
import random
import re

import pygame
import pytest

import ai
import games
from ai.base import POINTS, Limits
from ai.draw_offers import BETTER, EVEN, Judged, answer_offer, draw_margin
from ai.eval_scales import CLEAR_ADVANTAGE, REVERSI_POINT_DISCS, reversi_point_discs
from ai.move_values import MoveValue, MoveValues, analyse
from tests.ui_helpers import key, recorded_text, wait, words_in
from ui.analysis import Opinion, values
from ui.analysis_mode import move_labels
from ui.eval_bar import position_value
from ui.match import HOTSEAT, HUMAN_VS_PC, MatchSetup
from ui.scenes.game import GameScene

# seeded random play (seed 1), out of level 5's book: White to move; level 4 (White) values it
# at +1.1 of its points at depths 3 to 5, and the position after ``a8`` (Black to move) too
MIDGAME = ["c4", "c5", "b6", "d3", "c2", "a7", "d6", "e7", "d7", "e3", "b5", "d2", "f7", "b1", "b7", "c6", "e6",
           "e8", "d1"]
OFFERED = [*MIDGAME, "a8"]
LEVELS_UNITS = [("level-2", POINTS), ("level-3", POINTS), ("level-4", POINTS), ("level-5", ""),
                ("reversi:medium", "")]


def random_line(game, plies: int, seed: int) -> list[str]:
    """``plies`` moves of seeded random play from the start, in notation."""
    rng, state, line = random.Random(seed), game.initial_state(), []
    for _ in range(plies):
        move = rng.choice(state.legal_moves())
        line.append(game.format_move(state, move))
        state = state.play(move)
    return line


def value_words(texts: list[str], side: str) -> list[str]:
    """The unit word after each value said for ``side`` in ``texts``: "points" of "White +1.1 points"."""
    return [m.group(1) for text in texts for m in re.finditer(rf"{side} \+\d+(?:[.,]\d+)? (\w+)", text)]


@pytest.mark.parametrize("level, unit", LEVELS_UNITS)
def test_each_level_reports_the_unit_its_values_count(level, unit):
    """The search itself says which: the hand-set evaluation's values are points, the learned
    evaluation's and the course's disc count are the game's discs ("")."""
    game = games.load("reversi")
    state = game.play_line(MIDGAME)
    reports = []
    ai.make_player("reversi", level, seed=1).choose(state, Limits(depth=3), reports.append)
    assert reports and reports[-1].proven is None and reports[-1].unit == unit


def test_level_5_off_8x8_judges_by_the_hand_set_points():
    """10x10 has no learned evaluation: level 5's values there are points too."""
    game = games.load("reversi", size=10)
    reports = []
    ai.make_player("reversi", "level-5", seed=1).choose(game.play_line(random_line(game, 20, 3)), Limits(depth=2),
                                                        reports.append)
    assert reports and reports[-1].proven is None and reports[-1].unit == POINTS


@pytest.mark.parametrize("language, level, word", [
    *(("en", level, "points" if unit else "discs") for level, unit in LEVELS_UNITS),
    ("pt", "level-4", "pontos"), ("pt", "level-5", "peças"),
])
def test_the_panel_says_each_levels_value_in_its_unit(app, monkeypatch, language, level, word):
    """Against each level, its search of a midgame position on the thinking card: "White +1.1
    points" from levels 2-4 (it said "White +1 discs"), "White +3 discs" from level 5 and a course
    player, in both languages."""
    with words_in(language):
        # seeded: level 2's noise made about 1 game in 30 value the position at 0 here, said "even",
        # with no unit to read (300 seeds: 9 said "even")
        scene = GameScene(app, MatchSetup("reversi", {}, HUMAN_VS_PC, (None, level), 2.0, seed=1), list(MIDGAME))
        app.switch(scene)
        assert wait(app, lambda: len(scene.history) == len(MIDGAME) + 1, 120)  # White has moved
        drawn = recorded_text(monkeypatch)
        app.invalidate()
        app.run_frames(2)
        said = set(value_words(drawn, {"en": "(?:White|Black)", "pt": "(?:Branco|Preto)"}[language]))
    assert said and said <= {word, word.rstrip("s")}, (said, drawn)


def test_a_hint_on_10x10_says_points(app):
    """The hint's player is level 5, which on 10x10 judges by the hand-set evaluation: the hint says
    its value in points ("Hint: f7 (you are 1.2 points up)"), no longer in discs."""
    game = games.load("reversi", size=10)
    scene = GameScene(app, MatchSetup("reversi", {"size": 10}, HOTSEAT, (None, None), 0.5), random_line(game, 20, 3))
    app.switch(scene)
    app.run_frames(2)
    key(app, pygame.K_h)
    assert wait(app, lambda: scene.hint is not None, 120)
    hints = [m.text for m in scene.messages.items if m.text.startswith("Hint")]
    units = [m.group(1) for text in hints for m in re.finditer(r"you are \d+(?:[.,]\d+)? (\w+) (?:up|down)", text)]
    assert hints and units in (["points"], ["point"]), hints


def test_analysis_on_10x10_writes_points_under_the_bar_and_in_the_panel(app, monkeypatch):
    """Analysis' values are level 5's, points on 10x10: the evaluation bar writes "pts" under its
    number and the panel's line "Black +1.2 points" (both said discs)."""
    game = games.load("reversi", size=10)
    scene = GameScene(app, MatchSetup("reversi", {"size": 10}, HOTSEAT, (None, None), 0.5), random_line(game, 20, 3))
    app.switch(scene)
    app.run_frames(2)
    key(app, pygame.K_a)
    assert wait(app, lambda: scene.analysis.values is not None and scene.analysis.values.depth >= 2, 120)
    drawn = recorded_text(monkeypatch)
    app.invalidate()
    app.run_frames(2)
    assert "pts" in drawn, drawn  # (the players' cards say "discs" of their counts)
    said = value_words(drawn, "(?:White|Black)")
    assert said and set(said) <= {"points", "point"}, drawn


def test_level_4_declines_a_draw_standing_a_point_better(app):
    """Level 4 thinks it stands +1.1 of its points better (some seven discs by the fit): it
    declines the draw; it accepted, the margin of two discs read as two of its points."""
    scene = GameScene(app, MatchSetup("reversi", {}, HUMAN_VS_PC, (None, "level-4"), 0.5), list(OFFERED))
    app.switch(scene)
    app.run_frames(2)
    key(app, pygame.K_d, pygame.KMOD_CTRL)
    assert wait(app, lambda: scene.draw_offer is None, 120)
    said = [m.text for m in scene.messages.items]
    assert any(text.startswith("Level 4 declines: it thinks it stands better") for text in said), said
    assert not scene.is_over()


def test_the_draw_margin_is_in_the_unit_of_the_values_judged():
    """Two discs, or their worth in the hand-set points: +1.1 points declined, +1.1 discs accepted."""
    assert draw_margin("reversi") == 2.0
    assert draw_margin("reversi", POINTS) == pytest.approx(2.0 / REVERSI_POINT_DISCS)
    assert answer_offer("reversi", "level-4", 1, Judged(0, -1.1, unit=POINTS)).why == BETTER
    assert answer_offer("reversi", "level-5", 1, Judged(0, -1.1)).why == EVEN


def test_the_points_worth_in_discs_is_the_shipped_fit():
    """``REVERSI_POINT_DISCS`` is tools/reversi_train.py's fit as the shipped weights record it (a
    hundred of the hand-set units to a point)."""
    from ai.engines.reversi_eval import weights_summary

    assert 100 * weights_summary()["handset_scale"] == pytest.approx(REVERSI_POINT_DISCS, abs=0.05)


def test_points_are_drawn_on_the_scale_of_the_discs_they_stand_for():
    """The graph, the bar and analysis' colours draw a clear advantage (12 discs) as such: level 4's
    +1.1 points, some seven discs, was drawn as near even as +1.1 discs, and written "+1"."""
    clear = CLEAR_ADVANTAGE["reversi"]
    as_points, as_discs = values("reversi", [Opinion(1.1, unit=POINTS), Opinion(1.1)])
    assert as_points == pytest.approx(math.tanh(1.1 * REVERSI_POINT_DISCS / clear), abs=1e-3)
    assert as_discs == pytest.approx(math.tanh(1.1 / clear), abs=1e-3)
    snapshot = MoveValues(0, {1: MoveValue(1, 1.1, unit=POINTS)})
    share, text = position_value(snapshot, "reversi")
    assert share == pytest.approx(as_points, abs=1e-3) and text == "+1.1"
    label = move_labels(snapshot, "reversi")[1]
    assert label.text == "+1.1" and label.tone == pytest.approx(as_points, abs=1e-3)


@pytest.mark.parametrize("empties", [4, 12, 38])
def test_points_are_drawn_at_their_worth_in_discs_at_the_positions_stage(empties):
    """A hand-set point is worth 3.7 discs with 4 squares empty, 6.7 with 12, 15.9 with 38
    (``REVERSI_POINT_DISCS_BY_EMPTIES``): the graph, the bar and analysis' colours draw it so.  By
    the one factor (6.7) level 4's points drew a midgame lead at under half its discs and a late
    one at near twice them, so the bar jumped as the solver's exact discs took over."""
    stage = empties / 64
    clear = CLEAR_ADVANTAGE["reversi"]
    expected = math.tanh(0.5 * reversi_point_discs(stage) / clear)
    as_discs = 0.5 * reversi_point_discs(stage)  # the margin the points stand for, in discs
    as_points, discs = values("reversi", [Opinion(0.5, unit=POINTS, stage=stage), Opinion(as_discs)])
    assert as_points == pytest.approx(expected, abs=1e-3) and as_points == pytest.approx(discs, abs=1e-3)
    snapshot = MoveValues(0, {1: MoveValue(1, 0.5, unit=POINTS)}, stage=stage)
    assert position_value(snapshot, "reversi")[0] == pytest.approx(expected, abs=1e-3)
    assert move_labels(snapshot, "reversi")[1].tone == pytest.approx(expected, abs=1e-3)


def test_the_stage_of_each_searched_position_reaches_the_window():
    """Analysis' snapshot, a computer's search (through the worker process) and the replay's
    in-process analysis each carry the share of their position's squares empty, which their
    points are drawn by (``ui.analysis.scale_in``)."""
    from ai.eval_scales import empty_share
    from tests.test_ai_worker import answers_until
    from ui.ai_worker import AIProgress, Job
    from ui.worker_client import AIWorker

    game = games.load("reversi", size=6)
    state = game.play_line(random_line(game, 10, 5))
    stage = empty_share(state)
    assert stage == (36 - sum(state.score())) / 36 and analyse(state, "reversi", max_depth=1).stage == stage
    worker = AIWorker(game)
    try:
        job = worker.submit(Job("reversi", {"size": 6}, (), game.to_text(state), "level-4", 0.3, 0, "side0"))
        reports = [a for a in answers_until(worker, job, 60) if isinstance(a, AIProgress)]
    finally:
        worker.close()
    assert reports and all(report.stage == stage for report in reports)
