"""A form scrolled by the mouse wheel, a drag or its scrollbar stops where the row scrolled to is
whole at the top of the view.

At 800x560 New game and Settings scroll.  The wheel moved the form by a step of its scrollbar's
track and a drag by the pointer's pixels, so the row the player scrolled to showed cut at the
top edge, by a pixel or by half of it; the form now goes on to the nearest row's edge the way it
was scrolled (``_Form.settle_scroll``), to the pixel (``scroll_exactly``), unless it is at an end.
"""

from __future__ import annotations

import pygame
import pytest
from pygame_menu.locals import ORIENTATION_VERTICAL

from tests.ui_helpers import click, key, make_app, make_app_of
from ui import i18n

SCREENS = ("new game", "settings")


def shown(app, screen: str, game_id: str = "tictactoe"):
    """``screen`` shown (New game for ``game_id``), its form scrolling at 800x560; the form."""
    if screen == "new game":
        app.show_setup(game_id=game_id)
    else:
        app.show_settings()
    app.run_frames(3)
    form = app.scene.menu
    assert form.get_scrollarea().get_hidden_height() > 0, "the form does not scroll at this size"
    return form


def cut_rows(form) -> list[tuple[str, int]]:
    """The rows the top edge of the form's view cuts (id, pixels hidden above it), unless the form
    is scrolled to an end, where the rows are as they fall."""
    area = form.get_scrollarea()
    top, hidden = area.get_offsets()[1], area.get_hidden_height()
    if top in (0, hidden):
        return []
    rows = [w for w in form.get_widgets() if w.is_visible() and not w.is_floating() and w.get_frame() is None
            and w.get_rect().width]  # not a margin, which has no place of its own
    return [(w.get_id(), top - w.get_rect().top) for w in rows if w.get_rect().top < top < w.get_rect().bottom]


