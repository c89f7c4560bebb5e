"""The Alquerque kernels (ai/kernels/alquerque.py) against the rules reference and the old search.

- move generation, make/unmake and the end of the game (incl. the 40-ply rule and repetitions)
  against games/alquerque.py on positions from seeded random games, for every rule option;
- perft counts against games/alquerque.py;
- the kernel evaluation against ``Tactics.evaluate``;
- the kernel search's values against plain minimax (no pruning, no table) with the same
  evaluation, quiescence and draw rules, and against the pure-Python search it replaced;
- that search standing in for the kernels while the window's worker compiles them.
"""

from __future__ import annotations

import random
from collections import Counter

import numpy as np
import pytest

from ai.base import PROVEN, WIN, Limits
from ai.engines.alquerque import EnginePlayer, KernelSearch, Tactics
from ai.kernels import alquerque as kernel
from ai.match import WHOLE_GAME, random_positions
from ai.reference.alquerque_search import reference_player
from ai.search.driver import new_ctl
from games.alquerque import Alquerque, AlquerqueState
from tests.kernel_helpers import compiling_from_scratch

OPTIONS = [
    {},
    {"any_direction_captures": True},
    {"compulsory_capture": True},
    {"any_direction_captures": True, "compulsory_capture": True},
]
OPTION_IDS = ["course", "any-direction", "compulsory", "both"]
COUNTER_WEIGHTS = {"keep_lead": 20.0, "hurry": 16.0}  # the 40-ply counter's terms (level-5's defaults)
NO_COUNTER = {"keep_lead": 0.0, "hurry": 0.0}
PRESS_WEIGHTS = {"press": 10.0}


def random_states(game: Alquerque, games_count: int, seed: int) -> list[AlquerqueState]:
    """Every state of ``games_count`` seeded random games, the finished ones included."""
    rng = random.Random(seed)
    return [state for _ in range(games_count) for state in random_positions(game.initial_state(), WHOLE_GAME, rng)]


def kernel_moves(r: np.ndarray, state: AlquerqueState) -> list[int]:
    white, black = state.boards
    own, enemy = (white, black) if state.to_move == 0 else (black, white)
    moves = np.zeros((1, kernel.MAX_MOVES), np.int64)
    n = kernel.generate(r, own, enemy, state.to_move, moves, 0, False)
    return [int(m) for m in moves[0, :n]]


def kernel_ending(r: np.ndarray, state: AlquerqueState) -> int:
    """``ending`` with the state's history since the last irreversible move as ``seen``."""
    misc = np.zeros(kernel.M_SIZE, np.int64)
    for i, position in enumerate(state.history):
        misc[kernel.M_SEEN + i] = kernel.position_code(*position)
    return kernel.ending(r, misc, *state.boards, state.to_move, state.quiet, 0, len(state.history))


@pytest.mark.parametrize("options", OPTIONS, ids=OPTION_IDS)
def test_moves_results_and_endings_match_the_rules(options):
    game = Alquerque(**options)
    r = kernel.rules_of(game)
    ends = Counter()
    for state in random_states(game, 25, seed=7):
        white, black = state.boards
        side = state.to_move
        rules_moves = state._all_moves()
        mine = kernel_moves(r, state)
        # the same moves, each once: a chain is known by its start, end and jumped pieces (paths
        # through the same pieces in another order are one move to the kernel)
        assert len(mine) == len(set(mine))
        assert set(mine) == {kernel.encode(m) for m in rules_moves}
        own, enemy = (white, black) if side == 0 else (black, white)
        assert kernel.has_move(r, own, enemy, side) == bool(rules_moves)
        fresh = AlquerqueState(game, state.boards, side)  # playable even where the game ended
        for move in rules_moves:
            code = kernel.encode(move)
            after = kernel.make_move(white, black, side, code)
            assert after == fresh.play(move).boards
            assert kernel.unmake_move(*after, side, code) == (white, black)
            assert kernel.is_sideways_step(code) == bool(fresh.play(move).history)
        ending = kernel_ending(r, state)
        ends[ending] += 1
        if not state.is_terminal():
            assert ending in (kernel.PLAYING, kernel.REPEATED)
            assert (ending == kernel.REPEATED) == (state.position in state.history)
        elif state.winner() is None:
            assert ending == kernel.DRAWN
        else:
            assert ending == kernel.LOST and state.winner() == 1 - side
    assert ends[kernel.LOST] and ends[kernel.PLAYING]  # the random games reached both kinds of end


