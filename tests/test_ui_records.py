"""The saved-games list worked as a user works it: the keyboard picks and opens a record, the
Delete button and the Delete key delete one only when pressed twice, and a list longer than the
window says how many records are out of view (headless App, posted events)."""

from __future__ import annotations

import shutil
import tempfile
import time
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

import games
from games.move_list import move_list_text
from games.record import GameRecord
from games.record_parts import Result, Side
from tests.test_ui_double_click import double_click
from tests.ui_helpers import (
    click,
    first_legal_line,
    in_language,
    key,
    recorded_text,
    recorded_text_rects,
    resign_by_keys,
    small_print,
    words_in,
)
from ui import clipboard, desktop, words
from ui.app import DOUBLE_CLICK
from ui.autosave import SHELF
from ui.data_folders import games_dir
from ui.export import outside_file, save_outside_file
from ui.record_files import load, save
from ui.scenes import records
from ui.scenes.menu import has_saved_games
from ui.scenes.records import RecordsScene
from ui.scenes.replay import ReplayScene
from ui.scenes.unfinished import UnfinishedScene


def saved_games(count: int, folder: Path | None = None) -> list:
    """``count`` finished-looking Tic-tac-toe records, the first one the newest (in ``folder``,
    else the games folder)."""
    game = games.load("tictactoe")
    paths = []
    for n in range(count):
        moves = ["b2", "a1", "c3"][: 1 + n % 3]
        record = GameRecord.start(game, (Side(None, f"Player {n}"), Side(None, "Other")), {"mode": "hotseat"})
        record = record.with_moves(moves, game.play_line(moves))
        record = replace(record, updated=f"2026-11-{25 - n // 24:02d}T{23 - n % 24:02d}:00:00")
        paths.append(save(record, (folder or games_dir()) / f"game-{n:02d}.json"))
    return paths


def open_list(app, scene_type=RecordsScene) -> RecordsScene:
    scene = scene_type(app)
    app.switch(scene)
    app.run_frames(2)
    return scene


def hover(app, pos) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.run_frames(2)


def test_the_keyboard_picks_a_record_and_enter_replays_it(app):
    paths = saved_games(3)
    scene = open_list(app)
    assert [e.path for e in scene.entries] == paths  # newest first
    assert scene.selected == 0  # the list opens on the newest row
    key(app, pygame.K_DOWN)
    assert scene.selected == 1
    key(app, pygame.K_UP)
    key(app, pygame.K_END)
    assert scene.selected == 2
    key(app, pygame.K_RETURN)
    assert isinstance(app.scene, ReplayScene)
    assert app.scene.record.players[0].title == "Player 2"


def test_the_list_opens_on_the_newest_row_ringed_and_enter_opens_it(app, monkeypatch):
    """On Saved games, before Up or Down, Enter did nothing and said nothing: a keyboard player
    saw the list and no way in; then Enter opened the newest, but no row showed the keyboard was
    there (a keyboard-only tester pressed Down first).  The list now opens with its first
    (newest) row chosen and ringed, and Enter replays that game."""
    saved_games(2)
    scene = open_list(app)
    assert scene.selected == 0
    ringed = []
    monkeypatch.setattr(records, "focus_ring", lambda surface, rect, *args: ringed.append(rect.copy()))
    scene.draw(app.screen)
    assert ringed == [scene.entries[0].rect]
    key(app, pygame.K_RETURN)
    assert isinstance(app.scene, ReplayScene)
    assert app.scene.record.players[0].title == "Player 0"


def test_the_row_button_deletes_only_on_the_second_press(app):
    paths = saved_games(3)
    scene = open_list(app)
    row = scene.entries[1]
    hover(app, row.rect.center)
    button = scene.delete_button
    assert button.visible and row.rect.contains(button.rect) and button.label == "Delete"
    click(app, button.rect.center)
    assert paths[1].exists() and scene.confirming == paths[1] and button.label == "Delete? Press again"
    assert isinstance(app.scene, RecordsScene)  # the click on the button did not open the record
    time.sleep(DOUBLE_CLICK)  # a second click, not a double-click's second press
    click(app, button.rect.center)
    assert not paths[1].exists() and paths[0].exists() and paths[2].exists()
    assert [e.path for e in scene.entries] == [paths[0], paths[2]]
    assert "Deleted game-01.json" in [m.text for m in app.messages.items]


@pytest.mark.parametrize("scene_type", [RecordsScene, UnfinishedScene])
def test_a_double_click_on_delete_only_asks(app, scene_type):
    """QA (qa108): a newcomer double-clicked a Continue row's Delete button and the unfinished game
    was gone at once: the double-click's second press answered "Delete? Press again" before it
    could be read.  It asks, the game stays; a click after that deletes."""
    if scene_type is UnfinishedScene:  # two hot-seat games left after a move: Continue offers them
        game = games.load("tictactoe")
        for first in ("b2", "a1"):
            record = GameRecord.start(game, (Side(None, "Player 1"), Side(None, "Player 2")), {"mode": "hotseat"})
            SHELF.new_slot(record).save(record.with_moves([first], game.play_line([first])))
    else:
        saved_games(2)
    scene = open_list(app, scene_type)
    assert len(scene.entries) == 2
    gone = scene.entries[1].path
    hover(app, scene.entries[1].rect.center)
    double_click(app, scene.delete_button.rect.center)
    assert gone.exists() and scene.confirming == gone and len(scene.entries) == 2
    assert scene.delete_button.label == "Delete? Press again" and isinstance(app.scene, scene_type)
    time.sleep(DOUBLE_CLICK)
    click(app, scene.delete_button.rect.center)
    assert not gone.exists() and len(scene.entries) == 1


