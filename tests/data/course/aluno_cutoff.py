# A student's Rastros file in the course's style: a two-argument evaluation used with the
# course's alphabeta_cutoff_search (not the _new one), and the course's todosJog list.
from rastros import *


def fun_aval_42(estado, player):
    if estado.terminou != 0:
        return estado.compute_utility(player) * 100
    alvo = (8, 1) if player == "S" else (1, 8)
    return -distancia(estado.white, alvo) + len(estado.moves()) / 10


jogador42 = Jogador("Aluno 42",
                    lambda game, state:
                    alphabeta_cutoff_search(state, game, 2, eval_fn=fun_aval_42))

adversarios = todosJog + [jogador42]
