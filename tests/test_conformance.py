"""The game contract, checked on every registered game with random playouts (hypothesis).

A new game gets these checks for free: every legal move plays, ``play`` never changes the old
state, keys are equal for equal positions, notation and position text round-trip, finished games
have no moves and a consistent winner.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import games
from ai.match import random_positions
from games import Game, IllegalMove
from games.base import short_move_list

GAME_IDS = games.available_ids()


def test_catalog_lists_every_game():
    ids = [info.id for info in games.catalog()]
    assert ids == GAME_IDS
    for info in games.catalog():
        assert len(info.sides) == 2 and info.title
        for opt in info.options:
            assert opt.coerce(opt.default) == opt.default


def test_every_field_a_game_gives_the_catalog_is_read_by_the_program():
    """Each ``GameInfo`` field is read somewhere outside games/base.py (the window, the AI, the
    tools, main.py): ``rules_file``, which all six games set, was read by nothing, while the window
    found the rules page by the game's id (assets/rules/<id>.md), so a game could name a page
    that was never shown."""
    import re
    from dataclasses import fields
    from pathlib import Path

    from games.base import GameInfo

    root = Path(__file__).resolve().parent.parent
    sources = [path for folder in ("games", "ai", "ui", "tools") for path in (root / folder).rglob("*.py")]
    text = "\n".join(path.read_text(encoding="utf-8") for path in [*sources, root / "main.py"]
                     if path != root / "games" / "base.py")
    unread = [field.name for field in fields(GameInfo) if not re.search(rf"\.{field.name}\b", text)]
    assert not unread, f"GameInfo fields no program reads: {unread}"


@pytest.mark.parametrize("value", [float("inf"), 1e400, float("nan"), "9" * 5000, 10 ** 300, "x" * 100_000, [1], None, 8.9])
def test_a_number_option_from_a_file_is_refused_in_a_short_message(value):
    """A saved record's or the settings' board size: infinity raised OverflowError (not
    ValueError, so no clear message), and a huge value was quoted whole."""
    numbers = [opt for info in games.catalog() for opt in info.options if opt.kind is int]
    assert numbers
    for opt in numbers:
        with pytest.raises(ValueError, match=f"^option {opt.name}: .{{1,40}} is not valid; choose ") as refused:
            opt.coerce(value)
        assert len(str(refused.value)) < 200


@pytest.mark.parametrize("game_id", GAME_IDS)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_playout_keeps_the_contract(game_id, seed):
    game = games.load(game_id)
    states = random_positions(game.initial_state(), 400, random.Random(seed))
    assert all(state.to_move in (0, 1) for state in states)
    for state in states:
        text = game.to_text(state)
        again = game.from_text(text)
        assert again.key() == state.key(), f"text round trip changed the position:\n{text}"
        assert again == state and hash(again) == hash(state)
        moves = state.legal_moves()
        if state.is_terminal():
            assert moves == []
        else:
            assert moves, "a game that is not over must have a legal move"
            assert state.winner() is None
            key_before = state.key()
            for move in moves[:30]:
                child = state.play(move)
                assert state.key() == key_before, "play changed the old state"
                notation = game.format_move(state, move)
                assert game.parse_move(state, notation) == move, notation
                assert child.key() == state.play(move).key()
    last = states[-1]
    if last.is_terminal():
        assert last.winner() in (0, 1, None)
        assert last.end_reason()
        # a game that says it cannot draw (no draw to agree: ``GameInfo.can_draw``) never ends drawn
        assert game.info.can_draw or last.winner() is not None


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_bad_move_text_is_refused_with_a_reason(game_id):
    game = games.load(game_id)
    state = game.initial_state()
    for text in ("", "zz99", "hello world", "@#!"):
        with pytest.raises(IllegalMove) as err:
            game.parse_move(state, text)
        assert str(err.value)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_bad_position_text_is_refused(game_id):
    game = games.load(game_id)
    with pytest.raises(IllegalMove):
        game.from_text("this is not a position\n???")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_unknown_option_is_refused_naming_the_options(game_id):
    with pytest.raises(ValueError, match="option"):
        games.load(game_id, no_such_option=1)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_option_value_builds_a_playable_game(game_id):
    info = games.info(game_id)
    for opt in info.options:
        values = list(opt.choices) or ([True, False] if opt.kind is bool else [opt.minimum, opt.maximum])
        for value in values:
            try:
                game = games.load(game_id, **{opt.name: value})
            except ValueError:
                continue  # a combination the game refuses with a reason (k larger than the board)
            state = game.initial_state()
            assert state.legal_moves() or state.is_terminal()
            if not state.is_terminal():
                state.play(state.legal_moves()[0])


def test_the_default_refusal_lists_the_legal_moves_in_board_order_and_short():
    """A game that says no more than ``Game.rules_reason``'s default lists the legal moves as the
    game writes them, in board order (a2 before a10), the first eight and how many more: the list
    was in the engine's move order (b2, b1, a2, b3 ...) and ran to 20 moves and "...". """
    game = games.load("tictactoe", width=15, height=15, k=5)
    state = game.play_line(["a1"])
    said = Game.rules_reason(game, state, 0)
    assert said == "a1 is not a legal move here; legal: a2, a3, a4, a5, a6, a7, a8, a9 and 216 more"
    assert short_move_list(["b1", "a10", "a2", "pass"]) == "a2, a10, b1, pass"
