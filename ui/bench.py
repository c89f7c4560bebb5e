"""``python main.py bench ui``: what the window costs, idle and while the computer thinks.

First, the seconds from ``python main.py`` to the main menu's first frame, on a fresh install (an
empty numba cache) and on a later run, three times each (``time_to_first_frame``).  Then runs of the
real loop (``App.frame`` at 60 fps, no input), each quoting the window
process's CPU (its own threads; the AI worker is another process) as % of one core, and the
frames drawn per second:

- the main menu, untouched, and again asleep in ``pygame.event.wait`` (which looks for input every
  millisecond) instead of the loop's own wait, side by side;
- a hot-seat game waiting for a click, then the animation of a move played there (it should run at
  the full frame rate);
- a hot-seat game on a running clock (5 min + 3 s) waiting for a click: the clock's text changes
  once a second, and only then is the window drawn;
- a Human vs PC game while level-5 thinks (also the longest gap between frames: smoothness);
- one frame reading 30 mouse movements over the New game screen with a name field selected, the
  field timed by pygame's own clock (ticked at 60 fps on every event) and by ``FreeClock``.
- the position editor reading a key typed over its largest boards, which the text then refuses:
  the first key, which loads the rules of every board shape the reader tries, and the later ones.
- a drag of the window's edge from 2560x1440 over the main menu, New game and a 19x19 Hex game:
  each step told by SDL's two events (WINDOWSIZECHANGED, VIDEORESIZE), the CPU a step.
- the pointer moving over the biggest boards (``POINTED_BOARDS``, a hot-seat game 40 plies in) in
  a 2560x1440 window, a motion a frame, each frame drawn with its hover preview: the CPU a frame.
- the rules screen going from a game's page to the next with Right, over the six games' pages,
  in English and Portuguese: each page's first showing, and the median of later ones.
- input and time that change one part of the window at 2560x1440 (``tools/frame_bench.py``'s
  cases, ``PARTIAL_CASES``: a step of New game's Clock, a letter typed in the move field, its
  caret, a message fading, the wheel over the move list, analysis figures, a replay's step, the
  pointer over a replay's board, over a board with analysis' values in a game and in a replay,
  a step of a Settings selector, the pointer down New game's, Settings' and "Play from here"'s
  forms, over a replay's buttons and the tournament's set-up, a click on New game's Clock, a
  replay's slider dragged, the pointer onto Settings' scrollbar, Page keys on New game's form): the
  CPU a frame drawn and the share of the window's pixels each frame drawn shows again.
- a game's AI worker with its kernels compiled on disk (a restart): the seconds from its start to
  its kernels loaded and to level-5's first move past the books, started with its game and taken
  from the window's spare (``SpareWorker``, started ``SPARE_HEAD_START`` s before), median of three.

The goals: at most 5% of a core idle, at most 15% while level-5 thinks, with the thinking panel
updated about 10 times a second and animations at the full frame rate.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
import time
from collections.abc import Callable, Iterator
from typing import NamedTuple

BENCH_GAMES = ("reversi", "hex", "tictactoe")  # the first one present is used


def _pick_game() -> tuple[str, dict]:
    import games

    ids = games.available_ids()
    for gid in BENCH_GAMES:
        if gid in ids:
            return gid, ({"width": 7, "height": 6, "k": 4} if gid == "tictactoe" else {})
    return ids[0], {}


def middle_game(game_id: str, options: dict, plies: int = 12) -> list[str]:
    """A fixed line of random moves: a position past any opening book, so level-5 searches."""
    import random

    import games
    from ai.match import random_line

    game = games.load(game_id, **options)
    line = random_line(game.initial_state(), plies, random.Random(7))
    state = game.play_line(line)
    return line if not state.is_terminal() and state.to_move == 0 else line[:-1]


@contextlib.contextmanager
def scratch_user_folders() -> Iterator[None]:
    """The window's settings and data folders in a temporary folder while the bench runs, and the
    user's own back afterwards: the games a bench starts and the settings it changes are no one's."""
    saved = {name: os.environ.get(name) for name in _FOLDERS}
    with tempfile.TemporaryDirectory(prefix="tabuleiro-bench-") as folder:
        for name in _FOLDERS:
            os.environ[name] = os.path.join(folder, name.lower())
        try:
            yield
        finally:
            for name, value in saved.items():
                if value is None:
                    os.environ.pop(name, None)
                else:
                    os.environ[name] = value


_FOLDERS = ("TABULEIRO_DATA_DIR", "TABULEIRO_CONFIG_DIR")


def _drawn(app) -> int:
    return getattr(app, "draws", app.frames)


def measure_loop(app, seconds: float, keep_going: Callable[[], bool] = lambda: True) -> dict[str, float]:
    """Run the loop for ``seconds`` (or while ``keep_going()``): CPU % of a core ("cpu"), frames
    drawn per second ("fps"), the longest time without a new frame ("longest_ms", the whole run if
    none was drawn) and the run's length ("seconds")."""
    wall, cpu, drawn = time.monotonic(), time.process_time(), _drawn(app)
    end = wall + seconds
    last_draw, longest, seen = wall, 0.0, drawn
    while keep_going() and time.monotonic() < end and app.running:
        app.frame()
        if _drawn(app) != seen:
            now = time.monotonic()
            longest, last_draw, seen = max(longest, now - last_draw), now, _drawn(app)
    stopped = time.monotonic()
    longest = max(longest, stopped - last_draw)
    elapsed = max(1e-6, stopped - wall)
    return {"cpu": 100 * (time.process_time() - cpu) / elapsed, "fps": (_drawn(app) - drawn) / elapsed,
            "longest_ms": 1000 * longest, "seconds": elapsed}


