"""The lists of games with a teacher's years of files: each file's moves are replayed once, not at
every visit of the list (Saved games took 6 s each time with 2000 records)."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

import games
from games.record import GameRecord
from games.record_parts import Side
from tests.ui_helpers import first_legal_line, words_in
from ui import autosave, autosave_reading, data_folders
from ui.record_files import save


def _record(moves: int) -> GameRecord:
    game = games.load("reversi")
    played, state = first_legal_line(game.initial_state(), moves)
    return GameRecord.start(game, (Side(None, "Ana"), Side("level-1", "Level 1"))).with_moves(played, state)


def _counting_reads(monkeypatch) -> list:
    read: list = []

    def load(path):
        read.append(path.name)
        return real(path)

    real = autosave.load_record
    for module in (autosave, autosave_reading):  # both read records with it
        monkeypatch.setattr(module, "load_record", load)
    return read


def test_a_list_read_again_replays_only_the_files_that_changed(tmp_path, monkeypatch):
    for n in range(3):
        save(_record(n + 1), tmp_path / f"game-{n}.json")
    read = _counting_reads(monkeypatch)
    first, _ = autosave_reading.scan(tmp_path)
    assert sorted(read) == ["game-0.json", "game-1.json", "game-2.json"]

    read.clear()
    again, _ = autosave_reading.scan(tmp_path)
    assert read == [] and [(p, r.moves) for p, r in again] == [(p, r.moves) for p, r in first]

    save(_record(9), tmp_path / "game-1.json")  # played on in another window
    (tmp_path / "game-2.json").unlink()
    changed, _ = autosave_reading.scan(tmp_path)
    assert read == ["game-1.json"]
    assert {p.name: len(r.moves) for p, r in changed} == {"game-0.json": 1, "game-1.json": 9}


def test_a_file_damaged_after_it_was_listed_is_still_moved_aside(tmp_path):
    path = save(_record(2), tmp_path / "game.json")
    assert len(autosave_reading.scan(tmp_path)[0]) == 1
    path.write_text(path.read_text()[:40])  # cut short by a disk fault: a new size, a new time
    found, problems = autosave_reading.scan(tmp_path)
    assert found == [] and len(problems) == 1
    assert [p.name.split(".corrupt-")[0] for p in tmp_path.glob("*.corrupt-*")] == ["game.json"]


def test_the_log_says_where_a_damaged_file_went_in_english_whatever_the_windows_language(tmp_path, caplog):
    """The log's line for a damaged file moved aside took the window's words for where it went:
    "not valid JSON (...); movido para game.json.corrupt-... em ..." in a Portuguese window's
    log, a bug report's English broken mid-line.  The screen's words stay the window's."""
    path = save(_record(2), tmp_path / "game.json")
    path.write_text(path.read_text()[:40])
    with words_in("pt"), caplog.at_level("WARNING", logger="ui.autosave"):
        _found, problems = autosave_reading.scan(tmp_path)
    (aside,) = tmp_path.glob("*.corrupt-*")
    assert "movido para" in problems[0], problems  # the window says it in its language
    (line,) = [m for m in caplog.messages if m.startswith("unreadable record")]
    assert line.endswith(f"; moved to {aside}") and "movido" not in line, line


def test_the_log_says_where_a_damaged_autosave_went_in_english_too(tmp_path, caplog):
    """The older single autosave file (``Autosave.load``) logged where its damaged file went in
    the window's words too."""
    path = save(_record(2), tmp_path / "autosave.json")
    path.write_text(path.read_text()[:40])
    with words_in("pt"), caplog.at_level("WARNING", logger="ui.autosave"):
        record, problem = autosave.Autosave(path).load()
    (aside,) = tmp_path.glob("*.corrupt-*")
    assert record is None and "movido para" in problem, problem
    (line,) = [m for m in caplog.messages if m.startswith("autosave unreadable")]
    assert line.endswith(f"; moved to {aside}") and "movido" not in line, line


