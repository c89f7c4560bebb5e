"""Hex connections on the board (key V, a Connections button in Hex games and replays).

What ``ai.engines.hex_knowledge.analyse`` knows about the position shown, drawn over the board:

- dead cells (no stone there can ever matter): greyed and crossed;
- captured cells (as good as the captor's stones): tinted in the captor's colour, with a ring;
- both colours' virtual connections between chains and edges (the bridges, the edge templates):
  a line between the two ends and the carrier's cells lightly shaded, the side to move's bolder;
- a connection between a colour's two edges (the position is won): its carrier outlined, and the
  cells that complete it for the side to move marked;
- the mustplay region (the side to move must play there or lose): outlined.

The analysis costs 0.15 s on 11x11 and about 1 s on 19x19, so it runs in a worker process of its
own (``Job(kind="connections")``, ui/position_worker.py), never on the window's frame; the
overlay appears when it arrives and follows the position shown (the live game, a browsed move, a
replay's move).  Like analysis it waits while the computer searches its move (the game screen
holds it: ``ComputerMoves.holds_analysis``), so it never takes the cores from that search.  ``draw_connections`` returns what it drew (``Drawn``), so tests compare it with
``analyse``; ``draw_legend`` explains the marks on the side panel.
"""

from __future__ import annotations

import heapq
import math
from dataclasses import dataclass, field
from typing import Any

import pygame

from games.base import Game
from games.hex import geometry as hex_geometry
from ui import text as tx
from ui.i18n import N_, _
from ui.position_worker import PositionWorker
from ui.theme import Theme
from ui.widgets import mix

DEAD_GREY = (110, 110, 118)
EDGE_OFFSET = 0.62  # how far outside the board (in rows or columns) an edge's end of a line is drawn
# the marks in a player's words, not the research terms ("Dead cell", "Captured cell", "Mustplay
# region"): a stone on a dead cell matters to neither side, a captured cell is as good as a stone of
# the colour it is tinted, and the side to move loses unless it plays in the mustplay region
LEGEND_ROWS = (N_("Useless to both"), N_("Worth a stone"), N_("{side}'s connections"), N_("Must play here, or lose"))


def carrier_tint(theme: Theme, side: int, mover: int) -> tuple[int, int, int]:
    """A carrier cell's fill: the side's colour lightened towards white, not towards the wood (a
    blue let through on orange wood read as grey, like a dead cell); the side to move's deeper."""
    colour = (theme.side0, theme.side1)[side]
    return mix(colour, (255, 255, 255), 0.4 if side == mover else 0.6)


def captured_fill(theme: Theme, side: int) -> tuple[int, int, int]:
    """A captured cell's fill: the side's own colour, solid and deeper than any carrier (it counts
    as a stone of that side).  Let through at part strength, blue on the wood read grey-blue."""
    return mix((theme.side0, theme.side1)[side], (255, 255, 255), 0.15)


def available(game: Game) -> bool:
    """The overlay exists for Hex only."""
    return game.id == "hex"


class HexConnections(PositionWorker):
    """The overlay's controller: ``knowledge`` of the position shown, from a worker of its own."""

    def __init__(self, game: Game, active: bool = False) -> None:
        super().__init__(game, active and available(game))
        self.knowledge: Any = None  # ai.engines.hex_knowledge.Knowledge of ``position``

    def toggle(self) -> bool:
        if not available(self.game):
            return False
        return super().toggle()

    def why_not(self) -> str:
        """Why V shows nothing in this game ("" in Hex, where it switches the overlay): the key
        did nothing at all in the other games, and a player could not tell it from a broken one."""
        return "" if available(self.game) else _("The connections (V) are shown in Hex only")

    def make_job(self, moves: tuple[str, ...], position: str):
        from ui.ai_worker import Job

        return Job(self.game.id, dict(self.game.options), moves, position, "connections", 0.0, 0,
                   "connections", kind="connections")

    def receive(self, item) -> bool:
        from ui.ai_worker import AIKnowledge

        if not isinstance(item, AIKnowledge):
            return False
        self.knowledge = item.knowledge
        return True

    def clear(self) -> bool:
        had = self.knowledge is not None
        self.knowledge = None
        return had

    def shown(self) -> Any:
        """The knowledge to draw (None while it is computed, or when the overlay is off)."""
        return self.knowledge if self.active else None


