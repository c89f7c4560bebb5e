"""New game and the tournament's setup offer tic-tac-toe's "In a row to win" only up to the
board's longer side, and bring it down, saying so, when the board is made smaller than it
(``GameInfo.offered``, ``GameInfo.followed``, ``ui.scenes.common.follow_options``).  They
offered 3 to 19 on any board: 4 in a row on 3x3 was refused only at Start.  Through the
screen: the keys on New game's selectors, clicks on the tournament's steppers."""

from __future__ import annotations

import pygame
import pytest

import games
from tests.ui_helpers import click, down_to_widget, in_language, key, recorded_draws
from ui.match import HOTSEAT
from ui.scenes.setup import SetupScene
from ui.scenes.tournament import TournamentScene


def said(on) -> list[str]:
    """The words of the messages on screen (the window's, or the tournament screen's own), the newest last."""
    return [m.text for m in on.messages.items]


def open_new_game(app, options: dict) -> SetupScene:
    """New game on tic-tac-toe with ``options``, for two friends (Hot-seat: a board option alone
    does not build the form again there, as it does for a computer's results line)."""
    scene = SetupScene(app, game_id="tictactoe")
    scene.choices.options["tictactoe"] = dict(options)
    scene.mode = HOTSEAT
    app.switch(scene)
    app.run_frames(2)
    return scene


def k_offered(scene: SetupScene) -> list[int]:
    return [value for _text, value in scene.menu.get_widget("opt-k").get_items()]


def step(app, scene: SetupScene, widget_id: str, k: int) -> None:
    """The keyboard to ``widget_id`` (Up to the top first, then Down), then ``k`` pressed on it."""
    for _ in range(len(scene.menu.get_widgets())):
        if scene.menu.get_selected_widget().get_id() in ("opt-width", widget_id):
            break
        key(app, pygame.K_UP)
    down_to_widget(app, scene.menu, widget_id)
    key(app, k)


def test_new_game_offers_no_row_longer_than_the_board(app):
    scene = open_new_game(app, {"width": 3, "height": 3, "k": 3})
    assert k_offered(scene) == [3]
    step(app, scene, "opt-k", pygame.K_RIGHT)
    assert scene._options()["k"] == 3 and said(app)[-1] == "In a row to win: 3 already, the largest"
    step(app, scene, "opt-height", pygame.K_RIGHT)  # 3x4: 4 in a row fits down a column
    assert k_offered(scene) == [3, 4]
    step(app, scene, "opt-k", pygame.K_RIGHT)
    assert scene._options()["k"] == 4
    scene.start()
    assert app.scene is not scene  # the game began, nothing refused


def test_new_game_brings_the_row_down_with_the_board_and_says_so(app):
    scene = open_new_game(app, {"width": 5, "height": 4, "k": 5})
    assert k_offered(scene) == [3, 4, 5]
    step(app, scene, "opt-width", pygame.K_LEFT)  # 4x4: 5 in a row no longer fits
    assert scene._options() == {"width": 4, "height": 4, "k": 4}
    assert said(app)[-1] == "In a row to win is now 4, to go with Width: 4"
    assert scene.menu.get_widget("opt-k").get_value()[0][1] == 4 and k_offered(scene) == [3, 4]
    step(app, scene, "opt-height", pygame.K_LEFT)  # 4x3: the width still holds 4 in a row
    assert scene._options()["k"] == 4 and said(app)[-1] == "In a row to win is now 4, to go with Width: 4"
    step(app, scene, "opt-width", pygame.K_LEFT)  # 3x3
    assert scene._options()["k"] == 3 and said(app)[-1] == "In a row to win is now 3, to go with Width: 3"
    scene.start()
    assert app.scene is not scene  # the game began, nothing refused


def test_a_row_kept_from_an_edited_settings_file_is_shown_and_refused_at_start(app):
    """What no form offers but a settings file may hold: shown as it is, and Start says why."""
    scene = open_new_game(app, {"width": 3, "height": 3, "k": 5})
    assert k_offered(scene) == [3, 5] and scene.menu.get_widget("opt-k").get_value()[0][1] == 5
    scene.start()
    assert app.scene is scene and "cannot fit" in said(app)[-1]


def test_a_kept_row_that_does_not_fit_is_no_longer_offered_once_left(app):
    """9 in a row on 7x4, kept from an edited settings file: stepped down to 7, the selector offers
    3 to 7 alone, and Right stops at 7 with a word.  It offered the 9 still, and Right went onto
    it and straight back, saying "In a row to win is now 7, to go with In a row to win: 9"."""
    scene = open_new_game(app, {"width": 7, "height": 4, "k": 9})
    assert k_offered(scene) == [3, 4, 5, 6, 7, 9]
    step(app, scene, "opt-k", pygame.K_LEFT)
    assert scene._options()["k"] == 7 and k_offered(scene) == [3, 4, 5, 6, 7]
    key(app, pygame.K_RIGHT)
    assert scene._options()["k"] == 7 and said(app)[-1] == "In a row to win: 7 already, the largest"


