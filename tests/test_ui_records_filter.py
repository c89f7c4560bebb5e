"""The Saved games screen's filter worked as a teacher works it: the game stepper keeps one game's
rows, a name typed in the search field keeps its player's (whatever the case and accents), Esc
clears the text and then leaves, the filter is there again when the screen is opened again, and
the games of a tournament played in the window are rows of the list (headless App, posted events)."""

from __future__ import annotations

import time
from dataclasses import replace

import pygame

import games
from ai.match import GameResult
from ai.results_log import ResultsLog
from games.record import GameRecord
from games.record_parts import Side
from tests.ui_helpers import click, key, recorded_rings, recorded_text
from ui.data_folders import games_dir, tournaments_dir
from ui.record_files import save
from ui.scenes.records import RecordsScene
from ui.scenes.replay import ReplayScene


def saved(game_id: str, first: str, second: str, moves: list[str], hour: int) -> None:
    """A record of ``game_id`` between ``first`` and ``second`` in the saved-games folder."""
    game = games.load(game_id)
    record = GameRecord.start(game, (Side(None, first), Side(None, second)), {"mode": "hotseat"})
    record = replace(record.with_moves(moves, game.play_line(moves)), updated=f"2026-11-20T{hour:02d}:00:00")
    save(record, games_dir() / f"{game_id}-{first}-{hour}.json")


def a_class_of_games() -> None:
    saved("tictactoe", "João", "Ana", ["b2", "a1"], 10)
    saved("tictactoe", "Rita", "Ana", ["b2"], 11)
    saved("reversi", "Ana", "JOÃO", ["d3"], 12)
    saved("hex", "Rui", "Marta", ["a1"], 13)


def open_list(app) -> RecordsScene:
    scene = RecordsScene(app)
    app.switch(scene)
    return read_in(app, scene)


def read_in(app, scene: RecordsScene) -> RecordsScene:
    """``scene`` once the list is read."""
    app.run_frames(2)
    for _ in range(6000):  # a tournament log not read before is read on a thread: wait for it (60 s at most)
        if not scene.reading.loading:
            break
        time.sleep(0.01)
        app.run_frames(1)
    return scene


def a_tournament(moves: list[str]) -> ResultsLog:
    """A Tic-tac-toe tournament log of two games between levels 1 and 2 in the tournaments folder."""
    log = ResultsLog.create(tournaments_dir() / "tictactoe-2026-11-26-1405.jsonl",
                            {"game": "tictactoe", "options": {}, "players": ["level-1", "level-2"],
                             "games_per_pair": 1, "time_per_move": 0.1, "clock": None, "seed": 1,
                             "opening_plies": 0, "loader": None})
    log.write(1, GameResult("tictactoe", {}, ["level-1", "level-2"], moves, winner=None, reason="stopped"))
    log.write(2, GameResult("tictactoe", {}, ["level-2", "level-1"], ["a1"], winner=None, reason="stopped"))
    log.close()
    return log


def typed(app, text: str) -> None:
    for char in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=char))
    app.run_frames(2)


def searched(app, text: str) -> None:
    """``text`` typed in the list's search field, reached from the rows with Shift+Tab."""
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    typed(app, text)


def players(scene: RecordsScene) -> list[tuple[str, str, str]]:
    """The rows shown: game and both players' titles."""
    return [(e.record.game_id, e.record.players[0].title, e.record.players[1].title) for e in scene.entries]


def test_the_game_stepper_shows_only_that_games_rows_and_says_how_many(app, monkeypatch):
    a_class_of_games()
    scene = open_list(app)
    assert len(scene.entries) == 4
    drawn = recorded_text(monkeypatch)
    stepper = scene.game_stepper
    click(app, (stepper.rect.right - 5, stepper.rect.centery))  # its right half: the first game
    assert {game for game, _a, _b in players(scene)} == {"tictactoe"} and len(scene.entries) == 2
    click(app, (stepper.rect.right - 5, stepper.rect.centery))
    click(app, (stepper.rect.right - 5, stepper.rect.centery))
    assert players(scene) == [("reversi", "Ana", "JOÃO")]
    assert "1 of 4 games" in drawn and "Game: Reversi" in drawn
    click(app, (stepper.rect.left + 5, stepper.rect.centery))
    click(app, (stepper.rect.left + 5, stepper.rect.centery))
    click(app, (stepper.rect.left + 5, stepper.rect.centery))  # back round to every game
    assert len(scene.entries) == 4


