"""``python -m ui.analysis_bench``: what analysis mode and the tree explorer cost the window.

For each game, a hot-seat game at 1280x800 with analysis on, run through the real loop (60 fps cap):

- idle: the window sleeps between the worker's updates -- its CPU (% of one core, the window
  process only) and how many analysis updates per second arrive and are drawn;
- busy: every frame drawn (as while the mouse moves or a move animates) -- the frame rate the
  window keeps while the worker analyses, and the longest gap between frames.

Then the time the tree explorer takes to open a depth-4 tic-tac-toe tree: from asking for it to
the first frame that shows the built tree.  Figures are printed, never asserted (they depend on
the machine).
"""

from __future__ import annotations

import os
import sys
import time

GAMES = (("tictactoe", "b2"), ("reversi", "f5,d6,c3"), ("hex", "f6"), ("rastros", ""), ("alquerque", ""),
         ("trax", ""))


def measure_game(game_id: str, moves: str, seconds: float) -> dict:
    from ui.app import App
    from ui.bench import _run

    os.environ["TABULEIRO_ANALYSIS"] = "1"
    app = App(size=(1280, 800), fps=60, demo=f"game:{game_id}:hotseat:{moves}", remember_size=False)
    try:
        scene = app.scene
        end = time.monotonic() + 30
        while scene.analysis.values is None and time.monotonic() < end:  # the first values (warm-up)
            app.frame()
        start_rev = scene.analysis.revision
        idle = _run(app, seconds)
        updates = (scene.analysis.revision - start_rev) / idle["seconds"]
        app.always_draw = True
        busy = _run(app, seconds)
        return {"updates_per_s": updates, "idle_cpu": idle["cpu"], "idle_fps": idle["fps"],
                "busy_fps": busy["fps"], "busy_longest_ms": busy["longest_ms"],
                "depth": scene.analysis.values.depth if scene.analysis.values else 0}
    finally:
        app.quit()
        os.environ.pop("TABULEIRO_ANALYSIS", None)


def tree_open_seconds() -> float:
    """Seconds from asking for the tree explorer on tic-tac-toe's empty board (depth 4) to the
    first frame that shows the built tree, through the real loop: the build on its thread, the
    first layout and drawing.  The frames of "Building the tree…" drawn meanwhile are waited
    through, not timed as the opening."""
    import games
    from ui.app import App
    from ui.bench import _passing_folders

    game = games.load("tictactoe")
    with _passing_folders():
        app = App(size=(1280, 800), fps=0, demo="menu", remember_size=False)
        try:
            started = time.perf_counter()
            app.show_tree(game, game.initial_state())
            scene = app.scene
            app.run_frames(10 ** 6, until=lambda: not scene.building, timeout=120)
            return time.perf_counter() - started
        finally:
            app.quit()


def main(argv: list[str]) -> int:
    seconds = float(argv[0]) if argv else 5.0
    print(f"analysis mode, {seconds:.0f} s per run (window process CPU, % of one core)")
    for game_id, moves in GAMES:
        r = measure_game(game_id, moves, seconds)
        print(f"  {game_id:10s} updates {r['updates_per_s']:4.1f}/s  idle CPU {r['idle_cpu']:5.1f}%  "
              f"idle draws {r['idle_fps']:4.1f}/s  busy {r['busy_fps']:5.1f} fps (longest gap "
              f"{r['busy_longest_ms']:.0f} ms)  depth reached {r['depth']}")
    print(f"tree explorer, tic-tac-toe depth 4 from the empty board: {tree_open_seconds():.3f} s from asking for it "
          "to the first frame showing the built tree")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
