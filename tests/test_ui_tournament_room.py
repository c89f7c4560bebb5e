"""The running tournament screen's room at 800 pixels: the standings take what their rows need of
the left column (the crosstable of a few players needs little), and the keyboard reaches every
line of the latest results, a game a Stop left part way too."""

from __future__ import annotations

import os

import pygame

from tests.ui_helpers import click, tournament_started, wait

LEVELS = ("level-1", "level-2", "level-3", "level-4")


def _stopped_league(app, players: int):
    """A league of ``players`` levels of 3x3, 50 games each way a pair, stopped on the screen once
    a few games are in: games are left, so Withdraw shows and the buttons take two rows at 800
    pixels, and the standings say how points count, how ties rank and that the players' games differ."""
    scene = tournament_started(app, "tictactoe", set(LEVELS[:players]), games_choice=6, watch=False)
    assert wait(app, lambda: scene.tournament is not None and len(scene.recent) >= players + 1, 120)
    click(app, scene.buttons[1].rect.center)  # Stop
    assert wait(app, lambda: not scene.tournament.is_running(), 60)
    app.run_frames(2)
    return scene


def test_at_800_pixels_the_standings_show_every_row_of_a_small_league_without_scrolling(app, tmp_path):
    """At 800x600 Larger text the buttons took two rows, and the standings' box, half the left
    column, showed one row of three and "0 above, 2 below: scroll".  At 800x560 and 800x600, at
    Normal and Larger text, a league of three and of four players shows every standings row."""
    for players in (3, 4):
        scene = _stopped_league(app, players)
        for size in ((800, 560), (800, 600)):
            pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
            app.run_frames(2)
            assert app.size == size
            for text_size in (1.0, 1.5):
                app.settings.text_size = text_size
                app.run_frames(2)
                scene.draw(app.screen)
                if os.environ.get("TOUR3_SHOTS"):
                    pygame.image.save(app.screen, f"{os.environ['TOUR3_SHOTS']}/p{players}-{size[1]}-{text_size}.png")
                where = (players, size, text_size)
                assert scene.standings_scroll.hidden == (0, 0), where
                assert len(scene.standing_rows) == players, where
                assert all(scene.standings_area.contains(row) for row, _player in scene.standing_rows), where
                assert scene.cross_area.bottom <= scene.standings_area.top, where
            app.settings.text_size = 1.0
        scene.buttons[0].action()  # Back (stopped: nothing asked)
        app.run_frames(2)
