"""Hex bench figures: the kernel MCTS beside the pure-Python one, the root analysis from scratch
and carried over, move times on 19x19, solver reach, and a short strength run (``python main.py
bench hex``)."""

from __future__ import annotations

import time

from ai.base import Limits
from ai.bench import faster

_OPENING = ["f6", "e7", "d9", "g4", "c8", "h5"]
_MIDGAME = _OPENING + ["e8", "d8", "f7", "g6", "e9", "c10", "i3", "h3", "i2", "j2"]
_LATE = _MIDGAME + ["b10", "b11", "d10", "a11", "h4", "g5", "j3", "k2", "k1", "j1", "h2", "f8"]
SEARCHES = (("level-5 (RAVE, bridges)", True, False), ("RAVE, bridges and ziggurats", True, True),
            ("hex:uct (plain)", False, False))


def _positions(size: int, lines: list[list[str]]) -> list[str]:
    import games

    game = games.load("hex", size=size)
    return [game.to_text(game.play_line(line)) for line in lines]


BENCH_POSITIONS: list = _positions(11, [[], _OPENING, _MIDGAME, _LATE]) + [
    ({"size": 19}, text) for text in _positions(19, [[], _MIDGAME])
]


def playout_speeds(size: int, seconds: float, knowledge: bool, templates: bool = False) -> list[tuple[float, float, str]]:
    """Playouts per second of the kernel MCTS and of the pure-Python one it replaced, from the
    same position (11 or 19 cells a side, six stones on): for each, (per second of the clock,
    per second of this thread's CPU time, best move).  The CPU figure is what an idle machine
    would show; on a shared one the clock figure drops with the load.  ``templates``: the kernel's
    playouts answer ziggurat intrusions too (the pure-Python one never does)."""
    import games
    from ai.engines.hex_mcts import HexSearcher
    from ai.reference.hex_search import HexMCTS
    from ai.search.driver import search

    game = games.load("hex", size=size)
    state = game.play_line(_OPENING)
    figures = []
    searcher = HexSearcher(rave=knowledge, bridges=knowledge, templates=templates, seed=1)  # compiles first
    engine = HexMCTS(size, rave=knowledge, bridges=knowledge, seed=1)
    for kernel in (True, False):
        wall, cpu = time.perf_counter(), time.thread_time()
        if kernel:
            result = search(searcher, state, Limits(time=seconds))
        else:
            _, result = engine.search(*state.boards, state.to_move, -1, Limits(time=seconds))
        wall, cpu = time.perf_counter() - wall, time.thread_time() - cpu
        figures.append((result.nodes / wall, result.nodes / max(cpu, 1e-6), game.format_move(state, result.best_move)))
    return figures


def analysis_times(size: int, plies: int) -> tuple[float, float, float, float, int, int]:
    """Level-5's root analysis (fill-in and both colours' H-search, the players' bounds) every
    second ply of a level-3 self-play game of ``size``, up to ``plies``: from scratch, and carried
    over from the analysis two plies before (``hex_vc.h_search_update``), side by side.  Returns
    (mean and longest seconds from scratch, the same carried over, positions, equal verdicts)."""
    import ai
    import games
    from ai.engines.hex_knowledge import analyse, tree_limits, warm_up

    warm_up()
    game = games.load("hex", size=size)
    players = [ai.make_player("hex", "level-3", seed=s) for s in (1, 2)]
    states = [game.initial_state()]
    while not states[-1].is_terminal() and len(states) <= plies:
        state = states[-1]
        states.append(state.play(players[state.to_move].choose(state, Limits(iterations=200))))
    lim = tree_limits(size)
    earlier: dict = {}
    scratch, carried, same = [], [], 0
    for state in states[::2]:
        if state.is_terminal():
            break
        began = time.perf_counter()
        fresh = analyse(state, lim)
        scratch.append(time.perf_counter() - began)
        began = time.perf_counter()
        updated = analyse(state, lim, earlier)
        carried.append(time.perf_counter() - began)
        same += fresh.winner == updated.winner and fresh.mustplay == updated.mustplay
    return (sum(scratch) / len(scratch), max(scratch), sum(carried) / len(carried), max(carried), len(scratch),
            same)


