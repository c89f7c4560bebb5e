"""Watching two computers, polished: Hex's watched panel (Take over, Connections and the watch
controls) keeps a readable move list, the watch controls sharing one row; a new watched game
begins at the speed and with the analysis the last one was left with; the Play from here form
centres its board picture beside the form.  Driven by real clicks and key presses."""

from __future__ import annotations

import random

import pygame
import pytest

import games
from tests.ui_helpers import (
    autosaves_written,
    click,
    in_language,
    key,
    make_app,
    make_app_of,
    recorded_text,
    recorded_text_rects,
    recorded_text_sizes,
    wait,
)
from ui.match import HUMAN_VS_PC, PC_VS_PC, MatchSetup
from ui.scenes import play_from
from ui.scenes.game import GameScene
from ui.scenes.game_computer import SPEEDS
from ui.scenes.play_from import PlayFromScene


def watched(app, game_id: str = "hex", moves: list[str] | None = None) -> GameScene:
    """A watched game of ``game_id`` (level 1 against level 2) on the screen."""
    scene = GameScene(app, MatchSetup(game_id, {}, PC_VS_PC, ("level-1", "level-2"), 0.5), moves or [])
    app.switch(scene)
    app.run_frames(2)
    return scene


def move_rows_shown(scene: GameScene) -> int:
    """The whole rows of moves the panel's list has room for, as last drawn."""
    panel = scene.panel
    if not panel.moves_rect.height:
        return 0
    return (panel.moves_rect.height - panel._s(12)) // panel._row_height()


@pytest.mark.parametrize("size", [(1280, 800), (800, 560)])
def test_the_watched_hex_panel_keeps_four_rows_of_moves_and_every_button(tmp_path, monkeypatch, size):
    """With Take over, the connections (V) and their legend, the watched Hex panel had 13 buttons
    in 7 rows and two rows of moves; Pause, Step and Speed now share a row."""
    app = make_app_of(tmp_path, monkeypatch, size)
    try:
        scene = watched(app)
        key(app, pygame.K_v)
        assert scene.connections.active
        app.invalidate()
        app.run_frames(2)
        assert move_rows_shown(scene) >= 4
        shown = [b for b in scene.buttons if b.visible]
        assert all(b.visible for b in (scene.btn_take_over, scene.btn_pause, scene.btn_step, scene.btn_speed))
        assert len({b.rect.y for b in (scene.btn_pause, scene.btn_step, scene.btn_speed)}) == 1  # one row
        for i, button in enumerate(shown):  # each in the panel, clear of the others and of the list
            assert scene.panel.rect.contains(button.rect) and button.rect.width > 0, button.label
            assert not button.rect.colliderect(scene.panel.moves_rect), button.label
            assert all(not button.rect.colliderect(other.rect) for other in shown[i + 1:]), button.label
        before = scene.speed
        click(app, (scene.btn_speed.rect.right - 5, scene.btn_speed.rect.centery))  # its right half: faster
        assert scene.speed == (before + 1) % len(SPEEDS)
        click(app, scene.btn_pause.rect.center)
        assert scene.paused
        assert app.errors == []
    finally:
        app.quit()


def test_at_large_text_in_portuguese_the_watched_hex_panel_keeps_its_rows_of_moves(tmp_path, monkeypatch):
    """At Large text in a 1280x800 window in Portuguese "Pausa", "Passo" and "Normal" had no room
    in one row at the buttons' usual padding: they went two a row, seven rows of buttons over one
    row of moves.  They share one row at less padding, their keys left out (the keys page lists
    them): the move list keeps its rows, every label whole."""
    from ui.scenes.panel_moves import MOVE_ROWS_KEPT

    app = make_app_of(tmp_path, monkeypatch, (1280, 800))
    try:
        app.settings.text_size = 1.25
        app.apply_settings()
        with in_language(app, "pt"):
            scene = watched(app)
            drawn = recorded_text_rects(monkeypatch)
            app.invalidate()
            app.run_frames(1)
            row = (scene.btn_pause, scene.btn_step, scene.btn_speed)
            assert len({b.rect.y for b in row}) == 1 and all(b.rect.width for b in row)
            assert move_rows_shown(scene) >= MOVE_ROWS_KEPT, scene.panel.moves_rect
            assert not [text for text, rect in drawn if text.endswith("…") and scene.panel.rect.contains(rect)]
        assert app.errors == []
    finally:
        app.quit()


