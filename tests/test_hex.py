"""Hex: win detection against a plain flood fill, the swap rule, notation, small-board facts.

Facts come from the rules document (shared/rules/tictactoe-hex.md, computed with MoHex's
solver and transposed to our orientation): Blue's winning first moves on 3x3 and 4x4.  A plain
set-based flood fill and a plain memoised minimax, written here from the rules alone, are the
independent references for the bitboard code and the solver.
"""

from __future__ import annotations

import random
from functools import cache

import pytest

import ai
import games
from ai.base import Limits
from ai.engines.hex_knowledge import centre_cell, hex_distance, strong_opening, warm_up
from ai.engines.hex_solver import Solver, solver
from games import IllegalMove
from games.grid import permute_bits
from games.hex import BLUE, RED, SWAP
from games.move_list import record_from_move_list

# shared/rules/tictactoe-hex.md: "Blue's winning first moves are exactly ..."
WINNING_OPENINGS = {
    3: {"a3", "b1", "b2", "b3", "c1"},
    4: {"a4", "b3", "c2", "d1"},
}
STEPS = ((0, -1), (0, 1), (-1, 0), (1, 0), (-1, 1), (1, -1))  # (dr, dc), from the rules


def plain_connected(n: int, stones: set[tuple[int, int]], side: int) -> bool:
    """Breadth-first search over (row, col) cells: Blue joins columns 0 and n-1, Red rows."""
    if side == BLUE:
        start = [(r, 0) for r in range(n) if (r, 0) in stones]
        done = lambda cell: cell[1] == n - 1  # noqa: E731
    else:
        start = [(0, c) for c in range(n) if (0, c) in stones]
        done = lambda cell: cell[0] == n - 1  # noqa: E731
    seen, todo = set(start), list(start)
    while todo:
        r, c = todo.pop()
        if done((r, c)):
            return True
        for dr, dc in STEPS:
            nxt = (r + dr, c + dc)
            if nxt in stones and nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return False


def cells_of(bits: int, n: int) -> set[tuple[int, int]]:
    return {divmod(i, n) for i in range(n * n) if bits >> i & 1}


def random_board(rng: random.Random, n: int, full: bool) -> tuple[int, int]:
    blue = red = 0
    empty_share = 0.0 if full else rng.random()
    for i in range(n * n):
        x = rng.random()
        if x < empty_share:
            continue
        if rng.random() < 0.5:
            blue |= 1 << i
        else:
            red |= 1 << i
    return blue, red


# -- winner detection ---------------------------------------------------------------------------
@pytest.mark.parametrize("full", [True, False], ids=["full", "partial"])
def test_connection_matches_a_plain_flood_fill_on_random_boards(full):
    rng = random.Random(5 if full else 6)
    for k in range(2000):
        n = 19 if k % 50 == 0 else rng.randint(3, 11)
        game = games.load("hex", size=n)
        blue, red = random_board(rng, n, full)
        b = plain_connected(n, cells_of(blue, n), BLUE)
        r = plain_connected(n, cells_of(red, n), RED)
        assert game.geo.connects(blue, BLUE) == b
        assert game.geo.connects(red, RED) == r
        assert not (b and r), "both sides cannot be connected"
        if full:
            assert b != r, "a full board has exactly one winner"
            assert game.board_winner(blue, red) == (BLUE if b else RED)


def test_winner_after_every_move_matches_a_plain_flood_fill():
    rng = random.Random(7)
    for k in range(300):
        n = rng.choice((3, 4, 5, 7, 11, 19 if k % 20 == 0 else 9))
        game = games.load("hex", size=n)
        state = game.initial_state()
        while True:
            blue, red = state.boards
            b = plain_connected(n, cells_of(blue, n), BLUE)
            r = plain_connected(n, cells_of(red, n), RED)
            expected = BLUE if b else RED if r else None
            assert state.winner() == expected
            assert state.is_terminal() == (expected is not None)
            if state.is_terminal():
                assert state.legal_moves() == []
                assert game.from_text(game.to_text(state)).winner() == expected
                break
            state = state.play(rng.choice(state.legal_moves()))


def test_winning_chain_is_a_chain_of_the_winner_from_edge_to_edge():
    rng = random.Random(8)
    for _ in range(200):
        n = rng.randint(3, 13)
        game = games.load("hex", size=n)
        state = game.initial_state()
        while not state.is_terminal():
            state = state.play(rng.choice(state.legal_moves()))
        chain = [divmod(i, n) for i in state.winning_chain()]
        w = state.winner()
        assert all(state.stone_at(r * n + c) == w for r, c in chain)
        for (r1, c1), (r2, c2) in zip(chain, chain[1:]):
            assert (r2 - r1, c2 - c1) in STEPS
        ends = (chain[0][1], chain[-1][1]) if w == BLUE else (chain[0][0], chain[-1][0])
        assert ends == (0, n - 1)
        assert state.end_reason() == ("Blue connected left and right" if w == BLUE else "Red connected top and bottom")