# -- drawing ---------------------------------------------------------------------------------------
@dataclass
class Drawn:
    """What ``draw_connections`` put on the board (cells are ``row * n + col``)."""

    dead: set[int] = field(default_factory=set)
    captured: tuple[set[int], set[int]] = field(default_factory=lambda: (set(), set()))
    lines: tuple[list[tuple], list[tuple]] = field(default_factory=lambda: ([], []))  # each side's connection ends
    carriers: tuple[set[int], set[int]] = field(default_factory=lambda: (set(), set()))
    winning: set[int] = field(default_factory=set)  # the carrier joining the winner's edges
    keys: set[int] = field(default_factory=set)  # cells where the side to move completes that connection
    mustplay: set[int] = field(default_factory=set)
    # the points of each line, in ``lines``' order (compared apart: ``lines`` says what is drawn, these where)
    paths: tuple[list[list], list[list]] = field(default_factory=lambda: ([], []), compare=False)


def winning_carrier(knowledge: Any, mover: int) -> frozenset[int]:
    """The smallest carrier that joins the winner's two edges (a VC, or the mover's SC), if any."""
    if knowledge.winner is None:
        return frozenset()
    side = knowledge.winner
    carriers = knowledge.edge_vcs[side] or (knowledge.edge_scs[side] if side == mover else ())
    return min(carriers, key=len, default=frozenset())


def _end_point(view: Any, end: str | int, other: str | int, carrier: frozenset[int]) -> tuple[float, float]:
    """Where a connection's end is drawn: a stone's centre, or the point of the edge nearest the
    carrier's cells on that edge (straight across from the other end when none touch it)."""
    n = view.n
    if isinstance(end, int):
        return view.centre(*divmod(end, n))
    rows_cols = [divmod(c, n) for c in carrier]
    if end in ("top", "bottom"):
        row = 0 if end == "top" else n - 1
        touching = [c for r, c in rows_cols if r == row]
        edge_row = -EDGE_OFFSET if end == "top" else n - 1 + EDGE_OFFSET
        if touching:
            col = sum(touching) / len(touching) + (row - edge_row) / 2
        else:  # square onto the edge from the other end, across the rows (the board may be turned)
            r0, c0 = divmod(other, n) if isinstance(other, int) else (n / 2, n / 2)
            col = c0 + (r0 - edge_row) / 2
        return view.centre(edge_row, max(-0.5, min(n - 0.5, col)))
    col = 0 if end == "left" else n - 1
    touching = [r for r, c in rows_cols if c == col]
    edge_col = -EDGE_OFFSET if end == "left" else n - 1 + EDGE_OFFSET
    row = sum(touching) / len(touching) if touching else (divmod(other, n)[0] if isinstance(other, int) else n / 2)
    return view.centre(row, edge_col)


def _neighbours(cell: int, n: int) -> list[int]:
    """The cells next to ``cell`` (the rules' board geometry)."""
    mask, cells = hex_geometry(n).neighbours[cell], []
    while mask:
        low = mask & -mask
        cells.append(low.bit_length() - 1)
        mask ^= low
    return cells


EDGE_MASKS = {"left": (0, 0), "right": (0, 1), "top": (1, 0), "bottom": (1, 1)}  # Geometry.edges[side][end]


def _on_edge(cell: int, edge: str, n: int) -> bool:
    side, end = EDGE_MASKS[edge]
    return bool(hex_geometry(n).edges[side][end] >> cell & 1)


def edge_path(n: int, start: int, edge: str, carrier: frozenset[int], own: set[int]) -> list[int]:
    """The cells a connection from the stone ``start`` to ``edge`` is drawn through: a path over
    ``own`` (the side's stones and captured cells) and ``carrier`` that takes the fewest carrier
    cells, then the fewest cells, with a carrier cell left out where its neighbours on the path
    form a bridge both of whose cells are on the way (the line crosses between them); [] if none."""
    walk = carrier | own
    best = {start: (0, 0)}
    came: dict[int, int] = {}
    queue = [(0, 0, start)]
    last = None
    while queue:
        cost, length, cell = heapq.heappop(queue)
        if best.get(cell) != (cost, length):
            continue
        if _on_edge(cell, edge, n):
            last = cell
            break
        for near in _neighbours(cell, n):
            if near in walk:
                step = (cost + (near in carrier and near not in own), length + 1)
                if step < best.get(near, (n * n + 1, 0)):
                    best[near], came[near] = step, cell
                    heapq.heappush(queue, (*step, near))
    if last is None:
        return []
    path = [last]
    while path[-1] != start:
        path.append(came[path[-1]])
    path.reverse()
    kept = [path[0]]
    for i in range(1, len(path) - 1):
        a, b = kept[-1], path[i + 1]
        common = set(_neighbours(a, n)) & set(_neighbours(b, n))
        if path[i] not in own and b not in _neighbours(a, n) and len(common) == 2 and common <= walk:
            continue  # a bridge: straight across, between its two cells
        kept.append(path[i])
    return kept + path[-1:] if len(path) > 1 else kept


