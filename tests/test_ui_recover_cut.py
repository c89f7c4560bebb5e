"""A saved game cut short, recovered from the lists as a player does it: Saved games and Continue
offer "Recover N moves" on a row for the damaged file, a click opens the game up to its last whole
move (a replay, or the game to play on), and the damaged file keeps its bytes (headless App,
posted clicks)."""

from __future__ import annotations

import json
import os
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

import games
from games.record_parts import Side
from tests.test_record import random_game
from tests.test_ui_records import saved_games
from tests.ui_helpers import click, click_widget, window_for_a_test
from ui.autosave import SHELF
from ui.autosave_reading import DAMAGED_FILES
from ui.data_folders import games_dir
from ui.record_files import save
from ui.scenes.game import GameScene
from ui.scenes.records import RecordsScene
from ui.scenes.replay import ReplayScene
from ui.scenes.unfinished import UnfinishedScene

KEPT = 23  # the moves a cut leaves whole


def cut_save(folder: Path, game_id: str = "reversi", finished: bool = True,
             whole: Path | None = None) -> tuple[list[str], bytes]:
    """A real game saved in ``folder`` and cut in its 24th move's text, as a disk that filled
    leaves it: the game's moves, and the bytes left.  ``whole``: the game saved there too, whole
    (as Save writes it)."""
    record, _final = random_game(game_id, 8, 300 if finished else 40)
    record = replace(record, players=(Side(None, "Basílio"), Side("level-3", "Level 3")))
    if whole is not None:
        whole.parent.mkdir(parents=True, exist_ok=True)
        save(record, whole)
    folder.mkdir(parents=True, exist_ok=True)
    path = save(record, folder / "evening.json")
    data = path.read_bytes()
    moves_at = data.index(b'"moves"')
    cut = data[:data.index(json.dumps(record.moves[KEPT]).encode(), moves_at) + 2]
    path.write_bytes(cut)
    return record.moves, cut


def the_damaged_file(folder: Path) -> Path:
    (aside,) = folder.glob(DAMAGED_FILES)
    return aside


def open_screen(app, scene_type) -> RecordsScene:
    app.switch(scene_type(app))
    app.run_frames(3)
    return app.scene


def row_saying(scene: RecordsScene, words: str):
    (entry,) = [entry for entry in scene.entries if words in scene.row_text(entry)[0]]
    return entry


def test_saved_games_recovers_a_cut_file_as_a_replay(app):
    moves, cut = cut_save(games_dir())
    scene = open_screen(app, RecordsScene)
    aside = the_damaged_file(games_dir())  # moved aside as before, its bytes as they were
    entry = row_saying(scene, f"Recover {KEPT} moves")
    assert "Basílio vs Level 3" in scene.row_text(entry)[0]
    said = [message.text for message in app.messages.items]
    assert any("evening.json: the file is cut short or damaged" in text and
               f"Its game's first {KEPT} moves can be recovered: Saved games offers them." in text for text in said), said
    click(app, entry.rect.center)
    assert isinstance(app.scene, ReplayScene)
    game = games.load("reversi")
    assert app.scene.record.moves == moves[:KEPT]
    assert app.scene.states[-1].key() == game.play_line(moves[:KEPT]).key()  # the board the moves make
    assert any("damaged file" in message.text and "left as it is" in message.text for message in app.messages.items)
    assert aside.read_bytes() == cut
    assert list(games_dir().glob("*.json")) == []  # nothing written until the player saves


def test_continue_recovers_a_cut_autosave_to_play_on_in_a_new_file(app):
    moves, cut = cut_save(SHELF.folder, "hex", finished=False)
    scene = open_screen(app, UnfinishedScene)
    aside = the_damaged_file(SHELF.folder)
    entry = row_saying(scene, f"Recover {KEPT} moves")
    click(app, entry.rect.center)
    assert isinstance(app.scene, GameScene)
    assert app.scene.state.key() == games.load("hex").play_line(moves[:KEPT]).key()
    assert aside.read_bytes() == cut
    own = app.scene.recorder.autosaver.autosave.path
    assert own.parent == SHELF.folder and own != aside and own.suffix == ".json"  # a file of its own, never the damaged one


def test_a_recovered_game_kept_since_is_not_offered_again(app):
    moves, cut = cut_save(games_dir())
    scene = open_screen(app, RecordsScene)
    click(app, row_saying(scene, "Recover").rect.center)
    save(app.scene.record, games_dir() / "recovered.json")  # as the replay's Save writes it
    scene = open_screen(app, RecordsScene)
    assert [entry for entry in scene.entries if "Recover" in scene.row_text(entry)[0]] == []
    assert [entry.path.name for entry in scene.entries] == ["recovered.json"]


