"""Full screen: F11 or Alt+Enter anywhere, or the settings screen's switch; remembered across sessions.

On SDL's dummy driver the "screen" is its desktop size; the real X11 window: tests/test_ui_xvfb.py."""

from __future__ import annotations

import json
import os

import pygame

from tests.ui_helpers import click, key
from ui import settings as st
from ui.app import App


def desktop() -> tuple[int, int]:
    return tuple(pygame.display.get_desktop_sizes()[0])


def test_f11_fills_the_screen_and_lays_the_menu_out_again(app):
    key(app, pygame.K_F11)
    assert app.fullscreen and app.screen.get_size() == desktop() == app.size
    assert app.scene.menu.get_width() <= app.size[0]
    assert st.load()[0].fullscreen is True  # saved at once
    key(app, pygame.K_F11)
    assert not app.fullscreen and app.size == app.screen.get_size()
    assert st.load()[0].fullscreen is False


def test_alt_enter_toggles_and_enter_alone_does_not(app):
    key(app, pygame.K_RETURN, mod=pygame.KMOD_LALT)
    assert app.fullscreen
    key(app, pygame.K_RETURN, mod=pygame.KMOD_LCTRL | pygame.KMOD_LALT)  # another shortcut: left alone
    assert app.fullscreen
    key(app, pygame.K_KP_ENTER, mod=pygame.KMOD_RALT)
    assert not app.fullscreen


def test_a_resize_event_in_full_screen_keeps_the_whole_screen(app):
    key(app, pygame.K_F11)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(900, 600), w=900, h=600))
    app.run_frames(2)
    assert app.fullscreen and app.size == app.screen.get_size() == desktop()


def switch_in_view(app) -> pygame.Rect:
    """Where the Settings form's Full screen switch is drawn, the form scrolled to it first (as the
    keyboard scrolls it): in a 1280x800 window the form holds more rows than it shows."""
    menu = app.scene.menu
    menu.scroll_to_widget(menu.get_widget("fullscreen"))
    app.run_frames(2)
    rect = menu.get_widget("fullscreen").get_rect(to_real_position=True, apply_padding=False)
    assert rect.width and app.screen.get_rect().contains(rect)
    return rect


def test_the_settings_switch_takes_a_click(app):
    from ui.scenes.settings_screen import SettingsScene

    app.switch(SettingsScene(app))
    app.run_frames(2)
    rect = switch_in_view(app)
    click(app, (rect.right - 10, rect.centery))  # on the switch itself (left of it: its title)
    assert app.fullscreen and app.settings.fullscreen
    assert app.scene.menu.get_widget("fullscreen").get_value() is True  # laid out again for the new size
    key(app, pygame.K_F11)
    assert not app.fullscreen and app.scene.menu.get_widget("fullscreen").get_value() is False


def test_the_window_opens_full_screen_when_it_was_closed_so(tmp_path, monkeypatch):
    config = tmp_path / "config"
    config.mkdir()
    (config / "settings.json").write_text(json.dumps({"fullscreen": True, "window_size": [1000, 700]}))
    monkeypatch.setenv("TABULEIRO_CONFIG_DIR", str(config))
    monkeypatch.setenv("TABULEIRO_DATA_DIR", str(tmp_path / "data"))
    app = App(fps=0, demo="menu")
    try:
        assert app.fullscreen and app.size == desktop()
        key(app, pygame.K_F11)
        assert not app.fullscreen
        app.quit()
        assert st.load()[0].fullscreen is False
    finally:
        app.quit()


def test_a_fullscreen_setting_that_is_not_true_or_false_is_reported(tmp_path, monkeypatch):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"fullscreen": "yes"}))
    settings, problem = st.load(path)
    assert problem is not None and "fullscreen" in problem
    assert settings.fullscreen is False


def refuse_full_screen(monkeypatch) -> None:
    """A display that refuses full screen (pygame.error from set_mode), windows still made."""
    real_set_mode = pygame.display.set_mode

    def refuse(size=(0, 0), flags=0, *args, **kwargs):
        if flags & pygame.FULLSCREEN:
            raise pygame.error("no full screen on this display")
        return real_set_mode(size, flags, *args, **kwargs)

    monkeypatch.setattr(pygame.display, "set_mode", refuse)


