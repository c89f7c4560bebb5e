"""The first game of a run opens at once: the window imports what a game needs while the menu waits.

Each test runs a window of its own in a new process (the modules must not be imported yet, as in
a window just opened), headless, at its real frame rate (it sleeps when idle, which is when the
imports begin), and prints what it saw for the test to check.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from ui.warm_start import game_modules

ROOT = Path(__file__).resolve().parent.parent

OPEN_THE_MENU = """
import sys, threading
import games
from ui.app import App

GAME_MODULES = ["ui.scenes.game", *(f"ai.engines.{info.id}" for info in games.catalog())]
app = App(size=(1280, 800), fps=60, remember_size=False)  # the main menu, as the window opens
print("imported before:", [name for name in GAME_MODULES if name in sys.modules], flush=True)
"""

IDLE_MENU = OPEN_THE_MENU + """
app.run_frames(1, until=lambda: all(name in sys.modules for name in GAME_MODULES), timeout=60)
print("not imported after:", [name for name in GAME_MODULES if name not in sys.modules])
print("screen:", type(app.scene).__name__, "errors:", app.errors, "messages:", app.messages.current())
app.quit()
"""

BROKEN_ENGINE = """
import importlib.abc, sys, threading

tried = []  # the threads that tried to import the Reversi engine


