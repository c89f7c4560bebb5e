"""A real window under Xvfb: the app starts, shows the menu and a game in progress (screenshots
taken with ImageMagick's ``import`` must not be blank); the move list reaches the system clipboard
and pasted text comes back; full screen and back; the window's size and place on the screen.
Skipped (with the reason) when Xvfb or ``import`` is missing; CI installs them, and xclip, xprop,
xwininfo and a window manager (openbox) for the parts that look at the window from outside."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

import pygame
import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.skipif(
    not (shutil.which("Xvfb") and shutil.which("import")),
    reason="Xvfb and ImageMagick's import are needed for the real-window test (apt install xvfb imagemagick)",
)


@contextmanager
def xvfb_display(screen: str = "1280x800x24") -> Iterator[str]:
    """An Xvfb server on a display number it picks itself (``-displayfd``): tests running at the
    same time in other processes, or windows of one test, each get their own."""
    read, write = os.pipe()
    proc = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", screen, "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, pass_fds=(write,))
    os.close(write)
    with os.fdopen(read) as answer:
        number = answer.readline().strip()  # written once the server is ready; "" if it exited
    if not number:
        proc.wait(10)
        pytest.fail(f"Xvfb exited with {proc.returncode} before taking a display")
    try:
        yield f":{number}"
    finally:
        proc.terminate()
        proc.wait(5)


@pytest.fixture
def xvfb():
    """The display of an Xvfb server of the test's own (``xvfb_display``)."""
    with xvfb_display() as display:
        yield display


def real_window_env(display: str, config: Path) -> dict[str, str]:
    """The tests' environment with the real X11 driver on ``display`` (not the dummy one)."""
    env = dict(os.environ, DISPLAY=display, TABULEIRO_CONFIG_DIR=str(config), SDL_AUDIODRIVER="dummy")
    env.pop("SDL_VIDEODRIVER", None)
    env.pop("WAYLAND_DISPLAY", None)
    return env


def wait_for_window_manager(display: str, manager: subprocess.Popen, limit: float = 60.0) -> bool:
    """Until the window manager has taken the screen (it names itself on the root window,
    _NET_SUPPORTING_WM_CHECK): whether it did, False once it has ended without.  A window mapped
    while it is still starting may never be shown: SDL then waits for ever in ``set_mode`` (a
    loaded CI machine took more than the second this once slept).  Without xprop, a few seconds."""
    if not shutil.which("xprop"):
        time.sleep(3.0)
        return True
    end = time.monotonic() + limit
    while time.monotonic() < end and manager.poll() is None:
        check = subprocess.run(["xprop", "-root", "_NET_SUPPORTING_WM_CHECK"], env=dict(os.environ, DISPLAY=display),
                               capture_output=True, text=True, timeout=20)
        if "window id" in check.stdout:
            return True
        time.sleep(0.1)
    if manager.poll() is None:
        pytest.fail(f"openbox did not take the screen within {limit:.0f} s")
    return False


WM_STARTS = 3  # openbox started at most this often: on a loaded CI machine it once ended at its start, status 1


@contextmanager
def managed(display: str) -> Iterator[str]:
    """``display`` with openbox managing its windows (frames, title bars, maximising)."""
    if not shutil.which("openbox"):
        pytest.skip("a window manager is needed (apt install openbox)")
    for attempt in range(WM_STARTS):
        with tempfile.TemporaryFile("w+") as said:  # a file, not a pipe: a full pipe would stop it
            manager = subprocess.Popen(["openbox"], env=dict(os.environ, DISPLAY=display),
                                       stdout=subprocess.DEVNULL, stderr=said)
            if wait_for_window_manager(display, manager):
                break
            said.seek(0)
            if attempt == WM_STARTS - 1:
                pytest.fail(f"openbox ended with {manager.returncode} before taking the screen: {said.read().strip()}")
    try:
        yield display
    finally:
        manager.terminate()
        manager.wait(5)


@pytest.fixture
def window_manager(xvfb):
    """The Xvfb display with openbox managing its windows."""
    with managed(xvfb) as display:
        yield display


