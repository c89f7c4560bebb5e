"""Make the 8x8 Reversi opening book (ai/data/reversi8_book.npz) by self-play with deep searches.

    nice -n 15 .venv/bin/python tools/reversi_book.py --positions 1500 --depth 12 --plies 14 \\
        --checkpoint /tmp/rev-book/book8.pickle          # grows the book, writes the file at the end
    .venv/bin/python tools/reversi_book.py --checkpoint /tmp/rev-book/book8.pickle --write-only

Drop-out expansion (Lazard's idea, simplified): the book starts as the start position.  A book
position is "evaluated" by giving every legal move a value: a search of ``--depth`` plies with the
learned pattern evaluation (the kernels of ai/kernels/reversi.py, as level-5 plays, iterative
deepening from a cleared table so that a value depends on the position alone).  Each move within
``--window`` discs of the position's best leads to a candidate child whose cost is the parent's
cost plus how much worse than the best that move is (both sides' deviations add up) plus a little
per ply; the cheapest candidate is evaluated next, down to ``--plies`` plies, until ``--positions``
positions are evaluated.  So the main lines are deep and the side lines as deep as they are good.

The book's values are then negamaxed: a move whose position is in the book is worth minus that
position's best value, the others keep their search value.  Positions are keyed up to the
square's 8 symmetries (ai/engines/reversi_book.py), which also merges transpositions.  The run is
deterministic (no randomness; the evaluation order is fixed), keeps a checkpoint every few
positions so a stopped run resumes or is written as it stands (``--write-only``), and writes the
file with its figures and records its SHA-256 (ai/data/checksums.json).

How long, here: about 65 min of wall time for the shipped 70 positions (1,290 s of CPU at load
11-18; ai/data/README.md gives the command).
"""

from __future__ import annotations

import argparse
import heapq
import pickle
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ai import data  # noqa: E402
from ai.engines import reversi_book  # noqa: E402
from ai.engines.reversi_eval import pattern_weights  # noqa: E402
from ai.kernels import reversi as kernel  # noqa: E402
from ai.search.driver import CTL_NODES, new_ctl  # noqa: E402

SIZE = 8
PLY_COST = 0.1  # discs of cost per ply: among equally good lines, shallower positions first
CHECKPOINT_EVERY = 10  # positions
# the kernel search without its selective cut-offs (multi-ProbCut, where the kernels have it): a book
# move is valued by the full-width search
EXACT = (kernel.NO_PROBCUT, kernel.MPC_OFF) if hasattr(kernel, "NO_PROBCUT") else ()


class Evaluator:
    """Every move of a position valued by a fixed-depth kernel search (discs for the mover)."""

    def __init__(self, depth: int, bits: int = 20) -> None:
        self.depth = depth
        self.tables = kernel.Tables(SIZE, bits, 4)
        self.pat, self.weights = pattern_weights()
        self.out_sq = np.zeros(64, np.int64)
        self.out_value = np.zeros(64, np.int64)
        self.nodes = 0
        self.seconds = 0.0

    def moves(self, me: int, opp: int) -> list[tuple[int, float]]:
        """(move, value in discs) for every legal move, best first; [] when the mover must pass."""
        t = self.tables
        me64, opp64 = np.uint64(me), np.uint64(opp)
        if not kernel.move_mask(me64, opp64, t.geo):
            return []
        t.clear()
        ctl = new_ctl()
        start = time.process_time()
        first, done = -1, 0
        for depth in range(1, self.depth + 1):
            every = depth == self.depth
            done = kernel.search_root_with(me64, opp64, depth, first, every, 0, t.geo, t.square_value, t.mid_keys,
                                           t.mid_data, t.sqs, t.fls, ctl, self.out_sq, self.out_value, self.pat,
                                           self.weights, np.int64(0), np.int64(0), *EXACT)
            first = int(self.out_sq[int(np.argmax(self.out_value[:done]))])
        self.seconds += time.process_time() - start
        self.nodes += int(ctl[CTL_NODES])
        values = [(int(sq), value_in_discs(int(v))) for sq, v in zip(self.out_sq[:done], self.out_value[:done])]
        return sorted(values, key=lambda mv: -mv[1])


def value_in_discs(value: int) -> float:
    """A kernel value as discs of final margin: proven results count DISC a disc, estimates 100."""
    if abs(value) >= kernel.DISC:
        return value / kernel.DISC
    return value / 100.0


def play(me: int, opp: int, move: int) -> tuple[int, int]:
    """The position after ``move``, from the new mover's side."""
    f = int(kernel.flips(move, np.uint64(me), np.uint64(opp), kernel.geometry(SIZE)))
    return opp ^ f, me | f | 1 << move


@dataclass
class Growth:
    """A book being grown: evaluated positions (stored key -> moves in the stored frame, best
    first) and the candidates still to evaluate (a heap of (cost, order, me, opp, ply))."""

    nodes: dict[tuple[int, int], list[tuple[int, float]]] = field(default_factory=dict)
    frontier: list = field(default_factory=list)
    pushed: int = 0
    nodes_searched: int = 0
    seconds: float = 0.0

    def push(self, cost: float, me: int, opp: int, ply: int) -> None:
        heapq.heappush(self.frontier, (cost, self.pushed, me, opp, ply))
        self.pushed += 1


