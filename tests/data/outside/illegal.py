# A bot that returns a move that is not legal (the first square, even when it is taken).
class AlwaysFirst:
    def choose(self, state):
        return "a1" if state.game.id == "tictactoe" else "1-1"
