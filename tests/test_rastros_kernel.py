"""Rastros kernels (ai/kernels/rastros.py) against the rules and the pure-Python code they replaced.

- against games/rastros.py, on positions of seeded random play on every board size: the legal
  moves, which moves end the game and who wins then, and the flood-filled region (a plain BFS);
- against ai/reference/rastros_solver.py: win/loss, game length and the matching test;
- against plain minimax over the game's own states on small regions;
- against ai/reference/rastros_search.py: the evaluation and the root values of fixed-depth
  searches from fresh tables;
- the stop flag and node budgets of the driver's control block;
- while the window's worker compiles them (a fresh install), the levels' moves without them: the
  pure-Python search and the book, no kernel called; once compiled, the kernels again.
"""

from __future__ import annotations

import random
from collections import deque

import numpy as np
import pytest
from numba.core.registry import CPUDispatcher

import ai
import games
from ai.base import WIN, Limits
from ai.engines.rastros_board import geometry
from ai.engines.rastros_search import LevelOptions, RastrosSearcher, Weights, book_choice, winning_step
from ai.engines.rastros_solver import Solver
from ai.kernels import rastros as kernel
from ai.move_values import analyse
from ai.reference import rastros_search as reference_search
from ai.reference.rastros_search import RastrosSearch
from ai.reference.rastros_solver import Solver as ReferenceSolver
from ai.reference.rastros_solver import geography_mover_wins
from ai.search.driver import CTL_MAX_NODES, CTL_NODES, CTL_STOP, new_ctl
from tests.kernel_helpers import compiling_from_scratch
from tests.test_rastros import minimax_length

SIZES = (4, 5, 6, 7, 8)


def random_states(n: int, count: int, seed: int, max_region: int = 64, goal_free: bool = False):
    """Unfinished states of seeded random games on n x n, with their region (the kernel's flood),
    whose region has at most ``max_region`` squares (and no goal, if ``goal_free``)."""
    game = games.load("rastros", size=n)
    b = kernel.board(n)
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        state = game.initial_state()
        for _ in range(rng.randrange(0, n * n)):
            region = int(kernel.flood(b, state.white, np.uint64(state.free)))
            goals = region & (1 << game.goal_south | 1 << game.goal_north)
            if region.bit_count() <= max_region and not (goal_free and goals):
                out.append((state, region))
                break
            state = state.play(rng.choice(state.legal_moves()))
            if state.is_terminal():
                break
    return out


def bfs_region(state) -> int:
    """The free squares reachable from the piece, by a breadth-first search over square indices."""
    n = state.game.n
    free = state.free
    seen, queue = set(), deque([state.white])
    while queue:
        sq = queue.popleft()
        row, col = divmod(sq, n)
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                r, c = row + dr, col + dc
                if 0 <= r < n and 0 <= c < n and free >> (r * n + c) & 1 and r * n + c not in seen:
                    seen.add(r * n + c)
                    queue.append(r * n + c)
    return sum(1 << sq for sq in seen)


@pytest.mark.parametrize("n", SIZES)
def test_region_moves_and_game_ends_match_the_rules(n):
    b = kernel.board(n)
    game = games.load("rastros", size=n)
    for state, region in random_states(n, 60, seed=n):
        assert region == bfs_region(state) == state.reachable(), game.to_text(state)
        moves = int(b.nbr[state.white]) & region
        assert moves == state.moves_mask()
        for q in state.legal_moves():
            after = state.play(q)
            ends = kernel.final_move_plies(b, q, np.uint64(region), state.to_move)
            if after.is_terminal():
                assert ends == (1 if after.winner() == state.to_move else -1), game.to_text(state)
            else:
                assert ends == 0, game.to_text(state)


@pytest.mark.parametrize("n", (6, 8))
def test_geography_matching_agrees_with_the_reference(n):
    geo, b = geometry(n), kernel.board(n)
    for state, region in random_states(n, 40, seed=100 + n, goal_free=True):
        expected = geography_mover_wins(geo, state.white, region)
        assert kernel.geography_mover_wins(b, state.white, np.uint64(region), kernel.SolverTable(2).work) == expected


