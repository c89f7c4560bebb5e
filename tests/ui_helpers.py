"""Helpers for the window tests: a real App on the dummy video driver, driven by posted events."""

from __future__ import annotations

import contextlib
import functools
import inspect
import threading
import time
import types
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, NamedTuple

import pygame

import ui.app
from ui import i18n
from ui.app import App

if TYPE_CHECKING:
    from games.base import State
    from ui.ai_worker import Job
    from ui.scenes.game import GameScene
    from ui.scenes.rules import RulesScene
    from ui.scenes.tournament import TournamentScene


def window_given_back() -> None:
    """Close the display a test left full screen, so that the next test's window opens at the size
    it asks for, as a new process's does.  On SDL's dummy driver the first window asked for after
    full screen keeps the screen's size: a test that ended full screen made the next test's window
    1024x768 where it asked for 1000x700 (tests/test_ui_window_size.py).  A real X server gives
    the size asked for (tests/test_ui_xvfb.py), and the app opens one window a process."""
    screen = pygame.display.get_surface() if pygame.display.get_init() else None
    if screen is not None and screen.get_flags() & pygame.FULLSCREEN:
        pygame.display.quit()  # the next window is a new one, opened by its App's pygame.init()


def make_app(tmp_path, monkeypatch, demo: str = "menu", size=(1280, 800), fps: int = 0) -> App:
    """A window with its own settings and data folders (no game carried over from another test);
    ``fps`` 0 runs frames as fast as they come, 60 paces them and lets an idle window sleep."""
    monkeypatch.setenv("TABULEIRO_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("TABULEIRO_DATA_DIR", str(tmp_path / "data"))
    return App(size=size, fps=fps, demo=demo)


SMALLEST_DESKTOP = (0, 24, 1024, 540)  # a desktop whose windows may be as small as ``ui.app.LEAST_SIZE``


def make_app_of(tmp_path, monkeypatch, size: tuple[int, int]) -> App:
    """``make_app``'s window of ``size`` to the pixel: one under ``ui.app.MIN_SIZE`` (800x500, the
    least) on a desktop that small, where the dummy driver's desktop kept it 800x560."""
    from ui import app as app_module
    from ui import desktop

    if size[0] < app_module.MIN_SIZE[0] or size[1] < app_module.MIN_SIZE[1]:
        monkeypatch.setattr(desktop, "desktop_area", lambda: SMALLEST_DESKTOP)
    app = make_app(tmp_path, monkeypatch, size=size)
    assert app.size == size, app.size
    return app


@contextlib.contextmanager
def window_for_a_test(tmp_path, monkeypatch, size=(1280, 800), fps: int = 0) -> Iterator[App]:
    """``make_app``'s window on the main menu for a ``with`` block or a fixture's ``yield``: closed
    after it (unless the test closed it), the language English again for the next test, and the
    window must have caught no exception in a scene."""
    app = make_app(tmp_path, monkeypatch, size=size, fps=fps)
    try:
        yield app
    finally:
        if app.running:
            app.quit()
        i18n.set_language("en")
    assert not app.errors, app.errors[0]


@contextlib.contextmanager
def in_language(app: App, code: str) -> Iterator[None]:
    """The window in language ``code`` (as Settings sets it), English again after."""
    app.settings.language = code
    app.apply_settings()
    try:
        yield
    finally:
        app.settings.language = "en"
        app.apply_settings()


@contextlib.contextmanager
def words_in(code: str) -> Iterator[None]:
    """``ui.words`` and ``_()`` in language ``code`` with no window, English again after."""
    i18n.set_language(code)
    try:
        yield
    finally:
        i18n.set_language("en")


def tournament_started(app: App, game_id: str, players: set[str], folder: Path | None = None,
                       outside: list[tuple[str, str]] | None = None, games_choice: int = 0,
                       watch: bool = True, move_time: float = 0.1) -> TournamentScene:
    """The tournament screen of ``game_id`` shown and its tournament of ``players`` (ids) started
    at ``move_time`` seconds a move (one of the screen's choices, ``TIMES``), the screen's
    ``games_choice``-th number of games a pair (0: one game each way), its files saved in
    ``folder`` (None: the data folder's); ``outside``: the screen's outside players of that game,
    (id, title) pairs as dropped files are listed; ``watch``: the setup's "Watch the games" (off:
    each result in the tables as it comes, not once the board has shown its game).  Its games go
    on as the test runs frames."""
    from ui.scenes.tournament import TournamentScene
    from ui.scenes.tournament_setup import TIMES

    scene = TournamentScene(app, game_id)
    app.switch(scene)
    scene.save_folder = folder
    if outside is not None:
        scene.outside[game_id] = outside
    scene.selected = set(players)
    scene.games_index, scene.time_index, scene.watch = games_choice, TIMES.index(move_time), watch
    scene._start()  # once its outside players are loaded
    return scene


def tournament_over_and_shown(scene: TournamentScene) -> bool:
    """The screen's tournament has ended and the screen has taken every event it sent (its results
    listed): ``scene.running`` is the run's own, over before the screen's next frame polls the
    last results (a test read 9 of 20 latest results there)."""
    return not scene.running and scene.tournament._events.empty()


def tournament_running(app: App, folder: Path) -> TournamentScene:
    """A tournament of three levels of 3x3 begun on the screen, 50 + 50 games a pair (300 at 0.1 s
    a move: it runs for the whole of a test), its first game started; its files under ``folder``."""
    scene = tournament_started(app, "tictactoe", {"level-1", "level-2", "level-3"}, folder, games_choice=6)
    assert app.run_frames(10, until=lambda: scene.running, timeout=120)
    return scene


def click(app: App, pos: tuple[int, int], frames: int = 2) -> None:
    """A left click (motion, press, release) at ``pos``, then a few frames."""
    pos = (int(pos[0]), int(pos[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.run_frames(frames)


def drop(app: App, path: Path | str, frames: int = 2) -> None:
    """``path`` dropped on the window as SDL posts it (a DROPFILE event), then a few frames (0: the
    event only posted, for a test that drops several files or waits for what follows itself)."""
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(path)))
    app.run_frames(frames)


def click_unmoved(app: App, pos: tuple[int, int], frames: int = 2, **extra: object) -> None:
    """A left click at ``pos`` with no motion before it (press and release only): a tap on a
    touch screen, a pointer resting where a screen appeared, xdotool's ``click``; ``extra``:
    more attributes of both events (``touch=True``)."""
    pos = (int(pos[0]), int(pos[1]))
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=pos, button=1, **extra))
    app.run_frames(frames)


