"""A position's text edited a cell at a time (games/position_cells.py), as the position editor's
clicks edit it: each game says what a cell holds and where it is written, the game reads the
result."""

from __future__ import annotations

import pytest

import games
from games.position_cells import cell_place, cell_symbols, holds_piece, other_side, stepped_cell
from games.position_text import in_rows
from games.trax_tiles import NAME, move_cell

GAMES = ["tictactoe", "hex", "reversi", "rastros", "alquerque", "trax"]


def start_text(game_id: str, **options) -> tuple[games.base.Game, str]:
    game = games.load(game_id, **options)
    return game, in_rows(game, game.to_text(game.initial_state()))


def symbol_at(text: str, place: tuple[int, int, int]) -> str:
    line, start, end = place
    return text.split("\n")[line][start:end]


@pytest.mark.parametrize("game_id", GAMES)
def test_every_cell_is_found_and_goes_round_its_symbols(game_id):
    """Each cell's symbol is where the game reads it, steps to the next and back, and a round of
    them all gives the text back; the cells of one row are in one line, left to right."""
    game, text = start_text(game_id)
    cells = game.text_cells()
    places = [cell_place(cells, text, cell) for cell in range(cells.width * cells.height)]
    assert None not in places and len(set(places)) == len(places)
    for cell, place in enumerate(places):
        symbols = cell_symbols(cells, text, cell)
        if len(symbols) < 2:
            assert stepped_cell(cells, text, cell, 1) is None
            continue
        now = symbols.index(symbol_at(text, place))
        forward = stepped_cell(cells, text, cell, 1)
        assert symbol_at(forward, cell_place(cells, forward, cell)) == symbols[(now + 1) % len(symbols)]
        assert stepped_cell(cells, forward, cell, -1) == stepped_cell(cells, text, cell, len(symbols))
        round_trip = text
        for _ in symbols:
            round_trip = stepped_cell(cells, round_trip, cell, 1)
        assert round_trip == stepped_cell(cells, text, cell, 0)  # the text, but for lines an edit drops


@pytest.mark.parametrize("game_id, cell, owner", [("tictactoe", 4, 0), ("hex", 0, 0), ("reversi", 0, 0),
                                                  ("alquerque", 12, 0)])
def test_a_cell_stepped_and_the_side_switched_is_read_as_that_piece_on_that_cell(game_id, cell, owner):
    """One step puts the first side's piece on an empty cell; with the other side to move (or
    another of its pieces off, Alquerque's full board) the game reads it there."""
    game, text = start_text(game_id)
    cells = game.text_cells()
    edited = other_side(cells, stepped_cell(cells, text, cell, 1), 0)
    if game_id == "alquerque":  # twelve pieces a side at most: one of White's off (a1), White to move again
        edited = other_side(cells, stepped_cell(cells, edited, 0, -1), 1)
    state = game.from_text(edited)
    assert state.boards[owner] >> cell & 1 and not state.boards[1 - owner] >> cell & 1
    assert state.to_move == (0 if game_id == "alquerque" else 1)


def test_reversis_one_line_board_is_edited_in_place_and_keeps_its_side():
    game = games.load("reversi")
    cells = game.text_cells()
    line = game.to_text(game.initial_state())  # 64 squares and "X", on one line
    edited = stepped_cell(cells, line, 63, -1)  # h8: back from empty to White's
    assert edited == line[:63] + "O" + line[64:]
    assert game.from_text(edited).boards[1] >> 63 & 1 and other_side(cells, edited, None).endswith(" O")


def test_rastros_piece_moves_by_off_and_on_its_goals_hold_only_their_letter_and_the_trail_goes():
    game, text = start_text("rastros")
    cells = game.text_cells()
    state = game.initial_state()
    assert "trail:" in text
    off = stepped_cell(cells, text, state.white, 1)  # W -> free
    assert "trail:" not in off and "W" not in off
    moved = stepped_cell(cells, off, 0, -1)  # a1... the first square: free -> the piece
    assert game.from_text(moved).white == 0
    for goal in (game.goal_south, game.goal_north):
        assert stepped_cell(cells, text, goal, 1) is None


def test_alquerque_writes_row_5_first_so_cell_0_is_on_the_last_line():
    game, text = start_text("alquerque")
    line, start, _end = cell_place(game.text_cells(), text, 0)
    assert (line, start) == (len(text.split("\n")) - 1, 0)


