"""An evening in one window: many PC vs PC games, screens switched, and what the process keeps.

    nice -n 10 python tools/soak.py --games 3              # 3 games of each of the six, 2 rounds
    nice -n 10 python tools/soak.py --games 2 --rounds 4 --idle 10 --only reversi,hex

The real window runs headless (``SDL_VIDEODRIVER=dummy``) in this process, with its own fresh
settings and data folders.  A round plays ``--games`` PC vs PC games (level-1 against level-2,
``--time`` seconds a move, speed Max, Rematch between them) of each game, with analysis on in
every other round, and looks at the game's rules and search tree and back before going to the
menu; then the window's edge is dragged out through 20 sizes on the New game screen.  After each round a row is printed: the window's RSS, its worker processes while it played
(the most at once; their RSS after each screen's first and last game, summed over the screens),
the workers still running at the menu ("left", 0 once closed ones have ended), open file
descriptors, threads, the GameScene objects still alive, tracemalloc's current size (what the
window allocated since it opened and still holds; its imports are not traced) and the data
folder's files (autosaves, finished games, tally, logs).  At the end:
tracemalloc's top growth from the first round to the last (the first round's snapshot kept in a
file, not in the window's memory), and the processes left after the window closed (there should
be none).

``--idle S`` then measures the CPU (user + system, from /proc) the window and its workers use
in S seconds on still screens, the loop sleeping as on a desktop: the menu, the rules, a
finished game (analysis off and on, the evaluation graph showing), its replay, the search tree of
the game's start and a paused PC vs PC game with analysis on.

Ctrl+C, SIGTERM (``timeout 600 python tools/soak.py``) or SIGHUP stops it where it stands: the
window is closed, its workers ended, and the closing line says what was left (status 130); stopped while the window
opens, it says so in one line (status 130 too).  SDL made SIGTERM a close of the window, which the
rounds went on past.  Another such signal while it closes waits for the closing (one line on
standard error says so): ending there would leave its workers running.

Linux only (it reads /proc).  Each figure is a look at one moment, not a benchmark: re-run it
to compare before and after a change.
"""

from __future__ import annotations

import argparse
import gc
import os
import signal
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ui.app import App

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools.usage import tool_parser, writes_and_takes  # noqa: E402

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

GAMES = ("tictactoe", "hex", "reversi", "rastros", "alquerque", "trax")
PLAYERS = ("level-1", "level-2")
MAX_PLIES = 160  # a game still going after this many plies is left (it stays in the Continue list)
TICKS = os.sysconf("SC_CLK_TCK")
PAGE = os.sysconf("SC_PAGE_SIZE")


def rss_mb(pid: int) -> float:
    """A process's resident memory in MB (0 when it has ended)."""
    try:
        return int(Path(f"/proc/{pid}/statm").read_text(encoding="ascii").split()[1]) * PAGE / 2**20
    except (OSError, IndexError, ValueError):
        return 0.0


