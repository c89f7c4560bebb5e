"""Where a frame of the window goes, case by case, at 2560x1440 headless: cProfile or plain CPU time.

    python tools/frame_bench.py hex19 --profile     # the 35 costliest calls, by cumulative time
    python tools/frame_bench.py                     # every case, CPU time only
    python tools/frame_bench.py --against /path/to/old/checkout --runs 3
    python tools/frame_bench.py setup-clock typing caret fading list-wheel analysis replay

The cases: the pointer moving over an 11x11 and a 19x19 Hex board and an 8x8 Reversi board (a
hot-seat game 40 plies in) and over the main menu, a motion a frame in steps of 37 and 53 pixels
(``ui.bench``'s); a drag of the window's edge over the main menu, a 19x19 Hex game, New game and
Settings, a step a frame (the frames once the edge is still counted with them); a Hex game on a
running clock (5 min + 3 s) and a watched one while level 5 thinks, a frame every 0.1 s.  Input and
time that change one part of the window (``PARTS`` and "typing", "caret"): New game's Clock stepped
with Right, a key a frame, and with a click on its right arrow, a click a frame; in an 11x11 Hex game, a letter or Backspace typed in the move field a
frame, the field's caret blinking (a frame every 0.1 s), a message fading under the board (one
every 30 frames, a frame every 60th of a second), analysis mode's figures coming (a frame every
0.1 s); the wheel over a 19x19 game's move list, a notch a frame; a 19x19 game's replay stepped
with the arrows, and the pointer moving over its board; in analysis mode (made-up values on every
move), the pointer gliding over a 19x19 game's board and its replay's, 3 and 2 pixels a frame,
and a 15x15 tic-tac-toe game's analysis (made-up estimates on its 222 moves) drawn afresh a frame;
Settings' Animations stepped with Right and Left, a key a frame; the pointer going down New
game's, Settings' and "Play from here"'s forms, 16 pixels a frame; the pointer from button to
button over that replay ("Play from here" among them) and over the tournament's set-up; that
replay's slider pressed, dragged a ply a frame and let go; the pointer onto Settings' scrollbar and
off; Page Down and Up on New game's form (Trax, Large text).  Printed for each: the CPU milliseconds a frame (a motion, a drag's step) and a
frame drawn, how many of the frames drew, and the share of the window's pixels a frame drawn
shows again (``ShownPixels``).  ``--against PATH`` runs the same cases in another checkout (an older
revision's worktree, with its .venv) in turn with this one, run by run.  docs/tuning/window.md has figures.
"""

from __future__ import annotations

import cProfile
import json
import os
import pstats
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tools.usage import tool_parser, writes_and_takes  # noqa: E402

LINES = "FRAME_BENCH_LINES"  # the games' moves, as this checkout plays them, for another checkout's run
WINDOW = (2560, 1440)
CASES = ("hex11", "hex19", "reversi", "menu", "menu-drag", "game-drag", "setup-drag", "settings-drag", "clock",
         "thinking", "setup-clock", "fading", "typing", "caret", "analysis", "list-wheel", "replay", "replay-pointer",
         "analysis-pointer", "replay-analysis-pointer", "big-board-analysis", "settings-step",
         "setup-pointer", "settings-pointer", "replay-buttons", "play-from-pointer", "tournament-pointer",
         "setup-click", "replay-slider", "settings-scrollbar", "setup-page")
DRAGS = ("menu-drag", "game-drag", "setup-drag", "settings-drag")
TICKING = ("clock", "thinking", "caret", "analysis")  # a frame every 0.1 s, as the window wakes for them
BOARDS = {"hex11": ("hex", {"size": 11}), "hex19": ("hex", {"size": 19}), "reversi": ("reversi", {})}


def _motions(rect) -> Callable[[int], None]:
    """A motion of the pointer over ``rect`` for frame ``i``."""
    import pygame

    def move(i: int) -> None:
        pos = (rect.x + (i * 37) % rect.width, rect.y + (i * 53) % rect.height)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0), buttons=(0, 0, 0)))
    return move


