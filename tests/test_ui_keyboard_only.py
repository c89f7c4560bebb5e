"""A keyboard-only player's way through the window (QA with xdotool key, no mouse): what took a
game away from them or cost them keys.

- Esc twice in a game (the first hides the board's cursor) leaves for the main menu, where the
  keyboard came back on Play or a game's picture: Enter, Enter then started a new game, and the
  one just left was only to be found again under Continue.  The keyboard now starts on Continue.
- The replay opened from a finished game's card went back to the main menu on Esc, the game's
  card (its Rematch, its results) gone; it now goes back to the game.
- The board's cursor stopped at the board's edge: from one side of a 19x19 board to the other
  was 18 presses.  It goes round to the other end of the row or column, as the lists do.
- Enter on an Alquerque piece left the cursor on it: it now goes to the nearest point the piece
  may move to.
"""

from __future__ import annotations

import pygame
import pytest

from tests.test_ui_board_cursor import walk
from tests.ui_helpers import key, wait
from ui.match import HOTSEAT, MatchSetup
from ui.scenes.game import GameScene
from ui.scenes.menu import MenuScene
from ui.scenes.replay import ReplayScene


def start(app, game_id: str = "tictactoe", moves=(), options=None) -> GameScene:
    scene = GameScene(app, MatchSetup(game_id, options or {}, HOTSEAT, (None, None), 0.1), list(moves))
    app.switch(scene)
    app.run_frames(2)
    return scene


def test_esc_from_an_unfinished_game_leaves_the_keyboard_on_continue(app):
    scene = start(app)
    key(app, pygame.K_DOWN)  # the board's cursor, on the centre
    key(app, pygame.K_RETURN)
    assert [ply.text for ply in scene.history] == ["b2"]
    key(app, pygame.K_ESCAPE)  # hides the cursor
    assert app.scene is scene
    key(app, pygame.K_ESCAPE)  # the main menu
    assert isinstance(app.scene, MenuScene)
    assert app.scene.menu.get_selected_widget().get_id() == "continue"
    key(app, pygame.K_RETURN)
    assert wait(app, lambda: isinstance(app.scene, GameScene), 10.0)
    assert [ply.text for ply in app.scene.history] == ["b2"]  # the same game, not a new one


def test_the_menu_keeps_its_own_choice_after_a_game_with_nothing_to_continue(app):
    """A game left with no move of the player's is not offered by Continue: the keyboard comes
    back where it left the menu, as from any other screen."""
    menu = app.scene
    menu.menu.select_widget("watch")
    start(app)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)
    assert app.scene.menu.get_selected_widget().get_id() == "watch"


def test_esc_from_the_replay_of_a_finished_game_returns_to_the_game(app):
    scene = start(app, moves=["b2", "a1", "b1", "a2"])
    key(app, pygame.K_DOWN)
    walk(app, scene, (2, 1))  # b3, X's third in column b
    key(app, pygame.K_RETURN)
    assert scene.is_over() and wait(app, lambda: scene.card_shown() is not None, 10.0)
    key(app, pygame.K_a)  # the card's Replay
    assert isinstance(app.scene, ReplayScene)
    assert app.scene.back_label == "Back"
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene and scene.card_shown() is not None  # the game and its card, as left
    key(app, pygame.K_r)  # the card's Rematch still answers
    assert not scene.history and not scene.is_over()


@pytest.mark.parametrize(("game_id", "options", "size"), [("tictactoe", {}, 3), ("hex", {"size": 5}, 5)])
def test_the_board_cursor_goes_round_at_the_edge(app, game_id, options, size):
    """Right past a row's last cell lands on its first, Up past a column's first on its last; on
    Hex's slanted board along its own rows and columns.  (Row, column) of the cell under it."""
    scene = start(app, game_id, options=options)

    def cell() -> tuple[int, int]:
        place = scene.cursor.key  # Tic-tac-toe's (row, column), Hex's cell number
        return place if isinstance(place, tuple) else divmod(place, size)

    key(app, pygame.K_DOWN)  # shows the cursor, on the centre
    row, col = cell()
    for _ in range(size - col):
        key(app, pygame.K_RIGHT)
    assert cell() == (row, 0)
    for _ in range(row + 1):
        key(app, pygame.K_UP)
    assert cell() == (size - 1, 0)
    key(app, pygame.K_LEFT)
    assert cell() == (size - 1, size - 1)


def test_enter_on_an_alquerque_piece_takes_the_cursor_to_where_it_may_go(app):
    """The cursor stayed on the piece picked: a jump was Up onto the piece to be jumped, Up again,
    Enter; a second Enter on the piece dropped it."""
    scene = start(app, "alquerque")
    key(app, pygame.K_DOWN)  # on a piece that can move, near the centre
    picked = scene.cursor.key
    key(app, pygame.K_RETURN)
    assert scene.view.has_partial_input()
    assert scene.cursor.key != picked and scene.cursor.key in scene.view.next_points(scene.state)
    key(app, pygame.K_RETURN)
    assert [ply.move[0] for ply in scene.history] == [picked]  # played, from the piece picked