def test_both_draw_rules_occur_in_the_random_games():
    """The differential test above meets games drawn by the 40-ply rule and by repetition."""
    game = Alquerque()
    r = kernel.rules_of(game)
    drawn = [s for s in random_states(game, 25, seed=7) if s.is_terminal() and s.winner() is None]
    assert {s.quiet >= 40 for s in drawn} == {True, False}
    assert all(kernel_ending(r, s) == kernel.DRAWN for s in drawn)


def rules_perft(state: AlquerqueState, depth: int) -> int:
    """Perft by games/alquerque.py, without the draw rules (each position starts afresh), counting
    the moves to distinct positions (the kernel lists chains that differ only in their path once)."""
    fresh = AlquerqueState(state.game, state.boards, state.to_move)
    moves = list({fresh.play(m).boards: m for m in fresh.legal_moves()}.values())
    if depth == 1:
        return len(moves)
    return sum(rules_perft(fresh.play(m), depth - 1) for m in moves)


MANY_PATHS = "to-move: White\n...B.\nBBBB.\n.BW..\nBBBB.\n.B.B."  # one piece among twelve


@pytest.mark.parametrize("options", OPTIONS[1::2], ids=OPTION_IDS[1::2])
def test_thousands_of_capture_paths_are_listed_once_each_and_searched(options):
    """Captures in any direction: here the rules list thousands of capture paths, more than a
    kernel move list holds (a fixed-size list once overflowed, and the process crashed); the
    kernel lists each resulting position once, and level-5 searches it."""
    game = Alquerque(**options)
    state = game.from_text(MANY_PATHS)
    paths = state.legal_moves()
    assert len(paths) > kernel.MAX_MOVES
    mine = kernel_moves(kernel.rules_of(game), state)
    assert len(mine) == len(set(mine)) and set(mine) == {kernel.encode(m) for m in paths}
    move = EnginePlayer(None, depth=3).choose(state, Limits(depth=3))
    assert move in paths


@pytest.mark.parametrize("options", OPTIONS, ids=OPTION_IDS)
def test_perft_matches_the_rules(options):
    game = Alquerque(**options)
    r = kernel.rules_of(game)
    rng = random.Random(3)
    starts = [game.initial_state()] + rng.sample(random_states(game, 4, seed=11), 5)
    for state in starts:
        lists = np.zeros((4, kernel.MAX_MOVES), np.int64)
        assert kernel.perft(r, *state.boards, state.to_move, 3, lists) == rules_perft(state, 3)


@pytest.mark.parametrize("weights", [NO_COUNTER, COUNTER_WEIGHTS, PRESS_WEIGHTS], ids=["plain", "counter", "press"])
@pytest.mark.parametrize("options", OPTIONS, ids=OPTION_IDS)
def test_evaluation_is_the_tactics_evaluation(options, weights):
    """Every state of random games, the finished ones too (their draw values by either rule), and
    each again with its counter at 30 (random games capture too often to get that far)."""
    game = Alquerque(**options)
    r = kernel.rules_of(game)
    tactics, plain = Tactics(**weights), Tactics(**NO_COUNTER)
    w = KernelSearch(tactics).weights
    hurried = 0
    played = random_states(game, 10, seed=5)
    for state in played + [AlquerqueState(game, s.boards, s.to_move, 30) for s in played]:
        for root in (0, 1):
            tactics.root = plain.root = root
            assert kernel.draw_value(w, *state.boards, state.to_move, root, state.quiet) == pytest.approx(tactics.draw_value(state))
            if state.is_terminal():
                continue
            value = tactics.evaluate(state)
            assert kernel.evaluate(r, w, *state.boards, state.to_move, root, state.quiet) == pytest.approx(value)
            hurried += value != pytest.approx(plain.evaluate(state))
    assert bool(hurried) == (weights != NO_COUNTER)  # the terms met positions where they count


class TooBig(Exception):
    pass


