"""What a new user met in their first hour with the window, each found by playing it under Xvfb
and driven here through the screen as they met it: a count on a player's card said in the
form its number takes ("1 disc", not "1 discs"); a note of two lines on a form centred as the
lines around it are; the thinking computer's spinner clear of the count on its card; the
language found at the top of Settings; one "Back" on the replay, and its five step buttons
labelled in one size."""

from __future__ import annotations

import pygame
import pygame_menu
import pytest

from tests.game_over_helpers import result_card_at_once  # noqa: F401 - the fixture, used by name
from tests.test_ui_game import finished
from tests.ui_helpers import (
    click,
    in_language,
    key,
    make_app,
    recorded_text,
    recorded_text_rects,
    recorded_text_sizes,
    wait,
    words_in,
)
from ui import i18n
from ui.match import HOTSEAT, HUMAN_VS_PC, MatchSetup
from ui.scenes.game import GameScene
from ui.scenes.replay import ReplayScene
from ui.scenes.setup import SetupScene


def reversi_at_the_board(app) -> GameScene:
    """A two-player Reversi game at its start, on the screen."""
    scene = GameScene(app, MatchSetup("reversi", {}, HOTSEAT, (None, None), 0.1), [])
    app.switch(scene)
    app.run_frames(2)
    return scene


@pytest.mark.parametrize("language, one, many", [("en", "disc", "discs"), ("pt", "peça", "peças")])
def test_a_card_holding_one_disc_says_disc(app, monkeypatch, language, one, many):
    """Black's first move, c4, leaves White one disc: White's card read "1 discs" ("1 peças" in
    Portuguese) beside Black's "4 discs".  Each card's unit now takes the form of its number."""
    with words_in(language):
        scene = reversi_at_the_board(app)
        click(app, scene.view.cell_rect(3, 2).center)  # c4: column c, row 4
        assert scene.state.score() == (4, 1)
        drawn = recorded_text(monkeypatch)
        app.invalidate()
        app.run_frames(1)
    assert one in drawn and many in drawn, drawn


def line_margins(label: pygame_menu.widgets.Label) -> list[tuple[int, int]]:
    """The room left and right of each line of a wrapped label, in the picture the form draws."""
    surface = label._surface  # noqa: SLF001 - the picture of the lines, as the form blits it
    leading = label._get_leading()  # noqa: SLF001
    margins = []
    for row in range(len(label.get_lines())):
        band = pygame.Rect(0, row * leading, surface.get_width(), min(leading, surface.get_height() - row * leading))
        inked = surface.subsurface(band).get_bounding_rect()
        margins.append((inked.left, surface.get_width() - inked.right))
    return margins


def test_a_note_of_two_lines_on_new_game_is_centred_like_the_lines_around_it(app):
    """New game in Portuguese: the computer's description ("Ganha de imediato quando pode ... /
    algum acaso.") wrapped to two lines, drawn from the label's left edge, so its short last line
    hung to the left under the centred choices.  Every line of a wrapped note now stands in the
    middle of the form, as a note of one line does."""
    with in_language(app, "pt"):
        app.show_menu()
        app.run_frames(2)
        click(app, app.scene.menu.get_widget("play").get_rect(to_real_position=True).center)
        assert isinstance(app.scene, SetupScene)
        app.run_frames(2)
        wrapped = [w for w in app.scene.menu.get_widgets()
                   if isinstance(w, pygame_menu.widgets.Label) and len(w.get_lines()) > 1]
        assert wrapped, "no note of two lines on the form"
        for label in wrapped:
            for left, right in line_margins(label):
                assert abs(left - right) <= 2, (label.get_lines(), line_margins(label))


