"""Prove Rastros from the start with our own exact solver (ai/kernels/rastros.py), one first move at a time.

    .venv/bin/python tools/solve_rastros.py                  # 8x8: each of South's first moves and its refutation
    .venv/bin/python tools/solve_rastros.py --size 7         # a smaller board: the value of every first move
    nice -n 5 .venv/bin/python tools/solve_rastros.py --bits 27 --save-table /tmp/rastros-proof/table27.npy

The start is lost for South exactly when every first move of South loses.  On 8x8 the rules file
names North's winning reply to each first move, so the tool proves "South to move after that reply
loses"; elsewhere it solves "North to move after South's first move".  The reflection
(r, c) -> (n + 1 - c, n + 1 - r) keeps the start square and both goals, so mirrored first moves share
one proof.  One solver table serves every proof (its entries are exact facts, whatever the root).

Each finished proof goes to the checkpoint file at once (result, positions, seconds, table entries
used), so a run that is killed resumes with the proofs still missing.  Figures are quoted in
docs/rastros-proof.md.

How long, here: 7x7 5 s of CPU; the 8x8 proof about 15 min of CPU (docs/rastros-proof.md).
"""

from __future__ import annotations

import argparse
import json
import sys
import threading
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import games  # noqa: E402
from ai.kernels import rastros as kernel  # noqa: E402
from ai.search.driver import CTL_NODES, new_ctl  # noqa: E402
from games.rastros import course_coords, square, square_name  # noqa: E402
from tools.usage import tool_parser, writes_and_takes  # noqa: E402

# North's winning reply to each South first move on 8x8 (shared/rules/rastros.md), as row-col.
REFUTATIONS_8X8 = {
    "5-4": "6-3", "4-4": "3-4", "5-5": "5-6", "3-4": "4-4",
    "5-6": "5-5", "3-5": "3-4", "4-6": "5-6", "3-6": "3-5",
}


def mirror(n: int, sq: int) -> int:
    """The square reflected by (r, c) -> (n + 1 - c, n + 1 - r): start and goals stay put."""
    row, col = course_coords(n, sq)
    return square(n, n + 1 - col, n + 1 - row)


def first_moves(n: int) -> list[tuple[int, list[int]]]:
    """South's first moves up to the reflection: (move, [the moves it stands for])."""
    start = games.load("rastros", size=n).initial_state()
    out: list[tuple[int, list[int]]] = []
    seen: set[int] = set()
    for m in start.legal_moves():
        if m in seen:
            continue
        twins = sorted({m, mirror(n, m)})
        seen.update(twins)
        out.append((m, twins))
    return out


def position(state) -> tuple[int, int, int]:
    """The kernel's (piece, region, side) of a game state."""
    b = kernel.board(state.game.n)
    return state.white, int(kernel.flood(b, state.white, np.uint64(state.free))), state.to_move


def table_entries(table: kernel.SolverTable) -> int:
    return int(np.count_nonzero(table.table[:, kernel.INFO]))


def prove(state, table: kernel.SolverTable, log, label: str, every: float = 60.0) -> dict:
    """Solve ``state`` (no node limit) and return its figures; prints progress every ``every`` s."""
    piece, region, side = position(state)
    ctl = new_ctl()
    done = threading.Event()

    def report() -> None:
        start = time.time()
        while not done.wait(every):
            nodes = int(ctl[CTL_NODES])
            log(f"  {label}: {nodes:,} positions after {time.time() - start:.0f} s "
                f"({nodes / max(time.time() - start, 1e-9):,.0f}/s)")

    watcher = threading.Thread(target=report, daemon=True)
    watcher.start()
    start, cpu = time.perf_counter(), time.process_time()
    won = kernel.solve(piece, region, side, table, n=state.game.n, ctl=ctl)
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    done.set()
    return {"mover_wins": bool(won), "positions": int(ctl[CTL_NODES]), "seconds": round(seconds, 1),
            "cpu_seconds": round(cpu, 1), "region": int(region).bit_count(), "table_entries": table_entries(table)}


