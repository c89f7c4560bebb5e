# A class with choose(state) that answers in notation; it prints a lot to stdout.
import sys


class Greedy:
    def __init__(self, game):
        self.game = game

    def choose(self, state):
        sys.stdout.write("=" * 200 + "\n")
        texts = sorted(self.game.format_move(state, m) for m in state.legal_moves())
        return texts[0]