def test_a_step_back_onto_a_kept_row_is_never_said_to_follow_itself(app):
    """Left and Right in one frame, before the form is built again without the kept 9: the 9
    chosen stays as chosen (Start, greyed, says why), with no word that it follows itself."""
    scene = open_new_game(app, {"width": 7, "height": 4, "k": 9})
    down_to_widget(app, scene.menu, "opt-k")
    for arrow in (pygame.K_LEFT, pygame.K_RIGHT):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=arrow, mod=0, unicode="", scancode=0))
    app.run_frames(2)
    assert scene._options() == {"width": 7, "height": 4, "k": 9}
    assert not any("to go with" in text for text in said(app)), said(app)
    assert not scene.start_button.enabled


@pytest.mark.parametrize("language, why", [
    ("en", "In a row to win: 9 in a row cannot fit on 7x4; choose 3 to 7"),
    ("pt", "Em linha para ganhar: 9 em linha não cabe em 7x4; escolha de 3 a 7"),
])
def test_start_is_greyed_with_why_above_it_while_the_options_do_not_fit(app, monkeypatch, language, why):
    """The form said nothing of options that make no game until Start was pressed: Start is
    greyed with the reason just above it, a click on it says it again, and a fitting row
    chosen lights Start and takes the reason away."""
    with in_language(app, language):
        scene = open_new_game(app, {"width": 7, "height": 4, "k": 9})
        start = scene.start_button
        assert not start.enabled
        drawn = words_above(app, scene, monkeypatch)
        assert " ".join(text.value for text in drawn) == why
        assert all(text.rect.bottom <= start.rect.top and scene.panel.contains(text.rect) for text in drawn)
        assert all(not scene.menu.get_rect().colliderect(text.rect) for text in drawn)  # under the form
        click(app, start.rect.center)
        assert app.scene is scene and said(app)[-1] == why
        down_to_widget(app, scene.menu, "opt-k")
        key(app, pygame.K_LEFT)
        assert start.enabled and words_above(app, scene, monkeypatch) == []


@pytest.mark.parametrize("language, why", [
    ("en", "Board size: 7 is not valid; choose 6, 8 or 10"),
    ("pt", "Tamanho do tabuleiro: 7 não é válido; escolha 6, 8 ou 10"),
])
def test_a_refusal_lists_its_choices_with_an_or(app, monkeypatch, language, why):
    """A Reversi board of 7 kept from an edited settings file: the form says, above Start, which
    sizes to choose with an "or" before the last ("choose 6, 8, 10" read as no list at all).  Its
    selector shows the 7 it says of (it showed 6), between 6 and 8; Right takes 8, and the 7 is
    offered no more."""
    with in_language(app, language):
        scene = SetupScene(app, game_id="reversi")
        scene.choices.options["reversi"] = {"size": 7}
        app.switch(scene)
        app.run_frames(2)
        assert " ".join(text.value for text in words_above(app, scene, monkeypatch)) == why
        click(app, scene.start_button.rect.center)
        assert said(app)[-1] == why
        sizes = scene.menu.get_widget("opt-size")
        assert sizes.get_value()[0][1] == 7 and [size for _text, size in sizes.get_items()] == [6, 7, 8, 10]
        down_to_widget(app, scene.menu, "opt-size")
        key(app, pygame.K_RIGHT)
        sizes = scene.menu.get_widget("opt-size")
        assert scene._options()["size"] == 8 and scene.start_button.enabled
        assert [size for _text, size in sizes.get_items()] == [6, 8, 10]


@pytest.mark.parametrize("game_id, kept, language, why", [
    ("trax", {"mode": "race"}, "en", "Game end: 'race' is not valid; choose 'First loop or line' or 'Fill the board'"),
    ("trax", {"mode": "race"}, "pt",
     "Fim do jogo: 'race' não é válido; escolha 'Primeiro circuito ou linha' ou 'Encher o tabuleiro'"),
    ("hex", {"swap": "maybe"}, "en", "Swap rule: 'maybe' is not valid; choose Yes or No"),
    ("hex", {"swap": "maybe"}, "pt", "Regra da troca: 'maybe' não é válido; escolha Sim ou Não"),
])
def test_a_refusal_names_the_values_as_their_selector_does(app, monkeypatch, game_id, kept, language, why):
    """A value no selector offers, kept from an edited settings file: the words above Start listed
    the values by the rules' own names, in English in any language ("choose tournament or fill",
    "choose true or false"); they are named as the form's selector and switch name them."""
    with in_language(app, language):
        scene = SetupScene(app, game_id=game_id)
        scene.choices.options[game_id] = dict(kept)
        app.switch(scene)
        app.run_frames(2)
        assert " ".join(text.value for text in words_above(app, scene, monkeypatch)) == why
        click(app, scene.start_button.rect.center)
        assert said(app)[-1] == why


