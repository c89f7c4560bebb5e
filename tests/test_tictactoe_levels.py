"""Tic-tac-toe's levels on bigger boards: the evaluation's view of the side to move, the speed of
a move's winner check and the search's beam of squares on big boards (the ladder's figures behind
them: ``python main.py bench tictactoe``, docs/tuning/tictactoe.md)."""

from __future__ import annotations

import random

import pytest

import games
from ai.engines.tictactoe import OpenLines

SEVEN_BY_SIX = games.load("tictactoe", width=7, height=6, k=4)
FIFTEEN = games.load("tictactoe", width=15, height=15, k=5)


def random_states(game, seed: int, plies: int):
    """The states of one random game of at most ``plies`` moves, near the centre on big boards."""
    rng, state = random.Random(seed), game.initial_state()
    centre = game.move_order[:49]
    states = [state]
    while not state.is_terminal() and len(states) <= plies:
        state = state.play(rng.choice([m for m in state.legal_moves() if m in centre] or state.legal_moves()))
        states.append(state)
    return states


def test_the_side_to_move_is_ahead_when_its_lines_mirror_the_others():
    """X's two in a row on the top edge against O's on the bottom edge: the side to move marks the
    next square, so it is ahead (the evaluation once counted the other side's lines double, and
    level-4's even-depth search then lost to level-3 on 7x6)."""
    board = "\n".join(["XX.....", ".......", ".......", ".......", ".......", "OO....."])
    state = SEVEN_BY_SIX.from_text(f"to-move: X\n{board}")
    assert OpenLines().evaluate(state) > 0


@pytest.mark.parametrize("game", [games.load("tictactoe"), SEVEN_BY_SIX, FIFTEEN], ids=["3x3", "7x6", "15x15"])
def test_a_moves_winner_is_found_from_the_lines_through_it(game, monkeypatch):
    """``play`` finds the winner without looking at every line of the board (most of a search's
    time on 15x15 when it did), and finds the one a look at every line finds."""
    full_scan = game.find_winner
    for seed in range(20):
        states = random_states(game, seed, game.cells)
        monkeypatch.setattr(game, "find_winner", lambda boards: pytest.fail("play looked at every line"))
        replayed = [states[0]]
        for before, after in zip(states, states[1:]):
            move = next(m for m in range(game.cells) if (after.boards[0] | after.boards[1]) >> m & 1
                        and not (before.boards[0] | before.boards[1]) >> m & 1)
            replayed.append(replayed[-1].play(move))
        monkeypatch.setattr(game, "find_winner", full_scan)
        assert [s.winner() for s in replayed] == [full_scan(s.boards) for s in replayed]
