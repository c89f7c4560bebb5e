"""The Settings screen sets what the player changes, and only that: building its selectors (which
pygame-menu does by stepping through their items up to the current one) saves nothing and
plays no sound; one click on an arrow is one change, one save, one click heard."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from tests.ui_helpers import (
    click,
    down_to_widget,
    in_language,
    key,
    make_app,
    make_app_of,
    type_text,
    words_in,
)
from ui import settings as settings_mod
from ui.scenes import settings_screen
from ui.scenes.form_columns import control_start, title_end, title_width, titled_rows
from ui.scenes.settings_screen import SettingsScene
from ui.scenes.setup import SetupChoices
from ui.settings import TEXT_SIZE_CHOICES


@pytest.fixture
def watched(app, monkeypatch):
    """(saves, sounds): the settings saved and the sounds played from now on."""
    saves, sounds = [], []
    save = settings_mod.save_later
    monkeypatch.setattr(settings_mod, "save_later", lambda st: saves.append((st.volume, st.move_time)) or save(st))
    monkeypatch.setattr(settings_screen.SOUNDS, "play", lambda name: sounds.append(name))
    return saves, sounds


def test_opening_the_screen_changes_nothing(app, watched):
    saves, sounds = watched
    app.settings.volume, app.settings.move_time, app.settings.animation_speed = 0.8, 5.0, 2.0
    app.switch(SettingsScene(app))
    app.run_frames(2)
    app.scene.resize((900, 600))  # built again, as after a window resize
    app.run_frames(2)
    assert (saves, sounds) == ([], [])
    assert (app.settings.volume, app.settings.move_time, app.settings.animation_speed) == (0.8, 5.0, 2.0)
    assert app.scene.menu.get_widget("volume").get_value()[0][1] == 0.8


def test_one_click_on_the_volume_is_one_change(app, watched):
    saves, sounds = watched
    app.settings.volume = 0.8
    app.switch(SettingsScene(app))
    app.run_frames(2)
    volume = app.scene.menu.get_widget("volume")
    app.scene.menu.select_widget(volume)
    app.run_frames(2)
    rect = volume.get_rect(to_real_position=True)
    click(app, (rect.right - 30, rect.centery), frames=3)  # the right arrow
    assert app.settings.volume == pytest.approx(0.9)
    assert saves == [(pytest.approx(0.9), app.settings.move_time)] and sounds == ["place"]


def test_the_keyboards_focus_stays_on_the_setting_changed(app, watched):
    """Changing the language (or the theme) rebuilds the form; the focus went back to Theme, so a
    second Right changed the theme."""
    import pygame

    app.switch(SettingsScene(app))
    app.run_frames(2)
    app.scene.menu.select_widget(app.scene.menu.get_widget("language"))
    theme = app.settings.theme
    for _ in range(2):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="", scancode=0))
        app.run_frames(2)
        assert app.scene.menu.get_selected_widget().get_id() == "language"
    assert app.settings.theme == theme


def test_the_screen_says_when_saving_fails(app, monkeypatch):
    """It said "Saved automatically" under its title while every save failed (a read-only folder)."""
    import errno

    from tests.ui_helpers import autosaves_written, recorded_text

    def read_only(name, *args):
        raise OSError(errno.EROFS, "Read-only file system", str(name))

    app.switch(SettingsScene(app))
    app.run_frames(2)
    drawn = recorded_text(monkeypatch)
    app.scene.draw(app.screen)
    assert "Saved automatically" in drawn
    app.settings.volume = 0.8
    with monkeypatch.context() as patched:
        patched.setattr("ui.record_files.os.open", read_only)
        app.scene._set("volume", 0.5)
        autosaves_written()  # saved on the writer's thread
    app.frame()  # which says the failure
    drawn.clear()
    app.scene.draw(app.screen)
    assert "Saved automatically" not in drawn
    assert any(text.startswith("Could not be saved") for text in drawn)
    assert any("is read-only" in m.text for m in app.messages.current())
    app.scene._set("volume", 0.6)  # the folder can be written again
    autosaves_written()
    drawn.clear()
    app.scene.draw(app.screen)
    assert "Saved automatically" in drawn


def test_a_high_contrast_theme_is_offered_and_taken_by_the_keyboard(app, watched):
    """Low-vision players had a dark and a light theme, both with grey text on grey panels: the
    third, High contrast, is white on black with a pale board (its ratios: tests/test_ui_contrast.py)."""
    import pygame

    from ui.theme import THEMES

    app.settings.theme = "dark"
    app.switch(SettingsScene(app))
    app.run_frames(2)
    theme = app.scene.menu.get_widget("theme")
    assert [title for title, _name in theme.get_items()] == ["Dark", "Light", "High contrast"]
    app.scene.menu.select_widget(theme)
    for _ in range(2):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="", scancode=0))
        app.run_frames(2)
    assert app.settings.theme == "contrast" and app.theme is THEMES["contrast"]


@pytest.mark.parametrize("pressed", [pygame.K_RETURN, pygame.K_SPACE])
def test_enter_or_space_on_a_choice_takes_its_next_value_as_on_a_switch(app, watched, pressed):
    """Enter and Space flip a switch (Sound, Full screen), but on a choice (Theme, Time per move,
    Volume) they did nothing and said nothing: a player going down the form from the keyboard
    pressed Enter on Volume and saw no change.  They take its next value, as Right does and as
    Saved games' game chooser and the position editor's options take them."""
    saves, sounds = watched
    app.settings.theme, app.settings.volume = "dark", 0.8
    app.switch(SettingsScene(app))
    app.run_frames(2)
    down_to_widget(app, app.scene.menu, "theme")
    key(app, pressed)
    assert app.settings.theme == "light"
    assert app.scene.menu.get_selected_widget().get_id() == "theme" and isinstance(app.scene, SettingsScene)
    down_to_widget(app, app.scene.menu, "volume")
    key(app, pressed)
    assert app.settings.volume == pytest.approx(0.9)
    assert saves[-1] == (pytest.approx(0.9), app.settings.move_time) and sounds == ["place"]


def test_a_read_only_config_folder_is_said_as_the_window_opens(tmp_path, monkeypatch):
    """A settings folder that is there but cannot be written in (a read-only disk, a folder of
    another user) passed the check as the window opened, since making it "worked": the first
    change of a setting found out.  A file is now written and removed there as the window opens.
    Root writes in any folder, so the read-only disk is stood in for where the file is made."""
    import errno
    import tempfile

    from tests.ui_helpers import make_app

    folder = tmp_path / "config"
    made_elsewhere = tempfile.TemporaryFile

    def read_only(*args, dir=None, **kwargs):  # noqa: A002 - tempfile's own name
        if dir is not None and Path(dir) == folder:
            raise OSError(errno.EROFS, "Read-only file system")
        return made_elsewhere(*args, dir=dir, **kwargs)

    folder.mkdir()
    monkeypatch.setattr(tempfile, "TemporaryFile", read_only)
    app = make_app(tmp_path, monkeypatch)
    try:
        app.run_frames(2)
        assert [m.text for m in app.messages.current()] == [
            f"Could not save settings: the folder {folder} is read-only"]
    finally:
        app.quit()
    assert not app.errors, app.errors[0]


def test_a_config_folder_that_cannot_be_used_is_said_as_the_window_opens(tmp_path, monkeypatch):
    """A file in the way of the settings' folder was said only at the first change of a setting,
    after the player had chosen a theme or a language that could not be kept; it is said when
    the window opens, in the same words, and once."""
    from tests.ui_helpers import make_app

    (tmp_path / "config").write_text("in the way", encoding="utf-8")
    app = make_app(tmp_path, monkeypatch)
    try:
        app.run_frames(2)
        folder = tmp_path / "config"
        [said] = [m.text for m in app.messages.current()]
        assert said == f"Could not save settings: a file is in the way of the folder {folder}"
        app.switch(SettingsScene(app))
        app.run_frames(2)
        app.scene._set("volume", 0.5)
        assert settings_mod.save_problem() == said  # what the first change finds: the same words
        app.run_frames(2)
        assert [m.text for m in app.messages.current()] == [said]  # once
    finally:
        app.quit()
    assert not app.errors, app.errors[0]


@pytest.mark.parametrize("language", ["en", "pt"])
def test_time_per_move_is_worded_alike_on_every_screen_that_sets_it(app, language):
    """One setting had three names: "Time: 1 s per move" (New game), "Time per move: 0.5 s"
    (tournament) and "Computer time per move" (Settings).  All three now read "Time per move: 1 s"
    ("Tempo por jogada: 1 s")."""
    from ui import i18n
    from ui.scenes.tournament_setup import TIMES

    app.settings.language = language
    app.apply_settings()
    try:
        title = {"en": "Time per move: ", "pt": "Tempo por jogada: "}[language]
        app.show_setup()
        app.run_frames(2)
        assert app.scene.menu.get_widget("time").get_title() == title
        assert app.scene.menu.get_widget("time").get_value()[0][0].endswith(" s")
        app.show_settings()
        app.run_frames(2)
        assert app.scene.menu.get_widget("move_time").get_title() == title
        app.show_tournament()
        app.run_frames(2)
        seconds = f"{i18n.number_text(TIMES[app.scene.time_index], 'g')} s"
        assert title + seconds in [b.label for b in app.scene.buttons]
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("size", [(800, 560), (1280, 800)])
def test_back_is_the_framed_back_esc_button_of_the_other_forms(tmp_path, monkeypatch, size):
    """Settings ended with a plain text "Back" in its list, where New game and Play from here
    have a framed "Back  Esc" button under the form: it now has the same button, in view under
    the form at any size, and a click on it goes back to the menu."""
    from ui.scenes.menu import MenuScene
    from ui.widgets import Button

    app = make_app(tmp_path, monkeypatch, size=size)
    try:
        app.show_settings()
        app.run_frames(2)
        scene = app.scene
        assert isinstance(scene.back_button, Button) and scene.back_button.key_hint == "Esc"
        assert "Back" not in [w.get_title() for w in scene.menu.get_widgets()]
        assert app.screen.get_rect().contains(scene.back_button.rect)
        assert scene.panel.contains(scene.back_button.rect)
        assert not scene.menu.get_rect().colliderect(scene.back_button.rect)
        click(app, scene.back_button.rect.center)
        assert isinstance(app.scene, MenuScene)
        assert app.errors == []
    finally:
        app.quit()


@pytest.mark.parametrize("sound", [False, True])
def test_a_volume_chosen_while_sound_is_off_says_why_nothing_is_heard(app, watched, monkeypatch, sound):
    """Volume stepped with Sound off: nothing heard and not a word why, the switch above it out of
    view at 800x600.  It says so once, however many steps; with Sound on the step is heard."""
    import pygame

    monkeypatch.setattr(settings_screen.SOUNDS, "available", True)
    app.settings.sound = sound
    app.show_settings()
    app.run_frames(2)
    down_to_widget(app, app.scene.menu, "volume")
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    said = [m.text for m in app.messages.items if "Sound is off" in m.text]
    assert said == ([] if sound else ["Sound is off: turn Sound on to hear the volume"])


@pytest.mark.parametrize("device", [False, True])
def test_the_sound_switch_says_when_no_device_was_found(app, monkeypatch, device):
    """On a machine without sound (a remote desktop, a laptop's muted card) Sound said On, the
    volume stepped and nothing was heard, with no word why: only the log said it.  The switch
    now says so under it, and only then."""
    monkeypatch.setattr(settings_screen.SOUNDS, "available", device)
    app.switch(SettingsScene(app))
    app.run_frames(2)
    note = app.scene.menu.get_widget("no_sound")
    if device:
        assert note is None
    else:
        assert note is not None and "silently" in note.get_title()
        sound = app.scene.menu.get_widget("sound").get_rect(to_real_position=True)
        assert note.get_rect(to_real_position=True).top >= sound.bottom  # under the switch


def test_the_time_per_move_set_in_settings_is_the_next_new_games(app):
    """New game filled its time from Settings the first time it opened and kept its own from then
    on (this session and the next): a time changed in Settings afterwards was never seen again."""
    import pygame

    app.show_setup()
    app.run_frames(2)
    assert app.scene.menu.get_widget("time").get_value()[0][1] == app.settings.move_time == 1.0
    app.scene.start()  # a game started: New game's choices kept, its time among them
    app.show_settings()
    app.run_frames(2)
    menu = app.scene.menu
    menu.select_widget(menu.get_widget("move_time"))
    key(app, pygame.K_RIGHT)
    assert app.settings.move_time == 2.0
    app.show_setup()
    app.run_frames(2)
    assert app.scene.menu.get_widget("time").get_value()[0][1] == 2.0
    assert SetupChoices.from_dict(app.settings.setup_choices).move_time == 2.0  # the next session's too


def test_a_time_per_move_none_of_the_usual_ones_is_shown_as_it_is_on_settings_and_new_game(app):
    """A hand-edited settings file's 7 s: Settings and New game showed the usual time nearest it
    (5 s) while the computer was given 7 s; it is shown in its place, and Right steps on to 10 s."""
    import pygame

    app.settings.move_time = 7.0
    app.show_settings()
    app.run_frames(2)
    chosen = app.scene.menu.get_widget("move_time")
    assert chosen.get_value()[0] == ("7 s", 7.0)
    app.show_setup()
    app.run_frames(2)
    menu = app.scene.menu
    assert menu.get_widget("time").get_value()[0] == ("7 s", 7.0)
    assert app.scene.build_setup().move_time == 7.0  # as shown
    menu.select_widget(menu.get_widget("time"))
    key(app, pygame.K_RIGHT)
    assert app.scene.menu.get_widget("time").get_value()[0] == ("10 s", 10.0)


def test_a_text_size_volume_or_speed_none_of_the_offered_ones_is_shown_as_it_is(app):
    """A hand-edited settings file's text size of 1.1, volume of 0.55 and animation speed of 3:
    Text size said Normal while every screen drew a tenth larger (and Left said Normal was
    already the smallest), Volume said 50% and Animations Fast; each is shown in its place, and
    Left steps to the offered value below it."""
    import pygame

    app.settings.text_size, app.settings.volume, app.settings.animation_speed = 1.1, 0.55, 3.0
    app.show_settings()
    app.run_frames(2)
    menu = app.scene.menu
    assert menu.get_widget("text_size").get_value()[0] == ("110%", 1.1)
    assert menu.get_widget("volume").get_value()[0] == ("55%", 0.55)
    assert menu.get_widget("animation").get_value()[0] == ("3× speed", 3.0)
    menu.select_widget(menu.get_widget("text_size"))
    key(app, pygame.K_LEFT)
    assert app.settings.text_size == 1.0


def _type(app, text: str) -> None:
    import pygame

    for char in text:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=ord(char.lower()), mod=0, unicode=char, scancode=0))
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=char))
        app.run_frames(1)


@pytest.mark.parametrize("size", [(1280, 800), (800, 600)])
def test_a_long_name_in_wide_letters_is_typed_and_kept_within_the_card(tmp_path, monkeypatch, size):
    """24 Ws typed as the name (the most it takes): the field grew with them past the form's
    column, and pygame-menu's layout stopped there, the card left empty under "Something went
    wrong"; opened again with that name, Settings showed no form at all.  The text now scrolls
    within the field, an ellipsis at its cut end."""
    app = make_app_of(tmp_path, monkeypatch, size)
    try:
        app.settings.player_name = ""
        app.show_settings()
        app.run_frames(2)
        down_to_widget(app, app.scene.menu, "player_name")
        type_text(app, "W" * 24)
        assert not app.errors, app.errors[0]
        assert app.settings.player_name == "W" * 24
        app.show_menu()
        app.show_settings()  # built again with the name kept
        app.run_frames(2)
        field = app.scene.menu.get_widget("player_name")
        assert field.get_value() == "W" * 24
        assert app.scene.panel.contains(field.get_rect(to_real_position=True))
        assert not app.errors, app.errors[0]
    finally:
        app.quit()


def test_a_trailing_space_typed_in_the_name_outlives_a_change_of_theme(app):
    """Typing "Ana ", changing the theme (the form is built again), then "Bia" gave "AnaBia": the
    field was built from the saved name, its trailing space trimmed."""
    app.settings.player_name = ""
    app.switch(SettingsScene(app))
    app.run_frames(2)
    app.scene.menu.select_widget(app.scene.menu.get_widget("player_name"))
    _type(app, "Ana ")
    assert app.settings.player_name == "Ana"
    app.scene._set("theme", "light" if app.settings.theme != "light" else "dark")
    app.run_frames(2)
    field = app.scene.menu.get_widget("player_name")
    assert field.get_value() == "Ana "
    app.scene.menu.select_widget(field)
    _type(app, "Bia")
    assert field.get_value() == "Ana Bia" and app.settings.player_name == "Ana Bia"


def test_a_name_typed_past_its_most_characters_says_why_the_field_stops(app):
    """Your name takes NAME_LENGTH (24) characters; the 25th typed was dropped and nothing said
    why, the keys seeming lost.  The field keeps its 24 and the window says it holds no more,
    only once the field is full (not while it takes the keys)."""
    from tests.ui_helpers import type_text
    from ui.names import NAME_LENGTH

    app.settings.player_name = ""
    app.switch(SettingsScene(app))
    app.run_frames(2)
    field = app.scene.menu.get_widget("player_name")
    click(app, field.get_rect(to_real_position=True).center)
    full = "Maria Antonia Bettencourt"[:NAME_LENGTH]
    type_text(app, full)
    assert field.get_value() == full and len(full) == NAME_LENGTH

    def said() -> list[str]:
        return [m.text for m in app.messages.current() if "characters" in m.text or "caracteres" in m.text]

    assert said() == []  # 24 taken: nothing to say
    type_text(app, "x")
    assert field.get_value() == full and app.settings.player_name == full
    assert said() == [f"At most {NAME_LENGTH} characters here"]
    type_text(app, "yz")  # more keys: the same message, not one a key
    assert said() == [f"At most {NAME_LENGTH} characters here"]
    with in_language(app, "pt"):
        field = app.scene.menu.get_widget("player_name")
        click(app, field.get_rect(to_real_position=True).center)
        type_text(app, "w")
        assert f"No máximo {NAME_LENGTH} caracteres aqui" in said()


def test_the_full_name_message_at_800x560_covers_no_line_of_the_form(tmp_path, monkeypatch):
    """At 800x560 "At most 24 characters here" stood over the Full screen (F11) line, at the
    form's bottom: the form now ends the message's height higher while it shows, the message
    between it and Back, and the name field keeps the keyboard and its text."""
    from tests.ui_helpers import type_text

    app = make_app_of(tmp_path, monkeypatch, (800, 560))
    try:
        app.settings.player_name = ""
        app.show_settings()
        app.run_frames(2)
        scene = app.scene
        field = scene.menu.get_widget("player_name")
        click(app, field.get_rect(to_real_position=True).center)
        type_text(app, "Maria Antonia Bettencourt")  # one past the most
        app.run_frames(2)
        assert [m.text for m in app.messages.current()] == ["At most 24 characters here"]
        top = app.messages_bottom() - app.messages.height(app.scale, app.messages_width(), app.messages_room())
        where = pygame.Rect(0, top, app.messages_width(), app.messages_bottom() - top)  # where it may be drawn
        where.centerx = app._messages_centre()
        view = scene.menu.get_scrollarea().get_absolute_view_rect()
        shown = [(w.get_id(), w.get_rect(to_real_position=True).clip(view)) for w in scene.menu.get_widgets()]
        shown = [(wid, r) for wid, r in shown if r.height > 0]
        assert any(wid == "player_name" for wid, _r in shown)
        assert not [wid for wid, r in shown if r.colliderect(where)], (where, shown)
        assert not where.colliderect(scene.back_button.rect)
        field = scene.menu.get_widget("player_name")
        assert scene.menu.get_selected_widget() is field and field.get_value() == "Maria Antonia Bettencourt"[:24]
        assert app.errors == []
    finally:
        app.quit()


def test_tab_goes_round_the_form_and_back_and_enter_there_leaves(app):
    """Tab and Shift+Tab went round the form's lines but never reached Back (Esc alone did)."""
    import pygame

    from ui.scenes.menu import MenuScene

    app.switch(SettingsScene(app))
    app.run_frames(2)
    scene, lines = app.scene, app.scene.form_lines()
    scene.menu.select_widget(lines[0])
    for _ in lines[1:]:
        key(app, pygame.K_TAB)
    assert scene.menu.get_selected_widget() is lines[-1] and not scene.back_button.focused
    key(app, pygame.K_TAB)
    assert scene.back_button.focused and not any(line.is_selected() for line in lines)
    key(app, pygame.K_TAB)  # round to the first line
    assert scene.menu.get_selected_widget() is lines[0] and not scene.back_button.focused
    key(app, pygame.K_TAB, mod=pygame.KMOD_SHIFT)  # and back, the other way
    assert scene.back_button.focused
    key(app, pygame.K_RETURN)
    assert isinstance(app.scene, MenuScene)


@pytest.mark.parametrize("flip_key", ["space", "return"])
def test_space_flips_a_switch_as_enter_does(app, flip_key):
    import pygame

    app.settings.show_legal = True
    app.switch(SettingsScene(app))
    app.run_frames(2)
    app.scene.menu.select_widget(app.scene.menu.get_widget("show_legal"))
    key(app, pygame.key.key_code(flip_key))
    assert app.settings.show_legal is False
    key(app, pygame.key.key_code(flip_key))
    assert app.settings.show_legal is True and isinstance(app.scene, SettingsScene)


def test_the_messages_on_screen_follow_a_change_of_language(app):
    """A message on screen as the language was switched stayed in the old one (messages are kept
    as the text said): now each is said again in the new one, with its fields and plurals."""
    import pygame

    from ui import i18n
    from ui.i18n import _, ngettext

    def said() -> list[str]:
        return [_("Tournament stopped"), _("Deleted {name}").format(name="ana.json"),
                ngettext("Added {n} player", "Added {n} players", 3).format(n=3)]

    app.settings.language = "en"
    app.apply_settings()
    app.switch(SettingsScene(app))
    app.run_frames(2)
    english = said()
    for text in english:
        app.messages.add(text, duration=60.0)
    app.scene.menu.select_widget(app.scene.menu.get_widget("language"))
    try:
        key(app, pygame.K_RIGHT, frames=3)
        assert i18n.language() == "pt"
        portuguese = said()
        assert portuguese != english and [m.text for m in app.messages.current()] == portuguese
        assert [m.text for m, _lines, _cut in app.messages.shown(app.scale, 2000)] == portuguese[::-1]  # as drawn
        key(app, pygame.K_LEFT, frames=3)  # and back
        assert [m.text for m in app.messages.current()] == english
    finally:
        i18n.set_language("en")


def test_a_message_the_catalog_does_not_hold_is_kept_as_it_was_said():
    from ui import i18n

    with words_in("pt"):
        assert i18n.said_again("gtp:gnugo: exit status 3", "en") == "gtp:gnugo: exit status 3"
        assert i18n.said_again("Deleted a {b}.json", "en") == i18n._("Deleted {name}").format(name="a {b}.json")


@pytest.mark.parametrize("size", [(800, 560), (1280, 800)])
def test_a_lone_back_button_is_centred_under_the_form(tmp_path, monkeypatch, size):
    """Settings' one button, Back, stood in the right half of its row under the form, the left
    half empty.  It stands in the middle, as wide as the other forms' buttons, and is drawn there
    (the same fill at both its ends, a click at its middle goes back)."""
    from ui.scenes.menu import MenuScene

    app = make_app(tmp_path, monkeypatch, size=size)
    try:
        app.show_settings()
        app.run_frames(2)
        scene, back = app.scene, app.scene.back_button
        form = scene.menu.get_rect()
        assert abs(back.rect.centerx - form.centerx) <= 1, (back.rect, form)
        assert form.width // 3 < back.rect.width < form.width * 2 // 3
        inset = 4 + int(2 * app.scale)
        left, right = (back.rect.x + inset, back.rect.centery), (back.rect.right - 1 - inset, back.rect.centery)
        assert app.screen.get_at(left) == app.screen.get_at(right)
        click(app, (form.centerx, back.rect.centery))
        assert isinstance(app.scene, MenuScene) and app.errors == []
    finally:
        app.quit()


@pytest.mark.parametrize("size", [(800, 500), (800, 600), (1280, 800), (1920, 1080)])
@pytest.mark.parametrize(("language", "steps"), [("en", 0), ("pt", 2)])
def test_the_titles_and_controls_stand_in_two_columns(tmp_path, monkeypatch, size, language, steps):
    """Each row was centred on its own, title and control together, so titles and controls
    zig-zagged down the card.  Now the titles end at one line and the controls start at one,
    in English at Normal text and in Portuguese at Larger (stepped there with the keys)."""
    app = make_app_of(tmp_path, monkeypatch, size)
    try:
        with in_language(app, language):
            app.switch(SettingsScene(app))
            app.run_frames(2)
            key(app, pygame.K_DOWN)
            key(app, pygame.K_DOWN)  # Language, Theme, Text size
            for _step in range(steps):
                key(app, pygame.K_RIGHT)
            assert app.settings.text_size == TEXT_SIZE_CHOICES[steps][1]
            rows = titled_rows(app.scene.menu)
            assert len(rows) >= 8, rows
            controls = {row.get_rect().x + control_start(row) for row in rows}
            ends = [row.get_rect().x + title_end(row) for row in rows]
            assert len(controls) == 1, controls
            assert max(ends) - min(ends) <= title_width(rows[0], " "), ends  # a text field's gap is in spaces
    finally:
        app.quit()
    assert not app.errors, app.errors[0]


SETTINGS_SHOWN = ("language", "theme", "text_size", "show_legal", "face_me", "show_evaluations", "animation_speed",
                  "move_time", "trax_notation", "fullscreen", "sound", "volume", "player_name")


@pytest.mark.parametrize(("language", "other"), [("en", "pt"), ("pt", "en")])
def test_a_second_click_on_the_language_finds_it_where_the_first_did(tmp_path, monkeypatch, language, other):
    """With the form scrolled so that the language's line showed in part, a click on it changed the
    language, and the form, built again in the new words, scrolled that line whole into view: the
    rows moved down under the pointer, and a quick second click at the same pixel missed the
    language.  The line clicked stays where it was, so the second click changes the language
    again, and nothing else, in both directions."""
    from ui.scenes.common import scroll_exactly

    def settings_now() -> dict[str, object]:
        return {name: getattr(app.settings, name) for name in SETTINGS_SHOWN}

    app = make_app_of(tmp_path, monkeypatch, (1280, 800))
    try:
        app.settings.text_size = 1.5
        with in_language(app, language):
            app.switch(SettingsScene(app))
            app.run_frames(2)
            area = app.scene.menu.get_scrollarea()
            scroll_exactly(area, 36)  # the line's top scrolled out of view, its lower half shown
            app.invalidate()
            app.run_frames(1)
            line = app.scene.menu.get_widget("language")
            shown = line.get_rect(to_real_position=True)  # its part in view
            top = line.get_rect(to_real_position=True, real_position_visible=False).top
            assert area.get_offsets()[1] == 36 and top < shown.top and shown.height > 20
            at = ((shown.x + line._title_size + shown.right) // 2, shown.centery)  # noqa: SLF001 - its items' half
            before = settings_now()
            click(app, at, frames=3)
            first = settings_now()
            assert {name for name in before if before[name] != first[name]} == {"language"}
            assert first["language"] == other
            moved = app.scene.menu.get_widget("language")
            assert moved.get_rect(to_real_position=True, real_position_visible=False).top == top  # not moved
            click(app, at, frames=3)  # the second click, at the same pixel
            second = settings_now()
            assert {name for name in first if first[name] != second[name]} == {"language"}
            assert second["language"] == language
            pygame.image.save(app.screen, str(tmp_path / "language.png"))
    finally:
        app.quit()
    assert not app.errors, app.errors[0]


@pytest.mark.parametrize(("widget", "pressed", "english", "portuguese"), [
    ("text_size", pygame.K_RIGHT, "Text size: Larger already, the largest", "Tamanho do texto: Maior já é o máximo"),
    ("move_time", pygame.K_LEFT, "Time per move: 0.1 s already, the smallest", "Tempo por jogada: 0,1 s já é o mínimo"),
])
def test_a_choice_at_its_end_said_then_the_language_changed_is_said_whole_in_the_new_one(
        app, widget, pressed, english, portuguese):
    """Right on Text size at Larger says "Text size: Larger already, the largest"; the language
    changed in Settings while it showed, it read "Text size: Larger já é o máximo", the choice's
    words left in the language the form was built in (the catalog's patterns say again only the
    sentence round them), as Ctrl+plus's did before it became a Phrase.  A time per move's
    number takes the new language's decimal comma."""
    app.settings.text_size, app.settings.move_time = TEXT_SIZE_CHOICES[-1][1], 0.1
    app.apply_settings()
    app.switch(SettingsScene(app))
    app.run_frames(2)
    down_to_widget(app, app.scene.menu, widget)
    key(app, pressed)
    assert [m.text for m in app.messages.current()] == [english]
    while app.scene.menu.get_selected_widget().get_id() != "language":
        key(app, pygame.K_UP)
    key(app, pygame.K_RIGHT)  # Language: Português
    try:
        assert app.settings.language == "pt"
        assert [m.text for m in app.messages.current()] == [portuguese]
    finally:
        app.settings.language = "en"
        app.apply_settings()