@pytest.mark.parametrize("n", SIZES)
def test_solver_agrees_with_the_reference_solver(n):
    geo = geometry(n)
    reference = ReferenceSolver(geo)
    solver = Solver(n, table_bits=16)
    ctl = new_ctl()
    for state, region in random_states(n, 40, seed=200 + n, max_region=26):
        args = (state.white, region, state.to_move)
        won = reference.solve(*args)
        assert solver.solve(*args, ctl) == int(won), games.load("rastros", size=n).to_text(state)
        if region.bit_count() <= 18:
            assert solver.plies(*args, ctl) == reference.plies(*args)
        if won:
            assert solver.first_win(*args, ctl) in reference.winning_moves(*args)


def test_solver_agrees_with_plain_minimax_on_small_regions():
    solver = Solver(8, table_bits=16)
    ctl = new_ctl()
    for state, region in random_states(8, 40, seed=7, max_region=11):
        won, length = minimax_length(state)
        args = (state.white, region, state.to_move)
        assert solver.solve(*args, ctl) == int(won)
        assert solver.plies(*args, ctl) == length
        move, plies, position_plies = solver.best_move(*args, won, ctl)
        assert position_plies == length
        child = state.play(move)
        if child.is_terminal():
            assert (child.winner() == state.to_move) == won and plies == 1
        else:
            assert minimax_length(child) == (not won, plies - 1)
        if won:  # the shortest win; when lost, the hardest reply (tests/test_rastros_hardest.py)
            assert plies == length


def test_offline_solve_proves_the_small_boards_for_south():
    """shared/rules/rastros.md: the first player wins on 4x4, 5x5 and 6x6."""
    for n in (4, 5, 6):
        state = games.load("rastros", size=n).initial_state()
        region = int(kernel.flood(kernel.board(n), state.white, np.uint64(state.free)))
        ctl = new_ctl()
        assert kernel.solve(state.white, region, 0, kernel.SolverTable(18), n=n, ctl=ctl) == 1
        assert ctl[CTL_NODES] > 0


def test_evaluation_agrees_with_the_reference():
    weights = Weights()
    for n in (5, 8):
        geo, b = geometry(n), kernel.board(n)
        reference = RastrosSearch(geo, None, 0, weights)
        params = RastrosSearcher(n, LevelOptions(), weights, seed=None).params
        for state, region in random_states(n, 40, seed=300 + n):
            expected = reference.evaluate(state.white, region, state.to_move)
            assert kernel.evaluate(b, params, state.white, np.uint64(region), state.to_move) == expected


@pytest.mark.parametrize("solve_limit", [0, 14])
def test_root_values_agree_with_the_reference_search(solve_limit):
    """Fresh tables, depths 1, 2, 3 in turn: the same value (or PVS bound) for every root move."""
    game = games.load("rastros")
    geo = geometry(8)
    for state, region in random_states(8, 12, seed=400 + solve_limit):
        reference = RastrosSearch(geo, ReferenceSolver(geo) if solve_limit else None, solve_limit, Weights())
        searcher = RastrosSearcher(8, LevelOptions(solve_limit=solve_limit), Weights(), seed=None)
        if searcher.start(state, Limits(depth=3)) is not None:
            continue  # the own goal is next to the piece: no search
        for depth in (1, 2, 3):
            scored, finished = reference.root(state.white, region, state.to_move, depth, state.legal_moves())
            assert finished
            expected = {q: v for v, q in scored}
            ctl, alpha, got = new_ctl(), -WIN - 1, {}
            for i, q in enumerate(state.legal_moves()):  # the reference's root: PVS after the first
                got[q] = searcher._root_value(q, depth, alpha, i == 0, ctl)
                alpha = max(alpha, got[q])
            assert got == expected, (game.to_text(state), depth)


def cornered_or_cornering(n: int, count: int, seed: int, max_region: int = 14):
    """States of seeded random games (region of at most ``max_region`` squares, own goal not next
    to the piece) where the side to move has no safe move, or has a move after which the opponent
    has none: the search values these without searching on."""
    game, b = games.load("rastros", size=n), kernel.board(n)
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        state = game.initial_state()
        while not state.is_terminal():
            region = int(kernel.flood(b, state.white, np.uint64(state.free)))
            side, other = state.to_move, 1 - state.to_move
            moves = int(b.nbr[state.white]) & region
            safe = moves & ~int(b.forbid[side])
            cornering = any(not int(b.nbr[q]) & region & ~(1 << q) & ~int(b.forbid[other])
                            for q in range(n * n) if safe >> q & 1)
            if region.bit_count() <= max_region and not moves & int(b.goal_bit[side]) \
                    and (not safe or cornering):
                out.append((state, region))
                break
            state = state.play(rng.choice(state.legal_moves()))
    return out


