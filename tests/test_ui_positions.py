"""A position pasted on the main menu (a course exercise, an FFO endgame) is played from: the New
game screen shows it, the game starts there, and its start stays with the game through the
autosave, the saved record, the replay and Ctrl+C, which copies the position shown."""

from __future__ import annotations

import pygame
import pygame_menu

import games
from games.move_list import title_line
from games.position_text import POSITION_LINE, record_from_position
from games.record import GameRecord
from games.record_parts import Side
from tests.ui_helpers import autosaves_written, click_widget, drop, key, recorded_draws, wait
from ui import clipboard
from ui.autosave import SHELF
from ui.autosave_words import describe
from ui.match import HOTSEAT, MatchSetup
from ui.scenes.game import GameScene
from ui.scenes.menu import MenuScene
from ui.scenes.panel_header import options_parts
from ui.scenes.replay import ReplayScene
from ui.scenes.setup import SetupScene

FFO_40 = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X"  # Black to move; best a2
FFO_43 = "--XXXXX---XXXX---OOOXX---OOXXXX--OOXXXO-OOOOXOO----XOX----XXXXX- O"  # White to move


def paste(app, text: str, monkeypatch) -> None:
    monkeypatch.setattr(clipboard, "get_text", lambda: text)
    key(app, pygame.K_v, mod=pygame.KMOD_LCTRL)


def copied(app, monkeypatch, mod: int = pygame.KMOD_LCTRL) -> str:
    """What Ctrl+C puts on the clipboard on the current screen."""
    put: list[str] = []
    monkeypatch.setattr(clipboard, "put_text", lambda text: put.append(text) or True)
    key(app, pygame.K_c, mod=mod)
    return put[-1] if put else ""


def messages(app) -> list[str]:
    return [m.text for m in app.messages.current()] + [m.text for m in getattr(app.scene, "messages", app.messages).current()]


def type_move(app, text: str, frames: int = 2) -> None:
    """Enter, the move's text, Enter: the move field opened, filled and sent, as a typist would,
    with ``frames`` frames after each Enter (0: the keys wait for the next frame, which takes them
    in order with any typed after them)."""
    key(app, pygame.K_RETURN, frames=frames)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    key(app, pygame.K_RETURN, frames=frames)


def test_an_ffo_endgame_pasted_on_the_menu_is_played_from_and_keeps_its_start(app, monkeypatch):
    paste(app, f"Reversi\n{FFO_40}\n", monkeypatch)
    setup = app.scene
    assert isinstance(setup, SetupScene) and setup.start_record is not None
    assert setup.menu.get_widget("start-board") is not None and setup.menu.get_widget("usual-start") is not None
    assert setup.menu.get_widget("opt-size") is None  # the position fixes the board size
    key(app, pygame.K_RETURN)  # Start game: Human vs PC, the human Black, who is to move
    game = app.scene
    assert isinstance(game, GameScene) and game.setup.start is not None
    start = record_from_position(f"Reversi\n{FFO_40}").first_state()
    assert game.state.key() == start.key() and game.history == []
    type_move(app, "a2")  # the suite's best move
    assert [p.text for p in game.history][:1] == ["a2"]
    assert wait(app, lambda: len(game.history) >= 2, 30), "the computer answers from the position"
    # Ctrl+C: the position on the board, which pastes back as the same position
    assert record_from_position(copied(app, monkeypatch)).first_state().key() == game.state.key()
    # the autosave has the start: Continue reaches the same position
    autosaves_written()  # the last ply is written on the writer's thread
    unfinished, _problems = SHELF.unfinished()
    record = unfinished[0][1]
    assert record.start_position == game.setup.start and record.final_state().key() == game.state.key()
    assert describe(record)[1].endswith("· from a set-up position")  # as the Continue list shows it
    app.continue_game(record)
    app.run_frames(2)
    assert app.scene.state.key() == game.state.key() and app.scene.initial.key() == start.key()


