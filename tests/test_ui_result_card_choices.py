"""The result card's two ways on, each its own: New game (N) opens the New game screen with the
game's settings filled in, to change one or start it again as it is (Enter); Rematch (R, Enter)
plays again at once with the sides exchanged, and its label says so.  New game restarted the same
game at once, and beside "Rematch" the card had two buttons that both just played again (headless
App, posted keys and clicks)."""

from __future__ import annotations

import pygame
import pytest

from tests.game_over_helpers import result_card_at_once  # noqa: F401 - the fixture, used by name
from tests.ui_helpers import (
    click,
    in_language,
    key,
    make_app_of,
    recorded_text,
    recorded_text_rects,
    resign_by_keys,
    wait,
)
from ui.match import HOTSEAT, HUMAN_VS_PC, PC_VS_PC, MatchSetup
from ui.scenes.game import GameScene
from ui.scenes.setup import SetupScene

X_WINS = ["b2", "a1", "b1", "a2", "b3"]  # Tic-tac-toe: X's third in column b
SETUPS = {
    "against the computer": MatchSetup("reversi", {"size": 6}, HUMAN_VS_PC, ("level-2", None), 0.5, clock="5m+3s"),
    "friends": MatchSetup("tictactoe", {"width": 4, "height": 4, "k": 3}, HOTSEAT, (None, None), 1.0,
                          names=("Ana", "Rui")),
    "watched": MatchSetup("tictactoe", {"width": 3, "height": 3, "k": 3}, PC_VS_PC, ("level-1", "level-4"), 0.25),
}


def ended(app, setup: MatchSetup) -> GameScene:
    """A game of ``setup`` ended, its result card shown: X's line in Tic-tac-toe, a resignation
    (Ctrl+R, then Y) against the computer."""
    scene = GameScene(app, setup, X_WINS if setup.game_id == "tictactoe" else [])
    app.switch(scene)
    app.run_frames(2)
    if not scene.is_over():
        resign_by_keys(app)
    assert scene.is_over() and wait(app, scene.over_card.visible)
    app.run_frames(1)  # drawn: its buttons laid out
    return scene


def card_button(scene: GameScene, key_hint: str):
    return next(button for button in scene.over_card.buttons if button.key_hint == key_hint)


def chosen(setup: MatchSetup) -> tuple:
    """What the New game screen lets a player choose of ``setup`` (not its seed or start)."""
    return setup.game_id, setup.options, setup.mode, setup.players, setup.move_time, setup.clock, setup.names


@pytest.mark.parametrize("how", ["key", "click"])
@pytest.mark.parametrize("kind", list(SETUPS))
def test_new_game_opens_the_new_game_screen_with_the_games_settings(app, kind, how):
    """N, or a click on New game, on the result card: the New game screen (Watch, for a watched
    game) with every setting of the game just played, so Enter starts it again as it was."""
    setup = SETUPS[kind]
    scene = ended(app, setup)
    if how == "key":
        key(app, pygame.K_n)
    else:
        click(app, card_button(scene, "N").rect.center)
    form = app.scene
    assert isinstance(form, SetupScene) and form.watch == (setup.mode == PC_VS_PC)
    filled = form.build_setup()
    assert chosen(filled)[:-1] == chosen(setup)[:-1] and (filled.mode != HOTSEAT or filled.names == setup.names)
    key(app, pygame.K_RETURN)  # Start game
    assert isinstance(app.scene, GameScene) and app.scene is not scene
    assert chosen(app.scene.setup)[:-1] == chosen(setup)[:-1]


def test_new_game_in_the_middle_of_a_game_keeps_it_and_says_where(app):
    """The panel's New game (N) is the card's: the New game screen, the game left kept in the
    Continue list, as the window says there."""
    scene = GameScene(app, SETUPS["friends"], X_WINS[:2])
    app.switch(scene)
    app.run_frames(2)
    key(app, pygame.K_n)
    assert isinstance(app.scene, SetupScene)
    said = [message.text for message in app.messages.current()]
    assert "The unfinished game is kept: Continue it from the main menu" in said, said


@pytest.mark.parametrize("size", [(800, 600), (1280, 800)])
@pytest.mark.parametrize("language, label", [("en", "Rematch, sides swapped"), ("pt", "Desforra, lados trocados")])
@pytest.mark.parametrize("kind", ["against the computer", "friends"])
def test_rematch_plays_again_at_once_with_the_sides_swapped_as_its_label_says(app, monkeypatch, kind, size,
                                                                              language, label):
    """Rematch's label says what it does, whole on the card; R plays the next game on this screen
    at once, each player on the other side (the friends' names go with them)."""
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    app.run_frames(2)
    setup = SETUPS[kind]
    with in_language(app, language):
        drawn = recorded_text(monkeypatch)
        scene = ended(app, setup)
        assert any(text == label for text in drawn), [text for text in drawn if len(text) < 40]
        key(app, pygame.K_r)
    assert app.scene is scene and not scene.is_over() and not scene.history
    assert scene.setup.players == setup.players[::-1] and scene.setup.names == setup.names[::-1]