def test_a_won_position_from_text():
    game = games.load("hex", size=3)
    state = game.from_text("to-move: Red\nR . .\n B B B\n  . . R")
    assert state.is_terminal() and state.winner() == BLUE
    assert [game.format_move(state, i) for i in state.winning_chain()] == ["a2", "b2", "c2"]
    assert state.end_reason() == "Blue connected left and right"
    with pytest.raises(IllegalMove):
        game.from_text("to-move: Blue\nR R .\n B B B\n  . . R")  # the winner cannot be to move


# -- notation and text ------------------------------------------------------------------------
def test_cell_names_follow_column_letter_row_number():
    game = games.load("hex", size=19)
    state = game.initial_state()
    assert game.format_move(state, 0) == "a1"
    assert game.format_move(state, 18) == "s1"
    assert game.format_move(state, 19) == "a2"
    assert game.parse_move(state, "S19") == 360
    for bad in ("t1", "a20", "swap", "a0"):
        with pytest.raises(IllegalMove):
            game.parse_move(state, bad)
    with pytest.raises(IllegalMove, match="taken"):
        game.parse_move(state.play(0), "a1")


def test_position_text_round_trip_and_checks():
    game = games.load("hex", size=4)
    state = game.play_line(["b2", "c3", "a4"])
    text = game.to_text(state)
    assert text.splitlines()[0] == "to-move: Red"
    assert game.from_text(text) == state
    assert game.from_text(text.replace(" ", "")) == state
    with pytest.raises(IllegalMove):
        game.from_text("to-move: Blue\nBBB.\n....\n....\n....")  # 3 Blue, 0 Red
    with pytest.raises(IllegalMove):
        game.from_text("to-move: Blue\nB...\n....\n....\n....")  # Red is to move
    with pytest.raises(IllegalMove):
        game.from_text("B..\n...\n...")  # a 3x3 board for a 4x4 game


# -- the swap rule ----------------------------------------------------------------------------
def test_swap_mirrors_blues_first_stone_into_a_red_stone():
    game = games.load("hex", size=5, swap=True)
    start = game.initial_state()
    assert SWAP not in start.legal_moves()
    after_c1 = game.play_line(["c1"])
    assert after_c1.can_swap() and SWAP in after_c1.legal_moves()
    assert game.parse_move(after_c1, "swap") == SWAP
    assert game.format_move(after_c1, SWAP) == "swap"
    swapped = after_c1.play(SWAP)
    assert swapped.to_move == BLUE
    assert swapped.boards[BLUE] == 0
    assert swapped.stone_at(game.parse_move(start, "a3")) == RED  # c1 = (row 1, col c) -> (row 3, col a)
    assert SWAP not in swapped.legal_moves()
    assert game.from_text(game.to_text(swapped)) == swapped
    later = swapped.play(game.parse_move(swapped, "b2"))
    assert game.from_text(game.to_text(later)) == later  # equal counts, Red to move: the header says
    assert SWAP not in later.legal_moves()
    assert SWAP not in game.play_line(["c1", "d4"]).legal_moves()
    with pytest.raises(IllegalMove):
        game.play_line(["c1", "d4"]).play(SWAP)


def test_a_state_knows_whether_its_swap_was_played_along_any_game():
    """``swapped`` is read off the stone counts alone: checked against the moves that made each
    position, in random games with and without the swap (on boards from 3 to 7)."""
    import random

    for seed in range(60):
        rng = random.Random(seed)
        game = games.load("hex", size=rng.randint(3, 7), swap=True)
        state, played_swap = game.initial_state(), False
        while not state.is_terminal():
            assert state.swapped() == played_swap
            moves = state.legal_moves()
            move = SWAP if SWAP in moves and rng.random() < 0.5 else rng.choice([m for m in moves if m != SWAP])
            played_swap |= move == SWAP
            state = state.play(move)
        assert state.swapped() == played_swap


def test_swap_is_read_as_hexgui_writes_it():
    """A game copied from HexGui or Benzene writes the swap "swap-pieces" (the same move as ours):
    typed or pasted, it was "not a cell of this board"; it is now the swap."""
    from games.move_list import moves_from_text

    game = games.load("hex", size=5, swap=True)
    after_c1 = game.play_line(["c1"])
    assert game.parse_move(after_c1, "swap-pieces") == game.parse_move(after_c1, "Swap-Pieces ") == SWAP
    pasted = game.play_line(moves_from_text("1. c1 swap-pieces 2. b2"))
    assert pasted == game.play_line(["c1", "swap", "b2"])
    with pytest.raises(IllegalMove):
        game.parse_move(game.play_line(["c1", "d4"]), "swap-pieces")


