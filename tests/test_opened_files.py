"""Games opened from files keep their date and their players: an SGF's ``DT`` is the game's date
(it opened dated the day it was opened), a game that ended off the board names the player who lost
as a live one does, a file of a set-up position and its players opens in the replay, and every
format opens in UTF-8 with a BOM, with CRLF line ends, or in Latin-1, or says why it cannot."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pygame
import pytest

import games
from games.hex_sgf import record_from_sgf, sgf_from_record
from games.move_list import move_list_text
from games.othello_ggf import record_from_ggf
from games.record import GameRecord
from games.record_parts import Side
from tests.ui_helpers import drop, key, recorded_text, words_in
from ui.scenes.menu import MenuScene
from ui.scenes.play_from import PlayFromScene
from ui.scenes.records import RecordsScene
from ui.scenes.replay import ReplayScene
from ui.scenes.setup import SetupScene
from ui.words import cannot_open

# SGF FF[4]'s property list (red-bean.com/sgf/properties.html, DT): "It is MANDATORY to use the
# ISO-standard format for DT ... "YYYY-MM-DD" ... Partial dates are allowed: "YYYY" - game was
# played in YYYY, "YYYY-MM" - game was played in YYYY, month MM.  For games that last more than one
# day: separate other dates by a comma (no spaces!)", its shortcuts "MM-DD" and "DD" after a full
# date.  And CA: "Default value is 'ISO-8859-1' aka 'Latin1'".
HEXGUI_DATED = "(;AP[HexGui:0.10]DT[{date}]FF[4]GM[11]PB[Ann]PW[Bob]SZ[5];B[c3];W[b2])"
# Little Golem's record as PlayHex's tests hold game #2384695 (RE[W] and no move: PW won, and
# Little Golem does not say how PB lost), with a date added as SGF writes one
LITTLE_GOLEM_DATED = ("(;FF[4]EV[hex.ld.DEFAULT]PB[greghe]PW[bennok]SZ[13]RE[W]GC[game #2384695]DT[2016-05-21]"
                      "SO[https://www.littlegolem.net])")


@pytest.mark.parametrize(("date", "day", "last"), [
    ("2005-03-01", "2005-03-01", "2005-03-01"),                  # the spec's full form
    ("2005-03", "2005-03-01", "2005-03"),                        # a partial date: its first day
    ("2005", "2005-01-01", "2005"),
    ("2005-03-01,02", "2005-03-01", "2005-03-02"),               # a game of two days: begun on the first
    ("1996-12-27,28,1997-01-03,04", "1996-12-27", "1997-01-04"),  # the spec's list across a year's end
])
def test_an_sgfs_dt_is_the_games_date_as_sgf_ff4_writes_it(date, day, last):
    """The DT was left out: a HexGui file of 2005 opened as begun, and was listed as saved, today.
    A game of several days was begun on the first and last changed on the last, the Saved games
    row's date (``date_shown``), to the day: no hour the file did not give."""
    record = record_from_sgf(HEXGUI_DATED.format(date=date))
    assert record.started == f"{day}T00:00:00"
    assert record.date_shown() == last


def test_a_dt_of_another_form_opens_the_game_dated_today():
    """An FF[3]-era "01.03.2005" or an impossible month is no date the spec allows: the game opens all the same."""
    for date in ("01.03.2005", "2005-13-01", ""):
        record = record_from_sgf(HEXGUI_DATED.format(date=date))
        assert record.moves == ["c3", "b2"] and not record.started.startswith(("2005", "0103"))


def test_a_game_written_as_sgf_reads_back_on_its_day():
    """We write DT as the spec's YYYY-MM-DD; read back, the game keeps its day (it was today's)."""
    game = games.load("hex", size=5)
    record = GameRecord.start(game, (Side(None, "Ann"), Side(None, "Bob"))).with_moves(["c3"])
    record.started, record.updated = "2005-03-01T17:14:26+01:00", "2005-03-01T17:20:00+01:00"  # played that day
    text = sgf_from_record(record)
    assert "DT[2005-03-01]" in text
    assert record_from_sgf(text).started == "2005-03-01T00:00:00"


