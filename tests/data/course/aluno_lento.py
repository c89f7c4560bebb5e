# A student's file that plays a long tournament when imported (here: waits), past the load limit.
from rastros import *
import time

lento = Jogador("Lento", lambda game, state: state.moves()[0])


def campeonato_longo():
    time.sleep(120)


campeonato_longo()
