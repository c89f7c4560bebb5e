"""The live evaluation graph (#23): with analysis on, a game shows under its board the evaluation
after each ply so far, from analysis mode's best values and the computer's own searches, on the
replay graph's scale.  Headless; the facts are tic-tac-toe's (a proven draw, a proven win)."""

from __future__ import annotations

import pygame
import pytest

from ai.move_values import MoveValue, MoveValues
from tests.ui_helpers import click, key, recorded_text_rects, wait
from ui.analysis import Opinion, opinion_from_progress, values
from ui.eval_graph import LiveEvaluations, snapshot_opinion
from ui.match import HUMAN_VS_PC, MatchSetup
from ui.scenes.game import GameScene


def test_the_graph_follows_the_game_with_analysis_values(app):
    app.open_demo("game:tictactoe:hotseat:")
    scene = app.scene
    assert scene.graph_rect.width == 0
    key(app, pygame.K_a)
    assert scene.graph_rect.width > 0 and scene.graph_rect.top >= scene.view.rect.bottom  # under the board
    assert wait(app, lambda: scene.graph_points()[0] == 0.0, 60)  # the empty board: a proven draw
    scene._play(scene.game.parse_move(scene.state, "b2"), by_computer=False)
    assert wait(app, lambda: scene.graph_points()[1] == 0.0, 60)  # the centre: still a draw
    scene._play(scene.game.parse_move(scene.state, "b1"), by_computer=False)
    assert wait(app, lambda: scene.graph_points()[2] == 1.0, 60)  # O on an edge: X wins
    assert scene.graph_points() == values("tictactoe", [snapshot_opinion(scene.analysis.values) if i == 2 else
                                                        scene.evaluations.opinions[("b2", "b1")[:i]]
                                                        for i in range(3)])
    x, _y = scene.graph_rect.midleft
    click(app, (x + 2, scene.graph_rect.centery))  # a click on the graph shows that position
    assert scene.browsing == 0
    key(app, pygame.K_a)
    assert scene.graph_rect.width == 0


def test_a_computer_move_brings_its_own_search(app):
    """On 7x6 with four in a row, where the analysis cannot prove the start within the test: on
    3x3 a loaded machine let the analysis prove the draw before the computer had moved, and a
    proof rightly stays in place of a search's estimate.  Analysis waits from the first frame
    while the computer searches, so nothing of its own reaches the start (level 3's value would
    yield to it: ui/eval_graph.py ``NOISY_LEVELS``)."""
    board = {"width": 7, "height": 6, "k": 4}
    scene = GameScene(app, MatchSetup("tictactoe", board, HUMAN_VS_PC, ("level-3", None), 0.3))
    app.switch(scene)
    scene.toggle_analysis()
    assert wait(app, lambda: len(scene.history) == 1, 60)
    searched = scene.last_search
    assert searched is not None and () in scene.evaluations.searched
    assert scene.evaluations.opinions[()] == opinion_from_progress(searched, scene.initial.to_move)
    app.run_frames(20)  # analysis follows the position after the move: nothing deeper reaches the start
    assert scene.evaluations.opinions[()] == opinion_from_progress(searched, scene.initial.to_move)
    assert scene.graph_points()[0] is not None


def test_opinions_are_normalised_as_in_the_replay():
    import games

    game = games.load("reversi")
    live = LiveEvaluations(game)
    snapshot = MoveValues(1, {19: MoveValue(19, 6.0), 26: MoveValue(26, -2.0)})
    assert live.from_analysis(("f5",), snapshot)
    assert not live.from_analysis(("f5",), snapshot)  # nothing new
    assert live.opinions[("f5",)] == Opinion(6.0, "alphabeta", None, 1)
    state = game.play_line(["f5", "d6"])
    points = live.points(["f5", "d6"], state)
    scale_points = values("reversi", [None, Opinion(6.0, "alphabeta", None, 1), None])
    assert points == scale_points and points[1] < 0  # White (second) better: below the line


