"""Othello games as club players have them: GGF from GGS and the databases (games.othello_ggf), and
squares joined by hyphens or commas, pasted on the main menu or dropped as a file; and GGF written back
(Save as GGF, Copy as GGF) for those programs and sites."""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime
from types import SimpleNamespace

import pygame
import pytest

import games
from games.othello_ggf import ggf_clock, ggf_from_record, ggf_game_count, record_from_ggf
from games.record import GameRecord
from games.record_parts import RecordError, Result, Side
from tests.ui_helpers import drop, first_legal_line, key
from ui import clipboard
from ui.clocks import READINGS_KEY
from ui.match import HOTSEAT, MatchSetup
from ui.record_files import from_text
from ui.scenes import game as game_scene
from ui.scenes.game import GameScene
from ui.scenes.menu import MenuScene
from ui.scenes.play_from import PlayFromScene
from ui.scenes.replay import ReplayScene, open_file

USUAL_START = "---------------------------O*------*O--------------------------- *"
HEADER = "GM[Othello]PC[GGS/os]DT[2003.12.15_13:24:03.MST]PB[ana]PW[rui]RB[1820.00]RW[1911.50]TI[15:00//02:00]"


def ggf(moves: list[str], board: str = USUAL_START, size: int = 8, result: str = "?") -> str:
    """A GGF game as GGS writes it, each move with an evaluation and a time after it, passes as PA (Edax's word)."""
    written = "".join(f"{'BW'[i % 2]}[{'PA' if m == 'pass' else m.upper()}/{i * 0.5:.2f}/1.03]"
                      for i, m in enumerate(moves))
    return f"(;{HEADER}TY[{size}]RE[{result}]BO[{size} {board}]{written};)"


def first_legal_game(size: int = 8) -> tuple[list[str], games.State]:
    """A whole game, each side playing its first legal move (on 8x8, Black passes at move 19)."""
    return first_legal_line(games.load("reversi", size=size).initial_state())


def test_a_whole_ggf_game_with_a_pass_is_read_with_its_names_and_result():
    moves, final = first_legal_game()
    assert "pass" in moves  # the game read has a pass in it, written PA
    margin = final.score()[0] - final.score()[1]
    record = record_from_ggf(ggf(moves, result=f"{margin:+.3f}"))
    assert record.game_id == "reversi" and record.options == {"size": 8} and record.start_position is None
    assert record.moves == moves
    assert [p.title for p in record.players] == ["ana", "rui"]
    assert record.result is not None and record.result.winner == final.winner()
    assert record.result.score == tuple(final.score())


def test_a_set_up_start_on_6x6_is_read_from_bo_with_white_to_move():
    game = games.load("reversi", size=6)
    state = game.initial_state()
    state = state.play(state.legal_moves()[0])  # a start of the set-up kind: Black's disc played, White to move
    board = game.to_text(state).split()[0].replace("X", "*")
    white_moves = state.legal_moves()
    reply = game.format_move(state, white_moves[0])
    text = f"(;GM[Othello]TY[6]BO[6 {board} O]W[{reply.upper()}];)"
    record = record_from_ggf(text)
    assert record.options == {"size": 6}
    assert record.start_position == game.to_text(state)
    assert record.moves == [reply]
    assert record.states()[-1].boards == state.play(white_moves[0]).boards


def test_a_resignation_in_re_ends_a_game_its_moves_leave_unfinished():
    record = record_from_ggf(ggf(["f5", "d6", "c3"], result="-64.000:r"))
    assert record.result is not None and record.result.winner == 1 and record.result.reason == "Black resigns"
    margin = record_from_ggf(ggf(["f5", "d6", "c3"], result="+10.000")).result  # a margin alone: the winner, not how
    assert margin is not None and margin.winner == 0 and margin.reason == "Black wins"


@pytest.mark.parametrize(("text", "said"), [
    (ggf(["f5", "d6"])[:-2] + "W[C3", "cut short"),
    (ggf(["f5", "d6", "a1"]), "move 3 'a1' is not legal"),
    (ggf(["f5"], board=USUAL_START.replace("O*", "Q*")), "'Q' is no square"),
    (ggf(["f5"], size=12, board=""), "TY[12]"),
    (ggf(["f5"]).replace("TY[8]", "TY[8k]"), "TY[8k]: a kind of Othello Tabuleiro does not play"),
    (ggf(["f5"]).replace("B[F5", "B[F5 garbage"), "not legal"),
])
def test_a_corrupt_ggf_is_refused_naming_its_fault(text, said):
    with pytest.raises(RecordError) as refused:
        from_text(text)
    assert said in str(refused.value)