def test_saved_games_with_many_new_files_reads_them_off_the_windows_thread(app, monkeypatch):
    """Saved games of a folder with more new files than a blink's reading opens at once, says
    "Loading…", and the window goes on drawing while a thread reads; then the rows come, and a
    damaged file among them is said once."""
    import threading

    from tests.ui_helpers import recorded_text
    from ui import folder_reading
    from ui.data_folders import games_dir

    for n in range(3):
        save(_record(n + 1), games_dir() / f"game-{n}.json")
    (games_dir() / "cut.json").write_text('{"format": "tabuleiro-record", "ver')
    monkeypatch.setattr(folder_reading, "READ_AT_ONCE", 2)
    held, readers = threading.Event(), set()
    real = autosave.load_record

    def load(path):
        readers.add(threading.current_thread().name)
        held.wait(10)
        return real(path)

    for module in (autosave, autosave_reading):  # both read records with it
        monkeypatch.setattr(module, "load_record", load)
    drawn = recorded_text(monkeypatch)
    app.show_saved_games()
    draws = app.draws
    app.run_frames(3)
    scene = app.scene
    assert scene.loading and scene.entries == [] and app.draws > draws
    assert "Loading…" in drawn

    held.set()
    assert app.run_frames(1000, until=lambda: not scene.loading, timeout=30)
    assert readers == {"read-records"}
    assert sorted(entry.path.name for entry in scene.entries) == ["game-0.json", "game-1.json", "game-2.json"]
    said = [m.text for m in app.messages.items if "cut.json" in m.text]
    assert len(said) == 1 and list(games_dir().glob("cut.json.corrupt-*"))


def test_the_main_menu_with_many_new_unfinished_games_opens_at_once_and_continue_comes_after(app, monkeypatch):
    """The main menu reads the unfinished games for its Continue button: with many not read
    before (a teacher's 300 took 3 s as the window opened) it shows at once, its Continue button
    saying it is reading, and the window goes on drawing; then the button counts them."""
    import threading

    from tests.ui_helpers import recorded_text
    from ui import folder_reading
    from ui.autosave import SHELF, Autosave

    for n in range(3):
        Autosave(SHELF.folder / f"game-{n}.json").save(_record(n + 1))
    monkeypatch.setattr(folder_reading, "READ_AT_ONCE", 2)
    held = threading.Event()
    real = autosave.load_record
    for module in (autosave, autosave_reading):  # both read records with it
        monkeypatch.setattr(module, "load_record", lambda path: held.wait(10) and real(path))
    app.show_menu()
    draws = app.draws
    drawn = recorded_text(monkeypatch)
    app.run_frames(3)
    menu = app.scene
    assert menu.menu.get_widget("continue").get_title() == "Continue: reading…"
    assert app.draws > draws and drawn

    held.set()
    assert app.run_frames(1000, until=lambda: not menu.reading.loading, timeout=30)
    app.run_frames(2)
    assert menu.menu.get_widget("continue").get_title() == "Continue (3 games)"
    assert len(menu.unfinished) == 3


def test_saved_games_left_and_opened_again_while_reading_reads_each_file_once(app, monkeypatch):
    """Back from a Saved games still loading, then Saved games again: the second visit waits for
    the first reading instead of replaying every record a second time beside it."""
    import threading

    from ui import folder_reading
    from ui.data_folders import games_dir

    for n in range(3):
        save(_record(n + 1), games_dir() / f"game-{n}.json")
    monkeypatch.setattr(folder_reading, "READ_AT_ONCE", 2)
    held, read = threading.Event(), []
    real = autosave.load_record

    def load(path):
        held.wait(10)
        read.append(path.name)
        return real(path)

    for module in (autosave, autosave_reading):  # both read records with it
        monkeypatch.setattr(module, "load_record", load)
    app.show_saved_games()
    app.run_frames(2)
    app.show_menu()
    app.show_saved_games()
    scene = app.scene
    assert scene.loading
    held.set()
    assert app.run_frames(1000, until=lambda: not scene.loading, timeout=30)
    assert len(scene.entries) == 3 and sorted(read) == ["game-0.json", "game-1.json", "game-2.json"]


