"""Does level-5 with the opening book ever leave a won Rastros position?  Checked by our own solver.

    .venv/bin/python tools/rastros_selfcheck.py --size 7 --games 10 --time 1     # South wins 7x7
    nice -n 5 .venv/bin/python tools/rastros_selfcheck.py --size 8 --games 10 --time 1 --first 3-4 5-6 --cap 5000000

The winner of the board size (South on 4x4..7x7, North on 8x8) is played by level-5 answering from
the book (ai/engines/rastros_book.py) when the position is in it, as level-5 does once it reads the
book, and searching for ``--time`` seconds otherwise.  Its opponents are the course's six players
and levels 1-5.  After every move of the winner the exact solver (no node limit, or ``--cap``
nodes; one large table for the whole run) checks that the opponent, now to move, is still lost.
Prints each game and the totals: positions checked, confirmed by the solver, beyond ``--cap`` but
reached by a book move (proven when the book was made), left unknown, and wins thrown away (must
be 0).  ``--first`` makes South open with the given moves (8x8: the lines the book covers).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import ai  # noqa: E402
import games  # noqa: E402
from ai.base import Limits  # noqa: E402
from ai.engines.rastros_book import book_answer  # noqa: E402
from ai.kernels import rastros as kernel  # noqa: E402
from ai.search.driver import new_ctl  # noqa: E402
from tools.solve_rastros import board_size  # noqa: E402
from tools.usage import tool_parser, writes_and_takes  # noqa: E402

OPPONENTS = ("rastros:bacoco", "rastros:obtuso-sw", "rastros:obtuso-ne", "rastros:random-plus",
             "rastros:basilio", "rastros:ar-livre", "level-1", "level-2", "level-3", "level-4", "level-5")


class BookLevel5:
    """Level-5 that plays the book's move whenever the position is in the book."""

    def __init__(self, seed: int) -> None:
        self.engine = ai.make_player("rastros", "level-5", seed=seed)
        self.book_moves = 0
        self.from_book = False  # the last move was the book's (proven when the book was made)

    def choose(self, state, limits: Limits) -> int:
        answer = book_answer(state)
        self.from_book = answer is not None and answer[0] in state.legal_moves()
        if self.from_book:
            self.book_moves += 1
            return answer[0]
        return self.engine.choose(state, limits)


def main(argv: list[str] | None = None) -> int:
    parser = tool_parser(__doc__, writes_and_takes(
        writes="no file",
        prints="each game and the totals",
        takes="about --time seconds a move of either side, for --games games against each of the "
              "opponents (eleven by default), and the checks' solving"))
    parser.add_argument("--size", type=board_size, default=8, help="the board, 4..8 as the game has it")
    parser.add_argument("--games", type=int, default=10, help="games against each opponent")
    parser.add_argument("--time", type=float, default=1.0, help="seconds a move for both sides")
    parser.add_argument("--bits", type=int, default=25, help="the checking solver's table: 2**bits entries")
    parser.add_argument("--cap", type=int, default=0, help="nodes per check (0: no limit)")
    parser.add_argument("--opponents", nargs="*", default=list(OPPONENTS))
    parser.add_argument("--first", nargs="*", default=[], help="South's first moves (row-col), in turn, "
                        "instead of the opponent's own (8x8: the first moves the book covers)")
    args = parser.parse_args(argv)
    n = args.size
    game = games.load("rastros", size=n)
    winner = 1 if n == 8 else 0  # docs/rastros-proof.md
    b, table = kernel.board(n), kernel.SolverTable(args.bits)
    totals = {"games": 0, "won": 0, "checked": 0, "confirmed": 0, "book_proven": 0, "unknown": 0, "thrown_away": 0,
              "book_moves": 0}
    started = time.perf_counter()
    ours = BookLevel5(seed=0)  # one player for the run, as in a session of the app: its tables are warm
    for opponent in args.opponents:
        for g in range(args.games):
            book_before = ours.book_moves
            theirs = ai.make_player("rastros", opponent, seed=1000 + g)
            state, thrown = game.initial_state(), []
            if args.first:
                state = state.play(game.parse_square(args.first[g % len(args.first)]))
            while not state.is_terminal():
                mover = ours if state.to_move == winner else theirs
                move = mover.choose(state, Limits(time=args.time))
                state = state.play(move)
                if mover is ours and not state.is_terminal():
                    region = int(kernel.flood(b, state.white, np.uint64(state.free)))
                    r = kernel.solve_win(b, table.table, table.work, state.white, np.uint64(region), state.to_move,
                                         new_ctl(), args.cap)
                    totals["checked"] += 1
                    if r == kernel.ABORTED:
                        totals["book_proven" if ours.from_book else "unknown"] += 1
                    elif r == 0:
                        totals["confirmed"] += 1
                    else:
                        thrown.append(len(state.trail) - 1)
            totals["games"] += 1
            totals["won"] += state.winner() == winner
            totals["thrown_away"] += len(thrown)
            book_moves = ours.book_moves - book_before
            totals["book_moves"] += book_moves
            print(f"{opponent:20} game {g + 1}: {'won' if state.winner() == winner else 'LOST'} in "
                  f"{len(state.trail) - 1} plies, {book_moves} book moves, wins thrown away at plies {thrown}",
                  flush=True)
    print(f"{n}x{n}, {args.time:g} s a move: {totals}, {time.perf_counter() - started:.0f} s", flush=True)
    return 0 if totals["thrown_away"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
