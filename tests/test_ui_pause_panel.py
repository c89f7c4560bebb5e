"""The game panel of a clocked hot-seat game: at Larger text in a 800x560 window it keeps its move
list and sets its labels whole; its text keeps one size from one friend's turn to the other's;
and a person's Pause hides from the panel what the cover hides on the board (the moves, the
discs counted, the draw counts, the opening's name, Hex's legend of the connections, a hint's
note) and refuses what would show the position (the search tree, analysis, a picture).
Headless, driven by posted clicks and keys."""

from __future__ import annotations

import pygame
import pytest

import games
from tests.test_clock_window import play
from tests.test_ui_clock_pause import PAUSED, ctrl_p
from tests.test_ui_watch_panel import move_rows_shown
from tests.ui_helpers import (
    click,
    first_legal_line,
    in_language,
    key,
    make_app_of,
    recorded_text,
    recorded_text_sizes,
    wait,
)
from ui import words
from ui.match import HOTSEAT, MatchSetup
from ui.scenes.game import GameScene

NAMES = ("Ana Maria Albuquerque", "Joo Pedro")  # the names the session's players typed


def friends_on_a_clock(app, game_id: str) -> GameScene:
    """Two named friends' game of ``game_id`` on a 3-minute clock, on the screen."""
    scene = GameScene(app, MatchSetup(game_id, {}, HOTSEAT, (None, None), 1.0, clock="3m+0s", names=NAMES))
    app.switch(scene)
    app.run_frames(2)
    return scene


def drawn_once(app, monkeypatch, sizes: bool = False) -> list:
    """The texts one whole frame draws (with their sizes when ``sizes``)."""
    drawn = recorded_text_sizes(monkeypatch) if sizes else recorded_text(monkeypatch)
    app.invalidate()
    app.run_frames(1)
    return list(drawn)


def test_at_800x560_larger_text_in_portuguese_the_clocked_panel_keeps_its_moves_and_whole_labels(
        tmp_path, monkeypatch):
    """Trax's panel there had no move list left (a seventh row of buttons for the Pause, rows
    that could not give way), its compact card said "Em pausa" without how to go on, and two
    labels were cut: "Desistir por Es…", "Jogadas possív…"."""
    app = make_app_of(tmp_path, monkeypatch, (800, 560))
    try:
        app.settings.text_size = 1.5
        app.apply_settings()
        with in_language(app, "pt"):
            scene = friends_on_a_clock(app, "trax")
            play(app, scene, "A0+")
            for paused in (False, True):
                drawn = drawn_once(app, monkeypatch)
                assert scene.paused is paused
                # two rows since small print grows with the Text size (``ui.text.least``): its 8
                # pixels more (the options' lines, the "a jogar" badge) are a row's
                assert move_rows_shown(scene) >= 2, scene.panel.moves_rect
                for button in (b for b in scene.buttons if b.visible):
                    assert any(text in button.labels() for text in drawn), (button.labels(), drawn)
                assert not [text for text in drawn if text.endswith("…") and text.startswith(("Desistir", "Jogadas"))]
                if not paused:
                    ctrl_p(app)
            assert "Ctrl+P continua" in drawn  # the compact card says how to go on
        assert app.errors == []
    finally:
        app.quit()


def test_the_panels_labels_keep_their_size_from_one_friends_turn_to_the_other(tmp_path, monkeypatch):
    """"Resign for Joo Pedro (O)" needed a smaller size than "Resign for Ana Maria Albuquerque"'s
    short form, and every label of the panel shrank with it on Joo's turn, then grew back."""
    app = make_app_of(tmp_path, monkeypatch, (1280, 800))
    try:
        scene = friends_on_a_clock(app, "tictactoe")
        labels = {b.label for b in scene.buttons if b.visible and b is not scene.btn_resign}
        sizes = []
        for _turn in range(3):
            drawn = drawn_once(app, monkeypatch, sizes=True)
            sizes.append({text: size for text, size in drawn if text in labels})
            click(app, scene.view.cell_rect(len(scene.history), 0).center)  # a1, a2, a3 in turn
        assert [p.text for p in scene.history] == ["a1", "a2", "a3"]
        assert sizes[0] and sizes[0] == sizes[1] == sizes[2], sizes
        assert app.errors == []
    finally:
        app.quit()


