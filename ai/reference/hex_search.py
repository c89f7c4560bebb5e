"""The pure-Python Hex MCTS that ai/kernels/hex.py replaced: the bench's, the tests' and the stand-in's.

This is the search level-3 to level-5 ran before the numba kernels: the board as a list of
colours and two bitboards, bridge-saving playouts, RAVE and proofs in the tree, each node a
Python object.  ``main.py bench hex`` runs it beside the kernel on the same positions to print
both speeds, and tests/test_hex_kernel.py compares the two.  ``PythonSearcher`` is its view for
the search driver: the players search with it while the window's worker still compiles the
kernels after installing (``HexMCTSPlayer.searching``), a move within its time at a few
percent of the kernels' playouts rather than a wait for the compiler.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable

import numpy as np

from ai.base import Clock, Limits, Progress, ProgressCallback
from ai.engines.hex_solver import winning_cells
from ai.kernels.hex import FIRST_PLAY, RAVE_K, UCT_C, carriers
from ai.search.driver import CTL_MAX_NODES, CTL_NODES, CTL_STOP
from games.hex import Geometry, HexState, geometry

BATCH_SECONDS = 0.1  # playouts between two of ``PythonSearcher``'s reports (the kernel's batches take as long)
TREE_ENTRIES = 2_000_000  # a ``PythonSearcher`` move's tree ends at about this many (node, move) pairs
#   (each playout adds a node of every empty cell: 70 bytes a pair, 8 KB a playout on 11x11, 28 KB on
#   19x19): about 150 MB, 17,000 playouts on 11x11, a few seconds of them; a 30 s move's would hold gigabytes


class Node:
    """A position in the tree: its candidate moves and, per move, visit and AMAF statistics.

    Wins are counted for ``player``, the side to move here (the one choosing among ``moves``).
    ``proven`` is +1 if ``player`` wins with best play, -1 if it loses, None if unknown.
    """

    __slots__ = ("player", "moves", "children", "n", "w", "an", "aw", "value", "visits", "proven", "win_move")

    def __init__(self, player: int, moves: list[int], proven: int | None = None, win_move: int = -1) -> None:
        self.player = player
        self.moves = moves
        k = len(moves)
        self.children: list[Node | None] = [None] * k
        self.n = [0] * k
        self.w = [0.0] * k
        self.an = [0] * k
        self.aw = [0.0] * k
        self.value = [FIRST_PLAY] * k
        self.visits = 0
        self.proven = proven
        self.win_move = win_move


def make_node(geo: Geometry, bits: list[int], player: int, rng: random.Random, knowledge: bool = True) -> Node:
    """A new node for ``player`` to move on ``bits`` (Blue's, Red's bitboards), with its proofs.

    Without ``knowledge`` (plain UCT) it only notices a game already won by the last move.
    """
    me, opp = bits[player], bits[1 - player]
    empty = geo.full & ~(me | opp)
    if not knowledge:
        if geo.connects(opp, 1 - player):
            return Node(player, [], proven=-1)
        moves = [i for i in range(geo.cells) if empty >> i & 1]
        rng.shuffle(moves)
        return Node(player, moves)
    wins = winning_cells(geo, me, player, empty)
    if wins:
        return Node(player, [], proven=1, win_move=wins.bit_length() - 1)
    threats = winning_cells(geo, opp, 1 - player, empty)
    if threats:
        cell = threats.bit_length() - 1
        proven = -1 if threats & (threats - 1) else None
        return Node(player, [cell], proven=proven, win_move=cell)
    moves = [i for i in range(geo.cells) if empty >> i & 1]
    rng.shuffle(moves)
    return Node(player, moves)


class HexMCTS:
    """One search: build the tree from a position and report the best move under the limits."""

    def __init__(self, n: int, *, rave: bool = True, bridges: bool = True, seed: int | None = None,
                 knowledge: bool | None = None) -> None:
        self.geo = geometry(n)
        self.n = n
        self.rave = rave
        self.knowledge = rave if knowledge is None else knowledge  # proofs in the tree (wins in one, blocks)
        self.bridges = bridges
        self.carriers = carriers(n)
        self.rng = random.Random(seed)
        self.playouts = 0

    # -- the search loop --------------------------------------------------------------------
    def search(
        self, blue: int, red: int, to_move: int, last_move: int, limits: Limits,
        progress: ProgressCallback | None = None, max_playouts: int | None = None,
    ) -> tuple[Node, Progress]:
        root, colour = self.new_root(blue, red, to_move)
        # stop a little early: building the report and returning take time too
        safe = Limits(limits.time * 0.94 - 0.01 if limits.time is not None else None,
                      limits.depth, limits.iterations, limits.stop)
        clock = Clock(safe, every=1)
        cap = max_playouts if max_playouts is not None else limits.iterations
        if cap is None and limits.time is None:
            cap = 2000
        self.playouts = 0
        next_report = 0.25
        while root.proven is None and (cap is None or self.playouts < cap) and not clock.expired():
            self._iterate(root, colour, blue, red, last_move)
            self.playouts += 1
            if progress and clock.elapsed() >= next_report:
                next_report += 0.25
                progress(self.report(root, clock.elapsed()))
        final = self.report(root, clock.elapsed())
        final.done = True
        return root, final

    def new_root(self, blue: int, red: int, to_move: int) -> tuple[Node, list[int]]:
        """The root for ``to_move`` on Blue's and Red's bitboards, and the board as the playouts
        read it: a colour per cell (0 empty, 1 Blue, 2 Red), then the four edges'."""
        total = self.geo.cells
        colour = [0] * (total + 4)
        for i in range(total):
            colour[i] = 1 if blue >> i & 1 else 2 if red >> i & 1 else 0
        colour[total] = colour[total + 1] = 1
        colour[total + 2] = colour[total + 3] = 2
        return make_node(self.geo, [blue, red], to_move, self.rng, self.knowledge), colour

    def _iterate(self, root: Node, colour0: list[int], blue: int, red: int, last: int) -> None:
        colour = colour0[:]
        bits = [blue, red]
        path: list[tuple[Node, int]] = []
        node = root
        winner = -1
        while True:
            if node.proven is not None:
                winner = node.player if node.proven > 0 else 1 - node.player
                break
            i = self._select(node)
            move = node.moves[i]
            p = node.player
            colour[move] = p + 1
            bits[p] |= 1 << move
            last = move
            path.append((node, i))
            child = node.children[i]
            if child is None:
                child = node.children[i] = make_node(self.geo, bits, 1 - p, self.rng, self.knowledge)
                if child.proven is not None:
                    self._propagate_proof(path)
                    winner = child.player if child.proven > 0 else 1 - child.player
                break
            node = child
        if winner < 0:
            winner = self._playout(colour, bits, 1 - path[-1][0].player, last)
        self._backup(path, colour, winner)

    def _select(self, node: Node) -> int:
        if self.rave:
            values = node.value
            return values.index(max(values))
        n, w = node.n, node.w
        k = len(n)
        for i in range(k):
            if n[i] == 0:
                return i
        log_n = math.log(node.visits)
        c = UCT_C
        best, best_value = 0, -1.0
        for i in range(k):
            v = w[i] / n[i] + c * math.sqrt(log_n / n[i])
            if v > best_value:
                best, best_value = i, v
        return best

    def _propagate_proof(self, path: list[tuple[Node, int]]) -> None:
        """A child just became proven: settle what that proves above it."""
        for node, i in reversed(path):
            child = node.children[i]
            if child.proven == -1:
                node.proven, node.win_move = 1, node.moves[i]
            elif child.proven == 1:
                node.value[i] = -1.0  # never choose a move that loses by force
                if all(c is not None and c.proven == 1 for c in node.children):
                    node.proven = -1
                else:
                    return
            else:
                return

    # -- playouts ---------------------------------------------------------------------------
    def _playout(self, colour: list[int], bits: list[int], player: int, last: int) -> int:
        """Fill the board from ``colour`` (``player`` to move); the winner (0 Blue, 1 Red)."""
        total = self.geo.cells
        order = [i for i in range(total) if not colour[i]]
        self.rng.shuffle(order)
        blue = bits[0]
        if not self.bridges:
            for k in range(player, len(order), 2):  # Blue's share of the fill
                colour[order[k]] = 1
                blue |= 1 << order[k]
            for k in range(1 - player, len(order), 2):
                colour[order[k]] = 2
            return 0 if self.geo.connects(blue, 0) else 1
        table = self.carriers
        p = player
        idx = 0
        for _ in range(len(order)):
            c = p + 1
            move = -1
            if last >= 0:
                for y, a, b in table[last]:
                    if colour[a] == c and colour[b] == c and not colour[y]:
                        move = y
                        break
            if move < 0:
                move = order[idx]
                idx += 1
                while colour[move]:
                    move = order[idx]
                    idx += 1
            colour[move] = c
            if not p:
                blue |= 1 << move
            last = move
            p ^= 1
        return 0 if self.geo.connects(blue, 0) else 1

    def _backup(self, path: list[tuple[Node, int]], colour: list[int], winner: int) -> None:
        rave = self.rave
        for node, i in path:
            node.visits += 1
            r = 1.0 if winner == node.player else 0.0
            node.n[i] += 1
            node.w[i] += r
            if not rave:
                continue
            mine = node.player + 1
            n, w, an, aw, value = node.n, node.w, node.an, node.aw, node.value
            for j, m in enumerate(node.moves):
                if colour[m] == mine:
                    an[j] += 1
                    aw[j] += r
                    if value[j] >= 0.0:
                        value[j] = _mixed(n[j], w[j], an[j], aw[j])
            if value[i] >= 0.0:
                value[i] = _mixed(n[i], w[i], an[i], aw[i])

    # -- results ----------------------------------------------------------------------------
    def report(self, root: Node, elapsed: float = 0.0) -> Progress:
        """Best move, the mover's win rate, and the line of most visited moves below it."""
        move, rate = best_child(root)
        pv = line_from(root, move) if move is not None else []
        proven = root.proven
        return Progress(
            depth=len(pv), best_move=move, score=rate, nodes=self.playouts, elapsed=elapsed,
            pv=pv, proven=proven, kind="solver" if proven is not None else "mcts",
        )


