"""The Hex kernels (ai/kernels/hex.py) against the rules reference games/hex.py and the pure-Python
MCTS they replaced (ai/reference/hex_search.py), on positions from seeded random play."""

from __future__ import annotations

import random

import numpy as np
import pytest

import ai
import games
from ai.base import Flag, Limits
from ai.engines.hex_mcts import HexMCTSPlayer, HexSearcher
from ai.engines.hex_solver import winning_cells as reference_winning_cells
from ai.kernels import hex as kernel
from ai.match import random_play
from ai.reference.hex_search import make_node
from ai.search.driver import new_ctl, search
from games.hex import BLUE, RED, SWAP
from tests.kernel_helpers import compiling_from_scratch
from tests.test_hex import random_board


def scratch(n: int):
    """The work arrays the board kernels take: two marks and a stack."""
    return np.zeros(n * n, np.uint8), np.zeros(n * n, np.uint8), np.empty(n * n, np.int32)


def random_position(rng: random.Random, n: int, plies: int | None = None):
    """A position of a real game: ``plies`` random moves (at most; the game may end sooner)."""
    game = games.load("hex", size=n)
    return game, random_play(game.initial_state(), rng.randint(0, n * n) if plies is None else plies, rng)


def cells(found: np.ndarray, count: int) -> set[int]:
    return {int(c) for c in found[:count]}


# -- the board ------------------------------------------------------------------------------------
@pytest.mark.parametrize("full", [True, False], ids=["full", "partial"])
def test_connection_and_winner_match_the_rules_on_random_boards(full):
    rng = random.Random(21 if full else 22)
    for k in range(1500):
        n = 19 if k % 50 == 0 else rng.randint(3, 13)
        game = games.load("hex", size=n)
        blue, red = random_board(rng, n, full)
        colour = kernel.board_colours(n, blue, red)
        mark, _, stack = scratch(n)
        nbrs = kernel.neighbours(n)
        assert kernel.connects(colour, n, nbrs, BLUE, mark, stack) == game.geo.connects(blue, BLUE)
        assert kernel.connects(colour, n, nbrs, RED, mark, stack) == game.geo.connects(red, RED)
        expected = game.board_winner(blue, red)
        assert kernel.winner(colour, n, nbrs, mark, stack) == (-1 if expected is None else expected)


def test_winner_after_every_move_of_random_games_matches_the_rules():
    rng = random.Random(23)
    for k in range(200):
        n = rng.choice((3, 4, 5, 8, 11, 19 if k % 20 == 0 else 9))
        game = games.load("hex", size=n)
        state = game.initial_state()
        mark, _, stack = scratch(n)
        while True:
            colour = kernel.board_colours(n, *state.boards)
            got = kernel.winner(colour, n, kernel.neighbours(n), mark, stack)
            assert got == (-1 if state.winner() is None else state.winner())
            if state.is_terminal():
                break
            state = state.play(rng.choice(state.legal_moves()))


def test_winning_cells_are_the_moves_that_win_at_once():
    rng = random.Random(24)
    for _ in range(400):
        n = rng.randint(3, 11)
        game, state = random_position(rng, n)
        if state.is_terminal():
            continue
        colour = kernel.board_colours(n, *state.boards)
        near, far, stack = scratch(n)
        found = np.empty(n * n, np.int32)
        empty = game.geo.full & ~(state.boards[0] | state.boards[1])
        for side in (BLUE, RED):
            count = kernel.winning_cells(colour, n, kernel.neighbours(n), side, near, far, stack, found)
            by_rules = {m for m in state.legal_moves()
                        if game.geo.chain_wins(state.boards[side] | 1 << m, side, m)}
            assert cells(found, count) == by_rules
            reference = reference_winning_cells(game.geo, state.boards[side], side, empty)
            assert cells(found, count) == {i for i in range(n * n) if reference >> i & 1}