def test_a_ggfs_date_is_its_saved_games_date_too():
    """GGF's DT was the record's start only; the Saved games row shows ``updated``, which said today."""
    record = record_from_ggf("(;GM[Othello]DT[2003.12.15_13:24:03.MST]PB[ana]PW[rui]TY[8]RE[+64.000:r]"
                             "BO[8 ---------------------------O*------*O--------------------------- *]B[F5];)")
    assert record.started == record.updated == record.finished == "2003-12-15T13:24:03-07:00"


def test_a_file_game_lost_off_the_board_names_its_loser_on_the_replay_and_in_saved_games(app, tmp_path, monkeypatch):
    """A live game's resignation names the friend who resigned ("João (O) resigns"); a Little Golem
    game showed "Blue forfeits" though PW names bennok, the winner, and was listed as today's.
    Dropped, saved (S), it is a Saved games row of 2016-05-21 ending " · bennok (Red) wins": the file
    names the winner and not how (never "forfeits", which it does not say)."""
    path = tmp_path / "game2384695.hsgf"
    path.write_text(LITTLE_GOLEM_DATED, encoding="utf-8")
    drop(app, path)
    assert isinstance(app.scene, ReplayScene)
    drawn = recorded_text(monkeypatch)
    app.scene.draw(app.screen)
    assert "bennok (Red) wins" in drawn, [text for text in drawn if "wins" in text]
    key(app, pygame.K_s)
    app.switch(RecordsScene(app))
    app.run_frames(2)
    row = [text for text in drawn if "greghe" in text and "bennok" in text]
    assert any(text.endswith(" · bennok (Red) wins") for text in row), row
    assert any(text.startswith("0 moves · Started 2016-05-21") for text in drawn), [t for t in drawn if "plies" in t]


def test_a_resignation_read_from_a_file_names_the_player_and_an_unnamed_side_stays_its_colour():
    """Little Golem's game 1804563 (PlayHex's tests): PB resigns at the end; an SGF naming nobody says the colour alone."""
    from ui.autosave_words import ended_as

    named = record_from_sgf("(;FF[4]PB[lazy]PW[Shumacher]SZ[11]RE[W]SO[https://www.littlegolem.net]"
                            ";W[ad];B[swap];W[eg];B[resign])")
    assert ended_as(named) == "Shumacher (Red) resigns at move 4"
    assert ended_as(record_from_sgf("(;FF[4]GM[11]SZ[5]RE[W+F];B[c3])")) == "Blue forfeits"


# a position and its players, no move: GGS writes BO with the side to move (GGF's definition, at
# skatgame.net/mburo/ggsa/ggf); HexGui writes setup stones as AB/AW and the side to move as PL
SET_UP_GGF = ("(;GM[Othello]PC[GGS/os]DT[2003.12.15_13:24:03.MST]PB[ana]PW[rui]TY[8]"
              "BO[8 --------------------------OOO------*O--------------------------- *];)")
SET_UP_SGF = "(;AB[c3]AW[b2]AP[HexGui:0.10]DT[2005-03-01]FF[4]GM[11]PB[Ann]PL[B]PW[Bob]SZ[5])"