def test_a_ggf_is_not_taken_for_a_hex_sgf():
    assert from_text(ggf(["f5", "d6"])).game_id == "reversi"  # was "this SGF is of another game"


@pytest.mark.parametrize("text", ["f5-d6-c3-d3", "F5-D6-C3-D3", "f5 - d6 - c3 - d3", "f5,d6,c3,d3",
                                  "F5 d6 C3 D3", "1. f5-d6-c3-d3", "Reversi\nf5-d6-c3-d3"])
def test_squares_joined_by_hyphens_or_commas_read_as_an_othello_game(text):
    record = from_text(text)
    assert (record.game_id, record.moves) == ("reversi", ["f5", "d6", "c3", "d3"])


def test_two_squares_joined_by_a_hyphen_stay_one_move_for_alquerque():
    game = games.load("alquerque")
    state = game.initial_state()
    step = game.format_move(state, state.legal_moves()[0])
    assert "-" in step and from_text(step).game_id == "alquerque"


def paste(app, text: str, monkeypatch) -> None:
    monkeypatch.setattr(clipboard, "get_text", lambda: text)
    key(app, pygame.K_v, mod=pygame.KMOD_LCTRL)


def said(app) -> list[str]:
    return [m.text for m in app.messages.current()]


def test_a_ggf_database_pasted_opens_its_first_game_and_says_how_many(app, monkeypatch):
    database = "\n".join([ggf(["f5", "d6", "c3"]), ggf(["e6", "f4"]), ggf(["d3"])])
    assert ggf_game_count(database) == 3
    paste(app, database, monkeypatch)
    assert isinstance(app.scene, ReplayScene) and app.scene.record.moves == ["f5", "d6", "c3"]
    assert any("3 games: the first is open" in m for m in said(app))


def test_hyphen_joined_squares_pasted_open_in_the_replay(app, monkeypatch):
    paste(app, "f5-d6-c3-d3-c4", monkeypatch)
    assert isinstance(app.scene, ReplayScene) and app.scene.record.moves == ["f5", "d6", "c3", "d3", "c4"]


def test_a_ggf_pasted_with_a_move_that_cannot_be_played_opens_up_to_it_and_says_which(app, monkeypatch):
    """It was refused whole, its two legal moves lost with it; one that cannot be read is still refused."""
    paste(app, ggf(["f5", "d6", "a1"]), monkeypatch)
    assert isinstance(app.scene, ReplayScene) and app.scene.record.moves == ["f5", "d6"]
    assert any("move 3 'a1' is not legal" in m and "(2 moves kept)" in m for m in said(app)), said(app)
    app.show_menu()
    paste(app, ggf(["f5", "d6"]).replace("TY[8]", "TY[8k]"), monkeypatch)
    assert isinstance(app.scene, MenuScene)
    assert any("TY[8k]: a kind of Othello Tabuleiro does not play" in m for m in said(app)), said(app)


def test_a_ggf_file_dropped_opens_and_says_its_other_games(app, tmp_path):
    path = tmp_path / "games.ggf"
    path.write_text(ggf(["f5", "d6"]) + ggf(["f5", "f6"]), encoding="utf-8")
    open_file(app, path)
    assert isinstance(app.scene, ReplayScene) and app.scene.record.moves == ["f5", "d6"]
    assert any("2 games: the first is open" in m for m in said(app))


# -- GGF written: Save as GGF (G) and Copy as GGF (Shift+G) -------------------------------------
SHORTEST_WIPEOUT = ["f5", "d6", "c5", "f4", "e7", "f6", "g5", "e6", "e3"]  # Black 13, White 0, 51 squares empty


def finished(moves: list[str], size: int = 8, names: tuple[str, str] = ("ana", "rui")) -> GameRecord:
    """A record of ``moves`` played to their end, the result as the window writes it."""
    game = games.load("reversi", size=size)
    record = GameRecord.start(game, (Side(None, names[0]), Side("level-3", names[1])))
    final = record.states(game)[0]
    for move in moves:
        final = final.play(game.parse_move(final, move))
    return record.with_moves(moves, final).finish(Result.of(final))


