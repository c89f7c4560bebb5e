"""Input and time that change one part of a screen draw that part alone, never stale: a step of
New game's Clock (the form's card, the form not built again), a letter typed in the game's move
field and its caret's blink (the field's box), a message fading (its pill), the wheel over the
move list (the list), new analysis figures (the board's side and the panel's cards), the
pointer over a valued board (its tip of values), a change on Settings (its line), the
pointer over a form (the two lines it went between) and onto its scrollbar (the bar's strip),
a replay's slider dragged and a button let go (the step's parts, nothing), Page Down on New
game's form (its card, the row at its top whole).  Each
checks the rectangles the display is told to show, and that a whole frame drawn after has the
very pixels of the partial one.

The messages' and the caret's clocks are stand-ins the tests move on (``ui.widgets``' and
``ui.text_field``'s ``time``), so a whole frame drawn after a partial one shows the same fade."""

from __future__ import annotations

import time
import types

import pygame
import pygame_menu
import pytest

from ai.match import random_line
from tests.ui_helpers import (
    click,
    count_calls,
    in_language,
    key,
    make_app,
    make_app_of,
    same_as_a_whole_frame,
    shown_areas,
    wait,
    window_for_a_test,
)
from tools.frame_bench import values_shown
from ui import i18n
from ui.app import App, apart
from ui.match import HOTSEAT, MatchSetup
from ui.scenes.game import GameScene
from ui.scenes.setup import SetupScene
from ui.text_field import BLINK
from ui.widgets import Messages


@pytest.fixture
def app(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, size=(1400, 900))
    yield app
    app.quit()
    i18n.set_language("en")
    assert not app.errors, app.errors[0]


def stand_in_time(clock) -> types.SimpleNamespace:
    """A stand-in for the ``time`` module whose ``monotonic`` reads ``clock.now``."""
    return types.SimpleNamespace(monotonic=lambda: clock.now)


@pytest.fixture
def stand_in_clock(monkeypatch):
    """The clock the messages fade by and the caret blinks by, moved on by the test (``now``)."""
    import ui.text_field as text_field
    import ui.widgets as widgets

    clock = types.SimpleNamespace(now=1000.0)
    monkeypatch.setattr(widgets, "time", stand_in_time(clock))
    monkeypatch.setattr(text_field, "time", stand_in_time(clock))
    return clock


