# A student's file that plays the course's championship and a demo game when imported, as many
# do: inside Tabuleiro these calls return at once (and are logged), the player still loads.
from rastros import *


def f_aval_campeao(estado, jogador):
    if estado.terminou != 0:
        return estado.compute_utility(jogador) * 10
    return len(estado.moves())


campeao = Jogador("Campeão", lambda game, state: alphabeta_cutoff_search_new(state, game, 2, eval_fn=f_aval_campeao))

jogo1 = jogaRastros11(campeao, basilio)
mostraJogo(jogo1[0], verbose=True)
faz_campeonato(todosJog + [campeao])