def test_a_field_set_on_a_listed_record_is_not_in_the_next_listing(tmp_path):
    """The replay sets its record's evaluations before saving a copy elsewhere; with the records
    kept between visits, the next listing showed the original file with evaluations it lacks."""
    save(_record(2), tmp_path / "game.json")
    (path, record), = autosave_reading.scan(tmp_path)[0]
    record.evaluations = [0.5, 0.25]
    (_, again), = autosave_reading.scan(tmp_path)[0]
    assert again.evaluations != [0.5, 0.25] and again.moves == record.moves


def _held_reading(monkeypatch):
    """The lists read on a thread (more than 2 new files), each file's reading held until set."""
    import threading

    from ui import folder_reading

    monkeypatch.setattr(folder_reading, "READ_AT_ONCE", 2)
    held = threading.Event()
    real = autosave.load_record
    for module in (autosave, autosave_reading):  # both read records with it
        monkeypatch.setattr(module, "load_record", lambda path: held.wait(10) and real(path))
    return held


def test_continue_clicked_while_reading_opens_the_games_once_they_are_read(app, monkeypatch):
    """"Continue: reading…" clicked did nothing: the click is remembered, a message says the games
    are being read, and the Continue list opens when the reading ends."""
    from tests.ui_helpers import click_widget
    from ui.autosave import SHELF, Autosave
    from ui.scenes.unfinished import UnfinishedScene

    for n in range(3):
        Autosave(SHELF.folder / f"game-{n}.json").save(_record(n + 1))
    held = _held_reading(monkeypatch)
    app.show_menu()
    menu = app.scene
    click_widget(app, menu.menu, "continue")
    assert app.scene is menu
    assert any(m.text.startswith("Still reading your unfinished games") for m in app.messages.current())

    held.set()
    assert app.run_frames(1000, until=lambda: isinstance(app.scene, UnfinishedScene), timeout=30)
    assert len(app.scene.entries) == 3


def test_a_damaged_file_found_after_its_list_was_left_is_said_on_the_menu_once(app, monkeypatch):
    """Saved games left while still reading: the damaged file that reading moved aside was never
    said (the next reading finds it already moved).  The main menu says it when the reading ends,
    once."""
    from ui import file_report
    from ui.data_folders import games_dir

    for n in range(3):
        save(_record(n + 1), games_dir() / f"game-{n}.json")
    (games_dir() / "cut.json").write_text('{"format": "tabuleiro-record", "ver')
    held = _held_reading(monkeypatch)
    app.show_saved_games()
    app.run_frames(2)
    app.show_menu()
    held.set()

    def said() -> list[str]:
        return [m.text for m in app.messages.current() if m.topic == file_report.TOPIC]

    # The file is moved aside on the reading thread; the menu hears of it when the reading ends,
    # which on a loaded machine can be more than a few frames later.
    assert app.run_frames(1000, until=said, timeout=30)
    assert list(games_dir().glob("cut.json.corrupt-*"))
    app.run_frames(5)
    first = said()
    assert len(first) == 1 and "cut.json" in first[0]

    app.show_saved_games()
    app.run_frames(5)
    assert said() == first


# -- after a restart: the lists' cache on disk (ui.list_cache) ------------------------------------
def _restarted(monkeypatch) -> list:
    """The cache written, then the module as a new start of the window has it (nothing read in
    this run); the names of the files read from then on."""
    from ui.background_writer import WRITER

    assert WRITER.wait(10)
    monkeypatch.setattr(autosave_reading, "_READ", {})
    return _counting_reads(monkeypatch)


def _cache_of(folder):
    from ui import list_cache

    return list_cache.cache_file(folder, data_folders.cache_dir())


def _rows(found) -> list:
    return [(p.name, r.game_id, r.players, r.moves, r.result, r.updated, r.options) for p, r in found]


