"""Solve 6x6 Reversi from the start with our exact solver, and make the 6x6 opening book.

    nice -n 15 .venv/bin/python tools/solve_reversi6.py prove            # White wins 20-16: Black's margin is -4
    nice -n 15 .venv/bin/python tools/solve_reversi6.py book --until 23  # ai/data/reversi6_book.npz
    # the same in two processes, one tree each, then joined:
    tools/solve_reversi6.py book --until 23 --side black --checkpoint B --no-write
    tools/solve_reversi6.py book --until 23 --side white --checkpoint W --no-write
    tools/solve_reversi6.py book --until 23 --checkpoint B --merge W

``prove`` proves the start's value with two null-window searches of ai/kernels/reversi_endgame.py's solver
around the published one (shared/rules/reversi.md: -4 for Black, who moves first): "Black can reach
-4" (a search in the window (-5, -4) returns -4 or more) and "Black cannot reach -3" (one in
(-4, -3) returns -4 or less).  The first ``--split`` plies are walked here, one null-window solve
per position below them, each logged with its nodes and seconds (positions equal under one of the
square's 8 symmetries are solved once); one solver table is kept for the whole run.

``book`` walks the tree where one side (Black, then White) plays the book move and the other plays
anything, down to positions with ``--until`` empties, most empties first (a stopped run has whole
plies booked: run again with the checkpoint and a larger ``--until`` to write them).  Each
position of the book side gets a move proven to keep the margin its side already had (it cannot
be less after the opponent's move): one null-window search just below that margin, whose
fail-soft value is stored as a lower bound ("at least").  That is all a weak solution needs, and
it is cheap where the opponent erred: the exact margin of such a position costs 10-35 times
more (it must also prove that nothing reaches more).  ``--exact`` solves every position exactly
instead (a window around the margin, widened when the opponent erred).  The file is written with
the run's figures and its SHA-256 recorded (ai/data/checksums.json).  Positions are keyed up to
symmetry (ai/engines/reversi_book.py).  ``--checkpoint`` keeps the solved positions so a killed
run resumes; ``--side`` walks one tree only, ``--merge`` adds another run's checkpoint.

How long, here: about 40 min of CPU over the four runs that made the shipped book
(ai/data/README.md gives each).
"""

from __future__ import annotations

import heapq
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ai import data  # noqa: E402
from ai.engines import reversi_book  # noqa: E402
from ai.kernels import reversi as kernel  # noqa: E402
from ai.kernels import reversi_endgame as endgame  # noqa: E402
from ai.search.driver import CTL_NODES, new_ctl  # noqa: E402
from tools import checkpoint as checkpoints  # noqa: E402

SIZE = 6
PUBLISHED_BLACK_MARGIN = -4  # White wins 20-16 (shared/rules/reversi.md)
WIDE = SIZE * SIZE + 1


