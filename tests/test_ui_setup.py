"""The setup screen: Start and Back always in view, every level described (also in Watch), the
options explained, and the choices kept across a restart."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager

import pygame
import pygame_menu
import pytest

import games
from tests.ui_helpers import words_in
from ui.app import App
from ui.scenes.setup import SetupScene


@pytest.fixture
def config(tmp_path, monkeypatch):
    monkeypatch.setenv("TABULEIRO_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("TABULEIRO_DATA_DIR", str(tmp_path / "data"))
    return tmp_path


def open_app(size=(1280, 800)) -> App:
    return App(size=size, fps=0, demo="menu", remember_size=False)


@pytest.mark.parametrize("size", [(1280, 800), (1600, 1000), (1024, 640), (800, 560)])
@pytest.mark.parametrize("game_id", games.available_ids())
def test_start_and_back_are_in_view_and_the_form_only_scrolls_up_and_down(config, size, game_id):
    app = open_app(size)
    try:
        for watch in (False, True):
            scene = SetupScene(app, watch=watch, game_id=game_id)
            app.switch(scene)
            app.run_frames(2)
            window = app.screen.get_rect()
            for button in (scene.start_button, scene.back_button):
                assert window.contains(button.rect) and button.rect.width > 40, (game_id, size, button.label)
                assert not scene.menu.get_rect().colliderect(button.rect)  # never under the form
            area = scene.menu.get_scrollarea()  # long notes wrap beside the scrollbar, not under it
            assert area.get_world_size()[0] <= area.get_view_rect().width, (game_id, size, watch)
        assert app.errors == []
    finally:
        app.quit()


def labels(scene: SetupScene) -> list[str]:
    return [w.get_title() for w in scene.menu.get_widgets()]


def test_every_mode_describes_the_computer_players_and_explains_options(config):
    import ai

    app = open_app()
    try:
        scene = SetupScene(app, watch=True, game_id="trax")
        app.switch(scene)
        app.run_frames(2)
        shown = " ".join(labels(scene))
        pair = scene._watch_players()
        for pid in pair:
            description = next(p.described(watched=True) for p in ai.catalog("trax") if p.id == pid)  # watched: the third person
            assert description.split(";")[0] in shown  # wrapped, never cut
        assert "centre when the game starts" in shown  # "Centre tile: lldd" explained
        assert sum(1 for title in labels(scene) if title.startswith("Mode")) == 0  # no two rows called Mode
    finally:
        app.quit()


def test_choices_survive_a_restart(config):
    app = open_app()
    try:
        scene = SetupScene(app, game_id="reversi")
        app.switch(scene)
        scene.choices.computer["reversi"] = "level-2"
        scene.choices.options["reversi"] = {"size": 6}
        scene.choices.human_side = 1
        scene.start()
        app.run_frames(2)
    finally:
        app.quit()
    app = open_app()
    try:
        scene = SetupScene(app)
        app.switch(scene)
        assert scene.info.id == "reversi"
        assert scene._computer() == "level-2" and scene._options()["size"] == 6
        assert scene.choices.human_side == 1
        assert scene.build_setup().players[0] == "level-2"
    finally:
        app.quit()


def each_form(app, language: str) -> Iterator[None]:
    """Shows each form in ``language``, one per step: the settings, and every game's setup to play
    and to watch, each drawn once."""
    app.settings.language = language
    app.apply_settings()
    for show in [app.show_settings] + [lambda g=g, w=w: app.show_setup(watch=w, game_id=g)
                                       for g in games.available_ids() for w in (False, True)]:
        show()
        app.frame()
        yield


@pytest.mark.parametrize("language", ["en", "pt"])
def test_every_switch_is_wide_enough_for_its_words(config, language):
    """A switch's word is centred on it and its slider covers one end: "Desligado" once ran under
    the slider at 800x560.  Every on/off switch of the settings and of every game's setup leaves
    its words clear of the slider, in both states and both languages, and every form is built."""
    from pygame_menu.widgets import ToggleSwitch

    from ui import i18n

    app = open_app((800, 560))
    try:
        checked = 0
        for _form in each_form(app, language):
            for switch in (w for w in app.scene.menu.get_widgets() if isinstance(w, ToggleSwitch)):
                for word in switch._switch_font_rendered:  # noqa: SLF001 - the state words as drawn
                    margin = (switch._switch_width - word.get_width()) / 2  # noqa: SLF001
                    assert margin >= switch._slider_thickness, (switch.get_title(), language)  # noqa: SLF001
                checked += 1
        assert checked >= 6  # show legal moves, board faces me, full screen, sound, Hex's swap rule, Alquerque's two
        assert app.errors == []  # every form fits the smallest window in both languages (pygame-menu refuses
        # a widget wider than its column)
    finally:
        app.quit()
        i18n.set_language("en")


@pytest.mark.parametrize("size", [(800, 600), (1024, 768)])
@pytest.mark.parametrize("language", ["en", "pt"])
def test_every_form_is_built_whole_at_larger_text(config, language, size):
    """New game's form for Alquerque in Portuguese at Larger text was empty: its switch "Capturas
    em qualquer direção" was wider than the column, which pygame-menu refuses.  Every form, the
    settings and each game's setup, is built with each of its rules' widgets inside its column
    (a title too long is set a size smaller: ``fit_to_column``)."""
    from ui import i18n

    app = open_app(size)
    try:
        app.settings.text_size = 1.5
        for _form in each_form(app, language):
            menu = app.scene.menu
            assert menu is not None, (app.errors[:1], language)  # built
            room = menu.column_room()
            rules = [w for w in menu.get_widgets() if w.get_id().startswith("opt-")]
            wanted = [] if not hasattr(app.scene, "info") else app.scene.info.options
            assert len(rules) >= len([o for o in wanted if not o.start_only]), (app.scene.info.id, language)
            assert all(w.get_width() <= room for w in menu.get_widgets()), [w.get_title() for w in rules]
        assert app.errors == []
    finally:
        app.quit()
        i18n.set_language("en")


@pytest.mark.parametrize("game_id", games.available_ids())
def test_a_side_chosen_is_named_whole_at_larger_text_in_portuguese(config, game_id):
    """New game's "Joga com: Claro (joga primei…" (Trax, Portuguese, Larger text, 800x600): a
    selector whose items do not fit is set a little smaller where that shows them whole
    (``selector_size``), and stays inside the form's column."""
    from tests.ui_helpers import in_language

    app = open_app((800, 600))
    try:
        app.settings.text_size = 1.5
        with in_language(app, "pt"):
            app.switch(SetupScene(app, game_id=game_id))
            app.run_frames(2)
            menu = app.scene.menu
            side = menu.get_widget("human-side")
            items = [text for text, *_rest in side.get_items()]
            assert not [text for text in items if text.endswith("…")], items
            assert side.get_width() <= menu.column_room()
        assert app.errors == []
    finally:
        app.quit()


