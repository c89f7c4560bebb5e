"""The tournament screen: after the end the board shows the last game; replays name the players
as the screen does; crosstable cells read "1 of 2"; ratings only from enough games, with their
real interval."""

from __future__ import annotations

import time

from ai.tournament import Standing
from ui.scenes.tournament import TournamentScene
from ui.scenes.tournament_results import MIN_RATED_GAMES, elo_label


def test_a_finished_tournament_shows_its_last_game_and_replays_name_the_players(app):
    scene = TournamentScene(app, "tictactoe")
    app.switch(scene)
    scene.selected = {"level-1", "level-2"}
    scene.games_index, scene.time_index = 0, 0
    scene._start()
    end = time.monotonic() + 120
    while time.monotonic() < end and (scene.tournament is None or scene.tournament.is_running()):
        app.frame()
        time.sleep(0.005)
    app.run_frames(5)
    app.invalidate()
    app.run_frames(2)
    assert scene.recent and scene.watching is not None and scene.watching in scene.live
    replayed = []
    scene.on_replay = replayed.append
    scene._replay()
    assert replayed and {p.title for p in replayed[0].players} <= {"Level 1", "Level 2"}


def test_ratings_need_enough_games_and_show_their_interval():
    few = Standing("a", games=4, points=4.0, elo=95.0, elo_low=95.0, elo_high=95.0, elo_bound=">")
    assert elo_label(few) == "–"
    perfect = Standing("a", games=MIN_RATED_GAMES, points=8.0, elo=300.0, elo_low=300.0, elo_high=300.0,
                       elo_bound=">")
    assert elo_label(perfect) == "above +300"  # never "± 0"
    usual = Standing("a", games=20, points=12.0, elo=70.0, elo_low=-20.0, elo_high=170.0)
    assert elo_label(usual) == "+70 (-20..+170)"
