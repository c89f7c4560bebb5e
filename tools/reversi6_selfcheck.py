"""Does level-5 ever give away part of 6x6 Reversi's proven value?  Checked by our own solver.

    nice -n 15 .venv/bin/python tools/reversi6_selfcheck.py --games 2 --time 1                    # from the start
    nice -n 15 .venv/bin/python tools/reversi6_selfcheck.py --games 2 --time 1 --start-empties 22
    nice -n 15 .venv/bin/python tools/reversi6_selfcheck.py --games 2 --time 1 --start-empties 22 --handed-over

Level-5 (as the app makes it, with the 6x6 book of ai/engines/reversi_book.py) plays each colour
in turn at ``--time`` seconds a move against random play, levels 2-5 and the course's players.
The exact solver (tools/solve_reversi6.py's, no time limit, one table for the run) knows level-5's
margin at every turn: at the start the proven one (-4 for Black, +4 for White), after each
opponent move the new exact margin (an opponent's mistake raises it).  Book moves are proven when
the book is made (their margin: exact, or at least the one level-5 had); after every other
level-5 move a null-window solve checks that the exact margin is kept: the opponent, now to move,
can reach no more than minus that margin.  Prints each game and the totals: level-5 moves
checked, book moves, margins lost, and of those the ones below what level-5 was proven to have
(the game's value or the book's bound: the perfect-play guarantee; must be 0).  A margin lost
but not below is an opponent's mistake in the book's part not fully used.  ``--start-empties N``
starts each game instead at a seeded random position with N empties, to check the part of the
game the solver can reach quickly; with ``--handed-over`` level-5 starts there knowing its
margin, as it would from a book that ends there.
"""

from __future__ import annotations

import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import ai  # noqa: E402
import games  # noqa: E402
from ai.base import Limits  # noqa: E402
from ai.engines.reversi_book import book_answer  # noqa: E402
from tools.solve_reversi6 import PUBLISHED_BLACK_MARGIN, Solver  # noqa: E402
from tools.usage import tool_parser, writes_and_takes  # noqa: E402

SIZE = 6
PROVEN_MARGIN = (PUBLISHED_BLACK_MARGIN, -PUBLISHED_BLACK_MARGIN)  # Black's and White's share of the start's value
OPPONENTS = ("level-1", "level-2", "level-3", "level-4", "level-5", "reversi:easy", "reversi:medium",
             "reversi:hard")


@dataclass
class Tally:
    checked: int = 0
    book: int = 0
    lost: int = 0  # moves that gave away part of the exact margin
    below: int = 0  # ... and fell below what level-5 was proven to have (the game's value, the book's bound)


def start_state(empties: int, seed: int):
    """The start, or a seeded random-play position with ``empties`` empty squares (not finished)."""
    game = games.load("reversi", size=SIZE)
    rng = random.Random(seed)
    while True:
        state = game.initial_state()
        while state.empties() > empties and not state.is_terminal():
            state = state.play(rng.choice(state.legal_moves()))
        if not state.is_terminal():
            return state


def margin_of(solver: Solver, state, hint: int) -> int:
    """The final margin for the side to move: the book's where it has the position (proven when
    the book was made; exact, or a lower bound), else the solver's exact one, searched first in a
    window around ``hint``."""
    answer = book_answer(state)
    if answer is not None:
        return int(answer.value)
    return solver.exact(state.mover, state.opponent, hint)[1]


def reaches_more(solver: Solver, state, margin: int) -> bool:
    """Can the side to move reach more than ``margin``?  (One null window.)"""
    return solver.root(state.mover, state.opponent, margin, margin + 1)[1] > margin


