"""The first level-5 move of each game after a fresh install: an empty numba cache, a new process.

    python tools/cold_start.py                  # every game, in the window (the user's case)
    python tools/cold_start.py reversi hex:size=11 --menu 0
    python tools/cold_start.py --player         # the command line's case: a player made, then a move

In the window (the default), each measurement is a fresh install: empty numba cache, settings and data
folders.  The window opens headless as ``python main.py`` opens it (the background preparation of every
game's kernels starts with it), the user spends ``--menu`` seconds in the menus, then starts a Human vs PC
game with level-5 (``--level``) to move, from the start and past the opening books (``--plies`` random
moves, default 12).  Printed: the seconds from the game's start to its first move, for both, and how many
the window said "Preparing the engine..." (goal, #16: within 15 s); ``--against PATH``: another checkout's beside.

``--first-frame`` times the window's freeze at the first game of a run instead: the window opens headless as
``python main.py`` opens it, its kernels in ``NUMBA_CACHE_DIR`` or the user's cache (compiled there first if
they are not, as the window would), sits in the main menu for ``--menu`` seconds (default 3) with the mouse
moving over it after its first sleep, then New game, the game's card (unless it is the one shown) and Start
game are clicked.  Printed: the seconds from each click to the next frame drawn, the modules imported over the
three (and how many are the engines': ``ai.``, numba, llvmlite), and the longest menu frame while the mouse
moved.  ``--against PATH`` measures another checkout (an older revision's worktree) the same way, each run of
it beside a run of this one, so old and new are side by side in one run; ``--runs N`` repeats each and quotes
the median.
``--restart`` times the first move of a later run instead (the user's second launch): the kernels compiled in
``NUMBA_CACHE_DIR`` or the user's cache (compiled there first if they are not), the game New game shows first
the one measured (the last chosen), ``--menu`` seconds in the menus (default 3), then Human vs PC with level-5
to move from the start and past the books, move time 1 s.  Printed: the seconds from the game's start to the
worker's kernels ready ("Preparing the engine..." gone) and to the first move (the window's 0.35 s pause
before a reply included), the median of ``--runs``; ``--against PATH`` runs another checkout beside it.
``--steps``: where a worker's start goes, step by step in a new process (the interpreter, numba,
the game's engine, each kernel stage, level-5 made, its first search past the books).
``--taken``: level-5's first move past the books in a worker that took the spare and in a fresh one
(``--switch FIRST``: started ``--menu`` s after New game showed it instead of FIRST, the spare's guess).
``--memory``: the spare's resident memory as New game shows the games given, one after another.
``--analysis``: a fresh install's first analysis (key A, hot-seat, past the books): seconds to the engine ready
("Preparing the engine…" gone) and to the first value on the board (may come first).  ``--three``: the three
processes of a fresh install that want a game's kernels at once (the window's preparation, the game's worker,
the analysis worker analysing): seconds until each has every stage.  ``--player`` times what a command-line
match does after a fresh install: a new process makes level-5 (which compiles every kernel of the game before
its first move's clock starts) and asks it for a move from the start; the time runs from the process's start,
imports included.  Exits with status 1 if a game's first move failed (the error is printed on its line).
"""

from __future__ import annotations

import functools
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # tools.usage, when run as a script

from tools.usage import tool_parser, writes_and_takes  # noqa: E402

GAMES = ("reversi", "hex:size=11", "rastros", "alquerque", "trax", "tictactoe")

# the AI worker's names where the checkout measured has them: since ui/ai_worker.py was split by
# concern, in its new modules (ui.ai_worker keeps the protocol: Job and the reports); all in
# ui.ai_worker in an older checkout (``--against``)
WORKER_NAMES = r"""
WORKER_MODULES = {"KernelPreparation": "ui.kernel_preparation", "SpareWorker": "ui.worker_client",
                  "AIWorker": "ui.worker_client", "wait_for_closed_workers": "ui.worker_lifecycle",
                  "lower_priority": "ui.process_priority", "WORKER_NICENESS": "ui.process_priority",
                  "ANALYSIS_NICENESS": "ui.process_priority", "worker_main": "ui.worker_process"}


def worker_names(*names):
    # the AI worker's ``names`` as this checkout has them (one name: the thing itself)
    import importlib

    found = []
    for name in names:
        try:
            module = importlib.import_module(WORKER_MODULES[name])
        except ImportError:  # an older checkout: all in ui.ai_worker
            module = importlib.import_module("ui.ai_worker")
        found.append(getattr(module, name))
    return found[0] if len(names) == 1 else found


def spare_waiting(SpareWorker):
    # the spare waiting for its game, None when there is none (``SpareWorker.spare()``; an older
    # checkout, which has no such method, keeps it in the class's ``_spare``)
    spare = getattr(SpareWorker, "spare", None)
    return spare() if callable(spare) else getattr(SpareWorker, "_spare", None)
"""