def _pygame_wait(seconds: float) -> list:
    """The idle wait as ``pygame.event.wait`` does it: the figure the loop's own wait is compared with."""
    import pygame

    first = pygame.event.wait(max(1, int(seconds * 1000)))
    return ([first] if first.type != pygame.NOEVENT else []) + pygame.event.get()


def _run_waiting_in_pygame(app, seconds: float) -> dict:
    import ui.app

    own = ui.app.wait_for_events
    ui.app.wait_for_events = _pygame_wait
    try:
        return measure_loop(app, seconds)
    finally:
        ui.app.wait_for_events = own


def field_lag_line(lag: dict[str, float]) -> str:
    """``_field_lag``'s figures in words: the field's cursor timed by pygame's clock, which waits
    for the next frame at each event, beside the window's own clock, which does not wait
    (``ui.menu_text.FreeClock``).  "29 ms on FreeClock" named a class, not what it does."""
    return (f"ui: 30 mouse movements read with a name field selected: {lag['pygame']:.0f} ms with the field's "
            f"cursor timed by pygame's clock, which waits for a frame at each event, {lag['free']:.0f} ms timed "
            f"as the window times it, with no wait")


def _field_lag(app) -> dict[str, float]:
    """Milliseconds of one frame that reads 30 mouse movements while a text field is selected, the
    field's cursor timed by pygame's Clock (as pygame-menu made it) and by ui.menu_text.FreeClock."""
    import pygame

    import ui.menu_text as menu_text
    from ui.match import HOTSEAT
    from ui.scenes.setup import SetupChoices, SetupScene

    lag = {}
    free = menu_text.FreeClock
    for name in ("pygame", "free"):
        app.setup_choices = SetupChoices(mode=HOTSEAT)
        scene = SetupScene(app, game_id="tictactoe")
        app.switch(scene)
        app.run_frames(3)
        scene.menu.select_widget("name0")
        if name == "pygame":  # the field keeps the clock it was built with
            menu_text.FreeClock = pygame.time.Clock
        try:
            app.run_frames(2)
            for i in range(30):
                pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(100 + i, 700), rel=(1, 0),
                                                     buttons=(0, 0, 0)))
            started = time.perf_counter()
            app.frame()
            lag[name] = 1000 * (time.perf_counter() - started)
        finally:
            menu_text.FreeClock = free
    return lag


