"""Hex connection knowledge for the players and the board view: what a position's virtual
connections, inferior cells and solver say, as plain Python values.

- ``analyse(state)``: fill-in (dead cells, captured pairs), then H-search for both colours on the
  filled board: the VCs between chains and edges (what the board view draws), the VCs and SCs
  between each colour's edges, the mover's *mustplay* (the cells common to the carriers of the
  opponent's SCs between its edges: any other move loses), and the winner when the connections
  already prove it.  It costs one fill-in and two H-searches (figures in
  docs/tuning/hex-knowledge.md), cheap enough at the root of every move up to 13x13 with the
  players' smaller bounds (``tree_limits``).  A player's root analysis updates the connections
  of its analysis a move before (``hex_vc.h_search_update``) instead of searching from scratch.
- ``solve(state, seconds)``: the df-pn solver of ai/kernels/hex_pns.py within a time budget:
  the winner and every winning move, or None if it did not finish.  Positions of the shipped
  first-move maps (ai/data/hex_openings.json) are answered from them at once.
- ``swap_wins`` / ``balanced_opening``: the swap rule from the same maps: a second player swaps
  exactly the winning first moves; a first player opens on a losing cell next to a winning one.
  From 8x8 on, where no map is shipped, both follow ``swap_table`` (MoHex's swap table: the
  solved 8x8 board's winning openings, a rule of thumb above) without claiming a proof.
  Without the swap rule, ``opening_without_swap``: the map's most central winning cell (a proven
  win), on the sizes without a map the centre (``centre_cell``).
- ``KnowledgePlayer``: level-5's MCTS (ai/engines/hex_mcts.py) with this knowledge at the
  root of each move up to 13x13 (skipped while it costs more than its share of the move; the
  pattern priors of ai/kernels/hex.py in the tree on every size): a position the solver proves is played from the proof, moves outside the
  mustplay (or, without one, into dead and captured cells) are marked as proven losses before
  the playouts start, and the swap rule follows the maps (the swap table above 7x7).  It is
  level-5 (ai/engines/hex.py).
The kernels live in ai/kernels/hex_vc.py, hex_inferior.py and hex_pns.py.
"""

from __future__ import annotations

import json
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from ai import data, kernels
from ai.base import PIE_OPENING, Limits, PlayerInfo, Progress
from ai.engines.hex_mcts import HexMCTSPlayer, HexSearcher
from ai.kernels import hex as kernel
from ai.kernels import hex_inferior, hex_pns, hex_vc
from ai.kernels.hex import board_colours, neighbours
from ai.move_values import HEX_CONNECTIONS
from ai.search.driver import search, start_thread
from games.grid import parse_cell
from games.hex import SWAP, HexState, geometry

OPENINGS_FILE = "hex_openings.json"
ANALYSE_UP_TO = 13  # board sizes whose root is analysed (15x15 and 19x19 measured no stronger with it)
ANALYSE_SHARE = 0.3  # the root is not analysed when the analyses lately took more than this share of the move
ANALYSE_MEMORY = 0.8  # the expected cost of an analysis fades by this at each analysis or skip
ANALYSE_WAIT = 0.3  # share of the move the root analysis is waited for; a later one is used between batches
SOLVE_SHARE = 0.3  # share of the move time the solver may take at the root
SOLVE_BY = 0.7  # ... and it stops by this share of the move, however late it started
CHILD_SHARE = 0.6  # root moves are looked at one per batch until this share of the move time
SOLVE_EMPTIES = 30  # the solver is tried once this few cells are empty, or when the VCs prove a win
SWAP_TABLE_FROM = 8  # board sizes from which the swap rule follows ``swap_table`` (below: the solved maps)
EDGE_NAMES = (("left", "right"), ("top", "bottom"))
TREE_MUSTPLAY_UP_TO = 13  # board sizes whose tree nodes get the mustplay (19x19: one H-search is too slow)
TREE_VISITS = 200  # a node of the principal line is given its mustplay once it has this many visits
TREE_DEPTH = 6  # nodes of the principal line looked at, the root's child first
TREE_SHARE = 0.7  # no new H-search in the tree after this share of the move time


@dataclass(frozen=True)
class Connection:
    """A virtual connection of ``side`` between two ends: an edge name or a cell of a chain."""

    side: int
    ends: tuple[str | int, str | int]
    carrier: frozenset[int]


@dataclass(frozen=True)
class Knowledge:
    """What H-search and fill-in know about one position (cells are ``row * n + col``).

    ``connections[side]``: that colour's VCs between its chains and edges (smallest carrier of
    each pair); ``edge_vcs[side]`` / ``edge_scs[side]``: the carriers joining its two edges
    (fully, or if it moves first); ``mustplay``: where the side to move must play (None: no
    restriction); ``dead``, ``captured[side]``: the filled cells; ``winner``: proven by the
    connections, or None; ``winning_keys``: cells where the side to move completes a connection
    between its edges (the keys of its SCs), each a proven winning move.
    """

    connections: tuple[tuple[Connection, ...], tuple[Connection, ...]]
    edge_vcs: tuple[tuple[frozenset[int], ...], tuple[frozenset[int], ...]]
    edge_scs: tuple[tuple[frozenset[int], ...], tuple[frozenset[int], ...]]
    mustplay: frozenset[int] | None
    dead: frozenset[int]
    captured: tuple[frozenset[int], frozenset[int]]
    winner: int | None
    winning_keys: frozenset[int]
    seconds: float


