"""The Text size setting (Normal, Large, Larger), for a class reading a projected screen from the
back of the room: chosen on the Settings screen by the keyboard, it is saved and at once makes
the text of the screens larger, in a 1024x768 or 1280x720 projector's window, with every text
still inside the window and no two texts drawn over each other."""

from __future__ import annotations

import json

import pygame
import pytest

from tests.ui_helpers import (
    autosaves_written,
    click,
    down_to_widget,
    held_game_clock,
    held_messages_clock,
    in_language,
    key,
    recorded_text_rects,
    wait,
    window_for_a_test,
    window_given_back,
)
from ui import settings as settings_mod
from ui.scenes.game import GameScene
from ui.scenes.panel_layout import SEEN_GROWTH, WIDTH_ROUNDING
from ui.scenes.settings_screen import SettingsScene
from ui.theme import window_scale
from ui.widgets import Button

# a projector's screen full, and a window on it under a title bar
PROJECTORS = [(1024, 768), (1280, 720), (1008, 705), (1264, 657)]
GAMES = ["tictactoe", "hex", "reversi", "rastros", "alquerque", "trax"]


def press(app, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0))
    app.run_frames(2)


def choose_text_size(app, size: float) -> None:
    """On the Settings screen, the keyboard goes to Text size and steps it toward ``size``."""
    app.switch(SettingsScene(app))
    app.run_frames(2)
    menu = app.scene.menu
    down_to_widget(app, menu, "text_size")
    for _ in range(3):  # the stepper stops at its ends (``widgets.stepped_within``): the way to ``size``
        if app.settings.text_size == size:
            return
        press(app, pygame.K_RIGHT if app.settings.text_size < size else pygame.K_LEFT)
    assert app.settings.text_size == size


def form_rects(app) -> list[pygame.Rect]:
    """Where the Settings form's widgets are drawn, those scrolled into view."""
    menu = app.scene.menu
    view = menu.get_scrollarea().get_view_rect()
    rects = [w.get_rect(to_real_position=True) for w in menu.get_widgets() if w.is_visible()]
    return [r for r in rects if r.height and view.contains(r)]


def font_sizes(app) -> dict[str, int]:
    """The Settings form's widgets' ids and the pixel sizes of their labels."""
    return {w.get_id(): w.get_font_info()["size"] for w in app.scene.menu.get_widgets()}


def drawn_texts(app, monkeypatch) -> list[tuple[str, pygame.Rect]]:
    """Every text the screen draws in one frame, with where (the window's messages, drawn over
    every screen by the App, left out)."""
    with monkeypatch.context() as patched:
        drawn = recorded_text_rects(patched)
        app.scene.draw(app.screen)
    return [(text, rect) for text, rect in drawn if text.strip()]