def test_a_new_start_lists_the_folder_from_the_cache_without_replaying_a_record(tmp_path, monkeypatch):
    """A teacher's 2000 saved games took 7-10 s of "Loading…" at the first visit after each start:
    the records read before come from the cache, only the new file is read."""
    for n in range(3):
        save(_record(n + 1), tmp_path / f"game-{n}.json")
    first, _ = autosave_reading.scan(tmp_path)
    read = _restarted(monkeypatch)
    assert _cache_of(tmp_path).is_file()

    again, problems = autosave_reading.scan(tmp_path)
    assert read == [] and problems == []
    assert _rows(again) == _rows(first)

    save(_record(5), tmp_path / "game-new.json")
    read = _restarted(monkeypatch)
    assert len(autosave_reading.scan(tmp_path)[0]) == 4 and read == ["game-new.json"]


def test_a_new_start_reads_again_a_file_changed_since_and_forgets_a_removed_one(tmp_path, monkeypatch):
    import json

    for n in range(3):
        save(_record(n + 1), tmp_path / f"game-{n}.json")
    autosave_reading.scan(tmp_path)
    save(_record(9), tmp_path / "game-1.json")  # played on, or replaced, while the window was closed
    (tmp_path / "game-2.json").unlink()
    read = _restarted(monkeypatch)

    found, _ = autosave_reading.scan(tmp_path)
    assert read == ["game-1.json"]
    assert {p.name: len(r.moves) for p, r in found} == {"game-0.json": 1, "game-1.json": 9}
    _restarted(monkeypatch)
    assert sorted(json.loads(_cache_of(tmp_path).read_text())["files"]) == ["game-0.json", "game-1.json"]


def test_a_cache_without_the_openings_is_used_and_written_again_with_them(tmp_path, monkeypatch):
    """The cache keeps each file's opening (the rows show it, the search finds it); one written by
    the version before, without them, still spares the files' reading, and is written again with
    them, so the next start works out no opening either."""
    import json

    tiger = ["f5", "d6", "c3", "d3", "c4"]
    reversi = games.load("reversi")
    record = GameRecord.start(reversi, (Side(None, "Ana"), Side(None, "Rui"))).with_moves(tiger, reversi.play_line(tiger))
    save(record, tmp_path / "tiger.json")
    tictactoe = games.load("tictactoe")
    save(GameRecord.start(tictactoe, (Side(None, "Ana"), Side(None, "Rui"))).with_moves(["b2"], tictactoe.play_line(["b2"])),
         tmp_path / "none.json")
    autosave_reading.scan(tmp_path)
    read = _restarted(monkeypatch)
    cache = json.loads(_cache_of(tmp_path).read_text())
    assert {name: entry["opening"] for name, entry in cache["files"].items()} == {"tiger.json": "Tiger", "none.json": ""}
    for entry in cache["files"].values():
        del entry["opening"]  # as the version before wrote it
    _cache_of(tmp_path).write_text(json.dumps(cache))

    autosave_reading.scan(tmp_path)
    assert read == []
    _restarted(monkeypatch)
    again = json.loads(_cache_of(tmp_path).read_text())
    assert {name: entry["opening"] for name, entry in again["files"].items()} == {"tiger.json": "Tiger", "none.json": ""}
    assert autosave_reading.listed_opening(tmp_path / "tiger.json", record) is None  # a new start: nothing read yet
    autosave_reading.scan(tmp_path)
    assert autosave_reading.listed_opening(tmp_path / "tiger.json", record) == "Tiger"


def test_a_cache_of_the_version_that_named_no_set_up_position_is_made_again(tmp_path, monkeypatch):
    """Version 1 kept "" as the opening of a game from a set-up Tiger (set-up positions were not
    named then): its rows stayed nameless, and the search did not find "Tiger", until the file changed."""
    import json

    reversi = games.load("reversi")
    tiger = reversi.to_text(reversi.play_line(["f5", "d6", "c3", "d3", "c4"]))
    record = GameRecord.start(reversi, (Side(None, "Ana"), Side(None, "Rui")), start_position=tiger).with_moves(
        ["f4"], reversi.play_line(["f4"], reversi.from_text(tiger)))
    save(record, tmp_path / "set-up.json")
    autosave_reading.scan(tmp_path)
    _restarted(monkeypatch)
    cache = json.loads(_cache_of(tmp_path).read_text())
    cache["version"], cache["files"]["set-up.json"]["opening"] = 1, ""  # as version 1 wrote it
    _cache_of(tmp_path).write_text(json.dumps(cache))

    autosave_reading.scan(tmp_path)
    assert autosave_reading.listed_opening(tmp_path / "set-up.json", record) == "Tiger"