def test_tables_neighbours_and_bridges():
    for n in (3, 4, 7, 11, 19):
        geo = games.load("hex", size=n).geo
        nbrs = kernel.neighbours(n)
        for cell in range(n * n):
            expected = {j for j in range(n * n) if geo.neighbours[cell] >> j & 1 and j != cell}
            assert {int(j) for j in nbrs[cell] if j >= 0} == expected
            bridges = kernel.bridge_table(n)[cell]
            assert [tuple(int(v) for v in row) for row in bridges if row[0] >= 0] == list(kernel.carriers(n)[cell])
            for y, a, b in kernel.carriers(n)[cell]:  # the two carrier cells touch each other and both ends
                assert y in expected
                for end in (a, b):
                    if end < n * n:
                        assert geo.neighbours[cell] >> end & 1 and geo.neighbours[y] >> end & 1


# -- playouts -------------------------------------------------------------------------------------
@pytest.mark.parametrize(("bridges", "templates"), [(True, False), (False, False), (True, True)],
                         ids=["bridges", "random", "templates"])
def test_playouts_fill_the_empty_cells_legally_and_report_the_winner(bridges, templates):
    rng = random.Random((25 if bridges else 26) + 2 * templates)
    kernel.seed_random(5)
    for _ in range(300):
        n = rng.randint(3, 13)
        game, state = random_position(rng, n)
        if state.is_terminal():
            continue
        colour = kernel.board_colours(n, *state.boards)
        before = colour.copy()
        mark, _, stack = scratch(n)
        empties = int(np.count_nonzero(before[: n * n] == 0))
        last = rng.choice([-1, *range(n * n)])
        won_by = kernel.playout(colour, n, kernel.neighbours(n), kernel.bridge_table(n), kernel.template_table(n),
                                state.to_move, last, bridges, templates, np.empty(n * n, np.int32),
                                np.empty(n * n, np.int32), mark, stack)
        assert np.array_equal(colour[n * n:], before[n * n:])  # the edges are untouched
        assert np.all(colour[: n * n] != 0)
        occupied = before[: n * n] != 0
        assert np.array_equal(colour[: n * n][occupied], before[: n * n][occupied])  # stones stay
        placed = colour[: n * n][~occupied]
        mover = int(np.count_nonzero(placed == state.to_move + 1))
        assert mover == (empties + 1) // 2 and len(placed) - mover == empties // 2  # turns alternate
        blue = sum(1 << i for i in range(n * n) if colour[i] == 1)
        red = sum(1 << i for i in range(n * n) if colour[i] == 2)
        assert won_by == game.board_winner(blue, red)


def test_a_playout_answers_an_intrusion_into_a_bridge():
    """Blue's b2 and c3 form a bridge (carrier b3, c2); Red's c2 intrudes, Blue must take b3."""
    n = 5
    game = games.load("hex", size=n)
    state = game.play_line(["b2", "a5", "c3", "c2"])
    colour = kernel.board_colours(n, *state.boards)
    reply = kernel.bridge_reply(colour, kernel.bridge_table(n), game.parse_move(game.initial_state(), "c2"), 1)
    assert game.format_move(state, reply) == "b3"
    template = game.play_line(["b3", "e5", "e4"])  # Blue b3: edge template with carrier a3, a4
    colour = kernel.board_colours(n, *template.boards)
    colour[game.parse_move(template, "a3")] = 2  # Red intrudes at a3
    reply = kernel.bridge_reply(colour, kernel.bridge_table(n), game.parse_move(template, "a3"), 1)
    assert game.format_move(template, reply) == "a4"


