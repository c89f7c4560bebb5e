# Another course-style file: it imports jogos (not rastros) and func_timeout, builds the course's
# Rastros game itself through the rastros module, and keeps a depth-limited alpha-beta player.
from jogos import *
from func_timeout import func_timeout, FunctionTimedOut
import rastros
from rastros import Jogador


def f_aval_fuga(estado, jogador):
    "Prefer positions where the opponent has few moves (and wins, of course)."
    if estado.terminou != 0:
        return estado.compute_utility(jogador) * 100
    if estado.to_move == jogador:
        return len(estado.moves())
    return -len(estado.moves())


def joga_fuga(game, state):
    try:
        return func_timeout(0.5, alphabeta_cutoff_search_new, args=(state, game, 2),
                            kwargs={"eval_fn": f_aval_fuga})
    except FunctionTimedOut:
        return state.moves()[0]


fugitivo = Jogador("Fugitivo", joga_fuga)
jogo = rastros.Rastros()