def test_a_game_with_a_pass_is_written_as_ggs_writes_it_and_read_back_the_same():
    moves, final = first_legal_game()
    record = finished(moves, names=("ana [club]", "rui"))
    text = ggf_from_record(record)
    assert text.startswith("(;GM[Othello]PC[Tabuleiro]DT[") and text.endswith(";)\n")
    assert "TY[8]" in text and f"BO[8 {' '.join(['--------'] * 3)} ---O*--- ---*O--- " in text
    assert "B[PA]" in text and f"B[{moves[0]}]" not in text and f"B[{moves[0].upper()}]" in text  # squares in capitals
    assert f"RE[{final.final_margin() * (1 if final.winner() == 0 else -1):+.3f}]" in text
    back = record_from_ggf(text)
    assert back.moves == moves and [p.title for p in back.players] == ["ana (club)", "rui"]  # NBoard and Edax end a value at its first ]
    assert back.result == record.result


def test_a_game_ended_early_gives_the_winner_the_empty_squares_in_re():
    """The World Othello Federation's count: Black's 13 - 0 with 51 squares empty is +64."""
    assert "RE[+64.000]" in ggf_from_record(finished(SHORTEST_WIPEOUT))


def test_a_set_up_6x6_start_a_resignation_and_an_unfinished_game_are_written_back():
    game = games.load("reversi", size=6)
    start = game.initial_state().play(game.initial_state().legal_moves()[0])  # White to move
    record = GameRecord.start(game, (Side(None, "ana"), Side(None, "rui")))
    record = GameRecord("reversi", {"size": 6}, record.players, start_position=game.to_text(start))
    reply = game.format_move(start, start.legal_moves()[0])
    unfinished = record.with_moves([reply])
    text = ggf_from_record(unfinished)
    assert "TY[6]" in text and text.count(" O]") == 1 and "RE[" not in text and f"W[{reply.upper()}]" in text
    assert record_from_ggf(text).start_position == game.to_text(start)
    resigned = unfinished.finish(Result(1, "Black resigns"))
    assert "RE[-36.000:r]" in ggf_from_record(resigned)
    assert record_from_ggf(ggf_from_record(resigned)).result == Result(1, "Black resigns at move 2")  # Black was to move


def test_another_games_record_is_not_written_as_ggf():
    hex_record = GameRecord.start(games.load("hex", size=5), (Side(None, ""), Side(None, "")))
    with pytest.raises(RecordError, match="only Reversi games"):
        ggf_from_record(hex_record)


def copied_to_the_clipboard(monkeypatch) -> list[str]:
    put: list[str] = []
    monkeypatch.setattr(clipboard, "put_text", lambda text: put.append(text) or True)
    return put


def test_the_replays_ggf_buttons_save_a_file_and_copy_the_game(app, monkeypatch):
    from tests.ui_helpers import click
    from ui.data_folders import games_dir

    put = copied_to_the_clipboard(monkeypatch)
    app.switch(ReplayScene(app, finished(SHORTEST_WIPEOUT)))
    app.run_frames(2)
    buttons = {b.label: b for b in app.scene.actions if b.visible}
    assert buttons["Save as GGF"].rect.width > 0 and buttons["Copy as GGF"].rect.width > 0
    click(app, buttons["Save as GGF"].rect.center)
    [saved] = games_dir().glob("*.ggf")
    assert record_from_ggf(saved.read_text(encoding="utf-8")).moves == SHORTEST_WIPEOUT
    assert f"Saved as GGF: {saved}" in said(app.scene)
    click(app, buttons["Copy as GGF"].rect.center)
    key(app, pygame.K_g, mod=pygame.KMOD_LSHIFT)
    assert len(put) == 2 and put[0] == put[1] == saved.read_text(encoding="utf-8")
    assert "Game copied to the clipboard as GGF" in said(app.scene)


def test_g_and_shift_g_in_a_reversi_game_save_and_copy_it_as_ggf(app, monkeypatch):
    from ui.data_folders import games_dir

    put = copied_to_the_clipboard(monkeypatch)
    app.switch(GameScene(app, MatchSetup("reversi", {"size": 8}, HOTSEAT, (None, None), 0.1), ["f5", "d6"]))
    app.run_frames(2)
    key(app, pygame.K_g)  # no legal move here begins with g: G acts at once
    [saved] = games_dir().glob("*.ggf")
    assert record_from_ggf(saved.read_text(encoding="utf-8")).moves == ["f5", "d6"]
    key(app, pygame.K_g, mod=pygame.KMOD_LSHIFT)
    assert len(put) == 1 and record_from_ggf(put[0]).moves == ["f5", "d6"]
    assert list(games_dir().glob("*.sgf")) == []