EDITOR_BOARDS = (("trax", {"size": 25}), ("hex", {"size": 19}), ("tictactoe", {"width": 19, "height": 19, "k": 5}))


def _editor_key_lag(app) -> dict[str, dict[str, float]]:
    """Milliseconds the position editor takes to read a "Q" typed over a square of each of
    ``EDITOR_BOARDS`` and to say why the text is no position (the frame's drawing left out): the
    first key ("first"), read with the reader's rules and headings forgotten as after a start, and
    the median of the next 5 ("later"), read with what the first one loaded."""
    import statistics

    import pygame

    import games
    from games.move_list import title_line
    from games.position_text import clear_caches
    from ui.scenes.position_editor import PositionEditorScene

    lag: dict[str, dict[str, float]] = {}
    for game_id, options in EDITOR_BOARDS:
        game = games.load(game_id, **options)
        scene = PositionEditorScene(app, game_id, options, game.to_text(game.initial_state()), lambda record: None)
        scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode=""))
        clear_caches()
        times = [_key_ms(scene, "Q") for _ in range(6)]
        lag[title_line(game_id, options)] = {"first": times[0], "later": statistics.median(times[1:])}
    return lag


def _key_ms(scene, text: str) -> float:
    """Milliseconds ``scene`` takes to handle ``text`` typed (a TEXTINPUT event)."""
    import pygame

    started = time.perf_counter()
    scene.handle_event(pygame.event.Event(pygame.TEXTINPUT, text=text))
    return 1000 * (time.perf_counter() - started)


RULES_ROUNDS = 6  # times the rules screen goes through the six games' pages, the first one included


def _switch_ms(app) -> tuple[float, float]:
    """Milliseconds from a Right key to the frame drawn with its page (the window's own loop): on
    the wall clock, and of the process's CPU time, which other work on a shared machine leaves
    nearly alone (the wall clock's medians moved by half under a load of 12 on 2 cores)."""
    import pygame

    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="", scancode=0))
    wall, cpu = time.perf_counter(), time.process_time()
    app.frame()
    return 1000 * (time.perf_counter() - wall), 1000 * (time.process_time() - cpu)


def _rules_switch_lag(app) -> dict[str, dict[str, float]]:
    """Milliseconds the rules screen takes to go to the next game's page with Right and draw it,
    by language: the median of each page's first showing ("first") and of the later rounds
    ("later"), on the wall clock, and in CPU time ("first_cpu", "later_cpu").  Timed with the
    loop's frame-rate wait left out (``app.fps`` 0 meanwhile)."""
    import statistics

    import games
    from ui import i18n
    from ui.about import ABOUT_PAGE
    from ui.scenes.rules import RulesScene

    pages, spoken, fps = len(games.catalog()), i18n.language(), app.fps
    lag: dict[str, dict[str, float]] = {}
    app.fps = 0
    try:
        for language in ("en", "pt"):
            i18n.set_language(language)
            app.switch(RulesScene(app, ABOUT_PAGE))  # Right from About: the first game's page
            rounds, lag[language] = [], {}
            for _ in range(RULES_ROUNDS):
                app.scene.select(ABOUT_PAGE)
                app.frame()
                rounds.append([_switch_ms(app) for _ in range(pages)])
            for clock, suffix in ((0, ""), (1, "_cpu")):
                lag[language]["first" + suffix] = statistics.median(ms[clock] for ms in rounds[0])
                lag[language]["later" + suffix] = statistics.median(ms[clock] for later in rounds[1:] for ms in later)
    finally:
        app.fps = fps
        i18n.set_language(spoken)
    return lag