def wheel(app, pos: tuple[int, int], down: bool) -> None:
    """One notch of the wheel over ``pos``, as SDL gives it (the wheel event, then the old-style press)."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1 if down else 1, flipped=False,
                                         precise_x=0.0, precise_y=-1.0 if down else 1.0, touch=False, which=0))
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=pos, button=5 if down else 4))
    app.run_frames(2)


def drag(app, start: tuple[int, int], by: int) -> None:
    """The left button pressed at ``start``, moved ``by`` pixels down (up if negative) in steps, let go."""
    x, y = start
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    app.run_frames(1)
    steps = 6
    for i in range(1, steps + 1):
        pos = (x, y + by * i // steps)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, by // steps), buttons=(1, 0, 0)))
        app.run_frames(1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y + by), button=1))
    app.run_frames(2)


def small_window_in(tmp_path, monkeypatch, language: str):
    """A window of 800x560, where New game and Settings scroll, speaking ``language`` (the test
    sets English back)."""
    app = make_app(tmp_path, monkeypatch, size=(800, 560))
    app.settings.language = language
    app.apply_settings()
    return app


@pytest.mark.parametrize("language", ["en", "pt"])
@pytest.mark.parametrize("screen", SCREENS)
def test_the_wheel_stops_with_the_row_scrolled_to_whole(tmp_path, monkeypatch, screen, language):
    """Notch by notch down to the end and back up to the top: after each, no row is cut at the top
    of the view (or the form is at an end), and each notch moves the form."""
    app = small_window_in(tmp_path, monkeypatch, language)
    try:
        form = shown(app, screen)
        area = form.get_scrollarea()
        over = area.get_absolute_view_rect().center
        monkeypatch.setattr(pygame.mouse, "get_pos", lambda: over)  # pygame-menu's wheel asks where the pointer is
        seen = []
        for down in [True] * 12 + [False] * 12:
            before = area.get_offsets()[1]
            wheel(app, over, down)
            after = area.get_offsets()[1]
            seen.append(after)
            assert cut_rows(form) == [], (down, before, after)
            assert after != before or after in (0, area.get_hidden_height())  # a notch always scrolls
        assert area.get_hidden_height() in seen and seen[-1] == 0
        assert any(0 < top < area.get_hidden_height() for top in seen)  # stops on the way, not only at the ends
    finally:
        i18n.set_language("en")
        app.quit()


@pytest.mark.parametrize("language", ["en", "pt"])
@pytest.mark.parametrize("screen", SCREENS)
def test_a_drag_lets_go_with_the_row_at_the_top_whole(tmp_path, monkeypatch, screen, language):
    """Drags of several lengths up the form (its content following the pointer) and back: let go,
    no row is cut at the top of the view, or the form is at an end."""
    app = small_window_in(tmp_path, monkeypatch, language)
    try:
        form = shown(app, screen)
        area = form.get_scrollarea()
        view = area.get_absolute_view_rect()
        start = (view.centerx + view.width // 4, view.centery)
        seen = []
        for by in (-23, -17, -31, 13, 29, -11):
            drag(app, start, by)
            seen.append(area.get_offsets()[1])
            assert cut_rows(form) == [], (by, seen)
        assert any(0 < top < area.get_hidden_height() for top in seen)  # stopped between the ends
    finally:
        i18n.set_language("en")
        app.quit()



@pytest.mark.parametrize("screen", SCREENS)
def test_the_scrollbars_slider_let_go_leaves_the_row_at_the_top_whole(tmp_path, monkeypatch, screen):
    """The slider of the form's scrollbar dragged a few pixels down, let go, then a click on its
    track above it, in Large text (New game's longest form, Trax's: a page up stops short of the
    top): each time no row is cut at the top of the view, or the form is at an end.  A click on
    the track's upper part was not seen as on the scrollbar (its rectangle taken as moved by its
    own place again), and left the row cut."""
    app = make_app(tmp_path, monkeypatch, size=(800, 560))
    try:
        app.settings.text_size = 1.25
        app.apply_settings()
        form = shown(app, screen, game_id="trax")
        area = form.get_scrollarea()
        [bar] = [bar for bar in area._scrollbars if bar.is_visible() and bar.get_orientation() == ORIENTATION_VERTICAL]  # noqa: SLF001
        slider = bar.get_slider_rect()
        monkeypatch.setattr(pygame.mouse, "get_pos", lambda: slider.center)
        drag(app, slider.center, 120)
        assert area.get_offsets()[1] > 0 and cut_rows(form) == []
        track = bar.get_rect(to_absolute_position=True)
        above = (track.centerx, (track.top + bar.get_slider_rect().top) // 2)
        monkeypatch.setattr(pygame.mouse, "get_pos", lambda: above)
        scrolled = area.get_offsets()[1]
        click(app, above)  # on the track above the slider: a page up
        assert area.get_offsets()[1] < scrolled and cut_rows(form) == []
    finally:
        app.quit()


def test_a_pygame_menu_with_other_insides_still_scrolls_by_its_own_means(tmp_path, monkeypatch):
    """``scroll_exactly`` sets pygame-menu's slider through names it does not publish (4.4-4.5):
    a pygame-menu without them (requirements allow later ones) scrolled the form by the wheel into
    an AttributeError; it scrolls by pygame-menu's own ``scroll_to`` then, near the row aimed at."""
    from ui.scenes import common

    def other_insides(area, offset):
        raise AttributeError("'ScrollBar' object has no attribute '_page_ctrl_length'")

    app = make_app(tmp_path, monkeypatch, size=(800, 560))
    try:
        area = shown(app, "settings").get_scrollarea()
        monkeypatch.setattr(common, "_slide_to", other_insides)
        aim = area.get_hidden_height() // 2
        common.scroll_exactly(area, aim)
        assert abs(area.get_offsets()[1] - aim) <= 2
    finally:
        app.quit()


@pytest.mark.parametrize("size", [(800, 500), (1280, 800)], ids=["800x500", "1280x800"])
@pytest.mark.parametrize("screen", SCREENS)
def test_page_up_and_page_down_stop_with_the_row_at_the_top_whole(tmp_path, monkeypatch, screen, size):
    """Page Down to the end and Page Up back, in the larger text that makes the forms long: after
    each, no row is cut at the top of the view (New game's were by 27 and 38 pixels at 800x500),
    the form at its very top once back (it stopped a pixel short), and each key moved it.  New
    game's Page keys step its game cards unless a text field is chosen: its outside player's."""
    app = make_app_of(tmp_path, monkeypatch, size)
    try:
        app.settings.text_size = 1.25
        app.apply_settings()
        form = shown(app, screen, game_id="trax")  # its three options: New game's longest form
        if screen == "new game":
            form.select_widget("outside-entry")
            form.get_scrollarea().scroll_to(ORIENTATION_VERTICAL, 0)
            app.run_frames(2)
        area = form.get_scrollarea()
        seen = []
        for page in [pygame.K_PAGEDOWN] * 4 + [pygame.K_PAGEUP] * 4:
            before = area.get_offsets()[1]
            key(app, page)
            after = area.get_offsets()[1]
            seen.append(after)
            assert cut_rows(form) == [], (pygame.key.name(page), before, after)
            assert after != before or after in (0, area.get_hidden_height())  # a page always scrolls
        assert area.get_hidden_height() in seen and seen[-1] == 0
        if screen == "new game":
            assert any(0 < top < area.get_hidden_height() for top in seen)  # a page short of the ends
    finally:
        app.quit()
