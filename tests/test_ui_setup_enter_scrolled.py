"""Enter on the Watch form starts the game, as its heading says, unless a button is ringed in
view: the pointer rests on "Set up a position…" (the pointer rings the line under it), the wheel
scrolls that button out of sight, and Enter opened the position editor the player never saw
ringed.  At 1024x768 with Larger text, a classroom projector's; headless, driven by posted
pointer moves, wheel notches and key presses."""

from __future__ import annotations

import pygame

from tests.test_ui_form_scroll import wheel
from tests.ui_helpers import key, make_app_of
from ui.scenes.game import GameScene
from ui.scenes.position_editor import PositionEditorScene


def pointer_on_set_up(tmp_path, monkeypatch):
    """The Watch form for Reversi at Larger text, the pointer resting on "Set up a position…"
    (ringed); the app, its form and where the pointer rests."""
    app = make_app_of(tmp_path, monkeypatch, (1024, 768))
    app.settings.text_size = 1.5
    app.apply_settings()
    app.show_setup(watch=True, game_id="reversi")
    app.run_frames(3)
    form = app.scene.menu
    button = form.get_widget("set-up-position")
    at = button.get_rect(to_real_position=True).center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 1), buttons=(0, 0, 0)))
    app.run_frames(2)
    assert form.get_selected_widget() is button and form.chosen_in_view()
    return app, form, at


def test_enter_starts_the_game_once_the_ringed_button_is_scrolled_out_of_sight(tmp_path, monkeypatch):
    app, form, at = pointer_on_set_up(tmp_path, monkeypatch)
    try:
        monkeypatch.setattr(pygame.mouse, "get_pos", lambda: at)  # pygame-menu's wheel asks where the pointer is
        for _notch in range(8):
            wheel(app, at, down=True)
        assert form.get_selected_widget().get_id() == "set-up-position" and not form.chosen_in_view()
        key(app, pygame.K_RETURN)
        assert isinstance(app.scene, GameScene)
        assert app.errors == []
    finally:
        app.quit()


def test_enter_presses_the_button_ringed_in_view(tmp_path, monkeypatch):
    app, _form, _at = pointer_on_set_up(tmp_path, monkeypatch)
    try:
        key(app, pygame.K_RETURN)
        assert isinstance(app.scene, PositionEditorScene)
        assert app.errors == []
    finally:
        app.quit()