def rules_switch_figures(size: tuple[int, int] = (1280, 800)) -> dict[str, dict[str, float]]:
    """``_rules_switch_lag`` in a window of its own, apart from the rest of the bench: for a quick
    before-and-after of the rules screen (``python -c "from ui.bench import ..."``)."""
    from ui.app import App

    headless_without_a_display()
    with scratch_user_folders():
        app = App(size=size, fps=0, demo="menu", remember_size=False)
        try:
            app.run_frames(1, until=lambda: app.warm_start.done, timeout=60)  # its imports: not the page's
            return _rules_switch_lag(app)
        finally:
            app.quit()


POINTED_BOARDS = (("hex", {"size": 19}), ("trax", {"size": 25}), ("tictactoe", {"width": 19, "height": 19, "k": 5}),
                  ("reversi", {"size": 10}))
POINTED_WINDOW = (2560, 1440)
POINTED_PLIES = 40
POINTED_FRAMES = 60


class PointerFigures(NamedTuple):
    """The CPU the pointer's motions cost, a motion a frame: milliseconds a frame drawn and a
    motion, and how many of the motions drew a frame (one within a board's cell draws none)."""

    frame_ms: float
    motion_ms: float
    drawn: int
    motions: int


def _pointer_motions(app, rect, frames: int) -> PointerFigures:
    """The pointer moved over ``rect`` of the window ``frames`` times, a frame each (the loop's
    frame-rate wait left out: ``app.fps`` 0), steps of 37 and 53 pixels going round it."""
    import pygame

    cpu, drawn = time.process_time(), _drawn(app)
    for i in range(frames):
        pos = (rect.x + (i * 37) % rect.width, rect.y + (i * 53) % rect.height)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0), buttons=(0, 0, 0)))
        app.frame()
    spent, drawn = 1000 * (time.process_time() - cpu), _drawn(app) - drawn
    return PointerFigures(spent / max(1, drawn), spent / max(1, frames), drawn, frames)


def _pointer_frame_ms(app, game_id: str, options: dict, frames: int) -> PointerFigures:
    """The pointer crossing ``game_id``'s board (each frame drawn shows its hover preview),
    ``POINTED_PLIES`` plies into a hot-seat game."""
    from ui.match import HOTSEAT, MatchSetup
    from ui.scenes.game import GameScene

    line = middle_game(game_id, options, POINTED_PLIES)
    app.switch(GameScene(app, MatchSetup(game_id, options, HOTSEAT, (None, None), 1.0), line))
    app.run_frames(5)
    app.scene.view.finish_animation()  # the last move's (a Reversi flip): its frames are not the pointer's
    app.run_frames(2)
    return _pointer_motions(app, app.scene.view.rect, frames)


def pointer_frame_figures(quick: bool = False, size: tuple[int, int] = POINTED_WINDOW) -> dict[str, PointerFigures]:
    """``_pointer_frame_ms`` of each of ``POINTED_BOARDS``, by its title line, and the pointer
    crossing the main menu ("the main menu"), in a window of ``size`` of its own (also for a
    quick before-and-after: ``python -c "from ui.bench import ..."``)."""
    from games.move_list import title_line
    from ui.app import App

    headless_without_a_display()
    frames = POINTED_FRAMES // (3 if quick else 1)
    with scratch_user_folders():
        app = App(size=size, fps=0, demo="menu", remember_size=False)
        try:
            app.run_frames(3)
            figures = {"the main menu": _pointer_motions(app, app.screen.get_rect(), frames)}
            for game_id, options in POINTED_BOARDS:
                figures[title_line(game_id, options)] = _pointer_frame_ms(app, game_id, options, frames)
            return figures
        finally:
            app.quit()


DRAG_STEPS = 20


