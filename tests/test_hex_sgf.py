"""Hex games saved by HexGui or Benzene (SGF, GM[11]) open in Tabuleiro: pasted or dropped, a
HexGui file was "its first line should name the game".  HexGui's black joins top and bottom, our
Blue left and right: cells are read with row and column exchanged, so the winner stays the winner."""

from __future__ import annotations

import pygame
import pytest

import games
from games.hex_sgf import main_line, record_from_sgf
from games.record import RecordError
from ui.record_files import from_text
from ui.scenes.replay import ReplayScene

# as HexGui's SgfWriter writes a file: root properties, one move a node, lines cut at 72 characters
HEXGUI = """(;FF[4]AP[HexGui:0.9.GIT]GM[11]SZ[11]PB[Ann]PW[Bob];B[f6];W[swap-pieces]
;B[e7];W[d8])
"""


def test_a_hexgui_file_is_its_game_turned_to_our_orientation_with_the_swap_rule_on():
    record = from_text(HEXGUI)
    assert record.game_id == "hex" and record.options == {"size": 11, "swap": True}
    assert [side.title for side in record.players] == ["Ann", "Bob"]
    # f6 is on the long diagonal; e7 and d8 are their column e row 7, column d row 8: our g5 and h4
    assert record.moves == ["f6", "swap", "g5", "h4"]


def test_black_joining_top_and_bottom_in_the_file_is_blue_winning_here():
    """HexGui's black a1 a2 a3 join top and bottom of its 3x3 board: our Blue's a1 b1 c1, left to right."""
    record = record_from_sgf("(;FF[4]GM[11]SZ[3];B[a1];W[b1];B[a2];W[b2];B[a3])")
    assert record.moves == ["a1", "a2", "b1", "b2", "c1"]
    assert record.result is not None and record.result.winner == 0


def test_the_main_line_is_the_first_variation_at_each_branch():
    text = "(;GM[11]SZ[5];B[c3](;W[b2](;B[a1])(;B[e5]))(;W[d4];B[a5]))"
    assert [n.get("B", n.get("W")) for n in main_line(text)[1:]] == [["c3"], ["b2"], ["a1"]]
    assert record_from_sgf(text).moves == ["c3", "b2", "a1"]


def test_setup_stones_are_the_start_position_and_a_resignation_ends_the_game():
    record = record_from_sgf("(;FF[4]GM[11]SZ[5]AB[c1]AW[b2]PL[B];B[d1];W[resign])")
    game = record.game()
    start = record.first_state(game)
    assert start.stone_at(game.parse_move(game.initial_state(), "a3")) == 0  # their c1, our a3
    assert start.stone_at(game.parse_move(game.initial_state(), "b2")) == 1
    assert record.moves == ["a4"] and record.result.winner == 0 and record.result.reason == "Red resigns"


@pytest.mark.parametrize("text, said", [
    ("(;FF[4]GM[1]SZ[19];B[pd])", "this SGF is of another game (GM[1])"),
    ("(;FF[4]GM[11]SZ[11:9];B[a1])", "SZ[11:9]: Tabuleiro plays Hex on square boards only"),
    ("(;FF[4]GM[11]SZ[25];B[a1])", "SZ[25]: option size"),
    ("(;FF[4]GM[11]SZ[5];B[a1];W[a1])", "move 2 'a1' is not legal: 'a1' is already taken"),
    ("(;FF[4]GM[11]SZ[5];B[a1", "the SGF cannot be read at 'B[a1'"),
])
def test_what_is_wrong_with_a_file_is_said(text, said):
    with pytest.raises(RecordError) as caught:
        from_text(text)
    assert str(caught.value).startswith(said), caught.value


def test_a_hexgui_file_dropped_on_the_window_opens_in_the_replay(app, tmp_path):
    path = tmp_path / "game.sgf"
    path.write_text(HEXGUI, encoding="utf-8")
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(path)))
    app.run_frames(2)
    assert isinstance(app.scene, ReplayScene)
    assert app.scene.record.moves == ["f6", "swap", "g5", "h4"]
    assert games.load("hex", size=11, swap=True).play_line(app.scene.record.moves).to_move == 0


def test_a_swap_written_swap_turns_the_swap_rule_on_too():
    """HexGui reads ``swap`` as swap-pieces (LittleGolem's word for it); such a file was refused at its swap."""
    record = record_from_sgf("(;FF[4]GM[11]SZ[7];B[b3];W[swap];B[d4])")
    assert record.options["swap"] is True and record.moves == ["c2", "swap", "d4"]


def test_hexguis_swap_that_keeps_the_board_is_read_as_our_swap_with_the_rest_mirrored_back():
    """HexGui keeps the board at a swap and the swapper's colour (W) moves next; read like
    Benzene's files, every later move landed on the wrong cell.  Here black, owned by the swapper
    after the swap, joins top and bottom: in our game Red, the swapper, joins the same cells."""
    record = record_from_sgf("(;FF[4]GM[11]SZ[3]PB[Ann]PW[Bob];B[a1];W[swap-pieces];W[b1];B[a2];W[b2];B[a3])")
    assert record.moves == ["a1", "swap", "b1", "a2", "b2", "a3"]
    assert record.result.winner == 1 and record.players[1].title == "Bob"
    resigned = record_from_sgf("(;FF[4]GM[11]SZ[5];B[c1];W[swap-pieces];W[b2];B[resign])")
    assert resigned.moves == ["a3", "swap", "b2"] and resigned.result.reason == "Red resigns"


def test_a_file_naming_no_players_leaves_them_unnamed_not_called_by_their_colour():
    """A file without PB/PW has unnamed players, as a pasted move list has: the replay shows
    "Blue", not "Blue: Blue"."""
    record = from_text("(;FF[4]GM[11]SZ[5];B[c3];W[b2])")
    assert [side.title for side in record.players] == ["", ""]
