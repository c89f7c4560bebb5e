"""A game copied as text comes back: pasted on the main menu or the saved games (Ctrl+V), or
dropped on the window as a text file, it opens in the replay viewer, and playing on from it meets
the computer player the text names."""

from __future__ import annotations

import pygame
import pytest

import games
from games.move_list import move_list_text
from games.record import GameRecord
from games.record_parts import Side
from tests.ui_helpers import drop, key, words_in
from ui import clipboard
from ui.scenes.game import GameScene
from ui.scenes.menu import MenuScene
from ui.scenes.records import RecordsScene
from ui.scenes.replay import ReplayScene

COPIED = """Reversi (size=8)
Black: You  White: Level 3
Date: 2026-11-23T09:41:00+00:00
1. d3 c5 2. f6 f5 3. e6 e3
Result: unfinished
"""


def paste(app, text: str, monkeypatch, mod: int = pygame.KMOD_LCTRL) -> None:
    monkeypatch.setattr(clipboard, "get_text", lambda: text)
    key(app, pygame.K_v, mod=mod)


def messages(app) -> list[str]:
    return [m.text for m in app.messages.current()] + [m.text for m in getattr(app.scene, "messages", app.messages).current()]


def test_a_game_pasted_on_the_main_menu_opens_in_the_replay_and_plays_on_against_its_computer(app, monkeypatch):
    assert isinstance(app.scene, MenuScene)
    paste(app, COPIED, monkeypatch)
    scene = app.scene
    assert isinstance(scene, ReplayScene)
    record = scene.record
    assert record.game_id == "reversi" and record.moves == ["d3", "c5", "f6", "f5", "e6", "e3"]
    assert [(p.id, p.title) for p in record.players] == [(None, "You"), ("level-3", "Level 3")]
    scene.go(4)
    scene.continue_here()
    app.run_frames(2)
    game = app.scene
    assert isinstance(game, GameScene) and [p.text for p in game.history] == ["d3", "c5", "f6", "f5"]
    assert game.setup.players == (None, "level-3")


def test_what_is_no_game_is_said_on_the_menu_and_nothing_opens(app, monkeypatch):
    paste(app, "Dear class, here is the game", monkeypatch)
    assert isinstance(app.scene, MenuScene)
    assert any(m.startswith("The clipboard holds no game: its first line should name the game") for m in messages(app))
    paste(app, "", monkeypatch)
    assert any(m.startswith("The clipboard holds no text") for m in messages(app))
    paste(app, COPIED.replace("1. d3", "1. a1"), monkeypatch)  # no move to keep: said, nothing opens
    assert isinstance(app.scene, MenuScene)
    assert any("move 1 'a1' is not legal" in m for m in messages(app))
    paste(app, COPIED.replace("e6 e3", "e6 a1"), monkeypatch)  # its five legal moves open, the sixth said
    assert isinstance(app.scene, ReplayScene) and app.scene.record.moves == ["d3", "c5", "f6", "f5", "e6"]
    assert any(m.startswith("Move 6 'a1' is not legal") and "(5 moves kept)" in m for m in messages(app))


def test_a_game_pasted_on_a_replay_opens_in_its_place(app, monkeypatch):
    """Ctrl+V on a Hex replay, a game copied in a text editor: it opens, as on the main menu.  It
    was V alone there: the replay turned Hex's connections on (in another game, said they are
    Hex's), and the pasted game never opened."""
    paste(app, "Hex (size=5)\n1. c3 b2", monkeypatch)
    hex_replay = app.scene
    assert isinstance(hex_replay, ReplayScene) and hex_replay.record.game_id == "hex"
    paste(app, COPIED, monkeypatch)
    assert isinstance(app.scene, ReplayScene) and app.scene is not hex_replay, messages(app)
    assert app.scene.record.moves == ["d3", "c5", "f6", "f5", "e6", "e3"]
    assert not hex_replay.connections.active