@pytest.mark.parametrize("language", ["pt", "en"])
@pytest.mark.parametrize("game_id", games.available_ids())
def test_every_option_is_shown_whole_at_larger_text_in_an_800x600_window(config, game_id, language):
    """Trax's "Fim do jogo: Primeiro circuit…" and "Peça central: ldld (claro esq.…" (and in
    English "Centre tile: ldld (light left-rig…") at Larger text in an 800x600 window: no size down
    to ``SELECTOR_LEAST`` showed them beside their title.  Their title goes on the line above
    (``add_title_above``) and every option's every item is whole, inside the form's column, to
    play and to watch.  Alquerque's "Capturas em qualquer direção" switch, set at 82% of the form's
    size, scrolled the form sideways by its highlight: its title goes above too."""
    from tests.ui_helpers import in_language
    from ui.scenes.common import SELECTOR_LEAST

    app = open_app((800, 600))
    try:
        app.settings.text_size = 1.5
        with in_language(app, language):
            for watch in (False, True):
                app.switch(SetupScene(app, game_id=game_id, watch=watch))
                app.run_frames(2)
                menu = app.scene.menu
                options = [w for w in menu.get_widgets() if w.get_id().startswith("opt-")
                           and not w.get_id().endswith("-title")]
                cut = [text for w in options if hasattr(w, "get_items") for text, *_rest in w.get_items()
                       if text.endswith("…")]
                assert cut == [], (watch, cut)
                least = int(menu.get_theme().widget_font_size * SELECTOR_LEAST)
                assert [w.get_id() for w in options if w.get_font_info()["size"] < least] == []
                assert [w.get_id() for w in menu.get_widgets() if w.get_width() > menu.column_room()] == []
                area = menu.get_scrollarea()  # no highlight wider than the column: no sideways scrolling
                assert area.get_world_size()[0] <= area.get_view_rect().width, watch
                titled = [w for w in options if w.get_title() or menu.get_widget(f"{w.get_id()}-title")]
                assert titled == options  # each still says what it chooses, beside it or above it
        assert app.errors == []
    finally:
        app.quit()


def agrees_in_portuguese(name: str, word: str) -> bool:
    """Whether ``word``, said of ``name``, agrees with it: a participle ("Ligado", "Ligadas") takes
    the gender and number of the name's first word (a name ending in -a is feminine, in -s plural);
    a word that does not inflect ("Sim", "Não") agrees with any."""
    participle = re.search(r"(?:ad|id)([oa])(s?)$", word.lower())
    if participle is None:
        return True
    noun = name.split()[0].lower()
    feminine, plural = noun.rstrip("s").endswith("a"), noun.endswith("s")
    return participle.group(1) == ("a" if feminine else "o") and bool(participle.group(2)) == plural


def test_a_rules_switch_agrees_with_the_rules_name_in_portuguese(config):
    """Every rule's name is feminine in Portuguese ("Regra da troca", "Capturas em qualquer
    direção", "Captura obrigatória") and its switch said "Ligado"/"Desligado", on the New game form
    and in the lines that state a game's rules (game panel, replay, tournament): "Regra da troca:
    Ligado".  Every rule switch of every game's form, and every rule's line, agrees with its name."""
    from pygame_menu.widgets import ToggleSwitch

    from ui import i18n, words

    app = open_app((1280, 800))
    try:
        said: list[tuple[str, str]] = []
        for _form in each_form(app, "pt"):
            said += [(switch.get_title().rstrip(": "), word) for switch in app.scene.menu.get_widgets()
                     if isinstance(switch, ToggleSwitch) and switch.get_id().startswith("opt-")
                     for word in switch._state_text]  # noqa: SLF001 - the state words as drawn
        for info in map(games.info, games.available_ids()):
            for option in (o for o in info.options if o.kind is bool):
                said += [tuple(words.option_text(option, value, info.id).rsplit(": ", 1)) for value in (False, True)]
        assert len(said) >= 2 * 3 * 3  # Hex's swap rule and Alquerque's two, to play and to watch, and as lines
        assert [(name, word) for name, word in said if not agrees_in_portuguese(name, word)] == []
    finally:
        app.quit()
        i18n.set_language("en")


def switch_box(switch) -> tuple[int, int, int, int]:
    """A toggle switch's box (left, top, width, height) in the window, as pygame-menu draws it."""
    rect = switch.get_rect(to_real_position=True, apply_padding=False)
    return (rect.x + switch._switch_margin[0] + switch._switch_pos[0], rect.y + switch._switch_margin[1],  # noqa: SLF001
            switch._switch_width, switch._switch_height)  # noqa: SLF001


