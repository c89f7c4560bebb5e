"""Moves typed and pasted on the game screen (ui/move_entry.py), through the window's events:
Enter opens the field, typed text and Enter play, a wrong move plays nothing and keeps the text,
the screen's one-letter shortcuts are text while it is open, Ctrl+V brings a copied move list."""

from __future__ import annotations

import pygame
import pytest

import games
from games.move_list import move_list_text
from tests.test_record import PASSING_GAME, random_game
from tests.ui_helpers import click, in_language, key, recorded_text, wait
from ui import clipboard
from ui.match import HOTSEAT, HUMAN_VS_PC, MatchSetup
from ui.scenes.game import GameScene
from ui.scenes.game_board_side import play_tips
from ui.scenes.setup import SetupScene
from ui.widgets import Messages


def start(app, game_id: str = "reversi", mode: str = HOTSEAT, players=(None, None), clock=None) -> GameScene:
    setup = MatchSetup(game_id, {}, mode, players, 0.1, **({"clock": clock} if clock else {}))
    scene = GameScene(app, setup)
    app.switch(scene)
    app.run_frames(2)
    return scene


def type_text(app, text: str) -> None:
    """What the keyboard sends for typed characters: a key press (a shortcut letter, when it is
    one) and the text itself."""
    for char in text:
        code = pygame.key.key_code(char) if char.strip() else pygame.K_SPACE
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=char, scancode=0))
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=char))
    app.run_frames(2)


def enter_moves(app, text: str) -> None:
    """Enter opens the field, ``text`` is typed, Enter plays it."""
    key(app, pygame.K_RETURN)
    type_text(app, text)
    key(app, pygame.K_RETURN)


def paste(app, monkeypatch, text: str) -> None:
    """Ctrl+V with ``text`` on the clipboard: the field opens holding it."""
    monkeypatch.setattr(clipboard, "get_text", lambda: text)
    key(app, pygame.K_v, mod=pygame.KMOD_LCTRL)


def played(scene: GameScene) -> list[str]:
    return [ply.text for ply in scene.history]


def messages(scene: GameScene) -> list[str]:
    return [m.text for m in scene.messages.current()]


def test_typed_moves_are_played_and_the_field_closes(app):
    scene = start(app)
    key(app, pygame.K_RETURN)
    assert scene.move_entry.open
    type_text(app, "d3 c5")
    assert scene.move_entry.field.text == "d3 c5"
    key(app, pygame.K_RETURN)
    assert played(scene) == ["d3", "c5"] and not scene.move_entry.open
    assert "Played 2 moves" in messages(scene)
    key(app, pygame.K_KP_ENTER)  # the keypad's Enter too; one move
    type_text(app, "F6")
    key(app, pygame.K_KP_ENTER)
    assert played(scene) == ["d3", "c5", "f6"]


def test_a_wrong_move_in_a_list_plays_nothing_and_keeps_the_text(app):
    scene = start(app)
    key(app, pygame.K_RETURN)
    type_text(app, "d3 c5 d9")
    key(app, pygame.K_RETURN)
    assert played(scene) == [] and scene.move_entry.open
    assert scene.move_entry.field.text == "d3 c5 d9"
    said = messages(scene)[-1]
    assert said.startswith("Move 3 of the list (d9)") and "off the board" in said and "Nothing was played" in said
    key(app, pygame.K_BACKSPACE)
    type_text(app, "6")
    key(app, pygame.K_RETURN)
    assert played(scene) == ["d3", "c5", "d6"]
    key(app, pygame.K_RETURN)
    type_text(app, "a1")  # a cell, but flips nothing: the game's own reason
    key(app, pygame.K_RETURN)
    assert played(scene) == ["d3", "c5", "d6"] and messages(scene)[-1] == "Not a legal move: a1 flips no discs"


