"""The window's title names the screen shown ("Reversi – Tabuleiro"), in the window's language, so
the taskbar and the desktop's window list tell a game from the menu."""

from __future__ import annotations

import pygame

import games
from games.record import GameRecord
from games.record_parts import Side
from ui import i18n
from ui.match import HOTSEAT, MatchSetup
from ui.scenes.game import GameScene


def title() -> str:
    return pygame.display.get_caption()[0]


def test_every_screen_names_itself_in_the_title(app):
    assert title() == "Tabuleiro"
    app.switch(GameScene(app, MatchSetup("reversi", {}, HOTSEAT, (None, None), 1.0), []))
    assert title() == "Reversi – Tabuleiro"
    app.show_rules("hex")
    assert title() == "Rules – Tabuleiro"
    app.scene.select("about")
    assert title() == "About – Tabuleiro"
    app.show_settings()
    assert title() == "Settings – Tabuleiro"
    app.show_saved_games()
    assert title() == "Saved games – Tabuleiro"
    app.show_setup(watch=True)
    assert title() == "Watch: PC vs PC – Tabuleiro"
    game = games.load("tictactoe")
    record = GameRecord.start(game, (Side(None, "A"), Side(None, "B"))).with_moves(["b2"], game.play_line(["b2"]))
    app.open_replay(record)
    assert title() == "Tic-tac-toe – Replay – Tabuleiro"
    app.show_menu()
    assert title() == "Tabuleiro"


def test_the_title_follows_a_change_of_language(app):
    app.switch(GameScene(app, MatchSetup("tictactoe", {}, HOTSEAT, (None, None), 1.0), []))
    try:
        app.settings.language = "pt"
        app.apply_settings()
        assert title() == "Jogo do Galo – Tabuleiro"
        app.show_settings()
        assert title() == "Definições – Tabuleiro"
    finally:
        app.settings.language = "en"
        app.apply_settings()
        i18n.set_language("en")
    assert title() == "Settings – Tabuleiro"
