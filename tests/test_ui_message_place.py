"""The window's messages ("The clipboard holds no game: ...") stand above the buttons a screen
keeps along its bottom edge (``Scene.messages_above``): with a long message shown, those buttons
are drawn exactly as without it, on the smallest window."""

from __future__ import annotations

import pygame
import pytest

from tests.test_replay import random_record
from tests.ui_helpers import drop
from ui.scenes.position_editor import PositionEditorScene
from ui.scenes.records import RecordsScene
from ui.scenes.replay import ReplayScene
from ui.scenes.rules import RulesScene
from ui.scenes.setup import SetupScene
from ui.scenes.tournament import TournamentScene

LONG = "The clipboard holds no game: its first line should name the game (Tic-tac-toe, Hex, Reversi, ...)"


def bottom_buttons(scene) -> list[pygame.Rect]:
    if isinstance(scene, SetupScene):
        return [scene.start_button.rect, scene.back_button.rect]
    if isinstance(scene, RecordsScene):
        return [scene.back_button.rect, scene.folder_button.rect]
    if isinstance(scene, RulesScene):
        return [scene.back_button.rect]
    if isinstance(scene, PositionEditorScene):
        return [b.rect for b in scene.buttons]
    if isinstance(scene, ReplayScene):  # Start ... End under the board, and the panel's actions beside them
        return [b.rect for b in scene.buttons if b.visible]
    return [scene.entry.rect, next(b for b in scene.buttons if b.label.startswith("Start")).rect]  # the outside-player field and Start


def pixels(app, rects: list[pygame.Rect]) -> list[bytes]:
    app.dirty = True
    app.run_frames(1)
    return [pygame.image.tostring(app.screen.subsurface(r), "RGB") for r in rects]


@pytest.mark.parametrize("make", [lambda app: SetupScene(app, game_id="hex"), RecordsScene,
                                  lambda app: RulesScene(app, "hex"), TournamentScene,
                                  lambda app: PositionEditorScene(app, "reversi", {}, "", lambda record: None),
                                  lambda app: ReplayScene(app, random_record("reversi"), analyse=False)])
def test_a_message_does_not_cover_the_bottom_buttons(app, make):
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(800, 560), w=800, h=560))  # the smallest window
    app.run_frames(2)
    app.switch(make(app))
    app.run_frames(2)
    assert app.screen.get_size() == (800, 560)
    rects = bottom_buttons(app.scene)
    assert rects and all(r.height and app.screen.get_rect().contains(r) for r in rects)
    before = pixels(app, rects)
    app.messages.add(LONG, "warn", duration=30.0)
    assert pixels(app, rects) == before
    top = app.messages_bottom() - app.messages.height(app.scale, app.messages_width(), app.messages_room())
    where = pygame.Rect(0, top, app.messages_width(), app.messages_bottom() - top)  # where the message may be drawn
    where.centerx = app._messages_centre()
    assert not any(where.colliderect(r) for r in rects), (where, rects)


def test_a_file_that_cannot_be_opened_dropped_on_the_replay_is_said_above_its_buttons(app, tmp_path):
    """A file dropped on the replay that cannot be opened is said by the window, and at 800x560
    its message covered the lower half of the step buttons (Start ... End) and the panel's last
    row of actions beside them: it stands above the step buttons, on the board's side."""
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(800, 560), w=800, h=560))
    app.run_frames(2)
    app.switch(ReplayScene(app, random_record("reversi"), analyse=False))
    app.run_frames(2)
    scene = app.scene
    rects = bottom_buttons(scene)
    before = pixels(app, rects)
    notes = tmp_path / "notes.txt"
    notes.write_text("nothing a game could be read from\n", encoding="utf-8")
    drop(app, notes)
    assert app.scene is scene and app.messages.current()  # still the replay, the window saying why
    assert pixels(app, rects) == before
    pills = [rect for rect, _m in app.messages._drawn]
    assert pills and not any(p.colliderect(r) for p in pills for r in rects), (pills, rects)
    assert all(p.bottom <= scene.buttons[0].rect.top and p.right <= scene.panel_rect.left for p in pills), pills


