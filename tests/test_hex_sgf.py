"""Hex games saved by HexGui or Benzene (SGF, GM[11]) open in Tabuleiro: pasted or dropped, a
HexGui file was "its first line should name the game".  HexGui's black joins top and bottom, our
Blue left and right: cells are read with row and column exchanged, so the winner stays the winner."""

from __future__ import annotations

import re

import pygame
import pytest
from hypothesis import given
from hypothesis import strategies as st

import games
from games.hex import transpose_cell
from games.hex_sgf import main_line, record_from_sgf, sgf_from_record
from games.move_numbers import resigned_at
from games.record import GameRecord
from games.record_parts import RecordError, Result, Side
from tests.ui_helpers import drop, recorded_text, words_in
from tests.ui_helpers import key as press
from ui import clipboard
from ui.record_files import from_text
from ui.scenes.replay import ReplayScene

# as HexGui's SgfWriter writes a file: root properties in alphabetical order (its nodes keep them
# in a TreeMap), one move a node, a new line before a token that would pass 72 characters; after
# its swap the swapper's colour (W) moves on, on the board kept as it was
HEXGUI = """(;AP[HexGui:0.9.GIT]FF[4]GM[11]PB[Ann]PW[Bob]SZ[11];B[f6];W[swap-pieces]
;W[e7];B[d8])
"""
MOVES = ["f6", "swap", "e7", "d8"]  # after HexGui's swap its cells are ours as they are named


def test_a_hexgui_file_is_its_game_turned_to_our_orientation_with_the_swap_rule_on():
    record = from_text(HEXGUI)
    assert record.game_id == "hex" and record.options == {"size": 11, "swap": True}
    assert [side.title for side in record.players] == ["Ann", "Bob"]
    # f6 is on the long diagonal, and after the swap HexGui's board is ours mirrored: e7 is our e7
    assert record.moves == MOVES


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
    assert record.moves == ["a4"] and record.result.winner == 0 and record.result.reason == "Red resigns at move 2"


@pytest.mark.parametrize("text, said", [
    ("(;FF[4]GM[1]SZ[19];B[pd])", "this SGF is of another game (GM[1])"),
    ("(;FF[4]GM[11]SZ[11:9];B[a1])", "SZ[11:9]: Tabuleiro plays Hex on square boards only"),
    ("(;FF[4]GM[11]SZ[25];B[a1])", "SZ[25]: option size"),
    ("(;FF[4]GM[11]SZ[5];B[a1];W[a1])", "line 1: move 2 'a1' is not legal: a1 is already taken"),
    ("(;FF[4]GM[11]SZ[5];B[a1", "line 1: the SGF cannot be read at 'B[a1'"),
    ("(;FF[4]GM[11]SZ[5]\n;B[a1]\n  ;W[b2", "line 3: the SGF cannot be read at 'W[b2'"),
])
def test_what_is_wrong_with_a_file_is_said(text, said):
    with pytest.raises(RecordError) as caught:
        from_text(text)
    assert str(caught.value).startswith(said), caught.value


def test_a_hexgui_file_dropped_on_the_window_opens_in_the_replay(app, tmp_path):
    path = tmp_path / "game.sgf"
    path.write_text(HEXGUI, encoding="utf-8")
    drop(app, path)
    assert isinstance(app.scene, ReplayScene)
    assert app.scene.record.moves == MOVES
    assert games.load("hex", size=11, swap=True).play_line(app.scene.record.moves).to_move == 0


def test_a_swap_written_swap_turns_the_swap_rule_on_too():
    """HexGui reads ``swap`` as swap-pieces (LittleGolem's word for it); such a file was refused at its swap."""
    record = record_from_sgf("(;FF[4]GM[11]SZ[7];B[b3];W[swap];B[d4])")
    assert record.options["swap"] is True and record.moves == ["c2", "swap", "d4"]


def test_hexguis_swap_that_keeps_the_board_is_read_as_our_swap_with_the_rest_mirrored_back():
    """HexGui keeps the board at a swap and the swapper's colour (W) moves next; read as if
    the letters alternated, every later move landed on the wrong cell.  Here black, owned by the swapper
    after the swap, joins top and bottom: in our game Red, the swapper, joins the same cells."""
    record = record_from_sgf("(;FF[4]GM[11]SZ[3]PB[Ann]PW[Bob];B[a1];W[swap-pieces];W[b1];B[a2];W[b2];B[a3])")
    assert record.moves == ["a1", "swap", "b1", "a2", "b2", "a3"]
    assert record.result.winner == 1 and record.players[1].title == "Bob"
    resigned = record_from_sgf("(;FF[4]GM[11]SZ[5];B[c1];W[swap-pieces];W[b2];B[resign])")
    assert resigned.moves == ["a3", "swap", "b2"] and resigned.result.reason == "Red resigns at move 4"


def test_a_file_naming_no_players_leaves_them_unnamed_not_called_by_their_colour():
    """A file without PB/PW has unnamed players, as a pasted move list has: the replay shows
    "Blue", not "Blue: Blue"."""
    record = from_text("(;FF[4]GM[11]SZ[5];B[c3];W[b2])")
    assert [side.title for side in record.players] == ["", ""]