@pytest.fixture
def small_screen_manager():
    """A 1024x768 Xvfb screen, smaller than the window's default 1280x800, with openbox."""
    with xvfb_display("1024x768x24") as display, managed(display):
        yield display


RUN_LIMIT = 120  # seconds a window script may take; its stack is printed 10 s before


def run_in_window(display: str, script: str, config: Path, *args: str) -> dict:
    """Run ``script`` (Python, from the repository, with ``args``) on the real display; the JSON
    it prints last.  A script still running near the limit prints where it stands and exits, so
    that a hang (a window manager that never answers, a stuck tool) is named in the failure."""
    watchdog = f"import faulthandler; faulthandler.dump_traceback_later({RUN_LIMIT - 10}, exit=True)\n"
    run = subprocess.run([sys.executable, "-c", watchdog + script, *args], cwd=ROOT,
                         env=real_window_env(display, config), capture_output=True, timeout=RUN_LIMIT)
    assert run.returncode == 0, run.stderr.decode(errors="replace")
    return json.loads(run.stdout.decode().strip().splitlines()[-1])


def screenshot(display: str, demo: str, out: Path, folder: Path, after: float) -> None:
    """``out``: the screen of the app shown with ``demo`` on ``display``, its settings and games in
    ``folder``, taken ``after`` seconds (or once the window is drawn, if later)."""
    env = dict(real_window_env(display, folder / "config"), TABULEIRO_DATA_DIR=str(folder / "data"),
               TABULEIRO_DEMO=demo, TABULEIRO_EXIT_AFTER=str(after + 1.5))
    app = subprocess.Popen([sys.executable, "-c", "import ui.app, sys; sys.exit(ui.app.run())"], cwd=ROOT, env=env,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        # ``after`` seconds, then captures until one is not blank: on a loaded or fresh machine the
        # window may open later (its exit timer starts with its loop, so it stays open that long).
        time.sleep(after)
        deadline = time.monotonic() + 60
        while True:
            assert app.poll() is None, app.stdout.read().decode(errors="replace")
            subprocess.run(["import", "-display", display, "-window", "root", str(out)], check=True, timeout=30)
            if looks_drawn(out) or time.monotonic() > deadline:
                break
            time.sleep(0.3)
        # shot: closed as a session's end closes it (SIGHUP, as its close button), not left open
        # to its exit timer (two seconds more, and ``after`` later still when the window was late)
        app.send_signal(signal.SIGHUP)
        assert app.wait(60) == 0, app.stdout.read().decode(errors="replace")
    finally:
        if app.poll() is None:
            app.kill()
            app.wait(5)


def variance(path: Path) -> float:
    image = pygame.image.load(str(path))
    w, h = image.get_size()
    values = [sum(image.get_at((x, y))[:3]) for x in range(0, w, 7) for y in range(0, h, 7)]
    mean = sum(values) / len(values)
    return sum((v - mean) ** 2 for v in values) / len(values)


def looks_drawn(path: Path) -> bool:
    return path.stat().st_size > 5000 and variance(path) > 100


def test_menu_and_game_screenshots(xvfb, tmp_path):
    """The menu and a game, each in a window of its own on a display of its own, at the same time:
    each window stays open the seconds it is given, and one after the other they took 13 s."""
    menu, game = tmp_path / "menu.png", tmp_path / "game.png"
    # a Human vs PC game in progress: the computer has answered, the human's legal moves show
    demo = ("game:reversi:human-pc:f5,d6,c3,d3,c4,f4,f6,f3,e6,e7,f7:1" if (ROOT / "games" / "reversi.py").exists()
            else "game:tictactoe:human-pc:b2:1")
    with xvfb_display() as second, ThreadPoolExecutor(2) as both:
        shots = [both.submit(screenshot, xvfb, "menu", menu, tmp_path / "menu", after=3.0),
                 both.submit(screenshot, second, demo, game, tmp_path / "game", after=4.0)]
        for shot in shots:
            shot.result()
    for shot in (menu, game):
        assert shot.stat().st_size > 5000
        assert variance(shot) > 100, f"{shot.name} looks blank"
    out = os.environ.get("TABULEIRO_SCREENSHOTS")  # keep them (docs/menu.png, docs/game.png)
    if out:
        shutil.copy(menu, Path(out) / "menu.png")
        shutil.copy(game, Path(out) / "game.png")


CLIPBOARD_SCRIPT = """
import json, shutil, subprocess, sys, time
sys.modules["pyperclip"] = None  # as on a Linux desktop without xclip or xsel: the window's own clipboard
import pygame
from ui import clipboard
from ui.app import App
from ui.autosave import data_dir
from ui.match import HOTSEAT, MatchSetup
from ui.scenes.game import GameScene

app = App(size=(1000, 700), fps=0, demo="menu")
app.switch(GameScene(app, MatchSetup("reversi", {}, HOTSEAT, (None, None), 0.1), ["d3", "c5"]))
pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_m, mod=0, unicode=""))
app.run_frames(3)
result = {"driver": pygame.display.get_driver(), "copied": clipboard.get_text(),
          "fallback_file": (data_dir() / "moves.txt").exists()}
if shutil.which("xclip"):
    reader = subprocess.Popen(["xclip", "-o", "-selection", "clipboard"], stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while reader.poll() is None and time.monotonic() < deadline:
        app.run_frames(1)  # the window answers the other program's request from its event loop
        time.sleep(0.01)
    if reader.poll() is None:
        reader.kill()
    result["other_program_read"] = reader.communicate()[0].decode()
    # xclip owns the clipboard in the foreground (-quiet) until it is stopped below; in the
    # background, as it goes by default, it kept this script's output pipes open and the test
    # waited for them until its timeout
    owner = subprocess.Popen(["xclip", "-i", "-selection", "clipboard", "-quiet"], stdin=subprocess.PIPE,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    owner.stdin.write(b"python3 my_bot.py")
    owner.stdin.close()
    deadline = time.monotonic() + 30
    while clipboard.get_text() != "python3 my_bot.py" and time.monotonic() < deadline:
        time.sleep(0.05)  # until xclip has taken the clipboard
    result["pasted"] = clipboard.get_text()
    import pygame_menu  # a text field as the game setup's outside-player command, pasted into with Ctrl+V
    field = pygame_menu.Menu("", 600, 400).add.text_input("", default="")
    pygame.key.set_mods(pygame.KMOD_LCTRL)
    field.update([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_v, mod=pygame.KMOD_LCTRL, unicode="",
                                     test=True)])  # pygame-menu ignores a posted key unless marked so
    result["field"] = field.get_value()
    owner.terminate()
    owner.wait(10)
print(json.dumps(result))
"""


def test_the_move_list_reaches_the_real_clipboard(xvfb, tmp_path):
    """Under a real X server "copy moves" (the M key in a game) puts the move list on the system
    clipboard, not in the fallback file; with xclip installed (CI installs it) another program
    reads it, and text another program copied is read back (the tournament's Ctrl+V) and pasted
    into a pygame-menu text field (the game setup's)."""
    result = run_in_window(xvfb, CLIPBOARD_SCRIPT, tmp_path / "config")
    assert result["driver"] == "x11"
    assert "1. d3 c5" in result["copied"] and not result["fallback_file"]
    if "other_program_read" in result:
        assert result["other_program_read"] == result["copied"]
        assert result["pasted"] == result["field"] == "python3 my_bot.py"


WINDOW_PLACE = """
import re, shutil, subprocess, time, pygame

def window_info():
    \"\"\"xwininfo's description of the window (x11-utils, which CI installs), or None.\"\"\"
    if not shutil.which("xwininfo"):
        return None
    return subprocess.run(["xwininfo", "-id", hex(pygame.display.get_wm_info()["window"])],
                          capture_output=True, text=True, timeout=20).stdout

def shown():
    \"\"\"Whether the window manager has shown the window (mapped it in its frame).\"\"\"
    info = window_info()
    return info is None or "Map State: IsViewable" in info

def settle(app, until=shown):
    \"\"\"Run the window until ``until()`` holds after a frame (the window manager answers in its own
    time: 10 s at most, after which the test's own checks say what is wrong), then a few tenths of
    a second more for the events that follow its answer.  Without xwininfo, which says when the
    window is shown, a second, as every settle took when it did not wait for the answer.\"\"\"
    answers = shutil.which("xwininfo") is not None
    end = time.monotonic() + (10.0 if answers else 1.0)
    while True:
        app.run_frames(1)
        time.sleep(0.02)
        if time.monotonic() >= end or (answers and until()):
            break
    end = time.monotonic() + 0.3
    while time.monotonic() < end:
        app.run_frames(1)
        time.sleep(0.02)

def place():
    \"\"\"Where the window is on the screen, or None without xwininfo.\"\"\"
    info = window_info()
    if info is None:
        return None
    return [int(re.search(rf"Absolute upper-left {axis}:\\s+(-?\\d+)", info).group(1)) for axis in "XY"]
"""

FULLSCREEN_SCRIPT = WINDOW_PLACE + """
import json, shutil, subprocess, pygame
from ui import settings
from ui.app import App

app = App(fps=0, demo="menu")  # the size the settings remember: 1000x700
app.run_frames(3)
sizes, places = [app.screen.get_size()], [place()]
for _ in range(2):  # pressed and let go: a press with no release between is a held key's repeat
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode=""))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_F11, mod=0, unicode=""))
    app.run_frames(5)
    sizes.append(app.screen.get_size())
    places.append(place())
hints = ""
if shutil.which("xprop"):  # what the window manager is told: the smallest size of the window
    window = hex(pygame.display.get_wm_info()["window"])
    hints = subprocess.run(["xprop", "-id", window, "WM_NORMAL_HINTS", "WM_CLASS"], capture_output=True,
                           text=True).stdout
app.quit()
print(json.dumps({"sizes": sizes, "places": places, "saved": settings.load()[0].window_size, "hints": hints}))
"""


def test_f11_fills_the_real_screen_and_gives_the_window_back(xvfb, tmp_path):
    """Full screen and back under a real X server; the window given back still tells the window
    manager its minimum size (ui/app.py MIN_SIZE), so it cannot be dragged smaller."""
    config = tmp_path / "config"
    config.mkdir()
    (config / "settings.json").write_text(json.dumps({"window_size": [1000, 700]}))
    result = run_in_window(xvfb, FULLSCREEN_SCRIPT, config)
    assert result["sizes"] == [[1000, 700], [1280, 800], [1000, 700]]  # Xvfb's screen is 1280x800
    assert result["saved"] == [1000, 700]  # the window's size is remembered, not the screen's
    if result["places"][0] is not None:  # centred on Xvfb's screen, and again when given back
        assert result["places"][0] == result["places"][2] == [140, 50]
        # full screen covers the screen from its corner: with no window manager (this Xvfb has
        # none) it stayed at the window's place, its bottom 50 rows and right 140 columns off the screen
        assert result["places"][1] == [0, 0]
    if result["hints"]:  # xprop (x11-utils, which CI installs) was there
        assert "minimum size: 800 by 560" in result["hints"], result["hints"]
        # started as ``python -c``, the window still has the desktop entry's class
        assert 'WM_CLASS(STRING) = "tabuleiro", "tabuleiro"' in result["hints"], result["hints"]


FIT_SCRIPT = WINDOW_PLACE + """
import json
from ui.app import App

app = App(fps=0, demo="menu")  # the settings remember a window larger than the screen
app.run_frames(3)
print(json.dumps({"size": app.screen.get_size(), "place": place()}))
app.quit()
"""


def test_a_window_remembered_from_a_bigger_screen_opens_whole_on_this_one(xvfb, tmp_path):
    """A remembered size larger than the desktop (a bigger monitor, or the default 1280x800 on a
    1366x768 laptop) is shrunk to fit with room for the window's frame, and the window is centred,
    so that none of it is off the screen."""
    config = tmp_path / "config"
    config.mkdir()
    (config / "settings.json").write_text(json.dumps({"window_size": [1600, 1000]}))
    result = run_in_window(xvfb, FIT_SCRIPT, config)
    assert result["size"] == [1280 - 16, 800 - 64]  # ui.desktop.FRAME: room for the frame
    if result["place"] is not None:
        assert result["place"] == [8, 32]  # centred on Xvfb's 1280x800 screen


ROUND_TRIP_SCRIPT = WINDOW_PLACE + """
import json
from ui.app import App

app = App(fps=0, demo="menu")
settle(app)
places = [place()]
for _ in range(2):
    for _ in range(2):  # pressed and let go: a press with no release between is a held key's repeat
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode=""))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_F11, mod=0, unicode=""))
        # full screen from the screen's corner, or the window given back where it was
        settle(app, lambda: shown() and place() == ([0, 0] if app.fullscreen else places[0]))
    places.append(place())
print(json.dumps({"places": places}))
app.quit()
"""


@pytest.mark.skipif(not shutil.which("xwininfo"), reason="xwininfo is needed (apt install x11-utils)")
def test_full_screen_and_back_leaves_the_window_where_it_was_under_a_window_manager(window_manager, tmp_path):
    """pygame gives back a new window after full screen, which a window manager puts where the
    old one's frame was: each round trip moved the window down by its title bar until it left the
    screen.  It comes back where it was."""
    result = run_in_window(window_manager, ROUND_TRIP_SCRIPT, tmp_path / "config")
    first = result["places"][0]
    assert result["places"] == [first, first, first]


MAXIMIZED_SCRIPT = WINDOW_PLACE + """
import json, sys
from ui import sdl, settings
from ui.app import App

def maximised(app):
    \"\"\"Whether the window is maximised, its new size (the screen's width) taken by the app.\"\"\"
    return sdl.window_maximized() and app.screen.get_size()[0] == pygame.display.get_desktop_sizes()[0][0]

app = App(fps=0, demo="menu")
opens_maximised = sys.argv[1] != "maximize"  # as the tests expect: closed maximised the time before
settle(app, lambda: shown() and maximised(app) == opens_maximised)
if sys.argv[1] == "maximize":
    sdl.maximize_window()
    settle(app, lambda: maximised(app))
state = {"maximized": sdl.window_maximized(), "size": app.screen.get_size()}
if sys.argv[1] == "restore":
    sdl.display_window().restore()
    settle(app, lambda: not sdl.window_maximized()
           and app.screen.get_size()[0] < pygame.display.get_desktop_sizes()[0][0])
    state["restored"] = app.screen.get_size()
app.quit()
state["saved"] = settings.load()[0].maximized
state["saved_size"] = settings.load()[0].window_size
print(json.dumps(state))
"""


def test_a_window_closed_maximised_opens_maximised(window_manager, tmp_path):
    config = tmp_path / "config"
    config.mkdir()
    (config / "settings.json").write_text(json.dumps({"window_size": [1000, 700]}))
    first = run_in_window(window_manager, MAXIMIZED_SCRIPT, config, "maximize")  # maximised, then closed
    again = run_in_window(window_manager, MAXIMIZED_SCRIPT, config, "as it opens")  # the next start
    assert first["maximized"] and first["saved"]
    assert again["maximized"] and again["saved"]
    assert again["size"][0] == 1280  # the whole width of Xvfb's screen
    assert first["saved_size"] == again["saved_size"] == [1000, 700]  # the size to come back to


def test_a_window_opened_maximised_comes_back_to_its_own_size(window_manager, tmp_path):
    """The size a window is restored to is the one it had before it was maximised, not the
    screen's: un-maximising a window that opened maximised gave a window as big as the screen."""
    config = tmp_path / "config"
    config.mkdir()
    (config / "settings.json").write_text(json.dumps({"window_size": [1000, 700]}))
    run_in_window(window_manager, MAXIMIZED_SCRIPT, config, "maximize")  # maximised, then closed
    result = run_in_window(window_manager, MAXIMIZED_SCRIPT, config, "restore")  # opens so; restored
    assert result["maximized"] and result["size"][0] == 1280
    assert result["restored"] == [1000, 700] and result["saved_size"] == [1000, 700] and not result["saved"]


def test_a_window_maximised_on_a_small_screen_remembers_a_size_the_screen_shows(small_screen_manager, tmp_path):
    """On a 1024x768 screen the default 1280x800 opened fitted (1008x704), but 1280x800 stayed the
    size remembered, maximised or not.  Now the size remembered is the window's own as it opened,
    maximised and after, and the window closed maximised opens maximised."""
    config = tmp_path / "config"
    first = run_in_window(small_screen_manager, MAXIMIZED_SCRIPT, config, "maximize")  # maximised, then closed
    again = run_in_window(small_screen_manager, MAXIMIZED_SCRIPT, config, "as it opens")
    fitted = [1024 - 16, 768 - 64]  # ui.desktop.FRAME: room for the frame
    assert first["maximized"] and first["saved"] and first["saved_size"] == fitted
    assert again["maximized"] and again["saved"] and again["saved_size"] == fitted


SECOND_WINDOW_SCRIPT = WINDOW_PLACE + """
import json
from ui.app import App

app = App(fps=0, demo="menu")  # the size the settings remember: the default 1280x800
settle(app)
print(json.dumps({"place": place(), "size": app.screen.get_size()}))
app.quit()
"""


@pytest.mark.skipif(not shutil.which("xwininfo"), reason="xwininfo is needed (apt install x11-utils)")
def test_a_second_window_on_a_screen_the_first_fills_opens_down_and_right_of_it(window_manager, tmp_path,
                                                                                monkeypatch):
    """A second default (1280x800) Tabuleiro on a 1280x800 screen opened exactly over the first,
    which the screen's size left no room to move: the user saw one window.  It opens one cascade
    step right and down, shortened to stay whole on the screen.  The first window is stood for by
    its place's lock, held here (``ui.desktop.claim_window_slot``)."""
    from ai.file_lock import try_take
    from ui.desktop import CASCADE

    monkeypatch.setenv("TABULEIRO_DATA_DIR", str(tmp_path / "data"))
    alone = run_in_window(window_manager, SECOND_WINDOW_SCRIPT, tmp_path / "config")
    first = try_take(tmp_path / "data" / ".window-0.lock")
    try:
        second = run_in_window(window_manager, SECOND_WINDOW_SCRIPT, tmp_path / "config")
    finally:
        first.release()
    assert [second["place"][0] - alone["place"][0], second["place"][1] - alone["place"][1]] == [CASCADE, CASCADE]
    assert second["place"][0] + second["size"][0] <= 1280 and second["place"][1] + second["size"][1] <= 800


SLEEP_SCRIPT = """
import json, threading, time
import pygame
from ui import app as app_module
from ui.app import App

app = App(size=(1000, 700), fps=60, demo="menu")
app.run_frames(3)
pygame.event.clear()
looks = 0
get = pygame.event.get

def counted(*args, **kwargs):
    global looks
    looks += 1
    return get(*args, **kwargs)

pygame.event.get = counted
idle = app_module.wait_for_events(1.0)
idle_looks, looks = looks, 0
threading.Timer(0.3, lambda: pygame.event.post(pygame.event.Event(pygame.USEREVENT, tag="from a thread"))).start()
woken = app_module.wait_for_events(30.0)
pygame.event.get = get
app.quit()
print(json.dumps({"idle": [e.type for e in idle], "idle_looks": idle_looks, "woken_looks": looks,
                  "woken": [getattr(e, "tag", None) for e in woken]}))
"""


def test_the_idle_window_sleeps_until_input_arrives(xvfb, tmp_path):
    """On a real display the idle window sleeps in SDL's wait, not in a loop that looked for input
    every 10 ms (100 wake-ups a second, about 1% of a core, half of all an idle window spent): a
    second with nothing to do looks once or twice, and an event posted from another thread (as
    SDL's own key repeat and signal handlers post them) still wakes it."""
    result = run_in_window(xvfb, SLEEP_SCRIPT, tmp_path / "config")
    assert result["idle"] == [] and result["idle_looks"] <= 5
    assert result["woken"] == ["from a thread"] and result["woken_looks"] <= 5
