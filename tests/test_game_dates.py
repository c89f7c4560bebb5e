"""When a game was played, as the user meets it: the replay's panel says the game's date as Saved
games does; a game opened from a file (HexGui's SGF, GGS's GGF) and played on today keeps the
file's date as its first part's and is dated today in Saved games and in the files written of it
(SGF's ``DT`` lists both days, GGF's ``DT`` today beside a ``Started:`` comment); and what GGF
has no property for (a date to the month, a forfeit, a resignation's or flag fall's move) goes
through a comment NBoard's reader skips, written and read back."""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import UTC, datetime

import pygame
import pytest

import games
from games.hex_sgf import record_from_sgf, sgf_from_record
from games.othello_ggf import ggf_from_record, ggf_game_count, record_from_ggf
from games.record import GameRecord
from games.record_parts import Result, Side
from tests.test_game_endings import drawn_texts, in_language, listed_and_replayed
from tests.test_ui_move_entry import enter_moves
from tests.ui_helpers import drop, key, recorded_text_rects
from ui import clipboard, i18n
from ui.data_folders import games_dir
from ui.record_files import save
from ui.scenes.game import GameScene
from ui.scenes.menu import MenuScene
from ui.scenes.play_from import PlayFromScene
from ui.scenes.records import RecordsScene
from ui.scenes.replay import ReplayScene
from ui.tally import game_key

HEXGUI_OF_2003 = "(;AP[HexGui:0.10]DT[2003-05]FF[4]GM[11]PB[Ann]PW[Bob]SZ[5];B[c3];W[b2])"
GGS_OF_2003 = ("(;GM[Othello]PC[GGS/os]DT[2003.12.15_13:24:03.MST]PB[ana]PW[rui]TY[8]RE[?]"
               "BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[D6];)")
FILES = {"hex": ("g.sgf", HEXGUI_OF_2003, "a1"), "reversi": ("g.ggf", GGS_OF_2003, "c3")}


def dropped(app, tmp_path, name: str, text: str) -> ReplayScene:
    """A file dropped on the window, as SDL posts it: its game in the replay."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    drop(app, path)
    assert isinstance(app.scene, ReplayScene), type(app.scene).__name__
    return app.scene


def dated_beside_the_title(app, monkeypatch, date: str) -> bool:
    """Whether the replay's panel draws ``date`` on its title's row (no row taken from the moves),
    after the word saying which date it is ("Ended 2003-05")."""
    with monkeypatch.context() as patched:
        drawn = recorded_text_rects(patched)
        app.scene.draw(app.screen)
    title = next(rect for text, rect in drawn if text == i18n._(app.scene.game.info.title))
    return any(text.endswith(f" {date}") and rect.top < title.bottom and rect.left > title.right for text, rect in drawn)


def saved_games_says(app, record: GameRecord, words: str) -> bool:
    """Whether the Saved games row of ``record`` (saved there) says ``words``, drawn."""
    save(record, games_dir() / "dated.json")
    app.switch(RecordsScene(app))
    app.run_frames(2)
    return any(words in text for text in drawn_texts(app) if " · " in text)  # the row's second line


# -- the replay's panel --------------------------------------------------------------------------
@pytest.mark.parametrize("language", ["en", "pt"])
@pytest.mark.parametrize("size", [(1280, 800), (800, 560)])
def test_the_replay_says_the_games_date_beside_its_title_and_the_moves_keep_their_rows(
        app, tmp_path, monkeypatch, language, size):
    """Saved games dated a game and its replay did not: a HexGui file of May 2003 says "2003-05"
    ("05/2003" in Portuguese) right of the game's name, with analysis on, at the smallest window
    too, and the move list keeps the rows it had."""
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    app.run_frames(2)
    with in_language(app, language):
        replay = dropped(app, tmp_path, "g.sgf", HEXGUI_OF_2003)
        key(app, pygame.K_a)  # analysis on: the best line takes its room above the moves
        assert dated_beside_the_title(app, monkeypatch, "2003-05" if language == "en" else "05/2003")
        assert replay.move_rows, "the move list lost its rows"


def test_the_replay_dates_a_game_of_ours_as_saved_games_does(app, monkeypatch):
    """A game of this Tabuleiro: the day and the minute of its last change, the Saved games row's date."""
    game = games.load("tictactoe")
    record = GameRecord.start(game, (Side(None, "Ann"), Side(None, "Bob"))).with_moves(["b2", "a1"])
    record = replace(record, updated="2026-11-24T09:41:00+00:00")
    shown = i18n.date_text(datetime.fromisoformat(record.updated).astimezone())
    listed_and_replayed(app, record)
    assert dated_beside_the_title(app, monkeypatch, shown)
    assert saved_games_says(app, record, shown)


