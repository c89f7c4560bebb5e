"""Every way a game of each of the six games can end, as the user meets it: played in the window
(a win or a draw on the board, a resignation, a flag fall on a clock, an outside bot's forfeit),
saved, listed in Saved games, replayed, copied as a move list and pasted back, and for Hex and
Othello written as the file other programs read (SGF, GGF) and read back.  What the window says
of the end, in English and in Portuguese, is checked where the user reads it: the status line,
the result card, the Saved games row and the replay's panel.  And the endings files tell
(SGF FF[4]'s RE forms, Little Golem's, GGF's, a move list's "Result:" line) are said as the file
says them, no more; a file's partial date (DT[2003], DT[2003-05]) is kept to its precision."""

from __future__ import annotations

import contextlib
import json
import random
import sys
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

import games
from ai.match import random_line
from games.hex_sgf import record_from_sgf, sgf_dates, sgf_from_record
from games.move_list import move_list_text, record_from_move_list
from games.othello_ggf import ggf_from_record, record_from_ggf
from games.record import GameRecord
from games.record_parts import Result
from tests.ui_helpers import click, drop, in_language, key, recorded_text, resign_by_keys, wait
from ui import clipboard, i18n, words
from ui.autosave_words import player_names, sides_of
from ui.data_folders import games_dir
from ui.match import HOTSEAT, HUMAN_VS_PC, MatchSetup
from ui.record_files import load, save
from ui.scenes.game import GameScene
from ui.scenes.game_over import result_lines
from ui.scenes.records import RecordsScene
from ui.scenes.replay import ReplayScene
from ui.tally import TALLY, Score

GAMES = ("tictactoe", "hex", "reversi", "rastros", "alquerque", "trax")
DRAWS = ("tictactoe", "reversi", "alquerque")  # the games random play draws (Hex cannot; Rastros, Trax all but never)


def random_end(game_id: str, winner: int | None, said: str = "") -> list[str]:
    """The moves of a random game of ``game_id`` that ends on the board with ``winner`` (None: a
    draw), its reason holding ``said`` where given ("moved onto": Rastros' piece pushed onto the
    other's goal)."""
    game = games.load(game_id)
    for seed in range(400):
        moves = random_line(game.initial_state(), 400, random.Random(seed))
        state = game.play_line(moves)
        if state.is_terminal() and state.winner() == winner and said in state.end_reason():
            return moves
    raise AssertionError(f"no random {game_id} game ends with {winner} ({said!r})")


def opening(game_id: str, plies: int) -> list[str]:
    """``plies`` random moves of ``game_id`` that leave its game going on."""
    game = games.load(game_id)
    rng, state, moves = random.Random(7), game.initial_state(), []
    while len(moves) < plies:
        move = rng.choice(state.legal_moves())
        after = state.play(move)
        if after.is_terminal():
            continue
        moves.append(game.format_move(state, move))
        state = after
    return moves


def hotseat(app, game_id: str, moves: list[str], clock: str | None = None) -> GameScene:
    scene = GameScene(app, MatchSetup(game_id, {}, HOTSEAT, (None, None), 1.0, clock=clock), moves)
    app.switch(scene)
    app.run_frames(2)
    return scene


def drawn_texts(app) -> list[str]:
    """Every text the current screen draws in one frame."""
    with pytest.MonkeyPatch.context() as patched:
        drawn = recorded_text(patched)
        app.scene.draw(app.screen)
    return drawn


@contextlib.contextmanager
def replay_of_a_dropped_file(app, path: Path, text: str, language: str) -> Iterator[list[str]]:
    """``text`` written to ``path`` and dropped on the window, as SDL posts it, in ``language``
    (kept while the block runs): every text the replay's panel draws."""
    path.write_text(text, encoding="utf-8")
    with in_language(app, language):
        drop(app, path)
        assert isinstance(app.scene, ReplayScene)
        yield drawn_texts(app)


def listed_and_replayed(app, record: GameRecord) -> tuple[str, list[str], ReplayScene]:
    """``record`` saved in the Saved games folder and opened as the user does: its Saved games
    row's text, then Enter on it, and what the replay's panel draws."""
    path = games_dir() / f"ended-{random.random():.6f}.json"
    save(record, path)
    scene = RecordsScene(app)
    app.switch(scene)
    app.run_frames(2)
    rows = drawn_texts(app)
    entry = next(entry for entry in scene.entries if entry.path == path)
    title = scene.row_text(entry)[0]
    row = next(text for text in rows if text.startswith(title[:title.index(" · ")]))  # a long one is cut
    scene.pick_entry(entry)
    app.run_frames(2)
    assert isinstance(app.scene, ReplayScene)
    return row, drawn_texts(app), app.scene