def _drag_step_ms(app, steps: int) -> float:
    """Milliseconds of the process's CPU per step of a drag of the window's edge, ``steps`` steps
    of a few pixels from ``POINTED_WINDOW``, each as SDL tells it (WINDOWSIZECHANGED, then
    VIDEORESIZE) and read in one frame."""
    import pygame

    app.run_frames(3)
    cpu = time.process_time()
    for i in range(steps):
        width, height = POINTED_WINDOW[0] - 9 * (i + 1), POINTED_WINDOW[1] - 5 * (i + 1)
        pygame.event.post(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=width, y=height))
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(width, height), w=width, h=height))
        app.frame()
    return 1000 * (time.process_time() - cpu) / steps


def drag_step_figures(quick: bool = False) -> dict[str, float]:
    """``_drag_step_ms`` over the main menu, New game and a 19x19 Hex game, by screen, in a window
    of its own (also alone, for a before-and-after)."""
    from ui.app import App
    from ui.match import HOTSEAT, MatchSetup
    from ui.scenes.game import GameScene
    from ui.scenes.setup import SetupChoices, SetupScene

    headless_without_a_display()
    steps = DRAG_STEPS // (2 if quick else 1)
    with scratch_user_folders():
        app = App(size=POINTED_WINDOW, fps=0, demo="menu", remember_size=False)
        try:
            figures = {"the main menu": _drag_step_ms(app, steps)}
            app.setup_choices = SetupChoices(mode=HOTSEAT)
            app.switch(SetupScene(app, game_id="hex"))
            figures["New game"] = _drag_step_ms(app, steps)
            app.switch(GameScene(app, MatchSetup("hex", {"size": 19}, HOTSEAT, (None, None), 1.0), []))
            figures["a 19x19 Hex game"] = _drag_step_ms(app, steps)
            return figures
        finally:
            app.quit()


SWITCHES = 20  # changes of screen timed each way (``switch_after_warm_start_figures``)