@pytest.mark.parametrize(("name", "text", "players"), [
    ("set-up.ggf", SET_UP_GGF, ("ana", "rui")),
    ("set-up.sgf", SET_UP_SGF, ("Ann", "Bob")),
])
def test_a_files_position_with_its_players_opens_in_the_replay_and_plays_on_as_they_did(
        app, tmp_path, name, text, players):
    """A GGF of a position and no move opened the New game screen, its players and date left
    behind; it opens in the replay at its start, as an SGF of setup stones does, and Play from
    here (C) goes on from it."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    drop(app, path)
    assert isinstance(app.scene, ReplayScene), type(app.scene).__name__
    assert app.scene.ply == 0 and tuple(side.title for side in app.scene.record.players) == players
    assert app.scene.record.start_position is not None
    key(app, pygame.K_c)
    assert isinstance(app.scene, PlayFromScene)


def test_a_position_naming_no_one_still_opens_on_new_game(app, tmp_path):
    """A file of setup stones alone (no PB/PW) is a position to start a game from, as a pasted one is."""
    path = tmp_path / "stones.sgf"
    path.write_text("(;AB[c3]AW[b2]FF[4]GM[11]PL[B]SZ[5])", encoding="utf-8")
    drop(app, path)
    assert isinstance(app.scene, SetupScene) and app.scene.start_record is not None


def _files_of_every_format() -> dict[str, str]:
    """A game in each format the window opens, its players "João" and "Zé"."""
    hex5, reversi = games.load("hex", size=5), games.load("reversi", size=8)
    players = (Side(None, "João"), Side(None, "Zé"))
    hex_game = GameRecord.start(hex5, players).with_moves(["c3", "b2"])
    return {
        "game.json": hex_game.dumps(),
        "game.sgf": "(;FF[4]GM[11]SZ[5]PB[João]PW[Zé];B[c3];W[b2])\n",
        "game.ggf": "(;GM[Othello]PB[João]PW[Zé]TY[8]\nBO[8 ---------------------------O*------*O--------------------------- *]"
                    "\nB[F5]W[D6];)\n",
        "moves.txt": move_list_text(GameRecord.start(reversi, players).with_moves(["f5", "d6"])),
    }


@pytest.mark.parametrize("encoding", ["utf-8-sig", "crlf", "latin-1"])
@pytest.mark.parametrize("name", ["game.json", "game.sgf", "game.ggf", "moves.txt"])
def test_every_format_opens_with_a_bom_crlf_or_in_latin_1(app, tmp_path, name, encoding):
    """A Windows editor's BOM and CRLF line ends, and Latin-1, SGF's default charset (CA, above),
    in which older files and Notepad's "ANSI" write "João": a Latin-1 file was refused as "not
    a text file (not UTF-8)"."""
    text = _files_of_every_format()[name]
    path = tmp_path / name
    path.write_bytes(text.replace("\n", "\r\n").encode("utf-8") if encoding == "crlf" else text.encode(encoding))
    drop(app, path)
    assert isinstance(app.scene, ReplayScene), [m.text for m in app.messages.items]
    assert [side.title for side in app.scene.record.players] == ["João", "Zé"]
    assert len(app.scene.record.moves) == 2


def test_an_sgf_in_the_charset_its_ca_names_opens_in_it(app, tmp_path):
    """CA names the charset (red-bean.com: "as specified in RFC 1345"): a Windows-1252 name with its curly quote."""
    path = tmp_path / "cp1252.sgf"
    path.write_bytes("(;CA[windows-1252]FF[4]GM[11]SZ[5]PB[João “Jo”]PW[Zé];B[c3])".encode("cp1252"))
    drop(app, path)
    assert isinstance(app.scene, ReplayScene) and app.scene.record.players[0].title == "João “Jo”"


def test_a_file_named_on_the_command_line_opens_in_the_replay(app, tmp_path, monkeypatch):
    """``main.py game.sgf`` (a file manager's "Open with") opens the window on the game, as a drop
    does: it was refused as "invalid choice" and the window never opened."""
    import main
    from ui import app as app_module

    path = tmp_path / "named.sgf"
    path.write_text(HEXGUI_DATED.format(date="2005-03-01"), encoding="utf-8")
    opened: list[str | None] = []
    monkeypatch.setattr(app_module, "run", lambda log=None, path=None: opened.append(path) or 0)
    assert main.main(["--log", "info", str(path)]) == 0
    assert opened == [str(path)]
    app_module.open_as_dropped(opened[0])
    app.run_frames(2)
    assert isinstance(app.scene, ReplayScene), [m.text for m in app.messages.items]
    assert [side.title for side in app.scene.record.players] == ["Ann", "Bob"]


def test_a_picture_dropped_on_the_window_is_said_to_be_one(app, tmp_path):
    """The Picture button's PNG dropped on the window by mistake (it sits beside the saved games)
    was "not a text file (not UTF-8)", words for a programmer: it is said to be a picture."""
    from ui.export import save_board_png

    game = games.load("hex")
    path = tmp_path / "board.png"
    save_board_png(game, game.initial_state(), path)
    before = path.read_bytes()
    drop(app, path)
    assert isinstance(app.scene, MenuScene)
    assert any("board.png: a picture, not a saved game" in m.text for m in app.messages.items), app.messages.items
    assert path.read_bytes() == before


def test_a_file_that_is_no_text_is_said_so_and_left_as_it_was(app, tmp_path):
    """A file of bytes (NUL bytes among others that are not UTF-8) dropped by mistake: a clear message, no traceback."""
    path = tmp_path / "board.sgf"
    picture = b"\xfe\xedDATA\x00\x00\x00\rIHDR\xff\xfe"
    path.write_bytes(picture)
    drop(app, path)
    assert any("board.sgf: not a text file (not UTF-8)" in m.text for m in app.messages.items)
    assert path.read_bytes() == picture


