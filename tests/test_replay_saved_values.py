"""A game saved with its evaluation graph replays with that graph at once: the values the game
showed are saved with it (``GameRecord.evaluations``, the searches behind them ``ply_values``),
and the replay's background analysis searches only the positions the save left without a value.
An older save without values replays as before; values that cannot be this game's (malformed,
another board) are left out with a message, the file untouched."""

from __future__ import annotations

import json

import pygame
import pytest

import games
import ui.worker_client
from games.record import GameRecord
from games.record_parts import PlyValue, Side
from tests.test_analysis_graph import _Silent
from tests.test_ui_move_entry import enter_moves
from tests.ui_helpers import autosaves_written, click, key, wait
from ui.analysis import Opinion
from ui.data_folders import games_dir
from ui.match import HOTSEAT, MatchSetup
from ui.record_files import load
from ui.scenes.game import GameScene
from ui.scenes.records import RecordsScene
from ui.scenes.replay import ReplayScene

LINE = ["b2", "a1", "c3", "a3", "a2", "c1", "b1", "b3", "c2"]
"""3x3 tic-tac-toe to X's win (a2 b2 c2)."""


class Worker(_Silent):
    """An AI worker that takes every job and never answers (``_Silent``), keeping the positions it
    was asked about (a job's moves): the replay's analysis queue as the worker sees it."""

    jobs: list[tuple[str, ...]] = []

    def submit(self, job) -> int:
        Worker.jobs.append(tuple(job.moves))
        return len(Worker.jobs)


@pytest.fixture
def worker(monkeypatch) -> type[Worker]:
    monkeypatch.setattr(ui.worker_client, "AIWorker", Worker)
    Worker.jobs = []
    return Worker


def played_with_values(app, valued: set[int]) -> GameScene:
    """``LINE`` played in a hot-seat game, the last move typed as a player types it, the positions
    ``valued`` given an engine's value as the game goes (the graph under the board); the game's
    screen once its end is written and it is saved (Ctrl+S)."""
    app.start_game(MatchSetup("tictactoe", {}, HOTSEAT, (None, None)), LINE[:-1])
    scene = app.scene
    assert isinstance(scene, GameScene)
    for i in sorted(valued):
        mover = i % 2
        scene.evaluations.from_opinion(tuple(LINE[:i]), Opinion(10.0 * (i - 4), "alphabeta", None, mover), 7)
    enter_moves(app, LINE[-1])
    assert scene.is_over() and [p.text for p in scene.history] == LINE
    autosaves_written()
    key(app, pygame.K_s, mod=pygame.KMOD_LCTRL)  # Save: a copy in the saved-games folder
    assert len(list(games_dir().glob("*.json"))) == 1
    return scene


def opened_from_saved_games(app, moves: list[str] = LINE) -> ReplayScene:
    """Saved games, and a click on the row of the game of ``moves``, as a user opens it."""
    records = RecordsScene(app)
    app.switch(records)
    assert wait(app, lambda: any(e.record.moves == moves for e in records.entries)), "the game is not listed"
    app.run_frames(2)
    entry = next(e for e in records.entries if e.record.moves == moves)
    click(app, entry.rect.center)
    if not isinstance(app.scene, ReplayScene):  # a first click may only choose the row
        key(app, pygame.K_RETURN)
    assert isinstance(app.scene, ReplayScene), type(app.scene).__name__
    return app.scene


def test_a_game_saved_with_its_values_replays_with_its_graph_at_once(app, worker):
    """The graph a game showed is saved with it, and its replay from Saved games draws it at
    once: no analysis started (its queue empty, no worker), where a Hex 11 game's took 40 s."""
    scene = played_with_values(app, set(range(len(LINE))))
    shown = scene.graph_points()
    assert all(point is not None for point in shown)
    autosaved = load(scene.recorder.autosaver.autosave.path)  # the autosave carries them too
    assert autosaved.evaluations == shown and len(autosaved.ply_values) == len(LINE) + 1
    replay = opened_from_saved_games(app)
    assert replay.record.evaluations == shown
    opinions, points, depths = replay.graph_lines()
    assert points == shown
    assert opinions[4] == Opinion(0.0, "alphabeta", None, 0) and depths[4] == 7  # the search behind each point
    analysis = replay.analysis
    assert analysis is not None and analysis.done and analysis.order == [] and analysis.worker is None
    app.run_frames(3)
    assert worker.jobs == []


def test_the_replay_searches_only_the_positions_the_save_did_not_value(app, worker):
    """A game saved with some positions valued: those are drawn at once, and the replay's
    analysis queue holds the others alone, each pass."""
    valued = {0, 1, 2, 5, 6}
    scene = played_with_values(app, valued)
    shown = scene.graph_points()
    replay = opened_from_saved_games(app)
    analysis = replay.analysis
    points = replay.graph_lines().points
    assert [points[i] for i in sorted(valued)] == [shown[i] for i in sorted(valued)]
    assert not analysis.done
    queued = {i for _seconds, i in analysis.order}
    assert queued and not queued & valued
    assert queued == set(range(len(LINE) + 1)) - valued - {len(LINE)}  # the end is the rules' verdict
    app.run_frames(3)
    assert worker.jobs and all(len(moves) not in valued for moves in worker.jobs)