def _switch_cpu_ms(app) -> float:
    """Median milliseconds of CPU of a change of screen between the main menu and Settings: the new
    screen built, its first frame drawn, and the old one's garbage collected (``ui.memory.give_back``)."""
    import statistics

    times = []
    for show in [app.show_settings, app.show_menu] * (SWITCHES // 2):
        started = time.process_time()
        show()
        app.frame()
        times.append((time.process_time() - started) * 1000)
    return statistics.median(times)


def switch_after_warm_start_figures() -> tuple[tuple[float, int], tuple[float, int]]:
    """Milliseconds of CPU of a change of screen once warm start has imported the engines, and the
    objects a collection goes through: with its imports still gone through by every collection,
    then set aside (``App._set_imports_aside``), in one window."""
    import gc

    from ui.app import App

    headless_without_a_display()
    with scratch_user_folders():
        app = App(size=(1280, 800), fps=60, demo="menu", remember_size=False)
        try:
            app.run_frames(1, until=lambda: app.warm_start.done, timeout=120)
            collected = _switch_cpu_ms(app), len(gc.get_objects())
            app.sets_imports_aside = True
            app.run_frames(1, until=lambda: not app.sets_imports_aside, timeout=60)
            return collected, (_switch_cpu_ms(app), len(gc.get_objects()))
        finally:
            app.quit()


def report_rules_switch(report: Callable[[str], None], lag: dict[str, dict[str, float]]) -> None:
    """The rules screen's figures (``_rules_switch_lag``), a line a language."""
    for language, ms in lag.items():
        report(f"ui: rules screen, Right to the next game's page ({language}): {ms['first']:.1f} ms at a page's "
               f"first showing, {ms['later']:.1f} ms later (medians; CPU time {ms['first_cpu']:.1f} and "
               f"{ms['later_cpu']:.1f} ms)")


def measure(seconds: float, game_id: str, options: dict, size=(1280, 800)) -> dict[str, dict]:
    """The runs (see the module docstring), ``seconds`` each."""
    from ui.app import App
    from ui.match import HOTSEAT, HUMAN_VS_PC, MatchSetup
    from ui.scenes.game import GameScene

    started = time.monotonic()
    import ai.kernels as kernels

    if callable(getattr(kernels, "warm_up", None)):  # compiled (or loaded) here first: the worker
        kernels.warm_up(game_id)  # then loads them from the cache, and the search measured is a search
    warm_up = time.monotonic() - started
    app = App(size=size, fps=60, demo="menu", remember_size=False)
    try:
        app.run_frames(5)
        # the imports of a first game, done as the menu first waits (ui.warm_start), are the
        # window's start, not its idle menu
        app.run_frames(1, until=lambda: app.warm_start.done, timeout=60)
        menu = measure_loop(app, seconds)
        menu_pygame_wait = _run_waiting_in_pygame(app, seconds)
        app.switch(GameScene(app, MatchSetup(game_id, options, HOTSEAT, (None, None), seconds)))
        app.run_frames(5)
        waiting = measure_loop(app, seconds)
        scene = app.scene
        scene.play_human(scene.state.legal_moves()[:1])  # a move: its animation runs
        app.frame()  # (the view starts it when it first draws the move)
        animation = measure_loop(app, 3.0, scene.view.is_animating)
        app.switch(GameScene(app, MatchSetup(game_id, options, HOTSEAT, (None, None), seconds, clock="5m+3s")))
        app.run_frames(5)
        clocked = measure_loop(app, seconds)
        app.switch(GameScene(app, MatchSetup(game_id, options, HUMAN_VS_PC, ("level-5", None), seconds + 5),
                             middle_game(game_id, options)))
        scene = app.scene
        deadline = time.monotonic() + 30
        while scene.progress is None and time.monotonic() < deadline:  # the search has started
            app.frame()
        thinking = measure_loop(app, seconds, scene.computer_thinking)
        thinking["depth"] = scene.progress.depth if scene.progress else 0
        field_lag = _field_lag(app)
        editor_lag = _editor_key_lag(app)
        rules_lag = _rules_switch_lag(app)
    finally:
        app.quit()
    return {"menu": menu, "menu_pygame_wait": menu_pygame_wait, "waiting": waiting, "animation": animation,
            "clock": clocked, "thinking": thinking, "warm_up": warm_up, "field_lag": field_lag,
            "editor_lag": editor_lag, "rules_lag": rules_lag}


FIRST_FRAME = r"""
import os, sys, time
import pygame

def first_flip(show):
    def flipped(*args):
        if not getattr(first_flip, "said", False):
            first_flip.said = True
            engines = [m for m in sys.modules if m.split(".")[0] == "numba" or m.startswith(("ai.kernels.", "ai.engines"))]
            print("FIRST_FRAME", time.time(), len(engines), flush=True)
        return show(*args)
    return flipped

pygame.display.flip, pygame.display.update = first_flip(pygame.display.flip), first_flip(pygame.display.update)
sys.argv = [sys.argv[1]]
import runpy
runpy.run_path(sys.argv[0], run_name="__main__")
"""
"""Runs ``main.py`` (its path the argument) as ``python main.py`` runs it, and prints the wall-clock
time of the first frame shown and how many engine modules (numba, kernels, engines) were imported by then."""


def time_to_first_frame(cold: bool) -> tuple[float, int]:
    """Seconds from ``python main.py`` until the main menu's first frame is shown, and the engine
    modules imported before it.  ``cold``: a fresh install's first run, with an empty numba cache
    and settings; otherwise the user's numba cache (the settings stay a passing folder's)."""
    import subprocess
    import sys

    main_py = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "main.py")
    with tempfile.TemporaryDirectory(prefix="tabuleiro-first-frame-") as folder:
        env = dict(os.environ, TABULEIRO_EXIT_AFTER="0.01", TABULEIRO_CONFIG_DIR=os.path.join(folder, "config"),
                   TABULEIRO_DATA_DIR=os.path.join(folder, "data"))
        if cold:
            env["NUMBA_CACHE_DIR"] = os.path.join(folder, "numba")
        launched = time.time()
        done = subprocess.run([sys.executable, "-c", FIRST_FRAME, main_py], env=env, cwd=os.path.dirname(main_py),
                              capture_output=True, text=True, timeout=120)
    said = [line.split() for line in done.stdout.splitlines() if line.startswith("FIRST_FRAME")]
    if not said:
        raise RuntimeError(f"the window showed no frame: {done.stderr[-500:]}")
    return float(said[0][1]) - launched, int(said[0][2])


