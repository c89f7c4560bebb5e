"""Make the 8x8 Reversi opening book (ai/data/reversi8_book.npz) by self-play with deep searches.

    nice -n 15 .venv/bin/python tools/reversi_book.py --positions 1500 --depth 12 --plies 14 \\
        --checkpoint /tmp/rev-book/book8.json          # grows the book, writes the file at the end
    .venv/bin/python tools/reversi_book.py --checkpoint /tmp/rev-book/book8.json --write-only
    .venv/bin/python tools/reversi_book.py --show "f5 d6 c3"    # what the shipped book says along a line
    .venv/bin/python tools/reversi_book.py --search-after f5 --depths 12,14,16 [--probcut 1.5]

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

The first plies are what players meet first and judge a book by, and a 12-ply search is shallow
for them.  ``--deepen-plies N --deepen-depth D`` then values every position fewer than N plies
from the start (all of them, not only the grown ones) by a D-ply search, and the book negamaxes
those among themselves, a move out of them keeping its deep value; ``--from-book FILE`` deepens a
written book without growing it again (the same book: negamaxing a negamaxed book changes
nothing).  Deterministic and resumable with the checkpoint like the growth.

How long, here: about 65 min of wall time for the shipped 70 positions (1,290 s of CPU at load
11-18; ai/data/README.md gives the command).
"""

from __future__ import annotations

import heapq
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ai import data  # noqa: E402
from ai.engines import reversi_book  # noqa: E402
from ai.engines.reversi_eval import pattern_weights, probcut_parameters  # noqa: E402
from ai.kernels import reversi as kernel  # noqa: E402
from ai.search.driver import CTL_NODES, new_ctl  # noqa: E402
from tools import checkpoint as checkpoints  # noqa: E402

SIZE = 8
PLY_COST = 0.1  # discs of cost per ply: among equally good lines, shallower positions first
CHECKPOINT_EVERY = 10  # positions
# the kernel search without its selective cut-offs (multi-ProbCut, where the kernels have it): a book
# move is valued by the full-width search
EXACT = (kernel.NO_PROBCUT, kernel.MPC_OFF) if hasattr(kernel, "NO_PROBCUT") else ()


class Evaluator:
    """Every move of a position valued by a fixed-depth kernel search (discs for the mover)."""

    def __init__(self, depth: int, bits: int = 20, probcut: float | None = None) -> None:
        """``probcut``: search selectively as level-5 does (multi-ProbCut at that many sigmas), not full width."""
        self.depth = depth
        mpc = probcut_parameters() if probcut is not None else None
        self.selective = (mpc, float(probcut)) if mpc is not None else EXACT
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
                                           self.weights, np.int64(0), np.int64(0), *self.selective)
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
    # the first plies re-valued by deeper searches (``deepen``): stored key -> moves, best first
    deep: dict[tuple[int, int], list[tuple[int, float]]] = field(default_factory=dict)
    deep_depth: int = 0

    def push(self, cost: float, me: int, opp: int, ply: int) -> None:
        heapq.heappush(self.frontier, (cost, self.pushed, me, opp, ply))
        self.pushed += 1


# the shape of each field of a ``Growth``'s checkpoint (``tools.checkpoint``): stored key -> moves;
# the candidates' heap of (cost, order, me, opp, ply)
_MOVES = checkpoints.DictOf(checkpoints.TupleOf(int, int), checkpoints.ListOf(checkpoints.TupleOf(int, float)))
GROWTH_SHAPES = {"nodes": _MOVES, "deep": _MOVES,
                 "frontier": checkpoints.ListOf(checkpoints.TupleOf(float, int, int, int, int)),
                 "pushed": int, "nodes_searched": int, "seconds": float, "deep_depth": int}


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
            checkpoints.save(checkpoint, vars(growth))


def ply_of(key: tuple[int, int]) -> int:
    """How many moves were played to reach a position: one disc is added a move, passes aside
    (a pass this early never happens in the book)."""
    return (key[0] | key[1]).bit_count() - 4


def first_plies(plies: int) -> list[tuple[int, int]]:
    """Every position (stored key) fewer than ``plies`` moves from the start, by any moves:
    shallowest first, then by key (the order a deeper pass values them in)."""
    me, opp = start_position()
    layer = {reversi_book.stored_move(me, opp, 0, SIZE)[0]}
    found: list[tuple[int, int]] = []
    for _ in range(plies):
        found += sorted(layer)
        layer = {reversi_book.stored_move(*play(*key, move), 0, SIZE)[0]
                 for key in layer for move in legal_moves(*key)}
    return found


def legal_moves(me: int, opp: int) -> list[int]:
    """The mover's legal squares, ascending (the rules' own move generator, games/reversi.py)."""
    from games import reversi

    return reversi.squares(reversi.move_mask(me, opp, reversi.geometry(SIZE)))