@pytest.mark.parametrize("text, said, kept", [
    ("Hex\nf6 e7 f6", "Move 3 'f6' is not legal: f6 is already taken", 2),
    ("Hex (size=11)\n1. f6 e7 2. zz", "Move 3 'zz' is not legal", 2),
    ("Trax\n[[5, 4, 'dlld']] [[5, 4, 'dlld']]", "Move 2 ", 1),
])
def test_a_bare_move_list_with_a_wrong_move_says_which_move_not_that_it_is_no_board(app, monkeypatch, text, said,
                                                                                     kept):
    """Moves under the game's name are read as a position first: one wrong move made the message
    the position's ("expected 11 rows of 11 cells"), not the move's.  The moves before it open;
    the message starts with a capital (it read "move 3 'f6' is not legal ...")."""
    paste(app, text, monkeypatch)
    assert isinstance(app.scene, ReplayScene) and len(app.scene.record.moves) == kept
    assert any(said in m for m in messages(app)), messages(app)
    app.show_menu()
    paste(app, "Hex (size=3)\n. . B\n. R .", monkeypatch)  # a board with a row missing: still said as a board
    assert any("expected 3 rows of 3 cells" in m for m in messages(app)), messages(app)


def test_an_othello_transcript_alone_pasted_on_the_main_menu_opens_as_reversi(app, monkeypatch):
    """WZebra's and Edax's copy is the moves alone, "F5D6C3...": it was refused for naming no game.
    It opens on the board where it is legal from the start (8x8, else 10x10 or 6x6)."""
    for text, size in (("F5D6C3D3C4F4F6", 8), ("c2b2a2", 6)):
        paste(app, text, monkeypatch)
        scene = app.scene
        assert isinstance(scene, ReplayScene), messages(app)
        assert scene.record.game_id == "reversi" and scene.record.options == {"size": size}
        assert "".join(scene.record.moves) == text.lower()
        app.show_menu()
        app.run_frames(2)
    paste(app, "b2 a1 c3", monkeypatch)  # a tic-tac-toe game, not legal Reversi: the game's name is asked for
    assert isinstance(app.scene, MenuScene)
    assert any(m.startswith("The clipboard holds no game: its first line should name the game") for m in messages(app))


def test_an_othello_game_numbered_as_books_print_it_opens_as_reversi(app, monkeypatch):
    """A game copied numbered, as Othello books and sites print one (``1. f5 d6 2. c3 d3``, or each
    ply numbered, ``1. F5 2. D6``), was refused on the main menu for naming no game: Hex plays
    any squares too, so two games read it.  Like the transcript run together, it is Reversi's,
    on the board where it is legal (10x10 for this one)."""
    line = ["f7", "g7", "h7", "h8", "h9", "i9"]  # a 10x10 opening (the start sits on e5-f6 there)
    assert games.load("reversi", size=10).play_line(line).legal_moves()
    for text, moves, size in (("1. f5 d6 2. c3 d3 3. c4 f4", ["f5", "d6", "c3", "d3", "c4", "f4"], 8),
                              ("1. F5 2. D6 3. C3 4. D3 5. C4", ["f5", "d6", "c3", "d3", "c4"], 8),
                              (" ".join(f"{n}. {move}" for n, move in enumerate(line, 1)), line, 10)):
        paste(app, text, monkeypatch)
        scene = app.scene
        assert isinstance(scene, ReplayScene), messages(app)
        assert scene.record.game_id == "reversi" and scene.record.options == {"size": size}
        assert scene.record.moves == moves
        app.show_menu()
        app.run_frames(2)


def test_the_saved_games_take_a_pasted_game_too(app, monkeypatch):
    app.switch(RecordsScene(app))
    app.run_frames(2)
    paste(app, "1. b2 a1", monkeypatch)  # moves without the header, Tic-tac-toe's or Hex's: which game is it?
    assert isinstance(app.scene, RecordsScene) and any("no game" in m for m in messages(app))
    record = GameRecord.start(games.load("hex", size=5, swap=True), (Side(None, "Player 1"), Side(None, "Player 2")))
    record = record.with_moves(["c3", "swap", "b2"])
    paste(app, move_list_text(record), monkeypatch, mod=pygame.KMOD_LMETA)  # Cmd+V on a Mac
    assert isinstance(app.scene, ReplayScene)
    assert app.scene.record.options == {"size": 5, "swap": True} and app.scene.record.moves == ["c3", "swap", "b2"]
    assert [p.id for p in app.scene.record.players] == [None, None]  # a hot-seat game stays one