def test_a_cell_on_a_row_cut_short_is_not_found_and_the_other_rows_still_are():
    game = games.load("tictactoe")
    cells = game.text_cells()
    text = "to-move: X\n...\n.\n..."
    assert stepped_cell(cells, text, 4, 1) is None  # b2: row 2 has one cell
    assert stepped_cell(cells, text, 8, 1) == "to-move: X\n...\n.\n..X"


def test_the_side_to_move_is_named_when_the_text_names_none():
    game = games.load("hex", size=3)
    cells = game.text_cells()
    assert other_side(cells, ". . .\n . . .\n  . . .", 0) == "to-move: Red\n. . .\n . . .\n  . . ."
    assert other_side(cells, "to-move: red\n. . .\n . . .\n  . . .", None).startswith("to-move: Blue\n")


def test_trax_goes_round_none_and_the_tiles_that_agree_and_one_of_them_is_a_move():
    """A cell beside the start tile goes round none and the three tiles whose edge there agrees
    (it went round all seven names, three of the six tiles a mismatch); the tile a one-tile move
    lays there, with the other side to move, reads as the position that move makes."""
    game = games.load("trax")
    cells = game.text_cells()
    state = game.initial_state()
    move = next(m for m in state.legal_moves() if len(state.forced_tiles(m)) == 1)
    cell = move_cell(move)
    text = other_side(cells, game.to_text(state), 0)
    found = []
    for _ in range(4):
        text = stepped_cell(cells, text, cell, 1)
        try:
            found.append(game.from_text(text).key() == state.play(move).key())
        except games.IllegalMove:
            found.append(False)
    assert found.count(True) == 1 and symbol_at(text, cell_place(cells, text, cell)) == "none"


def trax_positions() -> list[tuple[games.base.Game, str]]:
    """Trax positions of a few tiles and of many, on boards of 7 and 10: a game's first turns."""
    found = []
    for size, turns in ((10, 1), (10, 12), (7, 9)):
        game = games.load("trax", size=size)
        state = game.initial_state()
        for _ in range(turns):
            if state.is_terminal():
                break
            moves = state.legal_moves()
            state = state.play(moves[len(moves) // 2])
        found.append((game, game.to_text(state)))
    return found


@pytest.mark.parametrize("game, text", trax_positions(), ids=["10x10-start", "10x10-12-turns", "7x7-9-turns"])
def test_every_trax_tile_a_click_writes_matches_its_neighbours_and_every_one_that_does_is_offered(game, text):
    """On every empty cell, the tiles a click goes round are those the rules fit there
    (``Trax.fits``, the tiles a turn may place by its neighbours), after none: no tile written by
    a click makes a pair of tiles that do not match."""
    cells = game.text_cells()
    state = game.from_text(text)
    for cell in (c for c in range(game.cell_count) if not state.cells[c]):
        written, edited = [], text
        for _ in range(7):
            edited = stepped_cell(cells, edited, cell, 1)
            if edited is None:
                break
            written.append(symbol_at(edited, cell_place(cells, edited, cell)))
            if written[-1] == "none":
                break
        expected = [NAME[tile] for tile in game.fits(state.cells, cell)]
        assert written == ([*expected, "none"] if expected else [])


@pytest.mark.parametrize("game_id", ["tictactoe", "hex", "reversi", "rastros", "alquerque", "trax"])
def test_a_cell_holds_a_piece_where_the_state_has_one(game_id):
    """``holds_piece`` (what the game-over card keeps off) finds the pieces of a position a few
    plies in, and only those: Reversi's "-" is an empty square, Rastros' free goals hold none."""
    game = games.load(game_id)
    state = game.initial_state()
    for _ in range(4):
        state = state.play(state.legal_moves()[0])
    cells, text = game.text_cells(), game.to_text(state)
    held = {cell for cell in range(cells.width * cells.height) if holds_piece(cells, text, cell)}
    assert held and len(held) < cells.width * cells.height
    for cell in range(cells.width * cells.height):
        place = cell_place(cells, text, cell)
        if place is not None:
            written = text.split("\n")[place[0]][place[1]:place[2]]
            assert (cell in held) == (written not in (".", "-", "none", "S", "N")), (cell, written)