def test_typing_a_name_narrows_the_rows_whatever_its_accents_and_esc_clears_then_leaves(app):
    a_class_of_games()
    scene = open_list(app)
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)  # from the rows up to the field
    assert scene.search.focus
    typed(app, "joao")
    assert sorted(players(scene)) == [("reversi", "Ana", "JOÃO"), ("tictactoe", "João", "Ana")]
    typed(app, "x")
    assert scene.entries == []
    key(app, pygame.K_BACKSPACE)
    assert len(scene.entries) == 2
    key(app, pygame.K_o)  # a letter typed in the field, not the folder's key
    assert not any(m.text.startswith("Opening") for m in app.messages.items)
    key(app, pygame.K_ESCAPE)
    assert scene.search.text == "" and len(scene.entries) == 4 and app.scene is scene
    key(app, pygame.K_ESCAPE)
    assert not isinstance(app.scene, RecordsScene)


def test_esc_clearing_the_field_rings_the_first_row_as_the_keyboard_goes_back_to_the_rows(app, monkeypatch):
    """Esc clearing the text typed takes the keyboard back to the rows: no row was ringed then,
    nothing on the screen showed where the keyboard was, and the next Esc left the screen."""
    from ui.scenes import records

    a_class_of_games()
    scene = open_list(app)
    searched(app, "ana")
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene and scene.search.text == "" and not scene.search.focus
    rings = recorded_rings(monkeypatch, records)
    scene.draw(app.screen)
    assert scene.selected == 0 and rings == [scene.entries[0].rect]
    key(app, pygame.K_RETURN)  # the row ringed is the one Enter opens
    assert isinstance(app.scene, ReplayScene) and app.scene.record.players[0].title == "Rui"


def test_esc_on_the_game_stepper_rings_the_first_of_the_rows_it_chose(app, monkeypatch):
    """Esc on the ringed game stepper takes the keyboard back to the rows, as on a button; the
    rows the stepper had just chosen had none picked, and none was ringed."""
    from ui.scenes import records

    a_class_of_games()
    scene = open_list(app)
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)  # up past the field to the stepper
    assert scene.focus.current(scene._stops()) is scene.game_stepper
    key(app, pygame.K_RIGHT)  # the first game alone
    assert {game for game, _a, _b in players(scene)} == {"tictactoe"}
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene and scene._on_rows()
    rings = recorded_rings(monkeypatch, records)
    scene.draw(app.screen)
    assert scene.selected == 0 and rings == [scene.entries[0].rect]


def test_enter_in_the_field_picks_the_first_row_found_and_enter_again_replays_it(app):
    a_class_of_games()
    scene = open_list(app)
    searched(app, "RITA")
    key(app, pygame.K_RETURN)
    assert not scene.search.focus and scene.selected == 0
    key(app, pygame.K_RETURN)
    assert isinstance(app.scene, ReplayScene) and app.scene.record.players[0].title == "Rita"


def test_the_filter_is_there_again_when_the_screen_is_opened_again(app):
    a_class_of_games()
    scene = open_list(app)
    scene.game_stepper.step(1)  # Tic-tac-toe
    searched(app, "ana")
    assert len(scene.entries) == 2
    click(app, scene.back_button.rect.center)
    assert not isinstance(app.scene, RecordsScene)
    again = open_list(app)
    assert again.search.text == "ana" and again.filter.game == "tictactoe"
    assert sorted(players(again)) == [("tictactoe", "João", "Ana"), ("tictactoe", "Rita", "Ana")]


