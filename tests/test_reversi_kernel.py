"""The Reversi kernels (ai/kernels/reversi.py, reversi_endgame.py) against the rules reference and published facts.

- moves, flips and perft against games/reversi.py on positions from seeded random play, 6x6 and 8x8;
- perft from the 8x8 start equal to the published counts (shared/rules/reversi.md: a pass is a
  move, a finished game is a leaf);
- the evaluation equal to ai/engines/reversi_eval.py's, term for term;
- the midgame search equal to plain negamax with the same evaluation, and the exact solver equal
  to plain minimax on the final disc margin (both written here on games/reversi.py's functions)
  and to the pure-Python solver it replaced;
- the FFO endgame positions that solve quickest, with their published scores (tests/data/ffo);
- the stop flag and the node budget of the driver's control block.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

import ai
import games
from ai import kernels
from ai.base import Limits
from ai.engines.reversi_eval import evaluate as python_evaluate
from ai.engines.reversi_eval import features
from ai.engines.reversi_search import KernelSearch, PythonSearch
from ai.kernels import reversi as kernel
from ai.kernels import reversi_endgame as endgame
from ai.search.driver import CTL_MAX_NODES, CTL_NODES, CTL_STOP, new_ctl
from games.reversi import flips, move_mask, squares
from tests.kernel_helpers import compiling_from_scratch

PERFT = {1: 4, 2: 12, 3: 56, 4: 244, 5: 1396, 6: 8200, 7: 55092, 8: 390216, 9: 3005288, 10: 24571284}


@pytest.fixture(scope="module", autouse=True)
def compiled_kernels():
    kernel.warm_up()


def random_positions(size: int, count: int, seed: int, max_empties: int | None = None) -> list:
    """Positions met in seeded random games (every stage of the game, or only the last
    ``max_empties`` empties), the side to move having a move or having to pass."""
    game = games.load("reversi", size=size)
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        state = game.initial_state()
        stop = rng.randint(1, max_empties) if max_empties else rng.randint(0, size * size)
        while not state.is_terminal() and state.empties() > stop:
            state = state.play(rng.choice(state.legal_moves()))
        if not state.is_terminal():
            out.append(state)
    return out


def u64(state) -> tuple[np.uint64, np.uint64]:
    return np.uint64(state.mover), np.uint64(state.opponent)


# -- rules: the kernels against games/reversi.py -------------------------------------------------
@pytest.mark.parametrize("size", [6, 8])
def test_moves_and_flips_equal_the_rules_reference(size):
    geo = kernel.geometry(size)
    for state in random_positions(size, 150, seed=size):
        me, opp = u64(state)
        rules_geo = state.game.geo
        assert int(kernel.move_mask(me, opp, geo)) == move_mask(state.mover, state.opponent, rules_geo)
        assert int(kernel.move_mask(opp, me, geo)) == move_mask(state.opponent, state.mover, rules_geo)
        empty = rules_geo.full & ~(state.mover | state.opponent)
        for sq in squares(empty):  # every empty square: legal ones flip, the others flip nothing
            assert int(kernel.flips(sq, me, opp, geo)) == flips(sq, state.mover, state.opponent, rules_geo)


@pytest.mark.parametrize("size", [6, 8])
def test_perft_from_random_positions_equals_the_rules_reference(size):
    geo = kernel.geometry(size)
    for state in random_positions(size, 12, seed=10 + size):
        me, opp = u64(state)
        assert kernel.perft(me, opp, 3, geo) == state.game.perft(state, 3)


@pytest.mark.parametrize("depth", sorted(PERFT))
def test_kernel_perft_from_the_start_matches_the_published_counts(depth):
    state = games.load("reversi").initial_state()
    assert kernel.perft(*u64(state), depth, kernel.geometry(8)) == PERFT[depth]


def test_perft_counts_a_pass_as_a_move_and_an_ended_game_as_a_leaf():
    game = games.load("reversi")
    geo = kernel.geometry(8)
    must_pass = game.from_text("OX" + "-" * 62 + " X")  # Black passes, then White's c1 ends the game
    assert [kernel.perft(*u64(must_pass), d, geo) for d in (1, 2, 3)] == [1, 1, 1]
    assert [game.perft(must_pass, d) for d in (1, 2, 3)] == [1, 1, 1]
    over = game.from_text("X-O" + "-" * 61 + " X")
    assert kernel.perft(*u64(over), 4, geo) == 1


@pytest.mark.parametrize("size", [6, 8])
def test_the_solvers_parity_is_the_quadrants_with_an_odd_number_of_empty_squares(size):
    """The exact solvers try first the moves of a quadrant (the board cut in four) whose empty
    squares are odd in number: ``odd_quadrants`` gives those quadrants, whole."""
    geo, half, rng = kernel.geometry(size), size // 2, random.Random(size)
    quadrants = [0] * 4
    for sq in range(size * size):
        row, col = divmod(sq, size)
        quadrants[2 * (row >= half) + (col >= half)] |= 1 << sq
    for _ in range(100):
        empty = rng.getrandbits(size * size)
        expected = sum(quadrant for quadrant in quadrants if (empty & quadrant).bit_count() % 2)
        assert int(endgame.odd_quadrants(np.uint64(empty), geo)) == expected, hex(empty)


# -- the evaluation ------------------------------------------------------------------------------
@pytest.mark.parametrize("size", [6, 8])
def test_evaluation_equals_the_python_evaluation(size):
    geo = kernel.geometry(size)
    for state in random_positions(size, 200, seed=20 + size):
        me, opp = u64(state)
        expected = python_evaluate(state.mover, state.opponent, features(state.game.geo))
        got = kernel.evaluate(me, opp, np.uint64(kernel.move_mask(me, opp, geo)), geo)
        assert abs(got - expected) <= 0.5 + 1e-9, state.game.to_text(state)


# -- the searches against plain negamax and minimax ------------------------------------------------
def plain_negamax(me: int, opp: int, depth: int, geo, kgeo) -> int:
    """Depth-limited negamax with the kernel's evaluation at the leaves; a pass uses no depth and
    a finished game scores DISC per disc of margin, as in the kernel."""
    moves = move_mask(me, opp, geo)
    if not moves:
        if not move_mask(opp, me, geo):
            return kernel.DISC * (me.bit_count() - opp.bit_count())
        return -plain_negamax(opp, me, depth, geo, kgeo)
    if depth == 0:
        return int(kernel.evaluate(np.uint64(me), np.uint64(opp), np.uint64(moves), kgeo))
    best = -kernel.INF
    for sq in squares(moves):
        f = flips(sq, me, opp, geo)
        best = max(best, -plain_negamax(opp ^ f, me | f | 1 << sq, depth - 1, geo, kgeo))
    return best


def plain_minimax_margin(me: int, opp: int, geo, memo: dict) -> int:
    """Exact final disc margin for ``me`` by plain minimax (memoised: same values, less time).  A
    move is an empty square where a disc flips some (the rules' ``flips``): near the end, with
    few empty squares, that finds the moves and their flips at once, in half the time
    ``move_mask`` and then ``flips`` took."""
    key = (me, opp)
    if key not in memo:
        empty = geo.full & ~(me | opp)
        children = [(opp ^ f, me | f | 1 << sq) for sq in squares(empty) for f in (flips(sq, me, opp, geo),) if f]
        if children:
            value = max(-plain_minimax_margin(*child, geo, memo) for child in children)
        elif any(flips(sq, opp, me, geo) for sq in squares(empty)):
            value = -plain_minimax_margin(opp, me, geo, memo)  # a pass
        else:
            value = me.bit_count() - opp.bit_count()
        memo[key] = value
    return memo[key]


@pytest.mark.parametrize("size, depth", [(6, 3), (8, 2), (8, 3)])
def test_midgame_search_equals_plain_negamax(size, depth):
    tables = kernel.Tables(size, 12, 12)
    out_sq, out_value = np.zeros(64, np.int64), np.zeros(64, np.int64)
    for state in random_positions(size, 15, seed=30 + size + depth):
        if state.must_pass():
            continue
        me, opp = u64(state)
        tables.clear()
        done = kernel.search_root(me, opp, depth, -1, False, 0, tables.geo, tables.square_value,
                                  tables.mid_keys, tables.mid_data, tables.sqs, tables.fls, new_ctl(),
                                  out_sq, out_value)
        best = int(out_value[:done].max())
        assert best == plain_negamax(state.mover, state.opponent, depth, state.game.geo, tables.geo)
        # the move that gets the best value really has it
        sq = int(out_sq[int(out_value[:done].argmax())])
        f = flips(sq, state.mover, state.opponent, state.game.geo)
        child = (state.opponent ^ f, state.mover | f | 1 << sq)
        assert -plain_negamax(*child, depth - 1, state.game.geo, tables.geo) == best


@pytest.mark.parametrize("size, count", [(6, 40), (8, 40)])
def test_solver_equals_plain_minimax_up_to_ten_empties(size, count):
    tables = kernel.Tables(size, 14, 14)
    out = np.zeros(2, np.int64)
    for state in random_positions(size, count, seed=40 + size, max_empties=10):
        me, opp = u64(state)
        ctl = new_ctl()
        assert endgame.solve_root(me, opp, -64, 64, -1, 0, tables.geo, tables.square_value, tables.end_keys,
                                  tables.end_data, tables.sqs, tables.fls, ctl, out)
        memo: dict = {}
        expected = plain_minimax_margin(state.mover, state.opponent, state.game.geo, memo)
        assert out[1] == expected, state.game.to_text(state)
        move = int(out[0])
        if move == kernel.PASS:
            assert state.must_pass()
        else:  # the move played reaches the value
            f = flips(move, state.mover, state.opponent, state.game.geo)
            child = (state.opponent ^ f, state.mover | f | 1 << move)
            assert -plain_minimax_margin(*child, state.game.geo, memo) == expected


def test_kernel_solver_equals_the_pure_python_solver_it_replaced():
    from ai.engines.reversi_python_search import Searcher

    tables = kernel.Tables(8, 14, 14)
    out = np.zeros(2, np.int64)
    for state in random_positions(8, 10, seed=50, max_empties=13):
        assert endgame.solve_root(*u64(state), -64, 64, -1, 0, tables.geo, tables.square_value, tables.end_keys,
                                  tables.end_data, tables.sqs, tables.fls, new_ctl(), out)
        _, margin = Searcher(state.game.geo).solve_root(state.mover, state.opponent, 0)
        assert out[1] == margin, state.game.to_text(state)


@pytest.mark.parametrize("number", [40, 41])
@pytest.mark.parametrize("learned_order", [False, True])
def test_ffo_positions_solve_to_their_published_scores(number, learned_order):
    """The two quickest FFO positions of #40-#49 (20 and 22 empties), with the plain fastest-first
    order and with level-5's, which also asks the learned evaluation from SOLVER_EVAL_MIN empties."""
    from ai.bench.reversi import ffo_positions
    from ai.engines.reversi_eval import pattern_weights
    from ai.kernels.reversi_patterns import PACK_WIDTH

    text, published = next((t, s) for n, t, s in ffo_positions() if n == number)
    state = games.load("reversi").from_text(text)
    tables = kernel.Tables(8)
    out = np.zeros(2, np.int64)
    order = pattern_weights() if learned_order else (np.zeros((0, PACK_WIDTH), np.int64), np.zeros((0, 0), np.float32))
    assert endgame.solve_root_with(*u64(state), -64, 64, -1, 0, tables.geo, tables.square_value, tables.end_keys,
                                   tables.end_data, tables.sqs, tables.fls, new_ctl(), out, *order)
    assert out[1] == published


# -- the control block ---------------------------------------------------------------------------
def test_a_set_stop_flag_or_a_spent_node_budget_ends_the_searches():
    state = games.load("reversi").initial_state()
    tables = kernel.Tables(8, 12, 12)
    out_sq, out_value = np.zeros(64, np.int64), np.zeros(64, np.int64)
    ctl = new_ctl()
    ctl[CTL_STOP] = 1
    assert kernel.search_root(*u64(state), 8, -1, False, 0, tables.geo, tables.square_value, tables.mid_keys,
                              tables.mid_data, tables.sqs, tables.fls, ctl, out_sq, out_value) == 0
    ctl = new_ctl()
    ctl[CTL_MAX_NODES] = 5000
    kernel.search_root(*u64(state), 30, -1, False, 0, tables.geo, tables.square_value, tables.mid_keys,
                       tables.mid_data, tables.sqs, tables.fls, ctl, out_sq, out_value)
    assert ctl[CTL_STOP] == 1 and 5000 <= ctl[CTL_NODES] < 5000 + 1024 + 64
    ctl = new_ctl()
    ctl[CTL_MAX_NODES] = 5000
    assert not endgame.solve_root(*u64(state), -64, 64, -1, 0, tables.geo, tables.square_value, tables.end_keys,
                                  tables.end_data, tables.sqs, tables.fls, ctl, np.zeros(2, np.int64))


def test_the_ffo_bench_in_a_copy_without_the_test_data_says_so(tmp_path, monkeypatch):
    """The app bundle and ``pip install .`` have no tests/data: ``bench reversi`` ended in a
    FileNotFoundError at its FFO step, after minutes of figures."""
    from ai.bench import reversi as bench

    monkeypatch.setattr(bench, "FFO_FILE", tmp_path / "tests" / "data" / "ffo" / "fforum-40-59.txt")
    said: list[str] = []
    bench.ffo_run(said.append, range(40, 42))
    assert len(said) == 1 and "skipped: the FFO suite is in the source checkout's tests/data/ffo" in said[0]


def test_while_the_windows_worker_compiles_the_kernels_reversi_searches_in_python(monkeypatch):
    """The first run after installing: level-3's reply to d3 waited over a minute (a loaded machine)
    for its worker's warm-up to compile the search kernels, under "Preparing the engine...".  While
    they compile, a search no book answers runs in the pure-Python search; level-5 still plays its
    book moves, 6x6's proven ones too (they waited for the kernels to remember the proof); once the
    kernels are ready, both search in them again."""
    kernels_ready = compiling_from_scratch(monkeypatch, "reversi")
    after_d3 = games.load("reversi").play_line(["d3"])
    past_the_book = next(state for state in random_positions(8, 50, seed=3) if 30 <= state.empties() <= 48)
    level3, level5 = (ai.make_player("reversi", level, seed=1) for level in ("level-3", "level-5"))
    assert level3.choose(after_d3, Limits(time=0.2)) in after_d3.legal_moves()
    assert isinstance(level3.searching(after_d3), PythonSearch)
    assert level5.choose(after_d3, Limits(time=0.2)) in after_d3.legal_moves() and level5.last.kind == "book"
    six = games.load("reversi", size=6).initial_state()  # 6x6's book proves its moves: kept without the kernels
    assert level5.choose(six, Limits(time=0.2)) in six.legal_moves() and level5.last.kind == "book"
    assert level5.choose(past_the_book, Limits(time=0.2)) in past_the_book.legal_moves()
    assert isinstance(level5.searching(past_the_book), PythonSearch)
    kernels_ready()  # the warm-up done
    for player, state in ((level3, after_d3), (level5, past_the_book)):
        assert isinstance(player.searching(state), KernelSearch)
        assert player.choose(state, Limits(depth=2)) in state.legal_moves()


def calls_of(monkeypatch, module, name: str) -> list[tuple]:
    """The calls made from now on to ``module``'s kernel ``name`` (each its arguments), the kernel
    still run: the searches look it up in the module as they call it."""
    calls: list[tuple] = []
    real = getattr(module, name)
    monkeypatch.setattr(module, name, lambda *args: calls.append(args) or real(*args))
    return calls


def test_while_the_windows_worker_loads_the_search_kernels_reversi_searches_in_python(monkeypatch):
    """A fresh install's game whose search kernels the window's preparation compiled already: its
    worker's warm-up loads them from the cache, seconds on a loaded machine.  Level 5's move past
    the book waited for that load, a wait the driver left out of the move's clock (1 s a move
    answered in 2.44 s); it now searches in Python meanwhile, no kernel called, and in the
    kernels once they are ready."""
    kernels_ready = compiling_from_scratch(monkeypatch, "reversi", loading=True)
    searched = calls_of(monkeypatch, kernel, "search_root_with")
    past_the_book = next(state for state in random_positions(8, 50, seed=3) if 30 <= state.empties() <= 48)
    level5 = ai.make_player("reversi", "level-5", seed=1)
    assert level5.choose(past_the_book, Limits(time=0.2)) in past_the_book.legal_moves()
    assert level5.last.kind == "alphabeta" and isinstance(level5.searching(past_the_book), PythonSearch)
    assert searched == []
    kernels_ready()  # the warm-up's load done
    assert level5.choose(past_the_book, Limits(depth=2)) in past_the_book.legal_moves()
    assert isinstance(level5.searching(past_the_book), KernelSearch) and searched


def test_while_the_windows_worker_compiles_the_solver_reversi_answers_from_its_midgame_search(monkeypatch):
    """Near the end, the search kernels ready but the warm-up still compiling the exact solver's (a
    minute on a loaded machine): level 5 waited for it before its move's clock started (1 s a move
    answered in 33 s); it now answers from its midgame search, the solver not called, and solves
    once the solver is ready."""
    kernels_ready = compiling_from_scratch(monkeypatch, "reversi")
    kernels._stage("reversi", "search").done = True  # the warm-up's first stage done, the solver's not
    solved = calls_of(monkeypatch, endgame, "solve_root_with")
    late = next(state for state in random_positions(8, 50, seed=3, max_empties=12)
                if state.empties() >= 8 and len(state.legal_moves()) > 1)
    level5 = ai.make_player("reversi", "level-5", seed=1)
    assert level5.choose(late, Limits(time=0.5)) in late.legal_moves()
    assert level5.last.kind == "alphabeta" and solved == []
    kernels_ready()  # the warm-up done
    assert level5.choose(late, Limits(time=0.5)) in late.legal_moves()
    assert level5.last.kind == "solver" and solved