def bench_extra(report, quick: bool) -> None:
    """Playouts per second (kernel and pure Python), the root analysis, level-5's move times on
    19x19, solver reach, and a short strength run of level-5 against plain UCT, each part under a
    heading that says what it measures, as ``bench rastros``' are (its lines followed the fixed
    positions' with none)."""
    import ai
    import games
    from ai.engines.hex_solver import OutOfBudget, Solver
    from ai.match import MatchSummary, play_game

    spell = 0.5 if quick else 2.0
    report(f"hex: playouts a second of each search, with the kernels and in pure Python, {spell:g} s each")
    for size in (11, 19):
        for name, knowledge, templates in SEARCHES:
            (fast, fast_cpu, fast_move), (slow, slow_cpu, slow_move) = playout_speeds(size, spell, knowledge,
                                                                                      templates)
            report(f"  {size}x{size} {name}: kernel {fast:,.0f} playouts/s ({fast_cpu:,.0f} per CPU s, best "
                   f"{fast_move}), pure Python {slow:,.0f} playouts/s ({slow_cpu:,.0f} per CPU s, best {slow_move}), "
                   f"{faster(fast_cpu, slow_cpu, 1)}")

    report("hex: level-5's root analysis (its connections and filled cells), positions of a self-play game, "
           "from scratch and carried over from the analysis two plies before")
    for size, plies in ((11, 60),) if quick else ((11, 120), (13, 160), (19, 80)):
        mean, longest, mean_c, longest_c, count, same = analysis_times(size, plies)
        report(f"  {size}x{size}, {count} positions: from scratch {1000 * mean:.0f} ms (longest {1000 * longest:.0f}), "
               f"carried over {1000 * mean_c:.0f} ms (longest {1000 * longest_c:.0f}), "
               f"x{mean / max(mean_c, 1e-9):.1f} faster; the two agree on the winner and on the cells the mover "
               f"must play in for {same} of {count}")

    game = games.load("hex", size=19)
    budget = 1.0 if quick else 3.0
    player = ai.make_player("hex", "level-5", seed=1)
    state = game.initial_state()
    worst, moves = 0.0, 4 if quick else 10
    report(f"hex: level-5's move times on 19x19, {budget:g} s a move")
    for _ in range(moves):
        start = time.perf_counter()
        move = player.choose(state, Limits(time=budget))
        worst = max(worst, time.perf_counter() - start)
        state = state.play(move)
    report(f"  {moves} moves of a self-play game: longest {worst:.3f} s for a budget of {budget:.1f} s")

    report("hex: the exact solver from the empty board")
    for size in (3, 4) if quick else (3, 4, 5):
        sv = Solver(size)
        state = games.load("hex", size=size).initial_state()
        start = time.perf_counter()
        limit = 5.0 if size < 5 else 60.0
        try:
            wins = sv.winning_moves(state, start + limit)
            text = f"{len(wins)} winning first moves, solved in {time.perf_counter() - start:.2f} s ({sv.nodes} nodes)"
        except OutOfBudget:
            text = f"not solved within {limit:.0f} s ({sv.nodes} nodes)"
        report(f"  {size}x{size}: {text}")

    games_n, per_move, size = (2, 0.2, 9) if quick else (10, 0.5, 9)
    game = games.load("hex", size=size)
    summary = MatchSummary(("level-5", "hex:uct"), can_draw=game.info.can_draw)
    report(f"hex: a short match of level-5 against plain UCT on {size}x{size}, {per_move:g} s a move, sides alternating")
    for i in range(games_n):
        first = i % 2
        ids = ["level-5", "hex:uct"] if first == 0 else ["hex:uct", "level-5"]
        players = [ai.make_player("hex", pid, seed=10 + i) for pid in ids]
        summary.add(play_game(game, players, ids, per_move), first)
    report(f"  {summary.line()}")
