"""``python main.py bench analysis``: what analysis mode and the tree explorer cost the window.

For each game, a hot-seat game at 1280x800 with analysis on, run through the real loop (60 fps cap):

- idle: the window sleeps between the worker's updates -- its CPU (% of one core, the window
  process only) and how many analysis updates per second arrive and are drawn;
- busy: every frame drawn (as while the mouse moves or a move animates) -- the frame rate the
  window keeps while the worker analyses, and the longest gap between frames.

Then the time the tree explorer takes to open a depth-4 tic-tac-toe tree: from asking for it to
the first frame that shows the built tree; and the replay's evaluation graph of a finished game
(``REPLAY_GAMES``, random moves of a fixed seed), through the real loop: seconds to a value on a
quarter, half and every ply (the rough pass), and to the complete, fully searched graph.  Figures are printed, never asserted (they depend on
the machine).  Each run lasts ``SECONDS`` (``QUICK_SECONDS`` with ``--quick``), on a passing
settings and data folder.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ai.move_values import MoveValues

GAMES = (("tictactoe", "b2"), ("reversi", "f5,d6,c3"), ("hex", "f6"), ("rastros", ""), ("alquerque", ""),
         ("trax", ""))
SECONDS, QUICK_SECONDS = 5.0, 1.5
REPLAY_GAMES, QUICK_REPLAY_GAMES = ("reversi", "hex", "alquerque"), ("reversi",)
GRAPH_SHARES = (0.25, 0.5, 1.0)


def measure_game(game_id: str, moves: str, seconds: float) -> dict[str, float | str]:
    """One game's figures (see the module's docstring), from the first analysis values on."""
    from ui.app import App
    from ui.bench import measure_loop

    os.environ["TABULEIRO_ANALYSIS"] = "1"
    app = App(size=(1280, 800), fps=60, demo=f"game:{game_id}:hotseat:{moves}", remember_size=False)
    try:
        scene = app.scene
        end = time.monotonic() + 30
        while scene.analysis.values is None and time.monotonic() < end:  # the first values (warm-up)
            app.frame()
        start_rev = scene.analysis.revision
        idle = measure_loop(app, seconds)
        updates = (scene.analysis.revision - start_rev) / idle["seconds"]
        app.always_draw = True
        busy = measure_loop(app, seconds)
        return {"updates_per_s": updates, "idle_cpu": idle["cpu"], "idle_fps": idle["fps"],
                "busy_fps": busy["fps"], "busy_longest_ms": busy["longest_ms"],
                "reach": reach_text(scene.analysis.values)}
    finally:
        app.quit()
        os.environ.pop("TABULEIRO_ANALYSIS", None)


def reach_text(values: MoveValues | None) -> str:
    """How far a game's analysis got, in its own unit: playouts for Monte Carlo (Hex's ``depth``
    is the tree's deepest line, which read "depth reached 11" as if plies), else the plies every
    open value was searched, as the bar's caption says its depth (``MoveValues.reach``), or that
    every move is proven (Rastros' book read "depth reached 1")."""
    if values is None or not values.values:
        return "nothing"
    if values.monte_carlo:
        return f"{values.nodes:,} playouts"
    if all(value.proven is not None for value in values.values.values()):
        return "every move proven"  # by a book, a table or a search: no depth left to say
    return f"{values.reach()} plies"


def tree_open_seconds() -> float:
    """Seconds from asking for the tree explorer on tic-tac-toe's empty board (depth 4) to the
    first frame that shows the built tree, through the real loop: the build on its thread, the
    first layout and drawing.  The frames of "Building the tree…" drawn meanwhile are waited
    through, not timed as the opening."""
    import games
    from ui.app import App
    from ui.bench import scratch_user_folders

    game = games.load("tictactoe")
    with scratch_user_folders():
        app = App(size=(1280, 800), fps=0, demo="menu", remember_size=False)
        try:
            started = time.perf_counter()
            app.show_tree(game, game.initial_state())
            scene = app.scene
            app.run_frames(10 ** 6, until=lambda: not scene.building, timeout=120)
            return time.perf_counter() - started
        finally:
            app.quit()


def random_finished_record(game_id: str, seed: int = 1):
    """A whole game of random moves (Reversi: 60 plies, Hex 11x11 and Alquerque: over 100)."""
    import random

    import games
    from ai.match import WHOLE_GAME, random_line
    from games.record import GameRecord
    from games.record_parts import Side

    game = games.load(game_id)
    moves = random_line(game.initial_state(), WHOLE_GAME, random.Random(seed))
    return GameRecord.start(game, (Side(None, "A"), Side(None, "B"))).with_moves(moves, game.play_line(moves))


def replay_graph_seconds(game_id: str, timeout: float = 300.0) -> dict[str, float]:
    """Seconds from opening the replay of ``random_finished_record(game_id)`` until the graph has a
    value on each share of ``GRAPH_SHARES`` of its plies, and until its analysis is done ("done"),
    through the real loop (60 fps cap, idle waits as a user sees it); "plies" the game's length."""
    from ui.app import App

    record = random_finished_record(game_id)
    app = App(size=(1280, 800), fps=60, demo="menu", remember_size=False)
    try:
        app.open_replay(record)
        started, figures = time.monotonic(), {"plies": float(len(record.moves))}
        while time.monotonic() - started < timeout:
            app.frame()
            analysis = app.scene.analysis
            if analysis is None:
                continue
            share = sum(p is not None for p in analysis.points) / len(analysis.points)
            for wanted in GRAPH_SHARES:
                if share >= wanted and f"{wanted:g}" not in figures:
                    figures[f"{wanted:g}"] = time.monotonic() - started
            if analysis.done:
                figures["done"] = time.monotonic() - started
                break
        return figures
    finally:
        app.quit()


def bench_analysis(report: Callable[[str], None], quick: bool) -> None:
    """Print each game's analysis figures, then the tree explorer's opening time, the window on passing
    settings and data folders: the hot-seat games it starts are no one's to continue."""
    from ui.bench import headless_without_a_display, scratch_user_folders

    headless_without_a_display()
    seconds = QUICK_SECONDS if quick else SECONDS
    report(f"analysis: {seconds:g} s a run, video driver {os.environ.get('SDL_VIDEODRIVER', 'default')}, "
           f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores (window process CPU, % of one core)")
    with scratch_user_folders():
        for game_id, moves in GAMES:
            r = measure_game(game_id, moves, seconds)
            report(f"analysis: {game_id:10s} updates {r['updates_per_s']:4.1f}/s  idle CPU {r['idle_cpu']:5.1f}%  "
                   f"idle draws {r['idle_fps']:4.1f}/s  busy {r['busy_fps']:5.1f} fps (longest gap "
                   f"{r['busy_longest_ms']:.0f} ms)  reached {r['reach']}")
    report(f"analysis: tree explorer, tic-tac-toe depth 4 from the empty board: {tree_open_seconds():.3f} s from "
           "asking for it to the first frame showing the built tree")
    with scratch_user_folders():
        for game_id in QUICK_REPLAY_GAMES if quick else REPLAY_GAMES:
            r = replay_graph_seconds(game_id)
            shares = "  ".join(f"{100 * wanted:.0f}% {r.get(f'{wanted:g}', float('nan')):.1f} s" for wanted in GRAPH_SHARES)
            report(f"analysis: replay graph, {game_id} {r['plies']:.0f} plies: plies valued {shares}; seconds to a "
                   f"complete graph (every pass) {r.get('done', float('nan')):.1f} s")