def _press(app, code: int, text: str = "") -> None:
    """A key pressed and let go (with the text it types), as SDL tells it, and one frame."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=text, scancode=0))
    if text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode=text, scancode=0))
    app.frame()


def _hex_game(app, moves: list[str] | None = None) -> GameScene:
    scene = GameScene(app, MatchSetup("hex", {"size": 11}, HOTSEAT, (None, None), 1.0), moves or [])
    app.switch(scene)
    app.run_frames(3)
    scene.view.finish_animation()
    app.run_frames(2)
    return scene


def test_rectangles_that_overlap_are_joined_and_those_apart_stay_apart():
    left, right, inside = pygame.Rect(0, 0, 100, 800), pygame.Rect(900, 100, 300, 200), pygame.Rect(950, 150, 20, 20)
    assert apart([left, right, inside, pygame.Rect(5, 5, 0, 0)]) == [left, right]
    assert apart([pygame.Rect(0, 0, 10, 10), pygame.Rect(5, 5, 10, 10)]) == [pygame.Rect(0, 0, 15, 15)]


def test_a_step_of_the_clock_draws_the_form_alone_without_building_it_again(app, monkeypatch, tmp_path):
    app.show_setup(game_id="hex")
    app.run_frames(3)
    scene = app.scene
    scene.menu.select_widget("clock")
    _press(app, pygame.K_RIGHT)  # from no clock to one: the clock's note comes in place of the Time choice
    app.frame()
    builds, shown = count_calls(monkeypatch, SetupScene, "_build_menu"), shown_areas(monkeypatch)
    clocks = []
    for _step in range(3):
        _press(app, pygame.K_RIGHT)
        app.frame()
        clocks.append(scene.choices.clock)
    assert None not in clocks and len(set(clocks)) == 3  # three other clocks chosen ...
    assert builds[0] == 0  # ... the form not built again for them
    assert shown == [[scene.panel]] * 3  # the form's card alone, once a step
    assert scene.menu.get_widget("clock").get_value()[0][1] == clocks[-1]
    assert same_as_a_whole_frame(app, tmp_path)


def test_a_clock_taken_away_brings_the_time_choice_back_on_the_forms_card(app, monkeypatch, tmp_path):
    app.show_setup(game_id="hex")
    app.run_frames(3)
    scene = app.scene
    scene.menu.select_widget("clock")
    _press(app, pygame.K_RIGHT)
    app.frame()
    assert scene.choices.clock is not None and scene.menu.get_widget("time") is None
    builds, shown = count_calls(monkeypatch, SetupScene, "_build_menu"), shown_areas(monkeypatch)
    _press(app, pygame.K_LEFT)
    app.frame()
    assert scene.choices.clock is None and scene.menu.get_widget("time") is not None
    assert builds[0] == 1 and shown == [[scene.panel]]
    assert same_as_a_whole_frame(app, tmp_path)


def test_a_letter_typed_in_the_move_field_draws_the_field_alone(app, monkeypatch, tmp_path, stand_in_clock):
    scene = _hex_game(app)
    _press(app, pygame.K_RETURN)
    assert scene.move_entry.open
    app.frame()
    shown = shown_areas(monkeypatch)
    _press(app, pygame.K_f, "f")
    _press(app, pygame.K_6, "6")
    assert scene.move_entry.field.text == "f6"
    assert shown == [[scene.move_entry.field.rect]] * 2
    assert same_as_a_whole_frame(app, tmp_path)
    _press(app, pygame.K_RETURN)  # the move played: the whole window (the board shows it)
    assert len(scene.history) == 1 and shown[-1] is None


def test_the_caret_blinks_in_the_field_alone(app, monkeypatch, tmp_path, stand_in_clock):
    scene = _hex_game(app)
    _press(app, pygame.K_RETURN)
    app.frame()
    field = scene.move_entry.field.rect
    shown = shown_areas(monkeypatch)
    before = pygame.image.tobytes(app.screen.subsurface(field), "RGB")
    stand_in_clock.now += BLINK
    time.sleep(BLINK)
    app.frame()
    assert shown == [[field]]
    assert pygame.image.tobytes(app.screen.subsurface(field), "RGB") != before  # the caret went
    assert same_as_a_whole_frame(app, tmp_path)


@pytest.mark.parametrize("whose", ["game", "window"])
def test_a_fading_message_draws_its_pill_alone(app, monkeypatch, tmp_path, stand_in_clock, whose):
    """The game's own message in place of the status line, and the window's over the board."""
    scene = _hex_game(app)
    messages = scene.messages if whose == "game" else app.messages
    messages.add("That cell is taken", duration=1.0)
    app.frame()  # a message comes: the whole window
    shown = shown_areas(monkeypatch)
    for fade in (0.7, 0.8):
        stand_in_clock.now = 1000.0 + fade
        app.frame()
        assert same_as_a_whole_frame(app, tmp_path)
    partial = [areas for areas in shown if areas is not None]
    assert len(partial) == 2 and all(len(areas) == 1 for areas in partial)
    pill = partial[0][0]
    assert pill.height == Messages.pill_height(app.scale) and pill.width < app.size[0] // 2
    assert partial[1] == [pill]
    stand_in_clock.now = 1001.1
    app.frame()
    assert shown[-1] is None  # gone: the status line back, the whole window


def test_the_wheel_over_the_move_list_draws_the_list_alone(app, monkeypatch, tmp_path):
    line = ["a1", "b2", "c3", "d4", "e5", "f6", "g7", "h8", "i9", "j10", "k11", "a2", "b3", "c4", "d5", "e6", "f7",
            "g8", "h9", "i10", "j11", "a3", "b4", "c5", "d6", "e7", "f8", "g9", "h10", "i11", "a4", "b5", "c6", "d7"]
    scene = _hex_game(app, line)
    moves = scene.panel.moves_rect
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: moves.center)
    shown = shown_areas(monkeypatch)
    offsets = []
    for notch in (1, 1, -1):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=notch, flipped=False))
        app.frame()
        offsets.append(scene.panel.offset)
    assert len(set(offsets)) > 1  # the list scrolled
    assert shown == [[moves]] * 3
    assert same_as_a_whole_frame(app, tmp_path)


def test_new_analysis_figures_draw_the_board_side_and_the_cards_not_the_move_list(app, monkeypatch, tmp_path):
    scene = _hex_game(app, ["f6", "e7"])
    key(app, pygame.K_a)
    assert wait(app, lambda: scene.analysis.values is not None, 180)
    app.invalidate()
    app.frame()
    shown = shown_areas(monkeypatch)
    revision = scene.analysis.revision
    assert wait(app, lambda: scene.analysis.revision != revision and app.draws and shown, 60)
    drawn = [areas for areas in shown]
    assert drawn and all(areas == [scene.board_side.area, scene.panel.ticking_rect()] for areas in drawn)
    assert not any(rect.colliderect(scene.panel.moves_rect) for areas in drawn for rect in areas)
    monkeypatch.setattr(scene.analysis, "poll", lambda: False)  # no new figures while the two frames are compared
    monkeypatch.setattr(scene.analysis, "follow", lambda *_args: None)
    app.frame()
    assert same_as_a_whole_frame(app, tmp_path)


def test_analysis_line_that_makes_the_cards_taller_draws_the_whole_window_after(tmp_path, monkeypatch):
    """At Larger text in an 800x600 window in Portuguese, a game over looked at three moves back:
    analysis's best line, come with its proof, takes a second row of the one-line card.  Drawn
    in part (``_analysed_areas``: the cards as last drawn), the card was clipped at its old foot,
    over the move list's heading, until something else drew the whole window."""
    with window_for_a_test(tmp_path, monkeypatch, size=(800, 600)) as app, in_language(app, "pt"):
        app.settings.text_size = 1.5
        app.apply_settings()
        setup = MatchSetup("tictactoe", {"width": 4, "height": 4, "k": 3}, HOTSEAT, (None, None), 1.0)
        scene = GameScene(app, setup, ["b2", "b3", "c2", "a2", "c3", "c4"])
        app.switch(scene)
        app.run_frames(3)
        key(app, pygame.K_b)  # the result card put away
        key(app, pygame.K_a)
        for _ in range(3):
            key(app, pygame.K_LEFT)

        def line_proved() -> bool:
            line = scene.analysis.best_line()
            return line is not None and line.proven is not None and len(line.pv) > 1

        assert wait(app, line_proved, 60)
        app.run_frames(3)
        monkeypatch.setattr(scene.analysis, "poll", lambda: False)  # no new figures while the two frames are compared
        monkeypatch.setattr(scene.analysis, "follow", lambda *_args: None)
        app.frame()
        assert same_as_a_whole_frame(app, tmp_path)


def test_a_message_fading_as_a_clock_runs_draws_the_pill_and_the_cards_apart(app, monkeypatch, tmp_path,
                                                                                stand_in_clock):
    """Two parts far apart (under the board, at the panel's top) are drawn each alone: the
    rectangle round both was most of the window."""
    import ui.scenes.game as game_module

    monkeypatch.setattr(game_module, "time", stand_in_time(stand_in_clock))
    scene = GameScene(app, MatchSetup("hex", {"size": 11}, HOTSEAT, (None, None), 1.0, clock="5m+0s"), [])
    app.switch(scene)
    app.run_frames(3)
    scene.messages.add("That cell is taken", duration=1.5)
    app.frame()
    shown, reading = shown_areas(monkeypatch), scene.panel.clock_texts()[0]
    stand_in_clock.now += 1.2  # the message fades, and the first side's clock reads a second less
    app.frame()
    assert scene.panel.clock_texts()[0] != reading
    assert len(shown) == 1 and shown[0] is not None  # the two lines (joined where their highlights overlap)
    cards = scene.panel.ticking_rect()
    assert cards in shown[0]
    pill = next(rect for rect in shown[0] if rect != cards)
    assert pill.height == Messages.pill_height(app.scale) and scene.board_side.area.contains(pill)
    assert same_as_a_whole_frame(app, tmp_path)


def _motion(app, pos: tuple[int, int]) -> int:
    """The pointer moved to ``pos``, one frame: the frames it drew (0 or 1)."""
    before = app.draws
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0), buttons=(0, 0, 0)))
    app.frame()
    return app.draws - before


