"""A student's tic-tac-toe file in the style of the adversarial-search class notebook
(shared/seeds/003_d70efa07c12e3728.txt): its own Game, TicTacToe and Board classes, squares as
(x, y) from 0 at the top left, players as functions of (game, state) built from a search."""

import math
import random
from collections import defaultdict


class Game:
    def actions(self, state):
        raise NotImplementedError

    def result(self, state, move):
        raise NotImplementedError

    def is_terminal(self, state):
        return not self.actions(state)

    def utility(self, state, player):
        raise NotImplementedError


class Board(defaultdict):
    empty, off = ".", "#"

    def __init__(self, width=3, height=3, to_move=None, **kwds):
        self.__dict__.update(width=width, height=height, to_move=to_move, **kwds)

    def new(self, changes, **kwds):
        board = Board(width=self.width, height=self.height, **kwds)
        board.update(self)
        board.update(changes)
        return board

    def __missing__(self, square):
        x, y = square
        return self.empty if 0 <= x < self.width and 0 <= y < self.height else self.off

    def __hash__(self):
        return hash(tuple(sorted(self.items()))) + hash(self.to_move)


def line_length(board, player, square, dx, dy):
    x, y = square
    return 0 if board[x, y] != player else 1 + line_length(board, player, (x + dx, y + dy), dx, dy)


class TicTacToe(Game):
    def __init__(self, height=3, width=3, k=3):
        self.k = k
        self.squares = {(x, y) for x in range(width) for y in range(height)}
        self.initial = Board(height=height, width=width, to_move="X", utility=0)

    def actions(self, board):
        return self.squares - set(board)

    def result(self, board, square):
        player = board.to_move
        board = board.new({square: player}, to_move="O" if player == "X" else "X")
        won = any(line_length(board, player, square, dx, dy) + line_length(board, player, square, -dx, -dy) - 1
                  >= self.k for dx, dy in ((0, 1), (1, 0), (1, 1), (1, -1)))
        board.utility = 0 if not won else (1 if player == "X" else -1)
        return board

    def utility(self, board, player):
        return board.utility if player == "X" else -board.utility

    def is_terminal(self, board):
        return board.utility != 0 or len(self.squares) == len(board)


def alphabeta_search(game, state, depth=4):
    player = state.to_move

    def value(state, alpha, beta, depth, maximising):
        if game.is_terminal(state) or depth == 0:
            return game.utility(state, player), None
        best, move = (-math.inf if maximising else math.inf), None
        for action in sorted(game.actions(state)):
            v, _ = value(game.result(state, action), alpha, beta, depth - 1, not maximising)
            if (maximising and v > best) or (not maximising and v < best):
                best, move = v, action
            if maximising:
                alpha = max(alpha, best)
            else:
                beta = min(beta, best)
            if alpha >= beta:
                break
        return best, move

    return value(state, -math.inf, math.inf, depth, True)


def player(search_algorithm):
    return lambda game, state: search_algorithm(game, state)[1]


def random_player(game, state):
    return random.choice(list(game.actions(state)))


def off_the_board(game, state):
    return (len(state) + 99, 0)


def wrong_kind(game, state):
    return "the middle"


careful = player(alphabeta_search)