def cpu_seconds(pid: int) -> float:
    """A process's user + system CPU time so far (0 when it has ended)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text(encoding="ascii").rpartition(")")[2].split()
        return (int(fields[11]) + int(fields[12])) / TICKS
    except (OSError, IndexError, ValueError):
        return 0.0


def children(pid: int) -> list[int]:
    """The live child processes of ``pid`` (every thread's children) but multiprocessing's resource
    tracker, which every program using it keeps until it exits."""
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            found += [int(c) for c in (task / "children").read_text(encoding="ascii").split()]
        except OSError:
            continue
    return [c for c in found if not _is_resource_tracker(c)]


def _is_resource_tracker(pid: int) -> bool:
    try:
        return b"resource_tracker" in Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return False


def count_entries(folder: str) -> int:
    try:
        return len(os.listdir(folder))
    except OSError:
        return -1


def data_files(folder: Path) -> tuple[int, int]:
    """The number of files under ``folder`` and their total size in bytes."""
    files = [p for p in folder.rglob("*") if p.is_file()]
    return len(files), sum(p.stat().st_size for p in files)


def alive(class_name: str) -> int:
    """How many objects of a class of that name the garbage collector tracks."""
    return sum(1 for o in gc.get_objects() if type(o).__name__ == class_name)


def sample(data: Path) -> dict[str, float]:
    """The window's figures now: memory, the workers left running, fds, threads, objects, files."""
    gc.collect()
    pid = os.getpid()
    workers = children(pid)
    files, size = data_files(data)
    return {
        "rss": rss_mb(pid), "left": len(workers), "fds": count_entries(f"/proc/{pid}/fd"),
        "threads": count_entries(f"/proc/{pid}/task"), "scenes": alive("GameScene"),
        "traced": tracemalloc.get_traced_memory()[0] / 2**20, "files": files, "kb": size / 1024,
    }


def workers_rss() -> tuple[int, float]:
    """The number of worker processes running now and their total RSS in MB."""
    workers = children(os.getpid())
    return len(workers), sum(rss_mb(c) for c in workers)


HEADER = (f"{'round':>5} {'games':>5} {'RSS MB':>7} {'workers':>7} {'wRSS 1st':>8} {'wRSS nth':>8} {'left':>4} "
          f"{'fds':>4} {'threads':>7} {'scenes':>6} {'traced MB':>9} {'files':>5} {'data KB':>8}")


def row(label: str, games_played: int, s: dict[str, float], playing: dict[str, float]) -> str:
    """A line of the table: the window at the menu after a round (``s``) and its workers while it
    played (``playing``: the most at once, their RSS after each screen's first and last game)."""
    return (f"{label:>5} {games_played:>5} {s['rss']:>7.1f} {playing['workers']:>7} {playing['first']:>8.1f} "
            f"{playing['last']:>8.1f} {s['left']:>4} {s['fds']:>4} {s['threads']:>7} {s['scenes']:>6} "
            f"{s['traced']:>9.2f} {s['files']:>5} {s['kb']:>8.1f}")


def baseline(folder: Path) -> Path:
    """tracemalloc's snapshot now, written to a file in ``folder`` and not kept: a snapshot of the
    window's traces (10 frames each) holds some 35 MB, which the rows after it counted as the
    window's own (the second round, the one with analysis on, showed 40 MB more for it).  Not the
    data folder: the rows count its files."""
    from ui.memory import give_back

    path = folder / "tracemalloc-round-1.snapshot"
    tracemalloc.take_snapshot().dump(str(path))
    give_back()
    return path


def play_until_over(app, scene, seconds: float) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end and app.scene is scene and not scene.is_over() and len(scene.history) < MAX_PLIES:
        app.frame()
        time.sleep(0.002)


def visit(app, open_screen, frames: int = 30) -> None:
    """Open a screen whose Back returns to the game (rules, tree), run a few frames, go back."""
    open_screen()
    app.run_frames(frames, timeout=0.3)
    app.scene.back()
    app.run_frames(3)


def drag_the_window(app, sizes: int = 20) -> None:
    """On the New game screen, the window's edge dragged out through ``sizes`` sizes and back."""
    import pygame

    app.show_setup()
    for n in [*range(sizes), 0]:
        size = (1280 + 12 * n, 800 + 8 * n)
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
        app.run_frames(2)
    app.show_menu()
    app.run_frames(3)


def one_round(app, game_ids, games_each: int, move_time: float, analysis: bool) -> tuple[int, dict[str, float]]:
    """Play ``games_each`` games of each game, then look at its rules and tree and go to the menu;
    returns the games played and the workers' figures while they were played."""
    from ui.match import PC_VS_PC, MatchSetup
    from ui.scenes.game_computer import SPEEDS

    played, playing = 0, {"workers": 0, "first": 0.0, "last": 0.0}
    for game_id in game_ids:
        app.start_game(MatchSetup(game_id, {}, PC_VS_PC, PLAYERS, move_time))
        scene = app.scene
        scene.speed = len(SPEEDS) - 1  # Max: no pause between moves
        if analysis != scene.analysis.active:
            scene.toggle_analysis()
        for n in range(games_each):
            if n:
                scene.rematch()
            play_until_over(app, scene, seconds=120)
            app.run_frames(5)
            played += 1
            count, rss = workers_rss()
            playing["workers"] = max(playing["workers"], count)
            if n == 0:
                playing["first"] += rss
            if n == games_each - 1:
                playing["last"] += rss
        visit(app, scene.show_rules)
        visit(app, scene.open_tree)
        app.show_menu()
        app.run_frames(5)
    drag_the_window(app)
    app.run_frames(100, until=lambda: not children(os.getpid()), timeout=10.0)  # closed workers end
    return played, playing


def idle_cpu(app, seconds: float, game_id: str, move_time: float) -> Iterator[tuple[str, float, float, float]]:
    """(screen, window CPU %, workers' CPU %, frames drawn a second) over ``seconds`` of no input
    on each still screen, one at a time as it is measured."""
    from ui.match import PC_VS_PC, MatchSetup
    from ui.scenes.game_computer import SPEEDS

    def measure(name: str) -> tuple[str, float, float, float]:
        app.run_frames(20)
        pid, start, draws = os.getpid(), time.monotonic(), app.draws
        workers = children(pid)
        before = cpu_seconds(pid), {c: cpu_seconds(c) for c in workers}
        app.fps = 60  # the real loop: it sleeps when nothing changes
        while time.monotonic() - start < seconds:
            app.frame()
        app.fps = 0
        span = time.monotonic() - start
        mine = (cpu_seconds(pid) - before[0]) / span * 100
        theirs = sum(max(0.0, cpu_seconds(c) - before[1][c]) for c in workers) / span * 100  # an ended one: 0
        return name, mine, theirs, (app.draws - draws) / span

    yield measure("menu")
    app.show_rules(game_id)
    yield measure("rules")
    for analysis in (False, True):
        app.start_game(MatchSetup(game_id, {}, PC_VS_PC, PLAYERS, move_time))
        scene = app.scene
        scene.speed = len(SPEEDS) - 1
        if analysis:
            scene.toggle_analysis()
        play_until_over(app, scene, seconds=120)
        app.run_frames(60, timeout=2.0)  # the analysis of the last position, the game-over card
        yield measure("finished game" + (", analysis on" if analysis else ""))
    app.open_replay(scene.recorder.record, on_back=app.show_menu)
    yield measure("replay, evaluation graph")
    app.show_tree(scene.game, scene.game.initial_state(), on_back=app.show_menu)
    app.run_frames(200, until=lambda: not app.scene.building, timeout=30)
    yield measure("search tree")
    app.start_game(MatchSetup(game_id, {}, PC_VS_PC, PLAYERS, move_time))
    scene = app.scene
    scene.toggle_analysis()
    app.run_frames(200, until=lambda: len(scene.history) >= 6, timeout=30)
    scene.toggle_pause()
    app.run_frames(60, timeout=2.0)
    yield measure("paused PC vs PC, analysis on")
    app.show_menu()


STOPS = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name))


