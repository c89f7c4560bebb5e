"""The course's ``rastros`` module, for outside Rastros player files (``from rastros import *``).

Every public name of the course's published ``rastros.py``, with its signature and behaviour
(tests/data/course/ names the source; tests/test_compat.py fails on a drift): ``EstadoRastros(to_move,
white, blacks)`` with ``to_move`` 'S' or 'N', squares as (row, col) pairs, row 1 at the top;
``state.moves()``, ``state.other(p)``, ``state.terminou`` (1 South won, -1 North won, 0 not
over), ``state.fullboard`` (a set); the ``Rastros`` game; ``Jogador``; the course's players
(``bacoco``, ``obtusoSW``, ``obtusoNE``, ``arlivre``, ``basilio``, ``humano1``, ``humano2``) and
``todosJog``; the match helpers, whose games are lists of ``(name, move)`` pairs; the board
drawn with ``o`` (the white piece) and ``@`` (black stones).  Everything of ``jogos`` too.

Our own code; on the import path only inside an outside player's process.  Two things differ
from the course, both for Tabuleiro's sake: the board may be smaller than 8 x 8 (``_set_size``,
called by the outside-player worker), and the match helpers return at once while a player file
is being loaded (``jogos._skipped``).
"""

import random
from collections import namedtuple  # noqa: F401  (a course name)

from func_timeout import FunctionTimedOut, func_timeout
from jogos import *  # noqa: F403  (the course's rastros re-exports every jogos name)
from jogos import Game, _skipped, alphabeta_cutoff_search_new

_size = 8


def _cells(n):
    return frozenset((x, y) for x in range(1, n + 1) for y in range(1, n + 1))


_board = _cells(8)


def _start():
    """The white piece's first square: 4-5 on the course's board, near the middle on smaller ones."""
    return {4: (2, 3), 5: (3, 3), 6: (3, 4), 7: (4, 4)}.get(_size, (4, 5))


stateRastros = namedtuple("EstadoRastros", "to_move, white, blacks")


class EstadoRastros(stateRastros):
    """A position: who is to move ('S' or 'N'), the white piece, the set of black stones."""

    def ve_se_terminou(self):
        """1 if South won, -1 if North won, 0 if the game goes on (0 before the first move)."""
        if self.blacks == set():
            return 0
        if self.white == (_size, 1):
            return 1
        if self.white == (1, _size):
            return -1
        if not self.moves():
            return 1 if self.other(self.to_move) == "S" else -1
        return 0

    def __init__(self, to_move, white, blacks):
        self.fullboard = set(_board)
        self.terminou = self.ve_se_terminou()

    def moves(self):
        """The free squares next to the white piece, rows then columns from the top left."""
        r, c = self.white
        near = ((r + a, c + b) for a in (-1, 0, 1) for b in (-1, 0, 1))
        return [p for p in near if p not in self.blacks and p != self.white and p in self.fullboard]

    def compute_utility(self, player):
        return self.terminou if player == "S" else -self.terminou

    def other(self, player):
        return "N" if player == "S" else "S"

    def posicao(self, a, b):
        if (a, b) == self.white:
            return "o"
        return "@" if (a, b) in self.blacks else "."

    def display(self):
        header = " " + "".join(str(y) for y in range(1, _size + 1))
        print(header)
        for x in range(1, _size + 1):
            print(str(x) + "".join(self.posicao(x, y) for y in range(1, _size + 1)) + str(x))
        print(header + " ")


estado_inicial = EstadoRastros(to_move="S", white=(4, 5), blacks=set())


class Rastros(Game):
    """Rastros on the course's board; South ('S') moves first."""

    def __init__(self):
        self.fullboard = set(_board)
        self.initial = EstadoRastros(to_move="S", white=_start(), blacks=set())

    def actions(self, state):
        return state.moves()

    def result(self, state, move):
        blacks = state.blacks.copy()
        blacks.add(state.white)
        return EstadoRastros(to_move=state.other(state.to_move), white=move, blacks=blacks)

    def utility(self, state, player):
        value = state.terminou
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


def _set_size(n):
    """Play on an n x n board (the outside-player worker calls it before loading a file)."""
    global _size, _board, estado_inicial
    _size, _board = n, _cells(n)
    estado_inicial = EstadoRastros(to_move="S", white=_start(), blacks=set())


# -- the match helpers ----------------------------------------------------------------------------
def _play(jog1, jog2, ask):
    """One game, ``jog1`` as South: (the ``(name, move)`` pairs, 1 if South won else -1).

    ``ask(jogador, game, state)`` is the move, or None for a player out of time (who loses).
    """
    game = Rastros()
    state = game.initial
    played = []
    current = jog1
    while not game.terminal_test(state):
        move = ask(current, game, state)
        if move is None:
            state.terminou = 1 if current == jog2 else -1
            break
        state = game.result(state, move)
        played.append((current.nome, move))
        current = jog2 if current == jog1 else jog1
    return played, state.terminou