def line_points(view: Any, connection: Any, own: set[int]) -> list[tuple[float, float]]:
    """The points of the line drawn for ``connection``: between two stones straight; to an edge
    along ``edge_path`` through its carrier (and the side's ``own`` cells), ending at the edge
    beside the last cell (the old straight line across the row crossed cells outside the carrier)."""
    a, b = connection.ends
    stone, edge = (a, b) if isinstance(a, int) else (b, a)
    if isinstance(stone, int) and isinstance(edge, str):
        cells = edge_path(view.n, stone, edge, connection.carrier, own | {stone})
        if cells:
            points = [view.centre(*divmod(cell, view.n)) for cell in cells]
            points.append(_end_point(view, edge, cells[-1], frozenset(cells[-1:])))
            return points if stone == a else points[::-1]
    return [_end_point(view, a, b, connection.carrier), _end_point(view, b, a, connection.carrier)]


def outline_scale(view: Any, width: int) -> float:
    """The scale of a hexagon whose outline ``width`` pixels thick stays inside its cell, clear of
    the cell's line (``view.clear_radius``): the winning carrier's outlines, at 0.9 of the cell,
    and the mustplay region's, at 0.84, ran over the lines between cells (the two never share a
    cell: there is no mustplay in a won position).  The outline's outer edge is a hexagon ``width / 2`` wider
    across than the one drawn, and a pixel is left for pygame's rounding."""
    apothem = view.radius * math.sqrt(3.0) / 2  # a cell's centre to the middle of its side
    return max(0.0, (view.clear_radius() - width / 2 - 1) / apothem)


