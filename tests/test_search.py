"""The generic searches: agreement with plain minimax, the time budget, the stop flag, progress."""

from __future__ import annotations

import math
import random
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

import ai
import games
from ai.base import WIN, Flag, Limits, PlayerInfo
from ai.engines.tictactoe import OpenLines
from ai.match import random_line, random_play, random_positions
from ai.search.alphabeta import AlphaBeta, AlphaBetaPlayer
from ai.search.classic import alphabeta_cutoff
from ai.search.driver import CTL_DEADLINE_NS, CTL_STOP

SMALL = games.load("tictactoe", width=4, height=4, k=3)
BIG = games.load("tictactoe", width=15, height=15, k=5)


def exact(state, memo={}) -> int:  # noqa: B006 - the memo is deliberate
    key = state.key()
    if key not in memo:
        if state.is_terminal():
            w = state.winner()
            memo[key] = 0 if w is None else (1 if w == state.to_move else -1)
        else:
            memo[key] = max(-exact(state.play(m)) for m in state.legal_moves())
    return memo[key]


def random_position(game, plies: int, seed: int):
    return random_play(game.initial_state(), plies, random.Random(seed))


def test_random_play_plays_the_seeds_moves_and_stops_where_the_game_ends():
    """``ai.match.random_play``, the benches', tools' and tests' seeded random position: a seed
    gives one position, ``plies`` moves on (the moves counted in the board's marks), and more
    plies than the game lasts end on its last position, not on an error."""
    start = SMALL.initial_state()
    assert random_play(start, 0, random.Random(1)) is start
    four = random_play(start, 4, random.Random(1))
    assert four.key() == random_play(start, 4, random.Random(1)).key()
    board = SMALL.to_text(four).split("\n", 1)[1]  # below the "to-move:" line
    assert sum(mark in "XO" for mark in board) == 4
    ended = random_play(start, 1000, random.Random(1))
    assert ended.is_terminal()


@pytest.mark.parametrize("game_id", games.available_ids())
def test_random_line_writes_the_moves_random_play_plays(game_id):
    """``ai.match.random_line``, the tests' and the window bench's seeded game as text: with the
    same seed, its moves played again reach ``random_play``'s position, each move written as the
    game writes it, and a game that ends before ``plies`` stops at its last move."""
    game = games.load(game_id)
    start = game.initial_state()
    assert random_line(start, 0, random.Random(3)) == []
    line = random_line(start, 4, random.Random(3))  # no game ends in four plies
    assert len(line) == 4 and all(isinstance(text, str) and text for text in line)
    assert game.play_line(line).key() == random_play(start, 4, random.Random(3)).key()
    whole = random_line(start, 5000, random.Random(3))
    assert game.play_line(whole).is_terminal() and game.play_line(whole[:-1]).is_terminal() is False


@pytest.mark.parametrize("game_id", games.available_ids())
def test_random_positions_are_the_positions_random_play_passes_through(game_id):
    """``ai.match.random_positions``, the tests' seeded game position by position: the start, each
    next one a legal move on from the one before, the last ``random_play``'s with the same seed;
    a game that ends before ``plies`` stops at its end."""
    game = games.load(game_id)
    start = game.initial_state()
    assert random_positions(start, 0, random.Random(3)) == [start]
    four = random_positions(start, 4, random.Random(3))
    assert len(four) == 5 and four[0] is start
    assert four[-1].key() == random_play(start, 4, random.Random(3)).key()
    for before, after in zip(four, four[1:]):
        assert any(before.play(move).key() == after.key() for move in before.legal_moves())
    whole = random_positions(start, 5000, random.Random(3))
    assert whole[-1].is_terminal() and not any(state.is_terminal() for state in whole[:-1])


@pytest.mark.parametrize("seed", range(12))
def test_alphabeta_proves_the_same_value_as_minimax(seed):
    state = random_position(SMALL, 5, seed)
    if state.is_terminal():
        return
    result = AlphaBeta(OpenLines()).search(state, Limits())
    assert result.proven == exact(state)
    assert -exact(state.play(result.best_move)) == exact(state)
    if result.proven:
        # the reported distance is the length of the game under perfect play
        assert result.proven_plies >= 1 and abs(result.score) == WIN - result.proven_plies