def test_the_pointer_over_a_replay_draws_only_what_it_lights(app, tmp_path):
    """Over the board (not in analysis mode) nothing; onto a button, its lighting."""
    from games.record import GameRecord
    from games.record_parts import Side

    record = GameRecord("hex", {"size": 11}, (Side(None, "Ana"), Side(None, "Bia")), ["f6", "e7", "d8", "c9"])
    app.open_replay(record, 2)
    app.run_frames(3)
    scene = app.scene
    board = scene.view.rect
    drawn = [_motion(app, (board.centerx + 37 * i % 200, board.centery + 53 * i % 200)) for i in range(8)]
    assert drawn == [0] * 8
    button = scene.buttons[3]  # Next
    assert _motion(app, button.rect.center) == 1 and button.hovered
    assert _motion(app, (button.rect.centerx + 2, button.rect.centery)) == 0
    assert same_as_a_whole_frame(app, tmp_path)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=scene.slider.rect.midleft, button=1))
    app.frame()
    assert scene.ply == 0
    steps = [scene.slider.rect.left + scene.slider.rect.width * n // 4 for n in (1, 2, 3)]
    for x in steps:  # the slider dragged: every motion may show another move
        assert _motion(app, (x, scene.slider.rect.centery)) == 1
    assert scene.ply == 3


def _random_moves(game, plies: int) -> list[str]:
    """``plies`` moves of a seeded random game of ``game``."""
    import random

    return random_line(game.initial_state(), plies, random.Random(3))


def _tipped_places(scene, labels, bounds: pygame.Rect) -> list[tuple[int, int]]:
    """The valued places of the board whose pointer's tip shows, from the board's centre out."""
    from ui.analysis_mode import value_tip

    centres = {scene.view.value_anchor(m)[0] for m in labels}
    tipped = [c for c in centres if value_tip(bounds, scene.view, labels, c) is not None]
    return sorted(tipped, key=lambda c: (c[0] - scene.view.rect.centerx) ** 2 + (c[1] - scene.view.rect.centery) ** 2)


def _tip_areas(key) -> list[pygame.Rect]:
    """The rectangle round the tip and its ring a ``pointer_key`` holds (``ValueTip.area``)."""
    return [pygame.Rect(key)]


def test_the_pointer_over_a_valued_board_draws_its_tip_and_the_cell_not_the_whole_window(app, monkeypatch,
                                                                                          tmp_path):
    """Analysis mode in a game: a motion within one place moves the tip of values alone (the
    tip before and after, the ring round the place); a motion to another place draws the
    board's side and the tips.  Every motion drew the whole window."""
    import games

    game = games.load("hex", size=19)
    scene = GameScene(app, MatchSetup("hex", {"size": 19}, HOTSEAT, (None, None), 1.0), _random_moves(game, 20))
    app.switch(scene)
    app.run_frames(3)
    values_shown(app, scene)
    window = pygame.Rect((0, 0), app.size)
    first, second = _tipped_places(scene, scene.analysis.labels(), window)[:2]
    assert _motion(app, first) == 1
    shown = shown_areas(monkeypatch)
    before = scene.pointer_key()[-1]
    assert _motion(app, (first[0] + 1, first[1])) == 1  # the tip follows the pointer, a pixel on
    after = scene.pointer_key()[-1]
    assert before != after
    assert shown == [apart(_tip_areas(before) + _tip_areas(after))]
    assert sum(r.width * r.height for r in shown[0]) < window.width * window.height // 20
    assert same_as_a_whole_frame(app, tmp_path)
    assert _motion(app, second) == 1
    assert shown[-1] == apart([scene.board_side.area] + _tip_areas(after) + _tip_areas(scene.pointer_key()[-1]))
    assert same_as_a_whole_frame(app, tmp_path)


def test_the_pointer_over_a_valued_replay_draws_its_tip_alone(app, monkeypatch, tmp_path):
    """Analysis mode in a replay: a motion draws the tip of values before and after and the
    rings round their places, nothing else (every motion drew the whole replay)."""
    import games
    from games.record import GameRecord
    from games.record_parts import Side
    from ui.scenes.replay import ReplayScene

    game = games.load("hex", size=19)
    record = GameRecord("hex", {"size": 19}, (Side(None, "Ana"), Side(None, "Bia")), _random_moves(game, 20))
    scene = ReplayScene(app, record, analyse=False)
    app.switch(scene)
    app.run_frames(3)
    values_shown(app, scene)
    window = pygame.Rect((0, 0), app.size)
    first, second = _tipped_places(scene, scene.move_analysis.labels(), window)[:2]
    assert _motion(app, first) == 1
    shown = shown_areas(monkeypatch)
    for pos in ((first[0] + 1, first[1]), second):
        before = scene.pointer_key()[0]
        assert _motion(app, pos) == 1
        after = scene.pointer_key()[0]
        assert shown[-1] == apart(_tip_areas(before) + _tip_areas(after))
        assert same_as_a_whole_frame(app, tmp_path)


def _drawn_alone(shown: list, widget_rect: pygame.Rect, panel: pygame.Rect) -> bool:
    """Whether the frames ``shown`` were one, of one rectangle round ``widget_rect`` (its line with
    its highlight), a small part of the form's card ``panel``."""
    return (len(shown) == 1 and shown[0] is not None and len(shown[0]) == 1 and shown[0][0].contains(widget_rect)
            and shown[0][0].width * shown[0][0].height < panel.width * panel.height // 4)


def test_a_change_on_settings_draws_its_line_alone(app, monkeypatch, tmp_path):
    """A selector stepped with the keys and a switch clicked draw their line (the form's card was
    drawn: pygame-menu renders the form again, and the rest of it stands as it stood); the
    theme, which changes every colour, the whole window.  Every change drew the whole window."""
    from tests.ui_helpers import click_unmoved
    from ui.background_writer import WRITER

    app.show_settings()
    app.run_frames(3)
    scene, settings = app.scene, app.settings
    scene.menu.select_widget("animation")
    app.invalidate()  # chosen without an event: drawn so
    app.run_frames(2)
    shown = shown_areas(monkeypatch)
    speed = settings.animation_speed
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="", scancode=0))
    app.frame()
    assert settings.animation_speed != speed
    assert WRITER.wait(10)  # saved: the next frame reads the outcome
    app.frame()
    assert _drawn_alone(shown, scene.menu.get_widget("animation").get_rect(to_real_position=True), scene.panel)
    assert same_as_a_whole_frame(app, tmp_path)  # the note above the form still says "Saved automatically"
    legal = settings.show_legal
    switch = scene.menu.get_widget("show_legal")
    scene.menu.select_widget(switch)
    app.invalidate()
    app.run_frames(2)
    del shown[:]
    rect = switch.get_rect(to_real_position=True)
    click_unmoved(app, (rect.right - 30, rect.centery), frames=1)  # on its slider
    assert settings.show_legal != legal
    assert len(shown) == 1 and shown[0] is not None and any(area.contains(rect) for area in shown[0])
    assert sum(a.width * a.height for a in shown[0]) < scene.panel.width * scene.panel.height // 4
    assert same_as_a_whole_frame(app, tmp_path)
    scene.menu.select_widget("theme")
    app.run_frames(2)
    _press(app, pygame.K_RIGHT)
    assert shown[-1] is None


