"""Build the Alquerque endgame tables (ai/kernels/alquerque_tables.py) and ship them in ai/data/.

    .venv/bin/python tools/build_alquerque_tables.py --pieces 6 --variant course
    .venv/bin/python tools/build_alquerque_tables.py --pieces 8 --variant course --no-ship   # resumable

Tables are built by total piece count, each ``(w, b)`` table saved to the work folder as soon as it
is done (``--work``, default /tmp/alquerque-tables/<variant>), so a build stopped halfway resumes
where it stopped when run again with the same command.  Then, unless ``--no-ship``, the tables
up to ``--pieces`` are written to ai/data/alquerque_<variant>.bin and its SHA-256 recorded
(``--out FILE``: written there instead, nothing recorded; tools/verify_data.py rebuilds so).
Prints per table: entries, seconds, the shares won / lost / drawn for the side to move (counter at
0) and the longest win or loss in plies to the conversion; then the same shares per piece count
(both colours: a table ``(b, w)`` is its mirror ``(w, b)``).

How long, here: the course reading's 7-piece tables 54 s to build and 2 min to compress; the
rule options' 4-19 s (ai/data/README.md gives each file's command).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai import data  # noqa: E402
from ai.kernels import alquerque_tables as tb  # noqa: E402
from ai.kernels.alquerque import rules  # noqa: E402


def build(variant: str, pieces: int, work: Path) -> tb.Tables:
    """Every table with up to ``pieces`` pieces, from the work folder where already built."""
    work.mkdir(parents=True, exist_ok=True)
    r = rules(*tb.VARIANTS[variant])
    tables = tb.empty_tables()
    print(f"{'table':>8} {'entries':>12} {'seconds':>8} {'won':>7} {'lost':>7} {'drawn':>7} {'longest':>7}", flush=True)
    for n in range(2, pieces + 1):
        totals = np.zeros(4)  # entries, won, lost, drawn over every table of n pieces (both colours)
        for w in tb.stored_tables_of_count(n):
            b = n - w
            saved = work / f"{w}v{b}.npy"
            start = time.perf_counter()
            if saved.exists():
                table = np.load(saved)
                took = "saved"
            else:
                table = tb.build_table(r, tables, w, b)
                np.save(saved.with_suffix(".part.npy"), table)
                saved.with_suffix(".part.npy").rename(saved)
                took = f"{time.perf_counter() - start:8.1f}"
            won, lost, drawn = tb.shares(table)
            longest = int((table[table >> 6 != tb.DRAW_CLASS] & tb.DISTANCE_MASK).max(initial=0))
            print(f"{w:>4}v{b:<3} {table.size:>12,} {took:>8} {won:7.1%} {lost:7.1%} {drawn:7.1%} {longest:>7}",
                  flush=True)
            totals += (1 if w == b else 2) * table.size * np.array([1, won, lost, drawn])
            tables = tb.with_table(tables, w, b, table)
        print(f"{n:>2} pieces {int(totals[0]):>11,} {'':>8} {totals[1] / totals[0]:7.1%} {totals[2] / totals[0]:7.1%} "
              f"{totals[3] / totals[0]:7.1%}", flush=True)
    return tables


def main(argv: list[str] | None = None) -> int:
    from tools.verify_data import builder_parser, written_file  # the files it ships, their commands and times

    parser = builder_parser(__doc__, __file__)
    parser.add_argument("--pieces", type=int, default=5, help="largest total number of pieces")
    parser.add_argument("--variant", choices=list(tb.VARIANTS), default="course")
    parser.add_argument("--work", type=Path, help="folder of the finished (w, b) tables (resume)")
    parser.add_argument("--no-ship", action="store_true", help="build only; do not write ai/data/")
    parser.add_argument("--out", type=written_file, help="write the tables here instead of ai/data/ (no checksum recorded)")
    args = parser.parse_args(argv)
    work = args.work or Path("/tmp/alquerque-tables") / args.variant
    start = time.perf_counter()
    tables = build(args.variant, args.pieces, work)
    print(f"built up to {tables.max_pieces} pieces: {tables.blob.size:,} entries "
          f"in {time.perf_counter() - start:.1f} s (saved tables included)", flush=True)
    if args.no_ship:
        return 0
    name = tb.file_name(args.variant)
    if args.out and args.out.resolve() != data.path(name):  # the shipped path: written and recorded below
        args.out.write_bytes(tb.to_bytes(tables))
        print(f"wrote {args.out}: {args.out.stat().st_size:,} bytes")
        return 0
    data.path(name).write_bytes(tb.to_bytes(tables))
    digest = data.record_checksum(name)
    print(f"wrote ai/data/{name}: {data.path(name).stat().st_size:,} bytes, sha256 {digest[:16]}...")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
