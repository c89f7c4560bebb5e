"""Larger text in the room a screen has: the position editor and the tree explorer at 800x600 show
their lines whole (a short form where the whole one has no room, never a line cut), the editor's
rule options open in Portuguese, and the game's panel is as wide as the scale its text is drawn
at (the board keeps the rest); where the panel's extras give way to Larger text, Alquerque's draw
count comes back near the draw, and the friends' session score is on the result card."""

from __future__ import annotations

import pygame
import pytest

from tests.game_over_helpers import result_card_at_once  # noqa: F401 - the fixture, used by name
from tests.test_tree import built
from tests.test_ui_move_entry import enter_moves
from tests.test_ui_player_names import card_text, named_hotseat
from tests.test_ui_text_size import GAMES, drawn_texts, overlapping
from tests.ui_helpers import (
    down_to_widget,
    in_language,
    key,
    make_app,
    resign_by_keys,
    type_text,
    wait,
    window_given_back,
)
from ui import words
from ui.match import HOTSEAT, MatchSetup
from ui.scenes.game import GameScene
from ui.scenes.panel_layout import SEEN_GROWTH, WIDTH_ROUNDING, panel_width
from ui.scenes.position_editor import PositionEditorScene
from ui.scenes.tree_explorer import TreeExplorerScene


@pytest.fixture
def window(request, tmp_path, monkeypatch):
    """A window of the size asked for (``request.param``) at Text size Larger (Ctrl+plus twice)."""
    app = make_app(tmp_path, monkeypatch, size=request.param)
    app.run_frames(2)
    for _ in range(2):
        key(app, pygame.K_EQUALS, mod=pygame.KMOD_LCTRL)
    assert app.settings.text_size == 1.5
    yield app
    if app.running:
        app.quit()  # the workers a tree's proofs started end with it
    assert not app.errors, app.errors[0]
    window_given_back()


def cut(texts: list[tuple[str, pygame.Rect]]) -> list[str]:
    """The texts drawn cut short with an ellipsis (a search's "…" is a word of its own: "counting…")."""
    return [text for text, _rect in texts if text.endswith("…") and not text.endswith(("counting…", "a contar…"))]


def editor_by_keys(app, game_id: str) -> PositionEditorScene:
    """The position editor opened from New game by its keys: Down to "Set up a position…" (below
    the form's fold at Larger text), then Enter."""
    app.show_setup(game_id=game_id)
    app.run_frames(2)
    down_to_widget(app, app.scene.menu, "set-up-position")
    key(app, pygame.K_RETURN)
    assert isinstance(app.scene, PositionEditorScene), app.errors
    return app.scene


@pytest.mark.parametrize("window", [(800, 600)], indirect=True)
@pytest.mark.parametrize("language", ["en", "pt"])
def test_the_editors_rules_and_key_hints_fit_at_larger_text(window, monkeypatch, language):
    """Alquerque's rule switches in Portuguese were laid out one by one, each before it was made to
    fit the column: pygame-menu refused "Capturas em qualquer direção" and the editor was never
    shown.  The line over the text said "Typing replaces the character under the cursor (Insert:
    in…"; each place the keys go to (Tab) says its keys whole or short, inside the text's width."""
    app = window
    with in_language(app, language):
        editor = editor_by_keys(app, "alquerque")
        assert editor.rules_form is not None
        column = editor.rules_rect
        for widget in editor.rules_form.get_widgets():
            assert widget.get_width() <= column.width, widget.get_title()
        assert editor.area.overwrite  # typing replaces: the longest of the text's hints
        hints = set()
        for _place in range(4):  # the text, the board, the rule options, the buttons
            texts = drawn_texts(app, monkeypatch)
            hint, rect = next((text, rect) for text, rect in texts if rect.topleft == editor.hint_pos)
            assert rect.width <= editor.area.rect.width and not cut([(hint, rect)]), hint
            hints.add(hint)
            key(app, pygame.K_TAB)
        assert len(hints) == 4


