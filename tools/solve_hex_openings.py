"""Solve Hex first moves with the df-pn solver and ship the maps in ai/data/hex_openings.json.

    python tools/solve_hex_openings.py 3 4 5 6 7 [--seconds S] [--checkpoint FILE] [--no-save] [--workers K]
    python tools/solve_hex_openings.py 7 --cells a1 b1 [--plain]

For each size: every first cell of Blue (no swap), winning or losing, solved with the half-turn
symmetry; the time and solver nodes each size took are recorded in the file too.  Sizes already
in the file are kept unless named again; a size that runs out of time is reported and left out.
``--checkpoint`` keeps each first cell as soon as it is solved, with the seconds and nodes spent
so far, so that a long size (7x7: hours) is resumed cell by cell by running the same command again.
``--workers K`` solves K first cells at a time in K processes, each with its own solver (the
seconds recorded are then the sum of the cells' solving times, not the wall time).
The file's SHA-256 goes to ai/data/checksums.json (``ai.data.record_checksum``); ``--out FILE``
writes the maps there instead (its sizes kept likewise; nothing recorded: tools/verify_data.py).

``--no-save`` solves and reports without writing the file; ``--cells`` times single first cells
(wall and CPU seconds, nodes), the solver's speed figure (docs/tuning/hex-knowledge.md, "Solver
speed"), and ``--plain`` does so with the plain df-pn (no ordering, no proof sets).

How long, here: sizes 3-5 2 s; 6x6 about 31 s; 7x7 hours (15,345 s summed over its cells;
ai/data/README.md).
"""

from __future__ import annotations

import json
import multiprocessing
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ai import data  # noqa: E402
from ai.kernels import hex_pns  # noqa: E402
from ai.kernels.hex import board_colours  # noqa: E402
from games.grid import cell_name, parse_cell  # noqa: E402

FILE = "hex_openings.json"


def load(path: Path | None = None) -> dict:
    """The maps of ``path`` (default: the shipped file), or none."""
    path = path or data.path(FILE)
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else {"sizes": {}}