def test_swap_is_not_offered_without_the_option():
    game = games.load("hex", size=5)
    state = game.play_line(["c3"])
    assert SWAP not in state.legal_moves()
    with pytest.raises(IllegalMove):
        state.play(SWAP)
    with pytest.raises(IllegalMove):
        game.parse_move(state, "swap")


def test_swapping_a_stone_keeps_its_strategic_value():
    """The swapped position is the mirror of the one Red was handed, colours exchanged: a
    winning first move for Blue is a winning swap for Red, and a losing one is a losing swap."""
    for n in (3, 4):
        game = games.load("hex", size=n, swap=True)
        sv = solver(n)
        for cell in range(n * n):
            after = game.initial_state().play(cell)
            blue_wins = game.format_move(after, cell) in WINNING_OPENINGS[n]
            assert sv.state_wins(after.play(SWAP)) == (not blue_wins)  # Blue to move loses iff it won
            assert sv.state_wins(after)  # so with the swap rule Red wins whatever Blue opens with


# -- small-board facts ------------------------------------------------------------------------
@cache
def plain_minimax(n: int, blue: int, red: int, to_move: int) -> bool:
    """Does the side to move win?  Every move tried, the win checked by the plain flood fill."""
    stones = (blue, red)
    mine = stones[to_move]
    for i in range(n * n):
        if (blue | red) >> i & 1:
            continue
        placed = mine | 1 << i
        if plain_connected(n, cells_of(placed, n), to_move):
            return True
        nb, nr = (placed, red) if to_move == BLUE else (blue, placed)
        if not plain_minimax(n, nb, nr, 1 - to_move):
            return True
    return False


@pytest.mark.parametrize("n", [3, 4])
def test_solver_finds_exactly_the_known_winning_openings(n):
    game = games.load("hex", size=n)
    state = game.initial_state()
    wins = solver(n).winning_moves(state)
    assert {game.format_move(state, m) for m in wins} == WINNING_OPENINGS[n]