def _finger(app: App, kind: int, pos: tuple[int, int], last: tuple[int, int]) -> None:
    """One step of a finger on the screen as SDL 2 reports it: the mouse events it makes of the
    touch (``touch=True``: SDL's ``SDL_TOUCH_MOUSEID``; a put-down moves the pointer there and
    presses it), then the finger's own event, its place normalised to 0..1 of the window."""
    w, h = app.screen.get_size()
    rel = (pos[0] - last[0], pos[1] - last[1])
    if kind in (pygame.FINGERDOWN, pygame.FINGERMOTION):
        held = 1 if kind == pygame.FINGERMOTION else 0
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=rel, buttons=(held, 0, 0), touch=True))
    if kind != pygame.FINGERMOTION:
        pressed = pygame.MOUSEBUTTONDOWN if kind == pygame.FINGERDOWN else pygame.MOUSEBUTTONUP
        pygame.event.post(pygame.event.Event(pressed, pos=pos, button=1, touch=True))
    pygame.event.post(pygame.event.Event(kind, touch_id=1, finger_id=0, x=pos[0] / w, y=pos[1] / h,
                                         dx=rel[0] / w, dy=rel[1] / h, pressure=1.0))


def tap(app: App, pos: tuple[int, int], frames: int = 2) -> None:
    """A fingertip's tap at ``pos`` on a touch screen: SDL's events for it (the pointer jumps
    there, is pressed and let go, each with the finger's own event), then a few frames."""
    finger_drag(app, [pos], frames)


def finger_drag(app: App, path: list[tuple[int, int]], frames: int = 2) -> None:
    """A finger put down at ``path[0]``, moved through the rest of ``path`` and lifted at its end,
    as SDL 2 reports it (``_finger``), then a few frames."""
    path = [(int(x), int(y)) for x, y in path]
    _finger(app, pygame.FINGERDOWN, path[0], path[0])
    for last, pos in zip(path, path[1:]):
        _finger(app, pygame.FINGERMOTION, pos, last)
    _finger(app, pygame.FINGERUP, path[-1], path[-1])
    app.run_frames(frames)


def key(app: App, k: int, mod: int = 0, frames: int = 2) -> None:
    """Key ``k`` pressed and let go, then a few frames."""
    key_down(app, k, mod, frames=0)
    key_up(app, k, mod, frames)


