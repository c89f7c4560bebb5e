"""The loser's hardest reply, in-game (ai/engines/rastros_solver.py) and in the book (tools/rastros_book.py).

Hardest: after it the winner has the fewest winning moves (one: a single slip gives the win away;
a win in one, the own goal next to the piece, counts as the most), then the longest game.
- the solver's winning-move count against plain minimax over the game's own states;
- the solver's choice in lost positions (5x5, 6x6, small 8x8 regions) among the replies brute force
  ranks hardest, with the game length that reply really has;
- the 7x7 book: its tree rebuilt from the book itself, each lost position's book reply is the one
  with the most single-winning-move winner positions under it (then the most winner positions),
  each winner position's winning moves as a fresh run of the book tool counted them;
- every book move, winner's and loser's, is legal in the position it is stored for.
"""

from __future__ import annotations

import numpy as np
import pytest

import games
from ai.engines import rastros_book as book
from ai.engines.rastros_solver import TRIVIAL, Solver, winning_move_count
from ai.kernels import rastros as kernel
from ai.search.driver import new_ctl
from games.rastros import bits
from tests.rastros_book_run import made_7x7_book, winning_move_counts
from tests.solved_facts import shared_folder
from tests.test_rastros import minimax_length
from tests.test_rastros_kernel import random_states


def own_goal(state) -> int:
    return state.game.goal_south if state.to_move == 0 else state.game.goal_north


def winning_moves_by_minimax(state) -> int:
    """The mover's winning moves, by plain minimax (TRIVIAL when the own goal is next to the piece)."""
    if own_goal(state) in state.legal_moves():
        return TRIVIAL
    count = 0
    for move in state.legal_moves():
        child = state.play(move)
        count += child.winner() == state.to_move if child.is_terminal() else not minimax_length(child)[0]
    return count


def hardest_replies(state) -> set[int]:
    """A lost mover's replies the rule allows: fewest winning moves for the winner after it (a reply
    that ends the game counts TRIVIAL + 1; one after which every move of the winner wins, TRIVIAL),
    then the longest game."""
    scored = {}
    for move in state.legal_moves():
        child = state.play(move)
        if child.is_terminal():
            scored[move] = (TRIVIAL + 1, -1)
        else:
            count = winning_moves_by_minimax(child)
            if count == len(child.legal_moves()):
                count = TRIVIAL
            scored[move] = (count, -(minimax_length(child)[1] + 1))
    best = min(scored.values())
    return {move for move, score in scored.items() if score == best}


def positions(n: int, count: int, max_region: int):
    return random_states(n, count, seed=900 + n, max_region=max_region)


@pytest.mark.parametrize("n", (5, 6, 8))
def test_winning_move_count_agrees_with_minimax(n):
    b, solver, ctl = kernel.board(n), Solver(n, table_bits=16), new_ctl()
    for state, region in positions(n, 30, max_region=12):
        count = winning_move_count(b, solver.table.table, solver.table.work, state.white, region,
                                   state.to_move, ctl, 0)
        assert count == winning_moves_by_minimax(state), games.load("rastros", size=n).to_text(state)


@pytest.mark.parametrize("n", (5, 6, 8))
def test_solver_plays_the_hardest_reply_when_lost(n):
    solver, ctl = Solver(n, table_bits=16), new_ctl()
    lost = 0
    for state, region in positions(n, 60, max_region=12):
        won, _ = minimax_length(state)
        if won:
            continue
        lost += 1
        move, plies, length = solver.best_move(state.white, region, state.to_move, False, ctl)
        assert length == minimax_length(state)[1]
        assert move in hardest_replies(state), games.load("rastros", size=n).to_text(state)
        child = state.play(move)
        assert plies == (1 if child.is_terminal() else minimax_length(child)[1] + 1)
    assert lost >= 10


def test_the_loser_does_not_shorten_its_loss_for_the_winners_only_move():
    """North loses in 18 at best (6-2 or 6-3); 8-4 loses in 4, South's only move 8-3 following.
    An only move counted as the hardest (one winning move: "one slip and the win is gone"), so
    level-5 gave up 14 plies for a slip that cannot happen, and the side panel's "South wins in 18"
    became "South wins in 2" two moves later."""
    game = games.load("rastros")
    line = ("4-6 5-6 5-7 6-8 5-8 4-8 3-7 4-7 3-6 2-6 1-5 2-4 3-5 3-4 4-4 5-5 5-4 6-5 6-6 "
            "6-7 7-8 8-8 7-7 8-7 7-6 8-6 8-5 7-5 6-4 7-4 7-3")
    state = game.play_line(line.split())
    b, solver, ctl = kernel.board(8), Solver(8, table_bits=18), new_ctl()
    region = np.uint64(kernel.flood(b, state.white, np.uint64(state.free)))
    move, plies, length = solver.best_move(state.white, region, state.to_move, False, ctl)
    assert game.format_move(state, move) in ("6-2", "6-3") and plies == length == 18


def test_a_count_cut_off_by_the_budget_is_reported():
    """On the 8x8 start a count cannot finish in a handful of nodes: None (best_move then falls
    back to the longest loss)."""
    state = games.load("rastros").play_line(["5-4"])
    b, solver, ctl = kernel.board(8), Solver(8, table_bits=16), new_ctl()
    region = np.uint64(kernel.flood(b, state.white, np.uint64(state.free)))
    assert solver.winner_counts(state.white, region, 0, [3 * 8 + 3], ctl, 50) is None


