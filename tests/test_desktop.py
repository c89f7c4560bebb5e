"""The desktop app's parts: entry point, packaging of the assets, launcher, icon, bundle lookup.

Building and starting the real app (pip install into a fresh venv, PyInstaller) takes minutes, so
.ci/build-app does that; these tests check the pieces it relies on.
"""

from __future__ import annotations

import configparser
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
    assert entry["Type"] == "Application" and entry["Exec"] == "tabuleiro"
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
