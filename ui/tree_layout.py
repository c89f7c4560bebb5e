"""Where the search tree explorer puts a tree's nodes, and which part of a wide tree it shows.

Geometry only, in pixels, on ai/game_tree.py's nodes (the drawing is the explorer's): ``visible_layout`` places the
open part of a tree, ``view_middle`` chooses the part of it a canvas shows first, ``pan`` turns
that and the user's scroll into the offset the nodes are drawn at, ``LayoutIndex`` finds the
nodes and edges of a layout that a part of it holds, and ``outside_holes`` the parts of an edge
drawn round the counts written under closed boxes.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right

import pygame

from ai.game_tree import Node

Layout = dict[int, tuple[Node, int, int]]  # id(node) -> (node, x in pixels, ply)


def visible_layout(root: Node, open_ids: set[int], step: int, reach: int | None = None) -> Layout:
    """Where each shown node goes: id -> (node, x centre in pixels, ply), nodes ``step`` apart.

    Each subtree is packed as close to its left neighbour as its rows allow: a closed move beside
    an open one sits next to it in their row, not beyond all of the open one's replies (in Hex the
    best move's 120 replies would push the root's other moves 60 columns away, out of sight).
    A parent stands over the middle of its children, but no farther than ``reach`` from its best
    child, so that a row wider than the canvas still shows its parent and its best move together."""
    offsets: dict[int, int] = {}  # id(child) -> its x less its parent's

    def place(node: Node) -> dict[int, tuple[int, int]]:
        """Place the subtree under ``node``: its leftmost and rightmost x per ply, ``node`` at x 0."""
        if id(node) not in open_ids or not node.children:
            return {node.ply: (0, 0)}
        contour: dict[int, tuple[int, int]] = {}
        xs = []
        row = node.ply + 1
        for child in node.children:
            if id(child) not in open_ids or not child.children:  # a leaf (most nodes): beside its row's last
                shift = contour[row][1] + step if row in contour else 0
                contour[row] = (contour[row][0] if row in contour else shift, shift)
                xs.append(shift)
                continue
            edges = place(child)
            shift = max((contour[p][1] + step - lo for p, (lo, _hi) in edges.items() if p in contour), default=0)
            for p, (lo, hi) in edges.items():
                contour[p] = (contour[p][0], hi + shift) if p in contour else (lo + shift, hi + shift)
            xs.append(shift)
        x = (xs[0] + xs[-1]) // 2
        best = node.best_child
        if reach is not None and best is not None:
            best_x = next(cx for child, cx in zip(node.children, xs) if child is best)
            x = max(best_x - reach, min(best_x + reach, x))
        for child, child_x in zip(node.children, xs):
            offsets[id(child)] = child_x - x
        edges_out = {p: (lo - x, hi - x) for p, (lo, hi) in contour.items()}
        edges_out[node.ply] = (0, 0)
        return edges_out

    left = min(lo for lo, _hi in place(root).values())
    layout: Layout = {}

    def put(node: Node, x: int) -> None:  # the open node at x, and its children
        for child in node.children:
            child_x = x + offsets[id(child)]
            layout[id(child)] = (child, child_x, child.ply)
            if id(child) in open_ids and child.children:
                put(child, child_x)

    layout[id(root)] = (root, step // 2 - left, root.ply)  # the leftmost node half a step from 0
    if id(root) in open_ids:
        put(root, step // 2 - left)
    return layout


def view_middle(root: Node, open_ids: set[int], layout: Layout, first_ply: int, last_ply: int, room: int) -> int:
    """The layout x a tree wider than the canvas is centred on: the middle of as many of these as
    fit in ``room``, in this order: the best line's open part from the root down to ``last_ply``,
    then the root's other moves best first (nearest the best one first among equals).  A canvas
    scrolled down to ``first_ply`` shows the root's row no more: the best line's part in its plies
    alone.  So the tree opens with its best line in sight as far down as the canvas goes, and as
    much of the root's row as fits beside it, the best moves first.  The root's row came before
    the line's deeper part: on the empty 3x3 board at depth 9 the line's fourth ply ran off the
    canvas's left edge, its highlighted edge pointing out of sight, to keep a ninth root move in."""
    line, node = [], root
    while node is not None and node.ply <= last_ply:
        if node.ply >= first_ply:
            line.append(layout[id(node)][1])
        node = node.best_child if id(node) in open_ids else None
    xs = line
    if first_ply == 0 and id(root) in open_ids and last_ply >= 1:
        best = root.best_child
        near = layout[id(best)][1] if best is not None else layout[id(root)][1]
        moves = sorted(root.children, key=lambda c: (c.cut, -(c.value or 0.0), abs(layout[id(c)][1] - near)))
        xs = line + [layout[id(c)][1] for c in moves]
    if not xs:  # the line ends above the plies shown
        return layout[id(root)][1]
    low = high = xs[0]
    for x in xs[1:]:
        if max(high, x) - min(low, x) <= room:
            low, high = min(low, x), max(high, x)
    return (low + high) // 2