def _drag(i: int) -> None:
    """A step of a drag of the window's edge, as SDL tells it (two events)."""
    import pygame

    width, height = WINDOW[0] - 9 * (i + 1), WINDOW[1] - 5 * (i + 1)
    pygame.event.post(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=width, y=height))
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(width, height), w=width, h=height))


def _line(game_id: str, options: dict) -> list[str]:
    """The moves of the games measured (``ui.bench.middle_game``, 40 plies), as this checkout plays
    them: given to another checkout's run (``LINES``), which may not have that function."""
    given = json.loads(os.environ.get(LINES, "{}"))
    key = f"{game_id}:{sorted(options.items())}"
    if key not in given:
        from ui.bench import middle_game

        given[key] = middle_game(game_id, options, 40)
    return given[key]


def _game(app, game_id: str, options: dict, clock: str | None = None) -> None:
    """A hot-seat game of ``game_id`` 40 plies in, shown."""
    from ui.match import HOTSEAT, MatchSetup
    from ui.scenes.game import GameScene

    extra = {"clock": clock} if clock else {}
    setup = MatchSetup(game_id, options, HOTSEAT, (None, None), 1.0, **extra)
    app.switch(GameScene(app, setup, _line(game_id, options)))
    app.run_frames(5)
    app.scene.view.finish_animation()  # the last move's: its frames are an animation's, not the pointer's
    app.run_frames(2)


def _thinking(app) -> None:
    """A watched 11x11 Hex game 40 plies in, the computer thinking (level 5, 20 s a move) once its
    engine is ready: the thinking card's spinner and figures and its clock change 10 times a second."""
    from ui.match import PC_VS_PC, MatchSetup
    from ui.scenes.game import GameScene

    setup = MatchSetup("hex", {"size": 11}, PC_VS_PC, ("level-5", "level-5"), 20.0, clock="30m+0s")
    app.switch(GameScene(app, setup, _line("hex", {"size": 11})))
    scene = app.scene
    scene.paused = False  # a watched game taken up again waits for Space
    app.run_frames(5, until=lambda: scene.computer.progress is not None, timeout=120)
    scene.messages.items.clear()  # "Paused where the game was left", which fades: its frames are the message's
    app.run_frames(2)


def _key(key: int, text: str = "") -> None:
    """A key pressed and let go, as SDL tells it (with the text it types, if any)."""
    import pygame

    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=text, scancode=0))
    if text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode=text, scancode=0))


def _clock_steps(app) -> Callable[[int], None]:
    """New game (Hex), the keyboard on the Clock: Right steps it through the clocks, one a frame."""
    import pygame

    app.show_setup(game_id="hex")
    app.run_frames(3)
    app.scene.menu.select_widget("clock")
    _key(pygame.K_RIGHT)  # from no clock to the first: a form with the clock's note
    app.run_frames(2)
    return lambda i: _key(pygame.K_RIGHT)


def _clock_clicks(app) -> Callable[[int], None]:
    """New game (Hex), the Clock's right arrow clicked (pressed and let go) a frame: the clocks
    one after the other."""
    import pygame

    _clock_steps(app)

    def click(i: int) -> None:
        arrow = app.scene.menu.get_widget("clock").get_rect(to_real_position=True)
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            pygame.event.post(pygame.event.Event(kind, pos=(arrow.right - 30, arrow.centery), button=1))
    return click


def _fading(app) -> Callable[[int], None]:
    """An 11x11 Hex game whose status line gives way to a message every 30 frames, a frame every
    60th of a second: the message shows, fades (``Messages.FADE``) and goes."""
    from ui.widgets import Messages

    _game(app, "hex", {"size": 11})

    def step(i: int) -> None:
        if i % 30 == 0:
            app.scene.messages.add(f"That cell is taken ({i})", duration=Messages.FADE + 0.05)
        time.sleep(1 / 60)
    return step


def _typing(app, case: str) -> Callable[[int], None]:
    """An 11x11 Hex game with the move field open (Enter): a letter, a digit or Backspace typed
    a frame ("typing"), or nothing but its caret blinking ("caret", a frame every 0.1 s)."""
    import pygame

    _game(app, "hex", {"size": 11})
    _key(pygame.K_RETURN)
    app.run_frames(2)
    if case == "caret":
        return lambda i: time.sleep(0.1)
    keys = [(pygame.K_f, "f"), (pygame.K_6, "6"), (pygame.K_BACKSPACE, ""), (pygame.K_BACKSPACE, "")]
    return lambda i: _key(*keys[i % len(keys)])