def test_the_tournament_screens_own_message_stands_above_the_outside_player_field(app):
    """A player that cannot be added is said by the tournament screen itself, and the message
    covered the field holding what was typed."""
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(800, 560), w=800, h=560))
    app.run_frames(2)
    app.switch(TournamentScene(app))
    app.run_frames(2)
    rects = bottom_buttons(app.scene)
    before = pixels(app, rects)
    app.scene.messages.add("gtp:nosuchengine: cannot start 'nosuchengine': no such program", "error", duration=30.0)
    assert pixels(app, rects) == before


def test_the_windows_message_and_the_games_own_do_not_cover_each_other(app, monkeypatch):
    """On the game screen the window's message (centred on the window, at its bottom) and the
    game's own (centred on the board, on the status line) were drawn over each other.  Both stand
    in the lane under the board now (``GameScene.messages_ceiling``): the window's on the status
    line while the game says nothing, the status line then not drawn under it; while the game's
    own show, the window's waits for them to go (at 800x560 there is room for one message)."""
    from tests.ui_helpers import recorded_text_rects
    from ui.widgets import Messages

    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(800, 560), w=800, h=560))
    app.run_frames(2)
    app.open_demo("game:trax:hotseat:")
    scene = app.scene
    pills: list[pygame.Rect] = []  # the game's pills drawn, then the window's
    draw = Messages.draw

    def recorded(self, surface, theme, anchor, scale, max_width, ground=None, room=None):
        draw(self, surface, theme, anchor, scale, max_width, ground, room)
        pills.extend(rect for rect, _m in self._drawn)

    monkeypatch.setattr(Messages, "draw", recorded)
    texts = recorded_text_rects(monkeypatch)
    for game_messages in (0, 1, 2):
        scene.messages.items.clear()
        app.messages.items.clear()
        for i in range(game_messages):
            scene.messages.add(f"the game's own message {i}", "info", duration=30.0)
        app.messages.add("The unfinished game is kept in Continue", "info", duration=30.0)
        pills.clear()
        texts.clear()
        app.invalidate()
        app.run_frames(1)
        drawn_of_the_game = min(game_messages, 1)
        window = app.messages.current()
        assert len(pills) == drawn_of_the_game + (0 if game_messages else 1)
        assert game_messages == 0 or all(m.waiting for m in window)  # not lost: shown once the game's go
        assert not any(a.colliderect(b) for i, a in enumerate(pills) for b in pills[i + 1:]), pills
        assert all(p.top >= scene.messages_ceiling() for p in pills)  # under the board, in the lane
        assert not [(value, rect) for value, rect in texts if value.strip() and any(rect.colliderect(p) for p in pills)]
    widths: list[int] = []
    monkeypatch.setattr(Messages, "draw", lambda self, surface, theme, anchor, scale, max_width, ground=None, room=None:
                        widths.append(anchor[0] - max_width // 2))
    app.messages.add("A long message " * 20, "error", duration=30.0)
    app.invalidate()
    app.run_frames(1)
    assert widths and min(widths) >= 0  # a long one fits around the board's centre, not past the window's edge


@pytest.mark.parametrize("size", [(800, 600), (1024, 768)])
def test_the_text_size_message_stands_whole_off_analysis_graph(tmp_path, monkeypatch, size):
    """With analysis on, Ctrl+plus's "Text size: Larger (Ctrl+plus, …)" stood above the status
    line, over the foot of the evaluation graph under the board, at 800x600 and 1024x768.  It
    stands on the status line now, in its place, whole: off the graph, the board's letters and
    every other text of the screen."""
    import ui.views.reversi as reversi_view
    from tests.ui_helpers import key, recorded_text_rects, window_for_a_test
    from ui import grid_view

    with window_for_a_test(tmp_path, monkeypatch, size=size) as app:
        app.open_demo("game:reversi:hotseat:")
        app.run_frames(2)
        scene = app.scene
        key(app, pygame.K_a)
        key(app, pygame.K_EQUALS, pygame.KMOD_LCTRL)
        key(app, pygame.K_EQUALS, pygame.KMOD_LCTRL)
        assert scene.analysis.active and app.settings.text_size == 1.5
        texts = recorded_text_rects(monkeypatch, grid_view, reversi_view)
        texts += recorded_text_rects(monkeypatch)
        app.invalidate()
        app.run_frames(1)
        pygame.image.save(app.screen, str(tmp_path / "toast.png"))
        said = "Text size: Larger (Ctrl+plus, Ctrl+minus, Ctrl+0)"
        (pill, message), = app.messages._drawn
        graph = scene.board_side.graph_rect
        assert message.text == said and graph.height > 0
        assert not pill.colliderect(graph), (pill, graph)
        assert app.screen.get_rect().contains(pill)
        (_m, lines, cut), = app.messages.shown(app.scale, app.messages_width(), app.messages_room())
        assert " ".join(lines) == said and not cut  # said whole
        under = [(value, rect) for value, rect in texts if value.strip() and rect.colliderect(pill)]
        assert not under, (pill, under)


@pytest.mark.parametrize("size", [(800, 560), (1280, 800), (800, 1000)])
def test_the_main_menus_file_report_stands_under_the_games_pictures(app, size):
    """At 800x560 (and at 1280x800) the main menu's file report was drawn over the pictures' names
    and over the About link in the corner; it stands between them."""
    from ui.scenes.menu import MenuScene

    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    app.run_frames(2)
    app.switch(MenuScene(app))
    app.run_frames(2)
    assert app.screen.get_size() == size and app.scene.show_cards
    rects = [*app.scene.cards.rects, app.scene.about_rect]
    before = pixels(app, rects)
    app.messages.add("4 damaged game files in /home/someone/.local/share/tabuleiro/unfinished were moved aside, "
                     "renamed with .corrupt- and the date.", "error", duration=30.0)
    assert pixels(app, rects) == before


@pytest.mark.parametrize("size", [(800, 560), (1280, 800)])
def test_a_two_line_message_on_the_main_menu_leaves_the_games_pictures_alone(app, size):
    """A damaged settings file is said in a message two lines long at 800x560, and it was drawn
    over the games' pictures (the menu kept room for one line under them)."""
    from ui import words
    from ui.scenes.menu import MenuScene
    from ui.widgets import Messages

    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    app.run_frames(2)
    app.switch(MenuScene(app))
    app.run_frames(2)
    said = words.settings_problem(
        "Settings file was unreadable (it is not valid JSON (line 1, column 2: Expecting property name "
        "enclosed in double quotes)); moved to settings.json.corrupt-20261202-123413; using defaults.")
    chosen = app.scene.menu.get_widget("settings")
    app.scene.menu.select_widget(chosen)  # a keyboard user on their way to Settings
    app.messages.add(said, "error", duration=30.0)
    app.run_frames(2)
    room = app.messages_width()
    if size == (800, 560):
        assert len(Messages.lines(said, app.scale, room)) == 2  # the case reported
    assert app.scene.show_cards
    rects = [*app.scene.cards.rects, app.scene.about_rect]
    shown = pixels(app, rects)
    app.messages.items.clear()
    assert pixels(app, rects) == shown  # the message drew over none of them
    assert app.scene.menu.get_selected_widget().get_id() == "settings"


@pytest.mark.parametrize("language", ["en", "pt"])
@pytest.mark.parametrize("size", [(1264, 736), (800, 560)])
def test_the_game_kept_message_after_a_paste_leaves_the_new_game_form_alone(tmp_path, monkeypatch, size, language):
    """A position pasted on the main menu right after a game was left opens New game on it, the
    window still saying that the game left is kept: the message stood over the Alquerque card.  It stands between the form and Start and
    Back now, the form ending above it, and the form takes the room back when it goes.  (That
    message is now withdrawn as the menu is left: a window's message as long stands in for it.)"""
    import games
    from games.position_text import position_text
    from tests.ui_helpers import click, key, make_app
    from ui import clipboard, i18n
    from ui.scenes.game import GameScene
    from ui.widgets import Messages

    app = make_app(tmp_path, monkeypatch, size=size)
    drawn: list[pygame.Rect] = []  # where the window's messages may reach, as drawn
    draw = Messages.draw

    def recorded(self, surface, theme, anchor, scale, max_width, ground=None, room=None):
        if self is app.messages and self.current():
            drawn.append(pygame.Rect(anchor[0] - max_width // 2, anchor[1] - self.height(scale, max_width, room),
                                     max_width, self.height(scale, max_width, room)))
        return draw(self, surface, theme, anchor, scale, max_width, ground, room)

    monkeypatch.setattr(Messages, "draw", recorded)
    try:
        app.settings.language = language
        app.apply_settings()
        app.open_demo("game:tictactoe:hotseat:")
        app.run_frames(2)
        assert isinstance(app.scene, GameScene)
        click(app, app.scene.view.cell_rect(1, 1).center)  # b2: a game to keep
        rastros = games.load("rastros")
        monkeypatch.setattr(clipboard, "get_text", lambda: position_text(rastros, rastros.play_line(["4-4"])))
        key(app, pygame.K_ESCAPE)  # to the main menu, the game kept
        key(app, pygame.K_v, mod=pygame.KMOD_LCTRL)  # a position pasted there opens New game on it
        setup = app.scene
        assert isinstance(setup, SetupScene) and setup.start_record is not None
        # the menu's own word on the kept game is withdrawn here; a message as long stands in for it
        app.messages.add(i18n._("The unfinished game is kept: Continue it from the main menu"), duration=30.0)
        app.invalidate()
        app.run_frames(2)
        assert drawn
        form = setup.menu.get_rect()
        where = drawn[-1]
        covered = [r for r in (*setup.cards.rects, setup.menu.get_rect(), setup.start_button.rect,
                               setup.back_button.rect) if where.colliderect(r)]
        assert covered == [], (where, covered)
        app.messages.items.clear()
        app.run_frames(2)
        assert setup.menu.get_rect().height > form.height  # the room given back
        assert app.errors == [], app.errors[0]
    finally:
        app.quit()
        i18n.set_language("en")


def test_a_saved_message_said_during_a_frame_leaves_the_watch_forms_lines_clear(app, monkeypatch):
    """Leaving a running tournament, the background writer says "Saved ….json" when the report is
    on disk: said after the Watch form's update in a frame, it was drawn over the form's last help
    line at 800x600 (the form makes room for the messages only at its update).  The form drawn in
    that frame now already leaves them room."""
    from tests.ui_helpers import click_widget

    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(800, 600), w=800, h=600))
    app.run_frames(2)
    click_widget(app, app.scene.menu, "watch")
    form = app.scene
    assert isinstance(form, SetupScene) and form.watch
    update = form.update

    def writer_says_saved_meanwhile(dt: float) -> None:
        update(dt)
        if not app.messages.current():
            app.messages.add_soon("Saved /home/someone/.local/share/tabuleiro/tournaments/"
                                  "tictactoe-20261203-101010.json", "info", 30.0)

    monkeypatch.setattr(form, "update", writer_says_saved_meanwhile)
    app.invalidate()
    app.run_frames(1)
    assert [m.text for m in app.messages.current()][0].startswith("Saved ")
    top = app.messages_bottom() - app.messages.height(app.scale, app.messages_width(), app.messages_room())
    where = pygame.Rect(0, top, app.messages_width(), app.messages_bottom() - top)  # where the message is drawn
    where.centerx = app._messages_centre()
    assert not where.colliderect(form.menu.get_rect()), (where, form.menu.get_rect())


