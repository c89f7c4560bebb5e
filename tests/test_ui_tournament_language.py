"""The tournament screen, kept underneath another screen as the language changes, says every label
in the new one when it comes back: its setup's buttons and field (under F1's help), and a finished
tournament's row of buttons and our players' names in its tables (under a game's replay opened
from it, whose own buttons follow the change at once).  Settings is opened from the main menu alone, which closes the tournament screen; the
language is changed as Settings changes it while the other screen is shown, and the way back is
the user's key (Esc)."""

from __future__ import annotations

import re

import pygame

from tests.test_ui_language_change import whole_frame
from tests.ui_helpers import in_language, key, tournament_started, wait
from ui.scenes.replay import ReplayScene
from ui.scenes.tournament import TournamentScene

SETUP_WORDS = {"en": ["Back", "Add player", "Start tournament"], "pt": ["Voltar", "Juntar jogador", "Começar o torneio"]}
RUNNING_WORDS = {"en": ["Back", "Save results", "New tournament", "Watch", "Replay game"],
                 "pt": ["Voltar", "Guardar resultados", "Novo torneio", "Ver", "Rever o jogo"]}
REPLAY_WORDS = {"en": ["Start", "Previous", "Copy moves", "Tournament"],
                "pt": ["Início", "Anterior", "Copiar jogadas", "Torneio"]}


def names_in(texts: list[str]) -> set[str]:
    """Our levels' names ("Level 1", "Nível 2") in ``texts``, in either language."""
    return {found for text in texts for found in re.findall(r"(?:Level|Nível) \d", text)}


def came_back_to(app, scene: TournamentScene) -> None:
    """Esc on the screen shown over ``scene`` (its help, a replay), back to ``scene``."""
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene, app.scene


def test_the_setup_says_its_buttons_and_field_in_the_language_chosen_under_its_help(app, monkeypatch):
    """F1 on the setup, Portuguese chosen meanwhile, Esc: Back, Add player, Start tournament and the
    outside player's field stayed in English."""
    app.show_tournament("tictactoe")
    app.run_frames(2)
    scene = app.scene
    english = whole_frame(app, monkeypatch)
    assert all(word in english for word in SETUP_WORDS["en"]), english
    with in_language(app, "pt"):
        key(app, pygame.K_F1)
        assert app.scene is not scene
        came_back_to(app, scene)
        said = whole_frame(app, monkeypatch)
        assert all(word in said for word in SETUP_WORDS["pt"]), said
        assert not set(SETUP_WORDS["en"]) & set(said), said
        assert scene.entry.placeholder.startswith("Jogador externo: ")
    assert all(word in whole_frame(app, monkeypatch) for word in SETUP_WORDS["en"])


def test_a_finished_tournament_and_its_replay_say_their_labels_in_the_language_chosen_on_the_replay(app, monkeypatch):
    """R opens the last game's replay, Portuguese is chosen on it, Esc: the replay kept Start,
    Previous, Copy moves ... and its "Tournament" in English (Play alone followed); back on the
    tournament screen, Back, Save results, New tournament, Watch and Replay game stayed in English
    (Resume and Speed, labelled on every frame, followed), and the tables still said "Level 1"."""
    scene = tournament_started(app, "tictactoe", {"level-1", "level-2"}, watch=False)  # its last game shown at once
    assert wait(app, lambda: scene.tournament is not None and not scene.tournament.is_running()
                and scene._finished_shown() is not None, 120)
    app.run_frames(2)
    english = whole_frame(app, monkeypatch)
    assert all(word in english for word in RUNNING_WORDS["en"]), english
    assert names_in(english) == {"Level 1", "Level 2"}
    key(app, pygame.K_r)
    assert isinstance(app.scene, ReplayScene)
    assert all(word in whole_frame(app, monkeypatch) for word in REPLAY_WORDS["en"])
    with in_language(app, "pt"):
        replayed = whole_frame(app, monkeypatch)
        assert all(word in replayed for word in REPLAY_WORDS["pt"]), replayed
        assert not set(REPLAY_WORDS["en"]) & set(replayed), replayed
        came_back_to(app, scene)
        said = whole_frame(app, monkeypatch)
        assert all(word in said for word in RUNNING_WORDS["pt"]), said
        assert not set(RUNNING_WORDS["en"]) & set(said), said
        assert names_in(said) == {"Nível 1", "Nível 2"}, said
    assert all(word in whole_frame(app, monkeypatch) for word in RUNNING_WORDS["en"])
