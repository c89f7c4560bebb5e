# A course-style Rastros player file, written the way the course's students write them
# (shared/seeds/000_ebdab61a19b6729b.txt: "from rastros import *", Jogador, alphabeta_cutoff_search_new).
from rastros import *

depth = 2


def distancia(a, b):
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def f_aval_aluno(estado, jogador):
    if estado.terminou == 1:
        return 10 if jogador == "S" else -10
    elif estado.terminou == -1:
        return 10 if jogador == "N" else -10
    else:
        obj = (8, 1) if jogador == "S" else (1, 8)
        adv = (1, 8) if jogador == "S" else (8, 1)
        return distancia(estado.white, adv) - distancia(estado.white, obj) + len(estado.moves()) / 10


def f_aval_ar(estado, jogador):
    if estado.terminou != 0:
        return estado.compute_utility(jogador) * 10
    novo = EstadoRastros(estado.other(estado.to_move), estado.white, estado.blacks)
    return len(estado.moves()) - len(novo.moves()) / 2


jogador42 = Jogador("Aluno 42",
                    lambda game, state:
                    alphabeta_cutoff_search_new(state, game, depth, eval_fn=f_aval_aluno))

jogador43 = Jogador("Ar Fresco",
                    lambda game, state:
                    alphabeta_cutoff_search_new(state, game, 1, eval_fn=f_aval_ar))


def sul_primeiro(game, state):
    jogadas = state.moves()
    jogadas.sort(key=lambda t: (t[0], -t[1]))
    return jogadas[-1]


teimoso = Jogador("Teimoso", sul_primeiro)

if __name__ == "__main__":
    print(jogaRastros11(jogador42, teimoso))
