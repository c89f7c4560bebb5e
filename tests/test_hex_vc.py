"""H-search (ai/kernels/hex_vc.py): the classic connections on hand-built positions, and every
VC, SC and mustplay it finds on random small positions checked by the exact solver."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

from ai.engines.hex_solver import Solver as ExactSolver
from ai.kernels import hex as hk
from ai.kernels import hex_vc as vc
from tests.solved_facts import exact_hex_solver

BLUE, RED = 0, 1


def position(rows: list[str]) -> tuple[int, np.ndarray]:
    """Board size and kernel board from rows of B, R and . (no turn-count checks: test shapes)."""
    n = len(rows)
    blue = red = 0
    for r, row in enumerate(rows):
        for c, ch in enumerate(row.split()):
            if ch == "B":
                blue |= 1 << (r * n + c)
            elif ch == "R":
                red |= 1 << (r * n + c)
    return n, hk.board_colours(n, blue, red)


def cells(bits: np.ndarray, n: int) -> set[int]:
    return {i for i in range(n * n) if vc.has_cell(bits, i)}


def carriers(n: int, colour: np.ndarray, side: int, a: int, b: int, kind: str = "vc") -> list[set[int]]:
    """Carriers found between the ends holding cell ``a`` and cell ``b`` (-1, -2: the side's first
    and second edge)."""
    ends, end_of, _, _, v, vn, s, sn, _ = vc.h_search(colour, n, hk.neighbours(n), side, vc.limits(n))
    x = end_of[a] if a >= 0 else -1 - a
    y = end_of[b] if b >= 0 else -1 - b
    slot = vc.pair_slot(x, y, ends)
    sets, count = (v, vn) if kind == "vc" else (s, sn)
    return [cells(sets[slot, k], n) for k in range(count[slot])]


def cell(name: str, n: int) -> int:
    return (int(name[1:]) - 1) * n + ord(name[0]) - ord("a")


def test_bridge_between_two_stones():
    n, colour = position([". . . . .", ". . R . .", ". . . . .", ". R . . .", ". . . . ."])
    found = carriers(n, colour, RED, cell("c2", n), cell("b4", n))
    assert {cell("b3", n), cell("c3", n)} in found
    assert min(len(c) for c in found) == 2


def test_edge_template_two_is_a_bridge_to_the_edge():
    n, colour = position([". . . . .", ". . R . .", ". . . . .", ". . . . .", ". . . . ."])
    found = carriers(n, colour, RED, cell("c2", n), -1)
    assert {cell("c1", n), cell("d1", n)} in found


def test_ziggurat_is_edge_template_three():
    n, colour = position([". . . . .", ". . . . .", ". . R . .", ". . . . .", ". . . . ."])
    found = carriers(n, colour, RED, cell("c3", n), -1)
    ziggurat = {cell(x, n) for x in ("b1", "c1", "d1", "e1", "b2", "c2", "d2", "b3")}
    assert ziggurat in found
    assert min(len(c) for c in found) == 8
    # two disjoint ziggurats: a centre stone on 5x5 joins both edges
    assert carriers(n, colour, RED, -1, -2)


def test_edge_template_four_from_the_fourth_row():
    rows = [". . . . . . . . ."] * 5 + [". . . . R . . . ."] + [". . . . . . . . ."] * 3
    n, colour = position(rows)
    found = carriers(n, colour, RED, cell("e6", n), -2)
    assert found and min(len(c) for c in found) <= 19
    assert not carriers(n, colour, RED, cell("e6", n), -1)  # six rows from the top: too far


def test_intrusion_breaks_the_ziggurat_but_leaves_an_sc():
    n, colour = position([". . . . .", ". . B . .", ". . R . .", ". . . . .", ". . . . ."])
    # Blue on c2 leaves Red the other stepping stone d2 only: a semi-connection, not a full one
    assert not carriers(n, colour, RED, cell("c3", n), -1)
    assert carriers(n, colour, RED, cell("c3", n), -1, "sc")


def unjoined(n: int, blue: int, red: int) -> tuple[int, int, np.ndarray] | None:
    """(blue, red, kernel board), or None if a side has joined its edges."""
    colour = hk.board_colours(n, blue, red)
    if vc.has_won(colour, n, hk.neighbours(n), BLUE) or vc.has_won(colour, n, hk.neighbours(n), RED):
        return None
    return blue, red, colour


def random_position(n: int, stones: int, rng: random.Random) -> tuple[int, int, np.ndarray]:
    """A random position with ``stones`` stones (alternating, Blue first) and nobody joined yet."""
    while True:
        free = list(range(n * n))
        rng.shuffle(free)
        found = unjoined(n, sum(1 << c for c in free[:stones:2][: (stones + 1) // 2]),
                         sum(1 << c for c in free[1:stones:2]))
        if found is not None:
            return found


def check_edge_verdict(exact: ExactSolver, boards: tuple[int, int], side: int, status: int) -> bool:
    """Hold an H-search's verdict on ``side``'s edges to the exact solver: 2 (a VC) means the
    opponent loses even moving first, 1 (an SC) that ``side`` wins moving first; returns whether
    there was a verdict to check."""
    if status == 2:
        assert not exact.wins(boards[1 - side], boards[side], 1 - side)
    elif status == 1:
        assert exact.wins(boards[side], boards[1 - side], side)
    return status > 0


@pytest.mark.parametrize("n,stones", [(4, 2), (4, 5), (4, 8), (5, 12)])
def test_connections_agree_with_the_exact_solver(n, stones):
    """A side whose edges have a VC wins even moving second; with an SC it wins moving first; a
    move outside the mover's mustplay loses."""
    rng = random.Random(n * 100 + stones)
    exact = exact_hex_solver(n)
    nbrs = hk.neighbours(n)
    lim = vc.limits(n)
    checked = 0
    for _ in range(25):
        blue, red, colour = random_position(n, stones, rng)
        boards = (blue, red)
        for side in (BLUE, RED):
            out = np.zeros(vc.words(n), np.uint64)
            status = vc.edge_status(colour, n, nbrs, side, lim, out)
            checked += check_edge_verdict(exact, boards, side, status)
            must = vc.mustplay(colour, n, nbrs, side, lim, out)
            if must == -1:
                assert not exact.wins(boards[side], boards[1 - side], side)
            elif must == 1:
                empty = ((1 << n * n) - 1) & ~(blue | red)
                for c in range(n * n):
                    if empty >> c & 1 and not vc.has_cell(out, c):
                        mine = boards[side] | 1 << c
                        assert exact.wins(boards[1 - side], mine, 1 - side), "a move outside the mustplay must lose"
    assert checked > 0