@pytest.mark.parametrize("window", [(800, 600)], indirect=True)
@pytest.mark.parametrize("language", ["en", "pt"])
def test_the_editors_word_on_a_text_that_is_no_position_stands_above_its_rule_options(window, monkeypatch,
                                                                                      language):
    """Tic-tac-toe's "Not a position: expected 3 rows of 3 characters (X, O or .)" takes two lines
    under the text at Larger text in a 800x600 window: the second was drawn over the "In a row to
    win" option below it, the room kept there being one line's."""
    app = window
    with in_language(app, language):
        editor = editor_by_keys(app, "tictactoe")
        key(app, pygame.K_DELETE)
        type_text(app, "zz")
        assert editor.record is None and editor.rules_form is not None
        texts = drawn_texts(app, monkeypatch)
        status = [rect for _text, rect in texts if rect.x == editor.area.rect.x and rect.top >= editor.status_y]
        assert len(status) == 2, status  # the line wraps: the case that overlapped
        assert not any(rect.colliderect(editor.rules_rect) for rect in status), (status, editor.rules_rect)
        assert all(rect.bottom <= editor.messages_ceiling() for rect in status)


@pytest.mark.parametrize("window", [(800, 600)], indirect=True)
@pytest.mark.parametrize(("game_id", "language"), [("reversi", "pt"), ("rastros", "pt"), ("rastros", "en"),
                                                   ("hex", "pt")])
def test_the_trees_values_note_is_whole_at_larger_text(window, monkeypatch, game_id, language):
    """In Portuguese at Larger text in a 800x600 window the header's note of what the boxes'
    values are was cut at "à profundi…": the depth they estimate at was lost.  Its short form says
    it; where the course heuristic's unit is long (Rastros' nearness to MAX's goal, Hex's race to
    connect in Portuguese), with the unit in a few words."""
    app = window
    with in_language(app, language):
        app.open_demo(f"game:{game_id}:hotseat")
        key(app, pygame.K_t)
        explorer = app.scene
        assert isinstance(explorer, TreeExplorerScene)
        built(app, explorer)
        texts = drawn_texts(app, monkeypatch)
        note = next((text, rect) for text, rect in texts if text.startswith(("Valores do", "Values")))
        assert note[1].width <= explorer.header.width and not cut([note]), note
        depth = {"pt": "profundidade {n}", "en": "depth {n}"}[language].format(n=explorer.depth)
        assert depth in note[0], note[0]


@pytest.mark.parametrize("window", [(1280, 800)], indirect=True)
def test_the_game_panel_is_as_wide_as_the_scale_it_holds(window):
    """Hex watched in Portuguese at Larger text: laid out at Larger's width the panel held a scale
    its own narrower width did not, and it fell back to Large's scale at Larger's width, the
    board 40 pixels narrower for nothing.  Laid out again until the scale holds at its width."""
    app = window
    with in_language(app, "pt"):
        for game_id in ("hex", "alquerque", "reversi"):
            app.open_demo(f"game:{game_id}:pc-pc:")
            app.run_frames(2)
            panel = app.scene.panel
            assert panel.rect.width == panel_width(app.size, app.scale, panel.scale), (game_id, panel.scale)
            assert app.scene.board_side.area.right == panel.rect.x
            app.scene.close()


@pytest.mark.parametrize("window", [(1280, 800), (1366, 768)], indirect=True)
@pytest.mark.parametrize("language", ["en", "pt"])
def test_every_games_panel_keeps_larger_text_in_a_laptops_window(window, monkeypatch, language):
    """At Larger text at 1280x800 Alquerque's draw count, Trax's three lines of options in
    Portuguese and Hex's watched panel in Portuguese (laid out for "Velocidade" before its button
    read "Velocidade: Normal") held the panel at Large's scale, and at 1366x768 Alquerque and
    Trax at the window's: every game's panel grows now, played and watched, its texts inside it
    and none over another."""
    app = window
    with in_language(app, language):
        for game_id in GAMES:
            for mode in ("human-pc", "pc-pc"):
                app.open_demo(f"game:{game_id}:{mode}::30")
                app.run_frames(2)
                panel = app.scene.panel
                assert panel.scale >= app.scale * SEEN_GROWTH - WIDTH_ROUNDING, (game_id, mode, panel.scale)
                texts = [(text, rect) for text, rect in drawn_texts(app, monkeypatch)
                         if panel.rect.collidepoint(rect.center)]
                assert all(panel.rect.contains(rect) for _text, rect in texts), (game_id, mode)
                assert not overlapping(texts), (game_id, mode, overlapping(texts))
                app.scene.close()


