"""The engine kernels compiled for this computer's CPU beside the same kernels compiled for
portable CPU models, side by side: what shipping portable code costs in speed, and what compiling
costs a computer whose CPU the shipped code does not match.

    python tools/kernel_targets.py                 # host, generic, x86-64-v2; empty caches
    python tools/kernel_targets.py host portable --keep /tmp/kt --rounds 8

Each CPU target runs in a process of its own with its own numba cache folder (``NUMBA_CPU_NAME``
and ``NUMBA_CPU_FEATURES`` as numba reads them; ``host`` leaves both unset).  The process first
compiles every game's kernels: from nothing in an empty folder, so the ``compile`` rows are what
a first use costs (``--keep`` the folders and run again, and they are the seconds to load them).
Then the processes take turns, in a rotating order, at rounds of fixed work from the games'
benches (ai/bench): Reversi's kernel perft and the Alquerque search to a fixed depth (CPU
seconds), the Rastros solver on fixed positions and Hex's playouts (per CPU second).  Printed:
each figure's median over the rounds, and its median ratio to the first target's figure of the
same round, which a shared machine's changing load disturbs least.  The pure-Python Hex playouts
do not depend on the target: a difference there is the load, not the code.  ``popcnt`` says
whether the target counts bits with that instruction (Reversi's ``ctpop``).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ai.kernel_cache import portable_target  # noqa: E402
from tools.usage import tool_parser, writes_and_takes  # noqa: E402

ROUNDS = 5
# (NUMBA_CPU_NAME, NUMBA_CPU_FEATURES); None leaves the variable unset (numba then asks the CPU).
# "portable" is what a bundle ships (ai.kernel_cache.PORTABLE_TARGETS).
TARGETS = {"host": (None, None), "portable": portable_target() or (None, None), "generic": ("generic", ""),
           "x86-64-v2": ("x86-64-v2", ""), "x86-64-v3": ("x86-64-v3", "")}
DEFAULT = ("host", "generic", "x86-64-v2")


def _worker() -> None:
    """A measuring process (its numba target comes from the environment): compiles every game's
    kernels, prints the seconds as one JSON line, then prints one line of figures per line read."""
    import ai.kernels as kernels

    figures: dict[str, float | str] = {}
    for game in kernels.KERNEL_GAMES:
        began = time.perf_counter()
        kernels.warm_up(game)
        figures[f"compile {game} (s)"] = time.perf_counter() - began
    figures["popcnt"] = "yes" if _counts_with_popcnt() else "no"
    print(json.dumps(figures), flush=True)
    for _ in sys.stdin:
        print(json.dumps(_one_round()), flush=True)


def _one_round() -> dict[str, float]:
    """One round of fixed work from the games' benches."""
    import numpy as np

    import games
    from ai.bench import alquerque, rastros
    from ai.bench import hex as hex_bench
    from ai.kernels import reversi

    start = games.load("reversi").initial_state()
    me, opp, geo = np.uint64(start.mover), np.uint64(start.opponent), reversi.geometry(8)
    lines: list[str] = []
    figures = {"reversi perft 11 (CPU s)": _cpu(lambda: reversi.perft(me, opp, 11, geo)),
               "alquerque depth 10, 2x6 searches (CPU s)": _cpu(lambda: alquerque.depth_cost(lines.append, 10))}
    rastros.big_solver_speed(lines.append, 4)  # its line ends "R nodes/s (C per CPU s; N nodes, T s)"
    figures["rastros solver, 4 positions (nodes per CPU s)"] = float(lines[-1].split("nodes/s (")[1].split()[0])
    (_, kernel, _), (_, python, _) = hex_bench.playout_speeds(11, 1.0, True)
    figures["hex 11x11 kernel playouts per CPU s"] = kernel
    figures["hex 11x11 pure-Python playouts per CPU s (load control)"] = python
    return figures


def _cpu(run) -> float:
    """CPU seconds of this process that ``run()`` takes."""
    began = time.process_time()
    run()
    return time.process_time() - began