def play_checked(solver: Solver, opponent_id: str, level5_side: int, state, seconds: float, seed: int,
                 tally: Tally, log, handed_over: bool = False) -> str:
    """One game; returns its line for the log.  Level-5's margin is checked after each of its moves
    that is not the book's (a book move keeps the margin: proven when the book was made).
    ``handed_over``: level-5 starts knowing its margin, as after a book that ends just before
    ``state`` (its proven margin there, or before the opponent's first move if that comes first)."""
    game = games.load("reversi", size=SIZE)
    level5 = ai.make_player("reversi", "level-5", seed=seed)
    opponent = ai.make_player("reversi", opponent_id, seed=seed)
    hint, lost = 0, 0  # hint: level-5's margin at its last turn (its margin now is no less)
    proven = PROVEN_MARGIN[level5_side] if state == game.initial_state() else None  # what it is sure of
    if handed_over:
        hint = margin_of(solver, state, 0) * (1 if state.to_move == level5_side else -1)
        if state.to_move != level5_side:
            state = state.play(opponent.choose(state, Limits(time=seconds)))
        level5.engine(state).know(state.mover, state.opponent, hint)
        proven = hint
    while not state.is_terminal():
        if state.to_move != level5_side:
            state = state.play(opponent.choose(state, Limits(time=seconds)))
            continue
        margin = margin_of(solver, state, hint)
        move = level5.choose(state, Limits(time=seconds))
        after = state.play(move)
        tally.checked += 1
        if level5.last is not None and level5.last.kind == "book":
            tally.book += 1
            proven = max(proven if proven is not None else margin, margin)  # the book's proof
        elif reaches_more(solver, after, -margin):  # the opponent, now to move, can reach more than -margin
            lost += 1
            tally.lost += 1
            below = proven is not None and reaches_more(solver, after, -proven)
            tally.below += below
            log(f"    LOST: {game.format_move(state, move)} at {state.empties()} empties, margin was {margin:+d}"
                f"{f', BELOW the proven {proven:+d}' if below else ''}, position {game.to_text(state)}")
        state, hint = after, margin
    black, white = state.score()
    final = black - white if level5_side == 0 else white - black
    side = ("Black", "White")[level5_side]
    return f"  level-5 ({side}) vs {opponent_id}: final margin {final:+d}, {lost} margins lost"


def main(argv: list[str] | None = None) -> int:
    parser = tool_parser(__doc__, writes_and_takes(
        writes="no file",
        prints="each game and the totals (exit status 1 if a margin fell below what level-5 was proven "
               "to have, 0 otherwise, even with margins lost above it)",
        takes="about 1 min with the defaults (16 games at 1 s a move), 12 s with --games 1 --time 0.2 "
              "--opponents level-1 level-2"))
    parser.add_argument("--games", type=int, default=2, help="games against each opponent (colours alternate)")
    parser.add_argument("--time", type=float, default=1.0, help="seconds a move for both sides")
    parser.add_argument("--opponents", nargs="*", default=list(OPPONENTS))
    parser.add_argument("--start-empties", type=int, default=SIZE * SIZE - 4)
    parser.add_argument("--bits", type=int, default=22, help="solver table of 2**bits entries")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--handed-over", action="store_true",
                        help="level-5 starts knowing its margin, as from a book that ends there")
    args = parser.parse_args(argv)
    solver, tally = Solver(args.bits), Tally()
    wall = time.perf_counter()
    for opponent_id in args.opponents:
        for i in range(args.games):
            seed = args.seed + i
            state = start_state(args.start_empties, seed)
            print(play_checked(solver, opponent_id, i % 2, state, args.time, seed, tally, print, args.handed_over),
                  flush=True)
    print(f"{tally.checked} level-5 moves checked ({tally.book} from the book), {tally.lost} margins lost"
          f" ({tally.below} below what level-5 was proven to have);"
          f" solver {solver.nodes:,} nodes, {solver.seconds:.0f} s of CPU ({time.perf_counter() - wall:.0f} s wall)")
    return 1 if tally.below else 0  # a margin lost above the proven one is no failure (the docstring)


if __name__ == "__main__":
    sys.exit(main())
