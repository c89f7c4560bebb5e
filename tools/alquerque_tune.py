"""Level-5 with changed evaluation weights against an older revision's level-5 (Alquerque).

    python tools/alquerque_tune.py --rev 128afa3 --games 10 --time 0.3 --set ambition=120 --log FILE
    python tools/alquerque_tune.py --depths 9 5 --games 10 --set ambition=120
    python tools/alquerque_tune.py --games 10 --time 1 --lenient --trap on --trap margin=20

The same games as ``tools/versus_revision.py alquerque --openings 3`` (same openings, seeds,
referee and old player over a pipe), but the new side is ``EnginePlayer`` with ``Tactics`` built
from the defaults and the ``--set NAME=VALUE`` weights, so a weight can be measured before it
becomes a default.  ``--depths NEW OLD``: both sides search to a fixed depth without a clock, the
old side being the pure-Python engine of ai/reference/alquerque_search.py (level-5 before the
kernel) in this process: on a machine so busy that time limits decide games by forfeit, this
still measures the evaluation.  ``--lenient``: both sides are given ``--time`` a move but a late
move does not lose (at load 8-10 the old pure-Python side exceeded 1 s in most games, so forfeits
decided the score); ``--new-time`` then gives the new side more (what more depth would buy).  ``--trap``: the new side sets traps (``Traps``, fields changed by
``--trap NAME=VALUE``, ``--trap on`` for the defaults).  How the weights were chosen: docs/tuning/alquerque.md.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import ai.kernels  # noqa: E402
import games  # noqa: E402
from ai.base import Limits, Player, PlayerInfo  # noqa: E402
from ai.engines.alquerque import EnginePlayer, Tactics, Traps  # noqa: E402
from ai.match import MatchSummary, random_openings  # noqa: E402
from ai.reference.alquerque_search import reference_player  # noqa: E402
from tools.usage import tool_parser  # noqa: E402
from tools.versus_revision import RevisionPlayer, export_revision, play_one  # noqa: E402


class Lenient(Player):
    """``player`` asked for a move with ``seconds`` of time, under a referee without a clock."""

    def __init__(self, player: Player, seconds: float) -> None:
        self.player, self.seconds, self.info = player, seconds, player.info

    def choose(self, state, limits=None, progress=None):
        return self.player.choose(state, Limits(time=self.seconds), progress)


def main(argv: list[str] | None = None) -> None:
    parser = tool_parser(__doc__)
    parser.add_argument("--rev", default="128afa3")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--first", type=int, default=0, help="skip this many games (pairs stay as in the full run)")
    parser.add_argument("--time", type=float, default=0.3)
    parser.add_argument("--openings", type=int, default=3, metavar="PLIES")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE", help="a Tactics weight")
    parser.add_argument("--trap", action="append", default=[], metavar="NAME=VALUE",
                        help="set traps (ai.engines.alquerque.Traps), with this field changed; 'on' for the defaults")
    parser.add_argument("--depths", type=int, nargs=2, metavar=("NEW", "OLD"), help="fixed depths, no clock")
    parser.add_argument("--lenient", action="store_true", help="no forfeits on time (see above)")
    parser.add_argument("--new-time", type=float, metavar="SECONDS",
                        help="with --lenient: the new side's time a move (default --time): what more time would buy")
    parser.add_argument("--log", type=Path)
    args = parser.parse_args(argv)
    weights = {name: float(value) for name, value in (pair.split("=", 1) for pair in args.set)}
    trap_fields = {name: float(value) for name, value in (pair.split("=", 1) for pair in args.trap if pair != "on")}
    kinds = {"model_depth": int, "own_model": bool}
    traps = Traps(**{name: kinds.get(name, float)(value) for name, value in trap_fields.items()}) if args.trap else None
    game = games.load("alquerque")
    folder = export_revision(args.rev)
    ai.kernels.warm_up("alquerque")
    pairs = (args.games + 1) // 2
    openings = random_openings(game, pairs, args.openings, seed=args.seed)
    names = (f"new {weights or 'defaults'}{f' {traps}' if traps else ''}", f"old level-5@{args.rev}")
    summary = MatchSummary(names, can_draw=game.info.can_draw)
    points = 0.0
    pace = f"depths {args.depths[0]} and {args.depths[1]}" if args.depths else f"{args.time:g} s a move"
    if args.lenient and args.new_time:
        pace = f"{args.new_time:g} s (new) and {args.time:g} s (old) a move"
    print(f"{names[0]} vs {names[1]}, games {args.first + 1}-{args.games} at {pace}", flush=True)
    for i in range(args.first, args.games):
        history: list[str] = []
        if args.depths:
            old = reference_player(depth=args.depths[1])
        else:
            old = RevisionPlayer(folder, game, "level-5", args.seed + i, history)
        new = EnginePlayer(PlayerInfo("tuned", "tuned"), Tactics(**weights), depth=args.depths and args.depths[0],
                           tables=True, traps=traps)
        seconds = None if args.depths else args.time
        if args.lenient and seconds:
            new, old, seconds = Lenient(new, args.new_time or seconds), Lenient(old, seconds), None
        points += play_one(game, i, new, old, openings[i // 2], seconds, history, summary, args.log)
        if not args.depths:
            (old.player if args.lenient else old).close()
    played = args.games - args.first
    print(summary.line())
    print(f"new: {points:g} of {played} points ({100 * points / max(1, played):.0f}%)")


if __name__ == "__main__":
    main()