def _cells(bits: np.ndarray, n: int) -> frozenset[int]:
    """The cells of a kernel cell set (uint64 words, cell c at bit c % 64 of word c // 64), read
    in numpy: one kernel call per cell from Python would cost more than the set."""
    flags = np.unpackbits(bits.astype("<u8").view(np.uint8), bitorder="little")[: n * n]
    return frozenset(int(c) for c in np.flatnonzero(flags))


def _holds(bits: np.ndarray, cell: int) -> bool:
    """Whether a kernel cell set holds ``cell`` (``hex_vc.has_cell``, asked from Python)."""
    return bool(int(bits[cell >> 6]) >> (cell & 63) & 1)


def _side_connections(colour: np.ndarray, n: int, side: int, lim: np.ndarray, earlier: dict | None = None):
    """(chain/edge VCs, edge VCs, edge SCs, SC keys) of one colour on a filled board.  With
    ``earlier`` (side -> (board, bounds, the raw H-search result) of an earlier analysis of the
    same player, updated here) the search carries that one over when this board extends it
    (``hex_vc.h_search_update``: 2-3x faster, docs/tuning/hex-knowledge.md)."""
    last = earlier.get(side) if earlier is not None else None
    if last is not None and last[0].shape == colour.shape and np.array_equal(last[1], lim):
        raw = hex_vc.h_search_update(colour, n, neighbours(n), side, lim, last[0], *last[2])
    else:
        raw = hex_vc.h_search(colour, n, neighbours(n), side, lim)
    if earlier is not None:
        earlier[side] = (colour.copy(), lim.copy(), raw)
    ends, end_of, kind, end_cell, vc, vc_n, sc, sc_n, sc_key = raw
    names = [EDGE_NAMES[side][0], EDGE_NAMES[side][1]]
    stones = [e for e in range(2, ends) if kind[e] == hex_vc.K_CHAIN]
    points = [0, 1, *stones]
    connections = []
    for i, x in enumerate(points):
        for y in points[i + 1:]:
            if x == 0 and y == 1:
                continue
            slot = hex_vc.pair_slot(x, y, ends)
            if vc_n[slot] == 0:
                continue
            best = min((_cells(vc[slot, k], n) for k in range(vc_n[slot])), key=len)
            ends_named = tuple(names[e] if e < 2 else int(end_cell[e]) for e in (x, y))
            connections.append(Connection(side, ends_named, best))
    slot = hex_vc.pair_slot(0, 1, ends)
    edge_vcs = tuple(_cells(vc[slot, k], n) for k in range(vc_n[slot]))
    edge_scs = tuple(_cells(sc[slot, k], n) for k in range(sc_n[slot]))
    keys = frozenset(int(sc_key[slot, k]) for k in range(sc_n[slot]) if sc_key[slot, k] >= 0)
    return tuple(connections), edge_vcs, edge_scs, keys


def analyse(state: HexState, lim: np.ndarray | None = None, earlier: dict | None = None) -> Knowledge:
    """Fill-in and virtual connections of ``state`` for both colours (see the module docstring),
    within the H-search bounds ``lim`` (default ``hex_vc.limits``: the solver's); ``earlier``:
    a player's record of its last analysis, to update the connections from (``_side_connections``)."""
    began = time.perf_counter()
    n = state.game.size
    mover = state.to_move
    colour = board_colours(n, *state.boards)
    marks = np.zeros(n * n, np.int8)
    if not state.is_terminal():
        hex_inferior.fill_in(colour, n, neighbours(n), hex_inferior.ring(n), 2 - mover, marks)
    dead = frozenset(int(c) for c in np.flatnonzero(marks == 1))
    captured = (frozenset(int(c) for c in np.flatnonzero(marks == 2)),
                frozenset(int(c) for c in np.flatnonzero(marks == 3)))
    lim = hex_vc.limits(n) if lim is None else lim
    per_side = [_side_connections(colour, n, side, lim, earlier) for side in (0, 1)]
    mine, theirs = per_side[mover], per_side[1 - mover]
    empty = frozenset(int(c) for c in np.flatnonzero(colour[: n * n] == 0))
    winner = state.winner()
    mustplay = None
    if winner is None:
        if mine[1] or mine[2]:
            winner = mover
        elif theirs[1]:
            winner = 1 - mover
        elif theirs[2]:
            mustplay = empty.intersection(*theirs[2])
            if not mustplay:
                winner = 1 - mover
    return Knowledge(
        connections=(per_side[0][0], per_side[1][0]),
        edge_vcs=(per_side[0][1], per_side[1][1]),
        edge_scs=(per_side[0][2], per_side[1][2]),
        mustplay=mustplay, dead=dead, captured=captured, winner=winner,
        winning_keys=mine[3] if winner == mover and not mine[1] else frozenset(),
        seconds=time.perf_counter() - began,
    )