@pytest.mark.parametrize("name", ["game.json", "moves.txt", "hex.sgf", "spaces.json"])
def test_an_empty_file_is_said_to_be_empty_whatever_its_kind(app, tmp_path, name):
    """An empty saved game (a file made and never written, a copy that stopped at once) opened by
    a drop: a .json said "not valid JSON (line 1, column 1: Expecting value)", a .txt "there is no
    text"; every kind now says the file is empty, and the file is left as it was."""
    path = tmp_path / name
    held = "\n  \n" if name.startswith("spaces") else ""
    path.write_text(held)
    drop(app, path)
    assert isinstance(app.scene, MenuScene)
    said = [m.text for m in app.messages.items]
    assert f"Cannot open {name}: the file is empty" in said, said
    assert path.read_text() == held


@pytest.mark.parametrize("language, said", [
    ("en", "Cannot open {name}: not a game file Tabuleiro saved"),
    ("pt", "Não foi possível abrir {name}: não é um ficheiro de jogo guardado pelo Tabuleiro"),
])
@pytest.mark.parametrize("name", ["settings.json", "list.json"])
def test_a_json_file_of_no_game_says_so_plainly(app, tmp_path, language, said, name):
    """Tabuleiro's own settings.json (or any other program's JSON) dropped by mistake said "field
    'format' is None", Python's word for a field that is not there, and then "field 'format' is
    missing, expected 'tabuleiro-record'" ("falta o campo 'format'"); a JSON list "does not hold a
    JSON object": programmer's words both.  Each says plainly it is no game Tabuleiro saved."""
    from ui.settings import Settings

    path = tmp_path / name
    path.write_text(json.dumps(dataclasses.asdict(Settings()) if name == "settings.json" else [1, 2]))
    with words_in(language):
        drop(app, path)
        assert isinstance(app.scene, MenuScene)
        assert [said.format(name=name)] == [m.text for m in app.messages.items]


@pytest.mark.parametrize("language, said", [
    ("en", "Cannot open chess.json: unknown game 'chess'; games: Tic-tac-toe, Hex, Reversi, Rastros, Alquerque, Trax "
           "(perhaps a game of a newer Tabuleiro)"),
    ("pt", "Não foi possível abrir chess.json: jogo desconhecido 'chess'; jogos: Jogo do Galo, Hex, Reversi, Rastros, "
           "Alquerque, Trax (talvez seja um jogo de um Tabuleiro mais recente)"),
])
def test_a_record_of_a_game_tabuleiro_has_not_names_it_once_quoted_and_the_games_by_title(app, tmp_path, language,
                                                                                           said):
    """A record of a game this Tabuleiro has not said "unknown game ''chess''" (quoted twice, read as
    double quotes) and listed the games by their ids ("tictactoe"), which no screen shows."""
    game = games.load("reversi")
    record = GameRecord.start(game, (Side(None, "Ana"), Side(None, "Rui")), {"mode": "hotseat"})
    data = record.to_dict()
    data["game"] = {**data["game"], "id": "chess", "title": "Chess", "options": {}}
    path = tmp_path / "chess.json"
    path.write_text(json.dumps(data))
    with words_in(language):
        drop(app, path)
        assert isinstance(app.scene, MenuScene)
        assert [said] == [m.text for m in app.messages.items]


@pytest.mark.parametrize("language, said", [
    ("en", "Cannot open colour.json: Reversi has no option 'colour'; options: size (perhaps an option of a newer "
           "Tabuleiro)"),
    ("pt", "Não foi possível abrir colour.json: Reversi não tem a opção 'colour'; opções: size (talvez seja uma opção "
           "de um Tabuleiro mais recente)"),
])
def test_a_records_option_its_game_has_not_is_said_in_the_windows_language(app, tmp_path, language, said):
    """A record naming an option its game has not said "game 'reversi' has no option 'colour'",
    the game by its id and in English on a Portuguese screen too, where the same refusal of a
    pasted text names the game by its title in the window's language."""
    path = _naming_an_option_reversi_has_not(tmp_path)
    with words_in(language):
        drop(app, path)
        assert [said] == [m.text for m in app.messages.items]


