"""The main menu's buttons keep one text size: the Continue button that comes after a game is
left unfinished, and Saved games once a game is kept, do not make every label smaller where
slimmer buttons, or Rules, Settings and Quit side by side, leave room for them."""

from __future__ import annotations

import pygame
import pygame_menu
import pytest

from tests.test_ui_records import saved_games
from tests.ui_helpers import click, held_messages_clock, key, make_app
from ui import i18n
from ui.scenes.common import LABEL_PAD
from ui.scenes.game import GameScene
from ui.scenes.menu import MenuScene
from ui.scenes.rules import RulesScene
from ui.scenes.settings_screen import SettingsScene

RETURNING = ["continue", "play", "watch", "tournament", "saved", "rules", "settings", "quit"]  # top to bottom


def buttons(app) -> list[pygame_menu.widgets.Button]:
    """The main menu's buttons, in the order the keyboard goes through them."""
    assert isinstance(app.scene, MenuScene)
    return [w for w in app.scene.menu.get_widgets() if isinstance(w, pygame_menu.widgets.Button)]


def button_text_sizes(app) -> dict[str, int]:
    """Each main menu button's id and the pixel size of its label."""
    return {w.get_id(): w.get_font_info()["size"] for w in buttons(app)}


def menu_in(tmp_path, monkeypatch, size, language: str):
    """A window of ``size`` on the main menu in ``language``."""
    app = make_app(tmp_path, monkeypatch, size=size)
    app.settings.language = language
    app.apply_settings()
    app.show_menu()
    app.run_frames(2)
    return app


def labels_whole_above_the_pictures(app) -> dict[str, pygame.Rect]:
    """Assert that no button's label is cut short (each text within its own pill) and that the
    buttons stand above the games' pictures, shown; and the buttons' rectangles on screen by id."""
    rects = {w.get_id(): w.get_rect(to_real_position=True) for w in buttons(app)}
    for w in buttons(app):
        assert w.get_width(apply_padding=False) < rects[w.get_id()].width, w.get_id()
    assert app.scene.show_cards
    assert max(r.bottom for r in rects.values()) < min(r.top for r in app.scene.cards.rects)
    assert app.errors == [], app.errors[0]
    return rects


def come_back(app) -> None:
    """A player who left a game unfinished and has a saved one: the menu shows all eight buttons."""
    leave_a_game_unfinished(app)
    saved_games(1)
    app.show_menu()
    app.run_frames(2)
    assert [w.get_id() for w in buttons(app)] == RETURNING


def leave_a_game_unfinished(app) -> None:
    """A hot-seat Tic-tac-toe played one move by a click on b2, then left with Esc: the menu
    offers to continue it."""
    app.open_demo("game:tictactoe:hotseat:")
    app.run_frames(2)
    scene = app.scene
    assert isinstance(scene, GameScene)
    click(app, scene.view.cell_rect(1, 1).center)
    assert [p.text for p in scene.history] == ["b2"]
    key(app, pygame.K_ESCAPE, frames=3)


@pytest.mark.parametrize("language", ["en", "pt"])
@pytest.mark.parametrize("size", [(1264, 736), (1280, 800), (800, 560), (1920, 1080)])
def test_continue_keeps_the_text_size_of_the_buttons(tmp_path, monkeypatch, size, language):
    """At 1264x736 (a 1280x800 screen less the desktop's bars) the labels dropped from 19 to 13
    pixels when Continue came, slim buttons having room for 19; at 1920x1080 from 28 to 20."""
    app = make_app(tmp_path, monkeypatch, size=size)
    try:
        app.settings.language = language
        app.apply_settings()
        app.show_menu()
        app.run_frames(2)
        alone = set(button_text_sizes(app).values())
        assert len(alone) == 1
        leave_a_game_unfinished(app)
        sizes = button_text_sizes(app)
        assert "continue" in sizes
        assert set(sizes.values()) == alone, sizes
        assert app.scene.show_cards  # the games' pictures still under the buttons
        quit_button = app.scene.menu.get_widget("quit").get_rect(to_real_position=True)
        assert quit_button.bottom < min(r.top for r in app.scene.cards.rects)
        assert app.errors == [], app.errors[0]
    finally:
        app.quit()
        i18n.set_language("en")


