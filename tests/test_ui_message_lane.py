"""The window's messages stand in a lane each screen keeps for them (``Scene.messages_ceiling``,
``Messages.lane_height``): nothing on the screen moves when messages come or fade, and none is
drawn over what the screen shows above the lane.  The forms (New game, Watch, Settings) keep no
lane: it made Settings scroll at 1280x800; the New game form makes room under it when a message comes."""

from __future__ import annotations

import pygame
import pytest

from ai.tournament import Tournament
from ai.tournament_events import GameFinished
from tests.ui_helpers import click, held_messages_clock, wait
from ui import i18n
from ui.data_folders import tournaments_dir
from ui.scenes.menu import MenuScene
from ui.scenes.tournament import TournamentScene

SETTINGS_DAMAGED = ("Settings file was unreadable (it is not valid JSON); moved to "
                    "settings.json.corrupt-20261202-123413; using defaults.")
GAME_KEPT = "The unfinished game is kept: the Continue button takes it up again"


def _window(app, size: tuple[int, int], language: str = "en") -> None:
    app.settings.language = language
    app.apply_settings()
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    app.run_frames(2)
    assert app.screen.get_size() == size


def _replay_in(app, size: tuple[int, int]):
    """A Reversi replay at its 20th move in a window of ``size``: a lane whose width the size sets."""
    from tests.test_replay import random_record

    _window(app, size)
    app.open_replay(random_record("reversi"), ply=20)
    app.run_frames(2)
    return app.scene


def _menu_layout(scene: MenuScene) -> list[pygame.Rect]:
    """Where the main menu's buttons and the games' pictures are."""
    buttons = [w.get_rect(to_real_position=True) for w in scene.menu.get_widgets()]
    return [*buttons, *scene.cards.rects]


def _pixels(app, rects: list[pygame.Rect]) -> list[bytes]:
    app.invalidate()
    app.run_frames(1)
    return [pygame.image.tostring(app.screen.subsurface(r), "RGB") for r in rects]


@pytest.mark.parametrize("language", ["en", "pt"])
@pytest.mark.parametrize("size", [(1280, 800), (800, 600)])
def test_two_messages_on_the_main_menu_move_neither_its_buttons_nor_the_games_pictures(app, size, language):
    """Two messages at once shrank the main menu's buttons and moved the games' pictures up, and
    back down when they faded: the menu keeps their lane under the pictures all the time."""
    try:
        _window(app, size, language)
        scene = app.scene
        assert isinstance(scene, MenuScene) and scene.show_cards
        laid_out = _menu_layout(scene)
        shown = _pixels(app, scene.cards.rects)
        app.messages.add(SETTINGS_DAMAGED, "error", duration=30.0)
        app.messages.add(GAME_KEPT, "info", duration=30.0)
        app.run_frames(3)
        assert _menu_layout(scene) == laid_out
        assert _pixels(app, scene.cards.rects) == shown  # and drawn over none of the pictures
        assert len(app.messages.shown(app.scale, app.messages_width(), app.messages_room())) == 2  # both are read
        app.messages.items.clear()
        app.run_frames(3)
        assert _menu_layout(scene) == laid_out
    finally:
        i18n.set_language("en")


def _stopped_after_eight_of_twelve() -> None:
    """A tic-tac-toe tournament's log, left after 8 of its 12 games, in the tournaments folder."""
    folder = tournaments_dir()
    folder.mkdir(parents=True, exist_ok=True)
    t = Tournament("tictactoe", ["level-1", "level-2", "level-3", "level-4"], games_per_pair=1,
                   time_per_move=0.05, seed=3, log=str(folder / "tictactoe-20260101-120000.jsonl"))
    t.run(lambda event: t.cancel() if isinstance(event, GameFinished) and event.done >= 8 else None)


@pytest.mark.parametrize("size", [(1280, 800), (800, 600)])
def test_the_resumed_message_leaves_the_latest_results_alone(app, size):
    """After Resume, "Resumed: 8 of 12 …" (and a message after it) stood over the footer of the
    latest results and the bottom of the standings: the tables end above the messages' lane."""
    _stopped_after_eight_of_twelve()
    _window(app, size)
    scene = TournamentScene(app, "tictactoe")
    app.switch(scene)
    app.run_frames(2)
    assert scene.offer is not None and (scene.offer.done, scene.offer.total) == (8, 12)
    click(app, scene.offer_buttons[0].rect.center)  # Resume
    assert wait(app, lambda: scene.tournament is not None and not scene.tournament.is_running())
    app.run_frames(2)
    panels = [scene.recent_area.copy(), pygame.Rect(0, scene.recent_area.top, scene.recent_area.left,
                                                    scene.recent_area.height)]  # and the tables beside it
    scene.messages.items.clear()
    bare = _pixels(app, panels)
    scene.messages.add(i18n._("Resumed: {done} of {total} games already played, {n} to play").format(
        done=8, total=12, n=4), duration=30.0)
    scene.messages.add("1 player could not be loaded and forfeits the games left: bot.py", "warn", duration=30.0)
    assert scene.recent_area == panels[0]  # laid out as before
    assert _pixels(app, panels) == bare


