"""The window draws again on a motion of the pointer only when what the pointer lights changed
(``Scene.pointer_key``: a board's cell, a button, a picture of the main menu), and what it keeps
from frame to frame (a Hex board's coordinates placed, text rendered) never shows stale: a move
played, another cell pointed at, a button lit, a new window size, theme, font or language each
show on the next frame drawn."""

from __future__ import annotations

import pygame
import pytest

from tests.ui_helpers import click, count_calls, make_app, recorded_text, window_for_a_test
from ui.match import HOTSEAT, MatchSetup
from ui.scenes.game import GameScene


@pytest.fixture
def app(tmp_path, monkeypatch):
    with window_for_a_test(tmp_path, monkeypatch, size=(1400, 900)) as app:
        yield app


def _hex_game(app, size: int = 11) -> GameScene:
    scene = GameScene(app, MatchSetup("hex", {"size": size}, HOTSEAT, (None, None), 1.0), [])
    app.switch(scene)
    app.run_frames(3)
    return scene


def _move(app, pos: tuple[int, int]) -> int:
    """The pointer moved to ``pos``, one frame: the frames it drew (0 or 1)."""
    before = app.draws
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0), buttons=(0, 0, 0)))
    app.frame()
    return app.draws - before


def _cell_centre(scene: GameScene, cell: int) -> tuple[int, int]:
    x, y = scene.view.centre(*divmod(cell, scene.view.n))
    return int(x), int(y)


def test_a_motion_within_one_cell_draws_nothing_and_one_to_another_cell_shows_its_ghost(app):
    scene = _hex_game(app)
    first, second = _cell_centre(scene, 60), _cell_centre(scene, 62)
    empty = app.screen.get_at(second)
    assert _move(app, first) == 1
    lit_first = app.screen.get_at(first)
    assert _move(app, (first[0] + 2, first[1] + 1)) == 0  # the same cell: the same picture
    assert _move(app, second) == 1
    assert app.screen.get_at(second) != empty  # the ghost stone moved to the cell pointed at...
    assert app.screen.get_at(first) != lit_first  # ... and left the first one


def test_a_motion_off_the_board_draws_once_to_take_the_ghost_away(app):
    scene = _hex_game(app)
    cell = _cell_centre(scene, 60)
    _move(app, cell)
    lit = app.screen.get_at(cell)
    off = (scene.view.rect.x + 2, scene.view.rect.y + 2)
    assert _move(app, off) == 1
    assert app.screen.get_at(cell) != lit
    assert _move(app, (off[0] + 1, off[1])) == 0


def test_a_motion_onto_a_button_lights_it(app):
    scene = _hex_game(app)
    button = scene.btn_rules
    edge = (button.rect.centerx, button.rect.top)  # its border: the accent colour under the pointer
    _move(app, (button.rect.x - 40, button.rect.y - 40))
    unlit = app.screen.get_at(edge)
    assert _move(app, button.rect.center) == 1
    assert app.screen.get_at(edge) != unlit
    assert _move(app, (button.rect.centerx + 3, button.rect.centery)) == 0  # still on it: nothing new


def test_a_stepper_lights_the_arrow_on_the_pointers_side(app):
    """The speed stepper of a PC-vs-PC game lights the arrow of the half the pointer is over: a
    motion from one half to the other draws though the button stays lit."""
    from ui.match import PC_VS_PC

    scene = GameScene(app, MatchSetup("tictactoe", {}, PC_VS_PC, ("level-1", "level-1"), 1.0), [])
    app.switch(scene)
    app.run_frames(3)
    scene.toggle_pause()
    app.run_frames(2)
    rect = scene.btn_speed.rect
    _move(app, (rect.x + 5, rect.centery))
    assert _move(app, (rect.right - 5, rect.centery)) == 1


def test_a_move_played_by_a_click_shows_its_stone(app):
    scene = _hex_game(app)
    cell = _cell_centre(scene, 60)
    _move(app, (scene.view.rect.x + 2, scene.view.rect.y + 2))
    empty = app.screen.get_at(cell)
    click(app, cell)
    assert len(scene.history) == 1
    scene.view.finish_animation()
    app.run_frames(3)
    assert app.screen.get_at(cell) != empty
    assert _move(app, (cell[0] + 1, cell[1])) == 0  # the stone's own cell: no ghost, nothing new


