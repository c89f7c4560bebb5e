"""A family on a touch screen: a convertible in tablet mode, no keyboard, no mouse, only fingers.

SDL 2 turns a touch into mouse events marked ``touch`` and sends the finger's own events beside
them (``tests.ui_helpers.tap`` and ``finger_drag`` post both, as SDL does): a tap must act once,
and what a mouse does with its wheel (scroll the move list, the saved games, a rules page, a
form) a finger does by dragging."""

from __future__ import annotations

import pygame

from tests.test_ui_game import finished, hotseat
from tests.ui_helpers import finger_drag, key, tap, wait


def test_a_tap_on_the_board_plays_one_move(app):
    """The touch's mouse events play the move; the finger's own events beside them play nothing
    more: one tap, one mark."""
    scene = hotseat(app, "tictactoe", ())
    tap(app, scene.view.rect.center)  # b2
    assert [ply.text for ply in scene.history] == ["b2"]


def test_a_childs_double_tap_plays_one_move_and_keeps_the_turn(app):
    """Two quick taps on one square: the second is the other side's try on a taken square,
    refused; the game goes on, the other side still to move."""
    scene = hotseat(app, "tictactoe", ())
    where = scene.view.rect.center  # b2
    tap(app, where, frames=0)
    tap(app, where)
    assert [ply.text for ply in scene.history] == ["b2"] and scene.state.to_move == 1


def finished_with_its_card_put_away(app, game_id: str = "reversi"):
    """A finished game, its result card put away (View board).  The card comes ``OVER_DELAY``
    after the last move, once that move is drawn in place, and takes the pointer: on a loaded
    machine it came up in the middle of a test's drags and taps, which it swallowed, so it is
    waited for and put away first, as a player does."""
    scene = finished(app, game_id)
    assert wait(app, scene.over_card.visible)
    key(app, pygame.K_b)  # the card's View board
    assert not scene.over_card.visible()
    return scene


def moves_list_scrolled_back(app, game_id: str = "reversi"):
    """A finished game whose move list is longer than its box, shown at its end (as it follows the
    newest move), its result card put away."""
    scene = finished_with_its_card_put_away(app, game_id)
    assert scene.panel.offset > 0, "the list fits: nothing to scroll"
    return scene


def test_a_finger_dragged_down_the_move_list_scrolls_it_back(app):
    scene = moves_list_scrolled_back(app)
    box, before = scene.panel.moves_rect, scene.panel.offset
    finger_drag(app, [(box.centerx, box.top + 20), (box.centerx, box.top + 60), (box.centerx, box.bottom - 10)])
    rows = (box.bottom - 10 - box.top - 20) // scene.panel._row_height()
    assert scene.panel.offset == max(0, before - rows)
    assert scene.browsing is None, "the drag showed the move it began on"


def test_a_finger_dragged_up_the_move_list_scrolls_it_on(app):
    scene = moves_list_scrolled_back(app)
    box = scene.panel.moves_rect
    for _drag in range(10):  # back to its start ...
        finger_drag(app, [(box.centerx, box.top + 10), (box.centerx, box.bottom - 10)])
    assert scene.panel.offset == 0
    finger_drag(app, [(box.centerx, box.bottom - 10), (box.centerx, box.bottom - 100)])  # ... and on
    rows = 90 // scene.panel._row_height()
    assert scene.panel.offset == rows and scene.browsing is None


def test_a_tap_on_a_move_of_the_list_still_shows_the_position_after_it(app):
    """A fingertip rolls a few pixels as it taps: still a tap, not a drag."""
    scene = moves_list_scrolled_back(app)
    rect, plies = scene.panel.move_cells[0]
    finger_drag(app, [rect.center, (rect.centerx, rect.centery + 3)])
    assert scene.browsing == plies


def long_saved_list(app):
    """Saved games with more rows than the screen shows, opened at its top."""
    from tests.test_ui_records import open_list, saved_games

    saved_games(12)
    scene = open_list(app)
    assert scene.loading is False and 0 < scene.shown < len(scene.entries)
    return scene