def test_a_cornered_side_loses_in_as_many_plies_as_minimax_finds():
    """Where the side to move has no safe move (it loses in 1 or 2 plies) or can leave the
    opponent none (it wins in 1, 2 or 3), the search's value without searching on counts the
    plies to the end as plain minimax over the game's states does: the winner hurrying, the
    loser holding out (a loser that counted 2 plies everywhere chose the fastest loss)."""
    game = games.load("rastros")
    searcher = RastrosSearcher(8, LevelOptions(solve_limit=0), Weights(), seed=None)
    b, kinds = kernel.board(8), set()
    for state, region in cornered_or_cornering(8, 80, seed=500):
        value = kernel.negamax(b, searcher.table.table, searcher.table.work, searcher.solver.table.table,
                               searcher.solver.table.work, searcher.params, state.white, np.uint64(region),
                               state.to_move, 1, -WIN - 1, WIN + 1, 0, new_ctl())
        won, plies = minimax_length(state)
        assert value == (WIN - plies if won else -(WIN - plies)), game.to_text(state)
        kinds.add((won, plies))
    assert kinds >= {(True, 1), (True, 3), (False, 2)}  # (True, 2) and (False, 1) are rarer


def test_stop_flag_and_node_budget_unwind_the_kernels():
    state = games.load("rastros").initial_state()
    b = kernel.board(8)
    region = np.uint64(kernel.flood(b, state.white, np.uint64(state.free)))
    table = kernel.SolverTable(16)
    ctl = new_ctl()
    ctl[CTL_STOP] = 1
    assert kernel.solve_win(b, table.table, table.work, state.white, region, 0, ctl, 0) == kernel.ABORTED
    assert ctl[CTL_NODES] <= 1024
    ctl = new_ctl()
    ctl[CTL_MAX_NODES] = 5000
    assert kernel.solve_win(b, table.table, table.work, state.white, region, 0, ctl, 0) == kernel.ABORTED
    assert 5000 <= ctl[CTL_NODES] <= 5000 + 1024
    ctl = new_ctl()
    assert kernel.solve_win(b, table.table, table.work, state.white, region, 0, ctl, 3000) == kernel.ABORTED
    assert ctl[CTL_NODES] == 3000


def test_level5_returns_soon_after_the_stop_flag():
    import threading
    import time

    import ai
    from ai.base import Flag

    state = games.load("rastros").play_line(["5-4", "6-3", "7-2"])
    player = ai.make_player("rastros", "level-5")
    flag = Flag()
    threading.Timer(0.3, flag.set).start()
    start = time.perf_counter()
    move = player.choose(state, Limits(time=60.0, stop=flag))
    assert move in state.legal_moves()
    assert time.perf_counter() - start < 30.0  # far below the 60 s it was given


def test_level5_root_solver_in_the_books_frame_plays_proven_moves_in_both_orientations():
    """The root solver works in the opening book's frame (a position or its mirror); the move it
    returns is mapped back: it keeps the win (or plays the hardest loss) in the real position."""
    from ai import make_player
    from ai.engines.rastros_book import book_key
    from tests.test_rastros_hardest import hardest_replies

    player = make_player("rastros", "level-5", seed=3)
    orientations = set()
    for state, region in random_states(8, 24, seed=11, max_region=10):
        won, length = minimax_length(state)
        orientations.add(book_key(8, state.white, region, state.to_move).mirrored)
        move = player.choose(state, Limits(time=1.0))
        child = state.play(move)
        if not won:
            assert move in hardest_replies(state)
        elif child.is_terminal():
            assert child.winner() == state.to_move
        else:
            assert minimax_length(child) == (False, length - 1)
    assert orientations == {False, True}


