# A bot whose process dies in the middle of the game (sys.exit from a thread is not enough).
import os


def choose(game, state):
    print("about to quit")
    os._exit(3)
