"""The window's remembered size: the size it has when not maximised, never larger than the desktop
holds it, and whether it was maximised, from the window's own events where SDL's flag lags or a
driver keeps none.  On SDL's dummy driver the desktop is 1024x768; the real X11 window under a
window manager: tests/test_ui_xvfb.py."""

from __future__ import annotations

import json

import pygame
import pytest

from ui import settings as st
from ui.app import MIN_SIZE, App
from ui.desktop import FRAME

OWN_SIZE = (1000, 700)  # the window's own size, which fits the dummy driver's 1024x768 desktop


def desktop() -> tuple[int, int]:
    return tuple(pygame.display.get_desktop_sizes()[0])


@pytest.fixture
def remembering(tmp_path, monkeypatch):
    """A factory of windows that remember their size (no size asked for), from ``settings``."""
    config = tmp_path / "config"
    config.mkdir()
    monkeypatch.setenv("TABULEIRO_CONFIG_DIR", str(config))
    monkeypatch.setenv("TABULEIRO_DATA_DIR", str(tmp_path / "data"))
    opened: list[App] = []

    def open_window(**settings) -> App:
        (config / "settings.json").write_text(json.dumps(settings))
        app = App(fps=0, demo="menu")
        app.run_frames(2)
        opened.append(app)
        return app

    yield open_window
    for app in opened:
        app.quit()


def post(app: App, *events: pygame.event.Event) -> None:
    for event in events:
        pygame.event.post(event)
    app.run_frames(2)


def resized(size: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])


def maximised_size() -> tuple[int, int]:
    """The size a window manager gives a maximised window on the desktop: its width, less a panel."""
    return desktop()[0], desktop()[1] - 28


def saved() -> st.Settings:
    return st.load()[0]


@pytest.mark.parametrize("resize_first", [True, False])
def test_a_maximised_window_remembers_its_own_size_and_that_it_was_maximised(remembering, resize_first):
    """The window manager's new size may come before the maximise's event (SDL's flag then still
    said not maximised): the screen's size was kept as the window's own, so the window closed
    maximised came back from maximised to the screen's size (nothing visible changed).  Now the
    size before it is kept, in either order, and the window is remembered as maximised."""
    app = remembering(window_size=list(OWN_SIZE))
    assert app.screen.get_size() == OWN_SIZE
    maximise = pygame.event.Event(pygame.WINDOWMAXIMIZED)
    post(app, *((resized(maximised_size()), maximise) if resize_first else (maximise, resized(maximised_size()))))
    assert app.size == maximised_size()
    app.quit()
    assert saved().window_size == OWN_SIZE and saved().maximized is True


def size_changed(size: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1])


def test_a_maximise_told_by_both_resize_events_keeps_the_size_before_it(remembering):
    """SDL tells one resize twice, WINDOWSIZECHANGED then VIDEORESIZE (seen under Xvfb); with the
    maximise's event after them, the second kept the first's size (the screen's, fitted to the
    desktop: 1008x704 on 1024x768) as the one before, so the window closed maximised came back
    restored to that, not to its own size."""
    app = remembering(window_size=list(OWN_SIZE))
    maximised = maximised_size()
    post(app, size_changed(maximised), resized(maximised), pygame.event.Event(pygame.WINDOWMAXIMIZED))
    assert app.size == maximised
    app.quit()
    assert saved().window_size == OWN_SIZE and saved().maximized is True


def test_one_resize_told_by_both_events_lays_the_screen_out_once(remembering, monkeypatch):
    """Each step of a drag of the window's edge comes as WINDOWSIZECHANGED and VIDEORESIZE of one
    size: the screen is laid out for it once (the main menu builds its form several times a
    layout), and again for the next size."""
    app = remembering(window_size=list(OWN_SIZE))
    laid_out: list[tuple[int, int]] = []
    refit = type(app.scene).refit
    monkeypatch.setattr(type(app.scene), "refit", lambda scene, size: (laid_out.append(size), refit(scene, size)))
    post(app, size_changed((900, 650)), resized((900, 650)))
    post(app, size_changed((880, 640)), resized((880, 640)))
    assert laid_out == [(900, 650), (880, 640)]
    assert app.size == app.screen.get_size() == (880, 640)