def test_the_games_of_a_tournament_played_in_the_window_are_listed_and_replayed(app, monkeypatch):
    a_class_of_games()
    game = games.load("tictactoe")
    moves = ["b2", "a1", "c3"]
    log = a_tournament(moves)
    assert game.play_line(moves) is not None
    drawn = recorded_text(monkeypatch)
    scene = open_list(app)
    assert len(scene.entries) == 6
    searched(app, "level 2")
    assert [e.number for e in scene.entries] == [2, 1]  # ended in one second: the later game first
    assert any("tournament tictactoe-2026-11-26-1405, game 1" in text for text in drawn)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)  # game 1, the row under game 2
    key(app, pygame.K_DELETE)
    key(app, pygame.K_DELETE)
    assert log.path.exists() and len(scene.entries) == 2  # the log holds the whole tournament: kept
    key(app, pygame.K_RETURN)
    assert isinstance(app.scene, ReplayScene) and app.scene.record.moves == moves


def test_each_game_of_a_tournament_is_listed_at_the_time_it_ended(app, monkeypatch):
    """A teacher looking for the game played at the start of the lesson saw every game of the
    league at one time, the log file's (its last game's); each row now says when its game ended."""
    import os
    from datetime import UTC, datetime

    from ai import results_log
    from ui.i18n import date_text

    ends = iter([datetime(2026, 11, 26, 14, 5, tzinfo=UTC), datetime(2026, 11, 26, 15, 40, tzinfo=UTC)])

    class Clock(datetime):
        @classmethod
        def now(cls, tz=None):
            return next(ends)

    monkeypatch.setattr(results_log, "datetime", Clock, raising=False)  # the clock a log line is stamped with
    log = a_tournament(["b2", "a1", "c3"])
    os.utime(log.path, (datetime(2026, 11, 27, 9, 0).timestamp(),) * 2)  # copied, or looked at, the next day
    drawn = recorded_text(monkeypatch)
    open_list(app)
    for hour, minute in ((14, 5), (15, 40)):
        when = date_text(datetime(2026, 11, 26, hour, minute, tzinfo=UTC).astimezone())
        assert any(when in text for text in drawn), (when, [t for t in drawn if "2026" in t])


def test_rows_of_one_second_list_the_later_tournament_game_and_the_later_file_name_first(app, monkeypatch):
    """The log keeps when a game ended to the second, and a quick league ends several games in
    one: they were listed oldest game first (game 1 above game 3) in a list that is newest first,
    and files saved in one second were listed by name upwards.  Time, then game number, then file
    name, all descending, whatever order the folders are read in."""
    from datetime import UTC, datetime

    from ai import results_log

    moment = datetime(2026, 11, 26, 14, 5, tzinfo=UTC)

    class Clock(datetime):
        @classmethod
        def now(cls, tz=None):
            return moment  # every game of the log ends in this second

    monkeypatch.setattr(results_log, "datetime", Clock, raising=False)
    log = ResultsLog.create(tournaments_dir() / "liga.jsonl",
                            {"game": "tictactoe", "options": {}, "players": ["level-1", "level-2"],
                             "games_per_pair": 2, "time_per_move": 0.1, "clock": None, "seed": 1,
                             "opening_plies": 0, "loader": None})
    for number in (1, 2, 3):
        log.write(number, GameResult("tictactoe", {}, ["level-1", "level-2"], ["b2"], winner=None, reason="stopped"))
    log.close()
    game = games.load("tictactoe")
    for name in ("a", "b"):  # saved in that same second
        record = GameRecord.start(game, (Side(None, "Ana"), Side(None, "Rui")), {"mode": "hotseat"})
        save(replace(record, updated=moment.isoformat()), games_dir() / f"{name}.json")
    rows = [(entry.number, entry.path.name) for entry in open_list(app).entries]
    assert rows == [(3, "liga.jsonl#3"), (2, "liga.jsonl#2"), (1, "liga.jsonl#1"), (0, "b.json"), (0, "a.json")]


