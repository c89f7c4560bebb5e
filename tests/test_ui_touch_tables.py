"""A finger scrolls the search tree and a tournament's tables: on a touch screen (no wheel, no
Shift, no arrow keys) a tree wider or deeper than its canvas, and a class's crosstable, standings
and latest results longer than their panels, showed their first part only.  A drag pans them, a
tap still opens a node or a result (``tests.ui_helpers.finger_drag`` and ``tap`` post SDL 2's
events for a touch)."""

from __future__ import annotations

from tests.test_tree import deep_tree_in_a_small_window
from tests.test_tree_draw import _wide_root
from tests.test_ui_tournament import class_league, class_of_thirty_listed
from tests.ui_helpers import finger_drag, make_app, tap
from ui.scenes.tree_drawing import node_metrics


def test_a_finger_dragged_across_the_search_tree_pans_it_and_opens_no_node(app):
    explorer = _wide_root(app)
    canvas = explorer.canvas
    start, scroll = (canvas.right - 40, canvas.centery), explorer.scroll
    shown = {id(node) for _rect, node in explorer.node_rects}
    opened = set(explorer.open)
    finger_drag(app, [start, (start[0] - 100, start[1]), (start[0] - 300, start[1])])
    assert explorer.scroll > scroll and {id(node) for _rect, node in explorer.node_rects} != shown
    assert explorer.open == opened, "the drag's release opened or closed the node it began on"
    finger_drag(app, [(start[0] - 300, start[1]), start])
    assert abs(explorer.scroll - scroll) < node_metrics(explorer.scale)[2]  # back, to a whole column