def test_a_finger_dragged_up_the_saved_games_scrolls_them_and_opens_none(app):
    from ui.scenes.records import RecordsScene

    scene = long_saved_list(app)
    rows = scene.entries[:2]
    pitch = rows[1].rect.top - rows[0].rect.top
    finger_drag(app, [rows[1].rect.center, (rows[1].rect.centerx, rows[1].rect.centery - pitch - 5)])
    assert app.scene is scene and isinstance(scene, RecordsScene), "the drag opened the row it began on"
    assert scene.scroll == 1
    top = scene.rows_stop.rect.midtop
    finger_drag(app, [(top[0], top[1] + 10), (top[0], top[1] + 10 + 3 * pitch)])
    assert scene.scroll == 0  # dragged down: back to the top, and no further


def test_a_tap_on_a_saved_game_chooses_it_with_its_delete_and_a_second_tap_opens_it(app):
    """The Delete button showed on the row under the pointer, and a finger's tap on a row opened
    it: a touch screen could not reach Delete.  A first tap chooses the row (as the arrow keys
    do) and shows its Delete; a tap on the row chosen opens it."""
    from ui.scenes.replay import ReplayScene

    scene = long_saved_list(app)
    row = scene.entries[1]
    tap(app, row.rect.center)
    assert app.scene is scene and scene.selected == 1
    assert scene.delete_button.visible and row.rect.contains(scene.delete_button.rect)
    tap(app, row.rect.center)
    assert isinstance(app.scene, ReplayScene) and app.scene.record.moves == ["b2", "a1"]


def test_a_saved_game_is_deleted_by_fingers_alone(app):
    scene = long_saved_list(app)
    row = scene.entries[2]
    path, count = row.path, len(scene.entries)
    tap(app, row.rect.center)
    tap(app, scene.delete_button.rect.center)
    assert scene.confirming == path and path.exists() and app.scene is scene
    tap(app, scene.delete_button.rect.center)
    assert not path.exists() and len(scene.entries) == count - 1 and app.scene is scene


def test_a_mouse_click_on_a_saved_game_still_opens_it_at_once(app):
    from tests.ui_helpers import click
    from ui.scenes.replay import ReplayScene

    scene = long_saved_list(app)
    click(app, scene.entries[1].rect.center)
    assert isinstance(app.scene, ReplayScene)


def test_a_finger_dragged_up_a_rules_page_scrolls_it_as_far_as_it_went(app):
    """A rules page longer than its card had only the wheel and the keys: in tablet mode the rest
    of Alquerque's rules could not be read."""
    app.show_rules("alquerque")
    app.run_frames(2)
    page = app.scene
    assert page._content_height() > page.text_rect.height
    x, bottom = page.text_rect.centerx, page.text_rect.bottom - 20
    finger_drag(app, [(x, bottom), (x, bottom - 50), (x, bottom - 150)])
    assert page.offset == 150
    finger_drag(app, [(x, bottom - 150), (x, bottom)])
    assert page.offset == 0


def test_a_finger_dragged_up_the_new_game_form_scrolls_it_and_steps_no_selector(app):
    """New game's form is longer than its card (the computer's level under the fold): a finger
    dragged on it scrolls it, and the selector it began and ended on is not stepped."""
    from tests.test_ui_click_without_motion import new_game, right_half
    from tests.test_ui_form_scroll import cut_rows

    scene = new_game(app)
    area = scene.menu.get_scrollarea()
    assert area.get_hidden_height() > 40, "the form fits: nothing to scroll"
    width = scene.menu.get_widget("opt-width")
    before = width.get_value()
    x, y = right_half(scene.menu, "opt-width")
    finger_drag(app, [(x, y), (x, y - 20), (x, y - 40)])
    # the form followed the finger 40 pixels, then, let go, went on to the nearer edge of the row
    # the view's top cut (tests/test_ui_form_scroll.py): no more than half a row further
    assert abs(area.get_offsets()[1] - 40) <= 20 and cut_rows(scene.menu) == []
    assert width.get_value() == before, "the drag's release stepped the selector"
    finger_drag(app, [(x, y - 40), (x, y + 200)])
    assert area.get_offsets()[1] == 0