def test_the_thinking_spinner_stands_clear_of_the_count_on_its_card(app, monkeypatch, computer_thinks_until_told):
    """Level 5 thinking over its move in Portuguese: the spinner on its card was drawn over the
    end of "0 capturadas" ("3 peças" in Reversi), the count's unit running under its dots.  The
    count now ends a gap short of the spinner."""
    from ui.scenes import panel_cards

    spun: list[tuple[tuple[int, int], int]] = []
    draw_spinner = panel_cards.spinner

    def recorded_spinner(surface, center, radius, color) -> None:
        spun.append((center, radius))
        draw_spinner(surface, center, radius, color)

    with in_language(app, "pt"):
        scene = GameScene(app, MatchSetup("alquerque", {}, HUMAN_VS_PC, ("level-5", None), 30.0), [])
        app.switch(scene)
        assert app.run_frames(100000, until=lambda: computer_thinks_until_told.asked() == 1, timeout=120)
        monkeypatch.setattr(panel_cards, "spinner", recorded_spinner)
        drawn = recorded_text_rects(monkeypatch)
        app.invalidate()
        app.run_frames(1)
        assert scene.computer_thinking()
    card = scene.panel.player_cards[0]
    (centre, radius), = [(c, r) for c, r in spun if card.collidepoint(c)]
    dots_left = centre[0] - radius - int(radius * 0.26) - 1  # the ring's leftmost dot at its largest
    units = [rect for text, rect in drawn if text == "capturadas" and card.colliderect(rect)]
    assert units and units[0].right < dots_left, (units, centre, radius)


def test_the_language_is_the_first_setting_in_view_in_a_small_window(tmp_path, monkeypatch):
    """A user who opened Settings to switch the window from Portuguese back to English found no
    "Língua" in view: it was the last of twelve rows, under the fold in a window of 800x560,
    reached only by scrolling through settings in a language they may not read.  It is now the
    first row, chosen as the form opens: Right switches the language at once."""
    app = make_app(tmp_path, monkeypatch, size=(800, 560))
    app.settings.language = "pt"
    app.apply_settings()
    try:
        app.show_menu()
        app.run_frames(2)
        click(app, app.scene.menu.get_widget("settings").get_rect(to_real_position=True).center)
        menu = app.scene.menu
        language = menu.get_widget("language")
        shown = language.get_rect(to_real_position=True)  # cut to the part in view (0 x 0 for none)
        assert shown.size == language.get_rect().size, (shown, language.get_rect())
        key(app, pygame.K_RIGHT)
        assert i18n.language() == "en" and app.settings.language == "en"
    finally:
        app.quit()
        i18n.set_language("en")


@pytest.mark.usefixtures("result_card_at_once")
def test_the_replay_of_a_game_just_ended_has_one_back(app, monkeypatch):
    """E on the card of a game just ended opens its replay, which showed two buttons named
    "Back": the step one move back (Left) and the way out (Esc), a guess which was which.  The
    step is "Previous", beside "Next", as Portuguese already said ("Anterior")."""
    scene = finished(app, "tictactoe")
    assert wait(app, scene.over_card.visible)
    key(app, pygame.K_e)
    assert isinstance(app.scene, ReplayScene)
    drawn = recorded_text(monkeypatch)
    app.invalidate()
    app.run_frames(1)
    assert drawn.count("Back") == 1 and "Previous" in drawn and "Next" in drawn, drawn
    key(app, pygame.K_HOME)
    key(app, pygame.K_RIGHT)
    click(app, next(b for b in app.scene.buttons if b.label == "Previous").rect.center)
    assert app.scene.ply == 0  # Previous went one move back


@pytest.mark.usefixtures("result_card_at_once")
def test_the_replays_step_buttons_are_labelled_in_one_size_in_a_small_window(tmp_path, monkeypatch):
    """The replay of a game just ended, in Portuguese at 800x560: in five equal buttons
    "Anterior  Esquerda" and "Reproduzir  Espaço" were set smaller than "Início  Home" and
    "Fim  End" beside them.  Each button now takes the width its label and key want, and the
    five labels are drawn in one size, each with its key."""

    app = make_app(tmp_path, monkeypatch, size=(800, 560))
    app.settings.language = "pt"
    app.apply_settings()
    try:
        scene = finished(app, "tictactoe")
        assert wait(app, scene.over_card.visible)
        key(app, pygame.K_e)
        replay = app.scene
        assert isinstance(replay, ReplayScene)
        drawn = recorded_text_sizes(monkeypatch)
        app.invalidate()
        app.run_frames(1)
        sizes = dict(drawn)
        steps = replay.buttons[:5]
        assert len({sizes[b.label] for b in steps}) == 1, {b.label: sizes.get(b.label) for b in steps}
        assert all(b.shown_hint() in sizes for b in steps if b.key_hint), sizes
    finally:
        app.quit()
        i18n.set_language("en")