def test_a_click_onto_another_settings_line_draws_both_lines(app, monkeypatch, tmp_path):
    """A press on a line with no motion before it (a tap) chooses it as it changes it: the line
    chosen before is drawn without its highlight, and the one pressed with it."""
    from tests.ui_helpers import click_unmoved

    app.show_settings()
    app.run_frames(3)
    scene = app.scene
    scene.menu.select_widget("animation")
    app.invalidate()  # chosen without an event: drawn so
    app.run_frames(2)
    shown = shown_areas(monkeypatch)
    switch = scene.menu.get_widget("face_me").get_rect(to_real_position=True)
    click_unmoved(app, (switch.right - 30, switch.centery), frames=1)
    assert scene.menu.get_selected_widget().get_id() == "face_me"
    assert len(shown) == 1 and shown[0] is not None
    left = scene.menu.get_widget("animation").get_rect(to_real_position=True)
    assert all(any(area.contains(line) for area in shown[0]) for line in (switch, left))
    assert same_as_a_whole_frame(app, tmp_path)


def _form_line_centre(scene, widget_id: str) -> tuple[int, int]:
    """Where the line ``widget_id`` of the form stands on screen."""
    return scene.menu.get_widget(widget_id).get_rect(to_real_position=True).center


@pytest.mark.parametrize("screen", ["setup", "settings"])
def test_the_pointer_over_a_form_draws_the_two_lines_it_went_between(app, monkeypatch, tmp_path, screen):
    """New game's and Settings' forms: a motion within a line draws nothing; onto another line,
    that line and the one left, each with its highlight.  Every motion drew the whole window."""
    if screen == "setup":
        app.show_setup(game_id="hex")
        first, second = "mode", "clock"
    else:
        app.show_settings()
        first, second = "theme", "text_size"
    app.run_frames(3)
    scene = app.scene
    assert _motion(app, _form_line_centre(scene, first)) == 1
    shown = shown_areas(monkeypatch)
    x, y = _form_line_centre(scene, first)
    assert _motion(app, (x + 5, y + 1)) == 0  # the same line
    assert _motion(app, _form_line_centre(scene, second)) == 1
    assert scene.menu.get_selected_widget().get_id() == second
    assert len(shown) == 1 and shown[0] is not None  # the two lines (joined where their highlights overlap)
    lines = [scene.menu.get_widget(name).get_rect(to_real_position=True) for name in (first, second)]
    assert all(any(area.contains(line) for area in shown[0]) for line in lines)
    assert sum(a.width * a.height for a in shown[0]) < scene.panel.width * scene.panel.height // 3
    assert same_as_a_whole_frame(app, tmp_path)


def _replay(app, game_id: str = "hex", plies: int = 4, ply: int = 2):
    """The replay of a game of ``game_id`` (Hex: 11x11) of ``plies`` moves, at ``ply``, shown."""
    import games
    from games.record import GameRecord
    from games.record_parts import Side

    options = {"size": 11} if game_id == "hex" else {}
    moves = _random_moves(games.load(game_id, **options), plies)
    app.open_replay(GameRecord(game_id, options, (Side(None, "Ana"), Side(None, "Bia")), moves), ply)
    app.run_frames(3)
    return app.scene


def _rects(areas: list[pygame.Rect]) -> list[tuple[int, int, int, int]]:
    """``areas`` in an order of their own, to compare with others."""
    return sorted(tuple(area) for area in areas)


def test_the_pointer_onto_a_replays_button_draws_that_button_alone(app, monkeypatch, tmp_path):
    """Onto "Play from here" and from it onto Next: the buttons lit and left, each alone (each
    drew the whole replay)."""
    scene = _replay(app)
    play_from, following = scene.actions[0], scene.buttons[3]
    shown = shown_areas(monkeypatch)
    assert _motion(app, play_from.rect.center) == 1 and play_from.hovered
    assert shown == [[play_from.rect]]
    assert same_as_a_whole_frame(app, tmp_path)
    del shown[:]
    assert _motion(app, following.rect.center) == 1 and following.hovered and not play_from.hovered
    assert len(shown) == 1 and _rects(shown[0]) == _rects([play_from.rect, following.rect])
    assert same_as_a_whole_frame(app, tmp_path)


def test_the_pointer_over_play_from_heres_form_draws_the_two_lines_it_went_between(app, monkeypatch, tmp_path):
    """The form "Play from here" opens: a motion within a line draws nothing; onto another line,
    the two lines.  Every motion drew the whole window.  Its second line is a name field, whose
    caret blinks by a clock held still (``still_caret_clock``): a loaded machine's slow frames
    let its turn come between two motions, and the motion within the line drew it."""
    still_caret_clock(monkeypatch)
    _replay(app).choose_how_to_go_on()
    app.run_frames(3)
    scene = app.scene
    assert type(scene).__name__ == "PlayFromScene"
    first, second = (line.get_id() for line in scene.form_lines()[:2])
    assert _motion(app, _form_line_centre(scene, second)) == 1
    shown = shown_areas(monkeypatch)
    x, y = _form_line_centre(scene, second)
    assert _motion(app, (x + 5, y + 1)) == 0
    assert _motion(app, _form_line_centre(scene, first)) == 1
    assert len(shown) == 1 and shown[0] is not None
    lines = [scene.menu.get_widget(name).get_rect(to_real_position=True) for name in (first, second)]
    assert all(any(area.contains(line) for area in shown[0]) for line in lines)
    assert sum(a.width * a.height for a in shown[0]) < scene.panel.width * scene.panel.height // 3
    assert same_as_a_whole_frame(app, tmp_path)


