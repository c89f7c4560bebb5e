"""The course's ``jogos`` module (AIMA's games.py, in Portuguese), for outside player files.

Course player files do ``from jogos import *`` (or ``from rastros import *``, which re-exports
this).  This module gives every public name of the course's published ``jogos.py`` with its
signature and its behaviour (tests/data/course/ names the source; tests/test_compat.py fails if a
name or a signature drifts).  Our own code, only ever on the import path inside an outside
player's process (ai/outside.py), never in Tabuleiro's own processes.

The course's behaviour, kept on purpose because students tuned their players against it:

- the cut-off searches call ``eval_fn(state, player)``, ``player`` being the side to move at the
  root; an evaluation written for AIMA's one-argument form, ``eval_fn(state)``, is called that
  way instead (the course's own default would fail there);
- the cut-off searches shuffle the moves of every node (``random.shuffle``), so games between
  the same players vary; ``random.seed`` makes them repeat;
- ``alphabeta_cutoff_search_new`` keeps, at each inner node, the value of the last move searched
  (each child's value replaces alpha, or beta, instead of being compared with it); only the root
  keeps the best value.  ``alphabeta_cutoff_search`` is the textbook search.

Names the course's match helpers call while a file is being loaded (``Game.jogar`` here, the
Rastros matches in ``rastros``) return at once inside Tabuleiro (see ``_skipped``): a demo match
at the top of a file would otherwise use up the load time limit.
"""

import inspect as _inspect
import random
import sys as _sys
from collections import namedtuple

argmax = max  # AIMA's utils.argmax (the course's jogos.py imports it from there)
infinity = float("inf")
GameState = namedtuple("GameState", "to_move, utility, board, moves")

# -- loading inside Tabuleiro: match helpers return at once ------------------------------------
_loading = False  # set by ai/outside.py while a player file is imported
_skipped_calls: list[str] = []


def _skipped(name: str) -> bool:
    """True (and a log line on stderr) if ``name`` is called while a player file is being loaded."""
    if not _loading:
        return False
    caller = _sys._getframe(2)
    where = f"{caller.f_code.co_filename.replace(chr(92), '/').rsplit('/', 1)[-1]} line {caller.f_lineno}"
    _skipped_calls.append(f"{name} ({where})")
    print(f"Tabuleiro: {name}() called while loading ({where}) returns at once: "
          "course matches do not play inside Tabuleiro", file=_sys.stderr)
    return True


# -- the searches --------------------------------------------------------------------------------
def _evaluator(eval_fn, game, player):
    """``eval_fn`` as a function of one state: ``eval_fn(s, player)``, or ``eval_fn(s)`` if it takes one."""
    if eval_fn is None:
        return lambda s: game.utility(s, player)
    try:
        _inspect.signature(eval_fn).bind(None, None)
    except TypeError:
        return eval_fn  # written for AIMA's eval_fn(state)
    except ValueError:  # no signature to read (a builtin): the course's call
        pass
    return lambda s: eval_fn(s, player)


def _moves(game, state, shuffle):
    moves = list(game.actions(state))
    if shuffle:
        random.shuffle(moves)
    return moves


def _search(state, game, stop, evaluate, shuffle, style):
    """The move the course's searches choose at the root; ``style`` is how an inner node keeps values.

    ``stop(s, depth)`` says where to evaluate.  Styles: ``"soft"`` (the textbook: the best value
    so far, alpha raised to it), ``"hard"`` (alpha itself raised by each value, AIMA's
    alphabeta_search) and ``"last"`` (each value replaces alpha or beta, the course's
    alphabeta_cutoff_search_new).
    """

    def value(s, alpha, beta, depth, maximising):
        if stop(s, depth):
            return evaluate(s)
        best = -infinity if maximising else infinity
        for a in _moves(game, s, shuffle):
            v = value(game.result(s, a), alpha, beta, depth + 1, not maximising)
            if maximising:
                if style == "soft":
                    best = max(best, v)
                    if best >= beta:
                        return best
                    alpha = max(alpha, best)
                else:
                    alpha = v if style == "last" else max(alpha, v)
                    if alpha >= beta:
                        return alpha
            else:
                if style == "soft":
                    best = min(best, v)
                    if best <= alpha:
                        return best
                    beta = min(beta, best)
                else:
                    beta = v if style == "last" else min(beta, v)
                    if beta <= alpha:
                        return beta
        if style == "soft":
            return best
        return alpha if maximising else beta

    best_score, best_action = -infinity, None
    for a in _moves(game, state, shuffle):
        v = value(game.result(state, a), best_score, infinity, 1, False)
        if v > best_score:
            best_score, best_action = v, a
    return best_action