def test_a_pause_hides_the_moves_and_the_discs_and_refuses_the_tree(tmp_path, monkeypatch):
    """Paused, the board was covered but the panel listed the moves and counted the discs, and T
    opened the search tree on the whole position: a player could think on stopped clocks.  The
    list and the counts are hidden until Resume; T, A and P are refused with the pause's words."""
    app = make_app_of(tmp_path, monkeypatch, (1280, 800))
    try:
        scene = friends_on_a_clock(app, "reversi")
        play(app, scene, "f5", "d6")
        drawn = drawn_once(app, monkeypatch)
        assert {"f5", "d6", "discs"} <= set(drawn)
        ctrl_p(app)
        assert scene.paused
        drawn = drawn_once(app, monkeypatch)
        assert not {"f5", "d6", "discs", "3"} & set(drawn), drawn  # Black 3, White 3
        assert "Hidden while paused" in drawn
        click(app, scene.panel.moves_rect.center)  # no move there to browse to
        assert scene.browsing is None
        for letter in (pygame.K_t, pygame.K_a, pygame.K_p):
            scene.messages.withdraw("refusal")
            key(app, letter)
            assert app.scene is scene and PAUSED in [m.text for m in scene.messages.current()], letter
        click(app, scene.btn_tree.rect.center)
        assert app.scene is scene and not scene.analysis.active
        ctrl_p(app)
        drawn = drawn_once(app, monkeypatch)
        assert {"f5", "d6", "discs"} <= set(drawn)
        key(app, pygame.K_t)  # on the clocks' time again: the tree opens
        assert app.scene is not scene
        assert app.errors == []
    finally:
        app.quit()


def test_a_pause_shows_no_earlier_position_under_the_cover(tmp_path, monkeypatch):
    """Paused, Left and the wheel over the board still stepped back through the game under the
    cover, to no position in sight, and the panel said "Browsing move 1" beside its hidden list
    (a tap on the list was refused).  The cover hides the game: the pause goes back to the live
    position, and a step back is refused with the pause's words until Resume."""
    from tests.test_ui_steppers import wheel

    app = make_app_of(tmp_path, monkeypatch, (1280, 800))
    try:
        scene = friends_on_a_clock(app, "reversi")
        play(app, scene, "f5", "d6")
        key(app, pygame.K_LEFT)
        assert scene.browsing == 1
        ctrl_p(app)
        assert scene.paused and scene.browsing is None
        for press in (pygame.K_LEFT, pygame.K_HOME, pygame.K_PAGEUP):
            scene.messages.withdraw("refusal")
            key(app, press)
            assert scene.browsing is None and PAUSED in [m.text for m in scene.messages.current()], press
        wheel(app, scene.view.rect.topleft, 1)
        assert scene.browsing is None
        assert not [text for text in drawn_once(app, monkeypatch) if text.startswith("Browsing")]
        ctrl_p(app)  # Resume: the game's positions are in sight again
        key(app, pygame.K_LEFT)
        assert not scene.paused and scene.browsing == 1
    finally:
        app.quit()


def test_a_pause_greys_analysis_and_the_tree_as_it_greys_the_hint(tmp_path, monkeypatch):
    """Paused, Hint was greyed but Analysis and Search tree looked as ready as ever, and a click
    on either was refused: buttons that seemed broken.  They are greyed with the Hint while the
    cover stands, a click on one says the pause's words, and Resume brings them back."""
    app = make_app_of(tmp_path, monkeypatch, (1280, 800))
    try:
        scene = friends_on_a_clock(app, "hex")
        play(app, scene, "e5")
        covered = (scene.btn_hint, scene.btn_analysis, scene.btn_tree)
        assert all(button.enabled for button in covered)
        ctrl_p(app)
        app.run_frames(1)
        assert scene.paused and not any(button.enabled for button in covered)
        for button in covered[1:]:
            scene.messages.withdraw("refusal")
            click(app, button.rect.center)
            assert app.scene is scene and PAUSED in [m.text for m in scene.messages.current()], button.label
        ctrl_p(app)
        app.run_frames(1)
        assert all(button.enabled for button in covered)
        assert app.errors == []
    finally:
        app.quit()


def alquerque_draw_counts(plies: int) -> list[str]:
    """The panel's lines on Alquerque's counted draws after ``plies`` of first legal moves."""
    _moves, state = first_legal_line(games.load("alquerque").initial_state(), plies)
    return [line for line, _near in words.draw_counts_lines(state.draw_counts())]


