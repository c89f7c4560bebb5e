"""Saved games, autosave, replays, sounds and settings inside the real window (headless App)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

import games
from games.record import GameRecord
from games.record_parts import Side
from tests.ui_helpers import autosaves_written, drop, in_language, wait, words_in
from ui.autosave import SHELF, Autosave
from ui.record_files import save

ROOT = Path(__file__).resolve().parent.parent


def unfinished_tictactoe() -> GameRecord:
    game = games.load("tictactoe")
    record = GameRecord.start(game, (Side(None, "Player 1"), Side(None, "Player 2")), {"mode": "hotseat"})
    moves = ["b2", "a1"]
    return record.with_moves(moves, game.play_line(moves))


def click(app, rect: pygame.Rect) -> None:
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, button=1, pos=rect.center))
    app.frame()


def test_the_menu_offers_continue_and_it_resumes_the_autosave(app, tmp_path):
    from ui.scenes.game import GameScene
    from ui.scenes.menu import MenuScene

    Autosave().save(unfinished_tictactoe())  # the one file of older versions: adopted into the list
    app.switch(MenuScene(app))
    app.run_frames(2)
    assert app.scene.menu.get_widget("continue") is not None
    app.scene.continue_game()
    app.run_frames(2)
    assert isinstance(app.scene, GameScene)
    assert [p.text for p in app.scene.history] == ["b2", "a1"]


def test_no_continue_without_an_unfinished_game(app):
    from ui.scenes.menu import MenuScene

    app.switch(MenuScene(app))
    app.run_frames(2)
    assert app.scene.menu.get_widget("continue") is None


def test_every_move_is_autosaved_and_makes_a_sound(app, monkeypatch):
    from ui import sound
    from ui.match import HOTSEAT, MatchSetup
    from ui.scenes.game import GameScene

    played: list[str] = []
    monkeypatch.setattr(sound.SOUNDS, "play", played.append)
    setup = MatchSetup("tictactoe", {}, HOTSEAT, (None, None), 0.1)
    app.switch(GameScene(app, setup))
    scene = app.scene
    game = scene.game
    autosave = scene.recorder.autosaver.autosave
    for text in ("b2", "a1", "c3"):
        scene._play(game.parse_move(scene.state, text), by_computer=False)
        autosaves_written()
        assert autosave.load()[0].moves == [p.text for p in scene.history]
    assert played == ["place", "place", "place"]
    scene.undo()
    autosaves_written()
    assert autosave.load()[0].moves == ["b2", "a1"]
    assert [r.moves for _p, r in SHELF.unfinished()[0]] == [["b2", "a1"]]
    for text in ("b1", "c1", "b3"):  # X: b2 b1 b3, the b column
        scene._play(game.parse_move(scene.state, text), by_computer=False)
    record = autosave.load()[0]
    assert record.is_finished() and played[-1] == "end"
    assert SHELF.unfinished() == ([], [])  # a finished game is not offered as Continue


def test_a_dropped_record_opens_in_the_replay_and_plays_on(app, tmp_path):
    from ui.scenes.game import GameScene
    from ui.scenes.replay import ReplayScene

    path = tmp_path / "game.json"
    save(unfinished_tictactoe(), path)
    drop(app, path)
    assert isinstance(app.scene, ReplayScene) and app.scene.ply == 2
    app.scene.go(1)
    app.scene.continue_here()
    app.run_frames(2)
    assert isinstance(app.scene, GameScene) and [p.text for p in app.scene.history] == ["b2"]


def test_a_dropped_bad_file_is_reported_and_untouched(app, tmp_path):
    path = tmp_path / "bad.json"
    path.write_text("{oops", encoding="utf-8")
    drop(app, path)
    assert any("bad.json: the file is cut short or damaged" in m.text for m in app.messages.items)
    assert path.read_text(encoding="utf-8") == "{oops"


def test_a_dropped_file_of_several_match_lines_says_what_it_holds_and_what_to_do(app, tmp_path):
    """``main.py match ... --json > games.json`` dropped said "not valid JSON (line 2, column 1:
    Extra data)": the teacher could not tell why the file that main.py wrote would not open."""
    line = json.dumps({"game": "tictactoe", "options": {}, "players": ["level-1", "level-2"], "moves": ["b2"],
                       "winner": None, "reason": ""})
    path = tmp_path / "games.json"
    path.write_text(f"{line}\n{line}\n{line}\n", encoding="utf-8")
    drop(app, path)
    said = [m.text for m in app.messages.items if "games.json" in m.text]
    assert said and "holds 3 games, one a line as main.py match --json prints them" in said[0]
    assert "a file of its own" in said[0] and "Extra data" not in said[0]


