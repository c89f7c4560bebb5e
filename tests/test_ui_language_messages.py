"""A message on screen as the language changes is said again whole in the new one, the catalog's
text inside it too: one made of two catalog entries ("Could not autosave the game: {error}", the
error said by ui.words) kept its inner part in the old language (``ui.i18n.Phrase``).  The
language is changed as Settings changes it, the messages come from real clicks and keys."""

from __future__ import annotations

import errno

import pygame

from tests.test_ui_move_entry import enter_moves, start
from tests.test_ui_paste import paste
from tests.ui_helpers import autosaves_written, click, held_messages_clock, in_language, key
from ui import autosave as autosave_module
from ui.widgets import reading_time


def shown(messages) -> list[str]:
    """The texts of ``messages`` (a ``ui.widgets.Messages``) live now."""
    return [m.text for m in messages.current()]


def test_a_failed_autosave_is_said_again_whole_in_the_new_language(app, monkeypatch):
    """"Não foi possível guardar o jogo automaticamente: the folder ... is read-only": the folder's
    sentence stayed in English after Portuguese was chosen, and back in English the sentence
    around it stayed Portuguese where a Portuguese error was not in the catalog's whole texts."""
    def read_only(path, text) -> None:
        raise OSError(errno.EROFS, "Read-only file system", str(path))

    monkeypatch.setattr(autosave_module, "atomic_write_text", read_only)
    scene = start(app, "tictactoe")
    click(app, scene.view.cell_rect(1, 1).center)
    autosaves_written()
    app.run_frames(2)
    folder = scene.recorder.autosaver.autosave.path.parent
    english = f"Could not autosave the game: the folder {folder} is read-only"
    assert english in shown(scene.messages)
    with in_language(app, "pt"):
        app.run_frames(2)
        assert f"Não foi possível guardar o jogo automaticamente: a pasta {folder} só permite leitura" in shown(
            scene.messages), shown(scene.messages)
    app.run_frames(2)
    assert english in shown(scene.messages)


def test_a_pasted_text_that_is_no_game_is_said_again_whole_in_the_new_language(app, monkeypatch):
    """Ctrl+V on the main menu: "A área de transferência não tem um jogo: its first line should
    name the game ...", the rules' reason left in English."""
    paste(app, "Dear class, here is the game", monkeypatch)
    said = [text for text in shown(app.messages) if text.startswith("The clipboard holds no game: ")]
    assert said and "first line" in said[0], shown(app.messages)
    with in_language(app, "pt"):
        app.run_frames(2)
        again = [text for text in shown(app.messages) if text.startswith("A área de transferência não tem um jogo: ")]
        assert again and again[0].startswith("A área de transferência não tem um jogo: a primeira linha devia dizer o "
                                             "jogo ("), shown(app.messages)
    app.run_frames(2)
    assert said[0] in shown(app.messages)


def test_a_move_taken_back_is_said_again_with_the_players_name_in_the_new_language(app):
    """Undo in a hot-seat game: "Jogada anulada: d3, de Player 1 (Preto)", the friend's name in
    English ("Player {n}" is a text with a field, not one of the catalog's whole texts)."""
    scene = start(app, "reversi")
    enter_moves(app, "d3")
    key(app, pygame.K_u)
    assert "Move taken back: d3, played by Player 1 (Black)" in shown(scene.messages), shown(scene.messages)
    with in_language(app, "pt"):
        app.run_frames(2)
        assert "Jogada anulada: d3, de Jogador 1 (Preto)" in shown(scene.messages), shown(scene.messages)


def test_a_message_said_again_at_more_length_in_the_new_language_stands_its_longer_reading_time(app, monkeypatch):
    """Settings -> Language while a message shows: the Portuguese text, 21 characters longer, kept
    the English one's reading time and went some 1.3 s before it was read (``reading_time``)."""
    english = "The clipboard holds no text: copy a game's moves first"
    portuguese = "A área de transferência não tem texto: copie primeiro as jogadas de um jogo"
    skip = held_messages_clock(monkeypatch)
    paste(app, "", monkeypatch)
    assert english in shown(app.messages)
    with in_language(app, "pt"):
        app.run_frames(1)
        assert portuguese in shown(app.messages)
        skip(reading_time(english, 3.5) + 0.1)  # past the English text's time, within the Portuguese one's
        assert portuguese in shown(app.messages)
        skip(reading_time(portuguese, 3.5) - reading_time(english, 3.5))
        assert portuguese not in shown(app.messages)