def overlapping(texts: list[tuple[str, pygame.Rect]]) -> list[tuple[str, str]]:
    """The pairs of texts drawn over each other: their letters' boxes, without the room a line
    keeps above and below them, meet."""
    def letters(rect: pygame.Rect) -> pygame.Rect:
        return rect.inflate(-4, -rect.height // 3)

    pairs = []
    for i, (a, ra) in enumerate(texts):
        for b, rb in texts[i + 1:]:
            inner = letters(ra)
            if inner.width > 0 and inner.height > 0 and inner.colliderect(letters(rb)):
                pairs.append((a, b))
    return pairs


@pytest.fixture
def projector(request, tmp_path, monkeypatch):
    """A window of the size asked for (``request.param``), closed after the test (``window_for_a_test``):
    left open, the workers of the screens it showed (a game's computer, a replay's analysis) ran on,
    their job queues open, until a later test's window closed them (a count of the threads and
    processes left, tests/test_ui_soak.py, met them)."""
    with window_for_a_test(tmp_path, monkeypatch, size=request.param) as app:
        yield app
    window_given_back()


@pytest.mark.parametrize("projector", PROJECTORS, indirect=True)
def test_text_size_is_chosen_saved_and_grows_the_settings_form(projector):
    app = projector
    choose_text_size(app, 1.0)
    normal_sizes = font_sizes(app)
    choose_text_size(app, 1.5)
    assert app.settings.text_size == 1.5
    larger = form_rects(app)
    assert app.scene.menu.get_selected_widget().get_id() == "text_size"  # rebuilt, the focus kept
    assert font_sizes(app)["text_size"] >= 1.15 * normal_sizes["text_size"]
    assert min(font_sizes(app).values()) > min(normal_sizes.values())
    window = pygame.Rect((0, 0), app.size)
    assert all(window.contains(r) for r in larger)
    assert not [(a, b) for i, a in enumerate(larger) for b in larger[i + 1:] if a.colliderect(b)]
    autosaves_written()
    assert json.loads(settings_mod.settings_path().read_text())["text_size"] == 1.5


@pytest.mark.parametrize("projector", [(1280, 800), (1280, 720)], indirect=True)
def test_each_text_size_step_grows_the_settings_form_in_a_wide_window(projector):
    """In Portuguese at 1280x800, "Maior" drew the Settings form as "Grande": the window's height
    holds every screen's scale at Large's in a 16:10 or 16:9 window.  The form scrolls, so each
    step grows its text there, the value shown whole, every line laid out inside the window and
    none over another."""
    app = projector
    with in_language(app, "pt"):
        steps = []
        for size in (1.0, 1.25, 1.5):
            choose_text_size(app, size)
            selector = app.scene.menu.get_widget("text_size")
            assert selector.get_value()[0][0] == {1.0: "Normal", 1.25: "Grande", 1.5: "Maior"}[size]
            steps.append((font_sizes(app), selector.get_rect().height))
            laid_out = form_rects(app)
            assert all(pygame.Rect((0, 0), app.size).contains(r) for r in laid_out)
            assert not [(a, b) for i, a in enumerate(laid_out) for b in laid_out[i + 1:] if a.colliderect(b)]
        for (smaller, smaller_height), (larger, larger_height) in zip(steps, steps[1:]):
            assert all(larger[name] > size for name, size in smaller.items()), (smaller, larger)
            assert larger_height > smaller_height


def panel_text_height(app, texts: list[tuple[str, pygame.Rect]]) -> float:
    """The mean height of the texts drawn on the game's panel (its title, players, moves, buttons)."""
    inside = [rect.height for _text, rect in texts if app.scene.panel.rect.contains(rect)]
    assert len(inside) > 8, "the panel drew almost nothing"
    return sum(inside) / len(inside)


@pytest.mark.parametrize(("projector", "mode", "language"), [
    ((1024, 768), "pc-pc", "pt"), ((1264, 657), "human-pc", "en"), ((1008, 705), "pc-pc", "en"),
    ((1280, 720), "human-pc", "pt")], indirect=["projector"])
def test_a_larger_text_size_grows_the_game_panel_and_keeps_it_inside_the_window(projector, monkeypatch, mode,
                                                                                language):
    """Every text on the window, none over another, none over a button's edge ("Árvore de
    pesquisa" ran out of its button on both sides)."""
    app = projector
    app.settings.language = language
    app.apply_settings()
    heights: dict[str, list[float]] = {game_id: [] for game_id in GAMES}
    for size in (1.0, 1.5):  # chosen once for every game (``game_panel_laid_out``)
        choose_text_size(app, size)
        for game_id in GAMES:
            heights[game_id].append(game_panel_laid_out(app, monkeypatch, game_id, mode))
    for game_id in GAMES:
        assert heights[game_id][1] >= 1.15 * heights[game_id][0], (game_id, heights[game_id])


def game_panel_laid_out(app, monkeypatch, game_id: str, mode: str) -> float:
    """A game of ``game_id`` in ``mode`` opened at the Text size chosen (``choose_text_size``, once
    for every game it is asked of: a visit to the Settings screen per game and size, its form built
    each time, was over half of these tests' time): every text inside the window, none over another,
    none over a button's edge, each label at least 0.8 of Menu's, the panel's texts inside the
    panel; the mean height of the panel's texts."""
    size = app.settings.text_size  # named in what a failure says
    app.open_demo(f"game:{game_id}:{mode}:")
    app.run_frames(2)
    assert isinstance(app.scene, GameScene)
    window, panel = pygame.Rect((0, 0), app.size), app.scene.panel.rect
    texts = drawn_texts(app, monkeypatch)
    outside = [text for text, rect in texts if not window.contains(rect)]
    assert not outside, (game_id, size, outside)
    assert not overlapping(texts), (game_id, size, overlapping(texts))
    out_of_panel = [text for text, rect in texts if panel.collidepoint(rect.center) and not panel.contains(rect)]
    assert not out_of_panel, (game_id, size, out_of_panel)
    usual_label = next(rect.height for text, rect in texts if text == app.scene.btn_menu.label)
    for button in app.scene.buttons:
        if button.visible:
            assert window.contains(button.rect), (game_id, button.label)
            label_sizes = {rect.height for text, rect in texts
                           if text in button.labels() and type(button) is Button}  # not a stepper's
            assert not label_sizes or min(label_sizes) >= 0.8 * usual_label, (game_id, button.labels())
            over_edge = [text for text, rect in texts
                         if rect.colliderect(button.rect) and not button.rect.contains(rect)]
            assert not over_edge, (game_id, size, over_edge)
    height = panel_text_height(app, texts)
    app.scene.close()
    return height


@pytest.mark.parametrize(("projector", "language"), [((1280, 800), "pt"), ((1920, 1080), "en")],
                         indirect=["projector"])
def test_each_text_size_step_grows_the_game_panel_in_a_wide_window(projector, monkeypatch, language):
    """At 1280x800 and 1920x1080 "Larger" drew the game's panel as "Large": the window's height
    held the scale at Large's in a 16:10 or 16:9 window.  The panel's text grows at each step
    now (the panel wider, the board at the window's scale) in every game (Alquerque's draw count
    and Trax's three lines of options gave way to it: ``GamePanel._largest_fitting``), everything
    laid out as before."""
    app = projector
    with in_language(app, language):
        heights: dict[str, list[float]] = {game_id: [] for game_id in GAMES}
        for size in (1.0, 1.25, 1.5):  # chosen once for every game (``game_panel_laid_out``)
            choose_text_size(app, size)
            for game_id in GAMES:
                heights[game_id].append(game_panel_laid_out(app, monkeypatch, game_id, "human-pc"))
                if size == 1.5:
                    assert app.scene.panel.scale >= app.scale * SEEN_GROWTH - WIDTH_ROUNDING, (
                        game_id, app.scene.panel.scale)
        for game_id, (normal, large, larger) in heights.items():
            assert large > 1.15 * normal, (game_id, heights[game_id])
            assert larger > large, (game_id, heights[game_id])  # Trax's in Portuguese by 6% of scale, 4% of height


@pytest.mark.parametrize("projector", [(1280, 800)], indirect=True)
def test_a_game_opened_after_another_is_laid_out_as_one_opened_from_the_settings(projector, monkeypatch):
    """``game_panel_laid_out`` opens every game at the text size chosen once, each after the game
    before it, not from the Settings screen: a game's screen is the same either way (its layout
    follows the text size and the window, not the screen it was opened from)."""
    app = projector
    choose_text_size(app, 1.5)
    app.open_demo("game:alquerque:human-pc:")
    app.run_frames(2)
    from_the_settings = drawn_texts(app, monkeypatch)
    app.scene.close()
    for game_id in ("trax", "alquerque"):
        app.open_demo(f"game:{game_id}:human-pc:")
        app.run_frames(2)
        if game_id == "trax":
            app.scene.close()
    assert len(from_the_settings) > 8 and drawn_texts(app, monkeypatch) == from_the_settings


def test_the_scale_grows_with_the_text_size_only_as_far_as_the_window_holds():
    for size in [(1024, 768), (1280, 720), (1280, 800), (1920, 1080), (800, 500)]:
        normal, large, larger = (window_scale(size, t) for t, in [(1.0,), (1.25,), (1.5,)])
        assert normal == window_scale(size)
        assert normal <= large <= larger
    assert window_scale((1280, 800), 1.25) == pytest.approx(1.25)
    assert window_scale((1024, 768), 1.5) > 1.15 * window_scale((1024, 768))
    assert window_scale((800, 500), 1.5) == pytest.approx(0.78125)  # the least window: no more than it holds


@pytest.mark.parametrize("projector", [(1008, 705)], indirect=True)
def test_a_move_ready_leaves_alquerques_draw_count_out_rather_than_under_the_buttons(projector, monkeypatch):
    """Watching Alquerque at Larger in a 1024x768 screen's window, paused with the computer's move
    ready ("Jogada pronta"): the full thinking card pushed the two lines of "Empate ao fim de 40
    meias-jogadas sem captura" under Anular and Refazer."""
    app = projector
    app.settings.language = "pt"
    app.apply_settings()
    choose_text_size(app, 1.5)
    app.open_demo("game:alquerque:pc-pc::0.5")
    computer = app.scene.computer
    assert wait(app, lambda: computer.job is not None and computer.job_kind == "move"), "no search began"
    press(app, pygame.K_SPACE)  # paused as the first move is searched: it is held, ready
    assert app.scene.paused
    assert wait(app, lambda: app.scene.panel._reply_held()), "no move came ready"
    app.run_frames(2)
    texts = drawn_texts(app, monkeypatch)
    buttons_top = min(b.rect.top for b in app.scene.buttons if b.visible)
    assert [text for text, rect in texts if app.scene.panel.rect.contains(rect)
            and rect.top < buttons_top < rect.bottom] == []
    assert not overlapping(texts)


def recording_coordinates(patched) -> list[tuple[str, pygame.Rect]]:
    """The board's coordinates drawn from now on (the board views' ``draw_text``, through
    ``patched``, a monkeypatch), with where on the surface drawn on."""
    from ui import grid_view
    from ui.views import alquerque
    from ui.views import hex as hex_view

    return recorded_text_rects(patched, grid_view, alquerque, hex_view)


def drawn_coordinates(app, monkeypatch) -> list[tuple[str, pygame.Rect]]:
    """The board's coordinates as one frame draws them, with where."""
    with monkeypatch.context() as patched:
        drawn = recording_coordinates(patched)
        app.scene.draw(app.screen)
    return drawn


@pytest.mark.parametrize("projector", [(1008, 705)], indirect=True)
@pytest.mark.parametrize("game_id", ["reversi", "hex", "alquerque", "trax"])
def test_the_boards_coordinates_grow_with_the_text_size(projector, monkeypatch, game_id):
    """Read from the back of a room the letters and numbers round the board were 22 pixels at
    most, 14 on Hex's 11x11: they grow with the text size, and the room round the board with them."""
    app = projector
    heights = []
    for size in (1.0, 1.5):
        choose_text_size(app, size)
        app.open_demo(f"game:{game_id}:hotseat:")
        app.run_frames(2)
        labels = drawn_coordinates(app, monkeypatch)
        assert len(labels) >= 16, labels
        board_side = app.scene.board_side.area
        assert all(board_side.contains(rect) for _text, rect in labels)
        assert not overlapping(labels), overlapping(labels)
        heights.append(min(rect.height for _text, rect in labels))
        app.scene.close()
    assert heights[1] >= 1.2 * heights[0], heights


def ctrl_key(app, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=pygame.KMOD_LCTRL, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=pygame.KMOD_LCTRL, unicode="", scancode=0))
    app.run_frames(2)


