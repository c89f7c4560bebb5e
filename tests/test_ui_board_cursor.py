"""Playing with the keyboard alone (ui/board_cursor.py): Up, Down or Space show a cursor on the
board, the arrows move it, Enter or Space click where it is, in every game: a Trax tile chosen in
its picker, an Alquerque capture chain point by point, Hex's swap, Rastros' stone.  Esc hides it,
and Left and Right browse the earlier positions again; Page Up and Page Down browse at any time."""

from __future__ import annotations

import pygame
import pytest

import games
from games.alquerque import parse_point
from tests.test_trax import CHAIN as TRAX_CHAIN
from tests.ui_helpers import click, key, recorded_text, resign_by_keys, wait, words_in
from ui.board_cursor import ring_rects
from ui.match import HOTSEAT, MatchSetup
from ui.scenes.game import GameScene

CHAIN = ["d3-c3", "d4-d3", "d2xd4", "b4xd2", "b2-c3", "a5-b4", "c2-b2", "d5xd3", "b2-c2", "b5-a5", "c2-b2", "e4-d4",
         "c1-c2", "c5-d5", "e3xc5", "d5xb5", "e2-e3", "b5-c5", "c3-d4"]  # Black to move: c4xe4xe2 or e5xc3xc1


def start(app, game_id: str, moves=(), options=None) -> GameScene:
    scene = GameScene(app, MatchSetup(game_id, options or {}, HOTSEAT, (None, None), 0.1), list(moves))
    app.switch(scene)
    app.run_frames(2)
    return scene


def played(scene: GameScene) -> list[str]:
    return [ply.text for ply in scene.history]


def walk(app, scene: GameScene, target) -> None:
    """Arrow presses, as a player would make them, until the cursor is on the place ``target``."""
    for _ in range(80):
        places = dict(scene.view.targets(scene.state))
        here = scene.cursor.current(scene.view, scene.state)
        if scene.cursor.key == target:
            return
        dx, dy = places[target].centerx - here.centerx, places[target].centery - here.centery
        if abs(dy) > here.height // 3:
            key(app, pygame.K_DOWN if dy > 0 else pygame.K_UP)
        else:
            key(app, pygame.K_RIGHT if dx > 0 else pygame.K_LEFT)
    raise AssertionError(f"the cursor did not reach {target}: it is on {scene.cursor.key}")


def test_arrows_and_enter_play_tictactoe_and_esc_hides_the_cursor(app):
    scene = start(app, "tictactoe")
    key(app, pygame.K_DOWN)  # shows the cursor, on the centre of a fresh board
    assert scene.cursor.on and scene.cursor.key == (1, 1) and not scene.history
    key(app, pygame.K_RETURN)
    assert played(scene) == ["b2"] and not scene.move_entry.open
    assert scene.cursor.key == (0, 1)  # off the cell just taken: a free cell beside it, b1
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_SPACE)
    assert played(scene) == ["b2", "c1"]
    before = scene.cursor.key
    key(app, pygame.K_RIGHT)  # the cursor's, while it shows: no browsing
    assert scene.browsing is None and scene.cursor.key != before
    key(app, pygame.K_ESCAPE)  # hides it, and stays in the game
    assert not scene.cursor.on and app.scene is scene
    key(app, pygame.K_LEFT)
    assert scene.browsing == 1
    key(app, pygame.K_PAGEDOWN)
    assert scene.browsing is None
    key(app, pygame.K_PAGEUP)
    assert scene.browsing == 1


def test_the_cursor_is_drawn_only_while_a_human_may_move(app):
    scene = start(app, "tictactoe", ["b2"])
    key(app, pygame.K_UP)
    assert scene.cursor.key in {(0, 1), (1, 0), (1, 2), (2, 1)}  # starts on an empty cell beside the last move
    drawn = []
    original = scene.cursor.draw
    scene.cursor.draw = lambda *a: (drawn.append(1), original(*a))
    scene.draw(app.screen)
    assert drawn
    key(app, pygame.K_PAGEUP)  # an earlier position: nothing to play, no cursor
    drawn.clear()
    scene.draw(app.screen)
    assert not drawn