PARTIAL_CASES = ("setup-clock", "typing", "caret", "fading", "list-wheel", "analysis", "replay", "replay-pointer",
                 "analysis-pointer", "replay-analysis-pointer", "settings-step", "setup-pointer", "settings-pointer",
                 "replay-buttons", "play-from-pointer", "tournament-pointer", "setup-click", "replay-slider",
                 "settings-scrollbar", "setup-page")


def partial_frame_figures(quick: bool = False) -> list[str]:
    """``tools/frame_bench.py``'s lines for ``PARTIAL_CASES`` (the CPU a frame drawn, the share of
    the window's pixels it shows), run in a process of its own: the tool's cases are the ones an
    old checkout's run is compared with (``--against``); none where the tool is not shipped."""
    import subprocess
    import sys

    tool = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tools", "frame_bench.py")
    if not os.path.exists(tool):
        return []
    done = subprocess.run([sys.executable, tool, *PARTIAL_CASES, "--frames", "20" if quick else "30"],
                          capture_output=True, text=True, timeout=900)
    return [line for line in done.stdout.splitlines() if line.split(":")[0] in PARTIAL_CASES]


SPARE_HEAD_START = 3.0  # seconds the spare worker waits, as in a menu, before a game takes it


def _worker_start(game_id: str, options: dict, line: list[str], spare: bool) -> tuple[float, float]:
    """A worker for ``game_id`` (taken from a spare given ``SPARE_HEAD_START`` s, if ``spare``),
    asked for level-5's move after ``line``: the seconds to its kernels loaded, and to the move."""
    import games
    from ui.ai_worker import AIResult, Job
    from ui.worker_client import AIWorker, SpareWorker

    if spare:
        SpareWorker.start(game_id)  # the game last chosen: New game shows it first
        time.sleep(SPARE_HEAD_START)
    game = games.load(game_id, **options)
    state = game.play_line(line)
    started = time.monotonic()
    worker = AIWorker(game)
    job_id = worker.submit(Job(game_id, options, tuple(line), game.to_text(state), "level-5", 1.0))
    ready = moved = None
    try:
        while moved is None and time.monotonic() - started < 120:
            answers = worker.poll()
            now = time.monotonic()
            ready = ready or (None if worker.preparing else now)
            moved = next((now for a in answers if isinstance(a, AIResult) and a.job_id == job_id), None)
            time.sleep(0.005)
    finally:
        worker.close()
    return (ready or moved or started) - started, (moved or time.monotonic()) - started


