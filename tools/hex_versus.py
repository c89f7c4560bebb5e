"""Hex strength runs: a level-5 variant against today's level-5 (the kernel MCTS without
connection knowledge), both in this process, colours alternating, no swap.

    python tools/hex_versus.py --size 9 --games 20 --time 1 --new level-5
    python tools/hex_versus.py --size 11 --new priors --log /tmp/hex/priors-11.log
    python tools/hex_versus.py --size 9 --playouts 2000 --side red --prior-weight 60

Game i: the new player (seed 1000 + i) is Blue in even games, the old one (seed 2000 + i) Red;
each move is given ``Limits(time=...)`` and there is no time forfeit (on a loaded machine both
overrun now and then).  ``--playouts`` gives each move that many playouts instead (a measure of
the search's quality alone, the same on a busy machine; knowledge costs no playouts then), and
``--side`` keeps the new player on one colour (Red, the second player, is its weak side).  One line per game and a summary with the longest move of each side.
Variants: ``level-5`` (what the level plays today), ``priors`` (the MCTS with pattern priors in
the tree, no root knowledge), ``root`` (the root knowledge alone), ``mustplay`` (the root knowledge
and the mustplay of the principal line's nodes, no priors), ``all`` (the three), ``templates`` (the
plain kernel MCTS with ziggurat answers in its playouts), ``level-5+templates`` and
``level-5-templates`` (level-5 with and without them), ``level-5+analyse19`` (level-5
analysing the root on every size up to 19x19), ``level-5+inferior`` (level-5 pruning each tree
node's moves into dead and captured cells once it has ``INFERIOR_AT`` visits).  ``--old`` picks
the opponent among the same variants (default ``plain``: the kernel MCTS and solver, today's level-5 without knowledge).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import ai  # noqa: E402
import games  # noqa: E402
from ai.base import Limits, Player  # noqa: E402
from ai.engines.hex_knowledge import KnowledgePlayer, warm_up  # noqa: E402
from ai.engines.hex_mcts import HexMCTSPlayer  # noqa: E402
from ai.kernels import hex as kernel  # noqa: E402
from tools.usage import tool_parser  # noqa: E402

VARIANTS = {
    "level-5": lambda info, seed, weight: KnowledgePlayer(info, seed=seed, prior_weight=weight),
    "priors": lambda info, seed, weight: HexMCTSPlayer(info, solve=True, prior_weight=weight, seed=seed),
    "root": lambda info, seed, weight: KnowledgePlayer(info, seed=seed, prior_weight=0, tree_mustplay=False),
    "mustplay": lambda info, seed, weight: KnowledgePlayer(info, seed=seed, prior_weight=0, tree_mustplay=True),
    "all": lambda info, seed, weight: KnowledgePlayer(info, seed=seed, prior_weight=weight, tree_mustplay=True),
    "templates": lambda info, seed, weight: HexMCTSPlayer(info, solve=True, templates=True, seed=seed),
    "level-5+templates": lambda info, seed, weight: KnowledgePlayer(info, seed=seed, prior_weight=weight,
                                                                    templates=True),
    "level-5-templates": lambda info, seed, weight: KnowledgePlayer(info, seed=seed, prior_weight=weight,
                                                                    templates=False),
    "level-5+inferior": lambda info, seed, weight: KnowledgePlayer(info, seed=seed, prior_weight=weight,
                                                                   inferior_at=INFERIOR_AT),
    "level-5+analyse19": lambda info, seed, weight: KnowledgePlayer(info, seed=seed, prior_weight=weight,
                                                                    analyse_up_to=19),
}
INFERIOR_AT = 32  # visits at which the ``level-5+inferior`` variant prunes a node's dead and captured cells
SIDES = {"both": None, "blue": 0, "red": 1}


def old_level5(info, seed: int, weight: int = 0) -> Player:
    """Today's level-5 as it was before the connection knowledge: the kernel MCTS and the solver."""
    return HexMCTSPlayer(info, solve=True, seed=seed)


OPPONENTS = {"plain": old_level5, **VARIANTS}