@pytest.mark.parametrize("game_id, moves", [("trax", []), ("reversi", []), ("reversi", ["d3"]), ("rastros", []),
                                            ("alquerque", []), ("tictactoe", ["b2"]), ("hex", [])])
def test_the_first_enter_on_the_cursor_plays_or_begins_a_move(app, game_id, moves):
    """The cursor first showed on the board's centre or the last move: Trax's e5, touching no
    tile, Reversi's centre discs, Rastros' stone, Alquerque's empty centre, the last move's cell,
    so the first Enter was refused.  It shows on a legal move near there: Enter plays it, or
    begins it (a Trax tile picker, an Alquerque piece picked)."""
    scene = start(app, game_id, moves)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    assert len(scene.history) == len(moves) + 1 or scene.view.has_partial_input(), scene.cursor.key


def test_a_trax_tile_is_chosen_in_its_picker(app):
    scene = start(app, "trax")
    key(app, pygame.K_SPACE)
    cells: dict[tuple[int, int], list[int]] = {}
    for move in scene.state.legal_moves():
        cells.setdefault(divmod(games.trax.move_cell(move), scene.view.cols), []).append(move)
    cell, tiles = next((c, t) for c, t in cells.items() if len(t) > 1)
    walk(app, scene, cell)
    key(app, pygame.K_RETURN)  # the picker opens, the cursor on one of its tiles
    assert scene.view.picker is not None and scene.cursor.key[0] == "tile"
    first = scene.cursor.key[1]
    key(app, pygame.K_RIGHT)
    if scene.cursor.key[1] == first:
        key(app, pygame.K_LEFT)
    chosen = scene.cursor.key[1]
    assert chosen != first and chosen in tiles
    key(app, pygame.K_RETURN)
    assert len(scene.history) == 1 and scene.history[0].move == chosen
    assert scene.view.picker is None and scene.cursor.key != cell  # on to a legal move beside it
    key(app, pygame.K_RETURN)
    assert scene.view.picker is not None or len(scene.history) == 2
    key(app, pygame.K_ESCAPE)  # a picker closed without a tile: back on its cell
    assert scene.view.picker is None and scene.cursor.key[0] != "tile"


def test_an_alquerque_capture_chain_point_by_point(app):
    scene = start(app, "alquerque", CHAIN)
    key(app, pygame.K_DOWN)
    for point in ("c4", "e4", "e2"):
        walk(app, scene, parse_point(point))
        key(app, pygame.K_RETURN)
    assert played(scene)[-1] == "c4xe4xe2"


def test_hex_stones_and_the_swap_from_the_keyboard(app):
    scene = start(app, "hex", options={"size": 5, "swap": True})
    key(app, pygame.K_UP)
    assert scene.cursor.key == 12  # the centre cell, c3
    walk(app, scene, 6)
    key(app, pygame.K_RETURN)
    assert played(scene) == ["b2"]
    key(app, pygame.K_SPACE)  # the cursor on Blue's stone: Red takes it over
    assert played(scene) == ["b2", "swap"] and scene.state.stone_at(6) == 1  # b2 mirrored is b2, now Red's


@pytest.mark.parametrize("game_id", ["rastros", "reversi"])
def test_a_legal_move_walked_to_and_played(app, game_id):
    scene = start(app, game_id)
    key(app, pygame.K_DOWN)
    move = scene.state.legal_moves()[-1]
    walk(app, scene, scene.view.move_cell(move))
    key(app, pygame.K_RETURN)
    assert [p.move for p in scene.history] == [move]


def test_ctrl_r_resigns_and_undo_takes_it_back(app):
    """Resign was the one button of the game screen with no key."""
    scene = start(app, "reversi")
    assert scene.btn_resign.key_hint == "Ctrl+R"
    resign_by_keys(app)
    assert scene.is_over() and scene.winner() == 1  # Black, to move, gave it up
    key(app, pygame.K_u)
    assert not scene.is_over()


