"""The evaluation graph: who stood better after each ply, as in the replay viewer.

``draw_graph`` draws it (the replay viewer's panel, and under the board of a game in analysis
mode); above the middle line the first side is better, on ui/analysis.py's ``normalise`` scale
(-1 the first side loses .. +1 it wins), so the graph, the eval bar and the replay tell one story.

During a game the points come from what the engines said while it was played
(``LiveEvaluations``): a computer's move brings its search's final report about the position it
moved from; analysis mode brings its best move's value for every position it looks at (the live
one, or one browsed to), and each move's value there as the value of the position that move
reaches.  A ply's value is the one from the deepest search that valued its position (``deeper``:
plies, or playouts for Monte Carlo), a proof beating any depth; at equal depth the newest, so the
graph sharpens as analysis deepens.  The weaker levels' own values (``NOISY_LEVELS``: they choose
with noise, and report the value of the move chosen, searched a few plies) rank below any of
analysis': a level 3 three plies deep drew Rastros' North better where analysis, nine plies
deep, said South, and the graph flipped side every ply.  The eval bar shows the graph's value
of the ply shown (ui/eval_bar.py), so the two never disagree.  The replay lays analysis mode's
values over its background analysis by the same rule (``LiveEvaluations.over``).
A finished game's last position is valued by the rules.
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Callable, Hashable, Mapping, Sequence
from operator import itemgetter
from typing import Any, NamedTuple

import pygame

from ai.move_values import MoveValue
from ai.roster import LEVEL_IDS
from games.base import Game, State
from games.record_parts import PlyValue, ProofMeasure
from ui import text as tx
from ui.analysis import (
    Opinion,
    deeper,
    has_honest_value,
    is_blank,
    opinion_from_progress,
    saved_lines,
    saved_opinion,
    search_depth,
    terminal_opinion,
    values,
)
from ui.analysis_mode import MIN_VISITS
from ui.i18n import _
from ui.theme import Theme, readable
from ui.widgets import legible, mix

HEIGHT = 78  # unscaled pixels of the graph under a game's board


def carve(board: pygame.Rect, scale: float, shown: bool) -> tuple[pygame.Rect, pygame.Rect]:
    """Split a game's board rectangle: (the board's part, the graph's strip at its bottom)."""
    if not shown:
        return board, pygame.Rect(board.x, board.bottom, 0, 0)
    height, gap = int(HEIGHT * scale), int(10 * scale)
    graph = pygame.Rect(board.x, board.bottom - height, board.width, height)
    return pygame.Rect(board.x, board.y, board.width, board.height - height - gap), graph


def snapshot_opinion(snapshot: Any) -> Opinion | None:
    """Analysis mode's verdict on its position (ai.move_values.MoveValues): its best move's value,
    for the side to move; None before any move is valued.  A proven best move proves the position
    when it wins, or once every move has a value (a move not valued yet might do better than a
    draw or a loss): before that it is an estimate."""
    best = None if snapshot is None else snapshot.best()
    if best is None:
        return None
    every_move_valued = snapshot.done or (snapshot.depth >= 1 and not snapshot.monte_carlo)
    if best.proven is None or best.proven > 0 or every_move_valued:
        return Opinion(best.score, best.kind, best.proven, snapshot.mover, best.unit, snapshot.stage,
                       value_measure(best))
    return Opinion(best.score, "mcts" if snapshot.monte_carlo else "alphabeta", None, snapshot.mover, best.unit,
                   snapshot.stage)


NOISY_LEVELS = LEVEL_IDS[:3]  # levels that choose with noise on purpose (ai/engines/*.py ``noise=``)
BELOW_ANALYSIS = -1  # the depth a noisy level's value ranks at: under any value analysis has


def child_opinion(value: MoveValue, mover: int, stage: float | None = None) -> Opinion:
    """Analysis' value of a move, for ``mover`` (the side to move before it): the value of the
    position the move reaches, said for that side (``Opinion.mover``), as the graph reads it;
    ``stage``: the position before it's (``MoveValues.stage``), one square off, inside the stage's
    band of five (ai/eval_scales.py ``REVERSI_POINT_DISCS_BY_EMPTIES``) but where it crosses one.
    A proof keeps its measure, a ply shorter: the move is played."""
    kind = "mcts" if value.kind == "mcts" else "alphabeta"
    measure = value_measure(value)
    return Opinion(value.score, kind if value.proven is None else value.kind, value.proven, mover, value.unit, stage,
                   None if measure is None else measure.one_ply_on())


