"""Options that limit each other (``Option.follows``, ``GameInfo.together``): the forms offer
an option only the values the rules take beside the others (``GameInfo.offered``), and move it
when the others leave it none (``GameInfo.followed``).  Tic-tac-toe's k is the one such option
today; every other game's options go together whatever their values, which the first test
checks by making every game under every combination of its options' values."""

from __future__ import annotations

import itertools

import pytest

import games


@pytest.mark.parametrize("game_id", games.available_ids())
def test_a_game_loads_under_exactly_the_combinations_its_forms_offer(game_id):
    """Every combination of a game's options' values: the game is made where each value is
    among those offered beside the others, and refused where one is not; so a form that offers
    only ``offered`` values can never ask for a game the rules refuse, nor hide one they take."""
    info = games.info(game_id)
    names = [option.name for option in info.options]
    refused = 0
    for combination in itertools.product(*(option.values() for option in info.options)):
        values = dict(zip(names, combination))
        offered = all(values[name] in info.offered(name, values) for name in names)
        try:
            games.load(game_id, **values)
        except ValueError as exc:
            assert not offered, (values, str(exc))
            assert str(exc) == info.options_problem(values)
            refused += 1
        else:
            assert offered, values
    assert (refused > 0) == (game_id == "tictactoe")  # 4913 combinations, 3x3's k of 4 to 19 among those refused


@pytest.mark.parametrize("width, height, offered", [(3, 3, [3]), (4, 3, [3, 4]), (3, 7, [3, 4, 5, 6, 7]),
                                                    (19, 3, list(range(3, 20)))])
def test_in_a_row_to_win_is_offered_up_to_the_longer_side_of_the_board(width, height, offered):
    info = games.info("tictactoe")
    assert info.offered("k", {"width": width, "height": height, "k": 3}) == offered
    assert info.offered("width", {"width": width, "height": height, "k": 3}) == list(range(3, 20))  # the board leads


def test_a_board_made_smaller_than_the_row_brings_the_row_down_to_its_longer_side():
    info = games.info("tictactoe")
    assert info.followed({"width": 3, "height": 3, "k": 5}) == {"k": 3}
    assert info.followed({"width": 4, "height": 3, "k": 5}) == {"k": 4}
    assert info.followed({"width": 3, "height": 7, "k": 5}) == {}  # a column of 7 holds 5 in a row
    assert info.followed({"width": 7, "height": 6, "k": 4}) == {}


def test_the_refusal_at_start_still_says_why():
    """The safety net for what no form offered (a pasted position, an edited settings file)."""
    with pytest.raises(ValueError, match=r"^option k: 5 in a row cannot fit on 4x3; choose 3\.\.4$"):
        games.load("tictactoe", width=4, height=3, k=5)