def minimax(tactics: Tactics, state: AlquerqueState, depth: int, ply: int, budget: list[int]) -> float:
    """Plain negamax, every move searched, with the kernel's rules: a finished game (a draw at the
    engine's draw value), a position seen before scored as a draw, quiescence at the horizon.
    Raises TooBig after ``budget[0]`` nodes (quiescence without pruning can explode)."""
    budget[0] -= 1
    if budget[0] < 0:
        raise TooBig
    if state.is_terminal():
        winner = state.winner()
        if winner is None:
            return tactics.draw_value(state)
        return WIN - ply if winner == state.to_move else -(WIN - ply)
    if ply > 0 and tactics.repeated(state):
        return tactics.draw_value(state)
    if depth == 0:
        return quiescence(tactics, state, ply, 0, budget)
    return max(-minimax(tactics, state.play(m), depth - 1, ply + 1, budget) for m in state.legal_moves())


def quiescence(tactics: Tactics, state: AlquerqueState, ply: int, qdepth: int, budget: list[int]) -> float:
    best = tactics.evaluate(state)
    if qdepth >= kernel.QUIESCENCE_DEPTH:
        return best
    for move in state.capture_moves():
        budget[0] -= 1
        if budget[0] < 0:
            raise TooBig
        child = state.play(move)
        value = WIN - (ply + 1) if child.is_terminal() else -quiescence(tactics, child, ply + 1, qdepth + 1, budget)
        best = max(best, value)
    return best


def kernel_value(state: AlquerqueState, depth: int, tactics: Tactics | None = None) -> float:
    """The kernel's root value at ``depth`` with a fresh table (no iterations before)."""
    searcher = KernelSearch(tactics or Tactics())
    searcher.start(state, Limits(depth=depth))
    return kernel.search_root_of(searcher.rules, searcher.weights, searcher.context, new_ctl(), state, depth,
                                 np.zeros(kernel.MAX_MOVES))[1]


def search_positions(game: Alquerque, count: int, seed: int) -> list[AlquerqueState]:
    rng = random.Random(seed)
    live = [s for s in random_states(game, 8, seed=seed) if not s.is_terminal() and len(s.legal_moves()) > 1]
    return rng.sample(live, count)


@pytest.mark.parametrize("options", OPTIONS, ids=OPTION_IDS)
def test_search_value_is_the_minimax_value(options):
    """On random positions whose plain minimax tree at depth 3 has at most 30,000 nodes."""
    game = Alquerque(**options)
    compared = 0
    for state in search_positions(game, 40, seed=21):
        tactics = Tactics()
        tactics.root = state.to_move
        try:
            values = {depth: minimax(tactics, state, depth, 0, [30_000]) for depth in (1, 2, 3)}
        except TooBig:
            continue
        for depth, value in values.items():
            assert kernel_value(state, depth) == pytest.approx(value)
        compared += 1
        if compared == 6:
            break
    assert compared == 6


def test_counter_terms_keep_search_values_exact_through_the_table():
    """With the counter's terms on, the kernel's values are plain minimax's, also when its table
    already holds the same positions searched with the counter a few plies lower (entries that
    must not be reused once the leaves' counters reach ``hurry``).  Positions the side to move
    leads (the terms count only for the engine's lead)."""
    game = Alquerque()
    compared = 0
    for state in search_positions(game, 60, seed=13):
        me = state.to_move
        if state.boards[me].bit_count() <= state.boards[1 - me].bit_count():
            continue
        tactics = Tactics(**COUNTER_WEIGHTS)
        tactics.root = me
        searcher = KernelSearch(Tactics(**COUNTER_WEIGHTS))
        try:
            for quiet in (12, 14, 37):
                at = AlquerqueState(game, state.boards, me, quiet)
                expected = minimax(tactics, at, 3, 0, [30_000])
                searcher.start(at, Limits(depth=3))
                for depth in (1, 2, 3):
                    value = kernel.search_root_of(searcher.rules, searcher.weights, searcher.context, new_ctl(), at,
                                                  depth, np.zeros(kernel.MAX_MOVES))[1]
                assert value == pytest.approx(expected)
        except TooBig:
            continue
        compared += 1
        if compared == 4:
            break
    assert compared == 4


