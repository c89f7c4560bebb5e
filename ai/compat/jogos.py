"""The course's ``jogos`` module (AIMA's games.py, in Portuguese), for outside player files.

Course player files do ``from jogos import *`` (or ``from rastros import *``, which re-exports
this) and then use ``Game``, ``Jogador``, ``alphabeta_cutoff_search_new`` and ``infinity``, and
often ``random`` without importing it.  This is our own code with the names and behaviour the
course notebook documents; it is only ever on the import path inside an outside player's process
(ai/outside.py), never in Tabuleiro's own processes.

``alphabeta_cutoff_search_new(state, game, d, cutoff_test, eval_fn)``: AIMA's depth-limited
alpha-beta.  The root's children are at depth 1; a node is cut off when ``depth > d`` or the game
is over, and then scored by ``eval_fn(state, player)`` where ``player`` is the side to move at the
root.  Moves are tried in ``game.actions`` order; the first best root move is kept.
"""

import copy  # noqa: F401  (re-exported: course files use it through the star import)
import math
import random  # noqa: F401
import time  # noqa: F401
from collections import namedtuple  # noqa: F401

infinity = math.inf


class Game:
    """A game in AIMA's terms: subclasses give actions, result, utility and terminal_test."""

    def actions(self, state):
        raise NotImplementedError

    def result(self, state, move):
        raise NotImplementedError

    def utility(self, state, player):
        raise NotImplementedError

    def terminal_test(self, state):
        return not self.actions(state)

    def to_move(self, state):
        return state.to_move

    def display(self, state):
        print(state)

    def __repr__(self):
        return f"<{self.__class__.__name__}>"

    def play_game(self, *players):
        """Play a game with ``players`` (functions of (game, state)) in turn; the last utility."""
        state = self.initial
        while True:
            for player in players:
                move = player(self, state)
                state = self.result(state, move)
                if self.terminal_test(state):
                    self.display(state)
                    return self.utility(state, self.to_move(self.initial))


class Jogador:
    """A named player: ``Jogador(nome, fun)`` where ``fun(game, state)`` returns a move."""

    def __init__(self, nome, fun):
        self.nome = nome
        self.fun = fun

    def display(self):
        print(self.nome + " ")

    def __repr__(self):
        return f"Jogador({self.nome!r})"


def alphabeta_cutoff_search_new(state, game, d=4, cutoff_test=None, eval_fn=None):
    """Best move for the player to move in ``state``: alpha-beta cut off below depth ``d``."""
    player = game.to_move(state)

    def cut(s, depth):
        if cutoff_test is not None:
            return cutoff_test(s, depth)
        return depth > d or game.terminal_test(s)

    def evaluate(s):
        if eval_fn is not None:
            return eval_fn(s, player)
        return game.utility(s, player)

    def max_value(s, alpha, beta, depth):
        if cut(s, depth):
            return evaluate(s)
        v = -infinity
        for a in game.actions(s):
            v = max(v, min_value(game.result(s, a), alpha, beta, depth + 1))
            if v >= beta:
                return v
            alpha = max(alpha, v)
        return v

    def min_value(s, alpha, beta, depth):
        if cut(s, depth):
            return evaluate(s)
        v = infinity
        for a in game.actions(s):
            v = min(v, max_value(game.result(s, a), alpha, beta, depth + 1))
            if v <= alpha:
                return v
            beta = min(beta, v)
        return v

    best_score = -infinity
    best_action = None
    for a in game.actions(state):
        v = min_value(game.result(state, a), best_score, infinity, 1)
        if v > best_score or best_action is None:
            best_score = v
            best_action = a
    return best_action


# AIMA's other name for the same search, with a one-argument eval_fn(state).
def alphabeta_cutoff_search(state, game, d=4, cutoff_test=None, eval_fn=None):
    one = None if eval_fn is None else (lambda s, _player: eval_fn(s))
    return alphabeta_cutoff_search_new(state, game, d, cutoff_test, one)


def random_player(game, state):
    """A random legal move (AIMA's ``random_player``)."""
    return random.choice(game.actions(state))


def alphabeta_player(game, state):
    return alphabeta_cutoff_search_new(state, game)
