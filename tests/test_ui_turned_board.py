"""The board turned round (key F; ui.board_view.BoardView.face/turn): against the computer the
board is seen from the human's side, so a human playing Alquerque's Black or Rastros' North has
their pieces or goal at the bottom; clicks land on the points drawn under the mouse, the
coordinates turn with the board, and a board drawn one way only (Trax) says so."""

from __future__ import annotations

import pygame
import pytest

import games
from games.alquerque import POINTS, parse_point
from games.record import GameRecord
from games.record_parts import Side
from tests.test_tree import built
from tests.ui_helpers import click, key, resign_by_keys, wait
from ui.match import HOTSEAT, HUMAN_VS_PC, MatchSetup
from ui.scenes.game import GameScene
from ui.scenes.replay import ReplayScene


def start(app, game_id: str, mode: str, players) -> GameScene:
    scene = GameScene(app, MatchSetup(game_id, {}, mode, players, 0.1))
    app.switch(scene)
    app.run_frames(2)
    return scene


def said(scene) -> list[str]:
    return [m.text for m in scene.messages.current()]


def test_f_turns_an_alquerque_board_and_a_click_takes_the_point_drawn_under_it(app):
    scene = start(app, "alquerque", HOTSEAT, (None, None))
    view = scene.view
    upright = {p: view.point_xy(p) for p in range(POINTS)}
    assert not view.turned
    key(app, pygame.K_f)
    assert view.turned
    assert all(view.point_xy(p) == upright[POINTS - 1 - p] for p in range(POINTS))  # a half turn
    a1, e5 = view.point_xy(parse_point("a1")), view.point_xy(parse_point("e5"))
    assert a1[0] > e5[0] and a1[1] < e5[1]  # a1 top right, e5 bottom left
    click(app, view.point_xy(parse_point("d3")))  # White's piece, drawn where b3 was
    click(app, view.point_xy(parse_point("c3")))
    assert [p.text for p in scene.history] == ["d3-c3"]
    assert view.point_xy(parse_point("d3")) == upright[parse_point("b3")]
    key(app, pygame.K_f)
    assert not view.turned and view.point_xy(0) == upright[0]


def test_against_the_computer_the_board_faces_the_human_and_a_rematch_turns_it_back(app):
    scene = start(app, "alquerque", HUMAN_VS_PC, ("level-1", None))  # the human plays Black
    assert scene.view.turned and any("turned round" in m for m in said(scene))
    assert wait(app, lambda: len(scene.history) == 1, 30)  # White (the computer) moves first
    scene.rematch()  # the human now plays White
    assert scene.setup.human_side() == 0 and not scene.view.turned


def test_rastros_north_sees_its_goal_at_the_bottom_left(app):
    scene = start(app, "rastros", HUMAN_VS_PC, ("level-1", None))
    view, n = scene.view, scene.game.n
    assert view.turned
    goal_north = view.cell_rect(*divmod(scene.game.goal_north, n))
    goal_south = view.cell_rect(*divmod(scene.game.goal_south, n))
    assert goal_north.bottomleft == view.grid.bottomleft and goal_south.topright == view.grid.topright
    assert view.cell_at(goal_north.center) == divmod(scene.game.goal_north, n)


def test_hot_seat_starts_upright_and_trax_is_drawn_one_way_only(app):
    assert not start(app, "alquerque", HOTSEAT, (None, None)).view.turned
    scene = start(app, "trax", HOTSEAT, (None, None))
    key(app, pygame.K_f)
    assert not scene.view.turned and "This board is drawn one way only" in said(scene)


def test_f_turns_a_hex_board_for_the_friend_across_the_table(app):
    """Hex was drawn one way only: the friend on the far side read the board upside down.  F
    turns it a half turn about its middle, each side's edges where they were (Red's top and
    bottom, Blue's left and right) and a1 at the far end; a click takes the cell drawn under it."""
    from games.grid import parse_cell

    scene = start(app, "hex", HOTSEAT, (None, None))
    view, n = scene.view, scene.game.size
    upright = {cell: view.centre(*divmod(cell, n)) for cell in range(n * n)}
    key(app, pygame.K_f)
    assert view.turned and "This board is drawn one way only" not in said(scene)
    for cell, (x, y) in upright.items():  # each cell drawn where its mirror through the middle was
        turned = view.centre(*divmod(n * n - 1 - cell, n))
        assert abs(turned[0] - x) < 1e-6 and abs(turned[1] - y) < 1e-6
    a1, last = parse_cell("a1", n, n), n * n - 1
    click(app, upright[last])  # the cell drawn where the last one was: a1
    assert [p.text for p in scene.history] == ["a1"]
    assert view.cell_at(tuple(int(v) for v in upright[a1])) == last
    key(app, pygame.K_f)
    assert not view.turned and view.centre(0, 0) == upright[0]