def words_above(app, scene: SetupScene, monkeypatch) -> list:
    """The words drawn, in a whole frame, between the form's last line and Start, but for the
    window's messages (which stand there too)."""
    with monkeypatch.context() as patched:
        drawn = recorded_draws(patched)
        app.invalidate()
        app.run_frames(1)
    band = pygame.Rect(scene.panel.x, scene.menu.get_rect().bottom, scene.panel.width,
                       scene.start_button.rect.top - scene.menu.get_rect().bottom)
    messages = [message.text for message in app.messages.items]
    return [text for text in drawn if band.contains(text.rect) and not any(text.value in m for m in messages)]


def open_tournament(app, game_id: str = "tictactoe") -> TournamentScene:
    scene = TournamentScene(app, game_id)
    app.switch(scene)
    app.run_frames(2)
    return scene


def stepper(scene: TournamentScene, name: str):
    names = [option.name for option in games.info(scene.game_id).options]
    return scene.option_buttons[names.index(name)]


def right_arrow(app, button) -> None:
    click(app, (button.rect.right - 4, button.rect.centery))


def left_arrow(app, button) -> None:
    click(app, (button.rect.left + 4, button.rect.centery))


@pytest.mark.parametrize("language, largest, follows", [
    ("en", "In a row to win: 3 already, the largest", "In a row to win is now 3, to go with Width: 3"),
    ("pt", "Em linha para ganhar: 3 já é o máximo", "Em linha para ganhar passa a 3, para condizer com Largura: 3"),
])
def test_the_tournament_offers_no_row_longer_than_the_board(app, language, largest, follows):
    with in_language(app, language):
        scene = open_tournament(app)
        assert scene.options == {"width": 3, "height": 3, "k": 3}
        k, width = stepper(scene, "k"), stepper(scene, "width")
        right_arrow(app, k)
        assert scene.options["k"] == 3 and said(scene)[-1] == largest
        right_arrow(app, width)
        right_arrow(app, k)
        assert scene.options == {"width": 4, "height": 3, "k": 4} and k.label.endswith(": 4"), k.label
        left_arrow(app, width)
        assert scene.options == {"width": 3, "height": 3, "k": 3} and k.label.endswith(": 3")
        assert said(scene)[-1] == follows


def test_a_pasted_position_offers_no_row_longer_than_its_board(app):
    """A pasted 4x3 position keeps its board; its "In a row to win" offers 3 and 4 alone, and a
    step past 4 stops there, said, where 5 was taken and refused as "Not a position"."""
    from games.position_text import position_text, record_from_position

    game = games.load("tictactoe", width=4, height=3)
    scene = SetupScene(app, start=record_from_position(position_text(game, game.play_line(["b2"]))))
    app.switch(scene)
    app.run_frames(2)
    assert k_offered(scene) == [3, 4]
    down_to_widget(app, scene.menu, "opt-k")
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert scene.start_record.options["k"] == 4 and said(app)[-1] == "In a row to win: 4 already, the largest"
    assert not any(text.startswith("Not a position") for text in said(app))


def start_of(scene: TournamentScene):
    return next(button for button in scene.buttons if button.action == scene._start)


def words_over_start(app, scene: TournamentScene, monkeypatch) -> list:
    """The words drawn, in a whole frame, between the left column's last setting (Watch the
    games) and Start, but for the games counted ("12 games"), which stand there too."""
    with monkeypatch.context() as patched:
        drawn = recorded_draws(patched)
        app.invalidate()
        app.run_frames(1)
    start = start_of(scene)
    watch = next(button for button in scene.buttons if button.action == scene._toggle_watch)
    band = pygame.Rect(start.rect.x, watch.rect.bottom, start.rect.width, start.rect.top - watch.rect.bottom)
    return [text for text in drawn if band.contains(text.rect) and not text.value.endswith(("games", "jogos"))]


@pytest.mark.parametrize("language, why", [
    ("en", "In a row to win: 9 in a row cannot fit on 7x4; choose 3 to 7"),
    ("pt", "Em linha para ganhar: 9 em linha não cabe em 7x4; escolha de 3 a 7"),
])
def test_the_tournament_greys_start_with_why_above_it_while_the_options_do_not_fit(app, monkeypatch, language, why):
    """Options kept from an edited settings file that make no game: the tournament's screen said
    nothing of them until Start was pressed.  Start is greyed with the reason just above it, as
    on New game; a click on it says it again, and a row that fits lights Start, the reason gone."""
    app.settings.tournament_choices = {"options": {"tictactoe": {"width": 7, "height": 4, "k": 9}}}
    with in_language(app, language):
        scene = open_tournament(app)
        start = start_of(scene)
        assert scene.options == {"width": 7, "height": 4, "k": 9} and len(scene.selected) >= 2
        assert not start.enabled
        drawn = words_over_start(app, scene, monkeypatch)
        assert " ".join(text.value for text in drawn) == why
        click(app, start.rect.center)
        assert scene.tournament is None and said(scene) == [why]
        key(app, pygame.K_RETURN)  # with no button chosen Enter starts: said once again, in its place
        assert scene.tournament is None and said(scene) == [why]
        left_arrow(app, stepper(scene, "k"))
        assert scene.options["k"] == 7 and start.enabled and words_over_start(app, scene, monkeypatch) == []
