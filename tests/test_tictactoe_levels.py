"""Tic-tac-toe's levels on bigger boards: the evaluation's view of the side to move, the speed of
a move's winner check and the search's beam of squares on big boards (the ladder's figures behind
them: ``python main.py bench tictactoe``, docs/tuning/tictactoe.md)."""

from __future__ import annotations

import random

import pytest

import ai
import games
from ai.base import Limits
from ai.engines.tictactoe import BEAM_WIDTH, OpenLines

SEVEN_BY_SIX = games.load("tictactoe", width=7, height=6, k=4)
FIFTEEN = games.load("tictactoe", width=15, height=15, k=5)


def random_states(game, seed: int, plies: int):
    """The states of one random game of at most ``plies`` moves, near the centre on big boards."""
    rng, state = random.Random(seed), game.initial_state()
    centre = game.move_order[:49]
    states = [state]
    while not state.is_terminal() and len(states) <= plies:
        state = state.play(rng.choice([m for m in state.legal_moves() if m in centre] or state.legal_moves()))
        states.append(state)
    return states


def test_the_side_to_move_is_ahead_when_its_lines_mirror_the_others():
    """X's two in a row on the top edge against O's on the bottom edge: the side to move marks the
    next square, so it is ahead (the evaluation once counted the other side's lines double, and
    level-4's even-depth search then lost to level-3 on 7x6)."""
    board = "\n".join(["XX.....", ".......", ".......", ".......", ".......", "OO....."])
    state = SEVEN_BY_SIX.from_text(f"to-move: X\n{board}")
    assert OpenLines().evaluate(state) > 0


@pytest.mark.parametrize("game", [games.load("tictactoe"), SEVEN_BY_SIX, FIFTEEN], ids=["3x3", "7x6", "15x15"])
def test_a_moves_winner_is_found_from_the_lines_through_it(game, monkeypatch):
    """``play`` finds the winner without looking at every line of the board (most of a search's
    time on 15x15 when it did), and finds the one a look at every line finds."""
    full_scan = game.find_winner
    for seed in range(20):
        states = random_states(game, seed, game.cells)
        monkeypatch.setattr(game, "find_winner", lambda boards: pytest.fail("play looked at every line"))
        replayed = [states[0]]
        for before, after in zip(states, states[1:]):
            move = next(m for m in range(game.cells) if (after.boards[0] | after.boards[1]) >> m & 1
                        and not (before.boards[0] | before.boards[1]) >> m & 1)
            replayed.append(replayed[-1].play(move))
        monkeypatch.setattr(game, "find_winner", full_scan)
        assert [s.winner() for s in replayed] == [full_scan(s.boards) for s in replayed]


