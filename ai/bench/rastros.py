"""Rastros bench figures (``python main.py bench rastros``): level-5 and the exact solver in the
kernels beside the pure-Python code they replaced, the solver's reach in a move's time, the small
boards, and short matches (level-5 against the course players, each level against the one below)."""

from __future__ import annotations

import random
import time

from ai.base import Limits, PlayerInfo
from ai.bench import faster, hint_depths, hint_heading
from ai.engines.rastros_book import bench_lines

# Position texts: the start, and plies 12 and 24 of a game level-5 (North) won against Basilio.
BENCH_POSITIONS = [
    "to-move: South\n.......N\n........\n........\n....W...\n........\n........\n........\nS.......",
    "to-move: South\n#W.....N\n.#......\n#.......\n#...#...\n#..#....\n###.....\n##......\nS.......",
    "to-move: South\n######.N\n#####W..\n###.....\n##..#...\n#..#....\n###.....\n##......\nS.......",
]


def _states(count: int, low: int, high: int, seed: int) -> list:
    """Unfinished 8x8 states from level-2 self-play whose free region has ``low..high`` squares."""
    import ai
    import games
    from ai.engines.rastros_board import geometry

    game = games.load("rastros")
    geo = geometry(8)
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        player = ai.make_player("rastros", "level-2", seed=rng.randrange(10**6))
        state = game.initial_state()
        for _ in range(rng.randrange(4, 40)):
            if state.is_terminal():
                break
            state = state.play(player.choose(state, Limits(depth=1)))
        if not state.is_terminal() and low <= geo.flood(state.white, state.free).bit_count() <= high:
            out.append(state)
    return out


def level5_speeds(report, seconds: float) -> None:
    """Level-5 (kernels) and the pure-Python level-5 it replaced, from the same positions; nodes
    per second of elapsed time and per second of CPU time (the machine may be shared)."""
    import ai
    import games
    from ai.reference.rastros_search import RastrosPlayer as PythonPlayer

    game = games.load("rastros")
    for number, text in enumerate(BENCH_POSITIONS, 1):
        state = game.from_text(text)
        figures = []
        for player in (ai.make_player("rastros", "level-5", seed=1),
                       PythonPlayer(PlayerInfo("python", "Python"), solve_limit=22, root_solve=True, book=True)):
            cpu = time.process_time()
            player.choose(state, Limits(time=seconds))
            cpu = time.process_time() - cpu
            figures.append((player.last, player.last.nodes / max(cpu, 1e-9)))
        (fast, fast_cpu), (slow, slow_cpu) = figures
        ratio = faster(fast_cpu, slow_cpu) if fast.nodes and slow.nodes else "no ratio: a book move searches nothing"
        searched = (f"{fast.kind:9} depth {fast.depth:2d} {fast.nps:9.0f} nodes/s ({fast_cpu:9.0f} per CPU s)"
                    if fast.nodes else f"{'a ' + fast.kind + ' move, no search':54}")
        report(f"  #{number} level-5 {searched} | pure Python {slow.kind:9} depth {slow.depth:2d} {slow.nps:7.0f} nodes/s ({slow_cpu:7.0f} per "
               f"CPU s) ({ratio})")


def solver_speeds(report, count: int) -> None:
    """The kernel solver and the pure-Python solver on the same positions, fresh tables each."""
    from ai.engines.rastros_board import geometry
    from ai.kernels import rastros as kernel
    from ai.reference.rastros_solver import Solver as PythonSolver
    from ai.search.driver import CTL_NODES, new_ctl

    geo = geometry(8)
    table = kernel.SolverTable(22)
    fast_nodes = slow_nodes = 0
    fast_time = slow_time = fast_cpu = slow_cpu = 0.0
    states = _states(count, 36, 42, seed=5)
    for state in states:
        region = geo.flood(state.white, state.free)
        table.clear()
        ctl = new_ctl()
        start, cpu = time.perf_counter(), time.process_time()
        fast = kernel.solve(state.white, region, state.to_move, table, ctl=ctl)
        fast_time += time.perf_counter() - start
        fast_cpu += time.process_time() - cpu
        fast_nodes += int(ctl[CTL_NODES])
        solver = PythonSolver(geo)
        start, cpu = time.perf_counter(), time.process_time()
        slow = solver.solve(state.white, region, state.to_move)
        slow_time += time.perf_counter() - start
        slow_cpu += time.process_time() - cpu
        slow_nodes += solver.nodes
        assert fast == int(slow), "the kernel solver disagrees with the pure-Python one"
    report(f"  solver, {len(states)} positions of 36-42 free squares: kernel {fast_nodes / fast_time:10.0f} "
           f"nodes/s ({fast_nodes / fast_cpu:.0f} per CPU s; {fast_nodes} nodes, {fast_time:.2f} s) | pure Python {slow_nodes / slow_time:8.0f} "
           f"nodes/s ({slow_nodes / slow_cpu:.0f} per CPU s; {slow_nodes} nodes, {slow_time:.2f} s) "
           f"({faster(fast_nodes / fast_cpu, slow_nodes / slow_cpu)})")


