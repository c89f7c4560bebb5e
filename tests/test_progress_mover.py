"""A search's report always says whose view it takes (``ui.ai_worker.AIProgress.mover``): its
score and proof are the side to move's.  A report that left the side out was read, by a default,
from the first player's side, whoever was to move; now the side is required, the worker's report
takes it from the position it searched, and the window says the value for the side it favours."""

from __future__ import annotations

import pytest

import ai
from tests.test_ui_ticking_redraw import _computer_stood_in, _thinks
from tests.ui_helpers import click, computer_words
from ui.ai_worker import AIProgress
from ui.analysis import opinion_from_progress
from ui.match import HUMAN_VS_PC, MatchSetup
from ui.scenes.game import GameScene
from ui.worker_jobs import progress_report


def test_a_report_cannot_leave_out_the_side_to_move():
    with pytest.raises(TypeError, match="mover"):
        AIProgress(job_id=1, depth=3, score=4.0)


def test_an_opinion_takes_the_reports_side_and_refuses_a_contradiction():
    """``opinion_from_progress``: a window's report and the caller agree on the side to move, or
    the report is refused; the engine's ``ai.Progress`` carries none and takes the caller's."""
    second = AIProgress(job_id=1, depth=3, score=4.0, mover=1)
    assert opinion_from_progress(second, 1).mover == 1
    with pytest.raises(ValueError, match="side 1 to move"):
        opinion_from_progress(second, 0)
    assert opinion_from_progress(ai.Progress(depth=3, score=4.0), 1).mover == 1


def _white_to_move(app, monkeypatch) -> GameScene:
    """Reversi against the computer as White, after Black's d3 (clicked), its worker stood in for:
    the computer is thinking of a position with the second player to move."""
    _computer_stood_in(monkeypatch)
    scene = GameScene(app, MatchSetup("reversi", {"size": 8}, HUMAN_VS_PC, (None, "level-3"), 30.0), [])
    app.switch(scene)
    app.run_frames(2)
    click(app, scene.view.cell_rect(2, 3).center)  # d3
    assert [ply.text for ply in scene.history] == ["d3"] and scene.state.to_move == 1
    _thinks(scene, 1)
    return scene


@pytest.mark.parametrize(("score", "said", "unsaid"), [(4.0, "White +4 discs", "Black +4 discs"),
                                                       (-4.0, "Black +4 discs", "White +4 discs")])
def test_a_second_players_search_is_said_from_its_side(app, monkeypatch, score, said, unsaid):
    """White's search of the position after d3, as its worker reports it (``progress_report`` of the
    engine's ``ai.Progress``, whose +4 is White's): the thinking card says the side it favours, and
    the live graph puts White's lead below the line."""
    scene = _white_to_move(app, monkeypatch)
    game, state = scene.game, scene.state
    best = game.parse_move(state, "c3")
    searched = ai.Progress(depth=5, best_move=best, score=score, nodes=40_000, elapsed=1.0, pv=[best])
    report = progress_report(1, game, state, searched)
    assert report.mover == 1
    scene.computer.progress = report
    words = computer_words(scene, monkeypatch)
    assert any(said in text for text in words) and not any(unsaid in text for text in words), words
    assert scene.evaluations.from_search(("d3",), report)
    point = scene.evaluations.points(["d3"], state)[1]
    assert point is not None and (point < 0) == (score > 0), point
