"""The game trees that minimax and alpha-beta explore, built for the tree explorer (learners).

This is the course notebook's search, written to be looked at rather than to play: MAX is the
side to move at the root, MIN the other; a finished game is worth +1 to MAX if it wins, -1 if it
loses, 0 for a draw, each win or loss a thousandth (``WIN_STEP``) nearer 0 for each ply below
the root it ends at (``end_value``: a win at ply 3 is +0.997, a loss there -0.997), as our levels
score a mate ``WIN`` less its plies.  That utility is the only change to the textbook's minimax
and alpha-beta: with every win worth +1 the search kept the first win it met (a teacher's 4x4
line went through a win in 3 beside a win in 1) and a lost side gave up at once rather than
defending longest.  A position at the depth limit gets a heuristic (the course's evaluation of
that game, from MAX's point of view, squashed into -0.9..+0.9 so a proven result always outranks it).
``build`` records every node the algorithm visits -- its value, the alpha-beta window it was
entered with -- and, for alpha-beta, the moves it never looked at because a cut made them
pointless (``Node.cut``), and whether a value is only a bound on minimax's (``Node.bound``).
Three algorithms, whose node counts the explorer shows side by side:

- ``MINIMAX``: every move of every position to the depth;
- ``ALPHABETA``: the notebook's alpha-beta, moves in the course's order (``course_moves``: AIMA's
  Tic-tac-toe lists the squares row by row, the rules' order elsewhere and on boards past 4x4;
  from the empty 3x3 board 20,866 nodes, where AIMA's code, whose wins are all +1, cuts more: 18,297);
- ``ORDERED``: alpha-beta with the moves ordered best first by the heuristic (one ply): the same
  value with fewer nodes, which is the lesson.

``note_ties`` says which moves are proven as good as a node's best, which alpha-beta does not tell.
``count_nodes`` gives the counts without keeping the tree, ``every_line_ends`` whether a depth
reaches every end of the game without building a tree; ``reported_value`` a node's value in the
game's own unit (discs, points), which the explorer words as analysis does.  No pygame here.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field

from ai.imports import import_engine
from ai.search.classic import course_report
from games.base import State

MINIMAX, ALPHABETA, ORDERED = "minimax", "alphabeta", "ordered"
ALGORITHMS = (MINIMAX, ALPHABETA, ORDERED)
NODE_LIMIT = 60_000  # nodes a built tree may hold (drawing and memory); bigger trees are refused
COURSE_ORDER_CELLS = 16  # Tic-tac-toe boards up to 4x4 are searched in the course's order (``course_moves``)
HEURISTIC_SQUASH = 0.9  # heuristic values stay inside -0.9..+0.9, below any proven result
WIN_STEP = 0.001  # what a win loses (a loss gains) for each ply below the root it ends at (``end_value``)
TIE_CHECKS = 6_000  # positions ``note_ties`` may search in any tree (more in a bigger one: as many as it has)
SAMPLED_MOVES = 16  # the root's moves, besides the first, whose subtrees ``estimated_nodes`` searches
LONGEST_END = 99  # the deepest ply a win can end at and still outrank every estimate: 1 - 99 * WIN_STEP > 0.9

Heuristic = Callable[[State, int], float]  # (state, player) -> value for ``player``


class BuildStopped(Exception):
    """The caller no longer wants the tree being built (``build``'s ``stop`` said so)."""


class TreeTooBig(ValueError):
    """The tree has more nodes than the explorer can show: choose a smaller depth or position."""

    def __init__(self, limit: int) -> None:
        super().__init__(f"more than {limit:,} nodes")
        self.limit = limit  # for a caller that words the message itself


@dataclass(eq=False)
class Node:
    """One position of the tree.  Nodes (and trees) are equal only to themselves: a node is one
    place in one tree, and comparing by value would walk the subtrees."""

    state: State
    move: Hashable | None = None  # the move that led here (None at the root)
    ply: int = 0  # plies below the root
    value: float | None = None  # minimax value for MAX (None: never searched)
    estimate: float | None = None  # at the depth limit: the heuristic's own value for MAX, before the squash
    alpha: float = -math.inf  # the window the search entered this node with
    beta: float = math.inf
    kind: str = "inner"  # "inner", "terminal", "horizon" (valued by the heuristic), "cut" (never searched)
    children: list[Node] = field(default_factory=list)
    best: Hashable | None = None  # the child move that gave the value
    lines_end: bool = False  # every line searched below ends the game: no heuristic value under it
    as_good: tuple = ()  # other moves proven worth exactly ``best``'s proven value (``note_ties``)

    @property
    def proven(self) -> bool:
        """Whether ``value`` says the game's own result, not an estimate: a finished game, a win or a
        loss exact or bounded away from the other results (a win at least this quick is a win,
        ``bound``), or an exact value whose every searched line ends the game (alpha-beta's value
        holds whatever the moves it cut are worth).  The explorer says such a value in words
        ("White wins", "draw"): a learner read a proven loss and a one-disc estimate as numbers
        on one scale.  How quick the win is, is known only where the value is exact (``plies_to_end``)."""
        if self.value is None or self.kind == "cut":
            return False
        if is_end_value(self.value):
            return self.bound * self.value >= 0
        return self.kind == "terminal" or (self.bound == 0 and self.lines_end)

    @property
    def plies_to_end(self) -> int | None:
        """How many plies from here the best line's win or loss comes (0 at a finished game), where
        the value is exact; None for a draw, an estimate, or a win only bounded (alpha-beta knew it
        wins, not how quickly: a quicker win may lie under the moves it cut)."""
        if self.value is None or self.bound or not is_end_value(self.value):
            return None
        return end_ply(self.value) - self.ply

    @property
    def maximizing(self) -> bool:
        return self.ply % 2 == 0

    @property
    def cut(self) -> bool:
        return self.kind == "cut"

    @property
    def bound(self) -> int:
        """Whether ``value`` is only alpha-beta's bound on the minimax value: -1 an upper bound (the
        search failed low, ``value`` <= alpha: the true value is at most it), +1 a lower bound (it
        failed high, ``value`` >= beta: at least it), 0 the exact value.  Either side already had
        something as good or better elsewhere (a tie stops it too), so the search stopped as soon as
        this node could not be chosen: a teacher comparing with minimax's tree saw "+1" on a move that loses, unmarked.
        A loss bounded from above is still a loss, a win bounded from below a win (``proven``), but
        one maybe quicker than the value says (``end_value``): only its length is a bound."""
        if self.kind != "inner" or self.value is None:
            return 0
        if self.value <= self.alpha:
            return -1
        return 1 if self.beta <= self.value else 0

    @property
    def best_child(self) -> Node | None:
        """The child the value came from: the next node of the best line (None at a leaf)."""
        return next((child for child in self.children if child.move == self.best), None)


@dataclass(eq=False)
class Tree:
    root: Node
    algorithm: str
    depth: int
    nodes: int  # positions visited (cut moves not counted)
    to_the_end: bool = False  # no line stopped at the depth limit: every value is exact (a win, a loss, a draw)
    scale: float = 1.0  # the heuristic value squashed to tanh(1) of ``HEURISTIC_SQUASH`` (``_Search.scale``)
    _sources: dict[tuple[int, bool], Node | None] = field(default_factory=dict, repr=False, compare=False)

    def bound_source(self, node: Node, beta: bool) -> Node | None:
        """The node whose value ``node`` was searched with as its alpha (``beta``: its beta), or None
        for an infinite one.  A child of a MAX node is searched with alpha the best of its elder
        siblings' values or the MAX node's own alpha (of MIN and beta alike), so the source is the
        nearest elder sibling of ``node`` or of an ancestor on MAX's side (MIN's) valued so.  The
        explorer writes the bound as that node's box (``bound_in_units``); remembered, as the panel
        asks every frame."""
        key = (id(node), beta)
        if key not in self._sources:
            value = node.beta if beta else node.alpha
            path = path_to(self.root, node) or []
            self._sources[key] = next(
                (elder for parent, child in reversed(list(zip(path, path[1:]))) if parent.maximizing != beta
                 for elder in parent.children[:parent.children.index(child)]
                 if elder.value == value and not elder.cut), None)
        return self._sources[key]

    def heuristic_value(self, value: float) -> float:
        """A squashed value of this tree (a node's, an alpha-beta bound's) back in the heuristic's
        own units (``_Search.squash`` undone): the explorer writes alpha and beta in the game's
        unit as it writes the boxes.  A proven result (±1) has none."""
        if abs(value) >= HEURISTIC_SQUASH:
            raise ValueError(f"{value} is a proven result, not a heuristic value")
        return self.scale * math.atanh(value / HEURISTIC_SQUASH)


def course_heuristic(game_id: str) -> Heuristic:
    """The course's evaluation of a game, for ``player`` (0 everywhere when it has none); Trax,
    which the course gives none, takes its engine's path evaluation, so its horizon nodes are not
    all 0 and ordering the moves has something to order by, save where no one can win (its fill
    mode, ``Game.certain_draw``): 0 there, as every end is, not one side's path points."""
    if game_id == "tictactoe":
        lines = import_engine("ai.engines.tictactoe").OpenLines()
        return lambda state, player: lines.evaluate(state) * (1 if state.to_move == player else -1)
    if game_id == "reversi":
        return import_engine("ai.engines.reversi").disc_count
    if game_id == "hex":
        return import_engine("ai.engines.hex_notebook").shortest_path_heuristic
    if game_id == "alquerque":
        return import_engine("ai.engines.alquerque").course_evaluation
    if game_id == "rastros":
        return import_engine("ai.engines.rastros_course").basilio_eval
    if game_id == "trax":
        evaluate = import_engine("ai.engines.trax_threats").evaluate

        return lambda state, player: 0.0 if state.game.certain_draw(state) else evaluate(state.game, state, player)
    return lambda state, player: 0.0


class _Search:
    """One run of an algorithm over ``state`` to ``depth`` plies."""

    def __init__(self, state: State, algorithm: str, depth: int, heuristic: Heuristic, keep: bool,
                 limit: int, stop: Callable[[], bool] | None = None,
                 moves: Callable[[State], list] | None = None, win_step: float = WIN_STEP) -> None:
        if algorithm not in ALGORITHMS:
            raise ValueError(f"unknown algorithm {algorithm!r}; choose from {', '.join(ALGORITHMS)}")
        self.algorithm, self.depth, self.heuristic = algorithm, depth, heuristic
        self.moves = moves or rules_moves
        self.player = state.to_move
        self.keep, self.limit, self.stop = keep, limit, stop
        self.win_step = win_step
        self.nodes = 0
        self.horizons = 0  # positions valued by the heuristic at the depth limit
        # one scale for the whole tree, the same for every algorithm: the largest heuristic value
        # among the root's moves
        values = [abs(float(heuristic(after, self.player))) for after in
                  (state.play(m) for m in ([] if state.is_terminal() else state.legal_moves()))
                  if not after.is_terminal()]
        self.scale = max([1.0, *values])

    def utility(self, state: State, ply: int) -> float:
        """A finished game's value for MAX, ``ply`` plies below the root (``end_value``)."""
        winner = state.winner()
        return 0.0 if winner is None else end_value(winner == self.player, ply, self.win_step)

    def estimate(self, state: State) -> float:
        """The heuristic for MAX, squashed into -0.9..+0.9 (a proof always counts for more)."""
        return self.squash(float(self.heuristic(state, self.player)))

    def squash(self, raw: float) -> float:
        return round(HEURISTIC_SQUASH * math.tanh(raw / self.scale), 3)

    def ordered(self, node: Node, moves: list) -> list:
        """The moves to try, best first for the side to move when the algorithm orders them."""
        if self.algorithm != ORDERED:
            return moves

        def score(move) -> float:
            after = node.state.play(move)
            return self.utility(after, node.ply + 1) * 2 if after.is_terminal() else self.estimate(after)

        return sorted(moves, key=score, reverse=node.maximizing)

    def visit(self, node: Node, alpha: float, beta: float) -> float:
        self.nodes += 1
        if self.limit and self.nodes > self.limit:
            raise TreeTooBig(self.limit)
        if self.stop is not None and self.stop():
            raise BuildStopped
        node.alpha, node.beta = alpha, beta
        state = node.state
        if state.is_terminal():
            node.kind, node.value, node.lines_end = "terminal", self.utility(state, node.ply), True
            return node.value
        if node.ply >= self.depth:
            self.horizons += 1
            node.estimate = float(self.heuristic(state, self.player))
            node.kind, node.value = "horizon", self.squash(node.estimate)
            return node.value
        prune = self.algorithm != MINIMAX
        horizons_before = self.horizons
        moves = self.ordered(node, self.moves(state))
        value = -math.inf if node.maximizing else math.inf
        for i, move in enumerate(moves):
            child = Node(state.play(move), move, node.ply + 1)
            if self.keep:
                node.children.append(child)
            v = self.visit(child, alpha, beta)
            if (node.maximizing and v > value) or (not node.maximizing and v < value):
                value, node.best = v, move
            if prune:
                if node.maximizing:
                    alpha = max(alpha, value)
                else:
                    beta = min(beta, value)
                if alpha >= beta:  # the other side will never let the game come here: cut
                    if self.keep:
                        node.children += [Node(state.play(m), m, node.ply + 1, kind="cut") for m in moves[i + 1:]]
                    break
        node.value, node.lines_end = value, self.horizons == horizons_before
        return value


def note_ties(tree: Tree, game_id: str, stop: Callable[[], bool] | None = None, estimates: bool = False) -> None:
    """Set ``as_good`` on each node of ``tree`` whose exact value is proven (a win or loss and its
    length, or a draw searched to the end): its other moves worth exactly as much.  Alpha-beta
    keeps the first best move in the course's order, and only bounds the rest ("≤X wins"): after
    b2 a2 its line went through a1, where the hint, in another order, said b1, both wins in 5,
    and a class saw two "best" moves.  A move bounded at the best's value is checked by a search
    of its own with a window round that value (``_Search``, moves best first), kept out of the
    tree and its node count; at most as many positions as the tree has (``TIE_CHECKS`` in a
    smaller one) are searched so, the best line's nodes first, and a move not checked is not said.  An estimate's tie is
    looked for only with ``estimates``: it is the heuristic's at this depth, and a deeper search may part them, but the
    explorer names its best move at its depth (Trax's A0/ and its mirror @1/, both +1.1 at depth 2), and then says which
    moves are as good there: along the best line only, which the explorer opens with (each check is a search)."""
    search = _Search(tree.root.state, ORDERED, tree.depth, course_heuristic(game_id), False,
                     max(tree.nodes, TIE_CHECKS), stop, course_moves(game_id))
    line = [tree.root]
    while line[-1].best_child is not None:
        line.append(line[-1].best_child)
    on_line = set(line)  # an estimate's ties are looked for along the best line only: the panel's first look
    try:
        for node in dict.fromkeys([*line, *iter_nodes(tree.root)]):  # each node once, the line's first
            if node.kind == "inner" and (node.proven or (estimates and node in on_line)) and node.bound == 0:
                node.as_good = tuple(child.move for child in node.children if _worth_as_much(search, node, child))
    except TreeTooBig:  # the checks' share of positions is spent: the moves checked so far are said
        return


def _worth_as_much(search: _Search, node: Node, child: Node) -> bool:
    """Whether ``child``, a move of ``node`` other than its best, is proven worth exactly ``node``'s
    proven value: known where the tree has its exact value, else searched with a window of half a
    ``WIN_STEP`` round it (a fail-soft search returns the exact value inside it, a bound outside).
    A 0 found is a draw only where no line searched stopped at the depth (an estimate can be 0).  Of a
    node whose value is an estimate (``note_ties``'s ``estimates``), a move worth exactly that estimate
    at the tree's depth (the boxes' values are rounded finer than they are written)."""
    if child.move == node.best or child.cut or child.value != node.value:
        return False
    if child.bound == 0:
        return child.proven == node.proven
    half, horizons = WIN_STEP / 2, search.horizons
    found = search.visit(Node(child.state, child.move, child.ply), node.value - half, node.value + half)
    if not node.proven:
        return abs(found - node.value) < half
    return abs(found - node.value) < half and (is_end_value(found) or search.horizons == horizons)


def end_value(won: bool, ply: int, step: float = WIN_STEP) -> float:
    """What a game won (``won``) or lost by MAX ``ply`` plies below the root is worth to MAX: +1 or
    -1, nearer 0 by ``WIN_STEP`` a ply, so MAX prefers the quickest win and the slowest loss and MIN
    the same for itself.  The textbook's minimax and alpha-beta are unchanged: only the utility of
    a finished game counts its ply, as a chess program scores mate in n.  Past ``LONGEST_END``
    plies a win would fall among the estimates: refused.  ``step`` 0 is the textbook's utility
    (every win +1), which ``count_nodes`` offers to check a count against AIMA's code."""
    if ply > LONGEST_END:
        raise ValueError(f"a tree deeper than {LONGEST_END} plies cannot rank its wins by length")
    return round(1.0 - step * ply, 6) * (1 if won else -1)


def is_end_value(value: float) -> bool:
    """Whether ``value`` is a win or a loss (``end_value``), beyond every estimate."""
    return abs(value) > HEURISTIC_SQUASH


def end_ply(value: float) -> int:
    """The ply below the root at which the win or loss ``value`` (``end_value``) ends the game."""
    return round((1.0 - abs(value)) / WIN_STEP)


def build(state: State, algorithm: str, depth: int, heuristic: Heuristic | None = None,
          game_id: str = "", limit: int = NODE_LIMIT, stop: Callable[[], bool] | None = None) -> Tree:
    """The tree ``algorithm`` explores from ``state`` to ``depth`` plies (raises TreeTooBig past
    ``limit`` nodes, BuildStopped as soon as ``stop()`` is true: a tree no longer wanted stops
    taking the processor from the one that is)."""
    search = _Search(state, algorithm, depth, heuristic or course_heuristic(game_id), True, limit, stop,
                     course_moves(game_id))
    root = Node(state)
    search.visit(root, -math.inf, math.inf)
    return Tree(root, algorithm, depth, search.nodes, to_the_end=search.horizons == 0, scale=search.scale)


def likely_fitting_depth(state: State, deepest: int, limit: int = NODE_LIMIT, game_id: str = "",
                         stop: Callable[[], bool] | None = None) -> int:
    """The deepest depth up to ``deepest`` whose alpha-beta tree from ``state`` (the explorer's first,
    moves in the course's order, ``game_id``'s heuristic) is likely to be built within ``limit``
    nodes: at most ``deepest``, at least 1.

    The explorer opened tic-tac-toe at depth 4 on any board, so on 15x15 or 19x19 a teacher waited
    seconds for "too big", then again at each smaller depth.  A count of the moves cannot tell
    which trees fit: Hex 19x19 with the swap rule offers 361 moves at each of the first two plies,
    as it does without it, yet its depth 2 tree has 124,392 nodes, not 1,612, because the swap,
    listed last, is the reply that answers every first move, so alpha-beta cuts nothing before
    it.  So each depth is tried by ``estimated_nodes``, the shallowest first, and the first that
    overflows stops the climb (a deeper tree would not fit either).  BuildStopped as soon as
    ``stop()`` is true: the explorer chooses its depth in a thread, and a screen left stops it."""
    fitting = 1
    for depth in range(2, deepest + 1):
        if estimated_nodes(state, depth, game_id, limit, stop) > limit:
            break
        fitting = depth
    return fitting


def estimated_nodes(state: State, depth: int, game_id: str = "", limit: int = NODE_LIMIT,
                    stop: Callable[[], bool] | None = None) -> int:
    """About how many nodes alpha-beta's tree of ``depth`` from ``state`` has (``likely_fitting_depth``),
    found by searching part of it: the root's first move, as the tree does, then ``SAMPLED_MOVES``
    of the others spread along the list, in their order, each with the best value found so far as
    alpha, as alpha-beta searches every move.  A move that beats the best so far is searched in
    full, the others only until a reply refutes them, so they are counted apart: each sampled move
    that beat the best is counted once (the tree's own rarely beat it more often: Hex 19x19's 361
    first moves twice), the refuted sampled moves stand for all the others.  Past ``limit`` nodes
    the tree cannot fit and the search stops: ``limit`` + 1, as it does at once where even a
    perfectly ordered tree would not fit (``fewest_nodes``).  BuildStopped as soon as ``stop()``
    is true (an estimate nobody will read)."""
    moves = [] if state.is_terminal() or depth < 1 else course_moves(game_id)(state)
    if not moves:
        return 1
    if fewest_nodes(len(moves), depth) > limit:
        return limit + 1
    search = _Search(state, ALPHABETA, depth, course_heuristic(game_id), False, limit, stop, course_moves(game_id))
    sampled = [moves[0], *spread(moves[1:], SAMPLED_MOVES)]
    alpha, best, refuted = -math.inf, 0, []
    try:
        for move in sampled:
            before = search.nodes
            value = search.visit(Node(state.play(move), move, 1), alpha, math.inf)
            if value > alpha:
                alpha, best = value, best + search.nodes - before
            else:
                refuted.append(search.nodes - before)
    except TreeTooBig:
        return limit + 1
    others = len(moves) - len(sampled) + len(refuted)  # the moves not seen to beat the best
    per_move = sum(refuted) / len(refuted) if refuted else 0
    return 1 + best + round(per_move * others)


def fewest_nodes(moves: int, depth: int) -> int:
    """The leaves of alpha-beta's smallest tree of ``depth`` over ``moves`` moves a position, each
    ply one fewer (Knuth and Moore's b^ceil(d/2) + b^floor(d/2) - 1, at its best ordering): a tree
    bigger than a limit is known too big without a search."""
    shrinking = [max(1, moves - ply) for ply in range(depth)]
    return math.prod(shrinking[::2]) + math.prod(shrinking[1::2]) - 1


def spread(items: list, count: int) -> list:
    """``count`` of ``items`` evenly spaced from the first to the last (all of them if no more)."""
    if len(items) <= count or count < 2:
        return list(items[:count])
    return [items[round(i * (len(items) - 1) / (count - 1))] for i in range(count)]


def every_line_ends(state: State, depth: int, limit: int = NODE_LIMIT) -> bool:
    """Whether every line from ``state`` ends the game within ``depth`` plies: then a full-width
    (minimax) tree of that depth has no estimate in it, and neither has alpha-beta's, which searches
    part of it.  The explorer asks it of a tree too big to build (minimax from the empty 3x3 board
    at depth 9, 549,946 nodes), whose header said "an estimate of the position at depth 9" beside
    alpha-beta's "every line searched to the game's end" for the same depth.  Positions are looked
    at once per depth left (``State.key``: the empty 3x3 board's 5,478 positions, not its 549,946
    lines) and the first line still going at ``depth`` answers False at once; False too past
    ``limit`` positions, where nobody can tell."""
    seen: dict[tuple, bool] = {}

    def ends(position: State, left: int) -> bool:
        if position.is_terminal():
            return True
        if left == 0 or len(seen) >= limit:
            return False
        key = (position.key(), left)
        if key not in seen:
            seen[key] = all(ends(position.play(move), left - 1) for move in position.legal_moves())
        return seen[key]

    return ends(state, depth)


def count_nodes(state: State, algorithm: str, depth: int, heuristic: Heuristic | None = None,
                game_id: str = "", limit: int = 0, stop: Callable[[], bool] | None = None,
                win_step: float = WIN_STEP) -> int:
    """How many positions ``algorithm`` visits from ``state`` to ``depth`` plies (the tree is not
    kept); raises TreeTooBig past ``limit`` nodes when it is not 0, BuildStopped as soon as
    ``stop()`` is true (a count nobody will read).  ``win_step`` 0 counts with the textbook's
    utility, every win +1 (``end_value``): the figure a learner's AIMA code prints."""
    search = _Search(state, algorithm, depth, heuristic or course_heuristic(game_id), False, limit, stop,
                     course_moves(game_id), win_step)
    search.visit(Node(state), -math.inf, math.inf)
    return search.nodes


def course_moves(game_id: str) -> Callable[[State], list]:
    """A position's moves in the order the game's course tries them, which decides what alpha-beta
    cuts: AIMA's Tic-tac-toe lists the empty squares row by row (``aima_actions``), where our rules
    list them from the centre out (from the empty 3x3 board, wins counting their plies: 12,932 nodes
    instead of 20,866; every win +1, as AIMA's code has them: 11,758 instead of the published
    18,297).  Only on boards of up to
    ``COURSE_ORDER_CELLS`` squares: on bigger ones alpha-beta in row order visits many times more
    positions (7x6 at depth 4: past the explorer's ``NODE_LIMIT``, where the centre out fits).
    The rules' order for the other games."""
    if game_id != "tictactoe":
        return rules_moves
    aima_actions = import_engine("ai.engines.tictactoe_course").aima_actions
    return lambda state: aima_actions(state) if state.game.cells <= COURSE_ORDER_CELLS else state.legal_moves()


def rules_moves(state: State) -> list:
    """The moves in the order the rules list them."""
    return state.legal_moves()


def best_leaf(node: Node) -> Node:
    """The end of ``node``'s best line, where its value comes from: a finished game, or a position
    at the depth limit (each node's value is its best move's)."""
    while node.best_child is not None:
        node = node.best_child
    return node


def course_points(game_id: str) -> float | None:
    """How many of the game's evaluation units (the ones analysis and the hint show) one unit of
    its course heuristic (``course_heuristic``) is worth, as its course player reports them
    (``ai.search.classic.ClassicPlayer``): Alquerque's pieces are 100 points; None where the
    course's numbers have no conversion (Rastros' Basilio counts its distance to its goal)."""
    if game_id == "alquerque":
        return float(import_engine("ai.engines.alquerque").MATERIAL)
    return None if game_id == "rastros" else 1.0


def reported_value(node: Node, game_id: str) -> tuple[float, str]:
    """``node``'s value as our players report a search's, for MAX: (score, ``Progress.kind``).
    The tree's number is the course heuristic squashed for the lesson (a win +1); this is the
    same value in the game's unit (``ai.search.classic.course_report``), taken at the end of the
    best line: a finished game's result (a win as a win of unknown length), or the heuristic there
    in the game's evaluation units, so that the window can word it as it words analysis."""
    leaf = best_leaf(node)
    if leaf.kind == "terminal" or leaf.estimate is None:
        return course_report(math.copysign(1.0, leaf.value) if leaf.value else 0.0, 1.0, 1.0)
    return course_report(leaf.estimate, None, course_points(game_id))


def bound_in_units(tree: Tree, node: Node, beta: bool, game_id: str) -> tuple[float, str]:
    """``node``'s alpha (``beta``: its beta) as ``reported_value`` reports a node's: the heuristic's
    value in the game's evaluation units, (score, kind).  Taken from the node the search had it
    from (``Tree.bound_source``): undoing the squash of a value rounded to three decimals wrote
    Hex's -1 as "-0.998851" beside boxes reading "-1", and failed on an estimate squashed to the
    edge (0.9), which two estimates may share.  Undone only where no node is found."""
    source = tree.bound_source(node, beta)
    if source is not None:
        return reported_value(source, game_id)
    return course_report(tree.heuristic_value(node.beta if beta else node.alpha), None, course_points(game_id))


def path_to(root: Node, node: Node) -> list[Node] | None:
    """The nodes from ``root`` down to ``node``, both included; None if ``node`` is not below it."""
    if root is node:
        return [root]
    for child in root.children:
        below = path_to(child, node)
        if below is not None:
            return [root, *below]
    return None


def iter_nodes(node: Node):
    """``node`` and every node below it, depth first."""
    yield node
    for child in node.children:
        yield from iter_nodes(child)