def dropped_match_line(app, tmp_path, line: dict):
    """The players of a ``main.py match --json`` ``line`` dropped on the window, as its replay
    names them (it opens in the replay)."""
    from ui.scenes.replay import ReplayScene

    path = tmp_path / "game.json"
    path.write_text(json.dumps(line) + "\n", encoding="utf-8")
    drop(app, path)
    assert isinstance(app.scene, ReplayScene)
    return app.scene.record.players


def test_a_dropped_match_line_names_its_players_as_the_window_does(app, tmp_path):
    """A line of ``main.py match rastros level-2 rastros:basilio --json`` dropped on the window
    replayed as "South: level-2", "North: rastros:basilio", the ids the command line takes, where
    every other screen says "Level 2" and "Basilio" (in Portuguese "Nível 2"): the replay names
    the players of this Tabuleiro by their titles now, and keeps their ids to play on with."""

    players = dropped_match_line(app, tmp_path, {"game": "rastros", "options": {"size": 8},
                                                 "players": ["level-2", "rastros:basilio"],
                                                 "moves": ["5-5", "4-6"], "winner": None, "reason": ""})
    assert [(p.id, p.title) for p in players] == [("level-2", "Level 2"), ("rastros:basilio", "Basilio")]


def test_a_dropped_match_line_of_a_player_against_itself_numbers_its_sides_as_the_command_line(
        app, tmp_path, monkeypatch):
    """``main.py match tictactoe level-1 level-1 --json`` names its players "Level 1 #1" and
    "Level 1 #2"; the game dropped on the window showed "Level 1" on both sides, so its replay
    did not say which won.  The window numbers them as the command line does, in Portuguese too,
    and keeps their ids to play on with."""
    from tests.ui_helpers import recorded_text
    from ui import words

    players = dropped_match_line(app, tmp_path, {"game": "tictactoe", "options": {"width": 3, "height": 3, "k": 3},
                                                 "players": ["level-1", "level-1"],
                                                 "moves": ["c1", "a2", "c3", "a1", "b3", "b2", "b1", "a3"],
                                                 "winner": 1, "reason": "O has 3 in a row"})
    assert [(p.id, p.title) for p in players] == [("level-1", "Level 1 #1"), ("level-1", "Level 1 #2")]
    drawn = recorded_text(monkeypatch)
    app.scene.invalidate()
    app.run_frames(2)
    assert "X: Level 1 #1" in drawn and "O: Level 1 #2" in drawn, drawn
    with in_language(app, "pt"):
        assert [words.player_title(p.title) for p in players] == ["Nível 1 #1", "Nível 1 #2"]


def test_a_copied_game_of_a_player_against_itself_pastes_back_with_its_players():
    """The move list of such a game (Copy moves) names "Level 1 #1" and "Level 1 #2": pasted back,
    each is still Level 1 (its id, to play on with), not a person of that name."""
    from games.move_list import move_list_text
    from ui.record_files import from_text

    sides = (Side("level-1", "Level 1 #1"), Side("level-1", "Level 1 #2"))
    record = GameRecord("tictactoe", {"width": 3, "height": 3, "k": 3}, sides, ["c1", "a2"])
    assert from_text(move_list_text(record)).players == sides