def saved_record(evaluations, values=None, moves: list[str] = LINE) -> GameRecord:
    """The game of ``moves`` (``LINE``'s, whole) in a file of Saved games, its JSON given
    ``evaluations`` and ``values`` as a file may hold them."""
    game = games.load("tictactoe")
    record = GameRecord.start(game, (Side(None, "Ann"), Side(None, "Bob"))).with_moves(moves, game.play_line(moves))
    data = record.to_dict()
    data["evaluations"] = evaluations
    if values is not None:
        data["values"] = values
    path = games_dir() / "valued.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data), encoding="utf-8")
    return record


def test_an_older_save_without_values_replays_as_before(app, worker):
    """A save with no values (before they were saved): the whole game is analysed, as before."""
    saved_record(None)
    replay = opened_from_saved_games(app)
    assert replay.record.evaluations is None and replay.record.values_ignored == ""
    assert {i for _seconds, i in replay.analysis.order} == set(range(len(LINE) + 1))
    app.run_frames(3)
    assert worker.jobs and worker.jobs[0] == ()


VALUES_LEFT_OUT = "Saved evaluations left out: they do not fit this game"


@pytest.mark.parametrize("evaluations, values, why", [
    ([0.1] * 4 + [float("nan")] + [0.1] * 5, None, "evaluations[4]"),
    ([0.1, 3.0] + [0.1] * 8, None, "evaluations[1]"),
    ([0.1] * 11, None, "'evaluations' has 11 entries for 10 positions"),
    ([0.1] * 10, {"game": "tictactoe", "options": {"width": 4, "height": 4, "k": 3},
                  "plies": [{"score": 1.0, "view": 0, "kind": "alphabeta", "depth": 3}] * 10},
     "the values are for width=4, height=4, not this game's width=3, height=3"),
])
def test_values_that_cannot_be_the_games_are_left_out_and_said_the_file_untouched(app, worker, caplog, evaluations,
                                                                                   values, why):
    """Malformed values (NaN, out of range, too many) refused the whole file, which Saved games
    then moved aside as damaged; values searched on another board were taken as this one's.  The
    game opens without them, a one-line message says so in a player's words (it quoted the file's
    field names and option syntax, "values.plies[1].measure", "width=4", in English in any
    language), the reason goes to the log, the graph is searched afresh, and the file's bytes stay
    as they were."""
    saved_record(evaluations, values)
    path = games_dir() / "valued.json"
    before = path.read_bytes()
    with caplog.at_level("INFO", logger="ui.scenes.replay"):
        replay = opened_from_saved_games(app)
    assert replay.record.evaluations is None and replay.record.ply_values is None
    said = [m.text for m in replay.messages.current() if "evaluations" in m.text]
    assert said == [VALUES_LEFT_OUT], said
    assert any(why in line for line in caplog.messages), caplog.messages
    assert {i for _seconds, i in replay.analysis.order} == set(range(len(LINE) + 1))
    assert path.read_bytes() == before and sorted(p.name for p in games_dir().iterdir()) == ["valued.json"]


def test_values_saved_beside_a_game_cut_short_are_not_written_for_the_longer_one():
    """A record's values are written only where they are one a position: values of fewer plies
    than the moves (moves played since) leave the file without ``values``."""
    game = games.load("tictactoe")
    record = GameRecord.start(game, (Side(None, "Ann"), Side(None, "Bob"))).with_moves(LINE, game.play_line(LINE))
    record.evaluations = [0.0] * 5
    record.ply_values = [PlyValue(0.0, 0)] * 5
    data = record.to_dict()
    assert "values" not in data and data["evaluations"] == [0.0] * 5


def test_a_continued_game_keeps_the_values_of_the_part_played_before(app, worker):
    """A game left with its graph and taken up again (Continue) shows that graph, and its next
    save keeps those values beside the new move's: they were dropped at the first move."""
    from ui.eval_graph import LiveEvaluations

    game = games.load("tictactoe")
    part = LINE[:5]
    live = LiveEvaluations(game)
    for i in range(len(part) + 1):
        live.from_opinion(tuple(part[:i]), Opinion(5.0 * i, "alphabeta", None, i % 2), 6)
    record = GameRecord.start(game, (Side(None, "Ann"), Side(None, "Bob")), {"mode": HOTSEAT})
    record = record.with_moves(part, game.play_line(part))
    record.evaluations, record.ply_values = live.saved(part, game.play_line(part))
    app.continue_game(GameRecord.loads(record.dumps()))
    scene = app.scene
    assert isinstance(scene, GameScene) and scene.graph_points() == record.evaluations
    enter_moves(app, LINE[5])
    autosaves_written()
    saved = load(scene.recorder.autosaver.autosave.path)
    assert saved.moves == LINE[:6] and saved.ply_values[:6] == record.ply_values


def test_an_unfinished_game_saved_with_values_replays_with_them_and_searches_nothing(app, worker, monkeypatch):
    """An unfinished game's replay drew no graph ("for finished games") though its file carried
    the values the game showed.  It draws them at once; the positions the save left without one
    stay blank, searched by no worker: a look before playing on costs no engine's time."""
    from tests.ui_helpers import recorded_text

    part = LINE[:5]
    evaluations = [0.0, 0.2, None, -0.1, 0.3, None]
    saved_record(evaluations, moves=part)
    replay = opened_from_saved_games(app, part)
    assert not replay.record.is_finished()
    drawn = recorded_text(monkeypatch)
    replay.invalidate()
    app.run_frames(3)
    assert replay.graph_lines().points == evaluations
    assert replay.analysis is not None and replay.analysis.done and replay.analysis.worker is None
    assert worker.jobs == []
    assert "Evaluation graph: for finished games" not in drawn and drawn