def test_the_graph_colours_each_side_as_the_bar_and_the_board_do():
    """Reversi's graph showed Black's lead in blue and White's in red beside a black and white bar."""
    import pygame

    import games
    from ui.eval_graph import draw_graph
    from ui.theme import THEMES
    from ui.widgets import lightness

    pygame.init()
    theme = THEMES["light"]
    surface = pygame.Surface((220, 100))
    area = pygame.Rect(10, 10, 200, 80)
    probe = (area.centerx, area.y + 25)  # above the middle: the first side's area when it leads
    for game_id, first_looks in (("reversi", "dark"), ("hex", "blue")):
        surface.fill(theme.panel)
        draw_graph(surface, area, [1.0] * 20, games.load(game_id), theme, 1.0, 19)
        r, g, b = surface.get_at(probe)[:3]
        if first_looks == "dark":  # Black
            assert abs(r - g) < 12 and abs(g - b) < 12 and lightness((r, g, b)) < lightness(theme.panel) - 0.15
        else:
            assert b > r + 40


class _Search:
    """What the worker's AIProgress carries of a computer's last report."""

    def __init__(self, score: float, proven: int | None = None, mover: int = 0, depth: int = 0) -> None:
        self.score, self.kind, self.proven, self.mover = score, "alphabeta", proven, mover
        self.depth, self.nodes = depth, 0


def test_a_proof_is_kept_over_an_estimate_whoever_made_them():
    """A weak computer's estimate of a position analysis proved lost (in either order) does not
    replace the proof: the graph showed +0.09 for a proven loss once Level 2 had moved from it."""
    import games

    live = LiveEvaluations(games.load("reversi", size=6))
    proof = MoveValues(0, {1: MoveValue(1, -2.0, "proven", -1, margin=True), 2: MoveValue(2, -8.0, "proven", -1,
                                                                                          margin=True)}, depth=1)
    moves = ("b3",)
    assert live.from_analysis(moves, proof)
    live.from_search(moves, _Search(1.11))
    assert live.opinions[moves].proven == -1
    other = ("b4",)
    live.from_search(other, _Search(1.11))
    assert live.from_analysis(other, proof) and live.opinions[other].proven == -1
    assert not live.from_analysis(other, MoveValues(0, {1: MoveValue(1, 3.0)}, depth=2))  # an estimate: proof kept


def test_a_draw_or_loss_among_some_moves_proves_nothing_yet():
    """Until every move has a value (the first round), a proven draw or loss may be beaten by a
    move not valued yet: an estimate, which the next snapshot replaces; a winning move is a proof
    at once."""
    import games

    live = LiveEvaluations(games.load("tictactoe"))
    partial = MoveValues(0, {4: MoveValue(4, 0.0, "proven", 0, None, 0, 1)})
    assert snapshot_opinion(partial).proven is None
    assert live.from_analysis((), partial)
    assert live.from_analysis((), MoveValues(0, {4: partial.values[4], 5: MoveValue(5, 0.4, depth=1)}, depth=1))
    assert live.opinions[()].score == 0.4
    assert snapshot_opinion(MoveValues(0, {4: MoveValue(4, 1.0, "proven", 1, 3)})).proven == 1


@pytest.mark.parametrize("game_id", ["reversi", "rastros"])
def test_the_sides_names_stay_readable_over_the_graphs_fill(monkeypatch, game_id):
    """At 800x560 a side far ahead filled the graph over its own name: "Black better" was dark
    grey on Reversi's grey, "Norte melhor" red on Rastros' red.  Each name now sits on a plate of
    the graph's ground: whatever the points, and wherever the curve moves it, its letters are
    drawn as on an empty graph."""

    import games
    from ui.eval_graph import draw_graph
    from ui.theme import THEMES

    pygame.init()
    game, theme = games.load(game_id), THEMES["dark"]
    area = pygame.Rect(10, 10, 503, 54)  # the graph of a game at 800x560 (scale 0.7)

    def names(points: list[float | None]) -> list[list[tuple]]:
        """Each side's name as drawn over ``points``: the colours of its rectangle's pixels."""
        surface = pygame.Surface((530, 80))
        surface.fill(theme.panel)
        drawn = recorded_text_rects(monkeypatch)
        draw_graph(surface, area, points, game, theme, 0.7, len(points) - 1)
        rects = [rect for _text, rect in drawn]
        assert len(rects) == 2 and rects[0].bottom <= area.centery <= rects[1].top  # the first side's on top
        return [[tuple(surface.get_at((x, y))) for x in range(rect.left, rect.right) for y in range(rect.top, rect.bottom)]
                for rect in rects]

    empty = names([None] * 12)
    assert all(len(set(name)) > 1 for name in empty)  # letters on a plate
    for points in ([1.0] * 12, [-1.0] * 12, [1.0, -1.0] * 6, [0.9] * 12):
        assert names(points) == empty, points