def keys_page_by_question_mark(app: App, section: str | None = None) -> RulesScene:
    """Press ? (Shift+/, as a keyboard types it) and return the keys page it opened, checked to be
    scrolled to ``section`` (its heading's words), or merely below its top where None."""
    from ui.scenes.rules import KEYS_PAGE, RulesScene, section_index

    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SLASH, mod=pygame.KMOD_SHIFT, unicode="?",
                                         scancode=0))
    app.run_frames(2)
    rules = app.scene
    assert isinstance(rules, RulesScene) and rules.game_id == KEYS_PAGE, rules
    top = rules._section_top(section_index(KEYS_PAGE, section)) if section is not None else rules.offset
    assert rules.offset == top > 0, (rules.offset, top)
    return rules


def key_down(app: App, k: int, mod: int = 0, frames: int = 2) -> None:
    """Key ``k`` pressed and not let go, then a few frames: posted again, its key repeat (pygame
    repeats a held key as KEYDOWN events with no KEYUP between, and says none is a repeat)."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    app.run_frames(frames)


def key_up(app: App, k: int, mod: int = 0, frames: int = 2) -> None:
    """Key ``k`` let go, then a few frames."""
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0))
    app.run_frames(frames)


def leave_tournament(app: App, frames: int = 2) -> None:
    """Esc on the tournament screen, and yes to the question it asks while its tournament runs
    (Enter on Back, which the question rings): the screen left, a running tournament stopped.
    A tournament that ends while the question stands takes the question away (Back then leaves at
    once): Esc again."""
    scene = app.scene
    key(app, pygame.K_ESCAPE, frames=frames)
    for _ in range(3):
        if app.scene is not scene:
            return
        key(app, pygame.K_RETURN if getattr(scene, "leave_asked", False) else pygame.K_ESCAPE, frames=frames)


def ringed(scene) -> object:
    """The stop the keyboard is on in ``scene`` (its ``key_focus`` over its ``_focus_stops``:
    the tournament screen), None when it is on none."""
    return scene.key_focus.current(scene._focus_stops())


def tab_to(app: App, scene, wanted: Callable[[object], bool], mod: int = 0) -> None:
    """Tab (Shift+Tab with ``mod`` ``KMOD_SHIFT``) round ``scene``'s stops until the keyboard is
    on one that is ``wanted``; asserted reached within one round.  A test for the stop, not the
    stop itself, as a screen builds its buttons again as choices change."""
    for _ in range(len(scene._focus_stops()) + 1):
        if (here := ringed(scene)) is not None and wanted(here):
            return
        key(app, pygame.K_TAB, mod)
    raise AssertionError("Tab never reached it")


def resign_by_keys(app: App, frames: int = 2) -> None:
    """Ctrl+R, then Y on the card that asks whether to resign (``ResignCard``): the game given up
    for the person to move (against the computer, the person)."""
    key(app, pygame.K_r, pygame.KMOD_CTRL, frames)
    key(app, pygame.K_y, frames=frames)


def type_text(app: App, text: str) -> None:
    """Characters typed into the focused field as SDL sends them: a key's press, its text, its
    release; a composed ã only its text."""
    for char in text:
        if char.isascii():
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=ord(char), mod=0, unicode=char, scancode=0))
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=char))
        if char.isascii():
            pygame.event.post(pygame.event.Event(pygame.KEYUP, key=ord(char), mod=0, unicode=char, scancode=0))
    app.run_frames(2)  # a quick typist: the presses and releases arrive together


def click_widget(app: App, menu, widget_id: str) -> None:
    """Click the centre of a pygame-menu widget."""
    rect = menu.get_widget(widget_id).get_rect(to_real_position=True)
    click(app, rect.center)


def down_to_widget(app: App, menu, widget_id: str) -> None:
    """The keyboard taken down a pygame-menu form (Down pressed, as a person would) until
    ``widget_id`` is its selected widget; asserted there.  The scene's form as it is at each press
    where ``menu`` was the scene's: a message that comes or goes between two presses (a toast's
    time up in a slow frame) rebuilds New game's form, keeping its focus, and the old form took
    no more keys."""
    scene = app.scene if getattr(app.scene, "menu", None) is menu else None

    def form():
        return scene.menu if scene is not None and scene.menu is not None else menu

    for _ in range(len(form().get_widgets())):
        if form().get_selected_widget().get_id() == widget_id:
            break
        key(app, pygame.K_DOWN)
    assert form().get_selected_widget().get_id() == widget_id


def wait(app: App, condition, seconds: float = 60.0) -> bool:
    """Run frames until ``condition()`` holds or ``seconds`` pass (AI work happens meanwhile).  The
    default is generous: it is only reached when the condition fails, and a loaded CI machine
    running the suite on every core took over 15 s for an analysis's first values.  Between two
    frames it waits as ``App.run_frames`` with a timeout does (``ui.app.between_frames``): for an
    AI worker's next report, or a while for a thread."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if condition():
            return True
        draws = app.draws
        app.frame()
        ui.app.between_frames(min(ui.app.REPORT_WAIT, max(0.0, end - time.monotonic())), drew=app.draws != draws)
    return condition()