def test_the_watch_row_sets_each_label_whole_in_portuguese_at_800x560(tmp_path, monkeypatch):
    """Paused, "Retomar" took the room and "Passo" was cut to "Pa…" beside it."""
    app = make_app_of(tmp_path, monkeypatch, (800, 560))
    try:
        with in_language(app, "pt"):
            scene = watched(app, "tictactoe")
            key(app, pygame.K_SPACE)
            assert scene.paused
            drawn = recorded_text(monkeypatch)
            app.invalidate()
            app.run_frames(1)
            row = (scene.btn_pause, scene.btn_step, scene.btn_speed)
            assert len({b.rect.y for b in row}) == 1
            for button in row:
                assert any(text in button.labels() for text in drawn), (button.labels(), drawn)
        assert app.errors == []
    finally:
        app.quit()


def test_pausing_leaves_the_panels_buttons_where_they_were(tmp_path, monkeypatch):
    """At Larger text in a 900x600 window "Pause" left room for the watch row and "Resume" did
    not: Space moved every button of the panel round."""
    app = make_app_of(tmp_path, monkeypatch, (900, 600))
    try:
        app.settings.text_size = 1.5
        app.apply_settings()
        scene = watched(app)
        places = [b.rect.copy() for b in scene.buttons if b.visible]
        key(app, pygame.K_SPACE)
        assert scene.paused and scene.btn_pause.label == "Resume"
        app.invalidate()
        app.run_frames(1)
        assert [b.rect for b in scene.buttons if b.visible] == places
    finally:
        app.quit()


def test_pausing_leaves_the_watch_row_where_it_was_at_the_usual_size(tmp_path, monkeypatch):
    """At 1280x800, the keys shown, the watch row was shared by what its labels wanted as they
    read then: Space ("Pause" to "Resume") moved Step and Speed a few pixels under the pointer.
    Pause is now measured by the longer of its labels (``Button.steady_width``)."""
    app = make_app_of(tmp_path, monkeypatch, (1280, 800))
    try:
        scene = watched(app)
        row = [b.rect.copy() for b in scene.panel.watch_row]
        assert len(row) == 3 and not any(b.key_left_out for b in scene.panel.watch_row)
        key(app, pygame.K_SPACE)
        assert scene.paused and scene.btn_pause.label == "Resume"
        app.invalidate()
        app.run_frames(1)
        assert [b.rect for b in scene.panel.watch_row] == row
    finally:
        app.quit()


@pytest.mark.parametrize(("size", "language", "text_size"),
                         [((1280, 800), "en", 1.0), ((1024, 768), "pt", 1.0), ((800, 600), "en", 1.5)])
def test_stepping_the_speed_leaves_the_panels_buttons_where_they_were(tmp_path, monkeypatch, size, language,
                                                                      text_size):
    """The Speed button was as wide as its label then: "Speed: Fast" widened it and moved Pause
    and Step beside it under the pointer (at Larger text in 800x600, two a row, Undo beside it;
    in Portuguese "Velocidade: Máxima" took the watch row's room).  It is laid out for the widest
    of its labels now (``every_speed_label``)."""
    app = make_app_of(tmp_path, monkeypatch, size)
    try:
        app.settings.text_size = text_size
        app.apply_settings()
        with in_language(app, language):
            scene = watched(app)
            key(app, pygame.K_SPACE)  # paused: no move changes the panel meanwhile
            places = [b.rect.copy() for b in scene.buttons if b.visible]
            for _speed in SPEEDS:
                speed = scene.btn_speed
                click(app, (speed.rect.right - 5, speed.rect.centery))  # its right half: faster
                app.invalidate()
                app.run_frames(1)
                assert [b.rect for b in scene.buttons if b.visible] == places, speed.label
        assert app.errors == []
    finally:
        app.quit()


def space_drawn(app, monkeypatch, scene: GameScene) -> list[pygame.Rect]:
    """Where the watch row's Pause button draws its key (Space, "Espaço") in a frame drawn afresh."""
    drawn = recorded_text_rects(monkeypatch)
    app.invalidate()
    app.run_frames(1)
    hint = scene.btn_pause.shown_hint()
    return [rect for text, rect in drawn if text == hint and scene.btn_pause.rect.contains(rect)]