def test_the_pointer_over_the_tournaments_set_up_draws_the_buttons_it_lights(app, monkeypatch, tmp_path):
    """A motion within a button draws nothing; onto a stepper's other arrow, that stepper; onto
    Start, Start and the stepper left.  Every motion drew the whole screen."""
    app.show_tournament("hex")
    app.run_frames(3)
    scene = app.scene
    stepper, start = scene.buttons[2], scene.buttons[7]  # the games' count, Start
    left = (stepper.rect.x + 10, stepper.rect.centery)
    assert _motion(app, left) == 1
    shown = shown_areas(monkeypatch)
    assert _motion(app, (left[0] + 3, left[1])) == 0  # the same arrow of the same button
    assert _motion(app, (stepper.rect.right - 10, stepper.rect.centery)) == 1  # the other arrow
    assert shown == [[stepper.rect]]
    assert same_as_a_whole_frame(app, tmp_path)
    del shown[:]
    assert _motion(app, start.rect.center) == 1 and start.hovered
    assert len(shown) == 1 and _rects(shown[0]) == _rects([stepper.rect, start.rect])
    assert same_as_a_whole_frame(app, tmp_path)


def test_a_step_of_a_replay_draws_its_board_side_and_its_panels_list_not_its_title_and_actions(
        app, monkeypatch, tmp_path, still_clock):
    """Right and Left: the board's side and the panel under its title, then nothing for the
    key let go, the board's side alone while the move animates and once it is still.  Each step
    drew the whole window.  The board's clock stands still (``still_clock``) until the test ends
    the animation: a loaded machine's slow frames ended it before the test looked."""
    scene = _replay(app, "reversi", plies=8, ply=2)  # Reversi's discs turn over as a move is shown
    shown = shown_areas(monkeypatch)
    _press(app, pygame.K_LEFT)
    assert scene.ply == 1
    board_side = pygame.Rect(0, 0, scene.panel_rect.left, app.size[1])
    assert len(shown) == 1 and _rects(shown[0]) == _rects([board_side, scene.panel_changes])
    assert scene.panel_changes.top > scene.panel_rect.top and scene.panel_changes.bottom <= scene.actions[0].rect.top
    assert same_as_a_whole_frame(app, tmp_path)
    del shown[:]
    _press(app, pygame.K_RIGHT)  # the move animates
    assert scene.view.is_animating()
    app.run_frames(2)
    still_clock.now += 10.0  # its time over
    app.run_frames(200, until=lambda: not scene.view.is_animating() and not app.dirty)
    app.frame()
    assert shown and all(areas is not None for areas in shown)
    assert _rects(shown[0]) == _rects([board_side, scene.panel_changes])
    assert all(areas == [board_side] for areas in shown[1:])
    assert same_as_a_whole_frame(app, tmp_path)


def test_a_step_onto_the_games_end_draws_the_replays_actions_too(app, monkeypatch, tmp_path):
    """A game of Tic-tac-toe won at its last ply: the actions drawn again there ("Play from here"
    goes on from the move before, the search tree and the analysis have nothing to show)."""
    from games.record import GameRecord
    from games.record_parts import Side

    moves = ["a1", "a2", "b1", "b2", "c1"]  # the first player's row
    app.open_replay(GameRecord("tictactoe", {}, (Side(None, "Ana"), Side(None, "Bia")), moves), 3)
    app.run_frames(3)
    scene = app.scene
    shown = shown_areas(monkeypatch)
    _press(app, pygame.K_END)
    assert scene.ply == 5 and scene.actions[0].enabled
    assert len(shown) == 1 and all(any(area.contains(b.rect) for area in shown[0]) for b in scene.actions
                                   if b.visible)
    assert not any(area.collidepoint(scene.panel_rect.x + 30, scene.panel_rect.y + 30) for area in shown[0])  # the title
    scene.view.finish_animation()
    app.run_frames(2)
    assert same_as_a_whole_frame(app, tmp_path)


def test_the_tip_of_values_is_laid_out_once_a_frame(app, monkeypatch, tmp_path):
    """A motion over a valued board: the tip was laid out for what the pointer lit before and
    after, then again to draw it."""
    import games
    import ui.analysis_mode as analysis_mode

    game = games.load("hex", size=19)
    scene = GameScene(app, MatchSetup("hex", {"size": 19}, HOTSEAT, (None, None), 1.0), _random_moves(game, 20))
    app.switch(scene)
    app.run_frames(3)
    values_shown(app, scene)
    first = _tipped_places(scene, scene.analysis.labels(), pygame.Rect((0, 0), app.size))[0]
    assert _motion(app, first) == 1
    laid = count_calls(monkeypatch, analysis_mode, "_laid_tip")
    assert _motion(app, (first[0] + 1, first[1])) == 1
    assert laid == [1]
    assert same_as_a_whole_frame(app, tmp_path)


def test_the_forms_scrollbars_are_read_where_pygame_menu_keeps_them(tmp_path, monkeypatch):
    """pygame-menu offers no public way to ask whether the pointer lights a scrollbar:
    ``scrollbars_lit`` reads its private names, which a new pygame-menu may change."""
    from ui.scenes.base import scrollbars_lit

    app = make_app(tmp_path, monkeypatch, size=(800, 500))
    try:
        app.show_settings()
        app.run_frames(3)
        area = app.scene.menu.get_scrollarea()
        assert area.get_hidden_height() > 0 and area._scrollbars  # the form scrolls
        bar = next(bar for bar in area._scrollbars if bar.is_visible())
        assert not any(lit for lit, _held in scrollbars_lit(area))
        area.update([pygame.event.Event(pygame.MOUSEMOTION, pos=bar.get_slider_rect().center, rel=(1, 0),
                                        buttons=(0, 0, 0))])  # the pointer over its slider, as pygame-menu is told
        assert bar._mouseover and any(lit for lit, _held in scrollbars_lit(area))
    finally:
        app.quit()


def test_a_click_on_new_games_selector_draws_the_forms_card_alone(app, monkeypatch, tmp_path):
    """A click on the Clock's right arrow steps it: the form's card, not the whole window (a
    click drew it whole; keys drew the card already)."""
    from tests.ui_helpers import click_unmoved

    app.show_setup(game_id="hex")
    app.run_frames(3)
    scene = app.scene
    arrow = scene.menu.get_widget("clock").get_rect(to_real_position=True)
    click_unmoved(app, (arrow.right - 30, arrow.centery), frames=2)  # from no clock to one: the form built again
    clock = scene.choices.clock
    shown = shown_areas(monkeypatch)
    arrow = scene.menu.get_widget("clock").get_rect(to_real_position=True)
    click_unmoved(app, (arrow.right - 30, arrow.centery), frames=2)
    assert scene.choices.clock not in (None, clock)
    assert shown and all(areas == [scene.panel] for areas in shown)
    assert same_as_a_whole_frame(app, tmp_path)