# -- a file's game played on --------------------------------------------------------------------
@pytest.mark.parametrize("game_id", ["hex", "reversi"])
def test_a_files_game_played_on_today_is_dated_today_and_its_first_part_keeps_the_files_date(
        app, tmp_path, game_id):
    """A file's game played on (End, C, Enter in the replay, then a move typed) was dated today
    throughout, the file's date lost; it keeps that date as its start, Saved games dates it today,
    and the file written of it (G) says both, read back the same."""
    name, text, _move = FILES[game_id]
    record = played_on_today(app, tmp_path, game_id)
    file_date = record_from_sgf(text) if game_id == "hex" else record_from_ggf(text)
    assert (record.started, record.date_given) == (file_date.started, file_date.date_given)
    assert game_key(record) != game_key(file_date)  # your results count it as a game of its own
    assert record.resumed is not None and GameRecord.loads(record.dumps()).resumed == record.resumed
    today = datetime.now().astimezone()
    written = saved_as_outside_file(app, name.split(".")[1])
    assert saved_games_says(app, record, i18n.date_text(datetime.fromisoformat(record.updated).astimezone()))
    assert not saved_games_says(app, record, "2003")
    if game_id == "hex":
        assert f"DT[2003-05,{today:%Y-%m-%d}]" in written, written
        back = record_from_sgf(written)
        assert back.date_shown() == f"{today:%Y-%m-%d}"
    else:
        assert "CO[Started: 2003-12-15T13:24:03-07:00]" in written and f"DT[{record_dt(record)}]" in written, written
        back = record_from_ggf(written)
        assert datetime.fromisoformat(back.updated) == datetime.fromisoformat(record.updated).replace(microsecond=0)
    assert (back.started, back.date_given, back.played_on()) == (record.started, record.date_given, True)


def played_from_here(app, plies: int) -> GameScene:
    """The replay's position played on (C, then Enter on the form's own choices): the game
    screen, with the ``plies`` moves played so far."""
    key(app, pygame.K_c)
    assert isinstance(app.scene, PlayFromScene)
    key(app, pygame.K_RETURN)
    scene = app.scene
    assert isinstance(scene, GameScene) and len(scene.history) == plies
    return scene


def played_on_today(app, tmp_path, game_id: str) -> GameRecord:
    """A file's game played on in the window (End, C, Enter in its replay, then a move typed): its
    record, the game still on the screen."""
    name, text, move = FILES[game_id]
    dropped(app, tmp_path, name, text)
    key(app, pygame.K_END)
    scene = played_from_here(app, 2)
    enter_moves(app, move)
    record = scene.recorder.record
    assert len(record.moves) == 3 and record.played_on()
    return record


@pytest.mark.parametrize("game_id", ["hex", "reversi"])
def test_a_files_game_played_on_copied_as_moves_says_both_dates_and_pastes_back_so(app, tmp_path, monkeypatch, game_id):
    """Copy moves (M) wrote "Date: 2003-05" alone for a file's game played on today: pasted back,
    it was the file's game of 2003 again, the day it was played on lost.  The list says both, as
    SGF's DT does, and the game pasted on the main menu is dated as the one copied."""
    record = played_on_today(app, tmp_path, game_id)
    copied: list[str] = []
    monkeypatch.setattr(clipboard, "put_text", lambda text: copied.append(text) or True)
    key(app, pygame.K_m)
    start = record.date_given or record.started
    assert copied and f"Date: {start},{record.updated}\n" in copied[-1], copied
    app.switch(MenuScene(app))
    app.run_frames(2)
    monkeypatch.setattr(clipboard, "get_text", lambda: copied[-1])
    key(app, pygame.K_v, mod=pygame.KMOD_LCTRL)
    assert isinstance(app.scene, ReplayScene), type(app.scene).__name__
    pasted = app.scene.record
    assert (pasted.started, pasted.date_given, pasted.updated) == (record.started, record.date_given, record.updated)
    assert pasted.played_on() and pasted.date_shown() is None
    assert dated_beside_the_title(app, monkeypatch, i18n.date_text(datetime.fromisoformat(record.updated).astimezone()))