def _counts_with_popcnt() -> bool:
    """Does this process's target compile Reversi's bit count to the ``popcnt`` instruction?"""
    import numpy as np
    from numba import njit

    from ai.kernels.reversi import popcount

    @njit(cache=False)
    def count(x):
        return popcount(x)

    count(np.uint64(1))
    return any(line.split()[:1] == ["popcntq"] for line in next(iter(count.inspect_asm().values())).splitlines())


def start_worker(name: str, cache: Path) -> tuple[subprocess.Popen, dict[str, float | str]]:
    """A measuring process for target ``name`` with the cache folder ``cache``, once it has
    compiled (or loaded) the kernels; with its compile figures."""
    cpu_name, features = TARGETS[name]
    env = dict(os.environ, NUMBA_CACHE_DIR=str(cache))
    for var, value in (("NUMBA_CPU_NAME", cpu_name), ("NUMBA_CPU_FEATURES", features)):
        env.pop(var, None)
        if value is not None:
            env[var] = value
    process = subprocess.Popen([sys.executable, __file__, "--worker"], cwd=ROOT, env=env, text=True,
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    line = process.stdout.readline()
    if not line:
        raise SystemExit(f"{name}: the measuring process failed (its error above)")
    return process, json.loads(line)


def ask(process: subprocess.Popen) -> dict[str, float]:
    process.stdin.write("round\n")
    process.stdin.flush()
    return json.loads(process.stdout.readline())


def measure(names: list[str], base: Path, rounds: int) -> dict[str, dict[str, float | str]]:
    """Each target's compile figures, and the median of ``rounds`` rounds of the fixed work, the
    targets taking turns (in a rotating order) so that the machine's changing load falls on all
    of them alike; and each figure's median ratio to the first target's in the same round."""
    workers = {name: start_worker(name, base / name) for name in names}
    results = {name: dict(compiled) for name, (_, compiled) in workers.items()}
    rows: dict[str, list[dict[str, float]]] = {name: [] for name in names}
    for number in range(rounds):
        for name in names[number % len(names):] + names[:number % len(names)]:
            rows[name].append(ask(workers[name][0]))
    for process, _ in workers.values():
        process.stdin.close()
        process.wait()
    first = rows[names[0]]
    for name in names:
        for figure in first[0]:
            results[name][figure] = statistics.median(row[figure] for row in rows[name])
            if name != names[0] and "load control" not in figure:
                results[name][f"{figure.split(' (')[0]}, x {names[0]}'s"] = statistics.median(
                    row[figure] / mine[figure] for row, mine in zip(rows[name], first))
    return results


def main(argv: list[str] | None = None) -> None:
    parser = tool_parser(__doc__, writes_and_takes(
        writes="each target's compiled kernels in a temporary folder, removed at the end (--keep: kept "
               "there)",
        prints="the figures",
        takes="about 5 min with host --rounds 1 on a busy 2-core machine (4 min of it compiling every "
              "game's kernels, 45 s a round), so about 25 min with the defaults (three targets, 5 rounds "
              "each)"))
    parser.add_argument("targets", nargs="*", metavar="TARGET",
                        help=f"of {', '.join(TARGETS)} (default: {', '.join(DEFAULT)})")
    parser.add_argument("--keep", type=Path, help="cache folders under this folder (kept), else temporary")
    parser.add_argument("--rounds", type=int, default=ROUNDS, help=f"rounds of each target (default {ROUNDS})")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        _worker()
        return
    unknown = set(args.targets) - set(TARGETS)
    if unknown:
        parser.error(f"unknown targets {', '.join(sorted(unknown))}")
    names = list(args.targets or DEFAULT)
    with tempfile.TemporaryDirectory() as scratch:
        results = measure(names, args.keep or Path(scratch), args.rounds)
    print(f"{'':58}" + "".join(f"{n:>12}" for n in names))
    for figure in dict.fromkeys(f for n in names for f in results[n]):
        print(f"{figure:58}" + "".join(f"{_shown(results[n].get(figure, '')):>12}" for n in names))


def _shown(value: float | str) -> str:
    if isinstance(value, float) and value < 10:
        return f"{value:.2f}"
    return value if isinstance(value, str) else f"{value:,.2f}" if value < 1000 else f"{value:,.0f}"


if __name__ == "__main__":
    main()