# -- the other way: a Tabuleiro game written for HexGui -------------------------------------------
def test_a_game_is_written_character_by_character_as_hexgui_writes_it():
    """Checked by hand against HexGui's SgfWriter: setup stones before the root's properties, those
    in alphabetical order, PL naming the side to move, a node per move, a line cut before the
    token that would pass 72 characters (PL[W] after 70, B[b10] after 72), ``)`` and a line end.
    Our a1 b1 (Blue) are HexGui's a1 a2 (black), our e7 its g5; Red lost on time: RE[B+Time]."""
    game = games.load("hex", size=11)
    start = game.play_line(["a1", "k11", "b1"])
    record = GameRecord.start(game, (Side(None, "Ann"), Side("level-3", "Level 3")), start_position=game.to_text(start))
    record.started = "2026-12-01T10:00:00+00:00"
    moves = ["f6", "e7", "d8", "c9", "g5", "h4", "i3", "j2", "f5", "e6", "d7", "c8", "b9", "a10", "g4"]
    record = record.with_moves(moves).finish(Result(0, "Red lost on time"))
    record.updated = "2026-12-01T10:40:00+00:00"  # played that day (a game played on another day lists both: test_game_dates)
    assert sgf_from_record(record) == (
        "(;AB[a1][a2]AW[k11]AP[Tabuleiro:0.1.0]DT[2026-12-01]FF[4]GM[11]PB[Ann]\n"
        "PL[W]PW[Level 3]RE[B+Time]SZ[11];W[f6];B[g5];W[h4];B[i3];W[e7];B[d8];\n"
        "W[c9];B[b10];W[e6];B[f5];W[g4];B[h3];W[i2];B[j1];W[d7])\n")


def test_a_game_with_a_swap_is_written_character_by_character_as_hexgui_saves_it():
    """The file HexGui 0.10 saves for this game: its swap-pieces mirrors Blue's a2 to a white b1
    (GuiBoard.swapPieces) and hands the move back to black (Node.defaultPlayerToMove), so the
    letters alternate and every cell is exchanged, before the swap and after it.  Written as
    HexGui 0.9 wrote it (``;W[swap-pieces];W[c3]``), HexGui 0.10 drew Blue's c3 as a white stone
    and every later stone on the mirror of its cell in the other colour."""
    game = games.load("hex", size=5, swap=True)
    record = GameRecord.start(game, (Side(None, ""), Side(None, ""))).with_moves(["b1", "swap", "c3", "b4", "d2"])
    record.started = ""  # no date: the file holds what HexGui's would, and RU[swap]
    assert sgf_from_record(record) == (
        "(;AP[Tabuleiro:0.1.0]FF[4]GM[11]RU[swap]SZ[5];B[a2];W[swap-pieces];B[c3]\n"
        ";W[d2];B[b4])\n")
    assert record_from_sgf(sgf_from_record(record)).moves == record.moves


def test_a_game_played_with_the_swap_rule_and_no_swap_says_so_in_ru():
    """Without RU[swap] it came back without the rule (and Red could not have swapped on going on from it)."""
    game = games.load("hex", size=5, swap=True)
    unswapped = GameRecord.start(game, (Side(None, ""), Side(None, ""))).with_moves(["b1", "c3"])
    assert "RU[swap]" in sgf_from_record(unswapped)
    assert record_from_sgf(sgf_from_record(unswapped)).options == {"size": 5, "swap": True}


def test_a_file_in_the_old_alternating_form_still_reads_as_our_swap():
    """Tabuleiro wrote ``;W[swap-pieces];B[...]`` before it was checked against HexGui: such a
    file, its letters alternating after the swap, is read as it was meant."""
    record = record_from_sgf("(;FF[4]GM[11]SZ[5];B[a2];W[swap-pieces];B[d2])")
    assert record.moves == ["b1", "swap", "b4"]


def test_a_file_that_ends_on_its_swap_names_the_winner_by_hexguis_colours():
    """Red swapped and Blue resigned: after HexGui 0.10's swap-pieces the white stone is Red's, so
    RE[W+Resign]."""
    game = games.load("hex", size=5, swap=True)
    record = GameRecord.start(game, (Side(None, ""), Side(None, ""))).with_moves(["b1", "swap"])
    text = sgf_from_record(record.finish(Result(1, "Blue resigns")))
    assert "RE[W+Resign]" in text and text.replace("\n", "").endswith(";B[a2];W[swap-pieces])")
    assert record_from_sgf(text).result == Result(1, "Blue resigns at move 3")  # Blue was to move: RE's resignation is there


