"""The df-pn solver on virtual connections (ai/kernels/hex_pns.py) and the knowledge API
(ai/engines/hex_knowledge.py): the published first-move maps, agreement with the exact solver,
and proofs that survive every reply."""

from __future__ import annotations

import json
import random
import re
import threading
import time
from pathlib import Path

import numpy as np
import pytest

import ai
import games
from ai import data
from ai.base import Limits
from ai.engines import hex_knowledge
from ai.engines.hex_solver import Solver as ExactSolver
from ai.kernels import hex_pns, hex_vc
from ai.kernels.hex import board_colours, neighbours
from ai.search.driver import new_ctl
from games.grid import cell_name, parse_cell
from tests.solved_facts import exact_hex_solver
from tests.test_hex_vc import random_position
from tests.ui_helpers import words_in

# Blue's winning first moves (Blue first, joining left and right), from
# shared/rules/tictactoe-hex.md (computed there with MoHex's solver and transposed).
PUBLISHED = {
    3: "a3 b1 b2 b3 c1",
    4: "a4 b3 c2 d1",
    5: "a5 b2 b3 b4 b5 c2 c3 c4 d1 d2 d3 d4 e1",
}

# The 7x7 openings on the first two columns of the vertical first player, from Hayward et al.,
# "Solving 7x7 Hex" (webdocs.cs.ualberta.ca/~hayward/hex7trees), transposed to our Blue: their
# a1..a7 are our a1..g1, their b1..b3 our a2..c2 (True: the opening wins).
PUBLISHED_7X7 = {"a1": False, "b1": False, "c1": False, "d1": True, "e1": False, "f1": True, "g1": True,
                 "a2": False, "b2": False, "c2": True}


def names(cells, n: int) -> set[str]:
    return {cell_name(c, n) for c in cells}


@pytest.mark.parametrize("n", sorted(PUBLISHED))
def test_first_move_maps_are_the_published_ones(n):
    result = hex_pns.opening_map(n)
    assert names((c for c, wins in result.items() if wins), n) == set(PUBLISHED[n].split())


def test_a_map_resumed_from_a_checkpoint_is_the_whole_map():
    """Cells known from an earlier run are kept; only the others are solved (and reported)."""
    n = 5
    whole = hex_pns.opening_map(n)
    known = {cell: wins for cell, wins in whole.items() if cell < 7}
    heard: list[int] = []
    resumed = hex_pns.opening_map(n, known=known, on_cell=lambda cell, wins: heard.append(cell))
    assert resumed == whole
    assert heard and min(heard) >= 7 and not set(heard) & set(known)


def test_the_tool_solves_a_map_in_worker_processes(tmp_path):
    """``tools/solve_hex_openings.py --workers 2``: each first cell solved in one of two
    processes and checkpointed as it ends; the map is the published one, and a second run
    resumes it from the checkpoint without solving anything."""
    from tools import solve_hex_openings as tool

    checkpoint = tmp_path / "maps.json"
    entry = tool.solve_size(5, float("inf"), checkpoint, workers=2)
    assert set(entry["winning"]) == set(PUBLISHED[5].split())
    assert len(tool.json.loads(checkpoint.read_text())["5"]["cells"]) == 13  # one of each half-turn pair
    again = tool.solve_size(5, float("inf"), checkpoint, workers=2)
    assert again == entry


def test_the_shipped_7x7_map_agrees_with_the_published_openings():
    winning = names(hex_knowledge.opening_maps()[7], 7)
    assert {name: name in winning for name in PUBLISHED_7X7} == PUBLISHED_7X7
    twins = {cell_name(48 - parse_cell(name, 7, 7), 7) for name in winning}  # the half-turn
    assert twins == winning and "d4" in winning