def _rules(app):
    """The rules' text above the lane and its fade: the lane is the text's while no message shows
    (``RulesScene._text_room``), and the text stops above it, fading, while one does."""
    from ui.scenes.rules import FADE, RulesScene

    scene = RulesScene(app, "hex")

    def above_the_lane() -> list[pygame.Rect]:
        rect = scene.whole_text.copy()
        rect.height = scene.messages_ceiling() - int(FADE * app.scale) - rect.top
        return [rect]

    return scene, above_the_lane


def _position_editor(app):
    from ui.scenes.position_editor import PositionEditorScene

    scene = PositionEditorScene(app, "reversi", {}, "", lambda record: None)
    return scene, lambda: [scene.area.rect.inflate(0, 2 * (scene.status_y - scene.area.rect.bottom) + 40)]  # and its status


def _tournament_setup(app):
    scene = TournamentScene(app, "tictactoe")
    return scene, lambda: [scene.players_area]  # the participants


@pytest.mark.parametrize("language", ["en", "pt"])
@pytest.mark.parametrize("size", [(1280, 800), (800, 600)])
@pytest.mark.parametrize("make", [_rules, _position_editor, _tournament_setup])
def test_two_messages_hide_nothing_the_screen_shows_and_move_nothing(app, monkeypatch, make, size, language):
    """On Rules two messages stood over the text, on the position editor over the last lines typed and what is wrong with them: each screen keeps a
    lane for the messages, and what it shows is drawn the same with messages or without.  The
    text caret is held on (its blink, by the clock, changed the pixels between two drawings)."""
    from ui import text_field

    monkeypatch.setattr(text_field, "BLINK", 1e12)  # every caret's blink (the text area's too): always shown
    try:
        _window(app, size, language)
        scene, content = make(app)
        app.switch(scene)
        app.run_frames(2)
        rects = [r.clip(app.screen.get_rect()) for r in content()]
        bare = _pixels(app, rects)
        app.messages.add(GAME_KEPT, duration=30.0)
        app.messages.add(SETTINGS_DAMAGED, "error", duration=30.0)
        app.run_frames(2)
        assert [r.clip(app.screen.get_rect()) for r in content()] == rects
        assert _pixels(app, rects) == bare
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("size", [(1280, 800), (800, 600)])
def test_a_replays_messages_stand_under_its_buttons_not_on_the_board(app, size):
    """The replay's messages ("This is the game's last move …", "Picture saved: …") stood on
    the board's last row and its letters; they stand under the step buttons now."""
    from tests.ui_helpers import key

    scene = _replay_in(app, size)
    key(app, pygame.K_END)  # the game's end: no later move
    shown = [scene.board_rect.copy(), *(b.rect.copy() for b in scene.buttons)]
    bare = _pixels(app, shown)
    key(app, pygame.K_RIGHT)  # refused: said
    scene.messages.add("Picture saved: /home/someone/Pictures/tabuleiro/reversi-20261203-101010-ply-60.png",
                       duration=30.0)
    app.run_frames(2)
    assert [m.text for m in scene.messages.current()][0] == i18n._("This is the game's last move: there is no later one")
    assert _pixels(app, shown) == bare


def test_a_long_message_in_a_one_line_lane_shows_its_beginning(app):
    """In a lane one line high (the replay's at 800x600) a long message showed only "Cut short:
    click here to copy the whole message", not a word of its own: it shows its beginning now,
    ending in an ellipsis, and a click still copies it whole."""

    scene = _replay_in(app, (800, 600))
    said = "Picture saved: /home/someone/Pictures/tabuleiro/reversi-20261203-101010-ply-20-of-60-moves.png"
    scene.messages.add(said, duration=30.0)
    app.run_frames(2)
    lane = scene.messages_lane
    [(message, lines, cut)] = scene.messages.shown(app.scale, lane.width, lane.height)
    assert cut and len(lines) == 1 and lines[0].startswith("Picture saved: ")
    assert lines[0].endswith("… (click to copy it all)")
    assert scene.messages.cut_at(lane.move(0, -2).midbottom) is message  # as drawn: a click there copies it