def test_at_the_last_quiet_ply_the_engine_takes_the_capture_that_keeps_the_game_going():
    """Counter at 39: every step ends the game in a draw by the 40-ply rule; the one capture (an
    even trade: Black jumps back) resets the counter, and the engine ahead takes it, valuing the
    position above the rule's draw."""
    game = Alquerque()
    state = game.from_text("to-move: White\nno-capture: 39\n..B..\n.....\n..B..\n..W..\nWW..W")
    for weights in ({}, COUNTER_WEIGHTS):
        tactics = Tactics(**weights)
        player = EnginePlayer(None, tactics, depth=4)
        move = player.choose(state, Limits(depth=4))
        assert game.move_text(move) == "c2xc4"
        tactics.root = 0
        assert player.last.score > tactics.counter_draw(state.boards) + 50


def test_ahead_near_the_counter_the_engine_keeps_its_pieces_with_keep_lead():
    """From a drawn game against the old level-5 (Black 6, White 3, counter at 31): at depth 9
    every line ends in the 40-ply draw, which costs the side ahead 160 by contempt, so without
    ``keep_lead`` the engine gives a piece (a5-b4, White jumps it) to reset the counter; with it,
    the draw is worth more than a lead of two and it keeps its pieces."""
    game = Alquerque()
    state = game.from_text("to-move: Black\nno-capture: 31\nB....\n...W.\n.W.B.\n.BB..\n..BBW\n"
                           "seen: B..../...W./..W.B/B.B../..BBW White\nseen: B..../...W./.W..B/B.B../..BBW Black\n"
                           "seen: B..../...W./.W..B/.BB../..BBW White\nseen: B..../...W./W...B/.BB../..BBW Black\n"
                           "seen: B..../...W./W..B./.BB../..BBW White")
    gives = EnginePlayer(None, Tactics(keep_lead=0, hurry=0), depth=9).choose(state, Limits(depth=9))
    assert state.play(gives).capture_moves()
    keeps = EnginePlayer(None, Tactics(keep_lead=20, hurry=0), depth=9).choose(state, Limits(depth=9))
    assert not state.play(keeps).capture_moves()


@pytest.mark.parametrize("weights", [NO_COUNTER, COUNTER_WEIGHTS], ids=["no-counter", "counter"])
def test_search_values_are_the_pure_python_search_values(weights):
    """Iterative deepening to depth 4 in both searches, with the same weights: the same value for
    the same position (both stop early, at the same depth, on a proven win or loss).  A draw is
    proven only when no leaf of the tree was a repetition (a draw only if it happens again), and
    whether one is searched before the cut-offs depends on the move order, which differs: one
    search may prove a draw a depth sooner, at the same value."""
    game = Alquerque()
    for state in search_positions(game, 4, seed=4):
        new = EnginePlayer(None, Tactics(**weights), depth=4)
        old = reference_player(Tactics(**weights), depth=4)
        new.choose(state, Limits(depth=4))
        old.choose(state, Limits(depth=4))
        assert new.last.score == pytest.approx(old.last.score)
        if 0 in (new.last.proven, old.last.proven):
            continue
        assert new.last.depth == old.last.depth
        assert new.last.depth == 4 or new.last.proven is not None


def test_settled_table_draws_are_worth_a_draw_ranked_by_the_evaluation():
    """With ``settle_table_draws`` a drawn table position below the root is not searched: its value
    is the draw value plus ``bounded`` times the evaluation beyond it (a table win or loss keeps
    its proven score).  Checked on drawn three-against-three positions against that formula."""
    from ai.kernels import alquerque_tables as tb

    game = Alquerque()
    endgame = tb.tables_of(game)
    rng = random.Random(7)
    checked = 0
    while checked < 3:
        white, black = (sum(1 << p for p in rng.sample(range(25), 6)[k::2]) for k in (0, 1))
        state = game.from_text(game.to_text(AlquerqueState(game, (white, black), 0)))
        if state.is_terminal() or tb.probe(state, endgame) != (0, 0):
            continue
        tactics = Tactics(settle_table_draws=1)
        tactics.root = 0
        expected = -WIN
        for move in state.legal_moves():
            child = state.play(move)
            known = tb.probe(child, endgame)
            if child.is_terminal() or known is None:
                break  # a won child or one the tables miss: not this test's case
            if known[0] == 0:
                draw = tactics.draw_value(child)
                value = draw + tactics.bounded * (tactics.evaluate(child) - draw)
            else:
                value = known[0] * (kernel.TABLE_WIN - 1 - known[1])
            expected = max(expected, -value)
        else:
            searcher = KernelSearch(tactics)
            searcher.start(state, Limits(depth=3))
            value = kernel.search_root_of(searcher.rules, searcher.weights, searcher.context, new_ctl(), state, 3,
                                          np.zeros(kernel.MAX_MOVES), endgame)[1]
            assert value == pytest.approx(expected)
            checked += 1


