"""Fit level-5's Alquerque evaluation weights to self-play results ("Texel tuning"), and duel.

    python tools/alquerque_texel.py games --games 300 --seed 1 --out d1.npy
    python tools/alquerque_texel.py fit d1.npy d2.npy --rounds 10
    python tools/alquerque_texel.py duel --depth 7 --pairs 20 --set mobility=5 --set last_guard=0

``games``: kernel engines with the default ``Tactics`` play each other at fixed depths (pairs such
as 9 against 5, so that some games are decided, with root noise of +-15 for variety) from 2-6
random plies; every position is written with the game's result (rows: white, black, side to move,
40-ply counter, game result for White, game number).

``fit``: the quiet positions (neither side can capture, counter below 30) are scored by the kernel
evaluation; the scale K of ``sigmoid(value / K)`` is chosen on the default weights, then the
positional weights are moved one step at a time while the mean squared error to the results
(1, 0.5, 0 for the side to move) falls; one game in five is held out, and its error is printed
beside the training error.

``duel``: the changed weights against the defaults at a fixed depth, from random openings with
both colours, so a fit can be judged before a long run against an old revision.  What came of it:
docs/tuning/alquerque.md ("A learned evaluation").
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import numpy as np
from numba import njit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import games  # noqa: E402
from ai.engines.alquerque import EnginePlayer, Tactics  # noqa: E402
from ai.kernels import alquerque as kernel  # noqa: E402
from ai.match import MatchSummary, play_game, random_play  # noqa: E402
from games.alquerque import AlquerqueState  # noqa: E402
from tools.usage import tool_parser  # noqa: E402

GAME = games.load("alquerque")
DEPTH_PAIRS = ((9, 5), (5, 9), (10, 6), (6, 10), (8, 8), (7, 4), (4, 7))
TUNED = ("threatened", "target", "safe", "passed_idle", "mobility", "advance", "guard", "last_guard",
         "squeeze", "trade", "press")
NO_DRAW_TERMS = {"contempt": 0, "ambition": 0, "hurry": 0, "keep_lead": 0}  # the fit scores positions, not draws
SCALES = (400, 800, 1600, 2400, 3200, 4800, 6400)


def random_start(rng: random.Random) -> AlquerqueState:
    return random_play(GAME.initial_state(), rng.randint(2, 6), rng)


def play_games(count: int, seed: int, out: Path) -> None:
    """``count`` games into ``out``, saved again after every ten games (a long run can be stopped)."""
    rng = random.Random(seed)
    rows = []
    for number in range(count):
        depths = DEPTH_PAIRS[number % len(DEPTH_PAIRS)]
        players = [EnginePlayer(None, Tactics(), depth=d, noise=15, seed=rng.randrange(1 << 30)) for d in depths]
        seen: list[tuple[int, int, int, int]] = []
        game = play_game(GAME, players, [f"depth {d}" for d in depths], None, start=random_start(rng),
                         on_move=lambda before, _move, _after, into=seen: into.append(
                             (before.boards[0], before.boards[1], before.to_move, before.quiet)))
        result = 0 if game.winner is None else 1 - 2 * game.winner
        rows.extend(position + (result, number) for position in seen)
        print(f"game {number + 1}: depths {depths}, result for White {result:+d}", flush=True)
        if number % 10 == 9 or number == count - 1:
            np.save(out, np.array(rows, np.int64))


@njit
def evaluations(r, w, positions):
    out = np.zeros(positions.shape[0])
    for i in range(positions.shape[0]):
        white, black, side, quiet = positions[i, 0], positions[i, 1], positions[i, 2], positions[i, 3]
        out[i] = kernel.evaluate(r, w, white, black, side, side, quiet)
    return out


def quiet_positions(rows: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(positions, result for the side to move, game numbers) of the rows no capture can change."""
    keep = []
    for i, (white, black, side, quiet, _, _) in enumerate(rows.tolist()):
        state = AlquerqueState(GAME, (white, black), side)
        other = AlquerqueState(GAME, (white, black), 1 - side)
        if quiet < 30 and not state.capture_moves() and not other.capture_moves():
            keep.append(i)
    rows = rows[keep]
    for_white = (rows[:, 4] + 1) / 2
    return rows, np.where(rows[:, 2] == 0, for_white, 1 - for_white), rows[:, 5]


