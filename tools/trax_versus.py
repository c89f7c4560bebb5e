"""Trax strength runs: level 5 with today's evaluation against level 5 with another's, both in
this process, colours alternating after seeded random openings (a pair of games each).

    python tools/trax_versus.py --games 40 --time 0.3
    python tools/trax_versus.py --games 40 --old-opponent 1.25 --old-tempo 0
    python tools/trax_versus.py --games 20 --time 1 --two-ply

``--two-ply``: the opponent is today's level 5 without its deeper search (``ThreatPlayer._deeper``),
deciding by its two-ply look alone as it did before.

The default opponent is level 5 as it was before the evaluation gave the side to move its tempo:
the opponent's paths weighed 1.25 times, no tempo (docs/tuning/trax.md).  Both players run here,
so neither pays a process's start on its first move, which ``tools/versus_revision.py`` counted
against the old revision's side (on a loaded machine it lost most games on time at its first
move) until it made a move before the first clock (``RevisionPlayer._warm_up``).  The referee is ``ai.match.play_game``, its time forfeits included.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import ai  # noqa: E402
import games  # noqa: E402
from ai.engines.trax_search import ThreatPlayer  # noqa: E402
from ai.engines.trax_threats import Weights  # noqa: E402
from ai.match import MatchSummary, play_game, random_openings  # noqa: E402
from tools.usage import tool_parser, writes_and_takes  # noqa: E402


def main(argv: list[str] | None = None) -> None:
    parser = tool_parser(__doc__, writes_and_takes(
        writes="no file", prints="a line per game and the score", takes="about 15 s a game at 0.3 s a move"))
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--time", type=float, default=0.3, help="seconds a move")
    parser.add_argument("--openings", type=int, default=4, metavar="PLIES")
    parser.add_argument("--old-opponent", type=float, default=1.25, help="the old evaluation's weight of the opponent's paths")
    parser.add_argument("--old-tempo", type=float, default=0.0, help="the old evaluation's tempo")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--two-ply", action="store_true", help="the opponent: today's level 5 without its deeper search")
    args = parser.parse_args(argv)
    game = games.load("trax")
    info = ai.catalog("trax")[0]
    old_weights = Weights() if args.two_ply else Weights(opponent=args.old_opponent, tempo=args.old_tempo)
    openings = random_openings(game, (args.games + 1) // 2, args.openings, seed=args.seed)
    summary = MatchSummary(("new level-5", "level-5 by its two-ply look" if args.two_ply else f"old level-5 ({old_weights})"),
                           can_draw=game.info.can_draw)
    for i in range(args.games):
        new = ThreatPlayer(info, steps=5, seed=args.seed + i)
        old = ThreatPlayer(info, steps=5, seed=args.seed + i, weights=old_weights, deepen=not args.two_ply)
        new_side = i % 2
        players = [new, old] if new_side == 0 else [old, new]
        result = play_game(game, players, ["new", "old"] if new_side == 0 else ["old", "new"], args.time,
                           opening=openings[i // 2])
        summary.add(result, new_side)
        outcome = "draw" if result.winner is None else ("new" if result.winner == new_side else "old") + " wins"
        print(f"  game {i + 1:2d}: new plays {game.sides[new_side]:6} -> {outcome} ({len(result.moves)} plies; {result.reason})",
              flush=True)
    print(summary.line())


if __name__ == "__main__":
    main()
