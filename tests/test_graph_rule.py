"""Which value of a position the evaluation graph and the eval bar show (ui/eval_graph.py): the
deepest search's, a proof beating any depth, the same on the bar as on the graph.

QA's Rastros game against level 3 with analysis on: after 5-4 5-5 5-6 4-7 3-8 level 3 (three
plies) said North +160, analysis (nine plies) South +45, and the graph kept level 3's own value
of every position it moved from, so it flipped side every ply.  Values are fed through the entry
points the workers' answers go through (``from_search``, ``from_analysis``), in either order.
"""

from __future__ import annotations

from types import SimpleNamespace

import pygame
import pytest

import games
from ai.move_values import MoveValue, MoveValues
from tests.test_analysis_graph import _Silent
from tests.ui_helpers import key, recorded_text_rects
from ui import eval_bar
from ui.ai_worker import AIProgress
from ui.analysis import Opinion, terminal_opinion, values
from ui.eval_graph import LiveEvaluations, snapshot_opinion

LINE = ("5-4", "5-5", "5-6", "4-7", "3-8")  # QA's game: North to move after 3-8
GAME = games.load("rastros")


def analysis_of(moves: tuple[str, ...], best: float, depth: int) -> tuple[MoveValues, dict]:
    """Analysis' snapshot of the position ``moves`` reach, every move ``depth`` plies deep, the
    best worth ``best`` to the side to move (the others less), with each move's notation."""
    state = GAME.play_line(list(moves))
    legal = state.legal_moves()
    snapshot = MoveValues(state.to_move, {m: MoveValue(m, best - 10.0 * i, depth=depth) for i, m in enumerate(legal)},
                          depth=depth - 1)
    return snapshot, {m: GAME.format_move(state, m) for m in legal}


def search(score: float, depth: int, mover: int) -> AIProgress:
    """A computer's last report of its search of a position (``mover``: the side to move there)."""
    return AIProgress(job_id=1, depth=depth, score=score, mover=mover)


def feed(live: LiveEvaluations, order: str, computer, analysis) -> None:
    """The computer's search and analysis' snapshot, ``order`` saying which arrives first."""
    steps = [computer, analysis] if order == "search first" else [analysis, computer]
    for step in steps:
        step(live)


@pytest.mark.parametrize("order", ["search first", "analysis first"])
@pytest.mark.parametrize("noisy", [False, True])
def test_the_deeper_analysis_is_kept_over_a_shallow_computer_search(order, noisy):
    """QA's flip: level 3's three plies against analysis' nine, in either order: analysis' value
    stays, South better, whether or not the level is known to choose with noise."""
    snapshot, texts = analysis_of(LINE, -45.0, 9)  # North to move: South +45
    live = LiveEvaluations(GAME)
    feed(live, order, lambda lv: lv.from_search(LINE, search(160.0, 3, 1), noisy),
         lambda lv: lv.from_analysis(LINE, snapshot, texts))
    assert live.opinions[LINE] == snapshot_opinion(snapshot)
    points = live.points(list(LINE), GAME.play_line(list(LINE)))
    assert points[5] > 0  # South, the first side, better: above the middle


@pytest.mark.parametrize("order", ["search first", "analysis first"])
def test_a_deeper_computer_search_is_kept_over_a_shallow_analysis(order):
    """The rule is depth, not who searched: level 5's eighteen plies stay over analysis' first
    four (just switched on, or started afresh on the position)."""
    snapshot, texts = analysis_of(LINE, 100.0, 4)  # North +100, four plies
    deep = search(-40.0, 18, 1)
    live = LiveEvaluations(GAME)
    feed(live, order, lambda lv: lv.from_search(LINE, deep), lambda lv: lv.from_analysis(LINE, snapshot, texts))
    assert live.opinions[LINE] == Opinion(-40.0, "alphabeta", None, 1)


@pytest.mark.parametrize("order", ["search first", "analysis first"])
def test_a_noisy_level_yields_to_any_value_analysis_has(order):
    """Levels 1-3 choose with noise and report the chosen move's value: even a shallower analysis
    (two plies against level 3's three) is kept over it."""
    snapshot, texts = analysis_of(LINE, -45.0, 2)
    live = LiveEvaluations(GAME)
    feed(live, order, lambda lv: lv.from_search(LINE, search(160.0, 3, 1), noisy=True),
         lambda lv: lv.from_analysis(LINE, snapshot, texts))
    assert live.opinions[LINE] == snapshot_opinion(snapshot)


@pytest.mark.parametrize("order", ["search first", "analysis first"])
def test_analysis_value_of_the_move_played_values_the_position_it_reaches(order):
    """Analysis of the position before 3-8 (South to move, ten plies a move) values 3-8 itself:
    the position after it is known nine plies deep, which beats level 3's three there; level 5's
    twenty beat it in turn."""
    before = LINE[:4]
    snapshot, texts = analysis_of(before, 45.0, 10)
    played = next(m for m, text in texts.items() if text == "3-8")
    live = LiveEvaluations(GAME)
    feed(live, order, lambda lv: lv.from_search(LINE, search(160.0, 3, 1)),
         lambda lv: lv.from_analysis(before, snapshot, texts))
    assert live.opinions[LINE] == Opinion(snapshot.values[played].score, "alphabeta", None, 0)  # South's view
    assert live.depths[LINE] == 9
    assert live.points(list(LINE), GAME.play_line(list(LINE)))[5] > 0
    assert live.from_search(LINE, search(-40.0, 20, 1))
    assert live.opinions[LINE].mover == 1