def test_a_file_damaged_while_the_window_was_closed_is_moved_aside_and_said(tmp_path, monkeypatch):
    """A cached record must not hide its file going bad: cut short, it has another size and time."""
    path = save(_record(2), tmp_path / "game.json")
    save(_record(3), tmp_path / "other.json")
    autosave_reading.scan(tmp_path)
    path.write_text(path.read_text()[:40])
    _restarted(monkeypatch)

    found, problems = autosave_reading.scan(tmp_path)
    assert [p.name for p, _r in found] == ["other.json"] and len(problems) == 1 and "game.json" in problems[0]
    assert [p.name.split(".corrupt-")[0] for p in tmp_path.glob("*.corrupt-*")] == ["game.json"]
    assert autosave_reading.scan(tmp_path)[1] == []  # said once


@pytest.mark.parametrize("damage", ["cut short", "not UTF-8", "a newer version", "another folder's", "a bad entry",
                                    "an entry of another shape", "an entry's position not text"])
def test_a_cache_that_cannot_be_used_is_ignored_and_made_again(tmp_path, monkeypatch, caplog, damage):
    """The cache is ours, not the user's: whatever is wrong with it, the lists read the files (and
    say nothing to the user), the log says why, and the next reading writes it anew."""
    import json
    import logging

    for n in range(2):
        save(_record(n + 1), tmp_path / f"game-{n}.json")
    first, _ = autosave_reading.scan(tmp_path)
    _restarted(monkeypatch)
    cache = _cache_of(tmp_path)
    data = json.loads(cache.read_text())
    if damage == "cut short":
        cache.write_text(cache.read_text()[:100])
    elif damage == "not UTF-8":
        cache.write_bytes(b"\xff\xfe\x00garbage")
    elif damage == "a newer version":
        cache.write_text(json.dumps({**data, "version": 99}))
    elif damage == "another folder's":
        cache.write_text(json.dumps({**data, "folder": "/elsewhere"}))
    elif damage == "a bad entry":
        data["files"]["game-0.json"]["record"]["moves"] = 7
        cache.write_text(json.dumps(data))
    elif damage == "an entry's position not text":
        data["files"]["game-0.json"]["position"] = 7
        cache.write_text(json.dumps(data))
    else:
        data["files"]["game-0.json"] = ["stamp", 3]
        cache.write_text(json.dumps(data))
    read = _counting_reads(monkeypatch)

    with caplog.at_level(logging.INFO, logger="ui.list_cache"):
        found, problems = autosave_reading.scan(tmp_path)
    assert _rows(found) == _rows(first) and problems == []
    assert read == (["game-0.json"] if "entry" in damage else ["game-0.json", "game-1.json"])
    assert any(str(cache) in r.getMessage() for r in caplog.records)
    read = _restarted(monkeypatch)
    assert _rows(autosave_reading.scan(tmp_path)[0]) == _rows(first) and read == []


def test_the_cache_is_in_the_cache_folder_and_nothing_is_written_when_nothing_changed(tmp_path, monkeypatch):
    from ui.data_folders import data_dir

    save(_record(1), tmp_path / "game.json")
    autosave_reading.scan(tmp_path)
    _restarted(monkeypatch)
    cache = _cache_of(tmp_path)
    assert cache.parent.parent == data_dir() / "cache"  # TABULEIRO_DATA_DIR set: nothing written outside it
    before = cache.stat().st_mtime_ns
    autosave_reading.scan(tmp_path)
    _restarted(monkeypatch)
    assert cache.stat().st_mtime_ns == before