@pytest.mark.parametrize("language", ["en", "pt"])
@pytest.mark.parametrize("size", [(1280, 800), (1366, 768), (1280, 720), (1440, 900)])
def test_a_returning_player_keeps_the_text_size_of_the_buttons(tmp_path, monkeypatch, size, language):
    """With Continue and Saved games, eight buttons at the default size and on laptops' screens:
    every label dropped from 19 to 15 pixels at 1280x800 (from 20 to 18 at 1366x768), though a
    new player's six had room.  Rules, Settings and Quit now stand side by side, each whole, the
    row as wide as the column above it, all of it over the games' pictures."""
    app = menu_in(tmp_path, monkeypatch, size, language)
    try:
        alone = set(button_text_sizes(app).values())
        come_back(app)
        sizes = button_text_sizes(app)
        assert set(sizes.values()) == alone, sizes
        rects = labels_whole_above_the_pictures(app)
        column = rects["play"]
        assert all(column.left <= r.left and r.right <= column.right for r in rects.values()), rects
        assert not any(a.colliderect(b) for i, a in enumerate(rects.values()) for b in list(rects.values())[i + 1:])
    finally:
        app.quit()
        i18n.set_language("en")


@pytest.mark.parametrize("language", ["en", "pt"])
@pytest.mark.parametrize("size", [(800, 600), (800, 560)])
def test_the_menu_reads_at_16_pixels_in_a_small_window(tmp_path, monkeypatch, size, language):
    """At 800x600 in Portuguese, with Continue and Saved games, every label shrank from 16 to 14
    pixels, "Regras", "Definições" and "Sair" not fitting side by side in the buttons' width:
    the column now widens for them.  At 800x560 (the window an 800x600 screen leaves under the
    desktop's bar) every label was 13 pixels, for a new player too, though slim buttons had room
    for 16.  Now the labels are 16 pixels at both sizes, each whole within its own button, all
    of it over the games' pictures."""
    app = menu_in(tmp_path, monkeypatch, size, language)
    try:
        assert set(button_text_sizes(app).values()) == {16}
        come_back(app)
        assert set(button_text_sizes(app).values()) == {16}
        assert rects_on_one_row(app, "rules", "settings", "quit")
        labels_whole_above_the_pictures(app)
    finally:
        app.quit()
        i18n.set_language("en")


def label_rooms(app) -> dict[str, tuple[int, int]]:
    """Each main menu button's room left and right of its label, within its pill, in pixels."""
    window = pygame.Rect((0, 0), app.size)
    rooms = {}
    for button in buttons(app):
        rect = button.get_rect(to_real_position=True)
        assert window.contains(rect), (button.get_id(), rect)
        left = button.get_padding()[3]
        rooms[button.get_id()] = (left, rect.width - left - button.get_width(apply_padding=False))
    return rooms


@pytest.mark.parametrize("language", ["en", "pt"])
@pytest.mark.parametrize("size", [(1280, 800), (1024, 768), (800, 560)])
def test_every_label_has_room_either_side_in_its_button(tmp_path, monkeypatch, size, language):
    """At 1280x800 in Portuguese, with a game to continue, "Regras | Definições | Sair" shared one
    row with 8 pixels either side of "Definições" (4 at 800x560), where a button of the column
    keeps 12 at least (``LABEL_PAD``, at scale 1): the labels only just fitted.  Every button now
    has that room either side of its label, for a new player and a returning one (Continue and
    Saved games), each within the window."""
    app = menu_in(tmp_path, monkeypatch, size, language)
    try:
        least = int(LABEL_PAD * app.scale)
        for returning in (False, True):
            if returning:
                come_back(app)
            short = {button: room for button, room in label_rooms(app).items() if min(room) < least}
            assert short == {}, (returning, least)
        assert app.errors == [], app.errors[0]
    finally:
        app.quit()
        i18n.set_language("en")


def test_the_keyboard_goes_through_the_eight_buttons_in_order(tmp_path, monkeypatch):
    """Back from a game left unfinished, its Continue is chosen (tests/test_ui_keyboard_only.py);
    Down goes from Continue to Quit in reading order, Rules, Settings and Quit side by side
    included, then on to the games' pictures; Up comes back to Quit, Left goes along the row, and
    Enter opens the button chosen."""
    app = menu_in(tmp_path, monkeypatch, (1280, 800), "en")
    try:
        come_back(app)
        assert rects_on_one_row(app, "rules", "settings", "quit")
        chosen = [app.scene.menu.get_selected_widget().get_id()]
        for _ in RETURNING[1:]:
            key(app, pygame.K_DOWN)
            chosen.append(app.scene.menu.get_selected_widget().get_id())
        assert chosen == RETURNING
        key(app, pygame.K_DOWN)
        assert app.scene.place == "cards"
        key(app, pygame.K_UP)
        assert app.scene.menu.get_selected_widget().get_id() == "quit"
        key(app, pygame.K_LEFT)
        assert app.scene.menu.get_selected_widget().get_id() == "settings"
        key(app, pygame.K_RETURN)
        assert isinstance(app.scene, SettingsScene)
        assert app.errors == [], app.errors[0]
    finally:
        app.quit()


