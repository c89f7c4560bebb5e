"""Where an arrow key takes the search tree explorer's selected node, for a user without a mouse.

Up goes to the node's parent, Down to its best child (the next node of the best line; the first
child when it has no best one), Left and Right to the sibling before or after it under the same
parent.  Only the open part of the tree is walked: the selected node is always in it, as its
parent is (a closed node's children are not shown, so none of them can be selected).
"""

from __future__ import annotations

import pygame

from ai.game_tree import Node


def parent(root: Node, open_ids: set[int], node: Node) -> Node | None:
    """The node ``node`` hangs under (None for the root or a node not in the open part)."""
    waiting = [root]
    while waiting:
        here = waiting.pop()
        if id(here) not in open_ids or here.ply >= node.ply:
            continue
        if any(child is node for child in here.children):
            return here
        waiting.extend(here.children)
    return None


def first_child(node: Node) -> Node | None:
    """The child Down goes to: the best one, else the first (None at a leaf)."""
    return node.best_child or (node.children[0] if node.children else None)


def neighbour(root: Node, open_ids: set[int], node: Node, arrow: int) -> Node | None:
    """The node ``arrow`` goes to from ``node``; None when there is none that way (the root's
    parent, a leaf's child, the first sibling's left).  Down goes to a child even of a closed
    node: the explorer opens it first."""
    if arrow == pygame.K_DOWN:
        return first_child(node)
    above = parent(root, open_ids, node)
    if arrow == pygame.K_UP or above is None:
        return above
    siblings = above.children
    index = next(i for i, child in enumerate(siblings) if child is node) + (1 if arrow == pygame.K_RIGHT else -1)
    return siblings[index] if 0 <= index < len(siblings) else None