@pytest.mark.parametrize("game_id", ["hex", "reversi"])
def test_a_files_game_played_on_is_saved_under_todays_name(app, tmp_path, game_id):
    """Saved (Ctrl+S) or written for the game's other programs (G), a file's game played on today was
    named by the file's date ("hex-2003-05.json"), so today's game sorted among 2003's files:
    it is saved today, and named so, as Saved games dates it."""
    played_on_today(app, tmp_path, game_id)
    key(app, pygame.K_s, mod=pygame.KMOD_LCTRL)
    saved_as_outside_file(app, FILES[game_id][0].split(".")[1])
    today = f"{game_id}-{datetime.now().astimezone():%Y-%m-%d}-"
    names = sorted(path.name for path in games_dir().iterdir() if path.suffix in (".json", ".sgf", ".ggf"))
    assert len(names) == 2 and all(name.startswith(today) for name in names), names


def saved_as_outside_file(app, suffix: str) -> str:
    """G in the game: its file for the game's other programs, saved in the saved-games folder; its
    text.  Where G begins a move's name (Reversi's g1), the window waits for a second press."""
    for _press in range(2):
        key(app, pygame.K_g)
        files = list(games_dir().glob(f"*.{suffix}"))
        if files:
            return files[0].read_text(encoding="utf-8")
    raise AssertionError(f"G saved no .{suffix}")


def record_dt(record: GameRecord) -> str:
    """The moment of ``record``'s last change as GGS's DT writes it."""
    return datetime.fromisoformat(record.updated).astimezone(UTC).strftime("%Y.%m.%d_%H:%M:%S.UTC")


def test_a_file_game_opened_and_not_played_on_keeps_its_date_alone():
    """Opened and written again, unchanged: one date, the file's."""
    record = record_from_sgf(HEXGUI_OF_2003)
    assert not record.played_on() and "DT[2003-05]" in sgf_from_record(record)
    assert record_from_sgf(sgf_from_record(record)).date_shown() == "2003-05"
    ggs = record_from_ggf(GGS_OF_2003)
    assert not ggs.played_on() and "DT[2003.12.15_20:24:03.UTC]" in ggf_from_record(ggs)
    assert "CO[" not in ggf_from_record(ggs)


# -- what GGF has no property for ----------------------------------------------------------------
def reversi_record() -> GameRecord:
    return record_from_ggf(GGS_OF_2003)


def test_a_date_to_the_month_goes_through_ggf_as_a_comment():
    """GGF's DT is a whole moment: a game of "2003-05" was written with no date at all."""
    record = reversi_record().dated("2003-05-01T00:00:00", "2003-05")
    text = ggf_from_record(record)
    assert "DT[" not in text and "CO[Started: 2003-05]" in text
    back = record_from_ggf(text)
    assert (back.started, back.date_given, back.date_shown()) == ("2003-05-01T00:00:00", "2003-05", "2003-05")


@pytest.mark.parametrize(("reason", "re_value"), [
    ("Black lost on time at move 2", "RE[-64.000:t]"),
    ("White resigns at move 2", "RE[+64.000:r]"),
    ("Black forfeits: bot played an illegal move 'zz99' at move 2: not a square", None),
    ("White forfeits: level-3 lost on time at move 2: the flag fell", "RE[+64.000:t]"),
    ("Black wins", None),  # a file's winner alone
])
def test_an_end_ggfs_flags_cannot_say_whole_goes_through_as_a_comment_and_re_says_what_it_can(reason, re_value):
    winner = 1 if reason.startswith("Black") and "wins" not in reason else 0
    record = reversi_record().finish(Result(winner, reason))
    text = ggf_from_record(record)
    assert f"CO[Result: {reason}]" in text
    assert (re_value in text) if re_value else "RE[" not in text
    assert record_from_ggf(text).result == Result(winner, reason)