@pytest.mark.parametrize("size", [(800, 600), (1024, 768), (1280, 800)])
def test_the_board_keeps_its_size_when_the_field_opens(app, size):
    """The layout gave the open field and a message over it room taken from the board: the board
    shrank by 14 to 28 pixels whenever Enter was pressed.  The field lies over the panel's last
    row of buttons now, off the board side, and a message about the moves typed stands on the
    status line, its usual place, clear of the field."""
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    app.run_frames(2)
    for game_id in games.available_ids():
        scene = start(app, game_id)
        before = scene.view.rect.copy(), board_cells(scene.view)
        key(app, pygame.K_RETURN)
        assert scene.move_entry.open, game_id
        assert (scene.view.rect, board_cells(scene.view)) == before, (game_id, size)
        field = scene.move_entry.field.rect
        assert scene.panel.rect.contains(field) and not field.colliderect(scene.board_area), (game_id, size)
        message_top = scene.board_side.messages_bottom() - Messages.pill_height(app.scale)
        assert message_top >= scene.view.rect.bottom, (game_id, size)
        key(app, pygame.K_ESCAPE)
        assert not scene.move_entry.open and scene.view.rect == before[0], game_id


def board_cells(view) -> tuple:
    """The size of the board's cells as laid out (None for a view without a grid of cells)."""
    return getattr(view, "cell", None), pygame.Rect(getattr(view, "grid", (0, 0, 0, 0)))


def test_a_click_on_the_field_is_not_taken_by_the_button_under_it(app):
    """The field lies over the panel's last row of buttons (New game, Menu): a click on the field
    keeps the field and the game, the buttons under it do not hear it."""
    scene = start(app, "tictactoe")
    key(app, pygame.K_RETURN)
    field = scene.move_entry.field.rect
    under = [b for b in scene.buttons if b.visible and field.colliderect(b.rect)]
    assert under, "no button under the field"
    for button in under:
        click(app, button.rect.clip(field).center)
        assert app.scene is scene and scene.move_entry.open and scene.history == [], button.label


def test_shortcut_letters_are_text_while_the_field_is_open_and_esc_only_closes_it(app):
    scene = start(app, "tictactoe")
    key(app, pygame.K_RETURN)
    type_text(app, "b2 a1")
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RETURN)
    type_text(app, "nua")  # N: new game, U: undo, A: analysis, outside the field
    assert scene.move_entry.field.text == "nua" and played(scene) == ["b2", "a1"]
    assert not scene.analysis.active
    key(app, pygame.K_ESCAPE)  # closes the field, does not leave the game
    assert not scene.move_entry.open and app.scene is scene
    key(app, pygame.K_u)  # the shortcuts work again
    assert played(scene) == ["b2"]


def test_ctrl_v_brings_a_copied_game_and_enter_plays_it(app, monkeypatch):
    for game_id in games.available_ids():
        record, final = random_game(game_id, seed=7, max_plies=30)
        monkeypatch.setattr(clipboard, "get_text", lambda record=record: move_list_text(record))
        scene = start(app, game_id)
        key(app, pygame.K_v, mod=pygame.KMOD_LCTRL)
        assert scene.move_entry.field.text == " ".join(record.moves)  # the moves alone, not the header
        key(app, pygame.K_RETURN)
        assert played(scene) == record.moves, game_id
        assert scene.state.key() == final.key()


def test_a_bare_move_list_on_lines_or_under_the_games_name_is_pasted_as_moves(app, monkeypatch):
    """A course's "Reversi" then ``d3 c5 f6``, or moves on two lines, has the shape of a position
    text: Ctrl+V said "The clipboard holds a position" and pasted nothing."""
    for text in ("Reversi\nd3 c5 f6", "d3 c5\nf6", "Reversi (size=8)\nd3\nc5\nf6"):
        monkeypatch.setattr(clipboard, "get_text", lambda text=text: text)
        scene = start(app)
        key(app, pygame.K_v, mod=pygame.KMOD_LCTRL)
        assert scene.move_entry.field.text == "d3 c5 f6", text
        key(app, pygame.K_RETURN)
        assert played(scene) == ["d3", "c5", "f6"], text


