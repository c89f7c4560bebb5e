"""The victory-by-continuous-threats search (ai/engines/tictactoe_vct.py) and level-5's use of it.

A win the search reports is replayed against every reply of the defender, the search asked again
at each of the attacker's turns (``assert_wins_against_every_defence``): on 8x8 four in a row and
9x9 five in a row, from random positions, every claim is a real forced win.  Gomoku positions:
a double three (two open twos crossing); a double three the defender's fours only delay, and the
move before it, where level-4 lets it through and level-5 does not (from a game); a win by two
threats level-5 plays and level-4 misses (found among random positions).
"""

from __future__ import annotations

import random
import threading

import pytest

import ai
import games
from ai.base import Clock, Limits
from ai.engines.tictactoe import completing_squares
from ai.engines.tictactoe_threats import OutOfBudget, vcf
from ai.engines.tictactoe_vct import VCTSearch, vct
from tests.test_tictactoe_threats import GOMOKU, position, random_position, sides

EIGHT = games.load("tictactoe", width=8, height=8, k=4)
NINE = games.load("tictactoe", width=9, height=9, k=5)

# X: g8 h8 (a row) and i6 i7 (a column), open twos crossing at i8; O's marks far away
DOUBLE_THREE = ("g8 h8 i6 i7 a1", "a15 o15 o1 c3 m13")


def assert_wins_against_every_defence(state, max_threats: int) -> int:
    """The search's first move wins whatever the defender replies: after every reply (any empty
    square) the attacker completes a line, or the search finds a win again (with one threat
    fewer after a move that was neither a four nor the block of one), down to a completed line.
    Returns the positions walked."""
    game, attacker = state.game, state.to_move
    line = vct(game, *sides(state), max_threats=max_threats)
    assert line is not None, game.to_text(state)
    forced = bool(completing_squares(game, state.boards[1 - attacker], state.boards[attacker]))
    after = state.play(line[0])
    if after.winner() == attacker:
        return 1
    assert not after.is_terminal(), game.to_text(after)
    walked = 1
    completions = set(completing_squares(game, after.boards[attacker], after.boards[1 - attacker]))
    threat = not forced and not completions
    for reply in after.legal_moves():
        answered = after.play(reply)
        assert answered.winner() != 1 - attacker, game.to_text(answered)
        assert not answered.is_terminal(), game.to_text(answered)
        # a line the attacker completes has one empty square and the rest its marks: a reply blocks
        # it only on that square (computed for every reply, these took five sixths of the walk)
        if completions - {reply}:
            continue  # the attacker completes a line at once
        walked += assert_wins_against_every_defence(answered, max_threats - threat)
        assert walked < 10**6
    return walked


def claimed(state) -> bool:
    """Whether the search, with up to two threats, claims a win for the side to move (a search
    past its node budget claims nothing)."""
    try:
        return vct(state.game, *sides(state), max_threats=2) is not None
    except OutOfBudget:
        return False


def test_a_double_three_is_a_win_by_threats_not_by_fours():
    """i8 makes two open threes (g8 h8 i8, i6 i7 i8): one answer cannot stop both, and the open
    four the other makes wins.  No run of fours wins from here; one threat and a run do."""
    state = position(GOMOKU, "X", *DOUBLE_THREE)
    assert vcf(GOMOKU, *sides(state)) is None
    assert vct(GOMOKU, *sides(state), max_threats=0) is None
    line = vct(GOMOKU, *sides(state), max_threats=1)
    assert GOMOKU.format_move(state, line[0]) == "i8"
    assert_wins_against_every_defence(state, 1)


def test_a_single_open_three_is_no_win():
    """An open two makes one open three, answered at either end: no win by threats."""
    state = position(GOMOKU, "X", "g8 h8", "a15 o15")
    assert vct(GOMOKU, *sides(state)) is None


def test_the_answers_to_a_threat_are_the_squares_of_its_run_and_the_defenders_fours():
    """O's answers to X's open three h8 i8 j8 are the squares of X's run (g8 or k8, then the open
    four's ends); with O's three d4 e4 f4 in a row, its ends c4 and g4 too (a four there is one
    X must answer first)."""
    search = VCTSearch(GOMOKU)
    state = position(GOMOKU, "O", "h8 i8 j8", "a1 a15")
    line, answers = search.threat(state.boards[0], state.boards[1])
    assert set(answers) == set(line)
    state = position(GOMOKU, "O", "h8 i8 j8 a3", "d4 e4 f4")
    line, answers = search.threat(state.boards[0], state.boards[1])
    assert {"c4", "g4"} <= {GOMOKU.format_move(state, m) for m in answers} and set(line) <= set(answers)


