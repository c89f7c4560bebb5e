"""The hint's level-5 beside a computer of level 5 in one worker (``ui.worker_jobs._player_for``):
the computer's moves of a seeded game are the same whether or not hints were asked between them
(each slot keeps its own random generator, tables, trees and ``last``), and where a game's
level-5 has scratch memory worth sharing (``Player.twin``: Alquerque's move lists), the two
slots hold it once (stop 85 measured 35-80 MB more a worker with the hint's player made ahead).
Searches here are capped by depth or playouts, not time, so that a move depends on the position
and what the player carries alone."""

from __future__ import annotations

import random

import pytest

import ai
import games
from ui.ai_worker import Job
from ui.worker_jobs import _player_for

COMPUTER = 1  # the person plays first (side 0), level 5 answers
PLIES = 30  # the person's 15 moves and the computer's 15 replies
PERSON_SEEDS = (1, 3, 7)  # the person's moves: games where one player in both slots would change a
#                          computer's move (its tables, budgets: Reversi and Rastros 3, Alquerque 7)
GAMES = {  # game id -> (options, the searches' cap): deep enough to fill tables, short enough for a test
    "alquerque": ({}, ai.Limits(depth=4)),
    "reversi": ({}, ai.Limits(depth=4)),
    "rastros": ({}, ai.Limits(depth=4)),
    "tictactoe": ({"width": 7, "height": 7, "k": 4}, ai.Limits(depth=3)),
    "trax": ({}, ai.Limits(depth=2)),
}  # not Hex: its level-5's connection solver and knowledge read the clock (their seconds), so even
#    two games without a hint may differ on a loaded machine (with and without hints differed once at load 20, and passed 3 runs of 3 alone)


def job_of(game_id: str, options: dict, slot: str) -> Job:
    """A job of ``slot``'s level-5 in ``game_id``, seeded as a window's game is."""
    game = games.load(game_id, **options)
    return Job(game_id, dict(game.options), (), game.to_text(game.initial_state()), "level-5", 0.0, seed=5, slot=slot)


def deeper(cap: ai.Limits) -> ai.Limits:
    """A hint's search, two plies deeper (twice the playouts) than the computer's ``cap``: a table
    shared with the computer would then hold entries deep enough to cut its searches short, as
    a hint's seconds searching deeper than a computer's move does in a game."""
    return ai.Limits(depth=None if cap.depth is None else cap.depth + 2,
                     iterations=None if cap.iterations is None else 2 * cap.iterations, best=True)


def computers_moves(game_id: str, hints: bool, players: dict | None = None, person_seed: int = 1) -> list:
    """The computer's moves of a seeded human-vs-level-5 game whose person plays at random (the
    same moves each time), with the hint's player asked before each of the person's moves if
    ``hints``; ``players`` is the worker's dict of players by slot."""
    options, cap = GAMES[game_id]
    players = {} if players is None else players
    game = games.load(game_id, **options)
    state, person, moves = game.initial_state(), random.Random(person_seed), []
    for _ in range(PLIES):
        if state.is_terminal():
            break
        if state.to_move == COMPUTER:
            move = _player_for(job_of(game_id, options, "side1"), players).choose(state, cap)
            moves.append(move)
        else:
            if hints:
                hint = _player_for(job_of(game_id, options, "hint"), players)
                hint.choose(state, deeper(cap))
            move = person.choice(sorted(state.legal_moves(), key=repr))
        state = state.play(move)
    return moves


@pytest.mark.parametrize("person_seed", PERSON_SEEDS)
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_hints_asked_between_its_moves_change_no_move_of_the_computer(game_id, person_seed):
    """A seeded game against level 5: the computer plays the same moves with a hint asked on
    each of the person's turns as without, the hint's player made in the same worker."""
    assert (computers_moves(game_id, hints=True, person_seed=person_seed)
            == computers_moves(game_id, hints=False, person_seed=person_seed))


def test_the_hints_alquerque_player_shares_the_computers_move_lists_and_keeps_its_own_tables():
    """Alquerque's level 5 for the hint and for the computer in one worker: one set of move lists
    (the search's and the trap-setter's model's, 4 MB each), two transposition tables, histories
    and random generators."""
    players: dict = {}
    computers_moves("alquerque", hints=True, players=players)
    computer = _player_for(job_of("alquerque", {}, "side1"), players)
    hint = _player_for(job_of("alquerque", {}, "hint"), players)
    assert hint is not computer
    assert hint.searcher.context.lists is computer.searcher.context.lists
    assert hint.trap_setter.model_context.lists is computer.trap_setter.model_context.lists
    assert hint.searcher.context.tt is not computer.searcher.context.tt
    assert hint.searcher.context.misc is not computer.searcher.context.misc
    assert hint.trap_setter.model_context.tt is not computer.trap_setter.model_context.tt
    assert hint.searcher.rng is not computer.searcher.rng


def test_a_slot_of_another_level_or_game_has_a_player_of_its_own():
    """Only the same game, options and player id make a twin: a computer of level 4 beside the
    hint's level 5 shares nothing with it."""
    players: dict = {}
    hint = _player_for(job_of("alquerque", {}, "hint"), players)
    level4 = _player_for(Job("alquerque", {}, (), "", "level-4", 0.0, seed=5, slot="side1"), players)
    assert level4.searcher.context.lists is not hint.searcher.context.lists
