"""What the tournament's running screen and the search tree explorer measure of their texts a frame.

    python tools/text_measure_bench.py [--frames N] [--checkout DIR]

Plays a small tournament on the screen (Tic-tac-toe 3x3, Levels 1 to 3, a game each way, the
board not watched), then opens the explorer on the empty 3x3 board, in a 1280x800 and an 800x600
window on SDL's dummy video driver.  For each screen it prints, for two frames drawn one after
the other with nothing changed, the paragraphs split into words to wrap (``ui.text.words_of``)
and the texts measured (``Font.size``), then the mean CPU milliseconds of a frame over N frames
(the process's CPU time: on a shared machine the wall clock measures the others too).
``--checkout`` measures another copy of the code (an older commit exported with ``git archive``),
so that two versions are compared on one machine.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # tools.other_checkout, which imports nothing of it

from tools.other_checkout import add_checkout_argument, measured_first, scratch_folders  # noqa: E402

SIZES = ((1280, 800), (800, 600))
COUNTED = ("wrapped", "measured")


def parse(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], epilog=(
        "writes no file: prints the counts and milliseconds of each screen; takes about half a minute"))
    parser.add_argument("--frames", type=int, default=200, help="frames timed on each screen (default 200)")
    add_checkout_argument(parser)
    return parser.parse_args(argv)


def count_measures(counts: dict[str, int]) -> None:
    """Count in ``counts`` every paragraph ``ui.text`` splits to wrap and every text a font
    measures: fonts made from now on measure through a counting subclass."""
    import pygame

    from ui import text as tx

    class CountingFont(pygame.font.Font):
        def size(self, value: str) -> tuple[int, int]:
            counts["measured"] += 1
            return super().size(value)

    words_of = tx.words_of

    def counted_words_of(paragraph: str) -> list[str]:
        counts["wrapped"] += 1
        return words_of(paragraph)

    pygame.font.Font = CountingFont
    tx.ui_font.cache_clear()
    tx.words_of = counted_words_of


def per_frame(scene, surface, counts: dict[str, int], frames: int) -> tuple[list[dict[str, int]], float]:
    """The counts of two frames of ``scene`` drawn one after the other on ``surface``, and the
    mean CPU ms of ``frames`` more."""
    drawn = []
    for _frame in range(2):
        counts.update(dict.fromkeys(COUNTED, 0))
        scene.draw(surface)
        drawn.append(dict(counts))
    started = time.process_time()
    for _frame in range(frames):
        scene.draw(surface)
    return drawn, 1000 * (time.process_time() - started) / frames


def tournament_shown(app):
    """The tournament screen after a league of Levels 1 to 3 of 3x3, a game each way, has ended."""
    from ui.scenes.tournament import TournamentScene

    scene = TournamentScene(app, "tictactoe")
    app.switch(scene)
    scene.selected = {"level-1", "level-2", "level-3"}
    scene.games_index, scene.time_index, scene.watch = 0, 0, False
    scene._start()
    app.run_frames(10 ** 6, until=lambda: not scene.running and scene.tournament._events.empty(), timeout=300)
    app.run_frames(3)
    return scene


def explorer_shown(app):
    """The search tree explorer on the empty 3x3 board, its tree built."""
    import games

    game = games.load("tictactoe")
    app.show_tree(game, game.initial_state())
    scene = app.scene
    app.run_frames(10 ** 6, until=lambda: not scene.building, timeout=120)
    app.run_frames(3)
    return scene


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    measured_first(args.checkout)
    counts = dict.fromkeys(COUNTED, 0)
    count_measures(counts)
    from ui.app import App

    print(f"{args.checkout}: mean of {args.frames} frames, load average {os.getloadavg()[0]:.1f}")
    with scratch_folders():
        for size in SIZES:
            app = App(size=size, fps=0, demo="menu", remember_size=False)
            try:
                for name, shown in (("tournament results", tournament_shown), ("tree explorer", explorer_shown)):
                    scene = shown(app)
                    (first, second), ms = per_frame(scene, app.screen, counts, args.frames)
                    print(f"  {name} {size[0]}x{size[1]}: frame 1 wrapped {first['wrapped']}, measured "
                          f"{first['measured']}; frame 2 wrapped {second['wrapped']}, measured {second['measured']}; "
                          f"{ms:.2f} CPU ms a frame")
            finally:
                app.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
