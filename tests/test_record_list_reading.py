"""The lists of games with a teacher's years of files: each file's moves are replayed once, not at
every visit of the list (Saved games took 6 s each time with 2000 records)."""

from __future__ import annotations

import games
from games.record import GameRecord, Side
from ui import autosave
from ui.record_files import save


def _record(moves: int) -> GameRecord:
    game = games.load("reversi")
    state, played = game.initial_state(), []
    for _ in range(moves):
        move = state.legal_moves()[0]
        played.append(game.format_move(state, move))
        state = state.play(move)
    return GameRecord.start(game, (Side(None, "Ana"), Side("level-1", "Level 1"))).with_moves(played, state)


def _counting_reads(monkeypatch) -> list:
    read: list = []

    def load(path):
        read.append(path.name)
        return real(path)

    real = autosave.load_record
    monkeypatch.setattr(autosave, "load_record", load)
    return read


def test_a_list_read_again_replays_only_the_files_that_changed(tmp_path, monkeypatch):
    for n in range(3):
        save(_record(n + 1), tmp_path / f"game-{n}.json")
    read = _counting_reads(monkeypatch)
    first, _ = autosave.scan(tmp_path)
    assert sorted(read) == ["game-0.json", "game-1.json", "game-2.json"]

    read.clear()
    again, _ = autosave.scan(tmp_path)
    assert read == [] and [(p, r.moves) for p, r in again] == [(p, r.moves) for p, r in first]

    save(_record(9), tmp_path / "game-1.json")  # played on in another window
    (tmp_path / "game-2.json").unlink()
    changed, _ = autosave.scan(tmp_path)
    assert read == ["game-1.json"]
    assert {p.name: len(r.moves) for p, r in changed} == {"game-0.json": 1, "game-1.json": 9}


def test_a_file_damaged_after_it_was_listed_is_still_moved_aside(tmp_path):
    path = save(_record(2), tmp_path / "game.json")
    assert len(autosave.scan(tmp_path)[0]) == 1
    path.write_text(path.read_text()[:40])  # cut short by a disk fault: a new size, a new time
    found, problems = autosave.scan(tmp_path)
    assert found == [] and len(problems) == 1
    assert [p.name.split(".corrupt-")[0] for p in tmp_path.glob("*.corrupt-*")] == ["game.json"]


def test_saved_games_with_many_new_files_reads_them_off_the_windows_thread(app, monkeypatch):
    """Saved games of a folder with more new files than a blink's reading opens at once, says
    "Loading…", and the window goes on drawing while a thread reads; then the rows come, and a
    damaged file among them is said once."""
    import threading

    from tests.ui_helpers import recorded_text
    from ui import folder_reading
    from ui.autosave import games_dir

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

    monkeypatch.setattr(autosave, "load_record", load)
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
    monkeypatch.setattr(autosave, "load_record", lambda path: held.wait(10) and real(path))
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
    from ui.autosave import games_dir

    for n in range(3):
        save(_record(n + 1), games_dir() / f"game-{n}.json")
    monkeypatch.setattr(folder_reading, "READ_AT_ONCE", 2)
    held, read = threading.Event(), []
    real = autosave.load_record

    def load(path):
        held.wait(10)
        read.append(path.name)
        return real(path)

    monkeypatch.setattr(autosave, "load_record", load)
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
    (path, record), = autosave.scan(tmp_path)[0]
    record.evaluations = [0.5, 0.25]
    (_, again), = autosave.scan(tmp_path)[0]
    assert again.evaluations != [0.5, 0.25] and again.moves == record.moves


def _held_reading(monkeypatch):
    """The lists read on a thread (more than 2 new files), each file's reading held until set."""
    import threading

    from ui import folder_reading

    monkeypatch.setattr(folder_reading, "READ_AT_ONCE", 2)
    held = threading.Event()
    real = autosave.load_record
    monkeypatch.setattr(autosave, "load_record", lambda path: held.wait(10) and real(path))
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
    from ui.autosave import games_dir

    for n in range(3):
        save(_record(n + 1), games_dir() / f"game-{n}.json")
    (games_dir() / "cut.json").write_text('{"format": "tabuleiro-record", "ver')
    held = _held_reading(monkeypatch)
    app.show_saved_games()
    app.run_frames(2)
    app.show_menu()
    held.set()
    assert app.run_frames(1000, until=lambda: list(games_dir().glob("cut.json.corrupt-*")), timeout=30)
    app.run_frames(5)
    said = [m.text for m in app.messages.current() if m.topic == file_report.TOPIC]
    assert len(said) == 1 and "cut.json" in said[0]

    app.show_saved_games()
    app.run_frames(5)
    assert [m.text for m in app.messages.current() if m.topic == file_report.TOPIC] == said