def deepen(growth: Growth, evaluator: Evaluator, plies: int, log, checkpoint: Path | None = None) -> None:
    """Value again, with ``evaluator``'s deeper search, every position fewer than ``plies`` moves
    from the start (the openings players meet first and judge the book by), shallowest first; a
    checkpoint after each position, so a stopped pass resumes where it was.  All of them, not only
    the grown book's: a move's value then always comes from searches of one depth from the same
    ply (a search's value swings with its depth's parity, so a move into the book valued one ply
    deeper than its sibling outside it would be compared unfairly)."""
    if growth.deep and growth.deep_depth != evaluator.depth:
        raise SystemExit(f"the checkpoint's deeper values are depth {growth.deep_depth}, not {evaluator.depth}:"
                         " give that --deepen-depth or start a new checkpoint")
    growth.deep_depth = evaluator.depth
    for key in first_plies(plies):
        if key in growth.deep:
            continue
        nodes0, seconds0 = evaluator.nodes, evaluator.seconds
        growth.deep[key] = evaluator.moves(*key)  # the stored position itself: moves in the stored frame
        growth.nodes_searched += evaluator.nodes - nodes0
        growth.seconds += evaluator.seconds - seconds0
        shown = ", ".join(f"{move}: {value:+.2f}" for move, value in growth.deep[key])
        log(f"  deeper {len(growth.deep)}: ply {ply_of(key)}, depth {evaluator.depth}, {shown},"
            f" {evaluator.seconds - seconds0:.0f} s")
        if checkpoint:
            checkpoints.save(checkpoint, vars(growth))


def negamaxed(nodes: dict[tuple[int, int], list[tuple[int, float]]],
              deep: dict[tuple[int, int], list[tuple[int, float]]] | None = None,
              ) -> dict[tuple[int, int], list[tuple[int, float]]]:
    """The book's moves with the values of moves leading into the book replaced by minus that
    position's best value (recursively: Reversi positions never repeat, so the book is acyclic).

    ``deep``: positions of the first plies valued again by deeper searches.  Their moves take
    those values, and minus a child's best only where the child was valued deeper too: a deep
    search's value of a move is better informed than the shallow book below it."""
    deep = deep or {}
    best: dict[tuple[int, int], float] = {}
    out: dict[tuple[int, int], list[tuple[int, float]]] = {}

    def value(key: tuple[int, int]) -> float:
        if key not in best:
            moves = []
            for move, v in deep[key] if key in deep else nodes[key]:
                child = reversi_book.stored_move(*play(*key, move), 0, SIZE)[0]
                into_book = child in deep if key in deep else child in nodes
                moves.append((move, -value(child) if into_book else v))
            moves.sort(key=lambda mv: -mv[1])
            out[key] = moves
            best[key] = moves[0][1]
        return best[key]

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
    for key in {**nodes, **deep}:
        value(key)
    return out


def start_position() -> tuple[int, int]:
    import games

    state = games.load("reversi", size=SIZE).initial_state()
    return state.mover, state.opponent


def write(growth: Growth, args, log) -> None:
    entries = negamaxed(growth.nodes, growth.deep)
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
        "deep_positions": len(growth.deep),
        "deep_depth": growth.deep_depth if growth.deep else "",
        # the run is deterministic: growing to this many positions (and deepening as far) remakes this book
        "command": f"tools/reversi_book.py --positions {len(growth.nodes)} --depth {args.depth}"
                   f" --plies {args.plies} --window {args.window}" + deepen_arguments(growth, args),
    }
    name = reversi_book.FILE_NAMES[SIZE]
    path = Path(args.out) if args.out else data.path(name)
    reversi_book.save(path, SIZE, entries, figures, exact=False)
    digest = data.record_checksum(name) if not args.out else "(not recorded)"
    log(f"wrote {path} ({path.stat().st_size:,} bytes, sha256 {digest[:16]}...): {figures}")


def show(moves: str, book: reversi_book.Book) -> None:
    """Print what ``book`` says after each start of the line ``moves``: its moves, best first,
    with their values in discs for the side to move ("f5 -> d6 -0.68, f6 -1.37, f4 -2.67")."""
    import games

    game = games.load("reversi", size=SIZE)
    line = game.move_texts(moves)
    for n in range(len(line) + 1):
        state = game.play_line(line[:n])
        answers = book.lookup(state.mover, state.opponent)
        said = ", ".join(f"{game.format_move(state, a.move)} {a.value:+.2f}" for a in answers) or "not in the book"
        print(f"{' '.join(line[:n]) or '(start)'} -> {said}")


