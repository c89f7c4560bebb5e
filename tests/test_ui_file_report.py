"""Bad files in the folders of games are summed up in one message, said once a session.

With nine bad files in ``unfinished/`` the window showed the last three of nine messages (its
pills keep three); the two left in place were said again at every visit of the menu and every
resize, twice at once on the Continue list, and the messages followed into the game.
"""

from __future__ import annotations

import json
import os

import pygame
import pytest

from tests.test_window_records import unfinished_tictactoe
from tests.ui_helpers import window_for_a_test
from ui import file_report
from ui.autosave import SHELF


def fill_with_bad_files(folder) -> None:
    """The reviewer's folder: six damaged files, one whose game is kept up to its last legal move,
    a newer version's and an unknown game's, and a good game."""
    folder.mkdir(parents=True, exist_ok=True)
    good = unfinished_tictactoe()
    assert SHELF.new_slot(good).save(good) is None
    data = good.to_dict()
    (folder / "truncated.json").write_text(good.dumps()[:60], encoding="utf-8")
    (folder / "junk.json").write_bytes(bytes(range(256)))
    (folder / "types.json").write_text(json.dumps(data | {"moves": "b2"}), encoding="utf-8")
    (folder / "illegal.json").write_text(json.dumps(data | {"moves": ["b2", "b2"]}), encoding="utf-8")
    (folder / "list.json").write_text("[1, 2]", encoding="utf-8")
    (folder / "empty.json").write_text("", encoding="utf-8")
    with (folder / "huge.json").open("wb") as f:  # 17 MB
        f.seek(17 * 1024 * 1024)
        f.write(b"}")
    (folder / "newer.json").write_text(json.dumps(data | {"version": 99}), encoding="utf-8")
    (folder / "unknowngame.json").write_text(json.dumps(data | {"game": {"id": "chess9", "options": {}}}),
                                             encoding="utf-8")


def reports(app, kind: str = "error") -> list[str]:
    return [m.text for m in app.messages.current() if m.topic == file_report.TOPIC and m.kind == kind]


@pytest.fixture
def window(tmp_path, monkeypatch):
    monkeypatch.setenv("TABULEIRO_DATA_DIR", str(tmp_path / "data"))
    fill_with_bad_files(SHELF.folder)
    with window_for_a_test(tmp_path, monkeypatch) as app:
        yield app


def test_the_menu_sums_up_every_bad_file_in_one_message(window):
    app = window
    app.run_frames(2)
    [said] = reports(app)
    assert said.startswith(f"6 damaged game files in {SHELF.folder} were moved aside, renamed with .corrupt- and "
                           "the date.")
    assert said.endswith("Left in place: newer.json (written by a newer Tabuleiro); "
                         "unknowngame.json (a game this Tabuleiro does not have).")
    [kept] = reports(app, "info")  # illegal.json: its game kept, said apart as a notice
    assert kept.startswith("illegal.json: move 2 'b2' is not legal") and "(1 move kept)" in kept
    assert len(list(SHELF.folder.glob("*.corrupt-*"))) == 7  # its file as it was is kept aside too
    assert len(app.messages.current()) == 2


def test_it_is_said_once_not_at_every_resize_or_visit(window):
    app = window
    app.run_frames(2)
    told = app.messages.current()
    [said] = [m for m in told if m.kind == "error"]
    since = said.since
    app.scene.resize((900, 640))
    app.show_menu()
    app.show_unfinished()  # the Continue list reads the folder again
    app.run_frames(2)
    assert app.messages.current() == told and said.since == since  # kept, not said again
    (SHELF.folder / "newer.json").write_text("{changed, and broken now", encoding="utf-8")
    app.show_menu()
    first, again = reports(app)  # a file changed since is told again
    assert first == said.text and again.startswith("newer.json: the file is cut short or damaged") and "moved to newer.json.corrupt-" in again


def test_the_message_stays_off_the_game(window):
    app = window
    app.run_frames(2)
    assert reports(app)
    app.show_unfinished()  # another list of games: it stays
    assert reports(app)
    app.scene.pick_entry(app.scene.entries[0])  # plays on
    assert type(app.scene).__name__ == "GameScene" and reports(app) == []


