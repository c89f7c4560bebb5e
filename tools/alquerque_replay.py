"""Replay the Alquerque games of a ``tools/versus_revision.py --log`` file and show how each ended.

    python tools/alquerque_replay.py /tmp/alq/games.log            # one line per game
    python tools/alquerque_replay.py /tmp/alq/games.log --game 3   # that game's captures and boards
    python tools/alquerque_replay.py /tmp/alq/games.log --deep 0.8 # where each side lost value

Per game: the result, the material (new engine's pieces against the old one's) after each
capture, and the board at the last capture (where a drawn game's 40 quiet plies began).  This is
how the draws between level-5 and an older level-5 were read (docs/tuning/alquerque.md).  A
capture by the old side that cut the new side's lead with the 40-ply counter at 30 or more is
marked ``!``: material given back to reset the counter.

``--deep SECONDS`` reviews every position with level-5's search (that many seconds, reductions
on, no contempt: a value of the position, not of a draw for one side): the value after the
opening (White's view) and every move that lost at least ``--drop`` points by it, the
mover's value before the move against its value after.  Those are the errors a deeper search
could have punished; how many the old side made in drawn games is in docs/tuning/alquerque.md.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import games  # noqa: E402
from tools.usage import logged_games, tool_parser  # noqa: E402

LATE = 30  # plies on the 40-ply counter after which a lost piece is marked as given back


def replay(record: dict) -> list[tuple[int, object, str, tuple[int, int]]]:
    """(ply, state before, move text, material of (new, old) after) for every ply of a game."""
    game = games.load("alquerque")
    new = record["new_side"]
    state = game.initial_state()
    rows = []
    for ply, text in enumerate(record["moves"]):
        after = state.play(game.parse_move(state, text))
        counts = (after.boards[new].bit_count(), after.boards[1 - new].bit_count())
        rows.append((ply, state, text, counts))
        state = after
    return rows


def summary(record: dict) -> str:
    """One line: result, plies, material at the end and the material's course at each capture."""
    rows = replay(record)
    winner = record["winner"]
    result = "draw" if winner is None else ("new wins" if winner == record["new_side"] else "old wins")
    course, last = [], (12, 12)
    for ply, before, _, counts in rows:
        if counts != last:
            given_back = last[0] > last[1] and counts[0] - counts[1] < last[0] - last[1] and before.quiet >= LATE
            course.append(f"{ply}:{counts[0]}-{counts[1]}{'!' if given_back else ''}")
            last = counts
    return (f"game {record['game']:2d} new={'WB'[record['new_side']]} {result:8} {len(rows):3d} plies, "
            f"captures {' '.join(course)}")


def detail(record: dict) -> None:
    """The captures and the boards at the last capture and at the end."""
    game = games.load("alquerque")
    rows = replay(record)
    print(summary(record))
    last_capture = 0
    for ply, state, text, counts in rows:
        if "x" in text:
            last_capture = ply
            print(f"  ply {ply:3d} {'WB'[state.to_move]} {text:14} -> new {counts[0]} old {counts[1]}")
    if last_capture < len(rows):
        print(f"board after the last capture (ply {last_capture}):")
        print(game.to_text(rows[last_capture][1].play(game.parse_move(rows[last_capture][1], rows[last_capture][2]))))
    print("moves since:", " ".join(text for _, _, text, _ in rows[last_capture + 1:]))
    print("final board:")
    print(record["final"])


def review(record: dict, seconds: float, drop: float, opening: int) -> None:
    """The deep values of the game's positions: after the opening, and the moves that lost ``drop``."""
    from ai.base import Limits
    from ai.engines.alquerque import EnginePlayer, Tactics

    def value(state) -> float | None:  # for the side to move
        if state.is_terminal():
            return None
        player = EnginePlayer(None, Tactics(reduce=1, contempt=0, ambition=0, hurry=0, keep_lead=0), tables=True)
        player.choose(state, Limits(time=seconds))
        return player.last.score

    rows = replay(record)
    values = [value(state) for _, state, _, _ in rows]
    start = values[opening] if opening < len(values) and values[opening] is not None else 0.0
    white = start if rows[opening][1].to_move == 0 else -start
    print(f"{summary(record)}\n  after {opening} plies: {white:+.0f} for White")
    new = record["new_side"]
    for (ply, state, text, counts), before, after in zip(rows, values, values[1:]):
        if ply < opening or before is None or after is None or before + after < drop:
            continue
        who = "new" if state.to_move == new else "old"
        print(f"  ply {ply:3d} {who} {text:12} new {counts[0]} old {counts[1]} counter {state.quiet:2d}: "
              f"{before:+.0f} before, {-after:+.0f} after")


def main(argv: list[str] | None = None) -> None:
    parser = tool_parser(__doc__)
    parser.add_argument("log", type=Path)
    parser.add_argument("--game", type=int, help="show this game in detail")
    parser.add_argument("--deep", type=float, metavar="SECONDS", help="review every position with level-5's search")
    parser.add_argument("--drop", type=float, default=60.0, help="with --deep: the loss of value that is shown")
    parser.add_argument("--opening", type=int, default=3, help="with --deep: plies of the random opening")
    args = parser.parse_args(argv)
    records = logged_games(parser, args.log)
    for record in records:
        if args.deep is not None:
            if args.game is None or record["game"] == args.game:
                review(record, args.deep, args.drop, args.opening)
        elif args.game is None:
            print(summary(record))
        elif record["game"] == args.game:
            detail(record)


if __name__ == "__main__":
    main()