class Solver:
    """The kernel solver on 6x6 with one table for a whole run, counting nodes and CPU seconds."""

    def __init__(self, bits: int) -> None:
        self.tables = kernel.Tables(SIZE, 4, bits)
        self.out = np.zeros(2, np.int64)
        self.nodes = 0
        self.seconds = 0.0

    def root(self, me: int, opp: int, alpha: int, beta: int) -> tuple[int, int]:
        """(best move or PASS, fail-soft margin) of (me, opp) within (alpha, beta)."""
        t = self.tables
        ctl = new_ctl()
        start = time.process_time()
        endgame.solve_root(np.uint64(me), np.uint64(opp), alpha, beta, -1, 0, t.geo, t.square_value, t.end_keys,
                           t.end_data, t.sqs, t.fls, ctl, self.out)
        self.seconds += time.process_time() - start
        self.nodes += int(ctl[CTL_NODES])
        return int(self.out[0]), int(self.out[1])

    def window(self, me: int, opp: int, alpha: int, beta: int) -> tuple[int, int]:
        """``root``, with the moves walked here when some of them are images of others under a
        symmetry of the position (near the start): each class is solved once."""
        kids = children(me, opp)
        geo = kernel.geometry(SIZE)
        if not kids or len(kids) == bin(int(kernel.move_mask(np.uint64(me), np.uint64(opp), geo))).count("1"):
            return self.root(me, opp, alpha, beta)
        best, best_move = -WIDE, kids[0][0]
        for move, c_me, c_opp in kids:
            v = -self.root(c_me, c_opp, -beta, -max(alpha, best))[1]
            if v > best:
                best, best_move = v, move
                if best >= beta:
                    break
        return best_move, best

    def keep(self, me: int, opp: int, margin: int) -> tuple[int, int]:
        """(a move, a lower bound of at least ``margin``): a move proven to keep ``margin``, which
        the mover is known to reach (an error if it does not: the book's proof would be wrong)."""
        move, v = self.window(me, opp, margin - 1, margin)
        if v < margin:
            raise RuntimeError(f"the mover of ({me:#x}, {opp:#x}) cannot reach {margin}: only {v}")
        return move, v

    def exact(self, me: int, opp: int, hint: int) -> tuple[int, int]:
        """(a best move, the exact margin) of (me, opp), searched first in a window around ``hint``."""
        move, v = self.window(me, opp, hint - 1, hint + 1)
        if v >= hint + 1:
            move, v = self.window(me, opp, v - 1, WIDE)
        elif v <= hint - 1:
            move, v = self.window(me, opp, -WIDE, v + 1)
        return move, v


def children(me: int, opp: int) -> list[tuple[int, int, int]]:
    """(move, child me, child opp) for each legal move of ``me``, one per symmetry class."""
    geo = kernel.geometry(SIZE)
    moves = int(kernel.move_mask(np.uint64(me), np.uint64(opp), geo))
    seen, out = set(), []
    while moves:
        sq = (moves & -moves).bit_length() - 1
        moves &= moves - 1
        f = int(kernel.flips(sq, np.uint64(me), np.uint64(opp), geo))
        child = (opp ^ f, me | f | 1 << sq)
        key = reversi_book.book_key(*child, SIZE)
        if (key.me, key.opp) not in seen:
            seen.add((key.me, key.opp))
            out.append((sq, *child))
    return out


def empties(me: int, opp: int) -> int:
    return SIZE * SIZE - bin(me | opp).count("1")


def start_position() -> tuple[int, int]:
    import games

    state = games.load("reversi", size=SIZE).initial_state()
    return state.mover, state.opponent


def null_window(solver: Solver, me: int, opp: int, alpha: int, split: int, log) -> int:
    """Fail-soft value of (me, opp) in the window (alpha, alpha + 1): the top ``split`` plies here."""
    if split == 0:
        t0, n0 = solver.seconds, solver.nodes
        _, v = solver.root(me, opp, alpha, alpha + 1)
        log(f"    {empties(me, opp)} empties: {'>' if v > alpha else '<'}= {v}, {solver.nodes - n0:,} nodes,"
            f" {solver.seconds - t0:.1f} s (total {solver.nodes:,} nodes, {solver.seconds:.0f} s)")
        return v
    kids = children(me, opp)
    if not kids:
        if not children(opp, me):
            return bin(me).count("1") - bin(opp).count("1")
        return -null_window(solver, opp, me, -alpha - 1, split, log)
    best = -WIDE
    for _, c_me, c_opp in kids:
        best = max(best, -null_window(solver, c_me, c_opp, -alpha - 1, split - 1, log))
        if best > alpha:
            break
    return best


def prove(args, log) -> None:
    solver = Solver(args.bits)
    me, opp = start_position()
    value = PUBLISHED_BLACK_MARGIN
    wall = time.perf_counter()
    log(f"6x6 start, Black to move: is Black's margin {value}?  (table of 2**{args.bits} entries)")
    log(f"  window ({value - 1}, {value}): can Black reach {value}?")
    low = null_window(solver, me, opp, value - 1, args.split, log)
    log(f"  window ({value}, {value + 1}): can Black reach {value + 1}?")
    high = null_window(solver, me, opp, value, args.split, log)
    proven = low >= value >= high
    log(f"Black's margin is {'' if proven else 'NOT '}{value}: searches returned {low} and {high};"
        f" {solver.nodes:,} nodes, {solver.seconds:.0f} s of CPU ({time.perf_counter() - wall:.0f} s wall),"
        f" {solver.nodes / max(solver.seconds, 1e-9) / 1e6:.1f} M nodes/s")