def value_measure(value: MoveValue) -> ProofMeasure | None:
    """How big the proof of analysis' value of a move is (``games.record_parts.ProofMeasure``), its
    plies counted from the position before the move; None where it proves nothing or does not
    measure it."""
    if value.proven is None:
        return None
    return ProofMeasure.of(value.plies, value.plies_at_most, value.margin, bool(value.bound))


def carries_over(value: MoveValue, monte_carlo: bool) -> bool:
    """Whether a move's value is kept as the value of the position it reaches: a proof always (a
    proof found before the move was played proves the position after it; Hex's solved map proves
    Red's stones with no playout, and the bar read the new position's "61%" after a lost a1), an
    estimate unless it is a Monte Carlo rate of a move hardly tried (``MIN_VISITS``: noise)."""
    return value.proven is not None or not monte_carlo or value.visits >= MIN_VISITS


def child_depth(value: MoveValue) -> int:
    """How deep analysis searched the position a move reaches: the move's plies less the move
    itself, or its playouts."""
    return search_depth(value.kind, max(0, value.depth - 1), value.visits)


class GraphLines(NamedTuple):
    """What the graph draws of a game: each position's opinion, its point, and how deep its
    search went (the eval bar says that depth where the panel's line stands on a shallower one)."""

    opinions: list[Opinion | None]
    points: list[float | None]
    depths: list[int]


