"""What a change of screen costs in memory work (``ui.memory.give_back``), as a player walks the window.

    nice -n 10 python tools/give_back_bench.py              # the window's full collection beside a young one
    nice -n 10 python tools/give_back_bench.py --runs 2

A walk is 20 changes of screen in the real window (headless, its own fresh folders, warm start's
imports set aside as ``ui.app.run`` does): four times the main menu, New game, a finished
tic-tac-toe game with its analysis on, that game's replay with its analysis on, back to the game,
the menu.  Each way runs in a process of its own, the ways taking turns, so one sitting's load
falls on both: "full" is the window's ``give_back`` (a full collection, then glibc's trim), "young"
the same with the collection of the two young generations alone.  A row says the give-back's
milliseconds a change (wall median and mean, CPU median), the full collections it made, the
window's RSS before the walk and after it, and the screens left that are still alive at its end.
"""

from __future__ import annotations

import argparse
import functools
import gc
import os
import statistics
import subprocess
import sys
import time
import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # tools.usage, when run as a script

from tools.usage import tool_parser, writes_and_takes  # noqa: E402

WAYS = ("full", "young")
ROUNDS = 4  # five changes of screen each: 20 changes
LINE = ["b2", "a1", "c3", "a3", "a2", "c1", "b1", "b3", "c2"]  # 3x3 tic-tac-toe to X's win
SETTLE = 0.3  # seconds of frames after each change (analysis: a second), the window sleeping between them


def resident_mb() -> float:
    """This process's resident memory (Linux's /proc)."""
    return int(Path("/proc/self/statm").read_text(encoding="ascii").split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


@contextmanager
def young_collections_only() -> Iterator[None]:
    """``gc.collect()`` collects generations 0 and 1 alone while inside."""
    full = gc.collect
    gc.collect = functools.partial(full, 1)
    try:
        yield
    finally:
        gc.collect = full


def timed_give_backs(way: str) -> list[tuple[float, float, int]]:
    """Wrap ``ui.memory.give_back`` (as ``way`` does it): each call's wall and CPU milliseconds and
    the full collections it made are appended to the list returned."""
    from ui import memory

    give_back, calls = memory.give_back, []

    def timed() -> bool:
        wall, cpu, full = time.perf_counter(), time.process_time(), gc.get_stats()[2]["collections"]
        if way == "young":
            with young_collections_only():
                given = give_back()
        else:
            given = give_back()
        calls.append(((time.perf_counter() - wall) * 1000, (time.process_time() - cpu) * 1000,
                      gc.get_stats()[2]["collections"] - full))
        return given

    memory.give_back = timed
    return calls


def walk(app, change: Callable[[Callable[[], None], float], None]) -> None:
    """The 20 changes of screen: menu, New game, a finished game (analysis on), its replay
    (analysis on), back to the game, the menu."""
    from ui.match import HOTSEAT, MatchSetup

    for _ in range(ROUNDS):
        change(app.show_setup, SETTLE)
        change(lambda: app.start_game(MatchSetup("tictactoe", {}, HOTSEAT, (None, None)), LINE), SETTLE)
        app.scene.toggle_analysis()
        app.run_frames(3, timeout=1.0)
        change(app.scene.open_replay, SETTLE)
        app.scene.toggle_analysis()
        app.run_frames(3, timeout=1.0)
        change(app.scene.back, SETTLE)
        change(app.show_menu, SETTLE)


def measure(way: str) -> str:
    """One walk in this process, its give-backs done ``way``: its row."""
    from ui.app import App
    from ui.bench import headless_without_a_display, scratch_user_folders

    headless_without_a_display()
    with scratch_user_folders():
        app = App(size=(1280, 800), fps=60, demo="menu", remember_size=False)
        try:
            app.sets_imports_aside = True  # as ``ui.app.run``'s window does
            app.run_frames(1, until=lambda: app.warm_start.done and not app.sets_imports_aside, timeout=120)
            app.run_frames(3, timeout=SETTLE)
            calls, left = timed_give_backs(way), []
            before = resident_mb()

            def change(show: Callable[[], None], settle: float) -> None:
                left.append(weakref.ref(app.scene))
                show()
                app.run_frames(3, timeout=settle)

            walk(app, change)
            app.run_frames(3, timeout=1.0)
            alive = sum(1 for screen in left if screen() is not None and screen() is not app.scene)
            after = resident_mb()
        finally:
            app.quit()
    wall, cpu = [call[0] for call in calls], [call[1] for call in calls]
    return (f"{way:>5} {len(calls):>7} {statistics.median(wall):>9.1f} {statistics.mean(wall):>8.1f} "
            f"{statistics.median(cpu):>8.1f} {sum(call[2] for call in calls):>5} {before:>7.0f} {after:>6.0f} "
            f"{alive:>5}")


def main(argv: list[str] | None = None) -> int:
    parser = tool_parser(__doc__, writes_and_takes(writes="no file (its window's folders are temporary)",
                                                   prints="a row per walk", takes="about a minute a run"))
    parser.add_argument("--runs", type=int, default=1, help="walks of each way, taking turns")
    parser.add_argument("--way", choices=WAYS, help=argparse.SUPPRESS)  # one walk, in this process
    args = parser.parse_args(argv)
    if args.way:
        print(measure(args.way), flush=True)
        return 0
    print("  way changes wall med wall avg  CPU med  full  RSS MB  after alive")
    for _ in range(args.runs):
        for way in WAYS:
            quiet = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1")
            subprocess.run([sys.executable, __file__, "--way", way], cwd=ROOT, env=quiet, check=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