def test_a_deleted_unfinished_game_is_named_as_its_row_names_it(app):
    """Continue's rows name a game by its players ("Hex: Level 3 vs You"), no file; Delete then
    said "Deleted hex-2026-12-07-080726-2ffe62.json", a name the player had never seen.  The
    message names the game as its row did."""
    from ui.autosave_words import described_parts

    game = games.load("tictactoe")
    record = GameRecord.start(game, (Side(None, "Ana"), Side(None, "Rui")), {"mode": "hotseat"})
    record = record.with_moves(["b2"], game.play_line(["b2"]))
    SHELF.new_slot(record).save(record)
    scene = open_list(app, UnfinishedScene)
    assert len(scene.entries) == 1
    title = described_parts(scene.entries[0].record)[0]
    assert "Ana" in title and "Rui" in title
    key(app, pygame.K_DELETE)
    key(app, pygame.K_DELETE)
    assert scene.entries == []
    said = [m.text for m in app.messages.items]
    assert f"Deleted {title}" in said and not any(".json" in text for text in said), said


def test_delete_from_the_keyboard_asks_on_its_own_row_wherever_the_mouse_rests(app):
    """The mouse resting on another row kept the button there ("Delete"): the keyboard's row
    showed no question, and the second press deleted it unasked."""
    paths = saved_games(3)
    scene = open_list(app)
    hover(app, scene.entries[2].rect.center)
    key(app, pygame.K_HOME)
    key(app, pygame.K_DELETE)
    app.run_frames(2)
    button = scene.delete_button
    assert scene.confirming == paths[0] and button.label == "Delete? Press again"
    assert scene.entries[0].rect.contains(button.rect)


def test_moving_to_another_record_or_esc_takes_the_question_back(app):
    paths = saved_games(3)
    scene = open_list(app)
    hover(app, scene.entries[0].rect.center)
    click(app, scene.delete_button.rect.center)
    assert scene.confirming == paths[0]
    hover(app, scene.entries[2].rect.center)
    assert scene.confirming is None and scene.delete_button.label == "Delete"
    key(app, pygame.K_HOME)
    key(app, pygame.K_DELETE)
    assert scene.confirming == paths[0]
    key(app, pygame.K_ESCAPE)
    assert scene.confirming is None and isinstance(app.scene, RecordsScene)  # Esc asked nothing more
    key(app, pygame.K_DELETE)
    key(app, pygame.K_DELETE)
    assert not paths[0].exists() and len(scene.entries) == 2 and scene.selected == 0
    key(app, pygame.K_ESCAPE)
    assert not isinstance(app.scene, RecordsScene)  # with nothing to take back, Esc leaves


@pytest.mark.parametrize("size", [(800, 560), (1280, 800)])
def test_a_long_list_says_what_is_out_of_view_and_the_keyboard_reaches_it(app, monkeypatch, size):

    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    app.run_frames(2)
    paths = saved_games(30)
    drawn = recorded_text(monkeypatch)
    scene = open_list(app)
    assert 0 < scene.shown < 30
    assert f"0 above, {30 - scene.shown} below: scroll, or use the arrow keys" in drawn
    key(app, pygame.K_END)
    assert scene.selected == 29 and scene.entries[29].rect.height > 0  # scrolled into view
    assert scene.scroll == 30 - scene.shown
    key(app, pygame.K_PAGEUP)
    assert scene.selected == 29 - scene.shown and scene.entries[scene.selected].rect.height > 0
    key(app, pygame.K_RETURN)
    assert app.scene.record.players[0].title == f"Player {29 - scene.shown}"
    assert paths[29 - scene.shown].exists()


def drawn_lines(monkeypatch, app) -> list[tuple[str, pygame.Rect]]:
    """The strings the next frame of the window draws, each with its rectangle."""
    drawn = recorded_text_rects(monkeypatch)
    app.invalidate()
    app.run_frames(1)
    return list(drawn)