def test_a_window_restored_from_maximised_remembers_its_new_size(remembering):
    """Restored (and then dragged to another size), the window is no longer remembered maximised,
    and its new size is the one kept."""
    app = remembering(window_size=list(OWN_SIZE))
    post(app, resized(maximised_size()), pygame.event.Event(pygame.WINDOWMAXIMIZED))
    post(app, pygame.event.Event(pygame.WINDOWRESTORED), resized(OWN_SIZE))
    post(app, resized((900, 650)))
    app.quit()
    assert saved().window_size == (900, 650) and saved().maximized is False


def test_a_size_larger_than_the_desktop_is_remembered_as_the_desktop_holds_it(remembering):
    """The default 1280x800 stayed remembered on a 1024x768 screen, where the window opens fitted
    to the desktop: the size kept was one the screen cannot show.  Now the size kept, at the start
    and after a resize beyond the desktop, is the one a window with its frame has room for."""
    fitted = (desktop()[0] - FRAME[0], desktop()[1] - FRAME[1])
    assert fitted[0] >= MIN_SIZE[0] and fitted[1] >= MIN_SIZE[1]
    app = remembering()  # no size remembered yet: the default, larger than this desktop
    assert app.settings.window_size == fitted
    post(app, resized((1600, 1000)))
    app.quit()
    assert saved().window_size == fitted


NETBOOK_DESKTOP = (0, 27, 1024, 573)  # a 1024x600 netbook's desktop under its 27-pixel top panel
NETBOOK_MAXIMISED = (1024, 540)  # the window its window manager gives maximised, under the title bar


@pytest.mark.parametrize("screen", ["game:reversi:hotseat", "play:alquerque"])
def test_a_window_maximised_on_a_netbook_fits_under_its_panel(remembering, monkeypatch, screen):
    """On a 1024x600 netbook the desktop under the panel holds a window 540 rows tall with its
    title bar.  The window was never less than 560 (``MIN_SIZE``): it took the window manager's
    maximised size as 1024x560, and its bottom row (the game's Menu button, New game's Start
    game) lay under the panel.  Now it takes that size, and every button of the screen is on it."""
    from ui import desktop as desktop_module

    monkeypatch.setattr(desktop_module, "desktop_area", lambda: NETBOOK_DESKTOP)
    app = remembering(window_size=[900, 520])
    app.open_demo(screen)
    post(app, size_changed(NETBOOK_MAXIMISED), resized(NETBOOK_MAXIMISED))
    assert app.screen.get_size() == NETBOOK_MAXIMISED
    scene = app.scene
    buttons = scene.buttons if hasattr(scene, "buttons") else [scene.start_button, scene.back_button]
    rects = [b.rect for b in buttons if b.visible]
    assert len(rects) >= 2
    assert all(app.screen.get_rect().contains(rect) for rect in rects), rects


def test_a_window_resized_taller_than_its_display_keeps_the_game_panels_buttons_on_it(tmp_path, monkeypatch):
    """A tool (xdotool) resized the window to 1280x1300 on a 1280x800 screen: the game was laid
    out 1300 rows tall and its panel's bottom buttons (Resign, Menu) were below the screen's edge.
    The window now ends on its display, from its place (32 rows down) to the display's bottom,
    and stays at that place: made again at the new size, under openbox it went a title bar lower
    each time, and the second event of the resize made it smaller again by as much."""
    from tests.ui_helpers import window_for_a_test
    from ui import desktop as desktop_module
    from ui import sdl

    with window_for_a_test(tmp_path, monkeypatch) as app:
        monkeypatch.setattr(desktop_module, "HEADLESS_DRIVERS", ())  # the dummy driver stands for a real desktop
        monkeypatch.setattr(sdl, "usable_bounds", lambda display=0: (0, 0, 1280, 800))
        monkeypatch.setattr(sdl, "window_position", lambda: (0, 32))
        moved: list[tuple[int, int]] = []
        monkeypatch.setattr(sdl, "move_window", lambda x, y: moved.append((x, y)))
        app.open_demo("game:hex:hotseat")
        post(app, size_changed((1280, 1300)), resized((1280, 1300)))
        assert app.size == app.screen.get_size() == (1280, 768) and moved == [(0, 32)]
        rects = [b.rect for b in app.scene.buttons if b.visible]
        assert rects and all(app.screen.get_rect().contains(rect) for rect in rects), rects