def small_print(monkeypatch, scene) -> set[tuple[int, str]]:
    """The (size, text) of every text ``scene`` draws under ``ui.text.SMALLEST`` pixels, but the
    key hints of its buttons ("Esc", drawn smaller on every screen); the scene is drawn once now."""
    from ui import text as tx

    drawn = recorded_text_sizes(monkeypatch)
    scene.draw(scene.app.screen)
    hints = {b.key_hint for b in getattr(scene, "buttons", [])}
    hints |= {getattr(scene, name).key_hint for name in ("back_button", "folder_button", "delete_button")
              if hasattr(scene, name)}
    assert len(drawn) > 8, "the scene drew almost nothing"
    return {(size, value) for value, size in drawn if size < tx.SMALLEST and value not in hints}


class DrawnText(NamedTuple):
    """One string drawn, as the text helper's call gave it: ``value`` at ``pos`` in ``size``
    pixels and ``color``, ``rect`` the rectangle it covered, ``options`` the call's other
    arguments by name (``anchor``, ``bold``, ``mono``: those it was given)."""

    value: str
    rect: pygame.Rect
    pos: tuple[int, int]
    size: int
    color: tuple[int, ...]
    options: dict[str, object]

    @property
    def mono(self) -> bool:
        """Whether it was drawn in the code face (ui.text.text's ``mono``)."""
        return bool(self.options.get("mono"))

    @property
    def bold(self) -> bool:
        """Whether it was drawn bold (ui.text.text's ``bold``)."""
        return bool(self.options.get("bold"))


def _recorded(monkeypatch, entry: Callable[[DrawnText], object], modules: tuple[ModuleType, ...]) -> list:
    """``entry(drawn)`` for every string drawn from now on, in order; it still draws.  What draws:
    the shell's ui.text.text, or, given ``modules`` (board views: ui.views.hex, ui.grid_view, ...),
    each one's ``draw_text``, ui.theme's, replaced in each module since each imports it by name."""
    from ui import text as tx

    drawn: list = []
    for module, name in [(module, "draw_text") for module in modules] or [(tx, "text")]:
        monkeypatch.setattr(module, name, _recorder(getattr(module, name), entry, drawn))
    return drawn


def _recorder(draw: Callable[..., pygame.Rect], entry: Callable[[DrawnText], object],
              drawn: list) -> Callable[..., pygame.Rect]:
    """``draw`` that also adds ``entry`` of each string it draws to ``drawn``."""
    signature = inspect.signature(draw)

    @functools.wraps(draw)  # a recorder of a recorder binds the arguments by the first one's names
    def record(*args, **kwargs):
        rect = draw(*args, **kwargs)
        named = signature.bind(*args, **kwargs).arguments  # surface, value, pos, size, color, options
        _surface, value, pos, size, color = (named.pop(name) for name in list(signature.parameters)[:5])
        drawn.append(entry(DrawnText(value, rect, pos, size, tuple(color), named)))
        return rect

    return record


def recorded_draws(monkeypatch, *modules: ModuleType) -> list[DrawnText]:
    """Every string the shell's text helper (ui.text.text), or ``modules``' ``draw_text``, draws
    from now on, in order, with where, how and in what it was drawn; it still draws.  To record
    one frame only, record with ``monkeypatch.context()``'s patcher."""
    return _recorded(monkeypatch, lambda drawn: drawn, modules)


def recorded_text(monkeypatch, *modules: ModuleType) -> list[str]:
    """Every string the shell's text helper (ui.text.text), or ``modules``' ``draw_text``, draws
    from now on, in order; it still draws."""
    return _recorded(monkeypatch, lambda drawn: drawn.value, modules)


def recorded_text_rects(monkeypatch, *modules: ModuleType) -> list[tuple[str, pygame.Rect]]:
    """Every string ui.text.text, or ``modules``' ``draw_text``, draws from now on, with the
    rectangle it was drawn in; it still draws."""
    return _recorded(monkeypatch, lambda drawn: (drawn.value, drawn.rect), modules)


