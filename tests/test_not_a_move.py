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

import numpy as np
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

import games
from ai.match import random_positions
from ai.outside_child import Refused, _answer_text, plain_move
from games import Game, IllegalMove, State
from tests.test_move_refusal_words import reads_in_portuguese
from tests.test_outside import bot_against_level_1
from tests.test_ui_language_messages import shown
from tests.test_ui_move_entry import start
from tests.text_strategies import any_text
from tests.ui_helpers import in_language, words_in
from ui.words import rule_reason

GAME_IDS = games.available_ids()
# values a program might slip to the rules: numbers of every size and kind, text, bytes, nothing,
# and lists, tuples and dicts of them, nested
SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(), st.integers(-20, 700), st.floats(), st.complex_numbers(),
    any_text(max_size=6), st.binary(max_size=3), st.sampled_from(["swap", "pass", "a1", "c2-c3"]),
)
NOT_MOVES = st.recursive(
    SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.lists(inner, max_size=4).map(tuple),
        st.tuples(st.integers(-30, 30), st.integers(-30, 30)), st.dictionaries(any_text(max_size=2), inner, max_size=2),
    ),
    max_leaves=8,
)
# what a player or a program might type: any text, and text made of the notations' own characters
TEXTS = st.one_of(any_text(max_size=14), st.text(alphabet="abcdexyzABC0123456789-+/\\:[](), '\"@ldLD.", max_size=16))


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


class Square(int):
    """An int subclass (an IntEnum's kind): equal to a square, but not the int the rules keep."""


def look_alikes(move: object) -> list:
    """Values equal to ``move`` but not it: of another type, or holding one (``True`` for 1,
    ``(6.0, 12.0)`` for ``(6, 12)``, numpy's ints and floats, numpy's str for Hex's "swap")."""
    if isinstance(move, str):
        return [np.str_(move), type("Word", (str,), {})(move)]
    if isinstance(move, tuple):
        values = [tuple(map(float, move)), tuple(np.int64(p) for p in move), (np.int32(move[0]), *move[1:]),
                  (*move[:-1], float(move[-1])), tuple(Square(p) for p in move)]
        return values + [tuple(p == 1 if p in (0, 1) else p for p in move)] * any(p in (0, 1) for p in move)
    values = [float(move), np.int64(move), np.int8(move) if -128 <= move < 128 else np.int16(move),
              np.float64(move), complex(move), Square(move), np.uint64(move) if move >= 0 else np.int32(move)]
    return values + [move == 1] * (move in (0, 1))


def assert_refused_as_a_look_alike(game: Game, state: State, value: object, move: object) -> None:
    """``value`` equals the legal ``move`` but is refused everywhere the rules judge a value, saying
    which move it resembles and that its type is another."""
    assert not game.is_move_value(value), value
    assert not game.is_legal(state, value), value
    why = game.why_illegal(state, value)
    assert why.startswith(f"{value!r}"[:20]) and f"it equals the move {move!r} (" in why, why
    assert "but is of another type (" in why, why
    with pytest.raises(IllegalMove) as refused:
        state.play(value)
    assert str(refused.value) == why


@pytest.mark.parametrize("game_id", GAME_IDS)
@given(data=st.data(), seed=st.integers(0, 2**32 - 1), plies=st.integers(0, 60))
def test_a_value_only_equal_to_a_legal_move_is_refused_saying_which_move_and_type(game_id, data, seed, plies):
    """``True`` where the move is 1, ``(6.0, 12.0)`` where it is ``(6, 12)``, numpy's numbers: each
    was played as the move it equals (``True == 1``) and kept as it came, to be written out so
    (``true`` in a saved game); now every game refuses them, and plays the legal moves themselves."""
    game, state = position(game_id, data, seed, plies)
    for move in state.legal_moves():
        assert game.is_move_value(move) and game.is_legal(state, move)
        for value in look_alikes(move):
            assert_refused_as_a_look_alike(game, state, value, move)


def first_position(game: Game, wanted, seed: int = 1) -> State:
    """The first position of random games of ``game`` for which ``wanted(state)`` holds."""
    rng = random.Random(seed)
    for _ in range(500):
        for state in random_positions(game.initial_state(), 200, rng):
            if wanted(state):
                return state
    raise AssertionError("no such position")


@pytest.mark.parametrize("game_id, options, wanted, value, move", [
    ("tictactoe", {}, lambda s: True, True, 1),
    ("tictactoe", {}, lambda s: True, False, 0),
    ("hex", {}, lambda s: True, True, 1),
    ("hex", {"swap": True}, lambda s: s.can_swap(), np.str_("swap"), "swap"),
    ("reversi", {}, lambda s: s.must_pass(), -1.0, -1),
    ("reversi", {}, lambda s: 1 in s.legal_moves(), True, 1),
    ("rastros", {}, lambda s: 1 in s.legal_moves(), True, 1),
    ("alquerque", {}, lambda s: True, (7.0, 12.0), (7, 12)),
    ("alquerque", {}, lambda s: True, (np.int64(7), np.int64(12)), (7, 12)),
    ("alquerque", {}, lambda s: any(m[0] == 1 for m in s.legal_moves()), "point 1 as True", None),
])
def test_each_game_refuses_the_look_alikes_it_took(game_id, options, wanted, value, move):
    """The values each game's ``play`` took as the move they equal: tic-tac-toe's and Reversi's
    True and False (``isinstance(True, int)``), Hex's numpy "swap", Reversi's pass as -1.0, and
    Alquerque's tuples of floats or numpy ints (found in the legal list by equality)."""
    game = games.load(game_id, **options)
    state = first_position(game, wanted)
    if value == "point 1 as True":
        move = next(m for m in state.legal_moves() if m[0] == 1)
        value = (True, *move[1:])
    assert move in state.legal_moves() and value == move
    assert_refused_as_a_look_alike(game, state, value, move)
    assert state.play(move).key() != state.key()


