"""Trax bench figures: level-5's time per move and win rates on 10x10 and 25x25, and the ladder;
first, the memory its deeper search's table keeps per entry, with the key the table had before."""

from __future__ import annotations

import random
import statistics
import time
import tracemalloc
from collections.abc import Callable, Hashable

from ai.base import Limits
from ai.match import random_play


def _position(size: int, plies: int, seed: int) -> str:
    """A position reached by ``plies`` random moves where neither side can win at once (a real choice)."""
    import games
    from ai.engines.trax_threats import analyse

    game = games.load("trax", size=size)
    while True:
        state = random_play(game.initial_state(), plies, random.Random(seed))
        if not state.is_terminal() and not any(analyse(game, state).values()):
            return game.to_text(state)
        seed += 1


_BENCH: list[tuple[dict, str]] = []
COURSE_SECONDS = 1.0  # the strength runs' time per move: the course's (whatever --quick), said in each line


def __getattr__(name: str):
    """``BENCH_POSITIONS``, built on first use (random play from fixed seeds; not at import).

    Opening, midgame and late positions on 10x10 and 25x25 boards, none with a win at once.
    """
    if name == "BENCH_POSITIONS":
        if not _BENCH:
            _BENCH.extend(({"size": size}, _position(size, plies, seed=size * 100 + plies))
                          for size in (10, 25) for plies in (0, 10, 20))
        return _BENCH
    raise AttributeError(name)


def play_game(size: int, light, dark, seconds: float, seed: int = 0, opening: int = 2):
    """One game; returns (winner or None, (Light's move times, Dark's move times)).

    For variety between games of deterministic players, game ``seed`` starts from centre tile
    number ``seed % 6`` and plays ``opening`` random moves (seeded; never one leaving the next
    player a win at once) before the players take over.
    """
    import games
    from ai.match import random_openings
    from games.trax import TILE_NAMES

    game = games.load("trax", size=size, centre=TILE_NAMES[seed % 6])

    def decides_nothing(state) -> bool:  # an opening that hands the next player a win at once
        return not any(state.play(m).winner() == state.to_move for m in state.legal_moves())

    state = game.initial_state()
    for move in random_openings(game, 1, opening, seed=seed, accept=decides_nothing)[0]:
        state = state.play(move)
    players = (light, dark)
    times: tuple[list[float], list[float]] = ([], [])
    while not state.is_terminal():
        side = state.to_move
        start = time.perf_counter()
        move = players[side].choose(state, Limits(time=seconds))
        times[side].append(time.perf_counter() - start)
        state = state.play(move)
    return state.winner(), times


def board_key(state) -> tuple[bytes, int]:
    """The transposition key a Trax state had before its digest (``TraxState.key``): the board
    itself and the side to move, which the memory line measures beside the digest."""
    return (state.cells, state.to_move)


def search_memory(size: int, plies: int, depth: int, key: Callable[[object], Hashable] | None = None,
                  traced: bool = False) -> tuple[int, int, float, int]:
    """Level 5's deeper search (alpha-beta on the path evaluation, ``ThreatPlayer.deeper``) to
    ``depth`` from a quiet position of ``plies`` random moves on ``size`` x ``size``, keyed by
    ``key`` (default: the state's own ``key``): (nodes, table entries, seconds, bytes).

    The seconds are CPU seconds (the machine is shared).  ``traced``: the bytes are what dropping
    the table frees after the search (tracemalloc, which slows the search, so the seconds are
    then no speed); otherwise 0."""
    import games
    from ai.engines.trax_search import PathEvaluation
    from ai.search.alphabeta import AlphaBeta
    from games.trax import TraxState

    state = games.load("trax", size=size).from_text(_position(size, plies, seed=size * 100 + plies))
    own = TraxState.key
    if key is not None:
        TraxState.key = key  # the bench's comparison alone: put back below
    try:
        engine = AlphaBeta(PathEvaluation(), seed=1)
        if traced:
            tracemalloc.start()
        start = time.process_time()
        engine.search(state, Limits(depth=depth))
        seconds = time.process_time() - start
        nodes, entries = engine.nodes, len(engine.tt)
        kept = tracemalloc.get_traced_memory()[0] if traced else 0
        engine.tt = {}
        kept -= tracemalloc.get_traced_memory()[0] if traced else 0
    finally:
        TraxState.key = own
        if traced:
            tracemalloc.stop()
    return nodes, entries, seconds, kept


