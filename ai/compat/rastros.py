"""The course's ``rastros`` module, for outside Rastros player files (``from rastros import *``).

Names and behaviour as the course notebook documents them (shared/rules/rastros.md): the state
``EstadoRastros(to_move, white, blacks)`` with ``to_move`` 'S' or 'N', squares as (row, col)
pairs, row 1 at the top; ``state.moves()``, ``state.other(p)``, ``state.terminou`` (1 South won,
-1 North won, 0 not over), ``state.fullboard``; the ``Rastros`` game; ``Jogador``;
``alphabeta_cutoff_search_new``; ``infinity``; ``depth_for_all``; the course's six players and
its match helpers.  Our own code; on the import path only inside an outside player's process.

``N`` is the board size (8 in the course); the outside-player worker sets it for smaller boards.
"""

import random
from collections import namedtuple

from jogos import *  # noqa: F401,F403  (course files expect these names from rastros too)
from jogos import Game, Jogador, alphabeta_cutoff_search_new, infinity  # noqa: F401

N = 8
depth_for_all = 5


def _board(n):
    return frozenset((x, y) for x in range(1, n + 1) for y in range(1, n + 1))


_FULL = {8: _board(8)}

stateRastros = namedtuple("EstadoRastros", "to_move, white, blacks")


class EstadoRastros(stateRastros):
    """A position: who is to move ('S' or 'N'), the white piece, the set of black stones."""

    def __init__(self, to_move, white, blacks):
        self.fullboard = _FULL.get(N) or _FULL.setdefault(N, _board(N))
        self.terminou = self.ve_se_terminou()

    def ve_se_terminou(self):
        """1 if South won, -1 if North won, 0 if the game goes on (nothing before the first move)."""
        if self.blacks == set():
            return 0
        if self.white == (N, 1):
            return 1
        if self.white == (1, N):
            return -1
        if not self.moves():
            return 1 if self.other(self.to_move) == "S" else -1
        return 0

    def moves(self):
        """The free squares next to the white piece, in the course's order."""
        r, c = self.white
        full = self.fullboard
        return [(r + a, c + b) for a in (-1, 0, 1) for b in (-1, 0, 1)
                if (a or b) and (r + a, c + b) not in self.blacks and (r + a, c + b) in full]

    def compute_utility(self, player):
        return self.terminou if player == "S" else -self.terminou

    def other(self, player):
        return "N" if player == "S" else "S"

    def posicao(self, a, b):
        if (a, b) == self.white:
            return "B"
        return "P" if (a, b) in self.blacks else "."

    def display(self):
        header = " " + "".join(str(y) for y in range(1, N + 1))
        print(header)
        for x in range(1, N + 1):
            print(str(x) + "".join(self.posicao(x, y) for y in range(1, N + 1)) + str(x))
        print(header + " ")


def _start():
    return {4: (2, 3), 5: (3, 3), 6: (3, 4), 7: (4, 4)}.get(N, (4, 5))


class Rastros(Game):
    """Rastros on an N x N board; South ('S') moves first."""

    def __init__(self):
        self.fullboard = set(_board(N))
        self.initial = EstadoRastros(to_move="S", white=_start(), blacks=set())

    def actions(self, state):
        return state.moves()

    def result(self, state, move):
        blacks = set(state.blacks)
        blacks.add(state.white)
        return EstadoRastros(to_move=state.other(state.to_move), white=move, blacks=blacks)

    def compute_utility(self, state):
        return state.terminou

    def utility(self, state, player):
        value = self.compute_utility(state)
        return value if player == "S" else -value

    def terminal_test(self, state):
        return state.terminou != 0

    def display(self, state):
        print("Tabuleiro:")
        state.display()
        if self.terminal_test(state):
            print("FIM do Jogo")
        else:
            print(f"Próximo jogador:{state.to_move}\n")


estado_inicial = EstadoRastros(to_move="S", white=(4, 5), blacks=set())