def test_sc_keys_win():
    n, colour = position([". . . . .", ". . . . .", ". . . . .", ". . . . .", ". . . . ."])
    out = np.empty(n * n, np.int32)
    count = vc.sc_keys(colour, n, hk.neighbours(n), BLUE, vc.limits(n), out)
    assert cell("c3", n) in set(out[:count].tolist())


@pytest.mark.parametrize("seed", range(6))
def test_or_rule_finds_every_small_union_of_scs_with_no_common_cell(seed):
    """The OR rule (with its pruning of branches that cannot end empty) against every subset of
    SCs that holds the new one: each subset of up to ``max_or`` carriers with no common cell and a
    union within the size cap has a VC inside its union, and every VC kept is such a union."""
    rng = random.Random(seed)
    cells, count, max_or, cap = 24, 12, 4, 14
    lim = vc.limits(7, max_carrier=cap, max_vc=64, max_sc=count, max_or=max_or)
    sc = np.zeros((1, count, 1), np.uint64)
    carriers_ = []
    for k in range(count):
        chosen = rng.sample(range(cells), rng.randrange(2, 7))
        carriers_.append(frozenset(chosen))
        sc[0, k, 0] = sum(1 << c for c in chosen)
    new = rng.randrange(count)
    found = np.zeros((1, 64, 1), np.uint64)
    found_n = np.zeros(1, np.int32)
    stacks = (np.zeros((max_or + 1, 1), np.uint64), np.zeros((max_or + 1, 1), np.uint64), np.zeros(max_or + 1, np.int64))
    vc.or_rule(found, found_n, np.zeros((1, 64), np.int32), sc, np.array([count], np.int32), 0, new, 1, lim,
               *stacks, np.zeros((count + 1, 1), np.uint64))
    kept = [frozenset(c for c in range(cells) if int(found[0, k, 0]) >> c & 1) for k in range(found_n[0])]
    others = [k for k in range(count) if k != new]
    unions = []
    for size in range(1, max_or):
        for group in itertools.combinations(others, size):
            members = [carriers_[new]] + [carriers_[k] for k in group]
            union = frozenset().union(*members)
            if not frozenset.intersection(*members) and len(union) <= cap:
                unions.append(union)
    assert unions, "the seed should give the rule something to find"
    assert all(any(k <= u for k in kept) for u in unions)
    assert all(k in unions for k in kept)


def grown(n: int, blue: int, red: int, rng: random.Random, stones: int):
    """The position with ``stones`` more stones, alternately Blue's and Red's, on random empty
    cells; None if a side has then joined its edges."""
    free = [c for c in range(n * n) if not (blue | red) >> c & 1]
    rng.shuffle(free)
    for i, c in enumerate(free[:stones]):
        if i % 2 == 0:
            blue |= 1 << c
        else:
            red |= 1 << c
    return unjoined(n, blue, red)


