"""Fit the discs one point of Reversi's hand-set evaluation is worth, stage by stage, from self-play.

    .venv/bin/python tools/reversi_point_discs.py --games 1000 --seed 7 --band 5 --work /tmp/reversi-points

The hand-set evaluation (ai/engines/reversi_eval.py) weighs mobility and corners early and discs
late, so one factor for the whole game (tools/reversi_train.py's ``handset_scale``, fitted on 10-14
empties) misreads it everywhere else.  This tool reuses reversi_train.py's phases on its own work
folder: seeded self-play positions (``generate_positions``) and exact margins up to ``--exact``
empties (``exact_labels``); earlier positions are labelled by the learned pattern evaluation
(level 5's on 8x8, fitted to deep searches: the project's best estimate of a midgame margin, in
discs).  Each band of ``--band`` empties then gets the least-squares factor through the origin of
its labels on the hand-set points (a hundred of the evaluation's units), printed as the table
ai/eval_scales.py ``REVERSI_POINT_DISCS_BY_EMPTIES`` holds (by empties of 64; 6x6 and 10x10 read it
at the same share of squares empty, the stage the evaluation's weights move with), with each
band's positions and the mean error in discs of the one factor and of the band's own.  About 3.5 min
here (self-play 25 s, exact labels 3 min on a loaded machine); a rerun reads the work folder.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ai.engines.reversi_eval import pattern_weights  # noqa: E402
from ai.eval_scales import REVERSI_POINT_DISCS  # noqa: E402
from ai.kernels import reversi as kernel  # noqa: E402
from ai.kernels.reversi_patterns import packed_value  # noqa: E402
from tools.reversi_train import empties_of, exact_labels, generate_positions  # noqa: E402
from tools.usage import tool_parser, writes_and_takes  # noqa: E402

CELLS = 64


def handset_points(me: np.ndarray, opp: np.ndarray) -> np.ndarray:
    """The hand-set evaluation of each position (mover's view), in points."""
    geo = kernel.geometry(8)
    return np.array([kernel.evaluate(a, b, np.uint64(kernel.move_mask(a, b, geo)), geo) / 100.0
                     for a, b in zip(me, opp, strict=True)], float)


def learned_discs(me: np.ndarray, opp: np.ndarray) -> np.ndarray:
    """The learned pattern evaluation of each position (mover's view), in discs."""
    pat, weights = pattern_weights()
    return np.array([packed_value(a, b, pat, weights) for a, b in zip(me, opp, strict=True)], float)


def band_factors(points: np.ndarray, discs: np.ndarray, empties: np.ndarray, band: int) -> list[tuple]:
    """Per band of ``band`` empties (from the end): (most empties, filled share at its start,
    positions, factor, mean error of the one factor, mean error of the band's factor)."""
    rows = []
    for low in range(0, CELLS - 4, band):
        high = min(low + band, CELLS - 4)
        sel = (empties > low) & (empties <= high) & (points != 0)
        x, y = points[sel], discs[sel]
        factor = float(x @ y / (x @ x))
        rows.append((high, round(1 - high / CELLS, 3), int(sel.sum()), round(factor, 2),
                     round(float(np.abs(REVERSI_POINT_DISCS * x - y).mean()), 2),
                     round(float(np.abs(factor * x - y).mean()), 2)))
    return rows


def main(argv: list[str] | None = None) -> None:
    parser = tool_parser(__doc__, writes_and_takes(
        writes="positions and exact labels under --work (reused when there)",
        prints="each band's discs a point, for ai/eval_scales.py's table", takes="about 4 minutes for 1000 games"))
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--work", type=Path, default=Path("/tmp/reversi-points"))
    parser.add_argument("--exact", type=int, default=14, help="empties up to which labels are exact")
    parser.add_argument("--band", type=int, default=5, help="empties a band spans")
    args = parser.parse_args(argv)
    args.work.mkdir(parents=True, exist_ok=True)
    positions, exact = args.work / "positions.npz", args.work / "exact.npy"
    if not positions.exists():
        generate_positions(args.games, args.seed, positions)
    data = dict(np.load(positions))
    if not exact.exists():
        exact_labels(data, args.exact, exact)
    me, opp = data["me"], data["opp"]
    labels = np.load(exact).astype(float)
    unlabelled = np.isnan(labels)
    labels[unlabelled] = learned_discs(me[unlabelled], opp[unlabelled])
    print("most empties, filled from, positions, discs a point, error of one factor, error of the band's")
    for row in band_factors(handset_points(me, opp), labels, empties_of(me, opp), args.band):
        print(row)


if __name__ == "__main__":
    main()