@pytest.mark.parametrize("order", ["search first", "analysis first"])
def test_a_proof_beats_any_depth(order):
    """A winning move proven at analysis' first ply is kept over a forty-ply estimate, in either
    order; a later estimate, however deep, does not replace it."""
    state = GAME.play_line(list(LINE))
    first, *others = state.legal_moves()
    proof = MoveValues(1, {first: MoveValue(first, 1.0, "proven", 1, 7, depth=1),
                           **{m: MoveValue(m, -50.0, depth=1) for m in others}}, depth=0)
    live = LiveEvaluations(GAME)
    feed(live, order, lambda lv: lv.from_search(LINE, search(-300.0, 40, 1)), lambda lv: lv.from_analysis(LINE, proof))
    assert live.opinions[LINE].proven == 1
    assert not live.from_search(LINE, search(-300.0, 60, 1))
    assert live.points(list(LINE), state)[5] == -1.0  # North, to move, wins: the bottom edge


def test_the_bar_shows_the_graphs_value_of_the_ply_shown(tmp_path, monkeypatch):
    """Watching level 5 against level 5, analysis' first plies of the position said North +100
    while the graph kept level 5's eighteen plies (South +40): the bar said North, the graph
    South.  The bar now splits where the graph's point stands, and says level 5's "+40"."""
    import ui.worker_client
    from tests.ui_helpers import make_app
    from ui.match import PC_VS_PC, MatchSetup

    monkeypatch.setattr(ui.worker_client, "AIWorker", _Silent)
    app = make_app(tmp_path, monkeypatch)
    try:
        app.start_game(MatchSetup("rastros", {}, PC_VS_PC, ("level-5", "level-5"), 1.0), list(LINE))
        scene = app.scene
        key(app, pygame.K_a)
        snapshot, texts = analysis_of(LINE, 100.0, 4)
        scene.evaluations.from_search(LINE, search(-40.0, 18, 1))
        scene.analysis.values, scene.analysis.texts = snapshot, texts  # as the worker's answer sets them
        scene.evaluations.from_analysis(LINE, snapshot, texts)
        graph = scene.graph_points()[len(LINE)]
        own = eval_bar.position_value(snapshot, "rastros")[0]
        assert graph > 0 > own  # the graph: South better; analysis' own first plies: North
        drawn = recorded_text_rects(monkeypatch)
        scene.draw(app.screen)
        bar = scene.eval_rect
        near = scene.view.near_side()

        def colours_round(share: float) -> tuple:
            split = bar.y + int(bar.height * (1 - (share if near == 0 else -share)) / 2)
            return tuple(app.screen.get_at((bar.centerx, y))[:3] for y in (split - 3, split + 3))

        above, below = colours_round(graph)
        assert above != below  # the bar splits at the graph's point ...
        above, below = colours_round(own)
        assert above == below  # ... not at analysis' shallower value
        in_bar = [text for text, rect in drawn if bar.contains(rect)]
        assert "+40" in in_bar and "+100" not in in_bar
    finally:
        app.quit()


def _background(record) -> SimpleNamespace:
    """A finished replay's background analysis: every position searched four plies, South +50 for
    the side to move; the rules value the end."""
    states = record.states(GAME)
    opinions = [terminal_opinion(s) if s.is_terminal() else Opinion(50.0, "alphabeta", None, s.to_move)
                for s in states]
    return SimpleNamespace(points=values("rastros", opinions), opinions=opinions, depths=[4] * len(states),
                           done=True, error="", progress=lambda: 1.0, poll=lambda: False, close=lambda: None)


def test_a_replay_keeps_its_graph_where_analysis_mode_adds_nothing_deeper(app):
    """The replay's graph is its background analysis' where that is the only value, or the
    deeper; analysis mode's deeper value of the position shown takes that ply's point alone, and
    the bar shows the same."""
    from tests.test_replay import random_record

    record = random_record("rastros")
    app.open_replay(record)
    app.run_frames(2)
    scene = app.scene
    background = _background(record)
    scene.analysis = background
    assert scene.graph_lines()[1] == background.points  # one source: unchanged
    ply = 3
    moves = tuple(record.moves[:ply])
    state = GAME.play_line(list(moves))
    first = state.legal_moves()[0]
    shallow = MoveValues(state.to_move, {first: MoveValue(first, -80.0, depth=2)}, depth=1)
    scene.evaluations.from_analysis(moves, shallow)
    assert scene.graph_lines()[1] == background.points  # two plies: the background's four stay
    deep = MoveValues(state.to_move, {first: MoveValue(first, -80.0, depth=9)}, depth=8)
    scene.evaluations.from_analysis(moves, deep)
    points = scene.graph_lines()[1]
    assert [p for i, p in enumerate(points) if i != ply] == [p for i, p in enumerate(background.points) if i != ply]
    assert points[ply] * background.points[ply] < 0  # the deeper value, the other side better
    scene.go(ply)
    shown = scene._graph_value()
    assert shown.here and shown.share == points[ply]