def test_a_hex_alpha_beta_estimate_is_left_off_the_graph_as_the_panel_leaves_it_out():
    """Hex's values are chances to win: the panel shows none for the notebook's or Level 2's
    shortest-path scores, but the live graph plotted them, scaled to whatever they were, beside
    the Monte Carlo levels' chances.  They are left out; a chance or a proof is kept."""
    import games

    game = games.load("hex", size=5)
    live = LiveEvaluations(game)
    live.from_search((), _Search(3.0))  # the notebook's shortest paths, Blue to move
    mcts = _Search(0.8, mover=1)
    mcts.kind = "mcts"
    live.from_search(("c3",), mcts)
    state = game.play_line(["c3", "b2"])
    points = live.points(["c3", "b2"], state)
    assert points[0] is None and points[1] is not None and points[1] < 0  # Red (second) 80% to win
    live.from_search(("c3", "b2"), _Search(3.0, proven=1))
    assert live.opinions[("c3", "b2")].proven == 1


def test_a_rastros_course_bot_and_level_5_share_the_graphs_scale():
    """Beside level 5's points, Basilio's own numbers ("+10" a won game, 0..7 its distance to its
    goal) put the graph on two scales: its won game is now the graph's edge like a level's, its
    other values stay off the graph and are named the course's score on the panel."""
    import games
    from ai.engines.rastros_course import WON
    from ai.search.classic import COURSE_SCALE, course_report
    from ui.ai_worker import AIProgress
    from ui.scenes.thinking import eval_text

    game = games.load("rastros")
    won, kind = course_report(float(WON), WON, None)
    basilio = AIProgress(job_id=1, depth=6, score=won, kind=kind, mover=0)
    estimate = AIProgress(job_id=1, depth=6, score=3.0, kind=COURSE_SCALE, mover=0)
    live = LiveEvaluations(game)
    live.from_search((), basilio)
    live.from_search(("4-5",), AIProgress(job_id=1, depth=9, score=45.0, mover=1))  # level 5, in points
    live.from_search(("4-5", "3-4"), estimate)
    assert live.points(["4-5", "3-4"], game.initial_state()) == [1.0, pytest.approx(-0.76, abs=0.01), None]
    assert eval_text(basilio, game.sides, "rastros") == f"{game.sides[0]} wins"
    assert eval_text(estimate, game.sides, "rastros") == f"{game.sides[0]} +3 on the bot's own scale"


@pytest.mark.parametrize("points", [
    [1.0, 1.0, 1.0, -1.0, -1.0, -1.0],  # a side far ahead from the start: the curve runs along both left corners
    [0, 0.5, 1, 1, 0.9, 0.2, -0.5, -1, -1, -0.8, 0.1, 0.6],  # and along the top's left and right
])
def test_a_side_s_name_is_drawn_where_the_curve_does_not_cross_it(monkeypatch, points):
    """"Black better" sat in the graph's top-left corner whatever the curve did: a side ahead
    from the start ran its line through the name (the plate under it hid a stretch of the
    curve, which entered and left at its edges).  The names now go where the curve is not."""
    import games
    from ui.eval_graph import draw_graph
    from ui.theme import THEMES

    pygame.init()
    surface = pygame.Surface((300, 140))
    area = pygame.Rect(10, 10, 260, 100)
    drawn = recorded_text_rects(monkeypatch)
    xy = draw_graph(surface, area, points, games.load("reversi"), THEMES["dark"], 1.0, len(points) - 1)
    curve = [xy(i, v) for i, v in enumerate(points)]
    names = [rect for text, rect in drawn if text.endswith("better")]
    assert len(names) == 2
    for rect in names:
        assert area.contains(rect)
        assert not any(rect.clipline(a, b) for a, b in zip(curve, curve[1:])), (rect, curve)