@pytest.mark.parametrize("language", ["en", "pt"])
@pytest.mark.parametrize("size", [(1280, 800), (1024, 768)])
def test_pausing_leaves_the_space_key_where_it_was(tmp_path, monkeypatch, language, size):
    """At 1280x800 Space stood beside "Pause" and, paused, under "Resume", which has no room for
    it beside (qa91): the key moved as it was pressed.  It now goes under every label of the
    button where one of them needs it there (``Button._key_under_for_another_label``)."""
    app = make_app_of(tmp_path, monkeypatch, size)
    try:
        with in_language(app, language):
            scene = watched(app)
            playing = space_drawn(app, monkeypatch, scene)
            key(app, pygame.K_SPACE)
            assert scene.paused
            paused = space_drawn(app, monkeypatch, scene)
    finally:
        app.quit()
    assert len(playing) == 1 and paused == playing, (playing, paused)


@pytest.mark.parametrize("language", ["en", "pt"])
@pytest.mark.parametrize("size", [(1280, 800), (1600, 900)])
def test_at_larger_text_the_watch_row_keeps_one_row_without_its_keys(tmp_path, monkeypatch, size, language):
    """At Larger text the watch row's keys (Space, S, +/-) had no room beside or under their
    labels up to 1600x900, and Pause, Step and Speed went two a row with the others, a row and
    a half of buttons more over a shorter move list.  They share one row now, their keys left out
    (the keys page lists them), each label whole at the usual size, paused or not; the keys act
    all the same."""
    from ui import text as tx
    from ui.i18n import _

    app = make_app_of(tmp_path, monkeypatch, size)
    try:
        app.settings.text_size = 1.5
        app.apply_settings()
        with in_language(app, language):
            scene = watched(app)
            row = (scene.btn_pause, scene.btn_step, scene.btn_speed)
            places = [b.rect.copy() for b in scene.buttons if b.visible]
            for paused in (False, True):
                drawn = recorded_text_sizes(monkeypatch)
                app.invalidate()
                app.run_frames(1)
                assert scene.paused is paused
                assert len({b.rect.y for b in row}) == 1 and all(b.rect.width for b in row)
                for button in row:
                    usual = tx.small(button.label_size, scene.panel.scale)
                    assert any(text in button.labels() and text_size == usual for text, text_size in drawn), (
                        button.labels(), drawn)
                    assert not {button.key_hint, _(button.key_hint)} & {text for text, _size in drawn}, button.key_hint
                assert [b.rect for b in scene.buttons if b.visible] == places  # pausing moved nothing
                key(app, pygame.K_SPACE)  # Pause's key, left out of its label, still pauses
        assert app.errors == []
    finally:
        app.quit()


def test_a_new_watched_game_begins_at_the_last_speed_and_analysis(tmp_path, monkeypatch):
    """Only Rematch kept them: a watched game started from New game began at Normal, analysis off;
    a game against the computer keeps its analysis off; the next session remembers them."""
    app = make_app(tmp_path, monkeypatch)
    try:
        scene = watched(app, "tictactoe")
        key(app, pygame.K_PLUS)  # Normal to Fast
        key(app, pygame.K_a)
        assert scene.speed == 2 and scene.analysis.active
        key(app, pygame.K_ESCAPE)  # the board's cursor away, or the menu
        if app.scene is scene:
            key(app, pygame.K_ESCAPE)
        app.show_setup(watch=True, game_id="reversi")
        app.run_frames(2)
        key(app, pygame.K_RETURN)  # Start watching
        second = app.scene
        assert isinstance(second, GameScene) and second is not scene and second.setup.mode == PC_VS_PC
        assert second.game.id == "reversi" and second.speed == 2 and second.analysis.active
        key(app, pygame.K_MINUS)  # Fast to Normal, remembered too
        playing = GameScene(app, MatchSetup("reversi", {}, HUMAN_VS_PC, (None, "level-1"), 0.5))
        app.switch(playing)
        app.run_frames(2)
        assert not playing.analysis.active  # a watcher's analysis is not a player's
        autosaves_written()
    finally:
        app.quit()
    again = make_app(tmp_path, monkeypatch)
    try:
        third = watched(again, "tictactoe")
        assert third.speed == 1 and third.analysis.active
    finally:
        again.quit()


def position_after(game_id: str, plies: int, seed: int = 5) -> list[str]:
    """``plies`` moves of a game from its start, none of them ending it (fewer if it must), picked
    at random from ``seed``."""
    game = games.load(game_id)
    state, texts, rng = game.initial_state(), [], random.Random(seed)
    for _ in range(plies):
        going = [m for m in state.legal_moves() if not state.play(m).is_terminal()]
        if not going:
            break
        move = rng.choice(going)
        texts.append(game.format_move(state, move))
        state = state.play(move)
    return texts