@pytest.mark.parametrize("game", [EIGHT, NINE], ids=["8x8 k=4", "9x9 k=5"])
@pytest.mark.parametrize("seed", range(12))
def test_every_win_claimed_is_forced_against_every_defence(game, seed):
    """Random positions near the end (many marks, few empty squares) and after a few random
    moves: when the search claims a win, every reply of the defender is beaten."""
    rng = random.Random(seed)
    for plies in (10, 18, 26, 34):
        state = random_position(game, rng, plies)
        if state.is_terminal():
            continue
        if claimed(state):
            assert_wins_against_every_defence(state, 2)


def test_claims_were_found_and_checked_on_the_small_boards():
    """The random positions above hold wins by threats, not only runs of fours: the check is not
    empty."""
    found = 0
    for game in (EIGHT, NINE):
        for seed in range(12):
            rng = random.Random(seed)
            for plies in (10, 18, 26, 34):
                state = random_position(game, rng, plies)
                found += not state.is_terminal() and vcf(game, *sides(state)) is None and claimed(state)
    assert found >= 2


def test_a_stopped_move_stops_the_search():
    stop = threading.Event()
    stop.set()
    state = position(GOMOKU, "X", *DOUBLE_THREE)
    with pytest.raises(OutOfBudget):
        vct(GOMOKU, *sides(state), clock=Clock(Limits(stop=stop), every=1))


def test_the_node_budget_bounds_the_search():
    state = position(GOMOKU, "X", *DOUBLE_THREE)
    with pytest.raises(OutOfBudget):
        vct(GOMOKU, *sides(state), max_nodes=3)


# X to move wins by threats in a position found among random ones: i6 (an open three i6 j5 ...)
# and a second threat before the run of fours; level-4's depth-4 search plays e10 instead
FOUND_WIN = "\n".join([
    "to-move: X", *["." * 15] * 4,
    ".....X.........", "......O..XX....", ".......X.......", "....O..O.......", "....O...O......",
    ".....X...X.....", ".....XO...O....", *["." * 15] * 4])


def test_level5_finds_a_win_by_threats_that_level4_does_not():
    """Level-5 plays the first move of its win by two threats and a run of fours; level-4 plays
    another move, after which O has a reply (g8) that leaves X no win by threats at all."""
    state = GOMOKU.from_text(FOUND_WIN)
    line = vct(GOMOKU, *sides(state), max_threats=2)
    assert vct(GOMOKU, *sides(state), max_threats=1) is None
    five = ai.make_player("tictactoe", "level-5").choose(state, Limits(depth=2))
    assert five == line[0]
    four = ai.make_player("tictactoe", "level-4").choose(state, Limits(depth=4))
    assert four != five
    answered = state.play(four).play(GOMOKU.parse_move(state, "g8"))
    assert vct(GOMOKU, *sides(answered), max_threats=3, max_nodes=50_000) is None


def test_a_double_three_wins_after_the_defenders_fours_are_played_out():
    """From a game level-5 lost as O: after i3, X's l4 makes two threes (j4 k4 l4, j6 k5 l4);
    O's fours g5 and j2 (on e7 g5 h4 i3) only delay, X's forced blocks f6 and k1 are no threats
    of its own, and the threes still stand.  Found with one threat (once, each forced block was
    counted as a threat, and it was not), and the win holds against every reply."""
    state = GOMOKU.play_line(["j4", "e7", "k5", "i5", "k4", "h4", "j6", "i3"])
    line = vct(GOMOKU, *sides(state), max_threats=1)
    assert GOMOKU.format_move(state, line[0]) == "l4"
    assert_wins_against_every_defence(state, 1)


def test_level5_does_not_leave_the_double_three_level4_leaves():
    """The position a move earlier, O to move: level-4's depth-4 search plays i3, after which X
    wins by threats; level-5 (its search to depth 2) plays a move after which X has no
    win by two threats or fewer."""
    state = GOMOKU.play_line(["j4", "e7", "k5", "i5", "k4", "h4", "j6"])
    four = state.play(ai.make_player("tictactoe", "level-4").choose(state, Limits(depth=4)))
    assert vct(GOMOKU, *sides(four), max_threats=1) is not None
    five = state.play(ai.make_player("tictactoe", "level-5").choose(state, Limits(depth=2)))
    assert vct(GOMOKU, *sides(five), max_threats=2) is None