@pytest.mark.parametrize("n", [3, 4, 5, 6, 7])
def test_level5_opens_on_a_proven_winning_cell_of_a_solved_size(n):
    """Without the swap rule, level-5's first move on a solved size is the map's most central
    winning cell, played at once as a proven win."""
    game = games.load("hex", size=n)
    player = ai.make_player("hex", "level-5", seed=3)
    state = game.initial_state()
    move = player.choose(state, Limits(time=5.0))
    assert move in hex_knowledge.opening_maps()[n]
    assert player.last.proven == 1 and player.last.kind == "book" and player.last.elapsed < 4.0  # of 5 s
    if n in PUBLISHED:
        assert cell_name(move, n) in PUBLISHED[n].split()


@pytest.mark.parametrize("n", sorted(PUBLISHED))
def test_shipped_maps_are_the_published_ones(n):
    assert names(hex_knowledge.opening_maps()[n], n) == set(PUBLISHED[n].split())


@pytest.mark.parametrize("n,stones", [(4, 3), (4, 6), (5, 10), (5, 13)])
def test_winning_moves_agree_with_the_exact_solver(n, stones):
    rng = random.Random(7 * n + stones)
    exact = exact_hex_solver(n)
    sv = hex_pns.Solver(n)
    for _ in range(12):
        blue, red, colour = random_position(n, stones, rng)
        boards = (blue, red)
        for side in (0, 1):
            expected = set()
            empty = ((1 << n * n) - 1) & ~(blue | red)
            for c in range(n * n):
                if empty >> c & 1:
                    mine = boards[side] | 1 << c
                    if exact.geo.chain_wins(mine, side, c) or not exact.wins(boards[1 - side], mine, 1 - side):
                        expected.add(c)
            assert set(sv.winning_moves(colour, side)) == expected


def test_a_proven_win_stays_proven_after_every_reply():
    n = 5
    game = games.load("hex", size=n)
    rng = random.Random(3)
    state = game.initial_state()
    for _ in range(4):
        state = state.play(rng.choice(state.legal_moves()))
    checked = 0
    sv = hex_pns.Solver(n)
    while not state.is_terminal():
        winner, moves = hex_knowledge.solve(state, 60.0)
        if moves:
            after = state.play(moves[0])
            for reply in after.legal_moves():
                answered = after.play(reply)
                if answered.is_terminal():
                    assert answered.winner() == winner
                    continue
                assert sv.wins(board_colours(n, *answered.boards), answered.to_move) == (answered.to_move == winner)
                checked += 1
            if after.is_terminal():
                break
            state = after.play(rng.choice(after.legal_moves()))
        else:
            state = state.play(rng.choice(state.legal_moves()))
    assert checked > 0


def test_analyse_sees_the_ziggurats_and_the_mustplay():
    game = games.load("hex", size=5)
    state = game.initial_state().play(12)  # Blue on c3: two ziggurats join both edges
    known = hex_knowledge.analyse(state)
    assert known.winner == 0
    assert known.edge_vcs[0]
    assert any(set(c.ends) == {"left", 12} for c in known.connections[0])
    state = game.initial_state().play(0)  # a1: Red to move, Red wins (a1 is not in the map)
    assert hex_knowledge.solve(state, 60.0)[0] == 1


def test_swap_follows_the_map():
    game = games.load("hex", size=5, swap=True)
    winning = hex_knowledge.opening_maps()[5]
    for cell in range(25):
        state = game.initial_state().play(cell)
        assert hex_knowledge.swap_wins(state) == (cell in winning)
    opening = hex_knowledge.balanced_opening(5)
    assert opening is not None and opening not in winning


# Blue's winning first moves on the solved 8x8 board (Henderson, Arneson and Hayward 2009), as
# MoHex's swap table (benzene, share/swap-moves.txt) lists them; its 3x3..7x7 lists are PUBLISHED's.
SOLVED_8X8 = ("h1 g2 h2 b3 c3 d3 e3 f3 g3 b4 c4 d4 e4 f4 g4 h4 a5 b5 c5 d5 e5 f5 g5 b6 c6 d6 e6 f6 g6 a7 b7 "
              "a8")