def test_the_rules_pages_say_how_to_save_and_copy_a_game_as_ggf_and_a_move_string_by_the_buttons_names():
    from pathlib import Path

    from ui import i18n

    root = Path(__file__).resolve().parent.parent / "assets"
    try:
        for language, page in (("en", root / "rules"), ("pt", root / "locale" / "pt" / "rules")):
            i18n.set_language(language)
            reversi, keys = ((page / name).read_text(encoding="utf-8") for name in ("reversi.md", "keys.md"))
            assert f"{i18n._('Save as GGF')} (G)" in reversi and f"{i18n._('Copy as GGF')} (Shift+G)" in reversi, page
            assert f"{i18n._('Copy moves alone')} (Shift+M" in reversi, page
            assert "Shift+G" in keys and "Shift+M" in keys, page
            assert "(.ggf)" in keys, page  # what may be dropped: the page named only HexGui's .sgf
    finally:
        i18n.set_language("en")


# -- the move string alone: Copy moves alone (Shift+M) ---------------------------------------------
def test_shift_m_copies_the_move_string_alone_and_it_pastes_back_as_the_same_game(app, monkeypatch):
    """WZebra, Edax and the sites read ``f5d6c3...`` on its own; Copy moves (M) wrote it among
    header lines, which the player had to cut out.  Shift+M copies that word alone, passes left out."""

    moves, _final = first_legal_game()
    put = copied_to_the_clipboard(monkeypatch)
    app.switch(ReplayScene(app, finished(moves)))
    app.run_frames(2)
    key(app, pygame.K_m, mod=pygame.KMOD_LSHIFT)
    assert put == ["".join(move for move in moves if move != "pass")]
    assert "Moves copied to the clipboard" in said(app.scene)  # "move string" is Othello programs' jargon
    app.switch(GameScene(app, MatchSetup("reversi", {"size": 8}, HOTSEAT, (None, None), 0.1), moves[:20]))
    app.run_frames(2)
    key(app, pygame.K_m, mod=pygame.KMOD_LSHIFT)
    assert put[-1] == "".join(move for move in moves[:20] if move != "pass")
    app.show_menu()
    app.run_frames(2)
    paste(app, put[0], monkeypatch)
    assert isinstance(app.scene, ReplayScene) and app.scene.record.moves == moves


def test_a_set_up_game_has_no_move_string_and_is_told_to_copy_it_as_ggf(app, monkeypatch):
    game = games.load("reversi", size=6)
    start = game.initial_state().play(game.initial_state().legal_moves()[0])
    record = GameRecord("reversi", {"size": 6}, (Side(None, "ana"), Side(None, "rui")), start_position=game.to_text(start))
    put = copied_to_the_clipboard(monkeypatch)
    app.switch(ReplayScene(app, record.with_moves([game.format_move(start, start.legal_moves()[0])])))
    app.run_frames(2)
    key(app, pygame.K_m, mod=pygame.KMOD_LSHIFT)
    assert put == [] and any("copy it as GGF" in m for m in said(app.scene))


# -- GGF's definition (Michael Buro's, at skatgame.net/mburo/ggsa/ggf): "DT date DT[2004.09.18_05:54:38.MDT]
# year.month.day_hour:minute:second.zone", its complete example's DT[945277754] (seconds since 1970),
# "RE[+64.00:r] flag: r (resigned) | t (time out) | s (mutual score)", "TI Both thinking times";
# and the files programs write: GGS's DT[2003.12.15_13:24:03.MST] and TY[s8r19] (Chris Welty's
# GgfGameTest, from GGS games), NBoard's DT[2014-01-29 23:05:30 GMT] (its bug list's game) and TI[0]
# for a game without a clock (its COsGameTest), Edax's GGF with no TY (its README's example).
TEN_BY_TEN_START = "---------- ---------- ---------- ---------- ----O*---- ----*O---- ---------- ---------- ---------- ----------"