def board_size(text: str) -> int:
    """``--size``: a Rastros board size the game takes; any other (``--size 3``) is a usage error
    naming the sizes, not the game's ValueError as a traceback."""
    try:
        return games.load("rastros", size=text).options["size"]
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def main(argv: list[str] | None = None) -> int:
    from tools.verify_data import written_file  # a usage error for an --out that cannot be written

    parser = tool_parser(__doc__, writes_and_takes(
        writes="the proofs to --checkpoint (JSON, resumed by the next run) and, with --save-table, the "
               "solver table (16 << bits bytes)",
        takes="5 s of CPU on 7x7, about 15 min on 8x8 (docs/rastros-proof.md)"))
    parser.add_argument("--size", type=board_size, default=8, help="the board, 4..8 as the game has it")
    parser.add_argument("--bits", type=int, default=26, help="solver table of 2**bits entries (16 bytes each)")
    parser.add_argument("--checkpoint", type=written_file, default="/tmp/rastros-proof/proof.json",
                        help="the proofs so far (JSON; a run resumes from it)")
    parser.add_argument("--only", nargs="*", help="first moves (row-col) to prove, default all")
    parser.add_argument("--save-table", type=written_file, help="write the solver table here at the end (.npy), "
                        "for tools/rastros_book.py --load-table")
    args = parser.parse_args(argv)

    def log(text: str) -> None:
        print(time.strftime("%H:%M:%S"), text, flush=True)

    n = args.size
    game = games.load("rastros", size=n)
    start_state = game.initial_state()
    saved = json.loads(args.checkpoint.read_text(encoding="utf-8")) if args.checkpoint.exists() else {}
    key = f"{n}x{n}"
    results = saved.setdefault(key, {"table_bits": args.bits, "moves": {}})
    table = kernel.SolverTable(args.bits)
    log(f"{key}: solver table 2**{args.bits} entries ({(16 << args.bits) / 2**20:.0f} MiB)")
    for move, twins in first_moves(n):
        name = square_name(n, move)
        if args.only and name not in args.only:
            continue
        if name in results["moves"]:
            log(f"{name}: already proven ({results['moves'][name]})")
            continue
        after = start_state.play(move)
        entry = {"mirrors": [square_name(n, t) for t in twins]}
        if after.is_terminal():  # onto a goal: decided by the rules, nothing to solve
            entry.update(south_wins=after.winner() == 0, positions=0, seconds=0.0, reason=after.end_reason())
        elif n == 8:
            reply = game.parse_square(REFUTATIONS_8X8[name])
            entry["reply"] = REFUTATIONS_8X8[name]
            figures = prove(after.play(reply), table, log, f"{name} {entry['reply']}")
            entry["reply_wins"] = not figures.pop("mover_wins")
            entry["south_wins"] = False if entry["reply_wins"] else None  # None: this reply proves nothing
        else:
            figures = prove(after, table, log, name)
            entry["south_wins"] = not figures.pop("mover_wins")
        entry.update(figures)
        results["moves"][name] = entry
        args.checkpoint.write_text(json.dumps(saved, indent=1) + "\n", encoding="utf-8")
        log(f"{name} (and {', '.join(entry['mirrors'])}): {entry}")
    if args.save_table:
        np.save(args.save_table, table.table)
        log(f"solver table saved to {args.save_table}")
    moves = results["moves"]
    total = sum(e["positions"] for e in moves.values())
    seconds = sum(e["seconds"] for e in moves.values())
    winners = sorted((t for e in moves.values() if e["south_wins"] for t in e["mirrors"]), key=game.parse_square)
    log(f"{key}: {len(moves)} first moves proven, {total:,} positions, {seconds:,.0f} s; "
        f"South's winning first moves: {winners or 'none'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