def test_an_othello_transcript_pasted_plays_the_game_with_its_passes(app, monkeypatch):
    """WZebra's and Edax's "F5D6C3..." (squares run together, passes left out or written "--")
    was one unreadable move: it is the game, and the passes it left out are played."""
    transcript = "".join(move.upper() for move in PASSING_GAME[:25] if move != "pass")
    for text in (transcript, transcript.replace("C1", "C1--")):
        monkeypatch.setattr(clipboard, "get_text", lambda text=text: text)
        scene = start(app)
        key(app, pygame.K_v, mod=pygame.KMOD_LCTRL)
        key(app, pygame.K_RETURN)
        assert played(scene) == PASSING_GAME[:25], text
    # the whole transcript pasted part way through the game: its head counted in plies, passes and all
    for head in (8, 9, 21):  # before Black's pass, after it (the transcript has no word for it), after White's
        scene = start(app)
        key(app, pygame.K_RETURN)
        type_text(app, " ".join(PASSING_GAME[:head]))
        key(app, pygame.K_RETURN)
        assert played(scene) == PASSING_GAME[:head]
        monkeypatch.setattr(clipboard, "get_text", lambda: transcript)
        key(app, pygame.K_v, mod=pygame.KMOD_LCTRL)
        key(app, pygame.K_RETURN)
        assert played(scene) == PASSING_GAME[:25], head


def test_rastros_moves_as_the_course_notebook_writes_them(app, monkeypatch):
    """The notebook writes a square ``(4, 4)`` (its human player types one), a game as
    ``print(jogaRastros11(...))`` shows it: each pair used to be cut at its comma into "(4" and
    "4)", which no game reads."""
    scene = start(app, "rastros")
    enter_moves(app, "(4, 4)")
    assert played(scene) == ["4-4"] and not scene.move_entry.open
    paste(app, monkeypatch, "([('ObtusoSW', (4, 4)), ('Bacoco', (3, 3)), ('ObtusoSW', (3, 4))], -1)")
    key(app, pygame.K_RETURN)
    assert played(scene) == ["4-4", "3-3", "3-4"]


def test_the_class_notebooks_squares_typed_or_its_printed_game_pasted_are_played(app, monkeypatch):
    """Tic-tac-toe's squares as the adversarial-search notebook writes them, (x, y) from 0: typed
    "(1, 1)" was split at its comma and refused ("'(1' is not a cell name like a1")."""
    from tests.test_tictactoe import NOTEBOOK_GAME

    scene = start(app, "tictactoe")
    enter_moves(app, "(1, 1)")
    assert played(scene) == ["b2"]
    scene = start(app, "tictactoe")
    paste(app, monkeypatch, NOTEBOOK_GAME)
    key(app, pygame.K_RETURN)
    assert played(scene) == ["b2", "a1", "c1", "a3", "a2", "c2"]


def test_a_whole_game_pasted_part_way_through_it_plays_the_rest(app, monkeypatch):
    """A game copied from elsewhere starts at move 1: where its first moves are the ones on the
    board, the rest is played; where they are all on the board already, that is said."""
    for game_id in games.available_ids():
        record, final = random_game(game_id, seed=11, max_plies=24)
        if len(record.moves) < 4:
            continue
        monkeypatch.setattr(clipboard, "get_text", lambda record=record: move_list_text(record))
        scene = start(app, game_id)
        key(app, pygame.K_RETURN)
        type_text(app, " ".join(record.moves[:3]))
        key(app, pygame.K_RETURN)
        assert played(scene) == record.moves[:3]
        key(app, pygame.K_v, mod=pygame.KMOD_LCTRL)
        key(app, pygame.K_RETURN)
        assert played(scene) == record.moves and scene.state.key() == final.key(), game_id
        key(app, pygame.K_END)
        if scene.why_no_move():  # the copied game ended
            continue
        key(app, pygame.K_v, mod=pygame.KMOD_LCTRL)
        key(app, pygame.K_RETURN)
        assert messages(scene)[-1] == "Those moves are already on the board" and scene.move_entry.open