def worker_start_figures(game_id: str, options: dict, runs: int = 3) -> dict[str, tuple[float, float]]:
    """``_worker_start`` without a spare and with one, by "fresh" and "spare": the median of ``runs``
    each, taken in turn (the machine's load the same for both)."""
    from ui.worker_lifecycle import wait_for_closed_workers

    line = middle_game(game_id, options)
    seen: dict[str, list[tuple[float, float]]] = {"fresh": [], "spare": []}
    for _ in range(runs):
        for kind in seen:
            seen[kind].append(_worker_start(game_id, options, line, kind == "spare"))
            wait_for_closed_workers()
    return {kind: tuple(sorted(column)[len(column) // 2] for column in zip(*figures)) for kind, figures in seen.items()}


def headless_without_a_display() -> None:
    """SDL's dummy video driver where there is no display to open a window on (a server, CI), so a
    window bench runs there too; and pygame's greeting left out of the figures."""
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def bench_ui(report: Callable[[str], None], quick: bool) -> None:
    """Print the window's CPU use and frame rate: idle menu, idle game, level-5 thinking.  The
    window runs on a passing settings and data folder: the games it starts are no one's to continue."""
    headless_without_a_display()
    game_id, options = _pick_game()
    seconds = 3.0 if quick else 6.0
    for cold, what in ((True, "a fresh install (empty numba cache and settings)"), (False, "a later run")):
        shown = [time_to_first_frame(cold) for _ in range(1 if quick else 3)]
        report(f"ui: main menu's first frame after python main.py, {what}: "
               f"{', '.join(f'{s:.2f}' for s, _ in shown)} s, engine modules imported before it: {shown[-1][1]}")
    with scratch_user_folders():
        r = measure(seconds, game_id, options)
    driver = os.environ.get("SDL_VIDEODRIVER", "default")
    report(f"ui: {game_id}, video driver {driver}, load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores, "
           f"engine kernels ready in {r.get('warm_up', 0.0):.1f} s")
    for key, what in (("menu", "idle main menu"), ("menu_pygame_wait", "idle main menu asleep in pygame.event.wait"),
                      ("waiting", "hot-seat game waiting for a click"),
                      ("animation", "a move's animation"), ("clock", "hot-seat game with a running clock"),
                      ("thinking", "level-5 thinking")):
        x = r[key]
        extra = f", search depth {x['depth']}" if "depth" in x else ""
        report(f"ui: {what} ({x['seconds']:.1f} s): window CPU {x['cpu']:.1f}% of a core, "
               f"{x['fps']:.1f} frames drawn per second, longest gap {x['longest_ms']:.0f} ms{extra}")
    report(field_lag_line(r["field_lag"]))
    for board, ms in r["editor_lag"].items():
        report(f"ui: a key typed over the position editor's {board} board, refused: the first read in "
               f"{ms['first']:.1f} ms (the rules of each board shape loaded), later ones in {ms['later']:.1f} ms")
    report_rules_switch(report, r["rules_lag"])
    collected, set_aside = switch_after_warm_start_figures()
    report(f"ui: a change of screen after warm start: {collected[0]:.1f} ms of CPU with its imports gone through by "
           f"each collection ({collected[1]} objects), {set_aside[0]:.1f} ms once they are set aside ({set_aside[1]} "
           f"objects; main menu and Settings, median of {SWITCHES})")
    for screen, ms in drag_step_figures(quick).items():
        report(f"ui: a drag of the window's edge from {POINTED_WINDOW[0]}x{POINTED_WINDOW[1]} over {screen}: "
               f"{ms:.1f} ms of CPU a step (both of SDL's events)")
    for place, pointed in pointer_frame_figures(quick).items():
        over = place if place == "the main menu" else f"a hot-seat {place} board, {POINTED_PLIES} plies in,"
        report(f"ui: the pointer moving over {over} at {POINTED_WINDOW[0]}x{POINTED_WINDOW[1]}: "
               f"{pointed.frame_ms:.1f} ms of CPU a frame drawn (its hover preview), {pointed.motion_ms:.1f} ms a "
               f"motion, {pointed.drawn} of {pointed.motions} motions drawn")
    for line in partial_frame_figures(quick):
        report(f"ui: {line}")
    starts = worker_start_figures(game_id, options, 1 if quick else 3)
    fresh, spare = starts["fresh"], starts["spare"]
    report(f"ui: {game_id}'s AI worker, kernels compiled on disk: loaded {fresh[0]:.2f} s after its start, level-5's "
           f"first move past the books {fresh[1]:.2f} s; taken from the menu's spare: {spare[0]:.2f} s, {spare[1]:.2f} s")
