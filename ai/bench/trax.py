"""Trax bench figures: level-5's time per move and win rates on 10x10 and 25x25, and the ladder."""

from __future__ import annotations

import random
import statistics
import time

from ai.base import Limits
from ai.match import random_play


def _position(size: int, plies: int, seed: int) -> str:
    """A position reached by ``plies`` random moves where neither side can win at once (a real choice)."""
    import games
    from ai.engines.trax_threats import analyse

    game = games.load("trax", size=size)
    while True:
        state = random_play(game.initial_state(), plies, random.Random(seed))
        if not state.is_terminal() and not any(analyse(game, state).values()):
            return game.to_text(state)
        seed += 1


_BENCH: list[tuple[dict, str]] = []
COURSE_SECONDS = 1.0  # the strength runs' time per move: the course's (whatever --quick), said in each line


def __getattr__(name: str):
    """``BENCH_POSITIONS``, built on first use (random play from fixed seeds; not at import).

    Opening, midgame and late positions on 10x10 and 25x25 boards, none with a win at once.
    """
    if name == "BENCH_POSITIONS":
        if not _BENCH:
            _BENCH.extend(({"size": size}, _position(size, plies, seed=size * 100 + plies))
                          for size in (10, 25) for plies in (0, 10, 20))
        return _BENCH
    raise AttributeError(name)


def play_game(size: int, light, dark, seconds: float, seed: int = 0, opening: int = 2):
    """One game; returns (winner or None, (Light's move times, Dark's move times)).

    For variety between games of deterministic players, game ``seed`` starts from centre tile
    number ``seed % 6`` and plays ``opening`` random moves (seeded; never one leaving the next
    player a win at once) before the players take over.
    """
    import games
    from ai.match import random_openings
    from games.trax import TILE_NAMES

    game = games.load("trax", size=size, centre=TILE_NAMES[seed % 6])

    def decides_nothing(state) -> bool:  # an opening that hands the next player a win at once
        return not any(state.play(m).winner() == state.to_move for m in state.legal_moves())

    state = game.initial_state()
    for move in random_openings(game, 1, opening, seed=seed, accept=decides_nothing)[0]:
        state = state.play(move)
    players = (light, dark)
    times: tuple[list[float], list[float]] = ([], [])
    while not state.is_terminal():
        side = state.to_move
        start = time.perf_counter()
        move = players[side].choose(state, Limits(time=seconds))
        times[side].append(time.perf_counter() - start)
        state = state.play(move)
    return state.winner(), times


def bench_extra(report, quick: bool) -> None:
    """Time per move of level-5 (worst and median) on 10x10 and 25x25, and its win rates.

    Each pairing plays game pairs from the same opening (see ``play_game``), level-5 taking Light
    in one game and Dark in the other, at the course's 1 s per move.
    """
    import ai

    pairs = 2 if quick else 10
    for size in (10, 25):
        for name, count in (("level-1", pairs), ("trax:greedy", pairs), ("level-4", max(1, pairs // 2))):
            wins = [0, 0]
            move_times: list[float] = []
            for g in range(2 * count):
                five_side = g % 2
                five = ai.make_player("trax", "level-5", seed=g)
                other = ai.make_player("trax", name, seed=1000 + g)
                pair = (five, other) if five_side == 0 else (other, five)
                winner, times = play_game(size, *pair, seconds=COURSE_SECONDS, seed=g // 2)
                wins[five_side] += winner == five_side
                move_times.extend(times[five_side])
            report(f"  {size}x{size} level-5 vs {name} at {COURSE_SECONDS:g} s/move: {sum(wins)}/{2 * count} wins "
                   f"(as Light {wins[0]}/{count}, as Dark {wins[1]}/{count}); level-5 time per move: "
                   f"median {statistics.median(move_times):.3f} s, worst {max(move_times):.3f} s "
                   f"over {len(move_times)} moves")
    ladder = []
    for level in range(2, 6):
        upper, lower = f"level-{level}", f"level-{level - 1}"
        wins = 0
        for g in range(2 * pairs):
            side = g % 2
            a = ai.make_player("trax", upper, seed=g)
            b = ai.make_player("trax", lower, seed=500 + g)
            winner, _ = play_game(10, *((a, b) if side == 0 else (b, a)), seconds=COURSE_SECONDS, seed=g // 2)
            wins += winner == side
        ladder.append(f"{upper} vs {lower} {wins}/{2 * pairs}")
    report(f"  10x10 ladder at {COURSE_SECONDS:g} s/move (wins of both colours' games): " + ", ".join(ladder))