def test_the_arrows_stop_at_both_ends_of_the_main_menu(app):
    """Up on the first button went round to Quit, the last, while Down past Quit goes on to the
    pictures and then the About link, where it stops: Up now stays on the first button, as Down
    stays on the link; Shift+Tab still goes round from the first button to the link."""
    def chosen() -> str:
        return app.scene.menu.get_selected_widget().get_id()

    assert app.scene.place == "menu" and chosen() == "play"
    key(app, pygame.K_UP)
    assert app.scene.place == "menu" and chosen() == "play"
    key(app, pygame.K_DOWN)
    assert chosen() == "watch"  # the arrows go on as before
    for _ in range(len(buttons(app)) + 2):  # past the last button and the pictures, and once more on the link
        key(app, pygame.K_DOWN)
    assert app.scene.place == "about"
    for _ in range(2 + len(buttons(app))):
        key(app, pygame.K_UP)
    assert app.scene.place == "menu" and chosen() == "play"
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert app.scene.place == "about"


def test_a_click_on_the_row_opens_its_button(app):
    """Rules, beside Settings and Quit, opens the rules when clicked."""
    come_back(app)
    click(app, app.scene.menu.get_widget("rules").get_rect(to_real_position=True).center)
    assert isinstance(app.scene, RulesScene)


def rects_on_one_row(app, *ids: str) -> bool:
    """The buttons ``ids`` side by side, left to right, at one height."""
    rects = [app.scene.menu.get_widget(i).get_rect(to_real_position=True) for i in ids]
    return len({r.top for r in rects}) == 1 and all(a.right < b.left for a, b in zip(rects, rects[1:]))


@pytest.mark.parametrize("downs, expected", [(4, "settings"), (3, "rules"), (1, "watch")])
def test_esc_back_to_the_main_menu_chooses_the_button_left(app, downs, expected):
    """Back from Settings, Rules or New game, the main menu had Play chosen again: the player
    walked the buttons once more to reach the one next to the screen just seen.  The button the
    menu was left from is chosen."""
    for _ in range(downs):
        key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    assert not isinstance(app.scene, MenuScene)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)
    assert app.scene.menu.get_selected_widget().get_id() == expected
    key(app, pygame.K_DOWN)  # and the arrows go on from there
    assert app.scene.menu.get_selected_widget().get_id() != expected


def test_esc_back_to_the_main_menu_rings_the_game_picture_left(app):
    """A game started from its picture on the main menu: back on the menu, the keyboard is on
    that picture again, ringed, not on the first button."""
    key(app, pygame.K_TAB)  # the pictures
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)  # New game, Hex chosen
    key(app, pygame.K_ESCAPE)
    menu = app.scene
    assert isinstance(menu, MenuScene) and menu.place == "cards" and menu.cards.focused == 1
    assert not menu.menu.get_selected_widget().is_selected()


def test_a_layout_builds_the_row_once_a_text_size(tmp_path, monkeypatch):
    """At 800x600 in Portuguese the row of Rules, Settings and Quit is too wide for its labels at
    the first text size tried; each way of laying the menu out with the row built it again at
    that size (three times a layout, with the whole menu each time).  A window made that size
    now builds the row once for each text size and height of buttons it tries (slim buttons
    after roomy ones, where the pictures' strip leaves too little room), and shows it."""
    from ui.scenes import menu

    app = menu_in(tmp_path, monkeypatch, (1280, 800), "pt")
    try:
        come_back(app)
        layouts, rows = [], []
        lay_out, button_row = menu.MenuScene._lay_out, menu.button_row

        def counted_lay_out(scene, size):
            layouts.append(size)
            lay_out(scene, size)

        def counted_row(form, buttons, *args, **kwargs):
            rows.append((len(layouts), buttons[0].get_font_info()["size"], buttons[0].get_padding()[0]))
            return button_row(form, buttons, *args, **kwargs)

        monkeypatch.setattr(menu.MenuScene, "_lay_out", counted_lay_out)
        monkeypatch.setattr(menu, "button_row", counted_row)
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(800, 600), w=800, h=600))
        app.run_frames(2)
        assert layouts and rows
        assert all(rows.count(build) == 1 for build in rows), rows
        assert rects_on_one_row(app, "rules", "settings", "quit")
        assert app.errors == [], app.errors[0]
    finally:
        app.quit()
        i18n.set_language("en")