def test_the_replay_of_a_game_played_as_black_is_turned_and_f_turns_it(app):
    game = games.load("alquerque")
    record = GameRecord.start(game, (Side("level-1", "Level 1"), Side(None, "You"))).with_moves(["d3-c3"])
    replay = ReplayScene(app, record)
    app.switch(replay)
    app.run_frames(2)
    assert replay.view.turned
    key(app, pygame.K_f)
    assert not replay.view.turned


def test_a_picture_of_a_turned_board_is_turned_as_the_screen_shows_it(app):
    from ui.export import render_board

    scene = start(app, "alquerque", HOTSEAT, (None, None))
    key(app, pygame.K_f)
    key(app, pygame.K_p)  # the picture of the board, saved beside the games
    path = next(m.text for m in scene.messages.current() if m.text.startswith("Picture saved: "))[len("Picture saved: "):]
    saved = pygame.image.tostring(pygame.image.load(path), "RGB")
    drawn = {turned: pygame.image.tostring(render_board(scene.game, scene.state, theme=app.theme, turned=turned), "RGB")
             for turned in (True, False)}
    assert saved == drawn[True] != drawn[False]


def test_a_pasted_position_is_pictured_from_the_side_the_human_picks(app, monkeypatch):
    from ui import clipboard
    from ui.scenes.common import board_picture
    from ui.views import make_view

    game = games.load("alquerque")
    state = game.play_line(["d3-c3"])
    monkeypatch.setattr(clipboard, "get_text", lambda: f"Alquerque\nPosition:\n{game.to_text(state)}")
    key(app, pygame.K_v, mod=pygame.KMOD_LCTRL)  # on the main menu: the New game screen, Black to move

    def picture() -> bytes:
        return pygame.image.tostring(app.scene.menu.get_widget("start-board").get_surface(), "RGB")

    width, height = app.scene.menu.get_widget("start-board").get_surface().get_size()

    def pictured(turned: bool) -> bytes:
        view = make_view(game)
        view.turned = turned
        return pygame.image.tostring(board_picture(state, app.theme, width, height, view=view), "RGB")

    drawn = {turned: pictured(turned) for turned in (True, False)}
    side = app.scene.menu.get_widget("human-side")
    assert side.get_value()[0][1] == 0 and picture() == drawn[False]  # White, at the bottom
    app.scene.menu.select_widget(side)  # scrolled into view, as the keyboard would
    app.run_frames(2)
    rect = side.get_rect(to_real_position=True)
    click(app, (rect.right - 30, rect.centery), frames=3)  # the selector's right arrow: Black
    assert app.scene.menu.get_widget("human-side").get_value()[0][1] == 1 and picture() == drawn[True]


def test_the_setting_board_faces_me_off_keeps_every_board_upright(app):
    from ui.scenes.settings_screen import SettingsScene

    app.switch(SettingsScene(app))
    app.run_frames(2)
    switch = app.scene.menu.get_widget("face_me")
    assert switch.get_value() is True
    rect = switch.get_rect(to_real_position=True, apply_padding=False)
    click(app, (rect.right - 10, rect.centery))  # on the switch itself
    assert app.settings.face_me is False
    scene = start(app, "alquerque", HUMAN_VS_PC, ("level-1", None))  # the human plays Black
    assert not scene.view.turned and not any("turned round" in m for m in said(scene))
    key(app, pygame.K_f)  # F still turns it by hand
    assert scene.view.turned


def brightness(colour) -> int:
    return sum(colour[:3])


