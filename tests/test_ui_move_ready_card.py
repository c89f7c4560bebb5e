"""A watched game paused while the computer searches: once its move is found and held, the
thinking card says so and which key plays it, on a classroom projector's 1024x768 screen at
Larger text too.  Headless, driven by posted key presses."""

from __future__ import annotations

import pygame

from tests.ui_helpers import key, make_app_of, recorded_text, wait
from ui.i18n import _
from ui.match import PC_VS_PC, MatchSetup
from ui.scenes.game import GameScene


def test_a_move_found_while_paused_is_said_ready_on_the_one_line_card(tmp_path, monkeypatch):
    """The one-line card read "Level 4:" and nothing else: its headline "Move ready: press S to
    play it" gave way to the short form of whose search it was, with no news to say beside it."""
    app = make_app_of(tmp_path, monkeypatch, (1024, 768))
    try:
        app.settings.text_size = 1.5
        app.apply_settings()
        setup = MatchSetup("tictactoe", {"width": 7, "height": 6, "k": 4}, PC_VS_PC, ("level-3", "level-4"), 2.0)
        scene = GameScene(app, setup)
        app.switch(scene)
        app.run_frames(2)
        assert wait(app, lambda: len(scene.history) == 1 and scene.computer.job is not None, 120)
        key(app, pygame.K_SPACE)
        assert scene.paused
        assert wait(app, lambda: scene.computer.job is None, 60)
        drawn = recorded_text(monkeypatch)
        app.invalidate()
        app.run_frames(2)
        monkeypatch.undo()
        assert len(scene.history) == 1  # the move is held, not played
        assert any(text.startswith(_("Move ready: press S")) for text in drawn), drawn
        assert _("{player}:").format(player=scene.setup.player_label(1)) not in drawn
        assert app.errors == []
    finally:
        app.quit()
