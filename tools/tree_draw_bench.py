"""How long the search tree explorer takes to draw a wide tree, every node of it open.

    python tools/tree_draw_bench.py [--frames N] [--depth D] [--checkout DIR]

Builds Tic-tac-toe 3x3's minimax tree from the empty board (depth 5 by default: 18,730 nodes,
every one with children opened, 15,120 leaves in the last row), shows it in the explorer on a
1280x800 window on SDL's dummy video driver, and for a few places of the view (the opening view,
panned across, scrolled down) prints the mean milliseconds of ``draw_tree`` alone and of the
whole screen's ``draw`` over N frames.  ``--checkout`` measures another copy of the code (an
older commit exported with ``git archive``), so that two versions are compared on one machine.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # tools.other_checkout, which imports nothing of it

from tools.other_checkout import add_checkout_argument, measured_first, scratch_folders  # noqa: E402

SIZE = (1280, 800)
PLACES = (("opening view", 0, 0), ("panned 6,000 px right", 6000, 0), ("panned 60,000 px left", -60000, 0),
          ("scrolled down 2 plies", 0, 2))


def parse(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], epilog=(
        "writes no file: prints the milliseconds at each place; takes about 7 s with the defaults"))
    parser.add_argument("--frames", type=int, default=30, help="frames drawn at each place (default 30)")
    parser.add_argument("--depth", type=int, default=5, help="the tree's depth in plies (default 5)")
    add_checkout_argument(parser)
    return parser.parse_args(argv)


def open_everything(app, depth: int):
    """The explorer on Tic-tac-toe's empty board, minimax to ``depth``, every node with children open."""
    import games
    from ai.game_tree import MINIMAX, iter_nodes

    game = games.load("tictactoe")
    app.show_tree(game, game.initial_state())
    scene = app.scene
    scene.algorithm, scene.depth = MINIMAX, depth
    scene.rebuild()
    app.run_frames(10 ** 6, until=lambda: not scene.building, timeout=120)
    app.run_frames(2)
    scene.open.update(id(node) for node in iter_nodes(scene.tree.root) if node.children)
    app.run_frames(2)  # laid out once, outside the timings
    return scene


def mean_ms(draw, frames: int) -> float:
    started = time.perf_counter()
    for _ in range(frames):
        draw()
    return 1000 * (time.perf_counter() - started) / frames


def measure(app, scene, frames: int) -> list[tuple[str, float, float]]:
    """(place, ms of ``draw_tree``, ms of the screen's ``draw``) at each of PLACES."""
    from ui.scenes.tree_drawing import draw_tree

    surface = app.screen
    rows = []
    for name, scroll, first_ply in PLACES:
        scene.scroll, scene.first_ply, scene.snap = scroll, first_ply, True
        scene.draw(surface)  # the scroll as far as the tree allows, rounded to whole columns

        def tree_only() -> None:
            surface.set_clip(scene.canvas)
            draw_tree(surface, scene, scene.canvas, scene.scroll, scene.first_ply)
            surface.set_clip(None)

        rows.append((name, mean_ms(tree_only, frames), mean_ms(lambda: scene.draw(surface), frames)))
    return rows


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    measured_first(args.checkout)
    from ui.app import App

    with scratch_folders():
        app = App(size=SIZE, fps=0, demo="menu", remember_size=False)
        try:
            scene = open_everything(app, args.depth)
            rows = measure(app, scene, args.frames)
        finally:
            app.quit()
    import ui.scenes.tree_explorer as drawn_by

    print(f"{Path(drawn_by.__file__).parents[2]}: Tic-tac-toe minimax depth {args.depth}, {scene.tree.nodes:,} nodes all open, "
          f"{SIZE[0]}x{SIZE[1]}, mean of {args.frames} frames, load average {os.getloadavg()[0]:.1f}")
    for name, tree_ms, screen_ms in rows:
        print(f"  {name:24s} draw_tree {tree_ms:6.1f} ms   whole screen {screen_ms:6.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