@pytest.mark.parametrize("program, word, winner", [
    ("HexGui:0.10", "swap-pieces", 1),  # the stone mirrored and made white: white is the swapper, Red
    ("HexGui:0.9.GIT", "swap-pieces", 0),  # HexGui 0.9's swap-pieces kept the board: white is Blue now
    ("HexGui:0.10", "swap-sides", 0),  # the colours exchanged, the stone kept: white is Blue
])
def test_a_file_ending_on_its_swap_reads_re_as_the_swap_word_and_the_program_mean_it(program, word, winner):
    """With no move after the swap to show whose letter moves on, the word decides, as HexGui 0.10
    decides it (SgfReader.parseMove reads an old HexGui's swap-pieces as swap-sides)."""
    record = record_from_sgf(f"(;AP[{program}]FF[4]GM[11]RE[W+Resign]SZ[5];B[c1];W[{word}])")
    assert record.moves == ["a3", "swap"] and record.result.winner == winner


@pytest.mark.parametrize("reason, value, back", [
    ("Blue resigns", "W+Resign", "Blue resigns at move 3"),  # Blue is to move: it resigned there
    ("Blue lost on time", "W+Time", "Blue lost on time at move 3"),  # and its flag fell there
    ("Blue forfeits: bot.py crashed", "W+Forfeit", None),
    ("Blue forfeits: level-3 lost on time: the flag fell (61.2 s spent with -1.2 s left on its 1m clock)", "W+Time", None),
    ("Blue forfeits: bot.py played an illegal move: a9 [is off the board]", "W+Forfeit", None),
])
def test_a_game_lost_off_the_board_is_written_as_re_and_read_back(reason, value, back):
    """RE says how in FF[4]'s long forms, a loss on time as Time even when the referee words it as a
    forfeit; the reason's full words (which player crashed, the illegal move) went with RE[W+F]
    alone and now come back from GC."""
    game = games.load("hex", size=5)
    record = GameRecord.start(game, (Side(None, ""), Side(None, ""))).with_moves(["c3", "b2"]).finish(Result(1, reason))
    text = sgf_from_record(record)
    assert f"RE[{value}]" in text
    assert ("GC[" in text) == (":" in reason)  # RE alone says "Blue resigns": no comment repeats it
    assert record_from_sgf(text).result == Result(1, back or reason)


def test_a_game_comment_that_is_not_the_losers_ending_is_not_taken_for_it():
    """Another program's GC is its own comment: RE's words stand."""
    reason = record_from_sgf("(;FF[4]GM[11]SZ[5]GC[a fine game]RE[W+Time];B[c3])").result.reason
    assert reason == "Blue lost on time"
    reason = record_from_sgf("(;FF[4]GM[11]SZ[5]GC[Red forfeits: x]RE[W+F];B[c3])").result.reason
    assert reason == "Blue forfeits"


def test_a_win_on_the_board_is_written_with_the_winner_alone():
    game = games.load("hex", size=3)
    record = GameRecord.start(game, (Side(None, ""), Side(None, "")))
    record = record.with_moves(["a1", "a2", "b1", "b2", "c1"], game.play_line(["a1", "a2", "b1", "b2", "c1"]))
    assert "RE[B+]" in sgf_from_record(record)


def test_only_hex_is_written_as_sgf():
    record = GameRecord.start(games.load("reversi"), (Side(None, ""), Side(None, "")))
    with pytest.raises(RecordError, match="only Hex games"):
        sgf_from_record(record)


NAMES = st.text(alphabet="AbÇã ]\\:;()[", max_size=8)


@st.composite
def hex_records(draw) -> GameRecord:
    """A random legal Hex game, 3x3 to 19x19, with or without the swap rule (its swap played or
    not), sometimes from a position set up after random moves, sometimes resigned, with names."""
    game = games.load("hex", size=draw(st.integers(3, 19)), swap=draw(st.booleans()))
    state = game.initial_state()
    start = None
    moves: list[str] = []
    for ply in range(draw(st.integers(0, 3 * game.size))):
        if state.is_terminal():
            break
        legal = state.legal_moves()
        move = "swap" if "swap" in legal and draw(st.booleans()) else draw(st.sampled_from(legal))
        if start is None and ply > 0 and ply == draw(st.integers(0, 3 * game.size)) // 2 and draw(st.booleans()):
            start = game.to_text(state)  # the moves so far become a set-up start
            moves = []
        moves.append(game.format_move(state, move))
        state = state.play(move)
    players = (Side(None, draw(NAMES)), Side("level-2", draw(NAMES)))
    record = GameRecord.start(game, players, start_position=start).with_moves(moves, state)
    if not state.is_terminal() and draw(st.booleans()):
        record = record.finish(Result(1 - state.to_move, resigned_at(game.sides[state.to_move], len(moves))))
    return record


@given(hex_records())
def test_every_game_written_as_sgf_reads_back_the_same(record):
    again = record_from_sgf(sgf_from_record(record))
    assert again.moves == record.moves
    assert again.options == record.options
    assert [side.title for side in again.players] == [side.title.strip() for side in record.players]
    assert again.start_position == record.start_position
    assert again.result == record.result


