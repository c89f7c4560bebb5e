"""Hex kernels: the board, win tests, playouts and the whole MCTS iteration loop, compiled by numba.

The board is an int8 array ``colour`` of ``n * n + 4`` entries: 0 empty, 1 Blue, 2 Red (a side's
colour is ``side + 1``), cell ``row * n + col`` as in games/hex.py.  The four extra entries stand
for the edges (left and right are Blue, top and bottom are Red), so a stone next to its own edge
looks like a stone next to a friendly stone; the bridge table uses that for the edge template.

Tables built once per board size (plain Python, below): ``neighbours`` (the six neighbours of
each cell, -1 padded) and ``bridge_table`` (for each cell x, the bridges x is half the carrier
of: the other carrier cell and the two ends).  Everything else is small functions over these
arrays -- ``connects``, ``winning_cells``, ``playout`` -- so that later work (virtual connections,
inferior cells, a proof-number solver) can build on them; ``run_playouts`` is the MCTS itself.

The tree lives in numpy arrays owned by the caller (``new_tree``), one row per node and one row
per edge (a move out of a node with its statistics), so it survives between batches of one move
and can be carried on to the next move.  Node columns: first edge, edge count, player to move,
visits, proven (+1 the player to move wins, -1 loses, 0 unknown), winning (or forced) move.
Edge columns: move, child node (-1 until expanded), visits, wins, AMAF visits, AMAF wins; the
float array ``value`` caches each edge's selection value (-1 marks a move proven to lose).

What the search does and why is told in ai/engines/hex_mcts.py, which drives these kernels.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from ai.imports import import_engine
from ai.kernel_compile import mends_the_cache, njit
from ai.kernels.hex_inferior import fill_in, ring
from ai.kernels.hex_templates import template_reply, template_table
from ai.search.driver import CTL_MAX_NODES, CTL_NODES, CTL_STOP, new_ctl
from games.hex import geometry

EMPTY = 0
RAVE_K = 600.0  # visits at which an edge's own win rate and its AMAF rate weigh about the same
UCT_C = 0.7  # exploration constant of plain UCT (wins in [0, 1])
FIRST_PLAY = 0.55  # value of an edge with no visits and no AMAF sample yet

# node columns
N_FIRST, N_COUNT, N_PLAYER, N_VISITS, N_PROVEN, N_MOVE = 0, 1, 2, 3, 4, 5
NODE_COLUMNS = 6
# edge columns
E_MOVE, E_CHILD, E_N, E_W, E_AN, E_AW = 0, 1, 2, 3, 4, 5
EDGE_COLUMNS = 6
# the tree's fill counters (``used``): nodes, edges
U_NODES, U_EDGES = 0, 1
# search options (``options``): RAVE selection, bridge-saving playouts, proofs in the tree, the
# visits an edge needs before its node is added (0: at once), the weight of the pattern priors
# at new nodes (0: none), ziggurat-saving playouts (with bridge-saving ones), and the visits at
# which a node's moves into dead and captured cells are pruned (0: never; with RAVE selection)
O_RAVE, O_BRIDGES, O_KNOWLEDGE, O_EXPAND, O_PRIORS, O_TEMPLATES, O_INFERIOR = 0, 1, 2, 3, 4, 5, 6
OPTIONS = 7
# pattern priors: a new edge starts with this many virtual AMAF playouts won at its pattern's rate
PRIOR_WEIGHT = 30
PRIOR_SAVE = 0.9  # answers the opponent's intrusion into one of the mover's bridges
PRIOR_CUT = 0.85  # takes the second carrier cell of an opponent's bridge already intruded on
PRIOR_BRIDGE = 0.65  # makes a bridge to a stone of the mover (both carrier cells empty; not to an edge)
PRIOR_NEAR = 0.55  # next to a stone
PRIOR_FAR = 0.45  # anything else
PRIOR_EDGE_ROW = 0.35  # on the board's outer ring, next to no stone
PRIOR_FILL = 0.2  # fills a carrier cell of the mover's own intact bridge (wasted: its owner is joined)


# -- tables (plain Python, built once per size) --------------------------------------------------
@lru_cache(maxsize=32)
def carriers(n: int) -> tuple[tuple[tuple[int, int, int], ...], ...]:
    """For each cell x, the bridges x is half the carrier of: (other carrier cell, end, end).

    Cells n*n .. n*n+3 stand for the edges (left, right: Blue; top, bottom: Red), so a stone one
    row from its edge with both edge cells empty is a bridge to the edge (the edge template).
    """
    geo = geometry(n)
    total = n * n
    around: list[set[int]] = []
    for i in range(total):
        r, c = divmod(i, n)
        cells = {j for j in range(total) if geo.neighbours[i] >> j & 1 and j != i}
        if c == 0:
            cells.add(total)
        if c == n - 1:
            cells.add(total + 1)
        if r == 0:
            cells.add(total + 2)
        if r == n - 1:
            cells.add(total + 3)
        around.append(cells)
    table = []
    for x in range(total):
        entries = []
        for y in sorted(j for j in around[x] if j < total):
            ends = sorted((around[x] & around[y]) - {x, y})
            if len(ends) == 2:
                entries.append((y, ends[0], ends[1]))
        table.append(tuple(entries))
    return tuple(table)


@lru_cache(maxsize=32)
def neighbours(n: int) -> np.ndarray:
    """(n*n, 6) int32: the board neighbours of each cell, -1 where the board ends."""
    table = np.full((n * n, 6), -1, np.int32)
    for cell in range(n * n):
        r, c = divmod(cell, n)
        k = 0
        for dr, dc in ((0, -1), (0, 1), (-1, 0), (1, 0), (-1, 1), (1, -1)):
            if 0 <= r + dr < n and 0 <= c + dc < n:
                table[cell, k] = (r + dr) * n + c + dc
                k += 1
    table.flags.writeable = False
    return table


@lru_cache(maxsize=32)
def partner_table(n: int) -> np.ndarray:
    """(n*n, 8, 3) int32: for each cell x, its bridges seen from an end: (other end, carrier cell,
    carrier cell), rows of -1 after; the other end may be an edge (n*n .. n*n+3: the edge template)."""
    table = np.full((n * n, 8, 3), -1, np.int32)
    found: list[set[tuple[int, int, int]]] = [set() for _ in range(n * n)]
    for x, entries in enumerate(carriers(n)):
        for y, a, b in entries:
            for end, other in ((a, b), (b, a)):
                if end < n * n:
                    found[end].add((other, min(x, y), max(x, y)))
    for cell, entries in enumerate(found):
        for k, entry in enumerate(sorted(entries)):
            table[cell, k] = entry
    table.flags.writeable = False
    return table


@lru_cache(maxsize=32)
def bridge_table(n: int) -> np.ndarray:
    """(n*n, 6, 3) int32: ``carriers(n)`` as an array, rows of -1 after each cell's bridges."""
    table = np.full((n * n, 6, 3), -1, np.int32)
    for x, entries in enumerate(carriers(n)):
        for k, entry in enumerate(entries):
            table[x, k] = entry
    table.flags.writeable = False
    return table