class LiveEvaluations:
    """The engines' opinions of a game's positions, keyed by the moves that reach them, each the
    deepest known (``deeper``) with the depth it stands on."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.opinions: dict[tuple[str, ...], Opinion] = {}
        self.depths: dict[tuple[str, ...], int] = {}  # how deep the search of each opinion went
        self.searched: set[tuple[str, ...]] = set()  # positions a computer's own search valued
        self._kept: dict[str, tuple[Hashable, Any]] = {}  # each graph's last inputs and result (``_once``)

    def from_search(self, moves: tuple[str, ...], progress: Any, noisy: bool = False) -> bool:
        """A computer moved from the position ``moves`` reach; ``progress``: its search's last report
        (left out when it has no value in the game's unit, as the panel leaves it out: analysis,
        if on, gives that position its value).  ``noisy``: a weak level (``NOISY_LEVELS``), whose
        value yields to any of analysis'.  True if it was kept.  ``progress`` is the worker's
        report (``ui.ai_worker.AIProgress``), which says its position's side to move."""
        opinion = opinion_from_progress(progress, progress.mover)
        if not has_honest_value(self.game.id, opinion):
            return False
        self.searched.add(moves)
        depth = BELOW_ANALYSIS if noisy else search_depth(opinion.kind, progress.depth, progress.nodes)
        return self.from_opinion(moves, opinion, depth)

    def from_analysis(self, moves: tuple[str, ...], snapshot: Any, texts: Mapping[Hashable, str] | None = None
                      ) -> bool:
        """Analysis mode's newest snapshot of the position ``moves`` reach, and, through ``texts``
        (each move's notation), each move's value as that of the position it reaches; True if any
        was kept."""
        opinion = snapshot_opinion(snapshot)
        if opinion is None:
            return False
        depth = search_depth(opinion.kind, snapshot.reach(), snapshot.nodes)
        kept = self.from_opinion(moves, opinion, depth)
        for move, value in snapshot.values.items():
            text = (texts or {}).get(move)
            if text is not None and carries_over(value, snapshot.monte_carlo):
                kept |= self.from_opinion((*moves, text), child_opinion(value, snapshot.mover, snapshot.stage),
                                          child_depth(value))
        return kept

    def from_opinion(self, moves: tuple[str, ...], opinion: Opinion, depth: int) -> bool:
        """``opinion`` of the position ``moves`` reach, from a search ``depth`` deep, replaces what
        is known of it if it is ``deeper``; True if it was kept."""
        known = self.opinions.get(moves)
        if known is not None and (not deeper(opinion, depth, known, self.depths[moves])
                                  or (known == opinion and depth == self.depths[moves])):
            return False
        self.opinions[moves], self.depths[moves] = opinion, depth
        self._kept.clear()  # the graph's scale and points change with any opinion
        return True

    def over(self, moves: Sequence[str], opinions: Sequence[Opinion | None], depths: Sequence[int],
             points: Sequence[float | None]) -> GraphLines:
        """A replay's background analysis of the game ``moves`` (``opinions`` of its positions,
        the start included, the ``depths`` they stand on and the graph's ``points``) with these
        opinions laid over it where ``deeper``: the graph the replay draws and its bar shows.
        A position these add nothing to keeps its point as it was (a saved record's point without
        an opinion too), but a forced one, whose point is the next's (``forced_through``)."""
        merged, merged_depths, laid = list(opinions), list(depths), set()
        for i, known in enumerate(opinions):
            key = tuple(moves[:i])
            mine = self.opinions.get(key)
            if mine is not None and (known is None or deeper(mine, self.depths[key], known, depths[i])):
                merged[i], merged_depths[i] = mine, self.depths[key]
                laid.add(i)
        if not laid:
            return GraphLines(merged, list(points), merged_depths)
        laid |= {i for i, opinion in enumerate(merged) if opinion is not None and is_blank(opinion)}  # their successors'
        fresh = self._once("over", tuple(merged), lambda: values(self.game.id, merged))
        return GraphLines(merged, [fresh[i] if i in laid else point for i, point in enumerate(points)], merged_depths)

    def along(self, moves: Sequence[str]) -> list[Opinion | None]:
        """The opinions of the positions ``moves`` pass through, the start included: None where no
        engine has spoken yet."""
        return [self.opinions.get(tuple(moves[:i])) for i in range(len(moves) + 1)]

    def depths_along(self, moves: Sequence[str]) -> list[int | None]:
        """How deep the search of each opinion ``along`` the same positions went (None where none)."""
        return [self.depths.get(tuple(moves[:i])) for i in range(len(moves) + 1)]

    def take_up(self, moves: Sequence[str], ply_values: Sequence[PlyValue | None] | None) -> None:
        """A continued game's graph as its record saved it (``GameRecord.ply_values``, one a
        position of ``moves``), so that its next save keeps the values of the part played before."""
        if ply_values is None or len(ply_values) != len(moves) + 1:
            return
        for i, value in enumerate(ply_values):
            if value is not None:
                self.from_opinion(tuple(moves[:i]), saved_opinion(value), value.depth)

    def saved(self, moves: Sequence[str], last: State) -> tuple[list[float | None] | None, list[PlyValue | None] | None]:
        """The graph of the game ``moves`` (``last``: the position after them) as its record saves
        it: each position's point and the search behind it (``GameRecord.evaluations``,
        ``ply_values``), so that its replay draws this graph at once rather than search every
        position again; (None, None) while no engine has spoken."""
        opinions = self._graphed(moves, last)
        return saved_lines(opinions, values(self.game.id, opinions), self.depths_along(moves))

    def points(self, moves: Sequence[str], last: State) -> list[float | None]:
        """The graph's points for the game ``moves`` (``last``: the position after them): one per
        position, the start included, None where no engine has spoken yet.  Worked out once for
        each change of the opinions, the moves or the result (``_points``): a drawing in analysis
        mode asks for them twice or more (the graph, the bar, the panel's line), and ``values``
        scaled every opinion of the game afresh (``eval_scale``) at each."""
        key = tuple(moves), terminal_opinion(last) if last.is_terminal() else None
        return list(self._once("points", key, lambda: values(self.game.id, self._graphed(moves, last))))

    def _once(self, graph: str, key: Hashable, work: Callable[[], list[float | None]]) -> list[float | None]:
        """``graph``'s points (``points``, the replay's ``over``), worked out by ``work`` once for
        each change of the opinions (``from_opinion`` forgets them) or of ``key``, what else they
        are worked out from: a drawing asks for them twice or more (the graph, the bar, the
        panel's line), and ``values`` scales every opinion of the game afresh (``eval_scale``)."""
        kept = self._kept.get(graph)
        if kept is None or kept[0] != key:
            kept = self._kept[graph] = key, work()
        return kept[1]

    def _graphed(self, moves: Sequence[str], last: State) -> list[Opinion | None]:
        """The opinions the graph draws along ``moves``: a finished game's last position its result."""
        opinions = self.along(moves)
        if last.is_terminal():
            opinions[-1] = terminal_opinion(last)
        return opinions