def hexgui_board(text: str) -> tuple[dict[str, str], str | None]:
    """The board HexGui 0.10 shows on opening ``text`` and the colour it has to move (None at the
    root), modelled on its source (hexgui/gui/HexGui.java, ``guiPlay``): each move's colour is set
    on its cell (the setup stones first), ``swap-pieces`` recolours every stone and reflects it
    across the long diagonal (``GuiBoard.swapPieces``, ``HexPoint.reflect``), and the colour to move
    is the other one after any move but ``swap-sides`` (``Node.defaultPlayerToMove``)."""
    nodes = main_line(text)
    board = {cell: colour for colour in "BW" for cell in nodes[0].get(f"A{colour}", [])}
    to_move = None
    for node in nodes:
        for colour in "BW":
            for value in node.get(colour, []):
                if value == "swap-pieces":
                    board = {transpose_cell(cell): "BW"["WB".index(stone)] for cell, stone in board.items()}
                else:
                    board[value] = colour
                to_move = colour if value == "swap-sides" else "BW"["WB".index(colour)]
    return board, to_move


@given(hex_records())
def test_hexgui_opens_every_written_game_on_the_board_it_was_played_on(record):
    """Cell by cell, HexGui's board is ours turned to its orientation (row and column exchanged,
    Blue black), after a swap too; the side to move and the winner named in RE are the same
    player's colour there."""
    game = record.game()
    state = record.final_state()
    ours = {}
    for cell in range(game.cells):
        stone = state.stone_at(cell)
        if stone is not None:
            ours[transpose_cell(game.format_move(state, cell))] = "BW"[stone]
    text = sgf_from_record(record)
    board, to_move = hexgui_board(text)
    assert board == ours
    if record.moves and "resign" not in text:
        assert to_move == "BW"[state.to_move]
    if record.result is not None and state.is_terminal():  # the colour that joined its edges on HexGui's board
        black = sum(1 << game.parse_move(game.initial_state(), transpose_cell(c)) for c, v in board.items() if v == "B")
        white = sum(1 << game.parse_move(game.initial_state(), transpose_cell(c)) for c, v in board.items() if v == "W")
        assert f"RE[{'BW'[game.board_winner(black, white)]}+]" in text


def saved_by_hexgui(text: str) -> str:
    """``text`` opened and saved again by HexGui 0.10, modelled on its source: SgfReader keeps
    every root property it does not play (RE, GC, PB...) as read, its escapes undone
    (``Node.setSgfProperty``), and reads ``resign`` as a move (``HexPoint.RESIGN``); SgfWriter sets
    FF, AP, GM and SZ and writes each property back as ``KEY[value]``, unescaped, and one move a node."""
    nodes = main_line(text)
    properties = {key: values[0] for key, values in nodes[0].items()}
    properties.update(FF="4", AP="HexGui:0.10", GM="11")
    moves = [f";{colour}[{value}]" for node in nodes[1:] for colour in "BW" for value in node.get(colour, [])]
    return "(;" + "".join(f"{key}[{value}]" for key, value in properties.items()) + "".join(moves) + ")\n"


@pytest.mark.parametrize("reason", ["Blue resigns at move 3", "Red resigns at move 2"])
def test_a_resignation_we_write_survives_hexgui_opening_and_saving_the_file(reason):
    """Why our SGF writes a resignation as RE[W+Resign] (and its move in GC) and no ``resign``
    node: HexGui keeps RE and GC as it read them and writes them back, and a ``resign`` move is
    no move of its own games (HexGui.play returns at HexPoint.RESIGN, so no file it saves from
    play has one).  GC says the move; Blue was to move, so RE alone places it too (a reader that
    leaves GC out); Red was not, so RE alone says no more than "Red resigns"."""
    game = games.load("hex", size=5)
    winner = 1 if reason.startswith("Blue") else 0
    record = GameRecord.start(game, (Side(None, "Ann"), Side(None, "Bob"))).with_moves(["c3", "b2"])
    record = record.finish(Result(winner, reason))
    text = sgf_from_record(record)
    assert "resign]" not in text and f"RE[{'BW'[winner]}+Resign]" in text
    again = record_from_sgf(saved_by_hexgui(text))
    assert again.result == Result(winner, reason) and again.moves == record.moves
    without_comment = record_from_sgf(re.sub(r"GC\[[^\]]*\]", "", saved_by_hexgui(text)))
    assert without_comment.result == Result(winner, reason if winner else "Red resigns")


# -- the window: Save as SGF (G), Hex only --------------------------------------------------------
def test_the_replays_save_as_sgf_button_writes_a_file_hexgui_opens(app):
    """Pressed in the replay of a Hex game with a swap, the button writes the game as an .sgf file
    in the saved-games folder (which its lists leave alone: they read records) and says where."""
    from tests.ui_helpers import click
    from ui.data_folders import games_dir

    record = from_text(HEXGUI)
    app.switch(ReplayScene(app, record))
    app.run_frames(2)
    button = next(b for b in app.scene.actions if b.label == "Save as SGF")
    assert button.visible and button.rect.width > 0
    click(app, button.rect.center)
    [saved] = games_dir().glob("*.sgf")
    assert record_from_sgf(saved.read_text(encoding="utf-8")).moves == MOVES
    # written as HexGui 0.10 writes it: the letters alternating, our e7 and d8 its g5 and h4
    assert saved.read_text(encoding="utf-8").endswith(";B[f6];W[swap-pieces];B[g5];W[h4])\n")
    assert f"Saved for HexGui: {saved}" in [m.text for m in app.scene.messages.current()]
    assert list(games_dir().glob("*.json")) == []