def copied_and_pasted(app, replay: ReplayScene) -> GameRecord:
    """The replay's game copied as a move list (M) and that text read back, as a paste reads it."""
    copied: list[str] = []
    with pytest.MonkeyPatch.context() as patched:
        patched.setattr(clipboard, "put_text", lambda text: copied.append(text) or True)
        key(app, pygame.K_m)
    assert copied, "M copied nothing"
    return record_from_move_list(copied[-1])


def outside_file(record: GameRecord) -> GameRecord | None:
    """``record`` written as the file its game's other programs read and read back (None for the
    games that have none)."""
    if record.game_id == "hex":
        return record_from_sgf(sgf_from_record(record))
    if record.game_id == "reversi":
        return record_from_ggf(ggf_from_record(record))
    return None


def as_listed(record: GameRecord, shown: str) -> str:
    """The end ``shown`` (in the window's language) as the Saved games row and the replay's panel
    say it: led by the winner's name ("Player 1 wins (O resigns at move 2)"; ``words.won_by``)."""
    return words.won_by(shown, record.result.winner, sides_of(record), player_names(record))


def on_panel(listed: str, panel: list[str]) -> bool:
    """Whether the replay's panel (its drawn texts) says ``listed``, on one line or wrapped over
    two or three (Portuguese's "Jogador 1 ganha (Vermelho desiste na" over "jogada 2)")."""
    return any(" ".join(panel[i:i + n]) == listed for n in (1, 2, 3) for i in range(len(panel)))


def check_every_place(app, record: GameRecord, said: str) -> None:
    """The end ``said`` (English, as the record keeps it) is what the Saved games row and the
    replay's panel say, and what the copied move list and the outside file give back."""
    assert record.result is not None and record.result.reason == said
    shown = words.end_reason(said)  # "Black wins 35 - 29 · ..." as the window words a count
    row, panel, replay = listed_and_replayed(app, record)
    listed = as_listed(record, shown)
    assert row.endswith(f" · {listed}"), row
    assert on_panel(listed, panel) or listed.startswith(tuple(line for line in panel if len(line) > 20)), panel
    pasted = copied_and_pasted(app, replay)
    assert (pasted.result.winner, pasted.result.reason) == (record.result.winner, said)
    back = outside_file(record)
    if back is not None:
        assert back.result is not None and back.result.winner == record.result.winner
        assert back.result.reason == said or record.game_id == "reversi", back.result.reason


@pytest.mark.parametrize(("game_id", "winner"), [(game_id, winner) for game_id in GAMES for winner in (0, 1)]
                         + [(game_id, None) for game_id in DRAWS])
def test_a_game_ended_on_the_board_is_said_so_everywhere(app, game_id, winner):
    moves = random_end(game_id, winner)
    scene = hotseat(app, game_id, moves)
    assert scene.is_over() and scene.winner() == winner
    said = scene.state.end_reason()
    check_every_place(app, scene.recorder.record, said)


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("language", ["en", "pt"])
def test_a_resignation_says_its_move_in_the_status_line_the_card_the_list_and_the_replay(app, game_id, language):
    """Resign (Ctrl+R) said "O resigns" alone where a flag fall says "O lost on time at move 2": a
    teacher reading the list had to replay the game to find where it was given up.  Three moves
    played, the side to move gives up the game's 4th: "resigns at move 4"."""
    scene = hotseat(app, game_id, opening(game_id, 3))
    loser = scene.state.to_move
    resign_by_keys(app)
    assert wait(app, scene.is_over) and scene.winner() == 1 - loser
    side = scene.game.sides[loser]
    said = f"{side} resigns at move 4"
    said_at_the_end(app, scene, said, language, "{side} desiste na jogada 4", side)
    check_every_place(app, scene.recorder.record, said)


def test_a_named_friends_resignation_names_the_friend_and_its_move(app):
    """A hot-seat friend with a name: "Ana (O) resigns at move 4" (three moves played), as a flag
    fall names its player."""
    scene = GameScene(app, MatchSetup("tictactoe", {}, HOTSEAT, (None, None), 1.0, names=("Rui", "Ana")),
                      opening("tictactoe", 3))
    app.switch(scene)
    app.run_frames(2)
    resign_by_keys(app)
    assert wait(app, scene.is_over)
    assert scene.end_reason() == "Ana (O) resigns at move 4"
    with in_language(app, "pt"):
        assert scene.end_reason() == "Ana (O) desiste na jogada 4"


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("language", ["en", "pt"])
def test_a_flag_fall_says_its_move_in_the_status_line_the_card_the_list_and_the_replay(
        app, game_id, language):
    """A clocked game (New game > Clock 1m+0s) whose side to move runs out of time: "X lost on
    time", where every forfeit of an outside bot says where it happened ("... at move 3").  Two
    moves played, the flag falls during the game's 3rd: "lost on time at move 3"."""
    scene = hotseat(app, game_id, opening(game_id, 2), clock="1m+0s")
    loser = scene.state.to_move
    scene.referee.set_readings(tuple(0.01 if side == loser else 60.0 for side in (0, 1)))
    assert wait(app, scene.is_over) and scene.winner() == 1 - loser
    side = scene.game.sides[loser]
    said = f"{side} lost on time at move 3"
    said_at_the_end(app, scene, said, language, "{side} perdeu por tempo na jogada 3", side)
    check_every_place(app, load(save_again(scene.recorder.record)), said)