def test_the_trax_tile_under_the_cursor_shows_its_turn_and_name(app, monkeypatch):
    """The mouse over a picker's tile ghosts its whole turn on the board and names it; the
    keyboard's cursor on it showed neither, so a player without a mouse chose blind."""
    import ui.views.trax as trax_view

    scene = GameScene(app, MatchSetup("trax", {"size": 7}, HOTSEAT, (None, None), 0.1, start=TRAX_CHAIN))  # c3/ (ddll) forces c2 and c4
    app.switch(scene)
    app.run_frames(2)
    state = scene.state
    move = scene.game.parse_move(state, "c3/")
    forced = [divmod(games.trax.move_cell(m), 7) for m in state.forced_tiles(move)[1:]]
    assert len(forced) == 2
    key(app, pygame.K_DOWN)
    walk(app, scene, (2, 2))
    key(app, pygame.K_RETURN)
    walk(app, scene, ("tile", move))
    labels = recorded_text(monkeypatch, trax_view)

    def forced_cells() -> list[bytes]:
        scene.draw(app.screen)
        return [pygame.image.tobytes(app.screen.subsurface(scene.view.cell_rect(*rc)), "RGB") for rc in forced]

    pointed = forced_cells()
    assert any(label.startswith("@2/") for label in labels)  # c3/ in the official notation, the default
    scene.cursor.on = False
    labels.clear()
    assert all(a != b for a, b in zip(pointed, forced_cells()))  # ghosts under the cursor only
    assert not labels


def status_line(scene: GameScene) -> str:
    """The line under the board, as drawn now (its longest form)."""
    said: list[str] = []
    side = scene.board_side
    side._status_line = lambda surface, forms, colour: said.append(forms[0])  # noqa: SLF001 - what it draws
    side.draw_status(pygame.Surface((10, 10)))
    del side._status_line
    return said[-1]


def test_the_line_under_the_board_names_the_keys_while_the_cursor_shows(app):
    """With the cursor on the board the line under it still said "click": on every Alquerque
    move (a piece, a chain's landing points, stopping a chain), Hex's swap offer, Trax's tile
    picker and a Reversi pass, so a keyboard player was told only what the mouse does."""
    scene = start(app, "alquerque", CHAIN)
    assert "Click" in status_line(scene)
    key(app, pygame.K_DOWN)
    lines = [status_line(scene)]
    for point in ("c4", "e4"):
        walk(app, scene, parse_point(point))
        key(app, pygame.K_RETURN)
        lines.append(status_line(scene))
    assert all("Enter" in line and "click" not in line.lower() for line in lines), lines
    assert "c4xe4: Enter on e4 again stops here" in lines[-1]
    key(app, pygame.K_ESCAPE)  # drops the chain; the cursor still shows

    scene = start(app, "hex", ["c3"], options={"size": 5, "swap": True})
    assert status_line(scene).startswith("Click Blue's stone")
    key(app, pygame.K_UP)
    assert status_line(scene) == "Enter on Blue's stone swaps (it becomes Red's c3); or play elsewhere"

    scene = start(app, "trax")
    key(app, pygame.K_SPACE)
    cell = next(c for c in ((r, c) for r in range(10) for c in range(10))
                if sum(divmod(games.trax.move_cell(m), 10) == c for m in scene.state.legal_moves()) > 1)
    walk(app, scene, cell)
    key(app, pygame.K_RETURN)
    assert scene.view.picker is not None and status_line(scene).startswith("Pick a tile: Left and Right")

    game = games.load("reversi", size=6)
    moves = ["c2", "d2", "e4", "d5", "e6", "f5", "f4", "d6", "e5", "f3", "c6", "b5", "c5", "b2", "e3", "e2", "a1",
             "a2", "b4", "a4", "e1", "b6", "a5", "f6", "b3", "f1", "f2", "a6", "d1", "a3"]  # Black must pass
    scene = GameScene(app, MatchSetup("reversi", {"size": 6}, HOTSEAT, (None, None), 0.1), moves)
    app.switch(scene)
    app.run_frames(2)
    assert scene.state.must_pass() and game.format_move(scene.state, scene.state.legal_moves()[0]) == "pass"
    line = "Player 1 (Black) has no move: click the board or press Space twice to pass · Up or Down: a cursor on the board"
    assert status_line(scene) == line  # hot-seat: the player is named, as in "Player 1 to move (Black)"
    key(app, pygame.K_SPACE)
    assert status_line(scene) == "Player 1 (Black) has no move: Enter or Space passes"
    key(app, pygame.K_SPACE)
    assert played(scene)[-1] == "pass"