def word_margins(app: App, switch) -> tuple[int, int]:
    """The free space, in pixels of the window, left and right of a switch's state word inside the
    part its slider leaves uncovered (the slider is at the left when off): the columns across the
    switch's middle rows not in the switch's own colour are the word's."""
    import pygame

    left, top, width, height = switch_box(switch)
    border, slider = switch._switch_border_width, switch._slider_thickness  # noqa: SLF001
    on = bool(switch.get_value())
    free = range(left + border, left + width - border - slider) if on else \
        range(left + border + slider, left + width - border)
    ground = pygame.Color(switch._state_color[int(on)])  # noqa: SLF001

    def inked(x: int) -> bool:
        return any(sum(abs(a - b) for a, b in zip(app.screen.get_at((x, y))[:3], ground[:3])) > 60
                   for y in range(top + height // 4, top + 3 * height // 4))

    ink = [x for x in free if inked(x)]
    assert ink, "no word drawn on the switch"
    return ink[0] - free.start, free.stop - 1 - ink[-1]


@pytest.mark.parametrize("language", ["en", "pt"])
def test_a_switchs_word_is_centred_beside_its_slider(config, language):
    """"Desligado" (Off) sat off-centre in the settings' switches: pygame-menu centred it on the whole
    switch, half a slider nearer the slider.  Clicked off, then on, the switch shows its word as far
    from the slider as from the switch's other end, in both languages."""
    from tests.ui_helpers import click
    from ui import i18n

    app = open_app((1280, 800))
    try:
        app.settings.language = language
        app.apply_settings()
        app.show_settings()
        app.frame()
        switch = app.scene.menu.get_widget("show_legal")
        for end, value in ((0.1, False), (0.9, True)):  # pygame-menu moves the slider to the end clicked
            left, top, width, height = switch_box(switch)
            click(app, (left + end * width, top + height // 2))
            app.frame()
            assert switch.get_value() is value and app.settings.show_legal is value
            before, after = word_margins(app, switch)
            assert abs(before - after) <= 1, (value, before, after)
    finally:
        app.quit()
        i18n.set_language("en")


@pytest.mark.parametrize("language", ["en", "pt"])
def test_every_choice_of_every_selector_fits_the_smallest_window(config, language):
    """pygame-menu refuses to draw a form with a widget wider than its column: in Portuguese at
    800x560 the Trax centre tile "ldld (claro esquerda-direita)" turned the New game screen into an
    error once chosen.  Every item of every selector of the settings and of every game's setup in
    every mode is shown in turn, in both languages, and every one is drawn."""
    from pygame_menu.widgets import Selector

    from ui import i18n
    from ui.match import HOTSEAT, HUMAN_VS_PC, PC_VS_PC
    from ui.scenes.setup import SetupChoices

    app = open_app((800, 560))

    def setup(game_id: str, mode: str) -> None:
        app.setup_choices = SetupChoices(mode=mode)
        app.show_setup(watch=mode == PC_VS_PC, game_id=game_id)
        assert (app.scene.menu.get_widget("name0") is not None) == (mode == HOTSEAT)  # the names' fields

    try:
        app.settings.language = language
        app.apply_settings()
        screens = [app.show_settings] + [lambda g=g, m=m: setup(g, m) for g in games.available_ids()
                                         for m in (HUMAN_VS_PC, HOTSEAT, PC_VS_PC)]
        shown = 0
        for show in screens:
            show()
            app.frame()
            for selector in (w for w in app.scene.menu.get_widgets() if isinstance(w, Selector)):
                for index in range(len(selector.get_items())):
                    selector.set_value(index)
                    app.invalidate()
                    app.frame()
                    shown += 1
                    assert app.errors == [], (selector.get_title(), selector.get_value()[0][0], language)
                    area = app.scene.menu.get_scrollarea()  # and never a sideways scrollbar
                    assert area.get_world_size()[0] <= area.get_view_rect().width, selector.get_value()[0][0]
        assert shown > 100
    finally:
        app.quit()
        i18n.set_language("en")


def test_a_selector_item_too_long_for_its_column_is_cut_with_an_ellipsis(config):
    """An outside player's long name, say: the item is cut to fit, the form still draws, and the
    choice still gives its value."""
    import pygame

    from ui.scenes.common import add_selector, make_menu
    from ui.theme import THEMES

    app = open_app((800, 560))
    try:
        menu = make_menu(THEMES["dark"], 1.0, pygame.Rect(0, 0, 420, 400))
        long_name = "A course bot with a very long name indeed, version 2"
        selector = add_selector(menu, 1.0, "Computer: ", [("Level 1", "level-1"), (long_name, "bot")], default=1)
        (text, value), _index = selector.get_value()
        assert value == "bot" and text.endswith("…") and long_name.startswith(text[:-1])
        assert selector.get_items()[0] == ("Level 1", "level-1")  # what fits stays whole
        menu.draw(app.screen)
        assert selector.get_width() <= menu.get_width() - menu.get_theme().scrollbar_thick
    finally:
        app.quit()


def test_the_trax_centre_tiles_are_named_by_the_ends_of_their_light_path():
    """The course's tile names spell each edge's colour (left, top, right, bottom); the choice
    says where the light path runs, read from the game's own tiles."""
    from games.trax import NAME, SIDES, TILES
    from ui import words

    option = next(o for o in games.info("trax").options if o.name == "centre")
    edges = ("left", "top", "right", "bottom")
    for tile in TILES:
        light = SIDES[tile][0]
        shown = words.option_value(NAME[tile], "trax", option)
        assert shown == f"{NAME[tile]} (light {edges[light[0]]}-{edges[light[1]]})"
        assert words.trax_tile(NAME[tile]) == shown  # the board's tile picker says the same
    assert words.option_value("lldd") == "lldd"  # another game's option of that value stays as it is


@pytest.mark.parametrize("language", ["en", "pt"])
def test_the_trax_game_end_choices_say_how_the_game_ends(language):
    """"Game end: Tournament" (the rules' own name for the first loop or line) read as the main
    menu's Tournament, on New game and in the game's panel.  Each choice is named for how the
    game ends, never as the Tournament screen, and the note under it explains each by that name."""
    from ui import i18n, words

    option = next(o for o in games.info("trax").options if o.name == "mode")
    with words_in(language):
        shown = [words.option_value(choice, "trax", option) for choice in option.choices]
        note = words.option_note("trax", option)
        assert i18n._("Tournament") not in shown
        assert all(name in note for name in shown)


def test_the_play_mode_arrow_goes_round_all_three_modes(config):
    """The New game screen's mode selector, clicked on its right arrow: Hot-seat, PC vs PC (the
    form then asks for two computer players) and back to Human vs PC, with no error.  Building
    the selector steps through the modes before its default, and once did so by building the
    form again from inside its own callback, without end."""
    from tests.ui_helpers import click
    from ui.match import HOTSEAT, HUMAN_VS_PC, PC_VS_PC

    app = open_app()
    try:
        scene = SetupScene(app, game_id="reversi")
        app.switch(scene)
        app.run_frames(2)
        seen = []
        for _ in range(3):
            scene.menu.select_widget("mode")  # in view, as the keyboard would
            app.run_frames(2)
            arrow = scene.menu.get_widget("mode").get_rect(to_real_position=True)
            click(app, (arrow.right - 30, arrow.centery), frames=3)
            seen.append(scene.mode)
            if scene.mode == PC_VS_PC:
                assert scene.menu.get_widget("pc0") is not None and scene.menu.get_widget("pc1") is not None
        assert seen == [HOTSEAT, PC_VS_PC, HUMAN_VS_PC] and app.errors == []
        assert scene.menu.get_widget("mode").get_value()[0][1] == HUMAN_VS_PC
    finally:
        app.quit()



@contextmanager
def setup_screen(game_id: str, size: tuple[int, int] = (1280, 800)):
    """The New game screen on ``game_id`` in a window of ``size``, closed afterwards."""
    app = open_app(size)
    try:
        scene = SetupScene(app, game_id=game_id)
        app.switch(scene)
        app.run_frames(2)
        yield app, scene
    finally:
        app.quit()


@pytest.mark.parametrize("size, columns", [((800, 560), 2), ((1366, 768), 3), ((2400, 700), 3)])
def test_the_game_cards_take_the_rows_that_make_them_largest(config, size, columns):
    with setup_screen("hex", size) as (app, scene):
        rects = scene.cards.rects
        assert len({r.y for r in rects}) == -(-len(rects) // columns)  # rows of ``columns`` cards
        assert len({r.x for r in rects}) == columns
        side = rects[0].width
        for other in (2, 3):  # no other count of columns would give larger cards
            if other != columns:
                assert scene.cards._card_size(scene.cards_area, int(14 * app.scale), other, len(rects),
                                              int(230 * app.scale))[1] <= side
        assert all(scene.cards_area.contains(r) for r in rects) and not any(
            r.colliderect(scene.panel) for r in rects)


@pytest.mark.parametrize("size", [(1280, 800), (1024, 768), (800, 560), (1920, 1080)])
def test_the_cards_and_the_form_share_the_width_with_even_margins(config, size):
    """The cards start at the left margin and the form's panel ends at the same margin on the right,
    with no wider gap between them: cards kept small by the window's height (1280x800) used to sit
    in the middle of their half, a wide empty band on either side of them."""
    with setup_screen("hex", size) as (app, scene):
        left = min(r.x for r in scene.cards.rects)
        right = app.size[0] - scene.panel.right
        gap = scene.panel.x - max(r.right for r in scene.cards.rects)
        assert abs(left - right) <= 1, (left, right)
        assert 0 < gap <= left, (gap, left)


def test_page_up_and_down_pick_the_game_from_the_keyboard(config):
    """The game cards took only the mouse: a keyboard player could not change the game."""
    import pygame

    with setup_screen("hex") as (app, _scene):
        def press(k: int) -> str:
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
            app.run_frames(2)
            return app.scene.choices.game_id

        ids = games.available_ids()
        assert press(pygame.K_PAGEDOWN) == ids[ids.index("hex") + 1]
        assert press(pygame.K_PAGEUP) == "hex"
        assert press(pygame.K_PAGEUP) == ids[0]
        assert press(pygame.K_PAGEUP) == ids[-1]  # round the end
        assert app.scene.cards.selected == ids[-1] and app.errors == []


def test_enter_on_a_button_of_the_form_presses_it(config):
    """Enter started the game whatever was selected, so "Set up a position…" could not be
    reached from the keyboard; on a choice it still starts the game."""
    import pygame

    with setup_screen("tictactoe") as (app, scene):
        def enter() -> None:
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
            app.run_frames(2)

        scene.menu.select_widget(scene.menu.get_widget("set-up-position"))
        enter()
        assert type(app.scene).__name__ == "PositionEditorScene"
        app.show_setup(game_id="tictactoe")
        app.run_frames(2)
        app.scene.menu.select_widget(app.scene.menu.get_widget("mode"))
        enter()
        assert type(app.scene).__name__ == "GameScene" and app.errors == []


@pytest.mark.parametrize("language", ["en", "pt"])
def test_every_option_says_what_it_does_where_it_is_chosen(config, language):
    """A course student choosing Tic-tac-toe's "In a row to win", Reversi's or Trax's board size
    read nothing about them on the New game screen (only Hex's swap rule, Alquerque's rules and
    Trax's end and centre tile had a line), and learned that k cannot pass the board's longer side
    only from the error after Start.  Every option now has its line under it, in both languages."""
    from ui import i18n, words

    app = open_app((800, 560))
    try:
        app.settings.language = language
        app.apply_settings()
        for game_id in games.available_ids():
            app.show_setup(watch=False, game_id=game_id)
            app.frame()
            shown = labels(app.scene)
            for option in games.info(game_id).options:
                note = words.option_note(game_id, option, app.scene._options()[option.name])  # with the code chosen
                assert note, (game_id, option.name)
                assert language == "en" or note != words.OPTION_NOTES[(game_id, option.name)], (game_id, option.name)
                assert note in shown, (game_id, option.name, language)
        assert app.errors == []
    finally:
        app.quit()
        i18n.set_language("en")


@pytest.mark.parametrize("language, label", [("en", "In a row to win: 5 in a row cannot fit on 3x3"),
                                             ("pt", "Em linha para ganhar: 5 em linha não cabe em 3x3")])
def test_a_refused_option_is_called_by_the_label_its_choice_shows(config, language, label):
    """Tic-tac-toe 3x3 with 5 in a row said "option k: 5 in a row cannot fit on 3x3": the
    command line's name for the option, which the New game screen never shows.  It is now
    called as its choice is labelled there, in both languages.  The form offers no such row
    (tests/test_ui_option_limits.py): a settings file edited by hand holds it here."""
    import pygame

    from ui import i18n

    try:
        with setup_screen("tictactoe") as (app, scene):
            i18n.set_language(language)  # after the window read its settings' language
            scene.choices.options["tictactoe"].update(width=3, height=3, k=5)
            scene._build_menu()
            assert scene.menu.get_widget("opt-k").get_value()[0][1] == 5
            scene.menu.select_widget(scene.menu.get_widget("mode"))
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
            app.run_frames(2)
            said = [m.text for m in app.messages.current() if m.text.startswith(label)]
            assert app.scene is scene and said, [m.text for m in app.messages.current()]
            assert "option k" not in said[-1] and "opção k" not in said[-1]
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("language", ["en", "pt"])
@pytest.mark.parametrize("size", [(800, 560), (800, 600), (1920, 1080)])
def test_the_last_widget_of_a_scrolling_form_shows_whole_with_its_highlight(config, language, size):
    """pygame-menu ended a form's scrolling at its last widget's text and scrolled a chosen widget
    into view without its highlight: New game's "Add this player" button, chosen with the keyboard
    at the end of the form, had the bottom of its highlight cut off.  In every game's setup and
    the settings, chosen last, the whole highlight lies in the form's visible part."""
    from ui import i18n

    app = open_app(size)
    try:
        scrolled = 0
        for _form in each_form(app, language):
            menu = app.scene.menu
            last = [w for w in menu.get_widgets() if w.is_visible()][-1]
            menu.select_widget(last)
            app.frame()
            area = menu.get_scrollarea()
            top = area.get_offsets()[1]  # the first row of the form shown
            lit = last.get_selection_effect().inflate(last.get_rect())  # in the form's own rows
            assert top <= lit.top and lit.bottom <= top + area.get_view_rect().height, (last.get_title(), top, lit)
            scrolled += top > 0
        if size[1] < 1000:
            assert scrolled >= 6  # the small windows' forms do scroll
        assert app.errors == []
    finally:
        app.quit()
        i18n.set_language("en")


def test_a_window_dragged_bigger_keeps_the_game_cards_thumbnails_of_two_sizes(config):
    """Each size a window passes through while its edge is dragged draws the six games' cards at a
    size of its own: the thumbnails of every one were kept (64, 43 MB after one drag across a
    screen).  Only the cards of the size shown and the one before stay; the last are still drawn."""
    import pygame

    from ui.scenes.common import THUMBNAILS_KEPT, thumbnail

    app = open_app()
    try:
        app.show_setup()
        thumbnail.cache_clear()
        for n in range(30):
            size = (1280 + 12 * n, 800 + 8 * n)
            pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
            app.run_frames(2)
        assert thumbnail.cache_info().currsize <= THUMBNAILS_KEPT == 2 * len(games.available_ids())
        hits = thumbnail.cache_info().hits
        app.invalidate()
        app.run_frames(1)
        assert thumbnail.cache_info().hits == hits + len(games.available_ids())  # the cards shown stay kept
        assert not app.errors
    finally:
        app.quit()


def test_a_wrapped_text_never_ends_on_one_word_alone(config):
    """Tic-tac-toe's summary on New game, in Portuguese at 800x560, wrapped to leave "...)." alone
    on its last line.  The wrap the screens share (``ui.text.wrap``), and the forms' wrapped
    labels (``add_wrapped_label``), now keep two words on a paragraph's last line."""
    import pygame_menu

    from ui import i18n
    from ui import text as tx

    summary = "Faça k marcas em linha num tabuleiro m x n (3x3, 4x4 k=3, 7x6 k=4, 15x15 k=5 ...)."
    font = tx.ui_font(14)
    for width in range(font.size("15x15 k=5 ...).")[0], font.size(summary)[0], 3):
        lines = tx.wrap(summary, 14, width)
        assert " ".join(lines).split() == summary.split(), width
        assert all(font.size(line)[0] <= width for line in lines), width
        assert len(lines) == 1 or len(lines[-1].split()) >= 2, (width, lines)
    app = open_app((800, 560))
    try:
        app.settings.language = "pt"
        app.apply_settings()
        app.switch(SetupScene(app, game_id="tictactoe"))
        app.run_frames(2)
        shown = [w.get_lines() for w in app.scene.menu.get_widgets()
                 if isinstance(w, pygame_menu.widgets.Label) and "k=5" in w.get_title()]
        assert len(shown) == 1 and len(shown[0]) > 1
        assert len(shown[0][-1].split()) >= 2, shown
    finally:
        app.quit()
        i18n.set_language("en")


UNIT = re.compile(r"\d+x\d+\s+k=\d+")  # a board and its k in Tic-tac-toe's summary: "7x6 k=4"


def test_the_wrap_never_parts_words_joined_by_a_no_break_space():
    """``ui.text.wrap`` cut at every space (``str.split()``), the no-break ones too: a unit joined
    by one ("7x6\u00a0k=4") was broken over two lines.  At every width it stays on one line."""
    from ui import text as tx

    summary = "Get k marks in a row on an m x n board (3x3, 4x4\u00a0k=3, 7x6\u00a0k=4, 15x15\u00a0k=5 ...)."
    font = tx.ui_font(14)
    for width in range(font.size("15x15\u00a0k=5")[0], font.size(summary)[0], 3):
        lines = tx.wrap(summary, 14, width)
        assert " ".join(lines) == summary, width
        assert all(len(UNIT.findall(line)) == line.count("\u00a0") for line in lines), (width, lines)


@pytest.mark.parametrize("size", [(800, 600), (1024, 768), (1280, 800)])
@pytest.mark.parametrize("language", ["en", "pt"])
def test_tic_tac_toes_summary_never_parts_a_board_from_its_k_at_larger_text(config, language, size):
    """At Larger text in Portuguese New game's summary of Tic-tac-toe read "(3x3, 4x4" on one line
    and "k=3, 7x6 k=4 ...)." on the next: each board and its k are joined by a no-break space, in
    the English and in its translation, so each "7x6 k=4" stands whole on one line."""
    import pygame_menu

    from tests.ui_helpers import in_language

    app = open_app(size)
    try:
        app.settings.text_size = 1.5
        with in_language(app, language):
            app.switch(SetupScene(app, game_id="tictactoe"))
            app.run_frames(2)
            lines = next(w.get_lines() for w in app.scene.menu.get_widgets()
                         if isinstance(w, pygame_menu.widgets.Label) and "k=5" in w.get_title())
            assert len(lines) > 1 or size[0] > 1000, lines  # wrapped where it is narrow
            assert sum(len(UNIT.findall(line)) for line in lines) == 3, lines
        assert app.errors == []
    finally:
        app.quit()


def test_a_window_resized_keeps_the_keyboard_on_its_line_of_the_form_and_in_view(config):
    """The form, built again for a window dragged smaller, chose its first line and scrolled to
    the top: a player gone down to the time per move with the arrow keys was taken back to the
    board size, out of sight of where they were, and the next Right changed the board."""
    import pygame

    from tests.ui_helpers import key

    with setup_screen("trax") as (app, scene):
        while scene.menu.get_selected_widget().get_id() != "time":
            key(app, pygame.K_DOWN)
        size = app.scene.choices.options["trax"]["size"]
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(800, 560), w=800, h=560))
        app.run_frames(2)
        menu = app.scene.menu
        chosen = menu.get_selected_widget()
        area = menu.get_scrollarea()
        top = area.get_offsets()[1]  # the first row of the form shown
        assert chosen.get_id() == "time" and top > 0
        assert top <= chosen.get_rect().top and chosen.get_rect().bottom <= top + area.get_view_rect().height
        key(app, pygame.K_RIGHT)
        assert app.scene.choices.options["trax"]["size"] == size and app.errors == []


@pytest.mark.parametrize("name", ["dark", "light", "contrast"])
def test_the_game_chosen_is_filled_and_only_the_keyboards_place_is_ringed(app, name):
    """New game ringed the game chosen in the colour the form rings the line the keyboard is on,
    so the keyboard seemed to be in two places.  The card chosen is filled (its title on a band of
    the accent colour, 3:1 from the same card unchosen over a tenth of its inside, in every
    theme); its edge is not drawn in the form's ring colour."""
    import pygame

    from tests.ui_helpers import key
    from ui.theme import contrast

    app.settings.theme = name
    app.apply_settings()
    key(app, pygame.K_RETURN)  # Play: New game
    key(app, pygame.K_PAGEDOWN)  # the next game, chosen
    for _ in range(3):
        key(app, pygame.K_DOWN)  # the keyboard down the form
    scene = app.scene
    assert isinstance(scene, SetupScene) and scene.choices.game_id == "hex"
    ring = scene.menu.get_theme().selection_color[:3]  # round the form's line the keyboard is on
    index = [info.id for info in scene.cards.infos].index("hex")

    def card_pixels() -> list[tuple[int, int, int]]:
        scene.draw(app.screen)
        inside = scene.cards.rects[index].inflate(-int(24 * app.scale), -int(24 * app.scale))
        return [tuple(app.screen.get_at((x, y)))[:3] for y in range(inside.top, inside.bottom, 2)
                for x in range(inside.left, inside.right, 2)]

    edge = scene.cards.rects[index]
    scene.draw(app.screen)
    assert not any(tuple(app.screen.get_at((x, edge.centery)))[:3] == ring for x in range(edge.left, edge.left + 4))
    chosen = card_pixels()
    key(app, pygame.K_PAGEDOWN)  # another game chosen: the Hex card as any other
    apart = sum(contrast(a, b) >= 3 for a, b in zip(chosen, card_pixels()))
    assert apart >= len(chosen) // 10, (apart, len(chosen))


def _highlight_in_view(menu) -> tuple[bool, str]:
    """Whether the chosen widget's highlight lies wholly in the form's visible rows (and what was seen)."""
    chosen = menu.get_selected_widget()
    area = menu.get_scrollarea()
    top = area.get_offsets()[1]  # the first row of the form shown
    lit = chosen.get_selection_effect().inflate(chosen.get_rect())  # in the form's own rows
    shown = top <= lit.top and lit.bottom <= top + area.get_view_rect().height
    return shown, f"{chosen.get_title()!r} {lit} shown from {top}, {area.get_view_rect().height} high"


@pytest.mark.parametrize("language", ["en", "pt"])
def test_every_row_chosen_by_the_keyboard_shows_whole_with_its_highlight(config, language):
    """pygame-menu counts a row in view while its bottom lies up to a scrollbar's thickness past
    the form's edge: New game's "Time per move", reached with Down at 800x560, had the bottom of
    its highlight cut off (only the last row was scrolled fully into view).  Down through every
    form, each row chosen lies whole, highlight and all, in the visible part."""
    import pygame

    from ui import i18n

    app = open_app((800, 560))
    try:
        checked = 0
        for _form in each_form(app, language):
            menu = app.scene.menu
            rows = [w for w in menu.get_widgets() if w.is_selectable and w.is_visible()]
            for _ in rows:
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="", scancode=0))
                app.run_frames(1)
                if app.scene.menu is menu and menu.get_selected_widget() is not None:
                    shown, seen = _highlight_in_view(menu)
                    assert shown, (type(app.scene).__name__, seen)
                    checked += 1
        assert checked > 50 and app.errors == []
    finally:
        app.quit()
        i18n.set_language("en")


@pytest.mark.parametrize("language, size", [("pt", (800, 560)), ("en", (800, 560)), ("pt", (1280, 800))])
def test_wrapped_notes_are_drawn_at_their_size_within_the_column(config, language, size):
    """pygame-menu wrapped a note to the column less the label's padding, then held the padded
    label to that width and squeezed its picture: a line of Trax's Portuguese note 696 pixels long
    was drawn 685 wide.  Every wrapped note of every form is as wide as its longest line, and lies
    within the form's column."""
    from ui import i18n

    app = open_app(size)
    try:
        notes = 0
        for _form in each_form(app, language):
            menu = app.scene.menu
            column = menu.get_scrollarea().get_view_rect().width
            for label in (w for w in menu.get_widgets() if getattr(w, "_wordwrap", False) and w.is_visible()):
                longest = max(label._font.size(line)[0] for line in label.get_lines())  # noqa: SLF001 - no getter
                assert label.get_width(apply_padding=False) == longest, (label.get_title(), longest)
                assert label.get_rect().right <= column, (label.get_title(), label.get_rect(), column)
                notes += 1
        assert notes > 10 and app.errors == []
    finally:
        app.quit()
        i18n.set_language("en")


@pytest.mark.parametrize("game_id", ["tictactoe", "trax"])
def test_a_row_changed_by_the_keyboard_stays_whole_with_its_highlight(config, game_id):
    """A value changed with Right or Left builds New game's form again, and its scroll came back
    only to within a pixel: "Clock", whole before, lost its highlight's bottom after Right.  Each
    row, changed there and back, still shows whole."""
    import pygame

    with setup_screen(game_id, (800, 560)) as (app, scene):
        checked = 0
        for _row in range(14):
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="", scancode=0))
            app.run_frames(1)
            for step in (pygame.K_RIGHT, pygame.K_LEFT):
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=step, mod=0, unicode="", scancode=0))
                app.run_frames(2)
                if app.scene is scene and scene.menu.get_selected_widget() is not None:
                    shown, seen = _highlight_in_view(scene.menu)
                    assert shown, seen
                    checked += 1
        assert checked > 10 and app.errors == []


