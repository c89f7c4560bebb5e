# A bot that raises: it must lose the game with the error as the reason.
def choose(game, state):
    raise ZeroDivisionError("this bot always divides by zero")