@pytest.mark.parametrize("game_id", ["alquerque", "hex"])
def test_a_games_own_mouse_line_still_names_the_key_that_shows_the_cursor(app, game_id):
    """The line under the board said "Up or Down: a cursor on the board" in every game but
    Alquerque, whose own line ("Click a piece to see its moves, or drag it ...") stood in its
    place from the first move on: a keyboard player was told only what the mouse does.  Any
    game's own line (Hex's swap offer, a Reversi pass: above) now ends with the key, and the key
    does show the cursor, whose line then names the keys that play."""
    moves = {"alquerque": [], "hex": ["c3"]}
    scene = start(app, game_id, moves[game_id], options={"size": 5, "swap": True} if game_id == "hex" else None)
    line = status_line(scene)
    assert scene.view.status_text(scene.state) and line.endswith(" · Up or Down: a cursor on the board"), line
    key(app, pygame.K_DOWN)
    assert scene.cursor.on and "Up or Down" not in status_line(scene)


def warnings(scene: GameScene) -> list[str]:
    return [m.text for m in scene.messages.items]


@pytest.mark.parametrize("language", ["en", "pt"])
def test_a_refused_press_of_the_cursor_names_enter_not_a_click(app, language):
    """Enter on a place that plays nothing said what a mouse does: Alquerque's cursor on an empty
    point or an enemy piece answered "Click one of White's pieces", Rastros' on its own stone
    "click a marked square next to it", to a player with no mouse in hand.  Now the keyboard's
    press names Enter, in both languages; the mouse's click keeps its wording."""
    words = {"en": ("Enter on one of White's pieces", "that is the piece: Enter on", "click"),
             "pt": ("Enter numa peça do Branco", "essa é a peça: Enter numa", "clique")}[language]
    with words_in(language):
        scene = start(app, "alquerque")
        key(app, pygame.K_DOWN)
        for point in ("c3", "d4"):  # empty, then one of Black's pieces: White is to move
            scene.messages.items.clear()
            walk(app, scene, parse_point(point))
            key(app, pygame.K_RETURN)
            said = warnings(scene)
            assert not scene.history and any(words[0].lower() in text.lower() for text in said), said
            assert not any(words[2] in text.lower() for text in said), said
        scene.messages.items.clear()
        scene.mouse.click(scene.view.point_xy(parse_point("c3")))  # the mouse is still told to click
        assert any(words[2] in text.lower() for text in warnings(scene)), warnings(scene)

        scene = start(app, "rastros")
        key(app, pygame.K_DOWN)
        walk(app, scene, scene.view.move_cell(scene.state.white))
        key(app, pygame.K_RETURN)
        said = warnings(scene)
        assert not scene.history and any(words[1].lower() in text.lower() for text in said), said
        assert not any(words[2] in text.lower() for text in said), said


def test_the_swap_offer_tells_the_cursors_key_and_breaks_between_its_parts(app, monkeypatch):
    """Against the computer Red's first prompt is the swap offer, which said only "Click Blue's
    stone": a keyboard player was never told the key that shows the cursor.  It now ends with it,
    and at 800x560 the line breaks between its parts, not before the last word ("board" alone)."""
    from tests.ui_helpers import recorded_text

    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(800, 560), w=800, h=560))
    app.run_frames(2)
    scene = start(app, "hex", ["c1"], options={"size": 11, "swap": True})
    assert status_line(scene).endswith(" · Up or Down: a cursor on the board")
    drawn = recorded_text(monkeypatch)
    scene.board_side.draw_status(app.screen)
    assert drawn == ["Click Blue's stone to swap (it becomes Red's a3), or play elsewhere",
                     "Up or Down: a cursor on the board"]


