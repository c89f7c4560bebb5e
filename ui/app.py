"""The window: one App owns the display, the clock and the single event loop.

Scenes (menu, game setup, game, rules, settings) are switched with ``App.switch``.  Every call
into a scene is guarded: an exception is logged, counted in ``App.errors`` and shown as a message,
and the loop goes on -- no click, key or resize can close the window by accident.  The same
exception again (a screen failing on every frame) is only counted (``ui.caught_errors``).

The loop draws only when something changed: it sleeps (``wait_for_events``) until an event
arrives or the scene's next wake-up (``IDLE_WAKE`` at most, so scenes can poll their workers),
and redraws after input (a motion of the pointer only where it changed what the pointer lights:
``Scene.pointer_key``), after ``App.invalidate()`` (a scene's state changed without input) and
at the rate the scene's ``redraw_interval()`` asks for while something moves (an animation, a
spinner), and once more when it stops, for the still picture an animation hands over to (the
last move marked).  ``App.draws`` counts the frames actually drawn.

Test hooks: ``App(fps=0)`` runs frames as fast as possible (never sleeps), ``App.frame()`` runs one frame
(after ``pygame.event.post`` of whatever input a test wants), ``App.run_frames(n, until=...)``.
``TABULEIRO_DEMO`` opens a screen directly (for screenshots): ``menu``, ``play[:ID]``, ``watch[:ID]``,
``rules[:ID]``, ``settings``, ``saved``, ``tournament[:ID]``, ``game:ID[:MODE[:MOVES[:SECONDS]]]``
(MODE human-pc|hotseat|pc-pc, MOVES a1,b2,...).
"""

from __future__ import annotations

import contextlib
import logging
import os
import signal
import sys
import threading
import time
import traceback
import weakref
from collections.abc import Callable, Hashable, Iterator
from dataclasses import asdict, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from ui import clipboard, memory, sdl, words
from ui import settings as settings_mod
from ui import text as tx
from ui.background_writer import WRITE_WAIT, WRITER
from ui.caught_errors import ERRORS_KEPT, CaughtErrors, worth_a_note
from ui.debug_log import trail
from ui.desktop import apply_settings as apply_desktop_settings
from ui.desktop import (
    claim_window_slot,
    no_desktop_problem,
    open_fitted_window,
    set_window_icon,
    size_on_desktop,
    size_within_display,
    smallest_on_desktop,
)
from ui.i18n import Phrase, _
from ui.scenes.base import CLOSE_AGAIN, Scene, pointer_there_first
from ui.text_field import Carets
from ui.theme import THEMES, Theme, window_scale
from ui.warm_start import WarmStart, game_modules
from ui.widgets import Messages, everywhere, keys_held, stepped_within
from ui.worker_client import SpareWorker

if TYPE_CHECKING:
    from ai.tournament import Tournament
    from games.base import Game
    from games.record import GameRecord
    from ui.match import MatchSetup
    from ui.scenes.setup import SetupChoices
    from ui.sitting import SittingScore

log = logging.getLogger("tabuleiro.ui")

DEFAULT_SIZE = (1280, 800)
MIN_SIZE = (800, 560)
# the smallest window on a desktop without room for MIN_SIZE (a 1024x600 netbook under its panel):
# every screen is laid out down to it (``ui.desktop.smallest_on_desktop``)
LEAST_SIZE = (800, 500)
TITLE = "Tabuleiro"
CLOSED_WORKERS_WAIT = 5.0  # seconds the quit waits for closed AI workers to end in their graces (``quit``)
IDLE_WAKE = 0.1  # seconds: the longest sleep, so scenes poll workers and timers at least 10 times a second
EVENT_LOOK = 0.01  # seconds between looks for input while asleep (see wait_for_events)
RESIZE_SETTLED = 0.5  # seconds without a resize after which a drag of the window's edge is over
TEXT_SIZE_TOPIC = "text size"  # the window's message saying the Text size (``App.step_text_size``)
DOUBLE_CLICK = 0.5  # seconds: a second press this soon after the first, at its place, is a double-click's
DOUBLE_CLICK_REACH = 6  # pixels the pointer may move between a double-click's two presses
REPEAT_DELAY, REPEAT_INTERVAL = 350, 40  # milliseconds: a held key repeats after the delay, then at the interval
# the input a screen may say changed one part of it alone (``Scene.input_area``): keys, text, the wheel, clicks
AREA_EVENTS = (pygame.KEYDOWN, pygame.KEYUP, pygame.TEXTINPUT, pygame.MOUSEWHEEL, pygame.MOUSEBUTTONDOWN,
               pygame.MOUSEBUTTONUP)
# keys that act on a screen (start, back, play, delete): held as the screen changes, not the new one's
CARRIED_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_SPACE, pygame.K_BACKSPACE,
                pygame.K_DELETE, pygame.K_F1)


def apart(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """``rects`` with those that overlap joined (each pair by the rectangle round both), so a
    frame draws no pixel twice; those apart stay apart (the board's side and the panel's cards:
    the rectangle round both is the whole window).  Empty ones are left out."""
    joined: list[pygame.Rect] = []
    for rect in (r for r in rects if r.width and r.height):
        rect = rect.copy()
        while (at := rect.collidelist(joined)) >= 0:
            rect.union_ip(joined.pop(at))
        joined.append(rect)
    return joined


def wait_for_events(seconds: float) -> list[pygame.event.Event]:
    """The events that arrive within ``seconds`` (none: an empty list, after the whole wait).

    On a desktop the window sleeps in SDL's own wait (``ui.sdl.wait_for_event``), woken by the
    input itself: looking for input every ``EVENT_LOOK`` woke it 100 times a second, about 1% of a
    core for an idle window, half of all it spent.  Elsewhere (the dummy driver of the tests and
    CI) it looks every ``EVENT_LOOK``: ``pygame.event.wait`` looks every millisecond (pygame 2
    pumps SDL's queue and sleeps 1 ms in a loop), a few per cent of a core."""
    end = time.monotonic() + seconds
    while True:
        events = pygame.event.get()
        left = end - time.monotonic()
        if events or left <= 0:
            return events
        if not sdl.wait_for_event(left):
            time.sleep(min(EVENT_LOOK, left))


APP_ID = "tabuleiro"  # the window's class: packaging/tabuleiro.desktop's StartupWMClass


FRAME_PAUSE = 0.002  # seconds ``between_frames`` sleeps at least
REPORT_WAIT = 0.01  # ... and at most while something of the window's works, unless a worker reports sooner


def between_frames(seconds: float, drew: bool = False) -> None:
    """The pause between two frames of a wait for another thread or process of the window (the
    tests' ``App.run_frames`` with a timeout, tests/ui_helpers.py's ``wait``, the benches): sleep
    ``FRAME_PAUSE``, then, while an AI worker runs, until one of them reports (a move, a hint, an
    analysis's values: ``multiprocessing.connection.wait`` on ``ui.worker_client.report_readers``) or
    ``seconds`` in all; while another thread runs (a tournament's, a folder's reading, the tree's
    building) and the frame before drew nothing (``drew``), ``seconds`` in all.  A window waiting
    1 or 2 ms between frames drew some 200 frames a second, 2.5 ms of a core each: half a core
    taken from the search or the thread it waited for and, on CI's two cores, from the other test
    process.  A condition that no report brings about is still looked at every ``seconds``.  A
    frame that drew may have done a share of the work waited for (a list's row pictures, drawn
    on the window's thread ``ui.scenes.row_pictures.DRAW_BUDGET`` at a time): the next comes
    after ``FRAME_PAUSE``, as it does with nothing else running."""
    from multiprocessing.connection import wait as readable

    from ui.worker_client import report_readers

    time.sleep(min(FRAME_PAUSE, max(0.0, seconds)))
    rest = seconds - FRAME_PAUSE
    if rest <= 0:
        return
    pipes = report_readers()
    if pipes:
        with contextlib.suppress(OSError, ValueError):  # a pipe closed meanwhile (its worker replaced)
            readable(pipes, rest)
    elif not drew and working_threads():
        time.sleep(rest)


IDLE_THREADS = frozenset({"tabuleiro-writer", "QueueFeederThread"})  # they wait for work most of their lives


def working_threads() -> list[threading.Thread]:
    """This process's threads but the main one and those that wait for work most of their lives
    (``IDLE_THREADS``: the settings' writer, a queue's feeder): what a window that waits for
    something of its own (``between_frames``) may be waiting for."""
    main = threading.main_thread()
    return [thread for thread in threading.enumerate()
            if thread is not main and thread.is_alive() and thread.name not in IDLE_THREADS]


def _init_pygame() -> None:
    """pygame.init() (pygame-menu asserts a full init), quietly when ui.sound offers it.

    The window's class (X11) and app id (Wayland) are ``APP_ID`` however the app was started, so
    the desktop puts the menu entry's icon on it: importing pygame sets the X11 class to the
    program's file name ("main.py", "-c"), which is replaced; a class the user set is kept.

    On Windows the process says it draws for each monitor's own pixel density: otherwise, at a
    desktop scale above 100%, Windows stretches the window's pixels and every letter is blurred,
    and the desktop's size is reported in scaled units, so full screen covered the wrong area
    (pygame issue 1680).  The window's layout follows its size in pixels, so the board simply gets
    the screen's real pixels.  A setting the user made (``SDL_WINDOWS_DPI_AWARENESS``) is kept."""
    os.environ.setdefault("SDL_WINDOWS_DPI_AWARENESS", "permonitorv2")
    if os.environ.get("SDL_VIDEO_X11_WMCLASS", "") in ("", os.path.basename(sys.argv[0])):
        os.environ["SDL_VIDEO_X11_WMCLASS"] = APP_ID
    os.environ.setdefault("SDL_VIDEO_WAYLAND_WMCLASS", APP_ID)
    try:
        from ui.sound import init_pygame
    except ImportError:
        pygame.init()
    else:
        init_pygame()


def _remove_writes_killed_halfway() -> None:
    """Remove the hidden temporary files (``.settings.json.<hex>.tmp``, ``.results.json.<hex>.tmp``,
    a game list's cache) that a window killed in the middle of saving its settings, your results
    or a list's cache left beside them: nothing else ever looks there (the game folders' own go
    as their lists are read, in ``ui.autosave_reading.scan``), so each kill at that moment left one for
    good.  Only old ones go (``ai.atomic.STALE_AFTER``): another window may be writing one now."""
    from ai.atomic import remove_stale_temporaries
    from ui import list_cache
    from ui.data_folders import cache_dir, data_dir

    lists = list_cache.cache_file(data_dir(), cache_dir()).parent
    for folder in (settings_mod.settings_path().parent, data_dir(), lists):
        remove_stale_temporaries(folder)


def held_keys() -> set[int]:
    """The keys of ``CARRIED_KEYS`` held down now (``keys_held``)."""
    return keys_held(CARRIED_KEYS)


def _is_fullscreen_key(event: pygame.event.Event) -> bool:
    """F11 or Alt+Enter, the usual keys for full screen on every desktop."""
    alt = event.mod & pygame.KMOD_ALT and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_SHIFT)
    return event.key == pygame.K_F11 or (event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and bool(alt))