def _analysis(app) -> Callable[[int], None]:
    """An 11x11 Hex game in analysis mode (A), the pointer off the board, once the values come:
    a frame every 0.1 s, as the search's figures come."""
    import pygame

    _game(app, "hex", {"size": 11})
    _key(pygame.K_a)
    scene = app.scene
    app.run_frames(5, until=lambda: scene.analysis.values is not None, timeout=120)
    return lambda i: time.sleep(0.1)


def _list_wheel(app) -> Callable[[int], None]:
    """A 19x19 Hex game 40 plies in: the wheel over the move list, up and down a notch a frame."""
    import pygame

    _game(app, "hex", {"size": 19})
    place = app.scene.panel.moves_rect.center
    pygame.mouse.set_pos(place)

    def step(i: int) -> None:
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1 if i % 8 < 4 else -1, flipped=False))
    return step


def _replay(app) -> Callable[[int], None]:
    """The replay of a 19x19 Hex game of 40 plies, stepped on and back with the arrow keys."""
    import pygame

    from games.record import GameRecord
    from games.record_parts import Side

    record = GameRecord("hex", {"size": 19}, (Side(None, "Ana"), Side(None, "Bia")), _line("hex", {"size": 19}))
    app.open_replay(record, 20)
    app.run_frames(3)
    return lambda i: _key(pygame.K_RIGHT if i % 8 < 4 else pygame.K_LEFT)


def _replay_pointer(app) -> Callable[[int], None]:
    """That replay, the pointer moving over its board."""
    _replay(app)
    return _motions(app.scene.view.rect)


def values_shown(app, scene) -> None:
    """``scene`` (a game or a replay, shown) in analysis mode with made-up values on the moves of
    the position it shows (``_valued``), its animation over, laid out again (the eval bar and
    graph carved out of the board's side) and drawn: the pointer's frames over it are measured
    here and compared with whole ones in tests/test_ui_partial_frames.py."""
    scene.view.finish_animation()
    if hasattr(scene, "move_analysis"):  # a replay
        _valued(scene.move_analysis, scene.states[scene.ply])
    else:
        _valued(scene.analysis, scene.shown_state())
    scene.resize(app.size)
    app.invalidate()
    app.run_frames(2)


def _valued(analysis, state) -> None:
    """Made-up values on every legal move of ``state`` in analysis mode (as its worker sends
    them), the worker kept from changing them: the frames measured are the pointer's alone.
    Each move won or lost in a number of plies, which the tip says in words: a tip beside
    every place the pointer goes over, however large the cells."""
    import random

    from ai.move_values import MoveValue, MoveValues

    rng = random.Random(5)
    analysis.active = True
    analysis.values = MoveValues(state.to_move, {m: MoveValue(m, 0.0, "proven", rng.choice((1, -1)),
                                                              rng.randint(5, 40)) for m in state.legal_moves()})
    analysis.follow, analysis.poll, analysis.wait = (lambda *_a: None), (lambda: False), (lambda _h: True)


def _big_board_analysis(app) -> Callable[[int], None]:
    """A 15x15 tic-tac-toe game (k = 5) after h8 g7 i8 in analysis mode, made-up estimates on its
    222 moves given as its worker gives them (``AnalysisMode.receive``), the worker kept from
    changing them, the window drawn afresh every frame: a drawing's own cost, in which the bar, its
    caption, the graph and the panel's line each ask for the best move and the values' reach."""
    import random

    from ai.move_values import MoveValue, MoveValues
    from ui.ai_worker import AIMoveValues
    from ui.match import HOTSEAT, MatchSetup

    app.start_game(MatchSetup("tictactoe", {"width": 15, "height": 15, "k": 5}, HOTSEAT, (None, None), 1.0),
                   ["h8", "g7", "i8"])
    app.run_frames(2)
    scene, rng = app.scene, random.Random(5)
    state, analysis = scene.shown_state(), scene.analysis
    analysis.active = True
    analysis.follow, analysis.poll, analysis.wait = (lambda *_a: None), (lambda: False), (lambda _h: True)
    values = {m: MoveValue(m, float(rng.randint(-300, 100)), depth=4) for m in state.legal_moves()}
    texts = {m: scene.game.format_move(state, m) for m in values}
    analysis.receive(AIMoveValues(1, MoveValues(state.to_move, values, 3, 120_000), texts, list(texts.values())[:6]))
    scene.resize(app.size)
    app.invalidate()
    app.run_frames(2)
    return lambda i: app.invalidate()


