"""The "Keys and mouse" page of the rules screen: reached by its tab, in the window's language, and
naming every key a button shows, so no shortcut is found only by accident."""

from __future__ import annotations

import re

import pygame
import pytest

import games
from games.record import GameRecord
from games.record_parts import Side
from tests.ui_helpers import click, key, words_in
from ui.match import HOTSEAT, PC_VS_PC, MatchSetup
from ui.scenes.game import GameScene
from ui.scenes.replay import ReplayScene
from ui.scenes.rules import KEYS_PAGE, RulesScene, rules_path, rules_source


def keys_page() -> str:
    return rules_path(KEYS_PAGE).read_text(encoding="utf-8")


def test_a_tab_of_the_rules_screen_after_the_games_lists_the_keys(app):
    app.show_rules("hex")
    app.run_frames(2)
    scene = app.scene
    assert isinstance(scene, RulesScene) and scene.tabs[-2].label == "Keys and mouse"
    click(app, scene.tabs[-2].rect.center)
    assert scene.game_id == KEYS_PAGE and scene.tabs[-2].active
    shown = [line[0] for line in scene.lines]
    assert shown[0] == "Keys and mouse" and any(line.startswith("Ctrl+V: open a game or a position") for line in shown)
    for page, back_ringed in (("about", False), ("about", True), ("tictactoe", False)):
        # Tab: the About page, then Back ringed, then round to the first game
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="\t"))
        app.run_frames(2)
        assert scene.game_id == page and scene.back_button.focused == back_ringed


def test_f1_on_the_main_menu_opens_the_keys_page_and_esc_comes_back(app):
    """F1 opened the rules only from a game: on the main menu, where a keyboard player first looks
    for help, it did nothing.  It opens the page of keys, and Esc returns to the menu."""
    from ui.scenes.menu import MenuScene

    assert isinstance(app.scene, MenuScene)
    key(app, pygame.K_F1)
    assert isinstance(app.scene, RulesScene) and app.scene.game_id == KEYS_PAGE
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)


def test_end_and_home_reach_the_ends_of_a_rules_page(app):
    """Home went to the top; End did nothing."""
    app.show_rules("trax")
    app.run_frames(2)
    scene = app.scene
    for k in (pygame.K_END, pygame.K_HOME):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
        app.run_frames(2)
        if k == pygame.K_END:
            assert scene.offset == scene._content_height() - scene.text_rect.height > 0
    assert scene.offset == 0


def test_the_keys_page_is_translated():

    with words_in("pt"):
        assert rules_source(KEYS_PAGE).startswith("# Teclas e rato")


def hints(buttons) -> set[str]:
    """The key hints the buttons draw beside their labels, in the window's language."""
    return {b.shown_hint() for b in buttons if b.shown_hint()}


@pytest.mark.parametrize("language", ["en", "pt"])
def test_every_key_a_button_shows_is_on_the_keys_page(app, language):
    """Each hint a button draws names its key as the keys page of that language does: the
    Portuguese buttons said "Fim" where the page (and the keyboard) says End."""
    with words_in(language):
        page = rules_source(KEYS_PAGE)
        shown: set[str] = set()
        for mode, players, clock in ((HOTSEAT, (None, None), None), (PC_VS_PC, ("level-1", "level-1"), None),
                                     (HOTSEAT, (None, None), "5m+0s")):  # a clock: the friends' Pause
            scene = GameScene(app, MatchSetup("hex", {}, mode, players, 0.1, clock=clock))
            app.switch(scene)
            app.run_frames(2)
            shown |= hints(scene.buttons) | hints(scene.over_card.buttons) | hints(scene.pause_card.buttons)
        game = games.load("hex", size=5)
        record = GameRecord.start(game, (Side(None, "A"), Side(None, "B"))).with_moves(["c3"], game.play_line(["c3"]))
        shown |= hints(ReplayScene(app, record, analyse=False).buttons)
    assert {"U", "Ctrl+S", "F1", "Esc", "R", "Ctrl+C", "End", "Ctrl+P"} <= shown
    joined = r"(:|,|\s)"  # "End:", "Home e End escolhem", "(Insert: ...)"
    missing = [hint for hint in sorted(shown) if not (
        (hint == "+/-" and ("+ and -" if language == "en" else "+ e -") in page)
        or re.search(rf"(^|[\s(,]){re.escape(hint)}{joined}", page, re.M))]
    assert not missing, f"keys shown on buttons but not on the {language} keys page: {missing}"


