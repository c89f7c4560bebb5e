"""Every level's description (shown on the setup screen) is true: tests hold each level to it.

Tic-tac-toe and Trax (the other games' levels have their own helpers' tests).  Positions come from
random games with fixed seeds; the facts are checked with the rules (``games``), never with the
engine under test:

- "takes a win in one": in every position where the mover can win at once, it does;
- "blocks yours" / "never lets you win at once": when the opponent threatens a win in one and the
  mover has none, the move leaves the opponent no win in one (whenever some move does);
- "never loses on 3x3": level 5's move keeps the game-theoretic value (a small exact solver).
- "plays a run of threats (fours and threes) through to the win": where the mover wins by fours (a
  search of every defender reply, tests/test_tictactoe_threats.py), its move keeps such a win;
  wins by threes are tests/test_tictactoe_vct.py's.
"""

from __future__ import annotations

import random
from functools import cache

import pytest

import ai
import games

LIMITS = ai.Limits(time=0.3)
STARVED = ai.Limits(time=0.0005)  # a search cut short after its first steps, as on a machine at load 10
# a move's time whose tenth, the threat search's share, finds a run of three fours on a loaded machine
# too (0.3 s left it 30 ms, a few of CPU at load 20); the move is played as soon as the run is found
THREAT_LIMITS = ai.Limits(time=3.0)


def wins_in_one(state) -> list:
    return [m for m in state.legal_moves() if state.play(m).winner() == state.to_move]


def gives_a_win_in_one(state, move) -> bool:
    """After ``move`` the opponent has a move that wins at once (or the move lost already)."""
    after = state.play(move)
    if after.is_terminal():
        return after.winner() not in (None, state.to_move)
    return bool(wins_in_one(after))


def positions(game, seeds: range, max_plies: int, keep) -> list:
    """Positions from random games (one per seed at most) for which ``keep(state)`` holds."""
    found = []
    for seed in seeds:
        rng, state = random.Random(seed), game.initial_state()
        plies = rng.randrange(2, max_plies)
        for _ in range(plies):
            if state.is_terminal():
                break
            state = state.play(rng.choice(state.legal_moves()))
        while not state.is_terminal():  # walk on until the position is one the test wants
            if keep(state):
                found.append(state)
                break
            state = state.play(rng.choice(state.legal_moves()))
    return found


def must_block(state) -> bool:
    """The opponent threatens a win in one, the mover has none, and some move stops it."""
    if wins_in_one(state):
        return False
    flipped_threat = any(not state.play(m).is_terminal() and wins_in_one(state.play(m)) for m in state.legal_moves())
    return flipped_threat and any(not gives_a_win_in_one(state, m) for m in state.legal_moves())


def description(game_id: str, level: str) -> str:
    return next(p.description for p in ai.catalog(game_id) if p.id == level)


TICTACTOE_BOARDS = [{}, {"width": 7, "height": 6, "k": 4}]


@pytest.mark.parametrize("options", TICTACTOE_BOARDS)
@pytest.mark.parametrize("level", ["level-2", "level-3", "level-4", "level-5"])
def test_tictactoe_levels_take_a_win_in_one(level, options):
    assert "win" in description("tictactoe", level).lower() or level == "level-5"
    game = games.load("tictactoe", **options)
    found = positions(game, range(40), 8, lambda s: bool(wins_in_one(s)))
    assert len(found) >= 20
    for i, state in enumerate(found):
        move = ai.make_player("tictactoe", level, seed=i).choose(state, LIMITS)
        assert move in wins_in_one(state), (level, game.to_text(state))


@pytest.mark.parametrize("options", TICTACTOE_BOARDS)
@pytest.mark.parametrize("level", ["level-3", "level-4"])
def test_tictactoe_levels_block_a_win_in_one(level, options):
    assert "blocks yours" in description("tictactoe", level)
    game = games.load("tictactoe", **options)
    found = positions(game, range(60), 8, must_block)
    assert len(found) >= 15
    for i, state in enumerate(found):
        move = ai.make_player("tictactoe", level, seed=i).choose(state, LIMITS)
        assert not gives_a_win_in_one(state, move), (level, game.to_text(state))