def test_a_students_forfeit_in_a_tournament_row_names_the_student_not_the_files_path(app, monkeypatch):
    """A league's forfeits were listed as "X forfeits: /home/prof/bots/duarte/jogador.py exceeded the
    time limit (0.71 s > 0.2 s); process stopp…": the file's whole path filled the row and cut off why;
    and a log that noted no names listed two students' files as "jogador.py vs jogador.py"."""
    duarte, ana = "/home/prof/turma-b/bots/duarte/jogador.py", "/home/prof/turma-b/bots/ana/jogador.py"
    log = ResultsLog.create(tournaments_dir() / "liga.jsonl",
                            {"game": "tictactoe", "options": {}, "players": [duarte, ana],
                             "games_per_pair": 1, "time_per_move": 0.2, "clock": None, "seed": 1,
                             "opening_plies": 0, "loader": None})
    log.write(1, GameResult("tictactoe", {}, [duarte, ana], [], winner=1, forfeit=True,
                            reason=f"X forfeits: {duarte} exceeded the time limit (0.71 s > 0.2 s); process stopped"))
    log.close()
    drawn = recorded_text(monkeypatch)
    scene = open_list(app)
    # by their folders, as the tournament's tables name a jogador.py (docs/leagues.md)
    assert any(text.startswith("Tic-tac-toe: duarte vs ana · ana wins (X forfeits: duarte exceeded") for text in drawn), [
        t for t in drawn if "forfeits" in t]
    assert "exceeded the time limit (0.71 s > 0.2 s)" in scene.row_text(scene.entries[0])[0]  # the replay says it whole


def test_a_click_puts_the_keyboard_in_the_field_and_shift_tab_goes_back_to_the_game_chooser(app):
    a_class_of_games()
    scene = open_list(app)
    click(app, scene.search.rect.center)
    typed(app, "Rui")
    assert players(scene) == [("hex", "Rui", "Marta")]
    key(app, pygame.K_BACKSPACE)
    key(app, pygame.K_BACKSPACE)
    key(app, pygame.K_BACKSPACE)
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)  # the game chooser, left of the field
    assert not scene.search.focus and scene.game_stepper.focused
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert {game for game, _a, _b in players(scene)} == {"hex"}
    key(app, pygame.K_DOWN)
    assert scene.selected == 0 and not scene.game_stepper.focused


def test_a_key_that_changes_no_text_in_the_field_keeps_the_row_picked(app):
    a_class_of_games()
    scene = open_list(app)
    searched(app, "ana")
    key(app, pygame.K_RETURN)
    key(app, pygame.K_DOWN)
    assert scene.selected == 1
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)  # back up in the field: Left, Home and Up move nothing there
    for k in (pygame.K_LEFT, pygame.K_HOME, pygame.K_UP):
        key(app, k)
    assert scene.search.focus and scene.selected == 1


def test_a_tournament_log_not_read_before_is_read_off_the_windows_frames_and_once(app, monkeypatch):
    """A log of hundreds of games (and our players' titles) takes a noticeable part of a second:
    read on the window's thread it froze the list's first frame; unchanged, it is not read again."""
    a_class_of_games()
    a_tournament(["b2", "a1", "c3"])
    reads = []
    real_read = ResultsLog.read_with_times
    monkeypatch.setattr(ResultsLog, "read_with_times",
                        staticmethod(lambda path: reads.append(path) or real_read(path)))
    scene = RecordsScene(app)
    app.switch(scene)
    assert scene.reading.loading  # the log is read on a thread, the list saying "Loading…"
    scene = open_list(app)
    assert len(scene.entries) == 6 and len(reads) == 1
    scene = open_list(app)  # the screen again: the log unchanged is not read again, and at once
    assert len(scene.entries) == 6 and len(reads) == 1