@pytest.mark.parametrize("screen, line", [("setup", "human-side"), ("settings", "animation")])
def test_a_step_to_a_word_of_another_width_draws_the_line_centred_for_it(app, monkeypatch, tmp_path, screen, line):
    """New game's "You play" and Settings' "Animations" stepped with the keys, to a narrower word
    and a wider one: one frame each, of part of the window (the form's card, the line), with the
    line centred for its new word, the pixels of a whole frame.  pygame-menu renders a stepped
    selector only as it draws it, after it laid the form out: the line stood where its old word
    had placed it until something else drew the form."""
    from ui.background_writer import WRITER

    app.show_setup(game_id="hex") if screen == "setup" else app.show_settings()
    app.run_frames(3)
    scene = app.scene
    scene.menu.select_widget(line)
    app.invalidate()  # chosen without an event: drawn so
    app.run_frames(2)
    shown = shown_areas(monkeypatch)
    widths = set()
    for arrow in (pygame.K_RIGHT, pygame.K_LEFT, pygame.K_LEFT, pygame.K_RIGHT):
        del shown[:]
        _press(app, arrow)
        assert WRITER.wait(10)  # Settings saved: the note above the form says so before the whole frame
        assert len(shown) == 1 and shown[0] is not None
        widths.add(scene.menu.get_widget(line).get_width())
        assert same_as_a_whole_frame(app, tmp_path)
    assert len(widths) > 1


def test_a_tap_on_a_replays_move_list_off_a_lit_action_draws_that_action_unlit(app, monkeypatch, tmp_path):
    """The pointer on "Play from here", then a press on the move list with no motion between (a
    touch screen): the step, and the action no longer lit."""
    scene = _replay(app, plies=8, ply=2)
    play_from = scene.actions[0]
    assert _motion(app, play_from.rect.center) == 1 and play_from.hovered
    row, ply = next((rect, ply) for rect, ply in scene.move_rows if ply == 5)
    shown = shown_areas(monkeypatch)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=row.center, button=1))
    app.frame()
    assert scene.ply == ply and not play_from.hovered
    assert shown[0] is not None and any(area.contains(play_from.rect) for area in shown[0])
    assert same_as_a_whole_frame(app, tmp_path)


def _pointer_to(app, monkeypatch, pos: tuple[int, int]) -> int:
    """The pointer moved to ``pos`` as a real window tells it, one frame: its motion, and SDL's
    pointer there for pygame-menu, which asks it (``pygame.mouse.get_pos``; a posted motion
    leaves the dummy driver's pointer where it was); the frames it drew (0 or 1)."""
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: pos)
    return _motion(app, pos)


def still_caret_clock(monkeypatch) -> types.SimpleNamespace:
    """The clock the form's text fields blink their caret by (``ui.text_field``'s, as the
    window's own fields'), standing still until the test moves it on (``now``); the window times
    its frames by it too (``ui.app``'s: when the caret's next turn is due), and its messages fade
    by it (``ui.widgets``').  With the caret's clock alone standing, a loaded machine's second
    between two frames made the window's clock say the caret's turn was due: it drew the
    field's line at a motion meant to draw nothing (the scrollbar's test, from the name field,
    failed so in a loaded run of the whole suite)."""
    import ui.app as app_module
    import ui.text_field as text_field
    import ui.widgets as widgets

    clock = types.SimpleNamespace(now=1000.0)
    stand_in = types.SimpleNamespace(monotonic=lambda: clock.now, sleep=time.sleep)
    for module in (app_module, text_field, widgets):
        monkeypatch.setattr(module, "time", stand_in)
    return clock


def test_the_caret_of_the_name_field_under_the_pointer_is_drawn_as_it_blinks(app, monkeypatch, tmp_path):
    """The pointer resting on Settings' name field, moving within it: a motion after the caret
    turned draws the field's line, with the pixels of a whole frame.  It drew nothing, and the
    caret stood as it was until something else drew the form (the scrollbar's test, from the
    name field, failed so once in a slow run)."""
    from ui.scenes.base import caret_shown

    clock = still_caret_clock(monkeypatch)
    app.show_settings()
    app.run_frames(3)
    scene = app.scene
    field = scene.menu.get_widget("player_name")
    x, y = field.get_rect(to_real_position=True).center
    _pointer_to(app, monkeypatch, (x, y))
    assert scene.menu.get_selected_widget() is field
    assert _pointer_to(app, monkeypatch, (x + 1, y)) == 0  # no time passed: the caret as it was
    shown = shown_areas(monkeypatch)
    caret = caret_shown(field)
    clock.now += BLINK * 1.5  # past one turn of the caret, short of two
    assert _pointer_to(app, monkeypatch, (x + 2, y)) == 1
    assert caret_shown(field) is not caret
    assert len(shown) == 1 and shown[0] is not None
    assert any(area.contains(field.get_rect(to_real_position=True)) for area in shown[0])
    assert same_as_a_whole_frame(app, tmp_path)


def _sleeping_window(tmp_path, monkeypatch) -> tuple[App, types.SimpleNamespace]:
    """A window whose loop sleeps as a real one (``fps=60``) by a stand-in clock, the one its
    messages fade and its carets blink by too: each sleep moves the clock on (``now``) at once,
    each reading by a microsecond (the program's own time: a wait worked out as 0 left the
    clock where it was, and the loop went round for ever)."""
    import ui.app as app_module
    import ui.text_field as text_field
    import ui.widgets as widgets

    clock = types.SimpleNamespace(now=1000.0)

    def sleep(seconds: float) -> None:
        clock.now += seconds

    def monotonic() -> float:
        clock.now += 1e-6
        return clock.now

    stand_in = types.SimpleNamespace(monotonic=monotonic, sleep=sleep)
    for module in (app_module, text_field, widgets):
        monkeypatch.setattr(module, "time", stand_in)
    return make_app(tmp_path, monkeypatch, size=(1400, 900), fps=60), clock


def _frames_for(app, clock, seconds: float) -> list[bytes]:
    """The window's frames for ``seconds`` of the clock with no input: the field's pixels at each
    frame drawn."""
    end, drawn, pictures = clock.now + seconds, app.draws, []
    while clock.now < end:
        app.frame()
        if app.draws != drawn:
            drawn = app.draws
            pictures.append(pygame.image.tobytes(app.screen, "RGB"))
    return pictures


