"""Monte Carlo tree search for Hex: the players of levels 3 to 5, on the kernels of ai/kernels/hex.py.

Hex has no good static evaluation for a program this size, so the players sample: they play the
game out many times and keep the moves that win most often.  What makes that strong in Hex:

- Playouts fill the board: a full Hex board has exactly one winner, so a playout never checks
  for a win move by move; one flood fill at the end says who joined their edges.
- Bridge-saving playouts: when a move enters one of the two empty cells between two stones of
  the other colour that form a bridge (or a stone and its edge: the edge template), the bridge's
  owner answers in the other cell.  Random playouts cut every bridge half the time; these do not,
  which makes their outcome much closer to the position's real value.  With ``templates`` (level-5)
  an intrusion into a ziggurat (edge template IIIa: a third-row stone and eight empty cells
  between it and its edge) gets the answer that keeps it (ai/kernels/hex_templates.py), and a
  tree node after such an intrusion rates that answer as a saved bridge.
- RAVE (all moves as first): every playout also counts for every move the same side made later
  in it; a node's moves are ranked by a mix of their own win rate and that AMAF rate, with the
  AMAF weight fading as real visits accumulate.
- Proofs in the tree: a node whose mover has a cell that wins at once is a proven win (so a win
  in one is always taken); one whose opponent has two such cells is a proven loss; with one,
  blocking it is the only move.  Proven values move up the tree.

With ``rave=False, bridges=False`` it is plain UCT with uniformly random playouts and no proofs
(level-3, "hex:uct"), the baseline the strength runs measure against.  The search runs through
the one driver (ai/search/driver.py): ``HexSearcher.iterate`` is one batch of playouts inside the
kernel.  The tree is kept from one move to the next when the game went on by moves it holds.
While the window's worker compiles the kernels after installing, the players search with the
pure-Python MCTS they replaced (``HexMCTSPlayer.searching``, ai/reference/hex_search.py).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

import numpy as np

from ai import kernels
from ai.base import PIE_OPENING, Limits, Player, PlayerInfo, Progress, ProgressCallback
from ai.engines.hex_solver import solved_move
from ai.kernels import hex as kernel
from ai.reference.hex_search import PythonSearcher
from ai.search.driver import search
from games.hex import SWAP, HexState

TREE_EDGES = 6_000_000  # edge rows of the tree (memory is only used as the tree grows)
TREE_NODES = 1_500_000
REUSE_SHARE = 0.5  # the tree is carried to the next move only while it fills less than this
EXPAND_AT = 1  # an edge's node is added on its second visit (most leaves get only one)
BATCH_SECONDS = 0.1  # playouts per iteration are set to take about this long ...
BATCH_SHARE = 0.05  # ... or this share of the move time if less: the driver looks at the clock after
#                     each batch, so a move whose watcher thread the system wakes late still ends
#                     within 5% of its time (a 0.1 s move's batch took the whole move: bench budget)
PV_LENGTH = 12
DEFAULT_PLAYOUTS = 2000  # when the limits give neither a time nor a playout count
LATE_MEMORY = 0.8  # how late the moves lately ended (a maximum that fades by this each move) ...
LATE_CUT = 0.5  # ... is taken off the next move's time, up to this share of it


class HexSearcher:
    """The driver's view of one player's MCTS: a tree in numpy arrays, batches of playouts."""

    kind = "mcts"

    def __init__(self, *, rave: bool = True, bridges: bool = True, templates: bool = False, solve: bool = False,
                 prior_weight: int = 0, inferior_at: int = 0, seed: int | None = None) -> None:
        self.options = np.zeros(kernel.OPTIONS, np.int64)
        self.options[kernel.O_PRIORS] = prior_weight  # virtual playouts of the pattern priors; 0: none
        self.options[kernel.O_RAVE] = rave
        self.options[kernel.O_BRIDGES] = bridges
        self.options[kernel.O_TEMPLATES] = templates  # ziggurat answers in the playouts (with bridges)
        self.options[kernel.O_KNOWLEDGE] = rave  # proofs in the tree come with the Hex knowledge
        self.options[kernel.O_EXPAND] = EXPAND_AT
        self.options[kernel.O_INFERIOR] = inferior_at  # a node's dead and captured cells pruned at these visits
        self.solve = solve
        self.rng = random.Random(seed)
        # the MCTS's kernels now, not in a move's time (unless deferred); the connection kernels
        # take twice as long and are compiled in the background by the player that uses them
        kernels.prepare("hex", "search")
        self.tree: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray] | None = None
        self.n = 0
        self.root = -1
        self.root_key: tuple[int, int, int] | None = None
        self.root_colour = np.zeros(0, np.int8)
        self.batch = 256
        self.batch_seconds = BATCH_SECONDS

    # -- the Searcher protocol ---------------------------------------------------------------
    def start(self, state: HexState, limits: Limits) -> Progress | None:
        """Solve small endings outright (level-5); else set the root, reusing the last tree if it can."""
        known = self.answer_without_kernels(state, limits)
        if known is not None:
            return known
        kernels.ready("hex")
        kernel.seed_random(self.rng.randrange(1 << 30))
        self._set_root(state)
        self.batch = 256
        self.batch_seconds = BATCH_SECONDS if limits.time is None else min(BATCH_SECONDS, BATCH_SHARE * limits.time)
        nodes = self.tree[0]
        return self.report() if nodes[self.root, kernel.N_PROVEN] != 0 else None

    def iterate(self, step: int, ctl: np.ndarray) -> Progress | None:
        """One batch of playouts; the best move so far (even before the first playout)."""
        nodes, edges, value, used = self.tree
        began = time.perf_counter()
        done = kernel.run_playouts(self.n, kernel.neighbours(self.n), kernel.ring(self.n), kernel.bridge_table(self.n),
                                   kernel.partner_table(self.n), kernel.template_table(self.n), self.root_colour, -1,
                                   self.root, nodes, edges, value, used, self.options, ctl, self.batch)
        spent = time.perf_counter() - began
        if done == self.batch and spent > 0:
            self.batch = max(64, min(1 << 20, int(done * self.batch_seconds / spent)))
        return self.report()

    def answer_without_kernels(self, state: HexState, limits: Limits) -> Progress | None:
        """The move this search gives without a playout, and so without its kernels: with
        ``solve`` (level-5), the exact solver's on 3x3 and 4x4 and near the end (``solved_move``)."""
        return solved_move(state, limits.time) if self.solve else None

    def stand_in(self) -> PythonSearcher:
        """The pure-Python MCTS the kernels replaced, with this search's playouts (random or
        bridge-saving) and proofs (or none) and its answers without kernels: what
        ``HexMCTSPlayer.searching`` plays while the kernels compile.  The pattern priors, the
        ziggurats and the dead-cell pruning are the kernels' only.  Its tree always shares results
        between moves (RAVE): plain UCT (level-3) visits every first move before any twice, so its
        1,000 to 2,000 Python playouts a second gave each a dozen and chose by chance -- a first
        stone in a corner, "Blue 94% to win" -- where the kernels' 100,000 play near the centre."""
        return PythonSearcher(rave=True, bridges=bool(self.options[kernel.O_BRIDGES]),
                              knowledge=bool(self.options[kernel.O_RAVE]),
                              seed=self.rng.randrange(1 << 30), answer=self.answer_without_kernels)

    # -- the tree ----------------------------------------------------------------------------
    def _set_root(self, state: HexState) -> None:
        n = state.game.size
        key = (*state.boards, state.to_move)
        if self.tree is None or self.n != n:
            self.tree = kernel.new_tree(TREE_NODES, TREE_EDGES)
            self.n = n
            self.root_key = None
        nodes, edges, value, used = self.tree
        node = self._descend(key) if used[kernel.U_EDGES] < REUSE_SHARE * len(edges) else -1
        self.root_colour = kernel.board_colours(n, *state.boards)
        if node < 0:
            node = kernel.new_root(self.tree, self.root_colour, n, state.to_move,
                                   bool(self.options[kernel.O_KNOWLEDGE]), int(self.options[kernel.O_PRIORS]))
        self.root, self.root_key = node, key

    def _descend(self, key: tuple[int, int, int]) -> int:
        """The node of the old tree for position ``key``, if the game went there by moves the tree
        holds (the same position, or one or two new stones), else -1."""
        if self.root_key is None:
            return -1
        old_blue, old_red, old_to_move = self.root_key
        blue, red, to_move = key
        if old_blue & ~blue or old_red & ~red:
            return -1
        new = [blue & ~old_blue, red & ~old_red]  # the new stone of each side, if any
        node, side = self.root, old_to_move
        while node >= 0 and new[side]:
            stone = new[side]
            if stone & (stone - 1):
                return -1
            node = kernel.child_after(self.tree[0], self.tree[1], node, stone.bit_length() - 1)
            new[side] = 0
            side = 1 - side
        if node < 0 or new[0] or new[1] or side != to_move:
            return -1
        return node

    # -- reports -----------------------------------------------------------------------------
    def _best(self, node: int) -> tuple[int | None, float]:
        """The move to play from ``node`` (a proven win first, else the most visited) and its win rate."""
        nodes, edges, value, _ = self.tree
        proven, win_move = nodes[node, kernel.N_PROVEN], int(nodes[node, kernel.N_MOVE])
        if proven == 1 and win_move >= 0:
            return win_move, 1.0
        e = kernel.best_edge(nodes, edges, value, node)
        if e < 0:
            return (win_move if win_move >= 0 else None), 0.0
        visits = edges[e, kernel.E_N]
        rate = edges[e, kernel.E_W] / visits if visits else float(value[e])
        return int(edges[e, kernel.E_MOVE]), 0.0 if proven == -1 else float(rate)

    def line_from(self, move: int) -> list[int]:
        """``move`` from the root, then the move the tree would play in each position after it
        (``_best``: a proven win, else the most visited), as far as the tree has grown there."""
        nodes, edges, _, _ = self.tree
        line, node = [move], self.root
        while len(line) < PV_LENGTH:
            child = kernel.child_after(nodes, edges, node, line[-1])
            if child < 0 or nodes[child, kernel.N_COUNT] == 0:
                break
            node = child
            nxt, _ = self._best(node)
            if nxt is None:
                break
            line.append(nxt)
        return line

    def report(self) -> Progress:
        """Best move, the mover's win rate, and the line of most visited moves below it."""
        nodes = self.tree[0]
        move, rate = self._best(self.root)
        pv = self.line_from(move) if move is not None else []
        proven = int(nodes[self.root, kernel.N_PROVEN]) or None
        return Progress(depth=len(pv), best_move=move, score=rate, pv=pv, proven=proven,
                        kind="solver" if proven is not None else "mcts", proof="mcts" if proven is not None else "")