def test_after_a_tournament_alone_the_main_menu_offers_saved_games_and_it_lists_its_games(app):
    """A teacher's first tournament in the window, with no game saved: the main menu had no Saved
    games button, so its games (rows of that list) could not be reached from there."""
    from ui.scenes.menu import MenuScene

    a_tournament(["b2", "a1", "c3"])
    app.switch(MenuScene(app))
    app.run_frames(2)
    assert app.scene.menu.get_widget("saved") is not None
    click(app, app.scene.menu.get_widget("saved").get_rect(to_real_position=True).center)
    assert isinstance(app.scene, RecordsScene)
    assert sorted(entry.number for entry in read_in(app, app.scene).entries) == [1, 2]


def test_an_openings_name_typed_finds_its_games_without_working_the_openings_out_again(app, monkeypatch):
    """The rows name a Reversi game's opening ("Opening: Tiger"); typing "tiger" or "rose" in the
    search found nothing.  The names are kept with each file as it is read (the list cache), so
    neither the keys typed nor a second visit work an opening out again."""
    from games.reversi import Reversi

    a_class_of_games()
    saved("reversi", "Rita", "Rui", ["f5", "d6", "c3", "d3", "c4", "f4"], 14)  # on past the Tiger
    saved("reversi", "Ana", "Marta", ["f5", "d6", "c5", "f4", "e3", "c6", "d3", "f6", "e6", "d7"], 15)  # the Rose
    asked: list[tuple[str, ...]] = []
    real = Reversi.opening_name
    monkeypatch.setattr(Reversi, "opening_name", lambda game, moves: asked.append(tuple(moves)) or real(game, moves))
    scene = open_list(app)
    assert len(asked) <= 3  # the Reversi files, as they were read
    asked.clear()
    searched(app, "TIGER")
    assert players(scene) == [("reversi", "Rita", "Rui")]
    key(app, pygame.K_ESCAPE)  # the text cleared, the keyboard back on the rows
    searched(app, "rose")
    assert players(scene) == [("reversi", "Ana", "Marta")]
    typed(app, "x")
    assert scene.entries == []
    click(app, scene.back_button.rect.center)
    again = open_list(app)
    assert players(again) == [] and again.search.text == "rosex"
    assert asked == []


def test_shift_tab_goes_up_from_the_rows_to_the_field_and_the_game_chooser_and_tab_comes_down_again(app):
    """The ring follows the screen: above the rows the game chooser at the left, the field beside
    it; Shift+Tab goes up from the rows to the field, then the chooser, and Tab comes back down
    through them to the rows, a row chosen there (the buttons after the rows:
    tests/test_ui_list_keys.py)."""
    a_class_of_games()
    scene = open_list(app)

    def place() -> str:
        return "field" if scene.search.focus else "games" if scene.game_stepper.focused else "rows"

    seen = []
    for _ in range(2):
        key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
        seen.append(place())
    assert seen == ["field", "games"]
    for _ in range(2):
        key(app, pygame.K_TAB)
        seen.append(place())
    assert seen[2:] == ["field", "rows"]
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)  # from the rows, up to the game chooser
    key(app, pygame.K_RIGHT)  # Tic-tac-toe only: no row chosen in the new list
    assert scene.selected is None
    key(app, pygame.K_TAB)
    key(app, pygame.K_TAB)
    assert place() == "rows" and scene.selected == 0
    key(app, pygame.K_RETURN)
    assert isinstance(app.scene, ReplayScene)


def test_the_name_of_a_tournament_typed_finds_its_games(app, monkeypatch):
    """QA (qa147): a tournament's rows say "tournament liga-3a, game 12", and a teacher who typed
    "liga-3a" in the search field was told no game matches.  Its name, or a part of it, whatever
    the case, keeps its games and leaves out the saved games of the same players."""
    a_class_of_games()
    a_tournament(["b2", "a1", "c3"])
    saved("tictactoe", "Level 1", "Level 2", ["b2"], 9)  # the same players, saved by hand
    scene = open_list(app)
    assert len(scene.entries) == 7
    searched(app, "TICTACTOE-2026-11-26")
    assert sorted(e.number for e in scene.entries) == [1, 2]
    assert all(e.log is not None and e.log.stem == "tictactoe-2026-11-26-1405" for e in scene.entries)
