# Our contract's way to give a game up: choose returns "resign" instead of a move
# (docs/outside-players.md).  This bot plays its first move and resigns at its second.
def choose(game, state):
    played = len(game.initial_state().legal_moves()) - len(state.legal_moves())
    return "resign" if played >= 2 else state.legal_moves()[0]