def test_a_move_list_dropped_as_a_text_file_opens_in_the_replay(app, tmp_path):
    path = tmp_path / "moves.txt"
    path.write_text(COPIED, encoding="utf-8")
    drop(app, path)
    assert isinstance(app.scene, ReplayScene) and len(app.scene.record.moves) == 6
    assert path.read_text(encoding="utf-8") == COPIED  # read, never touched


def test_a_portuguese_window_reads_a_game_named_as_it_names_it_and_lists_its_own_names(app, monkeypatch):

    with words_in("pt"):
        paste(app, "Caro aluno, eis o jogo", monkeypatch)
        said = " ".join(messages(app))
        assert "(Jogo do Galo, Hex, Reversi, Rastros, Alquerque, Trax)" in said, said
        paste(app, "Jogo do galo (width=4, height=4, k=3)\nX: Jogador  O: Nível 3\n1. a1 b2\n", monkeypatch)
        scene = app.scene
        assert isinstance(scene, ReplayScene), messages(app)
        assert scene.record.game_id == "tictactoe" and scene.record.options["width"] == 4
        assert scene.record.moves == ["a1", "b2"]
        assert [p.id for p in scene.record.players] == [None, "level-3"]


def test_a_game_the_rastros_course_printed_opens_without_the_games_name(app, monkeypatch):
    """``print(jogaRastros11(obtusoSW, bacoco))`` names no game: "its first line should name the
    game".  Only Rastros plays its moves, so it is a Rastros game; a list two games can play
    (b2 a1: Tic-tac-toe and Hex) still asks for the name.  (One Reversi plays, d3 c5 f6, is read
    as an Othello transcript first: Hex could play it too.)"""
    paste(app, "([('ObtusoSW', (5, 4)), ('Bacoco', (6, 3)), ('ObtusoSW', (7, 2))], -1)", monkeypatch)
    scene = app.scene
    assert isinstance(scene, ReplayScene)
    assert scene.record.game_id == "rastros" and scene.record.moves == ["5-4", "6-3", "7-2"]
    app.show_menu()
    app.run_frames(2)
    paste(app, "b2 a1", monkeypatch)
    assert isinstance(app.scene, MenuScene)
    assert any(m.startswith("The clipboard holds no game: its first line should name the game") for m in messages(app))


def test_a_transcript_pasted_without_names_shows_each_side_alone_not_black_black(app, monkeypatch):
    """The replay's panel said "Black: Black" and "White: White" for a transcript that names no
    players, and the saved game's list "Reversi: Black vs White" only by chance; in Portuguese an
    empty name drew gettext's catalog header.  The panel shows the colour alone, the list the colours."""
    from tests.ui_helpers import recorded_text
    from ui.autosave_words import describe

    paste(app, "f5d6c3d3c4", monkeypatch)
    scene = app.scene
    assert isinstance(scene, ReplayScene)
    drawn = recorded_text(monkeypatch)
    scene.draw(app.screen)
    assert "Black" in drawn and "White" in drawn
    assert not any(text.startswith(("Black:", "White:")) for text in drawn)
    assert describe(scene.record)[0] == "Reversi: Black vs White"
    with words_in("pt"):
        drawn.clear()
        scene.draw(app.screen)
        assert "Preto" in drawn and "Branco" in drawn and not any("Project-Id" in text for text in drawn)
        assert describe(scene.record)[0] == "Reversi: Preto vs Branco"


def test_a_position_pasted_under_another_games_name_says_whose_it_is_in_either_language(app, monkeypatch):
    """A Tic-tac-toe position copied with "Hex" on its first line (a teacher's slip) was refused
    as a Hex board mistyped; the window now says which game's position it is, and opens nothing."""
    pasted = "Hex\nPosition:\nto-move: O\n..X\n.X.\nO..\n"
    paste(app, pasted, monkeypatch)
    assert isinstance(app.scene, MenuScene)
    assert any(m.startswith("The clipboard holds no game: ") and m.endswith("(this is a Tic-tac-toe position)")
               for m in messages(app)), messages(app)
    with words_in("pt"):
        paste(app, pasted, monkeypatch)
        assert any(m.endswith("(esta é uma posição do Jogo do Galo)") for m in messages(app)), messages(app)