@pytest.mark.parametrize("size", [(800, 600), (800, 560)])
def test_stacked_messages_and_the_windows_keep_off_a_result_card_on_the_board(tmp_path, monkeypatch, size):
    """At 800x600, Larger text, the card's Save, Ctrl+C and M said three things at once, stacked
    up over the result card's last buttons, and the window's "Text size: Larger" above them: the
    card kept clear of one message's line only.  The newest stands under the card now, the older
    wait for it to go (``BoardSide.messages_room``), and so does the window's."""
    from tests.test_ui_move_entry import enter_moves, start
    from tests.ui_helpers import key, window_for_a_test
    from ui.scenes import game_over

    monkeypatch.setattr(game_over, "OVER_DELAY", 0.0)
    monkeypatch.setattr(game_over.GameOverCard, "keeps_off_pieces", False)  # the card on the board, low
    with window_for_a_test(tmp_path, monkeypatch, size=size) as app:
        app.settings.text_size = 1.25
        app.apply_settings()
        scene = start(app, "tictactoe")
        enter_moves(app, "a1 b1 a2 b2 a3")
        assert app.run_frames(10 ** 6, until=lambda: scene.card_shown() is not None and scene.over_card.ready(),
                              timeout=10)
        for k, mod in ((pygame.K_s, 0), (pygame.K_c, pygame.KMOD_LCTRL), (pygame.K_m, 0),
                       (pygame.K_EQUALS, pygame.KMOD_LCTRL)):  # Save, copy the position, the moves; Larger text
            key(app, k, mod)
        assert app.settings.text_size == 1.5 and len(scene.messages.current()) == 3 and app.messages.current()
        app.invalidate()
        app.run_frames(1)
        card = scene.over_card.rect
        pills = [rect for rect, _m in (*scene.messages._drawn, *app.messages._drawn)]
        assert scene.card_shown() is scene.over_card and not scene.over_card.over_panel() and pills
        assert not any(pill.colliderect(card) for pill in pills), (card, pills)
        assert all(app.screen.get_rect().contains(pill) for pill in pills)
        pygame.image.save(app.screen, str(tmp_path / "stacked.png"))