def test_after_a_rematch_the_eval_bar_and_graph_keep_to_the_turned_board(app, monkeypatch):
    """A rematch turned the board to show the human's Black at the bottom, while the eval bar beside
    it still filled White from the bottom and the graph put White's lead on top: now the bar fills
    from the bottom, and the graph rises, with the side the board shows at the bottom."""
    from ui import eval_graph

    drawn = []
    draw_graph = eval_graph.draw_graph
    monkeypatch.setattr(eval_graph, "draw_graph", lambda *a, **k: drawn.append(draw_graph(*a, **k)) or drawn[-1])
    scene = start(app, "alquerque", HUMAN_VS_PC, (None, "level-1"))  # the human plays White, at the bottom
    key(app, pygame.K_a)  # analysis mode: the bar and the graph
    bar = scene.board_side.eval_rect
    assert brightness(app.screen.get_at((bar.centerx, bar.bottom - 3))) > 450  # White's share at the bottom
    assert drawn[-1](1, 1.0)[1] < scene.board_side.graph_rect.centery  # White's lead drawn above the middle
    resign_by_keys(app)  # resign: the result card
    key(app, pygame.K_r)  # rematch: the human plays Black, the board turns
    assert scene.setup.human_side() == 1 and scene.view.turned and scene.analysis.active
    app.dirty = True
    app.run_frames(2)
    bar = scene.board_side.eval_rect
    assert brightness(app.screen.get_at((bar.centerx, bar.bottom - 3))) < 300  # Black's share at the bottom
    assert drawn[-1](1, 1.0)[1] > scene.board_side.graph_rect.centery  # White's lead drawn below it


def test_the_replay_of_a_game_played_as_black_fills_the_eval_bar_from_the_bottom_with_black(app):
    """The replay turns a game played as Black to show Black at the bottom; its eval bar filled
    White from the bottom all the same: it keeps to the board now, and key F turns both."""
    game = games.load("alquerque")
    record = GameRecord.start(game, (Side("level-1", "Level 1"), Side(None, "You"))).with_moves(["d3-c3"])
    replay = ReplayScene(app, record, analyse=False)
    app.switch(replay)
    app.run_frames(2)
    key(app, pygame.K_a)  # analysis mode: the eval bar beside the board
    bar = replay.eval_rect
    assert replay.view.turned and bar.width > 0
    assert brightness(app.screen.get_at((bar.centerx, bar.bottom - 3))) < 300  # Black's share at the bottom
    key(app, pygame.K_f)
    assert brightness(app.screen.get_at((bar.centerx, bar.bottom - 3))) > 450  # White's, with the board upright


def test_the_search_tree_of_a_turned_board_draws_its_board_turned_too(app):
    """Playing North against the computer, T opened the search tree on a board drawn upright: its
    goal jumped from the bottom left (the game's board) to the top right.  The tree's board is
    drawn as the game's was, turned or not (F in the game)."""
    from ui.scenes.tree_explorer import TreeExplorerScene

    scene = start(app, "rastros", HUMAN_VS_PC, ("level-1", None))
    assert wait(app, lambda: len(scene.history) == 1, 30)  # South, the computer, moves first
    key(app, pygame.K_t)
    tree = app.scene
    assert isinstance(tree, TreeExplorerScene)
    built(app, tree)  # its board is drawn with the tree's first node, once its thread has built it
    app.run_frames(3)
    view, n = tree.view, scene.game.n
    assert view.turned
    goal_north = view.cell_rect(*divmod(scene.game.goal_north, n))
    assert goal_north.bottomleft == view.grid.bottomleft
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene
    key(app, pygame.K_f)  # the game's board upright again: so is the tree's
    key(app, pygame.K_t)
    assert isinstance(app.scene, TreeExplorerScene) and not app.scene.view.turned


def first_side_at_the_bar_bottom(app, scene) -> bool:
    """The eval bar's bottom end is drawn in the first side's colour: Hex's Blue, Reversi's Black."""
    bar = scene.board_side.eval_rect
    red, green, blue = app.screen.get_at((bar.centerx, bar.bottom - 3))[:3]
    return blue > red if scene.game.id == "hex" else red + green + blue < 300


@pytest.mark.parametrize("game_id", ["hex", "reversi"])
def test_turning_a_board_without_ends_leaves_the_eval_bar_and_graph_as_they_were(app, monkeypatch, game_id):
    """Key F on Hex or Reversi swapped the eval bar's ends and the graph's halves, though turning
    the board moves no side's end (Hex's Red holds the top and the bottom edge either way up):
    the first side stays at the bar's bottom and on the graph's top half, turned or not."""
    from ui import eval_graph

    drawn = []
    draw_graph = eval_graph.draw_graph
    monkeypatch.setattr(eval_graph, "draw_graph", lambda *a, **k: drawn.append(draw_graph(*a, **k)) or drawn[-1])
    scene = start(app, game_id, HOTSEAT, (None, None))
    key(app, pygame.K_a)  # analysis mode: the bar and the graph
    for turned in (False, True):
        assert scene.view.turned is turned
        assert first_side_at_the_bar_bottom(app, scene)
        assert drawn[-1](1, 1.0)[1] < scene.board_side.graph_rect.centery  # the first side's lead above the middle
        key(app, pygame.K_f)