def search_after(moves: str, depths: list[int], probcut: float | None) -> None:
    """Print, for each depth, the searched value of every move after the line ``moves`` (what a
    book position's moves would be worth at that depth), with the CPU time it took."""
    import games

    game = games.load("reversi", size=SIZE)
    state = game.play_line(game.move_texts(moves))
    kernel.warm_up()
    for depth in depths:
        evaluator = Evaluator(depth, probcut=probcut)
        values = evaluator.moves(state.mover, state.opponent)
        said = ", ".join(f"{game.format_move(state, move)} {value:+.2f}" for move, value in values)
        print(f"depth {depth}{'' if probcut is None else f' ProbCut {probcut}'}: {said}"
              f" ({evaluator.seconds:.1f} s, {evaluator.nodes:,} nodes)", flush=True)


def from_book(path: Path) -> Growth:
    """A grown book as a written file holds it, to deepen without growing it again: its values
    are negamaxed already, and negamaxing them again leaves them as they are, so deepening this
    gives the book that deepening the run that wrote the file gives.  Its frontier is not in the
    file: grow such a book further from the run's checkpoint or its command, not from this; and
    deepen a book that was not deepened yet (a deepened one holds positions no growth made)."""
    book = reversi_book.read(path)
    return Growth(nodes=dict(book.entries), nodes_searched=int(book.figures["search_nodes"]),
                  seconds=float(book.figures["cpu_seconds"]))


def deepen_arguments(growth: Growth, args) -> str:
    """The command's words for the deeper pass a book went through ("" when it had none)."""
    if not growth.deep:
        return ""
    return f" --deepen-plies {args.deepen_plies} --deepen-depth {growth.deep_depth}"


def main(argv: list[str] | None = None) -> None:
    from tools.verify_data import builder_parser, written_file  # the files it ships, their commands and times

    parser = builder_parser(__doc__, __file__)
    parser.add_argument("--positions", type=int, default=1500, help="stop when the book has this many positions")
    parser.add_argument("--depth", type=int, default=12, help="search depth that values a position's moves")
    parser.add_argument("--plies", type=int, default=14, help="book positions down to this many plies")
    parser.add_argument("--window", type=float, default=2.0, help="discs: moves this close to the best are expanded")
    parser.add_argument("--deepen-plies", type=int, default=0,
                        help="then value every position fewer than this many plies from the start again ...")
    parser.add_argument("--deepen-depth", type=int, default=0, help="... with searches this deep")
    parser.add_argument("--from-book", default="",
                        help="start from this written book's positions instead of growing (to deepen it)")
    parser.add_argument("--checkpoint", type=written_file, default=None, help="the growing book, JSON (resume a stopped run)")
    parser.add_argument("--write-only", action="store_true",
                        help="write the book from the checkpoint as it stands (give the run's --depth, --plies, --window)")
    parser.add_argument("--out", type=written_file, default=None, help="write here instead of ai/data (no checksum recorded)")
    parser.add_argument("--show", metavar="MOVES", default=None,
                        help='print the book\'s values after each start of these moves ("f5 d6") and stop;'
                             " the shipped book, or --from-book's")
    parser.add_argument("--search-after", metavar="MOVES", default=None,
                        help="print the moves' values after these moves by searches of each of --depths and stop")
    parser.add_argument("--depths", default="12", help="with --search-after: depths, e.g. 12,14,16")
    parser.add_argument("--probcut", type=float, default=None,
                        help="with --search-after: search as level-5 does, multi-ProbCut at this many sigmas")
    args = parser.parse_args(argv)
    if args.search_after is not None:
        search_after(args.search_after, [int(d) for d in args.depths.split(",")], args.probcut)
        return
    if args.show is not None:
        show(args.show, reversi_book.read(Path(args.from_book) if args.from_book else data.path(reversi_book.FILE_NAMES[SIZE])))
        return

    def log(text: str) -> None:
        print(text, flush=True)

    checkpoint = Path(args.checkpoint) if args.checkpoint else None
    if checkpoint and checkpoint.exists():
        try:
            growth = checkpoints.restore(Growth(), checkpoints.load(checkpoint), checkpoint, GROWTH_SHAPES)
        except checkpoints.CheckpointError as exc:
            parser.error(str(exc))
    elif args.from_book:
        growth = from_book(Path(args.from_book))
    else:
        growth = Growth()
    if growth.nodes:
        log(f"resumed {len(growth.nodes)} positions ({len(growth.deep)} valued deeper)"
            f" from {checkpoint if checkpoint and checkpoint.exists() else args.from_book}")
    if not args.write_only:
        kernel.warm_up()
        grow(growth, Evaluator(args.depth), args.positions, args.plies, args.window, log, checkpoint)
        if checkpoint:
            checkpoints.save(checkpoint, vars(growth))
        if args.deepen_plies and args.deepen_depth:
            deepen(growth, Evaluator(args.deepen_depth), args.deepen_plies, log, checkpoint)
    write(growth, args, log)


if __name__ == "__main__":
    main()
