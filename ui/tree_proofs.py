"""What the engines can prove of the search tree explorer's nodes, asked of a worker process.

The explorer's tree values its depth limit by the course heuristic: a position there read "+2"
where Reversi's endgame solver knows the exact result.  Teachers wanted a box to say when its
position is proven, where our engines can prove it quickly (Reversi's endgame solver and 6x6
book, Rastros' solver, Hex's small-board solver and virtual connections, Tic-tac-toe's full
search).  ``TreeProofs`` asks level 5 about the selected node and its children (not the whole
tree: a Hex tree holds up to 60,000 nodes) where one of those may reach them (ai/proof_reach.py
``may_prove``), one position at a time, ``PROVE_SECONDS`` each, in a
worker process of its own (``Job(kind="prove")``, ui/ai_worker.py ``_run_prove_job``): a numba
kernel or a Python solver in the window's process would hold the GIL and stutter its frames.

Answers are kept by position (``Game.to_text``): a proof is the position's, whichever tree or node
shows it, so one found in the alpha-beta tree stays for the minimax tree of the same root.  A new
tree cancels the job and the queue (``forget``); leaving the explorer ends the process (``close``).
No drawing here.
"""

from __future__ import annotations

from typing import Any

from ai.game_tree import Node
from ai.proof_reach import may_prove
from games.base import Game
from ui.position_worker import PositionWorker

PROVE_SECONDS = 0.5  # level 5's search of one node: its solver or book answers well within it where it can
PROVER = "level-5"  # the player asked: every game's level 5 tries its solver, book or solved board first


def worth_asking(node: Node) -> bool:
    """Whether a solver could tell more of ``node`` than the tree does: a finished game is its own
    result, a value the tree proved is said in words already, and a cut move was never reached;
    and whether one can in ``PROVE_SECONDS`` (``may_prove``): 11x11 Hex's 121 children were a
    minute of a core asked of positions nothing proves."""
    return not node.cut and not node.proven and node.kind != "terminal" and may_prove(node.state, PROVE_SECONDS)


class TreeProofs(PositionWorker):
    """The proofs the explorer has of its positions (``proof_of``), asked one node at a time."""

    def __init__(self, game: Game) -> None:
        super().__init__(game, active=True)
        self.proofs: dict[str, Any] = {}  # position text -> the AIProgress proving it (proven, for its mover)
        self.answered: set[str] = set()  # positions asked and answered, proven or not: never asked again
        self.queue: list[tuple[str, Node]] = []  # positions still to ask, the first next
        self.texts: dict[int, str] = {}  # id of a node asked about -> its position's text (ids of this tree's nodes)
        self.nodes: dict[int, Node] = {}  # ... and the node, kept so its id is not reused while it is a key

    def make_job(self, moves: tuple[str, ...], position: str) -> Any:
        from ui.ai_worker import Job

        return Job(self.game.id, dict(self.game.options), moves, position, PROVER, PROVE_SECONDS, 0,
                   "prove", kind="prove")

    def receive(self, item: Any) -> bool:
        from ui.ai_worker import AIProgress

        if not isinstance(item, AIProgress) or item.proven is None or self.position is None:
            return False
        self.proofs[self.position[1]] = item
        return True

    def ask(self, nodes: list[Node]) -> None:
        """Prove ``nodes`` (the first first), those worth it and not answered yet, in place of the
        ones asked before: the position being searched goes on only if it is among them."""
        wanted: dict[str, Node] = {}
        for node in filter(worth_asking, nodes):
            text = self.texts.setdefault(id(node), self.game.to_text(node.state))
            self.nodes[id(node)] = node
            if text not in self.answered:
                wanted.setdefault(text, node)
        searching = self.searching()
        if searching is not None and searching not in wanted:
            self.stop()
            searching = None
        self.queue = [(text, node) for text, node in wanted.items() if text != searching]
        self._next()

    def searching(self) -> str | None:
        """The text of the position the worker searches for us now, None when none."""
        return self.position[1] if self.job is not None and self.position is not None else None

    def asking(self, node: Node) -> bool:
        """Whether ``node``'s position is being searched, or waits to be."""
        text = self.texts.get(id(node))
        return text is not None and (text == self.searching() or any(t == text for t, _node in self.queue))

    def proof_of(self, node: Node) -> Any:
        """The ``AIProgress`` proving ``node``'s position (its ``proven`` for the node's mover), or
        None: not asked, not answered yet, or not proven in ``PROVE_SECONDS``."""
        text = self.texts.get(id(node))
        return None if text is None else self.proofs.get(text)

    def any_proof(self) -> bool:
        """Whether a node of the tree shown has a proof (the legend then says what its mark is)."""
        return any(text in self.proofs for text in self.texts.values())

    def poll(self) -> bool:
        """The worker's reports; the next position asked once one is answered.  True: what is shown changed."""
        asked = self.searching()
        changed = super().poll()
        if asked is not None and self.searching() is None and self.finished:
            self.answered.add(asked)
            changed = True
        self._next()
        return changed

    def _next(self) -> None:
        """Send the next position of the queue, when the worker has nothing of ours to do."""
        while self.job is None and self.queue:
            text, node = self.queue.pop(0)
            if text not in self.answered:
                self.position = None  # asked afresh, even the position asked last
                self.follow(node.state, ())

    def forget(self) -> None:
        """A new tree: the search under way and the queue are dropped, and its nodes forgotten
        (the proofs found stay, by position)."""
        self.stop()
        self.queue.clear()
        self.texts.clear()
        self.nodes.clear()

    def close(self) -> None:
        """The explorer is left: the search stops, the process ends, and nothing is asked again."""
        self.active = False
        self.queue.clear()
        super().close()