@pytest.mark.parametrize("language", ["en", "pt"])
@pytest.mark.parametrize("size", [(800, 560), (800, 600), (1024, 768), (1280, 800)])
def test_the_rows_fill_the_room_down_to_the_messages_lane(app, monkeypatch, size, language):
    """At 800x560 in Portuguese with Larger text the list of 7 games showed 4 rows, "0 above, 3
    below" on a line of its own under them, the messages' lane under that, and a hint of 3 lines
    over them: the empty room under the rows held a fifth.  The line of hidden rows now stands
    right of the buttons, the hint is shorter (``test_the_saved_games_hint_takes_two_lines``),
    and at each Text size the rows go down to the messages' lane, with no room above it for one
    more."""
    # the folder the hint names as long as a usual one (/home/maria/...): the test's own folder
    # under pytest-xdist (.../popen-gw1/test_the_rows_fill_the_room_d0/...) took the hint to 3 lines
    folder = Path(tempfile.mkdtemp(prefix="home")) / ".local/share/tabuleiro/games"
    folder.mkdir(parents=True)
    monkeypatch.setattr(records, "games_dir", lambda: folder)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    app.run_frames(2)
    saved_games(30, folder)
    with in_language(app, language):
        scene = open_list(app)
        for step in range(3):  # Normal, Large, Larger
            if step:
                key(app, pygame.K_EQUALS, pygame.KMOD_CTRL)
            drawn = drawn_lines(monkeypatch, app)
            shown = scene.entries[scene.scroll:scene.scroll + scene.shown]
            assert 1 < len(shown) < len(scene.entries)
            pitch = shown[1].rect.top - shown[0].rect.top
            assert 0 <= scene.lane_top - shown[-1].rect.bottom < pitch, (step, scene.shown)
            more = [rect for text, rect in drawn if text.startswith(("0 above", "0 acima"))]
            assert len(more) == 1 and more[0].top >= scene.lane_top, (step, more)
            assert more[0].left > scene.folder_button.rect.right and more[0].right <= size[0]
        if size == (800, 560):  # the case reported; 4 or 5 since the hint's small print grows with the Text size
            assert app.settings.text_size == 1.5 and scene.shown in (4, 5)  # (its third line: ``..._hint_takes_two_lines``)
    shutil.rmtree(folder.parents[2])
    assert app.errors == [], app.errors[0]


@pytest.mark.parametrize("language", ["en", "pt"])
@pytest.mark.parametrize("text_size", [1.0, 1.5])
def test_the_saved_games_hint_takes_two_lines(app, monkeypatch, text_size, language):
    """The hint over the Saved games list took 3 lines at 800x560 in Portuguese, a row's height
    of the list's room: it says the same in fewer words, on 2 lines with a usual folder's path.
    At Larger text its small print grows (13 pixels for 11, ``ui.text.least``) and may take a
    third, as the folder's name is long."""
    home = Path(tempfile.mkdtemp(prefix="home"))  # a path as long as a usual one (/home/maria/...)
    monkeypatch.setattr(records, "games_dir", lambda: home / ".local/share/tabuleiro/games")
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(800, 560), w=800, h=560))
    app.run_frames(2)
    app.settings.text_size = text_size
    with in_language(app, language):
        scene = open_list(app)
        assert str(home / ".local/share/tabuleiro/games") in scene.hint()
        drawn = drawn_lines(monkeypatch, app)
        heading = next(rect for text, rect in drawn if text == scene.heading())
        filter_top = scene.game_stepper.rect.top
        hint = [text for text, rect in drawn if heading.bottom <= rect.top < filter_top]
        assert "".join(hint).replace(" ", "") == scene.hint().replace(" ", "") and len(hint) in ((2, 3) if text_size > 1 else (2,)), hint
    shutil.rmtree(home)
    assert app.errors == [], app.errors[0]


def test_an_unfinished_game_can_be_discarded_from_the_continue_list(app):
    game = games.load("tictactoe")
    record = GameRecord.start(game, (Side(None, "Player 1"), Side(None, "Player 2")), {"mode": "hotseat"})
    slot = SHELF.new_slot(record)
    slot.save(record.with_moves(["b2"], game.play_line(["b2"])))
    scene = open_list(app, UnfinishedScene)
    assert [e.path for e in scene.entries] == [slot.path]
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DELETE)
    key(app, pygame.K_DELETE)
    assert not slot.path.exists() and scene.entries == []


def test_open_the_folder_shows_the_saved_games_in_the_file_manager(app, monkeypatch):
    started: list[list[str]] = []
    monkeypatch.setattr(desktop.sys, "platform", "linux")
    monkeypatch.setattr(desktop.subprocess, "Popen", lambda command, **kwargs: started.append(command))
    scene = open_list(app)
    click(app, scene.folder_button.rect.center)
    assert started == [["xdg-open", str(games_dir())]] and games_dir().is_dir()
    assert f"Opening {games_dir()}" in [m.text for m in app.messages.current()]
    key(app, pygame.K_o)  # its key, also on the Continue list, which opens its own folder
    unfinished = open_list(app, UnfinishedScene)
    key(app, pygame.K_o)
    assert started[1:] == [["xdg-open", str(games_dir())], ["xdg-open", str(unfinished.folder)]]


def test_a_folder_that_cannot_be_opened_is_named_and_its_path_copied(app, monkeypatch):
    """On a system without xdg-open the window said "(this system has no xdg-open)", a program's
    name no player knows; it says no file manager was found, and where the folder is, that path
    on the clipboard (to paste in a file manager or a terminal) where there is one."""
    def missing(command, **kwargs):
        raise FileNotFoundError(2, "No such file or directory", command[0])

    copied: list[str] = []
    monkeypatch.setattr(desktop.sys, "platform", "linux")
    monkeypatch.setattr(desktop.subprocess, "Popen", missing)
    open_list(app)
    key(app, pygame.K_o)  # the dummy window has no clipboard
    said = [m.text for m in app.messages.current()]
    assert f"The folder could not be opened (no file manager was found): {games_dir()}" in said
    monkeypatch.setattr(clipboard, "put_text", lambda text: copied.append(text) or True)
    click(app, app.scene.folder_button.rect.center)
    said = [m.text for m in app.messages.current()]
    assert (f"The folder could not be opened (no file manager was found). Where it is, copied to the clipboard: "
            f"{games_dir()}") in said
    assert copied == [str(games_dir())]