def test_a_few_damaged_files_are_named_and_one_keeps_its_own_words(tmp_path):
    from ui.autosave_reading import scan

    folder = tmp_path / "games"
    folder.mkdir()
    (folder / "a.json").write_text("{", encoding="utf-8")
    _found, findings = file_report.read(folder, lambda: scan(folder))
    [said] = findings.problems
    assert file_report.summary([findings]) == said and "moved to a.json.corrupt-" in said
    for name in ("b.json", "c.json"):
        (folder / name).write_text("[]", encoding="utf-8")
    _found, findings = file_report.read(folder, lambda: scan(folder))
    assert file_report.summary([findings]) == (f"2 damaged game files in {folder} were moved aside, renamed with "
                                               ".corrupt- and the date: b.json, c.json.")
    _found, findings = file_report.read(folder, lambda: scan(folder))
    assert file_report.summary([findings]) is None


def test_a_newer_versions_file_alone_is_said_in_one_sentence_in_a_players_words(tmp_path, monkeypatch):
    """One newer version's game among the unfinished keeps the list's own words on the menu: they
    ended "Update Tabuleiro to open it.; left in place", a full stop and a semicolon together, and
    said "(version 99); this one reads up to 2", the file's version beside Tabuleiro 0.1.0's."""
    monkeypatch.setenv("TABULEIRO_DATA_DIR", str(tmp_path / "data"))
    SHELF.folder.mkdir(parents=True)
    newer = unfinished_tictactoe().to_dict() | {"version": 99}
    (SHELF.folder / "newer.json").write_text(json.dumps(newer), encoding="utf-8")
    with window_for_a_test(tmp_path, monkeypatch) as app:
        app.run_frames(2)
        [said] = reports(app)
        assert said == "newer.json: written by a newer Tabuleiro (update Tabuleiro to open it); left in place"


def naming_an_option_tictactoe_has_not(folder) -> dict:
    """colour.json in ``folder``: an unfinished game whose record names the option 'colour', as a
    newer Tabuleiro that added it would write it; the game's record as a dict, for others."""
    data = unfinished_tictactoe().to_dict()
    (folder / "colour.json").write_text(json.dumps(data | {"game": {**data["game"], "options": {"colour": "red"}}}),
                                        encoding="utf-8")
    return data


def test_an_unfinished_game_naming_an_option_its_game_has_not_is_left_in_place_by_continue(tmp_path, monkeypatch):
    """An unfinished game whose record names an option its game has not (a newer Tabuleiro's, which
    added it) was moved aside as damaged by the main menu's Continue list, where one of a game
    this Tabuleiro has not is left in place: it is left so too, in the words a drop of it says."""
    monkeypatch.setenv("TABULEIRO_DATA_DIR", str(tmp_path / "data"))
    SHELF.folder.mkdir(parents=True)
    naming_an_option_tictactoe_has_not(SHELF.folder)
    with window_for_a_test(tmp_path, monkeypatch) as app:
        app.run_frames(2)
        assert reports(app) == ["colour.json: Tic-tac-toe has no option 'colour'; options: width, height, k (perhaps an "
                                "option of a newer Tabuleiro); left in place"]
        assert app.scene.resumable is None
    assert [path.name for path in SHELF.folder.iterdir()] == ["colour.json"]


@pytest.mark.parametrize("language, one, both", [
    ("en", "colour.json: Tic-tac-toe has no option 'colour'; options: width, height, k (perhaps an option of a newer "
           "Tabuleiro); left in place",
     "Left in place in {folder}: chess9.json (a game this Tabuleiro does not have); colour.json (an option this "
     "Tabuleiro does not have)."),
    ("pt", "colour.json: Jogo do Galo não tem a opção 'colour'; opções: width, height, k (talvez seja uma opção de um "
           "Tabuleiro mais recente); deixado no lugar",
     "Deixados no lugar em {folder}: chess9.json (um jogo que este Tabuleiro não tem); colour.json (uma opção que "
     "este Tabuleiro não tem)."),
])
def test_an_option_its_game_has_not_is_said_as_an_unknown_game_is(tmp_path, language, one, both):
    """Continue's list says a game naming an option its game has not alone in the words a drop of it
    says, and beside an unknown game's each with its reason, in the window's language."""
    from tests.ui_helpers import words_in
    from ui.autosave_reading import scan

    folder = tmp_path / "unfinished"
    folder.mkdir()
    data = naming_an_option_tictactoe_has_not(folder)
    with words_in(language):
        assert scan(folder, to_play_on=True) == ([], [one])
        (folder / "chess9.json").write_text(json.dumps(data | {"game": {"id": "chess9", "options": {}}}),
                                            encoding="utf-8")
        _found, findings = file_report.read(folder, lambda: scan(folder, to_play_on=True))
        assert file_report.summary([findings]) == both.format(folder=folder)
    assert sorted(path.name for path in folder.iterdir()) == ["chess9.json", "colour.json"]