def test_a_rules_switch_at_larger_text_leaves_the_form_no_sideways_scroll(config):
    """Alquerque's switch "Capturas em qualquer direção", picked with Page Down at Larger text in
    Portuguese in a 1280x700 window (a laptop's, restored), was one pixel too wide for the form
    with the ring round it: the form grew a horizontal scrollbar and slid sideways."""
    import pygame

    from tests.ui_helpers import in_language, key

    app = open_app((1280, 700))
    try:
        app.settings.text_size = 1.5
        with in_language(app, "pt"):
            app.switch(SetupScene(app, game_id="rastros"))
            app.run_frames(2)
            key(app, pygame.K_PAGEDOWN)
            assert app.scene.choices.game_id == "alquerque"
            area = app.scene.menu.get_scrollarea()
            assert area.get_world_size()[0] <= area.get_view_rect().width
            assert app.scene.form_s > app.scale  # still larger than the window's own text
        assert app.errors == []
    finally:
        app.quit()


def test_two_friends_keep_larger_text_on_the_form_and_a_whole_long_name(config):
    """Hot-seat on the New game form at Larger text in Portuguese, in a 1280x704 window: the two
    name fields' underlines, a full name's length (24 characters), all but filled the column at
    the window's own text, so the whole form fell back from Larger to the window's text the moment
    two friends were chosen.  The fields now show fewer characters and scroll; a name of the
    full length is still kept whole."""
    import pygame

    from tests.ui_helpers import down_to_widget, in_language, key, type_text
    from ui.match import HOTSEAT
    from ui.names import NAME_LENGTH

    app = open_app((1280, 704))
    try:
        app.settings.text_size = 1.5
        with in_language(app, "pt"):
            app.switch(SetupScene(app, game_id="reversi"))
            app.run_frames(2)
            larger = app.scene.form_s
            assert larger > app.scale
            down_to_widget(app, app.scene.menu, "mode")
            key(app, pygame.K_RIGHT)
            scene = app.scene
            assert scene.mode == HOTSEAT
            assert scene.form_s == larger
            down_to_widget(app, scene.menu, "name0")
            name = "Maria" + "a" * (NAME_LENGTH - 5)
            type_text(app, name)
            assert scene.menu.get_widget("name0").get_value() == name
        assert app.errors == []
    finally:
        app.quit()