Entry = tuple[int, int, bool]  # (move in the stored frame, margin, whether the margin is a lower bound)
SOLVED_SHAPE = checkpoints.DictOf(checkpoints.TupleOf(int, int), checkpoints.TupleOf(int, int, bool))  # (me, opp) -> Entry


def build_book(solver: Solver, me: int, opp: int, hint: int, until: int, solved: dict[tuple[int, int], Entry],
               log, checkpoint: Path | None = None, exact: bool = False,
               sides: tuple[bool, ...] = (True, False)) -> dict[tuple[int, int], Entry]:
    """Add to ``solved`` (stored key -> ``Entry``) every book-side position with ``until`` or more
    empties of the trees below (me, opp) where one side, then the other, plays book moves (``sides``:
    True for the tree where the mover of (me, opp) is the book side); ``hint`` is the mover's margin
    at (me, opp), proven (a lower bound at least).  ``exact``: solve every position exactly."""
    visited: dict[tuple[int, int, bool], int] = {}  # position -> the book side's best margin it was walked with
    stack: list = []  # a heap, most empties first: a stopped run has booked whole plies
    for book_first in sides:  # (position, book side to move, mover's hint)
        push(stack, (me, opp, book_first, hint))
    while stack:
        me, opp, book_to_move, hint = heapq.heappop(stack)[-1]
        if empties(me, opp) < until:
            continue
        key = reversi_book.book_key(me, opp, SIZE)
        if visited.get((key.me, key.opp, book_to_move), -WIDE) >= book_margin(hint, book_to_move):
            continue  # walked already with this margin or more for the book side (a transposition)
        visited[(key.me, key.opp, book_to_move)] = book_margin(hint, book_to_move)
        kids = children(me, opp)
        if not kids:
            if children(opp, me):  # a pass: the other side moves on
                push(stack, (opp, me, not book_to_move, -hint))
            continue
        if not book_to_move:
            for _, c_me, c_opp in kids:
                push(stack, (c_me, c_opp, True, -hint))
            continue
        entry = solved.get((key.me, key.opp))
        if entry is None or (entry[2] and entry[1] < hint):  # a bound below what this line proves: prove more
            t0, n0 = solver.seconds, solver.nodes
            move, margin = solver.exact(me, opp, hint) if exact else solver.keep(me, opp, hint)
            solved[(key.me, key.opp)] = entry = (reversi_book.symmetries(SIZE)[key.symmetry][move], margin, not exact)
            log(f"  {len(solved)}: {empties(me, opp)} empties, margin {'' if exact else '>= '}{margin:+d},"
                f" {solver.nodes - n0:,} nodes, {solver.seconds - t0:.2f} s (total {solver.nodes:,} nodes,"
                f" {solver.seconds:.0f} s)")
            if checkpoint:  # a few thousand entries: cheap enough to write each time
                checkpoints.save(checkpoint, solved)
        stored, margin = entry[:2]
        move = reversi_book.symmetries(SIZE)[key.symmetry].index(stored)
        f = int(kernel.flips(move, np.uint64(me), np.uint64(opp), kernel.geometry(SIZE)))
        push(stack, (opp ^ f, me | f | 1 << move, False, -margin))
    return solved


def book_margin(hint: int, book_to_move: bool) -> int:
    """The book side's margin when the mover's is ``hint``."""
    return hint if book_to_move else -hint


def push(heap: list, entry: tuple[int, int, bool, int]) -> None:
    """Most empties first, then the book side's best margin (a transposition reached with a
    better margin is then proven once, with it)."""
    heapq.heappush(heap, (-empties(entry[0], entry[1]), -book_margin(entry[3], entry[2]), entry))