class _Silent:
    """An AI worker that takes every job and never answers: a computer's search that goes on, and
    analysis waiting for it, while the test sets the graph's values."""

    preparing = False

    def __init__(self, *args, **kwargs) -> None:
        self.restarts = 0

    def submit(self, job) -> int:
        return 1

    def poll(self) -> list:
        return []

    def cancel(self) -> None:
        pass

    def close(self) -> None:
        pass


def _ahead_all_game(i: int) -> _Search:
    """The first side has won from the start: proven wins and losses, the curve on the top edge."""
    mover = i % 2
    return _Search(1e6 if mover == 0 else -1e6, 1 if mover == 0 else -1, mover)


def _far_ahead_all_game(i: int) -> _Search:
    """The first side 93-97% to win all game: the curve just under the top edge, as in QA's shot."""
    mover, chance = i % 2, 0.93 + 0.02 * (i % 3)
    search = _Search(chance if mover == 0 else 1.0 - chance, mover=mover)
    search.kind = "mcts"
    return search


@pytest.mark.parametrize("ahead", [_ahead_all_game, _far_ahead_all_game])
@pytest.mark.parametrize("language", ["en", "pt"])
@pytest.mark.parametrize("size", [(800, 600), (1280, 800)])
def test_a_side_s_name_keeps_off_a_curve_along_the_top_of_a_watched_game(tmp_path, monkeypatch, size, language,
                                                                          ahead):
    """A side ahead all game ran the curve along the whole top edge: no place there was clear,
    and "X better" was drawn over the start of the curve.  The name now goes further in, under
    the curve, in its half of the graph; in both languages, in a small window and a large one."""
    import ui.worker_client
    from tests.ui_helpers import make_app
    from ui import i18n
    from ui.eval_graph import draw_graph
    from ui.match import PC_VS_PC, MatchSetup

    monkeypatch.setattr(ui.worker_client, "AIWorker", _Silent)
    moves = ["a1", "g6", "b3", "f1", "c5", "e6", "d2", "a6", "g1", "b6", "f4", "c1"]  # no four in a row
    app = make_app(tmp_path, monkeypatch, size=size)
    try:
        app.settings.language = language
        app.apply_settings()
        setup = MatchSetup("tictactoe", {"width": 7, "height": 6, "k": 4}, PC_VS_PC, ("level-2", "level-2"), 1.0)
        app.start_game(setup, moves)
        scene = app.scene
        key(app, pygame.K_a)
        for i in range(len(moves) + 1):
            scene.evaluations.from_search(tuple(moves[:i]), ahead(i))
        points = scene.graph_points()
        assert all(v is not None and v > 0.85 for v in points)
        drawn = recorded_text_rects(monkeypatch)
        scene.invalidate()
        app.run_frames(2)
        said = {i18n._("{side} better").format(side=i18n._(side)) for side in scene.game.sides}
        names = {text: rect for text, rect in drawn if text in said}
        assert len(names) == 2, names
        xy = draw_graph(pygame.Surface(app.screen.get_size()), scene.graph_rect, points, scene.game, app.theme,
                        app.scale, len(moves), scene.shown_plies())
        curve = [xy(i, v) for i, v in enumerate(points)]
        for rect in names.values():
            assert scene.graph_rect.contains(rect)
            assert not any(rect.clipline(a, b) for a, b in zip(curve, curve[1:])), (rect, curve)
    finally:
        app.quit()
        i18n.set_language("en")


def test_the_curve_a_name_would_hide_is_measured_whole_where_plies_share_a_pixel_column():
    """A long game in a narrow graph puts several plies in one column of pixels, the curve going
    straight up and down there: the stretch at a place's left edge went uncounted, and a name
    could be put where it hid more of the curve than another place would."""
    import math
    import random

    from ui.eval_graph import _hidden_curve

    rng = random.Random(3)
    for _trial in range(500):
        xs = sorted(rng.randint(0, 60) for _ in range(rng.randint(2, 40)))
        curve = [(x, rng.randint(0, 40)) for x in xs]
        area = pygame.Rect(rng.randint(-5, 60), rng.randint(-5, 40), rng.randint(1, 30), rng.randint(1, 20))
        crossed = [area.clipline(a, b) for a, b in zip(curve, curve[1:])]
        assert _hidden_curve(area, curve) == pytest.approx(sum(max(1.0, math.dist(*c)) for c in crossed if c))