def memory_lines(report, quick: bool) -> None:
    """Nodes per second and bytes kept per table entry of level 5's deeper search at a fixed
    depth, with the board as the key (before) and with ``TraxState.key``'s digest (now), side by
    side on 7x7, 10x10 and 25x25: the same search, the same nodes, only the key differs."""
    depth = 3 if quick else 4
    for size, plies in ((7, 8), (10, 16), (25, 24)):
        search_memory(size, plies, depth - 1)  # the board's tables (``_beyond_table``...) built first
        figures = []
        for key in (board_key, None):
            nodes, entries, seconds, _ = search_memory(size, plies, depth, key)
            _, _, _, kept = search_memory(size, plies, depth, key, traced=True)
            figures.append((nodes, entries, nodes / max(seconds, 1e-9), kept / max(entries, 1)))
        (n0, e0, r0, b0), (n1, e1, r1, b1) = figures
        report(f"  {size}x{size} after {plies} plies, level-5's deeper search to depth {depth}: "
               f"{n1} nodes, {e1} table entries{'' if (n0, e0) == (n1, e1) else f' (board key: {n0}, {e0})'}; "
               f"board key {r0:,.0f} nodes/s, {b0:,.0f} bytes an entry; "
               f"digest key {r1:,.0f} nodes/s, {b1:,.0f} bytes an entry")


def bench_extra(report, quick: bool) -> None:
    """The memory lines (``memory_lines``); then time per move of level-5 (worst and median) on
    10x10 and 25x25, and its win rates.

    Each pairing plays game pairs from the same opening (see ``play_game``), level-5 taking Light
    in one game and Dark in the other, at the course's 1 s per move.
    """
    import ai

    memory_lines(report, quick)

    pairs = 2 if quick else 10
    for size in (10, 25):
        for name, count in (("level-1", pairs), ("trax:greedy", pairs), ("level-4", max(1, pairs // 2))):
            wins = [0, 0]
            move_times: list[float] = []
            for g in range(2 * count):
                five_side = g % 2
                five = ai.make_player("trax", "level-5", seed=g)
                other = ai.make_player("trax", name, seed=1000 + g)
                pair = (five, other) if five_side == 0 else (other, five)
                winner, times = play_game(size, *pair, seconds=COURSE_SECONDS, seed=g // 2)
                wins[five_side] += winner == five_side
                move_times.extend(times[five_side])
            report(f"  {size}x{size} level-5 vs {name} at {COURSE_SECONDS:g} s/move: {sum(wins)}/{2 * count} wins "
                   f"(as Light {wins[0]}/{count}, as Dark {wins[1]}/{count}); level-5 time per move: "
                   f"median {statistics.median(move_times):.3f} s, worst {max(move_times):.3f} s "
                   f"over {len(move_times)} moves")
    ladder = []
    for level in range(2, 6):
        upper, lower = f"level-{level}", f"level-{level - 1}"
        wins = 0
        for g in range(2 * pairs):
            side = g % 2
            a = ai.make_player("trax", upper, seed=g)
            b = ai.make_player("trax", lower, seed=500 + g)
            winner, _ = play_game(10, *((a, b) if side == 0 else (b, a)), seconds=COURSE_SECONDS, seed=g // 2)
            wins += winner == side
        ladder.append(f"{upper} vs {lower} {wins}/{2 * pairs}")
    report(f"  10x10 ladder at {COURSE_SECONDS:g} s/move (wins of both colours' games): " + ", ".join(ladder))