def test_several_damaged_files_are_summed_up_with_those_that_can_be_recovered(app):
    cut_save(games_dir())
    (games_dir() / "evening.json").rename(games_dir() / "first.json")
    cut_save(games_dir(), "hex")
    (games_dir() / "broken.json").write_text('{"format": "tabuleiro-rec')
    scene = open_screen(app, RecordsScene)
    assert len([entry for entry in scene.entries if entry.damaged is not None]) == 2
    said = " ".join(message.text for message in app.messages.items)
    assert "3 damaged game files" in said and "The games in 2 of them can be recovered in part" in said, said


def test_a_file_with_no_whole_move_is_only_reported(app):
    record, _final = random_game("tictactoe", 1)
    path = save(record, games_dir() / "short.json")
    path.write_bytes(path.read_bytes()[:40])  # cut in the header: no game to recover
    scene = open_screen(app, RecordsScene)
    assert scene.entries == []
    said = [message.text for message in app.messages.items]
    assert any("cut short or damaged" in text for text in said) and not any("recovered" in text for text in said)
    pygame.event.clear()


def test_the_main_menu_says_a_cut_autosave_can_be_recovered_from_saved_games(app):
    cut_save(SHELF.folder, "hex", finished=False)
    app.show_menu()
    app.run_frames(3)
    said = [message.text for message in app.messages.items]
    assert any(f"first {KEPT} moves can be recovered: Saved games offers them" in text for text in said), said
    the_damaged_file(SHELF.folder)


def test_the_main_menu_offers_saved_games_for_a_cut_autosave_alone(app):
    """The damaged autosave is the data folder's only game file: the menu, saying "Saved games
    offers them", shows the Saved games button (``has_saved_games``), and a click on it lists the
    row to recover it.  The button left out, the message sent the player to a button not there."""
    cut_save(SHELF.folder, "hex", finished=False)
    app.show_menu()
    app.run_frames(3)
    click_widget(app, app.scene.menu, "saved")
    app.run_frames(3)
    assert isinstance(app.scene, RecordsScene)
    row_saying(app.scene, f"Recover {KEPT} moves")


WHOLE_ELSEWHERE = "Its game is kept whole in another file, so nothing of it is lost."


def test_saved_games_says_a_cut_file_whose_game_another_file_keeps_whole_needs_no_recovering(app):
    """Saved games rightly offers no row to recover a game a saved file keeps whole, and its message
    said "Saved games offers them": the player looked there for a row that was never to be."""
    cut_save(games_dir(), whole=games_dir() / "kept.json")
    scene = open_screen(app, RecordsScene)
    assert [entry.path.name for entry in scene.entries] == ["kept.json"]  # no "Recover 23 moves" row
    said = [message.text for message in app.messages.items]
    assert any("evening.json: the file is cut short or damaged" in text and WHOLE_ELSEWHERE in text
               for text in said), said
    assert not any("can be recovered" in text for text in said), said


def written_later(path: Path, seconds: float = 3600.0) -> None:
    """``path`` last written ``seconds`` after its game began, as a game's file is after an evening's
    play (a test's game is saved and cut in the second it begins)."""
    later = path.stat().st_mtime + seconds
    os.utime(path, (later, later))


@pytest.mark.parametrize("folder", ["saved", "unfinished"])
def test_a_file_cut_in_its_moves_whose_game_was_saved_whole_later_needs_no_recovering(app, folder):
    """A file cut in its moves loses its dates (they follow the moves): dated by its last writing,
    it never matched the saved copy's start, and Saved games offered "Recover 23 moves" beside the
    game saved whole, the lists' message saying so too.  Its tests passed only as the game was
    saved, cut and read within one second."""
    where = games_dir() if folder == "saved" else SHELF.folder
    cut_save(where, "reversi", finished=folder == "saved", whole=games_dir() / "kept.json")
    written_later(where / "evening.json")
    if folder == "unfinished":  # the main menu reads the unfinished games, and says so
        app.show_menu()
        app.run_frames(3)
    said = [message.text for message in app.messages.items]
    scene = open_screen(app, RecordsScene)
    assert [entry.path.name for entry in scene.entries if entry.damaged is not None] == []  # no "Recover" row
    said += [message.text for message in app.messages.items]
    assert any(WHOLE_ELSEWHERE in text for text in said) and not any("can be recovered" in text for text in said), said


def test_the_main_menu_says_a_cut_autosave_whose_game_was_saved_whole_needs_no_recovering(app):
    """The main menu reads the unfinished games alone: of a cut autosave whose game the player had
    saved by hand it said "Saved games offers them", and Saved games, listing the saved file,
    offered nothing to recover."""
    cut_save(SHELF.folder, "hex", finished=False, whole=games_dir() / "kept.json")
    app.show_menu()
    app.run_frames(3)
    said = [message.text for message in app.messages.items]
    assert any(WHOLE_ELSEWHERE in text for text in said) and not any("can be recovered" in text for text in said), said
    scene = open_screen(app, RecordsScene)
    assert [entry.path.name for entry in scene.entries] == ["kept.json"]