@pytest.mark.parametrize("language, ending", [("en", "… (click to copy it all)"), ("pt", "… (clique para copiar tudo)")])
def test_a_long_message_on_the_main_menu_at_800x600_and_larger_text_says_a_click_copies_it(app, monkeypatch,
                                                                                            language, ending):
    """The main menu's lane is one line high at 800x600 with Larger text and a game saved: a
    message too long for it ended in a bare ellipsis, and nothing said how to read the rest, as
    the screens with more lines say ("Cut short: click here to copy the whole message")."""
    from tests.test_ui_records import saved_games
    from tests.ui_helpers import key
    from ui import clipboard

    copied = []
    monkeypatch.setattr(clipboard, "put_text", lambda text: copied.append(text) or True)
    saved_games(1)  # the Saved games button: the lane under the games' pictures is one line high
    app.show_menu()
    _window(app, (800, 600), language)
    key(app, pygame.K_EQUALS, pygame.KMOD_LCTRL)
    key(app, pygame.K_EQUALS, pygame.KMOD_LCTRL)
    app.messages.items.clear()
    assert isinstance(app.scene, MenuScene) and app.settings.text_size == 1.5
    app.messages.add(SETTINGS_DAMAGED, "error", duration=30.0)
    app.run_frames(2)
    [(message, lines, cut)] = app.messages.shown(app.scale, app.messages_width(), app.messages_room())
    assert cut and len(lines) == 1 and lines[0].endswith(ending), lines
    [(pill, _m)] = app.messages._cut_rects
    click(app, pill.center)
    assert copied == [SETTINGS_DAMAGED]


@pytest.mark.parametrize("size", [(1280, 800), (800, 600)])
def test_the_windows_message_stands_on_the_tournament_screens_own(app, size):
    """On the tournament screen the window's message (a settings file that could not be read) and
    the screen's own ("Pick at least two players") were drawn over each other; the window's
    stands on the screen's own now, both in the lane above the outside-player field."""
    _window(app, size)
    scene = TournamentScene(app, "tictactoe")
    app.switch(scene)
    app.run_frames(2)
    bare = _pixels(app, [scene.players_area, scene.entry.rect])
    scene.messages.add(i18n._("Pick at least two players"), "warn", duration=30.0)
    app.messages.add("Settings could not be saved (disk full): they are used until the window closes",
                     "error", duration=30.0)
    app.run_frames(2)
    s = app.scale
    own_bottom = scene.entry.rect.top - int(8 * s)
    own_top = own_bottom - scene.messages.height(s, size[0] - 40, own_bottom - scene.messages_ceiling())
    assert app.messages_bottom() <= own_top  # the window's message above the screen's own
    assert app.messages.shown(s, app.messages_width(), app.messages_room())  # and there is room for it
    assert _pixels(app, [scene.players_area, scene.entry.rect]) == bare


def test_a_message_behind_a_newer_one_in_a_one_line_lane_is_still_read_for_its_time(app, monkeypatch):
    """In a one-line lane (the replay's at 800x600) a message said just before another waited
    behind it and faded unseen: its time ran while it waited.  Now it shows when the newer one
    fades, for its whole time, the newest first."""

    scene = _replay_in(app, (800, 600))
    clock = held_messages_clock(monkeypatch)
    scene.messages.add("Picture saved: reversi.png")
    scene.messages.add("Copied the position")
    app.run_frames(2)
    assert _shown_in_lane(app, scene) == ["Copied the position"]
    clock(3.6)  # the newer message's time is up
    app.run_frames(2)
    assert _shown_in_lane(app, scene) == ["Picture saved: reversi.png"]
    clock(3.0)
    app.run_frames(2)
    assert _shown_in_lane(app, scene) == ["Picture saved: reversi.png"]  # still read: its time started when it showed
    clock(0.6)
    app.run_frames(2)
    assert _shown_in_lane(app, scene) == []


