# A student's file with a syntax error on line 5.
from rastros import *


def f_aval(estado, jogador)
    return 0