def test_a_pasted_game_that_left_this_one_names_its_first_wrong_move(app, monkeypatch):
    monkeypatch.setattr(clipboard, "get_text", lambda: "1. d3 c5 2. f6 f5")
    scene = start(app)
    key(app, pygame.K_RETURN)
    type_text(app, "d3 e3")
    key(app, pygame.K_RETURN)
    key(app, pygame.K_v, mod=pygame.KMOD_LCTRL)
    key(app, pygame.K_RETURN)
    assert played(scene) == ["d3", "e3"] and scene.move_entry.open
    assert messages(scene)[-1].startswith("Move 1 of the list (d3):")


def test_the_clipboard_without_moves_is_said(app, monkeypatch):
    scene = start(app)
    monkeypatch.setattr(clipboard, "get_text", lambda: "")
    key(app, pygame.K_v, mod=pygame.KMOD_LCTRL)
    assert not scene.move_entry.open and messages(scene) == ["The clipboard holds no moves"]


def test_the_field_only_opens_for_a_human_to_move(app, computer_thinks_until_told):
    """Enter on the computer's turn opens no field; on an earlier position, looked back at, none
    either.  The computer's turn lasts until the test has pressed Enter (``computer_thinks_until_told``):
    a warm level 1 answers within milliseconds, and where the frames of the typing outlast
    ``HUMAN_VS_PC_DELAY`` (a loaded machine) its reply is played before the Enter, which then
    opens the field."""
    scene = start(app, "tictactoe", HUMAN_VS_PC, (None, "level-1"))
    key(app, pygame.K_RETURN)
    type_text(app, "b2")
    key(app, pygame.K_RETURN)
    assert played(scene) == ["b2"]
    key(app, pygame.K_RETURN)  # the computer is to move
    assert not scene.move_entry.open and played(scene) == ["b2"]
    assert messages(scene)[-1] in ("Wait: the computer is thinking", "It is the computer's turn")
    computer_thinks_until_told.release()
    assert app.run_frames(300, until=lambda: len(scene.history) == 2, timeout=60)
    key(app, pygame.K_LEFT)  # looking back
    key(app, pygame.K_RETURN)
    assert not scene.move_entry.open and messages(scene)[-1].startswith("An earlier position")


def test_a_list_may_set_up_both_sides_against_the_computer(app, computer_thinks_until_told):
    """A course example set up by hand: the computer's moves in the list are played for it, and it
    answers the position the list ends in.  It thinks until the list is seen played
    (``computer_thinks_until_told``): a warm level 1's answer could be in first."""
    scene = start(app, "tictactoe", HUMAN_VS_PC, (None, "level-1"))
    key(app, pygame.K_RETURN)
    type_text(app, "b2 a1 c3")
    key(app, pygame.K_RETURN)
    assert played(scene) == ["b2", "a1", "c3"]
    computer_thinks_until_told.release()
    assert app.run_frames(300, until=lambda: len(scene.history) == 4, timeout=60)
    assert scene.history[3].by_computer


def test_on_a_clock_the_field_takes_one_move_at_a_time(app):
    scene = start(app, "reversi", clock="5m")
    key(app, pygame.K_RETURN)
    type_text(app, "d3 c5")
    key(app, pygame.K_RETURN)
    assert played(scene) == [] and messages(scene)[-1] == "On a clock, type one move at a time"
    for _ in range(3):
        key(app, pygame.K_BACKSPACE)
    key(app, pygame.K_RETURN)
    assert played(scene) == ["d3"]


def test_a_click_elsewhere_closes_the_field_and_does_what_it_does(app):
    scene = start(app, "tictactoe")
    key(app, pygame.K_RETURN)
    type_text(app, "b")
    click(app, scene.view.rect.center)  # the centre cell: b2
    assert not scene.move_entry.open and played(scene) == ["b2"]