@pytest.mark.parametrize(("date", "started"), [
    ("2003.12.15_13:24:03.MST", "2003-12-15T13:24:03-07:00"),  # GGS, in its server's zone
    ("2026.12.04_16:14:26.UTC", "2026-12-04T16:14:26+00:00"),  # as we write it: the definition's form
    ("2014-01-29 23:05:30 GMT", "2014-01-29T23:05:30+00:00"),  # NBoard
    ("2000-4-16 11:13 EST", "2000-04-16T11:13:00-05:00"),  # GGS's archive of 2000 (Othello.01e4.ggf's first game)
    ("945277754", "1999-12-15T17:09:14+00:00"),  # the definition's complete example
])
def test_the_date_a_ggf_names_is_the_games_date(date, started):
    """The date was left out: a game of 2003 opened (and was kept, saved) as begun the day it was opened."""
    record = record_from_ggf(ggf(["f5", "d6"]).replace("DT[2003.12.15_13:24:03.MST]", f"DT[{date}]"))
    assert record.started == started


def test_a_date_of_another_form_opens_the_game_all_the_same():
    """Welty's ThorGame writes the year alone (DT[2009]); a zone we do not know is no time we can say."""
    for date in ("2009", "2003.12.15_13:24:03.XYZ", "2003.13.45_13:24:03.UTC"):
        record = record_from_ggf(ggf(["f5"]).replace("DT[2003.12.15_13:24:03.MST]", f"DT[{date}]"))
        assert record.moves == ["f5"] and not record.started.startswith(("2003", "2009"))


def test_a_game_written_as_ggf_reads_back_on_the_day_it_was_played():
    """Our DT (``.UTC``, the definition's year.month.day_hour:minute:second.zone) reads back as the same moment."""
    record = replace(finished(SHORTEST_WIPEOUT), started="2026-12-04T17:14:26+01:00", updated="2026-12-04T17:20:00+01:00")
    text = ggf_from_record(record)
    assert "DT[2026.12.04_16:14:26.UTC]" in text and "TI[0]" in text and "RE[+64.000]" in text
    back = record_from_ggf(text)
    assert datetime.fromisoformat(back.started) == datetime.fromisoformat(record.started)


@pytest.mark.parametrize("size", [6, 10])
def test_a_ggf_of_a_6x6_or_10x10_game_opens_on_that_board(size):
    game = games.load("reversi", size=size)
    board = " ".join(game.to_text(game.initial_state()).split()[0][i:i + size].replace("X", "*")
                     for i in range(0, size * size, size))
    first = game.format_move(game.initial_state(), game.initial_state().legal_moves()[0])
    record = record_from_ggf(f"(;GM[Othello]PC[GGS/os]TY[{size}]BO[{size} {board} *]B[{first.upper()}];)")
    assert record.options == {"size": size} and record.moves == [first] and record.start_position is None


def test_a_ggf_without_ty_opens_on_the_board_bo_names():
    """Edax writes no TY; a 10x10 game without it was refused: "BO[10 ...] is not the 8x8 board TY names"."""
    record = record_from_ggf(f"(;GM[othello]PC[Edax]PB[?]PW[?]RE[?]BO[10 {TEN_BY_TEN_START} *]B[E4];)")
    assert record.options == {"size": 10} and record.moves == ["e4"]


def test_a_random_start_with_its_disc_count_opens_and_a_synchro_one_is_refused():
    """GGS writes a random start's discs after its r (TY[s8r19]); TY[8r19] was refused as a kind we
    do not play, where BO gives the start and the rules are ours; a synchro game (s) is two games."""
    record = record_from_ggf(ggf(["f5"]).replace("TY[8]", "TY[8r19]"))
    assert record.options == {"size": 8} and record.moves == ["f5"]
    with pytest.raises(RecordError, match=r"TY\[s8r19\]: a kind of Othello"):
        record_from_ggf(ggf(["f5"]).replace("TY[8]", "TY[s8r19]"))


def test_a_ggf_move_that_cannot_be_played_names_its_line(app, tmp_path):
    """A database game, one property a line, refused at move 3 with no line to find it on; the file is
    named with the line, and left as it was, and its game opens up to that move."""
    text = re.sub(r"\](?=[BW]\[)", "]\n", ggf(["f5", "d6", "a1"]))  # each move on a line of its own
    with pytest.raises(RecordError) as refused:
        record_from_ggf(text)
    assert str(refused.value) == "line 4: move 3 'a1' is not legal: a1 flips no discs"
    path = tmp_path / "club.ggf"
    path.write_text(text, encoding="utf-8")
    drop(app, path)
    assert isinstance(app.scene, ReplayScene) and app.scene.record.moves == ["f5", "d6"]
    assert any("club.ggf: line 4: move 3 'a1' is not legal" in m for m in said(app)), said(app)
    assert path.read_text(encoding="utf-8") == text