def test_a_dropped_match_line_of_a_students_file_names_it_as_the_league_does(app, tmp_path):
    """A line of ``main.py match hex bots/aluno.py level-2 --json`` replayed as "Blue:
    /tmp/.../bots/aluno.py", cut off at the panel's edge, where the tournament's tables say "aluno":
    the replay names the file's player as they do, and keeps its id; a GTP engine keeps its command."""
    from ui.scenes.replay import ReplayScene

    student = str(tmp_path / "bots" / "aluno.py")
    line = json.dumps({"game": "hex", "options": {"size": 7, "swap": False}, "players": [student, "level-2"],
                       "moves": ["d4", "c5"], "winner": None, "reason": ""})
    path = tmp_path / "game.json"
    path.write_text(line + "\n", encoding="utf-8")
    drop(app, path)
    assert isinstance(app.scene, ReplayScene)
    assert [(p.id, p.title) for p in app.scene.record.players] == [(student, "aluno"), ("level-2", "Level 2")]
    engine = "gtp:python3 bots/mohex.py --seed 1"
    line = json.dumps({"game": "hex", "options": {"size": 7}, "players": [engine, f"{student}:Careful"],
                       "moves": ["d4"], "winner": None, "reason": ""})
    path.write_text(line + "\n", encoding="utf-8")
    drop(app, path)
    assert [p.title for p in app.scene.record.players] == [engine, "aluno:Careful"]


def test_portuguese_menu(app):
    from ui import i18n
    from ui.scenes.menu import MenuScene

    with in_language(app, "pt"):
        app.switch(MenuScene(app))
        app.run_frames(2)
        assert app.scene.menu.get_widget("play").get_title() == "Jogar"
        assert app.scene.menu.get_widget("settings").get_title() == "Definições"
    assert i18n.language() == "en"


