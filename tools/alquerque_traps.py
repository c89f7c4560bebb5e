"""How often level-5's trap-setter scores equal moves and changes a move, on logged games.

    python tools/alquerque_traps.py /tmp/alq5/final.jsonl --games 3 --time 1

Replays the new side's positions of a ``tools/versus_revision.py --log`` file (the old side's
moves as played, one player per game, so its tables stay warm as in play) and asks level-5 with
``Traps()`` for a move in each.  Counts the positions where two or more equal root moves were
scored, where a lure was above 0, and where the trap-setter changed the deep search's move
(docs/tuning/alquerque.md, trap-setting).
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import games  # noqa: E402
from ai.base import Limits, PlayerInfo  # noqa: E402
from ai.engines.alquerque import EnginePlayer, Traps  # noqa: E402
from tools.usage import logged_games, tool_parser  # noqa: E402


def main(argv: list[str] | None = None) -> None:
    parser = tool_parser(__doc__)
    parser.add_argument("log", type=Path)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--time", type=float, default=1.0)
    args = parser.parse_args(argv)
    game = games.load("alquerque")
    records = logged_games(parser, args.log)[:args.games]
    positions = scored = luring = changed = 0
    for record in records:
        player = EnginePlayer(PlayerInfo("traps", "traps"), tables=True, traps=Traps())
        setter = player.trap_setter
        state = game.initial_state()
        for text in record["moves"]:
            if state.to_move == record["new_side"] and len(state.legal_moves()) > 1:
                setter.lures, setter.choice = {}, None
                player.choose(state, Limits(time=args.time))
                positions += 1
                scored += len(setter.lures) >= 2
                luring += any(lure > 0 for lure in setter.lures.values())
                changed += setter.choice is not None
            state = state.play(game.parse_move(state, text))
    print(f"{args.time:g} s a move, {len(records)} games: {positions} positions, two or more equal moves scored in "
          f"{scored}, a lure above 0 in {luring}, the move changed in {changed}")


if __name__ == "__main__":
    main()
