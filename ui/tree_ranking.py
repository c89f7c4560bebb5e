"""What the search tree explorer's side panel says of the ranking of a node's moves, where the tree
alone would mislead: the moves proven as good as its best, and a solver's proof against the best.

Alpha-beta keeps the first of equal moves in the course's order: after b2 a2 its line went through
a1 where the hint said b1, both wins in 5, and a class saw two "best" moves; the panel says "Best
move: a1 (as good: b1, c1, a3, b3, c3)" (``ai.game_tree.note_ties``).  A shallow tree ranks moves
by estimates, and can rank first a move the solver proves lost (Rastros at depth 2, 6x6 Reversi):
the tick and the "Solver:" line showed it and no words did; the panel says "Best move: 5-4 (the
solver proves it loses)", naming a move it proves better where there is one, and the move's own
panel says that the search ranked it first.  No drawing here: the scene writes the lines.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from ai.game_tree import Node
from ui.i18n import N_, _, ngettext
from ui.scenes.thinking import proof_winner

NAMED_TIES = 5  # the moves as good named at most; the others are counted ("3 more")
LOSES, DRAWS, WINS = -1, 0, 1  # a move's proven outcome for the side that plays it
PROVEN_ALSO = {WINS: N_("{remark}; {move} wins"), DRAWS: N_("{remark}; {move} draws")}

Proofs = Callable[[Node], Any]  # a node -> the solver's proof of its position (an AIProgress), or None
MoveText = Callable[[Node, Hashable], str]  # a node and one of its moves -> the move as the window writes it


def best_move_line(node: Node, proof_of: Proofs, move_text: MoveText, depth: int = 0,
                   value_text: Callable[[Node], str] | None = None) -> str:
    """"Best move: a1 (as good: b1, c1)", "Best move: 5-4 (the solver proves it loses)": ``node``'s
    best move where there is something to say of its rank; else, given the plies searched below
    ``node`` (``depth``) and how a box writes a value (``value_text``), the move its estimate
    prefers with that estimate, "Best move at depth 2: A0/ (+1.1)", or the moves that tie for it,
    "Equal best at depth 2: A0/, @1/ (+1.1)" (``estimate_line``); "" for a bound, whose best move
    is only the refutation alpha-beta stopped at.  The panel named a move only where a result was
    proven, and a class saw the hint's move and no word of the tree's own choice."""
    best = node.best_child
    if node.cut or best is None:
        return ""
    remark = ties_said(node, move_text) if node.proven else ""
    remark = remark or proof_against(node, best, proof_of, move_text)
    if remark:
        return _("Best move: {move} ({remark})").format(move=move_text(node, best.move), remark=remark)
    return estimate_line(node, move_text, depth, value_text)


def estimate_line(node: Node, move_text: MoveText, depth: int, value_text: Callable[[Node], str] | None) -> str:
    """"Best move at depth 2: A0/ (+1.1)", "Equal best at depth 2: A0/, @1/ (+1.1)": the move an
    exact estimate comes from, with the moves checked as worth exactly as much (``as_good``, which
    ``ai.game_tree.note_ties`` sets of an estimate when asked), at the depth it was searched to;
    "" for a proven value (said in words above), a bound, or no depth given."""
    best = node.best_child
    if best is None or not depth or value_text is None or node.proven or node.bound or node.value is None:
        return ""
    value = value_text(best)
    if node.as_good:
        names = [move_text(node, move) for move in (best.move, *node.as_good[:NAMED_TIES - 1])]
        more = len(node.as_good) + 1 - len(names)
        if more:
            names.append(ngettext("{n} more", "{n} more", more).format(n=more))
        return _("Equal best at depth {n}: {moves} ({value})").format(n=depth, moves=", ".join(names), value=value)
    return _("Best move at depth {n}: {move} ({value})").format(n=depth, move=move_text(node, best.move), value=value)


def ties_said(node: Node, move_text: MoveText) -> str:
    """"as good: b1, c1, a3, b3, c3, 2 more": ``node``'s moves proven as good as its best."""
    if not node.as_good:
        return ""
    names = [move_text(node, move) for move in node.as_good[:NAMED_TIES]]
    more = len(node.as_good) - len(names)
    if more:
        names.append(ngettext("{n} more", "{n} more", more).format(n=more))
    return _("as good: {moves}").format(moves=", ".join(names))


def outcome(parent: Node, child: Node, proof_of: Proofs) -> int | None:
    """The solver's proof of ``child``'s position for the side that moved there from ``parent``:
    ``WINS``, ``DRAWS``, ``LOSES``; None where it proved nothing (yet)."""
    proof = proof_of(child)
    if proof is None:
        return None
    winner = proof_winner(proof)
    return DRAWS if winner is None else WINS if winner == parent.state.to_move else LOSES


def proof_against(node: Node, best: Node, proof_of: Proofs, move_text: MoveText) -> str:
    """"the solver proves it loses; c2 draws": the solver's proof that ``best``, the move the
    search ranks first, loses, or draws where it proves another move wins (the first it proves
    the best, named); "" where no proof contradicts the ranking."""
    said = outcome(node, best, proof_of)
    better = max(((outcome(node, child, proof_of), child) for child in node.children if child is not best),
                 key=lambda found: -2 if found[0] is None else found[0], default=(None, None))
    if said == LOSES:
        remark = _("the solver proves it loses")
    elif said == DRAWS and better[0] == WINS:
        remark = _("the solver proves it draws")
    else:
        return ""
    if better[0] is None or better[0] <= said:
        return remark
    return _(PROVEN_ALSO[better[0]]).format(remark=remark, move=move_text(node, better[1].move))


def ranked_first_line(parent: Node | None, node: Node, proof_of: Proofs) -> str:
    """Said in the panel of ``node``, the move ``parent``'s search ranks first, where the solver
    proves that move loses: its own "Solver:" line says who wins, not that the ranking is wrong."""
    if parent is None or parent.best_child is not node or outcome(parent, node, proof_of) != LOSES:
        return ""
    return _("The search ranks this move first; the solver proves it loses")
