"""Which Tabuleiro this is: the version in code equals pyproject.toml's, ``main.py --version``
says it with what it runs on (also where packages carry no metadata, as in a frozen build), and the
main menu shows it."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from importlib import metadata
from pathlib import Path

from tests.ui_helpers import recorded_text
from ui import about

ROOT = Path(__file__).resolve().parent.parent


def test_the_version_in_code_is_pyprojects():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["version"] == about.VERSION


def test_main_version_names_tabuleiro_python_and_the_libraries():
    done = subprocess.run([sys.executable, str(ROOT / "main.py"), "--version"], capture_output=True, text=True,
                          timeout=60, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    line = done.stdout.strip()
    assert "\n" not in line and line.startswith(f"Tabuleiro {about.VERSION} (Python {sys.version.split()[0]}, ")
    for name in about.LIBRARIES:
        assert f"{name} {metadata.version(name)}" in line


def test_without_package_metadata_the_modules_say_their_versions(monkeypatch):
    def missing(name: str) -> str:
        raise metadata.PackageNotFoundError(name)

    monkeypatch.setattr(metadata, "version", missing)
    import numpy
    import pygame
    import pygame_menu

    assert about.library_version("pygame") == pygame.version.ver
    assert about.library_version("pygame-menu") == str(pygame_menu.__version__)
    assert about.library_version("numpy") == numpy.__version__
    assert about.library_version("no-such-package") == "?"


def test_the_main_menu_shows_the_version(app, monkeypatch):

    drawn = recorded_text(monkeypatch)
    app.invalidate()
    app.run_frames(2)
    assert f"Tabuleiro {about.VERSION}" in drawn
