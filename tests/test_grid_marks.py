"""``games.grid.read_marks``: the one reader of a position's rows of marks that tic-tac-toe and Hex
share, and the words each game's ``from_text`` says of a row out of place through it, a wrong mark
named by its square, cell or point as every game's board is labelled (``games.grid.not_a_mark``;
the window translates them by these very words, ``ui.words.RULE_REASONS``)."""

from __future__ import annotations

import pytest

import games
from games import IllegalMove
from games.grid import read_marks


def test_marks_are_read_into_the_two_sides_bitboards_row_major_in_either_case():
    assert read_marks(["x.O", "..x"], 3, 2, "XO") == (1 << 0 | 1 << 5, 1 << 2)
    assert read_marks(["...", "..."], 3, 2, "XO") == (0, 0)


@pytest.mark.parametrize(("rows", "unit", "said"), [
    (["B.", "..", ".."], "cells", "expected 2 rows of 2 cells (B, R or .)"),
    (["B.", "..."], "cells", "expected 2 rows of 2 cells (B, R or .)"),
    (["B.", ".Z"], "cells", "square b2: 'Z' is not B, R or ."),
    ([".b", "R-"], "characters", "square b2: '-' is not B, R or ."),
])
def test_a_row_out_of_place_is_named(rows, unit, said):
    with pytest.raises(IllegalMove) as raised:
        read_marks(rows, 2, 2, "BR", unit=unit)
    assert str(raised.value) == said


@pytest.mark.parametrize(("game_id", "options", "text", "said"), [
    ("tictactoe", {}, "X..\n...", "expected 3 rows of 3 characters (X, O or .)"),
    ("tictactoe", {}, "X..\n.?.\n...", "square b2: '?' is not X, O or ."),
    ("tictactoe", {"width": 4, "height": 3, "k": 3}, "X...\n...\n....", "expected 3 rows of 4 characters (X, O or .)"),
    ("hex", {"size": 3}, "B . .\n . . .", "expected 3 rows of 3 cells (B, R or .)"),
    ("hex", {"size": 3}, "B . .\n . x .\n  . . .", "cell b2: 'X' is not B, R or ."),
    ("alquerque", {}, "Q....\n.....\n.....\n.....\n.....", "point a5: 'Q' is not W, B or ."),
    ("alquerque", {}, "BBBBB\nBBBBB\nBB.WW\nWWWWW\nWWWqW", "point d1: 'Q' is not W, B or ."),
    ("rastros", {}, "\n".join(["W......."] + ["........"] * 6 + [".....Q.."]), "square 8-6: 'Q' is not W, #, ., S or N"),
])
def test_each_games_position_text_says_what_it_said_of_a_bad_row(game_id, options, text, said):
    with pytest.raises(IllegalMove) as raised:
        games.load(game_id, **options).from_text(text)
    assert str(raised.value) == said


@pytest.mark.parametrize(("game_id", "options"), [("tictactoe", {}), ("tictactoe", {"width": 5, "height": 4, "k": 4}),
                                                  ("hex", {"size": 5})])
def test_a_position_written_is_read_back_the_same(game_id, options):
    import random

    game = games.load(game_id, **options)
    rng, state = random.Random(3), game.initial_state()
    for _ in range(6):
        state = state.play(rng.choice(state.legal_moves()))
        assert game.from_text(game.to_text(state)).key() == state.key()


@pytest.mark.parametrize(("game_id", "text", "said"), [
    ("alquerque", "Q....\n.....\n.....\n.....\n.....", "ponto a5: 'Q' não é W, B ou ."),
    ("rastros", "\n".join(["W......."] + ["........"] * 6 + [".....Q.."]), "casa 8-6: 'Q' não é W, #, ., S ou N"),
])
def test_alquerque_and_rastros_name_a_wrong_mark_by_its_place_in_portuguese_too(game_id, text, said):
    """Alquerque and Rastros said "row 5" of a wrong mark after tic-tac-toe and Hex named its
    square; the point or square is named in Portuguese too, as the boards label them."""
    from tests.ui_helpers import words_in
    from ui.words import rule_reason

    with pytest.raises(IllegalMove) as raised:
        games.load(game_id).from_text(text)
    with words_in("pt"):
        assert rule_reason(str(raised.value), game_id) == said
