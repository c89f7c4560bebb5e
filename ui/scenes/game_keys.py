"""The game screen's keyboard: a key for every command (the buttons show theirs), the arrows and
Page keys to look back through the game, and the board's cursor for play without a mouse.

The screen's whole keyboard map is here, in one place, because the same key means different
things by the moment: Esc first drops a half-entered move, then hides the cursor, then returns
from an earlier position, and only then leaves for the menu; the arrows move the board's cursor
while it shows and browse the game otherwise.  Tab and Shift+Tab ring the panel's buttons (the
result card's while it shows), Enter and Space then pressing the ringed one rather than playing
on the board; any other key takes the ring away, so the board's cursor is as it was.  The
commands themselves are the scene's (the same methods its buttons call).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ui import clipboard
from ui.board_cursor import DIRECTIONS
from ui.export import saves_sgf
from ui.match import PC_VS_PC

if TYPE_CHECKING:
    from ui.scenes.game import GameScene

BROWSE_KEYS = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_HOME, pygame.K_END)


def press(scene: GameScene, event: pygame.event.Event) -> None:
    """A key press that neither the move field nor a button took."""
    key, ctrl = event.key, bool(event.mod & pygame.KMOD_CTRL)
    shift = bool(event.mod & pygame.KMOD_SHIFT)
    if _panel_focus_key(scene, event):
        return
    if _cursor_key(scene, key):
        return
    if key in BROWSE_KEYS:
        _browse_key(scene, key)
        return
    card = scene.card_shown()
    if card is not None and card.key(key, event.mod):
        return
    if key == pygame.K_ESCAPE and scene.view.has_partial_input():
        scene.mouse.drop_input()  # Esc first closes the tile picker / drops the picked piece
    elif key == pygame.K_ESCAPE and scene.cursor.on and not scene.why_no_move():
        scene.cursor.on = False  # then hides the board's cursor (Left and Right browse again)
    elif key == pygame.K_ESCAPE and scene.browsing is not None:
        scene.back_to_game()
    elif key == pygame.K_ESCAPE:
        scene.back_to_menu()
    elif key == pygame.K_QUESTION or event.unicode == "?":  # Shift+/ on most layouts
        scene.show_keys()
    elif key in (pygame.K_u, pygame.K_BACKSPACE) or (ctrl and key == pygame.K_z and not shift):
        scene.undo()
    elif key == pygame.K_y or (ctrl and key == pygame.K_z and shift):
        scene.redo()
    elif key == pygame.K_h and scene.btn_hint.visible:
        scene.request_hint()
    elif key == pygame.K_l:
        scene.toggle_legal()
    elif key == pygame.K_a:
        scene.toggle_analysis()
    elif key == pygame.K_t:
        scene.open_tree()
    elif clipboard.is_paste(event):
        scene.move_entry.paste()
    elif key == pygame.K_b and scene.over_hidden:
        scene.over_card.show()  # View board's key again: the result card back, in every game
    elif key == pygame.K_v:
        scene.toggle_connections()
    elif key in (pygame.K_RETURN, pygame.K_KP_ENTER) and scene.btn_result.visible:
        scene.over_card.show()  # the Result button's key, in every game (a finished game takes no move)
    elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
        scene.move_entry.start()
    elif key == pygame.K_n:
        scene.new_game()
    elif key == pygame.K_f:
        scene.turn_board()
    elif ctrl and key == pygame.K_r:
        scene.resign()  # Undo takes it back
    elif key == pygame.K_r and scene.btn_rematch.visible:  # the card hidden by View board: its button's key
        scene.rematch()
    elif ctrl and key == pygame.K_s:
        scene.save_game()
    elif key in (pygame.K_p, pygame.K_m) or (ctrl and key == pygame.K_c):  # export: a picture, the moves, the position
        export = {pygame.K_p: scene.recorder.export_png, pygame.K_c: scene.recorder.copy_position}.get(key)
        message, kind = export(scene) if export else scene.recorder.copy_moves()
        scene.messages.add(message, kind, duration=6.0)
    elif key == pygame.K_g and saves_sgf(scene.game.id):  # Hex: the game as an SGF file for HexGui
        message, kind = scene.recorder.save_sgf()
        scene.messages.add(message, kind, duration=8.0)
    elif scene.setup.mode == PC_VS_PC and key == pygame.K_SPACE:
        scene.toggle_pause()
    elif scene.setup.mode == PC_VS_PC and key == pygame.K_s:
        scene.step()
    elif scene.setup.mode == PC_VS_PC and key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
        scene.step_speed(1)
    elif scene.setup.mode == PC_VS_PC and key in (pygame.K_MINUS, pygame.K_KP_MINUS):
        scene.step_speed(-1)


def _panel_focus_key(scene: GameScene, event: pygame.event.Event) -> bool:
    """Tab and Shift+Tab ring the panel's buttons in turn, Enter or Space pressing the one ringed
    (``KeyFocus.buttons_key``): Tab did nothing here.  Any other key takes the ring away and goes
    on as before (an arrow moves the board's cursor, Enter plays there again), Esc only that.
    The card over the board, when shown, has its own ring (``GameOverCard.key``).  True if taken."""
    buttons, focus = scene.buttons, scene.panel_focus
    if scene.card_shown() is None and focus.buttons_key(buttons, event.key, event.mod):
        return True
    ringed = focus.current(buttons) is not None
    focus.drop(buttons)
    return ringed and event.key == pygame.K_ESCAPE


def _browse_key(scene: GameScene, key: int) -> None:
    n = scene.shown_plies()
    back, on = n - 1, n + 1
    target = {pygame.K_LEFT: back, pygame.K_RIGHT: on, pygame.K_PAGEUP: back, pygame.K_PAGEDOWN: on,
              pygame.K_HOME: 0, pygame.K_END: len(scene.history)}[key]
    scene.browse(target)


# -- the board's cursor: play without a mouse -------------------------------------------------
def _cursor_key(scene: GameScene, key: int) -> bool:
    """Arrows, Space and Enter for the board's cursor, when a human may move on the live board:
    Up, Down or Space show it (Left and Right too on a fresh board, with nothing to browse),
    then arrows move it and Enter or Space click there.  Hidden, Left and Right browse and
    Enter opens the move field as before.  True if the key was the cursor's."""
    if scene.why_no_move() or scene.card_shown() or not scene.view.has_targets(scene.state):
        return False
    cursor = scene.cursor
    arrow = key in DIRECTIONS
    wakes = key in (pygame.K_UP, pygame.K_DOWN, pygame.K_SPACE) or (arrow and not scene.history)
    if not cursor.on:
        if not wakes:
            return False
        cursor.on = scene.keyboard_play = True
        cursor.current(scene.view, scene.state, _cursor_start(scene))
        scene.invalidate()
        return True
    if arrow:
        cursor.move(scene.view, scene.state, key, _cursor_start(scene))
    elif key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
        scene.mouse.hover = None  # the mouse's preview would stand beside the cursor
        pos = cursor.press(scene.view, scene.state)
        if pos is not None:
            scene.mouse.click(pos, keys=True)
            cursor.onto_picked_goes_to(scene.view, scene.state)
    else:
        return False
    scene.invalidate()
    return True


def aim_cursor(scene: GameScene) -> None:
    """The board's cursor onto the legal move nearest the last one, after every change of the
    game (a move by either side, an undo, a new game): the same for every game."""
    start = _cursor_start(scene) if scene.cursor.on else None  # a game read from a record: not laid out yet
    scene.cursor.aim(scene.view, scene.state, start)


def _cursor_start(scene: GameScene) -> tuple[int, int] | None:
    """Near where the cursor first shows (on the legal move nearest it): the last move, the place
    the eye is on; None: the board's centre."""
    last = scene.history[-1].move if scene.history else None
    anchor = scene.view.value_anchor(last) if last is not None else None
    return anchor[0] if anchor else None