def test_the_side_panels_tip_names_the_keys_once_the_keyboard_plays(app, monkeypatch):
    """The side panel said "Click the board to play" to a player who had played by the board's
    cursor or typed a move, and from the start, under a line that names the keys.  It names both
    ways until the keyboard plays, then the cursor's keys (while the cursor shows) or the key that
    shows it, as the status line does; a click on the board brings both ways back."""
    from tests.ui_helpers import click, recorded_text
    from ui.scenes.game_board_side import SHOW_CURSOR, click_or_cursor

    both = click_or_cursor()[0]
    scene = start(app, "tictactoe")
    drawn = recorded_text(monkeypatch)

    def tip() -> str:
        drawn.clear()
        scene.panel.draw(app.screen)
        tips = {both, "Click the board to play", "Arrows and Enter: play on the board", SHOW_CURSOR, "Enter: type your move"}
        return next(text for text in drawn if text in tips)

    assert tip() == both
    key(app, pygame.K_DOWN)  # the cursor shows
    assert tip() == "Arrows and Enter: play on the board"
    key(app, pygame.K_RETURN)
    key(app, pygame.K_ESCAPE)  # hidden: the key that shows it
    assert played(scene) == ["b2"] and tip() == SHOW_CURSOR
    click(app, dict(scene.view.targets(scene.state))[(0, 0)].center)
    assert played(scene) == ["b2", "a1"] and tip() == both
    key(app, pygame.K_RETURN)  # the move field: typed moves are the keyboard's too
    assert scene.move_entry.open
    key(app, pygame.K_ESCAPE)
    assert tip() == SHOW_CURSOR


@pytest.mark.parametrize("game_id, options, moves", [("hex", {"size": 19}, ["a1", "j10"]),
                                                     ("trax", {"size": 25}, [])])
def test_the_piece_under_the_cursor_stays_in_sight_on_the_largest_board_in_the_smallest_window(
        tmp_path, monkeypatch, game_id, options, moves):
    """The cursor's rings sit at the place's edge: on a 19x19 Hex board in an 800x560 window (cells
    of 17 pixels) the stone under it was all ring but a dot, its side not to be told.  Most of the
    middle of the place (within 0.4 of its width) must look as it does without the cursor."""
    from tests.ui_helpers import make_app

    app = make_app(tmp_path, monkeypatch, size=(800, 560))
    try:
        scene = start(app, game_id, moves, options)
        if scene.view.zoomable():  # Trax frames its tiles at a larger size: its whole board has the smallest places
            key(app, pygame.K_z)
        place = dict(scene.view.targets(scene.state))
        target = next(k for k in place if scene.view.click(scene.state, place[k].center).kind != "play")  # occupied
        scene.cursor.key = target
        rect = place[target]
        scene.cursor.on = False
        app.invalidate()
        app.run_frames(2)
        plain = app.screen.copy()
        scene.cursor.on = True
        app.invalidate()
        app.run_frames(2)
        assert scene.cursor.key == target
        reach = (0.4 * rect.width) ** 2
        middle = [(x, y) for x in range(rect.left, rect.right) for y in range(rect.top, rect.bottom)
                  if (x - rect.centerx) ** 2 + (y - rect.centery) ** 2 <= reach]
        kept = sum(app.screen.get_at(p) == plain.get_at(p) for p in middle)
        assert rect.width < 20 and kept >= 0.5 * len(middle), (game_id, rect, kept, len(middle))
    finally:
        app.quit()


@pytest.mark.parametrize("game_id", ["tictactoe", "reversi", "hex", "rastros", "trax"])
def test_after_a_move_the_cursor_is_on_a_legal_move_again(app, game_id):
    """After a move made with the cursor it stayed on the square just taken (Rastros: where the
    stone had been), so the next Enter was refused and the next player first walked off it.  It
    goes to the legal move nearest the last one: Enter plays there, or opens Trax's picker."""
    scene = start(app, game_id)
    key(app, pygame.K_DOWN)
    for plies in (1, 2):
        key(app, pygame.K_RETURN)
        if scene.view.has_partial_input():  # Trax: the picker opened, a tile chosen in it
            key(app, pygame.K_RETURN)
        assert len(scene.history) == plies, scene.cursor.key
        assert scene.cursor.on