def test_a_second_process_lists_the_folder_without_replaying_a_record(tmp_path):
    """As after a restart of the window: another process reads the cache the first one wrote."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    for n in range(3):
        save(_record(n + 1), tmp_path / f"game-{n}.json")
    autosave_reading.scan(tmp_path)
    from ui.background_writer import WRITER

    assert WRITER.wait(10)
    script = ("import sys; from pathlib import Path; from ui import autosave_reading; read = []; "
              "real = autosave_reading.load_record; autosave_reading.load_record = lambda p: read.append(p) or real(p); "
              "found, _ = autosave_reading.scan(Path(sys.argv[1])); print(len(found), len(read))")
    root = Path(__file__).resolve().parent.parent
    done = subprocess.run([sys.executable, "-c", script, str(tmp_path)], cwd=root, env=dict(os.environ),
                          capture_output=True, text=True, timeout=120)
    assert done.stdout.split() == ["3", "0"], done.stderr


def _edited_in_place(path, old: str, new: str) -> None:
    """``path`` with ``old`` written over by ``new`` (as long), its time put back: a file whose
    stamp (time, size, inode) is the one listed, its content not."""
    import os

    info = path.stat()
    path.write_text(path.read_text().replace(old, new))
    os.utime(path, ns=(info.st_atime_ns, info.st_mtime_ns))
    assert path.stat().st_size == info.st_size


def test_a_record_opened_from_the_list_is_read_from_its_file(app):
    """The list's record may come from the cache of an earlier start: the replay opens the file."""
    import pygame

    from tests.ui_helpers import key
    from ui.data_folders import games_dir
    from ui.scenes.replay import ReplayScene

    path = save(_record(3), games_dir() / "game.json")
    app.show_saved_games()
    app.run_frames(2)
    assert [e.record.players[0].title for e in app.scene.entries] == ["Ana"]
    _edited_in_place(path, '"title": "Ana"', '"title": "Bia"')
    key(app, pygame.K_HOME)
    key(app, pygame.K_RETURN)
    assert isinstance(app.scene, ReplayScene) and app.scene.record.players[0].title == "Bia"


def test_an_unfinished_game_gone_since_it_was_listed_is_said_and_leaves_the_list(app):
    """Continue on a game another window moved on since the list was read: it said nothing and
    played on from the list's copy, writing the file again beside the other window's."""
    import pygame

    from tests.ui_helpers import key
    from ui.autosave import SHELF, Autosave
    from ui.scenes.unfinished import UnfinishedScene

    for n in range(2):
        Autosave(SHELF.folder / f"game-{n}.json").save(_record(n + 1))
    app.show_unfinished()
    app.run_frames(2)
    scene = app.scene
    scene.entries[0].path.unlink()
    key(app, pygame.K_HOME)
    key(app, pygame.K_RETURN)
    assert isinstance(app.scene, UnfinishedScene) and len(scene.entries) == 1
    assert any(m.text.startswith("Cannot open") and "no such file" in m.text for m in app.messages.current())


def test_the_menus_continue_on_a_game_gone_since_it_was_listed_says_so(app):
    from tests.ui_helpers import click_widget
    from ui.autosave import SHELF, Autosave

    path = SHELF.folder / "game.json"
    Autosave(path).save(_record(2))
    app.show_menu()
    menu = app.scene
    assert menu.menu.get_widget("continue").get_title() == "Continue Reversi"
    path.unlink()
    click_widget(app, menu.menu, "continue")
    assert app.scene is menu and menu.unfinished == []
    assert any(m.text.startswith("Cannot open") for m in app.messages.current())


# -- one look at each file, one replay of each game -----------------------------------------------
class _CountedListing:
    """``os.scandir``'s iterator over a folder, its entries' ``stat`` counted (``_looks_at_files``)."""

    def __init__(self, listing, looked) -> None:
        self.listing, self.looked = listing, looked

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.listing.close()

    def __iter__(self):
        return (_CountedEntry(entry, self.looked) for entry in self.listing)

    def close(self) -> None:
        self.listing.close()


class _CountedEntry:
    def __init__(self, entry, looked) -> None:
        self._entry, self._looked = entry, looked

    def __getattr__(self, name):
        return getattr(self._entry, name)

    def __fspath__(self) -> str:
        return self._entry.path

    def stat(self, *args, **kwargs):
        self._looked.append(self._entry.name)
        return self._entry.stat(*args, **kwargs)