def stop_once() -> None:
    """Ctrl+C, SIGTERM or SIGHUP stops the soak where it stands (KeyboardInterrupt), once: SDL made
    SIGTERM a close of the window, which the rounds went on past.  Set first, before the window
    opens, as SDL leaves a signal that has a handler alone."""
    def stop(signum: int, frame: object) -> None:
        wait_for_the_closing()  # before the raise: a signal right after it already finds the wait
        raise KeyboardInterrupt

    for signum in STOPS:
        signal.signal(signum, stop)


def wait_for_the_closing() -> None:
    """From now on a stopping signal lets the closing finish: a second Ctrl+C (or ``timeout``'s
    SIGTERM) met the window closing and its workers ending, and printed a traceback from there,
    perhaps leaving them running.  The first such signal says so in one line on standard error."""
    said = []

    def wait(signum: int, frame: object) -> None:
        if not said:
            said.append(signum)
            print("still closing: the window closes and its workers end first", file=sys.stderr, flush=True)

    for signum in STOPS:
        signal.signal(signum, wait)


def main(argv: list[str] | None = None) -> int:
    stop_once()
    parser = tool_parser(__doc__, writes_and_takes(
        writes="its own settings and data folders (the games it plays, their logs) and the first round's "
               "memory snapshot in new folders of the temporary folder, which it names and leaves there",
        prints="a row a round",
        takes="about 3 min with --games 1 --rounds 1 --only tictactoe,rastros, and 25 min or more with "
              "the defaults (3 games of each of the six, 2 rounds: the first round took 12 min on a busy "
              "2-core machine), plus --idle S for each of its seven still screens; Ctrl+C, SIGTERM "
              "(timeout) or SIGHUP stops it: the window closed, its workers ended, the closing line "
              "printed, status 130"))
    parser.add_argument("--games", type=int, default=3, help="games of each game a round (Rematch between them)")
    parser.add_argument("--rounds", type=int, default=2, help="rounds (analysis on in every other one)")
    parser.add_argument("--time", type=float, default=0.1, help="seconds a computer move")
    parser.add_argument("--only", default=",".join(GAMES), help="the games, comma-separated")
    parser.add_argument("--idle", type=float, default=0.0, help="seconds of CPU measurement on each still screen")
    args = parser.parse_args(argv)
    game_ids = [g for g in args.only.split(",") if g]

    scratch = Path(tempfile.mkdtemp(prefix="tabuleiro-soak-"))
    os.environ["TABULEIRO_CONFIG_DIR"] = str(scratch / "config")
    os.environ["TABULEIRO_DATA_DIR"] = str(scratch / "data")
    os.environ["TABULEIRO_BOT_LOGS"] = str(scratch / "bot-logs")
    app = open_window()
    if app is None:
        print("\nstopped while the window was opening: nothing was measured", flush=True)
        return 130
    tracemalloc.start(10)  # once the window is open: ``open_window``
    stopped = False
    try:
        app.run_frames(5)
        print(f"data folder: {scratch}")
        rounds_and_idle(app, args, game_ids, scratch)
    except KeyboardInterrupt:
        stopped = True
        print("\nstopped: the figures above are the ones measured", flush=True)
    wait_for_the_closing()
    tracemalloc.stop()
    app.quit()
    time.sleep(0.5)
    left = children(os.getpid())
    print(f"\nafter the window closed: {len(left)} child processes, "
          f"{count_entries(f'/proc/{os.getpid()}/task')} threads, errors caught in scenes: {len(app.errors)}")
    for error in app.errors[:3]:
        print(error)
    return 130 if stopped else 1 if app.errors or left else 0