def test_the_main_menu_shown_again_measures_its_buttons_once(app, monkeypatch):
    """Back from Settings to the main menu of the same window: each way and text size the layout
    tried was a whole form built again to measure its height (seven builds, a quarter of a second
    at each return, and in every new window of that size); the heights measured are kept, the
    form is built once, and laid out as it was."""
    from tests.ui_helpers import click_widget, count_calls

    app.run_frames(2)
    laid_out = {w.get_id(): w.get_rect(to_real_position=True) for w in buttons(app)}
    builds = count_calls(monkeypatch, MenuScene, "_build_menu")
    click_widget(app, app.scene.menu, "settings")
    assert isinstance(app.scene, SettingsScene)
    key(app, pygame.K_ESCAPE, frames=3)
    assert isinstance(app.scene, MenuScene)
    assert builds[0] == 1
    assert {w.get_id(): w.get_rect(to_real_position=True) for w in buttons(app)} == laid_out


def text_size_step(app, step_key: int) -> None:
    """Ctrl+``step_key`` as a person presses it: plus a Text size larger, 0 back to Normal."""
    key(app, step_key, pygame.KMOD_CTRL)


def message_area(app) -> pygame.Rect:
    """Where the window's messages shown now are drawn (their lane, as wide as they may be)."""
    top = app.messages_bottom() - app.messages.height(app.scale, app.messages_width(), app.messages_room())
    where = pygame.Rect(0, top, app.messages_width(), app.messages_bottom() - top)
    where.centerx = app._messages_centre()
    return where


@pytest.mark.parametrize("language", ["en", "pt"])
@pytest.mark.parametrize("size", [(800, 560), (800, 600), (1024, 768), (1280, 800)])
def test_larger_text_never_shows_the_buttons_smaller_than_normal(tmp_path, monkeypatch, size, language):
    """At 800x560 with Larger text, a game to continue and one saved, every label was 13 or 14
    pixels where Normal text showed 16 (at 1280x800 with Large text 18 against 21), to keep the
    games' pictures: the pictures shrink, then go, first.  Ctrl+plus, a step at a time, never
    makes a label smaller than Normal's, each whole in the window and above the pictures shown."""
    app = menu_in(tmp_path, monkeypatch, size, language)
    try:
        for returning in (False, True):
            if returning:
                come_back(app)
            text_size_step(app, pygame.K_0)
            normal = set(button_text_sizes(app).values())
            assert len(normal) == 1 and app.settings.text_size == 1.0
            for larger in (1.25, 1.5):
                text_size_step(app, pygame.K_EQUALS)
                assert app.settings.text_size == larger
                sizes = button_text_sizes(app)
                assert min(sizes.values()) >= max(normal), (returning, larger, sizes, normal)
                rects = [w.get_rect(to_real_position=True) for w in buttons(app)]
                assert all(pygame.Rect((0, 0), app.size).contains(r) for r in rects)
                if app.scene.show_cards:
                    assert max(r.bottom for r in rects) < min(r.top for r in app.scene.cards.rects)
        assert app.errors == [], app.errors[0]
    finally:
        app.quit()
        i18n.set_language("en")