def test_g_in_a_hex_game_saves_it_as_sgf_and_other_games_have_no_such_command(app):
    from ui.data_folders import games_dir
    from ui.match import HOTSEAT, MatchSetup
    from ui.scenes.game import GameScene

    app.switch(GameScene(app, MatchSetup("hex", {"size": 7, "swap": True}, HOTSEAT, (None, None), 0.1), ["d4", "swap"]))
    for _ in range(2):  # g begins a move's name on 7x7 (g1): G waits for a second press
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_g, mod=0, unicode="g"))
        app.run_frames(2)
    [saved] = games_dir().glob("*.sgf")
    assert record_from_sgf(saved.read_text(encoding="utf-8")).moves == ["d4", "swap"]
    saved.unlink()
    tictactoe = GameRecord.start(games.load("tictactoe"), (Side(None, ""), Side(None, ""))).with_moves(["b2"])
    app.switch(ReplayScene(app, tictactoe))
    app.run_frames(2)
    assert not [b for b in app.scene.actions if b.visible and b.label.startswith(("Save as", "Copy as"))]
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_g, mod=0, unicode="g"))
    app.run_frames(2)
    assert list(games_dir().glob("*.sgf")) == []


def test_a_forfeit_read_from_re_is_said_in_the_windows_language():
    """RE[W+F] says who forfeited, not why: "Blue forfeits", which Portuguese says as the referee's
    forfeits are said (it stayed in English)."""
    from ui.words import end_reason

    reason = record_from_sgf("(;FF[4]GM[11]SZ[5]RE[W+F];B[c3])").result.reason
    with words_in("pt"):
        assert end_reason(reason) == "Azul perde por falta"


def test_the_rules_pages_say_how_to_take_a_game_to_hexgui_by_the_buttons_own_name():
    from pathlib import Path

    from ui import i18n

    root = Path(__file__).resolve().parent.parent / "assets"
    try:
        for language, page in (("en", root / "rules"), ("pt", root / "locale" / "pt" / "rules")):
            i18n.set_language(language)
            hex_page, keys = ((page / name).read_text(encoding="utf-8") for name in ("hex.md", "keys.md"))
            assert f"{i18n._('Save as SGF')} (G)" in hex_page and "RU[swap]" in hex_page, page
            assert "G (Hex)" in keys, page
    finally:
        i18n.set_language("en")
    assert "sgf_from_record" in (root.parent / "docs" / "outside-players.md").read_text(encoding="utf-8")


def finished_hex_moves(size: int = 5) -> list[str]:
    """The moves of a Hex game played to its end on a ``size`` board (no column is called g)."""
    game = games.load("hex", size=size)
    state, moves = game.initial_state(), []
    while not state.is_terminal():
        move = state.legal_moves()[len(moves) * 7 % len(state.legal_moves())]
        moves.append(game.format_move(state, move))
        state = state.play(move)
    return moves


def test_g_pressed_again_after_a_hex_game_says_where_its_file_is_and_writes_no_copy(app):
    """G twice after a Hex game was over wrote two identical .sgf files: the second press now says
    where the first is."""
    from tests.ui_helpers import key
    from ui.data_folders import games_dir
    from ui.match import HOTSEAT, MatchSetup
    from ui.scenes.game import GameScene

    app.switch(GameScene(app, MatchSetup("hex", {"size": 5}, HOTSEAT, (None, None), 0.1), finished_hex_moves()))
    app.run_frames(2)
    assert app.scene.is_over()
    key(app, pygame.K_g)
    key(app, pygame.K_g)
    [saved] = games_dir().glob("*.sgf")
    said = [m.text for m in app.scene.messages.items]
    assert f"Saved for HexGui: {saved}" in said and f"Already saved, unchanged: {saved}" in said


def test_saving_again_writes_no_copy_and_never_overwrites_another_file_of_the_same_minute(app):
    """Save (S) and Save as SGF (G) share ``ui.export.save_under_free_name``: pressed again on the
    same game each says where its file is; a file of that name holding something else (another
    game of the same minute) is left as it is, and the save is named ``...-2`` beside it."""
    from ui.data_folders import games_dir

    app.switch(ReplayScene(app, from_text(HEXGUI)))
    for key in (pygame.K_s, pygame.K_g, pygame.K_s, pygame.K_g):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
    app.run_frames(3)
    said = [m.text for m in app.scene.messages.items]
    for suffix in (".json", ".sgf"):
        [first] = games_dir().glob(f"*{suffix}")
        assert f"Already saved, unchanged: {first}" in said
        first.write_text(first.read_text(encoding="utf-8").replace("Ann", "Eve"), encoding="utf-8")
    for key in (pygame.K_s, pygame.K_g):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
    app.run_frames(3)
    for suffix in (".json", ".sgf"):
        first, second = sorted(games_dir().glob(f"*{suffix}"), key=lambda path: len(path.name))
        assert second.name == f"{first.stem}-2{suffix}" and "Eve" in first.read_text(encoding="utf-8")