@pytest.mark.parametrize("projector", [(1024, 768)], indirect=True)
def test_ctrl_plus_and_minus_change_the_text_size_in_the_game_shown(projector, monkeypatch):
    """A teacher mid-demo makes the text larger without leaving the game: Ctrl+plus (or =) steps
    it up, Ctrl+minus down, Ctrl+0 back to Normal, as a browser zooms; laid out at once, saved.
    Past Larger it stays there and says so, once while that shows: each press said "Text size:
    Larger" anew, as if the text had grown again."""
    app = projector
    skip = held_messages_clock(monkeypatch)
    app.open_demo("game:reversi:pc-pc:f5,d6,c3")
    app.run_frames(2)
    scene = app.scene
    speed = scene.speed
    normal = panel_text_height(app, drawn_texts(app, monkeypatch))
    ctrl_key(app, pygame.K_EQUALS)
    ctrl_key(app, pygame.K_KP_PLUS)
    assert [m.text for m in app.messages.current()] == ["Text size: Larger (Ctrl+plus, Ctrl+minus, Ctrl+0)"]
    ctrl_key(app, pygame.K_PLUS)  # past Larger: stays there, and says so
    assert app.scene is scene and app.settings.text_size == 1.5
    largest = "Text size: Larger already, the largest"
    assert [m.text for m in app.messages.current()] == [largest]  # one line, not one per press
    (shown,) = app.messages.current()
    skip(2.5)
    ctrl_key(app, pygame.K_PLUS)  # again: the one message stays up, its time renewed
    skip(2.5)
    (still,) = app.messages.current()
    assert still is shown and still.text == largest
    assert panel_text_height(app, drawn_texts(app, monkeypatch)) >= 1.15 * normal
    assert scene.view.text_size == 1.5
    autosaves_written()
    assert json.loads(settings_mod.settings_path().read_text())["text_size"] == 1.5
    ctrl_key(app, pygame.K_MINUS)
    assert app.settings.text_size == 1.25
    ctrl_key(app, pygame.K_0)
    assert app.settings.text_size == 1.0
    assert panel_text_height(app, drawn_texts(app, monkeypatch)) == pytest.approx(normal)
    ctrl_key(app, pygame.K_MINUS)  # at Normal already: stays there
    assert app.settings.text_size == 1.0
    assert scene.speed == speed  # the keys were not the game's own + and - (PC vs PC's pace)