def test_games_kept_up_to_their_last_legal_move_are_a_notice_counted_apart(tmp_path, monkeypatch):
    """A file kept up to its last legal move (``ui.autosave_reading._kept_up_to_legal``) was said in the
    error's red, and with other bad files counted as "moved aside": its game is kept.  It is a
    notice now, saying how many moves each game keeps, and the damaged files are counted alone."""
    from tests.test_ui_legal_part import with_an_illegal_move
    from tests.ui_helpers import window_for_a_test

    monkeypatch.setenv("TABULEIRO_DATA_DIR", str(tmp_path / "data"))
    with_an_illegal_move(SHELF.folder / "a.json")  # three legal moves, then b2 again
    with_an_illegal_move(SHELF.folder / "b.json")
    (SHELF.folder / "cut.json").write_text("{", encoding="utf-8")
    with window_for_a_test(tmp_path, monkeypatch) as app:
        app.run_frames(2, until=lambda: not app.scene.reading.loading, timeout=30)
        [notice] = reports(app, "info")
        assert notice == (f"2 games in {SHELF.folder} were kept up to their last legal moves, the files as they "
                          "were kept aside renamed with .corrupt- and the date: a.json (3 moves kept), "
                          "b.json (3 moves kept).")
        [error] = reports(app)
        assert error.startswith("cut.json: ") and "moved to cut.json.corrupt-" in error  # one damaged file: its own words
        assert app.scene.continue_label() == "Continue (2 games)"  # the games kept are offered


def test_a_saved_game_cut_in_half_is_said_cut_short_and_its_bytes_kept_aside(tmp_path, monkeypatch, caplog):
    """A saved game cut in half was moved aside with the JSON reader's words on the screen
    ("not valid JSON (line 4, column 9: Unterminated string starting at)"): it is said to be cut short or
    damaged, where it was moved (name and folder); the reader's words go to the log, and the file
    aside holds the bytes it had."""
    import logging

    from ui.data_folders import games_dir

    monkeypatch.setenv("TABULEIRO_DATA_DIR", str(tmp_path / "data"))
    good = unfinished_tictactoe()
    cut = good.dumps().encode("utf-8")[:60]
    games_dir().mkdir(parents=True, exist_ok=True)
    (games_dir() / "halved.json").write_bytes(cut)
    with caplog.at_level(logging.INFO), window_for_a_test(tmp_path, monkeypatch) as app:
        app.show_saved_games()
        app.run_frames(2, until=lambda: reports(app), timeout=30)
        [said] = reports(app)
        if os.environ.get("SMALLS16_SHOTS"):
            app.invalidate()
            app.run_frames(2)
            pygame.image.save(app.screen, f"{os.environ['SMALLS16_SHOTS']}/saved-games-cut-file.png")
        [aside] = games_dir().glob("halved.json.corrupt-*")
        assert said == f"halved.json: the file is cut short or damaged; moved to {aside.name} in {games_dir()}"
        assert "JSON" not in said and "Expecting" not in said
        assert aside.read_bytes() == cut and not (games_dir() / "halved.json").exists()
        assert any("halved.json: not valid JSON (line " in r.getMessage() for r in caplog.records)  # the reason, logged


def test_other_programs_files_left_in_place_say_why_in_the_right_number(tmp_path, monkeypatch):
    """A Go SGF (``GM[1]``) and two damaged Hex SGFs in the saved-games folder, which lists other
    programs' files: the Go game is a game Tabuleiro does not have, as the file's own message says
    (it was summed up as "it could not be read; see the log"), and the two damaged files are
    "they", not "it"."""
    from ui.autosave_reading import scan
    from ui.data_folders import games_dir

    monkeypatch.setenv("TABULEIRO_DATA_DIR", str(tmp_path / "data"))
    folder = games_dir()
    folder.mkdir(parents=True)
    (folder / "go.sgf").write_text("(;FF[4]GM[1]SZ[19];B[pd];W[dp])", encoding="utf-8")
    for name in ("a.sgf", "b.sgf"):
        (folder / name).write_text("(;FF[4]GM[11]SZ[7];B[d4];W[c4", encoding="utf-8")
    _found, findings = file_report.read(folder, lambda: scan(folder))
    assert file_report.summary([findings]) == (f"Left in place in {folder}: a.sgf, b.sgf (they could not be read; "
                                               "see the log); go.sgf (a game this Tabuleiro does not have).")
    assert sorted(path.name for path in folder.iterdir()) == ["a.sgf", "b.sgf", "go.sgf"]  # none moved aside
