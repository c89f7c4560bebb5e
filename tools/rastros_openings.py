"""Which side each random opening of a Rastros match left won, by our own exact solver, beside
how the new side did from it.

    .venv/bin/python tools/versus_revision.py rastros --rev 128afa3 --games 20 --time 1 --openings 4 --log m.jsonl
    .venv/bin/python tools/rastros_openings.py m.jsonl --plies 4

A match from the 8x8 start measures nothing between two engines that both find North's proven win
(every game goes to North); from random openings it does, once each opening is known to be won or
lost for the side the new engine played: no engine does better than win every won position, and
what it wins from lost ones is the opponent's errors.  Reads the ``--log`` file of tools/versus_revision.py.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import games  # noqa: E402
from ai.kernels import rastros as kernel  # noqa: E402
from games.rastros import Rastros  # noqa: E402
from tools.solve_rastros import board_size, position  # noqa: E402
from tools.usage import logged_games, tool_parser, writes_and_takes  # noqa: E402


def opening_winner(game: Rastros, moves: list[str], table: kernel.SolverTable) -> int:
    """The side (0 South, 1 North) that wins the position after ``moves`` with perfect play."""
    state = game.play_line(moves)
    if state.is_terminal():
        return state.winner()
    mover_wins = kernel.solve(*position(state), table, n=game.n)
    return state.to_move if mover_wins == 1 else 1 - state.to_move


def main(argv: list[str] | None = None) -> int:
    parser = tool_parser(__doc__, writes_and_takes(
        writes="no file",
        prints="each game's opening and the tallies",
        takes="the solving of each distinct opening (seconds on 7x7, more on 8x8 with few --plies)"))
    parser.add_argument("log", help="a --log file of tools/versus_revision.py rastros")
    parser.add_argument("--plies", type=int, required=True, help="the match's --openings")
    parser.add_argument("--size", type=board_size, default=8, help="the board, 4..8 as the game has it")
    parser.add_argument("--bits", type=int, default=25, help="the solver's table: 2**bits entries")
    args = parser.parse_args(argv)
    game = games.load("rastros", size=args.size)
    table = kernel.SolverTable(args.bits)
    tally = {True: [0, 0], False: [0, 0]}  # opening won for the new side? -> [games, new side won]
    solved: dict[tuple[str, ...], int] = {}
    for record in logged_games(parser, args.log):
        opening = tuple(record["moves"][:args.plies])
        if opening not in solved:
            solved[opening] = opening_winner(game, list(opening), table)
        won_for_new = solved[opening] == record["new_side"]
        new_won = record["winner"] == record["new_side"]
        tally[won_for_new][0] += 1
        tally[won_for_new][1] += new_won
        print(f"game {record['game']:2d}: {' '.join(opening):24} {game.sides[solved[opening]]} wins; new plays "
              f"{game.sides[record['new_side']]:5} -> {'new wins' if new_won else 'old wins'}", flush=True)
    for won_for_new, label in ((True, "won"), (False, "lost")):
        games_, wins = tally[won_for_new]
        print(f"positions {label} for the new side: {games_} games, the new side won {wins}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
