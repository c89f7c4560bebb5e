"""Level-5 against a classic pattern-evaluation Othello engine: GRhino, through GTP.

    apt-get install grhino        # Debian: /usr/games/gtp-rhino
    nice -n 5 .venv/bin/python tools/reversi_classic.py --mid 8 --games 20 --time 1

GRhino (Kriang Lerdsuwanakij, 2000-2010, C++) evaluates with pattern tables learned from games
(edges, corners, diagonals), searches a fixed number of plies in the midgame (``--mid``), solves
the last ``--end`` empties exactly and plays from its opening book.  It is the kind of engine
#18 measured level-5 against ("a classic pattern-evaluation engine searching 8 plies").

Level-5 gets ``--time`` seconds a move and loses a move it makes late, as in any match; GRhino is
bound by its depth, not by the clock, so it is not timed (its seconds per move are printed).  Pairs
of games start from the same seeded random opening (``--openings`` plies; GRhino is deterministic
without one) with colours swapped; the engine is given the opening by replaying it
(ai/outside_gtp.py).  Prints each game, its disc count and the engine's time, then the points.
"""

from __future__ import annotations

import shutil
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import games  # noqa: E402
from ai.match import play_with_new_players, random_openings  # noqa: E402
from tools.usage import tool_parser  # noqa: E402

ENGINE = "gtp-rhino"


def engine_id(mid: int, end: int | None, book: int) -> str:
    """The outside player's id for GRhino at midgame depth ``mid`` (its own end depth if None)."""
    path = shutil.which(ENGINE) or f"/usr/games/{ENGINE}"
    words = [path, "-m", str(mid), "-b", str(book)]
    if end is not None:
        words += ["-e", str(end)]
    return "gtp:" + " ".join(words)


def main() -> None:
    parser = tool_parser(__doc__)
    parser.add_argument("--mid", type=int, default=8, help="GRhino's midgame search depth (1-20)")
    parser.add_argument("--end", type=int, default=None, help="GRhino's exact endgame depth (default: its level's)")
    parser.add_argument("--book", type=int, default=2, help="GRhino's book variation 0-5 (its default 2)")
    parser.add_argument("--player", default="level-5")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--time", type=float, default=1.0, help="level-5's seconds a move")
    parser.add_argument("--openings", type=int, default=2, help="random plies before each pair of games")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    if not (shutil.which(ENGINE) or Path(f"/usr/games/{ENGINE}").exists()):
        sys.exit(f"{ENGINE} not found: install the Debian package grhino")

    game = games.load("reversi")
    rhino = engine_id(args.mid, args.end, args.book)
    openings = random_openings(game, (args.games + 1) // 2, args.openings, seed=args.seed)
    points = 0.0
    for g in range(args.games):
        ours = g % 2  # level-5 takes Black (moves first) in even games
        ids = [args.player, rhino] if ours == 0 else [rhino, args.player]
        times = (args.time, None) if ours == 0 else (None, args.time)
        began = time.perf_counter()
        result = play_with_new_players(game, ids, (args.seed + g, args.seed + g), times, openings[g // 2])
        side_of_engine = 1 - ours
        engine_moves = len(result.moves[args.openings + (side_of_engine - args.openings) % 2::2])  # passes aside
        won = 1.0 if result.winner == ours else 0.5 if result.winner is None else 0.0
        points += won
        score = result.score or ["?", "?"]
        print(f"game {g + 1:2d}: {args.player} as {game.sides[ours]}: {result.reason}; discs {score[ours]}-"
              f"{score[1 - ours]}; {args.player} longest move {result.max_move_time[ours]:.2f} s; GRhino"
              f" {result.time_used[side_of_engine] / max(1, engine_moves):.2f} s a move"
              f" (longest {result.max_move_time[side_of_engine]:.2f} s); {time.perf_counter() - began:.0f} s",
              flush=True)
    print(f"{args.player} at {args.time:g} s a move against GRhino -m {args.mid}: {points:g} of {args.games}"
          f" points ({100 * points / max(1, args.games):.0f}%)")


if __name__ == "__main__":
    main()
