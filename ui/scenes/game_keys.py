"""The game screen's keyboard: a key for every command (the buttons show theirs), the arrows and
Page keys to look back through the game, and the board's cursor for play without a mouse.

The screen's whole keyboard map is here, in one place, because the same key means different
things by the moment: Esc first drops a half-entered move, then hides the cursor, then returns
from an earlier position, and only then leaves for the menu; the arrows move the board's cursor
while it shows and browse the game otherwise.  Tab and Shift+Tab ring the panel's buttons (the
result card's while it shows), Enter and Space then pressing the ringed one rather than playing
on the board; any other key takes the ring away, so the board's cursor is as it was.  The
commands themselves are the scene's (the same methods its buttons call).

A move typed without Enter first ("f5" in Reversi) ran shortcuts: F turned the board, N started a
new game at once.  The letters keep their commands (the buttons show them, and a modifier on every
one would have cost every player their keys), and the characters typed are read too
(``typed_text``): a second one that with the one before begins a legal move's name opens the move
field holding both, and what the first letter switched is switched back (F, A, L: a second press
puts them back).  H asks for the hint at once too, and a move typed after it ("h3" in Hex or
Reversi) stops that search and drops its mark: H waited there for a second press, so a player
asking for a hint on a board with an h column (every Hex game, Reversi once an h square is legal)
had to press it twice.  N, P, M, G (Hex's SGF, Othello's GGF) and Othello's Shift+G and Shift+M
(GGF and the move string copied) cannot be taken back (a new game, a file, the clipboard): where
the letter begins a legal move's name they wait for a second press, the message line saying so,
and the next character goes on typing the move (``_typing_key``).  Elsewhere they act at once, as
before.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ui import clipboard
from ui.board_cursor import DIRECTIONS, near_move
from ui.export import copies_ggf, copies_transcript, no_format_why, outside_file
from ui.i18n import _
from ui.match import PC_VS_PC

if TYPE_CHECKING:
    from ui.scenes.game import GameScene

BROWSE_KEYS = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_HOME, pygame.K_END)
# the letters that act at once though they may begin a typed move: what each changes, and the command
# that puts it back when the move goes on (see the docstring); A, F and L are their own undoing
TOGGLES = {pygame.K_a: ("toggle_analysis", lambda scene: scene.analysis.active),
           pygame.K_f: ("turn_board", lambda scene: scene.view.turned),
           pygame.K_l: ("toggle_legal", lambda scene: scene.show_legal),
           pygame.K_h: ("drop_hint", lambda scene: (scene.computer.job, scene.hint))}
# the letters that switch something on or off (analysis, the board turned, the legal moves, Hex's
# connections, the hint, a large Trax board's zoom) or open something (the tree, a picture): once a press
SWITCH_KEYS = (pygame.K_a, pygame.K_f, pygame.K_l, pygame.K_v, pygame.K_h, pygame.K_z, pygame.K_t, pygame.K_p)
# the keys of the formats only some games have (``export.FORMAT_COMMANDS``), by (key, Shift held)
FORMAT_KEYS = {(pygame.K_g, False): "save", (pygame.K_g, True): "ggf", (pygame.K_m, True): "transcript"}
HELD_NOTE = "held key"  # the message topic of a letter waiting for its second press
# the switches that do nothing with Ctrl held: a desktop's Ctrl+A (select all), Ctrl+F (find), Ctrl+H,
# Ctrl+L, Ctrl+T turned analysis on, the board round, the legal moves off, asked a hint or opened the tree
CTRL_IGNORED = frozenset({pygame.K_a, pygame.K_f, pygame.K_l, pygame.K_h, pygame.K_t})
MODIFIER_KEYS = (pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_CAPSLOCK, pygame.K_MODE, pygame.K_RALT)
KEYPAD_DIGITS = (pygame.K_KP0, pygame.K_KP1, pygame.K_KP2, pygame.K_KP3, pygame.K_KP4, pygame.K_KP5, pygame.K_KP6,
                 pygame.K_KP7, pygame.K_KP8, pygame.K_KP9)


def press(scene: GameScene, event: pygame.event.Event) -> None:
    """A key press that neither the move field nor a button took."""
    key, ctrl = event.key, bool(event.mod & pygame.KMOD_CTRL)
    shift = bool(event.mod & pygame.KMOD_SHIFT)
    if switch_repeated(scene, event) or (ctrl and key in CTRL_IGNORED):
        return
    if _panel_focus_key(scene, event):
        return
    if _typing_key(scene, event):
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
    elif key == pygame.K_h:  # watching too: it says why it gives none
        scene.keyboard_play = True  # the hint's move then shows the board's cursor, for Enter to play
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
    elif key == pygame.K_z and not ctrl:
        scene.zoom_board()  # a large Trax board: the whole of it, and back to its tiles
    elif ctrl and key == pygame.K_r:
        scene.ask_to_resign()  # a card asks: Y resigns (Undo takes it back), N or Esc plays on
    elif ctrl and key == pygame.K_d:
        scene.offer_draw()  # hot-seat: the other friend answers on the card over the board
    elif key == pygame.K_r and scene.btn_rematch.visible:  # the card hidden by View board: its button's key
        scene.rematch()
    elif ctrl and key == pygame.K_s:
        scene.save_game()
    elif pause_key(key, ctrl):
        scene.toggle_pause()
    elif exports(scene, key, ctrl) and scene.paused_with_people():
        scene.refused_while_paused()  # a picture or a copy of the position the pause hides: after Resume
    elif key == pygame.K_m and shift and copies_transcript(scene.game.id):  # Othello's f5d6c3... alone
        scene.messages.add(*scene.recorder.copy_transcript(), duration=6.0)
    elif _format_refused(scene, key, shift):
        pass  # G, Shift+G or Shift+M in a game without that format: the message line says why
    elif key in (pygame.K_p, pygame.K_m) or (ctrl and key == pygame.K_c):  # export: a picture, the moves, the position
        export = {pygame.K_p: scene.recorder.export_png, pygame.K_c: scene.recorder.copy_position}.get(key)
        message, kind = export(scene) if export else scene.recorder.copy_moves()
        scene.messages.add(message, kind, duration=6.0)
    elif key == pygame.K_g and shift and copies_ggf(scene.game.id):  # Othello: the game as GGF, to paste
        scene.messages.add(*scene.recorder.copy_ggf(), duration=8.0)
    elif key == pygame.K_g and outside_file(scene.game.id):  # Hex's SGF for HexGui, Othello's GGF
        scene.messages.add(*scene.recorder.save_outside_file(), duration=8.0)
    elif scene.setup.mode == PC_VS_PC and key == pygame.K_SPACE:
        scene.toggle_pause()
    elif scene.setup.mode == PC_VS_PC and key == pygame.K_c and not ctrl:
        scene.take_over()
    elif scene.setup.mode == PC_VS_PC and key == pygame.K_s:
        scene.step()
    elif scene.setup.mode == PC_VS_PC and key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
        scene.step_speed(1)
    elif scene.setup.mode == PC_VS_PC and key in (pygame.K_MINUS, pygame.K_KP_MINUS):
        scene.step_speed(-1)


def exports(scene: GameScene, key: int, ctrl: bool) -> bool:
    """Whether the key hands the game out of the window: P (a picture), M (the moves; Shift+M
    Othello's transcript), Ctrl+C (the position), G (Hex's SGF, Othello's GGF; Shift+G copied)."""
    return key in (pygame.K_p, pygame.K_m) or (ctrl and key == pygame.K_c) or (
        key == pygame.K_g and (copies_ggf(scene.game.id) or outside_file(scene.game.id)))


def _format_refused(scene: GameScene, key: int, shift: bool) -> bool:
    """G, Shift+G or Shift+M where the game has no such format (``export.no_format_why``): said
    why, and True.  False for every other key, and where the letter begins a move being typed."""
    command = FORMAT_KEYS.get((key, shift))
    if command is None or scene.move_entry.moves_beginning(pygame.key.name(key)):
        return False
    return scene.messages.refuse(no_format_why(scene.game.id, command))


def switch_repeated(scene: GameScene, event: pygame.event.Event) -> bool:
    """Whether ``event`` is the repeat of a held key that switches something (``SWITCH_KEYS``,
    Pause, a watched game's Space; ``App._mark_repeat`` says which presses are repeats), which
    then does nothing: one press switches once.  Undo, Redo and the arrows still repeat."""
    if not getattr(event, "repeat", False):
        return False
    ctrl = bool(event.mod & pygame.KMOD_CTRL)
    watched_space = scene.setup.mode == PC_VS_PC and event.key == pygame.K_SPACE
    return (event.key in SWITCH_KEYS and not ctrl) or pause_key(event.key, ctrl) or watched_space


def pause_key(key: int, ctrl: bool) -> bool:
    """Whether the key is the game's Pause: Ctrl+P (P alone is the picture, and Space plays on the
    board's cursor) or the keyboard's Pause key, in every game (a watched one's Space too).  A
    person's game without a clock has nothing to pause, and its Ctrl+P says so (``toggle_pause``):
    it fell through to P's picture, "Picture saved: ...png" where a player expected a pause."""
    return key == pygame.K_PAUSE or (ctrl and key == pygame.K_p)


def _panel_focus_key(scene: GameScene, event: pygame.event.Event) -> bool:
    """Tab and Shift+Tab ring the panel's buttons in turn, Enter or Space pressing the one ringed
    (``KeyFocus.buttons_key``): Tab did nothing here.  Any other key takes the ring away and goes
    on as before (an arrow moves the board's cursor, Enter plays there again), Esc only that.
    The card over the board, when shown, has its own ring (``GameOverCard.key``).  True if taken."""
    return scene.panel_focus.ring_key(scene.buttons, event.key, event.mod, ringing=scene.card_shown() is None)


# -- a move typed without opening the field first (see the module's docstring) ---------------
def _typing_key(scene: GameScene, event: pygame.event.Event) -> bool:
    """Hold N, P, M or G back where the letter begins a legal move's name (pressed again, it
    acts); note what F, A, L or H change there, to be put back if a move is being typed.  A key that
    types no character ends the word typed.  True if the key was taken: held, or Esc letting a
    held letter go."""
    entry = scene.move_entry
    held, entry.held = entry.held, None
    if held is not None:
        scene.messages.withdraw(HELD_NOTE)
    if not _types_text(event):
        entry.typed, entry.ran = "", None
        return held is not None and event.key == pygame.K_ESCAPE
    letter = _letter(event)
    if not letter:
        return False  # a digit or a sign: the letter before it may be a move's beginning
    starts = entry.moves_beginning(letter)
    entry.ran = None
    if not starts or event.key == held:
        return False
    command = _held_command(scene, event)
    if command:
        entry.held = event.key
        scene.messages.add(_("{key} again: {command}; or type the rest of the move, as {move}").format(
            key=letter.upper(), command=command, move=starts[0]), topic=HELD_NOTE)
        return True
    if event.key in TOGGLES:
        entry.ran = (event.key, TOGGLES[event.key][1](scene))
    return False


def typed_text(scene: GameScene, event: pygame.event.Event) -> None:
    """Characters typed with the move field closed (a TEXTINPUT): with the one typed before, the
    beginning of a legal move's name opens the field holding them, and what the first letter's
    command switched is switched back."""
    entry = scene.move_entry
    word = entry.typed + event.text
    if len(word) >= 2 and entry.moves_beginning(word):
        _take_back(scene)
        scene.messages.withdraw(HELD_NOTE)
        entry.typed, entry.held = "", None
        entry.start(word)
        return
    last = event.text[-1:]
    entry.typed = last if entry.moves_beginning(last) else ""


def _take_back(scene: GameScene) -> None:
    """Switch back what the letter that began the move typed switched (the board turned, analysis,
    the hint asked for)."""
    ran, scene.move_entry.ran = scene.move_entry.ran, None
    if ran is None:
        return
    name, switched = TOGGLES[ran[0]]
    if switched(scene) != ran[1]:
        getattr(scene, name)()


def _held_command(scene: GameScene, event: pygame.event.Event) -> str:
    """The name of the command of the key pressed that waits for a second press where its letter
    begins a move's name (one that cannot be taken back); "" for any other key."""
    key, kind = event.key, outside_file(scene.game.id)
    shift = event.mod & pygame.KMOD_SHIFT
    if key == pygame.K_g and shift:
        return _("Copy as GGF") if copies_ggf(scene.game.id) else ""
    if key == pygame.K_m and shift:
        return _("Copy moves alone") if copies_transcript(scene.game.id) else ""
    if key == pygame.K_g:
        return _(kind.label) if kind else ""
    return {pygame.K_n: _("New game"), pygame.K_p: _("Picture"), pygame.K_m: _("Copy moves")}.get(key, "")


def _types_text(event: pygame.event.Event) -> bool:
    """Whether the key press types a character (a letter, a digit, a sign: its TEXTINPUT follows),
    or is a modifier on the way to one (Shift for a digit on some layouts); not with Ctrl or Alt."""
    if event.key in MODIFIER_KEYS:
        return True
    if event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
        return False
    return pygame.K_SPACE < event.key < 127 or event.key in KEYPAD_DIGITS


def _letter(event: pygame.event.Event) -> str:
    """The letter of a plain letter key; "" for any other."""
    plain = not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT)
    return chr(event.key) if plain and pygame.K_a <= event.key <= pygame.K_z else ""


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
    if scene.why_no_move() or scene.board_covered() or not scene.view.has_targets(scene.state):
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
            cursor.onto_hinted(scene.view, scene.state, scene.hint_shown())
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
    return near_move(scene.view, scene.history[-1].move if scene.history else None)