def computer_words(scene: GameScene, monkeypatch) -> list[str]:
    """What the status line and the panel's thinking card say of the computer's turn."""
    drawn = recorded_text_rects(monkeypatch)
    scene.draw(scene.app.screen)
    card = [text for text, rect in drawn if scene.panel.rect.contains(rect)]
    return [*scene.board_side.status()[0], *card]


def recorded_text_sizes(monkeypatch, *modules: ModuleType) -> list[tuple[str, int]]:
    """Every string ui.text.text, or ``modules``' ``draw_text``, draws from now on, with its size
    in pixels; it still draws."""
    return _recorded(monkeypatch, lambda drawn: (drawn.value, drawn.size), modules)


def recorded_text_colours(monkeypatch, *modules: ModuleType) -> list[tuple[str, tuple[int, int, int]]]:
    """Every string ui.text.text, or ``modules``' ``draw_text``, draws from now on, with the
    colour it was drawn in; it still draws."""
    return _recorded(monkeypatch, lambda drawn: (drawn.value, drawn.color[:3]), modules)


def recorded_rings(monkeypatch, module: ModuleType) -> list[pygame.Rect]:
    """The rectangles ``module`` rings with the keyboard's ring (``ui.widgets.focus_ring``, which
    it imports by name) from now on, in order; it still draws them."""
    from ui.widgets import focus_ring

    rings: list[pygame.Rect] = []

    def record(surface: pygame.Surface, rect: pygame.Rect, *args: object) -> None:
        rings.append(pygame.Rect(rect))
        focus_ring(surface, rect, *args)

    monkeypatch.setattr(module, "focus_ring", record)
    return rings


def clocks_lit(app: App, monkeypatch) -> list[bool]:
    """Whether each player's clock on the game panel is drawn lit (running) in a frame drawn
    afresh, in the cards' order."""
    from ui.scenes import panel_cards

    lit: list[bool] = []
    draw = panel_cards.draw_clock

    def recorded(*args, **kwargs):
        lit.append(kwargs.get("running", args[-1]))
        return draw(*args, **kwargs)

    with monkeypatch.context() as patched:
        patched.setattr(panel_cards, "draw_clock", recorded)
        app.invalidate()
        app.run_frames(1)
    return lit


def held_game_clock(monkeypatch) -> Callable[[float], None]:
    """The game screen's clock (``time`` in ``ui.scenes.game`` and its parts, those conftest's
    ``skipped_time`` moves) standing still: the function returned moves it on by the seconds it is
    given and a millisecond more (the clock's sums in floating point may fall a hair short).  Under
    ``skipped_time`` the real clock goes on, and a loaded machine's slow frames used up a grace
    (``KEY_GRACE``, ``OVER_DELAY``) or a clock's second before the line of the test that needed it."""
    import importlib

    clock = types.SimpleNamespace(now=time.monotonic())
    still = types.SimpleNamespace(monotonic=lambda: clock.now)
    for part in ("game", "game_commands", "game_computer", "game_mouse", "game_over", "game_panel"):
        module = importlib.import_module(f"ui.scenes.{part}")
        if hasattr(module, "time"):
            monkeypatch.setattr(module, "time", still)

    def skip(seconds: float) -> None:
        clock.now += seconds + 0.001

    return skip


def held_messages_clock(monkeypatch) -> Callable[[float], None]:
    """The window's messages' clock (``time`` in ``ui.widgets``) standing still: the function
    returned moves it on by the seconds it is given.  A message's seconds (3.5 s, 6 s for a forfeit
    taken back) then last however slow a loaded machine's frames are, until the test moves them on;
    the rest of the window keeps the real clock."""
    import ui.widgets as widgets

    clock = types.SimpleNamespace(now=time.monotonic())
    monkeypatch.setattr(widgets, "time", types.SimpleNamespace(monotonic=lambda: clock.now))

    def skip(seconds: float) -> None:
        clock.now += seconds

    return skip


def held_press_again_clock(monkeypatch) -> Callable[[float], None]:
    """The "Press again" questions' clock (``time`` in ``ui.press_again``) standing still: the
    function returned moves it on by the seconds it is given.  A second press then answers the
    question once the test has moved the clock past ``ui.app.DOUBLE_CLICK``, however quick the
    test's frames are, with no sleep."""
    import ui.press_again as press_again

    clock = types.SimpleNamespace(now=time.monotonic())
    monkeypatch.setattr(press_again, "time", types.SimpleNamespace(monotonic=lambda: clock.now))

    def skip(seconds: float) -> None:
        clock.now += seconds

    return skip