def test_pattern_priors_rank_the_bridge_shapes():
    """Blue b2 and c3 (bridge, carrier b3 and c2), Red's c2 intrudes: b3 saves it (the best prior);
    with c2 empty, b3 only fills Blue's own carrier (the worst); Blue d4 would make a bridge to c3;
    a second-row cell is no bridge by its edge template alone."""
    n = 5
    game = games.load("hex", size=n)
    tables = kernel.neighbours(n), kernel.bridge_table(n), kernel.partner_table(n)

    def rate(state, name: str, own: int) -> float:
        colour = kernel.board_colours(n, *state.boards)
        return kernel.prior(colour, n, *tables, game.parse_move(state, name), own)

    intruded = game.play_line(["b2", "a5", "c3", "c2"])
    assert rate(intruded, "b3", 1) == kernel.PRIOR_SAVE
    assert rate(intruded, "b3", 2) == kernel.PRIOR_CUT
    intact = game.play_line(["b2", "a5", "c3"])
    assert rate(intact, "b3", 1) == kernel.PRIOR_FILL
    assert rate(intact, "d4", 1) == kernel.PRIOR_BRIDGE
    assert rate(intact, "e1", 1) == kernel.PRIOR_EDGE_ROW
    assert rate(intact, "c4", 1) == kernel.PRIOR_NEAR  # next to c3 (d3 would be the edge template)
    assert rate(game.play_line(["a1"]), "c4", 2) == kernel.PRIOR_FAR  # a template to Red's edge, nothing else


def test_the_partner_table_holds_each_bridge_from_both_ends():
    for n in (3, 5, 8):
        table = kernel.partner_table(n)
        for cell in range(n * n):
            for end, a, b in table[cell]:
                if end < 0 or end >= n * n:
                    continue
                assert (cell, a, b) in {tuple(row) for row in table[end]}
                assert {a, b} <= set(kernel.neighbours(n)[cell]) & set(kernel.neighbours(n)[end])


# -- the tree -------------------------------------------------------------------------------------
def new_root(state, knowledge: bool):
    n = state.game.size
    tree = kernel.new_tree(64, 64 * n * n)
    nodes, edges = tree[0], tree[1]
    root = kernel.new_root(tree, kernel.board_colours(n, *state.boards), n, state.to_move, knowledge)
    first, count = nodes[root, kernel.N_FIRST], nodes[root, kernel.N_COUNT]
    moves = {int(m) for m in edges[first:first + count, kernel.E_MOVE]}
    return nodes[root], moves


def test_a_new_node_has_the_legal_moves_and_the_proofs_of_the_reference():
    rng = random.Random(27)
    checked = 0
    for _ in range(400):
        n = rng.randint(3, 9)
        game, state = random_position(rng, n)
        if state.is_terminal():
            continue
        legal = set(state.legal_moves()) - {SWAP}
        row, moves = new_root(state, knowledge=False)
        assert moves == legal and row[kernel.N_PROVEN] == 0
        row, moves = new_root(state, knowledge=True)
        ref = make_node(game.geo, list(state.boards), state.to_move, random.Random(1))
        assert row[kernel.N_PROVEN] == (ref.proven or 0)
        if ref.proven == 1:  # a win in one: some winning cell, no moves to search
            after = state.play(int(row[kernel.N_MOVE]))
            assert after.winner() == state.to_move and moves == set()
        elif len(ref.moves) == 1:  # the opponent threatens: the block (or one of two) is the only move
            assert moves == {ref.moves[0]} or (ref.proven == -1 and len(moves) == 1)
        else:
            assert moves == set(ref.moves) == legal
        checked += 1
    assert checked > 300


# -- the search -----------------------------------------------------------------------------------
def tactical_positions(rng: random.Random, want: str, count: int):
    """Random positions on 5x5 .. 7x7 where the mover can win at once ("win"), or cannot but the
    opponent has exactly one winning cell ("block"); with the answer's cells."""
    found = 0
    while found < count:
        n = rng.randint(5, 7)
        game, state = random_position(rng, n, rng.randint(n, n * n - 2))
        if state.is_terminal():
            continue
        side = state.to_move
        empty = game.geo.full & ~(state.boards[0] | state.boards[1])
        mine = reference_winning_cells(game.geo, state.boards[side], side, empty)
        theirs = reference_winning_cells(game.geo, state.boards[1 - side], 1 - side, empty)
        if want == "win" and mine:
            yield state, {i for i in range(n * n) if mine >> i & 1}
        elif want == "block" and not mine and theirs and not theirs & (theirs - 1):
            yield state, {theirs.bit_length() - 1}
        else:
            continue
        found += 1