# -- the solver ----------------------------------------------------------------------------------
@lru_cache(maxsize=8)
def solver(n: int, quick: bool = False) -> hex_pns.Solver:
    """The shared solver of one board size (its tables serve every later position); ``quick``:
    the players' one, on the smaller H-search bounds of ``tree_limits`` (an expansion costs a
    fraction of the full bounds' one, which would not fit in a move's share on a busy machine)."""
    return hex_pns.Solver(n, tree_limits(n) if quick else None)


@lru_cache(maxsize=1)
def opening_maps() -> dict[int, frozenset[int]]:
    """Board size -> Blue's winning first cells, from the shipped file (empty if it is missing)."""
    if not data.verified(OPENINGS_FILE):
        return {}
    table = json.loads(data.path(OPENINGS_FILE).read_text(encoding="utf-8"))["sizes"]
    return {int(size): frozenset(parse_cell(name, int(size), int(size)) for name in entry["winning"])
            for size, entry in table.items()}


def solve(state: HexState, seconds: float, every_move: bool = True,
          stop: Callable[[], bool] | None = None, quick: bool = False) -> tuple[int, list] | None:
    """(winner, the side to move's winning moves) with perfect play, or None if not proved in time.

    The winning moves are empty when the side to move loses; a swap that wins is listed as
    ``"swap"``.  With ``every_move=False`` one winning move is enough (a player's hand-off: far
    cheaper than trying every cell).  The solver gives up rather than start an expansion that
    would end after ``seconds``, and as soon as ``stop()`` is true (a player's stop flag);
    ``quick`` uses the players' solver (``solver``).
    """
    if state.is_terminal():
        return state.winner(), []
    n = state.game.size
    mover = state.to_move
    stones = state.boards[0] | state.boards[1]
    maps = opening_maps()
    if not stones and n in maps:
        return 0, sorted(maps[n])
    deadline = time.perf_counter() + seconds
    sv = solver(n, quick)
    wins: list = []
    try:
        if state.can_swap():
            swapped = state.play(SWAP)
            if not sv.wins(board_colours(n, *swapped.boards), swapped.to_move, deadline, stop):
                wins.append(SWAP)
        colour = board_colours(n, *state.boards)
        if every_move:
            wins = sv.winning_moves(colour, mover, deadline, stop) + wins
        elif not wins:
            move = sv.winning_move(colour, mover, deadline, stop)
            wins = [] if move is None else [move]
    except hex_pns.OutOfTime:
        return None
    return (mover if wins else 1 - mover), wins


# -- the swap rule -------------------------------------------------------------------------------
def swap_wins(state: HexState) -> bool | None:
    """Red's first turn with the swap rule on: does taking Blue's stone win?  None: not known
    (the size has no shipped map)."""
    maps = opening_maps()
    n = state.game.size
    if not state.can_swap() or n not in maps:
        return None
    return state.swap_cell() in maps[n]


@lru_cache(maxsize=16)
def swap_table(n: int) -> frozenset[int]:
    """Blue's first cells that Red takes over on a board without a solved map (``SWAP_TABLE_FROM``
    and up): MoHex's swap table (benzene's share/swap-moves.txt, whose 3x3 to 7x7 entries are our
    maps cell for cell) -- the cells off Blue's edge columns and off Red's two outer rows on each
    side, the short diagonal between the obtuse corners, and two cells on each of Blue's edge
    columns.  On 8x8 these are the winning first moves of the solved board (Henderson, Arneson and
    Hayward, "Solving 8x8 Hex", 2009); on larger boards a rule of thumb, not a proof."""
    cells = set()
    for row in range(n):
        for col in range(n):
            inner = 0 < col < n - 1 and 1 < row < n - 2
            short_diagonal = row + col == n - 1
            on_blue_edge = col in (0, n - 1) and abs(col - row) in (n - 4, n - 2)
            if inner or short_diagonal or on_blue_edge:
                cells.add(row * n + col)
    return frozenset(cells)


def swap_advised(state: HexState) -> bool | None:
    """Red's first turn with the swap rule on a size the table covers: does ``swap_table`` take
    Blue's stone?  None: not that turn, or a size below the table's."""
    n = state.game.size
    if not state.can_swap() or n < SWAP_TABLE_FROM:
        return None
    return state.swap_cell() in swap_table(n)


def cells_to_swap(n: int) -> frozenset[int] | None:
    """Blue's first cells that Red takes over: the solved map's winning cells, else the swap
    table's; None for a size with neither."""
    maps = opening_maps()
    if n in maps:
        return maps[n]
    return swap_table(n) if n >= SWAP_TABLE_FROM else None


def strong_opening(state: HexState) -> bool:
    """Red's first turn with the swap rule on: is Blue's stone the centre or one of its neighbours,
    and a cell that ``cells_to_swap`` takes over (all seven from 5x5 on)?  A search with random
    playouts (level-3) sees too little of such a stone to swap it: on 11x11 at 1 s it kept Blue's
    f6 in every game (docs/tuning/hex.md)."""
    n = state.game.size
    winning = cells_to_swap(n)
    cell = state.swap_cell()
    return winning is not None and cell in winning and hex_distance(cell, centre_cell(n), n) <= 1