def said_at_the_end(app, scene: GameScene, said: str, language: str, portuguese: str, side: str) -> None:
    """The game's record keeps ``said`` in English; in ``language`` (``portuguese``: its words
    there, ``{side}`` the losing side's name in Portuguese) the end reason, the result card, the
    drawn status line, the Saved games row and the replay's panel all say it."""
    assert scene.recorder.record.result.reason == said  # the record keeps the English words
    with in_language(app, language):
        shown = said if language == "en" else portuguese.format(side=i18n._(side))
        assert scene.end_reason() == shown
        assert shown in result_lines(scene)  # the result card
        app.invalidate()
        assert shown in drawn_texts(app)  # the status line, drawn
        row, panel, _replay = listed_and_replayed(app, scene.recorder.record)
        listed = as_listed(scene.recorder.record, shown)
    assert row.endswith(f" · {listed}") and on_panel(listed, panel), (row, panel)


def save_again(record: GameRecord) -> Path:
    """``record`` saved in a file of its own (a reopened game's), its path."""
    path = games_dir() / "reopened.json"
    save(record, path)
    return path


ILLEGAL_BOT = "def choose(game, state):\n    return 'zz99'\n"  # no game's move


@pytest.mark.parametrize("game_id", GAMES)
def test_an_outside_bots_forfeit_says_its_move_everywhere(app, tmp_path, game_id):
    bot = tmp_path / "zeca.py"  # a "bot.py" is named after its folder, as the tables name a student's
    bot.write_text(ILLEGAL_BOT, encoding="utf-8")
    scene = GameScene(app, MatchSetup(game_id, {}, HUMAN_VS_PC, (str(bot), None), 1.0))
    app.switch(scene)
    assert wait(app, scene.is_over, 60)
    said = scene.recorder.record.result.reason
    assert said.startswith(f"{scene.game.sides[0]} forfeits: zeca played an illegal move 'zz99' at move 1: "), said
    row, panel, replay = listed_and_replayed(app, scene.recorder.record)
    assert f" · You win ({scene.game.sides[0]} forfeits: zeca " in row, row  # cut to the row's width
    assert any(line.startswith(f"You win ({scene.game.sides[0]} forfeits: zeca") for line in panel), panel
    pasted = copied_and_pasted(app, replay)
    assert (pasted.result.winner, pasted.result.reason) == (1, said)
    back = outside_file(scene.recorder.record)
    if back is not None:  # SGF: RE[W+Forfeit], why in GC; GGF has no word for it: no RE, CO[Result: ...]
        assert back.result == Result(1, said)


GTP_ENGINE = Path(__file__).parent / "data" / "outside" / "gtp_engine.py"