def pan(area: pygame.Rect, xs: list[int], middle: int, scroll: int, margin: int,
        keep: tuple[int, int] | None = None, snap: tuple[int, int] | None = None,
        follow: int | None = None, show: int | None = None) -> tuple[int, int]:
    """(the layout's x offset in ``area``, the scroll it allows) for nodes at ``xs``, each reaching
    ``margin`` pixels either side.  A tree that fits is centred whole, wherever its root is; a
    wider one has ``middle`` (a layout x: ``view_middle``) in the middle, panned by ``scroll``,
    but only until an end of the tree reaches the area's edge: never empty space beside it.
    ``keep`` (a node's x in the layout, the x on screen it should keep) pans a wider tree so that
    the node just opened stays under the mouse, instead of the view jumping to the root, but
    moved as little as it takes to bring in ``follow`` (a layout x: that node's best child, which
    the clamp in ``visible_layout`` keeps within reach of it).  Else
    ``snap`` (the step between leaves, a layout x that repeats every step) rounds the pan to the
    nearest place where that x falls on the area's left edge: a column of leaves starts there,
    whole, rather than half a node being left out.  ``show`` (a layout x: the node the keyboard
    selected) then moves the view as little as it takes to bring that x in, by whole steps when
    snapping, so the selection never leaves the canvas."""
    left, right = min(xs) - margin, max(xs) + margin
    if right - left <= area.width:
        return area.centerx - (left + right) // 2, 0
    centred = area.centerx - middle
    if keep is not None:
        scroll = centred - (keep[1] - keep[0])
        if follow is not None:  # how far the follow's x is outside the area, either side
            x = centred - scroll + follow
            scroll -= max(0, area.x + margin - x) - max(0, x - (area.right - margin))
    elif snap is not None:
        step, x = snap
        off = (centred - scroll + x - area.x) % step  # how far right of the edge the column starts
        scroll += off if off <= step // 2 else off - step
    if show is not None:
        x = centred - scroll + show
        short = max(0, area.x + margin - x) - max(0, x - (area.right - margin))  # > 0: the view must move right
        if short and snap is not None:
            short = (1 if short > 0 else -1) * -(-abs(short) // snap[0]) * snap[0]
        scroll -= short
    scroll = max(centred - (area.x - left), min(centred - (area.right - right), scroll))
    return centred - scroll, scroll


class LayoutIndex:
    """A layout sorted for drawing the part of it in sight: each ply's nodes by x, the edges from
    each ply down to the next (an open node to each of its children) by their left end, and the
    layout's extent.  Made once per layout, so that a frame of a wide open tree (Tic-tac-toe's
    18,730 nodes) looks only at the few dozen nodes and edges in sight, not at every one of them.

    Each node and edge carries its ``order``: its place in the drawing of the whole layout
    (nodes in the layout's order; edges by their parent's place in it, then the child's), so that
    a part drawn in that order overlaps as the whole does."""

    def __init__(self, layout: Layout, open_ids: set[int]) -> None:
        self.layout = layout
        self.parent: dict[int, int] = {}  # id(node) -> id of the node it hangs under (all but the root)
        xs = [x for _node, x, _ply in layout.values()]
        self.left, self.right = min(xs), max(xs)
        self.deepest = max(ply for _node, _x, ply in layout.values())
        rows: dict[int, list[tuple[int, int, int]]] = {}  # ply -> (x, order, id)
        edges: dict[int, list[tuple[int, int, int, int, int]]] = {}  # ply -> (low x, high x, order, parent, child)
        drawn = 0  # edges before this one in the drawing of the whole layout
        for order, (node_id, (node, x, ply)) in enumerate(layout.items()):
            rows.setdefault(ply, []).append((x, order, node_id))
            if node_id not in open_ids:
                continue
            for child in node.children:
                child_x = layout[id(child)][1]
                edges.setdefault(ply, []).append((min(x, child_x), max(x, child_x), drawn, node_id, id(child)))
                self.parent[id(child)] = node_id
                drawn += 1
        self._rows = {ply: sorted(row) for ply, row in rows.items()}
        self._row_xs = {ply: [x for x, _order, _id in row] for ply, row in self._rows.items()}
        self._edges = {ply: sorted(row) for ply, row in edges.items()}
        self._edge_lows = {ply: [low for low, *_rest in row] for ply, row in self._edges.items()}
        self._widest = {ply: max(high - low for low, high, *_rest in row) for ply, row in self._edges.items()}

    def nodes_between(self, ply: int, low: int, high: int) -> list[tuple[int, int]]:
        """(order, id) of the nodes of ``ply`` whose x is from ``low`` to ``high``, in any order."""
        xs = self._row_xs.get(ply, [])
        row = self._rows.get(ply, [])
        return [(order, node_id) for _x, order, node_id in row[bisect_left(xs, low):bisect_right(xs, high)]]

    def edges_between(self, ply: int, low: int, high: int) -> list[tuple[int, int, int]]:
        """(order, parent id, child id) of the edges from ``ply`` down whose x's reach into
        ``low``..``high``, in any order."""
        lows = self._edge_lows.get(ply, [])
        if not lows:
            return []
        row = self._edges[ply]
        start, end = bisect_left(lows, low - self._widest[ply]), bisect_right(lows, high)
        return [(order, parent, child) for _low, edge_high, order, parent, child in row[start:end] if edge_high >= low]


Point = tuple[float, float]


def outside_holes(start: Point, end: Point, holes: list[pygame.Rect]) -> list[tuple[Point, Point]]:
    """The pieces of the segment from ``start`` to ``end`` that lie outside every one of ``holes``
    (rectangles taken as closed: a piece ends on a hole's border), in order from ``start``.  An
    edge of the tree is drawn so, its holes the counts written under closed boxes: a fan of a
    wide node's edges ran across its neighbours' "120 moves" and struck them through."""
    (x0, y0), (x1, y1) = start, end
    dx, dy = x1 - x0, y1 - y0
    inside: list[tuple[float, float]] = []  # the parameters (0 at start, 1 at end) of each hole's part
    for hole in holes:
        low, high = 0.0, 1.0
        for towards, room in ((-dx, x0 - hole.left), (dx, hole.right - x0), (-dy, y0 - hole.top), (dy, hole.bottom - y0)):
            if towards == 0:
                if room < 0:  # along the hole's side, outside it
                    low, high = 1.0, 0.0
                    break
                continue
            t = room / towards
            if towards < 0:
                low = max(low, t)
            else:
                high = min(high, t)
        if low < high:
            inside.append((low, high))
    pieces, at = [], 0.0
    for low, high in sorted(inside):
        if low > at:
            pieces.append((at, low))
        at = max(at, high)
    if at < 1.0:
        pieces.append((at, 1.0))
    return [((x0 + dx * a, y0 + dy * a), (x0 + dx * b, y0 + dy * b)) for a, b in pieces]