def test_a_look_alike_is_told_so_in_portuguese():
    """The refusal naming the move and the types reads in the window's language."""
    for game_id, value in (("tictactoe", True), ("alquerque", (7.0, 12.0)), ("trax", 732.0)):
        game = games.load(game_id)
        reason = game.why_illegal(game.initial_state(), value)
        assert "but is of another type" in reason, reason
        with words_in("pt"):
            assert reads_in_portuguese(reason, game_id), reason
    with words_in("pt"):
        said = rule_reason(games.load("tictactoe").why_illegal(games.load("tictactoe").initial_state(), True))
    assert said == "True não é uma jogada deste jogo: é igual à jogada 1 (b1), mas de outro tipo (bool, não int)", said


@pytest.mark.parametrize("game_id, answer, text", [
    ("tictactoe", np.int64(4), "b2"),
    ("tictactoe", np.uint8(0), "a1"),
    ("alquerque", (np.int64(7), np.int64(12)), "c2-c3"),
    ("alquerque", (np.int32(7), 12), "c2-c3"),
])
def test_a_bots_numpy_integer_is_read_as_the_int_it_is(game_id, answer, text):
    """A student's ``choose`` answering ``numpy.argmax(...)`` plays that square: where a player's
    answer comes in (``ai.outside_child``), numpy's integers become ints, once, and the rules
    then take only ints."""
    game = games.load(game_id)
    state = game.initial_state()
    assert plain_move(answer) == answer and not game.is_move_value(answer)
    assert game.is_move_value(plain_move(answer))
    assert _answer_text(game, state, answer) == text


@pytest.mark.parametrize("game_id, answer, why", [
    ("tictactoe", True, "True is not a move of this game: it equals the move 1 (b1) but is of another type (bool, not int)"),
    ("tictactoe", 4.0, "4.0 is not a move of this game: it equals the move 4 (b2) but is of another type (float, not int)"),
    ("tictactoe", np.float64(4.0), "np.float64(4.0) is not a move of this game: it equals the move 4 (b2) but is of "
                                   "another type (float64, not int)"),
    ("alquerque", (7.0, 12.0), "(7.0, 12.0) is not a move of this game: it equals the move (7, 12) (c2-c3) but is of "
                               "another type (float, not int)"),
])
def test_a_bots_look_alike_answer_is_refused_saying_which_move_and_type(game_id, answer, why):
    """A bot's ``True`` was played as b1 (``True in state.legal_moves()``); now it forfeits with the
    rules' reason, which says what to return instead."""
    game = games.load(game_id)
    with pytest.raises(Refused) as refused:
        _answer_text(game, game.initial_state(), answer)
    assert refused.value.why == why and refused.value.shown == repr(answer)


def test_the_game_screen_refuses_true_for_the_square_1_and_keeps_nothing_of_it(app):
    """``play_human([True])`` in tic-tac-toe: ``play`` took it as b1 (``True == 1``) and the game's
    history kept ``True``, to be saved as ``true``.  Now the screen says the rules' refusal, which
    names the square and the types, in the window's language, and nothing is played."""
    scene = start(app, "tictactoe")
    scene.play_human([True])
    app.run_frames(2)
    said = ("Not a legal move: True is not a move of this game: it equals the move 1 (b1) but is of another type "
            "(bool, not int)")
    assert said in shown(scene.messages), shown(scene.messages)
    with in_language(app, "pt"):
        app.run_frames(2)
        said = "Jogada ilegal: True não é uma jogada deste jogo: é igual à jogada 1 (b1), mas de outro tipo (bool, não int)"
        assert said in shown(scene.messages), shown(scene.messages)
    assert scene.history == [] and scene.state == scene.game.initial_state()


@pytest.mark.parametrize("answer, forfeit", [
    ("numpy.int64(state.legal_moves()[0])", ""),
    ("True if 1 in state.legal_moves() else state.legal_moves()[0]",
     "played an illegal move True at move 1: True is not a move of this game: it equals the move 1 (b1) but is of "
     "another type (bool, not int)"),
])
def test_a_bots_answer_in_another_type_is_read_or_refused_in_its_own_process(tmp_path, answer, forfeit):
    """A student's file, in its own process as a match runs it: numpy's int64 plays the square it
    is; ``True`` (played as b1 before) forfeits, saying the move and the types."""
    bot = tmp_path / "aluno.py"
    bot.write_text(f"import numpy\n\n\ndef choose(game, state):\n    return {answer}\n")
    r = bot_against_level_1(games.load("tictactoe"), str(bot), "aluno", 2.0, seed=2)
    if forfeit:
        assert r.forfeit and r.winner == 1 and forfeit in r.reason, r.reason
    else:
        assert not r.forfeit and r.moves, r.reason