def test_the_app_quits_by_itself_for_ci_and_prints_no_noise(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "SDL_AUDIODRIVER"}  # as a user's machine
    env.update(SDL_VIDEODRIVER="dummy", TABULEIRO_QUIT_AFTER_FRAMES="20", PYTHONPATH=str(ROOT),
               TABULEIRO_CONFIG_DIR=str(tmp_path / "c"), TABULEIRO_DATA_DIR=str(tmp_path / "d"))
    proc = subprocess.run([sys.executable, str(ROOT / "main.py")], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    for noise in ("ALSA", "WARNING", "ERROR", "Traceback"):
        assert noise not in proc.stderr, proc.stderr


def test_finished_game_saves_and_replays_and_the_menu_lists_saved_games(app):
    from ui.data_folders import games_dir
    from ui.match import HOTSEAT, MatchSetup
    from ui.scenes.game import GameScene
    from ui.scenes.menu import MenuScene
    from ui.scenes.records import RecordsScene
    from ui.scenes.replay import ReplayScene

    app.switch(GameScene(app, MatchSetup("tictactoe", {}, HOTSEAT, (None, None), 0.1), ["b2", "a1", "b1", "c1", "b3"]))
    assert app.scene.state.is_terminal()
    app.scene.save_game()
    [saved] = games_dir().glob("*.json")
    app.scene.open_replay()
    assert isinstance(app.scene, ReplayScene) and app.scene.record.result.winner == 0
    app.run_frames(3)
    app.switch(MenuScene(app))
    assert app.scene.menu.get_widget("saved") is not None
    app.scene.saved_games()
    assert isinstance(app.scene, RecordsScene) and [e.path for e in app.scene.entries] == [saved]


def test_settings_screen_has_sound_volume_language_and_outside_players(app, monkeypatch):
    from tests.ui_helpers import held_press_again_clock
    from ui.app import DOUBLE_CLICK
    from ui.scenes.settings_screen import SettingsScene

    skip = held_press_again_clock(monkeypatch)
    app.settings.outside_players = ["bots/mine.py:Greedy"]
    app.switch(SettingsScene(app))
    menu = app.scene.menu
    for widget_id in ("sound", "volume", "language", "outside_players"):
        assert menu.get_widget(widget_id) is not None, widget_id
    app.scene._set("volume", 0.3)
    app.scene._forget_outside()  # asks (tests/test_ui_settings_forget_outside.py)
    skip(DOUBLE_CLICK)
    app.scene._forget_outside()
    from ui import settings as st

    saved, problem = st.load()
    assert problem is None and saved.volume == 0.3 and saved.outside_players == []


def test_export_keys_in_the_game(app, monkeypatch):
    from ui import export
    from ui.data_folders import data_dir, games_dir

    monkeypatch.setattr(export.clipboard, "put_text", lambda text: False)  # as on a machine without a clipboard
    from ui.match import HOTSEAT, MatchSetup
    from ui.scenes.game import GameScene

    app.switch(GameScene(app, MatchSetup("reversi", {}, HOTSEAT, (None, None), 0.1), ["d3", "c5"]))
    for key in (pygame.K_p, pygame.K_m):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
    app.run_frames(2)
    [png] = games_dir().glob("*.png")
    assert pygame.image.load(str(png)).get_size() == (900, 900)
    text = (data_dir() / "moves.txt").read_text(encoding="utf-8")  # no clipboard: saved to a file instead
    assert "1. d3 c5" in text


def test_a_game_played_to_the_end_is_kept_without_a_save_and_replays(app):
    """A finished game was lost unless Save was pressed: its autosave was removed when the menu
    next read the unfinished games.  It is kept among the finished games, listed once, and replays.
    Its row says so plainly in both languages: "not saved: kept all the same" ("não guardado:
    mantido na mesma") left the player wondering whether the game was kept or not."""
    from ui.match import HOTSEAT, MatchSetup
    from ui.scenes.game import GameScene
    from ui.scenes.menu import MenuScene
    from ui.scenes.records import RecordsScene
    from ui.scenes.replay import ReplayScene

    app.switch(GameScene(app, MatchSetup("tictactoe", {}, HOTSEAT, (None, None), 0.1), ["b2", "a1"]))
    for move in ["b1", "c1", "b3"]:  # played on the board, so the autosave has every move
        app.scene._play(app.scene.game.parse_move(app.scene.state, move), by_computer=False)
    assert app.scene.state.is_terminal()
    app.switch(MenuScene(app))
    app.run_frames(2)
    assert app.scene.menu.get_widget("continue") is None and app.scene.menu.get_widget("saved") is not None
    app.scene.saved_games()
    assert isinstance(app.scene, RecordsScene)
    [entry] = app.scene.entries
    assert entry.kept and entry.record.moves == ["b2", "a1", "b1", "c1", "b3"]
    for language, said in (("en", "kept automatically, no Save needed"), ("pt", "mantido automaticamente, sem ter de Guardar")):
        with in_language(app, language):
            assert said in app.scene.row_text(entry)[1], language
    app.run_frames(2)
    app.scene.pick_entry(entry)
    assert isinstance(app.scene, ReplayScene) and app.scene.record.result.winner == 0
    [leave] = [b for b in app.scene.buttons if b.key_hint == "Esc"]
    assert leave.label == "Saved games"  # Esc goes back to the list it came from, and says so
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    app.run_frames(2)
    assert isinstance(app.scene, RecordsScene) and len(app.scene.entries) == 1


def test_a_finished_game_that_cannot_be_moved_on_is_said_once_and_stays_in_saved_games(app):
    """A file in the way of the ``finished`` folder: the game played to the end stayed in
    ``unfinished/``, which the Continue list hides (it is over), and Saved games did not list it;
    only the log said why.  The menu now says it once and Saved games lists the game."""
    from ui import file_report
    from ui.autosave import SHELF
    from ui.match import HOTSEAT, MatchSetup
    from ui.scenes.game import GameScene
    from ui.scenes.menu import MenuScene

    SHELF.finished_folder.parent.mkdir(parents=True, exist_ok=True)
    SHELF.finished_folder.write_text("in the way", encoding="utf-8")
    app.switch(GameScene(app, MatchSetup("tictactoe", {}, HOTSEAT, (None, None), 0.1), ["b2", "a1"]))
    for move in ["b1", "c1", "b3"]:
        app.scene._play(app.scene.game.parse_move(app.scene.state, move), by_computer=False)
    app.switch(MenuScene(app))
    app.run_frames(2)
    [file] = SHELF.folder.glob("*.json")  # nothing lost: still where it was written
    [said] = [m.text for m in app.messages.current() if m.topic == file_report.TOPIC]
    assert said == (f"{file.name}: this game is over but could not be moved to the finished games (a file is in "
                     f"the way of the folder {SHELF.finished_folder}); it stays in {SHELF.folder}, and Saved games "
                     "lists it")
    assert app.scene.menu.get_widget("continue") is None and app.scene.menu.get_widget("saved") is not None
    app.scene.saved_games()
    [entry] = app.scene.entries
    assert entry.path == file and entry.record.moves == ["b2", "a1", "b1", "c1", "b3"]
    app.show_menu()
    app.scene.resize((900, 640))
    app.run_frames(2)
    assert [m.text for m in app.messages.current()] == [said]  # said once, not at every visit


def test_every_game_played_to_the_end_in_the_window_is_kept_past_the_old_limit_of_fifty(app):
    """Only the last 50 finished games were kept: a player's 51st game played to the end silently
    removed their first.  Every game a person played is kept now, and Saved games lists them all."""
    from ui.autosave import WATCHED_KEPT
    from ui.match import HOTSEAT, MatchSetup
    from ui.scenes.game import GameScene
    from ui.scenes.menu import MenuScene
    from ui.scenes.records import RecordsScene

    played = WATCHED_KEPT + 3
    for number in range(played):
        app.switch(GameScene(app, MatchSetup("tictactoe", {}, HOTSEAT, (None, None), 0.1), ["b2", "a1"]))
        for move in ["b1", "c1", "b3"]:  # played on the board, as a click plays it: autosaved after each
            app.scene._play(app.scene.game.parse_move(app.scene.state, move), by_computer=False)
        assert app.scene.state.is_terminal(), number
    menu = MenuScene(app)
    app.switch(menu)  # the menu's reading moves the ended games among the finished ones
    assert wait(app, lambda: not menu.reading.loading, 30)
    assert len(list(SHELF.finished_folder.glob("*.json"))) == played
    menu.saved_games()
    rows = app.scene
    assert isinstance(rows, RecordsScene) and wait(app, lambda: not rows.reading.loading, 30)
    assert len(rows.entries) == played and all(entry.kept for entry in rows.entries)
    assert "kept automatically, no Save needed" in rows.row_text(rows.entries[-1])[1]  # the first game, still there


def test_an_older_versions_finished_games_stay_all_and_only_watched_ones_are_pruned(tmp_path):
    """A folder of an older version holds the last 50 finished games, watched ones among them,
    without the ``watched-`` name: none is removed now.  A watched game ending now is named so,
    and only those are kept to the newest ``WATCHED_KEPT``."""
    from ui import autosave
    from ui.autosave import WATCHED_PREFIX, Shelf

    shelf = Shelf(tmp_path / "unfinished", tmp_path / "finished")
    game = games.load("tictactoe")
    moves = ["b2", "a1", "b1", "c1", "b3"]
    for i in range(autosave.WATCHED_KEPT + 5):
        players = (Side(None, "A"), Side(None, f"B{i}")) if i % 2 else (Side("level-1", "L1"), Side("level-2", f"L{i}"))
        record = GameRecord.start(game, players, {"mode": "hotseat"}).with_moves(moves, game.play_line(moves))
        slot = Autosave(shelf.finished_folder / f"old-{i}.json")  # as an older version moved it there
        assert slot.save(record) is None
        os.utime(slot.path, (1_000_000 + i, 1_000_000 + i))
    watched = []
    for i in range(autosave.WATCHED_KEPT + 2):
        record = GameRecord.start(game, (Side("level-1", "L1"), Side("level-2", f"W{i}")), {"mode": "pcvspc"})
        record = record.with_moves(moves, game.play_line(moves))
        slot = Autosave(shelf.folder / f"game-{i}.json")
        assert slot.save(record) is None
        os.utime(slot.path, (2_000_000 + i, 2_000_000 + i))  # ended after the old ones, in this order
        watched.append(slot.path.name)

    assert shelf.unfinished() == ([], [])
    names = sorted(p.name for p in shelf.finished_folder.iterdir())
    assert names == sorted([f"old-{i}.json" for i in range(autosave.WATCHED_KEPT + 5)]
                           + [WATCHED_PREFIX + name for name in watched[2:]])
    kept, problems = shelf.finished()
    assert problems == [] and len(kept) == len(names)


def test_finished_games_moved_on_together_are_pruned_once(tmp_path, monkeypatch):
    """Games ended in a window closed before the list was read are moved on by one reading: each
    one moved pruned the finished games again (a listing, and a stat of each of their files, per
    game: 673 stats in one reading).  Now once for all; the newest watched ones are still the ones
    kept, and the games a person played are not counted."""
    from ui import autosave
    from ui.autosave import WATCHED_PREFIX, Shelf

    monkeypatch.setattr(autosave, "WATCHED_KEPT", 4)
    shelf = Shelf(tmp_path / "unfinished", tmp_path / "finished")
    game = games.load("tictactoe")
    moves = ["b2", "a1", "b1", "c1", "b3"]
    played = GameRecord.start(game, (Side(None, "A"), Side(None, "B")), {"mode": "hotseat"})
    assert Autosave(shelf.folder / "played.json").save(played.with_moves(moves, game.play_line(moves))) is None
    for i in range(7):
        record = GameRecord.start(game, (Side("level-1", "A"), Side("level-2", f"B{i}")), {"mode": "pcvspc"})
        record = record.with_moves(moves, game.play_line(moves))
        before = i < 2  # 2 moved on before
        slot = Autosave(shelf.finished_folder / f"{WATCHED_PREFIX}game-{i}.json" if before else shelf.folder / f"game-{i}.json")
        assert slot.save(record) is None
        os.utime(slot.path, (1_000_000 + i, 1_000_000 + i))  # ended in this order
    pruned = []
    real = autosave.keep_newest
    monkeypatch.setattr(autosave, "keep_newest", lambda paths, kept: pruned.append(sorted(p.name for p in paths))
                        or real(paths, kept))

    assert shelf.unfinished() == ([], [])
    watched = [f"{WATCHED_PREFIX}game-{i}.json" for i in range(7)]
    assert pruned.count(watched) == 1 and len(pruned) == 2  # and the unfinished watched ones' (none)
    assert sorted(p.name for p in shelf.finished_folder.iterdir()) == ["played.json", *watched[3:]]


def test_games_another_window_moves_on_meanwhile_are_not_said_to_be_damaged_or_stuck(tmp_path, monkeypatch):
    """Two windows read the Continue list at once: a game the other one removed after this one
    listed the folder was said to be "no such file; left in place", and a finished game it moved
    on first was said to be stuck among the unfinished ones."""
    import os
    import shutil

    from ui import autosave, autosave_reading
    from ui.autosave import Shelf

    shelf = Shelf(tmp_path / "unfinished", tmp_path / "finished")
    good = unfinished_tictactoe()
    assert shelf.new_slot(good).save(good) is None
    game = games.load("tictactoe")
    ended = good.with_moves(["b2", "a1", "b1", "c1", "b3"], game.play_line(["b2", "a1", "b1", "c1", "b3"]))
    assert Autosave(shelf.folder / "ended.json").save(ended) is None
    assert Autosave(shelf.folder / "gone.json").save(good) is None
    reader = autosave.load_record

    def other_window_meanwhile(path):
        path = Path(path)
        if path.name == "gone.json":
            os.remove(path)  # the other window's game, taken back to no moves
        record = reader(path)
        if path.name == "ended.json":
            shelf.finished_folder.mkdir()
            shutil.move(path, shelf.finished_folder / path.name)  # moved on by the other window
        return record

    for module in (autosave, autosave_reading):  # both read records with it
        monkeypatch.setattr(module, "load_record", other_window_meanwhile)
    kept, problems = shelf.unfinished()
    assert problems == [] and [r.moves for _p, r in kept] == [["b2", "a1"]]
    for module in (autosave, autosave_reading):  # both read records with it
        monkeypatch.setattr(module, "load_record", reader)
    assert [p.name for p, _r in shelf.finished()[0]] == ["ended.json"]


def test_the_continue_list_leaves_what_it_cannot_read_now_and_lists_the_rest(tmp_path, monkeypatch):
    """A newer version's record was renamed as corrupt (and lost to the lists once Tabuleiro was
    updated); a file that tripped an unexpected error stopped the scan, and the main menu with it."""
    import json

    from ui import autosave, autosave_reading
    from ui.autosave import Shelf

    shelf = Shelf(tmp_path / "unfinished", tmp_path / "finished")
    good = unfinished_tictactoe()
    assert shelf.new_slot(good).save(good) is None
    newer = good.to_dict() | {"version": 99}
    (shelf.folder / "newer.json").write_text(json.dumps(newer), encoding="utf-8")
    (shelf.folder / "odd.json").write_text(good.dumps(), encoding="utf-8")
    reader = autosave.load_record

    def fragile(path):
        if Path(path).name == "odd.json":
            raise OverflowError("a fault of ours")
        return reader(path)

    for module in (autosave, autosave_reading):  # both read records with it
        monkeypatch.setattr(module, "load_record", fragile)
    kept, problems = shelf.unfinished()
    assert [r.moves for _p, r in kept] == [["b2", "a1"]]
    assert any("newer Tabuleiro" in p and p.endswith("left in place") for p in problems)
    assert any(p.startswith("odd.json: could not be read (OverflowError") for p in problems)
    assert sorted(p.name for p in shelf.folder.iterdir()) == sorted(["newer.json", "odd.json", kept[0][0].name])


def test_a_record_from_a_windows_editor_opens_and_lists_sort_by_time(tmp_path):
    """A byte-order mark (Notepad's UTF-8) made a record "corrupt" (moved aside); the lists sorted
    the date texts, so a game saved before a summer-time change could come first."""
    from ui.autosave_reading import scan
    from ui.record_files import from_text, load

    record = unfinished_tictactoe()
    path = tmp_path / "notepad.json"
    path.write_bytes(b"\xef\xbb\xbf" + record.dumps().encode("utf-8"))
    assert load(path).moves == ["b2", "a1"]
    assert from_text("\ufeff" + record.dumps()).moves == ["b2", "a1"]  # pasted from such a file
    later = record.to_dict()
    later["dates"]["updated"] = "2026-03-29T01:30:00+00:00"  # 01:30 UTC
    sooner = record.to_dict()
    sooner["dates"]["updated"] = "2026-03-29T02:00:00+01:00"  # 01:00 UTC, though its text sorts after
    (tmp_path / "later.json").write_text(json.dumps(later), encoding="utf-8")
    (tmp_path / "sooner.json").write_text(json.dumps(sooner), encoding="utf-8")
    found, problems = scan(tmp_path)
    assert problems == [] and [p.name for p, _r in found] == ["notepad.json", "later.json", "sooner.json"]


def test_a_record_naming_a_player_this_tabuleiro_lacks_is_reported_not_played(tmp_path):
    """A hand-edited "level-99" opened: the AI worker failed on it in the background, a stand-in
    played, nothing was said and the card showed "level-99".  The Continue list leaves it where it
    is and says why; it is still read to be replayed (a newer version's game can be watched)."""
    from games.record_parts import RecordNotReadableHere
    from ui import words
    from ui.autosave import Shelf
    from ui.record_files import from_text, load, with_known_players

    shelf = Shelf(tmp_path / "unfinished", tmp_path / "finished")
    good = unfinished_tictactoe()
    known = replace(good, players=(Side(None, "You"), Side("level-3", "Level 3")))
    assert shelf.new_slot(known).save(known) is None
    edited = replace(good, players=(Side(None, "You"), Side("level-99", "level-99")))
    path = shelf.folder / "edited.json"
    path.write_text(edited.dumps(), encoding="utf-8")
    assert load(path).players[1].id == "level-99" and from_text(edited.dumps()) == load(path)  # opened, pasted
    with pytest.raises(RecordNotReadableHere, match="level-99") as caught:
        with_known_players(load(path), path)
    assert caught.value.why == "player" and str(caught.value).startswith("edited.json: the player 'level-99'")
    kept, problems = shelf.unfinished()
    assert [r.players[1].id for _p, r in kept] == ["level-3"] and path.exists()  # left for its owner to mend
    [problem] = problems
    assert "'level-99' is not one of this Tabuleiro's players" in problem
    with words_in("pt"):
        assert "não é um dos jogadores deste Tabuleiro" in words.file_problem(str(caught.value))


def test_a_newer_versions_game_is_replayed_but_not_played_on(app, tmp_path):
    """A record naming a computer player this Tabuleiro lacks could not even be replayed: it was
    refused when read.  It opens in the replay viewer; Play from here says why it cannot go on."""
    from ui.scenes.game import GameScene
    from ui.scenes.replay import ReplayScene, open_file

    record = replace(unfinished_tictactoe(), players=(Side(None, "You"), Side("level-99", "Level 99")))
    path = tmp_path / "newer.json"
    path.write_text(record.dumps(), encoding="utf-8")
    open_file(app, path)
    app.run_frames(2)
    assert isinstance(app.scene, ReplayScene) and app.scene.record.players[1].id == "level-99"
    app.scene.continue_here()
    app.run_frames(2)
    assert isinstance(app.scene, ReplayScene) and not isinstance(app.scene, GameScene)
    said = app.messages.items[-1].text
    assert said.startswith("level-99 is not one of this Tabuleiro's players") and said.endswith("not played on")