@pytest.mark.parametrize("language", ["en", "pt"])
def test_trax_centre_tiles_are_chosen_by_words_their_course_code_on_the_note(config, language):  # noqa: F811
    """QA, a newcomer in Portuguese: the centre tile's choices read "lldd (claro esq.-cima)", a code
    they could not read, and the board size's note "O jogo joga-se dentro de um tabuleiro de N x N
    casas".  The selector names each tile in words alone; its note's second sentence gives the
    course's code of the tile chosen, Right stepping both on."""
    from games.trax import TILE_NAMES
    from tests.ui_helpers import down_to_widget, in_language, key

    app = open_app()
    try:
        with in_language(app, language):
            scene = SetupScene(app, game_id="trax")
            app.switch(scene)
            app.run_frames(2)
            menu = scene.menu
            notes = " ".join(w.get_title() for w in menu.get_widgets() if isinstance(w, pygame_menu.widgets.Label))
            assert ("Played on an N x N board" if language == "en" else "Joga-se num tabuleiro de N x N casas") in notes
            down_to_widget(app, menu, "opt-centre")
            for _step in range(2):
                key(app, pygame.K_RIGHT)
                chosen = scene._options()["centre"]
                shown = scene.menu.get_widget("opt-centre").get_value()[0][0]
                assert not any(code in shown for code in TILE_NAMES), shown
                code_said = [w.get_title() for w in scene.menu.get_widgets()
                             if isinstance(w, pygame_menu.widgets.Label) and f": {chosen}." in w.get_title()]
                assert code_said, chosen
    finally:
        app.quit()


