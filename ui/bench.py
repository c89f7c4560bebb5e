"""``python main.py bench ui``: frames per second while a level-5 search runs in the worker.

The window must keep its frame rate while the computer thinks (target 60 fps, never below 30).
The figures are measured in windows of 0.25 s: min and median fps, and the longest frame.
"""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Callable

BENCH_GAMES = ("reversi", "hex", "tictactoe")  # the first one present is used


def _pick_game() -> tuple[str, dict]:
    import games

    ids = games.available_ids()
    for gid in BENCH_GAMES:
        if gid in ids:
            return gid, ({"width": 7, "height": 6, "k": 4} if gid == "tictactoe" else {})
    return ids[0], {}


def _frames(app, seconds: float, keep_going: Callable[[], bool]) -> tuple[list[float], float]:
    """Run frames (with the mouse moving over the board) while ``keep_going()``; the frame end
    times, and the CPU seconds the window process used per frame."""
    import pygame

    stamps: list[float] = []
    end = time.monotonic() + seconds
    cpu = time.process_time()
    x = 0
    while keep_going() and time.monotonic() < end:
        x = (x + 7) % app.size[0]  # hover redraws too
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, app.size[1] // 2), rel=(7, 0),
                                             buttons=(0, 0, 0)))
        app.frame()
        stamps.append(time.perf_counter())
    per_frame = (time.process_time() - cpu) / max(1, len(stamps))
    return stamps, per_frame


def _stats(stamps: list[float], cpu_per_frame: float) -> dict:
    windows: list[float] = []
    start = 0
    for i, t in enumerate(stamps):
        if t - stamps[start] >= 0.25:
            windows.append((i - start) / (t - stamps[start]))
            start = i
    gaps = [b - a for a, b in zip(stamps, stamps[1:])]
    return {
        "frames": len(stamps), "min_fps": min(windows) if windows else 0.0,
        "median_fps": statistics.median(windows) if windows else 0.0,
        "worst_frame_ms": 1000 * max(gaps) if gaps else 0.0, "cpu_ms": 1000 * cpu_per_frame,
    }


def measure(seconds: float, game_id: str, options: dict, size=(1280, 800)) -> dict[str, dict]:
    """Frame statistics of a Human vs PC game: first idle (the human to move), then while level-5
    thinks for ``seconds``.  The idle figures show what the machine allows without any search."""
    from ui.app import App
    from ui.match import HUMAN_VS_PC, MatchSetup
    from ui.scenes.game import GameScene

    app = App(size=size, fps=60, demo="menu", remember_size=False)
    try:
        setup = MatchSetup(game_id, options, HUMAN_VS_PC, (None, "level-5"), seconds)
        app.switch(GameScene(app, setup))
        scene = app.scene
        scene._ensure_worker()  # spawn it now, outside the measured time
        app.run_frames(30)
        idle = _stats(*_frames(app, min(3.0, seconds), lambda: True))
        scene.setup = MatchSetup(game_id, options, HUMAN_VS_PC, ("level-5", None), seconds)  # the PC moves now
        deadline = time.monotonic() + 20
        while scene.progress is None and time.monotonic() < deadline:  # the search has started
            app.frame()
        thinking = _stats(*_frames(app, seconds * 0.9, scene.computer_thinking))
        thinking["depth"] = scene.progress.depth if scene.progress else 0
    finally:
        app.quit()
    return {"idle": idle, "thinking": thinking}


def bench_ui(report: Callable[[str], None], quick: bool) -> None:
    """Print min/median fps of the window during a level-5 search."""
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    game_id, options = _pick_game()
    seconds = 3.0 if quick else 8.0
    r = measure(seconds, game_id, options)
    driver = os.environ.get("SDL_VIDEODRIVER", "default")
    t, i = r["thinking"], r["idle"]
    verdict = "ok" if t["min_fps"] >= 30 else "BELOW 30"
    report(f"ui: {game_id}, video driver {driver}, load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    report(f"ui: idle (nothing thinking): fps min {i['min_fps']:.1f} / median {i['median_fps']:.1f}, "
           f"longest frame {i['worst_frame_ms']:.0f} ms, window CPU {i['cpu_ms']:.1f} ms per frame")
    report(f"ui: level-5 thinking {seconds:g} s: fps min {t['min_fps']:.1f} / median {t['median_fps']:.1f} "
           f"(target 60, floor 30: {verdict}), longest frame {t['worst_frame_ms']:.0f} ms, "
           f"window CPU {t['cpu_ms']:.1f} ms per frame, search depth {t['depth']}")
