"""The depth each fixed-depth level reaches within small move budgets: whether a level's promised
depth ("looks four moves ahead") survives ``main.py match GAME ... --time 0.05``, or the budget
cuts it to the depth of the level below (the levels then no longer keep their order).

    python tools/level_depths.py alquerque reversi rastros tictactoe
    python tools/level_depths.py tictactoe --option width=15 --option height=15 --option k=5
    python tools/level_depths.py tictactoe --option width=15 --option height=15 --option k=5 --unlimited

For each level with a fixed depth and each budget: the depth its last iteration completed
(least / median / most), in how many positions that is below the level's depth, and the longest
move.  The positions are reached by random moves from the start (``--positions``, 4 to 30 plies,
seeded); a move chosen without a search (a win in one, a block, a book or a proof) has no depth
and is left out of the counts.  ``--unlimited`` times instead each level's full depth with no
time limit (what a budget would have to give it).  Figures are wall-clock times: on a loaded
machine they are longer.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import ai  # noqa: E402
import games  # noqa: E402
from ai.base import Limits  # noqa: E402
from ai.commands.engines import prepare_engines  # noqa: E402
from ai.match import random_play  # noqa: E402
from games.base import State  # noqa: E402
from tools.usage import tool_parser, writes_and_takes  # noqa: E402

# the depth each level's table (ai/engines/<game>.py) gives levels 2, 3 and 4; level-5 has none
FIXED_DEPTHS = {"tictactoe": (1, 2, 4), "alquerque": (1, 2, 3), "reversi": (1, 3, 5), "rastros": (1, 3, 8)}
BUDGETS = (0.05, 0.1, 0.2)


def positions(game: games.Game, count: int, seed: int = 1) -> list[State]:
    """``count`` positions with a choice of moves, each reached by 4 to 30 random moves."""
    rng, found = random.Random(seed), []
    while len(found) < count:
        state = random_play(game.initial_state(), rng.randint(4, 30), rng)
        if not state.is_terminal() and len(state.legal_moves()) > 1:
            found.append(state)
    return found


def searched_depth(player: ai.Player, state: State, limits: Limits) -> tuple[int | None, float]:
    """The depth ``player``'s search of ``state`` completed within ``limits`` (None for a move
    chosen without one) and the seconds it took."""
    reports = []
    began = time.perf_counter()
    player.choose(state, limits, reports.append)
    spent = time.perf_counter() - began
    last = reports[-1] if reports else None
    if last is None or last.kind != "alphabeta" or last.proven is not None:
        return None, spent
    return last.depth, spent


def measure(game_id: str, options: dict[str, int], count: int, unlimited: bool) -> None:
    """Print one line per fixed-depth level and budget (or per level, ``unlimited``)."""
    game = games.load(game_id, **options)
    levels = [f"level-{n}" for n in (2, 3, 4)]
    prepare_engines(game_id, levels, options)
    states = positions(game, count)
    for level, depth in zip(levels, FIXED_DEPTHS[game_id]):
        player = ai.make_player(game_id, level, seed=1, options=options)
        for budget in (None,) if unlimited else BUDGETS:
            runs = [searched_depth(player, state, Limits(time=budget, depth=depth if budget is None else None))
                    for state in states]
            depths = sorted(d for d, _spent in runs if d is not None)
            times = sorted(spent for d, spent in runs if d is not None) or [0.0]
            where = " ".join(filter(None, (game_id, str(options) if options else "", f"{level} (depth {depth})")))
            if unlimited:
                print(f"{where}: no time limit: {len(times)} searched, seconds median {statistics.median(times):.3f} "
                      f"most {times[-1]:.3f}", flush=True)
                continue
            short = sum(d < depth for d in depths)
            reached = f"{depths[0]}/{depths[len(depths) // 2]}/{depths[-1]}" if depths else "-"
            print(f"{where} at {budget:.2f} s: depth least/median/most {reached}, below its depth in {short} of "
                  f"{len(depths)} searched, longest move {times[-1]:.3f} s", flush=True)
        ai.close_player(player)


def main(argv: list[str] | None = None) -> None:
    parser = tool_parser(__doc__, writes_and_takes(
        writes="no file",
        prints="a line per level and budget",
        takes="about 1 s a game with the defaults (6 s for all four), up to a minute a game with "
              "--unlimited or a 15x15 board"))
    parser.add_argument("games", nargs="+", choices=sorted(FIXED_DEPTHS))
    parser.add_argument("--option", action="append", default=[], metavar="KEY=N", help="a game option (whole numbers)")
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--unlimited", action="store_true", help="time each level's full depth instead")
    args = parser.parse_args(argv)
    options = {key: int(value) for key, _eq, value in (o.partition("=") for o in args.option)}
    for game_id in args.games:
        measure(game_id, options, args.positions, args.unlimited)


if __name__ == "__main__":
    main()