def _glide(rect) -> Callable[[int], None]:
    """The pointer gliding over ``rect`` from its centre, 3 pixels right and 2 down a frame (a
    hand's motion: several a cell)."""
    import pygame

    def move(i: int) -> None:
        pos = (rect.centerx - 60 + 3 * i, rect.centery - 40 + 2 * i)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(3, 2), buttons=(0, 0, 0)))
    return move


def _analysis_pointer(app) -> Callable[[int], None]:
    """A 19x19 Hex game 40 plies in, in analysis mode with values on every move: the pointer
    gliding over the board, the tip of values following it."""
    _game(app, "hex", {"size": 19})
    values_shown(app, app.scene)
    return _glide(app.scene.view.rect)


def _replay_analysis_pointer(app) -> Callable[[int], None]:
    """The replay of that game in analysis mode with values on every move, no graph analysis
    running: the pointer gliding over its board."""
    from games.record import GameRecord
    from games.record_parts import Side
    from ui.scenes.replay import ReplayScene

    record = GameRecord("hex", {"size": 19}, (Side(None, "Ana"), Side(None, "Bia")), _line("hex", {"size": 19}))
    scene = ReplayScene(app, record, analyse=False)
    app.switch(scene)
    app.run_frames(3)
    values_shown(app, scene)
    return _glide(scene.view.rect)


def _settings_steps(app) -> Callable[[int], None]:
    """Settings, the keyboard on Animations: Right and Left step it, one a frame."""
    import pygame

    app.show_settings()
    app.run_frames(3)
    app.scene.menu.select_widget("animation")
    app.run_frames(2)
    return lambda i: _key(pygame.K_RIGHT if i % 2 == 0 else pygame.K_LEFT)


def _form_pointer(app, case: str) -> Callable[[int], None]:
    """New game (Hex), Settings or the form shown (any other ``case``), the pointer going down
    the middle of the form's card, 16 pixels a frame from 100 below its top: across a few lines."""
    if case == "setup-pointer":
        app.show_setup(game_id="hex")
    elif case == "settings-pointer":
        app.show_settings()
    app.run_frames(3)
    import pygame

    panel = app.scene.panel

    def move(i: int) -> None:
        pos = (panel.centerx, panel.top + 100 + 16 * i)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 8), buttons=(0, 0, 0)))
    return move


def _over_buttons(buttons) -> Callable[[int], None]:
    """The pointer going from one of ``buttons`` to the next, a frame each, to a point 5 pixels
    over from its centre on every other frame (within the button: nothing to draw)."""
    import pygame

    def move(i: int) -> None:
        x, y = buttons[(i // 2) % len(buttons)].rect.center
        pos = (x + 5 * (i % 2), y)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0), buttons=(0, 0, 0)))
    return move


def _replay_buttons(app) -> Callable[[int], None]:
    """That replay, the pointer over its buttons: the steps', then "Play from here" and the
    other actions."""
    _replay(app)
    return _over_buttons([b for b in app.scene.buttons if b.visible])


def _play_from_pointer(app) -> Callable[[int], None]:
    """The form "Play from here" opens from that replay, the pointer going down it."""
    _replay(app)
    app.scene.choose_how_to_go_on()
    app.run_frames(3)
    return _form_pointer(app, "")


def _tournament_pointer(app) -> Callable[[int], None]:
    """The tournament's set-up (Hex), the pointer over its buttons."""
    app.show_tournament("hex")
    app.run_frames(3)
    return _over_buttons([b for b in app.scene.buttons if b.visible])


