"""A key held down (or pressed once while a frame took long) on the game screen: pygame repeats it
as KEYDOWN events with no KEYUP between (``tests.ui_helpers.key_down`` posts them so), and a key
that switches something switched it back and forth.  It switches once a press now
(``ui.scenes.game_keys.switch_repeated``); Undo still repeats."""

from __future__ import annotations

import pygame

from tests.ui_helpers import key_down, key_up, window_for_a_test
from ui.match import HOTSEAT, MatchSetup
from ui.scenes.game import GameScene


def hot_seat_reversi(app, moves: list[str]) -> GameScene:
    scene = GameScene(app, MatchSetup("reversi", {"size": 8}, HOTSEAT, (None, None), 0.1), moves)
    app.switch(scene)
    app.run_frames(2)
    return scene


def test_a_switch_key_held_switches_once(tmp_path, monkeypatch):
    """F (the board turned) and L (the legal moves) pressed once and repeated before their
    release: each switched on and back off, where the player pressed once.  A first analysis (A)
    starting its process on a loaded machine took half a second, enough for three repeats: A
    seemed to do nothing."""
    with window_for_a_test(tmp_path, monkeypatch) as app:
        scene = hot_seat_reversi(app, [])
        turned, legal = scene.view.turned, scene.show_legal
        for k in (pygame.K_f, pygame.K_l):
            for _press in range(2):  # the press, then its repeat
                key_down(app, k)
            key_up(app, k)
        assert (scene.view.turned, scene.show_legal) == (not turned, not legal)
        key_down(app, pygame.K_f)  # pressed again after its release: it switches again
        key_up(app, pygame.K_f)
        assert scene.view.turned == turned


def test_undo_held_still_takes_back_a_move_a_repeat(tmp_path, monkeypatch):
    """Holding U takes back one move after another, as a held arrow steps through the game."""
    with window_for_a_test(tmp_path, monkeypatch) as app:
        scene = hot_seat_reversi(app, ["d3", "c5", "e6"])
        for _press in range(2):
            key_down(app, pygame.K_u)
        key_up(app, pygame.K_u)
        assert [ply.text for ply in scene.history] == ["d3"]


def test_a_switch_key_held_in_a_replay_switches_once(tmp_path, monkeypatch):
    """The replay's F (the board turned) and Space (play, stop) pressed once and repeated before
    their release switched on and back off; the arrows still step on while held."""
    import games
    from games.record import GameRecord
    from games.record_parts import Side
    from tests.ui_helpers import first_legal_line

    with window_for_a_test(tmp_path, monkeypatch) as app:
        game = games.load("reversi")
        moves, state = first_legal_line(game.initial_state(), 6)
        app.open_replay(GameRecord.start(game, (Side(None, "A"), Side(None, "B"))).with_moves(moves, state), ply=0)
        scene = app.scene
        for k in (pygame.K_f, pygame.K_SPACE):
            for _press in range(2):  # the press, then its repeat
                key_down(app, k)
            key_up(app, k)
        assert scene.view.turned and scene.playing
        key_down(app, pygame.K_SPACE)  # stopped again, then stepped by a held Right
        key_up(app, pygame.K_SPACE)
        ply = scene.ply
        for _press in range(2):
            key_down(app, pygame.K_RIGHT)
        key_up(app, pygame.K_RIGHT)
        assert scene.ply == ply + 2