def test_a_name_field_with_the_keyboard_blinks_its_caret_while_the_window_sleeps(tmp_path, monkeypatch):
    """Settings' name field clicked, then nothing: its caret turned only as events came (the
    pointer moving), and with the pointer still it stood as it was.  It blinks steadily now, as
    the window's own fields do, the window waking to draw each turn (its line alone) and no
    more; the keyboard gone to the next line, the window draws nothing."""
    app, clock = _sleeping_window(tmp_path, monkeypatch)
    try:
        app.show_settings()
        app.run_frames(3)
        scene = app.scene
        field = scene.menu.get_widget("player_name")
        monkeypatch.setattr(pygame.mouse, "get_pos", lambda: field.get_rect(to_real_position=True).center)
        click(app, field.get_rect(to_real_position=True).center)
        assert scene.menu.get_selected_widget() is field and field.is_selected()
        _frames_for(app, clock, 0.1)
        line = scene._line_area("player_name")
        shown = shown_areas(monkeypatch)
        pictures = _frames_for(app, clock, 10 * BLINK + 0.01)
        assert shown == [[line]] * 10  # a turn each half second, the field's line alone
        assert len(set(pictures)) == 2 and pictures[::2] == [pictures[0]] * 5  # on and off by turns
        assert same_as_a_whole_frame(app, tmp_path)
        key(app, pygame.K_DOWN)  # the keyboard on the next line: no caret
        assert scene.menu.get_selected_widget() is not field
        del shown[:]
        assert _frames_for(app, clock, 10 * BLINK) == [] and shown == []
        assert app.errors == []
    finally:
        app.quit()


@pytest.mark.parametrize("size", [(800, 500), (1280, 800)], ids=["800x500", "1280x800"])
@pytest.mark.parametrize("start", ["theme", "player_name"])
def test_the_pointer_onto_settings_scrollbar_lights_it_and_draws_the_bar_alone(tmp_path, monkeypatch, size, start):
    """From a row of Settings onto the slider of its scrollbar and back: the bar lit, then not,
    each time its strip beside the form drawn alone (the form's card was drawn), with the pixels
    of a whole frame; and the line of the name field with them when the pointer came from it
    (the field has the keyboard), its caret blinking (``ticking_area``).  The row is named, not
    found beside the bar: there the name field reached the bar at 800x500 until the controls
    stood in a column (``form_columns``), and the test lost its caret with the layout."""
    from ui.scenes.base import scrollbar_strips, scrollbars_lit

    still_caret_clock(monkeypatch)
    app = make_app_of(tmp_path, monkeypatch, size)
    try:
        app.show_settings()
        app.run_frames(3)
        scene = app.scene
        area = scene.menu.get_scrollarea()
        [strip] = scrollbar_strips(area)
        assert area.get_hidden_height() and strip.right <= scene.panel.right  # the form scrolls: its bar shows
        slider = next(bar for bar in area._scrollbars if bar.is_visible()).get_slider_rect()
        row = scene.menu.get_widget(start).get_rect(to_real_position=True).center
        _pointer_to(app, monkeypatch, row)  # over the form: pygame-menu chooses the row under it
        assert not any(lit for lit, _held in scrollbars_lit(area))
        assert (scene.caret_field() is not None) == (start == "player_name")
        shown = shown_areas(monkeypatch)
        assert _pointer_to(app, monkeypatch, slider.center) == 1
        assert any(lit for lit, _held in scrollbars_lit(area))
        blinking = [] if scene.caret_field() is None else [scene.ticking_area()]
        assert shown == [[strip, *blinking]]
        assert same_as_a_whole_frame(app, tmp_path)
        del shown[:]
        assert _pointer_to(app, monkeypatch, (slider.centerx, slider.centery + 3)) == 0  # along the slider
        assert _pointer_to(app, monkeypatch, row) == 1  # back onto the form
        assert not any(lit for lit, _held in scrollbars_lit(area))
        assert len(shown) == 1 and strip in shown[0]
        assert same_as_a_whole_frame(app, tmp_path)
    finally:
        app.quit()
    assert not app.errors, app.errors[0]


def test_a_mouse_button_let_go_on_a_replay_draws_nothing_it_did_not_change(app, monkeypatch, tmp_path):
    """A click on the move list: its press shows the ply (the step's parts), its release, which
    presses no button, draws nothing (it drew the whole window); let go on a button it pressed,
    the button's action, drawn whole as before."""
    scene = _replay(app, plies=8, ply=2)
    row, ply = next((rect, ply) for rect, ply in scene.move_rows if ply == 5)
    shown = shown_areas(monkeypatch)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=row.center, button=1))
    app.frame()
    assert scene.ply == ply and len(shown) == 1 and shown[0] is not None
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=row.center, button=1))
    app.frame()
    assert len(shown) == 1  # nothing drawn
    assert same_as_a_whole_frame(app, tmp_path)
    picture = scene.actions[1]
    assert not picture.pressed
    del shown[:]
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):  # a button's click: its action
        pygame.event.post(pygame.event.Event(kind, pos=scene.actions[7].rect.center, button=1))  # Analysis
        app.frame()
    assert scene.move_analysis.active and shown[-1] is None


def test_the_replays_slider_dragged_draws_the_steps_parts_not_the_whole_window(app, monkeypatch, tmp_path):
    """The slider of a Reversi replay (its discs turn over as a move is shown) pressed at its
    start and dragged along, a motion a frame: each ply it passes draws the board's side and the
    panel under its title, its animation the board's side, and letting go nothing; each motion
    drew the whole window."""
    scene = _replay(app, "reversi", plies=8, ply=4)
    slider = scene.slider.rect
    shown = shown_areas(monkeypatch)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=slider.midleft, button=1))
    app.frame()
    assert scene.ply == 0 and scene.slider.dragging
    plies = []
    for n in range(1, 9):
        x = slider.left + slider.width * n // 8
        _motion(app, (x, slider.centery))
        plies.append(scene.ply)
    assert plies == list(range(1, 9))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=slider.midright, button=1))
    app.frame()
    app.run_frames(200, until=lambda: not scene.view.is_animating() and not app.dirty)
    app.frame()
    assert not scene.slider.dragging and len(shown) >= 9
    assert all(areas is not None for areas in shown)
    board_side = pygame.Rect(0, 0, scene.panel_rect.left, app.size[1])
    assert all(board_side in areas and all(board_side.contains(a) or a == scene.panel_changes for a in areas)
               for areas in shown[1:])
    assert same_as_a_whole_frame(app, tmp_path)