def test_a_comment_is_written_so_nboard_and_edax_read_the_game_on():
    """NBoard and Edax end a value at its first ``]``, escaped or not; our reader ends a game at ``;)``."""
    reason = "Black forfeits: bot crashed at move 2: IndexError: [1, 2][5] ;)"
    text = ggf_from_record(reversi_record().finish(Result(1, reason)))
    comment = text[text.index("CO[Result") + 3:]
    assert comment.index("]") == comment.index("]B[F5]")  # the comment's own end is its first ]
    assert record_from_ggf(text).result.reason == "Black forfeits: bot crashed at move 2: IndexError: (1, 2)(5) ;)"


def nboard_values(text: str) -> dict[str, list[str]]:
    """A GGF game's values as NBoard and Edax read them: each runs to its first ``]``, no escapes."""
    values: dict[str, list[str]] = {}
    for name, value in re.findall(r"([A-Z]+)\[([^\]]*)\]", text):
        values.setdefault(name, []).append(value)
    return values


def test_a_players_name_with_brackets_is_written_so_nboard_and_edax_keep_it_whole():
    """``PB[Ana \\] 2]`` (SGF's escape) was read by NBoard and Edax as "Ana \\": they end a value at
    its first ``]``.  The name is written with parentheses, as a comment is, and read back so."""
    named = replace(reversi_record(), players=(Side(None, "Ana [club] 2"), Side(None, "Rui\\")))
    text = ggf_from_record(named)
    assert nboard_values(text)["PB"] == ["Ana (club) 2"] and nboard_values(text)["PW"] == ["Rui"], text
    assert [side.title for side in record_from_ggf(text).players] == ["Ana (club) 2", "Rui"]


def test_a_comment_with_a_games_end_in_it_is_written_as_it_is_and_the_game_read_to_its_own_end():
    """A comment saying ";)" was written "; )", our reader ending a game at the first ";)": it now
    ends a game only outside values, so the comment goes through as written, in a database of
    several games too."""
    reason = "Black forfeits: bot said 'bye ;)' at move 2"
    text = ggf_from_record(reversi_record().finish(Result(1, reason)))
    assert f"CO[Result: {reason}]" in text
    assert record_from_ggf(text).result.reason == reason
    database = text + GGS_OF_2003 + "\n"
    assert ggf_game_count(database) == 2 and record_from_ggf(database).moves == ["f5", "d6"]


def test_a_comment_that_contradicts_re_is_left_and_re_is_read():
    """Someone else's comment saying another end than RE: the file's RE is its end."""
    text = GGS_OF_2003.replace("RE[?]", "RE[+64.000:r]").replace("B[F5]", "CO[Result: White lost on time at move 9]B[F5]")
    assert record_from_ggf(text).result == Result(0, "White resigns")


# -- a game whose moves were copied from another -------------------------------------------------
TO_THE_END = ["b2", "a1", "c3", "a3", "a2", "c1", "b1", "b3", "c2"]  # X wins (a2 b2 c2)


def header_date(app) -> str:
    """The date the replay's panel writes right of the game's title (drawn just before it)."""
    drawn = drawn_texts(app)
    return drawn[drawn.index(i18n._(app.scene.game.info.title)) - 1]


def row_date(app, started: str, updated: str) -> str:
    """The date of the Saved games row of the game begun at ``started`` and last changed at
    ``updated`` ("Ended 2026-11-24 10:41"): its detail line's second part, after the plies."""
    records = RecordsScene(app)
    app.switch(records)
    app.run_frames(2)
    entry = next(e for e in records.entries if (e.record.started, e.record.updated) == (started, updated))
    return records.row_text(entry)[1].split(" · ")[1]