def test_the_file_manager_of_a_frozen_app_gets_the_users_library_path(monkeypatch, tmp_path):
    seen: list[dict] = []
    monkeypatch.setattr(desktop.sys, "platform", "linux")
    monkeypatch.setattr(desktop.subprocess, "Popen", lambda command, env, **kwargs: seen.append(env))
    monkeypatch.setenv("LD_LIBRARY_PATH", "/bundle/_internal")
    monkeypatch.setenv("LD_LIBRARY_PATH_ORIG", "/usr/local/lib")
    assert desktop.open_folder(tmp_path / "games") is None
    assert seen[0]["LD_LIBRARY_PATH"] == "/usr/local/lib" and "LD_LIBRARY_PATH_ORIG" not in seen[0]


def test_no_text_of_the_list_is_smaller_than_ten_pixels_in_the_smallest_window(app, monkeypatch):
    """At 800x560 a row's moves, date and file were drawn at 8 pixels."""
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(800, 560), w=800, h=560))
    app.run_frames(2)
    saved_games(3)
    assert small_print(monkeypatch, open_list(app)) == set()


def test_a_row_says_its_date_once(app, monkeypatch):
    """A saved game's row named its date in its detail line ("3 plies · 2026-11-25 23:00 · ...")
    and again on its right."""
    from datetime import datetime

    from ui.i18n import date_text

    saved_games(1)
    open_list(app)
    with monkeypatch.context() as patched:  # one whole frame: a slow one's next frame may draw the row again
        drawn = recorded_text(patched)
        app.invalidate()
        app.run_frames(1)
    day = date_text(datetime.fromisoformat("2026-11-25T23:00:00").astimezone())
    assert sum(text.count(day) for text in drawn) == 1, [t for t in drawn if day in t]


@pytest.mark.parametrize("size", [(800, 560), (1280, 800)])
@pytest.mark.parametrize("scene_type", [RecordsScene, UnfinishedScene])
def test_the_rows_end_above_the_messages_lane_with_a_message_or_without(app, size, scene_type):
    """A file report (12 s) stood over the last two rows of Saved games and Continue: they could
    not be clicked until it faded; then the rows shrank for it and came back when it went.  The
    rows end above the lane kept for the messages: every row shown can be clicked (none under a
    message), and none moves when the message comes or goes."""
    from ui import file_report
    from ui.autosave import Autosave

    for path in saved_games(20):
        if scene_type is UnfinishedScene:  # the same games, left before their end
            Autosave(SHELF.folder / path.name).save(load(path))
            path.unlink()
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    app.run_frames(2)
    scene = open_list(app, scene_type)
    full = scene.shown
    rows = [entry.rect.copy() for entry in scene.entries]
    assert full > 3
    app.messages.add("3 damaged game files in /home/someone/.local/share/tabuleiro/saved-games were moved "
                     "aside, renamed with .corrupt- and the date: a.json, b.json, c.json.", "error",
                     duration=12.0, topic=file_report.TOPIC)
    app.invalidate()
    app.run_frames(2)
    s = app.scale
    messages_top = (scene.back_button.rect.top - int(8 * s)
                    - app.messages.height(s, app.messages_width(), app.messages_room()))  # as the window draws them
    shown = [entry.rect for entry in scene.entries if entry.rect.height]
    assert scene.shown == full and [entry.rect for entry in scene.entries] == rows
    assert all(rect.bottom <= messages_top for rect in shown)

    app.messages.withdraw(file_report.TOPIC)
    app.run_frames(2)
    assert scene.shown == full and [entry.rect for entry in scene.entries] == rows


def test_esc_from_a_replay_comes_back_to_the_row_it_opened(app):
    """Esc from a replay opened from the list built a new list with no row chosen: the keyboard
    had to find the row again, and Delete pressed for the game just looked at did nothing.  The
    row opened is chosen again, and Delete asks about it."""
    paths = saved_games(3)
    open_list(app)
    key(app, pygame.K_DOWN)  # from the newest, chosen as the list opens
    key(app, pygame.K_RETURN)
    assert isinstance(app.scene, ReplayScene)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, RecordsScene) and app.scene.selected == 1
    key(app, pygame.K_DELETE)
    assert app.scene.confirming == paths[1]
    key(app, pygame.K_RETURN)  # and the next Enter opens it again
    assert isinstance(app.scene, ReplayScene) and app.scene.record.players[0].title == "Player 1"


def test_back_from_a_replay_opened_by_a_click_delete_asks_about_the_game_clicked(app):
    """A click opened a row's replay without making it the keyboard's row: back from it, the
    newest row was still ringed, and Delete, pressed twice for the game just looked at, deleted
    the newest game for good.  The row clicked is now the keyboard's."""
    paths = saved_games(3)
    scene = open_list(app)
    assert scene.selected == 0  # the list opens on the newest row
    click(app, scene.entries[2].rect.midleft)
    assert isinstance(app.scene, ReplayScene) and app.scene.record.players[0].title == "Player 2"
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene and scene.selected == 2
    hover(app, (5, 5))  # the mouse off the rows: the keys alone choose the row
    key(app, pygame.K_DELETE)
    key(app, pygame.K_DELETE)
    assert not paths[2].exists() and paths[0].exists() and paths[1].exists()


