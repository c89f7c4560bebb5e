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
- Tab did nothing on the game screen, its result card and the replay: no ring showed where the
  keyboard was among their buttons.  Tab and Shift+Tab now ring them, Enter or Space pressing the
  one ringed; on the game screen any other key takes the ring away, the board's cursor unchanged.
- The result card said "Replay A" beside the panel's "Analysis A": its Replay is on E now.  Hex's
  said "View board V" beside "Connections V" (View board is on B now), and a watched game's
  "Save S" beside the greyed "Step S" (a finished game hides Step): every game's card is checked.
- A Trax tile picker's Right past its last tile goes round to its first, as the board does.
- The main menu's Tab went to the picture the keyboard had last been on, and Enter there opened
  that game, though another had been chosen since on New game (Page Down): Tab, and the keyboard
  coming back, are on the picture of the game last chosen.
- View board pressed from the result card's ring dropped the ring: it goes to the panel's Result,
  and back to View board with the card.
"""

from __future__ import annotations

import pygame
import pytest

from tests.test_ui_board_cursor import walk
from tests.ui_helpers import key, resign_by_keys, wait
from ui.match import HOTSEAT, PC_VS_PC, MatchSetup
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
    assert wait(app, lambda: isinstance(app.scene, GameScene))
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


def finished(app) -> GameScene:
    """A Tic-tac-toe game X won from the keyboard, its result card shown and taking keys (its
    grace over: ``GameOverCard.ready``)."""
    scene = start(app, moves=["b2", "a1", "b1", "a2"])
    key(app, pygame.K_DOWN)
    walk(app, scene, (2, 1))  # b3, X's third in column b
    key(app, pygame.K_RETURN)
    assert scene.is_over() and wait(app, lambda: scene.card_shown() is not None and scene.card_shown().ready())
    app.run_frames(1)  # drawn, its buttons laid out
    return scene


def ringed(buttons) -> list[str]:
    return [button.label for button in buttons if button.focused]


def test_esc_from_the_replay_of_a_finished_game_returns_to_the_game(app):
    scene = finished(app)
    key(app, pygame.K_e)  # the card's Replay
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


def ring_down_and_back(app, buttons, forward, back) -> None:
    """The result card's ring moved by ``forward`` (a key press) to its first button, on to its
    third (Menu), then by ``back`` to its second (New game)."""
    forward()
    assert ringed(buttons) == ["Rematch, sides swapped"]
    forward()
    forward()
    assert ringed(buttons) == ["Menu"]
    back()
    assert ringed(buttons) == ["New game"]


def test_tab_rings_the_result_cards_buttons_and_enter_presses_the_ringed_one(app):
    scene = finished(app)
    card = scene.card_shown()
    ring_down_and_back(app, card.buttons, lambda: key(app, pygame.K_TAB), lambda: key(app, pygame.K_TAB, pygame.KMOD_SHIFT))
    for _ in range(3):
        key(app, pygame.K_TAB)
    assert ringed(card.buttons) == ["Replay"] and not ringed(scene.buttons)  # one ring, the card's
    key(app, pygame.K_RETURN)  # the ringed Replay, not the card's Enter (Rematch)
    assert isinstance(app.scene, ReplayScene)


def test_the_arrows_ring_the_result_cards_buttons_as_tab_does(app):
    """Down and Up on the result card's column of buttons move its ring, as on the menus: they
    took the ring away and did nothing, a keyboard player's first try left with no ring."""
    scene = finished(app)
    card = scene.card_shown()
    ring_down_and_back(app, card.buttons, lambda: key(app, pygame.K_DOWN), lambda: key(app, pygame.K_UP))
    assert scene.card_shown() is card and not ringed(scene.buttons)
    key(app, pygame.K_RETURN)  # the ringed New game, not the card's Enter (Rematch)
    assert app.scene is not scene


def test_the_arrows_ring_the_resign_questions_buttons_and_enter_answers_the_ringed_one(app):
    """Right and Left along the question's row: Right rang nothing (the ring went), so Enter
    answered nothing; now Right rings Yes, then No, which Enter presses: the game plays on."""
    scene = start(app, moves=["b2"])
    key(app, pygame.K_r, pygame.KMOD_CTRL)
    card = scene.card_shown()
    assert card is scene.resign_card
    key(app, pygame.K_RIGHT)
    assert ringed(card.buttons) == ["Yes, resign"]
    key(app, pygame.K_RIGHT)
    assert ringed(card.buttons) == ["No, play on"]
    key(app, pygame.K_RETURN)
    assert scene.card_shown() is None and not scene.is_over() and len(scene.history) == 1


