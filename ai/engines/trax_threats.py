"""Trax threat analysis: what a placement completes, where new threats can appear, and an evaluation.

Why a Trax engine is built on threats rather than on full-width search: on a 25x25 board a
position easily has 150+ legal placements and each one is a whole turn (forced tiles included),
so even two full plies do not fit in the course's one second in Python.  Wins, however, are rare
and local: a placement without forced tiles can only finish a line at the board's edge (a loop
needs two ends of one path to meet, and two same-colour ends never share an empty cell); every
other win goes through forced tiles next to the path ends that changed.  So we

- classify every placement of a position once (``analyse``: legal or not, which colours' loops or
  lines its turn completes), with a fast path for placements that force nothing;
- after a move, look for new wins only near what the move changed (``region`` and ``wins_near``);
- evaluate quiet positions from the path ends alone (``evaluate``): how far each path reaches
  towards a line and how close its two ends are to closing a loop.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from games.trax import DARK, LIGHT, OPPOSITE, SIDES, TILES, Trax, TraxState

_MISSING = object()


@lru_cache(maxsize=32)
def _near(size: int, radius: int = 2) -> tuple[tuple[int, ...], ...]:
    """For each cell, the cells within Manhattan distance ``radius`` (itself included)."""
    table = []
    for i in range(size * size):
        r, c = divmod(i, size)
        table.append(tuple((r + dr) * size + c + dc for dr in range(-radius, radius + 1)
                           for dc in range(-radius + abs(dr), radius - abs(dr) + 1)
                           if 0 <= r + dr < size and 0 <= c + dc < size))
    return tuple(table)


def colour_bit(colour: int) -> int:
    return 1 << colour


def effect(game: Trax, state: TraxState, cell: int, tile: int) -> int | None:
    """Bitmask of the colours (1 light, 2 dark) whose loop or line the turn completes; None if illegal.

    Checks everything ``play`` checks (empty, touching, matching, forced tiles) without building
    the new state.
    """
    cells = state.cells
    if cells[cell] or cell not in state.frontier:
        return None
    light, dark = game.entering(cells, cell)
    if tile & light != light or tile & dark:
        return None
    return _completed(game, state, cell, tile)


def _completed(game: Trax, state: TraxState, cell: int, tile: int) -> int | None:
    """``effect`` of a tile already known to fit ``cell`` of the frontier (``analyse`` has checked)."""
    cells = state.cells
    entering = game.entering
    for bit, other, _ in game.links[cell]:
        if not cells[other]:
            l2, d2 = entering(cells, other)
            if l2 if tile & bit else d2:
                order = game.forced_fill(cells, cell, tile)
                return None if order is None else _joins(game, state, order)
    return _edge_line(game, state, cell, tile)


def _edge_line(game: Trax, state: TraxState, cell: int, tile: int) -> int:
    """A placement with no forced tiles completes at most a line, and only at the board's edge."""
    nbrs = game.neighbours[cell]
    cells = state.cells
    made = 0
    for colour in (LIGHT, DARK):
        a, b = SIDES[tile][colour]
        for inner, outer in ((a, b), (b, a)):
            other = nbrs[inner]
            if nbrs[outer] < 0 and other >= 0 and cells[other]:
                far = state.ends[other << 2 | OPPOSITE[inner]][0]
                if game.neighbours[far >> 2][far & 3] < 0 and (far & 3) == OPPOSITE[outer]:
                    made |= 1 << colour
    return made


def _joins(game: Trax, state: TraxState, order: list[tuple[int, int]]) -> int:
    """Replay the path bookkeeping of ``Trax._join`` on an overlay; the colours completed."""
    cells, ends = state.cells, state.ends
    changes: dict[int, object] = {}
    laid: set[int] = set()
    made = 0

    def get(port: int):
        v = changes.get(port, _MISSING)
        return ends.get(port) if v is _MISSING else v

    for cell, tile in order:
        nbrs = game.neighbours[cell]
        for colour in (LIGHT, DARK):
            a, b = SIDES[tile][colour]
            oa, ob = nbrs[a], nbrs[b]
            pa = oa << 2 | OPPOSITE[a] if oa >= 0 and (cells[oa] or oa in laid) else -1
            pb = ob << 2 | OPPOSITE[b] if ob >= 0 and (cells[ob] or ob in laid) else -1
            ea = get(pa) if pa >= 0 else None
            if pa >= 0 and pb >= 0 and ea[0] == pb:
                made |= 1 << colour
                changes[pa] = changes[pb] = None
                continue
            far_a, len_a = ea if pa >= 0 else (cell << 2 | a, 0)
            far_b, len_b = get(pb) if pb >= 0 else (cell << 2 | b, 0)
            if pa >= 0:
                changes[pa] = None
            if pb >= 0:
                changes[pb] = None
            length = len_a + len_b + 1
            changes[far_a] = (far_b, length)
            changes[far_b] = (far_a, length)
            if (game.neighbours[far_a >> 2][far_a & 3] < 0 and game.neighbours[far_b >> 2][far_b & 3] < 0
                    and (far_a & 3) == OPPOSITE[far_b & 3]):
                made |= 1 << colour
        laid.add(cell)
    return made