def draw_graph(surface: pygame.Surface, rect: pygame.Rect, points: Sequence[float | None], game: Game,
               theme: Theme, scale: float, plies: int, current: int | None = None,
               taken: Sequence[pygame.Rect] = (), top_side: int = 0,
               marks: Callable[[Callable[[int, float], tuple[int, int]]], object] | None = None,
               label_size: int | None = None) -> Callable[[int, float], tuple[int, int]] | None:
    """The graph of ``points`` (one per position of a ``plies``-move game) in ``rect``: the area
    between the line and the middle in the colour of the side better off, the sides' names (kept
    off the ``taken`` places, where the caller writes over the graph), and a cursor at the position
    ``current``.  ``top_side`` is better above the middle: the side the board shows at the bottom
    (``BoardView.near_side``), as the eval bar fills from the bottom with it; a board turned after
    a rematch showed Black at the bottom and the graph White on top.  ``marks`` draws the caller's
    marks on the curve (the replay's biggest drop), given the point-to-pixel mapping, before the
    names, whose plates stay over them: the drop's ring was drawn over "Escuro em vantagem".
    ``label_size``: the names' pixels (the small print at ``scale`` if None), the replay's panel's
    own small print (``ReplayScene._small``).
    Returns that mapping of ``points``' values (None if too small)."""
    r = rect
    if r.height < 20:
        return None
    s = scale
    ground = graph_ground(theme)
    pygame.draw.rect(surface, ground, r, border_radius=int(6 * s))
    n = max(1, plies)
    mid = r.centery
    pygame.draw.line(surface, middle_line_colour(theme, ground), (r.x, mid), (r.right, mid), 1)

    sign = 1 if top_side == 0 else -1  # points are the first side's; up is ``top_side``'s
    known = [(i, v) for i, v in enumerate(points) if v is not None]
    size = tx.small(11, s) if label_size is None else label_size
    names = [_("{side} better").format(side=_(game.sides[side])) for side in (top_side, 1 - top_side)]
    reach, places = _names_placed(r, [tx.ui_font(size).size(name) for name in names], known, n, sign, s, taken)

    def xy(i: int, v: float) -> tuple[int, int]:
        return (r.x + int(i * (r.width - 1) / n), int(mid - sign * v * reach))

    from ui.scenes.panel_cards import side_colour

    # each side in its own colour, as on the bar and the board (Black's and White's too), made to
    # stand out from the graph's ground
    sides = [side_colour(game.sides[side], side, theme) for side in (top_side, 1 - top_side)]
    colours = [legible(colour, ground, theme.text, 0.25) for colour in sides]
    for (i0, v0), (i1, v1) in zip(known, known[1:]):
        if i1 != i0 + 1:
            continue
        for a, b, better in _fill_pieces(xy(i0, v0), xy(i1, v1), mid):
            fill = colours[0] if better > 0 else colours[1]  # above the middle: the top side's
            pygame.draw.polygon(surface, mix(fill, ground, 0.45), [(a[0], mid), a, b, (b[0], mid)])
    curve = [xy(i, v) for i, v in known]
    if len(known) > 1:
        pygame.draw.lines(surface, theme.text, False, curve, max(1, int(2 * s)))
    elif known:
        pygame.draw.circle(surface, theme.text, curve[0], max(2, int(3 * s)))
    if current is not None:
        cx = xy(current, 0)[0]
        pygame.draw.line(surface, theme.accent, (cx, r.y + 2), (cx, r.bottom - 2), max(1, int(2 * s)))
    if marks is not None:
        marks(xy)
    if places[1].colliderect(places[0]):  # a graph at its shortest (the replay's list kept its rows)
        names, places = _names_side_by_side(r, names, [_(game.sides[side]) for side in (top_side, 1 - top_side)],
                                            size, curve, s, taken)
    for name, place, colour in zip(names, places, sides):  # the top side's first
        # on a plate of the ground: the area of a side far ahead covered its name, dark on dark
        # ("Black better" on Reversi's grey, "Norte melhor" on Rastros' red at 800x560)
        draw_plate(surface, r, place, theme, s)
        tx.text(surface, name, place.topleft, size, readable(colour, ground), "topleft")  # 4.5:1, as text
    return xy


