"""Monte Carlo tree search specialised for Hex, over flat arrays (no State objects inside).

The generic ``ai/search/mcts.py`` plays State objects and is far too slow for 11x11, so this
module keeps the board as a list of colours and two bitboards, and uses what Hex programs use:

- Playouts fill the board: a full Hex board has exactly one winner, so a playout never checks
  for a win move by move; one flood fill at the end says who joined their edges.
- Bridge-saving playouts: when a move enters one of the two empty cells between two stones of
  the other colour that form a bridge (or a stone and its edge: the edge template), the bridge's
  owner answers in the other cell.  Random playouts cut every bridge half the time; these do not,
  which makes their outcome much closer to the position's real value.
- RAVE (all-moves-as-first): every playout also counts for every move the same side made later
  in it; a node's children are ranked by a mix of their own win rate and that AMAF rate, with
  the AMAF weight fading as real visits accumulate.  This is what makes MCTS strong in Hex.
- Proofs in the tree: a node whose mover has a cell that wins at once is a proven win; one whose
  opponent has two such cells is a proven loss; with one, blocking it is the only child.
  Proven values move up the tree (a child that is a loss for its mover makes its parent a win).

With ``rave=False, bridges=False`` it is plain UCT with uniformly random playouts ("hex:uct"),
the baseline the strength benchmark measures against, on the same fast board code.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache

from ai.base import Clock, Limits, Player, PlayerInfo, Progress, ProgressCallback
from ai.engines.hex_solver import winning_cells
from games.hex import SWAP, Geometry, HexState, geometry

RAVE_K = 600.0  # visits at which a child's own win rate and its AMAF rate weigh about the same
UCT_C = 0.7  # exploration constant of plain UCT (wins in [0, 1])
FIRST_PLAY = 0.55  # value of a child with no visits and no AMAF sample yet


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

    def __init__(self, n: int, *, rave: bool = True, bridges: bool = True, seed: int | None = None) -> None:
        self.geo = geometry(n)
        self.n = n
        self.rave = rave
        self.bridges = bridges
        self.carriers = carriers(n)
        self.rng = random.Random(seed)
        self.playouts = 0

    # -- the search loop --------------------------------------------------------------------
    def search(
        self, blue: int, red: int, to_move: int, last_move: int, limits: Limits,
        progress: ProgressCallback | None = None, max_playouts: int | None = None,
    ) -> tuple[Node, Progress]:
        geo = self.geo
        total = geo.cells
        colour = [0] * (total + 4)
        for i in range(total):
            colour[i] = 1 if blue >> i & 1 else 2 if red >> i & 1 else 0
        colour[total] = colour[total + 1] = 1
        colour[total + 2] = colour[total + 3] = 2
        root = make_node(geo, [blue, red], to_move, self.rng, self.rave)
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
                progress(self.report(root, clock))
        final = self.report(root, clock)
        final.done = True
        return root, final

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
                child = node.children[i] = make_node(self.geo, bits, 1 - p, self.rng, self.rave)
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
    def report(self, root: Node, clock: Clock) -> Progress:
        move, rate = best_child(root)
        pv = [move] if move is not None else []
        node = root
        while True:
            i = node.moves.index(pv[-1]) if pv and pv[-1] in node.moves else -1
            if i < 0 or node.children[i] is None or not node.children[i].moves:
                break
            node = node.children[i]
            nxt, _ = best_child(node)
            if nxt is None or len(pv) >= 12:
                break
            pv.append(nxt)
        proven = root.proven
        return Progress(
            depth=len(pv), best_move=move, score=rate, nodes=self.playouts, elapsed=clock.elapsed(),
            pv=pv, proven=proven, kind="solver" if proven is not None else "mcts",
        )


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


class HexMCTSPlayer(Player):
    """A Hex player built on ``HexMCTS``; ``max_playouts`` and ``time_share`` weaken the lower levels."""

    def __init__(
        self, info: PlayerInfo, *, rave: bool = True, bridges: bool = True,
        max_playouts: int | None = None, time_share: float = 1.0, seed: int | None = None,
    ) -> None:
        self.info = info
        self.time_share = time_share
        self.rave = rave
        self.bridges = bridges
        self.max_playouts = max_playouts
        self.seed = seed
        self.rng = random.Random(seed)
        self.last: Progress | None = None

    def engine(self, n: int) -> HexMCTS:
        return HexMCTS(n, rave=self.rave, bridges=self.bridges, seed=self.rng.randrange(1 << 30))

    def choose(
        self, state: HexState, limits: Limits | None = None, progress: ProgressCallback | None = None
    ):
        limits = limits or Limits(time=1.0)
        if limits.time is not None and self.time_share < 1.0:
            limits = Limits(limits.time * self.time_share, limits.depth, limits.iterations, limits.stop)
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        if state.can_swap():
            return self._swap_or_play(state, limits, progress)
        if state.game.swap and state.game.size >= 5 and not (state.boards[0] | state.boards[1]):
            return self._pie_opening(state, progress)
        self.last = self.search(state, limits, progress)
        if progress:
            progress(self.last)
        return self.last.best_move

    def search(self, state: HexState, limits: Limits, progress: ProgressCallback | None = None) -> Progress:
        blue, red = state.boards
        last = -1
        _, result = self.engine(state.game.size).search(
            blue, red, state.to_move, last, limits, progress, self.max_playouts
        )
        return result

    def _pie_opening(self, state: HexState, progress: ProgressCallback | None):
        """Blue's first move under the swap rule: a stone on Red's top edge, away from the corners.

        A strong opening would simply be swapped; a stone on the opponent's edge is a modest
        move that is still worth something (a simple rule, not a measured balance).
        """
        n = state.game.size
        move = self.rng.randrange(1, n - 1)  # b1 .. the next-to-last column of row 1
        result = Progress(best_move=move, pv=[move], kind="rule", done=True)
        self.last = result
        if progress:
            progress(result)
        return move

    def _swap_or_play(self, state: HexState, limits: Limits, progress: ProgressCallback | None):
        """Red's first turn under the swap rule: compare the best stone with taking Blue's."""
        half = Limits(limits.time / 2 if limits.time is not None else None, limits.depth,
                      limits.iterations, limits.stop)
        play = self.search(state, half, None)
        swapped = self.search(state.play(SWAP), half, None)
        swap_rate = 1.0 - swapped.score  # Blue's best rate after the swap, seen from Red
        if swap_rate > play.score:
            result = Progress(best_move=SWAP, score=swap_rate, nodes=play.nodes + swapped.nodes,
                              elapsed=play.elapsed + swapped.elapsed, pv=[SWAP, *swapped.pv],
                              depth=1 + swapped.depth, kind="mcts", done=True)
        else:
            result = play
        self.last = result
        if progress:
            progress(result)
        return result.best_move