class HexMCTSPlayer(Player):
    """A Hex player on ``HexSearcher``; ``max_playouts`` weakens level-4, ``solve`` is level-5's solver."""

    def __init__(
        self, info: PlayerInfo, *, rave: bool = True, bridges: bool = True, templates: bool = False,
        max_playouts: int | None = None, solve: bool = False, prior_weight: int = 0, seed: int | None = None,
        swap_at_once: Callable[[HexState], bool] | None = None,
    ) -> None:
        self.info = info
        self.swap_at_once = swap_at_once  # Red's first turn: openings taken over unsearched (levels 3 and 4)
        self.max_playouts = max_playouts
        self.rng = random.Random(seed)
        self.late = 0.0  # seconds the moves lately ended after their planned time (see ``_limits``)
        self.searcher = HexSearcher(rave=rave, bridges=bridges, templates=templates, solve=solve,
                                    prior_weight=prior_weight, seed=self.rng.randrange(1 << 30))
        self.python_searcher: PythonSearcher | None = None  # searches while the kernels compile (``searching``)
        self.last: Progress | None = None

    def choose(
        self, state: HexState, limits: Limits | None = None, progress: ProgressCallback | None = None
    ):
        began, waited = time.perf_counter(), kernels.compile_wait()
        limits = self._limits(limits or Limits(time=1.0))
        if state.can_swap():
            result = self._swap_or_play(state, limits)
        elif state.game.swap and not (state.boards[0] | state.boards[1]):  # a first stone would be swapped:
            #   the search, which does not look at the swap, proved 3x3's and 4x4's won for Blue
            result = self._pie_opening(state)
        else:
            result = search(self.searching(), state, limits, progress)
            progress = None  # the driver has reported it
        self.last = result
        if limits.time is not None:  # a wait for kernels still compiling is no lateness (not the move's time)
            took = time.perf_counter() - began - (kernels.compile_wait() - waited)
            self.late = max(LATE_MEMORY * self.late, took - limits.time)
        if progress:
            progress(result)
        return result.best_move

    def searching(self) -> HexSearcher | PythonSearcher:
        """The search for this move: this player's own (``searcher``) or, while the window's worker
        still compiles its kernels from scratch (the first run after installing: 10 s of a core,
        a minute or more on a loaded machine) or loads them from the cache (seconds there), the
        pure-Python MCTS they replaced (``HexSearcher.stand_in``, kept for the moves until they are
        ready): a move within its time, at a few percent of the playouts, rather than a wait
        outside its clock (``ai.kernels.preparing``), as Reversi's and Tic-tac-toe's players do."""
        if not kernels.preparing("hex"):
            self.python_searcher = None  # its tree (up to ``TREE_ENTRIES``) given back: the kernels search from now on
            return self.searcher
        if self.python_searcher is None:
            self.python_searcher = self.searcher.stand_in()
        return self.python_searcher

    def _limits(self, limits: Limits) -> Limits:
        """The move's limits as the driver should see them: a playout cap, no depth, and the time
        less how late the moves lately ended (``LATE_*``): on a machine busy enough that a move
        ends well after its deadline (the search stops in time, but the process waits for the
        CPU), the next ones plan to end that much sooner; on an idle one that is milliseconds.  A
        hint stays one (``Limits.best``: level 5 analyses its root as analysis does)."""
        playouts = limits.iterations
        if self.max_playouts is not None:
            playouts = min(playouts or self.max_playouts, self.max_playouts)
        if playouts is None and limits.time is None:
            playouts = DEFAULT_PLAYOUTS
        seconds = limits.time
        if seconds is not None:
            seconds -= min(max(self.late, 0.0), LATE_CUT * seconds)
        return Limits(seconds, None, playouts, limits.stop, best=limits.best)

    def _pie_opening(self, state: HexState) -> Progress:
        """Blue's first move under the swap rule: a stone on Red's top edge, away from the corners.

        A strong opening would simply be swapped; a stone on the opponent's edge is a modest
        move that is still worth something (a simple rule, not a measured balance).  Its report
        says so (``PIE_OPENING``): the panel said "Last search" over a stone no search chose.
        """
        move = self.rng.randrange(1, state.game.size - 1)  # b1 .. the next-to-last column of row 1
        return Progress(best_move=move, pv=[move], kind="rule", reason=PIE_OPENING, done=True)

    def _swap_or_play(self, state: HexState, limits: Limits) -> Progress:
        """Red's first turn under the swap rule: take Blue's stone at once where ``swap_at_once``
        says so, else compare the best stone with taking Blue's."""
        if self.swap_at_once is not None and self.swap_at_once(state):
            return Progress(best_move=SWAP, pv=[SWAP], kind="book", done=True)
        half = Limits(limits.time / 2 if limits.time is not None else None, None,
                      limits.iterations, limits.stop)
        cells = [m for m in state.legal_moves() if m != SWAP]
        searcher = self.searching()
        play = search(searcher, state, half, moves=cells)
        if play.proven == 1:
            return play
        swapped = search(searcher, state.play(SWAP), half)
        swap_rate = 1.0 - swapped.score  # Blue's best rate after the swap, seen from Red
        if swap_rate > play.score:
            return Progress(best_move=SWAP, score=swap_rate, nodes=play.nodes + swapped.nodes,
                            elapsed=play.elapsed + swapped.elapsed, pv=[SWAP, *swapped.pv],
                            depth=1 + swapped.depth, kind="mcts", done=True)
        return play