def test_a_tap_on_a_selector_of_new_game_still_steps_it(app):
    from tests.test_ui_click_without_motion import new_game, right_half

    scene = new_game(app)
    width = scene.menu.get_widget("opt-width")
    tap(app, right_half(scene.menu, "opt-width"))
    assert width.get_value()[0][1] == 4


def test_taps_on_the_board_while_the_computer_thinks_play_nothing(app, computer_thinks_until_told):
    """A child taps away while the computer (level 1, Black) chooses its first move: no move is
    played for the child, nothing breaks, and once the computer has moved a tap plays."""
    from tests.ui_helpers import wait
    from ui.match import HUMAN_VS_PC, MatchSetup
    from ui.scenes.game import GameScene

    scene = GameScene(app, MatchSetup("reversi", {}, HUMAN_VS_PC, ("level-1", None), 0.5, seed=1), [])
    app.switch(scene)
    assert wait(app, lambda: computer_thinks_until_told.asked() == 1)  # its search under way
    for target in [rect.center for _key, rect in scene.view.targets(scene.state)][::7]:
        tap(app, target, frames=0)
    app.run_frames(3)  # the taps heard, the computer still thinking
    assert scene.history == [] and scene.computer.thinking() and app.errors == []
    computer_thinks_until_told.release()
    assert wait(app, lambda: len(scene.history) == 1)
    app.run_frames(2)
    assert scene.history[0].by_computer and scene.state.to_move == 1
    legal = scene.state.legal_moves()[0]
    cell = next(rect.center for key, rect in scene.view.targets(scene.state)
                if scene.view.move_at(scene.state, *key) == legal)
    scene.view.finish_animation()
    tap(app, cell)
    assert len(scene.history) == 2 and not scene.history[1].by_computer


def test_an_alquerque_chain_is_played_by_a_finger_hop_by_hop(app):
    """c4xe4xe2 by a finger: dragged from c4 to e4, then from e4, where the piece now stands, to e2."""
    from tests.test_ui_board_cursor import CHAIN
    from tests.test_ui_drag import open_game, point

    scene = open_game(app, "alquerque", CHAIN)
    for start, end in (("c4", "e4"), ("e4", "e2")):
        a, b = point(scene, start), point(scene, end)
        finger_drag(app, [a, ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2), b])
    assert [p.text for p in scene.history[len(CHAIN):]] == ["c4xe4xe2"]


def test_a_piece_picked_by_a_tap_is_dropped_by_a_second_tap_on_it(app):
    """A finger has no right button (the mouse's way to drop a half-entered move): a second tap on
    the piece picked drops it, and nothing is played."""
    from tests.test_ui_board_cursor import CHAIN
    from tests.test_ui_drag import open_game, point

    scene = open_game(app, "alquerque", CHAIN)
    tap(app, point(scene, "c4"))
    assert scene.view.has_partial_input()
    tap(app, point(scene, "c4"))
    assert not scene.view.has_partial_input() and len(scene.history) == len(CHAIN)


def test_the_game_screens_buttons_are_a_fingertip_high_on_a_small_touch_laptop(tmp_path, monkeypatch):
    """At 1366x768, a convertible's screen, Undo and the other buttons were 36 pixels high, under
    a fingertip's 40; they are 40 now, and the move list keeps rows to show."""
    from tests.ui_helpers import make_app

    app = make_app(tmp_path, monkeypatch, size=(1366, 768))
    try:
        scene = finished(app, "reversi")
        app.run_frames(2)
        heights = {button.label: button.rect.height for button in scene.buttons if button.visible}
        assert min(heights.values()) >= 40, heights
        assert len(scene.panel.move_cells) >= 8  # four rows of two moves
    finally:
        app.quit()
    assert not app.errors