def read_checkpoint(path: Path) -> dict[tuple[int, int], Entry]:
    """A checkpoint's entries: (me, opp) -> (move, margin, a lower bound?); anything else in the
    file is a ``CheckpointError`` naming it."""
    return checkpoints.checked(checkpoints.load(path), SOLVED_SHAPE, path)


def book(args, log) -> None:
    solver = Solver(args.bits)
    checkpoint = args.checkpoint
    solved: dict[tuple[int, int], Entry] = {}
    if checkpoint and checkpoint.exists():
        solved = read_checkpoint(checkpoint)
        log(f"resumed {len(solved)} solved positions from {checkpoint}")
    for other in args.merge:
        for key, entry in read_checkpoint(other).items():
            if key not in solved or (solved[key][2] and not entry[2]):  # an exact margin over a bound
                solved[key] = entry
        log(f"merged {other}: {len(solved)} positions")
    resumed = len(solved)
    wall = time.perf_counter()
    me, opp = start_position()
    sides = {"both": (True, False), "black": (True,), "white": (False,)}[args.side]
    build_book(solver, me, opp, PUBLISHED_BLACK_MARGIN, args.until, solved, log, checkpoint, args.exact, sides)
    if checkpoint:
        checkpoints.save(checkpoint, solved)
    if args.no_write:
        return
    start = reversi_book.book_key(me, opp, SIZE)
    bounds = frozenset(key for key, entry in solved.items() if entry[2])
    figures = {
        "positions": len(solved),
        "lower_bounds": len(bounds),  # the others are exact margins
        "until_empties": args.until,
        "start_margin": solved[(start.me, start.opp)][1],
        "resumed_positions": resumed,  # solved by an earlier run (its log has their nodes and seconds)
        "solver_nodes": solver.nodes,
        "cpu_seconds": round(solver.seconds),
        "command": " ".join(["tools/solve_reversi6.py", *sys.argv[1:]]),  # a merge: the parts' logs have their cost
    }
    path = data.path(reversi_book.FILE_NAMES[SIZE])
    reversi_book.save(path, SIZE, {k: [v[:2]] for k, v in solved.items()}, figures, exact=True, bounds=bounds)
    digest = data.record_checksum(reversi_book.FILE_NAMES[SIZE])
    log(f"wrote {path} ({path.stat().st_size:,} bytes, sha256 {digest[:16]}...): {figures}"
        f" ({time.perf_counter() - wall:.0f} s wall)")


def main(argv: list[str] | None = None) -> None:
    from tools.verify_data import builder_parser, written_file  # the files it ships, their commands and times

    parser = builder_parser(__doc__, __file__)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("prove", help="prove the start's value with two null-window searches")
    p.add_argument("--split", type=int, default=2, help="plies walked here, one logged solve per position below")
    p.add_argument("--bits", type=int, default=22, help="solver table of 2**bits entries")
    b = sub.add_parser("book", help="write ai/data/reversi6_book.npz")
    b.add_argument("--until", type=int, default=23, help="book positions down to this many empties")
    b.add_argument("--bits", type=int, default=22)
    b.add_argument("--checkpoint", type=written_file, help="the solved positions, JSON (resume a killed run)")
    b.add_argument("--merge", nargs="*", type=Path, default=[], help="other runs' checkpoints to add")
    b.add_argument("--side", choices=("both", "black", "white"), default="both", help="the book side's trees")
    b.add_argument("--exact", action="store_true", help="exact margins everywhere (far slower)")
    b.add_argument("--no-write", action="store_true", help="only the checkpoint (a part of a split run)")
    args = parser.parse_args(argv)
    kernel.warm_up()

    def log(text: str) -> None:
        print(text, flush=True)

    try:
        prove(args, log) if args.command == "prove" else book(args, log)
    except checkpoints.CheckpointError as exc:  # read before any solving: the run has lost nothing
        parser.error(str(exc))


if __name__ == "__main__":
    main()