def big_solver_speed(report, count: int, cap: int = 3_000_000) -> None:
    """The kernel solver alone on larger regions (44-50 squares), at most ``cap`` nodes each."""
    from ai.engines.rastros_board import geometry
    from ai.kernels import rastros as kernel
    from ai.search.driver import CTL_MAX_NODES, CTL_NODES, new_ctl

    geo = geometry(8)
    table = kernel.SolverTable(22)
    nodes, wall, cpu, proven = 0, 0.0, 0.0, 0
    for state in _states(count, 44, 50, seed=6):
        table.clear()
        ctl = new_ctl()
        ctl[CTL_MAX_NODES] = cap
        start, started_cpu = time.perf_counter(), time.process_time()
        result = kernel.solve(state.white, geo.flood(state.white, state.free), state.to_move, table, ctl=ctl)
        wall += time.perf_counter() - start
        cpu += time.process_time() - started_cpu
        nodes += int(ctl[CTL_NODES])
        proven += result != kernel.ABORTED
    report(f"  solver, {count} positions of 44-50 free squares (at most {cap} nodes each, {proven} proven): "
           f"{nodes / wall:.0f} nodes/s ({nodes / cpu:.0f} per CPU s; {nodes} nodes, {wall:.2f} s)")


def solver_reach(report, seconds: float, samples: int) -> None:
    """Solve positions of level-2 self-play from scratch (a fresh level-5 table) within
    ``seconds``; report per region size how many finish, and the largest region proven."""
    from ai.engines.rastros_board import geometry
    from ai.engines.rastros_solver import Solver
    from ai.search.driver import CTL_NODES, Watcher, new_ctl

    geo = geometry(8)
    solver = Solver(8)
    buckets: dict[int, list[int]] = {}
    largest = (0, 0.0, 0)
    for state in _states(samples, 30, 62, seed=1):
        region = geo.flood(state.white, state.free)
        size = region.bit_count()
        solver.table.clear()
        ctl = new_ctl()
        start = time.perf_counter()
        with Watcher(ctl, start + seconds, Limits()):
            result = solver.solve(state.white, region, state.to_move, ctl)
        elapsed = time.perf_counter() - start
        if result is not None and size > largest[0] and ctl[CTL_NODES] >= 100:
            largest = (size, elapsed, int(ctl[CTL_NODES]))
        buckets.setdefault(size // 10 * 10, []).append(result is not None)
    for low in sorted(buckets):
        got = buckets[low]
        report(f"  regions of {low}-{low + 9} squares: {sum(got)}/{len(got)} proven within {seconds:g} s")
    report(f"  largest region proven within {seconds:g} s (of those needing 100+ nodes): {largest[0]} squares ({largest[1]:.2f} s, "
           f"{largest[2]} nodes)")


def hardest_replies(report, samples: int) -> None:
    """Lost 8x8 positions of level-2 self-play (regions of 20-32 squares), each from a fresh
    solver table: how often the hardest reply (fewest winning moves for the winner, then longest)
    differs from the longest loss, the winner's winning moves after each, and the nodes counting
    them adds to the lengths of the replies (which level-5 computes anyway)."""
    import numpy as np

    from ai.engines.rastros_board import geometry
    from ai.engines.rastros_solver import Solver, winning_move_count
    from ai.kernels import rastros as kernel
    from ai.search.driver import CTL_NODES, new_ctl

    geo, solver = geometry(8), Solver(8)
    b, table, work = solver.board, solver.table.table, solver.table.work
    lost = differ = counting = lengths = 0
    after = {"hardest": 0, "longest": 0}
    for state in _states(4 * samples, 20, 32, seed=3):
        region = np.uint64(geo.flood(state.white, state.free))
        solver.table.clear()
        ctl = new_ctl()
        if lost == samples or solver.solve(state.white, region, state.to_move, ctl) != 0:
            continue
        lost += 1
        moves = state.legal_moves()
        start = int(ctl[CTL_NODES])
        plies = {q: abs(int(kernel.move_plies(b, table, work, q, region, state.to_move, ctl, 0))) for q in moves}
        middle = int(ctl[CTL_NODES])
        solver.winner_counts(state.white, region, state.to_move, moves, ctl, 0)
        lengths, counting = lengths + middle - start, counting + int(ctl[CTL_NODES]) - middle
        choice = {"hardest": solver.best_move(state.white, region, state.to_move, False, ctl)[0],
                  "longest": min(moves, key=lambda q: (-plies[q], q))}
        differ += choice["hardest"] != choice["longest"]
        for name, q in choice.items():
            child = kernel.flood(b, q, region & ~b.bit[q])
            after[name] += winning_move_count(b, table, work, q, child, 1 - state.to_move, ctl, 0)
    per = max(lost, 1)
    report(f"  hardest reply, {lost} lost positions of 20-32 squares: differs from the longest loss in {differ}; "
           f"the winner's winning moves after it {after['hardest'] / per:.2f} on average (after the longest "
           f"{after['longest'] / per:.2f}); counting them {counting} nodes beside the {lengths} of the lengths")


def small_boards(report, sizes: tuple[int, ...]) -> None:
    """The smaller boards solved from the start with the offline solver (7x7: some 4 M nodes)."""
    import numpy as np

    import games
    from ai.kernels import rastros as kernel
    from ai.search.driver import CTL_NODES, new_ctl

    table = kernel.SolverTable(24)  # made once: 256 MiB take longer to make than 4x4 takes to solve
    for n in sizes:
        state = games.load("rastros", size=n).initial_state()
        region = int(kernel.flood(kernel.board(n), state.white, np.uint64(state.free)))
        ctl = new_ctl()
        table.clear()
        start = time.perf_counter()
        won = kernel.solve(state.white, region, 0, table, n=n, ctl=ctl)
        report(f"  {n}x{n}: {'South' if won else 'North'} wins; {ctl[CTL_NODES]} nodes, "
               f"{time.perf_counter() - start:.2f} s")


def match(report, a: str, b: str, games_each: int, seconds: float) -> None:
    """``games_each`` games with ``a`` South and as many with ``b`` South, ``seconds`` a move: how
    many ``a`` won, said in words ("level-5 won 2 of 2 games against rastros:bacoco"); a bare
    "2/2" did not say whose wins it counted."""
    import ai
    import games

    game = games.load("rastros")
    wins = 0
    for g in range(2 * games_each):
        south_is_a = g % 2 == 0
        players = [ai.make_player("rastros", a if south_is_a else b, seed=g),
                   ai.make_player("rastros", b if south_is_a else a, seed=g + 1000)]
        state = game.initial_state()
        while not state.is_terminal():
            state = state.play(players[state.to_move].choose(state, Limits(time=seconds)))
        if (state.winner() == 0) == south_is_a:
            wins += 1
    report(f"  {a} won {wins} of {2 * games_each} games against {b}")


def hint_figures(report, seconds: float) -> None:
    """A hint's depth in ``seconds`` from the bench's positions, null windows beside full ones."""
    import games

    game = games.load("rastros")
    states = [game.from_text(text) for text in BENCH_POSITIONS]
    hint_depths(report, "rastros", states, seconds, lambda player, state: player.searcher(state.game.n))


def bench_extra(report, quick: bool) -> None:
    """Kernel against pure-Python speeds, solver reach, small boards and short matches, each part
    under a heading that says what it measures (the solver's figures came under the hint's
    heading, and the regions, small boards and matches under "opening books")."""
    seconds = 0.3 if quick else 1.0
    report(f"rastros: level-5 with the kernels and in pure Python, {seconds:g} s each")
    level5_speeds(report, seconds)
    report(f"rastros: {hint_heading(seconds)}")
    hint_figures(report, seconds)
    report("rastros: the exact solver with the kernels and in pure Python, positions of level-2 self-play")
    solver_speeds(report, 4 if quick else 12)
    big_solver_speed(report, 4 if quick else 12)
    report("rastros: opening books")
    bench_lines(report)
    report("rastros: the exact solver from scratch, 1 s a position of level-2 self-play, by the size of the "
           "region the piece can still reach")
    solver_reach(report, 1.0, 20 if quick else 60)
    report("rastros: lost positions, the hardest reply (fewest winning answers left to the winner) against the "
           "longest loss")
    hardest_replies(report, 10 if quick else 40)
    report("rastros: the smaller boards solved from the start")
    small_boards(report, (4, 5, 6) if quick else (4, 5, 6, 7))
    per_move = 0.3 if quick else 0.5
    rounds = 1 if quick else 2
    report(f"rastros: short matches, {per_move:g} s a move, each player South in half the games")
    for opponent in ("rastros:bacoco", "rastros:obtuso-sw", "rastros:obtuso-ne",
                     "rastros:random-plus", "rastros:basilio", "rastros:ar-livre"):
        match(report, "level-5", opponent, rounds, per_move)
    for low, high in (("level-1", "level-2"), ("level-2", "level-3"), ("level-3", "level-4"),
                      ("level-4", "level-5")):
        match(report, high, low, rounds, per_move)