def grow(growth: Growth, evaluator: Evaluator, positions: int, plies: int, window: float, log,
         checkpoint: Path | None = None) -> None:
    """Evaluate the cheapest candidates until the book has ``positions`` positions."""
    if not growth.nodes and not growth.frontier:
        me, opp = start_position()
        growth.push(0.0, me, opp, 0)
    while growth.frontier and len(growth.nodes) < positions:
        cost, _, me, opp, ply = heapq.heappop(growth.frontier)
        stored = reversi_book.book_key(me, opp, SIZE)
        key = (stored.me, stored.opp)
        if key in growth.nodes:
            continue
        nodes0, seconds0 = evaluator.nodes, evaluator.seconds
        moves = evaluator.moves(me, opp)
        growth.nodes_searched += evaluator.nodes - nodes0
        growth.seconds += evaluator.seconds - seconds0
        if not moves:
            continue  # a pass this early: left to the search
        perm = reversi_book.symmetries(SIZE)[stored.symmetry]
        growth.nodes[key] = [(perm[move], value) for move, value in moves]
        best = moves[0][1]
        if ply + 1 < plies:
            for move, value in moves:
                if best - value <= window:
                    growth.push(cost + best - value + PLY_COST, *play(me, opp, move), ply + 1)
        log(f"  {len(growth.nodes)}: ply {ply}, cost {cost:.1f}, best {best:+.2f}, {len(moves)} moves,"
            f" {growth.nodes_searched:,} nodes, {growth.seconds:.0f} s")
        if checkpoint and len(growth.nodes) % CHECKPOINT_EVERY == 0:
            checkpoint.write_bytes(pickle.dumps(growth))


def negamaxed(nodes: dict[tuple[int, int], list[tuple[int, float]]]) -> dict[tuple[int, int], list[tuple[int, float]]]:
    """The book's moves with the values of moves leading into the book replaced by minus that
    position's best value (recursively: Reversi positions never repeat, so the book is acyclic)."""
    best: dict[tuple[int, int], float] = {}
    out: dict[tuple[int, int], list[tuple[int, float]]] = {}

    def value(key: tuple[int, int]) -> float:
        if key not in best:
            moves = []
            for move, v in nodes[key]:
                child = reversi_book.stored_move(*play(*key, move), 0, SIZE)[0]
                moves.append((move, -value(child) if child in nodes else v))
            moves.sort(key=lambda mv: -mv[1])
            out[key] = moves
            best[key] = moves[0][1]
        return best[key]

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
    for key in nodes:
        value(key)
    return out


def start_position() -> tuple[int, int]:
    import games

    state = games.load("reversi", size=SIZE).initial_state()
    return state.mover, state.opponent


def write(growth: Growth, args, log) -> None:
    entries = negamaxed(growth.nodes)
    me, opp = start_position()
    start = reversi_book.stored_move(me, opp, 0, SIZE)[0]
    figures = {
        "positions": len(entries),
        "moves": sum(len(m) for m in entries.values()),
        "depth": args.depth,
        "window": args.window,
        "plies": args.plies,
        "start_value": round(entries[start][0][1], 2) if start in entries else "",
        "search_nodes": growth.nodes_searched,
        "cpu_seconds": round(growth.seconds),
        # the run is deterministic: growing to this many positions remakes this book
        "command": f"tools/reversi_book.py --positions {len(entries)} --depth {args.depth}"
                   f" --plies {args.plies} --window {args.window}",
    }
    name = reversi_book.FILE_NAMES[SIZE]
    path = Path(args.out) if args.out else data.path(name)
    reversi_book.save(path, SIZE, entries, figures, exact=False)
    digest = data.record_checksum(name) if not args.out else "(not recorded)"
    log(f"wrote {path} ({path.stat().st_size:,} bytes, sha256 {digest[:16]}...): {figures}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=1500, help="stop when the book has this many positions")
    parser.add_argument("--depth", type=int, default=12, help="search depth that values a position's moves")
    parser.add_argument("--plies", type=int, default=14, help="book positions down to this many plies")
    parser.add_argument("--window", type=float, default=2.0, help="discs: moves this close to the best are expanded")
    parser.add_argument("--checkpoint", default="", help="pickle of the growing book (resume a stopped run)")
    parser.add_argument("--write-only", action="store_true",
                        help="write the book from the checkpoint as it stands (give the run's --depth, --plies, --window)")
    parser.add_argument("--out", default="", help="write here instead of ai/data (no checksum recorded)")
    args = parser.parse_args()

    def log(text: str) -> None:
        print(text, flush=True)

    checkpoint = Path(args.checkpoint) if args.checkpoint else None
    growth = pickle.loads(checkpoint.read_bytes()) if checkpoint and checkpoint.exists() else Growth()
    if growth.nodes:
        log(f"resumed {len(growth.nodes)} positions from {checkpoint}")
    if not args.write_only:
        kernel.warm_up()
        grow(growth, Evaluator(args.depth), args.positions, args.plies, args.window, log, checkpoint)
        if checkpoint:
            checkpoint.write_bytes(pickle.dumps(growth))
    write(growth, args, log)


if __name__ == "__main__":
    main()