def test_the_field_is_drawn_over_the_panel_and_the_status_line_says_its_keys(app, monkeypatch):
    scene = start(app)
    drawn = recorded_text(monkeypatch)
    key(app, pygame.K_RETURN)
    assert "Move:" in drawn and "A move or a list, like d3: Enter plays, Esc closes, Ctrl+V pastes" in drawn
    drawn.clear()
    type_text(app, "d3 c5")
    assert "d3 c5" in drawn
    field = scene.move_entry.field.rect
    assert scene.panel.rect.contains(field) and field.bottom <= app.size[1]


@pytest.mark.parametrize("size", [(800, 600), (1024, 768)])
def test_at_larger_text_in_portuguese_the_one_line_card_says_what_to_do(app, monkeypatch, size):
    """With the move field open the one-line thinking card said "Pronto" and nothing else: its
    tip, "Cima ou Baixo: um cursor no tabuleiro" (keys the open field takes for itself), had no
    room beside it.  It says the field's keys now, and once Esc closes the field how to play by
    the keyboard: beside "Pronto" where a form of the tip fits, else in its place."""
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    app.settings.text_size = 1.5
    with in_language(app, "pt"):
        scene = start(app, "tictactoe", HUMAN_VS_PC, (None, "level-3"))
        drawn = recorded_text(monkeypatch)
        for press in (pygame.K_RETURN, pygame.K_ESCAPE):
            drawn.clear()
            key(app, press)
            assert scene.move_entry.open is (press == pygame.K_RETURN)
            tips = play_tips(scene)
            assert [text for text in drawn if text in tips], (press, tips, drawn)
            assert "Enter joga, Esc fecha" in drawn or press != pygame.K_RETURN
    assert app.size == size


def test_trax_turns_typed_and_pasted_as_the_courses_code_writes_them(app, monkeypatch):
    """A student of the Trax course writes a turn as ``move()`` returns it, ``[[5, 4, 'dlld']]``
    (row and column from 0): the field said it was not a Trax move like e5/.  Typed, it plays that
    tile; pasted, a list of turns (a student's game) plays them all; a malformed one says what a
    turn is, plays nothing and stays in the field."""
    scene = start(app, "trax")
    enter_moves(app, "[[5, 4, 'dlld']]")
    assert played(scene) == ["e6\\"] and not scene.move_entry.open
    paste(app, monkeypatch, "[[[4, 5, 'dldl']], [[4, 6, 'dlld'], [5, 6, 'ddll']]]")
    assert scene.move_entry.field.text == "[[4, 5, 'dldl']] [[4, 6, 'dlld'], [5, 6, 'ddll']]"
    key(app, pygame.K_RETURN)
    assert played(scene) == ["e6\\", "f5+", "g5\\"] and "Played 2 moves" in messages(scene)
    assert scene.state.cells[5 * 10 + 6] and scene.state.to_move == 1  # g6, the forced tile, laid in Light's turn
    enter_moves(app, "[[7, 5]]")
    assert played(scene) == ["e6\\", "f5+", "g5\\"] and scene.move_entry.field.text == "[[7, 5]]"
    assert messages(scene)[-1] == ("Not a legal move: '[[7, 5]]' is not a course turn like [[4, 2, 'lddl']]: "
                                   "[row, column, tile] for each tile, counted from 0")



def test_a_refused_move_is_chosen_so_the_next_one_typed_replaces_it(app, monkeypatch):
    """A move refused stays in the field, chosen (drawn on a highlight): the move typed next takes
    its place; it was added to its end, "b9" then "c3" read "b9c3", refused again."""
    from tests.ui_helpers import recorded_text_rects

    scene = start(app, "tictactoe")
    enter_moves(app, "b2")
    enter_moves(app, "b9")  # off the board: refused
    assert played(scene) == ["b2"] and scene.move_entry.open and scene.move_entry.field.text == "b9"
    drawn = recorded_text_rects(monkeypatch)
    scene.draw(app.screen)
    field = scene.move_entry.field.rect
    shown = next(rect for text, rect in drawn if text == "b9" and field.contains(rect))
    behind, ground = app.screen.get_at((shown.x - 1, shown.centery)), app.screen.get_at((field.right - 6, field.centery))
    assert behind != ground, "the refused text is not shown chosen"
    type_text(app, "c3")
    key(app, pygame.K_RETURN)
    assert played(scene) == ["b2", "c3"]