def test_a_display_that_refuses_full_screen_leaves_the_window_as_it_was(app, monkeypatch):
    refuse_full_screen(monkeypatch)
    size = app.size
    key(app, pygame.K_F11)
    assert not app.fullscreen and app.size == size == app.screen.get_size()
    assert app.settings.fullscreen is False and st.load()[0].fullscreen is False
    assert any("no full screen on this display" in message.text for message in app.messages.items)


def test_full_screen_fills_the_display_the_window_is_on_and_comes_back(app, monkeypatch):
    """A laptop (display 0) and a projector right of it (display 1) with the window on the
    projector: full screen goes there, from its corner, and F11 again brings the window back to
    its place.  (The dummy driver has one display: SDL's answers are faked, pygame's set_mode
    is told the display and given the real one's.)"""
    from ui import sdl

    displays = {0: (0, 0, 1280, 800), 1: (1280, 0, 1920, 1080)}
    moves, asked = [], []
    real_set_mode = pygame.display.set_mode

    def set_mode(size=(0, 0), flags=0, depth=0, display=0, vsync=0):
        asked.append((flags & pygame.FULLSCREEN, display))
        return real_set_mode(size, flags)

    monkeypatch.setattr(sdl, "window_display", lambda: 1)
    monkeypatch.setattr(sdl, "display_bounds", displays.get)
    monkeypatch.setattr(sdl, "window_position", lambda: (1500, 100))
    monkeypatch.setattr(sdl, "move_window", lambda x, y: moves.append((x, y)))
    monkeypatch.setattr(pygame.display, "set_mode", set_mode)
    key(app, pygame.K_F11)
    assert app.fullscreen and asked == [(pygame.FULLSCREEN, 1)] and moves == [(1280, 0)]
    key(app, pygame.K_F11)
    assert not app.fullscreen and moves == [(1280, 0), (1500, 100)]


def test_windows_is_told_the_window_draws_at_the_screens_own_pixel_density(monkeypatch):
    """Else Windows blurs the window at a desktop scale above 100% and reports a scaled desktop
    size, so full screen covers the wrong area; a choice the user made is kept."""
    from ui.app import _init_pygame

    monkeypatch.delenv("SDL_WINDOWS_DPI_AWARENESS", raising=False)
    _init_pygame()
    assert pygame.get_init() and os.environ["SDL_WINDOWS_DPI_AWARENESS"] == "permonitorv2"
    monkeypatch.setenv("SDL_WINDOWS_DPI_AWARENESS", "system")
    _init_pygame()
    assert os.environ["SDL_WINDOWS_DPI_AWARENESS"] == "system"


def test_full_screen_from_the_keyboard_in_settings_keeps_the_keyboard_on_its_switch(app):
    """The form, built again for the full screen, chose its first line: the Left that was to
    turn full screen off changed the theme instead."""
    from ui.scenes.settings_screen import SettingsScene

    app.switch(SettingsScene(app))
    app.run_frames(2)
    app.scene.menu.select_widget("fullscreen")
    theme = app.settings.theme
    key(app, pygame.K_RIGHT)
    assert app.fullscreen and app.scene.menu.get_selected_widget().get_id() == "fullscreen"
    key(app, pygame.K_LEFT)
    assert not app.fullscreen and app.settings.theme == theme


def test_a_resized_window_keeps_the_keyboard_on_its_main_menu_button(app):
    """Down to Settings, the window dragged smaller: Enter opened the game setup (Play, chosen
    again by the menu built for the new size)."""
    from ui.scenes.settings_screen import SettingsScene

    while app.scene.menu.get_selected_widget().get_id() != "settings":
        key(app, pygame.K_DOWN)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(900, 600), w=900, h=600))
    app.run_frames(2)
    key(app, pygame.K_RETURN)
    assert isinstance(app.scene, SettingsScene)


