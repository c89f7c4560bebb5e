"""Small print grows with the Text size setting (``ui.text.least``): at Larger text in a window too
small for Larger's scale (1024x600, 800x560) the saved games' row details, the game panel's option
lines and Settings' notes were drawn at the 10 or 11 pixels of Normal text."""

from __future__ import annotations

import pygame
import pytest

from tests.test_ui_game import hotseat
from tests.test_ui_records import open_list, saved_games
from tests.ui_helpers import in_language, key, make_app, recorded_draws
from ui import text as tx
from ui.scenes import records
from ui.scenes.settings_screen import SettingsScene
from ui.theme import window_scale

LARGER = 1.5


def resized(app, size: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    app.run_frames(2)


def too_small(monkeypatch, scene, scale: float, texts: int = 8) -> list[tuple[str, int]]:
    """The (text, size) ``scene`` draws (more than ``texts`` of them) under ``tx.least(scale)``
    pixels in one frame: a key hint
    ("Esc", drawn smaller on every screen) left out, a button's label one pixel under allowed (a
    grid of buttons takes a label a pixel smaller where one does not fit: ``ui.widgets``)."""
    buttons = [button for button in getattr(scene, "buttons", []) if button.visible]
    buttons += [getattr(scene, name) for name in ("back_button", "folder_button", "delete_button") if hasattr(scene, name)]
    hints = {button.key_hint for button in buttons}
    with monkeypatch.context() as patch:
        drawn = recorded_draws(patch)
        scene.draw(scene.app.screen)
    assert len(drawn) > texts, "the scene drew almost nothing"
    least = tx.least(scale)
    on_button = [any(button.rect.contains(text.rect) for button in buttons if button.visible) for text in drawn]
    return [(text.value, text.size) for text, labelled in zip(drawn, on_button)
            if text.value not in hints and text.size < least - labelled]


@pytest.mark.parametrize("language", ["en", "pt"])
@pytest.mark.parametrize("size", [(800, 560), (1024, 600)])
def test_small_print_grows_at_larger_text_on_the_main_screens(app, monkeypatch, tmp_path, size, language):
    """The game panel (Reversi; Trax, whose options take three lines), the Saved games list and
    Settings draw no text under the grown floor at Larger text: 13 pixels at 800x560 and 14 at
    1024x600, where Normal's is 10 (the body text at the scale the window allows, 15 beyond)."""
    resized(app, size)
    app.settings.text_size = LARGER
    assert tx.least(app.scale) == {(800, 560): 13, (1024, 600): 14}[size] > tx.SMALLEST
    with in_language(app, language):
        for game_id, moves in (("reversi", ("f5", "d6")), ("trax", ())):
            scene = hotseat(app, game_id, moves)
            header = {value for value, _size in header_drawn(monkeypatch, scene)}  # fitted whole: the test below
            kept = header if (game_id, language, size) == ("trax", "pt", (800, 560)) else set()
            assert [said for said in too_small(monkeypatch, scene, scene.panel.scale) if said[0] not in kept] == []
        folder = tmp_path / "home" / "maria" / ".local/share/tabuleiro/games"  # as long as a usual one
        monkeypatch.setattr(records, "games_dir", lambda: folder)
        saved_games(3, folder)
        scene = open_list(app)
        assert too_small(monkeypatch, scene, window_scale(size, LARGER)) == []
        app.switch(SettingsScene(app))
        app.run_frames(2)
        form = app.scene.form_scale()
        assert too_small(monkeypatch, app.scene, form, texts=2) == []  # its title, a note, Back: the form is a menu's
        fonts = [(widget.get_title(), widget.get_font_info()["size"]) for widget in app.scene.menu.get_widgets()]
        assert [(title, font) for title, font in fonts if font < tx.least(form)] == []


def test_the_floor_follows_the_windows_text_size_and_is_normal_once_it_closes(tmp_path, monkeypatch):
    """10 pixels at Normal at any scale; 13 at Large and 15 at Larger where the body text is that
    large, never past it; read from the window's setting as it changes, Normal after it closes."""
    app = make_app(tmp_path, monkeypatch)
    try:
        assert [tx.least(scale) for scale in (0.7, 1.0, 2.0)] == [10, 10, 10]
        app.settings.text_size = 1.25
        assert [tx.least(scale) for scale in (0.7, 0.8, 1.0)] == [10, 12, 13]
        app.settings.text_size = LARGER
        assert [tx.least(scale) for scale in (0.7, 0.875, 1.0, 2.0)] == [10, 13, 15, 15]
        assert tx.small(12, 0.875) == 13 and tx.small(20, 1.0) == 20
    finally:
        app.quit()
    assert tx.least(1.0) == tx.SMALLEST == tx.small(9, 1.0)


def header_drawn(monkeypatch, scene) -> list[tuple[str, int]]:
    """The (text, size) of the game panel's title and the lines under it, as drawn in one frame."""
    with monkeypatch.context() as patch:
        drawn = recorded_draws(patch)
        scene.draw(scene.app.screen)
    top = scene.panel.player_cards[0].top
    return [(text.value, text.size) for text in drawn if scene.panel.rect.contains(text.rect) and text.rect.bottom <= top]


def test_an_option_wider_than_the_panel_takes_the_largest_size_that_keeps_it_whole(app, monkeypatch):
    """Trax's options in Portuguese at Larger text in the smallest window: grown to 13 pixels,
    "Fim do jogo: Primeiro circuito ou linha" no longer fitted a line of the panel and read
    "Fim do jogo: Primeiro circuito ou l…" (a fourth line for it left the move list one row).
    The options take the largest size that keeps each whole, still over Normal text's."""
    resized(app, (800, 560))
    app.settings.text_size = LARGER
    with in_language(app, "pt"):
        scene = hotseat(app, "trax", ())
        header = header_drawn(monkeypatch, scene)
    lines, sizes = [value for value, _size in header[1:]], {size for _value, size in header[1:]}
    assert header[0][0] == "Trax" and len(lines) == 3 and not any(line.endswith("…") for line in lines), lines
    assert "Fim do jogo: Primeiro circuito ou linha" in lines, lines
    width = scene.panel.rect.width - 2 * int(18 * scene.panel.scale)
    size = sizes.pop()
    assert not sizes and tx.small(13, window_scale((800, 560))) < size < tx.least(scene.panel.scale)
    assert tx.ui_font(size + 1).size(max(lines, key=lambda line: tx.ui_font(size).size(line)[0]))[0] > width


def test_the_analysis_caption_keeps_to_the_boards_side(app, monkeypatch):
    """The caption over the eval bar, grown with Larger text, ran over the game panel at 1024x768
    (Hex's "… (cells: % to win; blank: tried under 5 times; faded: …)"): it takes the size that fits
    the board's side, down to Normal's, then is cut."""
    from ui import eval_bar

    resized(app, (1024, 768))
    app.settings.text_size = LARGER
    long = "Analysis: 2,000 games tried… (cells: % to win; blank: tried under 5 times; faded: tried under 1% as often as the best)"
    monkeypatch.setattr(eval_bar, "with_note", lambda caption, note: long)
    scene = hotseat(app, "hex", ("f6", "g6"))
    key(app, pygame.K_a)
    with monkeypatch.context() as patch:
        drawn = recorded_draws(patch)
        scene.draw(app.screen)
    caption = next(text for text in drawn if text.value.startswith("Analysis:"))
    assert caption.rect.right <= scene.board_side.area.right, (caption.rect, scene.board_side.area)
    assert caption.size >= tx.small(12, window_scale((1024, 768))), caption.size
