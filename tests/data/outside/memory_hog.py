# A bot that allocates memory without end -- bounded here at 800 MB so that it cannot hurt the
# test machine even if the memory limit failed; under the test's limit it dies much earlier.
def choose(game, state):
    chunks = []
    for _ in range(40):
        chunks.append(bytearray(20 * 1024 * 1024))
    return state.legal_moves()[0]