def test_an_othello_board_line_pasted_alone_sets_up_reversi_at_its_size(app, monkeypatch):
    """Edax's and the FFO files' line ("<64 squares> X; comment") alone, with no line naming the
    game, was refused ("its first line should name the game"): it is a Reversi position."""
    for line, size in ((f"{FFO_40}; A2:+38", 8), ("-" * 14 + "OX----XO" + "-" * 14 + " x", 6)):
        paste(app, line, monkeypatch)
        setup = app.scene
        assert isinstance(setup, SetupScene) and setup.info.id == "reversi", messages(app)
        start = setup.start_record.first_state()
        assert start.game.size == size and start.key() == record_from_position(f"Reversi\n{line}").first_state().key()
        app.show_menu()
        app.run_frames(2)


def test_usual_start_drops_the_pasted_position(app, monkeypatch):
    paste(app, f"Reversi\n{FFO_40}", monkeypatch)
    setup = app.scene
    click_widget(app, setup.menu, "usual-start")
    assert setup.start_record is None and setup.menu.get_widget("opt-size") is not None
    assert setup.build_setup().start is None


def test_the_side_to_move_in_the_position_is_the_one_that_moves_first(app, monkeypatch):
    paste(app, f"Reversi\n{FFO_43}", monkeypatch)
    items = [title for title, _value in app.scene.menu.get_widget("human-side").get_items()]
    assert items[:2] == ["Black", "White (moves first)"]


def test_the_replay_copies_the_position_shown_with_ctrl_c_and_plays_from_it_with_c(app, monkeypatch):
    game = games.load("tictactoe")
    start = game.from_text("to-move: X\nX.O\n...\n...")
    moves = ["b2", "a3"]
    record = GameRecord.start(game, (Side(None, "A"), Side(None, "B")), {"mode": "hotseat"},
                              start_position=game.to_text(start)).with_moves(moves, game.play_line(moves, start))
    app.open_replay(record, ply=1)
    app.run_frames(2)
    replay = app.scene
    assert isinstance(replay, ReplayScene) and replay.states[0].key() == start.key()
    assert record_from_position(copied(app, monkeypatch)).first_state().key() == replay.states[1].key()
    assert isinstance(app.scene, ReplayScene), "Ctrl+C is not C"
    key(app, pygame.K_c)  # Play from here: how to go on, the record's way first
    key(app, pygame.K_RETURN)
    scene = app.scene
    assert isinstance(scene, GameScene) and [p.text for p in scene.history] == ["b2"]
    assert scene.initial.key() == start.key()


def test_a_position_dropped_as_a_text_file_sets_a_game_up_and_a_bad_one_is_named(app, monkeypatch, tmp_path):
    paste(app, "Rastros\nto-move: South\nWW......\n........\n........\n........\n........\n........\n........\n........",
          monkeypatch)
    assert isinstance(app.scene, MenuScene)
    assert any(m.startswith("The clipboard holds no game: the position cannot be read") for m in messages(app))
    path = tmp_path / "exercise.txt"
    text = "Tic-tac-toe (width=4, height=4, k=3)\nPosition:\nto-move: O\nX...\n....\n....\n....\n"
    path.write_text(text, encoding="utf-8")
    drop(app, path)
    setup = app.scene
    assert isinstance(setup, SetupScene) and setup.build_setup().options == {"width": 4, "height": 4, "k": 3}
    assert path.read_text(encoding="utf-8") == text  # read, never touched


def test_a_game_watched_from_a_position_to_its_end_replays_from_that_position(app):
    from ui.match import PC_VS_PC, MatchSetup

    game = games.load("tictactoe")
    start = game.from_text("to-move: X\nXO.\n.OX\n...")
    app.start_game(MatchSetup("tictactoe", {}, PC_VS_PC, ("level-1", "level-1"), 0.05, start=game.to_text(start)))
    scene = app.scene
    scene.speed = 3  # Max: no pause between the moves (the replay is the record's, whatever the pace)
    assert wait(app, lambda: scene.is_over() and scene.over_card.visible(), 30)
    key(app, pygame.K_e)  # the game-over card's Replay
    replay = app.scene
    assert isinstance(replay, ReplayScene) and replay.states[0].key() == start.key()
    assert replay.states[-1].key() == scene.state.key() and replay.states[-1].is_terminal()


