"""F1 on every screen: help for what the screen shows (the keys page at the screen's own section,
or the game's rules where the screen is about one game: New game, Play from here, the game, the
replay; F1 again there turns to the screen's keys), and Esc back to the same screen in the same
state -- a form's choices not yet confirmed, the replay's move, a list's row and scroll, a running
tournament going on.  F1 did nothing on New game, Settings, the lists, the replay, the tournament
and the rest."""

from __future__ import annotations

import re

import pygame
import pytest

import games
from games.record import GameRecord
from games.record_parts import Side
from tests.test_ui_records import saved_games
from tests.ui_helpers import key, words_in
from ui.scenes import rules
from ui.scenes.rules import KEYS_PAGE, RulesScene, rules_source, section_index


def tictactoe_record(moves=("b2", "a1", "c3")) -> GameRecord:
    game = games.load("tictactoe")
    return GameRecord.start(game, (Side(None, "A"), Side(None, "B"))).with_moves(list(moves), game.play_line(list(moves)))


def open_screen(app, name: str):
    """The screen ``name``, opened as a player opens it, after a few frames."""
    from ui.scenes.play_from import PlayFromScene
    from ui.scenes.position_editor import PositionEditorScene
    from ui.scenes.tournament import TournamentScene

    if name == "setup":
        app.show_setup()
    elif name == "settings":
        app.show_settings()
    elif name == "saved":
        saved_games(2)
        app.show_saved_games()
    elif name == "unfinished":
        app.show_unfinished()
    elif name == "replay":
        app.open_replay(tictactoe_record(), ply=1)
    elif name == "tree":
        game = games.load("tictactoe")
        app.show_tree(game, game.initial_state())
    elif name == "play-from":
        record = tictactoe_record(("b2", "a1"))
        app.switch(PlayFromScene(app, record, record, on_start=lambda _setup: None, on_back=app.show_menu))
    elif name == "editor":
        game = games.load("tictactoe")
        app.switch(PositionEditorScene(app, "tictactoe", {}, game.to_text(game.initial_state()), lambda _r: None))
    elif name == "tournament":
        app.switch(TournamentScene(app, "tictactoe"))
    app.run_frames(3)
    return app.scene


# the page and the section F1 opens on each screen
HELP = {"menu": (KEYS_PAGE, "Main menu and game lists"), "setup": ("tictactoe", None),
        "settings": (KEYS_PAGE, "Everywhere"), "saved": (KEYS_PAGE, "Main menu and game lists"),
        "unfinished": (KEYS_PAGE, "Main menu and game lists"), "replay": ("tictactoe", None),
        "tree": (KEYS_PAGE, "Search tree"), "play-from": ("tictactoe", None),
        "editor": (KEYS_PAGE, "New game"), "tournament": (KEYS_PAGE, "Tournament")}
# the keys page's section F1 again turns to, on help opened on a game's rules
KEYS_AFTER_RULES = {"setup": "New game", "replay": "Replay", "play-from": "Play from here"}


@pytest.mark.parametrize("name", sorted(HELP))
def test_f1_opens_the_screens_help_and_esc_returns_to_the_same_screen(app, name):
    screen = open_screen(app, name)
    key(app, pygame.K_F1)
    shown = app.scene
    assert isinstance(shown, RulesScene), f"F1 did nothing on {name}"
    page, section = HELP[name]
    assert shown.game_id == page
    heading = [line for line in shown.lines if line[4] == "h2"]
    if section is None:  # the page's top
        assert shown.offset == 0
    else:  # the section's heading is the first line shown (or in view, near the page's end)
        top = shown._section_top(rules.section_index(page, section))
        assert any(line[0] == section for line in heading) and top > 0
        assert shown.offset == min(top, shown._content_height() - shown.text_rect.height)
    key(app, pygame.K_ESCAPE)
    assert app.scene is screen, f"Esc from help did not return to the same {name} screen"