def test_a_motion_over_the_main_menus_background_draws_nothing_and_onto_a_button_chooses_it(app):
    scene = app.scene
    app.run_frames(3)
    assert _move(app, (5, app.size[1] // 2)) in (0, 1)  # the first motion may light what it leaves
    assert _move(app, (6, app.size[1] // 2)) == 0
    watch = scene.menu.get_widget("watch")
    rect = watch.get_rect(to_real_position=True)
    before = pygame.image.tobytes(app.screen.subsurface(rect), "RGB")
    assert _move(app, rect.center) == 1
    assert scene.menu.get_selected_widget() is watch
    assert pygame.image.tobytes(app.screen.subsurface(rect), "RGB") != before  # drawn chosen


def test_a_motion_onto_a_game_picture_of_the_main_menu_raises_it(app):
    scene = app.scene
    app.run_frames(3)
    card = scene.cards.rects[0]
    _move(app, (5, app.size[1] // 2))
    assert _move(app, card.center) == 1
    assert scene.cards.hover == 0


def test_the_hex_coordinates_follow_a_new_size_and_a_new_font(app, monkeypatch):
    import ui.theme as theme_mod
    import ui.views.hex as hex_view

    scene = _hex_game(app)
    placed = list(scene.view.label_rects)
    assert placed
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(1200, 800), w=1200, h=800))
    app.run_frames(2)
    assert scene.view.label_rects != placed  # laid out for the new size
    resized = list(scene.view.label_rects)
    font = theme_mod.font
    for module in (theme_mod, hex_view):  # a larger text size setting: other fonts for the same sizes
        monkeypatch.setattr(module, "font", lambda size: font(size + 6))
    app.invalidate()
    app.run_frames(1)
    grown = scene.view.label_rects
    assert len(grown) == len(resized)
    assert all(new.height > old.height for new, old in zip(grown, resized))
    assert all(new.center != old.center for new, old in zip(grown, resized))  # placed for their larger boxes


def test_a_new_theme_draws_the_hex_coordinates_in_its_colour(app):
    scene = _hex_game(app)
    label = scene.view.label_rects[0]
    before = [app.screen.get_at((x, label.centery)) for x in range(label.left, label.right)]
    app.settings.theme = "light" if app.settings.theme != "light" else "dark"
    app.invalidate()
    app.run_frames(1)
    assert scene.view.label_rects[0] == label
    assert [app.screen.get_at((x, label.centery)) for x in range(label.left, label.right)] != before


def test_a_new_language_shows_in_the_game_screens_words(app, monkeypatch):
    _hex_game(app)
    drawn = recorded_text(monkeypatch)
    app.invalidate()
    app.run_frames(1)
    english = set(drawn)
    app.settings.language = "pt"
    app.apply_settings()
    drawn.clear()
    app.invalidate()
    app.run_frames(1)
    assert set(drawn) != english
    assert any("Vermelho" in text or "Azul" in text for text in drawn), drawn


@pytest.mark.parametrize("game_id, options", [("hex", {"size": 11}), ("reversi", {}), ("alquerque", {})])
def test_a_new_cell_pointed_at_draws_the_board_alone_with_the_pixels_of_a_whole_frame(app, monkeypatch, game_id,
                                                                                        options):
    """The pointer from one place of the board to another draws the board's side again and not the
    panel, and the window then has the very pixels a whole frame draws; a message shown stays whole."""
    from ui.scenes.game_panel import GamePanel

    scene = GameScene(app, MatchSetup(game_id, options, HOTSEAT, (None, None), 1.0), [])
    app.switch(scene)
    app.run_frames(3)
    app.messages.add("A message over the board", duration=60.0)
    app.run_frames(2)
    places = [rect.center for _move, rect in scene.view.targets(scene.state)]
    _move(app, places[0])
    panels = count_calls(monkeypatch, GamePanel, "draw")
    assert _move(app, places[-1]) == 1
    assert panels[0] == 0  # the board alone
    shown = pygame.image.tobytes(app.screen, "RGB")
    app.invalidate()
    app.frame()
    assert panels[0] == 1
    assert pygame.image.tobytes(app.screen, "RGB") == shown


def test_a_button_lit_by_the_pointer_draws_the_whole_window(app, monkeypatch):
    from ui.scenes.game_panel import GamePanel

    scene = _hex_game(app)
    _move(app, _cell_centre(scene, 60))
    panels = count_calls(monkeypatch, GamePanel, "draw")
    assert _move(app, scene.btn_rules.rect.center) == 1
    assert panels[0] == 1
    shown = pygame.image.tobytes(app.screen, "RGB")
    app.invalidate()
    app.frame()
    assert pygame.image.tobytes(app.screen, "RGB") == shown


def _frame_drawn(app) -> bytes:
    app.invalidate()
    app.frame()
    return pygame.image.tobytes(app.screen, "RGB")


def _corners(surface: pygame.Surface) -> list[bytes]:
    """The pixels of the top-left and bottom-left corners (the main menu draws nothing there but
    its background)."""
    height = surface.get_height()
    return [pygame.image.tobytes(surface.subsurface(area), "RGB") for area in ((0, 0, 40, 40), (0, height - 40, 40, 40))]


def _backdrop_alone(app) -> list[bytes]:
    from ui.scenes.common import _draw_backdrop

    direct = pygame.Surface(app.screen.get_size())
    _draw_backdrop(direct, app.theme, app.scale)
    return _corners(direct)


def test_the_main_menus_kept_background_has_the_pixels_drawn_directly_and_follows_theme_and_size(app):
    from ui.scenes import common

    app.run_frames(2)
    first = _frame_drawn(app)  # the background's picture made at the second frame of a size...
    assert _frame_drawn(app) == first
    assert _frame_drawn(app) == first  # ... and blitted from then on
    assert common._BACKDROP._kept is not None
    corners = _corners(app.screen)
    assert corners == _backdrop_alone(app)
    app.settings.theme = "light" if app.settings.theme != "light" else "dark"
    for _ in range(3):
        _frame_drawn(app)
        assert _corners(app.screen) == _backdrop_alone(app)
    assert _corners(app.screen) != corners
    for height in (950, 1000):  # the same scale (the width's), a taller gradient
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(1400, height), w=1400, h=height))
        app.frame()
        for _ in range(3):
            assert _corners(app.screen) == _backdrop_alone(app)
            _frame_drawn(app)


def test_text_is_rendered_once_a_font_and_kept_no_longer_than_its_font(app):
    """The same string in the same font and colour is one image; another font (a larger text
    size) draws its own; a font let go (``ui.text.ui_font`` keeps 128, each with its file open)
    is not kept alive by the strings drawn in it."""
    import gc
    import weakref

    from ui import text as tx

    face = pygame.font.Font(tx.REGULAR, 20)
    first = tx.rendered(face, "Undo", (255, 255, 255))
    assert tx.rendered(face, "Undo", (255, 255, 255)) is first
    assert tx.rendered(face, "Undo", (0, 0, 0)) is not first
    larger = tx.rendered(pygame.font.Font(tx.REGULAR, 30), "Undo", (255, 255, 255))
    assert larger.get_height() > first.get_height()
    let_go = weakref.ref(face)
    del face
    gc.collect()
    assert let_go() is None


def test_a_drag_step_of_the_main_menus_edge_builds_its_buttons_at_most_five_times(tmp_path, monkeypatch):
    """The buttons' text size is found by halving the sizes (``_largest_fitting``), each try a
    build of the form: at 2560x1440 trying them largest first built them four times a step.  The
    labels keep the subtitle's size while a way with smaller pictures has room for them
    (``MenuScene._subtitle_pixels``), so at 2560x1440 the halving runs over the sizes of two ways
    (two or three builds each) before it is done: five builds a step."""
    from ui.scenes.menu import MenuScene

    big = make_app(tmp_path, monkeypatch, size=(2560, 1440))
    try:
        big.run_frames(2)
        builds = count_calls(monkeypatch, MenuScene, "_build_menu")
        for step in range(1, 4):
            width, height = 2560 - 9 * step, 1440 - 5 * step
            pygame.event.post(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=width, y=height))
            pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(width, height), w=width, h=height))
            big.frame()
            assert big.size == (width, height)
        assert 0 < builds[0] <= 3 * 5
    finally:
        big.quit()


@pytest.mark.parametrize("fitting", [0, 1, 2, 3, 4, 5])
def test_the_largest_fitting_text_size_is_the_first_that_fits(fitting):
    from ui.scenes.menu import FONT_SIZES, _largest_fitting

    sizes = list(FONT_SIZES)
    fits = [False] * fitting + [True] * (len(sizes) - fitting)  # smaller text, shorter buttons
    found = _largest_fitting(sizes, lambda size: fits[sizes.index(size)])
    assert found == (sizes[fitting] if fitting < len(sizes) else None)