def place(scene: GameScene, key) -> tuple[int, int]:
    """The middle of the board's place ``key`` (a grid's (row, column), a Hex cell, an Alquerque point)."""
    return dict(scene.view.targets(scene.state))[key].center


@pytest.mark.parametrize("game_id, before, typed, clicked, reason", [
    ("tictactoe", ["c2", "c3"], "c2", [(1, 2)], "c2 is already taken"),
    ("hex", ["c3", "d4"], "c3", [2 * 11 + 2], "c3 is already taken"),
    ("reversi", [], "d4", [(3, 3)], "d4 is already taken"),
    ("reversi", [], "a1", [(0, 0)], "a1 flips no discs"),
    ("rastros", [], "1-1", [(0, 0)], "1-1 is not next to the piece"),
    ("alquerque", [], "c2-c1", [7, 2], "c2-c1: a piece never moves backwards"),
    ("trax", [], "f6/", [(5, 5)], "f6 is not empty"),
    ("trax", [], "a1/", [(0, 0)], "a1 does not touch a tile"),
    ("trax", [], "e5/", [(4, 4)], "e5 touches a tile only at a corner: a tile goes next to another, edge to edge"),
])
def test_a_refused_move_typed_or_clicked_is_told_the_rules_reason(app, game_id, before, typed, clicked, reason):
    """Tic-tac-toe's c2 typed onto its own X was refused as "'c2' is not a legal move here; legal:
    b2, b1, a2, ..." (the legal moves unsorted), and a click there as "That square is taken"; the
    other games' clicks had words of their own too.  Now both say what the rules say
    (``Game.why_illegal``), the same words.  Trax on Tabuleiro's notation, whose labels round the
    board are the cells typed (on Official a click names the space as its labels do:
    tests/test_trax_notation.py)."""
    app.settings.trax_notation = "tabuleiro"
    scene = GameScene(app, MatchSetup(game_id, {}, HOTSEAT, (None, None), 0.1), before)
    app.switch(scene)
    app.run_frames(2)
    enter_moves(app, typed)
    said = messages(scene)[-1]
    assert played(scene) == before and said.startswith("Not a legal move: ") and reason in said, said
    key(app, pygame.K_ESCAPE)
    for spot in clicked:
        click(app, place(scene, spot))
    assert played(scene) == before and messages(scene)[-1] == reason


@pytest.mark.parametrize("game_id, before, wrong, right, refused, now", [
    ("trax", [], (0, 0), (5, 6), "That space does not touch a tile", "Pick a tile"),  # the picker opens
    ("alquerque", [], 10, 7, "a3 is Black's piece: click one of White's pieces", "c2 selected"),  # c2 is picked
    ("rastros", [], (0, 0), (3, 3), "1-1 is not next to the piece", "North"),  # 4-4 is played
])
def test_a_refusal_goes_once_the_next_click_is_taken(app, game_id, before, wrong, right, refused, now):
    """A newcomer's wrong click, then a right one: the refusal stayed on screen over the status
    line (Trax's "That space does not touch a tile" with its tile picker open, hiding "Pick a tile"), so
    the board seemed to refuse the move it had just taken.  It goes as soon as a click is taken."""
    from tests.test_ui_game import status_line

    scene = GameScene(app, MatchSetup(game_id, {}, HOTSEAT, (None, None), 0.1), before)
    app.switch(scene)
    app.run_frames(2)
    click(app, place(scene, wrong))
    assert messages(scene) == [refused]
    click(app, place(scene, right))
    assert refused not in messages(scene)
    assert now in status_line(app, scene)


