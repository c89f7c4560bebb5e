"""Othello games as club players have them: GGF from GGS and the databases (games.othello_ggf), and
squares joined by hyphens or commas, pasted on the main menu or dropped as a file."""

from __future__ import annotations

import pygame
import pytest

import games
from games.othello_ggf import ggf_game_count, record_from_ggf
from games.record import RecordError
from tests.ui_helpers import key
from ui import clipboard
from ui.record_files import from_text
from ui.scenes.menu import MenuScene
from ui.scenes.replay import ReplayScene, open_file

USUAL_START = "---------------------------O*------*O--------------------------- *"
HEADER = "GM[Othello]PC[GGS/os]DT[2003.12.15_13:24:03.MST]PB[ana]PW[rui]RB[1820.00]RW[1911.50]TI[15:00//02:00]"


def ggf(moves: list[str], board: str = USUAL_START, size: int = 8, result: str = "?") -> str:
    """A GGF game as GGS writes it, each move with an evaluation and a time after it, passes as PA."""
    written = "".join(f"{'BW'[i % 2]}[{'PA' if m == 'pass' else m.upper()}/{i * 0.5:.2f}/1.03]"
                      for i, m in enumerate(moves))
    return f"(;{HEADER}TY[{size}]RE[{result}]BO[{size} {board}]{written};)"


def first_legal_game(size: int = 8) -> tuple[list[str], games.State]:
    """A whole game, each side playing its first legal move (on 8x8, Black passes at move 19)."""
    game = games.load("reversi", size=size)
    state, played = game.initial_state(), []
    while not state.is_terminal():
        move = state.legal_moves()[0]
        played.append(game.format_move(state, move))
        state = state.play(move)
    return played, state


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
    assert record_from_ggf(ggf(["f5", "d6", "c3"], result="+10.000")).result is None  # a margin alone: no end made up


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


def test_a_corrupt_ggf_pasted_is_said_and_nothing_opens(app, monkeypatch):
    paste(app, ggf(["f5", "d6", "a1"]), monkeypatch)
    assert isinstance(app.scene, MenuScene)
    assert any("move 3 'a1' is not legal" in m for m in said(app))


def test_a_ggf_file_dropped_opens_and_says_its_other_games(app, tmp_path):
    path = tmp_path / "games.ggf"
    path.write_text(ggf(["f5", "d6"]) + ggf(["f5", "f6"]), encoding="utf-8")
    open_file(app, path)
    assert isinstance(app.scene, ReplayScene) and app.scene.record.moves == ["f5", "d6"]
    assert any("2 games: the first is open" in m for m in said(app))