def test_a_finger_on_the_replays_slider_a_little_above_its_bar_takes_it(tmp_path, monkeypatch):
    """The replay's slider took a press within 8 pixels of its 7-pixel bar: 23 pixels, where a
    fingertip is 40.  The strip between the board and the buttons takes it now; the buttons under
    it still take their own taps."""
    from tests.ui_helpers import make_app
    from ui.scenes.replay import ReplayScene

    app = make_app(tmp_path, monkeypatch, size=(1366, 768))
    try:
        game = finished(app, "reversi")
        app.open_replay(game.recorder.record, ply=0)
        app.run_frames(2)
        replay = app.scene
        assert isinstance(replay, ReplayScene) and replay.ply == 0
        bar = replay.slider.rect
        tap(app, (bar.centerx, bar.top - 15))
        assert replay.ply == replay.slider.value_at(bar.centerx) > 0
        tap(app, (bar.left + bar.width // 4, bar.bottom + 15))
        assert replay.ply == replay.slider.value_at(bar.left + bar.width // 4)
        start = replay.buttons[0]
        tap(app, start.rect.midtop)
        assert replay.ply == 0, "the button under the slider lost its tap"
    finally:
        app.quit()
    assert not app.errors


def test_a_tap_whose_fingertip_rolls_still_picks_the_piece(app):
    """A fingertip rolls as it taps: on an Alquerque piece the tap moved 14 pixels, which made it a
    drag to the piece's own point, and the piece was picked and put back at once: the child's tap
    did nothing.  Let go on the place pressed, it is a tap, however far it went meanwhile."""
    from tests.test_ui_board_cursor import CHAIN
    from tests.test_ui_drag import open_game, point

    scene = open_game(app, "alquerque", CHAIN)
    x, y = point(scene, "c4")
    finger_drag(app, [(x, y), (x + 5, y + 4), (x + 8, y + 6)])
    assert scene.view.has_partial_input(), "the tap picked nothing"
    finger_drag(app, [(x, y), (x + 30, y - 20), (x - 6, y + 5)])  # away and back: a tap again
    assert not scene.view.has_partial_input() and len(scene.history) == len(CHAIN)  # the second tap puts it back


def test_a_game_against_level_2_is_set_up_by_fingers_alone_at_1366x768(tmp_path, monkeypatch):
    """The family's way in, no keyboard and no wheel: Play, the Reversi card, the form dragged to
    its end (the options' notes under the computer's level) and back, a tap on the level's left
    arrow (Level 3 to Level 2), Start: a game against level 2."""
    from tests.test_ui_click_without_motion import centre
    from tests.ui_helpers import make_app
    from ui.scenes.game import GameScene
    from ui.scenes.setup import SetupScene

    app = make_app(tmp_path, monkeypatch, size=(1366, 768))
    try:
        app.run_frames(2)
        tap(app, centre(app.scene.menu, "play"))
        setup = app.scene
        assert isinstance(setup, SetupScene)
        tap(app, setup.cards.rects[[info.id for info in setup.cards.infos].index("reversi")].center)
        area = setup.menu.get_scrollarea()
        view = area.get_absolute_view_rect()
        assert area.get_hidden_height() > 0, "the form fits: nothing to drag"
        finger_drag(app, [(view.centerx, view.bottom - 20), (view.centerx, view.top + 20)])
        assert area.get_offsets()[1] == area.get_hidden_height()
        finger_drag(app, [(view.centerx, view.top + 20), (view.centerx, view.bottom - 20)])
        assert area.get_offsets()[1] == 0
        level = setup.menu.get_widget("computer")
        where = level.get_rect(to_real_position=True)
        assert view.contains(where)
        tap(app, (where.left + level._title_size + 15, where.centery))  # the value's left arrow, after the title
        tap(app, setup.start_button.rect.center)
        game = app.scene
        assert isinstance(game, GameScene) and game.setup.game_id == "reversi"
        assert game.setup.players == (None, "level-2")
    finally:
        app.quit()
    assert not app.errors


def test_a_button_tapped_is_not_left_lit_under_a_lifted_finger(app):
    """After a tap on Undo it stayed drawn hovered (lighter, its border in the accent): SDL leaves
    the pointer where the finger was, and no motion came to take it off.  A click of the mouse,
    whose pointer stays over the button, still leaves it hovered."""
    scene = hotseat(app, "tictactoe", ("b2", "a1", "c3"))
    undo = scene.btn_undo
    tap(app, undo.rect.center)
    assert len(scene.history) == 2 and not undo.hovered
    from tests.ui_helpers import click

    click(app, undo.rect.center)
    assert len(scene.history) == 1 and undo.hovered


def test_hexs_swap_is_a_tap_on_blues_first_stone(app):
    """No right click nor key is needed for the swap: Red taps Blue's first stone."""
    from ui.match import HOTSEAT, MatchSetup
    from ui.scenes.game import GameScene

    scene = GameScene(app, MatchSetup("hex", {"size": 5, "swap": True}, HOTSEAT, (None, None), 0.1), ["c2"])
    app.switch(scene)
    app.run_frames(2)
    scene.view.finish_animation()
    stone = next(rect.center for key, rect in scene.view.targets(scene.state) if key == scene.state.swap_cell())
    tap(app, stone)
    assert [ply.text for ply in scene.history] == ["c2", "swap"]


def test_a_steppers_arrow_tapped_is_not_left_lit_under_a_lifted_finger(app):
    """The saved games' game stepper stepped by a tap on its right arrow kept that arrow in the
    accent, as if pointed at, until the next touch; the mouse's click leaves it lit."""
    from tests.ui_helpers import click

    scene = long_saved_list(app)
    stepper = scene.game_stepper
    right = (stepper.rect.right - 10, stepper.rect.centery)
    before = scene.filter.game
    tap(app, right)
    assert scene.filter.game != before, "the tap did not step"
    assert stepper.lit_arrow() is None and not stepper.hovered
    click(app, right)
    assert stepper.lit_arrow() == 1


def trax_picker_open(app):
    """A Trax game whose first cell with more than one tile has its picker open, by a tap."""
    scene = hotseat(app, "trax", ())
    view = scene.view
    cell = next(divmod(move // 16, view.cols) for move in scene.state.legal_moves()
                if len(view._moves_at(scene.state, *divmod(move // 16, view.cols))) > 1)
    tap(app, view.cell_rect(*cell).center)
    assert view.picker is not None and not scene.history
    return scene


def test_a_trax_tile_tapped_once_shows_its_forced_tiles_and_tapped_again_is_placed(app, monkeypatch):
    """A finger has no hover: a tap on a tile of the picker placed it at once, its forced tiles
    never seen.  The first tap now shows it (its turn ghosted, its name and forced cells said),
    a tap on another tile shows that one, and a second tap on the one shown places it."""
    scene = trax_picker_open(app)
    view = scene.view
    (first, one), (second, other) = view._picker_rects()[:2]
    assert "tap it again" in view.status_text(scene.state)
    ghosted = []  # the turns drawn ghosted on the board
    ghost = view._draw_ghost_turn
    monkeypatch.setattr(view, "_draw_ghost_turn", lambda surface, state, move, *args: (
        ghosted.append(move), ghost(surface, state, move, *args)))
    tap(app, first.center)
    assert not scene.history and view.picker is not None
    app.invalidate()
    app.run_frames(1)
    assert ghosted and ghosted[-1] == one, "the tile tapped was not shown with its forced tiles"
    tap(app, second.center)
    app.invalidate()
    app.run_frames(1)
    assert not scene.history and ghosted[-1] == other
    tap(app, second.center)
    assert [ply.move for ply in scene.history] == [other] and view.picker is None


def test_a_mouse_click_on_a_trax_tile_still_places_it_at_once(app):
    from tests.ui_helpers import click

    scene = trax_picker_open(app)
    view = scene.view
    click(app, view.cell_rect(*divmod(view.picker[0], view.cols)).center)  # the picker opened by the mouse
    rect, move = view._picker_rects()[0]
    click(app, rect.center)
    assert [ply.move for ply in scene.history] == [move]


def test_the_move_lists_rows_are_a_fingertip_high_once_a_finger_is_used(tmp_path, monkeypatch):
    """At 1366x768 a move-list row was 21 pixels: a fingertip over three plies picked the wrong
    one.  Once the last press was a finger's the rows are 34 (3 shown at a Reversi game's end,
    5 with the mouse's rows); a tap low in a row picks that row's ply; a click of the mouse
    brings the line-high rows back.  The result card is put away first: come up between two taps
    on a loaded machine, it covered the list and took the tap meant for a row."""
    from tests.ui_helpers import click, make_app

    app = make_app(tmp_path, monkeypatch, size=(1366, 768))
    try:
        scene = finished_with_its_card_put_away(app)
        assert max(rect.height for rect, _plies in scene.panel.move_cells) < 30
        tap(app, scene.view.rect.center)  # the finished board just looks
        app.invalidate()
        app.run_frames(2)
        cells = scene.panel.move_cells
        assert len(cells) >= 4 and min(rect.height for rect, _plies in cells) >= 32
        rect, plies = cells[0]
        tap(app, (rect.centerx, rect.top + 30))
        assert scene.browsing == plies
        click(app, scene.view.rect.center)
        app.invalidate()
        app.run_frames(2)
        assert max(rect.height for rect, _plies in scene.panel.move_cells) < 30
    finally:
        app.quit()
    assert not app.errors


def _editor_of(app, game_id: str, **options):
    """The position editor on ``game_id``'s usual start under ``options``, shown."""
    import games
    from ui.scenes.position_editor import PositionEditorScene

    game = games.load(game_id, **options)
    editor = PositionEditorScene(app, game_id, options, game.to_text(game.initial_state()), lambda record: None)
    app.switch(editor)
    app.run_frames(2)
    return editor


def test_a_finger_dragged_up_the_position_editors_text_shows_its_last_lines_and_writes_nothing(tmp_path, monkeypatch):
    """A Hex board of 19 is 20 lines, where the editor's text shows 18 at 1366x768: the last rows
    scrolled into view with the caret only, by the arrow keys, or by a tap on the board, which wrote
    a stone there.  A finger dragged up the text brings them; dragged down, the first ones again."""
    from tests.ui_helpers import make_app

    app = make_app(tmp_path, monkeypatch, size=(1366, 768))
    try:
        editor = _editor_of(app, "hex", size=19)
        area, text = editor.area, editor.area.text
        _width, line, _columns, rows = area._metrics()
        hidden = len(area.lines) - rows
        assert hidden > 0 and area.top == 0, "the text fits: nothing to scroll"
        x, y = area.rect.centerx, area.rect.bottom - 20
        finger_drag(app, [(x, y), (x, y - line // 2), (x, y - 5 * line)])
        assert area.top == hidden and area.text == text  # the last line at the bottom, and no further
        assert area.top <= area.row < area.top + rows, "the caret was left out of sight"
        finger_drag(app, [(x, area.rect.top + 20), (x, area.rect.top + 20 + 5 * line)])
        assert area.top == 0 and area.text == text
    finally:
        app.quit()
    assert not app.errors


def test_a_finger_dragged_left_on_a_wide_trax_text_shows_its_rows_ends(tmp_path, monkeypatch):
    """Trax's board of 25 is written in rows of 124 characters: their ends showed only as the
    caret went there.  A finger dragged to the left brings them; a tap still puts the caret."""
    from tests.ui_helpers import make_app

    app = make_app(tmp_path, monkeypatch, size=(1366, 768))
    try:
        editor = _editor_of(app, "trax", size=25)
        area = editor.area
        width, line, columns, _rows = area._metrics()
        longest = max(len(text) for text in area.lines)
        assert longest > columns and area.left == 0, "the rows fit: nothing to scroll"
        x, y = area.rect.right - 20, area.rect.centery
        finger_drag(app, [(x, y), (x - 300 * width, y)])
        assert area.left == longest + 1 - columns  # the longest row's end, and its caret's place after it
        row = area.row  # a row of the board (the caret's, kept as the text went left)
        assert len(area.lines[row]) == longest
        tap(app, (area.rect.x + area.size // 2 + 3 * width + width // 3,
                  area.rect.y + area.size // 2 + (row - area.top) * line + line // 3))
        assert (area.row, area.col) == (row, longest + 1 - columns + 3)
    finally:
        app.quit()
    assert not app.errors