@pytest.mark.parametrize("language, said", [
    ("en", " · Ana wins 64 - 0 (13 - 0 on the board)"),
    ("pt", " · Ana ganha 64 - 0 (13 - 0 no tabuleiro)"),
])
def test_a_reversi_row_gives_both_counts_in_one_pair_of_brackets(app, language, said):
    """A Reversi game won before the board filled read "Black wins 13 - 0 (64 - 0 with the empty
    squares to the winner)" in the row's brackets: brackets in brackets.  The end follows a dot
    now, the winner named, and the board's count is the one bracket: "64 - 0 · 13 - 0 on the
    board" read as two results."""
    game = games.load("reversi")
    moves = ["d3", "c3", "f5", "f4", "f3", "d2", "d1", "e3", "b3"]  # a 9-move wipeout
    record = GameRecord.start(game, (Side(None, "Ana"), Side(None, "Rui")), {"mode": "hotseat"})
    save(record.with_moves(moves, game.play_line(moves)), games_dir() / "wipeout.json")
    with words_in(language):
        scene = open_list(app)
        title = scene.row_text(scene.entries[0])[0]
    assert title.endswith(said) and title.count("(") == 1


def ended_hotseat_game(app, names: tuple[str, str], how: str):
    """A hot-seat Tic-tac-toe game between ``names`` that O (the second, to move after b2) lost
    by ``how`` at the game's 2nd move: "resigns at move 2" (Ctrl+R) or "lost on time at move 2" (O's
    flag falls); its scene, once over."""
    from tests.ui_helpers import wait
    from ui.match import HOTSEAT, MatchSetup
    from ui.scenes.game import GameScene

    clock = "1m+0s" if how.startswith("lost on time") else None
    scene = GameScene(app, MatchSetup("tictactoe", {}, HOTSEAT, (None, None), 1.0, names=names, clock=clock), ["b2"])
    app.switch(scene)
    app.run_frames(2)
    if clock is None:
        resign_by_keys(app)
    else:
        scene.referee.set_readings((60.0, 0.01))
    assert wait(app, scene.is_over)
    return scene


@pytest.mark.parametrize("how", ["resigns at move 2", "lost on time at move 2"])
@pytest.mark.parametrize("names", [("Ana", "João"), ("", "")])
@pytest.mark.parametrize("language", ["en", "pt"])
def test_a_hotseat_game_lost_off_the_board_is_listed_as_its_result_card_said_it(app, monkeypatch, how, names, language):
    """A friend's resignation read "João (O) resigns" on the result card but "(O resigns)" in the
    Saved games row, which friend gave up left to work out there.  The row names the player as the
    card does; friends given no names keep the side's words, on both."""
    with words_in(language):
        scene = ended_hotseat_game(app, names, how)
        card = scene.end_reason()
        save(scene.recorder.record, games_dir() / "ended.json")
        drawn = recorded_text(monkeypatch)
        open_list(app)
    assert card.startswith(f"{names[1]} (O) " if names[1] else "O ")  # the card, named or not
    assert scene.recorder.record.result.reason == f"O {how}"  # the record keeps the rules' words, no name
    assert any(text.endswith(f" · {card}") or text.endswith(f"({card})") for text in drawn), [t for t in drawn if " vs " in t]


@pytest.mark.parametrize("language", ["en", "pt"])
def test_a_hotseat_games_replay_names_the_player_as_its_result_card_did(app, monkeypatch, language):
    """The replay's side panel still read "O resigns" where the result card and the Saved games
    row read "João (O) resigns": it says the end as they do."""
    with words_in(language):
        scene = ended_hotseat_game(app, ("Ana", "João"), "resigns at move 2")
        card = scene.end_reason()
        app.open_replay(scene.recorder.record, ply=1)
        app.run_frames(2)
        drawn = recorded_text(monkeypatch)
        app.scene.draw(app.screen)
    assert isinstance(app.scene, ReplayScene)
    assert card.startswith("João (O) ")
    assert card in drawn, [text for text in drawn if "O" in text]


def won_game(game_id: str, titles: tuple[str, str], winner: int, updated: str, said: str = "") -> GameRecord:
    """A ``game_id`` game between the computer players ``titles`` that ``winner`` won on the board
    (a random line that ends so, its reason holding ``said``: ``tests.test_game_endings.random_end``),
    last changed ``updated``."""
    from tests.test_game_endings import random_end

    game = games.load(game_id)
    moves = random_end(game_id, winner, said)
    players = tuple(Side(title.lower().replace(" ", "-"), title) for title in titles)
    record = GameRecord.start(game, players, {"mode": "pc_vs_pc"}).with_moves(moves, game.play_line(moves))
    return replace(record, updated=updated)