@pytest.mark.parametrize("level", ["level-4", "level-5"])
@pytest.mark.parametrize("want", ["win", "block"])
def test_mcts_takes_a_win_in_one_and_blocks_one(level, want):
    rng = random.Random(28 if want == "win" else 29)
    player = ai.make_player("hex", level, seed=4)
    for state, answers in tactical_positions(rng, want, 25):
        assert player.choose(state, Limits(iterations=100)) in answers, state.game.to_text(state)


def test_mcts_results_are_legal_and_report_a_win_rate():
    rng = random.Random(30)
    for level in ("level-3", "level-4", "level-5", "hex:uct"):
        player = ai.make_player("hex", level, seed=5)
        for _ in range(6):
            game, state = random_position(rng, rng.choice((5, 8, 11)), rng.randint(0, 12))
            if state.is_terminal():
                continue
            reports = []
            move = player.choose(state, Limits(iterations=300), reports.append)
            assert move in state.legal_moves()
            final = reports[-1]
            assert final.done and final.best_move == move
            assert 0.0 <= final.score <= 1.0
            assert final.pv[0] == move and final.nodes <= 300
            assert final.kind in ("mcts", "solver", "rule", "book")  # level-5 knows solved openings


def test_the_tree_is_carried_to_the_next_move():
    game = games.load("hex", size=7)
    searcher = HexSearcher(seed=6)
    state = game.play_line(["d4"])
    first = search(searcher, state, Limits(iterations=2000))
    assert len(first.pv) >= 2
    after = state.play(first.pv[0]).play(first.pv[1])
    searcher.start(after, Limits(iterations=100))
    nodes, edges, _, _ = searcher.tree
    assert searcher.root > 0
    row = nodes[searcher.root]
    assert row[kernel.N_PLAYER] == after.to_move
    moves = {int(m) for m in edges[row[kernel.N_FIRST]:row[kernel.N_FIRST] + row[kernel.N_COUNT], kernel.E_MOVE]}
    assert moves <= set(after.legal_moves())
    assert row[kernel.N_VISITS] > 0  # it comes with the playouts already made below it
    unrelated = game.play_line(["a1", "b2"])
    searcher.start(unrelated, Limits(iterations=100))
    assert searcher.root == 0 and searcher.tree[0][0, kernel.N_VISITS] == 0  # a fresh tree


def test_a_stopped_search_still_answers_with_a_legal_move():
    game = games.load("hex", size=11)
    state = game.play_line(["f6", "e7"])
    flag = Flag()
    flag.set()
    player = ai.make_player("hex", "level-5", seed=7)
    assert player.choose(state, Limits(time=5.0, stop=flag)) in state.legal_moves()
    ctl = new_ctl()
    ctl[0] = 1  # CTL_STOP already set: the kernel runs no playout
    searcher = HexSearcher(seed=7)
    searcher.start(state, Limits())
    assert searcher.iterate(1, ctl).best_move in state.legal_moves() and ctl[1] == 0


def test_swap_rule_answers_are_legal():
    game = games.load("hex", size=7, swap=True)
    player = HexMCTSPlayer(ai.catalog("hex")[0], seed=8)
    first = player.choose(game.initial_state(), Limits(iterations=200))
    assert first in range(1, 6)  # the pie opening: a stone on Red's top edge, off the corners
    state = game.initial_state().play(first)
    answer = player.choose(state, Limits(iterations=400))
    assert answer in state.legal_moves()
    strong = game.play_line(["d4"])  # the centre: worth taking over
    assert player.choose(strong, Limits(iterations=2000)) == SWAP