def jogaRastros11(jog1, jog2):  # noqa: N802
    """One game, ``jog1`` as South: (the moves as ``(name, move)`` pairs, 1 if South won else -1)."""
    if _skipped("jogaRastros11"):
        return [], 0
    return _play(jog1, jog2, lambda jog, game, state: jog.fun(game, state))


def _timed_move(jog, game, state, nsec):
    try:
        return func_timeout(nsec, jog.fun, args=(game, state))
    except FunctionTimedOut:
        print("pim!", jog.nome)
        return None


def jogaRastros11com_timeout(jog1, jog2, nsec):  # noqa: N802
    """One game with ``nsec`` seconds a move; a player out of time loses."""
    if _skipped("jogaRastros11com_timeout"):
        return [], 0
    return _play(jog1, jog2, lambda jog, game, state: _timed_move(jog, game, state, nsec))


def mostraJogo(listajog, verbose=False, step_by_step=False):  # noqa: N802
    """Replay a game given as ``(name, move)`` pairs, printing each move (and boards if verbose)."""
    game = Rastros()
    state = game.initial
    for name, move in listajog:
        if verbose:
            game.display(state)
        if step_by_step:
            input()
        state = game.result(state, move)
        print(name + "--> ", str(move))
    if verbose:
        game.display(state)
    print("Ganhou S" if state.terminou == 1 else "Ganhou N" if state.terminou == -1 else "Empate")


def jogaRastrosNN(listaJog, listaAdv, nsec=1):  # noqa: N802,N803
    """One timed game for every ordered pair of different players: ``(name1, name2, (moves, result))``."""
    if _skipped("jogaRastrosNN"):
        return []
    return [(jog.nome, adv.nome, jogaRastros11com_timeout(jog, adv, nsec))
            for jog in listaJog for adv in listaAdv if jog != adv]


class Jogador:
    """A named player: ``Jogador(nome, fun)`` where ``fun(game, state)`` returns a move."""

    def __init__(self, nome, fun):
        self.nome = nome
        self.fun = fun

    def display(self):
        print(self.nome + " ")


# -- the course's players -------------------------------------------------------------------------
def _random_move(game, state):
    return random.choice(state.moves())


bacoco = Jogador("Bacoco", _random_move)


def _last_by(state, key):
    moves = state.moves()
    moves.sort(key=key)
    return moves[-1]


def sudoeste(game, state):
    """The southernmost square, and of those the westernmost."""
    return _last_by(state, lambda t: (t[0], -t[1]))


def nordeste(game, state):
    """The northernmost square, and of those the easternmost."""
    return _last_by(state, lambda t: (-t[0], t[1]))


obtusoSW = Jogador("ObtusoSW", sudoeste)  # noqa: N816
obtusoNE = Jogador("ObtusoNE", nordeste)  # noqa: N816


def pergunta(game, state):
    """A person types the move (the course's; inside Tabuleiro there is no one to ask)."""
    raise RuntimeError("pergunta asks a person for a move: inside Tabuleiro choose a computer player")


humano1 = Jogador("Pessoa1", pergunta)
humano2 = Jogador("Pessoa2", pergunta)

depth_for_all = 5


def num_livres(estado, jogador):
    """The number of free squares next to the white piece (the course's Ar Livre; wins not seen)."""
    return len(estado.moves())


def _alphabeta_with(eval_fn):
    return lambda game, state: alphabeta_cutoff_search_new(state, game, depth_for_all, eval_fn=eval_fn)


arlivre = Jogador("Ar Livre", _alphabeta_with(num_livres))


def distancia(a, b):
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def f_aval_basico(estado, jogador):
    """Basilio: 10 for a win, -10 for a loss, else how close the white piece is to the player's goal."""
    if estado.terminou == 1:
        return 10 if jogador == "S" else -10
    if estado.terminou == -1:
        return 10 if jogador == "N" else -10
    goal = (_size, 1) if jogador == "S" else (1, _size)
    return (_size - 1) - distancia(estado.white, goal)


basilio = Jogador("Basilio", _alphabeta_with(f_aval_basico))

todosJog = [bacoco, obtusoSW, obtusoNE, arlivre, basilio]  # noqa: N816  (every player but the humans)


def faz_campeonato(listaJogadores, nsec=10):  # noqa: N803
    """Every player against every other, ``nsec`` seconds a move; prints the wins table."""
    if _skipped("faz_campeonato"):
        return None
    wins = {jog.nome: 0 for jog in listaJogadores}
    for south, north, (_moves, result) in jogaRastrosNN(listaJogadores, listaJogadores, nsec):
        wins[south if result == 1 else north] += 1
    print("JOGADOR", "VITÓRIAS")
    for name, count in sorted(wins.items(), key=lambda p: -p[1]):
        print(f"{name:11}", f"{count:>4}")