def autosaves_written() -> None:
    """Wait for the files the window writes off its thread (``ui.background_writer``: autosaves,
    the results tally, the settings): a test that reads one while the window is open reads it as
    another window would."""
    from ui.background_writer import WRITER

    assert WRITER.wait(30.0), "the autosave writer did not finish"


class SlowDisk:
    """A file write (``write(path, text)``) held until ``release``: a disk that hangs; records
    which thread wrote."""

    def __init__(self, write: Callable[[Path, str], None]) -> None:
        self.write = write
        self.released = threading.Event()
        self.started = threading.Event()  # a write is under way
        self.threads: list[str] = []
        self.finished = 0

    def __call__(self, path, text) -> None:
        self.threads.append(threading.current_thread().name)
        self.started.set()
        self.released.wait(5.0)  # on the window's thread (the old code) this only makes the move late
        self.write(path, text)
        self.finished += 1

    def release(self) -> None:
        self.released.set()


def count_calls(monkeypatch, owner, name: str) -> list[int]:
    """Count the calls of ``owner``'s ``name`` from now on (the test's monkeypatch puts it back):
    a list whose one item the calls add to."""
    calls = [0]
    original = getattr(owner, name)

    def counted(*args, **kwargs):
        calls[0] += 1
        return original(*args, **kwargs)

    monkeypatch.setattr(owner, name, counted)
    return calls


def shown_areas(monkeypatch) -> list[list[pygame.Rect] | None]:
    """What each frame shows from now on, as the display is told: None for the whole window
    (``pygame.display.flip``), else the rectangles given to ``pygame.display.update``."""
    shown: list[list[pygame.Rect] | None] = []
    flip, update = pygame.display.flip, pygame.display.update

    def flipped() -> None:
        shown.append(None)
        flip()

    def updated(rects=None) -> None:
        shown.append([pygame.Rect(rects)] if isinstance(rects, pygame.Rect) else [pygame.Rect(r) for r in rects or []])
        update(rects)

    monkeypatch.setattr(pygame.display, "flip", flipped)
    monkeypatch.setattr(pygame.display, "update", updated)
    return shown


def same_as_a_whole_frame(app: App, folder: Path) -> bool:
    """A whole frame drawn now shows the very pixels the window shows (screenshots of both, saved
    in ``folder`` with ``pygame.image.save`` for a look when they differ)."""
    pygame.image.save(app.screen, str(folder / "partial.png"))
    partial = pygame.image.tobytes(app.screen, "RGB")
    app.invalidate()
    app.frame()
    pygame.image.save(app.screen, str(folder / "whole.png"))
    return pygame.image.tobytes(app.screen, "RGB") == partial


def first_legal_line(state: State, plies: int | None = None) -> tuple[list[str], State]:
    """Each side playing its first legal move from ``state``, ``plies`` times or to the end: the
    moves' texts, as a record keeps them, and the position reached (a game any test can rebuild)."""
    played = []
    while not state.is_terminal() and (plies is None or len(played) < plies):
        move = state.legal_moves()[0]
        played.append(state.game.format_move(state, move))
        state = state.play(move)
    return played, state


def job_mover(job: Job) -> int:
    """The side to move in the position ``job`` asks about, rebuilt as the worker rebuilds it: a
    stand-in worker's reports speak for that side, as the real worker's do (``AIProgress.mover``)."""
    import games
    from ui.worker_jobs import _rebuild

    return _rebuild(games.load(job.game_id, **job.options), job).to_move


def small_windows(app: App, sizes=((800, 560), (800, 600)),
                  text_sizes=(1.0, 1.5)) -> Iterator[tuple[tuple[int, int], float]]:
    """The window resized to each of ``sizes`` (the user's drag: a VIDEORESIZE), at each of
    ``text_sizes`` in turn (Settings' Text size): (size, text size), once each is in place."""
    for size in sizes:
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
        app.run_frames(2)
        assert app.size == size
        for text_size in text_sizes:
            app.settings.text_size = text_size
            yield size, text_size


class CountingFont:
    """A font whose every character is 7 pixels wide, counting how often a width is measured."""

    def __init__(self) -> None:
        self.measured = 0

    def size(self, value: str) -> tuple[int, int]:
        self.measured += 1
        return 7 * len(value), 12