def _looks_at_files(monkeypatch, folder) -> list:
    """The names of ``folder``'s files each time one is looked at (its stat taken, through a path
    or a listing's entry)."""
    import os

    looked: list = []
    real_stat, real_scandir = os.stat, os.scandir

    def stat(path, *args, **kwargs):
        if os.path.dirname(os.fspath(path)) == str(folder):
            looked.append(os.path.basename(os.fspath(path)))
        return real_stat(path, *args, **kwargs)

    def scandir(path="."):
        listing = real_scandir(path)
        return _CountedListing(listing, looked) if os.fspath(path) == str(folder) else listing

    monkeypatch.setattr(os, "stat", stat)
    monkeypatch.setattr(os, "scandir", scandir)
    return looked


@pytest.mark.parametrize("new_files", [2, 40])  # read on the window's thread, and on a thread of its own
def test_saved_games_looks_at_each_file_once_as_it_opens(app, monkeypatch, new_files):
    """Opening Saved games looked at every file of its folders twice: once to count those not
    read before (``unread``: on a thread when many), once more as it read them (``scan``)."""
    from ui.data_folders import games_dir

    for n in range(new_files):
        save(_record(n % 5 + 1), games_dir() / f"game-{n:02d}.json")
    looked = _looks_at_files(monkeypatch, games_dir())
    app.show_saved_games()
    scene = app.scene
    assert app.run_frames(1000, until=lambda: not scene.loading and scene.entries, timeout=30)
    assert len(scene.entries) == new_files
    assert sorted(looked) == sorted(f"game-{n:02d}.json" for n in range(new_files))


def _listings_of(monkeypatch, folder) -> list:
    """One item each time ``folder`` is listed (``os.scandir``, which ``Path.glob`` lists with)."""
    import os

    listed: list = []
    real = os.scandir

    def scandir(path="."):
        if not isinstance(path, int) and os.fspath(path) == str(folder):
            listed.append(path)
        return real(path)

    monkeypatch.setattr(os, "scandir", scandir)
    return listed


def test_what_a_reading_found_wrong_is_told_from_its_one_listing(tmp_path, monkeypatch):
    """``ui.file_report`` listed each folder three more times per reading of a list (the damaged
    files before and after it, then the files it left out): what the reading's scan looked at
    tells the same, the damaged file moved aside and the newer version's left in place."""
    import json

    from ui import file_report

    for n in range(3):
        save(_record(n + 1), tmp_path / f"game-{n}.json")
    (tmp_path / "cut.json").write_text('{"format": "tabuleiro-record", "ver', encoding="utf-8")
    (tmp_path / "newer.json").write_text(json.dumps(_record(2).to_dict() | {"version": 99}), encoding="utf-8")
    listed = _listings_of(monkeypatch, tmp_path)

    found, findings = file_report.read(tmp_path, lambda: autosave_reading.scan(tmp_path))
    assert len(listed) == 1
    assert sorted(path.name for path, _record in found) == ["game-0.json", "game-1.json", "game-2.json"]
    [aside] = tmp_path.glob("cut.json.corrupt-*")
    assert findings.moved == [("cut.json", aside.name)] and findings.left == [("newer.json", "newer")]


def test_the_main_menu_lists_the_saved_games_folders_again_only_once_they_changed(app, monkeypatch):
    """Whether to offer Saved games, the main menu listed the finished games' folder at each
    layout (14 times as the window opened); now only when a game came or went there."""
    import os

    import pygame_menu

    from ui.autosave import SHELF
    from ui.data_folders import games_dir
    from ui.record_files import save as save_record

    finished = _record(64)  # played to its end
    assert finished.is_finished()
    path = save_record(finished, SHELF.finished_folder / "ended.json")
    app.show_menu()
    listed = _listings_of(monkeypatch, SHELF.finished_folder)
    for size in [(900, 640), (1100, 700), (1280, 800)] * 2:
        app.scene.refit(size)

    def offered() -> bool:
        return any(isinstance(w, pygame_menu.widgets.Button) and w.get_id() == "saved" for w in app.scene.menu.get_widgets())

    assert offered() and listed == []
    os.remove(path)
    app.scene.refit((1280, 800))
    assert not offered() and len(listed) == 1 and not any(games_dir().glob("*.json"))