def test_ctrl_minus_and_plus_from_a_size_between_the_steps_go_to_the_step_either_side(app):
    """A hand-edited file's text size of 1.1 (110%, between Normal and Large): Ctrl+minus said
    "Text size: Normal already, the smallest" and left the text at 110%, taking it for Normal.
    Now Ctrl+minus goes to Normal and Ctrl+plus to Large, each saying the size now shown; only
    at Normal does Ctrl+minus say it is the smallest."""
    app.settings.text_size = 1.1
    app.apply_settings()
    app.open_demo("settings")
    app.run_frames(2)
    ctrl_key(app, pygame.K_MINUS)
    assert app.settings.text_size == 1.0
    assert [m.text for m in app.messages.current()] == ["Text size: Normal (Ctrl+plus, Ctrl+minus, Ctrl+0)"]
    ctrl_key(app, pygame.K_MINUS)  # at Normal now: the smallest, said
    assert app.settings.text_size == 1.0
    assert [m.text for m in app.messages.current()] == ["Text size: Normal already, the smallest"]
    app.settings.text_size = 1.1
    app.apply_settings()
    ctrl_key(app, pygame.K_EQUALS)
    assert app.settings.text_size == 1.25
    assert [m.text for m in app.messages.current()] == ["Text size: Large (Ctrl+plus, Ctrl+minus, Ctrl+0)"]