def test_the_swap_table_is_the_solved_8x8_map_and_keeps_its_shape_on_larger_boards():
    assert names(hex_knowledge.swap_table(8), 8) == set(SOLVED_8X8.split())
    for n in (9, 11, 13, 19):
        table = hex_knowledge.swap_table(n)
        assert {n * n - 1 - c for c in table} == table  # the half-turn keeps each side's goal
        assert (n // 2) * (n + 1) in table and 0 not in table  # the centre is taken over, the acute corner not
        opening = hex_knowledge.balanced_opening(n)
        assert opening is not None and opening not in table


@pytest.mark.parametrize("cell, swapped", [("e5", True), ("d4", True), ("a1", False), ("b1", False)])
def test_level5_swaps_by_the_table_on_a_board_without_a_map(cell, swapped):
    """8x8 has no shipped map: level-5 compared its best stone's win rate with the best reply's
    to the swap, both overestimates for their mover, and left Blue most winning openings, the
    centre among them.  It follows the swap table, without claiming a proof."""
    game = games.load("hex", size=8, swap=True)
    state = game.initial_state().play(parse_cell(cell, 8, 8))
    player = ai.make_player("hex", "level-5", seed=1, options={"size": 8, "swap": True})
    move = player.choose(state, Limits(time=0.3))
    assert (move == "swap") == swapped
    assert player.last.proven is None


def test_level5_opens_8x8_under_the_swap_rule_on_a_cell_it_would_not_swap():
    game = games.load("hex", size=8, swap=True)
    player = ai.make_player("hex", "level-5", seed=1, options={"size": 8, "swap": True})
    move = player.choose(game.initial_state(), Limits(time=0.3))
    assert move not in hex_knowledge.swap_table(8)
    assert any(int(j) in hex_knowledge.swap_table(8) for j in neighbours(8)[move] if j >= 0)


def test_one_winning_move_is_one_of_the_winning_moves():
    rng = random.Random(11)
    sv = hex_pns.Solver(5)
    for _ in range(10):
        _, _, colour = random_position(5, 10, rng)
        for side in (0, 1):
            every = sv.winning_moves(colour, side)
            one = sv.winning_move(colour, side)
            assert (one is None) == (not every) and (one is None or one in every)


def test_knowledge_player_plays_a_proven_win():
    game = games.load("hex", size=5)
    info = next(p for p in ai.catalog("hex") if p.id == "level-5")
    hex_knowledge.warm_up()
    player = hex_knowledge.KnowledgePlayer(info, seed=1)
    state = game.initial_state().play(12).play(0)  # Blue c3 (two ziggurats), Red a1
    move = player.choose(state, Limits(time=20.0))  # it stops once proven (a second or two), unless CPU-starved
    assert player.last.proven == 1
    assert not hex_pns.Solver(5).wins(board_colours(5, *state.play(move).boards), 1)


def test_the_knowledge_is_used_once_its_kernels_are_compiled():
    """The connection kernels compile in a background thread; ``warm_up`` waits for them, and
    from then on every move of a KnowledgePlayer uses them."""
    hex_knowledge.start_compiling()
    hex_knowledge.warm_up()
    assert hex_knowledge.knowledge_ready()
    info = next(p for p in ai.catalog("hex") if p.id == "level-5")
    player = hex_knowledge.KnowledgePlayer(info, seed=3)
    player.choose(games.load("hex", size=5).initial_state().play(12), Limits(iterations=200))
    assert player.searcher.knowing


def test_analyse_reports_filled_cells_and_the_mustplay():
    game = games.load("hex", size=5)
    # Blue a3 and d3 beside b3-c3, Red c2 and b4 around them: b3 and c3 are captured by Red
    state = game.from_text("to-move: Blue\n. . . . .\n. . R . .\nB . . B .\n. R . . .\n. . . . .")
    assert {11, 12} <= hex_knowledge.analyse(state).captured[1]
    # Red's chain b1-b4 needs b5 to reach the bottom; Blue's stone there also joins a5 and c4,
    # which then reach the right edge: b5 wins for Blue, found as the key of an SC
    state = game.from_text("to-move: Blue\n. R . . B\n. R . . B\n. R . . .\n. R B . .\nB . . . .")
    known = hex_knowledge.analyse(state)
    assert known.winner == 0 and known.winning_keys == {21}
    assert ExactSolver(5).winning_moves(state) == [21]
    # with Blue's stones elsewhere Red's chain has two ways down: Blue has lost
    state = game.from_text("to-move: Blue\n. R . . B\n. R . . B\n. R . . B\n. R . . B\n. . . . .")
    assert hex_knowledge.analyse(state).winner == 1


def test_the_solver_stops_when_its_stop_flag_is_set():
    """A stop flag makes the solver give up before its next expansion: the move's budget holds
    whatever the machine's speed (``solve`` then answers None: not proved)."""
    empty = board_colours(6, 0, 0)
    sv = hex_pns.Solver(6)
    with pytest.raises(hex_pns.OutOfTime):
        sv.wins(empty, 0, stop=lambda: sv.nodes >= 3)
    assert sv.nodes == 3
    state = games.load("hex", size=6).initial_state().play(14)
    assert hex_knowledge.solve(state, 60.0, every_move=False, stop=lambda: True) is None


def test_the_solver_does_not_start_an_expansion_it_cannot_finish():
    """An expansion cannot be cut short, so none is started when the time left is less than the
    longest one timed lately (set here by hand)."""
    sv = hex_pns.Solver(6)
    sv.expand_seconds = 1e6
    with pytest.raises(hex_pns.OutOfTime):
        sv.wins(board_colours(6, 1 << 14, 0), 1, deadline=time.perf_counter() + 1e5)
    assert sv.nodes == 0


def test_the_root_analysis_is_skipped_while_it_costs_too_much_of_the_move():
    """Level-5 analyses 13x13 roots, but not while the analyses lately took more than their share
    of the move; each skip lowers the estimate, so it is tried again later."""
    hex_knowledge.warm_up()
    info = next(p for p in ai.catalog("hex") if p.id == "level-5")
    searcher = hex_knowledge.KnowledgePlayer(info, seed=4).searcher
    searcher.knowing = True
    state = games.load("hex", size=13, swap=0).initial_state().play(84).play(71)
    assert searcher.analyse_root(state, Limits()) is not None  # no time limit: waited for
    searcher.analyse_seconds = 1.0
    assert searcher.analyse_root(state, Limits(time=1.0)) is None
    assert searcher.analyse_seconds < 1.0
    assert searcher.analyse_root(state, Limits()) is not None  # no time limit: always analysed


def test_a_root_analysis_that_comes_late_is_used_between_batches(monkeypatch):
    """The move waits for the root analysis only a share of its time; one that ends later is taken
    after the next batch of playouts.  Blue (to move) is joined by bridges and edge templates
    (b5 d4 f3 h2): once the held analysis is let go, the next batch returns the solver's win."""
    hex_knowledge.warm_up()
    release = threading.Event()
    analyse = hex_knowledge.analyse

    def held(state, lim=None, earlier=None):
        release.wait()
        return analyse(state, lim, earlier)

    monkeypatch.setattr(hex_knowledge, "analyse", held)
    monkeypatch.setattr(hex_knowledge, "ANALYSE_WAIT", 0.01)
    info = next(p for p in ai.catalog("hex") if p.id == "level-5")
    searcher = hex_knowledge.KnowledgePlayer(info, seed=4).searcher
    game = games.load("hex", size=9, swap=0)
    state = game.play_line(["b5", "a9", "d4", "b9", "f3", "c9", "h2", "d9"])
    assert searcher.start(state, Limits(time=5.0)) is None  # not waited for: the playouts begin
    ctl = new_ctl()
    assert searcher.analysis is not None and searcher.iterate(1, ctl).proven is None
    release.set()
    searcher.analysis.wait(None)
    result = searcher.iterate(2, ctl)
    assert searcher.analysis is None
    assert result.proven == 1 and analyse(state.play(result.best_move)).winner == 0


@pytest.mark.parametrize("n,stones", [(5, 4), (5, 9), (6, 14)])
def test_the_informed_solver_agrees_with_the_plain_one(n, stones):
    """The solver as it is (children ordered and weighed by the opponent's room after the move,
    proof sets, the smaller mustplay bounds) gives the same winning moves as the plain df-pn with
    the old settings (every child starts at 1, 1; centre first; ``hex_vc.limits`` for both)."""
    rng = random.Random(31 * n + stones)
    informed, plain = hex_pns.Solver(n), hex_pns.Solver(n, hex_vc.limits(n), informed=False)
    for _ in range(5):
        _, _, colour = random_position(n, stones, rng)
        for side in (0, 1):
            assert informed.winning_moves(colour, side) == plain.winning_moves(colour, side)


def exact_mover_wins(exact: ExactSolver, colour: np.ndarray, side: int) -> bool:
    """Does ``side`` to move win ``colour`` (a kernel board), by the exact solver?"""
    n = exact.n
    nbrs = neighbours(n)
    if hex_vc.has_won(colour, n, nbrs, side):
        return True
    if hex_vc.has_won(colour, n, nbrs, 1 - side):
        return False
    boards = [sum(1 << c for c in range(n * n) if colour[c] == s + 1) for s in (0, 1)]
    return exact.wins(boards[side], boards[1 - side], side)


@pytest.mark.parametrize("n,stones", [(4, 1), (4, 4), (5, 9), (5, 11)])
def test_proof_sets_hold_against_the_exact_solver(n, stones):
    """Every proof set the solver records (``Solver.proof``, which also proves the pruned sibling
    moves lost): a stone of the losing side on any empty cell outside it leaves the result."""
    rng = random.Random(13 * n + stones)
    exact = exact_hex_solver(n)
    checked = 0
    for _ in range(4):
        _, _, colour = random_position(n, stones, rng)
        sv = hex_pns.Solver(n)
        for side in (0, 1):
            sv.wins(colour, side)
        proven = sorted(sv.proof.items())
        for key, proof in rng.sample(proven, min(len(proven), 25)):
            position = np.frombuffer(key[:-1], np.int8).copy()
            mover = key[-1]
            mover_wins = sv.table[key][0] == 0
            assert exact_mover_wins(exact, position, mover) == mover_wins
            loser = 1 - mover if mover_wins else mover
            for cell in range(n * n):
                if position[cell] == 0 and not proof >> cell & 1:
                    position[cell] = loser + 1
                    assert exact_mover_wins(exact, position, mover) == mover_wins, (key, cell)
                    position[cell] = 0
                    checked += 1
    assert checked > 0


def test_root_analyses_carried_from_move_to_move_reach_the_same_verdicts():
    """A player's analyses every second ply, each updating the last one's connections (whose
    soundness tests/test_hex_vc.py checks with the exact solver): on the bench's 11x11 game they
    reach the same winners as analyses from scratch, and the record moves on with the game."""
    from ai.bench.hex import _LATE

    game = games.load("hex", size=11)
    lim = hex_knowledge.tree_limits(11)
    earlier: dict = {}
    carried = 0
    for ply in range(0, len(_LATE) + 1, 2):
        state = game.play_line(_LATE[:ply])
        fresh = hex_knowledge.analyse(state, lim)
        updated = hex_knowledge.analyse(state, lim, earlier)
        assert updated.winner == fresh.winner
        assert set(earlier) == {0, 1}
        stones = np.count_nonzero(earlier[0][0][:121])
        assert stones >= ply  # this position's filled board is the one kept
        carried += ply > 0
    assert carried >= 10


def test_the_root_is_analysed_up_to_the_players_size_cap():
    """A 15x15 root is analysed only by a searcher whose ``analyse_up_to`` reaches 15; the
    analysis it gets is the one ``analyse`` gives."""
    hex_knowledge.warm_up()
    game = games.load("hex", size=15)
    state = game.initial_state()
    for cell in ("b8", "h2", "d7", "o15"):
        state = state.play(parse_cell(cell, 15, 15))
    capped = hex_knowledge.KnowledgeSearcher(solve=True, seed=1)
    wide = hex_knowledge.KnowledgeSearcher(solve=True, seed=1, analyse_up_to=19)
    for searcher in (capped, wide):
        searcher.knowing = True
    assert capped.analyse_root(state, Limits()) is None
    known = wide.analyse_root(state, Limits())
    plain = hex_knowledge.analyse(state, hex_knowledge.tree_limits(15))
    assert known is not None and known.winner == plain.winner
    assert known.mustplay == plain.mustplay and known.connections == plain.connections
    assert any("left" in c.ends for c in known.connections[0])  # b8 is joined to its edge


# What the rules page says of the solved boards, in each language: Blue's winning first cells on
# 3x3..5x5, the counts on 6x6, 7x7 and 8x8, the top row of 7x7, the largest size solved for
# every opening (9x9: Pawlewicz and Hayward 2013, HexWiki "Small boards"), and the game's two
# inventors' years (HexWiki "History of Hex": Hein 1942; Nash at Princeton in 1948 or 1949).
SOLVED_FOR_EVERY_OPENING = 9
PAGE_WORDS = {
    "en": {"list": r"((?:[a-g]\d )+[a-g]\d) on (\d) x \2 \((\d+) of (\d+)",
           "counts": r"with (\d+) of the (\d+) first cells on 6 x 6 and with (\d+) of the (\d+) on 7 x 7",
           "top row": r"on the top row ((?:[a-g]1,? )+)and ([a-g]1) win, ((?:[a-g]1,? )+)and ([a-g]1) lose",
           "8x8": r"On 8 x 8 the table is the solved board's list of winning first moves \((\d+) of (\d+)",
           "known": r"the winning moves are known for boards up to (\d+) x \1",
           "edges": r"or on (two) cells of each of Blue's edges",
           "history": r"Piet Hein in (\d{4}), and found again by John Nash at Princeton in (\d{4}) or (\d{4})"},
    "pt": {"list": r"((?:[a-g]\d )+[a-g]\d) em (\d) x \2 \((\d+) de (\d+)",
           "counts": r"com (\d+) das (\d+) primeiras casas em 6 x 6 e com (\d+) das (\d+) em 7 x 7",
           "top row": r"na fila de cima ((?:[a-g]1,? )+)e ([a-g]1) ganham, ((?:[a-g]1,? )+)e ([a-g]1) perdem",
           "8x8": r"Em 8 x 8 a tabela é a lista das primeiras jogadas ganhadoras do tabuleiro resolvido \((\d+) de (\d+)",
           "known": r"as jogadas ganhadoras são conhecidas até (\d+) x \1",
           "edges": r"ou em (duas) casas de cada margem do Azul",
           "history": r"Piet Hein em (\d{4}) e encontrado de novo por John Nash em Princeton em (\d{4}) ou (\d{4})"},
}


def page_facts(language: str) -> dict[str, list[tuple[str, ...]]]:
    """Every match of each of ``PAGE_WORDS``' patterns on the Hex rules page in ``language``."""
    import re

    from ui.scenes.rules import rules_source

    with words_in(language):
        page = re.sub(r"\s+", " ", rules_source("hex"))
    found = {name: re.findall(pattern, page) for name, pattern in PAGE_WORDS[language].items()}
    assert all(found.values()), {name: said for name, said in found.items() if not said}
    return found


def cell_names(listed: str) -> set[str]:
    return set(listed.replace(",", " ").split())


@pytest.mark.parametrize("language", ["en", "pt"])
def test_the_rules_pages_solved_boards_are_the_solvers(language):
    """The page's solved boards against our own: the lists of 3x3..5x5 are the shipped maps and,
    for 3x3 and 4x4, a fresh solve; the counts of 6x6 and 7x7 are the maps'; 7x7's top row is told
    whole (the page named d1 and f1 as its winning cells, not g1, which wins too); 8x8's count is
    the swap table's.  The page also dated Nash's Hex "1948", where the sources disagree (1947 to
    1949) and his independence is disputed."""
    maps = hex_knowledge.opening_maps()
    facts = page_facts(language)
    assert sorted(int(n) for _, n, _, _ in facts["list"]) == [3, 4, 5]
    for listed, n, winning, cells in facts["list"]:
        n = int(n)
        assert cell_names(listed) == names(maps[n], n) and (int(winning), int(cells)) == (len(maps[n]), n * n)
        if n < 5:
            assert cell_names(listed) == names((c for c, wins in hex_pns.opening_map(n).items() if wins), n)
    six, thirty_six, seven, forty_nine = (int(x) for x in facts["counts"][0])
    assert (six, thirty_six, seven, forty_nine) == (len(maps[6]), 36, len(maps[7]), 49)
    wins_a, wins_b, loses_a, loses_b = facts["top row"][0]
    said_winning, said_losing = cell_names(wins_a) | {wins_b}, cell_names(loses_a) | {loses_b}
    top_row = {cell_name(c, 7) for c in range(7)}
    assert said_winning | said_losing == top_row and said_winning == top_row & names(maps[7], 7)
    assert tuple(int(x) for x in facts["8x8"][0]) == (len(hex_knowledge.swap_table(8)), 64)
    assert int(facts["known"][0]) == SOLVED_FOR_EVERY_OPENING
    assert facts["history"][0] == ("1942", "1948", "1949")


def test_the_tuning_notes_first_move_table_is_the_shipped_maps():
    """docs/tuning/hex-knowledge.md's table of first-move maps said 7x7 was "stopped after about 20
    minutes, not finished" and left out of the shipped file, long after its map was solved and
    shipped: each row's winning count, seconds and df-pn nodes are the shipped file's, and every
    shipped size has its row."""
    notes = (Path(__file__).resolve().parent.parent / "docs" / "tuning" / "hex-knowledge.md").read_text(encoding="utf-8")
    table = notes.split("| board | winning first moves | seconds | df-pn nodes |", 1)[1].split("\n\n", 1)[0]
    rows = {int(n): (int(winning), float(seconds.replace(",", "")), int(nodes.replace(",", "")))
            for n, winning, seconds, nodes in re.findall(r"^\| (\d+)x\1 \| (\d+)\b[^|]*\| ([\d,.]+) \| ([\d,]+) \|$",
                                                         table, re.M)}
    shipped = json.loads(data.path(hex_knowledge.OPENINGS_FILE).read_text(encoding="utf-8"))["sizes"]
    assert sorted(rows) == sorted(int(n) for n in shipped)
    for n, entry in shipped.items():
        winning, seconds, nodes = rows[int(n)]
        assert (winning, nodes) == (len(entry["winning"]), entry["nodes"]), n
        assert seconds == pytest.approx(entry["seconds"], abs=0.5), n



@pytest.mark.parametrize("language", ["en", "pt"])
def test_the_rules_page_names_every_part_of_the_swap_table(language):
    """The page said the table swaps stones "away from Blue's edges", while it also takes two cells
    of each of Blue's edge columns off the short diagonal (8x8's solved a5, a7, h2 and h4 among
    them): on every size the table covers, each edge holds exactly the two the page now names."""
    assert page_facts(language)["edges"][0] in ("two", "duas")
    for n in range(hex_knowledge.SWAP_TABLE_FROM, 20):
        table = hex_knowledge.swap_table(n)
        for col in (0, n - 1):
            on_edge = {row for row in range(n) if row * n + col in table and row + col != n - 1}
            assert len(on_edge) == 2, (n, col, on_edge)