def _to_the_end(game):
    return lambda s, depth: game.terminal_test(s)


def minimax_decision(state, game):
    """The move of best minimax value, searching to the end of the game (AIMA's Figure 5.3)."""
    player = game.to_move(state)

    def value(s, maximising):
        if game.terminal_test(s):
            return game.utility(s, player)
        values = (value(game.result(s, a), not maximising) for a in game.actions(s))
        return max(values) if maximising else min(values)

    return argmax(game.actions(state), key=lambda a: value(game.result(state, a), False))


def alphabeta_search(state, game):
    """Alpha-beta to the end of the game (AIMA's Figure 5.7), alpha and beta as the node values."""
    player = game.to_move(state)
    return _search(state, game, _to_the_end(game), lambda s: game.utility(s, player), False, "hard")


def alphabeta_search_old(state, game):
    """Alpha-beta to the end of the game, the textbook's best-value form."""
    player = game.to_move(state)
    return _search(state, game, _to_the_end(game), lambda s: game.utility(s, player), False, "soft")


def _cutoff(game, d, cutoff_test):
    return cutoff_test or (lambda s, depth: depth > d or game.terminal_test(s))


def alphabeta_cutoff_search(state, game, d=4, cutoff_test=None, eval_fn=None):
    """Alpha-beta cut off below depth ``d`` (the root's children are at depth 1), moves shuffled."""
    evaluate = _evaluator(eval_fn, game, game.to_move(state))
    return _search(state, game, _cutoff(game, d, cutoff_test), evaluate, True, "soft")


def alphabeta_cutoff_search_new(state, game, d=4, cutoff_test=None, eval_fn=None):
    """The course's variant of the cut-off search (see the module docstring), moves shuffled."""
    evaluate = _evaluator(eval_fn, game, game.to_move(state))
    return _search(state, game, _cutoff(game, d, cutoff_test), evaluate, True, "last")


# -- the game ----------------------------------------------------------------------------------------
class Game:
    """A game in AIMA's terms: subclasses give actions, result, utility and terminal_test, and
    set ``initial``."""

    def actions(self, state):
        """The legal moves of ``state``."""
        raise NotImplementedError

    def result(self, state, move):
        """The state after ``move``."""
        raise NotImplementedError

    def utility(self, state, player):
        """The value of a final state to ``player``."""
        raise NotImplementedError

    def terminal_test(self, state):
        return not self.actions(state)

    def to_move(self, state):
        return state.to_move

    def display(self, state):
        print(state)

    def __repr__(self):
        return f"<{self.__class__.__name__}>"

    def jogar(self, jogador1, jogador2, verbose=True):
        """One game between two functions ``(game, state) -> move``; the first player's utility."""
        if _skipped("jogar"):
            return 0
        state = self.initial
        if verbose:
            self.display(state)
        players = (jogador1, jogador2)
        turn = 0
        while True:
            state = self.result(state, players[turn](self, state))
            if verbose:
                self.display(state)
            if self.terminal_test(state):
                return self.utility(state, self.to_move(self.initial))
            turn = 1 - turn


# -- players --------------------------------------------------------------------------------------
def _no_human(what):
    raise RuntimeError(f"{what} asks a person for a move: inside Tabuleiro choose a computer player")


def query_player(game, state):
    """A person types the move (the course's; inside Tabuleiro there is no one to ask)."""
    _no_human("query_player")


def random_player(game, state):
    """A random legal move."""
    return random.choice(game.actions(state))


def minimax_player(game, state):
    return minimax_decision(state, game)


def alphabeta_player(game, state):
    return alphabeta_search(state, game)