@pytest.mark.parametrize("language, rastros, reversi", [
    ("en", ("Rastros: Level 3 vs Basilio", "Basilio wins (North reached 1-8)"),
     ("Reversi: Course Easy vs Level 2", "Level 2 wins 52 - 12")),
    ("pt", ("Rastros: Nível 3 vs Basilio", "Basilio ganha (Norte chegou a 1-8)"),
     ("Reversi: Curso Fácil vs Nível 2", "Nível 2 ganha 52 - 12")),
])
def test_a_finished_games_row_and_its_replay_name_who_won(app, monkeypatch, language, rastros, reversi):
    """The rows read "Rastros: Level 3 vs Basilio (North reached 1-8)" and "... (White wins 52 -
    12)": the reader had to work out who played North or White.  The row names the winner as a
    person would, whole at 800x600, and the replay the row opens says it so."""
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(800, 600), w=800, h=600))
    app.run_frames(2)
    save(won_game("rastros", ("Level 3", "Basilio"), 1, "2026-11-25T10:00:00"), games_dir() / "rastros.json")
    save(won_game("reversi", ("Course Easy", "Level 2"), 1, "2026-11-24T10:00:00"), games_dir() / "reversi.json")
    with in_language(app, language):
        drawn = recorded_text(monkeypatch)
        open_list(app)
        rows = [" · ".join(row) for row in (rastros, reversi)]
        assert all(row in drawn for row in rows), [text for text in drawn if ":" in text]  # whole, not cut
        key(app, pygame.K_RETURN)  # the newest row, Rastros, chosen as the list opens
        assert isinstance(app.scene, ReplayScene) and app.scene.game.id == "rastros"
        drawn.clear()
        app.invalidate()
        app.run_frames(1)
    assert rastros[1] in drawn, drawn


@pytest.mark.parametrize("language, rows", [
    ("en", ("Level 3 wins (North moved onto 8-1)", "Basilio wins (South is blocked)")),
    ("pt", ("Nível 3 ganha (Norte foi para 8-1)", "Basilio ganha (Sul está bloqueado)")),
])
def test_a_rastros_row_says_who_won_once(app, monkeypatch, language, rows):
    """Rastros' "North moved onto 8-1: South wins" after the winner's name read "Level 3 wins
    (North moved onto 8-1: South wins)": who won said twice.  The row and the replay it opens
    say it once; the record keeps the rules' whole reason (its files are read back by it)."""
    moved = won_game("rastros", ("Level 3", "Basilio"), 0, "2026-11-25T10:00:00", said="moved onto")
    blocked = won_game("rastros", ("Level 3", "Basilio"), 1, "2026-11-24T10:00:00", said="is blocked")
    save(moved, games_dir() / "moved.json")
    save(blocked, games_dir() / "blocked.json")
    with in_language(app, language):
        drawn = recorded_text(monkeypatch)
        open_list(app)
        assert all(any(text.endswith(f" · {row}") for text in drawn) for row in rows), [t for t in drawn if " vs " in t]
        key(app, pygame.K_RETURN)  # the newest row, the piece moved onto the goal, chosen as the list opens
        assert isinstance(app.scene, ReplayScene)
        drawn.clear()
        app.invalidate()
        app.run_frames(1)
    assert rows[0] in drawn, drawn
    assert load(games_dir() / "moved.json").result.reason == "North moved onto 8-1: South wins"


def test_the_winner_is_named_only_where_a_name_tells_who_won():
    """``words.won_by``: a draw, a side named by its colour alone (a pasted move list's) and a
    game of one player against itself keep the end as the rules say it; a named winner leads it."""
    from ui.words import end_reason, won_by

    sides = ("Black", "White")
    assert won_by("White wins 40 - 24", 1, sides, ("Ana", "Rui")) == "Rui wins 40 - 24"
    assert won_by("Black resigns at move 9", 1, sides, ("Ana", "Rui")) == "Rui wins (Black resigns at move 9)"
    assert won_by("Whiteley wins", 1, sides, ("Ana", "Rui")) == "Rui wins (Whiteley wins)"  # no whole word
    assert won_by("Draw 32 - 32", None, sides, ("Ana", "Rui")) == "Draw 32 - 32"
    assert won_by("White wins 40 - 24", 1, sides, ("Black", "White")) == "White wins 40 - 24"
    assert won_by("White wins 40 - 24", 1, sides, ("Level 3", "Level 3")) == "White wins 40 - 24"
    assert won_by("White wins 40 - 24", 1, sides, ("Level 3", "You")) == "You win 40 - 24"
    rastros = ("South", "North")
    assert won_by("South is blocked: North wins", 1, rastros, ("Ana", "Rui")) == "Rui wins (South is blocked)"
    assert won_by("South is blocked: North wins", 1, rastros, ("Ana", "Ana")) == "South is blocked: North wins"
    assert won_by("Black resigns: White wins", 0, sides, ("Ana", "Rui")) == "Ana wins (Black resigns: White wins)"
    trax = ("Light", "Dark")  # its reason after a colon in brackets, as every other game's: it read "Rui wins: a dark loop"
    assert won_by("Dark wins: a dark loop", 1, trax, ("Ana", "Rui")) == "Rui wins (a dark loop)"
    assert won_by("Dark wins: a dark line, completed by Light", 1, trax, ("Level 3", "You")) == \
        "You win (a dark line, completed by Light)"
    with words_in("pt"):
        said = end_reason("Dark wins: a dark loop")
        assert won_by(said, 1, trax, ("Ana", "Nível 3")) == f"Nível 3 ganha ({said.split(': ', 1)[1]})", said