def _replay_slider(app) -> Callable[[int], None]:
    """That replay's slider pressed at its start, dragged along it a ply a frame over eight
    frames and let go, over and over: the press and the motions show other plies, the release
    nothing."""
    import pygame

    _replay(app)
    bar = app.scene.slider.rect

    def step(i: int) -> None:
        at = i % 10
        pos = (bar.left + bar.width * min(at, 8) * 2 // app.scene.slider.maximum, bar.centery)
        if at == 0:
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        elif at < 9:
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0), buttons=(1, 0, 0)))
        else:
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    return step


def _settings_scrollbar(app) -> Callable[[int], None]:
    """Settings, the pointer onto its scrollbar's slider and back onto the form beside it, a
    motion a frame.  SDL's pointer follows the motions (``pygame.mouse.get_pos``, which
    pygame-menu asks), as a real window's does and a posted motion's does not."""
    import pygame

    app.show_settings()
    app.run_frames(3)
    area = app.scene.menu.get_scrollarea()
    slider = next(bar for bar in area._scrollbars if bar.is_visible()).get_slider_rect()
    places = [slider.center, (slider.left - 60, slider.centery)]

    def move(i: int) -> None:
        pos = places[i % 2]
        pygame.mouse.get_pos = lambda: pos
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0), buttons=(0, 0, 0)))
    return move


def _setup_page(app) -> Callable[[int], None]:
    """New game (Trax) in Large text, where its form scrolls, the keyboard in its outside
    player's field (elsewhere Page Up and Page Down step the game cards): Page Down three times,
    Page Up three times, a key a frame."""
    import pygame

    app.settings.text_size = 1.25
    app.apply_settings()
    app.show_setup(game_id="trax")
    app.run_frames(3)
    app.scene.menu.select_widget("outside-entry")
    app.invalidate()
    app.run_frames(2)
    return lambda i: _key(pygame.K_PAGEDOWN if i % 6 < 3 else pygame.K_PAGEUP)


def _set_up(app, case: str) -> Callable[[int], None]:
    """The window shows ``case``'s screen; what each frame's input is."""
    if case in PARTS:
        return PARTS[case](app)
    if case in ("typing", "caret"):
        return _typing(app, case)
    if case in ("setup-pointer", "settings-pointer"):
        return _form_pointer(app, case)
    if case in BOARDS:
        _game(app, *BOARDS[case])
        return _motions(app.scene.view.rect)
    if case == "menu":
        return _motions(app.screen.get_rect())
    if case == "game-drag":
        _game(app, "hex", {"size": 19})
    elif case == "setup-drag":
        app.show_setup(game_id="hex")
        app.run_frames(3)
    elif case == "settings-drag":
        app.show_settings()
        app.run_frames(3)
    if case in DRAGS:
        return _drag
    if case == "thinking":
        _thinking(app)
    else:
        _game(app, "hex", {"size": 11}, clock="5m+3s")
    return lambda i: time.sleep(0.1)


PARTS = {"setup-clock": _clock_steps, "fading": _fading, "analysis": _analysis, "list-wheel": _list_wheel,
         "replay": _replay, "replay-pointer": _replay_pointer, "analysis-pointer": _analysis_pointer,
         "replay-analysis-pointer": _replay_analysis_pointer, "big-board-analysis": _big_board_analysis,
         "settings-step": _settings_steps,
         "replay-buttons": _replay_buttons, "play-from-pointer": _play_from_pointer,
         "tournament-pointer": _tournament_pointer, "setup-click": _clock_clicks, "replay-slider": _replay_slider,
         "settings-scrollbar": _settings_scrollbar, "setup-page": _setup_page}


class ShownPixels:
    """The pixels the window shows again (``pygame.display.flip``: all of it, ``update``: the
    rectangles given), counted as any checkout's App shows its frames."""

    def __init__(self) -> None:
        import pygame

        self.pixels, self.display = 0, pygame.display
        self.flip, self.update = pygame.display.flip, pygame.display.update

    def __enter__(self) -> ShownPixels:
        self.display.flip, self.display.update = self._flip, self._update
        return self

    def __exit__(self, *_exc: object) -> None:
        self.display.flip, self.display.update = self.flip, self.update

    def _flip(self) -> None:
        width, height = self.display.get_surface().get_size()
        self.pixels += width * height
        self.flip()

    def _update(self, rects=None) -> None:
        import pygame

        given = [rects] if isinstance(rects, pygame.Rect) else list(rects or [])
        window = self.display.get_surface().get_rect()
        self.pixels += sum(pygame.Rect(r).clip(window).width * pygame.Rect(r).clip(window).height for r in given)
        self.update(rects)


