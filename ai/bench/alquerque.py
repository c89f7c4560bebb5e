"""Alquerque bench figures: level-5's speed beside the pure-Python search's, and strength runs.

``main.py bench alquerque`` prints level-5's depth and nodes per second from ``BENCH_POSITIONS``
and then ``bench_extra``: the kernel search and the pure-Python search it replaced
(ai/reference/alquerque_search.py) on the same positions for the same time, then level-5 against
the course's minimax-4 and the ladder of levels from balanced openings.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import games
from ai.base import Limits, Player
from ai.bench import faster
from ai.engines.alquerque import EnginePlayer, Tactics, course_evaluation
from ai.reference.alquerque_search import reference_player
from ai.search.classic import alphabeta_cutoff
from games.alquerque import AlquerqueState

BENCH_POSITIONS = [
    # the opening
    "to-move: White\nno-capture: 0\nBBBBB\nBBBBB\nBB.WW\nWWWWW\nWWWWW",
    # a midgame after the first exchanges
    "to-move: White\nno-capture: 0\nBBBBB\nB.BB.\n.BW.W\nWW.W.\nWWW.W",
    # a late position with few pieces
    "to-move: Black\nno-capture: 3\n.B.B.\n..B..\n.W...\n...W.\nW...W",
]


def balanced(state: AlquerqueState) -> bool:
    """A fair start: level material, no capture for the side to move, and no material won or lost
    by force within four plies, by the course's own search (material minimax, depth 4).

    Random plies often hang pieces; a start where one side is a piece down by force decides the
    game before the players play, and with colours swapped it only measures who got the better
    half.  Of the 5,238 positions after six plies, 300 have level material and no capture
    pending, and 173 of those also pass the search."""
    if state.boards[0].bit_count() != state.boards[1].bit_count() or state.capture_moves():
        return False
    return alphabeta_cutoff(state, 4, course_evaluation)[1] == 0


def strength(a: str, b: str, count: int, seconds: float) -> str:
    """``a`` against ``b`` from ``count`` different balanced starts (six random plies, see
    ``balanced``), each played with both colour assignments."""
    from ai.match import MatchSummary, paired_games, random_openings

    game = games.load("alquerque")
    summary = MatchSummary((a, b), can_draw=game.info.can_draw)
    openings = random_openings(game, count, plies=6, accept=balanced)
    for result, first in paired_games(game, (a, b), 2 * count, seconds, openings=openings):
        summary.add(result, first)
    return f"{summary.line()} ({seconds:g} s/move, {count} balanced six-ply openings x both colours)"


def speed(make: Callable[[], Player], text: str, seconds: float) -> tuple[int, float, float]:
    """(depth, nodes per second, nodes per CPU second) of a fresh player searching ``text`` for
    ``seconds``.  On a shared machine the second figure is the steadier one: it counts only the
    time the search's thread ran."""
    state = games.load("alquerque").from_text(text)
    player = make()
    cpu = time.thread_time()
    player.choose(state, Limits(time=seconds))
    cpu = time.thread_time() - cpu
    last = player.last
    return last.depth, last.nps, last.nodes / max(cpu, 1e-9)


def bench_speed(report, seconds: float) -> None:
    """The kernel search and the pure-Python search it replaced, side by side on each position."""
    for number, text in enumerate(BENCH_POSITIONS, 1):
        new = speed(lambda: EnginePlayer(None), text, seconds)
        old = speed(reference_player, text, seconds)
        report(f"  #{number} kernel depth {new[0]:3d} {new[1]:9.0f} nodes/s ({new[2]:9.0f} per CPU s)"
               f" | pure Python depth {old[0]:3d} {old[1]:7.0f} nodes/s ({old[2]:7.0f} per CPU s)"
               f" | {faster(new[2], old[2])}")


def depth_cost(report, depth: int) -> None:
    """Nodes and CPU seconds to reach ``depth`` on each bench position, the plain search beside
    the one with late-move reductions (``Tactics(reduce=1)``): what the reductions buy in depth."""
    game = games.load("alquerque")
    totals = {}
    for number, text in enumerate(BENCH_POSITIONS, 1):
        line = []
        for reduce in (0, 1):
            player = EnginePlayer(None, Tactics(reduce=reduce))
            cpu = time.process_time()
            player.choose(game.from_text(text), Limits(depth=depth))
            cpu = time.process_time() - cpu
            nodes, seconds = totals.get(reduce, (0, 0.0))
            totals[reduce] = (nodes + player.last.nodes, seconds + cpu)
            line.append(f"{'reduced' if reduce else 'plain'} {player.last.nodes:9d} nodes {cpu:5.2f} s")
        report(f"  #{number} depth {depth}: " + " | ".join(line))
    (plain, plain_s), (reduced, reduced_s) = totals[0], totals[1]
    report(f"  all: plain {plain} nodes {plain_s:.2f} s | reduced {reduced} nodes {reduced_s:.2f} s"
           f" | x{plain / max(reduced, 1):.1f} fewer nodes")


def bench_extra(report, quick: bool, openings: int | None = None) -> None:
    """Speed beside the pure-Python search's, then strength: level-5 against the course's
    minimax-4 at 1 s a move, then the ladder of levels.

    Kept short by default for a shared 2-core machine (3 openings, 6 games); the issue's 40-game
    run is ``main.py bench alquerque --openings 20`` (about 25 minutes)."""
    seconds = 0.3 if quick else 1.0
    report(f"  kernel against the pure-Python search it replaced, {seconds:g} s each:")
    bench_speed(report, seconds)
    depth = 9 if quick else 11
    report(f"  nodes to depth {depth}, without and with late-move reductions:")
    depth_cost(report, depth)
    report(f"  {strength('level-5', 'alquerque:minimax-4', openings or (1 if quick else 3), seconds)}")
    ladder = 1 if openings is None else max(1, openings // 4)
    for n in range(4, 0, -1):
        report(f"  {strength(f'level-{n + 1}', f'level-{n}', ladder, seconds)}")