def one_game_of_each() -> list[GameRecord]:
    """A game of each kind played to its end (each side's first legal move, Level 5 against Level
    3), and two more of Hex: a 19x19 hot-seat game between two long names, and one unfinished;
    saved by the window's own ``save`` in the games folder."""
    played = []
    for game_id in games.available_ids():
        game = games.load(game_id)
        played.append((game, (Side("level-5", "Level 5"), Side("level-3", "Level 3")), {"mode": "pc-vs-pc"}, None))
    hex19 = games.load("hex", size=19)
    friends = (Side(None, "Maria Leonor Figueiredo"), Side(None, "João Pedro Vasconcelos"))
    played += [(hex19, friends, {"mode": "hotseat"}, None), (hex19, friends, {"mode": "hotseat"}, 12)]
    records = []
    for n, (game, players, setup, plies) in enumerate(played):
        moves, state = first_legal_line(game.initial_state(), plies)
        records.append(GameRecord.start(game, players, setup).with_moves(moves, state))
        save(records[-1], games_dir() / f"{game.id}-{n}.json")
    return records


def name_cuts_undone(said: str, names: tuple[str, str]) -> str:
    """``said`` with each player's name that a row cut short ("Maria …") given back whole."""
    for name in names:
        for kept in range(len(name) - 1, 0, -1):
            said = said.replace(name[:kept] + "…", name)
    return said


@pytest.mark.parametrize("language", ["pt", "en"])
def test_each_row_says_its_game_players_date_and_end_with_no_word_cut_at_larger_text(app, monkeypatch, language):
    """At Larger text in an 800x600 window in Portuguese, a Hex game's row read "Hex: Nível 5 vs
    Nível 3 · Nível 5 ganha (Azul ligou a margem es…", and a long file name or option was cut as
    short.  Every row, walked with the arrow keys, keeps its game, both players (a long name cut
    short in its own place), the end (in fewest words where the reason does not fit) and the date,
    no other word cut; its lines inside the row, clear of its picture and Delete button."""
    from ui.autosave_words import ended_as, ended_briefly, player_names, record_date_text

    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(800, 600), w=800, h=600))
    app.run_frames(2)
    saved = one_game_of_each()
    app.settings.text_size = 1.5
    with in_language(app, language):
        scene = open_list(app)
        assert len(scene.entries) == len(saved)
        for index in range(len(saved)):
            drawn = drawn_lines(monkeypatch, app)
            entry = scene.entries[index]
            title, detail = [(text, rect) for text, rect in drawn if entry.rect.colliderect(rect)][:2]  # then Delete's
            for _text, rect in (title, detail):
                assert entry.rect.contains(rect) and not rect.colliderect(entry.picture)
                assert not (scene.delete_button.visible and rect.colliderect(scene.delete_button.rect))
            names = player_names(entry.record)
            said = [name_cuts_undone(text, names) for text, _rect in (title, detail)]
            whole = scene.row_text(entry)[0]
            if said[0].endswith(" …"):  # cut after a whole word of the end, which says more than its fewest words
                assert whole.startswith(said[0][:-2] + " ") and ended_briefly(entry.record) in said[0], said[0]
                said[0] = whole
            assert "…" not in "".join(said), (title[0], detail[0])
            game = words.title(games.info(entry.record.game_id))
            assert said[0].startswith(f"{game}: ") and all(name in said[0] for name in names), title[0]
            assert any(end(entry.record) in " · ".join(said) for end in (ended_as, ended_briefly)), said
            assert record_date_text(entry.record) in said[1], detail[0]
            key(app, pygame.K_DOWN)


@pytest.mark.parametrize("language", ["en", "pt"])
def test_a_row_gives_its_names_the_room_its_delete_button_does_not_take(app, monkeypatch, language):
    """Every row kept 226 pixels (at the usual text size) on its right for the Delete button,
    the width "Delete? Press again" wants: at Larger text in an 800x600 window the friends' names
    of a Hex game were cut short ("Maria Leonor Fi…") beside a button that said "Delete".  The
    row keeps the room of the label its button shows: the names whole beside "Delete", clear of
    it, and the row's title fits again beside the question once Delete is pressed."""
    from ui.autosave_words import player_names

    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(800, 600), w=800, h=600))
    app.run_frames(2)
    one_game_of_each()
    app.settings.text_size = 1.5
    with in_language(app, language):
        scene = open_list(app)
        index = next(i for i, entry in enumerate(scene.entries) if "Maria" in " ".join(player_names(entry.record)))
        for _step in range(index - (scene.selected or 0)):
            key(app, pygame.K_DOWN)
        entry = scene.entries[index]
        assert scene.selected == index and scene.delete_button.visible
        title = next((text, rect) for text, rect in drawn_lines(monkeypatch, app) if entry.rect.colliderect(rect))
        assert all(name in title[0] for name in player_names(entry.record)), title[0]
        assert not title[1].colliderect(scene.delete_button.rect)
        narrow = scene.delete_button.rect.width
        key(app, pygame.K_DELETE)  # asks: "Delete? Press again", the title fitted beside it
        app.invalidate()
        app.run_frames(1)
        assert scene.confirming == entry.path and scene.delete_button.rect.width > narrow
        title = next((text, rect) for text, rect in drawn_lines(monkeypatch, app) if entry.rect.colliderect(rect))
        assert entry.rect.contains(title[1]) and not title[1].colliderect(scene.delete_button.rect), title


