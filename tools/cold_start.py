"""The first level-5 move of each game after a fresh install: an empty numba cache, a new process.

    python tools/cold_start.py                  # every game, in the window (the user's case)
    python tools/cold_start.py reversi hex:size=11 --menu 0
    python tools/cold_start.py --player         # the command line's case: a player made, then a move

In the window (the default), each measurement is a fresh install: empty numba cache, settings and
data folders.  The window opens headless as ``python main.py`` opens it (the background preparation
of every game's kernels starts with it), the user spends ``--menu`` seconds in the menus, then starts
a Human vs PC game with level-5 to move, either from the start or from a position past the opening
books (``--plies`` random moves, default 12).  Printed: the seconds from the game's start to
level-5's first move, for both.  The goal (#16): within 15 s.

``--player`` times what a command-line match does after a fresh install: a new process makes
level-5 (which compiles every kernel of the game before its first move's clock starts) and asks
it for a move from the start; the time runs from the process's start, imports included.

Exits with status 1 if a game's first move failed (the error is printed on its line).
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

PLAYER = r"""
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

WINDOW = r"""
import random, sys, time
sys.path.insert(0, sys.argv[1])
game_spec, menu, plies = sys.argv[2], float(sys.argv[3]), int(sys.argv[4])


def main():
    opened = time.monotonic()
    import games
    from ui.ai_worker import KernelPreparation
    from ui.app import App
    from ui.match import HUMAN_VS_PC, MatchSetup

    preparation = KernelPreparation()  # as ui.app.run: the window's background preparation
    app = App()
    while time.monotonic() - opened < menu:
        app.frame()
    game_id, *pairs = game_spec.split(":")
    options = {k: int(v) for k, v in (p.split("=") for p in pairs)}
    game = games.load(game_id, **options)
    state, rng, line = game.initial_state(), random.Random(7), []
    while len(line) < plies:  # random moves, short of the game's end (3x3 Tic-tac-toe ends sooner)
        move = rng.choice(state.legal_moves())
        if state.play(move).is_terminal():
            break
        line.append(game.format_move(state, move))
        state = state.play(move)
    computer = ("level-5", None) if state.to_move == 0 else (None, "level-5")
    started = time.monotonic()
    app.start_game(MatchSetup(game_id, options, HUMAN_VS_PC, computer, 1.0), line)
    while len(app.scene.history) <= len(line) and time.monotonic() - started < 300:
        app.frame()
    moved = len(app.scene.history) > len(line)
    print(f"{app.scene.history[-1].text} {time.monotonic() - started:.1f}" if moved else "none 300")
    app.quit()
    preparation.stop()


if __name__ == "__main__":
    main()
"""


def _fresh_install() -> tuple[tempfile.TemporaryDirectory, dict[str, str]]:
    home = tempfile.TemporaryDirectory()
    env = dict(os.environ, NUMBA_CACHE_DIR=f"{home.name}/numba", TABULEIRO_CONFIG_DIR=f"{home.name}/config",
               TABULEIRO_DATA_DIR=f"{home.name}/data", SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    return home, env


def _run(code: str, *args: str) -> tuple[bool, str, float]:
    """Run ``code`` in a fresh install; (it answered, the move, seconds it printed)."""
    home, env = _fresh_install()
    with home:
        with tempfile.NamedTemporaryFile("w", suffix=".py", encoding="utf-8", delete=False) as script:
            script.write(code)  # a file, not -c: the window's processes are spawned from __main__
        try:
            done = subprocess.run([sys.executable, script.name, str(ROOT), *args], env=env, capture_output=True,
                                  text=True, timeout=600)
        finally:
            os.unlink(script.name)
    if done.returncode != 0 or not done.stdout.split():
        error = done.stderr.strip().splitlines()
        return False, error[-1] if error else f"exit status {done.returncode}", 0.0
    move, seconds = done.stdout.split()[-2:]
    return move != "none", move, float(seconds)


def player_line(spec: str) -> tuple[bool, str]:
    began = time.perf_counter()
    moved, move, seconds = _run(PLAYER, spec)
    if not moved:
        return False, f"{spec:14} failed: {move}"
    return True, (f"{spec:14} first move {move:6} after {seconds:5.1f} s "
                  f"({time.perf_counter() - began:.1f} s with the interpreter's start)")


def window_line(spec: str, menu: float, plies: int) -> tuple[bool, str]:
    words, ok = [f"{spec:14}"], True
    for label, count in (("from the start", 0), ("past the books", plies)):
        moved, move, seconds = _run(WINDOW, spec, str(menu), str(count))
        ok &= moved
        words.append(f"{label}: {move} in {seconds:4.1f} s" if moved else f"{label}: failed ({move})")
    return ok, "   ".join(words)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", metavar="GAME[:OPTION=VALUE...]",
                        help=f"the games to start (default: {' '.join(GAMES)})")
    parser.add_argument("--player", action="store_true",
                        help="time a player made in a new process, as the command line does (not the window)")
    parser.add_argument("--menu", type=float, default=5.0, help="seconds in the menus before the game starts")
    parser.add_argument("--plies", type=int, default=12, help="random moves before the position past the books")
    args = parser.parse_args(argv)
    specs = args.games or GAMES
    print(f"load average {os.getloadavg()[0]:.1f}" if hasattr(os, "getloadavg") else "", flush=True)
    if not args.player:
        print(f"the window, a fresh install each time: {args.menu:g} s in the menus, then level-5 to move; "
              "seconds from the game's start to its first move", flush=True)
    failed = 0
    for spec in specs:
        moved, line = player_line(spec) if args.player else window_line(spec, args.menu, args.plies)
        print(line, flush=True)
        failed += not moved
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