def finishing_line(state: HexState, known: Knowledge) -> list[int]:
    """The empty cells of the shortest chain the side to move can still fill between its edges,
    through its stones, the cells fill-in gave it and the carrier of one of its edge VCs (the
    one with the shortest chain), in order from its first edge; [] if it has no such chain.

    Why: once the connections prove a win, any stone keeps it, and the solver's first winning
    move was often one inside the already won area: the player never filled its captured cells
    and the game went on until the loser filled the board.  Playing this line ends the game in
    as many moves as it has cells (an intrusion into the carrier is answered by ``settle``'s SC key)."""
    n = state.game.size
    geo = geometry(n)
    side = state.to_move
    own, other = state.boards[side], state.boards[1 - side]
    empty = geo.full & ~(own | other)
    given = sum(1 << c for c in known.captured[side]) & empty
    best: list[int] = []
    for carrier in known.edge_vcs[side] or (frozenset(),):
        open_cells = (given | sum(1 << c for c in carrier)) & empty
        line = _cheapest_chain(geo, own, open_cells, side)
        if line is not None and (not best or len(line) < len(best)):
            best = line
    return best


def _cheapest_chain(geo, own: int, open_cells: int, side: int) -> list[int] | None:
    """The empty cells (of ``open_cells``) of a chain through ``own`` and them from ``side``'s
    first edge to its second with the fewest of them (a 0-1 breadth-first search), or None."""
    first, second = geo.edges[side]
    passable = own | open_cells
    cost: dict[int, int] = {}
    parent: dict[int, int] = {}
    queue: deque[int] = deque()
    for cell in range(geo.cells):
        if first >> cell & 1 and passable >> cell & 1:
            cost[cell] = 0 if own >> cell & 1 else 1
            parent[cell] = -1
            (queue.appendleft if cost[cell] == 0 else queue.append)(cell)
    done: set[int] = set()
    while queue:
        cell = queue.popleft()
        if cell in done:
            continue
        done.add(cell)
        if second >> cell & 1:
            chain = []
            while cell >= 0:
                if open_cells >> cell & 1:
                    chain.append(cell)
                cell = parent[cell]
            return chain[::-1]
        around = geo.neighbours[cell] & passable
        while around:
            low = around & -around
            around ^= low
            nxt = low.bit_length() - 1
            step = 0 if own >> nxt & 1 else 1
            if nxt not in done and cost[cell] + step < cost.get(nxt, geo.cells + 1):
                cost[nxt] = cost[cell] + step
                parent[nxt] = cell
                (queue.appendleft if step == 0 else queue.append)(nxt)
    return None


def hex_distance(a: int, b: int, n: int) -> int:
    """The number of steps from cell ``a`` to cell ``b`` of an ``n``x``n`` board, cell to neighbour."""
    rows, cols = a // n - b // n, a % n - b % n
    return max(abs(rows), abs(cols), abs(rows + cols))


