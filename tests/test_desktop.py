"""The desktop app's parts: entry point, packaging of the assets, launcher, icon, bundle lookup.

Building and starting the real app (pip install into a fresh venv, PyInstaller) takes minutes, so
.ci/build-app does that; these tests check the pieces it relies on.
"""

from __future__ import annotations

import configparser
import os
import shutil
import struct
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from ui import paths

ROOT = Path(__file__).resolve().parent.parent


def test_pyproject_declares_the_tabuleiro_command():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["scripts"]["tabuleiro"] == "main:main"
    import main

    assert callable(main.main)
    assert main.main(["match", "tictactoe", "nobody", "level-1"]) == 2  # it runs and answers


def test_setup_packages_every_code_folder_and_the_assets():
    from setuptools._distutils.core import run_setup

    dist = run_setup(str(ROOT / "setup.py"), stop_after="init")
    packages = set(dist.packages)
    for top in ("games", "ai", "ui"):
        for folder in [ROOT / top, *(p for p in (ROOT / top).rglob("*") if p.is_dir())]:
            if "__pycache__" not in folder.parts and any(folder.glob("*.py")):
                assert ".".join(folder.relative_to(ROOT).parts) in packages, folder
    assert dist.package_dir["tabuleiro_assets"] == "assets"
    globs = dist.package_data["tabuleiro_assets"]
    for path in (ROOT / "assets").rglob("*"):
        if path.is_file():
            rel = path.relative_to(ROOT / "assets")
            assert any(rel.match(g) for g in globs), f"assets/{rel} would not be installed"
    assert dist.py_modules == ["main"]


def test_the_rules_data_is_installed_and_bundled():
    """games/data (Othello's opening names) goes with the code: ``pip install`` and the
    PyInstaller folder both carry it where games/reversi_openings.py reads it."""
    from setuptools._distutils.core import run_setup

    dist = run_setup(str(ROOT / "setup.py"), stop_after="init")
    assert "games.data" in dist.packages
    for path in (ROOT / "games" / "data").iterdir():
        assert any(path.match(g) for g in dist.package_data["games.data"]), f"games/data/{path.name} would not be installed"
    spec = (ROOT / "packaging" / "tabuleiro.spec").read_text(encoding="utf-8")
    assert '(str(ROOT / "games" / "data"), "games/data")' in spec


def test_assets_are_found_in_the_checkout():
    paths.assets_dir.cache_clear()
    assert paths.asset_path("icon.png").is_file()
    assert paths.asset_path("sounds", "place.wav").is_file()


def test_assets_are_found_in_a_pyinstaller_bundle(tmp_path, monkeypatch):
    (tmp_path / "assets" / "sounds").mkdir(parents=True)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    paths.assets_dir.cache_clear()
    try:
        assert paths.assets_dir() == tmp_path / "assets"
    finally:
        monkeypatch.delattr(sys, "_MEIPASS")
        paths.assets_dir.cache_clear()


def test_the_launcher_is_a_valid_desktop_entry():
    path = ROOT / "packaging" / "tabuleiro.desktop"
    parser = configparser.ConfigParser(interpolation=None, strict=True)
    parser.optionxform = str  # keys are case-sensitive
    parser.read(path, encoding="utf-8")
    entry = parser["Desktop Entry"]
    # %f: a file opened with Tabuleiro from the file manager opens in its window (main.py FILE)
    assert entry["Type"] == "Application" and entry["Exec"] == "tabuleiro %f"
    assert entry["Icon"] == "tabuleiro" and entry["Terminal"] == "false"
    assert entry["Categories"].endswith(";") and "Game" in entry["Categories"].split(";")
    if shutil.which("desktop-file-validate"):
        proc = subprocess.run(["desktop-file-validate", str(path)], capture_output=True, text=True)
        assert proc.returncode == 0, proc.stdout + proc.stderr


