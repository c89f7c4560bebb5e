"""A watched game (PC vs PC) paused says it is paused, not that the computer thinks.

Pause leaves the search under way to finish (its reply is held for Step or Resume), and the panel
went on saying "Level 3 is thinking… 4.6 s", its spinner turning on the thinking card and on the
player's card, a click on the board answered "Wait: the computer is thinking": the game looked as
if it went on.  Paused, the card says who moves next, the board's click the pause's keys; Resume
shows the search again.  Headless, driven by posted keys and clicks.
"""

from __future__ import annotations

import pygame
import pytest

from games.move_list import move_list_text
from tests.test_ui_paste import paste
from tests.test_ui_play_from import chooser, recorded
from tests.ui_helpers import click, count_calls, in_language, key, recorded_text, wait, window_for_a_test
from ui.autosave_setup import is_pasted
from ui.match import PC_VS_PC, MatchSetup
from ui.scenes import panel_cards, panel_thinking
from ui.scenes.game import GameScene

# the card's headline, paused and going on, by language
PAUSED = {"en": "Paused: Level 3 (Blue) to move", "pt": "Em pausa: joga Nível 3 (Azul)"}
THINKING = {"en": "Level 3 is thinking…", "pt": "Nível 3 está a pensar…"}


def words_drawn(app, monkeypatch) -> list[str]:
    """The words one whole frame draws (the panel's cards, the status line under the board)."""
    with monkeypatch.context() as patching:
        drawn = recorded_text(patching)
        app.invalidate()
        app.run_frames(1)
    return drawn


def spinners_drawn(app, monkeypatch) -> int:
    """The spinners one whole frame draws on the panel (the thinking card's, the player card's)."""
    with monkeypatch.context() as patching:
        calls = [count_calls(patching, module, "spinner") for module in (panel_cards, panel_thinking)]
        app.invalidate()
        app.run_frames(1)
    return sum(count[0] for count in calls)


@pytest.mark.parametrize("language", ["en", "pt"])
def test_a_watched_game_paused_mid_search_says_paused_and_who_moves_next(tmp_path, monkeypatch, language,
                                                                         computer_thinks_until_told):
    """The search goes on all test long (``computer_thinks_until_told``): a real level 3's move
    could come between the test's keys, whatever its time."""
    with window_for_a_test(tmp_path, monkeypatch) as app, in_language(app, language):
        scene = GameScene(app, MatchSetup("hex", {}, PC_VS_PC, ("level-3", "level-3"), 30.0))
        app.switch(scene)
        assert wait(app, lambda: scene.computer.thinking() and scene.computer.progress is not None)
        assert spinners_drawn(app, monkeypatch) == 2  # the thinking card's and Blue's card's
        key(app, pygame.K_SPACE)
        assert scene.paused and scene.computer.thinking()  # its search goes on, for Step or Resume
        said = words_drawn(app, monkeypatch)
        assert PAUSED[language] in said, said
        assert not [words for words in said if THINKING[language].rstrip("…") in words], said
        assert spinners_drawn(app, monkeypatch) == 0
        assert scene.redraw_interval() is None  # nothing turns: the window sleeps
        scene.messages.withdraw("refusal")
        click(app, scene.view.rect.center)
        refused = [m.text for m in scene.messages.current()]
        assert refused and refused[-1].startswith(PAUSED[language].split(":")[0] + ":"), refused
        key(app, pygame.K_SPACE)  # Resume: the search is said again
        assert not scene.paused and scene.computer.thinking()
        said = words_drawn(app, monkeypatch)
        assert any(words.startswith(THINKING[language]) for words in said), said
        assert spinners_drawn(app, monkeypatch) == 2


# the card's headline over the last search of a watched game, by language: whose search it was
WHOSE_SEARCH = {"en": "Last search: Level 3 (Black)", "pt": "Última pesquisa: Nível 3 (Preto)"}


