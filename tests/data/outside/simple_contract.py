# Our own contract: choose(game, state) returns a move of state.legal_moves() (or its notation).
import random


def choose(game, state):
    moves = state.legal_moves()
    print("thinking...")  # printing must not disturb the protocol
    return random.Random(len(moves)).choice(moves)