@pytest.mark.parametrize("game_id", ["tictactoe", "reversi", "hex"])
def test_the_autosaves_failure_and_its_warning_leave_the_boards_letters_clear(tmp_path, monkeypatch, game_id):
    """At 800x600 in Portuguese, a full disk: the autosave's failure, held on screen, and over it
    "Não foi possível guardar as últimas jogadas deste jogo ..." as the player left (Esc), two
    lines each, stood over the board's bottom row of column letters.  The newest stands under the
    board whole, the older waits for it to go (``BoardSide.messages_room``)."""
    import errno

    import ui.views.hex as hex_view
    from tests.test_ui_move_entry import enter_moves, start
    from tests.ui_helpers import autosaves_written, in_language, key, recorded_text_rects, window_for_a_test
    from ui import autosave, grid_view

    def full_disk(path, text) -> None:
        raise OSError(errno.ENOSPC, "No space left on device", str(path))

    monkeypatch.setattr(autosave, "atomic_write_text", full_disk)
    letters = recorded_text_rects(monkeypatch, grid_view, hex_view)
    with window_for_a_test(tmp_path, monkeypatch, size=(800, 600)) as app, in_language(app, "pt"):
        scene = start(app, game_id)
        enter_moves(app, scene.game.format_move(scene.state, scene.state.legal_moves()[0]))
        autosaves_written()
        app.run_frames(2)
        key(app, pygame.K_ESCAPE)  # leave: the last moves were not saved, it says, and stays
        assert app.scene is scene and [m.kind for m in scene.messages.current()] == ["error", "warn"]
        letters.clear()
        app.invalidate()
        app.run_frames(1)
        pills = [(rect, m.kind) for rect, m in scene.messages._drawn]
        coordinates = [rect for _value, rect in letters]
        assert len(coordinates) >= 4 * 3 and pills == [(pills[0][0], "warn")], pills
        assert not any(rect.colliderect(pills[0][0]) for rect in coordinates), (pills, max(r.bottom for r in coordinates))
        (_newest, lines, cut), = scene.messages.shown(app.scale, scene.board_side.messages_width(),
                                                      scene.board_side.messages_room())
        assert len(lines) == 2 and not cut  # said whole