def _released_as_focus_lost(events: list[pygame.event.Event]) -> set[int]:
    """The places in ``events`` of the KEYUPs a WINDOWFOCUSLOST follows with no press between: SDL
    lets every held key go as the window loses the focus, though the keys are still down (the
    window's other events between, seen under Xvfb: WINDOWHIDDEN, KEYUP, ACTIVEEVENT, the loss)."""
    reset: set[int] = set()
    ups: list[int] = []
    for index, event in enumerate(events):
        if event.type == pygame.KEYUP:
            ups.append(index)
        elif event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            ups = []
        elif event.type == pygame.WINDOWFOCUSLOST:
            reset.update(ups)
            ups = []
    return reset


def _text_size_step(event: pygame.event.Event) -> int | None:
    """Ctrl+plus (or =), Ctrl+minus and Ctrl+0, a browser's zoom keys: the Text size one step
    larger (1), one smaller (-1) or back to Normal (0); None for any other key."""
    if not event.mod & pygame.KMOD_CTRL or event.mod & pygame.KMOD_ALT:
        return None
    steps = {pygame.K_PLUS: 1, pygame.K_EQUALS: 1, pygame.K_KP_PLUS: 1, pygame.K_MINUS: -1, pygame.K_KP_MINUS: -1,
             pygame.K_0: 0, pygame.K_KP0: 0}
    return steps.get(event.key)


MODIFIER_KEYS = frozenset({pygame.K_LCTRL, pygame.K_RCTRL, pygame.K_LALT, pygame.K_RALT, pygame.K_LSHIFT,
                           pygame.K_RSHIFT, pygame.K_LGUI, pygame.K_RGUI, pygame.K_MODE})


def _is_close(event: pygame.event.Event) -> bool:
    """The window's close button, Alt+F4, Ctrl+Q (the desktops' Quit; it did nothing) or the system's
    quit: the app closes the way it always does (the game kept, the window's size saved).  None of
    them may reach a pygame-menu form, whose own answer to them is ``pygame.quit()`` and
    ``os._exit(1)``: no save, and exit status 1."""
    if event.type in (pygame.QUIT, pygame.WINDOWCLOSE):
        return True
    if event.type != pygame.KEYDOWN:
        return False
    if event.key == pygame.K_q:
        return bool(event.mod & pygame.KMOD_CTRL) and not event.mod & (pygame.KMOD_ALT | pygame.KMOD_SHIFT)
    return event.key == pygame.K_F4 and bool(event.mod & pygame.KMOD_ALT)


def _quit_after_frames() -> int | None:
    """``TABULEIRO_QUIT_AFTER_FRAMES=N``: CI starts the app headless and it quits after N frames."""
    value = os.environ.get("TABULEIRO_QUIT_AFTER_FRAMES", "").strip()
    return max(1, int(value)) if value.isdigit() else None


def _text_size_of_window(window: weakref.ref[App]) -> Callable[[], float]:
    """A reader of the Text size setting of ``window`` as it is now (Normal once it is gone), for
    ``ui.text.follow_text_size``: held weakly, so a window left open by a test is not kept alive."""
    def read() -> float:
        app = window()
        return app.settings.text_size if app is not None else 1.0
    return read