def test_a_message_let_go_past_its_time_does_not_wait_behind_a_newer_one_to_show_again(app, monkeypatch):
    """A message held past its time ("it was restarted and searches again", while a fresh AI
    process starts) is let go once what it says is over, and fades out; a newer one (the hint it
    searched) took the lane meanwhile, so it waited, and then showed for its whole time again,
    12 s, over a search long done.  It goes instead, as it would have on screen."""

    scene = _replay_in(app, (800, 600))
    clock = held_messages_clock(monkeypatch)
    scene.messages.add("The AI process stopped; it was restarted and searches again", "error", topic="restarted")
    scene.messages.hold("restarted")
    app.run_frames(2)
    clock(10.0)  # past its 8 s: held
    app.run_frames(2)
    assert _shown_in_lane(app, scene) == ["The AI process stopped; it was restarted and searches again"]
    scene.messages.release("restarted")  # the fresh process answers
    scene.messages.add("Copied the position")  # said as the released one fades
    app.run_frames(2)
    assert _shown_in_lane(app, scene) == ["Copied the position"]
    clock(3.6)  # the newer message's time is up
    app.run_frames(2)
    assert _shown_in_lane(app, scene) == []


def _shown_in_lane(app, scene) -> list[str]:
    lane = scene.messages_lane
    return [m.text for m, _lines, _cut in scene.messages.shown(app.scale, lane.width, lane.height)]


# Trax 25x25 from the usual start, a person against level 5: Light's four-tile loop, the tiles
# about the board's middle, so the result card finds no place on the board but at its foot
TRAX_LOOP = ("m12\\", "l12\\", "m11\\", "l13/", "k12+", "n12/", "k11+", "j12/", "j13/",
             "j14+", "i12\\", "i11\\", "n14\\", "h13+", "o12\\")


def test_a_message_under_the_result_card_does_not_cross_it(app):
    """The Trax game above, its last move typed: the card stood at the board's foot, over the
    status line where the game's messages sit, drawn over everything; the card's Save (S) said
    "Game saved: ..." across its frame, as did the level's note on its move before ("@3+ also
    laid its forced tiles: A2, A1").  The card keeps off that line (``GameOverCard.room``)."""
    from tests.ui_helpers import key, type_text
    from ui.match import HOTSEAT, MatchSetup
    from ui.scenes.game import GameScene

    scene = GameScene(app, MatchSetup("trax", {"size": 25}, HOTSEAT, (None, None), 1.0), list(TRAX_LOOP[:-1]))
    app.switch(scene)
    app.run_frames(2)
    key(app, pygame.K_RETURN)
    type_text(app, TRAX_LOOP[-1])
    key(app, pygame.K_RETURN)
    assert scene.state.is_terminal() and wait(app, scene.over_card.ready)
    key(app, pygame.K_s)
    assert [m.text for m in scene.messages.current()][-1].startswith(i18n._("Game saved: {path}").split("{")[0])
    app.dirty = True
    app.run_frames(2)
    pills = [rect for rect, message in scene.messages._drawn if message.text.startswith("Game saved")]
    assert pills and scene.over_card.visible(), scene.messages._drawn
    assert not any(pill.colliderect(scene.over_card.rect) for pill in pills), (pills, scene.over_card.rect)


def _lane_after(app, scene, seconds: float, clock) -> list[str]:
    """What the lane shows once the messages' clock has moved on ``seconds``."""
    clock(seconds)
    app.run_frames(2)
    return _shown_in_lane(app, scene)


def test_a_short_message_goes_at_its_usual_time_and_a_long_one_stays_to_be_read(app, monkeypatch):
    """Every message stood its 3.5 s whatever its length: two lines about a settings file moved
    aside were gone before a newcomer had read them.  A short one still goes at 3.5 s; a long one
    stays some 60 ms a character longer (``ui.widgets.reading_time``), then goes too."""

    scene = _replay_in(app, (1280, 800))
    clock = held_messages_clock(monkeypatch)
    scene.messages.add("Copied the position")
    app.run_frames(2)
    assert _lane_after(app, scene, 3.4, clock) == ["Copied the position"]
    assert _lane_after(app, scene, 0.2, clock) == []  # 3.5 s, as before
    scene.messages.add(SETTINGS_DAMAGED)  # 116 characters: 3.5 s and 76 times 60 ms, 8.06 s
    app.run_frames(2)
    assert _lane_after(app, scene, 3.6, clock) == [SETTINGS_DAMAGED]
    assert _lane_after(app, scene, 4.3, clock) == [SETTINGS_DAMAGED]
    assert _lane_after(app, scene, 0.2, clock) == []


def test_a_very_long_message_stays_twelve_seconds_at_most(app, monkeypatch):
    """A message of many lines (a bot's faults, a long path) does not stand over the screen a
    minute: 12 s at most, its whole text a click away (the pill cut short copies it)."""

    scene = _replay_in(app, (1280, 800))
    clock = held_messages_clock(monkeypatch)
    said = " ".join([SETTINGS_DAMAGED] * 4)
    scene.messages.add(said, "error")  # an error's 8 s, and more than 300 characters
    app.run_frames(2)
    assert _lane_after(app, scene, 11.8, clock) == [said]
    assert _lane_after(app, scene, 0.3, clock) == []