@pytest.mark.parametrize("language", ["en", "pt"])
def test_every_section_a_screen_opens_is_on_the_keys_page_in_order(language):
    """A screen names its section by the English heading; the translated page keeps the order."""
    english = [b.text for b in rules.markdown.parse(rules_source(KEYS_PAGE)) if b.kind == "h2"]
    with words_in(language):
        shown = [b.text for b in rules.markdown.parse(rules_source(KEYS_PAGE)) if b.kind == "h2"]
    assert len(shown) == len(english)
    assert {section for page, section in HELP.values() if page == KEYS_PAGE} <= set(english)
    assert set(KEYS_AFTER_RULES.values()) | {"In a game"} <= set(english)


def assert_at_section(shown: RulesScene, section: str) -> None:
    """The keys page is shown with ``section``'s heading its first line (or in view, near its end)."""
    top = shown._section_top(rules.section_index(KEYS_PAGE, section))
    assert shown.game_id == KEYS_PAGE and top > 0
    assert shown.offset == min(top, shown._content_height() - shown.text_rect.height)


def test_f1_on_new_game_opens_the_chosen_games_rules_and_f1_again_its_keys(app):
    """F1 on New game opened the keys page whatever game was chosen, where a player choosing a
    game looks for that game's rules: now the chosen game's rules, whose subtitle says that F1
    again shows New game's keys, as it does; Esc comes back to the form."""
    scene = open_screen(app, "setup")
    key(app, pygame.K_PAGEDOWN)  # the next game: Hex
    assert scene.choices.game_id == "hex"
    key(app, pygame.K_F1)
    shown = app.scene
    assert isinstance(shown, RulesScene) and shown.game_id == "hex" and shown.offset == 0
    assert "F1 again: keys (New game)" in shown._titles()[1]
    key(app, pygame.K_F1)
    assert app.scene is shown
    assert_at_section(shown, "New game")
    assert not shown.keys_note()  # the keys page says nothing of F1
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene and scene.choices.game_id == "hex"


@pytest.mark.parametrize("name", sorted(KEYS_AFTER_RULES))
def test_f1_twice_on_a_screen_about_one_game_shows_its_rules_then_its_keys(app, name):
    screen = open_screen(app, name)
    key(app, pygame.K_F1)
    shown = app.scene
    assert shown.game_id == "tictactoe" and "F1 again" in shown._titles()[1]
    key(app, pygame.K_F1)
    assert_at_section(shown, KEYS_AFTER_RULES[name])
    key(app, pygame.K_ESCAPE)
    assert app.scene is screen


def test_f1_twice_in_a_game_shows_its_rules_then_the_keys_of_a_game(app):
    from ui.match import HOTSEAT, MatchSetup
    from ui.scenes.game import GameScene

    scene = GameScene(app, MatchSetup("reversi", {}, HOTSEAT, (None, None), 0.1))
    app.switch(scene)
    app.run_frames(2)
    key(app, pygame.K_F1)
    shown = app.scene
    assert isinstance(shown, RulesScene) and shown.game_id == "reversi"
    key(app, pygame.K_F1)
    assert_at_section(shown, "In a game")
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene


def test_the_rules_screen_opened_from_the_menu_says_nothing_of_f1_again(app):
    """The Rules button of the main menu opens the rules for themselves: no screen's keys to name."""
    app.show_rules("hex")
    app.run_frames(2)
    assert app.scene.keys_note() == "" and "F1" not in app.scene._titles()[1]


def test_new_game_keeps_its_choices_and_the_line_chosen_across_help(app):
    """A game picked and the mode changed, not started: F1 and Esc come back to them, the
    keyboard on the line it was on (a form built again chose its first line)."""
    scene = open_screen(app, "setup")
    key(app, pygame.K_PAGEDOWN)  # the next game
    game_id = scene.choices.game_id
    form = scene.menu
    key(app, pygame.K_DOWN)
    chosen = form.get_selected_widget().get_id()
    assert chosen != form.get_widgets()[0].get_id()
    key(app, pygame.K_F1)
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene and scene.choices.game_id == game_id
    assert scene.menu.get_selected_widget().get_id() == chosen


