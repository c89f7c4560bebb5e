"""Pieces are dragged to their moves as well as clicked (Alquerque's pieces, Rastros' stone):
press on the piece, carry it, let go on a destination.  Let go where it was pressed, a press is an
ordinary click; let go on a wrong point, the board says why, as for a wrong click.  A right click
on the board drops a half-entered move, as Esc does.  Headless App, posted mouse events; what is
legal is still the view's and the rules' business."""

from __future__ import annotations

import pygame

from games.alquerque import parse_point
from ui.match import HOTSEAT, MatchSetup
from ui.scenes.game import GameScene


def open_game(app, game_id: str, moves=()) -> GameScene:
    scene = GameScene(app, MatchSetup(game_id, {}, HOTSEAT, (None, None), 1.0), list(moves))
    app.switch(scene)
    app.run_frames(3)
    return scene


def mouse(app, kind: int, pos) -> None:
    pos = (int(pos[0]), int(pos[1]))
    if kind == pygame.MOUSEMOTION:
        event = pygame.event.Event(kind, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
    else:
        event = pygame.event.Event(kind, pos=pos, button=1)
    pygame.event.post(event)
    app.run_frames(1)


def drag(app, start, end, steps: int = 4) -> None:
    mouse(app, pygame.MOUSEBUTTONDOWN, start)
    for i in range(1, steps + 1):
        mouse(app, pygame.MOUSEMOTION, (start[0] + (end[0] - start[0]) * i / steps, start[1] + (end[1] - start[1]) * i / steps))
    mouse(app, pygame.MOUSEBUTTONUP, end)


def point(scene, name: str):
    return scene.view.point_xy(parse_point(name))


def square(scene, index: int):
    return scene.view.cell_rect(*divmod(index, scene.view.cols)).center


def warnings(scene) -> list[str]:
    return [m.text for m in scene.messages.items] + [m.text for m in scene.app.messages.items]


def test_an_alquerque_piece_is_dragged_along_a_step_and_a_capture(app):
    scene = open_game(app, "alquerque")
    drag(app, point(scene, "c2"), point(scene, "c3"))
    assert [p.text for p in scene.history] == ["c2-c3"]
    drag(app, point(scene, "c4"), point(scene, "c2"))  # over c3: Black's capture
    assert [p.text for p in scene.history] == ["c2-c3", "c4xc2"]
    assert scene.state.piece_at(parse_point("c3")) is None


def test_a_carried_piece_is_drawn_under_the_mouse(app):
    scene = open_game(app, "alquerque")
    start, over = point(scene, "b2"), (point(scene, "c3")[0] + 3, point(scene, "c3")[1] + 2)
    mouse(app, pygame.MOUSEBUTTONDOWN, start)
    assert scene.overlay().drag is None  # not yet moved
    mouse(app, pygame.MOUSEMOTION, over)
    assert scene.overlay().drag == (start, over)
    assert scene.view.has_partial_input()  # picked on the press: its moves are shown while carried
    light = app.screen.get_at(over)[:3]
    assert light != scene.app.theme.board and sum(light) > 600  # White's piece, not the board's wood
    mouse(app, pygame.MOUSEBUTTONUP, over)
    assert [p.text for p in scene.history] == ["b2-c3"]


def test_a_press_released_in_place_is_a_click(app):
    scene = open_game(app, "alquerque")
    c2 = point(scene, "c2")
    drag(app, c2, c2, steps=0)
    assert scene.view.has_partial_input() and not scene.history  # picked, as a click picks it
    drag(app, c2, c2, steps=0)
    assert not scene.view.has_partial_input()  # a second click on it puts it back
    drag(app, c2, c2, steps=0)
    mouse(app, pygame.MOUSEBUTTONDOWN, point(scene, "c3"))  # and a click on a destination plays
    mouse(app, pygame.MOUSEBUTTONUP, point(scene, "c3"))
    assert [p.text for p in scene.history] == ["c2-c3"]


def test_a_drop_on_a_wrong_point_is_refused_with_its_reason(app):
    scene = open_game(app, "alquerque")
    drag(app, point(scene, "c2"), point(scene, "e1"))
    assert not scene.history
    assert any("is not a destination of the piece on c2" in text for text in warnings(scene))
    assert scene.invalid_at is not None


def test_a_chain_that_must_go_on_says_so_in_its_notation(app):
    """Capture compulsory: c3xe3 can capture on, so a click on e3 to stop there was refused with
    "E3 is not a destination of the piece on c3" (the piece stood on e3; notation capitalised)."""
    position = "to-move: White\nno-capture: 0\nB..B.\n..B.B\n..WB.\n.....\nW....\n"
    scene = GameScene(app, MatchSetup("alquerque", {"compulsory_capture": True}, HOTSEAT, (None, None), 1.0,
                                      start=position))
    app.switch(scene)
    app.run_frames(3)
    for name in ("c3", "e3", "e3"):
        drag(app, point(scene, name), point(scene, name), steps=0)
    assert not scene.history and scene.view.has_partial_input()
    assert warnings(scene)[-1] == "c3xe3: the chain must go on: click a marked point."
    drag(app, point(scene, "e1"), point(scene, "e1"), steps=0)
    said = warnings(scene)[-1]  # where the chain goes on; no word of stopping, which the rules forbid here
    assert said.startswith("c3xe3 can go on only to ") and "stop" not in said


def test_the_rastros_stone_is_dragged_to_a_marked_square(app):
    scene = open_game(app, "rastros")
    stone = scene.state.white
    target = next(i for i in range(64) if scene.state.moves_mask() >> i & 1)
    drag(app, square(scene, stone), square(scene, target))
    assert len(scene.history) == 1 and scene.state.white == target


def test_the_rastros_stone_clicked_or_dropped_astray_says_how_to_move(app):
    scene = open_game(app, "rastros")
    stone = scene.state.white
    drag(app, square(scene, stone), square(scene, stone), steps=0)
    assert not scene.history and any("that is the piece" in text.lower() for text in warnings(scene))
    far = next(i for i in range(64) if not scene.state.moves_mask() >> i & 1 and i != stone
               and abs(i // 8 - stone // 8) > 2)
    drag(app, square(scene, stone), square(scene, far))
    said = f"{scene.game.format_move(scene.state, far)} is not next to the piece"  # the rules' reason, as typed
    assert not scene.history and said in warnings(scene)


def test_nothing_is_grabbed_on_the_computers_turn_or_in_a_placing_game(app):
    scene = open_game(app, "reversi")
    assert not scene.view.grabs(scene.state, scene.view.cell_rect(3, 3).center)
    scene = GameScene(app, MatchSetup("alquerque", {}, HOTSEAT, (None, None), 1.0), [])
    app.switch(scene)
    app.run_frames(2)
    scene.setup = MatchSetup("alquerque", {}, HOTSEAT, ("level-1", None), 1.0)  # White is the computer's now
    mouse(app, pygame.MOUSEBUTTONDOWN, point(scene, "c2"))
    assert scene.drag is None


def test_a_right_click_on_the_board_drops_a_half_entered_move(app):
    scene = open_game(app, "alquerque")
    mouse(app, pygame.MOUSEBUTTONDOWN, point(scene, "c2"))
    mouse(app, pygame.MOUSEBUTTONUP, point(scene, "c2"))
    assert scene.view.has_partial_input()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=point(scene, "a1"), button=3))
    app.run_frames(1)
    assert not scene.view.has_partial_input() and not scene.history
    scene = open_game(app, "trax")
    mouse(app, pygame.MOUSEBUTTONDOWN, scene.view.cell_rect(4, 5).center)  # a cell beside the first tile
    mouse(app, pygame.MOUSEBUTTONUP, scene.view.cell_rect(4, 5).center)
    assert scene.view.has_partial_input()  # the tile picker is open
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=scene.view.cell_rect(0, 0).center, button=3))
    app.run_frames(1)
    assert not scene.view.has_partial_input() and not scene.history