def finished_an_hour_after_its_start() -> GameRecord:
    """A hot-seat game of 24 November 2026, begun at 09:41 and won at 10:41."""
    game = games.load("tictactoe")
    record = GameRecord.start(game, (Side(None, "Ann"), Side(None, "Bob")), {"mode": "hotseat"})
    record = record.with_moves(TO_THE_END, game.play_line(TO_THE_END))
    return replace(record, started="2026-11-24T09:41:00+00:00", updated="2026-11-24T10:41:00+00:00",
                   finished="2026-11-24T10:41:00+00:00")


def said(words: str, moment: str) -> str:
    return i18n._(words).format(date=i18n.date_text(datetime.fromisoformat(moment).astimezone()))


def test_a_pasted_copy_of_a_game_is_dated_by_its_end_as_saved_games_dates_the_game(app, monkeypatch):
    """Saved games and the replay date a finished game by its end ("Ended 10:41"); its moves
    copied (M) and pasted on the main menu were dated by the game's start (09:41, the move list's
    one date), a bare date that did not say which.  The copy carries the end, and the pasted
    game's replay says the same words as the game's row."""
    record = finished_an_hour_after_its_start()
    ended = said("Ended {date}", record.updated)
    _row, _drawn, replay = listed_and_replayed(app, record)
    assert header_date(app) == ended
    assert row_date(app, record.started, record.updated) == ended
    app.switch(replay)
    app.run_frames(2)
    copied: list[str] = []
    monkeypatch.setattr(clipboard, "put_text", lambda text: copied.append(text) or True)
    key(app, pygame.K_m)
    app.switch(MenuScene(app))
    app.run_frames(2)
    monkeypatch.setattr(clipboard, "get_text", lambda: copied[-1])
    key(app, pygame.K_v, mod=pygame.KMOD_LCTRL)
    assert isinstance(app.scene, ReplayScene) and app.scene is not replay
    assert header_date(app) == ended


def test_a_game_played_on_from_another_is_dated_by_its_own_end_in_its_replay_and_its_row(app):
    """Play from here on a game of 24 November, played on to its end today: the replay and Saved
    games both say when it ended (today), not when its copied moves began, and say it is its end."""
    record = finished_an_hour_after_its_start()
    listed_and_replayed(app, record)
    for _step in range(len(TO_THE_END) - 3):
        key(app, pygame.K_LEFT)
    game = played_from_here(app, 3)
    for move in TO_THE_END[3:]:
        enter_moves(app, move)
    played = game.recorder.record
    assert played.is_finished() and played.started == record.started and played.updated[:10] != "2026-11-24"
    key(app, pygame.K_s, mod=pygame.KMOD_LCTRL)  # Save: a row of Saved games
    ended = said("Ended {date}", played.updated)
    assert row_date(app, played.started, played.updated) == ended
    key(app, pygame.K_RETURN)  # the row chosen: its replay
    assert isinstance(app.scene, ReplayScene) and app.scene.record.updated == played.updated
    assert header_date(app) == ended


def test_one_date_is_named_for_what_it_is():
    """A game of one moment (a tournament's, dated by its end; ours, begun and won within a
    second) is dated by its end; a file that gave one date to the day (SGF's ``DT``) dated the
    game's start; an unfinished game by its last change."""
    from ui.autosave_words import record_date_text

    game = games.load("tictactoe")
    ended = replace(finished_an_hour_after_its_start(), started="2026-11-24T10:41:00+00:00")
    assert record_date_text(ended) == said("Ended {date}", ended.updated)
    filed = record_from_sgf(HEXGUI_OF_2003)  # DT[2003-05], a game resigned after its two moves
    filed = filed.finish(Result(0, "Red resigns")).dated(filed.started, "2003-05")
    assert record_date_text(filed) == i18n._("Started {date}").format(date="2003-05")
    going = GameRecord.start(game, (Side(None, "Ann"), Side(None, "Bob"))).with_moves(["b2"])
    assert record_date_text(going) == said("Last played {date}", going.updated)
