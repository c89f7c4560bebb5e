# A student's player that imports its own games.py (AIMA's usual name).
from games import helper
from rastros import *

primeiro = Jogador("Primeiro", lambda game, state: helper(state.moves()))