def test_table_draws_are_settled_only_below_a_root_the_tables_do_not_know():
    """With ``settle_table_draws``, entering a drawn ending is a draw; inside one, the search goes on
    for the opponent's mistakes."""
    game = Alquerque()
    searcher = KernelSearch(Tactics(settle_table_draws=1), tables=True)
    settle = kernel.WEIGHTS.index("settle_table_draws")
    searcher.start(game.initial_state(), Limits(depth=1))
    assert searcher.weights[settle] == 1.0
    searcher.start(game.from_text("to-move: White\n.B.B.\n..B..\n.....\n.W.W.\nW...W"), Limits(depth=1))
    assert searcher.weights[settle] == 0.0


def test_a_won_position_is_proven():
    """White takes Black's last piece: a proven win in one ply, found and reported as such."""
    game = Alquerque()
    state = game.from_text("to-move: White\n.....\n.....\n..B..\n..W..\nW....")
    player = EnginePlayer(None)
    move = player.choose(state, Limits(time=5.0))
    assert game.move_text(move) == "c2xc4"
    assert player.last.proven == 1 and player.last.proven_plies == 1
    assert player.last.score >= PROVEN


def test_level_five_answers_with_a_legal_move_within_a_time_limit():
    import ai

    game = Alquerque()
    player = ai.make_player("alquerque", "level-5", seed=1)
    state = game.initial_state()
    for _ in range(4):
        move = player.choose(state, Limits(time=0.2))
        assert move in state.legal_moves()
        assert player.last.depth >= 1 and player.last.nodes > 0
        state = state.play(move)


def test_warm_up_prepares_every_kernel_a_move_calls():
    """After ``warm_up`` the kernels the player calls from Python are compiled (or loaded from
    the cache), so a first move does not spend its time compiling them."""
    kernel.warm_up()
    for fn in (kernel.perft, kernel.evaluate, kernel.make_move, kernel.unmake_move, kernel.table_move,
               kernel.search_root, kernel.move_values):
        assert fn.signatures, f"{fn.__name__} not compiled by warm_up"


def test_reductions_spare_the_first_moves_the_captures_and_the_killers():
    """Late-move reductions cut only quiet steps ordered late, never the table's move, a capture
    or a killer, and only with the weight on and enough depth left."""
    game = Alquerque()
    r = kernel.rules_of(game)
    on = KernelSearch(Tactics(reduce=1)).weights
    off = KernelSearch(Tactics(reduce=0)).weights
    lists = np.zeros((2 * kernel.MAX_PLY, kernel.MAX_MOVES), np.int64)
    misc = np.zeros(kernel.M_SIZE, np.int64)
    reduced = spared_captures = 0
    for state in random_states(game, 4, seed=31)[::3]:
        white, black = state.boards
        own, enemy = (white, black) if state.to_move == 0 else (black, white)
        n = kernel.generate(r, own, enemy, state.to_move, lists, 0, False)
        if n == 0:
            continue
        tt_move = int(lists[0, n - 1])
        misc[kernel.M_KILLERS] = lists[0, 0]
        kernel.order_moves(lists, misc, 0, n, tt_move)
        for i in range(n):
            move = kernel.pick(lists, 0, i, n)
            assert kernel.reduction(off, lists, 0, i, 9) == 0
            assert kernel.reduction(on, lists, 0, i, kernel.REDUCE_FROM_DEPTH - 1) == 0
            cut = kernel.reduction(on, lists, 0, i, 9)
            late_step = i >= kernel.REDUCE_AFTER and kernel.move_captured(move) == 0 and move not in (
                tt_move, misc[kernel.M_KILLERS])
            assert (cut > 0) == late_step
            reduced += cut > 0
            spared_captures += i >= kernel.REDUCE_AFTER and kernel.move_captured(move) != 0
    assert reduced > 0 and spared_captures > 0  # both cases met