def test_several_damaged_files_say_which_games_are_kept_whole_elsewhere(app):
    cut_save(games_dir(), whole=games_dir() / "kept.json")
    (games_dir() / "evening.json").rename(games_dir() / "first.json")
    cut_save(games_dir(), "hex")
    scene = open_screen(app, RecordsScene)
    assert len([entry for entry in scene.entries if entry.damaged is not None]) == 1  # the hex game's
    said = " ".join(message.text for message in app.messages.items)
    assert "2 damaged game files" in said, said
    assert "The game in 1 of them can be recovered in part: Saved games offers it." in said, said
    assert "The game in 1 of them is kept whole in another file, so nothing of it is lost." in said, said


NEWER = '{"format": "tabuleiro-record", "version": 99}'  # a record of a Tabuleiro to come: left in place


@pytest.mark.parametrize("whole", [True, False])
def test_one_damaged_file_beside_one_left_in_place_is_its_game_not_1_of_them(app, whole):
    """One file moved aside beside a file left in place is summed up with it, and said "The game in
    1 of them is kept whole in another file" (or "can be recovered in part"): of one file, "its
    game"."""
    cut_save(games_dir(), whole=games_dir() / "kept.json" if whole else None)
    (games_dir() / "later.json").write_text(NEWER, encoding="utf-8")
    open_screen(app, RecordsScene)
    said = " ".join(message.text for message in app.messages.items)
    assert "1 damaged game file" in said and "Left in place: later.json" in said, said
    its_game = (WHOLE_ELSEWHERE if whole else "Its game can be recovered in part: Saved games offers it.")
    assert its_game in said and "1 of them" not in said, said


def test_a_cut_file_whose_game_a_tournaments_results_keep_whole_says_where_not_saved_games(app):
    """A tournament game replayed and saved, its file cut since: Saved games lists the game as the
    tournament's row and offers no recovery, and its message said "Saved games offers them"."""
    from ai.match import GameResult
    from ai.results_log import ResultsLog
    from ui.data_folders import tournaments_dir
    from ui.tournament_logs import games_played

    record, _final = random_game("reversi", 8, 300)
    log = ResultsLog.create(tournaments_dir() / "reversi-2026-11-26-1405.jsonl",
                            {"game": "reversi", "options": record.options, "players": ["level-1", "level-2"],
                             "games_per_pair": 1, "time_per_move": 0.1, "clock": None, "seed": 1,
                             "opening_plies": 0, "loader": None})
    log.write(1, GameResult("reversi", record.options, ["level-1", "level-2"], record.moves[:40], winner=None,
                            reason="stopped"))
    log.close()
    (played,) = games_played(tournaments_dir())
    path = save(played.record, games_dir() / "evening.json")  # as the replay's Save writes it
    data = path.read_bytes()
    path.write_bytes(data[:data.index(json.dumps(record.moves[KEPT]).encode(), data.index(b'"moves"')) + 2])
    scene = open_screen(app, RecordsScene)
    assert [entry for entry in scene.entries if entry.damaged is not None] == []  # no "Recover 23 moves" row
    said = [message.text for message in app.messages.items]
    assert any("evening.json: the file is cut short or damaged" in text and
               "Its game is kept whole in the results of tournament reversi-2026-11-26-1405 (game 1)" in text
               for text in said), said
    assert not any("Saved games offers" in text for text in said), said


def test_at_800x600_the_main_menu_shows_a_cut_autosaves_message_whole(tmp_path, monkeypatch):
    """At 800x600, with Saved games among the buttons, the main menu kept one message's room under
    the games' pictures, and a damaged autosave's three lines (its file, where it went, what can
    be recovered) were cut to the first, "Cut short: click here to copy the whole message" under
    it.  The menu laid out as the report comes keeps room for it whole, over none of the pictures."""
    with window_for_a_test(tmp_path, monkeypatch, size=(800, 600)) as app:
        saved_games(1)
        cut_save(SHELF.folder, "hex", finished=False)
        app.show_menu()
        app.run_frames(3)
        shown = app.messages.shown(app.scale, app.messages_width(), app.messages_room())
        said = next(lines for message, lines, cut in shown if "cut short or damaged" in message.text and not cut)
        assert len(said) >= 3 and " ".join(said).endswith("Saved games offers them."), said
        assert app.scene.show_cards  # smaller, under the buttons: the lane stands under them