def test_tab_rings_the_replays_buttons_and_enter_or_space_presses_the_ringed_one(app):
    finished(app)
    key(app, pygame.K_e)
    replay = app.scene
    key(app, pygame.K_HOME)
    key(app, pygame.K_TAB)  # Start and Back are off at the start: the ring passes them by
    assert ringed(replay.buttons) == ["Play"]
    key(app, pygame.K_TAB)
    assert ringed(replay.buttons) == ["Next"]
    key(app, pygame.K_RETURN)
    key(app, pygame.K_SPACE)  # the ringed Next again, not Play
    assert replay.ply == 2 and not replay.playing
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert ringed(replay.buttons) == ["Previous"]  # the step back, now on
    key(app, pygame.K_SPACE)
    assert replay.ply == 1


def test_tab_rings_the_panels_buttons_and_the_board_cursor_stays_as_it_was(app):
    """Enter presses the ringed button; an arrow takes the ring away and moves the cursor, and
    Enter plays on the board again."""
    scene = start(app, moves=["b2"])
    key(app, pygame.K_TAB)
    first = ringed(scene.buttons)
    assert len(first) == 1
    while ringed(scene.buttons) != ["Undo"]:
        key(app, pygame.K_TAB)
        assert ringed(scene.buttons) != first  # Undo is among the buttons the ring goes round
    key(app, pygame.K_RETURN)
    assert not scene.history
    key(app, pygame.K_TAB)
    key(app, pygame.K_ESCAPE)  # takes the ring away, and only that
    assert app.scene is scene and not ringed(scene.buttons)
    key(app, pygame.K_TAB)
    key(app, pygame.K_DOWN)  # the ring goes, the board's cursor shows
    assert not ringed(scene.buttons) and scene.cursor.on
    key(app, pygame.K_RETURN)
    assert [ply.text for ply in scene.history] == ["b2"]


def test_the_result_cards_keys_say_what_the_panels_beside_it_say(app):
    """The card said "Replay A" beside the panel's "Analysis A", and A opened the replay: a key
    the card and the panel both show names one command."""
    scene = finished(app)
    assert not clashing_keys(scene)
    key(app, pygame.K_a)  # the panel's Analysis, as it says
    assert app.scene is scene and scene.analysis.active
    key(app, pygame.K_e)  # the card's Replay, as it says
    assert isinstance(app.scene, ReplayScene)


def clashing_keys(scene: GameScene) -> list[tuple[str, str, str]]:
    """(key, the card's command, the panel's) for each key the result card and the panel beside it
    both show for different commands."""
    panel = {b.key_hint: b.label for b in scene.buttons if b.visible}
    card = scene.card_shown()
    return [(b.key_hint, b.label, panel[b.key_hint]) for b in card.buttons
            if panel.get(b.key_hint, b.label) != b.label]


GAMES = [("tictactoe", {}), ("hex", {"size": 5}), ("reversi", {}), ("rastros", {}), ("alquerque", {}), ("trax", {})]


@pytest.mark.parametrize(("game_id", "options"), GAMES)
def test_no_key_means_two_things_on_any_games_result_card(app, game_id, options):
    """Hex's card said "View board V" beside the panel's "Connections V": V hid the card where the
    panel promised the connections.  Every game's card, on a game ended by a resignation (Ctrl+R),
    against the panel beside it; then the card's View board key hides it and shows it again."""
    scene = start(app, game_id, options=options)
    resign_by_keys(app)
    assert scene.is_over() and wait(app, lambda: scene.card_shown() is not None)
    app.run_frames(1)
    assert clashing_keys(scene) == []
    view_board = next(b for b in scene.card_shown().buttons if b.label == "View board")
    key(app, pygame.key.key_code(view_board.key_hint.lower()))
    assert scene.card_shown() is None and not scene.connections.active
    key(app, pygame.key.key_code(view_board.key_hint.lower()))  # the same key brings the card back
    assert scene.card_shown() is not None