def _naming_an_option_reversi_has_not(folder) -> Path:
    """colour.json in ``folder``: a Reversi game whose record names the option 'colour'."""
    data = GameRecord.start(games.load("reversi"), (Side(None, "Ana"), Side(None, "Rui")), {"mode": "hotseat"}).to_dict()
    data["game"]["options"] = {"size": 8, "colour": "red"}
    path = folder / "colour.json"
    path.write_text(json.dumps(data))
    return path


def _said_dropped_then_listed(app, path: Path) -> tuple[list[str], list[str]]:
    """The window's messages as ``path`` is dropped on it, then as Saved games lists it (moved to
    the games' folder), which moves it aside if it is damaged."""
    from ui.data_folders import games_dir

    drop(app, path)
    dropped = [m.text for m in app.messages.items]
    app.messages.items.clear()
    games_dir().mkdir(parents=True, exist_ok=True)
    path.rename(games_dir() / path.name)
    app.show_saved_games()
    assert app.run_frames(1000, until=lambda: not app.scene.loading, timeout=30)
    app.run_frames(2)
    return dropped, [m.text for m in app.messages.items]


@pytest.mark.parametrize("language, said", [
    ("en", "cut.json: the file is cut short or damaged"),
    ("pt", "cut.json: o ficheiro está incompleto ou danificado"),
])
def test_a_game_file_cut_short_is_said_so_dropped_or_in_saved_games(app, tmp_path, caplog, language, said):
    """A saved game cut mid-way (a disk that filled, a copy stopped part way) dropped on the window
    said the JSON reader's "not valid JSON (line 19, column 12: Unterminated string starting at)",
    where Saved games, moving the same file aside, said it is cut short or damaged: both say that
    now, the reader's line and column in the log."""
    from ui.debug_log import TRAIL

    record = GameRecord.start(games.load("reversi"), (Side(None, "Ana"), Side(None, "Rui")), {"mode": "hotseat"})
    text = record.dumps()
    path = tmp_path / "cut.json"
    path.write_text(text[:len(text) // 2])
    with words_in(language), caplog.at_level("INFO", logger=TRAIL):
        dropped, listed = _said_dropped_then_listed(app, path)
        assert dropped == [cannot_open(said)]
    assert len(listed) == 1 and listed[0].startswith(f"{said}; "), listed
    assert any("cut.json: not valid JSON (line" in line for line in caplog.messages), caplog.messages


@pytest.mark.parametrize("language, said, left", [
    ("en", "colour.json: Reversi has no option 'colour'; options: size (perhaps an option of a newer Tabuleiro)",
     "left in place"),
    ("pt", "colour.json: Reversi não tem a opção 'colour'; opções: size (talvez seja uma opção de um Tabuleiro mais "
           "recente)", "deixado no lugar"),
])
def test_a_records_option_its_game_has_not_is_left_in_place_by_saved_games_as_a_newer_versions(app, tmp_path,
                                                                                                 language, said, left):
    """A record naming an option its game has not, as a newer Tabuleiro adding an option writes
    it, was moved aside as damaged by Saved games (renamed .corrupt-...), where a record of a game
    this one has not is left in place as perhaps a newer Tabuleiro's: it is left so too, saying
    why in the words a drop of it says, in the window's language."""
    from ui.data_folders import games_dir

    path = _naming_an_option_reversi_has_not(tmp_path)
    with words_in(language):
        dropped, listed = _said_dropped_then_listed(app, path)
    assert len(dropped) == 1 and dropped[0].endswith(f" {said}"), dropped
    assert listed == [f"{said}; {left}"]
    assert [file.name for file in games_dir().iterdir()] == ["colour.json"]


def test_a_move_lists_date_is_its_saved_games_date_too():
    """``Copy moves`` writes ``Date:`` (games.move_list.move_list_text); read back, the game was
    begun then and last changed when the list says (today, the Saved games row's date), where it
    was listed as changed in 2005 (a game played on another day: both dates, as SGF's DT)."""
    from games.move_list import record_from_move_list

    reversi = games.load("reversi", size=8)
    record = GameRecord.start(reversi, (Side(None, "João"), Side(None, "Zé"))).with_moves(["f5", "d6"])
    record.started = "2005-03-01T17:14:26+01:00"
    back = record_from_move_list(move_list_text(record))
    assert (back.started, back.updated) == ("2005-03-01T17:14:26+01:00", record.updated)