def _counting_replays(monkeypatch) -> Counter:
    """How many times each game's moves are replayed from its start, by its first player's name."""
    replays: Counter = Counter()
    real = GameRecord.first_state

    def first_state(record, game=None):
        replays[record.players[0].title] += 1
        return real(record, game)

    monkeypatch.setattr(GameRecord, "first_state", first_state)
    return replays


def _unfinished_both_ways(folder: Path) -> None:
    """Six unfinished Reversi games saved in ``folder``: three that Ana moved in against the
    computer ("Ana 0" to "Ana 2", which Continue offers) and three that only the computer moved in
    ("Level 0" to "Level 2", each from its own first move, which it does not)."""
    from ui.autosave import Autosave

    game = games.load("reversi")
    for n in range(3):
        played = _record(n + 2)
        Autosave(folder / f"played-{n}.json").save(replace(played, players=(Side(None, f"Ana {n}"), played.players[1])))
        start = game.initial_state()
        first = game.format_move(start, start.legal_moves()[n])  # each its own game
        computer_first = GameRecord.start(game, (Side("level-1", f"Level {n}"), Side(None, "Rui")))
        Autosave(folder / f"computer-{n}.json").save(computer_first.with_moves([first], game.play_line([first])))


def test_the_unfinished_games_are_replayed_once_whichever_lists_ask_which_continue_offers(app, monkeypatch):
    """Whether Continue offers a game played against the computer takes a replay of its first
    moves (``worth_continuing``): the main menu did it twice for each game (once to prune the
    watched ones, once to offer the others), the Continue list twice more, Saved games once more."""
    from ui.autosave import SHELF
    from ui.scenes import row_pictures

    _unfinished_both_ways(SHELF.folder)
    autosave_reading.scan(SHELF.folder)  # as read by a list before: no file is read again below
    monkeypatch.setattr(row_pictures, "last_position", lambda record: None)  # the rows' pictures replay the games too
    monkeypatch.setattr(autosave_reading, "_MOVERS", {})  # as a new run has it (an earlier test may have played these moves)
    replays = _counting_replays(monkeypatch)
    app.show_menu()
    app.run_frames(2)
    assert len(app.scene.unfinished) == 3
    app.show_unfinished()
    app.run_frames(2)
    assert len(app.scene.entries) == 3
    app.show_saved_games()
    app.run_frames(2)
    assert sum(entry.kept for entry in app.scene.entries) == 3  # the games only the computer moved in
    assert sorted(replays.items()) == sorted([(f"Ana {n}", 1) for n in range(3)] + [(f"Level {n}", 1) for n in range(3)])


def test_a_new_start_knows_who_moved_in_the_unfinished_games_without_replaying_them(tmp_path, monkeypatch):
    """Whether Continue offers a game against the computer takes a replay of its first moves, once
    per run: every start of the window replayed each such game again on the main menu (the lists'
    cache kept their openings and positions, not who moved).  It is kept with each file now."""
    from ui.autosave import Shelf

    shelf = Shelf(tmp_path / "unfinished", tmp_path / "finished")
    _unfinished_both_ways(shelf.folder)
    monkeypatch.setattr(autosave_reading, "_MOVERS", {})  # as a new run has it (an earlier test may have played these moves)

    def offered() -> list[str]:
        return sorted(record.players[0].title for _path, record in autosave_reading.to_continue(shelf.unfinished()[0]))

    assert offered() == ["Ana 0", "Ana 1", "Ana 2"]
    _restarted(monkeypatch)
    monkeypatch.setattr(autosave_reading, "_MOVERS", {})
    replays = _counting_replays(monkeypatch)
    assert offered() == ["Ana 0", "Ana 1", "Ana 2"]
    assert sorted(record.players[0].title for _path, record in shelf.not_offered()) == ["Level 0", "Level 1", "Level 2"]
    assert replays == Counter()