def test_no_key_means_two_things_on_a_watched_games_result_card(app):
    """PC vs PC: the panel keeps its Pause, Step and Speed beside the card."""
    setup = MatchSetup("tictactoe", {}, PC_VS_PC, ("level-1", "level-1"), 0.1)
    scene = GameScene(app, setup, ["b2", "a1", "b1", "a2", "b3"])
    app.switch(scene)
    assert wait(app, lambda: scene.card_shown() is not None)
    app.run_frames(1)
    assert clashing_keys(scene) == []


def test_the_trax_tile_picker_goes_round_with_left_and_right(app):
    scene = start(app, "trax")
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)  # the picker opens, the cursor on one of its tiles
    tiles = [place for place, _rect in scene.view.targets(scene.state)]
    assert len(tiles) == 3 and scene.cursor.key in tiles
    for arrow, far_end in ((pygame.K_RIGHT, tiles[0]), (pygame.K_LEFT, tiles[-1])):
        while scene.cursor.key != tiles[-1 if arrow == pygame.K_RIGHT else 0]:
            key(app, arrow)
        key(app, arrow)
        assert scene.cursor.key == far_end


def test_the_menus_pictures_ring_the_game_last_chosen_on_new_game(app):
    ids = [info.id for info in app.scene.cards.infos]
    key(app, pygame.K_TAB)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)  # New game, on the second picture's game
    setup = app.scene
    assert setup.choices.game_id == ids[1]
    key(app, pygame.K_PAGEDOWN)  # another game chosen there
    key(app, pygame.K_ESCAPE)
    menu = app.scene
    assert isinstance(menu, MenuScene) and menu.cards.focused == 2
    key(app, pygame.K_RETURN)
    assert app.scene.choices.game_id == ids[2]
    app.show_menu(choose="play")  # the keyboard on the buttons: Tab goes to that picture too
    app.run_frames(2)
    key(app, pygame.K_TAB)
    assert app.scene.cards.focused == 2


def cursor_in_sight(app, scene: GameScene) -> bool:
    """Whether the board's cursor is drawn where it stands: its black ring right beside its white
    one somewhere in its place's rectangle, read off the screen (a focus seen on any board)."""
    import numpy as np

    from tests.test_ui_piece_contrast import side_by_side

    place = scene.cursor.current(scene.view, scene.state).inflate(8, 8).clip(app.screen.get_rect())
    pixels = pygame.surfarray.array3d(app.screen.subsurface(place))
    return side_by_side(np.asarray(pixels), (0, 0, 0), (255, 255, 255))


KEYBOARD_GAMES = [("tictactoe", {}), ("hex", {"size": 5}), ("reversi", {"size": 6}), ("rastros", {}),
                  ("alquerque", {}), ("trax", {"size": 8})]


@pytest.mark.parametrize(("game_id", "options"), KEYBOARD_GAMES, ids=[g for g, _o in KEYBOARD_GAMES])
def test_every_game_is_played_to_its_end_from_the_keyboard_with_its_focus_in_sight(app, game_id, options):
    """A player without a mouse plays a whole game of each, from its first move to its result:
    Down shows the cursor, Enter plays where it stands (opening Trax's tile picker and choosing in
    it, picking an Alquerque piece and landing it, passing in Reversi), and the cursor is drawn in
    sight before every press; the result card comes up at the end."""
    scene = start(app, game_id, options=options)
    key(app, pygame.K_DOWN)
    for _press in range(2000):
        if scene.is_over():
            break
        scene.draw(app.screen)
        assert scene.cursor.on and cursor_in_sight(app, scene), f"no cursor in sight after {len(scene.history)} plies"
        key(app, pygame.K_RETURN, frames=1)  # the press taken; the loop draws the board itself
    assert scene.is_over(), f"{len(scene.history)} plies and not over"
    assert wait(app, lambda: scene.card_shown() is not None)


def test_view_board_from_the_ring_rings_result_and_result_rings_view_board_again(app):
    """View board pressed from Tab's ring hid the card and dropped the ring: neither the panel's
    Result nor, once back, the card's View board showed where the keyboard was.  The ring now
    goes to Result, and back to View board with the card."""
    scene = finished(app)
    card = scene.card_shown()
    for _ in card.buttons:
        key(app, pygame.K_TAB)
        if ringed(card.buttons) == ["View board"]:
            break
    key(app, pygame.K_RETURN)
    assert scene.card_shown() is None and ringed(scene.buttons) == ["Result"]
    key(app, pygame.K_SPACE)  # Space presses the ringed Result, as Enter does
    assert scene.card_shown() is card and ringed(card.buttons) == ["View board"]