# -- Little Golem's files ---------------------------------------------------------------------------
# The facts, from the programs that read Little Golem's Hex records (its game page's SGF link,
# game<N>.hsgf): Benzene's tools/lg/lg-mohex.rb and lg-wolve.rb (``translate_LG2Hex!``, the bots
# that played there), Polygames' Little Golem bot (``hex_convert_hsgf_to_polygames``), ggp-zero's
# ``parse_sgf`` and a converter of Little Golem's game lists (LittleGolem.convert) agree:
# - the root is ``FF[4]EV[hex...]PB[..]PW[..]SZ[13]RE[B]GC[ game #N]SO[http://www.littlegolem.com]``:
#   no GM, no AP;
# - the first player's moves are written ``W``, the second's ``B`` (ggp-zero: "white/black is wrong
#   on LG"), while PB names the first player and RE[B] says the first player won (the converter:
#   "RE[B] means first player win");
# - a cell is two letters, the column's as HexGui names it and the row's as a letter: ``mf`` is
#   HexGui's m6, the first player joining the rows' edges as HexGui's black does;
# - the swap is ``B[swap]``, after which the cells are those of HexGui's swap-pieces (the bots
#   exchange row and column of every later move, keeping the first stone: the game without the swap).
# Not found: which colours Little Golem's board draws, and whether its games always have the swap rule.
LITTLE_GOLEM_ROOT = "(;FF[4]EV[hex.ch.1.1.1]PB[Ann]PW[Bob]SZ[{size}]RE[{winner}]GC[ game #1]SO[http://www.littlegolem.com]"


def test_little_golems_first_player_joining_its_edges_wins_as_blue_named_by_pb():
    """Little Golem's first player writes W and joins the rows' edges (``aa ab ac``: HexGui's a1 a2
    a3, our a1 b1 c1), and PB names it; RE[B] says the same winner.  Such files were refused: "move 1
    'aa' is not legal"."""
    record = record_from_sgf(LITTLE_GOLEM_ROOT.format(size=3, winner="B") + ";W[aa];B[ba];W[ab];B[bb];W[ac])")
    assert record.moves == ["a1", "a2", "b1", "b2", "c1"]
    assert record.result.winner == 0 and [side.title for side in record.players] == ["Ann", "Bob"]


def test_little_golems_swap_and_resignation_are_ours():
    """``W[cb];B[swap];W[bd]``: Blue's b3 (HexGui's c2) taken over, then Blue's d2 (HexGui's b4
    exchanged, as Benzene's bot and Polygames' read the moves after Little Golem's swap); the second
    player (B, Bob) resigns and RE[B] names Ann the winner."""
    record = record_from_sgf(LITTLE_GOLEM_ROOT.format(size=5, winner="B") + ";W[cb];B[swap];W[bd];B[resign])")
    assert record.options == {"size": 5, "swap": True} and record.moves == ["b3", "swap", "d2"]
    assert record.result.winner == 0 and record.result.reason == "Red resigns at move 4"
    board = record.final_state()
    game = record.game()
    assert board.stone_at(game.parse_move(game.initial_state(), "c2")) == 1  # the swapped stone: Red's


def test_a_little_golem_game_pasted_or_dropped_opens_in_the_replay(app, tmp_path, monkeypatch):
    """Its SGF link saves ``game<N>.hsgf``: dropped on the window, or its text pasted (Ctrl+V)."""
    text = LITTLE_GOLEM_ROOT.format(size=5, winner="B") + ";W[cb];B[swap];W[bd];B[resign])"
    monkeypatch.setattr(clipboard, "get_text", lambda: text)
    press(app, pygame.K_v, mod=pygame.KMOD_LCTRL)
    assert isinstance(app.scene, ReplayScene) and app.scene.record.moves == ["b3", "swap", "d2"]
    path = tmp_path / "game1.hsgf"
    path.write_text(text.replace("W[bd]", "W[be]"), encoding="utf-8")
    drop(app, path)
    assert app.scene.record.moves == ["b3", "swap", "e2"]


# Little Golem's results and rule.  PlayHex's importer (playhex/playhex: src/shared/app/little-golem/
# littleGolemHsgf.ts, its tests and src/server/external-games/little-golem/littleGolemExternalGame.ts):
# "RE (result) is only set by Little Golem once the game is over", "RE is the color of the winner,
# PB or PW", a resignation is the move ``resign``, and "Little Golem does not tell how game ended,
# except for resignation" (PlayHex guesses a timeout where the board has no connection).  Its test
# games, as Little Golem wrote them: ``...PB[greghe]PW[bennok]SZ[13]RE[W]GC[game #2384695]...``
# with no move at all, and game 1804563, whose PW is written ``Shumacher;]`` unescaped.
LITTLE_GOLEM_NO_MOVES = ("(;FF[4]EV[hex.ld.DEFAULT]PB[greghe]PW[bennok]SZ[13]RE[W]GC[game #2384695]"
                         "SO[https://www.littlegolem.net])")