def test_past_larger_said_then_the_language_changed_is_said_whole_in_the_new_one(app):
    """QA (qa137): Ctrl+plus past Larger says "Text size: Larger already, the largest"; the
    language changed in Settings while it showed, it read "Text size: Larger já é o máximo", its
    choice left in English (the catalog's patterns say again only the sentence round it)."""
    app.open_demo("settings")
    app.run_frames(2)
    for _press in range(3):
        ctrl_key(app, pygame.K_EQUALS)
    assert [m.text for m in app.messages.current()] == ["Text size: Larger already, the largest"]
    assert app.scene.menu.get_selected_widget().get_id() == "language"
    key(app, pygame.K_RIGHT)  # Language: Português
    try:
        assert app.settings.language == "pt"
        assert [m.text for m in app.messages.current()] == ["Tamanho do texto: Maior já é o máximo"]
    finally:
        app.settings.language = "en"
        app.apply_settings()


@pytest.mark.parametrize("projector", [(1008, 705)], indirect=True)
def test_the_replay_draws_the_coordinates_at_the_text_size(projector, monkeypatch):
    """A game gone over after the lesson has the larger coordinates too."""
    from tests.test_replay import random_record

    app = projector
    heights = []
    for size in (1.0, 1.5):
        choose_text_size(app, size)
        app.open_replay(random_record("reversi"), ply=10)
        app.run_frames(2)
        labels = drawn_coordinates(app, monkeypatch)
        assert len(labels) >= 16 and not overlapping(labels)
        heights.append(min(rect.height for _text, rect in labels))
    assert heights[1] >= 1.2 * heights[0], heights


def replay_panel_laid_out(app, monkeypatch, size: float) -> float:
    """A Reversi game gone over at Text size ``size``: every text inside the window and none over
    another, the panel's inside the panel; the mean height of the panel's texts."""
    from tests.test_replay import random_record

    choose_text_size(app, size)
    app.open_replay(random_record("reversi"), ply=10)
    app.run_frames(2)
    window, panel = pygame.Rect((0, 0), app.size), app.scene.panel_rect
    texts = drawn_texts(app, monkeypatch)
    assert not [text for text, rect in texts if not window.contains(rect)], size
    assert not overlapping(texts), (size, overlapping(texts))
    inside = [rect for text, rect in texts if panel.collidepoint(rect.center)]
    assert len(inside) > 8 and all(panel.contains(rect) for rect in inside), size
    for button in app.scene.buttons:
        over_edge = [text for text, rect in texts if rect.colliderect(button.rect) and not button.rect.contains(rect)]
        assert not over_edge, (size, over_edge)
    return sum(rect.height for rect in inside) / len(inside)


@pytest.mark.parametrize("projector", [(1280, 800), (1920, 1080)], indirect=True)
def test_each_text_size_step_grows_the_replays_panel_in_a_wide_window(projector, monkeypatch):
    """The replay's panel drew "Larger" as "Large" at 1280x800 and 1920x1080 (the window's height
    held the scale): it grows at each step now, the board and its steps at the window's scale."""
    heights = [replay_panel_laid_out(projector, monkeypatch, size) for size in (1.0, 1.25, 1.5)]
    assert heights[0] < heights[1] < heights[2] and heights[2] >= 1.1 * heights[1], heights