@pytest.mark.parametrize("seed", range(6))
def test_classic_alphabeta_equals_plain_minimax(seed):
    state = random_position(SMALL, 7, seed)
    if state.is_terminal():
        return

    def heuristic(s, player):
        w = s.winner()
        return 0 if w is None else (1 if w == player else -1)

    pruned = alphabeta_cutoff(state, 4, heuristic)
    plain = alphabeta_cutoff(state, 4, heuristic, prune=False)
    assert pruned[:2] == plain[:2]
    assert pruned[2] <= plain[2]


def test_time_budget_is_honoured_and_a_finished_depth_is_returned():
    state = random_position(BIG, 6, 1)
    player = ai.make_player("tictactoe", "level-5")
    reports = []
    began = time.perf_counter()
    move = player.choose(state, Limits(time=0.3), progress=reports.append)
    spent = time.perf_counter() - began
    assert move in state.legal_moves()
    assert spent < 0.3 + 2.0, f"took {spent:.2f} s for a 0.3 s budget"  # kept, with a margin for loaded CI
    finals = [r for r in reports if r.done]
    assert len(finals) == 1 and finals[0].depth >= 1 and finals[0].best_move == move


def test_stop_flag_ends_an_unlimited_search_promptly():
    state = random_position(BIG, 4, 2)
    player = ai.make_player("tictactoe", "level-5")
    flag = threading.Event()
    threading.Timer(0.2, flag.set).start()
    began = time.perf_counter()
    move = player.choose(state, Limits(stop=flag))
    assert time.perf_counter() - began < 5.0  # not hung (a margin for loaded CI)
    assert move in state.legal_moves()


class StopsAfter(OpenLines):
    """OpenLines that writes the stop into the engine's control block at its ``stop_at``-th
    evaluation (as the driver's watcher does at the deadline; ``cell``: CTL_DEADLINE_NS, a deadline
    long past, as the clock passing it with no watcher scheduled), then counts the nodes searched."""

    def __init__(self, stop_at: int, cell: int = CTL_STOP) -> None:
        super().__init__()
        self.stop_at, self.cell, self.calls, self.engine, self.nodes_at_stop = stop_at, cell, 0, None, None

    def evaluate(self, state):
        self.calls += 1
        if self.calls == self.stop_at:
            self.engine.ctl[self.cell] = 1
            self.nodes_at_stop = self.engine.nodes
        return super().evaluate(state)


@pytest.mark.parametrize("stop_at", [5, 40, 300])
def test_a_stopped_search_looks_at_few_nodes_after_the_stop(stop_at):
    """On 15x15 a node costs about 0.1 ms: with 128 nodes between looks at the stop cell a 0.1 s
    move came 10-40 ms late (``python main.py bench budget``); now a few nodes (``STOP_EVERY``)."""
    evaluator = StopsAfter(stop_at)
    engine = AlphaBeta(evaluator, seed=1)
    evaluator.engine = engine
    state = random_position(BIG, 6, 1)
    result = engine.search(state, Limits(depth=4))
    assert evaluator.nodes_at_stop is not None and result.best_move in state.legal_moves()
    assert engine.nodes - evaluator.nodes_at_stop <= 16


@pytest.mark.parametrize("stop_at", [5, 300])
def test_a_search_in_python_stops_at_its_deadline_without_the_watcher(stop_at):
    """The deadline in the control block (``CTL_DEADLINE_NS``) stops the search when the clock
    passes it, the stop cell never written: a watcher thread that did not get the interpreter (a
    worker compiling kernels beside a stand-in's search) no longer keeps a Python search running."""
    evaluator = StopsAfter(stop_at, cell=CTL_DEADLINE_NS)
    engine = AlphaBeta(evaluator, seed=1)
    evaluator.engine = engine
    state = random_position(BIG, 6, 1)
    result = engine.search(state, Limits(depth=4))
    assert evaluator.nodes_at_stop is not None and result.best_move in state.legal_moves()
    assert engine.nodes - evaluator.nodes_at_stop <= 16 and engine.ctl[CTL_STOP] == 0


def test_stop_flag_already_set_still_gives_a_legal_move():
    flag = Flag()
    flag.set()
    state = random_position(BIG, 3, 3)
    for player_id in ("level-2", "level-5"):
        assert ai.make_player("tictactoe", player_id).choose(state, Limits(stop=flag)) in state.legal_moves()