def test_a_nodes_moves_into_dead_and_captured_cells_are_pruned():
    """``prune_inferior`` marks exactly the live moves on the cells fill-in fills (and none when
    that would leave no move), and leaves the board as it was."""
    from ai.kernels import hex_inferior

    rng = random.Random(40)
    pruned = 0
    for _ in range(150):
        game, state = random_position(rng, rng.choice((5, 7, 9)), rng.randint(4, 40))
        if state.is_terminal():
            continue
        n = game.size
        colour = kernel.board_colours(n, *state.boards)
        tree = kernel.new_tree(4, n * n + 1)
        nodes, edges, value, _ = tree
        root = kernel.new_root(tree, colour, n, state.to_move, False, 0)
        first, count = nodes[root, kernel.N_FIRST], nodes[root, kernel.N_COUNT]
        live = {int(edges[e, kernel.E_MOVE]) for e in range(first, first + count) if value[e] >= 0.0}
        filled_marks = np.zeros(n * n, np.int8)
        hex_inferior.fill_in(colour.copy(), n, kernel.neighbours(n), kernel.ring(n), 1, filled_marks)
        filled = {int(c) for c in np.flatnonzero(filled_marks)}
        marked = kernel.prune_inferior(colour, n, kernel.neighbours(n), kernel.ring(n), root, nodes, edges, value,
                                       colour.copy(), np.zeros(n * n, np.int8))
        left = {int(edges[e, kernel.E_MOVE]) for e in range(first, first + count) if value[e] >= 0.0}
        want = live - filled if live - filled else live
        assert left == want and marked == len(live - left), game.to_text(state)
        assert (colour == kernel.board_colours(n, *state.boards)).all()
        pruned += marked > 0
    assert pruned >= 30


@pytest.mark.parametrize("n", [4, 5])
@pytest.mark.parametrize("inferior_at", [0, 8], ids=["all-moves", "inferior-pruned"])
def test_proofs_in_the_tree_agree_with_the_exact_solver(n, inferior_at):
    """Whatever the search proves (the mover wins, with which move; or the mover loses), the
    exact solver confirms; the proofs come from wins in one and double threats moved up the tree."""
    from ai.engines.hex_solver import solver

    rng = random.Random(31 + n)
    sv = solver(n)
    proofs = 0
    for _ in range(60):
        game, state = random_position(rng, n, rng.randint(2, 10) if n == 4 else rng.randint(10, 16))
        if state.is_terminal() or len(state.legal_moves()) < 2:
            continue
        result = search(HexSearcher(seed=9, inferior_at=inferior_at), state, Limits(iterations=3000))
        if result.proven is None:
            continue
        proofs += 1
        assert sv.state_wins(state) == (result.proven == 1), game.to_text(state)
        if result.proven == 1:
            assert not sv.state_wins(state.play(result.best_move)), game.to_text(state)
    assert proofs >= 10


# -- while the kernels compile --------------------------------------------------------------------
@pytest.mark.parametrize("loading", [False, True], ids=["compiling", "loading"])
def test_while_the_windows_worker_compiles_the_kernels_hex_searches_in_python(monkeypatch, loading):
    """The first run after installing: every MCTS level's first search (levels 3 to 5, from the
    first move without the swap rule) waited for its worker's warm-up to compile the search
    kernels, under "Preparing the engine..." (35 s at load 13).  While they compile, a search runs
    in the pure-Python MCTS they replaced, level-4's 300 playouts kept; level-5's first stone and
    its solver of small boards answer as before, without a search; once the kernels are ready,
    every level searches in them again.  So while they load from the cache (``loading``), a wait
    the driver left outside the move's clock."""
    from ai.reference.hex_search import PythonSearcher

    kernels_ready = compiling_from_scratch(monkeypatch, "hex", "search", loading=loading)
    game = games.load("hex", size=7)
    start, past_the_opening = game.initial_state(), game.play_line(["d4", "c5", "e2", "b3"])
    level3, level4, level5 = (ai.make_player("hex", f"level-{k}", seed=1) for k in (3, 4, 5))
    for player, state in ((level3, start), (level3, past_the_opening), (level5, past_the_opening)):
        assert player.choose(state, Limits(time=0.2)) in state.legal_moves()
        assert isinstance(player.searching(), PythonSearcher) and player.last.kind == "mcts"
    assert level4.choose(past_the_opening, Limits()) in past_the_opening.legal_moves()
    assert level4.last.nodes == 300  # LEVEL4_PLAYOUTS, as the kernels play it
    assert level5.choose(start, Limits(time=0.2)) == game.parse_move(start, "d4")  # the centre, unsearched
    four = games.load("hex", size=4).play_line(["b2"])  # a won 4x4 position: the solver's move
    assert level5.choose(four, Limits(time=0.2)) in four.legal_moves() and level5.last.kind == "solver"
    swap_turn = games.load("hex", size=11, swap=True).play_line(["b2"])  # not swapped unsearched
    for player in (level3, level5):
        assert player.choose(swap_turn, Limits(time=0.2)) in swap_turn.legal_moves()
    kernels_ready()  # the warm-up done
    for player in (level3, level4, level5):
        assert isinstance(player.searching(), HexSearcher)
        assert player.choose(past_the_opening, Limits(iterations=200)) in past_the_opening.legal_moves()