def board_colours(n: int, blue: int, red: int) -> np.ndarray:
    """The kernels' board for two bitboards (games/hex.py's ``state.boards``), edges included."""
    total = n * n
    colour = np.zeros(total + 4, np.int8)
    for i in range(total):
        if blue >> i & 1:
            colour[i] = 1
        elif red >> i & 1:
            colour[i] = 2
    colour[total] = colour[total + 1] = 1
    colour[total + 2] = colour[total + 3] = 2
    return colour


# -- the board ------------------------------------------------------------------------------------
@njit(cache=True, nogil=True)
def edge_cell(n: int, side: int, far: int, k: int) -> int:
    """The k-th cell along one of ``side``'s edges (far=0: left or top, far=1: right or bottom)."""
    if side == 0:
        return k * n + far * (n - 1)
    return far * (n - 1) * n + k


@njit(cache=True, nogil=True)
def flood_edge(colour, n, nbrs, side, far, mark, group) -> int:
    """The stones of ``side`` joined to its edge ``far``: listed in ``group`` (returns how many)
    and set to 1 in ``mark`` (0 elsewhere)."""
    mark[:] = 0
    own = side + 1
    size = 0
    for k in range(n):
        cell = edge_cell(n, side, far, k)
        if colour[cell] == own:
            mark[cell] = 1
            group[size] = cell
            size += 1
    done = 0
    while done < size:  # breadth first: ``group`` is also the queue
        cell = group[done]
        done += 1
        for j in range(6):
            nb = nbrs[cell, j]
            if nb < 0:
                break
            if colour[nb] == own and mark[nb] == 0:
                mark[nb] = 1
                group[size] = nb
                size += 1
    return size