@pytest.mark.parametrize("word", ["pass", "PASS", "PA"])
def test_a_pass_reads_as_each_program_writes_it(word):
    """GGS writes ``B[pass]`` (Welty's GgfGameTest, a GGS game), NBoard ``B[PASS]`` (its
    MutableGameTest), Edax ``B[PA]`` (its game_export_ggf)."""
    moves, _final = first_legal_game()
    text = ggf(moves).replace("[PA/", f"[{word}/")
    assert f"[{word}/" in text and record_from_ggf(text).moves == moves


def test_a_ggf_that_cannot_be_read_names_the_line_it_stops_at():
    """A database's game with a stray word on its third line said only where, not on which line."""
    text = ggf(["f5", "d6"]).replace("B[F5", "\nB[F5").replace("W[D6", "\n  stray W[D6")
    with pytest.raises(RecordError) as refused:
        record_from_ggf(text)
    assert str(refused.value) == "line 3: the GGF cannot be read at 'stray W[D6/0.50/1.03'"


# -- a game lost on time: GGF carries a flag fall in RE's flag (the definition's "RE[+64.00:r] flag:
# r (resigned) | t (time out)"; Kalmia's ggf.cpp reads it as is_timeout) and the clock in TI, as GGS
# writes it (TI[15:00//02:00], the definition's TI[01:00/00:00/02:00]: main time / increment /
# extension, minutes:seconds; Kalmia reads "[main_time]/[increment_time]/[extension_time]")
def test_a_clocked_game_lost_on_time_is_copied_as_ggf_with_its_clock_and_its_flag(app, monkeypatch):
    """Copy as GGF wrote ``TI[0]`` (no clock) beside ``RE[-64.000:t]`` (a flag that fell)."""
    put = copied_to_the_clipboard(monkeypatch)
    game = games.load("reversi")
    record = GameRecord.start(game, (Side(None, "ana"), Side(None, "rui")), {"mode": "hotseat", "clock": "5m+3s"})
    record = record.with_moves(["f5", "d6"], game.play_line(["f5", "d6"])).finish(Result(1, "Black lost on time at move 2"))
    app.switch(ReplayScene(app, record))
    app.run_frames(2)
    key(app, pygame.K_g, mod=pygame.KMOD_LSHIFT)
    [text] = put
    assert "TI[05:00/00:03/00:00]" in text and "RE[-64.000:t]" in text and "TI[0]" not in text
    assert record_from_ggf(text).result == Result(1, "Black lost on time at move 2")
    unclocked = replace(record, setup={"mode": "hotseat"})
    assert "TI[0]" in ggf_from_record(unclocked)  # no clock: as NBoard's COsGame writes it


# The extension is written, none: NBoard's OsClock reads a TI without one as 2:00 of it (its In()
# sets tGrace = 120 before reading; OsClockTest: "23//0" is none), a flag that falls later than ours.
@pytest.mark.parametrize(("clock", "written"), [
    ((300.0, 0.0), "TI[05:00//00:00]"), ((600.0, 5.0), "TI[10:00/00:05/00:00]"),
    ((3600.0, 30.0), "TI[60:00/00:30/00:00]"), (None, "TI[0]"),
])
def test_the_clock_is_written_in_ti_as_ggs_writes_it(clock, written):
    assert written in ggf_from_record(finished(SHORTEST_WIPEOUT), clock)