PV_LENGTH = 12  # moves of a line at most (``line_from``)


def line_from(root: Node, move: int) -> list[int]:
    """``move`` from ``root``, then the move the tree would play in each position after it
    (``best_child``), as far as the tree has grown there."""
    line, node = [move], root
    while len(line) < PV_LENGTH:
        i = node.moves.index(line[-1]) if line[-1] in node.moves else -1
        if i < 0 or node.children[i] is None or not node.children[i].moves:
            break
        node = node.children[i]
        nxt, _ = best_child(node)
        if nxt is None:
            break
        line.append(nxt)
    return line


def _mixed(n: int, w: float, an: int, aw: float) -> float:
    """A child's value: its win rate, leaning on its AMAF rate while it has few visits."""
    if an == 0:
        return w / n if n else FIRST_PLAY
    beta = an / (an + n + an * n / RAVE_K)
    q = w / n if n else 0.0
    return (1.0 - beta) * q + beta * (aw / an)


def best_child(node: Node) -> tuple[int | None, float]:
    """The move to play from ``node`` (a proven win first, else the most visited) and its win rate."""
    if node.win_move >= 0 and node.proven == 1:
        return node.win_move, 1.0
    if not node.moves:
        return (node.win_move if node.win_move >= 0 else None), 0.0
    candidates = [i for i in range(len(node.moves)) if node.value[i] >= 0.0] or list(range(len(node.moves)))
    i = max(candidates, key=lambda j: (node.n[j], node.value[j]))
    rate = node.w[i] / node.n[i] if node.n[i] else node.value[i]
    return node.moves[i], rate