def test_the_solvers_table_key_is_the_smaller_symmetric_image_of_the_position():
    """The exact solver stores a position once for its four symmetric versions: the key (read byte
    by byte from tables made once per size) is the smaller of the position and its half turn,
    mirrored across the long diagonal first when Red moves; held to those images made cell by cell."""
    rng = random.Random(11)
    for n in (3, 4, 5, 6, 9, 11):
        exact, cells = Solver(n), n * n
        half = [cells - 1 - i for i in range(cells)]
        mirror = [(i % n) * n + i // n for i in range(cells)]
        for _ in range(300):
            blue, red = random_board(rng, n, full=False)
            side = rng.randrange(2)
            me, opp = (blue, red) if side == BLUE else (red, blue)
            if side == RED:
                me, opp = permute_bits(me, mirror), permute_bits(opp, mirror)
            expected = min((me, opp), (permute_bits(me, half), permute_bits(opp, half)))
            assert exact._key(*((blue, red) if side == BLUE else (red, blue)), side) == expected, (n, blue, red, side)


def test_solver_agrees_with_plain_minimax_on_every_3x3_position():
    game = games.load("hex", size=3)
    seen, todo = set(), [game.initial_state()]
    while todo:
        state = todo.pop()
        if state.key() in seen or state.is_terminal():
            continue
        seen.add(state.key())
        assert solver(3).state_wins(state) == plain_minimax(3, *state.boards, state.to_move), game.to_text(state)
        todo.extend(state.play(m) for m in state.legal_moves())
    assert plain_minimax(3, 0, 0, BLUE)


def _level5_wins_against_every_reply(state, player, depth=0) -> int:
    """Play level-5 as Blue against every Red reply; returns the number of games checked."""
    if state.is_terminal():
        assert state.winner() == BLUE
        return 1
    if state.to_move == BLUE:
        return _level5_wins_against_every_reply(state.play(player.choose(state, Limits(time=5))), player)
    return sum(_level5_wins_against_every_reply(state.play(m), player) for m in state.legal_moves())


def test_level5_always_wins_3x3_as_blue_against_every_reply():
    game = games.load("hex", size=3)
    player = ai.make_player("hex", "level-5", seed=1)
    assert _level5_wins_against_every_reply(game.initial_state(), player) > 20


def test_level5_wins_4x4_as_blue_against_random_replies():
    game = games.load("hex", size=4)
    player = ai.make_player("hex", "level-5", seed=1)
    rng = random.Random(9)
    for _ in range(40):
        state = game.initial_state()
        while not state.is_terminal():
            move = player.choose(state, Limits(time=5)) if state.to_move == BLUE else rng.choice(state.legal_moves())
            state = state.play(move)
        assert state.winner() == BLUE


@pytest.mark.parametrize("n", [3, 4])
def test_level5_never_misses_a_winning_move(n):
    """Random positions (either side to move): when plain minimax says the mover can win,
    level-5's move must keep the win."""
    game = games.load("hex", size=n)
    player = ai.make_player("hex", "level-5", seed=2)
    rng = random.Random(10 + n)
    checked = 0
    while checked < 40:
        state = game.initial_state()
        for _ in range(rng.randint(n * n // 2 - 2, n * n - 3) if n == 4 else rng.randint(0, 6)):
            if state.is_terminal():
                break
            state = state.play(rng.choice(state.legal_moves()))
        if state.is_terminal() or not plain_minimax(n, *state.boards, state.to_move):
            continue
        after = state.play(player.choose(state, Limits(time=5)))
        assert after.winner() == state.to_move or not plain_minimax(n, *after.boards, after.to_move), game.to_text(state)
        checked += 1


def test_level5_promises_perfect_play_only_on_the_sizes_its_solver_settles():
    """The setup screen said level 5 "plays small boards perfectly"; its solver settles every move
    only up to 4x4 (at 1 s a move on 6x6 it opened on the proven-winning c3 and lost four games of
    four to itself), and it knows the first moves up to 7x7 (the shipped maps)."""
    from ai.engines.hex_knowledge import opening_maps
    from ai.engines.hex_solver import SOLVE_ALWAYS

    description = next(p.description for p in ai.catalog("hex") if p.id == "level-5")
    assert "small boards" not in description
    assert f"3x3 and {SOLVE_ALWAYS}x{SOLVE_ALWAYS} perfectly" in description
    assert f"every first move up to {max(opening_maps())}x{max(opening_maps())}" in description


def middle_cells(n: int) -> set[str]:
    """The cells nearest the middle of the drawn rhombus (a row is shifted half a cell from the
    one above, rows sqrt(3)/2 apart): one cell on odd sizes, the short diagonal's middle pair on
    even ones."""
    def spot(r: float, c: float) -> tuple[float, float]:
        return c + r / 2, r * 3 ** 0.5 / 2

    mx, my = spot((n - 1) / 2, (n - 1) / 2)
    far = {(r, c): (spot(r, c)[0] - mx) ** 2 + (spot(r, c)[1] - my) ** 2 for r in range(n) for c in range(n)}
    least = min(far.values())
    return {f"{chr(ord('a') + c)}{r + 1}" for (r, c), d in far.items() if d - least < 1e-9}


@pytest.mark.parametrize("size", [8, 9, 15, 19])
def test_level5_opens_in_the_centre_without_the_swap_on_sizes_without_a_map(size):
    """Without the swap the centre wins every solved size, but level 5 searched the first move of
    the sizes without a map and opened off-centre (19x19: c17 h14 h10 i10 m9 over five seeds)."""
    from ai.engines.hex_knowledge import opening_maps

    assert size not in opening_maps()
    game = games.load("hex", size=size, swap=False)
    start = game.initial_state()
    reports = []
    move = ai.make_player("hex", "level-5", seed=2, options={"size": size, "swap": False}).choose(
        start, Limits(time=0.3), reports.append)
    assert game.format_move(start, move) in middle_cells(size)
    assert (reports[-1].kind, reports[-1].reason, reports[-1].proven) == ("rule", "centre", None)  # no proof claimed


def test_level5_keeps_its_balanced_opening_under_the_swap_rule():
    """The centre would be taken over by the swap: with the rule on, level 5 still opens away from it."""
    game = games.load("hex", size=11, swap=True)
    start = game.initial_state()
    move = ai.make_player("hex", "level-5", seed=2, options={"size": 11, "swap": True}).choose(start, Limits(time=0.3))
    assert game.format_move(start, move) not in middle_cells(11)


@pytest.mark.parametrize(("level", "size"), [("level-3", 11), ("level-5", 11), ("level-5", 13)])
def test_the_opening_stone_for_the_swap_rule_is_reported_as_a_rule(level, size):
    """Blue's first stone under the swap rule is placed by a rule, not searched (the modest edge
    stone; level 5's balanced cell, where its maps or swap table know one): the report says why
    (``PIE_OPENING``) and proves nothing, so the window does not say "Last search" over it."""
    from ai.base import PIE_OPENING

    start = games.load("hex", size=size, swap=True).initial_state()
    reports: list = []
    move = ai.make_player("hex", level, seed=2, options={"size": size, "swap": True}).choose(
        start, Limits(time=0.3), reports.append)
    assert [(r.kind, r.reason, r.best_move, r.proven) for r in reports] == [("rule", PIE_OPENING, move, None)]


def test_every_player_makes_legal_moves_fast_on_a_big_board():
    game = games.load("hex", size=11, swap=True)
    state = game.play_line(["f6"])
    for info in ai.catalog("hex"):
        player = ai.make_player("hex", info.id, seed=3)
        move = player.choose(state, Limits(time=0.2, iterations=200))
        assert move in state.legal_moves()


# -- the board view ---------------------------------------------------------------------------

def test_view_maps_every_centre_to_its_cell_and_offers_the_swap():
    import pygame

    from ui.board_view import Overlay
    from ui.views import make_view

    pygame.init()
    game = games.load("hex", size=11, swap=True)
    view = make_view(game)
    view.layout(pygame.Rect(0, 0, 800, 600))
    state = game.play_line(["c1"])
    for cell in range(game.cells):
        x, y = view.centre(*divmod(cell, 11))
        assert view.cell_at((int(x), int(y))) == cell
    assert view.click(state, (1, 1)).kind == "ignore"
    stone = [int(v) for v in view.centre(0, 2)]
    assert view.click(state, stone).move == SWAP
    # the offer names where the stone goes (Blue's c1 becomes Red's a3); the screen adds the key
    # of the cursor that takes it without a mouse (tests/test_ui_board_cursor.py)
    assert view.status_text(state) == "Click Blue's stone to swap (it becomes Red's a3), or play elsewhere"
    assert view.click(state, [int(v) for v in view.centre(5, 5)]).move == 5 * 11 + 5
    swapped = state.play(SWAP)
    assert view.status_text(swapped) == ""
    assert view.click(swapped, [int(v) for v in view.centre(2, 0)]).kind == "reject"  # Red's stone now
    surface = pygame.Surface((800, 600))
    view.draw(surface, state, Overlay(hover=tuple(stone), last_move=2))
    view.draw(surface, swapped, Overlay(last_move=SWAP))
    # a hint to swap is marked on the stone to swap (it was marked nowhere: no Red stone yet)
    for shown, on in ((state, stone), (swapped, [int(v) for v in view.centre(2, 0)])):
        surface.fill((0, 0, 0))
        view.draw(surface, shown, Overlay(hint=SWAP))
        across = {tuple(surface.get_at((on[0] + d, on[1])))[:3] for d in range(int(view.radius * 0.5))}
        assert tuple(Overlay().theme.hint)[:3] in across, shown  # its ring round the stone's middle


def test_neighbouring_cells_draw_their_shared_edge_on_the_same_pixels():
    """Two neighbours compute their shared corners from their own centres; once they went to
    pixels a pixel apart at some sizes, and the edge drawn twice ran as a thick line down the board
    (Hex 19x19 with the analysis shown).  Every size, at many window sizes: a cell shares exactly
    two corner pixels with each neighbour to its right and below."""
    import pygame

    from ui.views import make_view

    for n in range(3, 20):
        view = make_view(games.load("hex", size=n))
        for width in range(500, 1200, 61):
            view.layout(pygame.Rect(0, 0, width, int(width * 0.7)))
            corners = {(r, c): {(int(x), int(y)) for x, y in view.hexagon(r, c)} for r in range(n) for c in range(n)}
            for (r, c), mine in corners.items():
                for other in ((r, c + 1), (r + 1, c), (r + 1, c - 1)):
                    if other in corners:
                        assert len(mine & corners[other]) == 2, (n, width, (r, c), other)


def test_notebook_connection_distance_matches_a_plain_search():
    """The notebook heuristic's bit-parallel distance against a plain 0-1 breadth-first search."""
    from collections import deque

    from ai.engines.hex_notebook import connection_distance

    def plain(n, own, other, side):
        big = 10 * n * n
        dist = {}
        todo = deque()
        for k in range(n):
            cell = (k, 0) if side == BLUE else (0, k)
            if cell in other:
                continue
            cost = 0 if cell in own else 1
            if cost < dist.get(cell, big):
                dist[cell] = cost
                todo.appendleft(cell) if cost == 0 else todo.append(cell)
        while todo:
            r, c = todo.popleft()
            for dr, dc in STEPS:
                nxt = (r + dr, c + dc)
                if not (0 <= nxt[0] < n and 0 <= nxt[1] < n) or nxt in other:
                    continue
                cost = dist[(r, c)] + (0 if nxt in own else 1)
                if cost < dist.get(nxt, big):
                    dist[nxt] = cost
                    todo.appendleft(nxt) if nxt in own else todo.append(nxt)
        ends = [dist.get((k, n - 1) if side == BLUE else (n - 1, k), big) for k in range(n)]
        return min(ends)

    rng = random.Random(11)
    for _ in range(400):
        n = rng.randint(3, 11)
        game = games.load("hex", size=n)
        blue, red = random_board(rng, n, full=False)
        for side, own, other in ((BLUE, blue, red), (RED, red, blue)):
            expected = plain(n, cells_of(own, n), cells_of(other, n), side)
            assert connection_distance(game.geo, own, other, side) == expected


def test_the_mcts_players_plan_to_end_sooner_after_moves_that_ended_late():
    """How late the last moves ended is taken off the next move's time (at most half of it); a
    playout cap is kept as it is."""
    from ai.engines.hex_mcts import LATE_CUT, HexMCTSPlayer

    info = next(p for p in ai.catalog("hex") if p.id == "level-5")
    player = HexMCTSPlayer(info, seed=1)
    assert player._limits(Limits(time=1.0)).time == 1.0
    player.late = 0.25
    assert player._limits(Limits(time=1.0, iterations=500)) == Limits(0.75, None, 500, None)
    player.late = 3.0
    assert player._limits(Limits(time=2.0)).time == 2.0 * (1 - LATE_CUT)
    player.choose(games.load("hex", size=5).play_line(["c3"]), Limits(time=0.2))
    assert player.late < 3.0  # it fades once moves end in time


def test_a_move_that_waited_for_its_kernels_is_not_taken_for_a_late_one(monkeypatch):
    """A move whose search first waited for its kernels to compile (``kernels.ready``: a GTP
    engine's first search on a fresh install, the window's first moves) counted the wait as
    lateness, and the moves after it planned half their time.  The wait is not the move's time:
    here a clock that jumps 100 s while the kernels "compile"."""
    import time

    from ai import kernels
    from ai.engines.hex_mcts import HexMCTSPlayer
    from ai.imports import import_engine

    hex_kernels = import_engine("ai.kernels.hex")
    real_clock, real_stage, jumped = time.perf_counter, hex_kernels.STAGES["search"], [0.0]

    def compiling_for_100_s() -> None:
        real_stage()
        jumped[0] += 100.0

    monkeypatch.setattr(time, "perf_counter", lambda: real_clock() + jumped[0])
    monkeypatch.setattr(kernels, "_stages", {})
    monkeypatch.setitem(hex_kernels.STAGES, "search", compiling_for_100_s)
    info = next(p for p in ai.catalog("hex") if p.id == "level-5")
    with kernels.compiled_later():  # made as the GTP engine makes it: its first search waits for the kernels
        player = HexMCTSPlayer(info, seed=1)
    player.choose(games.load("hex", size=5).play_line(["c3"]), Limits(time=0.2))
    assert jumped == [100.0] and player.late < 50.0


def test_every_first_stone_of_3x3_loses_under_the_swap_rule():
    """The rules page's fact, by plain minimax on the rules: a winning first stone is swapped, a
    losing one answered, so Red wins 3x3 with the swap rule."""
    from functools import cache

    game = games.load("hex", size=3, swap=True)

    @cache
    def mover_wins(state) -> bool:
        return any(after.winner() == state.to_move or (not after.is_terminal() and not mover_wins(after))
                   for after in (state.play(m) for m in state.legal_moves()))

    start = game.initial_state()
    swapped = {m for m in start.legal_moves() if not mover_wins(start.play(m).play(SWAP))}
    assert {game.format_move(start, m) for m in swapped} == {"a3", "b1", "b2", "b3", "c1"}  # Blue's winning cells
    assert all(mover_wins(start.play(m)) for m in start.legal_moves()) and not mover_wins(start)


@pytest.mark.parametrize("size", [3, 4])
def test_no_first_stone_is_proven_a_win_under_the_swap_rule(size):
    """Every first stone of 3x3 and 4x4 loses to the swap (Red takes a winning one), but the
    search, which does not look at the swap, reported the centre "proven won" for Blue."""
    game = games.load("hex", size=size, swap=True)
    for player_id in ("level-3", "level-5", "hex:uct"):
        reports = []
        move = ai.make_player("hex", player_id, seed=1, options={"size": size, "swap": True}).choose(
            game.initial_state(), Limits(time=0.3), reports.append)
        assert move in game.initial_state().legal_moves()
        assert all(r.proven != 1 for r in reports), player_id


@pytest.mark.parametrize("size", [7, 11])
def test_level_3_takes_over_blues_centre_and_the_stones_next_to_it(size):
    """Level-3's search, its playouts random, never swapped 11x11's centre at 1 s a move (Blue kept
    f6, g6 and f5 in every game); the centre and its six neighbours are winning first moves on
    every size from 5x5 (the solved maps, then the swap table: ``hex_knowledge.strong_opening``),
    so it takes them over."""
    game = games.load("hex", size=size, swap=True)
    centre = centre_cell(size)
    near = [cell for cell in range(size * size) if hex_distance(cell, centre, size) <= 1]
    assert len(near) == 7
    for seed, cell in enumerate(near):
        player = ai.make_player("hex", "level-3", seed=seed, options={"size": size, "swap": True})
        assert player.choose(game.initial_state().play(cell), Limits(iterations=400)) == SWAP, (size, cell)


def test_only_the_centre_and_its_neighbours_are_swapped_unsearched():
    """A corner, or a cell two steps from the centre, is left to the search (``strong_opening`` is False)."""
    game = games.load("hex", size=11, swap=True)
    start = game.initial_state()
    assert strong_opening(start.play(game.parse_move(start, "f6")))
    assert not strong_opening(start.play(game.parse_move(start, "a1")))
    assert not strong_opening(start.play(game.parse_move(start, "f8")))
    assert not strong_opening(start)  # not Red's first turn


@pytest.mark.parametrize("text", ["Hex\n1. f6 2. swap-pieces 3. e7", "Hex (size=11)\nf6 swap e7", "f6 swap-pieces e7"])
def test_a_move_list_holding_a_swap_is_read_with_the_swap_rule_on(text):
    """HexGui's and Benzene's move lists name no options: under "Hex", or under no name, a list
    with a swap was refused at its swap ("only allowed ... with the swap rule on")."""
    record = record_from_move_list(text)
    assert record.options == {"size": 11, "swap": True} and record.moves == ["f6", "swap", "e7"]
    assert record_from_move_list("Hex\nf6 e7").options["swap"] is False  # no swap: the usual game


@pytest.mark.parametrize("size, window", [(3, (1920, 1080)), (11, (800, 560)), (19, (1920, 1080))])
def test_a_click_anywhere_in_a_hexagon_is_on_its_cell_up_to_its_corners(size, window):
    """A click near a hexagon's corner (outside the circle inside it) did nothing: on 3x3 in a
    large window a band 11 pixels deep by every corner.  Points near each corner now land on the
    cell; points past the board's edge still on none."""
    import pygame

    from ui.views import make_view

    pygame.init()
    game = games.load("hex", size=size)
    view = make_view(game)
    view.layout(pygame.Rect(0, 0, *window))
    for cell in range(game.cells):
        cx, cy = view.centre(*divmod(cell, size))
        for corner_x, corner_y in view.hexagon(*divmod(cell, size), scale=0.92):
            assert view.cell_at((round(corner_x), round(corner_y))) == cell, (cell, corner_x, corner_y, cx, cy)
    for row, col in ((0, -1), (-1, 0), (size, size - 1), (size - 1, size)):  # where cells past each edge would be
        beyond = view.centre(row, col)
        assert view.cell_at((round(beyond[0]), round(beyond[1]))) is None, (row, col)


def test_the_rules_pages_say_how_a_position_is_written_and_who_is_to_move_without_its_first_line():
    """The pages named no position text for Hex, though Ctrl+C copies one and the position editor
    takes one, nor the reading the game module chose for a text with no ``to-move:`` line."""
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    for page, said in ((root / "assets" / "rules" / "hex.md", "(Blue when they are equal)"),
                       (root / "assets" / "locale" / "pt" / "rules" / "hex.md", "(o Azul quando são iguais)")):
        text = page.read_text(encoding="utf-8")
        assert "`to-move: Blue`" in text and said in text, page
        assert "gtp hex --transpose" in text and ".sgf" in text, page
        assert "(.sgf)" in (page.parent / "keys.md").read_text(encoding="utf-8"), page  # what may be dropped
    game = games.load("hex", size=3, swap=True)
    assert game.from_text("B . .\n . R .\n  . . .").to_move == BLUE  # equal counts, no first line
    assert game.from_text("to-move: Red\nB . .\n . R .\n  . . .").to_move == RED  # after a swap: the line says


def test_the_notebooks_won_game_is_reported_as_a_win_not_as_its_1000():
    """The notebook scores a won game +1000, which Hex's chances to win cannot show: the panel and
    the graph said nothing of the win it saw.  It reports a win as the levels do now."""
    from ai.base import PROVEN

    state = games.load("hex", size=3).play_line(["a2", "a1", "b2", "b1"])  # c1 or c2 joins Blue's edges
    reports = []
    move = ai.make_player("hex", "hex:notebook").choose(state, Limits(time=5.0), reports.append)
    assert state.play(move).winner() == BLUE and reports[-1].score >= PROVEN


def test_level5s_root_analysis_starts_without_waiting_for_its_thread(monkeypatch):
    """``threading.Thread.start`` waits for the new thread to run: level-5's move stood still
    until the system scheduled its root analysis (``python main.py bench budget``)."""
    import threading

    from ai.engines.hex_knowledge import RootAnalysis, tree_limits

    def waits_for_the_thread(self):
        raise AssertionError("Thread.start waits for the new thread to run")

    monkeypatch.setattr(threading.Thread, "start", waits_for_the_thread)
    state = games.load("hex", size=5).play_line(["c3", "b4"])
    known = RootAnalysis(state, tree_limits(5)).wait(None)
    assert known is not None


def test_a_short_moves_playout_batches_are_a_small_part_of_it(monkeypatch):
    """The driver looks at the clock after each batch of playouts: batches planned to take 0.1 s
    let a 0.1 s move run a whole batch past its deadline when the system woke the watcher thread
    late (``python main.py bench budget``).  A batch now plans at most a tenth of the move."""
    from types import SimpleNamespace

    import ai.engines.hex_mcts as hex_mcts
    from ai.search.driver import new_ctl

    searcher = hex_mcts.HexSearcher(seed=1)
    state = games.load("hex", size=11).play_line(["f6", "e5"])
    assert searcher.start(state, Limits(time=0.1)) is None
    ticks = iter([10.0, 10.005])  # the first batch's start and end: 256 playouts "took" 5 ms
    monkeypatch.setattr(hex_mcts, "time", SimpleNamespace(perf_counter=lambda: next(ticks)))
    searcher.iterate(1, new_ctl())
    planned = searcher.batch * 0.005 / 256  # seconds the next batch is planned to take
    assert planned <= 0.1 * 0.1


def test_a_taken_cell_is_refused_in_the_same_words_typed_played_or_asked():
    """Typed, a taken cell was "'c3' is already taken", quoted, where a click and ``play`` said
    c3 unquoted: now all say the rules' one reason (``why_illegal``), as a refused swap does."""
    game = games.load("hex", size=5)
    state = game.play_line(["c3", "d4"])
    c3 = game.parse_move(game.initial_state(), "c3")
    assert game.why_illegal(state, c3) == "c3 is already taken"
    for refused in (lambda: game.parse_move(state, " C3"), lambda: state.play(c3)):
        with pytest.raises(IllegalMove, match="^c3 is already taken$"):
            refused()
    assert game.why_illegal(state, SWAP) == "swap is only allowed as Red's first move, with the swap rule on"


def test_level5_finishes_a_won_connection_instead_of_filling_its_own_area():
    """Level 5 had proved its win (Blue joined by its stones and captured cells, two cells short)
    yet played its next 40 stones inside the area it had already won, never the captured cells its
    chain lacked: the game went on until the loser filled the board.  Against a player who keeps
    out of the way it must now fill that chain, one cell a move."""
    game = games.load("hex", size=11, swap=True)
    state = game.play_line(game.move_texts("f2 swap c9 f6 f7 a1 e8 c1 h6 d1 i5 e1 j4 g1 b8 h1 d9 i1 c8 j1 "
                                           "g6 k1 f5 a2 g5 b2 e6 b1 e7 c2"))
    assert state.to_move == BLUE
    warm_up()  # the kernels of the root's analysis, as the window's worker readies them
    player = ai.make_player("hex", "level-5", seed=1, options={"size": 11, "swap": True})
    for _ in range(2):  # the chain lacks two cells (a8 and one of a bridge's two)
        state = state.play(player.choose(state, Limits(time=1.0)))
        if state.is_terminal():
            break
        state = state.play(max(state.legal_moves()))  # Red plays far away: the last empty cell
    assert state.winner() == BLUE


def test_the_exact_solver_tries_the_last_winning_move_first():
    """The move that last won a position with as many empty cells is tried first (a killer): on
    this 5x5 middlegame Blue's win took 89,445 positions in the centre-out order alone and takes a
    few hundred; the answer is the same (the tests' reference for H-search, tests/test_hex_vc.py,
    spent 20 s of a core on such positions)."""
    exact = Solver(5)
    assert exact.wins(1155072, 4210705, 0)
    assert exact.nodes < 2_000
