"""A hot-seat game's first hint (H): seconds from the key to the hint's mark, in a new window each time.

    python tools/first_hint.py                         # 3x3 Tic-tac-toe, 5 s in the menus
    python tools/first_hint.py tictactoe:width=7:height=6:k=4 --menu 0 --against /tmp/old-checkout
    python tools/first_hint.py --fresh                 # after a fresh install: no kernel compiled

The window opens headless as ``python main.py`` opens it after a first run (its spare AI worker,
the kernels compiled in ``NUMBA_CACHE_DIR`` or the user's cache; the background preparation,
which then ends at once, left out) or, with ``--fresh``, after a fresh install (an empty numba
cache, the background preparation compiling), New game showing the game measured; after ``--menu`` seconds
a hot-seat game of it starts, and H is pressed as soon as the board shows, then in another window
after the board has been looked at for ``--idle`` seconds.  The hint's search is a level-5's of
the start, at most 1 s.  ``--against PATH`` measures another checkout (an older revision's copy)
the same way, each run of it beside a run of this one; ``--runs N`` quotes the median of N.
"""

from __future__ import annotations

import functools
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # tools.usage, when run as a script

from tools.cold_start import WORKER_NAMES, median_of_runs, run_in_fresh_install, side_by_side  # noqa: E402
from tools.usage import tool_parser, writes_and_takes  # noqa: E402

HINT = WORKER_NAMES + r"""
import sys, time
sys.path.insert(0, sys.argv[1])
game_spec, menu, idle, fresh = sys.argv[2], float(sys.argv[3]), float(sys.argv[4]), sys.argv[5] == "fresh"


def main():
    import pygame
    KernelPreparation = worker_names("KernelPreparation")
    from ui.app import App
    from ui.match import HOTSEAT, MatchSetup

    opened = time.monotonic()
    preparation = KernelPreparation() if fresh else None  # as ui.app.run on a fresh install
    game_id, *pairs = game_spec.split(":")
    options = {k: int(v) for k, v in (p.split("=") for p in pairs)}
    app = App()
    choices = app.last_setup_choices()  # New game shows the game measured: the spare expects it
    choices.game_id, choices.options[game_id] = game_id, dict(options)
    app.spare_worker = True  # as ui.app.run
    while time.monotonic() - opened < menu:
        app.frame()
    app.start_game(MatchSetup(game_id, options, HOTSEAT, (None, None), 1.0))
    shown = time.monotonic()
    while time.monotonic() - shown < idle:
        app.frame()
    scene, asked = app.scene, time.monotonic()
    for kind in (pygame.KEYDOWN, pygame.KEYUP):
        pygame.event.post(pygame.event.Event(kind, key=pygame.K_h, mod=0, unicode="h", scancode=0))
    while scene.hint is None and time.monotonic() - asked < 120:
        app.frame()
    print(f"{time.monotonic() - asked:.3f}" if scene.hint is not None else "none")
    app.quit()
    if preparation is not None:
        preparation.stop()


if __name__ == "__main__":
    main()
"""


def _hint_seconds(menu: float, fresh: bool, spec: str, idle: float, root: Path, kernels: str
                  ) -> tuple[bool, list[float] | str]:
    """One window's first hint of ``spec`` on the checkout at ``root`` (``HINT``), its kernels in
    ``kernels`` or, ``fresh``, none compiled: [seconds from H to the hint], or the error."""
    ended, words = run_in_fresh_install(HINT, spec, str(menu), str(idle), "fresh" if fresh else "compiled", root=root,
                           kernels=None if fresh else kernels)
    if not ended or words[0] == "none":
        return False, words[0] if not ended else "no hint within 120 s"
    return True, [float(words[0])]


def hint_lines(spec: str, menu: float, idle: float, runs: int, against: Path | None, fresh: bool = False
               ) -> tuple[bool, list[str]]:
    """The first hint of ``spec``, H pressed as the board shows and after ``idle`` seconds, on this
    checkout (and on ``against``'s, run by run beside it), the median of ``runs`` runs each; ``fresh``:
    each window a fresh install's."""
    lines = []
    for wait in (0.0, idle):
        ok, figures = side_by_side(spec, wait, runs, against, functools.partial(_hint_seconds, menu, fresh))
        if not ok:
            return False, figures
        lines += [f"{spec:14} {label:8} H {wait:g} s after the board showed: the hint {median_of_runs(m)[0]:.2f} s later "
                  f"(runs: {', '.join(f'{run[0]:.2f}' for run in m)})" for label, m in figures.items()]
    return True, lines


def main(argv: list[str] | None = None) -> int:
    parser = tool_parser(__doc__, writes_and_takes(
        writes="each window's settings and data in a temporary folder, removed at the end", prints="the seconds",
        takes="a few seconds a window: (--menu + --idle + the hint) x 2 x --runs, twice with --against; "
              "with --fresh a hint that compiles kernels takes tens of seconds"))
    parser.add_argument("game", nargs="?", default="tictactoe", metavar="GAME[:OPTION=VALUE...]",
                        help="the game (default: tictactoe, 3x3)")
    parser.add_argument("--menu", type=float, default=5.0, help="seconds in the menus before the game starts")
    parser.add_argument("--idle", type=float, default=3.0, help="seconds the board is looked at before the later H")
    parser.add_argument("--runs", type=int, default=3, help="runs of each, the median quoted")
    parser.add_argument("--against", type=Path, help="also measure the checkout at this path")
    parser.add_argument("--fresh", action="store_true", help="each window a fresh install's: no kernel compiled")
    args = parser.parse_args(argv)
    setting = f"{args.menu:g} s in the menus" + (", a fresh install" if args.fresh else ", kernels compiled")
    print(f"load average {os.getloadavg()[0]:.1f}; {setting}" if hasattr(os, "getloadavg") else setting, flush=True)
    ok, lines = hint_lines(args.game, args.menu, args.idle, args.runs, args.against, args.fresh)
    print("\n".join(lines), flush=True)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