def test_level3s_python_stand_in_opens_away_from_the_edges_and_says_an_even_game(monkeypatch):
    """A fresh install's first Hex game (level-3, the default): its plain-UCT stand-in, with the
    1,000 to 2,000 playouts a Python second gives beside the compiler, tried each first move a
    dozen times and chose by chance: k1 or h11 as its first stone, "Blue 94% to win" on a board of
    two stones.  The kernels' level-3 (100,000 playouts) opens near the centre at about 55%."""
    compiling_from_scratch(monkeypatch, "hex", "search")
    n = 11
    state = games.load("hex", size=n).initial_state()
    for seed in range(6):
        level3 = ai.make_player("hex", "level-3", seed=seed)
        row, col = divmod(level3.choose(state, Limits(iterations=1500)), n)
        assert min(row, col, n - 1 - row, n - 1 - col) > 0, f"seed {seed}: an edge cell {row},{col}"
        assert level3.last.score < 0.65


def test_the_python_stand_in_keeps_to_the_drivers_stop_and_playout_budget(monkeypatch):
    """``PythonSearcher.iterate`` runs no playout once the driver's watcher has written the stop
    (a Pause, the move's time up) and no more than the node budget the driver gives it (a capped
    level's playouts), and still names a move.  Its tree of Python objects (8 KB a playout on
    11x11) stops growing at ``TREE_ENTRIES``: a 30 s move would have held gigabytes."""
    from ai.reference import hex_search
    from ai.reference.hex_search import PythonSearcher
    from ai.search.driver import CTL_MAX_NODES, CTL_NODES, CTL_STOP

    state = games.load("hex", size=7).play_line(["d4", "c5"])
    searcher = PythonSearcher(rave=True, bridges=True, seed=1)
    assert searcher.start(state, Limits(time=1.0)) is None
    ctl = new_ctl()
    ctl[CTL_STOP] = 1
    assert searcher.iterate(1, ctl).best_move in state.legal_moves() and ctl[CTL_NODES] == 0
    ctl = new_ctl()
    ctl[CTL_MAX_NODES] = 25
    assert searcher.iterate(1, ctl).best_move in state.legal_moves() and ctl[CTL_NODES] == 25
    monkeypatch.setattr(hex_search, "TREE_ENTRIES", 40 * len(state.legal_moves()))
    assert search(PythonSearcher(rave=True, bridges=True, seed=1), state, Limits(iterations=1000)).nodes == 40