def test_a_finger_dragged_up_a_deep_search_tree_shows_its_lower_plies(app):
    """At 800x560 a depth-7 tree has a ply under the canvas: dragged up a ply's height, it shows."""
    explorer = deep_tree_in_a_small_window(app)
    app.run_frames(2)
    assert explorer.tall and explorer.first_ply == 0
    level = node_metrics(explorer.scale)[3]
    x, bottom = explorer.canvas.centerx, explorer.canvas.bottom - 10
    finger_drag(app, [(x, bottom), (x, bottom - level // 2), (x, bottom - level - 5)])
    assert explorer.first_ply == 1
    finger_drag(app, [(x, bottom - level - 5), (x, bottom)])
    assert explorer.first_ply == 0


def test_a_tap_on_a_node_whose_fingertip_rolls_still_opens_it(app):
    explorer = _wide_root(app)
    rect, node = next((r, n) for r, n in explorer.node_rects if n.children and id(n) not in explorer.open)
    finger_drag(app, [rect.center, (rect.centerx + 4, rect.centery + 3)])
    assert id(node) in explorer.open and explorer.selected is node


def _league(tmp_path, monkeypatch, players: int = 26, size: tuple[int, int] = (800, 560)):
    """The window showing a finished league of ``players`` (``class_league``), at ``size``."""
    app = make_app(tmp_path, monkeypatch, size=size)
    scene, _ids = class_league(app, tmp_path, players)
    app.invalidate()
    app.frame()
    return app, scene


def test_a_finger_dragged_on_the_crosstable_scrolls_its_rows_and_columns(tmp_path, monkeypatch):
    app, scene = _league(tmp_path, monkeypatch)
    try:
        column_w, row_h = scene.pitches["cross"]
        area = scene.cross_area
        x, y = area.right - 20, area.bottom - 20
        assert scene.cross_rows.hidden[1] > 0 and scene.cross_columns.hidden[1] > 0
        finger_drag(app, [(x, y), (x - column_w, y - row_h), (x - 2 * column_w - 2, y - 2 * row_h - 2)])
        assert (scene.cross_columns.first, scene.cross_rows.first) == (2, 2)
        assert scene.pair is None, "the drag's release listed the games of the cell it ended on"
        finger_drag(app, [(x - 2 * column_w, y - 2 * row_h), (x, y)])
        assert (scene.cross_columns.first, scene.cross_rows.first) == (0, 0)
    finally:
        app.quit()
    assert not app.errors


def test_a_finger_dragged_up_the_standings_brings_the_last_places(tmp_path, monkeypatch):
    app, scene = _league(tmp_path, monkeypatch)
    try:
        _column, row_h = scene.pitches["standings"]
        area = scene.standings_area
        x, y = area.centerx, area.bottom - 10
        assert scene.standings_scroll.hidden[1] > 0
        finger_drag(app, [(x, y), (x, y - 3 * row_h - 3)])
        assert scene.standings_scroll.first == 3
        finger_drag(app, [(x, y - 200), (x, y)])
        assert scene.standings_scroll.first == 0
    finally:
        app.quit()
    assert not app.errors


def test_a_finger_dragged_up_the_latest_results_brings_older_ones_and_a_tap_opens_one(tmp_path, monkeypatch):
    app, scene = _league(tmp_path, monkeypatch, players=8, size=(1366, 768))
    try:
        _column, line_h = scene.pitches["recent"]
        area = scene.recent_area
        x, y = area.centerx, area.bottom - 10
        assert len(scene.recent) > scene.recent_fits
        watching = scene.watching
        finger_drag(app, [(x, y), (x, y - 2 * line_h - 3)])
        assert scene.recent_scroll == 2 and scene.watching == watching, "the drag opened a result"
        assert scene._recent_rects[0][1] == scene.recent[-3][0]  # newest first: two newer above it
        rect, number, _text = scene._recent_rects[1]
        tap(app, rect.center)
        assert scene.watching == number and scene.pinned
    finally:
        app.quit()
    assert not app.errors


def _class_in_the_grid(tmp_path, monkeypatch):
    """The tournament's setup at 1366x768 with a class's thirty files beside our players: more
    participants than the grid shows, opened at its top."""
    app = make_app(tmp_path, monkeypatch, size=(1366, 768))
    scene = class_of_thirty_listed(app)
    assert scene.players_hidden[0] == 0 and scene.players_hidden[1] > 0, "the grid shows everyone: nothing to scroll"
    return app, scene


def _row_pitch(scene) -> int:
    """From one row of the participants' grid to the next, as drawn."""
    tops = sorted({button.rect.top for button in scene.player_buttons if button.visible})
    return tops[1] - tops[0]


def test_a_finger_dragged_up_the_participants_scrolls_them_and_toggles_none(tmp_path, monkeypatch):
    """The participants' grid scrolled by the wheel and the keys only: on a touch screen a class's
    files under its last row could not be chosen.  A drag that begins on a participant scrolls
    the grid by the rows it went, and the participant it began (and ended) on is not toggled."""
    app, scene = _class_in_the_grid(tmp_path, monkeypatch)
    try:
        chosen, pitch = set(scene.selected), _row_pitch(scene)
        lowest = [button for button in scene.player_buttons if button.visible][-1]
        x, y = lowest.rect.center
        finger_drag(app, [(x, y), (x, y - pitch // 2), (x, y - 2 * pitch - 3)])
        assert scene.player_scroll == 2 and not scene.player_buttons[0].visible
        assert lowest.rect.collidepoint(x, y - 2 * pitch - 3), "the participant did not follow the finger"
        assert scene.selected == chosen, "the drag's release toggled the participant under it"
        finger_drag(app, [(x, scene.players_area.top + 10), (x, scene.players_area.bottom - 10)])
        assert scene.player_scroll == 0 and scene.selected == chosen
    finally:
        app.quit()
    assert not app.errors


def test_a_tap_on_a_participant_toggles_it_once_and_a_drag_from_a_cross_forgets_no_one(tmp_path, monkeypatch):
    """A tap (the touch's press and release, each with the finger's own event) takes a participant
    in, or out, once; a drag begun on an outside player's "×" scrolls, and the player stays."""
    app, scene = _class_in_the_grid(tmp_path, monkeypatch)
    try:
        ids = [pid for pid, _title in scene.players()]
        index = ids.index("/class/aluno01.py:jogador")
        button = scene.player_buttons[index]
        assert button.visible and ids[index] not in scene.selected
        tap(app, button.rect.center)
        assert ids[index] in scene.selected
        tap(app, button.rect.center)
        assert ids[index] not in scene.selected
        cross = scene.remove_buttons[index].rect.center
        finger_drag(app, [cross, (cross[0], cross[1] - _row_pitch(scene) - 5)])
        assert scene.player_scroll == 1 and ids == [pid for pid, _title in scene.players()]
    finally:
        app.quit()
    assert not app.errors
