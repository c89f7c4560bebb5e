"""Trax analysis's value of a position depth by depth: whether it swings between odd and even depths.

    python tools/trax_depth_values.py                 # 20 seeded midgame positions, depths 2-5
    python tools/trax_depth_values.py --depth 4 --positions 10 --option size=12

The value a position shows at each depth is its best move's value in analysis (key A): at depth 2
analysis's first round (level 5's two-ply look, ``trax_search.TwoPlyLook``, which the hint shows
too), at depth 3 and deeper the alpha-beta it deepens with (``trax_search.deepening_player``)
searching the position itself that many plies, which is the best of its moves' values searched
one ply less below them.  A line per position, then how often the value changed sign between two
consecutive depths, the mean step between them and the mean of the odd depths less the even ones
(an evaluation that forgets who moves next favours the side that moved last).  The positions are
reached by 6 to 16 seeded random moves and are quiet: neither side wins with its next tile.
"""

from __future__ import annotations

import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import ai  # noqa: E402
import games  # noqa: E402
from ai.base import PROVEN, Limits, Progress  # noqa: E402
from ai.engines.trax_search import deepening_player  # noqa: E402
from ai.engines.trax_threats import analyse, wins_for  # noqa: E402
from ai.match import random_play  # noqa: E402
from ai.move_values import analyse as analyse_moves  # noqa: E402
from games.trax import Trax, TraxState  # noqa: E402
from tools.usage import tool_parser, writes_and_takes  # noqa: E402


def quiet_positions(game: Trax, count: int, seed: int = 1) -> list[TraxState]:
    """``count`` positions after 6 to 16 seeded random moves where neither side wins at once."""
    rng, found = random.Random(seed), []
    while len(found) < count:
        state = random_play(game.initial_state(), rng.randint(6, 16), rng)
        if state.is_terminal() or game.certain_draw(state):
            continue
        winning = analyse(game, state)
        if not wins_for(winning, 0) and not wins_for(winning, 1):
            found.append(state)
    return found


def depth_values(state: TraxState, deepest: int) -> list[float]:
    """The position's value for its side to move at depths 2 .. ``deepest``, as analysis shows it.

    Depths 3 and deeper are read from one deepening search to ``deepest``, as analysis deepens:
    it reports each depth's value on its way (a search per depth searched the shallow ones again).
    A search that stops early on a proof repeats the proven value for the depths it skipped."""
    first_round = analyse_moves(state, "trax", max_depth=1).best()
    values = [first_round.score]
    heard: dict[int, float] = {}

    def hear(report: Progress) -> None:
        if report.depth >= 3:
            heard[report.depth] = report.score

    deepening_player(ai.catalog("trax")[0], seed=0).choose(state, Limits(depth=deepest), hear)
    for depth in range(3, deepest + 1):
        values.append(heard.get(depth, values[-1]))
    return values


def sign_changes(values: list[float]) -> int:
    """How many times ``values`` cross zero from one depth to the next."""
    return sum(1 for a, b in zip(values, values[1:]) if a * b < 0)


def shown(value: float) -> str:
    """A value as the table prints it: points, or a win or loss the search proved."""
    return f"{value:+6.2f}" if abs(value) < PROVEN else ("   win" if value > 0 else "  loss")


def summary(rows: list[list[float]]) -> str:
    """Sign changes, the mean step between consecutive depths and the odd-less-even mean (the
    last two over the positions with no proof among their values, whose steps are no swing)."""
    changes = sum(sign_changes(row) for row in rows)
    pairs = sum(len(row) - 1 for row in rows)
    estimates = [row for row in rows if all(abs(v) < PROVEN for v in row)] or [[0.0, 0.0]]
    step = statistics.mean(abs(b - a) for row in estimates for a, b in zip(row, row[1:]))
    odd_less_even = statistics.mean(statistics.mean(row[1::2]) - statistics.mean(row[0::2]) for row in estimates)
    return (f"sign changes {changes} of {pairs} steps; mean step {step:.2f} points; "
            f"odd depths less even ones {odd_less_even:+.2f} points")


def main(argv: list[str] | None = None) -> None:
    parser = tool_parser(__doc__, writes_and_takes(
        writes="no file", prints="a line of values per position and a summary",
        takes="about two minutes with the defaults on 10x10"))
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--depth", type=int, default=5, help="the deepest depth shown (3 or more)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--option", action="append", default=[], metavar="KEY=N", help="a game option (whole numbers)")
    args = parser.parse_args(argv)
    options = {key: int(value) for key, _eq, value in (o.partition("=") for o in args.option)}
    game = games.load("trax", **options)
    rows = []
    print("depth     " + " ".join(f"{d:>6}" for d in range(2, args.depth + 1)))
    for number, state in enumerate(quiet_positions(game, args.positions, args.seed), 1):
        row = depth_values(state, args.depth)
        rows.append(row)
        print(f"position {number:>2} " + " ".join(shown(v) for v in row) + f"   {sign_changes(row)} sign change(s)", flush=True)
    print(summary(rows))


if __name__ == "__main__":
    main()