class PythonSearcher:
    """``HexMCTS`` as the search driver runs it (``ai.search.driver.Searcher``), standing in for
    the kernels' ``HexSearcher`` while they compile: a new tree at each move's root (an engine per
    board size), batches of playouts of about ``BATCH_SECONDS`` until the driver's stop, its
    playout budget or a proof.  ``answer`` is what the kernels' searcher answers without them
    (level-5's first stone without the swap, its solver of small boards), asked first as that
    searcher's ``start`` asks it.  A move plays once its tree holds ``TREE_ENTRIES``, however
    much time is left (``full``).  Asked the same position again, it grows the same tree, as the
    kernels' searcher does: an analysis searches one position in batches of playouts."""

    kind = "mcts"
    in_python = True  # needs no kernel: the driver says it has begun before its first batch

    def __init__(self, *, rave: bool, bridges: bool, seed: int | None = None,
                 answer: Callable[[HexState, Limits], Progress | None] | None = None,
                 knowledge: bool | None = None) -> None:
        self.rave = rave
        self.bridges = bridges
        self.knowledge = knowledge
        self.rng = random.Random(seed)
        self.answer = answer
        self.engines: dict[int, HexMCTS] = {}
        self.root_key: tuple[int, ...] | None = None  # the position of the tree grown: size, boards, mover

    def start(self, state: HexState, limits: Limits) -> Progress | None:
        """The answer needing no search, if any; else a new root for ``state``."""
        known = self.answer(state, limits) if self.answer is not None else None
        if known is not None:
            return known
        key = (state.game.size, *state.boards, state.to_move)
        if key == self.root_key and self.root.proven is None and not self.full():
            return None  # the tree of this position grows on
        n = state.game.size
        if n not in self.engines:
            self.engines[n] = HexMCTS(n, rave=self.rave, bridges=self.bridges, seed=self.rng.randrange(1 << 30),
                                     knowledge=self.knowledge)
        self.engine = self.engines[n]
        self.boards = state.boards
        self.root, self.colour = self.engine.new_root(*state.boards, state.to_move)
        self.root_key = key
        self.engine.playouts = 0
        self.most_playouts = max(1, TREE_ENTRIES // max(1, len(self.root.moves)))
        return self.engine.report(self.root) if self.root.proven is not None else None

    def iterate(self, step: int, ctl: np.ndarray) -> Progress | None:
        """One batch of playouts, each looking at the driver's stop and budget; the best move so
        far, or None once the tree is full (the driver then plays the last one)."""
        engine, root = self.engine, self.root
        room = self.most_playouts - engine.playouts
        if room <= 0:
            return None
        budget = min(int(ctl[CTL_MAX_NODES]) or room, room)
        ends = time.perf_counter() + BATCH_SECONDS
        done = 0
        while root.proven is None and not ctl[CTL_STOP] and done < budget:
            engine._iterate(root, self.colour, *self.boards, -1)
            done += 1
            if time.perf_counter() >= ends:
                break
        engine.playouts += done
        ctl[CTL_NODES] += done
        report = engine.report(root)
        if engine.playouts >= self.most_playouts and root.proven is None:
            report.stopped = "memory-limit"  # the move is played now, whatever time is left: said why
        return report

    def full(self) -> bool:
        """Whether the tree holds ``TREE_ENTRIES`` (no playout is added to it any more)."""
        return self.root_key is not None and self.engine.playouts >= self.most_playouts

    def line_from(self, move: int) -> list[int]:
        """``move`` from the root, then the tree's best reply after each (``line_from``), as
        ``HexSearcher.line_from`` reads the kernels' tree."""
        return line_from(self.root, move)