def fit(rows: np.ndarray, rounds: int) -> dict[str, float]:
    positions, target, numbers = quiet_positions(rows)
    held_out = numbers % 5 == 0
    print(f"{len(positions)} quiet positions of {np.unique(numbers).size} games; "
          f"decisive: {np.mean(target != 0.5):.1%}")
    r = kernel.rules_of(GAME)
    weights = np.array([float(getattr(Tactics(**NO_DRAW_TERMS), name)) for name in kernel.WEIGHTS])

    def error(w: np.ndarray, scale: float, rows_of: np.ndarray) -> float:
        values = evaluations(r, w, positions[rows_of])
        return float(np.mean((target[rows_of] - 1 / (1 + np.exp(-np.clip(values / scale, -50, 50)))) ** 2))

    scale = min(SCALES, key=lambda k: error(weights, k, ~held_out))
    best = error(weights, scale, ~held_out)
    print(f"K {scale}; default weights: error {best:.5f}, held out {error(weights, scale, held_out):.5f}")
    steps = {name: max(abs(weights[kernel.WEIGHTS.index(name)]) / 4, 2.0) for name in TUNED}
    for number in range(rounds):
        moved = False
        for name in TUNED:
            i = kernel.WEIGHTS.index(name)
            for sign in (1, -1):
                trial = weights.copy()
                trial[i] += sign * steps[name]
                trial_error = error(trial, scale, ~held_out)
                if trial_error < best - 1e-7:
                    best, weights, moved = trial_error, trial, True
                    break
        if not moved:
            steps = {name: step / 2 for name, step in steps.items()}
        print(f"round {number + 1}: error {best:.5f}, held out {error(weights, scale, held_out):.5f}  "
              f"{named(weights)}", flush=True)
    return named(weights)


def named(weights: np.ndarray) -> dict[str, float]:
    """The tuned weights by name, rounded for printing."""
    return {name: round(float(weights[kernel.WEIGHTS.index(name)]), 2) for name in TUNED}


def duel(changed: dict[str, float], depth: int, pairs: int, seed: int) -> None:
    rng = random.Random(seed)
    summary = MatchSummary(("changed weights", "defaults"), can_draw=GAME.info.can_draw)
    for _ in range(pairs):
        start = random_start(rng)
        for new_side in (0, 1):
            players = [EnginePlayer(None, Tactics(), depth=depth), EnginePlayer(None, Tactics(), depth=depth)]
            players[new_side] = EnginePlayer(None, Tactics(**changed), depth=depth)
            names = ["changed weights", "defaults"] if new_side == 0 else ["defaults", "changed weights"]
            summary.add(play_game(GAME, players, names, None, start=start), new_side)
    points = (summary.wins[0] + summary.draws / 2) / (sum(summary.wins) + summary.draws)
    print(f"{summary.line()} at depth {depth}: {points:.1%} of the points")


def main(argv: list[str] | None = None) -> None:
    parser = tool_parser(__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    play = commands.add_parser("games")
    play.add_argument("--games", type=int, default=300)
    play.add_argument("--seed", type=int, default=1)
    play.add_argument("--out", type=Path, required=True)
    fitting = commands.add_parser("fit")
    fitting.add_argument("files", type=Path, nargs="+")
    fitting.add_argument("--rounds", type=int, default=10)
    match = commands.add_parser("duel")
    match.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    match.add_argument("--depth", type=int, default=7)
    match.add_argument("--pairs", type=int, default=20)
    match.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)
    if args.command == "games":
        play_games(args.games, args.seed, args.out)
    elif args.command == "fit":
        runs = [np.load(f) for f in args.files]
        for k, rows in enumerate(runs):  # game numbers of different files kept apart
            rows[:, 5] += k * 1_000_000
        print(json.dumps(fit(np.concatenate(runs), args.rounds)))
    else:
        changed = {name: float(value) for name, value in (item.split("=", 1) for item in args.set)}
        duel(changed, args.depth, args.pairs, args.seed)


if __name__ == "__main__":
    main()