def test_while_the_windows_worker_compiles_the_kernels_a_hex_analysis_searches_in_python(monkeypatch):
    """A fresh install's first Hex analysis (key A) waited for the worker to compile the MCTS's
    kernels, its caption counting "Preparing the engine… 40 s", while every other game's analysis
    and Hex's levels searched in Python.  It now grows the pure-Python tree meanwhile, its values
    reported batch by batch (``PYTHON_BATCH``) with their line, the connection kernels not begun
    meanwhile (compiled beside the MCTS's, they delayed those by a minute); once that tree is full
    it waits for the kernels, and once they are ready it searches in them (``HEX_BATCH``)."""
    from ai import kernels, move_values
    from ai.reference import hex_search

    kernels_ready = compiling_from_scratch(monkeypatch, "hex", "search")
    begun: list[tuple] = []
    monkeypatch.setattr(kernels, "warm_up_in_background", lambda *stages: begun.append(stages))
    state = games.load("hex", size=7).play_line(["d4", "c5"])
    reports: list = []
    values = move_values.analyse(state, "hex", report=reports.append, max_playouts=3 * move_values.PYTHON_BATCH)
    assert values.done and values.nodes == 3 * move_values.PYTHON_BATCH and len(reports) == 3
    assert [r.nodes for r in reports] == [move_values.PYTHON_BATCH * k for k in (1, 2, 3)]  # one tree grown on
    assert set(values.values) <= set(state.legal_moves())
    assert sum(v.visits for v in values.values.values()) == values.nodes
    best = values.best()
    assert best.kind == "mcts" and values.best_line()[0] == best.move and not begun
    monkeypatch.setattr(hex_search, "TREE_ENTRIES", 100 * len(state.legal_moves()))  # full after 100 playouts
    with pytest.raises(AssertionError, match="waited for the kernels"):
        move_values.analyse(state, "hex", max_playouts=3 * move_values.PYTHON_BATCH)
    kernels_ready()  # the warm-up done
    reports.clear()
    values = move_values.analyse(state, "hex", report=reports.append, max_playouts=move_values.HEX_BATCH + 100)
    assert values.done and [r.nodes for r in reports] == [move_values.HEX_BATCH, move_values.HEX_BATCH + 100]


def test_a_hex_analysis_whose_python_tree_is_full_says_why_its_values_stand_still(monkeypatch):
    """Hex's Python analysis tree fills after about 17,000 playouts on 11x11 (15-20 s into a fresh
    install's first analysis); the analysis then waited for the kernels, a minute on a busy
    machine, its last report saying nothing of it.  Before it waits it reports those values once
    more, saying why they stand still (``MoveValues.stopped``: its memory limit); the kernels'
    values after it say nothing of it."""
    from ai import move_values
    from ai.reference import hex_search

    kernels_ready = compiling_from_scratch(monkeypatch, "hex", "search")
    state = games.load("hex", size=7).play_line(["d4", "c5"])
    monkeypatch.setattr(hex_search, "TREE_ENTRIES", 100 * len(state.legal_moves()))  # full after 100 playouts
    reports: list = []

    def report(snapshot) -> None:
        reports.append(snapshot)
        if snapshot.stopped:
            kernels_ready()  # the warm-up ends while the analysis says it waits for it

    move_values.analyse(state, "hex", report=report, max_playouts=100 + move_values.HEX_BATCH)
    assert [(r.nodes, r.stopped) for r in reports] == [(100, ""), (100, "memory-limit"),
                                                       (100 + move_values.HEX_BATCH, "")]
    assert reports[1].values == reports[0].values and not reports[1].done


def test_a_move_the_stand_ins_full_tree_ended_says_why(monkeypatch):
    """On 19x19 a 30 s move of level 5's stand-in came at 19.5 s, its tree at ``TREE_ENTRIES``,
    and nothing said why.  The move's report says it stopped at its memory limit
    (``Progress.stopped``), and so does the report the window gets; a move its budget ended does not."""
    from ai.reference import hex_search
    from ai.reference.hex_search import PythonSearcher
    from ui.worker_jobs import progress_report

    compiling_from_scratch(monkeypatch, "hex", "search")
    game = games.load("hex", size=19)
    state = game.play_line(["j10", "k9"])
    assert search(PythonSearcher(rave=True, bridges=True, seed=1), state, Limits(iterations=40)).stopped == ""
    monkeypatch.setattr(hex_search, "TREE_ENTRIES", 40 * len(state.legal_moves()))
    level5 = ai.make_player("hex", "level-5", seed=1)
    assert level5.choose(state, Limits(time=30.0)) in state.legal_moves()
    assert isinstance(level5.searching(), PythonSearcher)
    assert level5.last.nodes == 40 and level5.last.stopped == "memory-limit"
    assert progress_report(1, game, state, level5.last).stopped == "memory-limit"