def _outside_field(scene) -> pygame.Rect:
    """Where New game's Outside player field stands in the window."""
    return scene.menu.get_widget("outside-entry").get_rect(to_real_position=True)


@pytest.mark.parametrize("size, game_id", [((1280, 800), "tictactoe"), ((1280, 800), "hex"), ((800, 600), "hex")])
def test_new_games_outside_player_field_stays_put_while_a_message_comes_and_goes(app, monkeypatch, size, game_id):
    """The New game form ends higher while a message shows under it (``refit_for_messages``):
    the Outside player field, reached with Down, jumped up as Enter in it said what to type
    (39 pixels at 1280x800) and stopped 11 pixels above where it was when the message went.
    It stays where it was, its Add this player button cut off while the message shows."""
    from tests.ui_helpers import down_to_widget, key
    from ui.scenes.setup import SetupScene

    clock = held_messages_clock(monkeypatch)
    _window(app, size)
    scene = SetupScene(app, game_id=game_id)
    app.switch(scene)
    app.run_frames(2)
    down_to_widget(app, scene.menu, "outside-entry")
    before = _outside_field(scene)
    key(app, pygame.K_RETURN)  # nothing typed: says what to type, under the form
    assert app.messages.current() and scene.message_room
    assert _outside_field(scene) == before
    clock(30.0)
    app.run_frames(3)
    assert not app.messages.current() and scene.message_room == 0
    assert _outside_field(scene) == before


def _shown_whole_at_the_foot(menu, line_id: str) -> None:
    """The form's line ``line_id`` shows whole with its highlight, at the view's foot (to a
    scrollbar's pixel or two): the form scrolled the least that shows it."""
    line = menu.get_widget(line_id)
    lit = line.get_selection_effect().inflate(line.get_rect(to_real_position=True))
    view = menu.get_scrollarea().get_absolute_view_rect()
    assert lit.height == line.get_selection_effect().inflate(line.get_rect()).height  # whole
    assert 0 <= view.bottom - lit.bottom <= 2, (lit, view)


@pytest.mark.parametrize("size", [(1280, 800), (800, 600)])
def test_new_games_field_a_long_message_would_cover_moves_the_least_and_comes_back(app, monkeypatch, size):
    """A message of two lines leaves no room for the Outside player field where it stood: the
    form scrolls just enough to show it whole (it scrolled 77 pixels at 1280x800, as far as
    its button), and back to where it was when the message goes (it stopped 49 pixels short)."""
    from tests.ui_helpers import down_to_widget, key
    from ui.scenes.setup import SetupScene

    clock = held_messages_clock(monkeypatch)
    _window(app, size)
    scene = SetupScene(app, game_id="tictactoe")
    app.switch(scene)
    app.run_frames(2)
    down_to_widget(app, scene.menu, "outside-entry")
    before = _outside_field(scene)
    key(app, pygame.K_RETURN, frames=0)
    app.messages.add(SETTINGS_DAMAGED, "error")
    app.run_frames(2)
    _shown_whole_at_the_foot(scene.menu, "outside-entry")
    clock(30.0)
    app.run_frames(3)
    assert not app.messages.current()
    assert _outside_field(scene) == before


def test_settings_lines_come_back_where_they_were_when_a_message_goes(app, monkeypatch):
    """Settings ends its form higher while a message shows, as New game: Right on Volume at 100%
    at 800x600 says it is at its end, the form scrolls just enough to keep Volume whole above
    it, and its lines are back where they were when it goes (they stayed scrolled up)."""
    from tests.ui_helpers import down_to_widget, key
    from ui.scenes.settings_screen import SettingsScene

    clock = held_messages_clock(monkeypatch)
    _window(app, (800, 600))
    app.settings.volume = 1.0
    app.switch(SettingsScene(app))
    app.run_frames(2)
    scene = app.scene
    down_to_widget(app, scene.menu, "volume")

    def lines() -> list[pygame.Rect]:
        return [w.get_rect(to_real_position=True) for w in scene.menu.get_widgets()]

    before = lines()
    key(app, pygame.K_RIGHT)  # at 100%: refused, said under the form
    assert app.messages.current() and scene.message_room
    _shown_whole_at_the_foot(scene.menu, "volume")
    clock(30.0)
    app.run_frames(3)
    assert not app.messages.current()
    assert lines() == before