@pytest.mark.parametrize("language", ["en", "pt"])
@pytest.mark.parametrize("game_id", games.available_ids())
def test_a_rules_page_that_says_click_says_how_without_a_mouse(game_id, language):
    """Alquerque's "Entering moves", Hex's swap and Reversi's pass said only what the mouse does;
    a keyboard player read their rules page and found no way to capture, swap or pass.  A page
    that tells where to click also tells the keys (Trax's always did)."""
    with words_in(language):
        page = rules_source(game_id)
    clicks = re.findall(r"\b(click|clique)", page, re.I)
    assert not clicks or re.search(r"without a mouse|sem rato", page, re.I), (game_id, language)


def test_the_alquerque_page_says_a_missed_capture_is_not_huffed():
    """The module decides that "capture compulsory" forbids the other moves and takes no piece as
    a penalty (no huffing, as in some draughts rules); the page, in both languages, says so."""
    with words_in("pt"):
        assert "não há sopro" in rules_source("alquerque")
    assert "there is no huffing" in rules_source("alquerque")


@pytest.mark.parametrize("language", ["en", "pt"])
def test_the_keys_page_says_how_to_go_through_menus_and_forms(app, language):
    """The keys page listed every shortcut but not how a player without a mouse goes through the
    main menu and the forms (New game, Settings): Up and Down, Left and Right, Enter.  It says so
    under "Everywhere", and the keys do that on the Settings screen."""
    with words_in(language):
        page = rules_source(KEYS_PAGE)
    everywhere = page.split("\n## ")[1]
    words = {"en": ("Up and Down", "Left and Right", "Enter presses"), "pt": ("Cima e Baixo", "Esquerda e Direita", "Enter carrega")}
    assert all(w in everywhere for w in words[language]), everywhere
    app.show_settings()
    app.run_frames(2)
    form = app.scene.menu
    for _ in range(10):
        if form.get_selected_widget().get_id() == "show_legal":
            break
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="", scancode=0))
        app.run_frames(2)
    shown = app.settings.show_legal
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT if not shown else pygame.K_LEFT, mod=0,
                                         unicode="", scancode=0))
    app.run_frames(2)
    assert app.settings.show_legal is not shown


@pytest.mark.parametrize("language", ["en", "pt"])
def test_the_keys_page_names_the_play_from_here_forms_keys(app, language):
    """The replay's C opens the "Play from here" form, whose keys (Up and Down, Left and Right,
    Enter, Esc) the keys page did not name, and the page still said C plays on at once.  The page
    has a section titled as the form is, naming every key the form's buttons show and the arrows
    it answers to, and its replay section says C opens that form."""
    from tests.ui_helpers import key
    from ui import i18n
    from ui.scenes.play_from import PlayFromScene

    with words_in(language):
        game = games.load("tictactoe")
        record = GameRecord.start(game, (Side(None, "A"), Side(None, "B"))).with_moves(
            ["b2", "a1"], game.play_line(["b2", "a1"]))
        app.open_replay(record, ply=2)
        app.run_frames(2)
        key(app, pygame.K_c)
        form = app.scene
        assert isinstance(form, PlayFromScene)
        title = i18n._("Play from here")
        page = rules_source(KEYS_PAGE)
    arrows = {"en": ("Up and Down", "Left and Right"), "pt": ("Cima e Baixo", "Esquerda e Direita")}[language]
    first = form.menu.get_selected_widget()
    mode = first.get_value()
    key(app, pygame.K_RIGHT)  # the arrows do what the page says: change a value, choose a line
    assert first.get_value() != mode
    key(app, pygame.K_DOWN)
    assert form.menu.get_selected_widget() is not first
    sections = {part.split("\n", 1)[0]: part for part in page.split("\n## ")}
    assert title in sections, f"no '{title}' section on the {language} keys page"
    named = sections[title]
    missing = [k for k in sorted(hints([form.start_button, form.back_button]) | set(arrows))
               if not re.search(rf"(^|[\s(,]){re.escape(k)}(:|,|\s)", named, re.M)]
    assert not missing, f"keys of the Play from here form not on the {language} keys page: {missing}"
    replay = next(part for name, part in sections.items() if name in ("Replay", "Revisão"))
    assert f"C: {title}" in replay


WATCHED_GAME = {"en": "watched game", "pt": "jogo observado"}