def test_a_little_golem_game_lost_without_a_resignation_opens_finished_for_the_player_re_names():
    """``RE[W]`` after moves that connect nothing (PlayHex: Little Golem writes RE only once a game
    is over, and says no more than who won unless it was a resignation): PW (Red) won and Blue's
    game ended off the board.  It opened as an unfinished game, to be played on from Blue's turn;
    then as "Blue forfeits", a word the file does not say (a loss on time, most often): "Red wins"."""
    record = record_from_sgf(LITTLE_GOLEM_ROOT.format(size=5, winner="W") + ";W[cb];B[bd];W[cc])")
    assert record.moves == ["b3", "d2", "c3"] and not record.final_state().is_terminal()
    assert record.is_finished() and record.result.winner == 1 and record.result.reason == "Red wins"
    ann_won = record_from_sgf(LITTLE_GOLEM_ROOT.format(size=5, winner="B") + ";W[cb];B[bd])")
    assert ann_won.result.winner == 0 and ann_won.result.reason == "Blue wins"


def test_a_little_golem_game_ended_before_any_move_is_finished_too():
    """PlayHex's own test game #2384695: RE[W], no move.  With no two-letter cell to show it is Little
    Golem's, its SO says so; it opened as an empty game nobody had won."""
    record = record_from_sgf(LITTLE_GOLEM_NO_MOVES)
    assert record.moves == [] and record.result.winner == 1 and record.result.reason == "Red wins"
    assert [side.title for side in record.players] == ["greghe", "bennok"]


def test_a_little_golem_game_still_being_played_has_no_re_and_stays_unfinished():
    """No RE: the game goes on (PlayHex refuses such a file as "not finished"); we open it to play on."""
    record = record_from_sgf("(;FF[4]EV[hex.ch.1.1.1]PB[Ann]PW[Bob]SZ[5]SO[http://www.littlegolem.com];W[cb];B[bd])")
    assert not record.is_finished() and record.moves == ["b3", "d2"]


def test_a_little_golem_game_without_a_swap_is_still_played_with_the_swap_rule():
    """Little Golem writes no rule (no RU; a swap only as its move), and the programs that read its
    games play them all with the swap rule: PlayHex replays them with ``setAllowSwap(true)``,
    Polygames' bot plays Little Golem's "Hex Size 11"/"Size 13" with its hex11pie/hex13pie models.
    ggp-zero's example game #1952671 has no swap: it opened with the swap rule off, so Red could
    not have swapped Blue's first stone when played on from there."""
    text = ("(;FF[4]EV[null]PB[ccc]PW[xxx]SZ[13]GC[ game #1952671]SO[http://www.littlegolem.com]"
            ";W[ma];B[hg];W[fh];B[gf])")
    record = record_from_sgf(text)
    assert record.options == {"size": 13, "swap": True}
    assert record.moves == ["a13", "g8", "h6", "f7"]
    game = record.game()
    after_first = record.states(game)[1]
    assert game.format_move(after_first, game.parse_move(after_first, "swap")) == "swap"  # Red may swap


def test_a_hexgui_file_without_a_swap_or_ru_still_opens_without_the_swap_rule():
    """Only Little Golem's files take the rule as given: a HexGui file says it by RU or a swap."""
    assert record_from_sgf("(;AP[HexGui:0.10]FF[4]GM[11]SZ[5];B[c3];W[b2])").options == {"size": 5, "swap": False}


def test_a_little_golem_move_off_the_board_is_named_by_its_line_and_letters():
    """``B[zz]`` on an 11x11 board read as "move 2 'z26' is not legal": a cell name the file never
    wrote, and no line to find it on in a long record."""
    text = "(;FF[4]EV[hex.ch.1.1.1]PB[Ann]PW[Bob]SZ[11]\nGC[ game #1]SO[http://www.littlegolem.com]\n;W[aa];B[zz])"
    with pytest.raises(RecordError) as caught:
        record_from_sgf(text)
    assert str(caught.value) == "line 3: Little Golem move 'zz' is off the 11x11 board"


def test_a_move_a_file_cannot_play_is_named_with_its_line():
    with pytest.raises(RecordError) as caught:
        record_from_sgf("(;FF[4]GM[11]SZ[5]\n;B[a1]\n;W[b2]\n;B[a1])")
    assert str(caught.value) == "line 4: move 3 'a1' is not legal: a1 is already taken"


def test_the_lines_problem_is_said_in_the_windows_language():
    from ui.words import file_problem

    with words_in("pt"):
        said = file_problem("game1.hsgf: line 3: Little Golem move 'zz' is off the 11x11 board")
    assert said.startswith("game1.hsgf: ") and "'zz'" in said and "11x11" in said and "line" not in said, said