@njit(cache=True, nogil=True)
def connects(colour, n, nbrs, side, mark, group) -> bool:
    """Has ``side`` joined its two edges?  (A flood fill from its first edge.)"""
    flood_edge(colour, n, nbrs, side, 0, mark, group)
    for k in range(n):  # noqa: SIM110  (numba compiles no generator expressions)
        if mark[edge_cell(n, side, 1, k)]:
            return True
    return False


@njit(cache=True, nogil=True)
def winner(colour, n, nbrs, mark, group) -> int:
    """0 or 1 if that side has joined its edges, -1 if nobody has (a full board always has one)."""
    if connects(colour, n, nbrs, 0, mark, group):
        return 0
    if connects(colour, n, nbrs, 1, mark, group):
        return 1
    return -1


@njit(cache=True, nogil=True)
def winning_cells(colour, n, nbrs, side, near, far_mark, group, out) -> int:
    """Empty cells where ``side`` would join its edges at once, into ``out``; returns how many.

    Such a cell touches the first edge or a chain joined to it, and the second edge or a chain
    joined to that.  ``near`` ends up 2 on the empty cells of the first kind.
    """
    size = flood_edge(colour, n, nbrs, side, 0, near, group)
    for k in range(n):
        cell = edge_cell(n, side, 0, k)
        if colour[cell] == EMPTY:
            near[cell] = 2
    for i in range(size):
        for j in range(6):
            nb = nbrs[group[i], j]
            if nb < 0:
                break
            if colour[nb] == EMPTY:
                near[nb] = 2
    size = flood_edge(colour, n, nbrs, side, 1, far_mark, group)
    count = 0
    for k in range(n):
        cell = edge_cell(n, side, 1, k)
        if colour[cell] == EMPTY and near[cell] == 2 and far_mark[cell] == 0:
            far_mark[cell] = 2
            out[count] = cell
            count += 1
    for i in range(size):
        for j in range(6):
            nb = nbrs[group[i], j]
            if nb < 0:
                break
            if colour[nb] == EMPTY and near[nb] == 2 and far_mark[nb] == 0:
                far_mark[nb] = 2
                out[count] = nb
                count += 1
    return count


# -- playouts -------------------------------------------------------------------------------------
@njit(cache=True, nogil=True)
def bridge_reply(colour, bridges, last, own) -> int:
    """The cell that saves a bridge of ``own`` that the stone just put on ``last`` intruded on, or -1."""
    if last < 0:
        return -1
    for k in range(6):
        y = bridges[last, k, 0]
        if y < 0:
            break
        if colour[y] == EMPTY and colour[bridges[last, k, 1]] == own and colour[bridges[last, k, 2]] == own:
            return y
    return -1


@njit(cache=True, nogil=True)
def playout(colour, n, nbrs, bridges, templates, player, last, use_bridges, use_templates, order, where, mark,
            group) -> int:
    """Fill every empty cell, ``player`` first, and return the winner (0 Blue, 1 Red).

    Moves are random, except that with ``use_bridges`` a move into a bridge's carrier is answered
    in the other carrier cell, and with ``use_templates`` too a move into a ziggurat (edge template
    IIIa, ``templates`` from ai/kernels/hex_templates.py) gets the answer that keeps it.  A full board has exactly one winner, so one flood fill at the end
    decides; ``colour`` is left filled (the moves of the playout, for the AMAF statistics).
    ``order`` holds the empty cells (``where`` says where each one is), so a random move is one
    draw and a bridge reply is taken out of it at once.
    """
    empties = 0
    for cell in range(n * n):
        if colour[cell] == EMPTY:
            order[empties] = cell
            where[cell] = empties
            empties += 1
    p = player
    late = empties // 2  # by then templates are seldom still whole: the answers stop there
    while empties > 0:
        own = p + 1
        move = bridge_reply(colour, bridges, last, own) if use_bridges else -1
        if move < 0 and use_templates and empties > late:
            move = template_reply(colour, templates, last, own)
        if move < 0:
            move = order[np.random.randint(0, empties)]
        empties -= 1  # take ``move`` out: the last empty cell fills its place
        moved = order[empties]
        order[where[move]] = moved
        where[moved] = where[move]
        colour[move] = own
        last = move
        p = 1 - p
    return 0 if connects(colour, n, nbrs, 0, mark, group) else 1