@pytest.mark.parametrize("language", ["en", "pt"])
def test_the_keys_page_says_where_the_play_from_here_forms_esc_goes_from_take_over(app, language):
    """Take over (C) on a watched game opens the "Play from here" form too, and its Esc goes back
    to the watched game, not to a replay; the page's section for the form said only "Esc: back to
    the replay"."""
    from ui import i18n
    from ui.scenes.play_from import PlayFromScene

    with words_in(language):
        scene = GameScene(app, MatchSetup("tictactoe", {}, PC_VS_PC, ("level-1", "level-2"), 0.5), ["b2", "a1"])
        app.switch(scene)
        app.run_frames(2)
        key(app, pygame.K_c)
        assert isinstance(app.scene, PlayFromScene)
        key(app, pygame.K_ESCAPE)
        assert app.scene is scene  # the page's claim: back to the watched game
        sections = {part.split("\n", 1)[0]: part for part in rules_source(KEYS_PAGE).split("\n## ")}
        title, take_over = i18n._("Play from here"), i18n._("Take over")
    esc = next(line for line in sections[title].splitlines() if "Esc:" in line)
    assert WATCHED_GAME[language] in esc and f"{take_over} (C)" in esc, esc
    assert any(f"C ({take_over})" in part for part in sections.values())


def test_a_key_held_as_the_screen_changes_acts_on_the_new_screen_only_once_pressed_again(app, monkeypatch):
    """Return held a little long on the menu's Play repeated on New game and started a game there;
    Esc held walked back through two screens.  The held key's repeats are not the new screen's;
    let go and pressed again, it is."""
    import ui.app
    from ui.scenes.setup import SetupScene

    def repeat_return() -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
        app.run_frames(2)

    monkeypatch.setattr(ui.app, "held_keys", lambda: {pygame.K_RETURN})  # held as Play opens New game
    app.show_setup()
    monkeypatch.setattr(ui.app, "held_keys", set)
    app.run_frames(2)
    repeat_return()
    repeat_return()
    assert isinstance(app.scene, SetupScene)
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN, mod=0, unicode="", scancode=0))
    app.run_frames(1)
    key(app, pygame.K_RETURN)  # pressed again: Start game
    assert isinstance(app.scene, GameScene)


def test_the_main_menus_game_pictures_are_reached_from_the_keyboard_and_ringed(app, monkeypatch):
    """The games' pictures took clicks only: Down went round from Quit to the first button.  Down
    past the last button goes on to them, ringed (the buttons' highlight off), Left and Right
    choose one and Enter plays it on New game."""
    import ui.scenes.cards
    from ui.scenes.menu import MenuScene
    from ui.scenes.setup import SetupScene

    menu = app.scene
    assert isinstance(menu, MenuScene)
    buttons = [w for w in menu.menu.get_widgets() if w.is_selectable]
    for _ in buttons:
        key(app, pygame.K_DOWN)
    assert menu.cards.focused == 0 and not any(w.is_selected() for w in buttons)
    ringed = []
    monkeypatch.setattr(ui.scenes.cards, "focus_ring", lambda _s, rect, *_args: ringed.append(rect))
    key(app, pygame.K_RIGHT)
    assert menu.cards.focused == 1 and ringed[-1].colliderect(menu.cards.rects[1])
    key(app, pygame.K_UP)  # back up: the last button
    assert menu.cards.focused is None and menu.menu.get_selected_widget().get_id() == "quit"
    key(app, pygame.K_DOWN)  # down again: the picture it was on
    assert menu.cards.focused == 1
    key(app, pygame.K_RETURN)
    assert isinstance(app.scene, SetupScene) and app.scene.choices.game_id == menu.cards.infos[1].id


def test_tab_goes_round_the_main_menu_to_the_about_link_and_enter_opens_it(app, monkeypatch):
    import ui.scenes.menu
    from ui.scenes.rules import ABOUT_PAGE

    menu = app.scene
    ringed = []
    monkeypatch.setattr(ui.scenes.menu, "focus_ring", lambda _s, rect, *_args: ringed.append(rect))
    key(app, pygame.K_TAB)
    assert menu.place == "cards"
    key(app, pygame.K_TAB)
    assert menu.place == "about" and ringed and ringed[-1].colliderect(menu.about_rect)
    key(app, pygame.K_TAB)  # round to the first button
    assert menu.place == "menu" and menu.menu.get_selected_widget().get_id() == "play"
    key(app, pygame.K_TAB, mod=pygame.KMOD_SHIFT)  # and back to the link
    assert menu.place == "about"
    key(app, pygame.K_RETURN)
    assert isinstance(app.scene, RulesScene) and app.scene.game_id == ABOUT_PAGE