def test_progress_reports_depth_nodes_and_principal_variation():
    reports = []
    state = random_position(games.load("tictactoe", width=7, height=6, k=4), 4, 5)
    ai.make_player("tictactoe", "level-5").choose(state, Limits(time=0.3), progress=reports.append)
    assert [r.depth for r in reports if not r.done] == sorted(r.depth for r in reports if not r.done)
    last = reports[-1]
    assert last.done and last.nodes > 0 and last.nps > 0
    assert last.pv and last.pv[0] == last.best_move
    line = state
    for move in last.pv:  # the principal variation is a playable line
        line = line.play(move)


def test_noise_keeps_weak_levels_legal_and_varied():
    state = games.load("tictactoe", width=7, height=6, k=4).initial_state()
    moves = {
        AlphaBetaPlayer(OpenLines(), PlayerInfo("x", "x"), depth=1, noise=1000, seed=s).choose(state, Limits())
        for s in range(12)
    }
    assert len(moves) > 1 and moves <= set(state.legal_moves())


def test_catalog_and_unknown_player():
    ids = [p.id for p in ai.catalog("tictactoe")]
    assert ids[:5] == [f"level-{n}" for n in range(1, 6)]
    with pytest.raises(ValueError, match="level-1"):
        ai.make_player("tictactoe", "grandmaster")


def test_has_player_answers_for_the_levels_without_importing_an_engine():
    """The Continue list and the main menu ask ``has_player`` of every unfinished game's players
    as the window opens; for a level it answered by importing the game's engines (numba and the
    kernels: about a second of the window's thread).  Asked in a fresh interpreter."""
    script = ("import sys, ai\n"
              "assert ai.has_player('reversi', 'level-3') and ai.has_player('hex', 'level-5')\n"
              "assert not any(name.startswith('ai.engines') for name in sys.modules), sorted(sys.modules)\n"
              "assert ai.has_player('rastros', 'rastros:basilio') and not ai.has_player('rastros', 'level-99')\n"
              "try:\n    ai.has_player('chess', 'level-1')\nexcept ValueError as exc:\n    print(exc)\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120,
                          cwd=Path(__file__).resolve().parent.parent)
    assert done.returncode == 0, done.stderr
    assert "reversi" in done.stdout  # the unknown game's error names the valid ones


def test_noise_bounds_a_weak_levels_slip():
    """Noise of +-N on each root move's value costs at most 2N against the best move, including
    moves whose null-window value was only a bound."""
    game = games.load("tictactoe", width=7, height=6, k=4)
    noise, depth = 15.0, 3
    for k in range(10):
        state = random_position(game, 6 + k % 5, seed=k)
        if state.is_terminal():
            continue
        searched = OpenLines().candidate_moves(state, state.legal_moves())  # the moves the root weighs
        exact = {m: -AlphaBeta(OpenLines(), seed=0).search(state.play(m), Limits(depth=depth - 1)).score
                 for m in searched if not state.play(m).is_terminal()}
        if len(exact) < len(searched):
            continue  # a move that ends the game: no slip to measure
        best = max(exact.values())
        for seed in range(4):
            chosen = AlphaBetaPlayer(OpenLines(), PlayerInfo("x", "x"), depth=depth, noise=noise,
                                     seed=seed).choose(state, Limits())
            assert exact[chosen] >= best - 2 * noise - 1e-6, (k, seed)


def test_alpha_beta_plays_an_only_move_without_searching():
    """One square left: the driver's only-move answer (kind "rule", no nodes), also when the
    table already holds a best move for the position (it is the fallback, listed once)."""
    game = games.load("tictactoe")
    state = game.initial_state()
    for text in ("b2", "a1", "c1", "a3", "a2", "c2", "b3", "b1"):
        state = state.play(game.parse_move(state, text))
    engine = AlphaBeta(OpenLines())
    for _ in range(2):
        result = engine.search(state, Limits(time=1.0))
        assert (result.kind, game.format_move(state, result.best_move), result.nodes) == ("rule", "c3", 0)
        engine.tt[state.key()] = (1, 0.0, 0, result.best_move)


@pytest.mark.parametrize("player_id", ["rastros:basilio", "rastros:random-plus", "rastros:ar-livre"])
def test_a_course_search_cut_off_before_valuing_a_move_reports_no_infinite_value(player_id):
    """Out of time before its first root move was valued, a course search's value stayed minus
    infinity and was reported: the window's panel raised OverflowError on it."""
    game = games.load("rastros")
    reports: list = []
    move = ai.make_player("rastros", player_id, seed=1).choose(game.initial_state(), ai.Limits(time=0.0005),
                                                             reports.append)
    assert move in game.initial_state().legal_moves()
    assert all(math.isfinite(report.score) for report in reports)
