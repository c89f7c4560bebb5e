"""Games per hour per core for a course league, here and on a Dask LocalCluster; Dask's cost per game.

    .venv/bin/python tools/league_bench.py --games 40 --overhead-games 300   # docs/leagues.md's figures
    .venv/bin/python tools/league_bench.py --games 6 --overhead-games 40    # a quick check

The league: 30 Rastros players at 1 s a move, like a course's: the 11 built-in ones (five
levels, the course's six classic bots) and 19 generated "student" files (outside players, each in
its own process like a real student's file), each of which spends a fixed share of its second
(10% to 90%, busy, as a search stopping at its own time limit does) and then plays a seeded random
move.  A full round robin is 870 games; ``--games N`` plays N of them spread evenly over the
schedule, first in this process (``--jobs 1``), then on a LocalCluster of ``--workers`` processes.

Overhead: quick tic-tac-toe games (level-1 against level-2, 0.01 s a move) in this process and on
a one-worker LocalCluster, ``--overhead-games`` and twice as many, ``--overhead-rounds`` times; the
difference per game is what Dask adds (scheduling, pickling the task and result, the round trip),
the rest the cluster's start-up.  Each round gives an estimate; a figure is printed (their median)
only when it is above its noise, the spread of the rounds' estimates, else "within noise": on a
busy machine one pair of runs said Dask adds -21 ms a game.  The machine's load average is printed
with each figure: on a shared machine, read them with it.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tools.usage import tool_parser, writes_and_takes  # noqa: E402

BUILT_IN = ["level-1", "level-2", "level-3", "level-4", "level-5", "rastros:bacoco", "rastros:obtuso-sw",
            "rastros:obtuso-ne", "rastros:random-plus", "rastros:basilio", "rastros:ar-livre"]
STUDENT = '''# A generated course-league bot: busy for {share:.0%} of its time, then a seeded random move.
import random
import time

RNG = random.Random({seed})


def choose(game, state, seconds):
    end = time.perf_counter() + {share} * (seconds or 1.0)
    while time.perf_counter() < end:
        pass
    return RNG.choice(state.legal_moves())
'''


def students(folder: Path, count: int) -> list[str]:
    """``count`` generated bot files in ``folder``; their player ids."""
    ids = []
    for k in range(count):
        path = folder / f"student_{k + 1:02d}.py"
        path.write_text(STUDENT.format(share=round(0.1 + 0.8 * (k % 9) / 8, 2), seed=k + 1), encoding="utf-8")
        ids.append(str(path))
    return ids


def sample_league(ids: list[str], games: int, seconds: float, **kw):
    """The 30-player round robin with only ``games`` of its games, spread over the schedule."""
    from ai.tournament import Tournament

    t = Tournament("rastros", ids, games_per_pair=1, time_per_move=seconds, seed=1, **kw)
    step = max(1, len(t.schedule) // games)
    t.schedule = t.schedule[::step][:games]
    return t


def timed(t) -> tuple[float, list]:
    began = time.perf_counter()
    results = t.run()
    return time.perf_counter() - began, results


def load() -> str:
    return "load " + " ".join(f"{x:.2f}" for x in os.getloadavg())


def league(ids: list[str], games: int, seconds: float, workers: int) -> None:
    here = sample_league(ids, games, seconds)
    elapsed, results = timed(here)
    plies = sum(len(r.moves) for r in results)
    thought = sum(sum(r.time_used) for r in results)
    forfeits = sum(r.forfeit for r in results)
    print(f"league, this process (--jobs 1): {len(results)} games in {elapsed:.1f} s = "
          f"{3600 * len(results) / elapsed:.0f} games/hour/core; {plies / len(results):.1f} plies and "
          f"{thought / len(results):.1f} s of thinking per game, {elapsed / len(results):.1f} s wall per game; "
          f"{forfeits} forfeits; {load()}", flush=True)
    there = sample_league(ids, games, seconds, cluster="local", jobs=workers)
    elapsed_d, results_d = timed(there)
    same = [(r.moves, r.winner) for r in results] == [(r.moves, r.winner) for r in results_d]
    print(f"league, LocalCluster of {workers} workers: {len(results_d)} games in {elapsed_d:.1f} s = "
          f"{3600 * len(results_d) / elapsed_d:.0f} games/hour, {3600 * len(results_d) / elapsed_d / workers:.0f} "
          f"games/hour/core; same games as --jobs 1: {same} (timed players may differ); {load()}", flush=True)


def overhead(games: int, rounds: int = 3) -> None:
    """Dask's cost per game from runs of ``games`` and ``2 * games`` games (the cluster's start-up
    is the same in both, so it drops out of the difference) against the same games here, each
    ``rounds`` times: a figure the rounds' spread drowns is said to be within noise."""
    from ai.tournament import Tournament

    def run(n: int, **kw) -> float:
        t = Tournament("tictactoe", ["level-1", "level-2"], games_per_pair=n // 2, time_per_move=0.01, seed=1, **kw)
        return timed(t)[0]

    local = [run(2 * games) / (2 * games) for _ in range(rounds)]
    pairs = [(run(games, cluster="local", jobs=1), run(2 * games, cluster="local", jobs=1)) for _ in range(rounds)]
    per_game = [(large - small) / games for small, large in pairs]
    added = [1000 * (cluster - here) for cluster, here in zip(per_game, local)]
    startup = [small - games * cluster for (small, _large), cluster in zip(pairs, per_game)]
    small, large = (statistics.median(runs) for runs in zip(*pairs))
    print(f"overhead ({rounds} rounds, medians): tic-tac-toe games take {1000 * statistics.median(local):.1f} ms "
          f"each here; on a 1-worker LocalCluster ({games} games in {small:.2f} s, {2 * games} in {large:.2f} s) "
          f"Dask adds {above_noise(added, 'ms per game')}, and {above_noise(startup, 's')} to start and stop "
          f"the cluster; {load()}", flush=True)


def above_noise(estimates: list[float], unit: str) -> str:
    """Two or more rounds' ``estimates`` of one cost as a figure, their median with their spread
    ("4.1 ms per game (3 rounds within 1.2)"), or "within noise" where the spread (or a median at
    or below nought) says the figure is not there: a difference of two noisy timings printed a
    negative cost, -21 ms a game, noise larger than the figure."""
    middle, spread = statistics.median(estimates), max(estimates) - min(estimates)
    if middle > spread:
        return f"{middle:.1f} {unit} ({len(estimates)} rounds within {spread:.1f})"
    return f"a cost within noise (its {len(estimates)} estimates spread over {spread:.1f} {unit}, more than their median)"


def main(argv: list[str] | None = None) -> None:
    parser = tool_parser(__doc__, writes_and_takes(
        writes="its generated student files in a temporary folder, removed at the end",
        prints="the figures (Dask's cost per game only when it is above its noise, the spread of "
               "--overhead-rounds estimates; else 'within noise')",
        takes="about 1 min with --games 6 --overhead-games 40 (the quick check), and about 7 min with "
              "the defaults (40 games of 1 s a move, played twice, at 4.3 s of wall time a game)"))
    parser.add_argument("--games", type=int, default=40, help="league games to play (of 870)")
    parser.add_argument("--time", type=float, default=1.0, help="seconds per move")
    parser.add_argument("--workers", type=int, default=2, help="LocalCluster worker processes")
    parser.add_argument("--overhead-games", type=int, default=200,
                        help="tic-tac-toe games of the overhead runs (and twice as many)")
    parser.add_argument("--overhead-rounds", type=int, default=3, choices=range(2, 10), metavar="2..9",
                        help="times the overhead runs are repeated: Dask's cost is their median, printed only "
                             "when above their spread (else 'within noise'), so noise never reads as a cost")
    args = parser.parse_args(argv)
    overhead(args.overhead_games, args.overhead_rounds)
    with tempfile.TemporaryDirectory(prefix="league-bench-") as folder:
        ids = BUILT_IN + students(Path(folder), 30 - len(BUILT_IN))
        league(ids, args.games, args.time, args.workers)


if __name__ == "__main__":
    main()