FLAT = (255, 0, 255)  # the form's ground in this test: what is not it beside the form is the picture


@pytest.mark.parametrize("game_id", games.available_ids())
def test_play_from_here_centres_the_board_picture_beside_the_form(app, monkeypatch, game_id):
    """The picture stood at the top of its frame (118 pixels free under it at 1280x800), and a
    Trax board was cut half a row at its top with a band free under it."""
    monkeypatch.setattr(play_from, "backdrop", lambda surface, theme, scale: surface.fill(FLAT))
    scene = watched(app, game_id, position_after(game_id, 23 if game_id == "trax" else 6))
    drawn, frame = picture_taken_over(app, scene)
    assert drawn.width > frame.width // 2
    assert abs(drawn.centerx - frame.centerx) <= 1 and abs(drawn.centery - frame.centery) <= 1, (drawn, frame)
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene


def picture_taken_over(app, scene: GameScene) -> tuple[pygame.Rect, pygame.Rect]:
    """Take over (C) in the watched ``scene``: where the Play from here form's board picture shows
    (what is not the flat ground beside the form), and its frame."""
    key(app, pygame.K_c)
    form = app.scene
    assert isinstance(form, PlayFromScene)
    app.invalidate()
    app.run_frames(1)
    frame = form.board_rect
    beside = app.screen.subsurface(frame).copy()
    beside.set_colorkey(FLAT)
    return beside.get_bounding_rect().move(frame.topleft), frame


def test_a_trax_picture_shows_the_whole_board_where_it_fits(app, monkeypatch):
    """Tiles across all ten columns and six rows: the cells, set by the columns, hold the whole
    board, which was cut a row short at its top (its tiles centred) with a band free under it."""
    monkeypatch.setattr(play_from, "backdrop", lambda surface, theme, scale: surface.fill(FLAT))
    scene = watched(app, "trax", position_after("trax", 22, seed=8))
    drawn, _frame = picture_taken_over(app, scene)
    assert drawn.width == drawn.height, drawn  # the square board, whole


HEX_OPENING = ["a1", "b2", "c3", "d4", "e5", "f6", "a7", "b8"]


def thinking_cards_drawn(app, monkeypatch) -> list[bool]:
    """For each thinking card one whole frame draws: whether it was compact (on one line)."""
    from ui.scenes.game_panel import GamePanel

    cards: list[bool] = []
    draw = GamePanel._thinking

    def recording(panel, surface, x, y, w, compact=False, reason=()):
        cards.append(compact)
        return draw(panel, surface, x, y, w, compact, reason)

    with monkeypatch.context() as patching:
        patching.setattr(GamePanel, "_thinking", recording)
        app.invalidate()
        app.run_frames(1)
    return cards


def test_a_watched_game_browsed_back_shows_the_browsing_panel_at_1280x800(tmp_path, monkeypatch):
    """Browsed back, a watched Hex game kept its 14 buttons (Pause, Step and Speed, which have no
    move to act on while the game waits for the watcher) and its thinking card on one line.  The
    panel is now the one a person's game shows there: Back to the game, no watch row, the whole
    card; back at the game, the watch row again."""
    app = make_app_of(tmp_path, monkeypatch, (1280, 800))
    try:
        scene = watched(app, moves=HEX_OPENING)
        watch_row = (scene.btn_pause, scene.btn_step, scene.btn_speed)
        key(app, pygame.K_LEFT)
        key(app, pygame.K_LEFT)
        assert scene.browsing == len(HEX_OPENING) - 2
        assert scene.btn_live.visible and scene.btn_take_over.visible and not any(b.visible for b in watch_row)
        assert sum(b.visible for b in scene.buttons) == 11
        assert thinking_cards_drawn(app, monkeypatch) == [False]
        key(app, pygame.K_END)
        assert scene.browsing is None and all(b.visible for b in watch_row) and not scene.btn_live.visible
        assert app.errors == []
    finally:
        app.quit()