# what the scripts below share, put before each: the game a GAME[:OPTION=VALUE...] names, the same
# random opening in each (so the WINDOW and RESTART games match), and the window as main.py opens it
COMMON = WORKER_NAMES + r"""
def spec_options(spec):
    # "hex:size=11": the game's id and its options
    game_id, *pairs = spec.split(":")
    return game_id, {k: int(v) for k, v in (p.split("=") for p in pairs)}


def played_line(game, plies):
    # plies seeded random moves from the start, short of the game's end (3x3 Tic-tac-toe ends
    # sooner): the position reached and the moves' names
    import random

    state, rng, line = game.initial_state(), random.Random(7), []
    while len(line) < plies:
        move = rng.choice(state.legal_moves())
        if state.play(move).is_terminal():
            break
        line.append(game.format_move(state, move))
        state = state.play(move)
    return state, line


def opened_window(opened, menu, shown=None):
    # the window as ui.app.run opens it, its background preparation and its spare AI worker (an older
    # checkout has none: left unread), New game showing ``shown`` (game id, options: the game last
    # chosen, as on a second launch) if given; left in its menus until ``menu`` s after ``opened``
    import time
    KernelPreparation = worker_names("KernelPreparation")
    from ui.app import App

    preparation = KernelPreparation()
    app = App()
    if shown is not None:
        choices = app.last_setup_choices()
        choices.game_id, choices.options[shown[0]] = shown[0], dict(shown[1])
    app.spare_worker = True
    while time.monotonic() - opened < menu:
        app.frame()
    return preparation, app

"""

PLAYER = COMMON + r"""
import sys, time
started = time.perf_counter()
sys.path.insert(0, sys.argv[1])
import ai, games
from ai.base import Limits
game_id, options = spec_options(sys.argv[2])
game = games.load(game_id, **options)
state = game.initial_state()
move = ai.make_player(game_id, "level-5", seed=1, options=options).choose(state, Limits(time=1.0))
print(f"{game.format_move(state, move)} {time.perf_counter() - started:.1f}")
"""

WINDOW = COMMON + r"""
import sys, time
sys.path.insert(0, sys.argv[1])
game_spec, menu, plies, level = sys.argv[2], float(sys.argv[3]), int(sys.argv[4]), sys.argv[5]


def main():
    opened = time.monotonic()
    import games
    from ui.match import HUMAN_VS_PC, MatchSetup

    preparation, app = opened_window(opened, menu)
    game_id, options = spec_options(game_spec)
    game = games.load(game_id, **options)
    state, line = played_line(game, plies)
    computer = (level, None) if state.to_move == 0 else (None, level)
    started = last = time.monotonic()
    preparing = 0.0  # seconds the window said "Preparing the engine..." (no search heard yet) before the move
    app.start_game(MatchSetup(game_id, options, HUMAN_VS_PC, computer, 1.0), line)
    while len(app.scene.history) <= len(line) and time.monotonic() - started < 300:
        app.frame()
        now = time.monotonic()
        preparing += now - last if app.scene.preparing_engine() and app.scene.computer.progress is None else 0.0
        last = now
    moved = len(app.scene.history) > len(line)
    print(f"{app.scene.history[-1].text} {time.monotonic() - started:.1f} {preparing:.1f}" if moved else "none 300 300")
    app.quit()
    preparation.stop()


if __name__ == "__main__":
    main()
"""


RESTART = COMMON + r"""
import sys, time
sys.path.insert(0, sys.argv[1])
game_spec, menu, plies = sys.argv[2], float(sys.argv[3]), int(sys.argv[4])


def main():
    opened = time.monotonic()
    import games
    SpareWorker = worker_names("SpareWorker")
    from ui.match import HUMAN_VS_PC, MatchSetup

    game_id, options = spec_options(game_spec)
    preparation, app = opened_window(opened, menu, shown=(game_id, options))  # a second launch
    game = games.load(game_id, **options)
    state, line = played_line(game, plies)
    computer = ("level-5", None) if state.to_move == 0 else (None, "level-5")
    spare = spare_waiting(SpareWorker)  # its head start over? (an older spare says nothing)
    if hasattr(spare, "hear"):  # heard as the window hears it (it says AISpareLoading first)
        spare.hear()
        ahead = spare.ready is not None
    else:
        ahead = type(spare.reports.receive(0)).__name__ == "AISpareReady" if spare is not None else False
    started, ready = time.monotonic(), None
    app.start_game(MatchSetup(game_id, options, HUMAN_VS_PC, computer, 1.0), line)
    while len(app.scene.history) <= len(line) and time.monotonic() - started < 300:
        app.frame()
        if ready is None and not app.scene.preparing_engine():
            ready = time.monotonic() - started
    moved = time.monotonic() - started if len(app.scene.history) > len(line) else 300.0
    print(f"{ready if ready is not None else moved:.3f} {moved:.3f} {int(ahead)}")
    app.quit()
    preparation.stop()


if __name__ == "__main__":
    main()
"""


ANALYSIS = COMMON + r"""
import sys, time
sys.path.insert(0, sys.argv[1])
game_spec, menu, plies = sys.argv[2], float(sys.argv[3]), int(sys.argv[4])


def main():
    opened = time.monotonic()
    import pygame, games
    from ui.match import HOTSEAT, MatchSetup

    preparation, app = opened_window(opened, menu)
    game_id, options = spec_options(game_spec)
    state, line = played_line(games.load(game_id, **options), plies)
    app.start_game(MatchSetup(game_id, options, HOTSEAT, (None, None), 1.0), line)
    app.run_frames(3)
    started, ready, valued = time.monotonic(), None, None
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a", scancode=0))
    analysis = app.scene.analysis
    while (valued is None or ready is None) and time.monotonic() - started < 500:  # a value may come first
        app.frame()
        if ready is None and analysis.running() and not analysis.preparing():
            ready = time.monotonic() - started
        if valued is None and analysis.labels():
            valued = time.monotonic() - started
    print(f"{ready or 500:.2f} {valued or 500:.2f}")
    app.quit()
    preparation.stop()


if __name__ == "__main__":
    main()
"""