# -- the course's players -------------------------------------------------------------------
def distancia(a, b):
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def _won_lost(estado, jogador):
    if estado.terminou == 1:
        return 10 if jogador == "S" else -10
    if estado.terminou == -1:
        return 10 if jogador == "N" else -10
    return None


def f_aval_randomPlus(estado, jogador):  # noqa: N802
    v = _won_lost(estado, jogador)
    return 0 if v is None else v


def f_aval_basico(estado, jogador):
    v = _won_lost(estado, jogador)
    if v is not None:
        return v
    obj = (N, 1) if jogador == "S" else (1, N)
    return (N - 1) - distancia(estado.white, obj)


def num_livres(estado, jogador):
    v = _won_lost(estado, jogador)
    return len(estado.moves()) if v is None else v


def _sudoeste(game, state):
    moves = state.moves()
    moves.sort(key=lambda t: (t[0], -t[1]))
    return moves[-1]


def _nordeste(game, state):
    moves = state.moves()
    moves.sort(key=lambda t: (-t[0], t[1]))
    return moves[-1]


bacoco = Jogador("Bacoco", lambda game, state: random.choice(state.moves()))
obtusoSW = Jogador("ObtusoSW", _sudoeste)  # noqa: N816
obtusoNE = Jogador("ObtusoNE", _nordeste)  # noqa: N816
randomPlus = Jogador("Random Plus", lambda game, state: alphabeta_cutoff_search_new(  # noqa: N816
    state, game, depth_for_all, eval_fn=f_aval_randomPlus))
basilio = Jogador("Basilio", lambda game, state: alphabeta_cutoff_search_new(
    state, game, depth_for_all, eval_fn=f_aval_basico))
arlivre = Jogador("Ar Livre", lambda game, state: alphabeta_cutoff_search_new(
    state, game, depth_for_all, eval_fn=num_livres))


# -- the course's match helpers (for files that call them at import time) --------------------
def jogaRastros11(jog1, jog2, nsec=None):  # noqa: N802
    """One game, ``jog1`` as South: (the moves, 1 if South won else -1)."""
    game = Rastros()
    state = game.initial
    moves = []
    players = (jog1, jog2)
    turn = 0
    while not game.terminal_test(state):
        move = players[turn].fun(game, state)
        if move not in state.moves():
            return moves, (-1 if turn == 0 else 1)
        moves.append(move)
        state = game.result(state, move)
        turn = 1 - turn
    return moves, state.terminou


def jogaRastros11com_timeout(jog1, jog2, nsec):  # noqa: N802
    return jogaRastros11(jog1, jog2, nsec)


def mostraJogo(listajog, verbose=False, step_by_step=False):  # noqa: N802
    game = Rastros()
    state = game.initial
    for move in listajog:
        state = game.result(state, move)
        if verbose:
            game.display(state)
    if not verbose:
        game.display(state)


def jogaRastrosNN(listaJog, listaAdv, n, nsec=10):  # noqa: N802,N803
    """Every player of ``listaJog`` against every one of ``listaAdv``, n games each way."""
    results = []
    for a in listaJog:
        for b in listaAdv:
            if a is b:
                continue
            for _ in range(n):
                results.append((a.nome, b.nome, jogaRastros11(a, b, nsec)))
    return results


def faz_campeonato(listaJogadores, n, nsec=10):  # noqa: N803
    campeonato = jogaRastrosNN(listaJogadores, listaJogadores, n, nsec)
    tabela = {jog.nome: 0 for jog in listaJogadores}
    for a, b, (_moves, result) in campeonato:
        tabela[a if result == 1 else b] += 1
    classificacao = sorted(tabela.items(), key=lambda p: -p[1])
    print("JOGADOR", "VITÓRIAS")
    for nome, vitorias in classificacao:
        print(f"{nome:11}", f"{vitorias:>4}")
    return classificacao