@pytest.mark.parametrize("projector", [(1280, 800), (1920, 1080)], indirect=True)
def test_each_text_size_step_grows_the_new_game_form_in_a_wide_window(projector):
    """New game's form, which scrolls, drew "Maior" as "Grande" at 1280x800 and 1920x1080: each
    step grows every line of it now (those whose words stay together), for each game, every line no wider than the form's view
    (pygame-menu cuts nothing: a wider one runs out of the card) and those in view none over another."""
    app = projector
    with in_language(app, "pt"):
        form_steps: dict[str, list[dict[str, int]]] = {game_id: [] for game_id in GAMES}
        for size in (1.0, 1.25, 1.5):  # chosen once for every game's form (the Settings screen's form built once)
            choose_text_size(app, size)
            for game_id in GAMES:
                app.show_setup(game_id=game_id)
                app.run_frames(2)
                view = app.scene.menu.get_scrollarea().get_view_rect()
                widgets = [w for w in app.scene.menu.get_widgets() if w.is_visible()]
                assert all(w.get_rect().width <= view.width for w in widgets), (game_id, size)
                laid_out = form_rects(app)
                assert not [(a, b) for i, a in enumerate(laid_out) for b in laid_out[i + 1:] if a.colliderect(b)]
                form_steps[game_id].append({w.get_title(): w.get_font_info()["size"] for w in widgets if w.get_title()})
        for game_id, steps in form_steps.items():
            for smaller, larger in zip(steps, steps[1:]):
                kept = smaller.keys() & larger.keys()  # the lines a wrapped label keeps whole at both sizes
                assert len(kept) >= 4 and all(larger[title] > smaller[title] for title in kept), (game_id, smaller, larger)


EIGHT_PLIES = {  # four rows of moves, none ending its game
    "tictactoe": "b3,a1,c2,c1,a2,a3,b1", "hex": "f6,g6,e6,h6,d6,i6,c6,j6", "reversi": "f5,d6,c5,b6,b5,f4,a7,c6",
    "rastros": "4-6,4-7,4-8,5-7,6-6,6-7,7-6,8-5", "alquerque": "d2-c3,d4xd2,c3-d4,b3-c3,b2-b3,a3-b2,a2-a3,b2-a2",
    "trax": "g6+,h6+,i6+,j6+,e6/,d6\\,c6/,b6\\",
}


def move_rows_shown(app, monkeypatch) -> int:
    """How many rows of the move list the game panel draws whole ("1.", "2." ... in its box)."""
    box = app.scene.panel.moves_rect
    return sum(1 for text, rect in drawn_texts(app, monkeypatch)
               if text[:-1].isdigit() and text.endswith(".") and box.contains(rect))


def opened_at_larger_text(app, game_id: str, language: str, clock: str | None) -> GameScene:
    """A hot-seat game of ``game_id`` eight plies in (``EIGHT_PLIES``), in ``language``, on
    ``clock`` (None: none), the window at Larger text, drawn."""
    from ui.match import HOTSEAT, MatchSetup

    choose_text_size(app, 1.5)
    app.settings.language = language
    app.apply_settings()
    app.switch(GameScene(app, MatchSetup(game_id, {}, HOTSEAT, (None, None), 0.1, clock=clock),
                         EIGHT_PLIES[game_id].split(",")))
    app.run_frames(2)
    return app.scene


def panel_holds_three_rows_whole(app, monkeypatch) -> None:
    """The game panel shows three rows of moves or more, its options whole (no "…"), every text
    inside the window and none over another."""
    scene, window = app.scene, pygame.Rect((0, 0), app.size)
    assert move_rows_shown(app, monkeypatch) >= 3, scene.panel.moves_rect
    texts = drawn_texts(app, monkeypatch)
    assert not overlapping(texts) and all(window.contains(rect) for _text, rect in texts)
    panel_said = [text for text, rect in texts if scene.panel.rect.contains(rect)]
    assert not [text for text in panel_said if text.endswith("…")], panel_said


@pytest.mark.parametrize("projector", [(1024, 768)], indirect=True)
@pytest.mark.parametrize("game_id", GAMES)
def test_the_move_list_keeps_three_rows_at_larger_text(projector, monkeypatch, game_id):
    """At Larger text on a 1024x768 projector the move list kept one row of moves (none under
    Alquerque's draw count or Trax's three lines of options), however short the thinking card:
    three rows now, with the thinking card on one line, then the buttons no lower than a
    fingertip's 40 pixels, during a game and with analysis's best line shown (which kept its card
    whole), every text inside the window and none over another."""
    app = projector
    choose_text_size(app, 1.5)
    app.open_demo(f"game:{game_id}:hotseat:{EIGHT_PLIES[game_id]}")
    app.run_frames(2)
    scene = app.scene
    assert isinstance(scene, GameScene) and len(scene.history) >= 7
    window = pygame.Rect((0, 0), app.size)

    def holds() -> None:
        assert move_rows_shown(app, monkeypatch) >= 3, scene.panel.moves_rect
        texts = drawn_texts(app, monkeypatch)
        assert not overlapping(texts) and all(window.contains(rect) for _text, rect in texts)
        shown = [b for b in scene.buttons if b.visible]
        assert all(b.rect.height >= 40 and window.contains(b.rect) for b in shown)

    holds()
    press(app, pygame.K_a)  # analysis: its best line in the thinking card
    assert wait(app, lambda: scene.analysis.best_line() is not None), "no analysis came"
    app.run_frames(2)
    holds()