def test_the_python_root_solver_says_it_is_at_work_before_its_first_figures():
    """Level-5's Python stand-in (a fresh install's, while the kernels compile) gives its root
    solver up to 40% of the move's time, in which it reported nothing: the window's thinking card
    showed a blank line under "is thinking…".  The solver says first that it is at work (a
    solver's report with no figures, which the card says as "Solving the position…")."""
    state = next(s for s, _region in random_states(8, 20, seed=3, max_region=reference_search.ROOT_SOLVE_LIMIT)
                 if winning_step(s) is None and len(s.legal_moves()) > 1)
    reports = []
    ai.make_player("rastros", "level-5", seed=1).stand_in(8).choose(state, Limits(time=0.2), reports.append)
    assert reports[0].kind == "solver" and reports[0].best_move is None and not reports[0].depth
    assert reports[-1].done and reports[-1].best_move in state.legal_moves()


def unbooked_position(seed: int):
    """A position of seeded random play on 8x8 that neither the book nor a win in one answers."""
    game, rng = games.load("rastros"), random.Random(seed)
    state = game.initial_state()
    while book_choice(state) is not None or winning_step(state) is not None:
        moves = [m for m in state.legal_moves() if not state.play(m).is_terminal()]
        state = state.play(rng.choice(moves)) if moves else game.initial_state()
    return state


@pytest.mark.parametrize("loading", [False, True], ids=["compiling", "loading"])
def test_while_the_windows_worker_compiles_the_kernels_the_levels_search_in_python(monkeypatch, loading):
    """The first run after installing: level-3's reply to 5-4 waited 41 s (load 13) for its worker's
    warm-up to compile the kernels, under "Preparing the engine...", and level-5's first book move
    20 s (the book flooded the region in a kernel, and 5x5's counted its length with the solver).
    While they compile, a move no book answers is the pure-Python search's at the level's depth,
    said as begun at once (level-5's root solver reported nothing for 40% of the move's time, which
    the window showed as "Preparing the engine..."), and the book's moves come from the book, no
    kernel called; once they are ready the kernels search again.  So while they load from the
    cache (``loading``), a wait outside the move's clock: 1 s a move answered in 2.56 s."""
    compiling_from_scratch(monkeypatch, "rastros", loading=loading)

    def not_compiled(*args):
        raise AssertionError("a kernel was called while the kernels compile")

    for name, value in list(vars(kernel).items()):
        if isinstance(value, CPUDispatcher):
            monkeypatch.setattr(kernel, name, not_compiled)
    after_5_4 = games.load("rastros").play_line(["5-4"])
    past_the_book = unbooked_position(seed=5)
    levels = {level: ai.make_player("rastros", level, seed=1) for level in ("level-2", "level-3", "level-4", "level-5")}
    for player in levels.values():
        for state in (after_5_4, past_the_book):
            if player is levels["level-5"] and state is after_5_4:
                continue  # the book's: below
            assert player.choose(state, Limits(time=0.2)) in state.legal_moves()
            assert player.last is player.stand_in(8).last and player.stands_in(state)
    level5, five = levels["level-5"], games.load("rastros", size=5).initial_state()
    reports = []
    level5.choose(past_the_book, Limits(time=0.2), reports.append)
    assert reports[0].best_move is None and not reports[0].done  # begun: the window says it thinks
    assert reports[-1].done and reports[-1].best_move in past_the_book.legal_moves()
    lost = games.load("rastros").play_line(["5-6", "6-5", "6-4", "5-5", "4-6", "3-6", "4-7", "3-7"])
    level5.choose(lost, Limits(time=0.2))  # 55 squares: past the Python root solver's reach
    assert level5.last.proven == -1  # a loss the search sees is said proven, as the kernels' is
    values = analyse(past_the_book, "rastros", max_depth=2, player=level5)  # analysis: the Python values
    assert set(values.values) == set(past_the_book.legal_moves())
    for state in (games.load("rastros").initial_state(), after_5_4, five):
        assert level5.choose(state, Limits(time=0.2)) in state.legal_moves() and level5.last.kind == "book"
    assert level5.known_move(five) == book_choice(five)[0]  # a hint's: the book's, its length not counted
    monkeypatch.undo()  # the warm-up done, the kernels compiled

    def in_python(*args, **kwargs):
        raise AssertionError("the Python search played once the kernels were ready")

    monkeypatch.setattr(reference_search.RastrosPlayer, "choose", in_python)
    for player in (levels["level-3"], level5):
        assert not player.stands_in(past_the_book)
        assert player.choose(past_the_book, Limits(depth=2)) in past_the_book.legal_moves()
