"""The Trax rules page explains the board's edge labels and the notation, and its example is the board.

A class shown Trax 8x8 read "· · · @ A B" round the board and the move tags ("@1+", "A0\\") as
nothing they knew: the page (assets/rules/trax.md, and its Portuguese) now says what the edges
name in each notation, with an example.  These read the example's names out of each page and hold them to the
labels ``TraxView`` draws on the game screen and to the moves the game reads, so a page that names
one square and a board that labels another cannot both pass.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import games
from games.trax_tiles import move_cell

PAGES = {"en": Path("assets/rules/trax.md"), "pt": Path("assets/locale/pt/rules/trax.md")}
EXAMPLE = {  # the example's sentence, its names caught, in each language
    "en": (r"So on (\d+) x \d+ the first tile, on (\w\d) \(column (\w), row (\d) on Tabuleiro\), is "
           r"officially (\w\d) \(column (\w), row (\d) on Official\), and the space above it is (\w\d), "
           r"officially (\w\d)\. A move is .*?: `(\S+)`, which is `(\S+)` on the board's cells"),
    "pt": (r"Assim, em (\d+) x \d+, a primeira peça, em (\w\d) \(coluna (\w), fila (\d) em Tabuleiro\), é "
           r"oficialmente (\w\d) \(coluna (\w), fila (\d) em Oficial\), e o espaço acima dela é (\w\d), "
           r"oficialmente (\w\d)\. Uma jogada é .*?: `(\S+)`, que é `(\S+)` nas casas do tabuleiro"),
}


def page(language: str) -> str:
    return re.sub(r"\s+", " ", PAGES[language].read_text(encoding="utf-8"))


@pytest.mark.parametrize("language", PAGES)
def test_the_pages_example_reads_off_the_boards_edges_as_the_game_screen_labels_them(language):
    """The first tile's cell as the board's edges name it on Tabuleiro, its official name as they
    name it on Official (every edge one way: ``GridView.far_col_label``), and the space above it
    both ways: each as ``TraxView`` labels the board, and the example's move is the same move in
    both notations, on that space."""
    from ui.views.trax import TraxView

    found = re.search(EXAMPLE[language], page(language))
    assert found, f"the {language} page's example of the board's edges"
    size, cell, col, row, official, off_col, off_row, above, official_above, move, cell_move = found.groups()
    game = games.load("trax", size=int(size))
    state = game.initial_state()
    ours, theirs = TraxView(game), TraxView(game)
    theirs.other_notation = True
    theirs._official_axes = game.official_axes(state)  # as ``draw`` sets them for the position shown
    tile_row, tile_col = divmod(game.centre, game.size)
    for view in (ours, theirs):  # every edge names a square one way
        assert view.far_col_label(tile_col) + view.far_row_label(tile_row) == view.col_label(tile_col) + view.row_label(tile_row)
    assert cell == col + row == ours.col_label(tile_col) + ours.row_label(tile_row)
    assert official == off_col + off_row == theirs.col_label(tile_col) + theirs.row_label(tile_row)
    assert above == ours.col_label(tile_col) + ours.row_label(tile_row - 1)
    assert official_above == theirs.col_label(tile_col) + theirs.row_label(tile_row - 1)
    played = game.parse_move(state, move)
    assert played == game.parse_move(state, cell_move) and move_cell(played) == game.centre - game.size
    assert game.other_move_text(state, played) == move and game.format_move(state, played) == cell_move


@pytest.mark.parametrize("language", PAGES)
def test_the_page_says_what_a_dot_round_the_board_is(language):
    """The dot where the official notation names no column or row is said, in the page's words."""
    from ui.views.trax import UNNAMED_LABEL

    said = {"en": "A dot stands where the official notation names no column or row",
            "pt": "Um ponto fica onde a notação oficial não nomeia coluna nem fila"}[language]
    assert said in page(language) and UNNAMED_LABEL == "·"
