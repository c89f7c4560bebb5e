"""A drag of the window's edge over the screens built on a pygame-menu form (New game, Settings)
builds the form at each step, with its rendering held (``rendering_held``): a few renders a
build, not one a widget, to the very layout it had when each widget added rendered it.  Never
stale: once the drag ends, the form is the one built for the window's last size, its widgets
inside the window."""

from __future__ import annotations

import pygame
import pygame_menu
import pytest

from tests.ui_helpers import count_calls, key, window_for_a_test
from ui.scenes import common
from ui.scenes.settings_screen import SettingsScene
from ui.scenes.setup import SetupScene


@pytest.fixture
def app(tmp_path, monkeypatch):
    with window_for_a_test(tmp_path, monkeypatch, size=(1600, 1000)) as app:
        yield app


def _drag(steps: list[tuple[int, int]]) -> None:
    """The steps of a drag of the window's edge, each as SDL tells it (two events), queued for one frame."""
    for width, height in steps:
        pygame.event.post(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=width, y=height))
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(width, height), w=width, h=height))


def _layout(menu: pygame_menu.Menu) -> list[tuple[str, tuple[int, int, int, int]]]:
    """Where each of the form's widgets is on screen (ids pygame-menu made up left out)."""
    return [(widget.get_id() if widget.get_id().count("-") != 2 else type(widget).__name__,
             tuple(widget.get_rect(to_real_position=True))) for widget in menu.get_widgets()]


def _open(app, screen: str):
    app.show_setup(game_id="hex") if screen == "setup" else app.show_settings()
    app.run_frames(2)
    return app.scene


@pytest.mark.parametrize("screen, scene_class", [("setup", SetupScene), ("settings", SettingsScene)])
def test_after_a_drag_the_form_is_laid_out_for_the_last_size_inside_the_window(app, monkeypatch, screen, scene_class):
    scene = _open(app, screen)
    builds = count_calls(monkeypatch, scene_class, "resize")
    steps = [(1600 - 60 * i, 1000 - 40 * i) for i in range(1, 7)]
    for step in steps:
        _drag([step])  # SDL keeps the last of a drag's steps queued together: one a frame
        app.frame()
    assert builds[0] == len(steps)  # each step once (its second event, of the same size, lays out nothing)
    assert app.scene is scene and app.size == app.screen.get_size() == steps[-1]
    window = app.screen.get_rect()
    assert window.contains(scene.menu.get_rect())
    shown = [widget.get_rect(to_real_position=True) for widget in scene.menu.get_widgets() if widget.is_visible()]
    assert all(window.contains(rect) for rect in shown if rect.width)
    laid_out = _layout(scene.menu)
    _open(app, screen)  # the screen opened afresh at that size: the same form
    assert _layout(app.scene.menu) == laid_out


def test_settings_dragged_tall_takes_the_windows_height_as_new_game_does(app):
    """A window dragged to 1000x1000: Settings' card stopped at 660 pixels at the form's scale, half
    the window, and scrolled its last lines (Sound, Volume) out of sight over an empty half; New
    game's form, in the same window, reaches down to the window's foot as at 1280x800.  Its lines
    start at the card's top, as New game's do (centred, they floated in the middle of the card)."""
    forms = {}
    for screen in ("setup", "settings"):
        _open(app, screen)
        _drag([(1000, 1000)])
        app.frame()
        forms[screen] = app.scene.menu
    assert app.size == (1000, 1000)
    assert forms["settings"].get_rect().bottom >= forms["setup"].get_rect().bottom - 10  # their margins apart
    assert forms["settings"].get_scrollarea().get_hidden_height() == 0  # every line in sight
    volume = forms["settings"].get_widget("volume").get_rect(to_real_position=True)
    assert forms["settings"].get_rect().contains(volume)
    card, language = forms["settings"].get_rect(), forms["settings"].get_widget("language").get_rect(to_real_position=True)
    assert language.top - card.top < card.height // 10  # from the card's top, as New game's, not floating mid-card


@pytest.mark.parametrize("language", ["en", "pt"])
@pytest.mark.parametrize("size", [(800, 500), (1024, 600), (1366, 768), (2560, 1440)])
def test_a_form_built_with_its_rendering_held_has_the_layout_it_had_rendered_widget_by_widget(
        app, monkeypatch, size, language):
    """New game (a game's summary and notes wrap to the form's column) and Settings."""
    from contextlib import nullcontext

    app.settings.language = language
    app.apply_settings()
    _drag([size])
    app.frame()
    forms = {}
    for way, held in (("held", common.rendering_held), ("widget by widget", nullcontext)):
        for module in ("ui.scenes.setup", "ui.scenes.settings_screen"):
            monkeypatch.setattr(f"{module}.rendering_held", held)
        forms[way] = [_layout(_open(app, screen).menu) for screen in ("setup", "settings")]
    assert forms["held"] == forms["widget by widget"]


def test_a_form_is_rendered_a_few_times_a_build_not_once_a_widget(app, monkeypatch):
    scene = _open(app, "setup")
    renders = count_calls(monkeypatch, pygame_menu.Menu, "_build_widget_surface")
    scene.resize(app.size)
    assert len(scene.menu.get_widgets()) > 12
    # at the end and around each wrapped label (the game's summary and notes, the outside player's
    # hint: the column each wraps to, then the label drawn its way); widget by widget, 40
    assert renders[0] <= 8


@pytest.mark.parametrize("size", [(1600, 1000), (1024, 600)], ids=["1600x1000", "1024x600"])
@pytest.mark.parametrize("screen", ["settings", "hot-seat"])
def test_a_form_drawn_again_with_nothing_changed_is_not_built_again(app, monkeypatch, screen, size):
    """Settings (your name) and New game in Hot-seat (the players' names), whole frames drawn with
    nothing changed: the form as built, drawn from what it kept.  A name field measured its room
    against the form's whole width as pygame-menu laid the form out, against its narrower column
    after, and so rendered again, with the whole form, at every render."""
    _drag([size])
    app.frame()
    if screen == "settings":
        scene, fields = _open(app, "settings"), ["player_name"]
    else:
        scene, fields = _open(app, "setup"), ["name0", "name1"]
        scene.menu.select_widget("mode")
        key(app, pygame.K_RIGHT)  # Human vs PC to Hot-seat
    assert all(scene.menu.get_widget(field) is not None for field in fields)
    builds = count_calls(monkeypatch, pygame_menu.Menu, "_build_widget_surface")
    for _frame in range(3):
        app.invalidate()
        app.frame()
    assert builds[0] == 0
