"""Make the Rastros opening book (ai/data/rastros_book<n>.npz) from our exact solver.

    .venv/bin/python tools/rastros_book.py --size 7                    # small boards: seconds (and --size 6)
    nice -n 5 .venv/bin/python tools/rastros_book.py --size 8 --bits 27 --first 3-4 \
        --checkpoint /tmp/rastros-proof/book8.json                      # South's 3-4 and 5-6: about an hour
    nice -n 5 .venv/bin/python tools/rastros_book.py --size 8 --bits 27 --first 3-5 \
        --checkpoint /tmp/rastros-proof/book8_35.json                   # another first move, another run
    .venv/bin/python tools/rastros_book.py --size 8 --write-partial \
        --checkpoint /tmp/rastros-proof/book8.json --merge /tmp/rastros-proof/book8_35.json  # one book
    nice -n 15 .venv/bin/python tools/rastros_book.py --size 8 --bits 27 --write-partial \
        --checkpoint /tmp/rastros-proof/book8.json --merge ... \
        --hardness /tmp/rastros-proof/hard8.json                        # the hardness pass alone: hours

The book is built ply by ply (breadth first) over the tree where the winner (South on 4x4..7x7,
North on 8x8) plays book moves and the loser plays anything:
- a winner position the in-game solver proves by itself (a fresh solver table, ``--budget`` nodes)
  is a leaf; otherwise the winner's move is the solver's first winning move (on 8x8 at ply 1 the
  refutation named in the rules file, proven here again), found with one large solver table kept
  for the whole run;
- when the position after that move is itself proven within the budget, it is a leaf too;
  otherwise each loser reply leads to a winner position of the next ply (replies that end the game
  or step next to the winner's goal need no book);
- after the last ply, each lost position of the tree gets the loser's hardest reply: the one whose
  subtree holds the most winner book positions with a single winning move (one slip and the win is
  gone), ties by the most winner book positions.  Those counts come from a pass over the finished
  tree (``--hardness``, its own checkpoint, resumable): for each winner book position, does any
  move besides the book's win?  Positions whose proof needs more than ``--hardness-cap`` solver
  positions stay unknown (counted as not unique); ``--counted-only`` writes the book with the
  counts so far (a pass stopped early: the positions not reached are unknown).
- last, the length pass (``--length-cap``): each book position's length under perfect play (the
  solver's ``solve_plies``, the panel's "North wins in 13 plies"), smallest regions first with a
  fresh table of its own (a resumed run counts the same), 0 where not counted within the cap.  It
  prunes nothing: 6x6's four positions take 28 million solver positions, the 7x7 and 8x8 books'
  mostly more than any cap this machine meets (docs/rastros-proof.md, "How long a win is"), so
  their default cap is 0: no pass, no ``plies`` array.
On 4x4..7x7 each of South's first moves is solved too (``Builder.book_first_moves``), so that
analysis proves every one of them.  Positions are reduced by the board's reflection (ai/engines/rastros_book.py).  A checkpoint after
each ply (``--checkpoint``) lets a killed run resume; ``--max-plies`` stops early, recording the
positions still open.  At the end every loser reply in the tree is checked to have a book answer or
a position the in-game solver proves within the budget, the file is written and its SHA-256
recorded in ai/data/checksums.json.

How long, here: the 6x6 book 40-50 s (35-46 s of it the length pass, 27.8 million solver positions,
on the shared machine at load 6-12), the 7x7 book 40 s; the 8x8 book about 2 h in five runs (ai/data/README.md).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import games  # noqa: E402
from ai import data  # noqa: E402
from ai.engines import rastros_book as book  # noqa: E402
from ai.engines.rastros_solver import winning_move_count  # noqa: E402
from ai.kernels import rastros as kernel  # noqa: E402
from ai.search.driver import CTL_NODES, new_ctl  # noqa: E402
from games.rastros import bits  # noqa: E402
from tools import checkpoint as checkpoints  # noqa: E402
from tools.solve_rastros import board_size  # noqa: E402

HARDNESS_CAP = 50_000_000  # solver positions per winner position in the hardness pass
UNKNOWN = 0  # a hardness count cut off by the cap
IN_GAME_BUDGET = 30_000  # solver nodes from a fresh table: about level-5's first solver step (20,000)
LENGTH_CAPS = {4: 50_000_000, 5: 50_000_000, 6: 50_000_000}  # the length pass's solver positions per book
# position by board (7x7, 8x8: 0, no pass: 96 of 100 7x7 book positions were not counted in 1.5 million each)
LENGTH_BITS = 24  # the length pass's own table: 2**24 entries of 16 bytes
# the shape of each field of a ``Builder``'s checkpoint, and of the hardness pass's (``tools.checkpoint``)
_NUMBER = checkpoints.OneOf(int, float)
BUILDER_SHAPES = {
    "n": int, "ply": int, "winner": int,
    "entries": checkpoints.DictOf(book.Key, checkpoints.TupleOf(int, bool)),
    "winner_child": checkpoints.DictOf(book.Key, checkpoints.OneOf(book.Key, None)),
    "loser_children": checkpoints.DictOf(book.Key, checkpoints.ListOf(checkpoints.TupleOf(int, book.Key))),
    "leaves": checkpoints.SetOf(book.Key),
    "frontier": checkpoints.DictOf(book.Key, None), "deferred": checkpoints.DictOf(book.Key, None),
    "figures": checkpoints.DictOf(str, _NUMBER),
    "refutations": checkpoints.DictOf(str, checkpoints.Record({"wins": bool, "positions": int, "seconds": _NUMBER})),
    "first_moves": checkpoints.DictOf(str, str),
}
HARDNESS_SHAPE = checkpoints.Record({"counts": checkpoints.DictOf(book.Key, int), "seconds": _NUMBER,
                                     "positions": int, "cap": int})
REFUTATIONS_8X8 = {"5-4": "6-3", "4-4": "3-4", "5-5": "5-6", "3-4": "4-4",
                   "5-6": "5-5", "3-5": "3-4", "4-6": "5-6", "3-6": "3-5"}


def log(text: str) -> None:
    print(time.strftime("%H:%M:%S"), text, flush=True)


class Prover:
    """The large table for winning moves and a small fresh one for the in-game budget test."""

    def __init__(self, n: int, bits_: int, budget: int) -> None:
        self.n = n
        self.b = kernel.board(n)
        self.big = kernel.SolverTable(bits_)
        self.small = kernel.SolverTable(18)
        self.budget = budget
        self.ctl = new_ctl()
        self.check_nodes = 0

    @property
    def nodes(self) -> int:
        return int(self.ctl[CTL_NODES])

    def in_game(self, piece: int, region: int, side: int) -> int | None:
        """1 / 0 (the mover wins / loses) when a fresh solver proves it within the budget, else None."""
        self.small.clear()
        ctl = new_ctl()
        r = kernel.solve_win(self.b, self.small.table, self.small.work, piece, np.uint64(region), side, ctl,
                             self.budget)
        self.check_nodes += int(ctl[CTL_NODES])
        return None if r == kernel.ABORTED else int(r)

    def wins(self, piece: int, region: int, side: int) -> bool:
        return kernel.solve_win(self.b, self.big.table, self.big.work, piece, np.uint64(region), side,
                                self.ctl, 0) == 1

    def move_wins(self, q: int, region: int, side: int) -> bool:
        return kernel.move_wins(self.b, self.big.table, self.big.work, q, np.uint64(region), side, self.ctl, 0) == 1

    def winning_moves(self, key: book.Key, move: int, cap: int) -> int:
        """1 when the book's ``move`` is the only winning move of winner position ``key``, 2 when
        another wins too, UNKNOWN when the proof needs more than ``cap`` solver positions."""
        count = winning_move_count(self.b, self.big.table, self.big.work, key.piece, np.uint64(key.region),
                                   key.side, self.ctl, self.nodes + cap, enough=2, known=move)
        return UNKNOWN if count is None else count

    def lengths(self, keys: list[book.Key], cap: int) -> tuple[dict[book.Key, int], dict[str, float]]:
        """The plies to the end under perfect play of each of ``keys`` counted within ``cap`` solver
        positions, smallest regions first, with a fresh table of its own (its counts depend on the
        keys alone, not on what the run proved before: a resumed run writes the same book); and
        the solver positions it took (the same every run; its seconds are logged, not stored, so a
        book written again from its checkpoint is the same file).  A position beyond the cap is
        left out."""
        table, ctl, started = kernel.SolverTable(LENGTH_BITS), new_ctl(), time.perf_counter()
        counted: dict[book.Key, int] = {}
        for key in sorted(keys, key=lambda k: (k.region.bit_count(), k.region, k.piece, k.side)):
            stop_at = int(ctl[CTL_NODES]) + cap
            plies = int(kernel.solve_plies(self.b, table.table, table.work, key.piece, np.uint64(key.region),
                                           key.side, ctl, stop_at))
            if plies:
                counted[key] = abs(plies)
            elif int(ctl[CTL_NODES]) < stop_at:
                raise AssertionError(f"length cut off before the cap: {key}")
        log(f"  lengths: {len(counted)} of {len(keys)} counted in {time.perf_counter() - started:.1f} s")
        return counted, {"length_positions": int(ctl[CTL_NODES])}

    def first_win(self, piece: int, region: int, side: int) -> int:
        move = int(kernel.first_win(self.b, self.big.table, self.big.work, piece, np.uint64(region), side,
                                    self.ctl, 0))
        if move < 0:
            raise AssertionError(f"no winning move in a position proven won: {(piece, region, side)}")
        return move


def after(b, q: int, region: int) -> int:
    """The region left when the piece moves from its square to ``q`` (``region`` its reach)."""
    return int(kernel.flood(b, q, np.uint64(region & ~(1 << q))))


def loser_replies(b, piece: int, region: int, loser: int) -> list[int]:
    """The loser's moves that need a book answer: not onto a goal, not next to the winner's goal."""
    forbid = int(b.forbid[loser])
    return [q for q in bits(int(b.nbr[piece]) & region) if not forbid >> q & 1]


class Builder:
    """The breadth-first book construction; its state is what the checkpoint saves."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.entries: dict[book.Key, tuple[int, bool]] = {}
        self.winner_child: dict[book.Key, book.Key | None] = {}  # winner position -> lost position after its move
        self.loser_children: dict[book.Key, list[tuple[int, book.Key]]] = {}
        self.leaves: set[book.Key] = set()  # winner positions the in-game solver proves
        self.frontier: dict[book.Key, None] = {}
        self.deferred: dict[book.Key, None] = {}  # left open on purpose (--first)
        self.ply = 0
        self.winner = -1
        self.figures: dict[str, float] = {"seconds": 0.0, "solver_positions": 0, "check_positions": 0}
        self.refutations: dict[str, dict] = {}
        self.first_moves: dict[str, str] = {}  # South's first move -> the side that wins after it (4x4..7x7)

    def canonical(self, piece: int, region: int, side: int) -> book.Key:
        k = book.book_key(self.n, piece, region, side)
        return book.Key(k.region, k.piece, k.side, False)

    # -- the tree --------------------------------------------------------------------------------
    def start(self, prover: Prover, first: list[str] | None = None) -> None:
        """Ply 0: the winner's first positions (8x8: after each South first move; with ``first``
        only after those moves and their mirrors, the others left open)."""
        n, b = self.n, prover.b
        game = games.load("rastros", size=n)
        s0 = game.initial_state()
        region = int(kernel.flood(b, s0.white, np.uint64(s0.free)))
        root = self.canonical(s0.white, region, 0)
        if n == 8:
            self.winner = 1
            children = []
            wanted = {sq for f in first or () for sq in (game.parse_square(f), book.mirror_squares(8)[game.parse_square(f)])}
            for q in loser_replies(b, s0.white, region, 0):
                child = self.canonical(q, after(b, q, region), 1)
                children.append((q, child))
                if first and q not in wanted:
                    self.deferred[child] = None
                else:
                    self.frontier[child] = None
            self.loser_children[root] = children
            self.ply = 1
        else:
            nodes, started = prover.nodes, time.perf_counter()
            self.winner = 0 if prover.wins(s0.white, region, 0) else 1
            self.figures["seconds"] += time.perf_counter() - started
            self.figures["solver_positions"] += prover.nodes - nodes
            if self.winner == 0:
                self.frontier[root] = None
                self.book_first_moves(prover, s0.white, region)
            else:
                self.loser_children[root] = [(q, self.canonical(q, after(b, q, region), 1))
                                             for q in loser_replies(b, s0.white, region, 0)]
                self.frontier.update((c, None) for _, c in self.loser_children[root])

    def book_first_moves(self, prover: Prover, start: int, region: int) -> None:
        """Every first move of South valued (the ``first_moves`` figure), so analysis and the hint
        prove each one where the search alone reads estimates (7x7's seven moves besides the
        solver's first win stayed at "-20" after 25 s).  After a winning move North's position is
        a lost one of the tree (its replies booked like the others); after a losing one it gets
        North's winning move, alone.  A move that ends the game, or leaves North a move that
        does, is valued by the rules and needs no entry."""
        b, game = prover.b, games.load("rastros", size=self.n)
        s0 = game.initial_state()
        needy = set(loser_replies(b, start, region, 0))
        for q in s0.legal_moves():
            if q not in needy:
                self.first_moves[game.format_move(s0, q)] = ("South", "North")[s0.play(q).winner() != 0]
                continue
            lost, nodes, started = after(b, q, region), prover.nodes, time.perf_counter()
            north_wins = prover.wins(q, lost, 1)
            self.figures["seconds"] += time.perf_counter() - started
            self.figures["solver_positions"] += prover.nodes - nodes
            self.first_moves[game.format_move(s0, q)] = "North" if north_wins else "South"
            key = self.canonical(q, lost, 1)
            if north_wins:
                self.entries[key] = (prover.first_win(key.piece, key.region, key.side), True)
            elif key not in self.loser_children:
                self.loser_children[key] = [(r, self.canonical(r, after(b, r, key.region), 0))
                                            for r in loser_replies(b, key.piece, key.region, 1)]
                self.frontier.update((child, None) for _, child in self.loser_children[key])

    def preferred(self, key: book.Key) -> int | None:
        """On 8x8 at ply 1 the rules file's refutation of South's first move, else None."""
        if self.n != 8 or self.ply != 1:
            return None
        game = games.load("rastros", size=8)
        reply = REFUTATIONS_8X8.get(game.format_move(None, key.piece))
        return None if reply is None else game.parse_square(reply)

    def expand(self, prover: Prover, key: book.Key) -> list[book.Key]:
        """Book a winner position: its move, and the winner positions of the next ply under it."""
        b, w = prover.b, self.winner
        piece, region = key.piece, key.region
        if (int(b.nbr[piece]) & region) >> int(b.goal[w]) & 1:
            return []  # the own goal is next to the piece: the rules answer at once
        if prover.in_game(piece, region, w) is not None:
            self.leaves.add(key)
            return []
        move = self.preferred(key)
        if move is not None:
            start, nodes = time.perf_counter(), prover.nodes
            proven = prover.move_wins(move, region, w)
            self.refutations[f"{key.piece}:{move}"] = {"wins": proven, "positions": prover.nodes - nodes,
                                                       "seconds": round(time.perf_counter() - start, 1)}
            log(f"  refutation {key.piece}->{move}: {self.refutations[f'{key.piece}:{move}']}")
            if not proven:
                move = None
        if move is None:
            move = prover.first_win(piece, region, w)
        self.entries[key] = (move, True)
        rest = region & ~(1 << move)
        if move == int(b.goal[w]) or not int(b.nbr[move]) & rest & ~int(b.forbid[1 - w]):
            self.winner_child[key] = None
            return []  # won at once, or the loser's only moves step next to the winner's goal
        lost = after(b, move, region)
        if prover.in_game(move, lost, 1 - w) is not None:
            self.winner_child[key] = None
            return []
        lost_key = self.canonical(move, lost, 1 - w)
        self.winner_child[key] = lost_key
        if lost_key in self.loser_children:
            return []
        children = []  # the replies in the lost position's stored frame, where its book move is read
        for q in loser_replies(b, lost_key.piece, lost_key.region, 1 - w):
            children.append((q, self.canonical(q, after(b, q, lost_key.region), w)))
        self.loser_children[lost_key] = children
        return [c for _, c in children]

    def run(self, prover: Prover, max_plies: int, checkpoint: Path | None) -> None:
        while self.frontier and self.ply < max_plies:
            started, nodes0, checks0 = time.perf_counter(), prover.nodes, prover.check_nodes
            todo = [k for k in self.frontier if k not in self.entries and k not in self.leaves]
            log(f"ply {self.ply}: {len(todo)} winner positions to book")
            nxt: dict[book.Key, None] = {}
            for i, key in enumerate(todo, 1):
                for child in self.expand(prover, key):
                    if child not in self.entries and child not in self.leaves:
                        nxt[child] = None
                if i % 200 == 0:
                    log(f"  {i}/{len(todo)}: {len(self.entries)} entries, {len(self.leaves)} leaves, "
                        f"{prover.nodes:,} solver positions")
            self.frontier = nxt
            self.ply += 1
            self.figures["seconds"] += time.perf_counter() - started
            self.figures["solver_positions"] += prover.nodes - nodes0
            self.figures["check_positions"] += prover.check_nodes - checks0
            log(f"ply {self.ply - 1} done: {len(self.entries)} entries, {len(self.leaves)} leaves, "
                f"{len(self.frontier)} open, {self.figures}")
            if checkpoint:
                checkpoints.save(checkpoint, vars(self))

    def merge(self, other: Builder) -> None:
        """Take in another run's tree (8x8 runs made with different ``--first`` moves)."""
        self.entries.update(other.entries)
        self.winner_child.update(other.winner_child)
        self.loser_children.update(other.loser_children)
        self.leaves |= other.leaves
        self.refutations.update(other.refutations)
        for name in ("seconds", "solver_positions", "check_positions"):
            self.figures[name] += other.figures[name]
        self.ply = max(self.ply, other.ply)
        done = self.entries.keys() | self.leaves
        self.frontier = {k: None for k in [*self.frontier, *other.frontier] if k not in done}
        self.deferred = {k: None for k in [*self.deferred, *other.deferred] if k not in done and k not in self.frontier}

    # -- the loser's choice and the final checks --------------------------------------------------
    def subtree_totals(self, weight) -> dict[book.Key, int]:
        """Sum of ``weight(key)`` over the winner book positions under each lost position (a DAG:
        shared positions count twice)."""
        totals: dict[book.Key, int] = {}

        def lost_total(key: book.Key) -> int:
            if key not in totals:
                totals[key] = sum(winner_total(c) for _, c in self.loser_children.get(key, []))
            return totals[key]

        def winner_total(key: book.Key) -> int:
            if key not in self.entries:
                return 0
            child = self.winner_child.get(key)
            return weight(key) + (lost_total(child) if child is not None else 0)

        for key in self.loser_children:
            lost_total(key)
        return totals

    def loser_moves(self, counts: dict[book.Key, int]) -> dict[book.Key, tuple[int, bool]]:
        """Each lost position's hardest reply: the most winner positions with a single winning
        move under it (``counts``: the hardness pass), then the most winner positions, then the
        lowest square."""
        def unique(key: book.Key) -> int:
            return int(counts.get(key) == 1)

        sizes = self.subtree_totals(lambda key: 1)
        uniques = self.subtree_totals(unique)

        def score(key: book.Key) -> tuple[int, int]:
            if key not in self.entries:
                return 0, 0
            child = self.winner_child.get(key)
            return (unique(key) + (uniques.get(child, 0) if child is not None else 0),
                    1 + (sizes.get(child, 0) if child is not None else 0))

        out = {}
        for key, children in self.loser_children.items():
            if children:
                framed = [(self.reply_in_frame(key, q, child), child) for q, child in children]
                move, _ = max(framed, key=lambda c: (*score(c[1]), -c[0]))
                out[key] = (move, False)
        return out

    def reply_in_frame(self, lost: book.Key, q: int, child: book.Key) -> int:
        """The reply ``q`` leading to ``child``, in the stored frame of the lost position ``lost``.
        Runs before the frame fix listed each reply in the frame of the first winner position that
        reached ``lost``, which may be its mirror: then the stored reply is ``q``'s mirror."""
        b = kernel.board(self.n)

        def leads_there(move: int) -> bool:
            legal = (int(b.nbr[lost.piece]) & lost.region) >> move & 1
            return bool(legal) and self.canonical(move, after(b, move, lost.region), child.side) == child

        for move in (q, book.mirror_squares(self.n)[q]):
            if leads_there(move):
                return move
        raise AssertionError(f"reply {q} leads to {child} in neither frame of {lost}")

    def hardness(self, prover: Prover, state: dict, cap: int, checkpoint: Path | None) -> None:
        """Fill ``state["counts"]`` (winner book position -> 1 unique, 2 several, UNKNOWN) for the
        positions it lacks, smallest regions first (the cheap ones; the table keeps their proofs
        for the larger), adding the time and solver positions spent to ``state`` and saving it to
        ``checkpoint`` about once a minute."""
        counts = state["counts"]
        todo = sorted((k for k in self.entries if k not in counts),
                      key=lambda k: (k.region.bit_count(), k.region, k.piece, k.side))
        log(f"hardness: {len(todo)} winner positions to count ({len(counts)} done)")
        nodes, saved = prover.nodes, time.perf_counter()
        for i, key in enumerate(todo, 1):
            counts[key] = prover.winning_moves(key, self.entries[key][0], cap)
            if time.perf_counter() - saved > 60 or i == len(todo):
                now = time.perf_counter()
                state["seconds"] += now - saved
                state["positions"] += prover.nodes - nodes
                saved, nodes = now, prover.nodes
                if checkpoint:
                    checkpoints.save(checkpoint, state)
                log(f"  {i}/{len(todo)} (region {key.region.bit_count()} squares): {hardness_figures(counts)}, "
                    f"{state['positions']:,} solver positions, {state['seconds']:.0f} s")

    def check(self, prover: Prover) -> int:
        """Every loser reply in the tree reaches a booked winner position or one the in-game solver
        proves; returns the number of replies checked (AssertionError on a hole)."""
        checked = 0
        for children in self.loser_children.values():
            for _, child in children:
                checked += 1
                if child in self.entries or child in self.leaves:
                    continue
                if child in self.frontier or child in self.deferred:
                    continue  # still open: --max-plies stopped before it
                if prover.in_game(child.piece, child.region, child.side) != 1:
                    raise AssertionError(f"no book answer and no in-game proof: {child}")
        return checked

    def write(self, prover: Prover, out: Path, hardness: dict, length_cap: int = 0) -> None:
        """Check the tree, choose the loser's replies, count the lengths (``length_cap`` solver
        positions each; 0: no length pass, no ``plies`` array) and write the book to ``out``."""
        counts = hardness["counts"]
        checked = self.check(prover)
        entries = dict(self.entries)
        entries.update(self.loser_moves(counts))
        plies, length_figures = None, {}
        if length_cap:
            log(f"lengths: {len(entries)} book positions, at most {length_cap:,} solver positions each")
            plies, length_figures = prover.lengths(list(entries), length_cap)
            length_figures.update(length_cap=length_cap, lengths_counted=len(plies))
            log(f"  {length_figures}")
        unsettled = self.subtree_totals(lambda key: int(counts.get(key, UNKNOWN) == UNKNOWN))
        figures = {k: round(v, 1) if isinstance(v, float) else v for k, v in self.figures.items()}
        figures.update(size=self.n, winner=("South", "North")[self.winner], plies=self.ply,
                       winner_positions=len(self.entries), loser_positions=len(entries) - len(self.entries),
                       leaves=len(self.leaves), open=len(self.frontier) + len(self.deferred), replies_checked=checked,
                       in_game_budget=prover.budget, refutations=self.refutations, first_moves=self.first_moves,
                       hardness_seconds=round(hardness["seconds"], 1), hardness_positions=hardness["positions"],
                       hardness_cap=hardness["cap"], **hardness_figures({k: counts.get(k, UNKNOWN) for k in self.entries}),
                       loser_positions_settled=sum(1 for k, ch in self.loser_children.items() if ch and not unsettled[k]),
                       **length_figures)
        book.save(out, self.n, entries, figures, list(self.frontier) + list(self.deferred), plies)
        log(f"wrote {out}: {len(entries)} positions, {out.stat().st_size:,} bytes; {figures}")


