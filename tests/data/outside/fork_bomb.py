# A bot that starts processes without end -- bounded here at 60 sleeping children (each leaves
# after 20 s) so that it cannot hurt the test machine even if the process limit failed.
import os
import time


def choose(game, state):
    for _ in range(60):
        try:
            pid = os.fork()
        except OSError:
            continue  # the process limit: keep trying, as a fork bomb does
        if pid == 0:
            time.sleep(20)
            os._exit(0)
    time.sleep(20)
    return state.legal_moves()[0]