THREE = COMMON + r"""
import sys, threading, time, multiprocessing as mp
sys.path.insert(0, sys.argv[1])
game_spec = sys.argv[2]


def ready_in(game_id):
    import ai.kernels as kernels

    return all(kernels.is_ready(game_id, stage) for stage in kernels.stages(game_id))


def game_worker(began, game_id, said):
    # the game's AI worker: its priority, compiling deferred, a warm-up of every stage
    WORKER_NICENESS, lower_priority = worker_names("WORKER_NICENESS", "lower_priority")
    import ai.kernels as kernels

    lower_priority(WORKER_NICENESS)
    kernels.defer_compiling()
    kernels.warm_up(game_id)
    said.put(("game worker", time.time() - began))


def analysis_worker(began, game_spec, said):
    # the analysis worker: its priority, a warm-up thread, and its analysis (a stand-in's while
    # the kernels compile) until every stage is ready
    ANALYSIS_NICENESS, lower_priority = worker_names("ANALYSIS_NICENESS", "lower_priority")
    import ai.kernels as kernels
    import games
    from ai.move_values import analyse

    game_id, options = spec_options(game_spec)
    state, _ = played_line(games.load(game_id, **options), 12)
    lower_priority(ANALYSIS_NICENESS)
    kernels.defer_compiling()
    kernels.warm_up_in_background(game_id)
    stop = threading.Event()
    threading.Thread(target=analyse, args=(state, game_id, stop), daemon=True).start()
    while not ready_in(game_id):
        time.sleep(0.1)
    stop.set()
    said.put(("analysis worker", time.time() - began))


def main():
    began = time.time()
    from ai.kernels import compile_groups
    KernelPreparation = worker_names("KernelPreparation")

    game_id, _ = spec_options(game_spec)
    context = mp.get_context("spawn")
    said = context.Queue()
    preparation = KernelPreparation(2)  # as the window does on 2 cores
    ours = preparation.processes[next(i for i, group in enumerate(compile_groups(2)) if game_id in group)]
    workers = [context.Process(target=game_worker, args=(began, game_id, said)),
               context.Process(target=analysis_worker, args=(began, game_spec, said))]
    for worker in workers:
        worker.start()
    ours.join()
    given_up = getattr(__import__("ai.kernels").kernels, "STAGE_GIVEN_UP", None)  # an older checkout: none
    group = getattr(preparation, "groups", {}).get(ours)
    while given_up is not None and group is not None:  # one that gave a stage up is started again: its end
        last = [p for p in list(preparation.processes) if preparation.groups.get(p) == group][-1]
        if last.exitcode not in (None, given_up):
            break
        time.sleep(0.1)
    times = {"preparation": time.time() - began}
    for _ in workers:
        name, seconds = said.get()
        times[name] = seconds
    preparation.stop()
    print(" ".join(f"{times[name]:.1f}" for name in ("preparation", "game worker", "analysis worker")))


if __name__ == "__main__":
    main()
"""


STEPS = COMMON + r"""
import sys, time
began = time.perf_counter()
sys.path.insert(0, sys.argv[1])
worker_names("worker_main")  # what a worker process imports first: the module of its entry point
game_spec, plies = sys.argv[2], int(sys.argv[3])
steps = [("interpreter and the worker process's modules", time.perf_counter() - began)]


def step(name, action):
    start = time.perf_counter()
    result = action()
    steps.append((name, time.perf_counter() - start))
    return result


def main():
    import ai, games
    from ai.base import Limits
    from ai.imports import import_engine

    game_id, options = spec_options(game_spec)
    step("import numba", lambda: __import__("numba"))
    step(f"the {game_id} engine and kernel modules", lambda: import_engine(ai.engine_module(game_id)))
    import ai.kernels as kernels

    for stage in kernels.stages(game_id):
        step(f"kernel stage {stage} loaded", lambda: kernels.warm_up(game_id, stage))
    player = step("level-5 made", lambda: ai.make_player(game_id, "level-5", seed=1, options=options))
    game = games.load(game_id, **options)
    state, _ = played_line(game, plies)  # short of the end: 3x3 Tic-tac-toe has no 12 plies to play
    step("its first move past the books (1 s)", lambda: player.choose(state, Limits(time=1.0)))
    print(";".join(f"{name}={seconds:.3f}" for name, seconds in steps))


if __name__ == "__main__":
    main()
"""