def hardness_figures(counts: dict[book.Key, int]) -> dict[str, int]:
    """How many winner positions have a single winning move, several, or were not settled."""
    values = list(counts.values())
    return {"unique_win_positions": values.count(1), "several_win_positions": values.count(2),
            "unknown_win_positions": values.count(UNKNOWN)}


def resumed_builder(path: Path, n: int) -> Builder | None:
    """The builder a checkpoint saved (None when there is no such file yet); a file that is not a
    checkpoint of this tool is a ``CheckpointError``."""
    if not path.exists():
        return None
    return checkpoints.restore(Builder(n), checkpoints.load(path, (book.Key,)), path, BUILDER_SHAPES)


def main(argv: list[str] | None = None) -> int:
    from tools.verify_data import builder_parser, written_file  # the files it ships, their commands and times

    parser = builder_parser(__doc__, __file__)
    parser.add_argument("--size", type=board_size, default=8, help="the board, 4..8 as the game has it")
    parser.add_argument("--bits", type=int, default=24, help="the large solver table: 2**bits entries of 16 bytes")
    parser.add_argument("--budget", type=int, default=IN_GAME_BUDGET)
    parser.add_argument("--max-plies", type=int, default=99)
    parser.add_argument("--checkpoint", type=written_file, default=None)
    parser.add_argument("--out", type=written_file, default=None)
    parser.add_argument("--first", nargs="*", help="8x8: book only these South first moves (row-col) and their mirrors")
    parser.add_argument("--load-table", type=Path, help="start from a solver table tools/solve_rastros.py saved")
    parser.add_argument("--merge", nargs="*", type=Path, default=[], help="checkpoints of other runs to merge in")
    parser.add_argument("--write-partial", action="store_true", help="write the book from the checkpoint and stop")
    parser.add_argument("--hardness", type=Path, default=None,
                        help="the hardness pass's checkpoint (default: beside --checkpoint)")
    parser.add_argument("--hardness-cap", type=int, default=HARDNESS_CAP)
    parser.add_argument("--length-cap", type=int, default=None,
                        help="solver positions to count each book position's length (default by board: "
                             "50 million on 4x4..6x6, 0 on 7x7 and 8x8: no length pass)")
    parser.add_argument("--counted-only", action="store_true",
                        help="write with the hardness counts so far (the positions not counted yet: unknown)")
    args = parser.parse_args(argv)
    n = args.size
    out = args.out or data.path(book.file_name(n))
    checkpoint = args.checkpoint or Path(f"/tmp/rastros-proof/book{n}.json")
    checkpoint.parent.mkdir(parents=True, exist_ok=True)
    prover = Prover(n, args.bits, args.budget)
    if args.load_table:
        prover.big.table = np.load(args.load_table)
        log(f"solver table loaded from {args.load_table}: {len(prover.big.table):,} entries")
    missing = [str(other) for other in args.merge if not other.exists()]
    if missing:
        parser.error(f"argument --merge: no such checkpoint: {', '.join(missing)}")
    try:
        resumed = resumed_builder(checkpoint, n)
        merged = [resumed_builder(other, n) for other in args.merge]
        hardness = args.hardness or checkpoint.with_name(checkpoint.stem + "_hardness.json")
        state = checkpoints.checked(checkpoints.load(hardness, (book.Key,)), HARDNESS_SHAPE, hardness) \
            if hardness.exists() else \
            {"counts": {}, "seconds": 0.0, "positions": 0, "cap": args.hardness_cap}
    except checkpoints.CheckpointError as exc:
        parser.error(str(exc))
    if resumed is not None:
        builder = resumed
        log(f"resumed at ply {builder.ply}: {len(builder.entries)} entries, {len(builder.frontier)} open")
    else:
        builder = Builder(n)
        builder.start(prover, args.first)
    if not args.write_partial:
        builder.run(prover, args.max_plies, checkpoint)
    for other, run in zip(args.merge, merged):
        builder.merge(run)
        log(f"merged {other}: {len(builder.entries)} entries, {len(builder.frontier) + len(builder.deferred)} open")
    if not args.counted_only:
        builder.hardness(prover, state, args.hardness_cap, hardness)
    length_cap = LENGTH_CAPS.get(n, 0) if args.length_cap is None else args.length_cap
    builder.write(prover, out, state, length_cap)
    if out.parent == data.FOLDER:
        data.record_checksum(out.name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