@pytest.mark.parametrize("ask", ["click", "enter"])
def test_why_the_board_waited_goes_once_the_computer_has_moved(app, ask, computer_thinks_until_told):
    """A newcomer clicks (or presses Enter) while the computer thinks: "Wait: the computer is
    thinking" stood on for its seconds after the reply came, under "Your move", so the board
    seemed still closed to them.  It goes with the computer's move.  The computer thinks until
    the newcomer has clicked (``computer_thinks_until_told``): a warm level 1's reply, played
    once ``HUMAN_VS_PC_DELAY`` had passed in a loaded machine's slow frames, could come before
    the typed move's last frame, and the click then played a1."""
    scene = start(app, "tictactoe", HUMAN_VS_PC, (None, "level-1"))
    enter_moves(app, "b2")
    assert played(scene) == ["b2"]
    if ask == "click":
        click(app, place(scene, (0, 0)))
    else:
        key(app, pygame.K_RETURN)
    waited = ("Wait: the computer is thinking", "It is the computer's turn")
    assert set(messages(scene)) & set(waited) and played(scene) == ["b2"]
    computer_thinks_until_told.release()
    assert app.run_frames(300, until=lambda: len(scene.history) == 2, timeout=60)
    app.run_frames(2)
    assert not set(messages(scene)) & set(waited)


def test_a_typed_moves_refusal_goes_once_a_move_is_played(app):
    """"Not a legal move: 'zz9' is not a cell name" stayed for seconds after the cursor (or a
    click) played a legal move, as if that move had been refused."""
    scene = start(app, "hex")
    enter_moves(app, "zz9")
    refusal = [m for m in messages(scene) if "zz9" in m]
    assert refusal and played(scene) == []
    key(app, pygame.K_ESCAPE)
    click(app, place(scene, 5 * 11 + 5))
    assert played(scene) == ["f6"]
    assert not set(messages(scene)) & set(refusal)


def test_a_move_typed_without_enter_opens_the_field_and_the_letter_does_not_turn_the_board(app):
    """Typing "f5" with the field closed turned the board (F) and the 5 went nowhere: now the
    field opens holding "f5", the board as it was, and Enter plays it."""
    scene = start(app)
    type_text(app, "f5")
    assert scene.move_entry.open and scene.move_entry.field.text == "f5"
    assert not scene.view.turned
    key(app, pygame.K_RETURN)
    assert played(scene) == ["f5"] and not scene.move_entry.open


def test_f_alone_still_turns_the_board(app):
    scene = start(app)
    type_text(app, "f")
    assert scene.view.turned and not scene.move_entry.open
    key(app, pygame.K_ESCAPE)  # a key that types nothing ends the word: a 5 now is no move
    type_text(app, "5")
    assert scene.view.turned and not scene.move_entry.open


@pytest.mark.parametrize("game_id", ["tictactoe", "hex", "reversi", "rastros", "alquerque", "trax"])
def test_every_games_move_can_be_typed_without_enter(app, game_id):
    """A legal move's name typed straight onto the board, then Enter, plays it, in every game."""
    scene = start(app, game_id)
    name = scene.game.format_move(scene.state, scene.state.legal_moves()[-1])
    type_text(app, name)
    assert scene.move_entry.open and scene.move_entry.field.text == name
    key(app, pygame.K_RETURN)
    assert played(scene) == [name]


def test_n_that_begins_a_move_waits_for_a_second_press(app):
    """On a board with an n column, "n5" typed started a new game at once, the game lost: N
    there waits, the message line saying so; the 5 goes on typing the move, N again opens the New
    game screen.  On a board without an n column N acts at once, as ever."""
    setup = MatchSetup("hex", {"size": 14}, HOTSEAT, (None, None), 0.1)
    scene = GameScene(app, setup, ["a1"])
    app.switch(scene)
    app.run_frames(2)
    type_text(app, "n5")
    assert played(scene) == ["a1"] and scene.move_entry.field.text == "n5"
    key(app, pygame.K_RETURN)
    assert played(scene) == ["a1", "n5"]
    type_text(app, "n")
    assert played(scene) == ["a1", "n5"] and any("N again: New game" in m for m in messages(scene))
    type_text(app, "n")
    assert isinstance(app.scene, SetupScene) and not scene.move_entry.open  # N: the New game screen
    small = start(app, "tictactoe")
    enter_moves(app, "b2")
    type_text(app, "n")
    assert isinstance(app.scene, SetupScene) and played(small) == ["b2"]


