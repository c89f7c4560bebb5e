"""The search tree drawn: its boxes, edges, moves, counts and the solver's ticks, on the explorer's
canvas (ui.scenes.tree_explorer) and in the PNG that Picture saves (``tree_picture``).

``draw_tree`` lays the tree's visible part (ui/tree_layout.py) into the canvas from a scroll
position, whole boxes only, and draws only what is in sight: a Hex tree holds up to
``NODE_LIMIT`` nodes.  A box shows MAX's positions with a triangle up, MIN's with one down, and
its value (``TreeExplorerScene.box_text``); a closed box the count of its moves under it.  Kept
apart from the screen's state and input, which it reads through the scene it is given.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from ai.game_tree import Node
from ui import text as tx
from ui.i18n import ngettext
from ui.tree_layout import Layout, LayoutIndex, outside_holes, pan, view_middle
from ui.widgets import mix

if TYPE_CHECKING:
    from ui.scenes.tree_explorer import TreeExplorerScene

# -- the tree's drawing, shared by the screen and the picture ------------------------------------------
# a box from its left edge, in pixels at scale 1: the triangle's centre and half width, then the
# value's room, which starts a gap past the triangle and ends a gap before the right edge
TRIANGLE_CENTRE, TRIANGLE_HALF = 9, 5
VALUE_LEFT, VALUE_RIGHT = TRIANGLE_CENTRE + TRIANGLE_HALF + 4, 4
WIDEST_VALUE = "≥+0.00"  # the widest value a box holds: a bound's sign before an estimate


def node_metrics(s: float, widest: str = WIDEST_VALUE) -> tuple[int, int, int, int, int, int]:
    """(box width, box height, step between boxes, step between plies, value font, move font)
    at scale ``s``: never smaller than a 10-pixel text needs (at 800x560 the moves were 7 pixels),
    and wide enough for the ``widest`` value beside the triangle with a gap on each side (at Larger
    text "≤-0.73" touched the triangle; ``_draw_node`` centres the value in that room)."""
    font = tx.small(13, s)
    room = VALUE_LEFT * s + tx.prose_width(widest, font) + VALUE_RIGHT * s  # kept: asked for at every node drawn
    box_w, box_h = max(46, int(58 * s), math.ceil(room)), max(22, int(30 * s))
    return box_w, box_h, box_w + int(10 * s), int(86 * s), font, tx.small(11, s)


@dataclass(frozen=True)
class Placing:
    """Where a drawing puts the layout: a layout x at ``offset`` + x on screen, the centres of ply
    ``first_ply``'s nodes at ``top`` + half a box, each ply ``level`` pixels below the last."""

    offset: int
    top: int
    first_ply: int
    level: int
    box_h: int

    def centre(self, x: int, ply: int) -> tuple[int, int]:
        return self.offset + x, self.top + (ply - self.first_ply) * self.level + self.box_h // 2


