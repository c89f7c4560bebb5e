"""The first level-5 move of each game after a fresh install: an empty numba cache, a new process.

    python tools/cold_start.py            # every game, 1 s a move
    python tools/cold_start.py hex:size=11

It exits with status 1 if a game's first move failed (the error is printed on its line).

What a user who starts a game before the window's background preparation has compiled anything
would wait (the window shows "Preparing the engine..." meanwhile).  Each game runs in a process
of its own with NUMBA_CACHE_DIR pointing at an empty temporary folder; the time printed runs from
the process's start (imports included) to the move.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("reversi", "hex:size=11", "rastros", "alquerque", "trax", "tictactoe")
CHILD = r"""
import sys, time
started = time.perf_counter()
sys.path.insert(0, sys.argv[1])
import ai, games
from ai.base import Limits
game_id, *pairs = sys.argv[2].split(":")
options = {k: int(v) for k, v in (p.split("=") for p in pairs)}
game = games.load(game_id, **options)
state = game.initial_state()
move = ai.make_player(game_id, "level-5", seed=1, options=options).choose(state, Limits(time=1.0))
print(f"{game.format_move(state, move)} {time.perf_counter() - started:.1f}")
"""


def first_move(spec: str) -> tuple[bool, str]:
    """Whether level-5's first move in the game ``spec`` names came, and the line that says so."""
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, NUMBA_CACHE_DIR=cache)
        started = time.perf_counter()
        done = subprocess.run([sys.executable, "-c", CHILD, str(ROOT), spec], env=env, capture_output=True, text=True)
        wall = time.perf_counter() - started
    if done.returncode != 0:
        return False, f"{spec:14} failed: {done.stderr.strip().splitlines()[-1] if done.stderr.strip() else done.returncode}"
    move, seconds = done.stdout.split()
    return True, f"{spec:14} first move {move:6} after {float(seconds):5.1f} s ({wall:.1f} s with the interpreter's start)"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", metavar="GAME[:OPTION=VALUE...]",
                        help=f"the games to start (default: {' '.join(GAMES)})")
    specs = parser.parse_args(argv).games or GAMES
    print(f"load average {os.getloadavg()[0]:.1f}" if hasattr(os, "getloadavg") else "", flush=True)
    failed = 0
    for spec in specs:
        moved, line = first_move(spec)
        print(line, flush=True)
        failed += not moved
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