TAKEN = COMMON + r"""
import sys, time
sys.path.insert(0, sys.argv[1])
game_spec, plies, kind = sys.argv[2], int(sys.argv[3]), sys.argv[4]
first_spec, delay = (sys.argv[5], float(sys.argv[6])) if kind == "switched" else (game_spec, 0.0)


def loaded(spec):
    import games

    game_id, options = spec_options(spec)
    return games.load(game_id, **options)


def switched(game):
    # New game shows ``game`` instead of the spare's first guess; ``delay`` seconds later Start
    # game, the window's idle frames meanwhile letting a replacement spare take the old one's place
    SpareWorker = worker_names("SpareWorker")

    SpareWorker.expect(game)
    told = time.monotonic()
    while time.monotonic() - told < delay:
        getattr(SpareWorker, "settle", lambda: None)()
        time.sleep(0.02)


def main():
    from ui.ai_worker import AIResult, AISpareReady, Job
    AIWorker, SpareWorker, wait_for_closed_workers = worker_names("AIWorker", "SpareWorker", "wait_for_closed_workers")

    game = loaded(game_spec)
    game_id = game.id
    state, line = played_line(game, plies)
    if kind == "spare":  # the spare the window starts in its menus, its head start over
        SpareWorker.start(game)
        while not isinstance(spare_waiting(SpareWorker).reports.receive(1.0), AISpareReady):
            pass
        time.sleep(1.0)  # a moment more in the menus
    elif kind == "switched":  # ... for the first guess, its reports heard as the window hears them
        SpareWorker.start(loaded(first_spec))
        while spare_waiting(SpareWorker).ready is None:
            spare_waiting(SpareWorker).hear()
            time.sleep(0.02)
        time.sleep(1.0)
        switched(game)
    started, ready, moved = time.monotonic(), None, None
    worker = AIWorker(game)
    job = Job(game_id, dict(game.options), tuple(line), game.to_text(state), "level-5", 1.0, seed=1,
              slot=f"side{state.to_move}")
    job_id = worker.submit(job)
    while moved is None and time.monotonic() - started < 300:
        for answer in worker.poll():
            if isinstance(answer, AIResult) and answer.job_id == job_id:
                moved = (time.monotonic() - started, answer.elapsed)
        if ready is None and not worker.preparing:
            ready = time.monotonic() - started
        time.sleep(0.005)
    worker.close()
    wait_for_closed_workers()
    print(f"{ready or 300:.3f} {moved[0]:.3f} {moved[1]:.3f}" if moved else "300 300 300")


if __name__ == "__main__":
    main()
"""


MEMORY = COMMON + r"""
import sys, time
sys.path.insert(0, sys.argv[1])


def resident_mb(pid):
    # the process's resident memory: psutil's if it is installed, else Linux's /proc
    try:
        import psutil
    except ImportError:
        with open(f"/proc/{pid}/status", encoding="ascii") as status:
            return next(int(line.split()[1]) for line in status if line.startswith("VmRSS:")) / 1024
    return psutil.Process(pid).memory_info().rss / 2**20


def ready_for(game_id):
    # the window's spare's head start over for ``game_id`` (as the window hears it, where it does)
    from ui.ai_worker import AISpareReady
    SpareWorker = worker_names("SpareWorker")

    while True:
        getattr(SpareWorker, "settle", lambda: None)()  # a replacement takes the old spare's place
        spare = spare_waiting(SpareWorker)
        if hasattr(spare, "hear"):
            spare.hear()
            if spare.ready is not None and spare.ready.game_id == game_id:
                return spare.ready
            time.sleep(0.02)
        elif isinstance(spare.reports.receive(0.2), AISpareReady):
            return None


def main():
    import games
    SpareWorker, wait_for_closed_workers = worker_names("SpareWorker", "wait_for_closed_workers")

    words = []
    for number, spec in enumerate(sys.argv[2:]):
        game_id, options = spec_options(spec)
        game = games.load(game_id, **options)
        time.sleep(0.5)  # a moment on New game before the next card
        told = time.monotonic()
        SpareWorker.expect(game) if number else SpareWorker.start(game)
        ready_for(game_id)
        seconds = time.monotonic() - told
        words += [f"{resident_mb(spare_waiting(SpareWorker).process.pid):.0f}", f"{seconds:.3f}"]
    SpareWorker.end()
    wait_for_closed_workers()
    print(" ".join(words))


if __name__ == "__main__":
    main()
"""


FIRST_FRAME = COMMON + r"""
import sys, time
sys.path.insert(0, sys.argv[1])
game_spec, menu = sys.argv[2], float(sys.argv[3])
ENGINES = ("ai.", "numba", "llvmlite")


def menu_frames(app, seconds):
    # the menu for ``seconds``: left alone until it first sleeps (a window opened and looked at),
    # then the mouse moving over it at 60 events a second; the longest frame while it moved
    import pygame

    opened, longest, x = time.monotonic(), 0.0, 0
    while time.monotonic() - opened < 0.2:
        app.frame()
    while time.monotonic() - opened < seconds:
        x = (x + 7) % 400
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(300 + x, 300), rel=(7, 0), buttons=(0, 0, 0)))
        began = time.perf_counter()
        app.frame()
        longest = max(longest, time.perf_counter() - began)
    return longest


def clicked(app, pos):
    # a click at ``pos``; the seconds from the press to the next frame drawn
    import pygame

    drawn, began = app.draws, time.perf_counter()
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    while app.draws == drawn:
        app.frame()
    return time.perf_counter() - began


def first_game(app, game_id, options):
    # New game, the game's card (unless it is the one shown), Start game: each click's seconds
    new_game = clicked(app, app.scene.menu.get_widget("play").get_rect(to_real_position=True).center)
    setup, card = app.scene, 0.0
    if setup.choices.game_id != game_id:
        setup.choices.options[game_id] = dict(options)
        card = clicked(app, setup.cards.rects[[info.id for info in setup.cards.infos].index(game_id)].center)
    start = clicked(app, setup.start_button.rect.center)
    assert type(app.scene).__name__ == "GameScene", type(app.scene).__name__
    return new_game, card, start


def main():
    preparation, app = opened_window(time.monotonic(), 0.0)  # no idle menu: menu_frames moves the mouse over it
    longest = menu_frames(app, menu)
    game_id, options = spec_options(game_spec)
    before = set(sys.modules)
    seconds = first_game(app, game_id, options)
    imported = set(sys.modules) - before
    engines = sum(name.startswith(ENGINES) for name in imported)
    print(len(imported), engines, f"{longest:.3f}", *(f"{s:.3f}" for s in seconds))
    app.quit()
    preparation.stop()


if __name__ == "__main__":
    main()
"""