def test_with_reductions_the_search_still_proves_the_plain_searchs_wins():
    """Forced wins the plain search proves within 7 plies (on positions from random games),
    the reduced search proves too, given the plies it may have cut (iterative deepening to 13).
    The plain search is a depth-capped player's (a small table, as the depth-capped levels have:
    its 40 MB table, written anew for each of the 581 positions tried, took 6 of this test's
    seconds; the same 581 verdicts, the same 8 wins)."""
    game = Alquerque()
    proven = 0
    for state in random_states(game, 30, seed=41):
        if state.is_terminal() or sum(b.bit_count() for b in state.boards) > 12:
            continue
        plain = EnginePlayer(None, Tactics(reduce=0), depth=7)
        plain.choose(state, Limits(depth=7))
        if plain.last.proven != 1:
            continue
        reduced = EnginePlayer(None, Tactics(reduce=1))
        reduced.choose(state, Limits(depth=13))
        assert reduced.last.proven == 1, game.to_text(state)
        proven += 1
        if proven == 8:
            break
    assert proven == 8


@pytest.mark.parametrize("noise", [30.0, 150.0])
def test_a_noisy_level_never_slips_more_than_twice_its_noise(noise):
    """A weaker level adds up to +-``noise`` to each root move's value, so the move it picks is at
    most 2 x ``noise`` worse than the best one -- also for moves that a null window only bounded."""
    from tests.test_alquerque_traps import exact_values, midgame_states

    depth = 4
    for k, state in enumerate(midgame_states(12, seed=21)):
        exact = exact_values(state, depth)
        best = max(exact.values())
        for seed in range(4):
            player = EnginePlayer(None, depth=depth, noise=noise, seed=100 * k + seed)
            chosen = exact[kernel.encode(player.choose(state, Limits(depth=depth)))]
            assert chosen >= best - 2 * noise - 1e-6, (state.game.to_text(state), seed)


LEVEL_DEPTHS = {"level-2": 1, "level-3": 2, "level-4": 3}  # ai/engines/alquerque.py's PLAYERS


@pytest.mark.parametrize("loading", [False, True], ids=["compiling", "loading"])
def test_while_the_windows_worker_compiles_the_kernels_alquerque_searches_in_python(monkeypatch, loading):
    """The first run after installing: every level's first move waited, under "Preparing the
    engine…", for its worker's warm-up to compile the kernels (two minutes on a loaded machine).
    While they compile, levels 2-5 answer from the pure-Python search the kernels replaced, the
    capped levels at their own depth, level-5 with few pieces left too (the tables' probes are
    kernels: it waited for them), and so does an analysis; once the kernels are ready they search
    in them again.  So while they load from the cache (``loading``), a wait outside the move's
    clock: 1 s a move answered in 1.36 s."""
    import ai
    from ai.kernels import alquerque_tables
    from ai.move_values import analyse
    from ai.reference.alquerque_search import ReferenceSearch

    kernels_ready = compiling_from_scratch(monkeypatch, "alquerque", loading=loading)
    start = Alquerque().initial_state()
    tabled = alquerque_tables.load().max_pieces  # the tables know every position of this many pieces
    few = next(s for s in random_states(Alquerque(), 30, seed=5)
               if not s.is_terminal() and sum(b.bit_count() for b in s.boards) <= tabled and len(s.legal_moves()) > 1)
    players = {level: ai.make_player("alquerque", level, seed=1) for level in (*LEVEL_DEPTHS, "level-5")}
    for level, player in players.items():
        assert player.choose(start, Limits(time=5.0 if level in LEVEL_DEPTHS else 0.3)) in start.legal_moves()
        assert isinstance(player.searching(), ReferenceSearch) and player.last.nodes > 0
        assert player.last.depth == LEVEL_DEPTHS.get(level, player.last.depth)
    level5 = players["level-5"]
    assert level5.choose(few, Limits(time=0.3)) in few.legal_moves() and level5.last.proof != "table"
    assert level5.known_outcome(few) is None
    values = analyse(start, "alquerque", max_depth=2)  # a window's analysis: its values, not a wait
    assert values.done and set(values.values) == set(start.legal_moves())
    kernels_ready()  # the warm-up done
    for player in players.values():
        assert player.searching() is player.searcher and player.stand_in is None
        assert player.choose(start, Limits(depth=2)) in start.legal_moves()
    assert level5.choose(few, Limits(time=0.3)) in few.legal_moves() and level5.known_outcome(few) is not None