def test_a_clocked_watched_game_browsed_back_shows_the_clocks_at_the_move_shown(tmp_path, monkeypatch):
    """The players' cards showed the live clocks beside a position of long before; they show both
    clocks as they stood after the move shown (the start's at the start), none of them running."""
    from ui.clocks import reading_text

    app = make_app_of(tmp_path, monkeypatch, (1280, 800))
    try:
        readings = [(300.0 - 7 * i, 300.0 - 11 * i) for i in range(len(HEX_OPENING) + 1)]
        setup = MatchSetup("hex", {}, PC_VS_PC, ("level-1", "level-2"), 0.5, clock="5m+0s")
        scene = GameScene(app, setup, HEX_OPENING, clock_readings=readings)
        app.switch(scene)
        app.run_frames(2)
        for shown in (len(HEX_OPENING) - 1, 3, 0):
            while scene.shown_plies() > shown:
                key(app, pygame.K_LEFT)
            with monkeypatch.context() as patching:
                drawn = recorded_text(patching)
                app.invalidate()
                app.run_frames(1)
            at = tuple(reading_text(seconds) for seconds in readings[shown])
            assert scene.panel.clock_texts() == at and all(text in drawn for text in at), (shown, at)
        key(app, pygame.K_END)
        assert scene.panel.clock_texts() == tuple(reading_text(s) for s in readings[-1])
    finally:
        app.quit()


def thinking_card_text(app, monkeypatch) -> str:
    """The words one whole frame draws, joined: the thinking card's among them."""
    with monkeypatch.context() as patching:
        drawn = recorded_text(patching)
        app.invalidate()
        app.run_frames(1)
    return " | ".join(drawn)


def test_a_watched_game_browsed_back_shows_the_search_behind_the_move_shown(app, monkeypatch):
    """Browsed back, the thinking card showed the live game's search ("Level 3 is thinking…", or
    its last search) as if about the position on the board: it shows the search that chose the
    move shown, and where no search chose it (the start, moves replayed from a file) which ply is
    browsed, the game waiting.  Back at the game, the live search again."""
    setup = MatchSetup("tictactoe", {"width": 7, "height": 6, "k": 4}, PC_VS_PC, ("level-3", "level-4"), 0.3)
    scene = GameScene(app, setup)
    app.switch(scene)
    scene.speed = 3  # Max: no pause between the moves
    assert wait(app, lambda: len(scene.history) >= 6)
    for _step in range(len(scene.history) - 3):
        key(app, pygame.K_LEFT)
    assert scene.browsing == 3
    shown = thinking_card_text(app, monkeypatch)
    assert "The search that chose move 3" in shown and f"best {scene.history[2].text}" in shown, shown
    assert "is thinking" not in shown and "Last search" not in shown
    key(app, pygame.K_HOME)
    shown = thinking_card_text(app, monkeypatch)
    assert "Browsing the start" in shown and "The game waits: End goes back to it" in shown, shown  # no move 0
    key(app, pygame.K_END)
    assert scene.browsing is None and "Browsing" not in thinking_card_text(app, monkeypatch)


def test_moves_replayed_from_a_file_browsed_back_say_the_ply_browsed(tmp_path, monkeypatch):
    """A game continued from a file keeps no searches of its moves: browsed back, its card says
    which ply is shown and that the game waits, not the live game's search."""
    app = make_app_of(tmp_path, monkeypatch, (800, 560))
    try:
        app.settings.text_size = 1.5  # Larger text: the thinking card on one line
        app.apply_settings()
        scene = watched(app, "tictactoe", ["a1", "b2", "c3", "a2"])
        key(app, pygame.K_LEFT)
        assert scene.browsing == 3 and thinking_cards_drawn(app, monkeypatch) == [True]
        shown = thinking_card_text(app, monkeypatch)
        assert "Browsing move 3" in shown and "is thinking" not in shown, shown
    finally:
        app.quit()


@pytest.mark.parametrize(("language", "headline"), [("en", "Level 4 (O) wins"), ("pt", "Nível 4 (O) ganha")])
def test_a_watched_game_s_result_names_the_engine_that_won(tmp_path, monkeypatch, language, headline):
    """Between two computers the result card said "O wins": which of the two won, the rematch
    swapping their sides?  It names the engine with its side, as a hot-seat game names the friend."""
    app = make_app(tmp_path, monkeypatch)
    try:
        with in_language(app, language):
            won_by_o = ["a1", "b1", "a2", "b2", "c3", "b3"]  # O's column b
            scene = GameScene(app, MatchSetup("tictactoe", {}, PC_VS_PC, ("level-3", "level-4"), 0.5), won_by_o)
            app.switch(scene)
            assert scene.is_over() and scene.winner() == 1
            with monkeypatch.context() as patched:
                drawn = recorded_text(patched)
                app.invalidate()
                app.run_frames(2)
            assert headline in drawn, drawn
    finally:
        app.quit()