def most_central(cells, n: int) -> int:
    """The cell of ``cells`` nearest the board's centre (ties: the lowest index)."""
    centre = (n - 1) / 2
    return min(cells, key=lambda c: (abs(c // n - centre) + abs(c % n - centre), c))


def balanced_opening(n: int) -> int | None:
    """A first move for Blue under the swap rule: a cell Red would not take over next to one it
    would (``cells_to_swap``: on a solved size a losing cell next to a winning one, the closest to
    balanced the map knows), the most central such; None for a size with neither map nor table."""
    winning = cells_to_swap(n)
    if winning is None:
        return None
    nbrs = neighbours(n)
    border = [c for c in range(n * n) if c not in winning and any(int(j) in winning for j in nbrs[c] if j >= 0)]
    return most_central(border, n) if border else None


def winning_opening(n: int) -> int | None:
    """Blue's first move without the swap rule on a solved size: the most central winning cell
    (a proven win); None if the size is not solved."""
    winning = opening_maps().get(n)
    return most_central(winning, n) if winning else None


def centre_cell(n: int) -> int:
    """The cell at the middle of the board's rhombus.  On an even size two cells share it: the
    middle pair of the short diagonal (each the other turned half a turn); this is the first
    of them (on 8x8 e4, not d4, which ``most_central``'s row-and-column distance would pick and
    which lies further off the middle on the long diagonal)."""
    half = n // 2
    return (half - 1) * n + half if n % 2 == 0 else half * n + half


def opening_without_swap(n: int) -> Progress | None:
    """Blue's first move on an empty board without the swap rule, without a search: the solved
    map's most central winning cell (a proven win) where the size has a map, else the centre.
    Without the swap the first player wins every size, and the centre wins every size solved
    (7x7, 8x8 and 9x9 in the published solutions): a search of the first move for its time
    opened off-centre on the big boards (19x19: c17 h14 h10 i10 m9 over five seeds)."""
    move = winning_opening(n)
    if move is not None:
        return Progress(depth=1, best_move=move, score=1.0, pv=[move], proven=1, kind="book", proof="maps",
                        done=True)
    move = centre_cell(n)
    return Progress(depth=1, best_move=move, pv=[move], kind="rule", reason="centre", done=True)


def first_stone_without_swap(state: HexState) -> Progress | None:
    """Level-5's move on the empty board of a game without the swap rule (``opening_without_swap``);
    None in any other position."""
    if state.game.swap or state.boards[0] | state.boards[1]:
        return None
    return opening_without_swap(state.game.size)


def known_first_move(state: HexState) -> int | None:
    """The first move level-5 plays from the solved maps without a search, on a size that has
    one: Blue's first stone (``winning_opening``, or ``balanced_opening`` under the swap rule)
    and Red's swap where taking the stone over wins; None elsewhere."""
    n = state.game.size
    if n not in opening_maps():
        return None
    if not (state.boards[0] | state.boards[1]):
        return balanced_opening(n) if state.game.swap else winning_opening(n)
    return SWAP if swap_wins(state) else None


# -- the player ----------------------------------------------------------------------------------
class RootAnalysis:
    """``analyse`` of one root in a thread of its own.  The kernels release the GIL, so the move
    can stop waiting for it: on a busy machine an analysis that takes a fraction of a second of
    CPU can take seconds of the clock, and it cannot be interrupted.  The thread is started
    without waiting for it to begin (``ai.search.driver.start_thread``)."""

    def __init__(self, state: HexState, lim: np.ndarray, earlier: dict | None = None) -> None:
        self.state = state
        self.began = time.perf_counter()
        self.known: Knowledge | None = None
        self.error: BaseException | None = None
        self.done = threading.Event()
        start_thread(lambda: self._run(lim, earlier))  # the move's search goes on while the thread waits for a CPU

    def _run(self, lim: np.ndarray, earlier: dict | None) -> None:
        try:
            self.known = analyse(self.state, lim, earlier)
        except BaseException as exc:  # raised in the searcher's thread by ``wait``
            self.error = exc
        self.done.set()

    def finished(self) -> bool:
        return self.done.is_set()

    def seconds(self) -> float:
        """How long it took (so far, if it is still running)."""
        return self.known.seconds if self.known is not None else time.perf_counter() - self.began

    def wait(self, seconds: float | None) -> Knowledge | None:
        """The knowledge, if the analysis is done within ``seconds`` (None: however long it takes)."""
        if not self.done.wait(seconds):
            return None
        if self.error is not None:
            raise self.error
        return self.known


class KnowledgeSearcher(HexSearcher):
    """``HexSearcher`` that asks ``analyse`` and ``solve`` first at every root (see the module).

    With ``look_at_children`` it also analyses, between batches of playouts, the position after
    the most visited root move not yet looked at: a move after which the opponent's connections
    win is marked lost, one after which ours win is played.  Off by default: it cost playouts
    and measured worse (docs/tuning/hex-knowledge.md).  With ``tree_mustplay`` the nodes of the
    principal line get their mustplay too (``restrict_principal_line``); also off by default: on
    the loaded machine its H-searches cost more playouts than they saved (same file).
    ``analyse_up_to``: the largest board size whose root (and children) are analysed; raising it
    above ``ANALYSE_UP_TO`` measured no stronger on 15x15 and 19x19 (same file).
    """

    def __init__(self, *, look_at_children: bool = False, tree_mustplay: bool = False,
                 analyse_up_to: int = ANALYSE_UP_TO, **options) -> None:
        super().__init__(**options)
        self.look_at_children = look_at_children
        self.analyse_up_to = analyse_up_to
        self.tree_mustplay = tree_mustplay
        self.vc_seconds = 0.0  # the longest tree H-search so far: one is not started unless it fits the move
        self.analyse_seconds = 0.0  # about the longest root analysis lately (a maximum that fades)
        self.analysis: RootAnalysis | None = None  # the root analysis not taken yet (this move's or a late one)
        self.earlier: dict = {}  # the last root analysis's connections, which the next one updates
        start_compiling()

    def answer_without_kernels(self, state: HexState, limits: Limits) -> Progress | None:
        """The first stone without the swap rule (``opening_without_swap``), else the solver of
        small boards and endings (``HexSearcher``'s)."""
        return first_stone_without_swap(state) or super().answer_without_kernels(state, limits)

    def start(self, state: HexState, limits: Limits) -> Progress | None:
        opening = first_stone_without_swap(state)
        if opening is not None:
            return opening
        kernels.ready("hex")  # before the move's own clock starts
        self.began = time.perf_counter()
        self.move_time = limits.time
        self.limits = limits
        self.root_state = state
        self.looked_at: set[int] = set()
        self.restricted: set[int] = set()  # tree nodes given their mustplay (or found lost) this move
        self.knowing = knowledge_ready()  # fixed for the whole move
        known = self.analyse_root(state, limits)
        if known is not None:
            settled = self.settle(state, known)
            if settled is not None:
                return settled
        result = super().start(state, limits)
        if result is None and known is not None:
            self.narrow_root(state, known)
        return result

    def settle(self, state: HexState, known: Knowledge) -> Progress | None:
        """The move, if the root's knowledge settles it: a win in one first (the level promises
        it), else a move that keeps a won connection, else, when the connections already join its
        edges, the next stone of the shortest way to fill them (``finishing_line``), else the solver's win (when the connections
        prove one or few cells are left; within ``SOLVE_SHARE`` of the move, ended by ``SOLVE_BY``).
        A win the connections prove names them its proof (``Progress.proof`` "connections", as the
        look at the root's moves in ``iterate`` does): ``analyse`` said "PROVEN (exact solver)" of
        it, where no solver ran."""
        empties = state.game.size ** 2 - (state.boards[0] | state.boards[1]).bit_count()
        wins_now = [m for m in known.winning_keys if state.play(m).winner() == state.to_move]
        if wins_now or known.winner == state.to_move:
            wins_now = wins_now or [m for m in state.legal_moves() if m != SWAP
                                    and state.play(m).winner() == state.to_move]
            if wins_now:
                return Progress(depth=1, best_move=wins_now[0], score=1.0, pv=[wins_now[0]], proven=1,
                                kind="solver", done=True)
        if known.winning_keys:  # proven by the connections, not the solver: its proof says so
            move = min(known.winning_keys)
            return Progress(depth=1, best_move=move, score=1.0, pv=[move], proven=1, kind="solver",
                            proof=HEX_CONNECTIONS, done=True)
        if known.winner == state.to_move:
            line = finishing_line(state, known)
            if line:
                return Progress(depth=len(line), best_move=line[0], score=1.0, pv=line, proven=1, kind="solver",
                                proof=HEX_CONNECTIONS, done=True)
        if known.winner == state.to_move or empties <= SOLVE_EMPTIES:
            seconds = SOLVE_SHARE * (self.move_time or 1.0)
            if self.move_time is not None:
                seconds = min(seconds, self.began + SOLVE_BY * self.move_time - time.perf_counter())
            solved = solve(state, seconds, every_move=False, stop=self.limits.stopped, quick=True) \
                if seconds > 0 else None
            if solved is not None and solved[0] == state.to_move and solved[1]:
                move = solved[1][0]
                return Progress(depth=empties, best_move=move, score=1.0, pv=[move], proven=1, kind="solver",
                                done=True)
        return None

    def narrow_root(self, state: HexState, known: Knowledge) -> None:
        """Mark the root moves the knowledge rules out as lost: those outside the mustplay or,
        without one, stones on filled cells (no better than a pass: never the only win)."""
        self.restricted.add(self.root)
        keep = known.mustplay
        if keep is None:
            filled = known.dead | known.captured[0] | known.captured[1]
            keep = frozenset(m for m in state.legal_moves() if m != SWAP) - filled
        if keep:
            prune_root(self, keep)

    def analyse_root(self, state: HexState, limits: Limits) -> Knowledge | None:
        """``analyse`` of the root with the small bounds of ``tree_limits``, started in a thread of
        its own (``RootAnalysis``) and waited for up to ``ANALYSE_WAIT`` of the move; None: not
        done by then (``iterate`` takes it when it comes), no kernels yet, a size above
        ``analyse_up_to`` (``ANALYSE_UP_TO`` unless given), the swap turn, the last move's
        analysis still running, or analyses that lately took more than ``ANALYSE_SHARE`` of the
        move (13x13 on a busy machine); a skip lowers that estimate, so the analysis is tried
        again a move or two later.  A hint (``Limits.best``) is never skipped so and takes
        analysis's bounds (``hint_limits``): it proves what analysis proves."""
        n = state.game.size
        if self.analysis is not None and self.analysis.finished():
            self.analyse_seconds = max(self.analyse_seconds, self.analysis.seconds())  # a late one counts too
            self.analysis = None
        if not self.knowing or n > self.analyse_up_to or state.can_swap() or self.analysis is not None:
            return None
        if limits.time is not None and not limits.best and self.analyse_seconds > ANALYSE_SHARE * limits.time:
            self.analyse_seconds *= ANALYSE_MEMORY
            return None
        self.analysis = RootAnalysis(state, hint_limits(n) if limits.best else tree_limits(n), self.earlier)
        return self.take_analysis(ANALYSE_WAIT * limits.time if limits.time is not None else None)

    def take_analysis(self, seconds: float | None) -> Knowledge | None:
        """This move's root analysis if it is done within ``seconds`` (None: wait for it)."""
        known = self.analysis.wait(seconds) if self.analysis is not None else None
        if known is not None:
            self.analyse_seconds = max(ANALYSE_MEMORY * self.analyse_seconds, known.seconds)
            self.analysis = None
        return known

    def iterate(self, step: int, ctl: np.ndarray) -> Progress | None:
        result = super().iterate(step, ctl)
        state = self.root_state
        if self.analysis is not None and self.analysis.state is state and self.analysis.finished():
            known = self.take_analysis(0)  # came after the wait: used from here on
            settled = self.settle(state, known) if known is not None else None
            if settled is not None:
                return settled
            if known is not None and result is not None and result.proven is None:
                self.narrow_root(state, known)
                result = self.report()
        if self.tree_mustplay and self.knowing and state.game.size <= TREE_MUSTPLAY_UP_TO and not state.can_swap() \
                and result is not None and result.proven is None and \
                (self.move_time is None or
                 time.perf_counter() - self.began + self.vc_seconds < TREE_SHARE * self.move_time) \
                and self.restrict_principal_line():
            result = self.report()
        if not self.look_at_children or not self.knowing or state.game.size > self.analyse_up_to or state.can_swap() or result is None or result.proven is not None:
            return result
        if self.move_time is not None and time.perf_counter() - self.began > CHILD_SHARE * self.move_time:
            return result
        move = self._most_visited_unseen()
        if move is None:
            return result
        self.looked_at.add(move)
        after = state.play(move)
        known = analyse(after) if not after.is_terminal() else None
        if after.is_terminal() or (known is not None and known.winner == state.to_move):
            return Progress(depth=1, best_move=move, score=1.0, pv=[move], proven=1, kind="solver",
                            proof="" if after.is_terminal() else HEX_CONNECTIONS)
        if known is not None and known.winner == after.to_move:
            prune_root(self, frozenset(self.alive_moves()) - {move})
        return result

    def restrict_principal_line(self) -> bool:
        """Give the first node of the principal line (root first, then the most visited moves) that
        has ``TREE_VISITS`` visits and no mustplay yet its mustplay: one H-search of the opponent
        of its mover, whose SCs between its edges say where the mover must play; a move outside
        is marked lost, and a node whose opponent is already joined is proven lost (its parent is
        then a proven win, and the move into the parent a loss).  Returns True if a node was looked at."""
        nodes, edges, value, _ = self.tree
        n = self.n
        colour = self.root_colour.copy()
        node = self.root
        path: list[tuple[int, int]] = []  # (node, edge followed) from the root down to ``node``
        for _ in range(TREE_DEPTH + 1):
            if nodes[node, kernel.N_VISITS] < TREE_VISITS or nodes[node, kernel.N_PROVEN] != 0:
                return False
            if node not in self.restricted and nodes[node, kernel.N_COUNT] > 1:
                self.restricted.add(node)
                side = int(nodes[node, kernel.N_PLAYER])
                cells = np.zeros(hex_vc.words(n), np.uint64)
                began = time.perf_counter()
                status = hex_vc.mustplay(colour, n, neighbours(n), side, tree_limits(n), cells)
                self.vc_seconds = max(0.9 * self.vc_seconds, time.perf_counter() - began)
                if status < 0 and path:
                    nodes[node, kernel.N_PROVEN] = -1
                    parent, move_edge = path[-1]
                    nodes[parent, kernel.N_PROVEN] = 1
                    nodes[parent, kernel.N_MOVE] = edges[move_edge, kernel.E_MOVE]
                    if len(path) > 1:
                        value[path[-2][1]] = -1.0
                elif status > 0:
                    first = nodes[node, kernel.N_FIRST]
                    for e in range(first, first + nodes[node, kernel.N_COUNT]):
                        if value[e] >= 0.0 and not _holds(cells, int(edges[e, kernel.E_MOVE])):
                            value[e] = -1.0
                return True
            e = kernel.best_edge(nodes, edges, value, node)
            child = int(edges[e, kernel.E_CHILD]) if e >= 0 else -1
            if child < 0:
                return False
            colour[edges[e, kernel.E_MOVE]] = nodes[node, kernel.N_PLAYER] + 1
            path.append((node, e))
            node = child
        return False

    def _most_visited_unseen(self) -> int | None:
        nodes, edges, value, _ = self.tree
        first = nodes[self.root, kernel.N_FIRST]
        best, visits = None, -1
        for e in range(first, first + nodes[self.root, kernel.N_COUNT]):
            move = int(edges[e, kernel.E_MOVE])
            if value[e] >= 0.0 and move not in self.looked_at and edges[e, kernel.E_N] > visits:
                best, visits = move, int(edges[e, kernel.E_N])
        return best

    def alive_moves(self) -> list[int]:
        """The root moves not marked lost."""
        nodes, edges, value, _ = self.tree
        first = nodes[self.root, kernel.N_FIRST]
        return [int(edges[e, kernel.E_MOVE]) for e in range(first, first + nodes[self.root, kernel.N_COUNT])
                if value[e] >= 0.0]


@lru_cache(maxsize=8)
def tree_limits(n: int) -> np.ndarray:
    """H-search bounds for the player's root analysis, its solver and the mustplay of tree nodes:
    about the 10x10-13x13 bounds up to 11x11 (the solver's bounds on 9x9 cost several times
    more), smaller above (carriers up to the third-row edge template: 0.1-0.3 s a 13x13 root on
    a busy machine instead of 0.3-0.7 s)."""
    if n <= 11:
        return hex_vc.limits(n, max_carrier=16, max_vc=4, max_sc=8, max_or=3)
    return hex_vc.limits(n, max_carrier=10, max_vc=3, max_sc=6, max_or=2)


def hint_limits(n: int) -> np.ndarray:
    """H-search bounds for a hint's root analysis: analysis's own (``hex_vc.limits``, which
    ``ai.move_values.connections_verdict`` and the Connections overlay ask), so a hint proves the
    keys of the mover's semi-connections that analysis proves.  With ``tree_limits`` the hint of
    7x7 after d4 c4 c5 e4 e3 g2 f3 a6 said "a7 (your chances: 68%)" where analysis proved b5, b6
    and c6 wins.  Taken between batches when it comes late (0.67 s there on a busy machine), the
    hint's time is not lengthened."""
    return hex_vc.limits(n)


def prune_root(searcher: HexSearcher, keep: frozenset[int]) -> int:
    """Give every root move of ``searcher``'s tree outside ``keep`` the kernel's proven-loss mark,
    so the search never selects it (it is a loss, or no better than a move of ``keep``); returns
    how many were marked."""
    nodes, edges, value, _ = searcher.tree
    first = nodes[searcher.root, kernel.N_FIRST]
    marked = 0
    for e in range(first, first + nodes[searcher.root, kernel.N_COUNT]):
        if int(edges[e, kernel.E_MOVE]) not in keep and value[e] >= 0.0:
            value[e] = -1.0
            marked += 1
    return marked


class KnowledgePlayer(HexMCTSPlayer):
    """Level-5 with the connection knowledge at the root (``KnowledgeSearcher``) and the swap
    decisions of the solved maps where the size has one; its playouts answer ziggurat
    intrusions too (``templates``, ai/kernels/hex_templates.py)."""

    def __init__(self, info: PlayerInfo, seed: int | None = None, *, prior_weight: int = kernel.PRIOR_WEIGHT,
                 tree_mustplay: bool = False, templates: bool = True, inferior_at: int = 0,
                 analyse_up_to: int = ANALYSE_UP_TO) -> None:
        super().__init__(info, solve=True, seed=seed)
        self.searcher = KnowledgeSearcher(solve=True, prior_weight=prior_weight, tree_mustplay=tree_mustplay,
                                          templates=templates, inferior_at=inferior_at, analyse_up_to=analyse_up_to,
                                          seed=self.rng.randrange(1 << 30))

    def known_move(self, state: HexState) -> int | None:
        """The solved maps' first move (``known_first_move``), as ``choose`` plays it."""
        return known_first_move(state)

    def _swap_or_play(self, state: HexState, limits: Limits) -> Progress:
        """The solved map's proven decision, else the swap table's advice (no proof); a stone is
        searched for only when Blue's is not taken over.  Comparing two searches instead (as
        ``HexMCTSPlayer`` does) set the best stone's win rate against the best reply's to the
        swap, both overestimates for their mover: on 8x8 at 1 s it took over 8 of the 32 winning
        openings (and 2 losing ones), and left Blue the centre."""
        wins = swap_wins(state)
        advised = swap_advised(state) if wins is None else None
        if wins is None and advised is None:
            return super()._swap_or_play(state, limits)
        if wins:
            return Progress(best_move=SWAP, pv=[SWAP], score=1.0, proven=1, kind="book", proof="maps", done=True)
        if advised:
            return Progress(best_move=SWAP, pv=[SWAP], kind="book", done=True)
        return search(self.searching(), state, limits, moves=[m for m in state.legal_moves() if m != SWAP])

    def _pie_opening(self, state: HexState) -> Progress:
        """Blue's first stone under the swap rule: the balanced cell the maps or the swap table
        give (``balanced_opening``), else the modest edge stone of the other levels.  A rule over
        what they know, reported so (``PIE_OPENING``): it proves nothing, and "from the opening
        book" named no book a player could look up."""
        move = balanced_opening(state.game.size)
        if move is None:
            return super()._pie_opening(state)
        return Progress(best_move=move, pv=[move], kind="rule", reason=PIE_OPENING, done=True)


def start_compiling() -> None:
    """Begin compiling (or loading) the connection kernels (H-search, fill-in, df-pn) in the
    background, once per process.  From an empty cache they take about twice as long to compile as
    the MCTS itself, and a player uses them only once they are ready: a fresh install's first moves
    are level-5's plain MCTS rather than a wait of twenty seconds (tools/cold_start.py)."""
    if not kernels.is_ready("hex", "knowledge"):  # after the MCTS's own, which the first move needs
        kernels.prepare_in_background("hex")


def knowledge_ready() -> bool:
    """Are the connection kernels compiled (``analyse`` and ``solve`` answer without compiling)?"""
    return kernels.is_ready("hex", "knowledge")


def connections_ready() -> bool:
    """Can ``analyse`` answer now, for a use that can do without it until then (analysis mode's
    proofs by connections)?  Where players compile when made (tests, scripts) the kernels are
    compiled here and now; in the window's workers (``ai.kernels.defer_compiling``) they are begun
    in a background thread, if no warm-up is at them already (19x19's leaves them out), and it is
    False until they are ready.  A fresh install's first Hex analysis waited for them, about twice
    the MCTS's compiling, before it wrote any value (docs/tuning/cold-start.md)."""
    kernels.prepare("hex", "knowledge")
    if knowledge_ready():
        return True
    kernels.warm_up_in_background("hex", "knowledge")
    return False


def warm_up() -> None:
    """Compile (or load) every kernel of this module, once per process; returns when they are ready."""
    kernels.warm_up("hex", "knowledge")