def test_the_replay_comes_back_at_its_move(app):
    scene = open_screen(app, "replay")
    key(app, pygame.K_RIGHT)
    assert scene.ply == 2
    key(app, pygame.K_F1)
    assert app.scene.game_id == "tictactoe"
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene and scene.ply == 2


def test_f1_in_help_turns_to_the_keys_page_in_place_and_one_esc_comes_back(app, monkeypatch):
    """F1 on the help screen turns its page to the keys, in place, and one Esc comes back.  F1 held
    as help opened repeated on it (pygame's key repeat) and turned the page away from the one the
    screen asked for: its repeats are not the help screen's (``App.CARRIED_KEYS``)."""
    from ui import app as app_module

    scene = open_screen(app, "replay")
    key(app, pygame.K_F1)
    shown = app.scene
    assert isinstance(shown, RulesScene) and shown.game_id == "tictactoe"
    key(app, pygame.K_F1)
    assert app.scene is shown and shown.game_id == KEYS_PAGE
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene
    monkeypatch.setattr(app_module, "held_keys", lambda: {pygame.K_F1})  # F1 still down as help opens
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode="", scancode=0))
    app.run_frames(1)
    shown = app.scene
    assert isinstance(shown, RulesScene)
    monkeypatch.setattr(app_module, "held_keys", set)
    for _repeat in range(3):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode="", scancode=0))
        app.run_frames(1)
    assert app.scene is shown and shown.game_id == "tictactoe"  # the repeats turned no page
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene


def test_saved_games_come_back_on_the_row_and_scroll_left(app):
    saved_games(40)
    app.show_saved_games()
    app.run_frames(3)
    scene = app.scene
    assert app.run_frames(10, until=lambda: not scene.loading and len(scene.entries) == 40, timeout=30)
    for _ in range(29):  # from the first row, chosen as the list opens
        key(app, pygame.K_DOWN, frames=1)
    app.run_frames(2)
    row, scroll = scene.selected, scene.scroll
    assert row == 29 and scroll > 0
    key(app, pygame.K_F1)
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene and (scene.selected, scene.scroll) == (row, scroll)


def test_the_position_editor_keeps_the_text_typed(app):
    scene = open_screen(app, "editor")
    before = scene.area.text
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="x"))
    app.run_frames(2)
    typed = scene.area.text
    assert typed != before
    key(app, pygame.K_F1)
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene and scene.area.text == typed


def test_a_running_tournament_goes_on_under_help_and_shows_its_progress_on_return(app):
    """The tournament went on being played while the keys page showed, and its screen shows the
    games finished meanwhile; leaving from help for good (closing the window) stops it."""
    scene = open_screen(app, "tournament")
    for player in scene.player_buttons[:2]:
        if not player.active:
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=player.rect.center, button=1))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=player.rect.center, button=1))
            app.run_frames(2)
    start = next(b for b in scene.buttons if b.label.startswith("Start"))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start.rect.center, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=start.rect.center, button=1))
    app.run_frames(2)
    tournament = scene.tournament
    # started: running, or already over (its games of 3x3, in warm workers, can end within a loaded machine's frames)
    assert tournament is not None and (scene.running or len(tournament.results) == tournament.total)
    key(app, pygame.K_F1)
    assert isinstance(app.scene, RulesScene)
    assert app.run_frames(10, until=lambda: len(tournament.results) >= 1, timeout=60)
    assert tournament.is_running() or len(tournament.results) == tournament.total
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene and scene.tournament is tournament
    app.run_frames(3)
    assert len(scene.recent) >= 1


