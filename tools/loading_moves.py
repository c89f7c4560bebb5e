"""Level 5's first moves in a window's worker whose warm-up is still loading the kernels from the cache.

    python tools/loading_moves.py                        # every kernel game, seeds 1 and 2
    python tools/loading_moves.py rastros hex --seeds 3

A fresh install's first game: the window's preparation compiled the kernels into the cache, and the
game's worker loads them in its warm-up thread (seconds on a loaded machine) while its level is
asked for a move.  Each game and seed runs in a new process, with ``NUMBA_CACHE_DIR`` a copy of the
user's cache folder in which every kernel of the game is compiled (compiled there first when it is
not): the warm-up thread is started as the worker starts it (``ui.worker_process.start_warm_up``),
then level 5 answers at once, at 1 s a move, from three random positions past the books.  Printed
for each move: its wall-clock seconds, the seconds the driver left out of its clock waiting for
kernels (``ai.kernels.compile_wait``), and the kind of answer.
"""

from __future__ import annotations

import argparse
import os
import queue
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools.usage import tool_parser, writes_and_takes  # noqa: E402

GAMES = ("tictactoe", "rastros", "alquerque", "reversi", "hex")
OPTIONS = {"tictactoe": {"width": 15, "height": 15, "k": 5}}  # boards of 3x3 and 4x4 run no kernel
PLIES = {"tictactoe": 12, "hex": 30, "reversi": 24, "rastros": 14, "alquerque": 14}  # past the books
MOVES = 3
MOVE_SECONDS = 1.0


def random_positions(game, plies: int, seed: int) -> list:
    """``MOVES`` positions of ``plies``, ``plies`` + 4 ... random moves that do not end the game."""
    rng, positions = random.Random(seed), []
    for n in range(MOVES):
        state = game.initial_state()
        for _ in range(plies + 4 * n):
            moves = [m for m in state.legal_moves() if not state.play(m).is_terminal()]
            if not moves:
                break
            state = state.play(rng.choice(moves))
        positions.append(state)
    return positions


def measure(game_id: str, seed: int) -> None:
    """In this process (``NUMBA_CACHE_DIR`` set by the caller): the warm-up thread started, then
    level 5's moves, each printed."""
    import ai
    import games
    from ai import kernels
    from ai.base import Limits
    from ui.worker_process import start_warm_up

    game = games.load(game_id, **OPTIONS.get(game_id, {}))
    positions = random_positions(game, PLIES[game_id], seed)
    kernels.defer_compiling()
    start_warm_up(game_id, queue.Queue(), kernels.unused_stages(game))
    player = ai.make_player(game_id, "level-5", seed=seed)
    for n, state in enumerate(positions):
        began = time.perf_counter()
        player.choose(state, Limits(time=MOVE_SECONDS))
        took = time.perf_counter() - began
        kind = getattr(getattr(player, "last", None), "kind", "-")
        print(f"{game_id} seed {seed} move {n}: {took:.2f} s, compile wait {kernels.compile_wait():.2f} s, {kind}",
              flush=True)


def filled_cache(folder: Path, game_id: str) -> None:
    """Have ``folder`` hold every kernel of ``game_id`` compiled (a new process loads or compiles them)."""
    subprocess.run([sys.executable, "-c", f"from ai import kernels; kernels.warm_up({game_id!r})"],
                   cwd=ROOT, env={**os.environ, "NUMBA_CACHE_DIR": str(folder)}, check=True)


def main() -> None:
    parser = tool_parser(__doc__, writes_and_takes(writes="no file (a copy of the kernel cache in a temporary folder)",
                                                   prints="each move's seconds, wait and kind of answer",
                                                   takes="about 10 s a game and seed, and minutes more for kernels not yet compiled"))
    parser.add_argument("games", nargs="*", metavar="GAME", help=f"of {', '.join(GAMES)} (default: all)")
    parser.add_argument("--seeds", type=int, default=2, help="processes (random positions) per game")
    parser.add_argument("--one", nargs=2, metavar=("GAME", "SEED"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        measure(args.one[0], int(args.one[1]))
        return
    unknown = [game_id for game_id in args.games if game_id not in GAMES]
    if unknown:
        parser.error(f"no kernels to load for {', '.join(unknown)}: choose among {', '.join(GAMES)}")
    from ai.kernels import cache_dir

    with tempfile.TemporaryDirectory(prefix="tabuleiro-loading-") as tmp:
        folder = Path(tmp) / "numba"
        if cache_dir().is_dir():  # the user's compiled kernels: a copy loads, not compiles
            shutil.copytree(cache_dir(), folder, ignore=shutil.ignore_patterns("locks", "prepared-*"))
        for game_id in args.games or GAMES:
            filled_cache(folder, game_id)
            for seed in range(1, args.seeds + 1):
                subprocess.run([sys.executable, __file__, "--one", game_id, str(seed)], cwd=ROOT,
                               env={**os.environ, "NUMBA_CACHE_DIR": str(folder)}, check=True)


if __name__ == "__main__":
    main()