def test_a_python_bots_resign_is_a_resignation_at_its_move_in_the_window(app):
    """A student's Python bot that returns "resign" (tests/data/outside/resigner.py, at its second
    move) gives the game up as a GTP engine's ``resign`` does, where it forfeited with an illegal
    move 'resign': X, O, X played, O resigns at move 4."""
    bot = str(Path(__file__).parent / "data" / "outside" / "resigner.py")
    scene = GameScene(app, MatchSetup("tictactoe", {}, HUMAN_VS_PC, (None, bot), 1.0))
    app.switch(scene)
    for _turn in range(2):
        assert wait(app, scene.human_to_move, 60)
        free = scene.state.legal_moves()[-1]
        click(app, scene.view.cell_rect(free // 3, free % 3).center)
    assert wait(app, scene.is_over, 60) and scene.winner() == 0
    assert scene.recorder.record.result == Result(0, "O resigns at move 4")
    assert "O resigns at move 4" in drawn_texts(app)


@pytest.mark.parametrize("language", ["en", "pt"])
def test_an_outside_engines_resignation_is_a_resignation_at_its_move_everywhere(app, tmp_path, language):
    """A GTP engine that answers ``resign`` (the course's own engine, a student's in C) gives the
    game up as a person's Resign does: "O resigns at move 2" (after X's first) on the status line, the card, the
    Saved games row and the replay, won (not "won by forfeit") in the results tally.  And Undo
    takes the human's move back, as after any computer's end: it took the resignation alone back,
    the engine was asked again and resigned again, and Undo seemed to do nothing."""
    config = tmp_path / "quitter.json"
    config.write_text(json.dumps({"command": [sys.executable, str(GTP_ENGINE), "--resign"]}))
    scene = GameScene(app, MatchSetup("tictactoe", {}, HUMAN_VS_PC, (None, str(config)), 1.0))
    app.switch(scene)
    assert wait(app, scene.human_to_move, 60)
    click(app, scene.view.cell_rect(1, 1).center)  # X in the centre; the engine, O, resigns
    assert wait(app, scene.is_over, 60) and scene.winner() == 0
    said = "O resigns at move 2"
    record = scene.recorder.record
    assert record.result.reason == said  # the record keeps the English words
    assert wait(app, lambda: TALLY.of("tictactoe", str(config)).games() == 1)
    assert TALLY.of("tictactoe", str(config)) == Score(won=1)  # won, not won by forfeit
    with in_language(app, language):
        shown = said if language == "en" else "O desiste na jogada 2"
        assert scene.end_reason() == shown
        assert shown in result_lines(scene)  # the result card
        app.invalidate()
        assert shown in drawn_texts(app)  # the status line, drawn
        key(app, pygame.K_u)  # Undo: back to the human's move, the game going on
        app.run_frames(30)
        assert not scene.is_over() and scene.history == [] and scene.human_to_move()
        row, panel, _replay = listed_and_replayed(app, record)
        listed = as_listed(record, shown)
    assert row.endswith(f" · {listed}") and on_panel(listed, panel), (row, panel)
    check_every_place(app, record, said)


# -- what files say of an end: SGF FF[4]'s RE (red-bean.com: "B+R"/"B+Resign", "B+T"/"B+Time",
# "B+F"/"B+Forfeit", "B+" or "B+" a score, "0"/"Draw", "Void", "?"), Little Golem's RE[B], GGF's RE
HEXGUI_UNFINISHED = "(;AP[HexGui:0.10]FF[4]GM[11]PB[Ann]PW[Bob]SZ[5]RE[{result}];B[c3];W[b2])"


@pytest.mark.parametrize(("value", "winner", "said"), [
    ("B+R", 0, "Red resigns"), ("B+Resign", 0, "Red resigns"),  # Blue to move: Red's resignation as RE says it
    ("W+T", 1, "Blue lost on time at move 3"), ("W+Time", 1, "Blue lost on time at move 3"),  # at Blue's move 3
    ("B+F", 0, "Red forfeits"), ("W+Forfeit", 1, "Blue forfeits"),
    ("B+", 0, "Blue wins"), ("W+2.5", 1, "Red wins"), ("0", None, "Draw"), ("Draw", None, "Draw"),
])
def test_an_sgfs_result_is_said_as_the_file_says_it_and_written_back_so(value, winner, said):
    record = record_from_sgf(HEXGUI_UNFINISHED.format(result=value))
    assert record.result == Result(winner, said)
    assert record_from_sgf(sgf_from_record(record)).result == Result(winner, said)
    assert record_from_move_list(move_list_text(record)).result == Result(winner, said)


@pytest.mark.parametrize("value", ["Void", "?", "B+Rubbish", ""])
def test_an_sgf_result_that_names_no_end_leaves_the_game_unfinished(value):
    assert record_from_sgf(HEXGUI_UNFINISHED.format(result=value)).result is None


LITTLE_GOLEM = ("(;FF[4]EV[hex.ch.1.1.1]PB[Ann]PW[Bob]SZ[5]RE[{result}]GC[ game #1]SO[http://www.littlegolem.com]"
                ";W[cb];B[bd];W[cc])")


@pytest.mark.parametrize(("value", "winner", "said"), [
    ("B", 0, "Blue wins"), ("W", 1, "Red wins"),  # what Little Golem writes: who won, not how
    ("B+T", 0, "Red lost on time at move 4"), ("W+R", 1, "Blue resigns"),  # SGF's forms, should it write them: Red to move
])
def test_a_little_golem_result_says_who_won_and_how_only_where_the_file_says_how(value, winner, said):
    """RE[W] read "Blue forfeits": a game lost on time, most often, said to be forfeited, a word
    Little Golem's file does not write."""
    record = record_from_sgf(LITTLE_GOLEM.format(result=value))
    assert record.result == Result(winner, said)
    assert record_from_sgf(sgf_from_record(record)).result == Result(winner, said)


@pytest.mark.parametrize("language", ["en", "pt"])
def test_a_little_golem_win_is_said_with_the_winners_name_in_the_replay(app, tmp_path, language):
    said = "Bob (Red) wins" if language == "en" else "Bob (Vermelho) ganha"
    with replay_of_a_dropped_file(app, tmp_path / "game1.hsgf", LITTLE_GOLEM.format(result="W"), language) as panel:
        assert said in panel and not any("forfeit" in text or "falta" in text for text in panel), panel


@pytest.mark.parametrize(("text", "winner", "said"), [
    ("(;FF[4]GM[11]SZ[5];B[c3];W[resign])", 0, "Red resigns at move 2"),
    ("(;FF[4]GM[11]SZ[5];B[c3];W[b2];B[resign])", 1, "Blue resigns at move 3"),
    ("(;FF[4]GM[11]SZ[5];B[c3];W[b2];B[d2];W[resign])", 0, "Red resigns at move 4"),
    ("(;FF[4]GM[11]SZ[5]AB[c1]PL[W];W[b2];B[resign])", 1, "Blue resigns at move 2"),  # set up, Red began: b2 is move 1
    ("(;FF[4]GM[11]SZ[5];B[c1];W[swap-pieces];W[b2];B[resign])", 0, "Red resigns at move 4"),  # the board kept at the swap
    ("(;FF[4]PB[Ann]PW[Bob]SZ[5]RE[B]SO[https://www.littlegolem.net];W[cb];B[swap];W[bd];B[resign])",
     0, "Red resigns at move 4"),  # the swap counted as a move
])
def test_an_sgfs_resign_move_is_a_resignation_at_its_move_and_written_back_so(text, winner, said):
    """A ``resign`` node (HexGui's, Little Golem's, a hand-written file's) read "Red resigns" where
    our own records say "Red resigns at move 2": the move under way at the node (the moves before
    it + 1).  Our SGF (RE[..+Resign], the words in GC) and a copied move list give it back."""
    record = record_from_sgf(text)
    assert record.result == Result(winner, said)
    again = record_from_sgf(sgf_from_record(record))
    assert again.result == Result(winner, said) and again.moves == record.moves
    assert record_from_move_list(move_list_text(record)).result == Result(winner, said)


@pytest.mark.parametrize("language", ["en", "pt"])
def test_an_sgfs_resign_move_is_said_at_its_move_in_the_replay_and_saved_games(app, tmp_path, language):
    text = "(;FF[4]GM[11]SZ[5];B[c3];W[b2];B[d2];W[resign])"
    with replay_of_a_dropped_file(app, tmp_path / "resigned.sgf", text, language) as panel:
        shown = "Red resigns at move 4" if language == "en" else "Vermelho desiste na jogada 4"
        assert shown in panel, panel
        row, panel, _replay = listed_and_replayed(app, app.scene.record)
        listed = as_listed(app.scene.record, shown)
    assert row.endswith(f" · {listed}") and on_panel(listed, panel), (row, panel)


GGF_UNFINISHED = ("(;GM[Othello]PC[GGS/os]PB[ana]PW[rui]TY[8]RE[{result}]"
                  "BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[D6];)")


@pytest.mark.parametrize(("value", "result"), [
    ("+64.000:r", Result(0, "White resigns")), ("-64.000:t", Result(1, "Black lost on time at move 3")),
    ("+10.000", Result(0, "Black wins")), ("-4.000:s", Result(1, "White wins")), ("0.000", Result(None, "Draw")),
    ("?", None),
])
def test_a_ggfs_result_is_said_as_the_file_says_it(value, result):
    """A margin alone (or agreed, ``:s``) names the winner and not how: the game opened unfinished,
    as if the file said nothing of its end."""
    record = record_from_ggf(GGF_UNFINISHED.format(result=value))
    assert record.result == result
    if result is not None:
        assert record_from_move_list(move_list_text(record)).result == result


def test_a_flag_fall_at_its_move_goes_through_every_file_as_far_as_the_file_can_say_it():
    """SGF writes W+Time and, in GC, the move; GGF's ``:t`` has no room for it: a comment (CO,
    which NBoard skips) says it whole, and reads back; the move list keeps it.  Both games have two
    moves played, so the flag of the side to move falls at move 3."""
    hex_record = record_from_sgf(HEXGUI_UNFINISHED.format(result="")).finish(Result(1, "Blue lost on time at move 3"))
    assert "RE[W+Time]" in sgf_from_record(hex_record) and "GC[Blue lost on time at move 3]" in sgf_from_record(hex_record)
    assert record_from_sgf(sgf_from_record(hex_record)).result == Result(1, "Blue lost on time at move 3")
    reversi = record_from_ggf(GGF_UNFINISHED.format(result="?")).finish(Result(1, "Black lost on time at move 3"))
    assert "RE[-64.000:t]" in ggf_from_record(reversi) and "CO[Result: Black lost on time at move 3]" in ggf_from_record(reversi)
    assert record_from_ggf(ggf_from_record(reversi)).result == Result(1, "Black lost on time at move 3")
    assert record_from_move_list(move_list_text(reversi)).result == Result(1, "Black lost on time at move 3")


# -- a resignation RE tells without a resign node: FF[4]'s RE names the winner ("B+R", the loser
# white), GGF's "Game result for first color" (skatgame.net/mburo/ggsa/ggf: "RE[+64.00:r] flag: r
# (resigned)", black's margin, so "+" white resigned); a player resigns on its own turn, so where
# the loser is the side to move after the last move it resigned there, and nowhere is made up
# where it is not (games.move_numbers.loss_placed)
@pytest.mark.parametrize(("text", "said"), [
    # HexGui saves RE as the property it read or was given, long form, its root sorted
    ("(;AP[HexGui:0.10]FF[4]GM[11]PB[Ann]PW[Bob]RE[B+Resign]SZ[5];B[c3];W[b2];B[d2])", Result(0, "Red resigns at move 4")),
    # kombilo's export: GM and FF first, the charset, RE's short form, a node a line
    ("(;GM[11]FF[4]CA[UTF-8]SZ[5]PB[Ann]PW[Bob]RE[W+R]\n;B[c3]\n;W[b2]\n)", Result(1, "Blue resigns at move 3")),
    ("(;FF[4]GM[11]SZ[5]AB[c1]PL[W]RE[W+R];W[b2])", Result(1, "Blue resigns at move 2")),  # set up, Red began: b2 is move 1
    ("(;FF[4]GM[11]SZ[5]RE[B+R])", Result(0, "Red resigns")),  # no move: Blue to move, Red named: as RE says
    ("(;AP[HexGui:0.10]FF[4]GM[11]RE[W+R]SZ[5];B[c3];W[b2];B[d2])", Result(1, "Blue resigns")),  # Red to move
])
def test_an_sgfs_resignation_without_a_resign_node_is_placed_where_the_loser_was_to_move(text, said):
    record = record_from_sgf(text)
    assert record.result == said
    assert record_from_sgf(sgf_from_record(record)).result == said
    assert record_from_move_list(move_list_text(record)).result == said


GGS_RESIGNED = ("(;GM[Othello]PC[GGS/os]DT[2003.12.15_13:24:03.MST]PB[ana]PW[rui]RB[1820.00]RW[1911.50]"
                "TI[15:00//02:00]TY[8]RE[{result}]BO[8 ---------------------------O*------*O--------------------------- *]"
                "B[F5//0.01]W[D6/-2.00/1.20]B[C3//0.50];)")
NBOARD_RESIGNED = ("(;GM[Othello]PC[NBoard]DT[2014-01-29 23:05:30 GMT]PB[ana]PW[rui]RE[{result}]TI[0]TY[8]"
                   "BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[D6];)")


@pytest.mark.parametrize(("text", "said"), [
    (GGS_RESIGNED.format(result="+12.000:r"), Result(0, "White resigns at move 4")),  # white to move, "+": white lost
    (NBOARD_RESIGNED.format(result="-64:r"), Result(1, "Black resigns at move 3")),  # black to move, "-": black lost
    (GGS_RESIGNED.format(result="-12.000:r"), Result(1, "Black resigns")),  # white to move, black named: as RE says
    (NBOARD_RESIGNED.format(result="+64.000:r"), Result(0, "White resigns")),
    (NBOARD_RESIGNED.format(result="-64.000:t"), Result(1, "Black lost on time at move 3")),  # a flag fall: at its move
])
def test_a_ggfs_resignation_is_placed_where_the_loser_was_to_move(text, said):
    record = record_from_ggf(text)
    assert record.result == said
    assert record_from_ggf(ggf_from_record(record)).result == said
    assert record_from_move_list(move_list_text(record)).result == said


@pytest.mark.parametrize("language", ["en", "pt"])
def test_an_nboard_resignation_dropped_on_the_window_is_said_at_its_move(app, tmp_path, language):
    shown = "ana (Black) resigns at move 3" if language == "en" else "ana (Preto) desiste na jogada 3"
    with replay_of_a_dropped_file(app, tmp_path / "resigned.ggf", NBOARD_RESIGNED.format(result="-64:r"),
                                  language) as panel:
        assert shown in panel, panel


# -- a flag fall RE tells without its move (FF[4]'s "B+T"/"B+Time", GGF's "flag: t (timeout)"): a
# flag falls on its own side's turn, as a player resigns, so it is placed the same way and said as
# our own records say a loss on time ("Red lost on time at move 4"), nowhere made up where the
# file's moves and RE disagree (games.move_numbers.loss_placed)
@pytest.mark.parametrize(("text", "said"), [
    ("(;AP[HexGui:0.10]FF[4]GM[11]PB[Ann]PW[Bob]RE[B+Time]SZ[5];B[c3];W[b2];B[d2])", Result(0, "Red lost on time at move 4")),
    ("(;GM[11]FF[4]CA[UTF-8]SZ[5]PB[Ann]PW[Bob]RE[W+T]\n;B[c3]\n;W[b2]\n)", Result(1, "Blue lost on time at move 3")),
    ("(;FF[4]GM[11]SZ[5]AB[c1]PL[W]RE[W+T];W[b2])", Result(1, "Blue lost on time at move 2")),  # set up, Red began: b2 is move 1
    ("(;FF[4]GM[11]SZ[5]RE[W+Time])", Result(1, "Blue lost on time at move 1")),  # Blue's flag fell before its first move
    ("(;FF[4]GM[11]SZ[5]RE[B+T])", Result(0, "Red lost on time")),  # Blue to move, Red named: as RE says
    ("(;AP[HexGui:0.10]FF[4]GM[11]PB[Ann]PW[Bob]RE[W+Time]SZ[5];B[c3];W[b2];B[d2])", Result(1, "Blue lost on time")),
])
def test_an_sgfs_flag_fall_is_placed_where_the_loser_was_to_move(text, said):
    record = record_from_sgf(text)
    assert record.result == said
    assert record_from_sgf(sgf_from_record(record)).result == said
    assert record_from_move_list(move_list_text(record)).result == said


@pytest.mark.parametrize(("text", "said"), [
    (GGS_RESIGNED.format(result="+12.000:t"), Result(0, "White lost on time at move 4")),  # white to move, "+": white lost
    (NBOARD_RESIGNED.format(result="-64:t"), Result(1, "Black lost on time at move 3")),  # black to move, "-": black lost
    (GGS_RESIGNED.format(result="-12.000:t"), Result(1, "Black lost on time")),  # white to move, black named: as RE says
    (NBOARD_RESIGNED.format(result="+64.000:T"), Result(0, "White lost on time")),
])
def test_a_ggfs_flag_fall_is_placed_where_the_loser_was_to_move(text, said):
    record = record_from_ggf(text)
    assert record.result == said
    assert record_from_ggf(ggf_from_record(record)).result == said
    assert record_from_move_list(move_list_text(record)).result == said


@pytest.mark.parametrize(("name", "text", "english", "portuguese"), [
    ("timeout.ggf", NBOARD_RESIGNED.format(result="-64:t"), "ana (Black) lost on time at move 3",
     "ana (Preto) perdeu por tempo na jogada 3"),
    ("timeout.sgf", "(;AP[HexGui:0.10]FF[4]GM[11]PB[Ann]PW[Bob]RE[B+Time]SZ[5];B[c3];W[b2];B[d2])",
     "Bob (Red) lost on time at move 4", "Bob (Vermelho) perdeu por tempo na jogada 4"),
])
@pytest.mark.parametrize("language", ["en", "pt"])
def test_a_flag_fall_told_without_its_move_dropped_on_the_window_is_said_at_its_move(app, tmp_path, name, text,
                                                                                      english, portuguese, language):
    with replay_of_a_dropped_file(app, tmp_path / name, text, language) as panel:
        shown = english if language == "en" else portuguese
        assert shown in panel, panel


# -- a move list's "Result:" line told without its move (pasted from another program, or written by
# hand: "Result: Red resigns"): placed at the move its moves show, as a file's RE is
# (games.move_numbers.loss_placed), and left as it says where the loser named is not the side to move
LISTED_LOSS = "Hex (size=5, swap=false)\nBlue: Ann  Red: Bob\n1. c3 b2 2. b4\nResult: {result}\n"  # Red to move


@pytest.mark.parametrize(("result", "english", "portuguese"), [
    ("Red resigns", "Bob (Red) resigns at move 4", "Bob (Vermelho) desiste na jogada 4"),
    ("Red lost on time", "Bob (Red) lost on time at move 4", "Bob (Vermelho) perdeu por tempo na jogada 4"),
    ("Blue resigns", "Ann (Blue) resigns", "Ann (Azul) desiste"),  # Red to move, Blue named: as the list says
])
@pytest.mark.parametrize("language", ["en", "pt"])
def test_a_move_lists_loss_told_without_its_move_dropped_on_the_window_is_said_at_its_move(
        app, tmp_path, result, english, portuguese, language):
    with replay_of_a_dropped_file(app, tmp_path / "resigned.txt", LISTED_LOSS.format(result=result),
                                  language) as panel:
        shown = english if language == "en" else portuguese
        assert shown in panel, panel
        if "move" not in english:
            assert not any("at move" in text or "na jogada" in text for text in panel), panel


# -- a file's date, to the precision it gave (SGF FF[4]'s DT: "Partial dates are allowed")
HEXGUI_DATED = "(;AP[HexGui:0.10]DT[{date}]FF[4]GM[11]PB[Ann]PW[Bob]SZ[5];B[c3];W[b2])"


@pytest.mark.parametrize(("date", "english", "portuguese", "written"), [
    ("2003", "2003", "2003", "2003"), ("2003-05", "2003-05", "05/2003", "2003-05"),
    ("2003-05-06", "2003-05-06", "06/05/2003", "2003-05-06"),
    # a game of two days, begun on the first: listed by its last change, the second (test_game_dates)
    ("2003-05-06,07", "2003-05-07", "07/05/2003", "2003-05-06,2003-05-07"),
    # a last date to the month or the year (FF[4]'s "1996-05,06 = played in May,June 1996"): no day made up
    ("2003-05,06", "2003-06", "06/2003", "2003-05,2003-06"), ("2003-05,2003-06", "2003-06", "06/2003", "2003-05,2003-06"),
    ("2003,2004", "2004", "2004", "2003,2004"),
    ("1996-12-27,28,1997-01-03,04", "1997-01-04", "04/01/1997", "1996-12-27,1997-01-04"),
])
def test_a_partial_date_is_shown_and_written_back_as_the_file_gave_it(app, date, english, portuguese, written):
    """DT[2003-05] was listed as "2003-05-01 00:00" and written back as DT[2003-05-01]: a day (and
    an hour) the file did not give."""
    record = record_from_sgf(HEXGUI_DATED.format(date=date))
    assert record.date_given == written[:len(english)] and record.started.startswith(record.date_given)
    for language, shown in (("en", english), ("pt", portuguese)):
        with in_language(app, language):
            save(record, games_dir() / f"dated-{language}.json")
            scene = RecordsScene(app)
            app.switch(scene)
            app.run_frames(2)
            rows = drawn_texts(app)
        detail = next(text for text in rows if f"dated-{language}.json" in text)
        assert f" {shown} ·" in detail and ":" not in detail.split(" · ")[1], detail  # no hour
    reopened = load(games_dir() / "dated-en.json")
    assert reopened.date_given == record.date_given
    assert f"DT[{written}]" in sgf_from_record(reopened)
    assert record_from_sgf(sgf_from_record(reopened)).date_shown() == english
    copied = move_list_text(reopened)
    given = record.date_given
    pasted = record_from_move_list(copied)
    assert f"Date: {written}\n" in copied and (pasted.date_given, pasted.date_shown()) == (given, english)


@pytest.mark.parametrize(("value", "dates"), [
    ("1996", ["1996"]), ("1996-05", ["1996-05"]), ("1996-05-06", ["1996-05-06"]),
    ("1996-05,06", ["1996-05", "1996-06"]),  # MM after YYYY-MM: a month
    ("1996-05-06,07,08", ["1996-05-06", "1996-05-07", "1996-05-08"]),  # DD after YYYY-MM-DD and DD: days
    ("1996,1997", ["1996", "1997"]),
    ("1996-12-27,28,1997-01-03,04", ["1996-12-27", "1996-12-28", "1997-01-03", "1997-01-04"]),
    ("1996-05,06-01", ["1996-05", "1996-06-01"]),  # MM-DD after YYYY-MM: was read as the year 06-01
    ("1996-05-06,06-08,09", ["1996-05-06", "1996-06-08", "1996-06-09"]),  # MM-DD after a day, DD after MM-DD
    ("1996-05,06,07-02", ["1996-05", "1996-06", "1996-07-02"]),  # MM after MM, MM-DD after MM
    ("1996-05-06,2003-05", ["1996-05-06", "2003-05"]),  # a full date, partial, after a day
    ("1996,05", ["1996"]), ("1996-05-06,1", ["1996-05-06"]), ("1996-02-28,30", ["1996-02-28"]),  # no such date: left out
    ("1996-05-06 10:00", ["1996-05-06"]), ("May 1996", []),
])
def test_every_date_list_sgf_ff4_allows_is_read_left_to_right(value, dates):
    """FF[4]'s DT: "MM-DD if preceded by YYYY-MM-DD, YYYY-MM, MM-DD, MM or DD; MM if preceded by
    YYYY-MM or MM; DD if preceded by YYYY-MM-DD, MM-DD or DD" (red-bean.com).  A last date to the
    month or year was not read, and MM-DD after a month was read wrong."""
    assert sgf_dates(value) == dates
    record = record_from_sgf(HEXGUI_DATED.format(date=value))
    assert record.date_shown() == (dates[-1] if dates else None)


def test_a_partial_date_is_left_out_of_a_ggf_which_writes_a_date_to_the_second():
    """GGS's DT (2003.05.01_00:00:00.UTC) would make a day and an hour up: a Reversi game whose
    copied list gave "Date: 2003-05" is written without DT; a whole date keeps it."""
    dated = record_from_move_list("Reversi\nDate: 2003-05\n1. f5 d6\nResult: unfinished\n")
    assert dated.date_given == "2003-05" and "DT[" not in ggf_from_record(dated)
    whole = record_from_move_list("Reversi\nDate: 2003-05-06T10:20:30+00:00\n1. f5 d6\nResult: unfinished\n")
    assert whole.date_given is None and "DT[2003.05.06_10:20:30.UTC]" in ggf_from_record(whole)


def test_a_played_on_game_read_from_a_file_is_listed_by_its_last_change_and_written_with_its_start():
    """The row shows the file's date until the game changes, then when it changed; the game still
    began when the file says, to its precision: DT[2003-05], not DT[2003-05-01], and was played on
    today, the second date of SGF's list (a game continued today is played today: games.record)."""
    played_on = record_from_sgf(HEXGUI_DATED.format(date="2003-05")).with_move("a1")
    assert played_on.date_shown() is None and played_on.date_given == "2003-05"
    assert f"DT[2003-05,{played_on.updated[:10]}]" in sgf_from_record(played_on)
    assert f"Date: 2003-05,{played_on.updated}\n" in move_list_text(played_on)  # both, as DT says them
