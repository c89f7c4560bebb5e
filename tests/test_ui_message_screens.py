"""Words that belong to one screen stay on it (``Messages.screen_changed``, at every change of
screen): "The folder could not be opened", said on Saved games, stood over the replay opened next
(qa109); an app-wide message (the text size, a setting not saved) still follows the window.
Headless App, posted keys."""

from __future__ import annotations

import pygame

from tests.test_ui_records import open_list, saved_games
from tests.ui_helpers import down_to_widget, held_messages_clock, key, wait
from ui import clipboard, desktop, settings
from ui.data_folders import games_dir
from ui.scenes.menu import MenuScene
from ui.scenes.records import RecordsScene
from ui.scenes.replay import ReplayScene
from ui.scenes.settings_screen import SettingsScene
from ui.scenes.setup import SetupScene

NO_FOLDER = "The folder could not be opened (no file manager was found): {folder}"


def said(app) -> list[str]:
    """The window's messages now."""
    return [m.text for m in app.messages.current()]


def drawn(app) -> list[str]:
    """The window's messages the last frame drew (a whole frame, drawn now)."""
    app.dirty = True
    app.run_frames(1)
    return [m.text for _rect, m in app.messages._drawn]


def no_file_manager(monkeypatch) -> None:
    def missing(command, **kwargs):
        raise FileNotFoundError(2, "No such file or directory", command[0])

    monkeypatch.setattr(desktop.sys, "platform", "linux")
    monkeypatch.setattr(desktop.subprocess, "Popen", missing)


def test_the_saved_games_word_is_not_shown_on_the_replay_opened_next(app, monkeypatch):
    """qa109: O on Saved games said the folder could not be opened; Enter opened a replay, and the
    red pill stood over its step buttons, about a folder the replay knows nothing of.  It goes
    with the list, and Back to the list does not bring it back: the person has moved on."""
    no_file_manager(monkeypatch)
    saved_games(2)
    open_list(app)
    key(app, pygame.K_o)
    folder_said = NO_FOLDER.format(folder=games_dir())
    assert folder_said in said(app) and folder_said in drawn(app)
    key(app, pygame.K_RETURN)
    assert isinstance(app.scene, ReplayScene)
    assert folder_said not in said(app) and folder_said not in drawn(app)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, RecordsScene)
    assert folder_said not in said(app)


def test_an_app_wide_word_follows_the_window_to_the_replay(app, monkeypatch):
    """The text size (Ctrl+plus, a setting of the window) and a setting that could not be saved are
    about the whole window: said on Saved games, they are still shown on the replay opened next,
    while the list's own word is gone.  The messages' clock is held (``held_messages_clock``):
    the settings' file is written on the writer's thread, and on a loaded machine its slow frames
    let the text size's three seconds run out before the failure was said."""
    held_messages_clock(monkeypatch)
    no_file_manager(monkeypatch)
    monkeypatch.setattr(settings, "_write", lambda values, path: "Could not save settings: the disk is full")
    saved_games(1)
    open_list(app)
    key(app, pygame.K_o)
    key(app, pygame.K_EQUALS, mod=pygame.KMOD_LCTRL)  # Larger, saved at once: the save fails
    assert wait(app, lambda: any("the disk is full" in text for text in said(app)), 30.0)
    size_said = [text for text in said(app) if text.startswith("Text size: ")]
    not_saved = [text for text in said(app) if "the disk is full" in text]
    assert size_said and not_saved, said(app)
    key(app, pygame.K_RETURN)
    assert isinstance(app.scene, ReplayScene)
    now = said(app)
    assert size_said[0] in now and not_saved[0] in now
    assert NO_FOLDER.format(folder=games_dir()) not in now
    assert set(size_said + not_saved) <= set(drawn(app))


def test_the_main_menus_word_is_not_shown_on_new_game(app, monkeypatch):
    """Ctrl+V on the main menu with no game on the clipboard says so; Enter on Play then opened
    New game with the menu's word still over the form."""
    monkeypatch.setattr(clipboard, "get_text", lambda: "nothing a game could be read from")
    key(app, pygame.K_v, mod=pygame.KMOD_LCTRL)
    pasted = [text for text in said(app) if text.startswith("The clipboard holds no game")]
    assert pasted
    key(app, pygame.K_RETURN)  # Play: New game
    assert isinstance(app.scene, SetupScene)
    assert pasted[0] not in said(app) and pasted[0] not in drawn(app)


def test_the_settings_word_is_not_shown_on_the_main_menu(app):
    """Right at Volume 100% on Settings says it is the largest already; Esc back to the main menu
    took that word along."""
    app.settings.volume = 1.0
    for _ in range(4):
        key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)  # Settings
    assert isinstance(app.scene, SettingsScene)
    down_to_widget(app, app.scene.menu, "volume")
    key(app, pygame.K_RIGHT)
    assert "Volume: 100% already, the largest" in said(app)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)
    assert "Volume: 100% already, the largest" not in said(app)


def test_a_damaged_files_notice_is_said_on_the_replay_it_opens_and_goes_after_it(app, tmp_path):
    """The notice of a game kept up to its last legal move is said as the file is read, on the
    screen it was dropped on, just before its replay opens: it stays on that replay (it is about
    the game there) and goes when the window leaves it."""
    from tests.damaged_games import damaged
    from tests.ui_helpers import drop

    text, suffix, _kept, _why = damaged("record", tmp_path)
    path = tmp_path / f"game{suffix}"
    path.write_text(text, encoding="utf-8")
    drop(app, path)
    assert isinstance(app.scene, ReplayScene)
    assert any("kept up to its last legal move" in m for m in drawn(app)), drawn(app)
    key(app, pygame.K_ESCAPE)
    assert not isinstance(app.scene, ReplayScene)
    assert not any("kept up to its last legal move" in m for m in said(app)), said(app)