def draw_connections(surface: pygame.Surface, view: Any, knowledge: Any, mover: int, theme: Theme,
                     state: Any = None) -> Drawn:
    """Draw ``knowledge`` (ai.engines.hex_knowledge.Knowledge) over a Hex board ``view`` already
    drawn; ``mover``: the side to move, whose connections are drawn on top and bolder; ``state``:
    the position (games.hex.HexState), whose stones a line to an edge may pass through."""
    drawn = Drawn()
    if knowledge is None:
        return drawn
    n, r = view.n, view.radius
    colours = (theme.side0, theme.side1)
    layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)

    def hexagon(cell: int, scale: float = 1.0) -> list[tuple[float, float]]:
        return view.hexagon(*divmod(cell, n), scale=scale)

    order = (1 - mover, mover)  # the side to move's marks on top
    for side in order:
        cells = set().union(*(c.carrier for c in knowledge.connections[side])) - knowledge.dead
        cells -= knowledge.captured[0] | knowledge.captured[1]
        for cell in cells:
            pygame.draw.polygon(layer, carrier_tint(theme, side, mover), hexagon(cell, 0.8))
        drawn.carriers[side].update(cells)
    for side in (0, 1):
        for cell in knowledge.captured[side]:
            pygame.draw.polygon(layer, captured_fill(theme, side), hexagon(cell, 0.92))
        drawn.captured[side].update(knowledge.captured[side])
    for cell in knowledge.dead:
        pygame.draw.polygon(layer, (*DEAD_GREY, 190), hexagon(cell, 0.92))
    drawn.dead.update(knowledge.dead)
    surface.blit(layer, (0, 0))

    for side in (0, 1):  # a captured cell's ring: it counts as that colour's stone
        for cell in knowledge.captured[side]:
            centre = _int(view.centre(*divmod(cell, n)))
            pygame.draw.circle(surface, mix(colours[side], (255, 255, 255), 0.35), centre, int(r * 0.45),
                               max(1, int(r / 9)))
    cross = mix(DEAD_GREY, (20, 20, 24), 0.6)
    for cell in knowledge.dead:
        cx, cy = view.centre(*divmod(cell, n))
        d = r * 0.38
        for sx in (-1, 1):
            pygame.draw.line(surface, cross, _int((cx - d, cy - sx * d)), _int((cx + d, cy + sx * d)), max(1, int(r / 8)))

    for side in order:
        width = max(2, int(r / 6)) if side == mover else max(1, int(r / 10))
        colour = colours[side] if side == mover else mix(colours[side], theme.board, 0.35)
        stones = {c for c in range(n * n) if state.stone_at(c) == side} if state is not None else set()
        own = stones | set(knowledge.captured[side])
        for connection in knowledge.connections[side]:
            points = line_points(view, connection, own)
            pygame.draw.lines(surface, colour, False, [_int(p) for p in points], width)
            for point in points[1:-1]:  # round joints
                pygame.draw.circle(surface, colour, _int(point), max(1, width // 2))
            for point, end in ((points[0], connection.ends[0]), (points[-1], connection.ends[1])):
                if isinstance(end, str):
                    pygame.draw.circle(surface, colour, _int(point), max(2, int(r / 5)))
            drawn.lines[side].append(connection.ends)
            drawn.paths[side].append(points)

    winning = winning_carrier(knowledge, mover)
    if winning:
        width = max(2, int(r / 6))
        for cell in winning:
            pygame.draw.polygon(surface, colours[knowledge.winner], hexagon(cell, outline_scale(view, width)), width)
        drawn.winning.update(winning)
    if knowledge.winner == mover:
        for cell in knowledge.winning_keys:
            pygame.draw.circle(surface, theme.hint, _int(view.centre(*divmod(cell, n))), int(r * 0.3))
        drawn.keys.update(knowledge.winning_keys)
    if knowledge.mustplay:
        width = max(2, int(r / 7))
        for cell in knowledge.mustplay:
            pygame.draw.polygon(surface, theme.hint, hexagon(cell, outline_scale(view, width)), width)
        drawn.mustplay.update(knowledge.mustplay)
    return drawn


def status_text(game: Game, knowledge: Any, mover: int, running: bool, waiting: bool = False,
                watching: bool = False) -> str:
    """One line under the legend: what the connections say of the position; a win by
    semi-connections names the dots on their keys, which no word explained (it said "Blue is
    connected: a won position" with Blue still to play a key).  ``waiting``: the overlay is held
    while the computer searches its move (``PositionWorker.wait``), as analysis is, and says so;
    ``watching``: a watched game going on, where it would wait move after move, so pausing it
    lets the connections be found."""
    if knowledge is None:
        if waiting:  # under the legend's "Connections" heading: short, it is one line of the panel
            return _("Pause the game to see them") if watching else _("Shown after the computer's move")
        return _("Finding the connections…") if running else ""
    if knowledge.winner is not None and knowledge.winning_keys:  # semi-connections: a key still to play
        return _("{side} wins by playing a dotted cell").format(side=_(game.sides[knowledge.winner]))
    if knowledge.winner is not None:
        return _("{side} is connected: a won position").format(side=_(game.sides[knowledge.winner]))
    if knowledge.mustplay:
        return _("{side} must play in the outlined cells").format(side=_(game.sides[mover]))
    counts = [len(knowledge.connections[s]) for s in (0, 1)]
    # the word once, before both counts: "Blue: 1 connections" read wrong in either language
    return _("Connections: {first} {a} · {second} {b}").format(
        first=_(game.sides[0]), a=counts[0], second=_(game.sides[1]), b=counts[1])


def legend_height(game: Game, scale: float, width: int) -> int:
    """The room ``draw_legend`` takes in a panel ``width`` pixels wide (whichever side is to move):
    its heading, the rows of labels and the bold line under them, each as tall as its font draws it."""
    rows = max(len({row for row, _column, _span in _legend_cells(game, mover, scale, width)}) for mover in (0, 1))
    heading = tx.ui_font(int(15 * scale), True).get_height() + int(4 * scale)
    line = int(4 * scale) + tx.ui_font(tx.small(13, scale), True).get_height()
    return heading + rows * int(18 * scale) + line


def _legend_labels(game: Game, mover: int) -> list[str]:
    """The legend's words in its order: dead, captured, the mover's connections, the other's, mustplay."""
    sides = [_(LEGEND_ROWS[2]).format(side=_(game.sides[side])) for side in (mover, 1 - mover)]
    return [_(LEGEND_ROWS[0]), _(LEGEND_ROWS[1]), *sides, _(LEGEND_ROWS[3])]


def _legend_cells(game: Game, mover: int, scale: float, width: int) -> list[tuple[int, int, int]]:
    """(row, column, columns spanned) of each label, in reading order: two to a row, and a label
    that does not fit half the width on a row of its own, across it.  Cut to fit two columns, the
    Portuguese labels read "Zona de jogada o..." and "Ligações do Verm..." at 800x600 and 1024x600."""
    size = tx.small(13, scale)
    room = width // 2 - _label_indent(scale) - int(4 * scale)
    cells: list[tuple[int, int, int]] = []
    row, free = -1, False  # the row being filled, and whether its second column is free
    for label in _legend_labels(game, mover):
        if tx.ui_font(size).size(label)[0] > room:
            row, free = row + 1, False
            cells.append((row, 0, 2))
        elif free:
            cells.append((row, 1, 1))
            free = False
        else:
            row, free = row + 1, True
            cells.append((row, 0, 1))
    return cells


def _label_indent(scale: float) -> int:
    """A legend label's left edge from its column's: past the swatch."""
    return 3 * int(7 * scale)


def draw_legend(surface: pygame.Surface, rect: pygame.Rect, game: Game, knowledge: Any, mover: int, theme: Theme,
                scale: float, running: bool, waiting: bool = False, watching: bool = False) -> None:
    """The marks explained two to a row (``_legend_cells``: a long label on a row of its own), and the
    line ``status_text`` says (``running``, ``waiting``, ``watching`` as it takes them), in ``rect``
    (``legend_height`` tall)."""
    s = scale
    colours = (theme.side0, theme.side1)
    y = tx.text(surface, _("Connections"), (rect.x, rect.y), int(15 * s), theme.muted, bold=True).bottom + int(4 * s)
    size, row_h, swatch = tx.small(13, s), int(18 * s), int(7 * s)
    labels = _legend_labels(game, mover)
    painters: list[Any] = [
        lambda c: _swatch_hex(surface, c, swatch, (*DEAD_GREY,), cross=True),
        lambda c: _swatch_hex(surface, c, swatch, captured_fill(theme, 0), right=captured_fill(theme, 1)),
    ]
    for side in (mover, 1 - mover):
        colour = colours[side]
        tint = carrier_tint(theme, side, mover)
        painters.append(  # a carrier cell with its line
            lambda c, colour=colour, tint=tint: (_swatch_hex(surface, c, swatch, tint), pygame.draw.line(
                surface, colour, (c[0] - swatch, c[1]), (c[0] + swatch, c[1]), max(2, int(3 * s)))))
    painters.append(lambda c: _swatch_hex(surface, c, swatch, theme.hint, outline=True))
    column = rect.width // 2
    cells = _legend_cells(game, mover, s, rect.width)
    for label, draw, (row, place, span) in zip(labels, painters, cells):
        x = rect.x + place * column
        centre = (x + swatch + int(2 * s), y + row * row_h + row_h // 2)
        draw(centre)
        tx.text(surface, tx.fit(label, size, span * column - _label_indent(s) - int(4 * s)),
                (x + _label_indent(s), centre[1]), size, theme.text, "midleft")
    y += (cells[-1][0] + 1) * row_h
    line = status_text(game, knowledge, mover, running, waiting, watching)
    if line:
        tx.text(surface, tx.fit(line, size, rect.width, bold=True), (rect.x, y + int(4 * s)), size, theme.accent, bold=True)


def _swatch_hex(surface: pygame.Surface, centre: tuple[int, int], radius: int, colour, cross: bool = False,
                outline: bool = False, right=None) -> None:
    points = [(centre[0] + radius * math.cos(math.radians(60 * k - 30)),
               centre[1] + radius * math.sin(math.radians(60 * k - 30))) for k in range(6)]
    if outline:
        pygame.draw.polygon(surface, colour, points, 2)
        return
    pygame.draw.polygon(surface, colour, points)
    if right is not None:  # the two captors' tints, half and half
        pygame.draw.polygon(surface, right, [centre, *points[:3]])
    if cross:
        d = radius * 0.6
        dark = mix(colour, (20, 20, 24), 0.6)
        pygame.draw.line(surface, dark, (centre[0] - d, centre[1] - d), (centre[0] + d, centre[1] + d), 2)
        pygame.draw.line(surface, dark, (centre[0] - d, centre[1] + d), (centre[0] + d, centre[1] - d), 2)


def _int(point: tuple[float, float]) -> tuple[int, int]:
    return int(round(point[0])), int(round(point[1]))