@pytest.mark.parametrize("language", ["en", "pt"])
@pytest.mark.parametrize("size", [(800, 560), (1280, 800)])
def test_the_hot_seat_name_fields_keep_a_gap_between_title_and_name_in_every_game(config, size, language):
    """Hot-seat's "Name (X):" fields showed the name typed right against the title ("Nome (X): Ana",
    3 pixels apart at 800x560), read as one run of words.  In every game the title's last letter
    and the name stand half the font's size apart or more, the same in every game."""
    from tests.ui_helpers import in_language, type_text
    from ui.scenes.form_columns import title_width
    from ui.scenes.setup import HOTSEAT

    gaps = set()
    for game_id in games.available_ids():
        with setup_screen(game_id, size) as (app, scene), in_language(app, language):
            scene = app.scene
            scene.mode = HOTSEAT
            scene.rebuild_wanted = True
            app.run_frames(3)
            for side in (0, 1):
                field = scene.menu.get_widget(f"name{side}")
                scene.menu.select_widget(field)  # the field scrolled into view, the keyboard on it
                app.run_frames(1)
                type_text(app, "Ana")
                field = scene.menu.get_widget(f"name{side}")
                rect = field.get_rect(to_real_position=True)
                title = field.get_title()
                label_end = rect.x + field.get_padding()[3] + title_width(field, title.rstrip())
                value_start = rect.x + field.get_padding()[3] + title_width(field, title)
                assert field.get_value() == "Ana" and rect.x < label_end < value_start < rect.right
                size_px = field.get_font_info()["size"]
                assert value_start - label_end >= size_px // 2, (game_id, title, value_start - label_end)
                gaps.add(round((value_start - label_end) / size_px, 1))
    assert len(gaps) == 1, gaps  # every game's fields alike


