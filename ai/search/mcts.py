"""Monte Carlo tree search (UCT), generic over the game contract.

The tree policy is UCB1; leaves are valued either by a playout (``rollout``: a function playing
the state to the end and returning the winner) or by an evaluator giving a value in [-1, 1] for the
side to move (``evaluate``), so random-rollout MCTS and MCTS with a heuristic are the same code.
Games with a fast specialised implementation (Hex) may use their own; this one is the reference.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable

from ai.base import Clock, Limits, Player, PlayerInfo, Progress, ProgressCallback
from games.base import State

Rollout = Callable[[State, random.Random], "int | None"]
LeafValue = Callable[[State], float]


def random_rollout(state: State, rng: random.Random) -> int | None:
    """Play uniformly random moves to the end; the winner (None for a draw)."""
    while not state.is_terminal():
        state = state.play(rng.choice(state.legal_moves()))
    return state.winner()


class Node:
    __slots__ = ("state", "move", "parent", "children", "untried", "visits", "wins")

    def __init__(self, state: State, move: Hashable | None, parent: Node | None, rng: random.Random) -> None:
        self.state = state
        self.move = move
        self.parent = parent
        self.children: list[Node] = []
        self.untried = state.legal_moves()
        rng.shuffle(self.untried)
        self.visits = 0
        self.wins = 0.0  # from the point of view of the player who moved into this node

    def select(self, c: float) -> Node:
        log_n = math.log(self.visits)
        return max(self.children, key=lambda ch: ch.wins / ch.visits + c * math.sqrt(log_n / ch.visits))


class MCTSPlayer(Player):
    def __init__(
        self,
        info: PlayerInfo,
        *,
        rollout: Rollout = random_rollout,
        evaluate: LeafValue | None = None,
        exploration: float = 1.0,
        seed: int | None = None,
    ) -> None:
        self.info = info
        self.rollout = rollout
        self.evaluate = evaluate
        self.exploration = exploration
        self.rng = random.Random(seed)

    def choose(
        self, state: State, limits: Limits | None = None, progress: ProgressCallback | None = None
    ) -> Hashable:
        limits = limits or Limits(time=1.0)
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        clock = Clock(limits, every=1)
        root = Node(state, None, None, self.rng)
        iterations = 0
        max_iterations = limits.iterations if limits.iterations is not None else float("inf")
        if limits.time is None and limits.iterations is None:
            max_iterations = 1000
        report_every = 0.25
        next_report = report_every
        while iterations < max_iterations and not clock.out_of_time():
            self._iterate(root)
            iterations += 1
            if progress and clock.elapsed() >= next_report:
                next_report += report_every
                progress(self._progress(root, iterations, clock))
        final = self._progress(root, iterations, clock)
        final.done = True
        if progress:
            progress(final)
        return final.best_move

    def _iterate(self, root: Node) -> None:
        node = root
        while not node.untried and node.children:
            node = node.select(self.exploration)
        if node.untried and not node.state.is_terminal():
            move = node.untried.pop()
            child = Node(node.state.play(move), move, node, self.rng)
            node.children.append(child)
            node = child
        reward = self._value(node.state)  # for the player who moved into ``node``
        while node is not None:
            node.visits += 1
            node.wins += reward
            reward = 1.0 - reward
            node = node.parent

    def _value(self, state: State) -> float:
        """Reward in [0, 1] for the player who just moved into ``state``."""
        mover = 1 - state.to_move
        if state.is_terminal():
            w = state.winner()
        elif self.evaluate is not None:
            return (1.0 - self.evaluate(state)) / 2.0
        else:
            w = self.rollout(state, self.rng)
        return 0.5 if w is None else (1.0 if w == mover else 0.0)

    @staticmethod
    def _progress(root: Node, iterations: int, clock: Clock) -> Progress:
        if not root.children:
            return Progress(best_move=root.untried[0] if root.untried else None, nodes=iterations, kind="mcts")
        best = max(root.children, key=lambda ch: ch.visits)
        pv, node = [best.move], best
        while node.children:
            node = max(node.children, key=lambda ch: ch.visits)
            pv.append(node.move)
        return Progress(
            depth=len(pv),
            best_move=best.move,
            score=best.wins / best.visits,
            nodes=iterations,
            elapsed=clock.elapsed(),
            pv=pv,
            kind="mcts",
        )
