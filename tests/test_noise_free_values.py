"""The weaker levels choose their move by its value plus a random amount (their slips), but the
value they report -- the side panel's "Last search", the analysis, the search tree -- is the
chosen move's own value at the depth searched, the same number a noise-free search gives that
move.  One test per root search that adds noise: Alquerque's kernel, Rastros', the shared
alpha-beta (Tic-tac-toe) and Reversi's pure-Python search."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

import numpy as np
import pytest

import games
from ai.base import WIN, Limits
from ai.engines.alquerque import EnginePlayer, Tactics
from ai.engines.rastros_search import LevelOptions, RastrosPlayer, RastrosSearcher, Weights
from ai.engines.reversi_python_search import INF, Searcher
from ai.engines.tictactoe import OpenLines
from ai.kernels import alquerque as alquerque_kernel
from ai.search.alphabeta import AlphaBeta
from ai.search.driver import new_ctl
from games.reversi import move_mask

WANTED = 8  # positions per test, more while the noise has not yet picked a move that is not the best
LIMIT = 64


def midgame_states(game: games.Game, plies: range, seed: int) -> Iterator:
    """Positions after a random number of random plies (``plies``), unfinished, with a choice."""
    rng = random.Random(seed)
    while True:
        state = game.initial_state()
        for _ in range(rng.choice(plies)):
            if state.is_terminal():
                break
            state = state.play(rng.choice(state.legal_moves()))
        if not state.is_terminal() and len(state.legal_moves()) > 1:
            yield state


def noisy_pairs(measure: Callable, states: Iterator) -> list[tuple[float, float, bool]]:
    """``measure(seed, state)`` -- (reported, the chosen move's own value, whether that move is
    the best), or None for a position that tests nothing -- over at least ``WANTED`` positions,
    and on until the noise has chosen a move that is not the best (else the test would check
    nothing), at most ``LIMIT``."""
    pairs = []
    for seed, state in zip(range(LIMIT), states):
        pair = measure(seed, state)
        if pair is not None:
            pairs.append(pair)
        if len(pairs) >= WANTED and not all(best for _, _, best in pairs):
            break
    return pairs


def assert_noise_shown_nowhere(pairs: list[tuple[float, float, bool]]) -> None:
    """Each (reported, the chosen move's own value, whether that move is the best) pair agrees,
    and the noise did choose a move that is not the best at least once (else it tested nothing)."""
    assert len(pairs) >= WANTED
    for reported, own, _ in pairs:
        assert reported == pytest.approx(own)
    assert not all(best for _, _, best in pairs)


def test_alquerque_reports_the_chosen_moves_own_value():
    game = games.load("alquerque")
    weights = np.array([float(getattr(Tactics(), name)) for name in alquerque_kernel.WEIGHTS])
    rules = alquerque_kernel.rules_of(game)

    def measure(seed, state):
        player = EnginePlayer(None, Tactics(), depth=2, noise=60.0, seed=seed)
        move = player.choose(state, Limits(depth=2))
        codes, values = alquerque_kernel.move_values_of(rules, weights, alquerque_kernel.new_context(16), new_ctl(),
                                                        state, 2, state.to_move, (-WIN - 1.0, WIN + 1.0))
        exact = {int(c): float(v) for c, v in zip(codes, values)}
        own = exact[alquerque_kernel.encode(move)]
        return player.last.score, own, own == max(exact.values())

    assert_noise_shown_nowhere(noisy_pairs(measure, midgame_states(game, range(4, 20), seed=3)))


def test_rastros_reports_the_chosen_moves_own_value():
    game = games.load("rastros")

    def measure(seed, state):
        player = RastrosPlayer(None, LevelOptions(depth=3, noise=40.0), seed=seed)
        move = player.choose(state, Limits(depth=3))
        plain = RastrosSearcher(8, LevelOptions(depth=3), Weights(), None)
        if plain.start(state, Limits(depth=3)) is not None:
            return None  # a win in one: answered by the rules, no search
        exact = {q: plain._root_value(q, 3, -WIN - 1, True, new_ctl()) for q in state.legal_moves()}
        return player.last.score, exact[move], exact[move] == max(exact.values())

    assert_noise_shown_nowhere(noisy_pairs(measure, midgame_states(game, range(2, 10), seed=5)))


def test_alpha_beta_reports_the_chosen_moves_own_value():
    game = games.load("tictactoe", width=7, height=7, k=4)

    def measure(seed, state):
        noisy = AlphaBeta(OpenLines(), noise=40.0, seed=seed)
        result = noisy.search(state, Limits(depth=2))
        exact = {}
        for move in state.legal_moves():
            plain = AlphaBeta(OpenLines(), use_tt=False)
            plain.start(state, Limits(depth=2))
            plain.ctl = new_ctl()
            exact[move] = plain._root(state, [move], 2, move)[0]
        own = exact[result.best_move]
        return result.score, own, own == max(exact.values())

    assert_noise_shown_nowhere(noisy_pairs(measure, midgame_states(game, range(2, 8), seed=7)))


def test_reversi_python_search_reports_the_chosen_moves_own_value():
    game = games.load("reversi")

    def measure(seed, state):
        me, opp = state.boards[state.to_move], state.boards[1 - state.to_move]
        geo = game.geo
        chosen, reported, _ = Searcher(geo).root(me, opp, 2, 0, 30.0, random.Random(seed))
        plain = Searcher(geo)
        exact = {b: -plain.negamax(opp ^ f, me | f | b, 1, -INF, INF)
                 for b, f in plain.ordered(me, opp, move_mask(me, opp, geo), 3, 0)}
        return reported, exact[chosen], exact[chosen] == max(exact.values())

    assert_noise_shown_nowhere(noisy_pairs(measure, midgame_states(game, range(6, 20), seed=9)))