# -- the clock a GGS game was played on: TI and each move's time (B[E6//4.09]: move / evaluation /
# seconds), read as the window's own clocks (setup "clock" and "clock_readings") and written back.
# The first game of GGS's archive Othello.01e4.ggf.bz2 (skatgame.net/mburo/ggs/game-archive/Othello,
# "bzgrep . Othello.01e4.ggf.bz2 | head -1", as a GGF parser's test in Rust quotes it): black's moves
# with a time and no evaluation, white's with both or an evaluation alone (W[F3/-43.63]: GGS writes
# no time for a move of none), black's passes with their times (B[pass//1.67]), the last move bare.
GGS_ARCHIVE_GAME = (
    "(;GM[Othello]PC[GGS/os]DT[2000-4-16 11:13 EST]PB[fangr]PW[patzer]RB[1457.12]RW[1631.74]TI[15:00//02:00]"
    "TY[8]RE[-40.00]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]"
    "B[E6//4.09]W[F4/-48.50/0.93]B[C3//5.52]W[C4/-42.50/0.43]B[D3//1.70]W[D6/-39.50/0.28]B[F6//4.31]"
    "W[C6/-28.55/0.13]B[F5//2.17]W[G5/0.55/0.10]B[G6//2.21]W[E3/-30.57/0.02]B[F2//1.65]W[F7/-43.63/0.01]"
    "B[E7//4.71]W[F3/-43.63]B[H5//1.80]W[E2/-43.63]B[C5//5.10]W[B6/0.63]B[B4//6.88]W[B5/2.82]B[B3//8.30]"
    "W[A4/2.04]B[A3//3.06]W[H4/-2.55]B[H3//8.17]W[D8/-5.22/0.01]B[C7//9.61]W[D7/-2.40]B[C8//51.08]W[E8/0.90]"
    "B[C2//17.00]W[G4/4.05]B[F1//16.62]W[H6/6.88/0.01]B[G3//11.69]W[H2/12.51/0.01]B[A5//33.91]"
    "W[D2/15.19/0.01]B[E1//2.67]W[B2/13.64/0.01]B[B7//7.38]W[D1/15.94/0.01]B[G2//5.81]W[A6/15.89/0.01]"
    "B[A7//3.84]W[H1/27.21/0.01]B[F8//6.78]W[A8/29.49/0.01]B[B8//3.80]W[A2/29.39/0.01]B[A1//2.96]"
    "W[G1/30.62/0.01]B[C1//3.05]W[B1/30.46/0.01]B[H7//5.06]W[H8/40.00/0.01]B[pass//1.67]W[G7/40.00/0.01]"
    "B[pass//2.10]W[G8];)"
)


def times_written(text: str, letter: str) -> list[float]:
    """The seconds a GGF's moves of one side (``B`` or ``W``) say they took, 0 where none is written."""
    return [float(parts[2]) if len(parts) > 2 and parts[2] else 0.0
            for parts in (value.split("/") for value in re.findall(rf"(?<![A-Z]){letter}\[([^\]]*)\]", text))]


def test_a_ggs_archive_game_opens_on_its_clock_with_both_clocks_after_every_move(app, tmp_path):
    path = tmp_path / "Othello.01e4.ggf"
    path.write_text(GGS_ARCHIVE_GAME + "\n", encoding="utf-8")
    drop(app, path)
    record = app.scene.record
    assert isinstance(app.scene, ReplayScene) and len(record.moves) == 62 and record.moves[-4] == "pass"
    readings = record.setup[READINGS_KEY]
    assert record.setup["clock"] == "15m+0s" and len(readings) == 63  # the extension (02:00) is no part of ours
    assert readings[1] == [895.91, 900.0] and readings[2] == [895.91, 899.07]  # E6 took 4.09 s, F4 0.93 s
    assert readings[16] == readings[15]  # W[F3/-43.63]: an evaluation, no time
    assert readings[-4] == pytest.approx([readings[-5][0] - 1.67, readings[-5][1]])  # black's pass: black's clock, the first
    assert readings[-1] == pytest.approx([900 - sum(times_written(GGS_ARCHIVE_GAME, "B")),
                                          900 - sum(times_written(GGS_ARCHIVE_GAME, "W"))])


def test_play_from_here_in_a_ggs_game_goes_on_from_the_clocks_of_that_move(app, tmp_path):
    path = tmp_path / "Othello.01e4.ggf"
    path.write_text(GGS_ARCHIVE_GAME, encoding="utf-8")
    drop(app, path)
    key(app, pygame.K_HOME)
    for _step in range(3):
        key(app, pygame.K_RIGHT)
    key(app, pygame.K_c)
    form = app.scene
    assert isinstance(form, PlayFromScene) and form.keep_clock and form.readings == (895.91 - 5.52, 899.07)
    key(app, pygame.K_RETURN)
    assert isinstance(app.scene, GameScene) and app.scene.setup.clock == "15m+0s"
    assert app.scene.referee.readings() == pytest.approx((890.39, 899.07))