def _fill_pieces(a: tuple[int, int], b: tuple[int, int], mid: int) -> list[tuple[tuple[int, int], tuple[int, int], int]]:
    """The pieces of the area between the curve's segment ``a``-``b`` and the middle line ``mid``,
    each with the side better there (1: the graph's upper side, -1: its lower): a segment that
    crosses the middle is cut where it crosses, so each side's part is in that side's colour.
    Filled whole in the colour of its larger part, a Red-better ply between two Blue-better
    ones (a watched game's two engines disagreeing) was all blue, under the line as over it."""
    above_a, above_b = mid - a[1], mid - b[1]
    if above_a * above_b >= 0:  # on one side (or touching the middle)
        return [(a, b, 1 if above_a + above_b >= 0 else -1)]
    x = a[0] + (b[0] - a[0]) * above_a / (above_a - above_b)
    cross = (round(x), mid)
    return [(a, cross, 1 if above_a > 0 else -1), (cross, b, 1 if above_b > 0 else -1)]


def _names_placed(r: pygame.Rect, sizes: list[tuple[int, int]], known: list[tuple[int, float]], n: int, sign: int,
                  scale: float, taken: Sequence[pygame.Rect]) -> tuple[float, list[pygame.Rect]]:
    """How far from the middle line of the graph ``r`` a value of 1 reaches, in pixels, and where
    the sides' names go (``sizes``: theirs, the top side's first; ``_label_place``), for the
    ``known`` values of an ``n``-ply game (``sign``: up is the first side's).  The whole half
    height, where both names find a place the curve keeps clear of; else the curve keeps under
    a band along the top edge and over one along the bottom, each a name high, and the names go
    there: in a Trax replay the values swing from side to side ply after ply, no place in either
    half was clear, and the line ran through "Claro em vantagem" on its plate."""
    full = r.height / 2 - 4

    def placed(reach: float) -> tuple[list[pygame.Rect], bool]:
        curve = [(r.x + int(i * (r.width - 1) / n), int(r.centery - sign * v * reach)) for i, v in known]
        found = [_label_place(r, size, top, curve, scale, taken) for size, top in zip(sizes, (True, False))]
        return [place for place, _hidden in found], not any(hidden for _place, hidden in found)

    places, clear = placed(full)
    if clear:
        return full, places
    gap = max(1, int(2 * scale))  # as ``_label_place`` keeps clear above and below a name
    band = max(height for _width, height in sizes) + 2 * gap + max(1, int(2 * scale))  # the curve's width too
    reach = max(full / 3, full - band)
    return reach, placed(reach)[0]


