"""The tournament screen takes a student's bot that arrives late (its file dropped on a tournament
begun), and follows a command line's league from its log as it runs (only the log's new lines)."""

from __future__ import annotations

from pathlib import Path

from ai.results_log import take_lock
from ai.tournament import Tournament
from tests.ui_helpers import drop, tournament_started
from ui.scenes import tournament_log
from ui.scenes.tournament import TournamentScene

BOTS = Path(__file__).resolve().parent / "data" / "outside"


def test_a_students_file_dropped_on_a_running_tournament_joins_it_and_the_games_played_stay(app):
    scene = tournament_started(app, "tictactoe", {"level-1", "level-2"}, watch=False)  # 2 games, 0.1 s a move
    assert app.run_frames(10, until=lambda: scene.tournament is not None and scene.tournament.results, timeout=120)
    t = scene.tournament
    played = dict(t.results)
    drop(app, BOTS / "simple_contract.py", frames=0)
    assert app.run_frames(10, until=lambda: len(t.player_ids) == 3, timeout=120)
    late = t.player_ids[2]
    assert "simple_contract.py" in late
    assert any("joins the tournament: 4 more games to play" in m.text for m in scene.messages.items)
    assert app.run_frames(10, until=lambda: len(t.results) == t.total == 6 and not t.is_running(), timeout=180)
    assert all(t.results[n] is played[n] for n in played)  # kept, not played again
    app.run_frames(2)
    assert {s.player: s.games for s in scene.table} == dict.fromkeys(t.player_ids, 4)
    header = Tournament.from_files(scene.base.with_name(scene.base.name + ".jsonl"))
    assert header.player_ids == t.player_ids and len(header.results) == 6


def test_a_command_lines_league_is_followed_in_the_window_as_its_log_grows(app, tmp_path, monkeypatch):
    monkeypatch.setattr(tournament_log, "FOLLOW_EVERY", 0.0)
    path = tmp_path / "turma.jsonl"
    Tournament("tictactoe", ["level-1", "level-2", "level-3"], games_per_pair=1, time_per_move=0.05, seed=2,
               log=str(path)).run()
    lines = path.read_bytes().splitlines(keepends=True)
    path.write_bytes(b"".join(lines[:3]))  # 2 of 6 games so far
    drop(app, path, frames=0)
    assert app.run_frames(10, until=lambda: isinstance(app.scene, TournamentScene) and app.scene.tournament, timeout=30)
    scene = app.scene
    assert sum(s.games for s in scene.table) == 4 and len(scene.recent) == 2
    assert scene.watching == 2
    running = take_lock(path)  # as the command line's league holds it while it plays
    try:
        with path.open("ab") as f:
            f.write(b"".join(lines[3:]))  # the league ran on
        assert app.run_frames(10, until=lambda: len(scene.recent) == 6, timeout=30)
        app.run_frames(2)
        assert scene.runs_elsewhere and scene.watching == 6  # the board shows the newest game
    finally:
        running.release()
    assert {s.player: s.games for s in scene.table} == dict.fromkeys(["level-1", "level-2", "level-3"], 4)
    assert [n for n, _r in scene.recent] == [1, 2, 3, 4, 5, 6]
    assert app.run_frames(10, until=lambda: not scene.runs_elsewhere, timeout=30)  # the league ended
    drop(app, BOTS / "simple_contract.py", frames=3)  # a late bot for a league the window only shows
    assert app.scene is scene and "--resume" in scene.messages.items[-1].text
    assert len(scene.tournament.player_ids) == 3


def test_a_late_players_games_still_to_play_are_said_under_the_windows_standings(app, tmp_path, monkeypatch):
    """The window's standings showed a late bot on 0 points at the bottom, as if it had lost
    everything: a line under them says how many games it has still to play."""
    from tests.test_league_late import _late_league_stopped_after_its_first_game
    from tests.ui_helpers import recorded_text

    path = tmp_path / "turma.jsonl"
    _late_league_stopped_after_its_first_game(path)
    drawn = recorded_text(monkeypatch)
    drop(app, path, frames=0)
    assert app.run_frames(10, until=lambda: isinstance(app.scene, TournamentScene) and app.scene.tournament, timeout=30)
    app.run_frames(2)
    assert "Level 3 joined late: 3 games still to play, after the others' games" in drawn