def test_big_boards_search_a_beam_of_the_squares_doing_most_for_either_side_wins_and_blocks_first():
    """On 15x15 the search weighs at most ``BEAM_WIDTH`` squares, the wins in one and the blocks of
    the opponent's four first; on 7x6 every square next to a mark, as before."""
    rows = ["." * 15] * 15
    rows[7] = "....XXXX......."
    rows[9] = "....OOOO......."
    state = FIFTEEN.from_text("to-move: X\n" + "\n".join(rows))
    beam = OpenLines().candidate_moves(state, state.legal_moves())
    assert len(beam) == BEAM_WIDTH
    assert {FIFTEEN.format_move(state, m) for m in beam[:4]} == {"d8", "i8", "d10", "i10"}
    small = random_states(SEVEN_BY_SIX, 1, 10)[-1]
    near = [m for m in small.legal_moves() if any(abs(m // 7 - t // 7) <= 1 and abs(m % 7 - t % 7) <= 1
                                                  for t in range(42) if (small.boards[0] | small.boards[1]) >> t & 1)]
    assert OpenLines().candidate_moves(small, small.legal_moves()) == near


def test_level_4_searches_four_moves_ahead_on_15x15_in_a_few_thousand_positions():
    """Its promise, "looks four moves ahead", within the app's times: a depth-4 search of the
    squares next to a mark visited 10 to 100 times as many positions (10 s a move in Python)."""
    player = ai.make_player("tictactoe", "level-4", seed=1)
    for seed in range(4):
        state = random_states(FIFTEEN, seed, 12 + 4 * seed)[-1]
        if state.is_terminal():
            continue
        player.inner.choose(state, Limits(depth=4))
        assert player.inner.last.depth == 4 and player.inner.last.nodes < 5000, seed


def test_the_beam_puts_stopping_an_open_three_before_making_a_three_of_ones_own():
    """O's open three on row 10 becomes an open four (a win) at either end: those two squares lead
    the beam, ahead of X's squares turning its twos into threes (when only the lines a square closes
    counted for the other side, X's own threes came first)."""
    rows = ["." * 15] * 15
    rows[4], rows[6] = "....XX.........", "..........XX..."
    rows[9], rows[12] = ".....OOO.......", "...O..........."
    state = FIFTEEN.from_text("to-move: X\n" + "\n".join(rows))
    beam = OpenLines().candidate_moves(state, state.legal_moves())
    assert {FIFTEEN.format_move(state, m) for m in beam[:2]} == {"e10", "i10"}


def test_the_rules_page_says_which_moves_the_search_looks_at_on_big_boards():
    """The rules page's note on analysis (a W or L without a number is no proof) names the beam of
    level 5's compiled search as it is, in English and Portuguese: the boards it searches and how
    many squares it keeps at a node and at the root.  The page said "more than 49 squares only the
    ten", the Python beam of the lower levels, after level 5 had moved to the kernel."""
    from pathlib import Path

    from ai.engines.tictactoe_search import KERNEL_CELLS, ROOT_WIDTH, WIDTH

    root = Path(__file__).parent.parent / "assets"
    said = {
        "rules": f"on boards of more than {KERNEL_CELLS} squares are only those next to a mark, and of those "
                 f"only the {WIDTH} that do most for their lines, for either side ({ROOT_WIDTH} for the move "
                 "it chooses)",
        "locale/pt/rules": f"em tabuleiros de mais de {KERNEL_CELLS} casas são só as vizinhas de uma marca, e "
                           f"destas só as {WIDTH} que mais fazem pelas suas linhas, de um lado ou do outro "
                           f"({ROOT_WIDTH} para a jogada que escolhe)",
    }
    for folder, sentence in said.items():
        page = " ".join((root / folder / "tictactoe.md").read_text(encoding="utf-8").split())
        assert sentence in page, folder


def _last_report(game, moves: list[str], level: str):
    """The last progress report of ``level``'s move after ``moves``, and the move it chose."""
    state = game.initial_state()
    for text in moves:
        state = state.play(game.parse_move(state, text))
    reports = []
    move = ai.make_player("tictactoe", level, seed=1).choose(state, Limits(depth=2), reports.append)
    return reports[-1], game.format_move(state, move)


def test_a_rule_that_knows_the_positions_value_reports_it_as_proven():
    """Level-5 blocking b3 on a drawn 3x3 board said "chose b3" after its searches had proved the
    draw; a block, a win in one and a solved board's move now carry what is proven."""
    drawn, move = _last_report(games.load("tictactoe"), ["b2", "a1", "b1"], "level-5")
    assert (move, drawn.kind, drawn.proven) == ("b3", "rule", 0)
    won, move = _last_report(FIFTEEN, ["h8", "a1", "h9", "a2", "h10", "a3", "h11", "b1"], "level-3")
    assert move in ("h7", "h12") and (won.proven, won.proven_plies) == (1, 1)


def test_level_5_on_7x6_does_not_walk_into_a_threat_win_after_a_corner_opening():
    """After a1 b2 on 7x6 four in a row, c3 loses by force (O wins by threats, a line the compiled
    search proves), which the Python search six plies deep could not see: level-5 played it at
    0.5 s, 1 s and 3 s a move and lost that game to level-4.  Level-5 searches 7x6 in the compiled,
    threat-aware kernel, which at the same depth plays elsewhere (docs/tuning/tictactoe.md)."""
    from ai.engines.tictactoe_search import KernelSearcher
    from ai.search import driver

    state = SEVEN_BY_SIX.play_line(["a1", "b2"])
    after_c3 = state.play(SEVEN_BY_SIX.parse_move(state, "c3"))
    assert driver.search(KernelSearcher(), after_c3, Limits(depth=10)).proven == 1  # O wins against every defence
    move = ai.make_player("tictactoe", "level-5", seed=1).choose(state, Limits(depth=6))
    assert SEVEN_BY_SIX.format_move(state, move) != "c3"