@pytest.mark.parametrize(("times", "clock"), [
    ("TI[15:00//02:00]", (900.0, 0.0)), ("TI[05:00/00:03]", (300.0, 3.0)), ("TI[05:00/00:03/00:00]", (300.0, 3.0)),
    ("TI[5:00//0]", (300.0, 0.0)),  # NBoard's OsClock writes no extension so (its OsClockTest)
    ("TI[1:00:00/30]", (3600.0, 30.0)), ("TB[5:00]TW[5:00]", (300.0, 0.0)),
    ("TI[0]", None),  # NBoard's game without a clock (its COsGameTest)
    ("TB[5:00]TW[1:00//1:00]", None),  # a clock each (NBoard's MutableGameTest): ours is one for both
    ("TI[15:00,40//02:00]", None), ("TI[15:00/N5/02:00]", None), ("TI[1/2/3/4]", None),  # moves counted, GGS's flags
    ("", None),
])
def test_the_clocks_ti_can_say_are_read_and_the_others_left_out(times, clock):
    text = f"(;GM[Othello]PC[GGS/os]PB[ana]PW[rui]{times}TY[8]BO[8 {USUAL_START}]B[F5//1.50];)"
    read = ggf_clock(text, record_from_ggf(text))
    assert (read.initial, read.increment) == clock if clock else read is None
    if clock:
        assert read.readings == [(clock[0], clock[0]), (clock[0] - 1.5 + clock[1], clock[0])]


def test_a_pass_the_file_leaves_out_takes_no_time_and_a_file_without_times_has_no_readings():
    moves, _final = first_legal_game()
    assert moves[18] == "pass"  # black passes
    written = "".join(f"{'BW'[i % 2]}[{m.upper()}//2.00]" for i, m in enumerate(moves[:18]))
    written += "".join(f"{'WB'[i % 2]}[{m.upper()}//2.00]" for i, m in enumerate(moves[19:22]))  # no B[pass]
    text = f"(;{HEADER}TY[8]BO[8 {USUAL_START}]{written};)"
    record = record_from_ggf(text)
    readings = ggf_clock(text, record).readings
    assert record.moves[18] == "pass" and len(readings) == 22 + 1
    assert readings[19] == readings[18] and readings[20][1] == readings[19][1] - 2  # white's move after it
    bare = re.sub(r"//2\.00", "", text)
    assert ggf_clock(bare, record_from_ggf(bare)).readings is None  # the clock alone: the times are not made up


def played_on_a_clock(app, monkeypatch, plies: int) -> GameScene:
    """A hot-seat Reversi game on a 5m+3s clock, each side playing its first legal move (black
    passes at move 19), move ``n`` (from 0) thinking 1 + n/10 seconds of the game scene's time."""
    now = [1000.0]
    monkeypatch.setattr(game_scene, "time", SimpleNamespace(monotonic=lambda: now[0]))
    scene = GameScene(app, MatchSetup("reversi", {"size": 8}, HOTSEAT, (None, None), 1.0, clock="5m+3s"))
    app.switch(scene)
    for number, text in enumerate(first_legal_game()[0][:plies]):
        scene._run_clock()  # the side to move's clock starts
        now[0] += 1 + number / 10
        assert scene._play(scene.game.parse_move(scene.state, text), by_computer=False)
    return scene


def test_a_game_on_our_clock_is_copied_with_each_moves_time_and_reads_back_with_the_same_clocks(app, monkeypatch):
    """Copy as GGF wrote the clock and no move's time: GGS's and NBoard's readers had no clocks to show."""
    put = copied_to_the_clipboard(monkeypatch)
    scene = played_on_a_clock(app, monkeypatch, plies=24)
    readings = scene.clock_readings()
    app.open_replay(scene.recorder.record)
    app.run_frames(2)
    key(app, pygame.K_g, mod=pygame.KMOD_LSHIFT)
    [text] = put
    assert "TI[05:00/00:03/00:00]" in text and "B[PA//2.80]W[" in text  # move 19, black's pass: black's time
    assert times_written(text, "B")[:3] == [1.0, 1.2, 1.4] and times_written(text, "W")[:3] == [1.1, 1.3, 1.5]
    back = from_text(text)
    assert back.setup["clock"] == "5m+3s" and back.moves == scene.recorder.record.moves
    read = [clock for pair in back.setup[READINGS_KEY] for clock in pair]
    assert read == pytest.approx([clock for pair in readings for clock in pair], abs=0.006)