@pytest.mark.parametrize("size", [(800, 500), (1280, 800)], ids=["800x500", "1280x800"])
def test_page_down_on_new_games_form_draws_its_card_with_the_row_at_the_top_whole(tmp_path, monkeypatch, size):
    """Page Down and Page Up in New game's outside player's field (Trax, Large text: the form
    scrolls by more than a page): the form's card alone, the row at its top whole (it was cut
    by up to 38 pixels), with the pixels of a whole frame."""
    from tests.test_ui_form_scroll import cut_rows

    still_caret_clock(monkeypatch)  # the field's caret as it was: its turns draw its line too
    app = make_app_of(tmp_path, monkeypatch, size)
    try:
        app.settings.text_size = 1.25
        app.apply_settings()
        app.show_setup(game_id="trax")
        app.run_frames(3)
        scene = app.scene
        scene.menu.select_widget("outside-entry")
        scene.menu.get_scrollarea().scroll_to(pygame_menu.locals.ORIENTATION_VERTICAL, 0)
        app.invalidate()
        app.run_frames(2)
        area = scene.menu.get_scrollarea()
        shown = shown_areas(monkeypatch)
        for page, stops in ((pygame.K_PAGEDOWN, range(1, area.get_hidden_height())), (pygame.K_PAGEUP, [0])):
            del shown[:]
            _press(app, page)
            assert area.get_offsets()[1] in stops  # down: short of the end, where a row may be cut
            assert cut_rows(scene.menu) == []
            assert shown == [[scene.panel]]
            assert same_as_a_whole_frame(app, tmp_path)
    finally:
        app.quit()
    assert not app.errors, app.errors[0]


def test_the_main_menu_draws_the_buttons_the_pointer_and_the_keys_go_between_alone(app, monkeypatch, tmp_path):
    """The main menu drew its form by itself, not as the other forms are (``draw_form``), and
    every motion from one button to the next, and every Up or Down along them, drew the whole
    window, title, pictures and all (9.5 ms a frame at 1280x800 against 1.1 ms for the two
    buttons).  Now the two buttons' lines alone, with the pixels of a whole frame; a picture lit
    draws the whole window still, and the window left alone draws nothing."""
    from ui.scenes.base import MenuFormScene

    forms = count_calls(monkeypatch, MenuFormScene, "draw_form")
    app.run_frames(3)
    scene, shown = app.scene, shown_areas(monkeypatch)
    play, watch, tournament = (scene.menu.get_widget(wid).get_rect(to_real_position=True)
                               for wid in ("play", "watch", "tournament"))
    _pointer_to(app, monkeypatch, play.center)
    assert _pointer_to(app, monkeypatch, watch.center) == 1
    assert scene.menu.get_selected_widget().get_id() == "watch"
    [areas] = shown
    assert all(any(area.contains(rect) for area in areas) for rect in (play, watch))
    assert not any(area.colliderect(tournament) for area in areas)
    assert same_as_a_whole_frame(app, tmp_path)
    del shown[:]
    _press(app, pygame.K_DOWN)
    assert scene.menu.get_selected_widget().get_id() == "tournament"
    [areas] = shown
    assert all(any(area.contains(rect) for area in areas) for rect in (watch, tournament))
    assert not any(area.colliderect(play) for area in areas)
    assert same_as_a_whole_frame(app, tmp_path)
    del shown[:]
    app.run_frames(20)
    assert shown == []  # left alone, nothing drawn
    _pointer_to(app, monkeypatch, scene.cards.rects[0].center)
    assert scene.cards.hover is not None and shown == [None]  # a picture raised: the whole window
    assert forms[0] > 0


def _move_field(app, monkeypatch) -> None:
    """A hot-seat game, Enter opening its move field (``ui.text_field.TextField``).  Its worker,
    started ahead for the hints, first has its engine ready and the hint's player made: the end of
    its warm-up redraws the window, a frame among the blinks counted or drawn while the window is
    away, as the worker's start was faster or slower than the test."""
    scene = GameScene(app, MatchSetup("reversi", {}, HOTSEAT, (None, None), 0.1))
    app.switch(scene)
    assert wait(app, lambda: (worker := scene.computer.worker) is not None and not worker.preparing
                and scene.computer.hint_player_made_by is worker and not worker.is_thinking())
    app.run_frames(3)
    key(app, pygame.K_RETURN)
    assert app.scene.move_entry.open


def _name_field(app, monkeypatch) -> None:
    """Settings' name field clicked (a form's field, ``ui.scenes.common.FormField``)."""
    app.show_settings()
    app.run_frames(3)
    field = app.scene.menu.get_widget("player_name")
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: field.get_rect(to_real_position=True).center)
    click(app, field.get_rect(to_real_position=True).center)
    assert app.scene.caret_field() is field


def _position_text(app, monkeypatch) -> None:
    """The position editor's text (``ui.text_area.TextArea``), which has the keys as it opens."""
    from ui.scenes.position_editor import PositionEditorScene

    app.switch(PositionEditorScene(app, "tictactoe", {}, "", lambda record: None))
    app.run_frames(3)


@pytest.mark.parametrize("away", [pygame.WINDOWFOCUSLOST, pygame.WINDOWMINIMIZED], ids=["another window", "minimised"])
@pytest.mark.parametrize("screen", [_move_field, _name_field, _position_text],
                         ids=["move field", "name field", "position editor"])
def test_no_caret_blinks_or_wakes_the_window_while_another_window_has_the_keys(tmp_path, monkeypatch, screen, away):
    """A caret blinking in a field with the keyboard went on blinking, the window waking twice a
    second to draw it, while the window was minimised or another window had the keyboard.  Away,
    the caret is hidden (the keys go elsewhere) and the window draws nothing for it; back, it
    blinks again."""
    app, clock = _sleeping_window(tmp_path, monkeypatch)
    try:
        screen(app, monkeypatch)
        _frames_for(app, clock, 0.1)
        blinking = _frames_for(app, clock, 4 * BLINK + 0.01)
        assert len(blinking) == 4 and len(set(blinking)) == 2  # on and off by turns
        pygame.event.post(pygame.event.Event(away))
        app.frame()
        hidden = pygame.image.tobytes(app.screen, "RGB")
        assert hidden in blinking  # the picture with the caret off
        assert _frames_for(app, clock, 10 * BLINK) == []  # not woken to draw it
        for _turn in range(2):  # the whole window drawn again at either turn of the blink: no caret
            clock.now += BLINK
            app.dirty = True
            app.frame()
            assert pygame.image.tobytes(app.screen, "RGB") == hidden
        pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSGAINED))
        app.frame()
        assert len(set(_frames_for(app, clock, 4 * BLINK + 0.01))) == 2  # blinking again
        assert app.errors == []
    finally:
        app.quit()