def open_window() -> App | None:
    """The window the soak runs in (``ui.app.App``, its modules imported first), or None when Ctrl+C,
    SIGTERM or SIGHUP came while it opened: a few seconds on a busy machine, which a stop at once
    (``timeout`` run out, a second thought) met with a traceback, SIGTERM before this process
    handled it with none and status -15.  Opened before tracemalloc starts: traced, the imports
    and the window's making took 30 s instead of 2 on a busy 2-core machine, and what they
    allocate is never part of the growth from round to round that the soak reports."""
    try:
        from ui.app import App

        return App(size=(1280, 800), fps=0, demo="menu", remember_size=False)
    except KeyboardInterrupt:
        return None


def rounds_and_idle(app, args: argparse.Namespace, game_ids: list[str], scratch: Path) -> None:
    """Print a row after each round, tracemalloc's top growth from the first round to the last and
    (``--idle``) the CPU on each still screen, each as soon as it is measured."""
    print(HEADER)
    print(row("start", 0, sample(scratch), {"workers": 0, "first": 0.0, "last": 0.0}), flush=True)
    played, first = 0, None
    for n in range(args.rounds):
        games_played, playing = one_round(app, game_ids, args.games, args.time, analysis=n % 2 == 1)
        played += games_played
        print(row(str(n + 1), played, sample(scratch), playing), flush=True)
        if first is None:
            first = baseline(Path(tempfile.mkdtemp(prefix="tabuleiro-soak-trace-")))
    if first is not None:
        print("\ntracemalloc, top growth from round 1 to the last:")
        for stat in tracemalloc.take_snapshot().compare_to(tracemalloc.Snapshot.load(str(first)), "lineno")[:10]:
            print(f"  {stat.size_diff / 1024:+9.1f} KB {stat.count_diff:+7d} objects  {stat.traceback[0]}")
    tracemalloc.stop()  # it slows every allocation down: the CPU figures are the window's own
    if args.idle:
        print(f"\nCPU over {args.idle:g} s with no input (per cent of one core):")
        print(f"  {'screen':<32} {'window':>7} {'workers':>8} {'draws/s':>8}")
        for name, mine, theirs, draws in idle_cpu(app, args.idle, game_ids[0], args.time):
            print(f"  {name:<32} {mine:>7.1f} {theirs:>8.1f} {draws:>8.1f}", flush=True)

if __name__ == "__main__":
    sys.exit(main())