def draw_tree(surface: pygame.Surface, scene: TreeExplorerScene, area: pygame.Rect, scroll: int,
              first_ply: int = 0, snap: bool = False, reveal: tuple[int, int] | None = None,
              ) -> tuple[list[tuple[pygame.Rect, Node]], int, int, bool]:
    """The open part of the tree in ``area``, panned ``scroll`` pixels (see ``pan``; ``snap``: round
    the pan to whole columns) from ``first_ply`` down (kept so that the plies ``reveal`` are shown).
    Only whole nodes are drawn: one an edge of the area would cut is left out (its edge runs off).
    Only the edges that can touch the surface's clip (the canvas, on the screen) are drawn: a wide
    open tree has thousands out of sight.  Returns the nodes' rectangles, the scroll and the first
    ply as far as they can go, and whether the area holds fewer plies than the open tree."""
    s = scene.scale
    box_w, box_h, step, level, _font, small = scene.metrics()
    margin = box_w // 2 + int(10 * s)  # how far a node reaches either side of its x, with a gap
    room = area.width - 2 * margin - step  # the x's a view holds, a half step spare each side for the snap
    line = tx.line_height(small)
    top = area.y + max(int(24 * s), line + int(4 * s))  # room for the first row's move names
    rows = max(1, (area.bottom - line - int(4 * s) - top - box_h) // level + 1)  # a count of moves under the last row
    index = scene.layout_index(step, line_reach(room, rows))
    layout = index.layout
    first_ply = max(0, min(first_ply, index.deepest - rows + 1))
    if reveal is not None:
        first_ply = max(0, min(reveal[0], max(first_ply, reveal[1] - rows + 1)))
    last_ply = first_ply + rows - 1
    keep = (layout[scene.keep[0]][1], scene.keep[1]) if scene.keep is not None and scene.keep[0] in layout else None
    kept = layout[scene.keep[0]][0] if keep is not None else None
    follow = layout[id(kept.best_child)][1] if kept is not None and kept.best_child and id(kept) in scene.open else None
    show = layout[scene.show][1] if scene.show in layout else None
    inset = max(2, int(5 * s))  # a column the pan rests on starts this far inside the edge
    middle = view_middle(scene.tree.root, scene.open, layout, first_ply, last_ply, room)
    offset, scroll = pan(area, [index.left, index.right], middle, scroll, margin, keep,
                         (step, step // 2 - box_w // 2 - inset) if snap else None, follow, show)
    place = Placing(offset, top, first_ply, level, box_h)
    shown = nodes_in_sight(index, place, area, box_w, last_ply)
    _draw_edges(surface, scene, index, place, edges_to_draw(index, place, area, box_w, last_ply, shown),
                count_holes(scene, layout, place, shown))
    for node in shown:  # the moves' names, over every edge (the edges drawn after one struck it through)
        if id(node) in index.parent:
            cx, cy = place.centre(layout[id(node)][1], node.ply)
            _on_chip(surface, scene, move_label(scene, layout[index.parent[id(node)]][0], node, small, box_w),
                     (cx, cy - box_h // 2 - int(2 * s)), "midbottom")
    return ([(_draw_node(surface, scene, node, place.centre(layout[id(node)][1], node.ply)), node) for node in shown],
            scroll, first_ply, index.deepest > last_ply)


def line_reach(room: int, rows: int) -> int:
    """How far (layout pixels) a parent may stand from its best move (``visible_layout``'s
    ``reach``) so that the best line's part on a canvas of ``rows`` plies fits ``room`` across:
    each ply's step of the line at most ``room`` over the steps between those rows.  With half a
    canvas a ply, alpha-beta's 3x3 line from the empty board at depth 9 (its best move often a
    node's first, leftmost) drifted left ply after ply and ran off the canvas's edge."""
    return room // max(2, rows - 1)


def nodes_in_sight(index: LayoutIndex, place: Placing, area: pygame.Rect, box_w: int, last_ply: int) -> list[Node]:
    """The nodes whose whole box lies in ``area`` across, from ``place.first_ply`` to ``last_ply``,
    in the layout's order."""
    low, high = area.x + box_w // 2 - place.offset, area.right - box_w + box_w // 2 - place.offset
    found = sorted(seen for ply in range(place.first_ply, last_ply + 1) for seen in index.nodes_between(ply, low, high))
    return [index.layout[node_id][0] for _order, node_id in found]


def edges_to_draw(index: LayoutIndex, place: Placing, area: pygame.Rect, box_w: int, last_ply: int,
                  shown: list[Node]) -> Callable[[int, int], bool]:
    """Whether the edge from a parent to a child (their ids) is drawn: to a node in sight, to one
    on a ply below the view, or to the nearest hidden move on each side of its parent's moves in
    sight, which says that more lie that way.  Every edge to a hidden move of a wide open node
    (Tic-tac-toe 7x6's 38 first moves) ran off the canvas's side almost flat, a grey hatched band
    over the moves' names."""
    low, high = area.x + box_w // 2 - place.offset, area.right - box_w + box_w // 2 - place.offset
    in_sight = {id(node) for node in shown}
    nearest: dict[int, set[int]] = {}  # parent id -> its nearest hidden move on each side

    def drawn(parent_id: int, child_id: int) -> bool:
        child, _x, ply = index.layout[child_id]
        if child_id in in_sight or not place.first_ply <= ply <= last_ply:
            return True
        if parent_id not in nearest:
            nearest[parent_id] = nearest_hidden(index, index.layout[parent_id][0], low, high)
        return child_id in nearest[parent_id]

    return drawn


def nearest_hidden(index: LayoutIndex, parent: Node, low: int, high: int) -> set[int]:
    """The ids of ``parent``'s moves nearest the view (layout x's ``low`` to ``high``) among those
    left of it, and among those right of it: one of each at most."""
    xs = [(index.layout[id(child)][1], id(child)) for child in parent.children]
    left = max(((x, child_id) for x, child_id in xs if x < low), default=None)
    right = min(((x, child_id) for x, child_id in xs if x > high), default=None)
    return {found[1] for found in (left, right) if found is not None}


def count_holes(scene: TreeExplorerScene, layout: Layout, place: Placing, shown: list[Node]) -> dict[int, list[pygame.Rect]]:
    """By ply, where the edges from that ply down leave a gap: round the count of moves written
    under each closed box in sight (``count_caption``), a few pixels wider than its chip.  A wide
    open node's edges fan out through its row's counts: drawn before them, on the chips' own
    hairline margin, they ran into the "120 moves" and read as striking them through."""
    s = scene.scale
    box_w, box_h = scene.metrics()[:2]
    gap = max(2, int(3 * s)) + max(1, int(2 * s))  # clear of the text, and of the best edge's width
    holes: dict[int, list[pygame.Rect]] = {}
    for node in shown:
        box = pygame.Rect(0, 0, box_w, box_h)
        box.center = place.centre(layout[id(node)][1], node.ply)
        caption = count_caption(scene, node, box)
        if caption is not None:
            holes.setdefault(node.ply, []).append(caption[1].inflate(2 * gap, 2 * gap))
    return {ply: joined_holes(row, 3 * gap) for ply, row in holes.items()}


def joined_holes(holes: list[pygame.Rect], least: int) -> list[pygame.Rect]:
    """``holes`` of one row, two that leave less than ``least`` pixels between them made one: the
    bits of a fan's edges left between two neighbours' counts read as dotted marks."""
    joined: list[pygame.Rect] = []
    for hole in sorted(holes, key=lambda rect: rect.left):
        if joined and hole.left - joined[-1].right < least:
            joined[-1] = joined[-1].union(hole)
        else:
            joined.append(hole.copy())
    return joined


def _draw_edges(surface: pygame.Surface, scene: TreeExplorerScene, index: LayoutIndex, place: Placing,
                drawn: Callable[[int, int], bool], holes: dict[int, list[pygame.Rect]]) -> None:
    """Each open node's edge to each of its children that ``drawn`` keeps, a cut one crossed out,
    as far as it can touch the surface's clip: in the order the whole tree's are drawn in, so that
    they cross as they would.  The best move's edge is a thick line; the others are smoothed
    (anti-aliased) hairlines: a node's shallow edges side by side, drawn as staircases of whole
    pixels, read as a hatched band.  An edge stops short of a count written under a closed box
    of its parent's row and goes on past it (``holes``: ``count_holes``)."""
    theme, s = scene.theme, scene.scale
    width, cross_width, k = max(1, int(2 * s)), max(2, int(3 * s)), int(6 * s)
    colours = {"cut": mix(theme.muted, theme.background, 0.4), "best": theme.accent,
               "other": mix(theme.text, theme.background, 0.5)}
    half = place.box_h // 2
    for _order, parent_id, child_id in edges_in_sight(index, place, surface.get_clip(), k + cross_width + 1):
        if not drawn(parent_id, child_id):
            continue
        parent, px, _ply = index.layout[parent_id]
        child, cx, _ply = index.layout[child_id]
        (px, py), (cx, cy) = place.centre(px, parent.ply), place.centre(cx, child.ply)
        kind = "cut" if child.cut else "best" if child.move == parent.best else "other"
        start, end = (px, py + half), (cx, cy - half)
        crossed = [hole for hole in holes.get(parent.ply, ()) if hole.clipline(start, end)]
        for piece_start, piece_end in outside_holes(start, end, crossed) if crossed else [(start, end)]:
            if kind == "best":
                pygame.draw.line(surface, colours[kind], piece_start, piece_end, width)
            else:
                pygame.draw.aaline(surface, colours[kind], piece_start, piece_end)
        if child.cut:
            mx, my = (px + cx) // 2, (py + half + cy - half) // 2
            pygame.draw.line(surface, theme.invalid, (mx - k, my - k), (mx + k, my + k), cross_width)
            pygame.draw.line(surface, theme.invalid, (mx - k, my + k), (mx + k, my - k), cross_width)


def edges_in_sight(index: LayoutIndex, place: Placing, seen: pygame.Rect, reach: int) -> list[tuple[int, int, int]]:
    """(order, parent id, child id) of the edges a stroke reaching ``reach`` pixels either side of
    the line from its parent's box to its child's can touch ``seen`` with, in the order the whole
    tree's edges are drawn in."""
    found = []
    for ply in range(index.deepest):
        below_parent = place.centre(0, ply)[1] + place.box_h // 2
        above_child = place.centre(0, ply + 1)[1] - place.box_h // 2
        if above_child + reach < seen.top or below_parent - reach >= seen.bottom:
            continue
        found += index.edges_between(ply, seen.left - place.offset - reach, seen.right - 1 - place.offset + reach)
    return sorted(found)


def move_label(scene: TreeExplorerScene, parent: Node, child: Node, size: int, width: int) -> str:
    """The move that led to ``child``, as written over it: shortened to ``width`` pixels."""
    return tx.fit(scene.move_text(parent, child.move), size, width)


def _on_chip(surface: pygame.Surface, scene: TreeExplorerScene, label: str, place: tuple[int, int], anchor: str) -> None:
    """Small text on a chip of the canvas's colour: an edge under it does not strike it through."""
    theme, s = scene.theme, scene.scale
    small = scene.metrics()[5]
    chip = chip_of(label, small, s)
    setattr(chip, anchor, place)
    pygame.draw.rect(surface, mix(theme.panel, theme.background, 0.4), chip, border_radius=int(3 * s))
    tx.text(surface, label, place, small, theme.muted, anchor)


def _draw_node(surface: pygame.Surface, scene: TreeExplorerScene, node: Node, centre: tuple[int, int]) -> pygame.Rect:
    """One node's box centred at ``centre``: its value and a triangle up (MAX) or down (MIN), a
    cut one greyed with a dash, a closed one with its count of moves under it, one whose position
    the solver proved with a tick on its corner (``_draw_proven_mark``), a ring there while the
    solver is asked about it.  Returns the box.

    A proven box keeps the tree's value, not the solver's result: a parent's value is its best
    child's, computed from the estimates below it, and a child reading "White wins" under a parent
    reading "+2" would make the lesson's minimax look wrong.  The tick says the position is known;
    the panel says what is known of it (``solver_line``)."""
    theme, s = scene.theme, scene.scale
    box_w, box_h, _step, _level, font, small = scene.metrics()
    rect = pygame.Rect(0, 0, box_w, box_h)
    rect.center = centre
    if node.cut:
        pygame.draw.rect(surface, mix(theme.muted, theme.background, 0.5), rect, max(1, int(2 * s)),
                         border_radius=int(6 * s))
        tx.text(surface, "—", rect.center, font, theme.muted, "center")
        return rect
    fill = mix(theme.panel, theme.side0 if node.maximizing else theme.side1, 0.35)
    border = theme.hint if node is scene.selected else mix(fill, theme.text, 0.4)
    pygame.draw.rect(surface, fill, rect, border_radius=int(6 * s))
    pygame.draw.rect(surface, border, rect, max(1, int((3 if node is scene.selected else 1) * s)),
                     border_radius=int(6 * s))
    tip = rect.x + int(TRIANGLE_CENTRE * s), rect.centery
    k = int(TRIANGLE_HALF * s)
    points = ([(tip[0] - k, tip[1] + k // 2), (tip[0] + k, tip[1] + k // 2), (tip[0], tip[1] - k)]
              if node.maximizing else [(tip[0] - k, tip[1] - k // 2), (tip[0] + k, tip[1] - k // 2),
                                       (tip[0], tip[1] + k)])
    pygame.draw.polygon(surface, theme.text, points)
    value_x = (rect.x + VALUE_LEFT * s + rect.right - VALUE_RIGHT * s) / 2  # the middle of the room right of the triangle
    tx.text(surface, scene.box_text(node), (int(value_x), rect.centery), font, theme.text,
            "center", bold=node.kind == "terminal")
    caption = count_caption(scene, node, rect)
    if caption is not None:
        _on_chip(surface, scene, caption[0], caption[1].midtop, "midtop")
    draw_solver_mark(surface, scene, node, rect)
    return rect


def draw_solver_mark(surface: pygame.Surface, scene: TreeExplorerScene, node: Node, rect: pygame.Rect) -> None:
    """The solver's mark on ``node``'s box ``rect``: a tick where it proved the position
    (``_draw_proven_mark``), a ring while it is asked, else nothing.  The explorer draws it again
    over the selected box's keyboard ring, which crossed half the tick on the box's corner."""
    s = scene.scale
    if scene.proofs.proof_of(node) is not None:
        _draw_proven_mark(surface, scene, rect)
    elif scene.proofs.asking(node):
        pygame.draw.circle(surface, scene.theme.accent, mark_centre(rect, s), mark_radius(s), max(1, int(2 * s)))


def mark_centre(rect: pygame.Rect, s: float) -> tuple[int, int]:
    """Where a box's solver mark goes: on its top right corner, clear of the value's text."""
    return rect.right - int(2 * s), rect.top + int(2 * s)


def mark_radius(s: float) -> int:
    return max(5, int(7 * s))


def _draw_proven_mark(surface: pygame.Surface, scene: TreeExplorerScene, rect: pygame.Rect) -> None:
    """A tick in a disc on ``rect``'s corner (``mark_centre``): the solver proved this box's
    position.  Drawn, not written: the fonts shipped have no tick."""
    theme, s = scene.theme, scene.scale
    radius = mark_radius(s)
    cx, cy = mark_centre(rect, s)
    pygame.draw.circle(surface, theme.accent, (cx, cy), radius)
    k = radius * 0.55
    tick = [(cx - k, cy), (cx - k * 0.3, cy + k * 0.7), (cx + k, cy - k * 0.6)]
    pygame.draw.lines(surface, theme.background, False, tick, max(2, int(2 * s)))


def count_caption(scene: TreeExplorerScene, node: Node, box: pygame.Rect) -> tuple[str, pygame.Rect] | None:
    """What a closed node's count of moves reads under its ``box`` ("6 moves": ``count_label``)
    and the chip it is written on (``_on_chip``); None for a node open or with no moves.  The
    edges leave a gap round that chip (``count_holes``)."""
    if not node.children or id(node) in scene.open:
        return None
    s = scene.scale
    _w, _h, step, _level, _font, small = scene.metrics()
    label = count_label(len(node.children), small, step - int(8 * s))
    chip = chip_of(label, small, s)
    chip.midtop = (box.centerx, box.bottom + int(2 * s))
    return label, chip


def count_label(count: int, size: int, room: int) -> str:
    """What a closed node's count of moves reads under it: "6 moves", or "6" where that does not
    fit between its neighbours' (a wide Hex or gomoku fan).  It read "+6", which under a box's
    "+0.10" a class took for a second value."""
    said = ngettext("{n} move", "{n} moves", count).format(n=count)
    return said if tx.prose_width(said, size) <= room else str(count)


def chip_of(label: str, size: int, s: float) -> pygame.Rect:
    """The chip ``label`` is written on at ``size`` (``_on_chip``), at the origin: its width
    kept (``tx.prose_width``), as the labels under the boxes are drawn again at every frame."""
    return pygame.Rect(0, 0, tx.prose_width(label, size), tx.ui_font(size).get_height()).inflate(int(4 * s), 0)


def tree_picture(scene: TreeExplorerScene) -> pygame.Surface:
    """The open tree, its whole width, on a picture of its own."""
    s = scene.scale
    _w, _h, step, level, _font, _small = scene.metrics()
    layout = scene.layout(step) if scene.tree else {}
    width = max([x for _n, x, _p in layout.values()] + [0]) + step + int(40 * s)
    depth = max([p for _n, _x, p in layout.values()] + [0])
    height = int(24 * s) + (depth + 1) * level + int(20 * s)
    picture = pygame.Surface((max(400, width), max(200, height)))
    picture.fill(scene.theme.background)
    if scene.tree is not None:  # the whole tree fits: centred
        draw_tree(picture, scene, picture.get_rect().inflate(-int(20 * s), 0), 0)
    return picture