def _fresh_install(kernels: str | None = None) -> tuple[tempfile.TemporaryDirectory, dict[str, str]]:
    """A scratch home: settings, data and (unless ``kernels`` names a folder of compiled ones) the
    numba cache empty."""
    home = tempfile.TemporaryDirectory()
    env = dict(os.environ, NUMBA_CACHE_DIR=kernels or f"{home.name}/numba", TABULEIRO_CONFIG_DIR=f"{home.name}/config",
               TABULEIRO_DATA_DIR=f"{home.name}/data", SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    return home, env


def run_in_fresh_install(code: str, *args: str, root: Path = ROOT, kernels: str | None = None) -> tuple[bool, list[str]]:
    """Run ``code`` on the checkout at ``root`` in a fresh install; (it ended well, the words of its
    last line, or of its last error)."""
    home, env = _fresh_install(kernels)
    with home:
        with tempfile.NamedTemporaryFile("w", suffix=".py", encoding="utf-8", delete=False) as script:
            script.write(code)  # a file, not -c: the window's processes are spawned from __main__
        try:
            done = subprocess.run([sys.executable, script.name, str(root), *args], env=env, capture_output=True,
                                  text=True, timeout=600)
        finally:
            os.unlink(script.name)
    lines = done.stdout.strip().splitlines()
    if done.returncode != 0 or not lines:
        error = done.stderr.strip().splitlines()
        return False, [error[-1] if error else f"exit status {done.returncode}"]
    return True, lines[-1].split()


def _run(code: str, *args: str) -> tuple[bool, str, float]:
    """Run ``code`` in a fresh install; (it answered, the move, seconds it printed)."""
    ended, words = run_in_fresh_install(code, *args)
    if not ended:
        return False, words[0], 0.0
    move, seconds = words[:2]
    return move != "none", move, float(seconds)


def _run_window(spec: str, menu: float, plies: int, level: str, root: Path = ROOT) -> tuple[bool, str, float, float]:
    """``WINDOW`` on the checkout at ``root`` in a fresh install; (it answered, the move, seconds to
    it, seconds of them that the window said "Preparing the engine...")."""
    ended, words = run_in_fresh_install(WINDOW, spec, str(menu), str(plies), level, root=root)
    if not ended:
        return False, words[0], 0.0, 0.0
    move, seconds, preparing = words
    return move != "none", move, float(seconds), float(preparing)


def player_line(spec: str) -> tuple[bool, str]:
    began = time.perf_counter()
    moved, move, seconds = _run(PLAYER, spec)
    if not moved:
        return False, f"{spec:14} failed: {move}"
    return True, (f"{spec:14} first move {move:6} after {seconds:5.1f} s "
                  f"({time.perf_counter() - began:.1f} s with the interpreter's start)")


def window_line(spec: str, menu: float, plies: int, level: str = "level-5", against: Path | None = None
                ) -> tuple[bool, str]:
    """``level``'s first move of ``spec`` in the window, from the start and ``plies`` past it, each
    a fresh install: the move, the seconds to it, of them "Preparing the engine...".  With
    ``against``, that checkout's line too, each of its runs beside this one's (the machine's load
    falls on both alike)."""
    checkouts = [("", ROOT)] + ([("against", against)] if against is not None else [])
    words: dict[str, list[str]] = {label: [f"{spec:14}{' ' + label if label else ''}"] for label, _root in checkouts}
    ok = True
    for label, count in (("from the start", 0), (f"{plies} plies in", plies)):
        for checkout, root in checkouts:
            moved, move, seconds, preparing = _run_window(spec, menu, count, level, root)
            ok &= moved
            words[checkout].append(f"{label}: {move} in {seconds:4.1f} s (preparing {preparing:4.1f} s)" if moved
                                   else f"{label}: failed ({move})")
    return ok, "\n".join("   ".join(line) for line in words.values())


def _compiled_kernels() -> str:
    """The numba cache the first-frame runs load from: ``NUMBA_CACHE_DIR``, else the user's."""
    sys.path.insert(0, str(ROOT))
    from ai.kernels import cache_dir

    return str(cache_dir())


def _first_frame(spec: str, menu: float, root: Path, kernels: str) -> tuple[bool, list[float] | str]:
    """One window's first game on the checkout at ``root``: (modules imported, the engines' among
    them, the longest menu frame, seconds from each click to its frame), or the error."""
    ended, words = run_in_fresh_install(FIRST_FRAME, spec, str(menu), root=root, kernels=kernels)
    return (True, [float(w) for w in words]) if ended else (False, words[0])


def median_of_runs(runs: list[list[float]]) -> list[float]:
    """Each figure's median over ``runs`` (one list of figures a run): one run's slow start does not
    move the figure shown."""
    return [sorted(column)[len(column) // 2] for column in zip(*runs)]


def _frame_words(figures: list[float]) -> str:
    modules, engines, longest, new_game, card, start = figures
    return (f"click to frame: New game {new_game:.3f} s, the game's card {card:.3f} s, Start game {start:.3f} s; "
            f"{modules:.0f} modules imported ({engines:.0f} the engines'); longest menu frame {1000 * longest:.0f} ms")


def side_by_side(spec: str, setting: float, runs: int, against: Path | None,
                 measure: Callable[[str, float, Path, str], tuple[bool, list[float] | str]],
                 ) -> tuple[bool, dict[str, list[list[float]]] | list[str]]:
    """``measure`` of ``spec`` and ``setting`` (its own: the seconds in the menus, the plies past
    the books) on this checkout (and on ``against``'s, run by run beside it, so that the machine's
    load falls on both alike), ``runs`` times each: every run's figures by checkout ("this",
    "against"), or the failure's line."""
    kernels = _compiled_kernels()
    checkouts = [("this", ROOT)] + ([("against", against)] if against is not None else [])
    figures: dict[str, list[list[float]]] = {label: [] for label, _root in checkouts}
    for _run_number in range(runs):
        for label, root in checkouts:
            ok, result = measure(spec, setting, root, kernels)
            if not ok:
                return False, [f"{spec:14} {label} failed: {result}"]
            figures[label].append(result)
    return True, figures


def first_frame_lines(spec: str, menu: float, runs: int, against: Path | None) -> tuple[bool, list[str]]:
    """The first game frame of ``spec`` on this checkout (and on ``against``'s, run by run beside
    it), the median of ``runs`` runs each."""
    ok, figures = side_by_side(spec, menu, runs, against, _first_frame)
    if not ok:
        return False, figures
    return True, [f"{spec:14} {label:8} {_frame_words(median_of_runs(measured))}" for label, measured in figures.items()]


def _restart(spec: str, menu: float, root: Path, kernels: str) -> tuple[bool, list[float] | str]:
    """One later run's first game of ``spec`` on the checkout at ``root``: (seconds to the kernels
    ready, to the first move, and 1 if the spare worker had said its head start was over as the
    game started, else 0: from the start, then past the books), or the error."""
    figures: list[float] = []
    for plies in (0, 12):
        ended, words = run_in_fresh_install(RESTART, spec, str(menu), str(plies), root=root, kernels=kernels)
        if not ended:
            return False, words[0]
        figures += [float(word) for word in words]
    return True, figures


def restart_lines(spec: str, menu: float, runs: int, against: Path | None) -> tuple[bool, list[str]]:
    """``_restart`` of ``spec`` on this checkout (and on ``against``'s, run by run beside it), the
    median of ``runs`` runs each."""
    ok, figures = side_by_side(spec, menu, runs, against, _restart)
    if not ok:
        return False, figures
    lines = []
    for label, measured in figures.items():
        start_ready, start_move, _, past_ready, past_move, _ = median_of_runs(measured)
        ahead = sum(run[2] + run[5] for run in measured)
        lines.append(f"{spec:14} {label:8} from the start: ready {start_ready:.2f} s, moved {start_move:.2f} s; "
                     f"past the books: ready {past_ready:.2f} s, moved {past_move:.2f} s; "
                     f"spare ready at the start {ahead:.0f} of {2 * runs}")
    return True, lines


def _taken(spec: str, plies: float, root: Path, kernels: str) -> tuple[bool, list[float] | str]:
    """Level-5's first move of ``spec`` past the books on the checkout at ``root``, in a worker that
    took the spare, then in a fresh one (``TAKEN``): (seconds to the kernels ready, to the move,
    the search's own) for each, or the error."""
    figures: list[float] = []
    for worker in ("spare", "fresh"):
        ended, words = run_in_fresh_install(TAKEN, spec, str(int(plies)), worker, root=root, kernels=kernels)
        if not ended:
            return False, words[0]
        figures += [float(word) for word in words]
    return True, figures


def _switched(first: str, delay: float, spec: str, plies: float, root: Path, kernels: str
              ) -> tuple[bool, list[float] | str]:
    """Level-5's first move of ``spec`` past the books on the checkout at ``root``, in the worker of
    a game started ``delay`` seconds after New game showed it instead of ``first``, the spare's
    first guess (its head start for ``first`` over): (seconds to the kernels ready, to the move,
    the search's own), or the error."""
    ended, words = run_in_fresh_install(TAKEN, spec, str(int(plies)), "switched", first, str(delay), root=root, kernels=kernels)
    return (True, [float(word) for word in words]) if ended else (False, words[0])


def switched_lines(spec: str, first: str, delays: list[float], plies: int, runs: int, against: Path | None
                   ) -> tuple[bool, list[str]]:
    """``_switched`` of ``spec`` after ``first`` for each of ``delays`` on this checkout (and on
    ``against``'s, run by run beside it), the median of ``runs`` runs each."""
    lines = []
    for delay in delays:
        ok, figures = side_by_side(spec, plies, runs, against, functools.partial(_switched, first, delay))
        if not ok:
            return False, figures
        lines += [f"{spec:14} {label:8} started {delay:.1f} s after the switch from {first}: ready {ready:.2f} s, "
                  f"moved {moved:.2f} s (its search {search:.2f} s)"
                  for label, (ready, moved, search) in ((label, median_of_runs(m)) for label, m in figures.items())]
    return True, lines


def taken_lines(spec: str, plies: int, runs: int, against: Path | None) -> tuple[bool, list[str]]:
    """``_taken`` of ``spec`` on this checkout (and on ``against``'s, run by run beside it), the
    median of ``runs`` runs each."""
    ok, figures = side_by_side(spec, plies, runs, against, _taken)
    if not ok:
        return False, figures
    lines = []
    for label, measured in figures.items():
        median = median_of_runs(measured)
        lines += [f"{spec:14} {label:8} {worker}: ready {ready:.2f} s, moved {moved:.2f} s (its search {search:.2f} s)"
                  for worker, (ready, moved, search) in (("spare taken", median[:3]), ("fresh      ", median[3:]))]
    return True, lines


def memory_main(specs: list[str], runs: int, against: Path | None) -> int:
    """The spare's resident memory as New game shows ``specs`` in turn (``MEMORY``), on this
    checkout and on ``against``'s, run by run: each game's MB and seconds from the change to its
    head start over."""
    print("the spare worker as New game shows " + ", then ".join(specs) + ", kernels compiled: MB resident and "
          "seconds from the change to its head start over, after each", flush=True)
    checkouts = [("this", ROOT)] + ([("against", against)] if against is not None else [])
    for _run_number in range(runs):
        for label, root in checkouts:
            ended, words = run_in_fresh_install(MEMORY, *specs, root=root, kernels=_compiled_kernels())
            if not ended:
                print(f"{label:8} failed: {words[0]}", flush=True)
                return 1
            print(f"{label:8} " + " | ".join(f"{spec} {mb} MB {float(seconds):.2f} s" for spec, mb, seconds in
                                              zip(specs, words[::2], words[1::2])), flush=True)
    return 0


def _analysis(spec: str, menu: float, root: Path, _kernels: str) -> tuple[bool, list[float] | str]:
    """A fresh install's first analysis of ``spec`` on the checkout at ``root`` (``ANALYSIS``):
    (seconds from key A to the engine ready, to the first value on the board), or the error."""
    ended, words = run_in_fresh_install(ANALYSIS, spec, str(menu), "12", root=root)
    return (True, [float(word) for word in words]) if ended else (False, words[0])


def analysis_lines(spec: str, menu: float, runs: int, against: Path | None) -> tuple[bool, list[str]]:
    """``_analysis`` of ``spec`` on this checkout (and on ``against``'s, run by run beside it), each run."""
    ok, figures = side_by_side(spec, menu, runs, against, _analysis)
    if not ok:
        return False, figures
    return True, [f"{spec:14} {label:8} " + "; ".join(f"ready {ready:.1f} s, first value {valued:.1f} s"
                                                       for ready, valued in measured)
                  for label, measured in figures.items()]


def _three(spec: str, _setting: float, root: Path, _kernels: str) -> tuple[bool, list[float] | str]:
    """A fresh install's three processes that want ``spec``'s kernels at once (``THREE``) on the
    checkout at ``root``: seconds until each has them, or the error."""
    ended, words = run_in_fresh_install(THREE, spec, root=root)
    return (True, [float(word) for word in words]) if ended else (False, words[0])


def three_lines(spec: str, runs: int, against: Path | None) -> tuple[bool, list[str]]:
    """``_three`` of ``spec`` on this checkout (and on ``against``'s, run by run beside it), each
    run: the seconds until all three have every kernel, then each one's."""
    ok, figures = side_by_side(spec, 0.0, runs, against, _three)
    if not ok:
        return False, figures
    return True, [f"{spec:14} {label:8} " + "; ".join(
        f"all three {max(run):.1f} s (preparation {run[0]:.1f}, game worker {run[1]:.1f}, analysis {run[2]:.1f})"
        for run in measured) for label, measured in figures.items()]


def steps_line(spec: str, plies: int) -> tuple[bool, str]:
    """Where a worker's start goes for ``spec`` (``STEPS``), kernels compiled."""
    ended, words = run_in_fresh_install(STEPS, spec, str(plies), kernels=_compiled_kernels())
    if not ended:
        return False, f"{spec:14} failed: {words[0]}"
    steps = " ".join(words).split(";")
    return True, f"{spec}:\n" + "\n".join(f"  {name:40} {seconds} s" for name, seconds in
                                          (item.split("=") for item in steps))


def main(argv: list[str] | None = None) -> int:
    parser = tool_parser(__doc__, writes_and_takes(
        writes="each fresh install's numba cache, settings and data in a temporary folder, removed at "
               "the end",
        prints="the seconds",
        takes="a fresh install's compiling for each game measured, on a busy 2-core machine about 2.5 "
              "min a game in the window (two fresh installs: from the start and past the books; "
              "tictactoe --menu 0: 156 s), so about 15 min with the defaults (every game), and 40 s for "
              "--player rastros; --first-frame, --restart and the others load compiled kernels (compiled "
              "first if need be), --runs times"))
    parser.add_argument("games", nargs="*", metavar="GAME[:OPTION=VALUE...]",
                        help=f"the games to start (default: {' '.join(GAMES)})")
    parser.add_argument("--player", action="store_true",
                        help="time a player made in a new process, as the command line does (not the window)")
    parser.add_argument("--first-frame", action="store_true",
                        help="time the window's first game frame of a run (compiled kernels), not the first move")
    parser.add_argument("--restart", action="store_true",
                        help="time a later run's first move (compiled kernels, the game last chosen), not a fresh install's")
    parser.add_argument("--steps", action="store_true",
                        help="time a worker's start step by step in a new process (compiled kernels)")
    parser.add_argument("--taken", action="store_true",
                        help="time level-5's first move past the books in a worker that took the spare and in a "
                        "fresh one, in turns (compiled kernels)")
    parser.add_argument("--switch", metavar="FIRST",
                        help="time level-5's first move past the books in a game started --menu seconds (default "
                        "0.2, 0.5, 1 and 2) after New game showed it instead of FIRST, the spare's guess (compiled kernels)")
    parser.add_argument("--memory", action="store_true",
                        help="the spare worker's resident memory as New game shows the games given in turn")
    parser.add_argument("--analysis", action="store_true",
                        help="time a fresh install's first analysis (key A, hot-seat, past the books): to the "
                        "engine ready and to the first value")
    parser.add_argument("--three", action="store_true",
                        help="time a fresh install's three processes that want the game's kernels at once (the "
                        "window's preparation, the game's worker, the analysis worker): until each has them")
    parser.add_argument("--against", type=Path,
                        help="the window's first move, --first-frame, --restart, --taken, --switch, --memory, --analysis, "
                        "--three: also measure the checkout at this path")
    parser.add_argument("--runs", type=int, default=3,
                        help="--first-frame, --restart, --taken, --switch: runs of each, the median quoted (--memory: "
                        "each shown)")
    parser.add_argument("--menu", type=float, help="seconds in the menus before the game starts (default 5; "
                        "3 with --first-frame)")
    parser.add_argument("--plies", type=int, default=12, help="random moves before the position past the books")
    parser.add_argument("--level", type=int, default=5, choices=range(1, 6),
                        help="the window's computer player (default 5; a capped level reads no book)")
    args = parser.parse_args(argv)
    specs = args.games or GAMES
    print(f"load average {os.getloadavg()[0]:.1f}" if hasattr(os, "getloadavg") else "", flush=True)
    if args.first_frame:
        return first_frame_main(specs, 3.0 if args.menu is None else args.menu, args.runs, args.against)
    if args.restart:
        return restart_main(specs, 3.0 if args.menu is None else args.menu, args.runs, args.against)
    if args.steps:
        return _print_all(specs, lambda spec: steps_line(spec, args.plies))
    if args.memory:
        return memory_main(specs, args.runs, args.against)
    if args.switch:
        delays = [0.2, 0.5, 1.0, 2.0] if args.menu is None else [args.menu]
        return _print_all(specs, lambda spec: _joined(switched_lines(spec, args.switch, delays, args.plies, args.runs,
                                                                     args.against)))
    if args.taken:
        return _print_all(specs, lambda spec: _joined(taken_lines(spec, args.plies, args.runs, args.against)))
    if args.three:
        return _print_all(specs, lambda spec: _joined(three_lines(spec, args.runs, args.against)))
    if args.analysis:
        menu = 5.0 if args.menu is None else args.menu
        return _print_all(specs, lambda spec: _joined(analysis_lines(spec, menu, args.runs, args.against)))
    args.menu = 5.0 if args.menu is None else args.menu
    if not args.player:
        print(f"the window, a fresh install each time: {args.menu:g} s in the menus, then level-{args.level} to "
              "move; seconds from the game's start to its first move", flush=True)
    failed = 0
    for spec in specs:
        moved, line = player_line(spec) if args.player else window_line(spec, args.menu, args.plies,
                                                                         f"level-{args.level}", args.against)
        print(line, flush=True)
        failed += not moved
    return 1 if failed else 0


def _print_all(specs: list[str], line_of) -> int:
    """Print ``line_of(spec)``'s text for each spec; 1 if any failed, else 0."""
    failed = 0
    for spec in specs:
        ok, text = line_of(spec)
        print(text, flush=True)
        failed += not ok
    return 1 if failed else 0


def _joined(outcome: tuple[bool, list[str]]) -> tuple[bool, str]:
    """(ok, lines) as (ok, their text)."""
    ok, lines = outcome
    return ok, "\n".join(lines)


def restart_main(specs: list[str], menu: float, runs: int, against: Path | None) -> int:
    print(f"a later run, kernels compiled: {menu:g} s in the menus, then level-5 to move (1 s a move); seconds "
          f"from the game's start to the kernels ready and to the first move, the median of {runs} runs", flush=True)
    return _print_all(specs, lambda spec: _joined(restart_lines(spec, menu, runs, against)))


def first_frame_main(specs: list[str], menu: float, runs: int, against: Path | None) -> int:
    print(f"the window with compiled kernels: {menu:g} s in the main menu, then a Human vs PC game; "
          f"the median of {runs} runs", flush=True)
    failed = 0
    for spec in specs:
        ok, lines = first_frame_lines(spec, menu, runs, against)
        print("\n".join(lines), flush=True)
        failed += not ok
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