class App:
    def __init__(self, size: tuple[int, int] | None = None, fps: int = 60, demo: str | None = None,
                 remember_size: bool = True) -> None:
        _init_pygame()
        Carets.away = False  # a new window has the keyboard
        self.settings, problem = settings_mod.load()
        self._settings_logged = asdict(self.settings)  # as the log last said them (``apply_settings``)
        tx.follow_text_size(_text_size_of_window(weakref.ref(self)))  # small print grows with the Text size
        problem = problem or settings_mod.folder_problem()  # said now, not at the first change of a setting
        _remove_writes_killed_halfway()
        apply_desktop_settings(self.settings)  # language and sound
        self.remember_size = remember_size and size is None
        pygame.display.set_caption(TITLE)
        set_window_icon()
        self.min_size = smallest_on_desktop(MIN_SIZE, LEAST_SIZE)  # the least the user may make the window
        wanted = size or tuple(self.settings.window_size)
        wanted = (max(self.min_size[0], wanted[0]), max(self.min_size[1], wanted[1]))
        # the remembered size is made to fit this desktop; a size asked for (tests, tools) is kept
        if size is None:  # a second Tabuleiro opens a little down and right of the first, not over it
            from ui.data_folders import data_dir

            slot = claim_window_slot(data_dir())
            self.screen = open_fitted_window(wanted, self.min_size, self._window, slot)
        else:
            self.screen = self._window(wanted)
        self.size: tuple[int, int] = self.screen.get_size()
        self.fullscreen = False
        self._window_size = self.size  # the window's size to come back to from full screen
        self._window_place: tuple[int, int] | None = None  # ... its place
        self._window_maximized = False  # ... and whether it was maximised
        # maximised as the window's events said (WINDOWMAXIMIZED, WINDOWRESTORED), for where SDL's
        # own flag does not follow (``maximized``); the remembered size before the last one kept,
        # and the size that one was kept from: a maximise's resize may come before its event
        self._maximized_said = False
        self._size_kept_before: tuple[int, int] = self.settings.window_size
        self._size_kept_from: tuple[int, int] | None = None
        if self.remember_size:  # as this desktop can show it (the window was opened fitted so)
            self.settings.window_size = size_on_desktop(self.settings.window_size, self.min_size)
        clipboard.serve_text_fields()
        pygame.key.set_repeat(REPEAT_DELAY, REPEAT_INTERVAL)
        self.clock = pygame.time.Clock()
        self.fps = fps
        self.running = True
        self.frames = 0  # loop iterations
        self.draws = 0  # frames actually drawn (tests check the idle window draws next to nothing)
        self.dirty = True  # the whole window is to be drawn again
        self._areas_due: list[pygame.Rect] = []  # only these parts of it (``invalidate``)
        self._pointer_moved = False  # the pointer moved in this frame's events
        self._pointer_drawn: Hashable | None = None  # what it lit in the last frame drawn (``Scene.pointer_key``)
        self._save_problem: str | None = None  # why the settings' last save failed, as last said (``_say_settings_saved``)
        self._last_draw = 0.0
        self._moving = False  # something moved at the last look: when it stops, one more draw shows it still
        self._ticked: list[pygame.Rect] | None = None  # what time alone drew while it moved: the whole window if None
        self._time_drew_whole = False  # the last whole frame drawn showed something moving over it (an animation)
        self._resized_at: float | None = None  # the last resize not yet followed by ui.memory.give_back
        # CI's smoke runs (TABULEIRO_QUIT_AFTER_FRAMES) count frames: there every frame is drawn at
        # the frame rate, as a busy window would, so N frames take N/60 s whatever the screen shows
        self.always_draw = _quit_after_frames() is not None
        self._message_key: tuple = ()
        # tracebacks of the exceptions caught in scenes (tests read it): the first ERRORS_KEPT
        # distinct ones, a repeat only counted (ui.caught_errors)
        self.errors: list[str] = []
        self.caught = CaughtErrors()
        self.messages = Messages()
        self.menu_keyboard: tuple[str, int, str | None] = ("menu", 0, None)  # where the main menu's keyboard was left (MenuScene)
        self._copying = False  # a click on a message cut short was taken: its release is too
        # what a first game imports, imported from the window's first sleep on (``_events``); the
        # game New game will show first (the last one chosen)
        shown_first = self.expected_game()
        self.warm_start = WarmStart(lambda: game_modules(shown_first))
        # a worker process started as the window waits (``ui.worker_client.SpareWorker``), its engines
        # imported before a game takes it: set by ``run`` (a test's window starts no process)
        self.spare_worker = False
        # warm start's imports set aside from the collections once imported (``_set_imports_aside``),
        # the idle main menu built again around it: set by ``run`` too (a test's window does not, a
        # test holding its menu would find another in its place)
        self.sets_imports_aside = False
        self._screen_set_aside = False  # set aside with another screen alive (``_set_imports_aside_with_the_screen``)
        self._spare_told: tuple[str | None, dict[str, Any]] | None = None  # the choice the spare was last told
        self._carried: set[int] = set()  # keys held as the screen changed: not the new screen's until let go
        self._switch_text = ""  # the character of the key press that changed the screen (``_text_of_the_switch``)
        self._keys_down: set[int] = set()  # keys pressed and not let go since (``_mark_repeat``)
        self._switched_by: int | None = None  # the key whose press last switched full screen, until let go
        self._last_press: tuple[float, tuple[int, int]] | None = None  # the last left press: when, where
        self._events_at = 0.0  # when the events being handled were taken from the queue (``_events``)
        self._press_before_switch: tuple[float, tuple[int, int]] | None = None  # the one that changed the screen
        self._clicking = False  # a mouse button's press or release is being given to the screen
        self.by_touch = False  # the last press was a finger's (SDL's touch mouse events): rows grow for it
        self._dropping_release = False  # a double-click's second press was dropped: its release is too
        if problem:
            self.messages.add(Phrase(lambda problem=problem: words.settings_problem(problem)), "error", duration=12.0,
                              stays=everywhere)
            log.warning(problem)
        self._say_if_games_cannot_be_kept()
        self.scene: Scene | None = None
        self._screen_left = False  # a screen was left: its garbage is collected after the next frame drawn
        self._visited: Scene | None = None  # the screen being left for a visit, not closed (``visit``)
        # called as watcher(old, new) after every switch (new None: the window closes): a screen
        # that goes on working while another is shown (a tournament under its replay) follows them
        self.switch_watchers: list[Callable[[Scene | None, Scene | None], None]] = []
        self.behind: list[Scene] = []  # screens left open under the one shown (``visit``, ``wait_away``)
        self._close_asked: tuple[Scene, float] | None = None  # the screen that held a close, and when
        maximized = self.remember_size and self.settings.maximized
        if self.settings.fullscreen:
            self.set_fullscreen(True)
            self._window_maximized = maximized  # for the window it gives back
        elif maximized:
            sdl.maximize_window()
        self._last_frame = time.monotonic()
        memory.leave_out_what_lives_on()  # before the first screen, which is freed when left
        self.open_demo(demo if demo is not None else os.environ.get("TABULEIRO_DEMO", "menu"))

    def _say_if_games_cannot_be_kept(self) -> None:
        """Said once as the window opens: the games folder cannot be written, so no game played
        now can be continued after the window closes (the games are still played)."""
        from ui.autosave import folder_problem

        why = folder_problem()
        if why is None:
            return
        log.warning("games cannot be kept: %s", why)
        self.messages.add(Phrase(lambda: _("Your games will not be kept ({error}): you can play, but a game cannot be "
                                           "continued once the window is closed").format(error=words.file_error(why))),
                          "error", duration=12.0, stays=everywhere)

    # -- look -------------------------------------------------------------------------------
    @property
    def theme(self) -> Theme:
        return THEMES.get(self.settings.theme, THEMES["dark"])

    @property
    def scale(self) -> float:
        """UI scale: 1.0 at 1280x800, larger on big screens (4K), a bit smaller on small ones."""
        return self.scale_at(self.size)

    def scale_at(self, size: tuple[int, int]) -> float:
        """The UI scale of a window of ``size`` with the Text size setting (``window_scale``)."""
        return window_scale(size, self.settings.text_size)

    # -- scenes -----------------------------------------------------------------------------
    def invalidate(self, area: pygame.Rect | None = None) -> None:
        """Something on screen changed without an input event: draw the next frame; ``area``: only
        that part of the window changed (a running clock's digits), drawn alone unless something
        else makes the next frame whole (``_areas_due``)."""
        if area is None:
            self.dirty = True
        else:
            self._areas_due = apart([*self._areas_due, area])

    def switch(self, scene: Scene) -> None:
        self.dirty = True
        old, self.scene = self.scene, scene
        self.messages.screen_changed(scene)  # the words about what the screen left did go with it
        trail.info("screen: %s -> %s", type(old).__name__ if old is not None else "(none)", type(scene).__name__)
        self._carried = held_keys()
        self._press_before_switch = self._last_press if self._clicking else None  # a click changed the screen
        if old is not None and old is not self._visited:  # a screen visited from waits (``visit``)
            self.guard(old.close)
        self.guard(scene.resize, self.size)
        self.guard(self.update_caption)
        for watcher in list(self.switch_watchers):
            self.guard(watcher, old, scene)
        self._screen_left = True  # its garbage collected once the frame that shows the new one is drawn

    def update_caption(self) -> None:
        """The window's title: the screen's caption, then "Tabuleiro" ("Reversi – Tabuleiro")."""
        caption = self.scene.caption() if self.scene is not None else ""
        title = f"{caption} – {TITLE}" if caption else TITLE
        if title != pygame.display.get_caption()[0]:
            pygame.display.set_caption(title)

    # -- navigation: the one place that knows every screen ---------------------------------
    # Scenes ask the App to go somewhere instead of importing each other, so the scene modules
    # depend only on ui.scenes.base/common and never form an import loop.
    def show_menu(self, choose: str | None = None) -> None:
        """The main menu; ``choose``: the id of the button the keyboard starts on there (the
        Continue of a game just left), else the one it was left on."""
        from ui.scenes.menu import MenuScene

        if choose is not None:
            _place, card_at, _button = self.menu_keyboard
            self.menu_keyboard = ("menu", card_at, choose)
        self.switch(MenuScene(self))

    def show_setup(self, watch: bool = False, game_id: str | None = None, start: GameRecord | None = None,
                   on_back: Callable[[], None] | None = None,
                   on_start: Callable[[MatchSetup], None] | None = None) -> None:
        """The New game (or Watch) screen; ``start``: a pasted position's record to start from;
        ``on_back``, ``on_start``: where its Back goes and how its Start starts the game, when a
        game opened it (``SetupScene``)."""
        from ui.scenes.setup import SetupScene

        self.switch(SetupScene(self, watch=watch, game_id=game_id, start=start, on_back=on_back, on_start=on_start))

    def open_record(self, record: GameRecord, on_back: Callable[[], None] | None = None,
                    back_label: str | None = None) -> None:
        """A game opened from a file or the clipboard: a position alone goes to the New game screen
        to be played from; a game with moves to the replay viewer, and so does a file's game of no
        moves from a set-up position that names its players or its end (a GGF's ``BO`` with
        ``PB``/``PW``, an SGF's setup stones): shown at its start with its players, its date and
        its end kept, "Play from here" (C) plays on from it as they played it.  ``on_back`` and
        ``back_label``: the replay's Esc and its name (the main menu if None)."""
        from ui.autosave_words import names_a_game

        if record.start_position is not None and not record.moves and not names_a_game(record):
            self.show_setup(start=record)
        else:
            self.open_replay(record, on_back=on_back, back_label=back_label)

    def start_game(self, setup, moves=(), autosave_path=None, clock_readings=None, begun=None,
                   sitting: SittingScore | None = None, clock_left: tuple[float, float] | None = None) -> None:
        """A game scene for ``setup`` (a ui.match.MatchSetup), optionally playing on after ``moves``
        (``clock_readings``: both clocks at the start and after each of them, on a clocked game;
        ``clock_left``: both clocks as the game was left, the next move's time so far taken off;
        ``begun``: the record they come from, whose start the game keeps; ``sitting``: the
        friends' session it goes on with, ``SittingScore.carried_to``)."""
        from ui.scenes.game import GameScene

        self.switch(GameScene(self, setup, list(moves), autosave_path, clock_readings=clock_readings, begun=begun,
                              sitting=sitting, clock_left=clock_left))

    def continue_game(self, record, autosave_path=None) -> None:
        """Play on from the end of ``record`` (a games.record.GameRecord), with its setup and its
        clocks as they were after its last move; it is autosaved in ``autosave_path`` (a game from
        the Continue list), in the file of the Continue list's game it is a copy of (a saved copy
        played on from its end: ``ui.autosave.unfinished_file_of``), or in a file of its own."""
        from ui.autosave import unfinished_file_of
        from ui.autosave_setup import setup_dict_for_record
        from ui.clocks import left_on_the_move, played_clock
        from ui.match import MatchSetup
        from ui.playing import PLAYED_ELSEWHERE, played_elsewhere
        from ui.record_files import unknown_player

        if autosave_path is None:  # a saved copy of a game the Continue list holds: that game goes on
            autosave_path = unfinished_file_of(record)
            if autosave_path is not None and played_elsewhere(autosave_path):
                autosave_path = None  # played on in another window: this one plays a copy, as before
        if autosave_path is not None and played_elsewhere(Path(autosave_path)):
            self.messages.add(_("This game is being played in another Tabuleiro window: go on with it there"),
                              "warn", 8.0, topic=PLAYED_ELSEWHERE)
            return
        self.messages.withdraw(PLAYED_ELSEWHERE)  # said of a try before that window left it: over the game, stale
        lacking = unknown_player(record)
        if lacking is not None:  # a newer version's record, or a hand-edited one: replayed, not played on
            self.messages.add(_("{player} is not one of this Tabuleiro's players (perhaps a newer Tabuleiro's): "
                                "this game can be replayed, not played on").format(player=lacking.id), "warn", 10.0)
            return
        setup = MatchSetup.from_dict(setup_dict_for_record(record))
        clock, readings = played_clock(record.setup)
        if clock != setup.clock:  # an unreadable clock is no clock
            setup = replace(setup, clock=clock)
        self.start_game(setup, record.moves, autosave_path, readings, begun=record,
                        clock_left=left_on_the_move(record.setup, len(record.moves)))

    continue_record = continue_game  # the name the replay viewer asks for

    def open_replay(self, record, ply: int | None = None, on_back: Callable[[], None] | None = None,
                    back_label: str | None = None, shown: dict[str, bool] | None = None) -> None:
        from ui.scenes.replay import ReplayScene

        self.switch(ReplayScene(self, record, ply, on_back=on_back, back_label=back_label, shown=shown))

    def expected_game(self) -> str | None:
        """The game New game will show first: this session's last choice, else the last session's
        (None before any); the spare AI worker loads its engine ahead (``SpareWorker``)."""
        choices = getattr(self, "setup_choices", None)
        if choices is not None:
            return choices.game_id
        return (getattr(self.settings, "setup_choices", None) or {}).get("game_id")

    def _expected_choice(self) -> tuple[str | None, dict[str, Any]]:
        """``expected_game`` and the options New game has for it (a copy: they change as it is used)."""
        game_id = self.expected_game()
        choices = getattr(self, "setup_choices", None)
        saved = (getattr(self.settings, "setup_choices", None) or {}).get("options") or {}
        return game_id, dict((choices.options if choices is not None else saved).get(game_id) or {})

    def expected_rules(self) -> Game | str | None:
        """``expected_game`` with the options New game has for it: its rules, for the spare AI worker
        to load only the kernels they use (``ui.worker_client.warm_plan``); the id alone if they do not
        load (options saved by another version)."""
        game_id, options = self._expected_choice()
        import games

        try:
            return games.load(game_id, **options) if game_id is not None else None
        except Exception:  # noqa: BLE001 - a guess only: the spare then loads every stage
            return game_id

    def last_setup_choices(self) -> SetupChoices:
        """The New game screen's last choices (``ui.scenes.setup.SetupChoices``): this session's, or
        the last session's from the settings; the forms that start a game offer them first."""
        if not hasattr(self, "setup_choices"):
            from ui.scenes.setup import SetupChoices

            self.setup_choices = SetupChoices.from_dict(getattr(self.settings, "setup_choices", {}))
        return self.setup_choices

    def keep_setup_choices(self) -> None:
        """The New game choices as they are now (``last_setup_choices``), kept in the settings for
        the next session: a watched game's speed and analysis changed, say."""
        self.settings.setup_choices = self.last_setup_choices().to_dict()
        settings_mod.save_later(self.settings)

    def take_default_time(self, seconds: float) -> None:
        """Settings' time per move, just changed, is New game's next one too.  New game took it from
        Settings only while it had no time of its own (the first time it opened), then kept its own
        choice, this session and the next: a time changed in Settings was never seen again."""
        self.last_setup_choices().move_time = seconds
        if self.settings.setup_choices:  # the next session's New game
            self.settings.setup_choices["move_time"] = seconds

    def show_play_from(self, record: GameRecord, ended: GameRecord, on_start: Callable[[MatchSetup | None], None],
                       on_back: Callable[[], None], mode: str | None = None) -> None:
        """The replay's "Play from here" (a watched game's Take over): how the game ``record``
        (``ended`` cut at the position shown) goes on, the form open on ``mode`` (None: the
        record's own); ``on_start`` gets the MatchSetup chosen (None: the record's own)."""
        from ui.scenes.play_from import PlayFromScene

        self.switch(PlayFromScene(self, record, ended, on_start, on_back, mode))

    def show_rules(self, game_id: str | None = None, on_back: Callable[[], None] | None = None,
                   section: str | None = None, keys_section: str | None = None) -> None:
        """The rules screen at ``game_id``'s page (a game's, the keys', About), at its ``section``
        (an English heading; None: the top); Back goes to ``on_back`` (None: the main menu), F1
        to the keys page at ``keys_section`` (the keys of the screen help was asked on)."""
        from ui.scenes.rules import RulesScene

        self.switch(RulesScene(self, game_id, on_back=on_back, section=section, keys_section=keys_section))

    def visit(self, show: Callable[[Callable[[], None]], None]) -> None:
        """Show another screen (F1's help) and come back to the one shown now as it was left:
        ``show`` is given the Back that returns here (``Scene.come_back``).  The screen left is not
        closed meanwhile, so what it does in the background goes on (a running tournament, a
        folder being read, the search tree's counts) and what it holds stays (a form's choices
        not yet confirmed, the replay's move, a list's row and scroll); if the window goes
        anywhere else from there, or closes, it is closed then."""
        scene = self.scene
        if scene is None:
            return
        self._visited = scene
        try:
            show(scene.come_back)
        finally:
            self._visited = None
        if self.scene is scene:  # nothing was shown
            return

        def follow(_old: Scene | None, new: Scene | None) -> None:
            self.switch_watchers.remove(follow)
            self._not_behind(scene)
            if new is not scene:
                self.guard(scene.close)

        self.switch_watchers.append(follow)
        self.behind.append(scene)

    def wait_away(self, home: Scene, on_left: Callable[[], None]) -> None:
        """Call ``on_left`` once the window has really left ``home``, which it has just left for
        the screen shown now, one whose Back returns there (a game's New game, its rules): not
        while the screens shown lead back to ``home`` (``_leads_back``: that screen's help, the
        position editor it opens, and back from them), only when the window goes elsewhere (a game
        started, a dropped file opened) or closes.  Seeing only the next screen, a game took its
        New game's help for having been left and ended its worker processes."""
        on_the_way = [self.scene]  # the screens shown since ``home`` was left, each leading back

        def follow(old: Scene | None, new: Scene | None) -> None:
            if new is home or new is None or not (new in on_the_way or self._leads_back(old, new, on_the_way)):
                self.switch_watchers.remove(follow)
                self._not_behind(home)
                if new is not home:
                    on_left()
            elif new not in on_the_way:
                on_the_way.append(new)

        if self.scene is not home:
            self.switch_watchers.append(follow)
            self.behind.append(home)

    def _not_behind(self, scene: Scene) -> None:
        """``scene`` no longer waits under the screens shown (``behind``): once for each wait."""
        with contextlib.suppress(ValueError):
            self.behind.remove(scene)

    def _leads_back(self, old: Scene | None, new: Scene, on_the_way: list[Scene | None]) -> bool:
        """Whether ``new``, shown over ``old`` (one of ``on_the_way``), returns to it: a visit of
        it (``visit``: help), or a screen given a way back (``Scene.returns``)."""
        return old in on_the_way and (old is self._visited or new.returns())

    def show_tree(self, game, state, on_back: Callable[[], None] | None = None, turned: bool = False,
                  proof: Any = None, hint: Any = None) -> None:
        """The search tree explorer on ``state`` of ``game``, at the game's first depth (chosen by
        the explorer in a thread: a search, 0.3 s on Hex 19x19 with the swap rule); ``turned``:
        its board turned round as the screen it was opened from drew it; ``proof``: analysis's
        proof of ``state`` (an ``AIProgress``), said at the tree's root; ``hint``: the hint shown
        on ``state`` (its move and search), said there where the tree ranks another move first."""
        from ui.scenes.tree_explorer import TreeExplorerScene

        self.switch(TreeExplorerScene(self, game, state, on_back=on_back, turned=turned, proof=proof, hint=hint))

    def show_settings(self) -> None:
        from ui.scenes.settings_screen import SettingsScene

        self.switch(SettingsScene(self))

    def show_saved_games(self) -> None:
        from ui.scenes.records import RecordsScene

        self.switch(RecordsScene(self))

    def show_unfinished(self) -> None:
        from ui.scenes.unfinished import UnfinishedScene

        self.switch(UnfinishedScene(self))

    def show_tournament(self, game_id: str | None = None) -> None:
        from ui.scenes.tournament import TournamentScene

        self.switch(TournamentScene(self, game_id))

    def show_tournament_results(self, tournament: Tournament, path: str | Path) -> None:
        """The tournament screen on the results a file holds (ai.tournament.Tournament.from_files)."""
        from ui.scenes.tournament import TournamentScene

        scene = TournamentScene(self, tournament.game_id)
        self.switch(scene)
        scene.show_results(tournament, Path(path))

    def remember_outside_player(self, player_id: str) -> None:
        """Keep an outside player's id in the settings, so every screen offers it next time."""
        from ui import outside_players

        problem = outside_players.remember(self, [player_id])
        if problem:
            self.messages.add(problem, "warn", stays=everywhere)  # the settings not saved

    def open_demo(self, spec: str) -> None:
        """Open the screen ``spec`` names (see the module docstring); the main menu if unknown."""
        try:
            if self._open_named(spec or "menu"):
                return
        except Exception as exc:  # noqa: BLE001 - a bad demo spec must still open the window
            self.report(exc)
        self.show_menu()

    def _open_named(self, spec: str) -> bool:
        """Go to the screen a ``TABULEIRO_DEMO`` spec names; False if it names none."""
        from ui.match import HOTSEAT, HUMAN_VS_PC, PC_VS_PC, MatchSetup

        name, _sep, rest = spec.partition(":")
        if name in ("play", "watch"):
            self.show_setup(watch=name == "watch", game_id=rest or None)
        elif name == "rules":
            self.show_rules(rest or None)
        elif name == "settings":
            self.show_settings()
        elif name == "saved":
            self.show_saved_games()
        elif name == "tournament":
            self.show_tournament(rest or None)
        elif name == "game":
            game_id, _sep, rest = rest.partition(":")
            mode, _sep, rest = rest.partition(":")
            moves, _sep, seconds = rest.partition(":")
            mode = mode or HUMAN_VS_PC
            players = {HUMAN_VS_PC: (None, "level-3"), HOTSEAT: (None, None), PC_VS_PC: ("level-3", "level-4")}[mode]
            setup = MatchSetup(game_id or "tictactoe", {}, mode, players, float(seconds or self.settings.move_time))
            self.start_game(setup, [m for m in moves.split(",") if m])
        else:
            return False
        return True

    def apply_settings(self) -> None:
        """Save the settings (off the window's thread: ``_say_settings_saved`` tells a failure on a
        later frame); the scenes read colours and defaults from them on every frame."""
        apply_desktop_settings(self.settings)
        self.set_fullscreen(self.settings.fullscreen)
        self.guard(self.update_caption)  # in the language just chosen
        self._log_settings_changed()
        settings_mod.save_later(self.settings)

    def _log_settings_changed(self) -> None:
        """Say in the log which settings changed since it last said (``settings_mod.changes_said``)."""
        now = asdict(self.settings)
        changed = settings_mod.changes_said(self._settings_logged, now)
        if changed:
            trail.info("settings changed: %s", "; ".join(changed))
        self._settings_logged = now

    def _say_settings_saved(self) -> None:
        """Say the settings saves that failed since the last frame; a failure, or a save that
        works after one, is drawn whole (the settings screen says whether they are saved, over its
        form).  A save that works after one that did changes nothing on screen: it drew the whole
        of Settings after each step of a selector there, drawn on the form alone."""
        for problem in settings_mod.reports():
            now = settings_mod.save_problem()
            if problem or now != self._save_problem:
                self.dirty = True
            self._save_problem = now
            if problem:
                self.messages.add(Phrase(lambda problem=problem: words.settings_problem(problem)), "error",
                                  stays=everywhere)

    def _say_results_unread(self) -> None:
        """Say a damaged results file that a screen's reading moved aside (``ui.tally.Tally.unsaid``:
        New game, Settings), on every screen for as long as the settings' own problems.  Only once
        a screen has imported ``ui.tally``: nothing was read before, and the window's first frame
        is not kept waiting for the import of the results' modules."""
        tally = sys.modules.get("ui.tally")
        for problem in tally.TALLY.unsaid() if tally is not None else []:
            self.messages.add(problem, "error", duration=12.0, stays=everywhere)

    # -- errors -----------------------------------------------------------------------------
    def report(self, exc: BaseException) -> None:
        """An exception caught in a scene: its traceback logged and kept, and said in a message.
        The same error again (a screen failing on every frame) is counted, its count logged now
        and then, and said again only once its message has gone (ui.caught_errors)."""
        said = _("Something went wrong: {error}").format(error=f"{type(exc).__name__}: {exc}")
        times = self.caught.note(exc)
        if times > 1:
            if worth_a_note(times):
                log.error("caught in the window loop again (%d times): %s: %s", times, type(exc).__name__, exc)
            if said not in (m.text for m in self.messages.current()):
                self.messages.add(said, "error", stays=everywhere)
            return
        detail = "".join(traceback.format_exception(exc))
        if len(self.errors) < ERRORS_KEPT:
            self.errors.append(detail)
        log.error("caught in the window loop:\n%s", detail)
        self.messages.add(said, "error", stays=everywhere)

    def guard(self, fn: Callable, *args) -> None:
        try:
            fn(*args)
        except Exception as exc:  # noqa: BLE001 - the loop must survive any scene bug
            self.report(exc)

    def step_text_size(self, step: int) -> None:
        """The Text size one choice larger (``step`` 1) or smaller (-1), or Normal (0), on any
        screen, laid out again at once and saved; the window says the size now shown (a teacher
        at a projector sets it without leaving the game on the screen).  A step past the largest
        or the smallest says so, as Settings' Text size does, once while it shows: each press said
        "Text size: Larger" anew, as if the text had grown again."""
        from ui.scenes.common import chosen_index, percent_label, with_kept

        # a size between the offered ones (a hand-edited file's 1.1) stands in its place among
        # them, as on Settings: taken for the nearest (Normal), Ctrl+minus said Normal was already
        # the smallest and Ctrl+plus skipped Large
        sizes = with_kept([(_(label), value) for label, value in settings_mod.TEXT_SIZE_CHOICES],
                          self.settings.text_size, percent_label)
        now = chosen_index(sizes, self.settings.text_size)
        normal = chosen_index(sizes, settings_mod.TEXT_SIZE_CHOICES[0][1])
        chosen, at_the_end = (normal, "") if step == 0 else stepped_within(now, step, len(sizes),
                                                                           _("Text size") + ": " + sizes[now][0])
        if sizes[chosen][1] != self.settings.text_size:
            self.settings.text_size = sizes[chosen][1]
            self.apply_settings()
            if self.scene is not None:
                self.guard(self.scene.resize, self.size)
            self.dirty = True
        said = at_the_end or _("Text size: {size} (Ctrl+plus, Ctrl+minus, Ctrl+0)").format(size=sizes[chosen][0])
        if not self.messages.renewed(said, TEXT_SIZE_TOPIC):
            self.messages.withdraw(TEXT_SIZE_TOPIC)  # the size said before: one line says the size now shown
            self.messages.add(said, duration=3.0, topic=TEXT_SIZE_TOPIC, stays=everywhere)  # the window's setting

    # -- the loop ---------------------------------------------------------------------------
    def set_fullscreen(self, on: bool) -> None:
        """The whole screen the window is on, at that display's own size (no mode change), or back
        to the window as it was; the scene is laid out again for the new size."""
        if on == self.fullscreen:
            return
        try:
            if on:
                self._window_size, self._window_place = self.size, sdl.window_position()
                self._window_maximized = self.maximized
                self.screen = _full_screen_on(sdl.window_display())
            else:
                self.screen = self._window(self._window_size)
                if self._window_place is not None:
                    # pygame's new window goes to the old one's place, which a window manager
                    # takes for the frame's: each round trip moved it down by its title bar
                    sdl.move_window(*self._window_place)
                if self._window_maximized:
                    sdl.maximize_window()
        except pygame.error as exc:  # the display refused: stay as we are, and say so
            log.warning("full screen %s failed: %s", "on" if on else "off", exc)
            self.settings.fullscreen = self.fullscreen
            self.messages.add(_("Full screen is not available here: {error}").format(error=exc), "error",
                              stays=everywhere)
            return
        self.fullscreen = on
        pygame.event.clear((pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED))  # sizes of the mode just left
        self._fit(*self.screen.get_size())

    def toggle_fullscreen(self) -> None:
        self.settings.fullscreen = not self.fullscreen
        self.apply_settings()

    def _resize(self, width: int, height: int) -> None:
        """The window was resized (by the player or the window manager).  SDL tells each step of a
        drag of the window's edge twice (WINDOWSIZECHANGED, then VIDEORESIZE, seen under Xvfb):
        the second, of the size the screen was just laid out for, lays out nothing again.  It
        did, and the main menu, whose form is built several times to find its buttons' size,
        took twice its 100 ms or so a step at 2560x1440.  A size that would end past the edge of
        the window's display is made smaller (``size_within_display``), as one under ``min_size``
        larger: laid out taller than the screen, the game panel's buttons were below its edge."""
        if self.fullscreen:
            self._fit(*self.screen.get_size())  # the screen's size is the one to fill
            return
        place = sdl.window_position()
        width, height = size_within_display((width, height), sdl.window_display(), place)
        width, height = max(self.min_size[0], width), max(self.min_size[1], height)
        if (width, height) == self.size == self.screen.get_size():
            return
        if (width, height) != self.screen.get_size():
            self.screen = self._window((width, height))
            if place is not None:  # a window manager took the old place for the frame's: it moved down a title bar
                sdl.move_window(*place)
        self._fit(width, height)
        self._resized_at = time.monotonic()

    def _give_back_after_resizing(self, now: float) -> None:
        """Once the window's edge has been still for ``RESIZE_SETTLED``, give back the memory of the
        screens built at each size it passed through (ui.memory)."""
        if self._resized_at is not None and now - self._resized_at >= RESIZE_SETTLED:
            self._resized_at = None
            memory.give_back()

    def _give_back_what_was_left(self) -> None:
        """Collect what the screens left since the last frame left behind (``ui.memory.give_back``),
        once the frame showing the new one is drawn.  Collected in ``switch``, the screen left was
        still on the stack (the handler of its button that changed the screen, ``switch``'s own
        reference) and was freed only at the next change of screen."""
        if self._screen_left:
            self._screen_left = False
            memory.give_back()

    def _window(self, size: tuple[int, int]) -> pygame.Surface:
        """A resizable window of ``size``, which the window manager keeps at least ``min_size``
        (so it is never dragged smaller and snapped back)."""
        screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        sdl.set_minimum_window_size(*self.min_size)
        return screen

    @property
    def maximized(self) -> bool:
        """Whether the window is maximised: SDL's flag, or the window's last event where the flag
        lags behind (or a driver keeps none)."""
        return self._maximized_said or sdl.window_maximized()

    def _fit(self, width: int, height: int) -> None:
        self.size = (width, height)
        if self.remember_size and not self.fullscreen and not self.maximized:
            self._keep_window_size(self.size)
        if self.scene is not None:
            self.guard(self.scene.refit, self.size)  # the keyboard's place in a form kept

    def _keep_window_size(self, size: tuple[int, int]) -> None:
        """Remember ``size`` as the size to come back to (never the screen's, never larger than the
        desktop holds), and the one it replaces, which a maximise's event may bring back.  (One
        resize comes as two events, WINDOWSIZECHANGED then VIDEORESIZE: ``_resize`` takes the
        second as no resize at all, so a size is not kept twice over the one before it.)"""
        self._size_kept_before, self._size_kept_from = self.settings.window_size, size
        self.settings.window_size = size_on_desktop(size, self.min_size)

    def _maximized_changed(self, maximized: bool) -> None:
        """The window was maximised, or restored.  A maximise whose resize came first (the window
        manager's new size before its new state) had that size remembered as the window's own:
        the one before it is put back, so the window closed maximised comes back to its own size."""
        self._maximized_said = maximized
        if maximized and self.remember_size and self._size_kept_from == self.size:
            self.settings.window_size, self._size_kept_from = self._size_kept_before, None

    def _redraw_interval(self) -> float | None:
        """Seconds between frames while something moves on screen (0: every frame); None when still."""
        wanted = [self.messages.redraw_interval()]
        if self.scene is not None:
            try:
                wanted.append(self.scene.redraw_interval())
            except Exception as exc:  # noqa: BLE001 - a scene bug must not stop the loop
                self.report(exc)
                wanted.append(0.0)
            scene_messages = getattr(self.scene, "messages", None)
            if isinstance(scene_messages, Messages):
                wanted.append(scene_messages.redraw_interval())
        known = [w for w in wanted if w is not None]
        return max(min(known), 1.0 / self.fps if self.fps else 0.0) if known else None

    def _idle_wake(self, interval: float | None) -> float:
        """How long the window may sleep with no input: ``IDLE_WAKE`` at most, until the next frame
        of what moves (``interval``, from the last drawing), and until the scene's own next moment
        (``Scene.wake_in``: the computer's reply held until its time, which showed up to
        ``IDLE_WAKE`` late)."""
        wake = IDLE_WAKE if interval is None else min(IDLE_WAKE, interval - (time.monotonic() - self._last_draw))
        if self.scene is not None:
            try:
                due = self.scene.wake_in()
            except Exception as exc:  # noqa: BLE001 - a scene bug must not stop the loop
                self.report(exc)
                due = None
            if due is not None:
                wake = min(wake, max(0.0, due))
        return wake

    def _events(self) -> list[pygame.event.Event]:
        """The pending events (``_pending_events``), and when they were taken: a double-click's two
        presses are timed by it, not by when each is handled, since handling the first can take
        longer than a double-click (a new screen built on a loaded machine)."""
        events = self._pending_events()
        self._events_at = time.monotonic()
        reset = _released_as_focus_lost(events)
        for index, event in enumerate(events):
            self._mark_repeat(event, index in reset)
        return events

    def _mark_repeat(self, event: pygame.event.Event, reset: bool = False) -> None:
        """Say on each KEYDOWN whether it is a held key's repeat (``event.repeat``): pygame repeats
        a held key as KEYDOWN events with no KEYUP between and says none is a repeat.  Its timer
        runs beside the window, so a key pressed once while a frame took long (a first analysis
        starting its process on a loaded machine: half a second) came with three repeats, and A
        switched analysis on, off, on and off again: the key seemed to do nothing.

        The key that switched full screen stays held through the focus lost as the window is made
        again (``reset``: SDL's KEYUP of every held key as the focus goes, the key still down), until
        the focus comes back with the key up: under Xvfb with no window manager, F11 held switched
        full screen on, off and on again.  A tap's release can come with that loss too: the
        keyboard's state on the focus's return tells it, so the next tap switches back."""
        if event.type == pygame.KEYUP:
            if not (reset and event.key == self._switched_by):
                self._keys_down.discard(event.key)
                if event.key == self._switched_by:
                    self._switched_by = None
        elif event.type == pygame.WINDOWFOCUSLOST:
            self._keys_down &= {self._switched_by}  # its other keys are let go in another window
        elif event.type == pygame.WINDOWFOCUSGAINED and self._switched_by is not None:
            if not keys_held((self._switched_by,)):  # let go while away (SDL has the keyboard's state again)
                self._keys_down.discard(self._switched_by)
                self._switched_by = None
        elif event.type == pygame.KEYDOWN:
            event.repeat = event.key in self._keys_down
            self._keys_down.add(event.key)

    def _pending_events(self) -> list[pygame.event.Event]:
        """The pending events; with a frame rate and none pending, first sleep until one arrives or
        the next wake-up (``wait_for_events``).  The first sleep starts ``warm_start``: the screen
        is drawn, and what the first game will import is imported while the user reads it; each
        sleep lets the screen start what it may be asked for (``Scene.waiting``).

        Never ``pygame.event.peek()`` without an event type: in pygame 2.6.1 it takes the
        attributes of a posted event (pygame-menu, left at its default, posted a KEYUP when a key
        was let go before it looked) without a reference of its own, so the event later read had
        a freed dict, and the window died of memory corruption or a segmentation fault
        (tests/test_ui_idle.py)."""
        events = pygame.event.get()
        if events or not self.fps or self.dirty or self._areas_due or self.always_draw:
            return events
        interval = self._redraw_interval()
        if interval is None and self._moving:
            return events  # it has just stopped: its still picture is due now
        wake = self._idle_wake(interval)
        self.warm_start.start()  # the screen is drawn and waits for input: the first game's imports now
        if self.scene is not None:
            self.guard(self.scene.waiting)  # before the spare is told: a game's worker takes the spare
        if self.spare_worker:
            self._tell_spare_worker()
        if self._imports_to_set_aside():
            self._set_imports_aside()
            return events  # the menu built again is drawn now
        if self._imports_to_set_aside_with_the_screen():
            self._set_imports_aside_with_the_screen()
        return wait_for_events(wake)

    def _imports_to_set_aside(self) -> bool:
        """Warm start has imported every engine, not yet set aside, and the window waits on the main
        menu, which can be built again as it is: no key or button held, no visit under way, no
        screen following the switches, the keyboard on the buttons, the Continue list read."""
        if not (self.sets_imports_aside and self.warm_start.done and self._visited is None
                and not self.switch_watchers and not held_keys() and not any(pygame.mouse.get_pressed())):
            return False
        from ui.scenes.menu import MenuScene

        menu = self.scene
        return (isinstance(menu, MenuScene) and menu.place == "menu" and not menu.reading.loading
                and not menu.continue_asked)

    def _set_imports_aside(self) -> None:
        """Set warm start's imports aside from every later collection (``ui.memory``), once: the
        main menu is closed (its keyboard's place kept), the garbage collected, what lives frozen,
        and the menu built again as it was.  Frozen with the menu alive, the menu left later was
        never freed (its forms are reference cycles); a change of screen's collection then goes
        through what was made since, not through numba's and llvmlite's modules.  Set aside before
        with another screen alive (``_set_imports_aside_with_the_screen``), everything is taken
        back first, so that screen, left since, is freed now."""
        from ui.scenes.menu import MenuScene

        self.sets_imports_aside = False
        self.guard(self.scene.close)
        self.scene = None
        if self._screen_set_aside:
            memory.set_aside_again()
        else:
            memory.leave_out_what_lives_now()
        self.scene = MenuScene(self)
        self.guard(self.scene.resize, self.size)
        self.dirty = True

    def _imports_to_set_aside_with_the_screen(self) -> bool:
        """Warm start has imported every engine, not yet set aside, while a screen other than the
        main menu is shown (the menu was left before warm start ended): the window may never come
        back to the menu, and every change of screen until then went through the imports again."""
        if not (self.sets_imports_aside and self.warm_start.done) or self._screen_set_aside:
            return False
        from ui.scenes.menu import MenuScene

        return self._visited is not None or not isinstance(self.scene, MenuScene)

    def _set_imports_aside_with_the_screen(self) -> None:
        """Set warm start's imports aside now, with the screen shown (drawn already: the window is
        about to sleep), once.  That screen's reference cycles are set aside too and, once it is
        left, not freed until the idle main menu sets everything aside again
        (``_set_imports_aside``, still due): one screen held, where every change of screen
        before that went through numba's and llvmlite's modules."""
        self._screen_set_aside = True
        memory.leave_out_what_lives_now()

    def _tell_spare_worker(self) -> None:
        """Start the spare AI worker expecting the game New game shows first, none while a worker
        runs (a game's search keeps its cores); or, New game's choice changed since (a card clicked,
        Page Down, Hex's size), tell the spare waiting, which then loads that game's kernels
        (``SpareWorker.expect``: a message queued, nothing loaded in the window); a replacement
        spare that has imported its engine takes the old one's place (``SpareWorker.settle``)."""
        choice = self._expected_choice()
        SpareWorker.settle()
        if SpareWorker.wanted():
            SpareWorker.start(self.expected_rules())
        elif choice != self._spare_told:
            SpareWorker.expect(self.expected_rules())
        self._spare_told = choice

    def _carried_over(self, event: pygame.event.Event) -> bool:
        """A key held down while the screen changed repeats on the new screen (pygame's key repeat,
        after ``REPEAT_DELAY``): Return held a little long on the menu's Play started a game on New
        game, Esc held walked back through two screens.  Such a key acts on the new screen once it
        has been let go and pressed again.  True: the event was taken."""
        if event.type == pygame.KEYUP:
            self._carried.discard(event.key)
            return False
        return event.type == pygame.KEYDOWN and event.key in self._carried

    def _text_of_the_switch(self, event: pygame.event.Event) -> bool:
        """The character of a key press that changed the screen, which SDL sends after the press
        as a TEXTINPUT event of its own, is not the new screen's: N on a game's screen opened New
        game with an "n" typed into its Outside player field.  True: the event was taken.  Any
        other key press first, and the text that follows is the new screen's."""
        if event.type == pygame.KEYDOWN:
            self._switch_text = ""
        if event.type != pygame.TEXTINPUT or not self._switch_text:
            return False
        taken, self._switch_text = event.text == self._switch_text, ""
        return taken

    def _second_click(self, event: pygame.event.Event) -> bool:
        """The second press of a double-click whose first one changed the screen, and its release,
        are not the new screen's: a double-click on the main menu's Hex opened New game and then
        chose the game under the pointer there (Trax), one on Start game could play a move.  A
        press later or elsewhere is the new screen's as ever.  True: the event was taken."""
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._dropping_release:
            self._dropping_release = False
            return True
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
            return False
        now, first = self._events_at, self._press_before_switch
        self._last_press, self._press_before_switch = (now, event.pos), None
        if first is None or now - first[0] > DOUBLE_CLICK:
            return False
        dx, dy = event.pos[0] - first[1][0], event.pos[1] - first[1][1]
        self._dropping_release = max(abs(dx), abs(dy)) <= DOUBLE_CLICK_REACH
        return self._dropping_release

    def _copies_a_message(self, event: pygame.event.Event) -> bool:
        """A click on a message cut short (it says so: ``Messages.cut_at``) puts its whole text on
        the clipboard and says so; the press and its release are taken from the screen.  A bot's
        error ended in its log's path, which an ellipsis hid.  True: the event was taken."""
        if event.type == pygame.MOUSEBUTTONUP and self._copying:
            self._copying = False
            return True
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
            return False
        for messages in self._all_messages():
            message = messages.cut_at(event.pos)
            if message is not None:
                self._copying = True
                if clipboard.put_text(message.text):
                    messages.add(_("Copied: paste it anywhere to read the whole message"), duration=6.0)
                else:
                    log.warning("%s", message.text)
                    messages.add(_("No clipboard here: the whole message is written to the program's output"),
                                 "warn", duration=8.0)
                return True
        return False

    def _pointer_key(self) -> Hashable | None:
        """The screen's ``Scene.pointer_key``; None (not known) without a screen, or when it fails."""
        if self.scene is None:
            return None
        try:
            return self.scene.pointer_key()
        except Exception as exc:  # noqa: BLE001 - a scene bug must not stop the loop
            self.report(exc)
            return None

    def _ticking_areas(self) -> list[pygame.Rect] | None:
        """The parts of the window a frame due to time alone draws: the pills of the messages
        fading (``Messages.fading_area``) and, while the screen moves too, what it says time
        changes on it (``Scene.ticking_area``: a running clock, the thinking card, the move
        field's caret); None, the whole, where either does not say."""
        if self.scene is None:
            return None
        fading = [each.fading_area() for each in self._all_messages()]
        if any(area is None for area in fading):
            return None
        areas = [area for area in fading if area.width and area.height]
        try:
            if not areas or self.scene.redraw_interval() is not None:
                areas.append(self.scene.ticking_area())
        except Exception as exc:  # noqa: BLE001 - a scene bug must not stop the loop
            self.report(exc)
            return None
        return None if any(area is None for area in areas) else areas

    def _time_drawn_areas(self) -> list[pygame.Rect] | None:
        """What a frame due to time alone draws (``_ticking_areas``), but the whole window after a
        frame that drew the whole while it moved (``_moved_over_the_whole``): what moved there (a
        move's animation) has stopped while something else still ticks (the computer's spinner),
        and its still picture is due.  Drawn in part, the board kept the animation's last frame
        drawn until the computer moved: a Reversi disc half turned over, on a loaded machine for
        seconds."""
        return None if self._time_drew_whole else self._ticking_areas()

    def _moved_over_the_whole(self, interval: float | None) -> bool:
        """Whether a whole frame drawn now shows something that moves over the whole window (an
        animation): the screen moves (``interval``) and time alone would draw the whole."""
        return interval is not None and self._ticking_areas() is None

    def _draw_still(self) -> None:
        """What moved on screen has stopped (``Scene.redraw_interval`` None again): drawn once more,
        still, where time alone drew it (``_ticked``: a replay's board once its move's animation
        ends), or the whole window where it drew that."""
        for area in self._ticked or [None]:
            self.invalidate(area)
        self._ticked = None

    def _all_messages(self) -> list[Messages]:
        """The window's messages and the screen's own (a game's, under its board)."""
        scene_messages = getattr(self.scene, "messages", None)
        return [self.messages, *([scene_messages] if isinstance(scene_messages, Messages) else [])]

    def _pointer_redraw(self, still: bool) -> tuple[bool, list[pygame.Rect] | None]:
        """Whether the pointer's motions in this frame changed what it lights (a board's cell, a
        button) since the frame last drawn, and the parts of the window that show it (None: the
        whole).  A motion within one cell of a board, which drew the whole window, draws nothing;
        one to another cell draws the board's side, not the panel beside it
        (``Scene.pointed_areas``); while something moves on screen (not ``still``: an animation,
        a spinner, a fading message), with what time changes (``_ticking_areas``: a replay's
        board while its move animates, dragged along its slider, drew the whole window at each
        motion).  Always the whole window where the screen does not say."""
        key, drawn = self._pointer_key(), self._pointer_drawn
        if key is None or drawn is None:
            return True, None
        if key == drawn:
            return False, None
        moving = [] if still else self._ticking_areas()
        if moving is None:
            return True, None
        try:
            pointed = self.scene.pointed_areas(drawn, key)
        except Exception as exc:  # noqa: BLE001 - a scene bug must not stop the loop
            self.report(exc)
            return True, None
        return True, None if pointed is None else [*pointed, *moving]

    def _draw(self, areas: list[pygame.Rect] | None) -> None:
        """Draw the screen and the window's messages, and show them: all of the window, or only
        ``areas`` (the rest kept as last shown: drawing is clipped to each in turn, and screens
        leave out what lies outside it, ``GameScene.draw``)."""
        for area in [None] if areas is None else areas:
            self.screen.set_clip(area)
            try:
                self.screen.fill(self.theme.background)
                if self.scene is not None:
                    self.guard(self.scene.draw, self.screen)
                self.guard(self._draw_messages)
            finally:
                self.screen.set_clip(None)
        if areas is None:
            pygame.display.flip()
        else:
            pygame.display.update(areas)
        self.draws += 1

    def _messages_changed(self) -> bool:
        """True when the set of live messages changed (one added or expired) since the last look."""
        scene_messages = getattr(self.scene, "messages", None)
        key = (self.messages.key(), scene_messages.key() if isinstance(scene_messages, Messages) else ())
        changed, self._message_key = key != self._message_key, key
        return changed

    def _give_scene(self, event: pygame.event.Event) -> None:
        """``event`` to the current screen; a button's press after a move of the pointer there
        (``pointer_there_first``: a click with no motion before it works on every screen).  A key
        or click that leaves the screen on takes away the notes said until then for the first
        input (``Messages.input_came``); one that opens another screen keeps them (where the game
        left went, said as the next one starts)."""
        scene, given_at = self.scene, time.monotonic()
        self._clicking = event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.by_touch = getattr(event, "touch", False)
        try:
            for given in pointer_there_first(event):
                self.guard(scene.handle_event, given)
        finally:
            self._clicking = False
        if self.scene is scene and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONUP):
            self.messages.input_came(given_at)  # a click once released (the form took it whole), on the screen it stays on
        if event.type == pygame.KEYDOWN and self.scene is not scene:
            self._switch_text = getattr(event, "unicode", "") or ""
        if event.type in AREA_EVENTS:
            self._drawn_where_said(scene, event)

    def _drawn_where_said(self, scene: Scene, event: pygame.event.Event) -> None:
        """The key, text, wheel or click ``event`` just given to ``scene`` is drawn where the screen
        says it changed (``Scene.input_area``: the move field's box as a letter goes in it, New
        game's or Settings' form as a selector steps, the move list as the wheel scrolls it), not
        in a whole frame; an empty rectangle: nowhere."""
        try:
            area = scene.input_area(event)
        except Exception as exc:  # noqa: BLE001 - a scene bug must not stop the loop
            self.report(exc)
            area = None
        if area is None:
            self.dirty = True
        for rect in [area] if isinstance(area, pygame.Rect) else area or []:
            self.invalidate(rect)

    def frame(self) -> None:
        """One turn of the loop: events, update, and a draw only if something changed."""
        events = self._events()
        held = self._close_held(events)
        for event in events:
            if self._close_asked is not None and self._answers_close(event):
                if not self.running:
                    return
                continue
            if _is_close(event):
                if held:
                    continue
                self.quit()
                return
            Carets.follow_the_window(event)  # away, no caret blinks: the keys go to another window
            if event.type == pygame.MOUSEMOTION:
                self._pointer_moved = True  # drawn if what the pointer lights changed (``_pointer_redraw``)
            elif event.type not in AREA_EVENTS:  # a key or a click too, unless the screen says where (``_drawn_where_said``)
                self.dirty = True  # input may change anything on screen (a resize, the window shown again)
            if event.type == pygame.VIDEORESIZE:
                self._resize(*event.size)
            elif event.type == pygame.WINDOWSIZECHANGED:
                self._resize(event.x, event.y)
            elif event.type in (pygame.WINDOWMAXIMIZED, pygame.WINDOWRESTORED):
                self._maximized_changed(event.type == pygame.WINDOWMAXIMIZED)
            elif event.type == pygame.KEYDOWN and _is_fullscreen_key(event):
                self.dirty = True
                if not getattr(event, "repeat", False):  # one press, one switch: the window made again takes long enough to repeat
                    self._switched_by = event.key
                    self.guard(self.toggle_fullscreen)
                continue
            elif event.type == pygame.KEYDOWN and _text_size_step(event) is not None:
                self.dirty = True
                self.guard(self.step_text_size, _text_size_step(event))
                continue
            elif event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
                self.dirty = True
                if self.scene is not None and not self._carried_over(event):  # help on every screen (``Scene.show_help``)
                    self.guard(self.scene.show_help)
                continue
            elif event.type == pygame.DROPFILE:  # a record file dropped on the window: replay it
                from ui.scenes.replay import open_file

                taker = getattr(self.scene, "take_dropped_file", None)  # unless the screen takes it
                if not (callable(taker) and taker(event.file)):
                    self.guard(open_file, self, event.file)
                continue
            if (self._second_click(event) or self._copies_a_message(event) or self._carried_over(event)
                    or self._text_of_the_switch(event)):
                self.dirty = True
                continue
            if self.scene is not None:
                self._give_scene(event)
            if not self.running:
                return
        self._say_settings_saved()
        self._say_results_unread()
        now = time.monotonic()
        dt, self._last_frame = now - self._last_frame, now
        self._give_back_after_resizing(now)
        if self.scene is not None:
            self.guard(self.scene.update, dt)
        self.frames += 1
        interval = self._redraw_interval()
        due = interval is not None and now - self._last_draw >= interval
        stopped, self._moving = self._moving and interval is None, interval is not None
        if self._messages_changed() or self.always_draw:
            self.dirty = True
        if stopped and not self.dirty:
            self._draw_still()
        if due and not self.dirty:
            self._ticked = self._time_drawn_areas()
            for area in self._ticked or [None]:
                self.invalidate(area)
        moved, self._pointer_moved = self._pointer_moved, False
        if moved and not self.dirty:
            redraw, pointed = self._pointer_redraw(still=interval is None)
            for area in ([None] if pointed is None else pointed) if redraw else []:  # []: nothing
                self.invalidate(area)
        if not self.dirty and not self._areas_due:
            return
        areas = None if self.dirty else self._areas_due  # the parts of the window drawn again: None, the whole
        self.dirty, self._areas_due = False, []
        self._last_draw = now
        if areas is None or moved:  # a frame of the clock alone leaves the board's hover as it was drawn
            self._pointer_drawn = self._pointer_key()
        if areas is None:
            self._ticked = None  # what moves next is drawn from the whole
        self._draw(areas)
        self._time_drew_whole = areas is None and self._moved_over_the_whole(interval)  # as drawn
        self._give_back_what_was_left()
        if self.fps:
            self.clock.tick(self.fps)

    def _messages_centre(self) -> int:
        centre = self.scene.messages_centre() if self.scene is not None else None
        return self.size[0] // 2 if centre is None else centre

    def messages_width(self) -> int:
        """How wide the window's messages may be drawn: as wide as fits around their centre.  A
        screen that keeps room for them asks it, to know how many lines a long one takes."""
        centre = self._messages_centre()
        return 2 * min(centre, self.size[0] - centre) - int(80 * self.scale)

    def messages_bottom(self) -> int:
        """Where the window's messages stand (their bottom edge): on the screen's bottom buttons
        (``Scene.messages_above``), else near the window's bottom edge."""
        above = self.scene.messages_above() if self.scene is not None else None
        return self.size[1] - int(20 * self.scale) if above is None else above - int(8 * self.scale)

    def messages_room(self) -> int | None:
        """How high the window's messages may stack above ``messages_bottom``: up to the lane's
        top the screen keeps for them (``Scene.messages_ceiling``), never over what it shows
        above; None where the screen sets no such top."""
        ceiling = self.scene.messages_ceiling() if self.scene is not None else None
        return None if ceiling is None else max(0, self.messages_bottom() - ceiling)

    def _draw_messages(self) -> None:
        ground = self.scene.messages_ground() if self.scene is not None else None
        self.messages.draw(self.screen, self.theme, (self._messages_centre(), self.messages_bottom()), self.scale,
                           self.messages_width(), ground, self.messages_room())

    def run_frames(self, n: int, until: Callable[[], bool] | None = None, timeout: float | None = None) -> bool:
        """Run up to ``n`` frames, stopping early when ``until()`` is true; returns ``until()``.

        With ``timeout``, keep going past ``n`` frames until that many seconds have passed: for
        waits on another thread or process, whose speed does not depend on the frame count; between
        two frames it then waits for that thread or process (``between_frames``).  Without, the
        frames follow one another with no pause."""
        deadline = time.monotonic() + timeout if timeout is not None else None
        count = 0
        while count < n or (deadline is not None and time.monotonic() < deadline):
            if until is not None and until():
                return True
            if not self.running:
                break
            draws = self.draws
            self.frame()
            count += 1
            if deadline is not None:
                between_frames(min(REPORT_WAIT, max(0.0, deadline - time.monotonic())), drew=self.draws != draws)
        return bool(until and until())

    def _close_held(self, events: list[pygame.event.Event]) -> bool:
        """Whether the person's own close among ``events`` (the close button, Ctrl+Q, Alt+F4) waits
        for a second one, the screen saying first what closing would lose (``Scene.holds_close``:
        a game whose last moves could not be saved, on a full disk, closed at once and lost them
        unsaid, where leaving it for the menu warned; a running tournament, shown or waiting under
        a replay or help opened from it, stopped unasked).  A second close within ``CLOSE_AGAIN``
        seconds, or Enter (``_answers_close``), confirms; later, the screens are asked again.  The
        system's quit (QUIT alone: SIGTERM, SIGINT, SIGHUP, a session ending) is never held."""
        asked = any(_is_close(event) and event.type != pygame.QUIT for event in events)
        if not asked or self.scene is None:
            return False
        now = time.monotonic()
        if self._close_asked is not None:
            scene, at = self._close_asked
            self._close_asked = None
            if now - at <= CLOSE_AGAIN:
                return False  # the second close: yes
            self.guard(scene.close_kept)
        for scene, behind in [(self.scene, False), *((s, True) for s in reversed(self.behind) if s is not self.scene)]:
            try:
                held = scene.holds_close(behind)
            except Exception as exc:  # noqa: BLE001 - a scene bug must not keep the window open
                self.report(exc)
                return False
            if held:
                self._close_asked = (scene, now)
                return True
        return False

    def _answers_close(self, event: pygame.event.Event) -> bool:
        """Whether ``event`` answered the question a held close asked (``_close_held``), and was
        used up: Enter closes the window; Esc keeps it open and does nothing more; any other key or
        click keeps it open and then does its own work (False).  A modifier alone (the Ctrl of a
        Ctrl+Q to come) and the pointer's moves answer nothing."""
        if event.type not in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN) or _is_close(event):
            return False
        if event.type == pygame.KEYDOWN and event.key in MODIFIER_KEYS:
            return False
        scene, at = self._close_asked or (None, 0.0)
        self._close_asked = None
        self.dirty = True
        late = time.monotonic() - at > CLOSE_AGAIN  # the question is gone: the key is the screen's
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and not late:
            self.quit()
            return True
        if scene is not None:
            self.guard(scene.close_kept)
        return not late and event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE

    def quit(self) -> None:
        """Close the current scene and end the loop; the AI workers closed, now or before, have
        ended when it returns (a scene's close lets its worker end in the background), and so have
        any no screen had to close (``end_unclosed_workers``: Ctrl+C came as one was made).  They
        are given ``CLOSED_WORKERS_WAIT`` seconds to end in their graces; those still running
        then are terminated and killed at once (``hurry_closed_workers``), with their outside
        bots: given up on, a worker was left running past the window's end."""
        from ui.worker_lifecycle import end_unclosed_workers, hurry_closed_workers, wait_for_closed_workers

        self.running = False
        self.warm_start.stop()
        SpareWorker.end()
        if self.scene is not None:
            self.guard(self.scene.close)
        for watcher in list(self.switch_watchers):
            self.guard(watcher, self.scene, None)
        self.scene = None
        tx.follow_text_size(None)  # the next window's (a test's) small print is its own
        end_unclosed_workers()
        if not wait_for_closed_workers(CLOSED_WORKERS_WAIT) and not hurry_closed_workers():
            log.warning("AI worker processes still running after the window's end")
        if self.remember_size:
            # from full screen, the window it came from
            self.settings.maximized = self._window_maximized if self.fullscreen else self.maximized
            settings_mod.save_later(self.settings)
        if not WRITER.wait(WRITE_WAIT):  # the last settings, counts and positions on disk before the window goes
            log.warning("files are still being written after %.0f s", WRITE_WAIT)

    def run(self, seconds: float | None = None) -> int:
        """The loop; ``seconds`` (or ``TABULEIRO_EXIT_AFTER``) closes the window after that long."""
        if seconds is None and os.environ.get("TABULEIRO_EXIT_AFTER"):
            seconds = float(os.environ["TABULEIRO_EXIT_AFTER"])
        end = time.monotonic() + seconds if seconds else None
        frames = _quit_after_frames()
        with _closed_on_hangup():
            while self.running:
                self.frame()
                timed_out = end is not None and time.monotonic() >= end
                if (timed_out or (frames is not None and self.frames >= frames)) and self.running:
                    self.quit()
        return 0