def test_a_little_golem_game_lost_off_the_board_dropped_shows_its_end_and_a_bad_one_is_named_untouched(
        app, tmp_path, monkeypatch):
    """Dropped on the window, the finished game opens in the replay with its end on the side panel;
    a file with a move off the board is named with its line, and left as it was."""
    path = tmp_path / "game2384695.hsgf"
    path.write_text(LITTLE_GOLEM_ROOT.format(size=5, winner="W") + ";W[cb];B[bd];W[cc])", encoding="utf-8")
    drop(app, path)
    assert isinstance(app.scene, ReplayScene) and app.scene.record.result.reason == "Red wins"
    drawn = recorded_text(monkeypatch)
    app.scene.draw(app.screen)
    assert "Bob (Red) wins" in drawn and not any("forfeits" in text for text in drawn), drawn
    bad = tmp_path / "game7.hsgf"
    text = LITTLE_GOLEM_ROOT.format(size=5, winner="W") + "\n;W[cb];B[zz])"
    bad.write_text(text, encoding="utf-8")
    drop(app, bad)
    assert any("game7.hsgf: line 2: Little Golem move 'zz' is off the 5x5 board" in m.text for m in app.messages.items)
    assert bad.read_text(encoding="utf-8") == text


def test_a_little_golem_name_with_a_bracket_or_a_backslash_opens_as_typed():
    """Little Golem writes names unescaped: game 1804563, in PlayHex's tests, is
    ``PB[lazy\\player]PW[Shumacher;]]``; it was refused ("the SGF cannot be read at ']SZ[11]...'")."""
    text = ("(;FF[4]EV[null]PB[lazy\\player]PW[Shumacher;]]SZ[11]RE[B]GC[game #1804563]"
            "SO[https://www.littlegolem.net];W[ad];B[swap];W[eg];B[resign])")
    record = record_from_sgf(text)
    assert [side.title for side in record.players] == ["lazy\\player", "Shumacher;]"]
    assert record.moves == ["d1", "swap", "g5"]  # PlayHex's a4, swap-pieces, e7 in HexGui's orientation
    assert record.result.winner == 0 and record.result.reason == "Red resigns at move 4"
    hexgui = record_from_sgf("(;FF[4]GM[11]SZ[5]PB[a\\]b];B[c3])")  # an SGF's own escapes stay as they were
    assert hexgui.players[0].title == "a]b"


def test_a_little_golem_game_lost_off_the_board_saved_from_its_replay_is_listed_with_its_end(app, tmp_path, monkeypatch):
    """Saved (S) from the replay, the game is a Saved games row ending as its panel said, not an
    unfinished game's move count, naming the player PB names (tests/test_opened_files.py)."""
    from ui.scenes.records import RecordsScene

    path = tmp_path / "game3.hsgf"
    path.write_text(LITTLE_GOLEM_ROOT.format(size=5, winner="W") + ";W[cb];B[bd];W[cc])", encoding="utf-8")
    drop(app, path)
    press(app, pygame.K_s)
    app.run_frames(2)
    drawn = recorded_text(monkeypatch)
    app.switch(RecordsScene(app))
    app.run_frames(2)
    assert any("Ann" in text and "Bob" in text and text.endswith(" · Bob (Red) wins") for text in drawn), \
        [text for text in drawn if "Ann" in text]


# HexGui's SgfWriter (src/hexgui/sgf/SgfWriter.java, HexGui 0.10) writes every property as typed,
# ``print(e.getKey() + "[" + e.getValue() + "]")``, with no escape: a comment or a name holding a
# ``]`` is written with it bare, and its SgfReader, reading to the first ``]``, then stops with
# "Error in SGF file".  The file below is one it writes: root properties in alphabetical order, the
# comment on its move's node, a new line before a token that would pass 72 characters.
HEXGUI_BARE_BRACKETS = """(;AP[HexGui:0.10]FF[4]GM[11]PB[Ann [school team]]PW[Bob]SZ[5];B[c3]
C[the centre [c3] first, then b2] or d2]]];W[b2];B[d2]C[]])
"""


def test_a_hexgui_file_with_a_bracket_left_bare_in_a_comment_or_a_name_opens_with_all_its_moves():
    """It was refused whole ("the SGF cannot be read at ']PW[Bob]...'"): the moves lost
    for a comment's bracket.  A ``]`` ends a value only where the file goes on after it."""
    record = record_from_sgf(HEXGUI_BARE_BRACKETS)
    assert record.moves == [transpose_cell(cell) for cell in ("c3", "b2", "d2")]
    assert [side.title for side in record.players] == ["Ann [school team]", "Bob"]


def test_a_file_neither_reading_takes_is_refused_with_the_first_readings_reason():
    with pytest.raises(RecordError, match=r"line 2: the SGF cannot be read at '\];W\[b2\] garbage'"):
        record_from_sgf("(;AP[HexGui:0.10]FF[4]GM[11]SZ[5]\n;B[c3]C[x]];W[b2] garbage")