def leave_by(app, form: SetupScene, how: str) -> None:
    """Leave the New game screen by ``how``: Esc, or a click on its Back button."""
    if how == "Esc":
        key(app, pygame.K_ESCAPE)
    else:
        click(app, form.back_button.rect.center)


@pytest.mark.usefixtures("result_card_at_once")
@pytest.mark.parametrize("how", ["Esc", "Back"])
@pytest.mark.parametrize("kind", ["against the computer", "friends", "watched"])
def test_back_from_new_game_returns_to_the_result_card(app, kind, how):
    """Esc or Back on the New game screen a result card's N opened: the same game again, its
    card showing, for a player who only wanted to look (as from the rules or the replay).  It
    went to the main menu, and the card (its Rematch, its score) was gone."""
    scene = ended(app, SETUPS[kind])
    key(app, pygame.K_n)
    form = app.scene
    assert isinstance(form, SetupScene)
    leave_by(app, form, how)
    assert app.scene is scene and scene.is_over() and scene.over_card.visible()
    key(app, pygame.K_r)  # the card's keys work again: Rematch
    assert app.scene is scene and not scene.is_over() and scene.setup.players == SETUPS[kind].players[::-1]


@pytest.mark.parametrize("how", ["Esc", "Back"])
def test_back_from_new_game_in_the_middle_of_a_game_plays_on(app, how):
    """The panel's New game in a game going on, then Back (or Esc): the game on the screen again,
    its moves as they were and the next one taken; it stays in the Continue list all along."""
    from tests.test_ui_session_score import play
    from tests.test_ui_unfinished import kept

    scene = GameScene(app, SETUPS["friends"], X_WINS[:2])
    app.switch(scene)
    app.run_frames(2)
    key(app, pygame.K_n)
    leave_by(app, app.scene, how)
    assert app.scene is scene and [ply.text for ply in scene.history] == X_WINS[:2] and not scene.is_over()
    play(app, scene, X_WINS[2:3])
    assert [ply.text for ply in scene.history] == X_WINS[:3] and kept() == [X_WINS[:3]]


def test_over_the_panel_the_card_is_as_tall_as_its_content_and_hides_the_panel(tmp_path, monkeypatch):
    """A lost Tic-tac-toe game at 1920x1080: the result card stands over the panel (on the board it
    would hide X's line), and its frame was the panel's height, some 250 pixels of it empty under
    its six buttons.  Now it ends under its last button; the panel's buttons stay hidden below it,
    and a click where one was presses nothing."""
    app = make_app_of(tmp_path, monkeypatch, (1920, 1080))
    try:
        scene = ended(app, MatchSetup("tictactoe", {}, HUMAN_VS_PC, ("level-1", None), 0.5))
        card = scene.over_card
        assert card.over_panel()
        last_button = max(button.rect.bottom for button in card.buttons)
        assert card.rect.bottom - last_button <= int(40 * app.scale), (card.rect, last_button)
        under = [b.rect for b in scene.buttons if b.rect.height and b.rect.top > card.rect.bottom]
        assert under, [b.rect for b in scene.buttons]  # the panel's buttons below the card, not drawn
        for rect in under:
            click(app, rect.center)
        assert scene.is_over() and card.visible() and app.scene is scene
    finally:
        app.quit()
    assert not app.errors, app.errors[0]


def button_rows(drawn: list[tuple[str, pygame.Rect]], button) -> list[list[str]]:
    """The texts drawn inside ``button``, row by row (those whose middles stand within 3 pixels)."""
    inside = sorted((rect.centery, text) for text, rect in drawn if button.rect.contains(rect))
    rows: list[list[tuple[int, str]]] = []
    for middle, text in inside:
        if rows and middle - rows[-1][0][0] <= 3:
            rows[-1].append((middle, text))
        else:
            rows.append([(middle, text)])
    return [[text for _middle, text in row] for row in rows]


