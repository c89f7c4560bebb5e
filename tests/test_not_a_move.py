"""Any value the rules are given as a move gets an answer (the contract, games/base.py): in every
game and its variants, ``why_illegal`` gives a reason, ``play`` gives the next position or refuses
with IllegalMove, and ``parse_move`` reads any text or refuses it with IllegalMove: never a
TypeError, ValueError or IndexError from inside the rules.  Alquerque's, Reversi's and Trax's
``why_illegal`` raised TypeError on None or a float, Rastros' ValueError ("negative shift count")
on -1, and the game screen wrote Alquerque's 0 out before the rules refused it (a TypeError out of
the window).  Legality itself is ``move in state.legal_moves()``, which any value can ask."""

from __future__ import annotations

import random
from functools import lru_cache

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

import games
from ai.match import random_positions
from games import Game, IllegalMove, State
from tests.test_move_refusal_words import reads_in_portuguese
from tests.test_ui_language_messages import shown
from tests.test_ui_move_entry import start
from tests.ui_helpers import in_language, words_in

GAME_IDS = games.available_ids()
# values a program might slip to the rules: numbers of every size and kind, text, bytes, nothing,
# and lists, tuples and dicts of them, nested
SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(), st.integers(-20, 700), st.floats(), st.complex_numbers(),
    st.text(max_size=6), st.binary(max_size=3), st.sampled_from(["swap", "pass", "a1", "c2-c3"]),
)
NOT_MOVES = st.recursive(
    SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.lists(inner, max_size=4).map(tuple),
        st.tuples(st.integers(-30, 30), st.integers(-30, 30)), st.dictionaries(st.text(max_size=2), inner, max_size=2),
    ),
    max_leaves=8,
)
# what a player or a program might type: any text, and text made of the notations' own characters
TEXTS = st.one_of(st.text(max_size=14), st.text(alphabet="abcdexyzABC0123456789-+/\\:[](), '\"@ldLD.", max_size=16))


def option_values(game_id: str) -> st.SearchStrategy[dict]:
    """Any options ``game_id`` declares: each option's choices, yes or no, or a number in its bounds."""
    def values(option: games.Option) -> st.SearchStrategy:
        if option.choices:
            return st.sampled_from(option.choices)
        if option.kind is bool:
            return st.booleans()
        return st.integers(option.minimum, option.maximum)

    return st.fixed_dictionaries({option.name: values(option) for option in games.info(game_id).options})


@lru_cache(maxsize=64)
def loaded(game_id: str, options: tuple) -> Game | None:
    """The game for ``options`` (name, value pairs), or None for a combination it refuses (k larger
    than the board); kept, since a big board's tables take a while to build."""
    try:
        return games.load(game_id, **dict(options))
    except ValueError:
        return None


def position(game_id: str, data: st.DataObject, seed: int, plies: int) -> tuple[Game, State]:
    """A variant of ``game_id`` and a position of it ``plies`` random moves in (fewer where it ended)."""
    game = loaded(game_id, tuple(sorted(data.draw(option_values(game_id)).items())))
    assume(game is not None)
    return game, random_positions(game.initial_state(), plies, random.Random(seed))[-1]


def near_misses(game: Game, state: State) -> list:
    """Values a step away from the legal moves: a move as a float, a list, a string, nested, shifted
    off the board or below zero, a tuple's points as floats, cut short or made longer."""
    values: list = []
    for move in state.legal_moves()[:6]:
        values += [[move], (move,), str(move), repr(move), float(move) if isinstance(move, int) else move]
        if isinstance(move, int):
            values += [move + 10_000, -move - 1, -move - 2, move << 40, move + 0.5, True]
        elif isinstance(move, tuple):
            values += [list(move), move[:1], (*move, 99), (*move, -1), tuple(map(float, move)), (move, move)]
    return values


def assert_answered(game: Game, state: State, value: object) -> None:
    """``why_illegal`` says something of ``value``; ``play`` takes it only as a legal move."""
    why = game.why_illegal(state, value)
    assert isinstance(why, str) and why
    try:
        state.play(value)
    except IllegalMove as refused:
        assert str(refused)
    else:
        assert value in state.legal_moves(), value


@pytest.mark.parametrize("game_id", GAME_IDS)
@given(data=st.data(), seed=st.integers(0, 2**32 - 1), plies=st.integers(0, 60))
def test_any_value_given_as_a_move_is_answered_with_a_reason(game_id, data, seed, plies):
    game, state = position(game_id, data, seed, plies)
    for value in [*data.draw(st.lists(NOT_MOVES, min_size=1, max_size=8)), *near_misses(game, state)]:
        assert_answered(game, state, value)


@pytest.mark.parametrize("game_id", GAME_IDS)
@given(data=st.data(), seed=st.integers(0, 2**32 - 1), plies=st.integers(0, 60))
def test_any_text_given_as_a_move_is_read_as_a_legal_move_or_refused_with_a_reason(game_id, data, seed, plies):
    game, state = position(game_id, data, seed, plies)
    for text in data.draw(st.lists(TEXTS, min_size=1, max_size=8)):
        try:
            move = game.parse_move(state, text)
        except IllegalMove as refused:
            assert str(refused)
        else:
            assert move in state.legal_moves(), text


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_value_that_is_no_move_is_told_so_in_the_windows_languages(game_id):
    """The refusal of a value that is no move reads in Portuguese as the others do."""
    game = games.load(game_id)
    state = game.initial_state()
    reasons = [game.why_illegal(state, value) for value in (None, -7, 1.5, "x", (0, 99), [0])]
    assert all(reason.endswith(" is not a move of this game") for reason in reasons), reasons
    with words_in("pt"):
        assert [reason for reason in reasons if not reads_in_portuguese(reason, game_id)] == []


def test_the_game_screen_refuses_a_value_that_is_no_move_before_writing_it_out(app):
    """``play_human([0])`` in Alquerque, whose moves are tuples of points: the screen wrote the
    move out before the rules judged it, and ``format_move``'s TypeError left the window.  Now the
    rules' refusal is said, in the window's language, and nothing is played.  (No click or key
    makes such a value: the board gives legal moves and the move field reads through
    ``parse_move``; this is a program's slip, given as the neighbouring tests give moves.)"""
    scene = start(app, "alquerque")
    scene.play_human([0])
    app.run_frames(2)
    assert "Not a legal move: 0 is not a move of this game" in shown(scene.messages), shown(scene.messages)
    with in_language(app, "pt"):
        app.run_frames(2)
        assert "Jogada ilegal: 0 não é uma jogada deste jogo" in shown(scene.messages), shown(scene.messages)
    assert scene.history == [] and scene.state == scene.game.initial_state()