def book_tree_scores(n: int, counts: dict[book.Key, int]):
    """Rebuild the book's tree from its own entries, as the generator walks it: the entries
    (stored key -> (move, the mover wins)), each winner position's score ((single-winning-move
    positions, winner positions) in its subtree, itself included) and the single-move positions.
    ``counts``: each winner position's winning moves, 1 when the book's move is the only one
    (``winning_move_count(..., enough=2, known=move)``, as tools/rastros_book.py's hardness pass
    counts them)."""
    b, stored = kernel.board(n), book.load(n)
    budget = int(stored.figures["in_game_budget"])
    small = kernel.SolverTable(18)
    entries = {}
    for region, code in zip(stored.region.tolist(), stored.code.tolist()):
        key = (code & book.PIECE_MASK, int(region), code >> book.SIDE_SHIFT & 1)
        entries[key] = (code >> book.MOVE_SHIFT & book.PIECE_MASK, bool(code >> book.WIN_SHIFT & 1))
    scores: dict[tuple[int, int, int], tuple[int, int]] = {}
    uniques = set()

    def stored_key(piece: int, region: int, side: int) -> tuple[int, int, int]:
        k = book.book_key(n, piece, region, side)
        return k.piece, k.region, k.side

    def winner_score(key) -> tuple[int, int]:
        if key not in entries:
            return 0, 0
        if key not in scores:
            piece, region, side = key
            move = entries[key][0]
            unique = counts[book.Key(region, piece, side, False)] == 1
            lost = int(kernel.flood(b, move, np.uint64(region & ~(1 << move))))
            below = (0, 0)
            small.clear()
            ends = move == int(b.goal[side]) or not int(b.nbr[move]) & lost & ~int(b.forbid[1 - side])
            if not ends and kernel.solve_win(b, small.table, small.work, move, np.uint64(lost), 1 - side,
                                             new_ctl(), budget) == kernel.ABORTED:
                below = lost_score(stored_key(move, lost, 1 - side))
            scores[key] = (int(unique) + below[0], 1 + below[1])
            if unique:
                uniques.add(key)
        return scores[key]

    def lost_score(key) -> tuple[int, int]:
        piece, region, side = key
        total = (0, 0)
        for q in bits(int(b.nbr[piece]) & region & ~int(b.forbid[side])):
            s = winner_score(stored_key(q, int(kernel.flood(b, q, np.uint64(region & ~(1 << q)))), 1 - side))
            total = (total[0] + s[0], total[1] + s[1])
        return total

    for key, (_, won) in entries.items():
        if won:
            winner_score(key)
    return entries, scores, uniques


def assert_counts_agree_with_a_recount(b, entries, counts: dict[book.Key, int], every: int = 8) -> None:
    """The tool's counts are its own calls of ``winning_move_count``: every ``every``-th winner
    position (in key order, both counts among them) is counted again here, so counts the tool got
    wrong (a move, side or region passed amiss) are caught without recounting all of them."""
    big, ctl = kernel.SolverTable(22), new_ctl()
    keys = sorted(counts, key=lambda k: (k.region, k.piece, k.side))
    checked = keys[::every]
    for key in checked:
        move = entries[(key.piece, key.region, key.side)][0]
        again = winning_move_count(b, big.table, big.work, key.piece, np.uint64(key.region), key.side, ctl, 0,
                                   enough=2, known=move)
        assert again == counts[key], (key, again, counts[key])


def test_7x7_book_loser_moves_are_the_hardest(tmp_path_factory):
    """Each winner position's winning moves are those a fresh run of the book tool counted
    (tests/rastros_book_run.py: the run tests/test_rastros_book.py compares with the shipped book),
    all of them settled, and a sample of them counted again here (``assert_counts_agree_with_a_recount``)."""
    from tools.rastros_book import UNKNOWN

    n = 7
    b = kernel.board(n)
    counts = winning_move_counts(made_7x7_book(shared_folder(tmp_path_factory)))
    entries, scores, uniques = book_tree_scores(n, counts)
    assert {(key.piece, key.region, key.side) for key in counts} == {key for key, (_, won) in entries.items() if won}
    assert UNKNOWN not in counts.values()
    assert_counts_agree_with_a_recount(b, entries, counts)
    figures = book.load(n).figures
    assert len(uniques) == int(figures["unique_win_positions"]) > 0
    checked = 0
    for (piece, region, side), (move, won) in entries.items():
        if won:
            continue
        options = {}
        for q in bits(int(b.nbr[piece]) & region & ~int(b.forbid[side])):
            k = book.book_key(n, q, int(kernel.flood(b, q, np.uint64(region & ~(1 << q)))), 1 - side)
            options[q] = scores.get((k.piece, k.region, k.side), (0, 0))
        assert options[move] == max(options.values()), (piece, region, side)
        checked += 1
    assert checked == int(figures["loser_positions"])


@pytest.mark.parametrize("n", (7, 8))
def test_every_book_move_is_legal_where_it_is_stored(n):
    stored = book.load(n)
    if stored is None:
        pytest.skip(f"no {n}x{n} book")
    nbr = kernel.board(n).nbr
    for region, code in zip(stored.region.tolist(), stored.code.tolist()):
        piece, move = code & book.PIECE_MASK, code >> book.MOVE_SHIFT & book.PIECE_MASK
        assert (int(nbr[piece]) & int(region)) >> move & 1, (piece, region, code)