class DamagedReversiEngine(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name == "ai.engines.reversi":
            tried.append(threading.current_thread().name)
            raise ImportError("the Reversi engine is damaged")
        return None


sys.meta_path.insert(0, DamagedReversiEngine())
""" + OPEN_THE_MENU + """
from tests.ui_helpers import click, click_widget

app.run_frames(1, until=lambda: tried, timeout=60)
app.run_frames(1, until=lambda: "ui.scenes.game" in sys.modules, timeout=60)  # the last step
print("tried while in the menu:", tried)
print("menu:", type(app.scene).__name__, "errors:", len(app.errors), "messages:", app.messages.current(),
      "the steps after it:", "ui.scenes.game" in sys.modules)
click_widget(app, app.scene.menu, "play")  # New game
setup = app.scene
click(app, setup.cards.rects[[info.id for info in setup.cards.infos].index("reversi")].center)
print("Reversi picked:", type(app.scene).__name__, "messages:", [m.text for m in app.messages.current()])
app.quit()
"""

QUIT_DURING_THE_IMPORTS = """
import importlib.abc, importlib.util, sys, threading, time
import pygame

importing = threading.Event()


class HangingLoader(importlib.abc.Loader):
    def create_module(self, spec):
        return None

    def exec_module(self, module):
        importing.set()
        time.sleep(3600)  # a disk that hangs


class HangingHexEngine(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name == "ai.engines.hex" and threading.current_thread() is not threading.main_thread():
            return importlib.util.spec_from_loader(name, HangingLoader())
        return None


sys.meta_path.insert(0, HangingHexEngine())
""" + OPEN_THE_MENU + """
app.run_frames(1, until=importing.is_set, timeout=60)
print("importing:", importing.is_set(), flush=True)
pygame.event.post(pygame.event.Event(pygame.QUIT))
sys.exit(app.run())
"""


SET_ASIDE = OPEN_THE_MENU + """
import gc, weakref
import pygame
from tests.ui_helpers import click, key

app.sets_imports_aside = True  # as ``ui.app.run``'s window does
first_menu = weakref.ref(app.scene)
app.run_frames(1, until=lambda: not app.sets_imports_aside, timeout=120)
engines = [sys.modules[name] for name in GAME_MODULES if name.startswith("ai.engines.")]
tracked = {id(o) for o in gc.get_objects()}
print("menu built again:", type(app.scene).__name__, app.scene is not first_menu(), "first freed:", first_menu() is None)
print("engines tracked:", [e.__name__ for e in engines if id(e) in tracked or id(e.__dict__) in tracked],
      "numba tracked:", id(sys.modules["numba"].__dict__) in tracked)
menu = weakref.ref(app.scene)
play = app.scene.menu.get_widget("play").get_rect(to_real_position=True).center  # no form held meanwhile
click(app, play)  # New game
print("screen:", type(app.scene).__name__, "menu left freed:", menu() is None)
setup = weakref.ref(app.scene)
key(app, pygame.K_ESCAPE)  # back to the main menu
print("screen:", type(app.scene).__name__, "New game left freed:", setup() is None, "errors:", app.errors)
app.quit()
"""

MENU_LEFT_AT_ONCE = OPEN_THE_MENU + """
import gc, weakref
import pygame
from tests.ui_helpers import click, key

app.sets_imports_aside = True  # as ``ui.app.run``'s window does
app.run_frames(1)  # the menu drawn, warm start begun
play = app.scene.menu.get_widget("play").get_rect(to_real_position=True).center
click(app, play)  # New game, before warm start ends
print("left before warm start ended:", type(app.scene).__name__, not app.warm_start.done)
setup = weakref.ref(app.scene)
app.run_frames(1, until=lambda: app.warm_start.done, timeout=120)
frozen = gc.get_freeze_count()
app.run_frames(1, until=lambda: gc.get_freeze_count() > frozen, timeout=60)
engines = [sys.modules[name] for name in GAME_MODULES if name.startswith("ai.engines.")]
tracked = {id(o) for o in gc.get_objects()}
print("set aside on:", type(app.scene).__name__, gc.get_freeze_count() > frozen,
      "engines tracked:", [e.__name__ for e in engines if id(e) in tracked or id(e.__dict__) in tracked])
key(app, pygame.K_ESCAPE)  # back to the main menu, which sets everything aside again
app.run_frames(1, until=lambda: not app.sets_imports_aside, timeout=60)
print("screen:", type(app.scene).__name__, "New game left freed:", setup() is None, "errors:", app.errors)
app.quit()
"""


def run_window(script: str, tmp_path: Path, timeout: float = 300) -> list[str]:
    """Run ``script`` in a new process (its own settings and data folders); its printed lines.  A
    process still running after ``timeout`` seconds fails the test (a window that does not close)."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               TABULEIRO_CONFIG_DIR=str(tmp_path / "config"), TABULEIRO_DATA_DIR=str(tmp_path / "data"))
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=timeout)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout.splitlines()


def test_the_games_modules_are_imported_while_the_menu_waits(tmp_path):
    """Left on the main menu, without a game started, the window imports the game screen and every
    game's engine, so the first Start game finds them imported (it froze the window for a few
    tenths of a second, importing them, on the first game of every run)."""
    before, after, screen = run_window(IDLE_MENU, tmp_path)
    assert before == "imported before: []"
    assert after == "not imported after: []"
    assert screen == "screen: MenuScene errors: [] messages: []"


def test_an_engine_that_fails_to_import_stops_neither_the_menu_nor_new_game(tmp_path):
    """A damaged engine fails to import on the menu's thread of imports: nothing is said there (the
    menu shows no message, the steps after it go on), and its game is picked on the New game screen
    as any other, its players listed from ``ai.roster``: the engine is needed, and its failure
    said, only when a computer of that game is made."""
    tried, menu, picked = run_window(BROKEN_ENGINE, tmp_path)[1:]
    assert tried == "tried while in the menu: ['tabuleiro-warm-start']"
    assert menu == "menu: MenuScene errors: 0 messages: [] the steps after it: True"
    assert picked == "Reversi picked: SetupScene messages: []"


def test_quitting_while_the_imports_go_on_quits(tmp_path):
    """The window closed while an import hangs (a disk that does not answer) closes: the imports'
    thread never holds up the exit."""
    lines = run_window(QUIT_DURING_THE_IMPORTS, tmp_path, timeout=120)
    assert lines[1] == "importing: True"


def test_the_game_new_game_shows_first_is_imported_first():
    """New game opens on the game chosen last (the settings keep it): its engine is the first step,
    so a quick click there finds it imported even while the other games' are not yet."""
    assert game_modules("hex")[0] == "ai.engines.hex"
    assert game_modules("reversi")[0] == "ai.engines.reversi"
    assert sorted(game_modules("hex")) == sorted(game_modules(None))


def test_once_imported_the_engines_are_left_out_of_the_collections_and_screens_left_are_freed(tmp_path):
    """Warm start's imports (numba, llvmlite, every engine) made every change of screen's collection
    go through them again: once imported, they are set aside (``gc.freeze``) with no screen alive,
    the idle main menu built again around it, so the collections leave them out and every screen
    left is still freed, the menu that was shown as they were set aside too.  A screen left is freed
    by the collection of the change of screen that leaves it, not the next one (made in ``switch``,
    it found the screen left still on the stack, in its button's handler)."""
    lines = run_window(SET_ASIDE, tmp_path)[1:]
    assert lines == ["menu built again: MenuScene True first freed: True",
                     "engines tracked: [] numba tracked: False",
                     "screen: SetupScene menu left freed: True",
                     "screen: MenuScene New game left freed: True errors: []"]


def test_warm_start_ending_on_another_screen_sets_its_imports_aside_there(tmp_path):
    """The imports were set aside only on the idle main menu: a session that left it before warm
    start ended (New game at once, then a game) never had them set aside, and every change of
    screen went through them again.  Now they are set aside on the screen shown, once it is drawn;
    that screen, set aside with them, is freed when the main menu sets everything aside again."""
    lines = run_window(MENU_LEFT_AT_ONCE, tmp_path)[1:]
    assert lines == ["left before warm start ended: SetupScene True",
                     "set aside on: SetupScene True engines tracked: []",
                     "screen: MenuScene New game left freed: True errors: []"]