def test_a_piece_carried_while_the_window_is_resized_stays_the_one_pressed(app):
    """The window resized mid-drag (maximised, full screen, a tiling desktop): the board is laid
    out again, and the piece carried is still the one pressed, drawn lifted from its own point
    (the press was kept in the old layout's pixels, which in the new one named another point or
    none), and it still goes where it is let go."""
    scene = open_game(app, "alquerque")
    start = point(scene, "c2")
    mouse(app, pygame.MOUSEBUTTONDOWN, start)
    mouse(app, pygame.MOUSEMOTION, (start[0], start[1] - 30))
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(900, 600), w=900, h=600))
    app.run_frames(1)
    towards = point(scene, "c3")  # in the new layout
    mouse(app, pygame.MOUSEMOTION, towards)
    pressed, _carried_to = scene.mouse.carried()
    assert scene.view.point_at(pressed) == parse_point("c2")
    mouse(app, pygame.MOUSEBUTTONUP, towards)
    assert [p.text for p in scene.history] == ["c2-c3"]


def test_a_piece_carried_while_the_last_move_still_lands_is_drawn_once(app, still_clock):
    """While the last move was still animating, a piece carried away was drawn both whole on its
    own point and under the mouse; it is drawn once now, its point only faintly marked, as when
    nothing moves."""
    app.settings.animation_speed = 1.0
    scene = open_game(app, "alquerque")
    for name in ("c2", "c3"):  # White's move by clicks: it is animated (one put down by hand is not)
        mouse(app, pygame.MOUSEBUTTONDOWN, point(scene, name))
        mouse(app, pygame.MOUSEBUTTONUP, point(scene, name))
    assert [p.text for p in scene.history] == ["c2-c3"] and scene.view.is_animating()
    start, mid = point(scene, "c4"), point(scene, "b3")
    away = ((start[0] + mid[0]) / 2, (start[1] + mid[1]) / 2 - 10)  # between points, off the piece
    mouse(app, pygame.MOUSEBUTTONDOWN, start)
    mouse(app, pygame.MOUSEMOTION, away)
    while_landing = app.screen.get_at(tuple(map(int, start)))[:3]
    still_clock.now += 10.0  # the move has landed
    scene.invalidate()
    app.run_frames(1)
    assert not scene.view.is_animating() and scene.overlay().drag is not None
    assert while_landing == app.screen.get_at(tuple(map(int, start)))[:3]  # only the faint mark on its point


def test_a_chain_is_dragged_hop_by_hop_from_where_its_piece_has_got_to(app):
    """c4xe4xe2 dragged one jump at a time: c4 to e4, then the piece, drawn on e4 now, from e4
    to e2.  The press on e4 was a click there, which stopped the chain at c4xe4 (the rules let
    it stop): the second drag played a move the player never made."""
    from tests.test_ui_board_cursor import CHAIN

    scene = open_game(app, "alquerque", CHAIN)
    drag(app, point(scene, "c4"), point(scene, "e4"))
    assert not scene.history[len(CHAIN):] and scene.view.has_partial_input()
    drag(app, point(scene, "e4"), point(scene, "e2"))
    assert [p.text for p in scene.history[len(CHAIN):]] == ["c4xe4xe2"]
