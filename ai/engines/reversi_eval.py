"""What an Othello player knows, as a static evaluation over bitboards (no search here).

The features are the classic ones (Rosenbloom's Iago, Buro's Logistello in simplified form):
- mobility: how many moves each side has.  Having moves and taking the opponent's away is the
  heart of Othello strategy, much more than having discs;
- potential mobility: empty squares next to enemy discs (frontier), the moves of the future;
- corners, which can never be flipped, and the X-squares (diagonally next to an empty corner)
  and C-squares (beside it on the edge) that hand the corner to the opponent;
- stable discs: discs on an edge joined to an owned corner by a run of own discs;
- parity: with an odd number of empties the side to move expects to play the last move;
- discs themselves only count near the end.

Weights change with the phase (number of empty squares): mobility early, stability and discs
late.  The value is from the side to move's point of view, in "points" well inside +-9000 so the
search can place proven results (10000 per disc) above every estimate.
"""

from __future__ import annotations

from functools import lru_cache

from ai.data import ChecksumError, verified
from ai.imports import import_engine
from games.reversi import Geometry, move_mask

EVAL_LIMIT = 9000


class Features:
    """Masks of the special squares of one board size."""

    def __init__(self, geo: Geometry) -> None:
        n = geo.size
        self.geo = geo
        last = n - 1
        col0 = sum(1 << (r * n) for r in range(n))
        self.not_first_col = geo.full & ~col0
        self.not_last_col = geo.full & ~(col0 << last)
        corners = [(0, 0, 1, 1), (0, last, 1, -1), (last, 0, -1, 1), (last, last, -1, -1)]
        self.corners = 0
        # per corner: (corner bit, x-square bit, c-squares mask, the two edge runs from it)
        self.corner_info: list[tuple[int, int, int, tuple[tuple[int, ...], ...]]] = []
        for r, c, dr, dc in corners:
            bit = 1 << (r * n + c)
            self.corners |= bit
            x_sq = 1 << ((r + dr) * n + c + dc)
            c_sq = (1 << (r * n + c + dc)) | (1 << ((r + dr) * n + c))
            along_row = tuple(1 << (r * n + c + dc * k) for k in range(1, n))
            along_col = tuple(1 << ((r + dr * k) * n + c) for k in range(1, n))
            self.corner_info.append((bit, x_sq, c_sq, (along_row, along_col)))
        # a static value per square, for move ordering where counting mobility is too dear
        self.square_value = tuple(self._square_value(i, n) for i in range(geo.cells))

    @staticmethod
    def _square_value(i: int, n: int) -> int:
        r, c = divmod(i, n)
        edge_r, edge_c = min(r, n - 1 - r), min(c, n - 1 - c)
        if edge_r == 0 and edge_c == 0:
            return 100  # corner
        if edge_r == 1 and edge_c == 1 and n > 4:
            return -50  # X-square
        if (edge_r == 0 and edge_c == 1) or (edge_r == 1 and edge_c == 0):
            return -20  # C-square
        if edge_r == 0 or edge_c == 0:
            return 10  # edge
        if edge_r == 1 or edge_c == 1:
            return -5  # the ring next to the edge gives access to it
        return 1

    def around(self, discs: int) -> int:
        """Every square next to one of ``discs`` (king moves), the discs themselves excluded."""
        n = self.geo.size
        h = discs | ((discs & self.not_last_col) << 1) | ((discs & self.not_first_col) >> 1)
        return (h | (h << n) | (h >> n)) & self.geo.full & ~discs

    def stable_edge_discs(self, discs: int) -> int:
        """Discs of ``discs`` on an edge run that starts at one of their own corners."""
        stable = 0
        for corner, _, _, runs in self.corner_info:
            if not discs & corner:
                continue
            stable |= corner
            for run in runs:
                for bit in run:
                    if not discs & bit:
                        break
                    stable |= bit
        return stable


@lru_cache(maxsize=8)
def features(geo: Geometry) -> Features:
    return Features(geo)


def phase_weights(empties: int, cells: int) -> tuple[float, float, float, float, float, float, float]:
    """(mobility, potential mobility, corner, x-square, c-square, stable, disc) weights."""
    t = 1.0 - empties / cells  # 0 at the start, 1 when the board is full
    return (
        120.0 - 40.0 * t,  # mobility, as a share of the moves of both sides (see evaluate)
        8.0 - 4.0 * t,  # potential mobility, per square
        80.0,  # corner
        40.0 * (1.0 - t),  # X-square next to an empty corner
        12.0 * (1.0 - t),  # C-square next to an empty corner
        12.0 + 8.0 * t,  # stable disc
        max(0.0, 6.0 * (t - 0.7) / 0.3),  # a disc, only in the last 30% of the game
    )