def test_tictactoe_level_3_position_from_the_issue():
    """X a1, b2 against O b1, a3: c3 wins, for every seed."""
    game = games.load("tictactoe")
    state = game.play_line(["a1", "b1", "b2", "a3"])
    for seed in range(60):
        move = ai.make_player("tictactoe", "level-3", seed=seed).choose(state, LIMITS)
        assert game.format_move(state, move) == "c3"


@cache
def _value(state) -> int:
    """+1 / 0 / -1 for the side to move under perfect play (3x3 only: a few thousand positions)."""
    if state.is_terminal():
        w = state.winner()
        return 0 if w is None else (1 if w == state.to_move else -1)
    return max(-_value(state.play(m)) for m in state.legal_moves())


def test_tictactoe_level_5_plays_a_run_of_fours_through_to_the_win():
    """On 7x7 four in a row (49 squares: a big board), in random positions where the mover has no
    win in one but wins by three fours or fewer, whatever the defender replies."""
    from ai.engines.tictactoe import completing_squares
    from tests.test_tictactoe_threats import SMALL, brute_vcf, sides

    assert "plays a run of threats (fours and threes) through to the win" in description("tictactoe", "level-5")

    def wins_by_fours(state) -> bool:
        me, them = sides(state)
        return not completing_squares(SMALL, me, them) and not completing_squares(SMALL, them, me) \
            and brute_vcf(me, them, 3)

    found = positions(SMALL, range(60), 12, wins_by_fours)
    assert len(found) >= 10
    for i, state in enumerate(found):
        after = state.play(ai.make_player("tictactoe", "level-5", seed=i).choose(state, THREAT_LIMITS))
        mover, blocks = state.to_move, completing_squares(SMALL, *reversed(sides(after)))
        assert blocks, SMALL.to_text(state)  # a four: the defender must answer
        for block in blocks if len(blocks) == 1 else []:  # two fours at once: either block loses
            answered = after.play(block)
            assert brute_vcf(answered.boards[mover], answered.boards[1 - mover], 2), SMALL.to_text(state)


@pytest.mark.parametrize("limits", [LIMITS, STARVED], ids=["0.3 s", "a starved CPU"])
def test_tictactoe_level_5_never_loses_on_3x3(limits):
    """Also when its search is cut short after a ply or two: on a CI machine at load 10, O's
    centre in X a1 c2 / O a3 (which loses to a fork) came out of a search with 0.3 s to think."""
    assert "never loses on 3x3" in description("tictactoe", "level-5")
    game = games.load("tictactoe")
    found = positions(game, range(40), 6, lambda s: True)
    found.append(game.from_text("to-move: O\nX..\n..X\nO.."))
    for i, state in enumerate(found):
        move = ai.make_player("tictactoe", "level-5", seed=i).choose(state, limits)
        assert -_value(state.play(move)) == _value(state), game.to_text(state)


# -- Trax ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("level", ["level-2", "level-3", "level-4", "level-5"])
def test_trax_levels_take_a_win_in_one(level):
    assert "win in one" in description("trax", level)
    game = games.load("trax")
    found = positions(game, range(25), 20, lambda s: bool(wins_in_one(s)))
    assert len(found) >= 8
    for i, state in enumerate(found):
        move = ai.make_player("trax", level, seed=i).choose(state, LIMITS)
        assert move in wins_in_one(state), (level, game.to_text(state))


@pytest.mark.parametrize("limits", [LIMITS, STARVED], ids=["0.3 s", "a starved CPU"])
@pytest.mark.parametrize("level", ["level-3", "level-4", "level-5"])
def test_trax_levels_never_let_you_win_at_once(level, limits):
    """Also when the time is up before a move was checked (a loaded machine): the check goes on
    until one safe move is found."""
    assert "lets you win at once" in description("trax", level)
    game = games.load("trax")
    found = positions(game, range(40), 20, must_block)
    assert len(found) >= 8
    for i, state in enumerate(found):
        move = ai.make_player("trax", level, seed=i).choose(state, limits)
        assert not gives_a_win_in_one(state, move), (level, game.to_text(state))