def test_ctrl_v_takes_a_position_on_the_new_game_screen_and_says_where_to_in_a_game(app, monkeypatch):
    app.show_setup(game_id="hex")
    app.run_frames(2)
    paste(app, f"Reversi\n{FFO_43}; C7:-12;", monkeypatch)  # an Othello Board Format line
    setup = app.scene
    assert isinstance(setup, SetupScene) and setup.info.id == "reversi" and setup.start_record is not None
    key(app, pygame.K_RETURN)
    game = app.scene  # White, the computer, is to move: it may have replied by now
    assert isinstance(game, GameScene) and game.initial.to_move == 1
    paste(app, position_text_of(game), monkeypatch)
    assert not game.move_entry.open and not any(not ply.by_computer for ply in game.history)  # nothing played
    assert any(m.startswith("The clipboard holds a position, not moves") for m in messages(app))


def position_text_of(scene: GameScene) -> str:
    from games.position_text import position_text

    return position_text(scene.game, scene.state)



def test_a_trax_position_leaves_out_the_centre_tile_which_only_picks_the_usual_start(app, monkeypatch):
    trax = games.load("trax", size=8)
    state = trax.initial_state().play(trax.initial_state().legal_moves()[0])
    text = f"{title_line('trax', trax.options)}\n{POSITION_LINE}\n{trax.to_text(state)}"
    paste(app, text, monkeypatch)
    labels = [w.get_title() for w in app.scene.menu.get_widgets() if isinstance(w, pygame_menu.widgets.Label)]
    assert "Board size: 8" in " ".join(labels) and "Centre tile" not in " ".join(labels)
    key(app, pygame.K_RETURN)
    assert app.scene.initial.key() == state.key()  # the game's start: the computer, to move, may have replied by now
    parts = options_parts(app.scene)
    assert "Board size: 8" in parts and not any(p.startswith("Centre tile") for p in parts)
    app.start_game(MatchSetup("trax", {"size": 8}, mode=HOTSEAT, players=(None, None)))  # the usual start
    app.run_frames(2)
    assert any(p.startswith("Centre tile") for p in options_parts(app.scene))


def test_a_game_begun_by_the_second_side_is_numbered_from_its_first_move_on_the_panel_and_in_the_replay(app):
    """From a position with O to move, the panel and the replay paired O's first move with X's
    next one as "1. b2 a3": O's first move now stands in O's column of row 1 ("1. … b2")."""
    game = games.load("tictactoe")
    start = game.from_text("to-move: O\nX..\n...\n...")
    app.start_game(MatchSetup("tictactoe", {}, HOTSEAT, (None, None), 1.0, start=game.to_text(start)))
    scene = app.scene
    line = ["b2", "a3", "c3"]
    for text in line:
        scene._play(game.parse_move(scene.state, text), by_computer=False)
    app.run_frames(3)

    def places(cells) -> dict[int, tuple[int, int]]:
        return {plies: (rect.y, rect.x) for rect, plies in cells}

    def check(at: dict[int, tuple[int, int]]) -> None:
        (row1, o_column), (row2, x_column), (row2_again, o_column_again) = at[1], at[2], at[3]
        assert row1 < row2 == row2_again, at  # b2 alone on the first row; a3 c3 the second
        assert x_column < o_column == o_column_again, at  # b2 in O's column, as c3

    check(places(scene.panel.move_cells))
    record = GameRecord.start(game, (Side(None, "A"), Side(None, "B")), start_position=game.to_text(start))
    record = record.with_moves(line, game.play_line(line, start))
    app.open_replay(record, ply=1)
    app.run_frames(3)
    replay = app.scene
    assert isinstance(replay, ReplayScene)
    check(places(replay.move_rows))