def play(game, blue: Player, red: Player, limits: Limits) -> tuple[int, list[str], list[float], list[float], list[str]]:
    """One game: (winner, the moves as cell names, Blue's move times, Red's move times, the slow
    moves: those over twice the move time, as ply:seconds:what answered)."""
    state = game.initial_state()
    times: list[list[float]] = [[], []]
    moves: list[str] = []
    slow: list[str] = []
    while not state.is_terminal():
        side = state.to_move
        player = (blue, red)[side]
        began = time.perf_counter()
        move = player.choose(state, limits)
        spent = time.perf_counter() - began
        times[side].append(spent)
        if limits.time is not None and spent > 2 * limits.time:
            slow.append(f"{len(moves)}:{spent:.1f}:{getattr(getattr(player, 'last', None), 'kind', '?')}")
        moves.append(game.format_move(state, move))
        state = state.play(move)
    return state.winner(), moves, times[0], times[1], slow


def main(argv: list[str] | None = None) -> None:
    parser = tool_parser(__doc__)
    parser.add_argument("--size", type=int, default=9)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--first", type=int, default=0, help="index of the first game (seeds and colours)")
    parser.add_argument("--time", type=float, default=1.0)
    parser.add_argument("--playouts", type=int, help="playouts a move instead of --time")
    parser.add_argument("--side", choices=sorted(SIDES), default="both", help="the new player's colour")
    parser.add_argument("--prior-weight", type=int, default=kernel.PRIOR_WEIGHT,
                        help="virtual playouts of the pattern priors (level-5, all)")
    parser.add_argument("--new", choices=sorted(VARIANTS), default="level-5")
    parser.add_argument("--old", choices=sorted(OPPONENTS), default="plain",
                        help="the opponent: the plain kernel MCTS (default) or another variant")
    parser.add_argument("--log", type=Path)
    args = parser.parse_args(argv)
    game = games.load("hex", size=args.size, swap=0)
    info = next(p for p in ai.catalog("hex") if p.id == "level-5")
    warm_up()
    log = args.log.open("a", encoding="utf-8") if args.log else None

    def say(line: str) -> None:
        print(line, flush=True)
        if log:
            log.write(line + "\n")
            log.flush()

    limits = Limits(iterations=args.playouts) if args.playouts else Limits(time=args.time)
    budget = f"{args.playouts} playouts" if args.playouts else f"{args.time} s"
    say(f"# {args.new} (prior weight {args.prior_weight}) vs {args.old}, {args.size}x{args.size}, {budget} a move, "
        f"games {args.first}..{args.first + args.games - 1}, new plays {args.side}")
    won = [0, 0]  # the new player's wins as Blue, as Red
    played = [0, 0]
    longest = [0.0, 0.0]  # new, old
    for i in range(args.first, args.first + args.games):
        new, old = VARIANTS[args.new](info, 1000 + i, args.prior_weight), OPPONENTS[args.old](info, 2000 + i,
                                                                                             args.prior_weight)
        new_side = i % 2 if SIDES[args.side] is None else SIDES[args.side]
        players = (new, old) if new_side == 0 else (old, new)
        winner, moves, blue_times, red_times, slow = play(game, *players, limits)
        new_times, old_times = (blue_times, red_times) if new_side == 0 else (red_times, blue_times)
        longest = [max(longest[0], *new_times), max(longest[1], *old_times)]
        won[new_side] += winner == new_side
        played[new_side] += 1
        say(f"game {i}: new as {'Blue' if new_side == 0 else 'Red'}, {'new' if winner == new_side else 'old'} "
            f"won in {len(moves)} plies; longest move new {max(new_times):.2f} s old {max(old_times):.2f} s; "
            f"{'slow ' + ' '.join(slow) + '; ' if slow else ''}moves {' '.join(moves)}")
    say(f"new won {sum(won)} of {args.games} ({100 * sum(won) / args.games:.0f}%): as Blue {won[0]} of "
        f"{played[0]}, as Red {won[1]} of {played[1]}; longest move new {longest[0]:.2f} s old {longest[1]:.2f} s")


if __name__ == "__main__":
    main()