def analyse(game: Trax, state: TraxState, cells_to_try=None) -> dict[int, int]:
    """Every legal placement (at ``cells_to_try``, default the whole frontier) -> colours it completes."""
    board = state.cells
    frontier = state.frontier if cells_to_try is None else [c for c in cells_to_try if c in state.frontier]
    result = {}
    for cell in sorted(frontier):
        light, dark = game.entering(board, cell)
        for tile in TILES:
            if tile & light == light and not tile & dark:
                made = _completed(game, state, cell, tile)
                if made is not None:
                    result[cell << 4 | tile] = made
    return result


def region(game: Trax, before: TraxState, after: TraxState) -> set[int]:
    """Frontier cells of ``after`` near what the turn changed: its tiles and the ends of the paths it touched."""
    near = _near(game.size)
    seeds = [m >> 4 for m in after.turn]
    old = before.ends
    for port, value in after.ends.items():
        if old.get(port) != value:
            other = game.neighbours[port >> 2][port & 3]
            if other >= 0:
                seeds.append(other)
    cells: set[int] = set()
    for s in seeds:
        cells.update(near[s])
    return cells & after.frontier


def cells_near(game: Trax, moves, radius_cells: set[int] | None = None) -> set[int]:
    near = _near(game.size)
    cells: set[int] = set(radius_cells or ())
    for m in moves:
        cells.update(near[m >> 4])
    return cells


def wins_for(found: dict[int, int], colour: int) -> list[int]:
    """The placements of ``found`` (from ``analyse``) that win for the side playing ``colour``."""
    bit = 1 << colour
    return [m for m, made in found.items() if made & bit]


def still_wins(game: Trax, state: TraxState, move: int, colour: int) -> bool:
    made = effect(game, state, move >> 4, move & 15)
    return made is not None and bool(made & (1 << colour))


# -- evaluation ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Weights:
    """The evaluation's few numbers (kept together so that variants can be compared in matches)."""

    line: float = 8.0  # a path spanning the whole board (a line) is worth this much
    closeness: tuple[float, ...] = (2.5, 2.0, 1.0)  # a loop in the making, by the distance of its ends
    tempo: float = 1.1  # the side to move's bonus: its next tile extends its paths first
    opponent: float = 1.0  # the opponent's paths count this many times (1.25 and no tempo: the old level 5)


DEFAULT = Weights()


def evaluate(game: Trax, state: TraxState, colour: int, weights: Weights = DEFAULT) -> float:
    """Quiet value of ``state`` for the player of ``colour`` (positive: good), from the path ends.

    For each open path: how far apart its two ends are along a row or column (a line joins the
    two edges: the span reaches size + 1), and, for paths of a few tiles or more, how close its
    two ends are (ends one or two cells apart are a loop in the making).  Both sides' paths count
    alike, and the side to move has ``Weights.tempo`` more: its next tile extends them first.  So
    the value for one side is minus the other's, whoever moves, as a search's leaves need.  It
    weighed the opponent's paths 1.25 times instead ("they move next", true only for the side that
    had just moved), and analysis's values swung between odd and even depths: the side that moved
    last at a leaf was ahead by a tile nobody counted (+0.1, +1.0, -1.6 at depths 2, 3, 4 on
    @1+; ``python tools/trax_depth_values.py`` and docs/tuning/trax.md measure it).  1.1 points is
    where the odd depths' mean meets the even ones' on 10x10.
    """
    n = game.size
    cells = state.cells
    close = weights.closeness
    beyond = _beyond_table(n)
    line = _span_values(n, weights.line)
    value = [0.0, 0.0]
    for port, (other, length) in state.ends.items():
        if port > other:
            continue
        ra, ca = beyond[port]
        rb, cb = beyond[other]
        span = max(abs(ca - cb), abs(ra - rb))
        v = line[span]
        if length >= 3:
            d = abs(ra - rb) + abs(ca - cb)
            if 1 <= d <= len(close) and 0 <= ra < n and 0 <= rb < n and 0 <= ca < n and 0 <= cb < n:
                v += close[d - 1]
        value[0 if cells[port >> 2] >> (port & 3) & 1 else 1] += v
    tempo = weights.tempo if state.to_move == colour else -weights.tempo
    return value[colour] - weights.opponent * value[1 - colour] + tempo


@lru_cache(maxsize=64)
def _span_values(n: int, line: float) -> tuple[float, ...]:
    """A path's value by its span on an ``n`` x ``n`` board (0 .. n + 1), ``line`` for a line:
    ``evaluate``'s formula worked out once per board, to the same last bit."""
    return tuple((span / (n + 1)) ** 2 * line for span in range(n + 2))


@lru_cache(maxsize=32)
def _beyond_table(n: int) -> tuple[tuple[int, int], ...]:
    """``_beyond`` of every port of an ``n`` x ``n`` board, by port: ``evaluate`` reads it for
    each path end of every position the search values."""
    return tuple(_beyond(port, n) for port in range(n * n * 4))


def _beyond(port: int, n: int) -> tuple[int, int]:
    """(row, col) of the cell a port leads into (off the board: -1 or n)."""
    r, c = divmod(port >> 2, n)
    dr, dc = ((0, -1), (-1, 0), (0, 1), (1, 0))[port & 3]
    return r + dr, c + dc