def test_a_pasted_positions_invalid_option_is_named_by_its_label(app, monkeypatch):
    """A pasted position whose options are invalid said "option k: 5 in a row cannot fit on 3x3",
    the command line's name of an option the New game screen calls "In a row to win"; the refusal
    now names the option as its widget does, and the game by its title, not "game 'tictactoe'"."""
    paste(app, "Tic-tac-toe (width=3, height=3, k=5)\nPosition:\nto-move: X\n...\n...\n...\n", monkeypatch)
    assert isinstance(app.scene, MenuScene)
    said = [m for m in messages(app) if m.startswith("The clipboard holds no game")]
    assert said and "Tic-tac-toe: In a row to win: 5 in a row cannot fit on 3x3" in said[0], said
    assert "option k" not in said[0] and "game 'tictactoe'" not in said[0], said
    paste(app, "Hex (size=99)\nPosition:\nto-move: Blue\n...\n", monkeypatch)
    said = [m for m in messages(app) if "99 is not valid" in m]
    assert said and "Hex: Board size: 99" in said[0] and "option size" not in said[0], said


def test_a_rastros_state_as_the_course_prints_it_is_played_from(app, monkeypatch):
    """A student's notebook prints a state as ``EstadoRastros(to_move='N', white=(4, 4),
    blacks={(4, 5)})``; pasted alone on the menu it was "no game" (its first line names none), and
    in a game its pairs were taken for moves."""
    printed = "EstadoRastros(to_move='N', white=(4, 4), blacks={(4, 5)})"
    paste(app, printed, monkeypatch)
    setup = app.scene
    assert isinstance(setup, SetupScene) and setup.info.id == "rastros" and setup.start_record is not None
    key(app, pygame.K_RETURN)
    game = app.scene  # North, the computer, is to move: it may have replied by now
    assert isinstance(game, GameScene) and game.initial.key() == games.load("rastros").play_line(["4-4"]).key()
    paste(app, printed, monkeypatch)
    assert not game.move_entry.open and all(ply.by_computer for ply in game.history), game.history
    assert any(m.startswith("The clipboard holds a position, not moves") for m in messages(app))


def test_a_rastros_board_as_the_course_prints_it_is_played_from(app, monkeypatch):
    """The course's ``display`` numbers its rows ("1........1"), which the move list's reader took
    for numbered moves: "move 1 '1' is not legal"."""
    from tests.test_rastros import COURSE_BOARD

    paste(app, COURSE_BOARD, monkeypatch)
    setup = app.scene
    assert isinstance(setup, SetupScene) and setup.info.id == "rastros" and setup.start_record is not None
    assert setup.start_record.first_state().key() == games.load("rastros").play_line(["4-4", "3-3", "3-4"]).key()


def test_the_game_screen_and_the_replay_draw_the_move_list_in_one_look(app, monkeypatch):
    """The replay drew its moves in a monospaced font with the current move's whole cell lit, the
    game screen in the interface's font with the current move in bold: two looks for one list.
    Both draw it alike now (ui.move_list): the moves in the interface's font, the one shown bold."""

    game = games.load("tictactoe")
    line = ["b2", "a1", "c3"]
    app.start_game(MatchSetup("tictactoe", {}, HOTSEAT, (None, None), 1.0))
    scene = app.scene
    for text in line:
        scene._play(game.parse_move(scene.state, text), by_computer=False)
    app.run_frames(2)
    drawn = recorded_draws(monkeypatch)

    def looks() -> set[tuple[str, bool, bool]]:
        drawn.clear()
        app.invalidate()
        app.run_frames(2)
        return {(text.value, text.mono, text.bold) for text in drawn if text.value in {*line, "1.", "2."}}

    on_the_panel = looks()
    record_ = GameRecord.start(game, (Side(None, "A"), Side(None, "B"))).with_moves(line, game.play_line(line))
    app.open_replay(record_, ply=3)
    assert isinstance(app.scene, ReplayScene)
    in_the_replay = looks()
    assert in_the_replay == on_the_panel == {("1.", False, False), ("2.", False, False), ("b2", False, False),
                                              ("a1", False, False), ("c3", False, True)}