def focused(form) -> str:
    """The id of the line of a pygame-menu form that has the keyboard's focus."""
    return form.menu.get_selected_widget().get_id()


@pytest.mark.parametrize("downs", [0, 4])  # Play: New game; four Downs: Settings
def test_tab_and_shift_tab_go_through_a_forms_lines(app, downs):
    """Tab did nothing on New game and Settings (and Play from here), though the main menu and the
    tournament's screen go on to their next control with it: a player who tabs through forms was
    stuck on the first line.  Tab goes on to the next line as Down does, Shift+Tab back as Up."""
    for _ in range(downs):
        key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    form = app.scene
    first = focused(form)
    key(app, pygame.K_DOWN)
    second = focused(form)
    key(app, pygame.K_UP)
    key(app, pygame.K_TAB)
    assert focused(form) == second != first
    key(app, pygame.K_TAB, mod=pygame.KMOD_SHIFT)
    assert focused(form) == first


def test_tab_goes_through_the_play_from_here_form(app):
    from tests.test_ui_play_from import chooser, recorded

    form = chooser(app, recorded(PC_VS_PC, ("level-1", "level-2")), ply=2)
    first = focused(form)
    key(app, pygame.K_TAB)
    assert focused(form) != first
    key(app, pygame.K_TAB, mod=pygame.KMOD_SHIFT)
    assert focused(form) == first


def test_shift_tab_on_the_rules_screen_goes_to_the_page_before(app):
    """Shift+Tab went on to the next page, as Tab does: a player going back through the tabs went
    forward.  It goes to the page before, as Left does."""
    for _ in range(3):  # Play, Watch, Tournament: Rules
        key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    scene = app.scene
    assert isinstance(scene, RulesScene)
    first = scene.game_id
    key(app, pygame.K_TAB)
    assert scene.game_id != first
    key(app, pygame.K_TAB, mod=pygame.KMOD_SHIFT)
    assert scene.game_id == first


def test_b_again_brings_back_the_result_card_that_view_board_hid(app):
    """View board (then V, now B) hid the result card for good: its Replay and Save were out of
    reach, A and S doing other things on the bare board.  B again shows the card, and its keys work
    again."""
    from tests.ui_helpers import wait

    key(app, pygame.K_RETURN)  # New game
    form = app.scene.menu
    while form.get_selected_widget().get_id() != "mode":
        key(app, pygame.K_DOWN)
    key(app, pygame.K_RIGHT)  # Hot-seat
    key(app, pygame.K_RETURN)
    game = app.scene
    assert isinstance(game, GameScene) and game.setup.mode == HOTSEAT
    for move in ("b2", "a1", "b1", "c1", "b3"):
        key(app, pygame.K_RETURN)  # the move field
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=move))
        key(app, pygame.K_RETURN)
    assert wait(app, lambda: game.over_card.visible() and game.over_card.ready())  # its grace over: typed moves
    key(app, pygame.K_b)
    assert not game.over_card.visible()
    key(app, pygame.K_b)
    assert game.over_card.visible()
    key(app, pygame.K_e)  # the card's Replay
    assert isinstance(app.scene, ReplayScene)


def test_ctrl_with_a_games_switch_letter_switches_nothing(app):
    """A desktop's Ctrl+A (select all) or Ctrl+F (find), pressed in a game, turned analysis on
    (the engine's values over the board in a serious game) or the board round, without a word;
    Ctrl+L hid the legal moves, Ctrl+T opened the search tree.  With Ctrl held those letters do
    nothing; Ctrl+Z still undoes."""
    scene = GameScene(app, MatchSetup("reversi", {}, HOTSEAT, (None, None), 0.1), ["f5", "d6"])
    app.switch(scene)
    app.run_frames(2)
    legal_shown = scene.show_legal
    for letter in (pygame.K_a, pygame.K_f, pygame.K_l, pygame.K_h, pygame.K_t):
        key(app, letter, pygame.KMOD_CTRL)
    assert app.scene is scene and not scene.analysis.active and not scene.view.turned
    assert scene.show_legal == legal_shown and scene.hint is None and scene.computer.job is None
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert len(scene.history) == 1