def test_the_icon_is_a_square_png_made_by_the_script(tmp_path, monkeypatch):
    data = (ROOT / "assets" / "icon.png").read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    assert width == height == 256

    import importlib.util

    import pygame

    spec = importlib.util.spec_from_file_location("make_icon", ROOT / "tools" / "make_icon.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    monkeypatch.setattr(module, "OUT", tmp_path / "icon.png")
    module.main([])
    a = pygame.image.load(str(ROOT / "assets" / "icon.png"))
    b = pygame.image.load(str(tmp_path / "icon.png"))
    assert pygame.image.tobytes(a, "RGBA") == pygame.image.tobytes(b, "RGBA")


def test_the_bundle_spec_and_the_build_script_agree():
    spec = (ROOT / "packaging" / "tabuleiro.spec").read_text(encoding="utf-8")
    assert '"assets"' in spec and "main.py" in spec and "collect_submodules" in spec
    script = (ROOT / ".ci" / "build-app").read_text(encoding="utf-8")
    assert "packaging/tabuleiro.spec" in script and "TABULEIRO_QUIT_AFTER_FRAMES" in script
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "pyinstaller" in readme and "packaging/tabuleiro.spec" in readme


def test_the_bundle_ships_its_compiled_kernels_where_the_app_seeds_its_cache_from():
    from ai.kernel_cache import SHIPPED

    spec = (ROOT / "packaging" / "tabuleiro.spec").read_text(encoding="utf-8")
    assert f'(str(KERNEL_CACHE), "{SHIPPED.relative_to(ROOT).as_posix()}")' in spec
    assert "compile_portable(KERNEL_CACHE" in spec  # compiled into the folder that is shipped
    tool = (ROOT / "tools" / "compile_kernels.py").read_text(encoding="utf-8")
    assert "NUMBA_CACHE_DIR=str(folder)" in tool
    assert "**portable_environment()" in tool  # for the portable CPU model, which any computer loads


@pytest.mark.skipif(sys.platform == "win32", reason="the frozen-app guard matters where spawn re-runs main")
def test_main_calls_freeze_support():
    assert "freeze_support()" in (ROOT / "main.py").read_text(encoding="utf-8")


def test_desktop_helpers(monkeypatch):
    import pygame

    from ui import desktop, i18n
    from ui.sound import SOUNDS

    pygame.display.init()
    desktop.set_window_icon()  # no error with the real icon

    class Prefs:
        language, sound, volume = "pt", False, 0.25

    enabled, volume = SOUNDS.enabled, SOUNDS.volume
    try:
        desktop.apply_settings(Prefs())
        assert i18n.language() == "pt" and SOUNDS.enabled is False and SOUNDS.volume == 0.25
    finally:
        i18n.set_language("en")
        SOUNDS.configure(enabled, volume)


@pytest.mark.parametrize("size, area, expected", [
    # the default window on a 1366x768 laptop with a 40 px task bar at the bottom: shrunk, centred
    ((1280, 800), (0, 0, 1366, 728), ((1280, 664), (43, 32))),
    # a window remembered from a 4K monitor, on a 1920x1080 one with a 27 px top panel
    ((3000, 2000), (0, 27, 1920, 1053), ((1904, 989), (8, 59))),
    # small enough: kept, centred on the second monitor to the right
    ((1000, 700), (1920, 0, 1920, 1080), ((1000, 700), (2380, 190))),
    # a desktop smaller than the smallest window: the smallest window, at the area's corner
    ((1280, 800), (0, 0, 800, 600), ((800, 560), (0, 20))),
])
def test_the_first_window_fits_the_desktop_and_is_centred(size, area, expected):
    from ui.desktop import fit_window

    assert fit_window(size, area, (800, 560)) == expected


@pytest.mark.parametrize("slot, area, expected", [
    # a second window on a 1920x1080 desktop: 32 px right and down of the first, not over it
    (1, (0, 0, 1920, 1080), ((1280, 800), (352, 172))),
    # the fourth: 96 px down too, 20 px shorter so that it and its frame still end above the bottom edge
    (3, (0, 0, 1920, 1080), ((1280, 780), (416, 236))),
    # a desktop hardly larger than the window: each window 32 px on, shortened to end on the desktop
    (5, (0, 0, 1366, 900), ((1147, 626), (203, 210))),
    (2, (0, 0, 1366, 728), ((1243, 568), (107, 96))),
    # a second default window on a 1280x800 screen, which the first fills: it opened exactly over it
    (1, (0, 0, 1280, 800), ((1224, 672), (40, 64))),
    # ... and on a 1366x768 laptop: 27 px right and not down, its title bar hidden by the first one's
    (1, (0, 0, 1366, 768), ((1275, 640), (75, 64))),
    # never below the smallest window: where that fills the desktop's height, it moves right alone
    (2, (0, 0, 1024, 600), ((936, 560), (72, 20))),
])
def test_another_tabuleiro_window_opens_down_and_right_of_the_first(slot, area, expected):
    from ui.desktop import fit_window

    assert fit_window((1280, 800), area, (800, 560), slot) == expected


@pytest.mark.parametrize("area", [(0, 0, 1280, 800), (0, 0, 1366, 768), (0, 24, 1280, 776), (0, 0, 1920, 1080)])
def test_every_window_opens_apart_from_the_one_before_and_whole_on_the_desktop(area):
    """Whatever the desktop, the second window opens ``CASCADE`` right and down of the first (its
    title bar in sight), each later one right of the one before; each ends on the desktop with its
    frame (as the first, centred, does: half its frame either side) and is never below the smallest window."""
    from ui.desktop import CASCADE, FRAME, WINDOW_SLOTS, fit_window

    places = [fit_window((1280, 800), area, (800, 560), slot) for slot in range(WINDOW_SLOTS)]
    (_first, (x0, y0)), (_second, (x1, y1)) = places[:2]
    assert (x1 - x0, y1 - y0) == (CASCADE, CASCADE), places
    assert all(later[1][0] - earlier[1][0] == CASCADE for earlier, later in zip(places, places[1:])), places
    for (w, h), (x, y) in places:
        assert w >= 800 and h >= 560, places
        assert x + w <= area[0] + area[2] - FRAME[0] // 2 and y + h <= area[1] + area[3] - FRAME[1] // 2, places


def test_each_open_window_holds_its_own_place_and_a_closed_one_frees_it(tmp_path, monkeypatch):
    from ai.file_lock import try_take
    from ui import desktop

    monkeypatch.setattr(desktop, "_claimed", None)
    first = try_take(tmp_path / ".window-0.lock")  # another Tabuleiro is open
    try:
        assert desktop.claim_window_slot(tmp_path) == 1
        assert desktop.claim_window_slot(tmp_path) == 1  # asked again: the same place
        assert try_take(tmp_path / ".window-1.lock") is None  # held while this window is open
    finally:
        first.release()
        desktop._claimed[0].release()
    monkeypatch.setattr(desktop, "_claimed", None)
    assert desktop.claim_window_slot(tmp_path) == 0
    desktop._claimed[0].release()
    monkeypatch.setattr(desktop, "_claimed", None)
    (tmp_path / "a file").write_text("", encoding="utf-8")
    assert desktop.claim_window_slot(tmp_path / "a file" / "data") == 0  # no lock files there: centred


# -- packaging/install-desktop-entry.sh: the applications menu entry -----------------------------
INSTALLER = ROOT / "packaging" / "install-desktop-entry.sh"
needs_sh = pytest.mark.skipif(shutil.which("sh") is None, reason="the installer is a POSIX shell script")


def install_entry(home: Path, *args: str, path: str = "/usr/bin:/bin") -> subprocess.CompletedProcess:
    """Run the installer as a user with the home folder ``home`` and the desktop's ``path``."""
    env = {"HOME": str(home), "PATH": path}
    return subprocess.run(["sh", str(INSTALLER), *args], env=env, cwd=home, capture_output=True, text=True,
                          timeout=60)


def exec_argv(entry: Path) -> list[str]:
    """The command line a menu runs for the entry's Exec, read as the Desktop Entry spec says: the
    key file's escapes first (a backslash doubled), then the arguments split at spaces outside
    double quotes, where a backslash escapes " ` $ and itself; ``%%`` is a literal ``%``."""
    line = next(line for line in entry.read_text(encoding="utf-8").splitlines() if line.startswith("Exec="))
    value = line.removeprefix("Exec=").replace("\\\\", "\x00").replace("\\s", " ").replace("\x00", "\\")
    args: list[str] = []
    word: list[str] | None = None
    quoted, at = False, 0
    while at < len(value):
        c = value[at]
        if quoted and c == "\\" and value[at + 1:at + 2] in ('"', "`", "$", "\\"):
            word.append(value[at + 1])
            at += 1
        elif c == '"':
            quoted = not quoted
            word = word if word is not None else []
        elif c == " " and not quoted:
            if word is not None:
                args.append("".join(word))
            word = None
        else:
            word = (word if word is not None else []) + [c]
        at += 1
    if word is not None:
        args.append("".join(word))
    return [arg.replace("%%", "%") for arg in args]


def fake_app(folder: Path) -> Path:
    folder.mkdir(parents=True)
    app = folder / "tabuleiro"
    app.write_text("#!/bin/sh\n", encoding="utf-8")
    app.chmod(0o755)
    return app


@needs_sh
@pytest.mark.parametrize("folder", ["Tabuleiro dir with spaces", 'odd "quoted" $HOME `x` 100% \\ folder'])
def test_the_menu_entry_starts_a_bundle_in_a_folder_with_spaces(tmp_path, folder):
    """Exec was written unquoted: a bundle in "Tabuleiro dir with spaces/" was started as
    ``/…/Tabuleiro`` with the rest as arguments, and the menus (GLib's) hid the entry."""
    home = tmp_path / "home"
    home.mkdir()
    app = fake_app(tmp_path / folder / "tabuleiro")
    done = install_entry(home, str(app))
    assert done.returncode == 0, done.stderr
    entry = home / ".local" / "share" / "applications" / "tabuleiro.desktop"
    assert exec_argv(entry) == [str(app), "%f"]  # the file opened with it, as the packaged entry passes it
    assert (home / ".local" / "share" / "icons" / "hicolor" / "256x256" / "apps" / "tabuleiro.png").read_bytes() \
        == (ROOT / "assets" / "icon.png").read_bytes()
    if shutil.which("desktop-file-validate"):
        proc = subprocess.run(["desktop-file-validate", str(entry)], capture_output=True, text=True)
        assert proc.returncode == 0, proc.stdout + proc.stderr


@needs_sh
def test_the_menu_entry_names_the_app_by_its_absolute_path(tmp_path):
    """A relative path, or the bare ``tabuleiro`` of a venv's ``pip install .``, was written as
    given: a menu starts the app from the home folder with the desktop's PATH, where neither is."""
    home = tmp_path / "home"
    home.mkdir()
    app = fake_app(home / "apps" / "tabuleiro")
    entry = home / ".local" / "share" / "applications" / "tabuleiro.desktop"
    assert install_entry(home, "apps/tabuleiro/tabuleiro").returncode == 0
    assert exec_argv(entry) == [str(app), "%f"]
    venv_bin = fake_app(tmp_path / "venv" / "bin").parent
    assert install_entry(home, path=f"{venv_bin}:/usr/bin:/bin").returncode == 0
    assert exec_argv(entry) == [str(venv_bin / "tabuleiro"), "%f"]


@needs_sh
def test_without_the_app_the_menu_entry_is_refused_and_it_can_be_removed(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    applications = home / ".local" / "share" / "applications"
    done = install_entry(home)  # no tabuleiro on the PATH
    assert done.returncode == 1 and "no 'tabuleiro' command on the PATH" in done.stderr
    assert not (applications / "tabuleiro.desktop").exists()
    assert install_entry(home, str(tmp_path / "missing" / "tabuleiro")).returncode == 1
    assert install_entry(home, str(fake_app(tmp_path / "app"))).returncode == 0
    done = install_entry(home, "--remove")
    assert done.returncode == 0, done.stderr
    assert not (applications / "tabuleiro.desktop").exists()
    assert not (home / ".local" / "share" / "icons" / "hicolor" / "256x256" / "apps" / "tabuleiro.png").exists()
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "install-desktop-entry.sh --remove" in readme


@pytest.mark.parametrize("argv0, frozen, usage", [
    ("/home/ana/.venv/bin/tabuleiro", False, "usage: tabuleiro "),  # pip install .
    ("/opt/Tabuleiro dir/tabuleiro/tabuleiro", True, "usage: tabuleiro "),  # the app bundle
    ("C:\\Tabuleiro\\tabuleiro.exe", True, "usage: tabuleiro "),
    (str(ROOT / "main.py"), False, "usage: main.py "),  # a checkout
])
def test_help_names_the_command_the_user_typed(monkeypatch, argv0, frozen, usage):
    """The bundle's and the installed command's ``--help`` said "usage: main.py", a file they lack."""
    import main

    monkeypatch.setattr(sys, "argv", [argv0, "--help"])
    if frozen:
        monkeypatch.setattr(sys, "frozen", True, raising=False)
    parser = main.build_parser()
    assert parser.format_usage().startswith(usage)
    match = next(a for a in parser._subparsers._group_actions if a.dest == "command").choices["match"]
    assert match.format_usage().startswith(usage + "match ")


@needs_sh
def test_a_build_folder_carries_the_installer_which_adds_that_build(tmp_path):
    """A user given only the PyInstaller folder had no way to add the menu entry: the installer and
    its entry were in the checkout only.  The spec ships them in _internal/packaging/, beside the
    icon in _internal/assets/, and the installer found there starts that folder's executable."""
    spec = (ROOT / "packaging" / "tabuleiro.spec").read_text(encoding="utf-8")
    assert '(str(ROOT / "packaging" / name), "packaging") for name in ("install-desktop-entry.sh", "tabuleiro.desktop")' \
        in spec
    assert '(str(ROOT / "assets"), "assets"), (str(ROOT / "ai" / "data"), "ai/data")' in spec
    internal = tmp_path / "My Apps" / "tabuleiro" / "_internal"
    for name in ("install-desktop-entry.sh", "tabuleiro.desktop"):
        (internal / "packaging").mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / "packaging" / name, internal / "packaging" / name)
    (internal / "assets").mkdir()
    shutil.copy(ROOT / "assets" / "icon.png", internal / "assets" / "icon.png")
    app = fake_app(tmp_path / "My Apps" / "tabuleiro" / "bin").rename(internal.parent / "tabuleiro")
    home = tmp_path / "home"
    home.mkdir()
    done = subprocess.run(["sh", str(internal / "packaging" / "install-desktop-entry.sh")], capture_output=True,
                          text=True, env={"HOME": str(home), "PATH": "/usr/bin:/bin"}, cwd=home, timeout=60)
    assert done.returncode == 0, done.stderr
    assert exec_argv(home / ".local" / "share" / "applications" / "tabuleiro.desktop") == [str(app), "%f"]


@pytest.mark.parametrize("area, expected", [
    # a 1366x768 laptop under a 40 px task bar: room for the usual smallest window
    ((0, 0, 1366, 728), (800, 560)),
    # a 1024x600 netbook under a 27 px top panel: as tall as the desktop holds with the frame
    ((0, 27, 1024, 573), (800, 509)),
    # a netbook with panels above and below: never under the least every screen lays out in
    ((0, 24, 1024, 540), (800, 500)),
])
def test_the_smallest_window_is_one_the_desktop_holds(monkeypatch, area, expected):
    from ui import desktop

    monkeypatch.setattr(desktop, "desktop_area", lambda: area)
    assert desktop.smallest_on_desktop((800, 560), (800, 500)) == expected


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11 and Wayland displays are Linux's")
@pytest.mark.parametrize("display", [None, ":97"])  # none, and one naming no X server
def test_without_a_desktop_the_window_says_so_and_ends(tmp_path, display):
    """Started from a text console or over ssh, the app (the bundle too) found no display and SDL
    fell back to its offscreen driver: an invisible window ran on, saying nothing, until killed.
    The frame limit ends such a window here, so that the test ends either way."""
    env = {name: value for name, value in os.environ.items()
           if name not in ("SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY")}
    env.update(SDL_AUDIODRIVER="dummy", TABULEIRO_QUIT_AFTER_FRAMES="3", TABULEIRO_DATA_DIR=str(tmp_path / "data"),
               TABULEIRO_CONFIG_DIR=str(tmp_path / "config"), **({"DISPLAY": display} if display else {}))
    proc = subprocess.run([sys.executable, "main.py"], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 1, proc.stderr[-2000:]
    assert "needs a desktop" in proc.stderr and f"DISPLAY={display or 'unset'}" in proc.stderr
    assert not (tmp_path / "data").exists()  # no window's place taken, nothing saved


def test_without_a_desktop_the_message_names_every_command(monkeypatch):
    """The window that finds no desktop points to the commands that run without one: it named
    match, tournament, gtp and bench, not analyse, a command a user at a text console has every
    use for."""
    import argparse

    import pygame

    import main
    from ui import desktop

    monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "offscreen")
    said = desktop.no_desktop_problem()
    commands = next(a for a in main.build_parser()._actions if isinstance(a, argparse._SubParsersAction)).choices
    assert said and all(name in said for name in commands), said


def test_every_window_of_a_process_shows_the_icon_read_once(tmp_path, monkeypatch):
    """The icon's file is read and decoded by the process's first window only: each test's window
    read it again (a millisecond or more of every window test's start); every window still sets it."""
    import pygame

    from tests.ui_helpers import window_for_a_test

    with window_for_a_test(tmp_path / "first", monkeypatch):
        pass  # the process's first window (or an earlier test's) has read it
    load, set_icon = pygame.image.load, pygame.display.set_icon
    read, shown = [], []
    monkeypatch.setattr(pygame.image, "load", lambda path, *rest: read.append(str(path)) or load(path, *rest))
    monkeypatch.setattr(pygame.display, "set_icon", lambda icon: shown.append(icon.get_size()) or set_icon(icon))
    with window_for_a_test(tmp_path / "second", monkeypatch):
        pass
    assert not [path for path in read if path.endswith("icon.png")]
    assert shown == [(256, 256)]
