# simple_contract.py as a student left it after an edit: a colon forgotten (a SyntaxError when loaded).
import random


def choose(game, state)
    moves = state.legal_moves()
    return random.Random(len(moves)).choice(moves)