def save(table: dict, path: Path | None = None) -> None:
    """Write the maps to ``path``; the shipped file (the default) gets its SHA-256 recorded."""
    path = path or data.path(FILE)
    path.write_text(json.dumps(table, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    if path.resolve() == data.path(FILE):
        data.record_checksum(FILE)


def solve_size(n: int, seconds: float, checkpoint: Path | None = None, workers: int = 1) -> dict | None:
    """One size's map as stored: winning cells in notation, seconds and nodes; None if out of time."""
    solver = hex_pns.Solver(n)
    saved = json.loads(checkpoint.read_text(encoding="utf-8")) if checkpoint and checkpoint.exists() else {}
    done = saved.get(str(n), {"cells": {}, "seconds": 0.0, "nodes": 0})
    known = {int(cell): wins for cell, wins in done["cells"].items()}

    def keep(cell: int, wins: bool, spent: float, nodes: int) -> None:
        known[cell] = wins
        done["cells"][str(cell)] = wins
        done["seconds"] = round(done["seconds"] + spent, 1)
        done["nodes"] += nodes
        if checkpoint is None:
            return
        saved[str(n)] = done
        checkpoint.write_text(json.dumps(saved, indent=1), encoding="utf-8")
        print(f"  {n}x{n} {cell_name(cell, n)}: {'wins' if wins else 'loses'} in {spent:.1f} s, {nodes} nodes"
              f" ({done['seconds']} s, {done['nodes']} nodes in all)", flush=True)

    try:
        if workers > 1:
            solve_in_parallel(n, seconds, known, keep, workers)
        clock = [time.perf_counter(), solver.nodes]

        def heard(cell: int, wins: bool) -> None:
            now = time.perf_counter()
            keep(cell, wins, now - clock[0], solver.nodes - clock[1])
            clock[:] = [now, solver.nodes]

        result = hex_pns.opening_map(n, seconds, solver, dict(known), heard)
    except hex_pns.OutOfTime:
        return None
    return {
        "winning": sorted((cell_name(c, n) for c, wins in result.items() if wins), key=lambda s: (s[0], int(s[1:]))),
        "seconds": done["seconds"],
        "nodes": done["nodes"],
    }


def solve_in_parallel(n: int, seconds: float, known: dict[int, bool], keep, workers: int) -> None:
    """Solve the first cells not in ``known`` (one of each half-turn pair) in ``workers`` processes,
    handing each result to ``keep`` as it comes; raises OutOfTime after ``seconds``."""
    todo = [(n, cell) for cell in range(n * n)
            if cell <= n * n - 1 - cell and cell not in known and n * n - 1 - cell not in known]
    if not todo:
        return
    deadline = time.perf_counter() + seconds
    with multiprocessing.get_context("spawn").Pool(workers) as pool:
        results = pool.imap_unordered(solve_cell, todo)
        for _ in todo:
            left = deadline - time.perf_counter()
            try:
                keep(*results.next(timeout=None if left == float("inf") else max(left, 0.0)))
            except multiprocessing.TimeoutError:
                raise hex_pns.OutOfTime from None


_worker_solver: hex_pns.Solver | None = None  # a worker process's solver, kept between its cells


def solve_cell(task: tuple[int, int]) -> tuple[int, bool, float, int]:
    """In a worker: (cell, does Blue win opening there, seconds, solver nodes) for (n, cell)."""
    global _worker_solver
    n, cell = task
    if _worker_solver is None or _worker_solver.n != n:
        _worker_solver = hex_pns.Solver(n)
    colour = board_colours(n, 0, 0)
    colour[cell] = 1
    began, nodes = time.perf_counter(), _worker_solver.nodes
    wins = not _worker_solver.wins(colour, 1)
    return cell, wins, time.perf_counter() - began, _worker_solver.nodes - nodes


def time_cells(n: int, names: list[str], plain: bool) -> None:
    """Solve each named first cell with a fresh solver and print its result, seconds and nodes."""
    for name in names:
        solver = hex_pns.Solver(n, informed=not plain)
        colour = board_colours(n, 0, 0)
        colour[parse_cell(name, n, n)] = 1
        wall, cpu = time.perf_counter(), time.process_time()
        wins = not solver.wins(colour, 1)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        print(f"{n}x{n} {name}: {'wins' if wins else 'loses'}, {wall:.1f} s ({cpu:.1f} s CPU), {solver.nodes} nodes,"
              f" {1000 * cpu / max(solver.nodes, 1):.1f} ms CPU a node", flush=True)


def main(argv: list[str] | None = None) -> int:
    from tools.verify_data import builder_parser, written_file  # the files it ships, their commands and times

    parser = builder_parser(__doc__, __file__)
    parser.add_argument("sizes", nargs="+", type=int)
    parser.add_argument("--seconds", type=float, default=float("inf"), help="time limit per size")
    parser.add_argument("--checkpoint", type=written_file, help="JSON file of the cells solved so far (resumed)")
    parser.add_argument("--no-save", action="store_true", help="report only: leave ai/data alone")
    parser.add_argument("--out", type=written_file, help="write the maps here instead of ai/data/ (no checksum recorded)")
    parser.add_argument("--cells", nargs="+", help="time these first cells only (e.g. a1 b1)")
    parser.add_argument("--plain", action="store_true", help="with --cells: the plain df-pn")
    parser.add_argument("--workers", type=int, default=1, help="first cells solved at a time, each in a process")
    args = parser.parse_args(argv)
    hex_pns.warm_up()
    if args.cells:
        for n in args.sizes:
            time_cells(n, args.cells, args.plain)
        return 0
    for n in args.sizes:
        entry = solve_size(n, args.seconds, args.checkpoint, args.workers)
        if entry is None:
            print(f"{n}x{n}: not proved within {args.seconds} s", flush=True)
            continue
        if not args.no_save:
            table = load(args.out)  # re-read: another size may have been written meanwhile
            table["sizes"][str(n)] = entry
            save(table, args.out)
        print(f"{n}x{n}: {len(entry['winning'])} winning first moves, {entry['seconds']} s, "
              f"{entry['nodes']} nodes: {' '.join(entry['winning'])}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