def test_a_bots_forfeit_is_said_under_its_name_in_the_replay_and_the_list(app, monkeypatch):
    """A tournament game a student's bot forfeited: its replay read "good wins (White forfeits:
    /tmp/…/slow.py:choose exceeded the time limit …" under "White: slow", where the tournament's
    latest results say "slow exceeded …".  The list's row and the replay say the bot's name."""
    bot = "/home/prof/turma/bots/slow.py:choose"
    game = games.load("reversi", size=6)
    moves, state = first_legal_line(game.initial_state(), 4)
    reason = f"White forfeits: {bot} exceeded the time limit at move 3 (no answer after 1.51 s)"
    record = GameRecord.start(game, (Side("level-1", "Level 1"), Side(bot, "slow")), {"mode": "tournament"})
    save(record.with_moves(moves, state).finish(Result(0, reason)), games_dir() / "forfeit.json")
    drawn = recorded_text(monkeypatch)
    open_list(app)
    key(app, pygame.K_RETURN)
    assert isinstance(app.scene, ReplayScene)
    app.run_frames(2)
    said = " ".join(drawn)
    assert "slow exceeded the time limit" in said and "/turma/" not in said, said


@pytest.mark.parametrize("scene_type, back", [(RecordsScene, "Saved games"), (UnfinishedScene, "Unfinished games")])
def test_a_game_pasted_on_a_list_comes_back_to_that_list(app, monkeypatch, scene_type, back):
    """Ctrl+V on a list of games opened the pasted game with a Menu button, and Esc left for the
    main menu: the list pasted on was gone.  The replay names the list, and Esc comes back to it."""
    game = games.load("reversi")
    moves, _state = first_legal_line(game.initial_state(), 6)
    record = GameRecord.start(game, (Side(None, "Ana"), Side(None, "Rui")), {"mode": "hotseat"})
    monkeypatch.setattr(clipboard, "get_text", lambda: move_list_text(record.with_moves(moves, game.play_line(moves))))
    scene = open_list(app, scene_type)
    key(app, pygame.K_v, mod=pygame.KMOD_LCTRL)
    assert isinstance(app.scene, ReplayScene) and app.scene.record.moves == moves
    assert [b.label for b in app.scene.buttons if b.key_hint == "Esc"] == [back]
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene


def other_programs_files() -> list[Path]:
    """A Hex game saved as SGF and an Othello game as GGF into the saved-games folder, as the game
    screen's Save as SGF / Save as GGF do (``ui.export.save_outside_file``)."""
    paths = []
    for game_id, moves in (("hex", ["a1", "b2"]), ("reversi", ["d3", "c3"])):
        game = games.load(game_id)
        record = GameRecord.start(game, (Side(None, "Ana"), Side(None, "Rui")), {"mode": "hotseat"})
        message, kind = save_outside_file(record.with_moves(moves, game.play_line(moves)))
        assert kind == "info", message
        paths.append(next(games_dir().glob(f"{game_id}-*{outside_file(game_id).suffix}")))
    return paths


def test_saved_games_lists_the_sgf_and_ggf_files_the_game_screen_saves_there(app):
    """The game screen saves a Hex game's SGF and an Othello game's GGF into the saved-games
    folder, where a player then looked for them: Saved games listed its own records only.  They are
    rows beside the records, and open in the replay."""
    sgf, ggf = other_programs_files()
    little_golem = games_dir() / "little-golem.hsgf"  # Little Golem's name for a Hex SGF
    little_golem.write_text(sgf.read_text(encoding="utf-8"), encoding="utf-8")
    record = saved_games(1)[0]
    scene = open_list(app)
    assert {e.path for e in scene.entries} == {sgf, ggf, little_golem, record}
    scene._select([e.path for e in scene.entries].index(sgf))
    key(app, pygame.K_RETURN)
    assert isinstance(app.scene, ReplayScene) and app.scene.record.game_id == "hex"
    assert app.scene.record.moves == ["a1", "b2"]


def test_an_sgf_saved_games_cannot_read_is_said_and_left_as_it_is(app):
    """An SGF in the folder that is no game (a Go game's, a damaged one) is named with why, and
    left in place untouched: it is another program's file, not one of ours to set aside."""
    saved_games(1)
    broken = games_dir() / "go-game.sgf"
    broken.write_text("(;GM[1]SZ[19];B[dd];W[pp])", encoding="utf-8")
    scene = open_list(app)
    assert [e.path.name for e in scene.entries] == ["game-00.json"]
    said = [m.text for m in app.messages.current()]
    assert any(text.startswith("go-game.sgf: ") and text.endswith("; left in place") for text in said), said
    assert broken.read_text(encoding="utf-8") == "(;GM[1]SZ[19];B[dd];W[pp])"
    assert sorted(p.name for p in games_dir().iterdir()) == ["game-00.json", "go-game.sgf"]


def test_the_menu_offers_saved_games_for_an_sgf_alone(app):
    """A folder holding only a Hex game saved as SGF has a game to list: the main menu offers Saved
    games for it (``has_saved_games``), which it left out with no record beside the file."""
    assert not has_saved_games()
    other_programs_files()
    assert has_saved_games()