@pytest.mark.parametrize("game_id, moves, keys, told", [
    ("alquerque", first_legal_line(games.load("alquerque").initial_state(), 6)[0], (), alquerque_draw_counts(6)),
    ("reversi", ["f5", "d6", "c3", "d3", "c4"], (), ["Board size: 8 · Opening: Tiger · Clock: 3 min + 0 s"]),
    ("hex", ["e5", "c3"], (pygame.K_v,), ["Useless to both", "Must play here, or lose"]),
])
def test_a_pause_hides_what_the_panel_tells_of_the_position_and_resume_shows_it_again(
        tmp_path, monkeypatch, game_id, moves, keys, told):
    """Paused, the board was covered and the moves hidden, but the panel still counted Alquerque's
    plies without a capture, named Reversi's opening (its moves) and drew Hex's legend of the
    connections (whose mustplay region it names): all hidden until Resume."""
    app = make_app_of(tmp_path, monkeypatch, (1280, 800))
    try:
        scene = friends_on_a_clock(app, game_id)
        play(app, scene, *moves)
        for letter in keys:
            key(app, letter)
        assert set(told) <= set(drawn_once(app, monkeypatch)), told
        ctrl_p(app)
        assert scene.paused
        assert not set(told) & set(drawn_once(app, monkeypatch))
        ctrl_p(app)
        assert not scene.paused and set(told) <= set(drawn_once(app, monkeypatch))
        assert app.errors == []
    finally:
        app.quit()


def test_a_pause_sets_a_hints_note_aside_until_resume(tmp_path, monkeypatch):
    """"Hint: b1 (proven: draw)" stood under the cover of a pause, naming the move for the player
    to think over on stopped clocks; it goes with the pause and is said again, whole, on Resume."""
    app = make_app_of(tmp_path, monkeypatch, (1280, 800))
    try:
        scene = friends_on_a_clock(app, "tictactoe")
        play(app, scene, "b2", "a1")
        key(app, pygame.K_h)
        assert wait(app, lambda: hint_notes(scene))
        ctrl_p(app)
        assert scene.paused and not hint_notes(scene)
        ctrl_p(app)
        assert not scene.paused and hint_notes(scene) == ["Hint: b1 (proven: draw)"]
        assert app.errors == []
    finally:
        app.quit()


def hint_notes(scene: GameScene) -> list[str]:
    """The hint's notes among the messages the window shows now."""
    return [m.text for m in scene.messages.current() if m.text.startswith("Hint: ")]


@pytest.mark.parametrize("language", ["en", "pt"])
def test_at_800x600_larger_text_the_clocked_panel_shows_every_buttons_key(tmp_path, monkeypatch, language):
    """At Larger text in an 800x600 window a clocked game's Undo, Redo and Pause, one row of
    three, went without U, Y and Ctrl+P (no room beside their labels), keys a player found
    nowhere on the screen.  The row grows to set each key under its label where the move list
    keeps its rows, paused or not; the others' keys stand as ever.  In Portuguese the three go
    two a row with the others, their keys beside their labels, and "Desistir por X" (Ana Maria
    Albuquerque's name cut), a pixel short of room for its Ctrl+R beside "Empate  Ctrl+D", showed
    it nowhere: its row grows to set it under the label (``keys_under_rows``)."""
    from tests.test_ui_room_at_larger import panel_texts
    from ui.scenes.panel_moves import MOVE_ROWS_KEPT

    app = make_app_of(tmp_path, monkeypatch, (800, 600))
    try:
        app.settings.text_size = 1.5
        app.apply_settings()
        with in_language(app, language):
            for game_id in ("tictactoe", "alquerque"):
                scene = friends_on_a_clock(app, game_id)
                row = [scene.btn_undo, scene.btn_redo, scene.btn_pause]
                assert scene.panel.watch_row == (row if language == "en" else [])  # "Anular", "Refazer": two a row
                for paused in (False, True):
                    texts = panel_texts(app, monkeypatch)
                    assert scene.paused is paused
                    for button in (b for b in scene.buttons if b.visible):
                        assert any(text == button.key_hint and button.rect.contains(rect) for text, rect in texts), (
                            game_id, button.label, button.rect, texts)
                    if language == "en":  # the taller row of three costs the move list no row
                        assert len({b.rect.y for b in row}) == 1
                        assert move_rows_shown(scene) >= MOVE_ROWS_KEPT, scene.panel.moves_rect
                    ctrl_p(app)
                scene.close()
        assert app.errors == []
    finally:
        app.quit()


def test_at_800x560_in_portuguese_the_paused_card_says_how_to_go_on(tmp_path, monkeypatch):
    """A paused Hex game at 800x560 in Portuguese: the panel's card said "Os dois relógios estão
    parados: Ctrl+P …", the key's words cut off.  Where the whole tip has no room it says the
    short one, "Ctrl+P continua", as the compact card does."""
    app = make_app_of(tmp_path, monkeypatch, (800, 560))
    try:
        with in_language(app, "pt"):
            scene = friends_on_a_clock(app, "hex")
            ctrl_p(app)
            drawn = drawn_once(app, monkeypatch)
            assert scene.paused
            assert not [text for text in drawn if "Ctrl+P" in text and text.endswith("…")], drawn
            assert any(text.endswith("Ctrl+P continua") for text in drawn), drawn
        assert app.errors == []
    finally:
        app.quit()