def tile_edge_colours(surface: pygame.Surface, label: pygame.Rect) -> str:
    """The colours at the middle of the west, north, east and south edges of the tile drawn just
    above ``label``, written as a tile's name (``l`` light, ``d`` dark, ``?`` neither)."""
    from games.trax import DARK, LIGHT
    from ui.views.trax import PATH_COLOURS

    ground = surface.get_at((label.left - 3, label.centery))
    x, bottom = label.centerx, label.top - 1
    while surface.get_at((x, bottom)) == ground:  # up to the tile
        bottom -= 1
    left = x
    while surface.get_at((left - 1, bottom - 1)) != ground:
        left -= 1
    size = 2 * (x - left)
    middle = bottom - size // 2
    names = {tuple(PATH_COLOURS[LIGHT]): "l", tuple(PATH_COLOURS[DARK]): "d"}
    edges = [(left + 1, middle), (x, bottom - size + 2), (left + size - 2, middle), (x, bottom - 1)]
    return "".join(names.get(tuple(surface.get_at(p))[:3], "?") for p in edges)


@pytest.mark.parametrize("language", ["en", "pt"])
def test_the_trax_rules_show_each_tile_over_its_name(app, monkeypatch, language):
    """The rules page named the six tiles by their edges' colours (``lddl``: west light, north and
    east dark, south light) with no picture of any: a newcomer had to draw them to follow the
    page.  It now shows the six tiles, each over its name (and its notation sign), in English and
    in Portuguese."""
    from games.trax_tiles import TILE_NAMES
    from tests.ui_helpers import recorded_text_rects

    with words_in(language):
        app.switch(RulesScene(app, "trax"))
        drawn = recorded_text_rects(monkeypatch)
        app.scene.draw(app.screen)
    labels = {text.split()[0]: rect for text, rect in drawn  # "lddl \\": the name and its notation sign
              if len(text.split()) == 2 and text.split()[0] in TILE_NAMES}
    assert sorted(labels) == sorted(TILE_NAMES)
    for name, rect in labels.items():
        assert tile_edge_colours(app.screen, rect) == name


def colour_box(surface: pygame.Surface, colour) -> pygame.Rect:
    """The smallest rectangle holding every pixel of ``colour`` on ``surface``."""
    rects = pygame.mask.from_threshold(surface, (*colour[:3], 255), (1, 1, 1, 255)).get_bounding_rects()
    assert rects, "no pixel of that colour"
    return rects[0].unionall(rects[1:])


@pytest.mark.parametrize("language", ["en", "pt"])
@pytest.mark.parametrize("game_id", ["alquerque", "rastros", "hex", "reversi"])
def test_the_rules_show_the_board_at_the_start(tmp_path, monkeypatch, game_id, language):
    """Alquerque's page told where the diagonal lines run and where the 24 pieces stand, Rastros'
    and Hex's where the goals and edges are, Reversi's where the four discs stand, in words only.
    Each page now shows its board at the start, drawn as the game's card on New game draws it, in
    English and in Portuguese."""
    from tests.ui_helpers import make_app

    app = make_app(tmp_path, monkeypatch, size=(1280, 1400))  # tall enough to show each picture unscrolled
    try:
        with words_in(language):
            app.switch(RulesScene(app, game_id))
            app.scene.draw(app.screen)
            assert_shows_the_start(app, game_id)
    finally:
        app.quit()


def board_ground(app, game_id: str):
    """The colour a game's board is drawn on: Reversi's green felt, the theme's wood elsewhere."""
    from ui.views.reversi import FELT

    return FELT if game_id == "reversi" else app.theme.board


def picture_area(app, name: str) -> pygame.Rect:
    """Where the rules screen lays out the picture ``name`` of its page: the text's width, the
    picture's line (a page may show more than one board)."""
    scene = app.scene
    y = scene.text_rect.y - scene.offset
    for line in scene.lines:
        if line.kind == "picture" and line.text == name:
            return pygame.Rect(scene.text_rect.x, y, scene.text_rect.width, line.size)
        y += rules.line_height(line.size, line.bold, line.kind)
    raise AssertionError(f"no picture {name!r} on the page")