@pytest.mark.parametrize("language", ["en", "pt"])
def test_a_watched_game_s_last_search_names_the_engine_that_made_it(tmp_path, monkeypatch, language):
    """Between two computers the card said "Last search" over "White +0.3 points": which of the
    two thought so?  Both play Level 3 here, so the side tells them apart.  Paused, S plays Black's
    move and White does not search until told, so the card shows Black's search."""
    with window_for_a_test(tmp_path, monkeypatch) as app, in_language(app, language):
        scene = GameScene(app, MatchSetup("reversi", {}, PC_VS_PC, ("level-3", "level-3"), 0.3))
        app.switch(scene)
        assert wait(app, lambda: scene.computer.thinking())
        key(app, pygame.K_SPACE)  # its search goes on, its reply held for S
        assert scene.paused
        assert wait(app, lambda: scene.computer.held is not None)
        key(app, pygame.K_s)  # Black's move
        assert wait(app, lambda: len(scene.history) == 1 and not scene.computer.thinking())
        said = words_drawn(app, monkeypatch)
        assert WHOSE_SEARCH[language] in said, said


# the words a watched game started paused says, taken up from a game left and from moves pasted
LEFT_WORDS = "Paused where the game was left: Resume (Space) goes on"
GIVEN_WORDS = {"en": "Paused at the position given: Resume (Space) starts the computers",
               "pt": "Em pausa na posição dada: Retomar (Espaço) põe os computadores a jogar"}


@pytest.mark.parametrize("language", ["en", "pt"])
def test_a_watched_game_from_a_pasted_move_list_says_it_waits_at_the_position_given(
        tmp_path, monkeypatch, language, computer_thinks_until_told):
    """A watched game played on from a move list pasted on the main menu said "Paused where the
    game was left": it was never left, only given.  It says it waits at the position given."""
    with window_for_a_test(tmp_path, monkeypatch) as app, in_language(app, language):
        paste(app, move_list_text(recorded(PC_VS_PC, ("level-1", "level-2"), moves=["b2", "a1"])), monkeypatch)
        key(app, pygame.K_c)  # Play from here, as the two computers played it
        key(app, pygame.K_RETURN)
        scene = app.scene
        assert isinstance(scene, GameScene) and scene.setup.mode == PC_VS_PC and scene.paused
        said = [m.text for m in scene.messages.current()]
        assert GIVEN_WORDS[language] in said, said
        assert not is_pasted(scene.recorder.record.setup)  # its autosave is a game left: Continue says so


# the card's headline over a reply held while paused, whole or in its shorter form, by language:
# whose move S will play
WHOSE_REPLY = {"en": ("Move ready from Level 3 (Black): press S to play it", "Move ready from Level 3 (Black): press S"),
               "pt": ("Jogada pronta de Nível 3 (Preto): S para a jogar", "Jogada pronta de Nível 3 (Preto): prima S")}


@pytest.mark.parametrize("language", ["en", "pt"])
def test_a_watched_game_s_move_ready_names_the_engine_whose_move_s_plays(tmp_path, monkeypatch, language):
    """Paused with a reply held, the card said "Move ready: press S to play it" without saying
    which of the two computers S would move for; it names the engine and side as the last search does."""
    with window_for_a_test(tmp_path, monkeypatch) as app, in_language(app, language):
        scene = GameScene(app, MatchSetup("reversi", {}, PC_VS_PC, ("level-3", "level-3"), 0.3))
        app.switch(scene)
        assert wait(app, lambda: scene.computer.thinking())
        key(app, pygame.K_SPACE)  # its search goes on, its reply held for S
        assert scene.paused and not scene.history
        assert wait(app, lambda: scene.computer.held is not None)
        said = words_drawn(app, monkeypatch)
        assert set(WHOSE_REPLY[language]) & set(said), said


def test_a_watched_game_taken_up_from_a_replay_starts_paused_and_space_resumes_then_pauses(
        tmp_path, monkeypatch, computer_thinks_until_told):
    """Play from here (and a pasted move list) starts a watched game paused, "Resume (Space) goes
    on": the first Space resumes it, the next pauses it, as in a game started from the beginning
    (a QA pass read the first Space's resume as a Space that did not pause)."""
    with window_for_a_test(tmp_path, monkeypatch) as app:
        chooser(app, recorded(PC_VS_PC, ("level-1", "level-2")), ply=2)
        key(app, pygame.K_RETURN)
        scene = app.scene
        assert isinstance(scene, GameScene) and scene.setup.mode == PC_VS_PC and scene.paused
        assert LEFT_WORDS in [m.text for m in scene.messages.current()]  # the saved game's, left there
        key(app, pygame.K_SPACE)
        assert not scene.paused and scene.computer.thinking()
        key(app, pygame.K_SPACE)
        assert scene.paused