def _names_side_by_side(r: pygame.Rect, names: list[str], short: list[str], size: int, curve: list[tuple[int, int]],
                        scale: float, taken: Sequence[pygame.Rect]) -> tuple[list[str], list[pygame.Rect]]:
    """The sides' names on one row of a graph ``r`` too short for one in each half: the top
    side's at the left, the other's at the right, on the row that hides the least of the
    ``curve``; their short forms (``short``: the sides' names alone, a legend of the colours)
    where the whole ones do not both fit across, and the top side's alone only where neither
    pair does.  The top side's name alone left a 35-pixel graph in a Hex replay (800x560,
    Larger text) saying "Blue better" and nothing of Red."""
    margin, gap = int(6 * scale), max(1, int(2 * scale))  # as ``_label_place`` keeps clear round a name
    font = tx.ui_font(size)
    for words in (names, short):
        (w0, h0), (w1, h1) = (font.size(word) for word in words)
        if w0 + w1 + 3 * margin > r.width:
            continue
        high = max(h0, h1)
        rows = range(r.y + gap, r.bottom - high - gap + 1, max(1, high // 4)) or [r.centery - high // 2]
        pairs = [(pygame.Rect(r.x + margin, y, w0, h0), pygame.Rect(r.right - margin - w1, y, w1, h1)) for y in rows]
        best, least = pairs[0], math.inf
        for pair in [p for p in pairs if p[0].collidelist(list(taken)) < 0 and p[1].collidelist(list(taken)) < 0] or pairs:
            hidden = sum(_hidden_curve(place.inflate(2 * margin, 2 * gap), curve) for place in pair)
            if hidden < least:
                best, least = pair, hidden
        return list(words), list(best)
    return names[:1], [_label_place(r, font.size(names[0]), True, curve, scale, taken)[0]]


def graph_ground(theme: Theme) -> tuple[int, int, int]:
    """The colour of the graph's ground, between the panel's and the window's."""
    return mix(theme.panel, theme.background, 0.5)


def draw_plate(surface: pygame.Surface, graph: pygame.Rect, place: pygame.Rect, theme: Theme, scale: float) -> None:
    """A plate of the ``graph``'s ground under the words about to be written at ``place`` on it (a
    side's name, the replay's "Analysing… 28%"): the curve and the area of a side ahead ran through
    them, and the note's grey letters could not be read on a side's colour, crossed by the line."""
    pygame.draw.rect(surface, graph_ground(theme), place.inflate(int(8 * scale), 0).clip(graph),
                     border_radius=int(4 * scale))


def middle_line_colour(theme: Theme, ground: tuple[int, int, int]) -> tuple[int, int, int]:
    """The graph's middle line (even: above it the first side is better), a muted shade standing
    3:1 (WCAG's floor for graphics) from the graph's ``ground``: on the light theme it stood 2.3:1,
    and where no side's area rose from it the graph had no visible middle."""
    return readable(mix(theme.muted, theme.panel, 0.4), ground, 3.0)


def _label_place(r: pygame.Rect, size: tuple[int, int], top: bool, curve: list[tuple[int, int]],
                 scale: float, taken: Sequence[pygame.Rect] = ()) -> tuple[pygame.Rect, float]:
    """Where a side's name goes in its half of the graph ``r`` (the first side's the top half):
    along the half's outer edge -- the left corner, else the right, else the first place between
    them -- that the ``curve`` (its points in pixels, left to right) keeps clear of; where the
    curve runs along that whole edge (a side ahead all game), the first such row further in, under
    or over the curve; where no place is clear, the one that hides the least of it.  A name drawn
    over the curve hid a stretch of it, and the line entered and left it at its edges, as if
    crossing the words.  A place over a ``taken`` one (a note written on the graph) is not used:
    the name went to the top right corner, over "Analysing… 28%".  With the place, how much of the
    curve it hides (``_hidden_curve``)."""
    margin, gap = int(6 * scale), max(1, int(2 * scale))  # the room kept clear beside a name, and above and below it
    places = _label_places(r, size, top, margin, max(gap, size[1] // 4))
    best, least = None, math.inf
    for place in [p for p in places if p.collidelist(list(taken)) < 0] or places:
        hidden = _hidden_curve(place.inflate(2 * margin, 2 * gap), curve, least)
        if hidden < least:
            best, least = place, hidden
            if not hidden:
                break
    return best, least


def _label_places(r: pygame.Rect, size: tuple[int, int], top: bool, margin: int, step: int) -> list[pygame.Rect]:
    """The places a side's name may take in its half of the graph ``r``, row by row (``step``
    pixels apart) from the outer edge in to the middle line; in each row the left corner, the
    right, then the places between, a quarter of the name apart."""
    left, right = r.x + margin, r.right - margin - size[0]
    xs = [left, right, *range(left + max(1, size[0] // 4), right, max(1, size[0] // 4))]
    rows = (range(r.y + 4, r.centery - size[1] + 1, step) if top
            else range(r.bottom - 4, r.centery + size[1] - 1, -step))
    places = []
    for y in rows:
        for x in xs:
            place = pygame.Rect((x, 0), size)
            if top:
                place.top = y
            else:
                place.bottom = y
            places.append(place)
    return places or [pygame.Rect((left, r.y + 4 if top else r.bottom - 4 - size[1]), size)]


def _hidden_curve(area: pygame.Rect, curve: list[tuple[int, int]], enough: float = math.inf) -> float:
    """How much of the ``curve`` (its points in pixels, left to right) ``area`` covers, in pixels;
    the count stops at ``enough`` (a place that hides that much is no better than one found)."""
    if len(curve) == 1:
        return 1.0 if area.collidepoint(curve[0]) else 0.0
    # the segments across the area's columns: from the last point left of it to the first right of it
    first = max(0, bisect.bisect_left(curve, area.left, key=itemgetter(0)) - 1)
    last = bisect.bisect_left(curve, area.right, key=itemgetter(0)) + 1
    hidden = 0.0
    for a, b in zip(curve[first:last], curve[first + 1:last]):
        inside = area.clipline(a, b)
        if inside:
            hidden += max(1.0, math.dist(*inside))
            if hidden >= enough:
                break
    return hidden


def ply_at(rect: pygame.Rect, x: int, plies: int) -> int:
    """The position (plies from the start) a click at ``x`` on the graph points at."""
    t = (x - rect.x) / max(1, rect.width)
    return max(0, min(plies, round(t * plies)))