@pytest.mark.parametrize("projector, game_id", [
    *(pytest.param(size, game_id, id=f"{size[0]}x{size[1]}-{game_id}")
      for size in [(800, 600), (1024, 768)] for game_id in GAMES)], indirect=["projector"])
def test_a_clocked_games_move_list_keeps_three_rows_at_larger_text_in_portuguese(projector, monkeypatch, game_id):
    """QA: at Larger text in an 800x600 window in Portuguese a clocked Alquerque game's panel kept
    two rows of moves, where the other games kept three.  "Anular", "Refazer" and "Retomar" have
    no room in one row there: the clock's Pause went into the grid, a seventh row of buttons
    beside Alquerque's Legal moves (Reversi's and Trax's too).  The rows of buttons go lower, as
    low as their labels allow: three rows of moves in every game, every text whole, inside the
    window and none over another.  In a 1024x768 window the rows were at a fingertip's height
    already, and Reversi's and Alquerque's list kept one row: the three share one row, their
    labels alone with less padding (``panel_buttons.KEYLESS_PADDING``), "Retomar" whole too, paused."""
    from ui.match import HOTSEAT, MatchSetup

    app = projector
    choose_text_size(app, 1.5)
    with in_language(app, "pt"):
        setup = MatchSetup(game_id, {}, HOTSEAT, (None, None), 0.1, clock="5m+3s")
        app.switch(GameScene(app, setup, EIGHT_PLIES[game_id].split(",")))
        app.run_frames(2)
        scene = app.scene
        panel_holds_three_rows_whole(app, monkeypatch)
        assert all(b.rect.height >= b.least_height(scene.panel.scale) for b in scene.buttons if b.visible)
        key(app, pygame.K_p, pygame.KMOD_CTRL)  # paused: Pause reads "Retomar"
        texts = drawn_texts(app, monkeypatch)
        assert scene.paused and "Retomar" in [text for text, rect in texts if scene.btn_pause.rect.contains(rect)]
        assert not [text for text, rect in texts if text.endswith("…") and scene.panel.rect.contains(rect)]


@pytest.mark.parametrize("projector", [(1280, 800)], indirect=True)
@pytest.mark.parametrize("clock", [None, "5m+3s"])
@pytest.mark.parametrize("language", ["en", "pt"])
@pytest.mark.parametrize("game_id", ["tictactoe", "hex", "reversi", "rastros"])
def test_the_grown_panel_keeps_the_three_rows_its_scale_was_chosen_for(projector, monkeypatch, game_id, language,
                                                                       clock):
    """At Larger text in a 1280x800 window tic-tac-toe's, Hex's, Reversi's and Rastros' move
    list kept two rows, clocked or not, in English and in Portuguese: the panel's scale was
    chosen for three rows without the room over the first card's "to move" badge
    (``GamePanel._fits``), which the layout then took from the list, two pixels short.  The
    badge's room gives them last: three rows, the panel's text as grown as before, its options
    in its small print (``GamePanel._header_lines``: smaller only where the rows lack room)."""
    from ui import text as tx
    from ui.scenes.panel_header import options_parts

    app = projector
    scene = opened_at_larger_text(app, game_id, language, clock)
    panel = scene.panel
    assert panel.scale >= app.scale * SEEN_GROWTH - WIDTH_ROUNDING
    panel_holds_three_rows_whole(app, monkeypatch)
    options = [rect for text, rect in drawn_texts(app, monkeypatch)
               if panel.rect.contains(rect) and any(part in text for part in options_parts(scene))]
    assert options and all(rect.height == tx.ui_font(panel._t(13)).get_height() for rect in options)


@pytest.mark.parametrize("projector", [(1024, 768)], indirect=True)
def test_trax_options_go_on_two_lines_rather_than_take_a_row_of_moves(projector, monkeypatch):
    """At Larger text in a 1024x768 window in Portuguese Trax's options took three lines, and its
    move list kept two rows, 9 pixels short of a third: they go on two lines at a smaller size,
    each whole, and the list keeps three (clocked too:
    ``test_a_clocked_games_move_list_keeps_three_rows_at_larger_text_in_portuguese``)."""
    app = projector
    opened_at_larger_text(app, "trax", "pt", None)
    panel_holds_three_rows_whole(app, monkeypatch)
    parts = " ".join(text for text, rect in drawn_texts(app, monkeypatch) if app.scene.panel.rect.contains(rect))
    assert all(part in parts for part in ["Tamanho do tabuleiro: 10", "Fim do jogo: Primeiro circuito ou linha",
                                          "Peça central: lldd"]), parts