@pytest.mark.parametrize("level", ["level-3", "level-5"])
def test_a_click_on_the_computers_arrow_changes_it_where_its_note_is_cut_off(config, level):
    """At 800x600 the Computer row of tic-tac-toe stood at the form's foot, its level's description
    under it cut off.  A click on its arrow chose the row, the form scrolled to show the note,
    and the button came up off the arrow: the level stayed as it was, and the next clicks, at the
    same place, fell on the note.  Each click now changes the level."""
    from tests.ui_helpers import click

    app = open_app((800, 600))
    try:
        scene = SetupScene(app, game_id="tictactoe")
        scene.choices.computer["tictactoe"] = level
        app.switch(scene)
        app.run_frames(2)
        row = scene.menu.get_widget("computer")
        assert row.get_value()[0][1] == level
        area = scene.menu.get_scrollarea()
        rect = row.get_rect(to_real_position=True)
        assert area.get_absolute_view_rect().contains(rect) and area.get_offsets()[1] == 0 < area.get_hidden_height()
        before, items = row.get_value()[1], row.get_items()
        for presses in (1, 2):  # the right arrow, clicked again where it was
            click(app, (rect.right - 30, rect.centery), frames=3)
            row = scene.menu.get_widget("computer")
            assert row.get_value()[1] == (before + presses) % len(items), row.get_value()
        assert app.errors == []
    finally:
        app.quit()