def _full_screen_on(display: int) -> pygame.Surface:
    """Full screen on ``display`` (a laptop's projector, say: the one the window is on), at its
    size.  The window is first put at the display's corner: an X server without a window manager
    leaves a full-screen window where the window was, so its bottom and right edges were off the
    screen (SDL itself then believes it is at the corner, and moving it there has no effect)."""
    bounds = sdl.display_bounds(display)
    if bounds is not None:
        sdl.move_window(bounds[0], bounds[1])
    return pygame.display.set_mode((0, 0), pygame.FULLSCREEN, display=display)


def open_as_dropped(path: str) -> None:
    """``path`` opened by the window's first frames as if dropped on it (``pygame.DROPFILE``): the
    same replay, set-up position or tournament, or the same message on why it cannot be opened."""
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(path)))


@contextlib.contextmanager
def _closed_on_hangup() -> Iterator[None]:
    """While the loop runs, SIGHUP (the terminal the window was started from closed, a session
    ending) closes the window as its close button does: the game and its clocks kept, the
    window's size saved.  SDL turns SIGTERM and SIGINT into that close itself, but not SIGHUP,
    which by default ended the process where it stood.  A hangup ignored (``nohup``) stays
    ignored; the handler before is put back after the loop."""
    if not hasattr(signal, "SIGHUP") or threading.current_thread() is not threading.main_thread():
        yield
        return
    before = signal.getsignal(signal.SIGHUP)
    if before is signal.SIG_IGN:
        yield
        return
    signal.signal(signal.SIGHUP, lambda _signum, _frame: pygame.event.post(pygame.event.Event(pygame.QUIT)))
    try:
        yield
    finally:
        signal.signal(signal.SIGHUP, before)