@pytest.mark.parametrize("text_size", [1.0, 1.25, 1.5])
@pytest.mark.parametrize("language", ["en", "pt"])
@pytest.mark.parametrize("kind", ["against the computer", "friends"])
def test_at_800x600_no_row_of_a_result_cards_button_is_a_fragment(tmp_path, monkeypatch, kind, language, text_size):
    """At 800x600, Larger text, in Portuguese, "Desforra, lados trocados" had no room for its key
    beside it on the card over the panel, and its R stood alone on a second row, read as the
    word's last letter.  Every button of the card, at every text size in both languages, reads
    on one row: one of its labels whole with its key beside it."""
    app = make_app_of(tmp_path, monkeypatch, (800, 600))
    try:
        app.settings.text_size = text_size
        with in_language(app, language):
            scene = ended(app, SETUPS[kind])
            drawn = recorded_text_rects(monkeypatch)
            app.invalidate()
            app.run_frames(1)
            shown = {b.label: button_rows(drawn, b) for b in scene.over_card.buttons if b.visible}
            wanted = {b.label: [[label, b.shown_hint()] for label in b.labels()] for b in scene.over_card.buttons}
        assert len(shown) == 6, shown
        assert all(len(rows) == 1 and rows[0] in wanted[label] for label, rows in shown.items()), shown
    finally:
        app.quit()
    assert not app.errors, app.errors[0]


def said_whole(lines: list[str], text: str) -> bool:
    """Whether some lines of ``lines`` in a row say ``text`` whole (a separator at a break left out)."""
    wanted = text.replace(" · ", " ")
    return any(" ".join(lines[at:end]).replace(" · ", " ") == wanted
               for at in range(len(lines)) for end in range(at + 1, len(lines) + 1))


@pytest.mark.parametrize(("size", "language"), [((1024, 768), "pt"), ((800, 600), "en")])
def test_over_the_panel_the_card_says_the_reason_and_the_session_score_whole(tmp_path, monkeypatch, size, language):
    """At Larger text, an Alquerque hot-seat game drawn after 40 quiet plies in a rematch: over the
    narrow panel the card read "Passaram 40 / meias-jogadas sem uma …" and "Nesta sessão: Jogador 1
    / (Branco) 0 - 0 Jogador 2 (…", two rows a line, the draws' count gone.  Both are said whole
    now, and the card stays inside the panel, its buttons inside the card."""
    from tests.test_game_endings import random_end
    from tests.test_ui_player_names import card_text
    from ui.scenes.game_over import result_detail

    app = make_app_of(tmp_path, monkeypatch, size)
    try:
        app.settings.text_size = 1.5
        app.apply_settings()
        with in_language(app, language):
            scene = GameScene(app, MatchSetup("alquerque", {}, HOTSEAT, (None, None), 1.0), [])
            app.switch(scene)
            app.run_frames(2)
            resign_by_keys(app)  # the session's first game
            card_text(app, monkeypatch, scene)
            key(app, pygame.K_r)  # Rematch
            for move in random_end("alquerque", None, "40 plies"):
                scene.play_human([scene.game.parse_move(scene.state, move)])
            lines = card_text(app, monkeypatch, scene)
            reason, session = result_detail(scene), scene.sitting.line(scene)
        card = scene.over_card
        assert card.over_panel() and session and "40" in reason
        assert said_whole(lines, reason) and said_whole(lines, session), lines
        assert scene.panel.rect.contains(card.rect) and all(card.rect.contains(b.rect) for b in card.buttons)
        assert not app.errors, app.errors[0]
    finally:
        app.quit()


@pytest.mark.parametrize(("size", "language"), [((1024, 768), "pt"), ((1024, 768), "en"), ((1366, 768), "pt")])
def test_a_watched_games_next_game_keeps_its_seconds_with_their_number(tmp_path, monkeypatch, size, language):
    """At Larger text in Portuguese at 1024x768 a watched game's result card read "Próximo jogo
    dentro de 15" over "s (Espaço: ficar neste)": no line breaks between a number and its unit
    (``ui.text.UNITS``)."""
    from tests.test_ui_player_names import card_text
    from ui.i18n import _

    app = make_app_of(tmp_path, monkeypatch, size)
    try:
        app.settings.text_size = 1.5
        app.apply_settings()
        with in_language(app, language):
            scene = GameScene(app, MatchSetup("tictactoe", {}, PC_VS_PC, ("level-3", "level-4"), 30.0),
                              ["a1", "b1", "a2", "b2", "a3"])
            app.switch(scene)
            lines = card_text(app, monkeypatch, scene)
            words = _("Next game in {seconds} s (Space: stay on this one)").split("{seconds}")[0].strip()
        said = [line for line in lines if line.startswith(words)]
        assert scene.next_game_in() is not None and said, lines
        assert not any(line.split()[-1].isdigit() for line in lines), lines
        assert not app.errors, app.errors[0]
    finally:
        app.quit()