def test_a_game_and_a_position_quoted_in_a_mail_reply_paste_as_they_were(app, monkeypatch):
    """A student's game quoted back in a teacher's reply (each line after "> ", or ">> " a reply
    later) was "no game: its first line should name the game, not '> Reversi (size=8)'"."""
    quoted = "\n".join(f"> {line}" if line else ">" for line in COPIED.splitlines())
    paste(app, quoted, monkeypatch)
    assert isinstance(app.scene, ReplayScene), messages(app)
    assert app.scene.record.moves == ["d3", "c5", "f6", "f5", "e6", "e3"]
    app.show_menu()
    app.run_frames(2)
    position = "Tic-tac-toe (width=3, height=3, k=3)\nPosition:\nto-move: O\n..X\n.X.\nO..\n"
    paste(app, "\n".join(f">> {line}" for line in position.splitlines()), monkeypatch)
    assert app.scene.start_record.start_position == "to-move: O\n..X\n.X.\nO.."


def test_a_game_from_a_position_typed_as_its_replay_shows_it_opens(app, monkeypatch):
    """The replay shows a game from a position with O to move first as "1.  ...  b2"; pasted as
    typed from the screen, it said "no game: move 1 '...' is not legal"."""
    paste(app, "Tic-tac-toe\nStart:\nto-move: O\nX..\n...\n...\n1. ... b2 2. a3 c3\n", monkeypatch)
    assert isinstance(app.scene, ReplayScene), messages(app)
    assert app.scene.record.moves == ["b2", "a3", "c3"]


def test_a_text_longer_than_any_game_is_refused_at_once_pasted_or_dropped(app, monkeypatch, tmp_path):
    """50 MB pasted or dropped was read as every game's notation in turn, holding the window
    still for over a minute; a text past ``MAX_TEXT_CHARS`` is said to be too long, unread."""
    from games.record_parts import MAX_TEXT_CHARS

    text = "Hex\n" + "a1 " * (MAX_TEXT_CHARS // 3)
    paste(app, text, monkeypatch)
    assert isinstance(app.scene, MenuScene)
    assert any(m.startswith("The clipboard holds no game: too long to be a game's moves or position") for m in messages(app))
    path = tmp_path / "huge.txt"
    path.write_text(text, encoding="utf-8")
    drop(app, path)
    assert isinstance(app.scene, MenuScene)
    assert any(m.startswith("Cannot open huge.txt: too long to be a game's moves") for m in messages(app))
    assert path.read_text(encoding="utf-8") == text  # never touched


def hung_clipboard(monkeypatch):
    """A real window whose clipboard only pyperclip reaches, and whose paste never answers (6 MB
    on an X clipboard: ``xclip -o`` did not end); the returned event lets it end."""
    import threading

    import pyperclip

    answered = threading.Event()

    def hung_paste() -> str:
        answered.wait(30)  # released by the test once the window has said its word
        return "the text, too late"

    monkeypatch.setattr(clipboard, "_real_window", lambda: True)
    monkeypatch.setattr(clipboard.pygame.scrap, "get_text", None, raising=False)
    monkeypatch.setattr(clipboard, "_sdl", lambda: None)
    monkeypatch.setattr(pyperclip, "paste", hung_paste)
    monkeypatch.setattr(clipboard, "PASTE_WAIT", 0.05)
    return answered


@pytest.mark.parametrize("language", ["en", "pt"])
def test_a_clipboard_too_slow_to_read_is_not_said_to_hold_no_text(app, monkeypatch, language):
    """After the paste's wait gave up, Ctrl+V said "The clipboard holds no text" of a clipboard
    holding 6 MB: it says that the clipboard could not be read in time, on the menu and in a game."""
    from ui import i18n

    answered = hung_clipboard(monkeypatch)
    i18n.set_language(language)
    try:
        key(app, pygame.K_v, mod=pygame.KMOD_LCTRL)
        said = messages(app)
        assert not any(m.startswith(("The clipboard holds no", "A área de transferência não tem")) for m in said)
        assert clipboard.unread_words() in said and ("in time" in said[-1]) == (language == "en")
        app.open_demo("game:tictactoe:hotseat:b2")
        key(app, pygame.K_v, mod=pygame.KMOD_LCTRL)
        assert [m.text for m in app.scene.messages.current()][-1] == clipboard.unread_words()
    finally:
        answered.set()
        i18n.set_language("en")
