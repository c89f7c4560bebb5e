# A student's file that plays random games of its own at import, busy in Python the whole time.
from rastros import *


def aleatorio(game, state):
    return random.choice(state.moves())


ocupado = Jogador("Ocupado", aleatorio)

jogo = Rastros()
for i in range(100000):
    estado = jogo.initial
    while not jogo.terminal_test(estado):
        estado = jogo.result(estado, aleatorio(jogo, estado))