QUIET_LINE = ["d3-c3", "d4-d3", "c3-d4", "c4-c3", "d4-c4", "e4-d4", "e3-e4", "d3-e3", "d2-d3", "c3-d2", "d3-c3",
              "d4-d3", "e4-d4", "e5-e4", "d4-e5", "c5-d4", "c4-c5", "d4-c4", "c3-d4", "b3-c3", "b2-b3", "a3-b2",
              "b3-a3", "c3-b3", "c2-c3", "b2-c2", "c1-b2", "d2-c1", "e2-d2", "e3-e2", "d2-e3", "c2-d2", "b2-c2",
              "b3-b2", "c3-b3", "d3-c3", "e3-d3", "e4-e3"]
"""Alquerque from the usual start: 38 plies without a capture, no position seen twice."""


def panel_texts(app, monkeypatch) -> list[tuple[str, pygame.Rect]]:
    """The texts the game's panel draws in one frame, with where."""
    panel = app.scene.panel
    return [(text, rect) for text, rect in drawn_texts(app, monkeypatch) if panel.rect.collidepoint(rect.center)]


def counts_shown(texts: list[tuple[str, pygame.Rect]], scene: GameScene) -> list[str]:
    """What the panel says of the draw counts in ``texts``: each count's line (or its first
    part, where it takes two lines) drawn."""
    said = [line for line, _near in words.draw_counts_lines(scene.state.draw_counts())]
    return [text for text, _rect in texts
            if any(line.startswith(text) and len(text) > len(line) // 2 for line in said)]


def laid_out_whole(app, texts: list[tuple[str, pygame.Rect]]) -> bool:
    """The panel's texts inside it, none over another, and its move list showing a move."""
    panel = app.scene.panel
    return (all(panel.rect.contains(rect) for _text, rect in texts) and not overlapping(texts)
            and bool(panel.move_cells) and all(panel.moves_rect.contains(cell) for cell, _plies in panel.move_cells))


@pytest.mark.parametrize("window", [(1280, 800), (1366, 768)], indirect=True)
@pytest.mark.parametrize("language", ["en", "pt"])
def test_alquerques_draw_count_comes_back_near_the_draw_at_larger_text(window, monkeypatch, language):
    """At Larger text in a laptop's window the draw count gives way to the text's size, and it was
    gone for the whole game: two plies before the 40-ply draw nothing said it was coming.  From
    ten plies before the draw it takes its line back from the move list (a row of moves at
    least kept), each move typed by the friends at the board, the panel at the scale it had."""
    app = window
    with in_language(app, language):
        app.open_demo(f"game:alquerque:hotseat:{','.join(QUIET_LINE[:29])}")
        app.run_frames(2)
        scene, scale = app.scene, app.scene.panel.scale
        assert scale > app.scale and not counts_shown(panel_texts(app, monkeypatch), scene)  # far: given way
        for move in QUIET_LINE[29:]:
            enter_moves(app, move)
            texts = panel_texts(app, monkeypatch)
            assert counts_shown(texts, scene), (scene.state.quiet, [text for text, _rect in texts])
            assert laid_out_whole(app, texts), scene.state.quiet
            assert scene.panel.scale == scale
        assert scene.state.quiet == 38 and not scene.is_over()


@pytest.mark.parametrize("window", [(1280, 800)], indirect=True)
def test_a_position_seen_the_second_time_brings_its_count_back_at_larger_text(window, monkeypatch):
    """A position's second occurrence is one short of the draw: its count comes back too, far
    from the 40 plies (the pieces on their far rows go sideways and back)."""
    app = window
    start = "to-move: White\nno-capture: 0\nW...B\n.....\n.....\n.....\nW...B\n"
    scene = GameScene(app, MatchSetup("alquerque", {}, HOTSEAT, (None, None), 1.0, start=start))
    app.switch(scene)
    app.run_frames(2)
    for move in ("a5-b5", "e1-d1", "b5-a5"):
        enter_moves(app, move)
    assert not counts_shown(panel_texts(app, monkeypatch), scene)
    enter_moves(app, "d1-e1")
    texts = panel_texts(app, monkeypatch)
    assert scene.state.draw_counts().occurrences == 2
    assert "Position seen 2 times (draw at 3)" in counts_shown(texts, scene) and laid_out_whole(app, texts)


@pytest.mark.parametrize("window", [(1280, 800)], indirect=True)
def test_the_session_score_left_out_at_larger_text_is_on_the_result_card(window, monkeypatch):
    """The friends' running score is one of the extras that give way to Larger text at 1280x800
    (the move list keeps its rows): the result card of each game says it all the same."""
    app = window
    scene = named_hotseat(app, "alquerque")
    resign_by_keys(app)  # Ana (White) resigns: João wins the first game
    card_text(app, monkeypatch, scene)
    key(app, pygame.K_r)  # Rematch: João plays White
    assert not scene.is_over() and scene.sitting.running_line(scene)
    session = "This session: João (White) 1 - 0 Ana (Black) · 0 drawn"
    assert session == scene.sitting.running_line(scene)
    assert session not in [text for text, _rect in panel_texts(app, monkeypatch)]  # given way to the rows
    resign_by_keys(app)  # João resigns: one game each
    card = " ".join(card_text(app, monkeypatch, scene))  # its lines wrapped at the card's width
    assert "This session: João (White) 1 - 1 Ana (Black) · 0 drawn" in card


def keys_under_labels(app, monkeypatch) -> list[str]:
    """The panel's buttons drawn with their key hint on a row under their label, not beside it."""
    texts = panel_texts(app, monkeypatch)
    under = []
    for button in (b for b in app.scene.buttons if b.visible and b.shown_hint()):
        inside = [(text, rect) for text, rect in texts if button.rect.contains(rect)]
        hints = [rect for text, rect in inside if text == button.shown_hint()]
        labels = [rect for text, rect in inside if text != button.shown_hint()]
        if hints and labels and hints[0].top >= labels[0].centery:
            under.append(button.label)
    return under


def keys_nowhere(app, monkeypatch) -> list[str]:
    """The panel's buttons that draw their key hint nowhere on them, beside or under the label."""
    texts = panel_texts(app, monkeypatch)
    return [button.label for button in app.scene.buttons if button.visible and button.shown_hint()
            and not any(text == button.shown_hint() and button.rect.contains(rect) for text, rect in texts)]


def grid_label_size(app) -> int:
    """The one size of the labels in the grid of the panel's buttons (its last, Menu, is in it)."""
    last = [button for button in app.scene.buttons if button.visible][-1]
    return last._grid_size(app.scene.panel.scale)


@pytest.mark.parametrize("window", [(1024, 768)], indirect=True)
@pytest.mark.parametrize("language", ["en", "pt"])
def test_the_panels_keys_stand_beside_their_labels_at_larger_text_in_1024x768(window, monkeypatch, language):
    """At Larger text in Portuguese at 1024x768 a watched game's panel set "Anular" with its U on
    a row under it, every label of the grid at 12 pixels (and a friends' game just over "Trocar de
    lados" over its R, at 14): in rows shared by what the labels take a point or two smaller,
    every key stands beside its label, the labels at 15 pixels."""
    app = window
    with in_language(app, language):
        for game_id in GAMES:
            app.open_demo(f"game:{game_id}:pc-pc::30")
            app.run_frames(2)
            assert keys_under_labels(app, monkeypatch) == [], game_id
            assert grid_label_size(app) >= 15, (game_id, grid_label_size(app))
            app.scene.close()


@pytest.mark.usefixtures("result_card_at_once")
@pytest.mark.parametrize("window", [(1024, 749), (1024, 768), (1366, 768)], indirect=True)
@pytest.mark.parametrize("language", ["en", "pt"])
def test_every_key_shows_on_the_panel_of_a_finished_game_after_view_board(window, monkeypatch, language):
    """After View board (B) on a finished game at Larger text in the maximised 1024x768 window
    (1024x749), "Resultado" showed no Enter beside "Trocar de lados  R", and in English at
    1024x768 "Search tree" and "Legal moves" showed no key at all, where "Tree  T" fits: a
    shorter form with its key beside it, rather than a label with its key nowhere."""
    from tests.test_ui_game import finished

    app = window
    with in_language(app, language):
        for game_id in ("reversi", "hex"):
            scene = finished(app, game_id)
            assert wait(app, scene.over_card.visible, 10)
            key(app, pygame.K_b)  # View board
            assert not scene.over_card.visible() and scene.btn_result.visible
            assert keys_nowhere(app, monkeypatch) == [], game_id