def evaluate(me: int, opp: int, feats: Features, my_moves: int | None = None) -> float:
    """Static value for the side to move (``me``), within +-EVAL_LIMIT."""
    geo = feats.geo
    empty = geo.full & ~(me | opp)
    empties = empty.bit_count()
    w_mob, w_pot, w_corner, w_x, w_c, w_stable, w_disc = phase_weights(empties, geo.cells)
    if my_moves is None:
        my_moves = move_mask(me, opp, geo)
    m1 = my_moves.bit_count()
    m2 = move_mask(opp, me, geo).bit_count()
    score = w_mob * (m1 - m2) / (m1 + m2 + 2)
    score += w_pot * ((empty & feats.around(opp)).bit_count() - (empty & feats.around(me)).bit_count())
    occupied = me | opp
    if occupied & feats.corners:
        score += w_corner * ((me & feats.corners).bit_count() - (opp & feats.corners).bit_count())
        score += w_stable * (feats.stable_edge_discs(me).bit_count() - feats.stable_edge_discs(opp).bit_count())
    for corner, x_sq, c_sq, _ in feats.corner_info:
        if not occupied & corner:
            score -= w_x * ((me & x_sq).bit_count() - (opp & x_sq).bit_count())
            score -= w_c * ((me & c_sq).bit_count() - (opp & c_sq).bit_count())
    if w_disc:
        score += w_disc * (me.bit_count() - opp.bit_count())
    if empties & 1:
        score += 4.0  # parity: the side to move expects the last move
    else:
        score -= 4.0
    return max(-EVAL_LIMIT, min(EVAL_LIMIT, score))


# -- the learned pattern evaluation (8x8) ----------------------------------------------------------
WEIGHTS_FILE = "reversi_weights.npz"  # made by tools/reversi_train.py; see ai/data/README.md
PROBCUT_FILE = "reversi_probcut.npz"  # made by tools/reversi_probcut.py
QUANT = 256  # stored weights are int16 in 1/QUANT discs


@lru_cache(maxsize=1)
def pattern_weights():
    """The learned evaluation as the kernel search reads it: (packed pattern instances, weights of
    every stage spread over every flat index, in discs), or None when no weights file is shipped.

    The file's SHA-256 must be the one tools/reversi_train.py recorded in ai/data/checksums.json;
    a damaged or stale file raises ``ChecksumError`` rather than play with wrong weights."""
    import numpy as np

    from ai import data

    if not verified(WEIGHTS_FILE):
        return None
    kernel = import_engine("ai.kernels.reversi_patterns")
    patterns = kernel.PatternSet()
    with np.load(data.path(WEIGHTS_FILE)) as stored:
        slots = np.unique(patterns.canonical)
        if stored["weights"].shape != (kernel.STAGES, len(slots)):
            raise ChecksumError(f"{WEIGHTS_FILE} was made for another pattern set")
        weights = np.zeros((kernel.STAGES, patterns.features), np.float32)
        weights[:, slots] = stored["weights"].astype(np.float32) / QUANT
    return kernel.packed(patterns), kernel.expanded(patterns, weights)


def weights_summary() -> dict:
    """How the shipped weights were made (``made``: the command and counts) and ``handset_scale``,
    the factor that turns this module's hand-set points into discs (fitted on the same training
    positions, for comparing the two evaluations)."""
    import numpy as np

    from ai import data

    pattern_weights()  # checks the file
    with np.load(data.path(WEIGHTS_FILE)) as stored:
        return {"made": str(stored["summary"]), "handset_scale": float(stored["handset_scale"])}


@lru_cache(maxsize=1)
def probcut_parameters():
    """The multi-ProbCut parameters the kernel search reads (``params[stage, depth]`` = shallow depth,
    a, b, sigma; see ``probcut_bounds`` in ai/kernels/reversi.py), or None when none are shipped.
    Checked against their recorded checksum like the weights."""
    import numpy as np

    from ai import data

    if not verified(PROBCUT_FILE):
        return None
    with np.load(data.path(PROBCUT_FILE)) as stored:
        return np.ascontiguousarray(stored["params"], np.float64)