def _replay_analysing(app, points: list[float | None], game_id: str = "hex", seed: int = 1, done: bool = False):
    """A ``game_id`` game's replay whose analysis is 28% done (or ``done``), ``points`` the values
    it knows so far (repeated to the game's end when done)."""
    from types import SimpleNamespace

    from tests.test_replay import random_record

    record = random_record(game_id, seed)
    app.open_replay(record)
    app.run_frames(2)
    scene = app.scene
    points = (points * (len(record.moves) + 1 if done else 1) + [None] * len(record.moves))[:len(record.moves) + 1]
    scene.analysis = SimpleNamespace(points=points, opinions=[None] * len(points), depths=[0] * len(points), done=done,
                                     error=None, progress=lambda: 1.0 if done else 0.28, poll=lambda: None,
                                     close=lambda: None)
    return scene


TRAX_VALUES = [0.05, -0.36, 1.0, -0.25, 0.49, -0.79, 0.24, -0.76, 1.0, 0.71]  # level 3's, of a random Trax game


@pytest.mark.parametrize("language", ["en", "pt"])
@pytest.mark.parametrize("size", [(800, 600), (1280, 800)])
@pytest.mark.parametrize(("game_id", "seed"), [("trax", 28), ("trax", 12), ("reversi", 1), ("rastros", 3)])
def test_the_replays_side_names_are_where_its_curve_is_not(tmp_path, monkeypatch, size, language, game_id, seed):
    """In a Trax replay the values swing from one side to the other ply after ply (each search
    sees the mover's threats), and the curve ran through "Claro em vantagem": no place in either
    half was clear of it, and the name was written on the place that hid the least, the line
    entering and leaving its plate.  The names keep clear of the curve in every game's graph."""
    from tests.ui_helpers import in_language, make_app
    from ui import i18n
    from ui.eval_graph import draw_graph

    app = make_app(tmp_path, monkeypatch, size=size)
    try:
        with in_language(app, language):
            scene = _replay_analysing(app, TRAX_VALUES, game_id, seed, done=True)
            drawn = recorded_text_rects(monkeypatch)
            scene.draw(app.screen)
            said = {i18n._("{side} better").format(side=i18n._(side)) for side in scene.game.sides}
            names = [rect for text, rect in drawn if text in said]
            assert len(names) == 2, drawn
            points = scene.analysis.points
            xy = draw_graph(pygame.Surface(app.screen.get_size()), scene.graph_rect, points, scene.game, app.theme,
                            app.scale, len(scene.moves), scene.ply, top_side=scene.view.near_side())
            curve = [xy(i, v) for i, v in enumerate(points)]
            for rect in names:
                assert scene.graph_rect.contains(rect)
                assert not any(rect.clipline(a, b) for a, b in zip(curve, curve[1:])), (rect, curve)
        assert app.errors == []
    finally:
        app.quit()


def test_a_side_s_name_is_not_drawn_over_the_replays_analysing_note(app, monkeypatch):
    """Early in a replay's analysis the first side led at the start, its name fled the curve to
    the top right corner, and was drawn over "Analysing… 28%": the name keeps off the note."""
    scene = _replay_analysing(app, [1.0, 0.95, 1.0])  # the first values: Blue far ahead
    drawn = recorded_text_rects(monkeypatch)
    scene.draw(app.screen)
    note = [rect for text, rect in drawn if text == "Analysing… 28%"]
    names = [rect for text, rect in drawn if text.endswith("better")]
    assert len(note) == 1 and len(names) == 2, drawn
    assert all(scene.graph_rect.contains(rect) for rect in names)
    assert not any(rect.colliderect(note[0]) for rect in names), (names, note)