def _after(app, case: str) -> None:
    """A drag's end: the frames that come once the window's edge is still (a form laid out for the
    size the drag ended at), counted with the drag's steps."""
    if case in DRAGS:
        time.sleep(1.0)
        app.run_frames(2)


def measure(case: str, frames: int, profile: bool) -> str:
    """``case`` for ``frames`` frames in a window of its own: its line of figures."""
    from ui.app import App
    from ui.bench import headless_without_a_display, scratch_user_folders

    headless_without_a_display()
    import pygame

    pointer = pygame.mouse.get_pos  # a case may make it follow its motions ("settings-scrollbar")
    with scratch_user_folders():
        app = App(size=WINDOW, fps=0, demo="menu", remember_size=False)
        try:
            app.run_frames(3)
            step = _set_up(app, case)
            profiler, drawn, cpu = cProfile.Profile(), app.draws, time.process_time()
            with ShownPixels() as shown:
                for i in range(frames):
                    step(i)
                    profiler.runcall(app.frame) if profile else app.frame()
                profiler.runcall(_after, app, case) if profile else _after(app, case)
            spent, drawn = 1000 * (time.process_time() - cpu), app.draws - drawn
        finally:
            app.quit()
            pygame.mouse.get_pos = pointer
    if profile:
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(35)
    share = shown.pixels / max(1, drawn) / (WINDOW[0] * WINDOW[1])
    return (f"{case}: {spent / frames:.1f} ms of CPU a frame, {spent / max(1, drawn):.1f} ms a frame drawn, "
            f"{drawn} of {frames} frames drawn, {share:.0%} of the window's pixels a frame drawn"
            f"{' (profiled)' if profile else ''}")


def main(argv: list[str] | None = None) -> int:
    parser = tool_parser(__doc__, writes_and_takes(
        writes="no file (--against: a copy of this script in that checkout's tools/, left there)",
        prints="each case's milliseconds",
        takes="about 1.5 min with the defaults (every case, 30 frames each), a few seconds for one case; "
              "--against and --runs N: twice that, N times"))
    parser.add_argument("cases", nargs="*", help=f"some of {', '.join(CASES)} (default: all)")
    parser.add_argument("--frames", type=int, default=30)
    parser.add_argument("--profile", action="store_true", help="print where the frames' time went (cProfile)")
    parser.add_argument("--against", help="another checkout, measured in turn with this one")
    parser.add_argument("--runs", type=int, default=1)
    args = parser.parse_args(argv)
    cases = args.cases or list(CASES)
    unknown = [case for case in cases if case not in CASES]
    if unknown:
        parser.error(f"no such case: {', '.join(unknown)}")
    if args.against is None:
        for case in cases:
            print(measure(case, args.frames // 2 if case in TICKING else args.frames, args.profile), flush=True)
        return 0
    lines = {f"{game_id}:{sorted(options.items())}": _line(game_id, options)
             for game_id, options in [*BOARDS.values()]}
    env = dict(os.environ, **{LINES: json.dumps(lines)})
    for run in range(args.runs):
        for name, checkout in (("old", Path(args.against).resolve()), ("new", ROOT)):
            python = checkout / ".venv" / "bin" / "python"
            copy = checkout / "tools" / ".frame_bench.py"  # this script, run with that checkout's modules
            copy.write_text(Path(__file__).read_text(encoding="utf-8"), encoding="utf-8")
            try:
                done = subprocess.run([str(python if python.exists() else sys.executable), str(copy), *cases,
                                       "--frames", str(args.frames)], cwd=checkout, capture_output=True, text=True,
                                      env=env)
            finally:
                copy.unlink()
            for said in done.stdout.splitlines():
                if said.split(":")[0] in CASES:  # not pygame's greeting
                    print(f"{name} {run + 1}: {said}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