@pytest.mark.parametrize("size", [(800, 600), (1600, 600), (800, 1000)])
def test_hexs_arrows_follow_its_rows_and_columns_however_the_board_is_turned(tmp_path, monkeypatch, size):
    """The Hex board is turned to fit the window (from its rows level in a wide one to its columns
    upright in a tall one) and the arrows went to the nearest cell in the arrow's direction on the
    screen: on a level board the cells below one are down-left and down-right alike, on an upright
    one the cells right of it are up-right and down-right alike, and a pixel's rounding chose (Down
    from b1 went to a2, Right from a2 to b1).  Right and Left go along a row, Down and Up along a
    column, whatever the tilt."""
    import math

    from tests.ui_helpers import make_app

    app = make_app(tmp_path, monkeypatch, size=size)
    try:
        scene = start(app, "hex", options={"size": 11})
        key(app, pygame.K_DOWN)
        row, col = divmod(scene.cursor.key, 11)
        steps = {pygame.K_RIGHT: (0, 1), pygame.K_DOWN: (1, 0), pygame.K_LEFT: (0, -1), pygame.K_UP: (-1, 0)}
        for arrow in [pygame.K_RIGHT] * 3 + [pygame.K_DOWN] * 3 + [pygame.K_LEFT] * 2 + [pygame.K_UP] * 2:
            row, col = row + steps[arrow][0], col + steps[arrow][1]
            key(app, arrow)
            assert divmod(scene.cursor.key, 11) == (row, col), (math.degrees(scene.view.tilt), pygame.key.name(arrow))
    finally:
        app.quit()


def test_the_cursor_on_blues_first_stone_is_seen_on_a_19x19_hex_board_at_800x600_and_larger_text(
        tmp_path, monkeypatch):
    """At 800x600 with Larger text a 19x19 Hex board's cells are 19 pixels: the cursor's rings,
    drawn inside the place, were one pixel each, the black one lost in the stone's outline, so
    that the cursor on Blue's first stone (where Enter swaps) could hardly be found.  Round a
    place that small they go outside it: each ring at least two pixels wide across the row
    through the stone's middle, and the stone itself left as it was."""
    from tests.ui_helpers import make_app

    app = make_app(tmp_path, monkeypatch, size=(800, 600))
    try:
        app.settings.text_size = 1.5
        scene = start(app, "hex", ["j10"], {"size": 19, "swap": True})
        stone = scene.game.parse_move(scene.state.game.initial_state(), "j10")
        key(app, pygame.K_DOWN)
        walk(app, scene, stone)
        with_cursor = app.screen.copy()
        key(app, pygame.K_ESCAPE)  # hides the cursor
        assert not scene.cursor.on
        plain = app.screen.copy()
        rect = dict(scene.view.targets(scene.state))[stone]
        assert rect.width < 20, rect
        y = rect.centery
        changed = [x for x in range(rect.centerx, rect.right + 3 * rect.width // 4)
                   if with_cursor.get_at((x, y)) != plain.get_at((x, y))]
        assert len(changed) >= 4, (rect, changed)  # a black ring and a white one, two pixels each
        middle = [(x, y) for x in range(rect.left, rect.right) for y in range(rect.top, rect.bottom)
                  if (x - rect.centerx) ** 2 + (y - rect.centery) ** 2 <= (0.4 * rect.width) ** 2]
        assert all(with_cursor.get_at(p) == plain.get_at(p) for p in middle)
    finally:
        app.quit()


def test_a_hint_takes_the_cursor_to_its_move_so_that_enter_plays_it(app):
    """H marked the hint's square and the cursor stayed where it was: a player without a mouse
    walked to the mark square by square (on a 19x19 board, up to eighteen presses) where a click
    plays it.  The hint's move is where the eye goes: the cursor goes there too, and Enter plays it."""
    scene = start(app, "tictactoe", ["a1", "a2", "b1", "b2"])  # X to move: c1 wins at once
    key(app, pygame.K_DOWN)
    walk(app, scene, next(k for k, r in scene.view.targets(scene.state)
                          if r.collidepoint(scene.view.first_place(scene.game.parse_move(scene.state, "a3")))))
    key(app, pygame.K_h)
    assert wait(app, lambda: scene.hint is not None, 120)
    assert scene.game.format_move(scene.state, scene.hint) == "c1"
    app.run_frames(2)
    key(app, pygame.K_RETURN)
    assert played(scene) == ["a1", "a2", "b1", "b2", "c1"]


def test_h_then_enter_plays_the_hint_with_the_cursor_never_shown(app):
    """The keys page says "H: a hint, and the board's cursor on its move: Enter plays it".  With
    the cursor not yet shown (no arrow pressed), Enter after H opened the move field, and a second
    Enter closed it empty: the hint was not played.  H now shows the cursor on the hint's move."""
    scene = start(app, "tictactoe", ["a1", "a2", "b1", "b2"])  # X to move: c1 wins at once
    assert not scene.cursor.on
    key(app, pygame.K_h)
    assert wait(app, lambda: scene.hint is not None, 120)
    app.run_frames(2)
    assert scene.cursor.on
    key(app, pygame.K_RETURN)
    assert played(scene) == ["a1", "a2", "b1", "b2", "c1"] and not scene.move_entry.open


@pytest.mark.parametrize("game_id, moves, presses", [("alquerque", CHAIN, 3), ("trax", ["f5+"], 2),
                                                      ("trax", ["f5+", "f4+"], 2)])
def test_after_a_hint_enter_goes_on_with_the_hints_move_to_its_end(app, game_id, moves, presses):
    """After H the cursor is on the hint's first place; Enter there picked the hint's Alquerque
    piece and showed the nearest point it may go, a step (c4-c3) where the hint captures in a
    chain (c4xe4xe2), and opened the Trax picker on the tile nearest its cell (g5/ where the hint
    was g5\\).  Each Enter now goes on with the hint's move, its next landing point or its tile in
    the picker, so that Enter after Enter plays it."""
    scene = start(app, game_id, moves)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_h)
    assert wait(app, lambda: scene.hint is not None, 120)
    hint = scene.game.format_move(scene.state, scene.hint)
    app.run_frames(2)
    for _ in range(presses):
        if len(scene.history) == len(moves):  # a Trax cell where one tile fits plays at the first Enter
            key(app, pygame.K_RETURN)
    assert played(scene)[len(moves):] == [hint], (hint, played(scene), scene.cursor.key)