@pytest.mark.parametrize("projector", [(1024, 768)], indirect=True)
def test_a_finished_game_keeps_three_rows_of_moves_at_larger_text(projector, monkeypatch):
    """A result's thinking card did not go to one line: the move list of a finished game kept one
    row at Larger text in a 1024x768 window.  The game's clock stands still (``held_game_clock``):
    the result card, come up in a loaded machine's slow frame, took the panel's place."""
    app = projector
    held_game_clock(monkeypatch)
    choose_text_size(app, 1.5)
    app.open_demo("game:tictactoe:hotseat:b2,a1,a2,c2,c1,a3,b1,b3,c3")
    app.run_frames(2)
    assert app.scene.is_over()
    assert move_rows_shown(app, monkeypatch) >= 3
    assert not overlapping(drawn_texts(app, monkeypatch))


def played_to_the_end(game_id: str) -> list[str]:
    """A whole game of ``game_id``, in its notation: each ply the legal move seven places on from
    the last one's place in the list (the same every run), until the game ends."""
    import games

    game = games.load(game_id)
    state, texts = game.initial_state(), []
    while not state.is_terminal():
        moves = state.legal_moves()
        move = moves[len(texts) * 7 % len(moves)]
        texts.append(game.format_move(state, move))
        state = state.play(move)
    return texts


@pytest.mark.parametrize("projector", [(1024, 768)], indirect=True)
@pytest.mark.parametrize("game_id", GAMES)
def test_the_game_over_card_leaves_the_final_position_in_view_at_larger_text(projector, game_id):
    """At Larger text in a 1024x768 window the result's card sat on a corner of the board, over
    pieces of the final position the class was to look at.  It covers none of them now (nor what
    decided the game): on the board where it has room, else over the panel; and a click on its
    Rematch, wherever it is, starts the game again."""
    app = projector
    choose_text_size(app, 1.5)
    app.open_demo(f"game:{game_id}:hotseat:{','.join(played_to_the_end(game_id))}")
    scene = app.scene
    assert isinstance(scene, GameScene) and scene.is_over()
    assert wait(app, lambda: scene.card_shown() is scene.over_card), "no result card"
    app.run_frames(2)
    card = scene.over_card.rect
    pieces = scene.view.piece_marks(scene.state)
    assert pieces, "the final position has no pieces"
    assert [p for p in pieces + scene.view.win_marks(scene.state) if card.colliderect(p)] == []
    assert pygame.Rect((0, 0), app.size).contains(card)
    assert all(card.contains(b.rect) for b in scene.over_card.buttons)
    click(app, scene.over_card.buttons[0].rect.center)  # Rematch
    assert isinstance(app.scene, GameScene) and not app.scene.history and not app.scene.is_over()


@pytest.mark.parametrize("projector", [(1024, 768)], indirect=True)
def test_the_position_editors_board_follows_the_text_size_and_a_click_sets_the_cell_shown(projector, monkeypatch):
    """The position editor's board is a picture of its own: its coordinates stayed at Normal's
    size at Larger text.  They grow with it now, and a click where the picture shows a1 (under
    the drawn "a", beside the drawn "1"), near its corner toward b2, sets a1: the clicks' cells
    follow the picture's, which its larger coordinates shrink."""
    from tests.test_ui_position_editor_clicks import open_editor, symbol

    app = projector
    heights = []
    for size in (1.0, 1.5):
        choose_text_size(app, size)
        with monkeypatch.context() as patched:
            drawn = recording_coordinates(patched)
            editor = open_editor(app, "reversi")
        labels = drawn[-32:]  # the last picture's: a to h and 1 to 8, on each side
        assert sorted(text for text, _rect in labels) == sorted(2 * [*"abcdefgh", *"12345678"])
        heights.append(min(rect.height for _text, rect in labels))
    assert heights[1] >= 1.2 * heights[0], heights

    def drawn_at(text: str, axis: int) -> int:
        """Where the picture's first label ``text`` (the top one of a column, the left one of a row) is, on the screen."""
        rect = min((rect for said, rect in labels if said == text), key=lambda rect: rect[1 - axis])
        return editor.board_rect.topleft[axis] + rect.center[axis]

    square = drawn_at("b", 0) - drawn_at("a", 0)
    a1 = (drawn_at("a", 0) + int(square * 0.4), drawn_at("1", 1) + int(square * 0.4))
    assert symbol(editor, 0) != "X"
    click(app, a1)
    assert symbol(editor, 0) == "X"