def assert_shows_the_start(app, game_id: str) -> None:
    """The window shows ``game_id``'s start as its card on New game does, pixel for pixel."""
    from ui.scenes.common import thumbnail

    side = rules.start_picture_size(app.scale)
    start = thumbnail(game_id, app.theme.name, side, side)
    ground = board_ground(app, game_id)
    area = picture_area(app, rules.START)
    shown, drawn = colour_box(app.screen.subsurface(area), ground).move(area.topleft), colour_box(start, ground)
    assert shown.size == drawn.size
    for dx in range(0, drawn.width, 3):
        for dy in range(0, drawn.height, 3):
            pixel = start.get_at((drawn.x + dx, drawn.y + dy))
            if pixel.a == 255:
                assert app.screen.get_at((shown.x + dx, shown.y + dy)) == pixel


def keys_page_bullets(section: str) -> list[str]:
    """The bullets of the keys page's ``section`` (its English heading), in the window's language."""
    index, bullets, heading = section_index(KEYS_PAGE, section), [], -1
    for block in rules.markdown.parse(rules_source(KEYS_PAGE)):
        heading += block.kind == "h2"
        if heading == index and block.kind == "li":
            bullets.append(block.text)
    return bullets


def names_with_key(text: str, button) -> bool:
    """Whether ``text`` names ``button`` as it shows (any case) and its key as a word of its own."""
    return button.label.lower() in text.lower() and re.search(rf"\b{re.escape(button.key_hint)}\b", text) is not None


@pytest.mark.parametrize("language", ["en", "pt"])
def test_the_keys_page_names_every_button_over_a_games_board_with_its_key(app, language):
    """The result card, the Result button after View board and the card of a game that cannot
    start (an outside player that does not load) each show buttons with their keys; the keys
    page's "In a game" names each by the name it shows, beside its key.  The page had no word of
    the cannot-start card's Back to the setup (Enter) and Try again (R).  So are the hot-seat
    Offer draw (Ctrl+D) and the card that asks the other friend (Accept the draw Y, Decline N)."""
    from tests.test_ui_game import hotseat

    with words_in(language):
        scene = hotseat(app)
        bullets = keys_page_bullets("In a game")
        buttons = [*scene.over_card.buttons, scene.btn_result, *scene.start_card.buttons, scene.btn_draw,
                   *scene.offer_card.buttons]
        missing = [(b.label, b.key_hint) for b in buttons if not any(names_with_key(text, b) for text in bullets)]
    assert missing == []


def longest_empty_run(surface: pygame.Surface, area: pygame.Rect, colour) -> int:
    """The most rows of ``area`` in a row that show only ``colour`` (a blank band on the page)."""
    longest = run = 0
    for y in range(area.top, area.bottom):
        blank = all(surface.get_at((x, y))[:3] == colour[:3] for x in range(area.left, area.right, 2))
        run = run + 1 if blank else 0
        longest = max(longest, run)
    return longest


@pytest.mark.parametrize("game_id", ["alquerque", "rastros", "hex", "reversi"])
def test_the_start_picture_leaves_no_blank_band_on_the_rules_page(tmp_path, monkeypatch, game_id):
    """Hex's start was drawn in a square: its wide, short board left a blank band above it and
    another below, the page's widest gaps.  Now the picture is cut to the board drawn, and no band
    on the page's first screen is wider than the gap before a heading and a line's own room."""
    from tests.ui_helpers import make_app

    app = make_app(tmp_path, monkeypatch, size=(1280, 1400))
    try:
        app.switch(RulesScene(app, game_id))
        app.scene.draw(app.screen)
        assert longest_empty_run(app.screen, app.scene.text_rect, app.theme.panel) < 40 * app.scale
    finally:
        app.quit()