def test_h_with_a_chain_half_clicked_puts_the_cursor_on_the_hints_next_point(app):
    """c4 and e4 clicked (c4xe4, the chain half entered), then H: the cursor showed on c3, where
    it first aims (by the last move), not on the hint's next point e2, and Enter there did not
    go on with the chain.  It goes onto e2, and Enter ends the hint's chain."""
    scene = start(app, "alquerque", CHAIN)
    for point in ("c4", "e4"):
        click(app, scene.view.point_xy(parse_point(point)))
    key(app, pygame.K_h)
    assert wait(app, lambda: scene.hint is not None, 120)
    hint = scene.game.format_move(scene.state, scene.hint)
    assert hint.startswith("c4xe4x"), hint  # the chain clicked so far begins the hint's
    app.run_frames(2)
    assert scene.cursor.on and scene.cursor.key == parse_point(hint.split("x")[2])
    key(app, pygame.K_RETURN)
    assert played(scene)[len(CHAIN):] == [hint]


def test_a_click_on_the_hints_cell_opens_the_picker_on_the_hints_tile(app):
    """Trax, after f5+: H showed the cursor on the hint's cell (g5\\), and a click there with the
    mouse opened the picker with the cursor on the tile nearest the cell (g5/), whose turn the
    board then showed; Enter played g5/, not the hint.  The cursor goes onto the hint's tile, as
    after Enter on the cell."""
    from tests.ui_helpers import click

    scene = start(app, "trax", ["f5+"])
    key(app, pygame.K_h)
    assert wait(app, lambda: scene.hint is not None, 120)
    hint = scene.game.format_move(scene.state, scene.hint)
    app.run_frames(2)
    assert scene.cursor.on
    click(app, scene.view.cell_rect(*scene.view.move_cell(scene.hint)).center)
    assert scene.view.picker is not None and scene.cursor.key == ("tile", scene.hint), scene.cursor.key
    key(app, pygame.K_RETURN)
    assert played(scene) == ["f5+", hint]