def updated_search_verdicts(n: int, stones: int, more: int) -> list[tuple[tuple[int, int], int, int]]:
    """The edge verdicts (boards, side, status as ``check_edge_verdict`` takes it) of H-search
    carried over from a random position to one with ``more`` stones (``h_search_update``), two a
    position (Blue's, Red's; status 0: no verdict), on random positions until 30 verdicts say
    something (the pure-Python solver takes up to 2 s on one 5x5 position)."""
    rng = random.Random(n * 1000 + stones * 10 + more)
    nbrs = hk.neighbours(n)
    lim = vc.limits(n)
    verdicts, claims = [], 0
    for _ in range(40):
        blue, red, before = random_position(n, stones, rng)
        after = grown(n, blue, red, rng, more)
        if after is None:
            continue
        new_blue, new_red, colour = after
        for side in (BLUE, RED):
            old = vc.h_search(before, n, nbrs, side, lim)
            ends, _, _, _, _, vn, _, sn, _ = vc.h_search_update(colour, n, nbrs, side, lim, before, *old)
            slot = vc.pair_slot(0, 1, ends)
            verdicts.append(((new_blue, new_red), side, 2 if vn[slot] > 0 else 1 if sn[slot] > 0 else 0))
            claims += verdicts[-1][2] > 0
        if claims >= 30:
            break
    return verdicts


@pytest.mark.parametrize("part", [0, 1])
@pytest.mark.parametrize("n,stones,more", [(4, 2, 2), (4, 4, 3), (5, 6, 2), (5, 10, 4)])
def test_an_updated_search_proves_only_what_is_true(n, stones, more, part):
    """H-search carried over from an earlier position with fewer stones (``h_search_update``):
    a VC between the edges means its side wins moving second, an SC moving first, by the exact
    solver.  The positions are checked in two parts, every other one with both its sides' verdicts
    (their searches share the solver's table): the parts run side by side on two cores."""
    verdicts = updated_search_verdicts(n, stones, more)
    assert sum(status > 0 for _boards, _side, status in verdicts) >= 10
    exact = exact_hex_solver(n)
    for boards, side, status in verdicts[2 * part::4] + verdicts[2 * part + 1::4]:
        check_edge_verdict(exact, boards, side, status)


def minimal(carriers: list[int]) -> set[int]:
    """The carriers (as ints) that hold no other one of the list: a pair's store may keep a
    superset beside its subset, which says nothing more."""
    return {c for c in carriers if not any(d != c and d & c == d for d in carriers)}


def test_an_update_with_no_new_stone_keeps_every_connection():
    """The same board again: the same ends and the same connections (up to carriers that
    contain another of the same pair)."""
    rng = random.Random(5)
    n = 5
    nbrs = hk.neighbours(n)
    lim = vc.limits(n)
    for _ in range(10):
        _, _, colour = random_position(n, 6, rng)
        for side in (BLUE, RED):
            old = vc.h_search(colour, n, nbrs, side, lim)
            new = vc.h_search_update(colour, n, nbrs, side, lim, colour.copy(), *old)
            ends = old[0]
            assert new[0] == ends and (new[1] == old[1]).all()
            for sets, counts in ((4, 5), (6, 7)):
                for slot in range(ends * ends):
                    found = [int(old[sets][slot, k][0]) for k in range(old[counts][slot])]
                    kept = [int(new[sets][slot, k][0]) for k in range(new[counts][slot])]
                    assert minimal(kept) == minimal(found)


def test_playing_the_common_cell_of_two_semi_connections_makes_a_virtual_one():
    """Blue's stone on c3 alone: c3 to the right edge is then joined; an update after Blue plays
    the cell two SCs share sees the VC the fresh search sees."""
    n, before = position([". . . . .", ". . . . .", ". . B . .", ". . . . .", ". . . . ."])
    _, colour = position([". . . . .", ". . . . .", ". . B B .", ". . . . .", ". . . . ."])
    nbrs = hk.neighbours(n)
    lim = vc.limits(n)
    fresh = vc.h_search(colour, n, nbrs, BLUE, lim)
    updated = vc.h_search_update(colour, n, nbrs, BLUE, lim, before, *vc.h_search(before, n, nbrs, BLUE, lim))
    for result in (fresh, updated):
        ends, end_of, _, _, _, vn, _, sn, _ = result
        assert vn[vc.pair_slot(0, 1, ends)] > 0  # the two stones reach both edges by templates


def test_an_update_from_a_board_that_is_not_earlier_searches_from_scratch():
    """A stone of the earlier board gone or changed (an undo, another game): the result is the
    fresh search's."""
    n, before = position([". . . . .", ". R . . .", ". . B . .", ". . . . .", ". . . . ."])
    _, colour = position([". . . . .", ". . . . .", ". . B B .", ". . . R .", ". . . . ."])
    nbrs = hk.neighbours(n)
    lim = vc.limits(n)
    for side in (BLUE, RED):
        fresh = vc.h_search(colour, n, nbrs, side, lim)
        updated = vc.h_search_update(colour, n, nbrs, side, lim, before, *vc.h_search(before, n, nbrs, side, lim))
        assert updated[0] == fresh[0] and (updated[5] == fresh[5]).all() and (updated[7] == fresh[7]).all()


def test_the_warm_up_prepares_every_kernel_the_root_analysis_calls():
    """Level-5's root analysis updates its last search from its second move on: a kernel that the
    warm-up left out would be compiled in the middle of a game (seconds without the analysis)."""
    vc.warm_up()
    for kernel in (vc.h_search, vc.h_search_update, vc.mustplay, vc.sc_keys):
        assert kernel.signatures, f"{kernel.__name__} is not compiled by hex_vc.warm_up"
