"""Saved games, the search tree explorer and the rules screen, living through a change of language,
say everything in the new one, as the same screen made in that language does: their buttons, the
search field's example, the rules' tabs and page, the tree's box widths.  The game screen and its
result card (tests/test_ui_language_change.py), the replay and the tournament screen
(tests/test_ui_tournament_language.py) are checked alike.  Settings is opened from the main menu
alone, which closes these screens; the language is changed as Settings changes it while another
screen stands over them (a replay, F1's help) or while they are shown, and the way back is the
user's key (Esc)."""

from __future__ import annotations

import pygame

from tests.test_tree import built_and_proved
from tests.test_ui_language_change import whole_frame
from tests.test_ui_records import saved_games
from tests.ui_helpers import in_language, key
from ui.scenes.records import RecordsScene
from ui.scenes.replay import ReplayScene
from ui.scenes.rules import RulesScene

RECORDS_WORDS = {"en": ["Back", "Open the folder", "Search a player or an opening"],
                 "pt": ["Voltar", "Abrir a pasta", "Procurar um jogador ou uma abertura"]}


def came_back_to(app, scene) -> None:
    """Esc on the screen shown over ``scene`` (its help, a replay), back to ``scene``."""
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene, app.scene
    app.run_frames(2)


def test_saved_games_says_its_buttons_and_field_in_the_language_chosen_under_a_replay(app, monkeypatch):
    """Enter replays the newest game; Portuguese chosen meanwhile, Esc: Back, Open the folder and the
    search field's example stayed in English (the heading and the rows, worded on every frame,
    followed).  The frame is the one Saved games made in Portuguese draws."""
    saved_games(3)
    app.show_saved_games()
    app.run_frames(2)
    scene = app.scene
    assert isinstance(scene, RecordsScene)
    assert all(word in whole_frame(app, monkeypatch) for word in RECORDS_WORDS["en"])
    with in_language(app, "pt"):
        key(app, pygame.K_RETURN)
        assert isinstance(app.scene, ReplayScene)
        came_back_to(app, scene)
        kept = whole_frame(app, monkeypatch)
        assert all(word in kept for word in RECORDS_WORDS["pt"]), kept
        assert not set(RECORDS_WORDS["en"]) & set(kept), kept
        app.show_saved_games()
        app.run_frames(2)
        assert kept == whole_frame(app, monkeypatch)
    assert all(word in whole_frame(app, monkeypatch) for word in RECORDS_WORDS["en"])


def test_the_tree_explorer_says_its_buttons_in_the_language_chosen_under_its_help(app, monkeypatch):
    """F1 on the explorer, Portuguese chosen meanwhile, Esc: Minimax, Alpha-beta, Ordered, Depth,
    Picture and Back stayed in English, and its boxes kept the English widest text's width, so the
    tree showed other nodes than the explorer made in Portuguese."""
    app.open_demo("game:tictactoe:hotseat:a1,b2")
    key(app, pygame.K_t)
    scene = app.scene
    built_and_proved(app, scene)
    english = whole_frame(app, monkeypatch)
    assert {"Alpha-beta", "Ordered", "Picture", "Back"} <= set(english), english
    with in_language(app, "pt"):
        key(app, pygame.K_F1)
        assert isinstance(app.scene, RulesScene)
        came_back_to(app, scene)
        kept = whole_frame(app, monkeypatch)
        assert {"Alfa-beta", "Ordenadas", "Imagem", "Voltar"} <= set(kept), kept
        app.open_demo("game:tictactoe:hotseat:a1,b2")
        key(app, pygame.K_t)
        built_and_proved(app, app.scene)
        app.run_frames(2)
        assert kept == whole_frame(app, monkeypatch)
    assert whole_frame(app, monkeypatch) == english


def test_the_rules_screen_says_its_tabs_and_page_in_the_language_chosen_while_it_shows(app, monkeypatch):
    """The rules of a game, opened by F1 on it: Portuguese chosen while they showed left the tabs,
    Back, the page itself and the keys note's "(In a game)" in English (only the title followed).
    The frame is the one F1 makes in Portuguese."""
    app.open_demo("game:rastros:hotseat:")
    app.run_frames(2)
    key(app, pygame.K_F1)
    scene = app.scene
    assert isinstance(scene, RulesScene) and scene.game_id == "rastros"
    english = whole_frame(app, monkeypatch)
    assert "Keys and mouse" in english and any("Slime Trail" in text for text in english), english
    with in_language(app, "pt"):
        app.run_frames(2)
        kept = whole_frame(app, monkeypatch)
        assert {"Jogo do Galo", "Teclas e rato", "Acerca", "Voltar"} <= set(kept), kept
        assert any("«Slime Trail»" in text for text in kept), kept
        assert any(text.endswith("F1 outra vez: teclas (Num jogo)") for text in kept), kept
        key(app, pygame.K_ESCAPE)  # back to the game
        app.open_demo("game:rastros:hotseat:")
        app.run_frames(2)
        key(app, pygame.K_F1)
        assert kept == whole_frame(app, monkeypatch)
    assert whole_frame(app, monkeypatch) == english