def test_the_settings_switch_refused_full_screen_shows_off_and_takes_a_second_try(app, monkeypatch):
    """The switch stayed On while the window was not full screen, and its next click (to Off)
    matched the setting already put back, so it did nothing: the switch was stuck On."""
    from ui.scenes.settings_screen import SettingsScene

    takes_it = pygame.display.set_mode
    refuse_full_screen(monkeypatch)
    app.switch(SettingsScene(app))
    app.run_frames(2)

    def press_switch() -> None:
        rect = switch_in_view(app)
        click(app, (rect.right - 10, rect.centery))

    press_switch()
    assert not app.fullscreen and app.settings.fullscreen is False
    assert app.scene.menu.get_widget("fullscreen").get_value() is False
    monkeypatch.setattr(pygame.display, "set_mode", takes_it)  # the display takes it now
    press_switch()
    assert app.fullscreen and app.scene.menu.get_widget("fullscreen").get_value() is True


def test_a_window_opened_after_one_left_full_screen_has_the_size_it_asks_for(tmp_path, monkeypatch):
    """A test that ended full screen left the display so, and the next test's window (on the
    dummy driver) opened at the screen's 1024x768 instead of the 1000x700 it asked for: what the
    tests' fixtures do between two tests (``window_given_back``) gives the next one its own size."""
    from tests.ui_helpers import make_app, window_given_back

    first = make_app(tmp_path / "first", monkeypatch)
    key(first, pygame.K_F11)
    assert first.fullscreen
    first.quit()
    window_given_back()
    second = make_app(tmp_path / "second", monkeypatch, size=(1000, 700))
    try:
        assert second.screen.get_size() == (1000, 700)
    finally:
        second.quit()


def test_f11_held_switches_once(app):
    """F11 pressed once, repeated before its release (pygame's key repeat, whose timer runs while
    the window is made again, which takes long on a loaded machine): full screen came and went
    again, and the key seemed to do nothing."""
    from tests.ui_helpers import key_down, key_up

    for _press in range(2):  # the press, then its repeat
        key_down(app, pygame.K_F11)
    key_up(app, pygame.K_F11)
    assert app.fullscreen and st.load()[0].fullscreen is True


def _focus_lost_with_the_key_let_go(app, k: int) -> None:
    """SDL's events as the window made again for full screen takes the focus under Xvfb with no
    window manager: every held key let go, then the loss, in one batch (seen in a real window)."""
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    app.run_frames(2)
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSGAINED))
    app.run_frames(2)


def test_f11_held_through_the_focus_lost_and_regained_switches_once(app, monkeypatch):
    """F11 held under Xvfb with no window manager: the window made again took the focus and gave
    it back, SDL let the key go and pressed it again, and full screen came, went and came again."""
    from tests.ui_helpers import key_down, key_up
    from ui import app as app_module

    monkeypatch.setattr(app_module, "keys_held", lambda keys: {pygame.K_F11} & set(keys))  # still down
    key_down(app, pygame.K_F11)
    _focus_lost_with_the_key_let_go(app, pygame.K_F11)
    for _repeat in range(3):
        key_down(app, pygame.K_F11)
    key_up(app, pygame.K_F11)
    assert app.fullscreen and st.load()[0].fullscreen is True
    key(app, pygame.K_F11)  # let go for good: the next press switches back
    assert not app.fullscreen


def test_f11_tapped_as_the_focus_is_lost_switches_back_on_the_next_tap(app, monkeypatch):
    """A tap's release can come in the same batch as the focus lost: the key up on the focus's
    return (the keyboard's state), the next tap is a press, not a repeat."""
    from tests.ui_helpers import key_down
    from ui import app as app_module

    monkeypatch.setattr(app_module, "keys_held", lambda keys: set())
    key_down(app, pygame.K_F11)
    _focus_lost_with_the_key_let_go(app, pygame.K_F11)
    assert app.fullscreen
    key(app, pygame.K_F11)
    assert not app.fullscreen and st.load()[0].fullscreen is False
