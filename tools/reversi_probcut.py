"""Fit Reversi's multi-ProbCut parameters (ai/kernels/reversi.py: ``probcut_bounds``) from our own searches.

    nice -n 15 .venv/bin/python tools/reversi_probcut.py --games 300 --seed 2 --per-stage 80 --depth 10 \
        --work /tmp/reversi-probcut --write

ProbCut predicts a deep search's value from a shallow one: v_deep ~ a * v_shallow + b, with an
error of standard deviation sigma.  Three phases, each kept in ``--work`` so a rerun continues:

1. positions: seeded self-play as tools/reversi_train.py plays it (a seed the training did not
   use), every distinct position with at least ``MIN_EMPTIES`` empties;
2. values: for ``--per-stage`` positions of each stage (``MPC_STAGE_EMPTIES`` empties wide), the
   exact (no ProbCut) iterative-deepening values of the learned evaluation's search at depths
   1 .. ``--depth``;
3. fit: per stage and depth d >= MPC_MIN_DEPTH, least squares of the depth-d values on the values
   at the shallow depth ``probcut_depth(d)`` (proven wins and losses left out), sigma the residuals'
   standard deviation.

The result, ai/data/reversi_probcut.npz, holds ``params[stage, depth] = (shallow depth, a, b,
sigma)`` in evaluation points (100 per disc); rows without a fit have sigma 0 (no cut).  Its
checksum goes to ai/data/checksums.json (``--out FILE``: written there instead, nothing recorded;
tools/verify_data.py rebuilds so).  The searches are deterministic: the same arguments, with
``--positions`` where a run was stopped, make the same file.

How long, here: about 5 min for the shipped parameters (``--positions 200``; ai/data/README.md).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from reversi_train import empties_of, generate_positions, log  # noqa: E402

from ai import data as shipped  # noqa: E402
from ai.engines.reversi_eval import PROBCUT_FILE, pattern_weights  # noqa: E402
from ai.kernels import reversi as kernel  # noqa: E402
from ai.search.driver import new_ctl  # noqa: E402

MIN_EMPTIES = 14  # fewer empties: the exact solver takes over in play
STAGES = 64 // kernel.MPC_STAGE_EMPTIES + 1


def stage_of(empties: np.ndarray) -> np.ndarray:
    return np.minimum(empties // kernel.MPC_STAGE_EMPTIES, STAGES - 1)


def sample(data: dict, per_stage: int, seed: int) -> np.ndarray:
    """Indices of at most ``per_stage`` positions of each stage, seeded, with MIN_EMPTIES or more."""
    rng = np.random.default_rng(seed)
    empties = empties_of(data["me"], data["opp"])
    stage = stage_of(empties)
    chosen = []
    for s in range(STAGES):
        pool = np.flatnonzero((stage == s) & (empties >= MIN_EMPTIES))
        chosen.extend(rng.choice(pool, size=min(per_stage, len(pool)), replace=False))
    return np.sort(np.array(chosen, np.int64))


def deepening_values(me: np.uint64, opp: np.uint64, depth: int, tables: kernel.Tables,
                     learned: tuple[np.ndarray, np.ndarray]) -> np.ndarray:
    """The exact search's value (points, mover's view) at depths 1 .. ``depth``; index 0 unused."""
    out_sq, out_value = np.zeros(64, np.int64), np.zeros(64, np.int64)
    values = np.zeros(depth + 1, np.int64)
    tables.clear()
    first = -1
    for d in range(1, depth + 1):
        done = kernel.search_root_with(me, opp, d, first, False, 0, tables.geo, tables.square_value, tables.mid_keys,
                                       tables.mid_data, tables.sqs, tables.fls, new_ctl(), out_sq, out_value,
                                       *learned, 0, 0, kernel.NO_PROBCUT, kernel.MPC_OFF)
        best = int(np.argmax(out_value[:done]))
        values[d], first = out_value[best], out_sq[best]
    return values


def search_values(data: dict, chosen: np.ndarray, depth: int, path: Path) -> None:
    """Phase 2: the deepening values of the chosen positions, saved as they come (resumable)."""
    learned = pattern_weights()
    tables = kernel.Tables(8, 18, 4)
    done = dict(np.load(path)) if path.exists() else {"index": np.zeros(0, np.int64),
                                                       "values": np.zeros((0, depth + 1), np.int64)}
    have = set(done["index"].tolist())
    index, values = list(done["index"]), list(done["values"])
    t0 = time.time()
    for n, i in enumerate(chosen):
        if i in have:
            continue
        values.append(deepening_values(data["me"][i], data["opp"][i], depth, tables, learned))
        index.append(i)
        if len(index) % 20 == 0 or n == len(chosen) - 1:
            np.savez(path, index=np.array(index, np.int64), values=np.array(values, np.int64))
            log(f"values: {len(index)} of {len(chosen)} positions, {time.time() - t0:.0f} s")


def fit(empties: np.ndarray, values: np.ndarray, depth: int) -> tuple[np.ndarray, list[str]]:
    """``params[stage, d]`` = (shallow depth, a, b, sigma) and a line per fitted pair for the log."""
    params = np.zeros((STAGES, depth + 1, 4))
    lines = []
    stage = stage_of(empties)
    for s in range(STAGES):
        rows = values[stage == s]
        for d in range(kernel.MPC_MIN_DEPTH, depth + 1):
            shallow = 2 * (d // 4) + (d & 1)  # kernel.probcut_depth
            params[s, d, 0] = shallow
            x, y = rows[:, shallow].astype(float), rows[:, d].astype(float)
            keep = (np.abs(x) < kernel.EVAL_LIMIT) & (np.abs(y) < kernel.EVAL_LIMIT)
            if keep.sum() < 20:
                continue
            x, y = x[keep], y[keep]
            a, b = np.polyfit(x, y, 1)
            sigma = float(np.std(y - (a * x + b), ddof=2))
            params[s, d, 1:] = a, b, sigma
            lines.append(f"stage {s} ({s * kernel.MPC_STAGE_EMPTIES}-{s * kernel.MPC_STAGE_EMPTIES + 9} empties),"
                         f" depth {d} from {shallow}: a {a:.3f}, b {b:+.1f}, sigma {sigma:.1f} ({keep.sum()} positions)")
    return params, lines


def main(argv: list[str] | None = None) -> None:
    from tools.verify_data import builder_parser, written_file  # the files it ships, their commands and times

    parser = builder_parser(__doc__, __file__)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=2)
    parser.add_argument("--per-stage", type=int, default=80, help="positions searched per stage")
    parser.add_argument("--depth", type=int, default=10, help="deepest search fitted")
    parser.add_argument("--work", type=Path, default=Path("/tmp/reversi-probcut"))
    parser.add_argument("--positions", type=int, default=None,
                        help="search at most this many of the chosen positions (in the order they are searched)")
    parser.add_argument("--fit-only", action="store_true", help="fit the values searched so far, search no more")
    parser.add_argument("--write", action="store_true", help="write ai/data/" + PROBCUT_FILE)
    parser.add_argument("--out", type=written_file, help="with --write: write here instead of ai/data/ (no checksum recorded)")
    args = parser.parse_args(argv)
    args.work.mkdir(parents=True, exist_ok=True)
    positions = args.work / "positions.npz"
    if not positions.exists():
        generate_positions(args.games, args.seed, positions)
    data = dict(np.load(positions))
    values_path = args.work / "values.npz"
    if not args.fit_only:
        search_values(data, sample(data, args.per_stage, args.seed)[:args.positions], args.depth, values_path)
    done = np.load(values_path)
    empties = empties_of(data["me"][done["index"]], data["opp"][done["index"]])
    params, lines = fit(empties, done["values"], args.depth)
    for line in lines:
        log(line)
    if args.write:
        summary = (f"tools/reversi_probcut.py --games {args.games} --seed {args.seed} --per-stage {args.per_stage}"
                   f" --depth {args.depth}: {len(done['index'])} positions searched")
        target = args.out or shipped.path(PROBCUT_FILE)
        np.savez_compressed(target, params=params, summary=np.array(summary))
        recorded = target.resolve() == shipped.path(PROBCUT_FILE)
        log(f"wrote {target} ({target.stat().st_size} bytes)"
            + (f", sha256 {shipped.record_checksum(PROBCUT_FILE)}" if recorded else ""))


if __name__ == "__main__":
    main()
