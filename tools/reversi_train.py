"""Train Reversi's pattern evaluation (ai/kernels/reversi_patterns.py) from the project's own searches.

    .venv/bin/python tools/reversi_train.py --games 10000 --seed 1 --work /tmp/reversi-train --write

Three phases, each kept in ``--work`` so a rerun continues where the last one stopped:

1. positions: seeded self-play of the kernel search (depth 2, moves drawn by a softmax over the
   searched values, the first plies at random), every position where the mover has a move,
   deduplicated;
2. exact labels: the final disc margin, by the kernel solver, of every position with at most
   ``--exact`` empty squares;
3. fitting, one stage at a time from the end backwards: a stage whose positions all have exact
   labels is fitted on them; an earlier stage's positions are labelled by the mean of a ``--depth``-
   and a ``--depth`` - 1-ply kernel search whose leaves are evaluated by the stages already fitted
   (the stage being labelled starts as a copy of the next one), then fitted.  Each fit is regularised least squares on the pattern slots
   (conjugate gradient on the normal equations), pulled towards the next stage's weights (stage
   smoothing).

The result, ai/data/reversi_weights.npz, holds each stage's weight of every shared slot as int16
in 1/``QUANT`` discs; its checksum goes to ai/data/checksums.json.  The seed fixes everything.

How long, here: about 10 min for the shipped weights (ai/data/README.md gives the command; the
file's ``summary`` holds the fit's seconds).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import numpy as np
from numba import njit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ai import data as shipped  # noqa: E402
from ai.engines.reversi_eval import QUANT, WEIGHTS_FILE  # noqa: E402
from ai.kernels import reversi as kernel  # noqa: E402
from ai.kernels import reversi_endgame as endgame  # noqa: E402
from ai.kernels.reversi_patterns import STAGES, PatternSet, expanded, feature_slots, packed  # noqa: E402
from ai.search.driver import new_ctl  # noqa: E402

RANDOM_PLIES = (2, 12)  # each game opens with a random number of random moves in this range
SELF_PLAY_DEPTH = 2
TEMPERATURE = 120.0  # evaluation points (100 = a disc) of the softmax over the root values
NO_LABEL = np.float32(np.nan)


def log(message: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {message}", flush=True)


def after(me: int, opp: int, sq: int, geo: np.ndarray) -> tuple[int, int]:
    """The position after the mover plays ``sq``, seen by the new mover."""
    f = int(kernel.flips(sq, np.uint64(me), np.uint64(opp), geo))
    return opp ^ f, me | f | (1 << sq)


def self_play_game(rng: np.random.Generator, tables: kernel.Tables, out_sq: np.ndarray,
                   out_value: np.ndarray) -> list[tuple[int, int]]:
    """One game of noisy self-play: the positions where the mover had a move, in order."""
    geo = tables.geo
    me, opp = 0x0000000810000000, 0x0000001008000000
    random_plies = int(rng.integers(RANDOM_PLIES[0], RANDOM_PLIES[1] + 1))
    ply = 0
    seen = []
    ctl = new_ctl()
    while True:
        moves = int(kernel.move_mask(np.uint64(me), np.uint64(opp), geo))
        if not moves:
            if not int(kernel.move_mask(np.uint64(opp), np.uint64(me), geo)):
                return seen
            me, opp = opp, me
            continue
        seen.append((me, opp))
        if ply < random_plies:
            squares = [sq for sq in range(64) if moves >> sq & 1]
            sq = squares[int(rng.integers(len(squares)))]
        else:
            done = kernel.search_root(np.uint64(me), np.uint64(opp), SELF_PLAY_DEPTH, -1, True, 0, geo,
                                      tables.square_value, tables.mid_keys, tables.mid_data, tables.sqs, tables.fls,
                                      ctl, out_sq, out_value)
            values = out_value[:done].astype(float)
            values = np.where(np.abs(values) >= kernel.DISC, values / kernel.DISC * 100.0, values)
            p = np.exp((values - values.max()) / TEMPERATURE)
            sq = int(out_sq[int(rng.choice(done, p=p / p.sum()))])
        me, opp = after(me, opp, sq, geo)
        ply += 1


def generate_positions(games: int, seed: int, path: Path) -> None:
    """Phase 1: ``games`` games of seeded self-play; their distinct positions, with the game number."""
    rng = np.random.default_rng(seed)
    tables = kernel.Tables(8, 14, 10)
    out_sq, out_value = np.zeros(64, np.int64), np.zeros(64, np.int64)
    me_list, opp_list, game_list = [], [], []
    t0 = time.time()
    for g in range(games):
        for me, opp in self_play_game(rng, tables, out_sq, out_value):
            me_list.append(me)
            opp_list.append(opp)
            game_list.append(g)
        if (g + 1) % 1000 == 0:
            log(f"self-play: {g + 1} games, {len(me_list)} positions, {time.time() - t0:.0f} s")
    me = np.array(me_list, np.uint64)
    opp = np.array(opp_list, np.uint64)
    _, first = np.unique(np.stack([me, opp], 1), axis=0, return_index=True)
    keep = np.sort(first)  # the first time each position was seen, in game order
    np.savez(path, me=me[keep], opp=opp[keep], game=np.array(game_list, np.int32)[keep])
    log(f"self-play done: {games} games, {len(me)} positions, {len(keep)} distinct, {time.time() - t0:.0f} s")


def empties_of(me: np.ndarray, opp: np.ndarray) -> np.ndarray:
    return 64 - np.array([bin(int(a) | int(b)).count("1") for a, b in zip(me, opp)], np.int32)


def exact_labels(data: dict, max_empties: int, path: Path) -> None:
    """Phase 2: the exact final margin (mover's view) of every position with <= ``max_empties``
    empties; the others get NaN.  A game's positions are solved from its latest back to its
    earliest so each solve finds the later ones in the solver's table."""
    me, opp = data["me"], data["opp"]
    empties = empties_of(me, opp)
    labels = np.full(len(me), NO_LABEL, np.float32)
    tables = kernel.Tables(8, 10, 22)
    out = np.zeros(2, np.int64)
    todo = np.flatnonzero(empties <= max_empties)
    order = todo[np.lexsort((empties[todo], data["game"][todo]))]
    t0 = time.time()
    for n, i in enumerate(order):
        ok = endgame.solve_root(me[i], opp[i], -64, 64, -1, 0, tables.geo, tables.square_value, tables.end_keys,
                                tables.end_data, tables.sqs, tables.fls, new_ctl(), out)
        assert ok
        labels[i] = out[1]
        if (n + 1) % 20000 == 0:
            log(f"exact labels: {n + 1} of {len(order)}, {time.time() - t0:.0f} s")
    np.save(path, labels)
    log(f"exact labels done: {len(order)} positions, {time.time() - t0:.0f} s")


@njit(cache=True)
def all_slots(me, opp, squares, lengths, offsets, canonical):
    """Every position's weight slots, one row per position."""
    out = np.zeros((me.shape[0], lengths.shape[0]), np.int32)
    for i in range(me.shape[0]):
        feature_slots(me[i], opp[i], squares, lengths, offsets, canonical, out[i])
    return out


def fit(slots: np.ndarray, y: np.ndarray, prior: np.ndarray, ridge: float, iterations: int = 300) -> np.ndarray:
    """Least squares of ``slots``' weight sums against ``y``, pulled towards ``prior`` by ``ridge``
    per weight: (A'A + ridge I) w = A'y + ridge prior, by conjugate gradient (A: rows of ones at
    ``slots``)."""
    size = prior.shape[0]
    flat = slots.ravel()
    width = slots.shape[1]

    def normal(u: np.ndarray) -> np.ndarray:
        return np.bincount(flat, np.repeat(u[slots].sum(1), width), minlength=size) + ridge * u

    residual0 = y - prior[slots].sum(1)
    b = np.bincount(flat, np.repeat(residual0, width), minlength=size)
    u = np.zeros(size)
    r = b.copy()
    d = r.copy()
    rr = r @ r
    for _ in range(iterations):
        q = normal(d)
        step = rr / (d @ q)
        u += step * d
        r -= step * q
        rr_new = r @ r
        if rr_new < 1e-10 * (b @ b):
            break
        d = r + (rr_new / rr) * d
        rr = rr_new
    return prior + u


def search_labels(me: np.ndarray, opp: np.ndarray, depth: int, patterns: PatternSet,
                  weights: np.ndarray) -> np.ndarray:
    """The value in discs (mover's view) of each position: the mean of a ``depth``-ply and a
    ``depth`` - 1-ply kernel search whose leaves are valued by ``weights``.  One of the two ends on
    the mover's turn and the other on the opponent's, so a bias towards the side to move in the
    later stages' weights cancels instead of being copied (and grown) stage after stage."""
    tables = kernel.Tables(8, 18, 4)
    pat, spread = packed(patterns), expanded(patterns, weights)
    out_sq, out_value = np.zeros(64, np.int64), np.zeros(64, np.int64)
    labels = np.zeros(len(me), np.float32)
    for i in range(len(me)):
        for d in (depth - 1, depth):
            done = kernel.search_root_with(me[i], opp[i], d, -1, False, 0, tables.geo, tables.square_value,
                                           tables.mid_keys, tables.mid_data, tables.sqs, tables.fls, new_ctl(),
                                           out_sq, out_value, pat, spread, 0, 0, kernel.NO_PROBCUT,
                                           kernel.MPC_OFF)
            v = int(out_value[:done].max())
            labels[i] += (v / kernel.DISC if abs(v) >= kernel.DISC else v / 100.0) / 2
    return labels


def stages_of(me: np.ndarray, opp: np.ndarray) -> np.ndarray:
    return np.minimum((60 - empties_of(me, opp)) // 4, STAGES - 1)


def train(data: dict, exact: np.ndarray, work: Path, depth: int, ridge: float, held_out: float, per_stage: int,
          seed: int) -> np.ndarray:
    """Phase 3: the weights of every stage, fitted from the last stage back to the first.  Games
    whose number falls in the last ``held_out`` share are left out of the fit (their error is
    logged) and used by nothing else.  Of the positions without an exact label, at most
    ``per_stage`` (a seeded sample) are searched and used."""
    patterns = PatternSet()
    me, opp = data["me"], data["opp"]
    stage = stages_of(me, opp)
    games = int(data["game"].max()) + 1
    train_rows = data["game"] < games * (1.0 - held_out)
    weights = np.zeros((STAGES, patterns.features))
    labels_path = work / "labels.npy"
    labels = np.load(labels_path) if labels_path.exists() else exact.copy()
    rng = np.random.default_rng(seed + 1)
    for k in range(STAGES - 1, -1, -1):
        rows = np.flatnonzero(stage == k)
        unlabelled = rows[np.isnan(exact[rows])]
        if len(unlabelled) > per_stage:
            dropped = np.setdiff1d(unlabelled, rng.choice(unlabelled, per_stage, replace=False))
            rows = np.setdiff1d(rows, dropped)
        slots = all_slots(me[rows], opp[rows], patterns.squares, patterns.lengths, patterns.offsets,
                          patterns.canonical)
        prior = weights[k + 1] if k + 1 < STAGES else np.zeros(patterns.features)
        missing = np.isnan(labels[rows])
        t0 = time.time()
        if missing.any():
            weights[k] = prior
            todo = rows[missing]
            labels[todo] = search_labels(me[todo], opp[todo], depth, patterns, weights)
            np.save(labels_path, labels)
        y = labels[rows].astype(float)
        fit_rows = train_rows[rows]
        weights[k] = fit(slots[fit_rows], y[fit_rows], prior, ridge)
        predicted = weights[k][slots].sum(1)
        error = np.abs(predicted - y)
        held = f"{error[~fit_rows].mean():.2f}" if (~fit_rows).any() else "-"
        log(f"stage {k}: {len(rows)} positions ({missing.sum()} searched in {time.time() - t0:.0f} s);"
            f" mean abs error {error[fit_rows].mean():.2f} fitted, {held} held out")
    return weights


def handset_scale(data: dict, exact: np.ndarray, empties: range = range(10, 15)) -> float:
    """The factor turning the hand-set evaluation's points into discs: least squares through the
    origin against the exact labels of training positions with 10-14 empties."""
    me, opp = data["me"], data["opp"]
    rows = np.flatnonzero(~np.isnan(exact) & np.isin(empties_of(me, opp), list(empties)))
    geo = kernel.geometry(8)
    x = np.array([kernel.evaluate(me[i], opp[i], np.uint64(kernel.move_mask(me[i], opp[i], geo)), geo) for i in rows], float)
    y = exact[rows].astype(float)
    return float(x @ y / (x @ x))


def write_weights(weights: np.ndarray, summary: str, scale: float) -> Path:
    """Store the shared slots' weights as int16 in 1/QUANT discs and record the file's checksum."""
    patterns = PatternSet()
    slots = np.unique(patterns.canonical)
    stored = np.clip(np.round(weights[:, slots] * QUANT), -32767, 32767).astype(np.int16)
    target = shipped.path(WEIGHTS_FILE)
    np.savez_compressed(target, weights=stored, stages=np.int32(STAGES), features=np.int32(patterns.features),
                        summary=np.array(summary), handset_scale=np.float64(scale))
    log(f"wrote {target} ({target.stat().st_size / 1024:.0f} KB), sha256 {shipped.record_checksum(WEIGHTS_FILE)}")
    return target


def main(argv: list[str] | None = None) -> None:
    from tools.verify_data import builder_parser  # the files it ships, their commands and times

    parser = builder_parser(__doc__, __file__)
    parser.add_argument("--games", type=int, default=10000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--work", type=Path, default=Path("/tmp/reversi-train"))
    parser.add_argument("--exact", type=int, default=14, help="empties up to which labels are exact")
    parser.add_argument("--phase", choices=("positions", "exact", "all"), default="all")
    parser.add_argument("--depth", type=int, default=4, help="plies of the searches (depth and depth - 1) that"
                        " label earlier stages")
    parser.add_argument("--ridge", type=float, default=10.0, help="pull of each weight towards the next stage's")
    parser.add_argument("--per-stage", type=int, default=25000, help="searched positions per stage, at most")
    parser.add_argument("--held-out", type=float, default=0.05, help="share of the games kept out of the fit")
    parser.add_argument("--write", action="store_true", help="write ai/data/" + WEIGHTS_FILE)
    args = parser.parse_args(argv)
    args.work.mkdir(parents=True, exist_ok=True)
    positions = args.work / "positions.npz"
    if not positions.exists():
        generate_positions(args.games, args.seed, positions)
    if args.phase == "positions":
        return
    data = dict(np.load(positions))
    exact = args.work / "exact.npy"
    if not exact.exists():
        exact_labels(data, args.exact, exact)
    if args.phase == "exact":
        return
    fitted, made = args.work / "weights.npy", args.work / "summary.txt"
    if not fitted.exists():  # the fit; its result is kept so --write can ship it later without refitting
        t0 = time.time()
        weights = train(data, np.load(exact), args.work, args.depth, args.ridge, args.held_out, args.per_stage,
                        args.seed)
        np.save(fitted, weights.astype(np.float32))
        made.write_text(f"tools/reversi_train.py --games {args.games} --seed {args.seed} --exact {args.exact}"
                        f" --depth {args.depth} --ridge {args.ridge} --per-stage {args.per_stage} --held-out"
                        f" {args.held_out}: {len(data['me'])} distinct positions, labels and fit"
                        f" {time.time() - t0:.0f} s", encoding="utf-8")
    if args.write:
        write_weights(np.load(fitted).astype(float), made.read_text(encoding="utf-8"), handset_scale(data, np.load(exact)))

if __name__ == "__main__":
    main()