def run(log_level: str | None = None, path: str | None = None) -> int:
    """Open the window and run until it is closed; the exit status (1 at once, said, with no
    desktop to show it on: ``no_desktop_problem``).  Ctrl+C goes on up, to
    main.py's "stopped" (status 130), once what was started is ended: met while the preparation
    started or the window was made, it left them to Python's exit.  ``log_level`` (``--log``,
    else ``$TABULEIRO_LOG``) also writes the log to a file (``ui.debug_log``); ``path`` (``main.py
    FILE``) is opened as a file dropped on the window is (``open_as_dropped``)."""
    from ui.debug_log import start_logging
    from ui.kernel_preparation import KernelPreparation

    start_logging(log_level)
    _init_pygame()
    problem = no_desktop_problem()
    if problem:
        print(f"error: {problem}", file=sys.stderr)
        pygame.quit()
        return 1
    preparation: KernelPreparation | None = None
    app: App | None = None
    try:
        preparation = KernelPreparation()
        app = App()
        app.spare_worker = app.sets_imports_aside = True
        if path is not None:
            open_as_dropped(path)
        return app.run()
    finally:
        if app is not None and app.running:
            app.quit()
        if preparation is not None:
            preparation.stop()
        pygame.quit()


if __name__ == "__main__":
    raise SystemExit(run())