def test_the_cursor_below_blues_first_stone_leaves_the_swap_label_readable(app):
    """Under the swap rule Blue's first stone offers "swap" on a label beside it (below it, where
    there is room), and the cursor on the cell below drew its rings over the word.  The rings go
    under the board's words now, as under Trax's last move's name: the label is as drawn without
    the cursor."""
    scene = start(app, "hex", ["f6"], {"swap": True})
    label = scene.view.notes[0]
    below = max((place for place in scene.view.targets(scene.state) if place[0] != scene.state.swap_cell()),
                key=lambda place: label.clip(place[1]).width * label.clip(place[1]).height)
    key(app, pygame.K_DOWN)
    walk(app, scene, below[0])
    outer = ring_rects(below[1], app.scale)[0]
    assert outer.colliderect(label), (outer, label)
    with_cursor = app.screen.subsurface(label).copy()
    key(app, pygame.K_ESCAPE)  # hides the cursor
    assert not scene.cursor.on
    plain = app.screen.subsurface(label)
    assert all(with_cursor.get_at((x, y)) == plain.get_at((x, y))
               for x in range(label.width) for y in range(label.height))


def test_the_line_under_a_trax_board_says_enter_picks_a_tile(app):
    """With the cursor on a Trax board the line said "Enter or Space plays", but Enter on a cell
    opens its tiles (a move is a cell and a tile); it says so.  Other boards still say "plays"."""
    scene = start(app, "trax")
    key(app, pygame.K_DOWN)
    assert "Enter or Space picks a tile there" in status_line(scene)
    cell = next(c for c in ((r, c) for r in range(10) for c in range(10))
                if sum(divmod(games.trax.move_cell(m), 10) == c for m in scene.state.legal_moves()) > 1)
    walk(app, scene, cell)
    key(app, pygame.K_RETURN)
    assert scene.view.picker is not None and not scene.history  # tiles shown, nothing played
    scene = start(app, "tictactoe")
    key(app, pygame.K_DOWN)
    assert "Enter or Space plays" in status_line(scene)


@pytest.mark.parametrize("game_id", ["hex", "alquerque", "tictactoe"])
@pytest.mark.parametrize("language", ["en", "pt"])
def test_the_panels_tip_names_the_cursors_key_in_the_status_lines_words(app, monkeypatch, game_id, language):
    """Before the keyboard plays, the panel's card said "Click or use the arrows" over a status
    line that ends "Up or Down: a cursor on the board": two ways of saying one key, and after the
    first move Left and Right browse instead.  The card says the status line's words."""
    from ui.i18n import _
    from ui.scenes.game_board_side import SHOW_CURSOR, SHOW_CURSOR_SHORT

    with words_in(language):
        scene = start(app, game_id)
        assert status_line(scene).endswith(" · " + _(SHOW_CURSOR)), status_line(scene)
        drawn = recorded_text(monkeypatch)
        scene.panel.draw(app.screen)
        tips = [text for text in drawn if text.startswith(_("Click"))]
        assert tips and all(tip.endswith((_(SHOW_CURSOR), _(SHOW_CURSOR_SHORT))) for tip in tips), drawn


@pytest.mark.parametrize("language, mouse", [("en", "Click or drag a piece; a chain:"), ("pt", "Clique ou arraste uma peça")])
def test_alquerques_status_line_says_whose_move_as_reversis_does(app, monkeypatch, language, mouse):
    """At 800x600 Alquerque's line under the board said only how the mouse plays and the cursor's
    key, where Reversi's says whose move it is and that Enter types one: Alquerque's own line stood
    in the prompt's place.  It follows the prompt now, whole or at its least where room is short
    (Portuguese), in the same window."""
    from ui.i18n import _
    from ui.match import HUMAN_VS_PC
    from ui.scenes.game_board_side import SHOW_CURSOR

    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(800, 600), w=800, h=600))
    app.run_frames(2)
    with words_in(language):
        rows = {}
        for game_id in ("reversi", "alquerque"):
            scene = GameScene(app, MatchSetup(game_id, {}, HUMAN_VS_PC, (None, "level-1"), 0.1), [])
            app.switch(scene)
            app.run_frames(2)
            drawn = recorded_text(monkeypatch)
            scene.board_side.draw_status(app.screen)
            rows[game_id] = list(drawn)
        for game_id, side in (("reversi", "Black"), ("alquerque", "White")):
            turn = _("Your move ({side}) · Enter to type it").format(side=_(side))
            assert rows[game_id][0].startswith(turn) and rows[game_id][-1].endswith(_(SHOW_CURSOR)), rows
        assert mouse in rows["alquerque"][0], rows