# Reversi 8x8 with Black to move and h2 legal: H begins a move's name there
REVERSI_WITH_H = ["e6", "d6", "c3", "f4", "d7", "c5", "g4", "g3"]


@pytest.mark.parametrize("game_id, moves, typed", [("reversi", REVERSI_WITH_H, "h2"), ("hex", [], "h3")])
def test_h_asks_for_the_hint_at_once_and_a_move_typed_after_it_drops_it(app, game_id, moves, typed,
                                                                       computer_thinks_until_told):
    """H waited for a second press wherever a legal move's name begins with h (every Hex game,
    Reversi 8x8 once an h square is legal; the message line said "H again: Hint"), so the hint
    took two presses: H asks at once now, and a move typed after it ("h2") stops that search and
    drops its mark, the move in the field as before.  The computer's answer to it thinks until
    the test ends (``computer_thinks_until_told``; the hint's search is the level's own): a warm
    level 1's could be played before the moves were looked at."""
    setup = MatchSetup(game_id, {}, HUMAN_VS_PC, (None, "level-1"), 0.1)
    scene = GameScene(app, setup, moves)
    app.switch(scene)
    app.run_frames(2)
    assert scene.human_to_move() and scene.move_entry.moves_beginning("h")
    type_text(app, "h")
    assert hint_asked(scene) and not scene.move_entry.open
    assert not any("again" in m for m in messages(scene))
    type_text(app, typed[1:])
    assert scene.move_entry.open and scene.move_entry.field.text == typed
    assert scene.computer.job is None and scene.hint is None
    key(app, pygame.K_RETURN)
    assert played(scene) == [*moves, typed]


def test_h_pressed_once_gives_the_hint_on_a_board_with_an_h_column(app):
    """The hint H asked for comes and is marked, though h2 is a legal move's name."""
    setup = MatchSetup("reversi", {}, HUMAN_VS_PC, (None, "level-1"), 0.1)
    scene = GameScene(app, setup, REVERSI_WITH_H)
    app.switch(scene)
    app.run_frames(2)
    type_text(app, "h")
    assert wait(app, lambda: scene.hint is not None, 60)
    assert scene.hint in scene.state.legal_moves() and any(m.startswith("Hint:") for m in messages(scene))


def hint_asked(scene: GameScene) -> bool:
    """A hint is being searched, or already given."""
    return (scene.computer.job is not None and scene.computer.job_kind == "hint") or scene.hint is not None


def test_a_clipboard_longer_than_any_game_is_said_and_opens_no_field(app, monkeypatch):
    """Ctrl+V of 50 MB read it all as moves (half a minute) and put millions of them in the field."""
    from games.record_parts import MAX_TEXT_CHARS

    scene = start(app)
    paste(app, monkeypatch, "d3 " * (MAX_TEXT_CHARS // 3 + 1))
    assert not scene.move_entry.open and played(scene) == []
    assert messages(scene)[-1].startswith("The clipboard holds no moves: too long to be a game's moves or position")


def test_the_status_line_says_the_open_fields_words_as_a_sentence(app):
    """Enter opened the field and the line under the board said "a move or a list, like d3: Enter
    plays, ..." with a small letter, where every other line there starts with a capital ("Your
    move (Black) · Enter to type it"); in the field, after its label "Move:", the small letter
    stays.  In Portuguese too."""
    scene = start(app)
    key(app, pygame.K_RETURN)
    assert scene.move_entry.open
    assert scene.board_side.status()[0] == ("A move or a list, like d3: Enter plays, Esc closes, Ctrl+V pastes",)
    assert scene.move_entry.field.placeholder.startswith("a move")
    with in_language(app, "pt"):
        scene.move_entry.say_its_words()
        assert scene.board_side.status()[0][0].startswith("Uma jogada ou uma lista")