@pytest.mark.parametrize("language", ["en", "pt"])
@pytest.mark.parametrize("larger", [False, True])
@pytest.mark.parametrize("size", [(800, 600), (1280, 720), (1366, 768), (1920, 1080)])
def test_a_returning_player_sees_the_games_pictures_at_every_common_size(tmp_path, monkeypatch, size, larger,
                                                                          language):
    """At 1366x768 with Larger text the six games' pictures were gone once Continue and Saved
    games came, a third of the window empty round the buttons (at 800x600, 1280x720 and 1920x1080
    too): the strip had to be 110 pixels at the text's scale under the title at 9% of the height
    and two messages' room.  The title goes nearer the top, one message's room is kept, and the
    pictures shrink before they go; the buttons keep their text size, above the pictures, and the
    pictures stay clear of the About link's row."""
    app = menu_in(tmp_path, monkeypatch, size, language)
    try:
        if larger:
            text_size_step(app, pygame.K_EQUALS)
            text_size_step(app, pygame.K_EQUALS)
            assert app.settings.text_size == 1.5
        alone = set(button_text_sizes(app).values())
        come_back(app)
        assert set(button_text_sizes(app).values()) == alone
        labels_whole_above_the_pictures(app)
        window, about = pygame.Rect((0, 0), app.size), app.scene.messages_above()
        assert all(window.contains(r) and r.bottom < about for r in app.scene.cards.rects), app.scene.cards.rects
    finally:
        app.quit()
        i18n.set_language("en")


@pytest.mark.parametrize("size", [(800, 560), (1024, 768), (1280, 800)])
def test_a_message_on_the_main_menu_covers_no_button_at_larger_text(tmp_path, monkeypatch, size):
    """Back from a game left unfinished at 800x560 with Larger text, "The unfinished game is kept:
    Continue resumes it" stood over Quit: without the games' pictures the buttons went down to the
    About link, over the messages' lane.  The lane is kept under the buttons too; the message that
    says the Text size, and a long one on two lines, cover no button either."""
    app = menu_in(tmp_path, monkeypatch, size, "pt")
    held_messages_clock(monkeypatch)  # the first message still shows however slow a loaded machine's frames
    try:
        text_size_step(app, pygame.K_EQUALS)
        text_size_step(app, pygame.K_EQUALS)
        come_back(app)
        for said in ("", "Text size", "two lines " * 12):
            if said:
                app.messages.add(said, "warn", duration=30.0)
                app.run_frames(2)
            assert app.messages.current()
            where = message_area(app)
            covered = [w.get_id() for w in buttons(app) if w.get_rect(to_real_position=True).colliderect(where)]
            assert covered == [], (said, where)
        assert app.errors == [], app.errors[0]
    finally:
        app.quit()
        i18n.set_language("en")


@pytest.mark.parametrize("size", [(800, 600), (1024, 768), (1280, 800)])
def test_the_games_titles_under_their_pictures_are_whole_at_larger_text_in_portuguese(tmp_path, monkeypatch, size):
    """At Larger text in Portuguese in a 1024x768 window the strip of six pictures read "Jogo do
    Ga…": the row had no room to widen the cards for it.  The titles are set a little smaller
    there, one size for the row, and each is drawn whole inside its card."""
    from tests.ui_helpers import in_language, recorded_text_rects

    app = make_app(tmp_path, monkeypatch, size=size)
    try:
        app.settings.text_size = 1.5
        with in_language(app, "pt"):
            app.show_menu()
            app.run_frames(2)
            scene = app.scene
            assert isinstance(scene, MenuScene) and scene.show_cards
            drawn = recorded_text_rects(monkeypatch)
            scene.draw(app.screen)
            titles = [i18n._(info.title) for info in scene.cards.infos]
            shown = {text: rect for text, rect in drawn if any(r.contains(rect) for r in scene.cards.rects)}
            assert set(titles) <= set(shown), (titles, list(shown))
        assert app.errors == []
    finally:
        app.quit()


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080), (2560, 1440), (3200, 900), (1000, 1600)])
def test_a_returning_players_buttons_read_no_smaller_than_the_subtitle(tmp_path, monkeypatch, size):
    """At 2560x1440 with Continue and Saved games the buttons' labels were 27 pixels under a
    32-pixel subtitle (22 under 24 at 1920x1080, 19 under 20 in a very wide window): the text
    shrank before the games' pictures did.  Each label is drawn at least the subtitle's size, in
    small, usual, large, very wide and very tall windows, the pictures still under the buttons."""
    from tests.ui_helpers import recorded_text_sizes
    from ui.scenes.menu import TAGLINE

    app = menu_in(tmp_path, monkeypatch, size, "en")
    try:
        come_back(app)
        drawn = recorded_text_sizes(monkeypatch)
        app.scene.draw(app.screen)
        [subtitle] = [pixels for text, pixels in drawn if text == TAGLINE]
        sizes = button_text_sizes(app)
        assert min(sizes.values()) >= subtitle, (subtitle, sizes)
        labels_whole_above_the_pictures(app)
    finally:
        app.quit()