@njit(cache=True, nogil=True)
def seed_random(seed: int) -> None:
    """Seed the kernels' random numbers (numba keeps its own generator, one per thread)."""
    np.random.seed(seed)


# -- the tree -------------------------------------------------------------------------------------
def new_tree(max_nodes: int, max_edges: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Empty tree arrays: (nodes, edges, value, used).  Pages are only touched as the tree grows."""
    nodes = np.empty((max_nodes, NODE_COLUMNS), np.int32)
    edges = np.empty((max_edges, EDGE_COLUMNS), np.int32)
    value = np.empty(max_edges, np.float32)
    used = np.zeros(2, np.int64)
    return nodes, edges, value, used


def new_root(tree, colour: np.ndarray, n: int, player: int, knowledge: bool, priors: int = 0) -> int:
    """Empty ``tree`` (from ``new_tree``) and add the root: ``player`` to move on ``colour``."""
    nodes, edges, value, used = tree
    used[:] = 0
    cells = n * n
    return add_node(colour, n, neighbours(n), bridge_table(n), partner_table(n), player, knowledge, priors,
                    nodes, edges, value, used, np.zeros(cells, np.uint8), np.zeros(cells, np.uint8),
                    np.empty(cells, np.int32), np.empty(cells, np.int32), -1)


@njit(cache=True, nogil=True)
def prior(colour, n, nbrs, bridges, partners, cell, own) -> float:
    """The pattern prior of a move of colour ``own`` on the empty ``cell``: the strongest of the
    local shapes it makes (see the PRIOR_* rates), from the bridges through and around it."""
    opp = 3 - own
    best = PRIOR_FAR
    fills = False
    for k in range(6):
        y = bridges[cell, k, 0]
        if y < 0:
            break
        a = colour[bridges[cell, k, 1]]
        b = colour[bridges[cell, k, 2]]
        if a == own and b == own:
            if colour[y] == opp:
                return PRIOR_SAVE
            if colour[y] == EMPTY:
                fills = True
        elif a == opp and b == opp and colour[y] == own:
            best = PRIOR_CUT
    if fills and best < PRIOR_CUT:
        return PRIOR_FILL
    if best < PRIOR_BRIDGE:
        for k in range(8):
            end = partners[cell, k, 0]
            if end < 0:
                break
            if end >= n * n:  # an edge template alone: early second-row moves are weak
                continue
            if colour[end] == own and colour[partners[cell, k, 1]] == EMPTY and \
                    colour[partners[cell, k, 2]] == EMPTY:
                best = PRIOR_BRIDGE
                break
    if best < PRIOR_NEAR:
        near = False
        for j in range(6):
            nb = nbrs[cell, j]
            if nb < 0:
                break
            if colour[nb] != EMPTY:
                near = True
                break
        if near:
            best = PRIOR_NEAR
        else:
            r = cell // n
            c = cell % n
            if r == 0 or c == 0 or r == n - 1 or c == n - 1:
                best = PRIOR_EDGE_ROW
    return best


@njit(cache=True, nogil=True)
def add_node(colour, n, nbrs, bridges, partners, player, knowledge, priors, nodes, edges, value, used, near,
             far_mark, group, found, saving=-1) -> int:
    """A new node for ``player`` to move on ``colour``, with its proofs; -1 if the tree is full.

    With ``knowledge``: a mover with a winning cell is a proven win (no edges); an opponent with
    one winning cell leaves the block as the only edge, with two the mover is a proven loss.
    Without it (plain UCT) only a game already won by the last move is noticed.
    Edges come in random order, so ties between unvisited moves fall at random.  With ``priors``
    above 0 each edge starts with that many virtual AMAF playouts won at its pattern's rate; the
    cell ``saving`` (the answer to an intrusion into a ziggurat of the mover, -1: none) is rated
    as a bridge saved.
    """
    total = n * n
    node = used[U_NODES]
    first = used[U_EDGES]
    if node >= nodes.shape[0] or first + total > edges.shape[0]:
        return -1
    proven = 0
    win_move = -1
    count = 0
    if knowledge:
        wins = winning_cells(colour, n, nbrs, player, near, far_mark, group, found)
        if wins > 0:
            proven, win_move = 1, found[0]
        else:
            threats = winning_cells(colour, n, nbrs, 1 - player, near, far_mark, group, found)
            if threats > 0:
                win_move = found[0]
                if threats > 1:
                    proven = -1
                edges[first, E_MOVE] = win_move
                count = 1
    elif connects(colour, n, nbrs, 1 - player, near, group):
        proven = -1
    if proven == 0 and count == 0:
        for cell in range(total):
            if colour[cell] == EMPTY:
                j = np.random.randint(0, count + 1)  # inside-out shuffle
                edges[first + count, E_MOVE] = edges[first + j, E_MOVE]
                edges[first + j, E_MOVE] = cell
                count += 1
    for e in range(first, first + count):
        edges[e, E_CHILD] = -1
        edges[e, E_N] = 0
        edges[e, E_W] = 0
        edges[e, E_AN] = 0
        edges[e, E_AW] = 0
        value[e] = FIRST_PLAY
        if priors > 0 and count > 1:
            move = edges[e, E_MOVE]
            rate = PRIOR_SAVE if move == saving else prior(colour, n, nbrs, bridges, partners, move, player + 1)
            edges[e, E_AN] = priors
            edges[e, E_AW] = int(priors * rate + 0.5)
            value[e] = edges[e, E_AW] / edges[e, E_AN]
    nodes[node, N_FIRST] = first
    nodes[node, N_COUNT] = count
    nodes[node, N_PLAYER] = player
    nodes[node, N_VISITS] = 0
    nodes[node, N_PROVEN] = proven
    nodes[node, N_MOVE] = win_move
    used[U_NODES] = node + 1
    used[U_EDGES] = first + count
    return node


@njit(cache=True, nogil=True)
def mixed_value(n_, w, an, aw) -> float:
    """An edge's value: its win rate, leaning on its AMAF rate while it has few visits."""
    if an == 0:
        return w / n_ if n_ else FIRST_PLAY
    beta = an / (an + n_ + an * n_ / RAVE_K)
    q = w / n_ if n_ else 0.0
    return (1.0 - beta) * q + beta * (aw / an)


@njit(cache=True, nogil=True)
def select(node, nodes, edges, value, rave) -> int:
    """The edge to follow: the best RAVE value, or plain UCB1 (unvisited edges first)."""
    first = nodes[node, N_FIRST]
    count = nodes[node, N_COUNT]
    best = first
    if rave:
        best_value = value[first]
        for e in range(first + 1, first + count):
            if value[e] > best_value:
                best, best_value = e, value[e]
        return best
    for e in range(first, first + count):
        if edges[e, E_N] == 0:
            return e
    log_n = np.log(nodes[node, N_VISITS])
    best_value = -1.0
    for e in range(first, first + count):
        v = edges[e, E_W] / edges[e, E_N] + UCT_C * np.sqrt(log_n / edges[e, E_N])
        if v > best_value:
            best, best_value = e, v
    return best


@njit(cache=True, nogil=True)
def propagate_proof(path_nodes, path_edges, depth, nodes, edges, value) -> None:
    """The child at the end of the path just became proven: settle what that proves above it."""
    for k in range(depth - 1, -1, -1):
        node = path_nodes[k]
        e = path_edges[k]
        child_proven = nodes[edges[e, E_CHILD], N_PROVEN]
        if child_proven == -1:  # the move wins: the node's mover wins
            nodes[node, N_PROVEN] = 1
            nodes[node, N_MOVE] = edges[e, E_MOVE]
        elif child_proven == 1:  # the move loses: never choose it again
            value[e] = -1.0
            first = nodes[node, N_FIRST]
            for f in range(first, first + nodes[node, N_COUNT]):
                child = edges[f, E_CHILD]
                if child < 0 or nodes[child, N_PROVEN] != 1:
                    return
            nodes[node, N_PROVEN] = -1
        else:
            return


@njit(cache=True, nogil=True)
def backup(path_nodes, path_edges, depth, colour, won_by, rave, nodes, edges, value) -> None:
    """Count the playout for every edge on the path and, with RAVE, for every edge of a path node
    whose move the node's mover made later in the playout (all moves as first)."""
    for k in range(depth):
        node = path_nodes[k]
        e = path_edges[k]
        player = nodes[node, N_PLAYER]
        r = 1 if won_by == player else 0
        nodes[node, N_VISITS] += 1
        edges[e, E_N] += 1
        edges[e, E_W] += r
        if not rave:
            continue
        mine = player + 1
        first = nodes[node, N_FIRST]
        for f in range(first, first + nodes[node, N_COUNT]):
            if colour[edges[f, E_MOVE]] == mine:
                edges[f, E_AN] += 1
                edges[f, E_AW] += r
                if value[f] >= 0.0:
                    value[f] = mixed_value(edges[f, E_N], edges[f, E_W], edges[f, E_AN], edges[f, E_AW])
        if value[e] >= 0.0:
            value[e] = mixed_value(edges[e, E_N], edges[e, E_W], edges[e, E_AN], edges[e, E_AW])


@njit(cache=True, nogil=True)
def prune_inferior(colour, n, nbrs, rng, node, nodes, edges, value, board, marks) -> int:
    """Mark the moves of ``node`` (on ``colour``) into dead or captured cells as lost, as the root's
    analysis does: such a stone is no better than a pass, so it is never the only winning move and
    the search need not spend playouts on it.  At least one move is left; returns how many were
    marked."""
    board[:] = colour
    marks[:] = 0
    if fill_in(board, n, nbrs, rng, 1, marks) == 0:
        return 0
    first = nodes[node, N_FIRST]
    count = nodes[node, N_COUNT]
    alive = 0
    for e in range(first, first + count):
        if value[e] >= 0.0 and marks[edges[e, E_MOVE]] == 0:
            alive += 1
    if alive == 0:
        return 0
    marked = 0
    for e in range(first, first + count):
        if value[e] >= 0.0 and marks[edges[e, E_MOVE]] != 0:
            value[e] = -1.0
            marked += 1
    return marked


@njit(cache=True, nogil=True)
def run_playouts(n, nbrs, rng, bridges, partners, templates, root_colour, root_last, root, nodes, edges, value, used,
                 options, ctl, batch) -> int:
    """MCTS iterations from ``root`` until ``batch`` are done, the driver says stop, the node
    budget is spent or the root is proven; returns how many ran (also added to ctl[CTL_NODES]).

    One iteration: walk down the tree choosing edges, add the node at the end (unless the tree
    is full), play the rest of the game out, back the result up (with AMAF), and settle proofs.
    An edge gets its node once it has ``options[O_EXPAND]`` visits, twice that once a quarter
    of the edge rows are used, four times that after half, eight times after three quarters:
    a long search keeps growing its tree where the playouts go instead of filling it early.
    A node reaching ``options[O_INFERIOR]`` visits has its moves into dead and captured cells
    pruned (``prune_inferior``; ``rng`` is hex_inferior's ring of each cell's neighbours).
    """
    total = n * n
    rave = options[O_RAVE] != 0
    use_bridges = options[O_BRIDGES] != 0
    use_templates = use_bridges and options[O_TEMPLATES] != 0
    knowledge = options[O_KNOWLEDGE] != 0
    priors = options[O_PRIORS]
    expand_at = options[O_EXPAND]
    inferior_at = options[O_INFERIOR] if rave else 0
    colour = root_colour.copy()
    board = root_colour.copy()
    marks = np.zeros(total, np.int8)
    order = np.empty(total, np.int32)
    where = np.empty(total, np.int32)
    group = np.empty(total, np.int32)
    near = np.zeros(total, np.uint8)
    far_mark = np.zeros(total, np.uint8)
    found = np.empty(total, np.int32)
    path_nodes = np.empty(total + 1, np.int32)
    path_edges = np.empty(total + 1, np.int32)
    done = 0
    while done < batch and ctl[CTL_STOP] == 0 and nodes[root, N_PROVEN] == 0:
        if ctl[CTL_MAX_NODES] > 0 and ctl[CTL_NODES] >= ctl[CTL_MAX_NODES]:
            break
        colour[:] = root_colour
        node = root
        last = root_last
        depth = 0
        won_by = -1
        while True:
            if nodes[node, N_PROVEN] != 0:
                player = nodes[node, N_PLAYER]
                won_by = player if nodes[node, N_PROVEN] > 0 else 1 - player
                break
            if inferior_at > 0 and nodes[node, N_VISITS] == inferior_at:
                prune_inferior(colour, n, nbrs, rng, node, nodes, edges, value, board, marks)
            e = select(node, nodes, edges, value, rave)
            player = nodes[node, N_PLAYER]
            last = np.int64(edges[e, E_MOVE])  # one compilation of what it is passed to
            colour[last] = player + 1
            path_nodes[depth] = node
            path_edges[depth] = e
            depth += 1
            child = edges[e, E_CHILD]
            if child < 0:
                if edges[e, E_N] < expand_at << (4 * used[U_EDGES] // edges.shape[0]):
                    won_by = playout(colour, n, nbrs, bridges, templates, 1 - player, last, use_bridges,
                                     use_templates, order, where, near, group)
                    break
                saving = template_reply(colour, templates, last, 2 - player) if use_templates and priors > 0 else -1
                child = add_node(colour, n, nbrs, bridges, partners, 1 - player, knowledge, priors, nodes,
                                 edges, value, used, near, far_mark, group, found, saving)
                if child >= 0:
                    edges[e, E_CHILD] = child
                    if nodes[child, N_PROVEN] != 0:
                        propagate_proof(path_nodes, path_edges, depth, nodes, edges, value)
                        won_by = 1 - player if nodes[child, N_PROVEN] > 0 else player
                if won_by < 0:
                    won_by = playout(colour, n, nbrs, bridges, templates, 1 - player, last, use_bridges,
                                     use_templates, order, where, near, group)
                break
            node = child
        backup(path_nodes, path_edges, depth, colour, won_by, rave, nodes, edges, value)
        done += 1
        ctl[CTL_NODES] += 1
    return done


@njit(cache=True, nogil=True)
def child_after(nodes, edges, node, move) -> int:
    """The node reached from ``node`` by ``move`` if the tree has it, else -1."""
    first = nodes[node, N_FIRST]
    for e in range(first, first + nodes[node, N_COUNT]):
        if edges[e, E_MOVE] == move:
            return edges[e, E_CHILD]
    return -1


@njit(cache=True, nogil=True)
def best_edge(nodes, edges, value, node) -> int:
    """The edge to play from ``node``: the most visited one not proven to lose (ties: value)."""
    first = nodes[node, N_FIRST]
    count = nodes[node, N_COUNT]
    any_alive = False
    for e in range(first, first + count):
        if value[e] >= 0.0:
            any_alive = True
    best = -1
    for e in range(first, first + count):
        if any_alive and value[e] < 0.0:
            continue
        if best < 0 or edges[e, E_N] > edges[best, E_N] or \
                (edges[e, E_N] == edges[best, E_N] and value[e] > value[best]):
            best = e
    return best


def warm_up() -> None:
    """Compile (or load from the cache) every Hex kernel: the search's, then the knowledge's."""
    warm_up_search()
    warm_up_knowledge()


def warm_up_knowledge() -> None:
    """Compile (or load from the cache) the connection kernels: H-search, fill-in, df-pn (imported
    here, since they import this module; through the lock: the AI worker's warm-up thread runs
    this stage while its job may import Hex's engine, which imports them too)."""
    for name in ("hex_vc", "hex_inferior", "hex_pns"):
        import_engine(f"ai.kernels.{name}").warm_up()


@mends_the_cache
def warm_up_search() -> None:
    """Compile (or load from the cache) the MCTS kernels of this module on a 3x3 board."""
    n = 3
    nbrs, bridges = neighbours(n), bridge_table(n)
    colour = board_colours(n, 0b000010000, 0)
    tree = new_tree(64, 1024)
    nodes, edges, value, used = tree
    seed_random(1)
    root = new_root(tree, colour, n, 1, True, PRIOR_WEIGHT)
    scratch = np.zeros(n * n, np.uint8), np.empty(n * n, np.int32)
    ctl = new_ctl()
    for rave in (0, 1):
        options = np.full(OPTIONS, rave, np.int64)
        run_playouts(n, nbrs, ring(n), bridges, partner_table(n), template_table(n), colour, 4, root, nodes, edges,
                     value, used, options, ctl, 4)
    best_edge(nodes, edges, value, root)
    child_after(nodes, edges, root, 0)
    winner(colour, n, nbrs, *scratch)


# ai.kernels.warm_up's stages, in the order a game needs them: the connection kernels take about
# twice as long to compile as the MCTS, and level-5 uses them once they are ready
STAGES = {"search": warm_up_search, "knowledge": warm_up_knowledge}