def test_letters_typed_with_no_field_chosen_go_to_the_outside_player_field(app):
    """On New game, a file's name typed before clicking the Outside player field was lost without
    a word.  The form's only text field takes it, chosen and scrolled into view."""
    from tests.ui_helpers import type_text

    scene = SetupScene(app, game_id="tictactoe")
    app.switch(scene)
    app.run_frames(2)
    assert not isinstance(scene.menu.get_selected_widget(), pygame_menu.widgets.TextInput)
    type_text(app, "bot.py")
    field = scene.menu.get_selected_widget()
    assert field.get_id() == "outside-entry" and field.get_value() == "bot.py"
    view = scene.menu.get_scrollarea().get_absolute_view_rect()
    assert view.contains(field.get_rect(to_real_position=True))
    assert app.messages.current() == []


def test_letters_typed_on_hot_seat_with_no_field_chosen_say_to_click_one(app):
    """Hot-seat's form has two names' fields: letters typed with neither chosen say, once, to
    click one first, and change no field."""
    from tests.ui_helpers import type_text
    from ui.i18n import _
    from ui.match import HOTSEAT
    from ui.scenes.setup import SetupChoices

    app.setup_choices = SetupChoices(mode=HOTSEAT)
    app.show_setup(game_id="tictactoe")
    app.run_frames(2)
    scene = app.scene
    assert not isinstance(scene.menu.get_selected_widget(), pygame_menu.widgets.TextInput)
    type_text(app, "Ana")
    assert [m.text for m in app.messages.current()] == [_("Click a field first, then type")]
    assert [scene.menu.get_widget(f"name{side}").get_value() for side in (0, 1)] == ["", ""]


@pytest.mark.parametrize("text_size", [1.0, 1.25])
def test_a_pasted_position_s_form_opens_with_the_game_s_name_in_view(config, text_size):
    """New game from a pasted Alquerque position at 800x600 opened scrolled down to its first
    choice, the heading ("Alquerque") cut off at the top: the form opens at its top, the
    position's picture made smaller where that leaves the first choice in view too (Large text;
    at Larger the choice comes first: ``test_a_pasted_position_s_form_opens_on_a_choice_in_view``)."""
    from games.position_text import position_text, record_from_position

    app = open_app((800, 600))
    try:
        app.settings.text_size = text_size
        game = games.load("alquerque")
        app.open_record(record_from_position(position_text(game, game.initial_state())))
        app.run_frames(2)
        menu = app.scene.menu
        assert isinstance(app.scene, SetupScene) and menu.get_selected_widget().get_id() == "opt-any_direction_captures"
        heading = menu.get_widgets()[0]
        assert heading.get_title() == "Alquerque"
        assert menu.get_scrollarea().get_offsets()[1] == 0
        assert menu.get_scrollarea().get_view_rect().contains(heading.get_rect(to_real_position=True))
        assert app.errors == []
    finally:
        app.quit()


@pytest.mark.parametrize("size", [(1280, 800), (800, 600)])
@pytest.mark.parametrize("game_id", games.available_ids())
def test_a_pasted_position_s_form_opens_on_a_choice_in_view(config, game_id, size):
    """New game from a pasted position at Larger text opened at its top on its first choice
    (Hex's "Swap rule"), which the position's picture had pushed below the fold: nothing in view
    was ringed, and Enter started the game on a choice the player had not seen.  The picture is
    made smaller, down to half its side, and the form scrolled the least that shows the choice."""
    from games.position_text import position_text, record_from_position

    app = open_app(size)
    try:
        app.settings.text_size = 1.5
        game = games.load(game_id)
        app.open_record(record_from_position(position_text(game, game.initial_state())))
        app.run_frames(2)
        menu = app.scene.menu
        choice = menu.get_selected_widget()
        assert isinstance(app.scene, SetupScene) and not isinstance(choice, pygame_menu.widgets.Button)
        area = menu.get_scrollarea()
        shown = pygame.Rect(0, area.get_offsets()[1], area.get_world_size()[0], area.get_view_rect().height)
        assert shown.contains(choice.get_rect()), (choice.get_id(), choice.get_rect(), shown)  # in the form's rows
        assert app.errors == []
    finally:
        app.quit()


@pytest.mark.parametrize("size", [(1280, 800), (800, 600)])
def test_a_long_text_in_an_option_typed_in_is_kept_within_the_card(tmp_path, monkeypatch, size):
    """A game's option with no values to choose from is a field to type in (here a "Seed" given
    to Hex): 60 Ws typed there at Larger text grew the field past the form's column, and
    pygame-menu's layout stopped ("Something went wrong", an empty card), as Settings' name field
    did.  The text now scrolls within the field, an ellipsis at its cut end."""
    import dataclasses

    from games.base import Option
    from tests.ui_helpers import down_to_widget, make_app_of, type_text

    hex_info, info = games.info("hex"), games.info
    seeded = dataclasses.replace(hex_info, options=(*hex_info.options, Option("seed", str, "", "Seed")))
    monkeypatch.setattr(games, "info", lambda game_id: seeded if game_id == "hex" else info(game_id))
    app = make_app_of(tmp_path, monkeypatch, size)
    try:
        app.settings.text_size = 1.5
        app.apply_settings()
        app.switch(SetupScene(app, game_id="hex"))
        app.run_frames(2)
        down_to_widget(app, app.scene.menu, "opt-seed")
        type_text(app, "W" * 60)
        assert not app.errors, app.errors[0]
        field = app.scene.menu.get_widget("opt-seed")
        assert field.get_value() == "W" * 60
        assert app.scene.panel.contains(field.get_rect(to_real_position=True))
    finally:
        app.quit()