def test_the_replays_analysing_note_stays_readable_where_the_curve_runs_under_it(app, monkeypatch):
    """A game the top side led to the end ran its curve and its side's colour through the top
    right corner, under "Analysing… 72%": the grey note, crossed by the white line on blue, could
    not be read.  It sits on a plate of the graph's ground, its letters as on an empty graph."""

    def note_pixels(points: list[float | None]) -> list[tuple]:
        scene = _replay_analysing(app, points)
        drawn = recorded_text_rects(monkeypatch)
        scene.draw(app.screen)
        (note,) = [rect for text, rect in drawn if text == "Analysing… 28%"]
        assert scene.graph_rect.contains(note)
        return [tuple(app.screen.get_at((x, y))) for x in range(note.left, note.right) for y in range(note.top, note.bottom)]

    empty = note_pixels([None])
    assert len(set(empty)) > 1  # letters on the graph's ground
    for points in ([1.0] * 200, [0.9] * 200, [-1.0] * 200):
        assert note_pixels(points) == empty, points[0]


def test_a_proof_keeps_its_measure_in_the_graph_a_move_on_a_ply_shorter():
    """Analysis' proof of a position and of each move keep their measure in the graph
    (``Opinion.measure``): the position's as its best move's, the position a move reaches a ply
    shorter (the move is played), a margin and an "at most" as they were; a search's report
    keeps its own; an estimate has none."""
    import games
    from games.record_parts import ProofMeasure
    from ui.ai_worker import AIProgress

    live = LiveEvaluations(games.load("tictactoe"))
    snapshot = MoveValues(0, {4: MoveValue(4, 1.0, "proven", 1, 5), 0: MoveValue(0, 0.0, "proven", 0, 9),
                              1: MoveValue(1, 1.0, "proven", 1, 7, plies_at_most=True),
                              2: MoveValue(2, 12.0, "proven", 1, 6, margin=True)}, depth=1, done=True)
    assert live.from_analysis((), snapshot, {4: "b2", 0: "a1", 1: "b1", 2: "c1"})
    measures = {moves: opinion.measure for moves, opinion in live.opinions.items()}
    assert measures == {(): ProofMeasure(5), ("b2",): ProofMeasure(4), ("a1",): ProofMeasure(8),
                        ("b1",): ProofMeasure(6, at_most=True), ("c1",): ProofMeasure(5, margin=True)}
    report = AIProgress(job_id=1, depth=9, score=999_993.0, proven=-1, proven_plies=7, kind="solver", mover=1)
    assert opinion_from_progress(report, 1).measure == ProofMeasure(7)
    assert opinion_from_progress(AIProgress(job_id=1, depth=3, score=40.0, proven_plies=7, mover=0), 0).measure is None
    assert snapshot_opinion(MoveValues(0, {4: MoveValue(4, 40.0, depth=2)}, depth=2)).measure is None


@pytest.mark.parametrize("top_side", [0, 1])
def test_a_ply_where_the_other_side_is_better_is_filled_in_its_colour_between_two_of_the_first(top_side):
    """A watched Hex game's graph went up and down as its two engines disagreed: a Red-better ply
    between two Blue-better ones was filled blue under the middle line, each segment crossing the
    middle in the colour of its larger part, so Red's colour never showed.  Each part of a
    segment is in the colour of the side better there, whichever side the graph shows on top."""
    import games
    from ui.eval_graph import draw_graph
    from ui.theme import THEMES

    pygame.init()
    theme = THEMES["dark"]
    surface = pygame.Surface((220, 100))
    area = pygame.Rect(10, 10, 200, 80)
    first = 1.0 if top_side == 0 else -1.0  # up: the top side better
    points = [0.6 * first, -0.3 * first, 0.6 * first]  # the top side, the other, the top side
    surface.fill(theme.panel)
    xy = draw_graph(surface, area, points, games.load("hex"), theme, 1.0, 2, top_side=top_side)
    dip_x, dip_y = xy(1, points[1])
    below = (dip_x, (dip_y + area.centery) // 2 + 1)  # between the dip and the middle line
    above = (xy(0, points[0])[0] + 4, area.centery - 3)  # the first ply's area, over the middle
    blue_side = top_side == 0  # Blue (Hex's first side) on top
    colour_below, colour_above = surface.get_at(below)[:3], surface.get_at(above)[:3]
    bluish = [c[2] > c[0] + 20 for c in (colour_below, colour_above)]
    reddish = [c[0] > c[2] + 20 for c in (colour_below, colour_above)]
    if blue_side:
        assert reddish[0] and bluish[1], (colour_below, colour_above)
    else:
        assert bluish[0] and reddish[1], (colour_below, colour_above)
